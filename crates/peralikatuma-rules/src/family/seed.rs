//! The rule book's three games in the family's terms: each [`Variant`] as a
//! ruleset of [`SEED_RULESETS`], and each of its positions as a family
//! position, so that the family's one move generator can play them too.

use std::sync::OnceLock;

use board_topology::PointSet;

use super::position::Position;
use super::ruleset::{Ruleset, SEED_RULESETS};
use crate::{Bitboard, NoReturn, Point, Setup, Side, Variant};

/// One of the rule book's boards in both models, point by point: the
/// points are the same under the same names (R1.6, F7), numbered apart.
struct PointMap {
    /// The family board's number of each seed point (by its index).
    to_family: Vec<u8>,
    /// The seed point of each of the family board's points.
    to_seed: Vec<Point>,
}

impl PointMap {
    fn of(variant: Variant) -> PointMap {
        let (board, graph) = (variant.board(), variant.ruleset().board);
        let mut to_family = Vec::new();
        let mut to_seed = vec![None; graph.len()];
        for point in board.points() {
            let name = board.point_name(point).to_string();
            let Ok(at) = graph.parse_point(&name) else {
                unreachable!("{variant}'s point {name} is not on its ruleset's board")
            };
            if to_family.len() <= point.index() {
                to_family.resize(point.index() + 1, u8::MAX);
            }
            to_family[point.index()] = at;
            to_seed[usize::from(at)] = Some(point);
        }
        let to_seed = to_seed
            .into_iter()
            .enumerate()
            .map(|(at, point)| {
                point.unwrap_or_else(|| {
                    unreachable!("{variant}'s ruleset's point {at} is not on its board")
                })
            })
            .collect();
        PointMap { to_family, to_seed }
    }

    /// The map of `variant`'s board, made once.
    fn of_variant(variant: Variant) -> &'static PointMap {
        static MAPS: OnceLock<[PointMap; 3]> = OnceLock::new();
        let maps = MAPS.get_or_init(|| Variant::ALL.map(PointMap::of));
        &maps[Variant::ALL.iter().position(|&v| v == variant).unwrap_or(0)]
    }

    fn family(&self, set: Bitboard) -> u128 {
        set.iter()
            .fold(0, |family, p| family | 1 << self.to_family[p.index()])
    }

    fn seed(&self, set: u128) -> Bitboard {
        set.points()
            .map(|at| self.to_seed[usize::from(at)])
            .collect()
    }
}

impl Variant {
    /// The game as a ruleset of the family's model (rules as data): the
    /// family's move generator plays it as the rule book says.
    ///
    /// ```
    /// use peralikatuma_rules::Variant;
    /// use peralikatuma_rules::family::Position;
    ///
    /// let alquerque = Variant::Alquerque.ruleset();
    /// assert!(alquerque.compulsory);
    /// assert_eq!(Position::start(alquerque).perft(6), 97);
    /// ```
    pub fn ruleset(self) -> &'static Ruleset {
        match self {
            Variant::Peralikatuma => &SEED_RULESETS[0],
            Variant::Alquerque => &SEED_RULESETS[1],
            Variant::Permainan => &SEED_RULESETS[2],
        }
    }
}

impl From<Variant> for &'static Ruleset {
    /// [`Variant::ruleset`], for functions that take any game.
    ///
    /// ```
    /// use peralikatuma_rules::Variant;
    /// use peralikatuma_rules::family::Ruleset;
    ///
    /// let game: &Ruleset = Variant::Permainan.into();
    /// assert_eq!(game.id, "permainan");
    /// ```
    fn from(variant: Variant) -> &'static Ruleset {
        variant.ruleset()
    }
}

