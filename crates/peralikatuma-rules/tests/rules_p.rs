//! Tests of the words of every game (R2.1-R2.5) and of the rules of
//! Peralikatuma (P1-P7) in `RULES.md`.
//!
//! Every position is made by hand in the position text of N3, and every
//! expected turn list, position and count is worked out by hand from the
//! lines of R1.4, not taken from the code under test.

#![allow(clippy::unwrap_used)]

use std::collections::BTreeSet;

use peralikatuma_rules::{Game, Position, Ruleset};
use peralikatuma_rules::{Rule, Side};

const V: &Ruleset = Ruleset::PERALIKATUMA;

/// Peralikatuma as a ruleset of the one model.
fn rules() -> &'static Ruleset {
    V
}

/// The start position, typed from P1.
const P1_START: &str = "W:Wc1,e1,g1,d2,e2,f2,a3,c3,d3,e3,f3,g3,b4,c4,d4,e4,f4,g4,a5,b5,c5,b6,a7:Bi3,h4,g5,h5,i5,c6,d6,e6,f6,g6,h6,c7,d7,e7,f7,g7,i7,d8,e8,f8,c9,e9,g9";

mod common;

use common::{names, occupied, rehashed, set, turns};

/// The position text after playing `turn` in `position`.
fn after(position: &str, turn: &str) -> String {
    common::after(V, position, turn)
}

fn pos(text: &str) -> Position {
    Position::parse(rules(), text).unwrap()
}

/// The legal turns of `p` without a claim that start on `from`.
fn turns_from(p: &Position, from: &str) -> BTreeSet<String> {
    turns(p)
        .into_iter()
        .filter(|t| t.starts_with(&format!("{from}-")) || t.starts_with(&format!("{from}x")))
        .collect()
}

// ---------------------------------------------------------------------------
// R2: steps, jumps, chains, moves
// ---------------------------------------------------------------------------

#[test]
fn r2_1_step_goes_to_an_adjacent_empty_point() {
    // d5 lies on a5-i5 and d3-d7 only (no diagonal through it): neighbours
    // c5, e5, d4, d6. e5 holds a White piece, so d5 cannot step there.
    let p = pos("W:Wd5,e5:Bi7");
    assert_eq!(turns_from(&p, "d5"), set(&["d5-c5", "d5-d4", "d5-d6"]));
    // e5 has eight neighbours; d5 is taken.
    assert_eq!(
        turns_from(&p, "e5"),
        set(&[
            "e5-f5", "e5-e4", "e5-e6", "e5-d4", "e5-f6", "e5-f4", "e5-d6"
        ])
    );
    assert_eq!(turns(&p).len(), 10);
    assert!(p.parse_turn("d5-e5").is_err());
    assert!(p.parse_turn("d5-e6").is_err());
}

#[test]
fn r2_2_jump_over_adjacent_enemy_to_empty_point_beyond() {
    // d5 jumps d6 to d7 (empty); it cannot jump e5 because f5 is taken; e6
    // is not adjacent to d5 (no diagonal), so it cannot be jumped.
    let p = pos("W:Wd5:Bd6,e5,e6,f5");
    assert_eq!(turns(&p), set(&["d5-c5", "d5-d4", "d5xd7"]));
    // The jumped piece is captured.
    assert_eq!(after("W:Wd5:Bd6,e5,e6,f5", "d5xd7"), "B:Wd7:Be5,f5,e6");
    // No jump over an own piece, nor over an empty point.
    let p = pos("W:Wd4,d5:Bi7");
    assert!(turns(&p).iter().all(|t| !t.contains('x')));
}

#[test]
fn r2_3_chain_of_jumps_in_any_direction() {
    // c3 jumps d4 to e5, then turns back south-east over f4 to g3.
    let p = pos("W:Wc3:Bd4,f4,i7");
    assert_eq!(turns(&p), set(&["c3-c4", "c3-d3", "c3xe5", "c3xe5xg3"]));
    assert_eq!(after("W:Wc3:Bd4,f4,i7", "c3xe5xg3"), "B:Wg3:Bi7");
}

#[test]
fn r2_4_captured_piece_cannot_be_jumped_twice() {
    // d4 jumps e5 to f6 and f5 to f4; from f4 the line g3-f4-e5-d6 would let
    // it jump e5 again to d6, but e5 is already captured.
    let p = pos("W:Wd4:Be5,f5");
    assert_eq!(
        turns(&p),
        set(&[
            "d4-c4", "d4-e4", "d4-d3", "d4-d5", "d4-c3", "d4-c5", "d4-e3", "d4xf6", "d4xf6xf4",
        ])
    );
    assert!(p.parse_turn("d4xf6xf4xd6").is_err());

    // On the south base c1-e1-g1: c1 jumps e1 to g1; jumping e1 back to c1
    // (the start point, empty) would take e1 twice.
    let p = pos("W:Wc1:Be1,i7");
    assert_eq!(turns(&p), set(&["c1-d2", "c1xg1"]));
    assert!(p.parse_turn("c1xg1xc1").is_err());
}

