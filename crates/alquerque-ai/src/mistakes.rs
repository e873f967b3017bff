//! The mistakes of the weak strengths: on some turns they play a plausible
//! wrong turn on purpose, of a kind a person makes, at a rate per kind that
//! sets their level.

use peralikatuma_rules::{Position, Turn};
use rand::RngExt;
use rand::rngs::Xoshiro256PlusPlus;

use crate::facts::Facts;
use crate::node::Node;
use crate::score::Score;

/// How often a player makes each kind of mistake: the chance, on a turn
/// where the mistake can be made, that it is.
#[derive(Copy, Clone, PartialEq, Debug)]
pub struct Mistakes {
    /// A forfeit overlooked (Peralikatuma, P6): a claim not made, or a
    /// move that hands the opponent a claim, where the intended turn does
    /// neither.
    pub forfeit: f64,
    /// A missed capture: a turn that captures fewer pieces than the
    /// intended one (in Peralikatuma none, or a chain stopped early).
    pub missed_capture: f64,
    /// A piece left hanging: a turn after which the opponent can jump one
    /// of the mover's pieces, where after the intended turn it cannot.
    pub hanging: f64,
}

/// The kinds of mistake, in the order a player is tempted by them.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum Kind {
    Forfeit,
    MissedCapture,
    Hanging,
}

impl Mistakes {
    /// The rate of one kind.
    fn rate(self, kind: Kind) -> f64 {
        match kind {
            Kind::Forfeit => self.forfeit,
            Kind::MissedCapture => self.missed_capture,
            Kind::Hanging => self.hanging,
        }
    }

    /// The turn a player who meant to play `intended` plays in `position`,
    /// given each legal turn's score by its own search: for each kind of
    /// mistake in turn, if some legal turn would be that mistake, then with
    /// the kind's rate it plays the best scored of those turns (at random
    /// among equals): the wrong turn that looks most plausible to it. If
    /// it makes no mistake, `intended`.
    pub fn apply(
        self,
        position: &Position,
        scored: &[(Turn, Score)],
        intended: Turn,
        rng: &mut Xoshiro256PlusPlus,
    ) -> Turn {
        let meant = position.facts(&intended);
        let facts: Vec<Facts> = scored
            .iter()
            .map(|(turn, _)| position.facts(turn))
            .collect();
        for kind in [Kind::Forfeit, Kind::MissedCapture, Kind::Hanging] {
            // A turn that loses on the spot is no plausible mistake.
            let wrong: Vec<usize> = (0..scored.len())
                .filter(|&i| !facts[i].loses && is_mistake(kind, meant, facts[i]))
                .collect();
            if wrong.is_empty() || !rng.random_bool(self.rate(kind)) {
                continue;
            }
            let best = wrong
                .iter()
                .map(|&i| scored[i].1)
                .max()
                .unwrap_or(Score::DRAW);
            let likely: Vec<usize> = wrong.into_iter().filter(|&i| scored[i].1 == best).collect();
            return scored[likely[rng.random_range(0..likely.len())]].0;
        }
        intended
    }
}

/// Whether a turn with facts `turn` is a mistake of `kind` for a player who
/// meant a turn with facts `meant`.
pub(crate) fn is_mistake(kind: Kind, meant: Facts, turn: Facts) -> bool {
    match kind {
        Kind::Forfeit => (meant.claims && !turn.claims) || (!meant.forfeits && turn.forfeits),
        Kind::MissedCapture => turn.captured < meant.captured,
        Kind::Hanging => !meant.hangs && turn.hangs,
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use peralikatuma_rules::Ruleset;
    use rand::SeedableRng;

    fn facts(captured: u32, claims: bool, hangs: bool, forfeits: bool) -> Facts {
        Facts {
            captured,
            claims,
            hangs,
            forfeits,
            loses: false,
        }
    }

    #[test]
    fn kinds_are_told_against_the_intended_turn() {
        let quiet = facts(0, false, false, false);
        assert!(is_mistake(
            Kind::MissedCapture,
            facts(2, false, false, false),
            facts(1, false, false, false)
        ));
        assert!(!is_mistake(Kind::MissedCapture, quiet, quiet));
        assert!(is_mistake(
            Kind::Hanging,
            quiet,
            facts(0, false, true, false)
        ));
        assert!(!is_mistake(
            Kind::Hanging,
            facts(0, false, true, false),
            facts(0, false, true, false)
        ));
        assert!(is_mistake(
            Kind::Forfeit,
            facts(0, true, false, false),
            quiet
        ));
        assert!(is_mistake(
            Kind::Forfeit,
            quiet,
            facts(0, false, false, true)
        ));
        assert!(!is_mistake(Kind::Forfeit, quiet, quiet));
    }

    #[test]
    fn rates_of_zero_and_one_never_and_always_err() {
        // 1. e4-e5: Black's e6 can jump e4; a step instead forfeits it.
        let mut position = Position::start(Ruleset::PERALIKATUMA);
        position = position
            .play(&position.parse_turn("e4-e5").unwrap())
            .unwrap();
        let scored: Vec<(Turn, Score)> = position
            .legal_turns()
            .into_iter()
            .map(|t| (t, Score(i32::from(t.captured() != 0) * 100)))
            .collect();
        let jump = position.parse_turn("e6xe4").unwrap();
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
        let never = Mistakes {
            forfeit: 0.0,
            missed_capture: 0.0,
            hanging: 0.0,
        };
        assert_eq!(never.apply(&position, &scored, jump, &mut rng), jump);
        let capture_missed = Mistakes {
            forfeit: 0.0,
            missed_capture: 1.0,
            hanging: 0.0,
        };
        for _ in 0..20 {
            let turn = capture_missed.apply(&position, &scored, jump, &mut rng);
            assert!(turn.captured() == 0, "{}", turn.text(position.board()));
        }
    }
}
