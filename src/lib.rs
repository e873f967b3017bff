#![doc = include_str!("../README.md")]

pub use board_topology;
pub use peralikatuma_rules;

pub mod analysis;
pub mod clock;
pub mod engine;
pub mod pace;
mod picture;
pub mod play;
pub mod report;
pub mod session;
pub mod solutions;
pub mod tablebases;
pub mod tournament;
pub mod tune;
pub mod web;

pub use picture::{Cell, Picture, diagram};

use peralikatuma_rules::{Position, PositionTextError, Ruleset};

/// The position a frontend starts from: the text given on its command line
/// (`--position`), or the start of `ruleset`. A bad text is reported on
/// standard error, in the words of the command line, and returned.
///
/// ```
/// use peralikatuma_rules::Ruleset;
/// let alquerque = Ruleset::ALQUERQUE;
/// let start = peralikatuma::position_arg(alquerque, None)?;
/// assert_eq!(start.legal_turns().len(), 4);
/// assert!(peralikatuma::position_arg(alquerque, Some("W:Wz9:B")).is_err());
/// # Ok::<(), peralikatuma_rules::PositionTextError>(())
/// ```
pub fn position_arg(
    ruleset: &'static Ruleset,
    text: Option<&str>,
) -> Result<Position, PositionTextError> {
    match text {
        Some(text) => Position::parse(ruleset, text).inspect_err(|error| {
            eprintln!("error: bad --position: {error}");
        }),
        None => Ok(Position::start(ruleset)),
    }
}

/// `count` things, as in `1 turn` or `2 turns`.
pub(crate) fn plural(count: usize, thing: &str) -> String {
    match count {
        1 => format!("1 {thing}"),
        n => format!("{n} {thing}s"),
    }
}

/// A pool of `threads` worker threads for a frontend's `--threads` (0: one
/// per core). A pool that cannot start is reported on standard error and
/// returned as the error.
pub fn thread_pool_arg(threads: u16) -> Result<rayon::ThreadPool, rayon::ThreadPoolBuildError> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(usize::from(threads))
        .build()
        .inspect_err(|error| eprintln!("error: cannot start {threads} threads: {error}"))
}
