//! Tests of rule R1 (the board) of `RULES.md`, against figures, lines,
//! diagrams and names typed out from the rule book, not taken from the code.

use std::collections::{BTreeMap, BTreeSet};

use board_topology::{Bitboard, Board, Direction, Facing, Heading, Point, PointNameError};

// ---------------------------------------------------------------------------
// Text from the rule book
// ---------------------------------------------------------------------------

/// R1.1, the 49 points on the 9x9 grid, top row first.
const R1_1_DIAGRAM: &str = "
      c9    e9    g9
         d8 e8 f8
a7    c7 d7 e7 f7 g7    i7
   b6 c6 d6 e6 f6 g6 h6
a5 b5 c5 d5 e5 f5 g5 h5 i5
   b4 c4 d4 e4 f4 g4 h4
a3    c3 d3 e3 f3 g3    i3
         d2 e2 f2
      c1    e1    g1
";

/// R1.4, the 24 lines of the whole board, verbatim.
const R1_4_LINES: &str = "
a3-a5-a7   b4-b5-b6   c1-e1-g1   c9-e9-g9   d2-e2-f2   d8-e8-f8
h4-h5-h6   i3-i5-i7
c3-c4-c5-c6-c7   c3-d3-e3-f3-g3   c3-d4-e5-f6-g7   c4-d4-e4-f4-g4
c6-d6-e6-f6-g6   c7-d7-e7-f7-g7   d3-d4-d5-d6-d7   f3-f4-f5-f6-f7
g3-f4-e5-d6-c7   g3-g4-g5-g6-g7
a3-b4-c5-d6-e7-f8-g9      c1-d2-e3-f4-g5-h6-i7
g1-f2-e3-d4-c5-b6-a7      i3-h4-g5-f6-e7-d8-c9
a5-b5-c5-d5-e5-f5-g5-h5-i5
e1-e2-e3-e4-e5-e6-e7-e8-e9
";

/// R1.5, Permainan: the 24 lines cut to the square and the south and north
/// arms (9x9 names). The west and east arms' four short lines go; the four
/// long diagonals and the middle row lose their points off the board.
const R1_5_TWO_ARMS_LINES: &str = "
c1-e1-g1   c9-e9-g9   d2-e2-f2   d8-e8-f8
c3-c4-c5-c6-c7   c3-d3-e3-f3-g3   c3-d4-e5-f6-g7   c4-d4-e4-f4-g4
c6-d6-e6-f6-g6   c7-d7-e7-f7-g7   d3-d4-d5-d6-d7   f3-f4-f5-f6-f7
g3-f4-e5-d6-c7   g3-g4-g5-g6-g7
c5-d6-e7-f8-g9      c1-d2-e3-f4-g5
g1-f2-e3-d4-c5      g5-f6-e7-d8-c9
c5-d5-e5-f5-g5
e1-e2-e3-e4-e5-e6-e7-e8-e9
";

/// R1.5, Alquerque: the lines of the square alone (R1.2), 9x9 names.
const R1_5_SQUARE_LINES: &str = "
c3-c4-c5-c6-c7   c3-d3-e3-f3-g3   c3-d4-e5-f6-g7   c4-d4-e4-f4-g4
c6-d6-e6-f6-g6   c7-d7-e7-f7-g7   d3-d4-d5-d6-d7   f3-f4-f5-f6-f7
g3-f4-e5-d6-c7   g3-g4-g5-g6-g7
c5-d6-e7   e7-f6-g5   g5-f4-e3   e3-d4-c5
c5-d5-e5-f5-g5
e3-e4-e5-e6-e7
";

/// R1.6, Permainan's names, top row first.
const R1_6_PERMAINAN: &str = "
a9    c9    e9
   b8 c8 d8
a7 b7 c7 d7 e7
a6 b6 c6 d6 e6
a5 b5 c5 d5 e5
a4 b4 c4 d4 e4
a3 b3 c3 d3 e3
   b2 c2 d2
a1    c1    e1
";

/// R1.6, Alquerque's names, top row first.
const R1_6_ALQUERQUE: &str = "
a5 b5 c5 d5 e5
a4 b4 c4 d4 e4
a3 b3 c3 d3 e3
a2 b2 c2 d2 e2
a1 b1 c1 d1 e1
";

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

fn pt(board: Board, name: &str) -> Point {
    board
        .parse_point(name)
        .unwrap_or_else(|e| panic!("`{name}` should be a point of {board:?}: {e}"))
}

/// 9x9 name (R1.1) to point.
fn full(name: &str) -> Point {
    pt(Board::Full, name)
}

/// A set of points named on `board`, separated by white space.
fn set(board: Board, names: &str) -> Bitboard {
    names.split_whitespace().map(|n| pt(board, n)).collect()
}

/// A line of the rule book: its names (9x9) and points.
#[derive(Clone, Debug)]
struct TextLine {
    names: Vec<String>,
    points: Vec<Point>,
}

fn parse_lines(text: &str) -> Vec<TextLine> {
    text.split_whitespace()
        .map(|line| {
            let names: Vec<String> = line.split('-').map(str::to_owned).collect();
            let points = names.iter().map(|n| full(n)).collect();
            TextLine { names, points }
        })
        .collect()
}

/// A line as an ordered list of points, the same whichever end it is read
/// from.
fn normalised(points: &[Point]) -> Vec<Point> {
    let forward = points.to_vec();
    let mut backward = forward.clone();
    backward.reverse();
    forward.min(backward)
}

fn line_set<'a>(lines: impl IntoIterator<Item = &'a [Point]>) -> BTreeSet<Vec<Point>> {
    lines.into_iter().map(normalised).collect()
}

/// The direction from one 9x9 name to another, worked out from the names'
/// letters and digits alone.
fn name_direction(from: &str, to: &str) -> Direction {
    let (f, t) = (from.as_bytes(), to.as_bytes());
    let df = (i32::from(t[0]) - i32::from(f[0])).signum();
    let dr = (i32::from(t[1]) - i32::from(f[1])).signum();
    match (df, dr) {
        (0, 1) => Direction::North,
        (1, 1) => Direction::NorthEast,
        (1, 0) => Direction::East,
        (1, -1) => Direction::SouthEast,
        (0, -1) => Direction::South,
        (-1, -1) => Direction::SouthWest,
        (-1, 0) => Direction::West,
        (-1, 1) => Direction::NorthWest,
        _ => panic!("{from} and {to} are the same point"),
    }
}

