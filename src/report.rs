//! Game reports (issue 27): every turn of a game classified by what it
//! cost its player, an evaluation graph over the game, and a summary per
//! player; as data (serde-serializable, for the browser), as lines of text
//! (for the terminal) and as the game's record annotated with comments.
//!
//! Every position of the game, the start and the position after each
//! turn, is evaluated by one search to a fixed depth, from the point of
//! view of its side to move. A turn's **loss** is what its player's
//! evaluation drops by: the evaluation before it, less the evaluation
//! after it (the opponent's, negated). The loss gives the turn's class
//! ([`TurnClass::of_loss`]), unless the turn is the engine's own best or
//! exact knowledge decides:
//!
//! - where the **endgame tables** cover the position before the turn (and
//!   so the one after it), the class comes from the change of the exact
//!   verdict for the player: a win thrown away to a draw or a loss, or a
//!   draw thrown away to a loss, is a blunder whatever the search says;
//!   a turn that keeps the verdict is best, or good where the tables knew
//!   a more direct one (a win that reaches its next removal sooner, a
//!   loss that holds out longer);
//! - where a **proof** ([`Proof`], the solution of Alquerque) has a turn
//!   for its prover in the position before, playing that turn keeps the
//!   proved result, and is best. Another turn gets no exact claim: a proof
//!   holds one winning strategy, not every winning turn, so a turn off it
//!   may win as well; such a turn is classified by the search.
//!
//! The report of the same game to the same depth with the same tables is
//! always the same: one searcher with one thread evaluates the positions
//! in order (the searcher's table carries over from one position to the
//! next, which is as reproducible as the search itself).

use std::fmt;
use std::sync::Arc;

use alquerque_ai::{Limits, Score, Searcher, Stop};
use alquerque_proof::Proof;
use alquerque_tablebase::{Tablebase, Value, Verdict};
use peralikatuma_rules::{Game, Outcome, Position, Record, Ruleset, Side, Turn};
use serde::Serialize;

/// The evaluations of a report, in centi-pieces, are clamped to this
/// (ten pieces); a win, by the search, the tables or the rules, counts as
/// this, a loss as its negation.
pub const EVALUATION_LIMIT: i32 = 1000;

/// A turn that loses less than this (centi-pieces: 100 is one piece) is
/// good: a fraction of a piece, within the search's noise at a fixed depth.
pub const GOOD_BELOW: i32 = 40;

/// A turn that loses at least [`GOOD_BELOW`] and less than this is an
/// inaccuracy: less than a piece.
pub const INACCURACY_BELOW: i32 = 100;

/// A turn that loses at least [`INACCURACY_BELOW`] (about a piece) and
/// less than this is a mistake; from this on (two and a half pieces, or a
/// win let go) it is a blunder.
pub const MISTAKE_BELOW: i32 = 250;

/// The depth `play --report` searches to when none is given: a game of 60
/// to 100 turns takes a few seconds in a release build.
pub const DEFAULT_DEPTH: u32 = 8;

/// The deepest a report searches.
pub const MAX_DEPTH: u32 = 20;

/// The size of the transposition table of a report's searcher, MiB.
const TABLE_MB: usize = 16;

/// How good a turn was.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum TurnClass {
    /// The engine's best turn, or one it finds as good; one that keeps
    /// the exact verdict of the tables at its best, or the proof's turn.
    Best,
    /// Loses less than [`GOOD_BELOW`]; or keeps the tables' verdict, less
    /// directly than the best.
    Good,
    /// Loses less than [`INACCURACY_BELOW`].
    Inaccuracy,
    /// Loses less than [`MISTAKE_BELOW`].
    Mistake,
    /// Loses more; or throws away a win or a draw the tables know.
    Blunder,
}

impl TurnClass {
    /// The classes, best first.
    pub const ALL: [TurnClass; 5] = [
        TurnClass::Best,
        TurnClass::Good,
        TurnClass::Inaccuracy,
        TurnClass::Mistake,
        TurnClass::Blunder,
    ];

    /// The class of a turn that is not the engine's best and loses `loss`
    /// centi-pieces: best at 0 or less, then by [`GOOD_BELOW`],
    /// [`INACCURACY_BELOW`] and [`MISTAKE_BELOW`].
    ///
    /// ```
    /// use peralikatuma::report::TurnClass;
    /// assert_eq!(TurnClass::of_loss(-20), TurnClass::Best);
    /// assert_eq!(TurnClass::of_loss(39), TurnClass::Good);
    /// assert_eq!(TurnClass::of_loss(40), TurnClass::Inaccuracy);
    /// assert_eq!(TurnClass::of_loss(100), TurnClass::Mistake);
    /// assert_eq!(TurnClass::of_loss(250), TurnClass::Blunder);
    /// ```
    pub const fn of_loss(loss: i32) -> TurnClass {
        if loss <= 0 {
            TurnClass::Best
        } else if loss < GOOD_BELOW {
            TurnClass::Good
        } else if loss < INACCURACY_BELOW {
            TurnClass::Inaccuracy
        } else if loss < MISTAKE_BELOW {
            TurnClass::Mistake
        } else {
            TurnClass::Blunder
        }
    }

