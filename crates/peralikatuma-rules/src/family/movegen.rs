//! The legal turns of a family position, handed one at a time to a
//! listener: huffs, steps, leaps, slides, captures and chains, and passes.

use board_topology::Direction;
use board_topology::graph::Graph;

use super::position::Position;
use super::ruleset::{Chain, End, Ruleset};
use super::turn::{Kind, MAX_LANDINGS, Turn};
use crate::Side;

/// The points of a set, lowest first.
fn bits(mut set: u128) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let point = set.trailing_zeros() as u8;
            set &= set - 1;
            point
        })
    })
}

/// The short capture from `at` along `direction`, if there is one: the
/// enemy piece jumped and the empty point straight beyond it.
fn hop(board: &Graph, at: u8, direction: Direction, enemy: u128, empty: u128) -> Option<(u8, u8)> {
    let over = board
        .neighbour(at, direction)
        .filter(|&p| enemy & (1 << p) != 0)?;
    let to = board
        .neighbour(over, direction)
        .filter(|&p| empty & (1 << p) != 0)?;
    Some((over, to))
}

/// One side's view of the board while its turns are listed.
struct Mover<'a> {
    rules: &'static Ruleset,
    board: &'static Graph,
    side: Side,
    men: u128,
    kings: u128,
    enemy: u128,
    turn: &'a mut Turn,
}

impl Mover<'_> {
    fn empty(&self) -> u128 {
        self.board.points() & !(self.men | self.kings | self.enemy)
    }

    /// Lists every move of the side's pieces (steps, leaps, slides and
    /// captures) after the huff already in `self.turn`; returns whether
    /// there was one.
    fn moves(&mut self, emit: &mut impl FnMut(&Turn)) -> bool {
        let mut any = false;
        let empty = self.empty();
        let step_directions = self.rules.step_directions(self.side);
        let every_way = step_directions == u8::MAX;
        let zone = self.rules.leap_zone;
        for from in bits(self.men) {
            self.turn.set_from(from);
            let around = self.board.neighbours(from);
            if every_way {
                for to in bits(around & empty) {
                    any = true;
                    self.emit_move(Kind::Step, to, emit);
                }
            } else {
                for direction in Direction::ALL {
                    if step_directions & (1 << direction.index()) == 0 {
                        continue;
                    }
                    if let Some(to) = self.board.neighbour(from, direction) {
                        if empty & (1 << to) != 0 {
                            any = true;
                            self.emit_move(Kind::Step, to, emit);
                        }
                    }
                }
            }
            // Terhuchu: two points over an empty one, in the zone.
            if zone & (1 << from) != 0 {
                for direction in Direction::ALL {
                    let Some(next) = self.board.neighbour(from, direction) else {
                        continue;
                    };
                    let Some(beyond) = self.board.neighbour(next, direction) else {
                        continue;
                    };
                    if empty & zone & (1 << next) != 0 && empty & zone & (1 << beyond) != 0 {
                        any = true;
                        self.emit_move(Kind::Leap, beyond, emit);
                    }
                }
            }
            if around & self.enemy != 0 {
                let (enemy, men) = (self.enemy, self.men);
                self.men &= !(1 << from);
                any |= self.captures(from, 1, 0, emit);
                (self.enemy, self.men) = (enemy, men);
            }
        }
        for from in bits(self.kings) {
            for direction in Direction::ALL {
                let mut at = from;
                while let Some(next) = self.board.neighbour(at, direction) {
                    if empty & (1 << next) == 0 {
                        // A long capture over the first piece met, if an
                        // enemy, to any empty point beyond it.
                        if self.enemy & (1 << next) != 0 {
                            let mut landing = next;
                            while let Some(beyond) = self.board.neighbour(landing, direction) {
                                if empty & (1 << beyond) == 0 {
                                    break;
                                }
                                landing = beyond;
                                any = true;
                                self.turn.set_move(Kind::Capture, from, landing, 1 << next);
                                emit(self.turn);
                            }
                        }
                        break;
                    }
                    at = next;
                    any = true;
                    self.turn.set_move(Kind::Step, from, at, 0);
                    emit(self.turn);
                }
            }
        }
        any
    }

    /// Hands on a step or leap of the piece on `self.turn.from()`.
    fn emit_move(&mut self, kind: Kind, to: u8, emit: &mut impl FnMut(&Turn)) {
        let from = self.turn.from();
        self.turn.set_move(kind, from, to, 0);
        emit(self.turn);
    }

    /// The short captures of the man at `at` (already lifted from the
    /// board), as the `depth`-th capture of its turn after capturing
    /// `before`, and whatever chains the ruleset lets follow them; returns
    /// whether there was one.
    fn captures(
        &mut self,
        at: u8,
        depth: usize,
        before: u128,
        emit: &mut impl FnMut(&Turn),
    ) -> bool {
        // No ruleset of RULESETS chains further (checked at compile time);
        // a ruleset built by hand that would is cut here.
        if depth > MAX_LANDINGS || self.board.neighbours(at) & self.enemy == 0 {
            return false;
        }
        let mut any = false;
        // The same for every direction: each capture is undone before the next.
        let empty = self.empty();
        for direction in Direction::ALL {
            let Some((over, to)) = hop(self.board, at, direction, self.enemy, empty) else {
                continue;
            };
            any = true;
            // Take the piece at once: later jumps may cross its point.
            self.enemy &= !(1 << over);
            self.turn.set_hop(depth, to, before, over);
            let captured = before | 1 << over;
            match self.rules.chain {
                Chain::Single => emit(self.turn),
                Chain::Optional => {
                    emit(self.turn);
                    self.captures(to, depth + 1, captured, emit);
                }
                Chain::Second if depth == 1 => {
                    if !self.captures(to, depth + 1, captured, emit) {
                        self.turn.set_hop(depth, to, before, over);
                        emit(self.turn);
                    }
                }
                Chain::Second => emit(self.turn),
            }
            self.enemy |= 1 << over;
        }
        any
    }
}

