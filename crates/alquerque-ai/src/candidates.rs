//! The turns of one node as the search keeps them: entries with their
//! ordering keys, filled by the generator into a buffer that every node of
//! the same ply reuses, and taken in search order.

use std::ops::ControlFlow;

use peralikatuma_rules::{Position, Turn};

use crate::node::{Node, quiet_step};
use crate::ordering::{Ordering, TABLE_MOVE};

/// One legal turn of a node, with its ordering key.
#[derive(Copy, Clone, Debug)]
struct Candidate {
    /// Its ordering key: higher first.
    key: i32,
    /// Its place in the order of generation (that of the position's legal
    /// turns), by which the transposition table knows it.
    index: u32,
    /// The turn.
    turn: Turn,
}

/// Where a turn came in a node's lists: its key and its place in the order
/// of generation.
#[derive(Copy, Clone, Debug)]
pub struct Ranked {
    /// Its ordering key.
    pub key: i32,
    /// Its place in the order of generation.
    pub index: u32,
}

impl Candidate {
    /// Where it comes in the search: highest key first, equal keys in the
    /// order of generation (so that searches are reproducible). The key's
    /// order, reversed, in the high half; the index in the low half.
    #[inline]
    fn rank(&self) -> u64 {
        let key = self.key as u32 ^ 1 << 31;
        u64::from(!key) << 32 | u64::from(self.index)
    }

    /// Its key and index.
    fn ranked(&self) -> Ranked {
        Ranked {
            key: self.key,
            index: self.index,
        }
    }
}

/// Puts the `n`th turn in search order at `n`, the turns before it being in
/// place. The first is picked from the rest: many nodes end after it (it is
/// often the table's move). The rest are sorted once, when the second is
/// asked for (in place, without allocating).
fn put_in_place(list: &mut [Candidate], n: usize) {
    match n {
        0 => {
            let Some(first) = list.first() else {
                return;
            };
            let (mut best, mut best_rank) = (0, first.rank());
            for (i, candidate) in list.iter().enumerate().skip(1) {
                let rank = candidate.rank();
                if rank < best_rank {
                    (best, best_rank) = (i, rank);
                }
            }
            list.swap(0, best);
        }
        1 => list[1..].sort_unstable_by_key(Candidate::rank),
        _ => {}
    }
}

/// The turns of a node in search order. Allocates only while it grows
/// beyond the most turns a node of its ply has had.
#[derive(Default)]
pub struct Candidates {
    list: Vec<Candidate>,
}

impl Candidates {
    #[inline]
    fn push(&mut self, key: i32, turn: Turn) {
        let index = self.list.len() as u32;
        self.list.push(Candidate { key, index, turn });
    }

    /// Lists the capture `turn` of `node`, keyed for the quiescence search.
    fn push_capture(&mut self, node: &Position, turn: &Turn) {
        let (pieces, kings) = removed(node, turn);
        self.push(Ordering::capture_key(pieces, kings), *turn);
    }

    /// Every legal turn of `node`, keyed by `ordering` at `ply`, the
    /// table's move (by its index in the order of generation) first.
    pub fn every_turn(
        &mut self,
        node: &Position,
        ordering: &Ordering,
        ply: usize,
        table_move: Option<usize>,
    ) {
        self.list.clear();
        let side = node.side_to_move();
        let _ = node.generate(|turn| {
            let key = if table_move == Some(self.list.len()) {
                TABLE_MOVE
            } else if turn.removes() {
                let (pieces, kings) = removed(node, turn);
                Ordering::removal_key(pieces + u32::from(turn.huff().is_some()) + 2 * kings)
            } else if let Some((from, to)) = quiet_step(turn) {
                ordering.quiet_key(side, from, to, ply)
            } else {
                0
            };
            self.push(key, *turn);
            ControlFlow::<()>::Continue(())
        });
    }

    /// The captures of `node`, for the quiescence search; says whether the
    /// side to move has a legal turn at all.
    ///
    /// Captures without a huff: a huff is left to the evaluation (which
    /// counts a huff or a claim to make). With them, every capture would
    /// come once more for each piece that may be huffed, and the
    /// quiescence search of a crowded board (Zamma's 80 men) would not
    /// end.
    pub fn captures(&mut self, node: &Position) -> bool {
        self.list.clear();
        if node.captures_compulsory() {
            // The generator lists a move that does not capture only where
            // there is no capture (before any huff): the first one ends
            // the search, and says there is a legal turn.
            let mut any = false;
            let _ = node.generate(|turn| {
                any = true;
                if turn.captured() == 0 || turn.huff().is_some() {
                    return ControlFlow::Break(());
                }
                self.push_capture(node, turn);
                ControlFlow::Continue(())
            });
            return any;
        }
        let _ = node.generate_captures(|turn| {
            self.push_capture(node, turn);
            ControlFlow::<()>::Continue(())
        });
        !self.list.is_empty() || node.has_legal_turn()
    }

