//! Positions to tune from: games the engine plays against itself, each
//! position labelled by the game's result for its side to move, or by the
//! endgame tables' verdict where they cover it.

use std::sync::Arc;

use alquerque_ai::alquerque_tablebase::{Tablebase, Verdict};
use alquerque_ai::{Player, Strength, TranspositionTable, Weights, terms};
use peralikatuma_rules::{Outcome, Ruleset, Side};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use rayon::prelude::*;

use super::{opening, play_on};

/// The transposition table both players of a game share, in MiB: enough
/// for searches of some thousands of nodes.
const TABLE_MEGABYTES: usize = 2;

/// How the engine plays the games the samples come from.
#[derive(Copy, Clone, Debug)]
pub struct SelfPlay {
    /// The game.
    pub ruleset: &'static Ruleset,
    /// Games to play.
    pub games: u32,
    /// Random turns that open each game.
    pub opening: usize,
    /// Hard's nodes a turn.
    pub nodes: u64,
    /// The share of turns played at random instead, so that the games are
    /// decided (between equal players they are mostly drawn) and the
    /// positions varied.
    pub random_share: f64,
    /// Game `i` opens and plays from `seed + i`.
    pub seed: u64,
    /// The weights both sides play with.
    pub weights: Weights,
}

/// One position to tune from.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Sample {
    /// The evaluation's terms for the side to move ([`terms`]).
    pub terms: [f64; Weights::NAMES.len()],
    /// What the side to move scored: 1 for a win, 0.5 a draw, 0 a loss.
    pub result: f64,
    /// The game it comes from (its index), to keep a game's positions
    /// together when some are held out.
    pub game: u32,
}

/// The positions of `self_play`'s games after their openings (where the
/// game goes on), in the order of the games, played in parallel;
/// `tablebase` labels the positions it covers. `done` is called as each
/// game ends.
///
/// ```
/// use alquerque_ai::Weights;
/// use peralikatuma::tune::{SelfPlay, samples};
/// use peralikatuma_rules::Ruleset;
///
/// let lau_kata_kati = Ruleset::find("lau-kata-kati")?;
/// let self_play = SelfPlay {
///     ruleset: lau_kata_kati,
///     games: 2,
///     opening: 2,
///     nodes: 200,
///     random_share: 0.1,
///     seed: 1,
///     weights: Weights::of(lau_kata_kati),
/// };
/// let samples = samples(&self_play, None, || {});
/// assert!(samples.len() > 10);
/// assert!(samples.iter().all(|s| [0.0, 0.5, 1.0].contains(&s.result)));
/// assert_eq!(samples, peralikatuma::tune::samples(&self_play, None, || {}));
/// # Ok::<(), peralikatuma_rules::UnknownRuleset>(())
/// ```
pub fn samples(
    self_play: &SelfPlay,
    tablebase: Option<Arc<Tablebase>>,
    done: impl Fn() + Sync,
) -> Vec<Sample> {
    (0..self_play.games)
        .into_par_iter()
        .map(|game| {
            let samples = game_samples(self_play, game, tablebase.as_deref());
            done();
            samples
        })
        .collect::<Vec<_>>()
        .concat()
}

/// The samples of game `index` of `self_play`.
fn game_samples(self_play: &SelfPlay, index: u32, tablebase: Option<&Tablebase>) -> Vec<Sample> {
    let seed = self_play.seed.wrapping_add(u64::from(index));
    let mut game = opening(self_play.ruleset, self_play.opening, seed);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed ^ 0xb1a5);
    let table = TranspositionTable::new(TABLE_MEGABYTES);
    let mut players = [seed, seed ^ 0x5eed].map(|seed| {
        let mut player = Player::with_table(Strength::Hard, seed, &table);
        player.hard_nodes = Some(self_play.nodes);
        player.set_weights(Some(self_play.weights));
        player
    });
    let mut positions = Vec::new();
    play_on(&mut game, |game| {
        positions.push(*game.position());
        let legal = game.legal_turns();
        match rng.random::<f64>() < self_play.random_share && !legal.is_empty() {
            true => Some(legal[rng.random_range(0..legal.len())]),
            false => players[game.side_to_move().index()].choose(game),
        }
    });
    let winner = match game.ending() {
        Some(Outcome::Win { winner, .. }) => Some(winner),
        Some(_) => None,
        None => return Vec::new(),
    };
    positions
        .iter()
        .map(|position| {
            let side = position.side_to_move();
            let by_tables = tablebase
                .and_then(|tables| tables.probe(position))
                .map(|probe| match probe.verdict {
                    Verdict::Win => 1.0,
                    Verdict::Draw => 0.5,
                    Verdict::Loss => 0.0,
                });
            Sample {
                terms: terms(position),
                result: by_tables.unwrap_or_else(|| score(winner, side)),
                game: index,
            }
        })
        .collect()
}

/// What `side` scored in a game `winner` won (a draw if none).
fn score(winner: Option<Side>, side: Side) -> f64 {
    match winner {
        Some(winner) if winner == side => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    }
}
