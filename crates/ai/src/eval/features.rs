//! The features the evaluation weighs, counted for one side.

use std::sync::OnceLock;

use peralikatuma_rules::board_topology::{Direction, Heading};
use peralikatuma_rules::{Bitboard, Board, Position, Side, Variant};

/// Counts for one side of a position.
pub(super) struct Features {
    pub men: usize,
    pub kings: usize,
    /// Enemy pieces this side could capture if it were to move.
    pub can_capture: usize,
    /// Steps (and king moves) this side could make.
    pub mobility: usize,
    /// Pieces on points that can never be jumped.
    pub on_safe_points: usize,
    /// Ranks gained by men towards the opponent's base, in all.
    pub advance: usize,
}

impl Features {
    pub fn of(position: &Position, side: Side) -> Features {
        let variant = position.variant();
        let board = position.board();
        let own = position.pieces(side);
        let enemy = position.pieces(side.opposite());
        let kings = own & position.kings();
        let men = own - kings;
        let empty = board.points() - own - enemy;
        let facing = side.facing();

        let mut mobility = 0;
        for p in men {
            let targets = match variant {
                Variant::Peralikatuma => board.neighbours(p),
                _ => {
                    board.toward(p, facing, Heading::Forward)
                        | board.toward(p, facing, Heading::Sideways)
                }
            };
            mobility += (targets & empty).count();
        }
        for k in kings {
            for direction in Direction::ALL {
                let ray = board.ray(k, direction);
                mobility += match board.nearest(k, direction, !empty) {
                    Some(stop) => (ray - board.ray(stop, direction)).count() - 1,
                    None => ray.count(),
                };
            }
        }

        let advance = if variant == Variant::Permainan {
            let home = board.base(facing).first().map_or(0, |p| p.rank());
            men.iter()
                .map(|p| usize::from(p.rank().abs_diff(home)))
                .sum()
        } else {
            0
        };

        Features {
            men: men.count(),
            kings: kings.count(),
            can_capture: capturable(position, side).count(),
            mobility,
            on_safe_points: (own & safe_points(board)).count(),
            advance,
        }
    }
}

/// The enemy pieces `side` could capture by its first jump if it were to
/// move: short jumps of men (forward or sideways only in Alquerque,
/// sideways only from the last rank, A4.1), long jumps of kings (M4).
pub(crate) fn capturable(position: &Position, side: Side) -> Bitboard {
    let board = position.board();
    let own = position.pieces(side);
    let enemy = position.pieces(side.opposite());
    let empty = board.points() - own - enemy;
    let kings = own & position.kings();
    let facing = side.facing();
    let last_rank = board.base(facing.opposite());
    let alquerque = position.variant() == Variant::Alquerque;
    let mut found = Bitboard::EMPTY;
    for p in own - kings {
        if !board.neighbours(p).intersects(enemy) {
            continue;
        }
        for jump in board.jumps(p) {
            if enemy.contains(jump.over) && empty.contains(jump.to) {
                let heading = jump.direction.heading(facing);
                let allowed = !alquerque
                    || if last_rank.contains(p) {
                        heading == Heading::Sideways
                    } else {
                        heading != Heading::Backward
                    };
                if allowed {
                    found.insert(jump.over);
                }
            }
        }
    }
    for k in kings {
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

/// The points of `board` that are the middle of no straight triple: a
/// piece there can never be jumped.
fn safe_points(board: Board) -> Bitboard {
    static SAFE: OnceLock<[Bitboard; 3]> = OnceLock::new();
    let all = SAFE.get_or_init(|| {
        Board::ALL.map(|b| {
            b.points()
                .iter()
                .filter(|&p| {
                    !Direction::ALL.iter().any(|&d| {
                        b.neighbour(p, d).is_some() && b.neighbour(p, d.opposite()).is_some()
                    })
                })
                .collect()
        })
    });
    let index = Board::ALL.iter().position(|&b| b == board).unwrap_or(0);
    all[index]
}

#[cfg(test)]
mod tests {
    use super::*;
    use peralikatuma_rules::Point;

    #[test]
    fn safe_points_are_line_ends() {
        let full = safe_points(Board::Full);
        let names: Vec<String> = full
            .iter()
            .map(|p: Point| Board::Full.point_name(p).to_string())
            .collect();
        // The arm corners and the square's corners are line ends in every
        // direction; the arms' bases' middles are not (e1 is between c1
        // and g1).
        for name in ["c1", "g1", "a3", "i3", "a7", "i7", "c9", "g9"] {
            assert!(names.contains(&name.to_string()), "{name} in {names:?}");
        }
        assert!(!names.contains(&"e1".to_string()));
        assert!(!names.contains(&"e5".to_string()));
        // On the square alone the corners are safe.
        let square = safe_points(Board::Square);
        assert_eq!(square.count(), 4);
    }
}
