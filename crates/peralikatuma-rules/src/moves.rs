//! Legal turns in groups, as [`Position::generate`] hands them out: all the
//! steps of one piece at once, each chain on its own.
//!
//! [`Position::generate`]: crate::Position::generate

use board_topology::{Bitboard, Point};

use crate::turn::Turn;
use crate::variant::Variant;

/// A group of legal turns that share their claim and their piece, as
/// [`Position::generate`](crate::Position::generate) hands them to its
/// listener: every step of one piece, or one chain of jumps.
///
/// The groups come in the order of
/// [`Position::legal_turns`](crate::Position::legal_turns), and their turns
/// ([`Moves::turns`]) in that order too.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Moves<'a> {
    /// The steps of the piece on `from`, one to each point of `to` (R2.1),
    /// after the claim `claim` if any (P6, P7). For a king of Permainan,
    /// every point of its long moves (M4).
    Steps {
        /// The claimed piece (P6), if the turns begin with a claim.
        claim: Option<Point>,
        /// The piece that steps.
        from: Point,
        /// Where it can step: never empty.
        to: Bitboard,
    },
    /// One chain of jumps (R2.3), after the claim `claim` if any.
    Chain {
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

    /// The turns of the group, as turns of `variant` (the game of the
    /// position that generated them).
    pub fn turns(self, variant: Variant) -> impl Iterator<Item = Turn> + 'a {
        let (steps, chain) = match self {
            Moves::Steps { claim, from, to } => (Some((claim, from, to)), None),
            Moves::Chain {
                claim,
                from,
                landings,
                ..
            } => (
                None,
                Some(Turn::from_parts(variant, claim, from, true, landings)),
            ),
            // (`from_parts` finds the points the chain passes over.)
        };
        let steps = steps.into_iter().flat_map(move |(claim, from, to)| {
            to.iter()
                .map(move |to| Turn::generated_step(variant, claim, from, to))
        });
        steps.chain(chain)
    }
}
