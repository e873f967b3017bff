//! Tests of the rules of Alquerque (A1-A5 of `RULES.md`), with its
//! no-return restrictions in position text (N3) and repetition (E3).
//!
//! Every position is made by hand in Alquerque's own point names (R1.6:
//! the square `a1`..`e5`), and every expected turn list and position is
//! worked out by hand from the lines of R1.2, not taken from the code under
//! test. On the square, a point with (file + rank) even has diagonal lines
//! through it (`a1`, `c1`, `e1`, `b2`, `d2`, `a3`, `c3`, `e3`, `b4`, `d4`,
//! `a5`, `c5`, `e5`); the others lie on their row and column only.

#![allow(clippy::unwrap_used)]

use std::collections::BTreeSet;

use peralikatuma_rules::{Game, Position, PositionTextError, Ruleset, Setup};
use peralikatuma_rules::{Outcome, Rule, Side};

const V: &Ruleset = Ruleset::ALQUERQUE;

/// Alquerque as a ruleset of the one model.
fn rules() -> &'static Ruleset {
    V
}

/// The start position, typed from A1.
const A1_START: &str =
    "W:Wa1,b1,c1,d1,e1,a2,b2,c2,d2,e2,d3,e3:Ba3,b3,a4,b4,c4,d4,e4,a5,b5,c5,d5,e5";

mod common;

use common::{assert_mentions, names, rehashed, set, turns};

/// The position text after playing `turn` in `position`.
fn after(position: &str, turn: &str) -> String {
    common::after(V, position, turn)
}

fn pos(text: &str) -> Position {
    Position::parse(rules(), text).unwrap()
}

/// The error message of reading `text` as turn text in `position`.
fn turn_error(position: &str, text: &str) -> String {
    pos(position).parse_turn(text).unwrap_err().to_string()
}

/// The error of reading `text` as Alquerque position text.
fn position_error(text: &str) -> PositionTextError {
    Position::parse(rules(), text).unwrap_err()
}

// ---------------------------------------------------------------------------
// A1: the start
// ---------------------------------------------------------------------------

#[test]
fn a1_start_position() {
    let start = Position::start(rules());
    assert_eq!(start.to_string(), A1_START);
    assert_eq!(pos(A1_START), start);
    assert_eq!(start.pieces(Side::White).count_ones(), 12);
    assert_eq!(start.pieces(Side::Black).count_ones(), 12);
    let board = start.board();
    assert_eq!(board.len(), 25);
    let occupied = start.pieces(Side::White) | start.pieces(Side::Black);
    let empty: BTreeSet<String> = names(&start, board.points() & !occupied);
    assert_eq!(empty, set(&["c3"]));
    assert_eq!(start.side_to_move(), Side::White);
    assert_eq!(Game::new(rules()).position().side_to_move(), Side::White);
    assert_eq!(start.barred(), [0, 0]);
    // Only c3 is empty: b2 (diagonal a1-e5), c2 (column), d2 (diagonal
    // e1-a5) and d3 (row) step into it. No jump lands on c3: b3 is Black
    // but a3 beyond it (from c3's side) is Black too, and every other
    // neighbour of c3 is White.
    assert_eq!(turns(&start), set(&["b2-c3", "c2-c3", "d2-c3", "d3-c3"]));
    assert_eq!(start.perft(1), 4);
    // Were Black to start: b3 (row), b4 (diagonal), c4 (column), d4
    // (diagonal).
    let black_first = pos(&A1_START.replacen('W', "B", 1));
    assert_eq!(
        turns(&black_first),
        set(&["b3-c3", "b4-c3", "c4-c3", "d4-c3"])
    );
}

#[test]
fn a1_point_names_are_alquerques_own() {
    // R1.6: the square is a1..e5; 9x9 names beyond it are not points here.
    for bad in ["f1", "a6", "g7", "i5"] {
        let error = position_error(&format!("W:W{bad}:Be5"));
        assert!(
            matches!(error, PositionTextError::Point { ref name, rule: Rule::N3, .. } if name == bad),
            "{bad}: {error:?}"
        );
        assert_mentions(&error.to_string(), &[bad]);
    }
    assert_eq!(pos("W:Wa1:Be5").to_string(), "W:Wa1:Be5");
}

