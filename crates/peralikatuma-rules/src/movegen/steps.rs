//! Steps (R2.1).

use board_topology::{Bitboard, Board};

use super::Sink;
use board_topology::Point;

/// Every step of every piece of `own` to an empty adjacent point.
#[inline]
pub(super) fn any_direction<S: Sink>(
    board: Board,
    own: Bitboard,
    empty: Bitboard,
    claim: Option<Point>,
    sink: &mut S,
) {
    for from in own {
        let targets = board.neighbours(from) & empty;
        if targets.any() {
            sink.steps(claim, from, targets);
        }
    }
}
