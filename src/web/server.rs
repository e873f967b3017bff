//! The games the server holds: found by id (in memory, else in the data
//! directory), changed one request at a time, kept after every change, and
//! announced to the pages watching them. The machine's turns are played
//! here, thought out on the pool.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use alquerque_ai::Player;
use peralikatuma_rules::{Game, GameKind, family};
use tokio::sync::{Mutex as AsyncMutex, MutexGuard, broadcast};

use super::error::ApiError;
use super::pool::Pool;
use super::seating::Seating;
use super::store::{Store, StoredGame, is_game_id};
use super::table::Table;
use super::web_game::WebGame;
use crate::clock::Clock;
use crate::session::{Session, SessionGame, Settings};

/// How the server runs.
#[derive(Clone, Debug)]
pub struct Config {
    /// The data directory, where games are kept.
    pub data: PathBuf,
    /// How many games the machine thinks about at once.
    pub thinkers: usize,
    /// How long the machine thinks at Hard.
    pub hard_time: Duration,
    /// The largest request body taken, in bytes.
    pub body_limit: usize,
}

impl Config {
    /// The defaults, keeping games in `data`: one thinker per core, Hard
    /// thinks a second, bodies up to 256 KiB.
    pub fn new(data: impl Into<PathBuf>) -> Config {
        Config {
            data: data.into(),
            thinkers: std::thread::available_parallelism().map_or(2, |n| n.get()),
            hard_time: Duration::from_secs(1),
            body_limit: 256 * 1024,
        }
    }
}

/// One game and the pages watching it.
pub struct Entry<G: WebGame = Game> {
    table: AsyncMutex<Table<G>>,
    changes: broadcast::Sender<()>,
}

/// A game of any kind the server holds: a seed game or a family game.
#[derive(Clone)]
pub enum AnyEntry {
    /// A seed game.
    Seed(Arc<Entry<Game>>),
    /// A family game (rules.md F).
    Family(Arc<Entry<family::Game>>),
}

/// Runs `$body` with `$entry` (an [`AnyEntry`]) bound to `$name` as the
/// game's own [`Entry`], whichever kind it is.
macro_rules! on_entry {
    ($entry:expr, $name:ident => $body:expr) => {
        match $entry {
            $crate::web::server::AnyEntry::Seed($name) => $body,
            $crate::web::server::AnyEntry::Family($name) => $body,
        }
    };
}
pub(crate) use on_entry;

impl<G: WebGame> Entry<G> {
    fn new(table: Table<G>) -> Arc<Entry<G>> {
        let (changes, _) = broadcast::channel(16);
        Arc::new(Entry {
            table: AsyncMutex::new(table),
            changes,
        })
    }

    /// The game, locked for this request.
    pub async fn lock(&self) -> MutexGuard<'_, Table<G>> {
        self.table.lock().await
    }

    /// Told of every change to the game.
    pub fn subscribe(&self) -> broadcast::Receiver<()> {
        self.changes.subscribe()
    }
}

/// The state shared by every request.
pub struct Server {
    config: Config,
    store: Store,
    pool: Pool,
    games: Mutex<HashMap<String, AnyEntry>>,
}

/// A game of either kind, to be kept as an entry.
pub trait Entries: WebGame {
    /// `entry` as an entry of any kind.
    fn any(entry: Arc<Entry<Self>>) -> AnyEntry;
}

impl Entries for Game {
    fn any(entry: Arc<Entry<Game>>) -> AnyEntry {
        AnyEntry::Seed(entry)
    }
}

impl Entries for family::Game {
    fn any(entry: Arc<Entry<family::Game>>) -> AnyEntry {
        AnyEntry::Family(entry)
    }
}

/// The error of game `id`'s file that cannot be read.
fn unreadable(id: &str, error: impl std::fmt::Display) -> ApiError {
    ApiError::internal(format!("game `{id}` cannot be read: {error}"))
}

/// A new game's id: 12 random hex digits.
fn new_id() -> String {
    format!("{:012x}", rand::random::<u64>() >> 16)
}

impl Server {
    /// A server keeping its games in `config.data`.
    ///
    /// # Errors
    /// When the data directory cannot be created.
    pub fn new(config: Config) -> std::io::Result<Arc<Server>> {
        Ok(Arc::new(Server {
            store: Store::open(&config.data)?,
            pool: Pool::new(config.thinkers, config.hard_time),
            config,
            games: Mutex::new(HashMap::new()),
        }))
    }

    /// How the server runs.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The pool the machine thinks on.
    pub fn pool(&self) -> &Pool {
        &self.pool
    }

