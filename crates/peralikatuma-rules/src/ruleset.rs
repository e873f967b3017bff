//! The family's rulesets as data: board, setup, how pieces move and capture,
//! and how the game ends, as Ludii encodes each game (FAMILY.md).

use std::fmt;
use std::str::FromStr;

use board_topology::Direction;
use board_topology::boards;
use board_topology::graph::Graph;

use crate::{Rule, Side};

/// Whether and how a capture goes on with the same piece.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Chain {
    /// One capture a turn.
    Single,
    /// After each capture the piece may capture again from where it
    /// landed, or stop: every prefix of a chain is a turn of its own.
    Optional,
    /// After a first capture the piece must capture once more if it can,
    /// and then the turn ends, even if a third capture is possible
    /// (Alquerque after Covarrubias).
    Second,
    /// The piece must capture again as long as it can (the rule book's
    /// Alquerque, A4.3, and Permainan, M5).
    Compulsory,
}

/// When the pieces a chain captures leave the board.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Removal {
    /// Each as it is jumped: later jumps of the chain may pass over or land
    /// on its point (Ludii's games).
    AtOnce,
    /// All when the move ends (R2.4): meanwhile a captured piece cannot be
    /// jumped again, landed on, or passed over by a flying king.
    AtEnd,
}

/// How the game ends.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum End {
    /// A player with no legal turn has lost.
    NoMovesLoses,
    /// A player with no pieces has lost. A player with pieces but no legal
    /// turn passes; two such passes in a row draw the game.
    CaptureAll,
    /// A player with no legal turn passes, and then has lost.
    PassThenLoses,
}

/// A ruleset of the family: everything that decides the legal turns and
/// the end of a game. The [`RULESETS`] are the games of FAMILY.md, each as
/// Ludii plays it; [`SEED_RULESETS`] are the rule book's three games in
/// the same terms.
///
/// A capture is a jump over an adjacent enemy piece to the empty point
/// straight beyond it, along a line; a flying king's capture jumps from
/// afar. In Ludii's games every capture goes in any direction, is never
/// compulsory (though with a huff, leaving it out may cost a piece), and
/// removes the captured piece at once.
pub struct Ruleset {
    /// The ruleset's id, as on command lines and in records (`zamma`).
    pub id: &'static str,
    /// The game's name, for people.
    pub name: &'static str,
    /// Where the rules come from: the Ludii game and ruleset they follow.
    pub source: &'static str,
    /// The board.
    pub board: &'static Graph,
    /// The points each side starts on, White's (the first player's) first.
    pub start: [u128; 2],
    /// The direction each side's men step towards: `None` for men that
    /// step along every line both ways, or the side's forward direction,
    /// in which case men step only straight or diagonally forward (and
    /// sideways, with [`sideways`](Ruleset::sideways)).
    pub forward: [Option<Direction>; 2],
    /// Whether men with a forward direction also step sideways (A2, M2).
    pub sideways: bool,
    /// Points where a side's men cannot step at all (Alquerque's last
    /// rank, A3); they may still capture.
    pub stuck: [u128; 2],
    /// Whether a man's first capture of a turn goes only in the directions
    /// it steps in (A4.1); later captures of its chain go any way.
    pub first_capture_as_step: bool,
    /// Whether a player who can capture must (A4, M5).
    pub compulsory: bool,
    /// The chains of captures.
    pub chain: Chain,
    /// When the captured pieces leave the board.
    pub removal: Removal,
    /// Whether a man may not step straight back to the point it left by a
    /// sideways step, until it moves again (A5): a restriction the
    /// position keeps.
    pub no_return: bool,
    /// Points where each side's men become flying kings when a move ends
    /// there (empty: no kings). A king slides any distance along a line and
    /// captures one piece from any distance, landing on any empty point
    /// beyond it before the next piece.
    pub promotion: [u128; 2],
    /// Whether a player whose opponent stepped when it could have captured
    /// may first remove ("huff") one of the pieces that could have captured,
    /// or the piece that stepped away from such a point, then move (F4;
    /// Peralikatuma's claim, P6).
    pub huff: bool,
    /// Whether a huff after which the player cannot move is a turn of its
    /// own (Ludii's huff, F4), or no turn at all (P7, E1).
    pub huff_alone: bool,
    /// Points where a piece may also move exactly two points along a line,
    /// over an empty point, when both points lie in this set (Terhuchu's
    /// triangles); empty in the other games.
    pub leap_zone: u128,
    /// How the game ends.
    pub end: End,
}