    /// The class's name in lower case, as serialized: `best`, `good`,
    /// `inaccuracy`, `mistake`, `blunder`.
    pub const fn name(self) -> &'static str {
        match self {
            TurnClass::Best => "best",
            TurnClass::Good => "good",
            TurnClass::Inaccuracy => "inaccuracy",
            TurnClass::Mistake => "mistake",
            TurnClass::Blunder => "blunder",
        }
    }

    /// The name for `count` turns of the class: `3 inaccuracies`.
    fn counted(self, count: usize) -> String {
        match (self, count) {
            (TurnClass::Best | TurnClass::Good, _) | (_, 1) => format!("{count} {self}"),
            (TurnClass::Inaccuracy, _) => format!("{count} inaccuracies"),
            _ => format!("{count} {self}s"),
        }
    }
}

/// `best`, `good`, `inaccuracy`, `mistake` or `blunder`.
impl fmt::Display for TurnClass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What a turn's class rests on.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Basis {
    /// The search's evaluations before and after the turn.
    Search,
    /// The endgame tables' exact verdicts before and after it.
    Tables,
    /// The proof: the turn is the proof's turn.
    Proof,
}

/// One turn of a report.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct TurnReport {
    /// The turn's index in the game, from 0 (a ply).
    pub number: usize,
    /// Its player.
    pub side: Side,
    /// The turn, in the game's notation (N2).
    pub text: String,
    /// The engine's best turn in the position before, in the notation;
    /// `None` only if the search found none.
    pub best: Option<String>,
    /// The player's evaluation before the turn, in centi-pieces (100 is
    /// one piece), within [`EVALUATION_LIMIT`].
    pub before: i32,
    /// The player's evaluation after it: the opponent's, negated.
    pub after: i32,
    /// `before - after`: what the turn cost its player (negative where
    /// the search thinks better of the position after it).
    pub loss: i32,
    /// How good the turn was.
    pub class: TurnClass,
    /// What the class rests on.
    pub basis: Basis,
    /// What exact knowledge says of the turn, if anything: `threw away a
    /// win`, `threw away the draw`, `keeps the proved win`, ...
    pub comment: Option<String>,
}

/// One player's turns in a report, summed up.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct PlayerSummary {
    /// The player.
    pub side: Side,
    /// How many turns the player made.
    pub turns: usize,
    /// How many of them were best.
    pub best: usize,
    /// ... good.
    pub good: usize,
    /// ... inaccuracies.
    pub inaccuracy: usize,
    /// ... mistakes.
    pub mistake: usize,
    /// ... blunders.
    pub blunder: usize,
    /// The average over the player's turns judged by the search
    /// ([`Basis::Search`]) of their loss, counted as 0 where the turn lost
    /// nothing and as [`EVALUATION_LIMIT`] at most, in centi-pieces,
    /// rounded; 0 without such turns. Turns the tables or the proof judge
    /// are counted by their class alone: a win thrown away would
    /// otherwise weigh twenty pieces, and one such turn would say more
    /// than all the others.
    pub average_loss: i32,
}

impl PlayerSummary {
    /// How many of the player's turns are of `class`.
    pub fn count(&self, class: TurnClass) -> usize {
        match class {
            TurnClass::Best => self.best,
            TurnClass::Good => self.good,
            TurnClass::Inaccuracy => self.inaccuracy,
            TurnClass::Mistake => self.mistake,
            TurnClass::Blunder => self.blunder,
        }
    }

    /// The summary of `side`'s turns among `turns`.
    fn of(side: Side, turns: &[TurnReport]) -> PlayerSummary {
        let mine: Vec<&TurnReport> = turns.iter().filter(|turn| turn.side == side).collect();
        let count = |class| mine.iter().filter(|turn| turn.class == class).count();
        let searched: Vec<i64> = mine
            .iter()
            .filter(|turn| turn.basis == Basis::Search)
            .map(|turn| i64::from(turn.loss.clamp(0, EVALUATION_LIMIT)))
            .collect();
        let lost: i64 = searched.iter().sum();
        let average_loss = match searched.len() as i64 {
            0 => 0,
            n => ((2 * lost + n) / (2 * n)) as i32,
        };
        PlayerSummary {
            side,
            turns: mine.len(),
            best: count(TurnClass::Best),
            good: count(TurnClass::Good),
            inaccuracy: count(TurnClass::Inaccuracy),
            mistake: count(TurnClass::Mistake),
            blunder: count(TurnClass::Blunder),
            average_loss,
        }
    }
}

