//! `arbitrary::Arbitrary` for fuzzing (feature `arbitrary`): games, sides,
//! setups with any field values, turns of any shape the public API can
//! build, and valid positions made from setups.

use arbitrary::{Arbitrary, Error, Result, Unstructured};
use board_topology::{Bitboard, Direction, Point};

use crate::position::Position;
use crate::setup::{NoReturn, Setup};
use crate::side::Side;
use crate::turn::{MAX_LANDINGS, Turn};
use crate::variant::Variant;

/// Any of the games.
impl<'a> Arbitrary<'a> for Variant {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Variant> {
        u.choose(&Variant::ALL).copied()
    }

    fn size_hint(depth: usize) -> (usize, Option<usize>) {
        u32::size_hint(depth)
    }
}

/// Either side.
impl<'a> Arbitrary<'a> for Side {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Side> {
        u.choose(&Side::ALL).copied()
    }

    fn size_hint(depth: usize) -> (usize, Option<usize>) {
        u32::size_hint(depth)
    }
}

/// Any restrictions, on any points.
impl<'a> Arbitrary<'a> for NoReturn {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<NoReturn> {
        Ok(NoReturn {
            east: u.arbitrary()?,
            west: u.arbitrary()?,
        })
    }

    fn size_hint(depth: usize) -> (usize, Option<usize>) {
        <(Bitboard, Bitboard)>::size_hint(depth)
    }
}

/// Any value in every field: a setup is unchecked data, and most arbitrary
/// setups are not legal positions ([`Position::from_setup`] says why).
impl<'a> Arbitrary<'a> for Setup {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Setup> {
        Ok(Setup {
            variant: u.arbitrary()?,
            side_to_move: u.arbitrary()?,
            white: u.arbitrary()?,
            black: u.arbitrary()?,
            kings: u.arbitrary()?,
            claimable: u.arbitrary()?,
            no_return: u.arbitrary()?,
            quiet_turns: u.arbitrary()?,
        })
    }

    fn size_hint(depth: usize) -> (usize, Option<usize>) {
        arbitrary::size_hint::and_all(&[
            Variant::size_hint(depth),
            Side::size_hint(depth),
            <[Bitboard; 4]>::size_hint(depth),
            NoReturn::size_hint(depth),
            u32::size_hint(depth),
        ])
    }
}

/// Any turn that [`Turn::step`], [`Turn::chain`] and [`Turn::with_claim`]
/// can build: any game, any claim or none, and any points (on the game's
/// board or not); a step has one landing, a chain 1 to [`MAX_LANDINGS`].
/// Almost none is legal anywhere, which is what a fuzz target that checks
/// refusals wants.
impl<'a> Arbitrary<'a> for Turn {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Turn> {
        let variant = u.arbitrary()?;
        let claim: Option<Point> = u.arbitrary()?;
        let from = u.arbitrary()?;
        let turn = if u.arbitrary()? {
            let count = u.int_in_range(1..=MAX_LANDINGS)?;
            let mut landings = [from; MAX_LANDINGS];
            for landing in &mut landings[..count] {
                *landing = u.arbitrary()?;
            }
            Turn::chain(variant, from, &landings[..count]).map_err(|_| Error::IncorrectFormat)?
        } else {
            Turn::step(variant, from, u.arbitrary()?)
        };
        Ok(match claim {
            Some(point) => turn.with_claim(point),
            None => turn,
        })
    }
}

/// A legal position: an arbitrary [`Setup`] made to pass
/// [`Position::from_setup`] by keeping what its game allows: pieces on the
/// game's board, no more than the game starts with, no point held twice,
/// kings (crowning every man on the opponent's base, M6), claimable pieces
/// and no-return restrictions only where the game has them and only on
/// pieces that may have them. Most such positions cannot be reached by
/// play, but each is a position the crate accepts, and every function on
/// positions must handle it.
impl<'a> Arbitrary<'a> for Position {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Position> {
        let setup = legal_setup(Setup::arbitrary(u)?);
        Position::from_setup(setup).map_err(|_| Error::IncorrectFormat)
    }

    fn size_hint(depth: usize) -> (usize, Option<usize>) {
        Setup::size_hint(depth)
    }
}

/// `setup` cut down to what [`Position::from_setup`] accepts.
fn legal_setup(setup: Setup) -> Setup {
    let variant = setup.variant;
    let board = variant.board();
    let max = variant.pieces_per_side();
    let white = first(setup.white & board.points(), max);
    let black = first((setup.black & board.points()) - white, max);
    let pieces = white | black;
    let kings = if variant.has_kings() {
        let men_on_far_base =
            (white & board.base(Side::Black.facing())) | (black & board.base(Side::White.facing()));
        (setup.kings & pieces) | men_on_far_base
    } else {
        Bitboard::EMPTY
    };
    let waiting = match setup.side_to_move {
        Side::White => black,
        Side::Black => white,
    };
    let claimable = if variant.has_forfeits() {
        setup.claimable & waiting
    } else {
        Bitboard::EMPTY
    };
    let no_return = if variant.has_no_return() {
        let with_neighbour = |direction| {
            pieces
                .iter()
                .filter(|&p| board.neighbour(p, direction).is_some())
                .collect::<Bitboard>()
        };
        let east = setup.no_return.east & with_neighbour(Direction::East);
        NoReturn {
            east,
            west: (setup.no_return.west & with_neighbour(Direction::West)) - east,
        }
    } else {
        NoReturn::NONE
    };
    Setup {
        white,
        black,
        kings,
        claimable,
        no_return,
        ..setup
    }
}

/// The first `count` points of `set`.
fn first(set: Bitboard, count: usize) -> Bitboard {
    set.iter().take(count).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Arbitrary positions come from any bytes: every setup is made legal.
    #[test]
    fn any_bytes_make_a_position() {
        let bytes: Vec<u8> = (0..4096u32)
            .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
            .collect();
        let mut u = Unstructured::new(&bytes);
        let mut variants = std::collections::HashSet::new();
        while u.len() > 64 {
            let position = Position::arbitrary(&mut u).expect("a legal setup");
            variants.insert(position.variant());
            let text = position.to_string();
            assert_eq!(Position::parse(position.variant(), &text), Ok(position));
        }
        assert_eq!(variants.len(), Variant::ALL.len());
    }

    #[test]
    fn arbitrary_turns_have_one_to_max_landings_and_steps_one() {
        let bytes: Vec<u8> = (0..4096u32).map(|i| (i * 7 + i / 5) as u8).collect();
        let mut u = Unstructured::new(&bytes);
        while u.len() > 32 {
            let turn = Turn::arbitrary(&mut u).expect("bytes are left");
            assert!((1..=MAX_LANDINGS).contains(&turn.landings().len()));
            assert!(turn.is_capture() || turn.landings().len() == 1);
        }
    }
}
