//! The casual player: a careful beginner, told in rules a person can
//! follow at the board without looking ahead.

use peralikatuma_rules::{Position, Turn};

use crate::facts::Facts;
use crate::node::Node;

/// The turns the casual player ([`Strength::Casual`](crate::Strength))
/// chooses among in `position`, uniformly at random. It narrows the legal
/// turns by these rules, in this order, each applied only when at least
/// one turn passes it:
///
/// 0. **It never loses on the spot** when it can avoid it (in the family,
///    a huff that leaves it no move loses, rules.md F6).
/// 1. **It always claims** (Peralikatuma, P6; the family's huff, F4): when
///    a claim is possible it keeps only turns that claim.
/// 2. **It never leaves a piece to be taken at once when it can avoid
///    it**: it keeps only turns after which the opponent can neither jump
///    one of its pieces nor claim one (P6).
/// 3. **It takes the biggest capture**: it keeps only turns that capture
///    the most pieces.
///
/// Among the turns left it chooses at random. It does not look further
/// ahead: it does not see a piece it can trap, nor a trap laid for it.
pub(crate) fn casual_choices(position: &Position) -> Vec<Turn> {
    let mut turns: Vec<(Turn, Facts)> = position
        .legal_turns()
        .into_iter()
        .map(|turn| (turn, position.facts(&turn)))
        .collect();
    keep_if_any(&mut turns, |facts| !facts.loses);
    keep_if_any(&mut turns, |facts| facts.claims);
    keep_if_any(&mut turns, |facts| !facts.exposes());
    let most = turns.iter().map(|(_, f)| f.captured).max().unwrap_or(0);
    turns.retain(|(_, facts)| facts.captured == most);
    turns.into_iter().map(|(turn, _)| turn).collect()
}

/// Keeps the turns whose facts pass `rule`, if there are any.
fn keep_if_any<T>(turns: &mut Vec<(T, Facts)>, rule: impl Fn(&Facts) -> bool) {
    if turns.iter().any(|(_, facts)| rule(facts)) {
        turns.retain(|(_, facts)| rule(facts));
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use peralikatuma_rules::Ruleset;

    fn parse(variant: &'static Ruleset, text: &str) -> Position {
        Position::parse(variant, text).unwrap()
    }

    fn choices(variant: &'static Ruleset, text: &str) -> (Position, Vec<String>) {
        let position = parse(variant, text);
        let mut names: Vec<String> = casual_choices(&position)
            .iter()
            .map(|turn| turn.text(position.board()))
            .collect();
        names.sort();
        (position, names)
    }

    #[test]
    fn p6_always_claims() {
        // The example of P6: 1. e4-e5 d6-d5, and White may claim e6.
        let mut position = Position::start(Ruleset::PERALIKATUMA);
        for turn in ["e4-e5", "d6-d5"] {
            position = position.play(&position.parse_turn(turn).unwrap()).unwrap();
        }
        let choices = casual_choices(&position);
        assert!(!choices.is_empty());
        assert!(choices.iter().all(|turn| turn.huff().is_some()));
    }

    #[test]
    fn never_leaves_a_piece_to_be_jumped_when_it_can_avoid_it() {
        // In each game some turns walk into a jump, and some do not.
        for (variant, text) in [
            (Ruleset::PERALIKATUMA, "W:Wd4,a7:Bf6"),
            (Ruleset::ALQUERQUE, "W:Wa1,c3:Be5"),
            (Ruleset::PERMAINAN, "W:Wc5,a1:Bc7"),
        ] {
            let position = parse(variant, text);
            let legal = position.legal_turns();
            let hanging = legal.iter().filter(|t| position.facts(t).exposes()).count();
            assert!(
                hanging > 0 && hanging < legal.len(),
                "{text}: a test of a choice"
            );
            for turn in casual_choices(&position) {
                let name = turn.text(position.board());
                assert!(!position.facts(&turn).exposes(), "{text}: {name}");
            }
        }
    }

    #[test]
    fn leaves_a_piece_only_when_every_turn_does() {
        // Alquerque: White's only turn is c1xc3 (captures are compulsory,
        // A4), and b4 then jumps c3; casual still plays it.
        let position = parse(Ruleset::ALQUERQUE, "W:Wc1:Bc2,b4,a5");
        let legal = position.legal_turns();
        assert!(legal.iter().all(|t| position.facts(t).exposes()));
        assert!(!casual_choices(&position).is_empty());
    }

    #[test]
    fn safety_comes_before_the_size_of_a_capture() {
        // Peralikatuma: c3xe5xe7 takes two and hangs, c3xe5xe3 takes two
        // and does not; the safe chains of four are chosen.
        let (position, names) = choices(Ruleset::PERALIKATUMA, "W:Wc3:Bd4,f6,e6,g4,g6,e4");
        assert_eq!(
            names,
            ["c3xe5xe7xg5xg3", "c3xe5xe7xg5xg7", "c3xe5xg7xg5xg3"]
        );
        let hanging = position.parse_turn("c3xe5xg7xg5").unwrap();
        assert!(position.facts(&hanging).hangs);
    }

    #[test]
    fn takes_the_biggest_capture() {
        // Peralikatuma: White c3 can take d4 (to e5) or d4 then f6 (to g7);
        // both leave nothing to be jumped.
        let (position, names) = choices(Ruleset::PERALIKATUMA, "W:Wc3,a7:Bd4,f6");
        assert!(!names.is_empty());
        for name in &names {
            let captured = position.parse_turn(name).unwrap().captured();
            assert_eq!(captured.count_ones(), 2, "{name}");
        }
    }
}
