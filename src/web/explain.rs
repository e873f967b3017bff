//! Why a pick on the board cannot be played, in the rules crate's words:
//! the page asks when a click makes no legal turn, and says the answer
//! ([`Position::check_pick`], which in the rule book's games
//! refuses as the rule book does).
//!
//! [`Position::check_pick`]: peralikatuma_rules::Position::check_pick

use peralikatuma_rules::Refusal;
use serde::Serialize;

use super::error::RefusalJson;

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
    /// The rules' refusal in its parts.
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

    /// The rules refuse the pick.
    pub fn refused(refusal: &Refusal) -> ExplainAnswer {
        ExplainAnswer {
            legal: false,
            turn: None,
            message: refusal.to_string(),
            refusal: Some(RefusalJson::new(refusal)),
        }
    }
}
