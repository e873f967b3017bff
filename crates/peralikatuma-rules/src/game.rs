//! A game: history, undo, and how it ends.

use std::fmt;

use crate::error::TurnError;
use crate::outcome::{DrawReason, Outcome, WinReason};
use crate::position::Position;
use crate::refusal::Refusal;
use crate::side::Side;
use crate::turn::Turn;
use crate::turn_list::TurnList;
use crate::variant::Variant;

/// Turns in a row without a piece leaving the board that draw the game (E4).
pub const QUIET_TURNS_FOR_DRAW: u32 = 60;

/// How often the same position must stand to draw the game (E2).
pub const REPETITIONS_FOR_DRAW: usize = 3;

/// A game in progress: where it started, every turn played and the
/// positions they led to, and its outcome once it has one.
///
/// ```
/// use peralikatuma_rules::{Game, Outcome, Side, Variant, WinReason};
///
/// let mut game = Game::new(Variant::Peralikatuma);
/// game.play_text("e4-e5")?;
/// game.play_text("e6xe4")?; // Black jumps over e5
/// assert_eq!(game.turns().len(), 2);
/// assert_eq!(game.position().pieces(Side::White).count(), 22);
/// assert!(game.play_text("e6-e5").is_err()); // e6 is empty now
/// game.undo();
/// assert_eq!(game.turns().len(), 1);
/// game.resign(Side::Black)?;
/// assert_eq!(
///     game.outcome(),
///     Some(Outcome::Win { winner: Side::White, reason: WinReason::Resignation })
/// );
/// # Ok::<(), peralikatuma_rules::GameError>(())
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Game {
    positions: Vec<Position>,
    turns: Vec<Turn>,
    declared: Option<Outcome>,
    decided: Option<Outcome>,
}

/// The start, the turns and the outcome, in the game's names:
/// `Game { start: Position(alquerque W:...), turns: [Turn(c2-c3)], outcome: None }`.
impl fmt::Debug for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Game")
            .field("start", self.start())
            .field("turns", &self.turns)
            .field("outcome", &self.outcome())
            .finish()
    }
}

/// Why a game refused a turn or a declaration.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum GameError {
    /// The game is already over.
    #[error("the game is over ({0})")]
    Over(Outcome),
    /// The turn is not legal.
    #[error(transparent)]
    Turn(#[from] TurnError),
}

impl GameError {
    /// The refusal, for a turn the position does not allow.
    ///
    /// ```
    /// use peralikatuma_rules::{Game, Reason, Variant};
    /// let mut game = Game::new(Variant::Alquerque);
    /// let error = game.play_text("c2-c4").unwrap_err();
    /// assert!(matches!(error.refusal().map(|r| r.reason), Some(Reason::NotAdjacent { .. })));
    /// ```
    pub fn refusal(&self) -> Option<&Refusal> {
        match self {
            GameError::Turn(error) => error.refusal(),
            GameError::Over(_) => None,
        }
    }
}

impl Game {
    /// A new game of `variant` from its start position.
    pub fn new(variant: Variant) -> Game {
        Game::from_position(Position::start(variant))
    }

    /// A new game from any position.
    pub fn from_position(start: Position) -> Game {
        let mut game = Game {
            positions: vec![start],
            turns: Vec::new(),
            declared: None,
            decided: None,
        };
        game.decided = game.decide();
        game
    }

    /// The game.
    pub fn variant(&self) -> Variant {
        self.start().variant()
    }

