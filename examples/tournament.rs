//! Plays matches between machine players, both colours, in parallel, and
//! reports each pairing's score and the players' ratings (Elo relative to
//! an anchor, with 95% intervals; see `peralikatuma::tournament`).
//!
//! ```text
//! cargo run --release --example tournament -- --first medium --second easy --games 100
//! cargo run --release --example tournament -- --first hard --second medium --variant alquerque --hard-ms 100
//! cargo run --release --example tournament -- --variant peralikatuma --ladder --games 200 --seed 5000
//! cargo run --release --example tournament -- --first hard --second hard --clock 0+100ms --threads 1
//! cargo run --release --example tournament -- --variant family --ladder --without master --games 20
//! ```
//!
//! Each game of a pair is played once with each colour; pair `i` of a
//! pairing uses seed `seed + i` for both players, so a tournament can be
//! replayed (Master's games excepted: its two threads do not search alike
//! twice, and Hard's and Master's strength depends on the time they get).
//! Games with Master are played one at a time after the others, so that
//! Master has both cores, pair by pair across the games. With `--clock`
//! the players play on a clock (rules.md T1) and manage their time from
//! it; a player out of time loses (T2), and the report counts such losses. Games on a clock run on the
//! wall clock: give each game a core of its own (`--threads`). Hard and
//! Master use the endgame tables in `tablebases/` if there are any.
//!
//! With `--save DIR` each game is written to `DIR` as it ends; run the same
//! command again after an interruption and the games found there are read
//! back, not played again (they must match the pairing, seed, colours and
//! thinking time).

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use alquerque_ai::Strength;
use clap::Parser;
use indicatif::{ProgressBar, ProgressStyle};
use peralikatuma::clock::TimeControl;
use peralikatuma::tournament::{Fixture, LADDER, Played, Tally, ratings_table};
use peralikatuma_rules::{RULESETS, Ruleset};
use rayon::prelude::*;

