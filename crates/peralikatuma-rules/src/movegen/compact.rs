//! The sink of random games: every turn in the order of the list sink, but
//! all the steps of one piece in one entry, and the pieces that could jump.

use board_topology::{Bitboard, POINT_COUNT, Point};
use smallvec::SmallVec;

use super::Sink;
use crate::turn::{Turn, TurnList};

/// A sink that keeps the turns in the order of the list sink, but all the
/// steps of one piece in one entry: for code that needs to choose among all
/// the turns but plays only one (random games).
pub(crate) struct Compact {
    /// The steps of one piece (`targets` non-empty), or a chain (`targets`
    /// empty, `from` its index in `chains`), in order.
    entries: SmallVec<[CompactEntry; 64]>,
    chains: TurnList,
    len: usize,
    /// The pieces with a jump without a claim, if reported.
    jumpers: Option<Bitboard>,
    /// The claims whose jumpers are reported in `jumpers_after`.
    claims_reported: Bitboard,
    /// The pieces with a jump after each claim, by the claimed point.
    jumpers_after: [Bitboard; POINT_COUNT],
}

#[derive(Copy, Clone)]
struct CompactEntry {
    /// The number of turns in the entries before this one: the index of
    /// its first turn.
    start: u32,
    claim: Option<Point>,
    from: u32,
    targets: Bitboard,
}

impl Default for Compact {
    fn default() -> Compact {
        Compact {
            entries: SmallVec::new(),
            chains: TurnList::new(),
            len: 0,
            jumpers: None,
            claims_reported: Bitboard::EMPTY,
            jumpers_after: [Bitboard::EMPTY; POINT_COUNT],
        }
    }
}

impl Compact {
    /// Empties the sink for the next position.
    pub fn clear(&mut self) {
        self.entries.clear();
        self.chains.clear();
        self.len = 0;
        self.jumpers = None;
        self.claims_reported = Bitboard::EMPTY;
    }

    /// The number of turns.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The turn at `index`, in the order of the list sink.
    pub fn turn(&self, index: usize) -> Option<Turn> {
        if index >= self.len {
            return None;
        }
        // The last entry starting at or before `index` holds it.
        let after = self
            .entries
            .partition_point(|entry| entry.start as usize <= index);
        let entry = self.entries.get(after.checked_sub(1)?)?;
        if entry.targets.is_empty() {
            return self.chains.get(entry.from as usize).copied();
        }
        let from = Point::new(entry.from as usize)?;
        let to = entry.targets.iter().nth(index - entry.start as usize)?;
        Some(Turn::step(entry.claim, from, to))
    }

    /// The pieces that have a jump after `claim`, if the generator reported
    /// them (Peralikatuma only, P6.1).
    pub fn jumpers(&self, claim: Option<Point>) -> Option<Bitboard> {
        match claim {
            None => self.jumpers,
            Some(c) => self
                .claims_reported
                .contains(c)
                .then(|| self.jumpers_after[c.index()]),
        }
    }
}

impl Sink for Compact {
    #[inline]
    fn steps(&mut self, claim: Option<Point>, from: Point, targets: Bitboard) {
        self.entries.push(CompactEntry {
            start: self.len as u32,
            claim,
            from: from.index() as u32,
            targets,
        });
        self.len += targets.count();
    }

    #[inline]
    fn chain(&mut self, claim: Option<Point>, from: Point, landings: &[Point], captured: Bitboard) {
        let index = self.chains.len() as u32;
        self.entries.push(CompactEntry {
            start: self.len as u32,
            claim,
            from: index,
            targets: Bitboard::EMPTY,
        });
        self.len += 1;
        self.chains
            .push(Turn::chain(claim, from, landings, captured));
    }

    #[inline]
    fn jumpers(&mut self, claim: Option<Point>, jumpers: Bitboard) {
        match claim {
            None => self.jumpers = Some(jumpers),
            Some(c) => {
                self.claims_reported.insert(c);
                self.jumpers_after[c.index()] = jumpers;
            }
        }
    }
}
