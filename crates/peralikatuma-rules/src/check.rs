//! Why a pick is no legal turn of a family position: the reason as data,
//! with the rule it breaks ([`Position::check_pick`]).

use std::fmt;
use std::ops::ControlFlow;

use board_topology::PointSet;

use crate::position::Position;
use crate::ruleset::Ruleset;
use crate::turn::{Kind, Turn};
use crate::walk::between;
use crate::{Rule, Side};

/// Why a pick is refused, with the points involved (indices of the
/// ruleset's board).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum Reason {
    /// The game is over: nobody moves.
    Over,
    /// A point of the pick that is not a point of the ruleset's board
    /// (R1.5 in the rule book's games).
    OffBoard {
        /// The point.
        point: u8,
    },
    /// A pass, while the player has a move (F6).
    MustMove,
    /// No piece stands on the point picked to move.
    NoPiece {
        /// The point.
        point: u8,
    },
    /// The piece picked to move is the opponent's.
    NotYourPiece {
        /// Its point.
        point: u8,
        /// Whose it is.
        owner: Side,
    },
    /// The piece picked to huff may not be huffed (F4).
    NotHuffable {
        /// Its point.
        point: u8,
    },
    /// The piece has a legal move, but the pick names no landing.
    Unfinished {
        /// The piece's point.
        point: u8,
    },
    /// The piece has no legal move.
    Stuck {
        /// The piece's point.
        point: u8,
    },
    /// The piece has no legal move, and every point beside it is taken.
    HemmedIn {
        /// The piece's point.
        point: u8,
    },
    /// The pick lands on a point that is taken (F1; in the rule book's
    /// games R2.1 for a step, R2.2 for a jump, M4 for a king's long move
    /// or long jump).
    Occupied {
        /// The point.
        point: u8,
        /// Where the step or jump that lands there starts.
        from: u8,
        /// Whether it is a jump.
        capture: bool,
    },
    /// The pick stops a chain that goes on from where it stops (F2; A4.3,
    /// M5).
    ChainGoesOn {
        /// Where the pick stops.
        at: u8,
    },
    /// No turn of the ruleset takes the piece along the pick's path
    /// (F1-F3, F5).
    NoSuchMove {
        /// The piece's point.
        from: u8,
    },
    /// A claim in a game without claims: a turn is one move (R2.6).
    NoClaims,
    /// A claim when nothing is claimable: the opponent's last move gave no
    /// claim (P6).
    NothingClaimable,
    /// A claim of a point that is not claimable (P6).
    NotClaimable {
        /// The point claimed.
        point: u8,
        /// The pieces that are claimable.
        claimable: u128,
    },
    /// Captures are compulsory and these pieces can capture, so a step is
    /// not allowed (A4, M5).
    CaptureCompulsory {
        /// The pieces of the side to move that can capture.
        capturers: u128,
    },
    /// A step to a point that is not adjacent along a line (R2.1).
    NotAdjacent {
        /// Where the step starts.
        from: u8,
        /// Where it was to go.
        to: u8,
    },
    /// A man's step backward (A2, M2).
    Backward {
        /// Where the step starts.
        from: u8,
        /// Where it was to go.
        to: u8,
    },
    /// A step of a man on a point where it cannot step, its last rank
    /// (A3).
    LastRank {
        /// The piece.
        point: u8,
    },
    /// A sideways step straight back to where the piece came from (A5).
    NoReturn {
        /// Where the step starts.
        from: u8,
        /// The point the piece came from.
        to: u8,
    },
    /// A king's move or jump to a point that is not along a line from
    /// where it stands (M4).
    NotOnALine {
        /// Where the king stands.
        from: u8,
        /// Where it was to go.
        to: u8,
    },
    /// A king's way along a line is blocked: by a piece in the way of a
    /// long move, or by an own piece or a second piece in the way of a
    /// long jump (M4).
    Blocked {
        /// Where the king stands.
        from: u8,
        /// Where it was to go.
        to: u8,
        /// The first point in the way that blocks it.
        at: u8,
    },
    /// A man's jump that is not to the point two along a line (R2.2).
    NotAJump {
        /// Where the jump starts.
        from: u8,
        /// Where it was to land.
        to: u8,
    },
    /// No enemy piece to jump between the two points: for a man, on the
    /// point between them (R2.2); for a king, anywhere between them (M4).
    NothingToJump {
        /// Where the jump starts.
        from: u8,
        /// Where it was to land.
        to: u8,
        /// Whether the jumping piece is a king.
        king: bool,
    },
    /// A piece jumped earlier in the same move: it cannot be jumped again,
    /// landed on, or passed over by a king, until the move ends (R2.4).
    AlreadyJumped {
        /// The jumped piece.
        point: u8,
    },
    /// A chain's first jump in a direction the man does not step in:
    /// backward, or other than sideways from the last rank (A4.1).
    FirstJumpDirection {
        /// Where the jump starts.
        from: u8,
        /// Where it was to land.
        to: u8,
    },
}

