//! Integration tests of the searcher on hand-made positions of all three
//! games (position text of RULES.md N3, each game in its own point names).
//!
//! The claims about the positions (a win in three, every other turn losing
//! sooner, a turn that hangs a piece) were checked by exhaustive search
//! outside the project; the comments give the decisive lines.

#![allow(clippy::unwrap_used)]

use std::sync::mpsc;
use std::thread;
use std::time::Duration;

use alquerque_ai::{Limits, Player, Score, SearchResult, Searcher, Strength, TimeSource};
use peralikatuma_rules::{DrawReason, Outcome, Ruleset, Side, WinReason};
use peralikatuma_rules::{Game, Kind, Position, Turn};

const P: &Ruleset = Ruleset::PERALIKATUMA;
const A: &Ruleset = Ruleset::ALQUERQUE;
const M: &Ruleset = Ruleset::PERMAINAN;

/// A game of `variant` from the position `text` (N3).
fn game(variant: &'static Ruleset, text: &str) -> Game {
    Game::from_position(Position::parse(variant, text).unwrap())
}

/// The legal turns now, none once the game is over.
fn legal_turns(game: &Game) -> Vec<Turn> {
    if game.ending().is_some() {
        return Vec::new();
    }
    game.position().legal_turns().into_iter().collect()
}

/// Whether `turn` is a capture (written with `x`) rather than a step.
fn is_capture(turn: &Turn) -> bool {
    turn.kind() == Kind::Capture
}

/// `game` after `turns` (N2 notation).
fn game_after(variant: &'static Ruleset, text: &str, turns: &[&str]) -> Game {
    let mut game = game(variant, text);
    for turn in turns {
        game.play_text(turn).unwrap();
    }
    game
}

/// A search from a fresh searcher.
fn search(game: &Game, limits: Limits) -> SearchResult {
    Searcher::new(4).search(game, limits, |_| {})
}

/// `turn` in the notation of `variant` (N2).
fn notation(variant: &'static Ruleset, turn: &Turn) -> String {
    turn.text(variant.board)
}

/// The best turn of `result` in notation, checked to be legal in `game`.
fn best(game: &Game, result: &SearchResult) -> String {
    let turn = result
        .best
        .expect("a position with legal turns has a best turn");
    assert!(
        legal_turns(game).contains(&turn),
        "best turn {} is not legal in {}",
        notation(game.ruleset(), &turn),
        game.position()
    );
    notation(game.ruleset(), &turn)
}

/// Plays `pv` on a copy of `game`, checking that every turn is legal there.
fn replay(game: &Game, pv: &[Turn]) -> Game {
    let mut line = game.clone();
    for (i, turn) in pv.iter().enumerate() {
        assert!(
            legal_turns(&line).contains(turn),
            "turn {i} of the principal variation, {}, is not legal in {}",
            notation(game.ruleset(), turn),
            line.position()
        );
        line.play(turn).unwrap();
    }
    line
}

/// Material of the side to move minus the opponent's, after the best play
/// for `plies` turns by material alone (a side without pieces or turns
/// counts -100).
fn material(position: &Position, plies: u32) -> i32 {
    let us = position.side_to_move();
    let turns = position.legal_turns();
    if position.pieces(us) == 0 || turns.is_empty() {
        return -100;
    }
    if plies == 0 {
        return position.lead(us);
    }
    turns
        .iter()
        .map(|t| -material(&position.play_unchecked(t), plies - 1))
        .max()
        .unwrap()
}

// ---------------------------------------------------------------------------
// Forced wins, decisive scores, mate distance
// ---------------------------------------------------------------------------

/// Asserts that `text` is won for the side to move in exactly `plies` turns
/// with `expected` (one of them) as the first turn, and that playing the
/// principal variation wins the game.
fn assert_win(variant: &'static Ruleset, text: &str, plies: u32, expected: &[&str]) {
    let game = game(variant, text);
    let result = search(&game, Limits::depth(plies + 2));
    let turn = best(&game, &result);
    assert!(
        expected.contains(&turn.as_str()),
        "{text}: best {turn}, expected one of {expected:?}"
    );
    assert!(result.score.is_decisive(), "{text}: score {}", result.score);
    assert_eq!(
        result.score,
        Score::win_in(plies),
        "{text}: score {}",
        result.score
    );
    assert_eq!(result.score.plies_to_end(), Some(plies as i32));
    assert_eq!(result.score.to_string(), format!("win {plies}"));
    assert_eq!(
        result.pv.len(),
        plies as usize,
        "{text}: pv should reach the end"
    );
    let mover = game.position().side_to_move();
    let end = replay(&game, &result.pv);
    assert_eq!(
        end.ending().and_then(|o| o.winner()),
        Some(mover),
        "{text}: the principal variation does not win: {:?}",
        end.ending()
    );
}

/// Asserts that `text` is lost for the side to move, that the longest loss
/// takes `plies` turns and starts with `expected`, other turns losing sooner.
fn assert_longest_loss(variant: &'static Ruleset, text: &str, plies: u32, expected: &str) {
    let game = game(variant, text);
    let result = search(&game, Limits::depth(plies + 2));
    assert_eq!(best(&game, &result), expected, "{text}: the longer loss");
    assert_eq!(
        result.score,
        Score::loss_in(plies),
        "{text}: score {}",
        result.score
    );
    assert_eq!(result.score.plies_to_end(), Some(-(plies as i32)));
    assert_eq!(result.score.to_string(), format!("loss {plies}"));
    replay(&game, &result.pv);
}

