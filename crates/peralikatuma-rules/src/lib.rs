#![doc = include_str!("../README.md")]

#[cfg(feature = "arbitrary")]
mod arbitrary_impls;
mod check;
mod error;
pub mod family;
mod game;
mod movegen;
mod moves;
mod names;
mod outcome;
mod playout;
mod position;
mod refusal;
#[cfg(feature = "serde")]
mod serde_impls;
mod setup;
mod side;
mod text;
mod turn;
mod turn_list;
mod variant;
mod zobrist;

pub use board_topology::{self, Bitboard, Board, Point, PointName, PointNameError};
pub use error::{PositionError, PositionTextError, TurnError, TurnTextError, UnknownVariant};
pub use game::{Game, GameError, QUIET_TURNS_FOR_DRAW, REPETITIONS_FOR_DRAW};
pub use moves::{Moves, MovesTurns};
pub use outcome::{DrawReason, Outcome, WinReason};
pub use playout::{Playout, playout};
pub use position::Position;
pub use refusal::{Reason, Refusal, Rule};
pub use setup::{NoReturn, Setup};
pub use side::Side;
pub use text::record::{Record, RecordError};
pub use text::turn_text::TurnText;
pub use turn::{ChainLengthError, MAX_LANDINGS, Turn};
pub use turn_list::{TurnList, TurnListIntoIter};
pub use variant::Variant;

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
