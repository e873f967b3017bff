//! Time controls and the clock of a game (rules of play T1, T2 in the
//! project's rule document): a base time and an increment a turn, each
//! player's time left, and whose runs.
//!
//! The clock holds no thread and reads no time itself: every change is
//! given the moment it happens (`now`), so that a frontend decides when to
//! look, and tests need not wait.

use std::fmt;
use std::str::FromStr;
use std::time::{Duration, Instant};

use peralikatuma_rules::Side;

/// The longest time a control may give (a day), so that sums of times
/// cannot overflow.
const LONGEST: Duration = Duration::from_secs(24 * 60 * 60);

/// A time control (T1): a base time for each player, and an increment added
/// to a player's time at the start of each of their turns.
///
/// Read from text as `base+increment`: numbers without a unit are minutes
/// for the base and seconds for the increment, as players say it (`5+3`);
/// a unit (`ms`, `s`, `min`) says otherwise (`300s+2s`, `0+100ms`,
/// `1.5+0`). Written the same way ([`fmt::Display`]), and in records in
/// seconds as in PGN ([`TimeControl::record_tag`]).
///
/// ```
/// use std::time::Duration;
/// use peralikatuma::clock::TimeControl;
///
/// let blitz: TimeControl = "5+3".parse()?;
/// assert_eq!(blitz.base, Duration::from_secs(300));
/// assert_eq!(blitz.increment, Duration::from_secs(3));
/// assert_eq!(blitz.to_string(), "5+3");
/// assert_eq!(blitz.record_tag(), "300+3");
/// assert_eq!("300s+3s".parse::<TimeControl>()?, blitz);
/// assert_eq!(TimeControl::from_record_tag("300+3")?, blitz);
/// let quick: TimeControl = "0+100ms".parse()?;
/// assert_eq!(quick.increment, Duration::from_millis(100));
/// assert_eq!(quick.to_string(), "0+100ms");
/// let error = "5".parse::<TimeControl>().unwrap_err();
/// assert!(error.to_string().contains("no `+`"));
/// # Ok::<(), peralikatuma::clock::TimeControlError>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct TimeControl {
    /// Each player's time at the start.
    pub base: Duration,
    /// Added to a player's time at the start of each of their turns.
    pub increment: Duration,
}

/// Text that is not a time control.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error(
    "`{text}` is not a time control: {why} (write base+increment: 5+3 is five minutes and three seconds a turn; 300s+2s and 0+100ms give units)"
)]
pub struct TimeControlError {
    /// The text.
    pub text: String,
    /// What is wrong with it.
    pub why: String,
}

/// The unit a number without one is in.
#[derive(Copy, Clone)]
enum Unit {
    Minutes,
    Seconds,
}

/// Reads `part` (`5`, `1.5`, `300s`, `100ms`, `2min`) as a duration, in
/// `unit` when it has none.
fn duration(part: &str, unit: Unit) -> Result<Duration, String> {
    let part = part.trim();
    let digits = part
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(part.len());
    let (number, suffix) = part.split_at(digits);
    if number.is_empty() {
        return Err(format!("`{part}` has no number"));
    }
    let seconds_each = match (suffix.trim(), unit) {
        ("", Unit::Minutes) | ("m" | "min", _) => 60.0,
        ("", Unit::Seconds) | ("s", _) => 1.0,
        ("ms", _) => 0.001,
        (other, _) => return Err(format!("`{other}` is not a unit (ms, s or min)")),
    };
    let value: f64 = number
        .parse()
        .map_err(|_| format!("`{number}` is not a number"))?;
    let seconds = value * seconds_each;
    if !seconds.is_finite() || seconds > LONGEST.as_secs_f64() {
        return Err(format!("`{part}` is longer than a day"));
    }
    // Whole milliseconds: the clocks show no finer.
    Ok(Duration::from_millis((seconds * 1000.0).round() as u64))
}

/// A duration as a number of `unit`s when it is a whole number of them,
/// else in seconds or milliseconds with a unit.
fn write_duration(f: &mut fmt::Formatter<'_>, time: Duration, unit: Unit) -> fmt::Result {
    let millis = time.as_millis();
    let (per, plain) = match unit {
        Unit::Minutes => (60_000, "min"),
        Unit::Seconds => (1000, "s"),
    };
    match () {
        () if millis % per == 0 => write!(f, "{}", millis / per),
        () if millis % 1000 == 0 => write!(f, "{}s", millis / 1000),
        () if plain == "s" || millis < 1000 => write!(f, "{millis}ms"),
        () => write!(f, "{}s", time.as_secs_f64()),
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_duration(f, self.base, Unit::Minutes)?;
        f.write_str("+")?;
        write_duration(f, self.increment, Unit::Seconds)
    }
}

