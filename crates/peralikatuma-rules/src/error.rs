//! Errors: each says what was wrong and where.

use board_topology::{Board, PointNameError};

use crate::refusal::Refusal;
use crate::side::Side;
use crate::variant::Variant;

/// A game name that is not one of the engine's variants.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("unknown game `{name}` (known: peralikatuma, alquerque, permainan)")]
pub struct UnknownVariant {
    /// The text given.
    pub name: String,
}

/// A [`Setup`](crate::Setup) that is not a legal position of its game.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum PositionError {
    /// A piece stands where the game's board has no point.
    #[error("{side} has a piece on {point}, which is not a point of the {variant} board")]
    OffBoard {
        /// The side whose piece it is.
        side: Side,
        /// The point: it has no name on the game's board, so it is shown
        /// as `Point(index)`.
        point: String,
        /// The game.
        variant: Variant,
    },
    /// A point holds pieces of both sides.
    #[error("{point} holds both a White and a Black piece")]
    BothSides {
        /// The point.
        point: String,
    },
    /// A side has more pieces than the game starts it with.
    #[error("{side} has {count} pieces, more than the {max} a side starts {variant} with")]
    TooManyPieces {
        /// The side.
        side: Side,
        /// How many pieces it has.
        count: usize,
        /// How many it starts with.
        max: usize,
        /// The game.
        variant: Variant,
    },
    /// Something the game does not have: kings outside Permainan, claimable
    /// pieces outside Peralikatuma, no-return restrictions outside
    /// Alquerque.
    #[error("{variant} has no {what}")]
    NotInGame {
        /// What the position has.
        what: &'static str,
        /// The game.
        variant: Variant,
    },
    /// A king marked where there is no piece.
    #[error("a king is marked on {point}, where there is no piece")]
    KingWithoutPiece {
        /// The point.
        point: String,
    },
    /// A man on the opponent's base: it would have been crowned (M6).
    #[error("{side} has a man on {point}, on the opponent's base, where a man becomes a king (M6)")]
    ManOnFarBase {
        /// The point.
        point: String,
        /// The man's side.
        side: Side,
    },
    /// A no-return restriction (A5) on a point without a piece.
    #[error("a no-return restriction is on {point}, where there is no piece (A5)")]
    NoReturnWithoutPiece {
        /// The point.
        point: String,
    },
    /// A piece barred from stepping back both ways (A5 allows one).
    #[error(
        "the piece on {point} is barred from stepping both east and west; a piece has at most one no-return restriction (A5)"
    )]
    NoReturnBothWays {
        /// The point.
        point: String,
    },
    /// A no-return restriction (A5) that bars a step off the board: a
    /// restriction bars the step back to the point a piece came from.
    #[error(
        "the piece on {point} is barred from stepping {way}, where the board ends; a restriction bars the step back to the point the piece came from (A5)"
    )]
    NoReturnOffBoard {
        /// The point.
        point: String,
        /// `east` or `west`.
        way: &'static str,
    },
    /// A claimable point (P6) that is not a piece of the side not to move.
    #[error("claimable point {point} is not a piece of {side}, the side not to move (P6)")]
    ClaimableNotAPiece {
        /// The point.
        point: String,
        /// The side not to move.
        side: Side,
    },
}

/// Position text (N3) that cannot be read, or that describes no legal
/// position.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum PositionTextError {
    /// Nothing but blanks.
    #[error("empty position text")]
    Empty,
    /// The first field is not `W` or `B`.
    #[error("the first field must be the side to move, `W` or `B`, not `{found}`")]
    SideToMove {
        /// The first field as given.
        found: String,
    },
    /// A field that starts with an unknown letter.
    #[error("unknown field `{field}`: fields start with W, B, F, R or C")]
    UnknownField {
        /// The field as given.
        field: String,
    },
    /// A field given twice.
    #[error("the `{letter}` field is given twice")]
    FieldTwice {
        /// The field's letter.
        letter: char,
    },
    /// A required field is missing.
    #[error("the `{letter}` field ({what}) is missing")]
    MissingField {
        /// The field's letter.
        letter: char,
        /// What it holds.
        what: &'static str,
    },
    /// A point name that is not a point of the game.
    #[error("in field `{letter}`: {error}")]
    Point {
        /// The field's letter.
        letter: char,
        /// What is wrong with the name.
        error: PointNameError,
    },
    /// An empty item in a list of points (`W,e5` or `We5,,f5`).
    #[error("in field `{letter}`: an empty item in the list of points")]
    EmptyItem {
        /// The field's letter.
        letter: char,
    },
    /// A point given twice in one field or in both sides' fields.
    #[error("{point} is given twice")]
    PointTwice {
        /// The point.
        point: String,
    },
    /// A king marked in a game without kings.
    #[error("king `{item}`: {variant} has no kings")]
    NoKings {
        /// The item as given.
        item: String,
        /// The game.
        variant: Variant,
    },
    /// A field the game does not use.
    #[error("{variant} has no `{letter}` field ({what})")]
    FieldNotInGame {
        /// The field's letter.
        letter: char,
        /// What the field holds.
        what: &'static str,
        /// The game.
        variant: Variant,
    },
    /// A no-return restriction that is not `y-x` with `x` beside `y` on its
    /// row.
    #[error(
        "in field `R`: `{item}` is not a restriction `y-x` with x next to y on the same row (A5)"
    )]
    Restriction {
        /// The item as given.
        item: String,
    },
    /// The turn counter is not a number.
    #[error("the `C` field must be a whole number of turns, not `{found}`")]
    Counter {
        /// The text after `C`.
        found: String,
    },
    /// The text is well formed, but the position is not legal.
    #[error(transparent)]
    Invalid(#[from] PositionError),
}

/// Turn text (N2) whose syntax is wrong, before any position is looked
/// at.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("`{text}` is not a turn: {reason}")]
pub struct TurnTextError {
    /// The text given.
    pub text: String,
    /// What is wrong with it.
    pub reason: String,
}

/// Turn text (N2) that cannot be read, or that names no legal turn of the
/// position.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum TurnError {
    /// Not of the form of N2.
    #[error(transparent)]
    Syntax(#[from] TurnTextError),
    /// A point name that is not a point of the game's board (R1.6).
    #[error("`{text}`: `{name}` is not a point of the {board}")]
    Point {
        /// The text given.
        text: String,
        /// The name.
        name: String,
        /// The game's board.
        board: Board,
    },
    /// Well formed, but not a legal turn of the position: the refusal says
    /// why.
    #[error("`{turn}` is not a legal turn: {refusal}", turn = .0.turn, refusal = .0)]
    Illegal(#[from] Refusal),
}

impl TurnError {
    /// The refusal, for text that names a turn the position does not allow
    /// ([`TurnError::Illegal`]).
    ///
    /// ```
    /// use peralikatuma_rules::{Position, Reason, Variant};
    /// let start = Position::start(Variant::Peralikatuma);
    /// let error = start.parse_turn("d4-e4").unwrap_err();
    /// assert!(matches!(error.refusal().map(|r| r.reason), Some(Reason::Occupied { .. })));
    /// assert!(start.parse_turn("d4").unwrap_err().refusal().is_none());
    /// ```
    pub fn refusal(&self) -> Option<&Refusal> {
        match self {
            TurnError::Illegal(refusal) => Some(refusal),
            TurnError::Syntax(_) | TurnError::Point { .. } => None,
        }
    }
}
