//! The boards of the family's games (FAMILY.md), as [`Layout`]s of lines
//! and the [`Graph`]s built from them at compile time. Each board's figures
//! (points, adjacent pairs, lines) are checked as it is built.

use crate::graph::{Graph, Layout};

/// Builds a board and checks its figures: points, adjacent pairs and lines.
const fn checked(layout: &Layout, points: usize, edges: usize, lines: usize) -> Graph {
    let graph = Graph::build(layout);
    assert!(graph.len() == points, "wrong number of points");
    assert!(
        graph.edge_count() == edges,
        "wrong number of adjacent pairs"
    );
    assert!(graph.line_count() == lines, "wrong number of lines");
    graph
}

/// The 5x5 alquerque square: 25 points, 56 adjacent pairs, 16 lines, named on a
/// 5x5 grid. Used by Alquerque and Terhuchu (Small).
///
/// Every row and column, the two long diagonals and the four diagonals joining
/// the middles of the sides (R1.2).
pub static SQUARE: Graph = checked(
    &Layout {
        name: "the 5x5 alquerque square",
        files: 5,
        ranks: 5,
        lines: &[
            "a1-b1-c1-d1-e1",
            "a2-b2-c2-d2-e2",
            "a3-b3-c3-d3-e3",
            "a4-b4-c4-d4-e4",
            "a5-b5-c5-d5-e5",
            "a1-a2-a3-a4-a5",
            "b1-b2-b3-b4-b5",
            "c1-c2-c3-c4-c5",
            "d1-d2-d3-d4-d5",
            "e1-e2-e3-e4-e5",
            "a1-b2-c3-d4-e5",
            "c1-d2-e3",
            "a3-b4-c5",
            "c1-b2-a3",
            "e1-d2-c3-b4-a5",
            "e3-d4-c5",
        ],
    },
    25,
    56,
    16,
);

/// The square with a triangular arm at the south and north sides: 37 points, 76
/// adjacent pairs, 20 lines, named on a 5x9 grid. Used by Permainan, Sixteen
/// Soldiers, Ahtarah Guti and Dam (Singapore).
///
/// As R1.5 gives it for Permainan.
pub static TWO_ARMS: Graph = checked(
    &Layout {
        name: "the square with a triangular arm at the south and north sides",
        files: 5,
        ranks: 9,
        lines: &[
            "a1-c1-e1",
            "b2-c2-d2",
            "a3-b3-c3-d3-e3",
            "a4-b4-c4-d4-e4",
            "a5-b5-c5-d5-e5",
            "a6-b6-c6-d6-e6",
            "a7-b7-c7-d7-e7",
            "b8-c8-d8",
            "a9-c9-e9",
            "c1-c2-c3-c4-c5-c6-c7-c8-c9",
            "a3-a4-a5-a6-a7",
            "b3-b4-b5-b6-b7",
            "d3-d4-d5-d6-d7",
            "e3-e4-e5-e6-e7",
            "a1-b2-c3-d4-e5",
            "a3-b4-c5-d6-e7",
            "a5-b6-c7-d8-e9",
            "e1-d2-c3-b4-a5",
            "e3-d4-c5-b6-a7",
            "e5-d6-c7-b8-a9",
        ],
    },
    37,
    76,
    20,
);

/// The square with a four-row triangle at the south and north sides: 43 points,
/// 86 adjacent pairs, 22 lines, named on a 7x11 grid. Used by Mogul Putt'han
/// with 19 pieces.
///
/// The triangles' rows are 1, 2 and 3 grid cells apart.
pub static TWO_LONG_ARMS: Graph = checked(
    &Layout {
        name: "the square with a four-row triangle at the south and north sides",
        files: 7,
        ranks: 11,
        lines: &[
            "a1-d1-g1",
            "b2-d2-f2",
            "c3-d3-e3",
            "b4-c4-d4-e4-f4",
            "b5-c5-d5-e5-f5",
            "b6-c6-d6-e6-f6",
            "b7-c7-d7-e7-f7",
            "b8-c8-d8-e8-f8",
            "c9-d9-e9",
            "b10-d10-f10",
            "a11-d11-g11",
            "d1-d2-d3-d4-d5-d6-d7-d8-d9-d10-d11",
            "b4-b5-b6-b7-b8",
            "c4-c5-c6-c7-c8",
            "e4-e5-e6-e7-e8",
            "f4-f5-f6-f7-f8",
            "a1-b2-c3-d4-e5-f6",
            "b4-c5-d6-e7-f8",
            "b6-c7-d8-e9-f10-g11",
            "g1-f2-e3-d4-c5-b6",
            "f4-e5-d6-c7-b8",
            "f6-e7-d8-c9-b10-a11",
        ],
    },
    43,
    86,
    22,
);