/// Play matches between machine players and rate them.
#[derive(Parser, Debug)]
#[command(version, about)]
struct Args {
    /// The first player: random, casual, beginner, easy, medium, hard or
    /// master.
    #[arg(long, required_unless_present = "ladder", requires = "second")]
    first: Option<Strength>,
    /// The second player.
    #[arg(long, requires = "first")]
    second: Option<Strength>,
    /// Play the ladder instead: casual against random, beginner and easy,
    /// and each level against the one below it.
    #[arg(long, conflicts_with_all = ["first", "second"])]
    ladder: bool,
    /// Leave out the ladder's pairings with these players (e.g.
    /// `--without master,hard`), to measure the rest quickly.
    #[arg(long, value_delimiter = ',', requires = "ladder")]
    without: Vec<Strength>,
    /// Games per pairing and game variant (half with each colour; rounded
    /// up to even).
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    games: u32,
    /// The games, by id (`peralikatuma`, `zamma`, ...), separated by
    /// commas: `all` for the three seed games, `family` for every family
    /// ruleset.
    #[arg(long, default_value = "all", value_delimiter = ',')]
    variant: Vec<String>,
    /// Seed of the first pair of games of each pairing; pair `i` uses
    /// `seed + i`.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Thinking time of a Hard player per turn, in milliseconds (Master
    /// thinks three times as long).
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..=600_000))]
    hard_ms: u64,
    /// Play on a clock (rules.md T1), `base+increment` as in the play
    /// example (`5+3`, `1s+100ms`, `0+100ms`): the players think from the
    /// clock instead of `--hard-ms`, and one out of time loses (T2).
    #[arg(long)]
    clock: Option<TimeControl>,
    /// The player rated 0 (if it played; else the first player).
    #[arg(long, default_value = "casual")]
    anchor: Strength,
    /// Save every game as a record (RULES.md N4) in this folder as soon as
    /// it ends (named as in `peralikatuma-hard-medium-5000-white.txt`);
    /// games already saved there by an interrupted run of the same
    /// tournament are read back instead of played again.
    #[arg(long)]
    save: Option<PathBuf>,
    /// Worker threads (0: one per core).
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u16).range(0..=1024))]
    threads: u16,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let mut variants: Vec<&'static Ruleset> = Vec::new();
    for name in &args.variant {
        let named: Vec<&'static Ruleset> = if name.eq_ignore_ascii_case("all") {
            Ruleset::RULE_BOOK.to_vec()
        } else if name.eq_ignore_ascii_case("family") {
            RULESETS.iter().collect()
        } else {
            match Ruleset::find(name) {
                Ok(game) => vec![game],
                Err(error) => {
                    eprintln!("error: --variant: {error} (or `all`, `family`)");
                    return ExitCode::from(2);
                }
            }
        };
        for game in named {
            if !variants.contains(&game) {
                variants.push(game);
            }
        }
    }
    let pairings: Vec<(Strength, Strength)> = match (args.first, args.second) {
        (Some(first), Some(second)) => vec![(first, second)],
        _ => LADDER
            .into_iter()
            .filter(|(a, b)| !args.without.contains(a) && !args.without.contains(b))
            .collect(),
    };
    if let Some(folder) = &args.save {
        if let Err(error) = std::fs::create_dir_all(folder) {
            eprintln!("error: cannot create {}: {error}", folder.display());
            return ExitCode::from(2);
        }
    }
    let Ok(pool) = peralikatuma::thread_pool_arg(args.threads) else {
        return ExitCode::from(2);
    };
    let fixtures: Vec<Fixture> = variants
        .iter()
        .flat_map(|&v| {
            pairings
                .iter()
                .flat_map(move |&(a, b)| Fixture::match_games(v, a, b, args.games, args.seed))
        })
        .collect();
    let hard_time = Duration::from_millis(args.hard_ms);
    // Games saved by an earlier run of the same tournament are read back,
    // not played again.
    let mut played: Vec<Played> = Vec::new();
    let mut to_play: Vec<Fixture> = Vec::new();
    for fixture in fixtures {
        let saved = match &args.save {
            Some(folder) => fixture.saved(folder, hard_time, args.clock),
            None => Ok(None),
        };
        match saved {
            Ok(Some(game)) => played.push(game),
            Ok(None) => to_play.push(fixture),
            Err(error) => {
                eprintln!("error: a saved game cannot be read back: {error}");
                return ExitCode::FAILURE;
            }
        }
    }
    if let (Some(folder), false) = (&args.save, played.is_empty()) {
        eprintln!(
            "{} games read back from {}; {} to play",
            played.len(),
            folder.display(),
            to_play.len()
        );
    }
    let bar = ProgressBar::new(to_play.len() as u64);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games, {elapsed} (eta {eta})")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let with_master = |f: &Fixture| f.first == Strength::Master || f.second == Strength::Master;
    // Each game is saved as soon as it ends, so that an interrupted
    // tournament loses at most the games under way.
    let play = |f: &Fixture| -> Result<Played, String> {
        let game = f.play(hard_time, args.clock);
        if let Some(folder) = &args.save {
            // Written aside and renamed, so that a run killed mid-write
            // leaves no half record to trip the next one.
            let path = folder.join(f.file_name());
            let part = path.with_extension("part");
            std::fs::write(&part, game.record.to_string())
                .and_then(|()| std::fs::rename(&part, &path))
                .map_err(|error| format!("cannot write {}: {error}", path.display()))?;
        }
        bar.inc(1);
        Ok(game)
    };
    let others: Result<Vec<Played>, String> = pool.install(|| {
        to_play
            .par_iter()
            .filter(|f| !with_master(f))
            .map(play)
            .collect()
    });
    // Master's games, one at a time, pair by pair across the games, so that
    // an interrupted run leaves as many games of each.
    let mut masters: Vec<&Fixture> = to_play.iter().filter(|f| with_master(f)).collect();
    masters.sort_by_key(|f| (f.seed, !f.first_is_white));
    let with_master: Result<Vec<Played>, String> = masters.into_iter().map(play).collect();
    bar.finish_and_clear();
    match (others, with_master) {
        (Ok(others), Ok(with_master)) => {
            played.extend(others);
            played.extend(with_master);
        }
        (Err(error), _) | (_, Err(error)) => {
            eprintln!("error: {error}");
            return ExitCode::FAILURE;
        }
    }

    for &variant in &variants {
        let name = variant.name;
        println!("{name}, seeds from {}:", args.seed);
        let games: Vec<Played> = played
            .iter()
            .filter(|g| g.fixture.game == variant)
            .cloned()
            .collect();
        for &(first, second) in &pairings {
            let pairing = || {
                games
                    .iter()
                    .filter(move |g| g.fixture.first == first && g.fixture.second == second)
            };
            println!("{first} against {second}: {}", Tally::of(pairing()).line());
            for (white, colour) in [(true, "White"), (false, "Black")] {
                let tally = Tally::of(pairing().filter(|g| g.fixture.first_is_white == white));
                println!("  {first} as {colour}: {}", tally.line());
            }
        }
        let anchor = if games
            .iter()
            .any(|g| g.fixture.first == args.anchor || g.fixture.second == args.anchor)
        {
            args.anchor
        } else {
            pairings[0].0
        };
        println!(
            "\n{name} ratings (Elo, {anchor} = 0; maximum likelihood over all pairings, 95% intervals):\n"
        );
        println!("{}", ratings_table(&games, anchor));
    }
    ExitCode::SUCCESS
}
