//! Lists the public API of each library crate of the workspace and checks
//! it against the list kept in `api/<crate>.txt`, so that a change to the
//! API is always deliberate: it shows up as a change to those files.
//!
//! ```text
//! cargo run --manifest-path api/Cargo.toml              # check
//! cargo run --manifest-path api/Cargo.toml -- --update  # rewrite the lists
//! ```
//!
//! rustdoc's JSON output needs the nightly toolchain (`rustup toolchain
//! install nightly`); without it the check says so and fails.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The library crates, by their packages' names, which are their
/// directories under `crates/`.
const CRATES: [&str; 6] = [
    "board-topology",
    "peralikatuma-rules",
    "alquerque-tablebase",
    "alquerque-ai",
    "alquerque-proof",
    "alquerque-solver",
];

fn main() -> ExitCode {
    let update = std::env::args().any(|a| a == "--update");
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    let root = here.parent().unwrap_or(here);
    let mut changed = Vec::new();
    for name in CRATES {
        let listed = match list(root, name) {
            Ok(listed) => listed,
            Err(error) => {
                eprintln!("api: cannot list the API of {name}: {error}");
                return ExitCode::FAILURE;
            }
        };
        let file = here.join(format!("{name}.txt"));
        let kept = std::fs::read_to_string(&file).unwrap_or_default();
        if kept == listed {
            println!("api: {name}: unchanged ({} items)", listed.lines().count());
        } else if update {
            if let Err(error) = std::fs::write(&file, &listed) {
                eprintln!("api: cannot write {}: {error}", file.display());
                return ExitCode::FAILURE;
            }
            println!("api: {name}: written to {}", file.display());
        } else {
            report(name, &kept, &listed);
            changed.push(name);
        }
    }
    if changed.is_empty() {
        ExitCode::SUCCESS
    } else {
        eprintln!(
            "api: the public API of {} changed. If that is meant, run \
             `cargo run --manifest-path api/Cargo.toml -- --update` and commit the lists.",
            changed.join(", ")
        );
        ExitCode::FAILURE
    }
}

/// The public items of the crate `name`, one per line, sorted. Blanket
/// implementations (`impl<T> From<T> for T`, ...) are left out: they come
/// with every type.
fn list(root: &Path, name: &str) -> Result<String, Box<dyn std::error::Error>> {
    let manifest = root.join("crates").join(name).join("Cargo.toml");
    let json: PathBuf = rustdoc_json::Builder::default()
        .toolchain("nightly")
        .manifest_path(manifest)
        .target_dir(root.join("target").join("api"))
        .all_features(true)
        .quiet(true)
        .build()?;
    let api = public_api::Builder::from_rustdoc_json(json)
        .omit_blanket_impls(true)
        .build()?;
    let mut text = String::new();
    for item in api.items() {
        text.push_str(&item.to_string());
        text.push('\n');
    }
    Ok(text)
}

/// Prints the lines that were added and removed.
fn report(name: &str, kept: &str, listed: &str) {
    let kept_lines: std::collections::BTreeSet<&str> = kept.lines().collect();
    let listed_lines: std::collections::BTreeSet<&str> = listed.lines().collect();
    eprintln!("api: {name}: the public API differs from api/{name}.txt:");
    for line in kept_lines.difference(&listed_lines) {
        eprintln!("  - {line}");
    }
    for line in listed_lines.difference(&kept_lines) {
        eprintln!("  + {line}");
    }
}
