//! Tests of rule R1 (the board) of `RULES.md`, against figures, lines,
//! diagrams and names typed out from the rule book, not taken from the code.
//!
//! The boards are the `Graph`s of the rule book's three games:
//! `boards::FULL` (Peralikatuma), `boards::TWO_ARMS` (Permainan) and
//! `boards::SQUARE` (Alquerque). Each numbers and names its own points
//! (R1.6); the rule book's lines are written in the 9x9 names of R1.1, and
//! a board's own name is the 9x9 name shifted as R1.6 says (`shift`).

use std::collections::{BTreeMap, BTreeSet};

use board_topology::boards::{FULL, SQUARE, TWO_ARMS};
use board_topology::graph::{Graph, Hop, MAX_POINTS, UnknownPoint};
use board_topology::{Direction, Facing, Heading};

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

/// The rule book's three boards, largest first (R1.5).
fn all_boards() -> [&'static Graph; 3] {
    [&FULL, &TWO_ARMS, &SQUARE]
}

/// How far a board's own names are shifted from the 9x9 names, as
/// `(files, ranks)`, from R1.6 as written: Peralikatuma uses the 9x9
/// names, Permainan "shifts files by two", Alquerque "shifts files and
/// ranks by two".
fn shift(board: &Graph) -> (u8, u8) {
    if std::ptr::eq(board, &FULL) {
        (0, 0)
    } else if std::ptr::eq(board, &TWO_ARMS) {
        (2, 0)
    } else if std::ptr::eq(board, &SQUARE) {
        (2, 2)
    } else {
        panic!("{} is not a board of the rule book", board.name())
    }
}

/// The rule book's lines of each board, in 9x9 names.
fn lines_of(board: &Graph) -> Vec<TextLine> {
    parse_lines(match shift(board) {
        (0, 0) => R1_4_LINES,
        (2, 0) => R1_5_TWO_ARMS_LINES,
        _ => R1_5_SQUARE_LINES,
    })
}

/// Shifts a board's own name to the 9x9 name (R1.6).
fn to_9x9(board: &Graph, name: &str) -> String {
    let (df, dr) = shift(board);
    let b = name.as_bytes();
    format!("{}{}", char::from(b[0] + df), char::from(b[1] + dr))
}

/// Shifts a 9x9 name to the board's own name, if its grid has that cell.
fn from_9x9(board: &Graph, name: &str) -> Option<String> {
    let (df, dr) = shift(board);
    let b = name.as_bytes();
    let file = b[0].checked_sub(df).filter(u8::is_ascii_lowercase)?;
    let rank = b[1].checked_sub(dr).filter(|r| (b'1'..=b'9').contains(r))?;
    Some(format!("{}{}", char::from(file), char::from(rank)))
}

/// The point of `board` with its own name `name`.
fn pt(board: &Graph, name: &str) -> u8 {
    board
        .parse_point(name)
        .unwrap_or_else(|e| panic!("`{name}` should be a point of {}: {e}", board.name()))
}

/// The point of `board` that has the 9x9 name `name`, if the board has it.
fn try_on(board: &Graph, name: &str) -> Option<u8> {
    from_9x9(board, name).and_then(|own| board.parse_point(&own).ok())
}

/// The point of `board` that has the 9x9 name `name`.
fn on(board: &Graph, name: &str) -> u8 {
    try_on(board, name)
        .unwrap_or_else(|| panic!("9x9 `{name}` should be a point of {}", board.name()))
}

/// 9x9 name (R1.1) to point of the whole board.
fn full(name: &str) -> u8 {
    pt(&FULL, name)
}

/// The 9x9 name of a point of `board`.
fn name_9x9(board: &Graph, point: u8) -> String {
    to_9x9(board, &board.point_name(point).to_string())
}

/// A set of points named on `board` in its own names, separated by white
/// space.
fn set(board: &Graph, names: &str) -> u128 {
    names
        .split_whitespace()
        .fold(0, |set, n| set | 1 << pt(board, n))
}

/// A set of points of `board` given by their 9x9 names.
fn set_9x9(board: &Graph, names: &str) -> u128 {
    names
        .split_whitespace()
        .fold(0, |set, n| set | 1 << on(board, n))
}

/// The points of `set`, lowest first.
fn points_of(set: u128) -> impl Iterator<Item = u8> {
    (0..MAX_POINTS as u8).filter(move |&p| set & 1 << p != 0)
}

/// The points of `board`, lowest first.
fn points(board: &Graph) -> impl Iterator<Item = u8> {
    0..board.len() as u8
}

/// The 9x9 names of the points of `set` on `board`, in the points' order.
fn names_9x9(board: &Graph, set: u128) -> Vec<String> {
    points_of(set).map(|p| name_9x9(board, p)).collect()
}

/// A line of the rule book: its names (9x9).
#[derive(Clone, Debug)]
struct TextLine {
    names: Vec<String>,
}

impl TextLine {
    /// The line's points on `board`.
    fn points(&self, board: &Graph) -> Vec<u8> {
        self.names.iter().map(|n| on(board, n)).collect()
    }
}

fn parse_lines(text: &str) -> Vec<TextLine> {
    text.split_whitespace()
        .map(|line| TextLine {
            names: line.split('-').map(str::to_owned).collect(),
        })
        .collect()
}

/// A line as an ordered list, the same whichever end it is read from.
fn normalised<T: Clone + Ord>(points: &[T]) -> Vec<T> {
    let forward = points.to_vec();
    let mut backward = forward.clone();
    backward.reverse();
    forward.min(backward)
}

