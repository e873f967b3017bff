//! Temporary scaffolding until the seed model is deleted (issue 26): the
//! one model's own refusals in the rule book's three games say exactly
//! what the seed model said for them before (the family's
//! `check_pick` and `parse_turn` used to ask the seed model), word for
//! word and rule for rule.
//!
//! Over positions of random games of Peralikatuma, Alquerque and Permainan
//! (seeded), every pick of a mover's piece and any point, and of a
//! mover's piece and any two points near it (each with no claim, each
//! claimable piece, and a piece that is not claimable) is refused by the
//! family model as the seed model refuses it: a single landing as the
//! step beside the piece, as the one-jump chain further off (but as the
//! step for a king with nothing to jump, M4), several as the chain; a
//! pick of the piece alone as its step to the first free point beside it.
//! The same picks as turn text (N2), steps and chains, and text that is
//! not N2, are answered in the seed model's words.
//!
//! Delete this file with the seed model.
#![allow(clippy::unwrap_used)]

use std::ops::ControlFlow;

use peralikatuma_rules::board_topology;
use peralikatuma_rules::family::{self, Reason};
use peralikatuma_rules::{Point, Variant};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

/// Permainan positions with kings (M4), from `tests/refusals.rs`.
const KING_POSITIONS: [&str; 6] = [
    "W:Wd2,e7:BKc5,c8,a9",
    "W:Wb2,c5,Kd8:Bc3,e4,a6,a9,c9",
    "B:We1,d2,c3,a5:Be6,Kc7,c8,c9,e9",
    "W:WKa3:Bb4,b6,a7",
    "W:WKa3,b6:Bc5,c7,d4",
    "W:WKc5,a3:Be7,b8",
];

/// Positions of random games of `variant` (of Permainan, also from
/// positions with kings): every third position of a few games, not the
/// ended ones.
fn positions(variant: Variant, rng: &mut Xoshiro256PlusPlus) -> Vec<family::Position> {
    let ruleset = variant.ruleset();
    let mut starts = vec![family::Position::start(ruleset); 3];
    if variant == Variant::Permainan {
        starts.extend(
            KING_POSITIONS
                .iter()
                .map(|text| family::Position::parse(ruleset, text).unwrap()),
        );
    }
    let mut positions = Vec::new();
    for start in starts {
        let mut position = start;
        for ply in 0..90 {
            let turns = position.legal_turns();
            if turns.is_empty() {
                break;
            }
            if ply % 3 == 0 {
                positions.push(position);
            }
            position = position.play_unchecked(&turns[rng.random_range(0..turns.len())]);
        }
    }
    positions
}

/// The seed model's point with the family point's name.
fn seed_point(variant: Variant, board: &board_topology::graph::Graph, point: u8) -> Point {
    variant
        .board()
        .parse_point(&board.point_name(point).to_string())
        .unwrap()
}

/// The seed model's refusal of a move, if it refuses it.
fn seed_check(
    seed: &peralikatuma_rules::Position,
    huff: Option<Point>,
    from: Point,
    landings: &[Point],
    chain: bool,
) -> Option<peralikatuma_rules::Refusal> {
    let variant = seed.variant();
    let turn = match chain {
        true => peralikatuma_rules::Turn::chain(variant, from, landings).unwrap(),
        false => peralikatuma_rules::Turn::step(variant, from, landings[0]),
    };
    let turn = match huff {
        Some(claim) => turn.with_claim(claim),
        None => turn,
    };
    seed.check(&turn).err()
}