#[test]
fn peralikatuma_capturing_the_last_pieces_wins_at_once() {
    // g7xg5xe3 takes both Black pieces; f3xf5 also wins, but later.
    assert_win(P, "W:Wg7,f3,a5:Bg6,f4", 1, &["g7xg5xe3"]);
    // The example of the crate's documentation.
    assert_win(P, "W:Wd4,a7:Be5", 1, &["d4xf6"]);
}

#[test]
fn peralikatuma_forced_wins_in_three() {
    // c4-c3: every Black reply loses the last pieces next turn (the line is
    // `c4-c3 f2xd2 c3xe3xc1`); no turn wins at once.
    assert_win(P, "W:We2,f7,c4:Bf2,d3", 3, &["c4-c3"]);
    // e6-e5: whatever Black does, White wins next turn, if need be with a
    // forfeit claim (the line is `e6-e5 d4-c5 !c5 e5xg3`).
    assert_win(P, "W:Wg7,e6,d7:Bf4,d4", 3, &["e6-e5"]);
}

#[test]
fn peralikatuma_blockade_wins_by_e1() {
    // e4-e3 leaves c1 without a legal turn (d2 and e1 cannot be jumped);
    // d2-e3 would win too, but only in three.
    let text = "W:Wd2,e4,e1,g1:Bc1";
    assert_win(P, text, 1, &["e4-e3"]);
    let mut after = game(P, text);
    after.play_text("e4-e3").unwrap();
    assert_eq!(
        after.ending(),
        Some(Outcome::Win {
            winner: Side::White,
            reason: WinReason::NoLegalTurn
        })
    );
}

#[test]
fn alquerque_forced_win_in_three_by_blockade() {
    // b1-c1 e2-d2 (e1 cannot move at all, A3) c1xe3, and e1 is stuck.
    let text = "W:Wb1,d3,e4:Be1,e2";
    assert_win(A, text, 3, &["b1-c1"]);
    let result = search(&game(A, text), Limits::depth(5));
    let end = replay(&game(A, text), &result.pv);
    assert_eq!(
        end.ending(),
        Some(Outcome::Win {
            winner: Side::White,
            reason: WinReason::NoLegalTurn
        })
    );
}

#[test]
fn alquerque_prefers_the_sooner_win() {
    // a1-a2, a1-b2, d3-c3, ... (listed first) win in three; d1-e1 and d1-d2
    // leave Black without a legal turn at once.
    assert_win(A, "W:Wa1,d1,d3:Bb1,c1", 1, &["d1-e1", "d1-d2"]);
    // e1xe3xc1 ends the game; d1xd3 and e1xc3 win only in three.
    assert_win(A, "W:Wc5,e1,d1:Bd2,e2", 1, &["e1xe3xc1"]);
}

#[test]
fn permainan_forced_wins_in_three() {
    // Men: the line is `c1-e1 a4xc4 e1xc3xc5`.
    assert_win(M, "W:Wd5,c1,b4:Bd2,a4", 3, &["c1-e1"]);
    // Flying kings: d8-b6 offers a piece, and the line is
    // `d8-b6 a5xc7 a9xd6xd4`.
    assert_win(M, "W:WKa9,Kd8,e7:Ba5,d5", 3, &["d8-b6"]);
}

#[test]
fn permainan_prefers_the_sooner_win() {
    // A man: a5xc5xe3 takes both; d3xd5 wins in three.
    assert_win(M, "W:Wa5,c7,d3:Bb5,d4", 1, &["a5xc5xe3"]);
    // A king: d4xa7xa4 takes both; d4xb6 wins in three, c2xc6.. in five.
    assert_win(M, "W:WKc2,a3,Kd4:Bc5,a5", 1, &["d4xa7xa4"]);
}

#[test]
fn a_lost_side_prefers_the_longer_loss() {
    // Every other Black turn (the capture d4xf2 too) loses in two.
    assert_longest_loss(P, "B:We3,h4,c1:Bd4,e1", 4, "e1-g1");
    // a4-b4 loses in two.
    assert_longest_loss(A, "B:Wb3,c2,c3:Bb1,a4", 4, "a4-a3");
    // d8-c7 loses in two.
    assert_longest_loss(M, "B:Wb8,c2,c6:Bc8,d8", 4, "c8-c7");
    // With kings: b3-c3 loses in two.
    assert_longest_loss(M, "B:WKd4,Ka3,c2:Bb3,e6", 4, "e6-d6");
}

#[test]
fn deeper_searches_keep_the_exact_distance() {
    // A win found at depth 3 is still a win in 3 (not a win in more, or a
    // plain big score) when the search is told to go deeper.
    let game = game(A, "W:Wb1,d3,e4:Be1,e2");
    let mut searcher = Searcher::new(4);
    for depth in 3..=8 {
        searcher.clear();
        let result = searcher.search(&game, Limits::depth(depth), |_| {});
        assert_eq!(result.score, Score::win_in(3), "depth {depth}");
        assert_eq!(best(&game, &result), "b1-c1");
    }
}

