//! The evaluation's weights: one set for each game, kept as data in
//! `weights.txt` (by hand for Peralikatuma and most of the family's games,
//! by the `tune` example where its weights won a match), and read and
//! written as text.

use std::fmt;
use std::ptr;
use std::str::FromStr;
use std::sync::LazyLock;

use peralikatuma_rules::Ruleset;
use thiserror::Error;

/// The weights of the evaluation terms for one game, in hundredths of a
/// man.
///
/// As text (`FromStr` and `Display`), every weight by its name, in the
/// order of [`Weights::NAMES`]:
///
/// ```
/// use alquerque_ai::Weights;
/// use peralikatuma_rules::Ruleset;
///
/// let weights = Weights::of(Ruleset::PERALIKATUMA);
/// let text = weights.to_string();
/// assert!(text.starts_with("man=100 king=100 claim=85"));
/// assert_eq!(text.parse::<Weights>()?, weights);
/// # Ok::<(), alquerque_ai::WeightsError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Weights {
    /// A man.
    pub man: i32,
    /// A king (Permainan, and the family's games where men crown).
    pub king: i32,
    /// Having a forfeit claim (Peralikatuma, P6) or a huff (F4) to make
    /// now: a piece of the opponent's comes off.
    pub claim: i32,
    /// The side to move can capture at least one piece now.
    pub capture_now: i32,
    /// Each further enemy piece that can be captured now.
    pub more_captures: i32,
    /// Each own piece the opponent could capture if it were to move.
    pub exposed: i32,
    /// Each step or move a piece could make (mobility), difference between
    /// the sides.
    pub mobility: i32,
    /// Each piece on a point where it can never be jumped (the end of every
    /// line through it).
    pub safe_point: i32,
    /// Each rank a man has gained towards the points where it crowns.
    pub advance: i32,
    /// Each piece with no empty point to step to.
    pub stuck: i32,
    /// A lead in pieces as a share of the pieces on the board: a lead of
    /// `d` pieces out of `n` is worth `trade_down * d / n` more, so that
    /// the side ahead gains by trading pieces.
    pub trade_down: i32,
}

/// How many weights a game has.
const COUNT: usize = 11;

impl Weights {
    /// The names of the weights, in the order of [`Weights::values`].
    pub const NAMES: [&'static str; COUNT] = [
        "man",
        "king",
        "claim",
        "capture_now",
        "more_captures",
        "exposed",
        "mobility",
        "safe_point",
        "advance",
        "stuck",
        "trade_down",
    ];

    /// The weights, in the order of [`Weights::NAMES`].
    ///
    /// ```
    /// use alquerque_ai::Weights;
    /// use peralikatuma_rules::Ruleset;
    ///
    /// let weights = Weights::of(Ruleset::ALQUERQUE);
    /// assert_eq!(Weights::from_values(weights.values()), weights);
    /// ```
    pub const fn values(&self) -> [i32; COUNT] {
        [
            self.man,
            self.king,
            self.claim,
            self.capture_now,
            self.more_captures,
            self.exposed,
            self.mobility,
            self.safe_point,
            self.advance,
            self.stuck,
            self.trade_down,
        ]
    }

    /// The weights of `values`, in the order of [`Weights::NAMES`].
    pub const fn from_values(values: [i32; COUNT]) -> Weights {
        let [
            man,
            king,
            claim,
            capture_now,
            more_captures,
            exposed,
            mobility,
            safe_point,
            advance,
            stuck,
            trade_down,
        ] = values;
        Weights {
            man,
            king,
            claim,
            capture_now,
            more_captures,
            exposed,
            mobility,
            safe_point,
            advance,
            stuck,
            trade_down,
        }
    }

    /// The weights used for `ruleset`: its line of the weights file
    /// (`weights.txt` beside this crate's evaluation), or, for a ruleset
    /// that is not one of the 21 statics ([`Ruleset::all`]), the weights of
    /// the game whose id it has, else Peralikatuma's.
    ///
    /// ```
    /// use alquerque_ai::Weights;
    /// use peralikatuma_rules::Ruleset;
    ///
    /// assert_eq!(Weights::of(Ruleset::PERALIKATUMA).claim, 85);
    /// assert_eq!(Weights::of(Ruleset::find("zamma")?).man, 100);
    /// # Ok::<(), peralikatuma_rules::UnknownRuleset>(())
    /// ```
    pub fn of(ruleset: &Ruleset) -> Weights {
        let table = &*TABLE;
        Ruleset::all()
            .position(|r| ptr::eq(r, ruleset))
            .or_else(|| Ruleset::all().position(|r| r.id == ruleset.id))
            .map_or(table[0], |n| table[n])
    }
}

impl fmt::Display for Weights {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, (name, value)) in Weights::NAMES.iter().zip(self.values()).enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{name}={value}")?;
        }
        Ok(())
    }
}

/// What is wrong with a text of weights.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum WeightsError {
    /// A word that is not `name=value`.
    #[error("`{0}` is not a weight written `name=value`")]
    NotAWeight(String),
    /// A name that is not one of [`Weights::NAMES`].
    #[error("`{0}` is not the name of a weight (known: {names})", names = Weights::NAMES.join(", "))]
    UnknownName(String),
    /// A value that is not a whole number.
    #[error("the weight `{name}` is `{value}`, not a whole number")]
    NotANumber {
        /// The weight's name.
        name: String,
        /// What was written for it.
        value: String,
    },
    /// A weight written twice.
    #[error("the weight `{0}` is given twice")]
    Twice(String),
    /// A weight left out.
    #[error("the weight `{0}` is missing")]
    Missing(&'static str),
}

impl FromStr for Weights {
    type Err = WeightsError;

