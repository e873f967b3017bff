//! The strengths a person can choose, weakest to strongest, and two
//! yardsticks to measure them by.

use std::fmt;
use std::str::FromStr;

/// How well a machine player plays ([`Player`](crate::Player)).
///
/// The five levels a person chooses from are [`Strength::LEVELS`]:
/// Beginner and Easy make the mistakes a person makes (a missed capture, a
/// piece left hanging, a forfeit overlooked) at rates that set their level;
/// Medium, Hard and Master look ahead ever further. All five play for a
/// win (a draw counts against them, and a lead must be turned into a win
/// before the sixty-turn rule draws the game, E4), Beginner, Easy and
/// Medium unless they are behind in material. Random and Casual are
/// yardsticks for measuring them.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Strength {
    /// Uniformly random legal turns: a yardstick, not an opponent.
    Random,
    /// A careful beginner by simple rules, as a yardstick: always claims,
    /// never leaves a piece to be taken at once when it can avoid it,
    /// takes the biggest capture, and chooses at random among equals; it
    /// looks no further ahead.
    Casual,
    /// Looks two turns ahead, and often plays a plausible wrong turn
    /// instead of the one it meant: it misses captures, leaves pieces
    /// hanging and overlooks forfeits (P6).
    Beginner,
    /// As Beginner, with fewer mistakes (and three turns ahead in
    /// Kharbaga, whose flying kings strike from afar).
    Easy,
    /// Looks four turns ahead (eight in Alquerque, six in Kharbaga), with
    /// captures followed to the end, choosing among equally good turns at
    /// random.
    Medium,
    /// The full searcher, thinking for a time budget per turn.
    Hard,
    /// The full searcher on two threads, thinking three times as long as
    /// Hard.
    Master,
}

impl Strength {
    /// Every strength: the yardsticks, then the levels from weakest to
    /// strongest.
    pub const ALL: [Strength; 7] = [
        Strength::Random,
        Strength::Casual,
        Strength::Beginner,
        Strength::Easy,
        Strength::Medium,
        Strength::Hard,
        Strength::Master,
    ];

    /// The levels a person chooses from, weakest to strongest.
    pub const LEVELS: [Strength; 5] = [
        Strength::Beginner,
        Strength::Easy,
        Strength::Medium,
        Strength::Hard,
        Strength::Master,
    ];

    /// The size of the transposition table a player of this strength
    /// makes for itself, in MiB: 64 at Hard and Master, 4 at Beginner,
    /// Easy and Medium, none for the yardsticks (Random and Casual do not
    /// search).
    ///
    /// ```
    /// use alquerque_ai::Strength;
    ///
    /// assert_eq!(Strength::Hard.table_megabytes(), 64);
    /// assert_eq!(Strength::Random.table_megabytes(), 0);
    /// ```
    pub const fn table_megabytes(self) -> usize {
        match self {
            Strength::Hard | Strength::Master => 64,
            Strength::Random | Strength::Casual => 0,
            _ => 4,
        }
    }

    /// The name used on command lines and in links.
    pub const fn name(self) -> &'static str {
        match self {
            Strength::Random => "random",
            Strength::Casual => "casual",
            Strength::Beginner => "beginner",
            Strength::Easy => "easy",
            Strength::Medium => "medium",
            Strength::Hard => "hard",
            Strength::Master => "master",
        }
    }
}

impl fmt::Display for Strength {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not a strength.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("unknown strength `{0}` (known: random, casual, beginner, easy, medium, hard, master)")]
pub struct UnknownStrength(pub String);

/// A strength's name, in any letter case.
///
/// ```
/// use alquerque_ai::Strength;
/// assert_eq!("Master".parse(), Ok(Strength::Master));
/// assert!("grandmaster".parse::<Strength>().is_err());
/// ```
impl FromStr for Strength {
    type Err = UnknownStrength;
    fn from_str(text: &str) -> Result<Strength, UnknownStrength> {
        Strength::ALL
            .into_iter()
            .find(|s| s.name().eq_ignore_ascii_case(text.trim()))
            .ok_or_else(|| UnknownStrength(text.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back_and_the_error_lists_them_all() {
        let message = UnknownStrength("x".into()).to_string();
        for strength in Strength::ALL {
            assert_eq!(strength.name().parse(), Ok(strength));
            assert!(message.contains(strength.name()), "{strength}");
        }
        assert!(Strength::LEVELS.iter().all(|s| Strength::ALL.contains(s)));
    }
}
