//! The types as keys (issue 10, "Use the types as keys and data"):
//! positions, setups, turns, games, sides and points are `Eq` and `Hash`,
//! and their hashes agree with equality: things that are equal land on one
//! key of a hash set, however they were made.
#![allow(clippy::unwrap_used)]

use std::collections::HashSet;

use peralikatuma_rules::{Point, Position, Setup, Side, Turn, Variant};

/// Every position `depth` turns after the start of `variant`, one per path
/// of play (a position reached by two orders of turns is there twice).
fn positions_by_path(variant: Variant, depth: usize) -> Vec<Position> {
    let mut layer = vec![Position::start(variant)];
    for _ in 0..depth {
        layer = layer
            .iter()
            .flat_map(|p| {
                p.legal_turns()
                    .iter()
                    .map(|t| p.play(t).unwrap())
                    .collect::<Vec<_>>()
            })
            .collect();
    }
    layer
}

#[test]
fn positions_reached_by_different_orders_are_one_key() {
    for variant in Variant::ALL {
        // Alquerque's first turns are few and mostly forced: it needs more
        // of them for two orders to meet.
        let depth = if variant == Variant::Alquerque { 6 } else { 4 };
        let paths = positions_by_path(variant, depth);
        let positions: HashSet<Position> = paths.iter().copied().collect();
        let setups: HashSet<Setup> = paths.iter().map(Position::to_setup).collect();
        // The text (N3) with the game says everything about a position.
        let texts: HashSet<(Variant, String)> =
            paths.iter().map(|p| (p.variant(), p.to_string())).collect();
        assert!(texts.len() < paths.len(), "{variant}: no transposition");
        assert_eq!(positions.len(), texts.len(), "{variant}");
        assert_eq!(setups.len(), texts.len(), "{variant}");
    }
}

#[test]
fn a_turn_built_from_text_or_points_is_the_key_of_the_generated_turn() {
    let position =
        Position::parse(Variant::Peralikatuma, "W:Wd4,c3,e3:Be6,d5,f6,a7,e4:Fe6").unwrap();
    let generated = position.legal_turns();
    let mut keys: HashSet<Turn> = generated.iter().copied().collect();
    assert_eq!(keys.len(), generated.len());
    let board = position.board();
    for turn in generated.iter() {
        // Read back from its text, and built again from its points.
        keys.insert(position.parse_turn(&turn.to_string()).unwrap());
        let rebuilt = if turn.is_capture() {
            Turn::chain(turn.variant(), turn.from(), turn.landings()).unwrap()
        } else {
            Turn::step(turn.variant(), turn.from(), turn.to())
        };
        keys.insert(match turn.claim() {
            Some(point) => rebuilt.with_claim(point),
            None => rebuilt,
        });
        assert!(board.contains(turn.from()));
    }
    assert_eq!(keys.len(), generated.len());
    // The same path in another game is another turn.
    let other = generated
        .iter()
        .filter(|t| !t.is_capture() && t.claim().is_none())
        .map(|t| Turn::step(Variant::Permainan, t.from(), t.to()))
        .next()
        .unwrap();
    assert!(keys.insert(other));
}

#[test]
fn games_sides_and_points_are_keys() {
    assert_eq!(Variant::ALL.into_iter().collect::<HashSet<_>>().len(), 3);
    assert_eq!(Side::ALL.into_iter().collect::<HashSet<_>>().len(), 2);
    let points: HashSet<Point> = Variant::ALL
        .into_iter()
        .flat_map(|v| v.board().points().iter())
        .collect();
    assert_eq!(points.len(), 49);
}
