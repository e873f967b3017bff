//! A new user's program: everything issue 10 says a user of the rules crate
//! must be able to do, through the public API only, each part checked, in
//! the one model every game is played in.
//! It prints what it does and ends with `all checks passed`, or panics at
//! the first check that fails.

use std::collections::{HashMap, HashSet};
use std::ops::ControlFlow;

use alquerque_ai::{Limits, Searcher};
use peralikatuma_rules::board_topology::graph::Graph;
use peralikatuma_rules::{DrawReason, Outcome, Rule, Ruleset, Side, WinReason};
use peralikatuma_rules::{Game, Kind, Position, Reason, Record, Refusal, Setup, Turn, TurnAt};

type Result<T = ()> = std::result::Result<T, Box<dyn std::error::Error>>;

fn main() -> Result {
    generate_turns_without_a_list()?;
    make_check_and_print_a_turn()?;
    refusals_as_data()?;
    whether_the_game_is_over()?;
    points_named_by_their_game()?;
    types_as_keys_and_data()?;
    positions_and_turns_as_json()?;
    the_unchecked_path()?;
    the_rule_document();
    records()?;
    a_one_ply_bot_against_the_search()?;
    solve_a_position_and_check_the_proof()?;
    println!("all checks passed");
    Ok(())
}

/// A point of `board` by its name.
fn point(board: &Graph, name: &str) -> Result<u8> {
    Ok(board.parse_point(name)?)
}

/// The names of the points of a set.
fn names(board: &Graph, set: u128) -> Vec<String> {
    (0..128u8)
        .filter(|&p| set & (1 << p) != 0)
        .map(|p| board.point_name(p).to_string())
        .collect()
}

/// The legal turns visited one by one, with early exit, and the list.
fn generate_turns_without_a_list() -> Result {
    for variant in Ruleset::RULE_BOOK {
        let start = Position::start(variant);
        // Count every turn without listing one.
        let mut turns = 0;
        let _ = start.generate(|_| {
            turns += 1;
            ControlFlow::<()>::Continue(())
        });
        assert_eq!(turns, start.legal_turns().len());
        // Stop at the first turn.
        let mut seen = 0;
        let first = start.generate(|turn| {
            seen += 1;
            ControlFlow::Break(turn.from())
        });
        assert_eq!(seen, 1);
        assert!(first.is_break());
        // The listener visits the same turns, in the same order, as the list.
        let mut visited = Vec::new();
        let _ = start.generate(|turn| {
            visited.push(*turn);
            ControlFlow::<()>::Continue(())
        });
        let list = start.legal_turns();
        assert_eq!(visited, list.iter().copied().collect::<Vec<Turn>>());
        let first = first
            .break_value()
            .map(|p| start.board().point_name(p).to_string());
        println!("{variant}: {turns} turns, the first by {first:?}");
    }
    // Captures come as chains, with what they capture.
    let position = Position::parse(Ruleset::PERALIKATUMA, "W:Wc3:Bd4,f6,a7")?;
    let mut chains = Vec::new();
    let _ = position.generate(|turn| {
        if turn.kind() == Kind::Capture {
            chains.push((turn.landings().len(), turn.captured().count_ones()));
        }
        ControlFlow::<()>::Continue(())
    });
    assert_eq!(chains, [(1, 1), (2, 2)]); // c3xe5 and c3xe5xg7 (P4)
    Ok(())
}

/// A step, a chain and a claim picked by their points, checked and
/// printed; and position text read in two stages.
fn make_check_and_print_a_turn() -> Result {
    let ruleset = Ruleset::PERALIKATUMA;
    // Position text, its syntax first, then against the rules.
    let setup = Setup::parse(ruleset, "B:We5,d4,e3,c1:Be6,d6,a7:Fd4")?;
    let position = Position::from_setup(&setup)?;
    assert!(Setup::parse(ruleset, "B:Wz9").is_err());
    let board = position.board();
    let (a7, a5, d4) = (
        point(board, "a7")?,
        point(board, "a5")?,
        point(board, "d4")?,
    );
    let step = position.check_pick(None, &[a7, a5])?;
    let claim_and_step = position.check_pick(Some(d4), &[a7, a5])?;
    let path = [
        point(board, "e6")?,
        point(board, "e4")?,
        point(board, "e2")?,
    ];
    let chain = position.check_pick(None, &path)?;
    assert!(position.legal_turns().contains(&claim_and_step));
    assert!(position.check(&step).is_ok());
    assert_eq!(claim_and_step.text(board), "!d4 a7-a5");
    assert_eq!(chain.text(board), "e6xe4xe2");
    let captured: Vec<String> = chain
        .captured_in_order(board)
        .into_iter()
        .map(|p| board.point_name(p).to_string())
        .collect();
    assert_eq!(captured, ["e5", "e3"]);
    assert_eq!(position.parse_turn("!d4 a7-a5")?, claim_and_step);
    assert!(position.parse_turn("a7-").is_err());
    println!(
        "built and checked: {}, {}, {}",
        claim_and_step.text(board),
        step.text(board),
        chain.text(board)
    );
    Ok(())
}

