//! Positions whose value the search has settled: whether the goal holds
//! there, and the work (positions searched) it took. Never forgotten (the
//! proof is built from them), shared by the search threads, saved to and
//! loaded from checkpoints.

use std::collections::HashMap;
use std::sync::{Mutex, PoisonError};

use nohash_hasher::BuildNoHashHasher;

/// The keys are Zobrist hashes, already uniform: they index the map as
/// they are.
type Map = HashMap<u64, Settled, BuildNoHashHasher<u64>>;

/// A settled position: whether the goal holds, and the work it took.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) struct Settled {
    pub met: bool,
    pub work: u64,
}

/// Locks spread over shards so that two threads seldom wait for each other.
const SHARDS: usize = 64;

/// Settled positions, by key.
pub(crate) struct Solved {
    shards: Vec<Mutex<Map>>,
}

impl Solved {
    pub fn new() -> Solved {
        Solved {
            shards: (0..SHARDS).map(|_| Mutex::new(Map::default())).collect(),
        }
    }

    fn shard(&self, key: u64) -> std::sync::MutexGuard<'_, Map> {
        // The top bits: the map inside uses the low ones.
        self.shards[(key >> 58) as usize % SHARDS]
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    /// Whether the goal holds at `key`, if settled.
    #[inline]
    pub fn get(&self, key: u64) -> Option<bool> {
        self.settled(key).map(|settled| settled.met)
    }

    /// What is known of `key`, if settled.
    #[inline]
    pub fn settled(&self, key: u64) -> Option<Settled> {
        self.shard(key).get(&key).copied()
    }

    pub fn insert(&self, key: u64, met: bool, work: u64) {
        self.shard(key).insert(key, Settled { met, work });
    }

    /// How many positions are settled.
    pub fn len(&self) -> usize {
        self.shards
            .iter()
            .map(|shard| shard.lock().unwrap_or_else(PoisonError::into_inner).len())
            .sum()
    }

    /// Calls `f` on every settled position, one shard locked at a time.
    pub fn for_each(&self, mut f: impl FnMut(u64, bool)) {
        for shard in &self.shards {
            let shard = shard.lock().unwrap_or_else(PoisonError::into_inner);
            for (&key, settled) in shard.iter() {
                f(key, settled.met);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settled_positions_are_kept() {
        let solved = Solved::new();
        assert_eq!(solved.get(7), None);
        solved.insert(7, true, 1);
        solved.insert(u64::MAX, false, 2);
        assert_eq!(
            (solved.get(7), solved.get(u64::MAX)),
            (Some(true), Some(false))
        );
        assert_eq!(solved.len(), 2);
        assert_eq!(solved.settled(7), Some(Settled { met: true, work: 1 }));
        let mut seen = Vec::new();
        solved.for_each(|key, met| seen.push((key, met)));
        seen.sort_unstable();
        assert_eq!(seen, [(7, true), (u64::MAX, false)]);
    }
}
