//! A board's geometry for the page (`GET /api/boards/{variant}`), from the
//! board-topology crate: each point with its name and its place on the
//! board's own grid, and the lines, so that the page draws the board
//! without a copy of it.

use peralikatuma_rules::{Board, Point, Variant};
use serde::Serialize;

/// A board as the page draws it.
#[derive(Clone, Debug, Serialize)]
pub struct BoardView {
    /// The game.
    pub variant: Variant,
    /// Files of the board's own grid (R1.6).
    pub files: u8,
    /// Ranks of the board's own grid.
    pub ranks: u8,
    /// The points, in the order of the position text (N3).
    pub points: Vec<PointView>,
    /// The straight lines (R1.4, cut as in R1.5), each its points' names
    /// in order.
    pub lines: Vec<Vec<String>>,
}

/// A point of a board.
#[derive(Clone, Debug, Serialize)]
pub struct PointView {
    /// Its name in the game (R1.6): `e5`.
    pub name: String,
    /// Its 0-based file on the board's own grid (`a` is 0).
    pub file: u8,
    /// Its 0-based rank on the board's own grid (rank `1` is 0).
    pub rank: u8,
}

/// The geometry of `variant`'s board.
pub fn board_view(variant: Variant) -> BoardView {
    let board = variant.board();
    let (files, ranks) = board.grid_size();
    let name = |p: Point| board.point_name(p).to_string();
    let points = (0..ranks)
        .flat_map(|rank| (0..files).map(move |file| (file, rank)))
        .filter_map(|(file, rank)| {
            board.point_at(file, rank).map(|p| PointView {
                name: name(p),
                file,
                rank,
            })
        })
        .collect();
    BoardView {
        variant,
        files,
        ranks,
        points,
        lines: Board::lines(board)
            .iter()
            .map(|line| line.points().iter().map(|&p| name(p)).collect())
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_board_has_its_points_and_lines_r1_5() {
        let counts = [
            (Variant::Peralikatuma, 49),
            (Variant::Permainan, 37),
            (Variant::Alquerque, 25),
        ];
        for (variant, points) in counts {
            let view = board_view(variant);
            assert_eq!(view.points.len(), points, "{variant}");
            assert!(view.lines.iter().all(|line| line.len() >= 2), "{variant}");
            for point in &view.points {
                let named = variant.board().parse_point(&point.name).expect("a point");
                assert_eq!(
                    variant.board().point_at(point.file, point.rank),
                    Some(named)
                );
            }
        }
        let square = board_view(Variant::Alquerque);
        assert_eq!((square.files, square.ranks), (5, 5));
        assert_eq!(square.points[0].name, "a1");
    }
}
