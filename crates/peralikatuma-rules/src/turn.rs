//! Turns: an optional forfeit claim and one move, identified by its path.

use std::fmt;
use std::hash::{Hash, Hasher};

use board_topology::{Bitboard, Point};

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

/// A turn (R2.6): an optional forfeit claim (P6) followed by one move, in
/// one game.
///
/// A turn is plain data, identified by what R2.5 and N2 identify it by:
/// its claim, its path (the starting point and every landing point) and
/// whether it is a step (`-`) or a chain of jumps (`x`). Turns come from a
/// position ([`Position::legal_turns`](crate::Position::legal_turns),
/// [`Position::generate`](crate::Position::generate),
/// [`Position::parse_turn`](crate::Position::parse_turn)), or are built
/// from points ([`Turn::step`], [`Turn::chain`], [`Turn::with_claim`]) and
/// checked with [`Position::check`](crate::Position::check) or
/// [`Position::play`](crate::Position::play). What a turn captures depends
/// on the position: [`Position::captured`](crate::Position::captured).
///
/// A turn prints in the notation of N2, in its game's point names (R1.6).
///
/// ```
/// use peralikatuma_rules::{Position, Turn, Variant};
///
/// let start = Position::start(Variant::Alquerque);
/// let c2 = start.board().parse_point("c2")?;
/// let c3 = start.board().parse_point("c3")?;
/// let turn = Turn::step(Variant::Alquerque, c2, c3);
/// assert_eq!(turn.to_string(), "c2-c3");
/// assert_eq!(format!("{turn:?}"), "Turn(c2-c3)");
/// assert!(start.is_legal(&turn));
/// assert!(start.legal_turns().contains(&turn));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone)]
pub struct Turn {
    variant: Variant,
    claim: Option<Point>,
    from: Point,
    capture: bool,
    len: u8,
    landings: [Point; MAX_LANDINGS],
    /// The points between the landings, which the chain passes over: a
    /// function of the path on the game's board, kept so that playing the
    /// turn need not find it again (the captured pieces are those of them
    /// that hold enemy pieces, R2.2, M4).
    passed: Bitboard,
}

/// A chain of jumps built with no landing point, or with more than any game
/// allows ([`MAX_LANDINGS`]).
#[derive(Copy, Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("a chain has 1 to {max} landing points, not {landings}", max = MAX_LANDINGS)]
pub struct ChainLengthError {
    /// How many landing points were given.
    pub landings: usize,
}

impl Turn {
    /// A step of `variant` from `from` to `to` (R2.1; for a king of
    /// Permainan, a long move along a line, M4).
    #[inline]
    pub fn step(variant: Variant, from: Point, to: Point) -> Turn {
        Turn::generated_step(variant, None, from, to)
    }

