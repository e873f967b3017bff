//! Boards as data: any board of the family, up to 128 points, described by
//! its lines and turned into lookup tables at compile time.
//!
//! Every board ([`crate::boards`]: the three of R1.5 and those of the
//! family's other games) is a [`Layout`]: a grid that names the points, and
//! the straight lines drawn through them. [`Graph::build`] turns a layout into the tables a move
//! generator needs, checking the layout as it goes: a board that does not
//! hold together is a compile error, not a wrong move.

use std::fmt;

use crate::direction::Direction;

/// The most points a [`Graph`] can have: one bit each of a `u128`.
pub const MAX_POINTS: usize = 128;

/// Marks "no point" in the tables.
const NONE: u8 = u8::MAX;

/// A board of the family as data: a grid of `files` x `ranks` cells that
/// names the points (`a1` is the south-west cell, as in R1.1), and the
/// straight lines of the board, each written as its points in order,
/// joined by `-` (`"a1-b2-c3"`).
///
/// Every point lies on a line, and each line runs along one of the eight
/// compass directions of the grid. The points of a line need not be evenly
/// spaced on the grid: a point is adjacent to the next one along its line,
/// however far apart the grid puts them.
#[derive(Copy, Clone, Debug)]
pub struct Layout {
    /// The board's name, for people.
    pub name: &'static str,
    /// Width of the naming grid: files `a`.. (at most 26).
    pub files: u8,
    /// Height of the naming grid: ranks `1`.. (at most 99).
    pub ranks: u8,
    /// The lines, as point names joined by `-`.
    pub lines: &'static [&'static str],
}

/// A board's tables, built from its [`Layout`] at compile time: points are
/// numbered `0..len()` by rank and then by file, and a set of points is a
/// `u128` with bit `i` for point `i`.
///
/// ```
/// use board_topology::Direction;
/// use board_topology::boards::SQUARE;
///
/// let c3 = SQUARE.parse_point("c3")?;
/// let d4 = SQUARE.neighbour(c3, Direction::NorthEast).unwrap();
/// assert_eq!(SQUARE.point_name(d4).to_string(), "d4");
/// assert_eq!(SQUARE.len(), 25);
/// # Ok::<(), board_topology::graph::UnknownPoint>(())
/// ```
#[derive(Clone, Debug)]
pub struct Graph {
    name: &'static str,
    files: u8,
    ranks: u8,
    len: u8,
    line_count: u8,
    edge_count: u16,
    coords: [(u8, u8); MAX_POINTS],
    neighbour: [[u8; 8]; MAX_POINTS],
    neighbours: [u128; MAX_POINTS],
    rays: [[u128; 8]; MAX_POINTS],
    fans: [[u128; 8]; MAX_POINTS],
    hops: [[Hop; 8]; MAX_POINTS],
    hop_count: [u8; MAX_POINTS],
    jumpable: u128,
}

/// A short jump on a board: from a point over its neighbour along
/// `direction` to the point straight beyond ([`Graph::hops`]).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Hop {
    /// The way the jump goes.
    pub direction: Direction,
    /// The point jumped over, adjacent to the start.
    pub over: u8,
    /// The point landed on, adjacent to `over`.
    pub to: u8,
}

/// Reads one point name of a layout (`c3`, `m13`) at `bytes[*at..]`,
/// moving `at` past it.
const fn read_name(bytes: &[u8], at: &mut usize, files: u8, ranks: u8) -> (u8, u8) {
    assert!(*at < bytes.len(), "a line ends with `-`");
    let file = bytes[*at];
    assert!(
        file >= b'a' && file <= b'z',
        "a point name starts with a file letter"
    );
    let file = file - b'a';
    *at += 1;
    let mut rank: u32 = 0;
    let mut digits = 0;
    while *at < bytes.len() && bytes[*at] != b'-' {
        let digit = bytes[*at];
        assert!(digit >= b'0' && digit <= b'9', "a rank is digits");
        rank = rank * 10 + (digit - b'0') as u32;
        digits += 1;
        *at += 1;
    }
    assert!(digits > 0 && rank >= 1, "a point name has a rank from 1");
    assert!(
        file < files && rank <= ranks as u32,
        "a point lies outside the grid"
    );
    (file, (rank - 1) as u8)
}

/// The grid cells of one line, in order, and how many there are.
const fn read_line(line: &str, files: u8, ranks: u8) -> ([(u8, u8); 32], usize) {
    let bytes = line.as_bytes();
    let mut cells = [(0u8, 0u8); 32];
    let mut len = 0;
    let mut at = 0;
    while at < bytes.len() {
        assert!(len < 32, "a line is too long");
        cells[len] = read_name(bytes, &mut at, files, ranks);
        len += 1;
        if at < bytes.len() {
            at += 1; // the `-`
            assert!(at < bytes.len(), "a line ends with `-`");
        }
    }
    assert!(len >= 2, "a line has at least two points");
    (cells, len)
}

