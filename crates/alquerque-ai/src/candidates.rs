//! The turns of one node as the search keeps them: entries with their
//! ordering keys, filled by the generator into a buffer that every node of
//! the same ply reuses, and taken in search order.

use std::ops::ControlFlow;

use peralikatuma_rules::family::{Position, Turn};

use crate::node::{Node, quiet_step};
use crate::ordering::{Ordering, TABLE_MOVE};

/// One legal turn of a node, with its ordering key.
#[derive(Copy, Clone, Debug)]
struct Candidate {
    /// Its ordering key: higher first.
    key: i32,
    /// Its place in the order of generation (that of the position's legal
    /// turns), by which the transposition table knows it.
    index: u32,
    /// The turn.
    turn: Turn,
}

/// Where a turn came in a node's lists: its key and its place in the order
/// of generation.
#[derive(Copy, Clone, Debug)]
pub struct Ranked {
    /// Its ordering key.
    pub key: i32,
    /// Its place in the order of generation.
    pub index: u32,
}

impl Candidate {
    /// Where it comes in the search: highest key first, equal keys in the
    /// order of generation (so that searches are reproducible). The key's
    /// order, reversed, in the high half; the index in the low half.
    #[inline]
    fn rank(&self) -> u64 {
        let key = self.key as u32 ^ 1 << 31;
        u64::from(!key) << 32 | u64::from(self.index)
    }

    /// Its key and index.
    fn ranked(&self) -> Ranked {
        Ranked {
            key: self.key,
            index: self.index,
        }
    }
}

/// Puts the `n`th turn in search order at `n`, the turns before it being in
/// place. The first is picked from the rest: many nodes end after it (it is
/// often the table's move). The rest are sorted once, when the second is
/// asked for (in place, without allocating).
fn put_in_place(list: &mut [Candidate], n: usize) {
    match n {
        0 => {
            let Some(first) = list.first() else {
                return;
            };
            let (mut best, mut best_rank) = (0, first.rank());
            for (i, candidate) in list.iter().enumerate().skip(1) {
                let rank = candidate.rank();
                if rank < best_rank {
                    (best, best_rank) = (i, rank);
                }
            }
            list.swap(0, best);
        }
        1 => list[1..].sort_unstable_by_key(Candidate::rank),
        _ => {}
    }
}

/// The turns of a node in search order. Allocates only while it grows
/// beyond the most turns a node of its ply has had.
#[derive(Default)]
pub struct Candidates {
    list: Vec<Candidate>,
}

impl Candidates {
    #[inline]
    fn push(&mut self, key: i32, turn: Turn) {
        let index = self.list.len() as u32;
        self.list.push(Candidate { key, index, turn });
    }

    /// Lists the capture `turn` of `node`, keyed for the quiescence search.
    fn push_capture(&mut self, node: &Position, turn: &Turn) {
        let (pieces, kings) = removed(node, turn);
        self.push(Ordering::capture_key(pieces, kings), *turn);
    }

    /// Every legal turn of `node`, keyed by `ordering` at `ply`, the
    /// table's move (by its index in the order of generation) first.
    pub fn every_turn(
        &mut self,
        node: &Position,
        ordering: &Ordering,
        ply: usize,
        table_move: Option<usize>,
    ) {
        self.list.clear();
        let side = node.side_to_move();
        let _ = node.generate(|turn| {
            let key = if table_move == Some(self.list.len()) {
                TABLE_MOVE
            } else if turn.removes() {
                let (pieces, kings) = removed(node, turn);
                Ordering::removal_key(pieces + u32::from(turn.huff().is_some()) + 2 * kings)
            } else if let Some((from, to)) = quiet_step(turn) {
                ordering.quiet_key(side, from, to, ply)
            } else {
                0
            };
            self.push(key, *turn);
            ControlFlow::<()>::Continue(())
        });
    }

    /// The captures of `node`, for the quiescence search; says whether the
    /// side to move has a legal turn at all.
    ///
    /// Captures without a huff: a huff is left to the evaluation (which
    /// counts a huff or a claim to make). With them, every capture would
    /// come once more for each piece that may be huffed, and the
    /// quiescence search of a crowded board (Zamma's 80 men) would not
    /// end.
    pub fn captures(&mut self, node: &Position) -> bool {
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

    /// How many turns there are.
    #[inline]
    pub fn len(&self) -> usize {
        self.list.len()
    }

    /// The `n`th turn in search order, with its key and index, once the
    /// turns before it have been asked for (in order).
    #[inline]
    pub fn turn(&mut self, n: usize) -> (Ranked, Turn) {
        put_in_place(&mut self.list, n);
        let candidate = self.list[n];
        (candidate.ranked(), candidate.turn)
    }
}

/// How many pieces `turn` removes, a king counting as three.
fn removed(node: &Position, turn: &Turn) -> (u32, u32) {
    let them = node.side_to_move().opposite();
    let captured = turn.captured();
    let kings = (captured & node.kings(them)).count_ones();
    (captured.count_ones(), kings)
}