/// Refusals as data: matched on, with their points and rule, and said for
/// people.
fn refusals_as_data() -> Result {
    let position = Position::parse(Ruleset::ALQUERQUE, "W:Wc2,a1:Bc3,e5")?;
    let board = position.board();
    let Err(refusal) = position.check_pick(None, &[point(board, "a1")?, point(board, "a2")?])
    else {
        panic!("a capture is compulsory (A4)");
    };
    match refusal.reason {
        Reason::CaptureCompulsory { capturers } => {
            assert_eq!(names(board, capturers), ["c2"]);
        }
        other => panic!("unexpected reason {other:?}"),
    }
    assert_eq!(refusal.rule(), Some(Rule::A4));
    println!("refused a1-a2: {refusal}");
    // The same refusal from text.
    let error = position.parse_turn("a1-a2").expect_err("refused");
    assert_eq!(error.refusal(), Some(&refusal));
    assert!(error.to_string().ends_with("(A4)"), "{error}");
    // Every reason a frontend may meet has a rule or says why not.
    let not_mine: Refusal = position
        .check_pick(None, &[point(board, "c3")?, point(board, "c4")?])
        .expect_err("a Black piece");
    assert!(matches!(
        not_mine.reason,
        Reason::NotYourPiece {
            owner: Side::Black,
            ..
        }
    ));
    assert_eq!(not_mine.rule(), None);
    Ok(())
}

/// The end of the game: what a position decides, and what only a game can.
fn whether_the_game_is_over() -> Result {
    let blocked = Position::parse(Ruleset::ALQUERQUE, "B:Wc3:Ba1")?;
    assert_eq!(
        blocked.outcome(),
        Some(Outcome::Win {
            winner: Side::White,
            reason: WinReason::NoLegalTurn
        })
    );
    assert!(!blocked.has_legal_turn());
    // Repetition needs the history: kings walking to and fro (E2).
    let kings = Position::parse(Ruleset::PERMAINAN, "W:WKa3:BKe7")?;
    let mut game = Game::from_position(kings);
    for text in [
        "a3-a4", "e7-e6", "a4-a3", "e6-e7", "a3-a4", "e7-e6", "a4-a3", "e6-e7",
    ] {
        if game.ending().is_none() {
            game.play_text(text)?;
        }
    }
    assert_eq!(
        game.ending(),
        Some(Outcome::Draw {
            reason: DrawReason::Repetition
        })
    );
    assert_eq!(game.position().outcome(), None);
    // The same judgement for code that keeps its own history.
    assert_eq!(
        Game::judge(game.position(), || true, || game.repetitions()),
        game.ending()
    );
    // Agreement (E6) and taking it back.
    let mut game = Game::new(Ruleset::PERALIKATUMA);
    game.agree_draw()?;
    assert_eq!(
        game.ending(),
        Some(Outcome::Draw {
            reason: DrawReason::Agreement
        })
    );
    game.withdraw();
    assert_eq!(game.ending(), None);
    println!(
        "outcomes: {}",
        Outcome::Draw {
            reason: DrawReason::Repetition
        }
    );
    Ok(())
}

/// A point of Alquerque prints as Alquerque's name everywhere: turn and
/// position text, setups and refusals; the names of the rule book's
/// larger board (9x9) never show.
fn points_named_by_their_game() -> Result {
    let position = Position::parse(Ruleset::ALQUERQUE, "W:Wa1,b2:Bb3,e5")?;
    let board = position.board();
    let (a1, b2) = (point(board, "a1")?, point(board, "b2")?);
    let turn = position.legal_turns()[0]; // b2xb4, compulsory (A4)
    let texts = [
        turn.text(board),
        position.to_string(),
        position.setup().to_string(),
        position
            .check_pick(None, &[a1, b2])
            .expect_err("b2 is taken, and a capture is compulsory")
            .to_string(),
        position
            .legal_turns()
            .iter()
            .map(|t| t.text(board))
            .collect::<Vec<_>>()
            .join(" "),
    ];
    for text in &texts {
        for whole_board_name in ["c3", "c4", "d4", "g7"] {
            assert!(
                !text.contains(whole_board_name),
                "`{whole_board_name}` in `{text}`"
            );
        }
    }
    println!("named by the game: {}", texts.join(" | "));
    Ok(())
}

/// Positions, turns, setups, games, sides and points as keys.
fn types_as_keys_and_data() -> Result {
    let start = Position::start(Ruleset::PERALIKATUMA);
    let mut seen: HashSet<Position> = HashSet::new();
    let mut by_turn: HashMap<Turn, Position> = HashMap::new();
    for turn in start.legal_turns() {
        let next = start.play(&turn)?;
        seen.insert(next);
        by_turn.insert(turn, next);
    }
    assert_eq!(seen.len(), by_turn.len());
    let setups: HashSet<Setup> = seen.iter().map(Position::setup).collect();
    assert_eq!(setups.len(), seen.len());
    let games: HashSet<&'static Ruleset> = Ruleset::RULE_BOOK.into_iter().collect();
    let sides: HashSet<Side> = Side::ALL.into_iter().collect();
    let white = start.pieces(Side::White);
    let points: HashSet<u8> = (0..128u8).filter(|&p| white & (1 << p) != 0).collect();
    assert_eq!((games.len(), sides.len(), points.len()), (3, 2, 23));
    Ok(())
}

