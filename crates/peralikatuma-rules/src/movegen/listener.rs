//! The sink behind [`Position::generate`](crate::Position::generate): hands
//! each piece's steps, and each chain, to a caller's listener until it
//! breaks off.

use std::ops::ControlFlow;

use board_topology::{Bitboard, Point};

use super::Sink;
use crate::moves::Moves;
use crate::variant::Variant;

/// Calls `listener` with every group of moves until it returns
/// [`ControlFlow::Break`], whose value it keeps.
pub(crate) struct Listener<F, B> {
    variant: Variant,
    listener: F,
    pub stopped: Option<B>,
}

impl<F: FnMut(Moves<'_>) -> ControlFlow<B>, B> Listener<F, B> {
    pub fn new(variant: Variant, listener: F) -> Listener<F, B> {
        Listener {
            variant,
            listener,
            stopped: None,
        }
    }

    #[inline]
    fn offer(&mut self, moves: Moves<'_>) {
        if self.stopped.is_none() {
            if let ControlFlow::Break(value) = (self.listener)(moves) {
                self.stopped = Some(value);
            }
        }
    }
}

impl<F: FnMut(Moves<'_>) -> ControlFlow<B>, B> Sink for Listener<F, B> {
    #[inline]
    fn steps(&mut self, claim: Option<Point>, from: Point, to: Bitboard) {
        self.offer(Moves::Steps {
            variant: self.variant,
            claim,
            from,
            to,
        });
    }

    #[inline]
    fn chain(
        &mut self,
        claim: Option<Point>,
        from: Point,
        landings: &[Point],
        captured: Bitboard,
        _: Bitboard,
    ) {
        self.offer(Moves::Chain {
            variant: self.variant,
            claim,
            from,
            landings,
            captured,
        });
    }

    #[inline]
    fn done(&self) -> bool {
        self.stopped.is_some()
    }
}
