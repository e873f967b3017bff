//! Turns: an optional forfeit claim and one move, identified by its path.

use std::hash::{Hash, Hasher};

use board_topology::{Bitboard, Point};
use smallvec::SmallVec;

use crate::variant::Variant;

/// The most landing points a move can have: each jump captures an enemy
/// piece not captured before (captured pieces stay on the board until the
/// move ends, R2.4), and no game starts a side with more than 23 pieces.
pub const MAX_LANDINGS: usize = 23;

// The bound holds for every game (checked when compiling).
const _: () = {
    let mut i = 0;
    while i < Variant::ALL.len() {
        assert!(Variant::ALL[i].pieces_per_side() <= MAX_LANDINGS);
        i += 1;
    }
};

/// A turn (R2.6): an optional forfeit claim (P6) followed by one move.
///
/// The move is identified by its path (R2.5): the starting point and every
/// landing point. A step has one landing point and captures nothing; a chain
/// of jumps has one landing point per jump and captures one piece per jump.
///
/// Turns come from [`Position::legal_turns`](crate::Position::legal_turns)
/// or from text through
/// [`Position::parse_turn`](crate::Position::parse_turn); they are printed
/// with [`Turn::notation`].
#[derive(Copy, Clone, Debug)]
pub struct Turn {
    claim: Option<Point>,
    from: Point,
    len: u8,
    landings: [Point; MAX_LANDINGS],
    captured: Bitboard,
}

impl Turn {
    /// A step from `from` to `to`, after an optional claim.
    #[inline]
    pub(crate) fn step(claim: Option<Point>, from: Point, to: Point) -> Turn {
        let mut landings = [from; MAX_LANDINGS];
        landings[0] = to;
        Turn {
            claim,
            from,
            len: 1,
            landings,
            captured: Bitboard::EMPTY,
        }
    }

    /// A chain from `from` over `landings`, capturing `captured`.
    #[inline]
    pub(crate) fn chain(
        claim: Option<Point>,
        from: Point,
        path: &[Point],
        captured: Bitboard,
    ) -> Turn {
        let mut landings = [from; MAX_LANDINGS];
        landings[..path.len()].copy_from_slice(path);
        Turn {
            claim,
            from,
            len: path.len() as u8,
            landings,
            captured,
        }
    }

    /// The claimed piece, if the turn starts with a forfeit claim (P6).
    #[inline]
    pub fn claim(&self) -> Option<Point> {
        self.claim
    }

    /// Where the moving piece starts.
    #[inline]
    pub fn from(&self) -> Point {
        self.from
    }

    /// Where the moving piece ends.
    #[inline]
    pub fn to(&self) -> Point {
        self.landings[self.len as usize - 1]
    }

    /// Every landing point in order (one for a step, one per jump for a
    /// chain).
    #[inline]
    pub fn landings(&self) -> &[Point] {
        &self.landings[..self.len as usize]
    }

    /// The whole path: the starting point, then every landing point (R2.5).
    pub fn path(&self) -> impl Iterator<Item = Point> + Clone + '_ {
        std::iter::once(self.from).chain(self.landings().iter().copied())
    }

    /// The pieces the move captures (empty for a step). A forfeit claim is
    /// not a capture (P6.2).
    #[inline]
    pub fn captured(&self) -> Bitboard {
        self.captured
    }

    /// Whether the move captures anything.
    #[inline]
    pub fn is_capture(&self) -> bool {
        self.captured.any()
    }

    /// Whether a piece leaves the board in this turn, by capture or claim
    /// (the counter of E4 starts again).
    #[inline]
    pub fn removes_pieces(&self) -> bool {
        self.is_capture() || self.claim.is_some()
    }
}

/// Turns are equal when their claims and paths are (R2.5).
impl PartialEq for Turn {
    fn eq(&self, other: &Turn) -> bool {
        self.claim == other.claim
            && self.from == other.from
            && self.captured == other.captured
            && self.landings() == other.landings()
    }
}

impl Eq for Turn {}

impl Hash for Turn {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.claim.hash(state);
        self.from.hash(state);
        self.landings().hash(state);
    }
}

/// Inline capacity of a [`TurnList`]: positions with more legal turns spill
/// to the heap, which is rare.
pub const TURN_LIST_CAPACITY: usize = 96;

/// A list of turns, kept on the stack in the common case.
pub type TurnList = SmallVec<[Turn; TURN_LIST_CAPACITY]>;