impl Position {
    /// Hands every legal turn to `listener`, one at a time; none when the
    /// game is over.
    ///
    /// A turn that may stop at several points of a chain is listed once
    /// for each; a huff followed by each possible move is a turn of its
    /// own. A player with no move passes where the ruleset says so
    /// ([`End`]).
    pub fn generate(&self, mut listener: impl FnMut(&Turn)) {
        if self.ended().is_some() {
            return;
        }
        let rules = self.ruleset();
        let (us, them) = (self.side.index(), self.side.opposite().index());
        let mut turn = Turn::PASS;
        let mut mover = Mover {
            rules,
            board: rules.board,
            side: self.side,
            men: self.men[us],
            kings: self.kings[us],
            enemy: self.men[them] | self.kings[them],
            turn: &mut turn,
        };
        let mut any = mover.moves(&mut listener);
        for huffed in bits(self.huffable & mover.enemy) {
            let enemy = mover.enemy;
            mover.enemy &= !(1 << huffed);
            mover.turn.set_huff(Some(huffed));
            if !mover.moves(&mut listener) {
                // Nothing left to do after the huff: the turn ends there.
                mover.turn.set_pass();
                listener(mover.turn);
            }
            any = true;
            mover.enemy = enemy;
        }
        if !any && rules.end != End::NoMovesLoses {
            listener(&Turn::PASS);
        }
    }

    /// `side`'s pieces that have a capture here.
    pub(super) fn capturers(&self, side: Side) -> u128 {
        let mut capturers = 0;
        self.first_captures(side, |from, _| {
            capturers |= 1 << from;
            // One capture is enough to know the piece.
            false
        });
        capturers
    }

    /// The pieces of `side`'s opponent that `side` could capture with the
    /// first capture of a move, were it to move now: short jumps of men,
    /// long jumps of kings (a huff is not a capture).
    ///
    /// ```
    /// use peralikatuma_rules::Side;
    /// use peralikatuma_rules::family::{Position, Ruleset};
    ///
    /// let position = Position::parse(Ruleset::find("alquerque-murray")?, "W:Wa1,c3:Bd4,b2")?;
    /// let names = |side| {
    ///     let set = position.capturable(side);
    ///     let board = position.board();
    ///     (0..board.len() as u8)
    ///         .filter(|&p| set & (1 << p) != 0)
    ///         .map(|p| board.point_name(p).to_string())
    ///         .collect::<Vec<_>>()
    /// };
    /// // c3 jumps d4 to e5, but not b2: a1 is taken, as is c3 beyond b2.
    /// assert_eq!(names(Side::White), ["d4"]);
    /// // Black's pieces land on each other past c3, and off the board past a1.
    /// assert!(names(Side::Black).is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn capturable(&self, side: Side) -> u128 {
        let mut capturable = 0;
        self.first_captures(side, |_, over| {
            capturable |= 1 << over;
            true
        });
        capturable
    }

    /// Hands `visit` each first capture `side` could make were it to move
    /// now, as the capturing piece's point and the captured one's, until
    /// `visit` says to go on to the next piece.
    fn first_captures(&self, side: Side, mut visit: impl FnMut(u8, u8) -> bool) {
        let board = self.board();
        let (us, them) = (side.index(), side.opposite().index());
        let enemy = self.men[them] | self.kings[them];
        let empty = board.points() & !(self.men[us] | self.kings[us] | enemy);
        for from in bits(self.men[us]) {
            for direction in Direction::ALL {
                if let Some((over, _)) = hop(board, from, direction, enemy, empty)
                    && !visit(from, over)
                {
                    break;
                }
            }
        }
        for from in bits(self.kings[us]) {
            for direction in Direction::ALL {
                let mut at = from;
                let over = loop {
                    let Some(next) = board.neighbour(at, direction) else {
                        break None;
                    };
                    if empty & (1 << next) == 0 {
                        let lands = board
                            .neighbour(next, direction)
                            .is_some_and(|to| empty & (1 << to) != 0);
                        break (enemy & (1 << next) != 0 && lands).then_some(next);
                    }
                    at = next;
                };
                if let Some(over) = over
                    && !visit(from, over)
                {
                    break;
                }
            }
        }
    }
}
