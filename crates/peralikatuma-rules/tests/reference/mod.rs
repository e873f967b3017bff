//! A deliberately simple reference turn generator for the three games of
//! the rule book, written straight from RULES.md and kept apart from the
//! crate's bitboards, tables and move generator: Peralikatuma (R1.4, R2,
//! P3-P7), Alquerque (R1.5, R1.6, A1-A5) and Permainan (R1.5, R1.6,
//! M1-M6).
//!
//! Points are `(file, rank)` pairs on the 9x9 grid of R1.1 whatever the
//! game (`a1` is `(0, 1)`, `c3` is `(2, 3)`), sets of points are
//! `BTreeSet`s, and the board is nothing but the 24 lines of R1.4 typed out
//! as text, cut to the game's points (R1.5): two points are adjacent when
//! they are next to each other on a line, a jump goes over the next point
//! along a line to the one after it, and a flying king goes along a line.
//! A game's own point names (R1.6) are made only when turns are written
//! (N2). The only things taken from the crate are the position's public
//! data (pieces, kings, side to move, claimable pieces, no-return
//! restrictions) and the grid coordinates of its points.
//!
//! It is slow on purpose: the point is that it can be checked against the
//! rule book by reading it.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::sync::OnceLock;

use peralikatuma_rules::{Position, Ruleset, Side};

/// A point: file (`a` = 0) and rank (as written, `1`..`9`) on the 9x9 grid
/// of R1.1.
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

/// The south arm (R1.3), in the names of the whole board.
const SOUTH_ARM: [&str; 6] = ["c1", "e1", "g1", "d2", "e2", "f2"];

/// The north arm (R1.3), the south arm turned half round.
const NORTH_ARM: [&str; 6] = ["c9", "e9", "g9", "d8", "e8", "f8"];

/// Reads a point name of the whole board such as `e5` (R1.1).
pub fn pt(name: &str) -> Pt {
    let bytes = name.as_bytes();
    assert!(
        bytes.len() == 2 && (b'a'..=b'i').contains(&bytes[0]) && (b'1'..=b'9').contains(&bytes[1]),
        "`{name}` is not a point name of the 9x9 grid"
    );
    (bytes[0] - b'a', bytes[1] - b'0')
}

/// Writes a point's name on the whole board (R1.1).
pub fn name(p: Pt) -> String {
    format!("{}{}", char::from(b'a' + p.0), p.1)
}

/// How far a game's own names are shifted from the whole board's, as
/// `(files, ranks)` (R1.6): Permainan by two files, Alquerque by two files
/// and two ranks.
pub fn shift(game: &'static Ruleset) -> (u8, u8) {
    if game == Ruleset::PERALIKATUMA {
        (0, 0)
    } else if game == Ruleset::PERMAINAN {
        (2, 0)
    } else {
        (2, 2)
    }
}

/// A point's name in the game's own names (R1.6, N1).
pub fn game_name(game: &'static Ruleset, p: Pt) -> String {
    let (files, ranks) = shift(game);
    name((p.0 - files, p.1 - ranks))
}

/// The point a name of the game's own names (R1.6) stands for.
pub fn game_pt(game: &'static Ruleset, point_name: &str) -> Pt {
    let (files, ranks) = shift(game);
    let p = pt(point_name);
    (p.0 + files, p.1 + ranks)
}

/// Whether `p` is a point of the square `c3`..`g7` (R1.1).
fn in_square(p: Pt) -> bool {
    (2..=6).contains(&p.0) && (3..=7).contains(&p.1)
}

/// Whether a point of the whole board (it is on some line of [`LINES`]) is
/// a point of the game (R1.5): Peralikatuma all 49; Permainan the square
/// with the south and north arms; Alquerque the square alone.
fn in_game(game: &'static Ruleset, p: Pt) -> bool {
    let on_arm = |arm: [&str; 6]| arm.iter().any(|&a| pt(a) == p);
    if game == Ruleset::PERALIKATUMA {
        true
    } else if game == Ruleset::PERMAINAN {
        in_square(p) || on_arm(SOUTH_ARM) || on_arm(NORTH_ARM)
    } else {
        in_square(p)
    }
}

