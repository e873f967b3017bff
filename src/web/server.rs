//! The games the server holds: found by id (in memory, else in the
//! store), changed one request at a time, kept after every change, and
//! announced to the pages watching them. The machine's turns are played
//! here, thought out on the pool.
//!
//! Memory does not grow with the games kept: a game in memory is its
//! record and its seats, the machine's players belong to the
//! [pool](super::pool), and a game nobody has asked for in a while (no
//! page watching it, the machine not thinking, no clock running) leaves
//! memory and is read back from the store when it is next opened.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use alquerque_ai::TimeSource;
use peralikatuma_rules::Record;
use serde::Serialize;
use tokio::sync::{Mutex as AsyncMutex, MutexGuard, broadcast};

use super::error::ApiError;
use super::pool::{Job, Pool, PoolStatus};
use super::seating::Seating;
use super::store::legacy::{self, LegacyFile};
use super::store::{SqliteStore, Store, StoreError, StoredGame, StoredReport, is_game_id};
use super::table::Table;
use crate::clock::Clock;
use crate::pace::natural_pause;
use crate::session::{Session, Settings};

/// How the server runs.
#[derive(Clone, Debug)]
pub struct Config {
    /// The data directory, where the game database is.
    pub data: PathBuf,
    /// How many games the machine thinks about at once.
    pub thinkers: usize,
    /// How long the machine thinks at Hard.
    pub hard_time: Duration,
    /// How long the machine thinks for a hint.
    pub hint_time: Duration,
    /// How many analyses (the analysis board's) run at once, apart from
    /// the machine's thinking: each takes a thread and a 16 MiB table.
    pub analyses: usize,
    /// How long an analysis runs at most.
    pub analysis_time: Duration,
    /// The largest request body taken, in bytes.
    pub body_limit: usize,
    /// How long a game stays in memory after it was last asked for, when
    /// nothing else holds it there.
    pub idle: Duration,
    /// Whether the weaker levels answer after a short, natural while
    /// ([`natural_pause`]) rather than at once.
    pub natural_pace: bool,
    /// The address the server listens on, when known: the Invite dialog
    /// says whether other devices can reach it.
    pub address: Option<SocketAddr>,
    /// Where the games' clocks and the machine on a clock read the time:
    /// the machine's own clock. Tests hand a stepping source
    /// ([`TimeSource::stepping`], for the machine on a clock) or a
    /// hand-moved one ([`TimeSource::manual`]), so that a clock test does
    /// not depend on how busy the machine is. With either, the server
    /// still sleeps on the machine's clock until a time would run out, and
    /// then looks again: a test that moves the time past the end of a
    /// turn hears of the loss once that real time has passed too.
    pub time: TimeSource,
}

impl Config {
    /// The defaults, keeping games in `data`: one thinker per core, Hard
    /// thinks a second (half a second for a hint), one analysis per core
    /// for at most a minute, bodies up to 256 KiB, games idle for five minutes
    /// leave memory, the weaker levels at a natural pace.
    pub fn new(data: impl Into<PathBuf>) -> Config {
        Config {
            data: data.into(),
            thinkers: std::thread::available_parallelism().map_or(2, |n| n.get()),
            hard_time: Duration::from_secs(1),
            hint_time: super::pool::HINT_TIME,
            analyses: std::thread::available_parallelism().map_or(2, |n| n.get()),
            analysis_time: Duration::from_secs(60),
            body_limit: 256 * 1024,
            idle: Duration::from_secs(300),
            natural_pace: true,
            address: None,
            time: TimeSource::real(),
        }
    }
}

/// One game and the pages watching it.
pub struct Entry {
    table: AsyncMutex<Table>,
    changes: broadcast::Sender<()>,
    /// When it was last asked for, in milliseconds since the server began.
    used: AtomicU64,
}

impl Entry {
    fn used(&self) -> u64 {
        self.used.load(Ordering::Relaxed)
    }

    fn touch(&self, now: u64) {
        self.used.store(now, Ordering::Relaxed);
    }

    fn new(table: Table, now: u64) -> Arc<Entry> {
        let (changes, _) = broadcast::channel(16);
        Arc::new(Entry {
            table: AsyncMutex::new(table),
            changes,
            used: AtomicU64::new(now),
        })
    }

