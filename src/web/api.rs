//! The HTTP API: JSON in and out, every refusal a 4xx with a JSON reason.
//! A request that changes a game needs its seat's secret token, sent as
//! the `X-Seat-Token` header or the cookie `seat-<id>` that the page gets
//! when it is opened through the seat's link.

use std::convert::Infallible;
use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::{FromRequest, Path, Query, Request, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::{Json, Router};
use futures_util::Stream;
use peralikatuma_rules::Side;
use peralikatuma_rules::{Position, Ruleset};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use tokio::sync::broadcast::error::RecvError;

use super::error::ApiError;
use super::explain::ExplainAnswer;
use super::geometry::{BoardView, graph_view};
use super::seating::{Seat, Seating};
use super::server::{Entry, Server};
use super::store::is_game_id;
use super::table::{DrawOffer, Table};
use super::view::{GameView, TurnView, view};
use super::web_game;
use crate::clock::TimeControl;
use crate::session::{Session, Settings};

/// The header that carries a seat's token.
pub const TOKEN_HEADER: &str = "x-seat-token";

/// The cookie that carries the seat's token of game `id`.
pub fn cookie_name(id: &str) -> String {
    format!("seat-{id}")
}

/// The seat's token a request carries for game `id`: the header, else the
/// game's cookie.
pub fn token(headers: &HeaderMap, id: &str) -> Option<String> {
    if let Some(value) = headers.get(TOKEN_HEADER) {
        return value.to_str().ok().map(str::to_owned);
    }
    let name = cookie_name(id);
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|cookies| cookies.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(key, _)| *key == name)
        .map(|(_, value)| value.to_owned())
}

/// Every seat's token a request carries in its cookies: each game's id
/// and the token, as the cookies `seat-<id>` hold them.
pub fn seat_cookies(headers: &HeaderMap) -> Vec<(String, String)> {
    let mut seats: Vec<(String, String)> = headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|cookies| cookies.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .filter_map(|(key, value)| Some((key.strip_prefix("seat-")?, value)))
        .filter(|(id, _)| is_game_id(id))
        .map(|(id, token)| (id.to_owned(), token.to_owned()))
        .collect();
    seats.sort();
    seats.dedup();
    seats
}

/// Whether the request reached the server over https, as a proxy in front
/// of it says (`X-Forwarded-Proto: https`, or `proto=https` in
/// `Forwarded`): cookies are then sent over https only.
pub fn over_https(headers: &HeaderMap) -> bool {
    let said = |name: &str| {
        headers
            .get_all(name)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .any(|v| v.to_ascii_lowercase().contains("https"))
    };
    said("x-forwarded-proto")
        || headers
            .get_all(header::FORWARDED)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .any(|v| v.to_ascii_lowercase().contains("proto=https"))
}

/// A `Set-Cookie` header that gives the browser the seat's token of game
/// `id`: for a year, not readable by scripts, never sent with a request
/// that another site starts (SameSite=Strict), and over https only when
/// the page was served so (`secure`).
pub fn seat_cookie(id: &str, token: &str, secure: bool) -> Option<HeaderValue> {
    let safe = |s: &str| s.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-');
    if !safe(id) || !safe(token) {
        return None;
    }
    let secure = if secure { "; Secure" } else { "" };
    HeaderValue::from_str(&format!(
        "{}={token}; Path=/; Max-Age=31536000; HttpOnly; SameSite=Strict{secure}",
        cookie_name(id)
    ))
    .ok()
}

/// A JSON body, read with the server's limit; an empty body is `{}`.
/// Malformed JSON is a 400 and a body over the limit a 413, each with a
/// JSON reason.
pub struct Body<T>(pub T);

impl<T: DeserializeOwned> FromRequest<Arc<Server>> for Body<T> {
    type Rejection = ApiError;

    async fn from_request(request: Request, server: &Arc<Server>) -> Result<Self, ApiError> {
        let bytes =
            Bytes::from_request(request, server)
                .await
                .map_err(|rejection| match rejection.status() {
                    StatusCode::PAYLOAD_TOO_LARGE => {
                        ApiError::too_large(server.config().body_limit)
                    }
                    _ => ApiError::bad_request(rejection.body_text()),
                })?;
        let text: &[u8] = if bytes.iter().all(u8::is_ascii_whitespace) {
            b"{}"
        } else {
            &bytes
        };
        serde_json::from_slice(text)
            .map(Body)
            .map_err(|error| ApiError::bad_request(format!("malformed JSON: {error}")))
    }
}

