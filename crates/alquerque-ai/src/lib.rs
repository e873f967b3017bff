#![doc = include_str!("../README.md")]

mod budget;
mod candidates;
mod casual;
mod eval;
mod facts;
mod limits;
mod mistakes;
mod node;
mod ordering;
mod player;
#[cfg(test)]
mod random_positions;
mod rule_book;
mod score;
mod search;
mod strength;
mod time_source;
mod tt;
mod tuning;

pub use alquerque_proof;
pub use alquerque_tablebase;
pub use budget::TimeBudget;
pub use eval::{
    WEIGHTS_FILE, Weights, WeightsError, WeightsFileError, evaluate, evaluate_for_white,
    evaluate_with, terms, weights_file,
};
pub use limits::{Limits, Stop};
pub use player::Player;
pub use score::Score;
pub use search::{Line, Progress, SearchResult, Searcher};
pub use strength::{Strength, UnknownStrength};
pub use time_source::TimeSource;
pub use tt::TranspositionTable;
