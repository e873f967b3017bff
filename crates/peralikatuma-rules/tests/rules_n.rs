//! Tests of the notation of `RULES.md`: turn text (N2), position text (N3)
//! and game records (N4), in Peralikatuma point names (N1). Expected texts
//! are typed by hand from the rule book.

#![allow(clippy::unwrap_used)]

use std::collections::BTreeSet;

use peralikatuma_rules::{DrawReason, Outcome, Rule, Ruleset, Side, WinReason};
use peralikatuma_rules::{
    Game, GameError, Kind, Position, PositionTextError, Record, RecordError, Setup, Turn,
};

const V: &Ruleset = Ruleset::PERALIKATUMA;

/// Peralikatuma as a ruleset of the one model.
fn rules() -> &'static Ruleset {
    V
}

/// `turn` in the notation of N2, on Peralikatuma's board.
fn text(turn: &Turn) -> String {
    turn.text(rules().board)
}

mod common;

use common::assert_mentions;

fn pos(text: &str) -> Position {
    Position::parse(rules(), text).unwrap()
}

/// The error message of reading `text` as turn text in `position`.
fn turn_error(position: &Position, text: &str) -> String {
    position.parse_turn(text).unwrap_err().to_string()
}

/// The error message of reading `text` as position text.
fn position_error(text: &str) -> String {
    Position::parse(rules(), text).unwrap_err().to_string()
}

// ---------------------------------------------------------------------------
// N2: turn text
// ---------------------------------------------------------------------------

#[test]
fn n2_print_and_parse_every_legal_turn() {
    let positions = [
        Position::start(rules()),
        pos(
            "B:Wc1,e1,g1,d2,e2,f2,a3,c3,d3,e3,f3,g3,b4,c4,d4,e4,f4,g4,a5,b5,c5,b6,a7:Bi3,h4,g5,h5,i5,c6,d6,e6,f6,g6,h6,c7,d7,e7,f7,g7,i7,d8,e8,f8,c9,e9,g9",
        ),
        pos("W:Wd4:Bc5,e4,e5,f5"),
        pos("W:Wc1:Be1,e2,f2"),
        pos("B:Wa7,d4,f4:Be5,i5:Fd4,f4:C1"),
        pos("W:Wc3,e3,g3,c5,g5,c7,e7,g7:Bd4,e4,f4,d5,f5,d6,e6,f6:Fd4,f6"),
    ];
    for p in positions {
        let list = p.legal_turns();
        assert!(!list.is_empty());
        for turn in &list {
            let written = text(turn);
            let read = p.parse_turn(&written).unwrap();
            assert_eq!(read, *turn, "{written} in {p}");
            assert_eq!(text(&read), written);
        }
    }
}

#[test]
fn n2_turn_text_forms() {
    let p = pos("W:Wd4:Bc5,e4,e5,f5");
    let chain = p.parse_turn("d4xf4xf6xd4xb6").unwrap();
    let landings: Vec<String> = chain
        .landings()
        .iter()
        .map(|&l| p.board().point_name(l).to_string())
        .collect();
    assert_eq!(landings, ["f4", "f6", "d4", "b6"]);
    assert_eq!(chain.captured().count_ones(), 4);
    assert_eq!(chain.huff(), None);
    let step = p.parse_turn("d4-d5").unwrap();
    assert_eq!(text(&step), "d4-d5");
    assert_ne!(step.kind(), Kind::Capture);
    // Blanks around the text do not matter.
    assert_eq!(p.parse_turn("  d4-d5 ").unwrap(), step);
    // c3xe5xg7 as in N2.
    let p = pos("W:Wc3:Bd4,f6");
    assert_eq!(text(&p.parse_turn("c3xe5xg7").unwrap()), "c3xe5xg7");
}

#[test]
fn n2_claim_text() {
    let p = pos("W:Wd4:Be6,i7:Fe6");
    let turn = p.parse_turn("!e6 d4-d5").unwrap();
    assert_eq!(turn.huff(), Some(p.board().parse_point("e6").unwrap()));
    assert_eq!(text(&turn), "!e6 d4-d5");
    assert_ne!(turn.kind(), Kind::Capture);
    assert!(turn.removes());
    assert_eq!(p.play(&turn).unwrap().to_string(), "B:Wd5:Bi7");
    // Without the claim it is another turn.
    let plain = p.parse_turn("d4-d5").unwrap();
    assert_ne!(plain, turn);
    assert_eq!(text(&plain), "d4-d5");
}