/// A game's board as the rule book describes it: its lines, and what
/// follows from them.
pub struct Geometry {
    /// The lines, cut where the game's points end (R1.5), each as its
    /// points in order.
    pub lines: Vec<Vec<Pt>>,
    /// Every point of the game.
    pub points: BTreeSet<Pt>,
    /// The points next to each point along a line.
    pub neighbours: BTreeMap<Pt, BTreeSet<Pt>>,
    /// For each point, every `(over, to)` with `over` next to it along a
    /// line and `to` straight beyond `over` on the same line.
    pub jumps: BTreeMap<Pt, BTreeSet<(Pt, Pt)>>,
    /// For each point, the points along each line through it going away
    /// from it, nearest first: two rays per line, except at a line's end.
    pub rays: BTreeMap<Pt, Vec<Vec<Pt>>>,
}

impl Geometry {
    /// The board of `game`: the lines of [`LINES`] cut to its points.
    fn build(game: &'static Ruleset) -> Geometry {
        let mut lines = Vec::new();
        for text in LINES.split_whitespace() {
            let whole: Vec<Pt> = text.split('-').map(pt).collect();
            let kept: Vec<usize> = (0..whole.len())
                .filter(|&i| in_game(game, whole[i]))
                .collect();
            // A line is cut where the points end: what is left is one run.
            assert!(
                kept.windows(2).all(|w| w[1] == w[0] + 1),
                "{text} would have a gap on the board of {game}"
            );
            if kept.len() >= 2 {
                lines.push(kept.iter().map(|&i| whole[i]).collect::<Vec<Pt>>());
            }
        }
        let mut points = BTreeSet::new();
        let mut neighbours: BTreeMap<Pt, BTreeSet<Pt>> = BTreeMap::new();
        let mut jumps: BTreeMap<Pt, BTreeSet<(Pt, Pt)>> = BTreeMap::new();
        let mut rays: BTreeMap<Pt, Vec<Vec<Pt>>> = BTreeMap::new();
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
            for (i, &p) in line.iter().enumerate() {
                let up: Vec<Pt> = line[i + 1..].to_vec();
                let down: Vec<Pt> = line[..i].iter().rev().copied().collect();
                let entry = rays.entry(p).or_default();
                entry.extend([up, down].into_iter().filter(|ray| !ray.is_empty()));
            }
        }
        Geometry {
            lines,
            points,
            neighbours,
            jumps,
            rays,
        }
    }
}

/// The board of `game`, built once from [`LINES`].
pub fn geometry(game: &'static Ruleset) -> &'static Geometry {
    static GEOMETRIES: [OnceLock<Geometry>; 3] = [const { OnceLock::new() }; 3];
    let n = Ruleset::RULE_BOOK
        .iter()
        .position(|&r| r == game)
        .expect("one of the rule book's games");
    GEOMETRIES[n].get_or_init(|| Geometry::build(game))
}

fn neighbours(game: &'static Ruleset, p: Pt) -> impl Iterator<Item = Pt> {
    geometry(game)
        .neighbours
        .get(&p)
        .into_iter()
        .flatten()
        .copied()
}

fn jumps(game: &'static Ruleset, p: Pt) -> impl Iterator<Item = (Pt, Pt)> {
    geometry(game).jumps.get(&p).into_iter().flatten().copied()
}

fn rays(game: &'static Ruleset, p: Pt) -> impl Iterator<Item = &'static Vec<Pt>> {
    geometry(game).rays.get(&p).into_iter().flatten()
}

/// How many ranks a move from `from` to `to` gains for `side` (R1.7):
/// more than 0 forward or diagonally forward, 0 sideways, less than 0
/// backward. White faces the higher ranks, Black the lower.
fn gain(side: Side, from: Pt, to: Pt) -> i32 {
    let up = i32::from(to.1) - i32::from(from.1);
    match side {
        Side::White => up,
        Side::Black => -up,
    }
}

/// An Alquerque piece's last rank (A3): rank 5 for White, rank 1 for
/// Black, in Alquerque's names.
fn alquerque_last_rank(side: Side) -> u8 {
    let last = match side {
        Side::White => "a5",
        Side::Black => "a1",
    };
    game_pt(Ruleset::ALQUERQUE, last).1
}

/// The opponent's base in Permainan (M6): `a9`, `c9`, `e9` for White;
/// `a1`, `c1`, `e1` for Black, in Permainan's names.
fn permainan_far_base(side: Side) -> BTreeSet<Pt> {
    let base = match side {
        Side::White => ["a9", "c9", "e9"],
        Side::Black => ["a1", "c1", "e1"],
    };
    base.iter()
        .map(|&n| game_pt(Ruleset::PERMAINAN, n))
        .collect()
}

/// A turn (R2.6): an optional claim, then a move given by its path (R2.5)
/// and the pieces it captures.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefTurn {
    /// The game, for the point names of N1.
    pub game: &'static Ruleset,
    /// The claimed piece (P6), if any.
    pub claim: Option<Pt>,
    /// The starting point, then every landing point.
    pub path: Vec<Pt>,
    /// The pieces jumped, in order (empty for a step or a king's long
    /// move).
    pub captured: Vec<Pt>,
}

impl RefTurn {
    /// The turn in the notation of N2: `d4-d5`, `c3xe5xg7`, `!e6 d4-d5`,
    /// in the game's own point names.
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
            write!(f, "!{} ", game_name(self.game, c))?;
        }
        let separator = if self.captured.is_empty() { "-" } else { "x" };
        let path: Vec<String> = self.path.iter().map(|&p| game_name(self.game, p)).collect();
        f.write_str(&path.join(separator))
    }
}

