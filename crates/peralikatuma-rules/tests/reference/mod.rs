//! A deliberately simple reference turn generator for Peralikatuma, written
//! straight from the rule book (RULES.md R1.4, R2, P3-P7) and kept apart
//! from the crate's bitboards, tables and move generator.
//!
//! Points are `(file, rank)` pairs on the 9x9 grid (`a1` is `(0, 1)`), sets
//! of points are `BTreeSet`s, and the board is nothing but the 24 lines of
//! R1.4 typed out as text: two points are adjacent when they are next to
//! each other on a line, and a jump goes over the next point along a line
//! to the one after it. The only things taken from the crate are the
//! position's public data (pieces, side to move, claimable pieces) and
//! point names.
//!
//! It is slow on purpose: the point is that it can be checked against the
//! rule book by reading it.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::sync::OnceLock;

use peralikatuma_rules::{Bitboard, Position, Side, Variant};

/// A point: file (`a` = 0) and rank (as written, `1`..`9`).
pub type Pt = (u8, u8);

/// The 24 straight lines of the whole board, copied from R1.4.
pub const LINES: &str = "
a3-a5-a7   b4-b5-b6   c1-e1-g1   c9-e9-g9   d2-e2-f2   d8-e8-f8
h4-h5-h6   i3-i5-i7
c3-c4-c5-c6-c7   c3-d3-e3-f3-g3   c3-d4-e5-f6-g7   c4-d4-e4-f4-g4
c6-d6-e6-f6-g6   c7-d7-e7-f7-g7   d3-d4-d5-d6-d7   f3-f4-f5-f6-f7
g3-f4-e5-d6-c7   g3-g4-g5-g6-g7
a3-b4-c5-d6-e7-f8-g9      c1-d2-e3-f4-g5-h6-i7
g1-f2-e3-d4-c5-b6-a7      i3-h4-g5-f6-e7-d8-c9
a5-b5-c5-d5-e5-f5-g5-h5-i5
e1-e2-e3-e4-e5-e6-e7-e8-e9
";

/// Reads a point name such as `e5` (N1, Peralikatuma's 9x9 names).
pub fn pt(name: &str) -> Pt {
    let bytes = name.as_bytes();
    assert!(
        bytes.len() == 2 && (b'a'..=b'i').contains(&bytes[0]) && (b'1'..=b'9').contains(&bytes[1]),
        "`{name}` is not a point name of the 9x9 grid"
    );
    (bytes[0] - b'a', bytes[1] - b'0')
}

/// Writes a point's name (N1).
pub fn name(p: Pt) -> String {
    format!("{}{}", char::from(b'a' + p.0), p.1)
}

/// The board as the rule book describes it: its lines, and what follows
/// from them.
pub struct Geometry {
    /// The lines, each as its points in order.
    pub lines: Vec<Vec<Pt>>,
    /// Every point on some line.
    pub points: BTreeSet<Pt>,
    /// The points next to each point along a line.
    pub neighbours: BTreeMap<Pt, BTreeSet<Pt>>,
    /// For each point, every `(over, to)` with `over` next to it along a
    /// line and `to` straight beyond `over` on the same line.
    pub jumps: BTreeMap<Pt, BTreeSet<(Pt, Pt)>>,
}

/// The board, built once from [`LINES`].
pub fn geometry() -> &'static Geometry {
    static GEOMETRY: OnceLock<Geometry> = OnceLock::new();
    GEOMETRY.get_or_init(|| {
        let lines: Vec<Vec<Pt>> = LINES
            .split_whitespace()
            .map(|line| line.split('-').map(pt).collect())
            .collect();
        let mut points = BTreeSet::new();
        let mut neighbours: BTreeMap<Pt, BTreeSet<Pt>> = BTreeMap::new();
        let mut jumps: BTreeMap<Pt, BTreeSet<(Pt, Pt)>> = BTreeMap::new();
        for line in &lines {
            points.extend(line.iter().copied());
            for pair in line.windows(2) {
                neighbours.entry(pair[0]).or_default().insert(pair[1]);
                neighbours.entry(pair[1]).or_default().insert(pair[0]);
            }
            for triple in line.windows(3) {
                let (a, b, c) = (triple[0], triple[1], triple[2]);
                jumps.entry(a).or_default().insert((b, c));
                jumps.entry(c).or_default().insert((b, a));
            }
        }
        Geometry {
            lines,
            points,
            neighbours,
            jumps,
        }
    })
}