#[test]
fn decided_scores_stay_exact_with_a_table_full_of_them() {
    // The same searcher, its table kept, follows the winning line: the
    // distances it reports count from each new position.
    let mut game = game(A, "W:Wb1,d3,e4:Be1,e2");
    let mut searcher = Searcher::new(4);
    for (turn, score) in [
        ("b1-c1", Score::win_in(3)),
        ("e2-d2", Score::loss_in(2)),
        ("c1xe3", Score::win_in(1)),
    ] {
        let result = searcher.search(&game, Limits::depth(6), |_| {});
        assert_eq!(result.score, score, "before {turn}");
        if score > Score::DRAW {
            assert_eq!(best(&game, &result), turn);
        }
        game.play_text(turn).unwrap();
    }
    assert!(game.ending().is_some());
}

#[test]
fn no_legal_turn_at_the_root() {
    // Black, to move, has no legal turn (a1 is on its last rank, A3, and
    // cannot jump sideways over b1): the game is over and lost for Black.
    let over = game(A, "B:Wb1,c1,d5:Ba1");
    assert!(over.ending().is_some());
    let result = search(&over, Limits::depth(3));
    assert_eq!(result.best, None);
    assert!(result.pv.is_empty());
    assert_eq!(result.score, Score::loss_in(0));
    assert!(result.score.is_decisive());
    // A drawn game scores a draw.
    let drawn = game(P, "W:Wa3:Bi7:C60");
    assert!(drawn.ending().is_some_and(|o| o.winner().is_none()));
    let result = search(&drawn, Limits::depth(3));
    assert_eq!((result.best, result.score), (None, Score::DRAW));
}

/// Bug reproducer: a game set up with the side *not* to move without pieces
/// is won for the side to move (E1),
/// but the searcher scored it `loss_in(0)` (search.rs, the `turns.is_empty()`
/// branch of `Searcher::search`, assumed a finished game with a winner is
/// lost for the side to move). `Score::loss_in(0)` also printed as `win 0`,
/// because `plies_to_end` is `Some(0)` for both a win and a loss in 0.
///
/// A Zamma game that Black, without pieces, lost by passing (F6) is a
/// finished game won by the side to move too.
#[test]
fn a_root_won_by_the_side_to_move_is_not_a_loss() {
    for game in [
        game(P, "W:Wd5:B"),
        Game::from_position(
            Position::parse(Ruleset::find("zamma").unwrap(), "W:We5:B:P1").unwrap(),
        ),
    ] {
        assert_eq!(game.ending().and_then(|o| o.winner()), Some(Side::White));
        let result = search(&game, Limits::depth(3));
        assert_eq!((result.best, result.score), (None, Score::win_in(0)));
        assert_eq!(result.score.to_string(), "win 0");
    }
    assert_eq!(Score::loss_in(0).to_string(), "loss 0");
}

// ---------------------------------------------------------------------------
// Compulsory captures
// ---------------------------------------------------------------------------

/// Searches `game` with many small limits; every best turn must be legal,
/// and a capture whenever one exists where captures are compulsory.
fn assert_captures_when_compulsory(game: &Game) {
    let captures_exist = legal_turns(game).iter().any(is_capture);
    let mut limits: Vec<Limits> = (1..=4).map(Limits::depth).collect();
    limits.extend([1, 2, 3, 5, 10, 30, 100, 1000].map(Limits::nodes));
    for limit in limits {
        let result = search(game, limit);
        let turn = best(game, &result);
        if captures_exist && game.ruleset().compulsory {
            assert!(
                is_capture(&result.best.unwrap()),
                "{}: {turn} is not a capture ({limit:?})",
                game.position()
            );
        }
        replay(game, &result.pv);
    }
}

#[test]
fn alquerque_capture_is_compulsory_even_when_it_loses() {
    // b2xb4 is the only legal turn, and Black takes back more than it
    // gives; White's many steps are not allowed (A4).
    let game = game(A, "W:Wd2,b2,c3,e4,c2:Bb3,e5,a3,e2,d1");
    assert_eq!(legal_turns(&game).len(), 1);
    assert_captures_when_compulsory(&game);
    assert_eq!(best(&game, &search(&game, Limits::depth(4))), "b2xb4");
}

#[test]
fn permainan_capture_is_compulsory_even_when_it_loses() {
    // Both captures (d2xb4, b3xd3) lose material; they are the only legal
    // turns (M5).
    let game = game(M, "W:Wb3,b5,e5,d7,d2:Ba6,a5,e3,c9,c3");
    assert!(legal_turns(&game).iter().all(is_capture));
    assert_captures_when_compulsory(&game);
}

#[test]
fn games_played_by_the_searcher_capture_when_they_must() {
    // Thirty turns of each game from the start, the searcher playing both
    // sides at depth 2: in every position the turn chosen at several limits
    // is legal, and a capture where one is compulsory.
    for variant in Ruleset::RULE_BOOK {
        let mut game = Game::new(variant);
        let mut searcher = Searcher::new(4);
        for _ in 0..30 {
            if game.ending().is_some() {
                break;
            }
            assert_captures_when_compulsory(&game);
            let turn = searcher
                .search(&game, Limits::depth(2), |_| {})
                .best
                .unwrap();
            game.play(&turn).unwrap();
        }
    }
}

