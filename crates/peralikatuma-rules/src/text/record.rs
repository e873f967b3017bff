//! Game records (N4): header lines, then the numbered turns and the result.

use std::fmt;
use std::str::FromStr;

use crate::error::{PositionTextError, TurnError, UnknownVariant};
use crate::game::{Game, GameError};
use crate::outcome::{DrawReason, Outcome, WinReason};
use crate::position::Position;
use crate::side::Side;
use crate::variant::Variant;

use super::record_text::{
    self, TokenKind, is_tag_key, read_header, tokens, write_movetext, write_tag,
};

/// A game with its header tags, as written in a game record (N4).
///
/// `Variant`, `Result` and `Setup` are taken from the game itself; every
/// other tag (`White`, `Black`, `Event`, ...) is kept in [`Record::tags`] in
/// its order. A game lost on time (T2) is written with the tag
/// `[Termination "time forfeit"]` (as in PGN), which says so when the
/// record is read again: a decisive result that the turns do not reach is
/// otherwise a resignation.
///
/// ```
/// use peralikatuma_rules::{Game, Record, Variant};
///
/// let mut game = Game::new(Variant::Peralikatuma);
/// game.play_text("e4-e5")?;
/// game.play_text("e6xe4")?;
/// let record = Record::new(game);
/// let text = record.to_string();
/// assert_eq!(
///     text,
///     "[Variant \"Peralikatuma\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n1. e4-e5 e6xe4 *\n"
/// );
/// let read: Record = text.parse()?;
/// assert_eq!(read, record);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// Header tags other than `Variant`, `Result` and `Setup`, in order.
    /// Tags with those keys, or with a key that is not letters, digits and
    /// `_`, are not written.
    pub tags: Vec<(String, String)>,
    /// The game.
    pub game: Game,
}

/// A game record that cannot be read.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum RecordError {
    /// A header line that is not `[Key "Value"]`.
    #[error("line {line}: `{text}` is not a header line of the form [Key \"Value\"]")]
    Header {
        /// 1-based line number.
        line: usize,
        /// The line.
        text: String,
    },
    /// The `Variant` header is missing.
    #[error("the record has no [Variant \"...\"] header")]
    NoVariant,
    /// The `Variant` header names no known game.
    #[error(transparent)]
    Variant(#[from] UnknownVariant),
    /// The `Setup` header is not a legal position.
    #[error("the Setup header: {0}")]
    Setup(#[from] PositionTextError),
    /// A turn that cannot be played; the turns before it were fine.
    #[error("turn {number} `{text}`: {error}")]
    Turn {
        /// The turn's number as in the record (`12.` or `12...`).
        number: String,
        /// The turn's text.
        text: String,
        /// Why it cannot be played.
        error: TurnError,
        /// The record up to the turn before: its tags and every turn that
        /// could be played.
        partial: Box<Record>,
    },
    /// A turn after the end of the game.
    #[error("turn {number} `{text}`: the game is already over ({outcome})")]
    AfterEnd {
        /// The turn's number.
        number: String,
        /// The turn's text.
        text: String,
        /// How the game ended.
        outcome: Outcome,
        /// The record up to the end of the game.
        partial: Box<Record>,
    },
    /// Text after the result.
    #[error("`{text}` after the result; the result must come last")]
    AfterResult {
        /// The first token after the result.
        text: String,
        /// The record up to the result, without it.
        partial: Box<Record>,
    },
    /// The result disagrees with the game or with the `Result` header.
    #[error("the result `{written}` does not agree with {with}")]
    Result {
        /// The result written.
        written: String,
        /// What it disagrees with.
        with: String,
        /// The record with every turn, without the result.
        partial: Box<Record>,
    },
}

impl RecordError {
    /// For a record whose turns could be read, up to a point: the record up
    /// to there, so that nothing before the fault is lost. `None` when the
    /// header is at fault.
    ///
    /// ```
    /// use peralikatuma_rules::Record;
    /// let text = "[Variant \"Peralikatuma\"]\n\n1. e4-e5 e6xe4 2. a1-a2 *\n";
    /// let error = text.parse::<Record>().unwrap_err();
    /// assert!(error.to_string().starts_with("turn 2. `a1-a2`"));
    /// assert_eq!(error.partial().map(|r| r.game.turns().len()), Some(2));
    /// ```
    pub fn partial(&self) -> Option<&Record> {
        match self {
            RecordError::Turn { partial, .. }
            | RecordError::AfterEnd { partial, .. }
            | RecordError::AfterResult { partial, .. }
            | RecordError::Result { partial, .. } => Some(partial),
            RecordError::Header { .. }
            | RecordError::NoVariant
            | RecordError::Variant(_)
            | RecordError::Setup(_) => None,
        }
    }
}

impl Record {
    /// A record of `game` with unknown players (`?`).
    pub fn new(game: Game) -> Record {
        Record {
            tags: record_text::unknown_players(),
            game,
        }
    }

    /// The value of a header tag, if present. `Variant`, `Result` and
    /// `Setup` come from the game.
    pub fn tag(&self, key: &str) -> Option<&str> {
        record_text::tag(&self.tags, key)
    }

    /// Sets a header tag, replacing an earlier value.
    pub fn set_tag(&mut self, key: &str, value: &str) {
        record_text::set_tag(&mut self.tags, key, value);
    }

    /// The result as written in the record: the outcome's, or `*`.
    pub fn result(&self) -> &'static str {
        self.game.outcome().map_or("*", Outcome::result)
    }
}

