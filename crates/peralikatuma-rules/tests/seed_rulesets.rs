//! The rule book's games as rulesets of the family's model
//! (`Variant::ruleset`): random games of each, played with the seed
//! games' generator, are followed turn by turn by the family's generator,
//! which must list the same turns (claims as huffs, P6 as F4), reach the
//! same positions, and end the game alike (E1). The shared perft counts
//! are checked in `tests/perft.rs`.
#![allow(clippy::unwrap_used)]

use peralikatuma_rules::family;
use peralikatuma_rules::{Position, Variant};
use proptest::prelude::*;

/// Plays one random game of `variant` from `start` with the seed games'
/// generator, checking the family's at every position; returns the turns
/// played.
fn follow(start: Position, choices: &[usize]) -> Result<usize, TestCaseError> {
    let mut position = start;
    for (ply, &choice) in choices.iter().enumerate() {
        let ours = family::Position::from(&position);
        let board = ours.board();
        let mut family_turns: Vec<String> =
            ours.legal_turns().iter().map(|t| t.text(board)).collect();
        let seed_turns = position.legal_turns();
        let mut texts: Vec<String> = seed_turns.iter().map(|t| t.to_string()).collect();
        family_turns.sort();
        texts.sort();
        prop_assert_eq!(&family_turns, &texts, "ply {} {}", ply, position);
        if seed_turns.is_empty() {
            // E1: no legal turn loses, in both models.
            prop_assert!(position.outcome().is_some(), "{}", position);
            prop_assert_eq!(ours.outcome(), position.outcome(), "{}", position);
            return Ok(ply);
        }
        let turn = seed_turns[choice % seed_turns.len()];
        let next = position.play_unchecked(&turn);
        let family_turn = ours.parse_turn(&turn.to_string()).unwrap();
        prop_assert_eq!(
            ours.play_unchecked(&family_turn),
            family::Position::from(&next),
            "ply {} {} then {}",
            ply,
            position,
            turn
        );
        position = next;
    }
    Ok(choices.len())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 16, ..ProptestConfig::default() })]

    /// Random games of each of the three games, up to 300 turns.
    #[test]
    fn random_games_of_the_seed_games_agree_turn_by_turn(choices in prop::collection::vec(any::<usize>(), 300)) {
        for variant in Variant::ALL {
            follow(Position::start(variant), &choices)?;
        }
    }
}

/// Each seed game's ruleset has its game's board, start and rules.
#[test]
fn each_variant_has_its_ruleset() {
    for variant in Variant::ALL {
        let ruleset = variant.ruleset();
        assert_eq!(ruleset.id, variant.name());
        assert_eq!(ruleset.board.len(), variant.board().points().count());
        assert_eq!(
            family::Position::start(ruleset),
            family::Position::from(&Position::start(variant)),
            "{variant}"
        );
    }
}
