//! Steps (R2.1, A2, A3, A5, M2) and a king's long moves (M4).

use board_topology::{Bitboard, Board, Direction, Facing, Heading, Point};

use super::Sink;

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
        if sink.done() {
            return;
        }
        let targets = board.neighbours(from) & empty;
        if targets.any() {
            sink.steps(claim, from, targets);
        }
    }
}

/// Every step forward, diagonally forward or sideways (A2, M2) of the
/// pieces of `men`, except a step to a point in `barred` for that piece.
#[inline]
pub(super) fn forward_and_sideways<S: Sink>(
    board: Board,
    men: Bitboard,
    facing: Facing,
    empty: Bitboard,
    barred: impl Fn(Point) -> Bitboard,
    sink: &mut S,
) {
    for from in men {
        if sink.done() {
            return;
        }
        let targets = (board.toward(from, facing, Heading::Forward)
            | board.toward(from, facing, Heading::Sideways))
            & empty
            & !barred(from);
        if targets.any() {
            sink.steps(None, from, targets);
        }
    }
}

/// Every long move of the kings of `kings`: any number of empty points
/// along one line (M4).
#[inline]
pub(super) fn flying<S: Sink>(board: Board, kings: Bitboard, empty: Bitboard, sink: &mut S) {
    for from in kings {
        if sink.done() {
            return;
        }
        let mut targets = Bitboard::EMPTY;
        for direction in Direction::ALL {
            let ray = board.ray(from, direction);
            let blocked = board.nearest(from, direction, !empty);
            let reach = match blocked {
                Some(stop) => ray - board.ray(stop, direction) - Bitboard::from(stop),
                None => ray,
            };
            targets |= reach;
        }
        if targets.any() {
            sink.steps(None, from, targets);
        }
    }
}
