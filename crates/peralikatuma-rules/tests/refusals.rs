//! Refusals (issue 10): `Position::check` walks a turn's path without
//! generating the other turns, and must agree exactly with the move
//! generator, the reference here (it reproduces every perft count).
//!
//! - A proptest builds, in positions reached by random play from the start
//!   of each game, from Permainan positions with kings, and in valid
//!   positions that play could not reach, candidate turns wrong in every
//!   way a turn can be: legal turns of other positions and games, prefixes
//!   and extensions of chains (every prefix is legal in Peralikatuma, P4;
//!   none in Alquerque and Permainan, A4.3, M5), steps written as chains
//!   and chains as steps, claims added, removed or changed (P6), single
//!   steps and jumps to neighbours, to the points two along a line, along
//!   every line (kings' long moves and long jumps, M4) and to any point of
//!   the whole board (points off the game's board among them), from the
//!   mover's pieces and from anywhere, and random chains. For each,
//!   `check` accepts it exactly when the generator lists it, `is_legal`,
//!   `play` and the turn text (N2) agree, and a refusal says something true
//!   of the position, names only points of the game's board in the game's
//!   names (R1.6), and cites a rule that `docs/rules.md` (the module `rules`) has an anchor for.
//! - One small test per `Reason`, in a real position of the right game,
//!   with its points, its rule and its exact words.
#![allow(clippy::unwrap_used)]

mod common;

use std::collections::{BTreeSet, HashSet};
use std::sync::OnceLock;

use peralikatuma_rules::board_topology::{Direction, Facing, Heading, POINT_COUNT};
use peralikatuma_rules::{
    Bitboard, NoReturn, Point, Position, Reason, Refusal, Rule, Setup, Side, Turn, TurnError,
    TurnList, Variant,
};
use proptest::prelude::*;
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

// ---------------------------------------------------------------------------
// Positions

/// Permainan positions with kings (M4), those of
/// `tests/perft/permainan-kings.perft` and of `tests/rules_m.rs`.
const KING_POSITIONS: [&str; 14] = [
    "W:Wa1,c1,e1,b2,c2,d2,e4,d5,Ka9:Bb7,d8,e9",
    "W:Wd2,e7:BKc5,c8,a9",
    "W:Wc1,e1,c2:BKa1,d4,c8,a9,e9",
    "W:Wb2:BKc3,c7,b8,c8,d8",
    "W:Wa1,c1,e1,b2,b3,c3,b4,Kc4,e4,e5:Ba6,d6,e6,e7,b8,d8,e9",
    "B:Wa1,c1,e1,b2,c2,d2,c4,a5,Kc6,e6:Bd8,a9,e9",
    "B:Wa1,e1,c2,b3,c3,e3,e4,Ka9:Bd6,e6,b7,e7,c8,d8,c9,e9",
    "W:Wb2,c5,Kd8:Bc3,e4,a6,a9,c9",
    "B:Wa1,c1,c2,c3,Ke9:Bd3,d6,d7,a9",
    "B:We1,d2,c3,a5:Be6,Kc7,c8,c9,e9",
    "W:Wa1,e1,b2,c2,d2,d4,e6,e7,Ke9:Bb8,c9",
    "W:WKa3:Bb4,b6,a7",
    "W:WKa3:Bc5,c7,d4",
    "W:WKc5,a3:Be7,b8",
];

/// The position after playing from `start`, each turn chosen by the next
/// of `choices` (modulo the number of legal turns), stopping where the
/// side to move has none.
fn played(start: Position, choices: &[usize]) -> Position {
    *common::played(start, choices.iter().copied()).position()
}

/// A valid position that play most likely could not reach, from raw bits:
/// about a quarter of the points taken by each side, kings on pieces (and
/// on every man on the far base, M6), claimable pieces of the side not to
/// move (P6), no-return restrictions on pieces that have the step they bar
/// (A5). `None` when `Position::from_setup` refuses it.
fn unreachable(variant: Variant, side_to_move: Side, raw: [u64; 6]) -> Option<Position> {
    let board = variant.board();
    let points = board.points();
    let at_most =
        |set: Bitboard| -> Bitboard { set.iter().take(variant.pieces_per_side()).collect() };
    let white = at_most(Bitboard::from_bits(raw[0] & raw[1]) & points);
    let black = at_most((Bitboard::from_bits(raw[2] & raw[3]) & points) - white);
    let pieces = white | black;
    let kings = if variant.has_kings() {
        let far_bases = (white & board.base(Facing::South)) | (black & board.base(Facing::North));
        (Bitboard::from_bits(raw[4]) & pieces) | far_bases
    } else {
        Bitboard::EMPTY
    };
    let waiting = if side_to_move == Side::White {
        black
    } else {
        white
    };
    let claimable = if variant.has_forfeits() {
        Bitboard::from_bits(raw[5]) & waiting
    } else {
        Bitboard::EMPTY
    };
    let no_return = if variant.has_no_return() {
        let can_step = |set: Bitboard, way: Direction| -> Bitboard {
            set.iter()
                .filter(|&p| board.neighbour(p, way).is_some())
                .collect()
        };
        let east = can_step(Bitboard::from_bits(raw[4]) & pieces, Direction::East);
        let west = can_step(Bitboard::from_bits(raw[5]) & pieces, Direction::West) - east;
        NoReturn { east, west }
    } else {
        NoReturn::NONE
    };
    Position::from_setup(Setup {
        variant,
        side_to_move,
        white,
        black,
        kings,
        claimable,
        no_return,
        quiet_turns: 0,
    })
    .ok()
}

// ---------------------------------------------------------------------------
// Candidate turns

/// A point of the whole board, at random.
fn any_point(rng: &mut Xoshiro256PlusPlus) -> Point {
    Point::new(rng.random_range(0..POINT_COUNT)).unwrap()
}

