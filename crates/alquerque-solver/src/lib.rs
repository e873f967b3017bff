#![doc = include_str!("../README.md")]

mod checkpoint;
mod extract;
mod from_tables;
mod key;
mod search;
mod solved;
mod table;

use std::io;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

pub use alquerque_proof::{Goal, Proof};
use alquerque_tablebase::Tablebase;
pub use checkpoint::CheckpointError;
pub use extract::ExtractError;
pub use from_tables::{FromTablesError, proof_from_tables};
use peralikatuma_rules::Position;
use peralikatuma_rules::Ruleset;

use crate::search::{INF, Search, Worker};

/// The stack of each search thread: a search goes as deep as a game.
const STACK: usize = 64 << 20;

/// How a solver may use the machine.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Options {
    /// The size of the table of unsettled positions, in MiB. Settled
    /// positions are kept apart and never forgotten.
    pub table_megabytes: usize,
    /// Search threads (at least one).
    pub threads: usize,
    /// Settled positions whose search took at least this many positions
    /// are kept for ever; the others go to the table of unsettled ones,
    /// where they may be forgotten and found again. Most settled positions
    /// are near the end of a game and quick to settle, so keeping them all
    /// (1) fills the memory on a long solve, but gives the proof builder
    /// every choice without searching again.
    pub keep_work: u64,
}

impl Default for Options {
    /// 1 GiB, every core, settled positions kept from 64 positions of
    /// work.
    fn default() -> Options {
        Options {
            table_megabytes: 1024,
            threads: std::thread::available_parallelism().map_or(1, usize::from),
            keep_work: 64,
        }
    }
}

/// A position the solver cannot solve.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum SolveError {
    /// Only Alquerque's games are known to be finite without repetitions
    /// (A2, A5); the other games may repeat (E2).
    #[error("only Alquerque can be solved: {0} positions may repeat (E2)")]
    NotAlquerque(&'static str),
}

/// How far a search has come.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Progress {
    /// Positions searched (expanded) so far.
    pub nodes: u64,
    /// Positions settled so far.
    pub settled: usize,
}

/// Proves or disproves a [`Goal`] in Alquerque positions by depth-first
/// proof-number search, and builds the [`Proof`] of what it proved.
///
/// ```
/// use alquerque_solver::{Goal, Options, Solver};
/// use alquerque_proof::verify;
/// use peralikatuma_rules::{Ruleset, Side};
/// use peralikatuma_rules::Position;
///
/// // Two White men against one Black man, White to move.
/// let position = Position::parse(Ruleset::ALQUERQUE, "W:Wb2,d2:Bc4")?;
/// let options = Options { table_megabytes: 1, threads: 1, keep_work: 1 };
/// let solver = Solver::new(Goal::win(Side::White), options);
/// assert_eq!(solver.solve(&position)?, Some(true));
/// let proof = solver.proof(&position)?;
/// assert!(verify(&proof).is_ok());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Solver {
    search: Search,
    threads: usize,
}

impl Solver {
    /// A solver of `goal`, with nothing settled yet.
    pub fn new(goal: Goal, options: Options) -> Solver {
        Solver {
            search: Search {
                goal,
                solved: solved::Solved::new(),
                table: table::Table::new(options.table_megabytes),
                tablebase: None,
                nodes: AtomicU64::new(0),
                stop: AtomicBool::new(false),
                keep_work: options.keep_work.max(1),
            },
            threads: options.threads.max(1),
        }
    }

    /// The solver, settling the positions that `tablebase` covers by its
    /// verdicts (which count the sixty-turn rule, E4).
    pub fn with_tablebase(mut self, tablebase: Tablebase) -> Solver {
        self.search.tablebase = Some(tablebase);
        self
    }

    /// What the solver proves or disproves.
    pub fn goal(&self) -> Goal {
        self.search.goal
    }

