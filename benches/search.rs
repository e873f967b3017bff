//! Search benchmarks for the rule book's three games: a fixed-depth
//! search from a cleared searcher on fixed positions (throughput in
//! nodes, so the report reads as nodes per second). The node count of each
//! search is exactly reproducible, so it is measured once, before timing.
//!
//! `cargo bench --bench search` (add `-- --quick` for a fast look).

use std::hint::black_box;
use std::time::Duration;

use alquerque_ai::{Limits, Searcher};
use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use peralikatuma_rules::Ruleset;
use peralikatuma_rules::{Game, Position};

/// Positions, names and depths: each search visits some tens of thousands
/// of nodes (a few milliseconds optimised), the starts and the later
/// positions of the `movegen` benchmarks.
const POSITIONS: [(&Ruleset, &str, &str, u32); 7] = [
    (
        Ruleset::PERALIKATUMA,
        "start",
        "W:Wc1,e1,g1,d2,e2,f2,a3,c3,d3,e3,f3,g3,b4,c4,d4,e4,f4,g4,a5,b5,c5,b6,a7:Bi3,h4,g5,h5,i5,c6,d6,e6,f6,g6,h6,c7,d7,e7,f7,g7,i7,d8,e8,f8,c9,e9,g9",
        9,
    ),
    (
        Ruleset::PERALIKATUMA,
        "claimable",
        "B:Wc1,e1,g1,d2,e2,f2,a3,c3,d3,f3,g3,c4,e4,f4,g4,a5,d5,e5,d6:Bi3,b4,h4,h5,i5,c6,f6,g6,h6,c7,d7,e7,f7,g7,i7,d8,e8,c9,e9,g9:Fa3,d6",
        6,
    ),
    (
        Ruleset::PERALIKATUMA,
        "sparse",
        "B:Wc1,e1,g1,e3,f3,d4,e4,a5:Bh4,h5,i5,f6,h6,d7,g7,f8,e9",
        6,
    ),
    (
        Ruleset::ALQUERQUE,
        "start",
        "W:Wa1,b1,c1,d1,e1,a2,b2,c2,d2,e2,d3,e3:Ba3,b3,a4,b4,c4,d4,e4,a5,b5,c5,d5,e5",
        14,
    ),
    (
        Ruleset::ALQUERQUE,
        "restricted",
        "W:Wc1,b2,e2,e5:Ba4,b4,d4:Rc1-b1,b2-c2",
        15,
    ),
    (
        Ruleset::PERMAINAN,
        "start",
        "W:Wa1,c1,e1,b2,c2,d2,a3,b3,c3,d3,e3,a4,b4,c4,d4,e4:Ba6,b6,c6,d6,e6,a7,b7,c7,d7,e7,b8,c8,d8,a9,c9,e9",
        10,
    ),
    (
        Ruleset::PERMAINAN,
        "kings",
        "W:Wa1,c1,e1,b2,c2,d2,e4,d5,Ka9:Bb7,d8,e9",
        8,
    ),
];

/// Transposition table size: small, so that clearing it between searches
/// costs little.
const TABLE_MB: usize = 4;

/// Times a search of each of [`POSITIONS`].
fn search(c: &mut Criterion) {
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    group.warm_up_time(Duration::from_millis(500));
    group.measurement_time(Duration::from_secs(2));
    let mut searcher = Searcher::new(TABLE_MB);
    for (variant, name, text, depth) in POSITIONS {
        let position = Position::parse(variant, text).expect("bench position is valid");
        let game = Game::from_position(position);
        let limits = Limits::depth(depth);
        searcher.clear();
        let nodes = searcher.search(&game, limits, |_| {}).nodes;
        group.throughput(Throughput::Elements(nodes));
        let id = BenchmarkId::new(format!("{}/{name}", variant.id), depth);
        group.bench_with_input(id, &game, |b, game| {
            b.iter(|| {
                searcher.clear();
                searcher.search(black_box(game), limits, |_| {}).nodes
            })
        });
    }
    group.finish();
}

criterion_group!(benches, search);
criterion_main!(benches);
