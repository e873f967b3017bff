//! The prover's turns, kept small: each position packed ([`Packed`]) and
//! each turn as its place among the position's legal turns, in the order
//! the rules crate's generator lists them. A proof of Alquerque holds
//! millions of them.
//!
//! In Alquerque a turn belongs to a position with its counter of quiet
//! turns (E4). In every other game, where positions may repeat (E2), a
//! turn belongs to the position whatever its counter: the strategy keeps
//! it, and gives it back, at counter 0.

use std::collections::HashMap;

use peralikatuma_rules::{Position, Ruleset, Turn};

use crate::packed::{MAX_POINTS, Packed, Unpackable};

/// Why a turn cannot go into a [`Strategy`].
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum StrategyError {
    /// The position is of another game than the strategy's.
    #[error("the position {position} is of {found}, the strategy of {expected}")]
    Ruleset {
        /// The position.
        position: String,
        /// Its game's id.
        found: &'static str,
        /// The strategy's game's id.
        expected: &'static str,
    },
    /// The game's board is too large for a strategy.
    #[error(
        "a strategy holds positions of boards of at most {MAX_POINTS} points, {ruleset}'s has {points}"
    )]
    Board {
        /// The game's id.
        ruleset: &'static str,
        /// Its board's points.
        points: usize,
    },
    /// The position's counter of quiet turns (E4) is past what a strategy
    /// holds.
    #[error("the position {0} counts more quiet turns (E4) than a strategy holds (255)")]
    Counter(String),
    /// The turn is not one of the position's legal turns.
    #[error("the turn {turn} is not legal in the position {position}")]
    Illegal {
        /// The position.
        position: String,
        /// The turn (F9).
        turn: String,
    },
}

/// A player's turn in positions of one game: the prover's turns of a
/// [`Proof`](crate::Proof), or the opponent's answers of
/// [`stubborn_defence`](crate::stubborn_defence). Only legal turns go in.
///
/// In a game whose positions may repeat (every game but Alquerque, see
/// [`Strategy::keys_with_quiet_turns`]), the count of quiet turns (E4) is not
/// part of a position here: one turn serves the position at every count.
///
/// ```
/// use alquerque_proof::Strategy;
/// use peralikatuma_rules::{Position, Ruleset};
///
/// let alquerque = Ruleset::ALQUERQUE;
/// let position = Position::parse(alquerque, "W:Wc2:Bc3")?;
/// let turn = position.parse_turn("c2xc4")?;
/// let mut strategy = Strategy::new(alquerque);
/// assert!(strategy.insert(&position, &turn)?);
/// assert_eq!(strategy.get(&position), Some(turn));
/// assert_eq!(strategy.iter().collect::<Vec<_>>(), [(position, turn)]);
/// assert!(strategy.remove(&position));
/// assert!(strategy.is_empty());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Strategy {
    ruleset: &'static Ruleset,
    /// Each position's turn, as its index among the position's legal
    /// turns.
    turns: HashMap<Packed, u32>,
}

impl Strategy {
    /// A strategy of `ruleset`'s game with no turns yet.
    pub fn new(ruleset: &'static Ruleset) -> Strategy {
        Strategy {
            ruleset,
            turns: HashMap::new(),
        }
    }