/// The direction from one grid cell to another, which must be along a
/// compass direction.
const fn direction_between(from: (u8, u8), to: (u8, u8)) -> Direction {
    let df = to.0 as i32 - from.0 as i32;
    let dr = to.1 as i32 - from.1 as i32;
    assert!(
        df == 0 || dr == 0 || df == dr || df == -dr,
        "a line leaves the compass directions"
    );
    match Direction::from_delta(df, dr) {
        Some(d) => d,
        None => panic!("a line repeats a point"),
    }
}

/// The index of the point at `cell` among the `len` sorted cells.
const fn index_of(coords: &[(u8, u8); MAX_POINTS], len: usize, cell: (u8, u8)) -> u8 {
    let mut i = 0;
    while i < len {
        if coords[i].0 == cell.0 && coords[i].1 == cell.1 {
            return i as u8;
        }
        i += 1;
    }
    panic!("a point of a line was not collected")
}

impl Graph {
    /// Builds the tables of `layout`, panicking (at compile time, in a
    /// `const`) if the layout is malformed: a name off the grid, a line off
    /// the compass directions, two lines leaving a point the same way, or
    /// more than [`MAX_POINTS`] points.
    pub const fn build(layout: &Layout) -> Graph {
        assert!(layout.files >= 1 && layout.files <= 26, "files a..z");
        assert!(layout.ranks >= 1 && layout.ranks <= 99, "ranks 1..99");
        // The points: every cell named by a line, sorted by rank then file.
        let mut coords = [(0u8, 0u8); MAX_POINTS];
        let mut len = 0;
        let mut l = 0;
        while l < layout.lines.len() {
            let (cells, n) = read_line(layout.lines[l], layout.files, layout.ranks);
            let mut i = 0;
            while i < n {
                let cell = cells[i];
                let mut known = false;
                let mut j = 0;
                while j < len {
                    known = known || (coords[j].0 == cell.0 && coords[j].1 == cell.1);
                    j += 1;
                }
                if !known {
                    assert!(len < MAX_POINTS, "too many points for a Graph");
                    // Insert in (rank, file) order.
                    let mut at = len;
                    while at > 0
                        && (coords[at - 1].1 > cell.1
                            || (coords[at - 1].1 == cell.1 && coords[at - 1].0 > cell.0))
                    {
                        coords[at] = coords[at - 1];
                        at -= 1;
                    }
                    coords[at] = cell;
                    len += 1;
                }
                i += 1;
            }
            l += 1;
        }

        // Neighbours along the lines.
        let mut neighbour = [[NONE; 8]; MAX_POINTS];
        let mut edge_count: u16 = 0;
        let mut l = 0;
        while l < layout.lines.len() {
            let (cells, n) = read_line(layout.lines[l], layout.files, layout.ranks);
            let direction = direction_between(cells[0], cells[1]);
            let mut i = 0;
            while i + 1 < n {
                assert!(
                    direction_between(cells[i], cells[i + 1]) as usize == direction as usize,
                    "a line bends"
                );
                let a = index_of(&coords, len, cells[i]) as usize;
                let b = index_of(&coords, len, cells[i + 1]);
                let (d, back) = (direction as usize, direction.opposite() as usize);
                assert!(
                    neighbour[a][d] == NONE && neighbour[b as usize][back] == NONE,
                    "two lines leave a point the same way"
                );
                neighbour[a][d] = b;
                neighbour[b as usize][back] = a as u8;
                edge_count += 1;
                i += 1;
            }
            l += 1;
        }

        let mut neighbours = [0u128; MAX_POINTS];
        let mut rays = [[0u128; 8]; MAX_POINTS];
        let mut fans = [[0u128; 8]; MAX_POINTS];
        let mut p = 0;
        while p < len {
            let mut d = 0;
            while d < 8 {
                let mut q = neighbour[p][d];
                if q != NONE {
                    neighbours[p] |= 1 << q;
                    // The fans of d and the directions either side of it.
                    fans[p][d] |= 1 << q;
                    fans[p][(d + 1) % 8] |= 1 << q;
                    fans[p][(d + 7) % 8] |= 1 << q;
                }
                while q != NONE {
                    rays[p][d] |= 1 << q;
                    q = neighbour[q as usize][d];
                }
                d += 1;
            }
            assert!(neighbours[p] != 0, "a point has no neighbour");
            p += 1;
        }

        let no_hop = Hop {
            direction: Direction::North,
            over: NONE,
            to: NONE,
        };
        let mut hops = [[no_hop; 8]; MAX_POINTS];
        let mut hop_count = [0u8; MAX_POINTS];
        let mut jumpable = 0;
        let mut p = 0;
        while p < len {
            let mut d = 0;
            while d < 8 {
                let over = neighbour[p][d];
                if over != NONE && neighbour[over as usize][d] != NONE {
                    hops[p][hop_count[p] as usize] = Hop {
                        direction: Direction::ALL[d],
                        over,
                        to: neighbour[over as usize][d],
                    };
                    hop_count[p] += 1;
                    jumpable |= 1 << over;
                }
                d += 1;
            }
            p += 1;
        }
        Graph {
            name: layout.name,
            files: layout.files,
            ranks: layout.ranks,
            len: len as u8,
            line_count: layout.lines.len() as u8,
            edge_count,
            coords,
            neighbour,
            neighbours,
            rays,
            fans,
            hops,
            hop_count,
            jumpable,
        }
    }

