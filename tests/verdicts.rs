//! The verdicts the frontends show agree with the tools that make the
//! knowledge (issue 27): the endgame tables' verdict in the engine
//! protocol (`verdict`) and on the analysis board (`POST /api/analysis`)
//! with `tablebase --probe` on the same positions, and the proof's with
//! `solve --verify`. Each program runs as a user runs it: the examples'
//! binaries, which `cargo test` builds, reading the tables and the proof
//! from the directories named by `ALQUERQUE_TABLEBASES` and
//! `ALQUERQUE_PROOFS`.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

/// An example's binary, next to this test's in the target directory.
fn example(name: &str) -> PathBuf {
    let exe = std::env::current_exe().expect("the test's path");
    let profile = exe
        .parent()
        .and_then(Path::parent)
        .expect("the profile's directory");
    let path = profile
        .join("examples")
        .join(format!("{name}{}", std::env::consts::EXE_SUFFIX));
    assert!(
        path.exists(),
        "{} is missing: build it with `cargo build --example {name}` (cargo test builds it)",
        path.display()
    );
    path
}

/// A directory of this test's own, empty.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("verdicts-{name}-{}", std::process::id()));
    std::fs::remove_dir_all(&dir).ok();
    std::fs::create_dir_all(&dir).expect("a directory");
    dir
}

