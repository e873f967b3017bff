//! Tests of the end of the game (E1-E6 of `RULES.md`) and of
//! [`Game::undo`], on hand-made Peralikatuma positions (N3) whose outcomes
//! are worked out by hand.

#![allow(clippy::unwrap_used)]

use peralikatuma_rules::{
    DrawReason, Outcome, QUIET_TURNS_FOR_DRAW, REPETITIONS_FOR_DRAW, Ruleset, Side, WinReason,
};
use peralikatuma_rules::{DrawRules, Game, GameError, Position};

const V: &Ruleset = Ruleset::PERALIKATUMA;

/// Peralikatuma as a ruleset of the one model.
fn rules() -> &'static Ruleset {
    V
}

fn pos(text: &str) -> Position {
    Position::parse(rules(), text).unwrap()
}

fn game(text: &str) -> Game {
    Game::from_position(pos(text))
}

fn play(game: &mut Game, turns: &[&str]) {
    for turn in turns {
        assert_eq!(game.ending(), None, "the game ended before {turn}");
        game.play_text(turn).unwrap();
    }
}

const fn white_wins(reason: WinReason) -> Option<Outcome> {
    Some(Outcome::Win {
        winner: Side::White,
        reason,
    })
}

const fn draw(reason: DrawReason) -> Option<Outcome> {
    Some(Outcome::Draw { reason })
}

#[test]
fn e_constants_are_those_of_the_rule_book() {
    assert_eq!(REPETITIONS_FOR_DRAW, 3);
    assert_eq!(QUIET_TURNS_FOR_DRAW, 60);
}

// ---------------------------------------------------------------------------
// E1
// ---------------------------------------------------------------------------

#[test]
fn e1_no_pieces_loses() {
    let mut g = game("W:Wd5:Be5");
    g.play_text("d5xf5").unwrap();
    assert_eq!(g.position().to_string(), "B:Wf5:B");
    assert_eq!(g.ending(), white_wins(WinReason::NoPieces));
    // A game set up with the side to move already without pieces.
    assert_eq!(game("B:Wd5:B").ending(), white_wins(WinReason::NoPieces));
}

#[test]
fn e1_side_not_to_move_without_pieces_loses() {
    // E1 does not ask whose turn it is: Black, with no pieces, has lost.
    assert_eq!(game("W:Wd5:B").ending(), white_wins(WinReason::NoPieces));
    assert_eq!(
        game("B:W:Bd5").ending(),
        Some(Outcome::Win {
            winner: Side::Black,
            reason: WinReason::NoPieces
        })
    );
}

#[test]
fn e1_no_legal_turn_loses() {
    // c9 lies on c9-e9-g9 and c9-d8-e7 only. After e6-e7 both neighbours
    // are White and both points beyond them are taken.
    let mut g = game("W:Wd8,e6,e9,g9:Bc9");
    assert_eq!(g.ending(), None);
    g.play_text("e6-e7").unwrap();
    assert_eq!(g.position().to_string(), "B:We7,d8,e9,g9:Bc9:C1");
    assert!(g.position().legal_turns().is_empty());
    assert!(g.legal_turns().is_empty());
    assert_eq!(g.ending(), white_wins(WinReason::NoLegalTurn));
}

#[test]
fn e1_a_claim_without_a_move_is_no_turn() {
    // Black may claim a3, but cannot move after it: no legal turn.
    let p = pos("B:Wa3,e7,d8,e9,g9:Bc9:Fa3");
    assert!(p.legal_turns().is_empty());
    assert_eq!(p.perft(1), 0);
    assert_eq!(
        Game::from_position(p).ending(),
        white_wins(WinReason::NoLegalTurn)
    );
}

// ---------------------------------------------------------------------------
// E2, E3
// ---------------------------------------------------------------------------