/// A point of `set` at random, if it has any.
fn one_of(set: Bitboard, rng: &mut Xoshiro256PlusPlus) -> Option<Point> {
    set.any()
        .then(|| set.iter().nth(rng.random_range(0..set.count())).unwrap())
}

/// At most `max` turns of `turns`, at random.
fn sample(turns: &[Turn], max: usize, rng: &mut Xoshiro256PlusPlus) -> Vec<Turn> {
    if turns.len() <= max {
        return turns.to_vec();
    }
    (0..max)
        .map(|_| turns[rng.random_range(0..turns.len())])
        .collect()
}

/// The turn with `turn`'s game, claim and start, over `landings`, as a
/// chain or as a step (`landings` has one point).
fn reshaped(turn: &Turn, landings: &[Point], chain: bool) -> Turn {
    let reshaped = if chain {
        Turn::chain(turn.variant(), turn.from(), landings).unwrap()
    } else {
        Turn::step(turn.variant(), turn.from(), landings[0])
    };
    match turn.claim() {
        Some(claim) => reshaped.with_claim(claim),
        None => reshaped,
    }
}

/// Candidate turns without repeats, in the order found.
#[derive(Default)]
struct Candidates {
    seen: HashSet<Turn>,
    list: Vec<Turn>,
}

impl Candidates {
    fn add(&mut self, turn: Turn) {
        if self.seen.insert(turn) {
            self.list.push(turn);
        }
    }
}

/// The points a piece on `from` might be sent to: its neighbours, the
/// points two along a line, for a king every point along its lines (M4),
/// and two points anywhere on the whole board.
fn targets(position: &Position, from: Point, king: bool, rng: &mut Xoshiro256PlusPlus) -> Bitboard {
    let board = position.board();
    let mut targets = board.neighbours(from) | board.jump_landings(from);
    if king {
        for direction in Direction::ALL {
            targets |= board.ray(from, direction);
        }
    }
    targets.insert(any_point(rng));
    targets.insert(any_point(rng));
    targets
}

/// Candidate turns for `position`, right and wrong in every way the
/// module's header lists.
fn candidates(
    position: &Position,
    legal: &TurnList,
    donors: &[Position],
    rng: &mut Xoshiro256PlusPlus,
) -> Vec<Turn> {
    let variant = position.variant();
    let board = position.board();
    let us = position.side_to_move();
    let own = position.pieces(us);
    let mut found = Candidates::default();

    // The legal turns, and those of other positions of this game and of
    // the other games.
    for turn in legal {
        found.add(*turn);
    }
    for donor in donors {
        for turn in sample(&donor.legal_turns(), 24, rng) {
            found.add(turn);
        }
    }

    // Chains cut short, extended, and written as steps; steps written as
    // chains.
    let chains: Vec<Turn> = legal.iter().filter(|t| t.is_capture()).copied().collect();
    for chain in sample(&chains, 12, rng) {
        let king = position.kings().contains(chain.from());
        let landings = chain.landings();
        for end in 1..=landings.len() {
            let prefix = &landings[..end];
            found.add(reshaped(&chain, prefix, true));
            for next in targets(position, prefix[end - 1], king, rng) {
                let mut longer = prefix.to_vec();
                longer.push(next);
                found.add(reshaped(&chain, &longer, true));
            }
        }
        found.add(reshaped(&chain, &[chain.to()], false));
        found.add(reshaped(&chain, &landings[..1], false));
        // One landing moved, one left out.
        let mut moved = landings.to_vec();
        let i = rng.random_range(0..moved.len());
        moved[i] = any_point(rng);
        found.add(reshaped(&chain, &moved, true));
        if landings.len() > 1 {
            let mut shorter = landings.to_vec();
            shorter.remove(rng.random_range(0..shorter.len()));
            found.add(reshaped(&chain, &shorter, true));
        }
    }
    for step in sample(legal, 24, rng) {
        if !step.is_capture() {
            found.add(reshaped(&step, &[step.to()], true));
        }
    }

    // Claims added, removed and changed (P6).
    let claimable = position.claimable();
    let enemy = position.pieces(us.opposite());
    for turn in sample(legal, 16, rng) {
        found.add(turn.without_claim());
        for claim in claimable {
            found.add(turn.with_claim(claim));
        }
        for claim in [one_of(enemy, rng), one_of(own, rng), Some(any_point(rng))]
            .into_iter()
            .flatten()
        {
            found.add(turn.with_claim(claim));
        }
    }

    // The steps straight back that A5 bars.
    for (piece, to) in position.barred_steps() {
        found.add(Turn::step(variant, piece, to));
    }

    // Single steps and jumps (long ones for kings, M4) from pieces of the
    // side to move, and from anywhere.
    let mut starts = own;
    for _ in 0..4 {
        starts.insert(any_point(rng));
    }
    let starts = if starts.count() > 12 {
        position.kings() & own
            | (0..12)
                .filter_map(|_| one_of(starts, rng))
                .collect::<Bitboard>()
    } else {
        starts
    };
    for from in starts {
        for to in targets(position, from, position.kings().contains(from), rng) {
            found.add(Turn::step(variant, from, to));
            found.add(Turn::chain(variant, from, &[to]).unwrap());
        }
    }

    // Random chains of two to four jumps, each landing near the last.
    for _ in 0..16 {
        let Some(from) = one_of(own, rng) else { break };
        let king = position.kings().contains(from);
        let mut landings = Vec::new();
        let mut at = from;
        for _ in 0..rng.random_range(2..=4) {
            let near = targets(position, at, king, rng) & board.points();
            let Some(next) = one_of(near, rng) else { break };
            landings.push(next);
            at = next;
        }
        if !landings.is_empty() {
            found.add(Turn::chain(variant, from, &landings).unwrap());
        }
    }
    found.list
}

