//! A turn put together point by point, as a player picks it on the board:
//! perhaps a claim (P6), then a piece, then each landing point of its
//! move. Only legal turns can come out of it: every choice is checked
//! against the position's legal turns.

use peralikatuma_rules::{Bitboard, Point, Position, Turn, TurnError};

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
    /// Whether `turn` agrees with everything picked so far.
    fn allows(&self, turn: &Turn) -> bool {
        turn.claim() == self.claim
            && self.from.is_none_or(|from| turn.from() == from)
            && turn.landings().starts_with(&self.landings)
    }

    /// The legal turns that agree with the pick so far.
    pub fn candidates<'a>(&'a self, turns: &'a [Turn]) -> impl Iterator<Item = &'a Turn> + 'a {
        turns.iter().filter(|t| self.allows(t))
    }

    /// The points that can be picked next: with no piece chosen, the pieces
    /// that can move; then the next landing points.
    pub fn targets(&self, turns: &[Turn]) -> Bitboard {
        let depth = self.landings.len();
        self.candidates(turns)
            .filter_map(|t| match self.from {
                None => Some(t.from()),
                Some(_) => t.landings().get(depth).copied(),
            })
            .fold(Bitboard::EMPTY, Bitboard::with)
    }

    /// The turn that ends where the pick ends, when the rules let it stop
    /// there.
    pub fn complete(&self, turns: &[Turn]) -> Option<Turn> {
        if self.from.is_none() || self.landings.is_empty() {
            return None;
        }
        self.candidates(turns)
            .find(|t| t.landings().len() == self.landings.len())
            .copied()
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

    /// Picks `point` in `position`, whose legal turns are `turns`.
    pub fn choose(&mut self, point: Point, position: &Position, turns: &[Turn]) -> Picked {
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
        if self.end() == Some(point) && !self.landings.is_empty() {
            return match self.complete(turns) {
                Some(turn) => Picked::Turn(turn),
                None => Picked::Refused(self.refusal(position, &self.landings)),
            };
        }

        // A landing point.
        if self.from.is_some() && self.targets(turns).contains(point) {
            self.landings.push(point);
            let complete = self.complete(turns);
            let goes_on = self
                .candidates(turns)
                .any(|t| t.landings().len() > self.landings.len());
            return match (complete, goes_on) {
                (Some(turn), false) => Picked::Turn(turn),
                (Some(_), true) => Picked::Changed(format!(
                    "jump on, or pick {} again to stop there",
                    name(point)
                )),
                (None, _) => Picked::Changed(format!(
                    "{}: pick the next landing point",
                    self.refusal(position, &self.landings)
                )),
            };
        }

        // One of the mover's pieces: choose it (or let go of it).
        if position.pieces(us).contains(point) {
            if self.from == Some(point) && self.landings.is_empty() {
                self.from = None;
                return Picked::Changed(format!("let go of the piece on {}", name(point)));
            }
            let mut with_piece = Pick {
                claim: self.claim,
                from: Some(point),
                landings: Vec::new(),
            };
            if with_piece.candidates(turns).next().is_none() {
                return Picked::Refused(with_piece.why_stuck(position));
            }
            std::mem::swap(self, &mut with_piece);
            return Picked::Changed(format!(
                "the piece on {} can go to a highlighted point",
                name(point)
            ));
        }

        Picked::Refused(match self.from {
            None => format!("pick one of {us}'s pieces to move"),
            Some(_) => {
                let mut landings = self.landings.clone();
                landings.push(point);
                self.refusal(position, &landings)
            }
        })
    }

    /// Why the rules refuse the picked piece's move over `landings`, in
    /// the rules crate's words (with the rule).
    fn refusal(&self, position: &Position, landings: &[Point]) -> String {
        let board = position.board();
        let name = |p: Point| board.point_name(p).to_string();
        let Some(from) = self.from else {
            return "pick a piece first".to_owned();
        };
        let step = landings.len() == 1 && board.neighbours(from).contains(landings[0]);
        let separator = if step { "-" } else { "x" };
        let path: Vec<String> = std::iter::once(from)
            .chain(landings.iter().copied())
            .map(name)
            .collect();
        let claim = self
            .claim
            .map_or(String::new(), |c| format!("!{} ", name(c)));
        let text = format!("{claim}{}", path.join(separator));
        match position.parse_turn(&text) {
            Err(TurnError::Illegal(refusal)) => refusal.to_string(),
            Err(error) => error.to_string(),
            Ok(_) => format!("{text} is a legal turn"),
        }
    }

    /// Why the picked piece has no legal turn: the rules' reason against a
    /// step to a free point beside it, if it has one.
    fn why_stuck(&self, position: &Position) -> String {
        let board = position.board();
        let Some(from) = self.from else {
            return "pick a piece first".to_owned();
        };
        let free = (board.points() - position.occupied())
            | self.claim.map_or(Bitboard::EMPTY, Bitboard::from);
        match (board.neighbours(from) & free).first() {
            Some(to) => self.refusal(position, &[to]),
            None => format!(
                "the piece on {} has no free point beside it",
                board.point_name(from)
            ),
        }
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
        let turns = position.legal_turns();
        let mut pick = Pick::default();
        names
            .iter()
            .map(|n| pick.choose(point(position, n), position, &turns))
            .collect()
    }

    fn turn(position: &Position, text: &str) -> Turn {
        position.parse_turn(text).expect("legal")
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
        let turns = start.legal_turns();
        let targets = Pick::default().targets(&turns);
        let names: Vec<String> = targets
            .iter()
            .map(|p| start.board().point_name(p).to_string())
            .collect();
        assert_eq!(names, ["b2", "c2", "d2", "d3"]);
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
        assert!(
            matches!(picks[1], Picked::Changed(ref m) if m.contains("the chain must go on: the piece can jump again from c3 (A4.3)"))
        );
        assert!(
            matches!(picks[2], Picked::Refused(ref m) if m.contains("the chain must go on: the piece can jump again from c3 (A4.3)"))
        );
        let picks = pick_all(&position, &["a1", "c3", "c5"]);
        assert_eq!(picks[2], Picked::Turn(turn(&position, "a1xc3xc5")));
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
    fn a_claim_comes_first_and_can_be_withdrawn_p6() {
        let position = Position::parse(
            Variant::Peralikatuma,
            "B:Wc1,e1,g1,d2,e2,f2,a3,c3,d3,f3,g3,c4,e4,f4,g4,a5,d5,e5,d6:Bi3,b4,h4,h5,i5,c6,f6,g6,h6,c7,d7,e7,f7,g7,i7,d8,e8,c9,e9,g9:Fa3,d6",
        )
        .expect("valid");
        let turns = position.legal_turns();
        let mut pick = Pick::default();
        let d6 = point(&position, "d6");
        assert!(matches!(
            pick.choose(d6, &position, &turns),
            Picked::Changed(_)
        ));
        assert_eq!(pick.claim, Some(d6));
        assert!(matches!(
            pick.choose(d6, &position, &turns),
            Picked::Changed(_)
        ));
        assert_eq!(pick.claim, None);
        pick.choose(d6, &position, &turns);
        let from = turns
            .iter()
            .find(|t| t.claim() == Some(d6) && !t.is_capture())
            .expect("a step after the claim");
        pick.choose(from.from(), &position, &turns);
        let last = pick.choose(from.to(), &position, &turns);
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
