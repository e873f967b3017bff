//! One sitting at the board, whatever the screen: the game, who plays each
//! side, turns taken back (to redo), saving and loading records. Every
//! frontend (the terminal's full screen and line mode, the web page) drives
//! a `Session`; none decides a rule.
//!
//! # Players in a record
//!
//! A saved record (N4) says who played, so that loading it brings the
//! players back. Besides `White` and `Black`, written for people to read
//! (`"you"` and `"machine (easy)"` against the machine; between two
//! players at one screen, the names a loaded record gave, or `"?"`), it
//! carries tags for the program:
//!
//! | Tag | Example | Meaning |
//! |-----|---------|---------|
//! | `Opponent` | `"easy"`, `"human"` | the player of the other side: the machine at a strength (`beginner`, `easy`, `medium`, `hard`, `master`, or the yardsticks `casual` and `random`), or `human`, a second person at the same screen |
//! | `Person` | `"White"` | against the machine, the side of the person |
//! | `First` | `"White"` | who moved first (P2) |
//! | `Seed` | `"271828"` | against the machine, the seed of its random choices (the play example's `--seed` replays the game) |
//! | `TimeControl` | `"300+3"` | on a clock (T1), the base time and the increment in seconds, as in PGN |
//! | `WhiteClock`, `BlackClock` | `"287.412"` | on a clock, each player's time left in seconds when the record was written |
//!
//! ```text
//! [Variant "Peralikatuma"]
//! [White "you"]
//! [Black "machine (easy)"]
//! [Result "*"]
//! [Opponent "easy"]
//! [Person "White"]
//! [First "White"]
//! [Seed "271828"]
//!
//! 1. e4-e5 e6xe4 *
//! ```
//!
//! A record from elsewhere loads too: without an `Opponent` tag, or with
//! one not understood, it is a game between two players at one screen; a
//! missing or unknown `Person` is White; a missing or unreadable `Seed`
//! leaves the seed in use; a missing or unreadable `TimeControl` is a game
//! without a clock, and missing clock times are the base time. Who moved first is the record's own start
//! (its `Setup`, N4); `First` only says it in words. Every other tag
//! (`Event`, `Date`, ...) is kept, and written again when the game is
//! saved.

use std::fmt;
use std::path::Path;
use std::time::{Duration, Instant};

use alquerque_ai::{Limits, Searcher, Strength, TimeBudget, TimeSource};
use peralikatuma_rules::{Game, GameError, Position, Record, RecordError, Ruleset, Turn};
use peralikatuma_rules::{Outcome, Side};

use crate::clock::{Clock, TimeControl};

pub mod advice;
mod game;

pub use game::forced_turn;

/// How far behind (hundredths of a man) the machine must judge itself to
/// accept a draw.
const DRAW_WANTED: i32 = 33;

/// Seeds picked at random are below this: short enough to read off the
/// screen and type after `--seed`.
const RANDOM_SEEDS: u64 = 1_000_000;

/// The record's tags for the program (see the module's docs); other tags
/// are kept as they were read.
const PLAYER_TAGS: [&str; 7] = [
    "Opponent",
    "Person",
    "First",
    "Seed",
    "TimeControl",
    "WhiteClock",
    "BlackClock",
];

/// The tags of `record` a session keeps as they were read: all but those
/// for the program ([`PLAYER_TAGS`]), which it writes itself.
fn kept_tags(record: &Record) -> Vec<(String, String)> {
    record
        .tags
        .iter()
        .filter(|(key, _)| !PLAYER_TAGS.contains(&key.as_str()))
        .cloned()
        .collect()
}

/// The tag of each side's time left.
const fn clock_tag(side: Side) -> &'static str {
    match side {
        Side::White => "WhiteClock",
        Side::Black => "BlackClock",
    }
}

/// Who plays the side the person at the keyboard does not.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Opponent {
    /// A second person at the same keyboard.
    Human,
    /// The machine, at a strength.
    Machine(Strength),
}

impl Opponent {
    /// The choices offered, in order: a second person, then the machine
    /// at each level of [`Strength::LEVELS`].
    pub const ALL: [Opponent; 6] = [
        Opponent::Human,
        Opponent::Machine(Strength::Beginner),
        Opponent::Machine(Strength::Easy),
        Opponent::Machine(Strength::Medium),
        Opponent::Machine(Strength::Hard),
        Opponent::Machine(Strength::Master),
    ];
}

impl fmt::Display for Opponent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Opponent::Human => f.write_str("human"),
            Opponent::Machine(strength) => write!(f, "{strength}"),
        }
    }
}

impl std::str::FromStr for Opponent {
    type Err = alquerque_ai::UnknownStrength;

    /// `human`, or the name of a strength (`easy`, ...), in any case.
    fn from_str(text: &str) -> Result<Opponent, Self::Err> {
        if text.trim().eq_ignore_ascii_case("human") {
            return Ok(Opponent::Human);
        }
        text.parse().map(Opponent::Machine)
    }
}

/// How a new game is set up: which of the 21 games, who plays it, from
/// where, and on what clock.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Settings {
    /// The game, as a ruleset of the one model.
    pub variant: &'static Ruleset,
    /// The other side's player.
    pub opponent: Opponent,
    /// The side of the person at the keyboard, against the machine.
    pub human: Side,
    /// Who moves first (P2: White by default).
    pub first: Side,
    /// A position to start from instead of the variant's start; it fixes
    /// the game and who moves first.
    pub position: Option<Position>,
    /// The time control, for a game on a clock (T1).
    pub clock: Option<TimeControl>,
}

impl Default for Settings {
    /// Peralikatuma against the machine (easy), the person White, White
    /// first.
    fn default() -> Settings {
        Settings {
            variant: peralikatuma_rules::Ruleset::PERALIKATUMA,
            opponent: Opponent::Machine(Strength::Easy),
            human: Side::White,
            first: Side::White,
            position: None,
            clock: None,
        }
    }
}

impl Settings {
    /// The settings of a game of `variant` against the machine (easy),
    /// the person White, White first.
    pub fn of(variant: &'static Ruleset) -> Settings {
        Settings {
            variant,
            opponent: Opponent::Machine(Strength::Easy),
            human: Side::White,
            first: Side::White,
            position: None,
            clock: None,
        }
    }

    /// The start position these settings give: `position` if set, else
    /// the game's start with `first` to move. Every game's start may be
    /// given to either side: a player without a move passes (F6) or has
    /// lost (E1).
    pub fn start(&self) -> Position {
        self.position
            .unwrap_or_else(|| Position::start(self.variant).with_side_to_move(self.first))
    }

