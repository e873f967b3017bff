//! Any board of the 21 games ([`Graph`]) laid out on a grid of character
//! cells with its lines, and a position of the one model drawn on it as
//! text.

use board_topology::Direction;
use board_topology::graph::Graph;
use peralikatuma_rules::Position;
use peralikatuma_rules::Side;

use crate::plural;
use crate::session::advice::point_names;

/// What one character cell of a [`Picture`] shows.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Cell {
    /// Nothing.
    Blank,
    /// Part of a line: `-`, `|`, `/`, `\`, or `X` where lines cross.
    Line(char),
    /// A point of the board, by its number.
    Point(u8),
}

/// A board drawn on a grid of cells, top rank first, as White sees it
/// ([`Picture::new`]) or turned half round for Black
/// ([`Picture::turned`]).
/// Points stand where their names put them on the board's naming grid
/// (rules.md F7); boards on a grid wider than 13 are drawn at half the
/// spacing.
///
/// ```
/// use board_topology::boards::SQUARE;
/// use peralikatuma::{Cell, Picture};
///
/// let picture = Picture::new(&SQUARE);
/// assert_eq!((picture.width(), picture.height()), (17, 9));
/// let a5 = SQUARE.parse_point("a5")?;
/// assert_eq!(picture.place(a5), (0, 0));
/// assert_eq!(picture.rows()[0][1], Cell::Line('-'));
/// assert_eq!(picture.rows()[1][2], Cell::Line('\\'));
/// # Ok::<(), board_topology::graph::UnknownPoint>(())
/// ```
#[derive(Clone, Debug)]
pub struct Picture {
    graph: &'static Graph,
    /// Columns between two files, rows between two ranks.
    steps: (usize, usize),
    /// The lowest file and rank of the board's points.
    origin: (u8, u8),
    /// The highest file and rank of the board's points.
    right: u8,
    top: u8,
    /// Seen from Black's side: turned half round.
    turned: bool,
    rows: Vec<Vec<Cell>>,
}

impl Picture {
    /// The picture of `graph`, as White sees it.
    pub fn new(graph: &'static Graph) -> Picture {
        Picture::drawn(graph, false)
    }

    /// The picture of `graph` as Black sees it: turned half round, the
    /// top rank at the bottom.
    ///
    /// ```
    /// use board_topology::boards::SQUARE;
    /// use peralikatuma::Picture;
    ///
    /// let picture = Picture::turned(&SQUARE);
    /// assert_eq!(picture.place(SQUARE.parse_point("a5")?), (8, 16));
    /// assert_eq!(picture.file_labels(), "e   d   c   b   a");
    /// assert_eq!(picture.rank_label(0).as_deref(), Some("1"));
    /// # Ok::<(), board_topology::graph::UnknownPoint>(())
    /// ```
    pub fn turned(graph: &'static Graph) -> Picture {
        Picture::drawn(graph, true)
    }

    /// Whether the picture is seen from Black's side.
    pub fn is_turned(&self) -> bool {
        self.turned
    }

    fn drawn(graph: &'static Graph, turned: bool) -> Picture {
        let points = 0..graph.len() as u8;
        let coords: Vec<(u8, u8)> = points.clone().map(|p| graph.coords(p)).collect();
        let origin = coords
            .iter()
            .fold((u8::MAX, u8::MAX), |(f, r), &(file, rank)| {
                (f.min(file), r.min(rank))
            });
        let (right, top) = coords
            .iter()
            .fold((0, 0), |(f, r), &(file, rank)| (f.max(file), r.max(rank)));
        let steps = if right - origin.0 >= 13 || top - origin.1 >= 13 {
            (2, 1)
        } else {
            (4, 2)
        };
        let width = usize::from(right - origin.0) * steps.0 + 1;
        let height = usize::from(top - origin.1) * steps.1 + 1;
        let mut picture = Picture {
            graph,
            steps,
            origin,
            right,
            top,
            turned,
            rows: vec![vec![Cell::Blank; width]; height],
        };
        for p in points.clone() {
            for direction in [
                Direction::East,
                Direction::North,
                Direction::NorthEast,
                Direction::NorthWest,
            ] {
                if let Some(q) = graph.neighbour(p, direction) {
                    picture.connect(picture.place(p), picture.place(q));
                }
            }
        }
        for p in points {
            let (row, column) = picture.place(p);
            picture.rows[row][column] = Cell::Point(p);
        }
        picture
    }