/// A position of any of the games as plain sets of points.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefPosition {
    /// The game.
    pub game: &'static Ruleset,
    /// The side to move.
    pub to_move: Side,
    /// The pieces of the side to move.
    pub own: BTreeSet<Pt>,
    /// The pieces of the other side.
    pub enemy: BTreeSet<Pt>,
    /// The pieces of either side that are kings (Permainan, M4).
    pub kings: BTreeSet<Pt>,
    /// The other side's pieces that may be claimed this turn (Peralikatuma,
    /// P6).
    pub claimable: BTreeSet<Pt>,
    /// The no-return restrictions (Alquerque, A5) of either side, as
    /// `(y, x)`: the piece on `y` may not step to `x`.
    pub no_return: BTreeSet<(Pt, Pt)>,
}

/// A set of the one model's points of `position`'s board as `(file,
/// rank)` pairs on the 9x9 grid of R1.1, by their names in the game's own
/// names (R1.6).
pub fn family_points_of(position: &Position, set: u128) -> BTreeSet<Pt> {
    let board = position.board();
    let game = position.ruleset();
    assert!(
        game.is_rule_book(),
        "a position of one of the rule book's games"
    );
    (0..board.len() as u8)
        .filter(|&p| set & 1 << p != 0)
        .map(|p| game_pt(game, &board.point_name(p).to_string()))
        .collect()
}

/// A set of points as sorted names of the whole board, for messages.
pub fn names(set: &BTreeSet<Pt>) -> Vec<String> {
    set.iter().map(|&p| name(p)).collect()
}

impl RefPosition {
    /// Takes a position's public data (the game, pieces of each side,
    /// kings, side to move, claimable pieces, no-return restrictions) of a
    /// position of the one model (`Position`) of one of the three
    /// games, its points read by their names in the game's own names
    /// (R1.6).
    pub fn from_family(position: &Position) -> RefPosition {
        let game = position.ruleset();
        assert!(
            game.is_rule_book(),
            "a position of one of the rule book's games"
        );
        let us = position.side_to_move();
        let points = |set: u128| family_points_of(position, set);
        let [east, west] = position.barred();
        let mut no_return = BTreeSet::new();
        for y in points(east) {
            no_return.insert((y, (y.0 + 1, y.1)));
        }
        for y in points(west) {
            no_return.insert((y, (y.0 - 1, y.1)));
        }
        RefPosition {
            game,
            to_move: us,
            own: points(position.pieces(us)),
            enemy: points(position.pieces(us.opposite())),
            kings: points(position.kings(Side::White) | position.kings(Side::Black)),
            claimable: points(position.huffable()),
            no_return,
        }
    }

    /// Every legal turn of the game (P7, A2-A5, M2-M5).
    pub fn turns(&self) -> Vec<RefTurn> {
        if self.game == Ruleset::PERALIKATUMA {
            self.peralikatuma_turns()
        } else if self.game == Ruleset::ALQUERQUE {
            self.alquerque_turns()
        } else {
            self.permainan_turns()
        }
    }

