//! The rule book's games as rulesets of the family's model
//! (`Variant::ruleset`): random games of each, played with the seed
//! games' generator, are followed turn by turn by the family's generator,
//! which must list the same turns (claims as huffs, P6 as F4), reach the
//! same positions, and end the game alike (E1). The shared perft counts
//! are checked in `tests/perft.rs`.
#![allow(clippy::unwrap_used)]

use peralikatuma_rules::family;
use peralikatuma_rules::{Game, Position, Record, Side, Variant};
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
        prop_assert_eq!(
            ours.has_legal_turn(),
            !texts.is_empty(),
            "ply {} {}",
            ply,
            position
        );
        // The pieces either side could take first agree too (A4.1: in
        // Alquerque a man's first capture goes only where it steps).
        for side in [Side::White, Side::Black] {
            let capturable = ours.capturable(side);
            let family_names: Vec<String> = (0..board.len() as u8)
                .filter(|&p| capturable & (1 << p) != 0)
                .map(|p| board.point_name(p).to_string())
                .collect();
            let seed_names: Vec<String> = position
                .capturable(side)
                .iter()
                .map(|p| position.board().point_name(p).to_string())
                .collect();
            let (mut family_names, mut seed_names) = (family_names, seed_names);
            family_names.sort();
            seed_names.sort();
            prop_assert_eq!(
                family_names,
                seed_names,
                "ply {} {} {:?}",
                ply,
                position,
                side
            );
        }
        // The captures alone (without a claim first), as the quiescence
        // search asks for them, in the order of all the turns.
        let mut captures = Vec::new();
        let _ = ours.generate_captures(|turn| {
            captures.push(*turn);
            std::ops::ControlFlow::<()>::Continue(())
        });
        let expected: Vec<_> = ours
            .legal_turns()
            .iter()
            .filter(|t| t.captured() != 0 && t.huff().is_none())
            .copied()
            .collect();
        prop_assert_eq!(captures, expected, "ply {} {}", ply, position);
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

/// Plays one random game of `variant` as a seed game and as a game of its
/// ruleset side by side: the same ends at every turn (E1, E2, E4 in the
/// order of E5), the same records (N4), and the family's game read back
/// into the seed model ([`family::Game::to_seed`]) is the seed game.
fn follow_games(variant: Variant, choices: &[usize]) -> Result<(), TestCaseError> {
    let mut seed = Game::new(variant);
    let mut ours = family::Game::new(variant.ruleset());
    for &choice in choices {
        prop_assert_eq!(ours.ending(), seed.outcome(), "after {:?}", seed.turns());
        let turns = seed.legal_turns();
        if turns.is_empty() || seed.outcome().is_some() {
            break;
        }
        let turn = turns[choice % turns.len()];
        seed.play(&turn).unwrap();
        ours.play_text(&turn.to_string()).unwrap();
    }
    let record = Record::new(seed.clone()).to_string();
    prop_assert_eq!(&family::Record::new(ours.clone()).to_string(), &record);
    let read: family::Record = record.parse().unwrap();
    prop_assert_eq!(read.game.turns(), ours.turns());
    prop_assert_eq!(ours.to_seed(), Some(seed));
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// Random games of the three games, up to 400 turns, with few pieces
    /// taken so that repetitions (E2) and sixty quiet turns (E4) end some.
    #[test]
    fn random_games_end_alike_in_both_models(choices in prop::collection::vec(any::<usize>(), 400)) {
        for variant in Variant::ALL {
            follow_games(variant, &choices)?;
        }
    }
}

/// Games that end by repetition (E2) and by sixty quiet turns (E4) end
/// alike in both models.
#[test]
fn repetitions_and_quiet_turns_end_alike() {
    // One piece each shuffles until the start comes back a third time.
    let seed_start = Position::parse(Variant::Peralikatuma, "W:Wc1:Bc9").unwrap();
    let mut seed = Game::from_position(seed_start);
    let mut ours = family::Game::from_position(family::Position::from(&seed_start));
    let shuffle = ["c1-d2", "c9-d8", "d2-c1", "d8-c9"];
    for text in shuffle.iter().cycle().take(8) {
        seed.play_text(text).unwrap();
        ours.play_text(text).unwrap();
        assert_eq!(ours.ending(), seed.outcome(), "after {text}");
    }
    assert!(
        seed.outcome().is_some(),
        "the third time of the start draws (E2)"
    );
}

