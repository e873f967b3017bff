//! Helpers shared by the fuzz targets.

use peralikatuma_rules::{Game, Variant};

/// The game a fuzz byte picks.
pub fn variant(byte: u8) -> Variant {
    Variant::ALL[usize::from(byte) % Variant::ALL.len()]
}

/// A game of `variant` from its start, each byte choosing a legal turn by
/// index, until the bytes or the game run out.
pub fn game_from_bytes(variant: Variant, bytes: &[u8]) -> Game {
    let mut game = Game::new(variant);
    for &b in bytes {
        let turns = game.legal_turns();
        if turns.is_empty() {
            break;
        }
        let turn = turns[usize::from(b) % turns.len()];
        game.play(&turn).expect("a legal turn plays");
    }
    game
}
