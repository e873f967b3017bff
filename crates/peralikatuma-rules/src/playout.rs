//! Whole games played fast, without a [`Game`]'s history: for random
//! games, benchmarks and tests.

use board_topology::PointSet;

use crate::Outcome;
use crate::game::Game;
use crate::movegen::{Listener, Listing};
use crate::position::Position;
use crate::specialised::{self, Job, Rules};
use crate::turn::{Kind, Turn};

/// Plays a game from `start` to its end, the turn each time being the
/// `choose(n)`-th of the `n` legal turns in the order of
/// [`Position::generate`] (an index out of range is taken modulo `n`), and
/// returns how many turns it took and how it ended. The same as playing
/// [`Game`] turn by turn, without checking each turn again, and without
/// writing every turn: each position's turns are listed once, a man's
/// steps kept as one set of points, and only the turn chosen is written.
///
/// ```
/// use peralikatuma_rules::{Position, Ruleset, playout};
///
/// let start = Position::start(Ruleset::find("dash-guti")?);
/// let (turns, ending) = playout(&start, |_| 0);
/// assert!(turns > 0);
/// assert_eq!(playout(&start, |_| 0), (turns, ending));
/// println!("{ending}");
/// # Ok::<(), peralikatuma_rules::UnknownRuleset>(())
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
    let mut turns = Recorded::<S>::default();
    for played in 0.. {
        turns.clear();
        if position.ended_under(rules.get()).is_none() {
            position.generate_as::<S, R, false>(rules, Listing::Turns, &mut turns);
        }
        let count = turns.len;
        let seen = || {
            // The position itself, last, and the earlier ones with the
            // same side to move: every other one, most told apart by
            // their hashes.
            let same = |p: &&Position| p.hash == position.hash && p.same_for_repetition(&position);
            1 + since_removal
                .iter()
                .rev()
                .skip(2)
                .step_by(2)
                .filter(same)
                .count()
        };
        if let Some(ending) = Game::judge(&position, || count > 0, seen) {
            return (played, ending);
        }
        let chosen = turns.turn(choose(count) % count, &position, rules);
        position = position.play_as::<S, R>(rules, &chosen);
        if chosen.removes() {
            since_removal.clear();
        }
        since_removal.push(position);
    }
    unreachable!("the loop returns")
}

/// A position's legal turns in the order of [`Position::generate`],
/// recorded to choose one: a man's steps as one entry (the points it
/// may step to), the moves that do not capture after a huff as their
/// number (listed again if one of them is chosen), every other turn
/// whole. Kept from position to position, so that a game allocates only
/// while its list grows.
struct Recorded<S> {
    /// The entries, in order.
    entries: Vec<Entry<S>>,
    /// The number of turns.
    len: usize,
}

/// Turns recorded together (64 bytes in `u64` sets: written for each
/// man that can step, so kept small).
#[derive(Copy, Clone)]
struct Entry<S> {
    /// The turn; for several, one with their huff and forfeits (and for a
    /// man's steps, its point).
    turn: Turn,
    /// The points a man's steps go to ([`Group::Steps`]).
    to: S,
    /// The index of its first turn.
    first: u32,
    group: Group,
}

/// The turns of an [`Entry`].
#[derive(Copy, Clone)]
enum Group {
    /// Its turn alone.
    Turn,
    /// Its man's steps to the entry's points.
    Steps,
    /// The moves that do not capture after its huff.
    QuietAfterHuff,
}

impl<S> Default for Recorded<S> {
    fn default() -> Self {
        Recorded {
            entries: Vec::with_capacity(64),
            len: 0,
        }
    }
}

impl<S: PointSet> Recorded<S> {
    /// Empties the record, for the next position.
    fn clear(&mut self) {
        self.entries.clear();
        self.len = 0;
    }

    /// The `index`-th turn of `position` (whose turns are recorded, under
    /// `rules`), `index` being below [`Recorded::len`].
    fn turn<R: Rules>(&self, index: usize, position: &Position, rules: R) -> Turn {
        // The last entry starting at or before `index` holds it.
        let holder = self
            .entries
            .partition_point(|entry| entry.first as usize <= index)
            - 1;
        let Entry {
            turn,
            to,
            first,
            group,
        } = self.entries[holder];
        let skip = index - first as usize;
        match group {
            Group::Turn => turn,
            Group::Steps => {
                let to = to.points().nth(skip).expect("a point per step");
                let mut step = turn;
                step.set_move(Kind::Step, turn.from(), to, turn.forfeits());
                step
            }
            Group::QuietAfterHuff => {
                let huffed = turn.huff().expect("a huff");
                let mut without = *position;
                let opponent = position.side.opposite().index();
                without.pieces[opponent] &= !(1 << huffed);
                without.crowned &= !(1 << huffed);
                let (mut left, mut chosen) = (skip, Turn::PASS);
                let mut find = |quiet: &Turn| match left {
                    0 => {
                        chosen = *quiet;
                        true
                    }
                    _ => {
                        left -= 1;
                        false
                    }
                };
                without.generate_as::<S, R, false>(rules, Listing::Quiet, &mut find);
                let landing = chosen.to().expect("a move lands somewhere");
                chosen.set_move(chosen.kind(), chosen.from(), landing, turn.forfeits());
                chosen.set_huff(Some(huffed));
                chosen
            }
        }
    }

    /// Records `turn` as an entry of `count` turns holding `group` (and
    /// the points `to` of steps).
    #[inline]
    fn push(&mut self, turn: Turn, group: Group, to: S, count: usize) {
        // A position has far fewer than 2^32 turns.
        let first = self.len as u32;
        self.entries.push(Entry {
            turn,
            to,
            first,
            group,
        });
        self.len += count;
    }
}

impl<S: PointSet> Listener<S> for Recorded<S> {
    #[inline]
    fn turn(&mut self, turn: &Turn) -> bool {
        self.push(*turn, Group::Turn, S::EMPTY, 1);
        false
    }

    const STEP_SETS: bool = true;

    const STOPS: bool = false;

    #[inline]
    fn steps(&mut self, turn: &mut Turn, to: S, forfeits: S) -> bool {
        // The landing is left to `Recorded::turn`.
        turn.set_move(Kind::Step, turn.from(), turn.from(), forfeits.widen());
        self.push(*turn, Group::Steps, to, to.count() as usize);
        false
    }

    const TALLIES_QUIET_AFTER_HUFF: bool = true;

    #[inline]
    fn quiet_after_huff(&mut self, huffed: u8, forfeits: S, count: usize) {
        if count > 0 {
            let mut turn = Turn::PASS;
            turn.set_huff(Some(huffed));
            // The move's piece and landing are left to `Recorded::turn`.
            turn.set_move(Kind::Step, huffed, huffed, forfeits.widen());
            self.push(turn, Group::QuietAfterHuff, S::EMPTY, count);
        }
    }

    #[inline]
    fn taken(&self) -> usize {
        self.len
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Ruleset;

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
