//! perft (RULES.md X1) of the one model (`Position`, the rule
//! book's games as rulesets, `Ruleset::RULE_BOOK`) against the reference
//! counts of `tests/perft/`, verbatim copies of the shared `perft/*.perft`
//! files (never edited here).
//!
//! The fast test runs every record at the depths whose count is at most
//! [`FAST_LIMIT`]; the ignored test runs every depth:
//! `cargo test --release -p peralikatuma-rules --test perft -- --ignored`.
#![allow(clippy::unwrap_used)]

#[allow(dead_code)]
mod reference;

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use peralikatuma_rules::{Position, Ruleset};
use reference::RefPosition;

/// The suites of all three games, by file name in `tests/perft/`; the game
/// is the part of the name before the first `-`.
const SUITES: [&str; 7] = [
    "peralikatuma-start.perft",
    "peralikatuma-random.perft",
    "alquerque-start.perft",
    "alquerque-random.perft",
    "permainan-start.perft",
    "permainan-random.perft",
    "permainan-kings.perft",
];

/// The game of a suite file.
fn variant(file: &str) -> &'static Ruleset {
    let name = file.split('-').next().unwrap();
    Ruleset::find(name).unwrap_or_else(|e| panic!("{file}: {e}"))
}

/// The largest count the fast test computes (quick in debug builds).
const FAST_LIMIT: u64 = 50_000;

/// The largest count the reference generator of `tests/reference` is
/// checked against. It is slow on purpose (about 5 µs a leaf in debug
/// builds): this keeps the check of all seven suites near 2 s, and still
/// reaches `permainan-kings-2041` at depth 4 (11283), the first count that
/// tells whether a flying king may pass over a piece it has captured or
/// over its own starting point (R2.4).
const REFERENCE_LIMIT: u64 = 12_000;

/// One record of a perft file: `id`, `position`, then `perft D N` lines.
#[derive(Debug, PartialEq, Eq)]
struct Record {
    id: String,
    position: String,
    counts: Vec<(u32, u64)>,
}

fn suite_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/perft")
}

/// Reads a perft file in the format of `perft/README.md`, strictly: any
/// other line is an error naming the file and line.
fn parse_suite(file: &str, text: &str) -> Vec<Record> {
    let mut records = Vec::new();
    let mut current: Option<Record> = None;
    for (i, line) in text.lines().enumerate() {
        let at = || format!("{file}:{}: `{line}`", i + 1);
        let line = line.trim();
        if line.is_empty() {
            records.extend(current.take());
            continue;
        }
        let (key, value) = line
            .split_once(' ')
            .unwrap_or_else(|| panic!("{}: expected `key value`", at()));
        match key {
            "id" => {
                assert!(current.is_none(), "{}: `id` inside a record", at());
                current = Some(Record {
                    id: value.trim().to_owned(),
                    position: String::new(),
                    counts: Vec::new(),
                });
            }
            "position" => {
                let record = current
                    .as_mut()
                    .unwrap_or_else(|| panic!("{}: `position` before `id`", at()));
                assert!(record.position.is_empty(), "{}: second position", at());
                record.position = value.trim().to_owned();
            }
            "perft" => {
                let record = current
                    .as_mut()
                    .unwrap_or_else(|| panic!("{}: `perft` before `id`", at()));
                let (depth, count) = value
                    .trim()
                    .split_once(' ')
                    .unwrap_or_else(|| panic!("{}: expected `perft D N`", at()));
                let depth: u32 = depth.parse().unwrap_or_else(|e| panic!("{}: {e}", at()));
                let count: u64 = count
                    .trim()
                    .parse()
                    .unwrap_or_else(|e| panic!("{}: {e}", at()));
                record.counts.push((depth, count));
            }
            _ => panic!("{}: unknown line", at()),
        }
    }
    records.extend(current);
    for record in &records {
        assert!(
            !record.position.is_empty(),
            "{file}: record {} has no position",
            record.id
        );
        assert!(
            !record.counts.is_empty(),
            "{file}: record {} has no counts",
            record.id
        );
    }
    records
}

/// Every record of every suite, with the file it came from.
fn suites() -> Vec<(&'static str, Record)> {
    let mut all = Vec::new();
    for file in SUITES {
        let path = suite_dir().join(file);
        let text = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
        let records = parse_suite(file, &text);
        assert!(!records.is_empty(), "{file} has no records");
        all.extend(records.into_iter().map(|r| (file, r)));
    }
    all
}

/// The record's position, read as a position of its game's ruleset
/// (N3), after checking that its text reads back as itself.
fn position(file: &str, record: &Record) -> Position {
    let position = Position::parse(variant(file), &record.position).unwrap_or_else(|e| {
        panic!(
            "{file}: record {}: position `{}` does not parse: {e}",
            record.id, record.position
        )
    });
    assert_eq!(
        Position::parse(position.ruleset(), &position.to_string()),
        Ok(position),
        "{file}: record {}: the position's text reads back",
        record.id
    );
    position
}

