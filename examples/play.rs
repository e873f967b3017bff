//! Play any of the 21 games in the terminal (Peralikatuma, Alquerque,
//! Permainan and the family's eighteen others), against the machine or two
//! players on one screen.
//!
//! ```text
//! cargo run --release --example play
//! cargo run --release --example play -- --variant alquerque --opponent hard
//! cargo run --release --example play -- --opponent medium --clock 5+3
//! cargo run --release --example play -- --variant sixteen-soldiers --opponent hard
//! ```
//!
//! The family's other games are chosen with `--variant` and a ruleset's id
//! (rules.md F8), `--variant zamma`.
//!
//! In a terminal the game is full screen: pick pieces and points with the
//! arrows and Enter or with the mouse. With `--plain`, or when standard
//! input or output is not a terminal, the board is printed as text and turns
//! are read one per line in the notation of RULES.md N2, so a game can be
//! scripted: `printf 'e4-e5\nquit\n' | cargo run --example play`.
//!
//! With `--report FILE` it plays nothing: it prints a game report of the
//! record in FILE (N4; `-` reads standard input), every turn classified
//! from best to blunder, and each player's summary, and exits
//! (`--depth N`, `--annotated OUT` to write the record annotated).

use std::io::{self, IsTerminal, Read, Write};
use std::process::ExitCode;

use alquerque_ai::Stop;
use alquerque_ai::Strength;
use clap::{Parser, ValueEnum};
use indicatif::{ProgressBar, ProgressStyle};
use peralikatuma_rules::Side;
use peralikatuma_rules::{Position, Record, Ruleset};

use peralikatuma::clock::TimeControl;
use peralikatuma::play::{Pace, run_full_screen, run_plain};
use peralikatuma::report::{self, Report};
use peralikatuma::session::{Opponent, Session, Settings};

/// Play a game of the alquerque family in the terminal.
#[derive(Parser, Debug)]
#[command(
    version,
    about = "Play Peralikatuma, Alquerque, Permainan or another game of the alquerque family in the terminal, against the machine or a friend"
)]
struct Args {
    /// The game: peralikatuma, alquerque or permainan, or a family
    /// ruleset's id (sixteen-soldiers, zamma, ...: rules.md F8)
    /// [default: peralikatuma].
    #[arg(long)]
    variant: Option<&'static Ruleset>,
    /// Who plays the other side: the machine at beginner, easy, medium,
    /// hard or master, or a second person at this keyboard [default: easy
    /// full screen, human in line mode].
    #[arg(long, value_enum, ignore_case = true)]
    opponent: Option<OpponentArg>,
    /// Your colour against the machine [default: white].
    #[arg(long, value_enum, ignore_case = true)]
    colour: Option<Colour>,
    /// Who moves first (RULES.md P2) [default: white].
    #[arg(long, value_enum, ignore_case = true, conflicts_with = "position")]
    first: Option<Colour>,
    /// Start from this position text (RULES.md N3) instead; it says who
    /// moves first.
    #[arg(long)]
    position: Option<String>,
    /// Seed of the machine's random choices: the same seed and turns
    /// replay a game (the seed in use is shown) [default: one picked at
    /// random].
    #[arg(long)]
    seed: Option<u64>,
    /// Play on a clock (rules.md T1): base+increment, the base in minutes
    /// and the increment in seconds (`5+3`), or with units (`300s+2s`,
    /// `0+100ms`). A player out of time loses (T2).
    #[arg(long)]
    clock: Option<TimeControl>,
    /// Print the board as text and read turns line by line, even in a
    /// terminal.
    #[arg(long)]
    plain: bool,
    /// The weaker levels answer at once, without the short natural pause
    /// they take by default (for tests).
    #[arg(long)]
    at_once: bool,
    /// Play nothing: print a game report of the record (RULES.md N4) in
    /// this file (`-`: standard input), every turn classified (best, good,
    /// inaccuracy, mistake, blunder), and exit.
    #[arg(
        long,
        value_name = "FILE",
        conflicts_with_all = ["variant", "opponent", "colour", "first", "position", "clock", "plain"]
    )]
    report: Option<String>,
    /// The depth of the report's searches, 1 to 20 [default: 8].
    #[arg(long, requires = "report", value_parser = clap::value_parser!(u32).range(1..=20))]
    depth: Option<u32>,
    /// With --report: also write the record, each turn annotated with a
    /// comment (`{mistake: best b4-b3, -1.20}`), to this file (`-`:
    /// standard output).
    #[arg(long, value_name = "FILE", requires = "report")]
    annotated: Option<String>,
}

#[derive(Copy, Clone, Debug, ValueEnum)]
enum OpponentArg {
    Human,
    Beginner,
    Easy,
    Medium,
    Hard,
    Master,
}

#[derive(Copy, Clone, Debug, ValueEnum)]
enum Colour {
    White,
    Black,
}

impl From<Colour> for Side {
    fn from(colour: Colour) -> Side {
        match colour {
            Colour::White => Side::White,
            Colour::Black => Side::Black,
        }
    }
}

impl From<OpponentArg> for Opponent {
    fn from(opponent: OpponentArg) -> Opponent {
        match opponent {
            OpponentArg::Human => Opponent::Human,
            OpponentArg::Beginner => Opponent::Machine(Strength::Beginner),
            OpponentArg::Easy => Opponent::Machine(Strength::Easy),
            OpponentArg::Medium => Opponent::Machine(Strength::Medium),
            OpponentArg::Hard => Opponent::Machine(Strength::Hard),
            OpponentArg::Master => Opponent::Machine(Strength::Master),
        }
    }
}