    /// Says who plays whom, e.g. `you (White) against the machine (easy)`,
    /// and on what clock: `..., on a clock of 5+3`.
    pub fn players(&self) -> String {
        let players = match self.opponent {
            Opponent::Human => "two players on one screen".to_owned(),
            Opponent::Machine(strength) => {
                format!("you ({}) against the machine ({strength})", self.human)
            }
        };
        match self.clock {
            Some(control) => format!("{players}, on a clock of {control}"),
            None => players,
        }
    }
}

/// What cannot be loaded from a file.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// The file cannot be read.
    #[error("cannot read {path}: {error}")]
    Io {
        /// The file.
        path: String,
        /// Why.
        error: std::io::Error,
    },
    /// The file is not a game record, or a turn in it is wrong.
    #[error("cannot load {path}: {error}")]
    Record {
        /// The file.
        path: String,
        /// Why.
        error: Box<dyn std::error::Error + Send + Sync>,
    },
}

/// What [`Session::undo`] took back.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Undone {
    /// Nothing: no turn of the person's to take back.
    Nothing,
    /// A resignation or an agreed draw (E6); the turns stay.
    Declaration(Outcome),
    /// These turns, oldest first.
    Turns(Vec<Turn>),
}

/// The game in play, its players and what was taken back.
pub struct Session {
    settings: Settings,
    game: Game,
    /// Groups of turns taken back, the latest last; redo replays a group.
    redo: Vec<Vec<Turn>>,
    /// The seed of the machine's random choices in this game.
    seed: u64,
    /// The seed every new game takes, when one was fixed.
    fixed_seed: Option<u64>,
    /// The tags of a loaded record but those for the program (names,
    /// events, ...; see the module's docs), written again on saving.
    tags: Vec<(String, String)>,
    /// The game as it was last saved, loaded or started: dropping it then
    /// loses nothing.
    kept: Game,
    /// The clock, in a game with a time control (T1).
    clock: Option<Clock>,
    /// Where the clock reads the time: the machine's clock but in tests.
    time: TimeSource,
}

impl Session {
    /// A new game with `settings`; the machine's random choices follow a
    /// seed picked at random (see [`Session::seed`]).
    pub fn new(settings: Settings) -> Session {
        let mut game = Game::from_position(settings.start());
        // A start where the first player must pass (F6): the pass is
        // played at once, and the clock starts with the next turn (T1).
        while let Some(turn) = game::forced_turn(&game) {
            if game.play(&turn).is_err() {
                break;
            }
        }
        Session::with(settings, game)
    }

    /// A session of `game` with `settings`, its clock at the base time and
    /// a seed picked at random.
    fn with(settings: Settings, game: Game) -> Session {
        Session {
            clock: settings.clock.map(Clock::new),
            settings,
            kept: game.clone(),
            game,
            redo: Vec::new(),
            seed: rand::random_range(0..RANDOM_SEEDS),
            fixed_seed: None,
            tags: Vec::new(),
            time: TimeSource::real(),
        }
    }

    /// A session that goes on with `game` (a game kept or loaded), its
    /// players as in `settings`. The game's start fixes the variant and
    /// who moved first; `settings.position` keeps it only when it is not
    /// the usual start. On a clock, each side has the base time; see
    /// [`Session::load_record`] for a game whose times were kept.
    pub fn resume(settings: Settings, game: Game) -> Session {
        let start = *game.start();
        let mut settings = Settings {
            variant: start.ruleset(),
            first: start.side_to_move(),
            position: None,
            ..settings
        };
        if settings.start() != start {
            settings.position = Some(start);
        }
        let mut session = Session::with(settings, game);
        let now = session.time.instant();
        session.take_up_clock(now);
        session
    }

    /// A session that goes on with the game of `record`, its players as in
    /// `settings` ([`Session::resume`]). The clock is `settings.clock`,
    /// with the base time each, when it names one; else the record's, as
    /// its `TimeControl`, `WhiteClock` and `BlackClock` tags say (see the
    /// module's docs): then the time of the side to move runs again from
    /// now, without an increment, so the time between writing the record
    /// and taking the game up counts for nobody. The record's other tags
    /// (its players' names, its event, ...) are kept, as
    /// [`Session::load_record`] keeps them.
    pub fn resume_record(settings: Settings, record: &Record) -> Session {
        let recorded = match settings.clock {
            Some(_) => None,
            None => recorded_clock(record),
        };
        let settings = Settings {
            clock: settings.clock.or(recorded.as_ref().map(Clock::control)),
            ..settings
        };
        let mut session = Session::resume(settings, record.game.clone());
        session.tags = kept_tags(record);
        if recorded.is_some() {
            session.clock = recorded;
            let now = session.time.instant();
            session.take_up_clock(now);
        }
        session
    }

    /// The settings of this game.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The seed of the machine's random choices in this game: the same
    /// seed and the same turns give the same replies (the hard machine
    /// thinks for a time, and may differ).
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Makes the machine's random choices follow `seed`, in this game and
    /// in every game started again ([`Session::restart`]), so that games
    /// can be replayed.
    pub fn fix_seed(&mut self, seed: u64) {
        self.seed = seed;
        self.fixed_seed = Some(seed);
    }

    /// The seed fixed with [`Session::fix_seed`], if one was: every new
    /// game takes it.
    pub fn fixed_seed(&self) -> Option<u64> {
        self.fixed_seed
    }

    /// Whether dropping the game now would lose something: it changed
    /// since it was last saved or loaded, or since it started.
    pub fn unsaved(&self) -> bool {
        self.game != self.kept
    }

    /// The game so far.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The machine's strength, when it plays.
    pub fn machine(&self) -> Option<Strength> {
        match self.settings.opponent {
            Opponent::Human => None,
            Opponent::Machine(strength) => Some(strength),
        }
    }

    /// A player for the machine opponent, if there is one, seeded with the
    /// session's seed, with the game's endgame tables if the frontends
    /// found any ([`crate::tablebases`]; Hard and Master use them), reading
    /// the time where the clock does ([`Session::time_source`]; a player
    /// made before [`Session::set_time_source`] keeps the old source).
    pub fn machine_player(&self) -> Option<alquerque_ai::Player> {
        self.machine().map(|strength| {
            let mut player = alquerque_ai::Player::new(strength, self.seed());
            let ruleset = self.game.ruleset();
            player.set_tablebase(crate::tablebases::for_ruleset(ruleset));
            player.set_solution(crate::solutions::for_ruleset(ruleset));
            player.set_time_source(self.time.clone());
            player
        })
    }

    /// Whether the machine has the move now.
    pub fn machine_to_move(&self) -> bool {
        self.machine().is_some()
            && self.game.ending().is_none()
            && self.game.side_to_move() != self.settings.human
    }

    /// Whether a person has the move now.
    pub fn person_to_move(&self) -> bool {
        self.game.ending().is_none() && !self.machine_to_move()
    }

