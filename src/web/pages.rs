//! The page and its assets, embedded in the binary (the folder `web/` of
//! the repository): nothing is loaded from elsewhere.

use std::sync::Arc;

use axum::Router;
use axum::extract::{Path, Query, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde::Deserialize;

use super::api::to_seat;
use super::error::ApiError;
use super::server::Server;

/// The page: one HTML file for the new-game form and every game.
pub const INDEX: &str = include_str!("../../web/index.html");

/// Every asset: its name under `/assets/`, its type and its text.
pub const ASSETS: [(&str, &str, &str); 5] = [
    ("app.js", JS, include_str!("../../web/app.js")),
    ("board.js", JS, include_str!("../../web/board.js")),
    ("picker.js", JS, include_str!("../../web/picker.js")),
    (
        "style.css",
        "text/css; charset=utf-8",
        include_str!("../../web/style.css"),
    ),
    (
        "favicon.svg",
        "image/svg+xml",
        include_str!("../../web/favicon.svg"),
    ),
];

/// The project's rule document, which the page shows.
pub const RULES: &str = include_str!("../../crates/peralikatuma-rules/docs/rules.md");

const JS: &str = "text/javascript; charset=utf-8";

/// Headers of every page and asset: scripts and styles from this server
/// only, no referrer (a seat's link must not leak), no sniffing.
const SECURITY: [(header::HeaderName, &str); 3] = [
    (
        header::CONTENT_SECURITY_POLICY,
        "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
    ),
    (header::REFERRER_POLICY, "no-referrer"),
    (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
];

fn text(content_type: &'static str, body: &'static str) -> Response {
    let mut response = (
        [
            (header::CONTENT_TYPE, content_type),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
        .into_response();
    for (name, value) in SECURITY {
        response
            .headers_mut()
            .insert(name, header::HeaderValue::from_static(value));
    }
    response
}

async fn index() -> Response {
    text("text/html; charset=utf-8", INDEX)
}

/// `?seat=TOKEN` on a game's page: the seat's link.
#[derive(Deserialize)]
struct SeatLink {
    seat: Option<String>,
}

/// A game's page. Opened through a seat's link (`?seat=TOKEN`), it gives
/// the browser the seat's token in a cookie and sends it to the plain
/// address, so that the token does not stay in the address bar.
async fn game_page(
    State(server): State<Arc<Server>>,
    Path(id): Path<String>,
    Query(link): Query<SeatLink>,
) -> Result<Response, ApiError> {
    server.entry(&id).await?;
    Ok(match link.seat {
        Some(token) => to_seat(&id, Some(&token)),
        None => index().await,
    })
}

async fn asset(Path(name): Path<String>) -> Result<Response, ApiError> {
    ASSETS
        .iter()
        .find(|(asset, _, _)| *asset == name)
        .map(|&(_, content_type, body)| text(content_type, body))
        .ok_or_else(|| ApiError::not_found(format!("no asset `{name}`")))
}

async fn favicon() -> Response {
    text("image/svg+xml", ASSETS[4].2)
}

async fn rules() -> Response {
    text("text/markdown; charset=utf-8", RULES)
}

async fn not_found() -> ApiError {
    ApiError::not_found("no such page")
}

async fn method_not_allowed() -> ApiError {
    ApiError::method_not_allowed()
}

/// The routes of the page and its assets.
pub fn routes() -> Router<Arc<Server>> {
    Router::new()
        .route("/", get(index))
        .route("/games/{id}", get(game_page))
        .route("/assets/{name}", get(asset))
        .route("/favicon.svg", get(favicon))
        .route("/favicon.ico", get(favicon))
        .route("/rules.md", get(rules))
}

/// Answers for what no route takes: 404 and 405 with a JSON reason.
pub fn fallbacks(router: Router<Arc<Server>>) -> Router<Arc<Server>> {
    router
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
}

#[cfg(test)]
mod tests {
    use peralikatuma_rules::GameKind;

    use super::INDEX;

    #[test]
    fn the_new_game_form_offers_every_game_once_by_its_id() {
        let start = INDEX.find("id=\"new-variant\"").expect("the list of games");
        let list = &INDEX[start..start + INDEX[start..].find("</select>").expect("its end")];
        let offered: Vec<&str> = list
            .split("<option value=\"")
            .skip(1)
            .filter_map(|option| option.split('"').next())
            .collect();
        let mut ids: Vec<&str> = GameKind::ALL_IDS.to_vec();
        let mut sorted = offered.clone();
        sorted.sort_unstable();
        ids.sort_unstable();
        assert_eq!(sorted, ids);
        for id in offered {
            assert!(id.parse::<GameKind>().is_ok(), "{id}");
        }
    }
}
