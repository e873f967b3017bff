//! Turn text (N2): `d4-d5`, `c3xe5xg7`, `!e6 d4-d5`.

use std::fmt;

use board_topology::{Board, Direction, Heading, Point};
use smallvec::SmallVec;

use crate::error::TurnError;
use crate::position::Position;
use crate::turn::{MAX_LANDINGS, Turn};
use crate::variant::Variant;

/// A turn written in the notation of N2, in one game's point names.
#[derive(Copy, Clone, Debug)]
pub struct TurnNotation<'a> {
    turn: &'a Turn,
    board: Board,
}

impl Turn {
    /// The turn in the notation of N2, in the point names of `variant`.
    ///
    /// ```
    /// use peralikatuma_rules::{Position, Variant};
    /// let start = Position::start(Variant::Peralikatuma);
    /// let texts: Vec<String> = start
    ///     .legal_turns()
    ///     .iter()
    ///     .map(|t| t.notation(Variant::Peralikatuma).to_string())
    ///     .collect();
    /// assert!(texts.contains(&"e4-e5".to_string()));
    /// ```
    pub fn notation(&self, variant: Variant) -> TurnNotation<'_> {
        TurnNotation {
            turn: self,
            board: variant.board(),
        }
    }
}

impl fmt::Display for TurnNotation<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = |p: Point| self.board.point_name(p);
        if let Some(claim) = self.turn.claim() {
            write!(f, "!{} ", name(claim))?;
        }
        write!(f, "{}", name(self.turn.from()))?;
        let separator = if self.turn.is_capture() { 'x' } else { '-' };
        for &landing in self.turn.landings() {
            write!(f, "{separator}{}", name(landing))?;
        }
        Ok(())
    }
}

/// Turn text split into its parts, before it is checked against a position.
struct Written {
    claim: Option<Point>,
    path: SmallVec<[Point; MAX_LANDINGS + 1]>,
    capture: bool,
}

fn syntax(text: &str, reason: &'static str) -> TurnError {
    TurnError::Syntax {
        text: text.to_owned(),
        reason,
    }
}

impl Written {
    fn parse(board: Board, text: &str) -> Result<Written, TurnError> {
        let trimmed = text.trim();
        if trimmed.is_empty() {
            return Err(syntax(text, "it is empty"));
        }
        let point = |name: &str| {
            board.parse_point(name).map_err(|error| TurnError::Point {
                text: text.to_owned(),
                error,
            })
        };
        let (claim, body) = match trimmed.strip_prefix('!') {
            Some(rest) => {
                let (claimed, body) = rest.split_once(char::is_whitespace).ok_or_else(|| {
                    syntax(
                        text,
                        "a claim `!point` must be followed by a space and a move",
                    )
                })?;
                (Some(point(claimed)?), body.trim_start())
            }
            None => (None, trimmed),
        };
        let capture = body.contains('x');
        if capture && body.contains('-') {
            return Err(syntax(
                text,
                "a move uses `-` for a step or `x` for jumps, not both",
            ));
        }
        let separator = if capture { 'x' } else { '-' };
        let mut path = SmallVec::new();
        for name in body.split(separator) {
            if name.is_empty() {
                return Err(syntax(
                    text,
                    "a point name is missing: `-` and `x` stand between two points",
                ));
            }
            if path.len() > MAX_LANDINGS {
                return Err(syntax(text, "the chain is longer than any game allows"));
            }
            path.push(point(name)?);
        }
        if path.len() < 2 {
            return Err(syntax(
                text,
                "a move needs a start and a landing point, like `d4-d5` or `c3xe5`",
            ));
        }
        if !capture && path.len() > 2 {
            return Err(syntax(text, "a step has two points; write jumps with `x`"));
        }
        Ok(Written {
            claim,
            path,
            capture,
        })
    }
}

impl Position {
    /// Reads turn text (N2) and checks it against this position.
    ///
    /// # Errors
    /// A [`TurnError`] saying what is wrong: malformed text, a point that is
    /// not on the board, or, for a well formed turn that is not legal here,
    /// the reason (no piece of the side to move on the starting point, an
    /// occupied landing point, no enemy piece to jump, a claim that is not
    /// available, ...).
    ///
    /// ```
    /// use peralikatuma_rules::{Position, Variant};
    /// let start = Position::start(Variant::Peralikatuma);
    /// assert!(start.parse_turn("d4-d5").is_ok());
    /// let error = start.parse_turn("d4-e4").unwrap_err();
    /// assert_eq!(error.to_string(), "`d4-e4` is not a legal turn: e4 is not empty");
    /// ```
    pub fn parse_turn(&self, text: &str) -> Result<Turn, TurnError> {
        let written = Written::parse(self.board(), text)?;
        let found = self.find_turn(|turn| {
            turn.claim() == written.claim
                && turn.is_capture() == written.capture
                && turn.path().eq(written.path.iter().copied())
        });
        found.ok_or_else(|| TurnError::Illegal {
            text: text.trim().to_owned(),
            reason: self.why_illegal(&written),
        })
    }

