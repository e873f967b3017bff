//! A position as the search sees it: what the search, the evaluation and
//! the weak strengths need of it. Every game's position
//! ([`family::Position`](peralikatuma_rules::family::Position)) is one.

mod family;

use std::fmt::Debug;

use alquerque_proof::Proof;
use alquerque_tablebase::{Tablebase, Value, Verdict};
use peralikatuma_rules::Side;

use crate::candidates::TurnList;
use crate::facts::Facts;
use crate::score::Score;
use crate::tuning::Tuning;

/// How the rules end a game at a node.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Ended {
    /// This side has won.
    Win(Side),
    /// A draw.
    Draw,
}

/// A position as the search sees it: what it asks of a position beside
/// the rules crate's own API (the side to move, the hash, the quiet turns
/// and whether there is a legal turn, which the position says itself).
pub trait Node: Copy + Send + Sync + 'static {
    /// Its turns.
    type Turn: Copy + PartialEq + Debug + Send + Sync + 'static;
    /// The list a node's turns are kept in while it is searched.
    type Candidates: TurnList<Self> + Send + Sync;
    /// The most captures the quiescence search follows past the search's
    /// depth (it then stands on the evaluation).
    const QUIESCENCE_DEPTH: u32 = u32::MAX;

    /// The node after `turn`, one of its legal turns.
    fn play(&self, turn: &Self::Turn) -> Self;
    /// Every legal turn, in the order of generation.
    fn legal_turns(&self) -> Vec<Self::Turn>;
    /// How the rules end the game here, if they do, in the order of E5:
    /// the game's own end (given whether there is a legal turn), then
    /// `repetitions` (E2), then the quiet turns (E4).
    fn judge(
        &self,
        has_legal_turn: impl FnOnce() -> bool,
        repetitions: impl FnOnce() -> usize,
    ) -> Option<Ended>;
    /// Whether the side to move must capture when it can (A4, M5): the
    /// quiescence search may not stand pat then.
    fn captures_compulsory(&self) -> bool;
    /// Whether `turn` removes a piece (a capture, a claim or a huff).
    fn removes(turn: &Self::Turn) -> bool;
    /// The start and end points of `turn` if it is a quiet step (for
    /// killers and history).
    fn quiet_step(turn: &Self::Turn) -> Option<(u8, u8)>;
    /// The static evaluation for the side to move.
    fn evaluate(&self) -> Score;
    /// Pieces on the board.
    fn pieces(&self) -> u32;
    /// What `turn` does at a glance, for the weak strengths.
    fn facts(&self, turn: &Self::Turn) -> Facts;
    /// How the weak strengths play this game.
    fn tuning(&self) -> Tuning;
    /// The value of the node in `tablebase`, if it covers it.
    fn probe(&self, _tablebase: &Tablebase) -> Option<(Verdict, Value)> {
        None
    }
    /// The best turn of the node by `tablebase`, with its verdict and
    /// value, if it covers it.
    fn best_in(&self, _tablebase: &Tablebase) -> Option<(Self::Turn, Verdict, Value)> {
        None
    }
    /// The proof's turn for the node, if the proof covers it and its
    /// prover is to move.
    fn proof_turn(&self, _proof: &Proof) -> Option<Self::Turn> {
        None
    }
}
