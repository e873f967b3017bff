//! The legal turns of a family position, handed one at a time to a
//! listener: huffs, steps, leaps, slides, captures and chains, and passes.
//!
//! The generator is written once over a [`PointSet`] and the rules it
//! runs under, and compiled for each of the 21 rulesets (`specialised`),
//! in `u64` sets for boards of up to 64 points (all but the largest) and
//! `u128` for the rest.

use std::ops::ControlFlow;

use board_topology::graph::{Graph, Hop};
use board_topology::{Direction, PointSet};

use crate::Side;
use crate::position::Position;
use crate::ruleset::{Chain, End, Removal, Ruleset};
use crate::specialised::{self, Job, Rules};
use crate::turn::{Kind, MAX_LANDINGS, Turn};

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

/// What [`Position::generate_what`] lists.
#[derive(Copy, Clone, PartialEq, Eq)]
pub(super) enum Listing {
    /// Every legal turn.
    Turns,
    /// The captures without a huff first (legal turns).
    Captures,
    /// The moves that do not capture, as if captures were optional (legal
    /// turns only where they are, or where there is no capture).
    Quiet,
}

/// Where the generator hands the turns it lists, in sets `S`: any
/// `FnMut(&Turn) -> bool` (which returns whether to stop), or a listener
/// that takes a man's steps as one set of points (random games: the
/// turns recorded, not each one written).
pub(super) trait Listener<S: PointSet> {
    /// Takes `turn`; returns whether to stop.
    fn turn(&mut self, turn: &Turn) -> bool;

    /// Whether it may say to stop; a listener that never does saves the
    /// generator its checks.
    const STOPS: bool = true;

    /// Whether the generator hands each man's steps to
    /// [`Listener::steps`] as one set of points, rather than one by one to
    /// [`Listener::turn`].
    const STEP_SETS: bool = false;

    /// Takes the steps of the man on `turn.from()` (after `turn`'s huff)
    /// to each point of `to`, in order, after which the opponent may huff
    /// `forfeits` (F4), with [`Listener::STEP_SETS`]; returns whether to
    /// stop. Unless overridden, each step is written into `turn` and taken
    /// as a turn of its own.
    #[inline(always)]
    fn steps(&mut self, turn: &mut Turn, to: S, forfeits: S) -> bool {
        let from = turn.from();
        for to in to.points() {
            turn.set_move(Kind::Step, from, to, forfeits.widen());
            if self.turn(turn) {
                return true;
            }
        }
        false
    }

    /// Whether the moves that do not capture after a huff are handed on
    /// as their number alone ([`Listener::quiet_after_huff`]), for a
    /// listener that lists them again only if it needs them.
    const TALLIES_QUIET_AFTER_HUFF: bool = false;

    /// Takes the number of moves that do not capture after the huff of
    /// `huffed` (with [`Listener::TALLIES_QUIET_AFTER_HUFF`]), after each of
    /// which the opponent may huff `forfeits`: the moves the generator
    /// lists for the position without the huffed piece (in the order of
    /// `Listing::Quiet`), in their place among the turns.
    fn quiet_after_huff(&mut self, huffed: u8, forfeits: S, count: usize) {
        let _ = (huffed, forfeits, count);
    }

    /// The number of turns taken so far, for a listener with
    /// [`Listener::TALLIES_QUIET_AFTER_HUFF`].
    fn taken(&self) -> usize {
        0
    }
}

/// A listener that counts the turns it is handed.
struct Tally(usize);

impl<S: PointSet> Listener<S> for Tally {
    const STEP_SETS: bool = true;
    const STOPS: bool = false;

    #[inline(always)]
    fn turn(&mut self, _: &Turn) -> bool {
        self.0 += 1;
        false
    }

    #[inline(always)]
    fn steps(&mut self, _: &mut Turn, to: S, _: S) -> bool {
        self.0 += to.count() as usize;
        false
    }
}

impl<S: PointSet, F: FnMut(&Turn) -> bool> Listener<S> for F {
    #[inline(always)]
    fn turn(&mut self, turn: &Turn) -> bool {
        self(turn)
    }
}

/// A listener that takes every turn, never saying to stop (which spares
/// the generator its checks).
pub(super) struct Every<F>(pub(super) F);

impl<S: PointSet, F: FnMut(&Turn)> Listener<S> for Every<F> {
    const STOPS: bool = false;

