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
use peralikatuma_rules::family::{self, Ruleset};
use peralikatuma_rules::{Game, GameKind, Position, Side, Variant};

use peralikatuma::clock::TimeControl;
use peralikatuma::play::{LineGame, Pace, run_full_screen, run_plain};
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
    variant: Option<GameKind>,
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
    let result = match args.variant {
        None => play::<Game>(&args, Variant::Peralikatuma, plain),
        Some(GameKind::Seed(variant)) => play::<Game>(&args, variant, plain),
        Some(GameKind::Family(ruleset)) => play::<family::Game>(&args, ruleset, plain),
    };
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

/// A game that the terminal can play.
trait Playing: LineGame {
    /// The position written as `text` (`--position`), said on standard
    /// error when it is bad.
    fn position_arg(variant: Self::Variant, text: &str) -> Option<Self::Position>;
    /// Plays `session` full screen, the form first if `ask`, the machine
    /// answering at `pace`.
    fn full_screen(session: Session<Self>, ask: bool, pace: Pace) -> io::Result<()>;
}

impl Playing for Game {
    fn position_arg(variant: Variant, text: &str) -> Option<Position> {
        peralikatuma::position_arg(variant, Some(text)).ok()
    }

    /// As a ruleset of the one model, which the full screen plays.
    fn full_screen(session: Session<Game>, ask: bool, pace: Pace) -> io::Result<()> {
        let (s, seed) = (session.settings(), session.fixed_seed());
        let settings = Settings::<family::Game> {
            variant: s.variant.ruleset(),
            opponent: s.opponent,
            human: s.human,
            first: s.first,
            position: s.position.as_ref().map(family::Position::from),
            clock: s.clock,
        };
        let mut session = Session::new(settings).map_err(io::Error::other)?;
        if let Some(seed) = seed {
            session.fix_seed(seed);
        }
        run_full_screen(session, ask, pace)
    }
}

impl Playing for family::Game {
    fn position_arg(ruleset: &'static Ruleset, text: &str) -> Option<family::Position> {
        family::Position::parse(ruleset, text)
            .inspect_err(|error| eprintln!("error: bad --position: {error}"))
            .ok()
    }

    fn full_screen(session: Session<family::Game>, ask: bool, pace: Pace) -> io::Result<()> {
        run_full_screen(session, ask, pace)
    }
}

/// Plays a game of `variant` as the command line sets it up, line by line
/// if `plain`.
fn play<G: Playing>(args: &Args, variant: G::Variant, plain: bool) -> Result<(), Failure> {
    let position = match &args.position {
        Some(text) => Some(G::position_arg(variant, text).ok_or(Failure::Start)?),
        None => None,
    };
    // Scripts play both sides unless told otherwise; a person at the
    // screen plays the machine.
    let opponent = match args.opponent {
        Some(opponent) => Opponent::from(opponent),
        None if plain => Opponent::Human,
        None => Settings::<G>::of(variant).opponent,
    };
    let settings = Settings::<G> {
        opponent,
        human: args.colour.map_or(Side::White, Side::from),
        first: args.first.map_or(Side::White, Side::from),
        position,
        clock: args.clock,
        ..Settings::of(variant)
    };
    let mut session = Session::new(settings).map_err(|error| {
        eprintln!("error: cannot start with these settings: {error}");
        Failure::Start
    })?;
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
        G::full_screen(session, !chosen, pace)
    };
    result.map_err(Failure::Io)
}
