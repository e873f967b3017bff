//! The eight directions of the grid, and how they look to each side (R1.7).

/// A direction on a board's grid (the 9x9 grid of R1.1 for the whole
/// board). Every line of a board runs along one of these (the arms' bases
/// and the outer columns skip grid cells, but still run east-west or
/// north-south).
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Direction {
    /// Towards higher ranks.
    North,
    /// Towards higher ranks and files.
    NorthEast,
    /// Towards higher files.
    East,
    /// Towards lower ranks, higher files.
    SouthEast,
    /// Towards lower ranks.
    South,
    /// Towards lower ranks and files.
    SouthWest,
    /// Towards lower files.
    West,
    /// Towards higher ranks, lower files.
    NorthWest,
}

impl Direction {
    /// All eight directions, clockwise from north.
    pub const ALL: [Direction; 8] = [
        Direction::North,
        Direction::NorthEast,
        Direction::East,
        Direction::SouthEast,
        Direction::South,
        Direction::SouthWest,
        Direction::West,
        Direction::NorthWest,
    ];

    /// The direction's index in [`Direction::ALL`].
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The reverse direction.
    ///
    /// ```
    /// use board_topology::Direction;
    /// assert_eq!(Direction::NorthEast.opposite(), Direction::SouthWest);
    /// ```
    pub const fn opposite(self) -> Direction {
        Direction::ALL[(self as usize + 4) % 8]
    }

    /// Change of `(file, rank)` per grid cell: each component is -1, 0 or 1.
    pub const fn delta(self) -> (i8, i8) {
        match self {
            Direction::North => (0, 1),
            Direction::NorthEast => (1, 1),
            Direction::East => (1, 0),
            Direction::SouthEast => (1, -1),
            Direction::South => (0, -1),
            Direction::SouthWest => (-1, -1),
            Direction::West => (-1, 0),
            Direction::NorthWest => (-1, 1),
        }
    }

    /// The direction that points from `(df, dr)`'s sign pattern, if not zero.
    pub(crate) const fn from_delta(df: i32, dr: i32) -> Option<Direction> {
        let mut i = 0;
        while i < 8 {
            let (f, r) = Direction::ALL[i].delta();
            if f as i32 == df.signum() && r as i32 == dr.signum() && (df != 0 || dr != 0) {
                return Some(Direction::ALL[i]);
            }
            i += 1;
        }
        None
    }

    /// Whether the direction is diagonal on the grid.
    pub const fn is_diagonal(self) -> bool {
        let (f, r) = self.delta();
        f != 0 && r != 0
    }

    /// How a side that faces `facing` sees this direction (R1.7).
    ///
    /// ```
    /// use board_topology::{Direction, Facing, Heading};
    /// assert_eq!(Direction::NorthWest.heading(Facing::North), Heading::Forward);
    /// assert_eq!(Direction::NorthWest.heading(Facing::South), Heading::Backward);
    /// assert_eq!(Direction::East.heading(Facing::South), Heading::Sideways);
    /// ```
    pub const fn heading(self, facing: Facing) -> Heading {
        let rank = self.delta().1 * facing.sign();
        if rank > 0 {
            Heading::Forward
        } else if rank < 0 {
            Heading::Backward
        } else {
            Heading::Sideways
        }
    }
}

/// The way a side looks across the board: White faces north, Black south
/// (R1.1).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Facing {
    /// Towards higher ranks (White).
    North,
    /// Towards lower ranks (Black).
    South,
}

impl Facing {
    /// Both facings, north first.
    pub const ALL: [Facing; 2] = [Facing::North, Facing::South];

    /// `+1` for north, `-1` for south.
    pub const fn sign(self) -> i8 {
        match self {
            Facing::North => 1,
            Facing::South => -1,
        }
    }

    /// The other facing.
    pub const fn opposite(self) -> Facing {
        match self {
            Facing::North => Facing::South,
            Facing::South => Facing::North,
        }
    }

    /// `0` for north, `1` for south.
    pub const fn index(self) -> usize {
        self as usize
    }
}

/// A direction as seen by one side (R1.7). A diagonal that gains rank is
/// forward ("diagonally forward").
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Heading {
    /// Gains rank for the side (straight or diagonally forward).
    Forward,
    /// Keeps the rank.
    Sideways,
    /// Loses rank for the side.
    Backward,
}

impl Heading {
    /// All three headings.
    pub const ALL: [Heading; 3] = [Heading::Forward, Heading::Sideways, Heading::Backward];

    /// The heading's index in [`Heading::ALL`].
    pub const fn index(self) -> usize {
        self as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opposites_and_deltas() {
        for d in Direction::ALL {
            assert_eq!(d.opposite().opposite(), d);
            let (f, r) = d.delta();
            assert_eq!(d.opposite().delta(), (-f, -r));
            assert_eq!(Direction::from_delta(3 * f as i32, 2 * r as i32), Some(d));
        }
        assert_eq!(Direction::from_delta(0, 0), None);
    }

    #[test]
    fn headings_mirror_between_sides() {
        for d in Direction::ALL {
            let north = d.heading(Facing::North);
            let south = d.opposite().heading(Facing::South);
            assert_eq!(north, south, "{d:?}");
        }
        let forward = Direction::ALL
            .iter()
            .filter(|d| d.heading(Facing::North) == Heading::Forward)
            .count();
        assert_eq!(forward, 3);
    }
}
