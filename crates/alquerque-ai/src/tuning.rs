//! How the weak strengths play each game: the rates of their mistakes and
//! how deep Medium looks.

use peralikatuma_rules::Ruleset;

use crate::mistakes::Mistakes;
use crate::rule_book::of_rule_book;

/// The settings of the weak strengths for one game.
#[derive(Copy, Clone, PartialEq, Debug)]
pub struct Tuning {
    /// Beginner's mistakes.
    pub beginner: Mistakes,
    /// Easy's mistakes: fewer than Beginner's.
    pub easy: Mistakes,
    /// How deep Medium looks, in turns.
    pub medium_depth: u32,
}

/// Peralikatuma's settings.
const PERALIKATUMA: Tuning = Tuning {
    beginner: Mistakes {
        forfeit: 0.25,
        missed_capture: 0.2,
        hanging: 0.15,
    },
    easy: Mistakes {
        forfeit: 0.12,
        missed_capture: 0.1,
        hanging: 0.06,
    },
    medium_depth: 4,
};

/// Alquerque's settings.
const ALQUERQUE: Tuning = Tuning {
    beginner: Mistakes {
        forfeit: 0.0,
        missed_capture: 1.0,
        hanging: 0.8,
    },
    easy: Mistakes {
        forfeit: 0.0,
        missed_capture: 0.35,
        hanging: 0.3,
    },
    medium_depth: 8,
};

/// Permainan's settings.
const PERMAINAN: Tuning = Tuning {
    beginner: Mistakes {
        forfeit: 0.0,
        missed_capture: 0.35,
        hanging: 0.25,
    },
    easy: Mistakes {
        forfeit: 0.0,
        missed_capture: 0.12,
        hanging: 0.08,
    },
    medium_depth: 4,
};

impl Tuning {
    /// The settings for `ruleset`: each of the rule book's games has its
    /// own, the family's others [`Tuning::of_family`]. In Peralikatuma
    /// every kind of mistake can be made; in Alquerque and Permainan, where
    /// captures are compulsory (A4, M5) and there are no forfeits, a missed
    /// capture is a shorter chain and the chances of a mistake are fewer,
    /// so the rates are higher. Alquerque's small board is cheap to search
    /// and its compulsory chains need depth to be seen: Medium looks
    /// further.
    pub fn of(ruleset: &Ruleset) -> Tuning {
        of_rule_book(ruleset, [PERALIKATUMA, ALQUERQUE, PERMAINAN])
            .unwrap_or_else(|| Tuning::of_family(ruleset))
    }

    /// The settings for a family game: captures are optional in all of
    /// them, as in Peralikatuma, and a huff is the forfeit overlooked, so
    /// Peralikatuma's rates serve (without forfeits where nothing is
    /// huffed).
    pub const fn of_family(ruleset: &Ruleset) -> Tuning {
        let peralikatuma = PERALIKATUMA;
        if ruleset.huff {
            return peralikatuma;
        }
        Tuning {
            beginner: Mistakes {
                forfeit: 0.0,
                ..peralikatuma.beginner
            },
            easy: Mistakes {
                forfeit: 0.0,
                ..peralikatuma.easy
            },
            ..peralikatuma
        }
    }
}
