//! Turn text of the family's games (F9, as N2) read in two stages: its
//! form, then the legal turn it names in a position. The rule book's games
//! read their own N2 and answer in the rule book's words.

use board_topology::graph::{Graph, UnknownPoint};

use crate::check::{Reason, Refusal};
use crate::position::Position;
use crate::ruleset::Ruleset;
use crate::turn::{Kind, Turn};

/// Turn text that cannot be read, or that names no legal turn of the
/// position ([`Position::parse_turn`]).
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum TurnTextError {
    /// Not of the form of F9: `c3-d4`, `b2xd4xf4`, `pass`, each after an
    /// optional huff such as `!d4`.
    #[error("`{text}` is not a turn: {why} (F9)")]
    Syntax {
        /// The text given.
        text: String,
        /// What is wrong with it.
        why: &'static str,
    },
    /// A name that is no point of the ruleset's board.
    #[error("`{text}`: {error}")]
    Point {
        /// The text given.
        text: String,
        /// The name and the board.
        error: UnknownPoint,
    },
    /// Text of one of the rule book's games that is not of the form of
    /// its N2, in the rule book's words: `d4-d5`, `c3xe5xg7`, `!e6 d4-d5`.
    #[error("`{text}` is not a turn: {why}")]
    Notation {
        /// The text given.
        text: String,
        /// What is wrong with it.
        why: String,
    },
    /// In one of the rule book's games, a name that is no point of the
    /// game's board (R1.6), in the rule book's words.
    #[error("`{text}`: `{name}` is not a point of the {board}")]
    NotOnBoard {
        /// The turn as N2 writes it.
        text: String,
        /// The name.
        name: String,
        /// The game's board in the rule book's words (R1.5), as
        /// `square board (25 points)`; the board itself is the ruleset's
        /// ([`Ruleset::board`](crate::Ruleset::board)).
        board: &'static str,
    },
    /// Well formed, but not a legal turn of the position: the refusal
    /// says why.
    #[error("`{text}` is not a legal turn: {refusal}")]
    Illegal {
        /// The text given.
        text: String,
        /// Why.
        refusal: Refusal,
    },
}

impl TurnTextError {
    /// The refusal, for text that names a turn the position does not
    /// allow.
    pub fn refusal(&self) -> Option<&Refusal> {
        match self {
            TurnTextError::Illegal { refusal, .. } => Some(refusal),
            _ => None,
        }
    }
}

/// The parts of turn text: the huffed point's name, and the moving piece's
/// path (empty for a pass), with whether it is written as captures.
struct Parts<'a> {
    huff: Option<&'a str>,
    path: Vec<&'a str>,
    captures: bool,
}

impl Parts<'_> {
    /// The huffed point and the path as points of `board`, or the error
    /// `unknown` makes of the first name that is not one of its points.
    fn points(
        &self,
        board: &Graph,
        unknown: impl Fn(&str, UnknownPoint) -> TurnTextError,
    ) -> Result<(Option<u8>, Vec<u8>), TurnTextError> {
        let point = |name: &str| {
            board
                .parse_point(name)
                .map_err(|error| unknown(name, error))
        };
        let huff = self.huff.map(point).transpose()?;
        let path = self
            .path
            .iter()
            .map(|&name| point(name))
            .collect::<Result<_, _>>()?;
        Ok((huff, path))
    }
}

/// The board of one of the rule book's games in the rule book's words
/// (R1.5), for [`TurnTextError::NotOnBoard`].
fn rule_book_board(ruleset: &Ruleset) -> &'static str {
    if ruleset == Ruleset::PERALIKATUMA {
        "whole board (49 points)"
    } else if ruleset == Ruleset::ALQUERQUE {
        "square board (25 points)"
    } else {
        "square with two arms (37 points)"
    }
}

/// Reads the form of turn text.
fn parts(text: &str) -> Result<Parts<'_>, &'static str> {
    let mut words = text.split_whitespace();
    let mut word = words.next().ok_or("it is empty")?;
    let huff = match word.strip_prefix('!') {
        Some(huffed) => {
            word = words
                .next()
                .ok_or("a huff is followed by a move or `pass`")?;
            Some(huffed)
        }
        None => None,
    };
    if words.next().is_some() {
        return Err("it has more words than a huff and a move");
    }
    if word == "pass" {
        return Ok(Parts {
            huff,
            path: Vec::new(),
            captures: false,
        });
    }
    let captures = word.contains('x');
    if captures && word.contains('-') {
        return Err("a move joins its points by `-` or by `x`, not both");
    }
    let path: Vec<&str> = word.split(['-', 'x']).collect();
    match (path.len(), captures) {
        (0 | 1, _) => Err("a move names at least two points"),
        (3.., false) => Err("a step or slide names two points"),
        _ if path.iter().any(|name| name.is_empty()) => Err("a point name is missing"),
        _ => Ok(Parts {
            huff,
            path,
            captures,
        }),
    }
}

