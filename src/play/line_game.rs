//! What the line mode shows of a game, for the seed games and the
//! family's alike: the board as text, advice, warnings, the legal turns
//! and the rules in brief.

use peralikatuma_rules::Game;
use peralikatuma_rules::family::{self, Chain, End, Removal};

use crate::play::brief::rules_in_brief;
use crate::play::{legal_turn_notations, legal_turn_texts};
use crate::session::{SessionGame, claim_advice, forfeit_warning, no_return_advice};
use crate::{diagram, family_diagram};

/// A game as the line mode shows it.
pub trait LineGame: SessionGame {
    /// The game's name for people.
    fn title(&self) -> String;
    /// The board and the status line.
    fn diagram(&self) -> String;
    /// What the player to move should know (claims, barred steps).
    fn advice(&self) -> Vec<String>;
    /// A warning about the turn written as `text`, if it costs pieces.
    fn warning(&self, text: &str) -> Option<String>;
    /// The first legal turns written out, and how many there are.
    fn legal_texts(&self) -> (Vec<String>, usize);
    /// The rules in brief.
    fn brief(&self) -> Vec<String>;
    /// The help's line on claims (or huffs).
    fn notation_help(&self) -> &'static str;
    /// Whether a turn can forfeit pieces (P6), so that `warnings` means
    /// something.
    fn has_forfeits(&self) -> bool;
}

impl LineGame for Game {
    fn title(&self) -> String {
        self.variant().to_string()
    }

    fn diagram(&self) -> String {
        diagram(self.position())
    }

    fn advice(&self) -> Vec<String> {
        let position = self.position();
        let mut advice = Vec::new();
        if self.outcome().is_none() {
            advice.extend(no_return_advice(position));
            advice.extend(
                claim_advice(position).map(|a| format!("{a} (write `!point` before the move)")),
            );
        }
        advice
    }

    fn warning(&self, text: &str) -> Option<String> {
        let position = self.position();
        if self.outcome().is_some() {
            return None;
        }
        let turn = position.parse_turn(text).ok()?;
        forfeit_warning(position, &turn)
    }

    fn legal_texts(&self) -> (Vec<String>, usize) {
        legal_turn_notations(self.position())
    }

    fn brief(&self) -> Vec<String> {
        rules_in_brief(self.variant())
            .iter()
            .map(|p| (*p).to_owned())
            .collect()
    }

    fn notation_help(&self) -> &'static str {
        "  !e6 d4-d5      claim the forfeited piece on e6, then move"
    }

    fn has_forfeits(&self) -> bool {
        self.variant() == peralikatuma_rules::Variant::Peralikatuma
    }
}

impl LineGame for family::Game {
    fn title(&self) -> String {
        self.start().ruleset().name.to_owned()
    }

    fn diagram(&self) -> String {
        family_diagram(self.position())
    }

    fn advice(&self) -> Vec<String> {
        let position = self.position();
        if self.ending().is_some() || position.huffable() == 0 {
            return Vec::new();
        }
        let board = position.board();
        let names: Vec<String> = (0..board.len() as u8)
            .filter(|&p| position.huffable() & (1 << p) != 0)
            .map(|p| board.point_name(p).to_string())
            .collect();
        vec![format!(
            "You may huff {} (write `!point` before the move)",
            names.join(" or ")
        )]
    }

    fn warning(&self, text: &str) -> Option<String> {
        let position = self.position();
        if self.ending().is_some() || !position.ruleset().huff {
            return None;
        }
        let after = position.play_unchecked(&position.parse_turn(text).ok()?);
        let huffable = after.huffable();
        if huffable == 0 {
            return None;
        }
        let board = position.board();
        let names: Vec<String> = (0..board.len() as u8)
            .filter(|&p| huffable & (1 << p) != 0)
            .map(|p| board.point_name(p).to_string())
            .collect();
        Some(format!(
            "After {text} your opponent may huff {} (F4)",
            names.join(" or ")
        ))
    }

    fn legal_texts(&self) -> (Vec<String>, usize) {
        legal_turn_texts(self)
    }

    fn brief(&self) -> Vec<String> {
        family_brief(self.start().ruleset())
    }

    fn notation_help(&self) -> &'static str {
        "  !e6 d4-d5      huff the piece on e6 (where the game has the huff), then move\n  pass           pass, where a player without a move must"
    }

    fn has_forfeits(&self) -> bool {
        self.start().ruleset().huff
    }
}

/// The rules of `ruleset` in brief: the rule book's for its three games
/// ([`rules_in_brief`]), else from the ruleset's data (rules.md F).
pub(crate) fn rules_brief(ruleset: &'static family::Ruleset) -> Vec<String> {
    match ruleset.variant() {
        Some(variant) => rules_in_brief(variant)
            .iter()
            .map(|p| (*p).to_owned())
            .collect(),
        None => family_brief(ruleset),
    }
}

/// A family ruleset's rules in brief, from its data (rules.md F).
fn family_brief(ruleset: &family::Ruleset) -> Vec<String> {
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
    use peralikatuma_rules::family::Ruleset;

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
        let start = family::Position::parse(zamma, "W:Wc3,a1:Bd4,i9").expect("a position");
        let game = family::Game::from_position(start);
        assert!(game.has_forfeits());
        let warning = game.warning("a1-a2").expect("a warning");
        assert_eq!(warning, "After a1-a2 your opponent may huff c3 (F4)");
        assert_eq!(game.warning("c3xe5"), None);
        let lau = family::Game::new(Ruleset::find("lau-kata-kati").expect("a ruleset"));
        assert!(!lau.has_forfeits() && lau.warning("d3-d4").is_none());
    }
}
