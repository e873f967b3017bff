//! The analysis board's API, for any of the 21 games: a line of turns
//! from a position or a record, checked and described with what the
//! endgame tables and a proof know of its last position (`POST
//! /api/analysis`), and the engine's evaluation of that position,
//! deepening, as server-sent events (`GET /api/analysis/events`).
//!
//! Nothing is kept between requests: the page sends the line it shows.
//! An analysis runs on the pool's analysis places
//! ([`Pool::analyse`](super::pool::Pool::analyse)): a few at once, each on
//! a small table of its own, for at most [`Config::analysis_time`], and it
//! stops when the page stops listening.
//!
//! [`Config::analysis_time`]: super::Config::analysis_time

use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use alquerque_ai::{Limits, Score, Searcher, Stop};
use alquerque_proof::Proof;
use alquerque_tablebase::{Tablebase, Value, Verdict};
use axum::Json;
use axum::extract::{Query, State};
use axum::response::sse::{Event, Sse};
use futures_util::Stream;
use peralikatuma_rules::{Game, Outcome, Position, QUIET_TURNS_FOR_DRAW, Record, Ruleset, Side};
use serde::{Deserialize, Serialize};
use tokio::sync::mpsc;

use super::api::Body;
use super::error::ApiError;
use super::event_stream;
use super::server::Server;
use super::view::{OutcomeView, TurnView};
use super::web_game;
use crate::analysis::{self, score_in_words};

/// How many best lines an analysis shows unless asked for another number.
pub const LINES: usize = 3;

/// The most best lines an analysis shows.
pub const MOST_LINES: usize = 8;

/// The deepest an analysis searches; the time limit usually comes first.
pub const MAX_DEPTH: u32 = 64;

/// The most turns a line may have.
pub const MOST_TURNS_IN_LINE: usize = 2000;

/// The transposition table of one analysis, MiB: the pool's analysis
/// places hold at most this much each.
pub const TABLE_MB: usize = 16;

/// An evaluation for the bar, in hundredths of a piece from White's side:
/// wins and losses are this far from level, evaluations are cut to it.
pub const DECIDED: i32 = 1000;

/// `POST /api/analysis`: where a line starts and its turns.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LineRequest {
    /// The game's id (rules.md F8); the record's if a record is given.
    #[serde(default)]
    pub variant: Option<String>,
    /// The position the line starts from (N3; F9), else the game's start
    /// (or the record's).
    #[serde(default)]
    pub position: Option<String>,
    /// A game record (N4): the line starts at its start and plays its
    /// turns, then `turns`.
    #[serde(default)]
    pub record: Option<String>,
    /// The turns of the line, in the game's notation (N2).
    #[serde(default)]
    pub turns: Vec<String>,
}

/// `GET /api/analysis/events?variant=V&position=N3&turns=T1;T2&lines=3`:
/// the line to analyse the last position of (turns separated by `;`).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EventsQuery {
    /// The game's id.
    pub variant: String,
    /// The start of the line (N3), else the game's start.
    #[serde(default)]
    pub position: Option<String>,
    /// The line's turns, separated by `;`.
    #[serde(default)]
    pub turns: Option<String>,
    /// How many best lines ([`LINES`] unless said; 1 to [`MOST_LINES`]).
    #[serde(default)]
    pub lines: Option<usize>,
}

/// A line as the analysis board sees it.
#[derive(Clone, Debug, Serialize)]
pub struct LineView {
    /// The game's id.
    pub variant: &'static str,
    /// Its name for people.
    pub name: String,
    /// Whether it is one of the family's games (rules.md F).
    pub family: bool,
    /// Whether the game has kings (the position editor offers them).
    pub kings: bool,
    /// The line's start (N3).
    pub start: String,
    /// The start's text, then the text after each turn (N3).
    pub positions: Vec<String>,
    /// The line's turns.
    pub moves: Vec<TurnView>,
    /// The last position's text (N3).
    pub position: String,
    /// The side to move there.
    pub side_to_move: Side,
    /// Its legal turns (none once the game is over), at most
    /// [`MOST_TURNS`](super::view::MOST_TURNS).
    pub turns: Vec<TurnView>,
    /// How many legal turns there are in all.
    pub turns_total: usize,
    /// How the game ended at the line's end, if it has.
    pub outcome: Option<OutcomeView>,
    /// How a record's game ended where its players or its clock ended it
    /// (a resignation, an agreed draw, a loss on time: E6, T2), at the
    /// record's last position, which is analysed as it stands; only when
    /// the line is a record's and adds no turns to it.
    pub declared: Option<OutcomeView>,
    /// Who is to move, or how the game ended, in words.
    pub status: String,
    /// Turns in a row without a piece leaving the board (E4).
    pub quiet_turns: u32,
    /// How many of them draw the game.
    pub quiet_limit: u32,
    /// What the endgame tables say of the last position, if they cover it.
    pub tables: Option<TablesVerdict>,
    /// What a proof says of it, if one covers it.
    pub proof: Option<ProofVerdict>,
    /// Whether the game's proof is still being read (it takes seconds,
    /// the first time it is asked for): ask again for its verdict.
    pub proof_pending: bool,
    /// The line as a game record (N4), to save.
    pub record: String,
}

