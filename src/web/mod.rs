//! Play in the browser: an HTTP server (axum on tokio) that serves the
//! page and a JSON API over the [session layer](crate::session), for
//! `examples/serve.rs`.
//!
//! - Every one of the 21 games is served in the one model
//!   ([`Game`](peralikatuma_rules::Game)), each game a
//!   [`Table`](table::Table) held in an [`Entry`](server::Entry).
//! - Games are kept in an SQLite database in the data directory
//!   ([`store`]), every change in a transaction, and come back after a
//!   restart. A game idle for a while leaves memory and is read back when
//!   it is opened again.
//! - Each game has a secret token per seat, kept in the browser's cookies;
//!   a request that changes a game without its seat's token is refused
//!   with 403 and changes nothing. A friend's invitation is good once
//!   ([`invite`]); the first page lists the browser's games ([`listing`]).
//! - The machine thinks on a bounded pool that owns its players
//!   ([`pool`]); its turn reaches the pages by server-sent events.
//! - Every bad request gets a 4xx with a reason: JSON for programs, a page
//!   in words for a browser ([`error`]); an illegal turn's reason is the
//!   rules crate's refusal.
//! - A game on a clock (T1) is timed by the server: it ends the game the
//!   moment a time runs out (T2), whether or not a page is open; after a
//!   restart the turn under way goes on from the time kept with the game
//!   ([`Session::resume_record`](crate::session::Session::resume_record)).
//!
//! ```no_run
//! # async fn run() -> std::io::Result<()> {
//! use peralikatuma::web::{Config, serve};
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:8080").await?;
//! serve(listener, Config::new("games")).await
//! # }
//! ```

pub mod analysis_board;
pub mod api;
pub mod error;
pub mod event_stream;
pub mod explain;
pub mod game_report;
pub mod geometry;
pub mod invite;
pub mod listing;
pub mod pages;
pub mod pool;
pub mod seating;
pub mod server;
pub mod store;
pub mod table;
pub mod view;
pub mod web_game;

use std::sync::Arc;

use axum::Router;
use axum::extract::DefaultBodyLimit;

pub use server::{Config, Server};

/// The whole application: the page, its assets and the API, on `server`.
pub fn router(server: Arc<Server>) -> Router {
    let limit = server.config().body_limit;
    pages::fallbacks(pages::routes().merge(api::routes()))
        .layer(DefaultBodyLimit::max(limit))
        .layer(axum::middleware::from_fn(error::pages_for_browsers))
        .with_state(server)
}

/// Serves the games of `config` on `listener` until the process is
/// stopped (Ctrl-C): [`open`], then [`Opened::run`].
///
/// # Errors
/// When the data directory cannot be used or the listener fails.
pub async fn serve(listener: tokio::net::TcpListener, config: Config) -> std::io::Result<()> {
    open(listener, config).await?.run().await
}

/// Opens the games of `config` (the database, and the games where the
/// machine or a clock was waiting taken up again) to serve them on
/// `listener`: once this returns, the server is ready, and a frontend
/// says where to find it.
///
/// # Errors
/// When the data directory or its database cannot be used.
pub async fn open(
    listener: tokio::net::TcpListener,
    mut config: Config,
) -> std::io::Result<Opened> {
    config.address = listener.local_addr().ok();
    let server = Server::new(config)?;
    let resumed = server.resume_pending().await?;
    Ok(Opened {
        listener,
        server,
        resumed,
    })
}

/// A server whose games are open, not yet answering ([`open`]).
pub struct Opened {
    listener: tokio::net::TcpListener,
    server: Arc<Server>,
    resumed: usize,
}

impl Opened {
    /// The games taken up where the machine or a clock was waiting.
    pub fn resumed(&self) -> usize {
        self.resumed
    }

    /// The server.
    pub fn server(&self) -> &Arc<Server> {
        &self.server
    }

    /// Answers on the listener until the process is stopped (Ctrl-C).
    /// Games are kept after every change, so stopping at once loses
    /// nothing; pages watching a game (their event streams) are not
    /// waited for.
    ///
    /// # Errors
    /// When the listener fails.
    pub async fn run(self) -> std::io::Result<()> {
        self.server.forget_idle_games();
        tokio::select! {
            served = axum::serve(self.listener, router(self.server)) => served,
            _ = tokio::signal::ctrl_c() => Ok(()),
        }
    }
}
