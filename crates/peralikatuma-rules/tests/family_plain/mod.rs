//! A plain move generator for the family's rulesets, kept apart from the
//! crate's: a board of `Option<Piece>` cells, turns found by recursion over
//! copies, the rules read from the ruleset's fields as FAMILY.md and Ludii
//! describe them. Used by `tests/family_reference.rs` and the fuzz target
//! `family_game`.

use peralikatuma_rules::board_topology::Direction;
use peralikatuma_rules::{Chain, End, Position, Ruleset};
use peralikatuma_rules::{DrawReason, Outcome, Side, WinReason};

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Piece {
    pub side: Side,
    pub king: bool,
}

/// A position of the plain generator.
#[derive(Clone, PartialEq, Debug)]
pub struct Plain {
    pub rules: &'static Ruleset,
    pub cells: Vec<Option<Piece>>,
    pub side: Side,
    /// The opponent's points the side to move may huff.
    pub huffable: Vec<u8>,
    pub passes: u32,
    pub ended: Option<Outcome>,
}

/// A turn of the plain generator: its text and the position after it.
pub type PlainTurn = (String, Plain);

impl Plain {
    pub fn start(rules: &'static Ruleset) -> Plain {
        let cells = (0..rules.board.len() as u8)
            .map(|p| {
                let side = [Side::White, Side::Black]
                    .into_iter()
                    .find(|s| rules.start[s.index()] & (1 << p) != 0)?;
                Some(Piece { side, king: false })
            })
            .collect();
        Plain {
            rules,
            cells,
            side: Side::White,
            huffable: Vec::new(),
            passes: 0,
            ended: None,
        }
    }

    /// Whether the side to move has a piece.
    fn has_pieces(&self) -> bool {
        self.cells.iter().flatten().any(|p| p.side == self.side)
    }

    /// Why the side to move loses by passing (F6): it has no pieces, or
    /// no move.
    fn passing_loses(&self) -> WinReason {
        match self.has_pieces() {
            true => WinReason::Passed,
            false => WinReason::NoPieces,
        }
    }

    /// Why the side to move loses with no legal turn where that loses
    /// (E1, F6): it has no pieces, or no move.
    pub fn stuck_loses(&self) -> WinReason {
        match self.has_pieces() {
            true => WinReason::NoLegalTurn,
            false => WinReason::NoPieces,
        }
    }

    fn name(&self, point: u8) -> String {
        self.rules.board.point_name(point).to_string()
    }

    fn next(&self, point: u8, direction: Direction) -> Option<u8> {
        self.rules.board.neighbour(point, direction)
    }

    fn is_enemy(&self, point: u8, side: Side) -> bool {
        self.cells[point as usize].is_some_and(|p| p.side != side)
    }

    fn is_empty(&self, point: u8) -> bool {
        self.cells[point as usize].is_none()
    }

    /// Moves the piece on `from` to `to`, crowning a man that ends there
    /// on its promotion points.
    fn land(&mut self, from: u8, to: u8, crown: bool) {
        let mut piece = self.cells[from as usize].take().unwrap();
        if crown && self.rules.promotion[piece.side.index()] & (1 << to) != 0 {
            piece.king = true;
        }
        self.cells[to as usize] = Some(piece);
    }

    /// The short captures of the piece on `at`: `(over, to)`.
    fn hops(&self, at: u8) -> Vec<(u8, u8)> {
        let side = self.cells[at as usize].unwrap().side;
        Direction::ALL
            .into_iter()
            .filter_map(|d| {
                let over = self.next(at, d)?;
                let to = self.next(over, d)?;
                (self.is_enemy(over, side) && self.is_empty(to)).then_some((over, to))
            })
            .collect()
    }

