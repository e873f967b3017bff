//! How long a search may run, and how to stop it from another thread.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// Limits of one search; the search stops at the first one reached. With
/// only `depth` and `nodes` limits the result is exactly reproducible.
/// `Limits::default()` sets none: the search deepens until a
/// [`Stop`](crate::Stop) ends it (or the depth it can reach, 120 plies).
///
/// ```
/// use alquerque_ai::Limits;
/// let limits = Limits::depth(6);
/// assert_eq!(limits.depth, Some(6));
/// let timed = Limits::time(std::time::Duration::from_millis(200));
/// assert!(timed.depth.is_none());
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct Limits {
    /// Deepest iteration, in turns (plies).
    pub depth: Option<u32>,
    /// Most nodes (positions visited) in all.
    pub nodes: Option<u64>,
    /// Longest thinking time: the search stops when it has passed, in the
    /// middle of an iteration if need be. Without a `soft` limit it also
    /// begins no iteration once a third of it has passed.
    pub time: Option<Duration>,
    /// The time after which the search begins no further iteration (it
    /// finishes the one under way, within `time`): the time a player on a
    /// clock aims at ([`TimeBudget`](crate::TimeBudget)).
    pub soft: Option<Duration>,
}

impl Limits {
    /// Search to a fixed depth; every search completes depth 1, so a depth
    /// of 0 searches as deep as 1.
    pub const fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            nodes: None,
            time: None,
            soft: None,
        }
    }

    /// Search a fixed number of nodes.
    pub const fn nodes(nodes: u64) -> Limits {
        Limits {
            depth: None,
            nodes: Some(nodes),
            time: None,
            soft: None,
        }
    }

    /// Search for a fixed time.
    pub const fn time(time: Duration) -> Limits {
        Limits {
            depth: None,
            nodes: None,
            time: Some(time),
            soft: None,
        }
    }
}

/// A flag that stops a running search from another thread. Clones share
/// the flag.
///
/// ```
/// use alquerque_ai::Stop;
/// let stop = Stop::new();
/// let other = stop.clone();
/// other.stop();
/// assert!(stop.is_stopped());
/// ```
#[derive(Clone, Debug, Default)]
pub struct Stop(Arc<AtomicBool>);

impl Stop {
    /// A flag not yet raised.
    pub fn new() -> Stop {
        Stop::default()
    }

    /// Raises the flag: the search returns its best result so far soon.
    pub fn stop(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether the flag is raised.
    pub fn is_stopped(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }

    /// Lowers the flag for the next search.
    pub fn reset(&self) {
        self.0.store(false, Ordering::Relaxed);
    }
}