// ---------------------------------------------------------------------------
// Material
// ---------------------------------------------------------------------------

/// In a quiet position where most turns hang material (the opponent takes
/// and the side to move cannot take back as much), the searcher at depth 3
/// and deeper picks one of the turns that keep the material balance over
/// three turns, `safe` (all of them, checked here by a material-only search).
fn assert_keeps_material(variant: &'static Ruleset, text: &str, safe: &[&str]) {
    let game = game(variant, text);
    let position = game.position();
    let turns = legal_turns(&game);
    assert!(turns.iter().all(|t| !is_capture(t)), "{text} is not quiet");
    let now = material(position, 0);
    let keeping: Vec<String> = turns
        .iter()
        .filter(|t| -material(&position.play_unchecked(t), 2) >= now)
        .map(|t| notation(variant, t))
        .collect();
    assert_eq!(keeping, safe, "{text}: the turns that keep material");
    assert!(
        safe.len() * 2 < turns.len(),
        "{text}: most turns should hang material"
    );
    for depth in 3..=5 {
        let result = search(&game, Limits::depth(depth));
        let turn = best(&game, &result);
        assert!(
            safe.contains(&turn.as_str()),
            "{text}: {turn} at depth {depth} hangs material"
        );
    }
}

#[test]
fn peralikatuma_does_not_hang_pieces() {
    // Eight of thirteen turns lose material: any c5 step (c3 or a3 jumps),
    // d5-d4, g6-f6. (g6-g5 and g6-g7 lose a piece too, but only later.)
    assert_keeps_material(
        P,
        "W:Wc5,d5,g6,b4:Ba3,i3,c3,e7",
        &["b4-b5", "d5-e5", "d5-d6", "g6-g5", "g6-g7"],
    );
}

#[test]
fn alquerque_does_not_hang_pieces() {
    // c1-b1, c1-b2, c1-c2, d2-e2 and d2-d3 lose material.
    assert_keeps_material(
        A,
        "W:We5,c1,d2,d1:Be4,b5,e3,a4",
        &["d1-e1", "d2-c2", "d2-c3"],
    );
}

#[test]
fn permainan_does_not_hang_pieces() {
    // Eight of ten turns lose material; only a4-b4 and d5-e5 keep it.
    assert_keeps_material(M, "W:Wd5,c3,a4,d3:Ba6,c6,e3,e7", &["a4-b4", "d5-e5"]);
}

// ---------------------------------------------------------------------------
// Repetition (E2) and the sixty-turn rule (E4)
// ---------------------------------------------------------------------------

/// A game in which two pieces went back and forth twice: its current
/// position, with `mover` to move, can go back to the start position for
/// the third time with `repeating`.
fn shuffled(variant: &'static Ruleset, text: &str, cycle: [&str; 4], repeating: &str) -> Game {
    let [a, b, c, d] = cycle;
    let game = game_after(variant, text, &[a, b, c, d, a, b, c]);
    assert_eq!(game.ending(), None);
    let mut drawn = game.clone();
    drawn.play_text(repeating).unwrap();
    assert_eq!(
        drawn.ending(),
        Some(Outcome::Draw {
            reason: DrawReason::Repetition
        }),
        "{repeating} should repeat the start a third time"
    );
    game
}

#[test]
fn peralikatuma_repetition_a_side_ahead_avoids_it() {
    // Black, three pieces to one, must not play e8-e9 (the start for the
    // third time).
    let game = shuffled(
        P,
        "W:Wa3:Bc9,e9,g9",
        ["a3-a5", "e9-e8", "a5-a3", "e8-e9"],
        "e8-e9",
    );
    for depth in 1..=5 {
        let result = search(&game, Limits::depth(depth));
        assert_ne!(best(&game, &result), "e8-e9", "depth {depth}");
        assert!(result.score.0 > 100, "depth {depth}: {}", result.score);
    }
}

#[test]
fn peralikatuma_repetition_a_side_behind_steers_into_it() {
    // Black, one piece to three, draws with a5-a7 (the start for the third
    // time); any other turn keeps a lost game going.
    let text = "W:Wc1,e1,g1:Ba7";
    let cycle = ["e1-e2", "a7-a5", "e2-e1", "a5-a7"];
    let game = shuffled(P, text, cycle, "a5-a7");
    for depth in 1..=5 {
        let result = search(&game, Limits::depth(depth));
        assert_eq!(best(&game, &result), "a5-a7", "depth {depth}");
        assert_eq!(result.score, Score::DRAW, "depth {depth}");
    }
    // The same position without its history is no draw.
    let fresh = Game::from_position(*game.position());
    let result = search(&fresh, Limits::depth(4));
    assert!(result.score.0 < -100, "without history: {}", result.score);
}

