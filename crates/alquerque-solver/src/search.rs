//! Depth-first proof-number search (df-pn, Nagai 2002) with the 1+ε
//! trick of Pawlewicz and Lew (2007), on every core.
//!
//! Numbers are kept for the side to move ("phi" and "delta"): phi is the
//! proof number of "the side to move gets what it wants here", delta its
//! disproof number. The prover wants the goal; the opponent wants it to
//! fail. A position's phi is the least delta of its children, its delta
//! the sum of their phis. A settled position has phi 0 (its side to move
//! gets its way) or delta 0 (it does not).
//!
//! Threads share the tables. They differ in one choice: where the prover's
//! opponent is to move, every answer must be refuted in a proof, so odd
//! threads work on the second most promising answer while even threads
//! work on the first.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use alquerque_proof::Goal;
use alquerque_tablebase::{Tablebase, Verdict};
use peralikatuma_rules::Side;
use peralikatuma_rules::{Game, Position, Turn};
use smallvec::SmallVec;

use crate::key::key;
use crate::solved::Solved;
use crate::table::Table;

/// Infinity, for proof and disproof numbers.
pub(crate) const INF: u32 = u32::MAX;

/// How much further than its sibling a child may be searched before the
/// search comes back up (the 1+ε trick): ε = 1/4.
fn widen(delta: u32) -> u32 {
    let widened = u64::from(delta) + u64::from(delta / 4) + 1;
    widened.min(u64::from(INF - 1)) as u32
}

/// What a position is known to be before it is searched.
#[derive(Copy, Clone, Debug)]
pub(crate) enum Known {
    /// Settled: whether the goal holds.
    Settled(bool),
    /// Open, with this many legal turns.
    Open(u32),
}

/// A child in the search: the turn to a position, with the position's
/// key and numbers. The position itself is played again when the search
/// goes into it: a turn is a third of a position's size, and the list of
/// children is copied as it grows.
#[derive(Copy, Clone)]
struct Child {
    turn: Turn,
    key: u64,
    settled: bool,
    phi: u32,
    delta: u32,
}

/// What each thread keeps for itself.
pub(crate) struct Worker {
    /// Its number: odd threads vary the choice at the opponent's turns.
    pub id: usize,
    /// Positions searched since the count was last added to the total.
    pub nodes: u64,
    /// Positions searched by this worker, ever: the work of a search is
    /// the difference before and after.
    pub searched: u64,
}

/// The shared state of a search for one goal.
pub(crate) struct Search {
    pub goal: Goal,
    pub solved: Solved,
    pub table: Table,
    pub tablebase: Option<Tablebase>,
    pub nodes: AtomicU64,
    pub stop: AtomicBool,
    /// Settled positions whose search took at least this many positions
    /// are kept for ever; smaller ones go to the working table, where they
    /// may be forgotten and found again.
    pub keep_work: u64,
}

impl Search {
    /// The numbers of a settled position for its side to move, `mover`.
    fn settled_numbers(&self, mover: Side, met: bool) -> (u32, u32) {
        let mover_is_prover = mover == self.goal.side;
        if met == mover_is_prover {
            (0, INF)
        } else {
            (INF, 0)
        }
    }

    /// Whether the goal holds in a position of the given verdict for its
    /// side to move.
    fn met_by_verdict(&self, position: &Position, verdict: Verdict) -> bool {
        let mover_is_prover = position.side_to_move() == self.goal.side;
        match verdict {
            Verdict::Win => mover_is_prover,
            Verdict::Loss => !mover_is_prover,
            Verdict::Draw => self.goal.draw_is_enough,
        }
    }

    /// What is known of `position` without searching it: the end of the
    /// game (E1, then E4, as E5 orders them), the tablebases' verdict, or
    /// the number of its legal turns.
    pub fn known(&self, position: &Position) -> Known {
        let mut turns = 0;
        // No position repeats in Alquerque (A2, A5), so E2 never applies.
        let outcome = Game::judge(
            position,
            || {
                // The last ply of a perft: the turns counted, not listed.
                turns = position.perft(1);
                turns > 0
            },
            || 1,
        );
        if let Some(outcome) = outcome {
            return Known::Settled(self.goal.met_by(outcome));
        }
        if let Some(probe) = self
            .tablebase
            .as_ref()
            .and_then(|tablebase| tablebase.probe(position))
        {
            return Known::Settled(self.met_by_verdict(position, probe.verdict));
        }
        Known::Open(turns as u32)
    }

    /// Whether the goal holds at `position`, if that is known now.
    pub fn settled(&self, position: &Position) -> Option<bool> {
        self.settled_with_work(position).map(|(met, _)| met)
    }

    /// Whether the goal holds at `position` (of key `key`), if the search
    /// has settled it and not forgotten it.
    fn found(&self, position: &Position, key: u64) -> Option<bool> {
        self.found_with_work(position, key).map(|(met, _)| met)
    }

    /// Whether the goal holds at `position` and the work (positions
    /// searched) it took to settle, if settled and not forgotten: the end
    /// of the game or the tablebases take none.
    pub fn settled_with_work(&self, position: &Position) -> Option<(bool, u64)> {
        match self.known(position) {
            Known::Settled(met) => Some((met, 0)),
            Known::Open(_) => self.found_with_work(position, key(position)),
        }
    }

