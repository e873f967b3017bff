//! A machine player of one strength.

use std::sync::Arc;
use std::time::Duration;

use alquerque_proof::Proof;
use alquerque_tablebase::Tablebase;
use peralikatuma_rules::{Game, Turn};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

use crate::budget::TimeBudget;
use crate::casual::casual_choices;
use crate::eval::Weights;
use crate::limits::{Limits, Stop};
use crate::mistakes::Mistakes;
use crate::node::Node;
use crate::score::Score;
use crate::search::{Searcher, turns_now};
use crate::strength::Strength;
use crate::time_source::TimeSource;
use crate::tt::TranspositionTable;

/// How deep Beginner looks, in turns (Easy: [`Tuning::easy_depth`]).
///
/// [`Tuning::easy_depth`]: crate::tuning::Tuning::easy_depth
const BEGINNER_DEPTH: u32 = 2;
/// Turns Beginner, Easy and Medium count as equally good (hundredths of a
/// man).
const EQUAL_MARGIN: i32 = 5;
/// The contempt of the levels that search (see [`Searcher::contempt`]):
/// they play for a win. Hard and Master always; Beginner, Easy and Medium
/// unless they are behind in material, where a draw is what they should
/// play for, and keeping pieces on the board (which contempt asks) only
/// holds off the side ahead. Medium against Easy, 40 games in each of eight
/// family games (seeds 40,000+): without contempt 61% to 84%, with it 81%
/// to 97.5%; Hard against Medium, 20 games in each of five (Sixteen
/// Soldiers, Kotu Ellima, Lau Kata Kati, Terhuchu, Dam Singapore; seeds
/// 50,000+), Hard's wins from 23 to 39, none lost; with Medium's contempt
/// even when behind, 15.
const CONTEMPT: i32 = 30;
/// Master thinks this many times as long as Hard ...
const MASTER_TIME_FACTOR: u32 = 3;
/// ... on this many threads.
const MASTER_THREADS: usize = 2;

/// A machine player of one strength, with its own searcher and seeded
/// randomness, so that a game can be replayed from the seed (Master's
/// games excepted: two threads do not search alike twice).
///
/// ```
/// use alquerque_ai::{Player, Strength};
/// use peralikatuma_rules::{Game, Ruleset};
///
/// let game = Game::new(Ruleset::PERMAINAN);
/// let mut easy = Player::new(Strength::Easy, 7);
/// let turn = easy.choose(&game).expect("the start has legal turns");
/// assert!(game.position().legal_turns().contains(&turn));
/// // The same seed makes the same choice.
/// assert_eq!(Player::new(Strength::Easy, 7).choose(&game), Some(turn));
/// ```
pub struct Player {
    strength: Strength,
    rng: Xoshiro256PlusPlus,
    searcher: Searcher,
    /// Thinking time per turn for [`Strength::Hard`]; [`Strength::Master`]
    /// thinks three times as long.
    pub hard_time: Duration,
    /// A node limit per turn for [`Strength::Hard`] instead of time, for
    /// reproducible games ([`Strength::Master`]: three times as many).
    pub hard_nodes: Option<u64>,
    /// The budget of the turn being chosen on a clock.
    budget: Option<TimeBudget>,
}

impl Player {
    /// A player of `strength` whose random choices follow `seed`, with a
    /// transposition table of its own ([`Strength::table_megabytes`]).
    pub fn new(strength: Strength, seed: u64) -> Player {
        let table = TranspositionTable::new(strength.table_megabytes());
        Player::with_table(strength, seed, &table)
    }

    /// A player of `strength` whose random choices follow `seed`, storing
    /// what its search learns in `table`, which others may share
    /// ([`TranspositionTable`]): a frontend with many games hands each
    /// turn's player one of a few tables. A table smaller than
    /// [`Strength::table_megabytes`] plays weaker; a larger one does no
    /// harm.
    ///
    /// ```
    /// use alquerque_ai::{Player, Strength, TranspositionTable};
    /// use peralikatuma_rules::{Game, Ruleset};
    ///
    /// let table = TranspositionTable::new(64);
    /// let game = Game::new(Ruleset::PERMAINAN);
    /// let mut easy = Player::with_table(Strength::Easy, 7, &table);
    /// let turn = easy.choose(&game).expect("the start has legal turns");
    /// assert!(game.position().legal_turns().contains(&turn));
    /// assert_eq!(easy.table_bytes(), table.bytes());
    /// ```
    pub fn with_table(strength: Strength, seed: u64, table: &TranspositionTable) -> Player {
        let mut searcher = Searcher::with_table(table);
        if strength == Strength::Master {
            searcher.threads = MASTER_THREADS;
        }
        Player {
            strength,
            rng: Xoshiro256PlusPlus::seed_from_u64(seed),
            searcher,
            hard_time: Duration::from_secs(1),
            hard_nodes: None,
            budget: None,
        }
    }