/// The lines of the whole 49-point board (R1.4), the square's two long
/// diagonals last.
const FULL_LINES: [&str; 24] = [
    "c1-e1-g1",
    "d2-e2-f2",
    "c3-d3-e3-f3-g3",
    "c4-d4-e4-f4-g4",
    "a5-b5-c5-d5-e5-f5-g5-h5-i5",
    "c6-d6-e6-f6-g6",
    "c7-d7-e7-f7-g7",
    "d8-e8-f8",
    "c9-e9-g9",
    "e1-e2-e3-e4-e5-e6-e7-e8-e9",
    "a3-a5-a7",
    "c3-c4-c5-c6-c7",
    "d3-d4-d5-d6-d7",
    "f3-f4-f5-f6-f7",
    "g3-g4-g5-g6-g7",
    "i3-i5-i7",
    "b4-b5-b6",
    "h4-h5-h6",
    "c1-d2-e3-f4-g5-h6-i7",
    "a3-b4-c5-d6-e7-f8-g9",
    "g1-f2-e3-d4-c5-b6-a7",
    "i3-h4-g5-f6-e7-d8-c9",
    "c3-d4-e5-f6-g7",
    "g3-f4-e5-d6-c7",
];

/// The whole 49-point board of R1.1: 49 points, 96 adjacent pairs, the 24 lines
/// of R1.4, named on a 9x9 grid. Used by Peralikatuma and Kotu Ellima.
pub static FULL: Graph = checked(
    &Layout {
        name: "the whole 49-point board of R1.1",
        files: 9,
        ranks: 9,
        lines: &FULL_LINES,
    },
    49,
    96,
    24,
);

/// The whole board without the square's two long diagonals (`c3-d4-e5-f6-g7`
/// and `g3-f4-e5-d6-c7`): 49 points, 88 adjacent pairs, 22 lines, named on a
/// 9x9 grid. Used by Padaivettu.
pub static FULL_WITHOUT_LONG_DIAGONALS: Graph = checked(
    &Layout {
        name: "the whole board without the square's two long diagonals",
        files: 9,
        ranks: 9,
        lines: FULL_LINES.split_at(22).0,
    },
    49,
    88,
    22,
);

/// The whole board with a small triangle at each corner of the square: 73
/// points, 136 adjacent pairs, 32 lines, named on a 25x25 grid. Used by
/// Terhuchu.
///
/// The corner triangles need a finer grid: the 9x9 board's file `f`, rank `r`
/// is file `3f-2`, rank `3r-2` here (its `c3` is `g7`, its `e5` is `m13`). The
/// square's outer rows, columns and long diagonals run on through the corner
/// triangles.
pub static FULL_WITH_CORNER_TRIANGLES: Graph = checked(
    &Layout {
        name: "the whole board with a small triangle at each corner of the square",
        files: 25,
        ranks: 25,
        lines: &[
            "g1-m1-s1",
            "j4-m4-p4",
            "c7-e7-g7-j7-m7-p7-s7-u7-w7",
            "g10-j10-m10-p10-s10",
            "a13-d13-g13-j13-m13-p13-s13-v13-y13",
            "g16-j16-m16-p16-s16",
            "c19-e19-g19-j19-m19-p19-s19-u19-w19",
            "j22-m22-p22",
            "g25-m25-s25",
            "m1-m4-m7-m10-m13-m16-m19-m22-m25",
            "g3-g5-g7-g10-g13-g16-g19-g21-g23",
            "s3-s5-s7-s10-s13-s16-s19-s21-s23",
            "a7-a13-a19",
            "j7-j10-j13-j16-j19",
            "p7-p10-p13-p16-p19",
            "y7-y13-y19",
            "d10-d13-d16",
            "v10-v13-v16",
            "g1-j4-m7-p10-s13-v16-y19",
            "s3-u5-w7",
            "e5-f6-g7-j10-m13-p16-s19-t20-u21",
            "s5-t6-u7",
            "a7-d10-g13-j16-m19-p22-s25",
            "c19-e21-g23",
            "e19-f20-g21",
            "s1-p4-m7-j10-g13-d16-a19",
            "g3-e5-c7",
            "g5-f6-e7",
            "u5-t6-s7-p10-m13-j16-g19-f20-e21",
            "y7-v10-s13-p16-m19-j22-g25",
            "u19-t20-s21",
            "w19-u21-s23",
        ],
    },
    73,
    136,
    32,
);

