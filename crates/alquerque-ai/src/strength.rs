//! Three strengths a player can feel, and a random mover.

use std::fmt;
use std::str::FromStr;
use std::time::{Duration, Instant};

use peralikatuma_rules::{Game, Turn, Variant};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

use crate::budget::TimeBudget;
use crate::limits::{Limits, Stop};
use crate::score::Score;
use crate::search::Searcher;

/// How well a machine player plays.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Strength {
    /// Uniformly random legal turns: a yardstick, not an opponent.
    Random,
    /// Looks two turns ahead, then often picks a turn that is merely
    /// not much worse than the best: it makes mistakes a beginner can
    /// punish, but does not give pieces away on every turn.
    Easy,
    /// Looks four turns ahead (eight in Alquerque), with captures followed
    /// to the end, choosing among equally good turns at random.
    Medium,
    /// The full searcher, thinking for a time budget per turn.
    Hard,
}

impl Strength {
    /// The strengths from weakest to strongest.
    pub const ALL: [Strength; 4] = [
        Strength::Random,
        Strength::Easy,
        Strength::Medium,
        Strength::Hard,
    ];

    /// The name used on command lines.
    pub const fn name(self) -> &'static str {
        match self {
            Strength::Random => "random",
            Strength::Easy => "easy",
            Strength::Medium => "medium",
            Strength::Hard => "hard",
        }
    }
}

impl fmt::Display for Strength {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not a strength.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("unknown strength `{0}` (known: random, easy, medium, hard)")]
pub struct UnknownStrength(pub String);

impl FromStr for Strength {
    type Err = UnknownStrength;
    fn from_str(text: &str) -> Result<Strength, UnknownStrength> {
        Strength::ALL
            .into_iter()
            .find(|s| s.name().eq_ignore_ascii_case(text.trim()))
            .ok_or_else(|| UnknownStrength(text.to_owned()))
    }
}

/// How much worse than the best (hundredths of a man) a turn Easy may pick
/// instead can be.
const EASY_MARGIN: i32 = 120;
/// How often Easy settles for a merely good-enough turn.
const EASY_SLIP: f64 = 0.5;
/// Hard's contempt (see [`Searcher::contempt`]): it plays for a win.
const HARD_CONTEMPT: i32 = 30;
/// Turns Medium counts as equally good.
const MEDIUM_MARGIN: i32 = 5;

/// How deep Medium looks, in turns: Alquerque's small board is cheap to
/// search and its compulsory chains need depth to be seen.
const fn medium_depth(variant: Variant) -> u32 {
    match variant {
        Variant::Peralikatuma => 4,
        Variant::Alquerque => 8,
        Variant::Permainan => 4,
    }
}

/// A machine player of one strength, with its own searcher and seeded
/// randomness, so that a game can be replayed from the seed.
///
/// ```
/// use alquerque_ai::{Player, Strength};
/// use peralikatuma_rules::{Game, Variant};
///
/// let game = Game::new(Variant::Permainan);
/// let mut easy = Player::new(Strength::Easy, 7);
/// let turn = easy.choose(&game).expect("the start has legal turns");
/// assert!(game.legal_turns().contains(&turn));
/// // The same seed makes the same choice.
/// assert_eq!(Player::new(Strength::Easy, 7).choose(&game), Some(turn));
/// ```
pub struct Player {
    strength: Strength,
    rng: Xoshiro256PlusPlus,
    searcher: Searcher,
    /// Thinking time per turn for [`Strength::Hard`].
    pub hard_time: Duration,
    /// A node limit per turn for [`Strength::Hard`] instead of time, for
    /// reproducible games.
    pub hard_nodes: Option<u64>,
    /// The budget of the turn being chosen on a clock.
    budget: Option<TimeBudget>,
}

impl Player {
    /// A player of `strength` whose random choices follow `seed`.
    pub fn new(strength: Strength, seed: u64) -> Player {
        Player {
            strength,
            rng: Xoshiro256PlusPlus::seed_from_u64(seed),
            searcher: Searcher::new(if strength == Strength::Hard { 64 } else { 4 }),
            hard_time: Duration::from_secs(1),
            hard_nodes: None,
            budget: None,
        }
    }

    /// The player's strength.
    pub fn strength(&self) -> Strength {
        self.strength
    }

    /// A handle that cuts the player's thinking short from another thread
    /// (see [`Searcher::stop_handle`]): [`Strength::Hard`] then returns the
    /// best turn found so far. Easy and Medium, which choose in a few
    /// milliseconds by many short searches, cut short only the search under
    /// way. Frontends use it to take back a turn or start a new game while
    /// the machine thinks.
    ///
    /// ```
    /// use std::time::{Duration, Instant};
    /// use alquerque_ai::{Player, Strength};
    /// use peralikatuma_rules::{Game, Variant};
    ///
    /// let mut hard = Player::new(Strength::Hard, 1);
    /// hard.hard_time = Duration::from_secs(3600);
    /// let stop = hard.stop_handle();
    /// let game = Game::new(Variant::Alquerque);
    /// let thinking = std::thread::spawn(move || hard.choose(&game));
    /// stop.stop();
    /// assert!(thinking.join().expect("no panic").is_some());
    /// ```
    pub fn stop_handle(&self) -> Stop {
        self.searcher.stop_handle()
    }

