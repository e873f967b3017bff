//! Records of family games: the rule book's form (N4) with the ruleset's
//! id in the `Variant` header and the turns written as F9 says.

use std::fmt;
use std::str::FromStr;

use crate::Side;
use crate::game::{Game, GameError};
use crate::position::Position;
use crate::record_text::{
    self, TokenKind, is_tag_key, read_header, tag, tokens, words, write_movetext, write_tag,
};
use crate::ruleset::{Ruleset, UnknownRuleset};
use crate::text::PositionTextError;
use crate::{Outcome, WinReason};

/// A family game with its header tags, as written in a game record: the
/// rule book's form (N4), with the ruleset's id as the `Variant` and the
/// turns in F9's notation.
///
/// `Variant`, `Result` and `Setup` are taken from the game itself; every
/// other tag is kept in [`Record::tags`] in its order.
///
/// Comments among the turns, between `{` and `}` (N4), are read past and
/// not kept: writing the record leaves them out.
///
/// ```
/// use peralikatuma_rules::{Game, Record, Ruleset};
///
/// let mut game = Game::new(Ruleset::find("lau-kata-kati")?);
/// game.play_text("d3-d4")?;
/// game.play_text("d5xd3")?;
/// let record = Record::new(game);
/// let text = record.to_string();
/// assert_eq!(
///     text,
///     "[Variant \"lau-kata-kati\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n1. d3-d4 d5xd3 *\n"
/// );
/// assert_eq!(text.parse::<Record>()?, record);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Record {
    /// Header tags other than `Variant`, `Result` and `Setup`, in order.
    pub tags: Vec<(String, String)>,
    /// The game.
    pub game: Game,
}

/// Records are the same when their tags, starts, turns and endings are.
impl PartialEq for Record {
    fn eq(&self, other: &Record) -> bool {
        self.tags == other.tags
            && self.game.start() == other.game.start()
            && self.game.turns() == other.game.turns()
            && self.game.ending() == other.game.ending()
    }
}

impl Eq for Record {}