    /// A chain of jumps of `variant` from `from` over `landings`, one per
    /// jump (R2.3, R2.5; a king's long jump has one landing per capture,
    /// M4).
    ///
    /// # Errors
    /// [`ChainLengthError`] when `landings` is empty or longer than
    /// [`MAX_LANDINGS`].
    ///
    /// ```
    /// use peralikatuma_rules::{Position, Turn, Variant};
    /// let position = Position::parse(Variant::Peralikatuma, "W:Wc3:Bd4,f6")?;
    /// let point = |name| position.board().parse_point(name);
    /// let chain = Turn::chain(Variant::Peralikatuma, point("c3")?, &[point("e5")?, point("g7")?])?;
    /// assert_eq!(chain.to_string(), "c3xe5xg7");
    /// assert_eq!(position.captured(&chain).count(), 2);
    /// assert!(Turn::chain(Variant::Peralikatuma, point("c3")?, &[]).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn chain(
        variant: Variant,
        from: Point,
        landings: &[Point],
    ) -> Result<Turn, ChainLengthError> {
        if landings.is_empty() || landings.len() > MAX_LANDINGS {
            return Err(ChainLengthError {
                landings: landings.len(),
            });
        }
        Ok(Turn::from_parts(variant, None, from, true, landings))
    }

    /// The same move after the forfeit claim of the piece on `claimed` (P6,
    /// P7): `!e6 d4-d5`.
    ///
    /// ```
    /// use peralikatuma_rules::{Turn, Variant};
    /// let board = Variant::Peralikatuma.board();
    /// let point = |name| board.parse_point(name);
    /// let turn = Turn::step(Variant::Peralikatuma, point("d4")?, point("d5")?).with_claim(point("e6")?);
    /// assert_eq!(turn.to_string(), "!e6 d4-d5");
    /// # Ok::<(), board_topology::PointNameError>(())
    /// ```
    #[must_use]
    pub fn with_claim(self, claimed: Point) -> Turn {
        Turn {
            claim: Some(claimed),
            ..self
        }
    }

    /// The same move without a claim.
    #[must_use]
    pub fn without_claim(self) -> Turn {
        Turn {
            claim: None,
            ..self
        }
    }

    /// A turn from its parts; `landings` holds 1 to [`MAX_LANDINGS`]
    /// points, one for a step.
    pub(crate) fn from_parts(
        variant: Variant,
        claim: Option<Point>,
        from: Point,
        capture: bool,
        landings: &[Point],
    ) -> Turn {
        if !capture {
            return Turn::generated_step(variant, claim, from, landings[0]);
        }
        let board = variant.board();
        let mut passed = Bitboard::EMPTY;
        let mut at = from;
        for &landing in landings {
            passed |= board.between(at, landing);
            at = landing;
        }
        Turn::generated_chain(variant, claim, from, landings, passed)
    }

    /// A step as the generator makes it.
    #[inline]
    pub(crate) fn generated_step(
        variant: Variant,
        claim: Option<Point>,
        from: Point,
        to: Point,
    ) -> Turn {
        let mut landings = [from; MAX_LANDINGS];
        landings[0] = to;
        Turn {
            variant,
            claim,
            from,
            capture: false,
            len: 1,
            landings,
            passed: Bitboard::EMPTY,
        }
    }

    /// A chain as the generator makes it, with the points it passes over.
    #[inline]
    pub(crate) fn generated_chain(
        variant: Variant,
        claim: Option<Point>,
        from: Point,
        landings: &[Point],
        passed: Bitboard,
    ) -> Turn {
        let mut all = [from; MAX_LANDINGS];
        all[..landings.len()].copy_from_slice(landings);
        Turn {
            variant,
            claim,
            from,
            capture: true,
            len: landings.len() as u8,
            landings: all,
            passed,
        }
    }

    /// The points between the landings (see the field).
    #[inline]
    pub(crate) fn passed(&self) -> Bitboard {
        self.passed
    }

    /// The game the turn belongs to.
    #[inline]
    pub fn variant(&self) -> Variant {
        self.variant
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
        self.landings[usize::from(self.len) - 1]
    }

    /// Every landing point in order (one for a step, one per jump for a
    /// chain).
    #[inline]
    pub fn landings(&self) -> &[Point] {
        &self.landings[..usize::from(self.len)]
    }

    /// The whole path: the starting point, then every landing point (R2.5).
    pub fn path(&self) -> impl Iterator<Item = Point> + Clone + '_ {
        std::iter::once(self.from).chain(self.landings().iter().copied())
    }

    /// Whether the move is a chain of jumps (written with `x`) rather than
    /// a step (written with `-`).
    #[inline]
    pub fn is_capture(&self) -> bool {
        self.capture
    }

    /// Whether a piece leaves the board in this turn, by capture or claim
    /// (the counter of E4 starts again).
    #[inline]
    pub fn removes_pieces(&self) -> bool {
        self.capture || self.claim.is_some()
    }
}

/// Turns are equal when their games, claims, paths (R2.5) and kinds (step
/// or chain) are.
impl PartialEq for Turn {
    fn eq(&self, other: &Turn) -> bool {
        self.variant == other.variant
            && self.claim == other.claim
            && self.from == other.from
            && self.capture == other.capture
            && self.landings() == other.landings()
    }
}

impl Eq for Turn {}

/// Turns sort by game, claim, starting point, kind (steps first) and
/// landing points: consistent with `==`, so that they can be kept in
/// ordered sets and maps.
impl Ord for Turn {
    fn cmp(&self, other: &Turn) -> std::cmp::Ordering {
        (
            self.variant,
            self.claim,
            self.from,
            self.capture,
            self.landings(),
        )
            .cmp(&(
                other.variant,
                other.claim,
                other.from,
                other.capture,
                other.landings(),
            ))
    }
}

impl PartialOrd for Turn {
    fn partial_cmp(&self, other: &Turn) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Hash for Turn {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.variant.hash(state);
        self.claim.hash(state);
        self.from.hash(state);
        self.capture.hash(state);
        self.landings().hash(state);
    }
}

/// The turn in the notation of N2, in the point names of its game (R1.6):
/// `d4-d5`, `c3xe5xg7`, `!e6 d4-d5`.
impl fmt::Display for Turn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let board = self.variant.board();
        let name = |p: Point| board.point_name(p);
        if let Some(claim) = self.claim {
            write!(f, "!{} ", name(claim))?;
        }
        write!(f, "{}", name(self.from))?;
        let separator = if self.capture { 'x' } else { '-' };
        for &landing in self.landings() {
            write!(f, "{separator}{}", name(landing))?;
        }
        Ok(())
    }
}

/// `Turn(!e6 d4-d5)`.
impl fmt::Debug for Turn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Turn({self})")
    }
}