#[test]
fn e2_threefold_repetition_draws() {
    let mut g = game("W:Wa3:Bi3");
    let cycle = ["a3-a5", "i3-i5", "a5-a3", "i5-i3"];
    play(&mut g, &cycle);
    assert_eq!(g.position().to_string(), "W:Wa3:Bi3:C4");
    assert_eq!(g.repetitions(), 2);
    play(&mut g, &cycle[..3]);
    assert_eq!(g.repetitions(), 2);
    assert_eq!(g.ending(), None);
    g.play_text("i5-i3").unwrap();
    assert_eq!(g.repetitions(), 3);
    assert_eq!(g.ending(), draw(DrawReason::Repetition));
}

/// Another program's draw rules (a turn cap) replace E2 and E4: a third
/// repetition and sixty quiet turns go on, the cap draws, the rules' own
/// end still comes first, and taking a turn back keeps the rules.
#[test]
fn e2_e4_give_way_to_another_programs_turn_cap() {
    let mut g = game("W:Wa3:Bi3:C55");
    g.set_draw_rules(DrawRules::TurnCap(12));
    let cycle = ["a3-a5", "i3-i5", "a5-a3", "i5-i3"];
    play(&mut g, &cycle);
    play(&mut g, &cycle);
    assert_eq!(g.repetitions(), 3);
    assert!(g.quiet_turns() >= QUIET_TURNS_FOR_DRAW);
    play(&mut g, &cycle[..3]);
    assert_eq!(g.ending(), None);
    g.play_text("i5-i3").unwrap();
    assert_eq!(g.ending(), draw(DrawReason::TurnCap));
    g.undo();
    assert_eq!(g.draw_rules(), DrawRules::TurnCap(12));
    assert_eq!(g.ending(), None);
    // A win on the cap's turn is a win.
    let mut g = game("W:Wa3:Ba5");
    g.set_draw_rules(DrawRules::TurnCap(1));
    g.play_text("a3xa7").unwrap();
    assert_eq!(g.ending(), white_wins(WinReason::NoPieces));
    // Back to the project's rules: the third repetition draws at once.
    let mut g = game("W:Wa3:Bi3");
    g.set_draw_rules(DrawRules::TurnCap(100));
    play(&mut g, &cycle);
    play(&mut g, &cycle);
    g.set_draw_rules(DrawRules::Ours);
    assert_eq!(g.ending(), draw(DrawReason::Repetition));
}

#[test]
fn e3_positions_differing_only_in_claimable_pieces_are_different() {
    // d5 and e5 could each jump the other, so every shuffle gives a claim.
    let mut g = game("W:Wa3,d5:Be5,i3");
    let cycle = ["a3-a5", "i3-i5", "a5-a3", "i5-i3"];
    play(&mut g, &cycle);
    // The start position's pieces, but now e5 is claimable.
    assert_eq!(g.position().to_string(), "W:Wa3,d5:Bi3,e5:Fe5:C4");
    assert_eq!(g.repetitions(), 1);
    play(&mut g, &cycle);
    // If claimable pieces were ignored, this would be the third time.
    assert_eq!(g.repetitions(), 2);
    assert_eq!(g.ending(), None);
    // "B:Wa5,d5:Bi3,e5:Fd5" stood after turns 1 and 5; now a third time.
    g.play_text("a3-a5").unwrap();
    assert_eq!(g.position().to_string(), "B:Wa5,d5:Bi3,e5:Fd5:C9");
    assert_eq!(g.ending(), draw(DrawReason::Repetition));
}

#[test]
fn e3_same_position_needs_same_side_to_move() {
    let w = pos("W:Wa3:Bi3");
    let b = pos("B:Wa3:Bi3");
    assert!(!w.same_for_repetition(&b));
    // The turn counter is not part of it.
    assert!(w.same_for_repetition(&pos("W:Wa3:Bi3:C17")));
}

// ---------------------------------------------------------------------------
// E4
// ---------------------------------------------------------------------------