/// A pick refused by a family position: the ruleset (for its point names
/// and rules) and the reason. `Display` says it in words with the rule,
/// as `d3 is not empty (F1)`; in the rule book's games, in the rule book's
/// words and rules (`a capture is compulsory, and the piece on c2 can
/// capture (A4)`).
///
/// ```
/// use peralikatuma_rules::{Position, Reason, Ruleset};
/// use peralikatuma_rules::Rule;
///
/// let lau = Ruleset::find("lau-kata-kati")?;
/// let start = Position::start(lau);
/// let point = |name| lau.board.parse_point(name);
/// let refusal = start.check_pick(None, &[point("d2")?, point("d3")?]).unwrap_err();
/// let d3 = Reason::Occupied { point: point("d3")?, from: point("d2")?, capture: false };
/// assert_eq!(refusal.reason, d3);
/// assert_eq!(refusal.rule(), Some(Rule::F1));
/// assert_eq!(refusal.to_string(), "d3 is not empty (F1)");
/// let turn = start.check_pick(None, &[point("d3")?, point("d4")?])?;
/// assert_eq!(turn.text(lau.board), "d3-d4");
///
/// // White's c2 can jump c3 to c4: a1 may not step (A4).
/// let alquerque = Ruleset::ALQUERQUE;
/// let position = Position::parse(alquerque, "W:Wc2,a1:Bc3,e5")?;
/// let point = |name| alquerque.board.parse_point(name);
/// let refusal = position.check_pick(None, &[point("a1")?, point("a2")?]).unwrap_err();
/// assert_eq!(refusal.reason, Reason::CaptureCompulsory { capturers: 1 << point("c2")? });
/// assert_eq!(refusal.rule(), Some(Rule::A4));
/// assert_eq!(refusal.to_string(), "a capture is compulsory, and the piece on c2 can capture (A4)");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Refusal {
    /// The ruleset of the position that refused the pick.
    pub ruleset: &'static Ruleset,
    /// Why.
    pub reason: Reason,
}

