//! A new user's program: everything issue 10 says a user of the rules crate
//! must be able to do, through the public API only, each part checked.
//! It prints what it does and ends with `all checks passed`, or panics at
//! the first check that fails.

use std::collections::{HashMap, HashSet};
use std::ops::ControlFlow;

use alquerque_ai::{Limits, Searcher};
use peralikatuma_rules::{
    Board, DrawReason, Game, Moves, Outcome, Point, Position, Reason, Record, Refusal, Rule, Setup,
    Side, Turn, TurnList, TurnText, Variant, WinReason, family,
};

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
fn point(board: Board, name: &str) -> Result<Point> {
    Ok(board.parse_point(name)?)
}

/// The legal turns visited group by group, with early exit, and the list.
fn generate_turns_without_a_list() -> Result {
    for variant in Variant::ALL {
        let start = Position::start(variant);
        // Count every turn without listing one.
        let mut groups = 0;
        let mut turns = 0;
        let _ = start.generate(|moves| {
            groups += 1;
            turns += moves.len();
            ControlFlow::<()>::Continue(())
        });
        assert_eq!(turns, start.count_legal_turns());
        // Stop at the first group.
        let mut seen = 0;
        let first = start.generate(|moves| {
            seen += 1;
            ControlFlow::Break(moves.from())
        });
        assert_eq!(seen, 1);
        assert!(first.is_break());
        // The groups hold the same turns, in the same order, as the list.
        let mut from_groups = TurnList::new();
        let _ = start.generate(|moves| {
            from_groups.extend(moves); // a group iterates over its turns
            ControlFlow::<()>::Continue(())
        });
        let list: TurnList = start.legal_turns();
        assert_eq!(from_groups, list);
        assert!(list.iter().all(|t| list.contains(t)));
        let first = first
            .break_value()
            .map(|p| start.board().point_name(p).to_string());
        println!("{variant}: {turns} turns in {groups} groups, the first by {first:?}");
    }
    // Captures come as chains, with what they capture.
    let position = Position::parse(Variant::Peralikatuma, "W:Wc3:Bd4,f6,a7")?;
    let mut chains = Vec::new();
    let _ = position.generate(|moves| {
        if let Moves::Chain {
            landings, captured, ..
        } = moves
        {
            chains.push((landings.len(), captured.count()));
        }
        ControlFlow::<()>::Continue(())
    });
    assert_eq!(chains, [(1, 1), (2, 2)]); // c3xe5 and c3xe5xg7 (P4)
    Ok(())
}

/// A step, a chain and a claim built from points, checked and printed; and
/// turn text read in two stages.
fn make_check_and_print_a_turn() -> Result {
    let variant = Variant::Peralikatuma;
    let position = Position::parse(variant, "B:We5,d4,e3,c1:Be6,d6,a7:Fd4")?;
    let board = position.board();
    let step = Turn::step(variant, point(board, "a7")?, point(board, "a5")?);
    let claim_and_step = step.with_claim(point(board, "d4")?);
    let chain = Turn::chain(
        variant,
        point(board, "e6")?,
        &[point(board, "e4")?, point(board, "e2")?],
    )?;
    assert!(position.is_legal(&claim_and_step));
    assert_eq!(claim_and_step.to_string(), "!d4 a7-a5");
    assert!(position.check(&step).is_ok());
    assert_eq!(chain.to_string(), "e6xe4xe2");
    let captured: Vec<String> = position
        .captured(&chain)
        .iter()
        .map(|p| board.point_name(p).to_string())
        .collect();
    assert_eq!(captured, ["e3", "e5"]);
    // Turn text, syntax first, then against the position.
    let text: TurnText = "!d4 a7-a5".parse()?;
    assert_eq!(text.to_turn(&position)?, claim_and_step);
    assert!("a7-".parse::<TurnText>().is_err());
    assert_eq!(position.parse_turn("!d4 a7-a5")?, claim_and_step);
    println!("built and checked: {claim_and_step}, {step}, {chain}");
    Ok(())
}

/// Refusals as data: matched on, with their points and rule, and said for
/// people.
fn refusals_as_data() -> Result {
    let variant = Variant::Alquerque;
    let position = Position::parse(variant, "W:Wc2,a1:Bc3,e5")?;
    let board = position.board();
    let step = Turn::step(variant, point(board, "a1")?, point(board, "a2")?);
    let Err(refusal) = position.check(&step) else {
        panic!("a capture is compulsory (A4)");
    };
    match refusal.reason {
        Reason::CaptureCompulsory { capturers } => {
            assert_eq!(capturers, point(board, "c2")?.into());
        }
        other => panic!("unexpected reason {other:?}"),
    }
    assert_eq!(refusal.rule(), Some(Rule::A4));
    println!("refused {}: {refusal}", refusal.turn);
    // The same refusal from `play` and from text.
    assert_eq!(position.play(&step).err(), Some(refusal));
    let error = position.parse_turn("a1-a2").expect_err("refused");
    assert!(error.to_string().ends_with("(A4)"), "{error}");
    // Every reason a frontend may meet has a rule or says why not.
    let not_mine = Turn::step(variant, point(board, "c3")?, point(board, "c4")?);
    let refusal: Refusal = position.check(&not_mine).expect_err("a Black piece");
    assert!(matches!(
        refusal.reason,
        Reason::NotYourPiece {
            owner: Side::Black,
            ..
        }
    ));
    assert_eq!(refusal.rule(), None);
    Ok(())
}

