//! The games the machine plays: every game of the one model
//! ([`family::Game`]).

use peralikatuma_rules::Side;
use peralikatuma_rules::family;

use crate::node::Node;

/// What the search and the players ask of a game, beside the rules
/// crate's own API.
pub(crate) trait Playable {
    /// Its turns.
    type Turn;
    /// Its positions as the search sees them.
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
    fn node(&self) -> Self::Node;

    /// The hashes of the positions since the last removal, oldest first,
    /// the position now last (for repetition, E2).
    fn since_removal(&self) -> Vec<u64>;
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
}
