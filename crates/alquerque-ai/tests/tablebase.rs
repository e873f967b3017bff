//! The search with endgame tables plays covered positions perfectly: from
//! random positions of the tables, against the tables' own best defence,
//! it wins every won one within the sixty-turn rule (E4) and loses no
//! drawn one.

use std::sync::Arc;

use alquerque_ai::alquerque_tablebase::{Tablebase, Verdict};
use alquerque_ai::{Limits, Searcher};
use peralikatuma_rules::Ruleset;
use peralikatuma_rules::{Game, Position, Turn};
use rand::rngs::Xoshiro256PlusPlus;
use rand::{RngExt, SeedableRng};

/// A random legal position of the tables, not finished, with a random
/// counter of quiet turns.
fn random_position(tablebase: &Tablebase, rng: &mut Xoshiro256PlusPlus) -> Position {
    let tables: Vec<_> = tablebase.tables().collect();
    loop {
        let table = tables[rng.random_range(0..tables.len())];
        let index = rng.random_range(0..table.indexer().size());
        let mut setup = table.indexer().setup(index);
        setup.quiet_turns = rng.random_range(0..=50);
        if let Ok(position) = Position::from_setup(&setup)
            && position.outcome().is_none()
        {
            return position;
        }
    }
}

/// The tables' best defence in `game`'s position.
fn defence(tablebase: &Tablebase, game: &Game) -> Turn {
    let (turn, ..) = tablebase.best_turn(game.position()).expect("a defence");
    turn
}

/// Plays `games` won or drawn positions out, of which at least `draws`
/// drawn (Alquerque's few pieces are hardly ever drawn).
fn plays_out(variant: &'static Ruleset, pieces: usize, games: usize, draws: usize, seed: u64) {
    let tablebase = Arc::new(Tablebase::build(variant, pieces, &|_| {}).expect("small tables"));
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut searcher = Searcher::new(4);
    searcher.set_tablebase(Some(Arc::clone(&tablebase)));
    let mut tested = [0usize; 2];
    while tested.iter().sum::<usize>() < games {
        let position = random_position(&tablebase, &mut rng);
        let verdict = tablebase.probe(&position).expect("covered").verdict;
        if verdict == Verdict::Loss {
            continue;
        }
        tested[usize::from(verdict == Verdict::Draw)] += 1;
        let machine = position.side_to_move();
        let mut game = Game::from_position(position);
        while game.ending().is_none() {
            let turn = if game.position().side_to_move() == machine {
                searcher
                    .search(&game, Limits::depth(3), |_| {})
                    .best
                    .expect("a turn")
            } else {
                defence(&tablebase, &game)
            };
            game.play(&turn).expect("a legal turn");
        }
        let outcome = game.ending().expect("over");
        match verdict {
            Verdict::Win => assert_eq!(
                outcome.winner(),
                Some(machine),
                "{variant}: {position:?} is won, the machine got {outcome:?}"
            ),
            _ => assert_ne!(
                outcome.winner(),
                Some(machine.opposite()),
                "{variant}: {position:?} is drawn, the machine lost"
            ),
        }
    }
    assert!(tested[0] > games / 10 && tested[1] >= draws, "{tested:?}");
}

#[test]
#[cfg_attr(debug_assertions, ignore = "slow in debug builds: run with --release")]
fn peralikatuma_endings_are_played_perfectly() {
    plays_out(Ruleset::PERALIKATUMA, 3, 150, 30, 21);
}

#[test]
#[cfg_attr(debug_assertions, ignore = "slow in debug builds: run with --release")]
fn alquerque_endings_are_played_perfectly() {
    plays_out(Ruleset::ALQUERQUE, 3, 150, 2, 22);
}

#[test]
#[cfg_attr(debug_assertions, ignore = "slow in debug builds: run with --release")]
fn permainan_endings_are_played_perfectly() {
    plays_out(Ruleset::PERMAINAN, 3, 150, 30, 23);
}

/// A root the tables cover is answered from them with one line, however
/// many are asked for: the tables' turn.
#[test]
fn a_root_in_the_tables_gives_one_line() {
    let tablebase =
        Arc::new(Tablebase::build(Ruleset::ALQUERQUE, 2, &|_| {}).expect("small tables"));
    let position = Position::parse(Ruleset::ALQUERQUE, "W:Wc1:Be5").expect("a position");
    assert!(position.legal_turns().len() > 1);
    let (best, ..) = tablebase.best_turn(&position).expect("covered");
    let mut searcher = Searcher::new(1);
    searcher.set_tablebase(Some(tablebase));
    searcher.lines = 3;
    let mut reported = Vec::new();
    let result = searcher.search(&Game::from_position(position), Limits::depth(4), |p| {
        reported.push(p.lines.to_vec())
    });
    assert_eq!(result.best, Some(best));
    assert_eq!(result.lines.len(), 1);
    assert_eq!(
        (result.lines[0].score, &result.lines[0].pv),
        (result.score, &vec![best])
    );
    assert_eq!(reported, [result.lines]);
}

#[test]
#[cfg_attr(debug_assertions, ignore = "slow in debug builds: run with --release")]
fn lau_kata_kati_endings_are_played_perfectly() {
    let lau = Ruleset::find("lau-kata-kati").expect("a game");
    plays_out(lau, 4, 150, 30, 24);
}

/// A drawn root the tables cover is searched, for the turn that gives the
/// opponent the most chances to go wrong, but only among the turns that
/// keep the draw: here four of six (`c3-d4` and `e3-d4` lose).
#[test]
fn a_drawn_root_is_searched_among_the_turns_that_keep_the_draw() {
    let lau = Ruleset::find("lau-kata-kati").expect("a game");
    let tablebase = Arc::new(Tablebase::build(lau, 4, &|_| {}).expect("small tables"));
    let position = Position::parse(lau, "W:Wc3,e3:Bc5,e5").expect("a position");
    assert_eq!(
        tablebase.probe(&position).map(|p| p.verdict),
        Some(Verdict::Draw)
    );
    let keeps = |turn: &Turn| {
        tablebase
            .turn_value(&position, turn)
            .is_some_and(|(verdict, _)| verdict == Verdict::Draw)
    };
    let turns = position.legal_turns();
    assert_eq!(
        (turns.len(), turns.iter().filter(|t| keeps(t)).count()),
        (6, 4)
    );
    let mut searcher = Searcher::new(1);
    searcher.set_tablebase(Some(Arc::clone(&tablebase)));
    searcher.lines = 6;
    let result = searcher.search(&Game::from_position(position), Limits::depth(4), |_| {});
    assert_eq!(result.depth, 4, "searched, not answered from the tables");
    assert_eq!(result.lines.len(), 4);
    for line in &result.lines {
        assert!(keeps(&line.pv[0]), "{:?} loses the draw", line.pv[0]);
    }
}
