//! Builds endgame tablebases by retrograde analysis, and asks them about
//! positions.
//!
//! ```text
//! cargo run --release --example tablebase -- --variant peralikatuma --pieces 4
//! cargo run --release --example tablebase -- --variant alquerque --pieces 3 --probe "W:Wc2:Bc4"
//! cargo run --release --example tablebase -- --variant alquerque --pieces 8 --sizes
//! cargo run --release --example tablebase -- --variant lau-kata-kati --pieces 5
//! ```
//!
//! Every table of the game with at most `--pieces` pieces is written to
//! `--dir` (default `tablebases`), where the other examples (play, serve,
//! engine, tournament) find it. A table already there is read, not built
//! again, so an interrupted build goes on where it stopped, and a table of
//! one side's material is turned round from the other side's. Progress
//! shows as bars on a terminal, and as a line a stage in a log file. Then, for
//! each table and side to move, it prints the positions, how many of them
//! the side to move wins, draws and loses, and its longest win (turns to
//! the next removal).
//!
//! With `--probe POSITION` (or `--probe start`) it prints what the tables
//! say of a position, what each of its turns is worth to the side that
//! plays it, and the line of best play to the next removal. `--check N`
//! checks N random positions of each table against their turns (each
//! value must be the best its turns give), `--check-all` every one. With
//! `--sizes` it builds nothing and prints what each number of pieces up
//! to `--pieces` would cost: its materials and their positions. With
//! `--on-disk` it builds nothing and reads no table whole: it opens the
//! tables in `--dir` as the other examples do, to be probed on disk
//! through a cache of `--cache-mb` MiB, and says what they keep in memory
//! (`--probe`, `--check` and `--markdown` work on them). With
//! `--build-on-disk` it builds as usual but keeps each finished table on
//! disk, probed through that cache, rather than in memory.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use alquerque_tablebase::{
    BlockCache, Indexer, LoadError, Material, Progress, Stage, Table, Tablebase, Value, Verdict,
};
use clap::Parser;
use indicatif::{ProgressBar, ProgressStyle};
use peralikatuma_rules::Position;
use peralikatuma_rules::Ruleset;
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};
use rayon::prelude::*;

/// Build endgame tablebases and probe them.
#[derive(Parser, Debug)]
#[command(version, about)]
struct Args {
    /// The game, by id: any of the 21 (peralikatuma, alquerque, permainan,
    /// lau-kata-kati, ...).
    #[arg(long, default_value = "peralikatuma", value_parser = game)]
    variant: &'static Ruleset,
    /// Build every ending with at most this many pieces (up to the whole
    /// game where its positions can be numbered: Lau Kata Kati's 18).
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(2..=24))]
    pieces: u32,
    /// Where the tables are kept.
    #[arg(long, default_value = "tablebases")]
    dir: PathBuf,
    /// Print what the tables say of this position (N3 text, or `start`
    /// for the game's first position), what each of its turns is worth,
    /// and its line of best play.
    #[arg(long)]
    probe: Option<String>,
    /// Print, for each table, a position with its longest win and the line
    /// of best play to its next removal.
    #[arg(long)]
    longest: bool,
    /// Print the summary as a Markdown table (for docs/endings.md).
    #[arg(long)]
    markdown: bool,
    /// Check this many random positions of each table against their turns:
    /// each value must be the best of the values its turns lead to (seeded,
    /// `--seed`). Exits with failure at the first that is not.
    #[arg(long, default_value_t = 0)]
    check: u64,
    /// Check every position of every table as `--check` does (on every
    /// core).
    #[arg(long)]
    check_all: bool,
    /// The seed of `--check`'s positions.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Build nothing: print, for each number of pieces up to --pieces,
    /// how many materials and positions its tables would have.
    #[arg(long)]
    sizes: bool,
    /// Build nothing and read nothing whole: open the tables in --dir to
    /// be probed on disk, as the other examples do, and say what they keep
    /// in memory (--pieces is ignored: every table there is opened).
    #[arg(long)]
    on_disk: bool,
    /// With --on-disk or --build-on-disk, the most memory the blocks read
    /// from disk may take, in MiB.
    #[arg(long, default_value_t = 64)]
    cache_mb: u64,
    /// Build as usual, but keep each finished table on disk, probed through
    /// the --cache-mb cache, rather than in memory: the build needs memory
    /// for the table being built, not for all before it, and is slower.
    #[arg(long, conflicts_with = "on_disk")]
    build_on_disk: bool,
}