// ---------------------------------------------------------------------------
// What a refusal must be

/// The anchors of the project's rule document, `docs/rules.md` (the module `rules`).
fn anchors() -> &'static BTreeSet<String> {
    static ANCHORS: OnceLock<BTreeSet<String>> = OnceLock::new();
    ANCHORS.get_or_init(|| {
        include_str!("../docs/rules.md")
            .split("<a id=\"")
            .skip(1)
            .filter_map(|rest| Some(rest.split_once("\"></a>")?.0.to_owned()))
            .collect()
    })
}

/// The points a reason names.
fn named_points(reason: &Reason) -> Bitboard {
    let points = |list: &[Point]| -> Bitboard { list.iter().copied().collect() };
    match *reason {
        Reason::OtherGame { .. }
        | Reason::NoClaims
        | Reason::NothingClaimable
        | Reason::Backward { .. }
        | Reason::FirstJumpDirection { .. } => Bitboard::EMPTY,
        Reason::OffBoard { point }
        | Reason::NoPiece { point }
        | Reason::NotYourPiece { point, .. }
        | Reason::LastRank { point }
        | Reason::Occupied { point }
        | Reason::AlreadyJumped { point }
        | Reason::ChainGoesOn { at: point } => points(&[point]),
        Reason::NotClaimable { point, claimable } => claimable.with(point),
        Reason::CaptureCompulsory { capturers } => capturers,
        Reason::NotAdjacent { from, to }
        | Reason::NoReturn { from, to }
        | Reason::NotOnALine { from, to } => points(&[from, to]),
        Reason::Blocked { from, to, at } => points(&[from, to, at]),
        Reason::NotAJump { from, to } | Reason::NothingToJump { from, to, .. } => {
            points(&[from, to])
        }
        _ => unreachable!("a new reason: {reason:?}"),
    }
}

/// The legs of a turn's path: each pair of a point and the next landing.
fn legs(turn: &Turn) -> Vec<(Point, Point)> {
    let path: Vec<Point> = turn.path().collect();
    path.windows(2).map(|w| (w[0], w[1])).collect()
}

/// Checks that `refusal` of `turn` in `position` says something true of
/// the position, given its legal turns `legal`.
fn check_reason(position: &Position, turn: &Turn, reason: &Reason, legal: &TurnList) -> bool {
    let variant = position.variant();
    let board = position.board();
    let us = position.side_to_move();
    let own = position.pieces(us);
    let claim = turn.claim().map_or(Bitboard::EMPTY, Bitboard::from);
    let enemy = position.pieces(us.opposite()) - claim;
    let occupied = own | enemy;
    let legs = legs(turn);
    let king = position.kings().contains(turn.from());
    let step = !turn.is_capture();
    let only_leg = (turn.from(), turn.to());
    let is_leg = |from: Point, to: Point| legs.contains(&(from, to));
    let heading = |from: Point, to: Point| {
        Direction::ALL
            .into_iter()
            .find(|&d| board.ray(from, d).contains(to))
            .map(|d| d.heading(us.facing()))
    };
    match *reason {
        Reason::OtherGame { game } => game == variant && turn.variant() != variant,
        Reason::OffBoard { point } => {
            !board.contains(point)
                && turn
                    .claim()
                    .into_iter()
                    .chain(turn.path())
                    .find(|&p| !board.contains(p))
                    == Some(point)
        }
        Reason::NoClaims => turn.claim().is_some() && !variant.has_forfeits(),
        Reason::NothingClaimable => turn.claim().is_some() && position.claimable().is_empty(),
        Reason::NotClaimable { point, claimable } => {
            turn.claim() == Some(point)
                && claimable == position.claimable()
                && claimable.any()
                && !claimable.contains(point)
        }
        Reason::NoPiece { point } => point == turn.from() && !occupied.contains(point),
        Reason::NotYourPiece { point, owner } => {
            point == turn.from() && owner == us.opposite() && enemy.contains(point)
        }
        Reason::CaptureCompulsory { capturers } => {
            // Every legal turn is a capture, by exactly these pieces.
            let froms: Bitboard = legal.iter().map(Turn::from).collect();
            step && variant.captures_compulsory()
                && capturers.any()
                && own.contains(turn.from())
                && legal.iter().all(Turn::is_capture)
                && froms == capturers
        }
        Reason::NotAdjacent { from, to } => {
            step && !king && (from, to) == only_leg && !board.neighbours(from).contains(to)
        }
        Reason::Backward { from, to } => {
            step && !king
                && variant != Variant::Peralikatuma
                && (from, to) == only_leg
                && board
                    .toward(from, us.facing(), Heading::Backward)
                    .contains(to)
        }
        Reason::LastRank { point } => {
            step && variant == Variant::Alquerque
                && point == turn.from()
                && board.base(us.facing().opposite()).contains(point)
        }
        Reason::NoReturn { from, to } => {
            step && (from, to) == only_leg && position.barred_steps().any(|b| b == (from, to))
        }
        Reason::NotOnALine { from, to } => king && is_leg(from, to) && heading(from, to).is_none(),
        Reason::Blocked { from, to, at } => {
            // The first piece in the way of a long move, the first but one
            // of a long jump, or an own piece (M4).
            let before = (board.between(from, at) & occupied).without(turn.from());
            king && is_leg(from, to)
                && board.between(from, to).contains(at)
                && at != turn.from()
                && occupied.contains(at)
                && (before.is_empty() || (!step && before.count() == 1 && before.is_subset(enemy)))
        }
        Reason::Occupied { point } => {
            turn.landings().contains(&point) && point != turn.from() && occupied.contains(point)
        }
        Reason::NotAJump { from, to } => {
            !step && !king && is_leg(from, to) && !board.jumps(from).iter().any(|j| j.to == to)
        }
        Reason::NothingToJump {
            from,
            to,
            king: of_king,
        } => {
            let way = board.between(from, to);
            !step
                && of_king == king
                && is_leg(from, to)
                && if king {
                    (way & occupied).without(turn.from()).is_empty()
                } else {
                    way.single().is_some_and(|over| !enemy.contains(over))
                }
        }
        Reason::AlreadyJumped { point } => {
            // Jumped by one leg, and jumped, passed or landed on by a later
            // one.
            !step
                && enemy.contains(point)
                && legs.iter().enumerate().any(|(i, &(a, b))| {
                    board.between(a, b).contains(point)
                        && legs[i + 1..]
                            .iter()
                            .any(|&(c, d)| d == point || board.between(c, d).contains(point))
                })
        }
        Reason::FirstJumpDirection { from, to } => {
            let on_last_rank = board.base(us.facing().opposite()).contains(from);
            !step
                && variant == Variant::Alquerque
                && legs.first() == Some(&(from, to))
                && match heading(from, to) {
                    Some(Heading::Backward) => true,
                    Some(Heading::Forward) => on_last_rank,
                    _ => false,
                }
        }
        Reason::ChainGoesOn { at } => {
            // A longer legal chain goes the same way.
            !step
                && variant.captures_compulsory()
                && at == turn.to()
                && legal.iter().any(|l| {
                    l.is_capture()
                        && l.from() == turn.from()
                        && l.landings().len() > turn.landings().len()
                        && l.landings().starts_with(turn.landings())
                })
        }
        _ => false,
    }
}

