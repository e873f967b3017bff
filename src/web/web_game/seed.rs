//! The seed games on the page: claims (P6), no return (A5) and the rules'
//! own refusals.

use std::ops::ControlFlow;

use peralikatuma_rules::{Bitboard, Game, Point, Position, Side, Turn, Variant};

use super::super::error::ApiError;
use super::super::explain::{ExplainAnswer, explain};
use super::super::geometry::{BoardView, board_view};
use super::super::view::{MOST_TURNS, TurnView};
use super::{WebGame, picked};
use crate::session::{claim_advice, no_return_advice};

fn names(position: &Position, set: Bitboard) -> Vec<String> {
    let board = position.board();
    set.iter()
        .map(|p| board.point_name(p).to_string())
        .collect()
}

/// The pieces `turn` captures in `position`, in the order it jumps them:
/// each jump's piece is what the chain up to it captures more.
fn jumped_in_order(position: &Position, turn: &Turn) -> impl Iterator<Item = Point> {
    let landings = if turn.is_capture() {
        turn.landings()
    } else {
        &[]
    };
    let mut before = Bitboard::EMPTY;
    (1..=landings.len()).flat_map(move |jumps| {
        let chain = Turn::chain(position.variant(), turn.from(), &landings[..jumps]).ok();
        let chain = chain.map(|c| turn.claim().map_or(c, |claim| c.with_claim(claim)));
        let now = chain.map_or(before, |c| position.captured(&c));
        let new = now - before;
        before = now;
        new.iter()
    })
}

impl WebGame for Game {
    const REMOVAL_RULE: &'static str = "P6";

    fn title(&self) -> String {
        self.variant().to_string()
    }

    fn brief(&self) -> Vec<String> {
        crate::play::line_game::rules_brief(self.variant().ruleset())
    }

    fn position_from(variant: Variant, text: &str) -> Result<Position, String> {
        Position::parse(variant, text).map_err(|e| e.to_string())
    }

    fn now(&self) -> &Position {
        self.position()
    }

    fn all_positions(&self) -> Vec<Position> {
        self.positions().to_vec()
    }

    fn board_view(&self) -> BoardView {
        board_view(self.variant())
    }

    fn turn_view(position: &Position, turn: &Turn) -> TurnView {
        let board = position.board();
        let name = |p: Point| board.point_name(p).to_string();
        TurnView {
            text: turn.to_string(),
            claim: turn.claim().map(name),
            path: turn.path().map(name).collect(),
            capture: turn.is_capture(),
            captured: jumped_in_order(position, turn).map(name).collect(),
            forfeits: Vec::new(),
        }
    }

    /// The legal turns, looked at group by group as they are generated,
    /// with the pieces each forfeits (P6): a position can have millions
    /// (flying kings' chains).
    fn legal_views(position: &Position) -> (Vec<TurnView>, usize) {
        let forfeits = position.variant().has_forfeits();
        let mut listed = Vec::new();
        let cut = position.generate(|moves| {
            for turn in moves.turns() {
                if listed.len() == MOST_TURNS {
                    return ControlFlow::Break(());
                }
                let mut view = Game::turn_view(position, &turn);
                if forfeits && !turn.is_capture() {
                    let next = position.play_unchecked(&turn);
                    view.forfeits = names(position, next.claimable());
                }
                listed.push(view);
            }
            ControlFlow::Continue(())
        });
        let total = match cut {
            ControlFlow::Break(()) => position.count_legal_turns(),
            ControlFlow::Continue(()) => listed.len(),
        };
        (listed, total)
    }

    fn piece_count(position: &Position, side: Side) -> usize {
        position.pieces(side).count()
    }

    fn capturers(position: &Position) -> Vec<String> {
        names(position, position.capturers(position.side_to_move()))
    }

    fn removable(position: &Position) -> Vec<String> {
        names(position, position.claimable())
    }

    fn removal_advice(position: &Position) -> Option<String> {
        claim_advice(position)
    }

    fn barred_advice(position: &Position) -> Option<String> {
        no_return_advice(position)
    }

    fn quiet_turns(&self) -> u32 {
        self.position().quiet_turns()
    }

    fn parse_turn(position: &Position, text: &str) -> Result<Turn, ApiError> {
        position
            .parse_turn(text)
            .map_err(|error| match error.refusal() {
                Some(refusal) => ApiError::illegal(refusal),
                // The error names the text already.
                None => ApiError::bad_request(error.to_string()),
            })
    }

    fn explain(
        position: &Position,
        removed: Option<&str>,
        path: &[String],
    ) -> Result<ExplainAnswer, ApiError> {
        let board = position.board();
        let (claim, path) = picked(|name| board.parse_point(name), removed, path)?;
        explain(position, claim, &path).map(ExplainAnswer::from)
    }
}
