#![doc = include_str!("../README.md")]

mod budget;
mod candidates;
mod eval;
mod limits;
mod ordering;
mod score;
mod search;
mod strength;
mod tt;

pub use alquerque_tablebase;
pub use budget::TimeBudget;
pub use eval::{Weights, evaluate, evaluate_for_white};
pub use limits::{Limits, Stop};
pub use score::Score;
pub use search::{Progress, SearchResult, Searcher};
pub use strength::{Player, Strength, UnknownStrength};
