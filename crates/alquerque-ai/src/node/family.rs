//! Family positions as search nodes: the position (which counts its quiet
//! turns for the sixty-turn rule, E4) and its hash.

use peralikatuma_rules::Side;
use peralikatuma_rules::family::{Game, Kind, Position, Turn};

use super::{Ended, Node};
use crate::candidates::FamilyCandidates;
use crate::eval::evaluate_family;
use crate::facts::Facts;
use crate::score::Score;
use crate::tuning::Tuning;

/// A family position as the search sees it.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct FamilyNode {
    /// The position.
    pub position: Position,
    /// The position's hash, kept.
    hash: u64,
}

impl FamilyNode {
    /// `position` as a node.
    pub fn new(position: Position) -> FamilyNode {
        FamilyNode {
            position,
            hash: position.zobrist(),
        }
    }
}

impl Node for FamilyNode {
    type Turn = Turn;
    type Candidates = FamilyCandidates;
    /// Captures are optional and seldom end on a crowded board: Zamma's
    /// 80 men can trade for twenty plies and more.
    const QUIESCENCE_DEPTH: u32 = 8;

    #[inline]
    fn side_to_move(&self) -> Side {
        self.position.side_to_move()
    }

    #[inline]
    fn zobrist(&self) -> u64 {
        self.hash
    }

    #[inline]
    fn quiet_turns(&self) -> u32 {
        self.position.quiet_turns()
    }

    fn play(&self, turn: &Turn) -> FamilyNode {
        FamilyNode::new(self.position.play_unchecked(turn))
    }

    fn legal_turns(&self) -> Vec<Turn> {
        self.position.legal_turns().into_iter().collect()
    }

    fn has_legal_turn(&self) -> bool {
        self.position.has_legal_turn()
    }

    fn judge(
        &self,
        has_legal_turn: impl FnOnce() -> bool,
        repetitions: impl FnOnce() -> usize,
    ) -> Option<Ended> {
        let ending = Game::judge(&self.position, has_legal_turn, repetitions)?;
        Some(ending.winner().map_or(Ended::Draw, Ended::Win))
    }

    fn captures_compulsory(&self) -> bool {
        self.position.ruleset().compulsory
    }

    #[inline]
    fn removes(turn: &Turn) -> bool {
        turn.removes()
    }

    #[inline]
    fn quiet_step(turn: &Turn) -> Option<(u8, u8)> {
        match turn.kind() {
            Kind::Step | Kind::Leap if !turn.removes() => Some((turn.from(), turn.to()?)),
            _ => None,
        }
    }

    fn evaluate(&self) -> Score {
        evaluate_family(&self.position)
    }

    fn pieces(&self) -> u32 {
        let p = &self.position;
        (p.pieces(Side::White) | p.pieces(Side::Black)).count_ones()
    }

    fn facts(&self, turn: &Turn) -> Facts {
        let after = self.position.play_unchecked(turn);
        let mover = self.position.side_to_move();
        Facts {
            captured: turn.captured().count_ones(),
            claims: turn.huff().is_some(),
            hangs: after.capturable(after.side_to_move()) != 0,
            forfeits: after.huffable() != 0,
            loses: after
                .outcome()
                .is_some_and(|outcome| outcome.winner().is_some_and(|winner| winner != mover)),
        }
    }

    fn tuning(&self) -> Tuning {
        let ruleset = self.position.ruleset();
        match ruleset.variant() {
            Some(variant) => Tuning::of(variant),
            None => Tuning::of_family(ruleset),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use peralikatuma_rules::family::RULESETS;
    use peralikatuma_rules::{Position as SeedPosition, Variant};
    use rand::rngs::Xoshiro256PlusPlus;
    use rand::{RngExt, SeedableRng};

    /// Regression: a family node always said captures were optional, so
    /// the quiescence search stood pat in a ruleset whose captures are
    /// compulsory (the rule book's games in the family's model, A4, M5).
    #[test]
    fn captures_are_compulsory_where_the_ruleset_says_so() {
        for variant in Variant::ALL {
            let node = FamilyNode::new(Position::start(variant.ruleset()));
            assert_eq!(
                node.captures_compulsory(),
                variant.captures_compulsory(),
                "{variant}"
            );
        }
        // Ludii's rulesets never make captures compulsory.
        for ruleset in &RULESETS {
            let node = FamilyNode::new(Position::start(ruleset));
            assert!(!node.captures_compulsory(), "{}", ruleset.id);
        }
    }

    /// A rule book's game as a family node tells the weak strengths what
    /// the seed games' node tells them: the same facts of every turn
    /// (captures, claims, pieces left to be jumped or claimed, P6, A4.1)
    /// and the same tuning, in random games of each.
    #[test]
    fn the_rule_books_games_tell_the_weak_strengths_what_the_seed_games_do() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(26);
        for variant in Variant::ALL {
            for _ in 0..20 {
                let mut seed = SeedPosition::start(variant);
                for _ in 0..150 {
                    let node = FamilyNode::new(Position::from(&seed));
                    assert_eq!(node.tuning(), seed.tuning(), "{variant}");
                    let turns = seed.legal_turns();
                    if turns.is_empty() {
                        break;
                    }
                    for turn in turns.iter() {
                        let ours = node.position.parse_turn(&turn.to_string()).expect("a turn");
                        assert_eq!(node.facts(&ours), seed.facts(turn), "{seed} {turn}");
                    }
                    seed = seed.play_unchecked(&turns[rng.random_range(0..turns.len())]);
                }
            }
        }
    }
}
