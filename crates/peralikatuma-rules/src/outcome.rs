//! How a game ends (E1-E6, and T2 on a clock).

use std::fmt;

use crate::side::Side;

/// The end of a game.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
pub enum Outcome {
    /// One side won.
    Win {
        /// The winner.
        winner: Side,
        /// Why.
        reason: WinReason,
    },
    /// Nobody won.
    Draw {
        /// Why.
        reason: DrawReason,
    },
}

/// Why a game was won.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
pub enum WinReason {
    /// The loser has no pieces left (E1).
    NoPieces,
    /// The loser, to move, has no legal turn (E1).
    NoLegalTurn,
    /// The loser had no legal turn and passed, where passing loses (a
    /// family game's "pass, then lose", or a huff after which it could
    /// not move: F6).
    Passed,
    /// The loser resigned (E6).
    Resignation,
    /// The loser's time ran out (T2, a rule of play of this project, not
    /// of the rule book).
    Time,
}

/// Why a game was drawn.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "snake_case")
)]
pub enum DrawReason {
    /// The same position stood for the third time (E2, E3).
    Repetition,
    /// Sixty turns in a row without a piece leaving the board (E4).
    SixtyTurns,
    /// The players agreed (E6).
    Agreement,
    /// Two passes in a row, neither side able to move, in a family game
    /// won by capturing every piece (F6).
    Passes,
    /// The game reached its cap on turns, under another program's draw
    /// rules ([`DrawRules::TurnCap`](crate::DrawRules::TurnCap)).
    TurnCap,
}

impl Outcome {
    /// The result as written in game records (N4): `1-0`, `0-1` or
    /// `1/2-1/2`.
    pub const fn result(self) -> &'static str {
        match self {
            Outcome::Win {
                winner: Side::White,
                ..
            } => "1-0",
            Outcome::Win {
                winner: Side::Black,
                ..
            } => "0-1",
            Outcome::Draw { .. } => "1/2-1/2",
        }
    }

    /// The winner, if any.
    pub const fn winner(self) -> Option<Side> {
        match self {
            Outcome::Win { winner, .. } => Some(winner),
            Outcome::Draw { .. } => None,
        }
    }

    /// Whether the players declared it, a resignation or an agreed draw
    /// (E6), rather than reaching it on the board or the clock.
    ///
    /// ```
    /// use peralikatuma_rules::{DrawReason, Outcome};
    /// assert!(Outcome::Draw { reason: DrawReason::Agreement }.is_declared());
    /// assert!(!Outcome::Draw { reason: DrawReason::Repetition }.is_declared());
    /// ```
    pub const fn is_declared(self) -> bool {
        matches!(
            self,
            Outcome::Win {
                reason: WinReason::Resignation,
                ..
            } | Outcome::Draw {
                reason: DrawReason::Agreement
            }
        )
    }

    /// Whether a player lost it on time (T2).
    pub const fn is_on_time(self) -> bool {
        matches!(
            self,
            Outcome::Win {
                reason: WinReason::Time,
                ..
            }
        )
    }
}

/// Says plainly who won and why.
///
/// ```
/// use peralikatuma_rules::{Outcome, Side, WinReason};
/// let outcome = Outcome::Win { winner: Side::White, reason: WinReason::NoLegalTurn };
/// assert_eq!(outcome.to_string(), "White wins: Black has no legal turn (E1)");
/// ```
impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Outcome::Win { winner, reason } => {
                let loser = winner.opposite();
                write!(f, "{winner} wins: ")?;
                match reason {
                    WinReason::NoPieces => write!(f, "{loser} has no pieces left (E1)"),
                    WinReason::NoLegalTurn => write!(f, "{loser} has no legal turn (E1)"),
                    WinReason::Passed => write!(f, "{loser} could not move and passed (F6)"),
                    WinReason::Resignation => write!(f, "{loser} resigned (E6)"),
                    WinReason::Time => write!(f, "{loser} ran out of time (T2)"),
                }
            }
            Outcome::Draw { reason } => f.write_str(match reason {
                DrawReason::Repetition => "draw: the same position for the third time (E2)",
                DrawReason::SixtyTurns => {
                    "draw: sixty turns without a piece leaving the board (E4)"
                }
                DrawReason::Agreement => "draw agreed (E6)",
                DrawReason::Passes => "draw: two passes in a row (F6)",
                DrawReason::TurnCap => "draw: the game reached its cap on turns",
            }),
        }
    }
}
