//! Tests of the engine protocol (`docs/engine-protocol.md`): scripted
//! sessions for the three games, claims in turn lists, position text, every
//! malformed command getting exactly one `error` line and changing nothing,
//! commands during a search, `stop`, `isready`, the `bench` signature and
//! the endgame tables' and the proof's verdicts.

#![allow(clippy::unwrap_used)]

use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use alquerque_proof::{Goal, Proof};
use alquerque_tablebase::{Tablebase, Verdict};
use peralikatuma::engine::{Engine, Flow};
use peralikatuma_rules::{Game, Position};
use peralikatuma_rules::{Ruleset, Side};

/// An engine writing to a shared buffer, and how much of it has been read.
struct Session {
    engine: Engine<Vec<u8>>,
    out: Arc<Mutex<Vec<u8>>>,
    read: usize,
}

impl Session {
    fn new() -> Session {
        let out = Arc::new(Mutex::new(Vec::new()));
        Session {
            engine: Engine::new(Arc::clone(&out)),
            out,
            read: 0,
        }
    }

    /// The lines written since the last call.
    fn fresh(&mut self) -> Vec<String> {
        let out = self.out.lock().unwrap();
        let text = std::str::from_utf8(&out[self.read..]).unwrap().to_owned();
        // Only whole lines: a background search may be writing.
        let end = text.rfind('\n').map_or(0, |i| i + 1);
        self.read += end;
        text[..end].lines().map(str::to_owned).collect()
    }

    /// Sends one command; returns the lines written since the last read
    /// (a search in the background may have written some before).
    fn send(&mut self, line: &str) -> Vec<String> {
        assert_eq!(self.engine.handle(line), Flow::Continue, "{line:?}");
        self.fresh()
    }

    /// Starts a search, leaving what it writes to be read later.
    fn start(&mut self, go: &str) {
        assert!(self.fresh().is_empty());
        assert_eq!(self.engine.handle(go), Flow::Continue, "{go:?}");
    }

    /// Runs a search to its limits: what it wrote.
    fn search(&mut self, go: &str) -> Vec<String> {
        self.start(go);
        let mut lines = self.send("wait");
        lines.extend(self.fresh());
        assert!(
            lines.last().unwrap().starts_with("bestturn"),
            "{go}: {lines:?}"
        );
        assert!(
            lines
                .iter()
                .all(|l| l.starts_with("info ") || l.starts_with("bestturn ")),
            "{go}: {lines:?}"
        );
        lines
    }

    /// Sends a command that must succeed silently.
    fn quiet(&mut self, line: &str) {
        let lines = self.send(line);
        assert!(lines.is_empty(), "{line:?} printed {lines:?}");
    }

    /// Reads lines until one starts with `prefix`; returns all of them.
    fn until(&mut self, prefix: &str) -> Vec<String> {
        let deadline = Instant::now() + Duration::from_secs(20);
        let mut lines = Vec::new();
        loop {
            lines.extend(self.fresh());
            if lines.iter().any(|l| l.starts_with(prefix)) {
                return lines;
            }
            assert!(Instant::now() < deadline, "no `{prefix}` line in {lines:?}");
            thread::sleep(Duration::from_millis(2));
        }
    }

    /// What the engine shows of its state: the game, position, status,
    /// draw rules and legal turns.
    fn state(&mut self) -> Vec<String> {
        let mut lines = self.send("show");
        lines.extend(self.send("legal"));
        assert_eq!(lines.len(), 5, "{lines:?}");
        lines
    }
}

/// Runs `test`, failing if it has not ended within a minute: a `stop`
/// or `quit` not heeded would otherwise hang the suite. What the engine
/// does takes milliseconds; the minute is only there to end a hang.
fn within_a_minute(test: impl FnOnce() + Send + 'static) {
    let (done, finished) = std::sync::mpsc::channel();
    let worker = thread::spawn(move || {
        test();
        let _ = done.send(());
    });
    match finished.recv_timeout(Duration::from_secs(60)) {
        // A panic drops `done`: the worker has ended, and says why.
        Ok(()) | Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => {
            if let Err(panic) = worker.join() {
                std::panic::resume_unwind(panic);
            }
        }
        Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
            panic!("the engine did not answer within a minute")
        }
    }
}

/// The `bestturn` of `lines`, exactly one.
fn bestturn(lines: &[String]) -> String {
    let best: Vec<&String> = lines.iter().filter(|l| l.starts_with("bestturn")).collect();
    assert_eq!(best.len(), 1, "{lines:?}");
    best[0]["bestturn ".len()..].to_owned()
}