/// The end of the game: what a position decides, and what only a game can.
fn whether_the_game_is_over() -> Result {
    let blocked = Position::parse(Variant::Alquerque, "B:Wc3:Ba1")?;
    assert_eq!(
        blocked.outcome(),
        Some(Outcome::Win {
            winner: Side::White,
            reason: WinReason::NoLegalTurn
        })
    );
    assert!(!blocked.has_legal_turn());
    // Repetition needs the history: kings walking to and fro (E2).
    let mut game = Game::from_position(Position::parse(Variant::Permainan, "W:WKa3:BKe7")?);
    for text in [
        "a3-a4", "e7-e6", "a4-a3", "e6-e7", "a3-a4", "e7-e6", "a4-a3", "e6-e7",
    ] {
        if game.outcome().is_none() {
            game.play_text(text)?;
        }
    }
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::Repetition
        })
    );
    assert_eq!(game.position().outcome(), None);
    // The same judgement for code that keeps its own history.
    assert_eq!(
        Game::judge(game.position(), || true, || game.repetitions()),
        game.outcome()
    );
    // Agreement (E6) and taking it back.
    let mut game = Game::new(Variant::Peralikatuma);
    game.agree_draw()?;
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::Agreement
        })
    );
    game.withdraw();
    assert_eq!(game.outcome(), None);
    println!(
        "outcomes: {}",
        Outcome::Draw {
            reason: DrawReason::Repetition
        }
    );
    Ok(())
}

/// A point of Alquerque prints as Alquerque's name everywhere: Display,
/// Debug and errors; the whole board's names (9x9) never show.
fn points_named_by_their_game() -> Result {
    let position = Position::parse(Variant::Alquerque, "W:Wa1,b2:Bb3,e5")?;
    let board = position.board();
    let a1 = point(board, "a1")?;
    // On the whole board this point is c3: that name must not leak.
    assert_eq!(Board::Full.point_name(a1).to_string(), "c3");
    let turn = Turn::step(Variant::Alquerque, a1, point(board, "a2")?);
    let texts = [
        turn.to_string(),
        format!("{turn:?}"),
        format!("{position:?}"),
        position.to_string(),
        format!("{:?}", position.to_setup()),
        position
            .check(&Turn::step(Variant::Alquerque, a1, point(board, "b2")?))
            .expect_err("b2 is taken")
            .to_string(),
        format!("{:?}", position.legal_turns()),
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
    // A point alone has no name to print: only its index shows.
    assert_eq!(format!("{a1:?}"), format!("Point({})", a1.index()));
    Ok(())
}

/// Positions, turns, setups, games, sides and points as keys.
fn types_as_keys_and_data() -> Result {
    let start = Position::start(Variant::Peralikatuma);
    let mut seen: HashSet<Position> = HashSet::new();
    let mut by_turn: HashMap<Turn, Position> = HashMap::new();
    for turn in start.legal_turns() {
        let next = start.play(&turn)?;
        seen.insert(next);
        by_turn.insert(turn, next);
    }
    assert_eq!(seen.len(), by_turn.len());
    let setups: HashSet<Setup> = seen.iter().map(Position::to_setup).collect();
    assert_eq!(setups.len(), seen.len());
    let games: HashSet<Variant> = Variant::ALL.into_iter().collect();
    let sides: HashSet<Side> = Side::ALL.into_iter().collect();
    let points: HashSet<Point> = start.pieces(Side::White).iter().collect();
    assert_eq!((games.len(), sides.len(), points.len()), (3, 2, 23));
    Ok(())
}

/// With the `serde` feature, positions and turns travel as their text.
fn positions_and_turns_as_json() -> Result {
    let position = Position::parse(Variant::Peralikatuma, "B:Wd4:Be6,a7:Fd4")?;
    let turn = position.parse_turn("!d4 a7-a5")?;
    let json = serde_json::to_string(&(position, turn))?;
    assert_eq!(
        json,
        r#"[{"variant":"peralikatuma","position":"B:Wd4:Be6,a7:Fd4"},{"variant":"peralikatuma","turn":"!d4 a7-a5"}]"#
    );
    let (read, read_turn): (Position, Turn) = serde_json::from_str(&json)?;
    assert_eq!((read, read_turn), (position, turn));
    // Bad data is an error that says what is wrong, never a panic.
    let bad = serde_json::from_str::<Position>(r#"{"variant":"alquerque","position":"W:Wz9:Ba1"}"#);
    println!("bad JSON: {}", bad.expect_err("z9 is not a point"));
    Ok(())
}

/// `play_unchecked` assumes a legal turn and never silently ignores an
/// illegal one.
fn the_unchecked_path() -> Result {
    let start = Position::start(Variant::Alquerque);
    let board = start.board();
    let legal = start.legal_turns()[0];
    assert_eq!(start.play_unchecked(&legal), start.play(&legal)?);
    let onto_a_piece = Turn::step(Variant::Alquerque, point(board, "a1")?, point(board, "a2")?);
    std::panic::set_hook(Box::new(|_| {}));
    let result = std::panic::catch_unwind(|| start.play_unchecked(&onto_a_piece));
    let _ = std::panic::take_hook();
    assert!(result.is_err(), "an unplayable turn panics");
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
    let mut game = Game::new(Variant::Permainan);
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
/// is played in (`family::Game`).
fn a_one_ply_bot_against_the_search() -> Result {
    let mut game = family::Game::new(Variant::Alquerque.ruleset());
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

    let start = family::Position::parse(Variant::Alquerque.ruleset(), "W:Wb2,d2:Bc4")?;
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
    let game = family::Game::from_position(start);
    assert_eq!(player.choose(&game), proof.strategy.get(&start));
    Ok(())
}
