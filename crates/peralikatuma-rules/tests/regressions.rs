//! One regression test per bug found in review.
#![allow(clippy::unwrap_used)]

use peralikatuma_rules::{Game, Position, Record, Variant};

fn position(text: &str) -> Position {
    Position::parse(Variant::Peralikatuma, text).unwrap()
}

/// A turn taken from another position, whose destination is occupied here,
/// used to put two pieces on one point. `play` refuses it, and
/// `play_unchecked` panics (it later changed nothing, silently, which
/// issue 10 forbids).
#[test]
#[should_panic(expected = "play_unchecked: e5-e6")]
fn foreign_turn_onto_an_occupied_point_is_refused() {
    let elsewhere = position("W:We5,e4:Bd6");
    let turn = elsewhere.parse_turn("e5-e6").unwrap();
    let here = position("W:We5:Be6");
    assert_eq!(
        here.play(&turn).unwrap_err().to_string(),
        "e6 is not empty (R2.1)"
    );
    here.play_unchecked(&turn);
}

/// A turn of a piece that is not the mover's dropped a White piece and
/// left the hash stale. Now `play_unchecked` panics.
#[test]
#[should_panic(expected = "play_unchecked: a3-a5")]
fn foreign_turn_of_a_missing_piece_is_refused() {
    let elsewhere = position("W:Wa3:Bi7");
    let turn = elsewhere.parse_turn("a3-a5").unwrap();
    let start = Position::start(Variant::Peralikatuma);
    start.play_unchecked(&turn);
}

/// A record with a byte-order mark or blank lines before its headers was
/// read as having no Variant header.
#[test]
fn record_with_bom_and_leading_blank_lines() {
    let text = "\u{feff}\n\n[Variant \"Peralikatuma\"]\n[Result \"*\"]\n\n1. e4-e5 *\n";
    let record: Record = text.parse().unwrap();
    assert_eq!(record.game.turns().len(), 1);
}

/// Tags named like the headers the game writes itself (Variant, Result,
/// Setup) were written twice, and a line break in a value broke the header.
#[test]
fn reserved_tags_and_line_breaks_are_not_written() {
    let mut record = Record::new(Game::new(Variant::Peralikatuma));
    record.set_tag("Setup", "W:We5:Bd7");
    record.set_tag("Result", "1-0");
    record.set_tag("Event", "club\nnight");
    let text = record.to_string();
    assert_eq!(text.matches("[Result").count(), 1);
    assert!(!text.contains("[Setup"));
    assert!(text.contains("[Event \"club night\"]"));
    let read: Record = text.parse().unwrap();
    assert_eq!(read.game, record.game);
}

/// Regression: in the one model a king whose chain of captures ended on
/// the point it started from left the board (M4: Black's king jumps round
/// the square, a1, e1, a5, and back to e5). Found by the seed-rulesets
/// property test.
#[test]
fn m4_a_kings_chain_that_ends_where_it_began_keeps_the_king() {
    use peralikatuma_rules::family;
    let text = "B:Wc1,b2,d2,d5:BKe5,b8,c8,d8,a9,c9:C5";
    let seed = Position::parse(Variant::Permainan, text).unwrap();
    let chain = seed.parse_turn("e5xa1xe1xa5xe5").unwrap();
    let after = seed.play(&chain).unwrap();
    let ours = family::Position::from(&seed);
    let ours_after = ours
        .play(&ours.parse_turn("e5xa1xe1xa5xe5").unwrap())
        .unwrap();
    assert_eq!(ours_after, family::Position::from(&after));
    assert_eq!(ours_after.to_string(), "W:W:BKe5,b8,c8,d8,a9,c9");
}
