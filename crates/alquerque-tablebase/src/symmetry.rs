//! The symmetry every game of the family has: the board turned half round
//! with the sides swapped. Each game's rules are the same for both sides
//! seen from their own side of the board, so a position and its turned
//! copy have the same value, and a table of one side's material gives the
//! table of the other's without a search.

use peralikatuma_rules::{Bitboard, NoReturn, Point, Position, Setup};

/// The point turned half round on the 9x9 grid (R1.1), on which every
/// board lies centred.
fn turned_point(point: Point) -> Point {
    Point::at(8 - point.file(), 8 - point.rank()).unwrap_or(point)
}

fn turned(set: Bitboard) -> Bitboard {
    set.iter()
        .map(turned_point)
        .fold(Bitboard::EMPTY, Bitboard::with)
}

/// The position turned half round with the sides swapped: White's pieces
/// become Black's on the opposite points, the other side is to move, and a
/// piece that may not step east may not step west.
pub(crate) fn turned_round(position: &Position) -> Option<Position> {
    let setup = position.to_setup();
    let turned = Setup {
        variant: setup.variant,
        white: turned(setup.black),
        black: turned(setup.white),
        kings: turned(setup.kings),
        side_to_move: setup.side_to_move.opposite(),
        claimable: turned(setup.claimable),
        no_return: NoReturn {
            east: turned(setup.no_return.west),
            west: turned(setup.no_return.east),
        },
        quiet_turns: setup.quiet_turns,
    };
    Position::from_setup(turned).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use peralikatuma_rules::Variant;

    #[test]
    fn the_start_turned_round_is_the_start_with_black_to_move() {
        for variant in Variant::ALL {
            let start = Position::start(variant);
            let turned = turned_round(&start).expect("legal");
            assert_eq!(
                turned.pieces(peralikatuma_rules::Side::White),
                start.pieces(peralikatuma_rules::Side::White)
            );
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