/// A game report: every turn classified, the evaluation graph and a
/// summary per player. See the [module](self) for how turns are judged.
///
/// ```
/// use alquerque_ai::Stop;
/// use peralikatuma::report::{Report, TurnClass};
/// use peralikatuma_rules::{Game, Ruleset};
///
/// let mut game = Game::new(Ruleset::ALQUERQUE);
/// for turn in ["c2-c3", "c4xc2", "c1xc3", "a3xc1", "c3xa3", "c5-c4", "a3xc5xc3"] {
///     game.play_text(turn)?;
/// }
/// let report = Report::of(&game, 4, None, None, &Stop::new(), |_, _| {}).expect("not stopped");
/// assert_eq!(report.turns.len(), 7);
/// assert_eq!(report.graph.len(), 8);
/// // Black's c5-c4 gives two pieces away.
/// let drop = &report.turns[5];
/// assert_eq!(drop.text, "c5-c4");
/// assert!(drop.class >= TurnClass::Mistake);
/// # Ok::<(), peralikatuma_rules::GameError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Report {
    /// The game's ruleset (serialized as its id).
    pub ruleset: &'static Ruleset,
    /// The depth of the searches.
    pub depth: u32,
    /// How many pieces the endgame tables used cover, if any were used.
    pub tables: Option<usize>,
    /// Whether a proof was used.
    pub proof: bool,
    /// The side to move at the start.
    pub first: Side,
    /// The game's result: `1-0`, `0-1`, `1/2-1/2`, or `*` while it goes
    /// on.
    pub result: &'static str,
    /// How the game ended, if it did.
    pub ending: Option<Outcome>,
    /// The turns, in order.
    pub turns: Vec<TurnReport>,
    /// White's evaluation at every position of the game, the start first,
    /// then after each turn (one more than the turns), in centi-pieces
    /// within [`EVALUATION_LIMIT`]: for an evaluation graph.
    pub graph: Vec<i32>,
    /// The players' summaries, White first.
    pub players: [PlayerSummary; 2],
}

/// What the report knows of one position of the game.
struct Evaluated {
    /// The evaluation for the side to move, in centi-pieces, clamped.
    score: i32,
    /// The engine's best turn; `None` in a finished position.
    best: Option<Turn>,
}

/// `game` at each of its positions, from its start to the position now,
/// each with its history (for repetitions, E2) and the ending the rules
/// give it (not a resignation, an agreed draw nor a loss on time: those
/// are the players', not the position's). Replayed from the start.
fn replay(game: &Game) -> Vec<Game> {
    let mut replayed = Game::from_position(*game.start());
    let mut all = vec![replayed.clone()];
    for turn in game.turns() {
        // The game's turns were legal when played: the replay cannot end
        // before them, nor refuse one.
        if replayed.play(turn).is_err() {
            break;
        }
        all.push(replayed.clone());
    }
    all
}

/// A search score for the side to move, in centi-pieces within
/// [`EVALUATION_LIMIT`] (the wins the search or the tables find beyond it).
fn clamp(score: Score) -> i32 {
    score.0.clamp(-EVALUATION_LIMIT, EVALUATION_LIMIT)
}

/// The score of a finished position for its side to move.
fn ended_score(outcome: Outcome, mover: Side) -> i32 {
    match outcome.winner() {
        None => 0,
        Some(winner) if winner == mover => EVALUATION_LIMIT,
        Some(_) => -EVALUATION_LIMIT,
    }
}

/// What the endgame tables say of `turn` in `before`: the class, with a
/// comment, if they cover `before`. `ending` is how the game ended right
/// after the turn, by the rules, if it did: it is exact too, and knows
/// repetitions (E2), which the tables do not.
fn by_tables(
    tablebase: &Tablebase,
    before: &Position,
    turn: &Turn,
    ending: Option<Outcome>,
) -> Option<(TurnClass, Option<String>)> {
    if !tablebase.covers(before) {
        return None;
    }
    let verdict = tablebase.probe(before)?.verdict;
    let mover = before.side_to_move();
    let (best_turn, _, best_value) = tablebase.best_turn(before)?;
    let (after, value): (Verdict, Option<Value>) = match ending {
        Some(outcome) => (
            match outcome.winner() {
                None => Verdict::Draw,
                Some(winner) if winner == mover => Verdict::Win,
                Some(_) => Verdict::Loss,
            },
            None,
        ),
        None => {
            let (after, value) = tablebase.turn_value(before, turn)?;
            (after, Some(value))
        }
    };
    let board = before.board();
    // Ending the game with a win is as direct as a win gets.
    let at_best = value.is_none_or(|value| value == best_value);
    Some(match (verdict, after) {
        (Verdict::Win, Verdict::Draw | Verdict::Loss) => {
            (TurnClass::Blunder, Some("threw away a win".to_owned()))
        }
        (Verdict::Draw, Verdict::Loss) => {
            (TurnClass::Blunder, Some("threw away the draw".to_owned()))
        }
        (Verdict::Win, Verdict::Win) if !at_best => (
            TurnClass::Good,
            Some(format!(
                "keeps the win, less directly than {}",
                best_turn.text(board)
            )),
        ),
        (Verdict::Loss, Verdict::Loss) if !at_best => (
            TurnClass::Good,
            Some(format!("loses sooner than {} would", best_turn.text(board))),
        ),
        // The verdict kept at its best (or, against the tables, bettered:
        // the opponent's turns cannot do that).
        _ => (TurnClass::Best, None),
    })
}

