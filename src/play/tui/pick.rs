//! A turn put together point by point, as a player picks it on the board:
//! perhaps a claim (P6), then a piece, then each landing point of its
//! move. The rules crate decides it all: the points that can be picked
//! next come from the position's legal turns, looked at group by group as
//! it generates them (never listed: a position can have millions), and a
//! point that cannot be picked gets the rules crate's refusal of the turn
//! it would make, with the rule.

use std::ops::ControlFlow;

use peralikatuma_rules::{Bitboard, Moves, Point, Position, Reason, Turn};

/// What is picked so far.
#[derive(Clone, Default, PartialEq, Eq, Debug)]
pub struct Pick {
    /// The forfeited piece to take first (P6), if any.
    pub claim: Option<Point>,
    /// The piece to move.
    pub from: Option<Point>,
    /// The points it lands on, in order.
    pub landings: Vec<Point>,
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

impl Pick {
    /// The points that can be picked next: with no piece chosen, the pieces
    /// that can move (after the claim, if one is picked); then the next
    /// landing points of the legal turns that agree with the pick so far.
    pub fn targets(&self, position: &Position) -> Bitboard {
        let depth = self.landings.len();
        let mut targets = Bitboard::EMPTY;
        let _ = position.generate(|moves| {
            let agrees =
                moves.claim() == self.claim && self.from.is_none_or(|from| from == moves.from());
            match moves {
                _ if !agrees => {}
                _ if self.from.is_none() => targets.insert(moves.from()),
                Moves::Steps { to, .. } if depth == 0 => targets |= to,
                Moves::Chain { landings, .. } if landings.starts_with(&self.landings) => {
                    if let Some(&next) = landings.get(depth) {
                        targets.insert(next);
                    }
                }
                _ => {}
            }
            ControlFlow::<()>::Continue(())
        });
        targets
    }

    /// The enemy pieces the chain picked so far has jumped (they stay on
    /// the board until the move ends, R2.4), as the rules crate finds them.
    pub fn jumped(&self, position: &Position) -> Bitboard {
        let chain = self
            .from
            .and_then(|from| Turn::chain(position.variant(), from, &self.landings).ok());
        chain.map_or(Bitboard::EMPTY, |chain| position.captured(&chain))
    }

