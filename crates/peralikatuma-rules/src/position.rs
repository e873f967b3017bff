//! Validated positions and how turns change them.

use std::fmt;
use std::ops::ControlFlow;

use board_topology::{Bitboard, Board, Direction, Point};

use crate::error::PositionError;
use crate::movegen::{self, Collect, Counter, Listener, Placement, Sink};
use crate::moves::Moves;
use crate::outcome::{Outcome, WinReason};
use crate::refusal::Refusal;
use crate::setup::{NoReturn, Setup};
use crate::side::Side;
use crate::turn::Turn;
use crate::turn_list::TurnList;
use crate::variant::Variant;
use crate::zobrist;

/// A legal position of one of the games: pieces, side to move, claimable
/// pieces (P6), the turn counter of E4, and a Zobrist hash kept up to date
/// as turns are played.
///
/// A `Position` can only be made from a [`Setup`] that passes every check,
/// so it is never in an invalid state. It prints as its position text (N3);
/// `Debug` adds the game.
///
/// Equal positions (`==`, `Hash`) have every field equal, the turn counter
/// of E4 included; [`Position::same_for_repetition`] compares them as E3
/// does.
///
/// ```
/// use peralikatuma_rules::{Position, Variant};
///
/// let start = Position::start(Variant::Peralikatuma);
/// assert_eq!(start.legal_turns().len(), 6);
/// let turn = start.parse_turn("e4-e5")?;
/// let next = start.play(&turn)?;
/// assert_eq!(next.to_string().split(':').next(), Some("B"));
/// assert_eq!(
///     format!("{:?}", Position::start(Variant::Alquerque)),
///     "Position(alquerque W:Wa1,b1,c1,d1,e1,a2,b2,c2,d2,e2,d3,e3:Ba3,b3,a4,b4,c4,d4,e4,a5,b5,c5,d5,e5)"
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Position {
    variant: Variant,
    side: Side,
    pieces: [Bitboard; 2],
    kings: Bitboard,
    claimable: Bitboard,
    no_return: NoReturn,
    quiet: u32,
    hash: u64,
}

impl Position {
    /// The start position of `variant`.
    pub fn start(variant: Variant) -> Position {
        match Position::from_setup(Setup::start(variant)) {
            Ok(position) => position,
            Err(error) => unreachable!("the start position of {variant} is invalid: {error}"),
        }
    }

    /// Checks `setup` against the rules of its game (N3): every piece on a
    /// point of the game's board, no point held by both sides, no more
    /// pieces than the game starts with, claimable points only on pieces of
    /// the side not to move.
    pub fn from_setup(setup: Setup) -> Result<Position, PositionError> {
        let variant = setup.variant;
        let board = variant.board();
        let name = |p: Point| board.point_name(p).to_string();
        for side in Side::ALL {
            let pieces = setup.pieces(side);
            let off_board = pieces - board.points();
            if off_board.any() {
                let point = first_name(board, off_board);
                return Err(PositionError::OffBoard {
                    side,
                    point,
                    variant,
                });
            }
            let max = variant.pieces_per_side();
            if pieces.count() > max {
                return Err(PositionError::TooManyPieces {
                    side,
                    count: pieces.count(),
                    max,
                    variant,
                });
            }
        }
        if let Some(point) = (setup.white & setup.black).first() {
            return Err(PositionError::BothSides { point: name(point) });
        }
        let waiting = setup.side_to_move.opposite();
        let stray = setup.claimable - setup.pieces(waiting);
        if stray.any() {
            let point = first_name(board, stray);
            return Err(PositionError::ClaimableNotAPiece {
                point,
                side: waiting,
            });
        }
        check_game_specific(&setup)?;
        let mut position = Position {
            variant,
            side: setup.side_to_move,
            pieces: [setup.white, setup.black],
            kings: setup.kings,
            claimable: setup.claimable,
            no_return: setup.no_return,
            quiet: setup.quiet_turns,
            hash: 0,
        };
        position.hash = position.zobrist_from_scratch();
        Ok(position)
    }

    /// The position as plain data.
    pub fn to_setup(&self) -> Setup {
        Setup {
            variant: self.variant,
            side_to_move: self.side,
            white: self.pieces[0],
            black: self.pieces[1],
            kings: self.kings,
            claimable: self.claimable,
            no_return: self.no_return,
            quiet_turns: self.quiet,
        }
    }