    /// The player's turn in the current position of `game`, or `None` when
    /// the game is over or has no legal turn.
    pub fn choose(&mut self, game: &Game) -> Option<Turn> {
        let turns = game.legal_turns();
        if turns.is_empty() {
            return None;
        }
        let deadline = self.budget.map(|budget| Instant::now() + budget.hard);
        match self.strength {
            Strength::Random => Some(turns[self.rng.random_range(0..turns.len())]),
            Strength::Easy => {
                let scored = self.score_each(game, 2, deadline);
                let best = scored.iter().map(|&(_, s)| s).max()?;
                let margin = if self.rng.random_bool(EASY_SLIP) {
                    EASY_MARGIN
                } else {
                    0
                };
                self.pick_within(&scored, best, margin)
            }
            Strength::Medium => {
                let scored = self.score_each(game, medium_depth(game.variant()), deadline);
                let best = scored.iter().map(|&(_, s)| s).max()?;
                self.pick_within(&scored, best, MEDIUM_MARGIN)
            }
            Strength::Hard => {
                let limits = match (self.budget, self.hard_nodes) {
                    (Some(budget), _) => budget.limits(),
                    (None, Some(nodes)) => Limits::nodes(nodes),
                    (None, None) => Limits::time(self.hard_time),
                };
                self.searcher.contempt = HARD_CONTEMPT;
                self.searcher.search(game, limits, |_| {}).best
            }
        }
    }

    /// The player's turn in the current position of `game` on a clock:
    /// as [`Player::choose`], within `budget` ([`TimeBudget::from_clock`]).
    /// Hard thinks for the budget instead of [`Player::hard_time`] or
    /// [`Player::hard_nodes`]; the others choose as ever, but stop at the
    /// budget's hard limit and choose among the turns weighed by then.
    ///
    /// ```
    /// use std::time::{Duration, Instant};
    /// use alquerque_ai::{Player, Strength, TimeBudget};
    /// use peralikatuma_rules::{Game, Variant};
    ///
    /// let game = Game::new(Variant::Peralikatuma);
    /// let budget = TimeBudget::from_clock(Duration::from_millis(300), Duration::ZERO, 0);
    /// let started = Instant::now();
    /// let turn = Player::new(Strength::Hard, 1).choose_on_clock(&game, budget);
    /// assert!(turn.is_some());
    /// assert!(started.elapsed() < Duration::from_millis(300));
    /// ```
    pub fn choose_on_clock(&mut self, game: &Game, budget: TimeBudget) -> Option<Turn> {
        self.budget = Some(budget);
        let turn = self.choose(game);
        self.budget = None;
        turn
    }

    /// Each legal turn with its score after a search `depth` turns deep;
    /// at the `deadline`, the turns scored so far (at least one).
    fn score_each(
        &mut self,
        game: &Game,
        depth: u32,
        deadline: Option<Instant>,
    ) -> Vec<(Turn, Score)> {
        let mut scored = Vec::new();
        for turn in game.legal_turns() {
            let limits = match deadline {
                None => Limits::depth(depth - 1),
                Some(deadline) => {
                    let left = deadline.saturating_duration_since(Instant::now());
                    if left.is_zero() && !scored.is_empty() {
                        break;
                    }
                    // Deepen to the depth, cut short only at the deadline.
                    Limits {
                        depth: Some(depth - 1),
                        soft: Some(left),
                        ..Limits::time(left)
                    }
                }
            };
            let mut after = game.clone();
            if after.play(&turn).is_err() {
                continue;
            }
            let score = if let Some(outcome) = after.outcome() {
                match outcome.winner() {
                    Some(_) => Score::WIN,
                    None => Score::DRAW,
                }
            } else {
                -self.searcher.search(&after, limits, |_| {}).score
            };
            scored.push((turn, score));
        }
        scored
    }

    /// A random turn among those scoring at least `best - margin`.
    fn pick_within(&mut self, scored: &[(Turn, Score)], best: Score, margin: i32) -> Option<Turn> {
        let good: Vec<Turn> = scored
            .iter()
            .filter(|&&(_, s)| s.0 >= best.0 - margin)
            .map(|&(t, _)| t)
            .collect();
        (!good.is_empty()).then(|| good[self.rng.random_range(0..good.len())])
    }
}

/// The strength and the settings, not the search's tables.
impl std::fmt::Debug for Player {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Player")
            .field("strength", &self.strength)
            .field("hard_time", &self.hard_time)
            .field("hard_nodes", &self.hard_nodes)
            .finish_non_exhaustive()
    }
}