// ---------------------------------------------------------------------------
// A2, A3: steps
// ---------------------------------------------------------------------------

#[test]
fn a2_steps_forward_diagonally_forward_or_sideways_never_backward() {
    // c3 has eight neighbours; the three on rank 2 are backward for White.
    let p = pos("W:Wc3:Ba5");
    assert_eq!(
        turns(&p),
        set(&["c3-b3", "c3-d3", "c3-b4", "c3-c4", "c3-d4"])
    );
    for backward in ["c3-b2", "c3-c2", "c3-d2"] {
        let error = turn_error("W:Wc3:Ba5", backward);
        assert_mentions(&error, &["never backward (A2)"]);
    }
    // b3 has no diagonal: forward b4, sideways a3 and c3; not b2.
    assert_eq!(turns(&pos("W:Wb3:Be5")), set(&["b3-a3", "b3-c3", "b3-b4"]));
    // For Black forward is towards rank 1.
    let p = pos("B:Wa1:Bc3");
    assert_eq!(
        turns(&p),
        set(&["c3-b3", "c3-d3", "c3-b2", "c3-c2", "c3-d2"])
    );
    assert!(p.parse_turn("c3-c4").is_err());
    // On the first rank a White piece steps forward and along the rank.
    assert_eq!(turns(&pos("W:Wa1:Be5")), set(&["a1-a2", "a1-b1", "a1-b2"]));
}

#[test]
fn a3_last_rank_cannot_step() {
    // c5 is on White's last rank: it cannot step, not even sideways.
    let p = pos("W:Wc5,a4:Be1");
    assert_eq!(turns(&p), set(&["a4-a5", "a4-b4"]));
    assert_mentions(
        &turn_error("W:Wc5,a4:Be1", "c5-b5"),
        &["on its last rank and cannot step (A3)"],
    );
    // A side whose only pieces stand on their last rank has no turn (E1).
    assert!(turns(&pos("W:Wa5,c5,e5:Be1")).is_empty());
    assert!(turns(&pos("B:Wa5:Ba1,c1,e1")).is_empty());
    let game = Game::from_position(pos("W:Wa5,c5,e5:Be1"));
    assert_eq!(game.ending().and_then(Outcome::winner), Some(Side::Black));
}

// ---------------------------------------------------------------------------
// A4: captures
// ---------------------------------------------------------------------------

#[test]
fn a4_capture_is_compulsory() {
    // c3 can jump c4 to c5: a1 may not step instead.
    let text = "W:Wa1,c3:Bc4";
    assert_eq!(turns(&pos(text)), set(&["c3xc5"]));
    let error = turn_error(text, "a1-a2");
    assert_mentions(&error, &["compulsory", "A4"]);
    assert!(pos(text).parse_turn("c3-d3").is_err());
    assert_eq!(after(text, "c3xc5"), "B:Wa1,c5:B");
    // Two pieces that can capture: either may, nothing else.
    assert_eq!(
        turns(&pos("W:Wa1,e1,c3:Ba2,c4,e5")),
        set(&["a1xa3", "c3xc5"])
    );
    // Black too.
    assert_eq!(turns(&pos("B:Wa5,c2:Be5,c3")), set(&["c3xc1"]));
}

#[test]
fn a4_1_first_jump_forward_or_sideways() {
    // b3 (no diagonal) may jump b4 forward and c3 sideways, not b2
    // backward.
    let text = "W:Wb3:Bb2,b4,c3";
    assert_eq!(turns(&pos(text)), set(&["b3xb5", "b3xd3"]));
    assert!(pos(text).parse_turn("b3xb1").is_err());
    // c3 may jump diagonally forward (b4, d4), not diagonally backward
    // (b2, d2).
    let text = "W:Wc3:Bb2,d2,b4,d4";
    assert_eq!(turns(&pos(text)), set(&["c3xa5", "c3xe5"]));
    assert!(pos(text).parse_turn("c3xa1").is_err());
    assert!(pos(text).parse_turn("c3xe1").is_err());
    // For Black, forward is towards rank 1: c3 jumps c2, not c4.
    assert_eq!(turns(&pos("B:Wc2,c4:Bc3")), set(&["c3xc1"]));
}

