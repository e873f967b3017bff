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
    let lengths = lengths(proof)?;
    let mut game = Vec::new();
    let mut position = proof.start;
    while let Some(&(_, Some(turn))) = lengths.get(&position) {
        game.push(turn);
        position = position.play_unchecked(&turn);
    }
    Some(game)
}

/// The opponent's most stubborn defence against the proof: in each
/// position of the proof where the opponent is to move, the answer after
/// which the game lasts longest under the proof's strategy (as in
/// [`longest_game`]). `None` if the proof lacks a move.
///
/// ```
/// use alquerque_proof::{stubborn_defence, Goal, Proof};
/// use peralikatuma_rules::{Position, Side, Variant};
///
/// // White's two men against one: Black's answers are in the defence.
/// let start = Position::parse(Variant::Alquerque, "W:Wb2,d2:Bc4")?;
/// let mut proof = Proof::new(Goal::win(Side::White), start);
/// proof.strategy.insert(start, start.parse_turn("d2-e3")?);
/// // Not a whole proof: the defence needs White's turns everywhere.
/// assert!(stubborn_defence(&proof).is_none());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn stubborn_defence(proof: &Proof) -> Option<HashMap<Position, Turn>> {
    let lengths = lengths(proof)?;
    Some(
        lengths
            .into_iter()
            .filter(|(position, _)| position.side_to_move() != proof.goal.side)
            .filter_map(|(position, (_, turn))| Some((position, turn?)))
            .collect(),
    )
}

/// The length of the longest game under the proof from each of its
/// positions, and the turn that starts it.
fn lengths(proof: &Proof) -> Option<HashMap<Position, (u32, Option<Turn>)>> {
    let mut lengths = HashMap::new();
    length(proof, &proof.start, &mut lengths)?;
    Some(lengths)
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
