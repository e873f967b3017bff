//! The seed games' positions as search nodes.

use alquerque_proof::Proof;
use alquerque_tablebase::{Tablebase, Value, Verdict};
use peralikatuma_rules::{Game, Position, Side, Turn};

use super::{Ended, Node};
use crate::candidates::SeedCandidates;
use crate::eval::evaluate;
use crate::facts::Facts;
use crate::score::Score;
use crate::tuning::Tuning;

impl Node for Position {
    type Turn = Turn;
    type Candidates = SeedCandidates;

    #[inline]
    fn side_to_move(&self) -> Side {
        Position::side_to_move(self)
    }

    #[inline]
    fn zobrist(&self) -> u64 {
        Position::zobrist(self)
    }

    #[inline]
    fn quiet_turns(&self) -> u32 {
        Position::quiet_turns(self)
    }

    #[inline]
    fn play(&self, turn: &Turn) -> Position {
        self.play_unchecked(turn)
    }

    fn legal_turns(&self) -> Vec<Turn> {
        Position::legal_turns(self).iter().copied().collect()
    }

    #[inline]
    fn has_legal_turn(&self) -> bool {
        Position::has_legal_turn(self)
    }

    #[inline]
    fn judge(
        &self,
        has_legal_turn: impl FnOnce() -> bool,
        repetitions: impl FnOnce() -> usize,
    ) -> Option<Ended> {
        let outcome = Game::judge(self, has_legal_turn, repetitions)?;
        Some(outcome.winner().map_or(Ended::Draw, Ended::Win))
    }

    #[inline]
    fn captures_compulsory(&self) -> bool {
        self.variant().captures_compulsory()
    }

    #[inline]
    fn removes(turn: &Turn) -> bool {
        turn.removes_pieces()
    }

    #[inline]
    fn quiet_step(turn: &Turn) -> Option<(u8, u8)> {
        (!turn.removes_pieces()).then(|| (turn.from().index() as u8, turn.to().index() as u8))
    }

    #[inline]
    fn evaluate(&self) -> Score {
        evaluate(self)
    }

    #[inline]
    fn pieces(&self) -> u32 {
        self.occupied().count() as u32
    }

    fn facts(&self, turn: &Turn) -> Facts {
        Facts::of(self, turn)
    }

    fn tuning(&self) -> Tuning {
        Tuning::of(self.variant())
    }

    fn probe(&self, tablebase: &Tablebase) -> Option<(Verdict, Value)> {
        if !tablebase.covers(self) {
            return None;
        }
        let probe = tablebase.probe(self)?;
        Some((probe.verdict, probe.value))
    }

    fn proof_turn(&self, proof: &Proof) -> Option<Turn> {
        let covered =
            proof.start.variant() == self.variant() && proof.goal.side == self.side_to_move();
        covered.then(|| proof.strategy.get(self).copied()).flatten()
    }

    fn best_in(&self, tablebase: &Tablebase) -> Option<(Turn, Verdict, Value)> {
        if !tablebase.covers(self) {
            return None;
        }
        tablebase.best_turn(self)
    }
}
