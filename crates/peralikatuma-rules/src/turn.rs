//! A turn of a family game: an optional huff, then a move, a chain of
//! captures or a pass.

use std::fmt::Write;

use board_topology::graph::Graph;

/// The most landings a turn can have: a chain takes at most every enemy
/// piece, and no ruleset with chains gives a side more than this many
/// (checked at compile time).
pub const MAX_LANDINGS: usize = 24;

const _: () = {
    let mut i = 0;
    while i < crate::RULESETS.len() + crate::SEED_RULESETS.len() {
        let ruleset = match i < crate::RULESETS.len() {
            true => &crate::RULESETS[i],
            false => &crate::SEED_RULESETS[i - crate::RULESETS.len()],
        };
        assert!(
            matches!(ruleset.chain, crate::Chain::Single | crate::Chain::Second)
                || (ruleset.start[0].count_ones() as usize <= MAX_LANDINGS
                    && ruleset.start[1].count_ones() as usize <= MAX_LANDINGS),
            "a chain could outgrow a Turn"
        );
        i += 1;
    }
};

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

/// A turn of a family game, as [`Position::generate`](crate::Position::generate)
/// lists it and [`Position::play`](crate::Position::play) plays it: a
/// small value, copied freely.
///
/// Two turns are the same turn when they remove the same huffed piece and
/// take the same path: the path decides what a chain captures.
#[derive(Copy, Clone)]
pub struct Turn {
    huff: Option<u8>,
    kind: Kind,
    from: u8,
    len: u8,
    landings: [u8; MAX_LANDINGS],
    /// The enemy pieces a capture takes; for any other move, in a ruleset
    /// with the huff, the mover's pieces that could have captured, which
    /// the opponent may then huff (F4): known to the generator, kept here
    /// so that playing the turn need not find them again.
    /// Kept as two halves, low first: a turn aligned to 8 bytes rather
    /// than a `u128`'s 16 is smaller in the lists that hold many.
    pieces: [u64; 2],
}

// A turn is 48 bytes, and a search's candidate (a key, an index and a
// turn) 56.
const _: () = assert!(size_of::<Turn>() == 48 && align_of::<Turn>() == 8);

/// `set` as two halves, low first.
#[inline]
const fn halves(set: u128) -> [u64; 2] {
    [set as u64, (set >> 64) as u64]
}

/// The set of two halves, low first.
#[inline]
const fn whole([low, high]: [u64; 2]) -> u128 {
    low as u128 | (high as u128) << 64
}

/// Landings past the turn's own are left over from other turns and take
/// no part in comparing, hashing or printing it.
impl PartialEq for Turn {
    fn eq(&self, other: &Turn) -> bool {
        (self.huff, self.kind, self.from, self.captured())
            == (other.huff, other.kind, other.from, other.captured())
            && self.landings() == other.landings()
    }
}

impl Eq for Turn {}

impl std::hash::Hash for Turn {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        (
            self.huff,
            self.kind,
            self.from,
            self.landings(),
            self.captured(),
        )
            .hash(state);
    }
}

impl std::fmt::Debug for Turn {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Turn")
            .field("huff", &self.huff)
            .field("kind", &self.kind)
            .field("from", &self.from)
            .field("landings", &self.landings())
            .field("captured", &self.captured())
            .finish()
    }
}

