//! Counts legal turn sequences (perft, RULES.md X1) to check and time move
//! generation, for any of the model's games (the rule book's three and the
//! family's, rules.md F11).
//!
//! ```text
//! cargo run --release --example perft -- --variant peralikatuma --depth 6
//! cargo run --release --example perft -- --depth 3 --divide --position "B:Wc1,e3:Bd4,f8"
//! ```
//!
//! Prints `perft <depth> <nodes>` for each depth from 1, then the time and
//! nodes per second on the same line. A bad argument or position is an
//! error with exit code 2. The last ply is counted in bulk (the turns of a
//! position are counted, not played), which favours games with many turns
//! per position; `--every-leaf` plays them all, for a fair comparison of
//! the games.
//!
//! With `--random-games N --seed S` it plays N whole games of uniformly
//! random legal turns instead (to their end by E1-E5) and prints games,
//! turns per second, average length and how the games ended:
//!
//! ```text
//! cargo run --release --example perft -- --variant alquerque --random-games 10000 --seed 1
//! ```
//!
use std::io::{self, Write};
use std::ops::ControlFlow;
use std::process::ExitCode;
use std::time::Instant;

use clap::Parser;
use peralikatuma_rules::{DrawReason, Outcome, Side};
use peralikatuma_rules::{Position, Ruleset, Turn, playout};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use rayon::prelude::*;

/// Count the legal turn sequences of a given length (perft).
#[derive(Parser, Debug)]
#[command(version, about)]
struct Args {
    /// The game: peralikatuma, alquerque or permainan, or the id of one of
    /// the family's other rulesets (FAMILY.md: alquerque-murray, zamma, ...).
    #[arg(long, default_value = "peralikatuma")]
    variant: String,
    /// Count sequences of 1..=DEPTH turns (0 prints perft 0 = 1).
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=64),
          required_unless_present = "random_games")]
    depth: Option<u32>,
    /// Play this many random games instead of counting.
    #[arg(long, conflicts_with_all = ["depth", "divide"])]
    random_games: Option<u64>,
    /// Seed of the random games: the same seed plays the same games.
    #[arg(long, default_value_t = 1, requires = "random_games")]
    seed: u64,
    /// Start from this position text (RULES.md N3; for the family's
    /// rulesets, with optional `H` huffable pieces and `P` passes) instead
    /// of the start.
    #[arg(long)]
    position: Option<String>,
    /// Print each legal turn with its count at the last depth.
    #[arg(long)]
    divide: bool,
    /// Play every turn of the last ply instead of counting the turns of
    /// the positions before it: slower, but the cost per node no longer
    /// depends on how many turns a position has, so the games compare
    /// fairly.
    #[arg(long)]
    every_leaf: bool,
    /// Worker threads (0: one per core). Speed figures are quoted for 1.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(0..=1024))]
    threads: u16,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let Ok(pool) = peralikatuma::thread_pool_arg(args.threads) else {
        return ExitCode::from(2);
    };
    let ruleset = match Ruleset::find(&args.variant) {
        Ok(ruleset) => ruleset,
        Err(error) => {
            eprintln!("error: --variant: {error}; or peralikatuma, alquerque, permainan");
            return ExitCode::from(2);
        }
    };
    let Ok(start) = peralikatuma::position_arg(ruleset, args.position.as_deref()) else {
        return ExitCode::from(2);
    };
    pool.install(|| match (args.depth, args.random_games) {
        (Some(depth), _) => perft(&args, depth, &start),
        (None, Some(games)) => random_games(games, args.seed, &start),
        (None, None) => unreachable!("clap requires --depth or --random-games"),
    });
    ExitCode::SUCCESS
}

/// Plays `games` random games from `start` ([`play_random`]), to the
/// ruleset's own end or the project's draws (E2, E4), and prints how they
/// ended.
fn random_games(games: u64, seed: u64, start: &Position) {
    let outcomes = play_random(games, seed, |choose| playout(start, choose));
    tally(games, &outcomes, !start.ruleset().is_rule_book());
}

/// Perft with every turn played, the last ply too.
fn perft_every_leaf(position: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    let _ = position.generate(|t| {
        nodes += perft_every_leaf(&position.play_unchecked(t), depth - 1);
        ControlFlow::<()>::Continue(())
    });
    nodes
}