impl TimeControl {
    /// Reads `text` with `base` and `increment` in the given units when
    /// they have none.
    fn parse_in(text: &str, base: Unit) -> Result<TimeControl, TimeControlError> {
        let error = |why: String| TimeControlError {
            text: text.to_owned(),
            why,
        };
        let (first, second) = text
            .split_once('+')
            .ok_or_else(|| error("no `+` between the base and the increment".into()))?;
        let control = TimeControl {
            base: duration(first, base).map_err(error)?,
            increment: duration(second, Unit::Seconds).map_err(error)?,
        };
        if control.base.is_zero() && control.increment.is_zero() {
            return Err(error("no time at all".into()));
        }
        Ok(control)
    }

    /// The control as a record's `TimeControl` tag: seconds, as in PGN
    /// (`300+3`, `0+0.1`).
    pub fn record_tag(&self) -> String {
        format!(
            "{}+{}",
            self.base.as_secs_f64(),
            self.increment.as_secs_f64()
        )
    }

    /// Reads a record's `TimeControl` tag: seconds without a unit
    /// ([`TimeControl::record_tag`]).
    ///
    /// # Errors
    /// When the tag is not a time control.
    pub fn from_record_tag(text: &str) -> Result<TimeControl, TimeControlError> {
        TimeControl::parse_in(text, Unit::Seconds)
    }
}

impl FromStr for TimeControl {
    type Err = TimeControlError;

    /// `base+increment`, the base in minutes and the increment in seconds
    /// unless a unit says otherwise (see [`TimeControl`]).
    fn from_str(text: &str) -> Result<TimeControl, TimeControlError> {
        TimeControl::parse_in(text, Unit::Minutes)
    }
}

/// A game's clock (T1, T2): each player's time left and whose runs.
///
/// Each turn is started with [`Clock::start_turn`], which adds the
/// increment and runs the mover's time; [`Clock::stop`] charges the time
/// used. A player whose time reaches zero while it runs has lost
/// ([`Clock::flagged`]).
///
/// ```
/// use std::time::{Duration, Instant};
/// use peralikatuma::clock::{Clock, TimeControl};
/// use peralikatuma_rules::Side;
///
/// let mut clock = Clock::new("1+2".parse()?);
/// let start = Instant::now();
/// clock.start_turn(Side::White, start);
/// assert_eq!(clock.left(Side::White, start), Duration::from_secs(62));
/// let later = start + Duration::from_secs(10);
/// assert_eq!(clock.left(Side::White, later), Duration::from_secs(52));
/// clock.start_turn(Side::Black, later);
/// assert_eq!(clock.left(Side::White, later + Duration::from_secs(5)), Duration::from_secs(52));
/// assert_eq!(clock.flagged(later + Duration::from_secs(61)), None);
/// assert_eq!(clock.flagged(later + Duration::from_secs(62)), Some(Side::Black));
/// # Ok::<(), peralikatuma::clock::TimeControlError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Clock {
    control: TimeControl,
    /// Each side's time left (White, Black) when it last stopped, or for
    /// the running side when it started.
    left: [Duration; 2],
    /// The side whose time runs, and since when.
    running: Option<(Side, Instant)>,
}

fn index(side: Side) -> usize {
    usize::from(side == Side::Black)
}

impl Clock {
    /// A clock for `control`, each player with the base time, stopped.
    pub fn new(control: TimeControl) -> Clock {
        Clock {
            control,
            left: [control.base; 2],
            running: None,
        }
    }

    /// A clock for `control` with the given times left (White's, Black's),
    /// stopped: one taken up again.
    pub fn with_times(control: TimeControl, left: [Duration; 2]) -> Clock {
        Clock {
            control,
            left: left.map(|time| time.min(LONGEST)),
            running: None,
        }
    }

    /// The time control.
    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// The side whose time runs, if any.
    pub fn running(&self) -> Option<Side> {
        self.running.map(|(side, _)| side)
    }

    /// `side`'s time left at `now` (zero once it has run out).
    pub fn left(&self, side: Side, now: Instant) -> Duration {
        let left = self.left[index(side)];
        match self.running {
            Some((running, since)) if running == side => {
                left.saturating_sub(now.saturating_duration_since(since))
            }
            _ => left,
        }
    }

    /// The side whose time has run out at `now`: only the running side's
    /// can.
    pub fn flagged(&self, now: Instant) -> Option<Side> {
        let side = self.running()?;
        self.left(side, now).is_zero().then_some(side)
    }

    /// When the running side's time runs out, if nothing happens first.
    pub fn runs_out_at(&self) -> Option<Instant> {
        let (side, since) = self.running?;
        Some(since + self.left[index(side)])
    }

    /// Stops the clock at `now`, charging the running side for its time.
    pub fn stop(&mut self, now: Instant) {
        if let Some((side, _)) = self.running {
            self.left[index(side)] = self.left(side, now);
            self.running = None;
        }
    }

