//! Turn text (N2) against a position reached by play in any of the
//! family's rulesets: a turn that parses is legal and prints back to
//! itself, and text that does not parse leaves the game unchanged.
#![no_main]

use libfuzzer_sys::fuzz_target;
use peralikatuma_fuzz::{game_from_bytes, ruleset};

fuzz_target!(|input: (u8, Vec<u8>, &str)| {
    let (r, moves, text) = input;
    let mut game = game_from_bytes(ruleset(r), &moves);
    let position = *game.position();
    match position.parse_turn(text) {
        Ok(turn) => {
            assert!(position.legal_turns().contains(&turn));
            let printed = turn.text(position.board());
            assert_eq!(position.parse_turn(&printed), Ok(turn));
        }
        Err(_) => {
            let before = game.clone();
            assert!(game.play_text(text).is_err());
            assert_eq!(game, before);
        }
    }
});
