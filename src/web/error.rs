//! Refusals of the HTTP API: a status and a JSON body that says why, in
//! the rules crate's words where a rule refuses. A browser asking for a
//! page (a bad link, an unknown game) gets the same reason as a page in
//! words, with a way on ([`pages_for_browsers`]).

use axum::Json;
use axum::body::Body;
use axum::extract::Request;
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use peralikatuma_rules::board_topology::PointSet;
use peralikatuma_rules::{Reason, Refusal};
use serde::Serialize;

/// A request the server refuses, and why.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ApiError {
    /// The HTTP status (always 4xx or 5xx).
    pub status: StatusCode,
    /// A short machine-readable kind: `unknown_game`, `illegal_turn`, ...
    pub kind: &'static str,
    /// Says why, for people.
    pub message: String,
    /// For an illegal turn, the rules crate's refusal.
    pub refusal: Option<Box<RefusalJson>>,
}

/// A [`Refusal`] as the API reports it: the reason's kind, the rule and
/// the points it names, in the game's names.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct RefusalJson {
    /// The reason's kind in snake case: `occupied`, `capture_compulsory`, ...
    pub reason: &'static str,
    /// The rule's number (`R2.1`), if one rule refuses.
    pub rule: Option<&'static str>,
    /// The rule's anchor in the rule document (`r2.1`).
    pub anchor: Option<&'static str>,
    /// The points the reason names, in the game's names.
    pub points: Vec<String>,
}

impl RefusalJson {
    /// The API's form of `refusal`.
    pub fn new(refusal: &Refusal) -> RefusalJson {
        let (reason, points) = parts(refusal.reason);
        let board = refusal.ruleset.board;
        let rule = refusal.rule();
        RefusalJson {
            reason,
            rule: rule.map(|r| r.number()),
            anchor: rule.map(|r| r.anchor()),
            points: points
                .iter()
                .map(|&p| board.point_name(p).to_string())
                .collect(),
        }
    }
}

/// The kind of a refusal's `reason` and the points it names, in order.
fn parts(reason: Reason) -> (&'static str, Vec<u8>) {
    let set = |set: u128| set.points().collect::<Vec<u8>>();
    match reason {
        Reason::Over => ("over", vec![]),
        Reason::OffBoard { point } => ("off_board", vec![point]),
        Reason::MustMove => ("must_move", vec![]),
        Reason::NoPiece { point } => ("no_piece", vec![point]),
        Reason::NotYourPiece { point, .. } => ("not_your_piece", vec![point]),
        Reason::NotHuffable { point } => ("not_huffable", vec![point]),
        Reason::Unfinished { point } => ("unfinished", vec![point]),
        Reason::Stuck { point } => ("stuck", vec![point]),
        Reason::HemmedIn { point } => ("hemmed_in", vec![point]),
        Reason::Occupied { point, .. } => ("occupied", vec![point]),
        Reason::ChainGoesOn { at } => ("chain_goes_on", vec![at]),
        Reason::NoSuchMove { from } => ("no_such_move", vec![from]),
        Reason::NoClaims => ("no_claims", vec![]),
        Reason::NothingClaimable => ("nothing_claimable", vec![]),
        Reason::NotClaimable { point, claimable } => {
            let mut points = vec![point];
            points.extend(set(claimable));
            ("not_claimable", points)
        }
        Reason::CaptureCompulsory { capturers } => ("capture_compulsory", set(capturers)),
        Reason::NotAdjacent { from, to } => ("not_adjacent", vec![from, to]),
        Reason::Backward { from, to } => ("backward", vec![from, to]),
        Reason::LastRank { point } => ("last_rank", vec![point]),
        Reason::NoReturn { from, to } => ("no_return", vec![from, to]),
        Reason::NotOnALine { from, to } => ("not_on_a_line", vec![from, to]),
        Reason::Blocked { from, to, at } => ("blocked", vec![from, to, at]),
        Reason::NotAJump { from, to } => ("not_a_jump", vec![from, to]),
        Reason::NothingToJump { from, to, .. } => ("nothing_to_jump", vec![from, to]),
        Reason::AlreadyJumped { point } => ("already_jumped", vec![point]),
        Reason::FirstJumpDirection { from, to } => ("first_jump_direction", vec![from, to]),
        _ => ("other", vec![]),
    }
}

impl ApiError {
    fn new(status: StatusCode, kind: &'static str, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            kind,
            message: message.into(),
            refusal: None,
        }
    }

    /// 404: no game has this id.
    pub fn unknown_game(id: &str) -> ApiError {
        ApiError::new(
            StatusCode::NOT_FOUND,
            "unknown_game",
            format!("there is no game `{id}`"),
        )
    }

    /// 404: no such page or route.
    pub fn not_found(what: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, "not_found", what)
    }

    /// 405: the route takes other methods.
    pub fn method_not_allowed() -> ApiError {
        ApiError::new(
            StatusCode::METHOD_NOT_ALLOWED,
            "method_not_allowed",
            "this method is not allowed here",
        )
    }

    /// 400: the request cannot be read.
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, "bad_request", message)
    }

    /// 403: the request needs the seat's token, and has not got it.
    pub fn wrong_seat(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::FORBIDDEN, "wrong_seat", message)
    }

    /// 409: the request does not fit the game as it stands now.
    pub fn conflict(kind: &'static str, message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::CONFLICT, kind, message)
    }

    /// 413: the body is larger than the server takes.
    pub fn too_large(limit: usize) -> ApiError {
        ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            "too_large",
            format!("the request's body is larger than {limit} bytes"),
        )
    }

    /// 422: the rules refuse the turn, for the reason said, with its parts.
    pub fn illegal(refusal: &Refusal) -> ApiError {
        ApiError {
            refusal: Some(Box::new(RefusalJson::new(refusal))),
            ..ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                "illegal_turn",
                refusal.to_string(),
            )
        }
    }

    /// 422: the request is read but its content is refused: a position
    /// that cannot be one of the game's, a record with a fault, ... (the
    /// message says what and where).
    pub fn invalid(kind: &'static str, message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, kind, message)
    }

    /// 500: the server could not do what it should have (a file that
    /// cannot be written, ...).
    pub fn internal(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "internal", message)
    }
}

