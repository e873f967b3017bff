//! The server's HTTP API as the tool sees it: the client, the event
//! streams, the answers it reads, and the failures of requests.

use std::collections::BTreeMap;
use std::pin::Pin;
use std::time::{Duration, Instant};

use futures_util::{Stream, StreamExt};
use serde::Deserialize;
use serde_json::{Value, json};

/// The header that carries a seat's token.
const TOKEN_HEADER: &str = "x-seat-token";

/// Why a request failed.
#[derive(Debug)]
pub(crate) enum Failure {
    /// The server answered with another status than the one expected.
    Status {
        /// The status.
        status: u16,
        /// The `error` of its JSON reason, if any.
        error: String,
    },
    /// No answer: the connection failed, was cut, or timed out.
    Transport(String),
    /// An answer that cannot be read as expected.
    Malformed(String),
}

impl Failure {
    /// Its kind, to count failures by.
    pub(crate) fn kind(&self) -> String {
        match self {
            Failure::Status { status, error } => format!("HTTP {status} {error}"),
            Failure::Transport(kind) => format!("transport: {kind}"),
            Failure::Malformed(_) => "malformed answer".to_owned(),
        }
    }

    /// Whether no answer came.
    pub(crate) fn is_transport(&self) -> bool {
        matches!(self, Failure::Transport(_))
    }
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::Malformed(what) => write!(f, "malformed answer: {what}"),
            other => f.write_str(&other.kind()),
        }
    }
}

impl From<reqwest::Error> for Failure {
    fn from(error: reqwest::Error) -> Failure {
        let kind = if error.is_timeout() {
            "timeout"
        } else if error.is_connect() {
            "cannot connect"
        } else if error.is_body() || error.is_decode() {
            "body cut or unreadable"
        } else if error.is_request() {
            "request failed"
        } else {
            "other"
        };
        Failure::Transport(kind.to_owned())
    }
}

/// Failures counted by kind.
#[derive(Default, Debug)]
pub(crate) struct Tally(pub(crate) BTreeMap<String, u64>);

impl Tally {
    /// Counts one `failure`.
    pub(crate) fn add(&mut self, failure: &Failure) {
        *self.0.entry(failure.kind()).or_default() += 1;
    }

    /// All failures counted.
    pub(crate) fn total(&self) -> u64 {
        self.0.values().sum()
    }