/// The endgame tables' verdict on a position and on each of its turns.
#[derive(Clone, Debug, Serialize)]
pub struct TablesVerdict {
    /// `win`, `draw` or `loss`, for the side to move, at the position's
    /// counter of quiet turns.
    pub verdict: String,
    /// The side that wins with perfect play, if either.
    pub winner: Option<Side>,
    /// The value: `win in 13` (turns to the next removal), `draw`, `loss
    /// in 4`, `lost`.
    pub value: String,
    /// In words: `Endgame tables: White wins — next removal within 13
    /// turns`.
    pub text: String,
    /// What each legal turn is worth to the side that plays it, best
    /// first.
    pub turns: Vec<TurnValue>,
}

/// What the tables say a legal turn is worth to its player.
#[derive(Clone, Debug, Serialize)]
pub struct TurnValue {
    /// The turn (N2).
    pub turn: String,
    /// `win`, `draw` or `loss` after it, for its player.
    pub verdict: String,
    /// Its value for its player: `win in 12`, `draw`, `loss in 3`.
    pub value: String,
    /// The same in words: `wins — next removal within 12 turns`,
    /// `draws`, `loses — next removal within 3 turns`.
    pub words: String,
}

/// A proof's verdict on a position.
#[derive(Clone, Debug, Serialize)]
pub struct ProofVerdict {
    /// What the proof proves: `White wins`.
    pub goal: String,
    /// The side the proof is for.
    pub side: Side,
    /// The proof's turn, when its side is to move.
    pub turn: Option<String>,
    /// In words: `Proof: White wins (proved); the proved turn: c2-c3`.
    pub text: String,
}

/// `POST /api/analysis`: the line checked and described, or the rules'
/// refusal of its start or of its first illegal turn (422).
pub async fn line(Body(request): Body<LineRequest>) -> Result<Json<LineView>, ApiError> {
    let (game, declared) = line_game_declared(
        request.variant.as_deref(),
        request.position.as_deref(),
        request.record.as_deref(),
        &request.turns,
    )?;
    // The end a record declared is its last position's, not a later one's.
    let declared = declared.filter(|_| request.turns.is_empty());
    // The tables and the proof are read from disk the first time: not on
    // the server's own threads.
    tokio::task::spawn_blocking(move || LineView {
        declared: declared.map(OutcomeView::new),
        ..line_view(&game)
    })
    .await
    .map_err(|_| ApiError::internal("the line could not be described"))
    .map(Json)
}

/// The game a line comes to: `variant`'s start, or `position`, or
/// `record`'s game, then `turns` played.
///
/// # Errors
/// 404 for an unknown game, 400 for a request that names no game or
/// text that cannot be read, 422 with the rules' reason for a position
/// that cannot be one of the game's or an illegal turn.
pub fn line_game(
    variant: Option<&str>,
    position: Option<&str>,
    record: Option<&str>,
    turns: &[String],
) -> Result<Game, ApiError> {
    line_game_declared(variant, position, record, turns).map(|(game, _)| game)
}

