//! Static evaluation: what a position is worth to the side to move, in
//! hundredths of a man, from features that matter in each game, weighed
//! by the game's [`Weights`].

mod features;
mod weights;

use peralikatuma_rules::Position;
use peralikatuma_rules::Side;
use peralikatuma_rules::board_topology::PointSet;

use crate::score::Score;
use features::Features;
pub use weights::{WEIGHTS_FILE, Weights, WeightsError, WeightsFileError, weights_file};

/// What `position` is worth to the side to move, by its game's weights
/// ([`Weights::of`]): material, mobility, safe points, pieces that cannot
/// step, captures now and pieces exposed, a claim or a huff to make,
/// ranks gained where men crown, and a lead's share of the board. Game
/// ends are the search's business: this is only called on positions where
/// the game goes on.
///
/// ```
/// use alquerque_ai::evaluate;
/// use peralikatuma_rules::{Position, Ruleset};
///
/// // The start positions are symmetric, and White is to move.
/// let start = Position::start(Ruleset::PERALIKATUMA);
/// assert!(evaluate(&start).0.abs() < 50);
/// // A piece up is worth about a piece.
/// let up = Position::parse(Ruleset::PERALIKATUMA, "W:Wa3,i7:Bc9")?;
/// assert!(evaluate(&up).0 > 50);
/// let zamma = Ruleset::find("zamma")?;
/// assert!(evaluate(&Position::start(zamma)).0.abs() < 50);
/// let up = Position::parse(zamma, "W:Wa2,i8:Be5")?;
/// assert!(evaluate(&up).0 > 50);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn evaluate(position: &Position) -> Score {
    evaluate_with(position, &Weights::of(position.ruleset()))
}

/// What `position` is worth to the side to move by `weights` (see
/// [`evaluate`]): the sum of each weight times its term ([`terms`]),
/// rounded.
///
/// ```
/// use alquerque_ai::{Weights, evaluate, evaluate_with};
/// use peralikatuma_rules::{Position, Ruleset};
///
/// let up = Position::parse(Ruleset::ALQUERQUE, "W:Wa1,b1:Be5")?;
/// let weights = Weights::of(Ruleset::ALQUERQUE);
/// assert_eq!(evaluate_with(&up, &weights), evaluate(&up));
/// let men_only = Weights::from_values([100, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
/// assert_eq!(evaluate_with(&up, &men_only).0, 100);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn evaluate_with(position: &Position, weights: &Weights) -> Score {
    let [ours, theirs] = match weights.stuck != 0 {
        true => features::<true>(position),
        false => features::<false>(position),
    };
    let claim = position.huffable() != 0;
    let w = weights;
    let mut score = side_terms(w, &ours) - side_terms(w, &theirs);
    if ours.can_capture > 0 {
        score += w.capture_now + w.more_captures * (ours.can_capture as i32 - 1);
    }
    score += w.exposed * theirs.can_capture as i32;
    if claim {
        score += w.claim;
    }
    if w.trade_down != 0 {
        let (lead, on_board) = lead(&ours, &theirs);
        if lead != 0 {
            score += w.trade_down * lead / on_board;
        }
    }
    Score(score)
}

