//! The rules that refusals and errors cite, by their numbers in the rule
//! book (R, P, A, M, N, E) and in the project's rules of the family (F).

use std::fmt;

/// A rule that a refusal cites, printed as its number (`A4.3`): the rule
/// book's (R, P, A, M), or the project's for the family's other games (F). The project's rule document, the module [`rules`](crate::rules)
/// (the file `docs/rules.md` of this crate), has a section for each.
///
/// ```
/// use peralikatuma_rules::Rule;
/// assert_eq!(Rule::A4_3.to_string(), "A4.3");
/// assert_eq!(Rule::A4_3.anchor(), "a4.3");
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
#[allow(non_camel_case_types)]
pub enum Rule {
    /// Each game uses a part of the whole board: its own points only.
    R1_5,
    /// A step goes to the adjacent point along a line, which must be empty.
    R2_1,
    /// A jump goes over an adjacent enemy piece to the empty point beyond.
    R2_2,
    /// Captured pieces stay on the board until the move ends.
    R2_4,
    /// A turn is an optional claim (Peralikatuma only) and one move.
    R2_6,
    /// Forfeits: claiming a piece that could have jumped.
    P6,
    /// Alquerque: men step forward, diagonally forward or sideways.
    A2,
    /// Alquerque: a piece on its last rank cannot step.
    A3,
    /// Alquerque: captures are compulsory.
    A4,
    /// Alquerque: the directions of a chain's first jump.
    A4_1,
    /// Alquerque: a chain goes on while it can.
    A4_3,
    /// Alquerque: no step straight back.
    A5,
    /// Permainan: men step forward, diagonally forward or sideways.
    M2,
    /// Permainan: how kings move and capture.
    M4,
    /// Permainan: captures are compulsory, and chains go on while they can.
    M5,
    /// Permainan: a man that ends its move on the opponent's base becomes a
    /// king.
    M6,
    /// Position text.
    N3,
    /// The family's games: steps and captures along the lines.
    F1,
    /// The family's games: chains of captures.
    F2,
    /// The family's games: forward moves and kings.
    F3,
    /// The family's games: the huff.
    F4,
    /// The family's games: passes and the end.
    F6,
    /// The family's notation: turns and position text.
    F9,
}

impl Rule {
    /// Every rule a refusal cites.
    pub const ALL: [Rule; 23] = [
        Rule::R1_5,
        Rule::R2_1,
        Rule::R2_2,
        Rule::R2_4,
        Rule::R2_6,
        Rule::P6,
        Rule::A2,
        Rule::A3,
        Rule::A4,
        Rule::A4_1,
        Rule::A4_3,
        Rule::A5,
        Rule::M2,
        Rule::M4,
        Rule::M5,
        Rule::M6,
        Rule::N3,
        Rule::F1,
        Rule::F2,
        Rule::F3,
        Rule::F4,
        Rule::F6,
        Rule::F9,
    ];

    /// The rule's number as the rule book writes it: `R2.1`, `A4.3`.
    pub const fn number(self) -> &'static str {
        match self {
            Rule::R1_5 => "R1.5",
            Rule::R2_1 => "R2.1",
            Rule::R2_2 => "R2.2",
            Rule::R2_4 => "R2.4",
            Rule::R2_6 => "R2.6",
            Rule::P6 => "P6",
            Rule::A2 => "A2",
            Rule::A3 => "A3",
            Rule::A4 => "A4",
            Rule::A4_1 => "A4.1",
            Rule::A4_3 => "A4.3",
            Rule::A5 => "A5",
            Rule::M2 => "M2",
            Rule::M4 => "M4",
            Rule::M5 => "M5",
            Rule::M6 => "M6",
            Rule::N3 => "N3",
            Rule::F1 => "F1",
            Rule::F2 => "F2",
            Rule::F3 => "F3",
            Rule::F4 => "F4",
            Rule::F6 => "F6",
            Rule::F9 => "F9",
        }
    }

    /// The rule's anchor in the project's rule document (`a4.3` for A4.3,
    /// so `docs/rules.md#a4.3`, or `rules/index.html#a4.3` in the crate's
    /// documentation): the number in lower case.
    pub const fn anchor(self) -> &'static str {
        match self {
            Rule::R1_5 => "r1.5",
            Rule::R2_1 => "r2.1",
            Rule::R2_2 => "r2.2",
            Rule::R2_4 => "r2.4",
            Rule::R2_6 => "r2.6",
            Rule::P6 => "p6",
            Rule::A2 => "a2",
            Rule::A3 => "a3",
            Rule::A4 => "a4",
            Rule::A4_1 => "a4.1",
            Rule::A4_3 => "a4.3",
            Rule::A5 => "a5",
            Rule::M2 => "m2",
            Rule::M4 => "m4",
            Rule::M5 => "m5",
            Rule::M6 => "m6",
            Rule::N3 => "n3",
            Rule::F1 => "f1",
            Rule::F2 => "f2",
            Rule::F3 => "f3",
            Rule::F4 => "f4",
            Rule::F6 => "f6",
            Rule::F9 => "f9",
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.number())
    }
}

#[cfg(test)]
mod tests {
    use super::Rule;

    /// A rule's anchor is its number in lower case.
    #[test]
    fn anchors_are_numbers_in_lower_case() {
        for rule in Rule::ALL {
            assert_eq!(rule.anchor(), rule.number().to_ascii_lowercase());
        }
    }
}
