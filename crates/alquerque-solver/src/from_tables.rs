//! Proofs read from endgame tables: where the tables cover a position of
//! any game, the prover's turns follow their values, and every answer of
//! the opponent is followed in turn. No search.
//!
//! The prover keeps the goal: to win, it plays the quickest win the tables
//! know (each quiet turn brings the next removal nearer, so its play never
//! comes back to a position); to draw, it plays the best turn the tables
//! know where it wins, and otherwise a turn that keeps the draw, chosen to
//! keep the proof small: a removal first (fewer pieces, fewer positions
//! after it), then a turn into a position the proof already holds.

use std::cmp::Reverse;
use std::collections::{BTreeMap, HashSet};

use alquerque_proof::{Goal, Proof, StrategyError};
use alquerque_tablebase::{Tablebase, Value, Verdict};
use peralikatuma_rules::{Game, Position, Setup, Turn};

/// Why the tables give no proof.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum FromTablesError {
    /// The tables are of another game, or have too few pieces for a
    /// position the proof reaches.
    #[error("the tables do not cover {0}")]
    NotCovered(Box<Position>),
    /// The goal does not hold at the start, by the tables.
    #[error("by the tables, the goal does not hold at {0}")]
    Fails(Box<Position>),
    /// The proof cannot hold a position or turn.
    #[error(transparent)]
    Strategy(#[from] StrategyError),
}

/// Builds the proof that `goal` holds at `start` from `tablebase`, which
/// must cover the start (every position after it has fewer pieces or as
/// many). The proof's turns follow the tables; [`alquerque_proof::verify`]
/// checks it with the rules alone. Its positions are kept without their
/// count of quiet turns where the game's positions may repeat (every game
/// but Alquerque, see [`Strategy::keys_with_quiet_turns`](alquerque_proof::Strategy::keys_with_quiet_turns)).
///
/// # Errors
/// [`FromTablesError::Fails`] if, by the tables, the goal does not hold
/// at the start; [`FromTablesError::NotCovered`] if the tables do not
/// cover a position the proof reaches.
///
/// ```
/// use alquerque_proof::verify;
/// use alquerque_solver::{proof_from_tables, Goal};
/// use alquerque_tablebase::Tablebase;
/// use peralikatuma_rules::{Position, Ruleset, Side};
///
/// let lau = Ruleset::find("lau-kata-kati")?;
/// let tables = Tablebase::build(lau, 3, &|_| {})?;
/// // Two men against one, White to move: White wins.
/// let start = Position::parse(lau, "W:Wa1,c3:Bg7")?;
/// let proof = proof_from_tables(&tables, start, Goal::win(Side::White))?;
/// let verified = verify(&proof)?;
/// assert!(verified.moves_used > 1);
/// // Black cannot even draw.
/// assert!(proof_from_tables(&tables, start, Goal::at_least_draw(Side::Black)).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn proof_from_tables(
    tablebase: &Tablebase,
    start: Position,
    goal: Goal,
) -> Result<Proof, FromTablesError> {
    let mut proof = Proof::new(goal, start);
    let holds = |position: &Position, verdict: Verdict| {
        let for_prover = match position.side_to_move() == goal.side {
            true => verdict,
            false => opposite(verdict),
        };
        for_prover == Verdict::Win || (goal.draw_is_enough && for_prover == Verdict::Draw)
    };
    let probe = tablebase
        .probe(&start)
        .ok_or_else(|| FromTablesError::NotCovered(Box::new(start)))?;
    if !holds(&start, probe.verdict) {
        return Err(FromTablesError::Fails(Box::new(start)));
    }
    if goal.draw_is_enough && !proof.strategy.keys_with_quiet_turns() {
        by_least_count(tablebase, &mut proof)?;
    } else {
        depth_first(tablebase, &mut proof)?;
    }
    Ok(proof)
}