impl Parts<'_> {
    /// The turn as N2 writes it: `!e6 d4-d5`.
    fn text(&self) -> String {
        let separator = if self.captures { "x" } else { "-" };
        let claim = self.huff.map(|huff| format!("!{huff} "));
        claim.unwrap_or_default() + &self.path.join(separator)
    }
}

/// The most landings of a chain in the rule book's games: one for each
/// piece the opponent starts Peralikatuma with.
const RULE_BOOK_MAX_LANDINGS: usize = 23;

/// Reads the form of N2, the rule book's turn text, saying what is wrong
/// in the rule book's words: an optional claim `!point` and a space, then
/// `from-to` or `from x landing x ...`, each name a file letter and a rank
/// digit.
fn rule_book_parts(text: &str) -> Result<Parts<'_>, String> {
    if text.is_empty() {
        return Err("it is empty".to_owned());
    }
    let name = |part: &str| match part.as_bytes() {
        [b'a'..=b'z', b'1'..=b'9'] => Ok(()),
        _ => Err(format!(
            "`{part}` is not a point name (a file letter and a rank digit, like `e5`)"
        )),
    };
    let (huff, body) = match text.strip_prefix('!') {
        Some(rest) => {
            let (claimed, body) = rest
                .split_once(char::is_whitespace)
                .ok_or("a claim `!point` must be followed by a space and a move")?;
            name(claimed)?;
            (Some(claimed), body.trim_start())
        }
        None => (None, text),
    };
    let captures = body.contains('x');
    if captures && body.contains('-') {
        return Err("a move uses `-` for a step or `x` for jumps, not both".to_owned());
    }
    let mut path = Vec::new();
    for part in body.split(if captures { 'x' } else { '-' }) {
        if part.is_empty() {
            return Err("a point name is missing: `-` and `x` stand between two points".to_owned());
        }
        if path.len() > RULE_BOOK_MAX_LANDINGS {
            return Err("the chain is longer than any game allows".to_owned());
        }
        name(part)?;
        path.push(part);
    }
    if path.len() < 2 {
        return Err("a move needs a start and a landing point, like `d4-d5` or `c3xe5`".to_owned());
    }
    if !captures && path.len() > 2 {
        return Err("a step has two points; write jumps with `x`".to_owned());
    }
    Ok(Parts {
        huff,
        path,
        captures,
    })
}

