//! The pick of a turn from one position (its huff and path) tried in
//! another, of the same ruleset or of another, whose points may be off
//! the board: `check_pick` accepts it exactly when the other position
//! lists a turn with that pick, refuses it otherwise with a reason, and
//! `play_unchecked` of the accepted turn builds a valid position.
//! (`play_unchecked` of an illegal turn panics by design.)
#![no_main]

use libfuzzer_sys::fuzz_target;
use peralikatuma_fuzz::{game_from_bytes, rehashed, ruleset};
use peralikatuma_rules::Side;
use peralikatuma_rules::{Kind, Position, Turn};

/// The pick of `turn`: its huff and its path (empty for a pass).
fn pick_of(turn: &Turn) -> (Option<u8>, Vec<u8>) {
    let path = match turn.kind() {
        Kind::Pass => Vec::new(),
        _ => [&[turn.from()][..], turn.landings()].concat(),
    };
    (turn.huff(), path)
}

fuzz_target!(|input: (u8, Vec<u8>, u8, Vec<u8>, u8)| {
    let (r1, moves1, r2, moves2, pick) = input;
    let from = game_from_bytes(ruleset(r1), &moves1);
    let into = game_from_bytes(ruleset(r2), &moves2);
    let turns = from.position().legal_turns();
    let Some(turn) = turns.get(usize::from(pick) % turns.len().max(1)) else {
        return;
    };
    let (huff, path) = pick_of(turn);
    let position = into.position();
    let listed = position
        .legal_turns()
        .iter()
        .find(|t| pick_of(t) == (huff, path.clone()))
        .copied();
    let turn = match position.check_pick(huff, &path) {
        Ok(turn) => turn,
        Err(refusal) => {
            assert_eq!(listed, None, "{refusal}");
            assert!(!refusal.to_string().is_empty());
            return;
        }
    };
    assert_eq!(listed, Some(turn));
    let next = position.play_unchecked(&turn);
    assert_eq!(next.pieces(Side::White) & next.pieces(Side::Black), 0);
    assert_eq!(next.zobrist(), rehashed(&next));
    // The result is a valid position: its text reads back.
    let text = next.to_string();
    assert_eq!(
        Position::parse(next.ruleset(), &text).map(|p| p.to_string()),
        Ok(text)
    );
});