impl Turn {
    /// A pass: no huff and no move (F6).
    ///
    /// ```
    /// use peralikatuma_rules::{Kind, Position, Ruleset, Turn};
    ///
    /// let blocked = Position::parse(Ruleset::find("terhuchu-small")?, "W:Wa1:Ba2,b1,b2,a3,c1,c3")?;
    /// assert_eq!(blocked.legal_turns()[..], [Turn::PASS]);
    /// assert_eq!(Turn::PASS.kind(), Kind::Pass);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const PASS: Turn = Turn {
        huff: None,
        kind: Kind::Pass,
        from: 0,
        len: 0,
        landings: [0; MAX_LANDINGS],
        pieces: [0, 0],
    };

    /// The enemy piece removed before the move (a huff), if any.
    #[inline]
    pub fn huff(&self) -> Option<u8> {
        self.huff
    }

    /// What the move is.
    #[inline]
    pub fn kind(&self) -> Kind {
        self.kind
    }

    /// Where the moving piece starts (meaningless for a pass).
    #[inline]
    pub fn from(&self) -> u8 {
        self.from
    }

    /// Where it lands: one point, or each landing of a chain in order
    /// (none for a pass).
    #[inline]
    pub fn landings(&self) -> &[u8] {
        &self.landings[..usize::from(self.len)]
    }

    /// The enemy pieces the move captures.
    #[inline]
    pub fn captured(&self) -> u128 {
        match self.kind {
            Kind::Capture => whole(self.pieces),
            _ => 0,
        }
    }

    /// The mover's pieces that could have captured before a move that
    /// does not, in a ruleset with the huff (F4): those the opponent may
    /// huff after it (with the moving piece where it lands).
    #[inline]
    pub(super) fn forfeits(&self) -> u128 {
        match self.kind {
            Kind::Capture => 0,
            _ => whole(self.pieces),
        }
    }

    /// The point where the moving piece ends the turn, if it moves.
    #[inline]
    pub fn to(&self) -> Option<u8> {
        self.landings().last().copied()
    }

    /// Whether a piece leaves the board in this turn (a capture or a huff).
    #[inline]
    pub fn removes(&self) -> bool {
        self.captured() != 0 || self.huff.is_some()
    }

    pub(super) fn set_from(&mut self, from: u8) {
        self.from = from;
    }

    pub(super) fn set_huff(&mut self, huff: Option<u8>) {
        self.huff = huff;
    }

    /// Makes this a step, slide or leap from `from` to `to`, after which
    /// the opponent may huff `forfeits` (F4).
    #[inline]
    pub(super) fn set_move(&mut self, kind: Kind, from: u8, to: u8, forfeits: u128) {
        self.kind = kind;
        self.from = from;
        self.landings[0] = to;
        self.len = 1;
        self.pieces = halves(forfeits);
    }

    /// Makes this a pass (keeping the huff).
    pub(super) fn set_pass(&mut self) {
        self.kind = Kind::Pass;
        self.from = 0;
        self.len = 0;
        self.pieces = [0, 0];
    }

    /// Sets the `depth`-th landing of a chain (from 1), dropping any after
    /// it, with the pieces `captured` up to it.
    #[inline]
    pub(super) fn set_hop(&mut self, depth: usize, to: u8, captured: u128) {
        self.kind = Kind::Capture;
        self.landings[depth - 1] = to;
        self.len = depth as u8;
        self.pieces = halves(captured);
    }

    /// The pieces the turn captures, in the order it jumps them: the one
    /// on the straight way between each landing and the next on `board`
    /// (a flying king jumps from afar).
    ///
    /// ```
    /// use peralikatuma_rules::{Position, Ruleset};
    ///
    /// let murray = Ruleset::find("alquerque-murray")?;
    /// let position = Position::parse(murray, "W:Wa1:Bb2,c4,e5")?;
    /// let chain = position.parse_turn("a1xc3xc5").expect("a chain (F2)");
    /// let names: Vec<String> = chain
    ///     .captured_in_order(murray.board)
    ///     .into_iter()
    ///     .map(|p| murray.board.point_name(p).to_string())
    ///     .collect();
    /// assert_eq!(names, ["b2", "c4"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn captured_in_order(&self, board: &Graph) -> Vec<u8> {
        let mut left = self.captured();
        let mut order = Vec::new();
        let mut from = self.from;
        let point = |p: u8| {
            let (file, rank) = board.coords(p);
            (i32::from(file), i32::from(rank))
        };
        for &to in self.landings() {
            let [(x0, y0), (x1, y1)] = [point(from), point(to)];
            let between = |c: u8| {
                let (x, y) = point(c);
                let along = (x - x0) * (x1 - x0) + (y - y0) * (y1 - y0);
                let length = (x1 - x0).pow(2) + (y1 - y0).pow(2);
                (x - x0) * (y1 - y0) == (y - y0) * (x1 - x0) && 0 < along && along < length
            };
            if let Some(c) = (0..board.len() as u8).find(|&c| left & (1 << c) != 0 && between(c)) {
                left &= !(1 << c);
                order.push(c);
            }
            from = to;
        }
        order.extend((0..board.len() as u8).filter(|&c| left & (1 << c) != 0));
        order
    }

    /// The turn written with the point names of `board`: `c3-d4` for a
    /// step, slide or leap, `b2xd4xf4` for captures, `pass`, and a huffed
    /// piece first as in `!d4 c3-c4`.
    ///
    /// ```
    /// use peralikatuma_rules::{Position, Ruleset};
    /// let position = Position::start(Ruleset::find("alquerque-alfonso")?);
    /// let first: Vec<String> = position.legal_turns().iter().map(|t| t.text(position.board())).collect();
    /// assert_eq!(first, ["b2-c3", "c2-c3", "d2-c3", "d3-c3"]);
    /// # Ok::<(), peralikatuma_rules::UnknownRuleset>(())
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
        for &landing in self.landings() {
            let _ = write!(text, "{joint}{}", board.point_name(landing));
        }
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn leftover_landings_do_not_make_equal_turns_differ() {
        let mut long = Turn::PASS;
        long.set_hop(1, 5, 1 << 4);
        long.set_hop(2, 7, 1 << 4 | 1 << 6);
        let mut short = long;
        short.set_hop(1, 5, 1 << 4);
        let mut fresh = Turn::PASS;
        fresh.set_hop(1, 5, 1 << 4);
        assert_eq!(short, fresh);
        assert_eq!(format!("{short:?}"), format!("{fresh:?}"));
        let state = std::hash::RandomState::new();
        let hash = |turn: &Turn| std::hash::BuildHasher::hash_one(&state, turn);
        assert_eq!(hash(&short), hash(&fresh));
        assert_ne!(long, short);
        assert_eq!(short.landings(), [5]);
    }
}
