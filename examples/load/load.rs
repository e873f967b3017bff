//! The `load` mode: many games set up, event streams kept open over them,
//! moves at a steady rate, and what the server came to.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use peralikatuma_rules::Ruleset;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use serde::Deserialize;
use serde_json::json;
use tokio::sync::{Semaphore, watch};
use tokio::task::JoinSet;

use crate::api::{Api, Events, Failure, State, Tally, ready, server_figures};
use crate::cli::LoadArgs;
use crate::figures::{Latencies, Sample, Samples, row};
use crate::server::{
    ServerProcess, cpu_ticks, fresh_dir, memory_of, server_reads, ticks_per_second,
};
use crate::{locked, positive, seed_for};

/// The levels a game is played at, as `POST /api/games` names them.
const LEVELS: [&str; 7] = [
    "human", "friend", "beginner", "easy", "medium", "hard", "master",
];

/// The longest the tool waits for the machine's reply to a turn.
const REPLY_WAIT: Duration = Duration::from_secs(120);

/// What a watcher reads of a state: enough to know how recent it is.
#[derive(Debug, Deserialize)]
struct Seen {
    /// Grows with every change.
    version: u64,
}

/// The `index`-th game of a load: its level, game and the person's
/// colour, so that every level meets every game and both colours.
fn plan(index: usize) -> (&'static str, &'static str, &'static str) {
    let level = LEVELS[index % LEVELS.len()];
    let ids: Vec<&str> = Ruleset::all().map(|r| r.id).collect();
    let variant = ids[(index / LEVELS.len()) % ids.len()];
    let colour = match (index / (LEVELS.len() * ids.len())) % 2 {
        0 => "white",
        _ => "black",
    };
    (level, variant, colour)
}

/// A game the tool plays.
struct Game {
    /// Its place in the load.
    index: usize,
    /// Its id.
    id: String,
    /// The owner's token.
    owner: String,
    /// The friend's token, in a game with a friend.
    guest: Option<String>,
    /// `human`, `friend`, or the machine's level.
    level: &'static str,
    /// The person's (the owner's) side.
    colour: &'static str,
    /// Its state, as last answered.
    state: State,
    /// Turns chosen from its state.
    rng: StdRng,
}

impl Game {
    /// Whether the machine plays the other side.
    fn machine(&self) -> bool {
        !matches!(self.level, "human" | "friend")
    }

    /// The token of the seat to move when it is one of ours (not the
    /// machine's turn, the game not over).
    fn mover(&self) -> Option<&str> {
        if self.state.outcome.is_some() || self.state.thinking {
            return None;
        }
        let owners = self.state.side_to_move == self.colour;
        match self.level {
            "human" => Some(&self.owner),
            "friend" if owners => Some(&self.owner),
            "friend" => self.guest.as_deref(),
            _ => owners.then_some(self.owner.as_str()),
        }
    }

    /// A legal turn chosen at random, with the number to send it with.
    fn choose(&mut self) -> Option<(String, usize)> {
        let turns = &self.state.turns;
        if turns.is_empty() {
            return None;
        }
        let turn = &turns[self.rng.random_range(0..turns.len())];
        Some((turn.text.clone(), self.state.number))
    }
}

/// What setting up the games came to.
#[derive(Default)]
struct SetUp {
    /// Latency of `POST /api/games`.
    create: Latencies,
    /// Latency of the person's (and the friend's) turns.
    turns: Latencies,
    /// Turns played by the person and the friend.
    played: u64,
    /// The machine's replies waited for.
    replies: u64,
    /// Failures, by kind.
    failures: Tally,
}

