//! Why a turn is not legal, as data: the reason, the points involved and
//! the rule.

use std::fmt;

use board_topology::{Bitboard, Point};

use crate::names::list;
use crate::side::Side;
use crate::turn::Turn;
use crate::variant::Variant;

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

/// Why a turn is not legal in a position. The points are those of the
/// turn's game; [`Refusal`] prints them in the game's names.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum Reason {
    /// The turn belongs to another game than the position.
    OtherGame {
        /// The position's game.
        game: Variant,
    },
    /// A point of the turn is not a point of the game's board (R1.5).
    OffBoard {
        /// The point.
        point: Point,
    },
    /// A claim in a game without forfeits: a turn is one move (R2.6).
    NoClaims,
    /// A claim when nothing is claimable: the opponent's last move gave no
    /// claim (P6).
    NothingClaimable,
    /// A claim of a point that is not claimable (P6).
    NotClaimable {
        /// The point claimed.
        point: Point,
        /// The pieces that are claimable.
        claimable: Bitboard,
    },
    /// No piece stands on the starting point.
    NoPiece {
        /// The starting point.
        point: Point,
    },
    /// The piece on the starting point belongs to the side not to move.
    NotYourPiece {
        /// The starting point.
        point: Point,
        /// The side the piece belongs to.
        owner: Side,
    },
    /// Captures are compulsory and these pieces can capture, so a step is
    /// not allowed (A4, M5).
    CaptureCompulsory {
        /// The pieces of the side to move that can capture.
        capturers: Bitboard,
    },
    /// A step to a point that is not adjacent along a line (R2.1).
    NotAdjacent {
        /// Where the step starts.
        from: Point,
        /// Where it was to go.
        to: Point,
    },
    /// A man's step backward (A2, M2).
    Backward {
        /// Where the step starts.
        from: Point,
        /// Where it was to go.
        to: Point,
    },
    /// A step of a piece on its last rank, where it cannot step (A3).
    LastRank {
        /// The piece.
        point: Point,
    },
    /// A sideways step straight back to where the piece came from (A5).
    NoReturn {
        /// Where the step starts.
        from: Point,
        /// The point the piece came from.
        to: Point,
    },
    /// A king's move or jump to a point that is not along a line from
    /// where it stands (M4).
    NotOnALine {
        /// Where the king stands.
        from: Point,
        /// Where it was to go.
        to: Point,
    },
    /// A king's way along a line is blocked: by a piece in the way of a
    /// long move, or by an own piece or a second piece in the way of a long
    /// jump (M4).
    Blocked {
        /// Where the king stands.
        from: Point,
        /// Where it was to go.
        to: Point,
        /// The first point in the way that blocks it.
        at: Point,
    },
    /// The landing point of a step or a jump is taken (R2.1, R2.2; for a
    /// king's long move or long jump, M4).
    Occupied {
        /// The landing point.
        point: Point,
    },
    /// A man's jump that is not to the point two along a line (R2.2).
    NotAJump {
        /// Where the jump starts.
        from: Point,
        /// Where it was to land.
        to: Point,
    },
    /// No enemy piece to jump between the two points: for a man, on the
    /// point between them (R2.2); for a king, anywhere between them (M4).
    NothingToJump {
        /// Where the jump starts.
        from: Point,
        /// Where it was to land.
        to: Point,
        /// Whether the jumping piece is a king.
        king: bool,
    },
    /// A piece jumped earlier in the same move: it cannot be jumped again,
    /// landed on, or passed over by a king, until the move ends (R2.4).
    AlreadyJumped {
        /// The jumped piece.
        point: Point,
    },
    /// A chain's first jump in a direction Alquerque does not allow for
    /// it: backward, or other than sideways from the last rank (A4.1).
    FirstJumpDirection {
        /// Where the jump starts.
        from: Point,
        /// Where it was to land.
        to: Point,
    },
    /// A chain that stops where the piece can jump again (A4.3, M5).
    ChainGoesOn {
        /// Where the chain stops.
        at: Point,
    },
}

/// A turn refused by a position, and why: what
/// [`Position::check`](crate::Position::check) and
/// [`Position::play`](crate::Position::play) return for a turn that is not
/// legal. Frontends match on [`Refusal::reason`] and show the points it
/// names; its `Display` says it for people, in the game's point names, with
/// the rule.
///
/// ```
/// use peralikatuma_rules::{Position, Reason, Rule, Turn, Variant};
/// let start = Position::start(Variant::Alquerque);
/// let point = |name| start.board().parse_point(name).unwrap();
/// let refusal = start.check(&Turn::step(Variant::Alquerque, point("c2"), point("c4"))).unwrap_err();
/// assert_eq!(refusal.reason, Reason::NotAdjacent { from: point("c2"), to: point("c4") });
/// assert_eq!(refusal.rule(), Some(Rule::R2_1));
/// assert_eq!(refusal.to_string(), "c4 is not adjacent to c2 along a line (R2.1)");
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Refusal {
    /// The turn refused.
    pub turn: Turn,
    /// Why.
    pub reason: Reason,
}

