//! Where the server keeps its games: a [`Store`], with one implementation,
//! [`SqliteStore`] (SQLite, embedded, in WAL mode), so that another (a
//! PostgreSQL store for several servers, say) can be added beside it.
//!
//! A game is kept as a [`StoredGame`]: its record (N4, which holds the
//! turns, the players and the clock's times), who sits where (the seats'
//! secret tokens and a friend's invitation), the offers not yet answered,
//! and a [`Summary`] that lists of games show without reading the record.
//! Every save is one transaction: a server stopped or killed at any
//! moment leaves each game as it was after its last change.
//!
//! Games kept by earlier versions, one JSON file each in the data
//! directory, are read by [`legacy`] and imported once, on the first start
//! (see [`Server::new`](super::Server::new)).

pub mod legacy;
mod sqlite;

pub use sqlite::SqliteStore;

use peralikatuma_rules::Side;

/// A game report kept with its game: the report as JSON, and the turns
/// it is a report of (the game may have changed since).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct StoredReport {
    /// The game's turns the report covers, in the notation (N2),
    /// separated by spaces.
    pub turns: String,
    /// The depth of its searches.
    pub depth: u32,
    /// The report, as the API sends it.
    pub json: String,
}

/// What is kept of one game.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct StoredGame {
    /// The game's id.
    pub id: String,
    /// Who plays the other side: `human`, `friend`, `beginner`, `easy`,
    /// `medium`, `hard`, `master`.
    pub opponent: String,
    /// The side of the person who started the game.
    pub colour: Side,
    /// The secret token of the seat of the person who started the game.
    pub owner: String,
    /// The secret token of the friend's seat, once a device has taken it.
    pub guest: Option<String>,
    /// The friend's invitation, while it waits to be used: the first
    /// device to open it takes the friend's seat.
    pub invite: Option<String>,
    /// A draw offered and not yet answered, by this side.
    pub draw_offer: Option<Side>,
    /// A take-back asked and not yet answered, by this side.
    pub takeback_offer: Option<Side>,
    /// The game record (N4), with the players and the clock in its tags.
    pub record: String,
    /// When the game was started, in seconds since 1970.
    pub created: u64,
    /// What a list of games shows of it.
    pub summary: Summary,
}

/// What a list of games shows of a game, worked out from it when it is
/// kept.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Summary {
    /// The game's id: `peralikatuma`, `zamma`, ...
    pub variant: String,
    /// Turns played.
    pub turns: usize,
    /// The side to move.
    pub to_move: Side,
    /// `1-0`, `0-1` or `1/2-1/2` once the game is over.
    pub result: Option<String>,
    /// How the game stands, in words: `White to move`, `1-0: White wins:
    /// Black has no pieces left (E1)`.
    pub status: String,
    /// The time control (T1), as players write it (`5+3`), on a clock.
    pub clock: Option<String>,
    /// Whether the server must take the game up when it starts: the
    /// machine has the move, or a clock runs.
    pub pending: bool,
}

/// A game as a list of games shows it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Listing {
    /// The game's id.
    pub id: String,
    /// Who plays the other side (as [`StoredGame::opponent`]).
    pub opponent: String,
    /// The side of the person who started the game.
    pub colour: Side,
    /// When it was started, in seconds since 1970.
    pub created: u64,
    /// When it last changed, in seconds since 1970.
    pub updated: u64,
    /// How it stands.
    pub summary: Summary,
}

/// A seat at a kept game.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Role {
    /// The person who started it.
    Owner,
    /// The friend invited to it.
    Guest,
}

/// A game that a seat's token opens, and which seat.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SeatedGame {
    /// The seat.
    pub role: Role,
    /// The game.
    pub game: Listing,
}

/// What went wrong in the store.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The database refused or failed.
    #[error("the game database: {0}")]
    Database(#[from] rusqlite::Error),
    /// A file could not be read or written.
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// A game is kept in a form this version cannot read.
    #[error("game `{id}` is kept wrongly: {what}")]
    Corrupt {
        /// The game.
        id: String,
        /// What is wrong.
        what: String,
    },
}

/// Where games are kept. Every method blocks: the server calls them on
/// blocking threads.
pub trait Store: Send + Sync {
    /// Keeps `game`, in place of what was kept of it: all of it or, on an
    /// error, nothing.
    ///
    /// # Errors
    /// When it cannot be written; what was kept before then stays.
    fn save(&self, game: &StoredGame) -> Result<(), StoreError>;

    /// Keeps each of `games` that is not kept yet, all in one
    /// transaction; returns how many were new.
    ///
    /// # Errors
    /// When they cannot be written; then none is.
    fn import(&self, games: &[StoredGame]) -> Result<usize, StoreError>;

    /// The game kept as `id`, or `None` when there is none.
    ///
    /// # Errors
    /// When it cannot be read.
    fn load(&self, id: &str) -> Result<Option<StoredGame>, StoreError>;

    /// The ids of the games the server must take up when it starts
    /// ([`Summary::pending`]).
    ///
    /// # Errors
    /// When they cannot be read.
    fn pending(&self) -> Result<Vec<String>, StoreError>;

    /// The games that the seats of `seats` (each a game's id and a
    /// token) open, the last changed first; a pair that opens no seat is
    /// left out.
    ///
    /// # Errors
    /// When they cannot be read.
    fn seated(&self, seats: &[(String, String)]) -> Result<Vec<SeatedGame>, StoreError>;

    /// How many games are kept.
    ///
    /// # Errors
    /// When it cannot be read.
    fn count(&self) -> Result<u64, StoreError>;

    /// Keeps `report` with the game `id`, in place of its report before.
    ///
    /// # Errors
    /// When it cannot be written, or no game `id` is kept.
    fn save_report(&self, id: &str, report: &StoredReport) -> Result<(), StoreError>;

    /// The report kept with the game `id`, if any.
    ///
    /// # Errors
    /// When it cannot be read.
    fn report(&self, id: &str) -> Result<Option<StoredReport>, StoreError>;
}

/// Whether `id` can name a game: 1 to 64 letters, digits, `-` or `_`.
pub fn is_game_id(id: &str) -> bool {
    (1..=64).contains(&id.len())
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// Seconds since 1970, now.
pub fn now_seconds() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |t| t.as_secs())
}