    /// Gives Hard and Master endgame tables (the other strengths play
    /// endings as they play the rest): they play a position the tables
    /// cover perfectly, and score the positions of their search that the
    /// tables cover by them, so that they trade down only into endings
    /// they can win, or hold when behind.
    pub fn set_tablebase(&mut self, tablebase: Option<Arc<Tablebase>>) {
        if matches!(self.strength, Strength::Hard | Strength::Master) {
            self.searcher.set_tablebase(tablebase);
        }
    }

    /// Gives Hard and Master a proof of the game's value to play from
    /// (the other strengths play as they do): where the proof's prover is
    /// to move in a position the proof covers, they play the proof's turn,
    /// so a proved win is never let slip. Alquerque's proof is in the
    /// repository (`proofs/alquerque/white-wins.proof.gz`).
    pub fn set_solution(&mut self, solution: Option<Arc<Proof>>) {
        if matches!(self.strength, Strength::Hard | Strength::Master) {
            self.searcher.set_solution(solution);
        }
    }

    /// Gives the strengths that search (all but Random and Casual) other
    /// weights for their evaluation than the game's own
    /// ([`Weights::of`]), or the game's own again with `None`: for
    /// matches between weights (the `tune` example).
    ///
    /// ```
    /// use alquerque_ai::{Player, Strength, Weights};
    /// use peralikatuma_rules::{Game, Ruleset};
    ///
    /// let mut hard = Player::new(Strength::Hard, 1);
    /// hard.hard_nodes = Some(1_000);
    /// hard.set_weights(Some(Weights { mobility: 10, ..Weights::of(Ruleset::ALQUERQUE) }));
    /// assert!(hard.choose(&Game::new(Ruleset::ALQUERQUE)).is_some());
    /// ```
    pub fn set_weights(&mut self, weights: Option<Weights>) {
        self.searcher.weights = weights;
    }

    /// The player's strength.
    pub fn strength(&self) -> Strength {
        self.strength
    }

    /// A handle that cuts the player's thinking short from another thread
    /// (see [`Searcher::stop_handle`]): [`Strength::Hard`] and
    /// [`Strength::Master`] then return the best turn found so far. The
    /// weaker strengths, which choose in a few milliseconds by many short
    /// searches, cut short only the search under way. Frontends use it to
    /// take back a turn or start a new game while the machine thinks.
    ///
    /// ```
    /// use std::time::Duration;
    /// use alquerque_ai::{Player, Strength};
    /// use peralikatuma_rules::{Game, Ruleset};
    ///
    /// let mut hard = Player::new(Strength::Hard, 1);
    /// hard.hard_time = Duration::from_secs(3600);
    /// let stop = hard.stop_handle();
    /// let game = Game::new(Ruleset::ALQUERQUE);
    /// let thinking = std::thread::spawn(move || hard.choose(&game));
    /// stop.stop();
    /// assert!(thinking.join().expect("no panic").is_some());
    /// ```
    pub fn stop_handle(&self) -> Stop {
        self.searcher.stop_handle()
    }

    /// Makes the player answer to `stop`, a flag made elsewhere, instead
    /// of its own (see [`Searcher::share_stop`]): a frontend that keeps
    /// players apart from its games hands the player its game's flag when
    /// it is asked to think about that game.
    ///
    /// ```
    /// use alquerque_ai::{Player, Stop, Strength};
    /// use peralikatuma_rules::{Game, Ruleset};
    ///
    /// let mut hard = Player::new(Strength::Hard, 1);
    /// hard.hard_time = std::time::Duration::from_secs(3600);
    /// let stop = Stop::new();
    /// hard.share_stop(stop.clone());
    /// stop.stop();
    /// // Raised before the search, the flag stops it after its first iteration.
    /// assert!(hard.choose(&Game::new(Ruleset::ALQUERQUE)).is_some());
    /// ```
    pub fn share_stop(&mut self, stop: Stop) {
        self.searcher.share_stop(stop);
    }

