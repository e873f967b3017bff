//! The verifier: checks a proof with the rules crate alone.
//!
//! From the proof's start it visits every position the proof can reach:
//! where the prover is to move, the proof's turn, which must be legal;
//! where the opponent is to move, every legal turn. Each position is
//! visited once. A position where the game has ended (E1, E4, in the order
//! of E5) must end it as the goal says. Every game of the proof is finite,
//! so when the visit ends, every line of play from the start under the
//! prover's strategy ends as the goal says.
//!
//! Repetition (E2) is never asked about: in Alquerque a position cannot
//! stand twice in one game. Men never step back (A2), and a piece that
//! steps sideways may not step straight back (A5), so it keeps going one
//! way along its rank until it steps forward; no sequence of turns brings
//! every piece back where it stood. The verifier therefore accepts
//! Alquerque proofs only.

use std::collections::HashSet;

use peralikatuma_rules::{Game, Position};
use peralikatuma_rules::{Outcome, Ruleset};

use crate::file::Proof;
use crate::packed::Packed;

/// What a verified proof holds.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct Verified {
    /// Positions of the proof (each counted once), ends of games included.
    pub positions: u64,
    /// Positions of the proof where the game has ended.
    pub ends: u64,
    /// Moves of the proof's strategy used (the prover's positions).
    pub moves_used: u64,
}

/// Why a proof does not prove its goal.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum VerifyError {
    /// The verifier knows only Alquerque's games to be free of repetition.
    #[error("only Alquerque proofs can be verified, this one is of {0}")]
    NotAlquerque(&'static str),
    /// The prover is to move and the proof has no move.
    #[error("the proof has no move for the position {0}")]
    MissingMove(Box<Position>),
    /// The proof's turn is not legal in its position.
    #[error("the proof's turn {turn} is not legal in the position {position}: {refusal}")]
    IllegalTurn {
        /// The position.
        position: Box<Position>,
        /// The proof's turn there (N2).
        turn: String,
        /// Why it is not legal (the rules crate's refusal).
        refusal: String,
    },
    /// A game of the proof ends otherwise than the goal says.
    #[error(
        "the game ends as {outcome:?} in the position {position}, which the goal does not allow"
    )]
    WrongEnd {
        /// The position.
        position: Box<Position>,
        /// How the game ended there.
        outcome: Outcome,
    },
}

/// Checks that `proof` proves its goal from its start position.
///
/// ```
/// use alquerque_proof::{verify, Goal, Proof, VerifyError};
/// use peralikatuma_rules::{Ruleset, Side};
/// use peralikatuma_rules::Position;
///
/// // White captures Black's last piece, whatever the opponent does.
/// let start = Position::parse(Ruleset::ALQUERQUE, "W:Wc2:Bc3")?;
/// let mut proof = Proof::new(Goal::win(Side::White), start);
/// assert!(matches!(verify(&proof), Err(VerifyError::MissingMove(_))));
/// proof.strategy.insert(&start, &start.parse_turn("c2xc4")?)?;
/// let verified = verify(&proof)?;
/// assert_eq!((verified.positions, verified.ends, verified.moves_used), (2, 1, 1));
///
/// // The same move does not prove that Black wins.
/// proof.goal = Goal::win(Side::Black);
/// assert!(verify(&proof).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn verify(proof: &Proof) -> Result<Verified, VerifyError> {
    let ruleset = proof.start.ruleset();
    if ruleset != Ruleset::ALQUERQUE {
        return Err(VerifyError::NotAlquerque(ruleset.id));
    }
    let mut verified = Verified::default();
    // Packed, the positions seen take a fifth of the memory. A position
    // that does not pack (a counter of quiet turns past 255: the start
    // alone, since E4 ends a game at 60) is visited without being kept.
    let mut seen: HashSet<Packed> = HashSet::new();
    let mut stack: Vec<Position> = vec![proof.start];
    while let Some(position) = stack.pop() {
        if let Ok(packed) = Packed::of(&position) {
            if !seen.insert(packed) {
                continue;
            }
        }
        verified.positions += 1;
        if let Some(outcome) = Game::judge(&position, || position.has_legal_turn(), || 1) {
            if !proof.goal.met_by(outcome) {
                return Err(VerifyError::WrongEnd {
                    position: Box::new(position),
                    outcome,
                });
            }
            verified.ends += 1;
        } else if position.side_to_move() == proof.goal.side {
            let turn = proof
                .strategy
                .get(&position)
                .ok_or_else(|| VerifyError::MissingMove(Box::new(position)))?;
            verified.moves_used += 1;
            let next = position
                .play(&turn)
                .map_err(|refusal| VerifyError::IllegalTurn {
                    position: Box::new(position),
                    turn: turn.text(position.board()),
                    refusal: refusal.to_string(),
                })?;
            stack.push(next);
        } else {
            for turn in position.legal_turns().iter() {
                stack.push(position.play_unchecked(turn));
            }
        }
    }
    Ok(verified)
}
