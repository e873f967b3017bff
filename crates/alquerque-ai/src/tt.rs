//! The transposition table: what earlier searches learnt about a position,
//! found by its Zobrist hash.

use crate::score::Score;

/// How a stored score bounds the true score.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum Bound {
    /// The score is exact.
    Exact,
    /// The true score is at least this (the search failed high).
    Lower,
    /// The true score is at most this (the search failed low).
    Upper,
}

/// One stored result.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Entry {
    key: u64,
    score: i32,
    /// Index of the best turn in the order of `legal_turns`, `u16::MAX` for
    /// none.
    best: u16,
    depth: u8,
    bound: Bound,
}

/// What the table knows about a position.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Probe {
    pub score: Score,
    pub best: Option<usize>,
    pub depth: u32,
    pub bound: Bound,
}

/// A fixed-size table, always replacing (the newest result is the most
/// useful to an iterative deepening search).
pub(crate) struct Table {
    entries: Vec<Entry>,
}

const EMPTY: Entry = Entry {
    key: 0,
    score: 0,
    best: u16::MAX,
    depth: 0,
    bound: Bound::Upper,
};

impl Table {
    /// A table of about `megabytes` MiB (at least one entry).
    pub fn new(megabytes: usize) -> Table {
        let count = (megabytes * 1024 * 1024 / std::mem::size_of::<Entry>()).max(1);
        Table {
            entries: vec![EMPTY; count],
        }
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.entries.fill(EMPTY);
    }

    fn slot(&self, key: u64) -> usize {
        // Multiply-shift maps the key evenly onto the table.
        ((u128::from(key) * self.entries.len() as u128) >> 64) as usize
    }

    /// The stored result for `key`, with decided scores made relative to
    /// `ply` (they are stored relative to the position).
    pub fn probe(&self, key: u64, ply: u32) -> Option<Probe> {
        let entry = self.entries[self.slot(key)];
        (entry.key == key && key != 0).then(|| Probe {
            score: from_table(Score(entry.score), ply),
            best: (entry.best != u16::MAX).then_some(usize::from(entry.best)),
            depth: u32::from(entry.depth),
            bound: entry.bound,
        })
    }

    /// Stores a result.
    pub fn store(
        &mut self,
        key: u64,
        ply: u32,
        depth: u32,
        score: Score,
        bound: Bound,
        best: Option<usize>,
    ) {
        let slot = self.slot(key);
        self.entries[slot] = Entry {
            key,
            score: to_table(score, ply).0,
            best: best.and_then(|b| u16::try_from(b).ok()).unwrap_or(u16::MAX),
            depth: depth.min(255) as u8,
            bound,
        };
    }
}

/// A decided score measured from the root becomes one measured from the
/// position, so that it stays right wherever the position is met again.
fn to_table(score: Score, ply: u32) -> Score {
    match score.plies_to_end() {
        Some(_) if score.0 > 0 => Score(score.0 + ply as i32),
        Some(_) => Score(score.0 - ply as i32),
        None => score,
    }
}

fn from_table(score: Score, ply: u32) -> Score {
    match score.plies_to_end() {
        Some(_) if score.0 > 0 => Score(score.0 - ply as i32),
        Some(_) => Score(score.0 + ply as i32),
        None => score,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_finds_with_decided_scores_moved_by_ply() {
        let mut table = Table::new(1);
        table.store(42, 3, 5, Score::win_in(7), Bound::Exact, Some(2));
        let probe = table.probe(42, 5).expect("stored");
        assert_eq!(probe.score, Score::win_in(9));
        assert_eq!(probe.best, Some(2));
        assert_eq!(probe.depth, 5);
        assert!(table.probe(43, 5).is_none());
        table.clear();
        assert!(table.probe(42, 5).is_none());
    }
}