/// With the `serde` feature, positions travel as their text, and a turn
/// with the position it is played in.
fn positions_and_turns_as_json() -> Result {
    let position = Position::parse(Ruleset::PERALIKATUMA, "B:Wd4:Be6,a7:Fd4")?;
    let turn = position.parse_turn("!d4 a7-a5")?;
    let json = serde_json::to_string(&position)?;
    assert_eq!(
        json,
        r#"{"ruleset":"peralikatuma","position":"B:Wd4:Be6,a7:Fd4"}"#
    );
    assert_eq!(serde_json::from_str::<Position>(&json)?, position);
    let json = serde_json::to_string(&TurnAt { position, turn })?;
    assert_eq!(
        json,
        r#"{"ruleset":"peralikatuma","position":"B:Wd4:Be6,a7:Fd4","turn":"!d4 a7-a5"}"#
    );
    assert_eq!(
        serde_json::from_str::<TurnAt>(&json)?,
        TurnAt { position, turn }
    );
    // Bad data is an error that says what is wrong, never a panic.
    let bad = serde_json::from_str::<Position>(r#"{"ruleset":"alquerque","position":"W:Wz9:Ba1"}"#);
    println!("bad JSON: {}", bad.expect_err("z9 is not a point"));
    Ok(())
}

/// `play_unchecked` assumes a legal turn, and is what `play` does with
/// one; a turn comes only from a position's generator, its text or its
/// picks, and `play` refuses it in a position where it is not legal.
fn the_unchecked_path() -> Result {
    let start = Position::start(Ruleset::ALQUERQUE);
    let legal = start.legal_turns()[0];
    let next = start.play(&legal)?;
    assert_eq!(start.play_unchecked(&legal), next);
    assert!(next.play(&legal).is_err(), "its piece has moved");
    Ok(())
}

/// Every rule a refusal cites can be looked up in the project's own rule
/// document (the module `peralikatuma_rules::rules`, the crate's
/// `docs/rules.md`).
fn the_rule_document() {
    for rule in [Rule::R2_1, Rule::P6, Rule::A4_3, Rule::M5] {
        assert!(
            rule.anchor()
                .starts_with(&rule.to_string().to_ascii_lowercase())
        );
        println!("{rule}: docs/rules.md#{}", rule.anchor());
    }
}

/// Records (N4), read and written.
fn records() -> Result {
    let mut game = Game::new(Ruleset::PERMAINAN);
    for _ in 0..6 {
        let turn = game.legal_turns()[0];
        game.play(&turn)?;
    }
    let text = Record::new(game.clone()).to_string();
    let read: Record = text.parse()?;
    assert_eq!(read.game, game);
    println!("record:\n{text}");
    Ok(())
}

/// A one-ply bot (most pieces taken, then the search's choice) plays
/// Alquerque against the search to the end, in the one model every game
/// is played in (`Game`).
fn a_one_ply_bot_against_the_search() -> Result {
    let mut game = Game::new(Ruleset::ALQUERQUE);
    let mut searcher = Searcher::new(1);
    while game.ending().is_none() {
        let position = *game.position();
        let turn = if position.side_to_move() == Side::White {
            let them = Side::Black;
            position
                .legal_turns()
                .into_iter()
                .min_by_key(|t| position.play_unchecked(t).pieces(them).count_ones())
                .expect("a game that is not over has a turn")
        } else {
            searcher
                .search(&game, Limits::depth(3), |_| {})
                .best
                .expect("a game that is not over has a turn")
        };
        game.play(&turn)?;
    }
    println!(
        "one-ply bot against the search: {}",
        game.ending().expect("over")
    );
    Ok(())
}

/// Solve a small Alquerque position, write its proof, read it back and
/// have the verifier check it; the engine then plays from the proof.
fn solve_a_position_and_check_the_proof() -> Result {
    use alquerque_ai::alquerque_proof::{Proof, verify};
    use alquerque_solver::{Goal, Options, Solver};

    let start = Position::parse(Ruleset::ALQUERQUE, "W:Wb2,d2:Bc4")?;
    let options = Options {
        table_megabytes: 8,
        ..Options::default()
    };
    let solver = Solver::new(Goal::win(Side::White), options);
    assert_eq!(solver.solve(&start)?, Some(true));
    let mut text = Vec::new();
    solver.proof(&start)?.write(&mut text)?;
    let proof = Proof::read(text.as_slice())?;
    let verified = verify(&proof)?;
    println!(
        "solved {start}: White wins, {} positions in the proof",
        verified.positions
    );

    let mut player = alquerque_ai::Player::new(alquerque_ai::Strength::Hard, 1);
    player.set_solution(Some(std::sync::Arc::new(proof.clone())));
    let game = Game::from_position(start);
    assert_eq!(player.choose(&game), proof.strategy.get(&start));
    Ok(())
}
