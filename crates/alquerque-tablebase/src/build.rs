//! Retrograde analysis: the values of one material from the tables below
//! it, by links between positions (see `acyclic.rs` for the games that
//! need none).
//!
//! Each position of the material is visited twice in parallel: once to
//! count its turns that stay in the material and the turns into each
//! position, once to write, for every position, the positions with a turn
//! into it. A turn that removes a piece, or crowns a man, leaves the
//! material: its worth is known at once from a table built before. Then
//! the values spread backwards in order of distance: a position whose
//! opponent is lost after one of its turns wins one turn later, and a
//! position all of whose turns lead to wins of the opponent loses one turn
//! after the slowest.

use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};

use peralikatuma_rules::Side;
use peralikatuma_rules::{Position, Ruleset};
use rayon::prelude::*;

use crate::disk::BlockCache;
use crate::file::{LoadError, file_name, is_current};
use crate::index::Indexer;
use crate::material::Material;
use crate::symmetry::turned_round;
use crate::table::Table;
use crate::tablebase::{Tablebase, pass_ending, worth};
use crate::value::{HORIZON, INVALID, Value};

/// What the builder reports while it works.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Progress {
    /// The material being built.
    pub material: Material,
    /// Which of its stages.
    pub stage: Stage,
    /// Positions (or distances) done in this stage.
    pub done: u64,
    /// Positions (or distances) in this stage.
    pub total: u64,
}

/// The stages of building one table.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum Stage {
    /// Generating every position's turns and counting them.
    Counting,
    /// Generating them again to link each position to its predecessors.
    Linking,
    /// Spreading the values back, distance by distance.
    Solving,
    /// Valuing each position from its turns' values, depth first, in a
    /// game whose turns inside a material never lead back to a position
    /// (Alquerque): no links are kept.
    Valuing,
    /// The table is complete (`done` and `total` are its positions).
    Done,
    /// The table was read from its file instead of built.
    Found,
    /// The table was made from the other side's, turned round.
    Turned,
}

/// Why a tablebase could not be built.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum BuildError {
    /// Too many positions in one material for this builder's 30-bit links.
    #[error("{material} has {size} positions; the builder links at most {max}")]
    TooLarge {
        /// The material.
        material: Material,
        /// Its positions.
        size: u64,
        /// The most the builder handles.
        max: u64,
    },
    /// Fewer than two pieces: nothing to build.
    #[error("a tablebase needs at least 2 pieces, not {0}")]
    TooFewPieces(usize),
    /// The links between positions, or the values, would not fit in the
    /// memory there is.
    #[error(
        "{material} needs {needed} MB more, but {available} MB are available: this builder cannot build it on this machine"
    )]
    Memory {
        /// The material.
        material: Material,
        /// Megabytes needed.
        needed: u64,
        /// Megabytes available.
        available: u64,
    },
    /// A table the material's turns lead to is not there yet.
    #[error("{material} needs the table of {missing} first")]
    Missing {
        /// The material to build.
        material: Material,
        /// A table it needs.
        missing: Material,
    },
    /// A line of turns inside the material went on longer than any line
    /// that never comes back to a position can, in a game the builder took
    /// for one whose turns never do.
    #[error(
        "a line of turns inside {material} is longer than one that never comes back: it cannot be valued depth first"
    )]
    Cycle {
        /// The material.
        material: Material,
    },
    /// The builder's threads could not be started.
    #[error("the builder's threads cannot be started: {0}")]
    Threads(String),
    /// A table file could not be read or written.
    #[error(transparent)]
    File(#[from] LoadError),
}

/// The most positions one material may have: links keep a position's
/// number in 30 bits and the kind of link in 2.
const MAX_POSITIONS: u64 = 1 << 30;

/// A turn inside the material into a position whose player may claim
/// (P6): what the best claim gives that player caps the turn's worth.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum Link {
    /// No claim: the turn is worth the opposite of the position's value.
    Plain = 0,
    /// A claim draws: the turn is at best a draw.
    DrawFloor = 1,
    /// Every claim loses, but it is a turn: a position without another
    /// turn is lost in 1, not 0.
    LossFloor = 2,
}

impl Link {
    /// The kind of link kept in a link's two low bits.
    fn from_bits(bits: u32) -> Link {
        match bits {
            1 => Link::DrawFloor,
            2 => Link::LossFloor,
            _ => Link::Plain,
        }
    }

