//! The family's move generator against the plain one of `family_plain/`.
//! Random games of every ruleset are played with both, and at every turn
//! the two must list the same turns, reach the same positions and end the
//! game alike.
#![allow(clippy::unwrap_used)]

mod family_plain;

use family_plain::Plain;
use peralikatuma_rules::{Chain, End, Position, RULESETS, Ruleset};
use peralikatuma_rules::{Outcome, Side};
use proptest::prelude::*;

/// Plays one random game of `rules` with both generators, checking every
/// position; returns the number of turns played.
fn compare_game(rules: &'static Ruleset, choices: &[usize]) -> Result<usize, TestCaseError> {
    let mut position = Position::start(rules);
    let mut plain = Plain::start(rules);
    for (ply, &choice) in choices.iter().enumerate() {
        let board = rules.board;
        let ours: Vec<String> = position
            .legal_turns()
            .iter()
            .map(|t| t.text(board))
            .collect();
        let theirs = plain.turns();
        let mut sorted_ours = ours.clone();
        sorted_ours.sort();
        let mut sorted_theirs: Vec<String> = theirs.iter().map(|t| t.0.clone()).collect();
        sorted_theirs.sort();
        prop_assert_eq!(
            &sorted_ours,
            &sorted_theirs,
            "{} ply {} {:?}",
            rules.id,
            ply,
            position
        );
        prop_assert_eq!(
            position.has_legal_turn(),
            !ours.is_empty(),
            "{} ply {}",
            rules.id,
            ply
        );
        let mut unique = sorted_ours.clone();
        unique.dedup();
        prop_assert_eq!(unique.len(), ours.len(), "{} lists a turn twice", rules.id);
        if ours.is_empty() {
            let ended = plain.ended.or(match rules.end {
                End::NoMovesLoses => Some(Outcome::Win {
                    winner: plain.side.opposite(),
                    reason: plain.stuck_loses(),
                }),
                _ => None,
            });
            prop_assert_eq!(position.outcome(), ended, "{} ply {}", rules.id, ply);
            return Ok(ply);
        }
        let turns = position.legal_turns();
        if rules.chain != Chain::Second {
            // The pieces the side to move could take first are those its
            // single captures take (Covarrubias lists a first capture
            // alone only when no second follows).
            let single = turns
                .iter()
                .filter(|t| t.huff().is_none() && t.captured().count_ones() == 1)
                .fold(0, |set, t| set | t.captured());
            prop_assert_eq!(
                position.capturable(position.side_to_move()),
                single,
                "{} ply {}",
                rules.id,
                ply
            );
        }
        // The captures alone, as the quiescence search asks for them.
        let mut captures = Vec::new();
        let _ = position.generate_captures(|turn| {
            captures.push(*turn);
            std::ops::ControlFlow::<()>::Continue(())
        });
        let expected: Vec<_> = turns
            .iter()
            .filter(|t| t.captured() != 0 && t.huff().is_none())
            .copied()
            .collect();
        prop_assert_eq!(captures, expected, "{} ply {}", rules.id, ply);
        let turn = &turns[choice % turns.len()];
        let text = turn.text(board);
        position = position.play_unchecked(turn);
        plain = theirs.into_iter().find(|t| t.0 == text).unwrap().1;
        prop_assert!(
            plain.agrees_with(&position),
            "{} ply {} after {}: {:?} vs {:?}",
            rules.id,
            ply,
            text,
            position,
            plain
        );
    }
    Ok(choices.len())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    /// Random games of every ruleset, up to 300 turns each.
    #[test]
    fn random_games_agree_with_the_plain_generator(choices in prop::collection::vec(any::<usize>(), 300)) {
        for rules in &RULESETS {
            compare_game(rules, &choices)?;
        }
    }
}

/// Games that reach kings, huffs and passes: many seeds of the rulesets
/// that have them, played to their end.
#[test]
fn kings_huffs_and_passes_are_reached_and_agree() {
    let mut seen_kings = 0;
    let mut seen_huffs = 0;
    let mut seen_passes = 0;
    for seed in 0..25u64 {
        for id in [
            "kharbaga",
            "zamma",
            "alquerque-covarrubias",
            "lau-kata-kati",
            "dam-singapore",
        ] {
            let rules = Ruleset::find(id).unwrap();
            let mut state = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
            let choices: Vec<usize> = (0..400)
                .map(|_| {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    state as usize
                })
                .collect();
            compare_game(rules, &choices).unwrap();
            // Count what the game went through, with the crate alone.
            let mut position = Position::start(rules);
            for &choice in &choices {
                let turns = position.legal_turns();
                if turns.is_empty() {
                    break;
                }
                let turn = &turns[choice % turns.len()];
                seen_huffs += usize::from(turn.huff().is_some());
                seen_passes += usize::from(turn.landings().is_empty());
                position = position.play_unchecked(turn);
                seen_kings +=
                    usize::from(position.kings(Side::White) | position.kings(Side::Black) != 0);
            }
        }
    }
    assert!(
        seen_kings > 100 && seen_huffs > 50 && seen_passes > 0,
        "{seen_kings} {seen_huffs} {seen_passes}"
    );
}