/// Checks the refusal of an illegal `turn`: true of the position, in the
/// game's point names, with its rule at the end and in `docs/rules.md` (the module `rules`).
fn check_refusal(
    position: &Position,
    turn: &Turn,
    refusal: &Refusal,
    legal: &TurnList,
) -> Result<(), TestCaseError> {
    prop_assert_eq!(refusal.turn, *turn);
    let reason = &refusal.reason;
    prop_assert!(
        check_reason(position, turn, reason, legal),
        "{:?} is not true of {} in {}",
        reason,
        turn,
        position
    );
    let message = refusal.to_string();
    match refusal.rule() {
        Some(rule) => {
            prop_assert!(
                message.ends_with(&format!(" ({rule})")),
                "`{}` does not end with its rule {}",
                message,
                rule
            );
            prop_assert!(
                anchors().contains(rule.anchor()),
                "{} has no anchor in docs/rules.md",
                rule
            );
        }
        None => prop_assert!(!message.ends_with(')'), "`{}`", message),
    }
    // The points named are the reason's, on the game's board, in the
    // game's names; `Point(..)` only for a point off the board, which the
    // turn used.
    let board = position.board();
    let named = named_points(reason);
    let off_board = matches!(reason, Reason::OffBoard { .. });
    prop_assert_eq!(message.contains("Point("), off_board, "`{}`", message);
    if !off_board && !matches!(reason, Reason::OtherGame { .. }) {
        prop_assert!(named.is_subset(board.points()), "{:?}", reason);
        let mut allowed: BTreeSet<String> = named
            .iter()
            .map(|p| board.point_name(p).to_string())
            .collect();
        if let Reason::NothingToJump { from, to, .. } = *reason {
            allowed.extend(
                board
                    .between(from, to)
                    .iter()
                    .map(|p| board.point_name(p).to_string()),
            );
        }
        let words: BTreeSet<String> = message
            .split(|c: char| !c.is_ascii_alphanumeric())
            .filter(|w| {
                let b = w.as_bytes();
                b.len() == 2 && b[0].is_ascii_lowercase() && b[1].is_ascii_digit()
            })
            .map(str::to_owned)
            .collect();
        prop_assert!(
            words.is_subset(&allowed),
            "`{}` names {:?}, not only {:?}",
            message,
            words,
            allowed
        );
    }
    Ok(())
}

/// Checks every candidate turn in `position`: `check` agrees with the
/// generator, and so do `is_legal`, `play` and the turn text (N2); every
/// refusal is right.
fn check_position(
    position: &Position,
    donors: &[Position],
    seed: u64,
) -> Result<(), TestCaseError> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let legal = position.legal_turns();
    let legal_set: HashSet<Turn> = legal.iter().copied().collect();
    let candidates = candidates(position, &legal, donors, &mut rng);
    for (i, turn) in candidates.iter().enumerate() {
        let is_legal = legal_set.contains(turn);
        let checked = position.check(turn);
        prop_assert_eq!(
            checked.is_ok(),
            is_legal,
            "check says {:?} for `{}` ({:?}) in {} {}",
            checked,
            turn,
            turn,
            position.variant(),
            position
        );
        prop_assert_eq!(position.is_legal(turn), is_legal);
        let on_board = turn
            .claim()
            .into_iter()
            .chain(turn.path())
            .all(|p| position.board().contains(p))
            && turn.variant() == position.variant();
        match &checked {
            Ok(()) => {
                // The same position as after the generator's turn.
                let generated = legal.iter().find(|t| *t == turn).unwrap();
                prop_assert_eq!(
                    position.play(turn),
                    Ok(position.play_unchecked(generated)),
                    "`{}` in {}",
                    turn,
                    position
                );
                prop_assert_eq!(position.parse_turn(&turn.to_string()), Ok(*turn));
            }
            Err(refusal) => {
                prop_assert_eq!(position.play(turn), Err(*refusal));
                check_refusal(position, turn, refusal, &legal)?;
                // Turn text (N2) of the same turn is refused the same way
                // (a sample: reading text is slower than the rest).
                if on_board && i % 4 == 0 {
                    match position.parse_turn(&turn.to_string()) {
                        Err(TurnError::Illegal(read)) => prop_assert_eq!(read, *refusal),
                        Err(TurnError::Syntax(_)) => {}
                        other => prop_assert!(false, "`{}` read as {:?}", turn, other),
                    }
                }
            }
        }
    }
    Ok(())
}