    /// The point the pick ends on: the last landing, or the piece.
    pub fn end(&self) -> Option<Point> {
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
    pub fn choose(&mut self, point: Point, position: &Position) -> Picked {
        let name = |p: Point| position.board().point_name(p).to_string();
        let us = position.side_to_move();

        // A claimable enemy piece, before the move is begun: claim it, or
        // change one's mind.
        if self.from.is_none() && position.claimable().contains(point) {
            if self.claim == Some(point) {
                self.claim = None;
                return Picked::Changed(format!("you will not take the piece on {}", name(point)));
            }
            self.claim = Some(point);
            return Picked::Changed(format!(
                "you take the piece on {} first (P6); now pick the piece to move",
                name(point)
            ));
        }

        // Stop the chain here, where the rules allow it.
        if let Some(from) = self.from.filter(|_| self.landings.last() == Some(&point)) {
            return match self.turn(position, from, &self.landings) {
                Ok(turn) => Picked::Turn(turn),
                Err(refusal) => Picked::Refused(refusal),
            };
        }

        // A landing point: the move ends there, or goes on from there.
        let mut refused = None;
        if let Some(from) = self.from {
            let mut longer = self.clone();
            longer.landings.push(point);
            let goes_on = longer.targets(position).any();
            match (self.turn(position, from, &longer.landings), goes_on) {
                (Ok(turn), false) => return Picked::Turn(turn),
                (Ok(_), true) => {
                    *self = longer;
                    return Picked::Changed(format!(
                        "jump on, or pick {} again to stop there",
                        name(point)
                    ));
                }
                // A chain that must go on (A4.3, M5).
                (Err(refusal), true) => {
                    *self = longer;
                    return Picked::Changed(format!("{refusal}: pick the next landing point"));
                }
                (Err(refusal), false) => refused = Some(refusal),
            }
        }

        // One of the mover's pieces: choose it (or let go of it).
        if position.pieces(us).contains(point) {
            if self.from == Some(point) && self.landings.is_empty() {
                self.from = None;
                return Picked::Changed(format!("let go of the piece on {}", name(point)));
            }
            let with_piece = Pick {
                claim: self.claim,
                from: Some(point),
                landings: Vec::new(),
            };
            if with_piece.targets(position).is_empty() {
                return Picked::Refused(with_piece.why_stuck(position, point));
            }
            *self = with_piece;
            return Picked::Changed(format!(
                "the piece on {} can go to a highlighted point",
                name(point)
            ));
        }

        Picked::Refused(refused.unwrap_or_else(|| format!("pick one of {us}'s pieces to move")))
    }

    /// The turn the piece on `from` makes over `landings`, after the claim:
    /// the legal turn, or the rules' refusal in words (with the rule). One
    /// landing point makes a step or a one-jump chain, whichever is legal;
    /// when neither is, the refusal said is the step's for a point beside
    /// the piece and the chain's for one further off, but the step's for a
    /// king with nothing to jump (a long move, M4).
    fn turn(&self, position: &Position, from: Point, landings: &[Point]) -> Result<Turn, String> {
        let variant = position.variant();
        let chain = Turn::chain(variant, from, landings)
            .map(|chain| self.claimed(chain))
            .map_err(|error| error.to_string())?;
        let checked = |turn: Turn| position.check(&turn).map(|()| turn);
        let [to] = *landings else {
            return checked(chain).map_err(|refusal| refusal.to_string());
        };
        let step = self.claimed(Turn::step(variant, from, to));
        let beside = position.board().neighbours(from).contains(to);
        match (checked(step), checked(chain)) {
            (Ok(turn), _) | (_, Ok(turn)) => Ok(turn),
            (Err(step), Err(chain)) => Err(match chain.reason {
                Reason::NothingToJump { king: true, .. } => step,
                _ if beside => step,
                _ => chain,
            }
            .to_string()),
        }
    }

    /// Why the piece on `from`, picked after the claim, has no legal turn:
    /// the rules' refusal of a step to a free point beside it (the claimed
    /// piece's point is free), if it has one.
    fn why_stuck(&self, position: &Position, from: Point) -> String {
        let board = position.board();
        let claimed = self.claim.map_or(Bitboard::EMPTY, Bitboard::from);
        let free = board.neighbours(from) - (position.occupied() - claimed);
        let refusal = free.iter().find_map(|to| {
            let step = self.claimed(Turn::step(position.variant(), from, to));
            position.check(&step).err()
        });
        match refusal {
            Some(refusal) => refusal.to_string(),
            None => format!(
                "the piece on {} has no free point beside it",
                board.point_name(from)
            ),
        }
    }

    /// `turn` after the claim picked, if one is.
    fn claimed(&self, turn: Turn) -> Turn {
        self.claim.map_or(turn, |claim| turn.with_claim(claim))
    }
}

#[cfg(test)]
mod tests {
    use peralikatuma_rules::Variant;

    use super::*;

