//! The machine thinks on a bounded pool: a fixed number of blocking
//! threads at once, whatever the number of games, so that many games with
//! the machine thinking never stall the server's answers to pages.

use std::sync::Arc;
use std::time::{Duration, Instant};

use alquerque_ai::{Player, Strength, TimeBudget};
use tokio::sync::Semaphore;

use crate::session::{Session, SessionGame};

/// How long the machine thinks for a hint.
pub const HINT_TIME: Duration = Duration::from_millis(500);

/// Threads that think at once.
#[derive(Clone, Debug)]
pub struct Pool {
    permits: Arc<Semaphore>,
    hard_time: Duration,
}

impl Pool {
    /// A pool of `threads` thinkers (at least one); Hard thinks
    /// `hard_time` a turn.
    pub fn new(threads: usize, hard_time: Duration) -> Pool {
        Pool {
            permits: Arc::new(Semaphore::new(threads.max(1))),
            hard_time,
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

    /// A player of `strength` with a seed of its own, so that the
    /// machine's turns vary from game to game.
    pub fn player<G: SessionGame>(&self, strength: Strength, time: Option<Duration>) -> Player<G> {
        let mut player = Player::new(strength, rand::random());
        player.hard_time = time.unwrap_or(self.hard_time);
        player
    }

    /// The machine's turn in `game`, or `None` when it has none or its
    /// thinking failed.
    pub async fn choose<G: SessionGame>(&self, mut player: Player<G>, game: G) -> Option<G::Turn> {
        self.run(move || player.choose(&game)).await.flatten()
    }

    /// `player`'s turn in `game` (`None` when it has none), and the player
    /// given back to think again; `None` if the thinking failed. On a
    /// clock, within `budget` as it was at the instant given: the time
    /// spent waiting for a thread is taken off.
    pub async fn think<G: SessionGame>(
        &self,
        mut player: Player<G>,
        game: G,
        budget: Option<(TimeBudget, Instant)>,
    ) -> Option<(Player<G>, Option<G::Turn>)> {
        self.run(move || {
            let turn = match budget {
                Some((budget, as_of)) => {
                    let waited = as_of.elapsed();
                    let budget = TimeBudget {
                        soft: budget.soft.saturating_sub(waited),
                        hard: budget.hard.saturating_sub(waited),
                    };
                    player.choose_on_clock(&game, budget)
                }
                None => player.choose(&game),
            };
            (player, turn)
        })
        .await
    }

    /// A hint for the side to move: the full searcher on a short budget.
    pub async fn hint<G: SessionGame>(&self, game: G) -> Option<G::Turn> {
        let mut player = self.player(Strength::Hard, Some(HINT_TIME));
        player.set_tablebase(game.tablebase());
        player.set_solution(game.solution());
        self.choose(player, game).await
    }

    /// Whether the machine accepts a draw in `session` (a short search).
    pub async fn accepts_draw<G: SessionGame>(&self, session: Session<G>) -> bool {
        self.run(move || session.machine_accepts_draw())
            .await
            .unwrap_or(false)
    }
}