/// The set of the points named in `names` (separated by spaces) on
/// `board`, checked at compile time.
const fn points(board: &Graph, names: &str) -> u128 {
    let bytes = names.as_bytes();
    let (files, _) = board.grid();
    let mut set = 0u128;
    let mut at = 0;
    while at < bytes.len() {
        if bytes[at] == b' ' {
            at += 1;
            continue;
        }
        let file = bytes[at] - b'a';
        assert!(file < files, "a start point is off the board");
        at += 1;
        let mut rank = 0u8;
        while at < bytes.len() && bytes[at] != b' ' {
            rank = rank * 10 + (bytes[at] - b'0');
            at += 1;
        }
        let mut p = 0;
        let mut found = false;
        while p < board.len() {
            let (f, r) = board.coords(p as u8);
            if f == file && r + 1 == rank {
                set |= 1 << p;
                found = true;
            }
            p += 1;
        }
        assert!(found, "a named point is not on the board");
    }
    set
}

/// All points of `board` whose rank is `rank` (1-based).
const fn rank(board: &Graph, rank: u8) -> u128 {
    let mut set = 0u128;
    let mut p = 0;
    while p < board.len() {
        if board.coords(p as u8).1 + 1 == rank {
            set |= 1 << p;
        }
        p += 1;
    }
    set
}

/// A ruleset with men only, stepping and capturing along every line, no
/// huff and no leaps: the shape of most of the family.
const fn plain(
    id: &'static str,
    name: &'static str,
    source: &'static str,
    board: &'static Graph,
    start: [&str; 2],
    chain: Chain,
    end: End,
) -> Ruleset {
    let start = [points(board, start[0]), points(board, start[1])];
    assert!(start[0] & start[1] == 0, "two pieces start on one point");
    Ruleset {
        id,
        name,
        source,
        board,
        start,
        forward: [None, None],
        sideways: false,
        stuck: [0, 0],
        first_capture_as_step: false,
        compulsory: false,
        chain,
        removal: Removal::AtOnce,
        no_return: false,
        promotion: [0, 0],
        huff: false,
        huff_alone: true,
        leap_zone: 0,
        end,
    }
}

/// White's and Black's start on the 37-point board in the sixteen-piece
/// games: the south arm and ranks 3-4 against ranks 6-7 and the north arm.
const SIXTEEN: [&str; 2] = [
    "a1 c1 e1 b2 c2 d2 a3 b3 c3 d3 e3 a4 b4 c4 d4 e4",
    "a6 b6 c6 d6 e6 a7 b7 c7 d7 e7 b8 c8 d8 a9 c9 e9",
];

/// Alquerque's start (also Covarrubias' and Murray's).
const ALQUERQUE: [&str; 2] = [
    "a1 b1 c1 d1 e1 a2 b2 c2 d2 e2 d3 e3",
    "a3 b3 a4 b4 c4 d4 e4 a5 b5 c5 d5 e5",
];

/// Lau Kata Kati's start: each side's triangle.
const LAU_KATA_KATI: [&str; 2] = ["a1 d1 g1 b2 d2 f2 c3 d3 e3", "c5 d5 e5 b6 d6 f6 a7 d7 g7"];

/// The rulesets of FAMILY.md that the family's own move generator plays,
/// in FAMILY.md's order. (FAMILY.md's `permainan` is this crate's
/// [`Ruleset::PERMAINAN`].)
pub static RULESETS: [Ruleset; 18] = FAMILY;

