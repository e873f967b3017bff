//! Every game the crate plays, by name: a seed game or a family ruleset.

use std::fmt;
use std::str::FromStr;

use crate::family::{RULESETS, Ruleset};
use crate::text::record_text::{read_header, tag};
use crate::variant::Variant;

/// A game this crate plays: one of the seed games, with their own
/// generator, rules and records, or one of the family's rulesets
/// ([`crate::family`]). Frontends take one by its id.
///
/// ```
/// use peralikatuma_rules::{GameKind, Variant};
///
/// let zamma: GameKind = "zamma".parse()?;
/// assert_eq!(zamma.id(), "zamma");
/// assert_eq!(zamma.name(), "Zamma");
/// assert_eq!("Alquerque".parse::<GameKind>()?, GameKind::Seed(Variant::Alquerque));
/// assert_eq!(GameKind::ALL_IDS.len(), 21);
/// assert!("chess".parse::<GameKind>().is_err());
/// # Ok::<(), peralikatuma_rules::UnknownGame>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub enum GameKind {
    /// A seed game.
    Seed(Variant),
    /// A family ruleset.
    Family(&'static Ruleset),
}

impl GameKind {
    /// The ids of every game: the seed games, then the family's rulesets
    /// in the order of [`RULESETS`].
    pub const ALL_IDS: [&'static str; 21] = {
        let mut ids = [""; 21];
        let mut i = 0;
        while i < Variant::ALL.len() {
            ids[i] = Variant::ALL[i].name();
            i += 1;
        }
        while i < ids.len() {
            ids[i] = RULESETS[i - Variant::ALL.len()].id;
            i += 1;
        }
        ids
    };

    /// Every game: the seed games, then the family's rulesets.
    pub fn all() -> impl Iterator<Item = GameKind> {
        Variant::ALL
            .into_iter()
            .map(GameKind::Seed)
            .chain(RULESETS.iter().map(GameKind::Family))
    }

    /// Its id, as command lines, file names and records write it:
    /// `peralikatuma`, `zamma`.
    pub const fn id(self) -> &'static str {
        match self {
            GameKind::Seed(variant) => variant.name(),
            GameKind::Family(ruleset) => ruleset.id,
        }
    }

    /// Its name for people: `Peralikatuma`, `Sixteen Soldiers (Hewakam
    /// Keliya, Dam Hariman, Mogul Putt'han)`.
    pub fn name(self) -> &'static str {
        match self {
            GameKind::Seed(variant) => match variant {
                Variant::Peralikatuma => "Peralikatuma",
                Variant::Alquerque => "Alquerque",
                Variant::Permainan => "Permainan",
            },
            GameKind::Family(ruleset) => ruleset.name,
        }
    }

    /// The game a record (N4) is of, read from its `Variant` tag, before
    /// reading the rest with that game's [`Record`](crate::Record) or
    /// [`family::Record`](crate::family::Record).
    ///
    /// ```
    /// use peralikatuma_rules::{GameKind, RecordGameError, Variant};
    ///
    /// let zamma = GameKind::of_record("[Variant \"zamma\"]\n\n1. c2-c3 *")?;
    /// assert_eq!(zamma.id(), "zamma");
    /// let alquerque = GameKind::of_record("[Variant \"Alquerque\"]\n[White \"Ann\"]\n\n*")?;
    /// assert_eq!(alquerque, GameKind::Seed(Variant::Alquerque));
    /// assert_eq!(GameKind::of_record("1. c2-c3 *"), Err(RecordGameError::NoVariant));
    /// assert!(matches!(
    ///     GameKind::of_record("[Variant \"chess\"]"),
    ///     Err(RecordGameError::Unknown(_))
    /// ));
    /// # Ok::<(), RecordGameError>(())
    /// ```
    ///
    /// # Errors
    /// A header line that is not a tag, a record without a `Variant` tag,
    /// or one naming no game.
    pub fn of_record(text: &str) -> Result<GameKind, RecordGameError> {
        let (tags, _) =
            read_header(text).map_err(|(line, text)| RecordGameError::Header { line, text })?;
        let id = tag(&tags, "Variant").ok_or(RecordGameError::NoVariant)?;
        Ok(id.parse()?)
    }
}

impl From<Variant> for GameKind {
    fn from(variant: Variant) -> GameKind {
        GameKind::Seed(variant)
    }
}

impl From<&'static Ruleset> for GameKind {
    fn from(ruleset: &'static Ruleset) -> GameKind {
        GameKind::Family(ruleset)
    }
}

/// The id.
impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// The id, not the ruleset's tables.
impl fmt::Debug for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "GameKind({})", self.id())
    }
}

/// A name that is no game's id.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("unknown game `{name}` (known: {ids})", ids = GameKind::ALL_IDS.join(", "))]
pub struct UnknownGame {
    /// The text given.
    pub name: String,
}

/// Why [`GameKind::of_record`] cannot tell a record's game.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum RecordGameError {
    /// A header line that is not `[Key "Value"]`.
    #[error("line {line}: `{text}` is not a header line of the form [Key \"Value\"]")]
    Header {
        /// 1-based line number.
        line: usize,
        /// The line.
        text: String,
    },
    /// No `Variant` tag.
    #[error("the record has no [Variant \"...\"] header")]
    NoVariant,
    /// A `Variant` tag naming no game.
    #[error(transparent)]
    Unknown(#[from] UnknownGame),
}

/// A game's id, in any letter case.
impl FromStr for GameKind {
    type Err = UnknownGame;

    fn from_str(text: &str) -> Result<GameKind, UnknownGame> {
        if let Ok(variant) = text.parse() {
            return Ok(GameKind::Seed(variant));
        }
        Ruleset::find(text)
            .map(GameKind::Family)
            .map_err(|_| UnknownGame {
                name: text.to_owned(),
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_id_reads_back_as_its_game_and_ids_are_unique() {
        let games: Vec<GameKind> = GameKind::all().collect();
        assert_eq!(games.len(), GameKind::ALL_IDS.len());
        for (game, id) in games.iter().zip(GameKind::ALL_IDS) {
            assert_eq!(game.id(), id);
            assert_eq!(id.parse::<GameKind>(), Ok(*game));
            assert_eq!(id.to_uppercase().parse::<GameKind>(), Ok(*game));
        }
        let mut ids = GameKind::ALL_IDS.to_vec();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), GameKind::ALL_IDS.len());
        let error = "go"
            .parse::<GameKind>()
            .expect_err("no such game")
            .to_string();
        assert!(
            error.contains("zamma") && error.contains("peralikatuma"),
            "{error}"
        );
    }
}