    /// `none`, or each kind with its count.
    pub(crate) fn said(&self) -> String {
        if self.0.is_empty() {
            return "none".to_owned();
        }
        self.0
            .iter()
            .map(|(kind, n)| format!("{n} × {kind}"))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// A turn as the state lists it.
#[derive(Clone, Debug, Deserialize)]
pub(crate) struct Turn {
    /// In N2.
    pub(crate) text: String,
}

/// What the tool reads of a game's state.
#[derive(Clone, Debug, Deserialize)]
pub(crate) struct State {
    /// Turns played.
    pub(crate) number: usize,
    /// Grows with every change.
    pub(crate) version: u64,
    /// `white` or `black`.
    pub(crate) side_to_move: String,
    /// Whether the machine is to move.
    pub(crate) thinking: bool,
    /// How the game ended, once it has.
    pub(crate) outcome: Option<Value>,
    /// The legal turns now.
    pub(crate) turns: Vec<Turn>,
    /// The turns played.
    pub(crate) moves: Vec<Turn>,
    /// The friend's invitation, for the owner while it waits.
    pub(crate) invite: Option<String>,
}

/// What `POST /api/games` answers.
#[derive(Debug, Deserialize)]
pub(crate) struct Created {
    /// The game's id.
    pub(crate) id: String,
    /// The owner's token.
    pub(crate) token: String,
    /// The game.
    pub(crate) state: State,
}

/// What the tool reads of `GET /api/server`.
#[derive(Clone, Debug, Default, Deserialize)]
pub(crate) struct ServerFigures {
    /// Games in the database.
    pub(crate) games_kept: u64,
    /// Games in memory.
    pub(crate) games_in_memory: u64,
    /// The machine's thinkers and their tables.
    pub(crate) pool: PoolFigures,
}

/// The pool's part of `GET /api/server`.
#[derive(Clone, Debug, Default, Deserialize)]
pub(crate) struct PoolFigures {
    /// Thinking threads.
    pub(crate) threads: u64,
    /// Transposition tables alive.
    pub(crate) tables: u64,
    /// Their bytes.
    pub(crate) table_bytes: u64,
    /// Tables made since the start.
    pub(crate) made: u64,
}

/// The server's HTTP API, over loopback.
#[derive(Clone)]
pub(crate) struct Api {
    /// For requests that answer at once (bounded by a timeout).
    client: reqwest::Client,
    /// For event streams (no overall timeout; a read timeout longer than
    /// the server's keep-alive).
    streams: reqwest::Client,
    /// `http://127.0.0.1:PORT`.
    base: String,
}

impl Api {
    /// The API of the server at `base`.
    pub(crate) fn new(base: &str) -> Result<Api, String> {
        let build = |builder: reqwest::ClientBuilder| {
            builder
                .no_proxy()
                .redirect(reqwest::redirect::Policy::none())
                .connect_timeout(Duration::from_secs(10))
                .build()
                .map_err(|e| format!("cannot make an HTTP client: {e}"))
        };
        Ok(Api {
            client: build(reqwest::Client::builder().timeout(Duration::from_secs(60)))?,
            streams: build(reqwest::Client::builder().read_timeout(Duration::from_secs(60)))?,
            base: base.to_owned(),
        })
    }

    /// The JSON of `response`, which should have status `expected`.
    async fn json<T: for<'de> Deserialize<'de>>(
        response: reqwest::Response,
        expected: u16,
    ) -> Result<T, Failure> {
        let status = response.status().as_u16();
        let bytes = response.bytes().await?;
        if status != expected {
            let error = serde_json::from_slice::<Value>(&bytes)
                .ok()
                .and_then(|body| body["error"].as_str().map(str::to_owned))
                .unwrap_or_default();
            return Err(Failure::Status { status, error });
        }
        serde_json::from_slice(&bytes).map_err(|e| Failure::Malformed(e.to_string()))
    }

    /// `POST /api/games` with `body`.
    pub(crate) async fn create(&self, body: &Value) -> Result<Created, Failure> {
        let response = self
            .client
            .post(format!("{}/api/games", self.base))
            .json(body)
            .send()
            .await?;
        Api::json(response, 201).await
    }

    /// `GET /api/games/{id}` as the seat of `token`.
    pub(crate) async fn state(&self, id: &str, token: &str) -> Result<State, Failure> {
        let response = self
            .client
            .get(format!("{}/api/games/{id}", self.base))
            .header(TOKEN_HEADER, token)
            .send()
            .await?;
        Api::json(response, 200).await
    }

    /// `POST /api/games/{id}/turn` as the seat of `token`.
    pub(crate) async fn play(
        &self,
        id: &str,
        token: &str,
        turn: &str,
        number: usize,
    ) -> Result<State, Failure> {
        let response = self
            .client
            .post(format!("{}/api/games/{id}/turn", self.base))
            .header(TOKEN_HEADER, token)
            .json(&json!({"turn": turn, "number": number}))
            .send()
            .await?;
        Api::json(response, 200).await
    }

    /// `GET /api/server`.
    async fn server(&self) -> Result<ServerFigures, Failure> {
        let response = self
            .client
            .get(format!("{}/api/server", self.base))
            .send()
            .await?;
        Api::json(response, 200).await
    }

    /// Opens the friend's invitation `path` of game `id`: the friend's
    /// token, from the cookie the answer sets.
    pub(crate) async fn join(&self, id: &str, path: &str) -> Result<String, Failure> {
        let response = self
            .client
            .get(format!("{}{path}", self.base))
            .send()
            .await?;
        let status = response.status().as_u16();
        if status != 303 {
            return Err(Failure::Status {
                status,
                error: "invite".to_owned(),
            });
        }
        let name = format!("seat-{id}=");
        response
            .headers()
            .get_all(reqwest::header::SET_COOKIE)
            .iter()
            .filter_map(|value| value.to_str().ok())
            .find_map(|cookie| {
                let rest = cookie.strip_prefix(&name)?;
                Some(rest.split(';').next().unwrap_or_default().to_owned())
            })
            .ok_or_else(|| Failure::Malformed("the invitation set no seat's cookie".to_owned()))
    }

    /// Opens the event stream of game `id` as the seat of `token`.
    pub(crate) async fn events(&self, id: &str, token: &str) -> Result<Events, Failure> {
        let response = self
            .streams
            .get(format!("{}/api/games/{id}/events", self.base))
            .header(TOKEN_HEADER, token)
            .header(reqwest::header::ACCEPT, "text/event-stream")
            .send()
            .await?;
        let status = response.status().as_u16();
        if status != 200 {
            return Err(Failure::Status {
                status,
                error: "events".to_owned(),
            });
        }
        Ok(Events {
            body: Box::pin(response.bytes_stream()),
            pending: Vec::new(),
        })
    }
}

/// The bytes of an event stream as they come (axum re-exports the
/// `Bytes` type reqwest streams).
type ByteStream = Pin<Box<dyn Stream<Item = reqwest::Result<axum::body::Bytes>> + Send>>;

/// A game's event stream (SSE), read one `state` event at a time.
pub(crate) struct Events {
    /// The bytes still to come.
    body: ByteStream,
    /// Bytes come and not yet read as events.
    pending: Vec<u8>,
}

impl Events {
    /// The data of the next `state` event, read as `T`; `None` when the
    /// stream has ended.
    pub(crate) async fn next<T: for<'de> Deserialize<'de>>(
        &mut self,
    ) -> Result<Option<T>, Failure> {
        loop {
            while let Some(end) = self.pending.windows(2).position(|w| w == b"\n\n") {
                let block: Vec<u8> = self.pending.drain(..end + 2).collect();
                let block = String::from_utf8_lossy(&block);
                let mut name = "message";
                let mut data = String::new();
                for line in block.lines() {
                    let line = line.trim_end_matches('\r');
                    if let Some(value) = line.strip_prefix("event:") {
                        name = value.trim();
                    } else if let Some(value) = line.strip_prefix("data:") {
                        if !data.is_empty() {
                            data.push('\n');
                        }
                        data.push_str(value.strip_prefix(' ').unwrap_or(value));
                    }
                }
                if name == "state" {
                    return serde_json::from_str(&data)
                        .map(Some)
                        .map_err(|e| Failure::Malformed(format!("an event's state: {e}")));
                }
            }
            match self.body.next().await {
                Some(Ok(bytes)) => self.pending.extend(bytes.iter().filter(|&&b| b != b'\r')),
                Some(Err(error)) => return Err(error.into()),
                None => return Ok(None),
            }
        }
    }
}

/// `GET /api/server`, or what went wrong in words.
pub(crate) async fn server_figures(api: &Api) -> Result<ServerFigures, String> {
    api.server()
        .await
        .map_err(|failure| format!("GET /api/server failed: {failure}"))
}

/// Waits until the server answers `GET /api/server` (it says where it
/// listens before it opens its database): how long that took, in
/// seconds.
pub(crate) async fn ready(api: &Api) -> Result<f64, String> {
    let began = Instant::now();
    loop {
        match api.server().await {
            Ok(_) => return Ok(began.elapsed().as_secs_f64()),
            Err(failure) if began.elapsed() > Duration::from_secs(60) => {
                return Err(format!("the server does not answer: {failure}"));
            }
            Err(_) => tokio::time::sleep(Duration::from_millis(10)).await,
        }
    }
}
