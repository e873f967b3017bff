//! A list of turns, on the stack in the common case.

use std::fmt;
use std::ops::{Deref, DerefMut};

use smallvec::SmallVec;

use crate::Turn;

/// How many turns a [`TurnList`] holds before it moves to the heap: more
/// than most positions have.
const INLINE: usize = 96;

/// A list of turns, such as the legal turns of a position
/// ([`Position::legal_turns`](crate::Position::legal_turns)),
/// in the order they were generated. It derefs to a slice, so `len`,
/// `iter`, `contains`, indexing and the rest of the slice methods work on
/// it.
///
/// It is kept on the stack while it holds at most 96 turns; longer lists
/// (a valid position can have millions of legal turns) move to the heap. To
/// look at the turns without a list, use
/// [`Position::generate`](crate::Position::generate).
///
/// ```
/// use peralikatuma_rules::{Position, Turn};
/// use peralikatuma_rules::{Ruleset, TurnList};
///
/// let start = Position::start(Ruleset::ALQUERQUE);
/// let turns: TurnList<Turn> = start.legal_turns();
/// assert_eq!(turns.len(), 4);
/// assert!(turns.iter().all(|t| t.captured() == 0));
/// let from_d2 = turns.iter().filter(|t| t.text(start.board()).starts_with("d2"));
/// assert_eq!(from_d2.count(), 1);
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct TurnList<T = Turn>(SmallVec<[T; INLINE]>);

impl<T> Default for TurnList<T> {
    fn default() -> TurnList<T> {
        TurnList(SmallVec::new())
    }
}

impl<T> TurnList<T> {
    /// An empty list.
    pub fn new() -> TurnList<T> {
        TurnList(SmallVec::new())
    }

    /// Adds a turn at the end.
    #[inline]
    pub fn push(&mut self, turn: T) {
        self.0.push(turn);
    }

    /// Empties the list.
    pub fn clear(&mut self) {
        self.0.clear();
    }
}

impl<T> Deref for TurnList<T> {
    type Target = [T];

    #[inline]
    fn deref(&self) -> &[T] {
        &self.0
    }
}

impl<T> DerefMut for TurnList<T> {
    #[inline]
    fn deref_mut(&mut self) -> &mut [T] {
        &mut self.0
    }
}

impl<T> FromIterator<T> for TurnList<T> {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> TurnList<T> {
        TurnList(iter.into_iter().collect())
    }
}

impl<T> Extend<T> for TurnList<T> {
    fn extend<I: IntoIterator<Item = T>>(&mut self, iter: I) {
        self.0.extend(iter);
    }
}

/// The turns, in order.
impl<T> IntoIterator for TurnList<T> {
    type Item = T;
    type IntoIter = TurnListIntoIter<T>;

    fn into_iter(self) -> TurnListIntoIter<T> {
        TurnListIntoIter(self.0.into_iter())
    }
}

impl<'a, T> IntoIterator for &'a TurnList<T> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;

    fn into_iter(self) -> std::slice::Iter<'a, T> {
        self.0.iter()
    }
}

/// The turns of a [`TurnList`], by value.
pub struct TurnListIntoIter<T = Turn>(smallvec::IntoIter<[T; INLINE]>);

impl<T> Iterator for TurnListIntoIter<T> {
    type Item = T;

    fn next(&mut self) -> Option<T> {
        self.0.next()
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.0.size_hint()
    }
}

impl<T> DoubleEndedIterator for TurnListIntoIter<T> {
    fn next_back(&mut self) -> Option<T> {
        self.0.next_back()
    }
}

impl<T> ExactSizeIterator for TurnListIntoIter<T> {}

/// The turns as a list: `[Turn(e4-e5), Turn(d4-d5)]`.
impl<T: fmt::Debug> fmt::Debug for TurnList<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}
