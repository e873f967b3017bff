//! Position text of the family's rulesets, after N3: the side to move,
//! White's points, Black's points (kings marked `K`), then the pieces the
//! side to move may huff (`H`), the no-return restrictions (`R`, as N3
//! writes them: `b3-a3`, the piece on `b3` may not step to `a3`; A5) and
//! the passes just played (`P`) and the turns since a piece last left the
//! board (`C`, E4). The rule book's games write their
//! claimable pieces as N3 does (`F`, P6.5); `F` reads as `H` in any
//! ruleset.
//!
//! ```text
//! W:Wa1,b2,Kc3:Bd4,e5:Hd4:P1:C12
//! ```

use std::fmt;

use board_topology::Direction;

use crate::position::Position;
use crate::ruleset::Ruleset;
use crate::setup::Setup;
use crate::{Rule, Side};

/// Position text, or a [`Setup`], that cannot be a position of its
/// ruleset: what is wrong, where, and the rule it breaks (the rule book's
/// N3 and its game's rules for the rule book's games, F9 and the family's
/// rules for the others).
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum PositionTextError {
    /// The text is not `side:W...:B...` with the optional fields its
    /// ruleset reads.
    #[error("`{text}`: {why} ({rule})")]
    Syntax {
        /// The text, or the part of it that is wrong.
        text: String,
        /// What is wrong.
        why: &'static str,
        /// The rule of position text (N3 or F9).
        rule: Rule,
    },
    /// A point name that is not a point of the ruleset's board.
    #[error("`{name}` is not a point of {ruleset}'s board ({rule})")]
    Point {
        /// The name.
        name: String,
        /// The ruleset's id.
        ruleset: &'static str,
        /// The rule of position text (N3 or F9).
        rule: Rule,
    },
    /// A set of a setup holds a point the board does not have (an index
    /// at or beyond its number of points).
    #[error("point {point} is not on {ruleset}'s board")]
    OffBoard {
        /// The point's index.
        point: u8,
        /// The ruleset's id.
        ruleset: &'static str,
    },
    /// The text names a point twice, or a setup puts two pieces on it.
    #[error("{point} holds two pieces ({rule})")]
    Twice {
        /// The point's name.
        point: String,
        /// The rule of position text (N3 or F9).
        rule: Rule,
    },
    /// A king where the ruleset has none, or a man on a point where it
    /// would have been crowned.
    #[error("{point}: {why} in {ruleset} ({rule})")]
    Piece {
        /// The point's name.
        point: String,
        /// What is wrong.
        why: &'static str,
        /// The ruleset's id.
        ruleset: &'static str,
        /// The rule it breaks (N3 or M6; F3).
        rule: Rule,
    },
    /// A piece to huff (or claim) that is not a piece of the side that
    /// moved last, or in a ruleset without the huff (or claim).
    #[error("{point} cannot be {why} ({rule})")]
    Huff {
        /// The point's name.
        point: String,
        /// Why not: `huffed: ...` or `claimed: ...`.
        why: &'static str,
        /// The rule it breaks (P6 or N3; F4).
        rule: Rule,
    },
    /// More pieces for a side than it starts with.
    #[error(
        "{side:?} has {pieces} pieces, more than the {most} it starts with in {ruleset} ({rule})"
    )]
    TooMany {
        /// The side.
        side: Side,
        /// Its pieces in the text.
        pieces: u32,
        /// Its pieces at the start.
        most: u32,
        /// The ruleset's id.
        ruleset: &'static str,
        /// The rule of position text (N3 or F9).
        rule: Rule,
    },
    /// A no-return restriction (A5) that cannot be: not in the ruleset,
    /// not a man's, not back along its rank to a neighbouring point, or a
    /// man's second.
    #[error("{text} cannot be a no-return restriction: {why} ({rule})")]
    Barred {
        /// The restriction as written.
        text: String,
        /// Why not.
        why: &'static str,
        /// The rule it breaks (A5).
        rule: Rule,
    },
    /// More passes in a row than a game of the ruleset can have.
    #[error("{passes} passes in a row cannot happen in {ruleset} ({rule})")]
    Passes {
        /// The passes.
        passes: u8,
        /// The ruleset's id.
        ruleset: &'static str,
        /// The rule of the game's end (F6), or of position text (N3).
        rule: Rule,
    },
}

