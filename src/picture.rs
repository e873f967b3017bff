//! The rule book's boards laid out on a grid of character cells, with
//! their lines, for the seed games' text diagram (line mode). The full
//! screen draws every board, these too, with [`GraphPicture`](crate::GraphPicture).

use board_topology::{Board, Direction, Point};

/// Columns between two files, and rows between two ranks.
const FILE_STEP: usize = 4;
const RANK_STEP: usize = 2;

/// What one character cell of the picture shows.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Cell {
    /// Nothing.
    Blank,
    /// Part of a line between two points: `-`, `|`, `/`, `\`, or `X` where
    /// two diagonals cross.
    Line(char),
    /// A point of the board.
    Point(Point),
}

/// A board drawn on a grid of cells, top rank first; point names go along
/// the edges (R1.6).
///
/// ```
/// use board_topology::Board;
/// use peralikatuma::{Cell, Picture};
///
/// let picture = Picture::new(Board::Square);
/// assert_eq!((picture.width(), picture.height()), (17, 9));
/// let a5 = Board::Square.parse_point("a5")?;
/// assert_eq!(picture.place(a5), (0, 0));
/// assert_eq!(picture.rows()[0][1], Cell::Line('-'));
/// assert_eq!(picture.point_near(0, 1), Some(a5));
/// # Ok::<(), board_topology::PointNameError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Picture {
    board: Board,
    /// The lowest file and rank of the board's points: its own grid's
    /// origin (R1.6).
    origin: (u8, u8),
    /// Seen from Black's side: the board turned half round.
    turned: bool,
    rows: Vec<Vec<Cell>>,
}

impl Picture {
    /// The picture of `board` as White sees it, rank 1 at the bottom.
    pub fn new(board: Board) -> Picture {
        Picture::drawn(board, false)
    }

    /// The picture of `board` as Black sees it: turned half round, with
    /// the last rank at the bottom and the files from right to left.
    ///
    /// ```
    /// use board_topology::Board;
    /// use peralikatuma::Picture;
    ///
    /// let picture = Picture::turned(Board::Square);
    /// let a5 = Board::Square.parse_point("a5")?;
    /// assert_eq!(picture.place(a5), (8, 16));
    /// assert_eq!(picture.file_labels(), "e   d   c   b   a");
    /// assert_eq!(picture.rank_label(0), Some('1'));
    /// # Ok::<(), board_topology::PointNameError>(())
    /// ```
    pub fn turned(board: Board) -> Picture {
        Picture::drawn(board, true)
    }

    /// Whether the picture is seen from Black's side.
    pub fn is_turned(&self) -> bool {
        self.turned
    }

    fn drawn(board: Board, turned: bool) -> Picture {
        let (files, ranks) = board.grid_size();
        let width = (usize::from(files) - 1) * FILE_STEP + 1;
        let height = (usize::from(ranks) - 1) * RANK_STEP + 1;
        let origin = board.points().iter().fold((u8::MAX, u8::MAX), |(f, r), p| {
            (f.min(p.file()), r.min(p.rank()))
        });
        let mut picture = Picture {
            board,
            origin,
            turned,
            rows: vec![vec![Cell::Blank; width]; height],
        };
        let points: Vec<Point> = board.points().iter().collect();
        for &p in &points {
            for direction in [
                Direction::East,
                Direction::North,
                Direction::NorthEast,
                Direction::NorthWest,
            ] {
                if let Some(q) = board.neighbour(p, direction) {
                    picture.connect(picture.place(p), picture.place(q));
                }
            }
        }
        for p in points {
            let (row, col) = picture.place(p);
            picture.rows[row][col] = Cell::Point(p);
        }
        picture
    }

    /// The board drawn.
    pub fn board(&self) -> Board {
        self.board
    }

    /// Width in cells.
    pub fn width(&self) -> usize {
        self.rows.first().map_or(0, Vec::len)
    }

    /// Height in cells.
    pub fn height(&self) -> usize {
        self.rows.len()
    }

    /// The cells, top row first.
    pub fn rows(&self) -> &[Vec<Cell>] {
        &self.rows
    }

    /// `(row, column)` of the cell that shows `point`.
    pub fn place(&self, point: Point) -> (usize, usize) {
        let file = point.file().saturating_sub(self.origin.0);
        let rank = point.rank().saturating_sub(self.origin.1);
        let (files, ranks) = self.board.grid_size();
        let (file, rank) = if self.turned {
            (
                (files - 1).saturating_sub(file),
                (ranks - 1).saturating_sub(rank),
            )
        } else {
            (file, rank)
        };
        let row = usize::from((ranks - 1).saturating_sub(rank)) * RANK_STEP;
        (row, usize::from(file) * FILE_STEP)
    }

    /// The point shown at or next to cell `(row, column)`: a click on a
    /// point's cell or on either cell beside it picks that point.
    pub fn point_near(&self, row: usize, column: usize) -> Option<Point> {
        let cells = self.rows.get(row)?;
        [column, column.wrapping_sub(1), column + 1]
            .into_iter()
            .find_map(|c| match cells.get(c) {
                Some(&Cell::Point(p)) => Some(p),
                _ => None,
            })
    }