fn line_set<T: Clone + Ord>(lines: impl IntoIterator<Item = Vec<T>>) -> BTreeSet<Vec<T>> {
    lines.into_iter().map(|l| normalised(&l)).collect()
}

/// The straight lines of `board` as its neighbours draw them: from each
/// point that no neighbour precedes along one of four directions (north,
/// north-east, east, south-east), the run of neighbours along it, where
/// there is one.
fn drawn_lines(board: &Graph) -> Vec<Vec<u8>> {
    let ways = [
        Direction::North,
        Direction::NorthEast,
        Direction::East,
        Direction::SouthEast,
    ];
    let mut lines = Vec::new();
    for p in points(board) {
        for way in ways {
            if board.neighbour(p, way.opposite()).is_some() {
                continue;
            }
            let mut line = vec![p];
            while let Some(next) = line.last().and_then(|&q| board.neighbour(q, way)) {
                line.push(next);
            }
            if line.len() > 1 {
                lines.push(line);
            }
        }
    }
    lines
}

/// The lines of `board` as its neighbours draw them, in 9x9 names.
fn drawn_lines_9x9(board: &Graph) -> BTreeSet<Vec<String>> {
    line_set(
        drawn_lines(board)
            .iter()
            .map(|l| l.iter().map(|&p| name_9x9(board, p)).collect::<Vec<_>>()),
    )
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

/// For every point of `board` and direction along which one of `lines`
/// leaves it, the rest of that line in that direction: the ray, whose
/// first point is the neighbour and whose second is the point straight
/// beyond.
fn rays_from_lines(board: &Graph, lines: &[TextLine]) -> BTreeMap<(u8, Direction), Vec<u8>> {
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
        let points = line.points(board);
        let n = points.len();
        for i in 0..n {
            let (p, name) = (points[i], &line.names[i]);
            if i + 1 < n {
                let ahead = points[i + 1..].to_vec();
                assert!(
                    rays.insert((p, d), ahead).is_none(),
                    "two lines leave {name} going {d:?}"
                );
            }
            if i > 0 {
                let behind: Vec<u8> = points[..i].iter().rev().copied().collect();
                let back = d.opposite();
                assert!(
                    rays.insert((p, back), behind).is_none(),
                    "two lines leave {name} going {back:?}"
                );
            }
        }
    }
    rays
}

/// Degree histogram (degree -> number of points) from a board's lines.
fn histogram_from_lines(lines: &[TextLine]) -> BTreeMap<usize, usize> {
    let mut degree: BTreeMap<String, usize> = BTreeMap::new();
    for line in lines {
        let n = line.names.len();
        for (i, name) in line.names.iter().enumerate() {
            *degree.entry(name.clone()).or_default() += usize::from(i > 0) + usize::from(i + 1 < n);
        }
    }
    let mut histogram = BTreeMap::new();
    for d in degree.into_values() {
        *histogram.entry(d).or_default() += 1;
    }
    histogram
}

