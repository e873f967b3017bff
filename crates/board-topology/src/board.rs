//! The three boards of R1.5 and their geometry.

use std::fmt;

use crate::bitboard::Bitboard;
use crate::direction::{Direction, Facing, Heading};
use crate::lines::Line;
use crate::point::Point;
use crate::tables::{FULL, Jump, SQUARE, Step, TWO_ARMS, Tables};

/// One of the three boards of R1.5: a part of the 49-point board with its
/// lines cut where its points end.
///
/// ```
/// use board_topology::Board;
///
/// assert_eq!(Board::Full.points().count(), 49);
/// assert_eq!(Board::TwoArms.points().count(), 37);
/// assert_eq!(Board::Square.points().count(), 25);
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Board {
    /// All 49 points (Peralikatuma).
    Full,
    /// The square with the south and north arms, 37 points (Permainan).
    TwoArms,
    /// The 5x5 square alone, 25 points (Alquerque).
    Square,
}

impl Board {
    /// The three boards, largest first.
    pub const ALL: [Board; 3] = [Board::Full, Board::TwoArms, Board::Square];

    #[inline]
    fn tables(self) -> &'static Tables {
        match self {
            Board::Full => &FULL,
            Board::TwoArms => &TWO_ARMS,
            Board::Square => &SQUARE,
        }
    }

    /// The board's points.
    #[inline]
    pub fn points(self) -> Bitboard {
        self.tables().points
    }

    /// Whether `point` is on this board.
    #[inline]
    pub fn contains(self, point: Point) -> bool {
        self.points().contains(point)
    }

    /// The adjacent point from `point` along `direction`, if a line of this
    /// board goes that way.
    ///
    /// ```
    /// use board_topology::{Board, Direction};
    /// let c1 = Board::Full.parse_point("c1")?;
    /// let e1 = Board::Full.neighbour(c1, Direction::East).unwrap();
    /// assert_eq!(Board::Full.point_name(e1).to_string(), "e1"); // the base skips d1
    /// # Ok::<(), board_topology::PointNameError>(())
    /// ```
    #[inline]
    pub fn neighbour(self, point: Point, direction: Direction) -> Option<Point> {
        Point::new(self.tables().neighbour[point.index()][direction.index()] as usize)
    }

    /// The point straight beyond the neighbour in `direction`: where a short
    /// jump from `point` that way lands (R2.2).
    pub fn beyond(self, point: Point, direction: Direction) -> Option<Point> {
        self.neighbour(self.neighbour(point, direction)?, direction)
    }

    /// All points adjacent to `point`.
    #[inline]
    pub fn neighbours(self, point: Point) -> Bitboard {
        self.tables().neighbours[point.index()]
    }

    /// The steps from `point` (R2.1), one per line direction.
    #[inline]
    pub fn steps(self, point: Point) -> &'static [Step] {
        let t = self.tables();
        &t.steps[point.index()][..t.step_count[point.index()] as usize]
    }

    /// The short jumps from `point` (R2.2), one per direction in which the
    /// line goes on for two more points.
    #[inline]
    pub fn jumps(self, point: Point) -> &'static [Jump] {
        let t = self.tables();
        &t.jumps[point.index()][..t.jump_count[point.index()] as usize]
    }

    /// The landing points of the short jumps from `point`: every point two
    /// steps away along a line. A quick filter before looking at
    /// [`Board::jumps`].
    #[inline]
    pub fn jump_landings(self, point: Point) -> Bitboard {
        self.tables().landings[point.index()]
    }

    /// Every point beyond `point` along `direction`, to the end of the line.
    ///
    /// Point indices grow along [`Direction::North`], `NorthEast`, `East`
    /// and `NorthWest` and fall along the others, so the nearest point of a
    /// ray in a set is its [`first`](Bitboard::first) or
    /// [`last`](Bitboard::last) point accordingly; see [`Board::nearest`].
    #[inline]
    pub fn ray(self, point: Point, direction: Direction) -> Bitboard {
        self.tables().rays[point.index()][direction.index()]
    }

    /// The points strictly between `a` and `b` when both lie on one line of
    /// the board (the points a jump from `a` to `b` passes over), else none.
    ///
    /// ```
    /// use board_topology::Board;
    /// let b = Board::Full;
    /// let point = |name| b.parse_point(name).unwrap();
    /// assert_eq!(b.between(point("c3"), point("e5")), point("d4").into());
    /// // On an arm the line's points are further apart.
    /// assert_eq!(b.between(point("g5"), point("i7")), point("h6").into());
    /// assert!(b.between(point("c3"), point("d5")).is_empty());
    /// ```
    #[inline]
    pub fn between(self, a: Point, b: Point) -> Bitboard {
        self.tables().between[a.index()][b.index()]
    }

    /// The nearest point of `among` along the ray from `point` in
    /// `direction`, if any.
    #[inline]
    pub fn nearest(self, point: Point, direction: Direction, among: Bitboard) -> Option<Point> {
        let hits = self.ray(point, direction) & among;
        match direction {
            Direction::North | Direction::NorthEast | Direction::East | Direction::NorthWest => {
                hits.first()
            }
            _ => hits.last(),
        }
    }

    /// The points adjacent to `point` in the given heading, for a side that
    /// faces `facing` (R1.7).
    ///
    /// ```
    /// use board_topology::{Board, Facing, Heading};
    /// let b = Board::Square;
    /// let e5 = b.parse_point("c3")?; // the centre of the square
    /// assert_eq!(b.toward(e5, Facing::North, Heading::Forward).count(), 3);
    /// assert_eq!(b.toward(e5, Facing::North, Heading::Sideways).count(), 2);
    /// # Ok::<(), board_topology::PointNameError>(())
    /// ```
    #[inline]
    pub fn toward(self, point: Point, facing: Facing, heading: Heading) -> Bitboard {
        self.tables().headings[point.index()][facing.index()][heading.index()]
    }

    /// The base row of the side that faces `facing`: the board's lowest row
    /// for a side facing north, its highest for a side facing south.
    pub fn base(self, facing: Facing) -> Bitboard {
        self.tables().bases[facing.index()]
    }

    /// The board's straight lines (R1.4, cut as in R1.5).
    pub fn lines(self) -> &'static [Line] {
        let t = self.tables();
        &t.lines[..t.line_count]
    }

    /// Number of adjacent pairs of points.
    pub fn adjacent_pairs(self) -> usize {
        self.tables().adjacent_pairs()
    }

    /// Number of straight triples along which a short jump can go, each
    /// counted once per direction (R1.5: 144, 112 and 80).
    pub fn jump_triples(self) -> usize {
        self.tables().jump_triples()
    }

    /// Number of points with exactly `degree` neighbours.
    pub fn points_of_degree(self, degree: usize) -> usize {
        self.tables().points_of_degree(degree)
    }

    /// `(files, ranks)` of the smallest grid that holds the board; its
    /// points are named on that grid (R1.6).
    pub const fn grid_size(self) -> (u8, u8) {
        match self {
            Board::Full => (9, 9),
            Board::TwoArms => (5, 9),
            Board::Square => (5, 5),
        }
    }

    /// How far the board's own grid is shifted from the 9x9 grid, as
    /// `(files, ranks)` (R1.6).
    const fn name_offset(self) -> (u8, u8) {
        match self {
            Board::Full => (0, 0),
            Board::TwoArms => (2, 0),
            Board::Square => (2, 2),
        }
    }

    /// The point at 0-based coordinates on this board's own grid, if the
    /// board has one there.
    pub fn point_at(self, file: u8, rank: u8) -> Option<Point> {
        let (files, ranks) = self.grid_size();
        let (df, dr) = self.name_offset();
        if file >= files || rank >= ranks {
            return None;
        }
        Point::at(file + df, rank + dr).filter(|&p| self.contains(p))
    }

    /// The name of `point` on this board (R1.6), for printing. A point that
    /// is not on this board has no name here: it prints as `Point(index)`,
    /// never as the name of another point or of another board.
    ///
    /// ```
    /// use board_topology::{Board, Point};
    /// let c1 = Point::at(2, 0).unwrap();
    /// assert_eq!(Board::Full.point_name(c1).to_string(), "c1");
    /// assert_eq!(Board::TwoArms.point_name(c1).to_string(), "a1");
    /// assert_eq!(Board::Square.point_name(c1).to_string(), "Point(0)");
    /// ```
    pub fn point_name(self, point: Point) -> PointName {
        if !self.contains(point) {
            return PointName(Spelling::Unnamed(point));
        }
        let (df, dr) = self.name_offset();
        PointName(Spelling::Grid {
            file: point.file() - df,
            rank: point.rank() - dr,
        })
    }

    /// Parses a point name of this board (R1.6): a file letter from `a` and
    /// a rank digit from `1`.
    ///
    /// ```
    /// use board_topology::Board;
    /// assert!(Board::Square.parse_point("e5").is_ok());
    /// let error = Board::Square.parse_point("f1").unwrap_err();
    /// assert_eq!(error.to_string(), "`f1` is not a point of the square board (25 points)");
    /// ```
    pub fn parse_point(self, name: &str) -> Result<Point, PointNameError> {
        let parsed: PointName = name.parse()?;
        self.point(parsed)
            .ok_or_else(|| PointNameError::NotOnBoard {
                name: name.to_owned(),
                board: self,
            })
    }

    /// The point of this board that `name` names, if any (R1.6).
    pub fn point(self, name: PointName) -> Option<Point> {
        match name.0 {
            Spelling::Grid { file, rank } => self.point_at(file, rank),
            Spelling::Unnamed(_) => None,
        }
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Board::Full => "whole board (49 points)",
            Board::TwoArms => "square with two arms (37 points)",
            Board::Square => "square board (25 points)",
        })
    }
}

