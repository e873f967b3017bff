//! The searcher and the players on every family ruleset (rules.md F):
//! they play legal turns, find the win that is there, and search
//! reproducibly.

#![allow(clippy::unwrap_used)]

use alquerque_ai::{Limits, Player, Score, Searcher, Strength};
use peralikatuma_rules::Side;
use peralikatuma_rules::board_topology::Direction;
use peralikatuma_rules::{End, Game, Position, RULESETS, Ruleset};

/// A position of `ruleset` where White's one man can take Black's one
/// man, on three points in a line that no crowning point touches.
fn last_capture(ruleset: &'static Ruleset) -> (Position, String) {
    let board = ruleset.board;
    let crowning = ruleset.promotion[0] | ruleset.promotion[1];
    for p in 0..board.len() as u8 {
        for direction in Direction::ALL {
            let Some(q) = board.neighbour(p, direction) else {
                continue;
            };
            let Some(r) = board.neighbour(q, direction) else {
                continue;
            };
            if crowning & (1 << p | 1 << q | 1 << r) != 0 {
                continue;
            }
            let name = |point| board.point_name(point).to_string();
            let text = format!("W:W{}:B{}", name(p), name(q));
            let position = Position::parse(ruleset, &text).unwrap();
            return (position, format!("{}x{}", name(p), name(r)));
        }
    }
    panic!("{}: no line of three points", ruleset.id)
}

/// F6: taking the last piece wins in every ruleset: at once where the
/// game is capture-all or a player without a move loses, after Black's
/// forced pass where passing loses.
#[test]
fn f6_the_search_takes_the_last_piece_and_sees_the_win() {
    for ruleset in &RULESETS {
        let (position, capture) = last_capture(ruleset);
        let game = Game::from_position(position);
        let result = Searcher::new(1).search(&game, Limits::depth(4), |_| {});
        let best = result.best.unwrap();
        assert_eq!(best.text(ruleset.board), capture, "{}", ruleset.id);
        let plies = match ruleset.end {
            End::PassThenLoses => 2,
            End::CaptureAll | End::NoMovesLoses => 1,
        };
        assert_eq!(result.score, Score::win_in(plies), "{}", ruleset.id);
    }
}

/// From every start, a search limited by nodes from a cleared searcher
/// gives the same legal turn and node count twice.
#[test]
fn searches_from_every_start_are_legal_and_reproducible() {
    for ruleset in &RULESETS {
        let game = Game::new(ruleset);
        let mut searcher = Searcher::new(4);
        let first = searcher.search(&game, Limits::nodes(3_000), |_| {});
        let best = first.best.unwrap();
        assert!(
            game.position().legal_turns().contains(&best),
            "{}",
            ruleset.id
        );
        assert!(!first.pv.is_empty(), "{}", ruleset.id);
        searcher.clear();
        let again = searcher.search(&game, Limits::nodes(3_000), |_| {});
        assert_eq!(
            (again.best, again.nodes),
            (first.best, first.nodes),
            "{}",
            ruleset.id
        );
    }
}

/// The search plays whole games: Hard (a small node budget) against the
/// random mover wins them, with either colour, in rulesets of each kind
/// of ending, chains, flying kings and huffs.
#[test]
fn hard_beats_random_in_whole_games() {
    for id in [
        "dash-guti",
        "kharbaga",
        "alquerque-covarrubias",
        "lau-kata-kati",
    ] {
        let ruleset = Ruleset::find(id).unwrap();
        for hard_side in [Side::White, Side::Black] {
            let mut hard = Player::new(Strength::Hard, 1);
            hard.hard_nodes = Some(2_000);
            let mut random = Player::new(Strength::Random, 2);
            let mut game = Game::new(ruleset);
            while game.ending().is_none() {
                let player = if game.position().side_to_move() == hard_side {
                    &mut hard
                } else {
                    &mut random
                };
                let turn = player.choose(&game).unwrap();
                game.play(&turn).unwrap();
            }
            let ending = game.ending().unwrap();
            assert!(
                matches!(
                    ending,
                    peralikatuma_rules::Outcome::Win {
                        winner,
                        reason: peralikatuma_rules::WinReason::NoPieces
                            | peralikatuma_rules::WinReason::NoLegalTurn
                            | peralikatuma_rules::WinReason::Passed,
                    } if winner == hard_side
                ),
                "{id}, Hard as {hard_side:?}: {} turns",
                game.turns().len()
            );
        }
    }
}

/// F4, F6: a huff that leaves the huffer no move loses at once. Where such
/// a turn stands beside others, no player chooses it: not the weak
/// strengths, which score turns by short searches, nor the casual player,
/// which always huffs when it can.
#[test]
fn f6_no_player_huffs_into_a_loss_when_it_has_another_turn() {
    // Zamma: White's man on e5 steps only forward, where Black blocks it,
    // and can capture only e4 (backward). Huffing e4 leaves it no move:
    // White passes and has lost.
    let zamma = Ruleset::find("zamma").unwrap();
    let position = Position::parse(zamma, "W:We5:Be4,d6,e6,f6,c7,e7,g7:He4").unwrap();
    let texts: Vec<String> = position
        .legal_turns()
        .iter()
        .map(|t| t.text(zamma.board))
        .collect();
    assert_eq!(texts, ["e5xe3", "!e4 pass"]);
    let game = Game::from_position(position);
    for strength in Strength::ALL {
        for seed in 0..4 {
            let mut player = Player::new(strength, seed);
            player.hard_nodes = Some(1_000);
            let turn = player.choose(&game).unwrap();
            if strength == Strength::Random {
                continue;
            }
            assert_eq!(turn.text(zamma.board), "e5xe3", "{strength}, seed {seed}");
        }
    }
}
