//! What the web pages need of a game of the one model ([`Game`]) beyond
//! what the rules crate says directly: its turns as the picker sees them
//! (a piece removed first, a path, the pieces jumped, the pieces a turn
//! lets the opponent huff, F4), and a pick or a turn's text read into a
//! turn or a refusal. Every answer comes from the rules crate; the rule
//! book's games answer a refused turn with the rule book's refusal in its
//! parts.

use std::ops::ControlFlow;

use peralikatuma_rules::{Game, Kind, Position, Turn};

use super::error::ApiError;
use super::explain::ExplainAnswer;
use super::view::{MOST_TURNS, TurnView};
use crate::session::advice::point_names;

/// The positions of `game` from its start, the one now last. Replayed
/// from the start: the game keeps only the positions since a piece last
/// left the board (those that can come back, E2).
pub fn all_positions(game: &Game) -> Vec<Position> {
    let mut position = *game.start();
    let mut all = vec![position];
    for turn in game.turns() {
        position = position.play_unchecked(turn);
        all.push(position);
    }
    all
}

/// `turn` played in `position`, with the points the page marks.
pub fn turn_view(position: &Position, turn: &Turn) -> TurnView {
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

/// The legal turns of `position` for the picker (at most
/// [`MOST_TURNS`]), each with the mover's pieces it lets the opponent
/// huff (F4), and how many there are.
pub fn legal_views(position: &Position) -> (Vec<TurnView>, usize) {
    let huffs = position.ruleset().huff;
    let mut listed = Vec::new();
    let mut total = 0;
    let _ = position.generate(|turn| {
        total += 1;
        if listed.len() < MOST_TURNS {
            let mut view = turn_view(position, turn);
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

/// The side to move's pieces that can capture now, by name.
pub fn capturers(position: &Position) -> Vec<String> {
    let mut capturers = 0u128;
    let _ = position.generate(|turn| {
        if turn.kind() == Kind::Capture {
            capturers |= 1 << turn.from();
        }
        ControlFlow::<()>::Continue(())
    });
    point_names(position.board(), capturers)
}

/// The turn written `text` in `position`.
///
/// # Errors
/// 400 for text that is no turn, 422 with the rules' reason for an
/// illegal one.
pub fn parse_turn(position: &Position, text: &str) -> Result<Turn, ApiError> {
    position
        .parse_turn(text)
        .map_err(|error| match error.refusal() {
            Some(refusal) => ApiError::illegal(refusal),
            // The error names the text already.
            None => ApiError::bad_request(error.to_string()),
        })
}

/// What the pick of `path` (the piece's point, then its landings, in the
/// board's names) after removing `removed` comes to in `position`.
///
/// # Errors
/// 400 for a name that is no point, an empty path or one longer than a
/// chain can be.
pub fn explain(
    position: &Position,
    removed: Option<&str>,
    path: &[String],
) -> Result<ExplainAnswer, ApiError> {
    let board = position.board();
    let point = |name: &str| {
        board
            .parse_point(name)
            .map_err(|e| ApiError::bad_request(e.to_string()))
    };
    let huff = removed.map(point).transpose()?;
    let path = path
        .iter()
        .map(|name| point(name))
        .collect::<Result<Vec<_>, _>>()?;
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
