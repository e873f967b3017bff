//! Points of the 49-point board and their grid coordinates.

use std::fmt;

/// Number of points of the whole board (R1.1).
pub const POINT_COUNT: usize = 49;

/// Grid coordinates `(file, rank)` of every point, 0-based on the 9x9 grid
/// (`a1` is `(0, 0)`), ordered by rank and then by file. A [`Point`]'s index
/// is its position in this list, so iterating points in index order visits
/// them in the order of the position text (N3).
pub(crate) const COORDS: [(u8, u8); POINT_COUNT] = {
    let rows: [&[u8]; 9] = [
        &[2, 4, 6],                   // rank 1: c1 e1 g1
        &[3, 4, 5],                   // rank 2: d2 e2 f2
        &[0, 2, 3, 4, 5, 6, 8],       // rank 3: a3 c3..g3 i3
        &[1, 2, 3, 4, 5, 6, 7],       // rank 4: b4..h4
        &[0, 1, 2, 3, 4, 5, 6, 7, 8], // rank 5: a5..i5
        &[1, 2, 3, 4, 5, 6, 7],       // rank 6: b6..h6
        &[0, 2, 3, 4, 5, 6, 8],       // rank 7: a7 c7..g7 i7
        &[3, 4, 5],                   // rank 8: d8 e8 f8
        &[2, 4, 6],                   // rank 9: c9 e9 g9
    ];
    let mut coords = [(0u8, 0u8); POINT_COUNT];
    let mut n = 0;
    let mut rank = 0;
    while rank < 9 {
        let mut i = 0;
        while i < rows[rank].len() {
            coords[n] = (rows[rank][i], rank as u8);
            n += 1;
            i += 1;
        }
        rank += 1;
    }
    assert!(n == POINT_COUNT);
    coords
};

/// The point index at each cell of the 9x9 grid (`file + 9 * rank`), or
/// `u8::MAX` where the grid has no point.
const GRID: [u8; 81] = {
    let mut grid = [u8::MAX; 81];
    let mut i = 0;
    while i < POINT_COUNT {
        let (file, rank) = COORDS[i];
        grid[file as usize + 9 * rank as usize] = i as u8;
        i += 1;
    }
    grid
};

/// One of the 49 points of the board, as a compact index `0..49`.
///
/// Indices run by rank and then by file on the 9x9 grid of R1.1, so `c1` is
/// point 0 and `g9` is point 48. Point names depend on the game's board
/// (R1.6); see [`Board::point_name`](crate::Board::point_name).
///
/// ```
/// use board_topology::Point;
///
/// let e5 = Point::at(4, 4).expect("e5 is on the board");
/// assert_eq!((e5.file(), e5.rank()), (4, 4));
/// assert!(Point::at(0, 0).is_none()); // a1 is off the 49-point board
/// ```
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Point(pub(crate) u8);

impl Point {
    /// The point with index `index`, if `index < 49`.
    pub const fn new(index: usize) -> Option<Point> {
        if index < POINT_COUNT {
            Some(Point(index as u8))
        } else {
            None
        }
    }

    /// The point at 0-based grid coordinates on the 9x9 grid of R1.1, if
    /// there is one there.
    pub const fn at(file: u8, rank: u8) -> Option<Point> {
        if file >= 9 || rank >= 9 {
            return None;
        }
        let index = GRID[file as usize + 9 * rank as usize];
        if index == u8::MAX {
            None
        } else {
            Some(Point(index))
        }
    }

    /// The point's index, `0..49`.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// 0-based file on the 9x9 grid (`a` is 0).
    pub const fn file(self) -> u8 {
        COORDS[self.0 as usize].0
    }

    /// 0-based rank on the 9x9 grid (rank `1` is 0).
    pub const fn rank(self) -> u8 {
        COORDS[self.0 as usize].1
    }

    /// All 49 points in index order.
    pub fn all() -> impl DoubleEndedIterator<Item = Point> + ExactSizeIterator + Clone {
        (0..POINT_COUNT as u8).map(Point)
    }
}

/// A point has no `Display`: its name depends on the game's board (R1.6),
/// so it is printed through [`Board::point_name`](crate::Board::point_name).
/// `Debug` shows its index, which no game uses as a name.
///
/// ```
/// use board_topology::Point;
/// assert_eq!(format!("{:?}", Point::new(12).unwrap()), "Point(12)");
/// ```
impl fmt::Debug for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Point({})", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indices_follow_rank_then_file() {
        let coords = |i: usize| Point::new(i).map(|p| (p.file(), p.rank()));
        assert_eq!(coords(0), Some((2, 0))); // c1
        assert_eq!(coords(6), Some((0, 2))); // a3
        assert_eq!(coords(20), Some((0, 4))); // a5
        assert_eq!(coords(48), Some((6, 8))); // g9
        for (i, p) in Point::all().enumerate() {
            assert_eq!(p.index(), i);
            assert_eq!(Point::at(p.file(), p.rank()), Some(p));
        }
    }

    #[test]
    fn grid_cells_without_points() {
        let on_board = (0..9)
            .flat_map(|f| (0..9).map(move |r| (f, r)))
            .filter(|&(f, r)| Point::at(f, r).is_some())
            .count();
        assert_eq!(on_board, 49);
        assert_eq!(Point::at(9, 0), None);
        assert_eq!(Point::new(49), None);
    }
}