/// The rule of `ruleset`'s position text: the rule book's N3 for its
/// games, F9 for the family's.
pub(super) fn text_rule(ruleset: &Ruleset) -> Rule {
    match ruleset.is_rule_book() {
        true => Rule::N3,
        false => Rule::F9,
    }
}

impl Position {
    /// Reads position text of `ruleset` (see the module's example format),
    /// checking that it can be a position of that ruleset: the syntax
    /// ([`Setup::parse`]), then the rules ([`Position::from_setup`]).
    ///
    /// ```
    /// use peralikatuma_rules::{Position, Ruleset};
    ///
    /// let zamma = Ruleset::find("zamma")?;
    /// let position = Position::parse(zamma, "B:Wd4,Kc5:Be6,f7")?;
    /// assert_eq!(position.to_string(), "B:Wd4,Kc5:Be6,f7");
    /// assert!(Position::parse(zamma, "W:Wd4:Bd4").is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse(ruleset: &'static Ruleset, text: &str) -> Result<Position, PositionTextError> {
        Position::from_setup(&Setup::parse(ruleset, text)?)
    }
}

impl Setup {
    /// Reads position text of `ruleset` (see the module's example format)
    /// as far as its syntax goes: sides, point names, numbers, and no
    /// point named twice; [`Position::from_setup`] checks the rest.
    ///
    /// ```
    /// use peralikatuma_rules::{Position, Ruleset, Setup};
    ///
    /// let murray = Ruleset::find("alquerque-murray")?;
    /// let setup = Setup::parse(murray, "W:WKa1:Ba2")?;
    /// assert_eq!(setup.kings[0], 1 << murray.board.parse_point("a1")?);
    /// // Murray's Alquerque has no kings.
    /// assert!(Position::from_setup(&setup).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse(ruleset: &'static Ruleset, text: &str) -> Result<Setup, PositionTextError> {
        let rule = text_rule(ruleset);
        let syntax = |why| PositionTextError::Syntax {
            text: text.to_owned(),
            why,
            rule,
        };
        // The rule book's games read N3's fields only (claims as `F`).
        let rule_book = ruleset.is_rule_book();
        // Blanks around fields and items do not matter.
        let mut fields = text.split(':').map(str::trim);
        let side_to_move = match fields.next() {
            Some("W") => Side::White,
            Some("B") => Side::Black,
            _ => return Err(syntax("the side to move, W or B, comes first")),
        };
        let mut bodies: [Option<&str>; 6] = [None; 6];
        for field in fields {
            let mut chars = field.chars();
            let which = match chars.next() {
                Some('W') => 0,
                Some('B') => 1,
                Some('F') => 2,
                Some('H') if !rule_book => 2,
                Some('P') if !rule_book => 3,
                Some('R') => 4,
                Some('C') => 5,
                _ if rule_book => return Err(syntax("a field starts with W, B, F, R or C")),
                _ => return Err(syntax("a field starts with W, B, H (or F), R, P or C")),
            };
            if bodies[which].replace(chars.as_str()).is_some() {
                return Err(syntax("a field appears twice"));
            }
        }
        let [Some(white), Some(black), huffs, passes, barred, quiet] = bodies else {
            return Err(syntax("both sides' fields, W and B, are needed"));
        };
        let mut setup = Setup {
            side_to_move,
            ..Setup::empty(ruleset)
        };
        setup.read_pieces(Side::White, white)?;
        setup.read_pieces(Side::Black, black)?;
        for name in huffs
            .map(|body| items(body, rule, text))
            .into_iter()
            .flatten()
        {
            setup.huffable |= 1 << point(ruleset, name?)?;
        }
        for item in barred
            .map(|body| items(body, rule, text))
            .into_iter()
            .flatten()
        {
            setup.read_barred(item?)?;
        }
        if let Some(passes) = passes {
            setup.passes =
                number(passes).ok_or_else(|| syntax("P is followed by the number of passes"))?;
        }
        if let Some(quiet) = quiet {
            setup.quiet_turns = number(quiet).ok_or_else(|| {
                syntax("C is followed by the number of turns since a piece last left the board")
            })?;
        }
        Ok(setup)
    }

    /// Reads `side`'s pieces, `a1,Kb2,...`.
    fn read_pieces(&mut self, side: Side, body: &str) -> Result<(), PositionTextError> {
        let rule = text_rule(self.ruleset);
        for item in items(body, rule, body) {
            let item = item?;
            let (king, name) = match item.strip_prefix('K') {
                Some(name) => (true, name),
                None => (false, item),
            };
            let bit = 1u128 << point(self.ruleset, name)?;
            if (self.pieces(Side::White) | self.pieces(Side::Black)) & bit != 0 {
                return Err(PositionTextError::Twice {
                    point: name.to_owned(),
                    rule,
                });
            }
            match king {
                true => self.kings[side.index()] |= bit,
                false => self.men[side.index()] |= bit,
            }
        }
        Ok(())
    }

    /// Reads a no-return restriction `y-x` of an `R` field (A5): the man
    /// on `y` may not step back to `x`, its neighbour east or west.
    fn read_barred(&mut self, item: &str) -> Result<(), PositionTextError> {
        let wrong = |why| PositionTextError::Barred {
            text: item.to_owned(),
            why,
            rule: Rule::A5,
        };
        if !self.ruleset.no_return {
            return Err(wrong("the ruleset has no such rule"));
        }
        let (piece, to) = item
            .split_once('-')
            .ok_or_else(|| wrong("it is written y-x"))?;
        let (piece, to) = (point(self.ruleset, piece)?, point(self.ruleset, to)?);
        let board = self.ruleset.board;
        let way = [Direction::East, Direction::West]
            .into_iter()
            .position(|d| board.neighbour(piece, d) == Some(to))
            .ok_or_else(|| wrong("the two points are not neighbours on a rank"))?;
        self.barred[way] |= 1 << piece;
        Ok(())
    }
}