/// For every point and direction along which a line leaves it, the rest of
/// that line in that direction: the ray, whose first point is the
/// neighbour and whose second is the point straight beyond.
fn rays_from_lines(lines: &[TextLine]) -> BTreeMap<(Point, Direction), Vec<Point>> {
    let mut rays = BTreeMap::new();
    for line in lines {
        let d = name_direction(&line.names[0], &line.names[1]);
        for w in line.names.windows(2) {
            assert_eq!(
                name_direction(&w[0], &w[1]),
                d,
                "line {:?} is not straight",
                line.names
            );
        }
        let n = line.points.len();
        for i in 0..n {
            let p = line.points[i];
            if i + 1 < n {
                let ahead = line.points[i + 1..].to_vec();
                assert!(
                    rays.insert((p, d), ahead).is_none(),
                    "two lines leave {p:?} going {d:?}"
                );
            }
            if i > 0 {
                let behind: Vec<Point> = line.points[..i].iter().rev().copied().collect();
                let back = d.opposite();
                assert!(
                    rays.insert((p, back), behind).is_none(),
                    "two lines leave {p:?} going {back:?}"
                );
            }
        }
    }
    rays
}

/// Degree histogram (degree -> number of points) from a board's lines.
fn histogram_from_lines(lines: &[TextLine]) -> BTreeMap<usize, usize> {
    let mut degree: BTreeMap<Point, usize> = BTreeMap::new();
    for ((p, _), _) in rays_from_lines(lines) {
        *degree.entry(p).or_default() += 1;
    }
    let mut histogram = BTreeMap::new();
    for d in degree.into_values() {
        *histogram.entry(d).or_default() += 1;
    }
    histogram
}

fn histogram_of(board: Board) -> BTreeMap<usize, usize> {
    (0..=8)
        .map(|d| (d, board.points_of_degree(d)))
        .filter(|&(_, n)| n > 0)
        .collect()
}

/// Rotates a 9x9 name a quarter turn about `e5`.
fn rotate(name: &str) -> String {
    let b = name.as_bytes();
    let (f, r) = (i32::from(b[0] - b'a'), i32::from(b[1] - b'1'));
    let (nf, nr) = (8 - r, f);
    format!(
        "{}{}",
        char::from(b'a' + nf as u8),
        char::from(b'1' + nr as u8)
    )
}

/// The rank change of a direction, from R1.7 as written: forward for White
/// (facing north) means towards higher ranks.
fn r1_7_heading(direction: Direction, facing: Facing) -> Heading {
    let gains_for_white = match direction {
        Direction::North | Direction::NorthEast | Direction::NorthWest => 1,
        Direction::East | Direction::West => 0,
        Direction::South | Direction::SouthEast | Direction::SouthWest => -1,
    };
    let gains = match facing {
        Facing::North => gains_for_white,
        Facing::South => -gains_for_white,
    };
    match gains {
        1 => Heading::Forward,
        0 => Heading::Sideways,
        _ => Heading::Backward,
    }
}

/// The rule book's lines for each board.
fn lines_of(board: Board) -> Vec<TextLine> {
    parse_lines(match board {
        Board::Full => R1_4_LINES,
        Board::TwoArms => R1_5_TWO_ARMS_LINES,
        Board::Square => R1_5_SQUARE_LINES,
    })
}

/// Shifts a board's own name to the 9x9 name (R1.6).
fn to_9x9(board: Board, name: &str) -> String {
    let (df, dr) = match board {
        Board::Full => (0, 0),
        Board::TwoArms => (2, 0),
        Board::Square => (2, 2),
    };
    let b = name.as_bytes();
    format!("{}{}", char::from(b[0] + df), char::from(b[1] + dr))
}

/// A small deterministic generator of point sets (xorshift).
fn pseudo_random_sets(count: usize) -> Vec<Bitboard> {
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    (0..count)
        .map(|i| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            // Vary the density: sparse, medium and dense sets.
            let bits = match i % 3 {
                0 => x & (x >> 11) & (x >> 23),
                1 => x & (x >> 29),
                _ => x,
            };
            Bitboard::from_bits(bits)
        })
        .collect()
}

// ---------------------------------------------------------------------------
// R1.1 - R1.3
// ---------------------------------------------------------------------------

#[test]
fn r1_1_the_49_points_of_the_diagram() {
    let rows: Vec<&str> = R1_1_DIAGRAM
        .lines()
        .filter(|l| !l.trim().is_empty())
        .collect();
    assert_eq!(rows.len(), 9);
    for (i, row) in rows.iter().enumerate() {
        for name in row.split_whitespace() {
            assert_eq!(
                name.as_bytes()[1],
                b'9' - i as u8,
                "{name} is not in row {i} of the diagram"
            );
        }
    }
    let points = set(Board::Full, R1_1_DIAGRAM);
    assert_eq!(points.count(), 49);
    assert_eq!(points, Board::Full.points());
    assert_eq!(points, Bitboard::ALL);
    assert_eq!(Point::all().count(), 49);
    // White sits south: c1 is the lowest point index, g9 the highest.
    assert_eq!(Point::all().next(), Some(full("c1")));
    assert_eq!(Point::all().last(), Some(full("g9")));
}

#[test]
fn r1_1_the_square_is_c3_to_g7() {
    let mut square = Bitboard::EMPTY;
    for file in b'c'..=b'g' {
        for rank in b'3'..=b'7' {
            square.insert(full(&format!("{}{}", char::from(file), char::from(rank))));
        }
    }
    assert_eq!(square.count(), 25);
    assert_eq!(Board::Square.points(), square);
    assert!(square.is_subset(Board::TwoArms.points()));
}

#[test]
fn r1_2_diagonals_only_through_even_points_of_the_square() {
    let b = Board::Square;
    for p in b.points() {
        let name = b.point_name(p).to_string();
        let bytes = name.as_bytes();
        let even = (u32::from(bytes[0] - b'a') + u32::from(bytes[1] - b'1')) % 2 == 0;
        let diagonal = b.steps(p).iter().any(|s| s.direction.is_diagonal());
        assert_eq!(diagonal, even, "{name}");
        // And the orthogonal lines pass through every point.
        let orthogonal = b
            .steps(p)
            .iter()
            .filter(|s| !s.direction.is_diagonal())
            .count();
        assert!(orthogonal >= 2, "{name}");
    }
    // The four diagonals joining the middles of the sides.
    let lines = line_set(b.lines().iter().map(|l| l.points()));
    for text in ["c5-d6-e7", "e7-f6-g5", "g5-f4-e3", "e3-d4-c5"] {
        let points: Vec<Point> = text.split('-').map(full).collect();
        assert!(
            lines.contains(&normalised(&points)),
            "{text} is a line of the square"
        );
    }
}

