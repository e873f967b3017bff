//! The rule book's games as rulesets of the one model
//! (`Ruleset::RULE_BOOK`): random games of each are checked turn by turn
//! against the reference generator of `tests/reference` (written straight
//! from RULES.md), which must list the same turns (claims as huffs, P6 as
//! F4), the same pieces either side could take first, and the same end
//! (E1); games end by repetition (E2) as the rule book says; and a refused
//! pick says which rule forbids it. The shared perft counts are checked in
//! `tests/perft.rs`, the turns' effects in `tests/properties.rs`.
#![allow(clippy::unwrap_used)]

#[allow(dead_code)]
mod reference;

use std::collections::BTreeSet;

use peralikatuma_rules::{DrawReason, Outcome, Ruleset, Side};
use peralikatuma_rules::{Game, Position, Reason};
use proptest::prelude::*;
use reference::{Pt, RefPosition, family_points_of, geometry};

/// The pieces `reference`'s side to move could take first: the first
/// piece jumped by each of its turns that claims nothing.
fn first_captures(reference: &RefPosition) -> BTreeSet<Pt> {
    reference
        .turns()
        .iter()
        .filter(|t| t.claim.is_none())
        .filter_map(|t| t.captured.first().copied())
        .collect()
}

/// Plays one random game of `variant` on the one model, checking it
/// against the reference generator at every position; returns the turns
/// played.
fn follow(variant: &'static Ruleset, choices: &[usize]) -> Result<usize, TestCaseError> {
    let mut position = Position::start(variant);
    let board = position.board();
    for (ply, &choice) in choices.iter().enumerate() {
        let reference = RefPosition::from_family(&position);
        let turns = position.legal_turns();
        let mut ours: Vec<String> = turns.iter().map(|t| t.text(board)).collect();
        let mut theirs = reference.turn_texts();
        ours.sort();
        theirs.sort();
        prop_assert_eq!(&ours, &theirs, "ply {} {}", ply, position);
        prop_assert_eq!(
            position.has_legal_turn(),
            !theirs.is_empty(),
            "ply {} {}",
            ply,
            position
        );
        // The pieces either side could take first (A4.1: in Alquerque a
        // man's first capture goes only where it steps): the other side's
        // as if it were to move, with nothing to claim.
        let mut other = reference.clone();
        other.to_move = reference.to_move.opposite();
        std::mem::swap(&mut other.own, &mut other.enemy);
        other.claimable.clear();
        for (side, reference) in [(reference.to_move, &reference), (other.to_move, &other)] {
            prop_assert_eq!(
                family_points_of(&position, position.capturable(side)),
                first_captures(reference),
                "ply {} {} {:?}",
                ply,
                position,
                side
            );
        }
        // The captures alone (without a claim first), as the quiescence
        // search asks for them, in the order of all the turns.
        let mut captures = Vec::new();
        let _ = position.generate_captures(|turn| {
            captures.push(*turn);
            std::ops::ControlFlow::<()>::Continue(())
        });
        let expected: Vec<_> = turns
            .iter()
            .filter(|t| t.captured() != 0 && t.huff().is_none())
            .copied()
            .collect();
        prop_assert_eq!(captures, expected, "ply {} {}", ply, position);
        if turns.is_empty() {
            // E1: a player with no legal turn loses.
            let side = position.side_to_move();
            prop_assert!(
                matches!(
                    position.outcome(),
                    Some(Outcome::Win { winner, .. }) if winner == side.opposite()
                ),
                "{}: {:?}",
                position,
                position.outcome()
            );
            return Ok(ply);
        }
        let turn = turns[choice % turns.len()];
        position = position.play_unchecked(&turn);
    }
    Ok(choices.len())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 16, ..ProptestConfig::default() })]

    /// Random games of each of the three games, up to 300 turns.
    #[test]
    fn random_games_of_the_rule_books_games_agree_with_the_reference(choices in prop::collection::vec(any::<usize>(), 300)) {
        for variant in Ruleset::RULE_BOOK {
            follow(variant, &choices)?;
        }
    }
}