    /// The rank name shown left of picture row `row`, if a rank is on it.
    pub fn rank_label(&self, row: usize) -> Option<char> {
        let (_, ranks) = self.board.grid_size();
        let from_top = row / RANK_STEP;
        (row % RANK_STEP == 0 && from_top < usize::from(ranks)).then(|| {
            let rank = if self.turned {
                from_top + 1
            } else {
                usize::from(ranks) - from_top
            };
            char::from(b'0' + rank as u8)
        })
    }

    /// The file names, spaced to stand under the picture's columns.
    pub fn file_labels(&self) -> String {
        let (files, _) = self.board.grid_size();
        let names = (0..files).map(|f| char::from(b'a' + f).to_string());
        let names: Vec<String> = if self.turned {
            names.rev().collect()
        } else {
            names.collect()
        };
        names.join(&" ".repeat(FILE_STEP - 1))
    }

    /// The point one step from `point` in the direction `(files, ranks)`
    /// on the screen (each -1, 0 or 1), or the nearest point that way: for
    /// moving a cursor over the board, holes and all.
    pub fn next_point(&self, point: Point, files: i32, ranks: i32) -> Point {
        let (row, col) = self.place(point);
        let (row, col) = (row as i32, col as i32);
        let ahead = |p: Point| {
            let (r, c) = self.place(p);
            let (dr, dc) = (row - r as i32, c as i32 - col);
            // Rows grow downward, ranks upward.
            let along = dc * files + dr * ranks;
            let across = (dc * ranks - dr * files).abs();
            (along > 0).then_some((along + 2 * across, across))
        };
        self.board
            .points()
            .iter()
            .filter_map(|p| ahead(p).map(|key| (key, p)))
            .min_by_key(|&(key, p)| (key, p.index()))
            .map_or(point, |(_, p)| p)
    }

    /// Fills the cells between two adjacent points with the line's mark:
    /// every cell between them for rows and columns, the cell halfway for a
    /// diagonal.
    fn connect(&mut self, (r1, c1): (usize, usize), (r2, c2): (usize, usize)) {
        if r1 == r2 {
            for cell in &mut self.rows[r1][c1.min(c2) + 1..c1.max(c2)] {
                *cell = Cell::Line('-');
            }
        } else if c1 == c2 {
            for row in &mut self.rows[r1.min(r2) + 1..r1.max(r2)] {
                row[c1] = Cell::Line('|');
            }
        } else {
            let mark = if (r1 > r2) == (c1 < c2) { '/' } else { '\\' };
            let cell = &mut self.rows[(r1 + r2) / 2][(c1 + c2) / 2];
            *cell = match *cell {
                Cell::Blank => Cell::Line(mark),
                Cell::Line(m) if m == mark => Cell::Line(mark),
                _ => Cell::Line('X'),
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_point_has_its_own_cell() {
        for board in [Board::Full, Board::TwoArms, Board::Square] {
            let picture = Picture::new(board);
            for p in board.points() {
                let (row, col) = picture.place(p);
                assert_eq!(picture.rows()[row][col], Cell::Point(p));
                assert_eq!(picture.point_near(row, col), Some(p));
            }
        }
    }

    #[test]
    fn the_turned_picture_is_the_same_drawing_upside_down() {
        for board in [Board::Full, Board::TwoArms, Board::Square] {
            let (upright, turned) = (Picture::new(board), Picture::turned(board));
            let (h, w) = (upright.height(), upright.width());
            for p in board.points() {
                let (row, col) = upright.place(p);
                assert_eq!(turned.place(p), (h - 1 - row, w - 1 - col));
            }
            for row in 0..h {
                for col in 0..w {
                    let mirrored = |c: Cell| match c {
                        Cell::Point(_) => Cell::Blank,
                        line => line,
                    };
                    assert_eq!(
                        mirrored(upright.rows()[row][col]),
                        mirrored(turned.rows()[h - 1 - row][w - 1 - col])
                    );
                }
            }
        }
    }

    #[test]
    fn the_cursor_reaches_every_point_and_never_leaves_the_board() {
        for picture in [Board::Full, Board::TwoArms, Board::Square]
            .into_iter()
            .flat_map(|board| [Picture::new(board), Picture::turned(board)])
        {
            let board = picture.board();
            let start = board.points().iter().next().expect("a point");
            let mut seen = vec![start];
            let mut todo = vec![start];
            while let Some(p) = todo.pop() {
                for (df, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                    let q = picture.next_point(p, df, dr);
                    assert!(board.contains(q));
                    if !seen.contains(&q) {
                        seen.push(q);
                        todo.push(q);
                    }
                }
            }
            assert_eq!(seen.len(), board.points().count(), "{board:?}");
        }
    }

    #[test]
    fn arrows_move_to_the_neighbour_when_there_is_one() {
        let board = Board::Full;
        let picture = Picture::new(board);
        let name = |p: Point| board.point_name(p).to_string();
        let e5 = board.parse_point("e5").expect("e5");
        assert_eq!(name(picture.next_point(e5, 1, 0)), "f5");
        assert_eq!(name(picture.next_point(e5, 0, 1)), "e6");
        assert_eq!(name(picture.next_point(e5, -1, 0)), "d5");
        assert_eq!(name(picture.next_point(e5, 0, -1)), "e4");
        // From the arm's tip, right goes to the nearest point that way.
        let c9 = board.parse_point("c9").expect("c9");
        assert_eq!(name(picture.next_point(c9, 1, 0)), "e9");
    }
}