#[test]
fn r1_3_the_arms() {
    // The south arm as R1.3 draws it; the other three are the same figure
    // turned a quarter at a time.
    let south = ["d2-e2-f2", "c1-e1-g1", "e3-e2-e1", "e3-d2-c1", "e3-f2-g1"];
    let mut arm: Vec<Vec<String>> = south
        .iter()
        .map(|l| l.split('-').map(str::to_owned).collect())
        .collect();
    let mut tips = Vec::new();
    for _ in 0..4 {
        tips.push(arm[2][0].clone());
        for figure in &arm {
            let d = name_direction(&figure[0], &figure[1]);
            for w in figure.windows(2) {
                assert_eq!(
                    Board::Full.neighbour(full(&w[0]), d),
                    Some(full(&w[1])),
                    "{} to {} in {figure:?}",
                    w[0],
                    w[1]
                );
            }
        }
        arm = arm
            .iter()
            .map(|f| f.iter().map(|n| rotate(n)).collect())
            .collect();
    }
    let tips: BTreeSet<String> = tips.into_iter().collect();
    let expected: BTreeSet<String> = ["e3", "e7", "c5", "g5"].map(str::to_owned).into();
    assert_eq!(tips, expected);
}

// ---------------------------------------------------------------------------
// R1.4, R1.5: figures
// ---------------------------------------------------------------------------

struct Figures {
    board: Board,
    points: usize,
    pairs: usize,
    lines: usize,
    triples: usize,
    degrees: &'static [(usize, usize)],
}

fn check_figures(f: &Figures) {
    let b = f.board;
    assert_eq!(b.points().count(), f.points, "{b:?} points");
    assert_eq!(b.adjacent_pairs(), f.pairs, "{b:?} adjacent pairs");
    assert_eq!(b.lines().len(), f.lines, "{b:?} lines");
    assert_eq!(b.jump_triples(), f.triples, "{b:?} jump triples");
    let degrees: BTreeMap<usize, usize> = f.degrees.iter().copied().collect();
    assert_eq!(histogram_of(b), degrees, "{b:?} degree histogram");

    // The same figures recounted from the tables themselves...
    let neighbour_sum: usize = b.points().iter().map(|p| b.neighbours(p).count()).sum();
    assert_eq!(neighbour_sum, 2 * f.pairs, "{b:?} neighbours");
    let step_sum: usize = b.points().iter().map(|p| b.steps(p).len()).sum();
    assert_eq!(step_sum, 2 * f.pairs, "{b:?} steps");
    let jump_sum: usize = b.points().iter().map(|p| b.jumps(p).len()).sum();
    assert_eq!(jump_sum, f.triples, "{b:?} jumps");

    // ...and from the rule book's lines.
    let lines = lines_of(b);
    assert_eq!(lines.len(), f.lines, "{b:?} lines typed from the rule book");
    let pairs: usize = lines.iter().map(|l| l.points.len() - 1).sum();
    assert_eq!(pairs, f.pairs, "{b:?} pairs from the rule book's lines");
    let triples: usize = lines
        .iter()
        .map(|l| 2 * l.points.len().saturating_sub(2))
        .sum();
    assert_eq!(
        triples, f.triples,
        "{b:?} triples from the rule book's lines"
    );
    assert_eq!(
        histogram_from_lines(&lines),
        degrees,
        "{b:?} degrees from the rule book's lines"
    );
}

#[test]
fn r1_4_figures_of_the_whole_board() {
    check_figures(&Figures {
        board: Board::Full,
        points: 49,
        pairs: 96,
        lines: 24,
        triples: 144,
        degrees: &[(2, 8), (3, 24), (4, 8), (8, 9)],
    });
}

#[test]
fn r1_5_permainan_board_figures() {
    // 37 points, 76 adjacent pairs, 20 lines, 112 jump triples (R1.5).
    // Degrees, worked out from R1.2-R1.5 by hand: 8 at e5, d4, f4, d6, f6
    // and the two arm tips e3, e7; 5 at c5, g5 (no arm there); 4 at e4, d5,
    // f5, e6 and the arms' e2, e8; 2 at the four base corners; 3 elsewhere.
    check_figures(&Figures {
        board: Board::TwoArms,
        points: 37,
        pairs: 76,
        lines: 20,
        triples: 112,
        degrees: &[(2, 4), (3, 18), (4, 6), (5, 2), (8, 7)],
    });
}

#[test]
fn r1_5_alquerque_board_figures() {
    // 25 points, 56 adjacent pairs, 16 lines, 80 jump triples (R1.5).
    // Degrees of the plain alquerque square: 8 at the centre and the four
    // even inner points; 5 at the middles of the sides; 4 at the odd inner
    // points; 3 at the corners and the odd edge points.
    check_figures(&Figures {
        board: Board::Square,
        points: 25,
        pairs: 56,
        lines: 16,
        triples: 80,
        degrees: &[(3, 12), (4, 4), (5, 4), (8, 5)],
    });
}

#[test]
fn r1_4_degrees_of_named_points() {
    let b = Board::Full;
    let expect = |names: &str, degree: usize| {
        for n in names.split_whitespace() {
            assert_eq!(b.neighbours(full(n)).count(), degree, "{n}");
        }
    };
    expect("e5 d4 f4 d6 f6 e3 e7 c5 g5", 8);
    expect("e4 d5 f5 e6 e2 e8 b5 h5", 4);
    expect("c1 g1 c9 g9 a3 a7 i3 i7", 2);
}

// ---------------------------------------------------------------------------
// R1.4: the 24 lines
// ---------------------------------------------------------------------------

#[test]
fn r1_4_the_24_lines() {
    let text = parse_lines(R1_4_LINES);
    assert_eq!(text.len(), 24);
    let expected = line_set(text.iter().map(|l| l.points.as_slice()));
    assert_eq!(expected.len(), 24, "the rule book's lines are distinct");
    let actual = line_set(Board::Full.lines().iter().map(|l| l.points()));
    assert_eq!(Board::Full.lines().len(), 24);
    assert_eq!(actual, expected);
    for line in Board::Full.lines() {
        assert_eq!(line.len(), line.points().len());
        assert!(!line.is_empty());
        assert!(line.len() >= 3);
    }
    // Every point is on a line, and on at most four (one per axis).
    for p in Point::all() {
        let on = text.iter().filter(|l| l.points.contains(&p)).count();
        assert!((1..=4).contains(&on), "{p:?} is on {on} lines");
    }
}