    /// How many turns there are.
    #[inline]
    pub fn len(&self) -> usize {
        self.list.len()
    }

    /// The `n`th turn in search order, with its key and index, once the
    /// turns before it have been asked for (in order).
    #[inline]
    pub fn turn(&mut self, n: usize) -> (Ranked, Turn) {
        put_in_place(&mut self.list, n);
        let candidate = self.list[n];
        (candidate.ranked(), candidate.turn)
    }
}

/// How many pieces `turn` removes, a king counting as three.
fn removed(node: &Position, turn: &Turn) -> (u32, u32) {
    let them = node.side_to_move().opposite();
    let captured = turn.captured();
    let kings = (captured & node.kings(them)).count_ones();
    (captured.count_ones(), kings)
}

#[cfg(test)]
mod tests {
    use std::collections::{HashMap, HashSet};

    use peralikatuma_rules::Side;
    use peralikatuma_rules::{Kind, Ruleset};
    use rand::rngs::Xoshiro256PlusPlus;
    use rand::{RngExt, SeedableRng};

    use super::*;
    use crate::ordering::SECOND_KILLER;
    use crate::random_positions::from_random_games;

    /// Positions of every ruleset from seeded random games: a few of each.
    fn positions_of_every_ruleset(seed: u64) -> Vec<Position> {
        Ruleset::all()
            .flat_map(|ruleset| from_random_games(ruleset, seed, 60, 6))
            .collect()
    }

    /// The turns of `candidates` in search order, with their keys and
    /// indices, asked for one after the other as the search asks.
    fn in_search_order(candidates: &mut Candidates) -> Vec<(Ranked, Turn)> {
        (0..candidates.len()).map(|n| candidates.turn(n)).collect()
    }

    /// The start and end points of a step, slide or leap that removes
    /// nothing: a turn the killers and the history know.
    fn quiet(turn: &Turn) -> Option<(u8, u8)> {
        match turn.kind() {
            Kind::Step | Kind::Leap if turn.captured() == 0 && turn.huff().is_none() => {
                Some((turn.from(), turn.to()?))
            }
            _ => None,
        }
    }

    /// What a turn removes, as ordering.rs weighs it: each captured piece
    /// one, a captured king three, a huff (or claim) one.
    fn weight_removed(position: &Position, turn: &Turn) -> u32 {
        let kings = position.kings(position.side_to_move().opposite());
        turn.captured().count_ones()
            + 2 * (turn.captured() & kings).count_ones()
            + u32::from(turn.huff().is_some())
    }

    /// The order ordering.rs promises for the legal turns of `position`:
    /// the table's move (by its index in the order of generation) first,
    /// then the turns that remove pieces, most first, then the others by
    /// `quiet_rank` (higher first), equal ones in the order of generation.
    fn promised_order(
        position: &Position,
        table_move: Option<usize>,
        quiet_rank: impl Fn(&Turn) -> (u8, i32),
    ) -> Vec<Turn> {
        let turns = position.legal_turns();
        let mut ranked: Vec<(usize, Turn)> = turns.iter().copied().enumerate().collect();
        // Stable: equal ranks keep the order of generation.
        ranked.sort_by_key(|(index, turn)| {
            let table = Some(*index) == table_move;
            let removes = turn.captured() != 0 || turn.huff().is_some();
            let removal = if removes {
                weight_removed(position, turn)
            } else {
                0
            };
            let quiet = if removes { (0, 0) } else { quiet_rank(turn) };
            std::cmp::Reverse((table, removes, removal, quiet))
        });
        ranked.into_iter().map(|(_, turn)| turn).collect()
    }

    /// Every legal turn of a node comes once, and each knows its place in
    /// the order of generation, by which the transposition table keeps
    /// the best turn (`Candidate::index`): asked for in order, the
    /// candidates are the position's legal turns, none twice, the index
    /// of each is where `legal_turns` lists it, and the keys never rise.
    /// One buffer serves every position, as one serves every node of a
    /// ply.
    #[test]
    fn every_turn_lists_each_legal_turn_once_with_its_index_in_the_order_of_generation() {
        let ordering = Ordering::new();
        let mut candidates = Candidates::default();
        for position in positions_of_every_ruleset(1) {
            let legal = position.legal_turns();
            candidates.every_turn(&position, &ordering, 0, None);
            let listed = in_search_order(&mut candidates);
            assert_eq!(listed.len(), legal.len(), "{position}");
            let distinct: HashSet<Turn> = listed.iter().map(|(_, turn)| *turn).collect();
            assert_eq!(distinct.len(), listed.len(), "a turn twice: {position}");
            let mut indices: Vec<u32> = listed.iter().map(|(ranked, _)| ranked.index).collect();
            indices.sort_unstable();
            assert!(
                indices.iter().copied().eq(0..legal.len() as u32),
                "{position}"
            );
            for (ranked, turn) in &listed {
                assert_eq!(legal[ranked.index as usize], *turn, "{position}");
            }
            for pair in listed.windows(2) {
                assert!(pair[0].0.key >= pair[1].0.key, "{position}");
            }
        }
    }

