//! A game of any kind as the text frontends hold it: a seed game or a
//! family game, read and written in each one's own notation.

use alquerque_ai::{Score, evaluate, evaluate_family};
use peralikatuma_rules::family;
use peralikatuma_rules::{Game, GameKind, Position, Side};

/// A game of any kind ([`GameKind`]), from its start or a given position.
///
/// ```
/// use peralikatuma::AnyGame;
///
/// let mut game = AnyGame::new("lau-kata-kati".parse()?);
/// game.play_text("d3-d4")?;
/// assert_eq!(game.legal_turns(), ["d5xd3"]);
/// assert!(game.play_text("d4-d5").is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub enum AnyGame {
    /// A seed game.
    Seed(Game),
    /// A family game.
    Family(family::Game),
}

impl AnyGame {
    /// A game of `kind` from its start.
    pub fn new(kind: GameKind) -> AnyGame {
        match kind {
            GameKind::Seed(variant) => AnyGame::Seed(Game::new(variant)),
            GameKind::Family(ruleset) => AnyGame::Family(family::Game::new(ruleset)),
        }
    }

    /// A game of `kind` from the position written as `text` (N3 for the
    /// seed games, F9's position text for the family).
    pub fn from_text(kind: GameKind, text: &str) -> Result<AnyGame, String> {
        Ok(match kind {
            GameKind::Seed(variant) => AnyGame::Seed(Game::from_position(
                Position::parse(variant, text).map_err(|e| e.to_string())?,
            )),
            GameKind::Family(ruleset) => AnyGame::Family(family::Game::from_position(
                family::Position::parse(ruleset, text).map_err(|e| e.to_string())?,
            )),
        })
    }

    /// Which game it is.
    pub fn kind(&self) -> GameKind {
        match self {
            AnyGame::Seed(game) => GameKind::Seed(game.variant()),
            AnyGame::Family(game) => GameKind::Family(game.start().ruleset()),
        }
    }

    /// The same game again from its start position.
    pub fn restarted(&self) -> AnyGame {
        match self {
            AnyGame::Seed(game) => AnyGame::Seed(Game::from_position(*game.start())),
            AnyGame::Family(game) => AnyGame::Family(family::Game::from_position(*game.start())),
        }
    }

    /// Plays the turn written as `text`.
    pub fn play_text(&mut self, text: &str) -> Result<(), String> {
        match self {
            AnyGame::Seed(game) => game.play_text(text).map(|_| ()).map_err(|e| e.to_string()),
            AnyGame::Family(game) => game.play_text(text).map(|_| ()).map_err(|e| e.to_string()),
        }
    }

    /// The legal turns, written out; none once the game is over.
    pub fn legal_turns(&self) -> Vec<String> {
        match self {
            AnyGame::Seed(game) => game.legal_turns().iter().map(|t| t.to_string()).collect(),
            AnyGame::Family(game) if game.ending().is_some() => Vec::new(),
            AnyGame::Family(game) => {
                let board = game.start().ruleset().board;
                game.position()
                    .legal_turns()
                    .iter()
                    .map(|t| t.text(board))
                    .collect()
            }
        }
    }

    /// The position now, as text.
    pub fn position_text(&self) -> String {
        match self {
            AnyGame::Seed(game) => game.position().to_string(),
            AnyGame::Family(game) => game.position().to_string(),
        }
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Side {
        match self {
            AnyGame::Seed(game) => game.position().side_to_move(),
            AnyGame::Family(game) => game.position().side_to_move(),
        }
    }

    /// Turns played.
    pub fn turns_played(&self) -> usize {
        match self {
            AnyGame::Seed(game) => game.turns().len(),
            AnyGame::Family(game) => game.turns().len(),
        }
    }

    /// How the game ended, in words, if it has.
    pub fn ending(&self) -> Option<String> {
        match self {
            AnyGame::Seed(game) => game.outcome().map(|o| o.to_string()),
            AnyGame::Family(game) => game.ending().map(|e| e.to_string()),
        }
    }

    /// The static evaluation of the position for the side to move.
    pub fn evaluate(&self) -> Score {
        match self {
            AnyGame::Seed(game) => evaluate(game.position()),
            AnyGame::Family(game) => evaluate_family(game.position()),
        }
    }
}