#[test]
fn permainan_repetition_with_kings() {
    let cycle = ["a1-c1", "e9-c9", "c1-a1", "c9-e9"];
    // Black ahead (a king and two men against a king and a man) avoids
    // c9-e9.
    let ahead = shuffled(M, "W:WKa1,b2:BKe9,d8,c8", cycle, "c9-e9");
    // Black behind (a king against a king and two men) plays it.
    let behind = shuffled(M, "W:WKa1,a3,b3:BKe9", cycle, "c9-e9");
    for depth in 1..=4 {
        let result = search(&ahead, Limits::depth(depth));
        assert_ne!(best(&ahead, &result), "c9-e9", "depth {depth}");
        assert!(
            result.score > Score::DRAW,
            "depth {depth}: {}",
            result.score
        );
        let result = search(&behind, Limits::depth(depth));
        assert_eq!(best(&behind, &result), "c9-e9", "depth {depth}");
        assert_eq!(result.score, Score::DRAW, "depth {depth}");
    }
}

#[test]
fn peralikatuma_sixty_turns_a_side_ahead_captures_to_reset_the_counter() {
    // d7xf7 lets e6xe4xc4 take two back; a quiet turn such as d4-e4 is
    // better (Black claims d7, then e5xc7 wins a piece). But with 59 quiet
    // turns behind it every quiet turn draws (E4), and the capture keeps the
    // game, and White's lead, alive.
    let text = "W:Wd7,e5,h4,d4:Be6,e7";
    let calm = game(P, text);
    let result = search(&calm, Limits::depth(4));
    best(&calm, &result);
    assert!(
        !is_capture(&result.best.unwrap()),
        "C0: {}",
        notation(P, &result.best.unwrap())
    );
    assert!(result.score.0 > 150, "C0: {}", result.score);

    let late = game(P, &format!("{text}:C59"));
    for depth in 1..=4 {
        let result = search(&late, Limits::depth(depth));
        assert_eq!(best(&late, &result), "d7xf7", "C59, depth {depth}");
        assert!(
            result.score.0 > 50 && !result.score.is_decisive(),
            "C59: {}",
            result.score
        );
    }
}

#[test]
fn sixty_turns_every_quiet_turn_draws() {
    for (variant, text) in [
        (P, "W:Wa3,c1,e1:Bi7"),
        (A, "W:Wa1,b1,c1:Be5"),
        (M, "W:WKa1,a3,b3:BKe9"),
    ] {
        // Far ahead, nothing to capture.
        let calm = game(variant, text);
        assert!(legal_turns(&calm).iter().all(|t| !is_capture(t)));
        let result = search(&calm, Limits::depth(3));
        assert!(result.score.0 > 100, "{text}: {}", result.score);
        // With 59 quiet turns played, any turn ends the game drawn.
        let late = game(variant, &format!("{text}:C59"));
        for depth in 1..=3 {
            let result = search(&late, Limits::depth(depth));
            best(&late, &result);
            assert_eq!(result.score, Score::DRAW, "{text}:C59 depth {depth}");
        }
        // With 58, the draw comes after Black's reply: still a draw.
        let result = search(&game(variant, &format!("{text}:C58")), Limits::depth(4));
        assert_eq!(result.score, Score::DRAW, "{text}:C58");
    }
}

#[test]
fn the_game_history_counts_for_the_sixty_turn_rule() {
    // 58 quiet turns in the text, one more played: the game's counter is at
    // 59 and the side to move, far ahead, can only draw.
    let game = game_after(P, "B:Wa3,c1,e1:Bi7:C58", &["i7-i5"]);
    assert_eq!(game.position().quiet_turns(), 59);
    let result = search(&game, Limits::depth(3));
    assert_eq!(result.score, Score::DRAW);
}

// ---------------------------------------------------------------------------
// Determinism, limits, stopping
// ---------------------------------------------------------------------------

/// Positions of each game: the starts and later positions.
const POSITIONS: [(&Ruleset, &str); 7] = [
    (
        P,
        "W:Wc1,e1,g1,d2,e2,f2,a3,c3,d3,e3,f3,g3,b4,c4,d4,e4,f4,g4,a5,b5,c5,b6,a7:Bi3,h4,g5,h5,i5,c6,d6,e6,f6,g6,h6,c7,d7,e7,f7,g7,i7,d8,e8,f8,c9,e9,g9",
    ),
    (
        P,
        "B:Wc1,e1,g1,d2,e2,f2,a3,c3,d3,f3,g3,c4,e4,f4,g4,a5,d5,e5,d6:Bi3,b4,h4,h5,i5,c6,f6,g6,h6,c7,d7,e7,f7,g7,i7,d8,e8,c9,e9,g9:Fa3,d6",
    ),
    (P, "B:Wc1,e1,g1,e3,f3,d4,e4,a5:Bh4,h5,i5,f6,h6,d7,g7,f8,e9"),
    (
        A,
        "W:Wa1,b1,c1,d1,e1,a2,b2,c2,d2,e2,d3,e3:Ba3,b3,a4,b4,c4,d4,e4,a5,b5,c5,d5,e5",
    ),
    (A, "W:Wc1,b2,e2,e5:Ba4,b4,d4:Rc1-b1,b2-c2"),
    (
        M,
        "W:Wa1,c1,e1,b2,c2,d2,a3,b3,c3,d3,e3,a4,b4,c4,d4,e4:Ba6,b6,c6,d6,e6,a7,b7,c7,d7,e7,b8,c8,d8,a9,c9,e9",
    ),
    (M, "W:Wa1,c1,e1,b2,c2,d2,e4,d5,Ka9:Bb7,d8,e9"),
];

