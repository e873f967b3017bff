//! Material: how many men and kings each side has. Every table holds the
//! positions of one material.

use std::cmp::Ordering;
use std::fmt;

use peralikatuma_rules::Side;
use peralikatuma_rules::{Position, Ruleset};

/// The pieces on the board, counted: men and kings of each side. Turns
/// inside one material remove nothing; a capture or a claim leads to a
/// material with a piece fewer, and a man crowned (Permainan, M6) to one
/// with a king more.
///
/// ```
/// use alquerque_tablebase::Material;
/// use peralikatuma_rules::{Position, Ruleset};
///
/// let position = Position::parse(Ruleset::PERMAINAN, "W:Wc3,Ke5:Bd7")?;
/// let material = Material::of(&position);
/// assert_eq!(material.to_string(), "1m1k-1m");
/// assert_eq!(material.pieces(), 3);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Material {
    /// The game.
    pub ruleset: &'static Ruleset,
    /// Men of White, then of Black.
    pub men: [u8; 2],
    /// Kings of White, then of Black (always 0 in games without kings).
    pub kings: [u8; 2],
}

impl Material {
    /// The material of a position.
    pub fn of(position: &Position) -> Material {
        let men = |side| position.men(side).count_ones() as u8;
        let kings = |side| position.kings(side).count_ones() as u8;
        Material {
            ruleset: position.ruleset(),
            men: Side::ALL.map(men),
            kings: Side::ALL.map(kings),
        }
    }

    /// All pieces on the board.
    pub fn pieces(self) -> usize {
        usize::from(self.men[0] + self.men[1] + self.kings[0] + self.kings[1])
    }

    /// The pieces of one side.
    pub fn side(self, side: Side) -> usize {
        let i = side.index();
        usize::from(self.men[i] + self.kings[i])
    }

    /// Every material of `ruleset` with at most `pieces` pieces and at
    /// least one piece a side, in the order they must be built: fewer
    /// pieces first, and, among as many pieces, more kings first (a man
    /// crowned leads to a material with a king more and no piece fewer).
    pub fn up_to(ruleset: &'static Ruleset, pieces: usize) -> Vec<Material> {
        let per_side = (ruleset.start[0].count_ones() as usize).min(pieces);
        let most_kings = if ruleset.has_kings() { per_side } else { 0 };
        let mut all = Vec::new();
        for wm in 0..=per_side {
            for wk in 0..=most_kings {
                for bm in 0..=per_side {
                    for bk in 0..=most_kings {
                        let material = Material {
                            ruleset,
                            men: [wm as u8, bm as u8],
                            kings: [wk as u8, bk as u8],
                        };
                        let fits = material.pieces() <= pieces
                            && material.side(Side::White) >= 1
                            && material.side(Side::Black) >= 1
                            && material.side(Side::White) <= per_side
                            && material.side(Side::Black) <= per_side;
                        if fits {
                            all.push(material);
                        }
                    }
                }
            }
        }
        all.sort_by_key(|m| {
            (
                m.pieces(),
                std::cmp::Reverse(m.kings[0] + m.kings[1]),
                m.men,
                m.kings,
            )
        });
        all
    }
}

/// Materials are ordered by their ruleset's id, then as their pieces.
impl Ord for Material {
    fn cmp(&self, other: &Material) -> Ordering {
        (self.ruleset.id, self.men, self.kings).cmp(&(other.ruleset.id, other.men, other.kings))
    }
}

impl PartialOrd for Material {
    fn partial_cmp(&self, other: &Material) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// The ruleset by its id only (its board and rules would fill a page).
impl fmt::Debug for Material {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Material")
            .field("ruleset", &self.ruleset.id)
            .field("men", &self.men)
            .field("kings", &self.kings)
            .finish()
    }
}

impl fmt::Display for Material {
    /// `3v2` in games without kings; `2m1k-1m` (men, kings; a side without
    /// kings shows only its men) in Permainan.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.ruleset.has_kings() {
            for i in 0..2 {
                if i == 1 {
                    f.write_str("-")?;
                }
                write!(f, "{}m", self.men[i])?;
                if self.kings[i] > 0 {
                    write!(f, "{}k", self.kings[i])?;
                }
            }
            Ok(())
        } else {
            write!(f, "{}v{}", self.men[0], self.men[1])
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use peralikatuma_rules::Ruleset;

    #[test]
    fn materials_come_in_building_order() {
        let all = Material::up_to(Ruleset::PERMAINAN, 3);
        // 1v1 with kings: 4; two against one: 3 * 2 each way = 6 * 2.
        assert_eq!(all.len(), 4 + 12);
        let first_three = all.iter().position(|m| m.pieces() == 3);
        assert!(
            all[..first_three.unwrap_or(0)]
                .iter()
                .all(|m| m.pieces() == 2)
        );
        for pair in all.windows(2) {
            if pair[0].pieces() == pair[1].pieces() {
                let kings = |m: &Material| m.kings[0] + m.kings[1];
                assert!(kings(&pair[0]) >= kings(&pair[1]));
            }
        }
        assert_eq!(Material::up_to(Ruleset::ALQUERQUE, 4).len(), 1 + 2 + 3);
    }
}
