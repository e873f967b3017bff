//! A game of one of the family's rulesets driven by fuzz bytes, checked
//! after every turn: the legal turns agree with the plain generator of the
//! rules crate's tests, positions and turns read back from their text, no
//! point holds two pieces, piece counts only fall, and the game's end
//! agrees with the plain generator's. At the end, the game's record reads
//! back as itself, and taking back every turn returns to the start.
#![no_main]

#[path = "../../crates/peralikatuma-rules/tests/family_plain/mod.rs"]
#[allow(dead_code)]
mod family_plain;

use std::collections::BTreeSet;

use family_plain::Plain;
use libfuzzer_sys::fuzz_target;
use peralikatuma_rules::{End, Game, Position, RULESETS, Record};
use peralikatuma_rules::{Outcome, Side};

fuzz_target!(|input: (u8, Vec<u8>)| {
    let (r, choices) = input;
    let rules = &RULESETS[usize::from(r) % RULESETS.len()];
    let mut game = Game::new(rules);
    let mut plain = Plain::start(rules);
    let board = rules.board;
    for &choice in &choices {
        let position = *game.position();
        assert_eq!(Position::parse(rules, &position.to_string()), Ok(position));
        assert!(plain.agrees_with(&position), "{position} against {plain:?}");
        let turns = position.legal_turns();
        let ours: BTreeSet<String> = turns.iter().map(|t| t.text(board)).collect();
        assert_eq!(ours.len(), turns.len(), "duplicate turns in {position}");
        let theirs_turns = plain.turns();
        let theirs: BTreeSet<String> = theirs_turns.iter().map(|t| t.0.clone()).collect();
        assert_eq!(
            ours, theirs,
            "turns differ from the plain generator in {position}"
        );
        if turns.is_empty() {
            let expected = plain.ended.or(match rules.end {
                End::NoMovesLoses => Some(Outcome::Win {
                    winner: plain.side.opposite(),
                    reason: plain.stuck_loses(),
                }),
                _ => None,
            });
            assert_eq!(position.outcome(), expected);
            assert!(game.ending().is_some());
            break;
        }
        if game.ending().is_some() {
            break; // a draw by E2 or E4
        }
        let turn = &turns[usize::from(choice) % turns.len()];
        let text = turn.text(board);
        assert_eq!(position.parse_turn(&text).as_ref(), Ok(turn));
        game.play(turn).expect("a legal turn plays");
        plain = theirs_turns
            .into_iter()
            .find(|t| t.0 == text)
            .expect("the same turn")
            .1;
        let after = *game.position();
        assert_eq!(after.pieces(Side::White) & after.pieces(Side::Black), 0);
        for side in [Side::White, Side::Black] {
            assert!(after.pieces(side).count_ones() <= position.pieces(side).count_ones());
        }
    }
    let record = Record::new(game.clone());
    let text = record.to_string();
    assert_eq!(text.parse::<Record>().as_ref(), Ok(&record), "{text}");
    let played = game.turns().len();
    for taken in 0..played {
        assert!(game.undo().is_some(), "turn {taken} of {played} taken back");
    }
    assert_eq!(game.position(), game.start());
    assert!(game.undo().is_none());
});