#[test]
fn r1_4_the_lines_are_the_same_turned_a_quarter() {
    let text = parse_lines(R1_4_LINES);
    let lines = line_set(text.iter().map(|l| l.points.as_slice()));
    let turned = line_set(
        text.iter()
            .map(|l| l.names.iter().map(|n| full(&rotate(n))).collect::<Vec<_>>())
            .collect::<Vec<_>>()
            .iter()
            .map(Vec::as_slice),
    );
    assert_eq!(turned, lines);
}

#[test]
fn r1_4_each_line_is_a_run_of_neighbours_with_jumps_straight_beyond() {
    let b = Board::Full;
    for line in parse_lines(R1_4_LINES) {
        let d = name_direction(&line.names[0], &line.names[1]);
        let ps = &line.points;
        let n = ps.len();
        for i in 0..n {
            let (p, name) = (ps[i], &line.names[i]);
            // Adjacent along the line, both ways.
            let ahead = ps.get(i + 1).copied();
            let behind = i.checked_sub(1).map(|j| ps[j]);
            assert_eq!(
                b.neighbour(p, d),
                ahead,
                "{name} going {d:?} in {:?}",
                line.names
            );
            assert_eq!(
                b.neighbour(p, d.opposite()),
                behind,
                "{name} going back in {:?}",
                line.names
            );
            // Straight beyond.
            let beyond = ps.get(i + 2).copied();
            assert_eq!(b.beyond(p, d), beyond, "{name} beyond {d:?}");
            let jump = b.jumps(p).iter().find(|j| j.direction == d);
            match beyond {
                Some(to) => {
                    let jump = jump.unwrap_or_else(|| panic!("{name} jumps {d:?}"));
                    assert_eq!((jump.over, jump.to), (ps[i + 1], to), "{name} jump {d:?}");
                }
                None => assert!(jump.is_none(), "{name} has no jump {d:?}"),
            }
            let back = i.checked_sub(2).map(|j| ps[j]);
            assert_eq!(
                b.beyond(p, d.opposite()),
                back,
                "{name} beyond {:?}",
                d.opposite()
            );
            // The step along the line.
            let step = b.steps(p).iter().find(|s| s.direction == d).map(|s| s.to);
            assert_eq!(step, ahead, "{name} step {d:?}");
        }
    }
}

#[test]
fn r1_4_base_and_outer_columns_skip_cells() {
    let b = Board::Full;
    // c1-e1-g1 runs east but skips d1 and f1; a3-a5-a7 runs north.
    assert_eq!(b.neighbour(full("c1"), Direction::East), Some(full("e1")));
    assert_eq!(b.neighbour(full("g1"), Direction::West), Some(full("e1")));
    assert_eq!(b.neighbour(full("a3"), Direction::North), Some(full("a5")));
    assert_eq!(b.neighbour(full("i7"), Direction::South), Some(full("i5")));
    // No line joins the square's rows to the arms' outer points.
    assert_eq!(b.neighbour(full("g3"), Direction::East), None);
    assert_eq!(b.neighbour(full("c3"), Direction::West), None);
    assert_eq!(b.neighbour(full("c3"), Direction::South), None);
    assert_eq!(b.neighbour(full("c7"), Direction::North), None);
    assert_eq!(b.neighbour(full("c3"), Direction::SouthWest), None);
    assert_eq!(b.neighbour(full("d3"), Direction::SouthWest), None);
    assert_eq!(
        b.neighbour(full("d4"), Direction::NorthEast),
        Some(full("e5"))
    );
    assert_eq!(b.neighbour(full("e4"), Direction::NorthEast), None);
}

// ---------------------------------------------------------------------------
// Every board: steps, jumps, neighbours and rays exactly as the lines say
// ---------------------------------------------------------------------------

fn check_tables_against_lines(b: Board) {
    let lines = lines_of(b);
    let rays = rays_from_lines(&lines);
    for p in Point::all() {
        let mut expected_steps = Vec::new();
        let mut expected_jumps = Vec::new();
        let mut expected_neighbours = Bitboard::EMPTY;
        for d in Direction::ALL {
            let ray = rays.get(&(p, d)).cloned().unwrap_or_default();
            assert_eq!(
                b.ray(p, d),
                ray.iter().copied().collect::<Bitboard>(),
                "{b:?} ray from {p:?} {d:?}"
            );
            assert_eq!(b.neighbour(p, d), ray.first().copied(), "{b:?} {p:?} {d:?}");
            assert_eq!(
                b.beyond(p, d),
                ray.get(1).copied(),
                "{b:?} {p:?} beyond {d:?}"
            );
            if let Some(&to) = ray.first() {
                expected_steps.push((d, to));
                expected_neighbours.insert(to);
            }
            if let [over, to, ..] = ray[..] {
                expected_jumps.push((d, over, to));
            }
        }
        let mut steps: Vec<_> = b.steps(p).iter().map(|s| (s.direction, s.to)).collect();
        let mut jumps: Vec<_> = b
            .jumps(p)
            .iter()
            .map(|j| (j.direction, j.over, j.to))
            .collect();
        steps.sort();
        jumps.sort();
        assert_eq!(steps, expected_steps, "{b:?} steps from {p:?}");
        assert_eq!(jumps, expected_jumps, "{b:?} jumps from {p:?}");
        assert_eq!(
            b.neighbours(p),
            expected_neighbours,
            "{b:?} neighbours of {p:?}"
        );
    }
}

#[test]
fn r1_4_steps_jumps_and_rays_of_the_whole_board() {
    check_tables_against_lines(Board::Full);
}

#[test]
fn r1_5_steps_jumps_and_rays_of_the_permainan_board() {
    check_tables_against_lines(Board::TwoArms);
}

#[test]
fn r1_5_steps_jumps_and_rays_of_the_alquerque_board() {
    check_tables_against_lines(Board::Square);
}

// ---------------------------------------------------------------------------
// R1.5: the cut lines
// ---------------------------------------------------------------------------

/// The 24 lines with the points off `board` removed, keeping those with at
/// least two points left.
fn cut_lines(board: Board) -> BTreeSet<Vec<Point>> {
    parse_lines(R1_4_LINES)
        .iter()
        .map(|l| {
            l.points
                .iter()
                .copied()
                .filter(|&p| board.contains(p))
                .collect::<Vec<_>>()
        })
        .filter(|l| l.len() >= 2)
        .map(|l| normalised(&l))
        .collect()
}

