//! The tables against an independent way of knowing: a plain minimax over
//! the rules crate's own `Game` (which judges E1, E2 and E4 itself), from
//! random positions with few pieces. Every value the search can prove
//! within its depth must be the table's verdict.

use alquerque_tablebase::{Tablebase, Verdict};
use peralikatuma_rules::{Game, Position, Setup};
use peralikatuma_rules::{Ruleset, Side};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

/// The exact verdict for the side to move, if the search proves it
/// within `depth` turns.
fn solve(game: &mut Game, depth: u32) -> Option<Verdict> {
    if let Some(outcome) = game.ending() {
        let side = game.position().side_to_move();
        return Some(match outcome.winner() {
            Some(winner) if winner == side => Verdict::Win,
            Some(_) => Verdict::Loss,
            None => Verdict::Draw,
        });
    }
    if depth == 0 {
        return None;
    }
    let mut best = Verdict::Loss;
    let mut unknown = false;
    for turn in game.position().legal_turns().iter() {
        game.play(turn).expect("a legal turn");
        let theirs = solve(game, depth - 1);
        game.undo();
        match theirs {
            Some(Verdict::Loss) => return Some(Verdict::Win),
            Some(Verdict::Draw) => best = Verdict::Draw,
            Some(Verdict::Win) => {}
            None => unknown = true,
        }
    }
    if unknown { None } else { Some(best) }
}

/// A random legal position of `ruleset` with at most `pieces` pieces, a
/// random counter of quiet turns in `quiet`, and random claims or marks.
fn random_position(
    rng: &mut Xoshiro256PlusPlus,
    ruleset: &'static Ruleset,
    pieces: usize,
    quiet: std::ops::RangeInclusive<u32>,
) -> Position {
    let points = ruleset.board.len();
    loop {
        let count = rng.random_range(2..=pieces);
        let mut setup = Setup {
            side_to_move: if rng.random_bool(0.5) {
                Side::White
            } else {
                Side::Black
            },
            quiet_turns: rng.random_range(quiet.clone()),
            ..Setup::empty(ruleset)
        };
        let mut placed = 0;
        while placed < count {
            let point = 1u128 << rng.random_range(0..points);
            if (setup.pieces(Side::White) | setup.pieces(Side::Black)) & point != 0 {
                continue;
            }
            let side = if placed == 0 || (placed > 1 && rng.random_bool(0.5)) {
                0
            } else {
                1
            };
            if ruleset.has_kings() && rng.random_bool(0.4) {
                setup.kings[side] |= point;
            } else {
                setup.men[side] |= point;
            }
            if ruleset.no_return && rng.random_bool(0.3) {
                setup.barred[usize::from(rng.random_bool(0.5))] |= point;
            }
            placed += 1;
        }
        if ruleset.huff {
            let waiting = setup.pieces(setup.side_to_move.opposite());
            for point in (0..points).map(|p| 1u128 << p).filter(|p| waiting & p != 0) {
                if rng.random_bool(0.3) {
                    setup.huffable |= point;
                }
            }
        }
        if let Ok(position) = Position::from_setup(&setup)
            && position.outcome().is_none()
        {
            return position;
        }
    }
}

fn check(variant: &'static Ruleset, pieces: usize, depth: u32, samples: usize, seed: u64) {
    let tablebase = Tablebase::build(variant, pieces, &|_| {}).expect("small tables build");
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut proved = [0usize; 3];
    for _ in 0..samples {
        // Near the sixty-turn rule the search sees every line to its end
        // unless a piece is removed.
        let quiet = if rng.random_bool(0.7) {
            60 - depth..=59
        } else {
            0..=59
        };
        let position = random_position(&mut rng, variant, pieces, quiet);
        let probe = tablebase.probe(&position).expect("covered");
        let mut game = Game::from_position(position);
        if let Some(verdict) = solve(&mut game, depth) {
            assert_eq!(
                probe.verdict,
                verdict,
                "{variant}: {position:?} (quiet {}): table {:?}, search {verdict:?}",
                position.quiet_turns(),
                probe.value
            );
            proved[verdict as usize] += 1;
        }
    }
    let total: usize = proved.iter().sum();
    assert!(
        total >= samples / 3,
        "{variant}: the search proved only {total} of {samples}"
    );
    println!("{variant}: proved {total} of {samples} (win, draw, loss: {proved:?})");
}

#[test]
#[cfg_attr(debug_assertions, ignore = "slow in debug builds: run with --release")]
fn peralikatuma_tables_agree_with_a_plain_search() {
    check(Ruleset::PERALIKATUMA, 3, 5, 300, 11);
}

#[test]
#[cfg_attr(debug_assertions, ignore = "slow in debug builds: run with --release")]
fn alquerque_tables_agree_with_a_plain_search() {
    check(Ruleset::ALQUERQUE, 3, 7, 300, 12);
}

#[test]
#[cfg_attr(debug_assertions, ignore = "slow in debug builds: run with --release")]
fn permainan_tables_agree_with_a_plain_search() {
    check(Ruleset::PERMAINAN, 3, 4, 300, 13);
}

#[test]
#[cfg_attr(debug_assertions, ignore = "slow in debug builds: run with --release")]
fn the_familys_tables_agree_with_a_plain_search() {
    for (i, ruleset) in peralikatuma_rules::RULESETS.iter().enumerate() {
        // Zamma's three pieces (flying kings on 81 points from the first
        // table) take most of a minute to build: two there.
        let pieces = if ruleset.board.len() > 73 { 2 } else { 3 };
        check(ruleset, pieces, 4, 80, 100 + i as u64);
    }
}
