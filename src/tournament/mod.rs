//! Matches between machine players: games played in parallel, each
//! colour half the time, replayable from their seeds, and the players'
//! ratings fitted across all pairings ([`ratings`]).

mod ratings;

use std::path::Path;
use std::time::Duration;

use alquerque_ai::{Player, Strength};
use peralikatuma_rules::{DrawReason, Outcome, Side};
use peralikatuma_rules::{GameError, Record, RecordError, Ruleset};

use crate::clock::TimeControl;
use crate::session::{Opponent, Session, Settings};

pub use ratings::{GameResult, Rating, ratings};

/// The pairings of the ladder: each strength against the one below it,
/// and the casual player against the two weakest levels and the random
/// mover, so that every player is linked to every other.
pub const LADDER: [(Strength, Strength); 7] = [
    (Strength::Casual, Strength::Random),
    (Strength::Casual, Strength::Beginner),
    (Strength::Casual, Strength::Easy),
    (Strength::Easy, Strength::Beginner),
    (Strength::Medium, Strength::Easy),
    (Strength::Hard, Strength::Medium),
    (Strength::Master, Strength::Hard),
];

/// A game longer than this is stopped and scored as a draw (and the tuning
/// tool takes no samples from it); the rules end every game long before
/// (E2, E4, or a turn cap), so this only guards against a bug.
pub const MAX_TURNS: usize = 5_000;

/// One game of a match, as the tournament plays it.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Fixture {
    /// The game.
    pub game: &'static Ruleset,
    /// The first player.
    pub first: Strength,
    /// The second player.
    pub second: Strength,
    /// Whether the first player has White.
    pub first_is_white: bool,
    /// The seed of both players' randomness (the second's is derived from
    /// it).
    pub seed: u64,
}

impl Fixture {
    /// The games of `first` against `second` in `game`: `games` of them
    /// (rounded up to even), in pairs with the same seed, one with each
    /// colour; pair `i` has the seed `seed + i`.
    pub fn match_games(
        game: &'static Ruleset,
        first: Strength,
        second: Strength,
        games: u32,
        seed: u64,
    ) -> impl Iterator<Item = Fixture> {
        (0..u64::from(games.div_ceil(2))).flat_map(move |i| {
            [true, false].map(|first_is_white| Fixture {
                game,
                first,
                second,
                first_is_white,
                seed: seed.wrapping_add(i),
            })
        })
    }

    /// Plays the game, Hard thinking `hard_time` a turn (Master three
    /// times as long), or, with a `clock`, every player thinking from its
    /// clock (rules.md T1) and losing when out of time (T2). Hard and
    /// Master use the endgame tables the frontends find
    /// ([`crate::tablebases`]) and the proof of the game's value
    /// ([`crate::solutions`]), read in full before the first turn.
    pub fn play(self, hard_time: Duration, clock: Option<TimeControl>) -> Played {
        Played::new(self, self.play_game(hard_time, clock))
    }

    /// The two players of the game, each thinking `hard_time` if Hard.
    fn players(&self, hard_time: Duration) -> [Player; 2] {
        let mut players = [
            Player::new(self.first, self.seed),
            Player::new(self.second, self.seed ^ 0x5eed),
        ];
        for player in &mut players {
            player.hard_time = hard_time;
        }
        players
    }

    /// The first player's side.
    fn first_side(&self) -> Side {
        match self.first_is_white {
            true => Side::White,
            false => Side::Black,
        }
    }

    /// Whether the first player is to move when `side` is.
    fn first_moves(&self, side: Side) -> bool {
        side == self.first_side()
    }

