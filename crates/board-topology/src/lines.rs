//! The 24 straight lines of the whole board (R1.4), written as in the rule
//! book and parsed at compile time.

use crate::point::Point;

/// Most points on one line (the middle row and column).
pub const MAX_LINE_LEN: usize = 9;

/// A straight line of the board: its points in order, west to east or
/// south to north.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Line {
    points: [Point; MAX_LINE_LEN],
    len: u8,
}

impl Line {
    /// Parses a line written `a3-a5-a7` with 9x9 names; panics (at compile
    /// time) on a malformed name or a point off the board.
    const fn parse(text: &str) -> Line {
        let bytes = text.as_bytes();
        let mut points = [Point(0); MAX_LINE_LEN];
        let mut len = 0;
        let mut i = 0;
        while i < bytes.len() {
            let file = bytes[i] - b'a';
            let rank = bytes[i + 1] - b'1';
            points[len] = match Point::at(file, rank) {
                Some(p) => p,
                None => panic!("a line names a point off the board"),
            };
            len += 1;
            i += 3; // name and the following '-'
        }
        Line {
            points,
            len: len as u8,
        }
    }

    /// The line's points in order.
    pub fn points(&self) -> &[Point] {
        &self.points[..self.len as usize]
    }

    /// The points in order, for `const` table building.
    pub(crate) const fn raw(&self) -> (&[Point; MAX_LINE_LEN], usize) {
        (&self.points, self.len as usize)
    }

    /// The same line keeping only the points for which `keep` has a bit.
    /// Lines are cut only at their ends (R1.5), so what is left is still one
    /// straight run of adjacent points.
    pub(crate) const fn cut(&self, keep: u64) -> Line {
        let mut points = [Point(0); MAX_LINE_LEN];
        let mut len = 0;
        let mut i = 0;
        while i < self.len as usize {
            let p = self.points[i];
            if keep & (1 << p.0) != 0 {
                points[len] = p;
                len += 1;
            }
            i += 1;
        }
        Line {
            points,
            len: len as u8,
        }
    }

    /// Number of points on the line.
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether the line has no points (never true of a board's lines).
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }
}

/// The lines of R1.4, verbatim.
pub(crate) const LINES: [Line; 24] = [
    Line::parse("a3-a5-a7"),
    Line::parse("b4-b5-b6"),
    Line::parse("c1-e1-g1"),
    Line::parse("c9-e9-g9"),
    Line::parse("d2-e2-f2"),
    Line::parse("d8-e8-f8"),
    Line::parse("h4-h5-h6"),
    Line::parse("i3-i5-i7"),
    Line::parse("c3-c4-c5-c6-c7"),
    Line::parse("c3-d3-e3-f3-g3"),
    Line::parse("c3-d4-e5-f6-g7"),
    Line::parse("c4-d4-e4-f4-g4"),
    Line::parse("c6-d6-e6-f6-g6"),
    Line::parse("c7-d7-e7-f7-g7"),
    Line::parse("d3-d4-d5-d6-d7"),
    Line::parse("f3-f4-f5-f6-f7"),
    Line::parse("g3-f4-e5-d6-c7"),
    Line::parse("g3-g4-g5-g6-g7"),
    Line::parse("a3-b4-c5-d6-e7-f8-g9"),
    Line::parse("c1-d2-e3-f4-g5-h6-i7"),
    Line::parse("g1-f2-e3-d4-c5-b6-a7"),
    Line::parse("i3-h4-g5-f6-e7-d8-c9"),
    Line::parse("a5-b5-c5-d5-e5-f5-g5-h5-i5"),
    Line::parse("e1-e2-e3-e4-e5-e6-e7-e8-e9"),
];
