//! Why a pick is no legal turn of a family position: the reason as data,
//! with the rule it breaks ([`Position::check_pick`]).

use std::fmt;
use std::ops::ControlFlow;

use super::position::Position;
use super::ruleset::Ruleset;
use super::turn::{Kind, Turn};
use crate::{Rule, Side};

/// Why a pick is refused, with the points involved (indices of the
/// ruleset's board).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum Reason {
    /// The game is over: nobody moves.
    Over,
    /// A pass, while the player has a move (F6).
    MustMove,
    /// No piece stands on the point picked to move.
    NoPiece {
        /// The point.
        point: u8,
    },
    /// The piece picked to move is the opponent's.
    NotYourPiece {
        /// Its point.
        point: u8,
        /// Whose it is.
        owner: Side,
    },
    /// The piece picked to huff may not be huffed (F4).
    NotHuffable {
        /// Its point.
        point: u8,
    },
    /// The piece has a legal move, but the pick names no landing.
    Unfinished {
        /// The piece's point.
        point: u8,
    },
    /// The piece has no legal move.
    Stuck {
        /// The piece's point.
        point: u8,
    },
    /// The piece has no legal move, and every point beside it is taken.
    HemmedIn {
        /// The piece's point.
        point: u8,
    },
    /// The pick lands on a point that is taken (F1).
    Occupied {
        /// The point.
        point: u8,
    },
    /// The pick stops a chain that goes on from where it stops (F2).
    ChainGoesOn {
        /// Where the pick stops.
        at: u8,
    },
    /// No turn of the ruleset takes the piece along the pick's path
    /// (F1-F3, F5).
    NoSuchMove {
        /// The piece's point.
        from: u8,
    },
    /// In one of the rule book's games, the rule book's own refusal,
    /// with its rule (`the piece on a4 may not step straight back to b4,
    /// where it came from (A5)`).
    RuleBook(crate::Refusal),
}

/// A pick refused by a family position: the ruleset (for its point names
/// and rules) and the reason. `Display` says it in words with the rule,
/// as `d3 is not empty (F1)`.
///
/// ```
/// use peralikatuma_rules::family::{Position, Reason, Ruleset};
/// use peralikatuma_rules::Rule;
///
/// let lau = Ruleset::find("lau-kata-kati")?;
/// let start = Position::start(lau);
/// let point = |name| lau.board.parse_point(name);
/// let refusal = start.check_pick(None, &[point("d2")?, point("d3")?]).unwrap_err();
/// assert_eq!(refusal.reason, Reason::Occupied { point: point("d3")? });
/// assert_eq!(refusal.rule(), Some(Rule::F1));
/// assert_eq!(refusal.to_string(), "d3 is not empty (F1)");
/// let turn = start.check_pick(None, &[point("d3")?, point("d4")?])?;
/// assert_eq!(turn.text(lau.board), "d3-d4");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Refusal {
    /// The ruleset of the position that refused the pick.
    pub ruleset: &'static Ruleset,
    /// Why.
    pub reason: Reason,
}

impl Refusal {
    /// The rule the pick breaks, where one rule does: `None` for a pick
    /// of no piece, of the opponent's, or in a game that is over.
    pub fn rule(&self) -> Option<Rule> {
        Some(match self.reason {
            Reason::Over
            | Reason::NoPiece { .. }
            | Reason::NotYourPiece { .. }
            | Reason::Unfinished { .. } => return None,
            Reason::RuleBook(refusal) => return refusal.rule(),
            Reason::MustMove => Rule::F6,
            Reason::NotHuffable { .. } => Rule::F4,
            Reason::ChainGoesOn { .. } => Rule::F2,
            // The rule book's games: a step goes to an empty point (R2.1);
            // a piece with no free point has no rule against it.
            Reason::Occupied { .. } if self.ruleset.variant().is_some() => Rule::R2_1,
            Reason::Stuck { .. } | Reason::HemmedIn { .. } | Reason::NoSuchMove { .. }
                if self.ruleset.variant().is_some() =>
            {
                return None;
            }
            Reason::Stuck { .. }
            | Reason::HemmedIn { .. }
            | Reason::Occupied { .. }
            | Reason::NoSuchMove { .. } => match self.ruleset.forward != [None, None] {
                true => Rule::F3,
                false => Rule::F1,
            },
        })
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = |point: u8| self.ruleset.board.point_name(point);
        match self.reason {
            Reason::Over => f.write_str("the game is over"),
            Reason::MustMove => f.write_str("a player who has a move may not pass"),
            Reason::NoPiece { point } => write!(f, "there is no piece on {}", name(point)),
            Reason::NotYourPiece { point, owner } => write!(
                f,
                "{} holds a {owner} piece, and {} is to move",
                name(point),
                owner.opposite()
            ),
            Reason::NotHuffable { point } => {
                write!(f, "the piece on {} cannot be huffed", name(point))
            }
            Reason::Unfinished { point } => write!(f, "the piece on {} can move", name(point)),
            Reason::Stuck { point } => {
                write!(f, "the piece on {} has no legal move", name(point))
            }
            Reason::HemmedIn { point } => {
                write!(
                    f,
                    "the piece on {} has no free point beside it",
                    name(point)
                )
            }
            Reason::Occupied { point } => write!(f, "{} is not empty", name(point)),
            Reason::ChainGoesOn { at } => {
                write!(
                    f,
                    "the chain goes on from {}: it is not a whole turn",
                    name(at)
                )
            }
            Reason::RuleBook(refusal) => return write!(f, "{refusal}"),
            Reason::NoSuchMove { from } => write!(
                f,
                "no legal turn of {} takes the piece on {} that way",
                self.ruleset.name,
                name(from)
            ),
        }?;
        match self.rule() {
            Some(rule) => write!(f, " ({rule})"),
            None => Ok(()),
        }
    }
}