    /// What a turn into a position worth `theirs` to the opponent, who is
    /// then to move, is worth to its player, the opponent's claims there
    /// (P6) considered.
    pub(crate) fn worth(self, theirs: Value) -> Value {
        match (self, theirs) {
            (Link::Plain, _) => theirs.back(),
            (Link::DrawFloor, _) => theirs.back().min(Value::Draw),
            (Link::LossFloor, Value::Loss(0)) => Value::Loss(1).back(),
            (Link::LossFloor, _) => theirs.back(),
        }
    }
}

/// Where one turn leads, seen from the builder.
pub(crate) enum Step {
    /// Out of the material, or to a claim that wins for the opponent: the
    /// turn is worth this to its player.
    Out(Value),
    /// To the position numbered `.0` of the same material.
    Into(u64, Link),
}

/// What one position's turns are, seen from the builder.
pub(crate) enum Scan {
    /// The number names no legal position.
    Invalid,
    /// A legal position: the best worth of its turns that leave the
    /// material (`None` if there are none) and how many turns stay in it.
    Node {
        leaving: Option<Value>,
        staying: u32,
    },
}

impl Tablebase {
    /// Builds every table of `ruleset`, one of the rule book's games, up to
    /// `pieces` pieces, reporting progress to `progress` (called from
    /// several threads).
    pub fn build(
        ruleset: &'static Ruleset,
        pieces: usize,
        progress: &(dyn Fn(Progress) + Sync),
    ) -> Result<Tablebase, BuildError> {
        if pieces < 2 {
            return Err(BuildError::TooFewPieces(pieces));
        }
        Tablebase::build_with(ruleset, pieces, None, progress)
    }

    /// Builds every table of `ruleset` up to `pieces` pieces in
    /// `directory`: a table whose file is already there is read instead of
    /// built, and each new table is written as soon as it is complete, so
    /// an interrupted build goes on where it stopped.
    pub fn build_in(
        directory: &Path,
        ruleset: &'static Ruleset,
        pieces: usize,
        progress: &(dyn Fn(Progress) + Sync),
    ) -> Result<Tablebase, BuildError> {
        Tablebase::build_with(ruleset, pieces, Some((directory, None)), progress)
    }

