//! The turns of one node as the search keeps them: compact entries with
//! their ordering keys, filled by the game's generator into a buffer that
//! every node of the same ply reuses, so that no node lists its turns, and
//! taken in search order.

mod family;

pub use family::FamilyCandidates;

use crate::node::Node;
use crate::ordering::Ordering;

/// One legal turn of a node, with its ordering key and what it needs to
/// become a turn again.
#[derive(Copy, Clone, Debug)]
pub struct Candidate<K> {
    /// Its ordering key: higher first.
    pub key: i32,
    /// Its place in the order of generation (that of the position's legal
    /// turns), by which the transposition table knows it.
    pub index: u32,
    /// The turn, or what makes it again.
    pub kind: K,
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

impl<K> Candidate<K> {
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
fn put_in_place<K>(list: &mut [Candidate<K>], n: usize) {
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
/// beyond the most turns a node of its ply has had; builds a turn only for
/// a turn the search plays.
pub trait TurnList<N: Node>: Default + Send {
    /// Every legal turn of `node`, keyed by `ordering` at `ply`, the
    /// table's move (by its index in the order of generation) first.
    fn every_turn(&mut self, node: &N, ordering: &Ordering, ply: usize, table_move: Option<usize>);

    /// The captures of `node`, for the quiescence search; says whether the
    /// side to move has a legal turn at all.
    fn captures(&mut self, node: &N) -> bool;

    /// How many turns there are.
    fn len(&self) -> usize;

    /// The `n`th turn in search order, with its key and index, once the
    /// turns before it have been asked for (in order).
    fn turn(&mut self, n: usize, node: &N) -> (Ranked, N::Turn);
}
