//! Game reports on the web ([`crate::report`]: every turn classified, the
//! evaluation graph, each player's summary, the record annotated), worked
//! out on the pool's analysis places with their progress as server-sent
//! events: for a game on the server (`GET /api/games/{id}/report/events`:
//! the report is kept with the game, and sent at once while the game has
//! not changed) and for any line (`GET /api/report/events`: the analysis
//! board's, or an uploaded record's).

use std::convert::Infallible;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use alquerque_ai::Stop;
use axum::extract::{Path, Query, State};
use axum::response::sse::{Event, Sse};
use futures_util::Stream;
use peralikatuma_rules::{Game, Record};
use serde::{Deserialize, Serialize};
use tokio::sync::mpsc;

use super::analysis_board::line_game;
use super::error::ApiError;
use super::event_stream;
use super::server::Server;
use super::store::StoredReport;
use crate::analysis;
use crate::report::{self, Report};

/// `GET /api/report/events?variant=V&position=N3&turns=T1;T2&depth=8`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LineReportQuery {
    /// The game's id.
    pub variant: String,
    /// The line's start (N3), else the game's start.
    #[serde(default)]
    pub position: Option<String>,
    /// The line's turns, separated by `;`.
    #[serde(default)]
    pub turns: Option<String>,
    /// The depth of the searches (1 to [`report::MAX_DEPTH`];
    /// [`report::DEFAULT_DEPTH`] unless said).
    #[serde(default)]
    pub depth: Option<u32>,
}

/// `GET /api/games/{id}/report/events?depth=8`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameReportQuery {
    /// The depth of the searches.
    #[serde(default)]
    pub depth: Option<u32>,
}

/// What the `report` event carries.
#[derive(Serialize)]
pub struct ReportView<'a> {
    /// The report.
    pub report: &'a Report,
    /// The game record (N4) with each turn's class as a comment.
    pub annotated: String,
}

/// What a report's stream sends.
enum Update {
    Waiting,
    Progress { done: usize, total: usize },
    Report(String),
    Done(&'static str),
}

impl event_stream::Update for Update {
    fn event(&self) -> Event {
        let event = match self {
            Update::Waiting => return event_stream::waiting(),
            Update::Progress { done, total } => Event::default()
                .event("progress")
                .json_data(serde_json::json!({ "done": done, "total": total })),
            Update::Report(json) => Ok(Event::default().event("report").data(json)),
            Update::Done(reason) => Event::default()
                .event("done")
                .json_data(serde_json::json!({ "reason": reason })),
        };
        event.unwrap_or_else(|_| Event::default().event("error"))
    }

