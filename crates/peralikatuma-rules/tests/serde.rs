//! The `serde` feature (issue 10, "Use the types as keys and data"): games
//! by name, positions and setups as their text (N3) with their game, turns
//! as their text (N2) with their game, outcomes with readable names,
//! records as their text (N4). What is written reads back the same, and
//! anything wrong is an error with the crate's message, never a panic.
#![cfg(feature = "serde")]
#![allow(clippy::unwrap_used)]

mod common;

use common::assert_mentions;
use peralikatuma_rules::{
    Bitboard, DrawReason, Game, Outcome, Point, Position, Record, Setup, Side, Turn, Variant,
    WinReason,
};
use proptest::prelude::*;
use serde::Serialize;
use serde::de::DeserializeOwned;

fn json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap()
}

/// The error that reading `text` as a `T` gives.
fn error<T: DeserializeOwned + std::fmt::Debug>(text: &str) -> String {
    serde_json::from_str::<T>(text).unwrap_err().to_string()
}

fn round_trip<T: Serialize + DeserializeOwned + PartialEq + std::fmt::Debug>(value: &T) {
    let written = json(value);
    let read: T = serde_json::from_str(&written).unwrap();
    assert_eq!(&read, value, "{written}");
}

/// A game of `variant` played from its start, each turn chosen by the next
/// of `choices`.
fn played(variant: Variant, choices: &[u8]) -> Game {
    common::played(
        Position::start(variant),
        choices.iter().map(|&c| usize::from(c)),
    )
}

#[test]
fn a_variant_is_its_lower_case_name_read_in_any_case() {
    for variant in Variant::ALL {
        assert_eq!(json(&variant), format!("\"{}\"", variant.name()));
        round_trip(&variant);
    }
    let read: Variant = serde_json::from_str("\"PermaINAN\"").unwrap();
    assert_eq!(read, Variant::Permainan);
    assert_mentions(
        &error::<Variant>("\"chess\""),
        &["unknown game `chess`", "peralikatuma, alquerque, permainan"],
    );
    assert_mentions(&error::<Variant>("3"), &["invalid type"]);
}

#[test]
fn a_side_is_white_or_black() {
    assert_eq!(json(&Side::White), "\"white\"");
    assert_eq!(json(&Side::Black), "\"black\"");
    for side in Side::ALL {
        round_trip(&side);
    }
    let read: Side = serde_json::from_str("\"Black\"").unwrap();
    assert_eq!(read, Side::Black);
    assert_mentions(
        &error::<Side>("\"red\""),
        &["unknown side `red`", "white, black"],
    );
}

#[test]
fn a_position_is_its_game_and_its_text() {
    let start = Position::start(Variant::Alquerque);
    assert_eq!(
        json(&start),
        r#"{"variant":"alquerque","position":"W:Wa1,b1,c1,d1,e1,a2,b2,c2,d2,e2,d3,e3:Ba3,b3,a4,b4,c4,d4,e4,a5,b5,c5,d5,e5"}"#
    );
    for variant in Variant::ALL {
        round_trip(&Position::start(variant));
    }
    // Every field of N3: claimable pieces (P6), restrictions (A5), kings
    // (M4) and the counter of E4.
    for (variant, text) in [
        (Variant::Peralikatuma, "B:Wd4,e5:Bf6:Fd4:C3"),
        (Variant::Alquerque, "W:Wc3:Bd5:Rc3-b3,d5-e5:C12"),
        (Variant::Permainan, "W:Wb2,Kc5:BKa1,d7"),
    ] {
        let position = Position::parse(variant, text).unwrap();
        round_trip(&position);
        assert!(json(&position).contains(text), "{}", json(&position));
    }
}