    /// With nothing learnt yet (no table's move, no killers, no
    /// history), the turns that remove pieces come first, those that
    /// remove most first (a king counting as three, a huff or claim as
    /// one: F4, P6), and then the others, each group in the order of
    /// generation.
    #[test]
    fn every_turn_puts_the_turns_that_remove_most_first() {
        let ordering = Ordering::new();
        let mut candidates = Candidates::default();
        let (mut removals, mut kings_captured, mut huffs) = (0, 0, 0);
        for position in positions_of_every_ruleset(2) {
            candidates.every_turn(&position, &ordering, 3, None);
            let listed: Vec<Turn> = in_search_order(&mut candidates)
                .into_iter()
                .map(|(_, turn)| turn)
                .collect();
            assert_eq!(
                listed,
                promised_order(&position, None, |_| (0, 0)),
                "{position}"
            );
            let them = position.kings(position.side_to_move().opposite());
            for turn in &listed {
                removals += usize::from(turn.captured() != 0 || turn.huff().is_some());
                kings_captured += usize::from(turn.captured() & them != 0);
                huffs += usize::from(turn.huff().is_some());
            }
        }
        // The positions hold all that is ordered.
        assert!(
            removals > 500 && kings_captured > 5 && huffs > 50,
            "{removals} {kings_captured} {huffs}"
        );
    }

    /// A captured king weighs as three men in both lists: in Permainan
    /// (M4, M5), White's capture of the king on e4 comes before a chain
    /// that takes two men, which is generated first.
    #[test]
    fn a_captured_king_weighs_as_three_men() {
        let permainan = Ruleset::find("permainan").expect("Permainan");
        let position = Position::parse(permainan, "W:Wa3,e3:Ba4,b5,Ke4").expect("a position");
        let text = |turns: Vec<(Ranked, Turn)>| -> Vec<String> {
            turns
                .into_iter()
                .map(|(_, turn)| turn.text(position.board()))
                .collect()
        };
        let legal: Vec<String> = position
            .legal_turns()
            .iter()
            .map(|turn| turn.text(position.board()))
            .collect();
        assert_eq!(legal, ["a3xa5xc5", "e3xe5"]);
        let mut candidates = Candidates::default();
        candidates.every_turn(&position, &Ordering::new(), 0, None);
        assert_eq!(
            text(in_search_order(&mut candidates)),
            ["e3xe5", "a3xa5xc5"]
        );
        candidates.captures(&position);
        assert_eq!(
            text(in_search_order(&mut candidates)),
            ["e3xe5", "a3xa5xc5"]
        );
    }

    /// The table's move, named by its index in the order of generation,
    /// comes first, whatever it is, and the others follow as they would
    /// without it; an index beyond the turns (a stale or colliding entry
    /// of the table) changes nothing.
    #[test]
    fn every_turn_puts_the_table_move_first() {
        let ordering = Ordering::new();
        let mut candidates = Candidates::default();
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
        for position in positions_of_every_ruleset(3) {
            let count = position.legal_turns().len();
            let table_move = rng.random_range(0..count);
            for table_move in [Some(table_move), Some(count), Some(count + 7)] {
                candidates.every_turn(&position, &ordering, 1, table_move);
                let listed: Vec<(Ranked, Turn)> = in_search_order(&mut candidates);
                let turns: Vec<Turn> = listed.iter().map(|(_, turn)| *turn).collect();
                let expected = promised_order(&position, table_move, |_| (0, 0));
                assert_eq!(turns, expected, "{position} {table_move:?}");
                if table_move < Some(count) {
                    assert_eq!(Some(listed[0].0.index as usize), table_move, "{position}");
                }
            }
        }
    }