/// As [`line_game`], with the end `record` declared (a resignation, an
/// agreed draw, a loss on time), which the line's game leaves out so that
/// its last position can be analysed.
///
/// # Errors
/// As [`line_game`].
pub fn line_game_declared(
    variant: Option<&str>,
    position: Option<&str>,
    record: Option<&str>,
    turns: &[String],
) -> Result<(Game, Option<Outcome>), ApiError> {
    let mut declared = None;
    let find = |id: &str| Ruleset::find(id).map_err(|e| ApiError::not_found(e.to_string()));
    if turns.len() > MOST_TURNS_IN_LINE {
        return Err(ApiError::bad_request(format!(
            "a line has at most {MOST_TURNS_IN_LINE} turns"
        )));
    }
    let mut game = match (record, position) {
        (Some(_), Some(_)) => {
            return Err(ApiError::bad_request(
                "give a record or a position to start from, not both",
            ));
        }
        (Some(text), None) => {
            let record: Record = text
                .parse()
                .map_err(|e| ApiError::invalid("bad_record", format!("not a game record: {e}")))?;
            if let Some(id) = variant {
                let asked = find(id)?;
                if asked != record.game.ruleset() {
                    return Err(ApiError::bad_request(format!(
                        "the record is a game of {}, not of {}",
                        record.game.ruleset().id,
                        asked.id
                    )));
                }
            }
            let mut game = record.game;
            // A resignation or an agreed draw ends the game, not the
            // analysis of its last position.
            declared = game.withdraw();
            game
        }
        (None, position) => {
            let ruleset = find(variant.ok_or_else(|| ApiError::bad_request("name the game"))?)?;
            match position {
                Some(text) => Game::from_position(
                    Position::parse(ruleset, text.trim())
                        .map_err(|e| ApiError::invalid("bad_position", e.to_string()))?,
                ),
                None => Game::new(ruleset),
            }
        }
    };
    for (i, text) in turns.iter().enumerate() {
        if game.ending().is_some() {
            return Err(ApiError::invalid(
                "game_over",
                format!("turn {} (`{text}`): the game is over", i + 1),
            ));
        }
        game.play_text(text.trim()).map_err(|e| {
            ApiError::invalid("illegal_turn", format!("turn {} (`{text}`): {e}", i + 1))
        })?;
    }
    Ok((game, declared))
}

/// `game` as the analysis board sees it, with the tables' and proof's
/// verdicts on its position.
pub fn line_view(game: &Game) -> LineView {
    let ruleset = game.ruleset();
    let position = game.position();
    let positions = web_game::all_positions(game);
    let moves = game
        .turns()
        .iter()
        .zip(&positions)
        .map(|(turn, before)| web_game::turn_view(before, turn))
        .collect();
    let over = game.ending();
    let (turns, turns_total) = match over {
        Some(_) => (Vec::new(), 0),
        None => web_game::legal_views(position),
    };
    let outcome = over.map(OutcomeView::new);
    let status = match &outcome {
        Some(end) => format!("{}: {}", end.result, end.text),
        None => format!("{} to move", game.side_to_move()),
    };
    let (tables, proof) = match over {
        Some(_) => (None, None),
        None => (
            analysis::tablebase_for(ruleset, None)
                .and_then(|tablebase| tables_verdict(&tablebase, game)),
            analysis::solution_for(ruleset, None).and_then(|proof| proof_verdict(&proof, game)),
        ),
    };
    LineView {
        variant: ruleset.id,
        name: ruleset.name.to_owned(),
        family: !ruleset.is_rule_book(),
        kings: ruleset.has_kings(),
        start: game.start().to_string(),
        positions: positions.iter().map(Position::to_string).collect(),
        moves,
        position: position.to_string(),
        side_to_move: game.side_to_move(),
        turns,
        turns_total,
        outcome,
        declared: None,
        status,
        quiet_turns: game.quiet_turns(),
        quiet_limit: QUIET_TURNS_FOR_DRAW,
        proof_pending: proof.is_none() && crate::solutions::pending(ruleset),
        tables,
        proof,
        record: Record::new(game.clone()).to_string(),
    }
}

