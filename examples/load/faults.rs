//! The `faults` mode: hot-seat games killed with `kill -9` mid-run, the
//! server restarted, every accepted move and the database checked.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use peralikatuma_rules::Ruleset;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use serde_json::json;
use tokio::sync::Semaphore;
use tokio::task::JoinSet;

use crate::api::{Api, State, Tally, Turn, ready, server_figures};
use crate::cli::FaultArgs;
use crate::figures::row;
use crate::server::{ServerProcess, fresh_dir};
use crate::{positive, seed_for};

/// A hot-seat game of the fault trials, and the moves sent in it.
struct FaultGame {
    /// Its id.
    id: String,
    /// The owner's token.
    token: String,
    /// The moves answered 200, each with the number it was sent with.
    accepted: Vec<(usize, String)>,
    /// The move whose request was in flight when the server was killed.
    in_flight: Option<(usize, String)>,
}

/// What one slot of a trial played: its games (a new one after each
/// that ended), and what went wrong other than the kill.
#[derive(Default)]
struct FaultSlot {
    /// The games, in the order played.
    games: Vec<FaultGame>,
    /// Failures not caused by the kill, by kind.
    failures: Tally,
    /// Games being created when the server was killed (not counted).
    creating: u64,
}

/// What is shared by the slots of a trial.
struct Trial {
    /// The API of the server.
    api: Api,
    /// The trial's number.
    trial: usize,
    /// The seed of the tool's choices.
    seed: u64,
    /// The slots.
    slots: usize,
    /// Moves in the run.
    moves: usize,
    /// One permit a move, given out at the run's rate.
    tickets: Semaphore,
    /// Moves taken so far.
    taken: AtomicUsize,
    /// Set just before the server is killed: no request is sent after.
    killed: AtomicBool,
}

/// Plays slot `slot` of `trial`: a hot-seat game, a move each time a
/// ticket comes, a new game when one ends, until the run's moves are
/// taken or the server is killed.
async fn play_slot(trial: Arc<Trial>, slot: usize) -> FaultSlot {
    let mut out = FaultSlot::default();
    let index = (trial.trial * trial.slots + slot) as u64;
    let mut rng = StdRng::seed_from_u64(seed_for(trial.seed, 3, index));
    let killed = || trial.killed.load(Ordering::SeqCst);
    let mut current: Option<(FaultGame, State)> = None;
    loop {
        if killed() {
            break;
        }
        let over = current
            .as_ref()
            .is_none_or(|(_, state)| state.outcome.is_some() || state.turns.is_empty());
        if over {
            out.games.extend(current.take().map(|(game, _)| game));
            let ids: Vec<&str> = Ruleset::all().map(|r| r.id).collect();
            let variant = ids[rng.random_range(0..ids.len())];
            match trial
                .api
                .create(&json!({"variant": variant, "opponent": "human"}))
                .await
            {
                Ok(created) => {
                    let game = FaultGame {
                        id: created.id,
                        token: created.token,
                        accepted: Vec::new(),
                        in_flight: None,
                    };
                    current = Some((game, created.state));
                }
                Err(_) if killed() => {
                    out.creating += 1;
                    break;
                }
                Err(failure) => {
                    out.failures.add(&failure);
                    break;
                }
            }
            continue;
        }
        if trial.taken.fetch_add(1, Ordering::SeqCst) >= trial.moves {
            break;
        }
        match trial.tickets.acquire().await {
            Ok(permit) => permit.forget(),
            Err(_) => break,
        }
        if killed() {
            break;
        }
        let Some((game, state)) = current.as_mut() else {
            break;
        };
        let text = state.turns[rng.random_range(0..state.turns.len())]
            .text
            .clone();
        let number = state.number;
        match trial.api.play(&game.id, &game.token, &text, number).await {
            Ok(now) => {
                game.accepted.push((number, text));
                *state = now;
            }
            Err(failure) if failure.is_transport() && killed() => {
                game.in_flight = Some((number, text));
                break;
            }
            Err(failure) => {
                out.failures.add(&failure);
                if failure.is_transport() {
                    break;
                }
                match trial.api.state(&game.id, &game.token).await {
                    Ok(now) => *state = now,
                    Err(failure) => {
                        out.failures.add(&failure);
                        break;
                    }
                }
            }
        }
    }
    out.games.extend(current.map(|(game, _)| game));
    out
}

/// How a game's moves after a restart compare with those sent.
#[derive(Default, Clone, Copy, Debug)]
struct Check {
    /// Moves accepted.
    accepted: u64,
    /// Accepted moves found in place.
    found: u64,
    /// Accepted moves not found in place.
    lost: u64,
    /// Moves in flight at the kill, found in place.
    kept: u64,
    /// Moves in flight at the kill, not there.
    not_kept: u64,
    /// Moves in the game beyond those sent.
    extra: u64,
    /// Games that could not be read back.
    unreadable: u64,
}

