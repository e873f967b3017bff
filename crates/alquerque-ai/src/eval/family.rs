//! The evaluation of family positions: the seed games' terms, counted on
//! the family's boards. The rule book's three games, as rulesets of the
//! family's model, are weighed exactly as the seed games' evaluation
//! weighs them ([`evaluate`](crate::evaluate)).

use std::sync::OnceLock;

use peralikatuma_rules::board_topology::graph::Graph;
use peralikatuma_rules::board_topology::{Direction, PointSet};
use peralikatuma_rules::family::{Position, Ruleset};
use peralikatuma_rules::{Side, Variant};

use super::features::Features;
use super::{Weights, side_terms};
use crate::score::Score;

impl Weights {
    /// The weights used for a family ruleset: Peralikatuma's, whose
    /// captures are optional too, with flying kings (where men crown)
    /// worth two and a half men and a bonus for ranks gained towards the
    /// crowning points.
    pub const fn of_family(ruleset: &Ruleset) -> Weights {
        let kings = ruleset.has_kings();
        Weights {
            king: 250,
            mobility: 4,
            claim: if ruleset.huff { 85 } else { 0 },
            advance: if kings { 3 } else { 0 },
            ..Weights::of(peralikatuma_rules::Variant::Peralikatuma)
        }
    }
}

/// What a family position is worth to the side to move (see
/// [`evaluate`](crate::evaluate)): material, mobility, safe points,
/// captures now and pieces exposed, a huff to make, and ranks gained
/// where men crown.
///
/// ```
/// use alquerque_ai::evaluate_family;
/// use peralikatuma_rules::family::{Position, Ruleset};
///
/// let zamma = Ruleset::find("zamma")?;
/// assert!(evaluate_family(&Position::start(zamma)).0.abs() < 50);
/// let up = Position::parse(zamma, "W:Wa2,i8:Be5")?;
/// assert!(evaluate_family(&up).0 > 50);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn evaluate_family(position: &Position) -> Score {
    let ruleset = position.ruleset();
    let us = position.side_to_move();
    let (w, ours, theirs) = match ruleset.variant() {
        Some(variant) => (
            Weights::of(variant),
            Features::of_rule_book(position, us, variant),
            Features::of_rule_book(position, us.opposite(), variant),
        ),
        None => (
            Weights::of_family(ruleset),
            Features::of_family(position, us),
            Features::of_family(position, us.opposite()),
        ),
    };
    let mut score = side_terms(&w, &ours) - side_terms(&w, &theirs);
    if ours.can_capture > 0 {
        score += w.capture_now + w.more_captures * (ours.can_capture as i32 - 1);
    }
    score += w.exposed * theirs.can_capture as i32;
    if position.huffable() != 0 {
        score += w.claim;
    }
    Score(score)
}

/// The points of `board` that are the middle of no straight triple: a
/// piece there can never be jumped.
fn safe_points_of(board: &Graph) -> u128 {
    (0..board.len() as u8)
        .filter(|&p| {
            !Direction::ALL.iter().any(|&d| {
                board.neighbour(p, d).is_some() && board.neighbour(p, d.opposite()).is_some()
            })
        })
        .fold(0, |set, p| set | 1 << p)
}

/// The safe points of `ruleset`'s board, computed once for each of the
/// 21 games ([`Ruleset::all`]).
fn safe_points(ruleset: &'static Ruleset) -> u128 {
    static SAFE: OnceLock<Vec<u128>> = OnceLock::new();
    let all = SAFE.get_or_init(|| Ruleset::all().map(|r| safe_points_of(r.board)).collect());
    match Ruleset::all().position(|r| std::ptr::eq(r, ruleset)) {
        Some(index) => all[index],
        None => safe_points_of(ruleset.board),
    }
}

/// `side`'s safe steps and king slides in `position`: the steps of men to
/// points where no enemy piece could jump them at once (a short jump;
/// kings' long jumps are not looked for), and every slide of a king.
fn mobility(position: &Position, side: Side) -> usize {
    let ruleset = position.ruleset();
    let board = ruleset.board;
    let enemy = position.pieces(side.opposite());
    let empty = board.points() & !(position.pieces(side) | enemy);
    let directions = ruleset.step_directions(side);
    // Whether a man that stepped from `from` to `to` could be jumped.
    let exposed = |from: u8, to: u8| {
        let empty = (empty | 1 << from) & !(1 << to);
        Direction::ALL.iter().any(|&d| {
            match (board.neighbour(to, d), board.neighbour(to, d.opposite())) {
                (Some(by), Some(landing)) => enemy & (1 << by) != 0 && empty & (1 << landing) != 0,
                _ => false,
            }
        })
    };
    let mut mobility = 0;
    let mut men = position.men(side);
    while men != 0 {
        let from = men.trailing_zeros() as u8;
        men &= men - 1;
        mobility += Direction::ALL
            .iter()
            .filter(|d| directions & (1 << d.index()) != 0)
            .filter_map(|&d| board.neighbour(from, d))
            .filter(|&to| empty & (1 << to) != 0 && !exposed(from, to))
            .count();
    }
    mobility + king_slides(board, position.kings(side), empty)
}

