//! Unchecked positions of a ruleset: plain data that
//! [`Position::from_setup`] checks against the ruleset's rules.

use board_topology::{Direction, PointSet};

use crate::position::Position;
use crate::ruleset::{End, Ruleset};
use crate::specialised::Code;
use crate::text::PositionTextError;
use crate::{Rule, Side};

/// A position as plain data, not yet checked: anything can be written into
/// it. [`Position::from_setup`] checks it against its ruleset's rules, and
/// [`Position::setup`] gives a position's back. Sets of points are bits of
/// the ruleset's board (`1 << point`).
///
/// Position text is read in two stages: the syntax into a setup
/// ([`Setup::parse`]), then the rules ([`Position::from_setup`]).
///
/// ```
/// use peralikatuma_rules::Side;
/// use peralikatuma_rules::{Position, Ruleset, Setup};
///
/// let zamma = Ruleset::find("zamma")?;
/// let point = |name| zamma.board.parse_point(name).map(|p| 1u128 << p);
/// let mut setup = Setup::empty(zamma);
/// setup.men = [point("d4")?, point("e6")? | point("f7")?];
/// setup.kings[0] = point("c5")?;
/// setup.side_to_move = Side::Black;
/// let position = Position::from_setup(&setup)?;
/// assert_eq!(position.to_string(), "B:Wd4,Kc5:Be6,f7");
/// assert_eq!(position.setup(), setup);
///
/// // A man where it would have been crowned is no position of Zamma.
/// setup.men[0] |= point("a9")?;
/// assert!(Position::from_setup(&setup).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Setup {
    /// The ruleset.
    pub ruleset: &'static Ruleset,
    /// The side to move.
    pub side_to_move: Side,
    /// Each side's men, White's first.
    pub men: [u128; 2],
    /// Each side's kings, White's first.
    pub kings: [u128; 2],
    /// The pieces of the side that moved last that the side to move may
    /// huff (F4; claim, P6).
    pub huffable: u128,
    /// The men that may not step east, and those that may not step west,
    /// back to the point they left by a sideways step (A5).
    pub barred: [u128; 2],
    /// Passes in a row just played.
    pub passes: u8,
    /// Turns in a row without a piece leaving the board (E4).
    pub quiet_turns: u32,
}

impl Setup {
    /// No pieces on `ruleset`'s board, White to move.
    pub fn empty(ruleset: &'static Ruleset) -> Setup {
        Setup {
            ruleset,
            side_to_move: Side::White,
            men: [0, 0],
            kings: [0, 0],
            huffable: 0,
            barred: [0, 0],
            passes: 0,
            quiet_turns: 0,
        }
    }

    /// The start of `ruleset`, White to move.
    pub fn start(ruleset: &'static Ruleset) -> Setup {
        Setup {
            men: ruleset.start,
            ..Setup::empty(ruleset)
        }
    }

    /// All of `side`'s pieces.
    pub fn pieces(&self, side: Side) -> u128 {
        self.men[side.index()] | self.kings[side.index()]
    }
}

