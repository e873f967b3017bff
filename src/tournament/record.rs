//! The record of a tournament game of any kind: a seed game's or a family
//! game's, with what the tally needs to know of it.

use std::fmt;

use peralikatuma_rules::family;
use peralikatuma_rules::{DrawReason, GameKind, Outcome, Record, Side};

/// A tournament game's record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameRecord {
    /// A seed game's.
    Seed(Record),
    /// A family game's.
    Family(family::Record),
}

impl GameRecord {
    /// Reads the record of a game of `game` from `text`.
    pub fn parse(game: GameKind, text: &str) -> Result<GameRecord, String> {
        match game {
            GameKind::Seed(_) => text
                .parse()
                .map(GameRecord::Seed)
                .map_err(|e: peralikatuma_rules::RecordError| e.to_string()),
            GameKind::Family(_) => text
                .parse()
                .map(GameRecord::Family)
                .map_err(|e: family::FamilyRecordError| e.to_string()),
        }
    }

    /// The game it records.
    pub fn game(&self) -> GameKind {
        match self {
            GameRecord::Seed(record) => GameKind::Seed(record.game.variant()),
            GameRecord::Family(record) => GameKind::Family(record.game.start().ruleset()),
        }
    }

    /// How the game ended, if it did.
    pub fn outcome(&self) -> Option<Outcome> {
        match self {
            GameRecord::Seed(record) => record.game.outcome(),
            GameRecord::Family(record) => record.game.ending(),
        }
    }

    /// How the game ended, if it did: `Some(Some(winner))`, or
    /// `Some(None)` for a draw.
    pub fn result(&self) -> Option<Option<Side>> {
        self.outcome().map(Outcome::winner)
    }

    /// Whether the sixty-turn rule (E4) drew it.
    pub fn sixty_turns(&self) -> bool {
        self.outcome()
            == Some(Outcome::Draw {
                reason: DrawReason::SixtyTurns,
            })
    }

    /// Whether a player lost it on time (T2).
    pub fn on_time(&self) -> bool {
        self.outcome().is_some_and(Outcome::is_on_time)
    }

    /// Turns played.
    pub fn turns(&self) -> usize {
        match self {
            GameRecord::Seed(record) => record.game.turns().len(),
            GameRecord::Family(record) => record.game.turns().len(),
        }
    }

    /// The value of the tag `key`, if the record has it.
    pub fn tag(&self, key: &str) -> Option<&str> {
        match self {
            GameRecord::Seed(record) => record.tag(key),
            GameRecord::Family(record) => record.tag(key),
        }
    }

    /// Sets the tag `key` to `value`.
    pub fn set_tag(&mut self, key: &str, value: &str) {
        match self {
            GameRecord::Seed(record) => record.set_tag(key, value),
            GameRecord::Family(record) => record.set_tag(key, value),
        }
    }
}

/// The record's text (N4).
impl fmt::Display for GameRecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameRecord::Seed(record) => record.fmt(f),
            GameRecord::Family(record) => record.fmt(f),
        }
    }
}