/// The terms of the evaluation of `position` for the side to move, in the
/// order of [`Weights::NAMES`]: what each weight multiplies, so that
/// [`evaluate_with`] is the sum of each weight times its term (to within
/// rounding). For tuning the weights from positions.
///
/// ```
/// use alquerque_ai::{Weights, evaluate, terms};
/// use peralikatuma_rules::{Position, Ruleset};
///
/// let position = Position::parse(Ruleset::ALQUERQUE, "W:Wa1,b1,c3:Be5")?;
/// let terms = terms(&position);
/// assert_eq!(terms[0], 2.0); // two men more
/// assert_eq!(terms[10], 0.5); // two pieces ahead of four on the board
/// let weights = Weights::of(Ruleset::ALQUERQUE).values();
/// let sum: f64 = weights.iter().zip(terms).map(|(w, t)| f64::from(*w) * t).sum();
/// assert!((sum - f64::from(evaluate(&position).0)).abs() < 1.0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn terms(position: &Position) -> [f64; Weights::NAMES.len()] {
    let [ours, theirs] = features::<true>(position);
    let difference = |of: fn(&Features) -> usize| of(&ours) as f64 - of(&theirs) as f64;
    let (lead, on_board) = lead(&ours, &theirs);
    let (capture_now, more_captures) = match ours.can_capture {
        0 => (0.0, 0.0),
        n => (1.0, (n - 1) as f64),
    };
    [
        difference(|f| f.men),
        difference(|f| f.kings),
        f64::from(u8::from(position.huffable() != 0)),
        capture_now,
        more_captures,
        theirs.can_capture as f64,
        difference(|f| f.mobility),
        difference(|f| f.on_safe_points),
        difference(|f| f.advance),
        difference(|f| f.stuck),
        match lead {
            0 => 0.0,
            _ => f64::from(lead) / f64::from(on_board),
        },
    ]
}

/// The features of the side to move and of the other side; the pieces
/// that cannot step are counted in the rule book's games only if
/// `COUNT_STUCK`.
#[inline(always)]
fn features<const COUNT_STUCK: bool>(position: &Position) -> [Features; 2] {
    match position.board().len() <= <u64 as PointSet>::CAPACITY {
        true => features_as::<u64, COUNT_STUCK>(position),
        false => features_as::<u128, COUNT_STUCK>(position),
    }
}

/// [`features`], counting in sets `S`.
#[inline(always)]
fn features_as<S: PointSet, const COUNT_STUCK: bool>(position: &Position) -> [Features; 2] {
    let us = position.side_to_move();
    match position.ruleset().is_rule_book() {
        true => [
            Features::of_rule_book::<S, COUNT_STUCK>(position, us),
            Features::of_rule_book::<S, COUNT_STUCK>(position, us.opposite()),
        ],
        false => [
            Features::of_family::<S>(position, us),
            Features::of_family::<S>(position, us.opposite()),
        ],
    }
}

/// The lead in pieces of the side to move (negative if behind), and the
/// pieces on the board.
fn lead(ours: &Features, theirs: &Features) -> (i32, i32) {
    let (ours, theirs) = (
        (ours.men + ours.kings) as i32,
        (theirs.men + theirs.kings) as i32,
    );
    (ours - theirs, ours + theirs)
}

/// The terms that belong to one side alone.
fn side_terms(w: &Weights, f: &Features) -> i32 {
    w.man * f.men as i32
        + w.king * f.kings as i32
        + w.mobility * f.mobility as i32
        + w.safe_point * f.on_safe_points as i32
        + w.advance * f.advance as i32
        + w.stuck * f.stuck as i32
}

/// For tests and tools: the evaluation from White's point of view.
///
/// ```
/// use alquerque_ai::{evaluate, evaluate_for_white};
/// use peralikatuma_rules::{Position, Ruleset};
///
/// let position = Position::parse(Ruleset::ALQUERQUE, "B:Wa1,b1:Be5")?;
/// assert_eq!(evaluate_for_white(&position), -evaluate(&position));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn evaluate_for_white(position: &Position) -> Score {
    let score = evaluate(position);
    if position.side_to_move() == Side::White {
        score
    } else {
        -score
    }
}

#[cfg(test)]
mod tests {
    use peralikatuma_rules::board_topology::Direction;
    use peralikatuma_rules::board_topology::graph::Graph;

    use peralikatuma_rules::Ruleset;

    use super::*;
    use crate::random_positions::from_random_games;

    /// A symmetry of a ruleset that swaps the sides: where it takes each
    /// point of the board, and each direction.
    struct Mirror {
        /// What it is, for messages.
        name: &'static str,
        /// The image of each point, by point.
        point: Vec<u8>,
        /// The image of a direction.
        direction: fn(Direction) -> Direction,
    }

    /// The direction with the same change of file and the opposite change
    /// of rank.
    fn north_south(direction: Direction) -> Direction {
        let (file, rank) = direction.delta();
        Direction::ALL
            .into_iter()
            .find(|d| d.delta() == (file, -rank))
            .expect("a direction")
    }

