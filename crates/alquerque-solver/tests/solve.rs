//! The solver against the rules: proofs it builds pass the verifier,
//! broken proofs do not, the sixty-turn rule (E4) is respected, its
//! values agree with endgame tablebases built by retrograde analysis, and
//! checkpoints restore what was settled.

use alquerque_proof::{Goal, Proof, StrategyError, VerifyError, verify};
use alquerque_solver::{CheckpointError, Options, Solver};
use alquerque_tablebase::{Tablebase, Verdict};
use peralikatuma_rules::{Position, Turn};
use peralikatuma_rules::{Ruleset, Side};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

type Result<T = ()> = std::result::Result<T, Box<dyn std::error::Error>>;

const SMALL: Options = Options {
    table_megabytes: 16,
    threads: 2,
    keep_work: 16,
};

fn position(text: &str) -> Position {
    Position::parse(Ruleset::ALQUERQUE, text).expect("a valid position")
}

/// The position after the first `plies` turns of a game between the
/// engine's Master (White) and Hard (Black), which White won.
fn from_game(plies: usize) -> Position {
    const GAME: &str = "c2-c3 c4xc2 c1xc3 a3xc1 c3xa3 b4-b3 a3xc3 d4xb2 b1xb3 c5-c4 \
        d1xb1 c4-c3 d2xb4 a5xc3xa3 b1-c1 d5-c5 d3-c3 b5-a5 e1-d1 c5-b5 c1-d2 e4-d4 \
        e3xc5 b5xd5 d1-c1 d5-c5 d2-c2 e5-d4 c3xe5 c5-b5 c2-c3 b5-b4 e2-d2 b4-b3";
    let mut position = Position::start(Ruleset::ALQUERQUE);
    for text in GAME.split_whitespace().take(plies) {
        let turn = position.parse_turn(text).expect("a legal turn");
        position = position.play_unchecked(&turn);
    }
    position
}

/// A2: men move forward; the win of two men over one takes a few turns.
#[test]
fn e1_two_men_beat_one_and_the_proof_checks() -> Result {
    let start = position("W:Wb2,d2:Bc4");
    let solver = Solver::new(Goal::win(Side::White), SMALL);
    assert_eq!(solver.solve(&start)?, Some(true));
    let proof = solver.proof(&start)?;
    let verified = verify(&proof)?;
    assert!(verified.ends >= 1 && verified.moves_used as usize <= proof.strategy.len());
    // Its opposite, Black wins or draws, has no proof.
    assert!(solver.disproof(&start).is_err());
    Ok(())
}

/// A position of a real game, 30 plies in: the solver proves White's win,
/// and the proof survives writing and reading: the same file again.
#[test]
fn a_middle_game_is_won_and_its_proof_reads_back() -> Result {
    let start = from_game(30);
    let solver = Solver::new(Goal::win(Side::White), SMALL);
    assert_eq!(solver.solve(&start)?, Some(true));
    let proof = solver.proof(&start)?;
    let mut text = Vec::new();
    proof.write(&mut text)?;
    let read = Proof::read(text.as_slice())?;
    assert_eq!(read.strategy, proof.strategy);
    assert_eq!(verify(&read)?, verify(&proof)?);
    let mut again = Vec::new();
    read.write(&mut again)?;
    assert_eq!(again, text);
    Ok(())
}

/// The verifier refuses a proof with a move missing, a move that does not
/// win, or the wrong goal; an illegal move does not go into a proof.
#[test]
fn broken_proofs_are_refused() -> Result {
    let start = from_game(30);
    let solver = Solver::new(Goal::win(Side::White), SMALL);
    assert_eq!(solver.solve(&start)?, Some(true));
    let proof = solver.proof(&start)?;

    let mut missing = proof.clone();
    missing.strategy.remove(&start);
    assert_eq!(
        verify(&missing),
        Err(VerifyError::MissingMove(Box::new(start)))
    );

    // A pass where White has moves (E1: Alquerque has no passes).
    let mut illegal = proof.clone();
    assert!(matches!(
        illegal.strategy.insert(&start, &Turn::PASS),
        Err(StrategyError::Illegal { .. })
    ));
    assert_eq!(illegal.strategy, proof.strategy);

    // Some position of the proof where another legal move does not win:
    // play it instead, and the proof breaks.
    let mut refuted = false;
    for (position, turn) in proof.strategy.iter() {
        for other in position.legal_turns().iter() {
            if *other == turn || solver.settled(&position.play_unchecked(other)) != Some(false) {
                continue;
            }
            let mut wrong = proof.clone();
            wrong.strategy.insert(&position, other)?;
            // The new move leads where the strategy has no answer, or to a
            // game that does not end in White's win.
            if verify(&wrong).is_err() {
                refuted = true;
                break;
            }
        }
        if refuted {
            break;
        }
    }
    assert!(refuted, "no losing alternative found to break the proof");

    let mut other_goal = proof.clone();
    other_goal.goal = Goal::win(Side::Black);
    assert!(verify(&other_goal).is_err());
    Ok(())
}

/// E4: White wins with two men against one, but not when the sixty-turn
/// rule comes first.
#[test]
fn e4_the_sixty_turn_rule_turns_a_win_into_a_draw() -> Result {
    let fresh = position("W:Wb2,d2:Bc4");
    let late = position("W:Wb2,d2:Bc4:C58");
    let solver = Solver::new(Goal::win(Side::White), SMALL);
    assert_eq!(solver.solve(&fresh)?, Some(true));
    assert_eq!(solver.solve(&late)?, Some(false));
    // And the disproof, a proof that Black at least draws, checks.
    let proof = solver.disproof(&late)?;
    assert_eq!(proof.goal, Goal::at_least_draw(Side::Black));
    verify(&proof)?;
    Ok(())
}

