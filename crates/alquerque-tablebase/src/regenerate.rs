//! Retrograde analysis that finds predecessors again instead of keeping
//! links, for materials too large for the linked builder.
//!
//! It keeps four bytes a position: the value, the best worth of the turns
//! that leave the material, and how many turns into the material are not
//! yet known to lose. Values are settled distance by distance, as the
//! linked builder does. At each distance every position settled there is
//! un-moved: each piece of the side that has just moved goes back to a
//! point it could have come from, and the position so made is kept as a
//! predecessor only if the step back here is among its legal turns,
//! generated forward, and leads here. That check makes the un-move as
//! exact as the rules crate's turns; it plays no other turn and probes no
//! smaller table.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicU8, AtomicU16, AtomicU64, Ordering};

use peralikatuma_rules::Side;
use peralikatuma_rules::board_topology::graph::Graph;
use peralikatuma_rules::board_topology::{Direction, PointSet};
use peralikatuma_rules::{Kind, Position, Turn};
use rayon::prelude::*;

use crate::build::{
    BuildError, CHUNK, Link, NONE, Progress, Scan, Stage, UNRESOLVED, every_turn_in_loses,
    fits_in_memory, known_at_once,
};
use crate::index::Indexer;
use crate::material::Material;
use crate::table::Table;
use crate::tablebase::{Tablebase, pass_ending};
use crate::value::{HORIZON, INVALID, Value};

impl Tablebase {
    /// Builds the table of `material` without links: predecessors are
    /// found again by un-moving, at four bytes a position.
    pub(crate) fn build_regenerating_table(
        &self,
        material: Material,
        progress: &(dyn Fn(Progress) + Sync),
    ) -> Result<Table, BuildError> {
        let indexer = Indexer::new(material);
        let size = indexer.size();
        fits_in_memory(material, (size * 4) >> 20)?;
        let n = size as usize;
        let report = |stage, done, total| {
            progress(Progress {
                material,
                stage,
                done,
                total,
            })
        };

        // Counting: each position's best leaving worth and staying turns.
        let codes: Vec<AtomicU8> = (0..n).map(|_| AtomicU8::new(UNRESOLVED)).collect();
        let mut leaving = vec![NONE; n];
        let staying: Vec<AtomicU16> = (0..n).map(|_| AtomicU16::new(0)).collect();
        let done = AtomicU64::new(0);
        leaving
            .par_chunks_mut(CHUNK)
            .enumerate()
            .for_each(|(chunk, leaving)| {
                let start = chunk * CHUNK;
                for (k, worth) in leaving.iter_mut().enumerate() {
                    let i = start + k;
                    match self.scan(&indexer, i as u64, |_, _| {}) {
                        Scan::Invalid => codes[i].store(INVALID, Ordering::Relaxed),
                        Scan::Node {
                            leaving: best,
                            staying: count,
                        } => {
                            *worth = best.map_or(NONE, Value::code);
                            let count = u16::try_from(count).unwrap_or(u16::MAX);
                            staying[i].store(count, Ordering::Relaxed);
                            if let Some(value) = known_at_once(u32::from(count), best) {
                                codes[i].store(value.code(), Ordering::Relaxed);
                            }
                        }
                    }
                }
                let done = done.fetch_add(leaving.len() as u64, Ordering::Relaxed);
                report(Stage::Counting, done + leaving.len() as u64, size);
            });

        // Settling, distance by distance: a win is final once its distance
        // comes (a quicker one could still be found before), a loss as
        // soon as it is known.
        let leaving = &leaving;
        let walk = Unmove {
            tablebase: self,
            indexer: &indexer,
            codes: &codes,
        };
        for d in 0..=HORIZON {
            // Settled at this distance: a loss in d, or a win in d (there
            // is no win in 0, whose code would be a draw's).
            let settled =
                |code: u8| code == Value::Loss(d).code() || (d > 0 && code == Value::Win(d).code());
            (0..n).into_par_iter().with_min_len(CHUNK).for_each(|j| {
                let code = codes[j].load(Ordering::Relaxed);
                if !settled(code) {
                    return;
                }
                let value = Value::from_code(code).expect("a settled value");
                walk.predecessors(j as u64, |p, link| match value {
                    Value::Loss(_) => {
                        if let Value::Win(win) = link.worth(value) {
                            walk.offer_win(p, win);
                        }
                    }
                    _ => {
                        if staying[p as usize].fetch_sub(1, Ordering::Relaxed) != 1 {
                            return;
                        }
                        let worth = Value::from_code(leaving[p as usize]);
                        if let Some(value) = every_turn_in_loses(worth, value) {
                            codes[p as usize].store(value.code(), Ordering::Relaxed);
                        }
                    }
                });
            });
            report(Stage::Solving, u64::from(d) + 1, u64::from(HORIZON) + 1);
        }
        let codes = codes
            .into_iter()
            .map(|code| match code.into_inner() {
                UNRESOLVED => Value::Draw.code(),
                code => code,
            })
            .collect();
        Ok(Table::from_codes(material, codes).expect("one code per position"))
    }
}