#[test]
fn a4_1_last_rank_jumps_only_sideways() {
    // c5 on White's last rank jumps b5 sideways to a5, but not c4 or d4
    // backward (to c3, e3).
    let text = "W:Wc5:Bb5,c4,d4";
    assert_eq!(turns(&pos(text)), set(&["c5xa5"]));
    assert!(pos(text).parse_turn("c5xc3").is_err());
    assert!(pos(text).parse_turn("c5xe3").is_err());
    // A Black piece on rank 1 likewise.
    // a1 may jump b1 sideways to c1, not a2 backward to a3.
    assert_eq!(turns(&pos("B:Wa2,b1:Ba1")), set(&["a1xc1"]));
}

#[test]
fn a4_1_only_backward_jump_is_not_obligatory() {
    // c3 could only jump c2 backward to c1: that is no capture White must
    // make, nor may make; White steps instead.
    let text = "W:Wa1,c3:Bc2";
    assert_eq!(
        turns(&pos(text)),
        set(&[
            "a1-a2", "a1-b1", "a1-b2", "c3-b3", "c3-d3", "c3-b4", "c3-c4", "c3-d4",
        ])
    );
    assert!(pos(text).parse_turn("c3xc1").is_err());
    // On the last rank, a piece that could only jump backward: the other
    // piece steps.
    assert_eq!(
        turns(&pos("W:Wa1,c5:Bc4")),
        set(&["a1-a2", "a1-b1", "a1-b2"])
    );
    // Black's c3 could only jump c4 backward (for Black) to c5.
    assert_eq!(
        turns(&pos("B:Wc4:Bc3")),
        set(&["c3-b3", "c3-d3", "c3-b2", "c3-c2", "c3-d2"])
    );
}

#[test]
fn a4_2_later_jumps_any_direction() {
    // c3 jumps d3 sideways to e3; from e3 the only jump is over e2 backward
    // to e1, and the chain must take it.
    let text = "W:Wc3:Bd3,e2";
    assert_eq!(turns(&pos(text)), set(&["c3xe3xe1"]));
    assert_eq!(after(text, "c3xe3xe1"), "B:We1:B");
    // c3 jumps c4 forward to c5, then d4 diagonally backward to e3.
    let text = "W:Wc3:Bc4,d4";
    assert_eq!(turns(&pos(text)), set(&["c3xc5xe3", "c3xe5"]));
    assert_eq!(after(text, "c3xc5xe3"), "B:We3:B");
    // Black: c3 jumps c2 forward to c1, then d2 backward (for Black) to
    // e3; or d2 diagonally forward to e1, and nothing more.
    assert_eq!(turns(&pos("B:Wc2,d2:Bc3")), set(&["c3xc1xe3", "c3xe1"]));
}

#[test]
fn a4_3_chain_must_go_on() {
    let text = "W:Wc3:Bd3,e2";
    let error = turn_error(text, "c3xe3");
    assert_mentions(&error, &["must go on", "A4"]);
    // c3xc5xe5xc3 over c4, d5, d4; c3xc5xe3 over c4, d4 (from e3 nothing
    // more); c3xe5xc5xc3 over d4, d5, c4. The start point c3 is empty
    // during the move (R2.4), so the chains may end there.
    let text = "W:Wc3:Bc4,d4,d5";
    assert_eq!(
        turns(&pos(text)),
        set(&["c3xc5xe5xc3", "c3xc5xe3", "c3xe5xc5xc3"])
    );
    for prefix in ["c3xc5", "c3xc5xe5", "c3xe5", "c3xe5xc5"] {
        assert!(pos(text).parse_turn(prefix).is_err(), "{prefix}");
    }
    assert_eq!(after(text, "c3xc5xe5xc3"), "B:Wc3:B");
}