    /// Reads position text (N3) of `variant`: syntax, then the rules.
    ///
    /// ```
    /// use peralikatuma_rules::{Position, Variant};
    /// let error = Position::parse(Variant::Peralikatuma, "W:We5:Be5").unwrap_err();
    /// assert_eq!(error.to_string(), "e5 is given twice");
    /// ```
    pub fn parse(variant: Variant, text: &str) -> Result<Position, crate::PositionTextError> {
        Ok(Position::from_setup(Setup::parse(variant, text)?)?)
    }

    /// The game.
    #[inline]
    pub const fn variant(&self) -> Variant {
        self.variant
    }

    /// The game's board.
    #[inline]
    pub fn board(&self) -> Board {
        self.variant.board()
    }

    /// The side to move.
    #[inline]
    pub fn side_to_move(&self) -> Side {
        self.side
    }

    /// The pieces of `side`.
    #[inline]
    pub fn pieces(&self, side: Side) -> Bitboard {
        self.pieces[side.index()]
    }

    /// Every occupied point.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.pieces[0] | self.pieces[1]
    }

    /// The side whose piece stands on `point`, if any.
    pub fn side_at(&self, point: Point) -> Option<Side> {
        Side::ALL
            .into_iter()
            .find(|&s| self.pieces(s).contains(point))
    }

    /// Pieces of the side not to move that the side to move may claim at
    /// the start of its turn (P6).
    #[inline]
    pub fn claimable(&self) -> Bitboard {
        self.claimable
    }

    /// Turns since a piece last left the board, by capture or claim (E4).
    #[inline]
    pub fn quiet_turns(&self) -> u32 {
        self.quiet
    }

    /// The Zobrist hash of everything that makes two positions the same for
    /// repetition (E3): the pieces with their kings, the side to move, the
    /// claimable pieces (P6) and the no-return restrictions (A5). The turn
    /// counter of E4 is not part of it. Kept up to date as turns are played:
    /// what a search keys its tables and repetitions by. (`Hash`, for maps
    /// and sets, hashes every field, as `==` compares them.)
    #[inline]
    pub fn zobrist(&self) -> u64 {
        self.hash
    }

    /// The Zobrist hash computed from scratch (equal to
    /// [`Position::zobrist`]; for tests).
    pub fn zobrist_from_scratch(&self) -> u64 {
        zobrist::pieces(Side::White, self.pieces[0])
            ^ zobrist::pieces(Side::Black, self.pieces[1])
            ^ zobrist::kings(self.kings)
            ^ zobrist::claimable(self.claimable)
            ^ zobrist::no_return(self.no_return)
            ^ zobrist::side_to_move(self.side)
    }

    /// Whether the positions are the same for repetition (E3): the same
    /// pieces with their kings, side to move, claimable pieces (P6) and
    /// no-return restrictions (A5); the turn counter of E4 may differ.
    pub fn same_for_repetition(&self, other: &Position) -> bool {
        self.hash == other.hash
            && self.variant == other.variant
            && self.side == other.side
            && self.pieces == other.pieces
            && self.kings == other.kings
            && self.claimable == other.claimable
            && self.no_return == other.no_return
    }

    #[inline]
    fn placement(&self) -> Placement {
        Placement {
            board: self.board(),
            own: self.pieces(self.side),
            enemy: self.pieces(self.side.opposite()),
        }
    }

    /// The pieces that are kings, of either side (Permainan, M4).
    #[inline]
    pub fn kings(&self) -> Bitboard {
        self.kings
    }

    /// The no-return restrictions (Alquerque, A5).
    #[inline]
    pub fn no_return(&self) -> NoReturn {
        self.no_return
    }

    /// Hands the legal turns to `listener`, group by group ([`Moves`]: the
    /// steps of one piece, or one chain), in the order of
    /// [`Position::legal_turns`], until the listener returns
    /// [`ControlFlow::Break`]: then it stops at once and returns the break.
    /// Nothing is allocated: this is how to look at the turns of a position
    /// without a list (a valid position can have millions).
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use peralikatuma_rules::{Moves, Position, Variant};
    ///
    /// let start = Position::start(Variant::Peralikatuma);
    /// // Count the turns, group by group.
    /// let mut count = 0;
    /// let _ = start.generate(|moves| {
    ///     count += moves.len();
    ///     ControlFlow::<()>::Continue(())
    /// });
    /// assert_eq!(count, start.legal_turns().len());
    ///
    /// // The first capture, if there is one: none at the start.
    /// let capture = start.generate(|moves| match moves {
    ///     Moves::Chain { .. } => ControlFlow::Break(moves.turns().next()),
    ///     Moves::Steps { .. } => ControlFlow::Continue(()),
    /// });
    /// assert_eq!(capture, ControlFlow::Continue(()));
    /// ```
    #[inline]
    pub fn generate<B>(&self, listener: impl FnMut(Moves<'_>) -> ControlFlow<B>) -> ControlFlow<B> {
        let mut sink = Listener::new(self.variant, listener);
        self.generate_into(&mut sink);
        match sink.stopped {
            Some(value) => ControlFlow::Break(value),
            None => ControlFlow::Continue(()),
        }
    }

    /// Generates the legal turns into one of the crate's sinks.
    #[inline]
    pub(crate) fn generate_into<S: Sink>(&self, sink: &mut S) {
        let placement = self.placement();
        match self.variant {
            Variant::Peralikatuma => movegen::peralikatuma(placement, self.claimable, sink),
            Variant::Alquerque => {
                movegen::alquerque(placement, self.side.facing(), self.no_return, sink)
            }
            Variant::Permainan => {
                movegen::permainan(placement, self.kings, self.side.facing(), sink)
            }
        }
    }

    /// Every legal turn, in a list. In Peralikatuma (P7): each legal move,
    /// and for each claimable piece each legal move with that piece
    /// removed, preceded by the claim. In Alquerque and Permainan: the
    /// captures if there are any (A4, M5), else the other moves.
    pub fn legal_turns(&self) -> TurnList {
        let mut list = TurnList::new();
        self.generate_into(&mut Collect {
            variant: self.variant,
            list: &mut list,
        });
        list
    }

    /// The number of legal turns, counted without listing them.
    pub fn count_legal_turns(&self) -> usize {
        let mut counter = Counter::default();
        self.generate_into(&mut counter);
        counter.0
    }

    /// Whether the side to move has a legal turn: the generation stops at
    /// the first one.
    pub fn has_legal_turn(&self) -> bool {
        self.generate(|_| ControlFlow::Break(())).is_break()
    }

    /// What the position alone decides about the end of the game (E1): a
    /// win for the opponent of a side without pieces, or of the side to
    /// move when it has no legal turn. Repetitions (E2), the sixty-turn
    /// rule (E4) and agreements (E6) need the game's history: see
    /// [`Game::outcome`](crate::Game::outcome).
    ///
    /// ```
    /// use peralikatuma_rules::{Outcome, Position, Side, Variant, WinReason};
    /// // Black's only piece is blocked on its last rank... of Alquerque,
    /// // where it cannot step (A3) and has nothing to jump.
    /// let position = Position::parse(Variant::Alquerque, "B:Wc3:Ba1")?;
    /// assert_eq!(
    ///     position.outcome(),
    ///     Some(Outcome::Win { winner: Side::White, reason: WinReason::NoLegalTurn })
    /// );
    /// assert_eq!(Position::start(Variant::Alquerque).outcome(), None);
    /// # Ok::<(), peralikatuma_rules::PositionTextError>(())
    /// ```
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome_given(|| self.has_legal_turn())
    }

    /// E1, given whether the side to move has a legal turn; that is asked
    /// only when both sides have pieces.
    #[inline]
    pub(crate) fn outcome_given(&self, has_legal_turn: impl FnOnce() -> bool) -> Option<Outcome> {
        let to_move = self.side;
        // E1 holds for either side: a position set up (N3) with the side
        // not to move already without pieces is lost for that side too.
        for loser in [to_move, to_move.opposite()] {
            if self.pieces(loser).is_empty() {
                return Some(Outcome::Win {
                    winner: loser.opposite(),
                    reason: WinReason::NoPieces,
                });
            }
        }
        if !has_legal_turn() {
            return Some(Outcome::Win {
                winner: to_move.opposite(),
                reason: WinReason::NoLegalTurn,
            });
        }
        None
    }

    /// The pieces of `side`'s opponent that `side` could capture with the
    /// first jump of a move, were it to move now: short jumps of men (in
    /// Alquerque only forward or sideways, and only sideways from the last
    /// rank, A4.1), long jumps of kings (M4). Claims are not counted.
    ///
    /// ```
    /// use peralikatuma_rules::{Position, Side, Variant};
    /// let position = Position::parse(Variant::Alquerque, "W:Wc3:Bc4,c2,a5")?;
    /// let names = |side| -> Vec<String> {
    ///     let capturable = position.capturable(side);
    ///     capturable.iter().map(|p| position.board().point_name(p).to_string()).collect()
    /// };
    /// assert_eq!(names(Side::White), ["c4"]); // not c2: that jump is backward (A4.1)
    /// assert!(names(Side::Black).is_empty()); // c4 would land on c2
    /// # Ok::<(), peralikatuma_rules::PositionTextError>(())
    /// ```
    pub fn capturable(&self, side: Side) -> Bitboard {
        self.first_jumps(side).1
    }

    /// The pieces of `side` that could capture with the first jump of a
    /// move, were it to move now, by the rules for that jump (A4.1, M4):
    /// in Alquerque and Permainan, where captures are compulsory (A4, M5),
    /// the pieces one of which must capture.
    ///
    /// ```
    /// use peralikatuma_rules::{Position, Side, Variant};
    /// let position = Position::parse(Variant::Alquerque, "W:Wc3,a1:Bc4,c2,a5")?;
    /// let capturers = position.capturers(Side::White);
    /// assert_eq!(capturers, position.board().parse_point("c3")?.into());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn capturers(&self, side: Side) -> Bitboard {
        self.first_jumps(side).0
    }

    /// The pieces of `side` that could jump first, and the enemy pieces
    /// they could take.
    fn first_jumps(&self, side: Side) -> (Bitboard, Bitboard) {
        let placement = Placement {
            board: self.board(),
            own: self.pieces[side.index()],
            enemy: self.pieces[side.opposite().index()],
        };
        let alquerque = (self.variant == Variant::Alquerque).then(|| side.facing());
        movegen::first_jumps(placement, self.kings, alquerque)
    }

    /// The pieces `turn` captures in this position: for each jump, the
    /// enemy piece between its points (R2.2, M4). Empty for a step. The
    /// turn should be legal here ([`Position::check`]), or the beginning
    /// of a legal chain (as a player picks it, jump by jump: the pieces
    /// jumped so far); for another turn the answer means nothing.
    ///
    /// ```
    /// use peralikatuma_rules::{Position, Turn, Variant};
    /// let position = Position::parse(Variant::Alquerque, "W:Wa1:Bb2,c4,e5")?;
    /// let names = |chain: &Turn| -> Vec<String> {
    ///     position.captured(chain).iter()
    ///         .map(|p| position.board().point_name(p).to_string())
    ///         .collect()
    /// };
    /// let chain = position.parse_turn("a1xc3xc5")?;
    /// assert_eq!(names(&chain), ["b2", "c4"]);
    /// // The chain must go on from c3 (A4.3); its first jump took b2.
    /// let begun = Turn::chain(Variant::Alquerque, chain.from(), &chain.landings()[..1])?;
    /// assert!(position.check(&begun).is_err());
    /// assert_eq!(names(&begun), ["b2"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn captured(&self, turn: &Turn) -> Bitboard {
        turn.passed() & self.pieces(self.side.opposite())
    }

    /// The side to move's pieces that may not step straight back (A5), each
    /// with the point it may not step to.
    ///
    /// ```
    /// use peralikatuma_rules::{Position, Variant};
    /// let position = Position::parse(Variant::Alquerque, "W:Wb3:Bd5:Rb3-a3")?;
    /// let name = |p| position.board().point_name(p).to_string();
    /// let barred: Vec<(String, String)> =
    ///     position.barred_steps().map(|(piece, to)| (name(piece), name(to))).collect();
    /// assert_eq!(barred, [("b3".to_string(), "a3".to_string())]);
    /// # Ok::<(), peralikatuma_rules::PositionTextError>(())
    /// ```
    pub fn barred_steps(&self) -> impl Iterator<Item = (Point, Point)> + '_ {
        let board = self.board();
        (self.no_return.pieces() & self.pieces(self.side))
            .iter()
            .filter_map(move |p| Some((p, self.no_return.barred(board, p)?)))
    }

    /// The pieces of the side to move that could make a jump now, after
    /// the claim `claim` if any: if the side moves without capturing, these
    /// become claimable for the opponent (P6.1).
    pub fn jumpers(&self, claim: Option<Point>) -> Bitboard {
        let mut placement = self.placement();
        if let Some(c) = claim {
            placement.enemy.remove(c);
        }
        movegen::jumpers(placement)
    }

    /// Plays a legal turn and returns the position after it.
    ///
    /// # Errors
    /// A [`Refusal`] saying why, if `turn` is not a legal turn of this
    /// position ([`Position::check`]); the position is not changed.
    pub fn play(&self, turn: &Turn) -> Result<Position, Refusal> {
        self.check(turn)?;
        Ok(self.play_unchecked(turn))
    }

    /// Plays `turn` without checking that it is legal: for engines and
    /// perft, whose turns come from this position's own
    /// [`legal_turns`](Position::legal_turns) or
    /// [`generate`](Position::generate), or were checked with
    /// [`Position::check`]. Use [`Position::play`] for turns from outside.
    ///
    /// It assumes that `turn` is legal here. Debug builds check it all and
    /// panic on an illegal turn. Release builds check only what the update
    /// itself needs, and panic if the turn's piece is not the mover's, its
    /// landing point is taken or off the board, or its claim is not
    /// claimable; any other illegal turn (a step backward, a turn of
    /// another game on points of this board, ...) gives a valid position
    /// that the rules could not reach.
    ///
    /// # Panics
    /// On an illegal turn, as above: never does it silently leave the
    /// position as it was.
    pub fn play_unchecked(&self, turn: &Turn) -> Position {
        self.play_knowing_jumpers(turn, movegen::jumpers)
    }

    /// [`Position::play_unchecked`], given how to find the pieces of the
    /// side to move that have a jump after the turn's claim (P6.1): a
    /// caller that generated the turns knows them already.
    #[inline]
    pub(crate) fn play_knowing_jumpers(
        &self,
        turn: &Turn,
        jumpers: impl FnOnce(Placement) -> Bitboard,
    ) -> Position {
        debug_assert!(
            self.is_legal(turn),
            "play_unchecked: {turn} is not legal in {self:?}: {}",
            self.check(turn)
                .err()
                .map_or_else(String::new, |r| r.to_string())
        );
        let us = self.side;
        let them = us.opposite();
        let board = self.board();
        let (from, to) = (turn.from(), turn.to());
        let claim = turn.claim().map_or(Bitboard::EMPTY, Bitboard::from);
        let playable = self.pieces(us).contains(from)
            && (to == from || !(self.occupied() - claim).contains(to))
            && board.contains(to)
            && claim.is_subset(self.claimable);
        if !playable {
            unplayable(self, turn);
        }
        let mut next = *self;
        let mut hash = self.hash;

        if let Some(c) = turn.claim() {
            if next.pieces[them.index()].contains(c) {
                next.pieces[them.index()].remove(c);
                hash ^= zobrist::piece(them, c);
            }
        }

        // What the turn captures (`Position::captured`), after the claim.
        let captured = turn.passed() & next.pieces[them.index()];
        if self.variant.has_forfeits() {
            next.claimable = if captured.is_empty() {
                let could_jump = jumpers(Placement {
                    board,
                    own: next.pieces[us.index()],
                    enemy: next.pieces[them.index()],
                });
                // P6.1: a piece that could have jumped is claimable where it ends.
                if could_jump.contains(from) {
                    could_jump.without(from).with(to)
                } else {
                    could_jump
                }
            } else {
                Bitboard::EMPTY
            };
            // Only the claimable pieces that changed flip the hash.
            hash ^= zobrist::claimable(self.claimable ^ next.claimable);
        }

        next.pieces[us.index()] = next.pieces[us.index()].without(from).with(to);
        hash ^= zobrist::piece(us, from) ^ zobrist::piece(us, to);
        if self.variant.has_kings() {
            // A king moves as a king; a man ending on the opponent's base is
            // crowned (M6).
            let crowned = self.kings.contains(from) || board.base(them.facing()).contains(to);
            let kings = (self.kings - captured).without(from);
            next.kings = if crowned { kings.with(to) } else { kings };
            hash ^= zobrist::kings(self.kings ^ next.kings);
        }
        next.pieces[them.index()] -= captured;
        hash ^= zobrist::pieces(them, captured);

        if self.variant.has_no_return() {
            // A5: the moved piece's old restriction goes, a captured piece's
            // too; a sideways step bars the way back.
            let mut no_return = self.no_return.without(captured.with(from));
            if captured.is_empty() && from.rank() == to.rank() {
                if to.file() > from.file() {
                    no_return.west.insert(to);
                } else if to.file() < from.file() {
                    no_return.east.insert(to);
                }
            }
            next.no_return = no_return;
            // Only the restrictions that changed flip the hash.
            hash ^= zobrist::no_return(NoReturn {
                east: self.no_return.east ^ no_return.east,
                west: self.no_return.west ^ no_return.west,
            });
        }

        next.quiet = if turn.removes_pieces() {
            0
        } else {
            self.quiet.saturating_add(1)
        };
        next.side = them;
        hash ^= zobrist::side_to_move(us) ^ zobrist::side_to_move(them);
        next.hash = hash;
        next
    }

    /// perft (X1): the number of distinct sequences of `depth` legal turns.
    ///
    /// ```
    /// use peralikatuma_rules::{Position, Variant};
    /// assert_eq!(Position::start(Variant::Peralikatuma).perft(3), 617);
    /// ```
    pub fn perft(&self, depth: u32) -> u64 {
        match depth {
            0 => 1,
            1 => self.count_legal_turns() as u64,
            _ => {
                // Listed here, not returned by `legal_turns`: the list is
                // not copied.
                let mut list = TurnList::new();
                self.generate_into(&mut Collect {
                    variant: self.variant,
                    list: &mut list,
                });
                list.iter()
                    .map(|t| self.play_unchecked(t).perft(depth - 1))
                    .sum()
            }
        }
    }
}