impl Refusal {
    /// The rule that refuses the turn, if one rule does (a piece that is
    /// missing or not the mover's needs none).
    pub fn rule(&self) -> Option<Rule> {
        let variant = self.turn.variant();
        let permainan = variant.has_kings();
        Some(match self.reason {
            Reason::OtherGame { .. } | Reason::NoPiece { .. } | Reason::NotYourPiece { .. } => {
                return None;
            }
            Reason::OffBoard { .. } => Rule::R1_5,
            Reason::NoClaims => Rule::R2_6,
            Reason::NothingClaimable | Reason::NotClaimable { .. } => Rule::P6,
            Reason::CaptureCompulsory { .. } if permainan => Rule::M5,
            Reason::CaptureCompulsory { .. } => Rule::A4,
            Reason::NotAdjacent { .. } => Rule::R2_1,
            Reason::Backward { .. } if permainan => Rule::M2,
            Reason::Backward { .. } => Rule::A2,
            Reason::LastRank { .. } => Rule::A3,
            Reason::NoReturn { .. } => Rule::A5,
            Reason::NotOnALine { .. } | Reason::Blocked { .. } => Rule::M4,
            Reason::Occupied { point } if self.lands_from_afar(point) => Rule::M4,
            Reason::Occupied { .. } if self.turn.is_capture() => Rule::R2_2,
            Reason::Occupied { .. } => Rule::R2_1,
            Reason::NotAJump { .. } => Rule::R2_2,
            Reason::NothingToJump { king: true, .. } => Rule::M4,
            Reason::NothingToJump { .. } => Rule::R2_2,
            Reason::AlreadyJumped { .. } => Rule::R2_4,
            Reason::FirstJumpDirection { .. } => Rule::A4_1,
            Reason::ChainGoesOn { .. } if permainan => Rule::M5,
            Reason::ChainGoesOn { .. } => Rule::A4_3,
        })
    }

    /// Whether the turn comes to `point` from further than a step or a
    /// short jump: a king's long move or long jump (M4).
    fn lands_from_afar(&self, point: Point) -> bool {
        let turn = &self.turn;
        let board = turn.variant().board();
        let short = usize::from(turn.is_capture());
        turn.path()
            .zip(turn.landings())
            .find(|&(_, &to)| to == point)
            .is_some_and(|(from, _)| board.between(from, point).count() > short)
    }
}

/// Says why, in the turn's game's point names, with the rule: `e4 is not
/// empty (R2.1)`.
impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let variant = self.turn.variant();
        let board = variant.board();
        let name = |p: Point| board.point_name(p);
        match self.reason {
            Reason::OtherGame { game } => {
                return write!(f, "it is a turn of {variant}, and the game is {game}");
            }
            Reason::OffBoard { point } => {
                write!(f, "{point:?} is not a point of the {variant} board")?;
            }
            Reason::NoClaims => write!(f, "{variant} has no forfeit claims: a turn is one move")?,
            Reason::NothingClaimable => f.write_str("there is no forfeit claim this turn")?,
            Reason::NotClaimable { point, claimable } => write!(
                f,
                "{} is not claimable; claimable: {}",
                name(point),
                list(board, claimable, ", ")
            )?,
            Reason::NoPiece { point } => write!(f, "there is no piece on {}", name(point))?,
            Reason::NotYourPiece { point, owner } => write!(
                f,
                "{} holds a {owner} piece, and {} is to move",
                name(point),
                owner.opposite()
            )?,
            Reason::CaptureCompulsory { capturers } => {
                let pieces = if capturers.count() == 1 {
                    "the piece on"
                } else {
                    "the pieces on"
                };
                write!(
                    f,
                    "a capture is compulsory, and {pieces} {} can capture",
                    list(board, capturers, ", ")
                )?;
            }
            Reason::NotAdjacent { from, to } => {
                write!(f, "{} is not adjacent to {} along a line", name(to), name(from))?;
            }
            Reason::Backward { .. } => {
                // A2 speaks of pieces, M2 of men (Permainan has kings too).
                let piece = if variant.has_kings() { "man" } else { "piece" };
                write!(
                    f,
                    "a {piece} steps only forward, diagonally forward or sideways, never backward"
                )?;
            }
            Reason::LastRank { point } => write!(
                f,
                "the piece on {} is on its last rank and cannot step",
                name(point)
            )?,
            Reason::NoReturn { from, to } => write!(
                f,
                "the piece on {} may not step straight back to {}, where it came from",
                name(from),
                name(to)
            )?,
            Reason::NotOnALine { from, to } => {
                write!(f, "{} is not along a line from {}", name(to), name(from))?;
            }
            Reason::Blocked { from, to, at } => write!(
                f,
                "the way from {} to {} is blocked at {}",
                name(from),
                name(to),
                name(at)
            )?,
            Reason::Occupied { point } => write!(f, "{} is not empty", name(point))?,
            Reason::NotAJump { from, to } => write!(
                f,
                "{} is not a jump away from {}: a jump goes over an adjacent point to the point straight beyond",
                name(to),
                name(from)
            )?,
            Reason::NothingToJump { from, to, king } => match board.between(from, to).single() {
                Some(over) if !king => {
                    write!(f, "there is no enemy piece on {} to jump", name(over))?;
                }
                _ => write!(
                    f,
                    "there is no enemy piece to jump between {} and {}",
                    name(from),
                    name(to)
                )?,
            },
            Reason::AlreadyJumped { point } => write!(
                f,
                "the piece on {} is already jumped in this move and stays on the board until the move ends",
                name(point)
            )?,
            Reason::FirstJumpDirection { .. } => f.write_str(
                "a chain's first jump goes forward, diagonally forward or sideways, and only sideways from the last rank",
            )?,
            Reason::ChainGoesOn { at } => write!(
                f,
                "the chain must go on: the piece can jump again from {}",
                name(at)
            )?,
        }
        if let Some(rule) = self.rule() {
            write!(f, " ({rule})")?;
        }
        Ok(())
    }
}

/// The turn and the reason in the game's names, as `Display` says it:
/// `Refusal(d4-e4: e4 is not empty (R2.1))`. (The fields hold points,
/// which print as indices.)
impl fmt::Debug for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Refusal({}: {self})", self.turn)
    }
}

impl std::error::Error for Refusal {}

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
