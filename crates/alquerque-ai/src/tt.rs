//! The transposition table: what earlier searches learnt about a position,
//! found by its Zobrist hash. Several searchers may share one table, each
//! on a thread of its own (Lazy SMP): an entry is two atomic words, the
//! data and the key XOR'd with the data, so that an entry torn by two
//! threads writing at once no longer matches its key and is not believed.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

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

impl Bound {
    const fn bits(self) -> u64 {
        match self {
            Bound::Exact => 0,
            Bound::Lower => 1,
            Bound::Upper => 2,
        }
    }

    const fn from_bits(bits: u64) -> Bound {
        match bits & 3 {
            0 => Bound::Exact,
            1 => Bound::Lower,
            _ => Bound::Upper,
        }
    }
}

/// One stored result: the data word and the key XOR'd with it.
#[derive(Default, Debug)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

/// What the table knows about a position.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Probe {
    pub score: Score,
    pub best: Option<usize>,
    pub depth: u32,
    pub bound: Bound,
}

/// No best turn, in the data word.
const NO_BEST: u16 = u16::MAX;

/// The data word: the score in the low 32 bits, then the best turn's index
/// in the order of `legal_turns` (16 bits, [`NO_BEST`] for none), the depth
/// (8 bits) and the bound (2 bits).
fn pack(score: i32, best: u16, depth: u8, bound: Bound) -> u64 {
    u64::from(score as u32) | u64::from(best) << 32 | u64::from(depth) << 48 | bound.bits() << 56
}

/// A transposition table that searchers and players can share, or be
/// handed one after another: a frontend that keeps a few tables for many
/// games ([`Searcher::with_table`](crate::Searcher::with_table),
/// [`Player::with_table`](crate::Player::with_table)) bounds the memory
/// its machine players take, whatever the number of games. An entry is
/// believed only for the position whose full hash it was stored under, so
/// a table may pass from one game to another, of any ruleset.
///
/// ```
/// use alquerque_ai::{Limits, Searcher, TranspositionTable};
/// use peralikatuma_rules::{Game, Ruleset};
///
/// let table = TranspositionTable::new(4);
/// assert_eq!(table.bytes(), 4 << 20);
/// let game = Game::new(Ruleset::ALQUERQUE);
/// let first = Searcher::with_table(&table).search(&game, Limits::depth(6), |_| {});
/// // A second searcher on the same table finds what the first stored.
/// let second = Searcher::with_table(&table).search(&game, Limits::depth(6), |_| {});
/// assert_eq!(second.best, first.best);
/// assert!(second.nodes < first.nodes);
/// ```
#[derive(Clone)]
pub struct TranspositionTable(pub(crate) Arc<Table>);

impl TranspositionTable {
    /// A table of about `megabytes` MiB (at least one entry).
    pub fn new(megabytes: usize) -> TranspositionTable {
        TranspositionTable(Arc::new(Table::new(megabytes)))
    }

    /// Its size in bytes.
    pub fn bytes(&self) -> usize {
        self.0.bytes()
    }
}

impl std::fmt::Debug for TranspositionTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TranspositionTable")
            .field("bytes", &self.bytes())
            .finish()
    }
}

/// A fixed-size table, always replacing (the newest result is the most
/// useful to an iterative deepening search), safe to share between threads.
pub(crate) struct Table {
    slots: Vec<Slot>,
}

impl Table {
    /// A table of about `megabytes` MiB (at least one entry).
    pub fn new(megabytes: usize) -> Table {
        let count = (megabytes * 1024 * 1024 / std::mem::size_of::<Slot>()).max(1);
        Table {
            slots: (0..count).map(|_| Slot::default()).collect(),
        }
    }

    /// The table's size in bytes.
    pub fn bytes(&self) -> usize {
        self.slots.len() * std::mem::size_of::<Slot>()
    }

    /// Forgets everything.
    pub fn clear(&self) {
        for slot in &self.slots {
            slot.check.store(0, Ordering::Relaxed);
            slot.data.store(0, Ordering::Relaxed);
        }
    }

    fn slot(&self, key: u64) -> &Slot {
        // Multiply-shift maps the key evenly onto the table.
        &self.slots[((u128::from(key) * self.slots.len() as u128) >> 64) as usize]
    }

    /// The stored result for `key`, with decided scores made relative to
    /// `ply` (they are stored relative to the position).
    pub fn probe(&self, key: u64, ply: u32) -> Option<Probe> {
        let slot = self.slot(key);
        let data = slot.data.load(Ordering::Relaxed);
        let check = slot.check.load(Ordering::Relaxed);
        (check ^ data == key && key != 0).then(|| {
            let best = (data >> 32) as u16;
            Probe {
                score: from_table(Score(data as u32 as i32), ply),
                best: (best != NO_BEST).then_some(usize::from(best)),
                depth: u32::from((data >> 48) as u8),
                bound: Bound::from_bits(data >> 56),
            }
        })
    }

    /// Stores a result.
    pub fn store(
        &self,
        key: u64,
        ply: u32,
        depth: u32,
        score: Score,
        bound: Bound,
        best: Option<usize>,
    ) {
        let data = pack(
            to_table(score, ply).0,
            best.and_then(|b| u16::try_from(b).ok()).unwrap_or(NO_BEST),
            depth.min(255) as u8,
            bound,
        );
        let slot = self.slot(key);
        slot.check.store(key ^ data, Ordering::Relaxed);
        slot.data.store(data, Ordering::Relaxed);
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
        let table = Table::new(1);
        table.store(42, 3, 5, Score::win_in(7), Bound::Exact, Some(2));
        let probe = table.probe(42, 5).expect("stored");
        assert_eq!(probe.score, Score::win_in(9));
        assert_eq!(probe.best, Some(2));
        assert_eq!(probe.depth, 5);
        assert!(table.probe(43, 5).is_none());
        table.clear();
        assert!(table.probe(42, 5).is_none());
    }

    #[test]
    fn keeps_every_field_whole_and_refuses_a_torn_entry() {
        let table = Table::new(1);
        table.store(7, 0, 200, Score::loss_in(3), Bound::Lower, None);
        let probe = table.probe(7, 0).expect("stored");
        assert_eq!(probe.score, Score::loss_in(3));
        assert_eq!(
            (probe.best, probe.depth, probe.bound),
            (None, 200, Bound::Lower)
        );
        table.store(9, 0, 1, Score(-25), Bound::Upper, Some(300));
        let probe = table.probe(9, 0).expect("stored");
        assert_eq!((probe.score, probe.best), (Score(-25), Some(300)));
        // Another thread's data under this key's check word: not believed.
        let slot = table.slot(9);
        slot.data
            .store(pack(50, 1, 9, Bound::Exact), Ordering::Relaxed);
        assert!(table.probe(9, 0).is_none());
    }
}