#[test]
fn a4_3_free_choice_among_captures() {
    // No rule of the greatest capture: c3xc5xe3 takes two where the other
    // chains take three, and a1xa3 takes one where c3xc5xe5 takes two.
    let text = "W:Wc3:Bc4,d4,d5";
    assert_eq!(after(text, "c3xc5xe3"), "B:We3:Bd5");
    let text = "W:Wa1,c3:Ba2,c4,d5";
    assert_eq!(turns(&pos(text)), set(&["a1xa3", "c3xc5xe5"]));
    assert_eq!(after(text, "a1xa3"), "B:Wa3,c3:Bc4,d5");
    assert_eq!(after(text, "c3xc5xe5"), "B:Wa1,e5:Ba2");
}

// ---------------------------------------------------------------------------
// A5: no return
// ---------------------------------------------------------------------------

#[test]
fn a5_no_return_step() {
    // A sideways step bars the step straight back; the restriction is
    // printed as `y-x`.
    assert_eq!(after("W:Wc3:Be5", "c3-d3"), "B:Wd3:Be5:Rd3-c3:C1");
    assert_eq!(after("W:Wc3:Be5", "c3-b3"), "B:Wb3:Be5:Rb3-c3:C1");
    // A forward step, straight or diagonal, gives none.
    assert_eq!(after("W:Wc3:Be5", "c3-c4"), "B:Wc4:Be5:C1");
    assert_eq!(after("W:Wc3:Be5", "c3-d4"), "B:Wd4:Be5:C1");
    // Read back: d3 may not step to c3, but may step on east or forward.
    assert_eq!(turns(&pos("W:Wd3:Be5:Rd3-c3")), set(&["d3-e3", "d3-d4"]));
    assert_eq!(turns(&pos("W:Wd3:Be5:Rd3-e3")), set(&["d3-c3", "d3-d4"]));
    assert_eq!(turns(&pos("W:Wd3:Be5")), set(&["d3-c3", "d3-e3", "d3-d4"]));
    let error = turn_error("W:Wd3:Be5:Rd3-c3", "d3-c3");
    assert_mentions(&error, &["may not step straight back to c3", "(A5)"]);
    // On a rank a piece keeps moving sideways one way only.
    assert_eq!(after("W:Wb1:Be5:Rb1-a1", "b1-c1"), "B:Wc1:Be5:Rc1-b1:C1");
    assert_eq!(
        turns(&pos("W:Wc1:Be5:Rc1-b1")),
        set(&["c1-c2", "c1-d1", "c1-b2", "c1-d2"])
    );
}

#[test]
fn a5_restriction_persists_until_the_piece_moves() {
    let mut game = Game::from_position(pos("W:Wa1,c3:Be5"));
    game.play_text("c3-d3").unwrap();
    assert_eq!(game.position().to_string(), "B:Wa1,d3:Be5:Rd3-c3:C1");
    game.play_text("e5-d5").unwrap();
    assert_eq!(game.position().to_string(), "W:Wa1,d3:Bd5:Rd3-c3,d5-e5:C2");
    assert_eq!(
        turns(game.position()),
        set(&["a1-a2", "a1-b1", "a1-b2", "d3-e3", "d3-d4"])
    );
    game.play_text("a1-b1").unwrap();
    assert_eq!(
        game.position().to_string(),
        "B:Wb1,d3:Bd5:Rb1-a1,d3-c3,d5-e5:C3"
    );
    assert_eq!(turns(game.position()), set(&["d5-c5", "d5-d4"]));
    assert!(game.play_text("d5-e5").is_err());
    // d5 moves again: its old restriction goes, its new step makes one.
    game.play_text("d5-c5").unwrap();
    assert_eq!(
        game.position().to_string(),
        "W:Wb1,d3:Bc5:Rb1-a1,d3-c3,c5-d5:C4"
    );
    // Three turns on, d3 is still barred from c3.
    assert_eq!(
        turns(game.position()),
        set(&["b1-c1", "b1-b2", "d3-e3", "d3-d4"])
    );
    // d3 moves forward: its restriction goes.
    game.play_text("d3-d4").unwrap();
    assert_eq!(game.position().to_string(), "B:Wb1,d4:Bc5:Rb1-a1,c5-d5:C5");
    // c5 must jump d4 (diagonally forward for Black); a jump clears the
    // jumper's restriction, and the captured d4 had none left.
    assert_eq!(turns(game.position()), set(&["c5xe3"]));
    game.play_text("c5xe3").unwrap();
    assert_eq!(game.position().to_string(), "W:Wb1:Be3:Rb1-a1");
    assert_eq!(turns(game.position()), set(&["b1-c1", "b1-b2"]));
    for p in game.positions() {
        assert_eq!(p.zobrist(), rehashed(p), "{p}");
    }
}

