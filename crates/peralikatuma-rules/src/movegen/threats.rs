//! The first jumps a side could make, by the game's rules for that jump:
//! which pieces could capture (A4, M5) and which enemy pieces they could
//! take (what an evaluation weighs as threats).

use board_topology::{Bitboard, Direction, Facing};

use super::chains::{ALL_DIRECTIONS, Directions};
use super::{FIRST_JUMP, Placement};

/// The first jumps of the pieces of `placement.own`: short jumps of men in
/// the directions the game allows (A4.1 in Alquerque, given the side's
/// facing; any direction elsewhere), long jumps of `kings` (M4). Returns
/// the pieces that can jump and the enemy pieces they can take.
pub(crate) fn first_jumps(
    placement: Placement,
    kings: Bitboard,
    alquerque: Option<Facing>,
) -> (Bitboard, Bitboard) {
    let board = placement.board;
    let (own, enemy) = (placement.own, placement.enemy);
    let empty = placement.empty();
    let own_kings = own & kings;
    let mut found = Bitboard::EMPTY;
    let mut jumpers = Bitboard::EMPTY;
    for p in own - own_kings {
        if !board.neighbours(p).intersects(enemy) {
            continue;
        }
        let directions: Directions = match alquerque {
            Some(facing) => {
                let last_rank = board.base(facing.opposite());
                FIRST_JUMP[facing.index()][usize::from(last_rank.contains(p))]
            }
            None => ALL_DIRECTIONS,
        };
        for jump in board.jumps(p) {
            if directions & (1 << jump.direction.index()) != 0
                && enemy.contains(jump.over)
                && empty.contains(jump.to)
            {
                found.insert(jump.over);
                jumpers.insert(p);
            }
        }
    }
    for k in own_kings {
        for direction in Direction::ALL {
            if let Some(hit) = board.nearest(k, direction, own | enemy) {
                let beyond = board.neighbour(hit, direction);
                if enemy.contains(hit) && beyond.is_some_and(|b| empty.contains(b)) {
                    found.insert(hit);
                    jumpers.insert(k);
                }
            }
        }
    }
    (jumpers, found)
}
