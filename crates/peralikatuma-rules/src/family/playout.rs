//! Whole games played fast, without a [`Game`]'s history: for random
//! games, benchmarks and tests.

use board_topology::PointSet;

use super::game::Game;
use super::movegen::Listing;
use super::position::Position;
use super::specialised::{self, Job, Rules};
use super::turn::Turn;
use crate::Outcome;

/// Plays a game from `start` to its end, the turn each time being the
/// `choose(n)`-th of the `n` legal turns in the order of
/// [`Position::generate`] (an index out of range is taken modulo `n`), and
/// returns how many turns it took and how it ended. The same as playing
/// [`Game`] turn by turn, without checking each turn again, and without
/// listing the turns: they are counted, and the one chosen is found.
///
/// ```
/// use peralikatuma_rules::family::{Position, Ruleset, playout};
///
/// let start = Position::start(Ruleset::find("dash-guti")?);
/// let (turns, ending) = playout(&start, |_| 0);
/// assert!(turns > 0);
/// assert_eq!(playout(&start, |_| 0), (turns, ending));
/// println!("{ending}");
/// # Ok::<(), peralikatuma_rules::family::UnknownRuleset>(())
/// ```
pub fn playout(start: &Position, choose: impl FnMut(usize) -> usize) -> (usize, Outcome) {
    /// The game, compiled for each ruleset.
    struct Playout<'a, C>(&'a Position, C);
    impl<C: FnMut(usize) -> usize> Job for Playout<'_, C> {
        type Output = (usize, Outcome);
        #[inline(always)]
        fn run<S: PointSet, R: Rules>(self, rules: R) -> (usize, Outcome) {
            playout_as::<S, R>(self.0, rules, self.1)
        }
    }
    specialised::run(start.ruleset(), start.code, Playout(start, choose))
}

/// [`playout`] in the ruleset's sets `S`, under its rules `R`.
fn playout_as<S: PointSet, R: Rules>(
    start: &Position,
    rules: R,
    mut choose: impl FnMut(usize) -> usize,
) -> (usize, Outcome) {
    let mut position = *start;
    // The positions since the last removal: no earlier one can come back.
    let mut since_removal = vec![position];
    for played in 0.. {
        let count = position.count_as::<S, R>(rules);
        let seen = || {
            // Positions with the same side to move: every other one.
            let same = |p: &&Position| p.same_for_repetition(&position);
            since_removal.iter().rev().step_by(2).filter(same).count()
        };
        if let Some(ending) = Game::judge(&position, || count > 0, seen) {
            return (played, ending);
        }
        let mut left = choose(count) % count;
        let mut chosen = Turn::PASS;
        position.generate_as::<S, R, false>(rules, Listing::Turns, &mut |turn| {
            if left == 0 {
                chosen = *turn;
                return true;
            }
            left -= 1;
            false
        });
        position = position.play_as::<S, R>(rules, &chosen);
        if chosen.removes() {
            since_removal.clear();
        }
        since_removal.push(position);
    }
    unreachable!("the loop returns")
}

impl Position {
    /// How many legal turns the position has (none where the game is
    /// over), in the ruleset's sets `S` under its rules `R`: steps, slides
    /// and captures counted without being listed, but on boards of more
    /// than 64 points (Zamma, Terhuchu), where counting took more
    /// instructions than listing (Zamma's perft 7: 5% more).
    #[inline(always)]
    pub(super) fn count_as<S: PointSet, R: Rules>(&self, rules: R) -> usize {
        if self.ended().is_some() {
            return 0;
        }
        let mut listed = 0;
        let mut list = |_: &Turn| {
            listed += 1;
            false
        };
        let counted = match S::CAPACITY <= <u64 as PointSet>::CAPACITY {
            true => self.generate_as::<S, R, true>(rules, Listing::Turns, &mut list),
            false => self.generate_as::<S, R, false>(rules, Listing::Turns, &mut list),
        };
        listed + counted as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::family::Ruleset;

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
    /// way and after as many turns, in every ruleset (E1-E5).
    #[test]
    fn agrees_with_game() {
        for ruleset in Ruleset::all() {
            for seed in 0..12 {
                let fast = playout(&Position::start(ruleset), chooser(seed));
                let mut game = Game::new(ruleset);
                let mut choose = chooser(seed);
                while game.ending().is_none() {
                    let turns = game.position().legal_turns();
                    let turn = turns[choose(turns.len())];
                    game.play(&turn).expect("a legal turn");
                }
                let expected = (game.turns().len(), game.ending().expect("over"));
                assert_eq!(fast, expected, "{ruleset} seed {seed}");
            }
        }
    }

    /// An index out of range is taken modulo the number of turns.
    #[test]
    fn choices_out_of_range_wrap() {
        let start = Position::start(Ruleset::find("alquerque").expect("a ruleset"));
        assert_eq!(
            playout(&start, |_| usize::MAX),
            playout(&start, |n| usize::MAX % n)
        );
    }
}
