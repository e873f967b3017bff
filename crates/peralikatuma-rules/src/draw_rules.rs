//! Which draws a game adds to its ruleset's own end: the project's (E2,
//! E4), or another program's turn cap.

use crate::game::{QUIET_TURNS_FOR_DRAW, REPETITIONS_FOR_DRAW};
use crate::position::Position;
use crate::{DrawReason, Outcome};

/// The draws a [`Game`](crate::Game) adds to its ruleset's own end.
///
/// ```
/// use peralikatuma_rules::{DrawReason, DrawRules, Game, Outcome, Position, Ruleset};
///
/// // Under a cap of ten turns a position may stand a third time (no E2),
/// // and the game is drawn after its tenth turn.
/// let start = Position::parse(Ruleset::PERALIKATUMA, "W:Wa3:Bi3")?;
/// let mut game = Game::from_position(start);
/// game.set_draw_rules(DrawRules::TurnCap(10));
/// let cycle = ["a3-a5", "i3-i5", "a5-a3", "i5-i3"];
/// for turn in cycle.iter().chain(&cycle).chain(&cycle[..2]) {
///     assert_eq!(game.ending(), None);
///     game.play_text(turn)?;
/// }
/// assert_eq!(game.ending(), Some(Outcome::Draw { reason: DrawReason::TurnCap }));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub enum DrawRules {
    /// The project's: the same position for the third time (E2), and
    /// sixty turns in a row without a piece leaving the board (E4).
    #[default]
    Ours,
    /// Another program's, such as Ludii's: no draw by repetition or by
    /// quiet turns; the game is drawn once it has lasted this many turns
    /// (from the position it started from), unless it ended before.
    TurnCap(u32),
}

impl DrawRules {
    /// How a game under these rules has ended in `position`, `turns`
    /// turns after its start, given whether the side to move has a legal
    /// turn and how many times the position has stood since the last
    /// removal (itself included): the ruleset's own end first, then these
    /// rules' draws (under [`DrawRules::Ours`], E5's order: E2, then E4).
    ///
    /// ```
    /// use peralikatuma_rules::{DrawReason, DrawRules, Outcome, Position, Ruleset};
    ///
    /// let start = Position::start(Ruleset::find("zamma")?);
    /// let late = Position::parse(start.ruleset(), &format!("{start}:C60"))?;
    /// let draw = |reason| Some(Outcome::Draw { reason });
    /// let ours = DrawRules::Ours;
    /// assert_eq!(ours.judge(&late, 10, || true, || 1), draw(DrawReason::SixtyTurns));
    /// let capped = DrawRules::TurnCap(200);
    /// assert_eq!(capped.judge(&late, 10, || true, || 3), None);
    /// assert_eq!(capped.judge(&late, 200, || true, || 1), draw(DrawReason::TurnCap));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn judge(
        self,
        position: &Position,
        turns: usize,
        has_turn: impl FnOnce() -> bool,
        seen: impl FnOnce() -> usize,
    ) -> Option<Outcome> {
        if !has_turn() {
            // The generator lists no turn exactly when the rules end the game.
            return position.outcome();
        }
        let reason = match self {
            DrawRules::Ours if seen() >= REPETITIONS_FOR_DRAW => DrawReason::Repetition,
            DrawRules::Ours if position.quiet_turns() >= QUIET_TURNS_FOR_DRAW => {
                DrawReason::SixtyTurns
            }
            DrawRules::TurnCap(cap) if turns >= cap as usize => DrawReason::TurnCap,
            _ => return None,
        };
        Some(Outcome::Draw { reason })
    }
}