/// A family game record that cannot be read.
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
    /// The `Variant` header names no family ruleset.
    #[error(transparent)]
    Ruleset(#[from] UnknownRuleset),
    /// The `Setup` header is not a position of the ruleset.
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
        error: GameError,
        /// The record up to the turn before: its tags and every turn that
        /// could be played.
        partial: Box<Record>,
    },
    /// A comment whose `{` no `}` closes (N4).
    #[error("line {line}: the comment that `{{` opens there is not closed by `}}`")]
    Comment {
        /// The 1-based number of the line of the `{`.
        line: usize,
        /// The record up to the comment: its tags and the turns before it.
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
    /// The result disagrees with the game, with the `Result` header or
    /// with a loss on time (T2).
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
    /// For a record whose turns could be read, up to a point: the record
    /// up to there, so that nothing before the fault is lost. `None` when
    /// the header is at fault.
    ///
    /// ```
    /// use peralikatuma_rules::Record;
    ///
    /// let text = "[Variant \"lau-kata-kati\"]\n\n1. d3-d4 d5xd3 * d4-d5\n";
    /// let error = text.parse::<Record>().unwrap_err();
    /// assert_eq!(error.to_string(), "`d4-d5` after the result; the result must come last");
    /// assert_eq!(error.partial().map(|r| r.game.turns().len()), Some(2));
    /// ```
    pub fn partial(&self) -> Option<&Record> {
        match self {
            RecordError::Turn { partial, .. }
            | RecordError::Comment { partial, .. }
            | RecordError::AfterResult { partial, .. }
            | RecordError::Result { partial, .. } => Some(partial),
            RecordError::Header { .. }
            | RecordError::NoVariant
            | RecordError::Ruleset(_)
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

    /// The value of the tag `key`, if the record has it.
    pub fn tag(&self, key: &str) -> Option<&str> {
        record_text::tag(&self.tags, key)
    }

    /// Sets the tag `key` to `value`, in its place if it is there, else
    /// at the end.
    pub fn set_tag(&mut self, key: &str, value: &str) {
        record_text::set_tag(&mut self.tags, key, value);
    }

    /// The result as written in the record: `1-0`, `0-1`, `1/2-1/2`, or
    /// `*` while the game goes on.
    pub fn result(&self) -> &'static str {
        self.game.ending().map_or("*", Outcome::result)
    }
}

/// Header keys written from the game itself, never from [`Record::tags`].
const RESERVED: [&str; 5] = ["Variant", "Result", "Setup", "White", "Black"];

/// The header that says a game was lost on time (T2), as in PGN ...
const TERMINATION: &str = "Termination";

/// ... with this value.
const TIME_FORFEIT: &str = "time forfeit";

impl fmt::Display for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let game = &self.game;
        let ruleset = game.start().ruleset();
        // The rule book's games keep the name their records always had
        // (N4: `Peralikatuma`); the reading ignores case.
        match ruleset.is_rule_book() {
            true => write_tag(f, "Variant", ruleset.name)?,
            false => write_tag(f, "Variant", ruleset.id)?,
        }
        for key in ["White", "Black"] {
            write_tag(f, key, self.tag(key).unwrap_or("?"))?;
        }
        write_tag(f, "Result", self.result())?;
        if *game.start() != Position::start(ruleset) {
            write_tag(f, "Setup", &game.start().to_string())?;
        }
        if let Some(Outcome::Win {
            reason: WinReason::Time,
            ..
        }) = game.ending()
        {
            write_tag(f, TERMINATION, TIME_FORFEIT)?;
        }
        let on_time = matches!(
            game.ending(),
            Some(Outcome::Win {
                reason: WinReason::Time,
                ..
            })
        );
        for (key, value) in &self.tags {
            if !RESERVED.contains(&key.as_str())
                && is_tag_key(key)
                && !(on_time && key == TERMINATION)
            {
                write_tag(f, key, value)?;
            }
        }
        let board = ruleset.board;
        let turns = game.turns().iter().map(|turn| turn.text(board));
        write_movetext(f, game.start().side_to_move(), turns, self.result())
    }
}

impl FromStr for Record {
    type Err = RecordError;

