//! Checking one turn against a position by walking its path, without
//! generating the other turns: whether it is legal, and if not, why.

use board_topology::{Bitboard, Direction, Heading, Point};

use crate::movegen::first_jump_allowed;
use crate::position::Position;
use crate::refusal::{Reason, Refusal};
use crate::turn::Turn;
use crate::variant::Variant;

impl Position {
    /// Checks `turn` against this position: `Ok` if it is one of the legal
    /// turns, else a [`Refusal`] that says why not, naming the points and
    /// the rule. The check walks the turn's path without generating the
    /// other turns, whatever their number (a step in Alquerque or
    /// Permainan also asks whether any piece could capture instead).
    ///
    /// ```
    /// use peralikatuma_rules::{Position, Reason, Turn, Variant};
    /// // White to move must capture (A4): c2xc4 over Black's c3.
    /// let position = Position::parse(Variant::Alquerque, "W:Wc2,a1:Bc3,e5")?;
    /// let point = |name| position.board().parse_point(name);
    /// let step = Turn::step(Variant::Alquerque, point("a1")?, point("a2")?);
    /// let refusal = position.check(&step).unwrap_err();
    /// assert_eq!(refusal.reason, Reason::CaptureCompulsory { capturers: point("c2")?.into() });
    /// assert_eq!(
    ///     refusal.to_string(),
    ///     "a capture is compulsory, and the piece on c2 can capture (A4)"
    /// );
    /// let jump = Turn::chain(Variant::Alquerque, point("c2")?, &[point("c4")?])?;
    /// assert!(position.check(&jump).is_ok());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn check(&self, turn: &Turn) -> Result<(), Refusal> {
        match self.reason_against(turn) {
            None => Ok(()),
            Some(reason) => Err(Refusal {
                turn: *turn,
                reason,
            }),
        }
    }

    /// Whether `turn` is a legal turn of this position.
    #[inline]
    pub fn is_legal(&self, turn: &Turn) -> bool {
        self.reason_against(turn).is_none()
    }

    /// The first rule `turn` breaks here, in the order: the game, the
    /// board, the claim (R2.6, P6), the piece, a compulsory capture (A4,
    /// M5), then the move point by point.
    fn reason_against(&self, turn: &Turn) -> Option<Reason> {
        let variant = self.variant();
        if turn.variant() != variant {
            return Some(Reason::OtherGame { game: variant });
        }
        let board = self.board();
        if let Some(point) = turn
            .claim()
            .into_iter()
            .chain(turn.path())
            .find(|&p| !board.contains(p))
        {
            return Some(Reason::OffBoard { point });
        }
        let us = self.side_to_move();
        let own = self.pieces(us);
        let mut enemy = self.pieces(us.opposite());
        if let Some(claim) = turn.claim() {
            let claimable = self.claimable();
            if !variant.has_forfeits() {
                return Some(Reason::NoClaims);
            }
            if claimable.is_empty() {
                return Some(Reason::NothingClaimable);
            }
            if !claimable.contains(claim) {
                return Some(Reason::NotClaimable {
                    point: claim,
                    claimable,
                });
            }
            enemy.remove(claim);
        }
        let from = turn.from();
        if !own.contains(from) {
            // A claimed piece has left the board before the move (P7).
            return Some(if enemy.contains(from) {
                Reason::NotYourPiece {
                    point: from,
                    owner: us.opposite(),
                }
            } else {
                Reason::NoPiece { point: from }
            });
        }
        let walk = Walk {
            position: self,
            variant,
            enemy,
            // The starting point is empty for the rest of the move (R2.4).
            empty: (board.points() - own - enemy).with(from),
            king: self.kings().contains(from),
        };
        if turn.is_capture() {
            walk.chain(from, turn.landings())
        } else {
            if variant.captures_compulsory() {
                let capturers = self.capturers(us);
                if capturers.any() {
                    return Some(Reason::CaptureCompulsory { capturers });
                }
            }
            walk.step(from, turn.to())
        }
    }
}

/// A move being checked: the position, and the pieces as the move sees
/// them after the claim.
struct Walk<'a> {
    position: &'a Position,
    variant: Variant,
    /// The opponent's pieces, without a claimed one.
    enemy: Bitboard,
    /// The empty points, the starting point among them.
    empty: Bitboard,
    /// Whether the moving piece is a king (M4).
    king: bool,
}