    /// Builds every table of `ruleset` up to `pieces` pieces in
    /// `directory`, as [`build_in`](Tablebase::build_in) does, but keeps
    /// each finished table on disk, probed through `cache`
    /// ([`Tablebase::open`]), rather than in memory: the build then needs
    /// memory for the table being built (and the one it is turned round
    /// from, read whole for that while), not for every table before it.
    /// Probes of the finished tables through the cache are slower.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use alquerque_tablebase::{BlockCache, Tablebase};
    /// use peralikatuma_rules::Ruleset;
    ///
    /// let dir = std::env::temp_dir().join(format!("doc-build-on-disk-{}", std::process::id()));
    /// let lau = Ruleset::find("lau-kata-kati")?;
    /// let cache = Arc::new(BlockCache::new(1 << 20));
    /// let on_disk = Tablebase::build_on_disk(&dir, lau, 3, &cache, &|_| {})?;
    /// assert!(on_disk.tables().all(|table| table.is_on_disk()));
    /// let in_memory = Tablebase::build(lau, 3, &|_| {})?;
    /// for table in in_memory.tables() {
    ///     let twin = on_disk.table(table.material()).expect("every table");
    ///     assert_eq!(twin.summary()?, table.summary()?);
    /// }
    /// # std::fs::remove_dir_all(&dir)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn build_on_disk(
        directory: &Path,
        ruleset: &'static Ruleset,
        pieces: usize,
        cache: &Arc<BlockCache>,
        progress: &(dyn Fn(Progress) + Sync),
    ) -> Result<Tablebase, BuildError> {
        Tablebase::build_with(ruleset, pieces, Some((directory, Some(cache))), progress)
    }

    /// Builds the tables, in memory only or in a directory, and there
    /// kept in memory or, with a cache, on disk.
    fn build_with(
        ruleset: &'static Ruleset,
        pieces: usize,
        directory: Option<(&Path, Option<&Arc<BlockCache>>)>,
        progress: &(dyn Fn(Progress) + Sync),
    ) -> Result<Tablebase, BuildError> {
        if pieces < 2 {
            return Err(BuildError::TooFewPieces(pieces));
        }
        let mut tablebase = Tablebase::empty(ruleset);
        for material in Material::up_to(ruleset, pieces) {
            let found = match directory {
                Some((directory, _)) => {
                    let path = directory.join(file_name(material));
                    let found = Table::read(&path, material)?;
                    // A file of an older format is written again in this
                    // one, which can be probed on disk, where that can be
                    // done (the old file serves, read whole, where not).
                    if let Some(table) = &found
                        && !is_current(&path)
                    {
                        let _ = table.write(directory);
                    }
                    found
                }
                None => None,
            };
            let turned = || tablebase.turned_table(material);
            let (table, stage) = match found {
                Some(table) => (table, Stage::Found),
                None => {
                    let (table, stage) = match turned() {
                        Some(table) => (table, Stage::Turned),
                        None => (tablebase.build_table(material, progress)?, Stage::Done),
                    };
                    if let Some((directory, _)) = directory {
                        table.write(directory)?;
                    }
                    (table, stage)
                }
            };
            let size = table.indexer().size();
            progress(Progress {
                material,
                stage,
                done: size,
                total: size,
            });
            // Kept on disk: the table in memory goes, the file is opened.
            let table = match directory {
                Some((directory, Some(cache))) => {
                    let path = directory.join(file_name(material));
                    Table::open(&path, material, cache)?.ok_or_else(|| LoadError::Io {
                        path,
                        source: std::io::Error::from(std::io::ErrorKind::NotFound),
                    })?
                }
                _ => table,
            };
            tablebase.insert(table);
        }
        tablebase.set_pieces(pieces);
        Ok(tablebase)
    }

    /// Builds the table of one material. The tables its turns may lead to
    /// must be here: those of every material before it in building order
    /// ([`Material::up_to`]) with no more pieces on either side.
    ///
    /// Alquerque's tables are valued depth first, one byte a position;
    /// the other games' by links from each position to its predecessors,
    /// four bytes a link, which limits them to 2^30 positions a material.
    pub fn build_table(
        &self,
        material: Material,
        progress: &(dyn Fn(Progress) + Sync),
    ) -> Result<Table, BuildError> {
        let needed = Material::up_to(material.ruleset, material.pieces())
            .into_iter()
            .take_while(|&m| m != material)
            .filter(|m| {
                Side::ALL
                    .into_iter()
                    .all(|side| m.side(side) <= material.side(side))
            });
        if let Some(missing) = needed.into_iter().find(|&m| self.table(m).is_none()) {
            return Err(BuildError::Missing { material, missing });
        }
        if turns_never_return(material.ruleset) {
            self.build_acyclic_table(material, progress)
        } else if Indexer::new(material).size() > LINKED_MOST {
            self.build_regenerating_table(material, progress)
        } else {
            self.build_linked_table(material, progress)
        }
    }

    /// Builds the table of one material by linking every position to its
    /// predecessors and spreading the values back along the links.
    pub(crate) fn build_linked_table(
        &self,
        material: Material,
        progress: &(dyn Fn(Progress) + Sync),
    ) -> Result<Table, BuildError> {
        let indexer = Indexer::new(material);
        let size = indexer.size();
        if size > MAX_POSITIONS {
            return Err(BuildError::TooLarge {
                material,
                size,
                max: MAX_POSITIONS,
            });
        }
        let n = size as usize;
        let report = |stage, done, total| {
            progress(Progress {
                material,
                stage,
                done,
                total,
            })
        };

        // Counting: each position's worth of leaving turns and number of
        // staying turns; each position's number of predecessors.
        let mut codes = vec![UNRESOLVED; n];
        let mut leaving = vec![NONE; n];
        let mut staying = vec![0u32; n];
        let into: Vec<AtomicU32> = (0..n).map(|_| AtomicU32::new(0)).collect();
        let done = AtomicU64::new(0);
        codes
            .par_chunks_mut(CHUNK)
            .zip(leaving.par_chunks_mut(CHUNK))
            .zip(staying.par_chunks_mut(CHUNK))
            .enumerate()
            .for_each(|(chunk, ((codes, leaving), staying))| {
                let start = chunk * CHUNK;
                for k in 0..codes.len() {
                    let i = (start + k) as u64;
                    match self.scan(&indexer, i, |j, _| {
                        into[j as usize].fetch_add(1, Ordering::Relaxed);
                    }) {
                        Scan::Invalid => codes[k] = INVALID,
                        Scan::Node {
                            leaving: worth,
                            staying: count,
                        } => {
                            leaving[k] = worth.map_or(NONE, Value::code);
                            staying[k] = count;
                        }
                    }
                }
                let done = done.fetch_add(codes.len() as u64, Ordering::Relaxed);
                report(Stage::Counting, done + codes.len() as u64, size);
            });

        // Linking: predecessors of each position, in one array.
        let mut offsets = Vec::with_capacity(n + 1);
        let mut total = 0u64;
        offsets.push(0u64);
        for count in &into {
            total += u64::from(count.load(Ordering::Relaxed));
            offsets.push(total);
        }
        drop(into);
        fits_in_memory(material, ((total + n as u64) * 4) >> 20)?;
        let cursor: Vec<AtomicU32> = (0..n).map(|_| AtomicU32::new(0)).collect();
        let links: Vec<AtomicU32> = (0..total).map(|_| AtomicU32::new(0)).collect();
        let done = AtomicU64::new(0);
        (0..n.div_ceil(CHUNK)).into_par_iter().for_each(|chunk| {
            let start = chunk * CHUNK;
            let end = (start + CHUNK).min(n);
            for (i, &code) in codes.iter().enumerate().take(end).skip(start) {
                if code == INVALID {
                    continue;
                }
                self.scan(&indexer, i as u64, |j, link| {
                    let j = j as usize;
                    let slot = offsets[j] + u64::from(cursor[j].fetch_add(1, Ordering::Relaxed));
                    links[slot as usize].store((i as u32) << 2 | link as u32, Ordering::Relaxed);
                });
            }
            let done = done.fetch_add((end - start) as u64, Ordering::Relaxed);
            report(Stage::Linking, done + (end - start) as u64, size);
        });
        drop(cursor);
        let links: Vec<u32> = links.into_iter().map(AtomicU32::into_inner).collect();

        // Solving: distance by distance.
        let mut buckets: Vec<Vec<(u32, u8)>> = vec![Vec::new(); usize::from(HORIZON) + 1];
        for i in 0..n {
            if codes[i] == INVALID {
                continue;
            }
            match known_at_once(staying[i], Value::from_code(leaving[i])) {
                Some(Value::Draw) => codes[i] = Value::Draw.code(),
                Some(value) => buckets[distance(value)].push((i as u32, value.code())),
                None => {}
            }
        }
        for d in 0..=HORIZON {
            let bucket = std::mem::take(&mut buckets[usize::from(d)]);
            for (i, code) in bucket {
                let i = i as usize;
                if codes[i] != UNRESOLVED {
                    continue;
                }
                codes[i] = code;
                let from = offsets[i] as usize;
                let to = offsets[i + 1] as usize;
                match Value::from_code(code) {
                    Some(loss @ Value::Loss(_)) => {
                        for &entry in &links[from..to] {
                            let p = (entry >> 2) as usize;
                            if codes[p] != UNRESOLVED {
                                continue;
                            }
                            if let Value::Win(win) = Link::from_bits(entry & 3).worth(loss) {
                                buckets[usize::from(win)].push((p as u32, Value::Win(win).code()));
                            }
                        }
                    }
                    Some(Value::Win(_)) => {
                        for &entry in &links[from..to] {
                            let p = (entry >> 2) as usize;
                            if codes[p] != UNRESOLVED {
                                continue;
                            }
                            staying[p] -= 1;
                            if staying[p] > 0 {
                                continue;
                            }
                            match every_turn_in_loses(Value::from_code(leaving[p]), Value::Win(d)) {
                                Some(value @ Value::Loss(m)) => {
                                    buckets[usize::from(m)].push((p as u32, value.code()))
                                }
                                Some(_) => codes[p] = Value::Draw.code(),
                                None => {}
                            }
                        }
                    }
                    _ => {}
                }
            }
            report(Stage::Solving, u64::from(d) + 1, u64::from(HORIZON) + 1);
        }
        for code in &mut codes {
            if *code == UNRESOLVED {
                *code = Value::Draw.code();
            }
        }
        Ok(Table::from_codes(material, codes).expect("one code per position"))
    }

    /// The table of `material` made from the table of the other side's
    /// material (White's men and kings Black's), if that one is here: the
    /// value of each position is the value of the position turned round.
    pub fn turned_table(&self, material: Material) -> Option<Table> {
        let other = Material {
            men: [material.men[1], material.men[0]],
            kings: [material.kings[1], material.kings[0]],
            ..material
        };
        if other == material {
            return None;
        }
        let source = self.table(other)?;
        // A table on disk is read whole for this while: its positions are
        // visited in another order than its own.
        let source_codes = source.all_codes().ok()?;
        let indexer = Indexer::new(material);
        let codes = (0..indexer.size())
            .into_par_iter()
            .map(|i| {
                let turned = Position::from_setup(&indexer.setup(i))
                    .ok()
                    .and_then(|position| turned_round(&position));
                match turned {
                    Some(turned) => usize::try_from(source.indexer().index(&turned))
                        .ok()
                        .and_then(|i| source_codes.get(i).copied())
                        .unwrap_or(INVALID),
                    None => INVALID,
                }
            })
            .collect();
        Table::from_codes(material, codes)
    }

    /// Visits the turns of the position numbered `index`: `link(j, kind)`
    /// for each turn into the position numbered `j` of the same material,
    /// and the best worth of the others.
    pub(crate) fn scan(
        &self,
        indexer: &Indexer,
        index: u64,
        mut link: impl FnMut(u64, Link),
    ) -> Scan {
        let Ok(position) = Position::from_setup(&indexer.setup(index)) else {
            return Scan::Invalid;
        };
        let mut leaving: Option<Value> = None;
        let mut staying = 0u32;
        self.steps(indexer, &position, |step| match step {
            Step::Out(worth) => leaving = Some(leaving.map_or(worth, |best| best.max(worth))),
            Step::Into(j, kind) => {
                link(j, kind);
                staying += 1;
            }
        });
        Scan::Node { leaving, staying }
    }

    /// Where each turn of `position`, of the material `indexer` numbers,
    /// leads.
    pub(crate) fn steps(
        &self,
        indexer: &Indexer,
        position: &Position,
        mut visit: impl FnMut(Step),
    ) {
        let material = indexer.material();
        let _ = position.generate(|turn| {
            let after = position.play_unchecked(turn);
            if let Some(worth) = pass_ending(position, turn, &after) {
                visit(Step::Out(worth));
            } else if Material::of(&after) != material {
                visit(Step::Out(self.leaving_worth(position, &after)));
            } else {
                visit(match self.link_into(&after) {
                    Some(link) => Step::Into(indexer.index(&after), link),
                    // The opponent claims and wins: nothing to wait for.
                    None => Step::Out(Value::Win(1).back()),
                });
            }
            std::ops::ControlFlow::<()>::Continue(())
        });
    }

    /// How a turn that stays in the material links to the position it
    /// leads to, `after`, whose player may claim there (P6); `None` if a
    /// claim wins for that player, so that the turn loses at once.
    pub(crate) fn link_into(&self, after: &Position) -> Option<Link> {
        match self.claim_floor(after) {
            None => Some(Link::Plain),
            Some(Value::Draw) => Some(Link::DrawFloor),
            Some(Value::Win(_)) => None,
            Some(Value::Loss(_)) => Some(Link::LossFloor),
        }
    }

    /// The worth, to its player, of a turn that leaves the material.
    fn leaving_worth(&self, before: &Position, after: &Position) -> Value {
        let theirs = self
            .value(after)
            .unwrap_or_else(|| panic!("no table for {} after {before:?}", Material::of(after)));
        worth(before, after, theirs)
    }

    /// The best a position's claims (P6) give its player, who is to move;
    /// `None` if it has no claim that leaves a turn to make.
    fn claim_floor(&self, position: &Position) -> Option<Value> {
        self.best_claim(position)
            .unwrap_or_else(|| panic!("no table for a claim in {position:?}"))
    }
}

