//! Move ordering: the table's move first, then captures (more pieces
//! first) and claims, then quiet turns that caused cut-offs before (killers,
//! history).

use peralikatuma_rules::Side;

/// Most plies the search keeps killers for.
pub(crate) const MAX_PLY: usize = 128;

/// The key of the table's move: before every other turn.
pub(crate) const TABLE_MOVE: i32 = i32::MAX;

/// The key of the first killer at a ply ...
const FIRST_KILLER: i32 = 1 << 27;

/// ... and of the second: keys below it are those of quiet turns ordered by
/// their history alone.
pub(crate) const SECOND_KILLER: i32 = 1 << 26;

/// Points a board may have (the family's largest has 81).
const POINTS: usize = 128;

/// A quiet turn (no capture, no claim): a step, which is all a killer
/// needs to be recognised (a searcher searches one game).
#[derive(Copy, Clone, PartialEq, Eq)]
struct Quiet {
    from: u8,
    to: u8,
}

/// What the search remembers about quiet turns that refuted others.
pub struct Ordering {
    killers: Vec<[Option<Quiet>; 2]>,
    /// Bonus by side, start point and end point of quiet turns.
    history: Box<[[[i32; POINTS]; POINTS]; 2]>,
}

impl Ordering {
    pub fn new() -> Ordering {
        Ordering {
            killers: vec![[None; 2]; MAX_PLY + 1],
            history: Box::new([[[0; POINTS]; POINTS]; 2]),
        }
    }

    pub fn clear(&mut self) {
        self.killers.fill([None; 2]);
        *self.history = [[[0; POINTS]; POINTS]; 2];
    }

    /// The order key of a turn that removes `pieces` pieces (a king
    /// counting as three, a claim or huff as one): more pieces first.
    pub fn removal_key(pieces: u32) -> i32 {
        1 << 28 | (pieces as i32) << 16
    }

    /// The order key of the quiet step from `from` to `to` by `side` at
    /// `ply`: a killer's, or else its history.
    pub fn quiet_key(&self, side: Side, from: u8, to: u8, ply: usize) -> i32 {
        let quiet = Some(Quiet { from, to });
        let killers = &self.killers[ply.min(MAX_PLY)];
        if killers[0] == quiet {
            return FIRST_KILLER;
        }
        if killers[1] == quiet {
            return SECOND_KILLER;
        }
        self.history[side.index()][usize::from(from)][usize::from(to)]
    }

    /// The order key of a capture in the quiescence search, taking
    /// `pieces` pieces of which `kings` are kings: more pieces first, kings
    /// counting thrice.
    pub fn capture_key(pieces: u32, kings: u32) -> i32 {
        pieces as i32 * 8 + kings as i32 * 16
    }

    /// The quiet step from `from` to `to` by `side` caused a cut-off at
    /// `ply` with `depth` to go.
    pub fn cutoff(&mut self, side: Side, from: u8, to: u8, ply: usize, depth: u32) {
        let quiet = Quiet { from, to };
        let killers = &mut self.killers[ply.min(MAX_PLY)];
        if killers[0] != Some(quiet) {
            killers[1] = killers[0];
            killers[0] = Some(quiet);
        }
        let entry = &mut self.history[side.index()][usize::from(from)][usize::from(to)];
        *entry = (*entry + (depth * depth) as i32).min(1 << 25);
    }
}
