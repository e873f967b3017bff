//! Properties of positions reached by random play from the start of
//! Peralikatuma, checked with proptest against the reference generator of
//! `tests/reference` (written straight from RULES.md R1.4, R2, P3-P7) and
//! against the crate's own round trips: position text (N3), turn text (N2),
//! hashes, undo, claimable pieces (P6) and game records (N4).
#![allow(clippy::unwrap_used)]

#[allow(dead_code)]
mod reference;

use std::collections::{BTreeMap, BTreeSet};

use peralikatuma_rules::{Game, Position, Record, Variant};
use proptest::prelude::*;
use reference::{RefPosition, RefTurn, claimable_given, geometry, names, points_of};

const V: Variant = Variant::Peralikatuma;

/// The reference board has the figures R1.4 gives to test against: 49
/// points, 96 adjacent pairs, 24 lines; 9 points with 8 neighbours, 8 with
/// 4, 24 with 3, 8 with 2.
#[test]
fn reference_board_has_the_figures_of_r1_4() {
    let g = geometry();
    assert_eq!(g.points.len(), 49);
    assert_eq!(g.lines.len(), 24);
    let pairs: usize = g.neighbours.values().map(BTreeSet::len).sum();
    assert_eq!(pairs / 2, 96);
    let degree = |d: usize| g.neighbours.values().filter(|n| n.len() == d).count();
    assert_eq!([degree(8), degree(4), degree(3), degree(2)], [9, 8, 24, 8]);
    assert_eq!(g.neighbours.len(), 49);
}

/// The reference generator gives the six turns of the start position
/// (perft 1 = 6): steps to `d5`, `e5`, `f5` only; `d5` and `f5` have no
/// diagonals (R1.2).
#[test]
fn reference_start_turns() {
    let start = RefPosition::from_position(&Position::start(V));
    let texts: BTreeSet<String> = start.turn_texts().into_iter().collect();
    let expected: BTreeSet<String> = ["c5-d5", "d4-d5", "d4-e5", "e4-e5", "f4-e5", "f4-f5"]
        .into_iter()
        .map(String::from)
        .collect();
    assert_eq!(texts, expected);
}

/// Checks one position before a turn is chosen: (a) legal turns against the
/// reference, (b) position text, (e) every turn's text, and for every legal
/// turn (c) the hash and (f) the claimable pieces after it.
fn check_position(position: &Position) -> Result<(), TestCaseError> {
    let text = position.to_string();
    let reference = RefPosition::from_position(position);

    // (a) The legal turns are the reference's, without duplicates, and the
    // counter agrees.
    let turns = position.legal_turns();
    let crate_texts: Vec<String> = turns.iter().map(|t| t.notation(V).to_string()).collect();
    let crate_set: BTreeSet<String> = crate_texts.iter().cloned().collect();
    prop_assert_eq!(
        crate_set.len(),
        crate_texts.len(),
        "duplicate turns in {}: {:?}",
        text,
        crate_texts
    );
    let ref_turns = reference.turns();
    let ref_texts: Vec<String> = ref_turns.iter().map(|t| t.notation()).collect();
    let ref_set: BTreeSet<String> = ref_texts.iter().cloned().collect();
    prop_assert_eq!(ref_set.len(), ref_texts.len(), "reference duplicates");
    let by_text: BTreeMap<&str, &RefTurn> = ref_texts
        .iter()
        .map(String::as_str)
        .zip(&ref_turns)
        .collect();
    if crate_set != ref_set {
        let missing: Vec<&String> = ref_set.difference(&crate_set).collect();
        let extra: Vec<&String> = crate_set.difference(&ref_set).collect();
        prop_assert!(
            false,
            "legal turns of {} differ from the reference: missing {:?}, extra {:?}",
            text,
            missing,
            extra
        );
    }
    prop_assert_eq!(
        position.count_legal_turns(),
        turns.len(),
        "count in {}",
        text
    );

    // (b) Position text round-trips, text included.
    let parsed = Position::parse(V, &text);
    prop_assert!(parsed.is_ok(), "{} does not parse: {:?}", text, parsed);
    let parsed = parsed.unwrap();
    prop_assert_eq!(parsed, *position, "{}", text);
    prop_assert_eq!(parsed.to_string(), text.clone());

    // The reference's jumpers for each claim (P6.1), computed once.
    let mut jumpers = BTreeMap::new();
    for (turn, turn_text) in turns.iter().zip(&crate_texts) {
        // (e) Turn text reads back as the same turn.
        let back = position.parse_turn(turn_text);
        prop_assert!(back.is_ok(), "`{}` in {}: {:?}", turn_text, text, back);
        prop_assert_eq!(back.unwrap(), *turn, "`{}` in {}", turn_text, text);

        let next = position.play_unchecked(turn);
        // (c) The hash kept up to date is the hash from scratch.
        prop_assert_eq!(
            next.hash(),
            next.hash_from_scratch(),
            "hash after `{}` in {}",
            turn_text,
            text
        );
        // (f) Claimable pieces after the turn are the reference's.
        let ref_turn = by_text[turn_text.as_str()];
        let jumpers = jumpers
            .entry(ref_turn.claim)
            .or_insert_with(|| reference.jumpers(ref_turn.claim));
        let expected = claimable_given(jumpers, ref_turn);
        let got = points_of(next.claimable());
        prop_assert_eq!(
            names(&got),
            names(&expected),
            "claimable after `{}` in {}",
            turn_text,
            text
        );
    }
    Ok(())
}

/// Plays a random game from the start, `choices[i]` choosing the i-th turn
/// among the legal ones, checking every position on the way and the game
/// itself: (d) play then undo restores it, (g) its record round-trips.
fn check_random_game(choices: &[usize]) -> Result<(), TestCaseError> {
    let mut game = Game::new(V);
    for &choice in choices {
        if game.outcome().is_some() {
            break;
        }
        check_position(game.position())?;
        let turns = game.legal_turns();
        prop_assert!(!turns.is_empty(), "no legal turn but no outcome");
        let turn = turns[choice % turns.len()];

        // (d) Play then undo gives back the same game.
        let before = game.clone();
        let played = game.play(&turn);
        prop_assert!(played.is_ok(), "{:?}", played);
        // (c) after the turn actually played.
        prop_assert_eq!(game.position().hash(), game.position().hash_from_scratch());
        let after = game.clone();
        let undone = game.undo();
        prop_assert_eq!(undone, Some(turn));
        prop_assert_eq!(game.position(), before.position());
        prop_assert_eq!(game.turns(), before.turns());
        prop_assert_eq!(game.outcome(), before.outcome());
        prop_assert_eq!(&game, &before);
        game.play(&turn).unwrap();
        prop_assert_eq!(&game, &after);
    }
    if game.outcome().is_none() {
        check_position(game.position())?;
    }

    // (g) The game's record, written and read, is the same record and text.
    let record = Record::new(game);
    let text = record.to_string();
    let read = text.parse::<Record>();
    prop_assert!(read.is_ok(), "{:?} reading\n{}", read, text);
    let read = read.unwrap();
    prop_assert_eq!(&read, &record, "{}", text);
    prop_assert_eq!(read.to_string(), text);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_games_agree_with_the_reference_and_round_trip(
        choices in prop::collection::vec(any::<usize>(), 0..120)
    ) {
        check_random_game(&choices)?;
    }
}
