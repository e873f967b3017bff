//! The types as keys (issue 10, "Use the types as keys and data"):
//! positions, setups, turns, games and sides are `Eq` and `Hash`, and
//! their hashes agree with equality: things that are equal land on one key
//! of a hash set, however they were made.
#![allow(clippy::unwrap_used)]

use std::collections::HashSet;

use peralikatuma_rules::Side;
use peralikatuma_rules::{Position, Ruleset, SEED_RULESETS, Setup, Turn};

/// Every position `depth` turns after the start of `variant`, one per path
/// of play (a position reached by two orders of turns is there twice).
fn positions_by_path(variant: &'static Ruleset, depth: usize) -> Vec<Position> {
    let mut layer = vec![Position::start(variant)];
    for _ in 0..depth {
        layer = layer
            .iter()
            .flat_map(|p| {
                p.legal_turns()
                    .iter()
                    .map(|t| p.play(t).unwrap())
                    .collect::<Vec<_>>()
            })
            .collect();
    }
    layer
}

#[test]
fn positions_reached_by_different_orders_are_one_key() {
    for variant in Ruleset::RULE_BOOK {
        // Alquerque's first turns are few and mostly forced: it needs more
        // of them for two orders to meet.
        let depth = if variant == Ruleset::ALQUERQUE { 6 } else { 4 };
        let paths = positions_by_path(variant, depth);
        let positions: HashSet<Position> = paths.iter().copied().collect();
        let setups: HashSet<Setup> = paths.iter().map(Position::setup).collect();
        // The text (N3) with the game says everything about a position.
        let texts: HashSet<(&str, String)> = paths
            .iter()
            .map(|p| (p.ruleset().id, p.to_string()))
            .collect();
        assert!(texts.len() < paths.len(), "{variant}: no transposition");
        assert_eq!(positions.len(), texts.len(), "{variant}");
        assert_eq!(setups.len(), texts.len(), "{variant}");
    }
}

#[test]
fn a_turn_built_from_text_or_points_is_the_key_of_the_generated_turn() {
    let position =
        Position::parse(Ruleset::PERALIKATUMA, "W:Wd4,c3,e3:Be6,d5,f6,a7,e4:Fe6").unwrap();
    let generated = position.legal_turns();
    let mut keys: HashSet<Turn> = generated.iter().copied().collect();
    assert_eq!(keys.len(), generated.len());
    let board = position.board();
    for turn in generated.iter() {
        // Read back from its text, and picked again by its points (the
        // claim, then the path).
        keys.insert(position.parse_turn(&turn.text(board)).unwrap());
        let path: Vec<u8> = std::iter::once(turn.from())
            .chain(turn.landings().iter().copied())
            .collect();
        keys.insert(position.check_pick(turn.huff(), &path).unwrap());
        assert!(usize::from(turn.from()) < board.len());
    }
    assert_eq!(keys.len(), generated.len());
    // The same move with a claim is another turn (P7).
    let plain = position.parse_turn("d4-d5").unwrap_err();
    assert!(plain.refusal().is_some(), "d5 is Black's: {plain}");
    let (plain, claimed) = (
        position.parse_turn("c3-c4").unwrap(),
        position.parse_turn("!e6 c3-c4").unwrap(),
    );
    assert_ne!(plain, claimed);
    assert!(keys.contains(&plain) && keys.contains(&claimed));
}

#[test]
fn games_sides_and_point_names_are_keys() {
    assert_eq!(
        Ruleset::RULE_BOOK.into_iter().collect::<HashSet<_>>().len(),
        3
    );
    assert_eq!(Side::ALL.into_iter().collect::<HashSet<_>>().len(), 2);
    let rulesets: HashSet<&Ruleset> = Ruleset::all().collect();
    assert_eq!(rulesets.len(), 21);
    // Each of the rule book's boards names its points apart (R1.6): 49
    // (P1: 23 a side and three empty), 25 (A1), 37 (M1).
    for ruleset in &SEED_RULESETS {
        let board = ruleset.board;
        let names: HashSet<String> = (0..board.len() as u8)
            .map(|p| board.point_name(p).to_string())
            .collect();
        assert_eq!(names.len(), board.len(), "{ruleset}");
    }
    let sizes = SEED_RULESETS.each_ref().map(|r| r.board.len());
    assert_eq!(sizes, [49, 25, 37]);
}