    /// The set of the images of the points of `set`.
    fn image(mirror: &Mirror, set: u128) -> u128 {
        (0..128)
            .filter(|p| set & (1 << p) != 0)
            .fold(0, |image, p| image | 1 << mirror.point[p])
    }

    /// The mirrors that are symmetries of `ruleset`, as far as the
    /// evaluation can tell: the board's lines go to lines (each
    /// neighbour to a neighbour, along the image of its direction), and
    /// what sets the sides apart (the way men face, the points where they
    /// crown or are stuck) goes to the other side's, the leaps' zone to
    /// itself. The evaluation weighs nothing else that differs between
    /// the sides: its weights are the same for both, and its terms for
    /// the side to move and the other (captures now, pieces exposed, a
    /// huff to make) follow the side to move, which the mirror swaps.
    fn mirrors_of(ruleset: &'static Ruleset) -> Vec<Mirror> {
        let board = ruleset.board;
        let points = 0..board.len() as u8;
        let ranks = board.grid().1;
        let at = |(file, rank): (u8, u8)| points.clone().find(|&p| board.coords(p) == (file, rank));
        let turned_over: Option<Vec<u8>> = points
            .clone()
            .map(|p| {
                let (file, rank) = board.coords(p);
                at((file, ranks - 1 - rank))
            })
            .collect();
        let mut mirrors = vec![Mirror {
            name: "colours swapped",
            point: points.clone().collect(),
            direction: |d| d,
        }];
        if let Some(point) = turned_over {
            mirrors.push(Mirror {
                name: "colours swapped, board turned over north to south",
                point,
                direction: north_south,
            });
        }
        mirrors.retain(|mirror| is_a_symmetry(ruleset, board, mirror));
        mirrors
    }

    /// Whether `mirror` is a symmetry of `ruleset` on its `board` (see
    /// [`mirrors_of`]).
    fn is_a_symmetry(ruleset: &Ruleset, board: &Graph, mirror: &Mirror) -> bool {
        let m = |p: u8| mirror.point[usize::from(p)];
        let lines = (0..board.len() as u8).all(|p| {
            Direction::ALL.into_iter().all(|d| {
                board.neighbour(p, d).map(m) == board.neighbour(m(p), (mirror.direction)(d))
            })
        });
        let swapped = |[white, black]: [u128; 2]| {
            image(mirror, white) == black && image(mirror, black) == white
        };
        let [white, black] = ruleset.forward;
        lines
            && white.map(mirror.direction) == black
            && black.map(mirror.direction) == white
            && swapped(ruleset.promotion)
            && swapped(ruleset.stuck)
            && image(mirror, ruleset.leap_zone) == ruleset.leap_zone
    }

    /// `position` through `mirror`, with the sides swapped: its text (N3)
    /// with every point named by its image, White's pieces as Black's and
    /// Black's as White's, and the other side to move.
    fn mirrored(position: &Position, mirror: &Mirror) -> Position {
        let board = position.board();
        let name = |name: &str| -> String {
            let (king, name) = match name.strip_prefix('K') {
                Some(name) => ("K", name),
                None => ("", name),
            };
            let point = board.parse_point(name).expect("a point");
            format!(
                "{king}{}",
                board.point_name(mirror.point[usize::from(point)])
            )
        };
        let names = |names: &str, joint: char| -> String {
            names
                .split(joint)
                .filter(|n| !n.is_empty())
                .map(name)
                .collect::<Vec<_>>()
                .join(&joint.to_string())
        };
        let text = position.to_string();
        let fields: Vec<String> = text
            .split(':')
            .enumerate()
            .map(|(i, field)| {
                let (kind, body) = field.split_at(1);
                match (i, kind) {
                    (0, "W") => "B".to_owned(),
                    (0, _) => "W".to_owned(),
                    (_, "W") => format!("B{}", names(body, ',')),
                    (_, "B") => format!("W{}", names(body, ',')),
                    (_, "H" | "F") => format!("{kind}{}", names(body, ',')),
                    (_, "R") => {
                        let barred: Vec<String> =
                            body.split(',').map(|pair| names(pair, '-')).collect();
                        format!("R{}", barred.join(","))
                    }
                    _ => field.to_owned(),
                }
            })
            .collect();
        let text = fields.join(":");
        Position::parse(position.ruleset(), &text)
            .unwrap_or_else(|error| panic!("{} of {position}: {text}: {error}", mirror.name))
    }