/// A game by its id.
fn game(id: &str) -> Result<&'static Ruleset, String> {
    Ruleset::find(id).map_err(|error| error.to_string())
}

/// What the tables of each number of pieces up to `pieces` would hold.
fn print_sizes(variant: &'static Ruleset, pieces: usize) {
    println!("{variant}: positions numbered (both sides to move; some name no legal position)");
    println!(
        "{:>6}  {:>9}  {:>18}  largest material",
        "pieces", "materials", "positions"
    );
    for n in 2..=pieces {
        let sizes: Vec<(Material, u64)> = Material::up_to(variant, n)
            .into_iter()
            .filter(|m| m.pieces() == n)
            .map(|m| (m, Indexer::new(m).size()))
            .collect();
        let total: u64 = sizes.iter().map(|&(_, size)| size).sum();
        if let Some((largest, size)) = sizes.iter().max_by_key(|&&(_, size)| size) {
            println!(
                "{n:>6}  {:>9}  {total:>18}  {largest} ({size})",
                sizes.len()
            );
        }
    }
}

fn main() -> ExitCode {
    let args = Args::parse();
    if let Some(material) = Material::up_to(args.variant, args.pieces as usize)
        .into_iter()
        .find(|&material| Indexer::checked(material).is_none())
    {
        eprintln!(
            "error: --pieces {}: the positions of {material} are too many to number",
            args.pieces
        );
        return ExitCode::from(2);
    }
    if args.sizes {
        print_sizes(args.variant, args.pieces as usize);
        return ExitCode::SUCCESS;
    }
    let probe = match &args.probe {
        Some(text) if text.eq_ignore_ascii_case("start") => Some(Position::start(args.variant)),
        Some(text) => match Position::parse(args.variant, text) {
            Ok(position) => Some(position),
            Err(error) => {
                eprintln!("error: --probe: {error}");
                return ExitCode::from(2);
            }
        },
        None => None,
    };
    let started = Instant::now();
    // Without a terminal (a log file, `nohup`) the bars are not drawn: a
    // line as each stage of a table begins says how far the build is.
    let lines = !std::io::stderr().is_terminal();
    let state = Mutex::new((None::<ProgressBar>, Instant::now(), None::<Stage>));
    let report = |p: Progress| {
        let Ok(mut state) = state.lock() else { return };
        let (bar, since, shown) = &mut *state;
        match p.stage {
            Stage::Found | Stage::Done | Stage::Turned => {
                if let Some(bar) = bar.take() {
                    bar.finish_and_clear();
                }
                *shown = None;
                let seconds = since.elapsed().as_secs_f64();
                let how = match p.stage {
                    Stage::Found => "read".to_owned(),
                    Stage::Turned => {
                        format!("turned round from the other side's in {seconds:.1} s")
                    }
                    _ => format!("built in {seconds:.1} s"),
                };
                println!("{} {}: {how}", p.material.ruleset, p.material);
                *since = Instant::now();
            }
            stage => {
                let bar = bar.get_or_insert_with(|| {
                    let bar = ProgressBar::new(p.total);
                    bar.set_style(
                        ProgressStyle::with_template("{msg:28} {bar:40} {percent:>3}% {eta}")
                            .unwrap_or_else(|_| ProgressStyle::default_bar()),
                    );
                    bar
                });
                bar.set_length(p.total);
                bar.set_position(p.done);
                let stage = match stage {
                    Stage::Counting => "counting",
                    Stage::Linking => "linking",
                    Stage::Valuing => "valuing depth first",
                    _ => "solving",
                };
                bar.set_message(format!("{} {stage}", p.material));
                if lines && *shown != Some(p.stage) {
                    *shown = Some(p.stage);
                    let seconds = since.elapsed().as_secs_f64();
                    println!(
                        "{} {}: {stage} ({seconds:.1} s since the table began)",
                        p.material.ruleset, p.material
                    );
                }
            }
        }
    };
    let cache = Arc::new(BlockCache::new(args.cache_mb.saturating_mul(1 << 20)));
    let tablebase = if args.on_disk {
        Tablebase::open(&args.dir, args.variant, &cache).map_err(|e| e.to_string())
    } else if args.build_on_disk {
        Tablebase::build_on_disk(
            &args.dir,
            args.variant,
            args.pieces as usize,
            &cache,
            &report,
        )
        .map_err(|e| e.to_string())
    } else {
        Tablebase::build_in(&args.dir, args.variant, args.pieces as usize, &report)
            .map_err(|e| e.to_string())
    };
    let tablebase = match tablebase {
        Ok(tablebase) => tablebase,
        Err(error) => {
            eprintln!("error: {error}");
            return ExitCode::FAILURE;
        }
    };
    if args.on_disk {
        println!(
            "opened {} tables of {} up to {} pieces in {} in {:.2} s: they keep {} bytes in memory, and the blocks they read at most {} MiB",
            tablebase.tables().count(),
            args.variant,
            tablebase.pieces(),
            args.dir.display(),
            started.elapsed().as_secs_f64(),
            tablebase.memory(),
            args.cache_mb
        );
    }
    // Opened on disk, the summary would read every table: only on demand.
    if !args.on_disk || args.markdown {
        println!();
        let printed = match args.markdown {
            true => print_markdown(&tablebase),
            false => print_summary(&tablebase),
        };
        if let Err(error) = printed {
            eprintln!("error: {error}");
            return ExitCode::FAILURE;
        }
        println!(
            "{} tables of {} up to {} pieces in {}, {:.1} s",
            tablebase.tables().count(),
            args.variant,
            tablebase.pieces(),
            args.dir.display(),
            started.elapsed().as_secs_f64()
        );
    }
    if args.check > 0 || args.check_all {
        let checked = if args.check_all {
            check_every(&tablebase)
        } else {
            check(&tablebase, args.check, args.seed)
        };
        // On disk, a block that could not be read leaves its positions
        // out of the check: that is a failure too.
        let checked =
            checked.and_then(
                |checked| match tablebase.tables().find_map(Table::failure) {
                    Some(failure) => Err(failure.to_string()),
                    None => Ok(checked),
                },
            );
        match checked {
            Ok(checked) => println!(
                "checked {checked} positions against their turns: every value is the best its turns give"
            ),
            Err(message) => {
                eprintln!("error: --check: {message}");
                return ExitCode::FAILURE;
            }
        }
    }
    if args.longest {
        for table in tablebase.tables() {
            let longest = (0..table.indexer().size())
                .filter_map(|i| match table.value(i) {
                    Some(Value::Win(d)) => Some((d, i)),
                    _ => None,
                })
                .max_by_key(|&(d, i)| (d, std::cmp::Reverse(i)));
            if let Some((_, index)) = longest
                && let Ok(position) = Position::from_setup(&table.indexer().setup(index))
            {
                print!("{}: ", table.material());
                print_line(&tablebase, position);
            }
        }
    }
    if let Some(position) = probe {
        if !tablebase.covers(&position) {
            eprintln!(
                "error: --probe: the tables cover at most {} pieces",
                tablebase.pieces()
            );
            return ExitCode::from(2);
        }
        print_line(&tablebase, position);
    }
    ExitCode::SUCCESS
}

