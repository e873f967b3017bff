//! A list of turns, on the stack in the common case.

use std::fmt;
use std::ops::{Deref, DerefMut};

use smallvec::SmallVec;

use crate::turn::Turn;

/// How many turns a [`TurnList`] holds before it moves to the heap: more
/// than most positions have.
const INLINE: usize = 96;

/// A list of turns, such as the legal turns of a position
/// ([`Position::legal_turns`](crate::Position::legal_turns)), in the order
/// they were generated. It derefs to a slice, so `len`, `iter`, `contains`,
/// indexing and the rest of the slice methods work on it.
///
/// It is kept on the stack while it holds at most 96 turns; longer lists
/// (a valid position can have millions of legal turns) move to the heap. To
/// look at the turns without a list, use
/// [`Position::generate`](crate::Position::generate).
///
/// ```
/// use peralikatuma_rules::{Position, TurnList, Variant};
/// let turns: TurnList = Position::start(Variant::Alquerque).legal_turns();
/// assert_eq!(turns.len(), 4);
/// assert!(turns.iter().all(|t| !t.is_capture()));
/// assert_eq!(turns.iter().filter(|t| t.to_string().starts_with("d2")).count(), 1);
/// ```
#[derive(Clone, Default, PartialEq, Eq, Hash)]
pub struct TurnList(SmallVec<[Turn; INLINE]>);

impl TurnList {
    /// An empty list.
    pub fn new() -> TurnList {
        TurnList(SmallVec::new())
    }

    /// Adds a turn at the end.
    #[inline]
    pub fn push(&mut self, turn: Turn) {
        self.0.push(turn);
    }

    /// Empties the list.
    pub fn clear(&mut self) {
        self.0.clear();
    }
}

impl Deref for TurnList {
    type Target = [Turn];

    #[inline]
    fn deref(&self) -> &[Turn] {
        &self.0
    }
}

impl DerefMut for TurnList {
    #[inline]
    fn deref_mut(&mut self) -> &mut [Turn] {
        &mut self.0
    }
}

impl FromIterator<Turn> for TurnList {
    fn from_iter<I: IntoIterator<Item = Turn>>(iter: I) -> TurnList {
        TurnList(iter.into_iter().collect())
    }
}

impl Extend<Turn> for TurnList {
    fn extend<I: IntoIterator<Item = Turn>>(&mut self, iter: I) {
        self.0.extend(iter);
    }
}

/// The turns, in order.
impl IntoIterator for TurnList {
    type Item = Turn;
    type IntoIter = TurnListIntoIter;

    fn into_iter(self) -> TurnListIntoIter {
        TurnListIntoIter(self.0.into_iter())
    }
}

impl<'a> IntoIterator for &'a TurnList {
    type Item = &'a Turn;
    type IntoIter = std::slice::Iter<'a, Turn>;

    fn into_iter(self) -> std::slice::Iter<'a, Turn> {
        self.0.iter()
    }
}

/// The turns of a [`TurnList`], by value.
pub struct TurnListIntoIter(smallvec::IntoIter<[Turn; INLINE]>);

impl Iterator for TurnListIntoIter {
    type Item = Turn;

    fn next(&mut self) -> Option<Turn> {
        self.0.next()
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.0.size_hint()
    }
}

impl DoubleEndedIterator for TurnListIntoIter {
    fn next_back(&mut self) -> Option<Turn> {
        self.0.next_back()
    }
}

impl ExactSizeIterator for TurnListIntoIter {}

/// The turns as a list: `[Turn(e4-e5), Turn(d4-d5)]`.
impl fmt::Debug for TurnList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}