#[test]
fn r2_4_cannot_land_on_captured_point() {
    // c1 jumps e1 to g1, then f2 to e3 (side g1-f2-e3). From e3 the centre
    // line e3-e2-e1 would jump e2 and land on e1, where the captured piece
    // still stands until the move is finished.
    let p = pos("W:Wc1:Be1,e2,f2");
    assert_eq!(turns(&p), set(&["c1-d2", "c1xg1", "c1xg1xe3"]));
    assert!(p.parse_turn("c1xg1xe3xe1").is_err());
    assert_eq!(after("W:Wc1:Be1,e2,f2", "c1xg1xe3"), "B:We3:Be2");
}

#[test]
fn r2_4_start_point_is_empty_during_the_chain() {
    // d4's chains may come back to d4 (empty once the piece has left) and
    // jump on from there, over c5 to b6.
    let p = pos("W:Wd4:Bc5,e4,e5,f5");
    assert_eq!(
        turns(&p),
        set(&[
            "d4-c4",
            "d4-d3",
            "d4-d5",
            "d4-c3",
            "d4-e3",
            "d4xb6",
            "d4xf4",
            "d4xf4xd6",
            "d4xf4xd6xb4",
            "d4xf4xf6",
            "d4xf4xf6xd4",
            "d4xf4xf6xd4xb6",
            "d4xf6",
            "d4xf6xf4",
            "d4xf6xf4xd4",
            "d4xf6xf4xd4xb6",
        ])
    );
    assert_eq!(after("W:Wd4:Bc5,e4,e5,f5", "d4xf6xf4xd4xb6"), "B:Wb6:B");
    assert_eq!(after("W:Wd4:Bc5,e4,e5,f5", "d4xf4xf6xd4"), "B:Wd4:Bc5");
}

#[test]
fn r2_5_different_paths_are_different_moves() {
    // Two chains from d4 back to d4 over the same three pieces, in
    // different orders: two moves.
    let p = pos("W:Wd4:Bc5,e4,e5,f5");
    let a = p.parse_turn("d4xf4xf6xd4").unwrap();
    let b = p.parse_turn("d4xf6xf4xd4").unwrap();
    assert_ne!(a, b);
    assert_eq!(a.from(), b.from());
    assert_eq!(a.to(), b.to());
    assert_eq!(a.captured(), b.captured());
    let (pa, pb) = (p.play(&a).unwrap(), p.play(&b).unwrap());
    assert_eq!(pa.to_string(), "B:Wd4:Bc5");
    assert_eq!(pa, pb);
    let list = p.legal_turns();
    assert_eq!(list.iter().filter(|t| **t == a).count(), 1);
    assert_eq!(list.iter().filter(|t| **t == b).count(), 1);
}

// ---------------------------------------------------------------------------
// P1-P5: start, first move, moves
// ---------------------------------------------------------------------------

#[test]
fn p1_start_position() {
    let start = Position::start(rules());
    assert_eq!(start.to_string(), P1_START);
    assert_eq!(pos(P1_START), start);
    assert_eq!(start.pieces(Side::White).count_ones(), 23);
    assert_eq!(start.pieces(Side::Black).count_ones(), 23);
    let board = start.board();
    let empty: BTreeSet<String> = names(&start, board.points() & !occupied(&start));
    assert_eq!(empty, set(&["d5", "e5", "f5"]));
    assert_eq!(start.huffable(), 0);
    assert_eq!(start.quiet_turns(), 0);
    // The six steps into d5, e5, f5; no jump lands on them.
    assert_eq!(
        turns(&start),
        set(&["c5-d5", "d4-d5", "d4-e5", "e4-e5", "f4-e5", "f4-f5"])
    );
}

#[test]
fn p2_white_moves_first_unless_black_starts() {
    assert_eq!(Position::start(rules()).side_to_move(), Side::White);
    assert_eq!(Game::new(rules()).position().side_to_move(), Side::White);
    let black_first = pos(&P1_START.replacen('W', "B", 1));
    assert_eq!(black_first.side_to_move(), Side::Black);
    assert_eq!(
        turns(&black_first),
        set(&["d6-d5", "d6-e5", "e6-e5", "f6-e5", "f6-f5", "g5-f5"])
    );
}

#[test]
fn p3_steps_in_every_direction() {
    let p = pos("W:We5:Bi7");
    assert_eq!(
        turns(&p),
        set(&[
            "e5-d5", "e5-f5", "e5-e4", "e5-e6", "e5-d4", "e5-f6", "e5-f4", "e5-d6"
        ])
    );
    // On the west arm: a5 lies on a3-a5-a7 and a5-...-i5.
    assert_eq!(turns(&pos("W:Wa5:Bi7")), set(&["a5-a3", "a5-a7", "a5-b5"]));
}

