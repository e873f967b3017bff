//! Per-board lookup tables, built at compile time from the lines (R1.4,
//! R1.5), with compile-time checks of the rule book's figures.

use crate::bitboard::Bitboard;
use crate::direction::{Direction, Facing};
use crate::lines::{LINES, Line};
use crate::point::{COORDS, POINT_COUNT, Point};

const NONE: u8 = u8::MAX;

/// A step from a point: the direction and the adjacent point (R2.1).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Step {
    /// Direction of the step.
    pub direction: Direction,
    /// The adjacent point.
    pub to: Point,
}

/// A short jump from a point (R2.2): over the adjacent point, to the point
/// straight beyond it.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Jump {
    /// Direction of the jump.
    pub direction: Direction,
    /// The adjacent point jumped over.
    pub over: Point,
    /// The landing point, straight beyond `over`.
    pub to: Point,
}

/// Everything about one board's geometry, precomputed.
#[derive(Debug)]
pub(crate) struct Tables {
    pub points: Bitboard,
    pub neighbour: [[u8; 8]; POINT_COUNT],
    pub neighbours: [Bitboard; POINT_COUNT],
    pub steps: [[Step; 8]; POINT_COUNT],
    pub step_count: [u8; POINT_COUNT],
    pub jumps: [[Jump; 8]; POINT_COUNT],
    pub jump_count: [u8; POINT_COUNT],
    pub landings: [Bitboard; POINT_COUNT],
    pub rays: [[Bitboard; 8]; POINT_COUNT],
    pub between: [[Bitboard; POINT_COUNT]; POINT_COUNT],
    pub headings: [[[Bitboard; 3]; 2]; POINT_COUNT],
    pub lines: [Line; 24],
    pub line_count: usize,
    pub bases: [Bitboard; 2],
}

impl Tables {
    /// Builds the tables of the board made of the points in `mask`.
    pub const fn build(mask: u64) -> Tables {
        let mut neighbour = [[NONE; 8]; POINT_COUNT];
        let mut lines = [LINES[0]; 24];
        let mut line_count = 0;
        let mut l = 0;
        while l < LINES.len() {
            let line = LINES[l].cut(mask);
            let (points, len) = line.raw();
            if len >= 2 {
                lines[line_count] = line;
                line_count += 1;
            }
            let mut i = 0;
            while i + 1 < len {
                let (a, b) = (points[i], points[i + 1]);
                let (af, ar) = COORDS[a.0 as usize];
                let (bf, br) = COORDS[b.0 as usize];
                let d = match Direction::from_delta(bf as i32 - af as i32, br as i32 - ar as i32) {
                    Some(d) => d,
                    None => panic!("a line repeats a point"),
                };
                assert!(
                    neighbour[a.0 as usize][d as usize] == NONE,
                    "two lines leave a point in one direction"
                );
                neighbour[a.0 as usize][d as usize] = b.0;
                neighbour[b.0 as usize][d.opposite() as usize] = a.0;
                i += 1;
            }
            l += 1;
        }

        let filler_step = Step {
            direction: Direction::North,
            to: Point(0),
        };
        let filler_jump = Jump {
            direction: Direction::North,
            over: Point(0),
            to: Point(0),
        };
        let mut neighbours = [Bitboard::EMPTY; POINT_COUNT];
        let mut steps = [[filler_step; 8]; POINT_COUNT];
        let mut step_count = [0u8; POINT_COUNT];
        let mut jumps = [[filler_jump; 8]; POINT_COUNT];
        let mut jump_count = [0u8; POINT_COUNT];
        let mut landings = [Bitboard::EMPTY; POINT_COUNT];
        let mut rays = [[Bitboard::EMPTY; 8]; POINT_COUNT];
        let mut headings = [[[Bitboard::EMPTY; 3]; 2]; POINT_COUNT];
        let mut between = [[Bitboard::EMPTY; POINT_COUNT]; POINT_COUNT];
        let mut p = 0;
        while p < POINT_COUNT {
            let mut d = 0;
            while d < 8 {
                let direction = Direction::ALL[d];
                let n = neighbour[p][d];
                if n != NONE {
                    neighbours[p].0 |= 1 << n;
                    steps[p][step_count[p] as usize] = Step {
                        direction,
                        to: Point(n),
                    };
                    step_count[p] += 1;
                    let mut f = 0;
                    while f < 2 {
                        let h = direction.heading(Facing::ALL[f]) as usize;
                        headings[p][f][h].0 |= 1 << n;
                        f += 1;
                    }
                    let beyond = neighbour[n as usize][d];
                    if beyond != NONE {
                        jumps[p][jump_count[p] as usize] = Jump {
                            direction,
                            over: Point(n),
                            to: Point(beyond),
                        };
                        jump_count[p] += 1;
                        landings[p].0 |= 1 << beyond;
                    }
                }
                let mut q = n;
                let mut passed = 0u64;
                while q != NONE {
                    rays[p][d].0 |= 1 << q;
                    between[p][q as usize].0 = passed;
                    passed |= 1 << q;
                    q = neighbour[q as usize][d];
                }
                d += 1;
            }
            p += 1;
        }

        let mut bases = [Bitboard::EMPTY; 2];
        let (mut low, mut high) = (u8::MAX, 0);
        let mut p = 0;
        while p < POINT_COUNT {
            if mask & (1 << p) != 0 {
                let rank = COORDS[p].1;
                if rank < low {
                    low = rank;
                }
                if rank > high {
                    high = rank;
                }
            }
            p += 1;
        }
        let mut p = 0;
        while p < POINT_COUNT {
            if mask & (1 << p) != 0 {
                if COORDS[p].1 == low {
                    bases[Facing::North as usize].0 |= 1 << p;
                }
                if COORDS[p].1 == high {
                    bases[Facing::South as usize].0 |= 1 << p;
                }
            }
            p += 1;
        }

        Tables {
            points: Bitboard(mask),
            neighbour,
            neighbours,
            steps,
            step_count,
            jumps,
            jump_count,
            landings,
            rays,
            between,
            headings,
            lines,
            line_count,
            bases,
        }
    }