/// Finds the predecessors of positions of one material, and settles them.
struct Unmove<'a> {
    tablebase: &'a Tablebase,
    indexer: &'a Indexer,
    codes: &'a [AtomicU8],
}

impl Unmove<'_> {
    /// Calls `visit(p, link)` for every position `p` of the material with
    /// a turn into the position numbered `j`, `link` saying what the
    /// claims after that turn make of it.
    fn predecessors(&self, j: u64, mut visit: impl FnMut(u64, Link)) {
        let setup = self.indexer.setup(j);
        let board = setup.ruleset.board;
        let mover = setup.side_to_move.opposite();
        let us = mover.index();
        let occupied = setup.pieces(Side::White) | setup.pieces(Side::Black);
        let zone = setup.ruleset.leap_zone;
        for to in setup.pieces(mover).points() {
            let king = setup.kings[us] & (1 << to) != 0;
            for from in origins(board, to, occupied, king, zone).points() {
                let mut before = setup;
                before.side_to_move = mover;
                let moved = 1u128 << from | 1 << to;
                match king {
                    true => before.kings[us] ^= moved,
                    false => before.men[us] ^= moved,
                }
                let Ok(position) = Position::from_setup(&before) else {
                    continue;
                };
                if let Some(link) = self.link_to(&position, from, to, j) {
                    visit(self.indexer.index(&position), link);
                }
            }
        }
        // A pass (F6) leaves every piece where it stood. One that ends the
        // game leads nowhere in the material.
        let mut before = setup;
        before.side_to_move = mover;
        if let Ok(position) = Position::from_setup(&before)
            && position.must_pass()
        {
            let after = position.play_unchecked(&Turn::PASS);
            if pass_ending(&position, &Turn::PASS, &after).is_none()
                && let Some(link) = self.tablebase.link_into(&after)
            {
                visit(self.indexer.index(&position), link);
            }
        }
    }

    /// How `position` links to the position numbered `j` by its step from
    /// `from` to `to`, if that step is legal and leads there. No other
    /// turn can: a capture or a claim leaves the material, and any other
    /// step leaves other points occupied. The claims after the step (P6),
    /// which the numbering leaves out, decide the link.
    fn link_to(&self, position: &Position, from: u8, to: u8, j: u64) -> Option<Link> {
        let step = position.generate(|turn| {
            let this = matches!(turn.kind(), Kind::Step | Kind::Leap)
                && turn.huff().is_none()
                && turn.from() == from
                && turn.to() == Some(to);
            match this {
                true => ControlFlow::Break(*turn),
                false => ControlFlow::Continue(()),
            }
        });
        let ControlFlow::Break(step) = step else {
            return None;
        };
        let after = position.play_unchecked(&step);
        if self.indexer.index(&after) != j {
            return None;
        }
        self.tablebase.link_into(&after)
    }

    /// Settles position `p` as a win in `win` turns, unless it is settled
    /// otherwise or has a quicker win already.
    fn offer_win(&self, p: u64, win: u8) {
        let slot = &self.codes[p as usize];
        let _ =
            slot.fetch_update(
                Ordering::Relaxed,
                Ordering::Relaxed,
                |code| match Value::from_code(code) {
                    Some(Value::Win(known)) if known <= win => None,
                    Some(Value::Win(_)) => Some(Value::Win(win).code()),
                    _ if code == UNRESOLVED => Some(Value::Win(win).code()),
                    _ => None,
                },
            );
    }
}