/// What must be equal between two reproducible searches.
fn signature(result: &SearchResult) -> (Option<Turn>, Score, u32, u64, Vec<Turn>) {
    (
        result.best,
        result.score,
        result.depth,
        result.nodes,
        result.pv.clone(),
    )
}

#[test]
fn fixed_depth_and_node_searches_are_reproducible() {
    let mut used = Searcher::new(4);
    for (variant, text) in POSITIONS {
        let game = game(variant, text);
        let depth = if variant == P { 5 } else { 6 };
        for limits in [Limits::depth(depth), Limits::nodes(3000)] {
            let first = Searcher::new(4).search(&game, limits, |_| {});
            // A searcher that searched something else, then forgot it.
            used.search(&Game::new(variant), Limits::depth(3), |_| {});
            used.clear();
            let second = used.search(&game, limits, |_| {});
            assert_eq!(signature(&first), signature(&second), "{text} {limits:?}");
            best(&game, &first);
            // The progress reports are reproducible too.
            let mut reports = Vec::new();
            used.clear();
            used.search(&game, limits, |p| {
                reports.push((p.depth, p.score, p.nodes, p.pv.to_vec()))
            });
            let mut again = Vec::new();
            used.clear();
            used.search(&game, limits, |p| {
                again.push((p.depth, p.score, p.nodes, p.pv.to_vec()))
            });
            assert_eq!(reports, again, "{text} {limits:?}");
            assert!(!reports.is_empty());
        }
    }
}

#[test]
fn node_limits_are_respected() {
    for (variant, text) in POSITIONS {
        let game = game(variant, text);
        for limit in [1, 2, 7, 100, 1000, 5000] {
            let result = search(&game, Limits::nodes(limit));
            assert!(
                result.nodes <= limit + 4,
                "{text}: {} nodes for a limit of {limit}",
                result.nodes
            );
            best(&game, &result);
            replay(&game, &result.pv);
        }
    }
}

#[test]
fn depth_limits_are_reached_exactly() {
    for (variant, text) in POSITIONS {
        let game = game(variant, text);
        let mut depths = Vec::new();
        let result = Searcher::new(4).search(&game, Limits::depth(4), |p| depths.push(p.depth));
        assert_eq!(result.depth, 4, "{text}");
        assert_eq!(depths, [1, 2, 3, 4], "{text}");
        assert!(result.pv.len() <= 4);
    }
}

#[test]
fn stop_from_another_thread() {
    for variant in Ruleset::RULE_BOOK {
        let game = Game::new(variant);
        let mut searcher = Searcher::new(4);
        let stop = searcher.stop_handle();
        // The other thread raises the flag once the second iteration is
        // done; without the flag the search would never end.
        let (deeper, deep_enough) = mpsc::channel();
        let stopper = thread::spawn(move || {
            deep_enough.recv().unwrap();
            stop.stop();
        });
        let result = searcher.search(&game, Limits::default(), |p| {
            if p.depth == 2 {
                deeper.send(()).unwrap();
            }
        });
        stopper.join().unwrap();
        assert!(result.cut_short, "{variant}: stopped in an iteration");
        assert!(result.depth >= 2);
        best(&game, &result);
        replay(&game, &result.pv);
        // The searcher can search again afterwards, to its limit.
        let again = searcher.search(&game, Limits::depth(2), |_| {});
        assert_eq!(again.depth, 2);
    }
}

#[test]
fn a_stop_is_seen_within_a_thousand_nodes() {
    for variant in Ruleset::RULE_BOOK {
        let game = Game::new(variant);
        let mut searcher = Searcher::new(4);
        let stop = searcher.stop_handle();
        let mut raised_at = 0;
        let result = searcher.search(&game, Limits::default(), |p| {
            if p.depth == 4 {
                raised_at = p.nodes;
                stop.stop();
            }
        });
        assert!(result.depth >= 4, "{variant}: depth {}", result.depth);
        // The flag is read every 1,024 nodes; unwinding counts a few more.
        let after = result.nodes - raised_at;
        assert!(
            after <= 1024 + 256,
            "{variant}: {after} nodes after the stop"
        );
    }
}

#[test]
fn time_limits_are_kept() {
    // A stepping time source: every reading of the time (one every 1,024
    // nodes, and one an iteration) counts a millisecond, so the limit is
    // kept or not whatever the machine is doing.
    let step = Duration::from_millis(1);
    let limit = Duration::from_millis(100);
    for (variant, text) in POSITIONS {
        let game = game(variant, text);
        let mut searcher = Searcher::new(4);
        searcher.set_time_source(TimeSource::stepping(step));
        let result = searcher.search(&game, Limits::time(limit), |_| {});
        let readings = u64::try_from(limit.as_millis()).unwrap() + 4;
        assert!(result.time <= limit + 4 * step, "{text}: {:?}", result.time);
        assert!(
            result.nodes <= readings * 1024,
            "{text}: {} nodes",
            result.nodes
        );
        assert!(result.depth >= 1);
        best(&game, &result);
        replay(&game, &result.pv);
        // Cut short, the search ran to the limit; else it stopped after
        // an iteration once another would likely overrun the limit.
        if result.cut_short {
            assert!(result.time >= limit, "{text}: {:?}", result.time);
        } else {
            assert!(result.time * 3 > limit, "{text}: {:?}", result.time);
        }
    }
}