    /// The board drawn.
    pub fn graph(&self) -> &'static Graph {
        self.graph
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
    pub fn place(&self, point: u8) -> (usize, usize) {
        let (file, rank) = self.graph.coords(point);
        let (down, across) = match self.turned {
            false => (self.top - rank, file - self.origin.0),
            true => (rank - self.origin.1, self.right - file),
        };
        (
            usize::from(down) * self.steps.1,
            usize::from(across) * self.steps.0,
        )
    }

    /// The point shown at or next to cell `(row, column)`: a click on a
    /// point's cell or on either cell beside it picks that point.
    pub fn point_near(&self, row: usize, column: usize) -> Option<u8> {
        let cells = self.rows.get(row)?;
        [column, column.wrapping_sub(1), column + 1]
            .into_iter()
            .find_map(|c| match cells.get(c) {
                Some(&Cell::Point(p)) => Some(p),
                _ => None,
            })
    }

    /// The point one step from `point` in the direction `(files, ranks)`
    /// on the screen (each -1, 0 or 1), or the nearest point that way: for
    /// moving a cursor over the board, holes and all. `point` itself when
    /// there is none that way.
    ///
    /// ```
    /// use board_topology::boards::SQUARE;
    /// use peralikatuma::Picture;
    ///
    /// let picture = Picture::new(&SQUARE);
    /// let c3 = SQUARE.parse_point("c3")?;
    /// assert_eq!(picture.next_point(c3, 1, 0), SQUARE.parse_point("d3")?);
    /// assert_eq!(picture.next_point(c3, 0, 1), SQUARE.parse_point("c4")?);
    /// let e3 = SQUARE.parse_point("e3")?;
    /// assert_eq!(picture.next_point(e3, 1, 0), e3);
    /// # Ok::<(), board_topology::graph::UnknownPoint>(())
    /// ```
    pub fn next_point(&self, point: u8, files: i32, ranks: i32) -> u8 {
        let (row, column) = self.place(point);
        let (row, column) = (row as i32, column as i32);
        let ahead = |p: u8| {
            let (r, c) = self.place(p);
            // Rows grow downward, ranks upward.
            let (dr, dc) = (row - r as i32, c as i32 - column);
            let along = dc * files + dr * ranks;
            let across = (dc * ranks - dr * files).abs();
            // Within 45 degrees of the direction, nearest first, a step
            // along a diagonal before one twice as far straight ahead (or
            // the points half-way along the diagonals, as on Kharbaga's
            // board, could never be reached).
            (along > 0 && across <= along).then_some((2 * along + across, across))
        };
        (0..self.graph.len() as u8)
            .filter_map(|p| ahead(p).map(|key| (key, p)))
            .min()
            .map_or(point, |(_, p)| p)
    }

    /// The rank name of picture row `row`, if a point stands on it.
    pub fn rank_label(&self, row: usize) -> Option<String> {
        let on_row = (0..self.graph.len() as u8).find(|&p| self.place(p).0 == row)?;
        Some((self.graph.coords(on_row).1 + 1).to_string())
    }

    /// The file letters, each under the column of its points.
    pub fn file_labels(&self) -> String {
        let mut labels = vec![' '; self.width()];
        for p in 0..self.graph.len() as u8 {
            let (_, column) = self.place(p);
            labels[column] = char::from(b'a' + self.graph.coords(p).0);
        }
        labels.into_iter().collect::<String>().trim_end().to_owned()
    }

