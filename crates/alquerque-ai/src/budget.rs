//! How long to think for a turn on a clock (rules of play T1, T2).

use std::time::Duration;

use crate::limits::Limits;

/// Kept back from every budget for what the search does not count: starting
/// a thread, choosing among scored turns, passing the turn on.
const OVERHEAD: Duration = Duration::from_millis(20);

/// The part of the remaining time kept back besides [`OVERHEAD`], for
/// delays the machine does not control (a busy processor); at most
/// [`MOST_KEPT_BACK`].
const KEPT_BACK_PART: u32 = 10;

/// The most kept back in proportion to the remaining time.
const MOST_KEPT_BACK: Duration = Duration::from_secs(1);

/// Turns the machine expects still to play, at most: a game of these
/// families lasts long, and the sixty-turn rule (E4) ends quiet ones.
const MOST_TURNS_TO_GO: u32 = 30;

/// Turns the machine expects still to play, at least.
const LEAST_TURNS_TO_GO: u32 = 20;

/// How long to think for one turn on a clock: a soft limit the search aims
/// at (it begins no iteration after it) and a hard one it never passes.
///
/// [`TimeBudget::from_clock`] is the usual rule: it aims at about a
/// thirtieth of the time left plus most of the increment, never more than
/// half of what is left; the soft limit is half the aim (the iteration
/// under way then usually ends by the aim), the hard limit twice the aim
/// and at most three quarters of what is left, after a safety margin for
/// the work around the search. Spending less than the increment on a turn lets the time left
/// grow, so a player on such a budget does not run out (T2) as long as
/// every turn has at least the margin (20 ms and a tenth of the time left,
/// up to a second) to spare.
///
/// ```
/// use std::time::Duration;
/// use alquerque_ai::TimeBudget;
///
/// // Five minutes and three seconds a turn, at the start.
/// let budget = TimeBudget::from_clock(Duration::from_secs(303), Duration::from_secs(3), 0);
/// assert!(budget.soft > Duration::from_secs(5) && budget.soft < Duration::from_secs(7));
/// assert!(budget.hard <= budget.soft * 4);
/// // A tenth of a second a turn, nothing else.
/// let quick = TimeBudget::from_clock(Duration::from_millis(100), Duration::from_millis(100), 40);
/// assert!(quick.hard <= Duration::from_millis(60));
/// assert!(quick.soft <= quick.hard);
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct TimeBudget {
    /// Begin no iteration of the search after this.
    pub soft: Duration,
    /// Stop searching at this, in the middle of an iteration if need be.
    pub hard: Duration,
}

impl TimeBudget {
    /// The budget for a turn with `remaining` on the clock (the increment
    /// for this turn already added, as in T1), `increment` more on every
    /// turn, and `turns_played` turns of the game behind.
    pub fn from_clock(remaining: Duration, increment: Duration, turns_played: usize) -> TimeBudget {
        let kept_back = OVERHEAD + (remaining / KEPT_BACK_PART).min(MOST_KEPT_BACK);
        let usable = remaining.saturating_sub(kept_back);
        let played = u32::try_from(turns_played / 10).unwrap_or(u32::MAX);
        let turns_to_go = MOST_TURNS_TO_GO
            .saturating_sub(played)
            .max(LEAST_TURNS_TO_GO);
        let aim = (usable / turns_to_go + increment * 4 / 5).min(usable / 2);
        // An iteration begun before half the aim usually ends by the aim:
        // each costs about as much as all before it, or more.
        let soft = aim / 2;
        let hard = (aim * 2).min(usable * 3 / 4).max(soft);
        TimeBudget { soft, hard }
    }

    /// Search limits that keep to the budget.
    ///
    /// ```
    /// use std::time::Duration;
    /// use alquerque_ai::TimeBudget;
    /// let budget = TimeBudget::from_clock(Duration::from_secs(10), Duration::ZERO, 0);
    /// let limits = budget.limits();
    /// assert_eq!((limits.soft, limits.time), (Some(budget.soft), Some(budget.hard)));
    /// ```
    pub fn limits(self) -> Limits {
        Limits {
            soft: Some(self.soft),
            ..Limits::time(self.hard)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MS: Duration = Duration::from_millis(1);

    #[test]
    fn the_hard_limit_leaves_the_margin_and_the_soft_one_is_below_it() {
        for remaining in [0, 1, 10, 50, 100, 500, 1_000, 10_000, 300_000] {
            for increment in [0, 100, 2_000] {
                for turns in [0, 50, 500] {
                    let remaining = MS * remaining;
                    let budget = TimeBudget::from_clock(remaining, MS * increment, turns);
                    assert!(budget.soft <= budget.hard, "{remaining:?} {budget:?}");
                    assert!(
                        budget.hard + OVERHEAD <= remaining || budget.hard.is_zero(),
                        "{remaining:?} {budget:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn less_than_the_increment_is_spent_when_little_is_left() {
        let budget = TimeBudget::from_clock(MS * 150, MS * 100, 30);
        assert!(budget.hard < MS * 100, "{budget:?}");
    }
}
