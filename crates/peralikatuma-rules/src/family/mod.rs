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
//! The rule book's three games are rulesets of the same model too
//! ([`SEED_RULESETS`], [`Variant::ruleset`](crate::Variant::ruleset)):
//! compulsory captures and chains, captured pieces that leave when the
//! move ends, no return and the claim are options of a ruleset, and the
//! generator agrees with every reference count of their positions. This
//! is the crate's one model: the search, the endgame tables, the proof
//! and the solver play all 21 games in it.
//!
//! ```
//! use peralikatuma_rules::Variant;
//! use peralikatuma_rules::family::Position;
//!
//! // The shared count of Permainan's start at depth 4 (X1).
//! let permainan = Position::start(Variant::Permainan.ruleset());
//! assert_eq!(permainan.perft(4), 263);
//! ```
//!
//! ```
//! use peralikatuma_rules::family::{Position, Ruleset};
//!
//! let zamma = Position::start(Ruleset::find("zamma")?);
//! assert_eq!(zamma.perft(3), 37);
//! # Ok::<(), peralikatuma_rules::family::UnknownRuleset>(())
//! ```

#[cfg(feature = "arbitrary")]
mod arbitrary_impls;
mod check;
mod game;
mod movegen;
mod perft;
mod playout;
mod position;
mod record;
mod record_text;
mod ruleset;
mod seed;
#[cfg(feature = "serde")]
mod serde_impls;
mod setup;
mod specialised;
mod text;
mod turn;
mod turn_text;
mod walk;
mod zobrist;

pub use check::{Reason, Refusal};
pub use game::{FamilyGameError, Game, QUIET_TURNS_FOR_DRAW, REPETITIONS_FOR_DRAW};
pub use playout::playout;
pub use position::Position;
pub use record::{FamilyRecordError, Record, RecordGameError};
pub use ruleset::{Chain, End, RULESETS, Removal, Ruleset, SEED_RULESETS, UnknownRuleset};
#[cfg(feature = "serde")]
pub use serde_impls::TurnAt;
pub use setup::Setup;
pub use text::FamilyPositionError;
pub use turn::{Kind, MAX_LANDINGS, Turn};
pub use turn_text::FamilyTurnError;
