//! A turn put together point by point, as a player picks it on the board:
//! perhaps a huff or claim (F4, P6), then a piece, then each landing point
//! of its move. The rules crate decides it all: the points that can be
//! picked next come from the position's legal turns, and a point that
//! cannot be picked gets the rules crate's refusal of the pick
//! ([`Position::check_pick`]), with the rule.

use std::ops::ControlFlow;

use peralikatuma_rules::{Kind, Position, Turn};

use crate::session::advice::claim_rule;

/// What is picked so far.
#[derive(Clone, Default, PartialEq, Eq, Debug)]
pub struct Pick {
    /// The opponent's piece to take first (F4, P6), if any.
    pub claim: Option<u8>,
    /// The piece to move.
    pub from: Option<u8>,
    /// The points it lands on, in order.
    pub landings: Vec<u8>,
}

/// What a choice did.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Picked {
    /// The pick grew or shrank; the turn is not finished.
    Changed(String),
    /// The turn is finished.
    Turn(Turn),
    /// The choice was refused, for this reason.
    Refused(String),
}

/// Whether `point` is in `set`.
fn has(set: u128, point: u8) -> bool {
    point < 128 && set & (1 << point) != 0
}

impl Pick {
    /// The points that can be picked next: with no piece chosen, the pieces
    /// that can move (after the claim, if one is picked); then the next
    /// landing points of the legal turns that agree with the pick so far.
    pub fn targets(&self, position: &Position) -> u128 {
        let depth = self.landings.len();
        let mut targets = 0u128;
        let _ = position.generate(|turn| {
            let agrees = turn.kind() != Kind::Pass
                && turn.huff() == self.claim
                && self.from.is_none_or(|from| from == turn.from());
            if !agrees {
            } else if self.from.is_none() {
                targets |= 1 << turn.from();
            } else if turn.landings().starts_with(&self.landings)
                && let Some(&next) = turn.landings().get(depth)
            {
                targets |= 1 << next;
            }
            ControlFlow::<()>::Continue(())
        });
        targets
    }

    /// The enemy pieces the chain picked so far has jumped (in the rule
    /// book's games they stay on the board until the move ends, R2.4), as
    /// the legal turns that begin with it capture them.
    pub fn jumped(&self, position: &Position) -> u128 {
        let (Some(from), false) = (self.from, self.landings.is_empty()) else {
            return 0;
        };
        let board = position.board();
        let depth = self.landings.len();
        let mut jumped = 0u128;
        let _ = position.generate(|turn| {
            if turn.kind() == Kind::Capture
                && turn.huff() == self.claim
                && turn.from() == from
                && turn.landings().starts_with(&self.landings)
            {
                let captured = turn.captured_in_order(board);
                jumped = captured.iter().take(depth).fold(0, |set, &p| set | 1 << p);
                return ControlFlow::Break(());
            }
            ControlFlow::Continue(())
        });
        jumped
    }

    /// The point the pick ends on: the last landing, or the piece.
    pub fn end(&self) -> Option<u8> {
        self.landings.last().copied().or(self.from)
    }

    /// Steps back: the last landing, else the piece, else the claim.
    /// Returns false when there was nothing to take back.
    pub fn back(&mut self) -> bool {
        if self.landings.pop().is_some() {
            return true;
        }
        if self.from.take().is_some() {
            return true;
        }
        self.claim.take().is_some()
    }

