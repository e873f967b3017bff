//! perft of every family ruleset from its start against Ludii's counts in
//! `tests/perft/family-start.perft`, a verbatim copy of the shared file
//! (never edited here).
//!
//! The fast test runs the depths whose count is at most [`FAST_LIMIT`];
//! the ignored test runs every depth:
//! `cargo test --release -p peralikatuma-rules --test family_perft -- --ignored`.
#![allow(clippy::unwrap_used)]

use std::path::Path;

use peralikatuma_rules::{Position, RULESETS, Ruleset};

/// The largest count the fast test computes (quick in debug builds).
const FAST_LIMIT: u64 = 50_000;

const FILE: &str = "family-start.perft";

/// The records of the file: each ruleset id with its `(depth, count)`s.
fn records() -> Vec<(String, Vec<(u32, u64)>)> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/perft")
        .join(FILE);
    let text = std::fs::read_to_string(&path).unwrap();
    let mut records: Vec<(String, Vec<(u32, u64)>)> = Vec::new();
    for (i, line) in text.lines().map(str::trim).enumerate() {
        let at = || format!("{FILE}:{}: `{line}`", i + 1);
        match line.split_whitespace().collect::<Vec<_>>()[..] {
            [] => {}
            ["id", id] => records.push((id.to_owned(), Vec::new())),
            ["perft", depth, count] => {
                let record = records.last_mut().unwrap_or_else(|| panic!("{}", at()));
                record
                    .1
                    .push((depth.parse().unwrap(), count.parse().unwrap()));
            }
            _ => panic!("{}: unknown line", at()),
        }
    }
    records
}

/// perft of the start of ruleset `id` at `depth`: FAMILY.md's `permainan`
/// is the rule book's Permainan ([`Ruleset::PERMAINAN`]).
fn perft(id: &str, depth: u32) -> u64 {
    let ruleset = Ruleset::find(id).unwrap_or_else(|e| panic!("{e}"));
    Position::start(ruleset).perft(depth)
}

fn check(limit: u64) {
    let mut failures = Vec::new();
    for (id, counts) in records() {
        for (depth, expected) in counts.into_iter().filter(|&(_, n)| n <= limit) {
            let found = perft(&id, depth);
            if found != expected {
                failures.push(format!("{id} perft {depth}: {found}, Ludii {expected}"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_ruleset_agrees_with_ludii_at_shallow_depths() {
    check(FAST_LIMIT);
}

#[test]
#[ignore = "deep: run in release with --ignored"]
fn every_ruleset_agrees_with_ludii_at_every_depth() {
    check(u64::MAX);
}

#[test]
fn every_ruleset_of_the_file_is_known_and_every_ruleset_is_in_the_file() {
    let ids: Vec<String> = records().into_iter().map(|(id, _)| id).collect();
    let mut known: Vec<&str> = RULESETS.iter().map(|r| r.id).collect();
    known.push("permainan");
    let mut sorted = ids.clone();
    sorted.sort();
    known.sort();
    assert_eq!(sorted, known);
}

/// The copy is identical to the shared file, when the shared folder exists.
#[test]
fn the_counts_are_a_verbatim_copy_of_the_shared_file() {
    let shared = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/perft")
        .join(FILE);
    if let Ok(original) = std::fs::read(&shared) {
        let copy = std::fs::read(
            Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("tests/perft")
                .join(FILE),
        );
        assert!(
            copy.ok() == Some(original),
            "copy {} again; never edit the counts",
            shared.display()
        );
    }
}

/// perft's last ply counts the steps of men and the slides of kings
/// without listing them one by one: it counts as many turns as the
/// generator lists, at every position of seeded random games of all 21
/// rulesets (huffs and the turns after them, kings, passes, no return,
/// leaps, games that have ended).
#[test]
fn the_last_ply_counts_the_turns_the_generator_lists() {
    use rand::rngs::Xoshiro256PlusPlus;
    use rand::{RngExt, SeedableRng};
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
    for ruleset in Ruleset::all() {
        for _ in 0..10 {
            let mut position = Position::start(ruleset);
            for _ in 0..200 {
                let turns = position.legal_turns();
                assert_eq!(
                    position.perft(1),
                    turns.len() as u64,
                    "{} {position}",
                    ruleset.id
                );
                if turns.is_empty() {
                    break;
                }
                position = position.play_unchecked(&turns[rng.random_range(0..turns.len())]);
            }
        }
    }
}
