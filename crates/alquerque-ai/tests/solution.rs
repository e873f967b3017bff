//! Hard and Master play Alquerque from the proof that White wins: against
//! the proof's own most stubborn defence, from the start and from
//! positions of the proof, they never let the win slip.

use std::path::Path;
use std::sync::Arc;

use alquerque_ai::{Player, Strength};
use alquerque_proof::{Proof, Strategy, stubborn_defence};
use peralikatuma_rules::{Game, Position};
use peralikatuma_rules::{Outcome, Ruleset, Side};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// Plays `white` against the defence from `start` to the end.
fn play_out(white: &mut Player, defence: &Strategy, start: Position) -> Option<Outcome> {
    let mut game = Game::from_position(start);
    while game.ending().is_none() {
        let position = *game.position();
        let turn = if position.side_to_move() == Side::White {
            white.choose(&game).expect("White has a turn")
        } else {
            defence
                .get(&position)
                .unwrap_or_else(|| panic!("White left the proof at {position}"))
        };
        game.play(&turn).expect("a legal turn");
    }
    game.ending()
}

#[test]
#[ignore = "reads the 12 MB proof: run in release (CI does)"]
fn e1_hard_and_master_keep_the_proved_win() -> Result<(), Box<dyn std::error::Error>> {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../proofs/alquerque/white-wins.proof.gz");
    let proof = Arc::new(Proof::load(&path)?);
    let defence = stubborn_defence(&proof).ok_or("the proof lacks a move")?;

    // Positions of the proof: White plays the proof's turns, Black at
    // random, for a random number of turns.
    let mut rng = StdRng::seed_from_u64(14);
    let alquerque = Ruleset::ALQUERQUE;
    let mut starts = vec![Position::start(alquerque)];
    while starts.len() < 40 {
        let mut position = Position::start(alquerque);
        for _ in 0..rng.random_range(1..30) {
            if position.outcome().is_some() {
                break;
            }
            let turn = match proof.strategy.get(&position) {
                Some(turn) => turn,
                None => {
                    let turns = position.legal_turns();
                    turns[rng.random_range(0..turns.len())]
                }
            };
            position = position.play_unchecked(&turn);
        }
        if position.side_to_move() == Side::White && position.outcome().is_none() {
            starts.push(position);
        }
    }

    for (i, start) in starts.into_iter().enumerate() {
        let strength = if i == 0 {
            Strength::Master
        } else {
            Strength::Hard
        };
        let mut white = Player::new(strength, i as u64);
        white.hard_nodes = Some(500);
        white.set_solution(Some(proof.clone()));
        let outcome = play_out(&mut white, &defence, start);
        assert!(
            matches!(
                outcome,
                Some(Outcome::Win {
                    winner: Side::White,
                    ..
                })
            ),
            "{strength:?} from {start}: {outcome:?}"
        );
    }
    Ok(())
}