impl Check {
    /// `other` added to it.
    fn add(&mut self, other: Check) {
        self.accepted += other.accepted;
        self.found += other.found;
        self.lost += other.lost;
        self.kept += other.kept;
        self.not_kept += other.not_kept;
        self.extra += other.extra;
        self.unreadable += other.unreadable;
    }
}

/// `game`'s moves sent against `moves`, those the server has.
fn check(game: &FaultGame, moves: &[Turn]) -> Check {
    let at = |number: usize, text: &str| moves.get(number).is_some_and(|m| m.text == text);
    let mut check = Check {
        accepted: game.accepted.len() as u64,
        ..Check::default()
    };
    for (number, text) in &game.accepted {
        match at(*number, text) {
            true => check.found += 1,
            false => check.lost += 1,
        }
    }
    let mut expected = game.accepted.last().map_or(0, |(number, _)| number + 1);
    if let Some((number, text)) = &game.in_flight {
        match at(*number, text) {
            true => {
                check.kept += 1;
                expected = number + 1;
            }
            false => check.not_kept += 1,
        }
    }
    check.extra = moves.len().saturating_sub(expected) as u64;
    check
}

/// Reads back every game of `games` from the server: how their moves
/// compare with those sent, and failures by kind.
async fn check_all(api: &Api, games: &[FaultGame]) -> (Check, Tally) {
    let mut total = Check::default();
    let mut failures = Tally::default();
    for game in games {
        match api.state(&game.id, &game.token).await {
            Ok(state) => total.add(check(game, &state.moves)),
            Err(failure) => {
                failures.add(&failure);
                total.add(Check {
                    accepted: game.accepted.len() as u64,
                    unreadable: 1,
                    ..Check::default()
                });
            }
        }
    }
    (total, failures)
}

/// `PRAGMA integrity_check` of the database at `path`, opened read-only:
/// its answer (`ok` when sound), or why it could not be run.
fn integrity(path: &Path) -> Result<String, String> {
    use rusqlite::{Connection, OpenFlags};
    let connection = Connection::open_with_flags(
        path,
        OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )
    .map_err(|e| format!("cannot open {}: {e}", path.display()))?;
    let mut statement = connection
        .prepare("PRAGMA integrity_check")
        .map_err(|e| e.to_string())?;
    let rows = statement
        .query_map([], |row| row.get::<_, String>(0))
        .map_err(|e| e.to_string())?;
    let mut said = Vec::new();
    for row in rows {
        said.push(row.map_err(|e| e.to_string())?);
    }
    Ok(said.join("; "))
}

/// What one trial came to.
struct TrialFigures {
    /// When the server was killed, in seconds from the run's start.
    killed_at: f64,
    /// Moves answered 200 before it died.
    accepted: u64,
    /// Games played.
    games: usize,
    /// The check after the restart.
    check: Check,
    /// The integrity check after the kill (before the restart).
    integrity: String,
    /// How long the server took to listen again, in seconds.
    restart: f64,
    /// Failures not caused by the kill.
    failures: Tally,
}