    /// The game played to its end between the two players, on a clock or
    /// not, as a record with the tournament's tags.
    fn play_game(&self, hard_time: Duration, clock: Option<TimeControl>) -> Record {
        let [mut first, mut second] = self.players(hard_time);
        let settings = Settings {
            opponent: Opponent::Human,
            clock,
            ..Settings::of(self.game)
        };
        let mut session = Session::new(settings);
        // Hard and Master play from the proof: it is read in full before
        // their first turn, not only for the games that begin after it was
        // read in the background.
        let tablebase = crate::tablebases::for_ruleset(self.game);
        let proof_used = [self.first, self.second]
            .iter()
            .any(|s| matches!(s, Strength::Hard | Strength::Master));
        let solution = match proof_used {
            true => crate::solutions::wait_for(self.game),
            false => None,
        };
        for player in [&mut first, &mut second] {
            player.set_tablebase(tablebase.clone());
            player.set_solution(solution.clone());
        }
        while session.game().ending().is_none() && session.game().turns().len() < MAX_TURNS {
            let player = if self.first_moves(session.game().side_to_move()) {
                &mut first
            } else {
                &mut second
            };
            let chosen = match session.machine_budget() {
                Some(budget) => player.choose_on_clock(session.game(), budget),
                None => player.choose(session.game()),
            };
            let Some(turn) = chosen else {
                break;
            };
            if let Err(error) = session.play(&turn) {
                if !matches!(error, GameError::Over(_)) {
                    break;
                }
            }
        }
        let on_clock = session.record();
        let mut record = Record::new(session.game().clone());
        for (tag, value) in self.tags(hard_time, clock) {
            record.set_tag(tag, &value);
        }
        if clock.is_some() {
            for (tag, value) in &on_clock.tags {
                if tag == "WhiteClock" || tag == "BlackClock" {
                    record.set_tag(tag, value);
                }
            }
        }
        record
    }

    /// The tags that say which game of which tournament a record holds:
    /// the players, the seed (`Event`) and the thinking time (`HardTime`,
    /// or the clock's `TimeControl`).
    fn tags(&self, hard_time: Duration, clock: Option<TimeControl>) -> [(&'static str, String); 4] {
        let (white, black) = if self.first_is_white {
            (self.first, self.second)
        } else {
            (self.second, self.first)
        };
        let time = match clock {
            Some(clock) => (TIME_CONTROL, clock.record_tag()),
            None => (HARD_TIME, format!("{}ms", hard_time.as_millis())),
        };
        [
            ("White", white.name().to_owned()),
            ("Black", black.name().to_owned()),
            ("Event", format!("tournament seed {}", self.seed)),
            time,
        ]
    }

    /// The name of the file the game's record is saved in: the game, the
    /// players, the seed and the first player's colour, as in
    /// `peralikatuma-hard-medium-5000-white.txt`.
    ///
    /// ```
    /// use alquerque_ai::Strength;
    /// use peralikatuma::tournament::Fixture;
    /// use peralikatuma_rules::Ruleset;
    ///
    /// let games: Vec<Fixture> =
    ///     Fixture::match_games(Ruleset::ALQUERQUE, Strength::Hard, Strength::Medium, 2, 7).collect();
    /// assert_eq!(games[0].file_name(), "alquerque-hard-medium-7-white.txt");
    /// assert_eq!(games[1].file_name(), "alquerque-hard-medium-7-black.txt");
    /// ```
    pub fn file_name(&self) -> String {
        let colour = if self.first_is_white {
            "white"
        } else {
            "black"
        };
        format!(
            "{}-{}-{}-{}-{colour}.txt",
            self.game.id, self.first, self.second, self.seed
        )
    }

    /// The game as saved earlier in `folder` ([`Fixture::file_name`]), if
    /// it was, so that an interrupted tournament goes on where it stopped.
    /// A saved game must be this fixture's, played with the same thinking
    /// time (`hard_time`, or the same `clock`), to the end.
    pub fn saved(
        self,
        folder: &Path,
        hard_time: Duration,
        clock: Option<TimeControl>,
    ) -> Result<Option<Played>, SavedError> {
        let path = folder.join(self.file_name());
        let text = match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(error) => return Err(SavedError::new(&path, error.to_string())),
        };
        let record: Record = text
            .parse()
            .map_err(|error: RecordError| SavedError::new(&path, error.to_string()))?;
        for (tag, value) in self.tags(hard_time, clock) {
            let found = record.tag(tag).unwrap_or("none");
            if found != value {
                return Err(SavedError::new(
                    &path,
                    format!("its {tag} is `{found}`, not `{value}` as in this tournament"),
                ));
            }
        }
        if record.game.ruleset() != self.game {
            return Err(SavedError::new(
                &path,
                "it is a game of another game".into(),
            ));
        }
        if record.game.ending().is_none() && record.game.turns().len() < MAX_TURNS {
            return Err(SavedError::new(&path, "the game in it is not over".into()));
        }
        Ok(Some(Played::new(self, record)))
    }
}

/// The record tag of Hard's thinking time a turn, in games without a clock.
const HARD_TIME: &str = "HardTime";

/// The record tag of the time control, in games on a clock.
const TIME_CONTROL: &str = "TimeControl";

