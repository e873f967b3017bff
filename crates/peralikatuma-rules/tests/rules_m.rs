//! Tests of the rules of Permainan (M1-M6 of `RULES.md`), with kings in
//! position text (N3) and a Permainan game record (N4).
//!
//! Every position is made by hand in Permainan's own point names (R1.6: the
//! square `a3`..`e7`, the south arm `a1`, `c1`, `e1`, `b2`, `c2`, `d2`, the
//! north arm `b8`, `c8`, `d8`, `a9`, `c9`, `e9`), and every expected turn
//! list and position is worked out by hand from these 20 lines (R1.4 cut as
//! in R1.5, renamed):
//!
//! ```text
//! a1-c1-e1  b2-c2-d2  b8-c8-d8  a9-c9-e9
//! rows a3-e3 .. a7-e7; columns a3-a7, b3-b7, d3-d7, e3-e7, c1-c2-...-c9
//! a3-b4-c5-d6-e7  e3-d4-c5-b6-a7
//! a1-b2-c3-d4-e5  e1-d2-c3-b4-a5  a5-b6-c7-d8-e9  e5-d6-c7-b8-a9
//! ```

#![allow(clippy::unwrap_used)]

use std::collections::BTreeSet;

use peralikatuma_rules::{Game, Position, PositionTextError, Record, Ruleset, Setup};
use peralikatuma_rules::{Outcome, Rule, Side};

const V: &Ruleset = Ruleset::PERMAINAN;

/// Permainan as a ruleset of the one model.
fn rules() -> &'static Ruleset {
    V
}

/// The start position, typed from M1.
const M1_START: &str = "W:Wa1,c1,e1,b2,c2,d2,a3,b3,c3,d3,e3,a4,b4,c4,d4,e4:Ba6,b6,c6,d6,e6,a7,b7,c7,d7,e7,b8,c8,d8,a9,c9,e9";

mod common;

use common::{assert_mentions, kings, names, occupied, rehashed, set, turns};

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

/// The error of reading `text` as Permainan position text.
fn position_error(text: &str) -> PositionTextError {
    Position::parse(rules(), text).unwrap_err()
}

// ---------------------------------------------------------------------------
// M1: the start
// ---------------------------------------------------------------------------

#[test]
fn m1_start_position() {
    let start = Position::start(rules());
    assert_eq!(start.to_string(), M1_START);
    assert_eq!(pos(M1_START), start);
    assert_eq!(start.pieces(Side::White).count_ones(), 16);
    assert_eq!(start.pieces(Side::Black).count_ones(), 16);
    assert_eq!(kings(&start), 0);
    let board = start.board();
    assert_eq!(board.len(), 37);
    let empty: BTreeSet<String> = names(&start, board.points() & !occupied(&start));
    assert_eq!(empty, set(&["a5", "b5", "c5", "d5", "e5"]));
    assert_eq!(start.side_to_move(), Side::White);
    assert_eq!(Game::new(rules()).position().side_to_move(), Side::White);
    // Steps into rank 5: a4 and c4 and e4 straight on, b4 and d4 also
    // diagonally. Nothing can be jumped across the empty rank.
    assert_eq!(
        turns(&start),
        set(&[
            "a4-a5", "b4-a5", "b4-b5", "b4-c5", "c4-c5", "d4-c5", "d4-d5", "d4-e5", "e4-e5",
        ])
    );
    assert_eq!(start.perft(1), 9);
    // Were Black to start: the same, turned.
    let black_first = pos(&M1_START.replacen('W', "B", 1));
    assert_eq!(
        turns(&black_first),
        set(&[
            "a6-a5", "b6-a5", "b6-b5", "b6-c5", "c6-c5", "d6-c5", "d6-d5", "d6-e5", "e6-e5",
        ])
    );
}

#[test]
fn m1_point_names_are_permainans_own() {
    // R1.6: b1, d1, a2, e2, a8, e8, b9, d9 and files beyond e are not
    // points of Permainan.
    for bad in ["b1", "d1", "a2", "e2", "a8", "e8", "b9", "d9", "f5", "g7"] {
        let error = position_error(&format!("W:W{bad}:Bc7"));
        assert!(
            matches!(error, PositionTextError::Point { ref name, rule: Rule::N3, .. } if name == bad),
            "{bad}: {error:?}"
        );
        assert_mentions(&error.to_string(), &[bad]);
    }
    assert!(pos("W:Wa1:Bc7").parse_turn("a1-b1").is_err());
}

