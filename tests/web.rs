//! The web server's HTTP API (issue 11): every route, every refusal, seat
//! tokens, games kept across a restart, and many games at once over the
//! loopback. Requests go through the router in memory, except the test of
//! many games, which uses a real socket on 127.0.0.1.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use alquerque_ai::TimeSource;
use axum::Router;
use axum::body::Body;
use axum::http::{HeaderMap, Method, Request, StatusCode, header};
use futures_util::StreamExt;
use peralikatuma::web::store::legacy::LegacyGame;
use peralikatuma::web::store::{SqliteStore, Store};
use peralikatuma::web::{Config, Server, router};
use peralikatuma_rules::{Game, Record};
use peralikatuma_rules::{Ruleset, Side};
use serde_json::{Value, json};
use tower::ServiceExt;

/// A server on a data directory of its own.
struct Harness {
    server: Arc<Server>,
    app: Router,
    dir: PathBuf,
}

/// An answer: its status, headers and body (JSON when it is JSON, else a
/// string).
struct Answer {
    status: StatusCode,
    headers: HeaderMap,
    body: Value,
}

impl Harness {
    fn new(name: &str) -> Harness {
        Harness::new_with(name, |_| {})
    }

    /// A new server whose configuration `configure` changes.
    fn new_with(name: &str, configure: impl FnOnce(&mut Config)) -> Harness {
        let dir = std::env::temp_dir().join(format!("web-test-{name}-{}", std::process::id()));
        std::fs::remove_dir_all(&dir).ok();
        Harness::configured(dir, configure)
    }

    /// A server on `dir` as it is (after a restart).
    fn on(dir: PathBuf) -> Harness {
        Harness::configured(dir, |_| {})
    }

    /// A server on `dir`, its configuration then changed by `configure`.
    fn configured(dir: PathBuf, configure: impl FnOnce(&mut Config)) -> Harness {
        let mut config = Config::new(&dir);
        config.thinkers = 2;
        config.hard_time = Duration::from_millis(50);
        config.body_limit = 16 * 1024;
        config.natural_pace = false;
        config.idle = Duration::from_secs(3600);
        configure(&mut config);
        let server = Server::new(config).expect("a data directory");
        Harness {
            app: router(server.clone()),
            server,
            dir,
        }
    }

    async fn call(
        &self,
        method: Method,
        uri: &str,
        token: Option<&str>,
        body: Option<&str>,
    ) -> Answer {
        let token = token.map(|token| ("x-seat-token", token));
        self.call_with(method, uri, token.as_slice(), body).await
    }

    /// A request with `headers`.
    async fn call_with(
        &self,
        method: Method,
        uri: &str,
        headers: &[(&str, &str)],
        body: Option<&str>,
    ) -> Answer {
        let mut request = Request::builder().method(method).uri(uri);
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        let request = match body {
            Some(body) => request
                .header(header::CONTENT_TYPE, "application/json")
                .body(Body::from(body.to_owned())),
            None => request.body(Body::empty()),
        }
        .expect("a request");
        let response = self.app.clone().oneshot(request).await.expect("an answer");
        let status = response.status();
        let headers = response.headers().clone();
        let bytes = axum::body::to_bytes(response.into_body(), 1 << 24)
            .await
            .expect("a body");
        let text = String::from_utf8_lossy(&bytes).into_owned();
        let body = serde_json::from_str(&text).unwrap_or(Value::String(text));
        Answer {
            status,
            headers,
            body,
        }
    }

    async fn get(&self, uri: &str, token: Option<&str>) -> Answer {
        self.call(Method::GET, uri, token, None).await
    }

    async fn post(&self, uri: &str, token: Option<&str>, body: Value) -> Answer {
        self.call(Method::POST, uri, token, Some(&body.to_string()))
            .await
    }

    /// The server stopped and started again on the same data directory.
    fn restart(mut self) -> Harness {
        let dir = std::mem::take(&mut self.dir);
        let time = self.server.config().time.clone();
        Harness::configured(dir, |config| config.time = time)
    }

    /// Starts a game; its id and the owner's token.
    async fn start(&self, settings: Value) -> (String, String) {
        let answer = self.post("/api/games", None, settings).await;
        assert_eq!(answer.status, StatusCode::CREATED, "{}", answer.body);
        let id = answer.body["id"].as_str().expect("an id").to_owned();
        let token = answer.body["token"].as_str().expect("a token").to_owned();
        (id, token)
    }

    async fn state(&self, id: &str, token: Option<&str>) -> Value {
        let answer = self.get(&format!("/api/games/{id}"), token).await;
        assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
        answer.body
    }

    async fn play(&self, id: &str, token: Option<&str>, turn: &str, number: u64) -> Answer {
        self.post(
            &format!("/api/games/{id}/turn"),
            token,
            json!({"turn": turn, "number": number}),
        )
        .await
    }

