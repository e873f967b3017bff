//! The seed games' candidates: a step or a chain, the chains' landing
//! points kept one after another, a [`Turn`] built only when played.

use std::ops::ControlFlow;

use peralikatuma_rules::{Moves, Point, Position, Turn};

use super::{Candidate, Ranked, TurnList, put_in_place};
use crate::ordering::{Ordering, TABLE_MOVE};

/// What a candidate needs to become a [`Turn`] again.
#[derive(Copy, Clone, Debug)]
enum Kind {
    /// A step, after a claim or not.
    Step {
        claim: Option<Point>,
        from: Point,
        to: Point,
    },
    /// A chain: its landing points are in [`SeedCandidates::landings`].
    Chain {
        claim: Option<Point>,
        from: Point,
        /// Where its landing points begin.
        start: u32,
        /// How many there are.
        len: u8,
    },
}

/// The turns of a seed game's node ([`TurnList`]).
#[derive(Default)]
pub struct SeedCandidates {
    list: Vec<Candidate<Kind>>,
    /// The landing points of the chains, one after another.
    landings: Vec<Point>,
}

impl TurnList<Position> for SeedCandidates {
    fn every_turn(
        &mut self,
        position: &Position,
        ordering: &Ordering,
        ply: usize,
        table_move: Option<usize>,
    ) {
        self.clear();
        let _ = position.generate(|moves| {
            match moves {
                Moves::Steps {
                    claim, from, to, ..
                } => {
                    for to in to {
                        let key = if table_move == Some(self.list.len()) {
                            TABLE_MOVE
                        } else if claim.is_some() {
                            Ordering::removal_key(1)
                        } else {
                            let side = position.side_to_move();
                            ordering.quiet_key(side, from.index() as u8, to.index() as u8, ply)
                        };
                        self.push(key, Kind::Step { claim, from, to });
                    }
                }
                Moves::Chain {
                    claim,
                    from,
                    landings,
                    captured,
                    ..
                } => {
                    let key = if table_move == Some(self.list.len()) {
                        TABLE_MOVE
                    } else {
                        let kings = (captured & position.kings()).count() as u32;
                        Ordering::removal_key(
                            captured.count() as u32 + u32::from(claim.is_some()) + 2 * kings,
                        )
                    };
                    self.push_chain(key, claim, from, landings);
                }
            }
            ControlFlow::<()>::Continue(())
        });
    }

    /// Steps are never expanded.
    fn captures(&mut self, position: &Position) -> bool {
        self.clear();
        let variant = position.variant();
        // Where captures are compulsory (A4, M5) the generator offers steps
        // only when there is no capture, so the first steps end the search
        // for captures.
        let compulsory = variant.captures_compulsory();
        let mut any = false;
        let _ = position.generate(|moves| {
            any = true;
            match moves {
                Moves::Steps { .. } if compulsory => ControlFlow::Break(()),
                Moves::Steps { .. } => ControlFlow::Continue(()),
                Moves::Chain {
                    claim,
                    from,
                    landings,
                    captured,
                    ..
                } => {
                    let kings = (captured & position.kings()).count() as u32;
                    let key = Ordering::capture_key(captured.count() as u32, kings);
                    self.push_chain(key, claim, from, landings);
                    ControlFlow::Continue(())
                }
            }
        });
        any
    }

    fn len(&self) -> usize {
        self.list.len()
    }

    fn turn(&mut self, n: usize, position: &Position) -> (Ranked, Turn) {
        put_in_place(&mut self.list, n);
        let candidate = self.list[n];
        let variant = position.variant();
        let (claim, turn) = match candidate.kind {
            Kind::Step { claim, from, to } => (claim, Turn::step(variant, from, to)),
            Kind::Chain {
                claim,
                from,
                start,
                len,
            } => {
                let landings = &self.landings[start as usize..][..usize::from(len)];
                match Turn::chain(variant, from, landings) {
                    Ok(chain) => (claim, chain),
                    Err(error) => unreachable!("a generated chain: {error}"),
                }
            }
        };
        (
            candidate.ranked(),
            claim.map_or(turn, |claimed| turn.with_claim(claimed)),
        )
    }
}

impl SeedCandidates {
    fn clear(&mut self) {
        self.list.clear();
        self.landings.clear();
    }

    fn push(&mut self, key: i32, kind: Kind) {
        let index = self.list.len() as u32;
        self.list.push(Candidate { key, index, kind });
    }

