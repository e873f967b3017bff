//! A board's geometry for the page (`GET /api/boards/{game}`), from the
//! board-topology crate: each point with its name and its place on the
//! board's own grid, and the lines, so that the page draws the board
//! without a copy of it.

use board_topology::Direction;
use board_topology::graph::Graph;
use serde::Serialize;

/// A board as the page draws it.
#[derive(Clone, Debug, Serialize)]
pub struct BoardView {
    /// The game's id (`peralikatuma`, `zamma`).
    pub variant: &'static str,
    /// Files of the board's own grid (R1.6).
    pub files: u8,
    /// Ranks of the board's own grid.
    pub ranks: u8,
    /// The points, in the order of the position text (N3).
    pub points: Vec<PointView>,
    /// The lines (R1.4, F7), as segments: each the names of two
    /// neighbouring points.
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

/// The geometry of a board (F7), for the game `id`: its points where
/// their names put them, and a segment for each pair of neighbours.
pub fn graph_view(graph: &'static Graph, id: &'static str) -> BoardView {
    let name = |p: u8| graph.point_name(p).to_string();
    let (files, ranks) = graph.grid();
    let points = (0..graph.len() as u8)
        .map(|p| {
            let (file, rank) = graph.coords(p);
            PointView {
                name: name(p),
                file,
                rank,
            }
        })
        .collect();
    let directions = [
        Direction::East,
        Direction::North,
        Direction::NorthEast,
        Direction::NorthWest,
    ];
    let lines = (0..graph.len() as u8)
        .flat_map(|p| directions.map(|d| (p, graph.neighbour(p, d))))
        .filter_map(|(p, next)| next.map(|q| vec![name(p), name(q)]))
        .collect();
    BoardView {
        variant: id,
        files,
        ranks,
        points,
        lines,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use peralikatuma_rules::Ruleset;

    #[test]
    fn each_board_has_its_points_and_lines_r1_5() {
        let counts = [
            (Ruleset::PERALIKATUMA, 49),
            (Ruleset::PERMAINAN, 37),
            (Ruleset::ALQUERQUE, 25),
        ];
        for (ruleset, points) in counts {
            let view = graph_view(ruleset.board, ruleset.id);
            assert_eq!(view.points.len(), points, "{ruleset}");
            assert!(view.lines.iter().all(|line| line.len() == 2), "{ruleset}");
            for point in &view.points {
                let named = ruleset.board.parse_point(&point.name).expect("a point");
                assert_eq!(ruleset.board.coords(named), (point.file, point.rank));
            }
        }
        let square = Ruleset::ALQUERQUE;
        let square = graph_view(square.board, square.id);
        assert_eq!((square.files, square.ranks), (5, 5));
        assert_eq!(square.points[0].name, "a1");
    }
}