/// What the one model says of a pick (a claim, the piece, its landings)
/// in `variant`'s position `text`: the legal turn, or the refusal.
fn picked(variant: Variant, text: &str, claim: Option<&str>, path: &[&str]) -> String {
    let position = family::Position::parse(variant.ruleset(), text).unwrap();
    let point = |name: &str| position.board().parse_point(name).unwrap();
    let path: Vec<u8> = path.iter().map(|&name| point(name)).collect();
    match position.check_pick(claim.map(point), &path) {
        Ok(turn) => format!("legal {}", turn.text(position.board())),
        Err(refusal) => refusal.to_string(),
    }
}

/// In the rule book's games, the one model refuses a pick as the rule
/// book does, with its rule: one landing is a step or a one-jump chain,
/// the refusal said being the step's for a point beside the piece and the
/// chain's for one further off, but the step's for a king with nothing to
/// jump (a long move, M4); a claim that cannot be is refused by P6 and
/// R2.6. (Ported from the web server's own explanation, which the rules
/// crate now gives.)
#[test]
fn a2_a4_m4_p6_r2_a_refused_pick_says_which_rule_of_the_rule_book_forbids_it() {
    use Variant::{Alquerque, Peralikatuma, Permainan};
    for (variant, text, claim, path, said) in [
        (
            Alquerque,
            "W:Wc3,a5:Be5",
            None,
            &["c3", "c2"][..],
            "a piece steps only forward, diagonally forward or sideways, never backward (A2)",
        ),
        (
            Alquerque,
            "W:Wa1,d3:Bb2,e5",
            None,
            &["d3", "d4"],
            "a capture is compulsory, and the piece on a1 can capture (A4)",
        ),
        (
            Peralikatuma,
            "W:Wc3:Bd4,e9",
            None,
            &["c3", "c5"],
            "there is no enemy piece on c4 to jump (R2.2)",
        ),
        (
            Permainan,
            "W:Wc1,Ka5:Ba7,e9",
            None,
            &["a5", "a7"],
            "a7 is not empty (M4)",
        ),
        (
            Alquerque,
            "W:Wa1:Bb2,c4,e5",
            None,
            &["a1", "c3"],
            "the chain must go on: the piece can jump again from c3 (A4.3)",
        ),
        (
            Alquerque,
            "W:Wa1,a2,b1,b2:Be5",
            None,
            &["a1"],
            "the piece on a1 has no free point beside it",
        ),
        (
            Alquerque,
            "W:Wa1:Bb2,c4,e5",
            None,
            &["a1", "c3", "c5"],
            "legal a1xc3xc5",
        ),
        (
            Alquerque,
            "W:Wa1:Be5",
            Some("e5"),
            &["a1", "a2"],
            "Alquerque has no forfeit claims: a turn is one move (R2.6)",
        ),
        (
            Peralikatuma,
            "B:We4,c1:Be5,i7:Fe4",
            Some("c1"),
            &["e5", "e6"],
            "c1 is not claimable; claimable: e4 (P6)",
        ),
    ] {
        let got = picked(variant, text, claim, path);
        assert!(got.starts_with(said), "{variant} {text} {path:?}: {got}");
    }
}

/// Turn text of the rule book's games that names no legal turn is refused
/// by the rule book's own refusal, whose rule and reason are data.
#[test]
fn r2_1_turn_text_is_refused_with_the_rule_books_reason() {
    let position = family::Position::start(Variant::Peralikatuma.ruleset());
    let error = position.parse_turn("d4-e4").unwrap_err();
    let refusal = error.refusal().expect("a refusal");
    let point = |name| position.board().parse_point(name).expect("a point");
    let e4 = family::Reason::Occupied {
        point: point("e4"),
        from: point("d4"),
        capture: false,
    };
    assert_eq!(refusal.reason, e4);
    assert_eq!(refusal.rule(), Some(peralikatuma_rules::Rule::R2_1));
    assert_eq!(refusal.to_string(), "e4 is not empty (R2.1)");
}