impl Report {
    /// The report of `game`: every position of it evaluated by one search
    /// to `depth` (1 to [`MAX_DEPTH`]) with `tablebase`, each turn judged
    /// as the [module](self) says, with `proof` too. `progress(done,
    /// total)` is called after each position (`total` is the number of
    /// turns and one). `None` if `stop` was raised before the report was
    /// done.
    ///
    /// A finished position, the last of a game the rules ended, is scored
    /// by its outcome without a search; a game ended by the players
    /// (resigned, a draw agreed) or on time is evaluated as the position
    /// it stopped in.
    pub fn of(
        game: &Game,
        depth: u32,
        tablebase: Option<Arc<Tablebase>>,
        proof: Option<Arc<Proof>>,
        stop: &Stop,
        mut progress: impl FnMut(usize, usize),
    ) -> Option<Report> {
        let depth = depth.clamp(1, MAX_DEPTH);
        let ruleset = game.start().ruleset();
        let tablebase = tablebase.filter(|tablebase| tablebase.ruleset() == ruleset);
        let games = replay(game);
        let total = games.len();
        let mut searcher = Searcher::new(TABLE_MB);
        searcher.share_stop(stop.clone());
        searcher.set_tablebase(tablebase.clone());
        let mut evaluated = Vec::with_capacity(total);
        for (done, replayed) in games.iter().enumerate() {
            let mover = replayed.side_to_move();
            let known = match replayed.ending() {
                Some(outcome) => Evaluated {
                    score: ended_score(outcome, mover),
                    best: None,
                },
                None => {
                    // The searcher lowers the flag when its search ends:
                    // a stop is seen before a search or by its result.
                    if stop.is_stopped() {
                        return None;
                    }
                    let result = searcher.search(replayed, Limits::depth(depth), |_| {});
                    if result.cut_short {
                        return None;
                    }
                    Evaluated {
                        score: clamp(result.score),
                        best: result.best,
                    }
                }
            };
            evaluated.push(known);
            progress(done + 1, total);
        }
        let board = ruleset.board;
        let mut turns = Vec::with_capacity(total.saturating_sub(1));
        for (number, pair) in games.windows(2).enumerate() {
            let (before, after) = (pair[0].position(), pair[1].position());
            let turn = game.turns()[number];
            let side = before.side_to_move();
            let for_mover = |score: i32, position: &Position| match position.side_to_move() == side
            {
                true => score,
                false => -score,
            };
            let best = evaluated[number].best;
            let eval_before = evaluated[number].score;
            let eval_after = for_mover(evaluated[number + 1].score, after);
            let loss = eval_before - eval_after;
            let ended_after = pair[1].ending();
            let exact = tablebase
                .as_deref()
                .and_then(|tablebase| by_tables(tablebase, before, &turn, ended_after))
                .map(|(class, comment)| (class, Basis::Tables, comment));
            let searched = || {
                let class = match best == Some(turn) {
                    true => TurnClass::Best,
                    false => TurnClass::of_loss(loss),
                };
                (class, Basis::Search, None)
            };
            let (class, basis, comment) = exact.unwrap_or_else(searched);
            turns.push(TurnReport {
                number,
                side,
                text: turn.text(board),
                best: best.map(|best| best.text(board)),
                before: eval_before,
                after: eval_after,
                loss,
                class,
                basis,
                comment,
            });
        }
        let graph = games
            .iter()
            .zip(&evaluated)
            .map(|(position, known)| match position.side_to_move() {
                Side::White => known.score,
                Side::Black => -known.score,
            })
            .collect();
        let players = [
            PlayerSummary::of(Side::White, &turns),
            PlayerSummary::of(Side::Black, &turns),
        ];
        let mut report = Report {
            ruleset,
            depth,
            tables: tablebase.as_deref().map(Tablebase::pieces),
            proof: false,
            first: game.start().side_to_move(),
            result: game.ending().map_or("*", Outcome::result),
            ending: game.ending(),
            turns,
            graph,
            players,
        };
        if let Some(proof) = proof {
            report.add_proof(game, &proof);
        }
        Some(report)
    }

    /// Judges again by `proof` the turns of `game` (the game reported)
    /// that the search judged: those that are the proof's turn become
    /// best (`keeps the proved win`), as [`Report::of`] with the proof
    /// would have judged them. For a proof that was not at hand when the
    /// report began (proofs are read in the background, and a large one
    /// takes seconds). A proof of another game changes nothing.
    pub fn add_proof(&mut self, game: &Game, proof: &Proof) {
        if proof.strategy.ruleset() != self.ruleset {
            return;
        }
        self.proof = true;
        let said = match proof.goal.draw_is_enough {
            true => "keeps the proved draw",
            false => "keeps the proved win",
        };
        let mut position = *game.start();
        for (turn, reported) in game.turns().iter().zip(&mut self.turns) {
            if reported.basis == Basis::Search && proof.turn_for(&position) == Some(*turn) {
                reported.class = TurnClass::Best;
                reported.basis = Basis::Proof;
                reported.comment = Some(said.to_owned());
            }
            position = position.play_unchecked(turn);
        }
        self.players = [
            PlayerSummary::of(Side::White, &self.turns),
            PlayerSummary::of(Side::Black, &self.turns),
        ];
    }

    /// The summary of `side`.
    pub fn player(&self, side: Side) -> &PlayerSummary {
        match side {
            Side::White => &self.players[0],
            Side::Black => &self.players[1],
        }
    }

