//! Where searches and clocks read the time: the machine's clock, or one
//! that tests move.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

/// Where a search (or a game's clock) reads the time. The default is the
/// machine's steady clock. A stepping source advances a fixed step each
/// time it is read instead, so that a search under a time limit stops
/// after the same number of readings however busy the machine is: a test
/// of time limits that cannot fail because another process took the
/// cores, and a timed search that is reproducible. A hand-moved source
/// ([`TimeSource::manual`]) stands still until [`TimeSource::advance`]
/// moves it: a test of a clock says how much time passes.
///
/// ```
/// use std::time::Duration;
/// use alquerque_ai::TimeSource;
///
/// let stepping = TimeSource::stepping(Duration::from_millis(2));
/// assert_eq!(stepping.now(), Duration::from_millis(2));
/// assert_eq!(stepping.now(), Duration::from_millis(4));
/// // Clones share the readings.
/// assert_eq!(stepping.clone().now(), Duration::from_millis(6));
///
/// let manual = TimeSource::manual();
/// let start = manual.instant();
/// manual.advance(Duration::from_millis(250));
/// assert_eq!(manual.instant() - start, Duration::from_millis(250));
///
/// let real = TimeSource::default();
/// assert!(real.now() <= real.now());
/// ```
#[derive(Clone, Debug, Default)]
pub struct TimeSource(Option<Arc<Stepping>>);

/// A stepping source's step, and its time so far.
#[derive(Debug)]
struct Stepping {
    /// Nanoseconds added at each reading.
    step: u64,
    /// Nanoseconds since the source's start.
    elapsed: AtomicU64,
}

/// The first reading of the machine's clock in this process: the origin
/// of every source's [`TimeSource::instant`].
fn origin() -> Instant {
    static ORIGIN: OnceLock<Instant> = OnceLock::new();
    *ORIGIN.get_or_init(Instant::now)
}

/// `time` in whole nanoseconds, saturating (at about 584 years).
fn nanos(time: Duration) -> u64 {
    u64::try_from(time.as_nanos()).unwrap_or(u64::MAX)
}

impl TimeSource {
    /// The machine's steady clock.
    pub fn real() -> TimeSource {
        TimeSource(None)
    }

    /// A source whose time advances by `step` at each reading, from zero.
    pub fn stepping(step: Duration) -> TimeSource {
        TimeSource(Some(Arc::new(Stepping {
            step: nanos(step),
            elapsed: AtomicU64::new(0),
        })))
    }

    /// A source that stands at zero until [`TimeSource::advance`] moves
    /// it (a stepping source with no step).
    pub fn manual() -> TimeSource {
        TimeSource::stepping(Duration::ZERO)
    }

    /// Moves the time of a stepping or hand-moved source on by `by`, for
    /// it and every clone. The machine's clock cannot be moved: on it,
    /// this does nothing.
    pub fn advance(&self, by: Duration) {
        if let Some(stepping) = &self.0 {
            stepping.add(nanos(by));
        }
    }

    /// The time now, since an origin fixed for the source (the first
    /// reading of the machine's clock in this process, or the stepping
    /// source's start). Reading a stepping source advances it.
    pub fn now(&self) -> Duration {
        match &self.0 {
            None => origin().elapsed(),
            Some(stepping) => Duration::from_nanos(stepping.add(stepping.step)),
        }
    }

    /// The time now, as [`TimeSource::now`], but without advancing a
    /// stepping source: for a watcher that must not move the time it
    /// watches.
    pub fn peek(&self) -> Duration {
        match &self.0 {
            None => origin().elapsed(),
            Some(stepping) => Duration::from_nanos(stepping.elapsed.load(Ordering::Relaxed)),
        }
    }

    /// The time now as an [`Instant`]: the machine's own for the real
    /// clock; for a stepping source, the origin of this process's
    /// readings plus the source's time, so that instants of one source
    /// can be compared and subtracted.
    pub fn instant(&self) -> Instant {
        origin() + self.now()
    }

    /// [`TimeSource::peek`] as an [`Instant`], as [`TimeSource::instant`].
    pub fn peek_instant(&self) -> Instant {
        origin() + self.peek()
    }
}

impl Stepping {
    /// Adds `nanos` to the time, saturating; returns the time after.
    fn add(&self, nanos: u64) -> u64 {
        let before = self
            .elapsed
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |elapsed| {
                Some(elapsed.saturating_add(nanos))
            })
            .unwrap_or_else(|elapsed| elapsed);
        before.saturating_add(nanos)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_manual_source_stands_still_until_moved() {
        let manual = TimeSource::manual();
        assert_eq!(manual.now(), Duration::ZERO);
        assert_eq!(manual.now(), Duration::ZERO);
        manual.clone().advance(Duration::from_secs(3));
        assert_eq!(manual.now(), Duration::from_secs(3));
    }

    #[test]
    fn a_stepping_source_can_also_be_moved() {
        let stepping = TimeSource::stepping(Duration::from_millis(1));
        stepping.advance(Duration::from_millis(10));
        assert_eq!(stepping.now(), Duration::from_millis(11));
        // A peek does not step it.
        assert_eq!(stepping.peek(), Duration::from_millis(11));
        assert_eq!(stepping.peek_instant(), stepping.peek_instant());
        assert_eq!(stepping.now(), Duration::from_millis(12));
    }

    #[test]
    fn a_source_moved_past_its_end_stays_there() {
        let manual = TimeSource::manual();
        manual.advance(Duration::MAX);
        manual.advance(Duration::from_secs(1));
        assert_eq!(manual.now(), Duration::from_nanos(u64::MAX));
    }

    #[test]
    fn the_real_clock_is_not_moved() {
        let real = TimeSource::real();
        let before = real.instant();
        real.advance(Duration::from_secs(3600));
        assert!(real.instant() - before < Duration::from_secs(3600));
    }
}