    /// Searches until it is known whether the goal holds at `start`, on
    /// every thread: `Some(true)` if it holds, `Some(false)` if not, `None`
    /// if [`Solver::stop`] was called first.
    pub fn solve(&self, start: &Position) -> Result<Option<bool>, SolveError> {
        if start.ruleset() != Ruleset::ALQUERQUE {
            return Err(SolveError::NotAlquerque(start.ruleset().id));
        }
        let answers: Vec<Option<bool>> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..self.threads)
                .map(|id| {
                    let search = &self.search;
                    std::thread::Builder::new()
                        .stack_size(STACK)
                        .spawn_scoped(scope, move || {
                            let mut worker = Worker {
                                id,
                                nodes: 0,
                                searched: 0,
                            };
                            let answer = search.run(&mut worker, start);
                            search.flush(&mut worker);
                            // The first thread to finish ends the others.
                            search.stop.store(true, Ordering::Relaxed);
                            answer
                        })
                })
                .collect();
            handles
                .into_iter()
                .map(|handle| handle.ok().and_then(|h| h.join().ok()).flatten())
                .collect()
        });
        self.search.stop.store(false, Ordering::Relaxed);
        Ok(answers
            .into_iter()
            .flatten()
            .next()
            .or_else(|| self.search.settled(start)))
    }

    /// Asks a running [`Solver::solve`] to return (with `None`) soon.
    pub fn stop(&self) {
        self.search.stop.store(true, Ordering::Relaxed);
    }

    /// How far the search has come.
    pub fn progress(&self) -> Progress {
        Progress {
            nodes: self.search.nodes.load(Ordering::Relaxed),
            settled: self.search.solved.len(),
        }
    }

    /// Whether the goal holds at `position`, if the solver knows.
    pub fn settled(&self, position: &Position) -> Option<bool> {
        self.search.settled(position)
    }

    /// The proof and disproof numbers of `position` as the search last
    /// left them: how many positions at least must still be settled to
    /// prove, and to disprove, the goal there. `(0, ∞)` once proved and
    /// `(∞, 0)` once disproved, shown as `u32::MAX`.
    pub fn numbers(&self, position: &Position) -> Option<(u32, u32)> {
        let mover_is_prover = position.side_to_move() == self.search.goal.side;
        let (phi, delta) = match self.settled(position) {
            Some(met) => {
                if met == mover_is_prover {
                    (0, INF)
                } else {
                    (INF, 0)
                }
            }
            None => self.search.table.probe(key::key(position))?,
        };
        Some(if mover_is_prover {
            (phi, delta)
        } else {
            (delta, phi)
        })
    }

    /// Saves the settled positions to a checkpoint file for `start`;
    /// returns how many were saved.
    pub fn save_checkpoint(&self, start: &Position, path: &Path) -> io::Result<usize> {
        checkpoint::save(&self.search.solved, self.search.goal, start, path)
    }

    /// Reads a checkpoint saved by a solver of the same goal from `start`;
    /// returns how many settled positions it held.
    pub fn load_checkpoint(&self, start: &Position, path: &Path) -> Result<usize, CheckpointError> {
        checkpoint::load(&self.search.solved, self.search.goal, start, path)
    }

    /// The proof that the goal holds at `start`, from what the search
    /// settled: the prover's turn in each of its positions that the proof
    /// reaches. Positions the search left unsettled are searched now (on
    /// one thread).
    pub fn proof(&self, start: &Position) -> Result<Proof, ExtractError> {
        self.extract(start, true)
    }

    /// The proof that the goal fails at `start`: a proof of the opposite
    /// goal ([`Goal::opposite`]), built in the same way.
    pub fn disproof(&self, start: &Position) -> Result<Proof, ExtractError> {
        self.extract(start, false)
    }

    /// Extraction searches what was left unsettled, as deep as a game
    /// goes: on a thread with the search threads' large stack.
    fn extract(&self, start: &Position, holds: bool) -> Result<Proof, ExtractError> {
        std::thread::scope(|scope| {
            std::thread::Builder::new()
                .stack_size(STACK)
                .spawn_scoped(scope, || extract::extract(&self.search, start, holds))
                .map_err(|_| ExtractError::Stopped)?
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
        })
    }
}