// ---------------------------------------------------------------------------
// M2, M3: men
// ---------------------------------------------------------------------------

#[test]
fn m2_man_steps_forward_or_sideways() {
    // c5 has eight neighbours; the three on rank 4 are backward for White.
    let p = pos("W:Wc5:Ba9");
    assert_eq!(
        turns(&p),
        set(&["c5-b5", "c5-d5", "c5-b6", "c5-c6", "c5-d6"])
    );
    for backward in ["c5-b4", "c5-c4", "c5-d4"] {
        let error = turn_error("W:Wc5:Ba9", backward);
        assert_mentions(&error, &["never backward (M2)"]);
    }
    // In the south arm: b2 steps along the cross line to c2 and diagonally
    // forward to c3, not back to a1.
    assert_eq!(turns(&pos("W:Wb2:Ba9")), set(&["b2-c2", "b2-c3"]));
    // On White's own base: along the base (sideways, R1.7) and forward.
    assert_eq!(turns(&pos("W:Wc1:Ba9")), set(&["c1-a1", "c1-e1", "c1-c2"]));
    // In the north arm: along the cross line and forward to the base.
    assert_eq!(turns(&pos("W:Wc8:Be3")), set(&["c8-b8", "c8-d8", "c8-c9"]));
    // For Black forward is towards rank 1.
    let p = pos("B:Wc1:Bc5");
    assert_eq!(
        turns(&p),
        set(&["c5-b5", "c5-d5", "c5-b4", "c5-c4", "c5-d4"])
    );
    assert!(p.parse_turn("c5-c6").is_err());
}

#[test]
fn m3_man_captures_in_every_direction() {
    let neighbours = ["b5", "d5", "c6", "b6", "d6", "c4", "b4", "d4"];
    let beyond = ["a5", "e5", "c7", "a7", "e7", "c3", "a3", "e3"];
    for (enemy, landing) in neighbours.iter().zip(beyond) {
        let text = format!("W:Wc5:B{enemy}");
        // Captures are compulsory (M5): the jump is the only turn.
        assert_eq!(
            turns(&pos(&text)),
            set(&[format!("c5x{landing}").as_str()]),
            "jump over {enemy}"
        );
        assert_eq!(
            after(&text, &format!("c5x{landing}")),
            format!("B:W{landing}:B")
        );
    }
    // Backward for Black, and along the cross line of an arm.
    assert_eq!(turns(&pos("B:Wc6:Bc5")), set(&["c5xc7"]));
    assert_eq!(turns(&pos("W:Wb2:Bc2,a9")), set(&["b2xd2"]));
    // A man jumps only an adjacent piece (no flying capture).
    assert_eq!(
        turns(&pos("W:Wc3:Bc6")),
        set(&["c3-b3", "c3-d3", "c3-b4", "c3-c4", "c3-d4"])
    );
}

// ---------------------------------------------------------------------------
// M4: kings
// ---------------------------------------------------------------------------

