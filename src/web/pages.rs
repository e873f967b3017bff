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

/// The analysis board and its position editor (`/analysis`).
pub const ANALYSIS: &str = include_str!("../../web/analysis.html");

/// Every asset: its name under `/assets/`, its type and its text.
pub const ASSETS: [(&str, &str, &str); 13] = [
    ("app.js", JS, include_str!("../../web/app.js")),
    ("api.js", JS, include_str!("../../web/api.js")),
    ("board.js", JS, include_str!("../../web/board.js")),
    ("picker.js", JS, include_str!("../../web/picker.js")),
    ("analysis.js", JS, include_str!("../../web/analysis.js")),
    ("tree.js", JS, include_str!("../../web/tree.js")),
    ("engine.js", JS, include_str!("../../web/engine.js")),
    ("editor.js", JS, include_str!("../../web/editor.js")),
    ("report.js", JS, include_str!("../../web/report.js")),
    ("graph.js", JS, include_str!("../../web/graph.js")),
    ("style.css", CSS, include_str!("../../web/style.css")),
    ("analysis.css", CSS, include_str!("../../web/analysis.css")),
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
const CSS: &str = "text/css; charset=utf-8";

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

/// The analysis board: the page reads its line from the address
/// (`?variant=V&position=N3&turns=T1;T2&ply=N`) and asks the API.
async fn analysis_page() -> Response {
    text("text/html; charset=utf-8", ANALYSIS)
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
    text("image/svg+xml", include_str!("../../web/favicon.svg"))
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
        .route("/analysis", get(analysis_page))
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
    use axum::body::Body;
    use axum::http::{Request, StatusCode, header};
    use peralikatuma_rules::Ruleset;
    use tower::ServiceExt;

    use super::{ANALYSIS, ASSETS, INDEX, RULES, SECURITY, players_rules};
    use crate::web::{Config, Server, router};

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

    /// The ids of the games `page`'s list `id` offers, in its order.
    fn offered<'a>(page: &'a str, id: &str) -> Vec<&'a str> {
        let start = page
            .find(&format!("id=\"{id}\""))
            .expect("the list of games");
        let list = &page[start..start + page[start..].find("</select>").expect("its end")];
        list.split("<option value=\"")
            .skip(1)
            .filter_map(|option| option.split('"').next())
            .collect()
    }

    /// Checks that `offered` names every game once, by its id.
    fn every_game_once(offered: Vec<&str>) {
        let mut ids: Vec<&str> = Ruleset::all().map(|r| r.id).collect();
        let mut sorted = offered.clone();
        sorted.sort_unstable();
        ids.sort_unstable();
        assert_eq!(sorted, ids);
        for id in offered {
            assert!(Ruleset::find(id).is_ok(), "{id}");
        }
    }

    #[test]
    fn the_analysis_board_opens_a_position_of_every_game_once_by_its_id() {
        every_game_once(offered(ANALYSIS, "import-variant"));
    }

    /// The assets a page or a script names: `/assets/NAME` in the HTML,
    /// `from './NAME'` in a module.
    fn named_assets(text: &str) -> Vec<&str> {
        let linked = text
            .split("/assets/")
            .skip(1)
            .filter_map(|rest| rest.split('"').next());
        let imported = text
            .split("from './")
            .skip(1)
            .filter_map(|rest| rest.split('\'').next());
        linked.chain(imported).collect()
    }

    #[test]
    fn every_asset_the_pages_and_their_scripts_name_is_served() {
        let served: Vec<&str> = ASSETS.iter().map(|(name, _, _)| *name).collect();
        let mut named = named_assets(INDEX);
        named.extend(named_assets(ANALYSIS));
        for (_, _, text) in ASSETS {
            named.extend(named_assets(text));
        }
        for name in [
            "api.js",
            "analysis.js",
            "analysis.css",
            "tree.js",
            "engine.js",
            "editor.js",
            "report.js",
            "graph.js",
        ] {
            assert!(named.contains(&name), "nothing names {name}");
        }
        for name in named {
            assert!(served.contains(&name), "{name} is named but not served");
        }
        for (name, _, text) in ASSETS {
            assert!(
                !text.contains("https:") && !text.contains("//cdn"),
                "{name} loads nothing from elsewhere"
            );
        }
        // The analysis page's hooks for tests and people.
        for hook in [
            "data-testid=\"eval\"",
            "data-testid=\"lines\"",
            "data-testid=\"verdict\"",
            "data-testid=\"editor\"",
            "data-testid=\"tree\"",
            "data-testid=\"report\"",
            ">Report<",
            ">Download annotated record<",
            ">Edit position<",
            ">Analyse this position<",
        ] {
            assert!(ANALYSIS.contains(hook), "{hook}");
        }
        // The game page's way to a finished game's report.
        assert!(INDEX.contains(">Report<"));
        // No inline script or style: the policy allows only this server's.
        for page in [INDEX, ANALYSIS] {
            assert!(!page.contains("<script>") && !page.contains(" style=\""));
        }
    }

    #[tokio::test]
    async fn the_analysis_board_and_its_assets_are_served_with_the_security_headers() {
        let dir = std::env::temp_dir().join(format!("pages-test-{}", std::process::id()));
        std::fs::remove_dir_all(&dir).ok();
        let app = router(Server::new(Config::new(&dir)).expect("a data directory"));
        let get = |uri: &str| {
            let request = Request::get(uri).body(Body::empty()).expect("a request");
            app.clone().oneshot(request)
        };
        for (uri, kind) in [
            ("/analysis", "text/html"),
            ("/analysis?variant=zamma&turns=a1-a2", "text/html"),
            ("/", "text/html"),
            ("/assets/analysis.js", "text/javascript"),
            ("/assets/tree.js", "text/javascript"),
            ("/assets/engine.js", "text/javascript"),
            ("/assets/editor.js", "text/javascript"),
            ("/assets/report.js", "text/javascript"),
            ("/assets/graph.js", "text/javascript"),
            ("/assets/analysis.css", "text/css"),
        ] {
            let answer = get(uri).await.expect("an answer");
            assert_eq!(answer.status(), StatusCode::OK, "{uri}");
            let headers = answer.headers();
            let content = headers[header::CONTENT_TYPE].to_str().expect("a type");
            assert!(content.starts_with(kind), "{uri}: {content}");
            for (name, value) in SECURITY {
                assert_eq!(headers[&name], value, "{uri}: {name}");
            }
        }
        let answer = get("/analysis").await.expect("an answer");
        let body = axum::body::to_bytes(answer.into_body(), usize::MAX)
            .await
            .expect("a body");
        assert_eq!(&body[..], ANALYSIS.as_bytes());
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn the_new_game_form_offers_every_game_once_by_its_id() {
        every_game_once(offered(INDEX, "new-variant"));
    }
}
