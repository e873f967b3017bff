//! What the engine knows of a position: the endgame tables' and the
//! proof's verdicts (shared by the engine protocol's `verdict` and `go`
//! and the terminal's `analyse`), and the analysis `analyse` shows: the
//! evaluation and the best lines of a search to a fixed depth.

use std::sync::Arc;

use alquerque_ai::{Limits, Score, Searcher, Stop};
use alquerque_proof::{Goal, Proof};
use alquerque_tablebase::{Probe, Tablebase, Value, Verdict};
use peralikatuma_rules::{Game, Ruleset, Side};

/// The depth `analyse` searches to when none is given: quick in a release
/// build (one line to depth 8 from the starts of Peralikatuma, Zamma and
/// Sixteen Soldiers took 6 to 16 ms; three lines take about three times
/// the nodes).
pub const DEFAULT_DEPTH: u32 = 8;

/// The deepest `analyse` searches.
pub const MAX_DEPTH: u32 = 20;

/// How many best lines `analyse` shows.
pub const LINES: usize = 3;

/// The size of the transposition table of an analysis, MiB.
const TABLE_MB: usize = 16;

/// An evaluation far above every evaluation of the pieces: a win the
/// endgame tables know ([`Score::TABLEBASE_WIN`], less the distances).
const KNOWN_WIN: i32 = Score::TABLEBASE_WIN.0 / 2;

/// The endgame tables for `ruleset`: `given` if they are its tables,
/// otherwise those in the tables' directory.
pub fn tablebase_for(
    ruleset: &'static Ruleset,
    given: Option<Arc<Tablebase>>,
) -> Option<Arc<Tablebase>> {
    match given {
        Some(tablebase) if tablebase.ruleset() == ruleset => Some(tablebase),
        _ => crate::tablebases::for_ruleset(ruleset),
    }
}

/// The proof for `ruleset`: `given` if it is of that game, otherwise the
/// one in the proofs' directory, if it has been read (the first call
/// starts reading it).
pub fn solution_for(ruleset: &'static Ruleset, given: Option<Arc<Proof>>) -> Option<Arc<Proof>> {
    match given {
        Some(proof) if proof.start.ruleset() == ruleset => Some(proof),
        _ => crate::solutions::for_ruleset(ruleset),
    }
}

/// What the endgame tables and a proof say of a position.
#[derive(Clone, Copy, Debug, Default)]
pub struct Verdicts {
    /// The tables' probe, if they cover the position: for the side to
    /// move, the verdict at the position's counter of quiet turns.
    pub tables: Option<Probe>,
    /// The proof's goal, if the proof has a turn for the position.
    pub proof: Option<Goal>,
}

impl Verdicts {
    /// The verdicts on `game`'s position; none once the game is over.
    pub fn of(game: &Game, tablebase: Option<&Tablebase>, proof: Option<&Proof>) -> Verdicts {
        if game.ending().is_some() {
            return Verdicts::default();
        }
        let position = game.position();
        let tables = tablebase
            .filter(|tablebase| tablebase.covers(position))
            .and_then(|tablebase| tablebase.probe(position));
        let proof = proof
            .filter(|proof| proof.turn_for(position).is_some())
            .map(|proof| proof.goal);
        Verdicts { tables, proof }
    }

    /// The engine protocol's `info verdict` lines: `info verdict tables
    /// VERDICT value VALUE`, `info verdict proof GOAL`.
    pub fn protocol_lines(&self) -> Vec<String> {
        let tables = self.tables.map(|probe| {
            format!(
                "info verdict tables {} value {}",
                probe.verdict, probe.value
            )
        });
        let proof = self.proof.map(|goal| format!("info verdict proof {goal}"));
        tables.into_iter().chain(proof).collect()
    }

    /// The verdicts in words for a person, the sides named, with `mover`
    /// to move: `Endgame tables: White wins (win in 13 turns to the next
    /// removal)`, `Proof: White wins (proved)`.
    pub fn sentences(&self, mover: Side) -> Vec<String> {
        let tables = self.tables.map(|probe| {
            let result = match probe.verdict {
                Verdict::Win => format!("{mover} wins"),
                Verdict::Loss => format!("{} wins", mover.opposite()),
                Verdict::Draw => "a draw".to_owned(),
            };
            let distance = match probe.value {
                Value::Win(1) | Value::Loss(1) => " turn to the next removal",
                Value::Win(_) | Value::Loss(2..) => " turns to the next removal",
                Value::Draw | Value::Loss(0) => "",
            };
            format!(
                "Endgame tables: {result} ({mover} to move: {}{distance})",
                probe.value
            )
        });
        let proof = self.proof.map(|goal| format!("Proof: {goal} (proved)"));
        tables.into_iter().chain(proof).collect()
    }
}

/// One of the best lines of an analysis.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct AnalysedLine {
    /// What the line is worth, in words ([`score_in_words`]).
    pub evaluation: String,
    /// Its turns, in the game's notation (N2).
    pub turns: Vec<String>,
}

/// What `analyse` shows of a position still in play.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Analysis {
    /// The side to move.
    pub mover: Side,
    /// The depth the search reached.
    pub depth: u32,
    /// The position's evaluation, in words ([`score_in_words`]).
    pub evaluation: String,
    /// The best lines, best first: [`LINES`], or fewer when the position
    /// has fewer legal turns or the tables or a proof answer it.
    pub lines: Vec<AnalysedLine>,
    /// The tables' and the proof's verdicts, in words
    /// ([`Verdicts::sentences`]).
    pub verdicts: Vec<String>,
}

