//! The proof file: a header, then the prover's move in every position of
//! the proof where it is to move. Plain text, one position a line, gzip
//! compressed.
//!
//! ```text
//! alquerque-proof 1
//! rules 1
//! variant alquerque
//! goal white-wins
//! start W:Wa1,b1,...:Ba3,...
//! moves 2
//! W:Wb2,d2:Bc4<TAB>b2-b3
//! ...
//! ```
//!
//! Each move line is a position's text (N3, with its no-return marks and
//! its counter of quiet turns; in the family's games F9's, with the pieces
//! to huff and the passes just played, and no counter, since there one
//! turn serves a position at every count) and the prover's turn (N2, F9),
//! joined by a tab (shown as `<TAB>`).

use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, Write};
use std::path::Path;

use flate2::Compression;
use flate2::read::GzDecoder;
use flate2::write::GzEncoder;
use peralikatuma_rules::RULES_VERSION;
use peralikatuma_rules::{Position, Ruleset, Turn};

use crate::error::ProofError;
use crate::goal::Goal;
use crate::strategy::Strategy;

/// The first line of every proof file, with the format's version.
const MAGIC: &str = "alquerque-proof 1";

/// A claimed proof that `goal` holds in `start`: the prover's turn in
/// every position where it is to move. Nothing about it is trusted until
/// [`verify`](crate::verify) has checked it.
///
/// ```
/// use alquerque_proof::{Goal, Proof};
/// use peralikatuma_rules::{Ruleset, Side};
/// use peralikatuma_rules::Position;
///
/// // White captures Black's last piece.
/// let start = Position::parse(Ruleset::ALQUERQUE, "W:Wc2:Bc3")?;
/// let mut proof = Proof::new(Goal::win(Side::White), start);
/// proof.strategy.insert(&start, &start.parse_turn("c2xc4")?)?;
///
/// let mut text = Vec::new();
/// proof.write(&mut text)?;
/// let read = Proof::read(text.as_slice())?;
/// assert_eq!(read.strategy.len(), 1);
/// assert_eq!(read.start, start);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Proof {
    /// What is proved.
    pub goal: Goal,
    /// Where the proof starts.
    pub start: Position,
    /// The prover's turn in each position of the proof where it is to
    /// move: positions of the start's game.
    pub strategy: Strategy,
}

impl Proof {
    /// A proof with no moves yet.
    pub fn new(goal: Goal, start: Position) -> Proof {
        Proof {
            goal,
            start,
            strategy: Strategy::new(start.ruleset()),
        }
    }

