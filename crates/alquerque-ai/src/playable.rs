//! The games the machine plays: the seed games' [`Game`] and the family's
//! [`family::Game`].

use std::fmt::Debug;

use peralikatuma_rules::family;
use peralikatuma_rules::{Game, Position, Side};

use crate::node::Node;

mod sealed {
    /// Only this crate's games are [`Playable`](super::Playable).
    pub trait Sealed {}
    impl Sealed for peralikatuma_rules::Game {}
    impl Sealed for peralikatuma_rules::family::Game {}
}

/// A game the machine can play: [`Searcher`](crate::Searcher) searches it
/// and [`Player`](crate::Player) plays it. The seed games ([`Game`]) and
/// every family ruleset ([`family::Game`]) are playable; the trait is
/// sealed.
///
/// ```
/// use alquerque_ai::{Limits, Searcher};
/// use peralikatuma_rules::family::{Game, Ruleset};
///
/// let game = Game::new(Ruleset::find("sixteen-soldiers")?);
/// let result = Searcher::new(4).search(&game, Limits::depth(4), |_| {});
/// assert!(game.position().legal_turns().contains(&result.best.expect("a turn")));
/// # Ok::<(), peralikatuma_rules::family::UnknownRuleset>(())
/// ```
pub trait Playable: Clone + Debug + Send + Sync + 'static + sealed::Sealed {
    /// Its turns.
    type Turn: Copy + PartialEq + Debug + Send + Sync + 'static;
    /// Its positions as the search sees them.
    #[doc(hidden)]
    type Node: Node<Turn = Self::Turn>;

    /// The legal turns now, in the order of generation; none once the
    /// game is over.
    fn turns_now(&self) -> Vec<Self::Turn>;

    /// Plays `turn`; whether it was legal (if not, nothing changes).
    fn play_turn(&mut self, turn: &Self::Turn) -> bool;

    /// How the game has ended, if it has: `Some(Some(winner))`, or
    /// `Some(None)` for a draw.
    fn result(&self) -> Option<Option<Side>>;

    /// The position now as a search node.
    #[doc(hidden)]
    fn node(&self) -> Self::Node;

    /// The hashes of the positions since the last removal, oldest first,
    /// the position now last (for repetition, E2).
    #[doc(hidden)]
    fn since_removal(&self) -> Vec<u64>;

    /// The game in the seed games' model, when it is one of the rule
    /// book's games played in another: the machine plays it there, with
    /// the seed games' search, tables and proofs.
    #[doc(hidden)]
    fn seed(&self) -> Option<Game> {
        None
    }

    /// A turn of [`Playable::seed`]'s game as a turn of this one.
    #[doc(hidden)]
    fn turn_from_seed(&self, _turn: &peralikatuma_rules::Turn) -> Option<Self::Turn> {
        None
    }
}

impl Playable for Game {
    type Turn = peralikatuma_rules::Turn;
    type Node = Position;

    fn turns_now(&self) -> Vec<Self::Turn> {
        self.legal_turns().iter().copied().collect()
    }

    fn play_turn(&mut self, turn: &Self::Turn) -> bool {
        self.play(turn).is_ok()
    }

    fn result(&self) -> Option<Option<Side>> {
        self.outcome().map(|outcome| outcome.winner())
    }

    fn node(&self) -> Position {
        *self.position()
    }

    fn since_removal(&self) -> Vec<u64> {
        let positions = self.positions();
        let quiet = (self.position().quiet_turns() as usize).min(positions.len() - 1);
        positions[positions.len() - 1 - quiet..]
            .iter()
            .map(Position::zobrist)
            .collect()
    }
}

impl Playable for family::Game {
    type Turn = family::Turn;
    type Node = family::Position;

    fn turns_now(&self) -> Vec<Self::Turn> {
        if self.ending().is_some() {
            return Vec::new();
        }
        self.position().legal_turns().into_iter().collect()
    }

    fn play_turn(&mut self, turn: &Self::Turn) -> bool {
        self.play(turn).is_ok()
    }

    fn result(&self) -> Option<Option<Side>> {
        self.ending().map(|outcome| outcome.winner())
    }

    fn node(&self) -> family::Position {
        *self.position()
    }

    fn since_removal(&self) -> Vec<u64> {
        self.positions()
            .iter()
            .map(family::Position::zobrist)
            .collect()
    }

    fn seed(&self) -> Option<Game> {
        self.to_seed()
    }

    fn turn_from_seed(&self, turn: &peralikatuma_rules::Turn) -> Option<family::Turn> {
        self.position().parse_turn(&turn.to_string()).ok()
    }
}