    #[inline(always)]
    fn turn(&mut self, turn: &Turn) -> bool {
        (self.0)(turn);
        false
    }
}

/// Which ways a side's men step.
#[derive(Copy, Clone)]
enum Ways {
    /// Every way.
    All,
    /// Forward only (straight or diagonally): the fan of this direction.
    Ahead(Direction),
    /// Every way but back: all but the fan of this direction.
    AllBut(Direction),
}

/// How a side's men step (worked out once a listing).
#[derive(Copy, Clone)]
struct Stepping<S> {
    /// Which ways men step.
    ways: Ways,
    /// The points men may not step from.
    stuck: S,
    /// Whether some men may not step back where they came from (A5).
    barred: bool,
}

/// One side's view of the board while its turns are listed, under the
/// rules `R` (compiled for each ruleset: a rule it does not have costs
/// nothing). With `COUNT`, the moves are counted instead of handed on
/// one by one (for perft).
struct Mover<'a, S, R, const COUNT: bool> {
    rules: R,
    side: Side,
    /// Every point of the board.
    points: S,
    men: S,
    kings: S,
    enemy: S,
    /// Enemy pieces the chain under way has captured and that stay on the
    /// board until it ends (R2.4).
    dead: S,
    /// The side's men that may not step east, and west (A5).
    barred: [S; 2],
    turn: &'a mut Turn,
    /// Whether the listener has said to stop.
    stopped: bool,
    /// The side's pieces that have a capture, in a ruleset with the huff:
    /// what a move that does not capture lets the opponent huff (F4).
    forfeits: S,
    /// The pieces whose captures have been listed so far.
    capturing: S,
    /// The moves counted and not handed on (`COUNT`).
    counted: u64,
    /// The moves that do not capture before any huff, where known: after a
    /// huff, the same but for the steps onto the huffed piece's point.
    quiet_unhuffed: Option<usize>,
    /// The directions a man's first capture may take, as a set of
    /// [`Direction::index`] bits: where it steps, in a ruleset whose
    /// first captures go so (A4.1), else every direction.
    first_directions: u8,
}

