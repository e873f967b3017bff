//! How well Hard converts a lead: Hard, some men up from the start,
//! against Medium, colours alternated, under the project's draw rules or
//! another program's turn cap (see `peralikatuma::tune::handicap`). Prints
//! Hard's results and the games it did not win while two or more pieces
//! ahead at the end.
//!
//! ```text
//! cargo run --release --example handicap -- --variant sixteen-soldiers --men 2
//! cargo run --release --example handicap -- --variant sixteen-soldiers,kotu-ellima --men 2 --cap 400
//! ```

use std::process::ExitCode;

use alquerque_ai::Weights;
use clap::Parser;
use indicatif::{ProgressBar, ProgressStyle};
use peralikatuma::tune::{Handicap, handicap};
use peralikatuma_rules::{DrawRules, Ruleset};

/// Hard with a lead against Medium: does it win?
#[derive(Parser, Debug)]
#[command(version, about)]
struct Args {
    /// The games, by id, separated by commas.
    #[arg(long, value_delimiter = ',', required = true)]
    variant: Vec<String>,
    /// Men taken from Medium's side at the start (at most all but one).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u8).range(1..))]
    men: u8,
    /// Games per game variant (half with each colour; rounded up to even).
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    games: u32,
    /// Hard's nodes a turn.
    #[arg(long, default_value_t = 20_000, value_parser = clap::value_parser!(u64).range(1..))]
    nodes: u64,
    /// Pair `i` takes its men by `seed + i`.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Play under another program's rules: no draws by repetition or
    /// quiet turns, a draw after this many turns.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    cap: Option<u32>,
    /// Hard's evaluation weights instead of the game's own, as the weights
    /// file writes them (`man=100 king=250 ...`, every weight).
    #[arg(long)]
    weights: Option<Weights>,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let mut rulesets = Vec::new();
    for id in &args.variant {
        match Ruleset::find(id) {
            Ok(ruleset) => rulesets.push(ruleset),
            Err(error) => {
                eprintln!("handicap: {error}");
                return ExitCode::FAILURE;
            }
        }
    }
    let draw_rules = args.cap.map_or(DrawRules::Ours, DrawRules::TurnCap);
    let rules = match args.cap {
        Some(cap) => format!("a cap of {cap} turns"),
        None => "our draw rules".to_owned(),
    };
    for ruleset in rulesets {
        let games = args.games.div_ceil(2) * 2;
        let bar = ProgressBar::new(u64::from(games));
        bar.set_style(
            ProgressStyle::with_template("{msg} {bar:40} {pos}/{len} games {eta}")
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        bar.set_message(ruleset.id);
        let converted = handicap(
            &Handicap {
                ruleset,
                men: usize::from(args.men),
                games,
                nodes: args.nodes,
                seed: args.seed,
                draw_rules,
                weights: args.weights,
            },
            || bar.inc(1),
        );
        bar.finish_and_clear();
        println!(
            "{}: Hard {} men up against Medium, {} nodes, {rules}, seeds {}..={}: {}; not won while 2+ pieces ahead {}; turns to win {}",
            ruleset.id,
            args.men,
            args.nodes,
            args.seed,
            args.seed.wrapping_add(u64::from(games / 2) - 1),
            converted.tally.line(),
            converted.unconverted,
            match converted.tally.wins {
                0 => "none won".to_owned(),
                _ => format!("{:.0}", converted.turns_to_win),
            },
        );
    }
    ExitCode::SUCCESS
}