/// Header keys written from the game itself, never from [`Record::tags`].
const RESERVED: [&str; 3] = ["Variant", "Result", "Setup"];

/// The header that says why a game ended outside the turns.
const TERMINATION: &str = "Termination";

/// Its value for a loss on time (T2), as in PGN.
const TIME_FORFEIT: &str = "time forfeit";

/// Whether the game was lost on time.
fn lost_on_time(game: &Game) -> bool {
    matches!(
        game.outcome(),
        Some(Outcome::Win {
            reason: WinReason::Time,
            ..
        })
    )
}

impl fmt::Display for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let game = &self.game;
        let variant = game.variant();
        write_tag(f, "Variant", &variant.to_string())?;
        let mut others: Vec<&(String, String)> = Vec::new();
        for key in ["White", "Black"] {
            write_tag(f, key, self.tag(key).unwrap_or("?"))?;
        }
        write_tag(f, "Result", self.result())?;
        if *game.start() != Position::start(variant) {
            write_tag(f, "Setup", &game.start().to_string())?;
        }
        let on_time = lost_on_time(game);
        if on_time {
            write_tag(f, TERMINATION, TIME_FORFEIT)?;
        }
        others.extend(
            self.tags
                .iter()
                .filter(|(k, _)| !RESERVED.contains(&k.as_str()) && k != "White" && k != "Black")
                .filter(|(k, _)| !(on_time && k == TERMINATION))
                .filter(|(k, _)| is_tag_key(k)),
        );
        for (key, value) in others {
            write_tag(f, key, value)?;
        }
        let turns = self.game.turns().iter().map(ToString::to_string);
        write_movetext(f, game.start().side_to_move(), turns, self.result())
    }
}

impl FromStr for Record {
    type Err = RecordError;

