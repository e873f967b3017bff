//! One game out of a proof: the prover plays the proof's turns, the
//! opponent the answers that hold out longest against them.

use std::collections::HashMap;

use peralikatuma_rules::{Game, Position, Turn};

use crate::file::Proof;

/// The longest game of the proof: from its start, the prover's turns from
/// the proof and, at each of the opponent's turns, the answer after which
/// the game lasts longest under the proof's strategy. For a proof that
/// passes [`verify`](crate::verify) it is a perfect game: the prover
/// never lets the goal slip, and the opponent, who cannot stop it, makes
/// it take as long as it can. `None` if the proof lacks a move.
///
/// ```
/// use alquerque_proof::{longest_game, Goal, Proof};
/// use peralikatuma_rules::{Position, Side, Variant};
///
/// let start = Position::parse(Variant::Alquerque, "W:Wc2:Bc3")?;
/// let mut proof = Proof::new(Goal::win(Side::White), start);
/// proof.strategy.insert(start, start.parse_turn("c2xc4")?);
/// let game = longest_game(&proof).expect("a move everywhere");
/// assert_eq!(game.iter().map(|t| t.to_string()).collect::<Vec<_>>(), ["c2xc4"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn longest_game(proof: &Proof) -> Option<Vec<Turn>> {
    let mut lengths: HashMap<Position, (u32, Option<Turn>)> = HashMap::new();
    length(proof, &proof.start, &mut lengths)?;
    let mut game = Vec::new();
    let mut position = proof.start;
    while let Some(&(_, Some(turn))) = lengths.get(&position) {
        game.push(turn);
        position = position.play_unchecked(&turn);
    }
    Some(game)
}

/// Plies from `position` to the end of the longest game under the proof,
/// and the turn that starts it; remembered in `lengths`. Games are at most
/// a few hundred plies, so the recursion stays shallow.
fn length(
    proof: &Proof,
    position: &Position,
    lengths: &mut HashMap<Position, (u32, Option<Turn>)>,
) -> Option<u32> {
    if let Some(&(plies, _)) = lengths.get(position) {
        return Some(plies);
    }
    let found = if Game::judge(position, || position.has_legal_turn(), || 1).is_some() {
        (0, None)
    } else if position.side_to_move() == proof.goal.side {
        let turn = *proof.strategy.get(position)?;
        (
            length(proof, &position.play_unchecked(&turn), lengths)? + 1,
            Some(turn),
        )
    } else {
        let mut longest = (0, None);
        for turn in position.legal_turns().iter() {
            let plies = length(proof, &position.play_unchecked(turn), lengths)? + 1;
            if longest.1.is_none() || plies > longest.0 {
                longest = (plies, Some(*turn));
            }
        }
        longest
    };
    lengths.insert(*position, found);
    Some(found.0)
}
