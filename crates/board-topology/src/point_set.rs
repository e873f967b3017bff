//! Sets of points of a [`Graph`](crate::graph::Graph) in the smallest
//! integer that holds the board: a move generator written once over
//! [`PointSet`] runs on `u64` for boards of up to 64 points, where each
//! operation is one instruction, and on `u128` for the larger ones.

use std::fmt::Debug;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

mod sealed {
    pub trait Sealed {}
    impl Sealed for u64 {}
    impl Sealed for u128 {}
}

/// A set of points of a [`Graph`](crate::graph::Graph), bit `i` for point
/// `i`: `u64` or `u128`, chosen by the board's size
/// ([`Graph::len`](crate::graph::Graph::len) against [`PointSet::CAPACITY`]).
///
/// The graph's tables are `u128`; [`PointSet::narrow`] reads one into the
/// smaller type (free: it keeps the low bits) and [`PointSet::widen`]
/// gives it back.
///
/// ```
/// use board_topology::PointSet;
///
/// fn names<S: PointSet>(set: S) -> Vec<u8> {
///     set.points().collect()
/// }
/// let set = <u64 as PointSet>::point(3) | <u64 as PointSet>::point(40);
/// assert!(set.has(40) && !set.has(4));
/// assert_eq!(names(set), [3, 40]);
/// assert_eq!(<u64 as PointSet>::narrow(set.widen()), set);
/// assert_eq!(names(<u128 as PointSet>::point(100)), [100]);
/// ```
pub trait PointSet:
    sealed::Sealed
    + Copy
    + Eq
    + Default
    + Debug
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
{
    /// The most points the set holds.
    const CAPACITY: usize;
    /// The empty set.
    const EMPTY: Self;

    /// The set holding only `point` (below [`PointSet::CAPACITY`]).
    fn point(point: u8) -> Self;

    /// The low [`PointSet::CAPACITY`] bits of `set`.
    fn narrow(set: u128) -> Self;

    /// The set as a `u128`.
    fn widen(self) -> u128;

    /// Whether `point` is in the set.
    #[inline]
    fn has(self, point: u8) -> bool {
        self & Self::point(point) != Self::EMPTY
    }

    /// Whether the set is empty.
    #[inline]
    fn is_empty(self) -> bool {
        self == Self::EMPTY
    }

    /// Takes the lowest point out of the set, if there is one.
    fn pop_first(&mut self) -> Option<u8>;

    /// How many points the set holds.
    fn count(self) -> u32;

    /// The points of the set, lowest first.
    #[inline]
    fn points(self) -> Points<Self> {
        Points(self)
    }
}

/// The points of a [`PointSet`], lowest first ([`PointSet::points`]).
#[derive(Copy, Clone, Debug)]
pub struct Points<S>(S);

impl<S: PointSet> Iterator for Points<S> {
    type Item = u8;

    #[inline]
    fn next(&mut self) -> Option<u8> {
        self.0.pop_first()
    }
}

/// The sets of one point of a `u128`, by point: a load is cheaper than a
/// shift of a `u128` by a variable amount (several instructions and a
/// branch on x86-64).
static SINGLE_POINTS: [u128; 128] = {
    let mut sets = [0; 128];
    let mut point = 0;
    while point < 128 {
        sets[point] = 1 << point;
        point += 1;
    }
    sets
};

macro_rules! point_set {
    ($int:ty, $point:ident => $single:expr, $pop_first:expr) => {
        impl PointSet for $int {
            const CAPACITY: usize = <$int>::BITS as usize;
            const EMPTY: $int = 0;

            #[inline]
            fn point($point: u8) -> $int {
                $single
            }

            #[inline]
            fn narrow(set: u128) -> $int {
                set as $int
            }

            #[inline]
            fn widen(self) -> u128 {
                self as u128
            }

            #[inline]
            fn pop_first(&mut self) -> Option<u8> {
                $pop_first(self)
            }

            #[inline]
            fn count(self) -> u32 {
                self.count_ones()
            }
        }
    };
}

point_set!(u64, point => 1 << point, |set: &mut u64| {
    if *set == 0 {
        return None;
    }
    let point = set.trailing_zeros() as u8;
    *set &= *set - 1;
    Some(point)
});
// A point past the capacity wraps, as a shift does in release; the first
// point is looked for in the low half, then the high one (fewer
// instructions than in the whole `u128`).
point_set!(
    u128,
    point => SINGLE_POINTS[usize::from(point & 127)],
    |set: &mut u128| {
        let mut low = *set as u64;
        if let Some(point) = low.pop_first() {
            *set = *set >> 64 << 64 | u128::from(low);
            return Some(point);
        }
        let mut high = (*set >> 64) as u64;
        let point = high.pop_first()?;
        *set = u128::from(high) << 64;
        Some(point + 64)
    }
);

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip<S: PointSet>(points: &[u8]) {
        let mut set = S::EMPTY;
        for &p in points {
            set |= S::point(p);
        }
        assert_eq!(set.points().collect::<Vec<_>>(), points);
        assert!(points.iter().all(|&p| set.has(p)));
        assert_eq!(S::narrow(set.widen()), set);
        assert_eq!(set.is_empty(), points.is_empty());
        assert_eq!(set.count() as usize, points.len());
    }

    #[test]
    fn both_widths_hold_their_points_in_order() {
        round_trip::<u64>(&[]);
        round_trip::<u64>(&[0, 1, 31, 63]);
        round_trip::<u128>(&[0, 63, 64, 80, 127]);
        assert_eq!(<u64 as PointSet>::narrow(1 << 70 | 1 << 2), 1 << 2);
    }
}