    /// Number of adjacent pairs.
    pub const fn adjacent_pairs(&self) -> usize {
        let mut twice = 0;
        let mut p = 0;
        while p < POINT_COUNT {
            twice += self.neighbours[p].count();
            p += 1;
        }
        twice / 2
    }

    /// Number of jump triples (a point, the adjacent point, the point straight
    /// beyond), each straight triple counted once per direction.
    pub const fn jump_triples(&self) -> usize {
        let mut n = 0;
        let mut p = 0;
        while p < POINT_COUNT {
            n += self.jump_count[p] as usize;
            p += 1;
        }
        n
    }

    /// Number of points with exactly `degree` neighbours.
    pub const fn points_of_degree(&self, degree: usize) -> usize {
        let mut n = 0;
        let mut p = 0;
        while p < POINT_COUNT {
            if self.points.0 & (1 << p) != 0 && self.neighbours[p].count() == degree {
                n += 1;
            }
            p += 1;
        }
        n
    }

    /// Whether every step stays on the board's points.
    const fn closed(&self) -> bool {
        let mut p = 0;
        while p < POINT_COUNT {
            if self.points.0 & (1 << p) == 0 && self.neighbours[p].0 != 0 {
                return false;
            }
            if self.neighbours[p].0 & !self.points.0 != 0 {
                return false;
            }
            p += 1;
        }
        true
    }
}

/// Points of the square and its south and north arms (R1.5, Permainan).
pub(crate) const TWO_ARMS_MASK: u64 = {
    let mut mask = 0u64;
    let mut p = 0;
    while p < POINT_COUNT {
        let (file, rank) = COORDS[p];
        if file >= 2 && file <= 6 {
            mask |= 1 << p;
        }
        let _ = rank;
        p += 1;
    }
    mask
};

/// Points of the square alone (R1.5, Alquerque).
pub(crate) const SQUARE_MASK: u64 = {
    let mut mask = 0u64;
    let mut p = 0;
    while p < POINT_COUNT {
        let (file, rank) = COORDS[p];
        if file >= 2 && file <= 6 && rank >= 2 && rank <= 6 {
            mask |= 1 << p;
        }
        p += 1;
    }
    mask
};

pub(crate) static FULL: Tables = Tables::build(Bitboard::ALL.0);
pub(crate) static TWO_ARMS: Tables = Tables::build(TWO_ARMS_MASK);
pub(crate) static SQUARE: Tables = Tables::build(SQUARE_MASK);

// Compile-time checks of the figures of R1.4 and R1.5: a table that does not
// match the rule book does not build.
const _: () = {
    let full = Tables::build(Bitboard::ALL.0);
    assert!(full.points.count() == 49);
    assert!(full.adjacent_pairs() == 96);
    assert!(full.line_count == 24);
    assert!(full.points_of_degree(8) == 9);
    assert!(full.points_of_degree(4) == 8);
    assert!(full.points_of_degree(3) == 24);
    assert!(full.points_of_degree(2) == 8);
    assert!(full.jump_triples() == 144);
    assert!(full.closed());

    let two_arms = Tables::build(TWO_ARMS_MASK);
    assert!(two_arms.points.count() == 37);
    assert!(two_arms.adjacent_pairs() == 76);
    assert!(two_arms.line_count == 20);
    assert!(two_arms.jump_triples() == 112);
    assert!(two_arms.closed());

    let square = Tables::build(SQUARE_MASK);
    assert!(square.points.count() == 25);
    assert!(square.adjacent_pairs() == 56);
    assert!(square.line_count == 16);
    assert!(square.jump_triples() == 80);
    assert!(square.closed());
};
