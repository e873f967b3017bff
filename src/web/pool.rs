//! The machine thinks on a bounded pool: a fixed number of blocking
//! threads at once, whatever the number of games, so that many games with
//! the machine thinking never stall the server's answers to pages.
//!
//! The machine's players (each with its search's transposition table, 64
//! MiB at Hard and Master) belong to the pool, not to games: a thinker
//! takes one that fits (the same kind of game and strength) from those
//! kept idle, or makes one, and gives it back when it has chosen. The pool
//! keeps at most as many players as it has thinkers, so its memory does
//! not grow with the number of games.

use std::any::Any;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use alquerque_ai::{Player, Stop, Strength, TimeBudget};
use serde::Serialize;
use tokio::sync::Semaphore;

use crate::session::{Session, SessionGame};

/// How long the machine thinks for a hint, by default.
pub const HINT_TIME: Duration = Duration::from_millis(500);

/// Threads that think at once, and the players they think with.
#[derive(Clone)]
pub struct Pool {
    permits: Arc<Semaphore>,
    threads: usize,
    hard_time: Duration,
    hint_time: Duration,
    players: Arc<Players>,
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

/// The players the pool has made and not dropped: those idle, kept to
/// think again, and a count of all of them, idle or thinking.
struct Players {
    idle: Mutex<Vec<Idle>>,
    /// The most players alive at once: the pool's thinkers.
    room: usize,
    /// Players alive, idle or thinking.
    alive: Arc<AtomicUsize>,
    /// Bytes of their transposition tables.
    table_bytes: Arc<AtomicUsize>,
    /// Players made since the pool began.
    made: AtomicUsize,
}

/// A player kept idle: its strength, and the player itself (a
/// [`Pooled<G>`] for its kind of game `G`).
struct Idle {
    strength: Strength,
    player: Box<dyn Any + Send>,
}

/// A player of the pool's: counted as alive until it is dropped.
struct Pooled<G: SessionGame> {
    player: Player<G>,
    alive: Arc<AtomicUsize>,
    table_bytes: Arc<AtomicUsize>,
}

impl<G: SessionGame> Drop for Pooled<G> {
    fn drop(&mut self) {
        self.alive.fetch_sub(1, Ordering::Relaxed);
        self.table_bytes
            .fetch_sub(self.player.table_bytes(), Ordering::Relaxed);
    }
}

/// What the pool holds now, for `GET /api/server`.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Serialize)]
pub struct PoolStatus {
    /// Threads that think at once.
    pub threads: usize,
    /// Players alive, idle or thinking: never more than `threads`.
    pub players: usize,
    /// Bytes of their transposition tables.
    pub table_bytes: usize,
    /// Players made since the server started.
    pub made: usize,
}

/// What the machine is asked to think about: a turn in a game, within a
/// budget on a clock, stopped by `stop`.
pub struct Job<G: SessionGame> {
    /// The player's strength.
    pub strength: Strength,
    /// The game, its turn to be chosen.
    pub game: G,
    /// On a clock: the budget, as it was at the instant given (the time
    /// spent waiting for a thread is taken off).
    pub budget: Option<(TimeBudget, Instant)>,
    /// Stops the thinking: the game has changed.
    pub stop: Stop,
    /// How long Hard thinks, if not the pool's own time.
    pub hard_time: Option<Duration>,
}

impl<G: SessionGame> Job<G> {
    /// A job for `strength` in `game`, without a clock.
    pub fn new(strength: Strength, game: G) -> Job<G> {
        Job {
            strength,
            game,
            budget: None,
            stop: Stop::new(),
            hard_time: None,
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
            hard_time,
            hint_time,
            players: Arc::new(Players {
                idle: Mutex::new(Vec::new()),
                room: threads,
                alive: Arc::new(AtomicUsize::new(0)),
                table_bytes: Arc::new(AtomicUsize::new(0)),
                made: AtomicUsize::new(0),
            }),
        }
    }