/// The panic of [`Position::play_unchecked`] for a turn it cannot play.
#[cold]
#[inline(never)]
fn unplayable(position: &Position, turn: &Turn) -> ! {
    let why = position
        .check(turn)
        .err()
        .map_or_else(String::new, |refusal| format!(": {refusal}"));
    panic!("play_unchecked: {turn} cannot be played in {position:?}{why}")
}

/// Names the lowest point of a set, in the game's names where it has one.
fn first_name(board: Board, set: Bitboard) -> String {
    set.first()
        .map(|p| board.point_name(p).to_string())
        .unwrap_or_default()
}

/// The position text (N3).
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.to_setup().fmt(f)
    }
}

/// `Position(alquerque W:...)`: the game and the position text.
impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({} {self})", self.variant.name())
    }
}

/// The checks that depend on the game: kings only in Permainan and never a
/// man on the opponent's base (M6); claimable pieces only in Peralikatuma
/// (P6); no-return restrictions only in Alquerque, each on a piece and
/// barring one sideways step (A5).
fn check_game_specific(setup: &Setup) -> Result<(), PositionError> {
    let variant = setup.variant;
    let board = variant.board();
    let name = |p: Point| board.point_name(p).to_string();
    let pieces = setup.white | setup.black;
    if setup.kings.any() && !variant.has_kings() {
        return Err(PositionError::NotInGame {
            what: "kings",
            variant,
        });
    }
    if setup.claimable.any() && !variant.has_forfeits() {
        return Err(PositionError::NotInGame {
            what: "claimable pieces (forfeits)",
            variant,
        });
    }
    if !setup.no_return.is_empty() && !variant.has_no_return() {
        return Err(PositionError::NotInGame {
            what: "no-return restrictions",
            variant,
        });
    }
    // A point of the game's board is named in the game's names (R1.6).
    let point_name = |set: Bitboard| first_name(board, set);
    let stray_kings = setup.kings - pieces;
    if stray_kings.any() {
        return Err(PositionError::KingWithoutPiece {
            point: point_name(stray_kings),
        });
    }
    if variant.has_kings() {
        for side in Side::ALL {
            let far_base = board.base(side.opposite().facing());
            if let Some(point) = ((setup.pieces(side) - setup.kings) & far_base).first() {
                return Err(PositionError::ManOnFarBase {
                    point: name(point),
                    side,
                });
            }
        }
    }
    let no_return = setup.no_return;
    let stray = no_return.pieces() - pieces;
    if stray.any() {
        return Err(PositionError::NoReturnWithoutPiece {
            point: point_name(stray),
        });
    }
    if let Some(point) = (no_return.east & no_return.west).first() {
        return Err(PositionError::NoReturnBothWays { point: name(point) });
    }
    for (barred, direction, way) in [
        (no_return.east, Direction::East, "east"),
        (no_return.west, Direction::West, "west"),
    ] {
        if let Some(point) = barred
            .iter()
            .find(|&p| board.neighbour(p, direction).is_none())
        {
            return Err(PositionError::NoReturnOffBoard {
                point: name(point),
                way,
            });
        }
    }
    Ok(())
}
