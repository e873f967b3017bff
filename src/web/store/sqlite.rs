//! The store in an SQLite database (`games.sqlite3` in the data
//! directory), bundled with the program: nothing to install or run beside
//! it. WAL mode, every save one transaction flushed to the disk before it
//! returns, so that a game change the server has answered survives a
//! crash or a `kill -9`.
//!
//! Tables: `games` (one row a game: its record, players, offers and
//! summary), `seats` (the secret token of each seat taken) and `invites`
//! (a friend's invitation not yet used).

use std::fs::{self, OpenOptions};
use std::io;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};

use peralikatuma_rules::Side;
use rusqlite::{Connection, OptionalExtension, Row, Transaction, params};

use super::{
    Listing, Role, SeatedGame, Store, StoreError, StoredGame, StoredReport, Summary, is_game_id,
    now_seconds,
};

/// The layout's version, kept as the database's `user_version`.
const SCHEMA_VERSION: i64 = 1;

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    opponent TEXT NOT NULL,
    colour TEXT NOT NULL CHECK (colour IN ('white', 'black')),
    record TEXT NOT NULL,
    draw_offer TEXT CHECK (draw_offer IN ('white', 'black')),
    takeback_offer TEXT CHECK (takeback_offer IN ('white', 'black')),
    created INTEGER NOT NULL,
    updated INTEGER NOT NULL,
    variant TEXT NOT NULL,
    turns INTEGER NOT NULL,
    to_move TEXT NOT NULL CHECK (to_move IN ('white', 'black')),
    result TEXT,
    status TEXT NOT NULL,
    clock TEXT,
    pending INTEGER NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS games_pending ON games (pending) WHERE pending;
CREATE TABLE IF NOT EXISTS seats (
    game TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    role TEXT NOT NULL CHECK (role IN ('owner', 'guest')),
    token TEXT NOT NULL,
    PRIMARY KEY (game, role)
) STRICT;
CREATE TABLE IF NOT EXISTS invites (
    game TEXT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    code TEXT NOT NULL
) STRICT;
CREATE TABLE IF NOT EXISTS reports (
    game TEXT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    turns TEXT NOT NULL,
    depth INTEGER NOT NULL,
    report TEXT NOT NULL
) STRICT;
CREATE TABLE IF NOT EXISTS meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
) STRICT;
";

const GAME_COLUMNS: &str = "id, opponent, colour, record, draw_offer, takeback_offer, created, \
     updated, variant, turns, to_move, result, status, clock, pending";

/// Games kept in an SQLite database.
#[derive(Debug)]
pub struct SqliteStore {
    path: PathBuf,
    connection: Mutex<Connection>,
}

fn side_name(side: Side) -> &'static str {
    match side {
        Side::White => "white",
        Side::Black => "black",
    }
}

fn side_of(id: &str, text: &str) -> Result<Side, StoreError> {
    match text {
        "white" => Ok(Side::White),
        "black" => Ok(Side::Black),
        _ => Err(StoreError::Corrupt {
            id: id.to_owned(),
            what: format!("`{text}` is not a side"),
        }),
    }
}

/// A new file that only its owner can read (where the platform says so):
/// the database holds the seats' secret tokens. SQLite gives its WAL and
/// shared-memory files the same permissions.
fn create_private(path: &Path) -> io::Result<()> {
    let mut options = OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    match options.open(path) {
        Ok(_) => Ok(()),
        Err(error) if error.kind() == io::ErrorKind::AlreadyExists => Ok(()),
        Err(error) => Err(error),
    }
}

/// A game's row, as read.
struct GameRow {
    listing: Listing,
    record: String,
    draw_offer: Option<String>,
    takeback_offer: Option<String>,
}

