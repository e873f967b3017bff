//! Weights fitted to samples by logistic regression (Texel's method): the
//! evaluation `s` of a position, through `1 / (1 + e^(-s / scale))`,
//! predicts what its side to move scores; the weights that make the
//! predictions' mean squared error least are found by gradient descent
//! (Adam), the man's weight held at 100 (the unit) and the scale first
//! fitted to the weights the search starts from.

use alquerque_ai::Weights;

use super::Sample;

/// Of every this many games, one is held out of the fit to check it.
const HELD_OUT_EVERY: u32 = 5;
/// Steps of gradient descent.
const STEPS: usize = 3_000;
/// Adam's step size, in hundredths of a man.
const STEP_SIZE: f64 = 0.5;

/// Weights fitted to samples, with the errors that judge them.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Fit {
    /// The fitted weights, rounded.
    pub weights: Weights,
    /// The scale of the logistic curve, fitted to the starting weights.
    pub scale: f64,
    /// Samples fitted to, and held out.
    pub fitted: usize,
    /// Samples held out (one game in five).
    pub held_out: usize,
    /// Mean squared error of the starting weights on the held-out samples.
    pub error_before: f64,
    /// Mean squared error of the fitted weights on the held-out samples.
    pub error_after: f64,
    /// Mean squared error of the starting weights on the samples fitted to.
    pub fitted_before: f64,
    /// Mean squared error of the fitted weights on the samples fitted to.
    pub fitted_after: f64,
}

/// The weights that best predict the results of `samples`, starting from
/// `start`: the man's weight stays 100, and a weight whose term is zero in
/// every sample (kings in a game without them) keeps its value. One game
/// in five ([`Sample::game`]) is held out and judges the fit.
///
/// ```
/// use alquerque_ai::Weights;
/// use peralikatuma::tune::{Sample, fit};
///
/// // Mobility decides these games: the side with more wins.
/// let start = Weights::from_values([100, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
/// let samples: Vec<Sample> = (0..200)
///     .map(|i| {
///         let mobility = f64::from(i % 7) - 3.0;
///         let mut terms = [0.0; 11];
///         terms[0] = f64::from(i % 3) - 1.0;
///         terms[6] = mobility;
///         let result = if mobility > 0.0 { 1.0 } else if mobility < 0.0 { 0.0 } else { 0.5 };
///         Sample { terms, result, game: i / 4 }
///     })
///     .collect();
/// let fit = fit(&samples, start);
/// assert!(fit.weights.mobility > 100);
/// assert!(fit.error_after < fit.error_before);
/// ```
pub fn fit(samples: &[Sample], start: Weights) -> Fit {
    let (held_out, fitted): (Vec<&Sample>, Vec<&Sample>) = samples
        .iter()
        .partition(|sample| sample.game % HELD_OUT_EVERY == HELD_OUT_EVERY - 1);
    let start_values = start.values().map(f64::from);
    let scale = best_scale(&fitted, &start_values);
    // The weights that move: not the man's, nor those of terms never seen.
    let moves: Vec<bool> = (0..Weights::NAMES.len())
        .map(|n| n > 0 && fitted.iter().any(|sample| sample.terms[n] != 0.0))
        .collect();
    let mut weights = start_values;
    let (mut first, mut second) = ([0.0; Weights::NAMES.len()], [0.0; Weights::NAMES.len()]);
    let (beta1, beta2) = (0.9_f64, 0.999_f64);
    for step in 1..=STEPS {
        let gradient = gradient(&fitted, &weights, scale);
        for n in 0..weights.len() {
            if !moves[n] {
                continue;
            }
            first[n] = beta1 * first[n] + (1.0 - beta1) * gradient[n];
            second[n] = beta2 * second[n] + (1.0 - beta2) * gradient[n] * gradient[n];
            let first_hat = first[n] / (1.0 - beta1.powi(step as i32));
            let second_hat = second[n] / (1.0 - beta2.powi(step as i32));
            weights[n] -= STEP_SIZE * first_hat / (second_hat.sqrt() + 1e-12);
        }
    }
    let rounded = weights.map(|w| w.round() as i32);
    let weights = Weights::from_values(rounded);
    Fit {
        weights,
        scale,
        fitted: fitted.len(),
        held_out: held_out.len(),
        error_before: error(&held_out, &start_values, scale),
        error_after: error(&held_out, &rounded.map(f64::from), scale),
        fitted_before: error(&fitted, &start_values, scale),
        fitted_after: error(&fitted, &rounded.map(f64::from), scale),
    }
}

/// The predicted score of `sample` by `weights` at `scale`.
fn prediction(sample: &Sample, weights: &[f64], scale: f64) -> f64 {
    let score: f64 = sample.terms.iter().zip(weights).map(|(t, w)| t * w).sum();
    1.0 / (1.0 + (-score / scale).exp())
}

/// The mean squared error of `weights`' predictions of `samples`.
fn error(samples: &[&Sample], weights: &[f64], scale: f64) -> f64 {
    let sum: f64 = samples
        .iter()
        .map(|sample| (prediction(sample, weights, scale) - sample.result).powi(2))
        .sum();
    sum / samples.len().max(1) as f64
}

/// The error's gradient with respect to each weight.
fn gradient(samples: &[&Sample], weights: &[f64], scale: f64) -> [f64; Weights::NAMES.len()] {
    let mut gradient = [0.0; Weights::NAMES.len()];
    for sample in samples {
        let p = prediction(sample, weights, scale);
        let factor = 2.0 * (p - sample.result) * p * (1.0 - p) / scale;
        for (g, t) in gradient.iter_mut().zip(sample.terms) {
            *g += factor * t;
        }
    }
    let n = samples.len().max(1) as f64;
    gradient.map(|g| g / n)
}

/// The scale that makes `weights`' error on `samples` least, between 10
/// and 10,000 hundredths of a man (golden-section search on its
/// logarithm).
fn best_scale(samples: &[&Sample], weights: &[f64]) -> f64 {
    let at = |log: f64| error(samples, weights, log.exp());
    let (mut low, mut high) = (10f64.ln(), 10_000f64.ln());
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..60 {
        let a = high - ratio * (high - low);
        let b = low + ratio * (high - low);
        if at(a) < at(b) {
            high = b;
        } else {
            low = a;
        }
    }
    ((low + high) / 2.0).exp()
}