    /// The legal turns as N2 text.
    pub fn turn_texts(&self) -> Vec<String> {
        self.turns().iter().map(RefTurn::notation).collect()
    }

    /// The points of the game held by nobody.
    fn empty(&self) -> BTreeSet<Pt> {
        empty_points(self.game, &self.own, &self.enemy)
    }

    /// Peralikatuma (P7): every legal move, and for each claimable piece
    /// every legal move with that piece removed, preceded by the claim.
    fn peralikatuma_turns(&self) -> Vec<RefTurn> {
        let mut turns = peralikatuma_moves(&self.own, &self.enemy, None);
        for &c in &self.claimable {
            let mut enemy = self.enemy.clone();
            enemy.remove(&c);
            turns.extend(peralikatuma_moves(&self.own, &enemy, Some(c)));
        }
        turns
    }

    /// Alquerque: the whole chains if any piece can capture (A4-A4.3),
    /// else the steps (A2, A3, A5).
    fn alquerque_turns(&self) -> Vec<RefTurn> {
        let game = self.game;
        let side = self.to_move;
        let last_rank = alquerque_last_rank(side);
        let empty = self.empty();
        // A4.1: the first jump goes forward, diagonally forward or
        // sideways; from the last rank, sideways only.
        let first_jump = |from: Pt, to: Pt| {
            if from.1 == last_rank {
                gain(side, from, to) == 0
            } else {
                gain(side, from, to) >= 0
            }
        };
        let mut captures = Vec::new();
        for &from in &self.own {
            let mut path = vec![from];
            short_chains(
                game,
                &self.enemy,
                &empty,
                &first_jump,
                &mut path,
                &mut Vec::new(),
                &mut captures,
            );
        }
        if !captures.is_empty() {
            return captures;
        }
        let mut steps = Vec::new();
        for &from in &self.own {
            // A3: no step at all from the last rank.
            if from.1 == last_rank {
                continue;
            }
            for to in neighbours(game, from) {
                // A2: forward, diagonally forward or sideways; A5: not
                // straight back after a sideways step.
                if empty.contains(&to)
                    && gain(side, from, to) >= 0
                    && !self.no_return.contains(&(from, to))
                {
                    steps.push(RefTurn {
                        game,
                        claim: None,
                        path: vec![from, to],
                        captured: Vec::new(),
                    });
                }
            }
        }
        steps
    }

    /// Permainan: the whole chains of men (short jumps in every direction,
    /// M3) and kings (long jumps, M4) if there are any (M5), else the steps
    /// of men (M2) and the long moves of kings (M4).
    fn permainan_turns(&self) -> Vec<RefTurn> {
        let game = self.game;
        let side = self.to_move;
        let empty = self.empty();
        let mut captures = Vec::new();
        for &from in &self.own {
            let mut path = vec![from];
            if self.kings.contains(&from) {
                king_chains(
                    game,
                    &self.enemy,
                    &empty,
                    &mut path,
                    &mut Vec::new(),
                    &mut captures,
                );
            } else {
                short_chains(
                    game,
                    &self.enemy,
                    &empty,
                    &|_, _| true,
                    &mut path,
                    &mut Vec::new(),
                    &mut captures,
                );
            }
        }
        if !captures.is_empty() {
            return captures;
        }
        let mut moves = Vec::new();
        let mut push = |from: Pt, to: Pt| {
            moves.push(RefTurn {
                game,
                claim: None,
                path: vec![from, to],
                captured: Vec::new(),
            });
        };
        for &from in &self.own {
            if self.kings.contains(&from) {
                // Any number of empty points along one line.
                for ray in rays(game, from) {
                    for &to in ray.iter().take_while(|p| empty.contains(p)) {
                        push(from, to);
                    }
                }
            } else {
                for to in neighbours(game, from) {
                    if empty.contains(&to) && gain(side, from, to) >= 0 {
                        push(from, to);
                    }
                }
            }
        }
        moves
    }

