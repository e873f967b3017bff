//! Tuning the evaluation's weights of one game from data (the `tune`
//! example): positions from games the engine plays against itself,
//! labelled by the games' results (and by the endgame tables' verdicts
//! where they cover a position) ([`samples`]); weights fitted to them by
//! logistic regression, Texel's method ([`fit`]); a match between two
//! sets of weights at Hard ([`duel`]); and how often Hard converts a lead
//! against Medium ([`handicap`]). Everything follows the seeds: the
//! same command gives the same weights and the same match.

mod duel;
mod fit;
mod handicap;
mod samples;

pub use duel::{Duel, duel};
pub use fit::{Fit, fit};
pub use handicap::{Converted, Handicap, handicap};
pub use samples::{Sample, SelfPlay, samples};

use alquerque_ai::{Weights, WeightsFileError, weights_file};
use peralikatuma_rules::{Game, Ruleset, Side, Turn};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use rayon::prelude::*;

use crate::tournament::MAX_TURNS;

/// Plays `game` on, each turn the one `choose` gives, until it ends, it
/// has lasted [`MAX_TURNS`] turns, or `choose` gives none or an illegal
/// one.
fn play_on(game: &mut Game, mut choose: impl FnMut(&Game) -> Option<Turn>) {
    while game.ending().is_none() && game.turns().len() < MAX_TURNS {
        let Some(turn) = choose(game) else {
            return;
        };
        if game.play(&turn).is_err() {
            return;
        }
    }
}

/// Plays `games` games (rounded up to even) in parallel, in pairs: pair `i`
/// twice from `seed + i`, the player measured (`play`'s side) White in the
/// first and Black in the second; each game's result with that side, in
/// order. `done` is called as each game ends.
fn in_pairs<T: Send>(
    games: u32,
    seed: u64,
    play: impl Fn(u64, Side) -> T + Sync,
    done: impl Fn() + Sync,
) -> Vec<(T, Side)> {
    let pairs = u64::from(games.div_ceil(2));
    (0..pairs)
        .flat_map(|pair| [(pair, Side::White), (pair, Side::Black)])
        .collect::<Vec<_>>()
        .into_par_iter()
        .map(|(pair, side)| {
            let result = play(seed.wrapping_add(pair), side);
            done();
            (result, side)
        })
        .collect()
}

/// A game of `ruleset` after `turns` legal turns chosen at random from
/// `seed` (fewer if it ends before), so that games from the same start
/// differ.
///
/// ```
/// use peralikatuma::tune::opening;
/// use peralikatuma_rules::Ruleset;
///
/// let game = opening(Ruleset::ALQUERQUE, 4, 7);
/// assert_eq!(game.turns().len(), 4);
/// assert_eq!(game.turns(), opening(Ruleset::ALQUERQUE, 4, 7).turns());
/// ```
pub fn opening(ruleset: &'static Ruleset, turns: usize, seed: u64) -> Game {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut game = Game::new(ruleset);
    for _ in 0..turns {
        if game.ending().is_some() {
            break;
        }
        let legal = game.legal_turns();
        if legal.is_empty() {
            break;
        }
        let turn = legal[rng.random_range(0..legal.len())];
        if game.play(&turn).is_err() {
            break;
        }
    }
    game
}

/// A weights file's text (`alquerque_ai::WEIGHTS_FILE`'s form) with the
/// line of `ruleset` (which every weights file has) replaced by `weights`, and `command` as its
/// comment; the other lines as they were. The text must read as a weights
/// file before and after.
///
/// ```
/// use alquerque_ai::{WEIGHTS_FILE, Weights, weights_file};
/// use peralikatuma::tune::with_line;
/// use peralikatuma_rules::Ruleset;
///
/// let zamma = Ruleset::find("zamma")?;
/// let tuned = Weights { mobility: 9, ..Weights::of(zamma) };
/// let text = with_line(WEIGHTS_FILE, zamma, &tuned, "tune --variant zamma")?;
/// assert!(text.contains(&format!("zamma {tuned} # tune --variant zamma\n")));
/// let table = weights_file(&text)?;
/// assert_eq!(table[20], tuned);
/// assert_eq!(table[..20], weights_file(WEIGHTS_FILE)?[..20]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// What is wrong with the file, before or after (a game without a line
/// among them).
pub fn with_line(
    file: &str,
    ruleset: &Ruleset,
    weights: &Weights,
    command: &str,
) -> Result<String, WeightsFileError> {
    weights_file(file)?;
    let id = ruleset.id;
    let line = format!("{id} {weights} # {command}");
    let lines: Vec<&str> = file
        .lines()
        .map(|old| match old.split_whitespace().next() == Some(id) {
            true => line.as_str(),
            false => old,
        })
        .collect();
    let text = lines.join("\n") + "\n";
    weights_file(&text)?;
    Ok(text)
}
