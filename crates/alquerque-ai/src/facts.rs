//! What a turn does that a person sees at a glance: how many pieces it
//! takes, whether it claims (P6), and what it leaves the opponent to take
//! at once. The casual player and the mistakes of the weak strengths are
//! told in these terms.

/// What one turn does, seen from the position it is played in.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Facts {
    /// Pieces its move captures (a claim not counted).
    pub captured: u32,
    /// Whether it claims a piece first (P6).
    pub claims: bool,
    /// Whether, after it, the opponent can jump one of the mover's pieces.
    pub hangs: bool,
    /// Whether, after it, the opponent can claim one of the mover's pieces
    /// (P6: it moved without capturing although a piece could jump).
    pub forfeits: bool,
    /// Whether it loses the game at once (a huff that leaves the huffer
    /// no move, rules.md F6); never in the rule book's games.
    pub loses: bool,
}

impl Facts {
    /// Whether the opponent can take one of the mover's pieces at once,
    /// by a jump or a claim.
    pub fn exposes(self) -> bool {
        self.hangs || self.forfeits
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::node::Node;
    use peralikatuma_rules::Position;
    use peralikatuma_rules::Ruleset;

    fn facts(position: &Position, turn: &str) -> Facts {
        position.facts(&position.parse_turn(turn).unwrap())
    }

    #[test]
    fn captures_hanging_pieces_and_forfeits_p6() {
        // The example of P6: after 1. e4-e5, Black's e6 could jump e6xe4.
        let start = Position::start(Ruleset::PERALIKATUMA);
        let step = facts(&start, "e4-e5");
        // e5 can be jumped by e6 (e6xe4).
        assert!(step.hangs && !step.forfeits && step.captured == 0);
        let position = start.play(&start.parse_turn("e4-e5").unwrap()).unwrap();
        // Black steps instead of jumping: White may claim e6 (P6).
        let forfeit = facts(&position, "d6-d5");
        assert!(forfeit.forfeits && forfeit.exposes());
        let jump = facts(&position, "e6xe4");
        assert_eq!(jump.captured, 1);
        assert!(!jump.forfeits && !jump.claims);
    }
}