/// The game `id`, the request's seat in it.
async fn seated(
    server: &Arc<Server>,
    id: &str,
    headers: &HeaderMap,
) -> Result<(Arc<Entry>, Option<String>), ApiError> {
    let entry = server.entry(id).await?;
    Ok((entry, token(headers, id)))
}

/// The game on `entry` as the seat of `token` sees it.
async fn seen(entry: &Entry, token: Option<&str>) -> GameView {
    let table = entry.lock().await;
    view(&table, table.seat(token))
}

/// `GET /api/games/{id}`: the game as the asking seat sees it.
pub async fn game(
    State(server): State<Arc<Server>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<GameView>, ApiError> {
    let (entry, token) = seated(&server, &id, &headers).await?;
    Ok(Json({
        let entry = entry;
        seen(&entry, token.as_deref()).await
    }))
}

/// A new game, as `POST /api/games` and `GET /new` take it; every field
/// optional.
#[derive(Clone, Default, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    /// The game, by its id: any of the 21 (`Ruleset::find`, rules.md F8)
    /// [default: peralikatuma].
    pub variant: Option<String>,
    /// `human` (one screen), `friend`, `beginner`, `easy`, `medium`,
    /// `hard`, `master` [default: easy].
    pub opponent: Option<String>,
    /// The side of the person starting the game [default: white].
    pub colour: Option<String>,
    /// Who moves first (P2) [default: white].
    pub first: Option<String>,
    /// A position to start from (N3, or F9 in a family game); it says who
    /// moves first.
    pub position: Option<String>,
    /// A game record (N4) to go on with from its end; it gives the game,
    /// its start and its turns.
    pub record: Option<String>,
    /// A clock (T1): `base+increment`, minutes and seconds (`5+3`) or with
    /// units (`300s+2s`, `0+100ms`); none, empty or `none` for no clock. A
    /// record loaded brings its own (its `TimeControl` tag, the times kept)
    /// unless this chooses one. In a link, `clock=5+3` arrives as `5 3`
    /// (a `+` in a query is a space), and is read as `5+3`.
    pub clock: Option<String>,
}

fn side(text: Option<&str>, what: &str) -> Result<Side, ApiError> {
    match text.map(|t| t.trim().to_ascii_lowercase()).as_deref() {
        None | Some("") | Some("white") => Ok(Side::White),
        Some("black") => Ok(Side::Black),
        Some(other) => Err(ApiError::bad_request(format!(
            "unknown {what} `{other}` (known: white, black)"
        ))),
    }
}

/// The time control `text` names; in a link's query a `+` is a space,
/// so `5 3` reads as `5+3`.
fn clock(text: &str) -> Result<TimeControl, ApiError> {
    let text = match text.contains('+') {
        true => text.to_owned(),
        false => text.replacen(' ', "+", 1),
    };
    text.parse()
        .map_err(|e: crate::clock::TimeControlError| ApiError::bad_request(e.to_string()))
}

/// A new game made from `new`, and the fault of a record loaded up to a
/// fault. The game is the record's, else the one `new` names.
async fn start(
    server: &Arc<Server>,
    new: NewGame,
) -> Result<(Arc<Entry>, Option<String>), ApiError> {
    let ruleset = match (new.record.as_deref(), new.variant.as_deref()) {
        (Some(record), _) => Ruleset::of_record(record)
            .map_err(|e| ApiError::bad_request(format!("not a game record: {e}")))?,
        (None, Some(name)) if !name.is_empty() => {
            Ruleset::find(name).map_err(|e| ApiError::bad_request(format!("{e}")))?
        }
        (None, _) => Ruleset::PERALIKATUMA,
    };
    let (entry, fault) = start_game(server, new, ruleset).await?;
    Ok((entry, fault))
}

