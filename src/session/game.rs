//! What a session needs of a game of the one model ([`Game`]) beyond the
//! game's own methods: the turn the rules leave a player as its only one.

use peralikatuma_rules::{Game, Turn};

/// The turn the rules leave the side to move as its only one, which a
/// frontend plays by itself: a pass (F6). `None` when the player has a
/// choice, or the game is over.
///
/// ```
/// use peralikatuma::session::forced_turn;
/// use peralikatuma_rules::{Game, Position, Ruleset, Turn};
///
/// let zamma = Ruleset::find("zamma")?;
/// // Black has no pieces left, and passes (F6).
/// let game = Game::from_position(Position::parse(zamma, "B:We5:B")?);
/// assert_eq!(forced_turn(&game), Some(Turn::PASS));
/// assert_eq!(forced_turn(&Game::new(zamma)), None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn forced_turn(game: &Game) -> Option<Turn> {
    (game.ending().is_none() && game.position().must_pass()).then_some(Turn::PASS)
}
