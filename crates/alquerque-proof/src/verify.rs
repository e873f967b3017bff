//! The verifier: checks a proof with the rules crate alone.
//!
//! From the proof's start it visits every position the proof can reach:
//! where the prover is to move, the proof's turn, which must be legal;
//! where the opponent is to move, every legal turn. Each position is
//! visited once. A position where the game has ended (E1, F6, E4, in the
//! order of E5) must end it as the goal says.
//!
//! How a game's other ends are accounted for depends on whether its
//! positions can come back (E2):
//!
//! - **Alquerque**: a position cannot stand twice in one game. Men never
//!   step back (A2), and a piece that steps sideways may not step straight
//!   back (A5), so it keeps going one way along its rank until it steps
//!   forward; no sequence of turns brings every piece back where it stood.
//!   Positions are visited with their count of quiet turns, every line of
//!   the proof ends, and each end is judged as it stands.
//! - **Every other game**: positions may repeat, so they are visited
//!   without their count (the proof has one turn a position, whatever its
//!   count; a position's other marks, its claims, bars and passes, are
//!   kept).
//!   - *A side at least draws*: a line of play that comes back to a
//!     position is drawn by E2 if it goes on long enough, and one that runs
//!     sixty quiet turns by E4; both meet the goal. So it is enough that no
//!     position the proof reaches is a game the rules end (E1, F6) against
//!     the prover. Each is judged with the fewest quiet turns any line can
//!     bring to it, the count at which the sixty-turn rule helps the prover
//!     least: a draw that holds only because the rule stops the opponent's
//!     win is proved too.
//!   - *A side wins*: a line that came back to a position could be drawn
//!     by E2, so the positions the proof reaches must never lead back to
//!     one another: the verifier checks that they form no cycle. Every line
//!     then ends (E1, F6), and the most quiet turns any line can have run
//!     when it reaches a position is counted along every way there; the
//!     position is judged with that count, so a line the sixty-turn rule
//!     (E4) would draw is found.

use std::cmp::Reverse;
use std::collections::{BTreeMap, HashMap, HashSet};

use peralikatuma_rules::{Game, Position};
use peralikatuma_rules::{Outcome, Ruleset, Setup};

use crate::file::Proof;
use crate::packed::{MAX_POINTS, Packed};
use crate::strategy::keys_with_quiet_turns;

/// What a verified proof holds.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct Verified {
    /// Positions of the proof (each counted once), ends of games included.
    pub positions: u64,
    /// Positions of the proof where the game has ended.
    pub ends: u64,
    /// Moves of the proof's strategy used (the prover's positions).
    pub moves_used: u64,
}

/// Why a proof does not prove its goal.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum VerifyError {
    /// The game's board is too large for a proof.
    #[error("a proof's board has at most {MAX_POINTS} points, {ruleset}'s has {points}")]
    Board {
        /// The game's id.
        ruleset: &'static str,
        /// Its board's points.
        points: usize,
    },
    /// The proof's play can come back to a position, which could draw the
    /// game by repetition (E2) where the goal is a win.
    #[error(
        "the proof's play can come back to the position {0}: a repetition may draw (E2), and the goal is a win"
    )]
    Repetition(Box<Position>),
    /// The prover is to move and the proof has no move.
    #[error("the proof has no move for the position {0}")]
    MissingMove(Box<Position>),
    /// The proof's turn is not legal in its position.
    #[error("the proof's turn {turn} is not legal in the position {position}: {refusal}")]
    IllegalTurn {
        /// The position.
        position: Box<Position>,
        /// The proof's turn there (N2).
        turn: String,
        /// Why it is not legal (the rules crate's refusal).
        refusal: String,
    },
    /// A game of the proof ends otherwise than the goal says.
    #[error(
        "the game ends as {outcome:?} in the position {position}, which the goal does not allow"
    )]
    WrongEnd {
        /// The position.
        position: Box<Position>,
        /// How the game ended there.
        outcome: Outcome,
    },
}