/// Creates game `index` of the load and plays `turns` of the person's
/// turns in it (the friend's in between, through the friend's seat; the
/// machine's replies waited for on the game's event stream).
async fn set_up_game(
    api: &Api,
    seed: u64,
    index: usize,
    turns: usize,
    figures: &Mutex<SetUp>,
) -> Result<Game, Failure> {
    let (level, variant, colour) = plan(index);
    let began = Instant::now();
    let created = api
        .create(&json!({"variant": variant, "opponent": level, "colour": colour}))
        .await?;
    locked(figures).create.0.push(began.elapsed().as_secs_f64());
    let guest = match (level, created.state.invite.as_deref()) {
        ("friend", Some(path)) => Some(api.join(&created.id, path).await?),
        ("friend", None) => {
            return Err(Failure::Malformed(
                "a game with a friend without an invitation".to_owned(),
            ));
        }
        _ => None,
    };
    let mut game = Game {
        index,
        id: created.id,
        owner: created.token,
        guest,
        level,
        colour,
        state: created.state,
        rng: StdRng::seed_from_u64(seed_for(seed, 1, index as u64)),
    };
    let mut events = match game.machine() {
        true => Some(api.events(&game.id, &game.owner).await?),
        false => None,
    };
    let mut persons = 0;
    loop {
        if let Some(events) = events.as_mut()
            && game.state.thinking
        {
            game.state = reply(events, game.state.number).await?;
            locked(figures).replies += 1;
        }
        if persons >= turns || game.state.outcome.is_some() {
            break;
        }
        let Some(token) = game.mover().map(str::to_owned) else {
            return Err(Failure::Malformed(format!(
                "game {} ({level}): nobody to move and no machine thinking",
                game.id
            )));
        };
        let Some((text, number)) = game.choose() else {
            return Err(Failure::Malformed(format!(
                "game {}: no legal turn listed",
                game.id
            )));
        };
        if token == game.owner {
            persons += 1;
        }
        let began = Instant::now();
        game.state = api.play(&game.id, &token, &text, number).await?;
        let mut figures = locked(figures);
        figures.turns.0.push(began.elapsed().as_secs_f64());
        figures.played += 1;
    }
    Ok(game)
}

/// The first state on `events` after the machine's reply to the state
/// numbered `number`: later than it, and the machine not thinking.
async fn reply(events: &mut Events, number: usize) -> Result<State, Failure> {
    let wait = async {
        loop {
            match events.next::<State>().await? {
                Some(state) if !state.thinking && state.number > number => return Ok(state),
                Some(_) => {}
                None => {
                    return Err(Failure::Transport(
                        "the event stream ended before the machine replied".to_owned(),
                    ));
                }
            }
        }
    };
    tokio::time::timeout(REPLY_WAIT, wait)
        .await
        .map_err(|_| Failure::Transport("no reply from the machine in time".to_owned()))?
}

/// A watcher's figures, shared with its task.
#[derive(Default)]
struct Watch {
    /// Whether its stream was opened and brought the first state.
    opened: AtomicBool,
    /// `state` events received, the first included.
    events: AtomicU64,
    /// The version of the last state received.
    version: AtomicU64,
    /// How its stream failed or ended, if it did.
    failed: Mutex<Option<String>>,
}

/// Keeps reading the event stream of game `id` until `stop`, counting
/// into `watch`.
async fn keep_watching(
    api: Api,
    id: String,
    token: String,
    watch: Arc<Watch>,
    mut stop: watch::Receiver<bool>,
) {
    let fail = |why: String| *locked(&watch.failed) = Some(why);
    let mut events = match api.events(&id, &token).await {
        Ok(events) => events,
        Err(failure) => return fail(failure.kind()),
    };
    loop {
        tokio::select! {
            _ = stop.changed() => return,
            next = events.next::<Seen>() => match next {
                Ok(Some(seen)) => {
                    watch.version.store(seen.version, Ordering::Relaxed);
                    watch.events.fetch_add(1, Ordering::Relaxed);
                    watch.opened.store(true, Ordering::Relaxed);
                }
                Ok(None) => return fail("the stream ended".to_owned()),
                Err(failure) => return fail(failure.kind()),
            },
        }
    }
}

/// A game moved in the steady phase.
struct SteadyGame {
    /// The game.
    game: Game,
    /// Whether a move of it is in flight, or the machine's reply awaited.
    busy: bool,
    /// The version of its last state after an accepted move (and the
    /// machine's reply), if it had one in the steady phase.
    moved: Option<u64>,
}

/// What the steady phase came to.
#[derive(Default)]
struct SteadyFigures {
    /// Latency of the moves answered 200.
    latencies: Latencies,
    /// Moves posted.
    posted: u64,
    /// Ticks when every game was busy or over, so no move was posted.
    skipped: u64,
    /// Failures of moves, by kind.
    failures: Tally,
    /// Failures while waiting for the machine's replies, by kind.
    reply_failures: Tally,
}