    /// The game.
    pub fn ruleset(&self) -> &'static Ruleset {
        self.ruleset
    }

    /// Whether a turn belongs to a position with its count of quiet turns
    /// (E4): in Alquerque only, where no position can stand twice in one
    /// game (A2, A5) and the count tells apart positions that the proof
    /// meets at different times. In the other games a position may come
    /// back (E2), and one turn serves it at every count.
    ///
    /// ```
    /// use alquerque_proof::Strategy;
    /// use peralikatuma_rules::{Position, Ruleset};
    ///
    /// assert!(Strategy::new(Ruleset::ALQUERQUE).keys_with_quiet_turns());
    /// let lau = Ruleset::find("lau-kata-kati")?;
    /// let mut strategy = Strategy::new(lau);
    /// assert!(!strategy.keys_with_quiet_turns());
    /// let position = Position::parse(lau, "W:Wc3:Bd5:C12")?;
    /// strategy.insert(&position, &position.parse_turn("c3-d4")?)?;
    /// assert!(strategy.contains(&Position::parse(lau, "W:Wc3:Bd5:C40")?));
    /// assert_eq!(strategy.iter().next().map(|(p, _)| p.quiet_turns()), Some(0));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn keys_with_quiet_turns(&self) -> bool {
        keys_with_quiet_turns(self.ruleset)
    }

    /// How many positions have a turn.
    pub fn len(&self) -> usize {
        self.turns.len()
    }

    /// Whether no position has a turn.
    pub fn is_empty(&self) -> bool {
        self.turns.is_empty()
    }

    /// Makes room for `additional` more turns.
    pub fn reserve(&mut self, additional: usize) {
        self.turns.reserve(additional);
    }

    /// Sets the turn at `position`, in place of any it had; returns
    /// whether it had none.
    ///
    /// # Errors
    /// A [`StrategyError`] if the position is of another game, of a board
    /// too large, or the turn is not legal there.
    pub fn insert(&mut self, position: &Position, turn: &Turn) -> Result<bool, StrategyError> {
        let packed = self.packed(position)?;
        let index = position
            .legal_turns()
            .iter()
            .position(|legal| legal == turn)
            .ok_or_else(|| StrategyError::Illegal {
                position: position.to_string(),
                turn: turn.text(position.board()),
            })?;
        // A list of legal turns is far shorter than 2³² turns.
        Ok(self.turns.insert(packed, index as u32).is_none())
    }

    /// Sets the turn at a packed position by its index among the
    /// position's legal turns.
    pub(crate) fn insert_packed(&mut self, packed: Packed, index: u32) {
        self.turns.insert(packed, index);
    }

    /// The turn at `position`, if it has one.
    pub fn get(&self, position: &Position) -> Option<Turn> {
        let index = *self.turns.get(&self.packed(position).ok()?)?;
        position.legal_turns().get(index as usize).copied()
    }

    /// Whether `position` has a turn.
    pub fn contains(&self, position: &Position) -> bool {
        self.packed(position)
            .is_ok_and(|packed| self.turns.contains_key(&packed))
    }

    /// Takes the turn at `position` out; returns whether it had one.
    pub fn remove(&mut self, position: &Position) -> bool {
        self.packed(position)
            .is_ok_and(|packed| self.turns.remove(&packed).is_some())
    }

    /// Every position with its turn, in no order.
    pub fn iter(&self) -> impl Iterator<Item = (Position, Turn)> + '_ {
        self.turns.iter().map(|(packed, &index)| {
            let position = packed
                .unpack(self.ruleset)
                .expect("a packed position is one of the strategy's game");
            let turn = position.legal_turns()[index as usize];
            (position, turn)
        })
    }

    /// `position` packed, if it can be a position of the strategy.
    fn packed(&self, position: &Position) -> Result<Packed, StrategyError> {
        if position.ruleset() != self.ruleset {
            return Err(StrategyError::Ruleset {
                position: position.to_string(),
                found: position.ruleset().id,
                expected: self.ruleset.id,
            });
        }
        let packed = match self.keys_with_quiet_turns() {
            true => Packed::of(position),
            false => Packed::without_counter(position),
        };
        packed.map_err(|why| match why {
            Unpackable::Board => StrategyError::Board {
                ruleset: self.ruleset.id,
                points: position.board().len(),
            },
            Unpackable::Counter => StrategyError::Counter(position.to_string()),
        })
    }
}

/// Whether positions of `ruleset` are told apart by their count of quiet
/// turns ([`Strategy::keys_with_quiet_turns`]).
pub(crate) fn keys_with_quiet_turns(ruleset: &Ruleset) -> bool {
    ruleset == Ruleset::ALQUERQUE
}
