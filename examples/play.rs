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

use std::io::{self, IsTerminal};
use std::process::ExitCode;

use alquerque_ai::Strength;
use clap::{Parser, ValueEnum};
use peralikatuma_rules::Side;
use peralikatuma_rules::{Position, Ruleset};

use peralikatuma::clock::TimeControl;
use peralikatuma::play::{Pace, run_full_screen, run_plain};
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
    /// The command line gives no game to start (said on standard error).
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
