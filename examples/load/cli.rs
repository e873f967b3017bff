//! The command line: the two modes and their options.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

/// Load and fault figures for the web server.
#[derive(Parser, Debug)]
#[command(about = "Load and fault figures for the web server (examples/serve.rs)")]
pub(crate) struct Cli {
    /// What to measure.
    #[command(subcommand)]
    pub(crate) mode: Mode,
}

/// What to measure.
#[derive(Subcommand, Debug)]
pub(crate) enum Mode {
    /// Many games, many open event streams, moves at a steady rate:
    /// latency, errors, resident memory.
    Load(LoadArgs),
    /// `kill -9` of the server during runs of moves: moves lost, databases
    /// corrupted.
    Faults(FaultArgs),
}

/// Options of both modes.
#[derive(Args, Debug, Clone)]
pub(crate) struct Common {
    /// The server's binary.
    #[arg(long, default_value = "target/release/examples/serve")]
    pub(crate) serve: PathBuf,
    /// The seed of every choice the tool makes.
    #[arg(long, default_value_t = 1)]
    pub(crate) seed: u64,
    /// The server's `--thinkers`.
    #[arg(long, default_value_t = 2)]
    pub(crate) thinkers: usize,
    /// The server's `--hard-ms` (Master thinks three times as long).
    #[arg(long, default_value_t = 250)]
    pub(crate) hard_ms: u64,
    /// The directory of proofs the server reads (its
    /// `$ALQUERQUE_PROOFS`) [default: as the server finds it: `proofs` in
    /// the working directory, where the repository keeps Alquerque's].
    #[arg(long)]
    pub(crate) proofs: Option<PathBuf>,
    /// The directory of endgame tables the server reads (its
    /// `$ALQUERQUE_TABLEBASES`) [default: as the server finds it:
    /// `tablebases` in the working directory].
    #[arg(long)]
    pub(crate) tablebases: Option<PathBuf>,
    /// The working directory, made afresh (the server's data in `data/`,
    /// its standard error in `server-*.log`) [default: target/load-MODE].
    #[arg(long)]
    pub(crate) dir: Option<PathBuf>,
}

/// Options of `load`.
#[derive(Args, Debug)]
pub(crate) struct LoadArgs {
    /// Options of both modes.
    #[command(flatten)]
    pub(crate) common: Common,
    /// Games to create.
    #[arg(long, default_value_t = 1000)]
    pub(crate) games: usize,
    /// The person's turns to play in each game at first.
    #[arg(long, default_value_t = 3)]
    pub(crate) turns: usize,
    /// Games set up at once.
    #[arg(long, default_value_t = 16)]
    pub(crate) in_flight: usize,
    /// Event streams (SSE) to open over the games and keep reading.
    #[arg(long, default_value_t = 500)]
    pub(crate) watchers: usize,
    /// Moves posted a second in the steady phase.
    #[arg(long, default_value_t = 20.0)]
    pub(crate) rate: f64,
    /// Seconds of the steady phase.
    #[arg(long, default_value_t = 60.0)]
    pub(crate) seconds: f64,
    /// The levels whose games get moves in the steady phase, by comma
    /// (in a game against the machine, the next move waits for its reply).
    #[arg(long, value_delimiter = ',', default_value = "human")]
    pub(crate) steady: Vec<String>,
    /// The server's `--idle-minutes`: by default long enough that no game
    /// leaves memory during the run (the most memory).
    #[arg(long, default_value_t = 60.0)]
    pub(crate) idle_minutes: f64,
}

/// Options of `faults`.
#[derive(Args, Debug)]
pub(crate) struct FaultArgs {
    /// Options of both modes.
    #[command(flatten)]
    pub(crate) common: Common,
    /// Trials: runs of moves each ended by a `kill -9`.
    #[arg(long, default_value_t = 10)]
    pub(crate) trials: usize,
    /// Moves in a run; the kill falls at a random moment of it.
    #[arg(long, default_value_t = 200)]
    pub(crate) moves: usize,
    /// Moves posted a second.
    #[arg(long, default_value_t = 100.0)]
    pub(crate) rate: f64,
    /// Hot-seat games played at once (one move in flight in each).
    #[arg(long, default_value_t = 8)]
    pub(crate) games: usize,
}
