//! The machine thinks on a bounded pool: a fixed number of blocking
//! threads at once, whatever the number of games, so that many games with
//! the machine thinking never stall the server's answers to pages.
//!
//! What the machine's search learns is kept in transposition tables (64
//! MiB for Hard and Master), and those belong to the pool, not to games:
//! each of its places (a thread that thinks) has one table, made when the
//! place first thinks and enlarged when a stronger player needs more. A
//! turn's player is made afresh on the table of the place that thinks it
//! (a player without its table costs next to nothing), so the pool's
//! memory is at most its places times the largest table, whatever the
//! number of games. A table passes from game to game: an entry is believed
//! only for the position whose full hash it was stored under.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use alquerque_ai::{Player, Stop, Strength, TimeBudget, TimeSource, TranspositionTable};
use peralikatuma_rules::{Game, Turn};
use serde::Serialize;
use tokio::sync::Semaphore;

use crate::session::Session;

/// How long the machine thinks for a hint, by default.
pub const HINT_TIME: Duration = Duration::from_millis(500);

/// Threads that think at once, and the tables they think with; and the
/// analysis board's places, apart from them.
#[derive(Clone)]
pub struct Pool {
    permits: Arc<Semaphore>,
    threads: usize,
    /// Analyses that may run at once ([`Pool::analyse`]).
    analyses: Arc<Semaphore>,
    analysis_places: usize,
    hard_time: Duration,
    hint_time: Duration,
    tables: Arc<Tables>,
}

impl std::fmt::Debug for Pool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Pool")
            .field("threads", &self.threads)
            .field("hard_time", &self.hard_time)
            .field("status", &self.status())
            .finish()
    }
}

/// The pool's transposition tables: those of the places not thinking now,
/// and counts of all of them.
#[derive(Default)]
struct Tables {
    /// Tables of places not thinking now.
    free: Mutex<Vec<TranspositionTable>>,
    /// Tables alive, free or thinking: at most the pool's places, since a
    /// place takes one only while it holds a thread.
    alive: AtomicUsize,
    /// Their bytes.
    bytes: AtomicUsize,
    /// Tables made since the pool began (enlarging one makes one).
    made: AtomicUsize,
}

/// What the pool holds now, for `GET /api/server`.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Serialize)]
pub struct PoolStatus {
    /// Threads that think at once.
    pub threads: usize,
    /// Transposition tables alive, in use or kept: never more than
    /// `threads`.
    pub tables: usize,
    /// Their bytes: never more than `threads` times the largest table
    /// (64 MiB).
    pub table_bytes: usize,
    /// Tables made since the server started.
    pub made: usize,
    /// Analyses that may run at once, apart from the thinkers.
    pub analysis_places: usize,
    /// Analyses running now.
    pub analyses: usize,
}

/// What the machine is asked to think about: a turn in a game, within a
/// budget on a clock, stopped by `stop`.
pub struct Job {
    /// The player's strength.
    pub strength: Strength,
    /// The game, its turn to be chosen.
    pub game: Game,
    /// On a clock: the budget, as it was at the instant given, read from
    /// [`Job::time`] (the time spent waiting for a thread is taken off).
    pub budget: Option<(TimeBudget, Instant)>,
    /// Stops the thinking: the game has changed.
    pub stop: Stop,
    /// How long Hard thinks, if not the pool's own time.
    pub hard_time: Option<Duration>,
    /// Where the budget's instant and the player read the time.
    pub time: TimeSource,
}

impl Job {
    /// A job for `strength` in `game`, without a clock.
    pub fn new(strength: Strength, game: Game) -> Job {
        Job {
            strength,
            game,
            budget: None,
            stop: Stop::new(),
            hard_time: None,
            time: TimeSource::real(),
        }
    }
}

impl Pool {
    /// A pool of `threads` thinkers (at least one); Hard thinks
    /// `hard_time` a turn, and `hint_time` for a hint.
    pub fn new(threads: usize, hard_time: Duration, hint_time: Duration) -> Pool {
        let threads = threads.max(1);
        Pool {
            permits: Arc::new(Semaphore::new(threads)),
            threads,
            analyses: Arc::new(Semaphore::new(threads)),
            analysis_places: threads,
            hard_time,
            hint_time,
            tables: Arc::new(Tables::default()),
        }
    }

