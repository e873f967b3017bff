//! The engine protocol: line-based commands on standard input, answers on
//! standard output, like UCI. Documented, with an example session, in
//! `docs/engine-protocol.md`.
//!
//! It is a frontend of the `alquerque-ai` crate, as the terminal game is:
//! it turns lines of text into calls of the search and prints what comes
//! back, through that crate's public API only. A program that embeds the
//! search calls `alquerque_ai` itself; a program that talks to the engine
//! runs the `engine` example and speaks this protocol.

use std::io::Write;
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use peralikatuma_rules::Side;
use peralikatuma_rules::{DrawRules, Game, Position, Ruleset, Turn};

use alquerque_ai::{
    Limits, Progress, Score, SearchResult, Searcher, Stop, TimeBudget, TimeSource, evaluate,
};
use alquerque_proof::Proof;

use crate::analysis::{Verdicts, solution_for, tablebase_for};
use alquerque_tablebase::Tablebase;

/// Default size of the transposition table, MiB.
pub const DEFAULT_HASH_MB: usize = 64;

/// The positions and depths of the `bench` command: a fixed workload whose
/// node count is a signature of the search (it changes only when the
/// search does).
pub const BENCH: [(&Ruleset, &str, u32); 6] = [
    (
        Ruleset::PERALIKATUMA,
        "W:Wc1,e1,g1,d2,e2,f2,a3,c3,d3,e3,f3,g3,b4,c4,d4,e4,f4,g4,a5,b5,c5,b6,a7:Bi3,h4,g5,h5,i5,c6,d6,e6,f6,g6,h6,c7,d7,e7,f7,g7,i7,d8,e8,f8,c9,e9,g9",
        10,
    ),
    (
        Ruleset::PERALIKATUMA,
        "B:Wc1,e1,g1,d2,e2,f2,a3,c3,d3,f3,g3,c4,e4,f4,g4,a5,d5,e5,d6:Bi3,b4,h4,h5,i5,c6,f6,g6,h6,c7,d7,e7,f7,g7,i7,d8,e8,c9,e9,g9:Fa3,d6",
        8,
    ),
    (
        Ruleset::ALQUERQUE,
        "W:Wa1,b1,c1,d1,e1,a2,b2,c2,d2,e2,d3,e3:Ba3,b3,a4,b4,c4,d4,e4,a5,b5,c5,d5,e5",
        16,
    ),
    (
        Ruleset::ALQUERQUE,
        "W:Wc1,b2,e2,e5:Ba4,b4,d4:Rc1-b1,b2-c2",
        16,
    ),
    (
        Ruleset::PERMAINAN,
        "W:Wa1,c1,e1,b2,c2,d2,a3,b3,c3,d3,e3,a4,b4,c4,d4,e4:Ba6,b6,c6,d6,e6,a7,b7,c7,d7,e7,b8,c8,d8,a9,c9,e9",
        13,
    ),
    (
        Ruleset::PERMAINAN,
        "W:Wa1,c1,e1,b2,c2,d2,e4,d5,Ka9:Bb7,d8,e9",
        11,
    ),
];

/// The most best lines `multipv` takes.
pub const MAX_LINES: usize = 16;

/// Commands that take no arguments: anything after them is an error.
const NO_ARGUMENTS: [&str; 10] = [
    "quit", "stop", "wait", "isready", "help", "newgame", "show", "legal", "eval", "verdict",
];

/// What the caller should do after a command.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Flow {
    /// Read the next command.
    Continue,
    /// Stop reading: `quit`.
    Quit,
}