fn neighbours(p: Pt) -> impl Iterator<Item = Pt> {
    geometry().neighbours.get(&p).into_iter().flatten().copied()
}

fn jumps(p: Pt) -> impl Iterator<Item = (Pt, Pt)> {
    geometry().jumps.get(&p).into_iter().flatten().copied()
}

/// A turn (R2.6): an optional claim, then a move given by its path (R2.5)
/// and the pieces it captures.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct RefTurn {
    /// The claimed piece (P6), if any.
    pub claim: Option<Pt>,
    /// The starting point, then every landing point.
    pub path: Vec<Pt>,
    /// The pieces jumped, in order (empty for a step).
    pub captured: Vec<Pt>,
}

impl RefTurn {
    /// The turn in the notation of N2: `d4-d5`, `c3xe5xg7`, `!e6 d4-d5`.
    pub fn notation(&self) -> String {
        self.to_string()
    }

    /// Where the moving piece starts.
    pub fn from(&self) -> Pt {
        self.path[0]
    }

    /// Where the moving piece ends.
    pub fn to(&self) -> Pt {
        self.path[self.path.len() - 1]
    }
}

impl fmt::Display for RefTurn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(c) = self.claim {
            write!(f, "!{} ", name(c))?;
        }
        let separator = if self.captured.is_empty() { "-" } else { "x" };
        let path: Vec<String> = self.path.iter().map(|&p| name(p)).collect();
        f.write_str(&path.join(separator))
    }
}

/// A Peralikatuma position as plain sets of points.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefPosition {
    /// The side to move.
    pub to_move: Side,
    /// The pieces of the side to move.
    pub own: BTreeSet<Pt>,
    /// The pieces of the other side.
    pub enemy: BTreeSet<Pt>,
    /// The other side's pieces that may be claimed this turn (P6).
    pub claimable: BTreeSet<Pt>,
}

/// A set of the crate's points as `(file, rank)` pairs, through their names.
pub fn points_of(set: Bitboard) -> BTreeSet<Pt> {
    let board = Variant::Peralikatuma.board();
    set.iter()
        .map(|p| pt(&board.point_name(p).to_string()))
        .collect()
}

/// A set of points as sorted names, for messages.
pub fn names(set: &BTreeSet<Pt>) -> Vec<String> {
    set.iter().map(|&p| name(p)).collect()
}

impl RefPosition {
    /// Takes a position's public data: pieces of each side, side to move,
    /// claimable pieces.
    pub fn from_position(position: &Position) -> RefPosition {
        assert_eq!(position.variant(), Variant::Peralikatuma);
        let us = position.side_to_move();
        RefPosition {
            to_move: us,
            own: points_of(position.pieces(us)),
            enemy: points_of(position.pieces(us.opposite())),
            claimable: points_of(position.claimable()),
        }
    }

    /// Every legal turn (P7): every legal move, and for each claimable piece
    /// every legal move with that piece removed, preceded by the claim.
    pub fn turns(&self) -> Vec<RefTurn> {
        let mut turns = moves(&self.own, &self.enemy, None);
        for &c in &self.claimable {
            let mut enemy = self.enemy.clone();
            enemy.remove(&c);
            turns.extend(moves(&self.own, &enemy, Some(c)));
        }
        turns
    }

    /// The legal turns as N2 text.
    pub fn turn_texts(&self) -> Vec<String> {
        self.turns().iter().map(RefTurn::notation).collect()
    }

    /// The pieces the other side may claim after `turn` (P6, P6.1, P6.2).
    ///
    /// A move that captures something gives no claim. Otherwise the
    /// claimable pieces are those of the mover that could have made a jump
    /// in the position in which the move was made, after the mover's own
    /// claim; the piece that moved is claimable where it ended.
    pub fn claimable_after(&self, turn: &RefTurn) -> BTreeSet<Pt> {
        claimable_given(&self.jumpers(turn.claim), turn)
    }

