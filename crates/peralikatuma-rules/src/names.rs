//! Lists of points as a game names them.

use board_topology::{Bitboard, Board};

/// The points of a set in the names of `board` (R1.6), joined by
/// `separator`.
pub(crate) fn list(board: Board, set: Bitboard, separator: &str) -> String {
    set.iter()
        .map(|p| board.point_name(p).to_string())
        .collect::<Vec<_>>()
        .join(separator)
}
