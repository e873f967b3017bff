//! A turn of a family game: an optional huff, then a move, a chain of
//! captures or a pass.

use std::fmt::Write;

use board_topology::graph::Graph;
use smallvec::SmallVec;

/// What a turn's move is.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Kind {
    /// No move: the player had none (or, after a huff, had none left).
    Pass,
    /// A step to an adjacent empty point, or a king's slide along a line.
    Step,
    /// Terhuchu's move of exactly two points over an empty point.
    Leap,
    /// One capture or a chain of them.
    Capture,
}

/// A turn of a family game, as [`Position::generate`](super::Position::generate)
/// lists it and [`Position::play`](super::Position::play) plays it.
///
/// Two turns are the same turn when they remove the same huffed piece and
/// take the same path: the path decides what a chain captures.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Turn {
    /// The enemy piece removed before the move (a huff), if any.
    pub huff: Option<u8>,
    /// What the move is.
    pub kind: Kind,
    /// Where the moving piece starts (meaningless for a pass).
    pub from: u8,
    /// Where it lands: one point, or each landing of a chain in order
    /// (empty for a pass).
    pub landings: SmallVec<[u8; 16]>,
    /// The enemy pieces the move captures.
    pub captured: u128,
}

impl Turn {
    /// The point where the moving piece ends the turn, if it moves.
    pub fn to(&self) -> Option<u8> {
        self.landings.last().copied()
    }

    /// The turn written with the point names of `board`: `c3-d4` for a
    /// step, slide or leap, `b2xd4xf4` for captures, `pass`, and a huffed
    /// piece first as in `!d4 c3-c4`.
    ///
    /// ```
    /// use peralikatuma_rules::family::{Position, Ruleset};
    /// let position = Position::start(Ruleset::find("alquerque-alfonso")?);
    /// let first: Vec<String> = position.turns().iter().map(|t| t.text(position.board())).collect();
    /// assert_eq!(first, ["b2-c3", "c2-c3", "d2-c3", "d3-c3"]);
    /// # Ok::<(), peralikatuma_rules::family::UnknownRuleset>(())
    /// ```
    pub fn text(&self, board: &Graph) -> String {
        let mut text = String::new();
        if let Some(huffed) = self.huff {
            let _ = write!(text, "!{} ", board.point_name(huffed));
        }
        if self.kind == Kind::Pass {
            text.push_str("pass");
            return text;
        }
        let _ = write!(text, "{}", board.point_name(self.from));
        let joint = if self.kind == Kind::Capture { 'x' } else { '-' };
        for &landing in &self.landings {
            let _ = write!(text, "{joint}{}", board.point_name(landing));
        }
        text
    }
}
