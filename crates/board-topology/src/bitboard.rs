//! Sets of points in one `u64`.

use std::fmt;
use std::ops::{
    BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub, SubAssign,
};

use crate::point::{POINT_COUNT, Point};

/// A set of points: bit `i` stands for the point with index `i`.
///
/// Only the low 49 bits are ever set: [`Bitboard::from_bits`] drops the
/// others, and `!` complements within the 49 points. So every query
/// (`count`, `first`, iteration, ...) sees only points.
///
/// ```
/// use board_topology::{Bitboard, Point};
///
/// let a = Point::at(4, 4).unwrap();
/// let b = Point::at(4, 5).unwrap();
/// let set = Bitboard::from(a) | Bitboard::from(b);
/// assert_eq!(set.count(), 2);
/// assert!(set.contains(b));
/// assert_eq!(set.iter().collect::<Vec<_>>(), vec![a, b]);
/// assert_eq!((!set).count(), 47);
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(pub(crate) u64);

impl Bitboard {
    /// The empty set.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// All 49 points.
    pub const ALL: Bitboard = Bitboard((1 << POINT_COUNT) - 1);

    /// The set of the points whose bits are set in `bits`; bits 49 to 63
    /// stand for no point and are dropped.
    ///
    /// ```
    /// use board_topology::Bitboard;
    /// let set = Bitboard::from_bits(0b101 | 1 << 63);
    /// assert_eq!(set.count(), 2);
    /// assert_eq!(set.bits(), 0b101);
    /// ```
    pub const fn from_bits(bits: u64) -> Bitboard {
        Bitboard(bits & Bitboard::ALL.0)
    }

    /// The set as bits: bit `i` for the point with index `i`.
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// The set holding just `point`.
    pub const fn from_point(point: Point) -> Bitboard {
        Bitboard(1 << point.index())
    }

    /// Whether `point` is in the set.
    pub const fn contains(self, point: Point) -> bool {
        self.0 & (1 << point.index()) != 0
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the set has at least one point.
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    /// Number of points in the set.
    pub const fn count(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The set with `point` added.
    #[must_use]
    pub const fn with(self, point: Point) -> Bitboard {
        Bitboard(self.0 | (1 << point.index()))
    }

    /// The set with `point` removed.
    #[must_use]
    pub const fn without(self, point: Point) -> Bitboard {
        Bitboard(self.0 & !(1 << point.index()))
    }

    /// Adds `point` to the set.
    pub fn insert(&mut self, point: Point) {
        *self = self.with(point);
    }

    /// Removes `point` from the set.
    pub fn remove(&mut self, point: Point) {
        *self = self.without(point);
    }

    /// Whether the two sets share a point.
    pub const fn intersects(self, other: Bitboard) -> bool {
        self.0 & other.0 != 0
    }

    /// Whether every point of `self` is in `other`.
    pub const fn is_subset(self, other: Bitboard) -> bool {
        self.0 & !other.0 == 0
    }

    /// The point with the lowest index, if any.
    pub const fn first(self) -> Option<Point> {
        if self.0 == 0 {
            None
        } else {
            Point::new(self.0.trailing_zeros() as usize)
        }
    }

    /// The point with the highest index, if any.
    pub const fn last(self) -> Option<Point> {
        if self.0 == 0 {
            None
        } else {
            Point::new(63 - self.0.leading_zeros() as usize)
        }
    }

    /// The single point of the set, if it has exactly one.
    pub const fn single(self) -> Option<Point> {
        if self.0 != 0 && self.0 & (self.0 - 1) == 0 {
            self.first()
        } else {
            None
        }
    }

    /// The points in index order.
    pub const fn iter(self) -> Iter {
        // The mask changes nothing (only points' bits are ever set), but
        // tells the compiler that every index is below 49, so that tables
        // indexed by point need no bounds checks: 2% fewer instructions in
        // random games.
        Iter(self.0 & Bitboard::ALL.0)
    }
}

/// Iterator over the points of a [`Bitboard`], in index order.
#[derive(Clone, Debug)]
pub struct Iter(u64);

impl Iterator for Iter {
    type Item = Point;

    #[inline]
    fn next(&mut self) -> Option<Point> {
        if self.0 == 0 {
            return None;
        }
        // Only bits of the 49 points are ever set (see `Bitboard`).
        let index = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(Point(index))
    }

    /// Skips `n` points by clearing the lowest bits, without visiting them.
    #[inline]
    fn nth(&mut self, n: usize) -> Option<Point> {
        for _ in 0..n {
            if self.0 == 0 {
                return None;
            }
            self.0 &= self.0 - 1;
        }
        self.next()
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Iter {}

impl IntoIterator for Bitboard {
    type Item = Point;
    type IntoIter = Iter;

    fn into_iter(self) -> Iter {
        self.iter()
    }
}

impl FromIterator<Point> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Point>>(iter: I) -> Bitboard {
        iter.into_iter().fold(Bitboard::EMPTY, Bitboard::with)
    }
}

impl From<Point> for Bitboard {
    fn from(point: Point) -> Bitboard {
        Bitboard::from_point(point)
    }
}

/// Shows the indices of the points in the set (a point's name depends on
/// the game's board, R1.6).
///
/// ```
/// use board_topology::Bitboard;
/// assert_eq!(format!("{:?}", Bitboard::from_bits(0b1001)), "{0, 3}");
/// ```
impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set()
            .entries(self.iter().map(Point::index))
            .finish()
    }
}

macro_rules! binary_op {
    ($op:ident, $method:ident, $assign:ident, $assign_method:ident, $expr:expr) => {
        impl $op for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $method(self, rhs: Bitboard) -> Bitboard {
                let f: fn(u64, u64) -> u64 = $expr;
                Bitboard(f(self.0, rhs.0))
            }
        }
        impl $assign for Bitboard {
            #[inline]
            fn $assign_method(&mut self, rhs: Bitboard) {
                *self = $op::$method(*self, rhs);
            }
        }
    };
}

