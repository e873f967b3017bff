//! Counts legal turn sequences (perft, RULES.md X1) to check and time move
//! generation.
//!
//! ```text
//! cargo run --release --example perft -- --variant peralikatuma --depth 6
//! cargo run --release --example perft -- --depth 3 --divide --position "B:Wc1,e3:Bd4,f8"
//! ```
//!
//! Prints `perft <depth> <nodes>` for each depth from 1, then the time and
//! nodes per second on the same line. A bad argument or position is an
//! error with exit code 2.

use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Instant;

use clap::Parser;
use peralikatuma_rules::{Position, Variant};
use rayon::prelude::*;

/// Count the legal turn sequences of a given length (perft).
#[derive(Parser, Debug)]
#[command(version, about)]
struct Args {
    /// The game: peralikatuma, alquerque or permainan.
    #[arg(long, default_value = "peralikatuma")]
    variant: Variant,
    /// Count sequences of 1..=DEPTH turns (0 prints perft 0 = 1).
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=64))]
    depth: u32,
    /// Start from this position text (RULES.md N3) instead of the start.
    #[arg(long)]
    position: Option<String>,
    /// Print each legal turn with its count at the last depth.
    #[arg(long)]
    divide: bool,
    /// Worker threads (0: one per core). Speed figures are quoted for 1.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(0..=1024))]
    threads: u16,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let Ok(position) = peralikatuma::position_arg(args.variant, args.position.as_deref()) else {
        return ExitCode::from(2);
    };
    let pool = match rayon::ThreadPoolBuilder::new()
        .num_threads(usize::from(args.threads))
        .build()
    {
        Ok(pool) => pool,
        Err(error) => {
            eprintln!("error: cannot start {} threads: {error}", args.threads);
            return ExitCode::from(2);
        }
    };
    pool.install(|| run(&args, &position));
    ExitCode::SUCCESS
}

/// Prints the counts; stops quietly when standard output is closed (a
/// pipe into `head`, say).
fn run(args: &Args, position: &Position) {
    let mut out = io::stdout().lock();
    if args.depth == 0 {
        let _ = writeln!(out, "perft 0 1");
    }
    for depth in 1..=args.depth {
        let started = Instant::now();
        let turns = position.legal_turns();
        let counts: Vec<u64> = if depth == 1 {
            vec![1; turns.len()]
        } else {
            turns
                .par_iter()
                .map(|t| position.play_unchecked(t).perft(depth - 1))
                .collect()
        };
        let nodes: u64 = counts.iter().sum();
        let seconds = started.elapsed().as_secs_f64();
        if args.divide && depth == args.depth {
            for (turn, count) in turns.iter().zip(&counts) {
                if writeln!(out, "{} {count}", turn.notation(position.variant())).is_err() {
                    return;
                }
            }
        }
        let rate = if seconds > 0.0 {
            nodes as f64 / seconds / 1e6
        } else {
            0.0
        };
        if writeln!(
            out,
            "perft {depth} {nodes} ({seconds:.3} s, {rate:.1} Mnodes/s)"
        )
        .is_err()
        {
            return;
        }
    }
}