    /// The number of the turn at `ply` as a record writes it before
    /// White's turns: `12.` (a Black turn gets `12...`).
    fn move_number(&self, ply: usize) -> String {
        let offset = usize::from(self.first == Side::Black);
        let n = (ply + offset) / 2 + 1;
        match (ply + offset) % 2 {
            0 => format!("{n}."),
            _ => format!("{n}..."),
        }
    }

    /// The report as lines of text for the terminal: a header, one line
    /// per turn (`12... Black c4xc2  blunder     (-3.20 pieces; best
    /// b4-b3)  threw away a win`), and each player's summary.
    pub fn text_lines(&self) -> Vec<String> {
        let mut lines = vec![format!(
            "Game report: {}, {}, {}{}",
            self.ruleset.name,
            crate::plural(self.turns.len(), "turn"),
            self.result,
            self.ending
                .map_or_else(String::new, |ending| format!(" ({ending})"))
        )];
        let mut knowledge = vec![format!("a search to depth {}", self.depth)];
        if let Some(pieces) = self.tables {
            knowledge.push(format!("endgame tables of up to {pieces} pieces"));
        }
        if self.proof {
            knowledge.push("the proof".to_owned());
        }
        lines.push(format!("Judged by {}.", knowledge.join(", ")));
        let width = self.turns.iter().map(|t| t.text.len()).max().unwrap_or(0);
        for turn in &self.turns {
            let mut detail = format!("{} pieces", pieces(-turn.loss));
            if let Some(best) = turn.best.as_ref().filter(|best| **best != turn.text) {
                detail.push_str(&format!("; best {best}"));
            }
            let mut line = format!(
                "{:>6} {:<5} {:<width$}  {:<10} ({detail})",
                self.move_number(turn.number),
                turn.side.to_string(),
                turn.text,
                turn.class.name(),
            );
            if let Some(comment) = &turn.comment {
                line.push_str("  ");
                line.push_str(comment);
            }
            lines.push(line);
        }
        for summary in &self.players {
            let classes: Vec<String> = TurnClass::ALL
                .iter()
                .map(|&class| class.counted(summary.count(class)))
                .collect();
            lines.push(format!(
                "{}: {}: {}; average loss {} pieces",
                summary.side,
                crate::plural(summary.turns, "turn"),
                classes.join(", "),
                pieces(summary.average_loss).trim_start_matches('+'),
            ));
        }
        lines
    }

    /// The comment an annotated record writes after the turn: `best`,
    /// `inaccuracy: best b4-b3, -0.60`, `blunder: best b4-b3, -3.20; threw
    /// away a win`.
    fn annotation(turn: &TurnReport) -> String {
        let mut text = turn.class.name().to_owned();
        if turn.class != TurnClass::Best {
            match &turn.best {
                Some(best) if *best != turn.text => {
                    text.push_str(&format!(": best {best}, {}", pieces(-turn.loss)));
                }
                _ => text.push_str(&format!(": {}", pieces(-turn.loss))),
            }
        }
        if let Some(comment) = &turn.comment {
            text.push_str("; ");
            text.push_str(comment);
        }
        text
    }

    /// `record`'s text (N4), its headers as it has them, with each turn
    /// the report covers followed by its annotation as a comment between
    /// braces: `1. c2-c3 {best} d4-d3 {blunder: best b4-b3, -3.20}`. The
    /// record reads back as the same game (comments are left out). The
    /// record is the one of the reported game; turns of it beyond the
    /// report's go without comments.
    pub fn annotated_record(&self, record: &Record) -> String {
        let text = record.to_string();
        let header = text.split_once("\n\n").map_or("", |(header, _)| header);
        let game = &record.game;
        let board = game.ruleset().board;
        let offset = usize::from(game.start().side_to_move() == Side::Black);
        let mut words = Vec::new();
        for (ply, turn) in game.turns().iter().enumerate() {
            let number = match ((ply + offset) % 2, ply) {
                (0, _) => format!("{}. ", (ply + offset) / 2 + 1),
                (_, 0) => format!("{}... ", (ply + offset) / 2 + 1),
                _ => String::new(),
            };
            words.push(format!("{number}{}", turn.text(board)));
            if let Some(reported) = self.turns.get(ply) {
                // A `}` would end the comment early.
                words.push(format!(
                    "{{{}}}",
                    Report::annotation(reported).replace('}', ")")
                ));
            }
        }
        words.push(record.result().to_owned());
        let mut out = format!("{header}\n\n");
        let mut line = String::new();
        for word in words {
            if !line.is_empty() && line.len() + 1 + word.len() > 80 {
                out.push_str(&line);
                out.push('\n');
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&word);
        }
        out.push_str(&line);
        out.push('\n');
        out
    }
}

/// Centi-pieces as pieces with a sign: `+0.35`, `-3.20`.
fn pieces(centi: i32) -> String {
    let sign = if centi < 0 { '-' } else { '+' };
    let abs = centi.unsigned_abs();
    format!("{sign}{}.{:02}", abs / 100, abs % 100)
}

#[cfg(test)]
mod tests {
    use std::sync::OnceLock;

    use alquerque_proof::Goal;

    use super::*;