fn histogram_of(board: &Graph) -> BTreeMap<usize, usize> {
    let mut histogram = BTreeMap::new();
    for p in points(board) {
        *histogram
            .entry(board.neighbours(p).count_ones() as usize)
            .or_default() += 1;
    }
    histogram
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

/// The point straight beyond the neighbour of `point` along `direction`:
/// where a short jump that way lands (R2.2).
fn beyond(board: &Graph, point: u8, direction: Direction) -> Option<u8> {
    board.neighbour(board.neighbour(point, direction)?, direction)
}

/// The short jump from `point` along `direction`, if the board has one.
fn hop(board: &Graph, point: u8, direction: Direction) -> Option<Hop> {
    board
        .hops(point)
        .iter()
        .find(|h| h.direction == direction)
        .copied()
}

/// The points adjacent to `point` in the given heading for a side that
/// faces `facing` (R1.7), from the board's fans: forward is the fan of
/// the way the side faces, backward the fan of the other way, sideways
/// the rest of the neighbours.
fn toward(board: &Graph, point: u8, facing: Facing, heading: Heading) -> u128 {
    let ahead = match facing {
        Facing::North => Direction::North,
        Facing::South => Direction::South,
    };
    let forward = board.fan(point, ahead);
    let backward = board.fan(point, ahead.opposite());
    match heading {
        Heading::Forward => forward,
        Heading::Backward => backward,
        Heading::Sideways => board.neighbours(point) & !forward & !backward,
    }
}

/// The same, from each neighbour and the heading of its direction.
fn toward_by_direction(board: &Graph, point: u8, facing: Facing, heading: Heading) -> u128 {
    Direction::ALL
        .into_iter()
        .filter(|d| d.heading(facing) == heading)
        .filter_map(|d| board.neighbour(point, d))
        .fold(0, |set, q| set | 1 << q)
}

/// The base row of the side that faces `facing`: the board's lowest rank
/// for a side facing north, its highest for a side facing south.
fn base(board: &Graph, facing: Facing) -> u128 {
    let ranks = points(board).map(|p| board.coords(p).1);
    let rank = match facing {
        Facing::North => ranks.min(),
        Facing::South => ranks.max(),
    };
    points(board)
        .filter(|&p| Some(board.coords(p).1) == rank)
        .fold(0, |set, p| set | 1 << p)
}

/// The nearest point of `among` along the ray from `point` in
/// `direction`: the board numbers its points by rank and then by file, so
/// the lowest along north, north-east, east and north-west, and the
/// highest along the others.
fn nearest(board: &Graph, point: u8, direction: Direction, among: u128) -> Option<u8> {
    let hits = board.ray(point, direction) & among;
    if hits == 0 {
        return None;
    }
    Some(match direction {
        Direction::North | Direction::NorthEast | Direction::East | Direction::NorthWest => {
            hits.trailing_zeros() as u8
        }
        _ => 127 - hits.leading_zeros() as u8,
    })
}

/// The points strictly between `a` and `b` when both lie on one line of
/// the board, from its rays; else none.
fn between(board: &Graph, a: u8, b: u8) -> u128 {
    Direction::ALL
        .into_iter()
        .find(|&d| board.ray(a, d) & 1 << b != 0)
        .map_or(0, |d| board.ray(a, d) & !board.ray(b, d) & !(1 << b))
}

/// Asserts that the point `own` of `board` (its own name) is the point
/// `name` of the whole board (9x9): its name shifted as R1.6 says, and
/// the same lines through it, cut where `board` ends (R1.5).
fn assert_same_point(board: &Graph, own: &str, name: &str) {
    assert_eq!(to_9x9(board, own), name, "{}: {own}", board.name());
    let (p, whole) = (pt(board, own), full(name));
    for d in Direction::ALL {
        let ours = board.neighbour(p, d).map(|q| name_9x9(board, q));
        let theirs = FULL
            .neighbour(whole, d)
            .map(|q| FULL.point_name(q).to_string())
            .filter(|n| try_on(board, n).is_some());
        assert_eq!(ours, theirs, "{}: {own} ({name}) going {d:?}", board.name());
    }
}

/// A small deterministic generator of point sets (xorshift).
fn pseudo_random_sets(count: usize) -> Vec<u128> {
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
            u128::from(bits)
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
    let points = set(&FULL, R1_1_DIAGRAM);
    assert_eq!(points.count_ones(), 49);
    assert_eq!(points, FULL.points());
    assert_eq!(FULL.len(), 49);
    assert_eq!(FULL.points(), (1 << 49) - 1);
    // White sits south: c1 is the lowest point index, g9 the highest.
    assert_eq!(full("c1"), 0);
    assert_eq!(full("g9"), 48);
    assert_eq!(FULL.point_name(0).to_string(), "c1");
    assert_eq!(FULL.point_name(48).to_string(), "g9");
}

#[test]
fn r1_1_the_square_is_c3_to_g7() {
    let mut square = BTreeSet::new();
    for file in b'c'..=b'g' {
        for rank in b'3'..=b'7' {
            let name = format!("{}{}", char::from(file), char::from(rank));
            assert!(FULL.parse_point(&name).is_ok(), "{name}");
            square.insert(name);
        }
    }
    assert_eq!(square.len(), 25);
    let alquerque: BTreeSet<String> = names_9x9(&SQUARE, SQUARE.points()).into_iter().collect();
    assert_eq!(alquerque, square);
    for name in &square {
        assert!(try_on(&TWO_ARMS, name).is_some(), "{name}");
    }
}

#[test]
fn r1_2_diagonals_only_through_even_points_of_the_square() {
    let b = &SQUARE;
    for p in points(b) {
        let name = b.point_name(p).to_string();
        let bytes = name.as_bytes();
        let even = (u32::from(bytes[0] - b'a') + u32::from(bytes[1] - b'1')) % 2 == 0;
        let diagonal = Direction::ALL
            .into_iter()
            .any(|d| d.is_diagonal() && b.neighbour(p, d).is_some());
        assert_eq!(diagonal, even, "{name}");
        // And the orthogonal lines pass through every point.
        let orthogonal = Direction::ALL
            .into_iter()
            .filter(|d| !d.is_diagonal() && b.neighbour(p, *d).is_some())
            .count();
        assert!(orthogonal >= 2, "{name}");
    }
    // The four diagonals joining the middles of the sides.
    let lines = line_set(drawn_lines(b));
    for text in ["c5-d6-e7", "e7-f6-g5", "g5-f4-e3", "e3-d4-c5"] {
        let points: Vec<u8> = text.split('-').map(|n| on(b, n)).collect();
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
                    FULL.neighbour(full(&w[0]), d),
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
    board: &'static Graph,
    points: usize,
    pairs: usize,
    lines: usize,
    triples: usize,
    degrees: &'static [(usize, usize)],
}

fn check_figures(f: &Figures) {
    let b = f.board;
    let name = b.name();
    assert_eq!(b.len(), f.points, "{name} points");
    assert_eq!(b.points().count_ones() as usize, f.points, "{name} points");
    assert_eq!(b.edge_count(), f.pairs, "{name} adjacent pairs");
    assert_eq!(b.line_count(), f.lines, "{name} lines");
    let hop_sum: usize = points(b).map(|p| b.hops(p).len()).sum();
    assert_eq!(hop_sum, f.triples, "{name} jump triples");
    let degrees: BTreeMap<usize, usize> = f.degrees.iter().copied().collect();
    assert_eq!(histogram_of(b), degrees, "{name} degree histogram");

    // The same figures recounted from the tables themselves...
    let neighbour_sum: usize = points(b)
        .map(|p| b.neighbours(p).count_ones() as usize)
        .sum();
    assert_eq!(neighbour_sum, 2 * f.pairs, "{name} neighbours");
    let step_sum = points(b)
        .flat_map(|p| Direction::ALL.map(|d| b.neighbour(p, d)))
        .flatten()
        .count();
    assert_eq!(step_sum, 2 * f.pairs, "{name} steps");
    let beyond_sum = points(b)
        .flat_map(|p| Direction::ALL.map(|d| beyond(b, p, d)))
        .flatten()
        .count();
    assert_eq!(beyond_sum, f.triples, "{name} points straight beyond");
    assert_eq!(drawn_lines(b).len(), f.lines, "{name} lines drawn");

    // ...and from the rule book's lines.
    let lines = lines_of(b);
    assert_eq!(
        lines.len(),
        f.lines,
        "{name} lines typed from the rule book"
    );
    let pairs: usize = lines.iter().map(|l| l.names.len() - 1).sum();
    assert_eq!(pairs, f.pairs, "{name} pairs from the rule book's lines");
    let triples: usize = lines
        .iter()
        .map(|l| 2 * l.names.len().saturating_sub(2))
        .sum();
    assert_eq!(
        triples, f.triples,
        "{name} triples from the rule book's lines"
    );
    assert_eq!(
        histogram_from_lines(&lines),
        degrees,
        "{name} degrees from the rule book's lines"
    );
}

#[test]
fn r1_4_figures_of_the_whole_board() {
    check_figures(&Figures {
        board: &FULL,
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
        board: &TWO_ARMS,
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
        board: &SQUARE,
        points: 25,
        pairs: 56,
        lines: 16,
        triples: 80,
        degrees: &[(3, 12), (4, 4), (5, 4), (8, 5)],
    });
}

#[test]
fn r1_4_degrees_of_named_points() {
    let expect = |names: &str, degree: u32| {
        for n in names.split_whitespace() {
            assert_eq!(FULL.neighbours(full(n)).count_ones(), degree, "{n}");
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
    let expected = line_set(text.iter().map(|l| l.points(&FULL)));
    assert_eq!(expected.len(), 24, "the rule book's lines are distinct");
    let drawn = drawn_lines(&FULL);
    assert_eq!(FULL.line_count(), 24);
    assert_eq!(drawn.len(), 24);
    assert_eq!(line_set(drawn.iter().cloned()), expected);
    for line in &drawn {
        assert!(line.len() >= 3, "{line:?}");
    }
    // Every point is on a line, and on at most four (one per axis).
    for p in points(&FULL) {
        let on = text.iter().filter(|l| l.points(&FULL).contains(&p)).count();
        assert!(
            (1..=4).contains(&on),
            "{} is on {on} lines",
            FULL.point_name(p)
        );
        let drawn_on = drawn.iter().filter(|l| l.contains(&p)).count();
        assert_eq!(drawn_on, on, "{}", FULL.point_name(p));
    }
}

#[test]
fn r1_4_the_lines_are_the_same_turned_a_quarter() {
    let text = parse_lines(R1_4_LINES);
    let lines = line_set(text.iter().map(|l| l.points(&FULL)));
    let turned = line_set(
        text.iter()
            .map(|l| l.names.iter().map(|n| full(&rotate(n))).collect::<Vec<_>>()),
    );
    assert_eq!(turned, lines);
    assert_eq!(line_set(drawn_lines(&FULL)), turned);
}

#[test]
fn r1_4_each_line_is_a_run_of_neighbours_with_jumps_straight_beyond() {
    let b = &FULL;
    for line in parse_lines(R1_4_LINES) {
        let d = name_direction(&line.names[0], &line.names[1]);
        let ps = line.points(b);
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
            let straight_beyond = ps.get(i + 2).copied();
            assert_eq!(beyond(b, p, d), straight_beyond, "{name} beyond {d:?}");
            match straight_beyond {
                Some(to) => {
                    let hop = hop(b, p, d).unwrap_or_else(|| panic!("{name} jumps {d:?}"));
                    assert_eq!((hop.over, hop.to), (ps[i + 1], to), "{name} jump {d:?}");
                }
                None => assert!(hop(b, p, d).is_none(), "{name} has no jump {d:?}"),
            }
            let back = i.checked_sub(2).map(|j| ps[j]);
            assert_eq!(
                beyond(b, p, d.opposite()),
                back,
                "{name} beyond {:?}",
                d.opposite()
            );
            // The rest of the line along it.
            let rest = ps[i + 1..].iter().fold(0, |set, &q| set | 1 << q);
            assert_eq!(b.ray(p, d), rest, "{name} ray {d:?}");
        }
    }
}

#[test]
fn r1_4_base_and_outer_columns_skip_cells() {
    let b = &FULL;
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

fn check_tables_against_lines(b: &Graph) {
    let lines = lines_of(b);
    let rays = rays_from_lines(b, &lines);
    for p in points(b) {
        let name = name_9x9(b, p);
        let mut expected_jumps = Vec::new();
        let mut expected_neighbours = 0;
        for d in Direction::ALL {
            let ray = rays.get(&(p, d)).cloned().unwrap_or_default();
            assert_eq!(
                b.ray(p, d),
                ray.iter().fold(0, |set, &q| set | 1 << q),
                "{} ray from {name} {d:?}",
                b.name()
            );
            assert_eq!(
                b.neighbour(p, d),
                ray.first().copied(),
                "{} {name} {d:?}",
                b.name()
            );
            assert_eq!(
                beyond(b, p, d),
                ray.get(1).copied(),
                "{} {name} beyond {d:?}",
                b.name()
            );
            if let Some(&to) = ray.first() {
                expected_neighbours |= 1 << to;
            }
            if let [over, to, ..] = ray[..] {
                expected_jumps.push((d, over, to));
            }
        }
        // In the order of `Direction::ALL`, as `Graph::hops` says.
        let jumps: Vec<_> = b
            .hops(p)
            .iter()
            .map(|h| (h.direction, h.over, h.to))
            .collect();
        assert_eq!(jumps, expected_jumps, "{} jumps from {name}", b.name());
        assert_eq!(
            b.neighbours(p),
            expected_neighbours,
            "{} neighbours of {name}",
            b.name()
        );
    }
}

#[test]
fn r1_4_steps_jumps_and_rays_of_the_whole_board() {
    check_tables_against_lines(&FULL);
}

#[test]
fn r1_5_steps_jumps_and_rays_of_the_permainan_board() {
    check_tables_against_lines(&TWO_ARMS);
}

#[test]
fn r1_5_steps_jumps_and_rays_of_the_alquerque_board() {
    check_tables_against_lines(&SQUARE);
}

// ---------------------------------------------------------------------------
// R1.5: the cut lines
// ---------------------------------------------------------------------------

/// The 24 lines with the points off `board` removed, keeping those with at
/// least two points left, in 9x9 names.
fn cut_lines(board: &Graph) -> BTreeSet<Vec<String>> {
    line_set(
        parse_lines(R1_4_LINES)
            .into_iter()
            .map(|l| {
                l.names
                    .into_iter()
                    .filter(|n| try_on(board, n).is_some())
                    .collect::<Vec<_>>()
            })
            .filter(|l| l.len() >= 2),
    )
}

fn check_cut_lines(board: &Graph, text: &str, count: usize) {
    let typed = parse_lines(text);
    assert_eq!(typed.len(), count);
    let expected = line_set(typed.into_iter().map(|l| l.names));
    assert_eq!(expected.len(), count);
    assert_eq!(
        cut_lines(board),
        expected,
        "typed lines are the 24 cut to {}",
        board.name()
    );
    assert_eq!(board.line_count(), count, "{}", board.name());
    assert_eq!(drawn_lines_9x9(board), expected, "{} lines", board.name());
}

#[test]
fn r1_5_permainan_lines_are_cut() {
    check_cut_lines(&TWO_ARMS, R1_5_TWO_ARMS_LINES, 20);
    let lines = drawn_lines_9x9(&TWO_ARMS);
    let line = |t: &str| normalised(&t.split('-').map(str::to_owned).collect::<Vec<_>>());
    assert!(lines.contains(&line("c5-d6-e7-f8-g9")));
    assert!(!lines.contains(&line("a3-b4-c5-d6-e7-f8-g9")));
    assert!(lines.contains(&line("c1-d2-e3-f4-g5")));
    assert!(lines.contains(&line("c5-d5-e5-f5-g5")));
    assert!(lines.contains(&line("e1-e2-e3-e4-e5-e6-e7-e8-e9")));
    // The line stops at c5 and g5.
    let b = &TWO_ARMS;
    let p = |name: &str| on(b, name);
    assert_eq!(b.neighbour(p("c5"), Direction::SouthWest), None);
    assert_eq!(b.neighbour(p("c5"), Direction::West), None);
    assert_eq!(b.neighbour(p("g5"), Direction::NorthEast), None);
    assert_eq!(b.neighbour(p("g5"), Direction::East), None);
    assert_eq!(b.neighbour(p("c5"), Direction::NorthEast), Some(p("d6")));
    assert_eq!(beyond(b, p("e7"), Direction::NorthEast), Some(p("g9")));
    assert_eq!(beyond(b, p("e5"), Direction::West), Some(p("c5")));
    assert_eq!(beyond(b, p("d5"), Direction::West), None);
}

#[test]
fn r1_5_alquerque_lines_are_cut() {
    check_cut_lines(&SQUARE, R1_5_SQUARE_LINES, 16);
    let b = &SQUARE;
    let p = |name: &str| on(b, name);
    assert_eq!(b.neighbour(p("e3"), Direction::South), None);
    assert_eq!(b.neighbour(p("e3"), Direction::SouthWest), None);
    assert_eq!(b.neighbour(p("e7"), Direction::North), None);
    assert_eq!(b.neighbour(p("c5"), Direction::West), None);
    assert_eq!(b.neighbour(p("g5"), Direction::SouthEast), None);
    assert_eq!(beyond(b, p("c5"), Direction::NorthEast), Some(p("e7")));
    assert_eq!(beyond(b, p("d6"), Direction::NorthEast), None);
}

#[test]
fn r1_5_no_step_leaves_the_board() {
    for b in all_boards() {
        let name = b.name();
        let points = b.points();
        assert_eq!(points, (1 << b.len()) - 1, "{name}");
        for p in 0..MAX_POINTS as u8 {
            if points & 1 << p != 0 {
                assert_ne!(b.neighbours(p), 0, "{name}: {p} has neighbours");
                assert_eq!(b.neighbours(p) & !points, 0, "{name}: neighbours of {p}");
                for h in b.hops(p) {
                    assert!(
                        points & 1 << h.over != 0 && points & 1 << h.to != 0,
                        "{name}: jump from {p}"
                    );
                }
                for d in Direction::ALL {
                    if let Some(q) = b.neighbour(p, d) {
                        assert!(points & 1 << q != 0, "{name}: step {p} to {q}");
                    }
                    assert_eq!(b.ray(p, d) & !points, 0, "{name}: ray from {p} {d:?}");
                    assert_eq!(b.fan(p, d) & !points, 0, "{name}: fan from {p} {d:?}");
                }
            } else {
                // A number that is no point of the board has no tables.
                assert_eq!(b.neighbours(p), 0, "{name}: off-board {p}");
                assert!(b.hops(p).is_empty(), "{name}: off-board {p}");
                for d in Direction::ALL {
                    assert_eq!(b.neighbour(p, d), None);
                    assert_eq!(b.ray(p, d), 0);
                    assert_eq!(b.fan(p, d), 0);
                }
                assert_eq!(b.point_name(p).to_string(), format!("Point({p})"));
            }
        }
    }
    // The arms' points are on the Permainan board only north and south.
    for n in [
        "c1", "e1", "g1", "d2", "e2", "f2", "d8", "e8", "f8", "c9", "e9", "g9",
    ] {
        assert!(try_on(&TWO_ARMS, n).is_some(), "{n}");
        assert!(try_on(&SQUARE, n).is_none(), "{n}");
    }
    for n in [
        "a3", "a5", "a7", "b4", "b5", "b6", "h4", "h5", "h6", "i3", "i5", "i7",
    ] {
        assert!(try_on(&TWO_ARMS, n).is_none(), "{n}");
    }
}

// ---------------------------------------------------------------------------
// R1.6: names
// ---------------------------------------------------------------------------

#[test]
fn r1_6_point_names_round_trip() {
    for b in all_boards() {
        let mut seen = BTreeSet::new();
        for p in points(b) {
            let name = b.point_name(p).to_string();
            assert_eq!(name.len(), 2, "{}: {p}: {name}", b.name());
            assert_eq!(b.parse_point(&name), Ok(p), "{} {name}", b.name());
            assert!(
                seen.insert(name.clone()),
                "{} names two points {name}",
                b.name()
            );
            // The game's name is the 9x9 name shifted as R1.6 says: the
            // same point of the whole board, with the same lines.
            assert_same_point(b, &name, &to_9x9(b, &name));
        }
        // Every name on the board's grid that parses is one of its points.
        let (files, ranks) = b.grid();
        let mut parsed = 0;
        for f in 0..files {
            for r in 0..ranks {
                let name = format!("{}{}", char::from(b'a' + f), char::from(b'1' + r));
                match b.parse_point(&name) {
                    Ok(p) => {
                        parsed += 1;
                        assert_eq!(b.point_name(p).to_string(), name);
                        assert_eq!(b.coords(p), (f, r));
                    }
                    Err(e) => assert_eq!(
                        e,
                        UnknownPoint {
                            name: name.clone(),
                            board: b.name()
                        },
                        "{} {name}",
                        b.name()
                    ),
                }
            }
        }
        assert_eq!(parsed, b.len(), "{}", b.name());
        // The smallest grid that holds the board (R1.6): its points reach
        // file `a`, rank `1` and the grid's last file and rank.
        let coords: Vec<(u8, u8)> = points(b).map(|p| b.coords(p)).collect();
        let spans = |axis: fn(&(u8, u8)) -> u8| {
            let values = coords.iter().map(axis);
            (values.clone().min(), values.max())
        };
        assert_eq!(spans(|c| c.0), (Some(0), Some(files - 1)), "{}", b.name());
        assert_eq!(spans(|c| c.1), (Some(0), Some(ranks - 1)), "{}", b.name());
    }
    assert_eq!(FULL.grid(), (9, 9));
    assert_eq!(TWO_ARMS.grid(), (5, 9));
    assert_eq!(SQUARE.grid(), (5, 5));
}

fn check_diagram(board: &Graph, diagram: &str, count: usize) {
    let rows: Vec<&str> = diagram.lines().filter(|l| !l.trim().is_empty()).collect();
    let top = board.grid().1;
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
    assert_eq!(points, board.points(), "{}", board.name());
    let printed: BTreeSet<String> = points_of(board.points())
        .map(|p| board.point_name(p).to_string())
        .collect();
    let names: BTreeSet<String> = names.into_iter().map(str::to_owned).collect();
    assert_eq!(printed, names, "{}", board.name());
    for name in &names {
        assert_same_point(board, name, &to_9x9(board, name));
    }
}

#[test]
fn r1_6_names_of_the_whole_board() {
    check_diagram(&FULL, R1_1_DIAGRAM, 49);
}

#[test]
fn r1_6_names_of_the_permainan_board() {
    check_diagram(&TWO_ARMS, R1_6_PERMAINAN, 37);
    let b = &TWO_ARMS;
    // "`c1` above is its `a1`; its square is `a3`..`e7`".
    assert_same_point(b, "a1", "c1");
    assert_eq!(b.point_name(on(b, "c1")).to_string(), "a1");
    assert_same_point(b, "a3", "c3");
    assert_same_point(b, "e7", "g7");
    assert_same_point(b, "c9", "e9");
    let square = set(
        b,
        "a3 b3 c3 d3 e3 a4 b4 c4 d4 e4 a5 b5 c5 d5 e5 a6 b6 c6 d6 e6 a7 b7 c7 d7 e7",
    );
    assert_eq!(
        names_9x9(b, square),
        names_9x9(&SQUARE, SQUARE.points()),
        "Permainan's square is Alquerque's board"
    );
}

#[test]
fn r1_6_names_of_the_alquerque_board() {
    check_diagram(&SQUARE, R1_6_ALQUERQUE, 25);
    let b = &SQUARE;
    assert_same_point(b, "a1", "c3");
    assert_same_point(b, "c3", "e5");
    assert_same_point(b, "e5", "g7");
    assert_eq!(b.point_name(on(b, "e5")).to_string(), "c3");
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
    let b = &SQUARE;
    let expected: BTreeSet<Vec<u8>> = line_set(
        text.split_whitespace()
            .map(|l| l.split('-').map(|n| pt(b, n)).collect::<Vec<_>>()),
    );
    assert_eq!(expected.len(), 16);
    assert_eq!(line_set(drawn_lines(b)), expected);
}

fn check_not_on_board(board: &Graph, name: &str) {
    let error = board.parse_point(name).expect_err(&format!(
        "`{name}` should not be a point of {}",
        board.name()
    ));
    assert_eq!(
        error,
        UnknownPoint {
            name: name.to_owned(),
            board: board.name()
        }
    );
    let text = error.to_string();
    assert!(text.contains(&format!("`{name}`")), "{text}");
    assert!(text.contains(board.name()), "{text}");
}

fn check_malformed(board: &Graph, name: &str) {
    let error = board
        .parse_point(name)
        .expect_err(&format!("`{name}` should be malformed on {}", board.name()));
    assert!(
        error.name == name && error.board == board.name(),
        "{} {name:?}: {error:?}",
        board.name()
    );
    let text = error.to_string();
    assert!(text.contains(&format!("`{name}`")), "{text}");
}

#[test]
fn r1_6_names_off_the_board_are_errors() {
    // Grid cells without a point, and cells beyond the board's grid.
    for n in ["a1", "b1", "d1", "i9", "a4", "b3", "h7", "i8", "j5", "z9"] {
        check_not_on_board(&FULL, n);
    }
    for n in ["b1", "d1", "a2", "e2", "a8", "e8", "f5", "g5", "i5", "f1"] {
        check_not_on_board(&TWO_ARMS, n);
    }
    for n in ["f1", "a6", "e6", "f5", "g7", "i9"] {
        check_not_on_board(&SQUARE, n);
    }
    assert_eq!(
        SQUARE.parse_point("f1").map_err(|e| e.to_string()),
        Err("`f1` is not a point of the board (the 5x5 alquerque square)".to_owned())
    );
}

#[test]
fn r1_6_malformed_names_are_errors() {
    for b in all_boards() {
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
    for b in all_boards() {
        let rays = rays_from_lines(b, &lines_of(b));
        for p in points(b) {
            let name = name_9x9(b, p);
            for f in Facing::ALL {
                let mut expected = [0u128; 3];
                for d in Direction::ALL {
                    if let Some(ray) = rays.get(&(p, d)) {
                        expected[r1_7_heading(d, f).index()] |= 1 << ray[0];
                    }
                }
                for h in Heading::ALL {
                    let what = format!("{} {name} {f:?} {h:?}", b.name());
                    assert_eq!(toward(b, p, f, h), expected[h.index()], "{what}");
                    assert_eq!(
                        toward_by_direction(b, p, f, h),
                        expected[h.index()],
                        "{what}"
                    );
                    assert_eq!(
                        toward(b, p, f, h),
                        toward(
                            b,
                            p,
                            f.opposite(),
                            match h {
                                Heading::Forward => Heading::Backward,
                                Heading::Sideways => Heading::Sideways,
                                Heading::Backward => Heading::Forward,
                            }
                        ),
                        "{what}: one side's forward is the other's backward"
                    );
                }
                let all = expected[0] | expected[1] | expected[2];
                assert_eq!(all, b.neighbours(p), "{} {name}", b.name());
                assert_eq!(expected[0] & expected[1], 0, "{} {name}", b.name());
                assert_eq!(expected[0] & expected[2], 0, "{} {name}", b.name());
                assert_eq!(expected[1] & expected[2], 0, "{} {name}", b.name());
            }
        }
    }
}

#[test]
fn r1_7_alquerque_from_the_centre_and_corners() {
    let b = &SQUARE;
    let toward = |name: &str, f: Facing, h: Heading| toward(b, pt(b, name), f, h);
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
    let b = &TWO_ARMS;
    let toward = |name: &str, f: Facing, h: Heading| toward(b, pt(b, name), f, h);
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
    assert_eq!(base(&FULL, Facing::North), set(&FULL, "c1 e1 g1"));
    assert_eq!(base(&FULL, Facing::South), set(&FULL, "c9 e9 g9"));
    assert_eq!(
        base(&TWO_ARMS, Facing::North),
        set_9x9(&TWO_ARMS, "c1 e1 g1")
    );
    assert_eq!(
        base(&TWO_ARMS, Facing::South),
        set_9x9(&TWO_ARMS, "c9 e9 g9")
    );
    // In Permainan's names (M6).
    assert_eq!(base(&TWO_ARMS, Facing::North), set(&TWO_ARMS, "a1 c1 e1"));
    assert_eq!(base(&TWO_ARMS, Facing::South), set(&TWO_ARMS, "a9 c9 e9"));
    // Alquerque: the bottom and top rows of the square (A3).
    assert_eq!(
        base(&SQUARE, Facing::North),
        set_9x9(&SQUARE, "c3 d3 e3 f3 g3")
    );
    assert_eq!(
        base(&SQUARE, Facing::South),
        set_9x9(&SQUARE, "c7 d7 e7 f7 g7")
    );
    assert_eq!(base(&SQUARE, Facing::North), set(&SQUARE, "a1 b1 c1 d1 e1"));
    assert_eq!(base(&SQUARE, Facing::South), set(&SQUARE, "a5 b5 c5 d5 e5"));
}

// ---------------------------------------------------------------------------
// Rays and the nearest point along them
// ---------------------------------------------------------------------------

#[test]
fn r1_4_rays() {
    let f = |names: &str| set(&FULL, names);
    let e1 = full("e1");
    assert_eq!(FULL.ray(e1, Direction::North), f("e2 e3 e4 e5 e6 e7 e8 e9"));
    assert_eq!(FULL.ray(e1, Direction::East), f("g1"));
    assert_eq!(FULL.ray(e1, Direction::NorthEast), f(""));
    let c1 = full("c1");
    assert_eq!(FULL.ray(c1, Direction::NorthEast), f("d2 e3 f4 g5 h6 i7"));
    let t = &TWO_ARMS;
    assert_eq!(
        t.ray(on(t, "c1"), Direction::NorthEast),
        set_9x9(t, "d2 e3 f4 g5")
    );
    // On the square the diagonal through c1 keeps only e3, f4 and g5.
    let s = &SQUARE;
    assert_eq!(try_on(s, "c1"), None);
    assert_eq!(s.ray(on(s, "e3"), Direction::SouthWest), 0);
    assert_eq!(
        s.ray(on(s, "e3"), Direction::NorthEast),
        set_9x9(s, "f4 g5")
    );
    // The same in Permainan's names.
    assert_eq!(
        t.ray(pt(t, "a1"), Direction::NorthEast),
        set(t, "b2 c3 d4 e5")
    );
    assert_eq!(
        FULL.ray(full("a5"), Direction::East),
        f("b5 c5 d5 e5 f5 g5 h5 i5")
    );
    assert_eq!(t.ray(on(t, "e5"), Direction::West), set_9x9(t, "c5 d5"));
    assert_eq!(
        s.ray(on(s, "c3"), Direction::NorthEast),
        set_9x9(s, "d4 e5 f6 g7")
    );
    assert_eq!(s.ray(on(s, "d3"), Direction::NorthEast), 0);
    assert_eq!(
        FULL.ray(full("i3"), Direction::NorthWest),
        f("h4 g5 f6 e7 d8 c9")
    );
    assert_eq!(
        FULL.ray(full("a7"), Direction::SouthEast),
        f("b6 c5 d4 e3 f2 g1")
    );
}

#[test]
fn r1_4_nearest_point_along_a_ray() {
    let b = &FULL;
    let f = |names: &str| set(b, names);
    let among = f("e4 e7");
    // Index-increasing (north) and index-decreasing (south) rays.
    assert_eq!(
        nearest(b, full("e1"), Direction::North, among),
        Some(full("e4"))
    );
    assert_eq!(
        nearest(b, full("e9"), Direction::South, among),
        Some(full("e7"))
    );
    assert_eq!(
        nearest(b, full("e5"), Direction::North, among),
        Some(full("e7"))
    );
    assert_eq!(
        nearest(b, full("e5"), Direction::South, among),
        Some(full("e4"))
    );
    assert_eq!(nearest(b, full("e8"), Direction::North, among), None);
    // The starting point is not on its own ray.
    assert_eq!(nearest(b, full("e4"), Direction::North, f("e4")), None);
    // Diagonals both ways.
    assert_eq!(
        nearest(b, full("c1"), Direction::NorthEast, f("f4 h6")),
        Some(full("f4"))
    );
    assert_eq!(
        nearest(b, full("i7"), Direction::SouthWest, f("d2 f4")),
        Some(full("f4"))
    );
    assert_eq!(
        nearest(b, full("i3"), Direction::NorthWest, f("g5 d8")),
        Some(full("g5"))
    );
    assert_eq!(
        nearest(b, full("c9"), Direction::SouthEast, f("f6 g5 i3")),
        Some(full("f6"))
    );
    // Rows both ways.
    assert_eq!(
        nearest(b, full("a5"), Direction::East, f("d5 g5")),
        Some(full("d5"))
    );
    assert_eq!(
        nearest(b, full("i5"), Direction::West, f("d5 g5")),
        Some(full("g5"))
    );
    // Points off the ray do not count.
    assert_eq!(nearest(b, full("a5"), Direction::East, f("d4 d6 e1")), None);
    // A cut line ends where the board does: on Permainan's board nothing
    // lies beyond g5 going north-east from c1.
    let t = &TWO_ARMS;
    let p = |name: &str| on(t, name);
    let off_the_line = t.points() & !set_9x9(t, "c1 d2 e3 f4 g5");
    assert_eq!(
        nearest(t, p("c1"), Direction::NorthEast, off_the_line),
        None
    );
    assert_eq!(
        nearest(t, p("c1"), Direction::NorthEast, set_9x9(t, "g5")),
        Some(p("g5"))
    );
    assert_eq!(
        nearest(t, p("g5"), Direction::SouthWest, set_9x9(t, "c1 d2")),
        Some(p("d2"))
    );
}

#[test]
fn r1_4_nearest_is_the_first_point_walking_the_line() {
    let sets = pseudo_random_sets(60);
    for b in all_boards() {
        let rays = rays_from_lines(b, &lines_of(b));
        for p in points(b) {
            for d in Direction::ALL {
                let ray = rays.get(&(p, d)).cloned().unwrap_or_default();
                for &among in &sets {
                    let expected = ray.iter().copied().find(|&q| among & 1 << q != 0);
                    assert_eq!(
                        nearest(b, p, d, among),
                        expected,
                        "{} {} {d:?} {among:#x}",
                        b.name(),
                        name_9x9(b, p)
                    );
                }
                assert_eq!(nearest(b, p, d, 0), None);
                assert_eq!(nearest(b, p, d, u128::MAX), ray.first().copied());
            }
        }
    }
}

/// R1.4: the points between two points of one line are those the line
/// passes before the second, as the rays of the lines' text give them; two
/// points on no common line have none between them.
#[test]
fn r1_4_points_between_two_points_of_a_line() {
    for board in all_boards() {
        let rays = rays_from_lines(board, &lines_of(board));
        for a in points(board) {
            let mut expected = BTreeMap::new();
            for d in Direction::ALL {
                let ray = rays.get(&(a, d)).cloned().unwrap_or_default();
                for (i, &b) in ray.iter().enumerate() {
                    expected.insert(b, ray[..i].iter().fold(0u128, |set, &q| set | 1 << q));
                }
            }
            for b in points(board) {
                let want = expected.get(&b).copied().unwrap_or(0);
                assert_eq!(
                    between(board, a, b),
                    want,
                    "{} {} {}",
                    board.name(),
                    name_9x9(board, a),
                    name_9x9(board, b)
                );
            }
        }
    }
}