#[test]
fn n2_error_not_your_piece() {
    let start = Position::start(rules());
    assert_mentions(
        &turn_error(&start, "d6-d5"),
        &["d6-d5", "d6 holds a Black piece", "White is to move"],
    );
    assert_mentions(&turn_error(&start, "e5-d5"), &["no piece on e5"]);
}

#[test]
fn n2_error_occupied() {
    let start = Position::start(rules());
    assert_mentions(&turn_error(&start, "d4-e4"), &["e4 is not empty"]);
    // A jump over d6 would land on d7, a Black piece.
    let p = pos("W:Wd5:Bd6,d7");
    assert_mentions(&turn_error(&p, "d5xd7"), &["d7 is not empty"]);
}

#[test]
fn n2_error_not_adjacent() {
    let start = Position::start(rules());
    assert_mentions(&turn_error(&start, "c5-e5"), &["e5 is not adjacent to c5"]);
    // d5 has no diagonal line.
    let p = pos("W:Wd5:Bi7");
    assert_mentions(&turn_error(&p, "d5-e6"), &["e6 is not adjacent to d5"]);
    // A jump that is not two points along a line.
    assert_mentions(&turn_error(&p, "d5xd8"), &["d8 is not a jump away from d5"]);
}

#[test]
fn n2_error_no_enemy_to_jump() {
    let start = Position::start(rules());
    assert_mentions(
        &turn_error(&start, "d4xd6"),
        &["no enemy piece on d5 to jump (R2.2)"],
    );
    // Over an own piece.
    let p = pos("W:Wd4,d5:Bi7");
    assert_mentions(&turn_error(&p, "d4xd6"), &["no enemy piece on d5"]);
}

#[test]
fn n2_error_piece_already_jumped() {
    let p = pos("W:Wd4:Be5,f5");
    assert_mentions(&turn_error(&p, "d4xf6xf4xd6"), &["e5", "already jumped"]);
    let p = pos("W:Wc1:Be1");
    assert_mentions(&turn_error(&p, "c1xg1xc1"), &["e1", "already jumped"]);
}

#[test]
fn n2_error_claim_not_available() {
    let start = Position::start(rules());
    assert_mentions(
        &turn_error(&start, "!e6 d4-d5"),
        &["no forfeit claim this turn (P6)"],
    );
    let p = pos("B:Wa7,d4,f4:Be5,i5:Fd4,f4:C1");
    assert_mentions(
        &turn_error(&p, "!a7 i5-i7"),
        &["a7 is not claimable", "d4, f4"],
    );
}

#[test]
fn n2_error_malformed_text() {
    let start = Position::start(rules());
    let cases: [(&str, &str); 12] = [
        ("", "empty"),
        ("   ", "empty"),
        ("d4", "a start and a landing point"),
        ("d4-", "a point name is missing"),
        // Regression: these named an empty point `` instead.
        ("xyz", "a point name is missing"),
        ("x", "a point name is missing"),
        ("d4xxe5", "a point name is missing"),
        ("d4-d5-d6", "a step has two points"),
        ("d4xd5-d6", "not both"),
        ("z9-d5", "`z9` is not a point"),
        ("!e6", "followed by a space and a move"),
        ("!e6d4-d5", "followed by a space and a move"),
    ];
    for (text, why) in cases {
        let error = start.parse_turn(text).unwrap_err();
        // Not a refusal of a turn: text that names none.
        assert!(error.refusal().is_none(), "{text}: {error:?}");
        assert_mentions(&error.to_string(), &[why]);
    }
    assert_mentions(&turn_error(&start, "b3-c3"), &["`b3` is not a point"]);
}