    fn cached(&self, id: &str) -> Option<AnyEntry> {
        self.games
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .get(id)
            .cloned()
    }

    /// Keeps `entry` as game `id`, unless another request kept it first;
    /// returns the one kept.
    fn remember(&self, id: &str, entry: AnyEntry) -> (AnyEntry, bool) {
        let mut games = self
            .games
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        match games.get(id) {
            Some(kept) => (kept.clone(), false),
            None => {
                games.insert(id.to_owned(), entry.clone());
                (entry, true)
            }
        }
    }

    /// The game `id`: in memory, or read back from the data directory
    /// (after a restart), where the machine then goes on thinking if it
    /// has the move.
    ///
    /// # Errors
    /// 404 when there is no such game, 500 when its file is broken.
    pub async fn entry(self: &Arc<Self>, id: &str) -> Result<AnyEntry, ApiError> {
        if let Some(entry) = self.cached(id) {
            return Ok(entry);
        }
        if !is_game_id(id) {
            return Err(ApiError::unknown_game(id));
        }
        let store = self.store.clone();
        let owned = id.to_owned();
        let stored = tokio::task::spawn_blocking(move || store.load(&owned))
            .await
            .map_err(|e| ApiError::internal(e.to_string()))?
            .map_err(|e| unreadable(id, e))?
            .ok_or_else(|| ApiError::unknown_game(id))?;
        match GameKind::of_record(&stored.record).map_err(|e| unreadable(id, e))? {
            GameKind::Seed(_) => self.read_back::<Game>(id, stored).await,
            GameKind::Family(_) => self.read_back::<family::Game>(id, stored).await,
        }
    }

    /// Game `id` as `stored`, kept in memory (unless another request
    /// read it first) with the machine going on where it has the move.
    async fn read_back<G: Entries>(
        self: &Arc<Self>,
        id: &str,
        stored: StoredGame,
    ) -> Result<AnyEntry, ApiError> {
        let mut table = Table::<G>::from_stored(stored).map_err(|e| unreadable(id, e))?;
        table.machine = self.machine_player(table.seating).await;
        let runs_out_at = table.session.clock().and_then(Clock::runs_out_at);
        let entry = Entry::new(table);
        let (kept, fresh) = self.remember(id, G::any(entry.clone()));
        if fresh {
            self.clone().machine_moves(entry.clone());
            self.clone().watch_clock(entry, runs_out_at);
        }
        Ok(kept)
    }

    /// Reads back every game kept, so that the machine goes on with the
    /// games where it has the move; returns how many there are.
    ///
    /// # Errors
    /// When the data directory cannot be read.
    pub async fn load_all(self: &Arc<Self>) -> std::io::Result<usize> {
        let ids = self.store.ids()?;
        let mut count = 0;
        for id in &ids {
            match self.entry(id).await {
                Ok(_) => count += 1,
                Err(error) => eprintln!("warning: {}", error.message),
            }
        }
        Ok(count)
    }

    /// Starts a new game from its start or from the end of `record` (with
    /// the record's clock unless `settings` chooses one), keeps it, and
    /// lets the machine move if it has the move; returns its id.
    ///
    /// # Errors
    /// 500 when it cannot be kept.
    pub async fn create<G: Entries>(
        self: &Arc<Self>,
        settings: Settings<G>,
        record: Option<G::Record>,
        seating: Seating,
    ) -> Result<Arc<Entry<G>>, ApiError> {
        let session = match record {
            Some(record) => Session::resume_record(settings, &record),
            None => Session::new(settings).map_err(|e| ApiError::bad_request(e.to_string()))?,
        };
        let id = new_id();
        let mut table = Table::new(id.clone(), session, seating);
        table.machine = self.machine_player(seating).await;
        self.persist(&table).await?;
        let runs_out_at = table.session.clock().and_then(Clock::runs_out_at);
        let entry = Entry::new(table);
        self.remember(&id, G::any(entry.clone()));
        self.clone().machine_moves(entry.clone());
        self.clone().watch_clock(entry.clone(), runs_out_at);
        Ok(entry)
    }

    /// A new player for the machine of a game seated so, made on the
    /// pool's threads (a Hard player's tables take a while to set up):
    /// ready before the game's clock runs.
    async fn machine_player<G: SessionGame>(&self, seating: Seating) -> Option<Player<G>> {
        let Seating::Machine(strength) = seating else {
            return None;
        };
        let pool = self.pool.clone();
        self.pool.run(move || pool.player(strength, None)).await
    }