    /// The same pool with `places` analyses at once (at least one)
    /// rather than one a thinker.
    pub fn with_analysis_places(mut self, places: usize) -> Pool {
        let places = places.max(1);
        self.analyses = Arc::new(Semaphore::new(places));
        self.analysis_places = places;
        self
    }

    /// What the pool holds now.
    pub fn status(&self) -> PoolStatus {
        let tables = &self.tables;
        PoolStatus {
            threads: self.threads,
            tables: tables.alive.load(Ordering::Relaxed),
            table_bytes: tables.bytes.load(Ordering::Relaxed),
            made: tables.made.load(Ordering::Relaxed),
            analysis_places: self.analysis_places,
            analyses: self
                .analysis_places
                .saturating_sub(self.analyses.available_permits()),
        }
    }

    /// Runs an analysis, `work`, on a blocking thread once one of the
    /// analysis places is free, after `waiting` if none is free at once;
    /// `None` if it panicked. Analyses have places of their own, so that
    /// however many pages analyse, the machine's turns in games never
    /// wait for them; each brings its own small table
    /// ([`TABLE_MB`](super::analysis_board::TABLE_MB)), so that they take
    /// at most that much memory a place.
    pub async fn analyse<T: Send + 'static, W: Future<Output = ()>>(
        &self,
        waiting: impl FnOnce() -> W,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Option<T> {
        let places = self.analyses.clone();
        let _permit = match places.clone().try_acquire_owned() {
            Ok(permit) => permit,
            Err(_) => {
                waiting().await;
                places.acquire_owned().await.ok()?
            }
        };
        tokio::task::spawn_blocking(work).await.ok()
    }

    /// Runs `work` on a blocking thread once one of the pool's places is
    /// free; `None` if it panicked.
    pub async fn run<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Option<T> {
        let _permit = self.permits.acquire().await.ok()?;
        tokio::task::spawn_blocking(work).await.ok()
    }

    /// The machine's turn in `job` (`None` when it has none, or was
    /// stopped before it began); `None` if the thinking failed.
    pub async fn think(&self, job: Job) -> Option<Option<Turn>> {
        let tables = self.tables.clone();
        let pool_time = self.hard_time;
        self.run(move || {
            if job.stop.is_stopped() {
                return None;
            }
            let table = tables.take(job.strength.table_megabytes());
            let mut player = Player::with_table(job.strength, rand::random(), &table);
            player.hard_time = job.hard_time.unwrap_or(pool_time);
            player.set_tablebase(crate::tablebases::for_ruleset(job.game.ruleset()));
            player.set_solution(crate::solutions::for_ruleset(job.game.ruleset()));
            player.share_stop(job.stop);
            player.set_time_source(job.time.clone());
            let turn = match job.budget {
                Some((budget, as_of)) => {
                    let waited = job.time.instant().saturating_duration_since(as_of);
                    let budget = TimeBudget {
                        soft: budget.soft.saturating_sub(waited),
                        hard: budget.hard.saturating_sub(waited),
                    };
                    player.choose_on_clock(&job.game, budget)
                }
                None => player.choose(&job.game),
            };
            drop(player);
            tables.give_back(table);
            turn
        })
        .await
    }

    /// Makes ready a table big enough for `strength`, if no free place has
    /// one, so that the machine's first turn on a clock does not spend its
    /// time making one (a Hard player's table takes a while to set up).
    pub async fn prepare(&self, strength: Strength) {
        let tables = self.tables.clone();
        self.run(move || {
            let table = tables.take(strength.table_megabytes());
            tables.give_back(table);
        })
        .await;
    }

    /// A hint for the side to move: the full searcher on a short budget.
    pub async fn hint(&self, game: Game) -> Option<Turn> {
        let job = Job {
            hard_time: Some(self.hint_time),
            ..Job::new(Strength::Hard, game)
        };
        self.think(job).await.flatten()
    }

    /// Whether the machine accepts a draw in `session` (a short search).
    pub async fn accepts_draw(&self, session: Session) -> bool {
        self.run(move || session.machine_accepts_draw())
            .await
            .unwrap_or(false)
    }
}