/// Checks the `info` lines of a search: increasing depths, the fields in
/// order, legal principal variations. Returns the depths.
fn check_info(game: &Game, lines: &[String]) -> Vec<u32> {
    let mut depths = Vec::new();
    for line in lines.iter().filter(|l| l.starts_with("info ")) {
        let words: Vec<&str> = line.split(' ').collect();
        assert_eq!(words[1], "depth", "{line}");
        assert_eq!(words[3], "score", "{line}");
        assert!(["cp", "win", "loss"].contains(&words[4]), "{line}");
        words[5].parse::<i64>().unwrap();
        assert_eq!(
            (words[6], words[8], words[10], words[12]),
            ("nodes", "nps", "time", "pv"),
            "{line}"
        );
        for i in [7, 9, 11] {
            words[i].parse::<u64>().unwrap();
        }
        depths.push(words[2].parse::<u32>().unwrap());
        // The principal variation, claims written apart from their move.
        let mut line_game = game.clone();
        let mut pv = words[13..].iter();
        while let Some(&word) = pv.next() {
            let turn = if word.starts_with('!') {
                format!("{word} {}", pv.next().unwrap())
            } else {
                word.to_owned()
            };
            line_game
                .play_text(&turn)
                .unwrap_or_else(|e| panic!("{line}: {turn}: {e}"));
        }
    }
    assert!(depths.windows(2).all(|w| w[0] < w[1]), "{depths:?}");
    depths
}

/// Plays `turns` (a `turns` list: a claim is a word of its own) on `game`.
fn play_list(game: &mut Game, turns: &[&str]) {
    let mut words = turns.iter();
    while let Some(&word) = words.next() {
        let turn = if word.starts_with('!') {
            format!("{word} {}", words.next().unwrap())
        } else {
            word.to_owned()
        };
        game.play_text(&turn).unwrap();
    }
}

