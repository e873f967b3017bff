//! Position text (N3), read in two stages: syntax here, rules in
//! [`Position::from_setup`](crate::Position::from_setup).

use std::fmt;

use board_topology::{Bitboard, Board};

use crate::error::PositionTextError;
use crate::setup::Setup;
use crate::side::Side;
use crate::variant::Variant;

impl Setup {
    /// Reads position text (N3) in the point names of `variant` (R1.6).
    ///
    /// Fields after the side to move may come in any order, and points in
    /// any order within a field. The text is checked for syntax only:
    /// unknown points, points given twice, unknown or repeated fields, a
    /// malformed counter. Whether the position is legal is checked by
    /// [`Position::from_setup`](crate::Position::from_setup).
    pub fn parse(variant: Variant, text: &str) -> Result<Setup, PositionTextError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(PositionTextError::Empty);
        }
        let mut fields = text.split(':').map(str::trim);
        let side_to_move = match fields.next() {
            Some("W") => Side::White,
            Some("B") => Side::Black,
            found => {
                return Err(PositionTextError::SideToMove {
                    found: found.unwrap_or("").to_owned(),
                });
            }
        };
        let board = variant.board();
        let mut setup = Setup {
            variant,
            side_to_move,
            white: Bitboard::EMPTY,
            black: Bitboard::EMPTY,
            claimable: Bitboard::EMPTY,
            quiet_turns: 0,
        };
        let mut seen = String::new();
        for field in fields {
            let mut chars = field.chars();
            let letter = chars.next().unwrap_or(' ');
            let rest = chars.as_str();
            if seen.contains(letter) {
                return Err(PositionTextError::FieldTwice { letter });
            }
            match letter {
                'W' => setup.white = points(board, variant, letter, rest, setup.black)?,
                'B' => setup.black = points(board, variant, letter, rest, setup.white)?,
                'F' => setup.claimable = points(board, variant, letter, rest, Bitboard::EMPTY)?,
                'C' => {
                    let counter = || PositionTextError::Counter {
                        found: rest.to_owned(),
                    };
                    if !rest.bytes().all(|b| b.is_ascii_digit()) {
                        return Err(counter());
                    }
                    setup.quiet_turns = rest.parse().map_err(|_| counter())?;
                }
                'R' => {
                    return Err(PositionTextError::FieldNotInGame {
                        letter,
                        what: "no-return restrictions",
                        variant,
                    });
                }
                _ => {
                    return Err(PositionTextError::UnknownField {
                        field: field.to_owned(),
                    });
                }
            }
            seen.push(letter);
        }
        for (letter, what) in [('W', "White's pieces"), ('B', "Black's pieces")] {
            if !seen.contains(letter) {
                return Err(PositionTextError::MissingField { letter, what });
            }
        }
        Ok(setup)
    }
}

/// Reads a comma-separated list of points; `taken` holds points already
/// given in another field, which may not be given again.
fn points(
    board: Board,
    variant: Variant,
    letter: char,
    list: &str,
    taken: Bitboard,
) -> Result<Bitboard, PositionTextError> {
    let mut set = Bitboard::EMPTY;
    if list.trim().is_empty() {
        return Ok(set);
    }
    for item in list.split(',').map(str::trim) {
        if item.is_empty() {
            return Err(PositionTextError::EmptyItem { letter });
        }
        if item.starts_with('K') {
            return Err(PositionTextError::NoKings {
                item: item.to_owned(),
                variant,
            });
        }
        let point = board
            .parse_point(item)
            .map_err(|source| PositionTextError::Point { letter, source })?;
        if set.contains(point) || taken.contains(point) {
            return Err(PositionTextError::PointTwice {
                point: item.to_owned(),
            });
        }
        set.insert(point);
    }
    Ok(set)
}

/// Writes a comma-separated list of points in order of rank, then file.
fn write_points(f: &mut fmt::Formatter<'_>, board: Board, set: Bitboard) -> fmt::Result {
    for (i, point) in set.iter().enumerate() {
        if i > 0 {
            f.write_str(",")?;
        }
        write!(f, "{}", board.point_name(point))?;
    }
    Ok(())
}

/// Prints the exact form of N3: side, `W` and `B` fields always, `F` and
/// `C` only when not empty or zero.
impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let board = self.variant.board();
        write!(f, "{}:W", self.side_to_move.letter())?;
        write_points(f, board, self.white)?;
        f.write_str(":B")?;
        write_points(f, board, self.black)?;
        if self.claimable.any() {
            f.write_str(":F")?;
            write_points(f, board, self.claimable)?;
        }
        if self.quiet_turns != 0 {
            write!(f, ":C{}", self.quiet_turns)?;
        }
        Ok(())
    }
}