    /// Who has the move, in words: `White` or `White (you)` or
    /// `Black (the machine)`.
    pub fn mover(&self) -> String {
        let side = self.game.side_to_move();
        match self.machine() {
            None => side.to_string(),
            Some(_) if side == self.settings.human => format!("{side} (you)"),
            Some(_) => format!("{side} (the machine)"),
        }
    }

    /// Plays `turn`; turns taken back can then no longer be redone.
    ///
    /// # Errors
    /// As [`Game::play`]; the game is unchanged.
    pub fn play(&mut self, turn: &Turn) -> Result<(), GameError> {
        let now = self.time.instant();
        self.check_time_at(now);
        self.game.play(turn)?;
        self.redo.clear();
        self.turn_played(now);
        self.play_forced(now);
        Ok(())
    }

    /// Plays the turns the rules leave a player no choice about (a
    /// family player's pass, F6), as if at once after the last turn, until
    /// a player has a choice or the game is over.
    fn play_forced(&mut self, now: Instant) {
        while let Some(turn) = game::forced_turn(&self.game) {
            if self.game.play(&turn).is_err() {
                break;
            }
            self.turn_played(now);
        }
    }

    /// Plays a turn written in the notation of N2.
    ///
    /// # Errors
    /// As [`Game::play_text`]; the game is unchanged.
    pub fn play_text(&mut self, text: &str) -> Result<Turn, GameError> {
        let now = self.time.instant();
        self.check_time_at(now);
        let turn = self.game.play_text(text)?;
        self.redo.clear();
        self.turn_played(now);
        self.play_forced(now);
        Ok(turn)
    }

    /// The clock, in a game on one (T1).
    pub fn clock(&self) -> Option<&Clock> {
        self.clock.as_ref()
    }

    /// Where the clock reads the time: the machine's clock, unless
    /// [`Session::set_time_source`] gave another.
    pub fn time_source(&self) -> &TimeSource {
        &self.time
    }

    /// Makes the clock read the time from `time` from now on, in this game
    /// and in every game started again ([`Session::restart`]): a test
    /// hands it a [`TimeSource::manual`] and says how much time passes. A
    /// running clock runs on from now by the new source with the time it
    /// had when it last started: what the old source counted since is not
    /// charged. So the source is best given as the session is made or
    /// taken up, before the clock has run.
    ///
    /// ```
    /// use std::time::Duration;
    /// use alquerque_ai::TimeSource;
    /// use peralikatuma::session::{Opponent, Session, Settings};
    ///
    /// let mut session = Session::new(Settings {
    ///     opponent: Opponent::Human,
    ///     clock: Some("0+1".parse()?),
    ///     ..Settings::default()
    /// });
    /// let time = TimeSource::manual();
    /// session.set_time_source(time.clone());
    /// let first = session.game().position().legal_turns()[0];
    /// session.play(&first)?; // White's first turn starts the clock
    /// time.advance(Duration::from_millis(400));
    /// assert_eq!(session.times_left(), Some([Duration::ZERO, Duration::from_millis(600)]));
    /// time.advance(Duration::from_millis(600));
    /// assert!(session.check_time().is_some()); // Black lost on time (T2)
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_time_source(&mut self, time: TimeSource) {
        if let Some(clock) = self.clock.as_mut() {
            clock.run_from(time.instant());
        }
        self.time = time;
    }

    /// Each side's time left now (White's, Black's), in a game on a clock.
    pub fn times_left(&self) -> Option<[Duration; 2]> {
        let now = self.time.instant();
        let clock = self.clock.as_ref()?;
        Some(Side::ALL.map(|side| clock.left(side, now)))
    }

    /// Ends the game when the time of the side to move has run out (T2),
    /// and returns the outcome then; `None` while the game goes on (or was
    /// already over). Frontends call it as time passes; every turn, undo
    /// and the like calls it first.
    pub fn check_time(&mut self) -> Option<Outcome> {
        self.check_time_at(self.time.instant())
    }

    fn check_time_at(&mut self, now: Instant) -> Option<Outcome> {
        let clock = self.clock.as_mut()?;
        let side = clock.flagged(now)?;
        clock.stop(now);
        if self.game.ending().is_some() {
            return None;
        }
        self.game.lose_on_time(side).ok()?;
        self.redo.clear();
        self.game.ending()
    }

    /// After a turn played at `now`: the mover's time stops, and the next
    /// mover's turn starts with the increment, unless the game is over
    /// (T1). The first turn of the game starts the clock.
    fn turn_played(&mut self, now: Instant) {
        let Some(clock) = self.clock.as_mut() else {
            return;
        };
        match self.game.ending() {
            Some(_) => clock.stop(now),
            None => clock.start_turn(self.game.side_to_move(), now),
        }
    }

    /// After turns taken back or played again at `now`, or a game taken
    /// up: the time of the side to move runs, without an increment, once
    /// a turn has been played (T1); it stops when the game is over.
    fn take_up_clock(&mut self, now: Instant) {
        let Some(clock) = self.clock.as_mut() else {
            return;
        };
        if self.game.ending().is_some() || self.game.turns().is_empty() {
            clock.stop(now);
        } else {
            clock.resume(self.game.side_to_move(), now);
        }
    }

    /// How long the machine may think for its turn now, on a clock
    /// ([`TimeBudget::from_clock`]); `None` in a game without one. Before
    /// the clock starts (the first turn, T1) the machine plans as if its
    /// time ran.
    pub fn machine_budget(&self) -> Option<TimeBudget> {
        let clock = self.clock.as_ref()?;
        let side = self.game.side_to_move();
        let mut left = clock.left(side, self.time.instant());
        if clock.running().is_none() {
            left += clock.control().increment;
        }
        Some(TimeBudget::from_clock(
            left,
            clock.control().increment,
            self.game.turns().len(),
        ))
    }

    /// Takes back a resignation or an agreed draw (E6) if the game ended
    /// so, and otherwise the last turn: against the machine, as many turns
    /// as give the move back to the person (the machine's reply and the
    /// person's turn before it).
    ///
    /// A loss on time (T2) is not taken back, nor the turns before it: the
    /// time is gone.
    pub fn undo(&mut self) -> Undone {
        let now = self.time.instant();
        self.check_time_at(now);
        if self.lost_on_time() {
            return Undone::Nothing;
        }
        if let Some(withdrawn) = self.game.withdraw() {
            self.take_up_clock(now);
            return Undone::Declaration(withdrawn);
        }
        let count = self.turns_to_take_back();
        let mut taken: Vec<Turn> = (0..count).filter_map(|_| self.game.undo()).collect();
        taken.reverse();
        if taken.is_empty() {
            return Undone::Nothing;
        }
        self.redo.push(taken.clone());
        self.take_up_clock(now);
        Undone::Turns(taken)
    }

