//! What can be wrong with a proof file.

use std::io;

use peralikatuma_rules::{PositionTextError, TurnTextError};

use crate::goal::UnknownGoal;
use crate::strategy::StrategyError;

/// Why a proof file could not be read. Line numbers count from 1.
#[derive(Debug, thiserror::Error)]
pub enum ProofError {
    /// The file could not be read.
    #[error("cannot read the proof: {0}")]
    Io(#[from] io::Error),
    /// The file ends inside its header.
    #[error("the proof ends inside its header")]
    Truncated,
    /// A header line is not the one expected there.
    #[error("line {line}: expected `{expected} ...`, found `{found}`")]
    Header {
        /// The line.
        line: usize,
        /// The header key expected.
        expected: String,
        /// The line found.
        found: String,
    },
    /// The proof was made under another revision of the rules.
    #[error(
        "line {line}: the proof is for rules version {found}, these rules are version {}",
        peralikatuma_rules::RULES_VERSION
    )]
    RulesVersion {
        /// The line.
        line: usize,
        /// The version in the file.
        found: String,
    },
    /// The game is not known.
    #[error("line {line}: `{found}` is not a game")]
    Ruleset {
        /// The line.
        line: usize,
        /// The text found.
        found: String,
    },
    /// The goal is not known.
    #[error("line {line}: {error}")]
    Goal {
        /// The line.
        line: usize,
        /// What was wrong.
        error: UnknownGoal,
    },
    /// The number of moves is not a number.
    #[error("line {line}: `{found}` is not a number of moves")]
    Count {
        /// The line.
        line: usize,
        /// The text found.
        found: String,
    },
    /// A position's text is wrong (N3).
    #[error("line {line}: {error}")]
    Position {
        /// The line.
        line: usize,
        /// What was wrong.
        error: PositionTextError,
    },
    /// A move line has no tab between position and turn.
    #[error("line {line}: expected a position and a turn separated by a tab")]
    NoTab {
        /// The line.
        line: usize,
    },
    /// A turn is not legal in its position, or not a turn (N2).
    #[error("line {line}: {error}")]
    Turn {
        /// The line.
        line: usize,
        /// What was wrong.
        error: TurnTextError,
    },
    /// A position and turn a strategy cannot hold.
    #[error("line {line}: {error}")]
    Strategy {
        /// The line.
        line: usize,
        /// What was wrong.
        error: StrategyError,
    },
    /// A position has a move already.
    #[error("line {line}: this position has a move on an earlier line")]
    Duplicate {
        /// The line.
        line: usize,
    },
    /// The header's number of moves is not the number of move lines.
    #[error("the header counts {header} moves, the file has {found}")]
    CountMismatch {
        /// The number in the header.
        header: usize,
        /// The number of move lines.
        found: usize,
    },
}