    /// Quiet turns that refuted others come first among the quiet ones:
    /// the ply's first killer, then its second, then the rest by their
    /// history for the side to move (the squares of the depths of their
    /// cut-offs at any ply), in the order of generation where it is the
    /// same; all after the turns that remove pieces. A quiet turn's key
    /// reaches `SECOND_KILLER` only for a killer (or the table's move):
    /// the search reduces the others (late move reductions).
    #[test]
    fn every_turn_orders_quiet_turns_by_killers_then_history() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(4);
        let mut candidates = Candidates::default();
        let mut with_killers = 0;
        for position in positions_of_every_ruleset(4) {
            let side = position.side_to_move();
            let steps: Vec<(u8, u8)> = position.legal_turns().iter().filter_map(quiet).collect();
            if steps.len() < 2 {
                continue;
            }
            let ply = rng.random_range(0..8);
            let mut ordering = Ordering::new();
            // What the cut-offs teach, kept here: the killers of `ply`,
            // latest first, and the history of each side's steps.
            let mut killers: Vec<(u8, u8)> = Vec::new();
            let mut history: HashMap<(Side, u8, u8), i32> = HashMap::new();
            for _ in 0..rng.random_range(1..6) {
                let (from, to) = steps[rng.random_range(0..steps.len())];
                let (cut_side, cut_ply) = match rng.random_range(0..4) {
                    0 => (side.opposite(), ply),
                    1 => (side, ply + 1),
                    _ => (side, ply),
                };
                let depth = rng.random_range(1..9);
                ordering.cutoff(cut_side, from, to, cut_ply, depth);
                *history.entry((cut_side, from, to)).or_default() += (depth * depth) as i32;
                if cut_ply == ply && killers.first() != Some(&(from, to)) {
                    killers.insert(0, (from, to));
                }
            }
            killers.truncate(2);
            with_killers += usize::from(!killers.is_empty());
            let quiet_rank = |turn: &Turn| match quiet(turn) {
                Some(step) => {
                    let killer = match killers.iter().position(|&k| k == step) {
                        Some(0) => 2,
                        Some(_) => 1,
                        None => 0,
                    };
                    let (from, to) = step;
                    (killer, history.get(&(side, from, to)).copied().unwrap_or(0))
                }
                None => (0, 0),
            };
            candidates.every_turn(&position, &ordering, ply, None);
            let listed = in_search_order(&mut candidates);
            let turns: Vec<Turn> = listed.iter().map(|(_, turn)| *turn).collect();
            assert_eq!(
                turns,
                promised_order(&position, None, quiet_rank),
                "{position} ply {ply}: killers {killers:?}, history {history:?}"
            );
            for (ranked, turn) in &listed {
                if let Some(step) = quiet(turn) {
                    let killer = killers.contains(&step);
                    assert_eq!(ranked.key >= SECOND_KILLER, killer, "{position}");
                }
            }
        }
        assert!(with_killers > 300, "{with_killers}");
    }

    /// The quiescence search's turns are the captures that do not huff
    /// first (a huff is left to the evaluation), more pieces first, a
    /// king counting as three, equal ones in the order of generation; and
    /// it is told whether the side to move has a legal turn at all.
    #[test]
    fn captures_lists_the_captures_without_a_huff_most_first() {
        let mut candidates = Candidates::default();
        let mut with_captures = 0;
        for position in positions_of_every_ruleset(5) {
            let has_legal_turn = candidates.captures(&position);
            assert_eq!(
                has_legal_turn,
                !position.legal_turns().is_empty(),
                "{position}"
            );
            let listed: Vec<Turn> = in_search_order(&mut candidates)
                .into_iter()
                .map(|(_, turn)| turn)
                .collect();
            let mut expected: Vec<Turn> = position
                .legal_turns()
                .into_iter()
                .filter(|turn| turn.captured() != 0 && turn.huff().is_none())
                .collect();
            expected.sort_by_key(|turn| std::cmp::Reverse(weight_removed(&position, turn)));
            assert_eq!(listed, expected, "{position}");
            with_captures += usize::from(!listed.is_empty());
        }
        assert!(with_captures > 100, "{with_captures}");
    }

    /// Where captures are compulsory (A4, M5) the quiescence search may
    /// not stand pat while the side to move can capture: its turns are
    /// then every legal turn, the turns it must choose from.
    #[test]
    fn a4_m5_where_captures_are_compulsory_the_captures_are_every_legal_turn() {
        let mut candidates = Candidates::default();
        let mut forced = 0;
        for ruleset in Ruleset::all().filter(|ruleset| ruleset.compulsory) {
            for position in from_random_games(ruleset, 6, 200, 3) {
                candidates.captures(&position);
                let legal = position.legal_turns();
                let listed: HashSet<Turn> = in_search_order(&mut candidates)
                    .into_iter()
                    .map(|(_, turn)| turn)
                    .collect();
                let can_capture = legal.iter().any(|turn| turn.captured() != 0);
                if can_capture {
                    forced += 1;
                    assert_eq!(listed, legal.iter().copied().collect(), "{position}");
                } else {
                    assert!(listed.is_empty(), "{position}");
                }
            }
        }
        assert!(forced > 50, "{forced}");
    }
}
