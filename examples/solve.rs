//! Solves Alquerque: the value of a position under perfect play, with
//! proofs that the small verifier of `alquerque-proof` checks with the
//! rules alone.
//!
//! ```text
//! cargo run --release --example solve -- --variant alquerque --tablebases tablebases
//! cargo run --release --example solve -- --openings --proofs proofs
//! cargo run --release --example solve -- --position "W:Wb2,d2:Bc4:C40"
//! cargo run --release --example solve -- --verify proofs/alquerque.proof.gz
//! ```
//!
//! The value is found with two goals: the side to move wins (if so, that
//! is the value); else the other side wins (if so, that is the value);
//! else it is a draw. `--proofs DIR` writes the proof of the value (for a
//! draw, one for each side: that it at least draws), checks it, and prints
//! the longest game in it. `--checkpoints DIR` saves the settled positions
//! every few minutes and reads them back when started again.
//!
//! Every other game's positions may repeat (E2), and it is solved from its
//! endgame tables, which must cover the position (`--tablebases`): the
//! value of the position and of each first turn, and with `--proofs`, the
//! proofs of its value read from the tables, checked by the same verifier.
//!
//! ```text
//! cargo run --release --example solve -- --variant lau-kata-kati --tablebases tablebases --proofs proofs/lau-kata-kati
//! ```

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use alquerque_proof::{Proof, longest_game, verify};
use alquerque_solver::{Goal, Options, Solver, proof_from_tables};
use alquerque_tablebase::{Tablebase, Verdict};
use clap::Parser;
use indicatif::{ProgressBar, ProgressStyle};
use peralikatuma_rules::{Position, Turn};
use peralikatuma_rules::{Ruleset, Side};

/// Solve Alquerque, or check a proof.
#[derive(Parser, Debug)]
#[command(version, about)]
struct Args {
    /// The game: alquerque is searched (its positions never repeat); any
    /// other is solved from its endgame tables (`--tablebases`).
    #[arg(long, default_value = "alquerque")]
    variant: &'static Ruleset,
    /// The position to solve (N3 text); the start position by default.
    #[arg(long)]
    position: Option<String>,
    /// Turns to play from the position first (N2, separated by spaces;
    /// move numbers are skipped): `--moves "c2-c3 c4xc2 c1xc3"`.
    #[arg(long)]
    moves: Option<String>,
    /// Also find the value of every position after the first turn and the
    /// answer to it, and print them as a table.
    #[arg(long)]
    openings: bool,
    /// Size of the table of unsettled positions, in MiB.
    #[arg(long, default_value_t = 4096)]
    table_mb: usize,
    /// Search threads (every core by default).
    #[arg(long)]
    threads: Option<usize>,
    /// Keep every settled position, not only those that took 64
    /// positions of search or more: more memory (about 30 bytes each),
    /// and a smaller proof built faster.
    #[arg(long)]
    keep_all: bool,
    /// Endgame tablebases (a directory written by the tablebase example)
    /// to settle the positions they cover.
    #[arg(long)]
    tablebases: Option<PathBuf>,
    /// Directory of checkpoints: saved every `--checkpoint-minutes`, read
    /// back when the solve is started again.
    #[arg(long)]
    checkpoints: Option<PathBuf>,
    /// Minutes between checkpoints.
    #[arg(long, default_value_t = 10.0)]
    checkpoint_minutes: f64,
    /// Stop after this many seconds (saving a checkpoint).
    #[arg(long)]
    seconds: Option<f64>,
    /// Write the proofs of the start position's value to this directory
    /// (`<goal>.proof.gz`, gzip text), check them, and print the longest
    /// game of the first.
    #[arg(long)]
    proofs: Option<PathBuf>,
    /// Check a proof file with the rules alone, and do nothing else. The
    /// proof must start from the position (`--position`, `--moves`; the
    /// start position by default) and prove `--goal` if given.
    #[arg(long)]
    verify: Option<PathBuf>,
    /// With `--verify`: the goal the proof must prove (white-wins,
    /// black-wins, white-at-least-draws, black-at-least-draws).
    #[arg(long, requires = "verify")]
    goal: Option<Goal>,
}

/// A position's value under perfect play.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Value {
    Win(Side),
    Draw,
}

impl std::fmt::Display for Value {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Value::Win(Side::White) => f.write_str("White wins"),
            Value::Win(Side::Black) => f.write_str("Black wins"),
            Value::Draw => f.write_str("draw"),
        }
    }
}