#[test]
fn n2_error_never_changes_the_game() {
    let mut game = Game::new(rules());
    game.play_text("e4-e5").unwrap();
    let before = game.clone();
    for text in ["", "c5-d5", "e6xe4xe2", "!d4 e6xe4", "e6-e5", "d4-d5"] {
        assert!(game.play_text(text).is_err(), "{text}");
        assert_eq!(game, before, "{text}");
    }
}

// ---------------------------------------------------------------------------
// N3: position text
// ---------------------------------------------------------------------------

#[test]
fn n3_exact_print_form() {
    // Points by rank, then file; F and C printed only when not empty/zero.
    assert_eq!(
        pos("B:Wg9,e5,a3:Bi7,c1:Fg9,e5:C7").to_string(),
        "B:Wa3,e5,g9:Bc1,i7:Fe5,g9:C7"
    );
    assert_eq!(pos("W:We5:Bi7:C0").to_string(), "W:We5:Bi7");
    assert_eq!(pos("W:We5:Bi7:F").to_string(), "W:We5:Bi7");
    assert_eq!(pos("W:We5:B").to_string(), "W:We5:B");
    assert_eq!(pos("B:W:Bi3,c1,a7").to_string(), "B:W:Bc1,i3,a7");
    let setup = Setup::parse(rules(), "W:Wi5,a5,e9,e1:Bh6,b4").unwrap();
    let read = Position::from_setup(&setup).unwrap();
    assert_eq!(read.to_string(), "W:We1,a5,i5,e9:Bb4,h6");
    assert_eq!(setup.quiet_turns, 0);
    assert_eq!(setup.huffable, 0);
}

#[test]
fn n3_reads_fields_and_points_in_any_order() {
    let expected = "B:Wa3,e5,g9:Bc1,i7:Fe5,g9:C7";
    // Blanks around fields and items too (regression, issue 26: the one
    // model refused them).
    for text in [
        "B:Wa3,e5,g9:Bc1,i7:Fe5,g9:C7",
        "B:C7:Fg9,e5:Bi7,c1:Wg9,a3,e5",
        "B:Bc1,i7:Wa3,g9,e5:C7:Fe5,g9",
        " B : Wa3, e5 ,g9 : Bc1,i7 : Fe5,g9 : C7 ",
    ] {
        assert_eq!(pos(text).to_string(), expected, "{text}");
        assert_eq!(pos(text), pos(expected));
    }
}

#[test]
fn n3_rejects_unknown_point() {
    assert_mentions(&position_error("W:Wz9:Bi7"), &["z9", "not a point"]);
    // b3 is not on the board (rank 3: a3, c3-g3, i3).
    assert_mentions(&position_error("W:Wb3:Bi7"), &["b3", "not a point"]);
    assert_mentions(&position_error("W:We5:Bi7:Fe0"), &["e0"]);
}

#[test]
fn n3_rejects_point_twice() {
    assert_mentions(
        &position_error("W:We5,e5:Bi7"),
        &["e5 holds two pieces (N3)"],
    );
    assert_mentions(
        &position_error("W:We5:Bi7,e5"),
        &["e5 holds two pieces (N3)"],
    );
    assert_mentions(
        &position_error("W:Bi7,e5:We5"),
        &["e5 holds two pieces (N3)"],
    );
}

#[test]
fn n3_rejects_too_many_pieces() {
    // The 23 start pieces of White and d5.
    let error = position_error(
        "W:Wc1,e1,g1,d2,e2,f2,a3,c3,d3,e3,f3,g3,b4,c4,d4,e4,f4,g4,a5,b5,c5,d5,b6,a7:Bi7",
    );
    assert_mentions(&error, &["White", "24", "23"]);
}

#[test]
fn n3_rejects_claimable_point_not_a_piece_of_the_side_not_to_move() {
    // White to move: claimable pieces must be Black's.
    assert_mentions(
        &position_error("W:We5:Bi7:Fe5"),
        &["e5", "not a piece of the side that moved last", "P6"],
    );
    assert_mentions(
        &position_error("W:We5:Bi7:Fa3"),
        &["a3", "side that moved last"],
    );
    assert_mentions(
        &position_error("B:We5:Bi7:Fi7"),
        &["i7", "side that moved last"],
    );
    assert!(Position::parse(rules(), "B:We5:Bi7:Fe5").is_ok());
}

