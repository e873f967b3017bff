#![doc = include_str!("../README.md")]

mod error;
mod file;
mod goal;
mod line;
mod packed;
mod strategy;
mod verify;

pub use error::ProofError;
pub use file::Proof;
pub use goal::{Goal, UnknownGoal};
pub use line::{longest_game, stubborn_defence};
pub use strategy::{Strategy, StrategyError};
pub use verify::{Verified, VerifyError, verify};