    /// The game, locked for this request.
    pub async fn lock(&self) -> MutexGuard<'_, Table> {
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
    store: Arc<dyn Store>,
    pool: Pool,
    games: Mutex<HashMap<String, Arc<Entry>>>,
    began: Instant,
}

/// How the server stands, for `GET /api/server`.
#[derive(Clone, Debug, Serialize)]
pub struct ServerStatus {
    /// Games kept in the store.
    pub games_kept: u64,
    /// Games in memory now.
    pub games_in_memory: usize,
    /// The machine's thinkers and players.
    pub pool: PoolStatus,
    /// Whether the server listens only on this computer (loopback), so
    /// that no other device can reach it.
    pub loopback_only: bool,
    /// The addresses of this computer on its networks, by which other
    /// devices may reach the server (`http://192.168.1.20:8080`); none
    /// when it listens only on loopback or its address is not known.
    pub addresses: Vec<String>,
}

/// The error of game `id` that cannot be read.
fn unreadable(id: &str, error: impl std::fmt::Display) -> ApiError {
    ApiError::internal(format!("Game `{id}` cannot be read: {error}."))
}

/// A store's error as an answer.
fn store_failed(error: StoreError) -> ApiError {
    ApiError::internal(format!("The games cannot be reached: {error}."))
}

/// A new game's id: 12 random hex digits.
fn new_id() -> String {
    format!("{:012x}", rand::random::<u64>() >> 16)
}

/// The addresses other devices may use to reach a server listening on
/// `address`: its own, or every network interface's when it listens on
/// all of them; none on loopback.
fn addresses_for(address: SocketAddr) -> Vec<String> {
    let ip = address.ip();
    if ip.is_loopback() {
        return Vec::new();
    }
    let port = address.port();
    let show = |ip: std::net::IpAddr| SocketAddr::new(ip, port).to_string();
    if !ip.is_unspecified() {
        return vec![format!("http://{}", show(ip))];
    }
    let mut found: Vec<String> = if_addrs::get_if_addrs()
        .unwrap_or_default()
        .into_iter()
        .filter(|interface| !interface.is_loopback())
        .map(|interface| interface.ip())
        .filter(|ip| ip.is_ipv4() || address.is_ipv6())
        .map(|ip| format!("http://{}", show(ip)))
        .collect();
    found.sort();
    found.dedup();
    found
}

impl Server {
    /// A server keeping its games in the database of `config.data`. Games
    /// that an earlier version kept there as JSON files are imported the
    /// first time (the files are left as they were).
    ///
    /// # Errors
    /// When the data directory or its database cannot be used.
    pub fn new(config: Config) -> std::io::Result<Arc<Server>> {
        let store = SqliteStore::open(&config.data).map_err(std::io::Error::other)?;
        import_legacy(&store, &config.data)?;
        Ok(Server::with_store(config, Arc::new(store)))
    }

    /// A server keeping its games in `store`.
    pub fn with_store(config: Config, store: Arc<dyn Store>) -> Arc<Server> {
        Arc::new(Server {
            pool: Pool::new(config.thinkers, config.hard_time, config.hint_time)
                .with_analysis_places(config.analyses),
            store,
            config,
            games: Mutex::new(HashMap::new()),
            began: Instant::now(),
        })
    }

    /// How the server runs.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The pool the machine thinks on.
    pub fn pool(&self) -> &Pool {
        &self.pool
    }

    /// Milliseconds since the server began.
    fn now(&self) -> u64 {
        u64::try_from(self.began.elapsed().as_millis()).unwrap_or(u64::MAX)
    }

    fn games(&self) -> std::sync::MutexGuard<'_, HashMap<String, Arc<Entry>>> {
        self.games
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn cached(&self, id: &str) -> Option<Arc<Entry>> {
        let entry = self.games().get(id).cloned()?;
        entry.touch(self.now());
        Some(entry)
    }

    /// Keeps `entry` as game `id`, unless another request kept it first;
    /// returns the one kept, and whether it is `entry`.
    fn remember(&self, id: &str, entry: Arc<Entry>) -> (Arc<Entry>, bool) {
        let mut games = self.games();
        match games.get(id) {
            Some(kept) => (kept.clone(), false),
            None => {
                games.insert(id.to_owned(), entry.clone());
                (entry, true)
            }
        }
    }

