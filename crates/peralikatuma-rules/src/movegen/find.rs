//! A sink that looks for one turn among those generated and keeps no
//! other: checking a turn costs no memory, even in a position with
//! millions of legal turns.

use board_topology::{Bitboard, Point};

use super::Sink;
use crate::turn::Turn;

/// The first generated turn that `matches` accepts.
pub(crate) struct Find<F> {
    matches: F,
    /// The turn found, once found.
    pub found: Option<Turn>,
}

impl<F: FnMut(&Turn) -> bool> Find<F> {
    /// Looks for a turn that `matches` accepts.
    pub fn new(matches: F) -> Find<F> {
        Find {
            matches,
            found: None,
        }
    }

    fn offer(&mut self, turn: Turn) {
        if self.found.is_none() && (self.matches)(&turn) {
            self.found = Some(turn);
        }
    }
}

impl<F: FnMut(&Turn) -> bool> Sink for Find<F> {
    fn steps(&mut self, claim: Option<Point>, from: Point, targets: Bitboard) {
        for to in targets {
            self.offer(Turn::step(claim, from, to));
        }
    }

    fn chain(&mut self, claim: Option<Point>, from: Point, landings: &[Point], captured: Bitboard) {
        self.offer(Turn::chain(claim, from, landings, captured));
    }
}