    /// The board's name.
    pub const fn name(&self) -> &'static str {
        self.name
    }

    /// How many points the board has.
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether the board has no points (never, for a built graph).
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// How many straight lines the board has.
    pub const fn line_count(&self) -> usize {
        self.line_count as usize
    }

    /// How many pairs of adjacent points the board has.
    pub const fn edge_count(&self) -> usize {
        self.edge_count as usize
    }

    /// The size of the naming grid, `(files, ranks)`.
    pub const fn grid(&self) -> (u8, u8) {
        (self.files, self.ranks)
    }

    /// All points, one bit each.
    pub const fn points(&self) -> u128 {
        if self.len as usize == MAX_POINTS {
            u128::MAX
        } else {
            (1 << self.len) - 1
        }
    }

    /// The 0-based `(file, rank)` of point `point` on the naming grid.
    ///
    /// # Panics
    /// If `point` is not a point of the board.
    pub const fn coords(&self, point: u8) -> (u8, u8) {
        assert!(point < self.len, "not a point of this board");
        self.coords[point as usize]
    }

    /// The point adjacent to `point` along the line that leaves it in
    /// `direction`, if one does.
    ///
    /// # Panics
    /// If `point` is not below [`MAX_POINTS`].
    #[inline]
    pub const fn neighbour(&self, point: u8, direction: Direction) -> Option<u8> {
        match self.neighbour[point as usize][direction as usize] {
            NONE => None,
            next => Some(next),
        }
    }

    /// Every point adjacent to `point`.
    ///
    /// # Panics
    /// If `point` is not below [`MAX_POINTS`].
    #[inline]
    pub const fn neighbours(&self, point: u8) -> u128 {
        self.neighbours[point as usize]
    }

    /// Every point beyond `point` along `direction`, to the end of its line.
    ///
    /// # Panics
    /// If `point` is not below [`MAX_POINTS`].
    #[inline]
    pub const fn ray(&self, point: u8, direction: Direction) -> u128 {
        self.rays[point as usize][direction as usize]
    }

    /// The points adjacent to `point` along `direction` and the two
    /// directions either side of it: where a man facing `direction` steps
    /// straight or diagonally forward.
    ///
    /// ```
    /// use board_topology::Direction;
    /// use board_topology::boards::SQUARE;
    ///
    /// let [b2, a3, b3, c3] = ["b2", "a3", "b3", "c3"].map(|n| SQUARE.parse_point(n).unwrap());
    /// assert_eq!(SQUARE.fan(b2, Direction::North), 1 << a3 | 1 << b3 | 1 << c3);
    /// ```
    ///
    /// # Panics
    /// If `point` is not below [`MAX_POINTS`].
    #[inline]
    pub const fn fan(&self, point: u8, direction: Direction) -> u128 {
        self.fans[point as usize][direction as usize]
    }

    /// The short jumps from `point`, in the order of [`Direction::ALL`]:
    /// one for each direction with two points beyond it along a line.
    ///
    /// ```
    /// use board_topology::boards::SQUARE;
    ///
    /// let a1 = SQUARE.parse_point("a1")?;
    /// let to: Vec<String> = SQUARE.hops(a1).iter().map(|h| SQUARE.point_name(h.to).to_string()).collect();
    /// assert_eq!(to, ["a3", "c3", "c1"]);
    /// # Ok::<(), board_topology::graph::UnknownPoint>(())
    /// ```
    ///
    /// # Panics
    /// If `point` is not below [`MAX_POINTS`].
    #[inline]
    pub fn hops(&self, point: u8) -> &[Hop] {
        let hops = &self.hops[point as usize];
        &hops[..usize::from(self.hop_count[point as usize]).min(hops.len())]
    }

    /// The points a piece can be jumped on: the middles of the board's
    /// straight triples. A piece anywhere else is safe from short jumps
    /// and long ones alike.
    ///
    /// ```
    /// use board_topology::boards::SQUARE;
    ///
    /// let safe = SQUARE.points() & !SQUARE.jumpable();
    /// let names: Vec<String> = (0..25).filter(|p| safe & 1 << p != 0).map(|p| SQUARE.point_name(p).to_string()).collect();
    /// assert_eq!(names, ["a1", "e1", "a5", "e5"]);
    /// ```
    #[inline]
    pub const fn jumpable(&self) -> u128 {
        self.jumpable
    }

    /// The name of `point` on the board's grid, as in `c3`; a point that
    /// is not on this board prints as `Point(90)`, never as another
    /// board's name.
    pub fn point_name(&self, point: u8) -> PointLabel {
        if point < self.len {
            let (file, rank) = self.coords[point as usize];
            PointLabel::Grid { file, rank }
        } else {
            PointLabel::Off(point)
        }
    }

    /// The point that `name` names on this board.
    pub fn parse_point(&self, name: &str) -> Result<u8, UnknownPoint> {
        let unknown = || UnknownPoint {
            name: name.to_owned(),
            board: self.name,
        };
        let mut chars = name.chars();
        let file = chars
            .next()
            .filter(char::is_ascii_lowercase)
            .ok_or_else(unknown)?;
        let digits = chars.as_str();
        if digits.starts_with('0') || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(unknown());
        }
        let rank: u8 = digits.parse().map_err(|_| unknown())?;
        let cell = (file as u8 - b'a', rank - 1);
        (0..self.len)
            .find(|&p| self.coords[p as usize] == cell)
            .ok_or_else(unknown)
    }
}

