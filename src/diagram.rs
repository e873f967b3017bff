//! The board as text, with its lines, for terminal frontends.

use board_topology::{Direction, Point};
use peralikatuma_rules::{Position, Side};

/// Columns per file and rows per rank in the drawing.
const FILE_STEP: usize = 4;
const RANK_STEP: usize = 2;

/// Draws `position` as text: the board's lines, `W` and `B` for the pieces
/// (`@` and `#` for White's and Black's kings), `+` for an empty point,
/// point names along the edges, and a status line.
///
/// ```
/// use peralikatuma::diagram;
/// use peralikatuma_rules::{Position, Variant};
///
/// let text = diagram(&Position::start(Variant::Peralikatuma));
/// assert!(text.contains("+---+---+")); // d5, e5, f5 are empty
/// assert!(text.contains("White to move"));
/// ```
pub fn diagram(position: &Position) -> String {
    let board = position.board();
    let (files, ranks) = board.grid_size();
    let origin = board.points().iter().fold((u8::MAX, u8::MAX), |(f, r), p| {
        (f.min(p.file()), r.min(p.rank()))
    });
    let at = |p: Point| {
        let col = (p.file() - origin.0) as usize * FILE_STEP + 3;
        let row = (ranks - 1 - (p.rank() - origin.1)) as usize * RANK_STEP;
        (row, col)
    };
    let width = (files as usize - 1) * FILE_STEP + 4;
    let height = (ranks as usize - 1) * RANK_STEP + 1;
    let mut canvas = vec![vec![' '; width]; height];

    for p in board.points() {
        for direction in [
            Direction::East,
            Direction::North,
            Direction::NorthEast,
            Direction::NorthWest,
        ] {
            if let Some(q) = board.neighbour(p, direction) {
                connect(&mut canvas, at(p), at(q));
            }
        }
    }
    for p in board.points() {
        let (row, col) = at(p);
        let king = position.kings().contains(p);
        canvas[row][col] = match position.side_at(p) {
            Some(Side::White) if king => '@',
            Some(Side::Black) if king => '#',
            Some(Side::White) => 'W',
            Some(Side::Black) => 'B',
            None => '+',
        };
    }

    let mut out = String::new();
    for (i, row) in canvas.iter().enumerate() {
        let label = if i % RANK_STEP == 0 {
            format!("{}", ranks as usize - i / RANK_STEP)
        } else {
            String::new()
        };
        let line: String = row.iter().collect();
        out.push_str(&format!("{label:>1} {}\n", line.trim_end()));
    }
    let mut names = String::from("  ");
    for f in 0..files {
        names.push_str(&format!("   {}", (b'a' + f) as char));
    }
    out.push_str(names.trim_end());
    out.push('\n');
    if position.kings().any() {
        out.push_str("(@ is a White king, # a Black king)\n");
    }
    out.push_str(&status(position));
    out
}

/// Fills the characters between two adjacent points with the line's mark:
/// every cell between them for rows and columns, the cell halfway for a
/// diagonal (where two diagonals cross it shows `X`).
fn connect(canvas: &mut [Vec<char>], (r1, c1): (usize, usize), (r2, c2): (usize, usize)) {
    if r1 == r2 {
        for cell in &mut canvas[r1][c1.min(c2) + 1..c1.max(c2)] {
            *cell = '-';
        }
    } else if c1 == c2 {
        for row in &mut canvas[r1.min(r2) + 1..r1.max(r2)] {
            row[c1] = '|';
        }
    } else {
        let mark = if (r1 > r2) == (c1 < c2) { '/' } else { '\\' };
        let cell = &mut canvas[(r1 + r2) / 2][(c1 + c2) / 2];
        *cell = if *cell == ' ' || *cell == mark {
            mark
        } else {
            'X'
        };
    }
}

fn status(position: &Position) -> String {
    format!(
        "{} to move. White {} pieces, Black {} pieces. Turns without a removal: {}.\n",
        position.side_to_move(),
        position.pieces(Side::White).count(),
        position.pieces(Side::Black).count(),
        position.quiet_turns()
    )
}