impl std::error::Error for Refusal {}

impl Position {
    /// The legal turn a player picks: the opponent's piece huffed first,
    /// if any (F4), then the moving piece's point and each landing in
    /// order; an empty `path` is a pass. Or why the pick is no legal turn.
    ///
    /// # Errors
    /// A [`Refusal`] saying why, with the rule.
    pub fn check_pick(&self, huff: Option<u8>, path: &[u8]) -> Result<Turn, Refusal> {
        let refuse = |reason| Refusal {
            ruleset: self.ruleset(),
            reason,
        };
        if !self.has_legal_turn() {
            return Err(refuse(Reason::Over));
        }
        let Some((&from, landings)) = path.split_first() else {
            let pass = self.generate(|t| match t.kind() == Kind::Pass && t.huff() == huff {
                true => ControlFlow::Break(*t),
                false => ControlFlow::Continue(()),
            });
            return match pass {
                ControlFlow::Break(turn) => Ok(turn),
                ControlFlow::Continue(()) => Err(refuse(Reason::MustMove)),
            };
        };
        let on = |side: Side| from < 128 && self.pieces(side) & (1 << from) != 0;
        let us = self.side_to_move();
        if !on(us) {
            return Err(refuse(match on(us.opposite()) {
                true => Reason::NotYourPiece {
                    point: from,
                    owner: us.opposite(),
                },
                false => Reason::NoPiece { point: from },
            }));
        }
        if let Some(huffed) = huff
            && (huffed >= 128 || self.huffable() & (1 << huffed) == 0)
        {
            // The rule book's games refuse a claim as their rule book does
            // (P6, R2.6): the claim is checked before the move.
            let to = landings.first().map_or(from, |&to| to);
            return Err(refuse(
                self.rule_book_refusal(huff, from, &[to])
                    .map_or(Reason::NotHuffable { point: huffed }, Reason::RuleBook),
            ));
        }
        // One look at the turns as they are generated (a position can have
        // millions): the turn picked, else whether any turn moves the piece
        // and whether any goes on past the pick.
        let (mut starts, mut goes_on) = (false, false);
        let found = self.generate(|turn| {
            if turn.huff() == huff && turn.kind() != Kind::Pass && turn.from() == from {
                if turn.landings() == landings {
                    return ControlFlow::Break(*turn);
                }
                starts = true;
                goes_on |= turn.landings().starts_with(landings);
            }
            ControlFlow::Continue(())
        });
        if let ControlFlow::Break(turn) = found {
            return Ok(turn);
        }
        let taken =
            (self.pieces(Side::White) | self.pieces(Side::Black)) & !huff.map_or(0, |h| 1u128 << h);
        let Some(&landing) = landings.last() else {
            return Err(refuse(match starts {
                true => Reason::Unfinished { point: from },
                false => match self.rule_book_stuck(huff, from) {
                    Some(refusal) => Reason::RuleBook(refusal),
                    None if self.board().neighbours(from) & !taken == 0 => {
                        Reason::HemmedIn { point: from }
                    }
                    None => Reason::Stuck { point: from },
                },
            }));
        };
        if let Some(refusal) = self.rule_book_refusal(huff, from, landings) {
            return Err(refuse(Reason::RuleBook(refusal)));
        }
        if landing != from && landing < 128 && taken & (1 << landing) != 0 {
            return Err(refuse(Reason::Occupied { point: landing }));
        }
        if goes_on {
            return Err(refuse(Reason::ChainGoesOn { at: landing }));
        }
        Err(refuse(Reason::NoSuchMove { from }))
    }
}