/// The name of a point of a [`Graph`]: its file letter and rank number.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum PointLabel {
    /// A point of the board, at 0-based grid coordinates.
    Grid {
        /// The file, `a` = 0.
        file: u8,
        /// The rank, `1` = 0.
        rank: u8,
    },
    /// A number that is no point of the board.
    Off(u8),
}

impl fmt::Display for PointLabel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            PointLabel::Grid { file, rank } => write!(f, "{}{}", char::from(b'a' + file), rank + 1),
            PointLabel::Off(point) => write!(f, "Point({point})"),
        }
    }
}

/// A name that is no point of a board.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("`{name}` is not a point of the board ({board})")]
pub struct UnknownPoint {
    /// The name given.
    pub name: String,
    /// The board's name.
    pub board: &'static str,
}

#[cfg(test)]
mod tests {
    use super::*;

    const CROSS: Layout = Layout {
        name: "cross",
        files: 3,
        ranks: 3,
        lines: &["a2-b2-c2", "b1-b2-b3"],
    };

    #[test]
    fn points_are_numbered_by_rank_then_file() {
        let graph = Graph::build(&CROSS);
        let names: Vec<String> = (0..graph.len() as u8)
            .map(|p| graph.point_name(p).to_string())
            .collect();
        assert_eq!(names, ["b1", "a2", "b2", "c2", "b3"]);
        assert_eq!((graph.line_count(), graph.edge_count()), (2, 4));
        assert_eq!(graph.points(), 0b11111);
    }

    #[test]
    fn neighbours_and_rays_follow_the_lines() {
        let graph = Graph::build(&CROSS);
        let [b1, a2, b2, c2, b3] = [0, 1, 2, 3, 4];
        assert_eq!(graph.neighbour(b1, Direction::North), Some(b2));
        assert_eq!(graph.neighbour(b2, Direction::West), Some(a2));
        assert_eq!(graph.neighbour(a2, Direction::North), None);
        assert_eq!(graph.ray(b1, Direction::North), 1 << b2 | 1 << b3);
        assert_eq!(graph.neighbours(b2), 1 << b1 | 1 << a2 | 1 << c2 | 1 << b3);
        let hop = |over, to| Hop {
            direction: Direction::North,
            over,
            to,
        };
        assert_eq!(graph.hops(b1), [hop(b2, b3)]);
        assert_eq!(graph.fan(b2, Direction::NorthEast), 1 << b3 | 1 << c2);
        assert_eq!(graph.fan(b2, Direction::South), 1 << b1);
        assert_eq!(graph.fan(b1, Direction::South), 0);
        assert!(graph.hops(b2).is_empty());
        assert_eq!(graph.hops(a2).len(), 1);
    }

    #[test]
    fn names_are_read_back_and_others_refused() {
        let graph = Graph::build(&CROSS);
        for p in 0..graph.len() as u8 {
            assert_eq!(graph.parse_point(&graph.point_name(p).to_string()), Ok(p));
        }
        for bad in [
            "", "a1", "b", "b0", "b01", "b+1", "B2", "b22", "é1", "b2x", "b999",
        ] {
            let error = graph.parse_point(bad).expect_err(bad);
            assert_eq!(
                error.to_string(),
                format!("`{bad}` is not a point of the board (cross)")
            );
        }
    }
}
