#![doc = include_str!("../README.md")]

#[cfg(feature = "arbitrary")]
mod arbitrary_impls;
pub mod family;
mod outcome;
mod rule;
#[cfg(feature = "serde")]
mod serde_impls;
mod side;
mod turn_list;
mod variant;

pub use board_topology::{self, Bitboard, Board, Point, PointName, PointNameError};
pub use family::{QUIET_TURNS_FOR_DRAW, REPETITIONS_FOR_DRAW};
pub use outcome::{DrawReason, Outcome, WinReason};
pub use rule::Rule;
pub use side::Side;
pub use turn_list::{TurnList, TurnListIntoIter};
pub use variant::{UnknownVariant, Variant};

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