#[test]
fn e4_sixty_quiet_turns_draw() {
    // White walks the triangle d3-e3-d4 (3 turns), Black the ring
    // c7-d7-e7-f7-g7-f6-e6-d6 (8 turns): no position comes back within 48
    // turns, none a third time within 96, and no piece can ever be jumped.
    let white = ["d3-e3", "e3-d4", "d4-d3"];
    let black = [
        "c7-d7", "d7-e7", "e7-f7", "f7-g7", "g7-f6", "f6-e6", "e6-d6", "d6-c7",
    ];
    let mut g = game("W:Wd3:Bc7");
    for ply in 0..60 {
        assert_eq!(g.ending(), None, "ended after {ply} turns");
        let turn = if ply % 2 == 0 {
            white[(ply / 2) % 3]
        } else {
            black[(ply / 2) % 8]
        };
        g.play_text(turn).unwrap();
        assert_eq!(g.position().quiet_turns(), ply as u32 + 1);
    }
    assert_eq!(g.ending(), draw(DrawReason::SixtyTurns));

    let mut g = game("W:Wa3:Bi3:C58");
    play(&mut g, &["a3-a5"]);
    assert_eq!(g.ending(), None);
    g.play_text("i3-i5").unwrap();
    assert_eq!(g.position().to_string(), "W:Wa5:Bi5:C60");
    assert_eq!(g.ending(), draw(DrawReason::SixtyTurns));
}

#[test]
fn e4_claim_resets_the_counter() {
    let start = "B:Wa5,d5:Be5,i5:Fd5:C59";
    let mut g = game(start);
    g.play_text("!d5 i5-i7").unwrap();
    assert_eq!(g.position().to_string(), "W:Wa5:Be5,i7");
    assert_eq!(g.position().quiet_turns(), 0);
    assert_eq!(g.ending(), None);
    // The same move without the claim is the sixtieth quiet turn.
    let mut g = game(start);
    g.play_text("i5-i7").unwrap();
    assert_eq!(g.position().to_string(), "W:Wa5,d5:Be5,i7:Fe5:C60");
    assert_eq!(g.ending(), draw(DrawReason::SixtyTurns));
}

#[test]
fn e4_capture_resets_the_counter() {
    let start = "W:Wd5:Be5,i5:C59";
    let mut g = game(start);
    g.play_text("d5xf5").unwrap();
    assert_eq!(g.position().to_string(), "B:Wf5:Bi5");
    assert_eq!(g.ending(), None);
    let mut g = game(start);
    g.play_text("d5-d6").unwrap();
    assert_eq!(g.position().to_string(), "B:Wd6:Be5,i5:Fd6:C60");
    assert_eq!(g.ending(), draw(DrawReason::SixtyTurns));
}

// ---------------------------------------------------------------------------
// E5
// ---------------------------------------------------------------------------

#[test]
fn e5_win_beats_draw_on_the_same_turn() {
    // e6-e7 is the sixtieth quiet turn and leaves Black without a turn.
    let mut g = game("W:Wd8,e6,e9,g9:Bc9:C59");
    g.play_text("e6-e7").unwrap();
    assert_eq!(g.position().quiet_turns(), 60);
    assert_eq!(g.ending(), white_wins(WinReason::NoLegalTurn));
}

#[test]
fn e5_repetition_before_sixty_turns() {
    // The eighth turn is both the third repetition and the sixtieth quiet
    // turn.
    let mut g = game("W:Wa3:Bi3:C52");
    play(
        &mut g,
        &[
            "a3-a5", "i3-i5", "a5-a3", "i5-i3", "a3-a5", "i3-i5", "a5-a3",
        ],
    );
    assert_eq!(g.ending(), None);
    g.play_text("i5-i3").unwrap();
    assert_eq!(g.position().to_string(), "W:Wa3:Bi3:C60");
    assert_eq!(g.ending(), draw(DrawReason::Repetition));
}

// ---------------------------------------------------------------------------
// E6 and undo
// ---------------------------------------------------------------------------