/// What the family's `check_pick` said for a refused pick of a mover's
/// piece in the rule book's games, asking the seed model: the refusal's
/// text and rule. A claim that is not claimable is refused first; a pick
/// of the piece alone as its step to the first free point beside it.
fn seed_pick(
    position: &family::Position,
    huff: Option<u8>,
    from: u8,
    landings: &[u8],
) -> Option<(String, Option<peralikatuma_rules::Rule>)> {
    if huff.is_some_and(|h| position.huffable() & (1 << h) == 0) {
        let to = landings.first().map_or(from, |&to| to);
        return seed_refusal(position, huff, from, &[to]);
    }
    let [] = landings else {
        return seed_refusal(position, huff, from, landings);
    };
    let board = position.board();
    let taken = position.pieces(peralikatuma_rules::Side::White)
        | position.pieces(peralikatuma_rules::Side::Black);
    let free = board.neighbours(from) & !taken & !huff.map_or(0, |h| 1 << h);
    (0..board.len() as u8)
        .filter(|&to| free & (1 << to) != 0)
        .find_map(|to| seed_refusal(position, huff, from, &[to]))
}

/// The seed model's refusal of a pick with landings: one landing as the
/// step beside the piece, as the one-jump chain further off, but as the
/// step for a king with nothing to jump (M4); several as the chain.
fn seed_refusal(
    position: &family::Position,
    huff: Option<u8>,
    from: u8,
    landings: &[u8],
) -> Option<(String, Option<peralikatuma_rules::Rule>)> {
    let seed = position.to_seed().unwrap();
    let variant = seed.variant();
    let board = position.board();
    let point = |p: u8| seed_point(variant, board, p);
    let huff = huff.map(point);
    let from = point(from);
    let said = |refusal: peralikatuma_rules::Refusal| Some((refusal.to_string(), refusal.rule()));
    let landings: Vec<Point> = landings.iter().map(|&p| point(p)).collect();
    let [to] = landings[..] else {
        return said(seed_check(&seed, huff, from, &landings, true)?);
    };
    let step = seed_check(&seed, huff, from, &[to], false)?;
    let chain = seed_check(&seed, huff, from, &[to], true);
    let beside = variant.board().neighbours(from).contains(to);
    said(match chain {
        Some(chain) if !beside => match chain.reason {
            peralikatuma_rules::Reason::NothingToJump { king: true, .. } => step,
            _ => chain,
        },
        _ => step,
    })
}

/// Checks one pick: refused by the family model exactly when it is no
/// legal turn, and in the seed model's words and rule.
fn check_pick(position: &family::Position, huff: Option<u8>, path: &[u8]) {
    let picked = position.check_pick(huff, path);
    let legal = position
        .generate(|turn| {
            let same = turn.huff() == huff
                && turn.kind() != family::Kind::Pass
                && turn.from() == path[0]
                && turn.landings() == &path[1..];
            match same {
                true => ControlFlow::Break(()),
                false => ControlFlow::Continue(()),
            }
        })
        .is_break();
    let refusal = match picked {
        Ok(_) => return assert!(legal, "{path:?} in {position}"),
        Err(refusal) => refusal,
    };
    assert!(!legal, "{path:?} in {position}");
    match refusal.reason {
        // The family's own words: a piece that can move, or that has no
        // free point beside it (no step for the seed model to refuse).
        Reason::Unfinished { .. } => return,
        Reason::HemmedIn { .. } => {
            return assert_eq!(seed_pick(position, huff, path[0], &path[1..]), None);
        }
        _ => {}
    }
    let expected = seed_pick(position, huff, path[0], &path[1..]);
    assert_eq!(
        Some((refusal.to_string(), refusal.rule())),
        expected,
        "huff {huff:?}, path {path:?} in {position}"
    );
}

