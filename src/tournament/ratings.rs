//! Ratings from game results: a maximum-likelihood fit of the Elo model
//! (Bradley-Terry with the logistic curve) across all pairings at once,
//! relative to one anchor player, with 95% intervals.
//!
//! The model: a player rated `d` Elo above another is expected to score
//! `1 / (1 + 10^(-d/400))` against it. A draw counts as half a point.
//! The fit finds the ratings that make the points scored in every pairing
//! most likely. One virtual drawn game is added to every pairing that was
//! played (as BayesElo's prior does), so that a pairing won 100% gives a
//! large but finite difference instead of an infinite one.
//!
//! The intervals come from the inverse of the fit's information matrix,
//! with each pairing's information scaled by the spread of its games'
//! scores about the fitted expectation (quasi-likelihood): draws, which
//! spread the scores less than wins and losses, narrow the intervals as
//! they should. An interval is the rating ± 1.96 standard errors.

use std::f64::consts::LN_10;

/// One game's result between two players, given as indices into the list
/// of players.
#[derive(Copy, Clone, PartialEq, Debug)]
pub struct GameResult {
    /// The first player.
    pub first: usize,
    /// The second player.
    pub second: usize,
    /// The first player's points: 1 for a win, 0.5 for a draw, 0 for a
    /// loss.
    pub points: f64,
}

/// A player's rating.
#[derive(Copy, Clone, PartialEq, Debug)]
pub struct Rating {
    /// Elo relative to the anchor (0 for the anchor itself).
    pub elo: f64,
    /// The lower end of the 95% interval.
    pub low: f64,
    /// The upper end of the 95% interval.
    pub high: f64,
}

/// Elo per natural unit of the logistic model.
const ELO_PER_UNIT: f64 = 400.0 / LN_10;
/// The normal quantile of a two-sided 95% interval.
const Z95: f64 = 1.96;

/// The pairings' totals between two players.
#[derive(Copy, Clone, Default, Debug)]
struct Pairing {
    games: f64,
    /// The lower-numbered player's points, and the sum of their squares.
    points: f64,
    squares: f64,
}

impl Pairing {
    /// The pairing as the other player scored it: each game's `x` points
    /// become `1 - x`.
    fn flipped(self) -> Pairing {
        Pairing {
            games: self.games,
            points: self.games - self.points,
            squares: self.games - 2.0 * self.points + self.squares,
        }
    }
}

/// Adds a pairing's `weight` to the information matrix, for the unknown
/// `a` against player `j` (itself unknown, or the anchor or unrated).
fn add_information(
    information: &mut [Vec<f64>],
    unknowns: &[usize],
    a: usize,
    j: usize,
    weight: f64,
) {
    information[a][a] += weight;
    if let Some(b) = unknowns.iter().position(|&u| u == j) {
        information[a][b] -= weight;
    }
}