/// The items of a field's body, `a1,b2,...`, trimmed; an empty body has
/// none, and an empty item between commas is refused (in `text`, under
/// `rule`).
fn items<'a>(
    body: &'a str,
    rule: Rule,
    text: &'a str,
) -> impl Iterator<Item = Result<&'a str, PositionTextError>> {
    let items = (!body.trim().is_empty()).then(|| body.split(',').map(str::trim));
    items
        .into_iter()
        .flatten()
        .map(move |item| match item.is_empty() {
            true => Err(PositionTextError::Syntax {
                text: text.to_owned(),
                why: "an item between commas is empty",
                rule,
            }),
            false => Ok(item),
        })
}

/// The number written in decimal digits alone as `body` (no sign), if it
/// is one that fits.
fn number<T: std::str::FromStr>(body: &str) -> Option<T> {
    let digits = !body.is_empty() && body.bytes().all(|b| b.is_ascii_digit());
    digits.then(|| body.parse().ok()).flatten()
}

/// The point of `ruleset`'s board named `name`.
fn point(ruleset: &'static Ruleset, name: &str) -> Result<u8, PositionTextError> {
    ruleset
        .board
        .parse_point(name.trim())
        .map_err(|_| PositionTextError::Point {
            name: name.trim().to_owned(),
            ruleset: ruleset.id,
            rule: text_rule(ruleset),
        })
}

/// Position text, as [`Setup`]'s.
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.setup().fmt(f)
    }
}

