//! The features the evaluation weighs, counted for one side: on boards
//! of up to 64 points in `u64` sets.

use peralikatuma_rules::Position;
use peralikatuma_rules::board_topology::graph::Graph;
use peralikatuma_rules::board_topology::{Direction, PointSet};
use peralikatuma_rules::{Ruleset, Side};

/// Counts for one side of a position.
pub(super) struct Features {
    pub men: usize,
    pub kings: usize,
    /// Enemy pieces this side could capture if it were to move.
    pub can_capture: usize,
    /// Steps (and king moves) this side could make.
    pub mobility: usize,
    /// Pieces on points that can never be jumped.
    pub on_safe_points: usize,
    /// Ranks gained by men towards the opponent's base, in all.
    pub advance: usize,
    /// Pieces with no empty point to step to (men along their own
    /// directions).
    pub stuck: usize,
}

/// A side's pieces and the empty points, in sets `S`.
#[derive(Copy, Clone)]
struct Sets<S> {
    men: S,
    kings: S,
    enemy: S,
    empty: S,
}

impl<S: PointSet> Sets<S> {
    #[inline(always)]
    fn of(position: &Position, side: Side) -> Sets<S> {
        let (men, kings) = (
            S::narrow(position.men(side)),
            S::narrow(position.kings(side)),
        );
        let enemy = S::narrow(position.pieces(side.opposite()));
        Sets {
            men,
            kings,
            enemy,
            empty: S::narrow(position.board().points()) & !(men | kings | enemy),
        }
    }

    /// The pieces on points where no piece can be jumped.
    #[inline(always)]
    fn on_safe_points(&self, board: &Graph) -> usize {
        ((self.men | self.kings) & !S::narrow(board.jumpable())).count() as usize
    }
}

/// `side`'s safe steps and king slides in `position`: the steps of men to
/// points where no enemy piece could jump them at once (a short jump;
/// kings' long jumps are not looked for), and every slide of a king; and
/// its pieces with no empty point to step to.
fn mobility<S: PointSet>(position: &Position, side: Side, sets: Sets<S>) -> (usize, usize) {
    let ruleset = position.ruleset();
    let board = ruleset.board;
    let Sets { enemy, empty, .. } = sets;
    let directions = ruleset.step_directions(side);
    // Whether a man that stepped from `from` to `to` could be jumped.
    let exposed = |from: u8, to: u8| {
        let empty = (empty | S::point(from)) & !S::point(to);
        Direction::ALL.iter().any(|&d| {
            match (board.neighbour(to, d), board.neighbour(to, d.opposite())) {
                (Some(by), Some(landing)) => enemy.has(by) && empty.has(landing),
                _ => false,
            }
        })
    };
    let (mut mobility, mut stuck) = (0, 0);
    for from in sets.men.points() {
        let mut free = false;
        mobility += Direction::ALL
            .iter()
            .filter(|d| directions & (1 << d.index()) != 0)
            .filter_map(|&d| board.neighbour(from, d))
            .filter(|&to| {
                empty.has(to) && {
                    free = true;
                    !exposed(from, to)
                }
            })
            .count();
        stuck += usize::from(!free);
    }
    let (slides, stuck_kings) = king_slides(board, sets.kings, empty);
    (mobility + slides, stuck + stuck_kings)
}

/// The slides of `kings` on `board`: every point along each of their lines
/// up to the first point not in `empty`; and the kings with none.
fn king_slides<S: PointSet>(board: &Graph, kings: S, empty: S) -> (usize, usize) {
    let (mut slides, mut stuck) = (0, 0);
    for from in kings.points() {
        let before = slides;
        for direction in Direction::ALL {
            let mut at = from;
            while let Some(next) = board.neighbour(at, direction) {
                if !empty.has(next) {
                    break;
                }
                slides += 1;
                at = next;
            }
        }
        stuck += usize::from(slides == before);
    }
    (slides, stuck)
}

