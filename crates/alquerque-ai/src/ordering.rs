//! Move ordering: the table's move first, then captures (more pieces
//! first) and claims, then quiet turns that caused cut-offs before (killers,
//! history).

use peralikatuma_rules::{Bitboard, Point, Position, Turn, Variant};

/// Most plies the search keeps killers for.
pub(crate) const MAX_PLY: usize = 128;

/// The key of the table's move: before every other turn.
pub(crate) const TABLE_MOVE: i32 = i32::MAX;

/// The key of the first killer at a ply ...
const FIRST_KILLER: i32 = 1 << 27;

/// ... and of the second: keys below it are those of quiet turns ordered by
/// their history alone.
pub(crate) const SECOND_KILLER: i32 = 1 << 26;

/// A quiet turn (no capture, no claim): a step of one game, which is all a
/// killer needs to be recognised.
#[derive(Copy, Clone, PartialEq, Eq)]
struct Quiet {
    variant: Variant,
    from: Point,
    to: Point,
}

/// What the search remembers about quiet turns that refuted others.
pub(crate) struct Ordering {
    killers: Vec<[Option<Quiet>; 2]>,
    /// Bonus by side, start point and end point of quiet turns.
    history: Box<[[[i32; 49]; 49]; 2]>,
}

impl Ordering {
    pub fn new() -> Ordering {
        Ordering {
            killers: vec![[None; 2]; MAX_PLY + 1],
            history: Box::new([[[0; 49]; 49]; 2]),
        }
    }

    pub fn clear(&mut self) {
        self.killers.fill([None; 2]);
        *self.history = [[[0; 49]; 49]; 2];
    }

    /// The order key of a turn that removes pieces, capturing `captured`
    /// after a claim or not: more pieces first, a king counting as three.
    pub fn removal_key(position: &Position, captured: Bitboard, claim: bool) -> i32 {
        let kings = (captured & position.kings()).count() as i32;
        let pieces = captured.count() as i32 + i32::from(claim) + 2 * kings;
        1 << 28 | pieces << 16
    }

    /// The order key of the quiet step from `from` to `to` at `ply`: a
    /// killer's, or else its history.
    pub fn quiet_key(&self, position: &Position, from: Point, to: Point, ply: usize) -> i32 {
        let quiet = Some(Quiet {
            variant: position.variant(),
            from,
            to,
        });
        let killers = &self.killers[ply.min(MAX_PLY)];
        if killers[0] == quiet {
            return FIRST_KILLER;
        }
        if killers[1] == quiet {
            return SECOND_KILLER;
        }
        self.history[position.side_to_move().index()][from.index()][to.index()]
    }

    /// The order key of a capture in the quiescence search: more pieces
    /// first, kings counting thrice.
    pub fn capture_key(position: &Position, captured: Bitboard) -> i32 {
        let kings = (captured & position.kings()).count() as i32;
        captured.count() as i32 * 8 + kings * 16
    }

    /// A quiet turn caused a cut-off at `ply` with `depth` to go.
    pub fn cutoff(&mut self, position: &Position, turn: &Turn, ply: usize, depth: u32) {
        if turn.removes_pieces() {
            return;
        }
        let quiet = Quiet {
            variant: turn.variant(),
            from: turn.from(),
            to: turn.to(),
        };
        let killers = &mut self.killers[ply.min(MAX_PLY)];
        if killers[0] != Some(quiet) {
            killers[1] = killers[0];
            killers[0] = Some(quiet);
        }
        let entry = &mut self.history[position.side_to_move().index()][turn.from().index()]
            [turn.to().index()];
        *entry = (*entry + (depth * depth) as i32).min(1 << 25);
    }
}
