//! Section F of the rule document: the family's other games, one test per
//! rule on positions made for it (checked against Ludii where the name
//! says so).
#![allow(clippy::unwrap_used)]

use peralikatuma_rules::{DrawReason, Outcome, Side, WinReason};
use peralikatuma_rules::{Game, Position, Ruleset};

fn position(id: &str, text: &str) -> Position {
    Position::parse(Ruleset::find(id).unwrap(), text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn turns(position: &Position) -> Vec<String> {
    let mut texts: Vec<String> = position
        .legal_turns()
        .iter()
        .map(|t| t.text(position.board()))
        .collect();
    texts.sort();
    texts
}

#[test]
fn f1_a_capture_removes_the_piece_at_once_so_a_chain_may_end_where_it_began() {
    // Murray's optional chain round a square of four pieces: every prefix
    // is a turn, both ways round, and the full loop ends on c3 (Ludii).
    let loop_ = position("alquerque-murray", "W:Wc3:Bc4,d5,e4,d3");
    let captures: Vec<String> = turns(&loop_)
        .into_iter()
        .filter(|t| t.contains('x'))
        .collect();
    assert_eq!(
        captures,
        [
            "c3xc5",
            "c3xc5xe5",
            "c3xc5xe5xe3",
            "c3xc5xe5xe3xc3",
            "c3xe3",
            "c3xe3xe5",
            "c3xe3xe5xc5",
            "c3xe3xe5xc5xc3",
        ]
    );
}

#[test]
fn f2_covarrubias_takes_a_second_capture_when_it_can_and_never_a_third() {
    // a1xa3xa5 must go on once, and stops though a5xc5 is there (Ludii).
    let start = position("alquerque-covarrubias", "W:Wa1:Ba2,a4,b5,e5");
    let captures: Vec<String> = turns(&start)
        .into_iter()
        .filter(|t| t.contains('x'))
        .collect();
    assert_eq!(captures, ["a1xa3xa5"]);
}

#[test]
fn f3_a_king_captures_from_afar_and_lands_on_any_empty_point_beyond() {
    // Kharbaga: a king on c1 against g1 and g5 (Ludii lists these captures).
    let king = position("kharbaga", "W:WKc1:Bg1,g5");
    let captures: Vec<String> = turns(&king)
        .into_iter()
        .filter(|t| t.contains('x'))
        .collect();
    assert_eq!(captures, ["c1xh6", "c1xi1", "c1xi7"]);
}

#[test]
fn f3_a_man_ending_its_move_on_the_far_row_is_crowned() {
    let man = position("zamma", "W:Wd8:Bi9");
    let after = man.play_unchecked(&man.parse_turn("d8-d9").unwrap());
    assert_eq!(after.to_string(), "B:WKd9:Bi9:C1");
}

#[test]
fn f4_the_piece_that_stepped_away_from_a_capture_may_be_huffed_where_it_stands() {
    // Zamma: after d4-e5 f6xd4, White's f4 could take f5 (landing on f6)
    // and steps to e5 instead; Black may huff it on e5 (Ludii).
    let mut game = Game::new(Ruleset::find("zamma").unwrap());
    for text in ["d4-e5", "f6xd4", "f4-e5"] {
        game.play_text(text).unwrap();
    }
    let board = game.position().board();
    let e5 = board.parse_point("e5").unwrap();
    assert_ne!(game.position().huffable() & (1 << e5), 0);
    assert!(turns(game.position()).iter().any(|t| t.starts_with("!e5 ")));
}

#[test]
fn f4_f6_a_huff_after_which_the_player_cannot_move_ends_the_game_lost() {
    let stuck = position("alquerque-covarrubias", "W:Wa1:Ba2,b1,b2,a3,c1,c3,e5:He5");
    assert!(turns(&stuck).contains(&"!e5 pass".to_owned()));
    let huff = stuck.parse_turn("!e5 pass").unwrap();
    let lost = stuck.play_unchecked(&huff).outcome().expect("over");
    assert_eq!(
        lost,
        Outcome::Win {
            winner: Side::Black,
            reason: WinReason::Passed
        }
    );
    assert_eq!(
        lost.to_string(),
        "Black wins: White could not move and passed (F6)"
    );
}

#[test]
fn f6_two_passes_in_a_row_draw_a_capture_all_game() {
    // Terhuchu (Small): White's a1 is shut in.
    let shut = "W:Wa1:Ba2,b1,b2,a3,c1,c3";
    let blocked = position("terhuchu-small", shut);
    assert_eq!(turns(&blocked), ["pass"]);
    let once = blocked.play_unchecked(&blocked.legal_turns()[0]);
    assert_eq!(once.outcome(), None, "one pass ends nothing");
    assert!(turns(&once).iter().all(|t| t != "pass"), "Black can move");
    // After a pass of Black's, White's pass is the second in a row.
    let after_a_pass = position("terhuchu-small", &format!("{shut}:P1"));
    let twice = after_a_pass.play_unchecked(&after_a_pass.legal_turns()[0]);
    let drawn = twice.outcome().expect("over");
    assert_eq!(
        drawn,
        Outcome::Draw {
            reason: DrawReason::Passes
        }
    );
    assert_eq!(drawn.to_string(), "draw: two passes in a row (F6)");
    assert!(twice.legal_turns().is_empty());
}

#[test]
fn f6_in_kharbaga_a_player_without_pieces_passes_and_then_loses() {
    let last = position("kharbaga", "B:Wd4:Be5");
    let capture = last.parse_turn("e5xc3").unwrap();
    let bare = last.play_unchecked(&capture);
    assert_eq!(bare.outcome(), None, "the capture alone does not end it");
    assert_eq!(turns(&bare), ["pass"]);
    let passed = bare.play_unchecked(&bare.parse_turn("pass").unwrap());
    let lost = passed.outcome().expect("over");
    assert_eq!(
        lost,
        Outcome::Win {
            winner: Side::Black,
            reason: WinReason::NoPieces
        }
    );
    assert_eq!(
        lost.to_string(),
        "Black wins: White has no pieces left (E1)"
    );
}

#[test]
fn f6_a_player_who_must_pass_is_told_so_and_one_with_a_huff_is_not() {
    let bare = position("kharbaga", "W:W:Be5");
    assert!(bare.must_pass());
    let blocked = position("terhuchu-small", "W:Wa1:Ba2,b1,b2,a3,c1,c3");
    assert!(blocked.must_pass());
    assert!(!position("terhuchu-small", "B:Wa1:Ba2,b1,b2,a3,c1,c3").must_pass());
    // A huff is a choice, though the move after it is a pass.
    let stuck = position("alquerque-covarrubias", "W:Wa1:Ba2,b1,b2,a3,c1,c3,e5:He5");
    assert!(!stuck.must_pass());
    assert!(!Position::start(Ruleset::find("zamma").unwrap()).must_pass());
}

#[test]
fn f6_e5_a_win_on_the_sixtieth_quiet_turn_is_a_win_not_a_draw() {
    // Lau Kata Kati ends by capture-all; Dash Guti by "no moves": play
    // random quiet games and check that Game and playout always agree.
    for id in ["dash-guti", "egara-guti", "lau-kata-kati", "zamma"] {
        let rules = Ruleset::find(id).unwrap();
        for seed in 0..30u64 {
            let mut state = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
            let mut next = || {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                state as usize
            };
            let mut choices = Vec::new();
            let (length, ending) = peralikatuma_rules::playout(&Position::start(rules), |n| {
                let c = next() % n;
                choices.push(c);
                c
            });
            let mut game = Game::new(rules);
            for &c in &choices {
                let turns = game.position().legal_turns();
                game.play(&turns[c]).unwrap();
            }
            assert_eq!(game.turns().len(), length);
            assert_eq!(game.ending(), Some(ending), "{id} seed {seed}");
            let by_the_project = matches!(
                ending,
                Outcome::Draw {
                    reason: DrawReason::Repetition | DrawReason::SixtyTurns
                }
            );
            match game.position().outcome() {
                Some(outcome) => assert_eq!(outcome, ending, "{id} seed {seed}"),
                None => assert!(by_the_project, "{id} seed {seed}: {ending}"),
            }
        }
    }
}

#[test]
fn f9_a_position_with_more_pieces_than_the_start_is_refused_not_a_panic() {
    let rules = Ruleset::find("peralikatuma-ludii").unwrap();
    let text = "W:Wc1:Be1,f2,f3,g4,f5,d5,c6,d7,f7,g6,h6,i5,h4,f4,d3,c4,d6,f8,e9,d8,e6,e4,d4,b4,a5";
    assert!(Position::parse(rules, text).is_err());
}

#[test]
fn f9_a_turn_of_another_ruleset_is_refused_by_the_game() {
    let zamma = Position::start(Ruleset::find("zamma").unwrap());
    let foreign = zamma.legal_turns()[0];
    let mut game = Game::new(Ruleset::find("alquerque-alfonso").unwrap());
    let error = game.play(&foreign).expect_err("not a turn of this game");
    assert!(
        error.to_string().contains("is not a legal turn: "),
        "{error}"
    );
}

/// A pick is checked by the rules crate, which says why it is refused and
/// cites the rule (issue 26: this was decided in the web layer).
#[test]
fn f1_f6_a_refused_pick_says_why_with_its_rule() {
    use peralikatuma_rules::Reason;
    use peralikatuma_rules::Rule;
    let check = |id: &str, text: &str, huff: Option<&str>, path: &[&str]| {
        let position = position(id, text);
        let board = position.board();
        let point = |name: &str| board.parse_point(name).unwrap();
        let path: Vec<u8> = path.iter().map(|&n| point(n)).collect();
        match position.check_pick(huff.map(point), &path) {
            Ok(turn) => Ok(turn.text(board)),
            Err(refusal) => Err((refusal.reason, refusal.rule(), refusal.to_string())),
        }
    };
    let lau = "W:Wa1,d3:Bd5,d4";
    assert_eq!(
        check("lau-kata-kati", lau, None, &["d3", "d4"])
            .unwrap_err()
            .1,
        Some(Rule::F1)
    );
    assert_eq!(
        check("lau-kata-kati", lau, None, &["d3", "d4"])
            .unwrap_err()
            .2,
        "d4 is not empty (F1)"
    );
    assert_eq!(
        check("lau-kata-kati", lau, None, &["d3", "d5"])
            .unwrap_err()
            .2,
        "d5 is not empty (F1)"
    );
    assert_eq!(
        check("lau-kata-kati", lau, None, &["a1", "b2"]),
        Ok("a1-b2".to_owned())
    );
    let refused = |id, text, huff, path| check(id, text, huff, path).unwrap_err();
    assert!(matches!(
        refused("lau-kata-kati", lau, None, &["d4"]).0,
        Reason::NotYourPiece { .. }
    ));
    assert_eq!(
        refused("lau-kata-kati", lau, None, &["d4"]).2,
        "d4 holds a Black piece, and White is to move"
    );
    assert_eq!(
        refused("lau-kata-kati", lau, None, &["b2"]).2,
        "there is no piece on b2"
    );
    assert_eq!(
        refused("lau-kata-kati", lau, None, &["a1"]).2,
        "the piece on a1 can move"
    );
    assert_eq!(
        refused("lau-kata-kati", lau, None, &["a1", "g1"]).2,
        "no legal turn of Lau Kata Kati takes the piece on a1 that way (F1)"
    );
    assert_eq!(refused("lau-kata-kati", lau, None, &[]).1, Some(Rule::F6));
    // A chain that must go on once more (Covarrubias, F2).
    let covarrubias = "W:Wa1:Bb2,c4,e5";
    assert_eq!(
        refused("alquerque-covarrubias", covarrubias, None, &["a1", "c3"]),
        (
            Reason::ChainGoesOn { at: 12 },
            Some(Rule::F2),
            "the chain goes on from c3: it is not a whole turn (F2)".to_owned()
        )
    );
    // A huff of a piece that could not have captured (F4), and men that
    // step only forward (F3).
    assert_eq!(
        refused("zamma", "W:Wa1,c3:Bd4,i9:Hd4", Some("i9"), &["c3", "c4"]).1,
        Some(Rule::F4)
    );
    let stuck = refused("zamma", "W:Wa1,a2,b2,b1:Bi9", None, &["a1"]);
    assert_eq!(
        (stuck.1, stuck.2.as_str()),
        (
            Some(Rule::F3),
            "the piece on a1 has no free point beside it (F3)"
        )
    );
    // A pass is a turn only for a player with no move (F6).
    assert_eq!(
        check("terhuchu-small", "W:Wa1:Ba2,b1,b2,a3,c1,c3", None, &[]),
        Ok("pass".to_owned())
    );
    // The game is over.
    assert_eq!(
        refused("lau-kata-kati", "B:Wa1:B", None, &["a1", "b2"]).0,
        Reason::Over
    );
}
