//! A game of one of the rule book's three games (as a ruleset of the one
//! model, `Ruleset::RULE_BOOK`) driven by fuzz bytes, with its invariants
//! checked after every turn: the legal turns agree with the reference
//! generator of the rules crate's tests (written straight from RULES.md),
//! the position reads back from its text (N3), no point holds two pieces,
//! piece counts only fall, the hash equals a fresh one, undo restores, and
//! the game ends within its bound. (It also replays the corpus of the
//! former `seed_rulesets` target, which compared the seed model's
//! generator with the one model's over the same input.)
#![no_main]

#[path = "../../crates/peralikatuma-rules/tests/reference/mod.rs"]
#[allow(dead_code)]
mod reference;

use std::collections::BTreeSet;

use libfuzzer_sys::fuzz_target;
use peralikatuma_fuzz::{rehashed, variant};
use peralikatuma_rules::{Game, Position};
use peralikatuma_rules::{QUIET_TURNS_FOR_DRAW, Side};

fuzz_target!(|input: (u8, Vec<u8>)| {
    let (v, choices) = input;
    let variant = variant(v);
    let mut game = Game::new(variant);
    let board = game.position().board();
    let per_side = variant.start[0].count_ones() as usize;
    // Each removal ends a quiet stretch of at most sixty turns, and there
    // are at most 2 * per_side removals.
    let bound = (2 * per_side + 1) * (QUIET_TURNS_FOR_DRAW as usize + 1);
    for &choice in &choices {
        let position = *game.position();
        assert_eq!(
            Position::parse(position.ruleset(), &position.to_string()),
            Ok(position)
        );
        let turns = position.legal_turns();
        let ours: BTreeSet<String> = turns.iter().map(|t| t.text(board)).collect();
        assert_eq!(ours.len(), turns.len(), "duplicate turns");
        let theirs: BTreeSet<String> = reference::RefPosition::from_family(&position)
            .turn_texts()
            .into_iter()
            .collect();
        assert_eq!(
            ours, theirs,
            "turns differ from the reference in {position}"
        );
        if turns.is_empty() {
            assert!(position.outcome().is_some()); // E1
            assert!(game.ending().is_some());
            break;
        }
        if game.ending().is_some() {
            break; // a draw by E2 or E4
        }

        let turn = turns[usize::from(choice) % turns.len()];
        let before = game.clone();
        game.play(&turn).expect("a legal turn plays");
        let after = *game.position();
        assert_eq!(after.pieces(Side::White) & after.pieces(Side::Black), 0);
        for side in Side::ALL {
            assert!(after.pieces(side).count_ones() <= position.pieces(side).count_ones());
        }
        assert_eq!(after.zobrist(), rehashed(&after));
        let mut undone = game.clone();
        assert_eq!(undone.undo(), Some(turn));
        assert_eq!(undone, before);
        assert!(game.turns().len() <= bound, "the game outlasts its bound");
    }
});
