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
            can_capture: position.capturable(side).count(),
            mobility,
            on_safe_points: (own & safe_points(board)).count(),
            advance,
        }
    }
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
