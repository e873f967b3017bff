//! The family's games on the page (rules.md F): huffs (F4), passes, and
//! picks explained from the legal turns.

use std::ops::ControlFlow;

use peralikatuma_rules::Side;
use peralikatuma_rules::family::{Game, Kind, Position, Ruleset, Turn};

use super::super::error::ApiError;
use super::super::explain::ExplainAnswer;
use super::super::geometry::{BoardView, graph_view};
use super::super::view::{MOST_TURNS, TurnView};
use super::{WebGame, picked};
use crate::session::advice::{claim_advice, claim_rule, no_return_advice, point_names};

impl WebGame for Game {
    fn removal_rule(position: &Position) -> &'static str {
        claim_rule(position)
    }

    fn is_family(&self) -> bool {
        self.start().ruleset().variant().is_none()
    }

    fn title(&self) -> String {
        self.start().ruleset().name.to_owned()
    }

    fn brief(&self) -> Vec<String> {
        crate::play::line_game::rules_brief(self.start().ruleset())
    }

    fn position_from(ruleset: &'static Ruleset, text: &str) -> Result<Position, String> {
        Position::parse(ruleset, text).map_err(|e| e.to_string())
    }

    fn now(&self) -> &Position {
        self.position()
    }

    /// Replayed from the start: the game keeps only the positions since
    /// a piece last left the board (those that can come back, E2).
    fn all_positions(&self) -> Vec<Position> {
        let mut position = *self.start();
        let mut all = vec![position];
        for turn in self.turns() {
            position = position.play_unchecked(turn);
            all.push(position);
        }
        all
    }

    fn board_view(&self) -> BoardView {
        let ruleset = self.start().ruleset();
        graph_view(ruleset.board, ruleset.id)
    }

    fn turn_view(position: &Position, turn: &Turn) -> TurnView {
        let board = position.board();
        let name = |p: u8| board.point_name(p).to_string();
        let path = match turn.kind() {
            Kind::Pass => Vec::new(),
            _ => std::iter::once(turn.from())
                .chain(turn.landings().iter().copied())
                .map(name)
                .collect(),
        };
        TurnView {
            text: turn.text(board),
            claim: turn.huff().map(name),
            path,
            capture: turn.kind() == Kind::Capture,
            captured: turn
                .captured_in_order(board)
                .into_iter()
                .map(name)
                .collect(),
            forfeits: Vec::new(),
        }
    }

    /// The legal turns, with the mover's pieces each lets the opponent
    /// huff (F4).
    fn legal_views(position: &Position) -> (Vec<TurnView>, usize) {
        let huffs = position.ruleset().huff;
        let mut listed = Vec::new();
        let mut total = 0;
        let _ = position.generate(|turn| {
            total += 1;
            if listed.len() < MOST_TURNS {
                let mut view = Game::turn_view(position, turn);
                if huffs && turn.kind() != Kind::Capture {
                    view.forfeits =
                        point_names(position.board(), position.play_unchecked(turn).huffable());
                }
                listed.push(view);
            }
            ControlFlow::<()>::Continue(())
        });
        (listed, total)
    }

    fn piece_count(position: &Position, side: Side) -> usize {
        position.pieces(side).count_ones() as usize
    }

    fn capturers(position: &Position) -> Vec<String> {
        let mut capturers = 0u128;
        let _ = position.generate(|turn| {
            if turn.kind() == Kind::Capture {
                capturers |= 1 << turn.from();
            }
            ControlFlow::<()>::Continue(())
        });
        point_names(position.board(), capturers)
    }

    fn removable(position: &Position) -> Vec<String> {
        point_names(position.board(), position.huffable())
    }

    fn removal_advice(position: &Position) -> Option<String> {
        claim_advice(position)
    }

    fn barred_advice(position: &Position) -> Option<String> {
        no_return_advice(position)
    }

    fn quiet_turns(&self) -> u32 {
        Game::quiet_turns(self)
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
        let (huff, path) = picked(|name| board.parse_point(name), removed, path)?;
        if path.is_empty() {
            return Err(ApiError::bad_request("the path names no point"));
        }
        if path.len() > 64 {
            return Err(ApiError::bad_request("the path is longer than any chain"));
        }
        Ok(match position.check_pick(huff, &path) {
            Ok(turn) => ExplainAnswer::legal(turn.text(board)),
            Err(refusal) => ExplainAnswer::refused(&refusal),
        })
    }
}