/// The ratings of `players` players from `scores`, relative to `anchor`;
/// `None` for a player who has no chain of games to the anchor.
///
/// ```
/// use peralikatuma::tournament::{GameResult, ratings};
/// // Player 1 scores 76% against player 0: about 200 Elo more.
/// let mut scores = Vec::new();
/// for game in 0..100 {
///     let points = if game < 76 { 1.0 } else { 0.0 };
///     scores.push(GameResult { first: 1, second: 0, points });
/// }
/// let fitted = ratings(2, &scores, 0);
/// let strong = fitted[1].expect("connected to the anchor");
/// assert!((strong.elo - 200.0).abs() < 10.0);
/// assert!(strong.low < strong.elo && strong.elo < strong.high);
/// assert_eq!(fitted[0].map(|r| r.elo), Some(0.0));
/// ```
pub fn ratings(players: usize, scores: &[GameResult], anchor: usize) -> Vec<Option<Rating>> {
    let mut pairings = vec![Pairing::default(); players * players];
    for score in scores {
        let (low, high, points) = if score.first < score.second {
            (score.first, score.second, score.points)
        } else {
            (score.second, score.first, 1.0 - score.points)
        };
        if low == high || high >= players {
            continue;
        }
        let pairing = &mut pairings[low * players + high];
        pairing.games += 1.0;
        pairing.points += points;
        pairing.squares += points * points;
    }
    // One virtual draw in each pairing played.
    for pairing in pairings.iter_mut().filter(|p| p.games > 0.0) {
        pairing.games += 1.0;
        pairing.points += 0.5;
        pairing.squares += 0.25;
    }
    // The pairing of `i` and `j` as `i` scored it.
    let pairing = |i: usize, j: usize| -> Pairing {
        if i < j {
            pairings[i * players + j]
        } else {
            pairings[j * players + i].flipped()
        }
    };

    let rated = connected(players, anchor, |i, j| pairing(i, j).games > 0.0);
    // The unknowns: every rated player but the anchor.
    let unknowns: Vec<usize> = (0..players).filter(|&p| rated[p] && p != anchor).collect();
    let mut theta = vec![0.0; players];
    let expected = |theta: &[f64], i: usize, j: usize| 1.0 / (1.0 + (theta[j] - theta[i]).exp());
    // Newton's method on the log-likelihood.
    for _ in 0..200 {
        let mut gradient = vec![0.0; unknowns.len()];
        let mut information = vec![vec![0.0; unknowns.len()]; unknowns.len()];
        for (a, &i) in unknowns.iter().enumerate() {
            for j in (0..players).filter(|&j| j != i) {
                let p = pairing(i, j);
                if p.games == 0.0 {
                    continue;
                }
                let e = expected(&theta, i, j);
                gradient[a] += p.points - p.games * e;
                let weight = p.games * e * (1.0 - e);
                add_information(&mut information, &unknowns, a, j, weight);
            }
        }
        let Some(inverse) = invert(information) else {
            break;
        };
        let mut largest: f64 = 0.0;
        for (a, &i) in unknowns.iter().enumerate() {
            let step: f64 = (0..unknowns.len())
                .map(|b| inverse[a][b] * gradient[b])
                .sum();
            let step = step.clamp(-2.0, 2.0);
            theta[i] += step;
            largest = largest.max(step.abs());
        }
        if largest < 1e-10 {
            break;
        }
    }

    // The information scaled by each pairing's spread about the fit.
    let mut information = vec![vec![0.0; unknowns.len()]; unknowns.len()];
    for (a, &i) in unknowns.iter().enumerate() {
        for j in (0..players).filter(|&j| j != i) {
            let p = pairing(i, j);
            if p.games == 0.0 {
                continue;
            }
            let e = expected(&theta, i, j);
            let spread = (p.squares - 2.0 * e * p.points + p.games * e * e) / p.games;
            let slope = e * (1.0 - e);
            let weight = p.games * slope * slope / spread.max(1e-12);
            add_information(&mut information, &unknowns, a, j, weight);
        }
    }
    let covariance = invert(information);
    (0..players)
        .map(|p| {
            if p == anchor {
                return Some(Rating {
                    elo: 0.0,
                    low: 0.0,
                    high: 0.0,
                });
            }
            let a = unknowns.iter().position(|&u| u == p)?;
            let elo = theta[p] * ELO_PER_UNIT;
            let error = covariance
                .as_ref()
                .map_or(f64::INFINITY, |c| c[a][a].max(0.0).sqrt())
                * ELO_PER_UNIT;
            Some(Rating {
                elo,
                low: elo - Z95 * error,
                high: elo + Z95 * error,
            })
        })
        .collect()
}

/// Which players a chain of games links to `anchor`.
fn connected(players: usize, anchor: usize, played: impl Fn(usize, usize) -> bool) -> Vec<bool> {
    let mut reached = vec![false; players];
    let mut queue = vec![anchor];
    if anchor < players {
        reached[anchor] = true;
    }
    while let Some(i) = queue.pop() {
        for (j, seen) in reached.iter_mut().enumerate() {
            if !*seen && played(i, j) {
                *seen = true;
                queue.push(j);
            }
        }
    }
    reached
}

