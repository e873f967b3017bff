//! Converting a lead: Hard, some men up from the start, against Medium,
//! under the project's draw rules or another program's turn cap. The games
//! Hard draws or loses while two or more pieces ahead are the ones it
//! failed to convert.

use alquerque_ai::{Player, Strength, TranspositionTable, Weights};
use peralikatuma_rules::{DrawRules, Game, Outcome, Position, Ruleset, Side};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

use super::{in_pairs, play_on};
use crate::tournament::Tally;

/// Each player's transposition table, in MiB.
const TABLE_MEGABYTES: usize = 16;

/// Games of Hard with a lead against Medium.
#[derive(Copy, Clone, Debug)]
pub struct Handicap {
    /// The game.
    pub ruleset: &'static Ruleset,
    /// Men taken from Medium's side at the start, at random.
    pub men: usize,
    /// Games (rounded up to even): pair `i` takes the same men (by
    /// `seed + i`) from each side in turn, Hard playing the other.
    pub games: u32,
    /// Hard's nodes a turn.
    pub nodes: u64,
    /// The first pair's seed.
    pub seed: u64,
    /// The draw rules the games are played under.
    pub draw_rules: DrawRules,
    /// Hard's evaluation weights, if not the game's own.
    pub weights: Option<Weights>,
}

/// What came of [`Handicap`]'s games, for Hard.
#[derive(Copy, Clone, Debug)]
pub struct Converted {
    /// Hard's results.
    pub tally: Tally,
    /// Games not won by Hard that ended with it two or more pieces ahead.
    pub unconverted: usize,
    /// Turns of the games Hard won, on average.
    pub turns_to_win: f64,
}

/// Plays `handicap`'s games in parallel; `done` is called as each ends.
///
/// ```
/// use peralikatuma::tune::{Handicap, handicap};
/// use peralikatuma_rules::{DrawRules, Ruleset};
///
/// let converted = handicap(
///     &Handicap {
///         ruleset: Ruleset::find("lau-kata-kati")?,
///         men: 3,
///         games: 2,
///         nodes: 1_000,
///         seed: 1,
///         draw_rules: DrawRules::TurnCap(200),
///         weights: None,
///     },
///     || {},
/// );
/// assert_eq!(converted.tally.games, 2);
/// # Ok::<(), peralikatuma_rules::UnknownRuleset>(())
/// ```
pub fn handicap(handicap: &Handicap, done: impl Fn() + Sync) -> Converted {
    let games = in_pairs(
        handicap.games,
        handicap.seed,
        |seed, hard| play(handicap, seed, hard),
        done,
    );
    let mut tally = Tally::default();
    let (mut unconverted, mut won_turns) = (0, 0);
    for (game, hard) in &games {
        let position = game.position();
        let lead = position.lead(*hard);
        let ending = game.ending();
        tally.add(ending, *hard);
        match ending.and_then(Outcome::winner) {
            Some(winner) if winner == *hard => won_turns += game.turns().len(),
            _ => unconverted += usize::from(lead >= 2),
        }
    }
    Converted {
        tally,
        unconverted,
        turns_to_win: won_turns as f64 / tally.wins.max(1) as f64,
    }
}

/// The start of `ruleset` with `men` of `weaker`'s men taken off, chosen
/// by `seed`.
fn start(ruleset: &'static Ruleset, men: usize, weaker: Side, seed: u64) -> Position {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut setup = Position::start(ruleset).setup();
    for _ in 0..men {
        let own = setup.men[weaker.index()];
        let count = own.count_ones();
        if count <= 1 {
            break;
        }
        let nth = rng.random_range(0..count);
        let point = (0..128).filter(|p| own & (1 << p) != 0).nth(nth as usize);
        if let Some(point) = point {
            setup.men[weaker.index()] &= !(1u128 << point);
        }
    }
    Position::from_setup(&setup).expect("a start with men taken off is a position")
}

/// One game of `handicap`: Hard plays `hard` against Medium with the
/// men of `seed` taken from Medium's side.
fn play(handicap: &Handicap, seed: u64, hard: Side) -> Game {
    let start = start(handicap.ruleset, handicap.men, hard.opposite(), seed);
    let mut game = Game::from_position(start);
    game.set_draw_rules(handicap.draw_rules);
    let table = TranspositionTable::new(TABLE_MEGABYTES);
    let mut strong = Player::with_table(Strength::Hard, seed, &table);
    strong.hard_nodes = Some(handicap.nodes);
    strong.set_weights(handicap.weights);
    let mut medium = Player::new(Strength::Medium, seed ^ 0x5eed);
    play_on(&mut game, |game| match game.side_to_move() == hard {
        true => strong.choose(game),
        false => medium.choose(game),
    });
    game
}
