//! A dense numbering of the positions of one material: which points the
//! men and kings of each side stand on, the side to move and (Alquerque)
//! each piece's no-return mark.

use peralikatuma_rules::Side;
use peralikatuma_rules::board_topology::PointSet;
use peralikatuma_rules::{Position, Setup};

use crate::material::Material;

/// Binomial coefficients `C(n, k)` for n < 82 (the largest board, Zamma's,
/// has 81 points), k < 17.
const BINOMIAL: [[u64; 17]; 82] = binomials();

const fn binomials() -> [[u64; 17]; 82] {
    let mut table = [[0u64; 17]; 82];
    let mut n = 0;
    while n < 82 {
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
const _: () = assert!(BINOMIAL[81][16] == 33_594_090_947_249_085);

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
///
/// The board's points are numbered by rank, then by file (the family's
/// boards number them so), and the sets are ranked in that order.
#[derive(Clone, Debug)]
pub struct Indexer {
    material: Material,
    /// How many points the board has.
    points: usize,
    marks: bool,
    size: u64,
}

impl Indexer {
    /// The numbering of `material`'s positions.
    ///
    /// # Panics
    ///
    /// If they are too many to number: see [`Indexer::checked`].
    pub fn new(material: Material) -> Indexer {
        match Indexer::checked(material) {
            Some(indexer) => indexer,
            None => panic!("{material}: too many positions to number"),
        }
    }

    /// The numbering of `material`'s positions; `None` if they cannot be
    /// numbered: more than 16 pieces of a kind, more pieces than points,
    /// or more numbers than a `u64` holds.
    ///
    /// ```
    /// use alquerque_tablebase::{Indexer, Material};
    /// use peralikatuma_rules::Ruleset;
    ///
    /// // Lau Kata Kati's board has 19 points.
    /// let lau = Ruleset::find("lau-kata-kati")?;
    /// let few = Material { ruleset: lau, men: [3, 2], kings: [0, 0] };
    /// assert_eq!(Indexer::checked(few).map(|i| i.size()), Some(2 * 969 * 120));
    /// let more_than_points = Material { ruleset: lau, men: [10, 10], kings: [0, 0] };
    /// assert!(Indexer::checked(more_than_points).is_none());
    /// # Ok::<(), peralikatuma_rules::UnknownRuleset>(())
    /// ```
    pub fn checked(material: Material) -> Option<Indexer> {
        let points = material.ruleset.board.len();
        let mut size = 2u64;
        let mut free = points;
        for count in classes(material) {
            if count > 16 || count > free {
                return None;
            }
            size = size.checked_mul(binomial(free, count))?;
            free -= count;
        }
        let marks = material.ruleset.no_return;
        if marks {
            size = size.checked_mul(MARKS.checked_pow(material.pieces() as u32)?)?;
        }
        Some(Indexer {
            material,
            points,
            marks,
            size,
        })
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
        let sets = [
            position.men(Side::White),
            position.kings(Side::White),
            position.men(Side::Black),
            position.kings(Side::Black),
        ];
        let mut used = 0u128;
        let mut free = self.points;
        let mut index = 0u64;
        for set in sets {
            let mut rank = 0u64;
            for (i, point) in set.points().enumerate() {
                let below = used & ((1u128 << point) - 1);
                let c = usize::from(point) - below.count_ones() as usize;
                rank += binomial(c, i + 1);
            }
            let count = set.count_ones() as usize;
            index = index * binomial(free, count) + rank;
            free -= count;
            used |= set;
        }
        index = index * 2 + u64::from(position.side_to_move() == Side::Black);
        if self.marks {
            let [east, west] = position.barred();
            let pieces = Side::ALL.map(|side| position.pieces(side));
            for point in pieces.into_iter().flat_map(PointSet::points) {
                let bit = 1u128 << point;
                let mark = if east & bit != 0 {
                    1
                } else if west & bit != 0 {
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
        let mut left = self.points;
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
        let mut used = 0u128;
        let mut sets = [0u128; 4];
        for i in 0..4 {
            let mut rank = ranks[i];
            let mut c = free[i];
            for k in (1..=counts[i]).rev() {
                c -= 1;
                while binomial(c, k) > rank {
                    c -= 1;
                }
                rank -= binomial(c, k);
                sets[i] |= 1 << nth_free(used, c);
            }
            used |= sets[i];
        }
        let mut barred = [0u128; 2];
        if self.marks {
            let pieces = [sets[0] | sets[1], sets[2] | sets[3]];
            for (point, mark) in pieces.into_iter().flat_map(PointSet::points).zip(marks) {
                match mark {
                    1 => barred[0] |= 1 << point,
                    2 => barred[1] |= 1 << point,
                    _ => {}
                }
            }
        }
        Setup {
            side_to_move,
            men: [sets[0], sets[2]],
            kings: [sets[1], sets[3]],
            barred,
            ..Setup::empty(self.material.ruleset)
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

/// The `n`-th point (from 0) not in `used`: the lowest free point once the
/// `n` below it are cleared.
fn nth_free(used: u128, n: usize) -> u8 {
    let mut free = !used;
    for _ in 0..n {
        free &= free - 1;
    }
    free.trailing_zeros() as u8
}

#[cfg(test)]
mod tests {
    use super::*;
    use peralikatuma_rules::Ruleset;

    fn round_trip(material: Material, step: u64) {
        let indexer = Indexer::new(material);
        let mut legal = 0;
        let mut i = 0;
        while i < indexer.size() {
            let setup = indexer.setup(i);
            assert_eq!(Material::of_setup(&setup), material, "index {i}");
            assert_eq!(indexer.side_to_move(i), setup.side_to_move);
            if let Ok(position) = Position::from_setup(&setup) {
                legal += 1;
                assert_eq!(indexer.index(&position), i, "{position:?}");
            }
            i += step;
        }
        assert!(legal > 0);
    }

    impl Material {
        fn of_setup(setup: &Setup) -> Material {
            let count = |set: u128| set.count_ones() as u8;
            Material {
                ruleset: setup.ruleset,
                men: setup.men.map(count),
                kings: setup.kings.map(count),
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
        for variant in Ruleset::RULE_BOOK {
            for material in Material::up_to(variant, 3) {
                round_trip(material, step);
            }
        }
        let four = Material {
            ruleset: Ruleset::PERMAINAN,
            men: [1, 1],
            kings: [1, 1],
        };
        round_trip(four, 7 * step);
        let alquerque = Material {
            ruleset: Ruleset::ALQUERQUE,
            men: [3, 2],
            kings: [0, 0],
        };
        round_trip(alquerque, 101 * step);
    }

    #[test]
    fn sizes_count_placements_sides_and_marks() {
        let m = |variant: &'static Ruleset, w, b| Material {
            ruleset: variant,
            men: [w, b],
            kings: [0, 0],
        };
        assert_eq!(
            Indexer::new(m(Ruleset::PERALIKATUMA, 3, 2)).size(),
            18_424 * 1_035 * 2
        );
        assert_eq!(
            Indexer::new(m(Ruleset::ALQUERQUE, 1, 1)).size(),
            25 * 24 * 2 * 9
        );
    }
}
