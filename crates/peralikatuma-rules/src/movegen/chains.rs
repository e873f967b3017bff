//! Chains of short jumps (R2.2-R2.4), with captured pieces kept on the board
//! until the move ends.

use board_topology::{Bitboard, Point};

use super::{Placement, Sink};
use crate::turn::MAX_LANDINGS;

/// Every chain of the piece on `from`, each prefix reported as a move of its
/// own (P4). `empty` holds the points empty before the move; the starting
/// point counts as empty for the rest of the move (R2.4).
#[inline]
pub(super) fn every_prefix<S: Sink>(
    placement: Placement,
    from: Point,
    empty: Bitboard,
    claim: Option<Point>,
    sink: &mut S,
) {
    let mut search = Search {
        placement,
        from,
        empty: empty.with(from),
        claim,
        landings: [from; MAX_LANDINGS],
    };
    search.extend(from, 0, Bitboard::EMPTY, sink);
}

struct Search {
    placement: Placement,
    from: Point,
    empty: Bitboard,
    claim: Option<Point>,
    landings: [Point; MAX_LANDINGS],
}

impl Search {
    /// Tries every jump from `at`, after `depth` jumps that captured
    /// `captured`. Captured pieces stay on the board, so they can neither
    /// be jumped again nor landed on (R2.4).
    fn extend<S: Sink>(&mut self, at: Point, depth: usize, captured: Bitboard, sink: &mut S) {
        let board = self.placement.board;
        let enemy = self.placement.enemy - captured;
        for jump in board.jumps(at) {
            if enemy.contains(jump.over) && self.empty.contains(jump.to) && depth < MAX_LANDINGS {
                self.landings[depth] = jump.to;
                let captured = captured.with(jump.over);
                sink.chain(self.claim, self.from, &self.landings[..=depth], captured);
                self.extend(jump.to, depth + 1, captured, sink);
            }
        }
    }
}