#[test]
fn principal_variations_are_legal_lines() {
    let mut positions: Vec<Game> = POSITIONS.iter().map(|&(v, t)| game(v, t)).collect();
    // Lines with forfeit claims and flying kings.
    positions.push(game(P, "W:Wg7,e6,d7:Bf4,d4"));
    positions.push(game(P, "W:Wd7,e5,h4,d4:Be6,e7"));
    positions.push(game(M, "W:WKa9,Kd8,e7:Ba5,d5"));
    for game in positions {
        let depth = if game.ruleset() == P { 5 } else { 6 };
        let mut lines = Vec::new();
        let result =
            Searcher::new(4).search(&game, Limits::depth(depth), |p| lines.push(p.pv.to_vec()));
        assert!(!result.pv.is_empty(), "{}", game.position());
        assert_eq!(result.pv.first(), result.best.as_ref());
        assert!(result.pv.len() <= depth as usize);
        replay(&game, &result.pv);
        for line in lines {
            replay(&game, &line);
        }
    }
}

#[test]
fn two_threads_find_the_same_forced_wins_and_stop_when_told() {
    for (variant, text, plies) in [(P, "W:We2,f7,c4:Bf2,d3", 3), (P, "W:Wg7,e6,d7:Bf4,d4", 3)] {
        let game = game(variant, text);
        let mut searcher = Searcher::new(4);
        searcher.threads = 2;
        let result = searcher.search(&game, Limits::depth(plies + 2), |_| {});
        assert_eq!(result.score, Score::win_in(plies), "{text}");
        let mover = game.position().side_to_move();
        let end = replay(&game, &result.pv);
        assert_eq!(end.ending().and_then(|o| o.winner()), Some(mover), "{text}");
    }
    // Stopped from outside, the helper stops too, and the searcher is
    // ready for the next search.
    let mut searcher = Searcher::new(4);
    searcher.threads = 2;
    let stop = searcher.stop_handle();
    let game = Game::new(P);
    let thinking = thread::spawn(move || {
        let result = searcher.search(&game, Limits::default(), |_| {});
        (searcher, result)
    });
    thread::sleep(Duration::from_millis(50));
    stop.stop();
    let (mut searcher, result) = thinking.join().unwrap();
    assert!(result.cut_short && result.best.is_some());
    let again = searcher.search(&Game::new(P), Limits::depth(3), |_| {});
    assert_eq!(again.depth, 3);
}

// ---------------------------------------------------------------------------
// Several best lines (multi-PV)
// ---------------------------------------------------------------------------

/// A search for `lines` best lines from a fresh searcher.
fn search_lines(game: &Game, limits: Limits, lines: usize) -> SearchResult {
    let mut searcher = Searcher::new(4);
    searcher.lines = lines;
    searcher.search(game, limits, |_| {})
}

/// Checks the lines of `result`: `expected` of them, the first being the
/// result's score and principal variation, first turns distinct, every
/// line legal, scores not rising.
fn check_lines(game: &Game, result: &SearchResult, expected: usize) {
    let text = game.position().to_string();
    assert_eq!(result.lines.len(), expected, "{text}");
    assert_eq!(result.lines[0].score, result.score, "{text}");
    assert_eq!(result.lines[0].pv, result.pv, "{text}");
    let firsts: Vec<Turn> = result.lines.iter().map(|l| l.pv[0]).collect();
    for (k, first) in firsts.iter().enumerate() {
        assert!(!firsts[..k].contains(first), "{text}: {firsts:?}");
    }
    for line in &result.lines {
        replay(game, &line.pv);
    }
    assert!(
        result.lines.windows(2).all(|w| w[0].score >= w[1].score),
        "{text}: {:?}",
        result.lines
    );
}

#[test]
fn three_lines_are_distinct_legal_and_best_first() {
    let zamma = Ruleset::find("zamma").unwrap();
    let games = POSITIONS
        .iter()
        .map(|&(variant, text)| game(variant, text))
        .chain([Game::new(zamma)]);
    for game in games {
        let expected = legal_turns(&game).len().min(3);
        let mut reports = Vec::new();
        let mut searcher = Searcher::new(4);
        searcher.lines = 3;
        let result = searcher.search(&game, Limits::depth(4), |p| {
            assert_eq!(p.lines.len(), expected);
            assert_eq!((p.lines[0].score, &p.lines[0].pv[..]), (p.score, p.pv));
            reports.push(p.lines.to_vec());
        });
        assert_eq!(result.depth, 4);
        check_lines(&game, &result, expected);
        // The last report is the result's.
        assert_eq!(reports.len(), 4);
        assert_eq!(reports.last(), Some(&result.lines));
        // Line 1 is what a search for one line finds, from a cleared
        // searcher, at the same depth.
        let one = search(&game, Limits::depth(4));
        assert_eq!(
            (one.best, one.score),
            (result.best, result.score),
            "{}",
            game.position()
        );
        assert_eq!(
            one.lines,
            [alquerque_ai::Line {
                score: one.score,
                pv: one.pv.clone()
            }]
        );
    }
}

