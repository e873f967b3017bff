#![doc = include_str!("../README.md")]

#[cfg(feature = "arbitrary")]
mod arbitrary_impls;
mod check;
mod draw_rules;
mod game;
mod movegen;
mod outcome;
mod perft;
mod playout;
mod position;
mod record;
mod record_text;
mod rule;
mod ruleset;
#[cfg(feature = "serde")]
mod serde_impls;
mod setup;
mod side;
mod specialised;
mod text;
mod turn;
mod turn_list;
mod turn_text;
mod walk;
mod zobrist;

pub use board_topology;
pub use check::{Reason, Refusal};
pub use draw_rules::DrawRules;
pub use game::{Game, GameError, QUIET_TURNS_FOR_DRAW, REPETITIONS_FOR_DRAW};
pub use outcome::{DrawReason, Outcome, WinReason};
pub use playout::playout;
pub use position::Position;
pub use record::{Record, RecordError, RecordGameError};
pub use rule::Rule;
pub use ruleset::{Chain, End, RULESETS, Removal, Ruleset, SEED_RULESETS, UnknownRuleset};
#[cfg(feature = "serde")]
pub use serde_impls::TurnAt;
pub use setup::Setup;
pub use side::Side;
pub use text::PositionTextError;
pub use turn::{Kind, MAX_LANDINGS, Turn};
pub use turn_list::{TurnList, TurnListIntoIter};
pub use turn_text::TurnTextError;

/// The revision of the rules as this crate reads them. It is raised
/// whenever a change makes the legal turns or the result of some position
/// differ, so that data computed from the rules, such as endgame tables,
/// can tell that it is stale.
pub const RULES_VERSION: u32 = 1;

/// The rules of the three games in the project's own words, numbered as in
/// the rule book: every rule that a refusal, an outcome or a test cites
/// (R2.1, P6, A4.3, M5, E4, ...) has a section here, with an anchor in
/// lower case ([`Rule::anchor`]). This module holds no code.
#[doc = include_str!("../docs/rules.md")]
pub mod rules {}
