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
//! (one file per game) and come back when the server is started again.

use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use peralikatuma::web::{Config, serve};

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
    let shown = listener.local_addr().unwrap_or(address);
    println!(
        "Open http://{shown}/ (games kept in {})",
        args.data.display()
    );
    match serve(listener, config).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::FAILURE
        }
    }
}
