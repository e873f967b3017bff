//! Game records (N4, F10): read -> write -> read gives the same record
//! and the same text; nothing panics.
#![no_main]

use libfuzzer_sys::fuzz_target;
use peralikatuma_rules::Record;

fuzz_target!(|text: &str| {
    let Ok(record) = text.parse::<Record>() else {
        return;
    };
    let written = record.to_string();
    let again: Record = written.parse().expect("a written record reads back");
    assert_eq!(again.game, record.game);
    assert_eq!(again.to_string(), written);
});