impl Refusal {
    /// The rule the pick breaks, where one rule does: `None` for a pick
    /// of no piece, of the opponent's, or in a game that is over. The rule
    /// book's games cite the rule book's rules, whose numbers tell a game
    /// with kings (Permainan's M) from one without (Alquerque's A).
    pub fn rule(&self) -> Option<Rule> {
        let ruleset = self.ruleset;
        let rule_book = ruleset.is_rule_book();
        let kings = ruleset.has_kings();
        Some(match self.reason {
            Reason::Over
            | Reason::NoPiece { .. }
            | Reason::NotYourPiece { .. }
            | Reason::Unfinished { .. } => return None,
            Reason::OffBoard { .. } if rule_book => Rule::R1_5,
            Reason::OffBoard { .. } => return None,
            Reason::MustMove => Rule::F6,
            Reason::NotHuffable { .. } => Rule::F4,
            Reason::ChainGoesOn { .. } if !rule_book => Rule::F2,
            Reason::ChainGoesOn { .. } | Reason::CaptureCompulsory { .. } if kings => Rule::M5,
            Reason::ChainGoesOn { .. } => Rule::A4_3,
            Reason::CaptureCompulsory { .. } => Rule::A4,
            Reason::Occupied {
                point,
                from,
                capture,
            } if rule_book => {
                // Further than a step or a short jump: a king's long move
                // or long jump.
                let short = u32::from(capture);
                match between(ruleset.board, from, point).count_ones() > short {
                    true => Rule::M4,
                    false if capture => Rule::R2_2,
                    false => Rule::R2_1,
                }
            }
            // A piece with no free point has no rule against it.
            Reason::Stuck { .. } | Reason::HemmedIn { .. } | Reason::NoSuchMove { .. }
                if rule_book =>
            {
                return None;
            }
            Reason::Stuck { .. }
            | Reason::HemmedIn { .. }
            | Reason::Occupied { .. }
            | Reason::NoSuchMove { .. } => match ruleset.forward != [None, None] {
                true => Rule::F3,
                false => Rule::F1,
            },
            Reason::NoClaims => Rule::R2_6,
            Reason::NothingClaimable | Reason::NotClaimable { .. } => Rule::P6,
            Reason::NotAdjacent { .. } => Rule::R2_1,
            Reason::Backward { .. } if kings => Rule::M2,
            Reason::Backward { .. } => Rule::A2,
            Reason::LastRank { .. } => Rule::A3,
            Reason::NoReturn { .. } => Rule::A5,
            Reason::NotOnALine { .. } | Reason::Blocked { .. } => Rule::M4,
            Reason::NotAJump { .. } => Rule::R2_2,
            Reason::NothingToJump { king: true, .. } => Rule::M4,
            Reason::NothingToJump { .. } => Rule::R2_2,
            Reason::AlreadyJumped { .. } => Rule::R2_4,
            Reason::FirstJumpDirection { .. } => Rule::A4_1,
        })
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let board = self.ruleset.board;
        let name = |point: u8| board.point_name(point);
        let list = |set: u128| {
            set.points()
                .map(|p| name(p).to_string())
                .collect::<Vec<_>>()
                .join(", ")
        };
        match self.reason {
            Reason::Over => f.write_str("the game is over"),
            Reason::OffBoard { point } => write!(
                f,
                "{} is not a point of the {} board",
                name(point),
                self.ruleset.name
            ),
            Reason::MustMove => f.write_str("a player who has a move may not pass"),
            Reason::NoPiece { point } => write!(f, "there is no piece on {}", name(point)),
            Reason::NotYourPiece { point, owner } => write!(
                f,
                "{} holds a {owner} piece, and {} is to move",
                name(point),
                owner.opposite()
            ),
            Reason::NotHuffable { point } => {
                write!(f, "the piece on {} cannot be huffed", name(point))
            }
            Reason::Unfinished { point } => write!(f, "the piece on {} can move", name(point)),
            Reason::Stuck { point } => {
                write!(f, "the piece on {} has no legal move", name(point))
            }
            Reason::HemmedIn { point } => {
                write!(
                    f,
                    "the piece on {} has no free point beside it",
                    name(point)
                )
            }
            Reason::Occupied { point, .. } => write!(f, "{} is not empty", name(point)),
            Reason::ChainGoesOn { at } if self.ruleset.is_rule_book() => write!(
                f,
                "the chain must go on: the piece can jump again from {}",
                name(at)
            ),
            Reason::ChainGoesOn { at } => {
                write!(
                    f,
                    "the chain goes on from {}: it is not a whole turn",
                    name(at)
                )
            }
            Reason::NoSuchMove { from } => write!(
                f,
                "no legal turn of {} takes the piece on {} that way",
                self.ruleset.name,
                name(from)
            ),
            Reason::NoClaims => write!(
                f,
                "{} has no forfeit claims: a turn is one move",
                self.ruleset.name
            ),
            Reason::NothingClaimable => f.write_str("there is no forfeit claim this turn"),
            Reason::NotClaimable { point, claimable } => write!(
                f,
                "{} is not claimable; claimable: {}",
                name(point),
                list(claimable)
            ),
            Reason::CaptureCompulsory { capturers } => {
                let pieces = match capturers.count_ones() {
                    1 => "the piece on",
                    _ => "the pieces on",
                };
                write!(
                    f,
                    "a capture is compulsory, and {pieces} {} can capture",
                    list(capturers)
                )
            }
            Reason::NotAdjacent { from, to } => {
                write!(f, "{} is not adjacent to {} along a line", name(to), name(from))
            }
            Reason::Backward { .. } => {
                // A2 speaks of pieces, M2 of men (Permainan has kings too).
                let piece = match self.ruleset.has_kings() {
                    true => "man",
                    false => "piece",
                };
                write!(
                    f,
                    "a {piece} steps only forward, diagonally forward or sideways, never backward"
                )
            }
            Reason::LastRank { point } => write!(
                f,
                "the piece on {} is on its last rank and cannot step",
                name(point)
            ),
            Reason::NoReturn { from, to } => write!(
                f,
                "the piece on {} may not step straight back to {}, where it came from",
                name(from),
                name(to)
            ),
            Reason::NotOnALine { from, to } => {
                write!(f, "{} is not along a line from {}", name(to), name(from))
            }
            Reason::Blocked { from, to, at } => write!(
                f,
                "the way from {} to {} is blocked at {}",
                name(from),
                name(to),
                name(at)
            ),
            Reason::NotAJump { from, to } => write!(
                f,
                "{} is not a jump away from {}: a jump goes over an adjacent point to the point straight beyond",
                name(to),
                name(from)
            ),
            Reason::NothingToJump { from, to, king } => {
                let way = between(board, from, to);
                match way.points().next() {
                    Some(over) if !king && way.count_ones() == 1 => {
                        write!(f, "there is no enemy piece on {} to jump", name(over))
                    }
                    _ => write!(
                        f,
                        "there is no enemy piece to jump between {} and {}",
                        name(from),
                        name(to)
                    ),
                }
            }
            Reason::AlreadyJumped { point } => write!(
                f,
                "the piece on {} is already jumped in this move and stays on the board until the move ends",
                name(point)
            ),
            Reason::FirstJumpDirection { .. } => f.write_str(
                "a chain's first jump goes forward, diagonally forward or sideways, and only sideways from the last rank",
            ),
        }?;
        match self.rule() {
            Some(rule) => write!(f, " ({rule})"),
            None => Ok(()),
        }
    }
}