/// Checks that `proof` proves its goal from its start position.
///
/// ```
/// use alquerque_proof::{verify, Goal, Proof, VerifyError};
/// use peralikatuma_rules::{Ruleset, Side};
/// use peralikatuma_rules::Position;
///
/// // White captures Black's last piece, whatever the opponent does.
/// let start = Position::parse(Ruleset::ALQUERQUE, "W:Wc2:Bc3")?;
/// let mut proof = Proof::new(Goal::win(Side::White), start);
/// assert!(matches!(verify(&proof), Err(VerifyError::MissingMove(_))));
/// proof.strategy.insert(&start, &start.parse_turn("c2xc4")?)?;
/// let verified = verify(&proof)?;
/// assert_eq!((verified.positions, verified.ends, verified.moves_used), (2, 1, 1));
///
/// // The same move does not prove that Black wins.
/// proof.goal = Goal::win(Side::Black);
/// assert!(verify(&proof).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn verify(proof: &Proof) -> Result<Verified, VerifyError> {
    let ruleset = proof.start.ruleset();
    if ruleset.board.len() > MAX_POINTS {
        return Err(VerifyError::Board {
            ruleset: ruleset.id,
            points: ruleset.board.len(),
        });
    }
    if keys_with_quiet_turns(ruleset) {
        verify_without_repetition(proof)
    } else if proof.goal.draw_is_enough {
        verify_draw(proof)
    } else {
        verify_win(proof)
    }
}

/// Alquerque, where no position repeats: positions with their counts.
fn verify_without_repetition(proof: &Proof) -> Result<Verified, VerifyError> {
    let mut verified = Verified::default();
    // Packed, the positions seen take a fifth of the memory. A position
    // that does not pack (a counter of quiet turns past 255: the start
    // alone, since E4 ends a game at 60) is visited without being kept.
    let mut seen: HashSet<Packed> = HashSet::new();
    let mut stack: Vec<Position> = vec![proof.start];
    while let Some(position) = stack.pop() {
        if let Ok(packed) = Packed::of(&position) {
            if !seen.insert(packed) {
                continue;
            }
        }
        verified.positions += 1;
        match step(proof, &position, &mut verified)? {
            Step::End => {}
            Step::Prover(next) => stack.push(next),
            Step::Opponent => stack.extend(
                position
                    .legal_turns()
                    .iter()
                    .map(|turn| position.play_unchecked(turn)),
            ),
        }
    }
    Ok(verified)
}

/// A game where positions may repeat, and a draw is enough: no position
/// the proof reaches may be lost for the prover, each judged with the
/// fewest quiet turns a line can bring to it (E4 only helps the prover).
///
/// Positions are visited by the pieces on the board, most first, then by
/// the quiet turns run, fewest first. A quiet turn keeps the pieces and
/// adds one turn; a removal leaves fewer pieces. So when a position is
/// first taken up, no line can bring it with fewer quiet turns, and it is
/// visited once, with that count.
fn verify_draw(proof: &Proof) -> Result<Verified, VerifyError> {
    let mut verified = Verified::default();
    let mut visited: HashSet<Packed> = HashSet::new();
    let mut waiting = Waiting::default();
    waiting.add(&proof.start);
    while let Some((packed, count)) = waiting.next() {
        if !visited.insert(packed) {
            continue;
        }
        let position = unpack(packed, proof, count);
        verified.positions += 1;
        match step(proof, &position, &mut verified)? {
            Step::End => {}
            Step::Prover(next) => waiting.add(&next),
            Step::Opponent => position
                .legal_turns()
                .iter()
                .for_each(|turn| waiting.add(&position.play_unchecked(turn))),
        }
    }
    Ok(verified)
}

/// Positions waiting to be visited, by their pieces (most first) and the
/// quiet turns run (fewest first).
#[derive(Default)]
struct Waiting {
    positions: BTreeMap<(Reverse<u32>, u32), Vec<Packed>>,
}

impl Waiting {
    /// Adds `position`, with its count of quiet turns.
    fn add(&mut self, position: &Position) {
        self.positions
            .entry((Reverse(position.piece_count()), position.quiet_turns()))
            .or_default()
            .push(key(position));
    }

    /// The next position, with its count of quiet turns.
    fn next(&mut self) -> Option<(Packed, u32)> {
        loop {
            let mut first = self.positions.first_entry()?;
            let count = first.key().1;
            match first.get_mut().pop() {
                Some(packed) => return Some((packed, count)),
                None => {
                    first.remove();
                }
            }
        }
    }
}

/// The position `packed` stands for, with `count` quiet turns run.
fn unpack(packed: Packed, proof: &Proof, count: u32) -> Position {
    packed
        .unpack_at(proof.start.ruleset(), count)
        .expect("a position packed unpacks in its own game")
}