/// A saved game that cannot be taken as played: the file, and what is
/// wrong with it.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("{path}: {reason}; move it away to play the game again")]
pub struct SavedError {
    /// The file.
    pub path: String,
    /// What is wrong with it.
    pub reason: String,
}

impl SavedError {
    fn new(path: &Path, reason: String) -> SavedError {
        SavedError {
            path: path.display().to_string(),
            reason,
        }
    }
}

/// A game played.
#[derive(Clone, Debug)]
pub struct Played {
    /// What was played.
    pub fixture: Fixture,
    /// The first player's points: 1 for a win, 0.5 for a draw, 0 for a
    /// loss.
    pub points: f64,
    /// Whether it was drawn by the sixty-turn rule (E4).
    pub sixty_turns: bool,
    /// Whether it was lost on time (T2).
    pub on_time: bool,
    /// The game, with the players' names and the seed in its tags.
    pub record: Record,
}

impl Played {
    /// The game of `fixture` recorded in `record`, scored.
    pub fn new(fixture: Fixture, record: Record) -> Played {
        let ending = record.game.ending();
        let points = match ending.and_then(Outcome::winner) {
            Some(Side::White) => f64::from(u8::from(fixture.first_is_white)),
            Some(Side::Black) => f64::from(u8::from(!fixture.first_is_white)),
            None => 0.5,
        };
        Played {
            fixture,
            points,
            sixty_turns: ending
                == Some(Outcome::Draw {
                    reason: DrawReason::SixtyTurns,
                }),
            on_time: ending.is_some_and(Outcome::is_on_time),
            record,
        }
    }
}

/// Wins, draws and losses of the first player in some games, and their
/// score with its 95% interval.
#[derive(Copy, Clone, PartialEq, Debug, Default)]
pub struct Tally {
    /// Games.
    pub games: usize,
    /// Wins of the first player.
    pub wins: usize,
    /// Draws.
    pub draws: usize,
    /// Draws by the sixty-turn rule (E4).
    pub sixty_turns: usize,
    /// Losses of the first player.
    pub losses: usize,
    /// Games lost on time (T2), by either player.
    pub on_time: usize,
}

impl Tally {
    /// The tally of `games`.
    ///
    /// ```
    /// use peralikatuma::tournament::Tally;
    /// let tally = Tally::of(std::iter::empty());
    /// assert_eq!(tally.games, 0);
    /// ```
    pub fn of<'a>(games: impl IntoIterator<Item = &'a Played>) -> Tally {
        let mut tally = Tally::default();
        for game in games {
            tally.add(game.record.game.ending(), game.fixture.first_side());
        }
        tally
    }

    /// Counts one more game, which ended in `outcome` (none if it was
    /// stopped: a draw), the first player having played `first`.
    ///
    /// ```
    /// use peralikatuma::tournament::Tally;
    /// use peralikatuma_rules::{DrawReason, Outcome, Side, WinReason};
    ///
    /// let mut tally = Tally::default();
    /// let sixty = Outcome::Draw { reason: DrawReason::SixtyTurns };
    /// tally.add(Some(sixty), Side::White);
    /// let win = Outcome::Win { winner: Side::Black, reason: WinReason::NoPieces };
    /// tally.add(Some(win), Side::Black);
    /// tally.add(None, Side::White);
    /// assert_eq!((tally.games, tally.wins, tally.draws, tally.losses), (3, 1, 2, 0));
    /// assert_eq!(tally.sixty_turns, 1);
    /// ```
    pub fn add(&mut self, outcome: Option<Outcome>, first: Side) {
        self.games += 1;
        self.on_time += usize::from(outcome.is_some_and(Outcome::is_on_time));
        match outcome.and_then(Outcome::winner) {
            Some(winner) if winner == first => self.wins += 1,
            Some(_) => self.losses += 1,
            None => {
                self.draws += 1;
                let sixty = Outcome::Draw {
                    reason: DrawReason::SixtyTurns,
                };
                self.sixty_turns += usize::from(outcome == Some(sixty));
            }
        }
    }

    /// The first player's score, from 0 to 1 (draws count half).
    pub fn score(&self) -> f64 {
        (self.wins as f64 + 0.5 * self.draws as f64) / self.games.max(1) as f64
    }

    /// The score's 95% interval, Wilson's (sound at 0% and 100% too).
    pub fn interval(&self) -> (f64, f64) {
        let n = self.games.max(1) as f64;
        let score = self.score();
        let z = 1.96_f64;
        let centre = (score + z * z / (2.0 * n)) / (1.0 + z * z / n);
        let half =
            z * (score * (1.0 - score) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
        (centre - half, centre + half)
    }

    /// One line: `+w =d -l, score s%, Elo e [low, high]`, with the wins
    /// outright as a share, the sixty-turn draws and any losses on time.
    pub fn line(&self) -> String {
        let (low, high) = self.interval();
        let on_time = match self.on_time {
            0 => String::new(),
            n => format!(", lost on time {n}"),
        };
        format!(
            "{} games, +{} ={} -{}, score {:.1}%, wins {:.1}%, Elo {} [{}, {}], sixty-turn draws {}{on_time}",
            self.games,
            self.wins,
            self.draws,
            self.losses,
            100.0 * self.score(),
            100.0 * self.wins as f64 / self.games.max(1) as f64,
            elo(self.score()),
            elo(low),
            elo(high),
            self.sixty_turns,
        )
    }
}

