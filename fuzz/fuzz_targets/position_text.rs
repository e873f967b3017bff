//! Position text (N3): parse -> print -> parse gives the same position and
//! the same text; nothing panics.
#![no_main]

use libfuzzer_sys::fuzz_target;
use peralikatuma_fuzz::variant;
use peralikatuma_rules::{Position, Setup};

fuzz_target!(|input: (u8, &str)| {
    let (v, text) = input;
    let variant = variant(v);
    let Ok(setup) = Setup::parse(variant, text) else {
        return;
    };
    // Syntax accepted: the printed form parses back to the same setup.
    let printed = setup.to_string();
    assert_eq!(
        Setup::parse(variant, &printed).as_ref(),
        Ok(&setup),
        "{printed}"
    );
    let Ok(position) = Position::from_setup(setup) else {
        return;
    };
    let printed = position.to_string();
    let again = Position::parse(variant, &printed).expect("a printed position parses");
    assert_eq!(again, position);
    assert_eq!(again.to_string(), printed);
    assert_eq!(position.zobrist(), position.zobrist_from_scratch());
    // Whatever the position, generating its turns works.
    assert_eq!(position.legal_turns().len(), position.count_legal_turns());
});