impl Analysis {
    /// Analyses `game`'s position, a game still in play, to `depth` with a
    /// fresh searcher (the same position and tables always give the same
    /// analysis), the search using `tablebase`; `proof` gives only its
    /// verdict: a search the proof answers would show one line, and a
    /// proof is read in the background, so that the lines would change
    /// once it is read. The game is not changed.
    pub fn of(
        game: &Game,
        depth: u32,
        tablebase: Option<Arc<Tablebase>>,
        proof: Option<Arc<Proof>>,
    ) -> Analysis {
        Analysis::run(game, depth, tablebase, proof, Stop::new()).0
    }

    /// As [`Analysis::of`], stopped early by `stop` (from another
    /// thread): `None` if it was.
    pub fn stoppable(
        game: &Game,
        depth: u32,
        tablebase: Option<Arc<Tablebase>>,
        proof: Option<Arc<Proof>>,
        stop: Stop,
    ) -> Option<Analysis> {
        let (analysis, stopped) = Analysis::run(game, depth, tablebase, proof, stop);
        (!stopped).then_some(analysis)
    }

    /// The analysis, and whether `stop` cut it short.
    fn run(
        game: &Game,
        depth: u32,
        tablebase: Option<Arc<Tablebase>>,
        proof: Option<Arc<Proof>>,
        stop: Stop,
    ) -> (Analysis, bool) {
        let mover = game.side_to_move();
        let verdicts = Verdicts::of(game, tablebase.as_deref(), proof.as_deref()).sentences(mover);
        let mut searcher = Searcher::new(TABLE_MB);
        searcher.lines = LINES;
        searcher.set_tablebase(tablebase);
        searcher.share_stop(stop.clone());
        let result = searcher.search(game, Limits::depth(depth), |_| {});
        let board = game.start().board();
        let lines = result
            .lines
            .iter()
            .map(|line| AnalysedLine {
                evaluation: score_in_words(line.score, mover),
                turns: line.pv.iter().map(|turn| turn.text(board)).collect(),
            })
            .collect();
        let analysis = Analysis {
            mover,
            depth: result.depth,
            evaluation: score_in_words(result.score, mover),
            lines,
            verdicts,
        };
        (analysis, stop.is_stopped())
    }

    /// The analysis as lines of text, as the line mode prints it.
    pub fn text_lines(&self) -> Vec<String> {
        let mut text = vec![format!(
            "Analysis at depth {}, {} to move: {}",
            self.depth, self.mover, self.evaluation
        )];
        text.extend(self.lines.iter().enumerate().map(|(k, line)| {
            format!(
                "  {}. {}  ({})",
                k + 1,
                line.turns.join(" "),
                line.evaluation
            )
        }));
        text.extend(self.verdicts.iter().cloned());
        text
    }
}

/// A search score for `mover`, the side to move, in words for a person:
/// `White is ahead by 0.35 pieces`, `level`, `Black wins in 5 turns`, or
/// `White wins (endgame tables)`.
pub fn score_in_words(score: Score, mover: Side) -> String {
    let (leader, points) = if score.0 >= 0 {
        (mover, score.0)
    } else {
        (mover.opposite(), -score.0)
    };
    match score.plies_to_end() {
        Some(plies) => format!(
            "{leader} wins in {}",
            crate::plural(plies.unsigned_abs() as usize, "turn")
        ),
        None if points >= KNOWN_WIN => format!("{leader} wins (endgame tables)"),
        None if points == 0 => "level".to_owned(),
        None => format!(
            "{leader} is ahead by {}.{:02} pieces",
            points / 100,
            points % 100
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_are_said_in_pieces_or_as_wins_for_the_side_named() {
        assert_eq!(
            score_in_words(Score(35), Side::White),
            "White is ahead by 0.35 pieces"
        );
        assert_eq!(
            score_in_words(Score(-250), Side::White),
            "Black is ahead by 2.50 pieces"
        );
        assert_eq!(score_in_words(Score(0), Side::Black), "level");
        assert_eq!(
            score_in_words(Score::win_in(5), Side::Black),
            "Black wins in 5 turns"
        );
        assert_eq!(
            score_in_words(Score::loss_in(1), Side::Black),
            "White wins in 1 turn"
        );
        assert_eq!(
            score_in_words(-Score::tablebase_win(3, 7), Side::White),
            "Black wins (endgame tables)"
        );
    }

    #[test]
    fn the_tables_distance_is_said_in_turns_one_turn_in_the_singular() {
        let said = |value, verdict| {
            let verdicts = Verdicts {
                tables: Some(Probe { value, verdict }),
                proof: None,
            };
            verdicts.sentences(Side::White).join(" ")
        };
        assert_eq!(
            said(Value::Loss(1), Verdict::Loss),
            "Endgame tables: Black wins (White to move: loss in 1 turn to the next removal)"
        );
        assert_eq!(
            said(Value::Win(13), Verdict::Win),
            "Endgame tables: White wins (White to move: win in 13 turns to the next removal)"
        );
    }
}
