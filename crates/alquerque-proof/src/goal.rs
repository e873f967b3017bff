//! What a proof shows.

use std::fmt;

use peralikatuma_rules::{Outcome, Side};

/// A claim about a position under perfect play: that `side` wins, or that
/// `side` scores at least a draw. A proof shows that a goal holds; two
/// goals give a position's value (White wins; or White draws and Black
/// draws; or Black wins).
///
/// ```
/// use alquerque_proof::Goal;
/// use peralikatuma_rules::{DrawReason, Outcome, Side, WinReason};
/// let goal = Goal::win(Side::White);
/// let white_won = Outcome::Win { winner: Side::White, reason: WinReason::NoPieces };
/// let drawn = Outcome::Draw { reason: DrawReason::SixtyTurns };
/// assert!(goal.met_by(white_won));
/// assert!(!goal.met_by(drawn));
/// assert!(Goal::at_least_draw(Side::White).met_by(drawn));
/// assert_eq!(goal.to_string(), "White wins");
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Goal {
    /// The side the goal is about: the prover.
    pub side: Side,
    /// Whether a draw is enough.
    pub draw_is_enough: bool,
}

impl Goal {
    /// `side` wins.
    pub const fn win(side: Side) -> Goal {
        Goal {
            side,
            draw_is_enough: false,
        }
    }

    /// `side` wins or draws.
    pub const fn at_least_draw(side: Side) -> Goal {
        Goal {
            side,
            draw_is_enough: true,
        }
    }

    /// The goal that holds exactly where this one fails: "White wins"
    /// fails where Black wins or draws.
    ///
    /// ```
    /// use alquerque_proof::Goal;
    /// use peralikatuma_rules::Side;
    /// assert_eq!(Goal::win(Side::White).opposite(), Goal::at_least_draw(Side::Black));
    /// assert_eq!(Goal::at_least_draw(Side::Black).opposite(), Goal::win(Side::White));
    /// ```
    pub const fn opposite(self) -> Goal {
        Goal {
            side: self.side.opposite(),
            draw_is_enough: !self.draw_is_enough,
        }
    }

    /// Whether a finished game's outcome meets the goal.
    pub fn met_by(self, outcome: Outcome) -> bool {
        match outcome {
            Outcome::Win { winner, .. } => winner == self.side,
            Outcome::Draw { .. } => self.draw_is_enough,
        }
    }

    /// The goal's text in a proof file's header: `white-wins`,
    /// `black-at-least-draws`.
    pub fn id(self) -> String {
        let side = match self.side {
            Side::White => "white",
            Side::Black => "black",
        };
        if self.draw_is_enough {
            format!("{side}-at-least-draws")
        } else {
            format!("{side}-wins")
        }
    }
}

/// `White wins`, `Black wins or draws`.
impl fmt::Display for Goal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = match self.side {
            Side::White => "White",
            Side::Black => "Black",
        };
        if self.draw_is_enough {
            write!(f, "{side} wins or draws")
        } else {
            write!(f, "{side} wins")
        }
    }
}

/// A goal's id that names no goal.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error(
    "`{0}` is not a goal: expected white-wins, black-wins, white-at-least-draws or black-at-least-draws"
)]
pub struct UnknownGoal(pub String);

/// Reads a goal's id ([`Goal::id`]).
///
/// ```
/// use alquerque_proof::Goal;
/// use peralikatuma_rules::Side;
/// assert_eq!("black-at-least-draws".parse(), Ok(Goal::at_least_draw(Side::Black)));
/// assert!("white-loses".parse::<Goal>().is_err());
/// ```
impl std::str::FromStr for Goal {
    type Err = UnknownGoal;

    fn from_str(text: &str) -> Result<Goal, UnknownGoal> {
        [Side::White, Side::Black]
            .into_iter()
            .flat_map(|side| [Goal::win(side), Goal::at_least_draw(side)])
            .find(|goal| goal.id() == text)
            .ok_or_else(|| UnknownGoal(text.to_string()))
    }
}