    /// Waits until the machine has played and the game has `number` turns.
    async fn wait_for(&self, id: &str, token: &str, number: u64) -> Value {
        for _ in 0..500 {
            let state = self.state(id, Some(token)).await;
            if state["number"] == number && !state["thinking"].as_bool().unwrap_or(true) {
                return state;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        let state = self.state(id, Some(token)).await;
        panic!(
            "the machine did not reach turn {number}: {}",
            state["status"]
        );
    }
}

impl Drop for Harness {
    fn drop(&mut self) {
        if std::thread::panicking() || self.dir.as_os_str().is_empty() {
            return;
        }
        std::fs::remove_dir_all(&self.dir).ok();
    }
}

/// The token a `Set-Cookie` header of `answer` gives, if any.
fn cookie_token(answer: &Answer) -> Option<String> {
    let cookie = answer.headers.get(header::SET_COOKIE)?.to_str().ok()?;
    let (_, value) = cookie.split(';').next()?.split_once('=')?;
    Some(value.to_owned())
}

/// Opens the invitation `link` (a path) from a device carrying `token`;
/// the answer's redirection and the seat's token it gives, if any.
async fn open_invite(h: &Harness, link: &str, token: Option<&str>) -> (String, Option<String>) {
    let answer = h.get(link, token).await;
    assert_eq!(answer.status, StatusCode::SEE_OTHER, "{}", answer.body);
    let location = answer.headers[header::LOCATION]
        .to_str()
        .expect("text")
        .to_owned();
    (location, cookie_token(&answer))
}

/// The friend's token of a game with a friend: a device opens the
/// owner's invitation and takes the seat.
async fn guest_of(h: &Harness, id: &str, token: &str) -> String {
    let link = h.state(id, Some(token)).await["invite"]
        .as_str()
        .expect("an invitation")
        .to_owned();
    let (location, guest) = open_invite(h, &link, None).await;
    assert_eq!(location, format!("/games/{id}#invite-taken"));
    guest.expect("the friend's seat")
}

fn hot_seat() -> Value {
    json!({"opponent": "human", "variant": "peralikatuma"})
}

fn moves(state: &Value) -> Vec<String> {
    state["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .map(|m| m["text"].as_str().expect("text").to_owned())
        .collect()
}

#[tokio::test]
async fn a_new_game_gives_its_owner_a_seat_and_a_cookie() {
    let h = Harness::new("create");
    let answer = h.post("/api/games", None, json!({})).await;
    assert_eq!(answer.status, StatusCode::CREATED);
    let id = answer.body["id"].as_str().expect("id");
    let token = answer.body["token"].as_str().expect("token");
    let cookie = answer.headers[header::SET_COOKIE].to_str().expect("text");
    assert!(
        cookie.starts_with(&format!("seat-{id}={token};")),
        "{cookie}"
    );
    assert!(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"));
    assert!(!cookie.contains("Secure"), "served over http: {cookie}");
    // Served over https behind a proxy, the cookie goes over https only.
    let proxied = h
        .call_with(
            Method::POST,
            "/api/games",
            &[
                ("x-forwarded-proto", "https"),
                ("content-type", "application/json"),
            ],
            Some("{}"),
        )
        .await;
    let secure = proxied.headers[header::SET_COOKIE].to_str().expect("text");
    assert!(secure.contains("; Secure"), "{secure}");
    // The defaults: Peralikatuma against the machine (easy), you White,
    // White first.
    let state = &answer.body["state"];
    assert_eq!(state["variant"], "peralikatuma");
    assert_eq!(state["opponent"], "easy");
    assert_eq!(state["colour"], "white");
    assert_eq!(state["first"], "white");
    assert_eq!(state["seat"], "owner");
    assert_eq!(state["your_turn"], true);
    assert_eq!(state["status"], "White (you) to move");
    assert_eq!(state["turns_total"], 6);
    assert_eq!(state["players"]["black"], "the machine (easy)");
    // Without the token, an onlooker.
    let seen = h.state(id, None).await;
    assert_eq!(seen["seat"], "onlooker");
    assert_eq!(seen["your_turn"], false);
    // With the cookie, the owner.
    let request = Request::get(format!("/api/games/{id}"))
        .header(header::COOKIE, format!("theme=dark; seat-{id}={token}"))
        .body(Body::empty())
        .expect("a request");
    let response = h.app.clone().oneshot(request).await.expect("an answer");
    let bytes = axum::body::to_bytes(response.into_body(), 1 << 20)
        .await
        .expect("body");
    let seen: Value = serde_json::from_slice(&bytes).expect("json");
    assert_eq!(seen["seat"], "owner");
}

#[tokio::test]
async fn a_link_starts_a_game_and_sends_the_browser_to_it() {
    let h = Harness::new("link");
    let answer = h
        .get(
            "/new?variant=alquerque&opponent=hard&colour=black&first=white",
            None,
        )
        .await;
    assert_eq!(answer.status, StatusCode::SEE_OTHER);
    let location = answer.headers[header::LOCATION].to_str().expect("text");
    let id = location.strip_prefix("/games/").expect("a game's page");
    let cookie = answer.headers[header::SET_COOKIE].to_str().expect("text");
    let token = cookie
        .split(';')
        .next()
        .and_then(|pair| pair.split_once('='))
        .map(|(_, value)| value)
        .expect("a token");
    let state = h.state(id, Some(token)).await;
    assert_eq!(state["variant"], "alquerque");
    assert_eq!(state["opponent"], "hard");
    assert_eq!(state["colour"], "black");
    assert_eq!(state["sides"], json!(["black"]));
    // Every parameter is optional.
    let answer = h.get("/new", None).await;
    assert_eq!(answer.status, StatusCode::SEE_OTHER);
    // A bad one is refused with its reason.
    let answer = h.get("/new?opponent=grandmaster", None).await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST);
    assert!(
        answer.body["message"]
            .as_str()
            .expect("text")
            .contains("grandmaster")
    );
    let answer = h.get("/new?variant=chess", None).await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST);
    let answer = h.get("/new?colour=red", None).await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn a_link_chooses_each_of_the_five_levels() {
    let h = Harness::new("levels");
    for level in ["beginner", "easy", "medium", "hard", "master"] {
        let answer = h
            .get(&format!("/new?opponent={level}&colour=white"), None)
            .await;
        assert_eq!(answer.status, StatusCode::SEE_OTHER, "{level}");
        let location = answer.headers[header::LOCATION].to_str().expect("text");
        let id = location.strip_prefix("/games/").expect("a game's page");
        let state = h.state(id, None).await;
        assert_eq!(state["opponent"], level);
        assert_eq!(state["players"]["black"], format!("the machine ({level})"));
    }
}

#[tokio::test]
async fn a_turn_is_played_and_every_page_sees_it() {
    let h = Harness::new("turn");
    let (id, token) = h.start(hot_seat()).await;
    let answer = h.play(&id, Some(&token), "e4-e5", 0).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
    assert_eq!(answer.body["number"], 1);
    assert_eq!(answer.body["side_to_move"], "black");
    assert_eq!(answer.body["last"]["text"], "e4-e5");
    // Black can jump e5 now: the capturers and the turn's captured piece.
    assert_eq!(answer.body["capturers"], json!(["e6"]));
    let jump = answer.body["turns"]
        .as_array()
        .expect("turns")
        .iter()
        .find(|t| t["text"] == "e6xe4")
        .expect("the jump");
    assert_eq!(jump["captured"], json!(["e5"]));
    assert_eq!(jump["path"], json!(["e6", "e4"]));
    // A step that leaves the jump untaken forfeits the piece on e6 (P6).
    let step = answer.body["turns"]
        .as_array()
        .expect("turns")
        .iter()
        .find(|t| t["text"] == "d6-d5")
        .expect("a step");
    assert_eq!(step["forfeits"], json!(["e6"]));
    let answer = h.play(&id, Some(&token), "d6-d5", 1).await;
    assert_eq!(answer.body["claimable"], json!(["e6"]));
    assert!(
        answer.body["claim_advice"]
            .as_str()
            .expect("advice")
            .contains("(P6)")
    );
    let answer = h.play(&id, Some(&token), "!e6 d4-e4", 2).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
    assert_eq!(answer.body["captured"]["black"], 1);
    assert_eq!(moves(&answer.body), ["e4-e5", "d6-d5", "!e6 d4-e4"]);
    assert_eq!(
        answer.body["positions"]
            .as_array()
            .expect("positions")
            .len(),
        4
    );
    // An onlooker sees the same game.
    let seen = h.state(&id, None).await;
    assert_eq!(moves(&seen), moves(&answer.body));
}

#[tokio::test]
async fn an_illegal_turn_is_refused_with_the_rules_reason_and_changes_nothing() {
    let h = Harness::new("illegal");
    let (id, token) = h.start(hot_seat()).await;
    let answer = h.play(&id, Some(&token), "d4-e4", 0).await;
    assert_eq!(answer.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(answer.body["error"], "illegal_turn");
    assert_eq!(answer.body["message"], "e4 is not empty (R2.1)");
    assert_eq!(answer.body["refusal"]["rule"], "R2.1");
    assert_eq!(answer.body["refusal"]["anchor"], "r2.1");
    assert_eq!(answer.body["refusal"]["reason"], "occupied");
    assert_eq!(answer.body["refusal"]["points"], json!(["e4"]));
    // A compulsory capture names the capturers (A4), in the game's names.
    let (id2, token2) = h
        .start(json!({"opponent": "human", "variant": "alquerque", "position": "W:Wa1,e1:Bb2,e5"}))
        .await;
    let answer = h.play(&id2, Some(&token2), "e1-e2", 0).await;
    assert_eq!(answer.body["refusal"]["rule"], "A4");
    assert_eq!(answer.body["refusal"]["points"], json!(["a1"]));
    // Text that is not a turn, or names no point of the board.
    for text in ["e4--e5", "z9-e5", ""] {
        let answer = h.play(&id, Some(&token), text, 0).await;
        assert_eq!(
            answer.status,
            StatusCode::BAD_REQUEST,
            "{text}: {}",
            answer.body
        );
    }
    assert_eq!(h.state(&id, None).await["number"], 0);
}

#[tokio::test]
async fn requests_without_the_seats_token_are_refused_and_change_nothing() {
    let h = Harness::new("token");
    let (id, token) = h.start(hot_seat()).await;
    h.play(&id, Some(&token), "e4-e5", 0).await;
    let routes = [
        ("turn", json!({"turn": "e6xe4", "number": 1})),
        ("undo", json!({})),
        ("redo", json!({})),
        ("resign", json!({})),
        ("draw", json!({})),
        ("hint", json!({})),
    ];
    for (route, body) in routes {
        for wrong in [None, Some("0123456789abcdef0123456789abcdef"), Some("")] {
            let answer = h
                .post(&format!("/api/games/{id}/{route}"), wrong, body.clone())
                .await;
            assert_eq!(
                answer.status,
                StatusCode::FORBIDDEN,
                "{route} {wrong:?}: {}",
                answer.body
            );
            assert_eq!(answer.body["error"], "wrong_seat");
        }
    }
    let state = h.state(&id, Some(&token)).await;
    assert_eq!(moves(&state), ["e4-e5"]);
    assert_eq!(state["outcome"], Value::Null);
    // Another game's token opens no seat here.
    let (_, other) = h.start(hot_seat()).await;
    let answer = h.play(&id, Some(&other), "e6xe4", 1).await;
    assert_eq!(answer.status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn bad_requests_get_a_json_reason() {
    let h = Harness::new("bad");
    let (id, token) = h.start(hot_seat()).await;
    // An unknown game.
    for uri in [
        "/api/games/nosuchgame",
        "/api/games/nosuchgame/record",
        "/api/games/..%2Fetc",
    ] {
        let answer = h.get(uri, None).await;
        assert_eq!(answer.status, StatusCode::NOT_FOUND, "{uri}");
        assert!(answer.body["error"].is_string(), "{uri}: {}", answer.body);
    }
    let answer = h.play("nosuchgame", Some(&token), "e4-e5", 0).await;
    assert_eq!(answer.status, StatusCode::NOT_FOUND);
    assert_eq!(answer.body["error"], "unknown_game");
    // Malformed JSON, a missing field, a field of the wrong type or an
    // unknown one.
    let uri = format!("/api/games/{id}/turn");
    for body in [
        "{",
        "[]",
        r#"{"turn": "e4-e5"}"#,
        r#"{"turn": 5, "number": 0}"#,
        r#"{"turn": "e4-e5", "number": 0, "x": 1}"#,
    ] {
        let answer = h.call(Method::POST, &uri, Some(&token), Some(body)).await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{body}");
        assert_eq!(answer.body["error"], "bad_request", "{body}");
    }
    // A stale move number.
    let answer = h.play(&id, Some(&token), "e4-e5", 3).await;
    assert_eq!(answer.status, StatusCode::CONFLICT);
    assert_eq!(answer.body["error"], "stale");
    // An oversized body.
    let huge = json!({"turn": "e4-e5", "number": 0, "pad": "x".repeat(100_000)}).to_string();
    let answer = h.call(Method::POST, &uri, Some(&token), Some(&huge)).await;
    assert_eq!(answer.status, StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(answer.body["error"], "too_large");
    // No such route, or not this method.
    assert_eq!(
        h.get("/api/nothing", None).await.status,
        StatusCode::NOT_FOUND
    );
    let answer = h
        .call(
            Method::DELETE,
            &format!("/api/games/{id}"),
            Some(&token),
            None,
        )
        .await;
    assert_eq!(answer.status, StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(answer.body["error"], "method_not_allowed");
    // A bad record to load, and a bad position to start from.
    let answer = h
        .post("/api/games", None, json!({"record": "not a record"}))
        .await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        answer.body["message"],
        "not a game record: the record has no [Variant \"...\"] header"
    );
    let answer = h
        .post(
            "/api/games",
            None,
            json!({"record": "[Variant \"chess\"]\n\n1. e4 *"}),
        )
        .await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST);
    assert!(
        answer.body["message"]
            .as_str()
            .is_some_and(|m| m.starts_with("not a game record: unknown game `chess`")),
        "{}",
        answer.body
    );
    let answer = h
        .post("/api/games", None, json!({"position": "W:Wz9:B"}))
        .await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST);
    let answer = h.post("/api/games", None, json!({"colour": "green"})).await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST);
    assert_eq!(h.state(&id, None).await["number"], 0);
}

#[tokio::test]
async fn undo_and_redo_between_two_players() {
    let h = Harness::new("undo");
    let (id, token) = h.start(hot_seat()).await;
    h.play(&id, Some(&token), "e4-e5", 0).await;
    h.play(&id, Some(&token), "e6xe4", 1).await;
    let answer = h
        .post(
            &format!("/api/games/{id}/undo"),
            Some(&token),
            json!({"number": 2}),
        )
        .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
    assert_eq!(moves(&answer.body), ["e4-e5"]);
    assert_eq!(answer.body["can_redo"], true);
    let answer = h
        .post(&format!("/api/games/{id}/redo"), Some(&token), json!({}))
        .await;
    assert_eq!(moves(&answer.body), ["e4-e5", "e6xe4"]);
    let answer = h
        .post(&format!("/api/games/{id}/redo"), Some(&token), json!({}))
        .await;
    assert_eq!(answer.status, StatusCode::CONFLICT);
    assert_eq!(answer.body["error"], "nothing_to_redo");
    // A stale number is refused.
    let answer = h
        .post(
            &format!("/api/games/{id}/undo"),
            Some(&token),
            json!({"number": 1}),
        )
        .await;
    assert_eq!(answer.status, StatusCode::CONFLICT);
    h.post(&format!("/api/games/{id}/undo"), Some(&token), json!({}))
        .await;
    h.post(&format!("/api/games/{id}/undo"), Some(&token), json!({}))
        .await;
    let answer = h
        .post(&format!("/api/games/{id}/undo"), Some(&token), json!({}))
        .await;
    assert_eq!(answer.body["error"], "nothing_to_undo");
}

#[tokio::test]
async fn against_the_machine_its_reply_comes_and_undo_takes_back_both() {
    let h = Harness::new("machine");
    let (id, token) = h
        .start(json!({"opponent": "easy", "variant": "alquerque"}))
        .await;
    let answer = h.play(&id, Some(&token), "d2-c3", 0).await;
    assert_eq!(answer.status, StatusCode::OK);
    let state = h.wait_for(&id, &token, 2).await;
    assert_eq!(state["your_turn"], true);
    // The person may not play the machine's side.
    let (id2, token2) = h
        .start(json!({"opponent": "hard", "colour": "black"}))
        .await;
    let answer = h.play(&id2, Some(&token2), "e4-e5", 0).await;
    assert!(
        [StatusCode::CONFLICT, StatusCode::FORBIDDEN].contains(&answer.status),
        "{}",
        answer.body
    );
    h.wait_for(&id2, &token2, 1).await;
    // Undo gives the move back to the person.
    let answer = h
        .post(&format!("/api/games/{id}/undo"), Some(&token), json!({}))
        .await;
    assert_eq!(answer.body["number"], 0);
    assert_eq!(answer.body["your_turn"], true);
    // A hint is a legal turn for the person.
    let answer = h
        .post(&format!("/api/games/{id}/hint"), Some(&token), json!({}))
        .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
    let hinted = answer.body["turn"]["text"].as_str().expect("a turn");
    assert!(
        Game::new(Ruleset::ALQUERQUE).play_text(hinted).is_ok(),
        "{hinted}"
    );
    // The machine declines a draw in a level start.
    let answer = h
        .post(&format!("/api/games/{id}/draw"), Some(&token), json!({}))
        .await;
    assert_eq!(answer.body["answer"], "declined", "{}", answer.body);
    assert_eq!(answer.body["state"]["outcome"], Value::Null);
}

#[tokio::test]
async fn resigning_and_agreeing_a_draw_end_the_game_e6() {
    let h = Harness::new("end");
    let (id, token) = h.start(hot_seat()).await;
    let answer = h
        .post(&format!("/api/games/{id}/resign"), Some(&token), json!({}))
        .await;
    assert_eq!(answer.body["outcome"]["result"], "0-1");
    assert_eq!(
        answer.body["status"],
        "0-1: Black wins: White resigned (E6)"
    );
    let answer = h.play(&id, Some(&token), "e4-e5", 0).await;
    assert_eq!(answer.status, StatusCode::CONFLICT);
    assert_eq!(answer.body["error"], "game_over");
    // Undo takes back the resignation only.
    let answer = h
        .post(&format!("/api/games/{id}/undo"), Some(&token), json!({}))
        .await;
    assert_eq!(answer.body["outcome"], Value::Null);
    // At one screen the page asked the other player: the draw is agreed.
    let answer = h
        .post(&format!("/api/games/{id}/draw"), Some(&token), json!({}))
        .await;
    assert_eq!(answer.body["answer"], "agreed");
    assert_eq!(answer.body["state"]["outcome"]["result"], "1/2-1/2");
    assert!(
        answer.body["state"]["status"]
            .as_str()
            .expect("status")
            .starts_with("1/2-1/2")
    );
}

#[tokio::test]
async fn a_friend_plays_from_another_seat_and_each_seat_moves_its_own_side() {
    let h = Harness::new("friend");
    let answer = h
        .post(
            "/api/games",
            None,
            json!({"opponent": "friend", "variant": "alquerque"}),
        )
        .await;
    let id = answer.body["id"].as_str().expect("id").to_owned();
    let host = answer.body["token"].as_str().expect("token").to_owned();
    assert_eq!(answer.body["state"]["guest_seated"], false);
    let invite = answer.body["state"]["invite"]
        .as_str()
        .expect("an invitation")
        .to_owned();
    // The invitation gives the first device to open it the friend's seat,
    // in an HttpOnly, SameSite=Strict cookie, and sends it to the game.
    let answer = h.get(&invite, None).await;
    assert_eq!(answer.status, StatusCode::SEE_OTHER);
    assert_eq!(
        answer.headers[header::LOCATION],
        format!("/games/{id}#invite-taken")
    );
    let cookie = answer.headers[header::SET_COOKIE].to_str().expect("text");
    assert!(
        cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"),
        "{cookie}"
    );
    assert!(!cookie.contains("Secure"), "{cookie}");
    let guest = cookie_token(&answer).expect("the friend's seat");
    assert_ne!(host, guest);
    assert_eq!(guest.len(), 32, "128 random bits in hex");
    // The guest sees no invitation, and plays Black; the host sees the
    // invitation used.
    let seen = h.state(&id, Some(&guest)).await;
    assert_eq!(seen["seat"], "guest");
    assert_eq!(seen["sides"], json!(["black"]));
    assert_eq!(seen["invite"], Value::Null);
    assert_eq!(seen["players"]["white"], "your friend");
    let hosted = h.state(&id, Some(&host)).await;
    assert_eq!(hosted["invite"], Value::Null);
    assert_eq!(hosted["guest_seated"], true);
    // Each seat moves its own side only.
    assert_eq!(
        h.play(&id, Some(&guest), "d2-c3", 0).await.status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        h.play(&id, Some(&host), "d2-c3", 0).await.status,
        StatusCode::OK
    );
    assert_eq!(
        h.play(&id, Some(&host), "b4xd2", 1).await.status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        h.play(&id, Some(&guest), "b4xd2", 1).await.status,
        StatusCode::OK
    );
    // Between two devices nobody takes back alone: it is asked.
    let answer = h
        .post(&format!("/api/games/{id}/undo"), Some(&host), json!({}))
        .await;
    assert_eq!(answer.status, StatusCode::CONFLICT);
    assert_eq!(answer.body["error"], "ask_first");
    // A draw offered is put to the other seat, who may decline or accept.
    let answer = h
        .post(&format!("/api/games/{id}/draw"), Some(&host), json!({}))
        .await;
    assert_eq!(answer.body["answer"], "offered");
    assert_eq!(h.state(&id, Some(&guest)).await["draw_offer"], "white");
    let answer = h
        .post(
            &format!("/api/games/{id}/draw/decline"),
            Some(&host),
            json!({}),
        )
        .await;
    assert_eq!(answer.status, StatusCode::CONFLICT);
    let answer = h
        .post(
            &format!("/api/games/{id}/draw/decline"),
            Some(&guest),
            json!({}),
        )
        .await;
    assert_eq!(answer.body["draw_offer"], Value::Null);
    h.post(&format!("/api/games/{id}/draw"), Some(&host), json!({}))
        .await;
    let answer = h
        .post(&format!("/api/games/{id}/draw"), Some(&guest), json!({}))
        .await;
    assert_eq!(answer.body["answer"], "agreed");
    // Final between two devices: no take-back can even be asked.
    assert_eq!(answer.body["state"]["can_undo"], false);
    let answer = h
        .post(
            &format!("/api/games/{id}/takeback"),
            Some(&guest),
            json!({}),
        )
        .await;
    assert_eq!(answer.status, StatusCode::CONFLICT);
    assert_eq!(answer.body["error"], "final");
}

#[tokio::test]
async fn an_invitation_is_good_once_and_a_new_one_voids_it() {
    let h = Harness::new("invite-once");
    let (id, host) = h
        .start(json!({"opponent": "friend", "variant": "alquerque"}))
        .await;
    let first = h.state(&id, Some(&host)).await["invite"]
        .as_str()
        .expect("an invitation")
        .to_owned();
    // The host opening it leaves it for the friend.
    let (location, token) = open_invite(&h, &first, Some(&host)).await;
    assert_eq!(location, format!("/games/{id}#invite-own"));
    assert_eq!(token, None);
    // The first device takes the seat; a second one may only watch.
    let (_, friend) = open_invite(&h, &first, None).await;
    let friend = friend.expect("the seat");
    let (location, token) = open_invite(&h, &first, None).await;
    assert_eq!(location, format!("/games/{id}#invite-used"));
    assert_eq!(token, None, "no seat for the second device");
    // The friend opening it again keeps the seat.
    let (location, _) = open_invite(&h, &first, Some(&friend)).await;
    assert_eq!(location, format!("/games/{id}#invite-yours"));
    assert_eq!(h.state(&id, Some(&friend)).await["seat"], "guest");
    // Only the host makes a new invitation.
    let refused = h
        .post(&format!("/api/games/{id}/invite"), Some(&friend), json!({}))
        .await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
    let renewed = h
        .post(&format!("/api/games/{id}/invite"), Some(&host), json!({}))
        .await;
    assert_eq!(renewed.status, StatusCode::OK, "{}", renewed.body);
    let second = renewed.body["invite"].as_str().expect("a link").to_owned();
    assert_ne!(second, first);
    // The old one is void; the friend keeps the seat until the new one is
    // used, then the device that uses it has it.
    let (location, _) = open_invite(&h, &first, None).await;
    assert_eq!(location, format!("/games/{id}#invite-used"));
    assert_eq!(h.state(&id, Some(&friend)).await["seat"], "guest");
    let (_, phone) = open_invite(&h, &second, None).await;
    let phone = phone.expect("the seat");
    assert_eq!(h.state(&id, Some(&phone)).await["seat"], "guest");
    assert_eq!(h.state(&id, Some(&friend)).await["seat"], "onlooker");
    // The seat survives a restart; the used invitation does not come back.
    let again = h.restart();
    assert_eq!(again.state(&id, Some(&phone)).await["seat"], "guest");
    assert_eq!(again.state(&id, Some(&host)).await["invite"], Value::Null);
    // A game without a friend has no invitation to make.
    let (other, owner) = again.start(json!({"opponent": "easy"})).await;
    let refused = again
        .post(
            &format!("/api/games/{other}/invite"),
            Some(&owner),
            json!({}),
        )
        .await;
    assert_eq!(refused.status, StatusCode::CONFLICT);
}

#[tokio::test]
async fn a_take_back_between_two_devices_is_asked_and_answered() {
    let h = Harness::new("takeback");
    let (id, host) = h
        .start(json!({"opponent": "friend", "variant": "alquerque"}))
        .await;
    let guest = guest_of(&h, &id, &host).await;
    let takeback = |what: &str| format!("/api/games/{id}/takeback{what}");
    // Nothing to take back before a turn of one's own.
    let answer = h.post(&takeback(""), Some(&host), json!({})).await;
    assert_eq!(answer.body["error"], "nothing_to_undo");
    h.play(&id, Some(&host), "d2-c3", 0).await;
    let state = h.state(&id, Some(&host)).await;
    assert_eq!(state["can_undo"], true);
    assert_eq!(h.state(&id, Some(&guest)).await["can_undo"], false);
    // The host asks; both see it; asking twice is refused.
    let answer = h
        .post(&takeback(""), Some(&host), json!({"number": 1}))
        .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
    assert_eq!(answer.body["takeback_offer"], "white");
    assert_eq!(answer.body["number"], 1, "nothing taken back yet");
    assert_eq!(h.state(&id, Some(&guest)).await["takeback_offer"], "white");
    let again = h.post(&takeback(""), Some(&host), json!({})).await;
    assert_eq!(again.body["error"], "asked");
    // Only the other player answers.
    let answer = h.post(&takeback("/accept"), Some(&host), json!({})).await;
    assert_eq!(answer.status, StatusCode::CONFLICT);
    let answer = h.post(&takeback("/accept"), None, json!({})).await;
    assert_eq!(answer.status, StatusCode::FORBIDDEN);
    // Declined: the game goes on as it was.
    let answer = h.post(&takeback("/decline"), Some(&guest), json!({})).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
    assert_eq!(answer.body["takeback_offer"], Value::Null);
    assert_eq!(answer.body["number"], 1);
    // Asked again after the friend's reply, and accepted: the host's turn
    // and the reply are taken back, and the host is to move again.
    h.play(&id, Some(&guest), "b4xd2", 1).await;
    let answer = h.post(&takeback(""), Some(&host), json!({})).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
    let answer = h.post(&takeback("/accept"), Some(&guest), json!({})).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
    assert_eq!(answer.body["number"], 0);
    assert_eq!(answer.body["takeback_offer"], Value::Null);
    let seen = h.state(&id, Some(&host)).await;
    assert_eq!(seen["number"], 0);
    assert_eq!(seen["your_turn"], true);
    // A turn played lapses an offer.
    h.play(&id, Some(&host), "d2-c3", 0).await;
    h.post(&takeback(""), Some(&host), json!({})).await;
    h.play(&id, Some(&guest), "b4xd2", 1).await;
    assert_eq!(
        h.state(&id, Some(&host)).await["takeback_offer"],
        Value::Null
    );
    // Against the machine or at one screen there is nothing to ask.
    let (alone, owner) = h.start(json!({"opponent": "human"})).await;
    h.play(&alone, Some(&owner), "e4-e5", 0).await;
    let answer = h
        .post(
            &format!("/api/games/{alone}/takeback"),
            Some(&owner),
            json!({}),
        )
        .await;
    assert_eq!(answer.body["error"], "not_asked");
}

#[tokio::test]
async fn the_record_downloads_without_any_token_and_loads_back() {
    let h = Harness::new("record");
    let (id, token) = h.start(json!({"opponent": "friend"})).await;
    h.play(&id, Some(&token), "e4-e5", 0).await;
    let answer = h.get(&format!("/api/games/{id}/record"), None).await;
    assert_eq!(answer.status, StatusCode::OK);
    let disposition = answer.headers[header::CONTENT_DISPOSITION]
        .to_str()
        .expect("text");
    assert!(disposition.starts_with("attachment"), "{disposition}");
    let text = answer.body.as_str().expect("text").to_owned();
    let guest = guest_of(&h, &id, &token).await;
    let store = SqliteStore::open(&h.dir).expect("the database");
    let stored = store.load(&id).expect("readable").expect("kept");
    assert_eq!(
        (stored.owner, stored.guest),
        (token.clone(), Some(guest.clone()))
    );
    assert!(!text.contains(&token) && !text.contains(&guest), "{text}");
    let record: Record = text.parse().expect("a record");
    assert_eq!(record.game.turns().len(), 1);
    // Loaded, it is a new game at its end.
    let answer = h
        .post(
            "/api/games",
            None,
            json!({"record": text, "opponent": "human"}),
        )
        .await;
    assert_eq!(answer.status, StatusCode::CREATED);
    assert_eq!(moves(&answer.body["state"]), ["e4-e5"]);
    assert_eq!(answer.body["fault"], Value::Null);
    // A record that breaks off is loaded up to its fault (N4).
    let broken = "[Variant \"Peralikatuma\"]\n\n1. e4-e5 e6xe4 2. a1-a2 *\n";
    let answer = h.post("/api/games", None, json!({"record": broken})).await;
    assert_eq!(answer.status, StatusCode::CREATED);
    assert_eq!(moves(&answer.body["state"]), ["e4-e5", "e6xe4"]);
    assert!(
        answer.body["fault"]
            .as_str()
            .expect("fault")
            .starts_with("turn 2.")
    );
}

/// A record loaded without naming its players brings back those it
/// records (its `Opponent` and `Person` tags); players named in the
/// request come first.
#[tokio::test]
async fn a_loaded_record_brings_back_its_players() {
    let h = Harness::new("players");
    let (id, token) = h
        .start(json!({"opponent": "medium", "colour": "black", "variant": "alquerque"}))
        .await;
    let text = h
        .get(&format!("/api/games/{id}/record"), Some(&token))
        .await;
    let text = text.body.as_str().expect("text").to_owned();
    assert!(text.contains("[Opponent \"medium\"]"), "{text}");
    let answer = h.post("/api/games", None, json!({"record": text})).await;
    assert_eq!(answer.status, StatusCode::CREATED);
    let state = &answer.body["state"];
    assert_eq!(
        (state["opponent"].as_str(), state["colour"].as_str()),
        (Some("medium"), Some("black"))
    );
    let answer = h
        .post(
            "/api/games",
            None,
            json!({"record": text, "opponent": "human"}),
        )
        .await;
    assert_eq!(answer.body["state"]["opponent"].as_str(), Some("human"));
}

#[tokio::test]
async fn games_come_back_after_a_restart_with_their_players_and_moves() {
    let h = Harness::new("restart");
    let (id, token) = h.start(json!({"opponent": "friend", "colour": "black", "first": "black", "variant": "permainan"})).await;
    let guest = guest_of(&h, &id, &token).await;
    let first = h.state(&id, Some(&token)).await["turns"][0]["text"]
        .as_str()
        .expect("a turn")
        .to_owned();
    h.play(&id, Some(&token), &first, 0).await;
    let second = h.state(&id, Some(&guest)).await["turns"][0]["text"]
        .as_str()
        .expect("a turn")
        .to_owned();
    h.play(&id, Some(&guest), &second, 1).await;
    let (id2, token2) = h.start(json!({"opponent": "human"})).await;
    h.play(&id2, Some(&token2), "e4-e5", 0).await;
    h.post(
        &format!("/api/games/{id2}/resign"),
        Some(&token2),
        json!({}),
    )
    .await;
    let before = h.state(&id, Some(&token)).await;

    let again = h.restart();
    // Neither waits for the server (no machine, no clock): each is read
    // back when it is asked for.
    assert_eq!(again.server.resume_pending().await.expect("readable"), 0);
    let after = again.state(&id, Some(&token)).await;
    for key in [
        "moves",
        "position",
        "positions",
        "opponent",
        "colour",
        "first",
        "variant",
        "players",
    ] {
        assert_eq!(after[key], before[key], "{key}");
    }
    assert_eq!(after["seat"], "owner");
    assert_eq!(again.state(&id, Some(&guest)).await["seat"], "guest");
    // It plays on: the seats' tokens still work.
    let third = after["turns"][0]["text"]
        .as_str()
        .expect("a turn")
        .to_owned();
    assert_eq!(
        again.play(&id, Some(&token), &third, 2).await.status,
        StatusCode::OK
    );
    // Black, to move at one screen, had resigned.
    let resigned = again.state(&id2, None).await;
    assert_eq!(resigned["outcome"]["result"], "1-0");
    assert_eq!(moves(&resigned), ["e4-e5"]);
}

#[tokio::test]
async fn games_kept_as_json_files_by_the_last_version_are_imported_once() {
    // The data directory of the last version: a JSON file per game. One
    // kept as the server stopped while the machine (White) thought, one
    // with a friend, and a broken one.
    let dir = std::env::temp_dir().join(format!("web-test-import-{}", std::process::id()));
    std::fs::remove_dir_all(&dir).ok();
    std::fs::create_dir_all(&dir).expect("a directory");
    let legacy = |id: &str, opponent: &str, guest: Option<&str>, record: &str| LegacyGame {
        format: 1,
        id: id.to_owned(),
        opponent: opponent.to_owned(),
        colour: Side::Black,
        owner: format!("owner-{id}"),
        guest: guest.map(str::to_owned),
        draw_offer: None,
        record: record.to_owned(),
    };
    let write = |game: LegacyGame| {
        let text = serde_json::to_string_pretty(&game).expect("json");
        std::fs::write(dir.join(format!("{}.json", game.id)), text).expect("written");
    };
    write(legacy(
        "kept",
        "easy",
        None,
        "[Variant \"Alquerque\"]\n\n1. d2-c3 b4xd2 *\n",
    ));
    write(legacy(
        "friendly",
        "friend",
        Some("guest-token"),
        "[Variant \"zamma\"]\n\n*\n",
    ));
    std::fs::write(dir.join("broken.json"), "{").expect("written");
    let h = Harness::on(dir.clone());
    // The machine goes on where it had the move.
    assert_eq!(h.server.resume_pending().await.expect("readable"), 1);
    let state = h.wait_for("kept", "owner-kept", 3).await;
    assert_eq!(state["your_turn"], true);
    assert_eq!(state["players"]["white"], "the machine (easy)");
    // The friend keeps the seat the old link gave; the host can make a
    // new invitation.
    assert_eq!(
        h.state("friendly", Some("guest-token")).await["seat"],
        "guest"
    );
    assert_eq!(
        h.state("friendly", Some("owner-friendly")).await["guest_seated"],
        true
    );
    // A broken file is reported and left out.
    assert_eq!(
        h.get("/api/games/broken", None).await.status,
        StatusCode::NOT_FOUND
    );
    // The files are left as they were, and imported only once: a file
    // written afterwards, or a game changed since, is not read again.
    assert!(dir.join("kept.json").exists());
    write(legacy(
        "late",
        "human",
        None,
        "[Variant \"Alquerque\"]\n\n*\n",
    ));
    let again = h.restart();
    assert_eq!(
        again.get("/api/games/late", None).await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(again.state("kept", None).await["number"], 3);
}

#[tokio::test]
async fn boards_are_served_from_the_topology_r1_5() {
    let h = Harness::new("boards");
    for (variant, points, lines) in [
        // Each line is a segment between two neighbouring points.
        ("peralikatuma", 49, 96),
        ("permainan", 37, 76),
        ("alquerque", 25, 56),
    ] {
        let answer = h.get(&format!("/api/boards/{variant}"), None).await;
        assert_eq!(answer.status, StatusCode::OK);
        assert_eq!(
            answer.body["points"].as_array().expect("points").len(),
            points
        );
        if lines > 0 {
            assert_eq!(answer.body["lines"].as_array().expect("lines").len(), lines);
        }
    }
    let answer = h.get("/api/boards/alquerque", None).await;
    assert_eq!(
        answer.body["points"][0],
        json!({"name": "a1", "file": 0, "rank": 0})
    );
    assert_eq!(
        h.get("/api/boards/chess", None).await.status,
        StatusCode::NOT_FOUND
    );
}

/// What the pick of `path` comes to in game `id`: the explain answer's
/// status and body.
async fn explained(h: &Harness, id: &str, path: &[&str]) -> (StatusCode, Value) {
    let answer = h
        .post(
            &format!("/api/games/{id}/explain"),
            None,
            json!({ "path": path }),
        )
        .await;
    (answer.status, answer.body)
}

#[tokio::test]
async fn a_refused_pick_is_explained_by_the_rules() {
    let h = Harness::new("explain");
    let (id, _) = h
        .start(json!({"opponent": "human", "variant": "alquerque"}))
        .await;
    let uri = format!("/api/games/{id}/explain");
    // A point beside the piece is refused as a step, one further off as a
    // jump.
    let answer = h.post(&uri, None, json!({"path": ["d2", "d3"]})).await;
    assert_eq!(answer.body["legal"], false);
    assert_eq!(answer.body["message"], "d3 is not empty (R2.1)");
    assert_eq!(answer.body["refusal"]["rule"], "R2.1");
    assert_eq!(answer.body["refusal"]["points"], json!(["d3"]));
    let answer = h.post(&uri, None, json!({"path": ["c2", "c4"]})).await;
    assert_eq!(
        answer.body["message"],
        "there is no enemy piece on c3 to jump (R2.2)"
    );
    let answer = h.post(&uri, None, json!({"path": ["d2", "c3"]})).await;
    assert_eq!(answer.body["legal"], true);
    assert_eq!(answer.body["turn"], "d2-c3");
    let answer = h.post(&uri, None, json!({"path": ["e1"]})).await;
    assert_eq!(
        answer.body["message"],
        "the piece on e1 has no free point beside it"
    );
    assert_eq!(answer.body["refusal"]["reason"], "hemmed_in");
    assert_eq!(answer.body["refusal"]["points"], json!(["e1"]));
    let answer = h.post(&uri, None, json!({"path": []})).await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST);
    let answer = h.post(&uri, None, json!({"path": ["z9"]})).await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn the_page_its_assets_and_the_rules_are_served() {
    let h = Harness::new("page");
    let answer = h.get("/", None).await;
    assert_eq!(answer.status, StatusCode::OK);
    let page = answer.body.as_str().expect("html");
    for hook in [
        "data-testid=\"status\"",
        "data-testid=\"moves\"",
        ">New game<",
        ">Undo<",
        ">Redo<",
        ">Hint<",
        ">Offer draw<",
        ">Resign<",
        ">Save<",
        ">Load<",
        ">Flip<",
        ">Invite<",
    ] {
        assert!(page.contains(hook), "{hook}");
    }
    assert!(
        answer.headers[header::CONTENT_SECURITY_POLICY]
            .to_str()
            .expect("csp")
            .contains("default-src 'self'")
    );
    let mut total = page.len();
    for asset in [
        "app.js",
        "board.js",
        "picker.js",
        "style.css",
        "favicon.svg",
    ] {
        let answer = h.get(&format!("/assets/{asset}"), None).await;
        assert_eq!(answer.status, StatusCode::OK, "{asset}");
        let text = answer.body.as_str().expect("text");
        assert!(
            !text.contains("https:") && !text.contains("//cdn"),
            "{asset} loads nothing from elsewhere"
        );
        total += text.len();
    }
    assert!(total < 100_000, "{total} bytes");
    assert_eq!(
        h.get("/assets/nothing.js", None).await.status,
        StatusCode::NOT_FOUND
    );
    let rules = h.get("/rules.md", None).await;
    assert!(
        rules
            .body
            .as_str()
            .expect("text")
            .contains("<a id=\"p6\"></a>")
    );
    // A game's page, and none for a game that does not exist.
    let (id, _) = h.start(hot_seat()).await;
    assert_eq!(
        h.get(&format!("/games/{id}"), None).await.status,
        StatusCode::OK
    );
    assert_eq!(
        h.get("/games/nothing", None).await.status,
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn events_bring_the_state_at_once_and_after_every_change() {
    let h = Harness::new("events");
    let (id, token) = h.start(hot_seat()).await;
    let request = Request::get(format!("/api/games/{id}/events"))
        .header("x-seat-token", &token)
        .body(Body::empty())
        .expect("a request");
    let response = h.app.clone().oneshot(request).await.expect("an answer");
    assert_eq!(
        response.headers()[header::CONTENT_TYPE],
        "text/event-stream"
    );
    let mut stream = response.into_body().into_data_stream();
    let mut next_state = async || -> Value {
        let mut text = String::new();
        loop {
            let chunk = tokio::time::timeout(Duration::from_secs(5), stream.next())
                .await
                .expect("an event in time")
                .expect("the stream goes on")
                .expect("a chunk");
            text.push_str(&String::from_utf8_lossy(&chunk));
            if let Some(end) = text.find("\n\n") {
                let event = &text[..end];
                if let Some(data) = event.lines().find_map(|l| l.strip_prefix("data: ")) {
                    assert!(event.contains("event: state"), "{event}");
                    return serde_json::from_str(data).expect("json");
                }
                text = text[end + 2..].to_owned();
            }
        }
    };
    let first = next_state().await;
    assert_eq!(first["number"], 0);
    assert_eq!(first["seat"], "owner");
    h.play(&id, Some(&token), "e4-e5", 0).await;
    let second = next_state().await;
    assert_eq!(second["number"], 1);
    assert!(second["version"].as_u64() > first["version"].as_u64());
}

/// One request over a socket: HTTP/1.1 written by hand, the connection
/// closed after the answer.
async fn over_loopback(
    address: std::net::SocketAddr,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: &str,
) -> (u16, Value) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut socket = tokio::net::TcpStream::connect(address)
        .await
        .expect("connected");
    let token = token.map_or(String::new(), |t| format!("X-Seat-Token: {t}\r\n"));
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nContent-Type: application/json\r\n{token}Content-Length: {}\r\n\r\n{body}",
        body.len()
    );
    socket.write_all(request.as_bytes()).await.expect("sent");
    let mut answer = Vec::new();
    socket.read_to_end(&mut answer).await.expect("read");
    let answer = String::from_utf8_lossy(&answer);
    let (head, body) = answer.split_once("\r\n\r\n").expect("a head and a body");
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .expect("a status");
    (status, serde_json::from_str(body).unwrap_or(Value::Null))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn twenty_games_against_the_machine_at_once_each_by_the_rules() {
    const GAMES: usize = 20;
    const PERSON_TURNS: usize = 8;
    let h = Harness::new("many");
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("a port");
    let address = listener.local_addr().expect("an address");
    let app = h.app.clone();
    let serving = tokio::spawn(async move { axum::serve(listener, app).await });
    let variants = ["peralikatuma", "alquerque", "permainan"];
    let games = (0..GAMES).map(|n| {
        let variant = variants[n % 3];
        let colour = if n % 2 == 0 { "white" } else { "black" };
        async move {
            let settings =
                json!({"opponent": "easy", "variant": variant, "colour": colour}).to_string();
            let (status, created) =
                over_loopback(address, "POST", "/api/games", None, &settings).await;
            assert_eq!(status, 201, "{created}");
            let id = created["id"].as_str().expect("id").to_owned();
            let token = created["token"].as_str().expect("token").to_owned();
            let path = format!("/api/games/{id}");
            let mut played = 0;
            let mut seed = n as u64 + 1;
            let mut polls = 0;
            loop {
                let (_, state) = over_loopback(address, "GET", &path, Some(&token), "").await;
                let mine = state["your_turn"].as_bool().expect("a flag");
                if !state["outcome"].is_null() || (played == PERSON_TURNS && mine) {
                    return (id, variant, state);
                }
                if !mine {
                    polls += 1;
                    assert!(polls < 2000, "the machine never answered in {id}");
                    tokio::time::sleep(Duration::from_millis(5)).await;
                    continue;
                }
                let turns = state["turns"].as_array().expect("turns");
                seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                let turn = &turns[(seed >> 33) as usize % turns.len()]["text"];
                let body = json!({"turn": turn, "number": state["number"]}).to_string();
                let (status, answer) = over_loopback(
                    address,
                    "POST",
                    &format!("{path}/turn"),
                    Some(&token),
                    &body,
                )
                .await;
                assert_eq!(status, 200, "{answer}");
                played += 1;
            }
        }
    });
    let finished = tokio::time::timeout(
        Duration::from_secs(120),
        futures_util::future::join_all(games),
    )
    .await
    .expect("all games in time");
    let store = SqliteStore::open(&h.dir).expect("the database");
    for (id, variant, state) in finished {
        // Every turn by the rules: the record is read back (each turn
        // played and checked), and replayed from the start.
        let (status, _) =
            over_loopback(address, "GET", &format!("/api/games/{id}/record"), None, "").await;
        assert_eq!(status, 200);
        let variant = Ruleset::find(variant).expect("a game");
        let mut game = Game::new(variant);
        for text in moves(&state) {
            game.play_text(&text)
                .unwrap_or_else(|e| panic!("{id}: {text}: {e}"));
        }
        assert_eq!(game.position().to_string(), state["position"], "{id}");
        let kept = store.load(&id).expect("readable").expect("kept");
        let record: Record = kept.record.parse().expect("by the rules");
        assert_eq!(record.game.turns().len(), game.turns().len(), "{id}");
        assert!(game.turns().len() >= PERSON_TURNS.min(2), "{id}");
    }
    serving.abort();
}

/// The next `state` event of a page's event stream.
async fn next_event(
    stream: &mut (impl futures_util::Stream<Item = Result<axum::body::Bytes, axum::Error>> + Unpin),
    within: Duration,
) -> Value {
    let mut text = String::new();
    loop {
        let chunk = tokio::time::timeout(within, stream.next())
            .await
            .expect("an event in time")
            .expect("the stream goes on")
            .expect("a chunk");
        text.push_str(&String::from_utf8_lossy(&chunk));
        while let Some(end) = text.find("\n\n") {
            let event = text[..end].to_owned();
            text = text[end + 2..].to_owned();
            if let Some(data) = event.lines().find_map(|l| l.strip_prefix("data: ")) {
                return serde_json::from_str(data).expect("json");
            }
        }
    }
}

#[tokio::test]
async fn t1_t2_on_a_clock_both_seats_see_it_and_the_server_ends_the_game_when_a_time_runs_out() {
    // The server's clocks read a source the test moves: time passes only
    // when the test says, however long the requests take.
    let time = TimeSource::manual();
    let h = Harness::new_with("clock-friend", |config| config.time = time.clone());
    let (id, token) = h
        .start(json!({"opponent": "friend", "clock": "0+400ms"}))
        .await;
    let guest = guest_of(&h, &id, &token).await;
    let state = h.state(&id, Some(&token)).await;
    assert_eq!(state["clock"]["control"], "0+400ms");
    assert_eq!(
        state["clock"]["running"],
        Value::Null,
        "it starts with the first turn"
    );
    // The guest's page listens; the owner plays; both see Black's time run.
    let request = Request::get(format!("/api/games/{id}/events"))
        .header("x-seat-token", &guest)
        .body(Body::empty())
        .expect("a request");
    let response = h.app.clone().oneshot(request).await.expect("an answer");
    let mut stream = response.into_body().into_data_stream();
    assert_eq!(
        next_event(&mut stream, Duration::from_secs(5)).await["number"],
        0
    );
    assert_eq!(
        h.play(&id, Some(&token), "e4-e5", 0).await.status,
        StatusCode::OK
    );
    let seen = next_event(&mut stream, Duration::from_secs(5)).await;
    assert_eq!(seen["number"], 1);
    assert_eq!(seen["clock"]["running"], "black");
    assert_eq!(seen["clock"]["black_ms"], 400);
    time.advance(Duration::from_millis(150));
    let state = h.state(&id, Some(&token)).await;
    assert_eq!(state["clock"]["running"], "black");
    assert_eq!(state["clock"]["black_ms"], 250);
    // Nobody does anything: the server ends the game and tells the page.
    time.advance(Duration::from_millis(250));
    let ended = next_event(&mut stream, Duration::from_secs(5)).await;
    assert_eq!(ended["outcome"]["result"], "1-0");
    assert_eq!(
        ended["outcome"]["text"],
        "White wins: Black ran out of time (T2)"
    );
    assert_eq!(ended["clock"]["black_ms"], 0);
    assert_eq!(ended["clock"]["running"], Value::Null);
    // The guest's turn comes too late; the loss is final; the record says
    // why, and the game file kept it.
    let late = h.play(&id, Some(&guest), "e6xe4", 1).await;
    assert_eq!(late.status, StatusCode::CONFLICT, "{}", late.body);
    let undo = h
        .post(&format!("/api/games/{id}/undo"), Some(&token), json!({}))
        .await;
    assert_eq!(undo.status, StatusCode::CONFLICT, "{}", undo.body);
    let record = h.get(&format!("/api/games/{id}/record"), None).await;
    let text = record.body.as_str().expect("text");
    for tag in ["[Termination \"time forfeit\"]", "[TimeControl \"0+0.4\"]"] {
        assert!(text.contains(tag), "{tag} not in {text}");
    }
    let again = h.restart();
    let after = again.state(&id, Some(&token)).await;
    assert_eq!(
        after["outcome"]["text"],
        "White wins: Black ran out of time (T2)"
    );
}

#[tokio::test]
async fn t1_a_game_on_a_clock_comes_back_after_a_restart_with_the_times_it_had() {
    // The clocks read a source the test moves (and the restarted server
    // the same one).
    let time = TimeSource::manual();
    let h = Harness::new_with("clock-restart", |config| config.time = time.clone());
    let (id, token) = h.start(json!({"opponent": "human", "clock": "5+3"})).await;
    h.play(&id, Some(&token), "e4-e5", 0).await;
    time.advance(Duration::from_millis(300));
    h.play(&id, Some(&token), "e6xe4", 1).await;
    let before = h.state(&id, Some(&token)).await["clock"].clone();
    assert_eq!(before["black_ms"], 303_000 - 300, "Black spent its time");
    assert_eq!(before["white_ms"], 303_000);
    time.advance(Duration::from_millis(100));
    // The server stops; time passes; it comes back.
    let again = h.restart();
    time.advance(Duration::from_millis(60_000));
    let after = again.state(&id, Some(&token)).await["clock"].clone();
    assert_eq!(after["control"], "5+3");
    assert_eq!(after["running"], "white");
    assert_eq!(after["black_ms"], before["black_ms"]);
    // White's turn under way starts again from the time it had when the
    // game was last kept: the time the server was away counts for nobody.
    assert_eq!(after["white_ms"], 303_000);
    time.advance(Duration::from_millis(500));
    let later = again.state(&id, Some(&token)).await["clock"].clone();
    assert_eq!(later["white_ms"], 303_000 - 500);
}

#[tokio::test]
async fn t1_a_link_the_form_or_a_record_chooses_the_clock_and_a_bad_one_is_refused() {
    let h = Harness::new("clock-link");
    // In a link's query, `+` is a space: both read alike.
    for query in ["clock=5+3", "clock=5%2B3"] {
        let answer = h.get(&format!("/new?opponent=human&{query}"), None).await;
        assert_eq!(answer.status, StatusCode::SEE_OTHER, "{query}");
        let id = answer.headers[header::LOCATION]
            .to_str()
            .expect("text")
            .trim_start_matches("/games/")
            .to_owned();
        let state = h.state(&id, None).await;
        assert_eq!(state["clock"]["control"], "5+3", "{query}");
        assert_eq!(state["clock"]["white_ms"], 300_000, "{query}");
        assert_eq!(state["clock"]["increment_ms"], 3000, "{query}");
    }
    // A record loaded brings its clock and the times it kept, unless the
    // request chooses another clock.
    let record = "[Variant \"Peralikatuma\"]\n[TimeControl \"60+0\"]\n\
                  [WhiteClock \"12.500\"]\n[BlackClock \"30.000\"]\n\n1. e4-e5 *\n";
    let (id, _) = h
        .start(json!({"opponent": "human", "record": record}))
        .await;
    let clock = h.state(&id, None).await["clock"].clone();
    assert_eq!(clock["control"], "1+0");
    assert_eq!(clock["white_ms"], 12_500);
    assert_eq!(clock["running"], "black");
    assert!(clock["black_ms"].as_u64().expect("ms") > 29_000);
    let (id, _) = h
        .start(json!({"opponent": "human", "record": record, "clock": "5+3"}))
        .await;
    let clock = h.state(&id, None).await["clock"].clone();
    assert_eq!(clock["control"], "5+3");
    assert_eq!(clock["white_ms"], 300_000);
    let (id, _) = h.start(json!({"opponent": "human", "clock": ""})).await;
    assert_eq!(h.state(&id, None).await["clock"], Value::Null);
    let answer = h.get("/new?clock=5", None).await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST);
    let message = answer.body["message"].as_str().expect("text");
    assert!(message.contains("`5` is not a time control"), "{message}");
}

#[tokio::test]
async fn t2_the_machine_keeps_within_a_tenth_of_a_second_a_turn() {
    // The clocks and the machine read a source that steps a millisecond
    // at each reading (the search reads it every 1,024 nodes), not the
    // machine's clock: the test does not depend on how busy the machine
    // is, and the person's turns, however slow the test, take no time.
    let h = Harness::new_with("clock-machine", |config| {
        config.time = TimeSource::stepping(Duration::from_millis(1));
    });
    let (id, token) = h
        .start(json!({"opponent": "hard", "variant": "alquerque", "clock": "0+100ms"}))
        .await;
    let mut number = 0;
    for _ in 0..4 {
        let state = h.state(&id, Some(&token)).await;
        if state["outcome"] != Value::Null {
            break;
        }
        let turn = state["turns"][0]["text"]
            .as_str()
            .expect("a turn")
            .to_owned();
        assert_eq!(
            h.play(&id, Some(&token), &turn, number).await.status,
            StatusCode::OK
        );
        let state = h.wait_for(&id, &token, number + 2).await;
        assert_ne!(
            state["outcome"]["outcome"]["win"]["reason"], "time",
            "{}",
            state["status"]
        );
        number += 2;
    }
}

/// The family's games (rules.md F) over the API: each starts, draws its
/// board, plays a turn and refuses one that is not legal.
#[tokio::test]
async fn every_family_game_is_played_over_the_api_rules_f() {
    use peralikatuma_rules::RULESETS;
    let h = Harness::new("family");
    for ruleset in &RULESETS {
        let (id, token) = h
            .start(json!({"opponent": "human", "variant": ruleset.id}))
            .await;
        let state = h.state(&id, Some(&token)).await;
        assert_eq!(state["variant"], ruleset.id);
        assert_eq!(state["name"], ruleset.name);
        assert_eq!(state["family"], true);
        // The huff's rule where the game has it (F4), else none.
        let huff = if ruleset.huff { "F4" } else { "" };
        assert_eq!(state["removal_rule"], huff, "{}", ruleset.id);
        let start = peralikatuma_rules::Position::start(ruleset);
        assert_eq!(state["position"], start.to_string());
        assert_eq!(
            state["turns_total"].as_u64(),
            Some(start.legal_turns().len() as u64),
            "{}",
            ruleset.id
        );
        let board = h.get(&format!("/api/boards/{}", ruleset.id), None).await;
        assert_eq!(board.status, StatusCode::OK);
        assert_eq!(
            board.body["points"].as_array().expect("points").len(),
            ruleset.board.len()
        );
        let first = state["turns"][0]["text"]
            .as_str()
            .expect("a turn")
            .to_owned();
        let played = h.play(&id, Some(&token), &first, 0).await;
        assert_eq!(played.status, StatusCode::OK, "{}", played.body);
        assert_eq!(moves(&played.body), [first]);
        assert_eq!(played.body["positions"].as_array().map(Vec::len), Some(2));
        let refused = h.play(&id, Some(&token), "pass", 1).await;
        assert_eq!(
            refused.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{}",
            ruleset.id
        );
        assert_eq!(refused.body["error"], "illegal_turn");
    }
}

/// Zamma's huff (F4) over the API: the turns that let the opponent huff
/// say which pieces, the huff is offered, made, and kept in the move list
/// with every position since the start.
#[tokio::test]
async fn f4_a_huff_is_offered_and_made_over_the_api() {
    let h = Harness::new("huff");
    let (id, token) = h
        .start(json!({"opponent": "human", "variant": "zamma", "position": "W:Wc3,a1:Bd4,i9"}))
        .await;
    let state = h.state(&id, Some(&token)).await;
    assert_eq!(state["capturers"], json!(["c3"]));
    let step = state["turns"]
        .as_array()
        .expect("turns")
        .iter()
        .find(|t| t["text"] == "a1-a2")
        .expect("a1-a2 is legal");
    assert_eq!(step["forfeits"], json!(["c3"]));
    let black = h.play(&id, Some(&token), "a1-a2", 0).await.body;
    assert_eq!(black["claimable"], json!(["c3"]));
    let advice = black["claim_advice"].as_str().expect("advice");
    assert!(
        advice.contains("may first take its piece on c3 (F4)"),
        "{advice}"
    );
    let after = h.play(&id, Some(&token), "!c3 d4-e3", 1).await;
    assert_eq!(after.status, StatusCode::OK, "{}", after.body);
    assert_eq!(moves(&after.body), ["a1-a2", "!c3 d4-e3"]);
    assert_eq!(after.body["last"]["claim"], "c3");
    assert_eq!(after.body["captured"], json!({"white": 1, "black": 0}));
    assert_eq!(after.body["positions"].as_array().map(Vec::len), Some(3));
    assert_eq!(after.body["positions"][0], "W:Wa1,c3:Bd4,i9");
    // A chain's jumped pieces come in the order of its jumps.
    let (id, token) = h
        .start(json!({"opponent": "human", "variant": "alquerque-murray", "position": "W:Wa1:Bb2,c4,e5"}))
        .await;
    let state = h.state(&id, Some(&token)).await;
    let chain = state["turns"]
        .as_array()
        .expect("turns")
        .iter()
        .find(|t| t["text"] == "a1xc3xc5")
        .expect("a chain of two jumps (F2)");
    assert_eq!(chain["path"], json!(["a1", "c3", "c5"]));
    assert_eq!(chain["captured"], json!(["b2", "c4"]));
    assert_eq!(chain["capture"], true);
}

/// A pick in a family game is explained: legal, or why not.
#[tokio::test]
async fn a_refused_pick_in_a_family_game_is_explained() {
    let h = Harness::new("family-explain");
    let (id, _) = h
        .start(json!({"opponent": "human", "variant": "lau-kata-kati"}))
        .await;
    let (_, legal) = explained(&h, &id, &["d3", "d4"]).await;
    assert_eq!(
        (&legal["legal"], &legal["turn"]),
        (&json!(true), &json!("d3-d4"))
    );
    for (path, message) in [
        (&["d2", "d3"][..], "d3 is not empty (F1)"),
        (&["a1"], "the piece on a1 has no free point beside it (F1)"),
        (&["d5"], "d5 holds a Black piece, and White is to move"),
    ] {
        let (_, body) = explained(&h, &id, path).await;
        assert_eq!(
            (&body["legal"], &body["message"]),
            (&json!(false), &json!(message))
        );
    }
    // The refusal comes in its parts too, as in the rule book's games.
    let (_, body) = explained(&h, &id, &["d2", "d3"]).await;
    assert_eq!(body["refusal"]["rule"], "F1");
    assert_eq!(body["refusal"]["anchor"], "f1");
    assert_eq!(body["refusal"]["reason"], "occupied");
    assert_eq!(body["refusal"]["points"], json!(["d3"]));
    for path in [&[][..], &["z9"]] {
        assert_eq!(explained(&h, &id, path).await.0, StatusCode::BAD_REQUEST);
    }
}

/// Against the machine in a family game: it answers, a hint comes, undo
/// takes back both turns; the record downloads with the ruleset's id,
/// loads back, and the game comes back after a restart.
#[tokio::test]
async fn a_family_game_against_the_machine_is_kept_recorded_and_read_back() {
    let h = Harness::new("family-machine");
    let (id, token) = h
        .start(json!({"opponent": "easy", "variant": "sixteen-soldiers"}))
        .await;
    let hint = h
        .post(&format!("/api/games/{id}/hint"), Some(&token), json!({}))
        .await;
    assert_eq!(hint.status, StatusCode::OK, "{}", hint.body);
    let first = hint.body["turn"]["text"]
        .as_str()
        .expect("a hint")
        .to_owned();
    h.play(&id, Some(&token), &first, 0).await;
    let state = h.wait_for(&id, &token, 2).await;
    assert_eq!(state["players"]["black"], "the machine (easy)");
    let undone = h
        .post(&format!("/api/games/{id}/undo"), Some(&token), json!({}))
        .await;
    assert_eq!(undone.body["number"], 0);
    h.play(&id, Some(&token), &first, 0).await;
    let before = h.wait_for(&id, &token, 2).await;
    let record = h.get(&format!("/api/games/{id}/record"), None).await;
    let disposition = record.headers[header::CONTENT_DISPOSITION]
        .to_str()
        .expect("text")
        .to_owned();
    assert!(disposition.contains("sixteen-soldiers-"), "{disposition}");
    let text = record.body.as_str().expect("text").to_owned();
    assert!(text.contains("[Variant \"sixteen-soldiers\"]"), "{text}");
    let loaded = h
        .post(
            "/api/games",
            None,
            json!({"record": text, "opponent": "human"}),
        )
        .await;
    assert_eq!(loaded.status, StatusCode::CREATED, "{}", loaded.body);
    assert_eq!(moves(&loaded.body["state"]), moves(&before));
    assert_eq!(loaded.body["state"]["variant"], "sixteen-soldiers");

    let again = h.restart();
    assert_eq!(again.server.resume_pending().await.expect("readable"), 0);
    let after = again.state(&id, Some(&token)).await;
    for key in [
        "moves",
        "position",
        "positions",
        "opponent",
        "variant",
        "players",
    ] {
        assert_eq!(after[key], before[key], "{key}");
    }
    let third = after["turns"][0]["text"]
        .as_str()
        .expect("a turn")
        .to_owned();
    again.play(&id, Some(&token), &third, 2).await;
    again.wait_for(&id, &token, 4).await;
    // Resigning ends a family game too (E6, rules.md F10).
    let resigned = again
        .post(&format!("/api/games/{id}/resign"), Some(&token), json!({}))
        .await;
    assert_eq!(resigned.body["outcome"]["result"], "0-1");
    assert_eq!(
        resigned.body["outcome"]["text"],
        "Black wins: White resigned (E6)"
    );
}

/// The cookies a browser holding the seats of `seats` (games' ids and
/// tokens) sends, with one of another site's.
fn cookies(seats: &[(&str, &str)]) -> String {
    let mut cookies: Vec<String> = seats
        .iter()
        .map(|(id, t)| format!("seat-{id}={t}"))
        .collect();
    cookies.push("theme=dark".to_owned());
    cookies.join("; ")
}

#[tokio::test]
async fn my_games_lists_the_games_whose_seats_this_browser_holds() {
    let h = Harness::new("my-games");
    let (machine, mine) = h
        .start(json!({"opponent": "easy", "variant": "alquerque"}))
        .await;
    let (hosted, host) = h
        .start(json!({"opponent": "friend", "variant": "zamma", "colour": "black"}))
        .await;
    let (joined, owner) = h
        .start(json!({"opponent": "friend", "variant": "permainan"}))
        .await;
    let guest = guest_of(&h, &joined, &owner).await;
    let (over, at_one_screen) = h.start(json!({"opponent": "human", "clock": "5+3"})).await;
    h.play(&over, Some(&at_one_screen), "e4-e5", 0).await;
    h.post(
        &format!("/api/games/{over}/resign"),
        Some(&at_one_screen),
        json!({}),
    )
    .await;
    let held = cookies(&[
        (&machine, &mine),
        (&hosted, &host),
        (&joined, &guest),
        (&over, &at_one_screen),
        (&machine, "not-its-token"),
        ("nosuchgame", "0123"),
    ]);
    let answer = h
        .call_with(Method::GET, "/api/my-games", &[("cookie", &held)], None)
        .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
    let games = answer.body.as_array().expect("a list").clone();
    let find = |id: &str| {
        games
            .iter()
            .find(|g| g["id"] == id)
            .unwrap_or_else(|| panic!("{id} listed: {games:?}"))
            .clone()
    };
    assert_eq!(games.len(), 4, "{games:?}");
    let game = find(&machine);
    assert_eq!(game["name"], "Alquerque");
    assert_eq!(game["opponent"], "the machine (easy)");
    assert_eq!(game["sides"], json!(["white"]));
    assert_eq!(game["your_turn"], true);
    assert_eq!(game["finished"], false);
    assert_eq!(game["url"], format!("/games/{machine}"));
    let game = find(&hosted);
    assert_eq!(game["opponent"], "your friend");
    assert_eq!(game["sides"], json!(["black"]));
    assert_eq!(game["your_turn"], false, "White moves first");
    let game = find(&joined);
    assert_eq!(game["opponent"], "the host");
    assert_eq!(game["sides"], json!(["black"]));
    let game = find(&over);
    assert_eq!(game["finished"], true);
    assert_eq!(game["clock"], "5+3");
    assert_eq!(game["turns"], 1);
    assert!(
        game["status"].as_str().expect("words").starts_with("1-0"),
        "{game}"
    );
    // Another browser holds none of them.
    let answer = h.get("/api/my-games", None).await;
    assert_eq!(answer.body, json!([]));
}

#[tokio::test]
async fn a_browser_is_told_of_a_bad_link_in_words_and_a_program_in_json() {
    let h = Harness::new("error-pages");
    let browser = [("accept", "text/html,application/xhtml+xml,*/*;q=0.8")];
    for (uri, status, said) in [
        (
            "/games/doesnotexist",
            StatusCode::NOT_FOUND,
            "There is no game `doesnotexist`.",
        ),
        ("/new?variant=bogus", StatusCode::BAD_REQUEST, "bogus"),
        (
            "/new?opponent=bogus",
            StatusCode::BAD_REQUEST,
            "Unknown opponent `bogus`",
        ),
        ("/no/such/page", StatusCode::NOT_FOUND, "No such page."),
    ] {
        let answer = h.call_with(Method::GET, uri, &browser, None).await;
        assert_eq!(answer.status, status, "{uri}");
        let kind = answer.headers[header::CONTENT_TYPE].to_str().expect("text");
        assert!(kind.starts_with("text/html"), "{uri}: {kind}");
        let page = answer.body.as_str().expect("a page");
        assert!(page.contains(said), "{uri}: {page}");
        assert!(page.contains("href=\"/\""), "{uri}: a way on");
        assert!(answer.headers.contains_key(header::CONTENT_SECURITY_POLICY));
        // A program asking the same gets the JSON reason.
        let answer = h.get(uri, None).await;
        assert_eq!(answer.status, status, "{uri}");
        assert!(answer.body["message"].is_string(), "{uri}: {}", answer.body);
    }
}

#[tokio::test]
async fn memory_stays_bounded_over_many_hard_games() {
    let h = Harness::new("bounded");
    let mut games = Vec::new();
    for (i, opponent) in ["hard", "master"].iter().cycle().take(10).enumerate() {
        let variant = ["alquerque", "peralikatuma", "zamma"][i % 3];
        let (id, token) = h
            .start(json!({"opponent": opponent, "variant": variant, "colour": "black"}))
            .await;
        games.push((id, token));
    }
    for (id, token) in &games {
        let state = h.wait_for(id, token, 1).await;
        let turn = state["turns"][0]["text"]
            .as_str()
            .expect("a turn")
            .to_owned();
        assert_eq!(
            h.play(id, Some(token), &turn, 1).await.status,
            StatusCode::OK
        );
        h.wait_for(id, token, 3).await;
    }
    // The machine's tables are the pool's: at most one a thinker, however
    // many games it plays, and made once for each.
    let status = h.get("/api/server", None).await.body;
    assert_eq!(status["games_kept"], 10, "{status}");
    assert_eq!(status["pool"]["threads"], 2);
    let tables = status["pool"]["tables"].as_u64().expect("a count");
    assert!((1..=2).contains(&tables), "{status}");
    assert_eq!(
        status["pool"]["table_bytes"].as_u64().expect("bytes"),
        tables * (64 << 20),
        "{status}"
    );
    assert_eq!(status["pool"]["made"].as_u64(), Some(tables), "{status}");
    // Idle games leave memory; one a page watches stays.
    let (watched, _) = &games[0];
    let events = h.app.clone().oneshot(
        Request::get(format!("/api/games/{watched}/events"))
            .body(Body::empty())
            .expect("a request"),
    );
    let events = events.await.expect("an answer");
    assert_eq!(events.status(), StatusCode::OK);
    assert_eq!(h.server.forget_idle(Duration::ZERO), 9);
    assert_eq!(h.get("/api/server", None).await.body["games_in_memory"], 1);
    drop(events);
    assert_eq!(h.server.forget_idle(Duration::ZERO), 1);
    // A game let go comes back from the store as it was.
    for (id, token) in &games {
        let state = h.state(id, Some(token)).await;
        assert_eq!(state["number"], 3, "{id}");
        assert_eq!(state["seat"], "owner");
    }
    assert_eq!(h.get("/api/server", None).await.body["games_in_memory"], 10);
}

#[tokio::test]
async fn undo_is_offered_only_where_it_takes_something_back() {
    let h = Harness::new("can-undo");
    // Against the machine, which moves first: nothing of the person's yet.
    let (id, token) = h
        .start(json!({"opponent": "easy", "variant": "alquerque", "colour": "black"}))
        .await;
    let state = h.wait_for(&id, &token, 1).await;
    assert_eq!(state["can_undo"], false);
    let refused = h
        .post(&format!("/api/games/{id}/undo"), Some(&token), json!({}))
        .await;
    assert_eq!(refused.body["error"], "nothing_to_undo");
    let turn = state["turns"][0]["text"]
        .as_str()
        .expect("a turn")
        .to_owned();
    h.play(&id, Some(&token), &turn, 1).await;
    assert_eq!(h.wait_for(&id, &token, 3).await["can_undo"], true);
    // A resignation is taken back, and says so in its outcome.
    let resigned = h
        .post(&format!("/api/games/{id}/resign"), Some(&token), json!({}))
        .await;
    assert_eq!(resigned.body["outcome"]["declared"], true);
    assert_eq!(resigned.body["can_undo"], true);
    let undone = h
        .post(&format!("/api/games/{id}/undo"), Some(&token), json!({}))
        .await;
    assert_eq!(undone.body["outcome"], Value::Null);
    assert_eq!(undone.body["number"], 3, "only the resignation");
    // An onlooker takes nothing back.
    assert_eq!(h.state(&id, None).await["can_undo"], false);
    // At one screen, from the first turn on.
    let (alone, owner) = h.start(hot_seat()).await;
    assert_eq!(h.state(&alone, Some(&owner)).await["can_undo"], false);
    h.play(&alone, Some(&owner), "e4-e5", 0).await;
    assert_eq!(h.state(&alone, Some(&owner)).await["can_undo"], true);
}

/// The events of an analysis stream, read one at a time: each event's
/// name and data.
struct Events {
    stream: axum::body::BodyDataStream,
    text: String,
}

impl Events {
    async fn open(h: &Harness, uri: &str) -> Events {
        let request = Request::get(uri).body(Body::empty()).expect("a request");
        let response = h.app.clone().oneshot(request).await.expect("an answer");
        assert_eq!(response.status(), StatusCode::OK, "{uri}");
        assert_eq!(
            response.headers()[header::CONTENT_TYPE],
            "text/event-stream"
        );
        Events {
            stream: response.into_body().into_data_stream(),
            text: String::new(),
        }
    }

    /// The next event, or `None` once the stream has ended.
    async fn next(&mut self) -> Option<(String, Value)> {
        loop {
            if let Some(end) = self.text.find("\n\n") {
                let event = self.text[..end].to_owned();
                self.text = self.text[end + 2..].to_owned();
                let name = event.lines().find_map(|l| l.strip_prefix("event: "));
                let data = event.lines().find_map(|l| l.strip_prefix("data: "));
                if let (Some(name), Some(data)) = (name, data) {
                    return Some((name.to_owned(), serde_json::from_str(data).expect("json")));
                }
                continue;
            }
            let chunk = tokio::time::timeout(Duration::from_secs(60), self.stream.next())
                .await
                .expect("an event within a minute")?
                .expect("a chunk");
            self.text.push_str(&String::from_utf8_lossy(&chunk));
        }
    }
}

/// Waits until no analysis runs on `h`'s server.
async fn no_analysis_runs(h: &Harness) {
    for _ in 0..600 {
        if h.server.pool().status().analyses == 0 {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("an analysis still runs: {:?}", h.server.pool().status());
}

/// The analysis board's line: turns played from the start or a position,
/// its legal turns and status, and the rules' refusals in words (422).
#[tokio::test]
async fn an_analysis_line_is_checked_and_described() {
    let h = Harness::new("analysis-line");
    let answer = h
        .post(
            "/api/analysis",
            None,
            json!({"variant": "alquerque", "turns": ["c2-c3"]}),
        )
        .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
    let line = answer.body;
    assert_eq!(line["positions"].as_array().map(Vec::len), Some(2));
    assert_eq!(line["moves"][0]["text"], "c2-c3");
    assert_eq!(line["side_to_move"], "black");
    // The only legal turn: the capture (A4).
    assert_eq!(line["turns"][0]["text"], "c4xc2");
    assert_eq!(line["turns_total"], 1);
    assert_eq!(line["status"], "Black to move");
    assert!(
        line["record"]
            .as_str()
            .expect("a record")
            .contains("1. c2-c3")
    );
    let refused = h
        .post(
            "/api/analysis",
            None,
            json!({"variant": "permainan", "position": "W:Wa5:Bc1"}),
        )
        .await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(refused.body["error"], "bad_position");
    assert!(
        refused.body["message"]
            .as_str()
            .expect("a message")
            .contains("crowned"),
        "{}",
        refused.body
    );
    let unknown = h
        .post("/api/analysis", None, json!({"variant": "chess"}))
        .await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND);
    let stray = h
        .post(
            "/api/analysis",
            None,
            json!({"variant": "zamma", "extra": 1}),
        )
        .await;
    assert_eq!(stray.status, StatusCode::BAD_REQUEST);
}

/// An analysis deepens: a `progress` event after each depth, with up to
/// three best lines of distinct first turns, then `done` when its time is
/// up; a finished game has nothing to analyse.
#[tokio::test]
async fn an_analysis_deepens_and_ends() {
    let h = Harness::new_with("analysis-events", |config| {
        config.analysis_time = Duration::from_secs(3);
    });
    let mut events = Events::open(&h, "/api/analysis/events?variant=zamma&lines=3").await;
    let mut depths = Vec::new();
    let done = loop {
        let (name, data) = events.next().await.expect("an event");
        match name.as_str() {
            "progress" => {
                depths.push(data["depth"].as_u64().expect("a depth"));
                let lines = data["lines"].as_array().expect("lines");
                assert_eq!(lines.len(), 3, "{data}");
                let firsts: Vec<&Value> = lines.iter().map(|line| &line["turns"][0]).collect();
                assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2], "{data}");
                assert!(data["white"].as_i64().expect("a number").abs() <= 1000);
                assert!(data["evaluation"].is_string());
            }
            "done" => break data,
            other => panic!("unexpected event {other}: {data}"),
        }
    };
    assert!(depths.windows(2).all(|w| w[0] < w[1]), "{depths:?}");
    assert!(depths.len() >= 2, "{depths:?}");
    assert!(
        ["time", "depth"].contains(&done["reason"].as_str().expect("a reason")),
        "{done}"
    );
    assert!(
        events.next().await.is_none(),
        "the stream ends after `done`"
    );
    // Over: Black has no piece left.
    let mut over = Events::open(
        &h,
        "/api/analysis/events?variant=peralikatuma&position=W:Wd4:Be5&turns=d4xf6",
    )
    .await;
    let (name, data) = over.next().await.expect("an event");
    assert_eq!((name.as_str(), &data["reason"]), ("done", &json!("over")));
    // Refused before any stream: an illegal turn, too many lines.
    for uri in [
        "/api/analysis/events?variant=alquerque&turns=c2-c4",
        "/api/analysis/events?variant=alquerque&lines=99",
    ] {
        let answer = h.get(uri, None).await;
        assert!(answer.status.is_client_error(), "{uri}: {}", answer.body);
    }
}

/// With every analysis place busy, a page is told it waits; a page that
/// closes its stream stops its analysis and frees its place.
#[tokio::test]
async fn analyses_wait_for_a_place_and_stop_when_the_page_goes() {
    let h = Harness::new_with("analysis-places", |config| {
        config.analyses = 1;
        config.analysis_time = Duration::from_secs(600);
    });
    let mut first = Events::open(&h, "/api/analysis/events?variant=peralikatuma").await;
    let (name, _) = first.next().await.expect("an event");
    assert_eq!(name, "progress");
    assert_eq!(h.server.pool().status().analyses, 1);
    let mut second = Events::open(&h, "/api/analysis/events?variant=sixteen-soldiers").await;
    let (name, data) = second.next().await.expect("an event");
    assert_eq!(name, "waiting", "{data}");
    // The first page goes: its analysis stops (long before its ten
    // minutes), and the second's begins.
    drop(first);
    let (name, data) = second.next().await.expect("an event");
    assert_eq!(name, "progress", "{data}");
    drop(second);
    no_analysis_runs(&h).await;
}

/// The events of a report's stream until `done`: the progress seen, the
/// report (if any) and the reason it ended.
async fn report_events(h: &Harness, uri: &str) -> (Vec<(u64, u64)>, Option<Value>, String) {
    let mut events = Events::open(h, uri).await;
    let mut progress = Vec::new();
    let mut report = None;
    loop {
        let (name, data) = events.next().await.expect("an event");
        match name.as_str() {
            "progress" => progress.push((
                data["done"].as_u64().expect("done"),
                data["total"].as_u64().expect("total"),
            )),
            "report" => report = Some(data),
            "done" => {
                let reason = data["reason"].as_str().expect("a reason").to_owned();
                assert!(
                    events.next().await.is_none(),
                    "the stream ends after `done`"
                );
                return (progress, report, reason);
            }
            other => panic!("unexpected event {other}: {data}"),
        }
    }
}

/// A line's report: progress after each of its positions, then every
/// turn classified (the two pieces Black gives away a mistake or worse),
/// the evaluation graph and the record annotated.
#[tokio::test]
async fn a_lines_report_comes_with_its_progress() {
    let h = Harness::new("report-line");
    let turns = "c2-c3;c4xc2;c1xc3;a3xc1;c3xa3;c5-c4;a3xc5xc3";
    let uri = format!("/api/report/events?variant=alquerque&turns={turns}&depth=4");
    let (progress, report, reason) = report_events(&h, &uri).await;
    assert_eq!(reason, "done");
    assert_eq!(progress.first(), Some(&(1, 8)));
    assert_eq!(progress.last(), Some(&(8, 8)));
    let view = report.expect("a report");
    let report = &view["report"];
    assert_eq!(report["turns"].as_array().map(Vec::len), Some(7));
    assert_eq!(report["graph"].as_array().map(Vec::len), Some(8));
    let drop = &report["turns"][5];
    assert_eq!(drop["text"], "c5-c4");
    assert!(
        ["mistake", "blunder"].contains(&drop["class"].as_str().expect("a class")),
        "{drop}"
    );
    let annotated = view["annotated"].as_str().expect("a record");
    let comment = annotated
        .split("c5-c4")
        .nth(1)
        .expect("the turn")
        .trim_start();
    assert!(
        comment.starts_with("{mistake") || comment.starts_with("{blunder"),
        "{annotated}"
    );
    for uri in [
        "/api/report/events?variant=alquerque&depth=0",
        "/api/report/events?variant=alquerque&turns=c2-c4",
    ] {
        let answer = h.get(uri, None).await;
        assert!(answer.status.is_client_error(), "{uri}: {}", answer.body);
    }
}

/// A game's report is kept with it: asked again while the game stands
/// as it was, it comes at once, also after a restart; once the game has
/// changed, it is worked out again.
#[tokio::test]
async fn a_games_report_is_kept_with_the_game_until_it_changes() {
    let h = Harness::new("report-game");
    let (id, token) = h
        .start(json!({"opponent": "human", "variant": "alquerque"}))
        .await;
    for (number, turn) in ["c2-c3", "c4xc2", "c1xc3"].iter().enumerate() {
        let answer = h.play(&id, Some(&token), turn, number as u64).await;
        assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
    }
    let uri = format!("/api/games/{id}/report/events?depth=3");
    let (progress, first, reason) = report_events(&h, &uri).await;
    assert_eq!((progress.len(), reason.as_str()), (4, "done"));
    let first = first.expect("a report");
    let (progress, again, reason) = report_events(&h, &uri).await;
    assert_eq!((progress.len(), reason.as_str()), (0, "kept"));
    assert_eq!(again.as_ref(), Some(&first));
    let h = h.restart();
    let (_, again, reason) = report_events(&h, &uri).await;
    assert_eq!(reason, "kept");
    assert_eq!(again.as_ref(), Some(&first));
    // Another depth is another report.
    let deeper = format!("/api/games/{id}/report/events?depth=4");
    let (_, _, reason) = report_events(&h, &deeper).await;
    assert_eq!(reason, "done");
    let answer = h.play(&id, Some(&token), "a3xc1", 3).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
    let (progress, changed, reason) = report_events(&h, &deeper).await;
    assert_eq!((progress.len(), reason.as_str()), (5, "done"));
    let turns = &changed.expect("a report")["report"]["turns"];
    assert_eq!(turns.as_array().map(Vec::len), Some(4));
    let unknown = h.get("/api/games/nothing/report/events", None).await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND);
}
