//! The other games of the alquerque family, each as Ludii plays it
//! (FAMILY.md): Sixteen Soldiers, Lau Kata Kati, Kotu Ellima, Kharbaga,
//! Zamma, the historic rulesets of Alquerque and more.
//!
//! A [`Ruleset`] is data: a board from [`board_topology::boards`], a setup,
//! and the rules that set the games apart (men that step only forward,
//! chains of captures, flying kings, the huff, passes and how the game
//! ends). One move generator plays them all; [`Position::perft`] agrees
//! with Ludii's counts from every ruleset's start.
//!
//! ```
//! use peralikatuma_rules::family::{Position, Ruleset};
//!
//! let zamma = Position::start(Ruleset::find("zamma")?);
//! assert_eq!(zamma.perft(3), 37);
//! # Ok::<(), peralikatuma_rules::family::UnknownRuleset>(())
//! ```

mod game;
mod movegen;
mod position;
mod record;
mod ruleset;
mod text;
mod turn;
mod zobrist;

pub use game::{Ending, FamilyGameError, Game, playout};
pub use position::{Outcome, Position};
pub use record::{FamilyRecordError, Record};
pub use ruleset::{Chain, End, RULESETS, Ruleset, UnknownRuleset};
pub use text::FamilyPositionError;
pub use turn::{Kind, MAX_LANDINGS, Turn};