    /// Writes the game to the data directory.
    ///
    /// # Errors
    /// 500 when it cannot be written.
    pub async fn persist<G: WebGame>(&self, table: &Table<G>) -> Result<(), ApiError> {
        let stored = table.stored();
        let store = self.store.clone();
        tokio::task::spawn_blocking(move || store.save(&stored))
            .await
            .map_err(|e| ApiError::internal(e.to_string()))?
            .map_err(|e| ApiError::internal(format!("the game cannot be kept: {e}")))
    }

    /// After a change to the game on `entry` (held in `table`): keeps it,
    /// tells the pages, and lets the machine move if it now has the move.
    ///
    /// # Errors
    /// 500 when it cannot be kept.
    pub async fn changed<G: WebGame>(
        self: &Arc<Self>,
        entry: &Arc<Entry<G>>,
        table: &Table<G>,
    ) -> Result<(), ApiError> {
        let kept = self.persist(table).await;
        entry.changes.send(()).ok();
        if table.session.machine_to_move() {
            self.clone().machine_moves(entry.clone());
        }
        let runs_out_at = table.session.clock().and_then(Clock::runs_out_at);
        self.clone().watch_clock(entry.clone(), runs_out_at);
        kept
    }

    /// On a clock, when the running side's time runs out (`runs_out_at`,
    /// unless the game changes first): the server ends the game (T2),
    /// keeps it and tells the pages, whether or not a page is watching.
    /// A game found lost on time by a request meanwhile is kept and told
    /// here too.
    pub fn watch_clock<G: WebGame>(
        self: Arc<Self>,
        entry: Arc<Entry<G>>,
        runs_out_at: Option<Instant>,
    ) {
        let Some(at) = runs_out_at else {
            return;
        };
        tokio::spawn(async move {
            tokio::time::sleep_until(tokio::time::Instant::from_std(at)).await;
            let mut table = entry.lock().await;
            let flagged = table.check_time().is_some();
            if flagged || table.lost_on_time() {
                if let Err(error) = self.changed(&entry, &table).await {
                    eprintln!("warning: {}", error.message);
                }
            }
        });
    }

    /// Tells the pages of a change that is not kept (a draw offered).
    pub fn announce<G: WebGame>(&self, entry: &Entry<G>) {
        entry.changes.send(()).ok();
    }

    /// If the machine has the move in the game on `entry` and is not
    /// already thinking, it thinks on the pool and plays its turn, unless
    /// the game has changed meanwhile.
    pub fn machine_moves<G: WebGame>(self: Arc<Self>, entry: Arc<Entry<G>>) {
        tokio::spawn(async move {
            let (player, game, ticket, budget) = {
                let mut table = entry.lock().await;
                let Some(strength) = table.session.machine() else {
                    return;
                };
                if !table.session.machine_to_move() {
                    return;
                }
                if table.thinking() {
                    return;
                }
                let mut player = match table.machine.take() {
                    Some(player) if player.strength() == strength => player,
                    _ => self.pool.player(strength, None),
                };
                player.set_tablebase(table.session.game().tablebase());
                player.set_solution(table.session.game().solution());
                let Some(ticket) = table.start_thinking(player.stop_handle()) else {
                    return;
                };
                let budget = table.session.machine_budget().map(|b| (b, Instant::now()));
                (player, table.game().clone(), ticket, budget)
            };
            let thought = self.pool.think(player, game, budget).await;
            let mut table = entry.lock().await;
            let turn = thought.and_then(|(player, turn)| {
                table.machine = Some(player);
                turn
            });
            if !table.finish_thinking(ticket) {
                return;
            }
            match turn {
                Some(turn) if table.play_machine(&turn) => {
                    if let Err(error) = self.changed(&entry, &table).await {
                        eprintln!("warning: {}", error.message);
                    }
                }
                // Its time ran out first (T2); not expected, but the game
                // is over and told.
                _ if table.lost_on_time() => {
                    if let Err(error) = self.changed(&entry, &table).await {
                        eprintln!("warning: {}", error.message);
                    }
                }
                _ => eprintln!(
                    "warning: the machine found no turn in game {} ({})",
                    table.id,
                    table.game().now()
                ),
            }
        });
    }

    /// Reads a record (N4) sent to be loaded: the record, or the record up
    /// to a fault with the fault (N4).
    ///
    /// # Errors
    /// 400 when its header cannot be read.
    pub fn read_record<G: SessionGame>(
        text: &str,
    ) -> Result<(G::Record, Option<String>), ApiError> {
        match G::parse_record(text) {
            Ok(record) => Ok((record, None)),
            Err(fault) => match fault.partial {
                Some(partial) => Ok((partial, Some(fault.error.to_string()))),
                None => Err(ApiError::bad_request(format!(
                    "not a game record: {}",
                    fault.error
                ))),
            },
        }
    }
}