/// Prints the counts of the turns from a position, depth by depth: `turns`
/// are its turns, `count(turn, d)` the sequences of `d` more turns after
/// one, `name` how a turn is written. Stops quietly when standard output is
/// closed (a pipe into `head`, say).
fn print_perft<T: Sync>(
    args: &Args,
    max_depth: u32,
    turns: &[T],
    count: impl Fn(&T, u32) -> u64 + Sync,
    name: impl Fn(&T) -> String,
) {
    let mut out = io::stdout().lock();
    if max_depth == 0 {
        let _ = writeln!(out, "perft 0 1");
    }
    for depth in 1..=max_depth {
        let started = Instant::now();
        let counts: Vec<u64> = if depth == 1 {
            vec![1; turns.len()]
        } else {
            turns.par_iter().map(|t| count(t, depth - 1)).collect()
        };
        let nodes: u64 = counts.iter().sum();
        let seconds = started.elapsed().as_secs_f64();
        if args.divide && depth == max_depth {
            for (turn, count) in turns.iter().zip(&counts) {
                if writeln!(out, "{} {count}", name(turn)).is_err() {
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

/// Prints the counts of the turn sequences from a position.
fn perft(args: &Args, max_depth: u32, position: &Position) {
    let count = |turn: &Turn, depth: u32| {
        let next = position.play_unchecked(turn);
        if args.every_leaf {
            perft_every_leaf(&next, depth)
        } else {
            next.perft(depth)
        }
    };
    let name = |turn: &Turn| turn.text(position.board());
    print_perft(args, max_depth, &position.legal_turns(), count, name);
}

/// Plays `games` random games in parallel, game `i` with its own generator
/// seeded from `seed` and `i` (so the results do not depend on the number
/// of threads); `play` plays one with the chooser it is given and returns
/// its length and ending. Prints the games, turns and speed, and returns
/// the endings.
fn play_random<E: Send>(
    games: u64,
    seed: u64,
    play: impl Fn(&mut dyn FnMut(usize) -> usize) -> (usize, E) + Sync,
) -> Vec<E> {
    let started = Instant::now();
    let results: Vec<(usize, E)> = (0..games)
        .into_par_iter()
        .map(|i| {
            let mut rng =
                Xoshiro256PlusPlus::seed_from_u64(seed ^ i.wrapping_mul(0x9e37_79b9_7f4a_7c15));
            play(&mut |n| rng.random_range(0..n))
        })
        .collect();
    let seconds = started.elapsed().as_secs_f64();
    let turns: usize = results.iter().map(|r| r.0).sum();
    let rate = if seconds > 0.0 {
        turns as f64 / seconds / 1e6
    } else {
        0.0
    };
    let _ = writeln!(
        io::stdout().lock(),
        "{games} games, {turns} turns in {seconds:.3} s ({rate:.2} M turns/s), average length {:.1} turns",
        turns as f64 / games.max(1) as f64
    );
    results.into_iter().map(|r| r.1).collect()
}

/// Prints how `games` games ended: the shares of wins and of each kind of
/// draw, the draws by two passes (F6) too when `passes` (in the family's
/// games, not the rule book's).
fn tally(games: u64, outcomes: &[Outcome], passes: bool) {
    let count = |f: &dyn Fn(&Outcome) -> bool| outcomes.iter().filter(|o| f(o)).count();
    let share = |n: usize| 100.0 * n as f64 / games.max(1) as f64;
    let white = count(&|o| o.winner() == Some(Side::White));
    let black = count(&|o| o.winner() == Some(Side::Black));
    let drawn = |reason| count(&|o| *o == Outcome::Draw { reason });
    let blocked = match passes {
        true => format!("blocked {:.1}%, ", share(drawn(DrawReason::Passes))),
        false => String::new(),
    };
    let _ = writeln!(
        io::stdout().lock(),
        "White wins {:.1}%, Black wins {:.1}%, draws {:.1}% ({blocked}repetition {:.1}%, sixty turns {:.1}%)",
        share(white),
        share(black),
        share(outcomes.len() - white - black),
        share(drawn(DrawReason::Repetition)),
        share(drawn(DrawReason::SixtyTurns)),
    );
}