#[test]
fn a_scripted_session_for_each_game() {
    let scripts: [(&'static Ruleset, &[&str]); 3] = [
        // With a forfeit claim: Black did not jump with e6.
        (Ruleset::PERALIKATUMA, &["e4-e5", "d6-d5", "!e6", "e5-e6"]),
        (Ruleset::ALQUERQUE, &["c2-c3", "c4xc2"]),
        (Ruleset::PERMAINAN, &["c4-c5", "c6xc4", "c3xc5"]),
    ];
    let mut session = Session::new();
    for (variant, turns) in scripts {
        session.quiet(&format!("game {}", variant.id));
        let start = session.send("show");
        assert_eq!(start[0], format!("game {}", variant.id));
        assert_eq!(start[1], format!("position {}", Position::start(variant)));
        session.quiet(&format!("position start turns {}", turns.join(" ")));
        let mut game = Game::new(variant);
        play_list(&mut game, turns);
        let shown = session.send("show");
        assert_eq!(shown[1], format!("position {}", game.position()));
        assert_eq!(
            shown[2],
            format!("status {} to move", game.position().side_to_move())
        );

        let lines = session.search("go depth 3");
        assert_eq!(check_info(&game, &lines), [1, 2, 3], "{lines:?}");
        let best = bestturn(&lines);
        assert!(lines.last().unwrap().starts_with("bestturn"), "{lines:?}");
        let mut after = game.clone();
        after.play_text(&best).unwrap();
        // The best turn, played through the protocol (a claim as two words).
        let mut all: Vec<&str> = turns.to_vec();
        all.extend(best.split(' '));
        session.quiet(&format!("position start turns {}", all.join(" ")));
        assert_eq!(
            session.send("show")[1],
            format!("position {}", after.position())
        );
        assert_eq!(session.send("isready"), ["readyok"]);
    }
    assert_eq!(session.engine.handle("quit"), Flow::Quit);
}

#[test]
fn claims_in_turn_lists() {
    let mut session = Session::new();
    session.quiet("position start turns e4-e5 d6-d5 !e6 e5-e6");
    let mut game = Game::new(Ruleset::PERALIKATUMA);
    for turn in ["e4-e5", "d6-d5", "!e6 e5-e6"] {
        game.play_text(turn).unwrap();
    }
    let state = session.state();
    assert_eq!(state[1], format!("position {}", game.position()));
    // White claimed e6 and stepped on: its d4 could have jumped, Black may
    // claim it now.
    assert!(state[1].ends_with(":Fd4"), "{}", state[1]);
    let legal = &state[4];
    assert!(legal.contains(" !d4 "), "{legal}");
    // Claims are listed as two words; a claim and a move can be played.
    session.quiet("position start turns e4-e5 d6-d5 !e6 e5-e6 !d4 f6-e5");
    game.play_text("!d4 f6-e5").unwrap();
    assert_eq!(
        session.send("show")[1],
        format!("position {}", game.position())
    );
    // Malformed claims change nothing.
    let before = session.state();
    for bad in [
        "position start turns e4-e5 d6-d5 !e6",
        "position start turns e4-e5 d6-d5 !e6e5-e6",
        "position start turns e4-e5 d6-d5 !e9 e5-e6",
        "position start turns e4-e5 d6-d5 e5-e6 !e6",
        "position start turns !e6 e4-e5",
        "position start turns e4-e5 d6-d5 !e6 !e6 e5-e6",
    ] {
        let lines = session.send(bad);
        assert_eq!(lines.len(), 1, "{bad}: {lines:?}");
        assert!(lines[0].starts_with("error "), "{bad}: {lines:?}");
        assert_eq!(session.state(), before, "{bad}");
    }
}

#[test]
fn position_text_in_each_game() {
    let texts = [
        (Ruleset::PERALIKATUMA, "W:Wg7,e6,d7:Bf4,d4", "e6-e5"),
        (
            Ruleset::PERALIKATUMA,
            "B:Wc1,e1,g1,d2,e2,f2,a3,c3,d3,f3,g3,c4,e4,f4,g4,a5,d5,e5,d6:Bi3,b4,h4,h5,i5,c6,f6,g6,h6,c7,d7,e7,f7,g7,i7,d8,e8,c9,e9,g9:Fa3,d6",
            // Claim d6, then jump onto the point it stood on.
            "!d6 f6xd4xd6",
        ),
        (
            Ruleset::ALQUERQUE,
            "W:Wc1,b2,e2,e5:Ba4,b4,d4:Rc1-b1,b2-c2",
            "b2-b3",
        ),
        (
            Ruleset::PERMAINAN,
            "W:Wa1,c1,e1,b2,c2,d2,e4,d5,Ka9:Bb7,d8,e9",
            "a9-c7",
        ),
        // Read in any order, printed in the order of N3.
        (Ruleset::ALQUERQUE, "B:Bd4,a5:C12:We1,a1", "d4-d3"),
    ];
    let mut session = Session::new();
    for (variant, text, turn) in texts {
        session.quiet(&format!("game {}", variant.id));
        session.quiet(&format!("position text {text}"));
        let position = Position::parse(variant, text).unwrap();
        assert_eq!(session.send("show")[1], format!("position {position}"));
        session.quiet(&format!("position text {text} turns {turn}"));
        let mut game = Game::from_position(position);
        game.play_text(turn).unwrap();
        assert_eq!(
            session.send("show")[1],
            format!("position {}", game.position())
        );
        // Searching it gives a legal turn.
        let lines = session.search("go nodes 300");
        check_info(&game, &lines);
        game.play_text(&bestturn(&lines)).unwrap();
    }
}

#[test]
fn malformed_commands_get_one_error_and_change_nothing() {
    let mut session = Session::new();
    session.quiet("game alquerque");
    session.quiet("position start turns c2-c3 c4xc2");
    let before = session.state();
    let eval = session.send("eval");
    let huge = "9".repeat(40);
    let bad: Vec<String> = [
        // Unknown commands.
        "foo",
        "Go depth 2",
        "GAME permainan",
        "isready?",
        "d4-d5",
        "uci",
        // game
        "game",
        "game chess",
        "game alquerque permainan",
        "game 3",
        // position
        "position",
        "position foo",
        "position start foo",
        "position start c2-c3",
        "position start turns c2-c3 c2-c3",
        "position start turns b4-b3",
        "position start turns c2xc4",
        "position start turns c2-c3 c4-c3",
        "position start turns c3-c4",
        "position start turns z9-z8",
        "position start turns -",
        "position start turns x",
        "position text",
        "position text turns c2-c3",
        "position text W:Wz9:Ba1",
        "position text W:Wa1:Ba1",
        "position text W:Wa1",
        "position text X:Wa1:Be5",
        "position text W:WKa1:Be5",
        "position text W:Wa1:Be5:Fe5",
        "position text W:Wa1:Be5:Ra1-a2",
        "position text W:Wa1:Be5:Cx",
        "position text W:Wa1:Be5:C-1",
        "position text W:Wa1,b1,c1,d1,e1,a2,b2,c2,d2,e2,a3,b3,c3:Be5",
        "position text W:Wa1:Be5 a1-a2",
        "position text W:Wa1:Be5 turns a1-a3",
        "position text W:Wa1:Be5 turns a1-a2 a2-a1",
        "position text :::",
        // go
        "go",
        "go depth",
        "go depth x",
        "go depth -1",
        "go depth 3.5",
        "go depth 4294967296",
        "go nodes",
        "go nodes 18446744073709551616",
        "go time -5",
        "go time 18446744073709551616",
        "go depth 3 extra",
        "go infinite 5",
        "go depth 3 nodes",
        "go mate 3",
        "go wtime",
        "go wtime -1 btime 5",
        "go winc 5.5",
        // perft
        "perft",
        "perft x",
        "perft -1",
        "perft 21",
        "perft 1 2",
        "perft 4294967297",
        // hash
        "hash",
        "hash 0",
        "hash 4097",
        "hash x",
        "hash 1 2",
        "hash 18446744073709551616",
        // multipv
        "multipv",
        "multipv 0",
        "multipv 17",
        "multipv x",
        "multipv 2 3",
        // drawrules
        "drawrules",
        "drawrules theirs",
        "drawrules cap",
        "drawrules cap 0",
        "drawrules cap -5",
        "drawrules cap x",
        "drawrules cap 1000001",
        "drawrules cap 10 20",
        "drawrules ours now",
        // bench
        "bench x",
        "bench 7",
        "bench 1 2",
        "bench -1",
        "bench 4294967296",
        // Not ASCII.
        "gäme alquerque",
        "\u{1F642}",
        "\u{feff}isready",
        "\u{0}",
        "game alquerque\u{0}",
        "go depth \u{FF15}",
        "go depth 3\u{0}",
        "position text W:W\u{e9}1:Bc5",
        "position start turns c2\u{2013}c3",
        "position start turns c2-c3 c4\u{d7}c2",
        "\u{202e}tiuq",
    ]
    .iter()
    .map(|s| (*s).to_owned())
    .chain([
        format!("go depth {huge}"),
        format!("go nodes {huge}"),
        format!("go time {huge}"),
        format!("perft {huge}"),
        format!("hash {huge}"),
        format!("bench {huge}"),
        format!("drawrules cap {huge}"),
        format!("position text W:Wa1:B{huge}"),
        format!("position start turns {}", "c2-c3 ".repeat(1000)),
        "x".repeat(100_000),
    ])
    .collect();
    for line in &bad {
        let shown: String = line.chars().take(60).collect();
        let lines = session.send(line);
        assert_eq!(lines.len(), 1, "{shown:?} printed {lines:?}");
        assert!(
            lines[0].starts_with("error "),
            "{shown:?} printed {lines:?}"
        );
        assert!(lines[0].len() > "error ".len() + 5, "{shown:?}: {lines:?}");
        assert_eq!(session.state(), before, "{shown:?} changed the state");
        // No search was started.
        assert!(
            session.send("wait").is_empty(),
            "{shown:?} started a search"
        );
    }
    assert_eq!(session.send("eval"), eval);
    // The engine still works.
    let lines = session.search("go depth 2");
    assert_eq!(bestturn(&lines), "c1xc3");
}

/// On a clock (T1), `go wtime MS btime MS winc MS binc MS` as in UCI: the
/// search keeps well within the mover's time, and spends more of more. The
/// engine reads a stepping clock (each reading 1 ms), so that the test does
/// not depend on how busy the machine is.
#[test]
fn t1_go_on_a_clock_spends_a_share_of_the_time_of_the_side_to_move() {
    let mut session = Session::new();
    session
        .engine
        .set_time_source(alquerque_ai::TimeSource::stepping(Duration::from_millis(1)));
    session.quiet("game peralikatuma");
    session.quiet("position start turns e4-e5");
    // Black to move: Black's time counts, White's does not.
    let mut spent = Vec::new();
    for (go, most) in [
        ("go wtime 100000 btime 300 binc 0", 300),
        ("go wtime 1 btime 1000 winc 0 binc 100", 1000),
        ("go btime 100 binc 100 wtime 100 winc 100", 100),
    ] {
        let lines = session.search(go);
        let game = {
            let mut game = Game::new(Ruleset::PERALIKATUMA);
            game.play_text("e4-e5").unwrap();
            game
        };
        assert!(!check_info(&game, &lines).is_empty(), "{go}: {lines:?}");
        // The time the last report says the search has taken.
        let took: u64 = lines
            .iter()
            .rev()
            .find_map(|l| l.split_once(" time ")?.1.split(' ').next()?.parse().ok())
            .unwrap();
        assert!(took < most, "{go}: {took} ms of {most}");
        spent.push(took);
    }
    assert!(spent[1] > spent[0], "more time, more thought: {spent:?}");
}

#[test]
fn empty_lines_are_ignored() {
    let mut session = Session::new();
    session.quiet("game permainan");
    let before = session.state();
    for line in ["", " ", "   ", "\t", " \t \r", "\r"] {
        session.quiet(line);
        assert_eq!(session.state(), before, "{line:?}");
    }
}

#[test]
fn commands_during_a_search() {
    within_a_minute(|| {
        let mut session = Session::new();
        session.quiet("game peralikatuma");
        session.quiet("position start turns e4-e5");
        let before = session.state();
        session.start("go infinite");
        // Once it reports, the search is certainly running.
        session.until("info depth 1 ");
        for busy in [
            "go depth 2",
            "go infinite",
            "position start",
            "position text W:Wd4:Be5",
            "game alquerque",
            "newgame",
            "show",
            "legal",
            "eval",
            "perft 1",
            "hash 8",
            "multipv 2",
            "bench",
        ] {
            let lines = session.send(busy);
            let errors: Vec<&String> = lines.iter().filter(|l| l.starts_with("error")).collect();
            assert_eq!(errors.len(), 1, "{busy}: {lines:?}");
            assert!(
                lines
                    .iter()
                    .all(|l| l.starts_with("error") || l.starts_with("info ")),
                "{busy}: {lines:?}"
            );
        }
        let lines = session.send("isready");
        assert!(lines.iter().any(|l| l == "readyok"), "{lines:?}");
        assert!(
            !lines.iter().any(|l| l.starts_with("bestturn")),
            "{lines:?}"
        );
        // `stop` answers once the search has ended: one not heeded hangs here.
        let mut lines = session.send("stop");
        lines.extend(session.fresh());
        let mut game = Game::new(Ruleset::PERALIKATUMA);
        game.play_text("e4-e5").unwrap();
        game.play_text(&bestturn(&lines)).unwrap();
        // Nothing changed, and the engine takes commands again.
        assert_eq!(session.state(), before);
        assert!(session.send("stop").is_empty());
        assert!(session.send("wait").is_empty());
    });
}

#[test]
fn stop_during_go_infinite() {
    within_a_minute(|| {
        for variant in Ruleset::RULE_BOOK {
            let mut session = Session::new();
            session.quiet(&format!("game {}", variant.id));
            session.start("go infinite");
            let mut lines = session.until("info depth 1 ");
            thread::sleep(Duration::from_millis(50));
            lines.extend(session.send("stop"));
            lines.extend(session.fresh());
            let game = Game::new(variant);
            check_info(&game, &lines);
            let best = bestturn(&lines);
            assert!(lines.last().unwrap().starts_with("bestturn"), "{lines:?}");
            game.clone().play_text(&best).unwrap();
            // No more output after the stop.
            thread::sleep(Duration::from_millis(20));
            assert!(session.fresh().is_empty());
        }
    });
}

#[test]
fn quit_during_a_search_stops_it() {
    within_a_minute(|| {
        let mut session = Session::new();
        session.start("go infinite");
        session.until("info depth 1 ");
        assert_eq!(session.engine.handle("quit"), Flow::Quit);
        bestturn(&session.until("bestturn"));
    });
}

/// Regression: `stop` (or `quit`) sent right after `go infinite`, before
/// the search thread had started, was lost: `Searcher::search` lowered the
/// stop flag when it started, after `Engine::handle("stop")` had raised it,
/// and the engine waited for the unlimited search forever. The search now
/// lowers the flag when it ends (crates/alquerque-ai/src/search.rs).
#[test]
fn stop_right_after_go_infinite() {
    within_a_minute(|| {
        let mut session = Session::new();
        session.quiet("game alquerque");
        for _ in 0..20 {
            session.start("go infinite");
            let lines = session.send("stop");
            bestturn(&lines);
        }
    });
}

#[test]
fn isready_help_and_other_answers() {
    let mut session = Session::new();
    assert_eq!(session.send("isready"), ["readyok"]);
    assert!(session.send("help").iter().any(|l| l.contains("go")));
    session.quiet("game alquerque");
    let mut lines = session.send("perft 3");
    lines.extend(session.send("wait"));
    assert_eq!(lines.len(), 1);
    let perft = Position::start(Ruleset::ALQUERQUE).perft(3);
    assert!(
        lines[0].starts_with(&format!("perft 3 {perft} time ")),
        "{lines:?}"
    );
    let lines = session.send("legal");
    let count = Position::start(Ruleset::ALQUERQUE).legal_turns().len();
    assert_eq!(lines[0].split(' ').count(), count + 1, "{lines:?}");
    let lines = session.send("eval");
    assert_eq!(lines.len(), 1);
    assert!(lines[0].starts_with("eval cp "), "{lines:?}");
    session.quiet("hash 1");
    let lines = session.search("go depth 2");
    bestturn(&lines);
    assert_eq!(session.engine.handle("quit"), Flow::Quit);
}

#[test]
fn a_finished_game_has_no_best_turn() {
    let mut session = Session::new();
    session.quiet("position text W:Wd4:Be5 turns d4xf6");
    let shown = session.send("show");
    assert!(shown[2].starts_with("status over White wins"), "{shown:?}");
    let lines = session.search("go depth 3");
    assert_eq!(lines, ["bestturn none"]);
    // No turn can follow.
    let lines = session.send("position text W:Wd4:Be5 turns d4xf6 f6-f5");
    assert!(lines[0].starts_with("error "), "{lines:?}");
}

#[test]
fn newgame_makes_node_limited_searches_reproducible() {
    // After `newgame` (which clears the search's memory) the same `go nodes`
    // prints the same progress, but for the time and speed.
    let mut session = Session::new();
    session.quiet("game permainan");
    session.quiet("position text W:Wa1,c1,e1,b2,c2,d2,e4,d5,Ka9:Bb7,d8,e9");
    let mut runs = Vec::new();
    for _ in 0..2 {
        session.quiet("newgame");
        let lines = session.search("go nodes 2000");
        let lines: Vec<String> = lines
            .iter()
            .map(|l| {
                let words: Vec<&str> = l.split(' ').collect();
                if words[0] == "info" {
                    // Drop `nps R time MS`.
                    [&words[..8], &words[12..]].concat().join(" ")
                } else {
                    l.clone()
                }
            })
            .collect();
        assert!(lines.len() >= 2, "{lines:?}");
        runs.push(lines);
    }
    assert_eq!(runs[0], runs[1]);
}

#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "`bench` takes about 15 s unoptimised: run with `cargo test --release`"
)]
fn bench_signature_is_reproducible() {
    let mut signatures = Vec::new();
    for _ in 0..2 {
        let mut session = Session::new();
        let mut lines = session.send("bench");
        lines.extend(session.send("wait"));
        assert_eq!(lines.len(), 1, "{lines:?}");
        let words: Vec<&str> = lines[0].split(' ').collect();
        assert_eq!(
            (words[0], words[1], words[3], words[5]),
            ("bench", "nodes", "time", "nps")
        );
        let nodes: u64 = words[2].parse().unwrap();
        assert!(nodes > 0);
        signatures.push(nodes);
    }
    assert_eq!(signatures[0], signatures[1]);
    assert_eq!(signatures[0], peralikatuma::engine::run_bench(0).0);
    // The signature of the search as it stands: a change to the search's
    // results changes it, and must say why (and update this number). It
    // was 807,475 on the seed model's node; the one model's lists turns in
    // another order (782,845); Alquerque's and Permainan's tuned weights
    // (issue 29) search other lines.
    assert_eq!(signatures[0], 847_921);
}

