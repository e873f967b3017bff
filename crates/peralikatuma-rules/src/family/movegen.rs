//! The legal turns of a family position, handed one at a time to a
//! listener: huffs, steps, leaps, slides, captures and chains, and passes.

use board_topology::Direction;
use board_topology::graph::Graph;

use super::position::Position;
use super::ruleset::{Chain, End, Removal, Ruleset};
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
/// enemy piece jumped (one of `prey`) and the empty point straight beyond
/// it.
fn hop(board: &Graph, at: u8, direction: Direction, prey: u128, empty: u128) -> Option<(u8, u8)> {
    let over = board
        .neighbour(at, direction)
        .filter(|&p| prey & (1 << p) != 0)?;
    let to = board
        .neighbour(over, direction)
        .filter(|&p| empty & (1 << p) != 0)?;
    Some((over, to))
}

/// The kind of piece a chain is made by.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Piece {
    /// A man: short jumps.
    Man,
    /// A flying king: long jumps.
    King,
}

/// What a piece may do in the turns being listed.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Doing {
    /// Steps, leaps, slides and captures.
    All,
    /// Captures only (they are compulsory, and there is one).
    Captures,
    /// Steps, leaps and slides only (no piece can capture).
    Quiet,
}

/// One side's view of the board while its turns are listed. `RULE_BOOK`
/// is whether the ruleset uses any of the rule book's options (compulsory
/// captures, captures that leave when the move ends, men that cannot step
/// or return, first captures only forward: [`Ruleset::rule_book_options`]):
/// Ludii's rulesets are listed without a look at them.
struct Mover<'a, const RULE_BOOK: bool> {
    rules: &'static Ruleset,
    board: &'static Graph,
    side: Side,
    men: u128,
    kings: u128,
    enemy: u128,
    /// Enemy pieces the chain under way has captured and that stay on the
    /// board until it ends (R2.4).
    dead: u128,
    /// The side's men that may not step east, and west (A5).
    barred: [u128; 2],
    turn: &'a mut Turn,
}

