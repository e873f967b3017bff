//! Play Peralikatuma, Alquerque, Permainan or any game of the family
//! (rules.md F) in the browser: against the machine, two players at one
//! screen, or a friend on another device.
//!
//! ```text
//! cargo run --release --example serve
//! cargo run --release --example serve -- --port 8000 --bind 0.0.0.0 --data ~/games
//! ```
//!
//! It prints the address to open. Games are kept in the data directory
//! (an SQLite database, `games.sqlite3`) and come back when the server is
//! started again; games an earlier version kept there as JSON files are
//! imported the first time.

use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::Parser;
use peralikatuma::web::{Config, open};

/// Serve the games as a web page.
#[derive(Parser, Debug)]
#[command(
    version,
    about = "Play Peralikatuma, Alquerque, Permainan or any family ruleset in the browser, against the machine or a friend"
)]
struct Args {
    /// The port to listen on.
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// The address to listen on (0.0.0.0 for every network interface, to
    /// play a friend on another device).
    #[arg(long, default_value = "127.0.0.1")]
    bind: IpAddr,
    /// The directory where games are kept.
    #[arg(long, default_value = "games")]
    data: PathBuf,
    /// How many games the machine thinks about at once [default: one per
    /// core].
    #[arg(long)]
    thinkers: Option<usize>,
    /// How many analyses (the analysis board's) run at once, apart from
    /// the machine's thinking [default: one per core].
    #[arg(long)]
    analyses: Option<usize>,
    /// How long an analysis runs at most, in seconds.
    #[arg(long, default_value_t = 60)]
    analysis_seconds: u64,
    /// How long Hard thinks a turn, in milliseconds (Master thinks three
    /// times as long).
    #[arg(long, default_value_t = 1000)]
    hard_ms: u64,
    /// Minutes after which a game nobody has asked for leaves memory (it
    /// stays in the database).
    #[arg(long, default_value_t = 5.0)]
    idle_minutes: f64,
    /// The weaker levels answer at once, without the short, natural pause
    /// they take by default (for tests and measurements).
    #[arg(long)]
    at_once: bool,
}

#[tokio::main]
async fn main() -> ExitCode {
    let args = Args::parse();
    let address = SocketAddr::new(args.bind, args.port);
    let listener = match tokio::net::TcpListener::bind(address).await {
        Ok(listener) => listener,
        Err(error) => {
            eprintln!("error: cannot listen on {address}: {error}");
            return ExitCode::FAILURE;
        }
    };
    let mut config = Config::new(&args.data);
    if let Some(thinkers) = args.thinkers {
        config.thinkers = thinkers;
    }
    if let Some(analyses) = args.analyses {
        config.analyses = analyses;
    }
    config.analysis_time = Duration::from_secs(args.analysis_seconds);
    config.hard_time = Duration::from_millis(args.hard_ms);
    config.natural_pace = !args.at_once;
    match Duration::try_from_secs_f64(args.idle_minutes * 60.0) {
        Ok(idle) => config.idle = idle,
        Err(_) => {
            eprintln!(
                "error: --idle-minutes must be a number of minutes, not {}",
                args.idle_minutes
            );
            return ExitCode::FAILURE;
        }
    }
    let shown = listener.local_addr().unwrap_or(address);
    let opened = match open(listener, config).await {
        Ok(opened) => opened,
        Err(error) => {
            eprintln!("error: {error}");
            return ExitCode::FAILURE;
        }
    };
    if opened.resumed() > 0 {
        println!(
            "{} games taken up where the machine or a clock was waiting",
            opened.resumed()
        );
    }
    println!(
        "Open http://{shown}/ (games kept in {})",
        args.data.display()
    );
    if shown.ip().is_loopback() {
        println!(
            "Only this computer can reach it: to play a friend on another device, start it with --bind 0.0.0.0"
        );
    }
    match opened.run().await {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::FAILURE
        }
    }
}