impl Position {
    /// The position `setup` describes, if it can be one of its ruleset's:
    /// its pieces on points of the board, one a point, no more of a side
    /// than the side starts with, kings only where the ruleset has them
    /// and no man where it would have been crowned, pieces to huff only
    /// of the side that moved last in a ruleset with the huff, no-return
    /// restrictions (A5) only on men and one a man, and no more passes in
    /// a row than a game can have.
    ///
    /// # Errors
    /// [`PositionTextError`], saying what is wrong and where.
    pub fn from_setup(setup: &Setup) -> Result<Position, PositionTextError> {
        let rules = setup.ruleset;
        let board = rules.board;
        let name = |point: u8| board.point_name(point).to_string();
        let points = board.points();
        // The rules broken: the rule book's for its games, the family's
        // for the others.
        let rule_book = rules.is_rule_book();
        let (text, crowning) = match rule_book {
            true => (Rule::N3, Rule::M6),
            false => (Rule::F9, Rule::F3),
        };
        let sets = [setup.men[0], setup.men[1], setup.kings[0], setup.kings[1]];
        let everything = sets.iter().fold(setup.huffable, |all, set| all | set)
            | setup.barred[0]
            | setup.barred[1];
        if let Some(point) = first(everything & !points) {
            return Err(PositionTextError::OffBoard {
                point,
                ruleset: rules.id,
            });
        }
        for (i, set) in sets.iter().enumerate() {
            let others = sets.iter().enumerate().filter(|&(j, _)| j != i);
            if let Some(point) = first(others.fold(0, |all, (_, other)| all | other) & set) {
                return Err(PositionTextError::Twice {
                    point: name(point),
                    rule: text,
                });
            }
        }
        for side in [Side::White, Side::Black] {
            let (us, bad) = (side.index(), |point, why, rule| PositionTextError::Piece {
                point: name(point),
                why,
                ruleset: rules.id,
                rule,
            });
            if let Some(point) = first(setup.kings[us]).filter(|_| !rules.has_kings()) {
                return Err(bad(
                    point,
                    "a king",
                    if rule_book { text } else { crowning },
                ));
            }
            if let Some(point) = first(setup.men[us] & rules.promotion[us]) {
                return Err(bad(point, "a man on a point where it is crowned", crowning));
            }
            let (pieces, most) = (setup.pieces(side), rules.start[us]);
            if pieces.count_ones() > most.count_ones() {
                return Err(PositionTextError::TooMany {
                    side,
                    pieces: pieces.count_ones(),
                    most: most.count_ones(),
                    ruleset: rules.id,
                    rule: text,
                });
            }
        }
        let strangers = setup.huffable & !setup.pieces(setup.side_to_move.opposite());
        // The rule book's claims (P6) are the family's huffs (F4).
        let wrong = match (rules.huff, rule_book) {
            (false, true) => {
                first(setup.huffable).map(|point| (point, "claimed: the game has no claims", text))
            }
            (false, false) => first(setup.huffable)
                .map(|point| (point, "huffed: the ruleset has no huff", Rule::F4)),
            (true, true) => first(strangers).map(|point| {
                let why = "claimed: it is not a piece of the side that moved last";
                (point, why, Rule::P6)
            }),
            (true, false) => first(strangers).map(|point| {
                let why = "huffed: it is not a piece of the side that moved last";
                (point, why, Rule::F4)
            }),
        };
        if let Some((point, why, rule)) = wrong {
            return Err(PositionTextError::Huff {
                point: name(point),
                why,
                rule,
            });
        }
        for (way, direction) in [Direction::East, Direction::West].into_iter().enumerate() {
            for point in setup.barred[way].points() {
                let barred = |why| PositionTextError::Barred {
                    text: match board.neighbour(point, direction) {
                        Some(to) => format!("{}-{}", name(point), name(to)),
                        None => name(point),
                    },
                    why,
                    rule: Rule::A5,
                };
                if !rules.no_return {
                    return Err(barred("the ruleset has no such rule"));
                }
                if (setup.men[0] | setup.men[1]) & (1 << point) == 0 {
                    return Err(barred("there is no man on its point"));
                }
                if board.neighbour(point, direction).is_none() {
                    return Err(barred("the two points are not neighbours on a rank"));
                }
                if setup.barred[1 - way] & (1 << point) != 0 {
                    return Err(barred("a man is barred from stepping back one way at most"));
                }
            }
        }
        // Two passes end a capture-all game; one pass ends the others, and
        // where no move loses, only a huff can be followed by a pass.
        let most = match rules.end {
            End::CaptureAll => 2,
            End::PassThenLoses => 1,
            End::NoMovesLoses => u8::from(rules.huff && rules.huff_alone),
        };
        if setup.passes > most {
            return Err(PositionTextError::Passes {
                passes: setup.passes,
                ruleset: rules.id,
                rule: if rule_book { text } else { Rule::F6 },
            });
        }
        Ok(Position {
            ruleset: rules,
            pieces: [setup.pieces(Side::White), setup.pieces(Side::Black)],
            crowned: setup.kings[0] | setup.kings[1],
            side: setup.side_to_move,
            huffable: setup.huffable,
            passes: setup.passes,
            barred: setup.barred,
            quiet: setup.quiet_turns,
            hash: 0,
            code: Code::of(rules),
        }
        .rehashed())
    }

    /// The position as plain data: [`Position::from_setup`] of it is the
    /// position again.
    pub fn setup(&self) -> Setup {
        Setup {
            ruleset: self.ruleset(),
            side_to_move: self.side,
            men: [self.men(Side::White), self.men(Side::Black)],
            kings: [self.kings(Side::White), self.kings(Side::Black)],
            huffable: self.huffable,
            barred: self.barred,
            passes: self.passes,
            quiet_turns: self.quiet,
        }
    }
}