fn check_cut_lines(board: Board, text: &str, count: usize) {
    let typed = parse_lines(text);
    assert_eq!(typed.len(), count);
    let expected = line_set(typed.iter().map(|l| l.points.as_slice()));
    assert_eq!(expected.len(), count);
    assert_eq!(
        cut_lines(board),
        expected,
        "typed lines are the 24 cut to {board:?}"
    );
    let actual = line_set(board.lines().iter().map(|l| l.points()));
    assert_eq!(actual, expected, "{board:?} lines");
    for line in board.lines() {
        for &p in line.points() {
            assert!(board.contains(p), "{board:?} line through {p:?}");
        }
    }
}

#[test]
fn r1_5_permainan_lines_are_cut() {
    check_cut_lines(Board::TwoArms, R1_5_TWO_ARMS_LINES, 20);
    let lines = line_set(Board::TwoArms.lines().iter().map(|l| l.points()));
    let line = |t: &str| normalised(&t.split('-').map(full).collect::<Vec<_>>());
    assert!(lines.contains(&line("c5-d6-e7-f8-g9")));
    assert!(!lines.contains(&line("a3-b4-c5-d6-e7-f8-g9")));
    assert!(lines.contains(&line("c1-d2-e3-f4-g5")));
    assert!(lines.contains(&line("c5-d5-e5-f5-g5")));
    assert!(lines.contains(&line("e1-e2-e3-e4-e5-e6-e7-e8-e9")));
    // The line stops at c5 and g5.
    let b = Board::TwoArms;
    assert_eq!(b.neighbour(full("c5"), Direction::SouthWest), None);
    assert_eq!(b.neighbour(full("c5"), Direction::West), None);
    assert_eq!(b.neighbour(full("g5"), Direction::NorthEast), None);
    assert_eq!(b.neighbour(full("g5"), Direction::East), None);
    assert_eq!(
        b.neighbour(full("c5"), Direction::NorthEast),
        Some(full("d6"))
    );
    assert_eq!(b.beyond(full("e7"), Direction::NorthEast), Some(full("g9")));
    assert_eq!(b.beyond(full("e5"), Direction::West), Some(full("c5")));
    assert_eq!(b.beyond(full("d5"), Direction::West), None);
}

#[test]
fn r1_5_alquerque_lines_are_cut() {
    check_cut_lines(Board::Square, R1_5_SQUARE_LINES, 16);
    let b = Board::Square;
    assert_eq!(b.neighbour(full("e3"), Direction::South), None);
    assert_eq!(b.neighbour(full("e3"), Direction::SouthWest), None);
    assert_eq!(b.neighbour(full("e7"), Direction::North), None);
    assert_eq!(b.neighbour(full("c5"), Direction::West), None);
    assert_eq!(b.neighbour(full("g5"), Direction::SouthEast), None);
    assert_eq!(b.beyond(full("c5"), Direction::NorthEast), Some(full("e7")));
    assert_eq!(b.beyond(full("d6"), Direction::NorthEast), None);
}

#[test]
fn r1_5_no_step_leaves_the_board() {
    for b in Board::ALL {
        let points = b.points();
        for p in Point::all() {
            if points.contains(p) {
                assert!(b.contains(p));
                assert!(b.neighbours(p).any(), "{b:?} {p:?} has neighbours");
                assert!(
                    b.neighbours(p).is_subset(points),
                    "{b:?} neighbours of {p:?}"
                );
                for s in b.steps(p) {
                    assert!(points.contains(s.to), "{b:?} step {p:?} to {:?}", s.to);
                }
                for j in b.jumps(p) {
                    assert!(
                        points.contains(j.over) && points.contains(j.to),
                        "{b:?} jump from {p:?}"
                    );
                }
                for d in Direction::ALL {
                    assert!(b.ray(p, d).is_subset(points), "{b:?} ray from {p:?} {d:?}");
                    for f in Facing::ALL {
                        for h in Heading::ALL {
                            assert!(b.toward(p, f, h).is_subset(points));
                        }
                    }
                }
            } else {
                assert!(!b.contains(p));
                assert!(b.neighbours(p).is_empty(), "{b:?} off-board {p:?}");
                assert!(b.steps(p).is_empty(), "{b:?} off-board {p:?}");
                assert!(b.jumps(p).is_empty(), "{b:?} off-board {p:?}");
                for d in Direction::ALL {
                    assert_eq!(b.neighbour(p, d), None);
                    assert!(b.ray(p, d).is_empty());
                }
                for f in Facing::ALL {
                    for h in Heading::ALL {
                        assert!(b.toward(p, f, h).is_empty());
                    }
                }
            }
        }
    }
    // The arms' points are on the Permainan board only north and south.
    for n in [
        "c1", "e1", "g1", "d2", "e2", "f2", "d8", "e8", "f8", "c9", "e9", "g9",
    ] {
        assert!(Board::TwoArms.contains(full(n)), "{n}");
        assert!(!Board::Square.contains(full(n)), "{n}");
    }
    for n in [
        "a3", "a5", "a7", "b4", "b5", "b6", "h4", "h5", "h6", "i3", "i5", "i7",
    ] {
        assert!(!Board::TwoArms.contains(full(n)), "{n}");
    }
}

// ---------------------------------------------------------------------------
// R1.6: names
// ---------------------------------------------------------------------------

#[test]
fn r1_6_point_names_round_trip() {
    for b in Board::ALL {
        let mut seen = BTreeSet::new();
        for p in b.points() {
            let name = b.point_name(p).to_string();
            assert_eq!(name.len(), 2, "{b:?} {p:?}: {name}");
            assert_eq!(b.parse_point(&name), Ok(p), "{b:?} {name}");
            assert!(seen.insert(name.clone()), "{b:?} names two points {name}");
            // The game's name is the 9x9 name shifted as R1.6 says.
            assert_eq!(
                to_9x9(b, &name),
                Board::Full.point_name(p).to_string(),
                "{b:?} {name}"
            );
        }
        // Every name on the board's grid that parses is one of its points.
        let (files, ranks) = b.grid_size();
        let mut parsed = 0;
        for f in 0..files {
            for r in 0..ranks {
                let name = format!("{}{}", char::from(b'a' + f), char::from(b'1' + r));
                match b.parse_point(&name) {
                    Ok(p) => {
                        parsed += 1;
                        assert_eq!(b.point_name(p).to_string(), name);
                        assert_eq!(b.point_at(f, r), Some(p));
                    }
                    Err(e) => {
                        assert!(
                            matches!(e, PointNameError::NotOnBoard { .. }),
                            "{b:?} {name}: {e}"
                        );
                        assert_eq!(b.point_at(f, r), None);
                    }
                }
            }
        }
        assert_eq!(parsed, b.points().count(), "{b:?}");
    }
    assert_eq!(Board::Full.grid_size(), (9, 9));
    assert_eq!(Board::TwoArms.grid_size(), (5, 9));
    assert_eq!(Board::Square.grid_size(), (5, 5));
}