fn any_variant() -> impl Strategy<Value = Variant> {
    prop::sample::select(Variant::ALL.to_vec())
}

fn choices(max: usize) -> impl Strategy<Value = Vec<usize>> {
    prop::collection::vec(any::<usize>(), 0..max)
}

/// One position of each game, reached by play: whose turns are tried as
/// turns of another position.
fn donors(choices: &[Vec<usize>; 3]) -> Vec<Position> {
    Variant::ALL
        .into_iter()
        .zip(choices)
        .map(|(variant, choices)| played(Position::start(variant), choices))
        .collect()
}

fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config(48))]

    /// In positions reached by play from each game's start.
    #[test]
    fn check_agrees_with_the_generator_in_played_games(
        variant in any_variant(),
        moves in choices(100),
        donor_moves in [choices(60), choices(60), choices(60)],
        seed in any::<u64>(),
    ) {
        let position = played(Position::start(variant), &moves);
        check_position(&position, &donors(&donor_moves), seed)?;
    }

    /// In Permainan positions with kings (M4), and after play from them.
    #[test]
    fn check_agrees_with_the_generator_with_kings(
        start in 0..KING_POSITIONS.len(),
        moves in choices(12),
        donor_moves in [choices(60), choices(60), choices(60)],
        seed in any::<u64>(),
    ) {
        let start = Position::parse(Variant::Permainan, KING_POSITIONS[start]).unwrap();
        let position = played(start, &moves);
        check_position(&position, &donors(&donor_moves), seed)?;
    }

    /// In valid positions that play could hardly reach: crowded, with
    /// kings, claimable pieces and no-return restrictions.
    #[test]
    fn check_agrees_with_the_generator_in_unreachable_positions(
        position in (any_variant(), prop::sample::select(Side::ALL.to_vec()), any::<[u64; 6]>())
            .prop_filter_map("refused by from_setup", |(v, s, raw)| unreachable(v, s, raw)),
        donor_moves in [choices(60), choices(60), choices(60)],
        seed in any::<u64>(),
    ) {
        check_position(&position, &donors(&donor_moves), seed)?;
    }
}

// ---------------------------------------------------------------------------
// One test per reason

/// The point named `name` in `variant`'s own names (R1.6).
fn point(variant: Variant, name: &str) -> Point {
    variant.board().parse_point(name).unwrap()
}

/// The turn that `text` writes (N2) in `variant`, built from its points
/// without looking at a position: `c2-c4`, `c3xe5xg7`, `!e6 d4-d5`.
fn turn(variant: Variant, text: &str) -> Turn {
    let (claim, body) = match text.strip_prefix('!') {
        Some(rest) => {
            let (claim, body) = rest.split_once(' ').unwrap();
            (Some(point(variant, claim)), body)
        }
        None => (None, text),
    };
    let chain = body.contains('x');
    let path: Vec<Point> = body
        .split(['x', '-'])
        .map(|name| point(variant, name))
        .collect();
    let turn = if chain {
        Turn::chain(variant, path[0], &path[1..]).unwrap()
    } else {
        Turn::step(variant, path[0], path[1])
    };
    match claim {
        Some(claim) => turn.with_claim(claim),
        None => turn,
    }
}

/// Checks that `position` refuses `turn` for `reason`, citing `rule`, in
/// the words `message`; and that `play` and the turn's text (N2), when it
/// has one, refuse it the same way.
fn assert_refused(
    position: &Position,
    turn: Turn,
    reason: Reason,
    rule: Option<Rule>,
    message: &str,
) {
    let refusal = position.check(&turn).unwrap_err();
    assert_eq!(refusal, Refusal { turn, reason });
    assert_eq!(refusal.rule(), rule);
    assert_eq!(refusal.to_string(), message);
    assert!(!position.is_legal(&turn));
    assert_eq!(position.play(&turn), Err(refusal));
    if let Some(rule) = rule {
        assert!(anchors().contains(rule.anchor()), "{rule}");
    }
    let on_board = turn
        .claim()
        .into_iter()
        .chain(turn.path())
        .all(|p| position.board().contains(p));
    if on_board && turn.variant() == position.variant() {
        assert_eq!(
            position.parse_turn(&turn.to_string()),
            Err(TurnError::Illegal(refusal))
        );
    }
}

/// A position of `variant` from its text (N3).
fn pos(variant: Variant, text: &str) -> Position {
    Position::parse(variant, text).unwrap()
}

const A: Variant = Variant::Alquerque;
const M: Variant = Variant::Permainan;
const P: Variant = Variant::Peralikatuma;

#[test]
fn a_turn_of_another_game() {
    // Permainan's c3-c4 in Alquerque's start: no rule, the wrong game.
    assert_refused(
        &Position::start(A),
        turn(M, "c3-c4"),
        Reason::OtherGame { game: A },
        None,
        "it is a turn of Permainan, and the game is Alquerque",
    );
}

#[test]
fn r1_5_a_point_off_the_games_board() {
    // a5 of the whole board (R1.1) is on Peralikatuma's west arm, not on
    // Alquerque's square; a turn built from points can still name it.
    let off = Variant::Peralikatuma.board().parse_point("a5").unwrap();
    let step = Turn::step(A, point(A, "a1"), off);
    assert_refused(
        &Position::start(A),
        step,
        Reason::OffBoard { point: off },
        Some(Rule::R1_5),
        "Point(20) is not a point of the Alquerque board (R1.5)",
    );
}