    /// Runs `work` on the store, on a blocking thread.
    async fn on_store<T: Send + 'static>(
        &self,
        work: impl FnOnce(&dyn Store) -> Result<T, StoreError> + Send + 'static,
    ) -> Result<T, ApiError> {
        let store = self.store.clone();
        tokio::task::spawn_blocking(move || work(store.as_ref()))
            .await
            .map_err(|e| ApiError::internal(e.to_string()))?
            .map_err(store_failed)
    }

    /// The report kept with the game `id`, if any.
    ///
    /// # Errors
    /// 500 when it cannot be read.
    pub async fn kept_report(&self, id: &str) -> Result<Option<StoredReport>, ApiError> {
        let id = id.to_owned();
        self.on_store(move |store| store.report(&id)).await
    }

    /// Keeps `report` with the game `id`.
    ///
    /// # Errors
    /// 500 when it cannot be written.
    pub async fn keep_report(&self, id: &str, report: StoredReport) -> Result<(), ApiError> {
        let id = id.to_owned();
        self.on_store(move |store| store.save_report(&id, &report))
            .await
    }

    /// The game `id`: in memory, or read back from the store, where the
    /// machine then goes on thinking if it has the move.
    ///
    /// # Errors
    /// 404 when there is no such game, 500 when it cannot be read.
    pub async fn entry(self: &Arc<Self>, id: &str) -> Result<Arc<Entry>, ApiError> {
        if let Some(entry) = self.cached(id) {
            return Ok(entry);
        }
        if !is_game_id(id) {
            return Err(ApiError::unknown_game(id));
        }
        let owned = id.to_owned();
        let stored = self
            .on_store(move |store| store.load(&owned))
            .await?
            .ok_or_else(|| ApiError::unknown_game(id))?;
        self.read_back(id, stored).await
    }

    /// Game `id` as `stored`, kept in memory (unless another request
    /// read it first) with the machine going on where it has the move.
    async fn read_back(
        self: &Arc<Self>,
        id: &str,
        stored: StoredGame,
    ) -> Result<Arc<Entry>, ApiError> {
        let mut table = Table::from_stored(stored).map_err(|e| unreadable(id, e))?;
        table.session.set_time_source(self.config.time.clone());
        let runs_out_at = table.session.clock().and_then(Clock::runs_out_at);
        if let Some(strength) = table.session.machine()
            && table.session.machine_to_move()
            && runs_out_at.is_some()
        {
            self.pool.prepare(strength).await;
        }
        let entry = Entry::new(table, self.now());
        let (kept, fresh) = self.remember(id, entry.clone());
        if fresh {
            self.clone().machine_moves(entry.clone());
            self.clone().watch_clock(entry, runs_out_at);
        }
        Ok(kept)
    }

    /// Takes up the games that wait for the server (the machine to move,
    /// a clock running), so that the machine goes on with them; returns
    /// how many there are.
    ///
    /// # Errors
    /// When the store cannot be read.
    pub async fn resume_pending(self: &Arc<Self>) -> std::io::Result<usize> {
        let ids = self
            .on_store(|store| store.pending())
            .await
            .map_err(|e| std::io::Error::other(e.message))?;
        let mut count = 0;
        for id in &ids {
            match self.entry(id).await {
                Ok(_) => count += 1,
                Err(error) => eprintln!("warning: {}", error.message),
            }
        }
        Ok(count)
    }

    /// Lets go of the games in memory that nothing holds (no request, no
    /// page watching, no thinking, no clock) and nobody has asked for in
    /// `idle`; returns how many. They are all in the store already.
    pub fn forget_idle(&self, idle: Duration) -> usize {
        let idle = u64::try_from(idle.as_millis()).unwrap_or(u64::MAX);
        let now = self.now();
        let mut games = self.games();
        let before = games.len();
        // An entry only the list holds has no request, page, clock or
        // thinking machine on it.
        games.retain(|_, entry| {
            !(Arc::strong_count(entry) == 1 && now.saturating_sub(entry.used()) >= idle)
        });
        before - games.len()
    }

    /// Every while, lets go of the games idle for [`Config::idle`].
    pub fn forget_idle_games(self: &Arc<Self>) {
        let server = Arc::downgrade(self);
        let every =
            (self.config.idle / 4).clamp(Duration::from_millis(100), Duration::from_secs(60));
        tokio::spawn(async move {
            let mut ticks = tokio::time::interval(every);
            ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                ticks.tick().await;
                let Some(server) = server.upgrade() else {
                    return;
                };
                server.forget_idle(server.config.idle);
            }
        });
    }

    /// How the server stands.
    ///
    /// # Errors
    /// 500 when the store cannot be read.
    pub async fn status(&self) -> Result<ServerStatus, ApiError> {
        let games_kept = self.on_store(|store| store.count()).await?;
        let address = self.config.address;
        Ok(ServerStatus {
            games_kept,
            games_in_memory: self.games().len(),
            pool: self.pool.status(),
            loopback_only: address.is_some_and(|a| a.ip().is_loopback()),
            addresses: address.map(addresses_for).unwrap_or_default(),
        })
    }

    /// The games that the seats of `seats` (each a game's id and a token)
    /// open, the last changed first.
    ///
    /// # Errors
    /// 500 when the store cannot be read.
    pub async fn seated(
        &self,
        seats: Vec<(String, String)>,
    ) -> Result<Vec<super::store::SeatedGame>, ApiError> {
        self.on_store(move |store| store.seated(&seats)).await
    }

    /// Starts a new game from its start or from the end of `record` (with
    /// the record's clock unless `settings` chooses one), keeps it, and
    /// lets the machine move if it has the move; returns its id.
    ///
    /// # Errors
    /// 500 when it cannot be kept.
    pub async fn create(
        self: &Arc<Self>,
        settings: Settings,
        record: Option<Record>,
        seating: Seating,
    ) -> Result<Arc<Entry>, ApiError> {
        let mut session = match record {
            Some(record) => Session::resume_record(settings, &record),
            None => Session::new(settings),
        };
        session.set_time_source(self.config.time.clone());
        let id = new_id();
        // On a clock, the machine's first turn must not spend its time
        // making a player.
        if let (Seating::Machine(strength), Some(_)) = (seating, session.clock()) {
            self.pool.prepare(strength).await;
        }
        let table = Table::new(id.clone(), session, seating);
        self.persist(&table).await?;
        let runs_out_at = table.session.clock().and_then(Clock::runs_out_at);
        let entry = Entry::new(table, self.now());
        self.remember(&id, entry.clone());
        self.clone().machine_moves(entry.clone());
        self.clone().watch_clock(entry.clone(), runs_out_at);
        Ok(entry)
    }

    /// Keeps the game in the store.
    ///
    /// # Errors
    /// 500 when it cannot be written.
    pub async fn persist(&self, table: &Table) -> Result<(), ApiError> {
        let stored = table.stored();
        self.on_store(move |store| store.save(&stored))
            .await
            .map_err(|e| ApiError::internal(format!("The game cannot be kept: {}", e.message)))
    }

    /// After a change to the game on `entry` (held in `table`): keeps it,
    /// tells the pages, and lets the machine move if it now has the move.
    ///
    /// # Errors
    /// 500 when it cannot be kept.
    pub async fn changed(
        self: &Arc<Self>,
        entry: &Arc<Entry>,
        table: &Table,
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
    pub fn watch_clock(self: Arc<Self>, entry: Arc<Entry>, runs_out_at: Option<Instant>) {
        let Some(at) = runs_out_at else {
            return;
        };
        tokio::spawn(async move {
            // The watch peeks at the time: it must not move a stepping
            // source (a test's) that it watches.
            let time = &self.config.time;
            loop {
                tokio::time::sleep(at.saturating_duration_since(time.peek_instant())).await;
                let mut table = entry.lock().await;
                let due = time.peek_instant() >= at;
                if (due && table.check_time().is_some()) || table.lost_on_time() {
                    if let Err(error) = self.changed(&entry, &table).await {
                        eprintln!("warning: {}", error.message);
                    }
                    return;
                }
                // Not run out yet (the clock's time source is behind the
                // timer: a test's), and nothing has changed the clock
                // since: wait again. A change arms a watch of its own.
                if table.session.clock().and_then(Clock::runs_out_at) != Some(at) {
                    return;
                }
            }
        });
    }

    /// Keeps a change that the machine need not answer (a draw or a
    /// take-back offered, an invitation made or used) and tells the pages.
    ///
    /// # Errors
    /// 500 when it cannot be kept.
    pub async fn announce(&self, entry: &Entry, table: &Table) -> Result<(), ApiError> {
        let kept = self.persist(table).await;
        entry.changes.send(()).ok();
        kept
    }

    /// If the machine has the move in the game on `entry` and is not
    /// already thinking, it thinks on the pool and plays its turn, unless
    /// the game has changed meanwhile. The weaker levels answer after a
    /// natural while ([`Config::natural_pace`]).
    pub fn machine_moves(self: Arc<Self>, entry: Arc<Entry>) {
        tokio::spawn(async move {
            let began = Instant::now();
            let (job, ticket) = {
                let mut table = entry.lock().await;
                let Some(strength) = table.session.machine() else {
                    return;
                };
                if !table.session.machine_to_move() || table.thinking() {
                    return;
                }
                let mut job = Job::new(strength, table.game().clone());
                let Some(ticket) = table.start_thinking(job.stop.clone()) else {
                    return;
                };
                job.budget = (table.session.machine_budget())
                    .map(|budget| (budget, self.config.time.instant()));
                job.time = self.config.time.clone();
                (job, ticket)
            };
            let pause = match self.config.natural_pace {
                true => natural_pause(job.strength, job.budget.map(|(b, _)| b), &mut rand::rng()),
                false => Duration::ZERO,
            };
            let stop = job.stop.clone();
            let turn = self.pool.think(job).await.flatten();
            let thought = began.elapsed();
            if pause > thought && !stop.is_stopped() {
                tokio::time::sleep(pause - thought).await;
            }
            let mut table = entry.lock().await;
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
                    table.game().position()
                ),
            }
        });
    }

    /// Reads a record (N4) sent to be loaded: the record, or the record up
    /// to a fault with the fault (N4).
    ///
    /// # Errors
    /// 400 when its header cannot be read.
    pub fn read_record(text: &str) -> Result<(Record, Option<String>), ApiError> {
        match text.parse::<Record>() {
            Ok(record) => Ok((record, None)),
            Err(error) => match error.partial() {
                Some(partial) => Ok((partial.clone(), Some(error.to_string()))),
                None => Err(ApiError::bad_request(format!(
                    "This is not a game record: {error}."
                ))),
            },
        }
    }
}

