//! Validated positions and how turns change them.

use std::fmt;

use board_topology::{Bitboard, Board, Direction, Point};

use crate::error::{PositionError, TurnError};
use crate::movegen::{self, Counter, Find, Placement, Sink};
use crate::setup::{NoReturn, Setup};
use crate::side::Side;
use crate::turn::{Turn, TurnList};
use crate::variant::Variant;
use crate::zobrist;

/// A legal position of one of the games: pieces, side to move, claimable
/// pieces (P6), the turn counter of E4, and a Zobrist hash kept up to date
/// as turns are played.
///
/// A `Position` can only be made from a [`Setup`] that passes every check,
/// so it is never in an invalid state.
///
/// ```
/// use peralikatuma_rules::{Position, Variant};
///
/// let start = Position::start(Variant::Peralikatuma);
/// assert_eq!(start.legal_turns().len(), 6);
/// let turn = start.parse_turn("e4-e5")?;
/// let next = start.play(&turn)?;
/// assert_eq!(next.to_string().split(':').next(), Some("B"));
/// # Ok::<(), peralikatuma_rules::TurnError>(())
/// ```
#[derive(Copy, Clone, Debug)]
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
                let point = raw_name(off_board);
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
            let on_board = stray.first().filter(|&p| board.contains(p));
            let point = on_board.map_or_else(|| raw_name(stray), name);
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
        position.hash = position.hash_from_scratch();
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
    pub fn variant(&self) -> Variant {
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
    /// repetition (E3): pieces, side to move, claimable pieces. The turn
    /// counter is not part of it.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The hash computed from scratch (equal to [`Position::hash`]; for
    /// tests).
    pub fn hash_from_scratch(&self) -> u64 {
        zobrist::pieces(Side::White, self.pieces[0])
            ^ zobrist::pieces(Side::Black, self.pieces[1])
            ^ zobrist::kings(self.kings)
            ^ zobrist::claimable(self.claimable)
            ^ zobrist::no_return(self.no_return)
            ^ zobrist::side_to_move(self.side)
    }

    /// Whether the positions are the same for repetition (E3): the same
    /// pieces, side to move and claimable pieces.
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

    pub(crate) fn generate<S: Sink>(&self, sink: &mut S) {
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

    /// Every legal turn. In Peralikatuma (P7): each legal move, and for each
    /// claimable piece each legal move with that piece removed, preceded by
    /// the claim. In Alquerque and Permainan: the captures if there are any
    /// (A4, M5), else the other moves.
    pub fn legal_turns(&self) -> TurnList {
        let mut list = TurnList::new();
        self.generate(&mut list);
        list
    }

    /// The number of legal turns, counted without listing them.
    pub fn count_legal_turns(&self) -> usize {
        let mut counter = Counter::default();
        self.generate(&mut counter);
        counter.0
    }

    /// Whether `turn` is a legal turn of this position.
    pub fn is_legal(&self, turn: &Turn) -> bool {
        self.find_turn(|t| t == turn).is_some()
    }

    /// The first legal turn that `matches` accepts, found without listing
    /// the legal turns (a position can have millions).
    pub(crate) fn find_turn(&self, matches: impl FnMut(&Turn) -> bool) -> Option<Turn> {
        let mut find = Find::new(matches);
        self.generate(&mut find);
        find.found
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
        let placement = Placement {
            board: self.board(),
            own: self.pieces[side.index()],
            enemy: self.pieces[side.opposite().index()],
        };
        let alquerque = (self.variant == Variant::Alquerque).then(|| side.facing());
        movegen::capturable(placement, self.kings, alquerque)
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
    /// [`TurnError::Illegal`] if `turn` is not a legal turn of this
    /// position; the position is not changed.
    pub fn play(&self, turn: &Turn) -> Result<Position, TurnError> {
        if self.is_legal(turn) {
            Ok(self.play_unchecked(turn))
        } else {
            Err(TurnError::Illegal {
                text: turn.notation(self.variant).to_string(),
                reason: "it is not among the legal turns of this position".to_owned(),
            })
        }
    }

    /// Plays `turn` without checking that it is legal, for engines and perft
    /// that take their turns from [`Position::legal_turns`].
    ///
    /// A turn that cannot be played here at all (its piece is not the
    /// mover's, its destination is taken, its claim is not available)
    /// leaves the position unchanged; any other turn that is not legal here
    /// gives a position that is valid but not reachable by the rules. Use
    /// [`Position::play`] for turns from outside.
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
            return *self;
        }
        let mut next = *self;
        let mut hash = self.hash;

        if let Some(c) = turn.claim() {
            if next.pieces[them.index()].contains(c) {
                next.pieces[them.index()].remove(c);
                hash ^= zobrist::piece(them, c);
            }
        }

        let captured = turn.captured() & next.pieces[them.index()];
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

        next.quiet = if captured.any() || turn.claim().is_some() {
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
                let mut turns = TurnList::new();
                self.generate(&mut turns);
                turns
                    .iter()
                    .map(|t| self.play_unchecked(t).perft(depth - 1))
                    .sum()
            }
        }
    }
}

/// Names the lowest point of a set that is not on the game's board: its
/// whole-board name (R1.1).
fn raw_name(set: Bitboard) -> String {
    set.first().map(|p| p.to_string()).unwrap_or_default()
}

/// Positions are equal when every field is, the turn counter included.
/// For repetition (E3), see [`Position::same_for_repetition`].
impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        self.same_for_repetition(other) && self.quiet == other.quiet
    }
}

impl Eq for Position {}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.to_setup().fmt(f)
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
    let point_name = |set: Bitboard| {
        set.first()
            .filter(|&p| board.contains(p))
            .map_or_else(|| raw_name(set), name)
    };
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