fn main() -> ExitCode {
    let args = Args::parse();
    if let Some(path) = &args.verify {
        let checked = start_position(&args).and_then(|start| {
            let proof = check(path)?;
            if proof.start != start {
                return Err(format!(
                    "the proof starts from {}, not from {start}",
                    proof.start
                ));
            }
            match args.goal {
                Some(goal) if goal != proof.goal => Err(format!(
                    "the proof shows that {}, not that {goal}",
                    proof.goal
                )),
                _ => Ok(()),
            }
        });
        return match checked {
            Ok(()) => ExitCode::SUCCESS,
            Err(error) => {
                eprintln!("{}: {error}", path.display());
                ExitCode::FAILURE
            }
        };
    }
    match solve(&args) {
        Ok(Some(())) => ExitCode::SUCCESS,
        Ok(None) => {
            println!("stopped (--seconds); start again with the same --checkpoints to go on");
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::FAILURE
        }
    }
}

/// The position of `--position` and `--moves`.
fn start_position(args: &Args) -> Result<Position, String> {
    let mut start = match &args.position {
        Some(text) => {
            Position::parse(args.variant, text).map_err(|e| format!("--position: {e}"))?
        }
        None => Position::start(args.variant),
    };
    for text in args.moves.iter().flat_map(|moves| moves.split_whitespace()) {
        if text.ends_with('.') {
            continue;
        }
        let turn = start
            .parse_turn(text)
            .map_err(|e| format!("--moves: {e} in {start}"))?;
        start = start.play_unchecked(&turn);
    }
    Ok(start)
}

/// The solve: `None` if stopped by `--seconds`.
fn solve(args: &Args) -> Result<Option<()>, String> {
    let start = start_position(args)?;
    if args.variant != Ruleset::ALQUERQUE {
        return from_tables(args, &start).map(Some);
    }
    let tablebase = match &args.tablebases {
        Some(dir) => {
            Some(Tablebase::load(dir, args.variant).map_err(|e| format!("--tablebases: {e}"))?)
        }
        None => None,
    };
    let mut run = Run {
        args,
        tablebase,
        solvers: HashMap::new(),
        started: Instant::now(),
        verbose: true,
    };
    println!("solving {start}");
    let Some(value) = run.value(&start)? else {
        return Ok(None);
    };
    let seconds = run.started.elapsed().as_secs_f64();
    let nodes: u64 = run.solvers.values().map(|s| s.progress().nodes).sum();
    println!("value: {value} ({seconds:.1} s, {nodes} positions searched)");
    if let Some(dir) = &args.proofs {
        run.write_proofs(&start, value, dir)?;
    }
    if args.openings && !run.openings(&start)? {
        return Ok(None);
    }
    Ok(Some(()))
}

/// A game other than Alquerque, whose positions may repeat: the value of
/// `start` and of each first turn by the tables (which must cover it), and
/// with `--proofs`, the proofs of its value read from them, checked.
fn from_tables(args: &Args, start: &Position) -> Result<(), String> {
    let Some(dir) = &args.tablebases else {
        return Err(format!(
            "{} is solved from its endgame tables, which must cover the position: \
             --tablebases DIR (built by the tablebase example); only alquerque is searched",
            args.variant.id
        ));
    };
    if args.openings || args.checkpoints.is_some() {
        return Err("--openings and --checkpoints are for alquerque's search only".into());
    }
    let started = Instant::now();
    let tablebase = Tablebase::load(dir, args.variant).map_err(|e| format!("--tablebases: {e}"))?;
    println!(
        "read the tables of {} up to {} pieces ({:.1} s)",
        args.variant.name,
        tablebase.pieces(),
        started.elapsed().as_secs_f64()
    );
    let not_covered = || format!("the tables do not cover {start}");
    let probe = tablebase.probe(start).ok_or_else(not_covered)?;
    let mover = start.side_to_move();
    let value = match probe.verdict {
        Verdict::Win => Value::Win(mover),
        Verdict::Loss => Value::Win(mover.opposite()),
        Verdict::Draw => Value::Draw,
    };
    println!("{start}: {value}");
    for turn in start.legal_turns().iter() {
        let (verdict, _) = tablebase.turn_value(start, turn).ok_or_else(not_covered)?;
        let keeps = match verdict {
            Verdict::Win => "wins",
            Verdict::Draw => "draws",
            Verdict::Loss => "loses",
        };
        println!("  {}: {keeps}", turn.text(start.board()));
    }
    let Some(dir) = &args.proofs else {
        return Ok(());
    };
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let goals = match value {
        Value::Win(side) => vec![Goal::win(side)],
        Value::Draw => vec![
            Goal::at_least_draw(mover),
            Goal::at_least_draw(mover.opposite()),
        ],
    };
    for goal in goals {
        let started = Instant::now();
        let proof = proof_from_tables(&tablebase, *start, goal).map_err(|e| e.to_string())?;
        let path = dir.join(format!("{}.proof.gz", goal.id()));
        proof
            .save(&path)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        let bytes = std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
        println!(
            "proof that {goal}: {} turns of the prover, built in {:.1} s, {} ({bytes} bytes)",
            proof.strategy.len(),
            started.elapsed().as_secs_f64(),
            path.display()
        );
        check(&path)?;
    }
    Ok(())
}