impl<S: PointSet, R: Rules, const COUNT: bool> Mover<'_, S, R, COUNT> {
    /// Whether `emit` has said to stop (never, for a listener that
    /// takes every turn).
    #[inline(always)]
    fn halted<E: Listener<S>>(&self, _: &E) -> bool {
        E::STOPS && self.stopped
    }

    /// The rules.
    #[inline(always)]
    fn rules(&self) -> &'static Ruleset {
        self.rules.get()
    }

    /// The board.
    #[inline(always)]
    fn board(&self) -> &'static Graph {
        self.rules.get().board
    }

    #[inline]
    fn empty(&self) -> S {
        self.points & !(self.men | self.kings | self.enemy)
    }

    /// The points next to `point`.
    #[inline]
    fn around(&self, point: u8) -> S {
        S::narrow(self.board().neighbours(point))
    }

    /// Lists every move of the side's pieces (steps, leaps, slides and
    /// captures; only captures when they are compulsory and there is one)
    /// after the huff already in `self.turn`; returns whether there was one.
    ///
    /// With the huff (F4), the captures come first: the pieces that made
    /// them (those that could capture, as the ruleset lets a first capture
    /// go) are what a move that does not capture lets the opponent huff,
    /// and the steps after them carry that.
    fn moves<E: Listener<S>>(&mut self, emit: &mut E) -> bool {
        if self.rules().compulsory {
            return self.listed(Doing::Captures, emit) || self.listed(Doing::Quiet, emit);
        }
        if !self.rules().huff || COUNT {
            // Counts need no forfeits.
            return self.listed(Doing::All, emit);
        }
        self.capturing = S::EMPTY;
        let captures = self.listed(Doing::Captures, emit);
        if self.halted(emit) {
            return true;
        }
        self.forfeits = self.capturing;
        if E::TALLIES_QUIET_AFTER_HUFF
            && let Some(huffed) = self.turn.huff()
        {
            let count = match self.quiet_unhuffed {
                Some(unhuffed) => unhuffed + self.steps_onto(huffed),
                None => {
                    let mut tally = Tally(0);
                    self.listed(Doing::Quiet, &mut tally);
                    tally.0
                }
            };
            emit.quiet_after_huff(huffed, self.forfeits, count);
            return count > 0 || captures;
        }
        let before = emit.taken();
        let quiet = self.listed(Doing::Quiet, emit);
        // Where men's steps are all the moves that do not capture (no
        // kings, no leaps), a huff adds only the steps onto its point.
        if E::TALLIES_QUIET_AFTER_HUFF
            && self.kings.is_empty()
            && self.rules().leap_zone == 0
            && !self.halted(emit)
        {
            self.quiet_unhuffed = Some(emit.taken() - before);
        }
        quiet || captures
    }

    /// The number of the side's men that may step onto `point`, were it
    /// empty.
    fn steps_onto(&self, point: u8) -> usize {
        let how = self.stepping();
        (self.men & self.around(point))
            .points()
            .filter(|&from| {
                !how.stuck.has(from) && self.step_targets(from, self.around(from), how).has(point)
            })
            .count()
    }

    /// How the side's men step here.
    #[inline(always)]
    fn stepping(&self) -> Stepping<S> {
        let side = self.side.index();
        Stepping {
            ways: match self.rules().forward[side] {
                None => Ways::All,
                Some(ahead) if self.rules().sideways => Ways::AllBut(ahead.opposite()),
                Some(ahead) => Ways::Ahead(ahead),
            },
            stuck: S::narrow(self.rules().stuck[side]),
            barred: self.rules().no_return && self.barred != [S::EMPTY; 2],
        }
    }

    /// The points the man on `from` (next to `around`) may step to, empty
    /// or not, stepping as `how`, unless it is stuck.
    #[inline(always)]
    fn step_targets(&self, from: u8, around: S, how: Stepping<S>) -> S {
        let mut to = match how.ways {
            Ways::All => around,
            Ways::AllBut(back) => around & !S::narrow(self.board().fan(from, back)),
            Ways::Ahead(ahead) => S::narrow(self.board().fan(from, ahead)),
        };
        if how.barred {
            to &= !self.barred_steps(from);
        }
        to
    }

    /// Lists what the side's pieces may be `doing`; returns whether there
    /// was a move.
    #[inline(always)]
    fn listed<E: Listener<S>>(&mut self, doing: Doing, emit: &mut E) -> bool {
        let mut any = false;
        let empty = self.empty();
        let steps = doing != Doing::Captures;
        let captures = doing != Doing::Quiet;
        let zone = S::narrow(self.rules().leap_zone);
        let how = self.stepping();
        for from in self.men.points() {
            if !COUNT {
                self.turn.set_from(from);
            }
            let around = self.around(from);
            if steps && !how.stuck.has(from) {
                let to = empty & self.step_targets(from, around, how);
                if COUNT {
                    if to != S::EMPTY {
                        any = true;
                        self.counted += u64::from(to.count());
                    }
                } else if E::STEP_SETS {
                    if to != S::EMPTY {
                        any = true;
                        self.stopped |= emit.steps(self.turn, to, self.forfeits);
                        if self.halted(emit) {
                            return true;
                        }
                    }
                } else {
                    for to in to.points() {
                        any = true;
                        self.emit_move(Kind::Step, to, emit);
                        if self.halted(emit) {
                            return true;
                        }
                    }
                }
            }
            // Terhuchu: two points over an empty one, in the zone.
            if steps && zone.has(from) {
                for hop in self.board().hops(from) {
                    if (empty & zone).has(hop.over) && (empty & zone).has(hop.to) {
                        any = true;
                        if COUNT {
                            self.counted += 1;
                            continue;
                        }
                        self.emit_move(Kind::Leap, hop.to, emit);
                        if self.halted(emit) {
                            return true;
                        }
                    }
                }
            }
            if captures && !(around & self.enemy).is_empty() {
                let (enemy, men) = (self.enemy, self.men);
                self.men ^= S::point(from);
                if self.captures(from, 1, S::EMPTY, emit) {
                    any = true;
                    if self.rules().huff {
                        self.capturing |= S::point(from);
                    }
                }
                (self.enemy, self.men, self.dead) = (enemy, men, S::EMPTY);
                if self.halted(emit) {
                    return true;
                }
            }
        }
        for from in self.kings.points() {
            if steps {
                for direction in Direction::ALL {
                    let mut at = from;
                    while let Some(next) = self.board().neighbour(at, direction) {
                        if !empty.has(next) {
                            break;
                        }
                        at = next;
                        any = true;
                        if COUNT {
                            self.counted += 1;
                            continue;
                        }
                        self.turn
                            .set_move(Kind::Step, from, at, self.forfeits.widen());
                        self.stopped |= emit.turn(self.turn);
                        if self.halted(emit) {
                            return true;
                        }
                    }
                    if captures {
                        // Ludii's order: each line's slides, then its capture.
                        if self.king_line(from, direction, emit) {
                            any = true;
                            if self.rules().huff {
                                self.capturing |= S::point(from);
                            }
                        }
                        if self.halted(emit) {
                            return true;
                        }
                    }
                }
            }
            if captures && !steps {
                for direction in Direction::ALL {
                    if self.king_line(from, direction, emit) {
                        any = true;
                        if self.rules().huff {
                            self.capturing |= S::point(from);
                        }
                    }
                    if self.halted(emit) {
                        return true;
                    }
                }
            }
        }
        any
    }

    /// The points the man on `from` may not step back to (A5).
    fn barred_steps(&self, from: u8) -> S {
        let mut barred = S::EMPTY;
        for (bar, direction) in self
            .barred
            .into_iter()
            .zip([Direction::East, Direction::West])
        {
            if bar.has(from)
                && let Some(to) = self.board().neighbour(from, direction)
            {
                barred |= S::point(to);
            }
        }
        barred
    }

    /// The captures of the king on `from` along `direction`, as the first
    /// capture of its turn.
    fn king_line(&mut self, from: u8, direction: Direction, emit: &mut impl Listener<S>) -> bool {
        self.turn.set_from(from);
        let (enemy, kings) = (self.enemy, self.kings);
        self.kings ^= S::point(from);
        let any = self.king_capture(from, direction, 1, S::EMPTY, emit);
        (self.enemy, self.kings, self.dead) = (enemy, kings, S::EMPTY);
        any
    }

    /// Hands on a step or leap of the piece on `self.turn.from()`.
    #[inline]
    fn emit_move(&mut self, kind: Kind, to: u8, emit: &mut impl Listener<S>) {
        let from = self.turn.from();
        self.turn.set_move(kind, from, to, self.forfeits.widen());
        self.stopped |= emit.turn(self.turn);
    }

    /// Hands on the capture in `self.turn` (with `COUNT`, counts it: the
    /// turn is not even written).
    #[inline(always)]
    fn hand_on(&mut self, emit: &mut impl Listener<S>) {
        match COUNT {
            true => self.counted += 1,
            false => self.stopped |= emit.turn(self.turn),
        }
    }

    /// Records the `depth`-th landing of the capture under way, on `to`
    /// with `captured` taken (not with `COUNT`, which writes no turns).
    #[inline(always)]
    fn land(&mut self, depth: usize, to: u8, captured: S) {
        if !COUNT {
            self.turn.set_hop(depth, to, captured.widen());
        }
    }

    /// Takes the piece on `over`: at once, or when the move ends (R2.4).
    #[inline]
    fn take(&mut self, over: u8) {
        match self.rules().removal == Removal::AtEnd {
            false => self.enemy ^= S::point(over),
            true => self.dead |= S::point(over),
        }
    }

    /// Gives back the piece on `over`, taken by [`Mover::take`].
    #[inline]
    fn give_back(&mut self, over: u8) {
        self.enemy |= S::point(over);
        if self.rules().removal == Removal::AtEnd {
            self.dead &= !S::point(over);
        }
    }

    /// The enemy pieces that can be jumped: not those already captured by
    /// the chain under way (R2.4).
    #[inline]
    fn prey(&self) -> S {
        match self.rules().removal {
            Removal::AtEnd => self.enemy & !self.dead,
            _ => self.enemy,
        }
    }

    /// After the `depth`-th capture of the turn, to `to` with `captured`
    /// taken so far (already in `self.turn`): hands on the turn and
    /// whatever chains the ruleset lets follow.
    #[inline(always)]
    fn chain_on(
        &mut self,
        piece: Piece,
        depth: usize,
        to: u8,
        captured: S,
        emit: &mut impl Listener<S>,
    ) {
        let must_go_on = match self.rules().chain {
            Chain::Single => {
                self.hand_on(emit);
                return;
            }
            Chain::Optional => {
                self.hand_on(emit);
                if !self.halted(emit) {
                    self.further(piece, to, depth + 1, captured, emit);
                }
                return;
            }
            Chain::Second => depth == 1,
            Chain::Compulsory => true,
        };
        if !must_go_on || !self.further(piece, to, depth + 1, captured, emit) {
            self.land(depth, to, captured);
            self.hand_on(emit);
        }
    }

    /// The captures that may follow, by a `piece` now on `at`.
    fn further(
        &mut self,
        piece: Piece,
        at: u8,
        depth: usize,
        before: S,
        emit: &mut impl Listener<S>,
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
    #[inline(always)]
    fn captures(&mut self, at: u8, depth: usize, before: S, emit: &mut impl Listener<S>) -> bool {
        let directions = match depth == 1 {
            true => self.first_directions,
            false => u8::MAX,
        };
        // No ruleset chains further (checked at compile time); a ruleset
        // built by hand that would is cut here. Most men next to an enemy
        // piece have no capture: look before setting up the search.
        let allowed = Allowed::now(self, directions);
        let hops = self.board().hops(at);
        match hops.iter().position(|hop| allowed.lets(hop)) {
            Some(first) if depth <= MAX_LANDINGS => {
                self.captures_among(&hops[first..], depth, before, allowed, emit);
                true
            }
            _ => false,
        }
    }

    /// The captures of [`Mover::captures`] by the jumps of `hops` that
    /// `allowed` lets the man make.
    fn captures_among(
        &mut self,
        hops: &[Hop],
        depth: usize,
        before: S,
        allowed: Allowed<S>,
        emit: &mut impl Listener<S>,
    ) {
        for hop in hops {
            if !allowed.lets(hop) {
                continue;
            }
            let captured = before | S::point(hop.over);
            self.take(hop.over);
            self.land(depth, hop.to, captured);
            self.chain_on(Piece::Man, depth, hop.to, captured, emit);
            self.give_back(hop.over);
            if self.halted(emit) {
                break;
            }
        }
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
        before: S,
        emit: &mut impl Listener<S>,
    ) -> bool {
        if depth > MAX_LANDINGS {
            return false;
        }
        let empty = self.empty();
        let mut next = self.board().neighbour(at, direction);
        while let Some(p) = next.filter(|&p| empty.has(p)) {
            next = self.board().neighbour(p, direction);
        }
        let Some(over) = next.filter(|&p| self.prey().has(p)) else {
            return false;
        };
        let mut any = false;
        let mut landing = over;
        let captured = before | S::point(over);
        self.take(over);
        let empty = self.empty();
        while let Some(to) = self
            .board()
            .neighbour(landing, direction)
            .filter(|&p| empty.has(p))
        {
            landing = to;
            any = true;
            self.land(depth, to, captured);
            self.chain_on(Piece::King, depth, to, captured, emit);
            if self.halted(emit) {
                break;
            }
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
        before: S,
        emit: &mut impl Listener<S>,
    ) -> bool {
        let mut any = false;
        for direction in Direction::ALL {
            any |= self.king_capture(at, direction, depth, before, emit);
            if self.halted(emit) {
                break;
            }
        }
        any
    }
}

/// Which short jumps a man may make as the board stands: over a piece it
/// may capture, to an empty point, in a direction its capture may go. The
/// same for every jump from one point, each capture being undone before
/// the next.
#[derive(Copy, Clone)]
struct Allowed<S> {
    prey: S,
    empty: S,
    directions: u8,
}

impl<S: PointSet> Allowed<S> {
    /// The jumps `mover`'s man may make now in `directions` (a set of
    /// [`Direction::index`] bits).
    #[inline(always)]
    fn now<R: Rules, const COUNT: bool>(mover: &Mover<'_, S, R, COUNT>, directions: u8) -> Self {
        Allowed {
            prey: mover.prey(),
            empty: mover.empty(),
            directions,
        }
    }

    /// Whether the man may make `hop`.
    #[inline(always)]
    fn lets(self, hop: &Hop) -> bool {
        self.prey.has(hop.over)
            && self.empty.has(hop.to)
            && self.directions & (1 << hop.direction.index()) != 0
    }
}

impl Position {
    /// Hands every legal turn to `listener`, one at a time, until it
    /// breaks (what it breaks with is returned); none when the game is
    /// over. Nothing is allocated.
    ///
    /// A turn that may stop at several points of a chain is listed once
    /// for each; a huff followed by each possible move is a turn of its
    /// own. A player with no move passes where the ruleset says so
    /// ([`End`]).
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use peralikatuma_rules::{Kind, Position, Ruleset};
    ///
    /// let start = Position::start(Ruleset::find("sixteen-soldiers")?);
    /// let mut steps = 0;
    /// let _ = start.generate(|turn| {
    ///     steps += usize::from(turn.kind() == Kind::Step);
    ///     ControlFlow::<()>::Continue(())
    /// });
    /// assert_eq!(steps, start.legal_turns().len());
    /// // The first turn from c4, and no more work after it.
    /// let first = start.generate(|turn| match turn.from() == start.board().parse_point("c4").unwrap() {
    ///     true => ControlFlow::Break(*turn),
    ///     false => ControlFlow::Continue(()),
    /// });
    /// assert!(first.is_break());
    /// # Ok::<(), peralikatuma_rules::UnknownRuleset>(())
    /// ```
    pub fn generate<B>(&self, listener: impl FnMut(&Turn) -> ControlFlow<B>) -> ControlFlow<B> {
        self.generate_what(Listing::Turns, listener)
    }

    /// Hands the turns that capture without a huff first to `listener`,
    /// one at a time, until it breaks: the turns of
    /// [`Position::generate`] that capture and do not huff, in the same
    /// order, without the work of finding the others (what a quiescence
    /// search looks at). None when the game is over.
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use peralikatuma_rules::{Position, Ruleset};
    ///
    /// let zamma = Position::parse(Ruleset::find("zamma")?, "W:Wc3,d3:Bd4,h8")?;
    /// let mut captures = Vec::new();
    /// let _ = zamma.generate_captures(|turn| {
    ///     captures.push(turn.text(zamma.board()));
    ///     ControlFlow::<()>::Continue(())
    /// });
    /// let all = zamma.legal_turns();
    /// let expected: Vec<_> = all.iter().filter(|t| t.captured() != 0).map(|t| t.text(zamma.board())).collect();
    /// assert_eq!(captures, expected);
    /// assert!(!captures.is_empty() && captures.len() < all.len());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn generate_captures<B>(
        &self,
        listener: impl FnMut(&Turn) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        self.generate_what(Listing::Captures, listener)
    }

    /// Whether the side to move has a move that does not capture (a step,
    /// leap or slide, as if captures were optional): if it has, it has a
    /// legal turn (that move, or a capture that must be made instead).
    pub(super) fn has_quiet_move(&self) -> bool {
        self.generate_what(Listing::Quiet, |_| ControlFlow::Break(()))
            .is_break()
    }

    /// [`Position::generate`], or a part of it.
    fn generate_what<B>(
        &self,
        listing: Listing,
        mut listener: impl FnMut(&Turn) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        if self.ended().is_some() {
            return ControlFlow::Continue(());
        }
        let mut broke = None;
        let mut emit = |turn: &Turn| match listener(turn) {
            ControlFlow::Continue(()) => false,
            ControlFlow::Break(b) => {
                broke = Some(b);
                true
            }
        };
        /// The listing, compiled for each ruleset.
        struct Generate<'a, F> {
            position: &'a Position,
            listing: Listing,
            emit: &'a mut F,
        }
        impl<F: FnMut(&Turn) -> bool> Job for Generate<'_, F> {
            type Output = ();
            #[inline(always)]
            fn run<S: PointSet, R: Rules>(self, rules: R) {
                self.position
                    .generate_as::<S, R, false>(rules, self.listing, self.emit);
            }
        }
        let job = Generate {
            position: self,
            listing,
            emit: &mut emit,
        };
        specialised::run(self.ruleset(), self.code, job);
        broke.map_or(ControlFlow::Continue(()), ControlFlow::Break)
    }

    /// [`Position::generate`] on sets of points `S`, with the ruleset's
    /// options looked at, or not: what `listing` says. With `COUNT`, the
    /// steps and slides are not handed to `listener` but counted: their
    /// number is returned.
    #[inline(always)]
    pub(super) fn generate_as<S: PointSet, R: Rules, const COUNT: bool>(
        &self,
        rules: R,
        listing: Listing,
        listener: &mut impl Listener<S>,
    ) -> u64 {
        let (us, them) = (self.side.index(), self.side.opposite().index());
        let mut turn = Turn::PASS;
        let mut mover = Mover::<S, R, COUNT> {
            rules,
            side: self.side,
            points: S::narrow(rules.get().board.points()),
            men: S::narrow(self.pieces[us] & !self.crowned),
            kings: S::narrow(self.pieces[us] & self.crowned),
            enemy: S::narrow(self.pieces[them]),
            dead: S::EMPTY,
            barred: self.barred.map(S::narrow),
            turn: &mut turn,
            stopped: false,
            forfeits: S::EMPTY,
            capturing: S::EMPTY,
            counted: 0,
            quiet_unhuffed: None,
            first_directions: match rules.get().first_capture_as_step {
                true => rules.get().step_directions(self.side),
                false => u8::MAX,
            },
        };
        match listing {
            Listing::Turns => {}
            Listing::Captures => {
                mover.listed(Doing::Captures, listener);
                return mover.counted;
            }
            Listing::Quiet => {
                mover.listed(Doing::Quiet, listener);
                return mover.counted;
            }
        }
        let mut any = mover.moves(listener);
        let huffable = match rules.get().huff {
            true => S::narrow(self.huffable) & mover.enemy,
            false => S::EMPTY,
        };
        for huffed in huffable.points() {
            if mover.stopped {
                return mover.counted;
            }
            let enemy = mover.enemy;
            mover.enemy ^= S::point(huffed);
            mover.turn.set_huff(Some(huffed));
            if mover.moves(listener) {
                any = true;
            } else if rules.get().huff_alone {
                // Nothing left to do after the huff: the turn ends there.
                mover.turn.set_pass();
                mover.stopped |= listener.turn(mover.turn);
                any = true;
            }
            mover.enemy = enemy;
        }
        if !any && !mover.stopped && rules.get().end != End::NoMovesLoses {
            listener.turn(&Turn::PASS);
        }
        mover.counted
    }

    /// The pieces of `side`'s opponent that `side` could capture with the
    /// first capture of a move, were it to move now: short jumps of men
    /// (only where they step, in a ruleset whose first captures go so,
    /// A4.1), long jumps of kings (a huff is not a capture).
    ///
    /// ```
    /// use peralikatuma_rules::Side;
    /// use peralikatuma_rules::{Position, Ruleset};
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
        /// The pieces found, compiled for each ruleset.
        struct Capturable<'a>(&'a Position, Side);
        impl Job for Capturable<'_> {
            type Output = u128;
            #[inline(always)]
            fn run<S: PointSet, R: Rules>(self, rules: R) -> u128 {
                self.0.capturable_as::<S>(rules.get(), self.1).widen()
            }
        }
        specialised::run(self.ruleset(), self.code, Capturable(self, side))
    }

    /// [`Position::capturable`] in sets `S`.
    #[inline(always)]
    fn capturable_as<S: PointSet>(&self, rules: &'static Ruleset, side: Side) -> S {
        let board = rules.board;
        let (us, them) = (side.index(), side.opposite().index());
        let enemy = S::narrow(self.pieces[them]);
        let empty = S::narrow(board.points() & !self.pieces[us]) & !enemy;
        // A man's first capture goes only where it steps, where the
        // ruleset says so (A4.1).
        let directions = match rules.first_capture_as_step {
            true => rules.step_directions(side),
            false => u8::MAX,
        };
        let mut capturable = S::EMPTY;
        for from in S::narrow(self.men(side)).points() {
            if (S::narrow(board.neighbours(from)) & enemy).is_empty() {
                continue;
            }
            for hop in board.hops(from) {
                if directions & (1 << hop.direction.index()) != 0
                    && enemy.has(hop.over)
                    && empty.has(hop.to)
                {
                    capturable |= S::point(hop.over);
                }
            }
        }
        for from in S::narrow(self.kings(side)).points() {
            for direction in Direction::ALL {
                let mut at = from;
                while let Some(next) = board.neighbour(at, direction) {
                    if !empty.has(next) {
                        if enemy.has(next)
                            && board
                                .neighbour(next, direction)
                                .is_some_and(|to| empty.has(to))
                        {
                            capturable |= S::point(next);
                        }
                        break;
                    }
                    at = next;
                }
            }
        }
        capturable
    }
}