    fn point(position: &Position, name: &str) -> Point {
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

    /// Positions along `games` random games of every variant (a fixed
    /// seed).
    fn random_positions(games: usize) -> Vec<Position> {
        let mut state: u64 = 7;
        let mut positions = Vec::new();
        for variant in Variant::ALL {
            for _ in 0..games {
                let mut position = Position::start(variant);
                for _ in 0..120 {
                    let turns = position.legal_turns();
                    if turns.is_empty() {
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

    #[test]
    fn a_step_is_a_piece_then_its_destination() {
        let start = Position::start(Variant::Peralikatuma);
        let picks = pick_all(&start, &["e4", "e5"]);
        assert_eq!(picks[1], Picked::Turn(turn(&start, "e4-e5")));
    }

    #[test]
    fn pieces_that_can_move_are_the_first_targets() {
        let start = Position::start(Variant::Alquerque);
        let targets = Pick::default().targets(&start);
        let names: Vec<String> = targets
            .iter()
            .map(|p| start.board().point_name(p).to_string())
            .collect();
        assert_eq!(names, ["b2", "c2", "d2", "d3"]);
    }

    #[test]
    fn every_legal_turn_can_be_picked_and_the_targets_are_those_of_the_legal_turns() {
        let mut picked = 0;
        for position in random_positions(12) {
            let turns = position.legal_turns();
            let movable: Bitboard = turns
                .iter()
                .filter(|t| t.claim().is_none())
                .map(|t| t.from())
                .collect();
            assert_eq!(Pick::default().targets(&position), movable, "{position:?}");
            for turn in turns.iter() {
                let mut pick = Pick::default();
                let mut last = None;
                let points = turn.claim().into_iter().chain(turn.path());
                for p in points {
                    last = Some(pick.choose(p, &position));
                }
                // A chain that may stop or go on stops when its last point
                // is picked again (P4).
                if let Some(Picked::Changed(_)) = last {
                    last = Some(pick.choose(turn.to(), &position));
                }
                assert_eq!(last, Some(Picked::Turn(*turn)), "{position:?}");
                picked += 1;
            }
        }
        assert!(picked > 5000, "{picked} turns picked");
    }

    #[test]
    fn a_peralikatuma_chain_may_stop_after_any_jump_p4() {
        // White's c3 can jump d4 to e5 and then f6 to g7.
        let position = Position::parse(Variant::Peralikatuma, "W:Wc3:Bd4,f6,a7").expect("valid");
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
        let position = Position::parse(Variant::Alquerque, "W:Wa1:Bb2,c4,e5").expect("valid");
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
        let position = Position::parse(Variant::Permainan, "W:Wc3:Bd4,e6,a9").expect("valid");
        let picks = pick_all(&position, &["c3", "e5", "e5"]);
        assert_eq!(
            picks[2],
            Picked::Refused("the chain must go on: the piece can jump again from e5 (M5)".into())
        );
    }

    #[test]
    fn a_piece_that_cannot_capture_is_refused_with_the_rule_a4() {
        let position = Position::parse(Variant::Alquerque, "W:Wa1,e1:Bb2,e5").expect("valid");
        let picks = pick_all(&position, &["e1"]);
        assert_eq!(
            picks[0],
            Picked::Refused("a capture is compulsory, and the piece on a1 can capture (A4)".into())
        );
    }

    #[test]
    fn a_piece_hemmed_in_is_refused_for_want_of_a_free_point() {
        // White's a1 has its own pieces on a2, b1 and b2.
        let position = Position::parse(Variant::Alquerque, "W:Wa1,a2,b1,b2:Be5").expect("valid");
        let picks = pick_all(&position, &["a1"]);
        assert_eq!(
            picks[0],
            Picked::Refused("the piece on a1 has no free point beside it".into())
        );
        // Not "never backward (A2)" for a step onto its own piece on e2.
        let start = Position::start(Variant::Alquerque);
        let picks = pick_all(&start, &["e3"]);
        assert_eq!(
            picks[0],
            Picked::Refused("the piece on e3 has no free point beside it".into())
        );
    }

    #[test]
    fn a_claim_comes_first_and_can_be_withdrawn_p6() {
        let position = Position::parse(
            Variant::Peralikatuma,
            "B:Wc1,e1,g1,d2,e2,f2,a3,c3,d3,f3,g3,c4,e4,f4,g4,a5,d5,e5,d6:Bi3,b4,h4,h5,i5,c6,f6,g6,h6,c7,d7,e7,f7,g7,i7,d8,e8,c9,e9,g9:Fa3,d6",
        )
        .expect("valid");
        let turns = position.legal_turns();
        let mut pick = Pick::default();
        let d6 = point(&position, "d6");
        assert!(matches!(pick.choose(d6, &position), Picked::Changed(_)));
        assert_eq!(pick.claim, Some(d6));
        assert!(matches!(pick.choose(d6, &position), Picked::Changed(_)));
        assert_eq!(pick.claim, None);
        pick.choose(d6, &position);
        let from = turns
            .iter()
            .find(|t| t.claim() == Some(d6) && !t.is_capture())
            .expect("a step after the claim");
        pick.choose(from.from(), &position);
        let last = pick.choose(from.to(), &position);
        assert_eq!(last, Picked::Turn(*from));
    }

    #[test]
    fn a_refused_step_says_which_rule_forbids_it() {
        let refusal = |variant, text: &str, names: &[&str]| {
            let position = Position::parse(variant, text).expect("valid");
            match pick_all(&position, names).pop() {
                Some(Picked::Refused(reason)) => reason,
                other => panic!("{other:?}"),
            }
        };
        assert_eq!(
            refusal(
                Variant::Alquerque,
                "B:Wa2,e2:Ba4,d4,a5,d5,e5:Ra4-b4",
                &["a4", "b4"]
            ),
            "the piece on a4 may not step straight back to b4, where it came from (A5)"
        );
        assert_eq!(
            refusal(Variant::Alquerque, "W:Wc3,a5:Be5", &["c3", "c2"]),
            "a piece steps only forward, diagonally forward or sideways, never backward (A2)"
        );
        assert_eq!(
            refusal(Variant::Permainan, "W:Wc4:Bd8", &["c4", "c3"]),
            "a man steps only forward, diagonally forward or sideways, never backward (M2)"
        );
        assert_eq!(
            refusal(Variant::Alquerque, "W:Wa1,d3:Bb2,e5", &["a1", "a2"]),
            "a capture is compulsory, and the piece on a1 can capture (A4)"
        );
        // A point further off is refused as a jump; a king's, with nothing
        // to jump, as a long move (M4).
        assert_eq!(
            refusal(Variant::Peralikatuma, "W:Wc3:Bd4,e9", &["c3", "c5"]),
            "there is no enemy piece on c4 to jump (R2.2)"
        );
        assert_eq!(
            refusal(Variant::Permainan, "W:Wc1,Ka5:Ba7,e9", &["a5", "a7"]),
            "a7 is not empty (M4)"
        );
    }

    #[test]
    fn the_pieces_marked_jumped_are_the_pieces_a_chain_captures() {
        let mut chains = 0;
        for position in random_positions(40) {
            for turn in position.legal_turns().iter().filter(|t| t.is_capture()) {
                let mut pick = Pick {
                    claim: turn.claim(),
                    from: Some(turn.from()),
                    landings: Vec::new(),
                };
                assert_eq!(pick.jumped(&position), Bitboard::EMPTY);
                // One more piece jumped with each landing.
                for (jumps, &landing) in turn.landings().iter().enumerate() {
                    let before = pick.jumped(&position);
                    pick.landings.push(landing);
                    let after = pick.jumped(&position);
                    assert!(before.is_subset(after), "{position:?} {turn:?}");
                    assert_eq!(after.count(), jumps + 1, "{position:?} {turn:?}");
                }
                assert_eq!(pick.jumped(&position), position.captured(turn));
                chains += 1;
            }
        }
        assert!(chains > 1000, "{chains} chains checked");
    }

    #[test]
    fn back_undoes_one_choice_at_a_time() {
        let mut pick = Pick {
            claim: Point::new(1),
            from: Point::new(2),
            landings: Point::new(3).into_iter().collect(),
        };
        assert!(pick.back() && pick.back() && pick.back());
        assert_eq!(pick, Pick::default());
        assert!(!pick.back());
    }
}