    /// Picks `point` in `position`.
    pub fn choose(&mut self, point: u8, position: &Position) -> Picked {
        let name = |p: u8| position.board().point_name(p).to_string();
        let us = position.side_to_move();

        // A piece the opponent forfeited, before the move is begun: take
        // it, or change one's mind.
        if self.from.is_none() && has(position.huffable(), point) {
            // Where the rules let a huff be the whole turn (F4, F6), the
            // huffed piece picked again makes it; else it is let go.
            let alone = position.check_pick(Some(point), &[]).ok();
            if self.claim == Some(point) {
                if let Some(turn) = alone {
                    return Picked::Turn(turn);
                }
                self.claim = None;
                return Picked::Changed(format!("you will not take the piece on {}", name(point)));
            }
            self.claim = Some(point);
            let then = match alone {
                Some(_) => format!(
                    "now pick the piece to move, or {} again to take it and pass",
                    name(point)
                ),
                None => "now pick the piece to move".to_owned(),
            };
            return Picked::Changed(format!(
                "you take the piece on {} first ({}); {then}",
                name(point),
                claim_rule(position)
            ));
        }

        // Stop the chain here, where the rules allow it.
        if self.from.is_some() && self.landings.last() == Some(&point) {
            return match self.turn(position, &self.landings) {
                Ok(turn) => Picked::Turn(turn),
                Err(refusal) => Picked::Refused(refusal),
            };
        }

        // A landing point: the move ends there, or goes on from there.
        let mut refused = None;
        if self.from.is_some() {
            let mut longer = self.clone();
            longer.landings.push(point);
            let goes_on = longer.targets(position) != 0;
            match (self.turn(position, &longer.landings), goes_on) {
                (Ok(turn), false) => return Picked::Turn(turn),
                (Ok(_), true) => {
                    *self = longer;
                    return Picked::Changed(format!(
                        "jump on, or pick {} again to stop there",
                        name(point)
                    ));
                }
                // A chain that must go on (A4.3, M5, F2).
                (Err(refusal), true) => {
                    *self = longer;
                    return Picked::Changed(format!("{refusal}: pick the next landing point"));
                }
                (Err(refusal), false) => refused = Some(refusal),
            }
        }

        // One of the mover's pieces: choose it (or let go of it).
        if has(position.pieces(us), point) {
            if self.from == Some(point) && self.landings.is_empty() {
                self.from = None;
                return Picked::Changed(format!("let go of the piece on {}", name(point)));
            }
            let with_piece = Pick {
                claim: self.claim,
                from: Some(point),
                landings: Vec::new(),
            };
            if with_piece.targets(position) == 0 {
                return Picked::Refused(match with_piece.turn(position, &[]) {
                    Err(refusal) => refusal,
                    Ok(_) => format!("the piece on {} has no legal move", name(point)),
                });
            }
            *self = with_piece;
            return Picked::Changed(format!(
                "the piece on {} can go to a highlighted point",
                name(point)
            ));
        }

        Picked::Refused(refused.unwrap_or_else(|| format!("pick one of {us}'s pieces to move")))
    }

    /// The turn the piece picked makes over `landings`, after the claim:
    /// the legal turn, or the rules' refusal in words (with the rule).
    fn turn(&self, position: &Position, landings: &[u8]) -> Result<Turn, String> {
        let path: Vec<u8> = self
            .from
            .into_iter()
            .chain(landings.iter().copied())
            .collect();
        position
            .check_pick(self.claim, &path)
            .map_err(|refusal| refusal.to_string())
    }
}

#[cfg(test)]
mod tests {
    use peralikatuma_rules::{RULESETS, Ruleset};

    use super::*;

    fn parse(variant: &'static Ruleset, text: &str) -> Position {
        Position::parse(variant, text).expect("valid")
    }

    fn point(position: &Position, name: &str) -> u8 {
        position.board().parse_point(name).expect("a point")
    }

    fn pick_all(position: &Position, names: &[&str]) -> Vec<Picked> {
        let mut pick = Pick::default();
        names
            .iter()
            .map(|n| pick.choose(point(position, n), position))
            .collect()
    }

    fn turn(position: &Position, text: &str) -> Turn {
        position.parse_turn(text).expect("legal")
    }

    /// Positions along `games` random games of `rulesets` (a fixed seed).
    fn random_positions(
        rulesets: impl IntoIterator<Item = &'static Ruleset>,
        games: usize,
    ) -> Vec<Position> {
        let mut state: u64 = 7;
        let mut positions = Vec::new();
        for ruleset in rulesets {
            for _ in 0..games {
                let mut position = Position::start(ruleset);
                for _ in 0..120 {
                    let turns = position.legal_turns();
                    if turns.is_empty() || turns[..] == [Turn::PASS] {
                        break;
                    }
                    positions.push(position);
                    state = state
                        .wrapping_mul(6_364_136_223_846_793_005)
                        .wrapping_add(1);
                    let pick = (state >> 33) as usize % turns.len();
                    position = position.play_unchecked(&turns[pick]);
                }
            }
        }
        positions
    }