/// The points a piece now on `to` may have come from by a turn that
/// captured nothing: a neighbour for a man, any point along a line with
/// nothing between for a king, and, for a man in the `leap_zone`
/// (Terhuchu), the point two along a line over an empty one;
/// `occupied` are the pieces on the board. (The turn is then checked
/// forward, so that a point too many does no harm.)
fn origins(board: &Graph, to: u8, occupied: u128, king: bool, leap_zone: u128) -> u128 {
    let mut from = 0u128;
    for direction in Direction::ALL {
        let mut point = to;
        let mut run = 0;
        while let Some(next) = board.neighbour(point, direction) {
            if occupied & (1 << next) != 0 {
                break;
            }
            from |= 1 << next;
            run += 1;
            let leaps = run < 2 && leap_zone & (1 << to) != 0;
            if !king && !leaps {
                break;
            }
            point = next;
        }
    }
    from
}

#[cfg(test)]
mod tests {
    use peralikatuma_rules::Ruleset;

    use super::*;

    /// Builds the tables of `variant` up to `pieces` pieces by links, and
    /// again without (of the largest number of pieces only those
    /// `wanted`), and checks that they agree byte for byte.
    fn both_ways(variant: &'static Ruleset, pieces: usize, wanted: impl Fn(&Material) -> bool) {
        let mut tablebase = Tablebase::empty(variant);
        for material in Material::up_to(variant, pieces) {
            let linked = tablebase
                .build_linked_table(material, &|_| {})
                .expect("builds");
            if material.pieces() < pieces || wanted(&material) {
                let regenerated = tablebase
                    .build_regenerating_table(material, &|_| {})
                    .expect("builds");
                assert!(
                    linked.codes() == regenerated.codes(),
                    "{variant} {material}"
                );
            }
            tablebase.insert(linked);
        }
    }

    #[test]
    fn tables_with_predecessors_found_again_are_the_linked_tables() {
        // Claims (P6) in Peralikatuma.
        both_ways(Ruleset::PERALIKATUMA, 2, |_| true);
        // Passes that lose (F6).
        both_ways(family("kharbaga"), 2, |_| true);
    }

    fn family(id: &str) -> &'static Ruleset {
        Ruleset::find(id).expect("a ruleset")
    }

    /// Every table up to four pieces of both games agreed too, when
    /// compared once (15 minutes on a busy machine); this test takes
    /// Peralikatuma's claims up to three pieces and Permainan's kings.
    #[test]
    #[cfg_attr(debug_assertions, ignore = "slow in debug builds: run with --release")]
    fn larger_tables_with_predecessors_found_again_are_the_linked_tables() {
        both_ways(Ruleset::PERALIKATUMA, 3, |_| true);
        // Kings, crowning and flying turns.
        both_ways(Ruleset::PERMAINAN, 3, |m| {
            m.kings == [1, 1] || m.men == [1, 1]
        });
        // Passes that go on where the game ends by capturing all: a man
        // on a1 shut in by four (Lau Kata Kati, W:Wa1:Bd1,g1,b2,c3) must
        // pass, and loses. Then Terhuchu's leaps; Kharbaga's and Zamma's
        // flying kings, forward men and passes that lose; huffs in
        // Covarrubias.
        both_ways(family("lau-kata-kati"), 5, |m| {
            m.men == [1, 4] || m.men == [4, 1]
        });
        for (id, pieces) in [
            ("terhuchu", 3),
            ("kharbaga", 2),
            ("zamma", 2),
            ("alquerque-covarrubias", 3),
        ] {
            both_ways(family(id), pieces, |_| true);
        }
    }
}