    /// Starts a turn of `side` at `now`: the running side is charged, and
    /// `side`'s time gains the increment and runs (T1).
    pub fn start_turn(&mut self, side: Side, now: Instant) {
        self.stop(now);
        let left = &mut self.left[index(side)];
        *left = (*left + self.control.increment).min(LONGEST);
        self.running = Some((side, now));
    }

    /// Runs the running side's time from `now`, as if its turn began then,
    /// without charging it for the time since it last started (a clock
    /// moved to another time source).
    pub fn run_from(&mut self, now: Instant) {
        if let Some((side, _)) = self.running {
            self.running = Some((side, now));
        }
    }

    /// Runs `side`'s time from `now` without an increment (after turns
    /// taken back, or when a game is taken up again); the running side is
    /// charged first.
    pub fn resume(&mut self, side: Side, now: Instant) {
        self.stop(now);
        self.running = Some((side, now));
    }
}

/// A time left as players read it: `4:07` (minutes and seconds), with
/// tenths under ten seconds (`0:09.4`), and hours when there are
/// (`1:00:00`).
///
/// ```
/// use std::time::Duration;
/// use peralikatuma::clock::show_time;
/// assert_eq!(show_time(Duration::from_secs(247)), "4:07");
/// assert_eq!(show_time(Duration::from_millis(9_440)), "0:09.4");
/// assert_eq!(show_time(Duration::from_secs(3600)), "1:00:00");
/// ```
pub fn show_time(time: Duration) -> String {
    let seconds = time.as_secs();
    let (hours, minutes, secs) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    if hours > 0 {
        format!("{hours}:{minutes:02}:{secs:02}")
    } else if seconds < 10 {
        format!("{minutes}:{secs:02}.{}", time.subsec_millis() / 100)
    } else {
        format!("{minutes}:{secs:02}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> TimeControl {
        text.parse().unwrap_or_else(|error| panic!("{error}"))
    }

    #[test]
    fn t1_time_controls_read_in_minutes_and_seconds_or_in_units() {
        let cases = [
            ("5+3", 300_000, 3000),
            ("300s+2s", 300_000, 2000),
            ("0+100ms", 0, 100),
            ("1.5+0", 90_000, 0),
            (" 2min + 1 ", 120_000, 1000),
            ("90s+0.5", 90_000, 500),
        ];
        for (text, base, increment) in cases {
            let control = parse(text);
            assert_eq!(control.base, Duration::from_millis(base), "{text}");
            assert_eq!(
                control.increment,
                Duration::from_millis(increment),
                "{text}"
            );
            assert_eq!(parse(&control.to_string()), control, "{text}");
            assert_eq!(
                TimeControl::from_record_tag(&control.record_tag()),
                Ok(control),
                "{text}"
            );
        }
    }

    #[test]
    fn t1_bad_time_controls_say_what_is_wrong() {
        let cases = [
            ("5", "no `+`"),
            ("x+3", "`x` has no number"),
            ("5+3h", "`h` is not a unit"),
            ("0+0", "no time at all"),
            ("1..2+0", "`1..2` is not a number"),
            ("100000+0", "longer than a day"),
            ("", "no `+`"),
        ];
        for (text, why) in cases {
            let error = text
                .parse::<TimeControl>()
                .expect_err("not a time control")
                .to_string();
            assert!(error.contains(why), "{text}: {error}");
            assert!(error.contains(&format!("`{text}`")), "{text}: {error}");
        }
    }

    #[test]
    fn t1_the_increment_comes_with_each_turn_and_only_the_mover_s_time_runs() {
        let mut clock = Clock::new(parse("0+100ms"));
        let start = Instant::now();
        let ms = Duration::from_millis;
        assert_eq!(clock.running(), None);
        clock.start_turn(Side::Black, start);
        clock.start_turn(Side::White, start + ms(40));
        assert_eq!(clock.left(Side::Black, start + ms(500)), ms(60));
        assert_eq!(clock.left(Side::White, start + ms(90)), ms(50));
        assert_eq!(clock.runs_out_at(), Some(start + ms(140)));
        clock.resume(Side::Black, start + ms(90));
        assert_eq!(clock.left(Side::White, start + ms(1000)), ms(50));
        clock.stop(start + ms(100));
        assert_eq!(clock.left(Side::Black, start + ms(1000)), ms(50));
        assert_eq!(clock.flagged(start + ms(1000)), None);
    }

    #[test]
    fn t2_the_running_side_s_time_runs_out() {
        let mut clock = Clock::with_times(parse("1+0"), [Duration::from_secs(3); 2]);
        let start = Instant::now();
        clock.resume(Side::White, start);
        assert_eq!(clock.flagged(start + Duration::from_millis(2999)), None);
        assert_eq!(
            clock.flagged(start + Duration::from_secs(3)),
            Some(Side::White)
        );
        assert_eq!(
            clock.left(Side::White, start + Duration::from_secs(4)),
            Duration::ZERO
        );
    }
}