/// What `tablebase` says of `game`'s position and its turns, if it
/// covers the position.
pub fn tables_verdict(tablebase: &Tablebase, game: &Game) -> Option<TablesVerdict> {
    let position = game.position();
    let verdicts = analysis::Verdicts::of(game, Some(tablebase), None);
    let probe = verdicts.tables?;
    let mover = position.side_to_move();
    let winner = match probe.verdict {
        Verdict::Win => Some(mover),
        Verdict::Loss => Some(mover.opposite()),
        Verdict::Draw => None,
    };
    let board = position.board();
    let mut turns: Vec<(Verdict, _, TurnValue)> = position
        .legal_turns()
        .iter()
        .filter_map(|turn| {
            let (verdict, value) = tablebase.turn_value(position, turn)?;
            Some((
                verdict,
                value,
                TurnValue {
                    turn: turn.text(board),
                    verdict: verdict.to_string(),
                    value: value.to_string(),
                    words: value_in_words(verdict, value, "wins", "draws", "loses"),
                },
            ))
        })
        .collect();
    turns.sort_by_key(|(verdict, value, _)| std::cmp::Reverse((*verdict, *value)));
    let result = match winner {
        Some(side) => format!("{side} wins"),
        None => "a draw".to_owned(),
    };
    let text = format!(
        "Endgame tables: {}",
        value_in_words(probe.verdict, probe.value, &result, &result, &result)
    );
    Some(TablesVerdict {
        verdict: probe.verdict.to_string(),
        winner,
        value: probe.value.to_string(),
        text,
        turns: turns.into_iter().map(|(_, _, value)| value).collect(),
    })
}

/// A value of the tables in words, with `verdict` at the position's
/// counter of quiet turns: `win` (`wins — next removal within 12 turns`),
/// `draw` (`draws`; `draws — the sixty-turn rule (E4) comes before the
/// next removal` where the value's win or loss comes too late), `loss`.
fn value_in_words(verdict: Verdict, value: Value, win: &str, draw: &str, loss: &str) -> String {
    let within = |turns: u8| match turns {
        1 => "next removal this turn".to_owned(),
        turns => format!("next removal within {turns} turns"),
    };
    match (verdict, value) {
        (Verdict::Win, Value::Win(turns)) => format!("{win} — {}", within(turns)),
        (Verdict::Loss, Value::Loss(0)) => format!("{loss} — the game is over"),
        (Verdict::Loss, Value::Loss(turns)) => format!("{loss} — {}", within(turns)),
        (Verdict::Draw, Value::Win(_) | Value::Loss(_)) => {
            format!("{draw} — the sixty-turn rule (E4) comes before the next removal")
        }
        (verdict, _) => match verdict {
            Verdict::Win => win.to_owned(),
            Verdict::Draw => draw.to_owned(),
            Verdict::Loss => loss.to_owned(),
        },
    }
}

/// What `proof` says of `game`'s position: its turn there when its side
/// is to move; when the other side is to move, its verdict if every turn
/// leads to a position the proof has a turn for, or ends the game as the
/// proof's goal asks.
pub fn proof_verdict(proof: &Proof, game: &Game) -> Option<ProofVerdict> {
    let position = game.position();
    if proof.strategy.ruleset() != position.ruleset() {
        return None;
    }
    let goal = proof.goal;
    let board = position.board();
    let turn = if position.side_to_move() == goal.side {
        Some(proof.turn_for(position)?.text(board))
    } else {
        let turns = position.legal_turns();
        let covered = !turns.is_empty()
            && turns.iter().all(|turn| {
                let after = position.play_unchecked(turn);
                proof.strategy.contains(&after)
                    || after.outcome().is_some_and(|outcome| goal.met_by(outcome))
            });
        if !covered {
            return None;
        }
        None
    };
    let text = match &turn {
        Some(turn) => format!("Proof: {goal} (proved); the proved turn: {turn}"),
        None => format!(
            "Proof: {goal} (proved), whatever {} plays",
            goal.side.opposite()
        ),
    };
    Some(ProofVerdict {
        goal: goal.to_string(),
        side: goal.side,
        turn,
        text,
    })
}

/// One of the best lines of an analysis as the page shows it.
#[derive(Clone, Debug, Serialize)]
pub struct LineScore {
    /// What it is worth, in words: `White is ahead by 0.35 pieces`.
    pub evaluation: String,
    /// What it is worth in hundredths of a piece from White's side, cut
    /// to ±[`DECIDED`] (a win is [`DECIDED`]).
    pub white: i32,
    /// Its turns (N2).
    pub turns: Vec<String>,
}