    fn from_str(text: &str) -> Result<Record, RecordError> {
        let (mut tags, body) =
            read_header(text).map_err(|(line, text)| RecordError::Header { line, text })?;
        // Comments (`{...}`) are left out; the words before a comment
        // never closed are read, then it is refused.
        let (words, unclosed) = words(&body);
        let mut take = |key: &str| {
            let at = tags.iter().position(|(k, _): &(String, String)| k == key)?;
            Some(tags.remove(at).1)
        };
        let ruleset = Ruleset::find(&take("Variant").ok_or(RecordError::NoVariant)?)?;
        let header_result = take("Result");
        let start = match take("Setup") {
            Some(setup) => Position::parse(ruleset, &setup)?,
            None => Position::start(ruleset),
        };
        // A Termination that says the game was lost on time is the game's
        // (T2); any other is kept as it was.
        let on_time = tags
            .iter()
            .position(|(k, v)| k == TERMINATION && v.trim().eq_ignore_ascii_case(TIME_FORFEIT))
            .map(|at| tags.remove(at))
            .is_some();
        let mut record = Record {
            tags,
            game: Game::from_position(start),
        };
        let offset = usize::from(start.side_to_move() == Side::Black);
        let mut written = None;
        for token in tokens(&words) {
            if written.is_some() {
                return Err(RecordError::AfterResult {
                    text: token.raw.to_owned(),
                    partial: Box::new(record),
                });
            }
            match token.kind {
                TokenKind::Result => written = Some(token.raw),
                TokenKind::Number => {}
                TokenKind::Turn(turn) => {
                    let ply = record.game.turns().len() + offset;
                    if let Err(error) = record.game.play_text(&turn) {
                        let dots = if ply % 2 == 0 { "." } else { "..." };
                        return Err(RecordError::Turn {
                            number: format!("{}{dots}", ply / 2 + 1),
                            text: turn,
                            error,
                            partial: Box::new(record),
                        });
                    }
                }
            }
        }
        if let Some(line) = unclosed {
            return Err(RecordError::Comment {
                line,
                partial: Box::new(record),
            });
        }
        let mismatch = |written: &str, with: String, record: Record| RecordError::Result {
            written: written.to_owned(),
            with,
            partial: Box::new(record),
        };
        let written = match (written, header_result.as_deref()) {
            (Some(a), Some(b)) if a != b => {
                return Err(mismatch(a, format!("the Result header `{b}`"), record));
            }
            (Some(a), _) => a,
            (None, Some(b)) => b,
            (None, None) => "*",
        };
        let on_time_loss = || format!("the Termination header `{TIME_FORFEIT}` (T2: a loss)");
        match (record.game.ending(), written) {
            (Some(ending), _) if on_time => {
                let with = format!(
                    "the Termination header `{TIME_FORFEIT}`: the game ended by the rules: {ending}"
                );
                return Err(mismatch(written, with, record));
            }
            (Some(ending), _) if written == ending.result() => {}
            (Some(ending), _) => {
                let with = format!("the game, which ended: {ending}");
                return Err(mismatch(written, with, record));
            }
            (None, "*" | "1/2-1/2") if on_time => {
                return Err(mismatch(written, on_time_loss(), record));
            }
            (None, "*") => {}
            // A result the turns do not reach was declared: a loss on
            // time where the record says so, a resignation, or an agreed
            // draw (E6).
            (None, "1-0" | "0-1" | "1/2-1/2") => {
                let game = &mut record.game;
                let declared = match written {
                    "1-0" if on_time => game.lose_on_time(Side::Black),
                    "0-1" if on_time => game.lose_on_time(Side::White),
                    "1-0" => game.resign(Side::Black),
                    "0-1" => game.resign(Side::White),
                    _ => game.agree_draw(),
                };
                debug_assert!(declared.is_ok(), "the game goes on");
            }
            (None, _) => {
                let with = "any result (1-0, 0-1, 1/2-1/2, *)".to_owned();
                return Err(mismatch(written, with, record));
            }
        }
        Ok(record)
    }
}

impl Ruleset {
    /// The game a record (N4) is of, read from its `Variant` tag, before
    /// the rest is read as that game's [`Record`].
    ///
    /// ```
    /// use peralikatuma_rules::{RecordGameError, Ruleset};
    ///
    /// let zamma = Ruleset::of_record("[Variant \"zamma\"]\n\n1. c2-c3 *")?;
    /// assert_eq!(zamma.id, "zamma");
    /// let alquerque = Ruleset::of_record("[Variant \"Alquerque\"]\n[White \"Ann\"]\n\n*")?;
    /// assert_eq!(alquerque, Ruleset::ALQUERQUE);
    /// assert_eq!(Ruleset::of_record("1. c2-c3 *"), Err(RecordGameError::NoVariant));
    /// assert!(matches!(
    ///     Ruleset::of_record("[Variant \"chess\"]"),
    ///     Err(RecordGameError::Unknown(_))
    /// ));
    /// # Ok::<(), RecordGameError>(())
    /// ```
    ///
    /// # Errors
    /// A header line that is not a tag, a record without a `Variant` tag,
    /// or one naming no game.
    pub fn of_record(text: &str) -> Result<&'static Ruleset, RecordGameError> {
        let (tags, _) =
            read_header(text).map_err(|(line, text)| RecordGameError::Header { line, text })?;
        let id = tag(&tags, "Variant").ok_or(RecordGameError::NoVariant)?;
        Ok(Ruleset::find(id)?)
    }
}