/// [`RULESETS`] as a constant, whose rules code compiled for one ruleset
/// reads at compile time (`specialised`).
pub(super) const FAMILY: [Ruleset; 18] = [
    plain(
        "peralikatuma-ludii",
        "Peralikatuma (Ludii)",
        "Ludii: Peralikatuma",
        &boards::FULL,
        [
            "c1 e1 g1 d2 e2 f2 e3 f3 g3 i3 f4 g4 h4 f5 g5 h5 i5 f6 g6 h6 f7 g7 i7",
            "a3 c3 d3 b4 c4 d4 a5 b5 c5 d5 b6 c6 d6 a7 c7 d7 e7 d8 e8 f8 c9 e9 g9",
        ],
        Chain::Optional,
        End::NoMovesLoses,
    ),
    plain(
        "alquerque-alfonso",
        "Alquerque (Alfonso X)",
        "Ludii: Alquerque, ruleset Alfonso X (Described)",
        &boards::SQUARE,
        ALQUERQUE,
        Chain::Single,
        End::NoMovesLoses,
    ),
    plain(
        "alquerque-murray",
        "Alquerque (Murray)",
        "Ludii: Alquerque, ruleset Murray (Suggested)",
        &boards::SQUARE,
        ALQUERQUE,
        Chain::Optional,
        End::NoMovesLoses,
    ),
    Ruleset {
        huff: true,
        ..plain(
            "alquerque-covarrubias",
            "Alquerque (Covarrubias)",
            "Ludii: Alquerque, ruleset Covarrubias (Described)",
            &boards::SQUARE,
            ALQUERQUE,
            Chain::Second,
            End::NoMovesLoses,
        )
    },
    plain(
        "kotu-ellima",
        "Kotu Ellima",
        "Ludii: Kotu Ellima",
        &boards::FULL,
        [
            "c1 e1 g1 d2 e2 f2 e3 f3 g3 i3 e4 f4 g4 h4 f5 g5 h5 i5 f6 g6 h6 f7 g7 i7",
            "a3 c3 d3 b4 c4 d4 a5 b5 c5 d5 b6 c6 d6 e6 a7 c7 d7 e7 d8 e8 f8 c9 e9 g9",
        ],
        Chain::Single,
        End::NoMovesLoses,
    ),
    plain(
        "sixteen-soldiers",
        "Sixteen Soldiers (Hewakam Keliya, Dam Hariman, Mogul Putt'han)",
        "Ludii: Hewakam Keliya; Dam Hariman; Mogul Putt'han, ruleset Sixteen Pieces (Observed)",
        &boards::TWO_ARMS,
        SIXTEEN,
        Chain::Optional,
        End::NoMovesLoses,
    ),
    plain(
        "mogul-puttan-19",
        "Mogul Putt'han (19 pieces)",
        "Ludii: Mogul Putt'han, ruleset Nineteen Pieces (Described)",
        &boards::TWO_LONG_ARMS,
        [
            "a1 d1 g1 b2 d2 f2 c3 d3 e3 b4 c4 d4 e4 f4 b5 c5 d5 e5 f5",
            "b7 c7 d7 e7 f7 b8 c8 d8 e8 f8 c9 d9 e9 b10 d10 f10 a11 d11 g11",
        ],
        Chain::Optional,
        End::NoMovesLoses,
    ),
    plain(
        "ahtarah-guti",
        "Ahtarah Guti (Lam Pusri)",
        "Ludii: Ahtarah Guti; Lam Pusri",
        &boards::TWO_ARMS,
        [
            "a1 c1 e1 b2 c2 d2 a3 b3 c3 d3 e3 a4 b4 c4 d4 e4 d5 e5",
            "a5 b5 a6 b6 c6 d6 e6 a7 b7 c7 d7 e7 b8 c8 d8 a9 c9 e9",
        ],
        Chain::Optional,
        End::CaptureAll,
    ),
    plain(
        "dam-singapore",
        "Dam (Singapore)",
        "Ludii: Dam (Singapore)",
        &boards::TWO_ARMS,
        SIXTEEN,
        Chain::Single,
        End::CaptureAll,
    ),
    plain(
        "padaivettu",
        "Padaivettu",
        "Ludii: Padaivettu",
        &boards::FULL_WITHOUT_LONG_DIAGONALS,
        [
            "c1 e1 g1 d2 e2 f2 c3 d3 e3 f3 g3 i3 c4 d4 e4 f4 g4 h4 f5 g5 h5 i5 h6 i7",
            "a3 b4 a5 b5 c5 d5 b6 c6 d6 e6 f6 g6 a7 c7 d7 e7 f7 g7 d8 e8 f8 c9 e9 g9",
        ],
        Chain::Single,
        End::CaptureAll,
    ),
    Ruleset {
        // Every point but the 17 of the square that are neither a corner
        // nor the middle of a side.
        leap_zone: boards::FULL_WITH_CORNER_TRIANGLES.points()
            & !points(
                &boards::FULL_WITH_CORNER_TRIANGLES,
                "j7 p7 g10 j10 m10 p10 s10 j13 m13 p13 g16 j16 m16 p16 s16 j19 p19",
            ),
        ..plain(
            "terhuchu",
            "Terhuchu",
            "Ludii: Terhuchu",
            &boards::FULL_WITH_CORNER_TRIANGLES,
            [
                "j4 g7 j7 m7 p7 s7 j10 m10 p10",
                "j16 m16 p16 g19 j19 m19 p19 s19 p22",
            ],
            Chain::Single,
            End::NoMovesLoses,
        )
    },
    plain(
        "terhuchu-small",
        "Terhuchu (Small), 10 pieces",
        "Ludii: Terhuchu (Small), ruleset Terhuchu (Small) (Observed)",
        &boards::SQUARE,
        [
            "a1 b1 c1 d1 e1 a2 b2 c2 d2 e2",
            "a4 b4 c4 d4 e4 a5 b5 c5 d5 e5",
        ],
        Chain::Single,
        End::CaptureAll,
    ),
    plain(
        "terhuchu-small-8",
        "Terhuchu (Small), 8 pieces",
        "Ludii: Terhuchu (Small), ruleset Eight pieces (Observed)",
        &boards::SQUARE,
        ["a1 b1 c1 d1 e1 b2 c2 d2", "b4 c4 d4 a5 b5 c5 d5 e5"],
        Chain::Single,
        End::CaptureAll,
    ),
    plain(
        "lau-kata-kati",
        "Lau Kata Kati",
        "Ludii: Lau Kata Kati, end rule No Pieces",
        &boards::TWO_TRIANGLES,
        LAU_KATA_KATI,
        Chain::Single,
        End::CaptureAll,
    ),
    plain(
        "dash-guti",
        "Dash Guti",
        "Ludii: Dash Guti",
        &boards::TWO_TRIANGLES_WITH_SIDES,
        [
            "a1 d1 g1 b2 d2 f2 c3 d3 e3 a4",
            "g4 c5 d5 e5 b6 d6 f6 a7 d7 g7",
        ],
        Chain::Single,
        End::NoMovesLoses,
    ),
    plain(
        "egara-guti",
        "Egara Guti",
        "Ludii: Egara Guti",
        &boards::EGARA_GUTI,
        [
            "a1 b1 d1 f1 g1 b2 d2 f2 c3 d3 e3",
            "c5 d5 e5 b6 d6 f6 a7 b7 d7 f7 g7",
        ],
        Chain::Single,
        End::NoMovesLoses,
    ),
    Ruleset {
        // White starts at the top and moves down, as in Ludii.
        forward: [Some(Direction::South), Some(Direction::North)],
        promotion: [
            rank(&boards::SQUARE_WITH_CROSSINGS, 1),
            rank(&boards::SQUARE_WITH_CROSSINGS, 9),
        ],
        ..plain(
            "kharbaga",
            "Kharbaga",
            "Ludii: Kharbaga",
            &boards::SQUARE_WITH_CROSSINGS,
            [
                "g5 i5 b6 d6 f6 h6 a7 c7 e7 g7 i7 b8 d8 f8 h8 a9 c9 e9 g9 i9",
                "a1 c1 e1 g1 i1 b2 d2 f2 h2 a3 c3 e3 g3 i3 b4 d4 f4 h4 a5 c5",
            ],
            Chain::Single,
            End::PassThenLoses,
        )
    },
    Ruleset {
        forward: [Some(Direction::North), Some(Direction::South)],
        promotion: [rank(&boards::SQUARE_9, 9), rank(&boards::SQUARE_9, 1)],
        huff: true,
        ..plain(
            "zamma",
            "Zamma",
            "Ludii: Zamma",
            &boards::SQUARE_9,
            [
                "a1 b1 c1 d1 e1 f1 g1 h1 i1 a2 b2 c2 d2 e2 f2 g2 h2 i2 \
                 a3 b3 c3 d3 e3 f3 g3 h3 i3 a4 b4 c4 d4 e4 f4 g4 h4 i4 a5 b5 c5 d5",
                "f5 g5 h5 i5 a6 b6 c6 d6 e6 f6 g6 h6 i6 a7 b7 c7 d7 e7 f7 g7 h7 i7 \
                 a8 b8 c8 d8 e8 f8 g8 h8 i8 a9 b9 c9 d9 e9 f9 g9 h9 i9",
            ],
            Chain::Single,
            End::PassThenLoses,
        )
    },
];

