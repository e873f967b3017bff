//! Helpers shared by the rule-section tests, on the one model
//! of the rules crate.
#![allow(dead_code)]

use std::collections::BTreeSet;

use peralikatuma_rules::{Game, Position};
use peralikatuma_rules::{Ruleset, Side};

/// The legal turns of `p` in the notation of N2; checks that no turn is
/// listed twice (R2.5: a move is its path) and that counting (perft 1)
/// agrees with listing.
pub fn turns(p: &Position) -> BTreeSet<String> {
    let list = p.legal_turns();
    let texts: BTreeSet<String> = list.iter().map(|t| t.text(p.board())).collect();
    assert_eq!(texts.len(), list.len(), "a turn is listed twice in {p}");
    assert_eq!(
        p.perft(1),
        list.len() as u64,
        "count and list differ in {p}"
    );
    texts
}

/// The points of `set` by name on `p`'s board.
pub fn names(p: &Position, set: u128) -> BTreeSet<String> {
    (0..p.board().len() as u8)
        .filter(|&point| set & 1 << point != 0)
        .map(|point| p.board().point_name(point).to_string())
        .collect()
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
pub fn after(variant: &'static Ruleset, position: &str, turn: &str) -> String {
    let p = Position::parse(variant, position).expect("a valid position");
    let t = p.parse_turn(turn).expect("a legal turn");
    let next = p.play(&t).expect("a legal turn plays");
    assert_eq!(next.zobrist(), rehashed(&next), "after {turn}");
    next.to_string()
}

/// The hash of `p` computed from scratch: of the same position read back
/// from its setup.
pub fn rehashed(p: &Position) -> u64 {
    Position::from_setup(&p.setup())
        .expect("a position's setup is valid")
        .zobrist()
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
        let turns = game.position().legal_turns();
        if turns.is_empty() || game.ending().is_some() {
            break;
        }
        game.play(&turns[choice % turns.len()])
            .expect("a legal turn plays");
    }
    game
}

/// All the kings of `p`, both sides'.
pub fn kings(p: &Position) -> u128 {
    p.kings(Side::White) | p.kings(Side::Black)
}

/// All the pieces of `p`, both sides'.
pub fn occupied(p: &Position) -> u128 {
    p.pieces(Side::White) | p.pieces(Side::Black)
}
