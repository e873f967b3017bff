//! Legal turn generation over bitboards, without heap allocation.
//!
//! The generators report moves to a [`Sink`]: one sink collects
//! [`Turn`](crate::Turn)s, another only counts them (bulk counting in
//! perft), so both share one code path.

mod chains;
mod forfeit;
mod steps;

pub(crate) use forfeit::jumpers;

use board_topology::{Bitboard, Board, Point};

use crate::turn::{Turn, TurnList};

/// Where the generators put the moves they find.
pub(crate) trait Sink {
    /// Steps from `from` to each point of `targets`.
    fn steps(&mut self, claim: Option<Point>, from: Point, targets: Bitboard);
    /// A chain from `from` over `landings`, capturing `captured`.
    fn chain(&mut self, claim: Option<Point>, from: Point, landings: &[Point], captured: Bitboard);
}

impl Sink for TurnList {
    #[inline]
    fn steps(&mut self, claim: Option<Point>, from: Point, targets: Bitboard) {
        for to in targets {
            self.push(Turn::step(claim, from, to));
        }
    }

    #[inline]
    fn chain(&mut self, claim: Option<Point>, from: Point, landings: &[Point], captured: Bitboard) {
        self.push(Turn::chain(claim, from, landings, captured));
    }
}

/// A sink that only counts.
#[derive(Default)]
pub(crate) struct Counter(pub usize);

impl Sink for Counter {
    #[inline]
    fn steps(&mut self, _: Option<Point>, _: Point, targets: Bitboard) {
        self.0 += targets.count();
    }

    #[inline]
    fn chain(&mut self, _: Option<Point>, _: Point, _: &[Point], _: Bitboard) {
        self.0 += 1;
    }
}

/// The pieces on the board as the generators see them.
#[derive(Copy, Clone)]
pub(crate) struct Placement {
    pub board: Board,
    pub own: Bitboard,
    pub enemy: Bitboard,
}

/// Every Peralikatuma turn (P3-P7): all moves, then for each claimable
/// piece all moves with that piece removed, preceded by the claim.
pub(crate) fn peralikatuma<S: Sink>(placement: Placement, claimable: Bitboard, sink: &mut S) {
    peralikatuma_moves(placement, None, sink);
    for claim in claimable {
        let after_claim = Placement {
            enemy: placement.enemy.without(claim),
            ..placement
        };
        peralikatuma_moves(after_claim, Some(claim), sink);
    }
}

/// Peralikatuma moves (P3-P5): a step in any direction, or a chain of jumps
/// in any direction stopped after any jump.
#[inline]
fn peralikatuma_moves<S: Sink>(placement: Placement, claim: Option<Point>, sink: &mut S) {
    let empty = placement.board.points() - placement.own - placement.enemy;
    steps::any_direction(placement.board, placement.own, empty, claim, sink);
    for from in forfeit::may_jump(placement, empty) {
        chains::every_prefix(placement, from, empty, claim, sink);
    }
}