    /// How many turns [`Session::undo`] takes back: the last turn that was
    /// a choice (with the forced turns after it, F6), and against the
    /// machine, back to before the person's last choice; none when there
    /// is no such turn (the machine's first turn).
    fn turns_to_take_back(&self) -> usize {
        let mut game = self.game.clone();
        let mut count = 0;
        while let Some(turn) = game.undo() {
            count += 1;
            let forced = game::forced_turn(&game) == Some(turn);
            let mover = game.side_to_move();
            if !forced && self.machine().is_none_or(|_| mover == self.settings.human) {
                return count;
            }
        }
        0
    }

    /// Whether the game was lost on time (T2): that is final, [`Session::undo`]
    /// takes nothing back.
    pub fn lost_on_time(&self) -> bool {
        self.game.ending().is_some_and(Outcome::is_on_time)
    }

    /// Plays again the turns last taken back; returns them (none when
    /// there is nothing to redo).
    pub fn redo(&mut self) -> Vec<Turn> {
        let now = self.time.instant();
        self.check_time_at(now);
        let Some(turns) = self.redo.pop() else {
            return Vec::new();
        };
        for (i, turn) in turns.iter().enumerate() {
            if self.game.play(turn).is_err() {
                // Cannot happen: these turns were played from here before.
                self.take_up_clock(now);
                return turns[..i].to_vec();
            }
        }
        self.take_up_clock(now);
        turns
    }

    /// Whether there are turns to redo.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// The side to move resigns (E6).
    ///
    /// # Errors
    /// When the game is already over.
    pub fn resign(&mut self, side: Side) -> Result<(), GameError> {
        let now = self.time.instant();
        self.check_time_at(now);
        self.game.resign(side)?;
        self.redo.clear();
        self.take_up_clock(now);
        Ok(())
    }

    /// The players agree a draw (E6).
    ///
    /// # Errors
    /// When the game is already over.
    pub fn agree_draw(&mut self) -> Result<(), GameError> {
        let now = self.time.instant();
        self.check_time_at(now);
        self.game.agree_draw()?;
        self.redo.clear();
        self.take_up_clock(now);
        Ok(())
    }

    /// The side the person at the keyboard plays now: their own against
    /// the machine, the side to move between two players. It is the side
    /// that resigns or offers a draw.
    pub fn person_side(&self) -> Side {
        match self.machine() {
            Some(_) => self.settings.human,
            None => self.game.side_to_move(),
        }
    }

    /// Whether the machine accepts a draw offered now: when a short search
    /// finds its side worse by more than a third of a man.
    pub fn machine_accepts_draw(&self) -> bool {
        let Some(_) = self.machine() else {
            return false;
        };
        if self.game.ending().is_some() {
            return false;
        }
        let score = Searcher::new(4)
            .search(&self.game, Limits::depth(4), |_| {})
            .score;
        let for_machine = if self.machine_to_move() {
            score
        } else {
            -score
        };
        for_machine.0 < -DRAW_WANTED
    }

    /// Starts again with `settings`.
    pub fn restart(&mut self, settings: Settings) {
        let mut fresh = Session::new(settings);
        if let Some(seed) = self.fixed_seed {
            fresh.fix_seed(seed);
        }
        fresh.time = self.time.clone();
        *self = fresh;
    }

    /// The game as a record (N4), with its players in its tags (see the
    /// module's docs).
    pub fn record(&self) -> Record {
        let mut record = Record::new(self.game.clone());
        let mut set = |key: &str, value: &str| record.set_tag(key, value);
        for (key, value) in &self.tags {
            set(key, value);
        }
        let settings = &self.settings;
        if let Opponent::Machine(strength) = settings.opponent {
            let person = settings.human;
            set(&person.to_string(), "you");
            set(
                &person.opposite().to_string(),
                &format!("machine ({strength})"),
            );
        }
        set("Opponent", &settings.opponent.to_string());
        if self.machine().is_some() {
            set("Person", &settings.human.to_string());
        }
        set("First", &self.game.start().side_to_move().to_string());
        if self.machine().is_some() {
            set("Seed", &self.seed.to_string());
        }
        if let Some(clock) = &self.clock {
            set("TimeControl", &clock.control().record_tag());
            let now = self.time.instant();
            for side in Side::ALL {
                let left = clock.left(side, now);
                let ms = left.as_millis();
                set(clock_tag(side), &format!("{}.{:03}", ms / 1000, ms % 1000));
            }
        }
        record
    }

    /// Writes the record to `path`; the game then counts as saved.
    ///
    /// # Errors
    /// When the file cannot be written.
    pub fn save(&mut self, path: &Path) -> std::io::Result<()> {
        std::fs::write(path, self.record().to_string())?;
        self.kept = self.game.clone();
        Ok(())
    }

    /// Replaces the game and its players with the record's (see the
    /// module's docs for the tags read, and what stands in for those
    /// missing); what could be redone is forgotten. On a clock, the times
    /// are those the record kept, and the time of the side to move runs
    /// again from now (without an increment): the time between writing
    /// the record and loading it counts for nobody.
    pub fn load_record(&mut self, record: Record) {
        let tag = |key: &str| record_tag(&record, key);
        let opponent = tag("Opponent")
            .and_then(|text| text.parse().ok())
            .unwrap_or(Opponent::Human);
        let human = match tag("Person") {
            Some(side) if side.eq_ignore_ascii_case("black") => Side::Black,
            _ => Side::White,
        };
        if let Some(seed) = tag("Seed").and_then(|text| text.parse().ok()) {
            self.seed = seed;
        }
        self.clock = recorded_clock(&record);
        let control = self.clock.as_ref().map(Clock::control);
        let game = record.game.clone();
        let start = *game.start();
        self.settings = Settings {
            variant: start.ruleset(),
            opponent,
            human,
            first: start.side_to_move(),
            position: Some(start),
            clock: control,
        };
        self.tags = kept_tags(&record);
        self.kept = game.clone();
        self.game = game;
        self.redo.clear();
        let now = self.time.instant();
        self.take_up_clock(now);
    }

    /// Replaces the game and its players with those recorded in `path`
    /// ([`Session::load_record`]). A record that breaks off (a bad turn, a
    /// wrong result, ...) is loaded up to the fault, which is returned to
    /// be reported (N4).
    ///
    /// # Errors
    /// When the file cannot be read, or its header is not valid; the game
    /// in play stays.
    pub fn load(&mut self, path: &Path) -> Result<Option<RecordError>, LoadError> {
        let name = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|error| LoadError::Io {
            path: name.clone(),
            error,
        })?;
        let (record, fault) = match text.parse::<Record>() {
            Ok(record) => (record, None),
            Err(error) => match error.partial() {
                Some(partial) => (partial.clone(), Some(error)),
                None => {
                    return Err(LoadError::Record {
                        path: name,
                        error: Box::new(error),
                    });
                }
            },
        };
        self.load_record(record);
        Ok(fault)
    }
}