#[test]
fn perft_runs_in_the_background_and_stops() {
    within_a_minute(|| {
        let mut session = Session::new();
        session.quiet("game alquerque");
        // Split into slices the engine checks the stop flag between, the count
        // is the rules crate's.
        let mut lines = session.send("perft 7");
        lines.extend(session.send("wait"));
        let expected = Position::start(Ruleset::ALQUERQUE).perft(7);
        assert_eq!(lines.len(), 1, "{lines:?}");
        assert!(
            lines[0].starts_with(&format!("perft 7 {expected} time ")),
            "{lines:?}"
        );
        // Peralikatuma perft 20 would take years: stop ends it at once.
        session.quiet("game peralikatuma");
        session.send("perft 20");
        let busy = session.send("legal");
        assert!(busy[0].starts_with("error "), "{busy:?}");
        let mut lines = session.send("stop");
        lines.extend(session.send("isready"));
        assert!(lines[0].starts_with("perft 20 stopped time "), "{lines:?}");
        // The engine is free again, and the next search is not cut short.
        let lines = session.search("go depth 3");
        assert!(
            lines.iter().any(|l| l.starts_with("info depth 3 ")),
            "{lines:?}"
        );
    });
}

#[test]
fn bench_stops_on_stop() {
    within_a_minute(|| {
        let mut session = Session::new();
        session.send("bench 6");
        let mut lines = session.send("stop");
        lines.extend(session.send("isready"));
        assert_eq!(lines, ["bench stopped", "readyok"]);
    });
}