/// The setup as position text (N3, F9), points in the board's order. A
/// setup that is no position may hold what the text cannot say (points off
/// the board, a man barred both ways), which is left out: [`Setup::parse`]
/// of the text is the setup again exactly when the text says it all.
///
/// ```
/// use peralikatuma_rules::{Position, Ruleset, Setup};
///
/// let alquerque = Ruleset::ALQUERQUE;
/// let setup = Setup::parse(alquerque, "B:Wd3,b1:Bc5:Rd3-c3:C2")?;
/// assert_eq!(setup.to_string(), "B:Wb1,d3:Bc5:Rd3-c3:C2");
/// // Kings are syntax; Alquerque's rules have none.
/// let kings = Setup::parse(alquerque, "W:WKc3:Bd5")?;
/// assert_eq!(kings.to_string(), "W:WKc3:Bd5");
/// assert!(Position::from_setup(&kings).is_err());
/// # Ok::<(), peralikatuma_rules::PositionTextError>(())
/// ```
impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let board = self.ruleset.board;
        let names = |set: u128, kings: u128| {
            (0..board.len() as u8)
                .filter(|&p| (set | kings) & (1 << p) != 0)
                .map(|p| {
                    let king = if kings & (1 << p) != 0 { "K" } else { "" };
                    format!("{king}{}", board.point_name(p))
                })
                .collect::<Vec<_>>()
                .join(",")
        };
        let side = if self.side_to_move == Side::White {
            'W'
        } else {
            'B'
        };
        write!(
            f,
            "{side}:W{}:B{}",
            names(self.men[0], self.kings[0]),
            names(self.men[1], self.kings[1])
        )?;
        if self.huffable != 0 {
            let field = match self.ruleset.is_rule_book() {
                true => 'F',
                false => 'H',
            };
            write!(f, ":{field}{}", names(self.huffable, 0))?;
        }
        if self.barred != [0, 0] {
            let barred: Vec<String> = (0..board.len() as u8)
                .filter_map(|p| {
                    let way = [Direction::East, Direction::West]
                        .into_iter()
                        .zip(self.barred)
                        .find(|(_, bar)| bar & (1 << p) != 0)?
                        .0;
                    let to = board.neighbour(p, way)?;
                    Some(format!("{}-{}", board.point_name(p), board.point_name(to)))
                })
                .collect();
            write!(f, ":R{}", barred.join(","))?;
        }
        if self.passes != 0 {
            write!(f, ":P{}", self.passes)?;
        }
        if self.quiet_turns != 0 {
            write!(f, ":C{}", self.quiet_turns)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Ruleset;
    use crate::{RULESETS, SEED_RULESETS};

    #[test]
    fn a5_no_return_restrictions_are_written_and_read_as_n3_writes_them() {
        let alquerque = Ruleset::ALQUERQUE;
        let text = "W:Wc1,b3:Bd5:Rc1-d1,b3-a3";
        let position = Position::parse(alquerque, text).expect("valid");
        let bit = |name: &str| 1u128 << alquerque.board.parse_point(name).expect("a point");
        // c1 may not step east (to d1), b3 not west (to a3).
        assert_eq!(position.barred(), [bit("c1"), bit("b3")]);
        assert_eq!(position.to_string(), text);
        // b3 steps on: its restriction goes; c1 steps west: it may not step back east.
        let next = position.play_unchecked(&position.parse_turn("b3-b4").expect("legal"));
        assert_eq!(next.barred(), [bit("c1"), 0]);
    }

    #[test]
    fn e4_the_count_of_quiet_turns_is_written_and_read_as_n3_writes_it() {
        let lau = Ruleset::find("lau-kata-kati").expect("a ruleset");
        let position = Position::parse(lau, "W:Wc3:Bd5:C59").expect("valid");
        assert_eq!(position.quiet_turns(), 59);
        assert_eq!(position.to_string(), "W:Wc3:Bd5:C59");
        let step = position.play(&position.parse_turn("c3-d4").expect("legal"));
        assert_eq!(step.expect("legal").to_string(), "B:Wd4:Bd5:C60");
        // Not printed when zero (N3).
        let none = Position::parse(lau, "W:Wc3:Bd5:C0").expect("valid");
        assert_eq!(none.to_string(), "W:Wc3:Bd5");
    }

    #[test]
    fn positions_of_random_games_read_back_as_themselves() {
        for rules in RULESETS.iter().chain(&SEED_RULESETS) {
            let mut position = Position::start(rules);
            for ply in 0..200usize {
                let text = position.to_string();
                assert_eq!(
                    Position::parse(rules, &text),
                    Ok(position),
                    "{} {text}",
                    rules.id
                );
                let turns = position.legal_turns();
                if turns.is_empty() {
                    break;
                }
                position = position.play_unchecked(&turns[(ply * 7919) % turns.len()]);
            }
        }
    }

    #[test]
    fn bad_text_says_what_is_wrong() {
        let zamma = Ruleset::find("zamma").expect("a ruleset");
        let murray = Ruleset::find("alquerque-murray").expect("a ruleset");
        let alquerque = Ruleset::ALQUERQUE;
        let peralikatuma = Ruleset::PERALIKATUMA;
        let permainan = Ruleset::PERMAINAN;
        let cases: [(&Ruleset, &str, &str); 24] = [
            // The rule book's games are read as N3 reads them, with its
            // rules.
            (
                alquerque,
                "W:Wb3:Bd5:Rb3",
                "b3 cannot be a no-return restriction: it is written y-x (A5)",
            ),
            (
                alquerque,
                "W:Wb3:Bd5:Ra1-b1",
                "a1-b1 cannot be a no-return restriction: there is no man on its point (A5)",
            ),
            (
                peralikatuma,
                "W:We5:Bd4:Hd4",
                "a field starts with W, B, F, R or C (N3)",
            ),
            (
                alquerque,
                "W:Wb3:Bd5:P1",
                "a field starts with W, B, F, R or C (N3)",
            ),
            (
                alquerque,
                "W:Wb3,,c3:Bd5",
                "an item between commas is empty (N3)",
            ),
            (alquerque, "W:WKb3:Bd5", "b3: a king in alquerque (N3)"),
            (
                permainan,
                "W:Wa9:Bd5",
                "a9: a man on a point where it is crowned in permainan (M6)",
            ),
            (
                alquerque,
                "B:Wb3:Bd5:Fb3",
                "b3 cannot be claimed: the game has no claims (N3)",
            ),
            (
                peralikatuma,
                "B:We5:Bd4:Fd4",
                "d4 cannot be claimed: it is not a piece of the side that moved last (P6)",
            ),
            (
                zamma,
                "W:Wa1,,b1:Ba2",
                "an item between commas is empty (F9)",
            ),
            (zamma, "W:Wa1:Bd5:Ra1-b1", "the ruleset has no such rule"),
            (
                Ruleset::find("peralikatuma-ludii").expect("a ruleset"),
                "W:Wc1:Be1,f2,f3,g4,f5,d5,c6,d7,f7,g6,h6,i5,h4,f4,d3,c4,d6,f8,e9,d8,e6,e4,d4,b4,a5",
                "Black has 25 pieces, more than the 23 it starts with",
            ),
            (
                murray,
                "W:Wa1:Ba2:P1",
                "1 passes in a row cannot happen in alquerque-murray",
            ),
            (zamma, "X:Wa1:Ba2", "the side to move, W or B, comes first"),
            (zamma, "W:Wa1", "both sides' fields"),
            (
                zamma,
                "W:Wa1:Ba2:Q",
                "a field starts with W, B, H (or F), R, P or C",
            ),
            (zamma, "W:Wa1:Ba2:Wb1", "a field appears twice"),
            (
                zamma,
                "W:Wa1:Ba2:C-1",
                "C is followed by the number of turns since a piece last left the board",
            ),
            (zamma, "W:Wz1:Ba2", "`z1` is not a point of zamma's board"),
            (zamma, "W:Wa1:Ba1", "a1 holds two pieces"),
            (
                zamma,
                "W:Wa9:Ba2",
                "a9: a man on a point where it is crowned in zamma",
            ),
            (murray, "W:WKa1:Ba2", "a1: a king in alquerque-murray"),
            (
                zamma,
                "W:Wa1:Ba2:Ha1",
                "a1 cannot be huffed: it is not a piece of the side that moved last",
            ),
            (
                murray,
                "W:Wa1:Ba2:P2",
                "2 passes in a row cannot happen in alquerque-murray",
            ),
        ];
        for (rules, text, message) in cases {
            let error = Position::parse(rules, text).expect_err(text);
            assert!(error.to_string().contains(message), "{text}: {error}");
        }
    }
}