/// The lowest point of `set`, if it has one.
fn first(set: u128) -> Option<u8> {
    (set != 0).then(|| set.trailing_zeros() as u8)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Ruleset;

    fn ruleset(id: &str) -> &'static Ruleset {
        Ruleset::find(id).expect("a ruleset")
    }

    fn bit(ruleset: &Ruleset, name: &str) -> u128 {
        1 << ruleset.board.parse_point(name).expect("a point")
    }

    /// The error `from_setup` gives for `setup`, in words.
    fn refused(setup: &Setup) -> String {
        Position::from_setup(setup)
            .expect_err("refused")
            .to_string()
    }

    #[test]
    fn every_position_of_random_games_is_its_setup_checked() {
        for rules in Ruleset::all() {
            let mut position = Position::start(rules);
            assert_eq!(position.setup(), Setup::start(rules), "{}", rules.id);
            for ply in 0..150usize {
                let setup = position.setup();
                assert_eq!(Position::from_setup(&setup), Ok(position), "{position}");
                assert_eq!(Setup::parse(rules, &position.to_string()), Ok(setup));
                let turns = position.legal_turns();
                if turns.is_empty() {
                    break;
                }
                position = position.play_unchecked(&turns[(ply * 7919) % turns.len()]);
            }
        }
    }

    #[test]
    fn a_setup_with_a_point_off_the_board_is_refused() {
        let lau = ruleset("lau-kata-kati");
        let mut setup = Setup::start(lau);
        setup.kings[1] = 1 << 127;
        assert_eq!(refused(&setup), "point 127 is not on lau-kata-kati's board");
    }

    #[test]
    fn a_point_holds_one_piece() {
        let zamma = ruleset("zamma");
        let mut setup = Setup::start(zamma);
        setup.kings[1] = bit(zamma, "a1");
        assert_eq!(refused(&setup), "a1 holds two pieces (F9)");
    }

    #[test]
    fn kings_only_where_the_ruleset_crowns_and_no_man_where_it_would_be_crowned() {
        let murray = ruleset("alquerque-murray");
        let mut setup = Setup::empty(murray);
        setup.kings[0] = bit(murray, "c3");
        assert_eq!(refused(&setup), "c3: a king in alquerque-murray (F3)");
        let permainan = Ruleset::PERMAINAN;
        let mut setup = Setup::empty(permainan);
        setup.men[1] = bit(permainan, "a1");
        assert_eq!(
            refused(&setup),
            "a1: a man on a point where it is crowned in permainan (M6)"
        );
    }

    #[test]
    fn a_side_has_no_more_pieces_than_it_starts_with() {
        let lau = ruleset("lau-kata-kati");
        let mut setup = Setup::start(lau);
        setup.men[0] |= bit(lau, "d4");
        assert_eq!(
            refused(&setup),
            "White has 10 pieces, more than the 9 it starts with in lau-kata-kati (F9)"
        );
    }

    #[test]
    fn f4_only_pieces_of_the_side_that_moved_last_may_be_huffed() {
        let zamma = ruleset("zamma");
        let mut setup = Setup::start(zamma);
        setup.huffable = bit(zamma, "a1");
        assert_eq!(
            refused(&setup),
            "a1 cannot be huffed: it is not a piece of the side that moved last (F4)"
        );
        setup.side_to_move = Side::Black;
        assert!(Position::from_setup(&setup).is_ok());
        let murray = ruleset("alquerque-murray");
        let mut setup = Setup::start(murray);
        setup.side_to_move = Side::Black;
        setup.huffable = bit(murray, "a1");
        assert_eq!(
            refused(&setup),
            "a1 cannot be huffed: the ruleset has no huff (F4)"
        );
    }

    #[test]
    fn a5_a_restriction_is_on_a_man_one_way_back_along_its_rank() {
        let alquerque = Ruleset::ALQUERQUE;
        let mut setup = Setup::empty(alquerque);
        setup.men = [bit(alquerque, "b3"), bit(alquerque, "d5")];
        setup.barred[1] = bit(alquerque, "b3");
        assert!(Position::from_setup(&setup).is_ok());
        setup.barred[0] = bit(alquerque, "b3");
        assert_eq!(
            refused(&setup),
            "b3-c3 cannot be a no-return restriction: a man is barred from stepping back one way at most (A5)"
        );
        setup.barred = [0, bit(alquerque, "c1")];
        assert_eq!(
            refused(&setup),
            "c1-b1 cannot be a no-return restriction: there is no man on its point (A5)"
        );
        setup.men[0] |= bit(alquerque, "a1");
        setup.barred = [0, bit(alquerque, "a1")];
        assert_eq!(
            refused(&setup),
            "a1 cannot be a no-return restriction: the two points are not neighbours on a rank (A5)"
        );
        let zamma = ruleset("zamma");
        let mut setup = Setup::start(zamma);
        setup.barred[0] = bit(zamma, "a1");
        assert_eq!(
            refused(&setup),
            "a1-b1 cannot be a no-return restriction: the ruleset has no such rule (A5)"
        );
    }

    #[test]
    fn no_more_passes_in_a_row_than_a_game_can_have() {
        let murray = ruleset("alquerque-murray");
        let mut setup = Setup::start(murray);
        setup.passes = 1;
        assert_eq!(
            refused(&setup),
            "1 passes in a row cannot happen in alquerque-murray (F6)"
        );
    }
}
