//! Values kept for each of the rule book's three games.

use std::ptr;

use peralikatuma_rules::Ruleset;

/// The one of `per_game` (Peralikatuma's, Alquerque's and Permainan's, in
/// the order of [`Ruleset::RULE_BOOK`]) for `ruleset`, if it is one of the
/// rule book's games: the static itself, not a copy with its id.
pub(crate) fn of_rule_book<T: Copy>(ruleset: &Ruleset, per_game: [T; 3]) -> Option<T> {
    Ruleset::RULE_BOOK
        .iter()
        .position(|game| ptr::eq(*game, ruleset))
        .map(|n| per_game[n])
}