/// The rule book's three games as rulesets of the same model, in the
/// order of [`Ruleset::RULE_BOOK`]: what RULES.md says, as data. The
/// family's move generator plays them exactly (its perft agrees with the
/// reference counts of every position of the rule book's games). Every
/// frontend, the search, the tables and the proofs play them in this
/// model.
pub static SEED_RULESETS: [Ruleset; 3] = SEED;

/// [`SEED_RULESETS`] as a constant (see [`FAMILY`]).
pub(super) const SEED: [Ruleset; 3] = [
    Ruleset {
        removal: Removal::AtEnd,
        huff: true,
        huff_alone: false,
        ..plain(
            "peralikatuma",
            "Peralikatuma",
            "the rule book: R, P, E",
            &boards::FULL,
            [
                "c1 e1 g1 d2 e2 f2 a3 c3 d3 e3 f3 g3 b4 c4 d4 e4 f4 g4 a5 b5 c5 b6 a7",
                "i3 h4 g5 h5 i5 c6 d6 e6 f6 g6 h6 c7 d7 e7 f7 g7 i7 d8 e8 f8 c9 e9 g9",
            ],
            Chain::Optional,
            End::NoMovesLoses,
        )
    },
    Ruleset {
        forward: [Some(Direction::North), Some(Direction::South)],
        sideways: true,
        stuck: [rank(&boards::SQUARE, 5), rank(&boards::SQUARE, 1)],
        first_capture_as_step: true,
        compulsory: true,
        removal: Removal::AtEnd,
        no_return: true,
        ..plain(
            "alquerque",
            "Alquerque",
            "the rule book: R, A, E",
            &boards::SQUARE,
            ALQUERQUE,
            Chain::Compulsory,
            End::NoMovesLoses,
        )
    },
    Ruleset {
        forward: [Some(Direction::North), Some(Direction::South)],
        sideways: true,
        compulsory: true,
        removal: Removal::AtEnd,
        promotion: [
            points(&boards::TWO_ARMS, "a9 c9 e9"),
            points(&boards::TWO_ARMS, "a1 c1 e1"),
        ],
        ..plain(
            "permainan",
            "Permainan",
            "the rule book: R, M, E",
            &boards::TWO_ARMS,
            SIXTEEN,
            Chain::Compulsory,
            End::NoMovesLoses,
        )
    },
];