/// The engine's state between commands. Output goes to a shared writer, so
/// that a search running in the background can print its progress.
///
/// ```
/// use peralikatuma::engine::{Engine, Flow};
/// use std::sync::{Arc, Mutex};
///
/// let out = Arc::new(Mutex::new(Vec::new()));
/// let mut engine = Engine::new(out.clone());
/// engine.handle("game alquerque");
/// engine.handle("position start turns c2-c3");
/// engine.handle("go depth 4");
/// engine.handle("wait");
/// assert_eq!(engine.handle("quit"), Flow::Quit);
/// let text = String::from_utf8(out.lock().unwrap().clone()).unwrap();
/// assert!(text.contains("info depth 4"));
/// assert!(text.lines().any(|l| l.starts_with("bestturn ")));
/// ```
pub struct Engine<W: Write + Send + 'static> {
    out: Arc<Mutex<W>>,
    game: Game,
    searcher: Option<Searcher>,
    hash_mb: usize,
    running: Option<(Stop, JoinHandle<Searcher>)>,
    /// Where the searches read the time.
    time: TimeSource,
    /// The best lines each search reports (`multipv`).
    lines: usize,
    /// Endgame tables given with [`Engine::set_tablebase`], used for
    /// their game instead of those in the tables' directory.
    given_tablebase: Option<Arc<Tablebase>>,
    /// A proof given with [`Engine::set_solution`], used for its game
    /// instead of the one in the proofs' directory.
    given_solution: Option<Arc<Proof>>,
    /// The draw rules of every game set up (`drawrules`).
    draw_rules: DrawRules,
}

/// A searcher with a table of `mb` MiB, reading the time from `time`.
fn searcher(mb: usize, time: &TimeSource) -> Searcher {
    let mut searcher = Searcher::new(mb);
    searcher.set_time_source(time.clone());
    searcher
}