    /// The weights of `ruleset`.
    fn weights_of(ruleset: &Ruleset) -> Weights {
        Weights::of(ruleset)
    }

    /// The evaluation for `side`.
    fn evaluate_for(position: &Position, side: Side) -> Score {
        match side {
            Side::White => evaluate_for_white(position),
            Side::Black => -evaluate_for_white(position),
        }
    }

    /// The evaluation sees no colour: a position and its mirror image with
    /// the sides swapped score the same for the side to move, so that
    /// White's score of the one is Black's of the other, in every ruleset
    /// (all 21 are symmetric: those whose men face a way or crown, on
    /// boards that are the same turned over north to south; the others
    /// so, and with the colours swapped alone too), over positions of
    /// random games (kings, huffs and no-return restrictions included).
    #[test]
    fn a_position_and_its_mirror_with_the_sides_swapped_score_the_opposite_for_white() {
        let mut mirrored_positions = 0;
        let (mut with_kings, mut with_huffs, mut with_barred) = (0, 0, 0);
        for ruleset in Ruleset::all() {
            let mirrors = mirrors_of(ruleset);
            let names: Vec<&str> = mirrors.iter().map(|mirror| mirror.name).collect();
            let directed = ruleset.forward != [None, None] || ruleset.has_kings();
            assert_eq!(
                names.len(),
                if directed { 1 } else { 2 },
                "{}: {names:?}",
                ruleset.id
            );
            for position in from_random_games(ruleset, 7, 40, 5) {
                with_kings +=
                    usize::from(position.kings(Side::White) | position.kings(Side::Black) != 0);
                with_huffs += usize::from(position.huffable() != 0);
                with_barred += usize::from(position.barred() != [0, 0]);
                for mirror in &mirrors {
                    let image = mirrored(&position, mirror);
                    assert_eq!(mirrored(&image, mirror), position, "{}", mirror.name);
                    assert_eq!(
                        evaluate_for_white(&image),
                        -evaluate_for_white(&position),
                        "{}: {position} and, {}, {image}",
                        ruleset.id,
                        mirror.name
                    );
                    mirrored_positions += 1;
                }
            }
        }
        assert_eq!(mirrored_positions, 21 * 40 + 17 * 40);
        assert!(
            with_kings > 20 && with_huffs > 30 && with_barred > 10,
            "{with_kings} {with_huffs} {with_barred}"
        );
    }

    /// The evaluation is the sum of each weight times its term, as the
    /// tuning takes it to be: in every game, by its own weights and by
    /// weights that give every term a say (a lead's share of the board
    /// rounded towards zero, so within one hundredth of a man), over
    /// positions of random games.
    #[test]
    fn the_evaluation_is_its_weights_times_its_terms() {
        let mut positions = 0;
        for ruleset in Ruleset::all() {
            let every = Weights::from_values([100, 230, 80, 50, 15, -30, 3, 7, 4, -9, 150]);
            for position in from_random_games(ruleset, 9, 30, 5) {
                for weights in [Weights::of(ruleset), every] {
                    let sum: f64 = weights
                        .values()
                        .iter()
                        .zip(terms(&position))
                        .map(|(w, t)| f64::from(*w) * t)
                        .sum();
                    let score = evaluate_with(&position, &weights).0;
                    assert!(
                        (f64::from(score) - sum).abs() < 1.0,
                        "{}: {position}: {score} and {sum}",
                        ruleset.id
                    );
                }
                positions += 1;
            }
        }
        assert_eq!(positions, 21 * 30);
    }

