//! The web server's request handlers: any method, path, query string,
//! headers (seat tokens, cookies, Accept) and body, sent in a row to one
//! server holding a few games of every seating. Nothing panics, no answer
//! is a 5xx (nothing the server keeps can go wrong from a request alone),
//! and every refusal says why.
#![no_main]

use std::sync::{Arc, OnceLock};
use std::time::Duration;

use arbitrary::Arbitrary;
use axum::body::Body;
use axum::http::{Method, Request, StatusCode, header};
use libfuzzer_sys::fuzz_target;
use peralikatuma::web::{Config, Server, router};
use tower::ServiceExt;

/// A server on a data directory of its own, with its games.
struct Fixture {
    runtime: tokio::runtime::Runtime,
    app: axum::Router,
    /// Games made at the start: their ids and owners' tokens.
    games: Vec<(String, String)>,
}

const SEATINGS: [&str; 7] = [
    "human", "friend", "beginner", "easy", "medium", "hard", "master",
];
const VARIANTS: [&str; 4] = ["peralikatuma", "alquerque", "permainan", "zamma"];

fn fixture() -> &'static Fixture {
    static FIXTURE: OnceLock<Fixture> = OnceLock::new();
    FIXTURE.get_or_init(|| {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("a runtime");
        let dir = std::env::temp_dir().join(format!("fuzz-http-{}", std::process::id()));
        std::fs::remove_dir_all(&dir).ok();
        let mut config = Config::new(&dir);
        config.thinkers = 1;
        config.hard_time = Duration::from_millis(2);
        config.hint_time = Duration::from_millis(2);
        config.natural_pace = false;
        config.body_limit = 16 * 1024;
        let server: Arc<Server> = Server::new(config).expect("a data directory");
        let app = router(server);
        let mut games = Vec::new();
        for (i, seating) in SEATINGS.iter().enumerate() {
            let variant = VARIANTS[i % VARIANTS.len()];
            let body = format!(r#"{{"opponent": "{seating}", "variant": "{variant}"}}"#);
            let request = Request::post("/api/games")
                .header(header::CONTENT_TYPE, "application/json")
                .body(Body::from(body))
                .expect("a request");
            let created = runtime.block_on(async {
                let response = app.clone().oneshot(request).await.expect("an answer");
                axum::body::to_bytes(response.into_body(), 1 << 24)
                    .await
                    .expect("a body")
            });
            let created: serde_json::Value = serde_json::from_slice(&created).expect("json");
            let id = created["id"].as_str().expect("an id").to_owned();
            let token = created["token"].as_str().expect("a token").to_owned();
            games.push((id, token));
        }
        Fixture {
            runtime,
            app,
            games,
        }
    })
}

/// Where a request goes: a route of the server's with its parts chosen,
/// or any text.
#[derive(Arbitrary, Debug)]
enum Target {
    Route {
        route: u8,
        game: Option<u8>,
        tail: String,
    },
    Raw(String),
}

/// The routes a path is made from; `{id}` is a game's id, `{tail}` any text.
const ROUTES: [&str; 24] = [
    "/",
    "/games/{id}",
    "/games/{id}?invite={tail}",
    "/new?{tail}",
    "/api/games",
    "/api/games/{id}",
    "/api/games/{id}/turn",
    "/api/games/{id}/undo",
    "/api/games/{id}/redo",
    "/api/games/{id}/resign",
    "/api/games/{id}/draw",
    "/api/games/{id}/draw/decline",
    "/api/games/{id}/takeback",
    "/api/games/{id}/takeback/accept",
    "/api/games/{id}/takeback/decline",
    "/api/games/{id}/invite",
    "/api/games/{id}/hint",
    "/api/games/{id}/explain",
    "/api/games/{id}/record",
    "/api/games/{id}/events",
    "/api/boards/{tail}",
    "/api/my-games",
    "/api/server",
    "/qr.svg?text={tail}",
];

/// The body: a JSON shape the handlers take, with any values, or any bytes.
#[derive(Arbitrary, Debug)]
enum Payload {
    None,
    Turn {
        turn: String,
        number: i64,
    },
    Number(Option<i64>),
    NewGame {
        fields: Vec<(u8, String)>,
    },
    Explain {
        claim: Option<String>,
        path: Vec<String>,
    },
    Raw(Vec<u8>),
}