#[test]
fn r2_6_a_claim_in_a_game_without_forfeits() {
    // b2-c3 is legal at Alquerque's start, but not after a claim of a3.
    let start = Position::start(A);
    assert!(start.is_legal(&turn(A, "b2-c3")));
    assert_refused(
        &start,
        turn(A, "!a3 b2-c3"),
        Reason::NoClaims,
        Some(Rule::R2_6),
        "Alquerque has no forfeit claims: a turn is one move (R2.6)",
    );
}

#[test]
fn p6_a_claim_when_nothing_is_claimable() {
    let position = pos(P, "W:Wc3,e3:Bd4,e7");
    assert!(position.is_legal(&turn(P, "c3-c4")));
    assert_refused(
        &position,
        turn(P, "!d4 c3-c4"),
        Reason::NothingClaimable,
        Some(Rule::P6),
        "there is no forfeit claim this turn (P6)",
    );
}

#[test]
fn p6_claim_of_a_piece_not_claimable() {
    // d4 could have jumped (F field): it is claimable, e7 is not.
    let position = pos(P, "W:Wc3,e3:Bd4,e7:Fd4");
    assert!(position.is_legal(&turn(P, "!d4 c3-c4")));
    assert_refused(
        &position,
        turn(P, "!e7 c3-c4"),
        Reason::NotClaimable {
            point: point(P, "e7"),
            claimable: point(P, "d4").into(),
        },
        Some(Rule::P6),
        "e7 is not claimable; claimable: d4 (P6)",
    );
}

#[test]
fn a_step_from_an_empty_point() {
    assert_refused(
        &Position::start(A),
        turn(A, "c3-c4"),
        Reason::NoPiece {
            point: point(A, "c3"),
        },
        None,
        "there is no piece on c3",
    );
    // The claimed piece is gone before the move (P7).
    let position = pos(P, "W:Wc3,e3:Bd4,e7:Fd4");
    assert_refused(
        &position,
        turn(P, "!d4 d4-d5"),
        Reason::NoPiece {
            point: point(P, "d4"),
        },
        None,
        "there is no piece on d4",
    );
}

#[test]
fn a_step_of_the_opponents_piece() {
    assert_refused(
        &Position::start(A),
        turn(A, "a3-a2"),
        Reason::NotYourPiece {
            point: point(A, "a3"),
            owner: Side::Black,
        },
        None,
        "a3 holds a Black piece, and White is to move",
    );
}

#[test]
fn a4_a_step_when_a_capture_is_compulsory() {
    // c2 can jump c3 to c4, so a1 may not step.
    assert_refused(
        &pos(A, "W:Wc2,a1:Bc3,e5"),
        turn(A, "a1-a2"),
        Reason::CaptureCompulsory {
            capturers: point(A, "c2").into(),
        },
        Some(Rule::A4),
        "a capture is compulsory, and the piece on c2 can capture (A4)",
    );
}

#[test]
fn m5_a_step_when_a_capture_is_compulsory() {
    // The man on a3 can jump b4, the king on e1 can jump d2: neither may
    // step or move.
    let position = pos(M, "W:Wa3,Ke1:Bd2,b4");
    let capturers: Bitboard = [point(M, "a3"), point(M, "e1")].into_iter().collect();
    for step in ["a3-a4", "e1-c1"] {
        assert_refused(
            &position,
            turn(M, step),
            Reason::CaptureCompulsory { capturers },
            Some(Rule::M5),
            "a capture is compulsory, and the pieces on e1, a3 can capture (M5)",
        );
    }
}

#[test]
fn r2_1_a_step_to_a_point_not_adjacent() {
    assert_refused(
        &Position::start(A),
        turn(A, "c2-c4"),
        Reason::NotAdjacent {
            from: point(A, "c2"),
            to: point(A, "c4"),
        },
        Some(Rule::R2_1),
        "c4 is not adjacent to c2 along a line (R2.1)",
    );
    // Adjacent on the grid is not enough: d5 has no diagonals (R1.2).
    assert_refused(
        &pos(P, "W:Wd5:Be9"),
        turn(P, "d5-e6"),
        Reason::NotAdjacent {
            from: point(P, "d5"),
            to: point(P, "e6"),
        },
        Some(Rule::R2_1),
        "e6 is not adjacent to d5 along a line (R2.1)",
    );
}

#[test]
fn r2_1_a_step_to_an_occupied_point() {
    assert_refused(
        &Position::start(A),
        turn(A, "d2-d3"),
        Reason::Occupied {
            point: point(A, "d3"),
        },
        Some(Rule::R2_1),
        "d3 is not empty (R2.1)",
    );
}

#[test]
fn a2_a_step_backward() {
    assert_refused(
        &pos(A, "W:Wc3:Be5"),
        turn(A, "c3-c2"),
        Reason::Backward {
            from: point(A, "c3"),
            to: point(A, "c2"),
        },
        Some(Rule::A2),
        "a piece steps only forward, diagonally forward or sideways, never backward (A2)",
    );
    // Backward for Black is towards rank 5.
    assert_refused(
        &pos(A, "B:Wa1:Bc3"),
        turn(A, "c3-d4"),
        Reason::Backward {
            from: point(A, "c3"),
            to: point(A, "d4"),
        },
        Some(Rule::A2),
        "a piece steps only forward, diagonally forward or sideways, never backward (A2)",
    );
}

#[test]
fn m2_a_mans_step_backward() {
    assert_refused(
        &pos(M, "W:Wc5:Ba9"),
        turn(M, "c5-d4"),
        Reason::Backward {
            from: point(M, "c5"),
            to: point(M, "d4"),
        },
        Some(Rule::M2),
        "a man steps only forward, diagonally forward or sideways, never backward (M2)",
    );
    // A king may (M4).
    assert!(pos(M, "W:WKc5:Ba9").is_legal(&turn(M, "c5-d4")));
}

