//! The board as text, with its lines, for terminal frontends.

use peralikatuma_rules::{Position, Side};

use crate::picture::{Cell, Picture};
use crate::plural;

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
    let picture = Picture::new(position.board());
    let mut out = String::new();
    for (row, cells) in picture.rows().iter().enumerate() {
        let line: String = cells
            .iter()
            .map(|&cell| match cell {
                Cell::Blank => ' ',
                Cell::Line(mark) => mark,
                Cell::Point(p) => {
                    let king = position.kings().contains(p);
                    match position.side_at(p) {
                        Some(Side::White) if king => '@',
                        Some(Side::Black) if king => '#',
                        Some(Side::White) => 'W',
                        Some(Side::Black) => 'B',
                        None => '+',
                    }
                }
            })
            .collect();
        let label = picture.rank_label(row).unwrap_or(' ');
        out.push_str(format!("{label}    {line}").trim_end());
        out.push('\n');
    }
    out.push_str(&format!("     {}\n", picture.file_labels()));
    if position.kings().any() {
        out.push_str("(@ is a White king, # a Black king)\n");
    }
    out.push_str(&status(position));
    out
}

fn status(position: &Position) -> String {
    format!(
        "{} to move. White {}, Black {}. Turns without a removal: {}.\n",
        position.side_to_move(),
        plural(position.pieces(Side::White).count(), "piece"),
        plural(position.pieces(Side::Black).count(), "piece"),
        position.quiet_turns()
    )
}
