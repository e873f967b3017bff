//! Which pieces could jump: the pieces a forfeit claim may take (P6).

use board_topology::Bitboard;

use super::Placement;

/// The pieces of `own` that have an enemy neighbour and an empty point two
/// steps away: a cheap superset of the pieces that can jump.
#[inline]
pub(super) fn may_jump(placement: Placement, empty: Bitboard) -> Bitboard {
    let board = placement.board;
    let mut found = Bitboard::EMPTY;
    for from in placement.own {
        if board.neighbours(from).intersects(placement.enemy)
            && board.jump_landings(from).intersects(empty)
        {
            found.insert(from);
        }
    }
    found
}

/// The pieces of `own` that have a short jump over an enemy piece to an
/// empty point (P6.1).
#[inline]
pub(crate) fn jumpers(placement: Placement) -> Bitboard {
    let board = placement.board;
    let empty = board.points() - placement.own - placement.enemy;
    let mut found = Bitboard::EMPTY;
    for from in may_jump(placement, empty) {
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
