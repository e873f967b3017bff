//! `arbitrary::Arbitrary` for fuzzing (feature `arbitrary`): any point, any
//! set of points, any board.

use arbitrary::{Arbitrary, Result, Unstructured};

use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::point::{POINT_COUNT, Point};

/// Any of the 49 points.
impl<'a> Arbitrary<'a> for Point {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Point> {
        Ok(Point(u.int_in_range(0..=POINT_COUNT as u8 - 1)?))
    }

    fn size_hint(depth: usize) -> (usize, Option<usize>) {
        u8::size_hint(depth)
    }
}

/// Any set of the 49 points.
impl<'a> Arbitrary<'a> for Bitboard {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Bitboard> {
        Ok(Bitboard::from_bits(u.arbitrary()?))
    }

    fn size_hint(depth: usize) -> (usize, Option<usize>) {
        u64::size_hint(depth)
    }
}

/// Any of the three boards.
impl<'a> Arbitrary<'a> for Board {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Board> {
        u.choose(&Board::ALL).copied()
    }

    fn size_hint(depth: usize) -> (usize, Option<usize>) {
        u32::size_hint(depth)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_and_sets_stay_on_the_49_point_board() {
        let bytes: Vec<u8> = (0..=255).collect();
        let mut u = Unstructured::new(&bytes);
        while !u.is_empty() {
            let point = Point::arbitrary(&mut u).expect("bytes are left");
            assert!(point.index() < POINT_COUNT);
            let set = Bitboard::arbitrary(&mut u).expect("bytes are left");
            assert!(set.is_subset(Bitboard::ALL));
        }
    }
}
