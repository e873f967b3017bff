//! What the web pages need of a game of the one model
//! ([`family::Game`]): its board, its turns as the picker sees them (a
//! piece removed first, a path, the pieces jumped), advice for the player
//! to move, how it ended, and why a pick is no legal turn. Every answer
//! comes from the rules crate; the rule book's games answer a refused
//! turn with the rule book's refusal in its parts.
//!
//! [`family::Game`]: peralikatuma_rules::family::Game

mod family;

use super::error::ApiError;
use super::explain::ExplainAnswer;
use super::geometry::BoardView;
use super::view::TurnView;
use crate::session::SessionGame;
use peralikatuma_rules::Side;

/// A game the server can hold and the page can show.
pub trait WebGame: SessionGame {
    /// The game's name for people.
    fn title(&self) -> String;
    /// The rules in brief.
    fn brief(&self) -> Vec<String>;
    /// The rule that lets a player remove a piece before moving in
    /// `position`, as the page cites it: `P6` (a claim) or `F4` (a huff).
    fn removal_rule(position: &Self::Position) -> &'static str;
    /// Whether it is one of the family's games, not the rule book's.
    fn is_family(&self) -> bool;

    /// The position of `variant` that `text` writes (N3, or F9 in a
    /// family game).
    ///
    /// # Errors
    /// What is wrong with the text, in words.
    fn position_from(variant: Self::Variant, text: &str) -> Result<Self::Position, String>;
    /// The position now.
    fn now(&self) -> &Self::Position;
    /// The positions from the start, the one now last.
    fn all_positions(&self) -> Vec<Self::Position>;
    /// The board the game is played on, as the page draws it.
    fn board_view(&self) -> BoardView;
    /// `turn` played in `position`, with the points the page marks.
    fn turn_view(position: &Self::Position, turn: &Self::Turn) -> TurnView;
    /// The legal turns of `position` for the picker (at most
    /// [`MOST_TURNS`](super::view::MOST_TURNS)), and how many there are.
    fn legal_views(position: &Self::Position) -> (Vec<TurnView>, usize);
    /// `side`'s pieces on the board in `position`.
    fn piece_count(position: &Self::Position, side: Side) -> usize;
    /// The side to move's pieces that can capture now.
    fn capturers(position: &Self::Position) -> Vec<String>;
    /// The opponent's pieces the side to move may remove first (claim,
    /// P6; huff, F4).
    fn removable(position: &Self::Position) -> Vec<String>;
    /// Why they may be removed, in words.
    fn removal_advice(position: &Self::Position) -> Option<String>;
    /// The side to move's pieces that may not step straight back (A5), in
    /// words.
    fn barred_advice(position: &Self::Position) -> Option<String>;
    /// Turns in a row without a piece leaving the board (E4).
    fn quiet_turns(&self) -> u32;
    /// The turn written `text` in `position`.
    ///
    /// # Errors
    /// 400 for text that is no turn, 422 with the rules' reason for an
    /// illegal one.
    fn parse_turn(position: &Self::Position, text: &str) -> Result<Self::Turn, ApiError>;
    /// What the pick of `path` (the piece's point, then its landings, in
    /// the board's names) after removing `removed` comes to in `position`.
    ///
    /// # Errors
    /// 400 for a name that is no point, an empty path or one longer than
    /// a chain can be.
    fn explain(
        position: &Self::Position,
        removed: Option<&str>,
        path: &[String],
    ) -> Result<ExplainAnswer, ApiError>;
}

/// The points a pick names: the piece removed first, if any, and the
/// path, read by `parse` (a board's names).
///
/// # Errors
/// 400 for a name that is no point of the board.
fn picked<P, E: std::fmt::Display>(
    parse: impl Fn(&str) -> Result<P, E>,
    removed: Option<&str>,
    path: &[String],
) -> Result<(Option<P>, Vec<P>), ApiError> {
    let point = |name: &str| parse(name).map_err(|e| ApiError::bad_request(e.to_string()));
    let removed = removed.map(point).transpose()?;
    let path = path
        .iter()
        .map(|name| point(name))
        .collect::<Result<Vec<_>, _>>()?;
    Ok((removed, path))
}