impl Walk<'_> {
    /// Why a step from `from` to `to` is not legal, if it is not.
    fn step(&self, from: Point, to: Point) -> Option<Reason> {
        let position = self.position;
        let board = position.board();
        if self.king {
            // M4: along one line, over empty points only.
            if line_direction(position, from, to).is_none() {
                return Some(Reason::NotOnALine { from, to });
            }
            let way = board.between(from, to) - self.empty;
            if let Some(at) = nearest(position, from, to, way) {
                return Some(Reason::Blocked { from, to, at });
            }
            return (!self.empty.contains(to)).then_some(Reason::Occupied { point: to });
        }
        if !board.neighbours(from).contains(to) {
            return Some(Reason::NotAdjacent { from, to });
        }
        if self.variant != Variant::Peralikatuma {
            let facing = position.side_to_move().facing();
            if self.variant == Variant::Alquerque && board.base(facing.opposite()).contains(from) {
                return Some(Reason::LastRank { point: from });
            }
            if board.toward(from, facing, Heading::Backward).contains(to) {
                return Some(Reason::Backward { from, to });
            }
            if position.no_return().barred(board, from) == Some(to) {
                return Some(Reason::NoReturn { from, to });
            }
        }
        (!self.empty.contains(to)).then_some(Reason::Occupied { point: to })
    }

    /// Why a chain from `from` over `landings` is not legal, if it is not.
    fn chain(&self, from: Point, landings: &[Point]) -> Option<Reason> {
        let mut at = from;
        let mut captured = Bitboard::EMPTY;
        for (i, &to) in landings.iter().enumerate() {
            let over = match self.jump(at, to, captured, i == 0) {
                Ok(over) => over,
                Err(reason) => return Some(reason),
            };
            captured.insert(over);
            at = to;
        }
        // P4: a chain may stop anywhere; A4.3, M5: only where it must.
        let must_go_on = self.variant.captures_compulsory();
        (must_go_on && self.can_jump(at, captured)).then_some(Reason::ChainGoesOn { at })
    }

    /// The piece a jump from `at` to `to` captures, after the pieces
    /// `captured` earlier in the move, or why it cannot be made.
    fn jump(&self, at: Point, to: Point, captured: Bitboard, first: bool) -> Result<Point, Reason> {
        let position = self.position;
        let board = position.board();
        // Captured pieces stand until the move ends (R2.4): not empty, but
        // no longer enemies to jump.
        let enemy = self.enemy - captured;
        let land = |over: Point| {
            if captured.contains(to) {
                Err(Reason::AlreadyJumped { point: to })
            } else if !self.empty.contains(to) {
                Err(Reason::Occupied { point: to })
            } else {
                Ok(over)
            }
        };
        if self.king {
            // M4: along one line, over exactly one enemy piece and
            // otherwise empty points.
            if line_direction(position, at, to).is_none() {
                return Err(Reason::NotOnALine { from: at, to });
            }
            let way = board.between(at, to);
            let taken = way - self.empty;
            // A piece in the way that stops the king: one captured earlier
            // in the move (R2.4), or any other.
            let obstacle = |point: Point| {
                if captured.contains(point) {
                    Reason::AlreadyJumped { point }
                } else {
                    Reason::Blocked {
                        from: at,
                        to,
                        at: point,
                    }
                }
            };
            let Some(over) = nearest(position, at, to, taken) else {
                // Nothing in the way: over empty points only, or onto the
                // piece next to it, where the landing is what is wrong.
                return Err(if way.any() || self.empty.contains(to) {
                    Reason::NothingToJump {
                        from: at,
                        to,
                        king: true,
                    }
                } else {
                    Reason::Occupied { point: to }
                });
            };
            if !enemy.contains(over) {
                return Err(obstacle(over));
            }
            if let Some(second) = nearest(position, over, to, taken.without(over)) {
                return Err(obstacle(second));
            }
            return land(over);
        }
        let Some(jump) = board.jumps(at).iter().find(|j| j.to == to) else {
            return Err(Reason::NotAJump { from: at, to });
        };
        if first && self.variant == Variant::Alquerque {
            let facing = position.side_to_move().facing();
            let on_last_rank = board.base(facing.opposite()).contains(at);
            if !first_jump_allowed(facing, on_last_rank, jump.direction) {
                return Err(Reason::FirstJumpDirection { from: at, to });
            }
        }
        if captured.contains(jump.over) {
            return Err(Reason::AlreadyJumped { point: jump.over });
        }
        if !enemy.contains(jump.over) {
            return Err(Reason::NothingToJump {
                from: at,
                to,
                king: false,
            });
        }
        land(jump.over)
    }

    /// Whether the moving piece, on `at` after capturing `captured`, could
    /// jump again (in any direction, A4.2, M3; a king as in M4).
    fn can_jump(&self, at: Point, captured: Bitboard) -> bool {
        let board = self.position.board();
        let enemy = self.enemy - captured;
        if self.king {
            return Direction::ALL.into_iter().any(|d| {
                board
                    .nearest(at, d, !self.empty)
                    .filter(|&hit| enemy.contains(hit))
                    .and_then(|hit| board.neighbour(hit, d))
                    .is_some_and(|beyond| self.empty.contains(beyond))
            });
        }
        board
            .jumps(at)
            .iter()
            .any(|j| enemy.contains(j.over) && self.empty.contains(j.to))
    }
}

/// The direction of the line from `from` that reaches `to`, if one does.
fn line_direction(position: &Position, from: Point, to: Point) -> Option<Direction> {
    let board = position.board();
    Direction::ALL
        .into_iter()
        .find(|&d| board.ray(from, d).contains(to))
}

/// The point of `among` nearest to `from` on the way to `to` along their
/// line.
fn nearest(position: &Position, from: Point, to: Point, among: Bitboard) -> Option<Point> {
    let direction = line_direction(position, from, to)?;
    position
        .board()
        .nearest(from, direction, among & position.board().between(from, to))
}
