//! Building the proof file from a finished search: from the start, the
//! prover's first turn into a position where the goal is known to hold,
//! and every turn of the opponent. A position the search did not settle
//! (it was proved through a sibling, say) is searched on the spot; in an
//! ending the tablebases cover, their verdicts choose the turn.

use std::collections::HashSet;

use alquerque_proof::{Proof, StrategyError};
use peralikatuma_rules::{Game, Position};

use crate::key::key;
use crate::search::{Search, Worker};

/// Why no proof could be built.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum ExtractError {
    /// The proof cannot hold a position or turn.
    #[error(transparent)]
    Strategy(#[from] StrategyError),
    /// The goal does not hold at a position the proof must cover: at the
    /// start, or after a turn of the opponent.
    #[error("the goal does not hold at {0}")]
    Fails(Box<Position>),
    /// The search was stopped before a position was settled.
    #[error("stopped before the proof was complete")]
    Stopped,
}

/// The search's answer at a position, as wanted for the proof.
struct Wanted<'a> {
    search: &'a Search,
    /// `true` to prove the search's goal, `false` its opposite.
    holds: bool,
}

impl Wanted<'_> {
    /// Whether the proof's goal holds at `position`, if known now.
    fn known(&self, position: &Position) -> Option<bool> {
        self.search.settled(position).map(|met| met == self.holds)
    }

    /// The work it took to settle `position`, if the proof's goal is
    /// known to hold there.
    fn work_if_holds(&self, position: &Position) -> Option<u64> {
        let (met, work) = self.search.settled_with_work(position)?;
        (met == self.holds).then_some(work)
    }

    /// Whether the proof's goal holds at `position`, searching it if
    /// need be.
    fn holds(&self, worker: &mut Worker, position: &Position) -> Result<bool, ExtractError> {
        // A settled position returns at once, without a search.
        let met = self
            .search
            .run(worker, position)
            .ok_or(ExtractError::Stopped)?;
        Ok(met == self.holds)
    }
}

/// The proof that the search's goal holds at `start` (`holds`), or that
/// its opposite does (`!holds`).
pub(crate) fn extract(
    search: &Search,
    start: &Position,
    holds: bool,
) -> Result<Proof, ExtractError> {
    let mut worker = Worker {
        id: 0,
        nodes: 0,
        searched: 0,
    };
    let goal = if holds {
        search.goal
    } else {
        search.goal.opposite()
    };
    let wanted = Wanted { search, holds };
    let mut proof = Proof::new(goal, *start);
    if !wanted.holds(&mut worker, start)? {
        return Err(ExtractError::Fails(Box::new(*start)));
    }
    // The positions already in the proof, by key: as the search knows
    // them, and far smaller than the positions.
    let mut seen: HashSet<u64> = HashSet::new();
    let mut stack = vec![*start];
    while let Some(position) = stack.pop() {
        if !seen.insert(key(&position)) {
            continue;
        }
        if Game::judge(&position, || position.has_legal_turn(), || 1).is_some() {
            continue;
        }
        if position.side_to_move() == goal.side {
            // In an ending the tablebases choose: the quickest win.
            let turns = position.legal_turns();
            // A turn is the same text in the tables' model (N2).
            let mut chosen = search
                .tablebase
                .as_ref()
                .and_then(|tablebase| tablebase.best_turn(&position))
                .map(|(turn, _, _)| (turn, position.play_unchecked(&turn)))
                .filter(|(_, next)| wanted.known(next) == Some(true));
            if chosen.is_none() {
                // Keep the proof small: a position already in it, else the
                // one that took the least work to settle.
                chosen = turns
                    .iter()
                    .map(|turn| (*turn, position.play_unchecked(turn)))
                    .filter_map(|(turn, next)| Some((turn, next, wanted.work_if_holds(&next)?)))
                    .min_by_key(|(_, next, work)| (!seen.contains(&key(next)), *work))
                    .map(|(turn, next, _)| (turn, next));
            }
            if chosen.is_none() {
                for turn in turns.iter() {
                    let next = position.play_unchecked(turn);
                    if wanted.holds(&mut worker, &next)? {
                        chosen = Some((*turn, next));
                        break;
                    }
                }
            }
            let (turn, next) = chosen.ok_or_else(|| ExtractError::Fails(Box::new(position)))?;
            proof.strategy.insert(&position, &turn)?;
            stack.push(next);
        } else {
            for turn in position.legal_turns().iter() {
                let next = position.play_unchecked(turn);
                if !wanted.holds(&mut worker, &next)? {
                    return Err(ExtractError::Fails(Box::new(next)));
                }
                stack.push(next);
            }
        }
    }
    search.flush(&mut worker);
    Ok(proof)
}
