//! Search and evaluation that play Peralikatuma, Alquerque and Permainan.
//!
//! - [`Searcher`]: iterative deepening principal variation search with a
//!   transposition table over the Zobrist hash, move ordering (table move,
//!   captures, killers, history), a quiescence search over captures, the
//!   game's own end rules (repetition, sixty turns) and scores that prefer
//!   a sooner win ([`Score`]).
//! - [`evaluate`]: a static evaluation per game whose weights are named in
//!   [`Weights`].
//! - [`Limits`] (depth, nodes, time) and [`Stop`] (from another thread).
//! - [`Player`] and [`Strength`]: Easy, Medium and Hard players (and a
//!   random one), seeded so that games can be replayed.
//! - [`Engine`]: the line-based engine protocol of
//!   `docs/engine-protocol.md`.
//!
//! ```
//! use alquerque_ai::{Limits, Searcher};
//! use peralikatuma_rules::{Game, Variant};
//!
//! // White to move takes the last Black piece: a win at once.
//! let position = peralikatuma_rules::Position::parse(Variant::Peralikatuma, "W:Wd4,a7:Be5").unwrap();
//! let game = Game::from_position(position);
//! let result = Searcher::new(1).search(&game, Limits::depth(3), |_| {});
//! assert_eq!(result.best.unwrap().to_string(), "d4xf6");
//! assert!(result.score.is_decisive());
//! ```

mod candidates;
mod eval;
mod limits;
mod ordering;
mod protocol;
mod score;
mod search;
mod strength;
mod tt;

pub use eval::{Weights, evaluate, evaluate_for_white};
pub use limits::{Limits, Stop};
pub use protocol::{BENCH, DEFAULT_HASH_MB, Engine, Flow, run_bench};
pub use score::Score;
pub use search::{Progress, SearchResult, Searcher};
pub use strength::{Player, Strength, UnknownStrength};