/// The value of the tag `key` of `record`, trimmed.
fn record_tag<'a>(record: &'a Record, key: &str) -> Option<&'a str> {
    record
        .tags
        .iter()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.trim())
}

/// The clock a record keeps (its `TimeControl`, `WhiteClock` and
/// `BlackClock` tags), stopped; `None` without a readable time control.
fn recorded_clock(record: &Record) -> Option<Clock> {
    let tag = |key: &str| record_tag(record, key);
    let control = TimeControl::from_record_tag(tag("TimeControl")?).ok()?;
    let left = Side::ALL.map(|side| {
        tag(clock_tag(side))
            .and_then(|text| text.parse::<f64>().ok())
            .and_then(|seconds| {
                Duration::try_from_secs_f64((seconds * 1000.0).round() / 1000.0).ok()
            })
            .unwrap_or(control.base)
    });
    Some(Clock::with_times(control, left))
}

#[cfg(test)]
mod tests {
    use super::*;
    use peralikatuma_rules::{Outcome, Ruleset, WinReason};

    fn settings(opponent: Opponent, human: Side) -> Settings {
        Settings {
            variant: Ruleset::ALQUERQUE,
            opponent,
            human,
            first: Side::White,
            position: None,
            clock: None,
        }
    }

    #[test]
    fn between_two_players_undo_takes_back_one_turn_and_redo_replays_it() {
        let mut session = Session::new(settings(Opponent::Human, Side::White));
        session.play_text("d2-c3").expect("legal");
        session.play_text("b3-c3").ok();
        let played = session.game().turns().len();
        let Undone::Turns(taken) = session.undo() else {
            panic!("a turn to take back")
        };
        assert_eq!(taken.len(), 1);
        assert_eq!(session.game().turns().len(), played - 1);
        assert_eq!(session.redo(), taken);
        assert_eq!(session.game().turns().len(), played);
        assert!(session.redo().is_empty());
    }

    #[test]
    fn against_the_machine_undo_gives_the_move_back_to_the_person() {
        let mut session = Session::new(settings(Opponent::Machine(Strength::Easy), Side::White));
        let first = session.game().position().legal_turns()[0];
        session.play(&first).expect("legal");
        assert!(session.machine_to_move());
        let reply = session.game().position().legal_turns()[0];
        session.play(&reply).expect("legal");
        assert!(session.person_to_move());
        let Undone::Turns(taken) = session.undo() else {
            panic!("turns to take back")
        };
        assert_eq!(taken, [first, reply]);
        assert!(session.game().turns().is_empty());
        assert_eq!(session.redo(), vec![first, reply]);
        // Nothing of the person's to take back before the machine's first
        // turn when the machine moved first.
        let mut session = Session::new(settings(Opponent::Machine(Strength::Easy), Side::Black));
        let opening = session.game().position().legal_turns()[0];
        session.play(&opening).expect("legal");
        assert_eq!(session.undo(), Undone::Nothing);
        assert_eq!(session.game().turns().len(), 1);
    }

    #[test]
    fn undo_after_a_resignation_takes_back_only_the_resignation_e6() {
        let mut session = Session::new(settings(Opponent::Human, Side::White));
        session.play_text("d2-c3").expect("legal");
        session.resign(Side::Black).expect("not over");
        assert!(matches!(session.undo(), Undone::Declaration(_)));
        assert_eq!(session.game().ending(), None);
        assert_eq!(session.game().turns().len(), 1);
        session.agree_draw().expect("not over");
        assert!(matches!(session.undo(), Undone::Declaration(_)));
        assert!(matches!(session.undo(), Undone::Turns(_)));
    }

    /// A game between two players on `control`, its clock read from a
    /// hand-moved source (returned): time passes only when the test says.
    fn on_clock(control: &str) -> (Session, TimeSource) {
        let settings = Settings {
            clock: Some(control.parse().expect("a time control")),
            ..settings(Opponent::Human, Side::White)
        };
        let mut session = Session::new(settings);
        let time = TimeSource::manual();
        session.set_time_source(time.clone());
        (session, time)
    }

    const fn ms(millis: u64) -> Duration {
        Duration::from_millis(millis)
    }

    #[test]
    fn t1_the_clock_starts_with_the_first_turn_and_the_increment_comes_with_each_turn() {
        let (mut session, time) = on_clock("0+200ms");
        time.advance(ms(250));
        assert_eq!(session.check_time(), None, "the first turn is not timed");
        session.play_text("d2-c3").expect("legal");
        let clock = session.clock().expect("a clock");
        assert_eq!(clock.running(), Some(Side::Black));
        assert_eq!(session.times_left(), Some([Duration::ZERO, ms(200)]));
        time.advance(ms(120));
        assert_eq!(session.times_left(), Some([Duration::ZERO, ms(80)]));
        let budget = session.machine_budget().expect("a clock");
        assert!(budget.hard <= ms(80), "{budget:?}");
        let reply = session.game().position().legal_turns()[0];
        session.play(&reply).expect("legal, and in time");
        // White's turn gains the increment; Black's time stopped at 80 ms.
        time.advance(ms(150));
        assert_eq!(session.times_left(), Some([ms(50), ms(80)]));
    }

    #[test]
    fn t2_a_player_out_of_time_loses_and_cannot_take_it_back() {
        let (mut session, time) = on_clock("0+50ms");
        session.play_text("d2-c3").expect("legal");
        time.advance(ms(49));
        assert_eq!(session.check_time(), None, "a millisecond left");
        time.advance(ms(1));
        let lost = Outcome::Win {
            winner: Side::White,
            reason: WinReason::Time,
        };
        assert_eq!(session.check_time(), Some(lost));
        assert_eq!(session.check_time(), None, "only once");
        assert_eq!(session.clock().and_then(Clock::running), None);
        assert_eq!(session.undo(), Undone::Nothing);
        assert!(session.play_text("b3-c3").is_err());
        let record = session.record();
        assert_eq!(record.tag("TimeControl"), Some("0+0.05"));
        assert_eq!(record.tag("BlackClock"), Some("0.000"));
        let text = record.to_string();
        assert!(text.contains("[Termination \"time forfeit\"]"), "{text}");
        // A turn too late is refused: the time ran out before it.
        let (mut session, time) = on_clock("0+50ms");
        session.play_text("d2-c3").expect("legal");
        time.advance(ms(80));
        assert!(matches!(
            session.play_text("b3-c3"),
            Err(GameError::Over(outcome)) if outcome == lost
        ));
    }