    /// Alquerque's endgame tables up to 3 pieces, built once (a few
    /// seconds unoptimised).
    fn tables() -> Arc<Tablebase> {
        static TABLES: OnceLock<Arc<Tablebase>> = OnceLock::new();
        TABLES
            .get_or_init(|| {
                Arc::new(Tablebase::build(Ruleset::ALQUERQUE, 3, &|_| {}).expect("small tables"))
            })
            .clone()
    }

    /// An Alquerque game of `turns`.
    fn alquerque(turns: &[&str]) -> Game {
        let mut game = Game::new(Ruleset::ALQUERQUE);
        for turn in turns {
            game.play_text(turn).expect("a legal turn");
        }
        game
    }

    /// An Alquerque opening in which Black's sixth turn, c5-c4, drops two
    /// pieces (White's a3xc5xc3 takes them).
    const DROPS: [&str; 7] = [
        "c2-c3", "c4xc2", "c1xc3", "a3xc1", "c3xa3", "c5-c4", "a3xc5xc3",
    ];

    fn report_of(game: &Game, depth: u32, tablebase: Option<Arc<Tablebase>>) -> Report {
        Report::of(game, depth, tablebase, None, &Stop::new(), |_, _| {}).expect("not stopped")
    }

    /// The counts of a report's summaries add up to its turns.
    fn assert_consistent(report: &Report) {
        assert_eq!(report.graph.len(), report.turns.len() + 1);
        assert_eq!(
            report.players.iter().map(|p| p.turns).sum::<usize>(),
            report.turns.len()
        );
        for summary in &report.players {
            let counted: usize = TurnClass::ALL.iter().map(|&c| summary.count(c)).sum();
            assert_eq!(counted, summary.turns, "{summary:?}");
            assert_eq!(
                summary.turns,
                report
                    .turns
                    .iter()
                    .filter(|t| t.side == summary.side)
                    .count()
            );
        }
        for (k, turn) in report.turns.iter().enumerate() {
            assert_eq!(turn.number, k);
            assert_eq!(turn.loss, turn.before - turn.after);
            let white = |score: i32| match turn.side {
                Side::White => score,
                Side::Black => -score,
            };
            assert_eq!(report.graph[k], white(turn.before), "{turn:?}");
            assert_eq!(report.graph[k + 1], white(turn.after), "{turn:?}");
            if turn.basis == Basis::Search && turn.best.as_ref() == Some(&turn.text) {
                assert_eq!(turn.class, TurnClass::Best);
            }
        }
    }

    #[test]
    fn a_turn_that_drops_pieces_is_a_mistake_or_worse_and_the_counts_add_up() {
        let game = alquerque(&DROPS);
        let report = report_of(&game, 4, None);
        assert_consistent(&report);
        let drop = &report.turns[5];
        assert_eq!((drop.side, drop.text.as_str()), (Side::Black, "c5-c4"));
        assert!(drop.class >= TurnClass::Mistake, "{drop:?}");
        assert!(drop.loss >= INACCURACY_BELOW, "{drop:?}");
        assert_eq!(drop.basis, Basis::Search);
        assert_ne!(drop.best.as_deref(), Some("c5-c4"));
        // The capture that follows is White's best.
        assert_eq!(report.turns[6].class, TurnClass::Best);
        assert!(report.graph[6] > report.graph[5] + INACCURACY_BELOW);
        assert_eq!(report.player(Side::Black).turns, 3);
        assert!(report.player(Side::Black).average_loss > 0);
        let text = report.text_lines().join("\n");
        for said in [
            "Game report: Alquerque, 7 turns, *",
            "depth 4",
            "3... Black c5-c4",
            "White: 4 turns:",
            "Black: 3 turns:",
            "average loss",
        ] {
            assert!(text.contains(said), "{said}:\n{text}");
        }
    }

    #[test]
    fn the_engines_best_turn_is_best_and_reports_are_reproducible() {
        // The engine's best turn from the start, by a fresh searcher as the
        // report's first search is.
        let start = Game::new(Ruleset::ALQUERQUE);
        let best = Searcher::new(TABLE_MB)
            .search(&start, Limits::depth(5), |_| {})
            .best
            .expect("a turn");
        let mut game = start.clone();
        game.play(&best).expect("legal");
        let reported = report_of(&game, 5, None);
        let first = &reported.turns[0];
        assert_eq!(first.best.as_deref(), Some(first.text.as_str()));
        assert_eq!(first.class, TurnClass::Best);
        // The same game to the same depth: the same report.
        let game = alquerque(&DROPS);
        let once = report_of(&game, 5, None);
        assert_eq!(once, report_of(&game, 5, None));
        assert_consistent(&once);
        assert_eq!(
            serde_json::to_value(&once).ok(),
            serde_json::to_value(report_of(&game, 5, None)).ok()
        );
    }

    #[test]
    fn progress_counts_the_positions_and_a_stop_gives_no_report() {
        let game = alquerque(&DROPS);
        let mut calls = Vec::new();
        let stop = Stop::new();
        let report = Report::of(&game, 3, None, None, &stop, |done, total| {
            calls.push((done, total))
        });
        assert!(report.is_some());
        assert_eq!(calls, (1..=8).map(|k| (k, 8)).collect::<Vec<_>>());
        stop.stop();
        assert!(Report::of(&game, 3, None, None, &stop, |_, _| {}).is_none());
        // Raised during the report, after the third position.
        let stop = Stop::new();
        let report = Report::of(&game, 3, None, None, &stop, |done, _| {
            if done == 3 {
                stop.stop();
            }
        });
        assert!(report.is_none());
    }