/// The inverse of a square matrix by Gauss-Jordan elimination with partial
/// pivoting; `None` if it is singular.
fn invert(mut matrix: Vec<Vec<f64>>) -> Option<Vec<Vec<f64>>> {
    let n = matrix.len();
    let mut inverse: Vec<Vec<f64>> = (0..n)
        .map(|i| (0..n).map(|j| f64::from(u8::from(i == j))).collect())
        .collect();
    for column in 0..n {
        let pivot = (column..n)
            .max_by(|&a, &b| matrix[a][column].abs().total_cmp(&matrix[b][column].abs()))?;
        if matrix[pivot][column].abs() < 1e-12 {
            return None;
        }
        matrix.swap(column, pivot);
        inverse.swap(column, pivot);
        let scale = matrix[column][column];
        for k in 0..n {
            matrix[column][k] /= scale;
            inverse[column][k] /= scale;
        }
        for row in (0..n).filter(|&r| r != column) {
            let factor = matrix[row][column];
            if factor != 0.0 {
                for k in 0..n {
                    matrix[row][k] -= factor * matrix[column][k];
                    inverse[row][k] -= factor * inverse[column][k];
                }
            }
        }
    }
    Some(inverse)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn games(
        first: usize,
        second: usize,
        wins: usize,
        draws: usize,
        losses: usize,
    ) -> Vec<GameResult> {
        let result = |points| GameResult {
            first,
            second,
            points,
        };
        std::iter::repeat_n(result(1.0), wins)
            .chain(std::iter::repeat_n(result(0.5), draws))
            .chain(std::iter::repeat_n(result(0.0), losses))
            .collect()
    }

    fn rating(fitted: &[Option<Rating>], player: usize) -> Rating {
        fitted[player].expect("rated")
    }

    #[test]
    fn an_even_match_rates_both_alike() {
        let fitted = ratings(2, &games(0, 1, 40, 20, 40), 0);
        let other = rating(&fitted, 1);
        assert!(other.elo.abs() < 1e-6);
        assert!(other.low < -30.0 && other.high > 30.0);
    }

    #[test]
    fn a_chain_adds_up_and_the_anchor_may_be_anyone() {
        // 0 < 1 < 2, 76% a step (about 200 Elo).
        let mut scores = games(1, 0, 76, 0, 24);
        scores.extend(games(2, 1, 76, 0, 24));
        let fitted = ratings(3, &scores, 0);
        assert!((rating(&fitted, 2).elo - 2.0 * rating(&fitted, 1).elo).abs() < 1.0);
        let from_top = ratings(3, &scores, 2);
        assert!((rating(&from_top, 0).elo + rating(&fitted, 2).elo).abs() < 1e-6);
        // The far end is less certain than the near one.
        let near = rating(&fitted, 1);
        let far = rating(&fitted, 2);
        assert!(far.high - far.low > near.high - near.low);
    }

    #[test]
    fn a_clean_sweep_is_finite_and_draws_narrow_the_interval() {
        let sweep = rating(&ratings(2, &games(1, 0, 100, 0, 0), 0), 1);
        assert!(sweep.elo.is_finite() && sweep.elo > 400.0);
        assert!(sweep.low.is_finite() && sweep.high.is_finite());
        // The same 75% score, by wins and losses or by wins and draws.
        let decisive = rating(&ratings(2, &games(1, 0, 75, 0, 25), 0), 1);
        let drawn = rating(&ratings(2, &games(1, 0, 50, 50, 0), 0), 1);
        assert!((decisive.elo - drawn.elo).abs() < 1.0);
        assert!(drawn.high - drawn.low < decisive.high - decisive.low);
    }

    #[test]
    fn a_player_with_no_games_to_the_anchor_is_not_rated() {
        let fitted = ratings(4, &games(0, 1, 5, 0, 5), 0);
        assert!(fitted[1].is_some());
        assert!(fitted[2].is_none() && fitted[3].is_none());
    }
}
