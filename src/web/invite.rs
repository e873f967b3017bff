//! A friend's invitation: a link good once. The first device to open it
//! takes the friend's seat (its token goes into that device's cookie);
//! any device opening it later may watch, and is told so. The host can
//! make a new invitation, which voids the old one: the device holding the
//! seat keeps it until the new one is used. The link also comes as a QR
//! code, for phones.

use std::sync::Arc;

use axum::Json;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, header};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};

use super::api::{over_https, to_seat, token};
use super::error::ApiError;
use super::server::Server;
use super::table::Joined;
use super::view::{GameView, view};

/// The path of the invitation `code` to game `id`.
pub fn invite_path(id: &str, code: &str) -> String {
    format!("/games/{id}?invite={code}")
}

/// A device opens the invitation `code` to game `id`: it takes the
/// friend's seat if the invitation is still good, else it may watch. The
/// answer sends it to the game's page, with a fragment the page reads to
/// say what came of it (`#invite-taken`, `#invite-used`, ...).
///
/// # Errors
/// 404 for an unknown game, 500 when the seat cannot be kept.
pub async fn join(
    server: &Arc<Server>,
    id: &str,
    code: &str,
    headers: &HeaderMap,
) -> Result<Response, ApiError> {
    let entry = server.entry(id).await?;
    let carried = token(headers, id);
    let secure = over_https(headers);
    {
        let entry = entry;
        let mut table = entry.lock().await;
        Ok(match table.join(code, carried.as_deref()) {
            Joined::Taken(seat) => {
                server.announce(&entry, &table).await?;
                to_seat(id, "invite-taken", Some(&seat), secure)
            }
            Joined::Seated => {
                server.announce(&entry, &table).await?;
                to_seat(id, "invite-yours", None, secure)
            }
            Joined::Own => to_seat(id, "invite-own", None, secure),
            Joined::Used => to_seat(id, "invite-used", None, secure),
        })
    }
}

/// What `POST /api/games/{id}/invite` answers.
#[derive(Serialize)]
pub struct Invitation {
    /// The new invitation's path (`/games/{id}?invite=...`).
    pub invite: String,
    /// The game.
    pub state: GameView,
}

/// `POST /api/games/{id}/invite`: the host makes a new invitation for
/// the friend's seat, which voids the one before.
pub async fn renew(
    State(server): State<Arc<Server>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<Invitation>, ApiError> {
    let entry = server.entry(&id).await?;
    let carried = token(&headers, &id);
    {
        let entry = entry;
        let mut table = entry.lock().await;
        let seat = table.seat(carried.as_deref());
        let code = table.new_invite(seat)?;
        server.announce(&entry, &table).await?;
        Ok(Json(Invitation {
            invite: invite_path(&id, &code),
            state: view(&table, seat),
        }))
    }
}

/// `?text=...`: what a QR code says.
#[derive(Deserialize)]
pub struct QrText {
    text: String,
}

/// The longest text made into a QR code.
pub const QR_MOST: usize = 1024;

/// `GET /qr.svg?text=...`: `text` as a QR code, an SVG picture.
///
/// # Errors
/// 400 for an empty text or one over [`QR_MOST`] bytes.
pub async fn qr(Query(QrText { text }): Query<QrText>) -> Result<Response, ApiError> {
    if text.is_empty() || text.len() > QR_MOST {
        return Err(ApiError::bad_request(format!(
            "A QR code is made of 1 to {QR_MOST} bytes of text."
        )));
    }
    let code = qrcode::QrCode::new(text.as_bytes())
        .map_err(|e| ApiError::bad_request(format!("No QR code holds this text: {e}.")))?;
    let svg = code
        .render::<qrcode::render::svg::Color<'_>>()
        .min_dimensions(200, 200)
        .quiet_zone(true)
        .build();
    Ok((
        [
            (header::CONTENT_TYPE, "image/svg+xml"),
            (header::CACHE_CONTROL, "no-store"),
        ],
        svg,
    )
        .into_response())
}
