//! The page and its assets, embedded in the binary (the folder `web/` of
//! the repository): nothing is loaded from elsewhere.

use std::sync::Arc;

use axum::Router;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde::Deserialize;

use super::error::ApiError;
use super::invite;
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

/// The project's rule document.
pub const RULES: &str = include_str!("../../crates/peralikatuma-rules/docs/rules.md");

/// The rule document as the page shows it to players: without the parts
/// marked as being for programmers (between `<!-- for programmers -->` and
/// `<!-- /for programmers -->`: where the file lives, perft, ...).
pub fn players_rules() -> &'static str {
    static TEXT: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    TEXT.get_or_init(|| {
        let mut text = String::with_capacity(RULES.len());
        let mut hidden = false;
        for line in RULES.lines() {
            match line.trim() {
                "<!-- for programmers -->" => hidden = true,
                "<!-- /for programmers -->" => hidden = false,
                _ if !hidden => {
                    text.push_str(line);
                    text.push('\n');
                }
                _ => {}
            }
        }
        text
    })
}

const JS: &str = "text/javascript; charset=utf-8";

/// Headers of every page and asset: scripts and styles from this server
/// only, no referrer (a seat's link must not leak), no sniffing.
pub const SECURITY: [(header::HeaderName, &str); 3] = [
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

/// `?invite=CODE` on a game's page: a friend's invitation.
#[derive(Deserialize)]
struct InviteLink {
    invite: Option<String>,
}

/// A game's page. Opened through a friend's invitation (`?invite=CODE`),
/// it gives the first device the friend's seat in a cookie
/// ([`invite::join`]) and sends it to the plain address, so that the
/// invitation does not stay in the address bar.
async fn game_page(
    State(server): State<Arc<Server>>,
    Path(id): Path<String>,
    Query(link): Query<InviteLink>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    match link.invite {
        Some(code) => invite::join(&server, &id, &code, &headers).await,
        None => {
            server.entry(&id).await?;
            Ok(index().await)
        }
    }
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
    text("text/markdown; charset=utf-8", players_rules())
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
        .route("/qr.svg", get(invite::qr))
}

/// Answers for what no route takes: 404 and 405 with a JSON reason.
pub fn fallbacks(router: Router<Arc<Server>>) -> Router<Arc<Server>> {
    router
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
}

#[cfg(test)]
mod tests {
    use peralikatuma_rules::Ruleset;

    use super::{INDEX, RULES, players_rules};

    #[test]
    fn the_players_rules_keep_every_rule_and_leave_out_the_programmers_parts() {
        let shown = players_rules();
        for word in ["crate", "module", "perft", "programmer", "<!--", "tests/"] {
            assert!(!shown.contains(word), "`{word}` is for programmers");
        }
        for anchor in RULES
            .split("<a id=\"")
            .skip(1)
            .filter_map(|a| a.split('"').next())
        {
            let kept = shown.contains(&format!("<a id=\"{anchor}\""));
            assert_eq!(kept, !anchor.starts_with('x'), "{anchor}");
        }
        // No link leads to a rule left out.
        assert!(!shown.contains("(#x"), "a link to X");
    }

    #[test]
    fn the_new_game_form_offers_every_game_once_by_its_id() {
        let start = INDEX.find("id=\"new-variant\"").expect("the list of games");
        let list = &INDEX[start..start + INDEX[start..].find("</select>").expect("its end")];
        let offered: Vec<&str> = list
            .split("<option value=\"")
            .skip(1)
            .filter_map(|option| option.split('"').next())
            .collect();
        let mut ids: Vec<&str> = Ruleset::all().map(|r| r.id).collect();
        let mut sorted = offered.clone();
        sorted.sort_unstable();
        ids.sort_unstable();
        assert_eq!(sorted, ids);
        for id in offered {
            assert!(Ruleset::find(id).is_ok(), "{id}");
        }
    }
}
