//! Legal turn generation over bitboards, without heap allocation.
//!
//! The generators report moves to a [`Sink`]: one sink collects
//! [`Turn`](crate::Turn)s, another only counts them (bulk counting in
//! perft), another hands them to a caller's listener
//! ([`Position::generate`](crate::Position::generate)), so all share one
//! code path. A sink may say it is done, and the generators stop.

mod chains;
mod compact;
mod forfeit;
mod listener;
mod steps;
mod threats;

pub(crate) use compact::Compact;
pub(crate) use forfeit::jumpers;
pub(crate) use listener::Listener;
pub(crate) use threats::first_jumps;

use board_topology::{Bitboard, Board, Direction, Facing, Heading, Point};

use chains::{ALL_DIRECTIONS, ChainRules, Directions};

use crate::setup::NoReturn;
use crate::turn::Turn;
use crate::turn_list::TurnList;
use crate::variant::Variant;

/// Where the generators put the moves they find.
pub(crate) trait Sink {
    /// Steps from `from` to each point of `targets`.
    fn steps(&mut self, claim: Option<Point>, from: Point, targets: Bitboard);
    /// A chain from `from` over `landings`, capturing `captured`, passing
    /// over the points `passed` (those between its landings; for a man the
    /// same as `captured`).
    fn chain(
        &mut self,
        claim: Option<Point>,
        from: Point,
        landings: &[Point],
        captured: Bitboard,
        passed: Bitboard,
    );
    /// After the moves of one claim (P6): the pieces that have a jump, which
    /// become claimable if the turn does not capture (P6.1). Only
    /// Peralikatuma reports them.
    #[inline]
    fn jumpers(&mut self, _claim: Option<Point>, _jumpers: Bitboard) {}
    /// Every step of the pieces of `own` to an adjacent point of `empty`
    /// (R2.1), piece by piece in index order through [`Sink::steps`],
    /// unless the sink keeps them otherwise.
    #[inline]
    fn steps_of_all(&mut self, board: Board, own: Bitboard, empty: Bitboard, claim: Option<Point>)
    where
        Self: Sized,
    {
        steps::any_direction(board, own, empty, claim, self);
    }
    /// Whether the sink wants no more moves: the generators then stop as
    /// soon as they can (after the current report).
    #[inline]
    fn done(&self) -> bool {
        false
    }
}

/// A sink that lists the turns of one game.
pub(crate) struct Collect<'a> {
    pub variant: Variant,
    pub list: &'a mut TurnList,
}