impl Ruleset {
    /// Peralikatuma (Sri Lanka): the whole 49-point board, 23 pieces each,
    /// optional captures, claims (P1-P7).
    pub const PERALIKATUMA: &'static Ruleset = &SEED_RULESETS[0];

    /// Alquerque as on BrainKing: the 25-point square, 12 pieces each,
    /// forward and sideways moves, compulsory captures, no return (A1-A5).
    ///
    /// ```
    /// use peralikatuma_rules::{Position, Ruleset};
    ///
    /// let alquerque = Ruleset::ALQUERQUE;
    /// assert!(alquerque.compulsory);
    /// assert_eq!(alquerque.board.len(), 25); // the square alone
    /// assert_eq!(Position::start(alquerque).perft(6), 97);
    /// ```
    pub const ALQUERQUE: &'static Ruleset = &SEED_RULESETS[1];

    /// Permainan (Permainan-Tabal, Java): the square with two arms, 16
    /// pieces each, compulsory captures, flying kings (M1-M6).
    pub const PERMAINAN: &'static Ruleset = &SEED_RULESETS[2];

    /// The rule book's three games, Peralikatuma first. These consts are
    /// the very statics of [`SEED_RULESETS`], not copies, so that a game of
    /// them runs the code compiled for it.
    ///
    /// ```
    /// use peralikatuma_rules::Ruleset;
    ///
    /// let ids = Ruleset::RULE_BOOK.map(|r| r.id);
    /// assert_eq!(ids, ["peralikatuma", "alquerque", "permainan"]);
    /// ```
    pub const RULE_BOOK: [&'static Ruleset; 3] = [
        Ruleset::PERALIKATUMA,
        Ruleset::ALQUERQUE,
        Ruleset::PERMAINAN,
    ];

