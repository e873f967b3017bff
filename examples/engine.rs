//! The engine protocol on standard input and output (see
//! `docs/engine-protocol.md`).
//!
//! ```text
//! cargo run --release --example engine
//! cargo run --release --example engine -- bench   # print the bench signature and exit
//! ```

use std::io::{self, BufRead};
use std::sync::{Arc, Mutex};

use peralikatuma::engine::{Engine, Flow};

fn main() {
    let out = Arc::new(Mutex::new(io::stdout()));
    let mut engine = Engine::new(out);
    // Commands given as arguments run first, then the program ends
    // (`engine bench`); without arguments the engine reads standard input.
    let args: Vec<String> = std::env::args().skip(1).collect();
    if !args.is_empty() {
        engine.handle(&args.join(" "));
        engine.handle("wait");
        engine.handle("quit");
        return;
    }
    let stdin = io::stdin();
    for line in stdin.lock().lines() {
        let line = match line {
            Ok(line) => line,
            Err(error) => {
                // Not text (invalid UTF-8): say so and go on.
                engine.handle(&format!("invalid-input {error}"));
                continue;
            }
        };
        if engine.handle(&line) == Flow::Quit {
            return;
        }
    }
    engine.handle("wait");
}
