//! The working table of the proof-number search: the proof and disproof
//! numbers of positions not yet settled, and of settled positions whose
//! search was small. Fixed in size, shared by the threads without locks:
//! a slot is three atomic words, the numbers, the work they cost, and the
//! key XOR'd with both, so a slot torn by two writers no longer matches
//! its key and is not believed. When a slot must be reused, the entry that
//! cost less work goes. Forgetting an entry costs work, never
//! correctness.

use std::sync::atomic::{AtomicU64, Ordering};

/// One stored entry.
#[derive(Default)]
struct Slot {
    check: AtomicU64,
    numbers: AtomicU64,
    work: AtomicU64,
}

/// Numbers of positions, as `(phi, delta)` of the side to move.
pub(crate) struct Table {
    slots: Vec<Slot>,
}

fn pack(phi: u32, delta: u32) -> u64 {
    u64::from(phi) << 32 | u64::from(delta)
}

fn unpack(numbers: u64) -> (u32, u32) {
    ((numbers >> 32) as u32, numbers as u32)
}

impl Table {
    /// A table of about `megabytes` MiB (two entries at least).
    pub fn new(megabytes: usize) -> Table {
        let count = (megabytes * 1024 * 1024 / std::mem::size_of::<Slot>()).max(2) & !1;
        Table {
            slots: (0..count).map(|_| Slot::default()).collect(),
        }
    }

    /// The two slots a key may be in.
    fn bucket(&self, key: u64) -> &[Slot] {
        let first = (key % self.slots.len() as u64) as usize & !1;
        &self.slots[first..first + 2]
    }

    /// Whether `slot` holds `key` (and is not torn).
    fn holds(slot: &Slot, key: u64) -> bool {
        let numbers = slot.numbers.load(Ordering::Relaxed);
        let work = slot.work.load(Ordering::Relaxed);
        slot.check.load(Ordering::Relaxed) ^ numbers ^ work == key
    }

    #[inline]
    pub fn probe(&self, key: u64) -> Option<(u32, u32)> {
        self.probe_with_work(key).map(|(numbers, _)| numbers)
    }

    /// The numbers of `key` and the work that found them.
    pub fn probe_with_work(&self, key: u64) -> Option<((u32, u32), u64)> {
        self.bucket(key).iter().find_map(|slot| {
            let numbers = slot.numbers.load(Ordering::Relaxed);
            let work = slot.work.load(Ordering::Relaxed);
            (slot.check.load(Ordering::Relaxed) ^ numbers ^ work == key)
                .then(|| (unpack(numbers), work))
        })
    }

    /// Stores the numbers of `key` and the work (positions searched) that
    /// found them: in its own slot if it has one, or else over the entry
    /// of least work.
    pub fn store(&self, key: u64, phi: u32, delta: u32, work: u64) {
        let bucket = self.bucket(key);
        let cost = |slot: &Slot| slot.work.load(Ordering::Relaxed);
        let slot = bucket
            .iter()
            .find(|slot| Table::holds(slot, key))
            .unwrap_or_else(|| {
                if cost(&bucket[0]) <= cost(&bucket[1]) {
                    &bucket[0]
                } else {
                    &bucket[1]
                }
            });
        let numbers = pack(phi, delta);
        slot.numbers.store(numbers, Ordering::Relaxed);
        slot.work.store(work, Ordering::Relaxed);
        slot.check.store(key ^ numbers ^ work, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stored_numbers_are_found() {
        let table = Table::new(1);
        assert_eq!(table.probe(12345), None);
        table.store(12345, 3, 7, 10);
        assert_eq!(table.probe(12345), Some((3, 7)));
        table.store(12345, 4, 1, 20);
        assert_eq!(table.probe(12345), Some((4, 1)));
    }

    #[test]
    fn the_entry_of_least_work_goes() {
        let table = Table::new(0); // one bucket of two slots
        table.store(1, 1, 1, 100);
        table.store(2, 2, 2, 5);
        table.store(3, 3, 3, 50);
        assert_eq!(table.probe(1), Some((1, 1)));
        assert_eq!(table.probe(2), None);
        assert_eq!(table.probe(3), Some((3, 3)));
    }
}
