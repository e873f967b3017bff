//! Properties of positions reached by random play from the start of each of
//! the three games, checked with proptest against the reference generator
//! of `tests/reference` (written straight from RULES.md: R1.4-R1.6, R2,
//! P3-P7, A1-A5, M1-M6) and against the crate's own round trips: position
//! text (N3), turn text (N2), hashes, undo, the state a turn leaves behind
//! (claimable pieces P6, no-return restrictions A5, kings M6) and game
//! records (N4).
#![allow(clippy::unwrap_used)]

#[allow(dead_code)]
mod reference;

use std::collections::{BTreeMap, BTreeSet};

use peralikatuma_rules::Ruleset;
use peralikatuma_rules::{Game, Position, Record};
use proptest::prelude::*;
use reference::{
    Pt, RefPosition, RefTurn, claimable_given, family_points_of, game_name, game_pt, geometry,
};

/// The hash of `p` from scratch: of the same position read back from its
/// setup.
fn rehashed(p: &Position) -> u64 {
    Position::from_setup(&p.setup()).unwrap().zobrist()
}

/// Random games checked per game.
const CASES: u32 = 48;

/// The reference boards have the figures R1.4 and R1.5 give to test
/// against: the whole board 49 points, 96 adjacent pairs, 24 lines, with 9
/// points of 8 neighbours, 8 of 4, 24 of 3 and 8 of 2; Permainan's 37
/// points, 76 pairs, 20 lines; Alquerque's 25 points, 56 pairs, 16 lines.
#[test]
fn reference_boards_have_the_figures_of_r1_4_and_r1_5() {
    for (game, figures) in [
        (Ruleset::PERALIKATUMA, [49, 96, 24]),
        (Ruleset::PERMAINAN, [37, 76, 20]),
        (Ruleset::ALQUERQUE, [25, 56, 16]),
    ] {
        let g = geometry(game);
        let pairs: usize = g.neighbours.values().map(BTreeSet::len).sum();
        assert_eq!(
            [g.points.len(), pairs / 2, g.lines.len()],
            figures,
            "{game}"
        );
        assert_eq!(g.neighbours.len(), g.points.len(), "{game}");
    }
    let g = geometry(Ruleset::PERALIKATUMA);
    let degree = |d: usize| g.neighbours.values().filter(|n| n.len() == d).count();
    assert_eq!([degree(8), degree(4), degree(3), degree(2)], [9, 8, 24, 8]);
}

/// The reference's point names are those of the figures of R1.6.
#[test]
fn reference_point_names_follow_r1_6() {
    let permainan = "
        a9 c9 e9 b8 c8 d8 a7 b7 c7 d7 e7 a6 b6 c6 d6 e6 a5 b5 c5 d5 e5
        a4 b4 c4 d4 e4 a3 b3 c3 d3 e3 b2 c2 d2 a1 c1 e1";
    let alquerque = "
        a5 b5 c5 d5 e5 a4 b4 c4 d4 e4 a3 b3 c3 d3 e3 a2 b2 c2 d2 e2
        a1 b1 c1 d1 e1";
    for (game, figure) in [
        (Ruleset::PERMAINAN, permainan),
        (Ruleset::ALQUERQUE, alquerque),
    ] {
        let expected: BTreeSet<&str> = figure.split_whitespace().collect();
        let got: BTreeSet<String> = geometry(game)
            .points
            .iter()
            .map(|&p| game_name(game, p))
            .collect();
        let got: BTreeSet<&str> = got.iter().map(String::as_str).collect();
        assert_eq!(got, expected, "{game}");
        for name in expected {
            assert_eq!(game_name(game, game_pt(game, name)), name);
        }
    }
    // Permainan's a1 is c1 of the whole board, Alquerque's a1 is c3.
    assert_eq!(game_pt(Ruleset::PERMAINAN, "a1"), reference::pt("c1"));
    assert_eq!(game_pt(Ruleset::ALQUERQUE, "a1"), reference::pt("c3"));
}