/// The slides of `kings` on `board`: every point along each of their lines
/// up to the first point not in `empty`.
fn king_slides(board: &Graph, kings: u128, empty: u128) -> usize {
    let mut slides = 0;
    for from in kings.points() {
        for direction in Direction::ALL {
            let mut at = from;
            while let Some(next) = board.neighbour(at, direction) {
                if empty & (1 << next) == 0 {
                    break;
                }
                slides += 1;
                at = next;
            }
        }
    }
    slides
}

/// Ranks `side`'s men have gained towards the points where they crown, in
/// all (none where men do not crown).
fn advance(position: &Position, side: Side) -> usize {
    let ruleset = position.ruleset();
    let zone = ruleset.promotion[side.index()];
    if zone == 0 {
        return 0;
    }
    let board = ruleset.board;
    let crown_rank = board.coords(zone.trailing_zeros() as u8).1;
    let ranks = board.grid().1;
    let mut men = position.men(side);
    let mut advance = 0;
    while men != 0 {
        let at = men.trailing_zeros() as u8;
        men &= men - 1;
        advance += usize::from(ranks - board.coords(at).1.abs_diff(crown_rank));
    }
    advance
}

/// `side`'s steps and king slides in `position` of a rule book's game, as
/// the seed games' evaluation counts them: a man's steps to every empty
/// point beside it (but back, in Alquerque and Permainan), a king's to
/// every empty point along its lines before the first piece.
fn rule_book_mobility(position: &Position, side: Side, variant: Variant) -> usize {
    let ruleset = position.ruleset();
    let board = ruleset.board;
    let empty = board.points() & !(position.pieces(side) | position.pieces(side.opposite()));
    let back = match (variant, ruleset.forward[side.index()]) {
        (Variant::Peralikatuma, _) | (_, None) => None,
        (_, Some(ahead)) => Some(ahead.opposite()),
    };
    let mut mobility = 0;
    for from in position.men(side).points() {
        let mut to = board.neighbours(from) & empty;
        if let Some(back) = back {
            to &= !board.fan(from, back);
        }
        mobility += to.count_ones() as usize;
    }
    mobility + king_slides(board, position.kings(side), empty)
}

impl Features {
    /// The counts for `side` of a position of one of the rule book's games,
    /// as the seed games' evaluation counts them: ranks gained from the
    /// side's own base in Permainan (one fewer a man than where the
    /// family's rulesets count them, from the rank beyond the crowning
    /// one), mobility by [`rule_book_mobility`].
    fn of_rule_book(position: &Position, side: Side, variant: Variant) -> Features {
        let own = position.pieces(side);
        let men = position.men(side).count_ones() as usize;
        let advance = match variant {
            Variant::Permainan => advance(position, side) - men,
            _ => 0,
        };
        Features {
            men,
            kings: position.kings(side).count_ones() as usize,
            can_capture: position.capturable(side).count_ones() as usize,
            mobility: rule_book_mobility(position, side, variant),
            on_safe_points: (own & safe_points(position.ruleset())).count_ones() as usize,
            advance,
        }
    }

    /// The counts for `side` of a family position.
    fn of_family(position: &Position, side: Side) -> Features {
        let own = position.pieces(side);
        Features {
            men: position.men(side).count_ones() as usize,
            kings: position.kings(side).count_ones() as usize,
            can_capture: position.capturable(side).count_ones() as usize,
            mobility: mobility(position, side),
            on_safe_points: (own & safe_points(position.ruleset())).count_ones() as usize,
            advance: advance(position, side),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evaluate;
    use peralikatuma_rules::{Game, family};
    use rand::rngs::Xoshiro256PlusPlus as StdRng;
    use rand::{RngExt, SeedableRng};

    /// The rule book's games are weighed alike in both models: random
    /// games of each, at every position.
    #[test]
    fn the_rule_books_games_are_weighed_as_the_seed_games_are() {
        let mut rng = StdRng::seed_from_u64(26);
        for variant in Variant::ALL {
            for _ in 0..30 {
                let mut game = Game::new(variant);
                for _ in 0..200 {
                    let seed = *game.position();
                    let ours = family::Position::from(&seed);
                    assert_eq!(evaluate_family(&ours), evaluate(&seed), "{variant} {seed}");
                    let turns = game.legal_turns();
                    if turns.is_empty() || game.outcome().is_some() {
                        break;
                    }
                    let turn = turns[rng.random_range(0..turns.len())];
                    game.play(&turn).expect("a legal turn");
                }
            }
        }
    }
}