    /// Every move of the side to move without a huff: `(text, position
    /// after, is it a capture)`, the side not yet switched.
    fn moves(&self) -> Vec<(String, Plain, bool)> {
        let mut moves = Vec::new();
        for from in 0..self.cells.len() as u8 {
            let Some(piece) = self.cells[from as usize] else {
                continue;
            };
            if piece.side != self.side {
                continue;
            }
            if piece.king {
                for d in Direction::ALL {
                    let mut at = from;
                    while let Some(next) = self.next(at, d) {
                        if !self.is_empty(next) {
                            if self.is_enemy(next, self.side) {
                                let mut landing = next;
                                while let Some(beyond) = self.next(landing, d) {
                                    if !self.is_empty(beyond) {
                                        break;
                                    }
                                    landing = beyond;
                                    let mut after = self.clone();
                                    after.cells[next as usize] = None;
                                    after.land(from, landing, false);
                                    let text =
                                        format!("{}x{}", self.name(from), self.name(landing));
                                    moves.push((text, after, true));
                                }
                            }
                            break;
                        }
                        at = next;
                        let mut after = self.clone();
                        after.land(from, at, false);
                        moves.push((
                            format!("{}-{}", self.name(from), self.name(at)),
                            after,
                            false,
                        ));
                    }
                }
                continue;
            }
            for d in Direction::ALL {
                let forward = match self.rules.forward[self.side.index()] {
                    None => true,
                    Some(f) => [f, rotate(f, 1), rotate(f, 7)].contains(&d),
                };
                let Some(next) = self.next(from, d) else {
                    continue;
                };
                if forward && self.is_empty(next) {
                    let mut after = self.clone();
                    after.land(from, next, true);
                    moves.push((
                        format!("{}-{}", self.name(from), self.name(next)),
                        after,
                        false,
                    ));
                }
                let zone = |p: u8| self.rules.leap_zone & (1 << p) != 0;
                if let Some(beyond) = self.next(next, d) {
                    if zone(from)
                        && zone(next)
                        && zone(beyond)
                        && self.is_empty(next)
                        && self.is_empty(beyond)
                    {
                        let mut after = self.clone();
                        after.land(from, beyond, true);
                        moves.push((
                            format!("{}-{}", self.name(from), self.name(beyond)),
                            after,
                            false,
                        ));
                    }
                }
            }
            self.chains(from, self.name(from), 1, &mut moves);
        }
        moves
    }

    /// Captures of the man now on `at`, the `depth`-th of its turn, with
    /// the chains that may follow.
    fn chains(&self, at: u8, text: String, depth: usize, moves: &mut Vec<(String, Plain, bool)>) {
        for (over, to) in self.hops(at) {
            let mut after = self.clone();
            after.cells[over as usize] = None;
            let text = format!("{text}x{}", self.name(to));
            after.cells[to as usize] = after.cells[at as usize].take();
            let goes_on = !after.hops(to).is_empty();
            let mut crowned = after.clone();
            crowned.land(to, to, true);
            match (self.rules.chain, depth) {
                (Chain::Single, _) | (Chain::Second, 2) => moves.push((text, crowned, true)),
                (Chain::Optional, _) => {
                    moves.push((text.clone(), crowned, true));
                    after.chains(to, text, depth + 1, moves);
                }
                (Chain::Second, _) if goes_on => after.chains(to, text, depth + 1, moves),
                (Chain::Second, _) => moves.push((text, crowned, true)),
                (Chain::Compulsory, _) if goes_on => after.chains(to, text, depth + 1, moves),
                (Chain::Compulsory, _) => moves.push((text, crowned, true)),
            }
        }
    }

    /// The points of the side to move's pieces that have a capture.
    fn capturers(&self) -> Vec<u8> {
        self.moves()
            .into_iter()
            .filter(|(_, _, capture)| *capture)
            .map(|(text, _, _)| {
                self.rules
                    .board
                    .parse_point(text.split('x').next().unwrap())
                    .unwrap()
            })
            .collect()
    }