/// Follows the proof depth first: Alquerque's positions, with their counts
/// of quiet turns, or a win, whose quiet lines the tables keep short.
fn depth_first(tablebase: &Tablebase, proof: &mut Proof) -> Result<(), FromTablesError> {
    let counts = proof.strategy.keys_with_quiet_turns();
    // The opponent's positions already followed (the prover's are in the
    // strategy).
    let mut followed: HashSet<Position> = HashSet::new();
    let mut stack = vec![proof.start];
    while let Some(position) = stack.pop() {
        if Game::judge(&position, || position.has_legal_turn(), || 1).is_some() {
            continue;
        }
        if position.side_to_move() == proof.goal.side {
            if proof.strategy.contains(&position) {
                continue;
            }
            let turn = choose(tablebase, &position, proof.goal, &followed, counts)?;
            proof.strategy.insert(&position, &turn)?;
            stack.push(key_of(position.play_unchecked(&turn), counts));
        } else if followed.insert(position) {
            for turn in position.legal_turns().iter() {
                stack.push(key_of(position.play_unchecked(turn), counts));
            }
        }
    }
    Ok(())
}

/// Follows a draw where positions may repeat as the verifier does: by the
/// pieces on the board, most first, then by the quiet turns run, fewest
/// first, so that each position is taken up once, with the fewest quiet
/// turns a line can bring to it, and its turn chosen for that count.
fn by_least_count(tablebase: &Tablebase, proof: &mut Proof) -> Result<(), FromTablesError> {
    let mut visited: HashSet<Position> = HashSet::new();
    let mut waiting: BTreeMap<(Reverse<u32>, u32), Vec<Position>> = BTreeMap::new();
    let add = |waiting: &mut BTreeMap<_, Vec<Position>>, position: Position| {
        waiting
            .entry((Reverse(position.piece_count()), position.quiet_turns()))
            .or_default()
            .push(position);
    };
    add(&mut waiting, proof.start);
    while let Some(mut first) = waiting.first_entry() {
        let Some(position) = first.get_mut().pop() else {
            first.remove();
            continue;
        };
        if !visited.insert(key_of(position, false))
            || Game::judge(&position, || position.has_legal_turn(), || 1).is_some()
        {
            continue;
        }
        if position.side_to_move() == proof.goal.side {
            let turn = choose(tablebase, &position, proof.goal, &visited, false)?;
            proof.strategy.insert(&position, &turn)?;
            add(&mut waiting, position.play_unchecked(&turn));
        } else {
            for turn in position.legal_turns().iter() {
                add(&mut waiting, position.play_unchecked(turn));
            }
        }
    }
    Ok(())
}

/// The prover's turn at `position`, by the tables, at the position's
/// count of quiet turns: the quickest win where it wins; where it draws, a
/// turn into a position that is a draw (or better) at every count, a
/// removal first, then a turn into a position already `followed`; a turn
/// that draws only at this count last.
fn choose(
    tablebase: &Tablebase,
    position: &Position,
    goal: Goal,
    followed: &HashSet<Position>,
    counts: bool,
) -> Result<Turn, FromTablesError> {
    let not_covered = || FromTablesError::NotCovered(Box::new(*position));
    // One probe a turn: the best turn (the surest verdict, then the
    // quickest win), and the turns that draw at every count.
    let turns = position.legal_turns();
    let mut best: Option<(Turn, Verdict, Value)> = None;
    let mut sure = Vec::new();
    for turn in turns.iter() {
        let (verdict, value) = tablebase
            .turn_value(position, turn)
            .ok_or_else(not_covered)?;
        if best.is_none_or(|(_, v, w)| (verdict, value) > (v, w)) {
            best = Some((*turn, verdict, value));
        }
        if value >= Value::Draw {
            sure.push(*turn);
        }
    }
    let (best, verdict, _) = best.ok_or_else(not_covered)?;
    match verdict {
        Verdict::Win => Ok(best),
        Verdict::Draw if goal.draw_is_enough => {
            let removal = sure.iter().find(|turn| turn.captured() != 0);
            let known = || {
                sure.iter()
                    .find(|turn| followed.contains(&key_of(position.play_unchecked(turn), counts)))
            };
            Ok(*removal.or_else(known).or(sure.first()).unwrap_or(&best))
        }
        _ => Err(FromTablesError::Fails(Box::new(*position))),
    }
}

