//! A dense numbering of the positions of one material: which points the
//! men and kings of each side stand on, the side to move and (Alquerque)
//! each piece's no-return mark.

use peralikatuma_rules::{Bitboard, NoReturn, Point, Position, Setup, Side, Variant};

use crate::material::Material;

/// Binomial coefficients `C(n, k)` for n < 65, k < 17.
const BINOMIAL: [[u64; 17]; 65] = binomials();

const fn binomials() -> [[u64; 17]; 65] {
    let mut table = [[0u64; 17]; 65];
    let mut n = 0;
    while n < 65 {
        table[n][0] = 1;
        let mut k = 1;
        while k < 17 && k <= n {
            table[n][k] = table[n - 1][k - 1] + if k < n { table[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    table
}

const _: () = assert!(BINOMIAL[49][5] == 1_906_884);
const _: () = assert!(BINOMIAL[64][8] == 4_426_165_368);

fn binomial(n: usize, k: usize) -> u64 {
    if k > n { 0 } else { BINOMIAL[n][k] }
}

/// The marks a piece may carry in a game with the no-return rule (A5):
/// none, may not step east, may not step west.
const MARKS: u64 = 3;

/// Numbers the positions of one material from 0 to [`Indexer::size`]:
/// the men of White, the kings of White, the men of Black, the kings of
/// Black (each a set of points among those still free, ranked in
/// combinatorial order), then the side to move, then (Alquerque) a mark per
/// piece. Claimable pieces (P6) and the counter of quiet turns are not
/// part of the index: a table holds positions without claims, at counter 0.
#[derive(Clone, Debug)]
pub struct Indexer {
    material: Material,
    /// The board's points in order: dense number to point.
    points: Vec<Point>,
    /// Point index to dense number.
    dense: [u8; 64],
    marks: bool,
    size: u64,
}

impl Indexer {
    /// The numbering of `material`'s positions.
    pub fn new(material: Material) -> Indexer {
        let board = material.variant.board();
        let points: Vec<Point> = board.points().iter().collect();
        let mut dense = [u8::MAX; 64];
        for (i, point) in points.iter().enumerate() {
            dense[point.index()] = i as u8;
        }
        let mut size = 2u64;
        let mut free = points.len();
        for count in classes(material) {
            size *= binomial(free, count);
            free -= count;
        }
        let marks = material.variant.has_no_return();
        if marks {
            size *= MARKS.pow(material.pieces() as u32);
        }
        Indexer {
            material,
            points,
            dense,
            marks,
            size,
        }
    }

    /// How many numbers there are (some name no legal position).
    pub fn size(&self) -> u64 {
        self.size
    }

    /// The side to move of the position numbered `index`.
    pub fn side_to_move(&self, index: u64) -> Side {
        let marks = if self.marks {
            MARKS.pow(self.material.pieces() as u32)
        } else {
            1
        };
        if (index / marks) % 2 == 1 {
            Side::Black
        } else {
            Side::White
        }
    }

    /// The material numbered.
    pub fn material(&self) -> Material {
        self.material
    }

    /// The number of a position of this material (its claims and counter
    /// are left out). The caller makes sure the material matches.
    pub fn index(&self, position: &Position) -> u64 {
        let kings = position.kings();
        let white = position.pieces(Side::White);
        let black = position.pieces(Side::Black);
        let sets = [white - kings, white & kings, black - kings, black & kings];
        let mut used = 0u64;
        let mut free = self.points.len();
        let mut index = 0u64;
        for set in sets {
            let mut rank = 0u64;
            for (i, point) in set.iter().enumerate() {
                let d = u32::from(self.dense[point.index()]);
                let below = used & ((1u64 << d) - 1);
                let c = d as usize - below.count_ones() as usize;
                rank += binomial(c, i + 1);
            }
            let count = set.count();
            index = index * binomial(free, count) + rank;
            free -= count;
            for point in set.iter() {
                used |= 1 << self.dense[point.index()];
            }
        }
        index = index * 2 + u64::from(position.side_to_move() == Side::Black);
        if self.marks {
            let no_return = position.no_return();
            for point in white.iter().chain(black.iter()) {
                let mark = if no_return.east.contains(point) {
                    1
                } else if no_return.west.contains(point) {
                    2
                } else {
                    0
                };
                index = index * MARKS + mark;
            }
        }
        index
    }

    /// The setup a number stands for: no claims, counter 0. It may be
    /// illegal ([`Position::from_setup`] says).
    pub fn setup(&self, mut index: u64) -> Setup {
        let variant: Variant = self.material.variant;
        let mut marks = [0u8; 64];
        let pieces = self.material.pieces();
        if self.marks {
            for mark in marks[..pieces].iter_mut().rev() {
                *mark = (index % MARKS) as u8;
                index /= MARKS;
            }
        }
        let side_to_move = if index % 2 == 1 {
            Side::Black
        } else {
            Side::White
        };
        index /= 2;
        let counts = classes(self.material);
        // The ranks were mixed in from the first class to the last; take
        // them out from the last.
        let mut free = [0usize; 4];
        let mut left = self.points.len();
        for (i, &count) in counts.iter().enumerate() {
            free[i] = left;
            left -= count;
        }
        let mut ranks = [0u64; 4];
        for i in (0..4).rev() {
            let base = binomial(free[i], counts[i]);
            ranks[i] = index % base;
            index /= base;
        }
        let mut used = 0u64;
        let mut sets = [Bitboard::EMPTY; 4];
        for i in 0..4 {
            let mut rank = ranks[i];
            let mut chosen = [0usize; 16];
            let mut c = free[i];
            for k in (1..=counts[i]).rev() {
                c -= 1;
                while binomial(c, k) > rank {
                    c -= 1;
                }
                rank -= binomial(c, k);
                chosen[k - 1] = c;
            }
            for &c in &chosen[..counts[i]] {
                let d = nth_free(used, c);
                sets[i].insert(self.points[d]);
            }
            for point in sets[i].iter() {
                used |= 1 << self.dense[point.index()];
            }
        }
        let white = sets[0] | sets[1];
        let black = sets[2] | sets[3];
        let mut no_return = NoReturn::NONE;
        if self.marks {
            for (point, mark) in white.iter().chain(black.iter()).zip(marks) {
                match mark {
                    1 => no_return.east.insert(point),
                    2 => no_return.west.insert(point),
                    _ => {}
                }
            }
        }
        Setup {
            variant,
            white,
            black,
            kings: sets[1] | sets[3],
            side_to_move,
            claimable: Bitboard::EMPTY,
            no_return,
            quiet_turns: 0,
        }
    }
}

/// The sizes of the four sets, in the order they are numbered.
fn classes(material: Material) -> [usize; 4] {
    [
        usize::from(material.men[0]),
        usize::from(material.kings[0]),
        usize::from(material.men[1]),
        usize::from(material.kings[1]),
    ]
}

/// The dense number of the `n`-th point (from 0) not in `used`.
fn nth_free(used: u64, n: usize) -> usize {
    let mut left = n;
    let mut d = 0;
    loop {
        if used & (1 << d) == 0 {
            if left == 0 {
                return d;
            }
            left -= 1;
        }
        d += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip(material: Material, step: u64) {
        let indexer = Indexer::new(material);
        let mut legal = 0;
        let mut i = 0;
        while i < indexer.size() {
            let setup = indexer.setup(i);
            assert_eq!(Material::of_setup(&setup), material, "index {i}");
            assert_eq!(indexer.side_to_move(i), setup.side_to_move);
            if let Ok(position) = Position::from_setup(setup) {
                legal += 1;
                assert_eq!(indexer.index(&position), i, "{position:?}");
            }
            i += step;
        }
        assert!(legal > 0);
    }

    impl Material {
        fn of_setup(setup: &Setup) -> Material {
            let count = |b: Bitboard| b.count() as u8;
            Material {
                variant: setup.variant,
                men: [
                    count(setup.white - setup.kings),
                    count(setup.black - setup.kings),
                ],
                kings: [
                    count(setup.white & setup.kings),
                    count(setup.black & setup.kings),
                ],
            }
        }
    }

    /// A sample of the numbers of each material.
    #[test]
    fn sampled_numbers_name_their_own_positions() {
        numbers_name_their_own_positions(29);
    }

    #[test]
    #[cfg_attr(debug_assertions, ignore = "slow in debug builds: run with --release")]
    fn every_number_names_its_own_position() {
        numbers_name_their_own_positions(1);
    }

    fn numbers_name_their_own_positions(step: u64) {
        for variant in Variant::ALL {
            for material in Material::up_to(variant, 3) {
                round_trip(material, step);
            }
        }
        let four = Material {
            variant: Variant::Permainan,
            men: [1, 1],
            kings: [1, 1],
        };
        round_trip(four, 7 * step);
        let alquerque = Material {
            variant: Variant::Alquerque,
            men: [3, 2],
            kings: [0, 0],
        };
        round_trip(alquerque, 101 * step);
    }

    #[test]
    fn sizes_count_placements_sides_and_marks() {
        let m = |variant, w, b| Material {
            variant,
            men: [w, b],
            kings: [0, 0],
        };
        assert_eq!(
            Indexer::new(m(Variant::Peralikatuma, 3, 2)).size(),
            18_424 * 1_035 * 2
        );
        assert_eq!(
            Indexer::new(m(Variant::Alquerque, 1, 1)).size(),
            25 * 24 * 2 * 9
        );
    }
}