    /// The first position of the tables, by their order, not finished,
    /// with a turn that `wanted(verdict before, verdict after the turn,
    /// whether the turn's value is the best)` accepts: the turn, and the
    /// tables' best.
    fn find(
        tablebase: &Tablebase,
        wanted: impl Fn(Verdict, Verdict, bool) -> bool,
    ) -> Option<(Position, Turn, Turn)> {
        for table in tablebase.tables() {
            let indexer = table.indexer();
            for index in 0..indexer.size() {
                let Ok(position) = Position::from_setup(&indexer.setup(index)) else {
                    continue;
                };
                if position.outcome().is_some() {
                    continue;
                }
                let (Some(probe), Some((best, _, best_value))) =
                    (tablebase.probe(&position), tablebase.best_turn(&position))
                else {
                    continue;
                };
                let found = position.legal_turns().iter().copied().find(|turn| {
                    tablebase
                        .turn_value(&position, turn)
                        .is_some_and(|(after, value)| {
                            wanted(probe.verdict, after, value == best_value)
                        })
                });
                if let Some(found) = found {
                    return Some((position, found, best));
                }
            }
        }
        None
    }

    /// A won position of the tables and a turn that throws the win away.
    fn a_win_and_a_turn_that_throws_it_away(tablebase: &Tablebase) -> (Position, Turn, Turn) {
        find(tablebase, |before, after, _| {
            before == Verdict::Win && after != Verdict::Win
        })
        .expect("a won position with a turn that throws the win away")
    }

    /// The report of `turn` in `position`, alone.
    fn the_turn(position: Position, turn: &Turn, tablebase: &Arc<Tablebase>) -> TurnReport {
        let mut game = Game::from_position(position);
        game.play(turn).expect("legal");
        let report = report_of(&game, 3, Some(Arc::clone(tablebase)));
        assert_consistent(&report);
        report.turns[0].clone()
    }

    #[test]
    fn a_win_the_tables_know_thrown_away_is_a_blunder_and_the_best_keeps_it() {
        let tablebase = tables();
        let (position, thrown, best) = a_win_and_a_turn_that_throws_it_away(&tablebase);
        let mut game = Game::from_position(position);
        game.play(&thrown).expect("legal");
        let report = report_of(&game, 3, Some(Arc::clone(&tablebase)));
        assert_consistent(&report);
        assert_eq!(report.tables, Some(3));
        let turn = &report.turns[0];
        assert_eq!(turn.class, TurnClass::Blunder, "{position}: {turn:?}");
        assert_eq!(turn.basis, Basis::Tables);
        assert_eq!(turn.comment.as_deref(), Some("threw away a win"));
        assert_eq!(turn.before, EVALUATION_LIMIT);
        // Counted by its class, not in the average loss.
        assert_eq!(report.player(position.side_to_move()).average_loss, 0);
        let text = report.text_lines().join("\n");
        assert!(
            text.contains("blunder") && text.contains("threw away a win"),
            "{text}"
        );
        // The tables' own turns, to the end: every one best, the end the
        // winner's, scored without a search.
        let mut game = Game::from_position(position);
        game.play(&best).expect("legal");
        while game.ending().is_none() {
            let (turn, ..) = tablebase.best_turn(game.position()).expect("covered");
            game.play(&turn).expect("legal");
        }
        let winner = position.side_to_move();
        assert_eq!(game.ending().and_then(Outcome::winner), Some(winner));
        let report = report_of(&game, 3, Some(Arc::clone(&tablebase)));
        assert_consistent(&report);
        assert!(
            report
                .turns
                .iter()
                .all(|t| t.class == TurnClass::Best && t.basis == Basis::Tables),
            "{report:#?}"
        );
        let last = *report.graph.last().expect("a graph");
        assert_eq!(
            last,
            match winner {
                Side::White => EVALUATION_LIMIT,
                Side::Black => -EVALUATION_LIMIT,
            }
        );
        assert_eq!(report.result, game.ending().map_or("*", Outcome::result));
    }

    #[test]
    fn a_draw_thrown_away_is_a_blunder_and_a_less_direct_win_is_good() {
        // Alquerque's small endings are hardly ever drawn; Peralikatuma's
        // one piece against one often is.
        let peralikatuma =
            Arc::new(Tablebase::build(Ruleset::PERALIKATUMA, 2, &|_| {}).expect("small tables"));
        let (position, thrown, _) = find(&peralikatuma, |before, after, _| {
            before == Verdict::Draw && after == Verdict::Loss
        })
        .expect("a drawn position with a losing turn");
        let turn = the_turn(position, &thrown, &peralikatuma);
        assert_eq!(turn.class, TurnClass::Blunder, "{position}: {turn:?}");
        assert_eq!(turn.comment.as_deref(), Some("threw away the draw"));
        let tablebase = tables();
        let (position, slower, best) = find(&tablebase, |before, after, at_best| {
            before == Verdict::Win && after == Verdict::Win && !at_best
        })
        .expect("a won position with a less direct win");
        let turn = the_turn(position, &slower, &tablebase);
        assert_eq!(turn.class, TurnClass::Good, "{position}: {turn:?}");
        let said = format!(
            "keeps the win, less directly than {}",
            best.text(position.board())
        );
        assert_eq!(turn.comment, Some(said));
    }

