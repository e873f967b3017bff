//! `Serialize` and `Deserialize` (feature `serde`), in the crate's text
//! forms, so that what is stored reads like the notation; the shapes are
//! listed in the crate's documentation. Reading checks as much as the text
//! allows, and a fault is a deserialization error with the crate's message,
//! never a panic.

use std::fmt::Display;

use serde::de::{self, Deserializer};
use serde::ser::{self, SerializeStruct, Serializer};
use serde::{Deserialize, Serialize};

use crate::position::Position;
use crate::setup::Setup;
use crate::side::Side;
use crate::text::record::Record;
use crate::text::turn_text::TurnText;
use crate::turn::Turn;
use crate::variant::Variant;

/// A value serialized as its text, written straight into the output.
struct AsText<T>(T);

impl<T: Display> Serialize for AsText<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(&self.0)
    }
}

/// Writes `{"variant": ..., key: text}`, the shape of positions, setups and
/// turns: their text alone does not say which game it is in.
fn with_variant<S: Serializer>(
    serializer: S,
    name: &'static str,
    variant: Variant,
    key: &'static str,
    text: impl Display,
) -> Result<S::Ok, S::Error> {
    let mut state = serializer.serialize_struct(name, 2)?;
    state.serialize_field("variant", &variant)?;
    state.serialize_field(key, &AsText(text))?;
    state.end()
}

/// Position text (N3) with its game, as read.
#[derive(Deserialize)]
#[serde(
    rename = "Position",
    deny_unknown_fields,
    expecting = r#"a position {"variant": ..., "position": ...}"#
)]
struct PositionJson {
    variant: Variant,
    position: String,
}

/// Turn text (N2) with its game, as read.
#[derive(Deserialize)]
#[serde(
    rename = "Turn",
    deny_unknown_fields,
    expecting = r#"a turn {"variant": ..., "turn": ...}"#
)]
struct TurnJson {
    variant: Variant,
    turn: String,
}

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

/// `{"variant": "alquerque", "position": "W:Wa1,...:B..."}`: the game and
/// the position text (N3).
impl Serialize for Position {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        with_variant(serializer, "Position", self.variant(), "position", self)
    }
}

/// Reads `{"variant": ..., "position": ...}` and checks the position fully,
/// as [`Position::parse`] does: its syntax, then the rules
/// ([`Position::from_setup`]).
impl<'de> Deserialize<'de> for Position {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Position, D::Error> {
        let json = PositionJson::deserialize(deserializer)?;
        Position::parse(json.variant, &json.position).map_err(de::Error::custom)
    }
}

/// `{"variant": "alquerque", "position": "W:Wa1,...:B..."}`, as a
/// [`Position`] is written.
///
/// A setup is unchecked data; one that position text (N3) cannot say (a
/// point given to both sides, a king without a piece, a field its game does
/// not have, ...) is an error, not written as some other setup.
impl Serialize for Setup {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let cannot = |why: &dyn Display| {
            ser::Error::custom(format!(
                "the setup cannot be written as position text (N3): {why}"
            ))
        };
        let board = self.variant.board();
        let points = self.white | self.black | self.kings | self.claimable;
        if let Some(point) = (points | self.no_return.pieces())
            .iter()
            .find(|&p| !board.contains(p))
        {
            return Err(cannot(&format_args!(
                "{point:?} is not a point of the {board}"
            )));
        }
        let text = self.to_string();
        // Only what position text has no way to say can be lost.
        let lost = match Setup::parse(self.variant, &text) {
            Ok(read) if read == *self => {
                return with_variant(serializer, "Setup", self.variant, "position", text);
            }
            Ok(read) if read.kings != self.kings => "the kings on points without a piece",
            Ok(_) => "the restrictions that bar a piece from stepping both east and west (A5)",
            Err(error) => return Err(cannot(&error)),
        };
        Err(cannot(&format_args!("`{text}` leaves out {lost}")))
    }
}

/// Reads `{"variant": ..., "position": ...}` as [`Setup::parse`] does: the
/// syntax only. A [`Position`] checks the rules as well.
impl<'de> Deserialize<'de> for Setup {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Setup, D::Error> {
        let json = PositionJson::deserialize(deserializer)?;
        Setup::parse(json.variant, &json.position).map_err(de::Error::custom)
    }
}

/// `{"variant": "peralikatuma", "turn": "!e6 d4-d5"}`: the game and the
/// turn text (N2) in its point names.
///
/// A turn built from points that are not on its game's board has no text,
/// and is an error.
impl Serialize for Turn {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let board = self.variant().board();
        if let Some(point) = self
            .claim()
            .into_iter()
            .chain(self.path())
            .find(|&point| !board.contains(point))
        {
            return Err(ser::Error::custom(format!(
                "the turn `{self}` cannot be written: {point:?} is not a point of the {board}"
            )));
        }
        with_variant(serializer, "Turn", self.variant(), "turn", self)
    }
}

/// Reads `{"variant": ..., "turn": ...}`: the syntax of N2 ([`TurnText`])
/// and the point names of the game ([`TurnText::to_turn_in`]).
///
/// A turn alone cannot be checked for legality, which depends on the
/// position: check it with [`Position::check`] or play it with
/// [`Position::play`].
impl<'de> Deserialize<'de> for Turn {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Turn, D::Error> {
        let json = TurnJson::deserialize(deserializer)?;
        let text: TurnText = json.turn.parse().map_err(de::Error::custom)?;
        text.to_turn_in(json.variant).map_err(de::Error::custom)
    }
}

/// The record's text (N4), one string.
impl Serialize for Record {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// Reads the record's text (N4) as [`Record`]'s `FromStr` does, playing
/// every turn.
impl<'de> Deserialize<'de> for Record {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Record, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(de::Error::custom)
    }
}