/// Two four-row triangles joined at their apex: 19 points, 30 adjacent pairs, 9
/// lines, named on a 7x7 grid. Used by Lau Kata Kati.
pub static TWO_TRIANGLES: Graph = checked(
    &Layout {
        name: "two four-row triangles joined at their apex",
        files: 7,
        ranks: 7,
        lines: &[
            "a1-d1-g1",
            "b2-d2-f2",
            "c3-d3-e3",
            "c5-d5-e5",
            "b6-d6-f6",
            "a7-d7-g7",
            "d1-d2-d3-d4-d5-d6-d7",
            "a1-b2-c3-d4-e5-f6-g7",
            "g1-f2-e3-d4-c5-b6-a7",
        ],
    },
    19,
    30,
    9,
);

/// Two four-row triangles joined at their apex, with a point on each side of
/// the apex: 21 points, 36 adjacent pairs, 12 lines, named on a 7x7 grid. Used
/// by Dash Guti.
pub static TWO_TRIANGLES_WITH_SIDES: Graph = checked(
    &Layout {
        name: "two four-row triangles joined at their apex, with a point on each side of the apex",
        files: 7,
        ranks: 7,
        lines: &[
            "a1-d1-g1",
            "b2-d2-f2",
            "c3-d3-e3",
            "a4-d4-g4",
            "c5-d5-e5",
            "b6-d6-f6",
            "a7-d7-g7",
            "a1-a4-a7",
            "d1-d2-d3-d4-d5-d6-d7",
            "g1-g4-g7",
            "a1-b2-c3-d4-e5-f6-g7",
            "g1-f2-e3-d4-c5-b6-a7",
        ],
    },
    21,
    36,
    12,
);

/// Two triangles around a centre point, as Ludii draws Egara Guti: 23 points,
/// 40 adjacent pairs, 11 lines, named on a 7x7 grid. Used by Egara Guti.
///
/// Some lines are not evenly spaced on the grid (as `b1-b2-b6-b7`).
pub static EGARA_GUTI: Graph = checked(
    &Layout {
        name: "two triangles around a centre point, as Ludii draws Egara Guti",
        files: 7,
        ranks: 7,
        lines: &[
            "a1-b1-d1-f1-g1",
            "b2-d2-f2",
            "c3-d3-e3",
            "c5-d5-e5",
            "b6-d6-f6",
            "a7-b7-d7-f7-g7",
            "b1-b2-b6-b7",
            "d1-d2-d3-d4-d5-d6-d7",
            "f1-f2-f6-f7",
            "a1-b2-c3-d4-e5-f6-g7",
            "g1-f2-e3-d4-c5-b6-a7",
        ],
    },
    23,
    40,
    11,
);

/// `a` followed by `b`, as one array of `N` lines.
const fn join<const N: usize>(a: &[&'static str], b: &[&'static str]) -> [&'static str; N] {
    assert!(a.len() + b.len() == N, "the lengths add up");
    let mut lines = [""; N];
    let mut i = 0;
    while i < N {
        lines[i] = if i < a.len() { a[i] } else { b[i - a.len()] };
        i += 1;
    }
    lines
}

