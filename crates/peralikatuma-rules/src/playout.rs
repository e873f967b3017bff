//! Whole games played fast, without a [`Game`](crate::Game)'s history:
//! for random games, benchmarks and search.

use crate::game::{Game, QUIET_TURNS_FOR_DRAW};
use crate::movegen::{self, Compact};
use crate::outcome::Outcome;
use crate::position::Position;

/// The end of a game played by [`playout`].
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Playout {
    /// How the game ended (E1-E5).
    pub outcome: Outcome,
    /// How many turns were played.
    pub turns: usize,
    /// The final position.
    pub end: Position,
}

/// Plays a whole game from `start` to its end by the rules (E1-E5, in the
/// order of E5), choosing each turn with `choose`, which is given the number
/// of legal turns `n > 0` and returns an index below it (an index out of
/// range is taken modulo `n`).
///
/// This is what [`Game`](crate::Game) does turn by turn, without keeping
/// the history: positions are compared for repetition only back to the
/// last removal, when they can repeat at all.
///
/// ```
/// use peralikatuma_rules::{playout, Position, Variant};
///
/// // Always the first legal turn: a fixed game.
/// let first = playout(&Position::start(Variant::Alquerque), |_| 0);
/// let again = playout(&Position::start(Variant::Alquerque), |_| 0);
/// assert_eq!(first, again);
/// assert!(first.turns > 0);
/// ```
pub fn playout(start: &Position, mut choose: impl FnMut(usize) -> usize) -> Playout {
    let mut position = *start;
    let mut turns = 0;
    // Positions since the last removal with the side to move of the current
    // one are compared for E2; the window never holds more than the
    // quiet-turn limit allows.
    let mut since_removal: Vec<Position> = Vec::with_capacity(QUIET_TURNS_FOR_DRAW as usize + 2);
    since_removal.push(position);
    let mut list = Compact::default();
    loop {
        let has_legal_turn = || {
            list.reset(position.variant());
            position.generate_into(&mut list);
            !list.is_empty()
        };
        let repetitions = || {
            since_removal
                .iter()
                .rev()
                .step_by(2)
                .filter(|p| p.same_for_repetition(&position))
                .count()
        };
        if let Some(outcome) = Game::judge(&position, has_legal_turn, repetitions) {
            return Playout {
                outcome,
                turns,
                end: position,
            };
        }
        let Some(turn) = list.turn(choose(list.len()) % list.len()) else {
            unreachable!("the index is below the number of turns")
        };
        position = position.play_knowing_jumpers(&turn, |placement| {
            list.jumpers(turn.claim())
                .unwrap_or_else(|| movegen::jumpers(placement))
        });
        turns += 1;
        if turn.removes_pieces() {
            since_removal.clear();
        }
        since_removal.push(position);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Game, Variant};

    /// A fixed sequence of choices (a linear congruential generator).
    fn chooser(seed: u64) -> impl FnMut(usize) -> usize {
        let mut state = seed;
        move |n| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 33) as usize % n
        }
    }

    /// A playout ends where a [`Game`] fed the same choices ends, the same
    /// way and after as many turns.
    #[test]
    fn agrees_with_game() {
        for variant in Variant::ALL {
            for seed in 0..40 {
                let start = Position::start(variant);
                let fast = playout(&start, chooser(seed));
                let mut game = Game::new(variant);
                let mut choose = chooser(seed);
                while game.outcome().is_none() {
                    let turns = game.legal_turns();
                    let turn = turns[choose(turns.len())];
                    game.play(&turn).expect("a legal turn");
                }
                assert_eq!(Some(fast.outcome), game.outcome(), "{variant} seed {seed}");
                assert_eq!(fast.turns, game.turns().len(), "{variant} seed {seed}");
                assert_eq!(&fast.end, game.position(), "{variant} seed {seed}");
            }
        }
    }
}
