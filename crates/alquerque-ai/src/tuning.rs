//! How the weak strengths play each game: the rates of their mistakes and
//! how deep Easy and Medium look.

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
    /// How deep Easy looks, in turns (Beginner two).
    pub easy_depth: u32,
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
    easy_depth: 2,
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
    easy_depth: 2,
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
    easy_depth: 2,
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
    ///
    /// Kharbaga's flying kings capture from afar, which two turns of
    /// look-ahead miss so often that Easy scored 52.5% against Beginner
    /// (40 games from seed 40,000); there Easy looks three turns ahead
    /// (95%, and 92.5% from seed 60,000) and Medium six (96% against that
    /// Easy, 62.5% at four; Hard against it 90%, 20 games).
    ///
    /// In Terhuchu, Easy at two turns scored 70% against Beginner (20
    /// games from seed 9,200); at three, 98.8% (40 games from seed
    /// 60,000), and Medium at four scores 77.5% against it there (86.2%
    /// from seed 40,000). Medium at five or six would score 90% or more,
    /// but Hard at 100 ms a turn would barely separate from it (55%, 20
    /// games, at five), so Medium stays at four.
    pub fn of(ruleset: &Ruleset) -> Tuning {
        if let Some(tuning) = of_rule_book(ruleset, [PERALIKATUMA, ALQUERQUE, PERMAINAN]) {
            return tuning;
        }
        let family = Tuning::of_family(ruleset);
        match ruleset.id {
            "kharbaga" => Tuning {
                easy_depth: 3,
                medium_depth: 6,
                ..family
            },
            "terhuchu" => Tuning {
                easy_depth: 3,
                ..family
            },
            _ => family,
        }
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

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    /// Easy and Medium look deeper in Kharbaga, and Easy in Terhuchu, than
    /// in the other family games, and as deep as ever in the rule book's.
    #[test]
    fn kharbaga_and_terhuchu_are_searched_deeper() {
        let ruleset = Ruleset::find("kharbaga").unwrap();
        let kharbaga = Tuning::of(ruleset);
        assert_eq!((kharbaga.easy_depth, kharbaga.medium_depth), (3, 6));
        assert_eq!(kharbaga.easy, Tuning::of_family(ruleset).easy);
        let zamma = Tuning::of(Ruleset::find("zamma").unwrap());
        assert_eq!((zamma.easy_depth, zamma.medium_depth), (2, 4));
        let terhuchu = Tuning::of(Ruleset::find("terhuchu").unwrap());
        assert_eq!((terhuchu.easy_depth, terhuchu.medium_depth), (3, 4));
        assert_eq!(Tuning::of(Ruleset::ALQUERQUE).medium_depth, 8);
    }
}