#[test]
fn e6_resign() {
    let mut g = Game::new(rules());
    g.play_text("e4-e5").unwrap();
    g.resign(Side::White).unwrap();
    let over = Some(Outcome::Win {
        winner: Side::Black,
        reason: WinReason::Resignation,
    });
    assert_eq!(g.ending(), over);
    assert!(g.legal_turns().is_empty());
    let before = g.clone();
    assert!(matches!(g.play_text("e6xe4"), Err(GameError::Over(_))));
    let turn = g.position().parse_turn("e6xe4").unwrap();
    assert!(matches!(g.play(&turn), Err(GameError::Over(_))));
    assert!(matches!(g.resign(Side::Black), Err(GameError::Over(_))));
    assert!(matches!(g.agree_draw(), Err(GameError::Over(_))));
    assert_eq!(g, before);
}

#[test]
fn e6_agree_draw() {
    let mut g = Game::new(rules());
    g.agree_draw().unwrap();
    assert_eq!(g.ending(), draw(DrawReason::Agreement));
    assert!(matches!(g.play_text("e4-e5"), Err(GameError::Over(_))));
    assert!(matches!(g.resign(Side::White), Err(GameError::Over(_))));
    assert!(g.turns().is_empty());
}

#[test]
fn e6_no_play_after_the_end_by_the_rules() {
    let mut g = game("W:Wd5:Be5");
    g.play_text("d5xf5").unwrap();
    assert!(matches!(g.play_text("f5-f6"), Err(GameError::Over(_))));
    assert!(matches!(g.resign(Side::Black), Err(GameError::Over(_))));
    assert!(matches!(g.agree_draw(), Err(GameError::Over(_))));
    assert_eq!(g.turns().len(), 1);
}

#[test]
fn e6_undo_clears_a_resignation() {
    let mut g = Game::new(rules());
    g.play_text("e4-e5").unwrap();
    g.resign(Side::Black).unwrap();
    // Takes back the turn and the resignation made after it.
    assert!(g.undo().is_some());
    assert_eq!(g.ending(), None);
    assert_eq!(*g.position(), Position::start(rules()));
    g.play_text("d4-d5").unwrap();
    assert_eq!(g.turns().len(), 1);
}

#[test]
fn game_undo() {
    let mut g = Game::new(rules());
    assert_eq!(g.undo(), None);
    let texts = ["e4-e5", "e6xe4", "e3xe5", "e7-e6", "!g5 d4-d5"];
    let mut seen = vec![g.position().to_string()];
    for t in texts {
        g.play_text(t).unwrap();
        seen.push(g.position().to_string());
    }
    assert_eq!(g.turns().len(), 5);
    // The positions that can come back (E2): none before the claim, which
    // took a piece off the board.
    assert_eq!(g.positions().len(), 1);
    assert_eq!(
        seen[4],
        "W:Wc1,e1,g1,d2,e2,f2,a3,c3,d3,f3,g3,b4,c4,d4,f4,g4,a5,b5,c5,e5,b6,a7:Bi3,h4,g5,h5,i5,c6,d6,e6,f6,g6,h6,c7,d7,f7,g7,i7,d8,e8,f8,c9,e9,g9:Fg5:C1"
    );
    for (i, t) in texts.iter().enumerate().rev() {
        let turn = g.undo().unwrap();
        assert_eq!(turn.text(g.position().board()), *t);
        assert_eq!(g.position().to_string(), seen[i]);
        assert_eq!(g.turns().len(), i);
    }
    assert_eq!(g, Game::new(rules()));

    // Undo takes back an end by the rules, and the repetition count.
    let mut g = game("W:Wa3:Bi3");
    play(
        &mut g,
        &[
            "a3-a5", "i3-i5", "a5-a3", "i5-i3", "a3-a5", "i3-i5", "a5-a3", "i5-i3",
        ],
    );
    assert_eq!(g.ending(), draw(DrawReason::Repetition));
    g.undo();
    assert_eq!(g.ending(), None);
    assert_eq!(g.position().to_string(), "B:Wa3:Bi5:C7");
    g.play_text("i5-h5").unwrap();
    assert_eq!(g.ending(), None);

    let mut g = game("W:Wd5:Be5");
    g.play_text("d5xf5").unwrap();
    g.undo();
    assert_eq!(g.ending(), None);
    assert_eq!(g.position().to_string(), "W:Wd5:Be5");
}
