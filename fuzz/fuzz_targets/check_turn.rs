//! Arbitrary turns against positions reached by play or set up at will:
//! `check` accepts exactly the turns that `legal_turns` lists, a refusal
//! names the turn it refuses, a refused turn leaves the game unchanged, and
//! a legal one removes exactly what it captures and claims.
//!
//! The turns tried are any turns at all (almost never legal) and legal
//! turns changed a little (a claim added or dropped, a chain cut short or
//! taken further, a landing moved, a step made a jump, another game): the
//! edges of legality, where a check and a generator may disagree. Legal
//! turns are played, so the game goes on to later positions.
#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use peralikatuma_fuzz::game_from_bytes;
use peralikatuma_rules::{Game, Point, Position, Turn, Variant};

#[derive(Arbitrary, Debug)]
struct Input {
    start: Start,
    tries: Vec<Try>,
}

/// Where the game starts.
#[derive(Arbitrary, Debug)]
enum Start {
    /// After turns chosen by index from the start of a game.
    Played(Variant, Vec<u8>),
    /// From any legal position, reachable by play or not.
    Set(Position),
}

/// A turn to try.
#[derive(Arbitrary, Debug)]
enum Try {
    /// Any turn.
    Any(Turn),
    /// A legal turn, chosen by index, changed.
    Near(u8, Change),
}

/// How a legal turn is changed.
#[derive(Arbitrary, Debug)]
enum Change {
    /// Not at all: the game goes on.
    Keep,
    /// Another claim, or none.
    Claim(Option<Point>),
    /// Only the first landings, at least one.
    Cut(u8),
    /// One more landing.
    Extend(Point),
    /// The last landing elsewhere.
    Land(Point),
    /// A step made a one-jump chain, a one-jump chain a step.
    Kind,
    /// The same turn in another game.
    Game(Variant),
}

/// A turn from its parts, if the public API can build it.
fn turn(
    variant: Variant,
    claim: Option<Point>,
    from: Point,
    capture: bool,
    landings: &[Point],
) -> Option<Turn> {
    let turn = match (capture, landings) {
        (true, _) => Turn::chain(variant, from, landings).ok()?,
        (false, &[to]) => Turn::step(variant, from, to),
        (false, _) => return None,
    };
    Some(match claim {
        Some(point) => turn.with_claim(point),
        None => turn,
    })
}

fn changed(legal: &Turn, change: &Change) -> Option<Turn> {
    let (variant, claim, from) = (legal.variant(), legal.claim(), legal.from());
    let capture = legal.is_capture();
    let mut landings = legal.landings().to_vec();
    match *change {
        Change::Keep => return Some(*legal),
        Change::Claim(other) => return turn(variant, other, from, capture, &landings),
        Change::Cut(keep) => landings.truncate(usize::from(keep).max(1)),
        Change::Extend(point) => landings.push(point),
        Change::Land(point) => *landings.last_mut()? = point,
        Change::Kind => return turn(variant, claim, from, !capture, &landings),
        Change::Game(other) => return turn(other, claim, from, capture, &landings),
    }
    turn(variant, claim, from, capture, &landings)
}

/// Tries `turn` in `game` and checks every promise about it.
fn try_turn(game: &mut Game, turn: &Turn) {
    let position = *game.position();
    let legal = position.legal_turns().contains(turn);
    let checked = position.check(turn);
    assert_eq!(
        checked.is_ok(),
        legal,
        "{turn:?} in {position:?}: {checked:?}"
    );
    assert_eq!(position.is_legal(turn), legal);
    if let Err(refusal) = checked {
        assert_eq!(refusal.turn, *turn);
        assert!(!refusal.to_string().is_empty());
        assert_eq!(position.play(turn), Err(refusal));
    }

    let before = game.clone();
    match game.play(turn) {
        Ok(()) => {
            assert!(legal);
            after_legal(&position, turn, game.position());
        }
        Err(error) => {
            assert!(!legal || before.outcome().is_some(), "{error}");
            assert_eq!(*game, before, "a refused turn changed the game");
        }
    }
}

/// A legal `turn` took `before` to `after`: it removed what it captured
/// and what it claimed, from the opponent only, and the rest holds.
fn after_legal(before: &Position, turn: &Turn, after: &Position) {
    let mover = before.side_to_move();
    let opponent = mover.opposite();
    let mut removed = before.captured(turn);
    if let Some(claimed) = turn.claim() {
        removed.insert(claimed);
    }
    assert_eq!(before.pieces(opponent) - after.pieces(opponent), removed);
    assert_eq!(after.pieces(mover).count(), before.pieces(mover).count());
    assert!(after.pieces(mover).contains(turn.to()));
    assert_eq!(after.side_to_move(), opponent);
    assert_eq!(after.zobrist(), after.zobrist_from_scratch());
    let quiet = if turn.removes_pieces() {
        0
    } else {
        before.quiet_turns().saturating_add(1)
    };
    assert_eq!(after.quiet_turns(), quiet);
    assert_eq!(Position::from_setup(after.to_setup()), Ok(*after));
}

fuzz_target!(|input: Input| {
    let mut game = match input.start {
        Start::Played(variant, choices) => game_from_bytes(variant, &choices),
        Start::Set(position) => Game::from_position(position),
    };
    for attempt in &input.tries {
        let turn = match attempt {
            Try::Any(turn) => Some(*turn),
            Try::Near(pick, change) => {
                let turns = game.position().legal_turns();
                turns
                    .get(usize::from(*pick) % turns.len().max(1))
                    .and_then(|legal| changed(legal, change))
            }
        };
        if let Some(turn) = turn {
            try_turn(&mut game, &turn);
        }
    }
});