#[test]
fn a_position_is_read_with_every_check_of_position_text() {
    let read: Position =
        serde_json::from_str(r#"{"variant": "Peralikatuma", "position": " W:We5:Bf6 "}"#).unwrap();
    assert_eq!(read.to_string(), "W:We5:Bf6");
    // The game.
    assert_mentions(
        &error::<Position>(r#"{"variant": "chess", "position": "W:We5:Bf6"}"#),
        &["unknown game `chess`"],
    );
    // The syntax (N3).
    assert_mentions(
        &error::<Position>(r#"{"variant": "peralikatuma", "position": "X:We5:Bf6"}"#),
        &["side to move", "`X`"],
    );
    // The game's point names (R1.6).
    assert_mentions(
        &error::<Position>(r#"{"variant": "alquerque", "position": "W:Wi5:Ba1"}"#),
        &["`i5`", "square board"],
    );
    // The rules: claimable pieces belong to the side not to move (P6).
    assert_mentions(
        &error::<Position>(r#"{"variant": "peralikatuma", "position": "W:We5:Bf6:Fe5"}"#),
        &["claimable point e5", "P6"],
    );
    // The shape.
    assert_mentions(
        &error::<Position>(r#"{"variant": "alquerque"}"#),
        &["missing field `position`"],
    );
    assert_mentions(
        &error::<Position>(r#"{"variant": "alquerque", "position": "W:Wa1:Ba5", "turn": 3}"#),
        &["unknown field `turn`"],
    );
    assert_mentions(&error::<Position>(r#""W:Wa1:Ba5""#), &["invalid type"]);
    assert_mentions(
        &error::<Position>(r#"{"variant": "alquerque", "position": 7}"#),
        &["invalid type"],
    );
}

#[test]
fn a_setup_is_written_as_a_position_and_read_for_syntax_only() {
    let setup = Setup::parse(Variant::Peralikatuma, "W:We5:Bf6:Fe5").unwrap();
    assert_eq!(
        json(&setup),
        r#"{"variant":"peralikatuma","position":"W:We5:Bf6:Fe5"}"#
    );
    round_trip(&setup);
    // A legal position's JSON reads as its setup, and the other way round.
    let start = Position::start(Variant::Permainan);
    let read: Setup = serde_json::from_str(&json(&start)).unwrap();
    assert_eq!(read, start.to_setup());
    assert_eq!(json(&read), json(&start));
    // The syntax is still checked.
    assert_mentions(
        &error::<Setup>(r#"{"variant": "permainan", "position": "W:We5:Be5"}"#),
        &["e5 is given twice"],
    );
}

#[test]
fn a_setup_that_position_text_cannot_say_is_not_written() {
    let e5 = Variant::Peralikatuma.board().parse_point("e5").unwrap();
    let mut setup = Setup::parse(Variant::Peralikatuma, "W:We5:Bf6").unwrap();
    setup.black.insert(e5);
    let message = serde_json::to_string(&setup).unwrap_err().to_string();
    assert_mentions(&message, &["cannot be written as position text", "e5"]);

    // A king without a piece would be left out.
    let mut setup = Setup::parse(Variant::Permainan, "W:Wc5:Bd7").unwrap();
    setup
        .kings
        .insert(Variant::Permainan.board().parse_point("a1").unwrap());
    let message = serde_json::to_string(&setup).unwrap_err().to_string();
    assert_mentions(
        &message,
        &["cannot be written as position text", "leaves out"],
    );

    // A piece barred both ways would lose a restriction (A5).
    let mut setup = Setup::parse(Variant::Alquerque, "W:Wc3:Bd5:Rc3-b3").unwrap();
    setup.no_return.east = setup.no_return.west;
    let message = serde_json::to_string(&setup).unwrap_err().to_string();
    assert_mentions(&message, &["leaves out", "both east and west"]);

    // A point off the game's board has no name there.
    let i5 = Variant::Peralikatuma.board().parse_point("i5").unwrap();
    let mut setup = Setup::start(Variant::Alquerque);
    setup.claimable.insert(i5);
    let message = serde_json::to_string(&setup).unwrap_err().to_string();
    assert_mentions(&message, &[&format!("{i5:?}"), "square board"]);

    // Kings in a game without them.
    let mut setup = Setup::start(Variant::Alquerque);
    setup.kings = setup.white;
    let message = serde_json::to_string(&setup).unwrap_err().to_string();
    assert_mentions(&message, &["cannot be written", "has no kings"]);
}

#[test]
fn a_turn_is_its_game_and_its_text() {
    let position = Position::parse(Variant::Peralikatuma, "W:Wd4,c3:Be6,d5,f6,a7:Fe6").unwrap();
    let turns = position.legal_turns();
    assert!(turns.iter().any(|t| t.claim().is_some() && t.is_capture()));
    for turn in turns.iter() {
        round_trip(turn);
        assert_eq!(
            json(turn),
            format!(r#"{{"variant":"peralikatuma","turn":"{turn}"}}"#)
        );
    }
    for variant in Variant::ALL {
        for turn in Position::start(variant).legal_turns().iter() {
            round_trip(turn);
        }
    }
}

#[test]
fn a_turn_is_read_for_syntax_and_point_names_only() {
    // Legality depends on a position: a turn alone is not checked for it.
    let turn: Turn =
        serde_json::from_str(r#"{"variant": "alquerque", "turn": "!a1 e5xa1xe5"}"#).unwrap();
    assert_eq!(turn.to_string(), "!a1 e5xa1xe5");
    assert_eq!(turn.variant(), Variant::Alquerque);
    assert!(Position::start(Variant::Alquerque).check(&turn).is_err());

    assert_mentions(
        &error::<Turn>(r#"{"variant": "alquerque", "turn": "d4-d5-d6"}"#),
        &["`d4-d5-d6` is not a turn", "a step has two points"],
    );
    assert_mentions(
        &error::<Turn>(r#"{"variant": "alquerque", "turn": "e5-i5"}"#),
        &["`i5` is not a point of the square board"],
    );
    assert_mentions(
        &error::<Turn>(r#"{"variant": "checkers", "turn": "e5-e6"}"#),
        &["unknown game `checkers`"],
    );
    assert_mentions(
        &error::<Turn>(r#"{"turn": "e5-e6"}"#),
        &["missing field `variant`"],
    );
}

#[test]
fn a_turn_off_its_game_board_is_not_written() {
    // i5 is a point of the whole board, not of Alquerque's square.
    let i5 = Variant::Peralikatuma.board().parse_point("i5").unwrap();
    let e5 = Variant::Peralikatuma.board().parse_point("e5").unwrap();
    let turn = Turn::step(Variant::Alquerque, e5, i5);
    let message = serde_json::to_string(&turn).unwrap_err().to_string();
    assert_mentions(
        &message,
        &["cannot be written", &format!("{i5:?}"), "square board"],
    );
}

#[test]
fn outcomes_have_readable_names() {
    let win = Outcome::Win {
        winner: Side::Black,
        reason: WinReason::NoLegalTurn,
    };
    assert_eq!(
        json(&win),
        r#"{"win":{"winner":"black","reason":"no_legal_turn"}}"#
    );
    let draw = Outcome::Draw {
        reason: DrawReason::SixtyTurns,
    };
    assert_eq!(json(&draw), r#"{"draw":{"reason":"sixty_turns"}}"#);
    for reason in [
        WinReason::NoPieces,
        WinReason::NoLegalTurn,
        WinReason::Resignation,
        WinReason::Time,
    ] {
        for winner in Side::ALL {
            round_trip(&Outcome::Win { winner, reason });
        }
    }
    for reason in [
        DrawReason::Repetition,
        DrawReason::SixtyTurns,
        DrawReason::Agreement,
    ] {
        round_trip(&Outcome::Draw { reason });
    }
    assert_mentions(
        &error::<Outcome>(r#"{"draw":{"reason":"boredom"}}"#),
        &["unknown variant `boredom`"],
    );
}

#[test]
fn a_record_is_its_text() {
    let mut record = Record::new(played(Variant::Peralikatuma, &[3, 1, 4, 1, 5, 9, 2, 6]));
    record.set_tag("Event", "A \"quoted\" name");
    let written = json(&record);
    assert_eq!(written, serde_json::to_string(&record.to_string()).unwrap());
    round_trip(&record);

    let bad =
        serde_json::to_string("[Variant \"Peralikatuma\"]\n\n1. e4-e5 e6xe4 2. a1-a2 *\n").unwrap();
    assert_mentions(&error::<Record>(&bad), &["turn 2. `a1-a2`"]);
}

#[test]
fn positions_setups_and_turns_are_keys_that_survive_json() {
    use std::collections::HashMap;
    let game = played(Variant::Permainan, &[0, 7, 2, 9, 4, 4, 1]);
    let mut seen: HashMap<Position, Vec<Turn>> = HashMap::new();
    for position in game.positions() {
        seen.insert(*position, position.legal_turns().to_vec());
    }
    let written = serde_json::to_string(&seen.iter().collect::<Vec<_>>()).unwrap();
    let read: Vec<(Position, Vec<Turn>)> = serde_json::from_str(&written).unwrap();
    assert_eq!(read.into_iter().collect::<HashMap<_, _>>(), seen);
}

proptest! {
    /// Every position reached by play, and every legal turn of it, reads
    /// back from its JSON.
    #[test]
    fn positions_and_turns_reached_by_play_round_trip(
        variant in prop::sample::select(Variant::ALL.to_vec()),
        choices in prop::collection::vec(any::<u8>(), 0..80),
    ) {
        let game = played(variant, &choices);
        let position = *game.position();
        let read: Position = serde_json::from_str(&json(&position)).unwrap();
        prop_assert_eq!(read, position);
        let setup: Setup = serde_json::from_str(&json(&position.to_setup())).unwrap();
        prop_assert_eq!(setup, position.to_setup());
        for turn in position.legal_turns().iter() {
            let read: Turn = serde_json::from_str(&json(turn)).unwrap();
            prop_assert_eq!(&read, turn);
        }
        if let Some(outcome) = game.outcome() {
            let read: Outcome = serde_json::from_str(&json(&outcome)).unwrap();
            prop_assert_eq!(read, outcome);
        }
    }

    /// Any text in the fields gives a value or an error, never a panic.
    #[test]
    fn any_text_is_read_or_refused(
        variant in "[a-zA-Z]{0,14}",
        text in "[ -~]{0,40}",
        bits in any::<u64>(),
    ) {
        let doc = |key: &str| {
            let mut map = serde_json::Map::new();
            map.insert("variant".into(), variant.clone().into());
            map.insert(key.into(), text.clone().into());
            serde_json::Value::Object(map).to_string()
        };
        let _ = serde_json::from_str::<Position>(&doc("position"));
        let _ = serde_json::from_str::<Setup>(&doc("position"));
        let _ = serde_json::from_str::<Turn>(&doc("turn"));
        let _ = serde_json::from_str::<Record>(&serde_json::to_string(&text).unwrap());
        // Any setup either writes JSON that reads back the same, or says
        // why it cannot.
        let mut setup = Setup::start(Variant::ALL[(bits % 3) as usize]);
        setup.white = Bitboard::from_bits(bits);
        setup.black = Bitboard::from_bits(bits.rotate_left(17)) - setup.white;
        if let Ok(written) = serde_json::to_string(&setup) {
            prop_assert_eq!(serde_json::from_str::<Setup>(&written).unwrap(), setup);
        }
        // Any step, on its game's board or not.
        let point = |i: u64| Point::new((i % 49) as usize).unwrap();
        let turn = Turn::step(setup.variant, point(bits), point(bits >> 8));
        if let Ok(written) = serde_json::to_string(&turn) {
            prop_assert_eq!(serde_json::from_str::<Turn>(&written).unwrap(), turn);
        }
    }
}