    /// A king is worth more than a man: crowning one of a side's men
    /// (in the rulesets with kings: Permainan, M4, M6, Kharbaga, Zamma)
    /// raises the side's score by at least what a king weighs more than a
    /// man, less what the most ranks gained by a man weigh where they
    /// weigh for it (a king gains none), whichever side is to move.
    #[test]
    fn crowning_a_man_raises_its_sides_score_by_a_king_less_a_man_and_its_advance() {
        let mut crowned_men = 0;
        for ruleset in Ruleset::all().filter(|ruleset| ruleset.has_kings()) {
            let board = ruleset.board;
            let w = weights_of(ruleset);
            let least = w.king - w.man - w.advance.max(0) * i32::from(board.grid().1);
            assert!(least > 0, "{}", ruleset.id);
            for position in from_random_games(ruleset, 8, 40, 5) {
                for side in [Side::White, Side::Black] {
                    let men = position.men(side);
                    // A few of the side's men: the lowest, highest and middle one.
                    let points: Vec<u8> = (0..board.len() as u8)
                        .filter(|&p| men & (1 << p) != 0)
                        .collect();
                    let few = [0, points.len() / 2, points.len().saturating_sub(1)];
                    for &man in few.iter().filter_map(|&i| points.get(i)) {
                        let crowned = crowned(&position, man);
                        let (before, after) =
                            (evaluate_for(&position, side), evaluate_for(&crowned, side));
                        assert!(
                            after.0 - before.0 >= least,
                            "{}: {position} {before} and, crowned, {crowned} {after}",
                            ruleset.id
                        );
                        crowned_men += 1;
                    }
                }
            }
        }
        assert!(crowned_men > 500, "{crowned_men}");
    }

    /// Positions with kings keep the scores the evaluation gave them when
    /// they were written down (issue 26: the scores above have none):
    /// positions of seeded random games of the three rulesets with kings,
    /// scored for the side to move. Kharbaga's and Permainan's were scored
    /// again when their weights were tuned (issue 29: Kharbaga's 593 and
    /// -489 before, Permainan's -871 and 982).
    #[test]
    fn positions_with_kings_keep_their_scores() {
        let weighed = [
            // White to move, two men against a king on its base (M6) and
            // seven men.
            ("permainan", "W:Wa1,e1:BKc1,a4,c5,e7,b8,c8,c9,e9", -893),
            // Black to move, a king and seven men against a man.
            ("permainan", "B:Wc3:Ba4,c5,Ke6,e7,b8,c8,a9,e9:C5", 1127),
            // White to move, a king on Black's base and eight men
            // against six men.
            (
                "kharbaga",
                "W:WKe1,e3,g5,i5,h6,d8,f8,h8,a9:Bd2,h2,b4,d4,f4,b6:C1",
                675,
            ),
            // Black to move, five men against a king and seven men.
            (
                "kharbaga",
                "B:WKc1,i3,h4,h6,g7,d8,h8,a9:Bc3,g3,d4,b6,d6",
                -545,
            ),
            // Black to move with a king and five men against nine men, and
            // two of White's to huff (F4).
            (
                "zamma",
                "B:Wh1,f2,c3,d3,e4,i4,h5,g6,d8:BKg1,a4,b6,g7,h7,i9:Hh1,g6:C1",
                -48,
            ),
            // Black to move, a king a side: Black's and four men against
            // White's and six men.
            (
                "zamma",
                "B:Wd3,d4,e4,i4,h5,g6,Ke9:BKh2,a4,b6,h7,i9:C2",
                -165,
            ),
        ];
        for (id, text, score) in weighed {
            let ruleset = Ruleset::find(id).expect("a ruleset");
            let position = Position::parse(ruleset, text).expect("a position");
            assert_ne!(position.kings(Side::White) | position.kings(Side::Black), 0);
            assert_eq!(evaluate(&position), Score(score), "{id} {text}");
        }
    }