/// Checks `samples` random numbers of each table (`check_position`).
/// Answers how many positions were checked, or the first that disagrees.
fn check(tablebase: &Tablebase, samples: u64, seed: u64) -> Result<u64, String> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut checked = 0;
    for table in tablebase.tables() {
        for _ in 0..samples {
            let index = rng.random_range(0..table.indexer().size());
            checked += u64::from(check_position(tablebase, table, index)?);
        }
    }
    Ok(checked)
}

/// Checks every number of every table (`check_position`), on every core.
fn check_every(tablebase: &Tablebase) -> Result<u64, String> {
    let mut checked = 0;
    for table in tablebase.tables() {
        checked += (0..table.indexer().size())
            .into_par_iter()
            .map(|index| check_position(tablebase, table, index).map(u64::from))
            .try_reduce(|| 0, |a, b| Ok(a + b))?;
    }
    Ok(checked)
}

/// Checks the position numbered `index` of `table`, if it is legal: a
/// finished position lost by the side to move must be a loss now, and
/// any other's value the best value among its turns (the equation the
/// retrograde analysis solves, read back from the tables; held by every
/// position, it makes them exact, by induction on the distance). Answers
/// whether the number names a position checked.
fn check_position(tablebase: &Tablebase, table: &Table, index: u64) -> Result<bool, String> {
    let Some(value) = table.value(index) else {
        return Ok(false);
    };
    let Ok(position) = Position::from_setup(&table.indexer().setup(index)) else {
        return Ok(false);
    };
    let material = table.material();
    if let Some(outcome) = position.outcome() {
        let lost = outcome.winner() == Some(position.side_to_move().opposite());
        if lost && value != Value::Loss(0) {
            return Err(format!(
                "{position} ({material}): lost, but the table says {value}"
            ));
        }
        return Ok(lost);
    }
    let mut best = None;
    for turn in position.legal_turns().iter() {
        let Some((_, ours)) = tablebase.turn_value(&position, turn) else {
            return Err(format!("{position}: a turn leads out of the tables"));
        };
        best = best.max(Some(ours));
    }
    if best != Some(value) {
        return Err(format!(
            "{position} ({material}): the table says {value}, its turns give {best:?}"
        ));
    }
    Ok(true)
}

