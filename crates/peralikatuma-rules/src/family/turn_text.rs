//! Turn text of the family's games (F9, as N2) read in two stages: its
//! form, then the legal turn it names in a position.

use board_topology::graph::UnknownPoint;

use super::check::{Reason, Refusal};
use super::position::Position;
use super::turn::{Kind, Turn};

/// Turn text that cannot be read, or that names no legal turn of the
/// position ([`Position::parse_turn`]).
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum FamilyTurnError {
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
    /// its N2, in the rule book's words.
    #[error("{0}")]
    RuleBook(crate::TurnError),
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

impl FamilyTurnError {
    /// The refusal, for text that names a turn the position does not
    /// allow.
    pub fn refusal(&self) -> Option<&Refusal> {
        match self {
            FamilyTurnError::Illegal { refusal, .. } => Some(refusal),
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

impl Position {
    /// The legal turn written as `text` (F9: [`Turn::text`], the words
    /// spaced in any way).
    ///
    /// # Errors
    /// A [`FamilyTurnError`]: text not of the form of F9, a name that is
    /// no point of the board, or the refusal of a well formed turn that is
    /// not legal here.
    ///
    /// ```
    /// use peralikatuma_rules::family::{Position, Ruleset};
    ///
    /// let start = Position::start(Ruleset::find("lau-kata-kati")?);
    /// assert_eq!(start.parse_turn(" d3-d4 ")?.text(start.board()), "d3-d4");
    /// let error = start.parse_turn("d2-d3").unwrap_err();
    /// assert_eq!(error.to_string(), "`d2-d3` is not a legal turn: d3 is not empty (F1)");
    /// assert!(start.parse_turn("d3-d4-d5").is_err());
    /// assert!(start.parse_turn("z9-d4").is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse_turn(&self, text: &str) -> Result<Turn, FamilyTurnError> {
        let text = text.trim();
        self.parse_turn_text(text).map_err(|error| {
            // The rule book's games answer in the rule book's words: its
            // refusal with its rule, or what is wrong with the text.
            match self.rule_book_error(text) {
                None => error,
                Some(seed) => match seed.refusal() {
                    Some(refusal) => FamilyTurnError::Illegal {
                        text: text.to_owned(),
                        refusal: Refusal {
                            ruleset: self.ruleset(),
                            reason: Reason::RuleBook(*refusal),
                        },
                    },
                    None => FamilyTurnError::RuleBook(seed),
                },
            }
        })
    }

    fn parse_turn_text(&self, text: &str) -> Result<Turn, FamilyTurnError> {
        let parts = parts(text).map_err(|why| FamilyTurnError::Syntax {
            text: text.to_owned(),
            why,
        })?;
        let board = self.board();
        let point = |name: &str| {
            board
                .parse_point(name)
                .map_err(|error| FamilyTurnError::Point {
                    text: text.to_owned(),
                    error,
                })
        };
        let huff = parts.huff.map(point).transpose()?;
        let path = parts
            .path
            .iter()
            .map(|&name| point(name))
            .collect::<Result<Vec<u8>, _>>()?;
        let illegal = |refusal| FamilyTurnError::Illegal {
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
    use crate::family::Ruleset;

    /// Regression (issue 26): text of a rule book's game that is not of
    /// N2's form was answered in F9's words ("more words than a huff and a
    /// move"), and a name off the board "of the the ... board".
    #[test]
    fn n2_the_rule_books_games_answer_bad_text_in_the_rule_books_words() {
        let start = Position::start(crate::Variant::Alquerque.ruleset());
        let error = start.parse_turn("hello there").expect_err("no turn");
        assert!(matches!(error, FamilyTurnError::RuleBook(_)), "{error:?}");
        assert!(!error.to_string().contains("huff"), "{error}");
        assert_eq!(error.to_string(), start_seed_error("hello there"));
        let error = start.parse_turn("z9-c3").expect_err("no point");
        assert_eq!(error.to_string(), start_seed_error("z9-c3"));
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

    fn start_seed_error(text: &str) -> String {
        let seed = crate::Position::start(crate::Variant::Alquerque);
        seed.parse_turn(text).expect_err("no turn").to_string()
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
                matches!(error, FamilyTurnError::Syntax { .. }),
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