    fn from_str(text: &str) -> Result<Record, RecordError> {
        let (mut tags, movetext) =
            read_header(text).map_err(|(line, text)| RecordError::Header { line, text })?;
        let mut take = |key: &str| {
            let at = tags.iter().position(|(k, _): &(String, String)| k == key)?;
            Some(tags.remove(at).1)
        };
        let variant: Variant = take("Variant").ok_or(RecordError::NoVariant)?.parse()?;
        let header_result = take("Result");
        let start = match take("Setup") {
            Some(setup) => Position::parse(variant, &setup)?,
            None => Position::start(variant),
        };
        let mut game = Game::from_position(start);
        let on_time = tags
            .iter()
            .position(|(k, v)| k == TERMINATION && v.trim().eq_ignore_ascii_case(TIME_FORFEIT))
            .map(|at| tags.remove(at))
            .is_some();

        let mut result = None;
        let offset = usize::from(game.start().side_to_move() == Side::Black);
        let partial = |game: &Game| {
            Box::new(Record {
                tags: tags.clone(),
                game: game.clone(),
            })
        };
        for token in tokens(&movetext) {
            if result.is_some() {
                return Err(RecordError::AfterResult {
                    text: token.raw.to_owned(),
                    partial: partial(&game),
                });
            }
            let turn = match token.kind {
                TokenKind::Result => {
                    result = Some(token.raw);
                    continue;
                }
                // Move numbers are for readers; the engine counts turns itself.
                TokenKind::Number => continue,
                TokenKind::Turn(turn) => turn,
            };
            let ply = game.turns().len() + offset;
            let number = format!("{}{}", ply / 2 + 1, if ply % 2 == 0 { "." } else { "..." });
            if let Err(error) = game.play_text(&turn) {
                let partial = partial(&game);
                return Err(match error {
                    GameError::Turn(error) => RecordError::Turn {
                        number,
                        text: turn,
                        error,
                        partial,
                    },
                    GameError::Over(outcome) => RecordError::AfterEnd {
                        number,
                        text: turn,
                        outcome,
                        partial,
                    },
                });
            }
        }

        let written = match (result, header_result.as_deref()) {
            (Some(a), Some(b)) if a != b => {
                return Err(RecordError::Result {
                    written: a.to_owned(),
                    with: format!("the Result header `{b}`"),
                    partial: partial(&game),
                });
            }
            (Some(a), _) => a.to_owned(),
            (None, Some(b)) => b.to_owned(),
            (None, None) => "*".to_owned(),
        };
        match (game.outcome(), written.as_str()) {
            (Some(outcome), _) if on_time => {
                return Err(RecordError::Result {
                    written,
                    with: format!(
                        "the Termination header `{TIME_FORFEIT}`: the game ended by the rules: {outcome}"
                    ),
                    partial: partial(&game),
                });
            }
            (Some(outcome), w) if w == outcome.result() => {}
            (Some(outcome), _) => {
                return Err(RecordError::Result {
                    written,
                    with: format!("the game, which ended: {outcome}"),
                    partial: partial(&game),
                });
            }
            (None, "*") if on_time => {
                return Err(RecordError::Result {
                    written,
                    with: format!("the Termination header `{TIME_FORFEIT}` (T2: a loss)"),
                    partial: partial(&game),
                });
            }
            (None, "*") => {}
            (None, w) => {
                let declared = match w {
                    "1-0" => Outcome::Win {
                        winner: Side::White,
                        reason: WinReason::Resignation,
                    },
                    "0-1" => Outcome::Win {
                        winner: Side::Black,
                        reason: WinReason::Resignation,
                    },
                    "1/2-1/2" => Outcome::Draw {
                        reason: DrawReason::Agreement,
                    },
                    _ => {
                        return Err(RecordError::Result {
                            written,
                            with: "any result (1-0, 0-1, 1/2-1/2, *)".into(),
                            partial: partial(&game),
                        });
                    }
                };
                let before = partial(&game);
                let outcome_set = match declared {
                    Outcome::Win { winner, .. } if on_time => game.lose_on_time(winner.opposite()),
                    Outcome::Win { winner, .. } => game.resign(winner.opposite()),
                    Outcome::Draw { .. } if on_time => {
                        return Err(RecordError::Result {
                            written,
                            with: format!("the Termination header `{TIME_FORFEIT}` (T2: a loss)"),
                            partial: before,
                        });
                    }
                    Outcome::Draw { .. } => game.agree_draw(),
                };
                outcome_set.map_err(|_| RecordError::Result {
                    written,
                    with: "the game".into(),
                    partial: before,
                })?;
            }
        }
        Ok(Record { tags, game })
    }
}
