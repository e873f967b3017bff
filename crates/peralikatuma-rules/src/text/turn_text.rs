//! Turn text (N2): `d4-d5`, `c3xe5xg7`, `!e6 d4-d5`, read in two stages:
//! the syntax ([`TurnText`]), then the position ([`TurnText::to_turn`]).

use std::fmt;
use std::str::FromStr;

use board_topology::PointName;
use smallvec::SmallVec;

use crate::error::{TurnError, TurnTextError};
use crate::position::Position;
use crate::turn::{MAX_LANDINGS, Turn};
use crate::variant::Variant;

/// Turn text (N2) that has been read but not checked against a position: a
/// claim and a path of point names, and whether the move is a step (`-`)
/// or a chain of jumps (`x`). Which points the names stand for, and whether
/// the turn is legal, depends on the position: [`TurnText::to_turn`].
///
/// ```
/// use peralikatuma_rules::{Position, TurnText, Variant};
///
/// let text: TurnText = "!e6 d4-d5".parse()?;
/// assert_eq!(text.to_string(), "!e6 d4-d5");
/// assert!("d4-d5-d6".parse::<TurnText>().is_err()); // a step has two points
///
/// let position = Position::parse(Variant::Peralikatuma, "W:Wd4:Be6,a7:Fe6")?;
/// let turn = text.to_turn(&position)?;
/// assert_eq!(turn.claim(), Some(position.board().parse_point("e6")?));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct TurnText {
    claim: Option<PointName>,
    path: SmallVec<[PointName; MAX_LANDINGS + 1]>,
    capture: bool,
}

impl TurnText {
    /// The claimed point's name, if the text starts with a claim.
    pub fn claim(&self) -> Option<PointName> {
        self.claim
    }

    /// The names of the path: the starting point, then every landing.
    pub fn path(&self) -> &[PointName] {
        &self.path
    }

    /// Whether the text is a chain of jumps (`x`) rather than a step (`-`).
    pub fn is_capture(&self) -> bool {
        self.capture
    }

    /// The turn the text names in `position`, in its game's point names
    /// (R1.6), checked against the position.
    ///
    /// # Errors
    /// [`TurnError::Point`] for a name that is not a point of the game,
    /// [`TurnError::Illegal`] with the [`Refusal`](crate::Refusal) for a
    /// turn that is not legal there.
    pub fn to_turn(&self, position: &Position) -> Result<Turn, TurnError> {
        let turn = self.to_turn_in(position.variant())?;
        position.check(&turn)?;
        Ok(turn)
    }

    /// The turn the text names in `variant`'s point names (R1.6), without a
    /// position: the names are checked, the legality is not (for that, see
    /// [`TurnText::to_turn`] or [`Position::check`]).
    ///
    /// # Errors
    /// [`TurnError::Point`] for a name that is not a point of the game.
    ///
    /// ```
    /// use peralikatuma_rules::{TurnText, Variant};
    ///
    /// let text: TurnText = "a1xc3xe5".parse()?;
    /// let turn = text.to_turn_in(Variant::Alquerque)?;
    /// assert_eq!(turn.to_string(), "a1xc3xe5");
    /// assert_eq!(turn.landings().len(), 2);
    /// // Alquerque's board has no point i5.
    /// assert!("e5-i5".parse::<TurnText>()?.to_turn_in(Variant::Alquerque).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_turn_in(&self, variant: Variant) -> Result<Turn, TurnError> {
        let board = variant.board();
        let point = |name: PointName| {
            board.point(name).ok_or_else(|| TurnError::Point {
                text: self.to_string(),
                name: name.to_string(),
                board,
            })
        };
        let claim = self.claim.map(point).transpose()?;
        let mut path = SmallVec::<[_; MAX_LANDINGS + 1]>::new();
        for &name in &self.path {
            path.push(point(name)?);
        }
        Ok(Turn::from_parts(
            variant,
            claim,
            path[0],
            self.capture,
            &path[1..],
        ))
    }
}

fn syntax(text: &str, reason: impl Into<String>) -> TurnTextError {
    TurnTextError {
        text: text.to_owned(),
        reason: reason.into(),
    }
}

/// Reads the syntax of N2: `from-to`, `from x landing x ...`, either after
/// a claim `!point` and one space.
impl FromStr for TurnText {
    type Err = TurnTextError;

    fn from_str(text: &str) -> Result<TurnText, TurnTextError> {
        let trimmed = text.trim();
        if trimmed.is_empty() {
            return Err(syntax(text, "it is empty"));
        }
        let name = |part: &str| {
            part.parse::<PointName>().map_err(|_| {
                syntax(
                    text,
                    format!(
                        "`{part}` is not a point name (a file letter and a rank digit, like `e5`)"
                    ),
                )
            })
        };
        let (claim, body) = match trimmed.strip_prefix('!') {
            Some(rest) => {
                let (claimed, body) = rest.split_once(char::is_whitespace).ok_or_else(|| {
                    syntax(
                        text,
                        "a claim `!point` must be followed by a space and a move",
                    )
                })?;
                (Some(name(claimed)?), body.trim_start())
            }
            None => (None, trimmed),
        };
        let capture = body.contains('x');
        if capture && body.contains('-') {
            return Err(syntax(
                text,
                "a move uses `-` for a step or `x` for jumps, not both",
            ));
        }
        let separator = if capture { 'x' } else { '-' };
        let mut path = SmallVec::new();
        for part in body.split(separator) {
            if part.is_empty() {
                return Err(syntax(
                    text,
                    "a point name is missing: `-` and `x` stand between two points",
                ));
            }
            if path.len() > MAX_LANDINGS {
                return Err(syntax(text, "the chain is longer than any game allows"));
            }
            path.push(name(part)?);
        }
        if path.len() < 2 {
            return Err(syntax(
                text,
                "a move needs a start and a landing point, like `d4-d5` or `c3xe5`",
            ));
        }
        if !capture && path.len() > 2 {
            return Err(syntax(text, "a step has two points; write jumps with `x`"));
        }
        Ok(TurnText {
            claim,
            path,
            capture,
        })
    }
}

/// The text as N2 writes it.
impl fmt::Display for TurnText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(claim) = self.claim {
            write!(f, "!{claim} ")?;
        }
        let separator = if self.capture { 'x' } else { '-' };
        for (i, name) in self.path.iter().enumerate() {
            if i > 0 {
                write!(f, "{separator}")?;
            }
            write!(f, "{name}")?;
        }
        Ok(())
    }
}

impl Position {
    /// Reads turn text (N2) and checks it against this position: the two
    /// stages of [`TurnText`] at once.
    ///
    /// # Errors
    /// A [`TurnError`] saying what is wrong: malformed text, a point that is
    /// not on the board, or, for a well formed turn that is not legal here,
    /// the [`Refusal`](crate::Refusal) that says why.
    ///
    /// ```
    /// use peralikatuma_rules::{Position, Variant};
    /// let start = Position::start(Variant::Peralikatuma);
    /// assert!(start.parse_turn("d4-d5").is_ok());
    /// let error = start.parse_turn("d4-e4").unwrap_err();
    /// assert_eq!(error.to_string(), "`d4-e4` is not a legal turn: e4 is not empty (R2.1)");
    /// ```
    pub fn parse_turn(&self, text: &str) -> Result<Turn, TurnError> {
        text.parse::<TurnText>()?.to_turn(self)
    }
}
