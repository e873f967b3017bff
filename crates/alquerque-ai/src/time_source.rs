//! Where searches read the time: the machine's clock, or a stepping one
//! for tests.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

/// Where a search reads the time. The default is the machine's steady
/// clock. A stepping source advances a fixed step each time it is read
/// instead, so that a search under a time limit stops after the same
/// number of readings however busy the machine is: a test of time limits
/// that cannot fail because another process took the cores, and a timed
/// search that is reproducible.
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
/// let real = TimeSource::default();
/// assert!(real.now() <= real.now());
/// ```
#[derive(Clone, Debug, Default)]
pub struct TimeSource(Option<Arc<Stepping>>);

/// A stepping source's step, and how often it has been read.
#[derive(Debug)]
struct Stepping {
    step: Duration,
    readings: AtomicU64,
}

impl TimeSource {
    /// The machine's steady clock.
    pub fn real() -> TimeSource {
        TimeSource(None)
    }

    /// A source whose time advances by `step` at each reading, from zero.
    pub fn stepping(step: Duration) -> TimeSource {
        TimeSource(Some(Arc::new(Stepping {
            step,
            readings: AtomicU64::new(0),
        })))
    }

    /// The time now, since an origin fixed for the source (the first
    /// reading of the machine's clock in this process, or the stepping
    /// source's start).
    pub fn now(&self) -> Duration {
        match &self.0 {
            None => {
                static ORIGIN: OnceLock<Instant> = OnceLock::new();
                ORIGIN.get_or_init(Instant::now).elapsed()
            }
            Some(stepping) => {
                let readings = stepping.readings.fetch_add(1, Ordering::Relaxed) + 1;
                stepping
                    .step
                    .saturating_mul(u32::try_from(readings).unwrap_or(u32::MAX))
            }
        }
    }
}