#[test]
fn n3_rejects_missing_field() {
    assert_mentions(&position_error("W:Be5"), &["W and B, are needed", "N3"]);
    assert_mentions(&position_error("W:We5"), &["W and B, are needed"]);
    assert_mentions(&position_error("B"), &["are needed"]);
}

#[test]
fn n3_rejects_bad_side_letter() {
    assert_mentions(&position_error("X:We5:Bi7"), &["`X:", "side to move", "N3"]);
    assert_mentions(&position_error("w:We5:Bi7"), &["`w:", "side to move"]);
    assert_mentions(&position_error("We5:Bi7"), &["`We5:", "side to move"]);
    let error = Position::parse(rules(), "  ").unwrap_err();
    assert!(
        matches!(error, PositionTextError::Syntax { rule: Rule::N3, .. }),
        "{error:?}"
    );
    assert_mentions(&error.to_string(), &["side to move"]);
}

#[test]
fn n3_rejects_bad_counter() {
    for (text, found) in [
        ("W:We5:Bi7:C-1", "`-1`"),
        ("W:We5:Bi7:Cx", "`x`"),
        // Regression (issue 26): the one model read `+3` as 3.
        ("W:We5:Bi7:C+3", "`+3`"),
        ("W:We5:Bi7:C", "``"),
        ("W:We5:Bi7:C1.5", "`1.5`"),
    ] {
        let error = position_error(text);
        assert_mentions(&error, &["C is followed by the number of turns", "(N3)"]);
        assert_mentions(&error, &[&found.replace('`', "")]);
    }
}

#[test]
fn n3_rejects_field_twice() {
    assert_mentions(&position_error("W:We5:Bi7:We3"), &[":We3`", "twice", "N3"]);
    assert_mentions(&position_error("W:We5:Bi7:C1:C2"), &[":C2`", "twice"]);
    assert_mentions(&position_error("B:We5:Bi7:Fe5:Fe5"), &[":Fe5`", "twice"]);
}

#[test]
fn n3_rejects_kings_in_peralikatuma() {
    assert_mentions(&position_error("W:WKe5:Bi7"), &["e5", "a king", "N3"]);
    assert_mentions(&position_error("W:We5:Bi7,Kc1"), &["c1", "a king", "N3"]);
}

#[test]
fn n3_rejects_r_field_in_peralikatuma() {
    // Regression (issue 26): the one model answered that e5 and e4 are
    // no neighbours on a rank, as if Peralikatuma had no-return
    // restrictions (A5 is Alquerque's).
    assert_mentions(
        &position_error("W:We5:Bi7:Re5-e4"),
        &["e5-e4", "no such rule", "A5"],
    );
}

#[test]
fn n3_rejects_unknown_field_and_empty_item() {
    assert_mentions(
        &position_error("W:We5:Bi7:Xe5"),
        &[":Xe5`", "a field starts with"],
    );
    assert_mentions(
        &position_error("W:We5,,f5:Bi7"),
        &["e5,,f5", "item", "is empty"],
    );
}

// ---------------------------------------------------------------------------
// N4: game records
// ---------------------------------------------------------------------------

fn read(text: &str) -> Record {
    text.parse().unwrap()
}

fn read_error(text: &str) -> RecordError {
    text.parse::<Record>().unwrap_err()
}

#[test]
fn n4_write_then_read_back() {
    let mut game = Game::new(rules());
    for t in ["e4-e5", "e6xe4", "e3xe5", "e7-e6", "!g5 d4-d5"] {
        game.play_text(t).unwrap();
    }
    let mut record = Record::new(game);
    record.set_tag("White", "Alice");
    record.set_tag("Event", "Club \"night\"");
    let text = "[Variant \"Peralikatuma\"]\n[White \"Alice\"]\n[Black \"?\"]\n[Result \"*\"]\n[Event \"Club \\\"night\\\"\"]\n\n1. e4-e5 e6xe4 2. e3xe5 e7-e6 3. !g5 d4-d5 *\n";
    assert_eq!(record.to_string(), text);
    let back = read(text);
    assert_eq!(back, record);
    assert_eq!(back.tag("Event"), Some("Club \"night\""));
    assert_eq!(
        back.game.position().to_string(),
        "B:Wc1,e1,g1,d2,e2,f2,a3,c3,d3,f3,g3,b4,c4,f4,g4,a5,b5,c5,d5,e5,b6,a7:Bi3,h4,h5,i5,c6,d6,e6,f6,g6,h6,c7,d7,f7,g7,i7,d8,e8,f8,c9,e9,g9:Fc5,e5"
    );
}