fn text(output: &Output) -> String {
    assert!(
        output.status.success(),
        "{}\n{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// The engine protocol's answers to `commands`, the knowledge read from
/// `env`.
fn engine(env: &[(&str, &Path)], commands: &str) -> Vec<String> {
    let mut child = Command::new(example("engine"))
        .envs(env.iter().map(|&(key, path)| (key, path)))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the engine starts");
    let mut input = child.stdin.take().expect("its input");
    input
        .write_all(format!("{commands}\nquit\n").as_bytes())
        .expect("written");
    drop(input);
    let output = child.wait_with_output().expect("it ends");
    text(&output).lines().map(str::to_owned).collect()
}

/// The serve example on a port of its own, stopped when dropped.
struct Served {
    child: Child,
    address: String,
}

impl Served {
    fn start(env: &[(&str, &Path)], data: &Path) -> Served {
        let mut child = Command::new(example("serve"))
            .args(["--port", "0", "--analyses", "1", "--data"])
            .arg(data)
            .envs(env.iter().map(|&(key, path)| (key, path)))
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the server starts");
        let stdout = child.stdout.take().expect("its output");
        let mut lines = BufReader::new(stdout).lines();
        let address = lines.by_ref().map_while(Result::ok).find_map(|line| {
            let rest = line.strip_prefix("Open http://")?;
            rest.split('/').next().map(str::to_owned)
        });
        // What it prints later is read and dropped: a closed pipe would
        // stop it.
        std::thread::spawn(move || lines.for_each(drop));
        Served {
            address: address.expect("the address it listens on"),
            child,
        }
    }

    /// `POST /api/analysis` with `body`: the answer's JSON.
    fn analysis(&self, body: &str) -> Value {
        let mut socket = TcpStream::connect(&self.address).expect("connected");
        write!(
            socket,
            "POST /api/analysis HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\n\
             Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
            self.address,
            body.len()
        )
        .expect("sent");
        let mut answer = String::new();
        socket.read_to_string(&mut answer).expect("an answer");
        let (head, body) = answer.split_once("\r\n\r\n").expect("a body");
        assert!(head.starts_with("HTTP/1.1 200"), "{answer}");
        serde_json::from_str(body).expect("JSON")
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        self.child.kill().ok();
        self.child.wait().ok();
    }
}

/// `tablebase --probe` says `W:We1,c3:Bc5: win for White (win in 2)`;
/// the engine's `verdict` and the analysis board say the same verdict
/// and value, for a won, a lost and a drawn position (drawn by its
/// counter, E4).
#[test]
fn the_tables_verdicts_agree_with_tablebase_probe() {
    let tables = scratch("tables");
    let data = scratch("tables-games");
    let env = [("ALQUERQUE_TABLEBASES", tables.as_path())];
    let positions = ["W:Wc3,e1:Bc5", "B:Wc3,e1:Bc5", "W:Wc3:Ba5,e5:C59"];
    let served = Served::start(&env, &data);
    let mut verdicts = Vec::new();
    for position in positions {
        let probed = text(
            &Command::new(example("tablebase"))
                .args(["--variant", "alquerque", "--pieces", "3", "--dir"])
                .arg(&tables)
                .args(["--probe", position])
                .output()
                .expect("the tablebase example runs"),
        );
        // `W:We1,c3:Bc5: win for White (win in 2)`
        let said = probed
            .lines()
            .find_map(|line| line.split_once(": ").filter(|(p, _)| p.contains(':')))
            .map(|(_, said)| said.to_owned())
            .expect("the probe's line");
        let (verdict, rest) = said.split_once(" for ").expect("a verdict");
        let value = rest
            .split_once(" (")
            .and_then(|(_, value)| value.strip_suffix(')'))
            .expect("a value");
        verdicts.push(verdict.to_owned());
        let answers = engine(
            &env,
            &format!("game alquerque\nposition text {position}\nverdict"),
        );
        let expected = format!("info verdict tables {verdict} value {value}");
        assert!(answers.contains(&expected), "{position}: {answers:?}");
        let line = served.analysis(&format!(
            r#"{{"variant": "alquerque", "position": "{position}"}}"#
        ));
        let board = &line["tables"];
        assert_eq!(board["verdict"], verdict, "{position}: {line}");
        assert_eq!(board["value"], value, "{position}: {line}");
    }
    assert_eq!(verdicts, ["win", "loss", "draw"]);
    drop(served);
    std::fs::remove_dir_all(&tables).ok();
    std::fs::remove_dir_all(&data).ok();
}

/// `solve --verify` checks the repository's proof of Alquerque (White
/// wins), and the engine's `verdict` and the analysis board, reading the
/// same file, say `White wins` on the start and on the positions of its
/// proved line. Slow in a debug build (reading and checking the proof
/// takes a minute or two): CI's run of the ignored tests checks it.
#[test]
#[ignore = "reads and verifies the whole proof of Alquerque: minutes in a debug build"]
fn the_proof_verdicts_agree_with_solve_verify() {
    let proofs = Path::new(env!("CARGO_MANIFEST_DIR")).join("proofs");
    let file = proofs.join("alquerque/white-wins.proof.gz");
    let data = scratch("proof-games");
    let env = [("ALQUERQUE_PROOFS", proofs.as_path())];
    let served = Served::start(&env, &data);
    // The server starts reading the proof at the first question.
    served.analysis(r#"{"variant": "alquerque"}"#);
    let verified = text(
        &Command::new(example("solve"))
            .arg("--verify")
            .arg(&file)
            .args(["--goal", "white-wins"])
            .output()
            .expect("the solve example runs"),
    );
    assert!(
        verified.contains("verified: White wins from W:Wa1,b1,c1,d1,e1,a2,b2,c2,d2,e2,d3,e3:"),
        "{verified}"
    );
    // The board: White's proved turn at the start, and after it, Black
    // to move, the verdict whatever Black plays.
    let deadline = Instant::now() + Duration::from_secs(600);
    let start = loop {
        let line = served.analysis(r#"{"variant": "alquerque"}"#);
        if !line["proof"].is_null() {
            break line;
        }
        assert!(Instant::now() < deadline, "the server never read the proof");
        std::thread::sleep(Duration::from_millis(500));
    };
    assert_eq!(start["proof"]["goal"], "White wins", "{start}");
    let first = start["proof"]["turn"].as_str().expect("the proved turn");
    let after = served.analysis(&format!(
        r#"{{"variant": "alquerque", "turns": ["{first}"]}}"#
    ));
    assert_eq!(after["proof"]["goal"], "White wins", "{after}");
    // The engine: it reads the proof in the background too; its
    // `verdict` says so once it has (asked again until then).
    let mut child = Command::new(example("engine"))
        .envs(env.iter().map(|&(key, path)| (key, path)))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the engine starts");
    let mut input = child.stdin.take().expect("its input");
    let mut answers = BufReader::new(child.stdout.take().expect("its output")).lines();
    writeln!(input, "game alquerque").expect("written");
    loop {
        writeln!(input, "verdict").expect("written");
        let answer = answers
            .by_ref()
            .map(|line| line.expect("a line"))
            .find(|line| line.starts_with("info verdict"))
            .expect("an answer");
        if answer == "info verdict proof White wins" {
            break;
        }
        assert_eq!(answer, "info verdict none", "before the proof is read");
        assert!(Instant::now() < deadline, "the engine never read the proof");
        std::thread::sleep(Duration::from_millis(500));
    }
    writeln!(input, "quit").ok();
    child.wait().ok();
    drop(served);
    std::fs::remove_dir_all(&data).ok();
}