#[test]
fn m4_king_long_moves() {
    // From c5 along its four lines to the ends, over any number of empty
    // points; b8 is on none of them.
    let p = pos("W:WKc5:Bb8");
    assert_eq!(
        turns(&p),
        set(&[
            "c5-b5", "c5-a5", "c5-d5", "c5-e5", "c5-c6", "c5-c7", "c5-c8", "c5-c9", "c5-c4",
            "c5-c3", "c5-c2", "c5-c1", "c5-d6", "c5-e7", "c5-b6", "c5-a7", "c5-d4", "c5-e3",
            "c5-b4", "c5-a3",
        ])
    );
    assert_eq!(after("W:WKc5:Bb8", "c5-c9"), "B:WKc9:Bb8:C1");
    // From base to base along the centre line, and along the base.
    assert_eq!(
        turns(&pos("W:WKc1:Ba9")),
        set(&[
            "c1-a1", "c1-e1", "c1-c2", "c1-c3", "c1-c4", "c1-c5", "c1-c6", "c1-c7", "c1-c8",
            "c1-c9",
        ])
    );
    // Stopped by its own piece (a3) and by an enemy piece with nothing
    // beyond (e7); the man on a3 steps as a man.
    assert_eq!(
        turns(&pos("W:WKc5,a3:Be7,b8")),
        set(&[
            "c5-b5", "c5-a5", "c5-d5", "c5-e5", "c5-c6", "c5-c7", "c5-c8", "c5-c9", "c5-c4",
            "c5-c3", "c5-c2", "c5-c1", "c5-d6", "c5-b6", "c5-a7", "c5-d4", "c5-e3", "c5-b4",
            "a3-a4", "a3-b3", "a3-b4",
        ])
    );
    // A Black king moves backward (for Black) as well.
    assert!(turns(&pos("B:Wa1:BKc5")).contains("c5-c9"));
}

#[test]
fn m4_king_long_jump_over_exactly_one() {
    // Over b5 and c5 (empty), over d5, to e5.
    assert_eq!(turns(&pos("W:WKa5:Bd5")), set(&["a5xe5"]));
    assert_eq!(after("W:WKa5:Bd5,a9", "a5xe5"), "B:WKe5:Ba9");
    // Two pieces in a row cannot be jumped: no capture, so long moves.
    assert_eq!(
        turns(&pos("W:WKa5:Bc5,d5")),
        set(&[
            "a5-b5", "a5-a4", "a5-a3", "a5-a6", "a5-a7", "a5-b4", "a5-c3", "a5-d2", "a5-e1",
            "a5-b6", "a5-c7", "a5-d8", "a5-e9",
        ])
    );
    assert!(pos("W:WKa5:Bc5,d5").parse_turn("a5xe5").is_err());
    // The landing is before the next occupied point: d5 only, not e5.
    assert_eq!(turns(&pos("W:WKa5:Bc5,e5")), set(&["a5xd5"]));
    // Nor over an own piece.
    assert_eq!(
        turns(&pos("W:WKa5,b5:Bd5"))
            .iter()
            .filter(|t| t.contains('x'))
            .count(),
        0
    );
}

#[test]
fn m4_king_lands_anywhere_beyond() {
    // a3 jumps b4 and lands on c5, d6 or e7: three moves (R2.5).
    let text = "W:WKa3:Bb4,a9";
    assert_eq!(turns(&pos(text)), set(&["a3xc5", "a3xd6", "a3xe7"]));
    let landed: BTreeSet<String> = ["a3xc5", "a3xd6", "a3xe7"]
        .iter()
        .map(|t| after(text, t))
        .collect();
    assert_eq!(landed, set(&["B:WKc5:Ba9", "B:WKd6:Ba9", "B:WKe7:Ba9"]));
    let p = pos(text);
    let c5 = p.parse_turn("a3xc5").unwrap();
    let e7 = p.parse_turn("a3xe7").unwrap();
    assert_ne!(c5, e7);
    assert_eq!(c5.captured(), e7.captured());
}

#[test]
fn m4_king_chain_continues_only_from_chosen_landing() {
    // a3 jumps b4. From d6 it can go on over b6 to a6, so it must; from
    // c5 (b6 then a7 occupied) and from e7 (a7 with nothing beyond) it
    // cannot, and the move ends there.
    let text = "W:WKa3:Bb4,b6,a7";
    assert_eq!(turns(&pos(text)), set(&["a3xc5", "a3xd6xa6", "a3xe7"]));
    let error = turn_error(text, "a3xd6");
    assert_mentions(&error, &["must go on", "M5"]);
    assert_eq!(after(text, "a3xc5"), "B:WKc5:Bb6,a7");
    assert_eq!(after(text, "a3xd6xa6"), "B:WKa6:Ba7");
    assert_eq!(after(text, "a3xe7"), "B:WKe7:Bb6,a7");
}