impl<W: Write + Send + 'static> Engine<W> {
    /// An engine playing Peralikatuma from the start, writing to `out`.
    pub fn new(out: Arc<Mutex<W>>) -> Engine<W> {
        Engine {
            out,
            game: Game::new(Ruleset::PERALIKATUMA),
            searcher: Some(Searcher::new(DEFAULT_HASH_MB)),
            hash_mb: DEFAULT_HASH_MB,
            running: None,
            time: TimeSource::default(),
            lines: 1,
            given_tablebase: None,
            given_solution: None,
            draw_rules: DrawRules::Ours,
        }
    }

    /// Makes `go` and `verdict` use `tablebase` for the positions of its
    /// game instead of the tables in [`crate::tablebases::directory`]
    /// (`None`: those again). A program that has built or read its tables
    /// itself passes them here, and does not depend on the directory.
    pub fn set_tablebase(&mut self, tablebase: Option<Arc<Tablebase>>) {
        self.given_tablebase = tablebase;
    }

    /// Makes `go` and `verdict` use `proof` for the positions of its game
    /// instead of the proof in [`crate::solutions::directory`] (`None`:
    /// that one again, once it is read).
    pub fn set_solution(&mut self, proof: Option<Arc<Proof>>) {
        self.given_solution = proof;
    }

    /// Makes the searches read the time from `time` (the machine's clock
    /// by default): with a stepping source, `go` on a clock and `go time`
    /// do not depend on how busy the machine is.
    pub fn set_time_source(&mut self, time: TimeSource) {
        self.reap(true);
        self.time = time;
        self.searcher = Some(searcher(self.hash_mb, &self.time));
    }

    fn say(&self, line: &str) {
        say(&self.out, line);
    }

    /// Handles one command line. A malformed command gets an `error` line;
    /// nothing panics.
    pub fn handle(&mut self, line: &str) -> Flow {
        let mut words = line.split_whitespace();
        let Some(command) = words.next() else {
            return Flow::Continue;
        };
        let rest: Vec<&str> = words.collect();
        self.reap(false);
        if !rest.is_empty() && NO_ARGUMENTS.contains(&command) {
            self.say(&format!("error `{command}` takes no arguments"));
            return Flow::Continue;
        }
        let busy = self.running.is_some();
        let result = match command {
            "quit" => {
                self.reap(true);
                return Flow::Quit;
            }
            "stop" => {
                self.reap(true);
                Ok(())
            }
            "wait" => {
                self.wait();
                Ok(())
            }
            "isready" => {
                self.say("readyok");
                Ok(())
            }
            "help" => {
                self.say(HELP);
                let ids: Vec<&str> = Ruleset::all().map(|r| r.id).collect();
                self.say(&format!("games: {}", ids.join(" ")));
                Ok(())
            }
            _ if busy => Err("a search is running: send `stop` (or `wait`) first".to_owned()),
            "game" => self.set_game(&rest),
            "newgame" => {
                self.game = self.new_game(*self.game.start());
                if let Some(searcher) = &mut self.searcher {
                    searcher.clear();
                }
                Ok(())
            }
            "position" => self.set_position(&rest),
            "go" => self.go(&rest),
            "show" => {
                self.show();
                Ok(())
            }
            "legal" => {
                self.say(&format!("legal {}", legal_turns(&self.game).join(" ")));
                Ok(())
            }
            "eval" => {
                self.say(&format!("eval {}", evaluate(self.game.position())));
                Ok(())
            }
            "verdict" => {
                self.verdict();
                Ok(())
            }
            "perft" => self.perft(&rest),
            "hash" => self.set_hash(&rest),
            "multipv" => self.set_lines(&rest),
            "drawrules" => self.set_draw_rules(&rest),
            "bench" => self.bench(&rest),
            _ => Err(format!(
                "unknown command `{command}`; `help` lists the commands"
            )),
        };
        if let Err(message) = result {
            self.say(&format!("error {message}"));
        }
        Flow::Continue
    }

    /// Collects a finished search; with `stop`, stops a running one first.
    fn reap(&mut self, stop: bool) {
        let finished = self
            .running
            .as_ref()
            .is_some_and(|(_, handle)| handle.is_finished());
        if stop || finished {
            if let Some((flag, handle)) = self.running.take() {
                flag.stop();
                self.searcher = Some(
                    handle
                        .join()
                        .unwrap_or_else(|_| searcher(self.hash_mb, &self.time)),
                );
                // Down again for the next job, even if this one had ended
                // before the flag went up.
                flag.reset();
            }
        }
    }

    /// Waits for a running search to finish by its limits.
    fn wait(&mut self) {
        if let Some((_, handle)) = self.running.take() {
            self.searcher = Some(
                handle
                    .join()
                    .unwrap_or_else(|_| searcher(self.hash_mb, &self.time)),
            );
        }
    }

    fn set_game(&mut self, args: &[&str]) -> Result<(), String> {
        let [name] = args else {
            return Err("usage: game ID (peralikatuma, alquerque, permainan, or a family ruleset's id: `help` lists them)".into());
        };
        let ruleset = Ruleset::find(name).map_err(|e| format!("{e}"))?;
        self.game = self.new_game(Position::start(ruleset));
        match &mut self.searcher {
            Some(searcher) => searcher.clear(),
            None => self.searcher = Some(searcher(self.hash_mb, &self.time)),
        }
        Ok(())
    }

    fn set_position(&mut self, args: &[&str]) -> Result<(), String> {
        let ruleset = self.game.ruleset();
        let usage = "usage: position start|text TEXT [turns T1 T2 ...]";
        let (start, rest) = match args {
            ["start", rest @ ..] => (Position::start(ruleset), rest),
            ["text", text, rest @ ..] => (
                Position::parse(ruleset, text).map_err(|e| e.to_string())?,
                rest,
            ),
            _ => return Err(usage.into()),
        };
        let turns = match rest {
            [] => &[][..],
            ["turns", turns @ ..] => turns,
            _ => return Err(usage.into()),
        };
        let mut game = self.new_game(start);
        let mut i = 0;
        while i < turns.len() {
            // A claim `!e6` is written apart from its move (N2).
            let text = if turns[i].starts_with('!') && i + 1 < turns.len() {
                i += 1;
                format!("{} {}", turns[i - 1], turns[i])
            } else {
                turns[i].to_owned()
            };
            game.play_text(&text)
                .map_err(|e| format!("turn {}: {e}", game.turns().len() + 1))?;
            i += 1;
        }
        self.game = game;
        Ok(())
    }

    fn go(&mut self, args: &[&str]) -> Result<(), String> {
        let limits = parse_limits(args, &self.game)?;
        let game = self.game.clone();
        let lines = self.lines;
        let given_tablebase = self.given_tablebase.clone();
        let given_solution = self.given_solution.clone();
        self.run(move |searcher, _, out| {
            let ruleset = game.ruleset();
            let (tablebase, solution) = knowledge(&game, given_tablebase, given_solution);
            let verdicts = Verdicts::of(&game, tablebase.as_deref(), solution.as_deref());
            for line in verdicts.protocol_lines() {
                say(out, &line);
            }
            searcher.set_tablebase(tablebase);
            searcher.set_solution(solution);
            searcher.lines = lines;
            let text = |turn: &Turn| turn.text(ruleset.board);
            let result = searcher.search(&game, limits, |p| {
                for line in info_lines(p, lines > 1, text) {
                    say(out, &line);
                }
            });
            say(out, &best_line(&result, text));
        })
    }

    /// Runs `job` in the background with the searcher (which it gives
    /// back), the stop flag and the output; `stop` and `wait` end it.
    fn run(
        &mut self,
        job: impl FnOnce(&mut Searcher, &Stop, &Mutex<W>) + Send + 'static,
    ) -> Result<(), String> {
        let Some(mut searcher) = self.searcher.take() else {
            return Err("no searcher available".into());
        };
        let stop = searcher.stop_handle();
        let flag = stop.clone();
        let out = Arc::clone(&self.out);
        let handle = std::thread::spawn(move || {
            job(&mut searcher, &flag, &out);
            searcher
        });
        self.running = Some((stop, handle));
        Ok(())
    }

    /// `verdict`: what the endgame tables and the proof say of the current
    /// position, without searching; `info verdict none` if neither does.
    fn verdict(&self) {
        let (tablebase, solution) = knowledge(
            &self.game,
            self.given_tablebase.clone(),
            self.given_solution.clone(),
        );
        let lines =
            Verdicts::of(&self.game, tablebase.as_deref(), solution.as_deref()).protocol_lines();
        if lines.is_empty() {
            self.say("info verdict none");
        }
        for line in lines {
            self.say(&line);
        }
    }

    /// A game from `start` under the engine's draw rules.
    fn new_game(&self, start: Position) -> Game {
        let mut game = Game::from_position(start);
        game.set_draw_rules(self.draw_rules);
        game
    }

    /// `drawrules ours` or `drawrules cap N`: the draw rules of the
    /// current game and of every game set up after it.
    fn set_draw_rules(&mut self, args: &[&str]) -> Result<(), String> {
        let usage = "usage: drawrules ours | drawrules cap N (N turns, 1 to 1000000)";
        let rules = match args {
            ["ours"] => DrawRules::Ours,
            ["cap", turns] => match turns.parse::<u32>() {
                Ok(turns @ 1..=1_000_000) => DrawRules::TurnCap(turns),
                _ => return Err(format!("`{turns}` is not a number of turns; {usage}")),
            },
            _ => return Err(usage.into()),
        };
        self.draw_rules = rules;
        self.game.set_draw_rules(rules);
        Ok(())
    }

    fn show(&self) {
        self.say(&format!("game {}", self.game.ruleset().id));
        self.say(&format!("position {}", self.game.position()));
        let status = match self.game.ending() {
            Some(ending) => format!("over {ending}"),
            None => format!("{} to move", self.game.side_to_move()),
        };
        self.say(&format!("status {status}"));
        let rules = match self.game.draw_rules() {
            DrawRules::Ours => "ours".to_owned(),
            DrawRules::TurnCap(turns) => format!("cap {turns}"),
        };
        self.say(&format!("drawrules {rules}"));
    }

    fn perft(&mut self, args: &[&str]) -> Result<(), String> {
        let depth = match args {
            [d] => d.parse::<u32>().ok().filter(|&d| d <= MAX_PERFT_DEPTH),
            _ => None,
        }
        .ok_or(format!("usage: perft DEPTH (0 to {MAX_PERFT_DEPTH})"))?;
        let position = *self.game.position();
        self.run(move |_, stop, out| {
            let started = Instant::now();
            let nodes = perft_until(&position, depth, stop);
            let ms = started.elapsed().as_millis();
            match nodes {
                Some(nodes) => say(out, &format!("perft {depth} {nodes} time {ms}")),
                None => say(out, &format!("perft {depth} stopped time {ms}")),
            }
        })
    }

    fn set_hash(&mut self, args: &[&str]) -> Result<(), String> {
        let mb = match args {
            [mb] => mb
                .parse::<usize>()
                .ok()
                .filter(|&m| (1..=4096).contains(&m)),
            _ => None,
        }
        .ok_or("usage: hash MEGABYTES (1 to 4096)")?;
        self.hash_mb = mb;
        self.searcher = Some(searcher(mb, &self.time));
        Ok(())
    }

    /// `multipv N`: the best lines each search reports, 1 to
    /// [`MAX_LINES`].
    fn set_lines(&mut self, args: &[&str]) -> Result<(), String> {
        let lines = match args {
            [n] => n
                .parse::<usize>()
                .ok()
                .filter(|n| (1..=MAX_LINES).contains(n)),
            _ => None,
        }
        .ok_or(format!("usage: multipv LINES (1 to {MAX_LINES})"))?;
        self.lines = lines;
        Ok(())
    }

    fn bench(&mut self, args: &[&str]) -> Result<(), String> {
        let extra = match args {
            [] => 0,
            [d] => d
                .parse::<u32>()
                .ok()
                .filter(|&d| d <= 6)
                .ok_or("usage: bench [EXTRA_DEPTH (0 to 6)]")?,
            _ => return Err("usage: bench [EXTRA_DEPTH (0 to 6)]".into()),
        };
        self.run(move |_, stop, out| match bench_until(extra, stop) {
            Some((nodes, time)) => {
                let nps = u128::from(nodes) * 1000 / time.as_millis().max(1);
                say(
                    out,
                    &format!("bench nodes {nodes} time {} nps {nps}", time.as_millis()),
                );
            }
            None => say(out, "bench stopped"),
        })
    }
}