/// Posts the next move of `games[at]` (marked busy by the caller) and
/// records what came of it.
async fn steady_move(
    api: Api,
    games: Arc<Vec<Mutex<SteadyGame>>>,
    at: usize,
    figures: Arc<Mutex<SteadyFigures>>,
) {
    let chosen = {
        let mut steady = locked(&games[at]);
        let token = steady.game.mover().map(str::to_owned);
        token.zip(steady.game.choose())
    };
    let Some((token, (text, number))) = chosen else {
        locked(&games[at]).busy = false;
        return;
    };
    let id = locked(&games[at]).game.id.clone();
    let began = Instant::now();
    let answer = api.play(&id, &token, &text, number).await;
    let took = began.elapsed().as_secs_f64();
    let mut state = match answer {
        Ok(state) => {
            let mut figures = locked(&figures);
            figures.posted += 1;
            figures.latencies.0.push(took);
            state
        }
        Err(failure) => {
            {
                let mut figures = locked(&figures);
                figures.posted += 1;
                figures.failures.add(&failure);
            }
            // Its state afresh before it is moved again.
            let owner = locked(&games[at]).game.owner.clone();
            match api.state(&id, &owner).await {
                Ok(state) => {
                    let mut steady = locked(&games[at]);
                    steady.game.state = state;
                    steady.busy = false;
                }
                Err(failure) => locked(&figures).reply_failures.add(&failure),
            }
            return;
        }
    };
    // Against the machine, the game is busy until its reply.
    let owner = locked(&games[at]).game.owner.clone();
    let waited = Instant::now();
    while state.thinking && waited.elapsed() < REPLY_WAIT {
        tokio::time::sleep(Duration::from_millis(200)).await;
        match api.state(&id, &owner).await {
            Ok(now) => state = now,
            Err(failure) => {
                locked(&figures).reply_failures.add(&failure);
                return;
            }
        }
    }
    let mut steady = locked(&games[at]);
    steady.moved = Some(state.version);
    steady.game.state = state;
    steady.busy = false;
}

