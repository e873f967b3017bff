//! Unchecked positions.

use board_topology::{Bitboard, Board, Direction, Point};

use crate::side::Side;
use crate::variant::Variant;

/// A position as plain data, not yet checked: anything can be written into
/// it. [`Position::from_setup`](crate::Position::from_setup) checks it
/// against the rules.
///
/// Its text form is the position text of N3, read in two stages: the syntax
/// first ([`Setup::parse`]), then the rules (`Position::from_setup`).
///
/// ```
/// use peralikatuma_rules::{Setup, Side, Variant};
///
/// let setup = Setup::parse(Variant::Peralikatuma, "B:We5,d4:Bf6:Fd4:C3")?;
/// assert_eq!(setup.side_to_move, Side::Black);
/// assert_eq!(setup.white.count(), 2);
/// assert_eq!(setup.quiet_turns, 3);
/// assert_eq!(setup.to_string(), "B:Wd4,e5:Bf6:Fd4:C3");
/// # Ok::<(), peralikatuma_rules::PositionTextError>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Setup {
    /// The game.
    pub variant: Variant,
    /// The side to move.
    pub side_to_move: Side,
    /// White's pieces.
    pub white: Bitboard,
    /// Black's pieces.
    pub black: Bitboard,
    /// The pieces that are kings, of either side (Permainan, M4).
    pub kings: Bitboard,
    /// Pieces of the side not to move that may be claimed (Peralikatuma,
    /// P6).
    pub claimable: Bitboard,
    /// Pieces that may not step straight back (Alquerque, A5).
    pub no_return: NoReturn,
    /// Turns since a piece last left the board (E4).
    pub quiet_turns: u32,
}

/// The no-return restrictions of Alquerque (A5): a piece whose latest move
/// was a sideways step may not step straight back. Both sides' pieces are
/// in the same sets.
///
/// In position text (N3) a restriction is written `y-x`: the piece on `y`
/// may not step to `x`.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct NoReturn {
    /// Pieces that may not step east (their latest move was a step west).
    pub east: Bitboard,
    /// Pieces that may not step west (their latest move was a step east).
    pub west: Bitboard,
}

impl NoReturn {
    /// No restrictions.
    pub const NONE: NoReturn = NoReturn {
        east: Bitboard::EMPTY,
        west: Bitboard::EMPTY,
    };

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.east.is_empty() && self.west.is_empty()
    }

    /// Every restricted piece.
    pub fn pieces(&self) -> Bitboard {
        self.east | self.west
    }

    /// The point the piece on `piece` may not step back to, if it has a
    /// restriction: its neighbour to the east or west on `board` (A5).
    ///
    /// ```
    /// use peralikatuma_rules::{Position, Variant};
    /// let position = Position::parse(Variant::Alquerque, "W:Wb3:Bd5:Rb3-a3")?;
    /// let board = position.board();
    /// let barred = position.no_return().barred(board, board.parse_point("b3")?);
    /// assert_eq!(barred, Some(board.parse_point("a3")?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn barred(&self, board: Board, piece: Point) -> Option<Point> {
        if self.east.contains(piece) {
            board.neighbour(piece, Direction::East)
        } else if self.west.contains(piece) {
            board.neighbour(piece, Direction::West)
        } else {
            None
        }
    }

    /// The same restrictions without those of the pieces in `set`.
    #[must_use]
    pub fn without(self, set: Bitboard) -> NoReturn {
        NoReturn {
            east: self.east - set,
            west: self.west - set,
        }
    }
}

impl Setup {
    /// The start position of `variant` (P1).
    pub fn start(variant: Variant) -> Setup {
        match Setup::parse(variant, variant.start_text()) {
            Ok(setup) => setup,
            Err(error) => unreachable!("the start text of {variant} is malformed: {error}"),
        }
    }

    /// The pieces of `side`.
    pub fn pieces(&self, side: Side) -> Bitboard {
        match side {
            Side::White => self.white,
            Side::Black => self.black,
        }
    }
}
