//! Arbitrary picks (a huff, then the moving piece's point and its
//! landings) against positions reached by play or set up at will:
//! `check_pick` accepts exactly the picks of the turns that `legal_turns`
//! lists, a refusal says why, a refused pick leaves the game unchanged,
//! and a legal one removes exactly what it captures and huffs.
//!
//! The picks tried are any picks at all (almost never legal) and picks of
//! legal turns changed a little (a huff added or dropped, a chain cut
//! short or taken further, a landing moved): the edges of legality, where
//! a check and a generator may disagree. Legal turns are played, so the
//! game goes on to later positions.
#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use peralikatuma_fuzz::{game_from_bytes, rehashed, ruleset};
use peralikatuma_rules::{Game, Kind, Position, Turn};

#[derive(Arbitrary, Debug)]
struct Input {
    start: Start,
    tries: Vec<Try>,
}

/// Where the game starts.
#[derive(Arbitrary, Debug)]
enum Start {
    /// After turns chosen by index from the start of a game of the
    /// ruleset the byte picks.
    Played(u8, Vec<u8>),
    /// From any legal position, reachable by play or not.
    Set(Position),
}

/// A pick to try.
#[derive(Arbitrary, Debug)]
enum Try {
    /// Any pick: a huff, then a path.
    Any(Option<u8>, Vec<u8>),
    /// The pick of a legal turn, chosen by index, changed.
    Near(u8, Change),
}

/// How the pick of a legal turn is changed.
#[derive(Arbitrary, Debug)]
enum Change {
    /// Not at all: the game goes on.
    Keep,
    /// Another huff, or none.
    Huff(Option<u8>),
    /// Only the first points of the path, at least the moving piece's.
    Cut(u8),
    /// One more landing.
    Extend(u8),
    /// The last landing elsewhere.
    Land(u8),
}

/// The pick of `turn`: its huff and its path (empty for a pass).
fn pick_of(turn: &Turn) -> (Option<u8>, Vec<u8>) {
    let path = match turn.kind() {
        Kind::Pass => Vec::new(),
        _ => [&[turn.from()][..], turn.landings()].concat(),
    };
    (turn.huff(), path)
}

fn changed(legal: &Turn, change: &Change) -> (Option<u8>, Vec<u8>) {
    let (mut huff, mut path) = pick_of(legal);
    match *change {
        Change::Keep => {}
        Change::Huff(other) => huff = other,
        Change::Cut(keep) => path.truncate(usize::from(keep).max(1)),
        Change::Extend(point) => path.push(point),
        Change::Land(point) => {
            if let Some(last) = path.last_mut() {
                *last = point;
            }
        }
    }
    (huff, path)
}

/// Tries the pick in `game` and checks every promise about it.
fn try_pick(game: &mut Game, huff: Option<u8>, path: &[u8]) {
    let position = *game.position();
    let listed = position
        .legal_turns()
        .iter()
        .find(|turn| pick_of(turn) == (huff, path.to_vec()))
        .copied();
    let turn = match position.check_pick(huff, path) {
        Ok(turn) => turn,
        Err(refusal) => {
            assert_eq!(listed, None, "{huff:?} {path:?} in {position}: {refusal}");
            assert!(!refusal.to_string().is_empty());
            return;
        }
    };
    assert_eq!(listed, Some(turn), "{huff:?} {path:?} in {position}");
    assert_eq!(position.play(&turn), Ok(position.play_unchecked(&turn)));
    let before = game.clone();
    match game.play(&turn) {
        Ok(()) => after_legal(&position, &turn, game.position()),
        Err(error) => {
            assert!(before.ending().is_some(), "{error}");
            assert_eq!(*game, before, "a refused turn changed the game");
        }
    }
}

/// A legal `turn` took `before` to `after`: it removed what it captured
/// and what it huffed, from the opponent only, and the rest holds.
fn after_legal(before: &Position, turn: &Turn, after: &Position) {
    let mover = before.side_to_move();
    let opponent = mover.opposite();
    let removed = turn.captured() | turn.huff().map_or(0, |point| 1 << point);
    assert_eq!(before.pieces(opponent) ^ after.pieces(opponent), removed);
    assert_eq!(after.pieces(opponent) & removed, 0);
    assert_eq!(
        after.pieces(mover).count_ones(),
        before.pieces(mover).count_ones()
    );
    if let Some(to) = turn.to() {
        assert_ne!(after.pieces(mover) & 1 << to, 0);
    }
    assert_eq!(after.side_to_move(), opponent);
    assert_eq!(after.zobrist(), rehashed(after));
    assert_eq!(Position::from_setup(&after.setup()), Ok(*after));
}

fuzz_target!(|input: Input| {
    let mut game = match input.start {
        Start::Played(rules, choices) => game_from_bytes(ruleset(rules), &choices),
        Start::Set(position) => Game::from_position(position),
    };
    for attempt in &input.tries {
        let (huff, path) = match attempt {
            Try::Any(huff, path) => (*huff, path.clone()),
            Try::Near(pick, change) => {
                let turns = game.position().legal_turns();
                match turns.get(usize::from(*pick) % turns.len().max(1)) {
                    Some(legal) => changed(legal, change),
                    None => continue,
                }
            }
        };
        try_pick(&mut game, huff, &path);
    }
});