/// The alternating diagonals of a 9x9 alquerque square (through the points
/// whose file and rank numbers add up to an even number), which are also
/// the diagonals of Kharbaga's square with crossings on the same grid.
const DIAGONALS_9X9: [&str; 14] = [
    "a1-b2-c3-d4-e5-f6-g7-h8-i9",
    "c1-d2-e3-f4-g5-h6-i7",
    "e1-f2-g3-h4-i5",
    "g1-h2-i3",
    "a3-b4-c5-d6-e7-f8-g9",
    "a5-b6-c7-d8-e9",
    "a7-b8-c9",
    "c1-b2-a3",
    "e1-d2-c3-b4-a5",
    "g1-f2-e3-d4-c5-b6-a7",
    "i1-h2-g3-f4-e5-d6-c7-b8-a9",
    "i3-h4-g5-f6-e7-d8-c9",
    "i5-h6-g7-f8-e9",
    "i7-h8-g9",
];

/// The rows and columns of Kharbaga's square, its points two grid cells
/// apart.
const KHARBAGA_SQUARE: [&str; 10] = [
    "a1-c1-e1-g1-i1",
    "a3-c3-e3-g3-i3",
    "a5-c5-e5-g5-i5",
    "a7-c7-e7-g7-i7",
    "a9-c9-e9-g9-i9",
    "a1-a3-a5-a7-a9",
    "c1-c3-c5-c7-c9",
    "e1-e3-e5-e7-e9",
    "g1-g3-g5-g7-g9",
    "i1-i3-i5-i7-i9",
];

/// Every row and column of the 9x9 square.
const ROWS_AND_COLUMNS_9X9: [&str; 18] = [
    "a1-b1-c1-d1-e1-f1-g1-h1-i1",
    "a2-b2-c2-d2-e2-f2-g2-h2-i2",
    "a3-b3-c3-d3-e3-f3-g3-h3-i3",
    "a4-b4-c4-d4-e4-f4-g4-h4-i4",
    "a5-b5-c5-d5-e5-f5-g5-h5-i5",
    "a6-b6-c6-d6-e6-f6-g6-h6-i6",
    "a7-b7-c7-d7-e7-f7-g7-h7-i7",
    "a8-b8-c8-d8-e8-f8-g8-h8-i8",
    "a9-b9-c9-d9-e9-f9-g9-h9-i9",
    "a1-a2-a3-a4-a5-a6-a7-a8-a9",
    "b1-b2-b3-b4-b5-b6-b7-b8-b9",
    "c1-c2-c3-c4-c5-c6-c7-c8-c9",
    "d1-d2-d3-d4-d5-d6-d7-d8-d9",
    "e1-e2-e3-e4-e5-e6-e7-e8-e9",
    "f1-f2-f3-f4-f5-f6-f7-f8-f9",
    "g1-g2-g3-g4-g5-g6-g7-g8-g9",
    "h1-h2-h3-h4-h5-h6-h7-h8-h9",
    "i1-i2-i3-i4-i5-i6-i7-i8-i9",
];

/// The 5x5 square with both diagonals in every cell and a point at each
/// crossing: 41 points, 104 adjacent pairs, 24 lines, named on a 9x9 grid. Used
/// by Kharbaga.
///
/// The square's points are two grid cells apart; the crossings lie between
/// them.
pub static SQUARE_WITH_CROSSINGS: Graph = checked(
    &Layout {
        name: "the 5x5 square with both diagonals in every cell and a point at each crossing",
        files: 9,
        ranks: 9,
        lines: &join::<24>(&KHARBAGA_SQUARE, &DIAGONALS_9X9),
    },
    41,
    104,
    24,
);

/// The 9x9 alquerque square: 81 points, 208 adjacent pairs, 32 lines, named on
/// a 9x9 grid. Used by Zamma.
///
/// Every row and column, and the alternating diagonals of R1.2 on a larger
/// square.
pub static SQUARE_9: Graph = checked(
    &Layout {
        name: "the 9x9 alquerque square",
        files: 9,
        ranks: 9,
        lines: &join::<32>(&ROWS_AND_COLUMNS_9X9, &DIAGONALS_9X9),
    },
    81,
    208,
    32,
);

