//! Which pieces could jump: the pieces a forfeit claim may take (P6).

use board_topology::Bitboard;

use super::Placement;

/// The pieces of `own` that have a short jump over an enemy piece to an
/// empty point (P6.1).
#[inline]
pub(crate) fn jumpers(placement: Placement) -> Bitboard {
    let board = placement.board;
    let empty = board.points() - placement.own - placement.enemy;
    // Only pieces next to an enemy piece can jump: look at those alone.
    let mut near_enemy = Bitboard::EMPTY;
    for e in placement.enemy {
        near_enemy |= board.neighbours(e);
    }
    let mut found = Bitboard::EMPTY;
    for from in placement.own & near_enemy {
        if board
            .jumps(from)
            .iter()
            .any(|j| placement.enemy.contains(j.over) && empty.contains(j.to))
        {
            found.insert(from);
        }
    }
    found
}