impl Sink for Collect<'_> {
    #[inline]
    fn steps(&mut self, claim: Option<Point>, from: Point, targets: Bitboard) {
        for to in targets {
            self.list
                .push(Turn::generated_step(self.variant, claim, from, to));
        }
    }

    #[inline]
    fn chain(
        &mut self,
        claim: Option<Point>,
        from: Point,
        landings: &[Point],
        _: Bitboard,
        passed: Bitboard,
    ) {
        self.list.push(Turn::generated_chain(
            self.variant,
            claim,
            from,
            landings,
            passed,
        ));
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
    fn chain(&mut self, _: Option<Point>, _: Point, _: &[Point], _: Bitboard, _: Bitboard) {
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

impl Placement {
    #[inline]
    fn empty(&self) -> Bitboard {
        self.board.points() - self.own - self.enemy
    }
}

/// The directions whose heading for `facing` is one of `headings`.
const fn directions(facing: Facing, headings: &[Heading]) -> Directions {
    let mut set = 0;
    let mut d = 0;
    while d < 8 {
        let heading = Direction::ALL[d].heading(facing);
        let mut h = 0;
        while h < headings.len() {
            if headings[h] as usize == heading as usize {
                set |= 1 << d;
            }
            h += 1;
        }
        d += 1;
    }
    set
}

/// The directions of an Alquerque chain's first jump (A4.1), by facing and
/// by whether the piece stands on its last rank.
const FIRST_JUMP: [[Directions; 2]; 2] = {
    let mut table = [[0; 2]; 2];
    let mut f = 0;
    while f < 2 {
        let facing = Facing::ALL[f];
        table[f][0] = directions(facing, &[Heading::Forward, Heading::Sideways]);
        table[f][1] = directions(facing, &[Heading::Sideways]);
        f += 1;
    }
    table
};

/// Whether Alquerque lets a chain's first jump go in `direction`, for a
/// side facing `facing`, from its last rank or not (A4.1).
#[inline]
pub(crate) fn first_jump_allowed(facing: Facing, on_last_rank: bool, direction: Direction) -> bool {
    FIRST_JUMP[facing.index()][usize::from(on_last_rank)] & (1 << direction.index()) != 0
}

/// Every Peralikatuma turn (P3-P7): all moves, then for each claimable
/// piece all moves with that piece removed, preceded by the claim.
pub(crate) fn peralikatuma<S: Sink>(placement: Placement, claimable: Bitboard, sink: &mut S) {
    peralikatuma_moves(placement, None, sink);
    for claim in claimable {
        if sink.done() {
            return;
        }
        let after_claim = Placement {
            enemy: placement.enemy.without(claim),
            ..placement
        };
        peralikatuma_moves(after_claim, Some(claim), sink);
    }
}

/// Peralikatuma moves (P3-P5): a step in any direction, or a chain of jumps
/// in any direction stopped after any jump. Reports the pieces that have a
/// jump to the sink.
#[inline]
fn peralikatuma_moves<S: Sink>(placement: Placement, claim: Option<Point>, sink: &mut S) {
    let empty = placement.empty();
    sink.steps_of_all(placement.board, placement.own, empty, claim);
    let rules = ChainRules {
        every_prefix: true,
        first_directions: ALL_DIRECTIONS,
        king: false,
    };
    let mut jumpers = Bitboard::EMPTY;
    for from in forfeit::may_jump(placement, empty) {
        if sink.done() {
            return;
        }
        if chains::chains(placement, from, empty, claim, rules, sink) {
            jumpers.insert(from);
        }
    }
    sink.jumpers(claim, jumpers);
}

/// Every Alquerque move (A2-A5): captures if there are any (A4), else
/// steps. `no_return` holds the pieces that may not step east and west.
pub(crate) fn alquerque<S: Sink>(
    placement: Placement,
    facing: Facing,
    no_return: NoReturn,
    sink: &mut S,
) {
    let board = placement.board;
    let empty = placement.empty();
    let last_rank = board.base(facing.opposite());
    let mut captured = false;
    for from in forfeit::may_jump(placement, empty) {
        if sink.done() {
            return;
        }
        let first_directions = FIRST_JUMP[facing.index()][usize::from(last_rank.contains(from))];
        let rules = ChainRules {
            every_prefix: false,
            first_directions,
            king: false,
        };
        captured |= chains::chains(placement, from, empty, None, rules, sink);
    }
    if captured || sink.done() {
        return;
    }
    let barred = |from: Point| {
        no_return
            .barred(board, from)
            .map_or(Bitboard::EMPTY, Bitboard::from)
    };

    steps::forward_and_sideways(
        board,
        placement.own - last_rank,
        facing,
        empty,
        barred,
        sink,
    );
}

/// Every Permainan move (M2-M5): captures if there are any, else steps of
/// men and long moves of kings.
pub(crate) fn permainan<S: Sink>(
    placement: Placement,
    kings: Bitboard,
    facing: Facing,
    sink: &mut S,
) {
    let board = placement.board;
    let empty = placement.empty();
    let own_kings = placement.own & kings;
    let men = placement.own - kings;
    let mut captured = false;
    let king_rules = ChainRules {
        every_prefix: false,
        first_directions: ALL_DIRECTIONS,
        king: true,
    };
    for from in own_kings {
        if sink.done() {
            return;
        }
        captured |= chains::chains(placement, from, empty, None, king_rules, sink);
    }
    let man_rules = ChainRules {
        every_prefix: false,
        first_directions: ALL_DIRECTIONS,
        king: false,
    };
    for from in forfeit::may_jump(
        Placement {
            own: men,
            ..placement
        },
        empty,
    ) {
        if sink.done() {
            return;
        }
        captured |= chains::chains(placement, from, empty, None, man_rules, sink);
    }
    if captured || sink.done() {
        return;
    }
    steps::forward_and_sideways(board, men, facing, empty, |_| Bitboard::EMPTY, sink);
    steps::flying(board, own_kings, empty, sink);
}