#[test]
fn a5_restriction_cleared_when_captured() {
    // Black d4 jumps the restricted d3 forward (for Black) to d2.
    let text = "B:Wa1,d3:Bd4:Rd3-c3";
    assert_eq!(turns(&pos(text)), set(&["d4xd2"]));
    assert_eq!(after(text, "d4xd2"), "W:Wa1:Bd2");
    // A restricted Black piece captured by White.
    let text = "W:Wc3:Bc4,e5:Rc4-d4";
    assert_eq!(turns(&pos(text)), set(&["c3xc5"]));
    assert_eq!(after(text, "c3xc5"), "B:Wc5:Be5");
}

#[test]
fn a5_binds_steps_only_not_jumps() {
    // d3 may not step to c3, but it may (and must) jump c3 westward to b3;
    // the sideways jump makes no restriction.
    let text = "W:Wd3:Bc3,e5:Rd3-c3";
    assert_eq!(turns(&pos(text)), set(&["d3xb3"]));
    assert_eq!(after(text, "d3xb3"), "B:Wb3:Be5");
    // A sideways jump by an unrestricted piece makes none either.
    assert_eq!(after("W:Wa2:Bb2,e5", "a2xc2"), "B:Wc2:Be5");
}

#[test]
fn a5_restrictions_in_repetition() {
    // E3: positions differing only in their restrictions are different.
    let west = pos("W:Wb1,d3:Bc5:Rb1-a1");
    let east = pos("W:Wb1,d3:Bc5:Rb1-c1");
    let none = pos("W:Wb1,d3:Bc5");
    let black = pos("W:Wb1,d3:Bc5:Rc5-d5");
    let all = [west, east, none, black];
    for (i, a) in all.iter().enumerate() {
        for b in &all[i + 1..] {
            assert!(!a.same_for_repetition(b), "{a} and {b}");
            assert_ne!(a.zobrist(), b.zobrist(), "{a} and {b}");
            assert_ne!(a, b);
        }
        assert_eq!(a.zobrist(), rehashed(a));
    }
    assert_ne!(turns(&west), turns(&none));
    // The same restrictions written in another order, and another turn
    // counter: the same position for repetition.
    let same = pos("W:Wd3,b1:Bc5:Rb1-a1:C7");
    assert!(same.same_for_repetition(&west));
    assert_eq!(same.zobrist(), west.zobrist());
    assert_eq!(same.to_string(), "W:Wb1,d3:Bc5:Rb1-a1:C7");
    // Reached by play, the restriction is in the hash as from scratch.
    let stepped = pos(&after("B:Wa1,d3:Bc5", "c5-b5"));
    assert_eq!(stepped.to_string(), "W:Wa1,d3:Bb5:Rb5-c5:C1");
    assert!(!stepped.same_for_repetition(&pos("W:Wa1,d3:Bb5:C1")));
}

// ---------------------------------------------------------------------------
// N3: position text of Alquerque
// ---------------------------------------------------------------------------

#[test]
fn a5_restrictions_in_position_text() {
    // Read in any order, printed in order of rank, then file.
    let p = pos("B:Wd3,b1:Bc5:Rc5-d5,b1-a1,d3-e3:C2");
    assert_eq!(p.to_string(), "B:Wb1,d3:Bc5:Rb1-a1,d3-e3,c5-d5:C2");
    assert_eq!(pos(&p.to_string()), p);
    let setup = Setup::parse(rules(), "W:Wb1,d3:Bc5:Rb1-a1,d3-e3").unwrap();
    let [east, west] = setup.barred;
    assert_eq!((east | west).count_ones(), 2);
    assert_eq!(east.count_ones(), 1);
    assert_eq!(west.count_ones(), 1);
}

