//! A game driven by fuzz bytes, with its invariants checked after every
//! turn: no point holds two pieces, piece counts only fall, the hash equals
//! a fresh one, undo restores, the legal turns agree with the reference
//! generator of the rules crate's tests, and the game ends within its bound.
#![no_main]

#[path = "../../crates/peralikatuma-rules/tests/reference/mod.rs"]
#[allow(dead_code)]
mod reference;

use std::collections::BTreeSet;

use libfuzzer_sys::fuzz_target;
use peralikatuma_fuzz::variant;
use peralikatuma_rules::{Game, QUIET_TURNS_FOR_DRAW, Side};

fuzz_target!(|input: (u8, Vec<u8>)| {
    let (v, choices) = input;
    let variant = variant(v);
    let mut game = Game::new(variant);
    let per_side = variant.pieces_per_side();
    // Each removal ends a quiet stretch of at most sixty turns, and there
    // are at most 2 * per_side removals.
    let bound = (2 * per_side + 1) * (QUIET_TURNS_FOR_DRAW as usize + 1);
    for &choice in &choices {
        let position = *game.position();
        let turns = game.legal_turns();
        if turns.is_empty() {
            assert!(game.outcome().is_some());
            break;
        }
        let ours: BTreeSet<String> = turns.iter().map(|t| t.to_string()).collect();
        assert_eq!(ours.len(), turns.len(), "duplicate turns");
        let theirs: BTreeSet<String> = reference::RefPosition::from_position(&position)
            .turn_texts()
            .into_iter()
            .collect();
        assert_eq!(
            ours, theirs,
            "turns differ from the reference in {position}"
        );

        let turn = turns[usize::from(choice) % turns.len()];
        let before = game.clone();
        game.play(&turn).expect("a legal turn plays");
        let after = *game.position();
        assert!((after.pieces(Side::White) & after.pieces(Side::Black)).is_empty());
        for side in Side::ALL {
            assert!(after.pieces(side).count() <= position.pieces(side).count());
        }
        assert_eq!(after.zobrist(), after.zobrist_from_scratch());
        let mut undone = game.clone();
        undone.undo();
        assert_eq!(undone, before);
        assert!(game.turns().len() <= bound, "the game outlasts its bound");
    }
});
