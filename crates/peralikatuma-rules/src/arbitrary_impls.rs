//! `arbitrary::Arbitrary` for fuzzing (feature
//! `arbitrary`): sides, rulesets, setups with any field values, and valid
//! positions made from setups. A [`Turn`](crate::Turn) has no
//! constructor of its own; a fuzz target builds turns from any points with
//! [`Position::check_pick`], which refuses what is not legal.

use arbitrary::{Arbitrary, Error, Result, Unstructured};
use board_topology::Direction;

use crate::position::Position;
use crate::ruleset::{End, Ruleset};
use crate::setup::Setup;
use crate::side::Side;
/// Either side.
impl<'a> Arbitrary<'a> for Side {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Side> {
        u.choose(&Side::ALL).copied()
    }

    fn size_hint(depth: usize) -> (usize, Option<usize>) {
        u32::size_hint(depth)
    }
}

/// Any of the model's 21 rulesets.
impl<'a> Arbitrary<'a> for &'static Ruleset {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<&'static Ruleset> {
        let count = Ruleset::all().count();
        let at = u.choose_index(count)?;
        Ruleset::all().nth(at).ok_or(Error::IncorrectFormat)
    }

    fn size_hint(depth: usize) -> (usize, Option<usize>) {
        u32::size_hint(depth)
    }
}

/// Any value in every field: a setup is unchecked data, and most arbitrary
/// setups are not positions ([`Position::from_setup`] says why).
impl<'a> Arbitrary<'a> for Setup {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Setup> {
        Ok(Setup {
            ruleset: u.arbitrary()?,
            side_to_move: u.arbitrary()?,
            men: u.arbitrary()?,
            kings: u.arbitrary()?,
            huffable: u.arbitrary()?,
            barred: u.arbitrary()?,
            passes: u.arbitrary()?,
            quiet_turns: u.arbitrary()?,
        })
    }

    fn size_hint(depth: usize) -> (usize, Option<usize>) {
        arbitrary::size_hint::and_all(&[
            <&Ruleset>::size_hint(depth),
            Side::size_hint(depth),
            <[u128; 7]>::size_hint(depth),
            u8::size_hint(depth),
            u32::size_hint(depth),
        ])
    }
}

/// A valid position: an arbitrary [`Setup`] cut down to what
/// [`Position::from_setup`] accepts: pieces on the board, no more than the
/// side starts with, no point held twice, kings only where the ruleset has
/// them (crowning every man where it would be crowned), pieces to huff
/// only of the side that moved last where the ruleset has the huff,
/// no-return restrictions only on men that have the step they bar, and no
/// more passes in a row than a game can have. Most such positions cannot
/// be reached by play, but every function on positions must handle them.
impl<'a> Arbitrary<'a> for Position {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Position> {
        let setup = valid_setup(Setup::arbitrary(u)?);
        Position::from_setup(&setup).map_err(|_| Error::IncorrectFormat)
    }

    fn size_hint(depth: usize) -> (usize, Option<usize>) {
        Setup::size_hint(depth)
    }
}

/// `setup` cut down to what [`Position::from_setup`] accepts.
fn valid_setup(setup: Setup) -> Setup {
    let rules = setup.ruleset;
    let board = rules.board;
    let points = board.points();
    let white = first(
        setup.pieces(Side::White) & points,
        rules.start[0].count_ones(),
    );
    let black = first(
        setup.pieces(Side::Black) & points & !white,
        rules.start[1].count_ones(),
    );
    let kings = match rules.promotion != [0, 0] {
        true => {
            let crowned = (white & rules.promotion[0]) | (black & rules.promotion[1]);
            ((setup.kings[0] | setup.kings[1]) & (white | black)) | crowned
        }
        false => 0,
    };
    let waiting = match setup.side_to_move {
        Side::White => black,
        Side::Black => white,
    };
    let huffable = match rules.huff {
        true => setup.huffable & waiting,
        false => 0,
    };
    let men = (white | black) & !kings;
    let with_step = |direction| {
        (0..board.len() as u8)
            .filter(|&p| men & 1 << p != 0 && board.neighbour(p, direction).is_some())
            .fold(0u128, |set, p| set | 1 << p)
    };
    let barred = match rules.no_return {
        true => {
            let east = setup.barred[0] & with_step(Direction::East);
            [east, setup.barred[1] & with_step(Direction::West) & !east]
        }
        false => [0, 0],
    };
    let most_passes = match rules.end {
        End::CaptureAll => 2,
        End::PassThenLoses => 1,
        End::NoMovesLoses => u8::from(rules.huff && rules.huff_alone),
    };
    Setup {
        men: [white & !kings, black & !kings],
        kings: [white & kings, black & kings],
        huffable,
        barred,
        passes: setup.passes % (most_passes + 1),
        ..setup
    }
}

/// The `count` lowest points of `set`.
fn first(mut set: u128, count: u32) -> u128 {
    while set.count_ones() > count {
        set &= !(1 << (127 - set.leading_zeros()));
    }
    set
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Arbitrary positions come from any bytes, in every ruleset, and read
    /// back from their text.
    #[test]
    fn any_bytes_make_a_position() {
        let bytes: Vec<u8> = (0..1 << 16)
            .map(|i: u32| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
            .collect();
        let mut u = Unstructured::new(&bytes);
        let mut rulesets = std::collections::HashSet::new();
        while u.len() > 128 {
            let position = Position::arbitrary(&mut u).expect("a valid setup");
            rulesets.insert(position.ruleset().id);
            let text = position.to_string();
            assert_eq!(Position::parse(position.ruleset(), &text), Ok(position));
        }
        assert_eq!(rulesets.len(), Ruleset::all().count());
    }
}
