//! A turn from one position played in another, of the same game or, with
//! the same points, of another: `is_legal` (which walks the turn's path)
//! agrees with the list of legal turns, `play` refuses what is not legal
//! with a reason, and `play_unchecked` of a legal turn builds a valid
//! position. (`play_unchecked` of an illegal turn panics by design.)
#![no_main]

use libfuzzer_sys::fuzz_target;
use peralikatuma_fuzz::{game_from_bytes, variant};
use peralikatuma_rules::{Position, Side, Turn};

fuzz_target!(|input: (u8, Vec<u8>, u8, Vec<u8>, u8)| {
    let (v1, moves1, v2, moves2, pick) = input;
    let from = game_from_bytes(variant(v1), &moves1);
    let into = game_from_bytes(variant(v2), &moves2);
    let turns = from.position().legal_turns();
    let Some(&turn) = turns.get(usize::from(pick) % turns.len().max(1)) else {
        return;
    };
    let position = into.position();
    // The same claim and path as a turn of the other game: a turn keeps
    // its game, and one of another game is refused at once.
    let rebuilt = if turn.is_capture() {
        Turn::chain(position.variant(), turn.from(), turn.landings()).ok()
    } else {
        Some(Turn::step(position.variant(), turn.from(), turn.to()))
    };
    let Some(rebuilt) = rebuilt else {
        return;
    };
    let turn = &match turn.claim() {
        Some(claim) => rebuilt.with_claim(claim),
        None => rebuilt,
    };
    let legal = position.legal_turns().contains(turn);
    assert_eq!(position.is_legal(turn), legal);
    assert_eq!(position.play(turn).is_ok(), legal);
    if let Err(refusal) = position.check(turn) {
        assert!(!refusal.to_string().is_empty());
        return;
    }
    let next = position.play_unchecked(turn);
    assert!((next.pieces(Side::White) & next.pieces(Side::Black)).is_empty());
    assert_eq!(next.zobrist(), next.zobrist_from_scratch());
    // The result is a valid position: its text reads back.
    let text = next.to_string();
    assert_eq!(
        Position::parse(next.variant(), &text).map(|p| p.to_string()),
        Ok(text)
    );
});