/// The solver, without tables, against endgame tablebases built by
/// retrograde analysis: on random positions of up to three pieces, the
/// two independent ways agree on who wins, who draws.
#[test]
fn values_agree_with_the_tablebases() -> Result {
    let tablebase = Tablebase::build(Ruleset::ALQUERQUE, 3, &|_| {})?;
    let mut rng = StdRng::seed_from_u64(14);
    let alquerque = Ruleset::ALQUERQUE;
    let points: Vec<u8> = (0..alquerque.board.len() as u8).collect();
    let mut checked = 0;
    while checked < 200 {
        let mut text = String::from(if rng.random::<bool>() { "W" } else { "B" });
        let mut free = points.clone();
        for side in ["W", "B"] {
            text.push(':');
            text.push_str(side);
            let count = rng.random_range(1..=2);
            for i in 0..count {
                let point = free.swap_remove(rng.random_range(0..free.len()));
                if i > 0 {
                    text.push(',');
                }
                text.push_str(&alquerque.board.point_name(point).to_string());
            }
        }
        let quiet = rng.random_range(0..60);
        text.push_str(&format!(":C{quiet}"));
        let Ok(start) = Position::parse(alquerque, &text) else {
            continue;
        };
        if start.piece_count() > 3 {
            continue;
        }
        let Some(probe) = tablebase.probe(&start) else {
            continue;
        };
        let mover = start.side_to_move();
        let wins = Solver::new(Goal::win(mover), SMALL).solve(&start)?;
        let draws = Solver::new(Goal::at_least_draw(mover), SMALL).solve(&start)?;
        let verdict = match (wins, draws) {
            (Some(true), _) => Verdict::Win,
            (Some(false), Some(true)) => Verdict::Draw,
            (Some(false), Some(false)) => Verdict::Loss,
            _ => unreachable!("not stopped"),
        };
        assert_eq!(verdict, probe.verdict, "{start}");
        checked += 1;
    }
    Ok(())
}

/// With endgame tables, an ending they cover is settled without a
/// search (E1), and its proof follows the tables' quickest win and checks.
#[test]
fn the_tables_settle_and_guide_an_ending() -> Result {
    let tablebase = Tablebase::build(Ruleset::ALQUERQUE, 3, &|_| {})?;
    let start = position("W:Wb2,d2:Bc4");
    let solver = Solver::new(Goal::win(Side::White), SMALL).with_tablebase(tablebase);
    assert_eq!(solver.solve(&start)?, Some(true));
    assert_eq!(solver.progress().nodes, 0, "settled by the tables");
    let proof = solver.proof(&start)?;
    verify(&proof)?;
    // The tables choose White's turns: no search was needed for them.
    assert_eq!(solver.progress().nodes, 0);
    assert!(solver.disproof(&start).is_err());
    Ok(())
}

/// A checkpoint restores what was settled; a damaged one, or one of
/// another search, is refused.
#[test]
fn checkpoints_restore_settled_positions() -> Result {
    let start = from_game(30);
    let directory =
        std::env::temp_dir().join(format!("alquerque-solver-test-{}", std::process::id()));
    std::fs::create_dir_all(&directory)?;
    let path = directory.join("white-wins.checkpoint");

    let solver = Solver::new(Goal::win(Side::White), SMALL);
    assert_eq!(solver.solve(&start)?, Some(true));
    let saved = solver.save_checkpoint(&start, &path)?;
    assert!(saved > 0);

    let resumed = Solver::new(Goal::win(Side::White), SMALL);
    assert_eq!(resumed.settled(&start), None);
    assert_eq!(resumed.load_checkpoint(&start, &path)?, saved);
    assert_eq!(resumed.settled(&start), Some(true));
    assert_eq!(resumed.solve(&start)?, Some(true));
    assert_eq!(resumed.progress().nodes, 0, "nothing left to search");

    let other = Solver::new(Goal::win(Side::Black), SMALL);
    assert!(matches!(
        other.load_checkpoint(&start, &path),
        Err(CheckpointError::Header { .. })
    ));

    // A checkpoint of the seed model's keys (version 1), as written before
    // the solver took the family model's: refused, with its header shown.
    let bytes = std::fs::read(&path)?;
    let mut old = String::from_utf8_lossy(&bytes)
        .lines()
        .next()
        .ok_or("a header")?
        .replace(" keys 2 ", " keys 1 ")
        .into_bytes();
    old.push(b'\n');
    old.extend_from_slice(&bytes[old.len()..]);
    let old_path = directory.join("old.checkpoint");
    std::fs::write(&old_path, &old)?;
    let error = resumed.load_checkpoint(&start, &old_path).map(|_| ());
    assert!(
        matches!(&error, Err(CheckpointError::Header { found, .. }) if found.contains("keys 1")),
        "{error:?}"
    );

    let mut bytes = std::fs::read(&path)?;
    let last = bytes.len() - 5;
    bytes[last] ^= 1; // a settled value flipped
    std::fs::write(&path, &bytes)?;
    let damaged = Solver::new(Goal::win(Side::White), SMALL);
    assert!(matches!(
        damaged.load_checkpoint(&start, &path),
        Err(CheckpointError::Checksum)
    ));
    std::fs::remove_dir_all(&directory)?;
    Ok(())
}

/// Only Alquerque's games are known never to repeat.
#[test]
fn other_games_are_refused() {
    let start = Position::start(Ruleset::PERALIKATUMA);
    let solver = Solver::new(Goal::win(Side::White), SMALL);
    assert!(solver.solve(&start).is_err());
}