#[test]
fn p3_jumps_in_every_direction() {
    let neighbours = ["d5", "f5", "e4", "e6", "d4", "f6", "f4", "d6"];
    let beyond = ["c5", "g5", "e3", "e7", "c3", "g7", "g3", "c7"];
    for (enemy, landing) in neighbours.iter().zip(beyond) {
        let p = pos(&format!("W:We5:B{enemy}"));
        let mut expected: BTreeSet<String> = neighbours
            .iter()
            .filter(|n| *n != enemy)
            .map(|n| format!("e5-{n}"))
            .collect();
        expected.insert(format!("e5x{landing}"));
        assert_eq!(turns(&p), expected, "jump over {enemy}");
    }
}

#[test]
fn p4_every_prefix_is_a_move() {
    // c3xe5xg7xg5 over d4, f6, g6: each prefix is a move of its own.
    let text = "W:Wc3:Bd4,f6,g6";
    assert_eq!(
        turns(&pos(text)),
        set(&["c3-c4", "c3-d3", "c3xe5", "c3xe5xg7", "c3xe5xg7xg5"])
    );
    assert_eq!(after(text, "c3xe5"), "B:We5:Bf6,g6");
    assert_eq!(after(text, "c3xe5xg7"), "B:Wg7:Bg6");
    assert_eq!(after(text, "c3xe5xg7xg5"), "B:Wg5:B");
}

#[test]
fn p5_capturing_is_optional() {
    let text = "W:Wd5:Be5,i7";
    assert_eq!(
        turns(&pos(text)),
        set(&["d5-c5", "d5-d4", "d5-d6", "d5xf5"])
    );
    let mut game = Game::from_position(pos(text));
    game.play_text("d5-d6").unwrap();
    assert_eq!(game.ending(), None);
    assert_eq!(game.position().pieces(Side::Black).count_ones(), 2);
}

// ---------------------------------------------------------------------------
// P6, P7: forfeits
// ---------------------------------------------------------------------------

#[test]
fn p6_claim_after_not_jumping() {
    // d5 could jump e5; White moves a7 instead: Black may claim d5.
    let mut game = Game::from_position(pos("W:Wa7,d5:Be5"));
    game.play_text("a7-a5").unwrap();
    assert_eq!(game.position().to_string(), "B:Wa5,d5:Be5:Fd5:C1");
    assert!(turns(game.position()).contains("!d5 e5-d5"));
    game.play_text("!d5 e5-d5").unwrap();
    assert_eq!(game.position().to_string(), "W:Wa5:Bd5");
}

#[test]
fn p6_1_piece_that_stepped_away_is_claimable_where_it_went() {
    // d5 could jump e5 and steps to c5, out of reach: claimable on c5.
    assert_eq!(after("W:Wd5:Be5,i7", "d5-c5"), "B:Wc5:Be5,i7:Fc5:C1");
    // d3 could not jump; stepping to d4, where it could, gives no claim:
    // "could have made a jump" is judged before the move.
    assert_eq!(after("W:Wd3:Be5,i7", "d3-d4"), "B:Wd4:Be5,i7:C1");
}

#[test]
fn p6_1_judged_after_own_claim() {
    // d5 could jump only e5; White claims e5 first, so d5 could not jump in
    // the position in which the move was made.
    assert_eq!(after("W:Wa7,d5:Be5,i5:Fe5", "!e5 a7-a5"), "B:Wa5,d5:Bi5");
    // f5 blocks d5's jump over e5; claiming f5 opens it, so d5 is claimable.
    assert_eq!(
        after("W:Wa7,d5:Be5,f5,i5:Ff5", "!f5 a7-a5"),
        "B:Wa5,d5:Be5,i5:Fd5"
    );
}

#[test]
fn p6_2_capture_gives_no_claim_even_stopped_early() {
    // c3xe5 could go on over f6 to g7, and h5 could jump g5; the move
    // captures, so nothing is claimable.
    assert_eq!(after("W:Wc3,h5:Bd4,f6,g5", "c3xe5"), "B:We5,h5:Bg5,f6");
}

#[test]
fn p6_2_claim_and_step_still_gives_claim() {
    // A claim is not a capture: d5 could jump e5 and did not.
    assert_eq!(
        after("W:Wa7,d5:Be5,i5:Fi5", "!i5 a7-a5"),
        "B:Wa5,d5:Be5:Fd5"
    );
}