    /// Every weight once, `name=value`, separated by spaces, in any order.
    fn from_str(text: &str) -> Result<Weights, WeightsError> {
        let mut values: [Option<i32>; COUNT] = [None; COUNT];
        for word in text.split_whitespace() {
            let (name, value) = word
                .split_once('=')
                .ok_or_else(|| WeightsError::NotAWeight(word.to_owned()))?;
            let n = Weights::NAMES
                .iter()
                .position(|known| *known == name)
                .ok_or_else(|| WeightsError::UnknownName(name.to_owned()))?;
            let value = value.parse().map_err(|_| WeightsError::NotANumber {
                name: name.to_owned(),
                value: value.to_owned(),
            })?;
            if values[n].replace(value).is_some() {
                return Err(WeightsError::Twice(name.to_owned()));
            }
        }
        let mut all = [0; COUNT];
        for (n, value) in values.into_iter().enumerate() {
            all[n] = value.ok_or(WeightsError::Missing(Weights::NAMES[n]))?;
        }
        Ok(Weights::from_values(all))
    }
}

/// The weights file, one line per game: its id, then its weights as text;
/// `#` starts a comment.
pub const WEIGHTS_FILE: &str = include_str!("weights.txt");

/// Where a line of a weights file goes wrong.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum WeightsFileError {
    /// A line's weights.
    #[error("line {line}: {error}")]
    Weights {
        /// The line, from 1.
        line: usize,
        /// What is wrong.
        error: WeightsError,
    },
    /// A line for a game there is not.
    #[error("line {line}: `{id}` is not one of the 21 games")]
    UnknownGame {
        /// The line, from 1.
        line: usize,
        /// The id written.
        id: String,
    },
    /// A game with two lines.
    #[error("line {line}: a second line for `{id}`")]
    Twice {
        /// The line, from 1.
        line: usize,
        /// The game.
        id: &'static str,
    },
    /// A game without a line.
    #[error("no line for `{0}`")]
    Missing(&'static str),
}

/// The weights of every game in `text` (a weights file), in the order of
/// [`Ruleset::all`].
///
/// ```
/// use alquerque_ai::{WEIGHTS_FILE, Weights, weights_file};
/// use peralikatuma_rules::Ruleset;
///
/// let table = weights_file(WEIGHTS_FILE)?;
/// assert_eq!(table[1], Weights::of(Ruleset::ALQUERQUE));
/// # Ok::<(), alquerque_ai::WeightsFileError>(())
/// ```
pub fn weights_file(text: &str) -> Result<Vec<Weights>, WeightsFileError> {
    let ids: Vec<&'static str> = Ruleset::all().map(|r| r.id).collect();
    let mut table: Vec<Option<Weights>> = vec![None; ids.len()];
    for (n, line) in text.lines().enumerate() {
        let line_number = n + 1;
        let line = line.split_once('#').map_or(line, |(before, _)| before);
        let Some((id, weights)) = line.trim().split_once(char::is_whitespace) else {
            if line.trim().is_empty() {
                continue;
            }
            return Err(WeightsFileError::Weights {
                line: line_number,
                error: WeightsError::Missing(Weights::NAMES[0]),
            });
        };
        let game = ids.iter().position(|known| *known == id).ok_or_else(|| {
            WeightsFileError::UnknownGame {
                line: line_number,
                id: id.to_owned(),
            }
        })?;
        let weights = weights.parse().map_err(|error| WeightsFileError::Weights {
            line: line_number,
            error,
        })?;
        if table[game].replace(weights).is_some() {
            return Err(WeightsFileError::Twice {
                line: line_number,
                id: ids[game],
            });
        }
    }
    table
        .into_iter()
        .zip(ids)
        .map(|(weights, id)| weights.ok_or(WeightsFileError::Missing(id)))
        .collect()
}

/// The weights file of this crate, read once.
static TABLE: LazyLock<Vec<Weights>> = LazyLock::new(|| {
    weights_file(WEIGHTS_FILE).unwrap_or_else(|error| panic!("alquerque-ai's weights.txt: {error}"))
});

#[cfg(test)]
mod tests {
    use super::*;

    /// The crate's weights file has a line for each of the 21 games, and
    /// every man is worth 100 (the unit).
    #[test]
    fn the_weights_file_weighs_every_game_in_hundredths_of_a_man() {
        let table = weights_file(WEIGHTS_FILE).expect("the weights file");
        assert_eq!(table.len(), 21);
        assert!(table.iter().all(|weights| weights.man == 100));
    }

    /// Each way a weights file can be wrong is told with its line.
    #[test]
    fn a_wrong_weights_file_is_told_by_line() {
        let good = Weights::of(Ruleset::PERALIKATUMA).to_string();
        let error = |text: &str| weights_file(text).expect_err(text).to_string();
        assert_eq!(
            error(&format!("nine-men {good}")),
            "line 1: `nine-men` is not one of the 21 games"
        );
        assert_eq!(
            error(&format!("# a comment\nzamma {good} man=3")),
            "line 2: the weight `man` is given twice"
        );
        assert_eq!(
            error("zamma man=1.5"),
            "line 1: the weight `man` is `1.5`, not a whole number"
        );
        assert_eq!(
            error("zamma man"),
            "line 1: `man` is not a weight written `name=value`"
        );
        assert_eq!(
            error("zamma men=1"),
            format!(
                "line 1: `men` is not the name of a weight (known: {})",
                Weights::NAMES.join(", ")
            )
        );
        assert_eq!(
            error("zamma man=100"),
            "line 1: the weight `king` is missing"
        );
        assert_eq!(
            error(&format!("zamma {good}\nzamma {good}")),
            "line 2: a second line for `zamma`"
        );
        assert_eq!(
            error(&format!("zamma {good}")),
            "no line for `peralikatuma`"
        );
    }
}