/// The verdict for the other side.
fn opposite(verdict: Verdict) -> Verdict {
    match verdict {
        Verdict::Win => Verdict::Loss,
        Verdict::Draw => Verdict::Draw,
        Verdict::Loss => Verdict::Win,
    }
}

/// `position` as the proof keeps it: without its count of quiet turns
/// where the game's positions may repeat.
fn key_of(position: Position, counts: bool) -> Position {
    if counts {
        return position;
    }
    let setup = Setup {
        quiet_turns: 0,
        ..position.setup()
    };
    Position::from_setup(&setup).unwrap_or(position)
}

#[cfg(test)]
mod tests {
    use super::*;
    use alquerque_proof::verify;
    use peralikatuma_rules::{Ruleset, Side};

    /// The value of `position` for White by the tables, from proofs that
    /// the verifier accepts: White wins, Black wins, or both draw.
    fn proved_value(tables: &Tablebase, position: Position) -> Option<Verdict> {
        let proves = |goal: Goal| {
            proof_from_tables(tables, position, goal)
                .ok()
                .map(|proof| verify(&proof).map_err(|e| format!("{goal} at {position}: {e}")))
        };
        if let Some(verified) = proves(Goal::win(Side::White)) {
            verified.expect("a proof from the tables is verified");
            return Some(Verdict::Win);
        }
        if let Some(verified) = proves(Goal::win(Side::Black)) {
            verified.expect("a proof from the tables is verified");
            return Some(Verdict::Loss);
        }
        let white = proves(Goal::at_least_draw(Side::White))?;
        let black = proves(Goal::at_least_draw(Side::Black))?;
        white.expect("a proof from the tables is verified");
        black.expect("a proof from the tables is verified");
        Some(Verdict::Draw)
    }

    /// `count` positions of `ruleset` with two or three men, either side to
    /// move, each side with one at least, drawn from a fixed seed.
    fn random_positions(ruleset: &'static Ruleset, count: usize) -> Vec<Position> {
        use rand::{RngExt, SeedableRng};
        let mut rng = rand::rngs::Xoshiro256PlusPlus::seed_from_u64(28);
        let points = ruleset.board.len() as u32;
        let mut positions = Vec::new();
        while positions.len() < count {
            let mut men = [0u128; 2];
            let pieces = rng.random_range(2..=3);
            for piece in 0..pieces {
                let side = match piece {
                    0 => 0,
                    1 => 1,
                    _ => rng.random_range(0..2),
                };
                men[side] |= 1u128 << rng.random_range(0..points);
            }
            if men[0] & men[1] != 0 || (men[0] | men[1]).count_ones() != pieces {
                continue;
            }
            let side_to_move = match rng.random_bool(0.5) {
                true => Side::White,
                false => Side::Black,
            };
            let setup = Setup {
                side_to_move,
                men,
                ..Setup::empty(ruleset)
            };
            if let Ok(position) = Position::from_setup(&setup) {
                positions.push(position);
            }
        }
        positions
    }

