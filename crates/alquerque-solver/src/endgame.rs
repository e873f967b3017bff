//! The endgame tables, which are still of the seed model: the one place
//! where the solver's positions, of the family model, cross into it. To
//! go when the tables read the family's positions.

use alquerque_tablebase::Tablebase;
use peralikatuma_rules::Side;
use peralikatuma_rules::family::Position;

/// `position` in the tables' model, if `tablebase` covers it (its game,
/// its pieces).
pub(crate) fn in_tables(
    position: &Position,
    tablebase: &Tablebase,
) -> Option<peralikatuma_rules::Position> {
    let pieces = (position.pieces(Side::White) | position.pieces(Side::Black)).count_ones();
    let covered = position.ruleset().variant() == Some(tablebase.variant())
        && pieces as usize <= tablebase.pieces();
    let seed = covered.then(|| position.to_seed()).flatten()?;
    tablebase.covers(&seed).then_some(seed)
}
