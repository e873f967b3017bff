//! Why a move of one of the rule book's games is refused, in the rule
//! book's terms (R2, P6, A2-A5, M2-M5): the move written as a step or as
//! a chain is walked point by point, without generating the other turns.
//! The reasons follow the ruleset's options (claims, forward men, stuck
//! ranks, no return, kings, compulsory captures and chains).

use std::ops::ControlFlow;

use board_topology::graph::Graph;
use board_topology::{Direction, PointSet};

use crate::Side;
use crate::check::Reason;
use crate::position::Position;
use crate::ruleset::Chain;

/// The bit of `point` in a set of points.
const fn bit(point: u8) -> u128 {
    1 << point
}

/// The direction of the line from `from` that reaches `to`, if one does.
pub(super) fn line_direction(board: &Graph, from: u8, to: u8) -> Option<Direction> {
    if usize::from(from.max(to)) >= board.len() {
        return None;
    }
    Direction::ALL
        .into_iter()
        .find(|&d| board.ray(from, d) & bit(to) != 0)
}

/// The points strictly between `from` and `to` along their line; none if
/// no line joins them.
pub(super) fn between(board: &Graph, from: u8, to: u8) -> u128 {
    line_direction(board, from, to).map_or(0, |d| board.ray(from, d) & !board.ray(to, d) & !bit(to))
}

/// The point of `among` nearest to `from` on the way to `to` along their
/// line.
fn nearest(board: &Graph, from: u8, to: u8, among: u128) -> Option<u8> {
    let direction = line_direction(board, from, to)?;
    let hits = among & between(board, from, to);
    let mut at = from;
    while let Some(next) = board.neighbour(at, direction) {
        if hits & bit(next) != 0 {
            return Some(next);
        }
        at = next;
    }
    None
}

impl Position {
    /// Why the move from `from` over `landings` (a step to one point, or
    /// a chain of captures when `capture`), after the claim `huff` if any,
    /// is not legal, in the rule book's terms; `None` if it is, or if a
    /// point is off the board. The order of the checks: the claim (R2.6,
    /// P6), the piece, a compulsory capture (A4, M5), then the move point
    /// by point. For the rule book's rulesets, whose captured pieces stay
    /// on the board until the move ends (R2.4) and whose kings fly (M4).
    pub(super) fn move_reason(
        &self,
        huff: Option<u8>,
        from: u8,
        landings: &[u8],
        capture: bool,
    ) -> Option<Reason> {
        let ruleset = self.ruleset();
        let board = self.board();
        let on_board = |p: &u8| usize::from(*p) < board.len();
        if landings.is_empty()
            || !huff
                .iter()
                .chain(std::iter::once(&from))
                .chain(landings)
                .all(on_board)
        {
            return None;
        }
        let us = self.side_to_move();
        let own = self.pieces(us);
        let mut enemy = self.pieces(us.opposite());
        if let Some(claim) = huff {
            let claimable = self.huffable();
            if !ruleset.huff {
                return Some(Reason::NoClaims);
            }
            if claimable == 0 {
                return Some(Reason::NothingClaimable);
            }
            if claimable & bit(claim) == 0 {
                return Some(Reason::NotClaimable {
                    point: claim,
                    claimable,
                });
            }
            enemy &= !bit(claim);
        }
        if own & bit(from) == 0 {
            // A claimed piece has left the board before the move (P7).
            return Some(match enemy & bit(from) != 0 {
                true => Reason::NotYourPiece {
                    point: from,
                    owner: us.opposite(),
                },
                false => Reason::NoPiece { point: from },
            });
        }
        let walk = Walk {
            position: self,
            board,
            enemy,
            // The starting point is empty for the rest of the move (R2.4).
            empty: (board.points() & !own & !enemy) | bit(from),
            king: self.kings(us) & bit(from) != 0,
        };
        if capture {
            return walk.chain(from, landings);
        }
        if ruleset.compulsory {
            let capturers = self.capturers();
            if capturers != 0 {
                return Some(Reason::CaptureCompulsory { capturers });
            }
        }
        walk.step(from, landings[0])
    }

