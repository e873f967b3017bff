//! What a player should know before a turn, for every game of the one
//! model: the opponent's pieces they may take first (P6, F4), the steps
//! their pieces may not make (A5), and a warning before a turn that
//! forfeits pieces. The rules crate decides it all; this only says it.

use board_topology::graph::Graph;
use peralikatuma_rules::{Position, Turn};

/// The points of `set` on `board`, by name.
pub(crate) fn point_names(board: &Graph, set: u128) -> Vec<String> {
    (0..board.len() as u8)
        .filter(|&p| set & (1 << p) != 0)
        .map(|p| board.point_name(p).to_string())
        .collect()
}

/// The number of the rule that lets a player take a forfeited piece (P6
/// in the rule book's Peralikatuma, the huff F4 in the family's games;
/// [`Ruleset::removal_rule`](peralikatuma_rules::Ruleset::removal_rule)),
/// or `""` in a game without one.
pub fn claim_rule(position: &Position) -> &'static str {
    position
        .ruleset()
        .removal_rule()
        .map_or("", peralikatuma_rules::Rule::number)
}

/// Says plainly which pieces the side to move may take first and why
/// (P6, F4), or `None` when there are none.
///
/// ```
/// use peralikatuma::session::advice::claim_advice;
/// use peralikatuma_rules::{Position, Ruleset};
///
/// let position = Position::parse(Ruleset::PERALIKATUMA, "B:Wc3,e5:Bd4,i5:Fc3")?;
/// assert_eq!(
///     claim_advice(&position).as_deref(),
///     Some("White moved without capturing when it could have jumped, so Black may first take its piece on c3 (P6)")
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn claim_advice(position: &Position) -> Option<String> {
    let names = point_names(position.board(), position.huffable());
    if names.is_empty() {
        return None;
    }
    let us = position.side_to_move();
    Some(format!(
        "{} moved without capturing when it could have jumped, so {us} may first take {} {} ({})",
        us.opposite(),
        if names.len() == 1 {
            "its piece on"
        } else {
            "one of its pieces on"
        },
        names.join(" or "),
        claim_rule(position)
    ))
}

/// A warning, before `turn` is played, that it forfeits pieces (P6, F4):
/// which, and to whom; `None` when it forfeits none.
///
/// ```
/// use peralikatuma::session::advice::forfeit_warning;
/// use peralikatuma_rules::{Position, Ruleset};
///
/// let position = Position::parse(Ruleset::PERALIKATUMA, "W:Wc3,e1:Bd4,i5")?;
/// let step = position.parse_turn("e1-e2")?;
/// assert_eq!(
///     forfeit_warning(&position, &step).as_deref(),
///     Some("e1-e2 captures nothing, so Black may then take your piece on c3: it could have jumped (P6)")
/// );
/// assert_eq!(forfeit_warning(&position, &position.parse_turn("c3xe5")?), None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn forfeit_warning(position: &Position, turn: &Turn) -> Option<String> {
    let after = position.play(turn).ok()?;
    let names = point_names(position.board(), after.huffable());
    if names.is_empty() {
        return None;
    }
    let (pieces, could) = match names.len() {
        1 => ("your piece on", "it could have jumped"),
        _ => ("one of your pieces on", "they could have jumped"),
    };
    Some(format!(
        "{} captures nothing, so {} may then take {pieces} {}: {could} ({})",
        turn.text(position.board()),
        position.side_to_move().opposite(),
        names.join(" or "),
        claim_rule(position)
    ))
}

/// The side to move's pieces that may not step straight back (A5), in
/// words, or `None` when there are none.
///
/// ```
/// use peralikatuma::session::advice::no_return_advice;
/// use peralikatuma_rules::{Position, Ruleset};
///
/// let position = Position::parse(Ruleset::ALQUERQUE, "W:Wb3,d3:Bd5:Rb3-a3")?;
/// assert_eq!(no_return_advice(&position).as_deref(), Some("No return (A5): b3 not to a3"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn no_return_advice(position: &Position) -> Option<String> {
    let board = position.board();
    let words: Vec<String> = position
        .barred_steps()
        .map(|(p, to)| format!("{} not to {}", board.point_name(p), board.point_name(to)))
        .collect();
    (!words.is_empty()).then(|| format!("No return (A5): {}", words.join(", ")))
}
