//! One table: the value of every position of one material.

use peralikatuma_rules::Side;

use crate::index::Indexer;
use crate::material::Material;
use crate::value::{INVALID, Value, Verdict};

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

    /// How many positions of each kind the table holds, for each side
    /// to move, by their verdict at a counter of 0 ([`Value::verdict`]): a
    /// win or a loss beyond the sixty-turn rule counts as a draw.
    pub fn summary(&self) -> Summary {
        let mut summary = Summary::default();
        for (index, &code) in self.codes.iter().enumerate() {
            let Some(value) = Value::from_code(code) else {
                continue;
            };
            let side = self.indexer.side_to_move(index as u64);
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
        summary
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
        let white = table.summary().white_to_move;
        assert_eq!((white.wins, white.draws, white.losses), (1, 2, 1));
        assert_eq!(white.longest_win, 60);
    }
}