#[test]
fn m4_king_cannot_cross_a_captured_piece() {
    // a3 jumps c5 and lands on d6 or e7. From e7 it jumps c7 to b7 or a7.
    // From a7 the line a7-b6-c5-d4-e3 would take it over c5, captured but
    // still on the board (R2.4), to d4 and e3: it may not.
    let text = "W:WKa3:Bc5,c7,d4";
    assert_eq!(
        turns(&pos(text)),
        set(&["a3xd6xd3", "a3xd6xb8", "a3xd6xa9", "a3xe7xb7", "a3xe7xa7",])
    );
    assert!(pos(text).parse_turn("a3xe7xa7xe3").is_err());
    assert_eq!(after(text, "a3xe7xa7"), "B:WKa7:Bd4");
    // Nor jump a captured piece again: a king on a5 jumps c5 to e5, then
    // from e5 could only come back over c5.
    assert_eq!(turns(&pos("W:WKa5:Bc5,a9")), set(&["a5xd5", "a5xe5"]));
}

// ---------------------------------------------------------------------------
// M5: compulsory captures
// ---------------------------------------------------------------------------

#[test]
fn m5_capture_compulsory_and_chain_must_go_on() {
    // c3 jumps c4 and must go on over c6; a3 may not step.
    let text = "W:Wa3,c3:Bc4,c6";
    assert_eq!(turns(&pos(text)), set(&["c3xc5xc7"]));
    assert_mentions(&turn_error(text, "a3-a4"), &["compulsory", "M5"]);
    assert_mentions(&turn_error(text, "c3xc5"), &["must go on", "M5"]);
    assert_eq!(after(text, "c3xc5xc7"), "B:Wa3,c7:B");
    // A king must capture too, rather than move; the man may not step.
    assert_eq!(turns(&pos("W:WKc5,a3:Bc7")), set(&["c5xc8", "c5xc9"]));
    // A man must capture rather than the king move.
    assert_eq!(turns(&pos("W:WKe1,c3:Bc4")), set(&["c3xc5"]));
    // No rule of the greatest capture: one piece or two, as White likes.
    let text = "W:Wa3,c3:Ba4,c4,c6";
    assert_eq!(turns(&pos(text)), set(&["a3xa5", "c3xc5xc7"]));
    assert_eq!(after(text, "a3xa5"), "B:Wc3,a5:Bc4,c6");
}

// ---------------------------------------------------------------------------
// M6: promotion
// ---------------------------------------------------------------------------

#[test]
fn m6_promotion_at_end_of_move() {
    // A step onto the far base.
    let mut game = Game::from_position(pos("W:Wc8:Be3"));
    game.play_text("c8-c9").unwrap();
    assert_eq!(game.position().to_string(), "B:WKc9:Be3:C1");
    assert_eq!(kings(game.position()).count_ones(), 1);
    game.play_text("e3-d3").unwrap();
    // Now it moves as a king, down the whole centre line.
    assert_eq!(
        turns(game.position()),
        set(&[
            "c9-a9", "c9-e9", "c9-c8", "c9-c7", "c9-c6", "c9-c5", "c9-c4", "c9-c3", "c9-c2",
            "c9-c1",
        ])
    );
    game.play_text("c9-c1").unwrap();
    // On its own base it stays a king.
    assert_eq!(game.position().to_string(), "B:WKc1:Bd3:C3");
    // A jump onto the far base.
    assert_eq!(turns(&pos("W:Wc7:Bc8,e3")), set(&["c7xc9"]));
    assert_eq!(after("W:Wc7:Bc8,e3", "c7xc9"), "B:WKc9:Be3");
    // A Black man reaching White's base.
    assert_eq!(turns(&pos("B:Wa3:Bb2")), set(&["b2-a1", "b2-c2"]));
    assert_eq!(after("B:Wa3:Bb2", "b2-a1"), "W:Wa3:BKa1:C1");
    assert_eq!(after("B:Wa3:Bb2", "b2-c2"), "W:Wa3:Bc2:C1");
    // A chain that passes over the base and ends on it promotes: c7 lands
    // on a9, jumps c9 and ends on e9.
    assert_eq!(turns(&pos("W:Wc7:Bb8,c9,e3")), set(&["c7xa9xe9"]));
    assert_eq!(after("W:Wc7:Bb8,c9,e3", "c7xa9xe9"), "B:WKe9:Be3");
}