/// A game where positions may repeat, and the prover must win: the
/// positions the proof reaches form no cycle, and each is judged with the
/// most quiet turns a line can bring to it.
fn verify_win(proof: &Proof) -> Result<Verified, VerifyError> {
    let mut verified = Verified::default();
    let mut graph = Graph::new(proof.start.ruleset());
    let start = graph.node(&at_count(&proof.start, 0));
    // Depth first, each position on `path` until all that follows it has
    // been visited; `finished` lists them as they leave it.
    let mut path: Vec<(u32, usize)> = vec![(start, 0)];
    let mut finished: Vec<u32> = Vec::new();
    graph.expand(start, proof, &mut verified)?;
    while let Some(&mut (node, ref mut next)) = path.last_mut() {
        let Some(&(child, _)) = graph.children(node).get(*next) else {
            graph.state[node as usize] = State::Finished;
            finished.push(node);
            path.pop();
            continue;
        };
        *next += 1;
        match graph.state[child as usize] {
            State::New => {
                graph.expand(child, proof, &mut verified)?;
                path.push((child, 0));
            }
            State::OnPath => {
                return Err(VerifyError::Repetition(Box::new(graph.position(child))));
            }
            State::Finished => {}
        }
    }
    // In an order where every position comes after all that lead to it,
    // the most quiet turns that can have run when a line reaches it.
    let mut most = vec![0u32; graph.nodes.len()];
    most[start as usize] = proof.start.quiet_turns();
    for &node in finished.iter().rev() {
        ended(proof, &at_count(&graph.position(node), most[node as usize]))?;
        for &(child, quiet) in graph.children(node) {
            let count = if quiet { most[node as usize] + 1 } else { 0 };
            most[child as usize] = most[child as usize].max(count);
        }
    }
    Ok(verified)
}

/// What follows a position of a proof.
enum Step {
    /// The game has ended there, as the goal says.
    End,
    /// The prover is to move, and its turn leads here.
    Prover(Position),
    /// The opponent is to move: every legal turn follows.
    Opponent,
}

/// Judges `position` (as its own count of quiet turns stands) and finds
/// what follows it, counting it in `verified`.
fn step(proof: &Proof, position: &Position, verified: &mut Verified) -> Result<Step, VerifyError> {
    if ended(proof, position)? {
        verified.ends += 1;
        Ok(Step::End)
    } else if position.side_to_move() == proof.goal.side {
        let turn = proof
            .strategy
            .get(position)
            .ok_or_else(|| VerifyError::MissingMove(Box::new(*position)))?;
        verified.moves_used += 1;
        let next = position
            .play(&turn)
            .map_err(|refusal| VerifyError::IllegalTurn {
                position: Box::new(*position),
                turn: turn.text(position.board()),
                refusal: refusal.to_string(),
            })?;
        Ok(Step::Prover(next))
    } else {
        Ok(Step::Opponent)
    }
}

/// Whether the game has ended at `position` (its count of quiet turns as
/// it stands), as the goal says; an error if otherwise.
fn ended(proof: &Proof, position: &Position) -> Result<bool, VerifyError> {
    match Game::judge(position, || position.has_legal_turn(), || 1) {
        Some(outcome) if !proof.goal.met_by(outcome) => Err(VerifyError::WrongEnd {
            position: Box::new(*position),
            outcome,
        }),
        outcome => Ok(outcome.is_some()),
    }
}

/// `position` with `count` quiet turns run (E4).
fn at_count(position: &Position, count: u32) -> Position {
    let setup = Setup {
        quiet_turns: count,
        ..position.setup()
    };
    Position::from_setup(&setup).expect("a position with another count of quiet turns is valid")
}

/// A position's key where positions may repeat: without its count.
fn key(position: &Position) -> Packed {
    Packed::without_counter(position).expect("the board was checked to fit")
}

/// Where a position stands in the depth-first visit of [`verify_win`].
#[derive(Copy, Clone, PartialEq, Eq)]
enum State {
    /// Not visited yet.
    New,
    /// On the line being followed: reaching it again closes a cycle.
    OnPath,
    /// It and all that follows it visited.
    Finished,
}

/// The positions a win proof reaches, each with the positions that
/// follow it and whether the turn there removed nothing (a quiet turn).
struct Graph {
    ruleset: &'static Ruleset,
    nodes: Vec<Packed>,
    ids: HashMap<Packed, u32>,
    state: Vec<State>,
    followers: Vec<Vec<(u32, bool)>>,
}

impl Graph {
    /// No positions yet.
    fn new(ruleset: &'static Ruleset) -> Graph {
        Graph {
            ruleset,
            nodes: Vec::new(),
            ids: HashMap::new(),
            state: Vec::new(),
            followers: Vec::new(),
        }
    }

