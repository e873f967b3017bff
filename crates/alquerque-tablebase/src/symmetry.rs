//! The symmetry every game of the family has: the board turned half round
//! with the sides swapped. Each game's rules are the same for both sides
//! seen from their own side of the board, so a position and its turned
//! copy have the same value, and a table of one side's material gives the
//! table of the other's without a search.

use peralikatuma_rules::board_topology::graph::Graph;
use peralikatuma_rules::{Position, Setup};

/// The points of `set` turned half round. A board's points are numbered
/// by rank, then by file, and each board is the same turned half round
/// (the rule book's, R1.1, and the family's, F7), so the half turn
/// reverses the numbering: point `p` of `n` becomes point `n - 1 - p`.
fn turned(board: &Graph, set: u128) -> u128 {
    set.reverse_bits() >> (128 - board.len())
}

/// The position turned half round with the sides swapped: White's pieces
/// become Black's on the opposite points, the other side is to move, and a
/// piece that may not step east may not step west.
pub(crate) fn turned_round(position: &Position) -> Option<Position> {
    let setup = position.setup();
    let board = position.board();
    let swapped = |[white, black]: [u128; 2]| [turned(board, black), turned(board, white)];
    let [east, west] = setup.barred;
    let turned = Setup {
        side_to_move: setup.side_to_move.opposite(),
        men: swapped(setup.men),
        kings: swapped(setup.kings),
        huffable: turned(board, setup.huffable),
        barred: [turned(board, west), turned(board, east)],
        ..setup
    };
    Position::from_setup(&turned).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use peralikatuma_rules::{Ruleset, Side};

    #[test]
    fn r1_1_each_board_turned_half_round_reverses_its_numbering() {
        for variant in Ruleset::all() {
            let board = variant.board;
            let (files, ranks) = board.grid();
            for p in 0..board.len() as u8 {
                let (file, rank) = board.coords(p);
                let q = turned(board, 1 << p).trailing_zeros() as u8;
                assert_eq!(board.coords(q), (files - 1 - file, ranks - 1 - rank));
            }
        }
    }

    #[test]
    fn the_start_turned_round_is_the_start_with_black_to_move() {
        for variant in Ruleset::all() {
            let start = Position::start(variant);
            let turned = turned_round(&start).expect("legal");
            assert_eq!(turned.pieces(Side::White), start.pieces(Side::White));
            assert_eq!(turned.side_to_move(), start.side_to_move().opposite());
            assert_eq!(
                turned.legal_turns().len(),
                start.legal_turns().len(),
                "{variant}"
            );
            assert_eq!(turned_round(&turned), Some(start));
        }
    }
}