/// Checks the pick as turn text (N2): a step, and a chain.
fn check_text(position: &family::Position, huff: Option<u8>, path: &[u8]) {
    let seed = position.to_seed().unwrap();
    let board = position.board();
    let names: Vec<String> = path
        .iter()
        .map(|&p| board.point_name(p).to_string())
        .collect();
    let claim = huff.map_or(String::new(), |h| format!("!{} ", board.point_name(h)));
    for separator in ["-", "x"] {
        let text = format!("{claim}{}", names.join(separator));
        let family = position.parse_turn(&text).map(|turn| turn.text(board));
        let seed = seed.parse_turn(&text).map(|turn| turn.to_string());
        assert_eq!(
            family.as_ref().map_err(ToString::to_string),
            seed.as_ref().map_err(ToString::to_string),
            "`{text}` in {position}"
        );
        if let (Err(family), Err(seed)) = (family, seed) {
            assert_eq!(
                family.refusal().map(|r| r.rule()),
                seed.refusal().map(|r| r.rule()),
                "`{text}` in {position}"
            );
        }
    }
}

/// The points near `from`: along each of its lines, as far as the board
/// goes (steps, jumps and a king's long moves), and its neighbours'.
fn near(board: &board_topology::graph::Graph, from: u8) -> u128 {
    board_topology::Direction::ALL
        .into_iter()
        .fold(board.neighbours(from), |near, d| near | board.ray(from, d))
}

#[test]
fn the_one_models_refusals_in_the_rule_books_games_are_the_seed_models() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(26);
    let mut picks = 0usize;
    for variant in Variant::ALL {
        for position in positions(variant, &mut rng) {
            let board = position.board();
            let us = position.side_to_move();
            let own = position.pieces(us);
            let enemy = position.pieces(us.opposite());
            let huffable = position.huffable();
            // No claim, each claimable piece, and a piece that is not.
            let mut huffs = vec![None];
            huffs.extend(
                (0..board.len() as u8)
                    .filter(|&p| huffable & (1 << p) != 0)
                    .map(Some),
            );
            if let Some(not) = (0..board.len() as u8).find(|&p| enemy & !huffable & (1 << p) != 0) {
                huffs.push(Some(not));
            }
            let all = 0..board.len() as u8;
            for from in all.clone().filter(|&p| own & (1 << p) != 0) {
                for &huff in &huffs {
                    check_pick(&position, huff, &[from]);
                    for to in all.clone() {
                        check_pick(&position, huff, &[from, to]);
                        check_text(&position, huff, &[from, to]);
                        picks += 1;
                        if huff.is_some() || near(board, from) & (1 << to) == 0 {
                            continue;
                        }
                        for next in all.clone().filter(|&p| near(board, to) & (1 << p) != 0) {
                            check_pick(&position, huff, &[from, to, next]);
                            check_text(&position, huff, &[from, to, next]);
                            picks += 1;
                        }
                    }
                }
            }
        }
    }
    assert!(picks > 100_000, "{picks} picks");
}

#[test]
fn text_that_is_not_n2_is_answered_in_the_seed_models_words() {
    for variant in Variant::ALL {
        let family = family::Position::start(variant.ruleset());
        let seed = peralikatuma_rules::Position::start(variant);
        for text in [
            "",
            " ",
            "pass",
            "hello there",
            "d4",
            "!d4",
            "!d4 ",
            "!z9 c3-c4",
            "!d44 c3-c4",
            "c3-d4xe5",
            "c3--c4",
            "c3-",
            "-c3",
            "c3-c4-c5",
            "c3xc4x",
            "C3-C4",
            "c3 - c4",
            "c3-c10",
            "z9-c3",
            "a1-i9",
            "c3xz9",
            "!a1  b1-b2",
            "c3  c4",
            "c3x",
        ] {
            let family = family
                .parse_turn(text)
                .map(|turn| turn.text(family.board()));
            // The family model reads the text trimmed, as it asked the seed
            // model to, and an illegal turn is quoted as given.
            let text = text.trim();
            let seed = seed.parse_turn(text).map(|turn| turn.to_string());
            let seed = seed.map_err(|error| match error.refusal() {
                Some(refusal) => format!("`{text}` is not a legal turn: {refusal}"),
                None => error.to_string(),
            });
            assert_eq!(
                family.map_err(|e| e.to_string()),
                seed,
                "`{text}` in {variant}"
            );
        }
    }
}