/// Searches every position of [`BENCH`] from a fresh searcher, `extra`
/// turns deeper than listed; returns the total nodes and time.
pub fn run_bench(extra: u32) -> (u64, Duration) {
    // A flag nobody raises: the bench runs to its end.
    bench_until(extra, &Stop::new()).unwrap_or_default()
}

/// [`run_bench`] until `stop` is raised (then `None`).
fn bench_until(extra: u32, stop: &Stop) -> Option<(u64, Duration)> {
    let mut nodes = 0;
    let started = Instant::now();
    for (variant, text, depth) in BENCH {
        let Ok(position) = Position::parse(variant, text) else {
            continue;
        };
        let mut searcher = Searcher::new(16);
        searcher.share_stop(stop.clone());
        let result = searcher.search(
            &Game::from_position(position),
            Limits::depth(depth + extra),
            |_| {},
        );
        if result.cut_short {
            return None;
        }
        nodes += result.nodes;
    }
    Some((nodes, started.elapsed()))
}

/// The deepest `perft` the engine takes.
const MAX_PERFT_DEPTH: u32 = 20;

/// Subtrees this shallow are counted in one call, between two looks at
/// the stop flag (a few milliseconds at most).
const PERFT_SLICE: u32 = 4;

/// Perft (X1) of `position` to `depth`, or `None` once `stop` is raised.
fn perft_until(position: &Position, depth: u32, stop: &Stop) -> Option<u64> {
    if depth <= PERFT_SLICE {
        return Some(position.perft(depth));
    }
    let mut nodes = 0;
    for turn in position.legal_turns().iter() {
        if stop.is_stopped() {
            return None;
        }
        nodes += perft_until(&position.play_unchecked(turn), depth - 1, stop)?;
    }
    Some(nodes)
}