/// Solvers by goal, shared by every position solved, so that what one
/// settles the next one reuses.
struct Run<'a> {
    args: &'a Args,
    tablebase: Option<Tablebase>,
    solvers: HashMap<Goal, Solver>,
    started: Instant,
    /// Whether each goal's answer is printed.
    verbose: bool,
}

impl Run<'_> {
    fn solver(&mut self, goal: Goal) -> &Solver {
        let (args, tablebase) = (self.args, &self.tablebase);
        self.solvers.entry(goal).or_insert_with(|| {
            let options = Options {
                table_megabytes: args.table_mb,
                threads: args.threads.unwrap_or(Options::default().threads),
                keep_work: if args.keep_all {
                    1
                } else {
                    Options::default().keep_work
                },
            };
            let solver = Solver::new(goal, options);
            match tablebase {
                Some(tablebase) => solver.with_tablebase(tablebase.clone()),
                None => solver,
            }
        })
    }

    /// The value of `position`: `None` if stopped.
    fn value(&mut self, position: &Position) -> Result<Option<Value>, String> {
        let mover = position.side_to_move();
        for side in [mover, mover.opposite()] {
            match self.prove(Goal::win(side), position)? {
                None => return Ok(None),
                Some(true) => return Ok(Some(Value::Win(side))),
                Some(false) => {}
            }
        }
        Ok(Some(Value::Draw))
    }

    /// Whether `goal` holds at `position`, with progress shown and
    /// checkpoints kept: `None` if stopped.
    fn prove(&mut self, goal: Goal, position: &Position) -> Result<Option<bool>, String> {
        let args = self.args;
        let deadline = args
            .seconds
            .map(|s| self.started + Duration::from_secs_f64(s));
        let checkpoint = args.checkpoints.as_ref().map(|dir| {
            dir.join(format!(
                "{}-{:016x}-c{}.checkpoint",
                goal.id(),
                position.zobrist(),
                position.quiet_turns()
            ))
        });
        let verbose = self.verbose;
        let solver = self.solver(goal);
        if let Some(path) = &checkpoint {
            if let Some(dir) = path.parent() {
                std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
            }
            if path.exists() {
                let count = solver
                    .load_checkpoint(position, path)
                    .map_err(|e| format!("{}: {e}", path.display()))?;
                println!(
                    "{goal}: resumed from {} ({count} settled positions)",
                    path.display()
                );
            }
        }
        let save = |solver: &Solver| -> Result<(), String> {
            if let Some(path) = &checkpoint {
                solver
                    .save_checkpoint(position, path)
                    .map_err(|e| format!("checkpoint {}: {e}", path.display()))?;
            }
            Ok(())
        };
        let bar = ProgressBar::new_spinner();
        bar.set_style(
            ProgressStyle::with_template("{spinner} {elapsed_precise} {msg}")
                .unwrap_or_else(|_| ProgressStyle::default_spinner()),
        );
        let started = Instant::now();
        let nodes_before = solver.progress().nodes;
        let answer = std::thread::scope(|scope| {
            let solving = scope.spawn(|| solver.solve(position));
            let (mut last_line, mut last_checkpoint) = (Instant::now(), Instant::now());
            while !solving.is_finished() {
                std::thread::sleep(Duration::from_millis(100));
                let progress = solver.progress();
                let nodes = progress.nodes - nodes_before;
                let numbers = match solver.numbers(position) {
                    Some((proof, disproof)) => {
                        format!("proof number {proof}, disproof number {disproof}")
                    }
                    None => String::new(),
                };
                let message = format!(
                    "{goal}? {nodes} positions ({:.2} M/s), {} settled, {numbers}",
                    nodes as f64 / started.elapsed().as_secs_f64().max(1e-3) / 1e6,
                    progress.settled,
                );
                bar.set_message(message.clone());
                bar.tick();
                if last_line.elapsed() >= Duration::from_secs(60) {
                    let line = format!("{:>6.0} s  {message}", started.elapsed().as_secs_f64());
                    if bar.is_hidden() {
                        eprintln!("{line}"); // not a terminal: a log
                    } else {
                        bar.println(line);
                    }
                    last_line = Instant::now();
                }
                if last_checkpoint.elapsed().as_secs_f64() >= args.checkpoint_minutes * 60.0 {
                    save(solver)?;
                    last_checkpoint = Instant::now();
                }
                if deadline.is_some_and(|d| Instant::now() >= d) {
                    solver.stop();
                }
            }
            let answer = solving
                .join()
                .map_err(|_| "the search failed".to_string())?;
            save(solver)?;
            answer.map_err(|e| e.to_string())
        });
        bar.finish_and_clear();
        let answer = answer?;
        if let Some(holds) = answer.filter(|_| verbose) {
            println!(
                "{goal}: {} ({:.1} s, {} positions searched)",
                if holds { "yes" } else { "no" },
                started.elapsed().as_secs_f64(),
                solver.progress().nodes - nodes_before
            );
        }
        Ok(answer)
    }

    /// Writes, checks and summarises the proofs of `value` at `start`.
    fn write_proofs(&mut self, start: &Position, value: Value, dir: &Path) -> Result<(), String> {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let mover = start.side_to_move();
        let proofs = match value {
            Value::Win(side) => vec![self.solver(Goal::win(side)).proof(start)],
            Value::Draw => vec![
                self.solver(Goal::win(mover)).disproof(start),
                self.solver(Goal::win(mover.opposite())).disproof(start),
            ],
        };
        for (i, proof) in proofs.into_iter().enumerate() {
            let started = Instant::now();
            let proof = proof.map_err(|e| e.to_string())?;
            let path = dir.join(format!("{}.proof.gz", proof.goal.id()));
            proof
                .save(&path)
                .map_err(|e| format!("{}: {e}", path.display()))?;
            let bytes = std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
            println!(
                "proof that {}: {} turns of the prover, built in {:.1} s, {} ({bytes} bytes)",
                proof.goal,
                proof.strategy.len(),
                started.elapsed().as_secs_f64(),
                path.display()
            );
            check(&path)?;
            if i == 0 {
                let game = longest_game(&proof).ok_or("the proof lacks a move")?;
                println!(
                    "its longest game ({} plies):\n{}",
                    game.len(),
                    numbered(start, &game)
                );
            }
        }
        Ok(())
    }

    /// Prints the value of every position after one turn and its answer;
    /// `false` if stopped.
    fn openings(&mut self, start: &Position) -> Result<bool, String> {
        self.verbose = false;
        println!("\nthe openings:");
        let mut rows = Vec::new();
        let board = start.board();
        for first in start.legal_turns().iter() {
            let first_text = first.text(board);
            let after_first = start.play_unchecked(first);
            let Some(value_first) = self.value(&after_first)? else {
                return Ok(false);
            };
            let answers = after_first.legal_turns();
            if answers.is_empty() {
                rows.push((first_text.clone(), "(none)".to_string(), value_first));
            }
            for answer in answers.iter() {
                let started = Instant::now();
                let Some(value) = self.value(&after_first.play_unchecked(answer))? else {
                    return Ok(false);
                };
                let answer = answer.text(board);
                println!(
                    "{first_text} {answer}: {value} ({:.1} s)",
                    started.elapsed().as_secs_f64()
                );
                rows.push((first_text.clone(), answer, value));
            }
            rows.push((first_text, "best answer".to_string(), value_first));
        }
        println!("\n| first turn | answer | value |\n| --- | --- | --- |");
        for (first, answer, value) in rows {
            println!("| {first} | {answer} | {value} |");
        }
        Ok(true)
    }
}