#[cfg(test)]
mod tests {
    use std::ops::RangeInclusive;

    use super::*;
    use crate::Direction;

    /// Every board of this module, by name.
    fn every_board() -> [(&'static str, &'static Graph); 11] {
        [
            ("SQUARE", &SQUARE),
            ("TWO_ARMS", &TWO_ARMS),
            ("TWO_LONG_ARMS", &TWO_LONG_ARMS),
            ("FULL", &FULL),
            ("FULL_WITHOUT_LONG_DIAGONALS", &FULL_WITHOUT_LONG_DIAGONALS),
            ("FULL_WITH_CORNER_TRIANGLES", &FULL_WITH_CORNER_TRIANGLES),
            ("TWO_TRIANGLES", &TWO_TRIANGLES),
            ("TWO_TRIANGLES_WITH_SIDES", &TWO_TRIANGLES_WITH_SIDES),
            ("EGARA_GUTI", &EGARA_GUTI),
            ("SQUARE_WITH_CROSSINGS", &SQUARE_WITH_CROSSINGS),
            ("SQUARE_9", &SQUARE_9),
        ]
    }

    /// The names of the points of `set` on `graph`, in the order of the
    /// points.
    fn names(graph: &Graph, set: u128) -> Vec<String> {
        (0..graph.len() as u8)
            .filter(|&p| set & 1 << p != 0)
            .map(|p| graph.point_name(p).to_string())
            .collect()
    }

