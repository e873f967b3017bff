//! `arbitrary::Arbitrary` for fuzzing (feature `arbitrary`) of the
//! crate-level names: games and sides. The one model's types have theirs
//! in `family`.

use arbitrary::{Arbitrary, Result, Unstructured};

use crate::side::Side;
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