    /// The pieces the other side may claim after `turn` (P6, P6.1, P6.2);
    /// none outside Peralikatuma.
    ///
    /// A move that captures something gives no claim. Otherwise the
    /// claimable pieces are those of the mover that could have made a jump
    /// in the position in which the move was made, after the mover's own
    /// claim; the piece that moved is claimable where it ended.
    pub fn claimable_after(&self, turn: &RefTurn) -> BTreeSet<Pt> {
        if self.game != Ruleset::PERALIKATUMA {
            return BTreeSet::new();
        }
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
        could_jump(self.game, &self.own, &enemy)
    }

    /// The position after `turn`, which must be one of [`RefPosition::turns`].
    pub fn play(&self, turn: &RefTurn) -> RefPosition {
        let mut mover = self.own.clone();
        mover.remove(&turn.from());
        mover.insert(turn.to());
        let other: BTreeSet<Pt> = self.enemy.difference(&removed(turn)).copied().collect();
        RefPosition {
            game: self.game,
            to_move: self.to_move.opposite(),
            own: other,
            enemy: mover,
            kings: self.kings_after(turn),
            claimable: self.claimable_after(turn),
            no_return: self.no_return_after(turn),
        }
    }

    /// The kings after `turn` (M4, M6): a king stays a king; a man that
    /// ends its move on the opponent's base becomes one (a man that only
    /// passed over it during a chain does not). Captured kings leave the
    /// board.
    pub fn kings_after(&self, turn: &RefTurn) -> BTreeSet<Pt> {
        let (from, to) = (turn.from(), turn.to());
        let mut kings: BTreeSet<Pt> = self.kings.difference(&removed(turn)).copied().collect();
        let was_king = kings.remove(&from);
        let crowned =
            self.game == Ruleset::PERMAINAN && permainan_far_base(self.to_move).contains(&to);
        if was_king || crowned {
            kings.insert(to);
        }
        kings
    }

