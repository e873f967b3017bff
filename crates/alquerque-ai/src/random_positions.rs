//! Positions for the unit tests: taken from seeded random games of a
//! ruleset, so that every phase of a game comes up (crowded openings,
//! captures and huffs to make, kings, thin endings).

use peralikatuma_rules::{Position, Ruleset};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

/// The longest random game played, in turns.
const MOST_TURNS: usize = 300;

/// `count` positions of `ruleset` where the game goes on (the side to move
/// has a legal turn), from random games seeded by `seed`: each position of
/// a game is kept with a chance of one in `every`, so that they come from
/// all of its phases, and games are played until there are enough.
pub(crate) fn from_random_games(
    ruleset: &'static Ruleset,
    seed: u64,
    count: usize,
    every: u32,
) -> Vec<Position> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut kept = Vec::with_capacity(count);
    while kept.len() < count {
        let mut position = Position::start(ruleset);
        for _ in 0..MOST_TURNS {
            let turns = position.legal_turns();
            if turns.is_empty() || kept.len() == count {
                break;
            }
            if rng.random_range(0..every) == 0 {
                kept.push(position);
            }
            position = position.play_unchecked(&turns[rng.random_range(0..turns.len())]);
        }
    }
    kept
}