impl<const RULE_BOOK: bool> Mover<'_, RULE_BOOK> {
    fn empty(&self) -> u128 {
        self.board.points() & !(self.men | self.kings | self.enemy)
    }

    /// Lists every move of the side's pieces (steps, leaps, slides and
    /// captures; only captures when they are compulsory and there is one)
    /// after the huff already in `self.turn`; returns whether there was one.
    fn moves(&mut self, emit: &mut impl FnMut(&Turn)) -> bool {
        if !RULE_BOOK || !self.rules.compulsory {
            return self.listed(Doing::All, emit);
        }
        self.listed(Doing::Captures, emit) || self.listed(Doing::Quiet, emit)
    }

    /// Lists what the side's pieces may be `doing`; returns whether there
    /// was a move.
    fn listed(&mut self, doing: Doing, emit: &mut impl FnMut(&Turn)) -> bool {
        let mut any = false;
        let empty = self.empty();
        let steps = doing != Doing::Captures;
        let captures = doing != Doing::Quiet;
        let step_directions = self.rules.step_directions(self.side);
        let every_way = step_directions == u8::MAX;
        let zone = self.rules.leap_zone;
        let stuck = match RULE_BOOK {
            true => self.rules.stuck[self.side.index()],
            false => 0,
        };
        let barred = RULE_BOOK && self.barred != [0, 0];
        for from in bits(self.men) {
            self.turn.set_from(from);
            let around = self.board.neighbours(from);
            if steps && stuck & (1 << from) == 0 {
                if every_way && !barred {
                    for to in bits(around & empty) {
                        any = true;
                        self.emit_move(Kind::Step, to, emit);
                    }
                } else {
                    for direction in Direction::ALL {
                        if step_directions & (1 << direction.index()) == 0
                            || (barred && self.barred_from(from, direction))
                        {
                            continue;
                        }
                        if let Some(to) = self.board.neighbour(from, direction)
                            && empty & (1 << to) != 0
                        {
                            any = true;
                            self.emit_move(Kind::Step, to, emit);
                        }
                    }
                }
            }
            // Terhuchu: two points over an empty one, in the zone.
            if steps && zone & (1 << from) != 0 {
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
            if captures && around & self.enemy != 0 {
                let (enemy, men) = (self.enemy, self.men);
                self.men &= !(1 << from);
                any |= self.captures(from, 1, 0, emit);
                (self.enemy, self.men, self.dead) = (enemy, men, 0);
            }
        }
        for from in bits(self.kings) {
            if steps {
                for direction in Direction::ALL {
                    let mut at = from;
                    while let Some(next) = self.board.neighbour(at, direction) {
                        if empty & (1 << next) == 0 {
                            break;
                        }
                        at = next;
                        any = true;
                        self.turn.set_move(Kind::Step, from, at, 0);
                        emit(self.turn);
                    }
                    if captures {
                        // Ludii's order: each line's slides, then its capture.
                        any |= self.king_line(from, direction, emit);
                    }
                }
            }
            if captures && !steps {
                for direction in Direction::ALL {
                    any |= self.king_line(from, direction, emit);
                }
            }
        }
        any
    }

    /// Whether the man on `from` may not step in `direction` (A5).
    fn barred_from(&self, from: u8, direction: Direction) -> bool {
        let bar = match direction {
            Direction::East => self.barred[0],
            Direction::West => self.barred[1],
            _ => return false,
        };
        bar & (1 << from) != 0
    }

    /// The captures of the king on `from` along `direction`, as the first
    /// capture of its turn.
    fn king_line(&mut self, from: u8, direction: Direction, emit: &mut impl FnMut(&Turn)) -> bool {
        self.turn.set_from(from);
        let (enemy, kings) = (self.enemy, self.kings);
        self.kings &= !(1 << from);
        let any = self.king_capture(from, direction, 1, 0, emit);
        (self.enemy, self.kings, self.dead) = (enemy, kings, 0);
        any
    }

    /// Hands on a step or leap of the piece on `self.turn.from()`.
    fn emit_move(&mut self, kind: Kind, to: u8, emit: &mut impl FnMut(&Turn)) {
        let from = self.turn.from();
        self.turn.set_move(kind, from, to, 0);
        emit(self.turn);
    }

    /// Takes the piece on `over`: at once, or when the move ends (R2.4).
    #[inline]
    fn take(&mut self, over: u8) {
        match RULE_BOOK && self.rules.removal == Removal::AtEnd {
            false => self.enemy &= !(1 << over),
            true => self.dead |= 1 << over,
        }
    }

    /// Gives back the piece on `over`, taken by [`Mover::take`].
    #[inline]
    fn give_back(&mut self, over: u8) {
        self.enemy |= 1 << over;
        if RULE_BOOK {
            self.dead &= !(1 << over);
        }
    }

    /// The enemy pieces that can be jumped: not those already captured by
    /// the chain under way (R2.4).
    #[inline]
    fn prey(&self) -> u128 {
        match RULE_BOOK {
            true => self.enemy & !self.dead,
            false => self.enemy,
        }
    }

    /// After the `depth`-th capture of the turn, over `over` to `to`
    /// (already in `self.turn`) with `before` captured earlier: hands on
    /// the turn and whatever chains the ruleset lets follow, with
    /// `further` listing the next captures from `to`.
    #[inline(always)]
    fn chain_on(
        &mut self,
        piece: Piece,
        depth: usize,
        to: u8,
        before: u128,
        over: u8,
        emit: &mut impl FnMut(&Turn),
    ) {
        let captured = before | 1 << over;
        let must_go_on = match self.rules.chain {
            Chain::Single => {
                emit(self.turn);
                return;
            }
            Chain::Optional => {
                emit(self.turn);
                self.further(piece, to, depth + 1, captured, emit);
                return;
            }
            Chain::Second => depth == 1,
            Chain::Compulsory => true,
        };
        if !must_go_on || !self.further(piece, to, depth + 1, captured, emit) {
            self.turn.set_hop(depth, to, before, over);
            emit(self.turn);
        }
    }

    /// The captures that may follow, by a `piece` now on `at`.
    fn further(
        &mut self,
        piece: Piece,
        at: u8,
        depth: usize,
        before: u128,
        emit: &mut impl FnMut(&Turn),
    ) -> bool {
        match piece {
            Piece::Man => self.captures(at, depth, before, emit),
            Piece::King => self.king_captures(at, depth, before, emit),
        }
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
        // No ruleset chains further (checked at compile time); a ruleset
        // built by hand that would is cut here.
        let prey = self.prey();
        if depth > MAX_LANDINGS || self.board.neighbours(at) & prey == 0 {
            return false;
        }
        let mut any = false;
        // The same for every direction: each capture is undone before the next.
        let empty = self.empty();
        let first_directions = match RULE_BOOK && depth == 1 && self.rules.first_capture_as_step {
            true => self.rules.step_directions(self.side),
            false => u8::MAX,
        };
        for direction in Direction::ALL {
            if first_directions & (1 << direction.index()) == 0 {
                continue;
            }
            let Some((over, to)) = hop(self.board, at, direction, prey, empty) else {
                continue;
            };
            any = true;
            self.take(over);
            self.turn.set_hop(depth, to, before, over);
            self.chain_on(Piece::Man, depth, to, before, over, emit);
            self.give_back(over);
        }
        any
    }

    /// The captures of the king at `at` (already lifted from the board)
    /// along `direction`, as the `depth`-th capture of its turn after
    /// capturing `before`: over empty points to the first piece met, which
    /// must be an enemy piece not yet captured, to any empty point beyond
    /// it before the next piece; and whatever chains follow.
    fn king_capture(
        &mut self,
        at: u8,
        direction: Direction,
        depth: usize,
        before: u128,
        emit: &mut impl FnMut(&Turn),
    ) -> bool {
        if depth > MAX_LANDINGS {
            return false;
        }
        let empty = self.empty();
        let mut next = self.board.neighbour(at, direction);
        while let Some(p) = next.filter(|&p| empty & (1 << p) != 0) {
            next = self.board.neighbour(p, direction);
        }
        let Some(over) = next.filter(|&p| self.prey() & (1 << p) != 0) else {
            return false;
        };
        let mut any = false;
        let mut landing = over;
        self.take(over);
        let empty = self.empty();
        while let Some(to) = self
            .board
            .neighbour(landing, direction)
            .filter(|&p| empty & (1 << p) != 0)
        {
            landing = to;
            any = true;
            self.turn.set_hop(depth, to, before, over);
            self.chain_on(Piece::King, depth, to, before, over, emit);
        }
        self.give_back(over);
        any
    }

    /// Every capture of the king at `at` (already lifted), as the
    /// `depth`-th of its turn after capturing `before`.
    fn king_captures(
        &mut self,
        at: u8,
        depth: usize,
        before: u128,
        emit: &mut impl FnMut(&Turn),
    ) -> bool {
        let mut any = false;
        for direction in Direction::ALL {
            any |= self.king_capture(at, direction, depth, before, emit);
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
        match self.ruleset().rule_book_options() {
            true => self.generate_as::<true>(&mut listener),
            false => self.generate_as::<false>(&mut listener),
        }
    }

    /// [`Position::generate`] with the ruleset's options looked at, or not.
    fn generate_as<const RULE_BOOK: bool>(&self, listener: &mut impl FnMut(&Turn)) {
        let rules = self.ruleset();
        let (us, them) = (self.side.index(), self.side.opposite().index());
        let mut turn = Turn::PASS;
        let mut mover = Mover::<RULE_BOOK> {
            rules,
            board: rules.board,
            side: self.side,
            men: self.men[us],
            kings: self.kings[us],
            enemy: self.men[them] | self.kings[them],
            dead: 0,
            barred: self.barred,
            turn: &mut turn,
        };
        let mut any = mover.moves(listener);
        for huffed in bits(self.huffable & mover.enemy) {
            let enemy = mover.enemy;
            mover.enemy &= !(1 << huffed);
            mover.turn.set_huff(Some(huffed));
            if mover.moves(listener) {
                any = true;
            } else if rules.huff_alone {
                // Nothing left to do after the huff: the turn ends there.
                mover.turn.set_pass();
                listener(mover.turn);
                any = true;
            }
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
