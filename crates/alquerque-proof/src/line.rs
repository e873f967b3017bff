//! One game out of a proof: the prover plays the proof's turns, the
//! opponent the answers that hold out longest against them.

use std::collections::HashMap;

use peralikatuma_rules::{Game, Position, Turn};

use crate::file::Proof;
use crate::packed::Packed;
use crate::strategy::Strategy;

/// The longest game of the proof: from its start, the prover's turns from
/// the proof and, at each of the opponent's turns, the answer after which
/// the game lasts longest under the proof's strategy. For a proof that
/// passes [`verify`](crate::verify) it is a perfect game: the prover
/// never lets the goal slip, and the opponent, who cannot stop it, makes
/// it take as long as it can. `None` if the proof lacks a move, or is of a
/// game other than Alquerque, whose positions may repeat (E2).
///
/// ```
/// use alquerque_proof::{longest_game, Goal, Proof};
/// use peralikatuma_rules::{Ruleset, Side};
/// use peralikatuma_rules::Position;
///
/// let start = Position::parse(Ruleset::ALQUERQUE, "W:Wc2:Bc3")?;
/// let mut proof = Proof::new(Goal::win(Side::White), start);
/// proof.strategy.insert(&start, &start.parse_turn("c2xc4")?)?;
/// let game = longest_game(&proof).expect("a move everywhere");
/// let board = start.board();
/// assert_eq!(game.iter().map(|t| t.text(board)).collect::<Vec<_>>(), ["c2xc4"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn longest_game(proof: &Proof) -> Option<Vec<Turn>> {
    let lengths = Lengths::of(proof)?;
    let mut game = Vec::new();
    let mut position = proof.start;
    while let Some(turn) = lengths.turn(&position) {
        game.push(turn);
        position = position.play_unchecked(&turn);
    }
    Some(game)
}

/// The opponent's most stubborn defence against the proof: in each
/// position of the proof where the opponent is to move, the answer after
/// which the game lasts longest under the proof's strategy (as in
/// [`longest_game`]). `None` if the proof lacks a move, or is of a game
/// other than Alquerque.
///
/// ```
/// use alquerque_proof::{stubborn_defence, Goal, Proof};
/// use peralikatuma_rules::{Ruleset, Side};
/// use peralikatuma_rules::Position;
///
/// // White's two men against one: Black's answers are in the defence.
/// let start = Position::parse(Ruleset::ALQUERQUE, "W:Wb2,d2:Bc4")?;
/// let mut proof = Proof::new(Goal::win(Side::White), start);
/// proof.strategy.insert(&start, &start.parse_turn("d2-e3")?)?;
/// // Not a whole proof: the defence needs White's turns everywhere.
/// assert!(stubborn_defence(&proof).is_none());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn stubborn_defence(proof: &Proof) -> Option<Strategy> {
    let lengths = Lengths::of(proof)?;
    let mut defence = Strategy::new(proof.start.ruleset());
    for (packed, length) in &lengths.lengths {
        if let Some(answer) = length.answer {
            defence.insert_packed(*packed, answer);
        }
    }
    Some(defence)
}

/// The longest game from a position under the proof.
#[derive(Copy, Clone)]
struct Length {
    /// Its plies.
    plies: u32,
    /// Where the opponent is to move, the index among the legal turns of
    /// the answer that starts it.
    answer: Option<u32>,
}

/// The longest game under the proof from each of its positions.
struct Lengths<'a> {
    proof: &'a Proof,
    lengths: HashMap<Packed, Length>,
}

impl Lengths<'_> {
    /// The lengths of `proof`'s games, if it has a move everywhere.
    fn of(proof: &Proof) -> Option<Lengths<'_>> {
        if !proof.strategy.keys_with_quiet_turns() {
            return None;
        }
        let mut lengths = Lengths {
            proof,
            lengths: HashMap::new(),
        };
        lengths.length(&proof.start)?;
        Some(lengths)
    }

    /// The turn that starts the longest game from `position`, if the game
    /// goes on there.
    fn turn(&self, position: &Position) -> Option<Turn> {
        if ended(position) {
            None
        } else if position.side_to_move() == self.proof.goal.side {
            self.proof.strategy.get(position)
        } else {
            let answer = self.lengths.get(&Packed::of(position).ok()?)?.answer?;
            position.legal_turns().get(answer as usize).copied()
        }
    }

    /// Plies from `position` to the end of the longest game under the
    /// proof; remembered. Games are at most a few hundred plies, so the
    /// recursion stays shallow.
    fn length(&mut self, position: &Position) -> Option<u32> {
        let packed = Packed::of(position).ok();
        if let Some(length) = packed.and_then(|packed| self.lengths.get(&packed)) {
            return Some(length.plies);
        }
        let found = if ended(position) {
            Length {
                plies: 0,
                answer: None,
            }
        } else if position.side_to_move() == self.proof.goal.side {
            let turn = self.proof.strategy.get(position)?;
            Length {
                plies: self.length(&position.play_unchecked(&turn))? + 1,
                answer: None,
            }
        } else {
            let mut longest: Option<Length> = None;
            for (index, turn) in position.legal_turns().iter().enumerate() {
                let plies = self.length(&position.play_unchecked(turn))? + 1;
                if longest.is_none_or(|longest| plies > longest.plies) {
                    longest = Some(Length {
                        plies,
                        answer: Some(index as u32),
                    });
                }
            }
            longest?
        };
        if let Some(packed) = packed {
            self.lengths.insert(packed, found);
        }
        Some(found.plies)
    }
}

/// Whether the game has ended at `position` (no position repeats in
/// Alquerque, A2, A5).
fn ended(position: &Position) -> bool {
    Game::judge(position, || position.has_legal_turn(), || 1).is_some()
}