/// An analysis as it deepens: sent after each depth.
#[derive(Clone, Debug, Serialize)]
pub struct AnalysisProgress {
    /// The depth reached.
    pub depth: u32,
    /// The position's evaluation, in words.
    pub evaluation: String,
    /// The same in hundredths of a piece from White's side, cut to
    /// ±[`DECIDED`].
    pub white: i32,
    /// Positions searched so far.
    pub nodes: u64,
    /// Positions a second.
    pub nps: u64,
    /// Milliseconds since the search began.
    pub time_ms: u64,
    /// The best lines, best first.
    pub lines: Vec<LineScore>,
}

/// Why an analysis ended.
#[derive(Clone, Debug, Serialize)]
pub struct AnalysisDone {
    /// `depth` (the deepest was reached, or the position is decided),
    /// `time` (the server's limit), `stopped` (no one listens any more),
    /// `over` (the game is over: nothing to analyse) or `failed`.
    pub reason: &'static str,
    /// The depth reached.
    pub depth: u32,
}

/// What an analysis sends to the page.
enum Update {
    Waiting,
    Progress(AnalysisProgress),
    Done(AnalysisDone),
}

impl event_stream::Update for Update {
    fn event(&self) -> Event {
        let event = match self {
            Update::Waiting => return event_stream::waiting(),
            Update::Progress(progress) => Event::default().event("progress").json_data(progress),
            Update::Done(done) => Event::default().event("done").json_data(done),
        };
        event.unwrap_or_else(|_| Event::default().event("error"))
    }

    fn is_last(&self) -> bool {
        matches!(self, Update::Done(_))
    }
}