    /// The position the game started from.
    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.positions
            .last()
            .unwrap_or_else(|| unreachable!("a game always has its start position"))
    }

    /// The turns played, in order.
    pub fn turns(&self) -> &[Turn] {
        &self.turns
    }

    /// The start position, then the position after each turn.
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// The legal turns now (none once the game is over).
    pub fn legal_turns(&self) -> TurnList {
        if self.outcome().is_some() {
            TurnList::new()
        } else {
            self.position().legal_turns()
        }
    }

    /// The outcome, once the game is over: by the rules (E1-E5, in the order
    /// of E5), by resignation or agreement (E6), or on time (T2).
    pub fn outcome(&self) -> Option<Outcome> {
        self.declared.or(self.decided)
    }

    /// Plays a turn.
    ///
    /// # Errors
    /// [`GameError::Over`] once the game is over, [`GameError::Turn`] for a
    /// turn that is not legal now; the game is not changed.
    pub fn play(&mut self, turn: &Turn) -> Result<(), GameError> {
        if let Some(outcome) = self.outcome() {
            return Err(GameError::Over(outcome));
        }
        let next = self
            .position()
            .play(turn)
            .map_err(|refusal| GameError::Turn(refusal.into()))?;
        self.push(*turn, next);
        Ok(())
    }

    /// Reads a turn in the notation of N2 and plays it.
    ///
    /// # Errors
    /// As [`Game::play`], and [`GameError::Turn`] with the reason for text
    /// that names no legal turn.
    pub fn play_text(&mut self, text: &str) -> Result<Turn, GameError> {
        if let Some(outcome) = self.outcome() {
            return Err(GameError::Over(outcome));
        }
        let turn = self.position().parse_turn(text)?;
        let next = self.position().play_unchecked(&turn);
        self.push(turn, next);
        Ok(turn)
    }

    fn push(&mut self, turn: Turn, next: Position) {
        self.turns.push(turn);
        self.positions.push(next);
        self.decided = self.decide();
    }

    /// Takes back the last turn, and any resignation, agreed draw or loss
    /// on time declared after it; returns the turn, or `None` at the start of the game.
    pub fn undo(&mut self) -> Option<Turn> {
        self.declared = None;
        let turn = self.turns.pop()?;
        self.positions.pop();
        self.decided = self.decide();
        Some(turn)
    }

    /// Takes back a resignation or an agreed draw (E6), or a loss on time
    /// (T2), and returns it;
    /// `None` (and nothing changes) when the game has not ended so.
    ///
    /// ```
    /// use peralikatuma_rules::{Game, Side, Variant};
    /// let mut game = Game::new(Variant::Alquerque);
    /// game.resign(Side::White)?;
    /// assert!(game.withdraw().is_some());
    /// assert_eq!(game.outcome(), None);
    /// assert_eq!(game.withdraw(), None);
    /// # Ok::<(), peralikatuma_rules::GameError>(())
    /// ```
    pub fn withdraw(&mut self) -> Option<Outcome> {
        self.declared.take()
    }

    /// `side` resigns (E6).
    ///
    /// # Errors
    /// [`GameError::Over`] if the game is already over.
    pub fn resign(&mut self, side: Side) -> Result<(), GameError> {
        self.declare(Outcome::Win {
            winner: side.opposite(),
            reason: WinReason::Resignation,
        })
    }

    /// `side` ran out of time on a clock and loses (T2, a rule of play of
    /// this project): the clock is kept by whoever plays the game, not by
    /// the rules, so it is declared like a resignation, and [`Game::undo`]
    /// and [`Game::withdraw`] take it back alike.
    ///
    /// ```
    /// use peralikatuma_rules::{Game, Outcome, Side, Variant, WinReason};
    /// let mut game = Game::new(Variant::Permainan);
    /// game.lose_on_time(Side::White)?;
    /// assert_eq!(
    ///     game.outcome(),
    ///     Some(Outcome::Win { winner: Side::Black, reason: WinReason::Time })
    /// );
    /// assert_eq!(game.outcome().map(|o| o.to_string()).as_deref(), Some("Black wins: White ran out of time (T2)"));
    /// # Ok::<(), peralikatuma_rules::GameError>(())
    /// ```
    ///
    /// # Errors
    /// [`GameError::Over`] if the game is already over.
    pub fn lose_on_time(&mut self, side: Side) -> Result<(), GameError> {
        self.declare(Outcome::Win {
            winner: side.opposite(),
            reason: WinReason::Time,
        })
    }

    /// The players agree a draw (E6).
    ///
    /// # Errors
    /// [`GameError::Over`] if the game is already over.
    pub fn agree_draw(&mut self) -> Result<(), GameError> {
        self.declare(Outcome::Draw {
            reason: DrawReason::Agreement,
        })
    }

    fn declare(&mut self, outcome: Outcome) -> Result<(), GameError> {
        if let Some(over) = self.outcome() {
            return Err(GameError::Over(over));
        }
        self.declared = Some(outcome);
        Ok(())
    }

    /// How often the current position has stood in this game, counting
    /// itself (E2, E3).
    pub fn repetitions(&self) -> usize {
        let now = self.position();
        // Positions can repeat only while no piece leaves the board, and
        // only with the same side to move.
        let window = (now.quiet_turns() as usize).min(self.positions.len() - 1);
        self.positions[self.positions.len() - 1 - window..]
            .iter()
            .rev()
            .step_by(2)
            .filter(|p| p.same_for_repetition(now))
            .count()
    }

    /// The result by the rules for the current position (E5 order).
    fn decide(&self) -> Option<Outcome> {
        let now = self.position();
        Game::judge(now, || now.has_legal_turn(), || self.repetitions())
    }

    /// The result by the rules (E1, E2, E4, in the order of E5) of a game
    /// that stands in `position`, given whether the side to move has a
    /// legal turn and how often the position has stood (counting itself):
    /// what a `Game` decides after every turn, for code that keeps its own
    /// history instead of a `Game` (playouts, a search). Both are asked
    /// only when needed: `has_legal_turn` once both sides have pieces,
    /// `repetitions` once the side to move has a turn.
    ///
    /// ```
    /// use peralikatuma_rules::{DrawReason, Game, Outcome, Position, Variant};
    /// let start = Position::start(Variant::Alquerque);
    /// assert_eq!(Game::judge(&start, || true, || 1), None);
    /// assert_eq!(
    ///     Game::judge(&start, || true, || 3),
    ///     Some(Outcome::Draw { reason: DrawReason::Repetition })
    /// );
    /// ```
    pub fn judge(
        position: &Position,
        has_legal_turn: impl FnOnce() -> bool,
        repetitions: impl FnOnce() -> usize,
    ) -> Option<Outcome> {
        if let Some(outcome) = position.outcome_given(has_legal_turn) {
            return Some(outcome);
        }
        if repetitions() >= REPETITIONS_FOR_DRAW {
            return Some(Outcome::Draw {
                reason: DrawReason::Repetition,
            });
        }
        if position.quiet_turns() >= QUIET_TURNS_FOR_DRAW {
            return Some(Outcome::Draw {
                reason: DrawReason::SixtyTurns,
            });
        }
        None
    }
}