fn check_diagram(board: Board, diagram: &str, count: usize) {
    let rows: Vec<&str> = diagram.lines().filter(|l| !l.trim().is_empty()).collect();
    let top = board.grid_size().1;
    assert_eq!(rows.len(), usize::from(top));
    for (i, row) in rows.iter().enumerate() {
        for name in row.split_whitespace() {
            assert_eq!(
                name.as_bytes()[1],
                b'0' + top - i as u8,
                "{name} in row {i}"
            );
        }
    }
    let names: BTreeSet<&str> = diagram.split_whitespace().collect();
    assert_eq!(names.len(), count);
    let points = set(board, diagram);
    assert_eq!(points, board.points(), "{board:?}");
    let printed: BTreeSet<String> = board
        .points()
        .iter()
        .map(|p| board.point_name(p).to_string())
        .collect();
    let names: BTreeSet<String> = names.into_iter().map(str::to_owned).collect();
    assert_eq!(printed, names, "{board:?}");
    for name in &names {
        assert_eq!(
            pt(board, name),
            full(&to_9x9(board, name)),
            "{board:?} {name}"
        );
    }
}

#[test]
fn r1_6_names_of_the_whole_board() {
    check_diagram(Board::Full, R1_1_DIAGRAM, 49);
}

#[test]
fn r1_6_names_of_the_permainan_board() {
    check_diagram(Board::TwoArms, R1_6_PERMAINAN, 37);
    let b = Board::TwoArms;
    // "`c1` above is its `a1`; its square is `a3`..`e7`".
    assert_eq!(pt(b, "a1"), full("c1"));
    assert_eq!(b.point_name(full("c1")).to_string(), "a1");
    assert_eq!(pt(b, "a3"), full("c3"));
    assert_eq!(pt(b, "e7"), full("g7"));
    assert_eq!(pt(b, "c9"), full("e9"));
    let square = set(
        b,
        "a3 b3 c3 d3 e3 a4 b4 c4 d4 e4 a5 b5 c5 d5 e5 a6 b6 c6 d6 e6 a7 b7 c7 d7 e7",
    );
    assert_eq!(square, Board::Square.points());
}

#[test]
fn r1_6_names_of_the_alquerque_board() {
    check_diagram(Board::Square, R1_6_ALQUERQUE, 25);
    let b = Board::Square;
    assert_eq!(pt(b, "a1"), full("c3"));
    assert_eq!(pt(b, "c3"), full("e5"));
    assert_eq!(pt(b, "e5"), full("g7"));
    assert_eq!(b.point_name(full("e5")).to_string(), "c3");
}

#[test]
fn r1_6_alquerque_lines_in_its_own_names() {
    // R1.2 in Alquerque's names: 5 rows, 5 columns, 2 long diagonals and
    // the 4 diagonals joining the middles of the sides.
    let text = "
        a1-b1-c1-d1-e1 a2-b2-c2-d2-e2 a3-b3-c3-d3-e3 a4-b4-c4-d4-e4 a5-b5-c5-d5-e5
        a1-a2-a3-a4-a5 b1-b2-b3-b4-b5 c1-c2-c3-c4-c5 d1-d2-d3-d4-d5 e1-e2-e3-e4-e5
        a1-b2-c3-d4-e5 e1-d2-c3-b4-a5
        a3-b4-c5 c5-d4-e3 e3-d2-c1 c1-b2-a3
    ";
    let b = Board::Square;
    let expected: BTreeSet<Vec<Point>> = text
        .split_whitespace()
        .map(|l| normalised(&l.split('-').map(|n| pt(b, n)).collect::<Vec<_>>()))
        .collect();
    assert_eq!(expected.len(), 16);
    assert_eq!(line_set(b.lines().iter().map(|l| l.points())), expected);
}

fn check_not_on_board(board: Board, name: &str) {
    let error = board
        .parse_point(name)
        .expect_err(&format!("`{name}` should not be a point of {board:?}"));
    assert!(
        matches!(&error, PointNameError::NotOnBoard { name: n, board: b } if n == name && *b == board),
        "{board:?} {name}: {error:?}"
    );
    let text = error.to_string();
    assert!(text.contains(&format!("`{name}`")), "{text}");
    assert!(text.contains(&board.to_string()), "{text}");
}

fn check_malformed(board: Board, name: &str) {
    let error = board
        .parse_point(name)
        .expect_err(&format!("`{name}` should be malformed on {board:?}"));
    assert!(
        matches!(&error, PointNameError::Malformed { name: n } if n == name),
        "{board:?} {name:?}: {error:?}"
    );
    let text = error.to_string();
    assert!(text.contains(&format!("`{name}`")), "{text}");
}

#[test]
fn r1_6_names_off_the_board_are_errors() {
    // Grid cells without a point, and cells beyond the board's grid.
    for n in ["a1", "b1", "d1", "i9", "a4", "b3", "h7", "i8", "j5", "z9"] {
        check_not_on_board(Board::Full, n);
    }
    for n in ["b1", "d1", "a2", "e2", "a8", "e8", "f5", "g5", "i5", "f1"] {
        check_not_on_board(Board::TwoArms, n);
    }
    for n in ["f1", "a6", "e6", "f5", "g7", "i9"] {
        check_not_on_board(Board::Square, n);
    }
    assert_eq!(
        Board::Square.parse_point("f1").map_err(|e| e.to_string()),
        Err("`f1` is not a point of the square board (25 points)".to_owned())
    );
}

#[test]
fn r1_6_malformed_names_are_errors() {
    for b in Board::ALL {
        for n in [
            "", "e", "e10", "E5", "5e", "ee", "55", "e0", " e5", "e5 ", "é5", "e-5",
        ] {
            check_malformed(b, n);
        }
    }
}

// ---------------------------------------------------------------------------
// R1.7: directions for a side
// ---------------------------------------------------------------------------

#[test]
fn r1_7_headings() {
    use Direction::*;
    let white: [(Direction, Heading); 8] = [
        (North, Heading::Forward),
        (NorthEast, Heading::Forward),
        (NorthWest, Heading::Forward),
        (East, Heading::Sideways),
        (West, Heading::Sideways),
        (South, Heading::Backward),
        (SouthEast, Heading::Backward),
        (SouthWest, Heading::Backward),
    ];
    for (d, h) in white {
        assert_eq!(d.heading(Facing::North), h, "White {d:?}");
        let reversed = match h {
            Heading::Forward => Heading::Backward,
            Heading::Sideways => Heading::Sideways,
            Heading::Backward => Heading::Forward,
        };
        assert_eq!(d.heading(Facing::South), reversed, "Black {d:?}");
        assert_eq!(d.heading(Facing::North), r1_7_heading(d, Facing::North));
        assert_eq!(d.heading(Facing::South), r1_7_heading(d, Facing::South));
    }
    assert_eq!(Facing::North.opposite(), Facing::South);
    assert_eq!(Facing::South.opposite(), Facing::North);
}