/// A game's row from column `at` on, with its sides as written.
fn game_row(row: &Row<'_>, at: usize) -> rusqlite::Result<(GameRow, String, String)> {
    let column = |i: usize| at + i;
    let seconds = |i: usize| -> rusqlite::Result<u64> {
        Ok(u64::try_from(row.get::<_, i64>(column(i))?).unwrap_or(0))
    };
    Ok((
        GameRow {
            listing: Listing {
                id: row.get(column(0))?,
                opponent: row.get(column(1))?,
                colour: Side::White,
                created: seconds(6)?,
                updated: seconds(7)?,
                summary: Summary {
                    variant: row.get(column(8))?,
                    turns: usize::try_from(row.get::<_, i64>(column(9))?).unwrap_or(0),
                    to_move: Side::White,
                    result: row.get(column(11))?,
                    status: row.get(column(12))?,
                    clock: row.get(column(13))?,
                    pending: row.get(column(14))?,
                },
            },
            record: row.get(column(3))?,
            draw_offer: row.get(column(4))?,
            takeback_offer: row.get(column(5))?,
        },
        row.get(column(2))?,
        row.get(column(10))?,
    ))
}

/// The row read as a listing, its sides checked.
fn listing_of(
    (mut row, colour, to_move): (GameRow, String, String),
) -> Result<GameRow, StoreError> {
    let id = row.listing.id.clone();
    row.listing.colour = side_of(&id, &colour)?;
    row.listing.summary.to_move = side_of(&id, &to_move)?;
    Ok(row)
}

impl SqliteStore {
    /// The store in `dir` (the file `games.sqlite3`), created with its
    /// tables if it is not there.
    ///
    /// # Errors
    /// When the directory or the database cannot be made or opened, or
    /// the database was written by a later version.
    pub fn open(dir: impl AsRef<Path>) -> Result<SqliteStore, StoreError> {
        let dir = dir.as_ref();
        fs::create_dir_all(dir)?;
        let path = dir.join("games.sqlite3");
        create_private(&path)?;
        let connection = Connection::open(&path)?;
        connection.busy_timeout(std::time::Duration::from_secs(10))?;
        let mode: String = connection.query_row("PRAGMA journal_mode = WAL", [], |r| r.get(0))?;
        if !mode.eq_ignore_ascii_case("wal") {
            return Err(StoreError::Io(io::Error::other(format!(
                "{} cannot be put in WAL mode (it is in {mode} mode)",
                path.display()
            ))));
        }
        connection.execute_batch("PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON;")?;
        let version: i64 = connection.query_row("PRAGMA user_version", [], |r| r.get(0))?;
        if version > SCHEMA_VERSION {
            return Err(StoreError::Io(io::Error::other(format!(
                "{} was written by a later version of the server (layout {version}; this one \
                 reads {SCHEMA_VERSION})",
                path.display()
            ))));
        }
        connection.execute_batch(SCHEMA)?;
        connection.execute_batch(&format!("PRAGMA user_version = {SCHEMA_VERSION}"))?;
        Ok(SqliteStore {
            path,
            connection: Mutex::new(connection),
        })
    }

    /// The database's file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    fn connection(&self) -> MutexGuard<'_, Connection> {
        // A panic while the lock was held left no transaction open (a
        // transaction rolls back when dropped), so the connection is sound.
        self.connection
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// A value of the table `meta`.
    ///
    /// # Errors
    /// When it cannot be read.
    pub fn meta(&self, key: &str) -> Result<Option<String>, StoreError> {
        Ok(self
            .connection()
            .query_row("SELECT value FROM meta WHERE key = ?1", [key], |r| r.get(0))
            .optional()?)
    }

    /// Sets a value of the table `meta`.
    ///
    /// # Errors
    /// When it cannot be written.
    pub fn set_meta(&self, key: &str, value: &str) -> Result<(), StoreError> {
        self.connection().execute(
            "INSERT INTO meta (key, value) VALUES (?1, ?2) \
             ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            [key, value],
        )?;
        Ok(())
    }