/// The legal turns of `game`, written out; none once it is over.
fn legal_turns(game: &Game) -> Vec<String> {
    if game.ending().is_some() {
        return Vec::new();
    }
    let board = game.ruleset().board;
    let turns = game.position().legal_turns();
    turns.iter().map(|t| t.text(board)).collect()
}

fn say<W: Write>(out: &Mutex<W>, line: &str) {
    if let Ok(mut out) = out.lock() {
        let _ = writeln!(out, "{line}");
        let _ = out.flush();
    }
}

/// `go depth N`, `go nodes N`, `go time MS`, `go infinite`, or several
/// together (`go depth 10 time 500`); on a clock (rules of play T1), `go
/// wtime MS btime MS winc MS binc MS` as in UCI: the side to move's time
/// left (the increment for this turn included) and increment give the
/// search its budget ([`TimeBudget::from_clock`]), which a `time` given
/// too can only shorten.
fn parse_limits(args: &[&str], game: &Game) -> Result<Limits, String> {
    let usage =
        "usage: go [depth N] [nodes N] [time MS] [wtime MS btime MS winc MS binc MS] | go infinite";
    let mut limits = Limits::default();
    let mut clock = [None; 2];
    let mut increment = [Duration::ZERO; 2];
    let mut i = 0;
    while i < args.len() {
        match args[i] {
            "infinite" => {}
            key @ ("depth" | "nodes" | "time" | "wtime" | "btime" | "winc" | "binc") => {
                let value: u64 = args.get(i + 1).and_then(|v| v.parse().ok()).ok_or(usage)?;
                let ms = Duration::from_millis(value);
                match key {
                    "depth" => limits.depth = Some(u32::try_from(value).map_err(|_| usage)?.max(1)),
                    "nodes" => limits.nodes = Some(value.max(1)),
                    "time" => limits.time = Some(Duration::from_millis(value.max(1))),
                    "wtime" => clock[0] = Some(ms),
                    "btime" => clock[1] = Some(ms),
                    "winc" => increment[0] = ms,
                    _ => increment[1] = ms,
                }
                i += 1;
            }
            _ => return Err(usage.into()),
        }
        i += 1;
    }
    if args.is_empty() {
        return Err(usage.into());
    }
    let mover = usize::from(game.side_to_move() == Side::Black);
    if let Some(left) = clock[mover] {
        let budget = TimeBudget::from_clock(left, increment[mover], game.turns().len());
        let hard = limits
            .time
            .map_or(budget.hard, |time| time.min(budget.hard));
        limits.time = Some(hard.max(Duration::from_millis(1)));
        limits.soft = Some(budget.soft.min(hard));
    }
    Ok(limits)
}

