//! What the first page lists, and how the server stands: the games this
//! browser has a seat at (from its seats' cookies), unfinished ones to
//! go on with and finished ones to review; and the server's memory and
//! addresses.

use std::sync::Arc;

use axum::Json;
use axum::extract::State;
use axum::http::HeaderMap;
use peralikatuma_rules::Ruleset;
use peralikatuma_rules::Side;
use serde::Serialize;

use super::api::seat_cookies;
use super::error::ApiError;
use super::seating::Seating;
use super::server::{Server, ServerStatus};
use super::store::{Role, SeatedGame};

/// One of this browser's games, as the first page lists it.
#[derive(Clone, Debug, Serialize)]
pub struct MyGame {
    /// The game's id.
    pub id: String,
    /// Its page.
    pub url: String,
    /// Which game it is: `peralikatuma`, `zamma`, ...
    pub variant: String,
    /// Its name for people.
    pub name: String,
    /// Who plays against this browser's seat, in words: `the machine
    /// (hard)`, `your friend`, `the host`, `two players at this screen`.
    pub opponent: String,
    /// The sides this browser's seat plays.
    pub sides: Vec<Side>,
    /// Turns played.
    pub turns: usize,
    /// How it stands, in words.
    pub status: String,
    /// Whether this browser's seat has the move.
    pub your_turn: bool,
    /// Whether the game is over.
    pub finished: bool,
    /// On a clock, its time control (`5+3`).
    pub clock: Option<String>,
    /// When it was started, in seconds since 1970.
    pub created: u64,
    /// When it last changed, in seconds since 1970.
    pub updated: u64,
}

impl MyGame {
    /// The list's line for `seated`; `None` for a game this version cannot
    /// name (its opponent or game unknown).
    fn of(seated: SeatedGame) -> Option<MyGame> {
        let game = seated.game;
        let seating: Seating = game.opponent.parse().ok()?;
        let game_rules = Ruleset::find(&game.summary.variant).ok()?;
        let (sides, opponent) = match (seated.role, seating) {
            (Role::Owner, Seating::OneScreen) => (
                vec![Side::White, Side::Black],
                "two players at this screen".to_owned(),
            ),
            (Role::Owner, Seating::Machine(strength)) => {
                (vec![game.colour], format!("the machine ({strength})"))
            }
            (Role::Owner, Seating::Friend) => (vec![game.colour], "your friend".to_owned()),
            (Role::Guest, _) => (vec![game.colour.opposite()], "the host".to_owned()),
        };
        let summary = game.summary;
        let finished = summary.result.is_some();
        Some(MyGame {
            url: format!("/games/{}", game.id),
            id: game.id,
            variant: summary.variant,
            name: game_rules.name.to_owned(),
            opponent,
            your_turn: !finished && sides.contains(&summary.to_move),
            sides,
            turns: summary.turns,
            status: summary.status,
            finished,
            clock: summary.clock,
            created: game.created,
            updated: game.updated,
        })
    }
}

/// `GET /api/my-games`: the games this browser has a seat at, the last
/// changed first.
pub async fn my_games(
    State(server): State<Arc<Server>>,
    headers: HeaderMap,
) -> Result<Json<Vec<MyGame>>, ApiError> {
    let seated = server.seated(seat_cookies(&headers)).await?;
    Ok(Json(seated.into_iter().filter_map(MyGame::of).collect()))
}

/// `GET /api/server`: the games kept and in memory, the machine's players,
/// and whether other devices can reach the server.
pub async fn server_status(
    State(server): State<Arc<Server>>,
) -> Result<Json<ServerStatus>, ApiError> {
    server.status().await.map(Json)
}