/// The value of a position known before any of its turns into the
/// material is: with no such turn, the best of the others (or a loss, E1,
/// with no turn at all); with a turn out of it that wins, that win, unless
/// a quicker one into the material is found. `None`: not known yet.
pub(crate) fn known_at_once(staying: u32, leaving: Option<Value>) -> Option<Value> {
    match (staying, leaving) {
        (0, leaving) => Some(leaving.unwrap_or(Value::Loss(0))),
        (_, Some(win @ Value::Win(_))) => Some(win),
        _ => None,
    }
}

/// The value of a position each of whose turns into the material leads to
/// a win of the opponent, the slowest being `slowest`, and whose turns out
/// of it are worth `leaving` at best: a loss as slow as can be, or a draw
/// beyond the horizon or by a turn out. `None` if a turn out of it wins,
/// which [`known_at_once`] has already counted.
pub(crate) fn every_turn_in_loses(leaving: Option<Value>, slowest: Value) -> Option<Value> {
    match leaving {
        Some(Value::Win(_)) => None,
        _ => {
            let own = slowest.back();
            Some(leaving.map_or(own, |worth| worth.max(own)))
        }
    }
}

/// Whether no line of turns inside one material of `ruleset` comes back to
/// a position: in Alquerque a man steps only forward or sideways (A2), and
/// sideways only onward, never back to where it came from (A5), so every
/// turn that removes nothing moves one piece further along a way it cannot
/// retrace.
fn turns_never_return(ruleset: &Ruleset) -> bool {
    std::ptr::eq(ruleset, Ruleset::ALQUERQUE)
}

