//! Points as a game names them.

use std::fmt;

use board_topology::{Board, Point};

/// `point` as the game on `board` names it (R1.6), or, for a point that is
/// not on that board and so has no name there, as `Point(index)`.
pub(crate) fn label(board: Board, point: Point) -> Label {
    Label { board, point }
}

/// A point printed in one game's names: see [`label`].
#[derive(Copy, Clone)]
pub(crate) struct Label {
    board: Board,
    point: Point,
}

impl fmt::Display for Label {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.board.contains(self.point) {
            write!(f, "{}", self.board.point_name(self.point))
        } else {
            write!(f, "{:?}", self.point)
        }
    }
}

/// The points of a set in a game's names, joined by `separator`.
pub(crate) fn list(board: Board, set: board_topology::Bitboard, separator: &str) -> String {
    set.iter()
        .map(|p| label(board, p).to_string())
        .collect::<Vec<_>>()
        .join(separator)
}
