//! What the line mode shows of a game, the same for all 21: advice,
//! forfeits, the notation of removals and the rules in brief. Every rule
//! is the rules crate's; this only says it.

use peralikatuma_rules::{Chain, End, Game, Removal, Ruleset};

use crate::play::brief::rules_in_brief;
use crate::session::advice::{claim_advice, no_return_advice};

/// What the player to move should know (pieces they may take first,
/// steps barred), nothing once the game is over.
pub(crate) fn advice(game: &Game) -> Vec<String> {
    let position = game.position();
    if game.ending().is_some() {
        return Vec::new();
    }
    let mut advice = Vec::new();
    advice.extend(no_return_advice(position));
    advice.extend(claim_advice(position).map(|a| format!("{a} (write `!point` before the move)")));
    advice
}

/// Whether a turn can forfeit pieces in `game` (P6, F4), so that warnings
/// mean something.
pub(crate) fn has_forfeits(game: &Game) -> bool {
    game.ruleset().huff
}

/// The help's lines on taking a piece first (a claim, a huff) and on
/// passing, for `game`.
pub(crate) fn notation_help(game: &Game) -> &'static str {
    match game.ruleset().is_rule_book() {
        true => "  !e6 d4-d5      claim the forfeited piece on e6, then move (Peralikatuma, P6)",
        false => {
            "  !e6 d4-d5      huff the piece on e6 (where the game has the huff), then move\n  pass           pass, where a player without a move must"
        }
    }
}

/// The rules of `ruleset` in brief: the rule book's for its three games
/// ([`rules_in_brief`]), else from the ruleset's data (rules.md F).
pub(crate) fn rules_brief(ruleset: &'static Ruleset) -> Vec<String> {
    match rules_in_brief(ruleset) {
        Some(lines) => lines.iter().map(|p| (*p).to_owned()).collect(),
        None => family_brief(ruleset),
    }
}

/// A family ruleset's rules in brief, from its data (rules.md F).
fn family_brief(ruleset: &Ruleset) -> Vec<String> {
    let forward = ruleset.forward[0].is_some();
    let mut brief = vec![format!(
        "{}: {} (source: {}).",
        ruleset.name,
        ruleset.board.name(),
        ruleset.source
    )];
    let steps = if forward {
        "Men step along the lines to a neighbouring point, straight or diagonally forward only (F3)"
    } else {
        "Pieces step along the lines to a neighbouring point, in every direction"
    };
    let leap = if ruleset.leap_zone != 0 {
        "; outside the middle of the square they may also move two points along a line, over an empty point (F5)"
    } else {
        ""
    };
    let chain = match ruleset.chain {
        Chain::Single => "one jump a turn",
        Chain::Optional => "jumps chain, and a chain may stop after any jump",
        Chain::Second => "a second jump must follow when there is one, and never a third",
        Chain::Compulsory => "jumps chain, and a chain goes on as long as the piece can jump",
    };
    let leaves = match ruleset.removal {
        Removal::AtOnce => "the captured piece leaves at once",
        Removal::AtEnd => "the captured pieces leave when the move ends (R2.4)",
    };
    brief.push(format!(
        "{steps}{leap}. A piece captures by jumping over an enemy piece to the empty point beyond, in every direction, and {leaves}: {chain} (F1, F2)."
    ));
    let mut capture = match ruleset.compulsory {
        true => "Capturing is compulsory",
        false => "Capturing is never compulsory",
    }
    .to_owned();
    if ruleset.huff {
        capture.push_str(
            ". But if you move without capturing while a piece of yours could have jumped, your opponent may first remove (huff) one of those pieces, then move (F4)",
        );
    }
    brief.push(format!("{capture}."));
    if ruleset.has_kings() {
        brief.push(
            "A man whose move ends on the far row becomes a king, which moves any distance along a line and captures from afar (F3)."
                .to_owned(),
        );
    }
    brief.push(
        match ruleset.end {
            End::NoMovesLoses => "You lose with no legal turn (F6).",
            End::CaptureAll => {
                "You lose with no pieces left; a player who cannot move passes, and two passes in a row draw (F6)."
            }
            End::PassThenLoses => "A player who cannot move passes, and has then lost (F6).",
        }
        .to_owned(),
    );
    brief.push(
        "The third repetition of a position (E2) and sixty turns without a piece leaving the board (E4) are draws."
            .to_owned(),
    );
    brief
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::advice::forfeit_warning;
    use peralikatuma_rules::{Position, Ruleset};

    #[test]
    fn a_family_ruleset_in_brief_says_its_own_rules_with_their_numbers() {
        let zamma = family_brief(Ruleset::find("zamma").expect("a ruleset")).join(" ");
        for said in [
            "straight or diagonally forward only (F3)",
            "one jump a turn (F1, F2)",
            "(huff) one of those pieces, then move (F4)",
            "becomes a king",
            "passes, and has then lost (F6)",
        ] {
            assert!(zamma.contains(said), "{said}: {zamma}");
        }
        let lau = family_brief(Ruleset::find("lau-kata-kati").expect("a ruleset")).join(" ");
        assert!(
            lau.contains("in every direction. A piece captures"),
            "{lau}"
        );
        assert!(!lau.contains("huff") && !lau.contains("king"), "{lau}");
        assert!(lau.contains("two passes in a row draw (F6)"), "{lau}");
        let terhuchu = family_brief(Ruleset::find("terhuchu").expect("a ruleset")).join(" ");
        assert!(terhuchu.contains("(F5)"), "{terhuchu}");
    }

    #[test]
    fn f4_a_step_that_leaves_a_capture_untaken_is_warned_about() {
        let zamma = Ruleset::find("zamma").expect("a ruleset");
        let start = Position::parse(zamma, "W:Wc3,a1:Bd4,i9").expect("a position");
        let game = Game::from_position(start);
        assert!(has_forfeits(&game));
        let warning = |text| forfeit_warning(&start, &start.parse_turn(text).expect("legal"));
        assert_eq!(
            warning("a1-a2").expect("a warning"),
            "a1-a2 captures nothing, so Black may then take your piece on c3: it could have jumped (F4)"
        );
        assert_eq!(warning("c3xe5"), None);
        let lau = Game::new(Ruleset::find("lau-kata-kati").expect("a ruleset"));
        assert!(!has_forfeits(&lau));
    }

    #[test]
    fn p6_the_rule_books_claims_are_advised_and_written_as_claims() {
        let peralikatuma = peralikatuma_rules::Ruleset::PERALIKATUMA;
        let start = Position::parse(peralikatuma, "B:Wc3,e5:Bd4,i5:Fc3").expect("a position");
        let game = Game::from_position(start);
        assert_eq!(
            advice(&game),
            [
                "White moved without capturing when it could have jumped, so Black may first take its piece on c3 (P6) (write `!point` before the move)"
            ]
        );
        assert!(notation_help(&game).contains("claim the forfeited piece"));
    }
}