/// A new game of `variant` made from `new`, and the fault of a record
/// loaded up to a fault.
async fn start_game(
    server: &Arc<Server>,
    new: NewGame,
    variant: &'static Ruleset,
) -> Result<(Arc<Entry>, Option<String>), ApiError> {
    // A record brings its players (its `Opponent` and `Person` tags, as the
    // session writes them) where the request does not choose them.
    let (record, fault) = match new.record.as_deref() {
        Some(text) => {
            let (record, fault) = Server::read_record(text)?;
            (Some(record), fault)
        }
        None => (None, None),
    };
    let tag = |key: &str| {
        let record = record.as_ref()?;
        record
            .tags
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, value)| value.clone())
    };
    let new = NewGame {
        opponent: new
            .opponent
            .filter(|o| !o.is_empty())
            .or_else(|| tag("Opponent")),
        colour: new
            .colour
            .filter(|c| !c.is_empty())
            .or_else(|| tag("Person")),
        ..new
    };
    let seating: Seating = match new.opponent.as_deref().filter(|o| !o.is_empty()) {
        Some(name) => name
            .parse()
            .map_err(|e| ApiError::bad_request(format!("{e}")))?,
        None => Seating::Machine(alquerque_ai::Strength::Easy),
    };
    let mut settings = Settings {
        variant,
        opponent: seating.opponent(),
        human: side(new.colour.as_deref(), "colour")?,
        first: side(new.first.as_deref(), "side to move first")?,
        position: None,
        clock: match new.clock.as_deref().map(str::trim) {
            None | Some("" | "none") => None,
            Some(text) => Some(clock(text)?),
        },
    };
    if let Some(text) = new.position.as_deref().filter(|p| !p.trim().is_empty()) {
        let position = Position::parse(variant, text)
            .map_err(|e| ApiError::bad_request(format!("bad position: {e}")))?;
        settings.position = Some(position);
    }
    Ok((server.create(settings, record, seating).await?, fault))
}

/// What `POST /api/games` answers.
#[derive(Serialize)]
pub struct Created {
    /// The game's id.
    pub id: String,
    /// The owner's secret token.
    pub token: String,
    /// The game's page.
    pub url: String,
    /// A record loaded up to a fault: the fault (N4).
    pub fault: Option<String>,
    /// The game.
    pub state: GameView,
}

/// What `POST /api/games` answers for the game on `entry`, with the
/// owner's cookie (over https only when `secure`).
async fn created(entry: &Entry, fault: Option<String>, secure: bool) -> Response {
    let table = entry.lock().await;
    let created = Created {
        id: table.id.clone(),
        token: table.seats.owner.clone(),
        url: format!("/games/{}", table.id),
        fault,
        state: view(&table, Seat::Owner),
    };
    let mut response = (StatusCode::CREATED, Json(created)).into_response();
    if let Some(cookie) = seat_cookie(&table.id, &table.seats.owner, secure) {
        response.headers_mut().insert(header::SET_COOKIE, cookie);
    }
    response
}

/// `POST /api/games`: starts a game; answers its id, the owner's token
/// (also set as the game's cookie) and its state.
pub async fn create(
    State(server): State<Arc<Server>>,
    headers: HeaderMap,
    Body(new): Body<NewGame>,
) -> Result<Response, ApiError> {
    let (entry, fault) = start(&server, new).await?;
    let secure = over_https(&headers);
    Ok({
        let entry = entry;
        created(&entry, fault, secure).await
    })
}

/// `GET /new?variant=..&opponent=..&colour=..&first=..&clock=..`: starts a game and
/// sends the browser to its page, with the owner's seat in a cookie.
pub async fn new_game(
    State(server): State<Arc<Server>>,
    headers: HeaderMap,
    Query(new): Query<NewGame>,
) -> Result<Response, ApiError> {
    let (entry, _) = start(&server, new).await?;
    let (id, owner) = {
        let entry = entry;
        let table = entry.lock().await;
        (table.id.clone(), table.seats.owner.clone())
    };
    Ok(to_seat(&id, "", Some(&owner), over_https(&headers)))
}

/// A redirection to the page of game `id` (with `fragment`, which the
/// page reads, if not empty), giving the browser the seat's `token` in a
/// cookie (over https only when `secure`).
pub fn to_seat(id: &str, fragment: &str, token: Option<&str>, secure: bool) -> Response {
    let location = match fragment {
        "" => format!("/games/{id}"),
        fragment => format!("/games/{id}#{fragment}"),
    };
    let mut response = (StatusCode::SEE_OTHER, [(header::LOCATION, location)]).into_response();
    if let Some(cookie) = token.and_then(|t| seat_cookie(id, t, secure)) {
        response.headers_mut().insert(header::SET_COOKIE, cookie);
    }
    response
}

/// A turn sent: its text (N2) and the number of turns played when it was
/// chosen.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TurnRequest {
    /// The turn in N2: `d4-d5`, `c3xe5xg7`, `!e6 d4-d5`, `pass`.
    pub turn: String,
    /// The game's `number` when the turn was chosen.
    pub number: usize,
}