/// The `faults` mode.
pub(crate) async fn faults(args: FaultArgs) -> Result<(), String> {
    if args.trials == 0 || args.moves == 0 || args.games == 0 || !positive(args.rate) {
        return Err("--trials, --moves, --games and --rate must be above 0".to_owned());
    }
    let common = &args.common;
    let dir = common
        .dir
        .clone()
        .unwrap_or_else(|| PathBuf::from("target/load-faults"));
    fresh_dir(&dir)?;
    let data = dir.join("data");
    let database = data.join("games.sqlite3");
    let mut server = ServerProcess::start(common, &data, &dir.join("server-0.log"), &[])?;
    ready(&Api::new(&server.base)?).await?;
    println!(
        "server pid {} at {} (thinkers {}, at once); data in {}",
        server.pid(),
        server.base,
        common.thinkers,
        data.display()
    );
    let run_seconds = args.moves as f64 / args.rate;
    let mut every_game: Vec<FaultGame> = Vec::new();
    let mut trials: Vec<TrialFigures> = Vec::new();
    let mut corrupt = 0;
    for number in 0..args.trials {
        let mut rng = StdRng::seed_from_u64(seed_for(common.seed, 2, number as u64));
        let killed_at = rng.random_range(0.0..run_seconds);
        let trial = Arc::new(Trial {
            api: Api::new(&server.base)?,
            trial: number,
            seed: common.seed,
            slots: args.games,
            moves: args.moves,
            tickets: Semaphore::new(0),
            taken: AtomicUsize::new(0),
            killed: AtomicBool::new(false),
        });
        let mut slots = JoinSet::new();
        for slot in 0..args.games {
            slots.spawn(play_slot(trial.clone(), slot));
        }
        // The tickets, at the run's rate; the kill at its moment.
        let began = Instant::now();
        let ticker = {
            let trial = trial.clone();
            let rate = args.rate;
            tokio::spawn(async move {
                let mut ticks = tokio::time::interval(Duration::from_secs_f64(1.0 / rate));
                ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Burst);
                for _ in 0..trial.moves {
                    ticks.tick().await;
                    trial.tickets.add_permits(1);
                }
            })
        };
        tokio::time::sleep(Duration::from_secs_f64(killed_at)).await;
        trial.killed.store(true, Ordering::SeqCst);
        server.kill()?;
        let killed_after = began.elapsed().as_secs_f64();
        trial.tickets.close();
        ticker.abort();
        let mut games = Vec::new();
        let mut failures = Tally::default();
        while let Some(done) = slots.join_next().await {
            let slot = done.map_err(|e| format!("a slot of trial {number} failed: {e}"))?;
            games.extend(slot.games);
            for (kind, n) in slot.failures.0 {
                *failures.0.entry(kind).or_default() += n;
            }
        }
        let accepted: u64 = games.iter().map(|g| g.accepted.len() as u64).sum();
        let integrity = integrity(&database).unwrap_or_else(|why| format!("not checked: {why}"));
        if integrity != "ok" {
            corrupt += 1;
        }
        let restarted = Instant::now();
        server = ServerProcess::start(
            common,
            &data,
            &dir.join(format!("server-{}.log", number + 1)),
            &[],
        )
        .map_err(|e| format!("the server did not start again after trial {number}: {e}"))?;
        let api = Api::new(&server.base)?;
        ready(&api).await?;
        let restart = restarted.elapsed().as_secs_f64();
        let (check, unread) = check_all(&api, &games).await;
        for (kind, n) in unread.0 {
            *failures.0.entry(kind).or_default() += n;
        }
        println!(
            "trial {number}: killed at {killed_after:.3} s of {run_seconds:.1} s, {accepted} moves accepted in {} games; after restart ({restart:.2} s): {} found, {} lost, in flight {} kept / {} not, {} extra, {} unreadable; integrity: {integrity}; failures: {}",
            games.len(),
            check.found,
            check.lost,
            check.kept,
            check.not_kept,
            check.extra,
            check.unreadable,
            failures.said()
        );
        trials.push(TrialFigures {
            killed_at: killed_after,
            accepted,
            games: games.len(),
            check,
            integrity,
            restart,
            failures,
        });
        every_game.extend(games);
    }

    // Every game of every trial once more, after the last restart.
    let api = Api::new(&server.base)?;
    let (last, unread) = check_all(&api, &every_game).await;
    let integrity_end = integrity(&database).unwrap_or_else(|why| format!("not checked: {why}"));
    if integrity_end != "ok" {
        corrupt += 1;
    }
    let kept = server_figures(&api).await?.games_kept;
    drop(server);
    let mut total = Check::default();
    let mut failures = Tally::default();
    for trial in &trials {
        total.add(trial.check);
        for (kind, n) in &trial.failures.0 {
            *failures.0.entry(kind.clone()).or_default() += n;
        }
    }
    println!(
        "all {} games re-read after the last restart: {} of {} accepted moves found, {} lost, {} in flight kept, {} extra, {} unreadable ({}); integrity: {integrity_end}; {kept} games kept",
        every_game.len(),
        last.found,
        last.accepted,
        last.lost,
        last.kept,
        last.extra,
        last.unreadable,
        unread.said()
    );

    let mut table = String::from(
        "\n| trial | killed at (s) | games | moves accepted | found after restart | lost | in flight: kept / not kept | integrity_check | restart (s) |\n| --- | --- | --- | --- | --- | --- | --- | --- | --- |\n",
    );
    for (number, trial) in trials.iter().enumerate() {
        writeln!(
            table,
            "| {number} | {:.3} | {} | {} | {} | {} | {} / {} | {} | {:.2} |",
            trial.killed_at,
            trial.games,
            trial.accepted,
            trial.check.found,
            trial.check.lost,
            trial.check.kept,
            trial.check.not_kept,
            trial.integrity,
            trial.restart
        )
        .ok();
    }
    table.push_str("\n| figure | value |\n| --- | --- |\n");
    row(&mut table, "trials (kill -9 each)", trials.len());
    row(&mut table, "moves accepted (200)", total.accepted);
    row(
        &mut table,
        "accepted moves found after restart",
        total.found,
    );
    row(&mut table, "accepted moves lost", total.lost);
    row(&mut table, "in flight at the kill, kept", total.kept);
    row(
        &mut table,
        "in flight at the kill, not kept",
        total.not_kept,
    );
    row(&mut table, "moves found that were never sent", total.extra);
    row(
        &mut table,
        "databases failing integrity_check",
        format!("{corrupt} of {} checks", trials.len() + 1),
    );
    row(
        &mut table,
        "all games re-read at the end: found / lost",
        format!("{} / {} of {}", last.found, last.lost, last.accepted),
    );
    row(&mut table, "other failures", failures.said());
    print!("{table}");

    let lost = total.lost + last.lost + total.unreadable + last.unreadable;
    let extra = total.extra + last.extra;
    if lost > 0 || corrupt > 0 || extra > 0 || failures.total() + unread.total() > 0 {
        return Err(format!(
            "{lost} accepted moves lost or unreadable, {extra} moves never sent found, {corrupt} integrity checks failed, {} other failures",
            failures.total() + unread.total()
        ));
    }
    Ok(())
}
