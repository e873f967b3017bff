//! Playing a game at the terminal, for `examples/play.rs`: a
//! [`Session`](crate::session::Session) (the game, its players, undo and
//! redo, records) driven either full
//! screen ([`run_full_screen`], ratatui on crossterm) or line by line
//! ([`run_plain`], for scripts and pipes). Every rule is decided by the
//! rules crate; these only turn keys and lines into its calls. A typed
//! command means the same in both: one interpreter decides what it comes
//! to and words what is said, and each mode only presents that. The
//! machine's weaker levels answer after a short, natural while unless
//! told to answer at once ([`Pace`]).
//!
//! ```
//! use peralikatuma::play::{Pace, run_plain};
//! use peralikatuma::session::{Opponent, Session, Settings};
//! use peralikatuma_rules::{Ruleset, Side};
//!
//! let settings = Settings {
//!     variant: Ruleset::ALQUERQUE,
//!     opponent: Opponent::Human,
//!     human: Side::White,
//!     first: Side::White,
//!     position: None,
//!     clock: None,
//! };
//! let mut session = Session::new(settings);
//! let mut screen = Vec::new();
//! let input = "d2-c3\nundo\nredo\nquit\n".as_bytes();
//! run_plain(&mut session, input, &mut screen, Pace::AtOnce)?;
//! let screen = String::from_utf8_lossy(&screen);
//! assert!(screen.contains("took back d2-c3"));
//! assert_eq!(session.game().turns().len(), 1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod brief;
mod commands;
mod interpret;
pub(crate) mod line_game;
mod machine;
mod plain;
mod replies;
mod tui;

pub use brief::rules_in_brief;
pub use commands::{Command, CommandError, HELP};
pub use machine::Pace;
pub use plain::run as run_plain;
pub use tui::run as run_full_screen;