    /// What the pool holds now.
    pub fn status(&self) -> PoolStatus {
        let players = &self.players;
        PoolStatus {
            threads: self.threads,
            players: players.alive.load(Ordering::Relaxed),
            table_bytes: players.table_bytes.load(Ordering::Relaxed),
            made: players.made.load(Ordering::Relaxed),
        }
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
    pub async fn think<G: SessionGame>(&self, job: Job<G>) -> Option<Option<G::Turn>> {
        let players = self.players.clone();
        let pool_time = self.hard_time;
        self.run(move || {
            if job.stop.is_stopped() {
                return None;
            }
            let mut pooled = players.take::<G>(job.strength);
            let player = &mut pooled.player;
            player.hard_time = job.hard_time.unwrap_or(pool_time);
            player.set_tablebase(job.game.tablebase());
            player.set_solution(job.game.solution());
            player.share_stop(job.stop);
            let turn = match job.budget {
                Some((budget, as_of)) => {
                    let waited = as_of.elapsed();
                    let budget = TimeBudget {
                        soft: budget.soft.saturating_sub(waited),
                        hard: budget.hard.saturating_sub(waited),
                    };
                    player.choose_on_clock(&job.game, budget)
                }
                None => player.choose(&job.game),
            };
            player.share_stop(Stop::new());
            players.give_back(job.strength, pooled);
            turn
        })
        .await
    }

    /// Makes ready a player of `G` at `strength`, if none is idle, so that
    /// the machine's first turn on a clock does not spend its time making
    /// one (a Hard player's table takes a while to set up).
    pub async fn prepare<G: SessionGame>(&self, strength: Strength) {
        let players = self.players.clone();
        self.run(move || {
            let pooled = players.take::<G>(strength);
            players.give_back(strength, pooled);
        })
        .await;
    }

    /// A hint for the side to move: the full searcher on a short budget.
    pub async fn hint<G: SessionGame>(&self, game: G) -> Option<G::Turn> {
        let job = Job {
            hard_time: Some(self.hint_time),
            ..Job::new(Strength::Hard, game)
        };
        self.think(job).await.flatten()
    }

    /// Whether the machine accepts a draw in `session` (a short search).
    pub async fn accepts_draw<G: SessionGame>(&self, session: Session<G>) -> bool {
        self.run(move || session.machine_accepts_draw())
            .await
            .unwrap_or(false)
    }
}

impl Players {
    /// An idle player of `G` at `strength`, else a new one. Called with a
    /// thinker's place held, so that the players alive, this one counted,
    /// are at most the pool's thinkers: idle players that do not fit are
    /// dropped to make room.
    fn take<G: SessionGame>(&self, strength: Strength) -> Pooled<G> {
        let mut idle = self.idle.lock().unwrap_or_else(|p| p.into_inner());
        let fits = idle
            .iter()
            .position(|kept| kept.strength == strength && kept.player.is::<Pooled<G>>());
        if let Some(found) = fits.map(|i| idle.remove(i)) {
            if let Ok(pooled) = found.player.downcast::<Pooled<G>>() {
                return *pooled;
            }
        }
        // Without room for one more, the oldest idle player makes room for
        // the new one. Players thinking hold the other places, so there is
        // always an idle one to drop then.
        if self.alive.load(Ordering::Relaxed) >= self.room && !idle.is_empty() {
            idle.remove(0);
        }
        // Counted before the lock is let go, so that another thinker
        // making room at the same time counts this one.
        self.alive.fetch_add(1, Ordering::Relaxed);
        drop(idle);
        let player = Player::new(strength, rand::random());
        self.table_bytes
            .fetch_add(player.table_bytes(), Ordering::Relaxed);
        self.made.fetch_add(1, Ordering::Relaxed);
        Pooled {
            player,
            alive: self.alive.clone(),
            table_bytes: self.table_bytes.clone(),
        }
    }

    /// Keeps `pooled` idle, to think again.
    fn give_back<G: SessionGame>(&self, strength: Strength, pooled: Pooled<G>) {
        let mut idle = self.idle.lock().unwrap_or_else(|p| p.into_inner());
        idle.push(Idle {
            strength,
            player: Box::new(pooled),
        });
    }
}

#[cfg(test)]
mod tests {
    use peralikatuma_rules::{Game, Variant, family};

    use super::*;

    #[tokio::test]
    async fn the_players_alive_never_outnumber_the_thinkers() {
        let pool = Pool::new(2, Duration::from_millis(5), HINT_TIME);
        let ruleset = family::Ruleset::find("zamma").expect("a ruleset");
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
                    pool.think(Job::new(strength, family::Game::new(ruleset)))
                        .await
                        .map(|turn| turn.is_some())
                } else {
                    pool.think(Job::new(strength, Game::new(Variant::Alquerque)))
                        .await
                        .map(|turn| turn.is_some())
                }
            }));
        }
        for job in thinking {
            assert_eq!(job.await.expect("no panic"), Some(true), "a turn chosen");
        }
        let status = pool.status();
        assert!(status.players <= 2, "{status:?}");
        assert!(status.made >= 2, "{status:?}");
        // The same kind of player is taken again, not made anew.
        let made = status.made;
        for _ in 0..3 {
            let turn = pool
                .think(Job::new(Strength::Medium, Game::new(Variant::Alquerque)))
                .await;
            assert!(turn.flatten().is_some());
        }
        assert!(pool.status().made <= made + 1, "{:?}", pool.status());
    }

    #[tokio::test]
    async fn a_job_stopped_before_it_begins_chooses_nothing() {
        let pool = Pool::new(1, Duration::from_millis(5), HINT_TIME);
        let job = Job::new(Strength::Easy, Game::new(Variant::Peralikatuma));
        job.stop.stop();
        assert_eq!(pool.think(job).await, Some(None));
        assert_eq!(pool.status().made, 0);
    }
}
