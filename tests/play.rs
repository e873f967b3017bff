//! The `play` example as a player uses it: the plain mode scripted through
//! pipes (whole games, bad input, saving and loading), its command line,
//! and the full-screen mode driven in tmux (ignored by default: it needs
//! tmux; `.ci/run` runs it).
//!
//! The tests run the example's binary, which `cargo test` builds with the
//! other targets, with `--at-once`: none waits on the machine's natural
//! pause.
#![allow(clippy::unwrap_used)]

use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Output, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use peralikatuma::diagram;
use peralikatuma_rules::Game;
use peralikatuma_rules::Ruleset;

/// The example's binary, next to this test's in the target directory.
fn binary() -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    let profile = exe.parent().and_then(|deps| deps.parent()).unwrap();
    let path = profile
        .join("examples")
        .join(format!("play{}", std::env::consts::EXE_SUFFIX));
    assert!(
        path.exists(),
        "{} is missing: build it with `cargo build --example play` (cargo test builds it)",
        path.display()
    );
    path
}

/// Makes the machine's weaker levels answer at once.
const AT_ONCE: &str = "--at-once";

/// Runs the example with `args`, feeding it `input` all at once.
fn run(args: &[&str], input: &str) -> Output {
    let args: Vec<&str> = std::iter::once(AT_ONCE)
        .chain(args.iter().copied())
        .collect();
    run_with(&args, &[], input)
}

/// Runs the example with `args` and the environment variables `env`,
/// feeding it `input` all at once.
fn run_with(args: &[&str], env: &[(&str, &str)], input: &str) -> Output {
    let mut child = Command::new(binary())
        .args(args)
        .envs(env.iter().copied())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    send(&mut child, input.as_bytes());
    child.wait_with_output().unwrap()
}