binary_op!(BitAnd, bitand, BitAndAssign, bitand_assign, |a, b| a & b);
binary_op!(BitOr, bitor, BitOrAssign, bitor_assign, |a, b| a | b);
binary_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, |a, b| a ^ b);
binary_op!(Sub, sub, SubAssign, sub_assign, |a, b| a & !b);

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0 & Bitboard::ALL.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(i: usize) -> Point {
        Point::new(i).expect("test index is a point")
    }

    #[test]
    fn set_operations() {
        let a = Bitboard::from(p(3)) | Bitboard::from(p(40));
        let b = Bitboard::from(p(40)) | Bitboard::from(p(48));
        assert_eq!((a & b).single(), Some(p(40)));
        assert_eq!((a - b).single(), Some(p(3)));
        assert_eq!((a ^ b).count(), 2);
        assert_eq!(a.first(), Some(p(3)));
        assert_eq!(b.last(), Some(p(48)));
        assert_eq!(a.single(), None);
        assert!((!Bitboard::ALL).is_empty());
        assert!(a.is_subset(a | b) && !a.is_subset(b));
        assert_eq!(
            a.with(p(5)).without(p(3)).iter().collect::<Vec<_>>(),
            vec![p(5), p(40)]
        );
    }

    #[test]
    fn iteration_is_exact_size_and_ordered() {
        let set: Bitboard = [p(48), p(0), p(17)].into_iter().collect();
        let it = set.iter();
        assert_eq!(it.len(), 3);
        assert_eq!(it.collect::<Vec<_>>(), vec![p(0), p(17), p(48)]);
        assert_eq!(format!("{set:?}"), "{0, 17, 48}");
    }

    #[test]
    fn nth_skips_like_next() {
        let set: Bitboard = [p(48), p(0), p(17), p(3)].into_iter().collect();
        let points: Vec<Point> = set.iter().collect();
        for n in 0..6 {
            let mut it = set.iter();
            assert_eq!(it.nth(n), points.get(n).copied(), "n = {n}");
            let rest = points.get(n + 1..).unwrap_or(&[]);
            assert_eq!(it.collect::<Vec<_>>(), rest, "n = {n}");
        }
    }
}