impl Tables {
    /// A free table of at least `megabytes` MiB (the smallest such), else
    /// one made that big, in place of a smaller free one if there is one.
    /// Called with a place held, so that the tables alive are at most the
    /// pool's places.
    fn take(&self, megabytes: usize) -> TranspositionTable {
        let bytes = megabytes << 20;
        let mut free = self.free.lock().unwrap_or_else(|p| p.into_inner());
        let fits = free
            .iter()
            .enumerate()
            .filter(|(_, table)| table.bytes() >= bytes)
            .min_by_key(|(_, table)| table.bytes())
            .map(|(i, _)| i);
        if let Some(i) = fits {
            return free.swap_remove(i);
        }
        // None big enough: a smaller one gives way to the new one.
        match free.pop() {
            Some(small) => {
                self.bytes.fetch_sub(small.bytes(), Ordering::Relaxed);
            }
            None => {
                self.alive.fetch_add(1, Ordering::Relaxed);
            }
        }
        drop(free);
        let table = TranspositionTable::new(megabytes);
        self.bytes.fetch_add(table.bytes(), Ordering::Relaxed);
        self.made.fetch_add(1, Ordering::Relaxed);
        table
    }

    /// Keeps `table` for the next place that thinks.
    fn give_back(&self, table: TranspositionTable) {
        let mut free = self.free.lock().unwrap_or_else(|p| p.into_inner());
        free.push(table);
    }
}

#[cfg(test)]
mod tests {
    use peralikatuma_rules::{Game, Ruleset};

    use super::*;

    #[tokio::test]
    async fn the_tables_never_outnumber_the_thinkers() {
        let pool = Pool::new(2, Duration::from_millis(5), HINT_TIME);
        let ruleset = Ruleset::find("zamma").expect("a ruleset");
        let strengths = [
            Strength::Hard,
            Strength::Easy,
            Strength::Master,
            Strength::Medium,
        ];
        let mut thinking = Vec::new();
        for round in 0..12 {
            let strength = strengths[round % strengths.len()];
            let pool = pool.clone();
            thinking.push(tokio::spawn(async move {
                if round % 3 == 0 {
                    pool.think(Job::new(strength, Game::new(ruleset)))
                        .await
                        .map(|turn| turn.is_some())
                } else {
                    pool.think(Job::new(strength, Game::new(Ruleset::ALQUERQUE)))
                        .await
                        .map(|turn| turn.is_some())
                }
            }));
        }
        for job in thinking {
            assert_eq!(job.await.expect("no panic"), Some(true), "a turn chosen");
        }
        let status = pool.status();
        assert!(status.tables <= 2, "{status:?}");
        assert!(status.table_bytes <= 2 * (64 << 20), "{status:?}");
        // The tables are kept and taken again, of any game and strength,
        // not made anew.
        let made = status.made;
        for strength in [Strength::Medium, Strength::Hard, Strength::Beginner] {
            let turn = pool
                .think(Job::new(strength, Game::new(Ruleset::ALQUERQUE)))
                .await;
            assert!(turn.flatten().is_some());
        }
        assert_eq!(pool.status().made, made, "{:?}", pool.status());
    }

    #[tokio::test]
    async fn a_table_is_enlarged_for_a_stronger_player_and_kept() {
        let pool = Pool::new(1, Duration::from_millis(5), HINT_TIME);
        let game = Game::new(Ruleset::ALQUERQUE);
        pool.think(Job::new(Strength::Easy, game.clone())).await;
        let easy = pool.status();
        assert_eq!((easy.tables, easy.table_bytes, easy.made), (1, 4 << 20, 1));
        pool.think(Job::new(Strength::Hard, game.clone())).await;
        let hard = pool.status();
        assert_eq!((hard.tables, hard.table_bytes, hard.made), (1, 64 << 20, 2));
        // Easy thinks on Hard's table rather than making one.
        pool.think(Job::new(Strength::Easy, game)).await;
        assert_eq!(pool.status(), hard);
    }

    #[tokio::test]
    async fn a_job_stopped_before_it_begins_chooses_nothing() {
        let pool = Pool::new(1, Duration::from_millis(5), HINT_TIME);
        let job = Job::new(Strength::Easy, Game::new(Ruleset::PERALIKATUMA));
        job.stop.stop();
        assert_eq!(pool.think(job).await, Some(None));
        assert_eq!(pool.status().made, 0);
    }
}