/// The `info` lines of an iteration: one for its principal variation, or,
/// `numbered` (`multipv` above 1), one for each of its lines, with
/// `multipv K` after the depth.
fn info_lines<T>(p: &Progress<T>, numbered: bool, text: impl Fn(&T) -> String) -> Vec<String> {
    let line = |number: Option<usize>, score: Score, pv: &[T]| {
        let number = number.map_or(String::new(), |k| format!(" multipv {k}"));
        let pv: Vec<String> = pv.iter().map(&text).collect();
        format!(
            "info depth {}{number} score {score} nodes {} nps {} time {} pv {}",
            p.depth,
            p.nodes,
            p.nodes_per_second(),
            p.time.as_millis(),
            pv.join(" ")
        )
        .trim_end()
        .to_owned()
    };
    if !numbered {
        return vec![line(None, p.score, p.pv)];
    }
    p.lines
        .iter()
        .enumerate()
        .map(|(k, l)| line(Some(k + 1), l.score, &l.pv))
        .collect()
}

/// The endgame tables and the proof for `game` (`given` if they are of
/// its game, otherwise those of the directories), where they apply: they
/// were made under the project's draw rules, so a game under another
/// program's has none.
fn knowledge(
    game: &Game,
    given_tablebase: Option<Arc<Tablebase>>,
    given_solution: Option<Arc<Proof>>,
) -> (Option<Arc<Tablebase>>, Option<Arc<Proof>>) {
    if game.draw_rules() != DrawRules::Ours {
        return (None, None);
    }
    let ruleset = game.ruleset();
    (
        tablebase_for(ruleset, given_tablebase),
        solution_for(ruleset, given_solution),
    )
}

fn best_line<T>(result: &SearchResult<T>, text: impl Fn(&T) -> String) -> String {
    match &result.best {
        Some(turn) => format!("bestturn {}", text(turn)),
        None => "bestturn none".to_owned(),
    }
}

const HELP: &str = "\
commands:
  game ID                                 choose the game (from its start): peralikatuma,
                                          alquerque, permainan, or a family ruleset's id
  position start [turns T1 T2 ...]        the start, then turns (N2)
  position text TEXT [turns T1 T2 ...]    a position (N3), then turns
  go [depth N] [nodes N] [time MS]        search; `go infinite` until `stop`
  go wtime MS btime MS [winc MS binc MS]  search on a clock (time left, increment)
  stop                                    stop the search (bestturn), perft, bench
  wait                                    wait for the search, perft or bench
  show | legal | eval | perft D           the position, its turns, ...
  verdict                                 what the endgame tables and the proof say of it
  multipv N                               report the N best lines (1 to 16; 1 at first)
  drawrules ours | drawrules cap N        the project's draws (E2, E4), or only a cap of N turns
  newgame | hash MB | bench [EXTRA]       clear, resize, benchmark
  isready | help | quit";