/// Writes `input` to the child's standard input and closes it. A child
/// that ends before reading it all (a command line refused, a file that
/// cannot be read) closes the pipe first: that is not a failure (the
/// test reads what it said).
fn send(child: &mut std::process::Child, input: &[u8]) {
    let mut stdin = child.stdin.take().unwrap();
    if let Err(error) = stdin.write_all(input) {
        assert_eq!(error.kind(), std::io::ErrorKind::BrokenPipe, "{error}");
    }
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// The example running, talked to line by line as a player would.
struct Player {
    child: Child,
    input: ChildStdin,
    output: Receiver<Vec<u8>>,
}

impl Player {
    fn start(args: &[&str]) -> Player {
        let mut child = Command::new(binary())
            .arg(AT_ONCE)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let input = child.stdin.take().unwrap();
        let mut stdout = child.stdout.take().unwrap();
        let (send, output) = channel();
        std::thread::spawn(move || {
            let mut buffer = [0; 4096];
            while let Ok(n) = stdout.read(&mut buffer) {
                if n == 0 || send.send(buffer[..n].to_vec()).is_err() {
                    break;
                }
            }
        });
        Player {
            child,
            input,
            output,
        }
    }

    /// Everything printed up to the next prompt (a line ending in `> `) or
    /// question (ending in `(yes/no) `).
    fn until_prompt(&self) -> String {
        let deadline = Instant::now() + Duration::from_secs(60);
        let mut text = Vec::new();
        while !text.ends_with(b"> ") && !text.ends_with(b"(yes/no) ") {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.output.recv_timeout(left) {
                Ok(bytes) => text.extend(bytes),
                Err(RecvTimeoutError::Timeout) => panic!(
                    "no prompt within a minute; got:\n{}",
                    String::from_utf8_lossy(&text)
                ),
                Err(RecvTimeoutError::Disconnected) => break,
            }
        }
        String::from_utf8(text).unwrap()
    }

    /// Types `line` and returns what the game printed in answer.
    fn say(&mut self, line: &str) -> String {
        writeln!(self.input, "{line}").unwrap();
        self.until_prompt()
    }
}

/// Plays the first legal turn each time, the machine replying, until the
/// game is over; returns what the game printed after the last turn.
fn play_to_the_end(player: &mut Player) -> String {
    for _ in 0..500 {
        let moves = player.say("moves");
        let list = moves
            .lines()
            .filter(|l| l.contains(" legal turn"))
            .find_map(|l| l.split_once(": "))
            .map(|(_, list)| list.split_whitespace().next().unwrap().to_owned())
            .unwrap_or_else(|| panic!("no list of turns in:\n{moves}"));
        let answer = player.say(&list);
        assert!(answer.contains(&format!("last turn: {list}")), "{answer}");
        if answer.contains("Game over") {
            return answer;
        }
        assert!(answer.contains("the machine plays"), "{answer}");
    }
    panic!("the game should have ended by now")
}

#[test]
fn a_whole_game_against_easy_to_its_end() {
    let mut player = Player::start(&["--variant", "alquerque", "--opponent", "easy"]);
    let opening = player.until_prompt();
    assert!(opening.contains("you (White) against the machine (easy)"));
    let end = play_to_the_end(&mut player);
    // Who won and why, said plainly (E1-E4).
    let said = end.lines().find(|l| l.starts_with("Game over: ")).unwrap();
    assert!(
        said.contains("wins: ") || said.contains("draw"),
        "unclear end: {said}"
    );
    // After the end, turns are refused and the game is unchanged.
    let refused = player.say("moves");
    assert!(
        refused.contains("no legal turns: the game is over"),
        "{refused}"
    );
    let refused = player.say("e2-e3");
    assert!(refused.contains("the game is over ("), "{refused}");
    // The game has not been saved: leaving it is asked.
    let asked = player.say("quit");
    assert!(asked.ends_with("leave it anyway? (yes/no) "), "{asked}");
    player.say("yes");
    assert!(player.child.wait().unwrap().success());
}

#[test]
fn bad_input_gets_a_clear_message_and_the_game_goes_on() {
    let script =
        "z9-z9\nhello there\nc3-c4\nsave\nload /no/such/file.txt\nredo\nundo\nd2-c3\nquit\n";
    let output = run(&["--variant", "alquerque", "--plain"], script);
    let text = stdout(&output);
    assert!(output.status.success());
    for expected in [
        "`z9`",
        "`hello there` is not a point name",
        "there is no piece on c3",
        "Type `moves` for the legal turns.",
        "`save` needs a file name",
        "cannot read /no/such/file.txt",
        "nothing to redo",
        "nothing to take back",
        "last turn: d2-c3",
    ] {
        assert!(text.contains(expected), "missing `{expected}` in:\n{text}");
    }
    // Only d2-c3 was played.
    let mut game = Game::new(Ruleset::ALQUERQUE);
    game.play_text("d2-c3").unwrap();
    assert!(text.contains(&diagram(game.position())));
}

#[test]
fn bytes_that_are_not_utf8_are_refused_like_any_bad_text() {
    let mut input = b"caf\xe9\n".to_vec();
    input.extend(b"e4-e5\nquit\n");
    let mut child = Command::new(binary())
        .arg(AT_ONCE)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    send(&mut child, &input);
    let output = child.wait_with_output().unwrap();
    let text = stdout(&output);
    assert!(output.status.success());
    assert!(text.contains("`caf\u{FFFD}`"), "{text}");
    assert!(text.contains("last turn: e4-e5"), "{text}");
}

#[test]
fn undo_after_a_resignation_takes_back_only_the_resignation_e6() {
    let output = run(&["--plain"], "e4-e5\nresign\nyes\nundo\nquit\n");
    let text = stdout(&output);
    assert!(
        text.contains("Game over: White wins: Black resigned (E6)"),
        "{text}"
    );
    assert!(text.contains("took back the end of the game"), "{text}");
    // The game has not been saved: quitting asks.
    assert!(
        text.ends_with("Black to move> This game has not been saved: leave it anyway? (yes/no) \n"),
        "{text}"
    );
}

#[test]
fn a_saved_game_loads_back_where_it_was() {
    // Six legal turns, found with the rules crate.
    let mut game = Game::new(Ruleset::PERMAINAN);
    let mut texts = Vec::new();
    for _ in 0..6 {
        let turn = game.legal_turns()[0];
        texts.push(turn.text(game.ruleset().board));
        game.play(&turn).unwrap();
    }
    let file = std::env::temp_dir().join(format!("play-test-{}.txt", std::process::id()));
    let file = file.display().to_string();
    let script = format!(
        "{}\nsave {file}\nnew\nload {file}\nquit\n",
        texts.join("\n")
    );
    let output = run(&["--variant", "permainan", "--opponent", "human"], &script);
    let text = stdout(&output);
    let saved = std::fs::read_to_string(&file).unwrap();
    std::fs::remove_file(&file).ok();
    assert!(output.status.success());
    assert!(
        text.contains(&format!("saved the game to {file}")),
        "{text}"
    );
    assert!(saved.contains("[Variant \"Permainan\"]"), "{saved}");
    assert!(text.contains(&format!("loaded {file} (6 turns)")), "{text}");
    let after_load = text.rsplit("loaded").next().unwrap();
    assert!(after_load.contains(&diagram(game.position())), "{text}");
}

/// A file in the temporary directory, named for this test run.
fn temp_file(name: &str) -> String {
    let file = std::env::temp_dir().join(format!("play-{name}-{}.txt", std::process::id()));
    file.display().to_string()
}

#[test]
fn a_saved_record_brings_back_its_players_and_seed() {
    let file = temp_file("players");
    let args = ["--variant", "alquerque", "--opponent", "easy"];
    let output = run(
        &[&args[..], &["--colour", "black", "--seed", "42"]].concat(),
        &format!("save {file}\nquit\n"),
    );
    let opening = stdout(&output);
    assert!(
        opening.contains("The machine's seed is 42 (`--seed 42` replays the game)."),
        "{opening}"
    );
    let saved = std::fs::read_to_string(&file).unwrap();
    for tag in [
        "[White \"machine (easy)\"]",
        "[Black \"you\"]",
        "[Opponent \"easy\"]",
        "[Person \"Black\"]",
        "[First \"White\"]",
        "[Seed \"42\"]",
    ] {
        assert!(saved.contains(tag), "{tag} missing:\n{saved}");
    }
    // Loaded between two players, the record brings its players back.
    let output = run(&["--variant", "permainan"], &format!("load {file}\nquit\n"));
    std::fs::remove_file(&file).ok();
    let text = stdout(&output);
    let after_load = text.rsplit("loaded").next().unwrap();
    assert!(
        after_load.contains(
            "Alquerque: you (Black) against the machine (easy). The machine's seed is 42"
        ),
        "{text}"
    );
    // The machine moved first; the person has the move.
    assert!(text.contains(&format!("loaded {file} (1 turn)")), "{text}");
    assert!(after_load.ends_with("Black (you) to move> "), "{text}");
}

#[test]
fn the_machine_replies_alike_with_a_seed_and_varies_without_one() {
    let script = "d2-c3\nquit\nyes\n";
    let args = ["--variant", "alquerque", "--opponent", "easy", "--plain"];
    let seeded = |seed: &str| stdout(&run(&[&args[..], &["--seed", seed]].concat(), script));
    assert_eq!(seeded("5"), seeded("5"));
    // Without --seed, each run picks one, and says which.
    let seeds: Vec<String> = (0..3)
        .map(|_| stdout(&run(&args, script)))
        .map(|text| {
            let (_, rest) = text.split_once("seed is ").unwrap();
            rest.split_whitespace().next().unwrap().to_owned()
        })
        .collect();
    assert!(seeds.iter().any(|s| *s != seeds[0]), "{seeds:?}");
    // The seed shown replays the game.
    let text = stdout(&run(&args, script));
    let (_, rest) = text.split_once("`--seed ").unwrap();
    let seed = rest.split('`').next().unwrap();
    assert_eq!(seeded(seed), text);
}

#[test]
fn line_mode_asks_before_dropping_a_game_not_saved_or_writing_over_a_file() {
    let file = temp_file("overwrite");
    std::fs::write(&file, "precious").unwrap();
    let script = format!(
        "d2-c3\nnew\nno\nload {file}\nno\nquit\nno\nsave {file}\nno\nsave {file}\nyes\nnew\nd2-c3\nquit\nmaybe\nyes\n"
    );
    let output = run(&["--variant", "alquerque"], &script);
    let text = stdout(&output);
    let saved = std::fs::read_to_string(&file).unwrap();
    std::fs::remove_file(&file).ok();
    assert!(output.status.success());
    for said in [
        "This game has not been saved: drop it for a new game? (yes/no) the game goes on (`save FILE` keeps it)",
        &format!(
            "This game has not been saved: drop it for {file}? (yes/no) the game goes on (`save FILE` keeps it)"
        ),
        "This game has not been saved: leave it anyway? (yes/no) the game goes on (`save FILE` keeps it)",
        &format!("{file} exists: write over it? (yes/no) not saved"),
        &format!("{file} exists: write over it? (yes/no) saved the game to {file}"),
        // Saved, the game is dropped without asking.
        "new game\nAlquerque: two players on one screen.",
        "leave it anyway? (yes/no) please answer yes or no: ",
    ] {
        assert!(text.contains(said), "missing `{said}` in:\n{text}");
    }
    assert!(saved.contains("1. d2-c3 *"), "{saved}");
}

#[test]
fn a_turn_that_forfeits_pieces_is_confirmed_first_until_warnings_are_off_p6() {
    let script = "c1-d2\nno\nc1-d2\nyes\nundo\nwarnings off\nc1-d2\nquit\nyes\n";
    let output = run(&["--plain", "--position", "W:We4,c1:Be5,i7"], script);
    let text = stdout(&output);
    let warning = "c1-d2 captures nothing, so Black may then take your piece on e4: it could have jumped (P6). Play it? (yes/no) ";
    assert_eq!(text.matches(warning).count(), 2, "{text}");
    assert!(text.contains(&format!("{warning}not played")), "{text}");
    assert!(text.contains("turns that forfeit pieces (P6) are played without asking"));
    assert_eq!(text.matches("last turn: c1-d2").count(), 2, "{text}");
    // A claim is then offered to Black.
    assert!(
        text.contains("so Black may first take its piece on e4 (P6)"),
        "{text}"
    );
}

/// Regression: the one model's position text refused N3's `C` field, so
/// `--position` could not start a game part-way through the sixty turns.
#[test]
fn a_position_with_its_sixty_turn_count_counts_on_to_the_draw_e4() {
    let script = "a1-a2\nquit\nyes\n";
    let args = [
        "--plain",
        "--variant",
        "alquerque",
        "--position",
        "W:Wa1:Be5:C59",
    ];
    let text = stdout(&run(&args, script));
    assert!(text.contains("Turns without a removal: 59 (E4)."), "{text}");
    assert!(
        text.contains("Game over: draw: sixty turns without a piece leaving the board (E4)"),
        "{text}"
    );
}

#[test]
fn a_draw_between_two_players_needs_the_other_to_accept_e6() {
    let output = run(&["--plain"], "draw\nno\ndraw\nmaybe\nyes\nmoves\nquit\n");
    let text = stdout(&output);
    assert!(text.contains("please answer yes or no"), "{text}");
    assert!(text.contains("White offers a draw. Black, do you accept? (yes/no)"));
    assert!(text.contains("no draw: the game goes on"));
    assert!(text.contains("Game over: draw agreed (E6)"), "{text}");
}

/// A valid position with 1,982,269 legal turns (from the rules crate's
/// hardening tests; with every Black piece claimable, P6, P7, it has 19
/// million): `moves` lists the first thousand and counts them all, without
/// a list of them all (19 million turns took over 1 GB), and a turn is
/// played as usual.
#[test]
fn moves_in_a_position_with_millions_of_turns_lists_the_first_thousand() {
    let position = "W:Wc1,g1,e2,h4,b5,i5,g6,i7,f8,c9,e9:Bf2,d3,f3,b4,c4,d4,e4,f4,g4,a5,d5,f5,h5,b6,c6,d6,e6,f6,h6,d7,f7,d8,e8";
    // White's pieces could jump: c1-d2 forfeits them (P6), and is confirmed.
    let script = "moves\nc1-d2\nyes\nquit\n";
    let output = run(&["--plain", "--position", position], script);
    let text = stdout(&output);
    let listed = text
        .lines()
        .find_map(|l| l.split_once("1982269 legal turns, the first 1000: "))
        .map(|(_, list)| list.split_whitespace().count());
    assert_eq!(listed, Some(1000), "no list of the first thousand");
    assert!(text.contains("last turn: c1-d2"), "{text}");
}

#[test]
fn the_rules_in_brief_name_their_rule_numbers() {
    let output = run(&["--plain", "--variant", "permainan"], "rules\nquit\n");
    let text = stdout(&output);
    for rule in ["(M2)", "(M4)", "(M5)", "(M6)", "(E1)"] {
        assert!(text.contains(rule), "{rule} missing in:\n{text}");
    }
}

#[test]
fn black_may_move_first_by_agreement_p2() {
    let output = run(&["--first", "Black", "--plain"], "quit\n");
    assert!(stdout(&output).contains("Black to move> "));
}

#[test]
fn t1_t2_on_a_clock_the_times_are_shown_and_a_late_player_loses() {
    // Against the machine on five seconds a turn: it answers, turn after
    // turn, and the times are printed with the board. (That the machine
    // keeps within its time, however short, is the session's test
    // `t2_the_machine_keeps_within_a_tenth_of_a_second_a_turn`, on a
    // clock that does not depend on how busy the machine is; five seconds
    // are far more than the person's turns here take, even on a busy
    // machine.)
    let mut player = Player::start(&[
        "--variant",
        "alquerque",
        "--opponent",
        "beginner",
        "--clock",
        "0+5",
    ]);
    let opening = player.until_prompt();
    assert!(opening.contains("on a clock of 0+5"), "{opening}");
    assert!(
        opening.contains("clock 0+5 (it starts with the first turn): White 0:00.0, Black 0:00.0"),
        "{opening}"
    );
    let mut answered = 0;
    for _ in 0..5 {
        let moves = player.say("moves");
        let turn = moves
            .lines()
            .find_map(|l| l.split_once(" legal turn").and(l.split_once(": ")))
            .and_then(|(_, list)| list.split_whitespace().next())
            .map(str::to_owned)
            .unwrap_or_else(|| panic!("no legal turn listed in:\n{moves}"));
        let answer = player.say(&turn);
        if answer.contains("Game over") {
            assert!(!answer.contains("ran out of time"), "{answer}");
            break;
        }
        assert!(answer.contains("the machine plays"), "{answer}");
        // Five seconds a turn (the increment), and what each side did not
        // use: White's time runs, Black's stands.
        let clock = answer
            .lines()
            .rfind(|l| l.starts_with("clock 0+5: "))
            .unwrap_or_else(|| panic!("no clock in:\n{answer}"));
        assert!(
            clock.starts_with("clock 0+5: White 0:") && clock.contains(" (running), Black 0:"),
            "{clock}"
        );
        answered += 1;
    }
    assert!(answered >= 3, "the machine answered {answered} times");
    player.say("quit");
    player.say("yes");
    // Two players: Black answers after its time is gone, and has lost.
    let mut player = Player::start(&["--variant", "alquerque", "--clock", "0+300ms"]);
    player.until_prompt();
    let answer = player.say("d2-c3");
    // Black's clock runs from its 0.3 s (how much is shown depends on how
    // busy the machine is); after 0.4 s it has surely run out.
    assert!(answer.contains("Black 0:00."), "{answer}");
    assert!(answer.contains(" (running)"), "{answer}");
    std::thread::sleep(Duration::from_millis(400));
    let answer = player.say("b3-c3");
    assert!(
        answer.contains("time is up: White wins: Black ran out of time (T2)"),
        "{answer}"
    );
    assert!(answer.contains("the game is over ("), "{answer}");
    let file = temp_file("clock.txt");
    let saved = player.say(&format!("save {file}"));
    assert!(saved.contains("saved the game to"), "{saved}");
    let record = std::fs::read_to_string(&file).unwrap();
    for tag in [
        "[Result \"1-0\"]",
        "[Termination \"time forfeit\"]",
        "[TimeControl \"0+0.3\"]",
        "[BlackClock \"0.000\"]",
    ] {
        assert!(record.contains(tag), "{tag} not in:\n{record}");
    }
    assert!(player.say("undo").contains("nothing to take back"));
    player.say("quit");
    let _ = std::fs::remove_file(file);
}

#[test]
fn each_of_the_five_levels_can_be_chosen() {
    for level in ["beginner", "easy", "medium", "hard", "master"] {
        let output = run(&["--opponent", level, "--plain"], "quit\nyes\n");
        let text = stdout(&output);
        assert!(
            text.contains(&format!("you (White) against the machine ({level})")),
            "{level}: {text}"
        );
    }
}

#[test]
fn bad_command_lines_are_refused_with_a_message() {
    for (args, said) in [
        (
            &["--opponent", "grandmaster"][..],
            "invalid value 'grandmaster'",
        ),
        (&["--colour", "green"][..], "invalid value 'green'"),
        (&["--variant", "chess"][..], "unknown game `chess`"),
        (&["--position", "W:Wz9:B"][..], "bad --position"),
        (
            &["--position", "W:Wa1:Be5", "--first", "black"][..],
            "cannot be used with",
        ),
        (
            &["--clock", "5"][..],
            "no `+` between the base and the increment",
        ),
        (&["--clock", "5+3h"][..], "`h` is not a unit"),
    ] {
        let output = run(args, "");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let error = String::from_utf8_lossy(&output.stderr);
        assert!(error.contains(said), "{args:?}: {error}");
    }
}

/// Runs the example with `args` and `input`, reading no proof nor
/// endgame tables (a proof takes long to read unoptimised).
fn run_without_tables(args: &[&str], input: &str) -> Output {
    let env = [
        ("ALQUERQUE_PROOFS", "/nonexistent/proofs"),
        ("ALQUERQUE_TABLEBASES", "/nonexistent/tablebases"),
    ];
    run_with(args, &env, input)
}

#[test]
fn a_report_classifies_each_turn_and_sums_up_each_player() {
    // Black's c5-c4 gives two pieces away.
    let record = "[Variant \"Alquerque\"]\n[White \"Ann\"]\n\n\
        1. c2-c3 c4xc2 2. c1xc3 a3xc1 3. c3xa3 c5-c4 4. a3xc5xc3 *\n";
    let file = temp_file("report");
    let annotated = temp_file("report-annotated");
    std::fs::write(&file, record).unwrap();
    let output = run_without_tables(
        &["--report", &file, "--depth", "3", "--annotated", &annotated],
        "",
    );
    let text = stdout(&output);
    let errors = String::from_utf8_lossy(&output.stderr);
    let written = std::fs::read_to_string(&annotated).unwrap_or_default();
    std::fs::remove_file(&file).ok();
    std::fs::remove_file(&annotated).ok();
    assert!(output.status.success(), "{text}{errors}");
    for said in [
        "Game report: Alquerque, 7 turns, *",
        "a search to depth 3",
        "3... Black c5-c4",
        "White: 4 turns: ",
        "Black: 3 turns: ",
        "average loss",
    ] {
        assert!(text.contains(said), "{said}:\n{text}");
    }
    let drop = text.lines().find(|l| l.contains("c5-c4")).unwrap();
    assert!(
        drop.contains("mistake") || drop.contains("blunder"),
        "{drop}"
    );
    assert!(text.contains("best"), "{text}");
    assert!(errors.contains("analysed 8/8 positions"), "{errors}");
    // The annotated record: every turn with its comment, read back as the
    // same game.
    assert!(written.contains("[White \"Ann\"]"), "{written}");
    assert_eq!(written.matches('{').count(), 7, "{written}");
    let read: peralikatuma_rules::Record = written.parse().unwrap();
    let original: peralikatuma_rules::Record = record.parse().unwrap();
    // The same game and headers (the record written has them all).
    assert_eq!(read.to_string(), original.to_string());
    // From standard input, the annotated record after the report.
    let output = run_without_tables(
        &["--report", "-", "--depth", "2", "--annotated", "-"],
        record,
    );
    let text = stdout(&output);
    assert!(output.status.success(), "{text}");
    assert!(text.contains("Game report: Alquerque"), "{text}");
    assert!(text.contains("\n[Variant \"Alquerque\"]\n"), "{text}");
}

#[test]
fn a_report_of_a_bad_file_or_record_says_why_and_exits_2() {
    let missing = temp_file("no-such-record");
    let record = |turns: &str| format!("[Variant \"Alquerque\"]\n\n{turns}\n");
    for (args, input, said) in [
        (
            vec!["--report", missing.as_str()],
            String::new(),
            "cannot read the record",
        ),
        (
            vec!["--report", "-"],
            record("1. c2-c4 *"),
            "turn 1. `c2-c4`",
        ),
        (
            vec!["--report", "-"],
            record("1. c2-c3 {unclosed *"),
            "line 3: the comment",
        ),
        (
            vec!["--report", "-"],
            "1. c2-c3 *".to_owned(),
            "no [Variant",
        ),
        (
            vec!["--report", "-", "--depth", "21"],
            record("*"),
            "21 is not in 1..=20",
        ),
        (vec!["--depth", "3"], String::new(), "--report <FILE>"),
    ] {
        let output = run_without_tables(&args, &input);
        let errors = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {errors}");
        assert!(errors.contains(said), "{args:?}: {errors}");
        assert!(!errors.contains("panicked"), "{errors}");
    }
}

/// Runs `tmux` with `args`, returning its output.
fn tmux(args: &[&str]) -> String {
    let output = Command::new("tmux").args(args).output().unwrap();
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// Waits until the tmux pane shows `text`, returning the screen.
fn screen_with(session: &str, text: &str) -> String {
    screen_showing(session, &[text], &[])
}

/// Waits until the tmux pane shows every one of `shown` and none of
/// `hidden`, returning the screen. A screen is redrawn a few rows at a
/// time, so a test waits for everything it then looks at rather than
/// for one line of it.
fn screen_showing(session: &str, shown: &[&str], hidden: &[&str]) -> String {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let screen = tmux(&["capture-pane", "-t", session, "-p"]);
        if shown.iter().all(|text| screen.contains(text))
            && !hidden.iter().any(|text| screen.contains(text))
        {
            return screen;
        }
        assert!(
            Instant::now() < deadline,
            "the screen never showed all of {shown:?} without {hidden:?}:\n{screen}"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

#[test]
#[ignore = "needs tmux: run with --ignored"]
fn the_full_screen_board_is_drawn_and_a_turn_is_made_with_keys() {
    let session = format!("play-test-{}", std::process::id());
    let command = format!("{} {AT_ONCE} --opponent human", binary().display());
    tmux(&[
        "new-session",
        "-d",
        "-s",
        &session,
        "-x",
        "100",
        "-y",
        "30",
        &command,
    ]);
    // The board, its lines and names, the pieces, and the cursor on e5.
    screen_showing(
        &session,
        &[
            "White to move",
            "Peralikatuma",
            "●───────●───────●",
            "│ ╲ │ ╱ │",
            "a   b   c   d   e   f   g   h   i",
            "○ White 23   ● Black 23",
            "[·]",
        ],
        &[],
    );
    // Down to e4, pick it, up to e5, play.
    tmux(&["send-keys", "-t", &session, "Down", "Enter"]);
    screen_with(&session, "can go to a highlighted point");
    tmux(&["send-keys", "-t", &session, "Up", "Enter"]);
    screen_showing(
        &session,
        &["1. e4-e5", "Black to move", "White plays e4-e5."],
        &[],
    );
    // A turn typed in notation, then undo.
    tmux(&["send-keys", "-t", &session, ":", "e6-e5??", "Enter"]);
    screen_with(&session, "`e6-e5??`");
    tmux(&["send-keys", "-t", &session, "u"]);
    screen_with(&session, "Took back e4-e5.");
    tmux(&["send-keys", "-t", &session, "q"]);
    let deadline = Instant::now() + Duration::from_secs(10);
    while tmux(&["list-sessions"]).contains(&session) {
        assert!(Instant::now() < deadline, "q did not quit");
        std::thread::sleep(Duration::from_millis(100));
    }
}

#[test]
#[ignore = "needs tmux: run with --ignored"]
fn t1_t2_full_screen_on_a_clock_shows_the_times_and_ends_the_game_when_one_runs_out() {
    let session = format!("play-clock-{}", std::process::id());
    let dir = std::env::temp_dir();
    start_in_tmux(&session, &dir, "--opponent human --clock 0+2s");
    screen_showing(
        &session,
        &["Clock White 0:00.0  Black 0:00.0", "on a clock of 0+2"],
        &[],
    );
    tmux(&["send-keys", "-t", &session, ":", "e4-e5", "Enter"]);
    screen_with(&session, "Black 0:01.");
    // Black does nothing: the game ends at once when its time is gone.
    screen_with(
        &session,
        "Game over: White wins: Black ran out of time (T2)",
    );
    screen_with(&session, "Black 0:00.0");
    tmux(&["send-keys", "-t", &session, "q"]);
    screen_with(&session, "not been saved");
    tmux(&["send-keys", "-t", &session, "y"]);
    ended(&session);
}

#[test]
#[ignore = "needs tmux: run with --ignored"]
fn a_whole_family_game_is_played_full_screen_to_its_end_by_keys() {
    let session = format!("play-zamma-{}", std::process::id());
    let dir = std::env::temp_dir();
    start_in_tmux(&session, &dir, "--variant zamma --opponent easy --seed 5");
    // Zamma's board of 81 points, drawn from its lines.
    screen_showing(
        &session,
        &[
            "White (you) to move",
            "┌ Zamma ",
            "│ ╲ │ ╱ │ ╲ │ ╱ │",
            "a   b   c   d   e   f   g   h   i",
            "○ White 40   ● Black 40",
        ],
        &[],
    );
    // The first turn picked with the arrows: d4 diagonally forward to e5.
    tmux(&["send-keys", "-t", &session, "Left", "Down", "Enter"]);
    screen_with(&session, "can go to a highlighted point");
    tmux(&["send-keys", "-t", &session, "Right", "Up", "Enter"]);
    screen_with(&session, "1. d4-e5");
    // Then no questions about huffs, and each turn the first legal one,
    // as the moves list shows it, typed, until the game ends.
    tmux(&["send-keys", "-t", &session, "w"]);
    for _ in 0..400 {
        let screen = loop {
            let screen = tmux(&["capture-pane", "-t", &session, "-p"]);
            // White moves first: its turn comes after an even number.
            let white = screen.contains("White (you) to move") && moves_listed(&screen) % 2 == 0;
            if screen.contains("Game over") || white {
                break screen;
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        if screen.contains("Game over") {
            assert!(
                screen.contains("wins") || screen.contains("draw"),
                "{screen}"
            );
            tmux(&["send-keys", "-t", &session, "q"]);
            screen_with(&session, "not been saved");
            tmux(&["send-keys", "-t", &session, "y"]);
            return ended(&session);
        }
        let played = moves_listed(&screen);
        tmux(&["send-keys", "-t", &session, ":", "moves", "Enter"]);
        let screen = screen_with(&session, "Legal turns (any key to close)");
        let first = screen
            .lines()
            .find_map(|line| line.split_once("legal turn")?.1.split_once(':'))
            .and_then(|(_, turns)| turns.split("  ").map(str::trim).find(|t| !t.is_empty()))
            .map(|turn| turn.trim_end_matches('│').trim().to_owned())
            .unwrap_or_else(|| panic!("no legal turn listed:\n{screen}"));
        // Any key closes the list (not Esc: Esc and `:` at once read as
        // Alt-`:`).
        tmux(&["send-keys", "-t", &session, "Space"]);
        tmux(&["send-keys", "-t", &session, ":", &first, "Enter"]);
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let now = tmux(&["capture-pane", "-t", &session, "-p"]);
            if moves_listed(&now) > played {
                break;
            }
            assert!(
                Instant::now() < deadline,
                "{first} was not played:\n{now}\nfrom the list:\n{screen}"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }
    panic!("the game did not end in 400 turns");
}

/// The number of turns the move list on `screen` says were played.
fn moves_listed(screen: &str) -> usize {
    screen
        .split_once("Moves (")
        .and_then(|(_, rest)| rest.split_once(')'))
        .and_then(|(count, _)| count.parse().ok())
        .unwrap_or(0)
}

/// Starts the example in a tmux session of 100 by 30 in `dir`, with `args`.
fn start_in_tmux(session: &str, dir: &std::path::Path, args: &str) {
    let command = format!("{} {AT_ONCE} {args}", binary().display());
    let dir = dir.display().to_string();
    tmux(&[
        "new-session",
        "-d",
        "-s",
        session,
        "-x",
        "100",
        "-y",
        "30",
        "-c",
        &dir,
        &command,
    ]);
}

/// Waits until the tmux session has ended.
fn ended(session: &str) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while tmux(&["list-sessions"]).contains(session) {
        assert!(Instant::now() < deadline, "{session} did not end");
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// Checks that the new-game form on `screen` has its names end, and its
/// arrows and values begin, in columns.
fn assert_form_aligned(screen: &str) {
    let column = |line: &str, c: char| line.chars().position(|x| x == c);
    let rows: Vec<&str> = screen.lines().filter(|l| l.contains('◀')).collect();
    assert!(rows.len() >= 4, "{screen}");
    for c in ['◀', '▶'] {
        let columns: Vec<_> = rows.iter().map(|line| column(line, c)).collect();
        assert!(columns.iter().all(|&x| x == columns[0]), "{c}:\n{screen}");
    }
    for line in rows {
        let at = column(line, '◀').unwrap();
        let chars: Vec<char> = line.chars().collect();
        assert!(chars[at - 3] != ' ' && chars[at - 1] == ' ', "{screen}");
        assert!(chars[at + 1] == ' ' && chars[at + 2] != ' ', "{screen}");
    }
}

#[test]
#[ignore = "needs tmux: run with --ignored"]
fn the_form_the_typed_line_and_a_record_with_its_players_in_full_screen() {
    let session = format!("play-form-{}", std::process::id());
    let dir = std::env::temp_dir().join(&session);
    std::fs::create_dir_all(&dir).unwrap();
    start_in_tmux(&session, &dir, "");
    // The form: the machine by default; no colour between two players.
    let screen = screen_showing(
        &session,
        &[" New game ", "the machine (easy)", "Your colour"],
        &[],
    );
    assert_form_aligned(&screen);
    // Left: a weaker level, then a second player.
    tmux(&["send-keys", "-t", &session, "Down", "Left"]);
    screen_with(&session, "the machine (beginner)");
    tmux(&["send-keys", "-t", &session, "Left"]);
    let screen = screen_showing(&session, &["a second player here"], &["Your colour"]);
    assert_form_aligned(&screen);
    tmux(&["send-keys", "-t", &session, "Right", "Right", "Enter"]);
    let screen = screen_showing(&session, &["New game.", "you (White) against"], &[]);
    let seed = screen
        .split_once("Seed ")
        .and_then(|(_, rest)| rest.split_whitespace().next())
        .unwrap()
        .to_owned();
    // A turn typed with a slip, mended at the cursor.
    tmux(&[
        "send-keys",
        "-t",
        &session,
        ":",
        "e4e5",
        "Left",
        "Left",
        "-",
    ]);
    screen_with(&session, "> e4-e5");
    tmux(&["send-keys", "-t", &session, "Enter"]);
    screen_with(&session, "The machine plays");
    // Saved under a name typed over the one offered.
    tmux(&["send-keys", "-t", &session, "s", "mine.txt", "Enter"]);
    screen_with(&session, "Saved the game to");
    let saved = std::fs::read_to_string(dir.join("mine.txt")).unwrap();
    for tag in [
        "[Opponent \"easy\"]".to_owned(),
        "[Person \"White\"]".to_owned(),
        format!("[Seed \"{seed}\"]"),
    ] {
        assert!(saved.contains(&tag), "{tag} missing:\n{saved}");
    }
    // Saved, it is left without a question.
    tmux(&["send-keys", "-t", &session, "q"]);
    ended(&session);
    // Loaded elsewhere, the record brings back its players.
    start_in_tmux(&session, &dir, "--opponent human --variant alquerque");
    screen_with(&session, "two players on one screen");
    tmux(&["send-keys", "-t", &session, "l", "mine.txt", "Enter"]);
    screen_showing(
        &session,
        &[
            "Loaded mine.txt (2 turns).",
            "you (White) against the machine (easy)",
            &format!("Seed {seed} "),
        ],
        &[],
    );
    tmux(&["send-keys", "-t", &session, "C-c"]);
    ended(&session);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
#[ignore = "needs tmux: run with --ignored"]
fn the_forfeit_warning_review_and_ctrl_c_in_full_screen() {
    let session = format!("play-review-{}", std::process::id());
    let dir = std::env::temp_dir();
    start_in_tmux(
        &session,
        &dir,
        "--opponent human --position W:We4,c1:Be5,i7",
    );
    screen_with(&session, "Forfeit warnings: on (w)");
    tmux(&["send-keys", "-t", &session, ":", "c1-d2", "Enter"]);
    screen_with(
        &session,
        "c1-d2 captures nothing, so Black may then take your",
    );
    tmux(&["send-keys", "-t", &session, "y"]);
    screen_with(&session, "1. c1-d2");
    tmux(&["send-keys", "-t", &session, ":", "!e4 e5-e4", "Enter"]);
    screen_with(&session, "!e4 e5-e4");
    // Review: the board after White's turn, then back.
    tmux(&["send-keys", "-t", &session, "["]);
    screen_showing(
        &session,
        &[
            "Review: after turn 1 of 2, c1-d2",
            "○ White  2   ● Black  2",
        ],
        &[],
    );
    tmux(&["send-keys", "-t", &session, "Escape"]);
    screen_showing(&session, &["White to move", "○ White  1   ● Black  2"], &[]);
    tmux(&["send-keys", "-t", &session, "w"]);
    screen_with(&session, "Forfeit warnings: off (w)");
    // Not saved: Ctrl-C asks.
    tmux(&["send-keys", "-t", &session, "C-c"]);
    screen_with(
        &session,
        "This game has not been saved: leave it anyway? (y/n)",
    );
    tmux(&["send-keys", "-t", &session, "y"]);
    ended(&session);
}

/// A family game (rules.md F) in line mode: played to its end against the
/// machine, in its own notation, then saved and loaded back.
#[test]
fn a_whole_family_game_against_easy_saved_and_loaded() {
    let mut player = Player::start(&[
        "--variant",
        "dash-guti",
        "--opponent",
        "easy",
        "--seed",
        "4",
    ]);
    let opening = player.until_prompt();
    assert!(
        opening.contains("Dash Guti: you (White) against the machine (easy)"),
        "{opening}"
    );
    assert!(opening.contains("W-----------W-----------W"), "{opening}");
    let rules = player.say("rules");
    assert!(rules.contains("(F6)"), "{rules}");
    let end = play_to_the_end(&mut player);
    let said = end.lines().find(|l| l.starts_with("Game over: ")).unwrap();
    assert!(
        said.contains("wins") || said.contains("draw"),
        "unclear end: {said}"
    );
    let file = temp_file("family-game.txt");
    let saved = player.say(&format!("save {file}"));
    assert!(saved.contains("saved the game to"), "{saved}");
    let record = std::fs::read_to_string(&file).unwrap();
    assert!(record.starts_with("[Variant \"dash-guti\"]"), "{record}");
    let loaded = player.say(&format!("load {file}"));
    assert!(loaded.contains("Game over: "), "{loaded}");
    player.say("quit");
    assert!(player.child.wait().unwrap().success());
    std::fs::remove_file(&file).unwrap();
}
