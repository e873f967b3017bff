//! The machine's players, and thinking in the background so that the
//! screen stays alive.

use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use alquerque_ai::{Player, Stop, Strength, TimeBudget};
use peralikatuma_rules::{Game, Turn};

/// How long the engine thinks for a hint.
const HINT_TIME: Duration = Duration::from_millis(500);

/// The player that gives hints: the full searcher on a short budget.
pub fn hint_player<G: alquerque_ai::Playable>(seed: u64) -> Player<G> {
    let mut player = Player::new(Strength::Hard, seed);
    player.hard_time = HINT_TIME;
    player
}

/// A player thinking about a game on a thread of its own.
pub struct Thinking {
    handle: JoinHandle<(Player, Option<Turn>)>,
    stop: Stop,
    started: Instant,
    /// To make a new player like this one, should its thread fail.
    strength: Strength,
    hard_time: Duration,
    seed: u64,
}

impl Thinking {
    /// `player` starts thinking about `game`, within `budget` on a clock.
    pub fn start(player: Player, game: Game, seed: u64, budget: Option<TimeBudget>) -> Thinking {
        let stop = player.stop_handle();
        let (strength, hard_time) = (player.strength(), player.hard_time);
        let mut player = player;
        let handle = thread::spawn(move || {
            let turn = match budget {
                Some(budget) => player.choose_on_clock(&game, budget),
                None => player.choose(&game),
            };
            (player, turn)
        });
        Thinking {
            handle,
            stop,
            started: Instant::now(),
            strength,
            hard_time,
            seed,
        }
    }

    /// How long it has been thinking.
    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    /// Whether it has made up its mind.
    pub fn is_finished(&self) -> bool {
        self.handle.is_finished()
    }

    /// Waits for its choice, and gives the player back. A player whose
    /// thread failed is replaced by a new one and chooses nothing.
    pub fn finish(self) -> (Player, Option<Turn>) {
        let (strength, hard_time, seed) = (self.strength, self.hard_time, self.seed);
        self.handle.join().unwrap_or_else(|_| {
            let mut fresh = Player::new(strength, seed);
            fresh.hard_time = hard_time;
            (fresh, None)
        })
    }

    /// Cuts the thinking short and gives the player back; its choice is
    /// dropped.
    pub fn cancel(self) -> Player {
        self.stop.stop();
        let stop = self.stop.clone();
        let (player, _) = self.finish();
        // The search lowers the flag when it ends; make sure it is down
        // even if the thread ended before seeing it.
        stop.reset();
        player
    }
}