#[test]
fn a3_a_step_from_the_last_rank() {
    // White's c5 is on its last rank: not even sideways.
    assert_refused(
        &pos(A, "W:Wc5:Ba1"),
        turn(A, "c5-b5"),
        Reason::LastRank {
            point: point(A, "c5"),
        },
        Some(Rule::A3),
        "the piece on c5 is on its last rank and cannot step (A3)",
    );
}

#[test]
fn a5_a_step_straight_back() {
    assert_refused(
        &pos(A, "W:Wb3:Bd5:Rb3-a3"),
        turn(A, "b3-a3"),
        Reason::NoReturn {
            from: point(A, "b3"),
            to: point(A, "a3"),
        },
        Some(Rule::A5),
        "the piece on b3 may not step straight back to a3, where it came from (A5)",
    );
}

#[test]
fn m4_a_king_move_off_its_lines() {
    // b7 is on none of c5's four lines.
    assert_refused(
        &pos(M, "W:WKc5:Bb8"),
        turn(M, "c5-b7"),
        Reason::NotOnALine {
            from: point(M, "c5"),
            to: point(M, "b7"),
        },
        Some(Rule::M4),
        "b7 is not along a line from c5 (M4)",
    );
}

#[test]
fn m4_a_king_blocked_on_its_way() {
    // A long move stopped by an own piece on c7.
    assert_refused(
        &pos(M, "W:WKc5,c7:Be9"),
        turn(M, "c5-c9"),
        Reason::Blocked {
            from: point(M, "c5"),
            to: point(M, "c9"),
            at: point(M, "c7"),
        },
        Some(Rule::M4),
        "the way from c5 to c9 is blocked at c7 (M4)",
    );
    // A long jump over two pieces in a row: blocked at the second.
    assert_refused(
        &pos(M, "W:WKa5:Bc5,d5"),
        turn(M, "a5xe5"),
        Reason::Blocked {
            from: point(M, "a5"),
            to: point(M, "e5"),
            at: point(M, "d5"),
        },
        Some(Rule::M4),
        "the way from a5 to e5 is blocked at d5 (M4)",
    );
    // Nor over an own piece.
    assert_refused(
        &pos(M, "W:WKa5,b5:Bd5"),
        turn(M, "a5xe5"),
        Reason::Blocked {
            from: point(M, "a5"),
            to: point(M, "e5"),
            at: point(M, "b5"),
        },
        Some(Rule::M4),
        "the way from a5 to e5 is blocked at b5 (M4)",
    );
}

#[test]
fn m4_a_king_move_to_an_occupied_point() {
    // The way c5-d6 is clear, e7 is taken. The rule is the king's own.
    assert_refused(
        &pos(M, "W:WKc5:Be7,b8"),
        turn(M, "c5-e7"),
        Reason::Occupied {
            point: point(M, "e7"),
        },
        Some(Rule::M4),
        "e7 is not empty (M4)",
    );
    // A long jump over c5 to e5, where the next piece stands.
    assert_refused(
        &pos(M, "W:WKa5:Bc5,e5"),
        turn(M, "a5xe5"),
        Reason::Occupied {
            point: point(M, "e5"),
        },
        Some(Rule::M4),
        "e5 is not empty (M4)",
    );
    // A king's step to the adjacent point is a step (R2.1).
    assert_refused(
        &pos(M, "W:WKc5,c6:Be9"),
        turn(M, "c5-c6"),
        Reason::Occupied {
            point: point(M, "c6"),
        },
        Some(Rule::R2_1),
        "c6 is not empty (R2.1)",
    );
}

#[test]
fn m4_a_king_jump_with_nothing_to_jump() {
    assert_refused(
        &pos(M, "W:WKc5:Bb8"),
        turn(M, "c5xc9"),
        Reason::NothingToJump {
            from: point(M, "c5"),
            to: point(M, "c9"),
            king: true,
        },
        Some(Rule::M4),
        "there is no enemy piece to jump between c5 and c9 (M4)",
    );
}

#[test]
fn r2_2_a_jump_to_a_point_not_two_along_a_line() {
    assert_refused(
        &pos(A, "W:Wc1:Bc2,e5"),
        turn(A, "c1xc4"),
        Reason::NotAJump {
            from: point(A, "c1"),
            to: point(A, "c4"),
        },
        Some(Rule::R2_2),
        "c4 is not a jump away from c1: a jump goes over an adjacent point to the point straight beyond (R2.2)",
    );
    // A man of Permainan jumps short only.
    assert_refused(
        &pos(M, "W:Wa5:Bc5"),
        turn(M, "a5xd5"),
        Reason::NotAJump {
            from: point(M, "a5"),
            to: point(M, "d5"),
        },
        Some(Rule::R2_2),
        "d5 is not a jump away from a5: a jump goes over an adjacent point to the point straight beyond (R2.2)",
    );
}

#[test]
fn r2_2_a_jump_over_no_enemy_piece() {
    // Over the empty b2, then over White's own d2.
    let position = pos(A, "W:Wc1,d2:Bc2,e5");
    assert_refused(
        &position,
        turn(A, "c1xa3"),
        Reason::NothingToJump {
            from: point(A, "c1"),
            to: point(A, "a3"),
            king: false,
        },
        Some(Rule::R2_2),
        "there is no enemy piece on b2 to jump (R2.2)",
    );
    assert_refused(
        &position,
        turn(A, "c1xe3"),
        Reason::NothingToJump {
            from: point(A, "c1"),
            to: point(A, "e3"),
            king: false,
        },
        Some(Rule::R2_2),
        "there is no enemy piece on d2 to jump (R2.2)",
    );
}

#[test]
fn r2_2_a_jump_landing_on_an_occupied_point() {
    assert_refused(
        &pos(P, "W:Wc3,e5:Bd4"),
        turn(P, "c3xe5"),
        Reason::Occupied {
            point: point(P, "e5"),
        },
        Some(Rule::R2_2),
        "e5 is not empty (R2.2)",
    );
}

