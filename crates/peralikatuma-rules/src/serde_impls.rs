//! `Serialize` and `Deserialize` (feature `serde`) of the crate-level
//! names: a game by its name, a side by its colour. The one model's types
//! have theirs in `family`.

use serde::de::{self, Deserializer};
use serde::ser::Serializer;
use serde::{Deserialize, Serialize};

use crate::side::Side;
use crate::variant::Variant;

/// The game's lower-case name (`"peralikatuma"`, `"alquerque"`,
/// `"permainan"`), as [`Variant::name`] gives it.
impl Serialize for Variant {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

/// The game's name in any letter case, as [`Variant`]'s `FromStr` reads it.
impl<'de> Deserialize<'de> for Variant {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Variant, D::Error> {
        let name = String::deserialize(deserializer)?;
        name.parse().map_err(de::Error::custom)
    }
}

/// `"white"` or `"black"`.
impl Serialize for Side {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(match self {
            Side::White => "white",
            Side::Black => "black",
        })
    }
}

/// `"white"` or `"black"`, in any letter case.
impl<'de> Deserialize<'de> for Side {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Side, D::Error> {
        let name = String::deserialize(deserializer)?;
        Side::ALL
            .into_iter()
            .find(|side| side.to_string().eq_ignore_ascii_case(name.trim()))
            .ok_or_else(|| {
                de::Error::custom(format!("unknown side `{name}` (known: white, black)"))
            })
    }
}
