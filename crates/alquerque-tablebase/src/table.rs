//! One table: the value of every position of one material.

use std::borrow::Cow;
use std::sync::Arc;

use peralikatuma_rules::Side;

use crate::disk::OnDisk;
use crate::file::LoadError;
use crate::index::Indexer;
use crate::material::Material;
use crate::value::{INVALID, Value, Verdict};

/// The values of the positions of one material, one byte each, in the
/// order of its [`Indexer`]: held in memory, or probed on disk
/// ([`Table::open`]).
#[derive(Clone, Debug)]
pub struct Table {
    indexer: Indexer,
    codes: Codes,
}

/// Where a table's values are.
#[derive(Clone, Debug)]
enum Codes {
    Memory(Vec<u8>),
    Disk(Arc<OnDisk>),
}

impl Table {
    /// A table from its codes; `None` if their number is not the
    /// material's size.
    pub(crate) fn from_codes(material: Material, codes: Vec<u8>) -> Option<Table> {
        let indexer = Indexer::new(material);
        (codes.len() as u64 == indexer.size()).then_some(Table {
            indexer,
            codes: Codes::Memory(codes),
        })
    }

    /// A table probed on disk, whose size was checked.
    pub(crate) fn on_disk(material: Material, on_disk: OnDisk) -> Table {
        Table {
            indexer: Indexer::new(material),
            codes: Codes::Disk(Arc::new(on_disk)),
        }
    }

    /// The material.
    pub fn material(&self) -> Material {
        self.indexer.material()
    }

    /// The numbering of its positions.
    pub fn indexer(&self) -> &Indexer {
        &self.indexer
    }

    /// The stored bytes, if the table is held in memory (`None` for a
    /// table probed on disk).
    pub fn codes(&self) -> Option<&[u8]> {
        match &self.codes {
            Codes::Memory(codes) => Some(codes),
            Codes::Disk(_) => None,
        }
    }

    /// Whether its values are read from disk when probed.
    pub fn is_on_disk(&self) -> bool {
        matches!(self.codes, Codes::Disk(_))
    }

    /// For a table on disk, the first of its blocks a probe could not
    /// read or found damaged (whose positions are then not covered);
    /// `None` if there was none, or for a table in memory.
    pub fn failure(&self) -> Option<&LoadError> {
        match &self.codes {
            Codes::Memory(_) => None,
            Codes::Disk(on_disk) => on_disk.failure(),
        }
    }

    /// The bytes the table keeps in memory: its values, or for a table on
    /// disk its index (its blocks are in its cache).
    pub fn memory(&self) -> usize {
        match &self.codes {
            Codes::Memory(codes) => codes.capacity(),
            Codes::Disk(on_disk) => on_disk.index_bytes(),
        }
    }

    /// The byte stored under `index`: `None` if out of range, or on disk
    /// where its block cannot be read or is damaged.
    pub(crate) fn code(&self, index: u64) -> Option<u8> {
        match &self.codes {
            Codes::Memory(codes) => codes.get(usize::try_from(index).ok()?).copied(),
            Codes::Disk(on_disk) => on_disk.code(index),
        }
    }

    /// The value stored under `index`; `None` if the index names no legal
    /// position or is out of range (or, on disk, if its block cannot be
    /// read or is damaged).
    pub fn value(&self, index: u64) -> Option<Value> {
        match self.code(index)? {
            INVALID => None,
            code => Value::from_code(code),
        }
    }

    /// Every stored byte, read from disk and checked if it is there.
    pub(crate) fn all_codes(&self) -> Result<Cow<'_, [u8]>, LoadError> {
        match &self.codes {
            Codes::Memory(codes) => Ok(Cow::Borrowed(codes)),
            Codes::Disk(on_disk) => {
                let mut codes = Vec::with_capacity(on_disk.positions() as usize);
                self.for_each_block(|_, block| codes.extend_from_slice(block))?;
                Ok(Cow::Owned(codes))
            }
        }
    }

    /// Calls `visit` with each run of stored bytes in order and the index
    /// of its first: the whole table in memory, block by block on disk
    /// (read and checked, past the cache).
    fn for_each_block(&self, mut visit: impl FnMut(u64, &[u8])) -> Result<(), LoadError> {
        match &self.codes {
            Codes::Memory(codes) => visit(0, codes),
            Codes::Disk(on_disk) => {
                let mut start = 0;
                for block in 0..on_disk.block_count() {
                    let codes = on_disk.block(block)?;
                    visit(start, &codes);
                    start += codes.len() as u64;
                }
            }
        }
        Ok(())
    }

    /// How many positions the table holds of each kind, for each side
    /// to move, by their verdict at a counter of 0 ([`Value::verdict`]): a
    /// win or a loss beyond the sixty-turn rule counts as a draw. A table
    /// on disk is read block by block, past its cache; a damaged block is
    /// an error.
    pub fn summary(&self) -> Result<Summary, LoadError> {
        let mut summary = Summary::default();
        let count = |start: u64, codes: &[u8]| {
            for (at, &code) in codes.iter().enumerate() {
                let Some(value) = Value::from_code(code) else {
                    continue;
                };
                let side = self.indexer.side_to_move(start + at as u64);
                let counts = match side {
                    Side::White => &mut summary.white_to_move,
                    Side::Black => &mut summary.black_to_move,
                };
                match (value.verdict(0), value) {
                    (Verdict::Win, Value::Win(d)) => {
                        counts.wins += 1;
                        counts.longest_win = counts.longest_win.max(d);
                    }
                    (Verdict::Loss, _) => counts.losses += 1,
                    _ => counts.draws += 1,
                }
            }
        };
        self.for_each_block(count)?;
        Ok(summary)
    }
}

/// What a table holds, for each side to move.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct Summary {
    /// Positions with White to move.
    pub white_to_move: Counts,
    /// Positions with Black to move.
    pub black_to_move: Counts,
}

impl Summary {
    /// All legal positions counted.
    pub fn positions(&self) -> u64 {
        self.white_to_move.positions() + self.black_to_move.positions()
    }
}

/// Counts of values, for the side to move.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct Counts {
    /// Positions the side to move wins.
    pub wins: u64,
    /// Drawn positions.
    pub draws: u64,
    /// Positions the side to move loses.
    pub losses: u64,
    /// The longest distance to zeroing of a win (at most sixty turns).
    pub longest_win: u8,
}

impl Counts {
    /// All legal positions counted.
    pub fn positions(&self) -> u64 {
        self.wins + self.draws + self.losses
    }
}

#[cfg(test)]
mod tests {
    use peralikatuma_rules::Ruleset;

    use super::*;

    /// A win or a loss one turn beyond the sixty-turn rule (a value the
    /// tables keep, E4) is a draw in the summary, as at any counter.
    #[test]
    fn e4_a_value_beyond_sixty_turns_is_summed_as_a_draw() {
        let lau = Ruleset::find("lau-kata-kati").expect("a game");
        let material = Material {
            ruleset: lau,
            men: [1, 1],
            kings: [0, 0],
        };
        let size = Indexer::new(material).size() as usize;
        let values = [
            Value::Win(61),
            Value::Win(60),
            Value::Loss(61),
            Value::Loss(3),
        ];
        let mut codes = vec![INVALID; size];
        // Even numbers have White to move.
        for (slot, value) in values.iter().enumerate() {
            codes[2 * slot] = value.code();
        }
        let table = Table::from_codes(material, codes).expect("the material's size");
        let white = table.summary().expect("in memory").white_to_move;
        assert_eq!((white.wins, white.draws, white.losses), (1, 2, 1));
        assert_eq!(white.longest_win, 60);
    }
}