    /// SQLite's own check of the whole database: `ok`, or what is wrong.
    ///
    /// # Errors
    /// When the check cannot run.
    pub fn integrity(&self) -> Result<String, StoreError> {
        let connection = self.connection();
        let mut statement = connection.prepare("PRAGMA integrity_check")?;
        let lines = statement
            .query_map([], |r| r.get::<_, String>(0))?
            .collect::<Result<Vec<_>, _>>()?;
        Ok(lines.join("\n"))
    }

    /// Writes `game` in `transaction`, in place of what was kept of it.
    fn write(transaction: &Transaction<'_>, game: &StoredGame) -> Result<(), StoreError> {
        if !is_game_id(&game.id) {
            return Err(StoreError::Corrupt {
                id: game.id.clone(),
                what: "not a game id".to_owned(),
            });
        }
        let summary = &game.summary;
        transaction.execute(
            &format!(
                "INSERT INTO games ({GAME_COLUMNS}) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15) \
                 ON CONFLICT (id) DO UPDATE SET opponent = excluded.opponent, \
                 colour = excluded.colour, record = excluded.record, \
                 draw_offer = excluded.draw_offer, takeback_offer = excluded.takeback_offer, \
                 updated = excluded.updated, variant = excluded.variant, turns = excluded.turns, \
                 to_move = excluded.to_move, result = excluded.result, status = excluded.status, \
                 clock = excluded.clock, pending = excluded.pending"
            ),
            params![
                game.id,
                game.opponent,
                side_name(game.colour),
                game.record,
                game.draw_offer.map(side_name),
                game.takeback_offer.map(side_name),
                i64::try_from(game.created).unwrap_or(i64::MAX),
                i64::try_from(now_seconds()).unwrap_or(i64::MAX),
                summary.variant,
                i64::try_from(summary.turns).unwrap_or(i64::MAX),
                side_name(summary.to_move),
                summary.result,
                summary.status,
                summary.clock,
                summary.pending,
            ],
        )?;
        transaction.execute("DELETE FROM seats WHERE game = ?1", [&game.id])?;
        let seats = [("owner", Some(&game.owner)), ("guest", game.guest.as_ref())];
        for (role, token) in seats {
            if let Some(token) = token {
                transaction.execute(
                    "INSERT INTO seats (game, role, token) VALUES (?1, ?2, ?3)",
                    params![game.id, role, token],
                )?;
            }
        }
        transaction.execute("DELETE FROM invites WHERE game = ?1", [&game.id])?;
        if let Some(code) = &game.invite {
            transaction.execute(
                "INSERT INTO invites (game, code) VALUES (?1, ?2)",
                params![game.id, code],
            )?;
        }
        Ok(())
    }
}

impl Store for SqliteStore {
    fn save(&self, game: &StoredGame) -> Result<(), StoreError> {
        let mut connection = self.connection();
        let transaction = connection.transaction()?;
        SqliteStore::write(&transaction, game)?;
        transaction.commit()?;
        Ok(())
    }

    fn import(&self, games: &[StoredGame]) -> Result<usize, StoreError> {
        let mut connection = self.connection();
        let transaction = connection.transaction()?;
        let mut new = 0;
        for game in games {
            let kept: Option<i64> = transaction
                .query_row("SELECT 1 FROM games WHERE id = ?1", [&game.id], |r| {
                    r.get(0)
                })
                .optional()?;
            if kept.is_none() {
                SqliteStore::write(&transaction, game)?;
                new += 1;
            }
        }
        transaction.commit()?;
        Ok(new)
    }