    /// The points strictly inside one of `lines` (each its points in
    /// order): those with a point of the line on either side.
    fn inner_points<'a>(lines: impl IntoIterator<Item = &'a [u8]>) -> u128 {
        lines
            .into_iter()
            .filter(|line| line.len() > 2)
            .flat_map(|line| line[1..line.len() - 1].iter())
            .fold(0, |set, &p| set | 1 << p)
    }

    /// The straight lines of `graph` as its neighbours draw them: from
    /// each point that no neighbour precedes along one of four directions
    /// (north, north-east, east, south-east), the run of neighbours along
    /// it, where there is one.
    fn lines_drawn(graph: &Graph) -> Vec<Vec<u8>> {
        let ways = [
            Direction::North,
            Direction::NorthEast,
            Direction::East,
            Direction::SouthEast,
        ];
        let mut lines = Vec::new();
        for p in 0..graph.len() as u8 {
            for way in ways {
                if graph.neighbour(p, way.opposite()).is_some() {
                    continue;
                }
                let mut line = vec![p];
                while let Some(next) = graph.neighbour(*line.last().expect("a point"), way) {
                    line.push(next);
                }
                if line.len() > 1 {
                    lines.push(line);
                }
            }
        }
        lines
    }

    /// A piece can be jumped (by a short jump or a flying king's long
    /// one) exactly where it stands strictly inside a line, with a point
    /// of the line on each side (R2.2, M4): the ends of every line through
    /// a point make it safe. On every board, the lines as the neighbours
    /// draw them (as many as the layout has) give `jumpable`.
    #[test]
    fn jumpable_points_are_the_points_strictly_inside_a_line_on_every_board() {
        for (name, graph) in every_board() {
            let lines = lines_drawn(graph);
            assert_eq!(lines.len(), graph.line_count(), "{name}");
            let inner = inner_points(lines.iter().map(Vec::as_slice));
            assert_eq!(
                names(graph, graph.jumpable()),
                names(graph, inner),
                "{name}"
            );
            assert_eq!(graph.jumpable() & !graph.points(), 0, "{name}");
        }
    }

    /// R1.4's lines (`FULL_LINES`, 9x9 names) cut to the part of the whole
    /// board with the files `files` and the ranks `ranks`, keeping the lines
    /// with two points or more (R1.5), in the part's own names: shifted so
    /// that its first file is `a` and its first rank `1` (R1.6).
    fn cut_lines(files: RangeInclusive<u8>, ranks: RangeInclusive<u8>) -> Vec<String> {
        FULL_LINES
            .iter()
            .filter_map(|line| {
                let kept: Vec<String> = line
                    .split('-')
                    .filter_map(|name| {
                        let (file, rank) = (name.as_bytes()[0], name.as_bytes()[1]);
                        (files.contains(&file) && ranks.contains(&rank)).then(|| {
                            let file = char::from(file - files.start() + b'a');
                            let rank = char::from(rank - ranks.start() + b'1');
                            format!("{file}{rank}")
                        })
                    })
                    .collect();
                (kept.len() >= 2).then(|| kept.join("-"))
            })
            .collect()
    }

    /// The rule book's three boards (R1.5) and their lines: R1.4's cut
    /// where each board ends, in its own names.
    fn rule_book_boards() -> [(&'static str, &'static Graph, Vec<String>); 3] {
        [
            ("FULL", &FULL, cut_lines(b'a'..=b'i', b'1'..=b'9')),
            ("TWO_ARMS", &TWO_ARMS, cut_lines(b'c'..=b'g', b'1'..=b'9')),
            ("SQUARE", &SQUARE, cut_lines(b'c'..=b'g', b'3'..=b'7')),
        ]
    }

    /// The same from the lines as written: the layouts' lines kept in
    /// this module, and the rule book's lines of the three boards of R1.5
    /// (R1.4, cut where the board ends).
    #[test]
    fn jumpable_points_are_the_points_strictly_inside_the_written_lines() {
        let parse = |graph: &Graph, lines: &[String]| -> Vec<Vec<u8>> {
            lines
                .iter()
                .map(|line| {
                    line.split('-')
                        .map(|name| graph.parse_point(name).expect("a point"))
                        .collect()
                })
                .collect()
        };
        let owned = |lines: &[&str]| lines.iter().map(|&l| l.to_owned()).collect::<Vec<_>>();
        let written: [(&str, &Graph, Vec<String>); 4] = [
            ("FULL", &FULL, owned(&FULL_LINES)),
            (
                "FULL_WITHOUT_LONG_DIAGONALS",
                &FULL_WITHOUT_LONG_DIAGONALS,
                owned(&FULL_LINES[..22]),
            ),
            (
                "SQUARE_WITH_CROSSINGS",
                &SQUARE_WITH_CROSSINGS,
                owned(&[&KHARBAGA_SQUARE[..], &DIAGONALS_9X9[..]].concat()),
            ),
            (
                "SQUARE_9",
                &SQUARE_9,
                owned(&[&ROWS_AND_COLUMNS_9X9[..], &DIAGONALS_9X9[..]].concat()),
            ),
        ];
        for (name, graph, lines) in written.into_iter().chain(rule_book_boards()) {
            let lines = parse(graph, &lines);
            let inner = inner_points(lines.iter().map(Vec::as_slice));
            assert_eq!(
                names(graph, graph.jumpable()),
                names(graph, inner),
                "{name}"
            );
        }
    }

    /// The safe points of the rule book's boards, by name: the whole
    /// board's arm corners and the square's corners (every line through
    /// them ends there), and the square's corners alone on the square
    /// (R1.4, R1.5); the middles of the arms' bases are not (`e1` lies
    /// between `c1` and `g1`), nor is the centre.
    #[test]
    fn safe_points_are_line_ends() {
        let safe = |graph: &Graph| names(graph, graph.points() & !graph.jumpable());
        assert_eq!(
            safe(&FULL),
            [
                "c1", "g1", "a3", "c3", "g3", "i3", "a7", "c7", "g7", "i7", "c9", "g9"
            ]
        );
        assert_eq!(
            safe(&TWO_ARMS),
            ["a1", "e1", "a3", "e3", "a7", "e7", "a9", "e9"]
        );
        assert_eq!(safe(&SQUARE), ["a1", "e1", "a5", "e5"]);
    }

    /// How many points have each number of neighbours, most first.
    fn degrees(graph: &Graph) -> Vec<(u32, usize)> {
        let mut counts = [0usize; 9];
        for p in 0..graph.len() as u8 {
            counts[graph.neighbours(p).count_ones() as usize] += 1;
        }
        (0..9u32)
            .rev()
            .filter(|&d| counts[d as usize] > 0)
            .map(|d| (d, counts[d as usize]))
            .collect()
    }

    #[test]
    fn each_board_has_the_degrees_ludii_draws() {
        assert_eq!(
            degrees(&SQUARE),
            [(8, 5), (5, 4), (4, 4), (3, 12)],
            "SQUARE"
        );
        assert_eq!(
            degrees(&TWO_ARMS),
            [(8, 7), (5, 2), (4, 6), (3, 18), (2, 4)],
            "TWO_ARMS"
        );
        assert_eq!(
            degrees(&TWO_LONG_ARMS),
            [(8, 7), (5, 2), (4, 8), (3, 22), (2, 4)],
            "TWO_LONG_ARMS"
        );
        assert_eq!(degrees(&FULL), [(8, 9), (4, 8), (3, 24), (2, 8)], "FULL");
        assert_eq!(
            degrees(&FULL_WITHOUT_LONG_DIAGONALS),
            [(8, 4), (6, 4), (4, 9), (3, 20), (2, 12)],
            "FULL_WITHOUT_LONG_DIAGONALS"
        );
        assert_eq!(
            degrees(&FULL_WITH_CORNER_TRIANGLES),
            [(8, 9), (6, 4), (4, 12), (3, 32), (2, 16)],
            "FULL_WITH_CORNER_TRIANGLES"
        );
        assert_eq!(
            degrees(&TWO_TRIANGLES),
            [(6, 1), (4, 4), (3, 10), (2, 4)],
            "TWO_TRIANGLES"
        );
        assert_eq!(
            degrees(&TWO_TRIANGLES_WITH_SIDES),
            [(8, 1), (4, 4), (3, 16)],
            "TWO_TRIANGLES_WITH_SIDES"
        );
        assert_eq!(
            degrees(&EGARA_GUTI),
            [(6, 1), (5, 4), (4, 4), (3, 10), (2, 4)],
            "EGARA_GUTI"
        );
        assert_eq!(
            degrees(&SQUARE_WITH_CROSSINGS),
            [(8, 9), (5, 12), (4, 16), (3, 4)],
            "SQUARE_WITH_CROSSINGS"
        );
        assert_eq!(
            degrees(&SQUARE_9),
            [(8, 25), (5, 12), (4, 24), (3, 20)],
            "SQUARE_9"
        );
    }

    /// The rule book's boards as layouts have exactly the lines of R1.4 cut
    /// where each board ends (R1.5): the same points, and the same
    /// neighbours, point by point and direction by direction.
    #[test]
    fn the_rule_books_boards_are_the_whole_board_cut() {
        for (name, graph, lines) in rule_book_boards() {
            let mut expected = std::collections::BTreeMap::new();
            let mut points = std::collections::BTreeSet::new();
            for line in &lines {
                let line: Vec<&str> = line.split('-').collect();
                points.extend(line.iter().copied());
                for pair in line.windows(2) {
                    let [a, b] = [pair[0], pair[1]].map(|n| graph.parse_point(n).expect("a point"));
                    let ((af, ar), (bf, br)) = (graph.coords(a), graph.coords(b));
                    let direction = Direction::from_delta(
                        i32::from(bf) - i32::from(af),
                        i32::from(br) - i32::from(ar),
                    )
                    .expect("two points");
                    expected.insert((pair[0], direction), pair[1]);
                    expected.insert((pair[1], direction.opposite()), pair[0]);
                }
            }
            assert_eq!(graph.len(), points.len(), "{name}");
            for p in 0..graph.len() as u8 {
                let point = graph.point_name(p).to_string();
                for direction in Direction::ALL {
                    let theirs = expected
                        .get(&(point.as_str(), direction))
                        .map(|q| q.to_string());
                    let ours = graph
                        .neighbour(p, direction)
                        .map(|q| graph.point_name(q).to_string());
                    assert_eq!(ours, theirs, "{name}: {point} {direction:?}");
                }
            }
        }
    }
}