fn main() -> ExitCode {
    let args = Args::parse();
    if let Some(file) = &args.report {
        let depth = args.depth.unwrap_or(report::DEFAULT_DEPTH);
        return match print_report(file, depth, args.annotated.as_deref()) {
            Ok(()) => ExitCode::SUCCESS,
            Err(Failure::Io(error)) if error.kind() == io::ErrorKind::BrokenPipe => {
                ExitCode::SUCCESS
            }
            Err(Failure::Io(error)) => {
                eprintln!("error: {error}");
                ExitCode::FAILURE
            }
            Err(Failure::Start) => ExitCode::from(2),
        };
    }
    let plain = args.plain || !io::stdin().is_terminal() || !io::stdout().is_terminal();
    let ruleset = args.variant.unwrap_or(Ruleset::PERALIKATUMA);
    let result = play(&args, ruleset, plain);
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Start) => ExitCode::from(2),
        Err(Failure::Io(error)) if error.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(Failure::Io(error)) => {
            eprintln!("error: {error}");
            ExitCode::FAILURE
        }
    }
}

/// Why the game did not run to its end.
enum Failure {
    /// The command line gives no game to start, or no record to report
    /// (said on standard error).
    Start,
    /// The terminal failed.
    Io(io::Error),
}

/// Plays a game of `ruleset` as the command line sets it up, line by line
/// if `plain`.
fn play(args: &Args, ruleset: &'static Ruleset, plain: bool) -> Result<(), Failure> {
    let position = match &args.position {
        Some(text) => Some(Position::parse(ruleset, text).map_err(|error| {
            eprintln!("error: bad --position: {error}");
            Failure::Start
        })?),
        None => None,
    };
    // Scripts play both sides unless told otherwise; a person at the
    // screen plays the machine.
    let opponent = match args.opponent {
        Some(opponent) => Opponent::from(opponent),
        None if plain => Opponent::Human,
        None => Settings::of(ruleset).opponent,
    };
    let settings = Settings {
        opponent,
        human: args.colour.map_or(Side::White, Side::from),
        first: args.first.map_or(Side::White, Side::from),
        position,
        clock: args.clock,
        ..Settings::of(ruleset)
    };
    let mut session = Session::new(settings);
    if let Some(seed) = args.seed {
        session.fix_seed(seed);
    }
    let pace = if args.at_once {
        Pace::AtOnce
    } else {
        Pace::Natural
    };
    let result = if plain {
        run_plain(&mut session, io::stdin().lock(), &mut io::stdout(), pace)
    } else {
        // Set up from the command line, the game starts at once; otherwise
        // the player chooses first.
        let chosen = args.variant.is_some()
            || args.opponent.is_some()
            || args.colour.is_some()
            || args.first.is_some()
            || args.position.is_some()
            || args.clock.is_some();
        run_full_screen(session, !chosen, pace)
    };
    result.map_err(Failure::Io)
}

/// Prints the report of the record in `file` (`-`: standard input),
/// searched to `depth`, and writes the annotated record to `annotated`
/// (`-`: standard output) if asked to. Progress goes to standard error.
fn print_report(file: &str, depth: u32, annotated: Option<&str>) -> Result<(), Failure> {
    let text = match file {
        "-" => {
            let mut text = String::new();
            io::stdin().read_to_string(&mut text).map(|_| text)
        }
        _ => std::fs::read_to_string(file),
    };
    let name = if file == "-" { "standard input" } else { file };
    let text = text.map_err(|error| {
        eprintln!("error: cannot read the record {name}: {error}");
        Failure::Start
    })?;
    let record: Record = text.parse().map_err(|error| {
        eprintln!("error: the record {name} cannot be read: {error}");
        Failure::Start
    })?;
    let ruleset = record.game.ruleset();
    let tablebase = peralikatuma::analysis::tablebase_for(ruleset, None);
    // The proof (Alquerque's) is read in the background while the
    // positions are searched, and the turns judged by it afterwards.
    let proof = peralikatuma::analysis::solution_for(ruleset, None);
    let bar = io::stderr().is_terminal().then(|| {
        let bar = ProgressBar::new(record.game.turns().len() as u64 + 1);
        bar.set_style(
            ProgressStyle::with_template(
                "analysing {bar:40} {pos}/{len} positions, {elapsed} {msg}",
            )
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        bar
    });
    let progress = |done: usize, total: usize| match &bar {
        Some(bar) => bar.set_position(done as u64),
        // A line now and then, and at the end, where no bar can be drawn.
        None if done % 20 == 0 || done == total => eprintln!("analysed {done}/{total} positions"),
        None => {}
    };
    let stop = Stop::new();
    let read = proof.is_some();
    let report = Report::of(&record.game, depth, tablebase, proof, &stop, progress);
    // Nothing raises the stop here.
    let Some(mut report) = report else {
        return Ok(());
    };
    if !read {
        if let Some(bar) = &bar {
            bar.set_message("reading the proof");
        }
        if let Some(proof) = peralikatuma::solutions::wait_for(ruleset) {
            report.add_proof(&record.game, &proof);
        }
    }
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    let mut out = io::stdout().lock();
    for line in report.text_lines() {
        writeln!(out, "{line}").map_err(Failure::Io)?;
    }
    if let Some(path) = annotated {
        let text = report.annotated_record(&record);
        match path {
            "-" => write!(out, "\n{text}").map_err(Failure::Io)?,
            _ => std::fs::write(path, text).map_err(|error| {
                let said = format!("cannot write the annotated record to {path}: {error}");
                Failure::Io(io::Error::new(error.kind(), said))
            })?,
        }
    }
    out.flush().map_err(Failure::Io)
}
