//! Why a pick on the board cannot be played, in the rules crate's words:
//! the page asks when a click makes no legal turn, and says the answer.
//! One landing point makes a step or a one-jump chain, whichever the
//! rules allow; when neither, the refusal said is the step's for a point
//! beside the piece and the chain's for one further off, but the step's
//! for a king with nothing to jump (a long move, M4), as in the
//! terminal's picker.

use peralikatuma_rules::{Bitboard, Point, Position, Reason, Refusal, Turn};
use serde::Serialize;

use super::error::{ApiError, RefusalJson};

/// What a pick comes to, as the page is told (`POST
/// /api/games/{id}/explain`).
#[derive(Clone, Debug, Serialize)]
pub struct ExplainAnswer {
    /// Whether it is a legal turn.
    pub legal: bool,
    /// The legal turn (N2).
    pub turn: Option<String>,
    /// Why not, in words (with the rule).
    pub message: String,
    /// The rules' refusal, when one rule of the seed games refuses it.
    pub refusal: Option<RefusalJson>,
}

impl ExplainAnswer {
    /// The pick is the legal turn written `turn`.
    pub fn legal(turn: String) -> ExplainAnswer {
        ExplainAnswer {
            legal: true,
            turn: Some(turn),
            message: String::new(),
            refusal: None,
        }
    }

    /// The pick is no legal turn, for the reason said.
    pub fn refused(message: String) -> ExplainAnswer {
        ExplainAnswer {
            legal: false,
            turn: None,
            message,
            refusal: None,
        }
    }
}

impl From<Explained> for ExplainAnswer {
    fn from(explained: Explained) -> ExplainAnswer {
        match explained {
            Explained::Legal(turn) => ExplainAnswer::legal(turn.to_string()),
            Explained::Refused(refusal) => ExplainAnswer {
                refusal: Some(RefusalJson::new(&refusal)),
                ..ExplainAnswer::refused(refusal.to_string())
            },
            Explained::Stuck(message) => ExplainAnswer::refused(message),
        }
    }
}

/// What a pick comes to.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Explained {
    /// It makes this legal turn.
    Legal(Turn),
    /// The rules refuse it.
    Refused(Box<Refusal>),
    /// A piece with nowhere to go: why, in words.
    Stuck(String),
}

/// The turn the piece on `path[0]` makes over the rest of `path`, after
/// `claim`: legal, or refused with the rules' reason. A path of one point
/// asks why that piece cannot move.
///
/// # Errors
/// 400 for an empty path or one longer than a chain can be.
pub fn explain(
    position: &Position,
    claim: Option<Point>,
    path: &[Point],
) -> Result<Explained, ApiError> {
    let variant = position.variant();
    let claimed = |turn: Turn| claim.map_or(turn, |c| turn.with_claim(c));
    let checked = |turn: Turn| position.check(&turn).map(|()| turn);
    let [from, landings @ ..] = path else {
        return Err(ApiError::bad_request("the path names no point"));
    };
    let from = *from;
    if landings.is_empty() {
        return Ok(Explained::Stuck(why_stuck(position, claim, from)));
    }
    let chain = Turn::chain(variant, from, landings)
        .map(claimed)
        .map_err(|e| ApiError::bad_request(e.to_string()))?;
    let [to] = *landings else {
        return Ok(match checked(chain) {
            Ok(turn) => Explained::Legal(turn),
            Err(refusal) => Explained::Refused(Box::new(refusal)),
        });
    };
    let step = claimed(Turn::step(variant, from, to));
    let beside = position.board().neighbours(from).contains(to);
    Ok(match (checked(step), checked(chain)) {
        (Ok(turn), _) | (_, Ok(turn)) => Explained::Legal(turn),
        (Err(step), Err(chain)) => Explained::Refused(Box::new(match chain.reason {
            Reason::NothingToJump { king: true, .. } => step,
            _ if beside => step,
            _ => chain,
        })),
    })
}

/// Why the piece on `from`, after `claim`, has no legal turn: the rules'
/// refusal of a step to a free point beside it (the claimed piece's point
/// is free), if it has one.
fn why_stuck(position: &Position, claim: Option<Point>, from: Point) -> String {
    let board = position.board();
    let name = board.point_name(from);
    match position.side_at(from) {
        None => return format!("there is no piece on {name}"),
        Some(side) if side != position.side_to_move() => {
            return format!(
                "{name} holds a {side} piece, and {} is to move",
                side.opposite()
            );
        }
        Some(_) => {}
    }
    let claimed = claim.map_or(Bitboard::EMPTY, Bitboard::from);
    let free = board.neighbours(from) - (position.occupied() - claimed);
    let refusal = free.iter().find_map(|to| {
        let step = Turn::step(position.variant(), from, to);
        let step = claim.map_or(step, |c| step.with_claim(c));
        position.check(&step).err()
    });
    match refusal {
        Some(refusal) => refusal.to_string(),
        None if position.legal_turns().iter().any(|t| t.from() == from) => {
            format!("the piece on {name} can move")
        }
        None => format!("the piece on {name} has no free point beside it"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use peralikatuma_rules::Variant;

    fn points(position: &Position, names: &[&str]) -> Vec<Point> {
        names
            .iter()
            .map(|n| position.board().parse_point(n).expect("a point"))
            .collect()
    }

    fn said(variant: Variant, text: &str, path: &[&str]) -> String {
        let position = Position::parse(variant, text).expect("valid");
        match explain(&position, None, &points(&position, path)).expect("a path") {
            Explained::Refused(refusal) => refusal.to_string(),
            Explained::Stuck(words) => words,
            Explained::Legal(turn) => format!("legal {turn}"),
        }
    }

    #[test]
    fn a_refused_pick_says_which_rule_forbids_it() {
        assert_eq!(
            said(Variant::Alquerque, "W:Wc3,a5:Be5", &["c3", "c2"]),
            "a piece steps only forward, diagonally forward or sideways, never backward (A2)"
        );
        assert_eq!(
            said(Variant::Alquerque, "W:Wa1,d3:Bb2,e5", &["d3", "d4"]),
            "a capture is compulsory, and the piece on a1 can capture (A4)"
        );
        assert_eq!(
            said(Variant::Peralikatuma, "W:Wc3:Bd4,e9", &["c3", "c5"]),
            "there is no enemy piece on c4 to jump (R2.2)"
        );
        assert_eq!(
            said(Variant::Permainan, "W:Wc1,Ka5:Ba7,e9", &["a5", "a7"]),
            "a7 is not empty (M4)"
        );
        assert_eq!(
            said(Variant::Alquerque, "W:Wa1:Bb2,c4,e5", &["a1", "c3"]),
            "the chain must go on: the piece can jump again from c3 (A4.3)"
        );
        assert_eq!(
            said(Variant::Alquerque, "W:Wa1,a2,b1,b2:Be5", &["a1"]),
            "the piece on a1 has no free point beside it"
        );
        assert_eq!(
            said(Variant::Alquerque, "W:Wa1:Bb2,c4,e5", &["a1", "c3", "c5"]),
            "legal a1xc3xc5"
        );
    }
}
