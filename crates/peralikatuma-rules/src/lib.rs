//! Rules of Peralikatuma and its relatives of the alquerque family.
//!
//! The rule book is `RULES.md`; this crate implements it exactly and its
//! tests cite its rule numbers. Its public face:
//!
//! - [`Variant`]: the game, chosen at run time.
//! - [`Setup`] (plain data, unchecked) and [`Position`] (checked, with a
//!   Zobrist hash kept up to date): the position text of N3 through
//!   [`Setup::parse`] and `Display`.
//! - [`Turn`] and [`TurnList`]: legal turns (R2, P3-P7), generated over
//!   bitboards without heap allocation in the common case; the turn text of
//!   N2 through [`Position::parse_turn`] and `Display`.
//! - [`Game`] and [`Outcome`]: history, undo, the end of the game (E1-E6);
//!   [`Record`]: game records (N4).
//!
//! ```
//! use peralikatuma_rules::{Game, Outcome, Position, Variant};
//!
//! let start = Position::start(Variant::Peralikatuma);
//! assert_eq!(start.perft(2), 33);
//!
//! let mut game = Game::new(Variant::Peralikatuma);
//! game.play_text("d4-d5")?;
//! // White could have jumped? No: nothing to forfeit yet.
//! assert!(game.position().claimable().is_empty());
//! assert_eq!(game.outcome(), None);
//! # Ok::<(), peralikatuma_rules::GameError>(())
//! ```

mod check;
mod error;
mod game;
mod movegen;
mod moves;
mod names;
mod outcome;
mod playout;
mod position;
mod refusal;
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
pub use moves::Moves;
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
