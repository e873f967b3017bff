//! The machine's pace: the weaker levels choose in a few milliseconds, and
//! a reply that comes at once feels robotic, so the frontends let it come
//! after a short, natural while instead. Tournaments, the engine protocol
//! and tests play at once.

use std::time::Duration;

use alquerque_ai::{Strength, TimeBudget};
use rand::RngExt;

/// The shortest and the longest a weak level seems to think.
pub const NATURAL_PAUSE: [Duration; 2] = [Duration::from_millis(450), Duration::from_millis(1300)];

/// How long after the person's turn the machine at `strength` answers,
/// at the least: a while between [`NATURAL_PAUSE`]'s bounds for the levels
/// that choose at once, nothing for Hard and Master (who think that long
/// anyway). On a clock (`budget`), never more than a quarter of the
/// machine's time for the turn.
///
/// ```
/// use std::time::Duration;
/// use alquerque_ai::{Strength, TimeBudget};
/// use peralikatuma::pace::{NATURAL_PAUSE, natural_pause};
///
/// let mut rng = rand::rng();
/// let easy = natural_pause(Strength::Easy, None, &mut rng);
/// assert!(NATURAL_PAUSE[0] <= easy && easy <= NATURAL_PAUSE[1]);
/// assert_eq!(natural_pause(Strength::Hard, None, &mut rng), Duration::ZERO);
/// let short = TimeBudget { soft: Duration::from_millis(400), hard: Duration::from_millis(800) };
/// assert!(natural_pause(Strength::Easy, Some(short), &mut rng) <= Duration::from_millis(100));
/// ```
pub fn natural_pause(
    strength: Strength,
    budget: Option<TimeBudget>,
    rng: &mut impl rand::Rng,
) -> Duration {
    if matches!(strength, Strength::Hard | Strength::Master) {
        return Duration::ZERO;
    }
    let [least, most] = NATURAL_PAUSE.map(|d| d.as_millis() as u64);
    let pause = Duration::from_millis(rng.random_range(least..=most));
    match budget {
        Some(budget) => pause.min(budget.soft / 4),
        None => pause,
    }
}