/// Every family ruleset (rules.md F8) is chosen by its id, counted, shown,
/// searched and played in its own notation (F9), huffs and all.
#[test]
fn family_games_are_chosen_by_id_counted_searched_and_played() {
    use peralikatuma_rules::RULESETS;
    let mut session = Session::new();
    for ruleset in &RULESETS {
        session.quiet(&format!("game {}", ruleset.id));
        let show = session.send("show");
        assert_eq!(show[0], format!("game {}", ruleset.id));
        let start = Position::start(ruleset);
        assert_eq!(show[1], format!("position {start}"));
        session.start("perft 2");
        let perft = session.until("perft");
        assert!(
            perft
                .last()
                .unwrap()
                .starts_with(&format!("perft 2 {} ", start.perft(2))),
            "{}: {perft:?}",
            ruleset.id
        );
        let legal = session.send("legal");
        let board = ruleset.board;
        let texts: Vec<String> = start.legal_turns().iter().map(|t| t.text(board)).collect();
        assert_eq!(legal, [format!("legal {}", texts.join(" "))]);
        let lines = session.search("go depth 3");
        let best = lines
            .last()
            .unwrap()
            .strip_prefix("bestturn ")
            .unwrap()
            .to_owned();
        assert!(texts.contains(&best), "{}: {best}", ruleset.id);
        session.quiet(&format!("position start turns {best}"));
        assert!(session.send("eval")[0].starts_with("eval "));
    }
    // A huff is written apart from its move, as a claim is: Zamma, after
    // a step that left a capture untaken.
    session.quiet("game zamma");
    let zamma = peralikatuma_rules::Ruleset::find("zamma").unwrap();
    let position = Position::parse(zamma, "W:Wc3,a1:Bd4,i9:Hd4").unwrap_or_else(|e| panic!("{e}"));
    let huff = position
        .legal_turns()
        .into_iter()
        .find(|t| t.huff().is_some())
        .expect("a huff");
    let text = huff.text(zamma.board);
    assert!(text.starts_with("!d4 "), "{text}");
    session.quiet(&format!("position text {position} turns {text}"));
    assert!(session.send("show")[1].contains("position B:"));
    let error = session.send("game go");
    assert!(error[0].starts_with("error unknown game `go`"), "{error:?}");
}