/// The reference generator gives the turns of each start position (perft
/// 1 = 6, 4, 9). Peralikatuma: steps to `d5`, `e5`, `f5` only; `d5` and
/// `f5` have no diagonals (R1.2). Alquerque: steps to the centre `c3`.
/// Permainan: steps to the empty middle row, diagonals only from `b4` and
/// `d4`.
#[test]
fn reference_start_turns() {
    for (game, expected) in [
        (
            Ruleset::PERALIKATUMA,
            &["c5-d5", "d4-d5", "d4-e5", "e4-e5", "f4-e5", "f4-f5"][..],
        ),
        (
            Ruleset::ALQUERQUE,
            &["b2-c3", "c2-c3", "d2-c3", "d3-c3"][..],
        ),
        (
            Ruleset::PERMAINAN,
            &[
                "a4-a5", "b4-a5", "b4-b5", "b4-c5", "c4-c5", "d4-c5", "d4-d5", "d4-e5", "e4-e5",
            ][..],
        ),
    ] {
        let start = RefPosition::from_family(&Position::start(game));
        let texts: BTreeSet<String> = start.turn_texts().into_iter().collect();
        let expected: BTreeSet<String> = expected.iter().map(|&t| t.to_owned()).collect();
        assert_eq!(texts, expected, "{game}");
    }
}

/// A set of points in the game's own names, for messages.
fn game_names(game: &'static Ruleset, set: &BTreeSet<Pt>) -> Vec<String> {
    set.iter().map(|&p| game_name(game, p)).collect()
}

/// What differs between the reference's position and the crate's, in the
/// game's names.
fn difference(expected: &RefPosition, got: &RefPosition) -> String {
    let game = expected.game;
    let mut out = Vec::new();
    let sets = [
        ("pieces to move", &expected.own, &got.own),
        ("other pieces", &expected.enemy, &got.enemy),
        ("kings", &expected.kings, &got.kings),
        ("claimable", &expected.claimable, &got.claimable),
    ];
    for (what, e, g) in sets {
        if e != g {
            out.push(format!(
                "{what}: expected {:?}, got {:?}",
                game_names(game, e),
                game_names(game, g)
            ));
        }
    }
    if expected.no_return != got.no_return {
        out.push(format!(
            "no-return: expected {:?}, got {:?}",
            restriction_texts(game, &expected.no_return),
            restriction_texts(game, &got.no_return)
        ));
    }
    if expected.to_move != got.to_move || expected.game != got.game {
        out.push(format!("expected {expected:?}, got {got:?}"));
    }
    out.join("; ")
}

/// The restrictions of A5 as `y-x` texts in the game's names.
fn restriction_texts(game: &'static Ruleset, set: &BTreeSet<(Pt, Pt)>) -> Vec<String> {
    set.iter()
        .map(|&(y, x)| format!("{}-{}", game_name(game, y), game_name(game, x)))
        .collect()
}

/// Checks one position before a turn is chosen: (a) legal turns against the
/// reference, (b) position text, (e) every turn's text, and for every legal
/// turn (c) the hash and (f) the state the game keeps after it (claimable
/// pieces P6, no-return restrictions A5, kings M6) against the reference.
/// Returns the reference's turns by their text.
fn check_position(position: &Position) -> Result<BTreeMap<String, RefTurn>, TestCaseError> {
    let game = position.ruleset();
    let text = position.to_string();
    let reference = RefPosition::from_family(position);

    // (a) The legal turns are the reference's, without duplicates, and the
    // counter agrees.
    let turns = position.legal_turns();
    let crate_texts: Vec<String> = turns.iter().map(|t| t.text(position.board())).collect();
    let crate_set: BTreeSet<String> = crate_texts.iter().cloned().collect();
    prop_assert_eq!(
        crate_set.len(),
        crate_texts.len(),
        "duplicate turns in {} {}: {:?}",
        game,
        text,
        crate_texts
    );
    let ref_turns = reference.turns();
    let ref_texts: Vec<String> = ref_turns.iter().map(RefTurn::notation).collect();
    let ref_set: BTreeSet<String> = ref_texts.iter().cloned().collect();
    prop_assert_eq!(ref_set.len(), ref_texts.len(), "reference duplicates");
    let by_text: BTreeMap<String, RefTurn> = ref_texts.iter().cloned().zip(ref_turns).collect();
    if crate_set != ref_set {
        let missing: Vec<&String> = ref_set.difference(&crate_set).collect();
        let extra: Vec<&String> = crate_set.difference(&ref_set).collect();
        prop_assert!(
            false,
            "legal turns of {} {} differ from the reference: missing {:?}, extra {:?}",
            game,
            text,
            missing,
            extra
        );
    }
    prop_assert_eq!(
        position.perft(1),
        turns.len() as u64,
        "count in {} {}",
        game,
        text
    );

    // (b) Position text round-trips, text included.
    let parsed = Position::parse(position.ruleset(), &text);
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
            next.zobrist(),
            rehashed(&next),
            "hash after `{}` in {}",
            turn_text,
            text
        );
        // (f) The state after the turn is the reference's.
        let ref_turn = &by_text[turn_text];
        let (expected, got) = if game == Ruleset::PERALIKATUMA {
            let jumpers = jumpers
                .entry(ref_turn.claim)
                .or_insert_with(|| reference.jumpers(ref_turn.claim));
            (
                game_names(game, &claimable_given(jumpers, ref_turn)),
                game_names(game, &family_points_of(&next, next.huffable())),
            )
        } else if game == Ruleset::ALQUERQUE {
            (
                restriction_texts(game, &reference.no_return_after(ref_turn)),
                restriction_texts(game, &RefPosition::from_family(&next).no_return),
            )
        } else {
            (
                game_names(game, &reference.kings_after(ref_turn)),
                game_names(game, &RefPosition::from_family(&next).kings),
            )
        };
        prop_assert_eq!(
            got,
            expected,
            "{} after `{}` in {}",
            state_name(game),
            turn_text,
            text
        );
    }
    Ok(by_text)
}