/// The tables' verdict on a position and its line of best play to the next
/// removal or the end.
fn print_line(tablebase: &Tablebase, mut position: Position) {
    let Some(probe) = tablebase.probe(&position) else {
        println!("{position}: not in the tables");
        return;
    };
    println!(
        "{position}: {} for {} ({})",
        probe.verdict,
        position.side_to_move(),
        probe.value
    );
    let turns: Vec<String> = position
        .legal_turns()
        .iter()
        .filter_map(|turn| {
            let (verdict, value) = tablebase.turn_value(&position, turn)?;
            Some(format!(
                "{} {verdict} ({value})",
                turn.text(position.board())
            ))
        })
        .collect();
    println!("turns: {}", turns.join(", "));
    if probe.verdict == Verdict::Draw {
        return;
    }
    let pieces = position.piece_count();
    let mut line = Vec::new();
    while let Some((turn, _, _)) = tablebase.best_turn(&position) {
        line.push(turn.text(position.board()));
        position = position.play_unchecked(&turn);
        if position.piece_count() < pieces || position.outcome().is_some() {
            break;
        }
    }
    println!("best play: {}", line.join(" "));
}

/// Each table's shares of wins, draws and losses for the side to move.
fn print_summary(tablebase: &Tablebase) -> Result<(), LoadError> {
    println!(
        "{:<12} {:<7} {:>12} {:>7} {:>7} {:>7} {:>8}",
        "material", "to move", "positions", "wins", "draws", "losses", "longest"
    );
    for table in tablebase.tables() {
        let summary = table.summary()?;
        for (side, counts) in [
            ("White", summary.white_to_move),
            ("Black", summary.black_to_move),
        ] {
            println!(
                "{:<12} {:<7} {:>12} {:>7} {:>7} {:>7} {:>8}",
                table.material().to_string(),
                side,
                counts.positions(),
                percent(counts.wins, counts.positions()),
                percent(counts.draws, counts.positions()),
                percent(counts.losses, counts.positions()),
                counts.longest_win
            );
        }
    }
    Ok(())
}

/// The same as a Markdown table, one row per table: White's results with
/// White to move and with Black to move.
fn print_markdown(tablebase: &Tablebase) -> Result<(), LoadError> {
    println!(
        "| material | positions | White to move: White wins / draws / Black wins | longest White win | Black to move: White wins / draws / Black wins | longest Black win |"
    );
    println!("| --- | ---: | --- | ---: | --- | ---: |");
    for table in tablebase.tables() {
        let s = table.summary()?;
        let (w, b) = (s.white_to_move, s.black_to_move);
        println!(
            "| {} | {} | {} / {} / {} | {} | {} / {} / {} | {} |",
            table.material(),
            s.positions(),
            percent(w.wins, w.positions()),
            percent(w.draws, w.positions()),
            percent(w.losses, w.positions()),
            w.longest_win,
            percent(b.losses, b.positions()),
            percent(b.draws, b.positions()),
            percent(b.wins, b.positions()),
            b.longest_win
        );
    }
    Ok(())
}

fn percent(part: u64, whole: u64) -> String {
    format!("{:.1}%", 100.0 * part as f64 / whole.max(1) as f64)
}