/// `multipv N`: after each iteration one `info` line per best line, with
/// `multipv K` after the depth, first turns distinct; `bestturn` is line
/// 1's. Out of range, an error that changes nothing; back to 1, today's
/// lines without `multipv`.
#[test]
fn multipv_reports_several_lines_per_depth() {
    let mut session = Session::new();
    session.quiet("game alquerque");
    let game = Game::new(Ruleset::ALQUERQUE);
    for bad in [
        "multipv 0",
        "multipv 17",
        "multipv",
        "multipv x",
        "multipv 3 4",
        "multipv -1",
    ] {
        let lines = session.send(bad);
        assert_eq!(lines.len(), 1, "{bad}: {lines:?}");
        assert!(
            lines[0].starts_with("error usage: multipv"),
            "{bad}: {lines:?}"
        );
    }
    // Nothing changed: one line per depth.
    let single = session.search("go depth 4");
    assert_eq!(check_info(&game, &single), [1, 2, 3, 4]);
    assert!(!single.iter().any(|l| l.contains("multipv")), "{single:?}");

    session.quiet("multipv 3");
    let lines = session.search("go depth 4");
    let infos: Vec<&String> = lines.iter().filter(|l| l.starts_with("info ")).collect();
    assert_eq!(infos.len(), 4 * 3, "{lines:?}");
    for (i, line) in infos.iter().enumerate() {
        let (depth, number) = (i / 3 + 1, i % 3 + 1);
        let prefix = format!("info depth {depth} multipv {number} score ");
        assert!(line.starts_with(&prefix), "{line}");
        // Without the `multipv K`, an `info` line as for one line.
        let plain = line.replacen(&format!(" multipv {number}"), "", 1);
        assert_eq!(check_info(&game, &[plain]), [depth as u32]);
    }
    for depth in infos.chunks(3) {
        let firsts: Vec<&str> = depth
            .iter()
            .map(|l| l.split(" pv ").nth(1).unwrap().split(' ').next().unwrap())
            .collect();
        assert!(
            firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2],
            "{depth:?}"
        );
    }
    let last_first = infos[9]
        .split(" pv ")
        .nth(1)
        .unwrap()
        .split(' ')
        .next()
        .unwrap();
    assert_eq!(bestturn(&lines), last_first);
    // Line 1 and the best turn are those of the search for one line.
    session.quiet("newgame");
    session.quiet("multipv 1");
    let again = session.search("go depth 4");
    assert_eq!(bestturn(&again), bestturn(&single));
    assert!(!again.iter().any(|l| l.contains("multipv")), "{again:?}");
    // More lines than turns: as many as there are (White's c1 has two
    // captures, A4).
    session.quiet("position text W:Wc1:Bc2,b2,e5");
    session.quiet("multipv 16");
    let lines = session.search("go depth 1");
    let infos: Vec<&String> = lines.iter().filter(|l| l.starts_with("info ")).collect();
    assert_eq!(infos.len(), 2, "{lines:?}");
    assert!(infos[1].starts_with("info depth 1 multipv 2 "), "{lines:?}");
}

