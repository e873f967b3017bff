//! The `serde` feature (issue 10, "Use the types as keys and data"), on
//! the one model: rulesets by id, positions and setups as their text (N3)
//! with their ruleset, turns as their text (N2) with the position they are
//! played in, games (the rule book's) by name, outcomes with readable
//! names, records as their text (N4). What is written reads back the same,
//! and anything wrong is an error with the crate's message, never a panic.
#![cfg(feature = "serde")]
#![allow(clippy::unwrap_used)]

mod common;

use common::assert_mentions;
use peralikatuma_rules::{DrawReason, Outcome, Ruleset, Side, WinReason};
use peralikatuma_rules::{Game, Position, Record, SEED_RULESETS, Setup, TurnAt};
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
fn played(variant: &'static Ruleset, choices: &[u8]) -> Game {
    common::played(
        Position::start(variant),
        choices.iter().map(|&c| usize::from(c)),
    )
}

fn parse(variant: &'static Ruleset, text: &str) -> Position {
    Position::parse(variant, text).unwrap()
}

#[test]
fn a_ruleset_is_its_id_read_in_any_case() {
    for ruleset in Ruleset::all() {
        assert_eq!(json(&ruleset), format!("\"{}\"", ruleset.id));
        round_trip(&ruleset);
    }
    let read: &Ruleset = serde_json::from_str("\"PermaINAN\"").unwrap();
    assert_eq!(read, Ruleset::PERMAINAN);
    assert_mentions(
        &error::<&Ruleset>("\"chess\""),
        &["unknown game `chess`", "peralikatuma, alquerque, permainan"],
    );
    assert_mentions(&error::<&Ruleset>("3"), &["invalid type"]);
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
fn a_position_is_its_ruleset_and_its_text() {
    let start = Position::start(Ruleset::ALQUERQUE);
    assert_eq!(
        json(&start),
        r#"{"ruleset":"alquerque","position":"W:Wa1,b1,c1,d1,e1,a2,b2,c2,d2,e2,d3,e3:Ba3,b3,a4,b4,c4,d4,e4,a5,b5,c5,d5,e5"}"#
    );
    for ruleset in Ruleset::all() {
        round_trip(&Position::start(ruleset));
    }
    // Every field of N3: claimable pieces (P6), restrictions (A5), kings
    // (M4) and the counter of E4.
    for (variant, text) in [
        (Ruleset::PERALIKATUMA, "B:Wd4,e5:Bf6:Fd4:C3"),
        (Ruleset::ALQUERQUE, "W:Wc3:Bd5:Rc3-b3,d5-e5:C12"),
        (Ruleset::PERMAINAN, "W:Wb2,Kc5:BKa1,d7"),
    ] {
        let position = parse(variant, text);
        round_trip(&position);
        assert!(json(&position).contains(text), "{}", json(&position));
    }
    // The seed model's key, `variant`, reads too.
    let seed: Position =
        serde_json::from_str(r#"{"variant": "Alquerque", "position": "W:Wc3:Bd5"}"#).unwrap();
    assert_eq!(seed, parse(Ruleset::ALQUERQUE, "W:Wc3:Bd5"));
}

#[test]
fn a_position_is_read_with_every_check_of_position_text() {
    let read: Position =
        serde_json::from_str(r#"{"ruleset": "Peralikatuma", "position": " W:We5:Bf6 "}"#).unwrap();
    assert_eq!(read.to_string(), "W:We5:Bf6");
    // The game.
    assert_mentions(
        &error::<Position>(r#"{"ruleset": "chess", "position": "W:We5:Bf6"}"#),
        &["unknown game `chess`"],
    );
    // The syntax (N3).
    assert_mentions(
        &error::<Position>(r#"{"ruleset": "peralikatuma", "position": "X:We5:Bf6"}"#),
        &["side to move", "`X:"],
    );
    // The game's point names (R1.6).
    assert_mentions(
        &error::<Position>(r#"{"ruleset": "alquerque", "position": "W:Wi5:Ba1"}"#),
        &["`i5`", "alquerque's board"],
    );
    // The rules: claimable pieces belong to the side not to move (P6).
    assert_mentions(
        &error::<Position>(r#"{"ruleset": "peralikatuma", "position": "W:We5:Bf6:Fe5"}"#),
        &["e5 cannot be claimed", "P6"],
    );
    // The shape.
    assert_mentions(
        &error::<Position>(r#"{"ruleset": "alquerque"}"#),
        &["missing field `position`"],
    );
    assert_mentions(
        &error::<Position>(r#"{"ruleset": "alquerque", "position": "W:Wa1:Ba5", "turn": 3}"#),
        &["unknown field `turn`"],
    );
    assert_mentions(&error::<Position>(r#""W:Wa1:Ba5""#), &["invalid type"]);
    assert_mentions(
        &error::<Position>(r#"{"ruleset": "alquerque", "position": 7}"#),
        &["invalid type"],
    );
}

#[test]
fn a_setup_is_written_as_a_position_and_read_for_syntax_only() {
    let peralikatuma = Ruleset::PERALIKATUMA;
    let setup = Setup::parse(peralikatuma, "W:We5:Bf6:Fe5").unwrap();
    assert_eq!(
        json(&setup),
        r#"{"ruleset":"peralikatuma","position":"W:We5:Bf6:Fe5"}"#
    );
    round_trip(&setup);
    // A legal position's JSON reads as its setup, and the other way round.
    let start = Position::start(Ruleset::PERMAINAN);
    let read: Setup = serde_json::from_str(&json(&start)).unwrap();
    assert_eq!(read, start.setup());
    assert_eq!(json(&read), json(&start));
    // The syntax is still checked.
    assert_mentions(
        &error::<Setup>(r#"{"ruleset": "permainan", "position": "W:We5:Be5"}"#),
        &["e5 holds two pieces"],
    );
}

#[test]
fn a_setup_that_position_text_cannot_say_is_not_written() {
    let peralikatuma = Ruleset::PERALIKATUMA;
    let e5 = peralikatuma.board.parse_point("e5").unwrap();
    let mut setup = Setup::parse(peralikatuma, "W:We5:Bf6").unwrap();
    setup.men[1] |= 1 << e5;
    let message = serde_json::to_string(&setup).unwrap_err().to_string();
    assert_mentions(&message, &["cannot be written as position text", "e5"]);

    // A man barred both ways would lose a restriction (A5).
    let alquerque = Ruleset::ALQUERQUE;
    let mut setup = Setup::parse(alquerque, "W:Wc3:Bd5:Rc3-b3").unwrap();
    setup.barred[0] = setup.barred[1];
    let message = serde_json::to_string(&setup).unwrap_err().to_string();
    assert_mentions(&message, &["leaves out", "barred both ways"]);

    // A point off the game's board has no name there.
    let mut setup = Setup::start(alquerque);
    setup.huffable |= 1 << alquerque.board.len();
    let message = serde_json::to_string(&setup).unwrap_err().to_string();
    assert_mentions(&message, &["leaves out", "off alquerque's board"]);

    // Kings in a game without them are syntax, which position text says:
    // the setup is written, and is no position (A1, N3).
    let mut setup = Setup::start(alquerque);
    setup.kings[0] = setup.men[0];
    setup.men[0] = 0;
    round_trip(&setup);
    assert!(Position::from_setup(&setup).is_err());
}

#[test]
fn a_turn_is_its_position_and_its_text() {
    let position = parse(Ruleset::PERALIKATUMA, "W:Wd4,c3:Be6,d5,f6,a7:Fe6");
    let turns = position.legal_turns();
    assert!(
        turns
            .iter()
            .any(|t| t.huff().is_some() && t.captured() != 0)
    );
    for &turn in turns.iter() {
        let at = TurnAt { position, turn };
        round_trip(&at);
        assert_eq!(
            json(&at),
            format!(
                r#"{{"ruleset":"peralikatuma","position":"{position}","turn":"{}"}}"#,
                turn.text(position.board())
            )
        );
    }
    for ruleset in Ruleset::all() {
        let position = Position::start(ruleset);
        for &turn in position.legal_turns().iter() {
            round_trip(&TurnAt { position, turn });
        }
    }
}

#[test]
fn a_turn_is_read_only_where_it_is_legal() {
    let start = r#""position": "W:Wa1,b1,c1,d1,e1,a2,b2,c2,d2,e2,d3,e3:Ba3,b3,a4,b4,c4,d4,e4,a5,b5,c5,d5,e5""#;
    let read: TurnAt = serde_json::from_str(&format!(
        r#"{{"ruleset": "alquerque", {start}, "turn": "d3-c3"}}"#
    ))
    .unwrap();
    assert_eq!(read.turn.text(read.position.board()), "d3-c3");
    // Legality depends on the position: a turn that is not legal there is
    // refused with the rule (A2: never backward).
    assert_mentions(
        &error::<TurnAt>(r#"{"ruleset": "alquerque", "position": "W:Wc3:Ba5", "turn": "c3-c2"}"#),
        &["c3-c2", "(A2)"],
    );
    assert_mentions(
        &error::<TurnAt>(&format!(
            r#"{{"ruleset": "alquerque", {start}, "turn": "d4-d5-d6"}}"#
        )),
        &["d4-d5-d6"],
    );
    assert_mentions(
        &error::<TurnAt>(&format!(
            r#"{{"ruleset": "alquerque", {start}, "turn": "e5-i5"}}"#
        )),
        &["`i5`"],
    );
    assert_mentions(
        &error::<TurnAt>(&format!(
            r#"{{"ruleset": "checkers", {start}, "turn": "e5-e6"}}"#
        )),
        &["unknown game `checkers`"],
    );
    assert_mentions(
        &error::<TurnAt>(&format!(r#"{{{start}, "turn": "e5-e6"}}"#)),
        &["missing field `ruleset`"],
    );
}

#[test]
fn a_turn_not_legal_in_its_position_is_not_written() {
    // A turn of Peralikatuma's start played at Alquerque's: its points name
    // other points there, or none.
    let peralikatuma = Position::start(Ruleset::PERALIKATUMA);
    let alquerque = Position::start(Ruleset::ALQUERQUE);
    for &turn in peralikatuma.legal_turns().iter() {
        let at = TurnAt {
            position: alquerque,
            turn,
        };
        match alquerque.check(&turn) {
            Ok(()) => round_trip(&at),
            Err(_) => {
                let message = serde_json::to_string(&at).unwrap_err().to_string();
                assert_mentions(&message, &["the turn", "cannot be written"]);
            }
        }
    }
    // A turn of the position before, no longer legal.
    let turn = alquerque.parse_turn("d3-c3").unwrap();
    let after = alquerque.play(&turn).unwrap();
    let at = TurnAt {
        position: after,
        turn,
    };
    let message = serde_json::to_string(&at).unwrap_err().to_string();
    assert_mentions(&message, &["`d3-c3` cannot be written", "not legal"]);
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
    let mut record = Record::new(played(Ruleset::PERALIKATUMA, &[3, 1, 4, 1, 5, 9, 2, 6]));
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
    let game = played(Ruleset::PERMAINAN, &[0, 7, 2, 9, 4, 4, 1]);
    let mut seen: HashMap<Position, Vec<TurnAt>> = HashMap::new();
    let mut position = *game.start();
    for turn in game.turns() {
        let turns = position.legal_turns();
        let at = turns.iter().map(|&turn| TurnAt { position, turn });
        seen.insert(position, at.collect());
        position = position.play(turn).unwrap();
    }
    assert_eq!(seen.len(), game.turns().len());
    let written = serde_json::to_string(&seen.iter().collect::<Vec<_>>()).unwrap();
    let read: Vec<(Position, Vec<TurnAt>)> = serde_json::from_str(&written).unwrap();
    assert_eq!(read.into_iter().collect::<HashMap<_, _>>(), seen);
}

proptest! {
    /// Every position reached by play, and every legal turn of it, reads
    /// back from its JSON.
    #[test]
    fn positions_and_turns_reached_by_play_round_trip(
        variant in prop::sample::select(Ruleset::RULE_BOOK.to_vec()),
        choices in prop::collection::vec(any::<u8>(), 0..80),
    ) {
        let game = played(variant, &choices);
        let position = *game.position();
        let read: Position = serde_json::from_str(&json(&position)).unwrap();
        prop_assert_eq!(read, position);
        let setup: Setup = serde_json::from_str(&json(&position.setup())).unwrap();
        prop_assert_eq!(setup, position.setup());
        for &turn in position.legal_turns().iter() {
            let at = TurnAt { position, turn };
            let read: TurnAt = serde_json::from_str(&json(&at)).unwrap();
            prop_assert_eq!(read, at);
        }
        if let Some(outcome) = game.ending() {
            let read: Outcome = serde_json::from_str(&json(&outcome)).unwrap();
            prop_assert_eq!(read, outcome);
        }
    }

    /// Any text in the fields gives a value or an error, never a panic.
    #[test]
    fn any_text_is_read_or_refused(
        ruleset in "[a-zA-Z]{0,14}",
        text in "[ -~]{0,40}",
        bits in any::<u128>(),
        choices in prop::collection::vec(any::<u8>(), 0..20),
    ) {
        let doc = |keys: &[&str]| {
            let mut map = serde_json::Map::new();
            map.insert("ruleset".into(), ruleset.clone().into());
            for key in keys {
                map.insert((*key).into(), text.clone().into());
            }
            serde_json::Value::Object(map).to_string()
        };
        let _ = serde_json::from_str::<Position>(&doc(&["position"]));
        let _ = serde_json::from_str::<Setup>(&doc(&["position"]));
        let _ = serde_json::from_str::<TurnAt>(&doc(&["position", "turn"]));
        let _ = serde_json::from_str::<Record>(&serde_json::to_string(&text).unwrap());
        // Any setup either writes JSON that reads back the same, or says
        // why it cannot.
        let rules = &SEED_RULESETS[(bits % 3) as usize];
        let mut setup = Setup::start(rules);
        setup.men[0] = bits;
        setup.men[1] = bits.rotate_left(17) & !bits;
        if let Ok(written) = serde_json::to_string(&setup) {
            prop_assert_eq!(serde_json::from_str::<Setup>(&written).unwrap(), setup);
        }
        // Any turn of another game's position, in the game's start.
        let other = &SEED_RULESETS[((bits >> 8) % 3) as usize];
        let from = *common::played(Position::start(other), choices.iter().map(|&c| usize::from(c))).position();
        let position = Position::start(rules);
        for &turn in from.legal_turns().iter() {
            if let Ok(written) = serde_json::to_string(&TurnAt { position, turn }) {
                prop_assert_eq!(
                    serde_json::from_str::<TurnAt>(&written).unwrap(),
                    TurnAt { position, turn }
                );
            }
        }
    }
}