    /// The ruleset with this id.
    ///
    /// ```
    /// use peralikatuma_rules::Ruleset;
    /// let zamma = Ruleset::find("zamma")?;
    /// assert_eq!(zamma.board.len(), 81);
    /// assert!(Ruleset::find("chess").is_err());
    /// # Ok::<(), peralikatuma_rules::UnknownRuleset>(())
    /// ```
    pub fn find(id: &str) -> Result<&'static Ruleset, UnknownRuleset> {
        Ruleset::all()
            .find(|r| r.id.eq_ignore_ascii_case(id.trim()))
            .ok_or_else(|| UnknownRuleset(id.to_owned()))
    }

    /// Every game of the model: the rule book's three ([`SEED_RULESETS`])
    /// then the family's eighteen ([`RULESETS`]).
    ///
    /// ```
    /// use peralikatuma_rules::Ruleset;
    ///
    /// let ids: Vec<&str> = Ruleset::all().map(|r| r.id).collect();
    /// assert_eq!(ids.len(), 21);
    /// assert_eq!(&ids[..4], ["peralikatuma", "alquerque", "permainan", "peralikatuma-ludii"]);
    /// ```
    pub fn all() -> impl Iterator<Item = &'static Ruleset> {
        SEED_RULESETS.iter().chain(RULESETS.iter())
    }

    /// Whether this is one of the rule book's three games
    /// ([`Ruleset::RULE_BOOK`]): the very static, not a ruleset made with
    /// the same id.
    ///
    /// ```
    /// use peralikatuma_rules::Ruleset;
    ///
    /// assert!(Ruleset::find("alquerque")?.is_rule_book());
    /// assert!(!Ruleset::find("alquerque-murray")?.is_rule_book());
    /// # Ok::<(), peralikatuma_rules::UnknownRuleset>(())
    /// ```
    pub fn is_rule_book(&self) -> bool {
        Ruleset::RULE_BOOK
            .into_iter()
            .any(|r| std::ptr::eq(r, self))
    }

    /// The rule that lets a player take the opponent's piece before its
    /// turn, where the ruleset has one: Peralikatuma's claim (P6), the
    /// family's huff (F4).
    ///
    /// ```
    /// use peralikatuma_rules::{Rule, Ruleset};
    ///
    /// assert_eq!(Ruleset::PERALIKATUMA.removal_rule(), Some(Rule::P6));
    /// assert_eq!(Ruleset::find("zamma")?.removal_rule(), Some(Rule::F4));
    /// assert_eq!(Ruleset::ALQUERQUE.removal_rule(), None);
    /// # Ok::<(), peralikatuma_rules::UnknownRuleset>(())
    /// ```
    pub fn removal_rule(&self) -> Option<Rule> {
        match (self.huff, self.is_rule_book()) {
            (false, _) => None,
            (true, true) => Some(Rule::P6),
            (true, false) => Some(Rule::F4),
        }
    }

    /// The rules' word for taking the opponent's piece before a turn:
    /// `claim` in the rule book (P6), `huff` in the family (F4). It means
    /// something only where [`Ruleset::removal_rule`] is `Some`.
    ///
    /// ```
    /// use peralikatuma_rules::Ruleset;
    ///
    /// assert_eq!(Ruleset::PERALIKATUMA.removal_word(), "claim");
    /// assert_eq!(Ruleset::find("zamma")?.removal_word(), "huff");
    /// # Ok::<(), peralikatuma_rules::UnknownRuleset>(())
    /// ```
    pub fn removal_word(&self) -> &'static str {
        match self.is_rule_book() {
            true => "claim",
            false => "huff",
        }
    }

    /// The directions `side`'s men step in, as a set of
    /// [`Direction::index`] bits.
    pub const fn step_directions(&self, side: Side) -> u8 {
        match self.forward[side.index()] {
            None => u8::MAX,
            // Forward and the two directions next to it (and the two
            // beside those, sideways), turned to face `forward`.
            Some(forward) => match self.sideways {
                true => 0b1100_0111u8.rotate_left(forward as u32),
                false => 0b1000_0011u8.rotate_left(forward as u32),
            },
        }
    }

    /// Whether the ruleset uses any of the rule book's options that
    /// Ludii's games never do: compulsory captures or chains, captured
    /// pieces that leave when the move ends (R2.4), men that cannot step
    /// somewhere (A3) or step back (A5), first captures only where a man
    /// steps (A4.1).
    pub const fn rule_book_options(&self) -> bool {
        self.compulsory
            || matches!(self.chain, Chain::Compulsory)
            || matches!(self.removal, Removal::AtEnd)
            || self.no_return
            || self.first_capture_as_step
            || self.stuck[0] | self.stuck[1] != 0
    }

    /// Whether the ruleset has kings.
    pub const fn has_kings(&self) -> bool {
        self.promotion[0] | self.promotion[1] != 0
    }
}