    /// In the rule book's games, why the pick `huff`, `from`, `landings`
    /// (no legal turn) is refused: one landing is a step or a one-jump
    /// chain, refused as the step for a point beside the piece and as the
    /// chain for one further off, but as the step for a king with nothing
    /// to jump (a long move, M4). `None` for the family's other rulesets,
    /// whose refusals are the family's, or a point off the board.
    pub(super) fn pick_reason(
        &self,
        huff: Option<u8>,
        from: u8,
        landings: &[u8],
    ) -> Option<Reason> {
        if !self.ruleset().is_rule_book() {
            return None;
        }
        let &[to] = landings else {
            return self.move_reason(huff, from, landings, true);
        };
        let step = self.move_reason(huff, from, landings, false)?;
        let beside = self.board().neighbours(from) & bit(to) != 0;
        Some(match self.move_reason(huff, from, landings, true) {
            Some(Reason::NothingToJump { king: true, .. }) => step,
            Some(chain) if !beside => chain,
            _ => step,
        })
    }

    /// In the rule book's games, why the piece on `from` (after the claim
    /// `huff`, if any), which has no legal turn, cannot step to the first
    /// free point beside it, if it has one.
    pub(super) fn stuck_reason(&self, huff: Option<u8>, from: u8) -> Option<Reason> {
        if !self.ruleset().is_rule_book() {
            return None;
        }
        let taken = (self.pieces(Side::White) | self.pieces(Side::Black)) & !huff.map_or(0, bit);
        let free = self.board().neighbours(from) & !taken;
        free.points()
            .find_map(|to| self.pick_reason(huff, from, &[to]))
    }

    /// The pieces of the side to move that have a legal capture.
    fn capturers(&self) -> u128 {
        let mut capturers = 0;
        let _ = self.generate_captures(|turn| {
            capturers |= bit(turn.from());
            ControlFlow::<()>::Continue(())
        });
        capturers
    }
}

/// A move being checked: the position, and the pieces as the move sees
/// them after the claim.
struct Walk<'a> {
    position: &'a Position,
    board: &'static Graph,
    /// The opponent's pieces, without a claimed one.
    enemy: u128,
    /// The empty points, the starting point among them.
    empty: u128,
    /// Whether the moving piece is a king (M4).
    king: bool,
}