impl std::error::Error for Refusal {}

impl Position {
    /// The legal turn a player picks: the opponent's piece huffed first,
    /// if any (F4), then the moving piece's point and each landing in
    /// order; an empty `path` is a pass. Or why the pick is no legal turn.
    /// In the rule book's games a refused pick of the mover's piece is
    /// refused as the rule book says: one landing is a step or a one-jump
    /// chain, refused as the step for a point beside the piece and as the
    /// chain for one further off, but as the step for a king with nothing
    /// to jump (a long move, M4).
    ///
    /// # Errors
    /// A [`Refusal`] saying why, with the rule.
    pub fn check_pick(&self, huff: Option<u8>, path: &[u8]) -> Result<Turn, Refusal> {
        let refuse = |reason| Refusal {
            ruleset: self.ruleset(),
            reason,
        };
        if !self.has_legal_turn() {
            return Err(refuse(Reason::Over));
        }
        let Some((&from, landings)) = path.split_first() else {
            let pass = self.generate(|t| match t.kind() == Kind::Pass && t.huff() == huff {
                true => ControlFlow::Break(*t),
                false => ControlFlow::Continue(()),
            });
            return match pass {
                ControlFlow::Break(turn) => Ok(turn),
                ControlFlow::Continue(()) => Err(refuse(Reason::MustMove)),
            };
        };
        let board = self.board();
        if let Some(&point) = huff
            .iter()
            .chain(path)
            .find(|&&p| usize::from(p) >= board.len())
        {
            return Err(refuse(Reason::OffBoard { point }));
        }
        // A huffed piece has left the board before the move (P7).
        let huffed = huff.map_or(0, |h| 1u128 << h) & self.huffable();
        let on = |side: Side| self.pieces(side) & !huffed & (1 << from) != 0;
        let us = self.side_to_move();
        if !on(us) {
            return Err(refuse(match on(us.opposite()) {
                true => Reason::NotYourPiece {
                    point: from,
                    owner: us.opposite(),
                },
                false => Reason::NoPiece { point: from },
            }));
        }
        if let Some(huffed) = huff
            && self.huffable() & (1 << huffed) == 0
        {
            // The rule book's games refuse a claim as their rule book does
            // (P6, R2.6): the claim is checked before the move.
            let to = landings.first().map_or(from, |&to| to);
            return Err(refuse(
                self.pick_reason(huff, from, &[to])
                    .unwrap_or(Reason::NotHuffable { point: huffed }),
            ));
        }
        // One look at the turns as they are generated (a position can have
        // millions): the turn picked, else whether any turn moves the piece
        // and whether any goes on past the pick.
        let (mut starts, mut goes_on) = (false, false);
        let found = self.generate(|turn| {
            if turn.huff() == huff && turn.kind() != Kind::Pass && turn.from() == from {
                if turn.landings() == landings {
                    return ControlFlow::Break(*turn);
                }
                starts = true;
                goes_on |= turn.landings().starts_with(landings);
            }
            ControlFlow::Continue(())
        });
        if let ControlFlow::Break(turn) = found {
            return Ok(turn);
        }
        let taken =
            (self.pieces(Side::White) | self.pieces(Side::Black)) & !huff.map_or(0, |h| 1u128 << h);
        let Some(&landing) = landings.last() else {
            return Err(refuse(match starts {
                true => Reason::Unfinished { point: from },
                false => match self.stuck_reason(huff, from) {
                    Some(reason) => reason,
                    None if board.neighbours(from) & !taken == 0 => {
                        Reason::HemmedIn { point: from }
                    }
                    None => Reason::Stuck { point: from },
                },
            }));
        };
        if let Some(reason) = self.pick_reason(huff, from, landings) {
            return Err(refuse(reason));
        }
        if landing != from && taken & (1 << landing) != 0 {
            let before = path[path.len() - 2];
            return Err(refuse(Reason::Occupied {
                point: landing,
                from: before,
                capture: landings.len() > 1 || board.neighbours(before) & (1 << landing) == 0,
            }));
        }
        if goes_on {
            return Err(refuse(Reason::ChainGoesOn { at: landing }));
        }
        Err(refuse(Reason::NoSuchMove { from }))
    }
}
