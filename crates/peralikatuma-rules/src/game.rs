//! A game of a family ruleset: its positions so far, and the project's
//! draws (E2, E4) on top of the ruleset's own end.

use crate::check::Refusal;
use crate::draw_rules::DrawRules;
use crate::position::Position;
use crate::ruleset::Ruleset;
use crate::turn::Turn;
use crate::turn_text::TurnTextError;
use crate::{DrawReason, Outcome, Side, TurnList, WinReason};

/// Turns in a row without a piece leaving the board that draw the game (E4).
pub const QUIET_TURNS_FOR_DRAW: u32 = 60;

/// How often the same position must stand to draw the game (E2).
pub const REPETITIONS_FOR_DRAW: usize = 3;

/// A turn that is not legal in the game's position, or a game that is over.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum GameError {
    /// The game has ended.
    #[error("the game is over ({0})")]
    Over(Outcome),
    /// The turn is not one of the position's legal turns, or its text
    /// names none.
    #[error(transparent)]
    Turn(#[from] TurnTextError),
}

impl GameError {
    /// The refusal, for a turn the position does not allow.
    pub fn refusal(&self) -> Option<&Refusal> {
        match self {
            GameError::Turn(error) => error.refusal(),
            GameError::Over(_) => None,
        }
    }
}

/// A game of a family ruleset from its start: the ruleset's own end, then
/// the project's draws by repetition (E2) and by sixty quiet turns (E4),
/// decided in the order of E5.
///
/// ```
/// use peralikatuma_rules::{Game, Ruleset};
///
/// let mut game = Game::new(Ruleset::find("lau-kata-kati")?);
/// game.play_text("d3-d4").expect("legal");
/// game.play_text("d5xd3").expect("legal");
/// assert_eq!(game.turns().len(), 2);
/// assert!(game.play_text("d4-d5").is_err()); // d4 is empty now
/// # Ok::<(), peralikatuma_rules::UnknownRuleset>(())
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Game {
    start: Position,
    /// The positions since a piece last left the board.
    positions: Vec<Position>,
    turns: Vec<Turn>,
    /// An end declared outside the turns: a resignation, an agreed draw,
    /// a loss on time.
    declared: Option<Outcome>,
    /// The draws added to the ruleset's own end.
    draw_rules: DrawRules,
}

impl Game {
    /// A game of `ruleset` from its start.
    pub fn new(ruleset: &'static Ruleset) -> Game {
        Game::from_position(Position::start(ruleset))
    }