    fn found_with_work(&self, position: &Position, key: u64) -> Option<(bool, u64)> {
        if let Some(settled) = self.solved.settled(key) {
            return Some((settled.met, settled.work));
        }
        let mover_is_prover = position.side_to_move() == self.goal.side;
        match self.table.probe_with_work(key)? {
            ((0, _), work) => Some((mover_is_prover, work)),
            ((_, 0), work) => Some((!mover_is_prover, work)),
            _ => None,
        }
    }

    /// Searches from `root` until it is settled or the search is stopped;
    /// returns whether the goal holds, or `None` if stopped.
    pub fn run(&self, worker: &mut Worker, root: &Position) -> Option<bool> {
        let root_key = key(root);
        if let Known::Settled(met) = self.known(root) {
            return Some(met);
        }
        loop {
            if let Some(met) = self.found(root, root_key) {
                return Some(met);
            }
            if self.stop.load(Ordering::Relaxed) {
                return None;
            }
            let (phi, delta) = self.mid(worker, root, root_key, INF - 1, INF - 1, 0);
            if phi == 0 || delta == 0 {
                return Some((phi == 0) == (root.side_to_move() == self.goal.side));
            }
            if phi >= INF - 1 || delta >= INF - 1 {
                // The numbers have outgrown what they can count: the search
                // cannot go on (never seen; the numbers stay in the
                // thousands). Given up as if stopped.
                return None;
            }
        }
    }

    /// Adds the worker's count to the total.
    pub fn flush(&self, worker: &mut Worker) {
        self.nodes.fetch_add(worker.nodes, Ordering::Relaxed);
        worker.nodes = 0;
    }

    /// Searches `position` until its phi reaches `th_phi` or its delta
    /// reaches `th_delta`; stores and returns its numbers.
    fn mid(
        &self,
        worker: &mut Worker,
        position: &Position,
        key_here: u64,
        th_phi: u32,
        th_delta: u32,
        depth: u32,
    ) -> (u32, u32) {
        worker.nodes += 1;
        worker.searched += 1;
        let searched_before = worker.searched;
        if worker.nodes >= 4096 {
            self.flush(worker);
        }
        let opponent = position.side_to_move().opposite();
        let mut children: SmallVec<[Child; 16]> = SmallVec::new();
        let _ = position.generate(|turn| {
            let next = position.play_unchecked(turn);
            let (settled, (phi, delta)) = match self.known(&next) {
                Known::Settled(met) => (true, self.settled_numbers(opponent, met)),
                Known::Open(turns) => (false, (1, turns.max(1))),
            };
            children.push(Child {
                turn: *turn,
                key: key(&next),
                settled,
                phi,
                delta,
            });
            ControlFlow::<()>::Continue(())
        });
        let mover_is_prover = position.side_to_move() == self.goal.side;
        let vary = worker.id % 2 == 1 && !mover_is_prover;
        loop {
            let mut sum: u64 = 0;
            let (mut first, mut second) = (usize::MAX, usize::MAX);
            for i in 0..children.len() {
                let child = &mut children[i];
                if !child.settled {
                    if let Some(met) = self.solved.get(child.key) {
                        (child.phi, child.delta) = self.settled_numbers(opponent, met);
                        child.settled = true;
                    } else if let Some(numbers) = self.table.probe(child.key) {
                        (child.phi, child.delta) = numbers;
                        child.settled = numbers.0 == 0 || numbers.1 == 0;
                    }
                }
                sum += u64::from(child.phi);
                let delta = child.delta;
                if first == usize::MAX || delta < children[first].delta {
                    second = first;
                    first = i;
                } else if second == usize::MAX || delta < children[second].delta {
                    second = i;
                }
            }
            let phi = children[first].delta;
            let delta = if phi == 0 {
                INF
            } else {
                sum.min(u64::from(INF - 1)) as u32
            };
            if phi >= th_phi || delta >= th_delta || self.stop.load(Ordering::Relaxed) {
                let work = worker.searched - searched_before + 1;
                if (phi == 0 || delta == 0) && work >= self.keep_work {
                    self.solved
                        .insert(key_here, (phi == 0) == mover_is_prover, work);
                } else {
                    self.table.store(key_here, phi, delta, work);
                }
                return (phi, delta);
            }
            if depth == 0 {
                // The root's numbers, for progress reports.
                self.table.store(key_here, phi, delta, u64::MAX);
            }
            let second_delta = if second == usize::MAX {
                INF
            } else {
                children[second].delta
            };
            let (pick, rival_delta) = if vary && second_delta < th_phi && !children[second].settled
            {
                (second, children[second].delta)
            } else {
                (first, second_delta)
            };
            let child = children[pick];
            let others = u64::from(delta) - u64::from(child.phi).min(u64::from(delta));
            let child_th_phi =
                (u64::from(th_delta).saturating_sub(others)).min(u64::from(INF - 1)) as u32;
            let child_th_delta = th_phi.min(widen(rival_delta.max(child.delta)));
            let (child_phi, child_delta) = self.mid(
                worker,
                &position.play_unchecked(&child.turn),
                child.key,
                child_th_phi,
                child_th_delta,
                depth + 1,
            );
            let child = &mut children[pick];
            (child.phi, child.delta) = (child_phi, child_delta);
            if child_phi == 0 || child_delta == 0 {
                child.settled = true;
            }
        }
    }
}
