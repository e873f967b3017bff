//! Static evaluation: what a position is worth to the side to move, in
//! hundredths of a man, from features that matter in each game. The
//! weights of each game are named in one place, [`Weights::of`].

mod features;

use peralikatuma_rules::board_topology::PointSet;
use peralikatuma_rules::family::{Position, Ruleset};
use peralikatuma_rules::{Side, Variant};

use crate::score::Score;
use features::Features;

/// The weights of the evaluation terms for one game, in hundredths of a
/// man.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Weights {
    /// A man.
    pub man: i32,
    /// A king (Permainan).
    pub king: i32,
    /// Having a forfeit claim to make now (Peralikatuma, P6): a piece of
    /// the opponent's comes off.
    pub claim: i32,
    /// The side to move can capture at least one piece now.
    pub capture_now: i32,
    /// Each further enemy piece that can be captured now.
    pub more_captures: i32,
    /// Each own piece the opponent could capture if it were to move.
    pub exposed: i32,
    /// Each step or move a piece could make (mobility), difference between
    /// the sides.
    pub mobility: i32,
    /// Each piece on a point where it can never be jumped (the end of every
    /// line through it).
    pub safe_point: i32,
    /// Each rank a man has gained towards the opponent's base (Permainan,
    /// where men become kings there).
    pub advance: i32,
}

impl Weights {
    /// The weights used for `variant`.
    pub const fn of(variant: Variant) -> Weights {
        match variant {
            Variant::Peralikatuma => Weights {
                man: 100,
                king: 100,
                claim: 85,
                capture_now: 70,
                more_captures: 10,
                exposed: -25,
                mobility: 2,
                safe_point: 6,
                advance: 0,
            },
            Variant::Alquerque => Weights {
                man: 100,
                king: 100,
                claim: 0,
                capture_now: 60,
                more_captures: 10,
                exposed: -20,
                mobility: 4,
                safe_point: 8,
                advance: 0,
            },
            Variant::Permainan => Weights {
                man: 100,
                king: 300,
                claim: 0,
                capture_now: 60,
                more_captures: 10,
                exposed: -20,
                mobility: 2,
                safe_point: 5,
                advance: 3,
            },
        }
    }

    /// The weights used for a family ruleset: Peralikatuma's, whose
    /// captures are optional too, with flying kings (where men crown)
    /// worth two and a half men and a bonus for ranks gained towards the
    /// crowning points.
    pub const fn of_family(ruleset: &Ruleset) -> Weights {
        let kings = ruleset.has_kings();
        Weights {
            king: 250,
            mobility: 4,
            claim: if ruleset.huff { 85 } else { 0 },
            advance: if kings { 3 } else { 0 },
            ..Weights::of(Variant::Peralikatuma)
        }
    }
}

/// What `position` is worth to the side to move: material, mobility,
/// safe points, captures now and pieces exposed, a claim or a huff to
/// make, and ranks gained where men crown. Game ends are the search's
/// business: this is only called on positions where the game goes on.
///
/// ```
/// use alquerque_ai::evaluate;
/// use peralikatuma_rules::Variant;
/// use peralikatuma_rules::family::{Position, Ruleset};
///
/// // The start positions are symmetric, and White is to move.
/// let start = Position::start(Variant::Peralikatuma.ruleset());
/// assert!(evaluate(&start).0.abs() < 50);
/// // A piece up is worth about a piece.
/// let up = Position::parse(Variant::Peralikatuma.ruleset(), "W:Wa3,i7:Bc9")?;
/// assert!(evaluate(&up).0 > 50);
/// let zamma = Ruleset::find("zamma")?;
/// assert!(evaluate(&Position::start(zamma)).0.abs() < 50);
/// let up = Position::parse(zamma, "W:Wa2,i8:Be5")?;
/// assert!(evaluate(&up).0 > 50);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn evaluate(position: &Position) -> Score {
    match position.board().len() <= <u64 as PointSet>::CAPACITY {
        true => evaluate_as::<u64>(position),
        false => evaluate_as::<u128>(position),
    }
}

