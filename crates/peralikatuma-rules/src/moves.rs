//! Legal turns in groups, as [`Position::generate`] hands them out: all the
//! steps of one piece at once, each chain on its own.
//!
//! [`Position::generate`]: crate::Position::generate

use board_topology::{Bitboard, Iter, Point};

use crate::turn::Turn;
use crate::variant::Variant;

/// A group of legal turns that share their claim and their piece, as
/// [`Position::generate`](crate::Position::generate) hands them to its
/// listener: every step of one piece, or one chain of jumps.
///
/// The groups come in the order of
/// [`Position::legal_turns`](crate::Position::legal_turns), and their turns
/// ([`Moves::turns`], or `for turn in moves`) in that order too.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Moves<'a> {
    /// The steps of the piece on `from`, one to each point of `to` (R2.1),
    /// after the claim `claim` if any (P6, P7). For a king of Permainan,
    /// every point of its long moves (M4).
    Steps {
        /// The game.
        variant: Variant,
        /// The claimed piece (P6), if the turns begin with a claim.
        claim: Option<Point>,
        /// The piece that steps.
        from: Point,
        /// Where it can step: never empty.
        to: Bitboard,
    },
    /// One chain of jumps (R2.3), after the claim `claim` if any.
    Chain {
        /// The game.
        variant: Variant,
        /// The claimed piece (P6), if the turn begins with a claim.
        claim: Option<Point>,
        /// The piece that jumps.
        from: Point,
        /// Every landing point, in order (R2.5).
        landings: &'a [Point],
        /// The pieces the chain captures.
        captured: Bitboard,
    },
}

impl<'a> Moves<'a> {
    /// The game.
    #[inline]
    pub fn variant(&self) -> Variant {
        match *self {
            Moves::Steps { variant, .. } | Moves::Chain { variant, .. } => variant,
        }
    }

    /// The claimed piece (P6), if the turns begin with a claim.
    #[inline]
    pub fn claim(&self) -> Option<Point> {
        match *self {
            Moves::Steps { claim, .. } | Moves::Chain { claim, .. } => claim,
        }
    }

    /// The piece that moves.
    #[inline]
    pub fn from(&self) -> Point {
        match *self {
            Moves::Steps { from, .. } | Moves::Chain { from, .. } => from,
        }
    }

    /// How many turns the group holds.
    #[inline]
    pub fn len(&self) -> usize {
        match self {
            Moves::Steps { to, .. } => to.count(),
            Moves::Chain { .. } => 1,
        }
    }

    /// Whether the group holds no turn (never, for a group from
    /// [`Position::generate`](crate::Position::generate)).
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether the turns are captures (a chain).
    #[inline]
    pub fn is_capture(&self) -> bool {
        matches!(self, Moves::Chain { .. })
    }

    /// The pieces captured: those of the chain, none for steps.
    #[inline]
    pub fn captured(&self) -> Bitboard {
        match *self {
            Moves::Steps { .. } => Bitboard::EMPTY,
            Moves::Chain { captured, .. } => captured,
        }
    }

    /// The turns of the group, in order (also `for turn in moves`).
    pub fn turns(self) -> MovesTurns {
        let (steps, chain) = match self {
            Moves::Steps {
                variant,
                claim,
                from,
                to,
            } => (Some((variant, claim, from, to.iter())), None),
            Moves::Chain {
                variant,
                claim,
                from,
                landings,
                ..
            } => (
                None,
                Some(Turn::from_parts(variant, claim, from, true, landings)),
            ),
        };
        MovesTurns { steps, chain }
    }
}

impl<'a> IntoIterator for Moves<'a> {
    type Item = Turn;
    type IntoIter = MovesTurns;

    fn into_iter(self) -> MovesTurns {
        self.turns()
    }
}

/// The turns of a [`Moves`] group, in order.
#[derive(Clone, Debug)]
pub struct MovesTurns {
    /// The steps still to come: the game, the claim, the piece, its
    /// landing points.
    steps: Option<(Variant, Option<Point>, Point, Iter)>,
    /// The chain, until it is given.
    chain: Option<Turn>,
}

impl Iterator for MovesTurns {
    type Item = Turn;

    fn next(&mut self) -> Option<Turn> {
        if let Some((variant, claim, from, to)) = &mut self.steps {
            return to
                .next()
                .map(|to| Turn::generated_step(*variant, *claim, *from, to));
        }
        self.chain.take()
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = match &self.steps {
            Some((.., to)) => to.len(),
            None => usize::from(self.chain.is_some()),
        };
        (n, Some(n))
    }
}

impl ExactSizeIterator for MovesTurns {}
