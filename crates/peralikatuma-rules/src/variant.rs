//! The games the engine plays.

use std::fmt;
use std::str::FromStr;

use crate::ruleset::{Ruleset, SEED_RULESETS};

/// A game of the alquerque family, chosen at run time.
///
/// Peralikatuma is the flagship; Alquerque (as on BrainKing) and Permainan
/// are played by the same engine.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub enum Variant {
    /// Peralikatuma (Sri Lanka): the whole 49-point board, 23 pieces each,
    /// optional captures with forfeits (P1-P7).
    #[default]
    Peralikatuma,
    /// Alquerque as on BrainKing: the 25-point square, 12 pieces each,
    /// forward and sideways moves, compulsory captures, no return (A1-A5).
    Alquerque,
    /// Permainan (Permainan-Tabal, Java): the square with two arms, 16
    /// pieces each, compulsory captures, flying kings (M1-M6).
    Permainan,
}

impl Variant {
    /// Every variant.
    pub const ALL: [Variant; 3] = [
        Variant::Peralikatuma,
        Variant::Alquerque,
        Variant::Permainan,
    ];

    /// How many pieces each side starts with.
    pub const fn pieces_per_side(self) -> usize {
        match self {
            Variant::Peralikatuma => 23,
            Variant::Alquerque => 12,
            Variant::Permainan => 16,
        }
    }

    /// The game's name as used on command lines and in game records
    /// (`Variant` header of N4), in lower case.
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Peralikatuma => "peralikatuma",
            Variant::Alquerque => "alquerque",
            Variant::Permainan => "permainan",
        }
    }

    /// Whether a piece that could have jumped may be forfeited (P6).
    pub const fn has_forfeits(self) -> bool {
        matches!(self, Variant::Peralikatuma)
    }

    /// Whether captures are compulsory and chains must go on (A4, M5).
    pub const fn captures_compulsory(self) -> bool {
        !matches!(self, Variant::Peralikatuma)
    }

    /// Whether men become flying kings (M4, M6).
    pub const fn has_kings(self) -> bool {
        matches!(self, Variant::Permainan)
    }

    /// Whether pieces may not step straight back (A5).
    pub const fn has_no_return(self) -> bool {
        matches!(self, Variant::Alquerque)
    }

    /// The start position's text (P1, A1, M1).
    pub const fn start_text(self) -> &'static str {
        match self {
            Variant::Peralikatuma => {
                "W:Wc1,e1,g1,d2,e2,f2,a3,c3,d3,e3,f3,g3,b4,c4,d4,e4,f4,g4,a5,b5,c5,b6,a7:Bi3,h4,g5,h5,i5,c6,d6,e6,f6,g6,h6,c7,d7,e7,f7,g7,i7,d8,e8,f8,c9,e9,g9"
            }
            Variant::Alquerque => {
                "W:Wa1,b1,c1,d1,e1,a2,b2,c2,d2,e2,d3,e3:Ba3,b3,a4,b4,c4,d4,e4,a5,b5,c5,d5,e5"
            }
            Variant::Permainan => {
                "W:Wa1,c1,e1,b2,c2,d2,a3,b3,c3,d3,e3,a4,b4,c4,d4,e4:Ba6,b6,c6,d6,e6,a7,b7,c7,d7,e7,b8,c8,d8,a9,c9,e9"
            }
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Variant::Peralikatuma => "Peralikatuma",
            Variant::Alquerque => "Alquerque",
            Variant::Permainan => "Permainan",
        })
    }
}

/// Parses a variant name, in any letter case.
///
/// ```
/// use peralikatuma_rules::Variant;
/// assert_eq!("Peralikatuma".parse::<Variant>()?, Variant::Peralikatuma);
/// assert!("chess".parse::<Variant>().is_err());
/// # Ok::<(), peralikatuma_rules::UnknownVariant>(())
/// ```
impl FromStr for Variant {
    type Err = UnknownVariant;

    fn from_str(text: &str) -> Result<Variant, UnknownVariant> {
        Variant::ALL
            .into_iter()
            .find(|v| v.name().eq_ignore_ascii_case(text.trim()))
            .ok_or_else(|| UnknownVariant {
                name: text.to_owned(),
            })
    }
}

/// A game name that is not one of the engine's variants.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("unknown game `{name}` (known: peralikatuma, alquerque, permainan)")]
pub struct UnknownVariant {
    /// The text given.
    pub name: String,
}

impl Variant {
    /// The game as a ruleset of the family's model (rules as data): the
    /// family's move generator plays it as the rule book says. The board
    /// the game is played on (R1.5) is the ruleset's
    /// ([`Ruleset::board`]).
    ///
    /// ```
    /// use peralikatuma_rules::Variant;
    /// use peralikatuma_rules::Position;
    ///
    /// let alquerque = Variant::Alquerque.ruleset();
    /// assert!(alquerque.compulsory);
    /// assert_eq!(alquerque.board.len(), 25); // the square alone
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
    /// use peralikatuma_rules::Ruleset;
    ///
    /// let game: &Ruleset = Variant::Permainan.into();
    /// assert_eq!(game.id, "permainan");
    /// ```
    fn from(variant: Variant) -> &'static Ruleset {
        variant.ruleset()
    }
}