    fn seed_rulesets() -> impl Iterator<Item = &'static Ruleset> {
        Ruleset::RULE_BOOK.into_iter()
    }

    #[test]
    fn a_step_is_a_piece_then_its_destination() {
        let start = Position::start(Ruleset::PERALIKATUMA);
        let picks = pick_all(&start, &["e4", "e5"]);
        assert_eq!(picks[1], Picked::Turn(turn(&start, "e4-e5")));
    }

    #[test]
    fn pieces_that_can_move_are_the_first_targets() {
        let start = Position::start(Ruleset::ALQUERQUE);
        let targets = Pick::default().targets(&start);
        let names: Vec<String> = (0..start.board().len() as u8)
            .filter(|&p| has(targets, p))
            .map(|p| start.board().point_name(p).to_string())
            .collect();
        assert_eq!(names, ["b2", "c2", "d2", "d3"]);
    }

    #[test]
    fn every_legal_turn_can_be_picked_and_the_targets_are_those_of_the_legal_turns() {
        let mut picked = 0;
        let rulesets = seed_rulesets().chain(RULESETS.iter());
        for position in random_positions(rulesets, 3) {
            let turns = position.legal_turns();
            let movable = turns
                .iter()
                .filter(|t| t.huff().is_none() && t.kind() != Kind::Pass)
                .fold(0u128, |set, t| set | 1 << t.from());
            assert_eq!(Pick::default().targets(&position), movable, "{position}");
            for turn in turns.iter() {
                let mut pick = Pick::default();
                let mut last = None;
                if turn.kind() == Kind::Pass {
                    // A huff alone: the huffed piece picked twice (F4).
                    let Some(huffed) = turn.huff() else { continue };
                    pick.choose(huffed, &position);
                    let done = pick.choose(huffed, &position);
                    assert_eq!(done, Picked::Turn(*turn), "{position}");
                    continue;
                }
                let points = turn
                    .huff()
                    .into_iter()
                    .chain([turn.from()])
                    .chain(turn.landings().iter().copied());
                for p in points {
                    last = Some(pick.choose(p, &position));
                }
                // A chain that may stop or go on stops when its last point
                // is picked again (P4).
                if let (Some(Picked::Changed(_)), Some(to)) = (&last, turn.to()) {
                    last = Some(pick.choose(to, &position));
                }
                assert_eq!(last, Some(Picked::Turn(*turn)), "{position} {turn:?}");
                picked += 1;
            }
        }
        assert!(picked > 5000, "{picked} turns picked");
    }

    #[test]
    fn a_huff_alone_is_the_huffed_piece_picked_twice_f4() {
        // White's only man is hemmed in: after the huff it cannot move, so
        // the huff is the whole turn (F4, F6).
        let zamma = Ruleset::find("zamma").expect("a ruleset");
        let position = Position::parse(zamma, "W:Wa1:Ba2,b2,a3,c3,e9:He9").expect("valid");
        let e9 = point(&position, "e9");
        let mut pick = Pick::default();
        let first = pick.choose(e9, &position);
        assert!(
            matches!(first, Picked::Changed(ref m) if m.contains("or e9 again to take it and pass")),
            "{first:?}"
        );
        let alone = position.check_pick(Some(e9), &[]).expect("a huff alone");
        assert_eq!(pick.choose(e9, &position), Picked::Turn(alone));
        // Where a move can follow, picking it again lets it go.
        let free = Position::parse(zamma, "W:Wa1:Bc3,e9:He9").expect("valid");
        let mut pick = Pick::default();
        pick.choose(e9, &free);
        assert!(
            matches!(pick.choose(e9, &free), Picked::Changed(ref m) if m.contains("will not take"))
        );
    }

    #[test]
    fn a_peralikatuma_chain_may_stop_after_any_jump_p4() {
        // White's c3 can jump d4 to e5 and then f6 to g7.
        let position = parse(Ruleset::PERALIKATUMA, "W:Wc3:Bd4,f6,a7");
        let picks = pick_all(&position, &["c3", "e5"]);
        assert!(matches!(picks[1], Picked::Changed(ref m) if m.contains("again to stop")));
        let picks = pick_all(&position, &["c3", "e5", "e5"]);
        assert_eq!(picks[2], Picked::Turn(turn(&position, "c3xe5")));
        let picks = pick_all(&position, &["c3", "e5", "g7"]);
        assert_eq!(picks[2], Picked::Turn(turn(&position, "c3xe5xg7")));
    }

    #[test]
    fn an_alquerque_chain_must_go_on_a4_3() {
        // White's a1 jumps b2 to c3, then must jump on over c4 to c5.
        let position = parse(Ruleset::ALQUERQUE, "W:Wa1:Bb2,c4,e5");
        let picks = pick_all(&position, &["a1", "c3", "c3"]);
        assert_eq!(
            picks[1],
            Picked::Changed(
                "the chain must go on: the piece can jump again from c3 (A4.3): pick the next landing point".into()
            )
        );
        assert_eq!(
            picks[2],
            Picked::Refused("the chain must go on: the piece can jump again from c3 (A4.3)".into())
        );
        let picks = pick_all(&position, &["a1", "c3", "c5"]);
        assert_eq!(picks[2], Picked::Turn(turn(&position, "a1xc3xc5")));
    }

    #[test]
    fn a_permainan_chain_must_go_on_m5() {
        // White's man on c3 jumps d4 to e5, then must jump on over e6 to e7.
        let position = parse(Ruleset::PERMAINAN, "W:Wc3:Bd4,e6,a9");
        let picks = pick_all(&position, &["c3", "e5", "e5"]);
        assert_eq!(
            picks[2],
            Picked::Refused("the chain must go on: the piece can jump again from e5 (M5)".into())
        );
    }

    #[test]
    fn a_piece_that_cannot_capture_is_refused_with_the_rule_a4() {
        let position = parse(Ruleset::ALQUERQUE, "W:Wa1,e1:Bb2,e5");
        let picks = pick_all(&position, &["e1"]);
        assert_eq!(
            picks[0],
            Picked::Refused("a capture is compulsory, and the piece on a1 can capture (A4)".into())
        );
    }

    #[test]
    fn a_piece_hemmed_in_is_refused_for_want_of_a_free_point() {
        // White's a1 has its own pieces on a2, b1 and b2.
        let position = parse(Ruleset::ALQUERQUE, "W:Wa1,a2,b1,b2:Be5");
        let picks = pick_all(&position, &["a1"]);
        assert_eq!(
            picks[0],
            Picked::Refused("the piece on a1 has no free point beside it".into())
        );
        // Not "never backward (A2)" for a step onto its own piece on e2.
        let start = Position::start(Ruleset::ALQUERQUE);
        let picks = pick_all(&start, &["e3"]);
        assert_eq!(
            picks[0],
            Picked::Refused("the piece on e3 has no free point beside it".into())
        );
    }

    #[test]
    fn a_claim_comes_first_and_can_be_withdrawn_p6() {
        let position = parse(
            Ruleset::PERALIKATUMA,
            "B:Wc1,e1,g1,d2,e2,f2,a3,c3,d3,f3,g3,c4,e4,f4,g4,a5,d5,e5,d6:Bi3,b4,h4,h5,i5,c6,f6,g6,h6,c7,d7,e7,f7,g7,i7,d8,e8,c9,e9,g9:Fa3,d6",
        );
        let turns = position.legal_turns();
        let mut pick = Pick::default();
        let d6 = point(&position, "d6");
        assert!(matches!(pick.choose(d6, &position), Picked::Changed(ref m) if m.contains("(P6)")));
        assert_eq!(pick.claim, Some(d6));
        assert!(matches!(pick.choose(d6, &position), Picked::Changed(_)));
        assert_eq!(pick.claim, None);
        pick.choose(d6, &position);
        let step = turns
            .iter()
            .find(|t| t.huff() == Some(d6) && t.kind() == Kind::Step)
            .expect("a step after the claim");
        pick.choose(step.from(), &position);
        let last = pick.choose(step.to().expect("a step lands"), &position);
        assert_eq!(last, Picked::Turn(*step));
    }

    #[test]
    fn a_refused_step_says_which_rule_forbids_it() {
        let refusal = |variant, text: &str, names: &[&str]| {
            let position = parse(variant, text);
            match pick_all(&position, names).pop() {
                Some(Picked::Refused(reason)) => reason,
                other => panic!("{other:?}"),
            }
        };
        assert_eq!(
            refusal(
                Ruleset::ALQUERQUE,
                "B:Wa2,e2:Ba4,d4,a5,d5,e5:Ra4-b4",
                &["a4", "b4"]
            ),
            "the piece on a4 may not step straight back to b4, where it came from (A5)"
        );
        assert_eq!(
            refusal(Ruleset::ALQUERQUE, "W:Wc3,a5:Be5", &["c3", "c2"]),
            "a piece steps only forward, diagonally forward or sideways, never backward (A2)"
        );
        assert_eq!(
            refusal(Ruleset::PERMAINAN, "W:Wc4:Bd8", &["c4", "c3"]),
            "a man steps only forward, diagonally forward or sideways, never backward (M2)"
        );
        assert_eq!(
            refusal(Ruleset::ALQUERQUE, "W:Wa1,d3:Bb2,e5", &["a1", "a2"]),
            "a capture is compulsory, and the piece on a1 can capture (A4)"
        );
        // A point further off is refused as a jump; a king's, with nothing
        // to jump, as a long move (M4).
        assert_eq!(
            refusal(Ruleset::PERALIKATUMA, "W:Wc3:Bd4,e9", &["c3", "c5"]),
            "there is no enemy piece on c4 to jump (R2.2)"
        );
        assert_eq!(
            refusal(Ruleset::PERMAINAN, "W:Wc1,Ka5:Ba7,e9", &["a5", "a7"]),
            "a7 is not empty (M4)"
        );
    }

    #[test]
    fn a_family_pick_is_refused_with_the_familys_rule() {
        let lau = Ruleset::find("lau-kata-kati").expect("a ruleset");
        let start = Position::start(lau);
        let picks = pick_all(&start, &["d3", "d5"]);
        assert_eq!(picks[1], Picked::Refused("d5 is not empty (F1)".into()));
    }

    #[test]
    fn the_pieces_marked_jumped_are_the_pieces_a_chain_captures() {
        let mut chains = 0;
        for position in random_positions(seed_rulesets(), 40) {
            let board = position.board();
            let turns = position.legal_turns();
            for turn in turns.iter().filter(|t| t.kind() == Kind::Capture) {
                let mut pick = Pick {
                    claim: turn.huff(),
                    from: Some(turn.from()),
                    landings: Vec::new(),
                };
                assert_eq!(pick.jumped(&position), 0);
                // One more piece jumped with each landing.
                for (jumps, &landing) in turn.landings().iter().enumerate() {
                    let before = pick.jumped(&position);
                    pick.landings.push(landing);
                    let after = pick.jumped(&position);
                    assert_eq!(before & !after, 0, "{position} {}", turn.text(board));
                    assert_eq!(after.count_ones() as usize, jumps + 1, "{position}");
                }
                assert_eq!(pick.jumped(&position), turn.captured());
                chains += 1;
            }
        }
        assert!(chains > 1000, "{chains} chains checked");
    }

    #[test]
    fn back_undoes_one_choice_at_a_time() {
        let mut pick = Pick {
            claim: Some(1),
            from: Some(2),
            landings: vec![3],
        };
        assert!(pick.back() && pick.back() && pick.back());
        assert_eq!(pick, Pick::default());
        assert!(!pick.back());
    }
}
