//! The two sides.

use std::fmt;
use std::ops::Not;

use board_topology::Facing;

/// One of the two players. White sits at the bottom (south) and faces
/// north; Black faces south (R1.1).
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Side {
    /// The side at the bottom, facing north.
    White,
    /// The side at the top, facing south.
    Black,
}

impl Side {
    /// Both sides, White first.
    pub const ALL: [Side; 2] = [Side::White, Side::Black];

    /// `0` for White, `1` for Black.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The other side.
    #[inline]
    pub const fn opposite(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }

    /// The way the side faces across the board (R1.7).
    pub const fn facing(self) -> Facing {
        match self {
            Side::White => Facing::North,
            Side::Black => Facing::South,
        }
    }

    /// The letter of the position text (N3): `W` or `B`.
    pub const fn letter(self) -> char {
        match self {
            Side::White => 'W',
            Side::Black => 'B',
        }
    }
}

impl Not for Side {
    type Output = Side;
    fn not(self) -> Side {
        self.opposite()
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::White => "White",
            Side::Black => "Black",
        })
    }
}