const NEW_GAME_FIELDS: [&str; 8] = [
    "variant", "opponent", "colour", "first", "position", "record", "clock", "other",
];

/// Who asks: which seat's token goes with the request, and how.
#[derive(Arbitrary, Debug)]
struct Asker {
    token: Option<(u8, bool)>,
    raw_token: Option<String>,
    cookie: Option<String>,
    html: bool,
}

#[derive(Arbitrary, Debug)]
struct Call {
    method: u8,
    target: Target,
    payload: Payload,
    asker: Asker,
}

const METHODS: [Method; 5] = [
    Method::GET,
    Method::POST,
    Method::PUT,
    Method::DELETE,
    Method::HEAD,
];

impl Call {
    fn request(&self, games: &[(String, String)]) -> Option<(Request<Body>, bool)> {
        let game = |i: Option<u8>| i.map(|i| &games[usize::from(i) % games.len()]);
        let (uri, game) = match &self.target {
            Target::Route {
                route,
                game: chosen,
                tail,
            } => {
                let route = ROUTES[usize::from(*route) % ROUTES.len()];
                let id = game(*chosen).map_or(tail.as_str(), |(id, _)| id.as_str());
                (
                    route.replace("{id}", id).replace("{tail}", tail),
                    game(*chosen),
                )
            }
            Target::Raw(path) => (path.clone(), None),
        };
        let events = uri.ends_with("/events");
        let mut request = Request::builder()
            .method(METHODS[usize::from(self.method) % METHODS.len()].clone())
            .uri(uri);
        if let Some((_, token)) = game.filter(|_| self.asker.token.is_some_and(|(_, own)| own)) {
            request = request.header("x-seat-token", token.as_str());
        }
        if let Some(token) = &self.asker.raw_token {
            request = request.header("x-seat-token", token.as_str());
        }
        if let Some(cookie) = &self.asker.cookie {
            request = request.header(header::COOKIE, cookie.as_str());
        }
        if self.asker.html {
            request = request.header(header::ACCEPT, "text/html,*/*;q=0.8");
        }
        let json = |value: serde_json::Value| Body::from(value.to_string());
        let body = match &self.payload {
            Payload::None => Body::empty(),
            Payload::Turn { turn, number } => {
                json(serde_json::json!({"turn": turn, "number": number}))
            }
            Payload::Number(number) => json(serde_json::json!({ "number": number })),
            Payload::NewGame { fields } => json(serde_json::Value::Object(
                fields
                    .iter()
                    .map(|(k, v)| {
                        let key = NEW_GAME_FIELDS[usize::from(*k) % NEW_GAME_FIELDS.len()];
                        (key.to_owned(), serde_json::Value::String(v.clone()))
                    })
                    .collect(),
            )),
            Payload::Explain { claim, path } => {
                json(serde_json::json!({"claim": claim, "path": path}))
            }
            Payload::Raw(bytes) => Body::from(bytes.clone()),
        };
        let request = request
            .header(header::CONTENT_TYPE, "application/json")
            .body(body)
            .ok()?;
        Some((request, events))
    }
}

fuzz_target!(|calls: Vec<Call>| {
    let fixture = fixture();
    for call in calls.iter().take(8) {
        let Some((request, events)) = call.request(&fixture.games) else {
            continue;
        };
        let what = format!("{} {}", request.method(), request.uri());
        let head = request.method() == Method::HEAD;
        fixture.runtime.block_on(async {
            let response = fixture
                .app
                .clone()
                .oneshot(request)
                .await
                .expect("an answer");
            let status = response.status();
            assert!(!status.is_server_error(), "{what}: {status} for {call:?}");
            if events {
                // An event stream goes on for ever: its answer is enough.
                return;
            }
            let body = axum::body::to_bytes(response.into_body(), 1 << 24)
                .await
                .expect("a body");
            // A refusal says why (an answer to HEAD has no body).
            if status.is_client_error() && !head && status != StatusCode::METHOD_NOT_ALLOWED {
                assert!(!body.is_empty(), "{what}: {status} says nothing");
            }
        });
    }
});