/// A point's name on one board (R1.6): a file letter and a rank digit,
/// read and printed as text (`e5`). A name is only text: which point it
/// names depends on the board ([`Board::point`]). A point that is not on a
/// board has no name there, and [`Board::point_name`] gives it one that
/// says so, `Point(index)`, which names no point.
///
/// ```
/// use board_topology::{Board, PointName};
/// let name: PointName = "a1".parse()?;
/// assert_eq!(name.to_string(), "a1");
/// let point = Board::Square.point(name).unwrap();
/// assert_eq!(Board::Full.point_name(point).to_string(), "c3");
/// # Ok::<(), board_topology::PointNameError>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct PointName(Spelling);

#[derive(Copy, Clone, PartialEq, Eq, Hash)]
enum Spelling {
    /// 0-based file and rank on the board's own grid.
    Grid { file: u8, rank: u8 },
    /// A point that is not on the board.
    Unnamed(Point),
}

/// Reads a name's syntax: one file letter `a`..`z` and one rank digit
/// `1`..`9`. Whether a board has a point of that name is asked of the
/// board ([`Board::point`]).
impl std::str::FromStr for PointName {
    type Err = PointNameError;

    fn from_str(name: &str) -> Result<PointName, PointNameError> {
        match *name.as_bytes() {
            [file @ b'a'..=b'z', rank @ b'1'..=b'9'] => Ok(PointName(Spelling::Grid {
                file: file - b'a',
                rank: rank - b'1',
            })),
            _ => Err(PointNameError::Malformed {
                name: name.to_owned(),
            }),
        }
    }
}

/// Shows the name as text, `PointName(e5)`.
impl fmt::Debug for PointName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PointName({self})")
    }
}

impl fmt::Display for PointName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Spelling::Grid { file, rank } => write!(f, "{}{}", (b'a' + file) as char, rank + 1),
            Spelling::Unnamed(point) => write!(f, "{point:?}"),
        }
    }
}

/// A text that does not name a point of the board.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum PointNameError {
    /// Not of the form letter-digit.
    #[error("`{name}` is not a point name (a file letter and a rank digit, like `e5`)")]
    Malformed {
        /// The text given.
        name: String,
    },
    /// Well formed, but no point of this board has that name.
    #[error("`{name}` is not a point of the {board}")]
    NotOnBoard {
        /// The text given.
        name: String,
        /// The board it was looked up on.
        board: Board,
    },
}
