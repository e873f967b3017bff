//! One table: the value of every position of one material.

use crate::index::Indexer;
use crate::material::Material;
use crate::value::{INVALID, Value};

/// The values of the positions of one material, one byte each, in the
/// order of its [`Indexer`].
#[derive(Clone, Debug)]
pub struct Table {
    indexer: Indexer,
    codes: Vec<u8>,
}

impl Table {
    /// A table from its codes; `None` if their number is not the
    /// material's size.
    pub(crate) fn from_codes(material: Material, codes: Vec<u8>) -> Option<Table> {
        let indexer = Indexer::new(material);
        (codes.len() as u64 == indexer.size()).then_some(Table { indexer, codes })
    }

    /// The material.
    pub fn material(&self) -> Material {
        self.indexer.material()
    }

    /// The numbering of its positions.
    pub fn indexer(&self) -> &Indexer {
        &self.indexer
    }

    /// The stored bytes.
    pub fn codes(&self) -> &[u8] {
        &self.codes
    }

    /// The value stored under `index`; `None` if the index names no legal
    /// position or is out of range.
    pub fn value(&self, index: u64) -> Option<Value> {
        let code = *self.codes.get(usize::try_from(index).ok()?)?;
        if code == INVALID {
            None
        } else {
            Value::from_code(code)
        }
    }

    /// How many positions of each kind the table holds: wins, draws,
    /// losses (for the side to move), and the longest win.
    pub fn summary(&self) -> Summary {
        let mut summary = Summary::default();
        for &code in &self.codes {
            match Value::from_code(code) {
                Some(Value::Win(d)) => {
                    summary.wins += 1;
                    summary.longest_win = summary.longest_win.max(d);
                }
                Some(Value::Draw) => summary.draws += 1,
                Some(Value::Loss(_)) => summary.losses += 1,
                None => {}
            }
        }
        summary
    }
}

/// Counts of a table's values.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct Summary {
    /// Positions the side to move wins.
    pub wins: u64,
    /// Drawn positions.
    pub draws: u64,
    /// Positions the side to move loses.
    pub losses: u64,
    /// The longest distance to zeroing of a win.
    pub longest_win: u8,
}

impl Summary {
    /// All legal positions counted.
    pub fn positions(&self) -> u64 {
        self.wins + self.draws + self.losses
    }
}