#[test]
fn r1_7_toward_partitions_the_neighbours() {
    for b in Board::ALL {
        let rays = rays_from_lines(&lines_of(b));
        for p in b.points() {
            for f in Facing::ALL {
                let mut expected = [Bitboard::EMPTY; 3];
                for d in Direction::ALL {
                    if let Some(ray) = rays.get(&(p, d)) {
                        expected[r1_7_heading(d, f).index()].insert(ray[0]);
                    }
                }
                for h in Heading::ALL {
                    assert_eq!(
                        b.toward(p, f, h),
                        expected[h.index()],
                        "{b:?} {p:?} {f:?} {h:?}"
                    );
                    assert_eq!(
                        b.toward(p, f, h),
                        b.toward(
                            p,
                            f.opposite(),
                            match h {
                                Heading::Forward => Heading::Backward,
                                Heading::Sideways => Heading::Sideways,
                                Heading::Backward => Heading::Forward,
                            }
                        ),
                        "{b:?} {p:?}: one side's forward is the other's backward"
                    );
                }
                let all = expected[0] | expected[1] | expected[2];
                assert_eq!(all, b.neighbours(p), "{b:?} {p:?}");
            }
        }
    }
}

#[test]
fn r1_7_alquerque_from_the_centre_and_corners() {
    let b = Board::Square;
    let toward = |name: &str, f: Facing, h: Heading| b.toward(pt(b, name), f, h);
    let s = |names: &str| set(b, names);
    let (w, k) = (Facing::North, Facing::South);
    use Heading::{Backward, Forward, Sideways};

    // The centre c3.
    assert_eq!(toward("c3", w, Forward), s("b4 c4 d4"));
    assert_eq!(toward("c3", w, Sideways), s("b3 d3"));
    assert_eq!(toward("c3", w, Backward), s("b2 c2 d2"));
    assert_eq!(toward("c3", k, Forward), s("b2 c2 d2"));
    assert_eq!(toward("c3", k, Sideways), s("b3 d3"));
    assert_eq!(toward("c3", k, Backward), s("b4 c4 d4"));
    // Corners.
    assert_eq!(toward("a1", w, Forward), s("a2 b2"));
    assert_eq!(toward("a1", w, Sideways), s("b1"));
    assert_eq!(toward("a1", w, Backward), s(""));
    assert_eq!(toward("a1", k, Forward), s(""));
    assert_eq!(toward("a1", k, Backward), s("a2 b2"));
    assert_eq!(toward("e5", w, Forward), s(""));
    assert_eq!(toward("e5", w, Sideways), s("d5"));
    assert_eq!(toward("e5", w, Backward), s("d4 e4"));
    assert_eq!(toward("e5", k, Forward), s("d4 e4"));
    assert_eq!(toward("e1", k, Forward), s(""));
    assert_eq!(toward("e1", k, Sideways), s("d1"));
    assert_eq!(toward("a5", k, Forward), s("a4 b4"));
    // An odd point has no diagonals: b1 and c2.
    assert_eq!(toward("b1", w, Forward), s("b2"));
    assert_eq!(toward("b1", w, Sideways), s("a1 c1"));
    assert_eq!(toward("c2", w, Forward), s("c3"));
    assert_eq!(toward("c2", k, Forward), s("c1"));
    // The middle of a side: a3.
    assert_eq!(toward("a3", w, Forward), s("a4 b4"));
    assert_eq!(toward("a3", w, Sideways), s("b3"));
    assert_eq!(toward("a3", w, Backward), s("a2 b2"));
}

#[test]
fn r1_7_permainan_arms() {
    let b = Board::TwoArms;
    let toward = |name: &str, f: Facing, h: Heading| b.toward(pt(b, name), f, h);
    let s = |names: &str| set(b, names);
    let (w, k) = (Facing::North, Facing::South);
    use Heading::{Backward, Forward, Sideways};

    // The tip of the south arm, c3.
    assert_eq!(toward("c3", w, Forward), s("b4 c4 d4"));
    assert_eq!(toward("c3", w, Sideways), s("b3 d3"));
    assert_eq!(toward("c3", w, Backward), s("b2 c2 d2"));
    // The base and the cross line are sideways (R1.7).
    assert_eq!(toward("a1", w, Sideways), s("c1"));
    assert_eq!(toward("a1", w, Forward), s("b2"));
    assert_eq!(toward("c1", w, Sideways), s("a1 e1"));
    assert_eq!(toward("c1", w, Forward), s("c2"));
    assert_eq!(toward("c2", w, Sideways), s("b2 d2"));
    assert_eq!(toward("c2", w, Forward), s("c3"));
    assert_eq!(toward("c2", w, Backward), s("c1"));
    assert_eq!(toward("b2", w, Forward), s("c3"));
    assert_eq!(toward("b2", w, Backward), s("a1"));
    assert_eq!(toward("b2", w, Sideways), s("c2"));
    // The north arm for Black.
    assert_eq!(toward("c7", k, Forward), s("b6 c6 d6"));
    assert_eq!(toward("c7", k, Backward), s("b8 c8 d8"));
    assert_eq!(toward("e9", k, Forward), s("d8"));
    assert_eq!(toward("e9", k, Sideways), s("c9"));
    assert_eq!(toward("c9", w, Forward), s(""));
    // The middles of the west and east sides have no arm here.
    assert_eq!(toward("a5", w, Sideways), s("b5"));
    assert_eq!(toward("a5", w, Forward), s("a6 b6"));
    assert_eq!(toward("e5", k, Forward), s("d4 e4"));
}

