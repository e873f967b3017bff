//! What a turn does that a person sees at a glance: how many pieces it
//! takes, whether it claims (P6), and what it leaves the opponent to take
//! at once. The casual player and the mistakes of the weak strengths are
//! told in these terms.

use peralikatuma_rules::{Position, Turn};

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
    /// Whether it loses the game at once (in the family, a huff that
    /// leaves the huffer no move, rules.md F6); never in the seed games.
    pub loses: bool,
}

impl Facts {
    /// The facts of `turn`, a legal turn of `position`.
    pub fn of(position: &Position, turn: &Turn) -> Facts {
        let after = position.play_unchecked(turn);
        Facts {
            captured: position.captured(turn).count() as u32,
            claims: turn.claim().is_some(),
            hangs: !after.capturable(after.side_to_move()).is_empty(),
            forfeits: !after.claimable().is_empty(),
            loses: false,
        }
    }

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
    use peralikatuma_rules::Variant;

    fn facts(variant: Variant, text: &str, turn: &str) -> Facts {
        let position = Position::parse(variant, text).unwrap();
        let turn = position.parse_turn(turn).unwrap();
        Facts::of(&position, &turn)
    }

    #[test]
    fn captures_hanging_pieces_and_forfeits_p6() {
        // The example of P6: after 1. e4-e5, Black's e6 could jump e6xe4.
        let start = Variant::Peralikatuma.start_text();
        let step = facts(Variant::Peralikatuma, start, "e4-e5");
        // e5 can be jumped by e6 (e6xe4).
        assert!(step.hangs && !step.forfeits && step.captured == 0);
        let mut position = Position::parse(Variant::Peralikatuma, start).unwrap();
        position = position
            .play(&position.parse_turn("e4-e5").unwrap())
            .unwrap();
        // Black steps instead of jumping: White may claim e6 (P6).
        let forfeit = Facts::of(&position, &position.parse_turn("d6-d5").unwrap());
        assert!(forfeit.forfeits && forfeit.exposes());
        let jump = Facts::of(&position, &position.parse_turn("e6xe4").unwrap());
        assert_eq!(jump.captured, 1);
        assert!(!jump.forfeits && !jump.claims);
    }
}