    /// Every legal turn, with the position after it.
    pub fn turns(&self) -> Vec<PlainTurn> {
        if self.ended.is_some() {
            return Vec::new();
        }
        let pieces = self
            .cells
            .iter()
            .flatten()
            .filter(|p| p.side == self.side)
            .count();
        if self.rules.end == End::CaptureAll && pieces == 0 {
            return Vec::new();
        }
        let mut turns: Vec<PlainTurn> = Vec::new();
        let mut huffs: Vec<(String, Plain)> = vec![(String::new(), self.clone())];
        for &huffed in &self.huffable {
            if self.is_enemy(huffed, self.side) {
                let mut after = self.clone();
                after.cells[huffed as usize] = None;
                huffs.push((format!("!{} ", self.name(huffed)), after));
            }
        }
        for (i, (prefix, before)) in huffs.iter().enumerate() {
            let moves = before.moves();
            if moves.is_empty() && i > 0 {
                let mut after = before.clone();
                after.ended = Some(Outcome::Win {
                    winner: self.side.opposite(),
                    reason: self.passing_loses(),
                });
                after.side = self.side.opposite();
                after.huffable.clear();
                turns.push((format!("{prefix}pass"), after));
            }
            let pending = if self.rules.huff {
                before.capturers()
            } else {
                Vec::new()
            };
            for (text, mut after, capture) in moves {
                after.side = self.side.opposite();
                after.passes = 0;
                after.huffable.clear();
                if self.rules.huff && !capture {
                    let from = before
                        .rules
                        .board
                        .parse_point(text.split('-').next().unwrap())
                        .unwrap();
                    let to = before
                        .rules
                        .board
                        .parse_point(text.split('-').nth(1).unwrap())
                        .unwrap();
                    for &p in &pending {
                        if p != from {
                            after.huffable.push(p);
                        }
                    }
                    if pending.contains(&from) {
                        after.huffable.push(to);
                    }
                    after.huffable.sort();
                    after.huffable.dedup();
                }
                let theirs = after
                    .cells
                    .iter()
                    .flatten()
                    .filter(|p| p.side != self.side)
                    .count();
                if self.rules.end == End::CaptureAll && theirs == 0 {
                    after.ended = Some(Outcome::Win {
                        winner: self.side,
                        reason: WinReason::NoPieces,
                    });
                }
                turns.push((format!("{prefix}{text}"), after));
            }
        }
        if turns.is_empty() && self.rules.end != End::NoMovesLoses {
            let mut after = self.clone();
            after.side = self.side.opposite();
            after.huffable.clear();
            after.passes += 1;
            after.ended = match self.rules.end {
                End::CaptureAll if after.passes < 2 => None,
                End::CaptureAll => Some(Outcome::Draw {
                    reason: DrawReason::Passes,
                }),
                _ => Some(Outcome::Win {
                    winner: self.side.opposite(),
                    reason: self.passing_loses(),
                }),
            };
            turns.push(("pass".to_owned(), after));
        }
        turns
    }

    /// Whether `position` holds the same pieces, side to move and huffs.
    pub fn agrees_with(&self, position: &Position) -> bool {
        let board = self.rules.board;
        let points: Vec<u8> = (0..board.len() as u8).collect();
        let set = |side: Side, king: bool| -> u128 {
            points
                .iter()
                .filter(|&&p| self.cells[p as usize] == Some(Piece { side, king }))
                .fold(0, |set, &p| set | 1 << p)
        };
        let huffable = self.huffable.iter().fold(0u128, |set, &p| set | 1 << p);
        [Side::White, Side::Black]
            .into_iter()
            .all(|s| position.men(s) == set(s, false) && position.kings(s) == set(s, true))
            && position.side_to_move() == self.side
            && position.huffable() == huffable
    }
}

/// `direction` turned clockwise by `eighths` of a turn.
fn rotate(direction: Direction, eighths: usize) -> Direction {
    Direction::ALL[(direction.index() + eighths) % 8]
}
