//! Helpers shared by the rule-section tests.
#![allow(dead_code)]

use std::collections::BTreeSet;

use peralikatuma_rules::{Game, Position, Variant};

/// The legal turns of `p` in the notation of N2; checks that no turn is
/// listed twice (R2.5: a move is its path) and that counting agrees with
/// listing.
pub fn turns(p: &Position) -> BTreeSet<String> {
    let list = p.legal_turns();
    let texts: BTreeSet<String> = list.iter().map(|t| t.to_string()).collect();
    assert_eq!(texts.len(), list.len(), "a turn is listed twice in {p}");
    assert_eq!(
        p.count_legal_turns(),
        list.len(),
        "count and list differ in {p}"
    );
    texts
}

/// A set of expected turn or point texts; checks the list has no repeat.
pub fn set(list: &[&str]) -> BTreeSet<String> {
    let s: BTreeSet<String> = list.iter().map(|t| (*t).to_owned()).collect();
    assert_eq!(s.len(), list.len(), "the expected list has a repeat");
    s
}

/// The position text after playing `turn` in the `variant` position
/// `position`; checks the hash kept up to date against the hash from
/// scratch.
pub fn after(variant: Variant, position: &str, turn: &str) -> String {
    let p = Position::parse(variant, position).expect("a valid position");
    let t = p.parse_turn(turn).expect("a legal turn");
    let next = p.play(&t).expect("a legal turn plays");
    assert_eq!(next.zobrist(), next.zobrist_from_scratch(), "after {turn}");
    next.to_string()
}

/// Checks that an error message names each of `parts`.
pub fn assert_mentions(message: &str, parts: &[&str]) {
    for part in parts {
        assert!(
            message.contains(part),
            "`{message}` does not mention `{part}`"
        );
    }
}

/// A game played from `start`, each turn chosen by the next of `choices`
/// (modulo the number of legal turns), stopping at the end of the game.
pub fn played(start: Position, choices: impl IntoIterator<Item = usize>) -> Game {
    let mut game = Game::from_position(start);
    for choice in choices {
        let turns = game.legal_turns();
        if turns.is_empty() {
            break;
        }
        game.play(&turns[choice % turns.len()])
            .expect("a legal turn plays");
    }
    game
}