/// A request that changes the game, with the number of turns played when
/// it was made (optional: without it, it is not checked).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ActionRequest {
    /// The game's `number` when the request was made.
    pub number: Option<usize>,
}

/// Runs `change` on the game on `entry` for the seat of `token`; on
/// success the game is kept, the pages are told and the machine moves if
/// it has the move; answers the new state.
async fn change<T>(
    server: &Arc<Server>,
    entry: &Arc<Entry>,
    token: Option<&str>,
    change: impl FnOnce(&mut Table, Seat) -> Result<T, ApiError>,
) -> Result<Json<GameView>, ApiError> {
    let mut table = entry.lock().await;
    let seat = table.seat(token);
    change(&mut table, seat)?;
    server.changed(entry, &table).await?;
    Ok(Json(view(&table, seat)))
}

/// `POST /api/games/{id}/turn {"turn": "d4-d5", "number": N}`.
pub async fn turn(
    State(server): State<Arc<Server>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Body(request): Body<TurnRequest>,
) -> Result<Json<GameView>, ApiError> {
    let (entry, token) = seated(&server, &id, &headers).await?;
    {
        let entry = entry;
        change(&server, &entry, token.as_deref(), |table, seat| {
            table.play(seat, &request.turn, request.number)
        })
        .await
    }
}

/// `POST /api/games/{id}/undo`.
pub async fn undo(
    State(server): State<Arc<Server>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Body(request): Body<ActionRequest>,
) -> Result<Json<GameView>, ApiError> {
    let (entry, token) = seated(&server, &id, &headers).await?;
    {
        let entry = entry;
        change(&server, &entry, token.as_deref(), |table, seat| {
            table.undo(seat, request.number).map(drop)
        })
        .await
    }
}

/// `POST /api/games/{id}/redo`.
pub async fn redo(
    State(server): State<Arc<Server>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Body(request): Body<ActionRequest>,
) -> Result<Json<GameView>, ApiError> {
    let (entry, token) = seated(&server, &id, &headers).await?;
    {
        let entry = entry;
        change(&server, &entry, token.as_deref(), |table, seat| {
            table.redo(seat, request.number)
        })
        .await
    }
}

/// `POST /api/games/{id}/resign`: the seat's side resigns (at one screen,
/// the side to move).
pub async fn resign(
    State(server): State<Arc<Server>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Body(request): Body<ActionRequest>,
) -> Result<Json<GameView>, ApiError> {
    let (entry, token) = seated(&server, &id, &headers).await?;
    {
        let entry = entry;
        change(&server, &entry, token.as_deref(), |table, seat| {
            table.resign(seat, request.number)
        })
        .await
    }
}

/// `POST /api/games/{id}/takeback`: between two devices, asks the other
/// player to take back the asking seat's last turn (and the reply to it).
pub async fn ask_takeback(
    State(server): State<Arc<Server>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Body(request): Body<ActionRequest>,
) -> Result<Json<GameView>, ApiError> {
    let (entry, token) = seated(&server, &id, &headers).await?;
    {
        let entry = entry;
        let mut table = entry.lock().await;
        let seat = table.seat(token.as_deref());
        table.ask_takeback(seat, request.number)?;
        server.announce(&entry, &table).await?;
        Ok(Json(view(&table, seat)))
    }
}

/// `POST /api/games/{id}/takeback/accept` and `.../decline`: answers the
/// take-back the other player asked.
async fn answer_takeback(
    server: Arc<Server>,
    id: String,
    headers: HeaderMap,
    accept: bool,
) -> Result<Json<GameView>, ApiError> {
    let (entry, token) = seated(&server, &id, &headers).await?;
    {
        let entry = entry;
        let mut table = entry.lock().await;
        let seat = table.seat(token.as_deref());
        table.answer_takeback(seat, accept)?;
        match accept {
            true => server.changed(&entry, &table).await?,
            false => server.announce(&entry, &table).await?,
        }
        Ok(Json(view(&table, seat)))
    }
}