/// The Elo difference that expects `score`, as text (`+inf` at 100%).
///
/// ```
/// assert_eq!(peralikatuma::tournament::elo(0.5), "+0");
/// assert_eq!(peralikatuma::tournament::elo(1.0), "+inf");
/// ```
pub fn elo(score: f64) -> String {
    // Within rounding of 0% or 100% the difference is unbounded.
    if score >= 1.0 - 1e-9 {
        "+inf".into()
    } else if score <= 1e-9 {
        "-inf".into()
    } else {
        let difference = -400.0 * (1.0 / score - 1.0).log10();
        // Not `-0` for an even score.
        format!(
            "{:+.0}",
            if difference.abs() < 0.5 {
                0.0
            } else {
                difference
            }
        )
    }
}

/// The ratings table of `played` (games of one variant) as Markdown, the
/// players in the order of [`Strength::ALL`], relative to `anchor`.
pub fn ratings_table(played: &[Played], anchor: Strength) -> String {
    let index = |s: Strength| Strength::ALL.iter().position(|&a| a == s).unwrap_or(0);
    let scores: Vec<GameResult> = played
        .iter()
        .map(|g| GameResult {
            first: index(g.fixture.first),
            second: index(g.fixture.second),
            points: g.points,
        })
        .collect();
    let fitted = ratings(Strength::ALL.len(), &scores, index(anchor));
    let mut table =
        String::from("| player | Elo | 95% interval | games |\n| --- | --- | --- | --- |\n");
    for (n, strength) in Strength::ALL.into_iter().enumerate() {
        let games = played
            .iter()
            .filter(|g| g.fixture.first == strength || g.fixture.second == strength)
            .count();
        if games == 0 {
            continue;
        }
        let text = match fitted[n] {
            Some(r) if strength == anchor => format!("{:.0} | (anchor)", r.elo),
            Some(r) => format!("{:+.0} | [{:+.0}, {:+.0}]", r.elo, r.low, r.high),
            None => "- | (no games linking it to the anchor)".into(),
        };
        table.push_str(&format!("| {strength} | {text} | {games} |\n"));
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;
    use peralikatuma_rules::{Game, Ruleset};

    #[test]
    fn a_match_pairs_its_games_by_seed_one_with_each_colour() {
        let games: Vec<Fixture> = Fixture::match_games(
            Ruleset::ALQUERQUE,
            Strength::Casual,
            Strength::Random,
            5,
            40,
        )
        .collect();
        assert_eq!(games.len(), 6);
        for (n, pair) in games.chunks(2).enumerate() {
            assert_eq!([pair[0].seed, pair[1].seed], [40 + n as u64; 2]);
            assert!(pair[0].first_is_white && !pair[1].first_is_white);
        }
    }

    #[test]
    fn a_game_is_played_to_its_end_and_tallied_for_the_first_player() {
        let played: Vec<Played> =
            Fixture::match_games(Ruleset::ALQUERQUE, Strength::Casual, Strength::Random, 4, 1)
                .map(|f| f.play(Duration::from_millis(1), None))
                .collect();
        for game in &played {
            assert!(game.record.game.ending().is_some());
            let white = if game.fixture.first_is_white {
                "casual"
            } else {
                "random"
            };
            assert_eq!(game.record.tag("White"), Some(white));
        }
        let tally = Tally::of(&played);
        assert_eq!(tally.games, 4);
        assert_eq!(tally.wins + tally.draws + tally.losses, 4);
        let (low, high) = tally.interval();
        assert!(low <= tally.score() && tally.score() <= high);
        let table = ratings_table(&played, Strength::Casual);
        assert!(table.contains("| casual | 0 | (anchor) | 4 |"), "{table}");
        assert!(table.contains("| random |"), "{table}");
    }

    #[test]
    fn a_saved_game_is_read_back_as_played_and_only_by_its_own_tournament() {
        let folder = std::env::temp_dir().join(format!("tournament-saved-{}", std::process::id()));
        std::fs::create_dir_all(&folder).expect("a temporary folder");
        let time = Duration::from_millis(1);
        let mut games = Fixture::match_games(
            Ruleset::PERALIKATUMA,
            Strength::Casual,
            Strength::Random,
            2,
            9,
        );
        let (first, second) = (games.next().expect("a game"), games.next().expect("a game"));
        assert!(matches!(first.saved(&folder, time, None), Ok(None)));

        let played = first.play(time, None);
        let path = folder.join(first.file_name());
        std::fs::write(&path, played.record.to_string()).expect("saved");
        let read = first
            .saved(&folder, time, None)
            .expect("readable")
            .expect("found");
        assert_eq!(read.record, played.record);
        assert_eq!(read.points, played.points);
        assert_eq!(read.sixty_turns, played.sixty_turns);

        // Another thinking time, or the other colour's game, is not this one.
        let slower = first.saved(&folder, Duration::from_millis(2), None);
        let error = slower.expect_err("another thinking time");
        assert!(error.reason.contains("HardTime"), "{error}");
        let swapped = Fixture {
            first_is_white: false,
            ..first
        };
        std::fs::copy(&path, folder.join(second.file_name())).expect("copied");
        let error = swapped
            .saved(&folder, time, None)
            .expect_err("the other colour");
        assert!(error.reason.contains("White"), "{error}");

        // A game cut short is not taken as played.
        let mut unfinished = played.record.clone();
        let mut replay = Game::new(Ruleset::PERALIKATUMA);
        for turn in unfinished.game.turns().iter().take(3) {
            replay.play(turn).expect("a turn of the game");
        }
        unfinished.game = replay;
        std::fs::write(&path, unfinished.to_string()).expect("saved");
        let error = first.saved(&folder, time, None).expect_err("not over");
        assert!(error.to_string().contains("not over"), "{error}");

        std::fs::write(&path, "[Variant \"Chess\"]").expect("saved");
        assert!(first.saved(&folder, time, None).is_err());
        std::fs::remove_dir_all(&folder).expect("removed");
    }

    #[test]
    fn a_family_game_is_played_saved_and_read_back() {
        let folder = std::env::temp_dir().join(format!("tournament-family-{}", std::process::id()));
        std::fs::create_dir_all(&folder).expect("a temporary folder");
        let time = Duration::from_millis(1);
        let ruleset = Ruleset::find("lau-kata-kati").expect("a ruleset");
        for fixture in Fixture::match_games(ruleset, Strength::Casual, Strength::Random, 2, 3) {
            assert_eq!(
                fixture.file_name(),
                format!(
                    "lau-kata-kati-casual-random-3-{}.txt",
                    if fixture.first_is_white {
                        "white"
                    } else {
                        "black"
                    }
                )
            );
            let played = fixture.play(time, None);
            assert!(played.record.game.ending().is_some());
            assert!(
                played
                    .record
                    .to_string()
                    .starts_with("[Variant \"lau-kata-kati\"]")
            );
            std::fs::write(folder.join(fixture.file_name()), played.record.to_string())
                .expect("saved");
            let read = fixture
                .saved(&folder, time, None)
                .expect("readable")
                .expect("found");
            assert_eq!(read.record, played.record);
            assert_eq!(read.points, played.points);
        }
        std::fs::remove_dir_all(&folder).expect("removed");
    }

    #[test]
    fn a_family_game_on_a_clock_keeps_its_time_control() {
        let ruleset = Ruleset::find("dash-guti").expect("a ruleset");
        let clock: TimeControl = "0+20ms".parse().expect("a time control");
        let fixture = Fixture::match_games(ruleset, Strength::Casual, Strength::Random, 1, 5)
            .next()
            .expect("a game");
        let played = fixture.play(Duration::from_millis(1), Some(clock));
        assert!(played.record.game.ending().is_some());
        let text = played.record.to_string();
        let control = format!("[TimeControl \"{}\"]", clock.record_tag());
        assert!(text.contains(&control), "{text}");
        assert!(text.contains("[WhiteClock "), "{text}");
    }
}