    #[test]
    fn t1_a_record_keeps_the_clock_and_the_time_between_counts_for_nobody() {
        let (mut session, time) = on_clock("1+0");
        session.play_text("d2-c3").expect("legal");
        time.advance(ms(30));
        let record: Record = session.record().to_string().parse().expect("a record");
        assert_eq!(record.tag("WhiteClock"), Some("60.000"));
        assert_eq!(record.tag("BlackClock"), Some("59.970"));
        // Half a second between the record and its loading, which must not
        // count; then Black's time runs again.
        let (mut loaded, later) = on_clock("5+3");
        time.advance(ms(500));
        later.advance(ms(500));
        loaded.load_record(record.clone());
        assert_eq!(loaded.settings().clock, "1+0".parse().ok());
        assert_eq!(loaded.times_left(), Some([ms(60_000), ms(59_970)]));
        later.advance(ms(500));
        assert_eq!(loaded.times_left(), Some([ms(60_000), ms(59_470)]));
        let resumed = Session::resume_record(settings(Opponent::Human, Side::White), &record);
        assert_eq!(resumed.clock().and_then(Clock::running), Some(Side::Black));
    }

    #[test]
    fn t2_the_machine_keeps_within_a_tenth_of_a_second_a_turn() {
        // The machine's search reads the time where the clock does: a
        // source that steps a millisecond at each reading (the search reads
        // it every 1,024 nodes) makes
        // every think as long in readings however busy the machine is.
        let mut session = Session::new(Settings {
            clock: "0+100ms".parse().ok(),
            ..settings(Opponent::Machine(Strength::Hard), Side::White)
        });
        session.set_time_source(TimeSource::stepping(Duration::from_millis(1)));
        for _ in 0..6 {
            let Some(turn) = session.game().position().legal_turns().first().copied() else {
                break;
            };
            session.play(&turn).expect("legal");
            if session.game().ending().is_some() {
                break;
            }
            let budget = session.machine_budget().expect("a clock");
            let mut player = session.machine_player().expect("the machine");
            let before = session.time_source().peek();
            let reply = player
                .choose_on_clock(session.game(), budget)
                .expect("a reply");
            // The player read the session's source (its search stepped it).
            assert!(session.time_source().peek() > before);
            session.play(&reply).expect("in time");
        }
        assert!(session.game().turns().len() >= 6, "{}", session.record());
        assert!(!session.lost_on_time(), "{}", session.record());
    }

    #[test]
    fn t1_a_new_time_source_takes_over_a_running_clock() {
        let (mut session, time) = on_clock("1+0");
        session.play_text("d2-c3").expect("legal");
        time.advance(ms(100));
        let reply = session.game().position().legal_turns()[0];
        session.play(&reply).expect("legal, and in time");
        assert_eq!(session.clock().and_then(Clock::running), Some(Side::White));
        time.advance(ms(200));
        let other = TimeSource::manual();
        other.advance(ms(5_000));
        session.set_time_source(other.clone());
        // White's turn runs from its start again, by the new source.
        time.advance(ms(900));
        assert_eq!(session.times_left(), Some([ms(60_000), ms(59_900)]));
        other.advance(ms(400));
        assert_eq!(session.times_left(), Some([ms(59_600), ms(59_900)]));
        session.restart(Settings {
            clock: "1+0".parse().ok(),
            ..settings(Opponent::Human, Side::White)
        });
        session.play_text("d2-c3").expect("legal");
        other.advance(ms(250));
        assert_eq!(session.times_left(), Some([ms(60_000), ms(59_750)]));
    }

    #[test]
    fn a_resignation_forgets_what_could_be_redone() {
        let mut session = Session::new(settings(Opponent::Human, Side::White));
        session.play_text("d2-c3").expect("legal");
        session.undo();
        assert!(session.can_redo());
        session.resign(Side::White).expect("not over");
        assert!(!session.can_redo());
        assert!(session.redo().is_empty());
    }

    #[test]
    fn the_machine_declines_a_draw_in_a_level_start() {
        let session = Session::new(settings(Opponent::Machine(Strength::Easy), Side::White));
        assert!(!session.machine_accepts_draw());
    }

    #[test]
    fn a_new_turn_forgets_what_could_be_redone() {
        let mut session = Session::new(settings(Opponent::Human, Side::White));
        let first = session.game().position().legal_turns()[0];
        session.play(&first).expect("legal");
        session.undo();
        assert!(session.can_redo());
        let other = *session
            .game()
            .position()
            .legal_turns()
            .last()
            .expect("a turn");
        session.play(&other).expect("legal");
        assert!(!session.can_redo());
    }

    #[test]
    fn black_can_move_first_by_agreement_p2() {
        let mut chosen = settings(Opponent::Human, Side::White);
        chosen.variant = Ruleset::PERALIKATUMA;
        chosen.first = Side::Black;
        let session = Session::new(chosen);
        assert_eq!(session.game().side_to_move(), Side::Black);
    }

    #[test]
    fn a_claim_is_explained_with_its_rule_p6() {
        use advice::claim_advice;
        let position = Position::parse(
            Ruleset::PERALIKATUMA,
            "B:Wc1,e1,g1,d2,e2,f2,a3,c3,d3,f3,g3,c4,e4,f4,g4,a5,d5,e5,d6:Bi3,b4,h4,h5,i5,c6,f6,g6,h6,c7,d7,e7,f7,g7,i7,d8,e8,c9,e9,g9:Fa3,d6",
        )
        .expect("valid");
        assert_eq!(
            claim_advice(&position).as_deref(),
            Some(
                "White moved without capturing when it could have jumped, so Black may first take one of its pieces on a3 or d6 (P6)"
            )
        );
        assert_eq!(claim_advice(&Position::start(Ruleset::PERALIKATUMA)), None);
    }

    #[test]
    fn pieces_that_may_not_step_back_are_named_a5() {
        use advice::no_return_advice;
        let alquerque = Ruleset::ALQUERQUE;
        let position =
            Position::parse(alquerque, "B:Wa2,e2:Ba4,d4,a5,d5,e5:Ra4-b4,e2-d2").expect("valid");
        assert_eq!(
            no_return_advice(&position).as_deref(),
            Some("No return (A5): a4 not to b4")
        );
        let position =
            Position::parse(alquerque, "B:Wa2,e2:Ba4,d4,a5,d5,e5:Ra4-b4,d4-c4").expect("valid");
        assert_eq!(
            no_return_advice(&position).as_deref(),
            Some("No return (A5): a4 not to b4, d4 not to c4")
        );
        assert_eq!(no_return_advice(&Position::start(alquerque)), None);
    }