    /// Marks the cells between two points joined by a line.
    fn connect(&mut self, (r1, c1): (usize, usize), (r2, c2): (usize, usize)) {
        if r1 == r2 {
            for cell in &mut self.rows[r1][c1.min(c2) + 1..c1.max(c2)] {
                *cell = mark(*cell, '-');
            }
            return;
        }
        if c1 == c2 {
            for row in &mut self.rows[r1.min(r2) + 1..r1.max(r2)] {
                row[c1] = mark(row[c1], '|');
            }
            return;
        }
        // A slanting line: one mark on each row between the points, where
        // the line crosses it.
        let ((top_row, top_column), (bottom_row, bottom_column)) = if r1 < r2 {
            ((r1, c1), (r2, c2))
        } else {
            ((r2, c2), (r1, c1))
        };
        let slant = if bottom_column > top_column {
            '\\'
        } else {
            '/'
        };
        let (rows, columns) = (
            (bottom_row - top_row) as f64,
            bottom_column as f64 - top_column as f64,
        );
        for row in top_row + 1..bottom_row {
            let along = (row - top_row) as f64 / rows;
            let column = (top_column as f64 + columns * along).round() as usize;
            self.rows[row][column] = mark(self.rows[row][column], slant);
        }
    }
}

/// A cell marked with a line's `mark`: where another line is already, a
/// crossing.
fn mark(cell: Cell, mark: char) -> Cell {
    match cell {
        Cell::Blank => Cell::Line(mark),
        Cell::Line(m) if m == mark => cell,
        Cell::Line(_) => Cell::Line('X'),
        Cell::Point(_) => cell,
    }
}

/// Draws a family position as text: the board's lines, `W` and `B` for
/// the men (`@` and `#` for White's and Black's kings), `+` for an empty
/// point, point names along the edges, and a status line.
///
/// ```
/// use peralikatuma::diagram;
/// use peralikatuma_rules::{Position, Ruleset};
///
/// let text = diagram(&Position::start(Ruleset::find("lau-kata-kati")?));
/// assert!(text.contains("W---W---W")); // b2, d2, f2
/// assert!(text.contains("White to move"));
/// # Ok::<(), peralikatuma_rules::UnknownRuleset>(())
/// ```
pub fn diagram(position: &Position) -> String {
    let picture = Picture::new(position.board());
    let labels: Vec<String> = (0..picture.height())
        .map(|row| picture.rank_label(row).unwrap_or_default())
        .collect();
    let margin = labels.iter().map(String::len).max().unwrap_or(1);
    let mut out = String::new();
    for (row, cells) in picture.rows().iter().enumerate() {
        let line: String = cells
            .iter()
            .map(|&cell| match cell {
                Cell::Blank => ' ',
                Cell::Line(mark) => mark,
                Cell::Point(p) => piece(position, p),
            })
            .collect();
        out.push_str(format!("{:>margin$}   {line}", labels[row]).trim_end());
        out.push('\n');
    }
    out.push_str(&format!("{:margin$}   {}\n", "", picture.file_labels()));
    if position.kings(Side::White) | position.kings(Side::Black) != 0 {
        out.push_str("(@ is a White king, # a Black king)\n");
    }
    let count = |side| plural(position.pieces(side).count_ones() as usize, "piece");
    out.push_str(&format!(
        "{} to move. White {}, Black {}.",
        position.side_to_move(),
        count(Side::White),
        count(Side::Black)
    ));
    let huffable = position.huffable();
    if huffable != 0 {
        let names = point_names(position.board(), huffable);
        let take = position.ruleset().removal_word();
        out.push_str(&format!(" May {take}: {}.", names.join(", ")));
    }
    out.push('\n');
    out
}