#[test]
fn n3_alquerque_position_text_errors() {
    // No F field (P6 is Peralikatuma's).
    let error = position_error("W:Wa1:Be5:Fa1");
    assert!(
        matches!(error, PositionTextError::Huff { rule: Rule::N3, .. }),
        "{error:?}"
    );
    assert_mentions(&error.to_string(), &["a1", "claim", "N3"]);
    // No kings.
    let error = position_error("W:WKa1:Be5");
    assert!(
        matches!(error, PositionTextError::Piece { ref point, rule: Rule::N3, .. } if point == "a1"),
        "{error:?}"
    );
    assert_mentions(&error.to_string(), &["a1", "alquerque", "king"]);
    let error = position_error("W:Wa1:BKe5");
    assert!(
        matches!(error, PositionTextError::Piece { ref point, rule: Rule::N3, .. } if point == "e5"),
        "{error:?}"
    );
    // Bad restriction items: not next to y, not on y's row, not `y-x`.
    for item in ["a1-c1", "a1-a2", "a1-b2", "a1", "a1-a1", "a1-"] {
        let error = position_error(&format!("W:Wa1:Be5:R{item}"));
        assert!(
            matches!(
                error,
                PositionTextError::Barred { rule: Rule::A5, .. }
                    | PositionTextError::Point { rule: Rule::N3, .. }
            ),
            "{item}: {error:?}"
        );
    }
    let error = position_error("W:Wa1:Be5:Ra1-c1");
    assert_mentions(&error.to_string(), &["a1-c1", "A5"]);
    let error = position_error("W:Wa1:Be5:Ra1-a2");
    assert_mentions(&error.to_string(), &["a1-a2"]);
    // x off the square.
    let error = position_error("W:We1:Ba5:Re1-f1");
    assert!(
        matches!(error, PositionTextError::Point { ref name, rule: Rule::N3, .. } if name == "f1"),
        "{error:?}"
    );
    assert_mentions(&error.to_string(), &["f1"]);
    // A restriction on an empty point, named in Alquerque's names (R1.6).
    let error = position_error("W:Wa1:Be5:Rb1-a1");
    assert!(
        matches!(error, PositionTextError::Barred { ref text, rule: Rule::A5, .. } if text == "b1-a1"),
        "{error:?}"
    );
    assert_mentions(&error.to_string(), &["b1", "no man", "A5"]);
    let error = position_error("W:Wa1:Be5:Rd3-c3");
    assert_mentions(&error.to_string(), &["d3"]);
    // Both ways on one piece.
    let error = position_error("W:Wb1:Be5:Rb1-a1,b1-c1");
    assert_mentions(&error.to_string(), &["b1", "A5"]);
    let mut setup = Setup::parse(rules(), "W:Wb1:Be5:Rb1-a1").unwrap();
    setup.barred[0] = setup.barred[1];
    let error = Position::from_setup(&setup).unwrap_err();
    assert!(
        matches!(error, PositionTextError::Barred { rule: Rule::A5, .. }),
        "{error:?}"
    );
    assert_mentions(&error.to_string(), &["b1", "one way at most"]);
    // More pieces than the game starts with (A1: 12).
    let error = position_error("W:Wa1,b1,c1,d1,e1,a2,b2,c2,d2,e2,a3,b3,c3:Be5");
    assert!(
        matches!(
            error,
            PositionTextError::TooMany {
                side: Side::White,
                pieces: 13,
                most: 12,
                rule: Rule::N3,
                ..
            }
        ),
        "{error:?}"
    );
    assert_mentions(&error.to_string(), &["13", "12"]);
    let error = position_error("W:We5:Ba1,b1,c1,d1,e1,a2,b2,c2,d2,e2,a3,b3,c3");
    assert_mentions(&error.to_string(), &["Black", "13"]);
    // Twelve is fine.
    assert!(Position::parse(rules(), "W:Wa1,b1,c1,d1,e1,a2,b2,c2,d2,e2,a3,b3:Be5").is_ok());
}