/// The state the game keeps beyond pieces and side to move.
fn state_name(game: &'static Ruleset) -> &'static str {
    if game == Ruleset::PERALIKATUMA {
        "claimable pieces (P6)"
    } else if game == Ruleset::ALQUERQUE {
        "no-return restrictions (A5)"
    } else {
        "kings (M6)"
    }
}

/// Plays a random game of `game_variant` from its start, `choices[i]`
/// choosing the i-th turn among the legal ones, checking every position on
/// the way and the game itself: (f) the whole position after each turn
/// played (pieces, side to move, kings, claimable pieces, restrictions) is
/// the reference's, (d) play then undo restores it, (g) its record
/// round-trips.
fn check_random_game(
    game_variant: &'static Ruleset,
    choices: &[usize],
) -> Result<(), TestCaseError> {
    let mut game = Game::new(game_variant);
    for &choice in choices {
        if game.ending().is_some() {
            break;
        }
        let ref_turns = check_position(game.position())?;
        let turns = game.legal_turns();
        prop_assert!(!turns.is_empty(), "no legal turn but no outcome");
        let turn = turns[choice % turns.len()];
        let turn_text = turn.text(game.position().board());
        let expected = RefPosition::from_family(game.position()).play(&ref_turns[&turn_text]);

        // (d) Play then undo gives back the same game.
        let before = game.clone();
        let played = game.play(&turn);
        prop_assert!(played.is_ok(), "{:?}", played);
        // (c) after the turn actually played.
        prop_assert_eq!(game.position().zobrist(), rehashed(game.position()));
        // (f) The whole position after the turn played is the reference's.
        let got = RefPosition::from_family(game.position());
        prop_assert!(
            got == expected,
            "after `{}` (crate: {}): {}",
            turn_text,
            game.position(),
            difference(&expected, &got)
        );
        let after = game.clone();
        let undone = game.undo();
        prop_assert_eq!(undone, Some(turn));
        prop_assert_eq!(game.position(), before.position());
        prop_assert_eq!(game.turns(), before.turns());
        prop_assert_eq!(game.ending(), before.ending());
        prop_assert_eq!(&game, &before);
        game.play(&turn).unwrap();
        prop_assert_eq!(&game, &after);
    }
    if game.ending().is_none() {
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
    #![proptest_config(ProptestConfig::with_cases(CASES))]

    #[test]
    fn peralikatuma_random_games_agree_with_the_reference_and_round_trip(
        choices in prop::collection::vec(any::<usize>(), 0..120)
    ) {
        check_random_game(Ruleset::PERALIKATUMA, &choices)?;
    }

    #[test]
    fn alquerque_random_games_agree_with_the_reference_and_round_trip(
        choices in prop::collection::vec(any::<usize>(), 0..120)
    ) {
        check_random_game(Ruleset::ALQUERQUE, &choices)?;
    }

    #[test]
    fn permainan_random_games_agree_with_the_reference_and_round_trip(
        choices in prop::collection::vec(any::<usize>(), 0..120)
    ) {
        check_random_game(Ruleset::PERMAINAN, &choices)?;
    }
}