impl From<&crate::Position> for Position {
    /// The same position as a position of its game's ruleset
    /// ([`Variant::ruleset`]): the pieces, the side to move, the claimable
    /// pieces (P6) as pieces that may be huffed, and the no-return
    /// restrictions (A5) and the count of quiet turns (E4).
    ///
    /// ```
    /// use peralikatuma_rules::{Position, Variant};
    /// use peralikatuma_rules::family;
    ///
    /// let seed = Position::parse(Variant::Alquerque, "W:Wb3:Bd5:Rb3-a3:C4")?;
    /// let position = family::Position::from(&seed);
    /// assert_eq!(position.to_string(), "W:Wb3:Bd5:Rb3-a3:C4");
    /// assert_eq!(position.perft(2), seed.perft(2));
    /// # Ok::<(), peralikatuma_rules::PositionTextError>(())
    /// ```
    fn from(seed: &crate::Position) -> Position {
        let variant = seed.variant();
        let map = PointMap::of_variant(variant);
        let men = |side: Side| map.family(seed.pieces(side) - seed.kings());
        let kings = |side: Side| map.family(seed.pieces(side) & seed.kings());
        let no_return = seed.no_return();
        let mut position =
            Position::start(variant.ruleset()).with_side_to_move(seed.side_to_move());
        position.men = Side::ALL.map(men);
        position.kings = Side::ALL.map(kings);
        position.huffable = map.family(seed.claimable());
        position.barred = [map.family(no_return.east), map.family(no_return.west)];
        position.quiet = seed.quiet_turns();
        position.rehashed()
    }
}

impl super::game::Game {
    /// The same game in the seed games' model, when it is a game of one of
    /// the rule book's rulesets ([`Variant::ruleset`]): the same start and
    /// the same turns (an end declared by the players is not carried
    /// over). `None` for the family's other rulesets. The endgame tables
    /// and the proofs of the rule book's games are read in that model.
    ///
    /// ```
    /// use peralikatuma_rules::Variant;
    /// use peralikatuma_rules::family::{Game, Position};
    ///
    /// let mut game = Game::new(Variant::Alquerque.ruleset());
    /// game.play_text("d3-c3")?;
    /// let seed = game.to_seed().expect("a rule book game");
    /// assert_eq!(seed.turns().len(), 1);
    /// assert_eq!(Position::from(seed.position()), *game.position());
    /// assert_eq!(seed.position().to_string(), "B:Wa1,b1,c1,d1,e1,a2,b2,c2,d2,e2,c3,e3:Ba3,b3,a4,b4,c4,d4,e4,a5,b5,c5,d5,e5:Rc3-d3:C1");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_seed(&self) -> Option<crate::Game> {
        let mut seed = crate::Game::from_position(self.start().to_seed()?);
        let board = self.start().board();
        for turn in self.turns() {
            seed.play_text(&turn.text(board)).ok()?;
        }
        Some(seed)
    }
}

impl Position {
    /// The same position in the seed games' model, when it is one of the
    /// rule book's rulesets ([`Variant::ruleset`]); `None` for the family's
    /// other rulesets.
    ///
    /// ```
    /// use peralikatuma_rules::Variant;
    /// use peralikatuma_rules::family::{Position, Ruleset};
    ///
    /// let start = Position::start(Variant::Alquerque.ruleset());
    /// assert_eq!(start.to_seed(), Some(peralikatuma_rules::Position::start(Variant::Alquerque)));
    /// assert_eq!(Position::start(Ruleset::find("zamma")?).to_seed(), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_seed(&self) -> Option<crate::Position> {
        let variant = self.ruleset().variant()?;
        let map = PointMap::of_variant(variant);
        let setup = Setup {
            variant,
            side_to_move: self.side,
            white: map.seed(self.pieces(Side::White)),
            black: map.seed(self.pieces(Side::Black)),
            kings: map.seed(self.kings[0] | self.kings[1]),
            claimable: map.seed(self.huffable),
            no_return: NoReturn {
                east: map.seed(self.barred[0]),
                west: map.seed(self.barred[1]),
            },
            quiet_turns: self.quiet,
        };
        crate::Position::from_setup(setup).ok()
    }
}