    /// Makes this player read the time from `time`
    /// ([`Searcher::set_time_source`]): with a stepping source, its time
    /// limits and clock budgets do not depend on how busy the machine is.
    pub fn set_time_source(&mut self, time: TimeSource) {
        self.searcher.set_time_source(time);
    }

    /// The size of the player's transposition table, in bytes (of its
    /// own, [`Strength::table_megabytes`]: 64 MiB at Hard and Master, 4 MiB
    /// at Beginner, Easy and Medium).
    ///
    /// ```
    /// use alquerque_ai::{Player, Strength};
    ///
    /// assert_eq!(Player::new(Strength::Hard, 1).table_bytes(), 64 << 20);
    /// ```
    pub fn table_bytes(&self) -> usize {
        self.searcher.table_bytes()
    }

    /// The player's turn in the current position of `game`, or `None` when
    /// the game is over or has no legal turn.
    pub fn choose(&mut self, game: &Game) -> Option<Turn> {
        let turns = turns_now(game);
        if turns.is_empty() {
            return None;
        }
        let deadline = self
            .budget
            .map(|budget| self.searcher.time.now() + budget.hard);
        match self.strength {
            Strength::Random => Some(turns[self.rng.random_range(0..turns.len())]),
            Strength::Casual => {
                let choices = casual_choices(game.position());
                (!choices.is_empty()).then(|| choices[self.rng.random_range(0..choices.len())])
            }
            Strength::Beginner => {
                let mistakes = game.position().tuning().beginner;
                self.choose_with_mistakes(game, BEGINNER_DEPTH, mistakes, deadline)
            }
            Strength::Easy => {
                let tuning = game.position().tuning();
                self.choose_with_mistakes(game, tuning.easy_depth, tuning.easy, deadline)
            }
            Strength::Medium => {
                let depth = game.position().tuning().medium_depth;
                let scored = self.score_each(game, depth, deadline);
                self.pick_best(&scored)
            }
            Strength::Hard | Strength::Master => {
                let factor = if self.strength == Strength::Master {
                    MASTER_TIME_FACTOR
                } else {
                    1
                };
                let limits = match (self.budget, self.hard_nodes) {
                    (Some(budget), _) => budget.limits(),
                    (None, Some(nodes)) => Limits::nodes(nodes.saturating_mul(u64::from(factor))),
                    (None, None) => Limits::time(self.hard_time.saturating_mul(factor)),
                };
                self.searcher.contempt = CONTEMPT;
                self.searcher.search(game, limits, |_| {}).best
            }
        }
    }

    /// The player's turn in the current position of `game` on a clock:
    /// as [`Player::choose`], within `budget` ([`TimeBudget::from_clock`]).
    /// Hard and Master think for the budget instead of
    /// [`Player::hard_time`] or [`Player::hard_nodes`]; the others choose
    /// as ever, but stop at the budget's hard limit and choose among the
    /// turns weighed by then.
    ///
    /// ```
    /// use std::time::Duration;
    /// use alquerque_ai::{Player, Strength, TimeBudget, TimeSource};
    /// use peralikatuma_rules::{Game, Ruleset};
    ///
    /// let game = Game::new(Ruleset::PERALIKATUMA);
    /// let budget = TimeBudget::from_clock(Duration::from_millis(300), Duration::ZERO, 0);
    /// let mut hard = Player::new(Strength::Hard, 1);
    /// // A stepping source (each reading counts 2 ms) in place of the
    /// // machine's clock, so that the example holds on a busy machine.
    /// let time = TimeSource::stepping(Duration::from_millis(2));
    /// hard.set_time_source(time.clone());
    /// let asked = time.now();
    /// let turn = hard.choose_on_clock(&game, budget);
    /// assert!(turn.is_some());
    /// assert!(time.now() - asked < Duration::from_millis(300));
    /// ```
    pub fn choose_on_clock(&mut self, game: &Game, budget: TimeBudget) -> Option<Turn> {
        self.budget = Some(budget);
        let turn = self.choose(game);
        self.budget = None;
        turn
    }

    /// The turn Beginner or Easy means to play, a best one by a search
    /// `depth` turns deep, unless it makes one of `mistakes` instead.
    fn choose_with_mistakes(
        &mut self,
        game: &Game,
        depth: u32,
        mistakes: Mistakes,
        deadline: Option<Duration>,
    ) -> Option<Turn> {
        let scored = self.score_each(game, depth, deadline);
        let intended = self.pick_best(&scored)?;
        Some(mistakes.apply(game.position(), &scored, intended, &mut self.rng))
    }