impl Walk<'_> {
    /// Why a step from `from` to `to` is not legal, if it is not.
    fn step(&self, from: u8, to: u8) -> Option<Reason> {
        let (position, board) = (self.position, self.board);
        let occupied = Reason::Occupied {
            point: to,
            from,
            capture: false,
        };
        if self.king {
            // M4: along one line, over empty points only.
            if line_direction(board, from, to).is_none() {
                return Some(Reason::NotOnALine { from, to });
            }
            if let Some(at) = nearest(board, from, to, !self.empty) {
                return Some(Reason::Blocked { from, to, at });
            }
            return (self.empty & bit(to) == 0).then_some(occupied);
        }
        if board.neighbours(from) & bit(to) == 0 {
            return Some(Reason::NotAdjacent { from, to });
        }
        let ruleset = position.ruleset();
        let side = position.side_to_move();
        if ruleset.stuck[side.index()] & bit(from) != 0 {
            return Some(Reason::LastRank { point: from });
        }
        let directions = ruleset.step_directions(side);
        if line_direction(board, from, to).is_some_and(|d| directions & (1 << d.index()) == 0) {
            return Some(Reason::Backward { from, to });
        }
        if ruleset.no_return && position.barred_steps().any(|step| step == (from, to)) {
            return Some(Reason::NoReturn { from, to });
        }
        (self.empty & bit(to) == 0).then_some(occupied)
    }

    /// Why a chain from `from` over `landings` is not legal, if it is not.
    fn chain(&self, from: u8, landings: &[u8]) -> Option<Reason> {
        let mut at = from;
        let mut captured = 0;
        for (i, &to) in landings.iter().enumerate() {
            match self.jump(at, to, captured, i == 0) {
                Ok(over) => captured |= bit(over),
                Err(reason) => return Some(reason),
            }
            at = to;
        }
        // P4: a chain may stop anywhere; A4.3, M5: only where it must.
        let must_go_on = self.position.ruleset().chain == Chain::Compulsory;
        (must_go_on && self.can_jump(at, captured)).then_some(Reason::ChainGoesOn { at })
    }

    /// The piece a jump from `at` to `to` captures, after the pieces
    /// `captured` earlier in the move, or why it cannot be made.
    fn jump(&self, at: u8, to: u8, captured: u128, first: bool) -> Result<u8, Reason> {
        let board = self.board;
        // Captured pieces stand until the move ends (R2.4): not empty, but
        // no longer enemies to jump.
        let enemy = self.enemy & !captured;
        let land = |over: u8| {
            if captured & bit(to) != 0 {
                Err(Reason::AlreadyJumped { point: to })
            } else if self.empty & bit(to) == 0 {
                Err(Reason::Occupied {
                    point: to,
                    from: at,
                    capture: true,
                })
            } else {
                Ok(over)
            }
        };
        if self.king {
            // M4: along one line, over exactly one enemy piece and
            // otherwise empty points.
            if line_direction(board, at, to).is_none() {
                return Err(Reason::NotOnALine { from: at, to });
            }
            let way = between(board, at, to);
            let taken = way & !self.empty;
            // A piece in the way that stops the king: one captured earlier
            // in the move (R2.4), or any other.
            let obstacle = |point: u8| match captured & bit(point) != 0 {
                true => Reason::AlreadyJumped { point },
                false => Reason::Blocked {
                    from: at,
                    to,
                    at: point,
                },
            };
            let Some(over) = nearest(board, at, to, taken) else {
                // Nothing in the way: over empty points only, or onto the
                // piece next to it, where the landing is what is wrong.
                return Err(match way != 0 || self.empty & bit(to) != 0 {
                    true => Reason::NothingToJump {
                        from: at,
                        to,
                        king: true,
                    },
                    false => Reason::Occupied {
                        point: to,
                        from: at,
                        capture: true,
                    },
                });
            };
            if enemy & bit(over) == 0 {
                return Err(obstacle(over));
            }
            if let Some(second) = nearest(board, over, to, taken & !bit(over)) {
                return Err(obstacle(second));
            }
            return land(over);
        }
        let Some(hop) = board.hops(at).iter().find(|hop| hop.to == to) else {
            return Err(Reason::NotAJump { from: at, to });
        };
        let ruleset = self.position.ruleset();
        let directions = ruleset.step_directions(self.position.side_to_move());
        if first && ruleset.first_capture_as_step && directions & (1 << hop.direction.index()) == 0
        {
            return Err(Reason::FirstJumpDirection { from: at, to });
        }
        if captured & bit(hop.over) != 0 {
            return Err(Reason::AlreadyJumped { point: hop.over });
        }
        if enemy & bit(hop.over) == 0 {
            return Err(Reason::NothingToJump {
                from: at,
                to,
                king: false,
            });
        }
        land(hop.over)
    }

    /// Whether the moving piece, on `at` after capturing `captured`, could
    /// jump again (in any direction, A4.2, M3; a king as in M4).
    fn can_jump(&self, at: u8, captured: u128) -> bool {
        let board = self.board;
        let enemy = self.enemy & !captured;
        let empty = self.empty;
        if self.king {
            return Direction::ALL.into_iter().any(|d| {
                let mut next = board.neighbour(at, d);
                while let Some(point) = next.filter(|&p| empty & bit(p) != 0) {
                    next = board.neighbour(point, d);
                }
                next.filter(|&hit| enemy & bit(hit) != 0)
                    .and_then(|hit| board.neighbour(hit, d))
                    .is_some_and(|beyond| empty & bit(beyond) != 0)
            });
        }
        board
            .hops(at)
            .iter()
            .any(|hop| enemy & bit(hop.over) != 0 && empty & bit(hop.to) != 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Ruleset;

    #[test]
    fn between_is_the_points_strictly_inside_a_line() {
        let board = Ruleset::PERMAINAN.board;
        let point = |name| board.parse_point(name).expect("a point");
        let names = |set: u128| -> Vec<String> {
            set.points()
                .map(|p| board.point_name(p).to_string())
                .collect()
        };
        assert_eq!(
            names(between(board, point("c5"), point("c9"))),
            ["c6", "c7", "c8"]
        );
        assert_eq!(
            names(between(board, point("c9"), point("c5"))),
            ["c6", "c7", "c8"]
        );
        assert!(names(between(board, point("c5"), point("b7"))).is_empty());
        assert_eq!(
            nearest(
                board,
                point("c9"),
                point("c5"),
                1 << point("c6") | 1 << point("c7")
            ),
            Some(point("c7"))
        );
    }
}