#[test]
fn p6_3_claim_lapses() {
    let mut game = Game::from_position(pos("B:Wa5,d5:Be5,i5:Fd5:C1"));
    // Black does not claim d5 (and e5 could have jumped d5 to c5).
    game.play_text("i5-i7").unwrap();
    assert_eq!(game.position().to_string(), "W:Wa5,d5:Be5,i7:Fe5:C2");
    game.play_text("!e5 a5-a3").unwrap();
    assert_eq!(game.position().to_string(), "B:Wa3,d5:Bi7");
    // d5 is still on the board, but the claim on it has lapsed.
    let before = game.clone();
    let error = game.play_text("!d5 i7-i5").unwrap_err();
    assert!(error.to_string().contains("no forfeit claim"), "{error}");
    assert_eq!(error.refusal().and_then(|r| r.rule()), Some(Rule::P6));
    assert_eq!(game, before);
    assert!(turns(game.position()).iter().all(|t| !t.starts_with('!')));
}

#[test]
fn p6_4_claim_removes_exactly_one() {
    // d4 and f4 could both have jumped e5; Black may claim one of them.
    let text = "B:Wa7,d4,f4:Be5,i5:Fd4,f4:C1";
    let p = pos(text);
    // Optional: turns without a claim exist.
    assert_eq!(after(text, "i5-i7"), "W:Wd4,f4,a7:Be5,i7:Fe5:C2");
    // One piece, the one chosen.
    assert_eq!(after(text, "!d4 e5-e6"), "W:Wf4,a7:Bi5,e6:Fe6");
    assert_eq!(after(text, "!f4 i5-i7"), "W:Wd4,a7:Be5,i7:Fe5");
    assert_eq!(after(text, "!d4 e5xg3"), "W:Wa7:Bg3,i5");
    for turn in p.legal_turns() {
        let next = p.play(&turn).unwrap();
        let removed = p.pieces(Side::White) & !next.pieces(Side::White);
        let claimed = turn.huff().map_or(0, |c| 1 << c);
        assert_eq!(removed, turn.captured() | claimed);
        assert_eq!(next.zobrist(), rehashed(&next));
        assert_eq!(claimed & !p.huffable(), 0);
    }
    // Not a claimable piece, and not two claims.
    let error = p.parse_turn("!a7 i5-i7").unwrap_err();
    assert!(error.to_string().contains("a7 is not claimable"), "{error}");
    assert_eq!(error.refusal().and_then(|r| r.rule()), Some(Rule::P6));
    assert!(p.parse_turn("!d4 !f4 i5-i7").is_err());
}

#[test]
fn p6_5_claimable_in_text_and_repetition() {
    let with = pos("B:Wa7,d4,f4:Be5,i5:Fd4,f4:C1");
    let without = pos("B:Wa7,d4,f4:Be5,i5:C1");
    assert_eq!(with.to_string(), "B:Wd4,f4,a7:Be5,i5:Fd4,f4:C1");
    assert_eq!(without.to_string(), "B:Wd4,f4,a7:Be5,i5:C1");
    assert!(!with.same_for_repetition(&without));
    assert_ne!(with.zobrist(), without.zobrist());
    assert_ne!(with, without);
    assert_ne!(turns(&with), turns(&without));
    // Only the claimable set differs.
    assert!(with.same_for_repetition(&pos("B:Wf4,d4,a7:Bi5,e5:Ff4,d4:C9")));
}

#[test]
fn p7_turns_with_and_without_claim() {
    // Moves: e5 steps to d5, f5, e4, e6, f6, d6 and jumps to c3, g3; i5
    // steps to h5, i3, i7: 11. With d4 removed: e5 also steps to d4 but
    // cannot jump d4: 11. With f4 removed: likewise 11. 11 + 11 + 11 = 33.
    let moves = [
        "e5-d5", "e5-f5", "e5-e4", "e5-e6", "e5-f6", "e5-d6", "e5xc3", "e5xg3", "i5-h5", "i5-i3",
        "i5-i7",
    ];
    let without_d4 = [
        "e5-d5", "e5-f5", "e5-e4", "e5-e6", "e5-d4", "e5-f6", "e5-d6", "e5xg3", "i5-h5", "i5-i3",
        "i5-i7",
    ];
    let without_f4 = [
        "e5-d5", "e5-f5", "e5-e4", "e5-e6", "e5-f4", "e5-f6", "e5-d6", "e5xc3", "i5-h5", "i5-i3",
        "i5-i7",
    ];
    let mut expected = set(&moves);
    expected.extend(without_d4.iter().map(|m| format!("!d4 {m}")));
    expected.extend(without_f4.iter().map(|m| format!("!f4 {m}")));
    let p = pos("B:Wa7,d4,f4:Be5,i5:Fd4,f4:C1");
    assert_eq!(turns(&p), expected);
    assert_eq!(p.legal_turns().len(), 33);
    assert_eq!(p.perft(1), 33);
    assert_eq!(turns(&pos("B:Wa7,d4,f4:Be5,i5:C1")), set(&moves));
}