/// The per-turn counts at `depth`, in the order of the turn text.
fn divide(position: &Position, depth: u32) -> String {
    let mut lines: Vec<(String, u64)> = position
        .legal_turns()
        .iter()
        .map(|t| {
            let text = t.text(position.board());
            (text, position.play_unchecked(t).perft(depth - 1))
        })
        .collect();
    lines.sort();
    let mut out = String::new();
    for (text, count) in &lines {
        writeln!(out, "    {text}: {count}").unwrap();
    }
    let total: u64 = lines.iter().map(|(_, c)| c).sum();
    writeln!(out, "    ({} turns, total {total})", lines.len()).unwrap();
    out
}

/// Runs every record at the depths `wanted` selects and fails with every
/// mismatch: the record id, depth, expected and got counts, and a divide.
fn run(wanted: impl Fn(u32, u64) -> bool) {
    let mut failures = String::new();
    let mut checked = 0;
    for (file, record) in suites() {
        let start = position(file, &record);
        for &(depth, expected) in &record.counts {
            if !wanted(depth, expected) {
                continue;
            }
            checked += 1;
            let got = start.perft(depth);
            if got != expected {
                writeln!(
                    failures,
                    "{file}: record {} depth {depth}: expected {expected}, got {got}\n  position {}\n  divide at depth {depth}:\n{}",
                    record.id,
                    record.position,
                    divide(&start, depth)
                )
                .unwrap();
            }
        }
    }
    assert!(checked > 0, "no perft count was checked");
    assert!(failures.is_empty(), "perft mismatches:\n{failures}");
}

/// Every record at the depths whose count is at most [`FAST_LIMIT`].
#[test]
fn perft_fast_depths() {
    run(|_, count| count <= FAST_LIMIT);
}

/// Every record at every depth; slow in debug builds.
#[test]
#[ignore = "slow: run with `cargo test --release -- --ignored`"]
fn perft_all_depths() {
    run(|_, _| true);
}

/// The reference generator of `tests/reference` (plain sets, written from
/// the rule book) agrees with the shared counts of all seven suites, all
/// three games, at the depths whose count is at most [`REFERENCE_LIMIT`],
/// so that the property tests compare the crate with a generator known to
/// read the rules as the shared counts do. Each record runs on a thread of
/// its own.
#[test]
fn reference_generator_matches_small_counts() {
    let suites = suites();
    let results: Vec<(&str, usize, String)> = std::thread::scope(|scope| {
        let handles: Vec<_> = suites
            .iter()
            .map(|(file, record)| scope.spawn(move || check_reference(file, record)))
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let mut checked: BTreeMap<&str, usize> = BTreeMap::new();
    let mut failures = String::new();
    for (file, count, failure) in results {
        *checked.entry(file).or_default() += count;
        failures.push_str(&failure);
    }
    for file in SUITES {
        assert!(
            checked.get(file).is_some_and(|&n| n > 0),
            "{file}: no count was checked"
        );
    }
    assert!(failures.is_empty(), "{failures}");
}

/// Checks the reference generator against one record's counts up to
/// [`REFERENCE_LIMIT`]: the file, how many counts were checked, and the
/// mismatches.
fn check_reference<'a>(file: &'a str, record: &Record) -> (&'a str, usize, String) {
    let start = RefPosition::from_family(&position(file, record));
    let mut checked = 0;
    let mut failures = String::new();
    for &(depth, expected) in &record.counts {
        if expected > REFERENCE_LIMIT {
            continue;
        }
        checked += 1;
        let got = start.perft(depth);
        if got != expected {
            writeln!(
                failures,
                "{file}: record {} depth {depth}: expected {expected}, reference generator got {got}",
                record.id
            )
            .unwrap();
        }
    }
    (file, checked, failures)
}

/// The suite records parse, every record has a position that is legal and
/// depths that start at 1 and go up by one.
#[test]
fn suites_are_well_formed() {
    for (file, record) in suites() {
        position(file, &record);
        let depths: Vec<u32> = record.counts.iter().map(|&(d, _)| d).collect();
        let expected: Vec<u32> = (1..=depths.len() as u32).collect();
        assert_eq!(depths, expected, "{file}: record {}", record.id);
    }
}

/// The copies in `tests/perft/` are identical to the shared files in
/// `../../../shared/perft/` (relative to this crate), when that folder
/// exists; otherwise there is nothing to compare and the test passes.
#[test]
fn suites_are_verbatim_copies_of_the_shared_files() {
    let shared = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/perft");
    if !shared.is_dir() {
        return;
    }
    for file in SUITES {
        let original = std::fs::read(shared.join(file))
            .unwrap_or_else(|e| panic!("cannot read the shared {file}: {e}"));
        let copy = std::fs::read(suite_dir().join(file)).unwrap();
        assert!(
            copy == original,
            "tests/perft/{file} differs from {}: copy the shared file again, never edit the counts",
            shared.join(file).display()
        );
    }
}