    #[test]
    fn every_value_of_small_endings_is_proved() {
        // Every game whose board a proof can hold (at most 32 points):
        // Alquerque's, whose positions never repeat, and the family's on
        // the 5x5 board and the triangles, whose positions may.
        let rulesets: Vec<_> = Ruleset::all()
            .filter(|ruleset| ruleset.board.len() <= 32)
            .collect();
        assert_eq!(rulesets.len(), 9);
        let mut draws = 0;
        for ruleset in rulesets {
            let tables = Tablebase::build(ruleset, 3, &|_| {}).expect("small tables build");
            // Four positions of each value for White, where the first 300
            // random positions have them.
            let mut verdicts = [0; 3];
            for position in random_positions(ruleset, 300) {
                let by_tables = tables.probe(&position).expect("covered").verdict;
                let for_white = match position.side_to_move() {
                    Side::White => by_tables,
                    Side::Black => opposite(by_tables),
                };
                if verdicts[for_white as usize] == 4 {
                    continue;
                }
                let proved = proved_value(&tables, position);
                assert_eq!(proved, Some(for_white), "{} {position}", ruleset.id);
                verdicts[for_white as usize] += 1;
            }
            // Wins and losses were proved in every game, and draws in most
            // (Alquerque's three pieces are seldom drawn).
            let [wins, drawn, losses] = verdicts;
            assert!(wins > 0 && losses > 0, "{}: {verdicts:?}", ruleset.id);
            draws += usize::from(drawn > 0);
        }
        assert!(draws >= 6, "{draws}");
    }

    #[test]
    fn a_win_the_sixty_turn_rule_would_draw_is_refused() -> Result<(), Box<dyn std::error::Error>> {
        // E4: a win whose next removal is d turns away holds with 60 - d
        // quiet turns run, and not with one more.
        let lau = Ruleset::find("lau-kata-kati")?;
        let tables = Tablebase::build(lau, 3, &|_| {})?;
        let (position, d) = random_positions(lau, 400)
            .into_iter()
            .filter_map(|p| match tables.value(&p) {
                Some(alquerque_tablebase::Value::Win(d)) if d >= 5 => Some((p, d)),
                _ => None,
            })
            .next()
            .ok_or("a win of five turns or more")?;
        let winner = position.side_to_move();
        let mut proof = proof_from_tables(&tables, position, Goal::win(winner))?;
        verify(&proof)?;
        let at = |count: u32| {
            let setup = Setup {
                quiet_turns: count,
                ..position.setup()
            };
            Position::from_setup(&setup)
        };
        proof.start = at(60 - u32::from(d))?;
        verify(&proof)?;
        proof.start = at(61 - u32::from(d))?;
        match verify(&proof) {
            Err(alquerque_proof::VerifyError::WrongEnd { outcome, .. }) => assert_eq!(
                outcome,
                peralikatuma_rules::Outcome::Draw {
                    reason: peralikatuma_rules::DrawReason::SixtyTurns
                }
            ),
            other => panic!("{other:?} for {position} at {}", 61 - d),
        }
        Ok(())
    }

    #[test]
    fn a_draw_is_no_proof_of_a_win() -> Result<(), Box<dyn std::error::Error>> {
        let lau = Ruleset::find("lau-kata-kati")?;
        let tables = Tablebase::build(lau, 3, &|_| {})?;
        let mut refused = 0;
        for position in random_positions(lau, 60) {
            if tables.value(&position) != Some(alquerque_tablebase::Value::Draw) {
                continue;
            }
            for side in Side::ALL {
                let mut proof = proof_from_tables(&tables, position, Goal::at_least_draw(side))?;
                verify(&proof)?;
                proof.goal = Goal::win(side);
                assert!(verify(&proof).is_err(), "{position}");
                refused += 1;
            }
        }
        assert!(refused >= 20, "{refused}");
        Ok(())
    }

    #[test]
    fn a_draw_the_count_of_quiet_turns_gives_is_proved() -> Result<(), Box<dyn std::error::Error>> {
        // Found by review: a start drawn only by its count (E4), and one
        // already drawn by it.
        let lau = Ruleset::find("lau-kata-kati")?;
        let tables = Tablebase::build(lau, 3, &|_| {})?;
        for text in ["B:Wb2,d3:Bb6:C45", "B:Wd3,b6:Be3:C60"] {
            let start = Position::parse(lau, text)?;
            assert_eq!(tables.probe(&start).map(|p| p.verdict), Some(Verdict::Draw));
            for side in Side::ALL {
                let proof = proof_from_tables(&tables, start, Goal::at_least_draw(side))?;
                verify(&proof)?;
            }
        }
        Ok(())
    }
}
