//! Helpers shared by the fuzz targets, on the one model
//! of the rules crate.

use peralikatuma_rules::{Game, Position, RULESETS, Ruleset};

/// The rule book's game a fuzz byte picks.
pub fn variant(byte: u8) -> &'static Ruleset {
    Ruleset::RULE_BOOK[usize::from(byte) % Ruleset::RULE_BOOK.len()]
}

/// The family's ruleset (any of the 21) a fuzz byte picks.
pub fn ruleset(byte: u8) -> &'static Ruleset {
    &RULESETS[usize::from(byte) % RULESETS.len()]
}

/// A game of `ruleset` from its start, each byte choosing a legal turn by
/// index, until the bytes or the game run out.
pub fn game_from_bytes(ruleset: &'static Ruleset, bytes: &[u8]) -> Game {
    let mut game = Game::new(ruleset);
    for &b in bytes {
        let turns = game.legal_turns();
        if turns.is_empty() || game.ending().is_some() {
            break;
        }
        let turn = turns[usize::from(b) % turns.len()];
        game.play(&turn).expect("a legal turn plays");
    }
    game
}

/// The hash of `position` computed from scratch: of the same position
/// read back from its setup.
pub fn rehashed(position: &Position) -> u64 {
    Position::from_setup(&position.setup())
        .expect("a position's setup is valid")
        .zobrist()
}