    #[test]
    fn a_saved_game_loads_back_the_same() {
        let mut session = Session::new(settings(Opponent::Human, Side::White));
        for _ in 0..6 {
            let turn = session.game().position().legal_turns()[0];
            session.play(&turn).expect("legal");
        }
        let path = std::env::temp_dir().join(format!("play-session-{}.txt", std::process::id()));
        session.save(&path).expect("writable");
        let mut other = Session::new(settings(Opponent::Human, Side::White));
        assert!(other.load(&path).expect("readable").is_none());
        std::fs::remove_file(&path).ok();
        assert_eq!(other.game().turns(), session.game().turns());
        assert_eq!(
            other.game().position().to_string(),
            session.game().position().to_string()
        );
    }

    fn temp_file(name: &str) -> std::path::PathBuf {
        std::env::temp_dir().join(format!("play-{name}-{}.txt", std::process::id()))
    }

    #[test]
    fn a_saved_record_brings_back_its_players_as_tags() {
        let mut chosen = settings(Opponent::Machine(Strength::Hard), Side::Black);
        chosen.variant = Ruleset::PERALIKATUMA;
        chosen.first = Side::Black;
        let mut session = Session::new(chosen.clone());
        session.fix_seed(12345);
        for _ in 0..3 {
            let turn = session.game().position().legal_turns()[0];
            session.play(&turn).expect("legal");
        }
        let path = temp_file("players");
        session.save(&path).expect("writable");
        let text = std::fs::read_to_string(&path).expect("readable");
        let header: Vec<&str> = text.lines().take_while(|l| !l.is_empty()).collect();
        assert_eq!(
            header,
            [
                "[Variant \"Peralikatuma\"]",
                "[White \"machine (hard)\"]",
                "[Black \"you\"]",
                "[Result \"*\"]",
                &format!("[Setup \"{}\"]", session.game().start()),
                "[Opponent \"hard\"]",
                "[Person \"Black\"]",
                "[First \"Black\"]",
                "[Seed \"12345\"]",
            ]
        );
        let mut other = Session::new(settings(Opponent::Human, Side::White));
        assert!(other.load(&path).expect("readable").is_none());
        std::fs::remove_file(&path).ok();
        assert_eq!(other.settings().opponent, Opponent::Machine(Strength::Hard));
        assert_eq!(other.settings().human, Side::Black);
        assert_eq!(other.settings().first, Side::Black);
        assert_eq!(other.settings().variant, Ruleset::PERALIKATUMA);
        assert_eq!(other.seed(), 12345);
        assert_eq!(other.game().turns(), session.game().turns());
        assert_eq!(other.record().to_string(), text);
    }

    #[test]
    fn a_record_from_elsewhere_loads_as_two_players_at_one_screen() {
        let mut session = Session::new(settings(Opponent::Machine(Strength::Easy), Side::Black));
        session.fix_seed(7);
        let text = "[Variant \"Alquerque\"]\n[White \"Alice\"]\n[Black \"Bob\"]\n[Result \"*\"]\n[Event \"Club night\"]\n[Opponent \"grandmaster\"]\n[Person \"Green\"]\n[Seed \"many\"]\n\n1. d2-c3 *\n";
        session.load_record(text.parse().expect("a record"));
        assert_eq!(session.settings().opponent, Opponent::Human);
        assert_eq!(session.settings().human, Side::White);
        assert_eq!(
            session.seed(),
            7,
            "an unreadable seed leaves the seed in use"
        );
        assert!(!session.unsaved());
        // Saved again, the names and the other tags stay; what could not be
        // read is written as it is now.
        let saved = session.record().to_string();
        for tag in [
            "[White \"Alice\"]",
            "[Black \"Bob\"]",
            "[Event \"Club night\"]",
            "[Opponent \"human\"]",
            "[First \"White\"]",
        ] {
            assert!(saved.contains(tag), "{tag} missing:\n{saved}");
        }
        assert!(
            !saved.contains("Person") && !saved.contains("Seed"),
            "{saved}"
        );
        // No tags but the game's: two players.
        let bare = "[Variant \"Alquerque\"]\n\n1. d2-c3 *\n";
        session.load_record(bare.parse().expect("a record"));
        assert_eq!(session.settings().opponent, Opponent::Human);
        assert_eq!(session.game().turns().len(), 1);
    }

    /// Regression: a game taken up from its record (a record loaded on
    /// the web page, or a game read back from the server's database) lost
    /// its players' names and other tags.
    #[test]
    fn a_game_resumed_from_its_record_keeps_its_names() {
        let text = "[Variant \"Alquerque\"]\n[White \"Alice\"]\n[Black \"Bob\"]\n[Result \"*\"]\n[Event \"Club night\"]\n\n1. d2-c3 *\n";
        let record: Record = text.parse().expect("a record");
        let session = Session::resume_record(settings(Opponent::Human, Side::White), &record);
        let saved = session.record().to_string();
        for tag in [
            "[White \"Alice\"]",
            "[Black \"Bob\"]",
            "[Event \"Club night\"]",
        ] {
            assert!(saved.contains(tag), "{tag} missing:\n{saved}");
        }
    }

    #[test]
    fn seeds_picked_at_random_vary_and_a_fixed_seed_stays_for_new_games() {
        let seeds: Vec<u64> = (0..8)
            .map(|_| Session::new(settings(Opponent::Human, Side::White)))
            .map(|session| session.seed())
            .collect();
        assert!(seeds.iter().any(|&s| s != seeds[0]), "{seeds:?}");
        let mut session = Session::new(settings(Opponent::Human, Side::White));
        session.fix_seed(99);
        session.restart(settings(Opponent::Machine(Strength::Medium), Side::White));
        assert_eq!(session.seed(), 99);
    }

    #[test]
    fn a_game_is_unsaved_from_its_first_turn_until_saved_or_loaded() {
        let mut session = Session::new(settings(Opponent::Human, Side::White));
        assert!(!session.unsaved(), "nothing to lose at the start");
        session.play_text("d2-c3").expect("legal");
        assert!(session.unsaved());
        session.undo();
        assert!(!session.unsaved(), "back where it started");
        session.redo();
        let path = temp_file("unsaved");
        session.save(&path).expect("writable");
        assert!(!session.unsaved());
        session.resign(Side::Black).expect("not over");
        assert!(session.unsaved(), "a resignation is news");
        session.load(&path).expect("readable");
        std::fs::remove_file(&path).ok();
        assert!(!session.unsaved());
        session.restart(session.settings().clone());
        assert!(!session.unsaved());
    }