    /// The number of `position` (at count 0), added if new.
    fn node(&mut self, position: &Position) -> u32 {
        let key = key(position);
        *self.ids.entry(key).or_insert_with(|| {
            self.nodes.push(key);
            self.state.push(State::New);
            self.followers.push(Vec::new());
            (self.nodes.len() - 1) as u32
        })
    }

    /// The position numbered `node`, at count 0.
    fn position(&self, node: u32) -> Position {
        self.nodes[node as usize]
            .unpack(self.ruleset)
            .expect("a position packed unpacks in its own game")
    }

    /// The positions that follow `node`'s, with whether each turn was quiet.
    fn children(&self, node: u32) -> &[(u32, bool)] {
        &self.followers[node as usize]
    }

    /// Visits `node`: judges it and lists what follows it.
    fn expand(
        &mut self,
        node: u32,
        proof: &Proof,
        verified: &mut Verified,
    ) -> Result<(), VerifyError> {
        let position = self.position(node);
        verified.positions += 1;
        self.state[node as usize] = State::OnPath;
        let next: Vec<Position> = match step(proof, &position, verified)? {
            Step::End => Vec::new(),
            Step::Prover(next) => vec![next],
            Step::Opponent => position
                .legal_turns()
                .iter()
                .map(|turn| position.play_unchecked(turn))
                .collect(),
        };
        let followers = next
            .iter()
            .map(|next| (self.node(next), next.quiet_turns() > 0))
            .collect();
        self.followers[node as usize] = followers;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Goal;
    use peralikatuma_rules::Side;

    /// Terhuchu (Small), where men step every way: Black's one man on `e5`
    /// is walled in and passes (F6), while White's man steps `a1-a2` and
    /// back. The three positions where White is to move, with its turn.
    fn shuffle() -> Result<Proof, Box<dyn std::error::Error>> {
        let terhuchu = Ruleset::find("terhuchu-small")?;
        let wall = "c3,c5,d4,d5,e3,e4";
        let start = Position::parse(terhuchu, &format!("W:Wa1,{wall}:Be5"))?;
        let mut proof = Proof::new(Goal::at_least_draw(Side::White), start);
        for (position, turn) in [
            (format!("W:Wa1,{wall}:Be5"), "a1-a2"),
            (format!("W:Wa2,{wall}:Be5:P1"), "a2-a1"),
            (format!("W:Wa1,{wall}:Be5:P1"), "a1-a2"),
        ] {
            let position = Position::parse(terhuchu, &position)?;
            proof
                .strategy
                .insert(&position, &position.parse_turn(turn)?)?;
        }
        Ok(proof)
    }

    #[test]
    fn e2_a_proof_that_comes_back_to_a_position_draws() -> Result<(), Box<dyn std::error::Error>> {
        let proof = shuffle()?;
        let verified = verify(&proof)?;
        // The start, the two positions after White's steps where Black
        // passes, and the two after Black's passes.
        assert_eq!(
            (verified.positions, verified.ends, verified.moves_used),
            (5, 0, 3)
        );
        // Fifty-nine quiet turns run: White's step is the sixtieth (E4).
        let mut late = proof.clone();
        late.start = Position::parse(proof.start.ruleset(), "W:Wa1,c3,c5,d4,d5,e3,e4:Be5:C59")?;
        let verified = verify(&late)?;
        assert_eq!(
            (verified.positions, verified.ends, verified.moves_used),
            (2, 1, 1)
        );
        Ok(())
    }

    #[test]
    fn e2_a_win_that_can_come_back_to_a_position_is_refused()
    -> Result<(), Box<dyn std::error::Error>> {
        let mut proof = shuffle()?;
        proof.goal = Goal::win(Side::White);
        match verify(&proof) {
            Err(VerifyError::Repetition(position)) => {
                assert_eq!(position.to_string(), "B:Wa2,c3,e3,d4,e4,c5,d5:Be5");
            }
            other => panic!("{other:?}"),
        }
        Ok(())
    }

    #[test]
    fn a_board_past_32_points_is_refused() {
        let peralikatuma = Position::start(Ruleset::PERALIKATUMA);
        let proof = Proof::new(Goal::win(Side::White), peralikatuma);
        assert!(matches!(
            verify(&proof),
            Err(VerifyError::Board { points: 49, .. })
        ));
    }
}