/// Why [`Ruleset::of_record`] cannot tell a record's game.
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
    Unknown(#[from] UnknownRuleset),
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::RULESETS;

    /// Records of random games of every ruleset read back as themselves.
    #[test]
    fn records_of_random_games_read_back() {
        for (n, ruleset) in RULESETS.iter().enumerate() {
            let mut game = Game::new(ruleset);
            let mut state = n as u64 + 1;
            while game.ending().is_none() && game.turns().len() < 150 {
                let turns = game.position().legal_turns();
                state = state
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let turn = turns[(state >> 33) as usize % turns.len()];
                game.play(&turn).expect("a legal turn");
            }
            let mut record = Record::new(game);
            record.set_tag("Event", "test \"quoted\"");
            let text = record.to_string();
            let read: Record = text.parse().unwrap_or_else(|e| panic!("{e}\n{text}"));
            assert_eq!(read, record, "{text}");
            assert_eq!(read.result(), record.result());
        }
    }

    #[test]
    fn a_bad_turn_a_wrong_result_and_text_after_it_are_refused() {
        let head = "[Variant \"lau-kata-kati\"]\n\n";
        let bad = format!("{head}1. d3-d4 d4-d5 *");
        assert!(matches!(
            bad.parse::<Record>(),
            Err(RecordError::Turn { ref number, .. }) if number == "1..."
        ));
        let wrong = "[Variant \"dash-guti\"]\n[Setup \"W:Wc3:Bd4\"]\n\n1. c3xe5 0-1";
        assert!(matches!(
            wrong.parse::<Record>(),
            Err(RecordError::Result { .. })
        ));
        // A result the turns do not reach was declared (E6, T2).
        let resigned: Record = format!("{head}1. d3-d4 1-0")
            .parse()
            .expect("a resignation");
        assert_eq!(
            resigned.game.ending(),
            Some(Outcome::Win {
                winner: Side::White,
                reason: WinReason::Resignation
            })
        );
        let agreed: Record = format!("{head}1/2-1/2").parse().expect("a draw");
        assert_eq!(
            agreed.game.ending(),
            Some(Outcome::Draw {
                reason: crate::DrawReason::Agreement
            })
        );
        let timed = "[Variant \"lau-kata-kati\"]\n[Termination \"time forfeit\"]\n\n0-1";
        let timed: Record = timed.parse().expect("a loss on time");
        assert_eq!(
            timed.game.ending(),
            Some(Outcome::Win {
                winner: Side::Black,
                reason: WinReason::Time
            })
        );
        let abandoned = "[Variant \"lau-kata-kati\"]\n[Termination \"abandoned\"]\n\n1. d3-d4 *";
        let abandoned: Record = abandoned.parse().expect("a record");
        assert_eq!(abandoned.tag("Termination"), Some("abandoned"));
        assert!(
            abandoned
                .to_string()
                .contains("[Termination \"abandoned\"]")
        );
        let broken = format!("{head}1. d3-d4 d5xd3 2. a1-a2 *").parse::<Record>();
        let partial = broken.as_ref().err().and_then(RecordError::partial);
        assert_eq!(partial.map(|r| r.game.turns().len()), Some(2));
        let written: Record = timed.to_string().parse().expect("written, read");
        assert_eq!(written.game.ending(), timed.game.ending());
        assert!(timed.to_string().contains("[Termination \"time forfeit\"]"));
        let after = format!("{head}1. d3-d4 * d5xd3");
        let error = after.parse::<Record>().expect_err("text after the result");
        assert!(
            matches!(&error, RecordError::AfterResult { text, .. } if text == "d5xd3"),
            "{error:?}"
        );
        assert_eq!(error.partial().map(|r| r.game.turns().len()), Some(1));
        // The rule book's games are rulesets of the model too.
        let seed = "[Variant \"Peralikatuma\"]\n\n*";
        assert_eq!(
            seed.parse::<Record>()
                .map(|r| r.to_string().starts_with(seed.lines().next().unwrap_or(""))),
            Ok(true)
        );
        let unknown = "[Variant \"chess\"]\n\n*";
        assert!(matches!(
            unknown.parse::<Record>(),
            Err(RecordError::Ruleset(_))
        ));
        let setup = "[Variant \"dash-guti\"]\n[Setup \"W:Wc3:Bd4\"]\n\n1. c3xe5 1-0";
        assert_eq!(setup.parse::<Record>().map(|r| r.result()), Ok("1-0"));
    }
}