    fn is_last(&self) -> bool {
        matches!(self, Update::Done(_))
    }
}

/// The depth asked for, checked.
fn depth(asked: Option<u32>) -> Result<u32, ApiError> {
    match asked {
        None => Ok(report::DEFAULT_DEPTH),
        Some(depth @ 1..=report::MAX_DEPTH) => Ok(depth),
        Some(depth) => Err(ApiError::bad_request(format!(
            "depth: {depth} is not from 1 to {}",
            report::MAX_DEPTH
        ))),
    }
}

/// The turns of `game` in the notation, separated by spaces: what a kept
/// report is a report of.
fn turns_text(game: &Game) -> String {
    let board = game.start().board();
    let texts: Vec<String> = game.turns().iter().map(|turn| turn.text(board)).collect();
    texts.join(" ")
}

/// `GET /api/report/events`: server-sent events: `waiting` while every
/// analysis place is busy (and then `progress {done: 0, total}` once the
/// work begins, what the page times the report from), `progress {done,
/// total}` after each position,
/// then `report {report, annotated}` and `done {reason}` (`done`, `kept`
/// for a kept report sent again, `time`
/// when the server's limit cut it short, `stopped`, `failed`).
pub async fn line_events(
    State(server): State<Arc<Server>>,
    Query(query): Query<LineReportQuery>,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, ApiError> {
    let turns = event_stream::line_turns(query.turns.as_deref());
    let game = line_game(
        Some(&query.variant),
        query.position.as_deref(),
        None,
        &turns,
    )?;
    let depth = depth(query.depth)?;
    let (receiver, stop) = start_report(server, Record::new(game), depth, None);
    Ok(event_stream::stream(receiver, stop))
}

/// `GET /api/games/{id}/report/events`: as `/api/report/events`, for the
/// game `id` (no seat needed, as for its record): the report kept with
/// the game when it is of the game as it stands and of that depth, else
/// one worked out and then kept.
pub async fn game_events(
    State(server): State<Arc<Server>>,
    Path(id): Path<String>,
    Query(query): Query<GameReportQuery>,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, ApiError> {
    let depth = depth(query.depth)?;
    let entry = server.entry(&id).await?;
    let record = {
        let table = entry.lock().await;
        table.session.record()
    };
    let turns = turns_text(&record.game);
    let kept = server
        .kept_report(&id)
        .await?
        .filter(|kept| kept.turns == turns && kept.depth == depth);
    let (receiver, stop) = match kept {
        Some(kept) => {
            let (sender, receiver) = mpsc::channel(2);
            for update in [Update::Report(kept.json), Update::Done("kept")] {
                sender.try_send(update).ok();
            }
            (receiver, Stop::new())
        }
        None => start_report(server, record, depth, Some(id)),
    };
    Ok(event_stream::stream(receiver, stop))
}

/// Starts a report of `record`'s game searched to `depth`, kept with the
/// game `keep` once done: what it sends, and what stops it.
fn start_report(
    server: Arc<Server>,
    record: Record,
    depth: u32,
    keep: Option<String>,
) -> (mpsc::Receiver<Update>, Stop) {
    let (sender, receiver) = mpsc::channel(64);
    let stop = Stop::new();
    let job_stop = stop.clone();
    let time = server.config().analysis_time;
    tokio::spawn(async move {
        let waiting = sender.clone();
        let work_sender = sender.clone();
        let game = record.game.clone();
        let waited = Arc::new(AtomicBool::new(false));
        let waits = waited.clone();
        let made = server
            .pool()
            .analyse(
                || async move {
                    waits.store(true, Ordering::Relaxed);
                    waiting.send(Update::Waiting).await.ok();
                },
                move || {
                    // After a wait for a place, the page is told when the
                    // work begins: a report's time is its work's, not the
                    // wait's.
                    let total = record.game.turns().len() + 1;
                    let begun = Update::Progress { done: 0, total };
                    if waited.load(Ordering::Relaxed) && work_sender.blocking_send(begun).is_err() {
                        return Made::Stopped;
                    }
                    report_of(&record, depth, time, &job_stop, &work_sender)
                },
            )
            .await;
        let reason = match made {
            Some(Made::Report(json)) => {
                if let Some(id) = keep {
                    let kept = StoredReport {
                        turns: turns_text(&game),
                        depth,
                        json: json.clone(),
                    };
                    // A report not kept is still shown.
                    server.keep_report(&id, kept).await.ok();
                }
                sender.send(Update::Report(json)).await.ok();
                "done"
            }
            Some(Made::TimeUp) => "time",
            Some(Made::Stopped) => "stopped",
            Some(Made::Failed) | None => "failed",
        };
        sender.send(Update::Done(reason)).await.ok();
    });
    (receiver, stop)
}

/// What a report's work came to.
enum Made {
    /// The report and its annotated record, as JSON.
    Report(String),
    /// Cut short by the server's time limit.
    TimeUp,
    /// Stopped: no one listens any more.
    Stopped,
    /// The report could not be written as JSON.
    Failed,
}

/// The report of `record`'s game, its progress sent on `sender`, within
/// `time`.
fn report_of(
    record: &Record,
    depth: u32,
    time: Duration,
    stop: &Stop,
    sender: &mpsc::Sender<Update>,
) -> Made {
    let game = &record.game;
    let ruleset = game.ruleset();
    let tablebase = analysis::tablebase_for(ruleset, None);
    let proof = analysis::solution_for(ruleset, None);
    let began = Instant::now();
    let mut time_up = false;
    let report = Report::of(game, depth, tablebase, proof, stop, |done, total| {
        let gone = sender
            .blocking_send(Update::Progress { done, total })
            .is_err();
        time_up = time_up || began.elapsed() >= time;
        // Raised after every position: a search that ends as the stop
        // comes clears it.
        if gone || time_up {
            stop.stop();
        }
    });
    match report {
        Some(report) => {
            let view = ReportView {
                annotated: report.annotated_record(record),
                report: &report,
            };
            match serde_json::to_string(&view) {
                Ok(json) => Made::Report(json),
                Err(_) => Made::Failed,
            }
        }
        None if time_up => Made::TimeUp,
        None => Made::Stopped,
    }
}
