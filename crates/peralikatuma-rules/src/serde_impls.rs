//! `Serialize` and `Deserialize` (feature `serde`): a side by its colour,
//! and the model in its text forms, so that what is stored reads like the
//! notation: rulesets by id, positions and setups as their text (N3, F9)
//! with their ruleset, a turn as its text (N2, F9) with the position it is
//! played in ([`TurnAt`]: a turn's text names no game, and only a position
//! tells which pieces a flying king's capture takes), records as their
//! text (N4). Reading checks as much as the text allows, and a fault is a
//! deserialization error with the model's message, never a panic.

use std::fmt::Display;

use serde::de::{self, Deserializer};
use serde::ser::{self, SerializeStruct, Serializer};
use serde::{Deserialize, Serialize};

use crate::position::Position;
use crate::record::Record;
use crate::ruleset::Ruleset;
use crate::setup::Setup;
use crate::side::Side;
use crate::turn::Turn;
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

/// A legal turn with the position it is played in, for storing a turn on
/// its own: written as
/// `{"ruleset": ..., "position": ..., "turn": "d3-d4"}`, and read back
/// only if the turn is legal in the position.
///
/// ```
/// use peralikatuma_rules::{Position, Ruleset, TurnAt};
///
/// let position = Position::start(Ruleset::find("lau-kata-kati")?);
/// let turn = position.parse_turn("d3-d4")?;
/// let json = serde_json::to_string(&TurnAt { position, turn })?;
/// assert_eq!(
///     json,
///     format!(r#"{{"ruleset":"lau-kata-kati","position":"{position}","turn":"d3-d4"}}"#)
/// );
/// let read: TurnAt = serde_json::from_str(&json)?;
/// assert_eq!(read, TurnAt { position, turn });
/// // A turn that is not legal there is no `TurnAt`.
/// let bad = json.replace("d3-d4", "d2-d3");
/// assert!(serde_json::from_str::<TurnAt>(&bad).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct TurnAt {
    /// The position the turn is played in.
    pub position: Position,
    /// The turn, one of the position's legal turns.
    pub turn: Turn,
}

/// A value serialized as its text, written straight into the output.
struct AsText<T>(T);

impl<T: Display> Serialize for AsText<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(&self.0)
    }
}

/// Position text with its ruleset, as read (`variant`, the seed model's
/// key, reads too).
#[derive(Deserialize)]
#[serde(
    rename = "Position",
    deny_unknown_fields,
    expecting = r#"a position {"ruleset": ..., "position": ...}"#
)]
struct PositionJson {
    #[serde(alias = "variant")]
    ruleset: &'static Ruleset,
    position: String,
}

/// A turn's text with its position, as read.
#[derive(Deserialize)]
#[serde(
    rename = "TurnAt",
    deny_unknown_fields,
    expecting = r#"a turn {"ruleset": ..., "position": ..., "turn": ...}"#
)]
struct TurnJson {
    #[serde(alias = "variant")]
    ruleset: &'static Ruleset,
    position: String,
    turn: String,
}

/// The ruleset's id (`"zamma"`, `"alquerque"`).
impl Serialize for Ruleset {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.id)
    }
}

/// A ruleset's id in any letter case, as [`Ruleset::find`] reads it.
impl<'de> Deserialize<'de> for &'static Ruleset {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let id = String::deserialize(deserializer)?;
        Ruleset::find(&id).map_err(de::Error::custom)
    }
}

/// `{"ruleset": "alquerque", "position": "W:Wa1,...:B..."}`.
impl Serialize for Position {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut state = serializer.serialize_struct("Position", 2)?;
        state.serialize_field("ruleset", self.ruleset())?;
        state.serialize_field("position", &AsText(self))?;
        state.end()
    }
}

/// Reads `{"ruleset": ..., "position": ...}` and checks the position
/// fully, as [`Position::parse`] does.
impl<'de> Deserialize<'de> for Position {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Position, D::Error> {
        let json = PositionJson::deserialize(deserializer)?;
        Position::parse(json.ruleset, &json.position).map_err(de::Error::custom)
    }
}

/// `{"ruleset": ..., "position": ...}`, as a [`Position`] is written.
///
/// A setup is unchecked data; one that position text cannot say (a point
/// given to both sides, a point off the board, a man barred both ways) is
/// an error, not written as some other setup.
impl Serialize for Setup {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let text = self.to_string();
        match Setup::parse(self.ruleset, &text) {
            Ok(read) if read == *self => {}
            Ok(_) => {
                return Err(ser::Error::custom(format!(
                    "the setup cannot be written as position text: `{text}` leaves out what \
                     text cannot say (points off {}'s board, or a man barred both ways, A5)",
                    self.ruleset.id
                )));
            }
            Err(error) => {
                return Err(ser::Error::custom(format!(
                    "the setup cannot be written as position text: {error}"
                )));
            }
        }
        let mut state = serializer.serialize_struct("Setup", 2)?;
        state.serialize_field("ruleset", self.ruleset)?;
        state.serialize_field("position", &text)?;
        state.end()
    }
}

/// Reads `{"ruleset": ..., "position": ...}` as [`Setup::parse`] does: the
/// syntax only. A [`Position`] checks the rules as well.
impl<'de> Deserialize<'de> for Setup {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Setup, D::Error> {
        let json = PositionJson::deserialize(deserializer)?;
        Setup::parse(json.ruleset, &json.position).map_err(de::Error::custom)
    }
}

/// `{"ruleset": ..., "position": ..., "turn": "!e6 d4-d5"}`.
///
/// A turn that is not legal in the position would not read back, and is
/// an error.
impl Serialize for TurnAt {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let position = &self.position;
        let turn = &self.turn;
        let points = turn.huff().into_iter().chain([turn.from()]);
        if let Some(point) = points
            .chain(turn.landings().iter().copied())
            .find(|&point| usize::from(point) >= position.board().len())
        {
            return Err(ser::Error::custom(format!(
                "the turn cannot be written: point {point} is not on {}'s board",
                position.ruleset().id
            )));
        }
        if let Err(refusal) = position.check(turn) {
            return Err(ser::Error::custom(format!(
                "the turn `{}` cannot be written: it is not legal in {position}: {refusal}",
                turn.text(position.board())
            )));
        }
        let mut state = serializer.serialize_struct("TurnAt", 3)?;
        state.serialize_field("ruleset", position.ruleset())?;
        state.serialize_field("position", &AsText(position))?;
        state.serialize_field("turn", &self.turn.text(position.board()))?;
        state.end()
    }
}

/// Reads `{"ruleset": ..., "position": ..., "turn": ...}`: the position
/// as [`Position::parse`] does, then the turn as
/// [`Position::parse_turn`] does, which must be legal there.
impl<'de> Deserialize<'de> for TurnAt {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<TurnAt, D::Error> {
        let json = TurnJson::deserialize(deserializer)?;
        let position = Position::parse(json.ruleset, &json.position).map_err(de::Error::custom)?;
        let turn = position.parse_turn(&json.turn).map_err(de::Error::custom)?;
        Ok(TurnAt { position, turn })
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