#[test]
fn r1_7_base_rows() {
    let f = |names: &str| set(Board::Full, names);
    assert_eq!(Board::Full.base(Facing::North), f("c1 e1 g1"));
    assert_eq!(Board::Full.base(Facing::South), f("c9 e9 g9"));
    assert_eq!(Board::TwoArms.base(Facing::North), f("c1 e1 g1"));
    assert_eq!(Board::TwoArms.base(Facing::South), f("c9 e9 g9"));
    // In Permainan's names (M6).
    assert_eq!(
        Board::TwoArms.base(Facing::North),
        set(Board::TwoArms, "a1 c1 e1")
    );
    assert_eq!(
        Board::TwoArms.base(Facing::South),
        set(Board::TwoArms, "a9 c9 e9")
    );
    // Alquerque: the bottom and top rows of the square (A3).
    assert_eq!(Board::Square.base(Facing::North), f("c3 d3 e3 f3 g3"));
    assert_eq!(Board::Square.base(Facing::South), f("c7 d7 e7 f7 g7"));
    assert_eq!(
        Board::Square.base(Facing::North),
        set(Board::Square, "a1 b1 c1 d1 e1")
    );
    assert_eq!(
        Board::Square.base(Facing::South),
        set(Board::Square, "a5 b5 c5 d5 e5")
    );
}

// ---------------------------------------------------------------------------
// Rays and the nearest point along them
// ---------------------------------------------------------------------------

#[test]
fn r1_4_rays() {
    let f = |names: &str| set(Board::Full, names);
    let e1 = full("e1");
    assert_eq!(
        Board::Full.ray(e1, Direction::North),
        f("e2 e3 e4 e5 e6 e7 e8 e9")
    );
    assert_eq!(Board::Full.ray(e1, Direction::East), f("g1"));
    assert_eq!(Board::Full.ray(e1, Direction::NorthEast), f(""));
    let c1 = full("c1");
    assert_eq!(
        Board::Full.ray(c1, Direction::NorthEast),
        f("d2 e3 f4 g5 h6 i7")
    );
    assert_eq!(
        Board::TwoArms.ray(c1, Direction::NorthEast),
        f("d2 e3 f4 g5")
    );
    assert_eq!(Board::Square.ray(c1, Direction::NorthEast), f(""));
    // The same in Permainan's names.
    let tb = Board::TwoArms;
    assert_eq!(
        tb.ray(pt(tb, "a1"), Direction::NorthEast),
        set(tb, "b2 c3 d4 e5")
    );
    assert_eq!(
        Board::Full.ray(full("a5"), Direction::East),
        f("b5 c5 d5 e5 f5 g5 h5 i5")
    );
    assert_eq!(Board::TwoArms.ray(full("e5"), Direction::West), f("c5 d5"));
    assert_eq!(
        Board::Square.ray(full("c3"), Direction::NorthEast),
        f("d4 e5 f6 g7")
    );
    assert_eq!(Board::Square.ray(full("d3"), Direction::NorthEast), f(""));
    assert_eq!(
        Board::Full.ray(full("i3"), Direction::NorthWest),
        f("h4 g5 f6 e7 d8 c9")
    );
    assert_eq!(
        Board::Full.ray(full("a7"), Direction::SouthEast),
        f("b6 c5 d4 e3 f2 g1")
    );
}

#[test]
fn r1_4_nearest_point_along_a_ray() {
    let b = Board::Full;
    let f = |names: &str| set(b, names);
    let among = f("e4 e7");
    // Index-increasing (north) and index-decreasing (south) rays.
    assert_eq!(
        b.nearest(full("e1"), Direction::North, among),
        Some(full("e4"))
    );
    assert_eq!(
        b.nearest(full("e9"), Direction::South, among),
        Some(full("e7"))
    );
    assert_eq!(
        b.nearest(full("e5"), Direction::North, among),
        Some(full("e7"))
    );
    assert_eq!(
        b.nearest(full("e5"), Direction::South, among),
        Some(full("e4"))
    );
    assert_eq!(b.nearest(full("e8"), Direction::North, among), None);
    // The starting point is not on its own ray.
    assert_eq!(b.nearest(full("e4"), Direction::North, f("e4")), None);
    // Diagonals both ways.
    assert_eq!(
        b.nearest(full("c1"), Direction::NorthEast, f("f4 h6")),
        Some(full("f4"))
    );
    assert_eq!(
        b.nearest(full("i7"), Direction::SouthWest, f("d2 f4")),
        Some(full("f4"))
    );
    assert_eq!(
        b.nearest(full("i3"), Direction::NorthWest, f("g5 d8")),
        Some(full("g5"))
    );
    assert_eq!(
        b.nearest(full("c9"), Direction::SouthEast, f("f6 g5 i3")),
        Some(full("f6"))
    );
    // Rows both ways.
    assert_eq!(
        b.nearest(full("a5"), Direction::East, f("d5 g5")),
        Some(full("d5"))
    );
    assert_eq!(
        b.nearest(full("i5"), Direction::West, f("d5 g5")),
        Some(full("g5"))
    );
    // Points off the ray do not count.
    assert_eq!(b.nearest(full("a5"), Direction::East, f("d4 d6 e1")), None);
    // A cut line ends where the board does.
    let t = Board::TwoArms;
    assert_eq!(
        t.nearest(full("c1"), Direction::NorthEast, f("h6 i7")),
        None
    );
    assert_eq!(
        t.nearest(full("g5"), Direction::SouthWest, f("c1 d2")),
        Some(full("d2"))
    );
}

#[test]
fn r1_4_nearest_is_the_first_point_walking_the_line() {
    let sets = pseudo_random_sets(60);
    for b in Board::ALL {
        let rays = rays_from_lines(&lines_of(b));
        for p in Point::all() {
            for d in Direction::ALL {
                let ray = rays.get(&(p, d)).cloned().unwrap_or_default();
                for &among in &sets {
                    let expected = ray.iter().copied().find(|&q| among.contains(q));
                    assert_eq!(
                        b.nearest(p, d, among),
                        expected,
                        "{b:?} {p:?} {d:?} {among:?}"
                    );
                }
                assert_eq!(b.nearest(p, d, Bitboard::EMPTY), None);
                assert_eq!(b.nearest(p, d, Bitboard::ALL), ray.first().copied());
            }
        }
    }
}

/// R1.4: the points between two points of one line are those the line
/// passes before the second, as the rays of the lines' text give them; two
/// points on no common line have none between them.
#[test]
fn r1_4_points_between_two_points_of_a_line() {
    for board in Board::ALL {
        let rays = rays_from_lines(&lines_of(board));
        for a in board.points() {
            let mut expected = BTreeMap::new();
            for d in Direction::ALL {
                let ray = rays.get(&(a, d)).cloned().unwrap_or_default();
                for (i, &b) in ray.iter().enumerate() {
                    expected.insert(b, ray[..i].iter().copied().collect::<Bitboard>());
                }
            }
            for b in Point::all() {
                let want = expected.get(&b).copied().unwrap_or(Bitboard::EMPTY);
                assert_eq!(board.between(a, b), want, "{board:?} {a:?} {b:?}");
            }
        }
    }
}