#[test]
fn n4_long_record_round_trip() {
    // Always the last legal turn: captures, claims and long lines.
    let mut game = Game::new(rules());
    while game.turns().len() < 80 && game.ending().is_none() {
        let turn = *game.legal_turns().last().unwrap();
        game.play(&turn).unwrap();
    }
    let record = Record::new(game);
    let text = record.to_string();
    assert!(text.lines().all(|l| l.len() <= 80), "{text}");
    assert_eq!(read(&text), record);
    assert_eq!(read(&text).to_string(), text);
}

#[test]
fn n4_setup_header_and_black_first() {
    let mut game = Game::from_position(pos("B:Wa3:Bi3"));
    for t in ["i3-i5", "a3-a5", "i5-i3"] {
        game.play_text(t).unwrap();
    }
    let record = Record::new(game);
    let text = "[Variant \"Peralikatuma\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n[Setup \"B:Wa3:Bi3\"]\n\n1... i3-i5 2. a3-a5 i5-i3 *\n";
    assert_eq!(record.to_string(), text);
    let back = read(text);
    assert_eq!(back, record);
    assert_eq!(back.game.position().to_string(), "W:Wa5:Bi3:C3");
    // The usual start with Black to move (P2) is not the usual position.
    let black_first = Position::parse(
        rules(),
        &Position::start(rules()).to_string().replacen('W', "B", 1),
    )
    .unwrap();
    let text = Record::new(Game::from_position(black_first)).to_string();
    assert!(text.contains("[Setup \"B:Wc1,"), "{text}");
    // From the usual start: no Setup header.
    assert!(
        !Record::new(Game::new(rules()))
            .to_string()
            .contains("Setup")
    );
}

#[test]
fn n4_comments_between_braces_are_ignored() {
    let plain = "[Variant \"Peralikatuma\"]\n[Result \"*\"]\n\n1. e4-e5 e6xe4 2. e3xe5 *\n";
    let annotated = "[Variant \"Peralikatuma\"]\n[Result \"*\"]\n\n\
        {Before the first turn.} 1. e4-e5 {best} e6xe4{good: best d6-d5,\n\
        over two lines} 2. e3xe5 {inaccuracy: best e7-e6, -0.60} * {after the result}\n";
    assert_eq!(read(annotated), read(plain));
    // A comment may hold what looks like turns and results.
    let inside = plain.replace("2. e3xe5", "{2. e3-e2 1-0 [x]} 2. e3xe5");
    assert_eq!(read(&inside), read(plain));
    // A `{` never closed is refused, its line named; the turns before it
    // are kept.
    let open = "[Variant \"Peralikatuma\"]\n\n1. e4-e5 e6xe4\n2. e3xe5 {no end\n*\n";
    let error = read_error(open);
    assert!(
        matches!(&error, RecordError::Comment { line: 4, .. }),
        "{error:?}"
    );
    assert_mentions(&error.to_string(), &["line 4", "{", "not closed"]);
    assert_eq!(error.partial().map(|r| r.game.turns().len()), Some(3));
    // A `}` with no `{` is no comment: the word it is in is no turn.
    let stray = plain.replace("2. e3xe5", "2. e3xe5}");
    assert!(matches!(read_error(&stray), RecordError::Turn { .. }));
}