    /// A game from `start`, a position of any ruleset (set up, or read
    /// from text), its count of quiet turns (E4) going on from the
    /// position's; none of the positions before it can come back (E2).
    ///
    /// ```
    /// use peralikatuma_rules::{Game, Position, Ruleset};
    /// use peralikatuma_rules::{Outcome, Side, WinReason};
    ///
    /// let start = Position::parse(Ruleset::find("dash-guti")?, "W:Wc3:Bd4")?;
    /// let mut game = Game::from_position(start);
    /// game.play_text("c3xe5")?;
    /// let won = Outcome::Win { winner: Side::White, reason: WinReason::NoPieces };
    /// assert_eq!(game.ending(), Some(won));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_position(start: Position) -> Game {
        Game {
            start,
            positions: vec![start],
            turns: Vec::new(),
            declared: None,
            draw_rules: DrawRules::Ours,
        }
    }

    /// The draws the game adds to its ruleset's own end: the project's
    /// (E2, E4) unless set otherwise.
    pub fn draw_rules(&self) -> DrawRules {
        self.draw_rules
    }

    /// Plays the game under `rules` from now on, such as another
    /// program's turn cap in place of E2 and E4 ([`DrawRules`]).
    pub fn set_draw_rules(&mut self, rules: DrawRules) {
        self.draw_rules = rules;
    }

    /// The position the game started from.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The game's ruleset.
    ///
    /// ```
    /// use peralikatuma_rules::{Game, Ruleset};
    ///
    /// let zamma = Ruleset::find("zamma")?;
    /// assert_eq!(Game::new(zamma).ruleset(), zamma);
    /// # Ok::<(), peralikatuma_rules::UnknownRuleset>(())
    /// ```
    pub fn ruleset(&self) -> &'static Ruleset {
        self.start.ruleset()
    }

    /// The side to move now.
    ///
    /// ```
    /// use peralikatuma_rules::Side;
    /// use peralikatuma_rules::{Game, Ruleset};
    ///
    /// let mut game = Game::new(Ruleset::find("zamma")?);
    /// game.play_text("e4-e5")?;
    /// assert_eq!(game.side_to_move(), Side::Black);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn side_to_move(&self) -> Side {
        self.position().side_to_move()
    }

    /// The position now.
    pub fn position(&self) -> &Position {
        self.positions.last().expect("a game has a position")
    }

    /// The positions since a piece last left the board, the first after
    /// that turn (or the start) and the last the position now: those that
    /// can come back (E2).
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// The turns played.
    pub fn turns(&self) -> &[Turn] {
        &self.turns
    }

    /// Turns in a row without a piece leaving the board (E4).
    pub fn quiet_turns(&self) -> u32 {
        self.position().quiet_turns()
    }

    /// How often the position now has stood since a piece last left the
    /// board, itself included (E2, E3): the third time draws.
    ///
    /// ```
    /// use peralikatuma_rules::{Game, Position, Ruleset};
    ///
    /// let start = Position::parse(Ruleset::PERALIKATUMA, "W:Wa3:Bi3")?;
    /// let mut game = Game::from_position(start);
    /// assert_eq!(game.repetitions(), 1);
    /// for turn in ["a3-a5", "i3-i5", "a5-a3", "i5-i3"] {
    ///     game.play_text(turn)?;
    /// }
    /// assert_eq!(game.repetitions(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn repetitions(&self) -> usize {
        let now = self.position();
        self.positions
            .iter()
            .filter(|p| p.same_for_repetition(now))
            .count()
    }

    /// The legal turns now: none once the game is over, by the rules or
    /// as declared (a resignation, an agreed draw, a loss on time).
    ///
    /// ```
    /// use peralikatuma_rules::Side;
    /// use peralikatuma_rules::{Game, Ruleset};
    ///
    /// let mut game = Game::new(Ruleset::find("zamma")?);
    /// assert_eq!(game.legal_turns().len(), 3);
    /// game.resign(Side::White)?;
    /// assert!(game.legal_turns().is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn legal_turns(&self) -> TurnList<Turn> {
        match self.ending() {
            Some(_) => TurnList::new(),
            None => self.position().legal_turns(),
        }
    }

    /// How the game has ended, if it has (E5: the rules' own end first,
    /// then E2, then E4; or, under another program's [`DrawRules`], its
    /// turn cap).
    pub fn ending(&self) -> Option<Outcome> {
        if self.declared.is_some() {
            return self.declared;
        }
        let position = self.position();
        self.draw_rules.judge(
            position,
            self.turns.len(),
            || position.has_legal_turn(),
            || self.repetitions(),
        )
    }

    /// Plays `turn`, if it is legal.
    ///
    /// # Errors
    /// The game is over, or the position's refusal of the turn.
    pub fn play(&mut self, turn: &Turn) -> Result<(), GameError> {
        if let Some(ending) = self.ending() {
            return Err(GameError::Over(ending));
        }
        let position = *self.position();
        position
            .check(turn)
            .map_err(|refusal| TurnTextError::Illegal {
                text: turn.text(position.board()),
                refusal,
            })?;
        self.play_legal(position, turn);
        Ok(())
    }

    /// Plays the turn written as `text` ([`Position::parse_turn`]) and
    /// returns it.
    ///
    /// # Errors
    /// The game is over, or what is wrong with the text or the turn.
    pub fn play_text(&mut self, text: &str) -> Result<Turn, GameError> {
        if let Some(ending) = self.ending() {
            return Err(GameError::Over(ending));
        }
        let position = *self.position();
        let turn = position.parse_turn(text)?;
        self.play_legal(position, &turn);
        Ok(turn)
    }

    /// `side` resigns (E6).
    ///
    /// ```
    /// use peralikatuma_rules::{Outcome, Side, WinReason};
    /// use peralikatuma_rules::{Game, Ruleset};
    ///
    /// let mut game = Game::new(Ruleset::find("zamma")?);
    /// game.resign(Side::White).expect("the game goes on");
    /// let resigned = Outcome::Win { winner: Side::Black, reason: WinReason::Resignation };
    /// assert_eq!(game.ending(), Some(resigned));
    /// assert!(game.play_text("e4-e5").is_err());
    /// game.withdraw();
    /// assert_eq!(game.ending(), None);
    /// # Ok::<(), peralikatuma_rules::UnknownRuleset>(())
    /// ```
    pub fn resign(&mut self, side: Side) -> Result<(), GameError> {
        self.declare(Outcome::Win {
            winner: side.opposite(),
            reason: WinReason::Resignation,
        })
    }

    /// The players agree on a draw (E6).
    pub fn agree_draw(&mut self) -> Result<(), GameError> {
        self.declare(Outcome::Draw {
            reason: DrawReason::Agreement,
        })
    }

    /// `side` ran out of time on a clock and loses (T2).
    pub fn lose_on_time(&mut self, side: Side) -> Result<(), GameError> {
        self.declare(Outcome::Win {
            winner: side.opposite(),
            reason: WinReason::Time,
        })
    }

    fn declare(&mut self, ending: Outcome) -> Result<(), GameError> {
        if let Some(over) = self.ending() {
            return Err(GameError::Over(over));
        }
        self.declared = Some(ending);
        Ok(())
    }

    /// Takes back a declared end (a resignation, an agreed draw, a loss
    /// on time), if the game ended so; returns it.
    pub fn withdraw(&mut self) -> Option<Outcome> {
        self.declared.take()
    }

    /// Takes back the last turn (and any end declared after it); returns
    /// it, or `None` at the start.
    ///
    /// ```
    /// use peralikatuma_rules::{Game, Ruleset};
    ///
    /// let mut game = Game::new(Ruleset::find("lau-kata-kati")?);
    /// game.play_text("d3-d4").expect("legal");
    /// game.play_text("d5xd3").expect("legal");
    /// let taken = game.undo().expect("a turn");
    /// assert_eq!(taken.text(game.position().board()), "d5xd3");
    /// assert_eq!(game.turns().len(), 1);
    /// assert_eq!(game.position().legal_turns().len(), 1);
    /// # Ok::<(), peralikatuma_rules::UnknownRuleset>(())
    /// ```
    pub fn undo(&mut self) -> Option<Turn> {
        let mut turns = std::mem::take(&mut self.turns);
        let last = turns.pop();
        if last.is_some() {
            let mut again = Game::from_position(self.start);
            again.draw_rules = self.draw_rules;
            for turn in &turns {
                let before = *again.position();
                again.play_legal(before, turn);
            }
            *self = again;
        } else {
            self.turns = turns;
            self.declared = None;
        }
        last
    }

    fn play_legal(&mut self, position: Position, turn: &Turn) {
        let removal = turn.removes();
        let next = position.play_unchecked(turn);
        if removal {
            // No earlier position can come back once a piece has left.
            self.positions.clear();
        }
        self.positions.push(next);
        self.turns.push(*turn);
    }

    /// How a game has ended in `position`, given whether the side to move
    /// has a legal turn and how many times the position has stood since
    /// the last removal (itself included): in E5's order, the ruleset's own end first, then
    /// repetition (E2), then the sixty-turn rule (E4). [`Game::ending`]
    /// and [`playout`](crate::playout) judge by it; a search judges its own lines by it.
    ///
    /// ```
    /// use peralikatuma_rules::{Game, Position, Ruleset};
    /// use peralikatuma_rules::{DrawReason, Outcome};
    ///
    /// let start = Position::start(Ruleset::find("zamma")?);
    /// let draw = |reason| Some(Outcome::Draw { reason });
    /// let late = Position::parse(start.ruleset(), &format!("{start}:C60"))?;
    /// assert_eq!(Game::judge(&start, || true, || 1), None);
    /// assert_eq!(Game::judge(&start, || true, || 3), draw(DrawReason::Repetition));
    /// assert_eq!(Game::judge(&late, || true, || 1), draw(DrawReason::SixtyTurns));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn judge(
        position: &Position,
        has_turn: impl FnOnce() -> bool,
        seen: impl FnOnce() -> usize,
    ) -> Option<Outcome> {
        DrawRules::Ours.judge(position, 0, has_turn, seen)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn e4_sixty_quiet_turns_draw_and_a_capture_resets_the_count() {
        let mut start = Position::start(Ruleset::find("zamma").expect("a ruleset"));
        start.quiet = QUIET_TURNS_FOR_DRAW - 1;
        let mut game = Game::from_position(start);
        let quiet = game
            .position()
            .legal_turns()
            .into_iter()
            .find(|t| t.captured() == 0)
            .expect("a step");
        game.play(&quiet).expect("legal");
        let sixty = Outcome::Draw {
            reason: DrawReason::SixtyTurns,
        };
        assert_eq!(game.ending(), Some(sixty));
        assert!(matches!(game.play(&quiet), Err(GameError::Over(_))));
    }

    #[test]
    fn e2_the_third_time_a_position_comes_back_draws() {
        // Kharbaga's kings can go back and forth; men cannot, so build the
        // repetition from the start of a capture-all game where steps go
        // both ways.
        let mut game = Game::new(Ruleset::find("terhuchu-small").expect("a ruleset"));
        for text in [
            "b2-b3", "b4-c3", "b3-b2", "c3-b4", "b2-b3", "b4-c3", "b3-b2", "c3-b4",
        ] {
            assert_eq!(game.ending(), None, "before {text}");
            game.play_text(text).expect(text);
        }
        let repetition = Outcome::Draw {
            reason: DrawReason::Repetition,
        };
        assert_eq!(game.ending(), Some(repetition));
    }

    #[test]
    fn e2_a_game_from_a_counted_position_counts_on_and_still_sees_repetitions() {
        let rules = Ruleset::find("terhuchu-small").expect("a ruleset");
        let start = Position::parse(rules, &format!("{}:C50", Position::start(rules)));
        let mut game = Game::from_position(start.expect("valid"));
        for text in ["b2-b3", "b4-c3", "b3-b2", "c3-b4", "b2-b3"] {
            game.play_text(text).expect(text);
        }
        assert_eq!(game.quiet_turns(), 55);
        assert_eq!(game.ending(), None);
        for text in ["b4-c3", "b3-b2", "c3-b4"] {
            game.play_text(text).expect(text);
        }
        // The start stood a third time, 58 turns after the last removal.
        let repetition = Outcome::Draw {
            reason: DrawReason::Repetition,
        };
        assert_eq!(game.ending(), Some(repetition));
        assert_eq!(
            game.undo().map(|t| t.text(rules.board)).as_deref(),
            Some("c3-b4")
        );
        assert_eq!(game.quiet_turns(), 57);
    }
}