    /// The no-return restrictions after `turn` (A5): a restriction goes
    /// with its piece when that piece moves again or is captured; a
    /// sideways step (not a jump) bars the way straight back.
    pub fn no_return_after(&self, turn: &RefTurn) -> BTreeSet<(Pt, Pt)> {
        let (from, to) = (turn.from(), turn.to());
        let removed = removed(turn);
        let mut no_return: BTreeSet<(Pt, Pt)> = self
            .no_return
            .iter()
            .filter(|(y, _)| *y != from && !removed.contains(y))
            .copied()
            .collect();
        let sideways_step = turn.captured.is_empty() && from.1 == to.1;
        if self.game == Ruleset::ALQUERQUE && sideways_step {
            no_return.insert((to, from));
        }
        no_return
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

/// The other side's pieces that leave the board in `turn`: the claimed one
/// and the captured ones.
fn removed(turn: &RefTurn) -> BTreeSet<Pt> {
    turn.claim.iter().chain(&turn.captured).copied().collect()
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

/// The empty points: every point of the game's board held by nobody.
fn empty_points(game: &'static Ruleset, own: &BTreeSet<Pt>, enemy: &BTreeSet<Pt>) -> BTreeSet<Pt> {
    geometry(game)
        .points
        .iter()
        .filter(|p| !own.contains(p) && !enemy.contains(p))
        .copied()
        .collect()
}

/// The pieces of `own` that could make a jump (R2.2): over an adjacent
/// enemy piece, along a line, to an empty point straight beyond.
pub fn could_jump(
    game: &'static Ruleset,
    own: &BTreeSet<Pt>,
    enemy: &BTreeSet<Pt>,
) -> BTreeSet<Pt> {
    let empty = empty_points(game, own, enemy);
    own.iter()
        .filter(|&&p| jumps(game, p).any(|(over, to)| enemy.contains(&over) && empty.contains(&to)))
        .copied()
        .collect()
}

/// Every Peralikatuma move (P3-P5): a step in any direction (R2.1), or a
/// chain of jumps in any direction (R2.2-R2.4) stopped after any jump (P4).
fn peralikatuma_moves(own: &BTreeSet<Pt>, enemy: &BTreeSet<Pt>, claim: Option<Pt>) -> Vec<RefTurn> {
    let game = Ruleset::PERALIKATUMA;
    let empty = empty_points(game, own, enemy);
    let mut found = Vec::new();
    for &from in own {
        for to in neighbours(game, from) {
            if empty.contains(&to) {
                found.push(RefTurn {
                    game,
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
        every_prefix_chains(enemy, &empty, claim, &mut path, &mut captured, &mut found);
    }
    found
}

/// Extends the Peralikatuma chain `path` (which captured `captured`) by
/// every possible jump, reporting each longer chain as a move of its own
/// (P4). Captured pieces stay on the board until the move ends (R2.4): they
/// are neither jumped again nor landed on (their points are not in
/// `empty`); the starting point is empty for the rest of the move.
fn every_prefix_chains(
    enemy: &BTreeSet<Pt>,
    empty: &BTreeSet<Pt>,
    claim: Option<Pt>,
    path: &mut Vec<Pt>,
    captured: &mut Vec<Pt>,
    found: &mut Vec<RefTurn>,
) {
    let game = Ruleset::PERALIKATUMA;
    let at = path[path.len() - 1];
    let from = path[0];
    for (over, to) in jumps(game, at) {
        let to_is_empty = empty.contains(&to) || to == from;
        if enemy.contains(&over) && !captured.contains(&over) && to_is_empty {
            path.push(to);
            captured.push(over);
            found.push(RefTurn {
                game,
                claim,
                path: path.clone(),
                captured: captured.clone(),
            });
            every_prefix_chains(enemy, empty, claim, path, captured, found);
            path.pop();
            captured.pop();
        }
    }
}

/// Extends the chain of short jumps `path` (which captured `captured`) by
/// every possible jump, and reports it as a move only when it cannot go on
/// (A4.3, M5): only whole chains are moves. The first jump must satisfy
/// `first(from, to)` (A4.1); later jumps go in any direction (A4.2, M3).
/// Captured pieces stay on the board until the move ends (R2.4); the
/// starting point is empty for the rest of the move.
fn short_chains(
    game: &'static Ruleset,
    enemy: &BTreeSet<Pt>,
    empty: &BTreeSet<Pt>,
    first: &dyn Fn(Pt, Pt) -> bool,
    path: &mut Vec<Pt>,
    captured: &mut Vec<Pt>,
    found: &mut Vec<RefTurn>,
) {
    let at = path[path.len() - 1];
    let from = path[0];
    let mut went_on = false;
    for (over, to) in jumps(game, at) {
        let allowed = path.len() > 1 || first(at, to);
        let to_is_empty = empty.contains(&to) || to == from;
        if allowed && enemy.contains(&over) && !captured.contains(&over) && to_is_empty {
            went_on = true;
            path.push(to);
            captured.push(over);
            short_chains(game, enemy, empty, first, path, captured, found);
            path.pop();
            captured.pop();
        }
    }
    if !went_on && !captured.is_empty() {
        found.push(RefTurn {
            game,
            claim: None,
            path: path.clone(),
            captured: captured.clone(),
        });
    }
}

/// Extends the flying king's chain `path` (which captured `captured`) by
/// every long jump (M4): along a line over any number of empty points,
/// over exactly one enemy piece, to any empty point beyond it before the
/// next occupied point. Reports the chain only when it cannot go on (M5).
/// Captured pieces stay on the board until the move ends (R2.4), so the
/// king can neither jump one again nor pass over one nor land on one; the
/// starting point is empty for the rest of the move.
fn king_chains(
    game: &'static Ruleset,
    enemy: &BTreeSet<Pt>,
    empty: &BTreeSet<Pt>,
    path: &mut Vec<Pt>,
    captured: &mut Vec<Pt>,
    found: &mut Vec<RefTurn>,
) {
    let at = path[path.len() - 1];
    let from = path[0];
    let is_empty = |p: &Pt| empty.contains(p) || *p == from;
    let mut went_on = false;
    for ray in rays(game, at) {
        let mut beyond = ray.iter().skip_while(|p| is_empty(p));
        let Some(&over) = beyond.next() else {
            continue;
        };
        if !enemy.contains(&over) || captured.contains(&over) {
            continue;
        }
        for &to in beyond.take_while(|p| is_empty(p)) {
            went_on = true;
            path.push(to);
            captured.push(over);
            king_chains(game, enemy, empty, path, captured, found);
            path.pop();
            captured.pop();
        }
    }
    if !went_on && !captured.is_empty() {
        found.push(RefTurn {
            game,
            claim: None,
            path: path.clone(),
            captured: captured.clone(),
        });
    }
}
