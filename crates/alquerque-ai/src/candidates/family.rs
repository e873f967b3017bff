//! The family's candidates: its turns are small values, kept whole.

use std::ops::ControlFlow;

use peralikatuma_rules::family::{Position, Turn};

use super::{Candidate, Ranked, TurnList, put_in_place};
use crate::node::Node;
use crate::ordering::{Ordering, TABLE_MOVE};

/// The turns of a family game's node ([`TurnList`]).
#[derive(Default)]
pub struct FamilyCandidates {
    list: Vec<Candidate<Turn>>,
}

impl FamilyCandidates {
    fn push(&mut self, key: i32, turn: Turn) {
        let index = self.list.len() as u32;
        self.list.push(Candidate {
            key,
            index,
            kind: turn,
        });
    }

    /// Lists the capture `turn` of `node`, keyed for the quiescence search.
    fn push_capture(&mut self, node: &Position, turn: &Turn) {
        let (pieces, kings) = removed(node, turn);
        self.push(Ordering::capture_key(pieces, kings), *turn);
    }
}

/// How many pieces `turn` removes, a king counting as three.
fn removed(node: &Position, turn: &Turn) -> (u32, u32) {
    let them = Position::side_to_move(node).opposite();
    let captured = turn.captured();
    let kings = (captured & node.kings(them)).count_ones();
    (captured.count_ones(), kings)
}

impl TurnList<Position> for FamilyCandidates {
    fn every_turn(
        &mut self,
        node: &Position,
        ordering: &Ordering,
        ply: usize,
        table_move: Option<usize>,
    ) {
        self.list.clear();
        let side = Position::side_to_move(node);
        let _ = node.generate(|turn| {
            let key = if table_move == Some(self.list.len()) {
                TABLE_MOVE
            } else if turn.removes() {
                let (pieces, kings) = removed(node, turn);
                Ordering::removal_key(pieces + u32::from(turn.huff().is_some()) + 2 * kings)
            } else if let Some((from, to)) = <Position as Node>::quiet_step(turn) {
                ordering.quiet_key(side, from, to, ply)
            } else {
                0
            };
            self.push(key, *turn);
            ControlFlow::<()>::Continue(())
        });
    }

    /// Captures without a huff: a huff is left to the evaluation (which
    /// counts a huff to make), as the seed games' claims before a step
    /// are. With huffs, every capture would come once more for each
    /// piece that may be huffed, and the quiescence search of a crowded
    /// board (Zamma's 80 men) would not end.
    fn captures(&mut self, node: &Position) -> bool {
        self.list.clear();
        if node.captures_compulsory() {
            // The generator lists a move that does not capture only where
            // there is no capture (before any huff): the first one ends
            // the search, and says there is a legal turn.
            let mut any = false;
            let _ = node.generate(|turn| {
                any = true;
                if turn.captured() == 0 || turn.huff().is_some() {
                    return ControlFlow::Break(());
                }
                self.push_capture(node, turn);
                ControlFlow::Continue(())
            });
            return any;
        }
        let _ = node.generate_captures(|turn| {
            self.push_capture(node, turn);
            ControlFlow::<()>::Continue(())
        });
        !self.list.is_empty() || node.has_legal_turn()
    }

    fn len(&self) -> usize {
        self.list.len()
    }

    fn turn(&mut self, n: usize, _node: &Position) -> (Ranked, Turn) {
        put_in_place(&mut self.list, n);
        let candidate = self.list[n];
        (candidate.ranked(), candidate.kind)
    }
}