#[test]
fn m6_man_passing_over_base_does_not_promote() {
    // c7 jumps b8 to a9 (on the base), c9 to e9 (on the base), d8 back to
    // c7: it ends as a man. Or the same the other way round.
    let text = "W:Wc7:Bb8,c9,d8,e3";
    assert_eq!(turns(&pos(text)), set(&["c7xa9xe9xc7", "c7xe9xa9xc7"]));
    assert_mentions(&turn_error(text, "c7xa9"), &["must go on"]);
    assert_eq!(after(text, "c7xa9xe9xc7"), "B:Wc7:Be3");
    assert_eq!(after(text, "c7xe9xa9xc7"), "B:Wc7:Be3");
    assert!(kings(&pos(&after(text, "c7xa9xe9xc7"))) == 0);
    // Black likewise: c3 jumps b2 to a1 (White's base), c1 to e1, d2 back
    // to c3; or the other way round.
    let text = "B:Wb2,c1,d2,e5:Bc3";
    assert_eq!(turns(&pos(text)), set(&["c3xa1xe1xc3", "c3xe1xa1xc3"]));
    assert_eq!(after(text, "c3xa1xe1xc3"), "W:We5:Bc3");
}

#[test]
fn m6_man_on_opponents_base_is_an_error() {
    let error = position_error("W:Wc9:Be3");
    assert!(
        matches!(error, PositionTextError::Piece { ref point, rule: Rule::M6, .. } if point == "c9"),
        "{error:?}"
    );
    assert_mentions(&error.to_string(), &["c9", "M6"]);
    for (text, point) in [
        ("W:Wa9:Be3", "a9"),
        ("W:We9:Be3", "e9"),
        ("W:Wc5:Ba1", "a1"),
        ("W:Wc5:Bc1", "c1"),
        ("B:Wc5:Be1", "e1"),
    ] {
        let error = position_error(text);
        assert!(
            matches!(error, PositionTextError::Piece { point: ref at, rule: Rule::M6, .. } if at == point),
            "{text}: {error:?}"
        );
        assert_mentions(&error.to_string(), &[point, "crowned", "M6"]);
    }
    // Kings there are fine, and men on their own base.
    assert!(Position::parse(rules(), "W:WKc9:BKa1").is_ok());
    assert!(Position::parse(rules(), "W:Wa1,c1,e1:Ba9,c9,e9").is_ok());
}

// ---------------------------------------------------------------------------
// N3, N4 for Permainan
// ---------------------------------------------------------------------------

#[test]
fn n3_kings_in_text_round_trip() {
    let p = pos("B:WKc9,a3:Be7,Ka1");
    assert_eq!(p.to_string(), "B:Wa3,Kc9:BKa1,e7");
    assert_eq!(pos(&p.to_string()), p);
    assert_eq!(kings(&p).count_ones(), 2);
    let setup = Setup::parse(rules(), "B:WKc9,a3:Be7,Ka1").unwrap();
    let read = Position::from_setup(&setup).unwrap();
    assert_eq!(read.to_string(), "B:Wa3,Kc9:BKa1,e7");
    assert_eq!((setup.kings[0] | setup.kings[1]).count_ones(), 2);
    // A king and a man on the same point are different positions (E3).
    let man = pos("W:Wc5:Be7");
    let king = pos("W:WKc5:Be7");
    assert!(!man.same_for_repetition(&king));
    assert_ne!(man.zobrist(), king.zobrist());
    assert_eq!(king.zobrist(), rehashed(&king));
    // A king on a point that is not Permainan's, or a king mark alone.
    let error = position_error("W:WKb1:Be7");
    assert!(
        matches!(error, PositionTextError::Point { rule: Rule::N3, .. }),
        "{error:?}"
    );
    assert_mentions(&error.to_string(), &["b1"]);
    assert!(Position::parse(rules(), "W:WK:Be7").is_err());
    // A point both a man and a king (possible only in a Setup) is named
    // in Permainan's names (R1.6).
    let mut setup = Setup::parse(rules(), "W:WKc5:Be7").unwrap();
    setup.men[0] = setup.kings[0];
    assert_eq!(
        Position::from_setup(&setup).unwrap_err(),
        PositionTextError::Twice {
            point: "c5".to_owned(),
            rule: Rule::N3,
        }
    );
    // Kings are not in Alquerque's or Peralikatuma's text.
    assert!(Position::parse(Ruleset::ALQUERQUE, "W:WKc5:Be5").is_err());
    assert!(Position::parse(Ruleset::PERALIKATUMA, "W:WKc5:Be5").is_err());
}

