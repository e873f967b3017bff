//! A seed game driven by fuzz bytes, followed turn by turn by the family's
//! move generator playing the game's ruleset of the family model
//! (`Variant::ruleset`, rules.md F11): at every position both list the
//! same turns (claims as huffs), the family position reads back from its
//! text, and the same turn reaches the same position in both.
#![no_main]

use std::collections::BTreeSet;

use libfuzzer_sys::fuzz_target;
use peralikatuma_fuzz::variant;
use peralikatuma_rules::{Position, family};

fuzz_target!(|input: (u8, Vec<u8>)| {
    let (v, choices) = input;
    let mut position = Position::start(variant(v));
    for &choice in &choices {
        let ours = family::Position::from(&position);
        assert_eq!(
            family::Position::parse(ours.ruleset(), &ours.to_string()),
            Ok(ours)
        );
        let board = ours.board();
        let family_turns: BTreeSet<String> =
            ours.legal_turns().iter().map(|t| t.text(board)).collect();
        let turns = position.legal_turns();
        let seed_turns: BTreeSet<String> = turns.iter().map(|t| t.to_string()).collect();
        assert_eq!(family_turns, seed_turns, "turns differ in {position}");
        let Some(turn) = turns.get(usize::from(choice) % turns.len().max(1)) else {
            assert!(position.outcome().is_some() && ours.outcome().is_some());
            break;
        };
        let next = position.play_unchecked(turn);
        let family_turn = ours.parse_turn(&turn.to_string()).expect("the same turn");
        assert_eq!(
            ours.play(&family_turn).expect("legal"),
            family::Position::from(&next),
            "{position} {turn}"
        );
        position = next;
    }
});
