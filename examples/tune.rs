//! Tunes the evaluation's weights of one game from data, and measures the
//! tuned weights against the game's own at Hard (see
//! `peralikatuma::tune`): self-play games from random openings, Texel's
//! logistic fit on their positions, then a match on other seeds.
//!
//! ```text
//! cargo run --release --example tune -- --variant sixteen-soldiers
//! cargo run --release --example tune -- --variant zamma --games 1000 --seed 1 --write
//! cargo run --release --example tune -- --variant kotu-ellima --match-games 0
//! ```
//!
//! With `--write` the game's line of the weights file
//! (`crates/alquerque-ai/src/eval/weights.txt`) becomes the tuned weights,
//! with the command that made them as its comment.

use std::path::Path;
use std::process::ExitCode;

use alquerque_ai::Weights;
use clap::Parser;
use indicatif::{ProgressBar, ProgressStyle};
use peralikatuma::tournament::Tally;
use peralikatuma::tune::{Duel, SelfPlay, duel, fit, samples, with_line};
use peralikatuma_rules::Ruleset;

/// Tune one game's evaluation weights from self-play, and measure them.
#[derive(Parser, Debug)]
#[command(version, about)]
struct Args {
    /// The game, by id (`zamma`, `sixteen-soldiers`, ...).
    #[arg(long)]
    variant: String,
    /// Self-play games to tune from.
    #[arg(long, default_value_t = 3_000, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    games: u32,
    /// Hard's nodes a turn in the self-play games (many quick games tune
    /// better than few good ones: a game's positions share its result).
    #[arg(long, default_value_t = 300, value_parser = clap::value_parser!(u64).range(1..))]
    nodes: u64,
    /// The share of self-play turns played at random, so that games are
    /// decided and positions varied.
    #[arg(long, default_value_t = 0.1, value_parser = share)]
    random_share: f64,
    /// Random turns that open each game (self-play and match).
    #[arg(long, default_value_t = 4)]
    opening: usize,
    /// Self-play game `i` opens from `seed + i`.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Games of the match, tuned weights against the game's own (0: no
    /// match).
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u32).range(0..=1_000_000))]
    match_games: u32,
    /// Hard's nodes a turn in the match.
    #[arg(long, default_value_t = 10_000, value_parser = clap::value_parser!(u64).range(1..))]
    match_nodes: u64,
    /// The match's pair `i` opens from `match_seed + i` (keep it away from
    /// the self-play seeds).
    #[arg(long, default_value_t = 1_000_000)]
    match_seed: u64,
    /// Write the tuned weights into the weights file.
    #[arg(long)]
    write: bool,
}

/// A share from 0 to 1.
fn share(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(share) if (0.0..=1.0).contains(&share) => Ok(share),
        _ => Err(format!("`{text}` is not a share from 0 to 1")),
    }
}

/// The weights file, from the workspace's root.
const WEIGHTS_FILE: &str = "crates/alquerque-ai/src/eval/weights.txt";

fn main() -> ExitCode {
    let args = Args::parse();
    let ruleset = match Ruleset::find(&args.variant) {
        Ok(ruleset) => ruleset,
        Err(error) => {
            eprintln!("tune: {error}");
            return ExitCode::FAILURE;
        }
    };
    let own = Weights::of(ruleset);
    let self_play = SelfPlay {
        ruleset,
        games: args.games,
        opening: args.opening,
        nodes: args.nodes,
        random_share: args.random_share,
        seed: args.seed,
        weights: own,
    };
    let bar = progress(u64::from(args.games), "self-play");
    let tablebase = peralikatuma::tablebases::for_ruleset(ruleset);
    let samples = samples(&self_play, tablebase, || bar.inc(1));
    bar.finish_and_clear();
    let fit = fit(&samples, own);
    let decided = samples.iter().filter(|s| s.result != 0.5).count();
    println!(
        "{}: {} positions ({} in decided games) from {} games ({} nodes a turn, {}% at random, seeds {}..={}), {} held out",
        ruleset.id,
        fit.fitted + fit.held_out,
        decided,
        args.games,
        args.nodes,
        100.0 * args.random_share,
        args.seed,
        args.seed.wrapping_add(u64::from(args.games) - 1),
        fit.held_out,
    );
    let held_out = match fit.held_out {
        0 => "none held out (fewer than 5 games)".to_owned(),
        _ => format!("held out {:.5} -> {:.5}", fit.error_before, fit.error_after),
    };
    println!(
        "scale {:.0}; mean squared error, {held_out}, fitted {:.5} -> {:.5}",
        fit.scale, fit.fitted_before, fit.fitted_after
    );
    println!("own:   {own}");
    println!("tuned: {}", fit.weights);
    if args.match_games > 0 {
        let games = args.match_games.div_ceil(2) * 2;
        let bar = progress(u64::from(games), "match");
        let tally: Tally = duel(
            &Duel {
                ruleset,
                games,
                opening: args.opening,
                nodes: args.match_nodes,
                seed: args.match_seed,
                first: fit.weights,
                second: own,
            },
            || bar.inc(1),
        );
        bar.finish_and_clear();
        println!(
            "tuned against own, Hard at {} nodes, pairs from seeds {}..={}: {}",
            args.match_nodes,
            args.match_seed,
            args.match_seed.wrapping_add(u64::from(games / 2) - 1),
            tally.line()
        );
    }
    if args.write {
        let command = format!(
            "tune --variant {} --games {} --nodes {} --random-share {} --opening {} --seed {}",
            ruleset.id, args.games, args.nodes, args.random_share, args.opening, args.seed
        );
        if let Err(error) = write(ruleset, &fit.weights, &command) {
            eprintln!("tune: {WEIGHTS_FILE}: {error}");
            return ExitCode::FAILURE;
        }
        println!("written to {WEIGHTS_FILE}");
    }
    ExitCode::SUCCESS
}

/// A progress bar of `games` games.
fn progress(games: u64, what: &str) -> ProgressBar {
    let bar = ProgressBar::new(games);
    bar.set_style(
        ProgressStyle::with_template(&format!("{what} {{bar:40}} {{pos}}/{{len}} games {{eta}}"))
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    bar
}

/// Replaces `ruleset`'s line of the weights file by `weights`, with `command`
/// as its comment.
fn write(ruleset: &Ruleset, weights: &Weights, command: &str) -> Result<(), String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(WEIGHTS_FILE);
    let text = std::fs::read_to_string(&path).map_err(|error| error.to_string())?;
    let text = with_line(&text, ruleset, weights, command).map_err(|error| error.to_string())?;
    std::fs::write(&path, text).map_err(|error| error.to_string())
}