    /// Says why a well formed turn is not legal here.
    fn why_illegal(&self, written: &Written) -> String {
        let board = self.board();
        let name = |p: Point| board.point_name(p).to_string();
        let us = self.side_to_move();
        let them = us.opposite();
        let mut enemy = self.pieces(them);
        if let Some(claim) = written.claim {
            if self.claimable().is_empty() {
                return format!("{us} has no forfeit claim this turn (P6)");
            }
            if !self.claimable().contains(claim) {
                let list: Vec<String> = self.claimable().iter().map(name).collect();
                return format!(
                    "{} is not claimable; claimable: {} (P6)",
                    name(claim),
                    list.join(", ")
                );
            }
            enemy.remove(claim);
        }
        let from = written.path[0];
        match self.side_at(from) {
            None => return format!("there is no piece on {}", name(from)),
            Some(side) if side != us => {
                return format!("{} holds a {side} piece, and {us} is to move", name(from));
            }
            _ => {}
        }
        if self.variant().captures_compulsory() {
            return self.why_illegal_compulsory(written);
        }
        let empty = (board.points() - self.pieces(us) - enemy).with(from);
        if !written.capture {
            let to = written.path[1];
            if !board.neighbours(from).contains(to) {
                return format!(
                    "{} is not adjacent to {} along a line (R2.1)",
                    name(to),
                    name(from)
                );
            }
            if !empty.contains(to) {
                return format!("{} is not empty", name(to));
            }
        } else {
            let mut captured = board_topology::Bitboard::EMPTY;
            for pair in written.path.windows(2) {
                let (at, to) = (pair[0], pair[1]);
                let Some(jump) = board.jumps(at).iter().find(|j| j.to == to) else {
                    return format!(
                        "{} is not a jump away from {}: a jump goes over an adjacent point to the point straight beyond (R2.2)",
                        name(to),
                        name(at)
                    );
                };
                if captured.contains(jump.over) {
                    return format!(
                        "the piece on {} is already jumped in this move (R2.4)",
                        name(jump.over)
                    );
                }
                if !enemy.contains(jump.over) {
                    return format!("there is no {them} piece on {} to jump", name(jump.over));
                }
                if !empty.contains(to) {
                    return format!("{} is not empty", name(to));
                }
                captured.insert(jump.over);
            }
        }
        "it is not among the legal turns of this position".to_owned()
    }

    /// For a step of a man that Alquerque or Permainan forbid, the rule
    /// that forbids it: a step backward (A2, M2), a step from the last rank
    /// (A3), a step straight back (A5).
    fn why_not_this_step(&self, from: Point, to: Point) -> Option<String> {
        let board = self.board();
        let name = |p: Point| board.point_name(p).to_string();
        let us = self.side_to_move();
        let alquerque = self.variant() == Variant::Alquerque;
        if self.kings().contains(from) || !board.neighbours(from).contains(to) {
            return None;
        }
        if alquerque && board.base(us.opposite().facing()).contains(from) {
            return Some(format!(
                "the piece on {} is on its last rank and cannot step (A3)",
                name(from)
            ));
        }
        if board
            .toward(from, us.facing(), Heading::Backward)
            .contains(to)
        {
            let rule = if alquerque { "A2" } else { "M2" };
            return Some(format!(
                "a piece steps only forward, diagonally forward or sideways, never backward ({rule})"
            ));
        }
        let no_return = self.no_return();
        let barred = [
            (no_return.east, Direction::East),
            (no_return.west, Direction::West),
        ]
        .into_iter()
        .any(|(pieces, way)| pieces.contains(from) && board.neighbour(from, way) == Some(to));
        barred.then(|| {
            format!(
                "the piece on {} may not step straight back to {}, where it came from (A5)",
                name(from),
                name(to)
            )
        })
    }

    /// Says why a move of Alquerque or Permainan is not legal, for a move
    /// whose piece is the mover's.
    fn why_illegal_compulsory(&self, written: &Written) -> String {
        let board = self.board();
        let name = |p: Point| board.point_name(p).to_string();
        let legal = self.legal_turns();
        let rule = if self.variant().has_kings() {
            "M5"
        } else {
            "A4"
        };
        let from = written.path[0];
        let capturers = legal
            .iter()
            .filter(|t| t.is_capture())
            .fold(board_topology::Bitboard::EMPTY, |set, t| set.with(t.from()));
        if !written.capture && capturers.any() {
            let names: Vec<String> = capturers.iter().map(name).collect();
            return format!(
                "a capture is compulsory ({rule}), and {} can capture with {}",
                self.side_to_move(),
                names.join(", ")
            );
        }
        if !written.capture {
            if let Some(reason) = self.why_not_this_step(from, written.path[1]) {
                return reason;
            }
        }
        let same_start: Vec<&Turn> = legal.iter().filter(|t| t.from() == from).collect();
        if same_start.is_empty() {
            let list: Vec<String> = legal
                .iter()
                .take(8)
                .map(|t| t.notation(self.variant()).to_string())
                .collect();
            let more = if legal.len() > 8 { ", ..." } else { "" };
            return if legal.iter().any(Turn::is_capture) {
                format!(
                    "the piece on {} cannot capture, and a capture is compulsory ({rule}): {}{more}",
                    name(from),
                    list.join(", ")
                )
            } else {
                format!(
                    "the piece on {} cannot move; legal: {}{more}",
                    name(from),
                    list.join(", ")
                )
            };
        }
        let landings = &written.path[1..];
        let extends = same_start.iter().any(|t| {
            t.is_capture() == written.capture
                && t.landings().len() > landings.len()
                && t.landings().starts_with(landings)
        });
        if extends {
            let rule = if self.variant().has_kings() {
                "M5"
            } else {
                "A4.3"
            };
            return format!("the chain must go on while the piece can jump again ({rule})");
        }
        let targets: Vec<String> = same_start
            .iter()
            .map(|t| t.notation(self.variant()).to_string())
            .collect();
        format!(
            "the piece on {} can only play {}",
            name(from),
            targets.join(", ")
        )
    }
}
