//! Move generation benchmarks for the rule book's three games, played by
//! the one model: legal turns on fixed positions, listed and
//! visited one by one through the public listener (throughput in turns),
//! perft from the start (throughput in nodes), and whole random games
//! (throughput in turns). The names are those the seed model's figures
//! were kept under, so the history compares; its `count` benchmark went
//! with it (the one model has no counting sink of its own).
//!
//! `cargo bench --bench movegen` (add `-- --quick` for a fast look).

use std::ops::ControlFlow;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use peralikatuma_rules::Ruleset;
use peralikatuma_rules::{Position, playout};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use std::hint::black_box;

/// Positions from the start and from the perft suites: for Peralikatuma an
/// opening, a position with claimable pieces, middle games, an ending; for
/// the other games the start and a later position (with no-return
/// restrictions, with kings).
const POSITIONS: [(&Ruleset, &str, &str); 9] = [
    (
        Ruleset::PERALIKATUMA,
        "start",
        "W:Wc1,e1,g1,d2,e2,f2,a3,c3,d3,e3,f3,g3,b4,c4,d4,e4,f4,g4,a5,b5,c5,b6,a7:Bi3,h4,g5,h5,i5,c6,d6,e6,f6,g6,h6,c7,d7,e7,f7,g7,i7,d8,e8,f8,c9,e9,g9",
    ),
    (
        Ruleset::PERALIKATUMA,
        "claimable",
        "B:Wc1,e1,g1,d2,e2,f2,a3,c3,d3,f3,g3,c4,e4,f4,g4,a5,d5,e5,d6:Bi3,b4,h4,h5,i5,c6,f6,g6,h6,c7,d7,e7,f7,g7,i7,d8,e8,c9,e9,g9:Fa3,d6",
    ),
    (
        Ruleset::PERALIKATUMA,
        "middle",
        "W:Wc1,e1,g1,d2,e2,f2,a3,d3,e3,f3,g3,b4,c4,d4,g4,a5,c5,b6,a7:Bi3,f4,h4,d5,f5,g5,h5,i5,c6,g6,h6,f7,i7,d8,e8,f8,c9,e9,g9:Fd5",
    ),
    (
        Ruleset::PERALIKATUMA,
        "sparse",
        "B:Wc1,e1,g1,e3,f3,d4,e4,a5:Bh4,h5,i5,f6,h6,d7,g7,f8,e9",
    ),
    (
        Ruleset::PERALIKATUMA,
        "ending",
        "B:Wd2,e2,a3,a5,a7:Bc4,f6,d7,e8,c9,e9,g9",
    ),
    (
        Ruleset::ALQUERQUE,
        "start",
        "W:Wa1,b1,c1,d1,e1,a2,b2,c2,d2,e2,d3,e3:Ba3,b3,a4,b4,c4,d4,e4,a5,b5,c5,d5,e5",
    ),
    (
        Ruleset::ALQUERQUE,
        "restricted",
        "W:Wc1,b2,e2,e5:Ba4,b4,d4:Rc1-b1,b2-c2",
    ),
    (
        Ruleset::PERMAINAN,
        "start",
        "W:Wa1,c1,e1,b2,c2,d2,a3,b3,c3,d3,e3,a4,b4,c4,d4,e4:Ba6,b6,c6,d6,e6,a7,b7,c7,d7,e7,b8,c8,d8,a9,c9,e9",
    ),
    (
        Ruleset::PERMAINAN,
        "kings",
        "W:Wa1,c1,e1,b2,c2,d2,e4,d5,Ka9:Bb7,d8,e9",
    ),
];

fn legal_turns(c: &mut Criterion) {
    let mut group = c.benchmark_group("legal_turns");
    for (variant, name, text) in POSITIONS {
        let position = Position::parse(variant, text).expect("benchmark position is valid");
        let name = format!("{}/{name}", variant.id);
        group.throughput(Throughput::Elements(position.legal_turns().len() as u64));
        group.bench_with_input(BenchmarkId::new("list", &name), &position, |b, p| {
            b.iter(|| black_box(p).legal_turns())
        });
        // The public listener, as a caller that counts.
        group.bench_with_input(BenchmarkId::new("listener", name), &position, |b, p| {
            b.iter(|| {
                let mut count = 0;
                let _ = black_box(p).generate(|_| {
                    count += 1;
                    ControlFlow::<()>::Continue(())
                });
                count
            })
        });
    }
    group.finish();
}

fn perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for (variant, depth) in [
        (Ruleset::PERALIKATUMA, 5),
        (Ruleset::ALQUERQUE, 10),
        (Ruleset::PERMAINAN, 7),
    ] {
        let start = Position::start(variant);
        group.throughput(Throughput::Elements(start.perft(depth)));
        group.bench_with_input(BenchmarkId::new(variant.id, depth), &depth, |b, &d| {
            b.iter(|| black_box(&start).perft(d))
        });
    }
    group.finish();
}

/// Whole games of uniformly random legal turns from the start, with a fixed
/// seed: the same games every run.
fn random_games(c: &mut Criterion) {
    const GAMES: u64 = 20;
    let mut group = c.benchmark_group("random_games");
    group.sample_size(10);
    for variant in Ruleset::RULE_BOOK {
        let start = Position::start(variant);
        let play = |start: &Position| -> usize {
            (0..GAMES)
                .map(|i| {
                    let mut rng = Xoshiro256PlusPlus::seed_from_u64(i);
                    playout(start, |n| rng.random_range(0..n)).0
                })
                .sum()
        };
        group.throughput(Throughput::Elements(play(&start) as u64));
        group.bench_with_input(BenchmarkId::new(variant.id, GAMES), &start, |b, s| {
            b.iter(|| play(black_box(s)))
        });
    }
    group.finish();
}

criterion_group!(benches, legal_turns, perft, random_games);
criterion_main!(benches);
