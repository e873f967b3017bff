//! Chains of jumps (R2.2-R2.4, M4), with captured pieces kept on the board
//! until the move ends.

use board_topology::{Bitboard, Direction, Point};

use super::{Placement, Sink};
use crate::turn::MAX_LANDINGS;

/// Directions as a bit set, bit `d.index()` for direction `d`.
pub(super) type Directions = u8;

/// Every direction.
pub(super) const ALL_DIRECTIONS: Directions = 0xff;

/// How a game's chains go.
#[derive(Copy, Clone)]
pub(super) struct ChainRules {
    /// Whether every prefix of a chain is a move (P4); otherwise a chain
    /// must go on while it can (A4.3, M5) and only whole chains are moves.
    pub every_prefix: bool,
    /// The directions the first jump may take (A4.1); later jumps go in any
    /// direction (R2.3, A4.2).
    pub first_directions: Directions,
    /// Whether the piece is a flying king (M4).
    pub king: bool,
}

/// Every chain of the piece on `from`. `empty` holds the points empty
/// before the move; the starting point counts as empty for the rest of the
/// move (R2.4). Returns whether the piece has any jump at all.
#[inline]
pub(super) fn chains<S: Sink>(
    placement: Placement,
    from: Point,
    empty: Bitboard,
    claim: Option<Point>,
    rules: ChainRules,
    sink: &mut S,
) -> bool {
    if !rules.king {
        // Most pieces next to an enemy piece have no jump: look before
        // setting up the search.
        let empty = empty.with(from);
        let any = placement.board.jumps(from).iter().any(|j| {
            placement.enemy.contains(j.over)
                && empty.contains(j.to)
                && rules.first_directions & (1 << j.direction.index()) != 0
        });
        if !any {
            return false;
        }
    }
    let mut search = Search {
        placement,
        from,
        empty: empty.with(from),
        claim,
        rules,
        landings: [from; MAX_LANDINGS],
    };
    search.extend(from, 0, Bitboard::EMPTY, sink)
}

struct Search {
    placement: Placement,
    from: Point,
    empty: Bitboard,
    claim: Option<Point>,
    rules: ChainRules,
    landings: [Point; MAX_LANDINGS],
}

impl Search {
    /// Tries every jump from `at`, after `depth` jumps that captured
    /// `captured`; returns whether there was one. Captured pieces stay on
    /// the board, so they can neither be jumped again nor landed on nor
    /// passed over (R2.4).
    fn extend<S: Sink>(
        &mut self,
        at: Point,
        depth: usize,
        captured: Bitboard,
        sink: &mut S,
    ) -> bool {
        if depth >= MAX_LANDINGS {
            return false;
        }
        let directions = if depth == 0 {
            self.rules.first_directions
        } else {
            ALL_DIRECTIONS
        };
        let board = self.placement.board;
        let enemy = self.placement.enemy - captured;
        let mut found = false;
        if self.rules.king {
            for direction in Direction::ALL {
                if directions & (1 << direction.index()) == 0 {
                    continue;
                }
                // Over any number of empty points to exactly one enemy piece.
                let mut over = board.neighbour(at, direction);
                while let Some(p) = over.filter(|&p| self.empty.contains(p)) {
                    over = board.neighbour(p, direction);
                }
                let Some(over) = over.filter(|&p| enemy.contains(p)) else {
                    continue;
                };
                // Then on any empty point before the next occupied one.
                let mut to = board.neighbour(over, direction);
                while let Some(landing) = to.filter(|&p| self.empty.contains(p)) {
                    found = true;
                    self.land(landing, over, depth, captured, sink);
                    to = board.neighbour(landing, direction);
                }
            }
        } else {
            for jump in board.jumps(at) {
                if enemy.contains(jump.over)
                    && self.empty.contains(jump.to)
                    && directions & (1 << jump.direction.index()) != 0
                {
                    found = true;
                    self.land(jump.to, jump.over, depth, captured, sink);
                }
            }
        }
        found
    }

    /// Lands on `to` after jumping `over`, reports the move if it may end
    /// here, and goes on.
    #[inline(always)]
    fn land<S: Sink>(
        &mut self,
        to: Point,
        over: Point,
        depth: usize,
        captured: Bitboard,
        sink: &mut S,
    ) {
        if sink.done() {
            return;
        }
        self.landings[depth] = to;
        let captured = captured.with(over);
        if self.rules.every_prefix {
            sink.chain(
                self.claim,
                self.from,
                &self.landings[..=depth],
                captured,
                captured,
            );
            self.extend(to, depth + 1, captured, sink);
        } else if !self.extend(to, depth + 1, captured, sink) {
            let passed = if self.rules.king {
                self.king_passed(depth)
            } else {
                captured
            };
            sink.chain(
                self.claim,
                self.from,
                &self.landings[..=depth],
                captured,
                passed,
            );
        }
    }

    /// The points a king's chain passes over in its first `depth + 1`
    /// jumps: the whole way between its landings (for a man, the captured
    /// pieces).
    #[cold]
    fn king_passed(&self, depth: usize) -> Bitboard {
        let board = self.placement.board;
        let mut at = self.from;
        let mut passed = Bitboard::EMPTY;
        for &landing in &self.landings[..=depth] {
            passed |= board.between(at, landing);
            at = landing;
        }
        passed
    }
}