    /// The prover's turn in `position`, if the proof has one there:
    /// `None` when the other side is to move or the position is not in
    /// the proof (or is of another game).
    ///
    /// ```
    /// use alquerque_proof::{Goal, Proof};
    /// use peralikatuma_rules::{Position, Ruleset, Side};
    ///
    /// let start = Position::parse(Ruleset::ALQUERQUE, "W:Wc1:Ba5,e5")?;
    /// let mut proof = Proof::new(Goal::win(Side::White), start);
    /// let turn = start.parse_turn("c1-c2")?;
    /// proof.strategy.insert(&start, &turn)?;
    /// assert_eq!(proof.turn_for(&start), Some(turn));
    /// assert_eq!(proof.turn_for(&start.with_side_to_move(Side::Black)), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn turn_for(&self, position: &Position) -> Option<Turn> {
        if position.side_to_move() != self.goal.side {
            return None;
        }
        self.strategy.get(position)
    }

    /// Writes the proof as text (uncompressed), its moves sorted by their
    /// position's text so that the same proof always gives the same file.
    pub fn write(&self, mut out: impl Write) -> io::Result<()> {
        writeln!(out, "{MAGIC}")?;
        writeln!(out, "rules {RULES_VERSION}")?;
        writeln!(out, "variant {}", self.start.ruleset().id)?;
        writeln!(out, "goal {}", self.goal.id())?;
        writeln!(out, "start {}", self.start)?;
        writeln!(out, "moves {}", self.strategy.len())?;
        let mut lines: Vec<String> = self
            .strategy
            .iter()
            .map(|(position, turn)| format!("{position}\t{}", turn.text(position.board())))
            .collect();
        lines.sort_unstable();
        for line in lines {
            writeln!(out, "{line}")?;
        }
        Ok(())
    }

    /// Reads a proof written by [`Proof::write`]. Every position and turn
    /// is checked as it is read: the positions must be valid and each
    /// turn legal in its position.
    pub fn read(input: impl BufRead) -> Result<Proof, ProofError> {
        let mut lines = input.lines().enumerate().map(|(i, line)| (i + 1, line));
        let mut header = |key: &str| -> Result<(usize, String), ProofError> {
            let (number, line) = lines.next().ok_or(ProofError::Truncated)?;
            let line = line?;
            let value = if key == MAGIC {
                (line == MAGIC).then_some(String::new())
            } else {
                line.strip_prefix(key)
                    .and_then(|rest| rest.strip_prefix(' '))
                    .map(str::to_string)
            };
            value
                .map(|value| (number, value))
                .ok_or_else(|| ProofError::Header {
                    line: number,
                    expected: key.to_string(),
                    found: line.clone(),
                })
        };
        header(MAGIC)?;
        let (line, rules) = header("rules")?;
        if rules != RULES_VERSION.to_string() {
            return Err(ProofError::RulesVersion { line, found: rules });
        }
        let (line, game) = header("variant")?;
        let ruleset =
            Ruleset::find(&game).map_err(|_| ProofError::Ruleset { line, found: game })?;
        let (line, goal) = header("goal")?;
        let goal = goal
            .parse()
            .map_err(|error| ProofError::Goal { line, error })?;
        let (line, start) = header("start")?;
        let start = Position::parse(ruleset, &start)
            .map_err(|error| ProofError::Position { line, error })?;
        let (line, count) = header("moves")?;
        let count: usize = count
            .parse()
            .map_err(|_| ProofError::Count { line, found: count })?;

        let mut proof = Proof::new(goal, start);
        // The count is not trusted with memory: a few lines' worth at most.
        proof.strategy.reserve(count.min(1 << 20));
        for (line, text) in lines {
            let text = text?;
            let (position, turn) = text.split_once('\t').ok_or(ProofError::NoTab { line })?;
            let position = Position::parse(ruleset, position)
                .map_err(|error| ProofError::Position { line, error })?;
            let turn = position
                .parse_turn(turn)
                .map_err(|error| ProofError::Turn { line, error })?;
            let new = proof
                .strategy
                .insert(&position, &turn)
                .map_err(|error| ProofError::Strategy { line, error })?;
            if !new {
                return Err(ProofError::Duplicate { line });
            }
        }
        if proof.strategy.len() != count {
            return Err(ProofError::CountMismatch {
                header: count,
                found: proof.strategy.len(),
            });
        }
        Ok(proof)
    }

    /// Writes the proof to a gzip-compressed file.
    pub fn save(&self, path: &Path) -> io::Result<()> {
        let file = BufWriter::new(File::create(path)?);
        let mut encoder = GzEncoder::new(file, Compression::best());
        self.write(&mut encoder)?;
        encoder.finish()?.flush()
    }

    /// Reads a gzip-compressed proof file.
    pub fn load(path: &Path) -> Result<Proof, ProofError> {
        let file = File::open(path)?;
        Proof::read(BufReader::new(GzDecoder::new(BufReader::new(file))))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEADER: &str =
        "alquerque-proof 1\nrules 1\nvariant alquerque\ngoal white-wins\nstart W:Wc2:Bc3\n";

    fn read(text: &str) -> Result<Proof, ProofError> {
        Proof::read(text.as_bytes())
    }

    #[test]
    fn a_proof_reads_back_as_written() -> Result<(), Box<dyn std::error::Error>> {
        let proof = read(&format!("{HEADER}moves 1\nW:Wc2:Bc3\tc2xc4\n"))?;
        assert_eq!(proof.strategy.len(), 1);
        let mut written = Vec::new();
        proof.write(&mut written)?;
        assert_eq!(
            String::from_utf8(written)?,
            format!("{HEADER}moves 1\nW:Wc2:Bc3\tc2xc4\n")
        );
        Ok(())
    }

    #[test]
    fn what_is_wrong_is_said_with_its_line() {
        let cases = [
            ("", "the proof ends inside its header"),
            (
                "alquerque-proof 2\n",
                "line 1: expected `alquerque-proof 1 ...`, found `alquerque-proof 2`",
            ),
            (
                "alquerque-proof 1\nrules 0\n",
                "line 2: the proof is for rules version 0, these rules are version 1",
            ),
            (
                "alquerque-proof 1\nrules 1\nvariant chess\n",
                "line 3: `chess` is not a game",
            ),
            (
                "alquerque-proof 1\nrules 1\nvariant alquerque\ngoal white-loses\n",
                "line 4: `white-loses` is not a goal: expected white-wins, black-wins, white-at-least-draws or black-at-least-draws",
            ),
            (
                &format!("{HEADER}moves many\n"),
                "line 6: `many` is not a number of moves",
            ),
            (
                &format!("{HEADER}moves 1\nW:Wc2:Bc3 c2xc4\n"),
                "line 7: expected a position and a turn separated by a tab",
            ),
            (
                &format!("{HEADER}moves 1\nW:Wc2:Bc3\tc2-c1\n"),
                "line 7: `c2-c1` is not a legal turn: ",
            ),
            (
                &format!("{HEADER}moves 2\nW:Wc2:Bc3\tc2xc4\nW:Wc2:Bc3\tc2xc4\n"),
                "line 8: this position has a move on an earlier line",
            ),
            (
                &format!("{HEADER}moves 2\nW:Wc2:Bc3\tc2xc4\n"),
                "the header counts 2 moves, the file has 1",
            ),
        ];
        for (text, expected) in cases {
            match read(text) {
                Ok(_) => panic!("read: {text:?}"),
                Err(error) => assert!(
                    error.to_string().starts_with(expected),
                    "{error} for {text:?}"
                ),
            }
        }
    }
}
