//! A position of a family game: the pieces, the side to move, and what the
//! last turns leave behind (pieces that may be huffed, passes, a game
//! lost by passing).

use std::fmt;
use std::ops::ControlFlow;

use board_topology::graph::Graph;
use board_topology::{Direction, PointSet};

use crate::check::{Reason, Refusal};
use crate::ruleset::{End, Ruleset};
use crate::specialised::{self, Code, Job, Rules};
use crate::turn::{Kind, Turn};
use crate::zobrist;
use crate::{DrawReason, Outcome, Side, TurnList, WinReason};

/// A position of a family game.
///
/// ```
/// use peralikatuma_rules::{Position, Ruleset};
///
/// let start = Position::start(Ruleset::find("lau-kata-kati")?);
/// assert_eq!(start.perft(2), 3);
/// let turn = start.parse_turn("d3-d4")?;
/// let next = start.play(&turn)?;
/// assert_eq!(next.legal_turns().len(), 1); // the capture over d4
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Position {
    pub(super) ruleset: &'static Ruleset,
    /// Each side's pieces, White's first.
    pub(super) pieces: [u128; 2],
    /// The kings among them, of either side (a position is 128 bytes,
    /// copied without a call to `memcpy`).
    pub(super) crowned: u128,
    pub(super) side: Side,
    /// The opponent's pieces the side to move may huff.
    pub(super) huffable: u128,
    /// Passes in a row just played.
    pub(super) passes: u8,
    /// The men that may not step east, and west, back to the point they
    /// left by a sideways step (A5; rulesets with no return only).
    pub(super) barred: [u128; 2],
    /// Turns in a row without a piece leaving the board (E4; N3's `C`).
    pub(super) quiet: u32,
    /// The Zobrist hash of the rest but `quiet`, kept up to date
    /// ([`Position::zobrist`]).
    pub(super) hash: u64,
    /// Which code plays the ruleset, found once.
    pub(super) code: Code,
}

// A position is copied into every game's history and every search
// node: at 128 bytes, without a call to `memcpy`.
const _: () = assert!(size_of::<Position>() == 128);

impl Position {
    /// The start of `ruleset`, White (the first player) to move.
    pub fn start(ruleset: &'static Ruleset) -> Position {
        Position {
            ruleset,
            pieces: ruleset.start,
            crowned: 0,
            side: Side::White,
            huffable: 0,
            passes: 0,
            barred: [0, 0],
            quiet: 0,
            hash: 0,
            code: Code::of(ruleset),
        }
        .rehashed()
    }

    /// The same position set up with `side` to move, nothing to huff and
    /// no pass just played: for a game that starts with Black.
    ///
    /// ```
    /// use peralikatuma_rules::Side;
    /// use peralikatuma_rules::{Position, Ruleset};
    ///
    /// let start = Position::start(Ruleset::find("zamma")?).with_side_to_move(Side::Black);
    /// assert_eq!(start.side_to_move(), Side::Black);
    /// assert!(start.to_string().starts_with("B:"));
    /// # Ok::<(), peralikatuma_rules::UnknownRuleset>(())
    /// ```
    pub fn with_side_to_move(self, side: Side) -> Position {
        Position {
            side,
            huffable: 0,
            passes: 0,
            ..self
        }
        .rehashed()
    }

