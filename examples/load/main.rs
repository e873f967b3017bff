//! Figures for the web server (`examples/serve.rs`) under load and under
//! faults, measured from outside: the tool starts the server itself as a
//! child process (so it knows its pid, reads its resident memory from
//! `/proc` and can `kill -9` it), on a data directory of its own, and
//! talks to it over loopback HTTP only.
//!
//! ```text
//! cargo build --release --example serve --example load
//! cargo run --release --example load -- load
//! cargo run --release --example load -- faults --trials 10
//! ```
//!
//! `load` creates 1,000 games, every level mixed over the 21 games, plays
//! a few turns in each (waiting for the machine's replies), opens 500
//! event streams (SSE) over the games and keeps them reading, then posts
//! moves at a steady rate for a minute: it prints the moves' latency
//! percentiles, the errors by kind, the server's resident memory as it
//! went, what `GET /api/server` says, and whether every stream saw its
//! game's last change.
//!
//! `faults` plays hot-seat games at a steady rate and `kill -9`s the
//! server at a random moment of each run of 200 moves, restarts it on the
//! same data directory, and checks that every move the server accepted
//! (answered 200) is still in its game, in order, and that the database
//! passes SQLite's `PRAGMA integrity_check`.
//!
//! The server is started with `--port 0 --bind 127.0.0.1 --at-once`, the
//! tool's `--thinkers` (2) and `--hard-ms` (250 by default, a quarter of
//! the server's own default, so that setting up 1,000 games takes minutes
//! rather than a quarter of an hour; `--hard-ms 1000` measures the
//! server's default). It runs in the tool's working directory, so it reads
//! the proofs and endgame tables it finds there (`proofs/`,
//! `tablebases/`) unless `--proofs` or `--tablebases` points elsewhere
//! (`--proofs /nonexistent` measures without them). The tool shares the
//! machine's cores with the server; it uses little CPU itself.
//! `load` also writes a sample of the server's resident memory and CPU
//! time every second to `DIR/samples.csv`.
//!
//! Everything the tool chooses (games, levels, turns, the moment of each
//! kill) comes from `--seed`; the machine's replies and the timing of the
//! answers do not. Each mode prints plain lines and Markdown tables, and
//! exits with 1 when a request failed, a move was lost or a database was
//! found corrupt. The data directory (`--dir`) is made afresh each run; a
//! directory this tool did not make is never removed.

mod api;
mod cli;
mod faults;
mod figures;
mod load;
mod server;

use std::process::ExitCode;
use std::sync::{Mutex, MutexGuard};

use clap::Parser;

use cli::{Cli, Mode};
use faults::faults;
use load::load;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(error) => {
            eprintln!("error: cannot start the async runtime: {error}");
            return ExitCode::FAILURE;
        }
    };
    let result = runtime.block_on(async {
        match cli.mode {
            Mode::Load(args) => load(args).await,
            Mode::Faults(args) => faults(args).await,
        }
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

/// A mutex's guard, even if a task panicked holding it.
fn locked<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Whether `x` is a number above 0.
fn positive(x: f64) -> bool {
    x.is_finite() && x > 0.0
}

/// A seed for item `index` of what `seed` drives, well mixed.
fn seed_for(seed: u64, stream: u64, index: u64) -> u64 {
    let mut x = seed
        ^ stream.wrapping_mul(0xA24B_AED4_963E_E407)
        ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    // splitmix64's finaliser.
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}