/// The most pieces of the endgame tables the tests build: Alquerque's up
/// to 3 pieces take about 0.1 s in release, and a few seconds unoptimised.
const TABLE_PIECES: usize = 3;

/// The `info verdict` lines of `lines` from `source` (`tables`, `proof`).
fn verdict_lines(lines: &[String], source: &str) -> Vec<String> {
    let prefix = format!("info verdict {source} ");
    lines
        .iter()
        .filter(|l| l.starts_with(&prefix))
        .cloned()
        .collect()
}

/// Alquerque positions of `TABLE_PIECES` pieces, either side to move,
/// with the text `counter` after them (`:C59`: 59 quiet turns).
fn small_alquerque_positions(counter: &str) -> impl Iterator<Item = Position> {
    let points: Vec<String> = "abcde"
        .chars()
        .flat_map(|file| (1..=5).map(move |rank| format!("{file}{rank}")))
        .collect();
    let mut texts = Vec::new();
    for mover in ["W", "B"] {
        for a in &points {
            for b in &points {
                for c in &points {
                    if a != b && b != c && a != c {
                        texts.push(format!("{mover}:W{a},{b}:B{c}{counter}"));
                        texts.push(format!("{mover}:W{a}:B{b},{c}{counter}"));
                    }
                }
            }
        }
    }
    texts
        .into_iter()
        .filter_map(|text| Position::parse(Ruleset::ALQUERQUE, &text).ok())
}

/// Endgame tables given to the engine: `verdict` and `go` say, before
/// searching, what `Tablebase::probe` says of a position they cover (the
/// verdict, for the side to move, and the value), for a won, a drawn and
/// a lost position; the search's answer comes after that line. Every
/// position of 3 pieces is won or lost at counter 0: the drawn one is
/// drawn by its counter (E4), 59 quiet turns, with a win or loss further
/// away than the one turn left.
#[test]
fn the_endgame_tables_verdict_is_what_a_probe_says() {
    let tablebase = Arc::new(Tablebase::build(Ruleset::ALQUERQUE, TABLE_PIECES, &|_| {}).unwrap());
    let mut session = Session::new();
    session.engine.set_tablebase(Some(Arc::clone(&tablebase)));
    session.quiet("game alquerque");
    let mut seen = Vec::new();
    let positions = small_alquerque_positions("").chain(small_alquerque_positions(":C59"));
    for position in positions {
        let probe = tablebase.probe(&position).unwrap();
        if seen.contains(&probe.verdict) {
            continue;
        }
        seen.push(probe.verdict);
        let expected = format!(
            "info verdict tables {} value {}",
            probe.verdict, probe.value
        );
        session.quiet(&format!("position text {position}"));
        let lines = session.send("verdict");
        assert_eq!(
            verdict_lines(&lines, "tables"),
            [expected.as_str()],
            "{position}"
        );
        // Tables come first, before any proof's verdict.
        assert_eq!(lines[0], expected, "{position}");
        let lines = session.search("go depth 2");
        assert_eq!(lines[0], expected, "{position}: {lines:?}");
        assert_eq!(verdict_lines(&lines, "tables").len(), 1, "{lines:?}");
    }
    assert_eq!(seen.len(), 3, "won, drawn and lost positions: {seen:?}");
    for verdict in [Verdict::Win, Verdict::Draw, Verdict::Loss] {
        assert!(seen.contains(&verdict), "{verdict}");
    }
}

