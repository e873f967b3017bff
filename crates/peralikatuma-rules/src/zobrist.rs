//! Zobrist keys, generated at compile time.

use board_topology::{Bitboard, POINT_COUNT, Point};

use crate::setup::NoReturn;
use crate::side::Side;

/// SplitMix64: a fixed, well-mixed sequence for the keys.
pub(crate) const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (state, z ^ (z >> 31))
}

struct Keys {
    pieces: [[u64; POINT_COUNT]; 2],
    kings: [u64; POINT_COUNT],
    no_return: [[u64; POINT_COUNT]; 2],
    claimable: [u64; POINT_COUNT],
    black_to_move: u64,
}

const KEYS: Keys = {
    let mut state = 0x5eed_a1c0_0e12_0b0a;
    let mut pieces = [[0; POINT_COUNT]; 2];
    let mut claimable = [0; POINT_COUNT];
    let mut kings = [0; POINT_COUNT];
    let mut no_return = [[0; POINT_COUNT]; 2];
    let mut i = 0;
    while i < POINT_COUNT {
        let (s, a) = splitmix(state);
        let (s, b) = splitmix(s);
        let (s, c) = splitmix(s);
        pieces[0][i] = a;
        pieces[1][i] = b;
        claimable[i] = c;
        let (s, d) = splitmix(s);
        let (s, e) = splitmix(s);
        let (s, f) = splitmix(s);
        kings[i] = d;
        no_return[0][i] = e;
        no_return[1][i] = f;
        state = s;
        i += 1;
    }
    let (_, black_to_move) = splitmix(state);
    Keys {
        pieces,
        kings,
        no_return,
        claimable,
        black_to_move,
    }
};

/// Key of a piece of `side` on `point`.
#[inline]
pub(crate) fn piece(side: Side, point: Point) -> u64 {
    KEYS.pieces[side.index()][point.index()]
}

/// Combined key of pieces of `side` on all points of `set`.
#[inline]
pub(crate) fn pieces(side: Side, set: Bitboard) -> u64 {
    set.iter().fold(0, |h, p| h ^ piece(side, p))
}

/// Combined key of claimable pieces on all points of `set` (P6.5).
#[inline]
pub(crate) fn claimable(set: Bitboard) -> u64 {
    set.iter().fold(0, |h, p| h ^ KEYS.claimable[p.index()])
}

/// Combined key of the kings on all points of `set` (either side's: the
/// piece keys tell the sides apart).
#[inline]
pub(crate) fn kings(set: Bitboard) -> u64 {
    set.iter().fold(0, |h, p| h ^ KEYS.kings[p.index()])
}

/// Combined key of the no-return restrictions (A5).
#[inline]
pub(crate) fn no_return(no_return: NoReturn) -> u64 {
    let east = no_return
        .east
        .iter()
        .fold(0, |h, p| h ^ KEYS.no_return[0][p.index()]);
    no_return
        .west
        .iter()
        .fold(east, |h, p| h ^ KEYS.no_return[1][p.index()])
}

/// Key for the side to move.
#[inline]
pub(crate) fn side_to_move(side: Side) -> u64 {
    match side {
        Side::White => 0,
        Side::Black => KEYS.black_to_move,
    }
}
