//! The family's games on the page (rules.md F): huffs (F4), passes, and
//! picks explained from the legal turns.

use board_topology::graph::Graph;
use peralikatuma_rules::Side;
use peralikatuma_rules::family::{Game, Kind, Position, Ruleset, Turn};

use super::super::error::ApiError;
use super::super::explain::ExplainAnswer;
use super::super::geometry::{BoardView, graph_view};
use super::super::view::{MOST_TURNS, TurnView};
use super::{WebGame, picked};

fn names(board: &Graph, set: u128) -> Vec<String> {
    (0..board.len() as u8)
        .filter(|&p| set & (1 << p) != 0)
        .map(|p| board.point_name(p).to_string())
        .collect()
}

/// The pieces `turn` captures, in the order it jumps them: the one on the
/// straight way between each landing and the next (a flying king's capture
/// jumps from afar).
fn jumped_in_order(board: &Graph, turn: &Turn) -> Vec<u8> {
    let mut left = turn.captured();
    let mut order = Vec::new();
    let mut from = turn.from();
    for &to in turn.landings() {
        let between = |c: u8| {
            let [(x0, y0), (x1, y1), (x, y)] = [from, to, c]
                .map(|p| board.coords(p))
                .map(|(f, r)| (i32::from(f), i32::from(r)));
            let along = (x - x0) * (x1 - x0) + (y - y0) * (y1 - y0);
            let length = (x1 - x0).pow(2) + (y1 - y0).pow(2);
            (x - x0) * (y1 - y0) == (y - y0) * (x1 - x0) && 0 < along && along < length
        };
        if let Some(c) = (0..board.len() as u8).find(|&c| left & (1 << c) != 0 && between(c)) {
            left &= !(1 << c);
            order.push(c);
        }
        from = to;
    }
    order.extend((0..board.len() as u8).filter(|&c| left & (1 << c) != 0));
    order
}

/// Why `path` after huffing `huff` is no legal turn in `position`, in
/// words: what is on its points, or that no turn of the ruleset goes so.
fn why_not(position: &Position, huff: Option<u8>, path: &[u8]) -> String {
    let board = position.board();
    let name = |p: u8| board.point_name(p).to_string();
    let us = position.side_to_move();
    let on = |p: u8, side: Side| position.pieces(side) & (1 << p) != 0;
    let from = path[0];
    if !on(from, us) {
        return match on(from, us.opposite()) {
            true => format!(
                "{} holds a {} piece, and {us} is to move",
                name(from),
                us.opposite()
            ),
            false => format!("there is no piece on {}", name(from)),
        };
    }
    if let Some(huffed) = huff
        && position.huffable() & (1 << huffed) == 0
    {
        return format!("the piece on {} cannot be huffed (F4)", name(huffed));
    }
    let turns = position.turns();
    let starts =
        |turn: &&Turn| turn.huff() == huff && turn.kind() != Kind::Pass && turn.from() == from;
    if path.len() == 1 {
        return match turns.iter().any(|t| starts(&t)) {
            true => format!("the piece on {} can move", name(from)),
            false => format!("the piece on {} has no legal move", name(from)),
        };
    }
    let landing = path[path.len() - 1];
    let occupied = position.pieces(Side::White) | position.pieces(Side::Black);
    let huffed = huff.map_or(0, |h| 1u128 << h);
    if landing != from && occupied & !huffed & (1 << landing) != 0 {
        return format!("{} is not empty", name(landing));
    }
    let written: Vec<String> = path.iter().map(|&p| name(p)).collect();
    let chained = turns
        .iter()
        .filter(starts)
        .any(|t| t.landings().starts_with(&path[1..]));
    match chained {
        true => format!(
            "{} is not a whole turn: the chain goes on",
            written.join("x")
        ),
        false => format!(
            "no legal turn of {} takes the piece on {} that way (F1-F3): pick a marked point",
            position.ruleset().name,
            name(from)
        ),
    }
}

impl WebGame for Game {
    const REMOVAL_RULE: &'static str = "F4";

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
            position = position.play(turn);
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
            captured: jumped_in_order(board, turn).into_iter().map(name).collect(),
            forfeits: Vec::new(),
        }
    }

    /// The legal turns, with the mover's pieces each lets the opponent
    /// huff (F4).
    fn legal_views(position: &Position) -> (Vec<TurnView>, usize) {
        let huffs = position.ruleset().huff;
        let mut listed = Vec::new();
        let mut total = 0;
        position.generate(|turn| {
            total += 1;
            if listed.len() < MOST_TURNS {
                let mut view = Game::turn_view(position, turn);
                if huffs && turn.kind() != Kind::Capture {
                    view.forfeits = names(position.board(), position.play(turn).huffable());
                }
                listed.push(view);
            }
        });
        (listed, total)
    }

    fn piece_count(position: &Position, side: Side) -> usize {
        position.pieces(side).count_ones() as usize
    }

    fn capturers(position: &Position) -> Vec<String> {
        let mut capturers = 0u128;
        position.generate(|turn| {
            if turn.kind() == Kind::Capture {
                capturers |= 1 << turn.from();
            }
        });
        names(position.board(), capturers)
    }

    fn removable(position: &Position) -> Vec<String> {
        names(position.board(), position.huffable())
    }

    fn removal_advice(position: &Position) -> Option<String> {
        let huffable = names(position.board(), position.huffable());
        if huffable.is_empty() {
            return None;
        }
        let us = position.side_to_move();
        Some(format!(
            "{} moved without capturing when it could have jumped, so {us} may first huff {} {} (F4)",
            us.opposite(),
            match huffable.len() {
                1 => "its piece on",
                _ => "one of its pieces on",
            },
            huffable.join(" or ")
        ))
    }

    fn barred_advice(_: &Position) -> Option<String> {
        None
    }

    fn quiet_turns(&self) -> u32 {
        Game::quiet_turns(self)
    }

    fn parse_turn(position: &Position, text: &str) -> Result<Turn, ApiError> {
        position.parse_turn(text).ok_or_else(|| {
            ApiError::illegal_text(format!(
                "`{text}` is not a legal turn of {} here",
                position.ruleset().name
            ))
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
        let legal = position.turns().into_iter().find(|turn| {
            turn.huff() == huff
                && turn.kind() != Kind::Pass
                && turn.from() == path[0]
                && turn.landings() == &path[1..]
        });
        Ok(match legal {
            Some(turn) => ExplainAnswer::legal(turn.text(board)),
            None => ExplainAnswer::refused(why_not(position, huff, &path)),
        })
    }
}