/// Turns numbered as in a game record (N4): `1. c2-c3 c4xc2 2. ...`.
fn numbered(start: &Position, turns: &[Turn]) -> String {
    let mut text = String::new();
    let black_first = start.side_to_move() == Side::Black;
    for (i, turn) in turns.iter().enumerate() {
        let ply = i + usize::from(black_first);
        if ply % 2 == 0 {
            text.push_str(&format!("{}. ", ply / 2 + 1));
        } else if i == 0 {
            text.push_str("1. ... ");
        }
        text.push_str(&turn.text(start.board()));
        text.push(if ply % 12 == 11 { '\n' } else { ' ' });
    }
    text.trim_end().to_string()
}

/// Reads and verifies a proof file, and says what it proves.
fn check(path: &Path) -> Result<Proof, String> {
    let started = Instant::now();
    let proof = Proof::load(path).map_err(|e| e.to_string())?;
    let read = started.elapsed().as_secs_f64();
    let verified = verify(&proof).map_err(|e| format!("not a proof: {e}"))?;
    println!(
        "{}: verified: {} from {}\n  {} positions, {} of them ends of games, {} turns of the prover; read in {read:.1} s, checked in {:.1} s",
        path.display(),
        proof.goal,
        proof.start,
        verified.positions,
        verified.ends,
        verified.moves_used,
        started.elapsed().as_secs_f64() - read
    );
    Ok(proof)
}
