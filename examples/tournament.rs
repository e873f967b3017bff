//! Plays games between two players, both colours, in parallel, and reports
//! the score and the Elo difference with a 95% interval.
//!
//! ```text
//! cargo run --release --example tournament -- --first medium --second easy --games 100
//! cargo run --release --example tournament -- --first hard --second medium --variant alquerque --hard-ms 100
//! cargo run --release --example tournament -- --first hard --second hard --clock 0+100ms --threads 1
//! ```
//!
//! Each game of a pair is played once with each colour; game `i` uses seed
//! `seed + i` for both players, so a tournament can be replayed. With
//! `--clock` the players play on a clock (rules.md T1) and manage their
//! time from it; a player out of time loses (T2), and the report counts
//! such losses. Games on a clock run on the wall clock: give each game a
//! core of its own (`--threads`, one per core by default, is right when
//! nothing else runs).

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use alquerque_ai::{Player, Strength};
use clap::Parser;
use indicatif::{ProgressBar, ProgressStyle};
use peralikatuma::clock::TimeControl;
use peralikatuma::session::{Opponent, Session, Settings};
use peralikatuma_rules::{GameError, Outcome, Record, Side, Variant, WinReason};
use rayon::prelude::*;

/// Play a match between two machine players.
#[derive(Parser, Debug)]
#[command(version, about)]
struct Args {
    /// The first player: random, easy, medium or hard.
    #[arg(long)]
    first: Strength,
    /// The second player.
    #[arg(long)]
    second: Strength,
    /// Games per game variant (half with each colour; rounded up to even).
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    games: u32,
    /// The game, or `all` for each of the three.
    #[arg(long, default_value = "all")]
    variant: String,
    /// Seed of the first game; game `i` uses `seed + i`.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Thinking time of a Hard player per turn, in milliseconds.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..=600_000))]
    hard_ms: u64,
    /// Play on a clock (rules.md T1), `base+increment` as in the play
    /// example (`5+3`, `1s+100ms`, `0+100ms`): Hard thinks from the clock
    /// instead of `--hard-ms`.
    #[arg(long)]
    clock: Option<TimeControl>,
    /// Save every game as a record (RULES.md N4) in this folder.
    #[arg(long)]
    save: Option<PathBuf>,
    /// Worker threads (0: one per core).
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u16).range(0..=1024))]
    threads: u16,
}

/// A game longer than this is stopped and scored as a draw; the rules end
/// every game long before (E2, E4), so this only guards against a bug.
const MAX_TURNS: usize = 5_000;

/// The result of one game, from the first player's point of view.
struct Played {
    variant: Variant,
    first_is_white: bool,
    /// 1 for a win of the first player, 0.5 for a draw, 0 for a loss.
    points: f64,
    record: Record,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let variants: Vec<Variant> = if args.variant.eq_ignore_ascii_case("all") {
        Variant::ALL.to_vec()
    } else {
        match args.variant.parse() {
            Ok(variant) => vec![variant],
            Err(error) => {
                eprintln!("error: --variant: {error} (or `all`)");
                return ExitCode::from(2);
            }
        }
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
    let pairs = args.games.div_ceil(2) as u64;
    let jobs: Vec<(Variant, u64, bool)> = variants
        .iter()
        .flat_map(|&v| (0..pairs).flat_map(move |i| [(v, i, true), (v, i, false)]))
        .collect();
    let bar = ProgressBar::new(jobs.len() as u64);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games, {elapsed} (eta {eta})")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let played: Vec<Played> = pool.install(|| {
        jobs.par_iter()
            .map(|&(variant, i, first_is_white)| {
                let game = play(&args, variant, args.seed.wrapping_add(i), first_is_white);
                bar.inc(1);
                game
            })
            .collect()
    });
    bar.finish_and_clear();

    if let Some(folder) = &args.save {
        for (n, game) in played.iter().enumerate() {
            let path = folder.join(format!("{}-{:05}.txt", game.variant.name(), n + 1));
            if let Err(error) = std::fs::write(&path, game.record.to_string()) {
                eprintln!("error: cannot write {}: {error}", path.display());
                return ExitCode::FAILURE;
            }
        }
    }

    println!("{} against {}:", args.first, args.second);
    for &variant in &variants {
        let games: Vec<&Played> = played.iter().filter(|g| g.variant == variant).collect();
        report(&variant.to_string(), &games);
        for white in [true, false] {
            let colour: Vec<&Played> = games
                .iter()
                .copied()
                .filter(|g| g.first_is_white == white)
                .collect();
            report(
                &format!(
                    "  {} as {}",
                    args.first,
                    if white { "White" } else { "Black" }
                ),
                &colour,
            );
        }
    }
    if variants.len() > 1 {
        report("all games", &played.iter().collect::<Vec<_>>());
    }
    ExitCode::SUCCESS
}