    #[test]
    fn a_step_that_leaves_a_jump_untaken_forfeits_the_piece_p6() {
        use advice::forfeit_warning;
        let peralikatuma = Ruleset::PERALIKATUMA;
        let position = Position::parse(peralikatuma, "W:We4,c1:Be5,i7").expect("valid");
        let turn = |text| position.parse_turn(text).expect("legal");
        assert_eq!(
            forfeit_warning(&position, &turn("c1-d2")).as_deref(),
            Some(
                "c1-d2 captures nothing, so Black may then take your piece on e4: it could have jumped (P6)"
            )
        );
        // The piece that could jump steps away: claimable where it went (P6.1).
        assert_eq!(
            forfeit_warning(&position, &turn("e4-d4")).as_deref(),
            Some(
                "e4-d4 captures nothing, so Black may then take your piece on d4: it could have jumped (P6)"
            )
        );
        assert_eq!(forfeit_warning(&position, &turn("e4xe6")), None);
        // Captures are compulsory elsewhere: nothing is forfeited (A4, M5).
        let alquerque = Position::start(Ruleset::ALQUERQUE);
        let step = alquerque.legal_turns()[0];
        assert_eq!(forfeit_warning(&alquerque, &step), None);
    }

    #[test]
    fn a_resumed_game_keeps_its_turns_and_its_start() {
        let mut session = Session::new(settings(Opponent::Human, Side::White));
        session.play_text("d2-c3").expect("legal");
        let resumed = Session::resume(session.settings().clone(), session.game().clone());
        assert_eq!(resumed.game(), session.game());
        assert_eq!(resumed.settings().position, None);
        // A start of its own is kept in the settings; Black moved first.
        let start = Position::parse(Ruleset::ALQUERQUE, "B:Wa1:Be5").expect("valid");
        let resumed = Session::resume(
            settings(Opponent::Human, Side::White),
            Game::from_position(start),
        );
        assert_eq!(resumed.settings().position, Some(start));
        assert_eq!(resumed.settings().first, Side::Black);
        assert_eq!(resumed.settings().start(), start);
    }

    #[test]
    fn a_missing_or_garbled_file_leaves_the_game_alone() {
        let mut session = Session::new(settings(Opponent::Human, Side::White));
        session.play_text("d2-c3").expect("legal");
        let error = session
            .load(Path::new("/nonexistent/game.txt"))
            .expect_err("no such file");
        assert!(
            error
                .to_string()
                .starts_with("cannot read /nonexistent/game.txt")
        );
        let path = std::env::temp_dir().join(format!("play-garbled-{}.txt", std::process::id()));
        std::fs::write(&path, "[Variant \"Alquerque\"\n\n1. d2-c3 *\n").expect("writable");
        let error = session.load(&path).expect_err("garbled header");
        assert!(error.to_string().contains("line 1"), "{error}");
        assert_eq!(session.game().turns().len(), 1);
        // A record that breaks off is loaded up to its fault (N4).
        std::fs::write(&path, "[Variant \"Alquerque\"]\n\n1. d2-c3 b3xd3?? *\n").expect("writable");
        let fault = session.load(&path).expect("readable up to turn 1...");
        std::fs::remove_file(&path).ok();
        let fault = fault.expect("the bad turn");
        assert!(fault.to_string().starts_with("turn 1..."), "{fault}");
        assert_eq!(session.game().turns().len(), 1);
    }

    /// A family game in a session: undo against the machine gives the move
    /// back to the person, a resignation is taken back alone (E6), and a
    /// record that breaks off loads up to the fault.
    #[test]
    fn a_family_game_undoes_resigns_and_loads_a_broken_record() {
        let ruleset = Ruleset::find("lau-kata-kati").expect("a ruleset");
        let settings = Settings {
            opponent: Opponent::Machine(Strength::Easy),
            ..Settings::of(ruleset)
        };
        let mut session = Session::new(settings);
        let turn = session.play_text("d3-d4").expect("legal");
        assert!(session.machine_to_move());
        let reply = session.game().position().legal_turns()[0];
        session.play(&reply).expect("legal");
        assert_eq!(session.undo(), Undone::Turns(vec![turn, reply]));
        assert!(session.game().turns().is_empty());
        session.play(&turn).expect("legal");
        session.resign(Side::White).expect("the game goes on");
        assert_eq!(
            session.undo(),
            Undone::Declaration(Outcome::Win {
                winner: Side::Black,
                reason: WinReason::Resignation
            })
        );
        assert_eq!(session.game().turns().len(), 1);

        let path = std::env::temp_dir().join(format!("family-broken-{}.txt", std::process::id()));
        std::fs::write(
            &path,
            "[Variant \"lau-kata-kati\"]\n\n1. d3-d4 d5xd3 2. a1-a2 *",
        )
        .expect("written");
        let fault = session.load(&path).expect("loaded up to the fault");
        assert!(fault.is_some_and(|f| f.to_string().starts_with("turn 2. `a1-a2`")));
        assert_eq!(session.game().turns().len(), 2);
        std::fs::remove_file(&path).expect("removed");
    }

    /// Issue 26's bug: a player with no pieces in Kharbaga was shown a
    /// Pass button to press for their own loss. The forced pass is played
    /// by itself, the end says why (F6, E1), and undo takes it back with
    /// the turn that forced it.
    #[test]
    fn f6_a_forced_pass_is_played_by_itself_and_the_end_says_why() {
        let kharbaga = Ruleset::find("kharbaga").expect("a ruleset");
        let start = Position::parse(kharbaga, "B:Wd4:Be5").expect("a position");
        let settings = Settings {
            opponent: Opponent::Human,
            position: Some(start),
            ..Settings::of(kharbaga)
        };
        let mut session = Session::new(settings);
        let capture = session.play_text("e5xc3").expect("legal");
        let texts: Vec<String> = session
            .game()
            .turns()
            .iter()
            .map(|t| t.text(kharbaga.board))
            .collect();
        assert_eq!(texts, ["e5xc3", "pass"]);
        let ending = session.game().ending().expect("over");
        assert_eq!(
            ending.to_string(),
            "Black wins: White has no pieces left (E1)"
        );
        assert_eq!(session.undo(), Undone::Turns(vec![capture, Turn::PASS]));
        assert_eq!(session.game().position(), &start);

        // Against the machine, the person's forced pass goes with the
        // machine's turn and the person's before it.
        let lone = Position::parse(kharbaga, "W:Wg5:Be5").expect("a position");
        let settings = Settings {
            opponent: Opponent::Machine(Strength::Easy),
            human: Side::White,
            position: Some(lone),
            ..Settings::of(kharbaga)
        };
        let mut session = Session::new(settings);
        let step = session.play_text("g5-f4").expect("legal");
        let take = session.play_text("e5xg3").expect("legal");
        assert!(
            session.game().ending().is_some(),
            "White's pass lost the game"
        );
        assert_eq!(session.undo(), Undone::Turns(vec![step, take, Turn::PASS]));
        assert_eq!(session.game().position(), &lone);
    }
}