/// Ranks `men` of `side` have gained towards the points where they crown,
/// in all (none where men do not crown).
fn advance<S: PointSet>(position: &Position, side: Side, men: S) -> usize {
    let ruleset = position.ruleset();
    let zone = ruleset.promotion[side.index()];
    if zone == 0 {
        return 0;
    }
    let board = ruleset.board;
    let crown_rank = board.coords(zone.trailing_zeros() as u8).1;
    let ranks = board.grid().1;
    men.points()
        .map(|at| usize::from(ranks - board.coords(at).1.abs_diff(crown_rank)))
        .sum()
}

/// `side`'s steps and king slides in `position` of a rule book's game, as
/// the rule book's games have always been weighed: a man's steps to every empty
/// point beside it (but back, in Alquerque and Permainan), a king's to
/// every empty point along its lines before the first piece.
/// With the side's pieces that have no empty point to step to, if
/// `COUNT_STUCK` (otherwise 0 of them: the rule book's games do not weigh
/// them, and their evaluation is kept fast).
#[inline(always)]
fn rule_book_mobility<S: PointSet, const COUNT_STUCK: bool>(
    position: &Position,
    side: Side,
    sets: Sets<S>,
) -> (usize, usize) {
    let ruleset = position.ruleset();
    let board = ruleset.board;
    let empty = sets.empty;
    let (mut mobility, mut stuck) = (0, 0);
    // Peralikatuma's men step along every line (no forward direction).
    match ruleset.forward[side.index()] {
        None => {
            for from in sets.men.points() {
                let steps = (S::narrow(board.neighbours(from)) & empty).count();
                mobility += steps;
                if COUNT_STUCK {
                    stuck += u32::from(steps == 0);
                }
            }
        }
        Some(ahead) => {
            let back = ahead.opposite();
            for from in sets.men.points() {
                let to = board.neighbours(from) & !board.fan(from, back);
                let steps = (S::narrow(to) & empty).count();
                mobility += steps;
                if COUNT_STUCK {
                    stuck += u32::from(steps == 0);
                }
            }
        }
    }
    let (slides, stuck_kings) = king_slides(board, sets.kings, empty);
    (
        mobility as usize + slides,
        stuck as usize + stuck_kings * usize::from(COUNT_STUCK),
    )
}

impl Features {
    /// The counts for `side` of a position of one of the rule book's games,
    /// as they have always been weighed: ranks gained from the
    /// side's own base in Permainan (one fewer a man than where the
    /// family's rulesets count them, from the rank beyond the crowning
    /// one), mobility by [`rule_book_mobility`].
    #[inline(always)]
    pub(super) fn of_rule_book<S: PointSet, const COUNT_STUCK: bool>(
        position: &Position,
        side: Side,
    ) -> Features {
        let sets = Sets::<S>::of(position, side);
        let men = sets.men.count() as usize;
        let advance = if std::ptr::eq(position.ruleset(), Ruleset::PERMAINAN) {
            advance(position, side, sets.men) - men
        } else {
            0
        };
        let (mobility, stuck) = rule_book_mobility::<S, COUNT_STUCK>(position, side, sets);
        Features {
            men,
            kings: sets.kings.count() as usize,
            can_capture: position.capturable(side).count_ones() as usize,
            mobility,
            on_safe_points: sets.on_safe_points(position.board()),
            advance,
            stuck,
        }
    }

    /// The counts for `side` of a family position.
    pub(super) fn of_family<S: PointSet>(position: &Position, side: Side) -> Features {
        let sets = Sets::<S>::of(position, side);
        let (mobility, stuck) = mobility(position, side, sets);
        Features {
            men: sets.men.count() as usize,
            kings: sets.kings.count() as usize,
            can_capture: position.capturable(side).count_ones() as usize,
            mobility,
            on_safe_points: sets.on_safe_points(position.board()),
            advance: advance(position, side, sets.men),
            stuck,
        }
    }
}
