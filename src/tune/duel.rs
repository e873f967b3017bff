//! A match between two sets of weights, both played by Hard on a node
//! limit: pairs of games from the same random opening, one with each
//! colour.

use alquerque_ai::{Player, Strength, TranspositionTable, Weights};
use peralikatuma_rules::{Outcome, Ruleset, Side};

use super::{in_pairs, opening, play_on};
use crate::tournament::Tally;

/// Each player's transposition table, in MiB: enough for searches of tens
/// of thousands of nodes.
const TABLE_MEGABYTES: usize = 16;

/// A match between two sets of weights.
#[derive(Copy, Clone, Debug)]
pub struct Duel {
    /// The game.
    pub ruleset: &'static Ruleset,
    /// Games (rounded up to even): pair `i` opens from `seed + i`.
    pub games: u32,
    /// Random turns that open each pair of games.
    pub opening: usize,
    /// Hard's nodes a turn, for both.
    pub nodes: u64,
    /// The first pair's seed.
    pub seed: u64,
    /// The weights the score is counted for.
    pub first: Weights,
    /// Their opponent's.
    pub second: Weights,
}

/// Plays `duel` in parallel and tallies the first weights' results;
/// `done` is called as each game ends.
///
/// ```
/// use alquerque_ai::Weights;
/// use peralikatuma::tune::{Duel, duel};
/// use peralikatuma_rules::Ruleset;
///
/// let own = Weights::of(Ruleset::ALQUERQUE);
/// let careless = Weights { exposed: 0, capture_now: 0, ..own };
/// let tally = duel(
///     &Duel {
///         ruleset: Ruleset::ALQUERQUE,
///         games: 2,
///         opening: 2,
///         nodes: 500,
///         seed: 1,
///         first: own,
///         second: careless,
///     },
///     || {},
/// );
/// assert_eq!(tally.games, 2);
/// assert_eq!(tally.wins + tally.draws + tally.losses, 2);
/// ```
pub fn duel(duel: &Duel, done: impl Fn() + Sync) -> Tally {
    let outcomes = in_pairs(
        duel.games,
        duel.seed,
        |seed, first_side| play(duel, seed, first_side),
        done,
    );
    let mut tally = Tally::default();
    for (outcome, first_side) in outcomes {
        tally.add(outcome, first_side);
    }
    tally
}

/// One game of `duel` from the opening of `seed`, the first weights
/// playing `first_side`; its outcome (none if stopped).
fn play(duel: &Duel, seed: u64, first_side: Side) -> Option<Outcome> {
    let mut game = opening(duel.ruleset, duel.opening, seed);
    let player = |weights: Weights, seed: u64| {
        // A table each.
        let table = TranspositionTable::new(TABLE_MEGABYTES);
        let mut player = Player::with_table(Strength::Hard, seed, &table);
        player.hard_nodes = Some(duel.nodes);
        player.set_weights(Some(weights));
        player
    };
    let (mut first, mut second) = (player(duel.first, seed), player(duel.second, seed ^ 0x5eed));
    play_on(&mut game, |game| match game.side_to_move() == first_side {
        true => first.choose(game),
        false => second.choose(game),
    });
    game.ending()
}
