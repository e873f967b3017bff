//! Each game's rules in a few sentences, with the rule numbers of
//! RULES.md, for players who meet a game for the first time.

use peralikatuma_rules::Ruleset;

/// The rules of one of the rule book's three games in a few sentences,
/// with the rule numbers of RULES.md; `None` for the family's other games.
///
/// ```
/// use peralikatuma::play::rules_in_brief;
/// use peralikatuma_rules::Ruleset;
/// assert!(rules_in_brief(Ruleset::ALQUERQUE).unwrap().concat().contains("compulsory (A4)"));
/// assert!(rules_in_brief(Ruleset::find("zamma").unwrap()).is_none());
/// ```
pub fn rules_in_brief(ruleset: &Ruleset) -> Option<&'static [&'static str]> {
    Some(if ruleset == Ruleset::PERALIKATUMA {
        &[
            "Pieces step along the lines to a neighbouring point, or jump over an enemy piece to the point beyond, in every direction; jumps chain, and a chain may stop after any jump (P3, P4).",
            "Capturing is never compulsory (P5). But if you move without capturing while a piece of yours could have jumped, your opponent may first take one of those pieces, then move (P6).",
            "You lose with no pieces or no legal turn (E1). The third repetition of a position (E2) and sixty turns without a piece leaving the board (E4) are draws.",
        ]
    } else if ruleset == Ruleset::ALQUERQUE {
        &[
            "Pieces step forward, diagonally forward or sideways, never back (A2); on its last rank a piece cannot step (A3), and a piece may not step straight back sideways (A5).",
            "Captures are compulsory (A4): the first jump goes forward, diagonally forward or sideways (only sideways from the last rank), later jumps any way, and a chain goes on while it can.",
            "You lose with no pieces or no legal turn (E1). The third repetition of a position (E2) and sixty turns without a capture (E4) are draws.",
        ]
    } else if ruleset == Ruleset::PERMAINAN {
        &[
            "Men step forward, diagonally forward or sideways (M2) and capture by jumping in every direction (M3). A man that ends its move on the far base becomes a king (M6).",
            "A king flies along a line, and captures by passing over one enemy piece at any distance, landing on any empty point beyond (M4).",
            "Captures are compulsory, and a chain goes on while it can (M5). You lose with no pieces or no legal turn (E1); a third repetition (E2) and sixty turns without a capture (E4) are draws.",
        ]
    } else {
        return None;
    })
}