    /// Each legal turn with its score after a search `depth` turns deep,
    /// with the player's contempt unless it is behind ([`CONTEMPT`]);
    /// at the `deadline`, the turns scored so far (at least one).
    fn score_each(
        &mut self,
        game: &Game,
        depth: u32,
        deadline: Option<Duration>,
    ) -> Vec<(Turn, Score)> {
        let mut scored = Vec::new();
        let position = game.position();
        let mover = position.side_to_move();
        let behind = position.lead(mover) < 0;
        // Each turn is weighed by a search from the opponent's side: the
        // player's contempt is the opponent's liking for a draw.
        self.searcher.contempt = if behind { 0 } else { -CONTEMPT };
        for turn in turns_now(game) {
            let limits = match deadline {
                None => Limits::depth(depth - 1),
                Some(deadline) => {
                    let left = deadline.saturating_sub(self.searcher.time.now());
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
            let score = if let Some(winner) = after.ending().map(|ending| ending.winner()) {
                // A turn can lose on the spot: a huff that leaves the
                // huffer no move (rules.md F4, F6).
                match winner {
                    Some(winner) if winner == mover => Score::WIN,
                    Some(_) => -Score::WIN,
                    None => Score::DRAW,
                }
            } else {
                -self.searcher.search(&after, limits, |_| {}).score
            };
            scored.push((turn, score));
        }
        scored
    }

    /// A random turn among those scoring within [`EQUAL_MARGIN`] of the
    /// best.
    fn pick_best(&mut self, scored: &[(Turn, Score)]) -> Option<Turn> {
        let best = scored.iter().map(|&(_, s)| s).max()?;
        let good: Vec<Turn> = scored
            .iter()
            .filter(|&&(_, s)| s.0 >= best.0 - EQUAL_MARGIN)
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

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use peralikatuma_rules::Ruleset;
    use peralikatuma_rules::{RULESETS, Turn};

    /// A few turns of a game between `white` and `black`, seeded.
    fn opening(
        variant: &'static Ruleset,
        white: Strength,
        black: Strength,
        seed: u64,
    ) -> Vec<Turn> {
        let mut players = [Player::new(white, seed), Player::new(black, seed + 1)];
        for player in &mut players {
            player.hard_time = Duration::from_millis(5);
        }
        let mut game = Game::new(variant);
        let mut turns = Vec::new();
        for ply in 0..12 {
            let Some(turn) = players[ply % 2].choose(&game) else {
                break;
            };
            assert!(game.position().legal_turns().contains(&turn), "{turn:?}");
            game.play(&turn).unwrap();
            turns.push(turn);
        }
        turns
    }

    #[test]
    fn every_strength_plays_legal_turns_in_every_game() {
        for variant in Ruleset::RULE_BOOK {
            for strength in Strength::ALL {
                assert!(!opening(variant, strength, Strength::Random, 3).is_empty());
            }
        }
    }

    #[test]
    fn the_weak_strengths_replay_from_their_seed() {
        for strength in [
            Strength::Random,
            Strength::Casual,
            Strength::Beginner,
            Strength::Easy,
        ] {
            for variant in Ruleset::RULE_BOOK {
                assert_eq!(
                    opening(variant, strength, strength, 11),
                    opening(variant, strength, strength, 11),
                    "{strength} in {variant}"
                );
            }
        }
    }

    #[test]
    fn master_searches_on_two_threads() {
        let master = Player::new(Strength::Master, 1);
        assert_eq!(master.searcher.threads, MASTER_THREADS);
        assert_eq!(Player::new(Strength::Hard, 1).searcher.threads, 1);
    }

    #[test]
    fn every_strength_plays_legal_turns_in_every_family_game() {
        for ruleset in &RULESETS {
            for strength in Strength::ALL {
                let mut players = [Player::new(strength, 5), Player::new(Strength::Random, 6)];
                players[0].hard_nodes = Some(2_000);
                let mut game = Game::new(ruleset);
                for ply in 0..2 {
                    let Some(turn) = players[ply % 2].choose(&game) else {
                        break;
                    };
                    let text = turn.text(ruleset.board);
                    assert!(
                        game.play(&turn).is_ok(),
                        "{} {strength}: {text}",
                        ruleset.id
                    );
                }
                assert!(!game.turns().is_empty(), "{} {strength}", ruleset.id);
            }
        }
    }
}
