//! Position text (N3), read in two stages: syntax here, rules in
//! [`Position::from_setup`](crate::Position::from_setup).

use std::fmt;

use board_topology::{Bitboard, Board, Direction};

use crate::error::PositionTextError;
use crate::setup::{NoReturn, Setup};
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
            kings: Bitboard::EMPTY,
            claimable: Bitboard::EMPTY,
            no_return: NoReturn::NONE,
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
                'W' => {
                    let (white, kings) = points(board, variant, letter, rest, setup.black)?;
                    setup.white = white;
                    setup.kings |= kings;
                }
                'B' => {
                    let (black, kings) = points(board, variant, letter, rest, setup.white)?;
                    setup.black = black;
                    setup.kings |= kings;
                }
                'F' if variant.has_forfeits() => {
                    setup.claimable = points(board, variant, letter, rest, Bitboard::EMPTY)?.0;
                }
                'F' => {
                    return Err(PositionTextError::FieldNotInGame {
                        letter,
                        what: "claimable pieces",
                        variant,
                    });
                }
                'R' if variant.has_no_return() => setup.no_return = restrictions(board, rest)?,
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

/// Reads a comma-separated list of points, some perhaps marked `K` as
/// kings; `taken` holds points already given in another field, which may
/// not be given again. Returns the points and the kings among them.
fn points(
    board: Board,
    variant: Variant,
    letter: char,
    list: &str,
    taken: Bitboard,
) -> Result<(Bitboard, Bitboard), PositionTextError> {
    let mut set = Bitboard::EMPTY;
    let mut kings = Bitboard::EMPTY;
    if list.trim().is_empty() {
        return Ok((set, kings));
    }
    for item in list.split(',').map(str::trim) {
        if item.is_empty() {
            return Err(PositionTextError::EmptyItem { letter });
        }
        let (king, name) = match item.strip_prefix('K') {
            Some(name) if variant.has_kings() && letter != 'F' => (true, name),
            Some(_) => {
                return Err(PositionTextError::NoKings {
                    item: item.to_owned(),
                    variant,
                });
            }
            None => (false, item),
        };
        let point = board
            .parse_point(name)
            .map_err(|error| PositionTextError::Point { letter, error })?;
        if set.contains(point) || taken.contains(point) {
            return Err(PositionTextError::PointTwice {
                point: name.to_owned(),
            });
        }
        set.insert(point);
        if king {
            kings.insert(point);
        }
    }
    Ok((set, kings))
}

/// Reads the no-return restrictions `y-x` of A5.
fn restrictions(board: Board, list: &str) -> Result<NoReturn, PositionTextError> {
    let mut no_return = NoReturn::NONE;
    if list.trim().is_empty() {
        return Ok(no_return);
    }
    for item in list.split(',').map(str::trim) {
        let bad = || PositionTextError::Restriction {
            item: item.to_owned(),
        };
        let (y, x) = item.split_once('-').ok_or_else(bad)?;
        let point = |name: &str| {
            board
                .parse_point(name.trim())
                .map_err(|error| PositionTextError::Point { letter: 'R', error })
        };
        let (y, x) = (point(y)?, point(x)?);
        if no_return.pieces().contains(y) {
            return Err(PositionTextError::PointTwice {
                point: board.point_name(y).to_string(),
            });
        }
        if board.neighbour(y, Direction::East) == Some(x) {
            no_return.east.insert(y);
        } else if board.neighbour(y, Direction::West) == Some(x) {
            no_return.west.insert(y);
        } else {
            return Err(bad());
        }
    }
    Ok(no_return)
}

/// Writes a comma-separated list of points in order of rank, then file,
/// kings marked `K`.
fn write_points(
    f: &mut fmt::Formatter<'_>,
    board: Board,
    set: Bitboard,
    kings: Bitboard,
) -> fmt::Result {
    for (i, point) in set.iter().enumerate() {
        if i > 0 {
            f.write_str(",")?;
        }
        if kings.contains(point) {
            f.write_str("K")?;
        }
        write!(f, "{}", board.point_name(point))?;
    }
    Ok(())
}

/// `Setup(alquerque W:...)`: the game and the position text. A point that
/// is not on the game's board, which a `Setup` may hold, shows as
/// `Point(index)`.
impl fmt::Debug for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Setup({} {self})", self.variant.name())
    }
}

/// Prints the exact form of N3: side, `W` and `B` fields always, `F`, `R`
/// and `C` only when not empty or zero. A point that is not on the game's
/// board has no name there and prints as `Point(index)`, which no text
/// reads back.
impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let board = self.variant.board();
        write!(f, "{}:W", self.side_to_move.letter())?;
        write_points(f, board, self.white, self.kings)?;
        f.write_str(":B")?;
        write_points(f, board, self.black, self.kings)?;
        if self.claimable.any() {
            f.write_str(":F")?;
            write_points(f, board, self.claimable, Bitboard::EMPTY)?;
        }
        if !self.no_return.is_empty() {
            f.write_str(":R")?;
            for (i, y) in self.no_return.pieces().iter().enumerate() {
                let direction = if self.no_return.east.contains(y) {
                    Direction::East
                } else {
                    Direction::West
                };
                if i > 0 {
                    f.write_str(",")?;
                }
                write!(f, "{}", board.point_name(y))?;
                if let Some(x) = board.neighbour(y, direction) {
                    write!(f, "-{}", board.point_name(x))?;
                }
            }
        }
        if self.quiet_turns != 0 {
            write!(f, ":C{}", self.quiet_turns)?;
        }
        Ok(())
    }
}