/// `drawrules cap N` plays every game set up after it (and the current
/// one) under another program's rules: no draw by repetition (E2) or
/// quiet turns (E4), a draw after N turns; the tables and the proof,
/// made under E2 and E4, say nothing then. `drawrules ours` is back to
/// the project's. `show` says which rules hold.
#[test]
fn drawrules_cap_replaces_e2_and_e4_with_a_turn_cap() {
    let mut session = Session::new();
    let tablebase = Arc::new(Tablebase::build(Ruleset::ALQUERQUE, 2, &|_| {}).unwrap());
    session.engine.set_tablebase(Some(tablebase));
    session.quiet("game peralikatuma");
    assert_eq!(session.send("show")[3], "drawrules ours");
    // The third time W:Wa3:Bi3 stands: drawn by E2 under our rules ...
    let cycle = "a3-a5 i3-i5 a5-a3 i5-i3 ".repeat(2);
    let repeated = format!("position text W:Wa3:Bi3 turns {cycle}");
    session.quiet(&repeated);
    let shown = session.send("show");
    assert!(
        shown[2].starts_with("status over draw: the same position"),
        "{shown:?}"
    );
    // ... not under a cap of 10 turns, which draws two turns later.
    session.quiet("drawrules cap 10");
    let shown = session.send("show");
    assert_eq!(shown[2..], ["status White to move", "drawrules cap 10"]);
    let lines = session.search("go depth 3");
    assert_ne!(bestturn(&lines), "none");
    session.quiet(&format!("{repeated} a3-a5 i3-i5"));
    let shown = session.send("show");
    assert_eq!(
        shown[2],
        "status over draw: the game reached its cap on turns"
    );
    // Sixty quiet turns and more go on.
    session.quiet("position text W:Wa3:Bi3:C70");
    assert_eq!(session.send("show")[2], "status White to move");
    // The tables cover Alquerque's two pieces, but not under the cap.
    session.quiet("game alquerque");
    assert_eq!(session.send("show")[3], "drawrules cap 10");
    session.quiet("position text W:Wc2:Bc4");
    assert_eq!(session.send("verdict"), ["info verdict none"]);
    let lines = session.search("go depth 2");
    assert!(verdict_lines(&lines, "tables").is_empty(), "{lines:?}");
    session.quiet("drawrules ours");
    let lines = session.send("verdict");
    assert_eq!(verdict_lines(&lines, "tables").len(), 1, "{lines:?}");
    assert_eq!(session.send("show")[3], "drawrules ours");
}

/// `verdict` where neither tables nor a proof cover the position, or once
/// the game is over: `info verdict none`. It takes no arguments and is
/// refused while a search runs.
#[test]
fn verdict_says_none_where_nothing_covers_the_position() {
    within_a_minute(|| {
        let mut session = Session::new();
        // Tables up to a few pieces, given: the developer's own
        // `tablebases` directory is not read for Alquerque.
        let tablebase = Tablebase::build(Ruleset::ALQUERQUE, 2, &|_| {}).unwrap();
        session.engine.set_tablebase(Some(Arc::new(tablebase)));
        // A proof of another position, given: Alquerque's is not read.
        let start = Position::parse(Ruleset::ALQUERQUE, "W:Wc2:Bc3").unwrap();
        session
            .engine
            .set_solution(Some(Arc::new(Proof::new(Goal::win(Side::White), start))));
        session.quiet("game alquerque");
        assert_eq!(session.send("verdict"), ["info verdict none"]);
        // Peralikatuma's start: no tables have that many pieces, and no
        // proof of it is kept.
        session.quiet("game peralikatuma");
        assert_eq!(session.send("verdict"), ["info verdict none"]);
        // Over: White took Black's last piece.
        session.quiet("position text W:Wd4:Be5 turns d4xf6");
        assert_eq!(session.send("verdict"), ["info verdict none"]);
        assert_eq!(
            session.send("verdict now"),
            ["error `verdict` takes no arguments"]
        );
        session.quiet("game peralikatuma");
        session.start("go infinite");
        let lines = session.send("verdict");
        let errors: Vec<&String> = lines.iter().filter(|l| l.starts_with("error")).collect();
        assert_eq!(errors.len(), 1, "{lines:?}");
        assert!(errors[0].contains("a search is running"), "{lines:?}");
        let lines = session.send("stop");
        bestturn(&lines);
    });
}

/// A proof given to the engine: in a position its strategy plays from,
/// with its prover to move, `verdict` and `go` say what it proves and `go`
/// plays its turn; not with the other side to move.
#[test]
fn the_proof_s_verdict_where_it_covers_the_position() {
    let start = Position::parse(Ruleset::ALQUERQUE, "W:Wc2:Bc3").unwrap();
    let turn = start.parse_turn("c2xc4").unwrap();
    for (goal, words) in [
        (Goal::win(Side::White), "White wins"),
        (Goal::at_least_draw(Side::White), "White wins or draws"),
    ] {
        let mut proof = Proof::new(goal, start);
        proof.strategy.insert(&start, &turn).unwrap();
        let mut session = Session::new();
        session.engine.set_solution(Some(Arc::new(proof)));
        session.quiet("game alquerque");
        session.quiet("position text W:Wc2:Bc3");
        let expected = format!("info verdict proof {words}");
        let lines = session.send("verdict");
        assert_eq!(verdict_lines(&lines, "proof"), [expected.as_str()]);
        let lines = session.search("go depth 2");
        assert_eq!(verdict_lines(&lines, "proof"), [expected.as_str()]);
        let first_depth = lines.iter().position(|l| l.starts_with("info depth"));
        let verdict = lines.iter().position(|l| *l == expected);
        assert!(verdict < first_depth, "{lines:?}");
        assert_eq!(bestturn(&lines), "c2xc4");
        // Black to move: the proof has no turn for it.
        session.quiet("position text B:Wc2:Bc3");
        let lines = session.send("verdict");
        assert!(verdict_lines(&lines, "proof").is_empty(), "{lines:?}");
    }
}