/// The `load` mode.
pub(crate) async fn load(args: LoadArgs) -> Result<(), String> {
    if args.games == 0 || !positive(args.rate) || !(args.seconds.is_finite() && args.seconds >= 0.0)
    {
        return Err("--games and --rate must be above 0, --seconds at least 0".to_owned());
    }
    for level in &args.steady {
        if !LEVELS.contains(&level.as_str()) {
            return Err(format!(
                "--steady: unknown level `{level}` (known: {})",
                LEVELS.join(", ")
            ));
        }
    }
    let common = &args.common;
    let dir = common
        .dir
        .clone()
        .unwrap_or_else(|| PathBuf::from("target/load-load"));
    fresh_dir(&dir)?;
    let server = ServerProcess::start(
        common,
        &dir.join("data"),
        &dir.join("server.log"),
        &["--idle-minutes".to_owned(), args.idle_minutes.to_string()],
    )?;
    let pid = server.pid();
    let api = Api::new(&server.base)?;
    ready(&api).await?;
    println!(
        "server pid {pid} at {} (thinkers {}, hard {} ms, at once, idle {} min); data in {}",
        server.base,
        common.thinkers,
        common.hard_ms,
        args.idle_minutes,
        dir.join("data").display()
    );
    let reads = server_reads(common);
    println!("the server may read: {reads}");
    let started = server.memory()?;
    println!("RSS at start: {:.1} MiB", started.rss_mib());

    // A sample of resident memory every second, with the phase it is in.
    let phase = Arc::new(Mutex::new("set-up"));
    let samples = Arc::new(Mutex::new(Samples::default()));
    let sampler = {
        let (phase, samples) = (phase.clone(), samples.clone());
        let began = Instant::now();
        tokio::spawn(async move {
            let mut ticks = tokio::time::interval(Duration::from_secs(1));
            loop {
                ticks.tick().await;
                let Ok(memory) = memory_of(pid) else { return };
                let sample = Sample {
                    at: began.elapsed().as_secs_f64(),
                    phase: *locked(&phase),
                    memory,
                    cpu: cpu_ticks(pid).unwrap_or_default(),
                };
                locked(&samples).0.push(sample);
            }
        })
    };

    // 1. The games, set up a few at a time.
    let began = Instant::now();
    let set_up = Arc::new(Mutex::new(SetUp::default()));
    let mut games: Vec<Game> = Vec::with_capacity(args.games);
    {
        let room = Arc::new(Semaphore::new(args.in_flight.max(1)));
        let mut tasks = JoinSet::new();
        for index in 0..args.games {
            let (api, set_up, room) = (api.clone(), set_up.clone(), room.clone());
            let (seed, turns) = (common.seed, args.turns);
            tasks.spawn(async move {
                let _place = room.acquire_owned().await.ok()?;
                match set_up_game(&api, seed, index, turns, &set_up).await {
                    Ok(game) => Some(game),
                    Err(failure) => {
                        eprintln!("game {index} ({:?}): {failure}", plan(index));
                        locked(&set_up).failures.add(&failure);
                        None
                    }
                }
            });
        }
        while let Some(done) = tasks.join_next().await {
            if let Ok(Some(game)) = done {
                games.push(game);
                if games.len() % 100 == 0 {
                    eprintln!(
                        "  {} games set up in {:.0} s",
                        games.len(),
                        began.elapsed().as_secs_f64()
                    );
                }
            }
        }
    }
    games.sort_by_key(|game| game.index);
    let set_up_seconds = began.elapsed().as_secs_f64();
    let after_set_up = server.memory()?;
    let status_set_up = server_figures(&api).await?;
    let set_up = std::mem::take(&mut *locked(&set_up));
    println!(
        "set up {} of {} games in {set_up_seconds:.1} s: {} turns played, {} machine replies; failures: {}",
        games.len(),
        args.games,
        set_up.played,
        set_up.replies,
        set_up.failures.said()
    );
    println!("  create: {}", set_up.create.said());
    println!("  turns:  {}", set_up.turns.said());
    println!(
        "RSS after set-up: {:.1} MiB; server: {} kept, {} in memory, pool tables {} ({} MiB, {} made)",
        after_set_up.rss_mib(),
        status_set_up.games_kept,
        status_set_up.games_in_memory,
        status_set_up.pool.tables,
        status_set_up.pool.table_bytes >> 20,
        status_set_up.pool.made
    );

    // 2. The watchers, spread evenly over the games.
    *locked(&phase) = "watchers";
    let (stop, stopped) = watch::channel(false);
    let mut watchers: Vec<(String, Arc<Watch>)> = Vec::with_capacity(args.watchers);
    let mut watching = JoinSet::new();
    let began = Instant::now();
    for j in 0..args.watchers {
        if games.is_empty() {
            break;
        }
        let at = j * games.len() / args.watchers.max(1);
        let watch = Arc::new(Watch::default());
        let game = &games[at];
        watchers.push((game.id.clone(), watch.clone()));
        watching.spawn(keep_watching(
            api.clone(),
            game.id.clone(),
            game.owner.clone(),
            watch,
            stopped.clone(),
        ));
    }
    let open_until = Instant::now() + Duration::from_secs(60);
    loop {
        let open = watchers
            .iter()
            .filter(|(_, w)| w.opened.load(Ordering::Relaxed) || locked(&w.failed).is_some())
            .count();
        if open == watchers.len() || Instant::now() > open_until {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let opened = watchers
        .iter()
        .filter(|(_, w)| w.opened.load(Ordering::Relaxed))
        .count();
    let open_seconds = began.elapsed().as_secs_f64();
    tokio::time::sleep(Duration::from_secs(2)).await;
    let after_watchers = server.memory()?;
    let status_watchers = server_figures(&api).await?;
    println!(
        "{opened} of {} event streams open (first state received) in {open_seconds:.1} s; RSS {:.1} MiB; server: {} in memory",
        watchers.len(),
        after_watchers.rss_mib(),
        status_watchers.games_in_memory
    );

    // 3. Moves at a steady rate on the games of the levels chosen.
    *locked(&phase) = "steady";
    let steady_games: Vec<Mutex<SteadyGame>> = games
        .into_iter()
        .filter(|game| args.steady.iter().any(|level| level == game.level))
        .map(|game| {
            Mutex::new(SteadyGame {
                game,
                busy: false,
                moved: None,
            })
        })
        .collect();
    let steady_games = Arc::new(steady_games);
    let figures = Arc::new(Mutex::new(SteadyFigures::default()));
    let ticks_wanted = (args.rate * args.seconds).round() as u64;
    let cpu_before = cpu_ticks(pid);
    let began = Instant::now();
    let mut moving = JoinSet::new();
    {
        let mut ticks = tokio::time::interval(Duration::from_secs_f64(1.0 / args.rate));
        ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Burst);
        let mut next = 0;
        for _ in 0..ticks_wanted {
            ticks.tick().await;
            let count = steady_games.len();
            let free = (0..count).map(|k| (next + k) % count).find(|&at| {
                let mut steady = locked(&steady_games[at]);
                let ready = !steady.busy && steady.game.mover().is_some();
                if ready {
                    steady.busy = true;
                }
                ready
            });
            match free {
                Some(at) => {
                    next = at + 1;
                    moving.spawn(steady_move(
                        api.clone(),
                        steady_games.clone(),
                        at,
                        figures.clone(),
                    ));
                }
                None => locked(&figures).skipped += 1,
            }
        }
    }
    let posting_seconds = began.elapsed().as_secs_f64();
    let drain = async { while moving.join_next().await.is_some() {} };
    if tokio::time::timeout(Duration::from_secs(130), drain)
        .await
        .is_err()
    {
        eprintln!("warning: moves still unanswered 130 s after the last was posted");
    }
    let steady_seconds = began.elapsed().as_secs_f64();
    let cpu = cpu_before
        .zip(cpu_ticks(pid))
        .map(|(before, after)| (after - before) as f64 / ticks_per_second() / steady_seconds);
    // The streams' last events, given a moment to arrive.
    tokio::time::sleep(Duration::from_secs(2)).await;
    *locked(&phase) = "after";
    let after_steady = server.memory()?;
    let status_after = server_figures(&api).await?;

    // 4. Did every stream see its game's last change?
    let moved: BTreeMap<String, u64> = steady_games
        .iter()
        .filter_map(|steady| {
            let steady = locked(steady);
            steady
                .moved
                .map(|version| (steady.game.id.clone(), version))
        })
        .collect();
    let mut on_moved = 0;
    let mut up_to_date = 0;
    let mut saw_a_change = 0;
    let mut events = 0;
    let mut stream_failures = Tally::default();
    for (id, watch) in &watchers {
        let received = watch.events.load(Ordering::Relaxed);
        events += received;
        if let Some(why) = locked(&watch.failed).as_ref() {
            stream_failures.add(&Failure::Transport(why.clone()));
        }
        if let Some(&version) = moved.get(id) {
            on_moved += 1;
            if received > 1 {
                saw_a_change += 1;
            }
            if watch.version.load(Ordering::Relaxed) >= version {
                up_to_date += 1;
            }
        }
    }
    stop.send(true).ok();
    watching.abort_all();
    sampler.abort();
    let samples = std::mem::take(&mut *locked(&samples));
    let csv = dir.join("samples.csv");
    std::fs::write(&csv, samples.csv())
        .map_err(|e| format!("cannot write {}: {e}", csv.display()))?;
    let figures = std::mem::take(&mut *locked(&figures));
    let steady_count = steady_games.len();
    let games_moved = moved.len();
    drop(server);

    let rate = figures.posted as f64 / posting_seconds.max(f64::EPSILON);
    let failures = set_up.failures.total()
        + figures.failures.total()
        + figures.reply_failures.total()
        + stream_failures.total();
    println!(
        "steady: {} moves posted in {posting_seconds:.1} s ({rate:.1}/s) on {games_moved} of {steady_count} games ({}); {} ticks skipped (every game busy)",
        figures.posted,
        args.steady.join(", "),
        figures.skipped
    );
    println!("  moves: {}", figures.latencies.said());
    println!("  move failures: {}", figures.failures.said());
    println!(
        "  failures waiting for the machine: {}",
        figures.reply_failures.said()
    );
    if let Some(cpu) = cpu {
        println!("  server CPU: {:.0} % of one core", cpu * 100.0);
    }
    println!(
        "streams: {events} events received by {} streams; {on_moved} watched a game moved, {saw_a_change} of them received an event after it changed, {up_to_date} had its last state; stream failures: {}",
        watchers.len(),
        stream_failures.said()
    );
    println!(
        "RSS: start {:.1} MiB, after set-up {:.1} MiB, streams open {:.1} MiB, after steady {:.1} MiB; most sampled in steady {:.1} MiB; peak (VmHWM) {:.1} MiB",
        started.rss_mib(),
        after_set_up.rss_mib(),
        after_watchers.rss_mib(),
        after_steady.rss_mib(),
        samples.most_in("steady"),
        after_steady.peak_mib()
    );
    println!("samples (every second): {}", csv.display());
    println!(
        "server after: {} kept, {} in memory, pool {} threads, {} tables ({} MiB, {} made)",
        status_after.games_kept,
        status_after.games_in_memory,
        status_after.pool.threads,
        status_after.pool.tables,
        status_after.pool.table_bytes >> 20,
        status_after.pool.made
    );

    let mut table = String::from("\n| figure | value |\n| --- | --- |\n");
    row(&mut table, "server reads", &reads);
    row(
        &mut table,
        "games set up",
        format!("{} of {}", status_set_up.games_kept, args.games),
    );
    row(&mut table, "set-up time", format!("{set_up_seconds:.0} s"));
    row(
        &mut table,
        "set-up turns played (person + friend) / machine replies",
        format!("{} / {}", set_up.played, set_up.replies),
    );
    row(&mut table, "set-up failures", set_up.failures.said());
    row(
        &mut table,
        "event streams open",
        format!("{opened} of {} (in {open_seconds:.1} s)", watchers.len()),
    );
    row(
        &mut table,
        "moves posted (steady)",
        format!(
            "{} in {posting_seconds:.1} s ({rate:.1}/s) on {games_moved} `{}` games",
            figures.posted,
            args.steady.join("`, `")
        ),
    );
    row(
        &mut table,
        "move latency p50 / p90 / p99 / max",
        format!(
            "{:.1} / {:.1} / {:.1} / {:.1} ms",
            figures.latencies.percentile(50.0),
            figures.latencies.percentile(90.0),
            figures.latencies.percentile(99.0),
            figures.latencies.percentile(100.0)
        ),
    );
    row(&mut table, "move errors", figures.failures.said());
    row(
        &mut table,
        "ticks skipped (every game busy)",
        figures.skipped,
    );
    if let Some(cpu) = cpu {
        row(
            &mut table,
            "server CPU in steady phase",
            format!("{:.0} % of one core", cpu * 100.0),
        );
    }
    row(
        &mut table,
        "stream events received",
        format!("{events} (stream failures: {})", stream_failures.said()),
    );
    row(
        &mut table,
        "streams on moved games: saw a change / had the last state",
        format!("{saw_a_change} / {up_to_date} of {on_moved}"),
    );
    row(
        &mut table,
        "RSS at start",
        format!("{:.1} MiB", started.rss_mib()),
    );
    row(
        &mut table,
        "RSS after set-up",
        format!("{:.1} MiB", after_set_up.rss_mib()),
    );
    row(
        &mut table,
        "RSS with streams open",
        format!("{:.1} MiB", after_watchers.rss_mib()),
    );
    row(
        &mut table,
        "RSS after steady phase",
        format!("{:.1} MiB", after_steady.rss_mib()),
    );
    row(
        &mut table,
        "RSS most sampled (steady phase)",
        format!("{:.1} MiB", samples.most_in("steady")),
    );
    row(
        &mut table,
        "RSS peak (VmHWM)",
        format!("{:.1} MiB", after_steady.peak_mib()),
    );
    row(
        &mut table,
        "games kept / in memory (after)",
        format!(
            "{} / {}",
            status_after.games_kept, status_after.games_in_memory
        ),
    );
    row(
        &mut table,
        "pool threads / tables / table MiB / made",
        format!(
            "{} / {} / {} / {}",
            status_after.pool.threads,
            status_after.pool.tables,
            status_after.pool.table_bytes >> 20,
            status_after.pool.made
        ),
    );
    print!("{table}");
    match failures {
        0 if up_to_date == on_moved => Ok(()),
        0 => Err(format!(
            "{} of {on_moved} streams missed their game's last state",
            on_moved - up_to_date
        )),
        n => Err(format!("{n} requests or streams failed")),
    }
}
