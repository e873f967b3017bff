//! What a tablebase knows of a position: win, loss or draw for the side to
//! move, and how many turns until the next removal (or the end).

use std::cmp::Ordering;
use std::fmt;

use peralikatuma_rules::QUIET_TURNS_FOR_DRAW as SIXTY;

/// The longest distance a table keeps, in turns. A win that needs more
/// turns before its next removal is a draw under the sixty-turn rule (E4)
/// whatever the counter, even after a claim (P6), whose turn is itself a
/// removal and so leaves one turn more: see [`Value::verdict`].
pub const HORIZON: u8 = 61;

/// The value of a position for the side to move, with its distance to
/// zeroing: the number of turns, this one included, until a piece leaves
/// the board (by capture or by claim) in a position the winner still wins,
/// or the game ends. The winner plays to make it short, the loser to make
/// it long.
///
/// The value holds for the counter of quiet turns at 0; [`Value::verdict`]
/// says what it means for another counter.
///
/// ```
/// use alquerque_tablebase::{Value, Verdict};
/// let win = Value::Win(12);
/// assert_eq!(win.verdict(0), Verdict::Win);
/// assert_eq!(win.verdict(48), Verdict::Win);
/// // Thirteen quiet turns before it: the sixty-turn rule comes first.
/// assert_eq!(win.verdict(49), Verdict::Draw);
/// assert!(Value::Win(3) > Value::Win(5));
/// assert!(Value::Loss(9) > Value::Loss(2));
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Value {
    /// The side to move wins, with a removal or the end within this many
    /// turns (1 ..= [`HORIZON`]).
    Win(u8),
    /// Neither side can force a win.
    Draw,
    /// The side to move loses; the opponent's removal or the end comes
    /// within this many turns (0 ..= [`HORIZON`]; 0: the game is over,
    /// the side to move has no piece or no legal turn, E1).
    Loss(u8),
}

/// What a value means for one counter of quiet turns. Verdicts are
/// ordered from worst to best for the side to move: a loss, a draw, a
/// win.
///
/// ```
/// use alquerque_tablebase::Verdict;
///
/// assert!(Verdict::Loss < Verdict::Draw && Verdict::Draw < Verdict::Win);
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Verdict {
    /// The side to move wins with perfect play.
    Win,
    /// A draw with perfect play.
    Draw,
    /// The side to move loses with perfect play.
    Loss,
}

impl Value {
    /// What the value means when `quiet_turns` turns in a row have passed
    /// without a removal: a win or loss is only real if its removal comes
    /// before the sixtieth quiet turn ends the game (E4, E5).
    pub fn verdict(self, quiet_turns: u32) -> Verdict {
        let left = SIXTY.saturating_sub(quiet_turns);
        match self {
            Value::Win(d) if u32::from(d) <= left => Verdict::Win,
            Value::Loss(0) => Verdict::Loss,
            Value::Loss(d) if u32::from(d) <= left => Verdict::Loss,
            _ => Verdict::Draw,
        }
    }

    /// The value for the opponent, one turn earlier: what a turn into a
    /// position of this value (for the opponent, who is then to move) is
    /// worth to the player who makes it, when the turn removes nothing.
    /// Beyond the [`HORIZON`] a win or a loss is a draw.
    pub fn back(self) -> Value {
        match self {
            Value::Win(d) if d < HORIZON => Value::Loss(d + 1),
            Value::Loss(d) if d < HORIZON => Value::Win(d + 1),
            _ => Value::Draw,
        }
    }

    /// What a turn that removes a piece into a position of this value (for
    /// the opponent) is worth to its player: the counter starts again, so
    /// only the verdict at 0 matters, and the removal itself is the next
    /// zeroing.
    pub fn back_after_removal(self) -> Value {
        match self.verdict(0) {
            Verdict::Win => Value::Loss(1),
            Verdict::Loss => Value::Win(1),
            Verdict::Draw => Value::Draw,
        }
    }

    /// The byte a table stores: 0 a draw, 1..=61 a win, 64..=125 a loss.
    pub const fn code(self) -> u8 {
        match self {
            Value::Draw => 0,
            Value::Win(d) => d,
            Value::Loss(d) => LOSS + d,
        }
    }

    /// The value a stored byte stands for; `None` for [`INVALID`] or a
    /// byte no table writes.
    pub const fn from_code(code: u8) -> Option<Value> {
        match code {
            0 => Some(Value::Draw),
            1..=HORIZON => Some(Value::Win(code)),
            LOSS..=LOSS_MAX => Some(Value::Loss(code - LOSS)),
            _ => None,
        }
    }

    /// A rank that orders values from the mover's point of view: higher
    /// is better.
    fn rank(self) -> i32 {
        match self {
            Value::Win(d) => 1000 - i32::from(d),
            Value::Draw => 0,
            Value::Loss(d) => -1000 + i32::from(d),
        }
    }
}

/// The first byte of a loss.
const LOSS: u8 = 64;
const LOSS_MAX: u8 = LOSS + HORIZON;

/// The byte a table stores for an index that names no legal position (two
/// pieces on a point are impossible by construction, but, for example, a
/// man on the far base of Permainan or a no-return mark a piece cannot
/// have).
pub const INVALID: u8 = 255;

impl Ord for Value {
    fn cmp(&self, other: &Value) -> Ordering {
        self.rank().cmp(&other.rank())
    }
}

impl PartialOrd for Value {
    fn partial_cmp(&self, other: &Value) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Win(d) => write!(f, "win in {d}"),
            Value::Draw => f.write_str("draw"),
            Value::Loss(0) => f.write_str("lost"),
            Value::Loss(d) => write!(f, "loss in {d}"),
        }
    }
}

impl Ord for Verdict {
    fn cmp(&self, other: &Verdict) -> Ordering {
        let rank = |verdict: &Verdict| match verdict {
            Verdict::Loss => 0,
            Verdict::Draw => 1,
            Verdict::Win => 2,
        };
        rank(self).cmp(&rank(other))
    }
}

impl PartialOrd for Verdict {
    fn partial_cmp(&self, other: &Verdict) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Verdict::Win => "win",
            Verdict::Draw => "draw",
            Verdict::Loss => "loss",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip() {
        for code in 0..=255u8 {
            if let Some(value) = Value::from_code(code) {
                assert_eq!(value.code(), code);
            }
        }
        assert_eq!(Value::from_code(INVALID), None);
        assert_eq!(
            Value::from_code(Value::Loss(HORIZON).code()),
            Some(Value::Loss(HORIZON))
        );
    }

    #[test]
    fn e4_a_win_must_come_before_the_sixtieth_quiet_turn() {
        assert_eq!(Value::Win(1).verdict(59), Verdict::Win);
        assert_eq!(Value::Win(2).verdict(59), Verdict::Draw);
        assert_eq!(Value::Loss(60).verdict(0), Verdict::Loss);
        assert_eq!(Value::Loss(61).verdict(0), Verdict::Draw);
        assert_eq!(Value::Loss(0).verdict(60), Verdict::Loss);
    }

    #[test]
    fn values_are_ordered_for_the_mover() {
        let order = [
            Value::Loss(0),
            Value::Loss(5),
            Value::Draw,
            Value::Win(9),
            Value::Win(1),
        ];
        assert!(order.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(Value::Loss(4).back(), Value::Win(5));
        assert_eq!(Value::Win(HORIZON).back(), Value::Draw);
        assert_eq!(Value::Win(61).back_after_removal(), Value::Draw);
        assert_eq!(Value::Loss(3).back_after_removal(), Value::Win(1));
    }
}
