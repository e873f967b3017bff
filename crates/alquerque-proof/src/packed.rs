//! A position of a proof packed small: the proof of Alquerque holds
//! millions of positions, and a position of the rules crate, with a
//! point set of 128 bits for each of its sets and its ruleset, is 144
//! bytes. Packed, each set takes 32 bits (the board has 25 points), and a
//! position 32 bytes.

use peralikatuma_rules::Side;
use peralikatuma_rules::{Position, Ruleset, Setup};

/// The most points a board of a proof may have: a set of its points is
/// packed in 32 bits.
pub(crate) const MAX_POINTS: usize = 32;

/// A position packed: its sets of points (White's men, Black's men,
/// White's kings, Black's kings, the pieces to huff, the men barred from
/// stepping back east, and west), its counter of quiet turns, its passes
/// in a row and its side to move. Its ruleset is the proof's.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) struct Packed {
    sets: [u32; 7],
    quiet: u8,
    passes: u8,
    black_to_move: bool,
}

/// One word for the hasher, folded from the fields (a multiply and a
/// rotation a set): millions of positions are hashed as a proof is read,
/// and seven sets hashed one by one took twice as long.
impl std::hash::Hash for Packed {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        let start = u64::from(self.quiet)
            | u64::from(self.passes) << 8
            | u64::from(self.black_to_move) << 16;
        let word = self.sets.iter().fold(start, |word, &set| {
            (word ^ u64::from(set))
                .wrapping_mul(0x9e37_79b9_7f4a_7c15)
                .rotate_left(29)
        });
        state.write_u64(word);
    }
}

/// Why a position cannot be packed.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum Unpackable {
    /// Its board has more than [`MAX_POINTS`] points.
    Board,
    /// Its counter of quiet turns is past 255.
    Counter,
}

impl Packed {
    /// `position` packed.
    pub fn of(position: &Position) -> Result<Packed, Unpackable> {
        let quiet = u8::try_from(position.quiet_turns()).map_err(|_| Unpackable::Counter)?;
        Packed::with_counter(position, quiet)
    }

    /// `position` packed with its counter of quiet turns (E4) at 0: the
    /// key of a position in a game where positions may repeat, whose
    /// strategies hold one turn a position whatever its counter.
    pub fn without_counter(position: &Position) -> Result<Packed, Unpackable> {
        Packed::with_counter(position, 0)
    }

    /// `position` packed with `quiet` for its counter.
    fn with_counter(position: &Position, quiet: u8) -> Result<Packed, Unpackable> {
        if position.board().len() > MAX_POINTS {
            return Err(Unpackable::Board);
        }
        let setup = position.setup();
        // Every set is of the board's points, all below 32.
        let sets = [
            setup.men[0],
            setup.men[1],
            setup.kings[0],
            setup.kings[1],
            setup.huffable,
            setup.barred[0],
            setup.barred[1],
        ]
        .map(|set| set as u32);
        Ok(Packed {
            sets,
            quiet,
            passes: setup.passes,
            black_to_move: setup.side_to_move == Side::Black,
        })
    }

    /// The position of `ruleset` packed here: `None` if it is none of the
    /// ruleset's (it was packed from a position of another).
    pub fn unpack(&self, ruleset: &'static Ruleset) -> Option<Position> {
        self.unpack_at(ruleset, u32::from(self.quiet))
    }

    /// The position packed here, with `quiet` turns run instead of the
    /// count it was packed with.
    pub(crate) fn unpack_at(&self, ruleset: &'static Ruleset, quiet: u32) -> Option<Position> {
        let [white, black, white_kings, black_kings, huffable, east, west] =
            self.sets.map(u128::from);
        let setup = Setup {
            side_to_move: match self.black_to_move {
                true => Side::Black,
                false => Side::White,
            },
            men: [white, black],
            kings: [white_kings, black_kings],
            huffable,
            barred: [east, west],
            passes: self.passes,
            quiet_turns: quiet,
            ..Setup::empty(ruleset)
        };
        Position::from_setup(&setup).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use peralikatuma_rules::Ruleset;

    #[test]
    fn a_packed_position_unpacks_to_itself() -> Result<(), Box<dyn std::error::Error>> {
        let alquerque = Ruleset::ALQUERQUE;
        // A5's marks and E4's counter are packed too.
        let position = Position::parse(alquerque, "W:Wa1,a2,a3,a5,b5,c5:Be1,b4:Rb4-a4:C17")?;
        let packed = Packed::of(&position).map_err(|e| format!("{e:?}"))?;
        assert_eq!(packed.unpack(alquerque), Some(position));
        assert_eq!(size_of::<Packed>(), 32);
        Ok(())
    }

    #[test]
    fn what_does_not_fit_is_refused() -> Result<(), Box<dyn std::error::Error>> {
        let peralikatuma = Position::start(Ruleset::PERALIKATUMA);
        assert_eq!(Packed::of(&peralikatuma), Err(Unpackable::Board));
        let late = Position::parse(Ruleset::ALQUERQUE, "W:Wa1:Bc3:C300")?;
        assert_eq!(Packed::of(&late), Err(Unpackable::Counter));
        Ok(())
    }
}
