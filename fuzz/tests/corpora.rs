//! Every fuzz target replays its whole corpus (`corpus/<target>/`), as a
//! plain test: each input found by fuzzing runs once through the target's
//! checks, in the README's test command, with or without cargo-fuzz.

use std::path::Path;
use std::process::Command;

/// Runs the target built at `exe` once on each input of `corpus/<name>`
/// and fails with the target's report if any input fails.
fn replay(name: &str, exe: &str) {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("corpus")
        .join(name);
    let inputs = std::fs::read_dir(&corpus)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", corpus.display()))
        .count();
    assert!(inputs > 0, "{} holds no inputs", corpus.display());
    let output = Command::new(exe)
        .arg("-runs=0")
        .arg("-rss_limit_mb=4096")
        // A failing input is written as crash-<hash>: not into the checkout.
        .arg(format!(
            "-artifact_prefix={}/",
            std::env::temp_dir().display()
        ))
        .arg(&corpus)
        .output()
        .unwrap_or_else(|e| panic!("cannot run {exe}: {e}"));
    assert!(
        output.status.success(),
        "{name} failed on its corpus ({inputs} inputs):\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

macro_rules! corpora {
    ($($target:ident)*) => {$(
        #[test]
        fn $target() {
            replay(stringify!($target), env!(concat!("CARGO_BIN_EXE_", stringify!($target))));
        }
    )*};
}

corpora! {
    position_text turn_text record random_game foreign_turns check_turn
    family_game http_requests
}
