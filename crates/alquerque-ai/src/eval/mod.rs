//! Static evaluation: what a position is worth to the side to move, in
//! hundredths of a man, from features that matter in each game. The
//! weights of each game are named in one place, [`Weights::of`].

mod family;
mod features;

pub use family::evaluate_family;

use peralikatuma_rules::{Position, Side, Variant};

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
}

/// What `position` is worth to the side to move. Game ends are the search's
/// business: this is only called on positions where the game goes on.
///
/// ```
/// use alquerque_ai::evaluate;
/// use peralikatuma_rules::{Position, Variant};
///
/// // The start positions are symmetric, and White is to move.
/// let start = Position::start(Variant::Peralikatuma);
/// assert!(evaluate(&start).0.abs() < 50);
/// // A piece up is worth about a piece.
/// let up = Position::parse(Variant::Peralikatuma, "W:Wa3,i7:Bc9").unwrap();
/// assert!(evaluate(&up).0 > 50);
/// ```
pub fn evaluate(position: &Position) -> Score {
    let w = Weights::of(position.variant());
    let us = position.side_to_move();
    let them = us.opposite();
    let ours = Features::of(position, us);
    let theirs = Features::of(position, them);
    let mut score = side_terms(&w, &ours) - side_terms(&w, &theirs);

    // Threats: it is our move, so one capture we can make is nearly a piece.
    let can_capture = ours.can_capture;
    if can_capture > 0 {
        score += w.capture_now + w.more_captures * (can_capture as i32 - 1);
    }
    score += w.exposed * theirs.can_capture as i32;
    if position.claimable().any() {
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
pub fn evaluate_for_white(position: &Position) -> Score {
    let score = evaluate(position);
    if position.side_to_move() == Side::White {
        score
    } else {
        -score
    }
}