    fn load(&self, id: &str) -> Result<Option<StoredGame>, StoreError> {
        if !is_game_id(id) {
            return Ok(None);
        }
        let connection = self.connection();
        let row = connection
            .query_row(
                &format!("SELECT {GAME_COLUMNS} FROM games WHERE id = ?1"),
                [id],
                |r| game_row(r, 0),
            )
            .optional()?;
        let Some(row) = row else {
            return Ok(None);
        };
        let row = listing_of(row)?;
        let mut statement = connection.prepare("SELECT role, token FROM seats WHERE game = ?1")?;
        let seats = statement
            .query_map([id], |r| {
                Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?))
            })?
            .collect::<Result<Vec<_>, _>>()?;
        let seat = |role: &str| {
            seats
                .iter()
                .find(|(r, _)| r == role)
                .map(|(_, token)| token.clone())
        };
        let owner = seat("owner").ok_or_else(|| StoreError::Corrupt {
            id: id.to_owned(),
            what: "it has no owner's seat".to_owned(),
        })?;
        let invite = connection
            .query_row("SELECT code FROM invites WHERE game = ?1", [id], |r| {
                r.get(0)
            })
            .optional()?;
        let offer = |side: Option<String>| side.map(|s| side_of(id, &s)).transpose();
        Ok(Some(StoredGame {
            id: row.listing.id,
            opponent: row.listing.opponent,
            colour: row.listing.colour,
            owner,
            guest: seat("guest"),
            invite,
            draw_offer: offer(row.draw_offer)?,
            takeback_offer: offer(row.takeback_offer)?,
            record: row.record,
            created: row.listing.created,
            summary: row.listing.summary,
        }))
    }

    fn pending(&self) -> Result<Vec<String>, StoreError> {
        let connection = self.connection();
        let mut statement = connection.prepare("SELECT id FROM games WHERE pending")?;
        let ids = statement
            .query_map([], |r| r.get(0))?
            .collect::<Result<Vec<String>, _>>()?;
        Ok(ids)
    }

    fn seated(&self, seats: &[(String, String)]) -> Result<Vec<SeatedGame>, StoreError> {
        let connection = self.connection();
        let mut statement = connection.prepare_cached(&format!(
            "SELECT seats.role, {} FROM seats JOIN games ON games.id = seats.game \
             WHERE seats.game = ?1 AND seats.token = ?2",
            GAME_COLUMNS
                .split(", ")
                .map(|c| format!("games.{c}"))
                .collect::<Vec<_>>()
                .join(", ")
        ))?;
        let mut found = Vec::new();
        for (id, token) in seats {
            let row = statement
                .query_row([id, token], |r| {
                    Ok((r.get::<_, String>(0)?, game_row(r, 1)?))
                })
                .optional()?;
            if let Some((role, row)) = row {
                let role = match role.as_str() {
                    "owner" => Role::Owner,
                    _ => Role::Guest,
                };
                found.push(SeatedGame {
                    role,
                    game: listing_of(row)?.listing,
                });
            }
        }
        found.sort_by(|a, b| (b.game.updated, &b.game.id).cmp(&(a.game.updated, &a.game.id)));
        Ok(found)
    }

    fn count(&self) -> Result<u64, StoreError> {
        let count: i64 = self
            .connection()
            .query_row("SELECT count(*) FROM games", [], |r| r.get(0))?;
        Ok(u64::try_from(count).unwrap_or(0))
    }

    fn save_report(&self, id: &str, report: &StoredReport) -> Result<(), StoreError> {
        self.connection().execute(
            "INSERT INTO reports (game, turns, depth, report) VALUES (?1, ?2, ?3, ?4) \
             ON CONFLICT (game) DO UPDATE SET turns = excluded.turns, \
             depth = excluded.depth, report = excluded.report",
            params![id, report.turns, report.depth, report.json],
        )?;
        Ok(())
    }

    fn report(&self, id: &str) -> Result<Option<StoredReport>, StoreError> {
        Ok(self
            .connection()
            .query_row(
                "SELECT turns, depth, report FROM reports WHERE game = ?1",
                [id],
                |r| {
                    Ok(StoredReport {
                        turns: r.get(0)?,
                        depth: r.get(1)?,
                        json: r.get(2)?,
                    })
                },
            )
            .optional()?)
    }
}