/// The most positions of a material built with links: some twenty links
/// a position, four bytes each, stay within a few gigabytes. Every
/// material up to five pieces is below it; larger ones find their
/// predecessors again (`regenerate.rs`).
const LINKED_MOST: u64 = 1 << 26;

/// Positions per parallel task.
pub(crate) const CHUNK: usize = 1 << 14;
/// A position not solved yet.
pub(crate) const UNRESOLVED: u8 = 254;
/// No turn leaves the material.
pub(crate) const NONE: u8 = 253;

/// Whether `needed` megabytes more for building `material` are available
/// (always, where the system does not say).
pub(crate) fn fits_in_memory(material: Material, needed: u64) -> Result<(), BuildError> {
    match available_megabytes() {
        Some(available) if needed > available => Err(BuildError::Memory {
            material,
            needed,
            available,
        }),
        _ => Ok(()),
    }
}

/// The memory the system says is available, in megabytes (Linux's
/// `MemAvailable`); `None` where it cannot be read.
fn available_megabytes() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kilobytes: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kilobytes >> 10)
}

fn distance(value: Value) -> usize {
    match value {
        Value::Win(d) | Value::Loss(d) => usize::from(d),
        Value::Draw => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_is_built_only_after_the_tables_it_needs() {
        let tablebase = Tablebase::empty(Ruleset::PERALIKATUMA);
        let two_against_one = Material {
            ruleset: Ruleset::PERALIKATUMA,
            men: [2, 1],
            kings: [0, 0],
        };
        let error = tablebase
            .build_table(two_against_one, &|_| {})
            .expect_err("1v1 is not built");
        assert_eq!(error.to_string(), "2v1 needs the table of 1v1 first");
    }

    #[test]
    fn p6_a_claim_there_caps_what_a_turn_is_worth() {
        // No claim: the opponent's loss in 4 is a win in 5.
        assert_eq!(Link::Plain.worth(Value::Loss(4)), Value::Win(5));
        assert_eq!(Link::Plain.worth(Value::Win(4)), Value::Loss(5));
        // A claim that draws: the opponent takes it rather than lose.
        assert_eq!(Link::DrawFloor.worth(Value::Loss(4)), Value::Draw);
        assert_eq!(Link::DrawFloor.worth(Value::Win(4)), Value::Loss(5));
        // Every claim loses, but a claim is a turn: an opponent without
        // another turn is not lost at once.
        assert_eq!(Link::LossFloor.worth(Value::Loss(0)), Value::Win(2));
        assert_eq!(Link::LossFloor.worth(Value::Loss(4)), Value::Win(5));
        // Beyond the horizon a win is a draw (E4).
        assert_eq!(Link::Plain.worth(Value::Loss(HORIZON)), Value::Draw);
    }

    #[test]
    #[cfg_attr(debug_assertions, ignore = "slow in debug builds: run with --release")]
    fn a_table_turned_round_is_the_table_built() {
        for variant in Ruleset::all() {
            // Three pieces, so that one side has more than the other
            // (two on the largest boards, where kings are the difference).
            let pieces = if variant.board.len() > 49 { 2 } else { 3 };
            let tablebase = Tablebase::build(variant, pieces, &|_| {}).expect("builds");
            for table in tablebase.tables() {
                let material = table.material();
                if let Some(turned) = tablebase.turned_table(material) {
                    let built = tablebase.build_table(material, &|_| {}).expect("builds");
                    assert_eq!(turned.codes(), built.codes(), "{variant} {material}");
                }
            }
        }
    }
}