    /// `position` with the man on `point` crowned, through its text (N3).
    fn crowned(position: &Position, point: u8) -> Position {
        let name = position.board().point_name(point).to_string();
        let text = position.to_string();
        let fields: Vec<String> = text
            .split(':')
            .enumerate()
            .map(|(i, field)| match field.split_at(1) {
                (colour @ ("W" | "B"), names) if i > 0 => {
                    let names: Vec<String> = names
                        .split(',')
                        .map(|n| {
                            if n == name {
                                format!("K{n}")
                            } else {
                                n.to_owned()
                            }
                        })
                        .collect();
                    format!("{colour}{}", names.join(","))
                }
                _ => field.to_owned(),
            })
            .collect();
        let text = fields.join(":");
        let crowned = Position::parse(position.ruleset(), &text).expect("a position");
        assert_eq!(
            crowned.kings(position.side_to_move())
                | crowned.kings(position.side_to_move().opposite()),
            position.kings(Side::White) | position.kings(Side::Black) | 1 << point,
            "{text}"
        );
        crowned
    }

    /// The rule book's games are weighed as the seed games' own
    /// evaluation weighed them before it went (issue 26): its scores of
    /// the starts and of positions from seeded random games. Alquerque's
    /// and Permainan's were scored again when their weights were tuned
    /// (issue 29: -54; 109, -92, -532 and -657 before); Peralikatuma's
    /// are the seed games' still.
    #[test]
    fn the_rule_books_games_keep_their_scores() {
        let weighed = [
            (
                Ruleset::PERALIKATUMA,
                "B:Wc1,e1,g1,d2,e2,f2,a3,c3,d3,f3,g3,b4,c4,d4,e4,f4,g4,a5,b5,f5,b6,a7:Bi3,h4,h5,i5,c6,e6,g6,h6,c7,d7,e7,f7,g7,i7,d8,e8,f8,c9,e9,g9",
                -212,
            ),
            (
                Ruleset::PERALIKATUMA,
                "B:Wc1,e1,g1,d2,e2,f2,a3,d3,e3,f3,c4,d4,g4,a5,b5,f5,b6,a7:Bi3,h5,i5,f6,g6,h6,c7,d7,f7,d8,e8,f8,c9,e9,g9:C1",
                -230,
            ),
            (
                Ruleset::PERALIKATUMA,
                "B:Wc1,e1,g1,d2,e2,f2,a3,d3,e3,c4,d4,f4,g4,a5,c5,f5,b6:Bi3,h4,f6,h6,d7,e7,f7,g7,i7,e8,f8,c9,e9,g9:C2",
                -306,
            ),
            (
                Ruleset::PERALIKATUMA,
                "B:Wc1,e1,g1,d2,f2,a3,c3,d3,d4,e4,b6:Bi3,b4,g4,d5,h6,e7,f7,g7,i7,f8,c9,e9,g9:Fa3,d4:C3",
                255,
            ),
            (
                Ruleset::ALQUERQUE,
                "B:Wa1,b1,d1,e1,a2,e2,a3,d3,e3,b4:Bc1,a4,d4,e4,a5,b5,c5,d5,e5",
                -4,
            ),
            (
                Ruleset::PERMAINAN,
                "B:Wa1,c1,e1,b2,c2,d2,a3,b3,c3,d3,e3,a4,e4:Ba6,b6,e6,a7,b7,c7,d7,e7,b8,c8,d8,a9,c9,e9",
                83,
            ),
            (
                Ruleset::PERMAINAN,
                "B:Wa1,c1,e1,b2,c2,d2,c3,d3,a4,d5:Bc6,a7,c7,d7,e7,b8,c8,a9,c9:C1",
                -79,
            ),
            (
                Ruleset::PERMAINAN,
                "B:Wa1,c1,e1,b2,c2,d2,c3,a6,a7:Bc7,e7,b8,a9:C1",
                -551,
            ),
            (Ruleset::PERMAINAN, "B:Wa1,c1,b2,c2,d2,e3,a7:Bb8", -854),
        ];
        for ruleset in Ruleset::RULE_BOOK {
            let start = Position::start(ruleset);
            assert_eq!(evaluate(&start), Score(0), "{ruleset} start");
        }
        for (variant, text, score) in weighed {
            let position = Position::parse(variant, text).expect("a position");
            assert_eq!(evaluate(&position), Score(score), "{variant} {text}");
        }
    }
}