/// Only the id: a ruleset's board and rules are many lines, and an error
/// that holds a ruleset (a refusal) is read where it is printed.
///
/// ```
/// use peralikatuma_rules::Ruleset;
/// assert_eq!(format!("{:?}", Ruleset::find("zamma")?), r#"Ruleset { id: "zamma", .. }"#);
/// # Ok::<(), peralikatuma_rules::UnknownRuleset>(())
/// ```
impl fmt::Debug for Ruleset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Ruleset")
            .field("id", &self.id)
            .finish_non_exhaustive()
    }
}

/// Rulesets are the same when their ids are.
impl PartialEq for Ruleset {
    fn eq(&self, other: &Ruleset) -> bool {
        self.id == other.id
    }
}

impl Eq for Ruleset {}

impl std::hash::Hash for Ruleset {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.id.hash(state);
    }
}

impl fmt::Display for Ruleset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name)
    }
}

impl FromStr for &'static Ruleset {
    type Err = UnknownRuleset;

    fn from_str(id: &str) -> Result<Self, UnknownRuleset> {
        Ruleset::find(id)
    }
}

/// A name that is no ruleset's id.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("unknown game `{0}` (known: {ids})", ids = Ruleset::all().map(|r| r.id).collect::<Vec<_>>().join(", "))]
pub struct UnknownRuleset(pub String);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_ruleset_starts_with_as_many_pieces_a_side_as_family_md_says() {
        let pieces: Vec<(&str, u32)> = RULESETS
            .iter()
            .map(|r| {
                assert_eq!(r.start[0].count_ones(), r.start[1].count_ones(), "{}", r.id);
                assert_eq!(r.start[0] & !r.board.points(), 0);
                (r.id, r.start[0].count_ones())
            })
            .collect();
        let expected = [
            ("peralikatuma-ludii", 23),
            ("alquerque-alfonso", 12),
            ("alquerque-murray", 12),
            ("alquerque-covarrubias", 12),
            ("kotu-ellima", 24),
            ("sixteen-soldiers", 16),
            ("mogul-puttan-19", 19),
            ("ahtarah-guti", 18),
            ("dam-singapore", 16),
            ("padaivettu", 24),
            ("terhuchu", 9),
            ("terhuchu-small", 10),
            ("terhuchu-small-8", 8),
            ("lau-kata-kati", 9),
            ("dash-guti", 10),
            ("egara-guti", 11),
            ("kharbaga", 20),
            ("zamma", 40),
        ];
        assert_eq!(pieces, expected);
    }

    #[test]
    fn forward_men_step_straight_and_diagonally_forward() {
        let zamma = Ruleset::find("zamma").expect("a ruleset");
        let white: Vec<Direction> = Direction::ALL
            .into_iter()
            .filter(|d| zamma.step_directions(Side::White) & (1 << d.index()) != 0)
            .collect();
        assert_eq!(
            white,
            [Direction::North, Direction::NorthEast, Direction::NorthWest]
        );
        assert_eq!(
            Ruleset::find("dash-guti").map(|r| r.step_directions(Side::Black)),
            Ok(0xff)
        );
    }

    #[test]
    fn terhuchu_leaps_in_56_points() {
        let terhuchu = Ruleset::find("terhuchu").expect("a ruleset");
        assert_eq!(terhuchu.leap_zone.count_ones(), 56);
    }

    #[test]
    fn the_rule_book_consts_are_the_statics() {
        for (n, ruleset) in Ruleset::RULE_BOOK.into_iter().enumerate() {
            assert!(
                std::ptr::eq(ruleset, &SEED_RULESETS[n] as *const Ruleset),
                "{}",
                ruleset.id
            );
            assert!(ruleset.is_rule_book());
            assert_eq!(Ruleset::find(ruleset.id), Ok(ruleset));
        }
        let copy = Ruleset { ..SEED[1] };
        assert!(!copy.is_rule_book());
        assert!(RULESETS.iter().all(|r| !r.is_rule_book()));
    }

    #[test]
    fn an_unknown_id_lists_the_known_ones() {
        let error = Ruleset::find("chess").expect_err("no such ruleset");
        assert!(
            error
                .to_string()
                .starts_with("unknown game `chess` (known: peralikatuma, alquerque, ")
        );
    }
}