/// Each of the rule book's games has its ruleset, with the game's board
/// (R1.4, R1.5: the points the reference reads from the rule book) and
/// start (R1.2: as many pieces a side as the game says).
#[test]
fn each_rule_book_game_has_its_board_and_start() {
    for (ruleset, pieces) in [
        (Ruleset::PERALIKATUMA, 23),
        (Ruleset::ALQUERQUE, 12),
        (Ruleset::PERMAINAN, 16),
    ] {
        assert!(ruleset.is_rule_book(), "{ruleset}");
        assert_eq!(
            ruleset.board.len(),
            geometry(ruleset).points.len(),
            "{ruleset}"
        );
        let start = Position::start(ruleset);
        for side in [Side::White, Side::Black] {
            assert_eq!(
                start.pieces(side).count_ones(),
                pieces,
                "{ruleset} {side:?}"
            );
        }
        assert_eq!(start.side_to_move(), Side::White, "{ruleset}");
    }
}

/// A game that comes back to its start a third time is drawn (E2), and
/// not before.
#[test]
fn e2_the_third_time_of_a_position_draws() {
    let start = Position::parse(Ruleset::PERALIKATUMA, "W:Wc1:Bc9").unwrap();
    let mut game = Game::from_position(start);
    let shuffle = ["c1-d2", "c9-d8", "d2-c1", "d8-c9"];
    for (ply, text) in shuffle.iter().cycle().take(8).enumerate() {
        assert_eq!(game.ending(), None, "before ply {ply}, {text}");
        game.play_text(text).unwrap();
    }
    assert_eq!(
        game.ending(),
        Some(Outcome::Draw {
            reason: DrawReason::Repetition
        }),
        "the third time of the start draws (E2)"
    );
}

/// What the one model says of a pick (a claim, the piece, its landings)
/// in `variant`'s position `text`: the legal turn, or the refusal.
fn picked(variant: &'static Ruleset, text: &str, claim: Option<&str>, path: &[&str]) -> String {
    let position = Position::parse(variant, text).unwrap();
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
    for (variant, text, claim, path, said) in [
        (
            Ruleset::ALQUERQUE,
            "W:Wc3,a5:Be5",
            None,
            &["c3", "c2"][..],
            "a piece steps only forward, diagonally forward or sideways, never backward (A2)",
        ),
        (
            Ruleset::ALQUERQUE,
            "W:Wa1,d3:Bb2,e5",
            None,
            &["d3", "d4"],
            "a capture is compulsory, and the piece on a1 can capture (A4)",
        ),
        (
            Ruleset::PERALIKATUMA,
            "W:Wc3:Bd4,e9",
            None,
            &["c3", "c5"],
            "there is no enemy piece on c4 to jump (R2.2)",
        ),
        (
            Ruleset::PERMAINAN,
            "W:Wc1,Ka5:Ba7,e9",
            None,
            &["a5", "a7"],
            "a7 is not empty (M4)",
        ),
        (
            Ruleset::ALQUERQUE,
            "W:Wa1:Bb2,c4,e5",
            None,
            &["a1", "c3"],
            "the chain must go on: the piece can jump again from c3 (A4.3)",
        ),
        (
            Ruleset::ALQUERQUE,
            "W:Wa1,a2,b1,b2:Be5",
            None,
            &["a1"],
            "the piece on a1 has no free point beside it",
        ),
        (
            Ruleset::ALQUERQUE,
            "W:Wa1:Bb2,c4,e5",
            None,
            &["a1", "c3", "c5"],
            "legal a1xc3xc5",
        ),
        (
            Ruleset::ALQUERQUE,
            "W:Wa1:Be5",
            Some("e5"),
            &["a1", "a2"],
            "Alquerque has no forfeit claims: a turn is one move (R2.6)",
        ),
        (
            Ruleset::PERALIKATUMA,
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
    let position = Position::start(Ruleset::PERALIKATUMA);
    let error = position.parse_turn("d4-e4").unwrap_err();
    let refusal = error.refusal().expect("a refusal");
    let point = |name| position.board().parse_point(name).expect("a point");
    let e4 = Reason::Occupied {
        point: point("e4"),
        from: point("d4"),
        capture: false,
    };
    assert_eq!(refusal.reason, e4);
    assert_eq!(refusal.rule(), Some(peralikatuma_rules::Rule::R2_1));
    assert_eq!(refusal.to_string(), "e4 is not empty (R2.1)");
}