#[test]
fn n4_claims_inside_records() {
    let written = "[Variant \"Peralikatuma\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n[Setup \"W:Wd5,a7:Bi5,e5\"]\n\n1. a7-a5 !d5 e5-d4 2. a5-b5 *\n";
    let record = read(written);
    let turns = record.game.turns();
    assert_eq!(turns.len(), 3);
    assert_eq!(text(&turns[1]), "!d5 e5-d4");
    assert_eq!(record.game.position().to_string(), "B:Wb5:Bd4,i5:C1");
    assert_eq!(
        record.to_string(),
        written.replace("W:Wd5,a7:Bi5,e5", "W:Wd5,a7:Be5,i5")
    );
}

#[test]
fn n4_illegal_turn_reports_number_and_reason() {
    let head = "[Variant \"Peralikatuma\"]\n[Result \"*\"]\n\n";
    let error = read_error(&format!("{head}1. e4-e5 e6xe4 2. e5-e6 *"));
    match &error {
        RecordError::Turn { number, text, .. } => {
            assert_eq!(number, "2.");
            assert_eq!(text, "e5-e6");
        }
        other => panic!("{other:?}"),
    }
    assert_mentions(&error.to_string(), &["turn 2.", "e5-e6", "no piece on e5"]);

    let error = read_error(&format!("{head}1. e4-e5 e6-e5 *"));
    assert_mentions(
        &error.to_string(),
        &["turn 1...", "e6-e5", "e5 is not empty"],
    );

    let error = read_error(&format!("{head}1. e4-e5 e6xe4 2. !g5 d4-d5 *"));
    assert_mentions(&error.to_string(), &["turn 2.", "no forfeit claim"]);

    // Regression: a claim with no move after it lost the turns before it.
    let error = read_error(&format!("{head}1. e4-e5 e6xe4 2. !e6"));
    assert!(matches!(error, RecordError::Turn { .. }), "{error:?}");
    assert_mentions(
        &error.to_string(),
        &["turn 2.", "followed by a space and a move"],
    );
    assert_eq!(error.partial().map(|r| r.game.turns().len()), Some(2));
}

#[test]
fn n4_result_mismatch() {
    let error = read_error("[Variant \"Peralikatuma\"]\n[Result \"1-0\"]\n\n1. e4-e5 0-1\n");
    assert!(matches!(error, RecordError::Result { .. }), "{error:?}");
    assert_mentions(&error.to_string(), &["0-1", "1-0"]);

    // The game ended by E1 with a White win.
    let setup = "[Variant \"Peralikatuma\"]\n[Setup \"W:Wd5:Be5\"]\n\n";
    let error = read_error(&format!("{setup}1. d5xf5 0-1"));
    assert_mentions(&error.to_string(), &["0-1", "White wins"]);
    assert_eq!(error.partial().map(|r| r.game.turns().len()), Some(1));
    assert!(matches!(
        read_error(&format!("{setup}1. d5xf5 *")),
        RecordError::Result { .. }
    ));
    let record = read(&format!("{setup}1. d5xf5 1-0"));
    assert_eq!(
        record.game.ending(),
        Some(Outcome::Win {
            winner: Side::White,
            reason: WinReason::NoPieces
        })
    );
    // A turn after the end.
    assert!(matches!(
        read_error(&format!("{setup}1. d5xf5 f5-f6 1-0")),
        RecordError::Turn {
            error: GameError::Over(_),
            ..
        }
    ));
    // Text after the result; the game before it is kept.
    let error = read_error("[Variant \"Peralikatuma\"]\n\n1. e4-e5 * e6xe4");
    assert!(matches!(error, RecordError::AfterResult { .. }));
    assert_eq!(error.partial().map(|r| r.game.turns().len()), Some(1));
    // A wrong result keeps the game too.
    let error = read_error(&format!("{setup}1. d5xf5 *"));
    assert_eq!(error.partial().map(|r| r.game.turns().len()), Some(1));
}