/// [`evaluate`], counting in sets `S`.
#[inline(always)]
fn evaluate_as<S: PointSet>(position: &Position) -> Score {
    let ruleset = position.ruleset();
    let us = position.side_to_move();
    let (w, ours, theirs) = match ruleset.variant() {
        Some(variant) => (
            Weights::of(variant),
            Features::of_rule_book::<S>(position, us, variant),
            Features::of_rule_book::<S>(position, us.opposite(), variant),
        ),
        None => (
            Weights::of_family(ruleset),
            Features::of_family::<S>(position, us),
            Features::of_family::<S>(position, us.opposite()),
        ),
    };
    let mut score = side_terms(&w, &ours) - side_terms(&w, &theirs);
    if ours.can_capture > 0 {
        score += w.capture_now + w.more_captures * (ours.can_capture as i32 - 1);
    }
    score += w.exposed * theirs.can_capture as i32;
    if position.huffable() != 0 {
        score += w.claim;
    }
    Score(score)
}

/// The terms that belong to one side alone.
fn side_terms(w: &Weights, f: &Features) -> i32 {
    w.man * f.men as i32
        + w.king * f.kings as i32
        + w.mobility * f.mobility as i32
        + w.safe_point * f.on_safe_points as i32
        + w.advance * f.advance as i32
}

/// For tests and tools: the evaluation from White's point of view.
///
/// ```
/// use alquerque_ai::{evaluate, evaluate_for_white};
/// use peralikatuma_rules::Variant;
/// use peralikatuma_rules::family::Position;
///
/// let position = Position::parse(Variant::Alquerque.ruleset(), "B:Wa1,b1:Be5")?;
/// assert_eq!(evaluate_for_white(&position), -evaluate(&position));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn evaluate_for_white(position: &Position) -> Score {
    let score = evaluate(position);
    if position.side_to_move() == Side::White {
        score
    } else {
        -score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rule book's games are weighed as the seed games' own
    /// evaluation weighed them before it went (issue 26): its scores of
    /// the starts and of positions from seeded random games.
    #[test]
    fn the_rule_books_games_are_weighed_as_the_seed_games_were() {
        use Variant::{Alquerque, Peralikatuma, Permainan};
        let weighed = [
            (Peralikatuma, Peralikatuma.start_text(), 0),
            (Alquerque, Alquerque.start_text(), 0),
            (Permainan, Permainan.start_text(), 0),
            (
                Peralikatuma,
                "B:Wc1,e1,g1,d2,e2,f2,a3,c3,d3,f3,g3,b4,c4,d4,e4,f4,g4,a5,b5,f5,b6,a7:Bi3,h4,h5,i5,c6,e6,g6,h6,c7,d7,e7,f7,g7,i7,d8,e8,f8,c9,e9,g9",
                -212,
            ),
            (
                Peralikatuma,
                "B:Wc1,e1,g1,d2,e2,f2,a3,d3,e3,f3,c4,d4,g4,a5,b5,f5,b6,a7:Bi3,h5,i5,f6,g6,h6,c7,d7,f7,d8,e8,f8,c9,e9,g9:C1",
                -230,
            ),
            (
                Peralikatuma,
                "B:Wc1,e1,g1,d2,e2,f2,a3,d3,e3,c4,d4,f4,g4,a5,c5,f5,b6:Bi3,h4,f6,h6,d7,e7,f7,g7,i7,e8,f8,c9,e9,g9:C2",
                -306,
            ),
            (
                Peralikatuma,
                "B:Wc1,e1,g1,d2,f2,a3,c3,d3,d4,e4,b6:Bi3,b4,g4,d5,h6,e7,f7,g7,i7,f8,c9,e9,g9:Fa3,d4:C3",
                255,
            ),
            (
                Alquerque,
                "B:Wa1,b1,d1,e1,a2,e2,a3,d3,e3,b4:Bc1,a4,d4,e4,a5,b5,c5,d5,e5",
                -54,
            ),
            (
                Permainan,
                "B:Wa1,c1,e1,b2,c2,d2,a3,b3,c3,d3,e3,a4,e4:Ba6,b6,e6,a7,b7,c7,d7,e7,b8,c8,d8,a9,c9,e9",
                109,
            ),
            (
                Permainan,
                "B:Wa1,c1,e1,b2,c2,d2,c3,d3,a4,d5:Bc6,a7,c7,d7,e7,b8,c8,a9,c9:C1",
                -92,
            ),
            (
                Permainan,
                "B:Wa1,c1,e1,b2,c2,d2,c3,a6,a7:Bc7,e7,b8,a9:C1",
                -532,
            ),
            (Permainan, "B:Wa1,c1,b2,c2,d2,e3,a7:Bb8", -657),
        ];
        for (variant, text, score) in weighed {
            let position = Position::parse(variant.ruleset(), text).expect("a position");
            assert_eq!(evaluate(&position), Score(score), "{variant} {text}");
        }
    }
}
