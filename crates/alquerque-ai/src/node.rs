//! A position as the search sees it: what the search, the evaluation and
//! the weak strengths ask of a position beyond the rules crate's own API,
//! the endgame tables' and the proofs' answers among them.

use alquerque_proof::Proof;
use alquerque_tablebase::{Tablebase, Value, Verdict};
use peralikatuma_rules::Side;
use peralikatuma_rules::{DrawRules, Kind, Position, Turn};

use crate::facts::Facts;
use crate::tuning::Tuning;

/// How the rules end a game at a node.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Ended {
    /// This side has won.
    Win(Side),
    /// A draw.
    Draw,
}

/// What the search asks of a position beyond the rules crate's own API.
pub trait Node {
    /// How the rules end the game here, `turns` turns after its start, if
    /// they do: the game's own end (given whether there is a legal turn),
    /// then the draws of `rules` (the project's, in the order of E5:
    /// `repetitions` (E2), then the quiet turns (E4)).
    fn judge(
        &self,
        rules: DrawRules,
        turns: usize,
        has_legal_turn: impl FnOnce() -> bool,
        repetitions: impl FnOnce() -> usize,
    ) -> Option<Ended>;
    /// Whether the side to move must capture when it can (A4, M5): the
    /// quiescence search may not stand pat then.
    fn captures_compulsory(&self) -> bool;
    /// What `turn` does at a glance, for the weak strengths.
    fn facts(&self, turn: &Turn) -> Facts;
    /// How the weak strengths play this game.
    fn tuning(&self) -> Tuning;
    /// The value of the node in `tablebase`, if it covers it.
    fn probe(&self, tablebase: &Tablebase) -> Option<(Verdict, Value)>;
    /// The best turn of the node by `tablebase`, with its verdict and
    /// value, if it covers it.
    fn best_in(&self, tablebase: &Tablebase) -> Option<(Turn, Verdict, Value)>;
    /// The proof's turn for the node, if the proof covers it and its
    /// prover is to move.
    fn proof_turn(&self, proof: &Proof) -> Option<Turn>;
}

/// The start and end points of `turn` if it is a quiet step (for killers
/// and history).
#[inline]
pub(crate) fn quiet_step(turn: &Turn) -> Option<(u8, u8)> {
    match turn.kind() {
        Kind::Step | Kind::Leap if !turn.removes() => Some((turn.from(), turn.to()?)),
        _ => None,
    }
}

impl Node for Position {
    fn judge(
        &self,
        rules: DrawRules,
        turns: usize,
        has_legal_turn: impl FnOnce() -> bool,
        repetitions: impl FnOnce() -> usize,
    ) -> Option<Ended> {
        let ending = rules.judge(self, turns, has_legal_turn, repetitions)?;
        Some(ending.winner().map_or(Ended::Draw, Ended::Win))
    }

    fn captures_compulsory(&self) -> bool {
        self.ruleset().compulsory
    }

    fn facts(&self, turn: &Turn) -> Facts {
        let after = self.play_unchecked(turn);
        let mover = self.side_to_move();
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
        Tuning::of(self.ruleset())
    }

    fn probe(&self, tablebase: &Tablebase) -> Option<(Verdict, Value)> {
        let probe = tablebase.covers(self).then(|| tablebase.probe(self))??;
        Some((probe.verdict, probe.value))
    }

    fn best_in(&self, tablebase: &Tablebase) -> Option<(Turn, Verdict, Value)> {
        tablebase.covers(self).then(|| tablebase.best_turn(self))?
    }