/// At depth 2 (no reduction anywhere) each line's score is the exact
/// value of its first turn, and the lines are the turns of the highest
/// values: each turn's value is that of a search of the position after
/// it, one ply less deep.
#[test]
fn lines_are_the_turns_of_the_highest_values() {
    for (variant, text) in POSITIONS {
        let game = game(variant, text);
        let result = search_lines(&game, Limits::depth(2), 3);
        let mut values: Vec<Score> = legal_turns(&game)
            .iter()
            .map(|turn| {
                let mut after = game.clone();
                after.play(turn).unwrap();
                -search(&after, Limits::depth(1)).score
            })
            .collect();
        for line in &result.lines {
            let mut after = game.clone();
            after.play(&line.pv[0]).unwrap();
            let value = -search(&after, Limits::depth(1)).score;
            assert_eq!(
                line.score,
                value,
                "{text}: {}",
                notation(variant, &line.pv[0])
            );
        }
        values.sort_unstable_by(|a, b| b.cmp(a));
        let scores: Vec<Score> = result.lines.iter().map(|l| l.score).collect();
        assert_eq!(scores, values[..3], "{text}");
    }
}

#[test]
fn fewer_lines_than_asked_when_the_root_has_fewer_turns() {
    // Captures are compulsory (A4): White's man on c1 has two (c1xc3xa1,
    // c1xa3), then one (c1xc3).
    for (text, turns) in [("W:Wc1:Bc2,b2,e5", 2), ("W:Wc1:Bc2,e5", 1)] {
        let game = game(A, text);
        assert_eq!(legal_turns(&game).len(), turns, "{text}");
        let result = search_lines(&game, Limits::depth(5), 16);
        check_lines(&game, &result, turns);
    }
    // No legal turn: no line.
    let over = game(A, "B:Wb1,c1,d5:Ba1");
    let result = search_lines(&over, Limits::depth(3), 3);
    assert!(result.lines.is_empty());
}

#[test]
fn zero_lines_count_as_one() {
    for (variant, text) in POSITIONS {
        let game = game(variant, text);
        let zero = search_lines(&game, Limits::depth(4), 0);
        let one = search_lines(&game, Limits::depth(4), 1);
        assert_eq!(signature(&zero), signature(&one), "{text}");
        assert_eq!(zero.lines, one.lines, "{text}");
        assert_eq!(one.lines.len(), 1, "{text}");
    }
}

/// A search stopped by its node limit keeps the lines of its last
/// completed iteration, and is reproducible.
#[test]
fn a_stopped_search_keeps_the_lines_of_its_last_iteration() {
    for (variant, text) in POSITIONS {
        let game = game(variant, text);
        for limit in [1, 50, 3000] {
            let mut searcher = Searcher::new(4);
            searcher.lines = 3;
            let mut reports = Vec::new();
            let result = searcher.search(&game, Limits::nodes(limit), |p| {
                reports.push((p.depth, p.lines.to_vec()));
            });
            assert!(result.cut_short, "{text} {limit}");
            assert_eq!(
                reports.last(),
                Some(&(result.depth, result.lines.clone())),
                "{text} {limit}"
            );
            // At least the first line, whole; three once depth 1 is done.
            assert!(!result.lines.is_empty() && result.lines.iter().all(|l| !l.pv.is_empty()));
            if result.depth > 1 {
                check_lines(&game, &result, 3);
            }
            assert_eq!(result.lines[0].pv.first(), result.best.as_ref());
            let again = search_lines(&game, Limits::nodes(limit), 3);
            assert_eq!(again.lines, result.lines, "{text} {limit}");
        }
    }
}

/// Regression (issue 29): Hard, four men against a lone man in Sixteen
/// Soldiers, hunts it down before the sixty-turn rule (E4) draws the game.
/// Medium defends; Hard searches 2,000 nodes a turn. Without the hunt
/// (`HUNT_PER_STEP` 0) these three positions were drawn, with it won in
/// 13 to 41 turns.
#[test]
fn hard_hunts_a_lone_man_down_before_the_sixty_turns() {
    let soldiers = Ruleset::find("sixteen-soldiers").unwrap();
    for text in [
        "W:We1,b2,c3,c5:Be9",
        "W:Wc3,c5,d6,b7:Bc1",
        "W:Wd5,b7,c8,d8:Ba4",
    ] {
        let mut game = game(soldiers, text);
        let mut hard = Player::new(Strength::Hard, 1);
        hard.hard_nodes = Some(2_000);
        let mut medium = Player::new(Strength::Medium, 2);
        while game.ending().is_none() {
            let player = match game.side_to_move() {
                Side::White => &mut hard,
                Side::Black => &mut medium,
            };
            let turn = player.choose(&game).unwrap();
            game.play(&turn).unwrap();
        }
        let won = Outcome::Win {
            winner: Side::White,
            reason: WinReason::NoPieces,
        };
        assert_eq!(game.ending(), Some(won), "{text}: {}", game.position());
    }
}
