//! A position as the search sees it: what the search, the evaluation and
//! the weak strengths ask of a position beyond the rules crate's own API.
//! The rule book's games are probed in their endgame tables, which are
//! the seed model's, through the position in that model.

use alquerque_proof::Proof;
use alquerque_tablebase::{Tablebase, Value, Verdict};
use peralikatuma_rules::Side;
use peralikatuma_rules::family::{Game, Kind, Position, Turn};

use crate::eval::evaluate;
use crate::facts::Facts;
use crate::score::Score;
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
    /// How the rules end the game here, if they do, in the order of E5:
    /// the game's own end (given whether there is a legal turn), then
    /// `repetitions` (E2), then the quiet turns (E4).
    fn judge(
        &self,
        has_legal_turn: impl FnOnce() -> bool,
        repetitions: impl FnOnce() -> usize,
    ) -> Option<Ended>;
    /// Whether the side to move must capture when it can (A4, M5): the
    /// quiescence search may not stand pat then.
    fn captures_compulsory(&self) -> bool;
    /// The static evaluation for the side to move.
    fn evaluate(&self) -> Score;
    /// Pieces on the board.
    fn piece_count(&self) -> u32;
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

/// The position in the seed model, if `tablebase` covers it (its
/// game, its pieces).
fn in_tables(position: &Position, tablebase: &Tablebase) -> Option<peralikatuma_rules::Position> {
    let covered = position.ruleset().variant() == Some(tablebase.variant())
        && position.piece_count() as usize <= tablebase.pieces();
    let seed = covered.then(|| position.to_seed()).flatten()?;
    tablebase.covers(&seed).then_some(seed)
}

/// A turn of the seed model's position as a turn of `position`.
fn turn_of_seed(position: &Position, turn: &peralikatuma_rules::Turn) -> Option<Turn> {
    position.parse_turn(&turn.to_string()).ok()
}

impl Node for Position {
    fn judge(
        &self,
        has_legal_turn: impl FnOnce() -> bool,
        repetitions: impl FnOnce() -> usize,
    ) -> Option<Ended> {
        let ending = Game::judge(self, has_legal_turn, repetitions)?;
        Some(ending.winner().map_or(Ended::Draw, Ended::Win))
    }

    fn captures_compulsory(&self) -> bool {
        self.ruleset().compulsory
    }

    fn evaluate(&self) -> Score {
        evaluate(self)
    }

    fn piece_count(&self) -> u32 {
        (Position::pieces(self, Side::White) | Position::pieces(self, Side::Black)).count_ones()
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
        let ruleset = self.ruleset();
        match ruleset.variant() {
            Some(variant) => Tuning::of(variant),
            None => Tuning::of_family(ruleset),
        }
    }

    fn probe(&self, tablebase: &Tablebase) -> Option<(Verdict, Value)> {
        let probe = tablebase.probe(&in_tables(self, tablebase)?)?;
        Some((probe.verdict, probe.value))
    }

    fn best_in(&self, tablebase: &Tablebase) -> Option<(Turn, Verdict, Value)> {
        let (turn, verdict, value) = tablebase.best_turn(&in_tables(self, tablebase)?)?;
        Some((turn_of_seed(self, &turn)?, verdict, value))
    }

