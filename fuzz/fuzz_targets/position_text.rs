//! Position text (N3, F9) of any of the family's rulesets: parse -> print
//! -> parse gives the same position and the same text; nothing panics.
#![no_main]

use libfuzzer_sys::fuzz_target;
use peralikatuma_fuzz::{rehashed, ruleset};
use peralikatuma_rules::{Position, Setup};

fuzz_target!(|input: (u8, &str)| {
    let (r, text) = input;
    let ruleset = ruleset(r);
    let Ok(setup) = Setup::parse(ruleset, text) else {
        return;
    };
    // Syntax accepted: the printed form parses back to the same setup.
    let printed = setup.to_string();
    assert_eq!(
        Setup::parse(ruleset, &printed).as_ref(),
        Ok(&setup),
        "{printed}"
    );
    let Ok(position) = Position::from_setup(&setup) else {
        return;
    };
    let printed = position.to_string();
    let again = Position::parse(ruleset, &printed).expect("a printed position parses");
    assert_eq!(again, position);
    assert_eq!(again.to_string(), printed);
    assert_eq!(position.zobrist(), rehashed(&position));
    // Whatever the position, generating its turns works.
    assert_eq!(position.legal_turns().len() as u64, position.perft(1));
});