    /// The ruleset.
    pub fn ruleset(&self) -> &'static Ruleset {
        self.ruleset
    }

    /// The board.
    pub fn board(&self) -> &'static Graph {
        self.ruleset().board
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Side {
        self.side
    }

    /// `side`'s men.
    pub fn men(&self, side: Side) -> u128 {
        self.pieces[side.index()] & !self.crowned
    }

    /// `side`'s kings.
    pub fn kings(&self, side: Side) -> u128 {
        self.pieces[side.index()] & self.crowned
    }

    /// All of `side`'s pieces.
    pub fn pieces(&self, side: Side) -> u128 {
        self.pieces[side.index()]
    }

    /// How many pieces are on the board, of both sides, kings and men
    /// alike.
    ///
    /// ```
    /// use peralikatuma_rules::{Position, Ruleset};
    ///
    /// let position = Position::parse(Ruleset::PERMAINAN, "W:Wc3,e3,Ke5:Bd7")?;
    /// assert_eq!(position.piece_count(), 4);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn piece_count(&self) -> u32 {
        (self.pieces[0] | self.pieces[1]).count_ones()
    }

    /// How many more pieces `side` has than its opponent, kings and men
    /// alike: negative when it is behind.
    ///
    /// ```
    /// use peralikatuma_rules::{Position, Ruleset, Side};
    ///
    /// let position = Position::parse(Ruleset::PERMAINAN, "W:Wc3,e3,Ke5:Bd7")?;
    /// assert_eq!(position.lead(Side::White), 2);
    /// assert_eq!(position.lead(Side::Black), -2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn lead(&self, side: Side) -> i32 {
        self.pieces(side).count_ones() as i32 - self.pieces(side.opposite()).count_ones() as i32
    }

    /// The opponent's pieces that the side to move may huff before moving.
    pub fn huffable(&self) -> u128 {
        self.huffable
    }

    /// The men that may not step back east, and west, to the point they
    /// left by their last step, a sideways one (A5): `[east, west]`.
    pub fn barred(&self) -> [u128; 2] {
        self.barred
    }

    /// The steps the side to move may not make because they go straight
    /// back (A5): each as the piece's point and the point it left, by
    /// point.
    ///
    /// ```
    /// use peralikatuma_rules::{Position, Ruleset};
    ///
    /// let position = Position::parse(Ruleset::ALQUERQUE, "W:Wb3,d3:Bd5:Rb3-a3")?;
    /// let board = position.board();
    /// let steps: Vec<String> = position
    ///     .barred_steps()
    ///     .map(|(from, to)| format!("{}-{}", board.point_name(from), board.point_name(to)))
    ///     .collect();
    /// assert_eq!(steps, ["b3-a3"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn barred_steps(&self) -> impl Iterator<Item = (u8, u8)> + '_ {
        let ours = self.pieces(self.side_to_move());
        let board = self.board();
        let [east, west] = self.barred;
        (0..board.len() as u8)
            .filter(move |&p| ours & (1 << p) != 0)
            .flat_map(move |p| {
                [(east, Direction::East), (west, Direction::West)]
                    .into_iter()
                    .filter(move |(set, _)| set & (1 << p) != 0)
                    .filter_map(move |(_, direction)| board.neighbour(p, direction))
                    .map(move |to| (p, to))
            })
    }

    /// Turns in a row without a piece leaving the board (E4): N3's `C`.
    /// A pass counts; a huff, like a capture, starts the count again.
    ///
    /// ```
    /// use peralikatuma_rules::{Position, Ruleset};
    ///
    /// let lau = Ruleset::find("lau-kata-kati")?;
    /// let position = Position::parse(lau, "W:Wc3:Bd5:C7")?;
    /// assert_eq!(position.quiet_turns(), 7);
    /// assert_eq!(position.play(&position.parse_turn("c3-d4")?)?.quiet_turns(), 8);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn quiet_turns(&self) -> u32 {
        self.quiet
    }

    /// Whether `other` is the same position for repetition (E2): the same
    /// in everything but the count of quiet turns.
    ///
    /// ```
    /// use peralikatuma_rules::{Position, Ruleset};
    ///
    /// let lau = Ruleset::find("lau-kata-kati")?;
    /// let (early, late) = (Position::parse(lau, "W:Wc3:Bd5")?, Position::parse(lau, "W:Wc3:Bd5:C4")?);
    /// assert!(early.same_for_repetition(&late) && early != late);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn same_for_repetition(&self, other: &Position) -> bool {
        // The hashes differ for most positions that differ (they leave out
        // only the count).
        self.hash == other.hash
            && Position {
                quiet: other.quiet,
                ..*self
            } == *other
    }

    /// How the game has ended, if it has (F6): by the last turn, or
    /// because the side to move has no legal turn where that loses.
    ///
    /// ```
    /// use peralikatuma_rules::{Position, Ruleset};
    /// use peralikatuma_rules::{Outcome, Side, WinReason};
    ///
    /// let zamma = Ruleset::find("zamma")?;
    /// let bare = Position::parse(zamma, "W:We5:B")?.with_side_to_move(Side::Black);
    /// let passed = bare.play(&bare.parse_turn("pass")?)?;
    /// let won = Outcome::Win { winner: Side::White, reason: WinReason::NoPieces };
    /// assert_eq!(passed.outcome(), Some(won));
    /// assert_eq!(won.to_string(), "White wins: Black has no pieces left (E1)");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn outcome(&self) -> Option<Outcome> {
        self.ended().or_else(|| {
            (self.ruleset().end == End::NoMovesLoses && !self.has_legal_turn()).then(|| {
                Outcome::Win {
                    winner: self.side.opposite(),
                    reason: match self.pieces(self.side) {
                        0 => WinReason::NoPieces,
                        _ => WinReason::NoLegalTurn,
                    },
                }
            })
        })
    }

    /// How the last turn ended the game, if it did: the side to move has
    /// no pieces left in a capture-all game, two passes in a row drew it,
    /// or a player passed (or huffed and then could not move) where that
    /// loses. A position set up with the side not to move already without
    /// pieces is lost for that side (E1), but where a player passes and
    /// then loses (that player passes first).
    pub(super) fn ended(&self) -> Option<Outcome> {
        self.ended_under(self.ruleset())
    }

    /// [`Position::ended`] under `rules`, the position's ruleset (known at
    /// compile time in code compiled for it).
    #[inline(always)]
    pub(super) fn ended_under(&self, rules: &Ruleset) -> Option<Outcome> {
        let passer = self.side.opposite();
        let none_left = |side: Side| self.pieces[side.index()] == 0;
        if rules.end != End::PassThenLoses && none_left(passer) {
            return Some(Outcome::Win {
                winner: self.side,
                reason: WinReason::NoPieces,
            });
        }
        match rules.end {
            End::CaptureAll if none_left(self.side) => Some(Outcome::Win {
                winner: passer,
                reason: WinReason::NoPieces,
            }),
            End::CaptureAll => (self.passes >= 2).then_some(Outcome::Draw {
                reason: DrawReason::Passes,
            }),
            End::NoMovesLoses | End::PassThenLoses => (self.passes >= 1).then(|| Outcome::Win {
                winner: self.side,
                reason: match none_left(passer) {
                    true => WinReason::NoPieces,
                    false => WinReason::Passed,
                },
            }),
        }
    }

    /// Whether the side to move must pass: it has no other legal turn
    /// (not even a huff), so a frontend plays the pass by itself (F6).
    ///
    /// ```
    /// use peralikatuma_rules::{Position, Ruleset};
    /// use peralikatuma_rules::Side;
    ///
    /// let zamma = Ruleset::find("zamma")?;
    /// let bare = Position::parse(zamma, "W:We5:B")?;
    /// assert!(!bare.must_pass());
    /// assert!(bare.with_side_to_move(Side::Black).must_pass());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn must_pass(&self) -> bool {
        // A plain pass is listed only when there is no other turn.
        self.generate(|turn| ControlFlow::Break(*turn == Turn::PASS)) == ControlFlow::Break(true)
    }

    /// Every legal turn, in the generator's order, in a list kept on the
    /// stack while it is short ([`TurnList`]).
    ///
    /// ```
    /// use peralikatuma_rules::TurnList;
    /// use peralikatuma_rules::{Position, Ruleset, Turn};
    ///
    /// let turns: TurnList<Turn> = Position::start(Ruleset::find("zamma")?).legal_turns();
    /// assert_eq!(turns.len(), 3);
    /// # Ok::<(), peralikatuma_rules::UnknownRuleset>(())
    /// ```
    pub fn legal_turns(&self) -> TurnList<Turn> {
        let mut turns = TurnList::new();
        let _ = self.generate(|turn| {
            turns.push(*turn);
            ControlFlow::<()>::Continue(())
        });
        turns
    }

    /// Whether the side to move has a legal turn: the generator stops at
    /// the first.
    pub fn has_legal_turn(&self) -> bool {
        // Most positions have a step: looked for first, captures and
        // huffs are not searched.
        self.has_quiet_move() || self.generate(|_| ControlFlow::Break(())).is_break()
    }

    /// The position after `turn`, if it is one of this position's legal
    /// turns.
    ///
    /// # Errors
    /// A [`Refusal`] saying why it is not, with the rule
    /// ([`Position::check_pick`] of its path).
    ///
    /// ```
    /// use peralikatuma_rules::{Position, Ruleset};
    ///
    /// let lau = Position::start(Ruleset::find("lau-kata-kati")?);
    /// let first = lau.legal_turns()[0];
    /// let next = lau.play(&first)?;
    /// assert_eq!(first.text(lau.board()), "c3-d4");
    /// assert_eq!(next.play(&first).unwrap_err().to_string(), "there is no piece on c3");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play(&self, turn: &Turn) -> Result<Position, Refusal> {
        self.check(turn)?;
        Ok(self.play_unchecked(turn))
    }

    /// Whether `turn` is one of this position's legal turns.
    ///
    /// # Errors
    /// A [`Refusal`] saying why not, with the rule.
    pub fn check(&self, turn: &Turn) -> Result<(), Refusal> {
        let path: Vec<u8> = match turn.kind() {
            Kind::Pass => Vec::new(),
            _ => std::iter::once(turn.from())
                .chain(turn.landings().iter().copied())
                .collect(),
        };
        match self.check_pick(turn.huff(), &path)? {
            legal if legal == *turn => Ok(()),
            _ => Err(Refusal {
                ruleset: self.ruleset(),
                reason: Reason::NoSuchMove { from: turn.from() },
            }),
        }
    }

    /// The position after `turn`, which must be one of this position's
    /// legal turns (as the generator lists them): not checked against the
    /// rules, so faster than [`Position::play`]; another turn that can be
    /// played gives a position the rules could not reach.
    ///
    /// # Panics
    /// On a turn that cannot be played at all: a move of no piece of the
    /// side to move, onto a point off the board or taken (but by a piece
    /// that leaves in the turn), or a huff of a piece that may not be
    /// huffed. Never does it silently leave the position as it was, nor
    /// put two pieces on a point.
    ///
    /// ```should_panic
    /// use peralikatuma_rules::{Position, Ruleset};
    ///
    /// let lau = Position::start(Ruleset::find("lau-kata-kati")?);
    /// let first = lau.legal_turns()[0];
    /// let next = lau.play_unchecked(&first);
    /// next.play_unchecked(&first); // Black to move, and c3 is empty
    /// # Ok::<(), peralikatuma_rules::UnknownRuleset>(())
    /// ```
    #[inline]
    pub fn play_unchecked(&self, turn: &Turn) -> Position {
        /// The turn played, compiled for each ruleset.
        struct Play<'a>(&'a Position, &'a Turn);
        impl Job for Play<'_> {
            type Output = Position;
            #[inline(always)]
            fn run<S: PointSet, R: Rules>(self, rules: R) -> Position {
                let Play(position, turn) = self;
                if !position.playable_as::<S>(turn) {
                    unplayable(position, turn);
                }
                position.play_as::<S, R>(rules, turn)
            }
        }
        specialised::run(self.ruleset, self.code, Play(self, turn))
    }

    /// Whether `turn` can be played here at all ([`Position::play_unchecked`]),
    /// worked out in the ruleset's sets `S`.
    #[inline(always)]
    fn playable_as<S: PointSet>(&self, turn: &Turn) -> bool {
        // A point past the sets' capacity would wrap round in them.
        let fits = |point: u8| usize::from(point) < S::CAPACITY;
        let huffed = match turn.huff() {
            None => S::EMPTY,
            Some(point) if fits(point) => S::point(point),
            Some(_) => return false,
        };
        let huffable = huffed & !S::narrow(self.huffable) == S::EMPTY;
        let Some(to) = turn.to() else {
            return huffable;
        };
        let from = turn.from();
        if !(huffable && fits(from) && usize::from(to) < self.board().len()) {
            return false;
        }
        let (from_bit, to_bit) = (S::point(from), S::point(to));
        let leaving = huffed | S::narrow(turn.captured()) | from_bit;
        let [white, black] = self.pieces.map(S::narrow);
        S::narrow(self.pieces(self.side)) & from_bit != S::EMPTY
            && (white | black) & !leaving & to_bit == S::EMPTY
    }

    /// [`Position::play`], worked out in the ruleset's sets `S` (`u64`
    /// on boards of up to 64 points).
    #[inline(always)]
    pub(super) fn play_as<S: PointSet, R: Rules>(&self, rules: R, turn: &Turn) -> Position {
        let ruleset = self.ruleset;
        let rules = rules.get();
        let (mover, opponent) = (self.side, self.side.opposite());
        let (us, them) = (mover.index(), opponent.index());
        // Worked out in the ruleset's sets, stored as `u128`.
        let mut pieces = self.pieces.map(S::narrow);
        let mut crowned = S::narrow(self.crowned);
        let quiet = match turn.removes() {
            true => 0,
            false => self.quiet.saturating_add(1),
        };
        // The hash changes by the keys of what changes (the keys of the
        // pieces that may be huffed now and of the passes go).
        let mut hash = self.hash ^ zobrist::black_to_move_key() ^ zobrist::passes_key(self.passes);
        // What a ruleset does not have costs nothing where it is compiled
        // for: huffs, passes, kings.
        if rules.huff && self.huffable != 0 {
            hash ^= zobrist::huffable_key(self.huffable);
        }
        let mut huffed_bit = S::EMPTY;
        if rules.huff
            && let Some(huffed) = turn.huff()
        {
            // The opponent's (as `playable` checks), not to touch a king
            // of the mover's in the one set of kings.
            huffed_bit = S::point(huffed) & pieces[them];
            hash ^= zobrist::piece_key(opponent, crowned & huffed_bit != S::EMPTY, huffed);
            pieces[them] &= !huffed_bit;
            crowned &= !huffed_bit;
        }
        // Built whole at the end, not copied and then changed.
        let position = |pieces: [S; 2], crowned: S, huffable: S, passes, barred, hash| Position {
            ruleset,
            pieces: pieces.map(S::widen),
            crowned: crowned.widen(),
            side: opponent,
            huffable: huffable.widen(),
            passes,
            barred,
            quiet,
            hash,
            code: self.code,
        };
        // A pass lands nowhere.
        let Some(to) = turn.to() else {
            let passes = self.passes.saturating_add(1);
            hash ^= zobrist::passes_key(passes);
            return position(pieces, crowned, S::EMPTY, passes, self.barred, hash);
        };
        // The captured pieces leave first: a chain may end on the point of
        // a piece it took (removed at once), and kings of either side
        // share one set.
        let captured = S::narrow(turn.captured());
        if captured != S::EMPTY {
            let taken = pieces[them] & captured;
            hash ^= zobrist::pieces_key(
                opponent,
                (taken & !crowned).widen(),
                (taken & crowned).widen(),
            );
            pieces[them] &= !taken;
            crowned &= !taken;
        }
        let from = turn.from();
        let (from_bit, to_bit) = (S::point(from), S::point(to));
        // Not `^= from | to`: a chain may end where it began.
        pieces[us] = pieces[us] & !from_bit | to_bit;
        if rules.has_kings() && crowned & from_bit != S::EMPTY {
            crowned = crowned & !from_bit | to_bit;
            hash ^= zobrist::piece_key(mover, true, from) ^ zobrist::piece_key(mover, true, to);
        } else {
            let promoted = S::narrow(rules.promotion[us]) & to_bit != S::EMPTY;
            if promoted {
                crowned |= to_bit;
            }
            hash ^=
                zobrist::piece_key(mover, false, from) ^ zobrist::piece_key(mover, promoted, to);
        }
        let mut barred = self.barred;
        if rules.no_return {
            let gone = from_bit | captured | huffed_bit;
            barred = self.barred_after(rules.board, turn, gone, to_bit & !crowned);
            if barred != self.barred {
                let [east, west] = self.barred;
                hash ^= zobrist::barred_key([east ^ barred[0], west ^ barred[1]]);
            }
        }
        // The pieces that could capture before the move, for the huff.
        let mut huffable = S::EMPTY;
        let pending = match rules.huff {
            true => S::narrow(turn.forfeits()),
            false => S::EMPTY,
        };
        if pending != S::EMPTY {
            huffable = pending & pieces[us];
            if pending & from_bit != S::EMPTY {
                huffable |= to_bit;
            }
            hash ^= zobrist::huffable_key(huffable.widen());
        }
        position(pieces, crowned, huffable, 0, barred, hash)
    }

    /// The no-return restrictions (A5) after `turn`, by which the pieces
    /// on `gone` moved or left the board and a man landed on `landed` (a
    /// point, or none for a king): they lose theirs, and a man that
    /// stepped sideways may not step back.
    #[inline(always)]
    fn barred_after<S: PointSet>(
        &self,
        board: &Graph,
        turn: &Turn,
        gone: S,
        landed: S,
    ) -> [u128; 2] {
        let (gone, landed) = (gone.widen(), landed.widen());
        let mut barred = [self.barred[0] & !gone, self.barred[1] & !gone];
        if landed != 0 && turn.kind() == Kind::Step {
            // Stepped east, it may not step west, and the other way round.
            let (from, to) = (turn.from(), turn.landings()[0]);
            if board.neighbour(from, Direction::East) == Some(to) {
                barred[1] |= landed;
            } else if board.neighbour(from, Direction::West) == Some(to) {
                barred[0] |= landed;
            }
        }
        barred
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let board = self.board();
        let names = |set: u128| {
            (0..board.len() as u8)
                .filter(|&p| set & (1 << p) != 0)
                .map(|p| board.point_name(p).to_string())
                .collect::<Vec<_>>()
                .join(",")
        };
        write!(
            f,
            "Position({} {:?} to move; White {} kings {}; Black {} kings {})",
            self.ruleset().id,
            self.side,
            names(self.men(Side::White)),
            names(self.kings(Side::White)),
            names(self.men(Side::Black)),
            names(self.kings(Side::Black)),
        )
    }
}

/// The panic of [`Position::play_unchecked`] on a turn it cannot play.
#[cold]
#[inline(never)]
fn unplayable(position: &Position, turn: &Turn) -> ! {
    panic!(
        "play_unchecked: {} cannot be played in {position}",
        turn.text(position.board())
    )
}