    /// The pieces of the side to move that could make a jump after the
    /// claim `claim`, if any (P6.1: "judged in the position in which the
    /// move was made, after that player's own claim").
    pub fn jumpers(&self, claim: Option<Pt>) -> BTreeSet<Pt> {
        let mut enemy = self.enemy.clone();
        if let Some(c) = claim {
            enemy.remove(&c);
        }
        could_jump(&self.own, &enemy)
    }

    /// The position after `turn`, which must be one of [`RefPosition::turns`].
    pub fn play(&self, turn: &RefTurn) -> RefPosition {
        let mut mover = self.own.clone();
        mover.remove(&turn.from());
        mover.insert(turn.to());
        let mut other = self.enemy.clone();
        if let Some(c) = turn.claim {
            other.remove(&c);
        }
        for c in &turn.captured {
            other.remove(c);
        }
        RefPosition {
            to_move: self.to_move.opposite(),
            own: other,
            enemy: mover,
            claimable: self.claimable_after(turn),
        }
    }

    /// perft (X1) with this generator.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let turns = self.turns();
        if depth == 1 {
            return turns.len() as u64;
        }
        turns.iter().map(|t| self.play(t).perft(depth - 1)).sum()
    }
}

/// The claimable pieces after `turn`, given the pieces of the mover that
/// could jump before it (after its claim): none if the move captured
/// anything (P6.2), else those pieces, the moved one where it ended (P6.1).
pub fn claimable_given(jumpers: &BTreeSet<Pt>, turn: &RefTurn) -> BTreeSet<Pt> {
    if !turn.captured.is_empty() {
        return BTreeSet::new();
    }
    jumpers
        .iter()
        .map(|&p| if p == turn.from() { turn.to() } else { p })
        .collect()
}

/// The empty points: every point of the board held by nobody.
fn empty_points(own: &BTreeSet<Pt>, enemy: &BTreeSet<Pt>) -> BTreeSet<Pt> {
    geometry()
        .points
        .iter()
        .filter(|p| !own.contains(p) && !enemy.contains(p))
        .copied()
        .collect()
}

/// The pieces of `own` that could make a jump (R2.2): over an adjacent
/// enemy piece, along a line, to an empty point straight beyond.
pub fn could_jump(own: &BTreeSet<Pt>, enemy: &BTreeSet<Pt>) -> BTreeSet<Pt> {
    let empty = empty_points(own, enemy);
    own.iter()
        .filter(|&&p| jumps(p).any(|(over, to)| enemy.contains(&over) && empty.contains(&to)))
        .copied()
        .collect()
}

/// Every move (P3-P5): a step in any direction (R2.1), or a chain of jumps
/// in any direction (R2.2-R2.4) stopped after any jump (P4).
fn moves(own: &BTreeSet<Pt>, enemy: &BTreeSet<Pt>, claim: Option<Pt>) -> Vec<RefTurn> {
    let empty = empty_points(own, enemy);
    let mut found = Vec::new();
    for &from in own {
        for to in neighbours(from) {
            if empty.contains(&to) {
                found.push(RefTurn {
                    claim,
                    path: vec![from, to],
                    captured: Vec::new(),
                });
            }
        }
    }
    for &from in own {
        let mut path = vec![from];
        let mut captured = Vec::new();
        chains(enemy, &empty, claim, &mut path, &mut captured, &mut found);
    }
    found
}

/// Extends the chain `path` (which captured `captured`) by every possible
/// jump, reporting each longer chain as a move of its own (P4). Captured
/// pieces stay on the board until the move ends (R2.4): they are neither
/// jumped again nor landed on (their points are not in `empty`); the
/// starting point is empty for the rest of the move.
fn chains(
    enemy: &BTreeSet<Pt>,
    empty: &BTreeSet<Pt>,
    claim: Option<Pt>,
    path: &mut Vec<Pt>,
    captured: &mut Vec<Pt>,
    found: &mut Vec<RefTurn>,
) {
    let at = path[path.len() - 1];
    let from = path[0];
    for (over, to) in jumps(at) {
        let to_is_empty = empty.contains(&to) || to == from;
        if enemy.contains(&over) && !captured.contains(&over) && to_is_empty {
            path.push(to);
            captured.push(over);
            found.push(RefTurn {
                claim,
                path: path.clone(),
                captured: captured.clone(),
            });
            chains(enemy, empty, claim, path, captured, found);
            path.pop();
            captured.pop();
        }
    }
}
