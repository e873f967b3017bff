//! The enemy pieces a side could take with the first jump of a move, by
//! the game's rules for that jump: what an evaluation weighs as threats.

use board_topology::{Bitboard, Direction, Facing};

use super::chains::{ALL_DIRECTIONS, Directions};
use super::{FIRST_JUMP, Placement};

/// The enemy pieces that the pieces of `placement.own` could jump first:
/// short jumps of men in the directions `first_directions` allows (A4.1 in
/// Alquerque, any direction elsewhere), long jumps of `kings` (M4).
pub(crate) fn capturable(
    placement: Placement,
    kings: Bitboard,
    alquerque: Option<Facing>,
) -> Bitboard {
    let board = placement.board;
    let (own, enemy) = (placement.own, placement.enemy);
    let empty = placement.empty();
    let own_kings = own & kings;
    let mut found = Bitboard::EMPTY;
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
            }
        }
    }
    for k in own_kings {
        for direction in Direction::ALL {
            if let Some(hit) = board.nearest(k, direction, own | enemy) {
                let beyond = board.neighbour(hit, direction);
                if enemy.contains(hit) && beyond.is_some_and(|b| empty.contains(b)) {
                    found.insert(hit);
                }
            }
        }
    }
    found
}