/// `{"error": kind, "message": ..., "refusal": {...}}`.
#[derive(Serialize)]
struct ErrorBody<'a> {
    error: &'static str,
    message: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    refusal: Option<&'a RefusalJson>,
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = ErrorBody {
            error: self.kind,
            message: &self.message,
            refusal: self.refusal.as_deref(),
        };
        (self.status, Json(body)).into_response()
    }
}

/// Whether a request asks for a page for people (a browser following a
/// link), not data: its `Accept` names `text/html`.
fn wants_a_page(request: &Request) -> bool {
    request
        .headers()
        .get_all(header::ACCEPT)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .any(|accept| accept.contains("text/html"))
}

/// Escapes `text` for HTML.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The page for a refusal with `status` and `message`.
pub fn error_page(status: StatusCode, message: &str) -> String {
    let title = match status {
        StatusCode::NOT_FOUND => "Not found",
        StatusCode::BAD_REQUEST => "This link is not right",
        StatusCode::FORBIDDEN => "Not your seat",
        StatusCode::CONFLICT | StatusCode::UNPROCESSABLE_ENTITY => "Not now",
        s if s.is_server_error() => "Something went wrong on the server",
        _ => "This cannot be done",
    };
    let mut message = message.trim().to_owned();
    if let Some(first) = message.get(..1) {
        message.replace_range(..1, &first.to_uppercase());
    }
    if !message.ends_with(['.', '!', '?']) {
        message.push('.');
    }
    format!(
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{title}</title>\n<link rel=\"icon\" href=\"/favicon.svg\" type=\"image/svg+xml\">\n\
         <link rel=\"stylesheet\" href=\"/assets/style.css\">\n</head>\n<body>\n\
         <header><h1>{title}</h1></header>\n<main class=\"error-page\">\n\
         <p id=\"error-message\">{}</p>\n<p class=\"small\">Error {}.</p>\n\
         <p><a class=\"button\" href=\"/\">Your games</a> <a class=\"button\" href=\"/#new\">New game</a></p>\n\
         </main>\n</body>\n</html>\n",
        escape(&message),
        status.as_u16()
    )
}

/// Middleware: a refusal answered to a browser that asked for a page
/// becomes a page in words, with links to the games and a new game;
/// programs (which ask for JSON, or anything) keep the JSON reason.
pub async fn pages_for_browsers(request: Request, next: Next) -> Response {
    let page = wants_a_page(&request);
    let response = next.run(request).await;
    let status = response.status();
    let json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|t| t.as_bytes().starts_with(b"application/json"));
    if !page || !json || !(status.is_client_error() || status.is_server_error()) {
        return response;
    }
    let (mut parts, body) = response.into_parts();
    let bytes = axum::body::to_bytes(body, 1 << 20)
        .await
        .unwrap_or_default();
    let message = serde_json::from_slice::<serde_json::Value>(&bytes)
        .ok()
        .and_then(|v| v.get("message")?.as_str().map(str::to_owned))
        .unwrap_or_else(|| status.canonical_reason().unwrap_or("error").to_owned());
    parts.headers.remove(header::CONTENT_LENGTH);
    parts.headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/html; charset=utf-8"),
    );
    for (name, value) in super::pages::SECURITY {
        parts.headers.insert(name, HeaderValue::from_static(value));
    }
    Response::from_parts(parts, Body::from(error_page(status, &message)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use peralikatuma_rules::{Position, Ruleset};

    #[test]
    fn an_error_page_says_the_reason_in_a_sentence_and_escapes_it() {
        let page = error_page(StatusCode::NOT_FOUND, "there is no game `<b>`");
        assert!(page.contains("<title>Not found</title>"), "{page}");
        assert!(page.contains("There is no game `&lt;b&gt;`."), "{page}");
        assert!(page.contains("href=\"/\""), "{page}");
    }

    #[test]
    fn an_illegal_turn_reports_the_rule_and_the_points_in_the_games_names() {
        let start = Position::start(Ruleset::PERALIKATUMA);
        let turn = start.parse_turn("d4-e4").expect_err("e4 is taken");
        let refusal = turn.refusal().expect("a refusal");
        let error = ApiError::illegal(refusal);
        assert_eq!(error.status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(error.message, "e4 is not empty (R2.1)");
        let json = error.refusal.expect("refusal");
        assert_eq!(json.reason, "occupied");
        assert_eq!(json.rule, Some("R2.1"));
        assert_eq!(json.anchor, Some("r2.1"));
        assert_eq!(json.points, ["e4"]);
        // A family game's refusal, in the same parts.
        let lau = Position::start(Ruleset::find("lau-kata-kati").expect("a ruleset"));
        let turn = lau.parse_turn("d2-d3").expect_err("d3 is taken");
        let error = ApiError::illegal(turn.refusal().expect("a refusal"));
        assert_eq!(error.message, "d3 is not empty (F1)");
        let json = error.refusal.expect("refusal");
        assert_eq!((json.reason, json.rule), ("occupied", Some("F1")));
        assert_eq!(json.points, ["d3"]);
    }
}
