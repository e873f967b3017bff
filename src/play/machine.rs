//! The machine's players, its pace, and thinking in the background so
//! that the screen stays alive.

use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use alquerque_ai::{Player, Stop, Strength, TimeBudget};
use peralikatuma_rules::{Game, Turn};

use crate::pace::natural_pause;

/// How the machine's weaker levels answer the person's turn.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub enum Pace {
    /// After a short, natural while ([`natural_pause`]): they choose in
    /// a few milliseconds, and a reply that comes at once feels robotic.
    #[default]
    Natural,
    /// At once (for tests).
    AtOnce,
}

impl Pace {
    /// How long the machine at `strength` takes to answer at the least,
    /// its thinking included: on a clock (`budget`), never more than a
    /// quarter of its time for the turn, which the pause uses up like
    /// thinking.
    ///
    /// ```
    /// use std::time::Duration;
    /// use alquerque_ai::Strength;
    /// use peralikatuma::pace::NATURAL_PAUSE;
    /// use peralikatuma::play::Pace;
    ///
    /// assert_eq!(Pace::AtOnce.pause(Strength::Easy, None), Duration::ZERO);
    /// assert_eq!(Pace::Natural.pause(Strength::Hard, None), Duration::ZERO);
    /// assert!(Pace::Natural.pause(Strength::Easy, None) >= NATURAL_PAUSE[0]);
    /// ```
    pub fn pause(self, strength: Strength, budget: Option<TimeBudget>) -> Duration {
        match self {
            Pace::Natural => natural_pause(strength, budget, &mut rand::rng()),
            Pace::AtOnce => Duration::ZERO,
        }
    }
}

/// How long the engine thinks for a hint.
const HINT_TIME: Duration = Duration::from_millis(500);

/// The player that gives hints: the full searcher on a short budget.
pub fn hint_player(seed: u64) -> Player {
    let mut player = Player::new(Strength::Hard, seed);
    player.hard_time = HINT_TIME;
    player
}

/// A player thinking about a game on a thread of its own.
pub struct Thinking {
    handle: JoinHandle<(Player, Option<Turn>)>,
    stop: Stop,
    started: Instant,
    /// How long after it started its choice is given, at the least.
    pause: Duration,
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
            pause: Duration::ZERO,
            strength,
            hard_time,
            seed,
        }
    }

    /// Gives its choice no sooner than `pause` after it started thinking
    /// ([`Pace::pause`]): its thinking counts towards the pause.
    pub fn answering_after(self, pause: Duration) -> Thinking {
        Thinking { pause, ..self }
    }

    /// How long it has been thinking.
    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    /// Whether it has made up its mind and its pause is over.
    pub fn is_finished(&self) -> bool {
        self.handle.is_finished() && self.elapsed() >= self.pause
    }

    /// Waits until it has made up its mind, its pause perhaps not over.
    #[cfg(test)]
    pub fn wait_for_choice(&self) {
        while !self.handle.is_finished() {
            thread::yield_now();
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use peralikatuma_rules::Ruleset;

    #[test]
    fn a_choice_made_waits_out_the_pause_and_is_cancelled_like_thinking() {
        let game = Game::new(Ruleset::ALQUERQUE);
        let player = Player::new(Strength::Easy, 1);
        let hour = Duration::from_secs(3600);
        let thinking = Thinking::start(player, game, 1, None).answering_after(hour);
        thinking.wait_for_choice();
        assert!(!thinking.is_finished(), "chosen, but within the pause");
        let player = thinking.cancel();
        assert_eq!(player.strength(), Strength::Easy);
    }

    #[test]
    fn at_once_there_is_no_pause() {
        let game = Game::new(Ruleset::ALQUERQUE);
        let player = Player::new(Strength::Beginner, 1);
        let pause = Pace::AtOnce.pause(Strength::Beginner, None);
        let thinking = Thinking::start(player, game, 1, None).answering_after(pause);
        thinking.wait_for_choice();
        assert!(thinking.is_finished());
        assert!(thinking.finish().1.is_some(), "a turn chosen");
    }
}