/// `GET /api/analysis/events`: server-sent events: `waiting` while every
/// analysis place is busy, `progress` after each depth, then `done`.
pub async fn events(
    State(server): State<Arc<Server>>,
    Query(query): Query<EventsQuery>,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, ApiError> {
    let turns = event_stream::line_turns(query.turns.as_deref());
    let game = line_game(
        Some(&query.variant),
        query.position.as_deref(),
        None,
        &turns,
    )?;
    let lines = match query.lines {
        None => LINES,
        Some(n @ 1..=MOST_LINES) => n,
        Some(n) => {
            return Err(ApiError::bad_request(format!(
                "lines: {n} is not from 1 to {MOST_LINES}"
            )));
        }
    };
    let (sender, receiver) = mpsc::channel(64);
    let stop = Stop::new();
    let pool = server.pool().clone();
    let time = server.config().analysis_time;
    let job_stop = stop.clone();
    tokio::spawn(async move {
        if game.ending().is_some() {
            let done = AnalysisDone {
                reason: "over",
                depth: 0,
            };
            sender.send(Update::Done(done)).await.ok();
            return;
        }
        let waiting = sender.clone();
        let ran = pool
            .analyse(
                || async move {
                    waiting.send(Update::Waiting).await.ok();
                },
                {
                    let sender = sender.clone();
                    move || analyse(&game, lines, time, &job_stop, &sender)
                },
            )
            .await;
        let done = ran.unwrap_or(AnalysisDone {
            reason: "failed",
            depth: 0,
        });
        sender.send(Update::Done(done)).await.ok();
    });
    Ok(event_stream::stream(receiver, stop))
}

/// Analyses `game`'s position, sending each depth's result on `sender`,
/// until the deepest depth, `time`, or `stop`.
fn analyse(
    game: &Game,
    lines: usize,
    time: Duration,
    stop: &Stop,
    sender: &mpsc::Sender<Update>,
) -> AnalysisDone {
    let mover = game.side_to_move();
    let board = game.start().board();
    let mut searcher = Searcher::new(TABLE_MB);
    searcher.lines = lines;
    searcher.share_stop(stop.clone());
    searcher.set_tablebase(analysis::tablebase_for(game.ruleset(), None));
    let limits = Limits {
        time: Some(time),
        ..Limits::depth(MAX_DEPTH)
    };
    let result = searcher.search(game, limits, |progress| {
        let update = AnalysisProgress {
            depth: progress.depth,
            evaluation: score_in_words(progress.score, mover),
            white: for_white(progress.score, mover),
            nodes: progress.nodes,
            nps: progress.nodes_per_second(),
            time_ms: u64::try_from(progress.time.as_millis()).unwrap_or(u64::MAX),
            lines: progress
                .lines
                .iter()
                .map(|line| LineScore {
                    evaluation: score_in_words(line.score, mover),
                    white: for_white(line.score, mover),
                    turns: line.pv.iter().map(|turn| turn.text(board)).collect(),
                })
                .collect(),
        };
        // The page has gone: no one listens.
        if sender.blocking_send(Update::Progress(update)).is_err() {
            stop.stop();
        }
    });
    let reason = if result.cut_short && result.time >= time {
        "time"
    } else if result.cut_short {
        "stopped"
    } else {
        "depth"
    };
    AnalysisDone {
        reason,
        depth: result.depth,
    }
}

/// `score`, for `mover`, in hundredths of a piece from White's side, cut
/// to ±[`DECIDED`].
pub fn for_white(score: Score, mover: Side) -> i32 {
    let score = if mover == Side::White {
        score.0
    } else {
        -score.0
    };
    score.clamp(-DECIDED, DECIDED)
}

#[cfg(test)]
mod tests {
    use alquerque_proof::Goal;

    use super::*;

    fn alquerque(text: &str) -> Game {
        Game::from_position(Position::parse(Ruleset::ALQUERQUE, text).expect("a position"))
    }

    /// The tables' verdict is the probe's, said for the side named, and
    /// every legal turn is valued, best first, as `turn_value` values it.
    #[test]
    fn the_tables_verdict_is_the_probe_and_the_turns_are_valued_best_first() {
        let tablebase = Tablebase::build(Ruleset::ALQUERQUE, 3, &|_| {}).expect("tables");
        let mut verdicts = Vec::new();
        for text in [
            "W:Wc3,e1:Bc5",
            "B:Wc3,e1:Bc5",
            "W:Wc3:Ba5,e5",
            "B:Wc3:Ba5,e5:C59",
        ] {
            let game = alquerque(text);
            let probe = tablebase.probe(game.position()).expect("covered");
            let verdict = tables_verdict(&tablebase, &game).expect("covered");
            assert_eq!(verdict.verdict, probe.verdict.to_string(), "{text}");
            assert_eq!(verdict.value, probe.value.to_string(), "{text}");
            let mover = game.side_to_move();
            let expected = match probe.verdict {
                Verdict::Win => Some(mover),
                Verdict::Loss => Some(mover.opposite()),
                Verdict::Draw => None,
            };
            assert_eq!(verdict.winner, expected, "{text}");
            match expected {
                Some(side) => assert!(verdict.text.contains(&format!("{side} wins")), "{text}"),
                None => assert!(verdict.text.contains("a draw"), "{text}"),
            }
            let position = game.position();
            assert_eq!(verdict.turns.len(), position.legal_turns().len(), "{text}");
            let (best, best_verdict, best_value) = tablebase.best_turn(position).expect("a turn");
            assert_eq!(verdict.turns[0].verdict, best_verdict.to_string(), "{text}");
            assert_eq!(verdict.turns[0].value, best_value.to_string(), "{text}");
            let board = position.board();
            let listed = verdict.turns.iter().find(|t| t.turn == best.text(board));
            assert!(listed.is_some(), "{text}");
            // In words, plainly: who wins, and within how many turns the
            // next removal comes (not `win in 2`, which reads as a win in
            // two turns).
            for value in &verdict.turns {
                let (word, distance) = match value.verdict.as_str() {
                    "win" => ("wins", value.value.strip_prefix("win in ")),
                    "loss" => ("loses", value.value.strip_prefix("loss in ")),
                    _ => ("draws", None),
                };
                assert!(value.words.starts_with(word), "{text}: {value:?}");
                if let Some(turns) = distance.filter(|d| *d != "1") {
                    let said = format!("next removal within {turns} turns");
                    assert!(value.words.ends_with(&said), "{text}: {value:?}");
                }
            }
            let distance = (verdict.verdict != "draw")
                .then(|| verdict.value.split_once(" in ").map(|(_, turns)| turns))
                .flatten();
            if let Some(turns) = distance.filter(|d| *d != "1") {
                let said = format!("— next removal within {turns} turns");
                assert!(verdict.text.ends_with(&said), "{text}: {}", verdict.text);
            }
            verdicts.push(probe.verdict);
        }
        assert!(verdicts.contains(&Verdict::Win) && verdicts.contains(&Verdict::Loss));
        // Not covered: four pieces.
        assert!(tables_verdict(&tablebase, &alquerque("W:Wc3,e1:Bc5,a5")).is_none());
    }

    /// A proof gives its turn where its side is to move, its verdict
    /// where every turn of the other side leads into it, and nothing
    /// elsewhere or in another game.
    #[test]
    fn a_proof_gives_its_turn_or_its_verdict_where_it_covers_the_position() {
        let start = Position::parse(Ruleset::ALQUERQUE, "W:Wc1:Ba5,e5").expect("a position");
        let mut proof = Proof::new(Goal::win(Side::White), start);
        let turn = start.parse_turn("c1-c2").expect("legal");
        proof.strategy.insert(&start, &turn).expect("inserted");
        let verdict = proof_verdict(&proof, &Game::from_position(start)).expect("covered");
        assert_eq!(verdict.turn.as_deref(), Some("c1-c2"));
        assert_eq!(verdict.goal, "White wins");
        assert!(verdict.text.contains("White wins"), "{}", verdict.text);
        // Black to move after c1-c2: covered only if every Black turn
        // leads into the strategy; here none does.
        let after = Game::from_position(start.play_unchecked(&turn));
        assert!(proof_verdict(&proof, &after).is_none());
        for reply in after.position().legal_turns().iter() {
            let next = after.position().play_unchecked(reply);
            if let Some(answer) = next.legal_turns().iter().next() {
                proof.strategy.insert(&next, answer).expect("inserted");
            }
        }
        let verdict = proof_verdict(&proof, &after).expect("every reply is covered");
        assert_eq!(verdict.turn, None);
        assert!(
            verdict.text.contains("whatever Black plays"),
            "{}",
            verdict.text
        );
        // Another game's position.
        let permainan = Game::new(Ruleset::PERMAINAN);
        assert!(proof_verdict(&proof, &permainan).is_none());
    }

    #[test]
    fn a_line_is_read_from_a_position_or_a_record_and_its_faults_are_said() {
        let turns = |t: &[&str]| t.iter().map(|t| (*t).to_owned()).collect::<Vec<_>>();
        let game =
            line_game(Some("alquerque"), None, None, &turns(&["c2-c3", "c4xc2"])).expect("a line");
        assert_eq!(game.turns().len(), 2);
        let refused = line_game(Some("alquerque"), None, None, &turns(&["c2-c3", "c4-c3"]))
            .expect_err("illegal");
        assert_eq!(refused.status.as_u16(), 422);
        assert!(
            refused.message.starts_with("turn 2 (`c4-c3`)"),
            "{}",
            refused.message
        );
        let refused = line_game(Some("permainan"), Some("W:Wa5:Bc1"), None, &[])
            .expect_err("a man on its far base");
        assert_eq!(refused.status.as_u16(), 422);
        assert!(refused.message.contains("(M6)"), "{}", refused.message);
        let unknown = line_game(Some("chess"), None, None, &[]).expect_err("no such game");
        assert_eq!(unknown.status.as_u16(), 404);
        assert_eq!(
            line_game(None, None, None, &[])
                .expect_err("no game")
                .status
                .as_u16(),
            400
        );
        // A resigned game's last position is analysed as it stands.
        let record = "[Variant \"Alquerque\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"0-1\"]\n\n1. c2-c3 c4xc2 0-1\n";
        let game = line_game(None, None, Some(record), &turns(&["c1xc3"])).expect("a record");
        assert_eq!(game.turns().len(), 3);
        assert!(game.ending().is_none());
        let mismatch =
            line_game(Some("permainan"), None, Some(record), &[]).expect_err("another game");
        assert_eq!(mismatch.status.as_u16(), 400);
        let both = line_game(Some("alquerque"), Some("W:Wc1:Bc3"), Some(record), &[]);
        assert_eq!(both.expect_err("both").status.as_u16(), 400);
        let too_many = vec!["c2-c3".to_owned(); MOST_TURNS_IN_LINE + 1];
        assert_eq!(
            line_game(Some("alquerque"), None, None, &too_many)
                .expect_err("long")
                .status
                .as_u16(),
            400
        );
    }

    #[test]
    fn evaluations_for_the_bar_are_from_whites_side_and_cut() {
        assert_eq!(for_white(Score(35), Side::White), 35);
        assert_eq!(for_white(Score(35), Side::Black), -35);
        assert_eq!(for_white(Score::win_in(3), Side::Black), -DECIDED);
        assert_eq!(for_white(Score(-5000), Side::Black), DECIDED);
    }
}