#[test]
fn n3_permainan_position_text_errors() {
    let error = position_error("W:Wc5:Be7:Fc5");
    assert!(
        matches!(error, PositionTextError::Huff { ref point, rule: Rule::N3, .. } if point == "c5"),
        "{error:?}"
    );
    assert_mentions(&error.to_string(), &["c5", "claim"]);
    let error = position_error("W:Wc5:Be7:Rc5-b5");
    assert!(
        matches!(error, PositionTextError::Barred { ref text, rule: Rule::A5, .. } if text == "c5-b5"),
        "{error:?}"
    );
    assert_mentions(&error.to_string(), &["c5-b5", "no such rule"]);
    // M1: sixteen pieces a side at most.
    let seventeen = "W:Wa1,c1,e1,b2,c2,d2,a3,b3,c3,d3,e3,a4,b4,c4,d4,e4,a5:Be7";
    let error = position_error(seventeen);
    assert!(
        matches!(
            error,
            PositionTextError::TooMany {
                pieces: 17,
                most: 16,
                rule: Rule::N3,
                ..
            }
        ),
        "{error:?}"
    );
    assert!(Position::parse(rules(), &seventeen.replace(",a5", "")).is_ok());
}

#[test]
fn n4_permainan_game_record() {
    // 1. c4-c5, and Black must jump it: c6xc4 (b6 and d6 would land on
    // the occupied d4 and b4). 2. c3 must jump back over c4 to c5.
    let mut game = Game::new(rules());
    for turn in ["c4-c5", "c6xc4", "c3xc5"] {
        game.play_text(turn).unwrap();
    }
    assert_eq!(game.position().pieces(Side::White).count_ones(), 15);
    assert_eq!(game.position().pieces(Side::Black).count_ones(), 15);
    let mut record = Record::new(game);
    record.set_tag("White", "Ani");
    record.set_tag("Black", "Budi");
    let text = record.to_string();
    assert_eq!(
        text,
        "[Variant \"Permainan\"]\n[White \"Ani\"]\n[Black \"Budi\"]\n[Result \"*\"]\n\n1. c4-c5 c6xc4 2. c3xc5 *\n"
    );
    let read: Record = text.parse().unwrap();
    assert_eq!(read, record);
    assert_eq!(read.game.ruleset(), rules());
    // A game from a set-up position, with a promotion and a king's long
    // move, and a game won by a king's capture.
    let mut game = Game::from_position(pos("W:Wc8:Be3"));
    for turn in ["c8-c9", "e3-d3", "c9-c1"] {
        game.play_text(turn).unwrap();
    }
    let record = Record::new(game);
    let text = record.to_string();
    assert_eq!(
        text,
        "[Variant \"Permainan\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n[Setup \"W:Wc8:Be3\"]\n\n1. c8-c9 e3-d3 2. c9-c1 *\n"
    );
    let read: Record = text.parse().unwrap();
    assert_eq!(read, record);
    assert_eq!(read.game.position().to_string(), "B:WKc1:Bd3:C3");

    let mut game = Game::from_position(pos("W:Wa3,Kc5:Bc7"));
    game.play_text("c5xc9").unwrap();
    assert_eq!(game.ending().and_then(Outcome::winner), Some(Side::White));
    let record = Record::new(game);
    let text = record.to_string();
    assert_eq!(
        text,
        "[Variant \"Permainan\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"1-0\"]\n[Setup \"W:Wa3,Kc5:Bc7\"]\n\n1. c5xc9 1-0\n"
    );
    let read: Record = text.parse().unwrap();
    assert_eq!(read, record);
}
