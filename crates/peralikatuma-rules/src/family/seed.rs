//! The rule book's three games in the family's terms: each [`Variant`] as a
//! ruleset of [`SEED_RULESETS`], which the one move generator plays as the
//! rule book says.

use super::ruleset::{Ruleset, SEED_RULESETS};
use crate::Variant;

impl Variant {
    /// The game as a ruleset of the family's model (rules as data): the
    /// family's move generator plays it as the rule book says.
    ///
    /// ```
    /// use peralikatuma_rules::Variant;
    /// use peralikatuma_rules::family::Position;
    ///
    /// let alquerque = Variant::Alquerque.ruleset();
    /// assert!(alquerque.compulsory);
    /// assert_eq!(Position::start(alquerque).perft(6), 97);
    /// ```
    pub fn ruleset(self) -> &'static Ruleset {
        match self {
            Variant::Peralikatuma => &SEED_RULESETS[0],
            Variant::Alquerque => &SEED_RULESETS[1],
            Variant::Permainan => &SEED_RULESETS[2],
        }
    }
}

impl From<Variant> for &'static Ruleset {
    /// [`Variant::ruleset`], for functions that take any game.
    ///
    /// ```
    /// use peralikatuma_rules::Variant;
    /// use peralikatuma_rules::family::Ruleset;
    ///
    /// let game: &Ruleset = Variant::Permainan.into();
    /// assert_eq!(game.id, "permainan");
    /// ```
    fn from(variant: Variant) -> &'static Ruleset {
        variant.ruleset()
    }
}
