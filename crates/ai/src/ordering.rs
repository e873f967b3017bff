//! Move ordering: the table's move first, then captures (more pieces
//! first) and claims, then quiet turns that caused cut-offs before (killers,
//! history).

use peralikatuma_rules::{Position, Turn};

/// Most plies the search keeps killers for.
pub(crate) const MAX_PLY: usize = 128;

/// What the search remembers about quiet turns that refuted others.
pub(crate) struct Ordering {
    killers: Vec<[Option<Turn>; 2]>,
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

    /// The order key of a turn: higher first.
    pub fn key(&self, position: &Position, turn: &Turn, ply: usize, table_move: bool) -> i32 {
        if table_move {
            return i32::MAX;
        }
        let captured = position.captured(turn);
        if captured.any() || turn.claim().is_some() {
            let kings = (captured & position.kings()).count() as i32;
            let pieces = captured.count() as i32 + i32::from(turn.claim().is_some()) + 2 * kings;
            return 1 << 28 | pieces << 16;
        }
        let killers = &self.killers[ply.min(MAX_PLY)];
        if killers[0].as_ref() == Some(turn) {
            return 1 << 27;
        }
        if killers[1].as_ref() == Some(turn) {
            return 1 << 26;
        }
        self.history[position.side_to_move().index()][turn.from().index()][turn.to().index()]
    }

    /// A quiet turn caused a cut-off at `ply` with `depth` to go.
    pub fn cutoff(&mut self, position: &Position, turn: &Turn, ply: usize, depth: u32) {
        if turn.removes_pieces() {
            return;
        }
        let killers = &mut self.killers[ply.min(MAX_PLY)];
        if killers[0].as_ref() != Some(turn) {
            killers[1] = killers[0];
            killers[0] = Some(*turn);
        }
        let entry = &mut self.history[position.side_to_move().index()][turn.from().index()]
            [turn.to().index()];
        *entry = (*entry + (depth * depth) as i32).min(1 << 25);
    }
}