    #[test]
    fn the_proofs_turn_keeps_the_proved_win_and_another_is_searched() {
        let start = Game::new(Ruleset::ALQUERQUE);
        let turns = start.legal_turns();
        let mut proof = Proof::new(Goal::win(Side::White), *start.position());
        proof
            .strategy
            .insert(start.position(), &turns[1])
            .expect("legal");
        let proof = Some(Arc::new(proof));
        let stop = Stop::new();
        for (k, turn) in turns.iter().enumerate().take(2) {
            let mut game = start.clone();
            game.play(turn).expect("legal");
            let report =
                Report::of(&game, 3, None, proof.clone(), &stop, |_, _| {}).expect("not stopped");
            assert!(report.proof);
            let reported = &report.turns[0];
            if k == 1 {
                assert_eq!(reported.class, TurnClass::Best);
                assert_eq!(reported.basis, Basis::Proof);
                assert_eq!(reported.comment.as_deref(), Some("keeps the proved win"));
            } else {
                assert_eq!(reported.basis, Basis::Search);
                assert_eq!(reported.comment, None);
            }
            // The proof added afterwards: the same report.
            let mut later =
                Report::of(&game, 3, None, None, &stop, |_, _| {}).expect("not stopped");
            assert!(!later.proof);
            if let Some(proof) = &proof {
                later.add_proof(&game, proof);
            }
            assert_eq!(later, report);
        }
    }

    #[test]
    fn the_annotated_record_reads_back_as_the_same_game() {
        let game = alquerque(&DROPS);
        let report = report_of(&game, 3, None);
        let mut record = Record::new(game);
        record.set_tag("White", "Ann");
        record.set_tag("Event", "club night");
        let annotated = report.annotated_record(&record);
        assert!(
            annotated.starts_with("[Variant \"Alquerque\"]\n[White \"Ann\"]\n"),
            "{annotated}"
        );
        assert!(annotated.contains("[Event \"club night\"]"), "{annotated}");
        let after_drop = annotated
            .split_once("c5-c4")
            .map(|(_, after)| after.trim_start());
        assert!(
            after_drop.is_some_and(|after| after.starts_with('{')),
            "{annotated}"
        );
        assert!(
            annotated.lines().all(|line| line.len() <= 80),
            "{annotated}"
        );
        let drop = &report.turns[5];
        assert!(
            annotated.contains(&format!("{{{}: best", drop.class)),
            "{annotated}"
        );
        let read: Record = annotated.parse().expect("an annotated record reads");
        assert_eq!(read, record);
        // A game that starts with Black to move, and a finished one.
        let tablebase = tables();
        let (position, ..) = a_win_and_a_turn_that_throws_it_away(&tablebase);
        let black = Position::parse(
            Ruleset::ALQUERQUE,
            &position.to_string().replacen('W', "B", 1),
        );
        for start in [position, black.expect("the position with Black to move")] {
            let mut game = Game::from_position(start);
            for _ in 0..6 {
                let Some(&turn) = game.legal_turns().first() else {
                    break;
                };
                if game.ending().is_some() || game.play(&turn).is_err() {
                    break;
                }
            }
            let report = report_of(&game, 2, Some(Arc::clone(&tablebase)));
            let record = Record::new(game);
            let annotated = report.annotated_record(&record);
            assert_eq!(
                annotated.parse::<Record>().ok(),
                Some(record),
                "{annotated}"
            );
        }
    }

    #[test]
    fn a_resigned_game_is_evaluated_where_it_stopped() {
        let mut game = alquerque(&DROPS[..6]);
        game.resign(Side::Black).expect("in play");
        let report = report_of(&game, 3, None);
        assert_eq!(report.result, "1-0");
        assert!(report.ending.is_some());
        // The last position was searched, not scored as White's win.
        assert!(
            report.graph[6].abs() < EVALUATION_LIMIT,
            "{:?}",
            report.graph
        );
        assert!(report.text_lines()[0].contains("resigned"));
    }

    #[test]
    fn classes_and_pieces_are_written_for_people() {
        assert_eq!(pieces(-320), "-3.20");
        assert_eq!(pieces(35), "+0.35");
        assert_eq!(pieces(0), "+0.00");
        assert_eq!(pieces(-5), "-0.05");
        assert_eq!(TurnClass::Inaccuracy.counted(2), "2 inaccuracies");
        assert_eq!(TurnClass::Blunder.counted(1), "1 blunder");
        assert_eq!(TurnClass::Best.counted(3), "3 best");
        assert_eq!(
            serde_json::to_string(&TurnClass::ALL).ok().as_deref(),
            Some(r#"["best","good","inaccuracy","mistake","blunder"]"#)
        );
        assert_eq!(
            serde_json::to_string(&Basis::Tables).ok().as_deref(),
            Some(r#""tables""#)
        );
    }
}