impl Position {
    /// The legal turn written as `text` (F9: [`Turn::text`], the words
    /// spaced in any way).
    ///
    /// # Errors
    /// A [`TurnTextError`]: text not of the form of F9, a name that is
    /// no point of the board, or the refusal of a well formed turn that is
    /// not legal here.
    ///
    /// ```
    /// use peralikatuma_rules::{Position, Ruleset};
    ///
    /// let start = Position::start(Ruleset::find("lau-kata-kati")?);
    /// assert_eq!(start.parse_turn(" d3-d4 ")?.text(start.board()), "d3-d4");
    /// let error = start.parse_turn("d2-d3").unwrap_err();
    /// assert_eq!(error.to_string(), "`d2-d3` is not a legal turn: d3 is not empty (F1)");
    /// assert!(start.parse_turn("d3-d4-d5").is_err());
    /// assert!(start.parse_turn("z9-d4").is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse_turn(&self, text: &str) -> Result<Turn, TurnTextError> {
        let text = text.trim();
        match self.ruleset().is_rule_book() {
            true => self.parse_rule_book_turn(text),
            false => self.parse_turn_text(text),
        }
    }

    /// Turn text of one of the rule book's games (N2), the position's,
    /// answered in the rule book's words: what is wrong with the text, or
    /// why the move as written (a step or a chain) is refused.
    fn parse_rule_book_turn(&self, text: &str) -> Result<Turn, TurnTextError> {
        let parts = rule_book_parts(text).map_err(|why| TurnTextError::Notation {
            text: text.to_owned(),
            why,
        })?;
        let (huff, path) = parts.points(self.board(), |name, _| TurnTextError::NotOnBoard {
            text: parts.text(),
            name: name.to_owned(),
            board: rule_book_board(self.ruleset()),
        })?;
        let refusal = match self.check_pick(huff, &path) {
            Ok(turn) if parts.captures == (turn.kind() == Kind::Capture) => return Ok(turn),
            Ok(_) => Refusal {
                ruleset: self.ruleset(),
                reason: Reason::NoSuchMove { from: path[0] },
            },
            Err(refusal) => refusal,
        };
        let reason = self.move_reason(huff, path[0], &path[1..], parts.captures);
        Err(TurnTextError::Illegal {
            text: text.to_owned(),
            refusal: Refusal {
                reason: reason.unwrap_or(refusal.reason),
                ..refusal
            },
        })
    }

    fn parse_turn_text(&self, text: &str) -> Result<Turn, TurnTextError> {
        let parts = parts(text).map_err(|why| TurnTextError::Syntax {
            text: text.to_owned(),
            why,
        })?;
        let (huff, path) = parts.points(self.board(), |_, error| TurnTextError::Point {
            text: text.to_owned(),
            error,
        })?;
        let illegal = |refusal| TurnTextError::Illegal {
            text: text.to_owned(),
            refusal,
        };
        let turn = self.check_pick(huff, &path).map_err(illegal)?;
        // `c3xd4` for a step, or `a1-c3` for a capture, names no turn.
        if !path.is_empty() && parts.captures != (turn.kind() == Kind::Capture) {
            return Err(illegal(Refusal {
                ruleset: self.ruleset(),
                reason: Reason::NoSuchMove { from: path[0] },
            }));
        }
        Ok(turn)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Ruleset;

    /// Regression (issue 26): text of a rule book's game that is not of
    /// N2's form was answered in F9's words ("more words than a huff and a
    /// move"), and a name off the board "of the the ... board".
    #[test]
    fn n2_the_rule_books_games_answer_bad_text_in_the_rule_books_words() {
        let start = Position::start(crate::Ruleset::ALQUERQUE);
        let error = start.parse_turn("hello there").expect_err("no turn");
        assert!(matches!(error, TurnTextError::Notation { .. }), "{error:?}");
        assert_eq!(
            error.to_string(),
            "`hello there` is not a turn: `hello there` is not a point name (a file letter and a rank digit, like `e5`)"
        );
        let error = start.parse_turn("z9-c3").expect_err("no point");
        assert_eq!(
            error.to_string(),
            "`z9-c3`: `z9` is not a point of the square board (25 points)"
        );
        // Illegal turns keep the rule book's refusal.
        let error = start.parse_turn("c3-c4").expect_err("illegal");
        assert!(error.refusal().is_some(), "{error:?}");
        // The family's games keep F9's words.
        let lau = Position::start(Ruleset::find("lau-kata-kati").expect("a ruleset"));
        let error = lau.parse_turn("z9-d4").expect_err("no point");
        assert_eq!(
            error.to_string(),
            "`z9-d4`: `z9` is not a point of the board (two four-row triangles joined at their apex)"
        );
    }

    /// N2 in the rule book's words, each form of text it refuses.
    #[test]
    fn n2_says_what_is_wrong_with_the_text() {
        let start = Position::start(crate::Ruleset::PERALIKATUMA);
        for (text, why) in [
            ("", "it is empty"),
            (
                "!d4",
                "a claim `!point` must be followed by a space and a move",
            ),
            (
                "!d44 c3-c4",
                "`d44` is not a point name (a file letter and a rank digit, like `e5`)",
            ),
            (
                "c3-d4xe5",
                "a move uses `-` for a step or `x` for jumps, not both",
            ),
            (
                "c3--c4",
                "a point name is missing: `-` and `x` stand between two points",
            ),
            (
                "c3",
                "a move needs a start and a landing point, like `d4-d5` or `c3xe5`",
            ),
            ("c3-c4-c5", "a step has two points; write jumps with `x`"),
            (
                "pass",
                "`pass` is not a point name (a file letter and a rank digit, like `e5`)",
            ),
        ] {
            let error = start.parse_turn(text).expect_err(text);
            assert_eq!(error.to_string(), format!("`{text}` is not a turn: {why}"));
        }
        let long = vec!["c3"; 25].join("x");
        let error = start.parse_turn(&long).expect_err("too long");
        assert!(
            error
                .to_string()
                .ends_with("the chain is longer than any game allows")
        );
        // The text as N2 writes it, one space after the claim.
        let error = start.parse_turn("!e6   a1-b1").expect_err("no such points");
        assert_eq!(
            error.to_string(),
            "`!e6 a1-b1`: `a1` is not a point of the whole board (49 points)"
        );
    }

    #[test]
    fn f9_turn_text_is_read_in_two_stages() {
        let start = Position::start(Ruleset::find("lau-kata-kati").expect("a ruleset"));
        for (text, syntax) in [
            ("", true),
            ("!d3", true),
            ("d3", true),
            ("d3-d4xd5", true),
            ("d3-d4-d5", true),
            ("d3--d4", true),
            ("d3-d4 d4-d5", true),
            ("d3xd4", false),
            ("z9-d4", false),
        ] {
            let error = start.parse_turn(text).expect_err(text);
            assert_eq!(
                matches!(error, TurnTextError::Syntax { .. }),
                syntax,
                "{text}: {error}"
            );
        }
        assert!(
            start
                .parse_turn("pass")
                .expect_err("White can move")
                .refusal()
                .is_some()
        );
    }
}