#[test]
fn n4_resignation_and_agreement_from_result() {
    let record = read("[Variant \"Peralikatuma\"]\n[Result \"1-0\"]\n\n1. e4-e5 1-0\n");
    assert_eq!(
        record.game.ending(),
        Some(Outcome::Win {
            winner: Side::White,
            reason: WinReason::Resignation
        })
    );
    assert_eq!(
        record.to_string(),
        "[Variant \"Peralikatuma\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"1-0\"]\n\n1. e4-e5 1-0\n"
    );
    // The result in the header alone is enough.
    let record = read("[Variant \"Peralikatuma\"]\n[Result \"0-1\"]\n\n1. e4-e5\n");
    assert_eq!(record.game.ending().unwrap().winner(), Some(Side::Black));
    let record = read("[Variant \"Peralikatuma\"]\n\n1. e4-e5 1/2-1/2\n");
    assert_eq!(
        record.game.ending(),
        Some(Outcome::Draw {
            reason: DrawReason::Agreement
        })
    );
    let record = read("[Variant \"Peralikatuma\"]\n\n1. e4-e5\n");
    assert_eq!(record.game.ending(), None);
    assert_eq!(record.result(), "*");
}

/// T2 (a rule of play, not of the rule book): a loss on time is written
/// with `[Termination "time forfeit"]`, and read back as one.
#[test]
fn t2_a_loss_on_time_is_written_with_its_termination_and_read_back() {
    let mut game = Game::new(rules());
    game.play_text("e4-e5").unwrap();
    game.lose_on_time(Side::Black).unwrap();
    let mut record = Record::new(game);
    record.set_tag("Event", "blitz");
    let text = record.to_string();
    assert_eq!(
        text,
        "[Variant \"Peralikatuma\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"1-0\"]\n\
         [Termination \"time forfeit\"]\n[Event \"blitz\"]\n\n1. e4-e5 1-0\n"
    );
    let again: Record = text.parse().unwrap();
    assert_eq!(again, record);
    assert_eq!(
        again.game.ending(),
        Some(Outcome::Win {
            winner: Side::White,
            reason: WinReason::Time
        })
    );
    // Another termination is only a tag, and the result a resignation.
    let other = read("[Variant \"Peralikatuma\"]\n[Termination \"normal\"]\n\n1. e4-e5 1-0\n");
    assert_eq!(other.tag("Termination"), Some("normal"));
    assert_eq!(
        other.game.ending().map(|o| o.to_string()).as_deref(),
        Some("White wins: Black resigned (E6)")
    );
    // A loss on time cannot be a draw, nor come after the rules' end.
    let head = "[Variant \"Peralikatuma\"]\n[Termination \"time forfeit\"]\n";
    for movetext in ["1. e4-e5 1/2-1/2", "1. e4-e5 *"] {
        let error = read_error(&format!("{head}\n{movetext}\n"));
        assert_mentions(&error.to_string(), &["time forfeit", "T2"]);
    }
    let error = read_error(&format!("{head}[Setup \"W:Wd5:Be5\"]\n\n1. d5xf5 1-0\n"));
    assert_mentions(&error.to_string(), &["time forfeit", "White wins"]);
}

#[test]
fn n4_header_errors() {
    assert!(matches!(
        read_error("[White \"?\"]\n\n1. e4-e5 *"),
        RecordError::NoVariant
    ));
    assert!(matches!(
        read_error("[Variant \"chess\"]\n\n*"),
        RecordError::Ruleset(_)
    ));
    assert!(matches!(
        read_error("[Variant Peralikatuma]\n\n*"),
        RecordError::Header { line: 1, .. }
    ));
    assert!(matches!(
        read_error("[Variant \"Peralikatuma\"]\n[Setup \"W:We5,e5:Bi7\"]\n\n*"),
        RecordError::Setup(_)
    ));
}

#[test]
fn n4_numbering_of_many_turns() {
    // White's turns are numbered, Black's are not (PDN).
    let mut game = Game::from_position(pos("W:Wa3:Bi7"));
    let shuffle = ["a3-a5", "i7-i5", "a5-b5", "i5-h5", "b5-b6"];
    for t in shuffle {
        game.play_text(t).unwrap();
    }
    let text = Record::new(game).to_string();
    let movetext: BTreeSet<&str> = text.lines().last().unwrap().split(' ').collect();
    assert_eq!(
        text.lines().last().unwrap(),
        "1. a3-a5 i7-i5 2. a5-b5 i5-h5 3. b5-b6 *"
    );
    assert!(!movetext.contains("1..."));
}
