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
//!
//! Positions ([`Position`], and [`Setup`] for unchecked ones), turns
//! ([`Turn`]), games ([`Variant`]) and sides ([`Side`]) are `Copy`, `Eq` and
//! `Hash`, so they serve as keys of maps and sets.
//!
//! # Features
//!
//! - `serde`: `Serialize` and `Deserialize` in the text forms of the
//!   notation. Position text (N3) and turn text (N2) do not say which game
//!   they are in, so they come with it:
//!
//!   | type | JSON |
//!   | --- | --- |
//!   | [`Variant`] | `"alquerque"` (read in any letter case) |
//!   | [`Side`] | `"white"`, `"black"` (read in any letter case) |
//!   | [`Position`], [`Setup`] | `{"variant": "alquerque", "position": "W:Wa1,...:Ba3,..."}` |
//!   | [`Turn`] | `{"variant": "peralikatuma", "turn": "!e6 d4-d5"}` |
//!   | [`Outcome`] | `{"win": {"winner": "white", "reason": "no_legal_turn"}}`, `{"draw": {"reason": "sixty_turns"}}` |
//!   | [`Record`] | its text (N4), one string |
//!
//!   Reading checks all that the data can say, and anything wrong is an
//!   error with the crate's message: a position must be legal (as
//!   [`Position::parse`] checks it), a setup well formed
//!   ([`Setup::parse`]), a turn well formed and on its game's board
//!   ([`TurnText::to_turn_in`]). A turn alone is not checked for legality,
//!   which depends on a position: [`Position::check`] does that.
//!
//!   ```
//!   # #[cfg(feature = "serde")] {
//!   use peralikatuma_rules::{Position, Turn, Variant};
//!
//!   let start = Position::start(Variant::Alquerque);
//!   let json = serde_json::to_string(&start)?;
//!   assert_eq!(json, format!(r#"{{"variant":"alquerque","position":"{start}"}}"#));
//!   assert_eq!(serde_json::from_str::<Position>(&json)?, start);
//!
//!   let turn: Turn = serde_json::from_str(r#"{"variant": "Alquerque", "turn": "d3-d4"}"#)?;
//!   assert!(start.check(&turn).is_err()); // d4 is not empty
//!   let error = serde_json::from_str::<Turn>(r#"{"variant": "alquerque", "turn": "d3-f4"}"#);
//!   assert!(error.unwrap_err().to_string().contains("`f4` is not a point of the square board"));
//!   # }
//!   # Ok::<(), serde_json::Error>(())
//!   ```
//! - `arbitrary`: `arbitrary::Arbitrary` for fuzzing: [`Variant`], [`Side`],
//!   [`Setup`] (any values), [`Turn`] (any claim, path and kind), and
//!   [`Position`] (a setup made legal).
//!
//!   ```
//!   # #[cfg(feature = "arbitrary")] {
//!   use arbitrary::{Arbitrary, Unstructured};
//!   use peralikatuma_rules::{Position, Turn};
//!
//!   let mut bytes = Unstructured::new(b"any bytes a fuzzer gives, as many as it likes");
//!   let position = Position::arbitrary(&mut bytes)?;
//!   let turn = Turn::arbitrary(&mut bytes)?;
//!   assert_eq!(position.check(&turn).is_ok(), position.legal_turns().contains(&turn));
//!   # }
//!   # Ok::<(), Box<dyn std::error::Error>>(())
//!   ```

#[cfg(feature = "arbitrary")]
mod arbitrary_impls;
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