#[test]
fn r2_4_a_piece_jumped_twice() {
    // c1 jumps e1 to g1; back over e1 to c1 would take it twice.
    assert_refused(
        &pos(P, "W:Wc1:Be1,i7"),
        turn(P, "c1xg1xc1"),
        Reason::AlreadyJumped {
            point: point(P, "e1"),
        },
        Some(Rule::R2_4),
        "the piece on e1 is already jumped in this move and stays on the board until the move ends (R2.4)",
    );
}

#[test]
fn r2_4_a_jump_landing_on_a_captured_piece() {
    // c1 jumps e1 to g1 and f2 to e3; from e3 over e2 it would land on e1,
    // where the captured piece still stands.
    assert_refused(
        &pos(P, "W:Wc1:Be1,e2,f2"),
        turn(P, "c1xg1xe3xe1"),
        Reason::AlreadyJumped {
            point: point(P, "e1"),
        },
        Some(Rule::R2_4),
        "the piece on e1 is already jumped in this move and stays on the board until the move ends (R2.4)",
    );
}

#[test]
fn r2_4_a_king_passing_over_a_captured_piece() {
    // a3 jumps c5 to e7 and c7 to a7; from a7 the way to e3 crosses c5,
    // captured but still on the board.
    assert_refused(
        &pos(M, "W:WKa3:Bc5,c7,d4"),
        turn(M, "a3xe7xa7xe3"),
        Reason::AlreadyJumped {
            point: point(M, "c5"),
        },
        Some(Rule::R2_4),
        "the piece on c5 is already jumped in this move and stays on the board until the move ends (R2.4)",
    );
}

/// Regression: a king's way blocked by an own piece before a captured one
/// was refused for the captured piece further on, not for the first piece
/// in its way.
#[test]
fn m4_a_king_blocked_before_a_captured_piece() {
    // As above, with White's b6 first on the way from a7 to e3.
    assert_refused(
        &pos(M, "W:WKa3,b6:Bc5,c7,d4"),
        turn(M, "a3xe7xa7xe3"),
        Reason::Blocked {
            from: point(M, "a7"),
            to: point(M, "e3"),
            at: point(M, "b6"),
        },
        Some(Rule::M4),
        "the way from a7 to e3 is blocked at b6 (M4)",
    );
}

#[test]
fn a4_1_a_first_jump_backward() {
    assert_refused(
        &pos(A, "W:Wc3:Bc2,e5"),
        turn(A, "c3xc1"),
        Reason::FirstJumpDirection {
            from: point(A, "c3"),
            to: point(A, "c1"),
        },
        Some(Rule::A4_1),
        "a chain's first jump goes forward, diagonally forward or sideways, and only sideways from the last rank (A4.1)",
    );
    // From the last rank, diagonally backward.
    assert_refused(
        &pos(A, "W:Wc5:Bd4,a1"),
        turn(A, "c5xe3"),
        Reason::FirstJumpDirection {
            from: point(A, "c5"),
            to: point(A, "e3"),
        },
        Some(Rule::A4_1),
        "a chain's first jump goes forward, diagonally forward or sideways, and only sideways from the last rank (A4.1)",
    );
    // A later jump may go backward (A4.2).
    assert!(pos(A, "W:Wc3:Bc4,d4").is_legal(&turn(A, "c3xc5xe3")));
}

#[test]
fn a4_3_a_chain_that_stops_early() {
    // c1 jumps c2 and can go on over c4.
    assert_refused(
        &pos(A, "W:Wc1:Bc2,c4,e5"),
        turn(A, "c1xc3"),
        Reason::ChainGoesOn { at: point(A, "c3") },
        Some(Rule::A4_3),
        "the chain must go on: the piece can jump again from c3 (A4.3)",
    );
    assert!(pos(A, "W:Wc1:Bc2,c4,e5").is_legal(&turn(A, "c1xc3xc5")));
}

#[test]
fn m5_a_chain_that_stops_early() {
    // The king jumps b4; landed on d6 it can go on over b6.
    assert_refused(
        &pos(M, "W:WKa3:Bb4,b6,a7"),
        turn(M, "a3xd6"),
        Reason::ChainGoesOn { at: point(M, "d6") },
        Some(Rule::M5),
        "the chain must go on: the piece can jump again from d6 (M5)",
    );
    // Landed on c5 it cannot, and the chain ends there (M4).
    assert!(pos(M, "W:WKa3:Bb4,b6,a7").is_legal(&turn(M, "a3xc5")));
}

#[test]
fn p4_a_chain_may_stop_after_any_jump() {
    // In Peralikatuma the same chain cut short is legal, and so is a step
    // though a jump is possible (P5).
    let position = pos(P, "W:Wc3:Bd4,f6");
    for legal in ["c3xe5", "c3xe5xg7", "c3-c4"] {
        assert!(position.is_legal(&turn(P, legal)), "{legal}");
    }
    // Written as a step, the jump is a step too far.
    assert_refused(
        &position,
        turn(P, "c3-e5"),
        Reason::NotAdjacent {
            from: point(P, "c3"),
            to: point(P, "e5"),
        },
        Some(Rule::R2_1),
        "e5 is not adjacent to c3 along a line (R2.1)",
    );
}

/// Regression (code review): a king's jump onto an enemy piece next to it
/// was refused as having nothing to jump; the landing point is taken.
#[test]
fn m4_a_king_jumping_onto_the_piece_next_to_it() {
    assert_refused(
        &pos(M, "W:WKa3:Bb4,b6,a7"),
        turn(M, "a3xb4"),
        Reason::Occupied {
            point: point(M, "b4"),
        },
        Some(Rule::R2_2),
        "b4 is not empty (R2.2)",
    );
}