    fn push_chain(&mut self, key: i32, claim: Option<Point>, from: Point, landings: &[Point]) {
        let start = self.landings.len() as u32;
        self.landings.extend_from_slice(landings);
        let len = landings.len() as u8;
        let chain = Kind::Chain {
            claim,
            from,
            start,
            len,
        };
        self.push(key, chain);
    }
}

#[cfg(test)]
mod tests {
    use peralikatuma_rules::Variant;

    use super::*;

    /// Positions of every game along fixed lines of play from the starts
    /// and from some later positions, with claims, kings and captures.
    fn positions() -> Vec<Position> {
        let starts = [
            (Variant::Peralikatuma, Variant::Peralikatuma.start_text()),
            (Variant::Alquerque, Variant::Alquerque.start_text()),
            (Variant::Permainan, Variant::Permainan.start_text()),
            (
                Variant::Peralikatuma,
                "B:Wc1,e1,g1,d2,e2,f2,a3,c3,d3,f3,g3,c4,e4,f4,g4,a5,d5,e5,d6:Bi3,b4,h4,h5,i5,c6,f6,g6,h6,c7,d7,e7,f7,g7,i7,d8,e8,c9,e9,g9:Fa3,d6",
            ),
            (Variant::Alquerque, "W:Wc1,b2,e2,e5:Ba4,b4,d4:Rc1-b1,b2-c2"),
            (
                Variant::Permainan,
                "W:Wa1,c1,e1,b2,c2,d2,e4,d5,Ka9:Bb7,d8,e9",
            ),
        ];
        let mut all = Vec::new();
        for (seed, (variant, text)) in starts.into_iter().enumerate() {
            let Ok(mut position) = Position::parse(variant, text) else {
                panic!("a test position: {text}")
            };
            for ply in 0..40 {
                all.push(position);
                let turns = position.legal_turns();
                if turns.is_empty() {
                    break;
                }
                position = position.play_unchecked(&turns[(seed * 7 + ply * 13) % turns.len()]);
            }
        }
        all
    }

    /// The turns in search order, with their keys and indices.
    fn drain(candidates: &mut SeedCandidates, position: &Position) -> Vec<(Ranked, Turn)> {
        (0..candidates.len())
            .map(|n| candidates.turn(n, position))
            .collect()
    }

    fn in_search_order(order: &[(Ranked, Turn)]) -> bool {
        order.windows(2).all(|pair| {
            let (a, b) = (pair[0].0, pair[1].0);
            a.key > b.key || a.key == b.key && a.index < b.index
        })
    }

    #[test]
    fn every_turn_is_the_legal_turns_by_key_then_in_generation_order() {
        let ordering = Ordering::new();
        let mut candidates = SeedCandidates::default();
        let mut claims = 0;
        for position in positions() {
            let legal = position.legal_turns();
            for table_move in [None, Some(legal.len() / 2)] {
                candidates.every_turn(&position, &ordering, 3, table_move);
                let order = drain(&mut candidates, &position);
                assert_eq!(order.len(), legal.len(), "{position}");
                assert!(in_search_order(&order), "{position}");
                let mut seen = vec![false; legal.len()];
                for (candidate, turn) in &order {
                    let index = candidate.index as usize;
                    assert_eq!(*turn, legal[index], "{position}");
                    assert!(!std::mem::replace(&mut seen[index], true), "{position}");
                    claims += usize::from(turn.claim().is_some());
                }
                if let (Some(index), Some((first, _))) = (table_move, order.first()) {
                    assert_eq!(first.index as usize, index, "{position}");
                }
            }
        }
        assert!(claims > 0, "the positions have claims");
    }

    #[test]
    fn captures_are_the_capturing_legal_turns_and_say_whether_there_is_a_turn() {
        let mut candidates = SeedCandidates::default();
        let (mut with_captures, mut without) = (0, 0);
        for position in positions() {
            let legal = position.legal_turns();
            let any = candidates.captures(&position);
            assert_eq!(any, !legal.is_empty(), "{position}");
            let order = drain(&mut candidates, &position);
            assert!(in_search_order(&order), "{position}");
            let mut found: Vec<Turn> = order.iter().map(|&(_, turn)| turn).collect();
            let mut expected: Vec<Turn> = legal.iter().copied().filter(Turn::is_capture).collect();
            let by_text = |turn: &Turn| turn.to_string();
            found.sort_by_key(by_text);
            expected.sort_by_key(by_text);
            assert_eq!(found, expected, "{position}");
            if found.is_empty() {
                without += 1;
            } else {
                with_captures += 1;
            }
        }
        assert!(
            with_captures > 10 && without > 10,
            "{with_captures} {without}"
        );
    }
}
