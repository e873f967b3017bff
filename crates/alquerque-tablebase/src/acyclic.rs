//! Retrograde analysis without links, for a game whose turns inside a
//! material never lead back to a position (Alquerque).
//!
//! There, a position's value follows from its turns' values alone, and
//! every turn that stays in the material leads further along a way with an
//! end. So each position is valued depth first: its turns into the
//! material are valued (once each, kept in the table being built), its
//! turns out of it are looked up in the tables built before, and the best
//! of them is its value. Only the table itself is kept, one byte a
//! position, where the linked builder keeps four bytes for every turn.

use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};

use peralikatuma_rules::Position;
use rayon::prelude::*;

use crate::build::{BuildError, CHUNK, Progress, Stage, Step, UNRESOLVED, fits_in_memory};
use crate::index::Indexer;
use crate::material::Material;
use crate::table::Table;
use crate::tablebase::Tablebase;
use crate::value::{INVALID, Value};

/// The most turns one piece can make without a capture: four forward
/// steps, and on each of the four ranks it can step from (not its last,
/// A3) at most four sideways steps, all one way (A5). A line of turns
/// inside a material longer than this many a piece has come back.
const TURNS_A_PIECE: usize = 4 + 4 * 4;

/// Each thread's stack: every turn followed down a line takes a few
/// kilobytes of it, and a line of six pieces is at most 120 turns.
const STACK: usize = 32 << 20;

impl Tablebase {
    /// Builds the table of `material`, whose turns inside the material
    /// must never lead back to a position, depth first.
    pub(crate) fn build_acyclic_table(
        &self,
        material: Material,
        progress: &(dyn Fn(Progress) + Sync),
    ) -> Result<Table, BuildError> {
        let indexer = Indexer::new(material);
        let size = indexer.size();
        fits_in_memory(material, size >> 20)?;
        let codes: Vec<AtomicU8> = (0..size).map(|_| AtomicU8::new(UNRESOLVED)).collect();
        let walk = Walk {
            tablebase: self,
            indexer: &indexer,
            codes: &codes,
            deepest: TURNS_A_PIECE * material.pieces(),
        };
        let done = AtomicU64::new(0);
        // As many threads as the pool the caller runs in, with stacks for
        // the longest line.
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(rayon::current_num_threads())
            .stack_size(STACK)
            .build()
            .map_err(|e| BuildError::Threads(e.to_string()))?;
        pool.install(|| {
            (0..codes.len().div_ceil(CHUNK))
                .into_par_iter()
                .try_for_each(|chunk| {
                    let start = (chunk * CHUNK) as u64;
                    let end = (start + CHUNK as u64).min(size);
                    for index in start..end {
                        walk.value(index, 0)?;
                    }
                    let done = done.fetch_add(end - start, Ordering::Relaxed) + (end - start);
                    progress(Progress {
                        material,
                        stage: Stage::Valuing,
                        done,
                        total: size,
                    });
                    Ok(())
                })
        })
        .map_err(|Cycle| BuildError::Cycle { material })?;
        let codes = codes.into_iter().map(AtomicU8::into_inner).collect();
        Ok(Table::from_codes(material, codes).expect("one code per position"))
    }
}

/// A line of turns that went on too long: it must have come back.
struct Cycle;

/// The table being built, and what values it.
struct Walk<'a> {
    tablebase: &'a Tablebase,
    indexer: &'a Indexer,
    codes: &'a [AtomicU8],
    /// The longest line of turns that never comes back.
    deepest: usize,
}

impl Walk<'_> {
    /// The code of the position numbered `index`, valued first if it is
    /// not yet, `depth` turns into a line.
    fn value(&self, index: u64, depth: usize) -> Result<u8, Cycle> {
        let slot = &self.codes[index as usize];
        let code = slot.load(Ordering::Relaxed);
        if code != UNRESOLVED {
            return Ok(code);
        }
        if depth > self.deepest {
            return Err(Cycle);
        }
        let Ok(position) = Position::from_setup(&self.indexer.setup(index)) else {
            slot.store(INVALID, Ordering::Relaxed);
            return Ok(INVALID);
        };
        let mut best: Option<Value> = None;
        let mut cycle = false;
        self.tablebase.steps(self.indexer, &position, |step| {
            if cycle {
                return;
            }
            let worth = match step {
                Step::Out(worth) => worth,
                Step::Into(next, link) => match self.value(next, depth + 1) {
                    Ok(code) => {
                        // A position a turn leads to is legal, so it has a
                        // value (the linked builder takes one without as a
                        // draw, and so does this one).
                        debug_assert_ne!(code, INVALID, "a turn into position {next}");
                        link.worth(Value::from_code(code).unwrap_or(Value::Draw))
                    }
                    Err(Cycle) => {
                        cycle = true;
                        return;
                    }
                },
            };
            best = best.max(Some(worth));
        });
        if cycle {
            return Err(Cycle);
        }
        // No turn at all: the game is over and the side to move has lost
        // (E1).
        let code = best.unwrap_or(Value::Loss(0)).code();
        slot.store(code, Ordering::Relaxed);
        Ok(code)
    }
}

#[cfg(test)]
mod tests {
    use peralikatuma_rules::Ruleset;

    use super::*;

    /// The depth-first builder gives every Alquerque table up to three
    /// pieces, and two against two, byte for byte as the linked builder
    /// does. (Building the tables up to five pieces depth first gave the
    /// files the linked builder wrote, byte for byte.)
    #[test]
    #[cfg_attr(debug_assertions, ignore = "slow in debug builds: run with --release")]
    fn alquerque_tables_valued_depth_first_are_the_linked_tables() {
        let mut tablebase = Tablebase::empty(Ruleset::ALQUERQUE);
        let two_against_two = |m: &Material| m.pieces() < 4 || m.men == [2, 2];
        for material in Material::up_to(Ruleset::ALQUERQUE, 4)
            .into_iter()
            .filter(two_against_two)
        {
            let table = both_ways(&tablebase, material);
            tablebase.insert(table);
        }
    }

    #[test]
    fn one_against_one_valued_depth_first_is_the_linked_table() {
        let tablebase = Tablebase::empty(Ruleset::ALQUERQUE);
        both_ways(&tablebase, Material::up_to(Ruleset::ALQUERQUE, 2)[0]);
    }

    /// The table of `material` built by both builders, which must agree.
    fn both_ways(tablebase: &Tablebase, material: Material) -> Table {
        let linked = tablebase
            .build_linked_table(material, &|_| {})
            .expect("builds");
        let acyclic = tablebase
            .build_acyclic_table(material, &|_| {})
            .expect("builds");
        assert!(linked.codes() == acyclic.codes(), "{material}");
        acyclic
    }

    /// Permainan's pieces step back and forth (sideways men, M2, and
    /// kings): the depth-first builder finds a line that comes back and
    /// says so.
    #[test]
    fn a_game_whose_turns_come_back_is_refused() {
        let mut tablebase = Tablebase::empty(Ruleset::PERMAINAN);
        let mut materials = Material::up_to(Ruleset::PERMAINAN, 2).into_iter();
        let error = loop {
            let material = materials.next().expect("a material whose pieces come back");
            match tablebase.build_acyclic_table(material, &|_| {}) {
                Ok(table) => tablebase.insert(table),
                Err(error) => break error,
            }
        };
        assert!(matches!(error, BuildError::Cycle { .. }), "{error}");
        assert!(error.to_string().contains("never comes back"), "{error}");
    }
}