/// The character of the piece on `point`, or `+` for an empty point.
fn piece(position: &Position, point: u8) -> char {
    let bit = 1u128 << point;
    match (
        position.men(Side::White) & bit != 0,
        position.men(Side::Black) & bit != 0,
    ) {
        (true, _) => 'W',
        (_, true) => 'B',
        _ if position.kings(Side::White) & bit != 0 => '@',
        _ if position.kings(Side::Black) & bit != 0 => '#',
        _ => '+',
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use peralikatuma_rules::Ruleset;

    #[test]
    fn every_point_of_every_board_has_its_own_cell_and_its_lines_reach_it() {
        for ruleset in Ruleset::all() {
            let graph = ruleset.board;
            let picture = Picture::new(graph);
            for p in 0..graph.len() as u8 {
                let (row, column) = picture.place(p);
                assert_eq!(
                    picture.rows()[row][column],
                    Cell::Point(p),
                    "{}",
                    ruleset.id
                );
                // A point with a neighbour to the east has a line beside it.
                if graph.neighbour(p, Direction::East).is_some() {
                    assert_eq!(
                        picture.rows()[row][column + 1],
                        Cell::Line('-'),
                        "{} {}",
                        ruleset.id,
                        graph.point_name(p)
                    );
                }
            }
            let start = Position::start(ruleset);
            let diagram = diagram(&start);
            let pieces = diagram
                .lines()
                .take(picture.height())
                .flat_map(str::chars)
                .filter(|&c| c == 'W' || c == 'B')
                .count();
            let expected = start.piece_count();
            assert_eq!(pieces, expected as usize, "{}\n{diagram}", ruleset.id);
        }
    }

    #[test]
    fn the_turned_picture_is_the_same_drawing_upside_down() {
        for ruleset in Ruleset::all() {
            let graph = ruleset.board;
            let (upright, turned) = (Picture::new(graph), Picture::turned(graph));
            let (h, w) = (upright.height(), upright.width());
            assert_eq!((turned.height(), turned.width()), (h, w), "{}", ruleset.id);
            for p in 0..graph.len() as u8 {
                let (row, column) = upright.place(p);
                assert_eq!(
                    turned.place(p),
                    (h - 1 - row, w - 1 - column),
                    "{}",
                    ruleset.id
                );
                assert_eq!(upright.point_near(row, column), Some(p), "{}", ruleset.id);
            }
            let lines = |c: Cell| match c {
                Cell::Point(_) => Cell::Blank,
                line => line,
            };
            for row in 0..h {
                for column in 0..w {
                    assert_eq!(
                        lines(upright.rows()[row][column]),
                        lines(turned.rows()[h - 1 - row][w - 1 - column]),
                        "{}",
                        ruleset.id
                    );
                }
            }
        }
    }

    /// The points of `graph` the arrow keys cannot reach from its first
    /// point in `picture`, by name.
    fn out_of_the_cursors_reach(graph: &Graph, picture: &Picture) -> Vec<String> {
        let mut seen = vec![0u8];
        let mut todo = vec![0u8];
        while let Some(p) = todo.pop() {
            for (files, ranks) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                let q = picture.next_point(p, files, ranks);
                assert!(usize::from(q) < graph.len());
                if !seen.contains(&q) {
                    seen.push(q);
                    todo.push(q);
                }
            }
        }
        (0..graph.len() as u8)
            .filter(|p| !seen.contains(p))
            .map(|p| graph.point_name(p).to_string())
            .collect()
    }

    #[test]
    fn the_cursor_reaches_every_point_and_never_leaves_the_board() {
        for ruleset in Ruleset::all() {
            let graph = ruleset.board;
            for picture in [Picture::new(graph), Picture::turned(graph)] {
                let missing = out_of_the_cursors_reach(graph, &picture);
                assert!(missing.is_empty(), "{}: {missing:?}", ruleset.id);
            }
        }
    }

    #[test]
    fn arrows_move_to_the_neighbour_when_there_is_one() {
        let graph = peralikatuma_rules::Ruleset::PERALIKATUMA.board;
        let picture = Picture::new(graph);
        let point = |name: &str| graph.parse_point(name).expect("a point");
        let name = |p: u8| graph.point_name(p).to_string();
        let e5 = point("e5");
        assert_eq!(name(picture.next_point(e5, 1, 0)), "f5");
        assert_eq!(name(picture.next_point(e5, 0, 1)), "e6");
        assert_eq!(name(picture.next_point(e5, -1, 0)), "d5");
        assert_eq!(name(picture.next_point(e5, 0, -1)), "e4");
        // From the arm's tip, right goes to the nearest point that way:
        // d8 down the diagonal, before e9 two files on.
        assert_eq!(name(picture.next_point(point("c9"), 1, 0)), "d8");
        assert_eq!(name(picture.next_point(point("d8"), 1, 0)), "e8");
        // Regression: the points half-way along Kharbaga's diagonals were
        // out of the arrows' reach.
        let kharbaga = Ruleset::find("kharbaga").expect("a ruleset").board;
        let a1 = kharbaga.parse_point("a1").expect("a point");
        let right = Picture::new(kharbaga).next_point(a1, 1, 0);
        assert_eq!(kharbaga.point_name(right).to_string(), "b2");
    }
}
