//! Move generation benchmarks: legal turns on fixed positions (throughput
//! in turns) and perft from the start (throughput in nodes).
//!
//! `cargo bench --bench movegen` (add `-- --quick` for a fast look).

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use peralikatuma_rules::{Position, Variant};
use std::hint::black_box;

/// Positions from the start and from the perft suites: opening, a position
/// with claimable pieces, middle games, an ending.
const POSITIONS: [(&str, &str); 5] = [
    (
        "start",
        "W:Wc1,e1,g1,d2,e2,f2,a3,c3,d3,e3,f3,g3,b4,c4,d4,e4,f4,g4,a5,b5,c5,b6,a7:Bi3,h4,g5,h5,i5,c6,d6,e6,f6,g6,h6,c7,d7,e7,f7,g7,i7,d8,e8,f8,c9,e9,g9",
    ),
    (
        "claimable",
        "B:Wc1,e1,g1,d2,e2,f2,a3,c3,d3,f3,g3,c4,e4,f4,g4,a5,d5,e5,d6:Bi3,b4,h4,h5,i5,c6,f6,g6,h6,c7,d7,e7,f7,g7,i7,d8,e8,c9,e9,g9:Fa3,d6",
    ),
    (
        "middle",
        "W:Wc1,e1,g1,d2,e2,f2,a3,d3,e3,f3,g3,b4,c4,d4,g4,a5,c5,b6,a7:Bi3,f4,h4,d5,f5,g5,h5,i5,c6,g6,h6,f7,i7,d8,e8,f8,c9,e9,g9:Fd5",
    ),
    (
        "sparse",
        "B:Wc1,e1,g1,e3,f3,d4,e4,a5:Bh4,h5,i5,f6,h6,d7,g7,f8,e9",
    ),
    ("ending", "B:Wd2,e2,a3,a5,a7:Bc4,f6,d7,e8,c9,e9,g9"),
];

fn legal_turns(c: &mut Criterion) {
    let mut group = c.benchmark_group("legal_turns");
    for (name, text) in POSITIONS {
        let position =
            Position::parse(Variant::Peralikatuma, text).expect("benchmark position is valid");
        group.throughput(Throughput::Elements(position.count_legal_turns() as u64));
        group.bench_with_input(BenchmarkId::new("list", name), &position, |b, p| {
            b.iter(|| black_box(p).legal_turns())
        });
        group.bench_with_input(BenchmarkId::new("count", name), &position, |b, p| {
            b.iter(|| black_box(p).count_legal_turns())
        });
    }
    group.finish();
}

fn perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    let start = Position::start(Variant::Peralikatuma);
    for depth in [4, 5] {
        group.throughput(Throughput::Elements(start.perft(depth)));
        group.bench_with_input(BenchmarkId::new("start", depth), &depth, |b, &d| {
            b.iter(|| black_box(&start).perft(d))
        });
    }
    group.finish();
}

criterion_group!(benches, legal_turns, perft);
criterion_main!(benches);