    fn proof_turn(&self, proof: &Proof) -> Option<Turn> {
        proof.turn_for(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use peralikatuma_rules::{RULESETS, Ruleset};
    use rand::rngs::Xoshiro256PlusPlus;
    use rand::{RngExt, SeedableRng};

    /// Regression: a family position always said captures were optional, so
    /// the quiescence search stood pat in a ruleset whose captures are
    /// compulsory (the rule book's games in the family's model, A4, M5).
    #[test]
    fn captures_are_compulsory_where_the_ruleset_says_so() {
        for variant in Ruleset::RULE_BOOK {
            let node = Position::start(variant);
            assert_eq!(node.captures_compulsory(), variant.compulsory, "{variant}");
        }
        // Ludii's rulesets never make captures compulsory.
        for ruleset in &RULESETS {
            let node = Position::start(ruleset);
            assert!(!node.captures_compulsory(), "{}", ruleset.id);
        }
    }

    /// The facts of a turn as its position and the legal turns after it
    /// tell them: the reference for [`Node::facts`].
    fn facts_from_the_turns_after(position: &Position, turn: &Turn) -> Facts {
        let after = position.play_unchecked(turn);
        let opponent = !position.side_to_move();
        let taken = position.pieces(opponent).count_ones() - after.pieces(opponent).count_ones();
        let claims = turn.huff().is_some();
        let replies = after.legal_turns();
        Facts {
            captured: taken - u32::from(claims),
            claims,
            // A jump the opponent could make at once, not one that a claim
            // opens.
            hangs: replies
                .iter()
                .any(|reply| reply.huff().is_none() && reply.captured() != 0),
            forfeits: replies.iter().any(|reply| reply.huff().is_some()),
            loses: false,
        }
    }

    /// A rule book's game tells the weak strengths what its turns do: the
    /// pieces captured and claimed, and whether the opponent can then jump
    /// or claim one of the mover's pieces (P6, A4.1), as the legal turns
    /// after it show, in random games of each; and the rule book's tuning.
    #[test]
    fn the_rule_books_games_tell_the_weak_strengths_what_their_turns_do() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(26);
        for variant in Ruleset::RULE_BOOK {
            for _ in 0..20 {
                let mut node = Position::start(variant);
                for _ in 0..150 {
                    assert_eq!(node.tuning(), Tuning::of(variant), "{variant}");
                    let turns = node.legal_turns();
                    if turns.is_empty() {
                        break;
                    }
                    for turn in turns.iter() {
                        assert_eq!(
                            node.facts(turn),
                            facts_from_the_turns_after(&node, turn),
                            "{node} {}",
                            turn.text(node.board())
                        );
                    }
                    node = node.play_unchecked(&turns[rng.random_range(0..turns.len())]);
                }
            }
        }
    }

    /// A node reads the endgame tables of its own game only, up to their
    /// pieces: Peralikatuma's two men against one (R, P) are covered by its
    /// three-piece tables, and not by its two-piece ones nor by Alquerque's.
    #[test]
    fn a_node_reads_the_tables_of_its_game_and_pieces() {
        let peralikatuma = Ruleset::PERALIKATUMA;
        let node = Position::parse(peralikatuma, "W:Wd2,a3:Bi3").expect("a position");
        let three = Tablebase::build(peralikatuma, 3, &|_| {}).expect("small tables");
        let probe = three.probe(&node).expect("covered");
        assert_eq!(node.probe(&three), Some((probe.verdict, probe.value)));
        let (turn, verdict, _) = node.best_in(&three).expect("a turn");
        assert_eq!(verdict, probe.verdict);
        assert!(node.legal_turns().contains(&turn));
        let two = Tablebase::build(peralikatuma, 2, &|_| {}).expect("small tables");
        assert_eq!(node.probe(&two), None);
        assert_eq!(node.best_in(&two), None);
        let alquerque = Tablebase::build(Ruleset::ALQUERQUE, 3, &|_| {}).expect("tables");
        assert_eq!(node.probe(&alquerque), None);
    }

    /// A node reads the proof that White wins Alquerque: the proof's turn
    /// at every position of random lines through it where White is to
    /// move (White by the proof, Black at random), none where Black is,
    /// and none in another game.
    #[test]
    #[cfg_attr(
        debug_assertions,
        ignore = "reads the 12 MB proof: run in release (CI does)"
    )]
    fn a_node_reads_the_proof_of_its_game() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../proofs/alquerque/white-wins.proof.gz");
        let proof = Proof::load(&path).expect("the proof");
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(29);
        let mut proved = 0;
        for _ in 0..40 {
            let mut position = Position::start(Ruleset::ALQUERQUE);
            for _ in 0..30 {
                if position.outcome().is_some() {
                    break;
                }
                let turn = node_turn(&position, &proof);
                let expected = (position.side_to_move() == proof.goal.side)
                    .then(|| proof.strategy.get(&position))
                    .flatten();
                assert_eq!(turn, expected, "{position}");
                if position.side_to_move() == proof.goal.side {
                    assert!(turn.is_some(), "White left the proof at {position}");
                }
                proved += usize::from(turn.is_some());
                let turn = turn.unwrap_or_else(|| {
                    let turns = position.legal_turns();
                    turns[rng.random_range(0..turns.len())]
                });
                position = position.play_unchecked(&turn);
            }
        }
        assert!(proved > 100, "{proved} positions of the proof");
        let murray = Position::start(Ruleset::find("alquerque-murray").expect("a ruleset"));
        assert_eq!(node_turn(&murray, &proof), None);
    }

    /// The proof's turn for `position` as a node reads it.
    fn node_turn(position: &Position, proof: &Proof) -> Option<Turn> {
        Node::proof_turn(position, proof)
    }
}