/// The key of the store's `meta` table that says the JSON files were
/// imported, and how many.
const LEGACY_IMPORTED: &str = "json-files-imported";

/// Imports, the first time, the games an earlier version kept in `dir`
/// as JSON files; a file that cannot be read is reported and left out.
///
/// # Errors
/// When the directory or the database cannot be used.
fn import_legacy(store: &SqliteStore, dir: &std::path::Path) -> std::io::Result<()> {
    let io = std::io::Error::other;
    if store.meta(LEGACY_IMPORTED).map_err(io)?.is_some() {
        return Ok(());
    }
    let mut games = Vec::new();
    for path in legacy::files(dir)? {
        let read = legacy::read(&path)
            .map_err(|e| e.to_string())
            .and_then(|file| {
                stored_of_legacy(file).map_err(|e| format!("{}: {e}", path.display()))
            });
        match read {
            Ok(game) => games.push(game),
            Err(error) => eprintln!("warning: not imported: {error}"),
        }
    }
    let new = store.import(&games).map_err(io)?;
    if new > 0 {
        eprintln!(
            "{new} games imported from the JSON files in {} (the files are left as they were)",
            dir.display()
        );
    }
    store
        .set_meta(LEGACY_IMPORTED, &new.to_string())
        .map_err(io)
}

/// The game of `file`, as the store keeps it.
fn stored_of_legacy(file: LegacyFile) -> Result<StoredGame, String> {
    Ok(Table::from_legacy(file)?.stored())
}