    fn proof_turn(&self, proof: &Proof) -> Option<Turn> {
        // A position of another game is in no proof of this one.
        (proof.goal.side == self.side_to_move())
            .then(|| proof.strategy.get(self))
            .flatten()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use peralikatuma_rules::family::{RULESETS, Ruleset};
    use peralikatuma_rules::{Position as SeedPosition, Variant};
    use rand::rngs::Xoshiro256PlusPlus;
    use rand::{RngExt, SeedableRng};

    /// Regression: a family position always said captures were optional, so
    /// the quiescence search stood pat in a ruleset whose captures are
    /// compulsory (the rule book's games in the family's model, A4, M5).
    #[test]
    fn captures_are_compulsory_where_the_ruleset_says_so() {
        for variant in Variant::ALL {
            let node = Position::start(variant.ruleset());
            assert_eq!(
                node.captures_compulsory(),
                variant.captures_compulsory(),
                "{variant}"
            );
        }
        // Ludii's rulesets never make captures compulsory.
        for ruleset in &RULESETS {
            let node = Position::start(ruleset);
            assert!(!node.captures_compulsory(), "{}", ruleset.id);
        }
    }

    /// The facts of a seed model's turn, as the seed model tells them:
    /// the reference for the one model's.
    fn seed_facts(position: &SeedPosition, turn: &peralikatuma_rules::Turn) -> Facts {
        let after = position.play_unchecked(turn);
        Facts {
            captured: position.captured(turn).count() as u32,
            claims: turn.claim().is_some(),
            hangs: !after.capturable(after.side_to_move()).is_empty(),
            forfeits: !after.claimable().is_empty(),
            loses: false,
        }
    }

    /// A rule book's game tells the weak strengths what the seed model
    /// tells of it: the same facts of every turn (captures, claims,
    /// pieces left to be jumped or claimed, P6, A4.1), in random games of
    /// each, and the rule book's tuning.
    #[test]
    fn the_rule_books_games_tell_the_weak_strengths_what_the_seed_model_does() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(26);
        for variant in Variant::ALL {
            for _ in 0..20 {
                let mut seed = SeedPosition::start(variant);
                for _ in 0..150 {
                    let node = Position::from(&seed);
                    assert_eq!(node.tuning(), Tuning::of(variant), "{variant}");
                    let turns = seed.legal_turns();
                    if turns.is_empty() {
                        break;
                    }
                    for turn in turns.iter() {
                        let ours = node.parse_turn(&turn.to_string()).expect("a turn");
                        assert_eq!(node.facts(&ours), seed_facts(&seed, turn), "{seed} {turn}");
                    }
                    seed = seed.play_unchecked(&turns[rng.random_range(0..turns.len())]);
                }
            }
        }
    }

    /// A rule book's game as a node reads the endgame tables as they read
    /// its position in the seed model: the same verdict and value of every
    /// position of up to two pieces set at random, and the same best turn.
    #[test]
    fn the_rule_books_games_read_the_tables_as_the_seed_games_do() {
        read_the_tables_as_the_seed_games_do(2);
    }

    /// The same with up to three pieces.
    #[test]
    #[cfg_attr(debug_assertions, ignore = "slow in debug builds: run with --release")]
    fn the_rule_books_games_read_three_piece_tables_as_the_seed_games_do() {
        read_the_tables_as_the_seed_games_do(3);
    }

    fn read_the_tables_as_the_seed_games_do(pieces: usize) {
        use peralikatuma_rules::{Bitboard, NoReturn, Setup};
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(28);
        for variant in Variant::ALL {
            let tablebase = Tablebase::build(variant, pieces, &|_| {}).expect("small tables");
            let points: Vec<_> = variant.board().points().iter().collect();
            let mut probed = 0;
            while probed < 300 {
                let mut setup = Setup {
                    variant,
                    side_to_move: [Side::White, Side::Black][rng.random_range(0..2)],
                    white: Bitboard::EMPTY,
                    black: Bitboard::EMPTY,
                    kings: Bitboard::EMPTY,
                    claimable: Bitboard::EMPTY,
                    no_return: NoReturn::default(),
                    quiet_turns: 0,
                };
                for i in 0..rng.random_range(2..=pieces) {
                    let point = points[rng.random_range(0..points.len())];
                    match i % 2 {
                        0 => setup.white.insert(point),
                        _ => setup.black.insert(point),
                    }
                    if variant == Variant::Permainan && rng.random_range(0..3) == 0 {
                        setup.kings.insert(point);
                    }
                }
                let Ok(seed) = SeedPosition::from_setup(setup) else {
                    continue;
                };
                let node = Position::from(&seed);
                assert_eq!(node.to_seed(), Some(seed), "{seed}");
                if !tablebase.covers(&seed) {
                    continue;
                }
                let Some(expected) = tablebase
                    .probe(&seed)
                    .map(|probe| (probe.verdict, probe.value))
                else {
                    continue;
                };
                probed += 1;
                assert_eq!(node.probe(&tablebase), Some(expected), "{seed}");
                let board = node.board();
                let ours = node
                    .best_in(&tablebase)
                    .map(|(turn, verdict, value)| (turn.text(board), verdict, value));
                let theirs = tablebase
                    .best_turn(&seed)
                    .map(|(turn, verdict, value)| (turn.to_string(), verdict, value));
                assert_eq!(ours, theirs, "{seed}");
            }
        }
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
            let mut position = Position::start(Variant::Alquerque.ruleset());
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