/// `POST /api/games/{id}/takeback/accept`.
pub async fn accept_takeback(
    State(server): State<Arc<Server>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<GameView>, ApiError> {
    answer_takeback(server, id, headers, true).await
}

/// `POST /api/games/{id}/takeback/decline`.
pub async fn decline_takeback(
    State(server): State<Arc<Server>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<GameView>, ApiError> {
    answer_takeback(server, id, headers, false).await
}

/// What a draw offer came to.
#[derive(Serialize)]
pub struct DrawAnswer {
    /// `agreed`, `declined` (by the machine) or `offered` (to the friend).
    pub answer: &'static str,
    /// In words.
    pub message: String,
    /// The game.
    pub state: GameView,
}

/// `POST /api/games/{id}/draw`: offers a draw. The machine accepts it or
/// not; at one screen the page has asked the other player, so it is
/// agreed; a friend is asked, or agrees if the friend had offered it too.
pub async fn draw(
    State(server): State<Arc<Server>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Body(request): Body<ActionRequest>,
) -> Result<Json<DrawAnswer>, ApiError> {
    let (entry, token) = seated(&server, &id, &headers).await?;
    {
        let entry = entry;
        offer_draw(&server, &entry, token.as_deref(), request.number).await
    }
}

/// A draw offered by the seat of `token` in the game on `entry`.
async fn offer_draw(
    server: &Arc<Server>,
    entry: &Arc<Entry>,
    token: Option<&str>,
    number: Option<usize>,
) -> Result<Json<DrawAnswer>, ApiError> {
    let mut table = entry.lock().await;
    let seat = table.seat(token);
    let (answer, message) = match table.draw_offer(seat, number)? {
        DrawOffer::Agreed => {
            table.agree_draw()?;
            server.changed(entry, &table).await?;
            ("agreed", "Draw agreed (E6).".to_owned())
        }
        DrawOffer::Offered(side) => {
            table.offer_draw(side);
            server.announce(entry, &table).await?;
            (
                "offered",
                "Draw offered: your friend is asked to accept.".to_owned(),
            )
        }
        DrawOffer::AskTheMachine => {
            let asked = Session::resume(table.session.settings().clone(), table.game().clone());
            let version = table.version;
            drop(table);
            let accepts = server.pool().accepts_draw(asked).await;
            table = entry.lock().await;
            if table.version != version {
                return Err(ApiError::conflict(
                    "stale",
                    "the game changed while the machine thought about the draw",
                ));
            }
            if accepts {
                table.agree_draw()?;
                server.changed(entry, &table).await?;
                ("agreed", "The machine accepts the draw (E6).".to_owned())
            } else {
                (
                    "declined",
                    "The machine declines the draw: the game goes on.".to_owned(),
                )
            }
        }
    };
    Ok(Json(DrawAnswer {
        answer,
        message,
        state: view(&table, seat),
    }))
}

/// `POST /api/games/{id}/draw/decline`: declines the friend's offer.
pub async fn decline_draw(
    State(server): State<Arc<Server>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<GameView>, ApiError> {
    let (entry, token) = seated(&server, &id, &headers).await?;
    {
        let entry = entry;
        change(&server, &entry, token.as_deref(), |table, seat| {
            table.decline_draw(seat)
        })
        .await
    }
}

/// What `POST /api/games/{id}/hint` answers.
#[derive(Serialize)]
pub struct Hint {
    /// The turn suggested.
    pub turn: TurnView,
    /// The game's `number` it is for.
    pub number: usize,
}

/// `POST /api/games/{id}/hint`: the machine's suggestion for the side to
/// move (the asking seat's).
pub async fn hint(
    State(server): State<Arc<Server>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<Hint>, ApiError> {
    let (entry, token) = seated(&server, &id, &headers).await?;
    {
        let entry = entry;
        hint_for(&server, &entry, token.as_deref()).await
    }
}

/// The machine's suggestion in the game on `entry` for the seat of `token`.
async fn hint_for(
    server: &Arc<Server>,
    entry: &Entry,
    token: Option<&str>,
) -> Result<Json<Hint>, ApiError> {
    let game = {
        let table = entry.lock().await;
        table.check_hint(table.seat(token))?;
        table.game().clone()
    };
    let position = *game.position();
    let number = game.turns().len();
    let turn = server
        .pool()
        .hint(game)
        .await
        .ok_or_else(|| ApiError::conflict("no_hint", "the machine found no turn"))?;
    Ok(Json(Hint {
        turn: web_game::turn_view(&position, &turn),
        number,
    }))
}

/// `GET /api/games/{id}/record`: the game record (N4) to download; no
/// token in it.
pub async fn record(
    State(server): State<Arc<Server>>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let entry = server.entry(&id).await?;
    let (game, text) = {
        let entry = entry;
        let table = entry.lock().await;
        (
            table.game().ruleset().id,
            table.session.record().to_string(),
        )
    };
    let name = format!("attachment; filename=\"{game}-{id}.txt\"");
    Ok((
        [
            (header::CONTENT_TYPE, "text/plain; charset=utf-8".to_owned()),
            (header::CONTENT_DISPOSITION, name),
        ],
        text,
    )
        .into_response())
}

/// `GET /api/games/{id}/events`: server-sent events, `state` with the game
/// as the seat sees it, at once and after every change.
pub async fn events(
    State(server): State<Arc<Server>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, ApiError> {
    let (entry, token) = seated(&server, &id, &headers).await?;
    let changes = {
        let entry = &entry;
        entry.subscribe()
    };
    let stream = futures_util::stream::unfold(
        (entry, changes, token, true),
        |(entry, mut changes, token, first)| async move {
            if !first {
                match changes.recv().await {
                    Ok(()) | Err(RecvError::Lagged(_)) => {}
                    Err(RecvError::Closed) => return None,
                }
            }
            let state = {
                let entry = &entry;
                seen(entry, token.as_deref()).await
            };
            let event = Event::default()
                .event("state")
                .json_data(&state)
                .unwrap_or_else(|_| Event::default().event("error"));
            Some((Ok(event), (entry, changes, token, false)))
        },
    );
    Ok(Sse::new(stream).keep_alive(KeepAlive::default()))
}

/// A pick to explain: the claim, and the piece's point then the points it
/// would land on, in the game's names.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExplainRequest {
    /// The forfeited piece claimed (P6) or huffed (F4) first, if any.
    #[serde(default)]
    pub claim: Option<String>,
    /// The piece's point, then each landing point.
    pub path: Vec<String>,
}

/// `POST /api/games/{id}/explain {"claim": null, "path": ["c2", "c4"]}`:
/// whether the pick is a legal turn now and, if not, why (the rules
/// crate's refusal). It changes nothing and needs no token.
pub async fn explain(
    State(server): State<Arc<Server>>,
    Path(id): Path<String>,
    Body(request): Body<ExplainRequest>,
) -> Result<Json<ExplainAnswer>, ApiError> {
    let entry = server.entry(&id).await?;
    {
        let entry = entry;
        explain_in(&entry, &request).await
    }
    .map(Json)
}

/// What the pick of `request` comes to in the game on `entry`.
async fn explain_in(entry: &Entry, request: &ExplainRequest) -> Result<ExplainAnswer, ApiError> {
    let position = *entry.lock().await.game().position();
    web_game::explain(&position, request.claim.as_deref(), &request.path)
}

/// `GET /api/boards/{game}`: the board's points, their names and places,
/// and its lines.
pub async fn board(Path(game): Path<String>) -> Result<Json<BoardView>, ApiError> {
    let ruleset = Ruleset::find(&game).map_err(|e| ApiError::not_found(format!("{e}")))?;
    Ok(Json(graph_view(ruleset.board, ruleset.id)))
}

/// The routes of the API, under `/api`.
pub fn routes() -> Router<Arc<Server>> {
    use axum::routing::{get, post};
    Router::new()
        .route("/api/games", post(create))
        .route("/api/games/{id}", get(game))
        .route("/api/games/{id}/turn", post(turn))
        .route("/api/games/{id}/undo", post(undo))
        .route("/api/games/{id}/redo", post(redo))
        .route("/api/games/{id}/resign", post(resign))
        .route("/api/games/{id}/draw", post(draw))
        .route("/api/games/{id}/draw/decline", post(decline_draw))
        .route("/api/games/{id}/takeback", post(ask_takeback))
        .route("/api/games/{id}/takeback/accept", post(accept_takeback))
        .route("/api/games/{id}/takeback/decline", post(decline_takeback))
        .route("/api/games/{id}/invite", post(super::invite::renew))
        .route("/api/my-games", get(super::listing::my_games))
        .route("/api/server", get(super::listing::server_status))
        .route("/api/games/{id}/hint", post(hint))
        .route("/api/games/{id}/explain", post(explain))
        .route("/api/games/{id}/record", get(record))
        .route("/api/games/{id}/events", get(events))
        .route("/api/boards/{variant}", get(board))
        .route("/api/analysis", post(super::analysis_board::line))
        .route("/api/analysis/events", get(super::analysis_board::events))
        .route("/api/report/events", get(super::game_report::line_events))
        .route(
            "/api/games/{id}/report/events",
            get(super::game_report::game_events),
        )
        .route("/new", get(new_game))
}