/// Plays one game; both players draw their randomness from `seed`. On a
/// clock the session keeps it (T1) and ends the game of a player out of
/// time (T2), as for people.
fn play(args: &Args, variant: Variant, seed: u64, first_is_white: bool) -> Played {
    let mut first = Player::new(args.first, seed);
    let mut second = Player::new(args.second, seed ^ 0x5eed);
    for player in [&mut first, &mut second] {
        player.hard_time = Duration::from_millis(args.hard_ms);
    }
    let settings = Settings {
        variant,
        opponent: Opponent::Human,
        clock: args.clock,
        ..Settings::default()
    };
    let Ok(mut session) = Session::new(settings) else {
        unreachable!("a game's start is a valid position")
    };
    while session.game().outcome().is_none() && session.game().turns().len() < MAX_TURNS {
        let white_to_move = session.game().position().side_to_move() == Side::White;
        let player = if white_to_move == first_is_white {
            &mut first
        } else {
            &mut second
        };
        let chosen = match session.machine_budget() {
            Some(budget) => player.choose_on_clock(session.game(), budget),
            None => player.choose(session.game()),
        };
        let Some(turn) = chosen else {
            break;
        };
        match session.play(&turn) {
            Ok(()) | Err(GameError::Over(_)) => {}
            Err(_) => break,
        }
    }
    let game = session.game().clone();
    let points = match game.outcome().and_then(Outcome::winner) {
        Some(Side::White) => f64::from(u8::from(first_is_white)),
        Some(Side::Black) => f64::from(u8::from(!first_is_white)),
        None => 0.5,
    };
    let (white, black) = if first_is_white {
        (args.first, args.second)
    } else {
        (args.second, args.first)
    };
    let on_time = session.record();
    let mut record = Record::new(game);
    record.set_tag("White", white.name());
    record.set_tag("Black", black.name());
    record.set_tag("Event", &format!("tournament seed {seed}"));
    for tag in ["TimeControl", "WhiteClock", "BlackClock"] {
        if let Some(value) = on_time.tag(tag) {
            record.set_tag(tag, value);
        }
    }
    Played {
        variant,
        first_is_white,
        points,
        record,
    }
}

/// Prints wins, draws, losses, the score and the Elo difference with a 95%
/// interval (Wilson's), for the first player.
fn report(label: &str, games: &[&Played]) {
    let n = games.len() as f64;
    if games.is_empty() {
        return;
    }
    let wins = games.iter().filter(|g| g.points == 1.0).count();
    let draws = games.iter().filter(|g| g.points == 0.5).count();
    let losses = games.len() - wins - draws;
    let score = games.iter().map(|g| g.points).sum::<f64>() / n;
    // Wilson's interval: sound at 0% and 100% too (draws count as halves).
    let z = 1.96_f64;
    let centre = (score + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * (score * (1.0 - score) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
    let on_time = games
        .iter()
        .filter(|g| {
            matches!(
                g.record.game.outcome(),
                Some(Outcome::Win {
                    reason: WinReason::Time,
                    ..
                })
            )
        })
        .count();
    let on_time = match on_time {
        0 => String::new(),
        n => format!(" ({n} lost on time)"),
    };
    println!(
        "{label}: {} games, +{wins} ={draws} -{losses}{on_time}, score {:.1}%, Elo {} [{}, {}]",
        games.len(),
        100.0 * score,
        elo(score),
        elo(centre - half),
        elo(centre + half)
    );
}

/// The Elo difference that expects `score`, as text (`+inf` at 100%).
fn elo(score: f64) -> String {
    // Within rounding of 0% or 100% the difference is unbounded.
    if score >= 1.0 - 1e-9 {
        "+inf".into()
    } else if score <= 1e-9 {
        "-inf".into()
    } else {
        format!("{:+.0}", -400.0 * (1.0 / score - 1.0).log10())
    }
}
