//! Figures and their reporting: latency percentiles, the server's samples
//! over time, and the rows of the Markdown tables.

use std::fmt::Write as _;

use crate::server::Memory;

/// Latencies, in seconds, and their percentiles.
#[derive(Default, Debug)]
pub(crate) struct Latencies(pub(crate) Vec<f64>);

impl Latencies {
    /// The `p`-th percentile (nearest rank) in milliseconds; 0 if none.
    pub(crate) fn percentile(&self, p: f64) -> f64 {
        let mut sorted = self.0.clone();
        sorted.sort_by(f64::total_cmp);
        if sorted.is_empty() {
            return 0.0;
        }
        let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
        sorted[rank.clamp(1, sorted.len()) - 1] * 1000.0
    }

    /// p50 / p90 / p99 / max, in milliseconds.
    pub(crate) fn said(&self) -> String {
        format!(
            "p50 {:.1} ms, p90 {:.1} ms, p99 {:.1} ms, max {:.1} ms ({} answers)",
            self.percentile(50.0),
            self.percentile(90.0),
            self.percentile(99.0),
            self.percentile(100.0),
            self.0.len()
        )
    }
}

/// One sample of the server, taken every second while the load runs.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Sample {
    /// Seconds since sampling began (as soon as the server answered).
    pub(crate) at: f64,
    /// The phase of the load it was taken in.
    pub(crate) phase: &'static str,
    /// Its resident memory.
    pub(crate) memory: Memory,
    /// CPU time it has used, in clock ticks.
    pub(crate) cpu: u64,
}

/// The samples taken.
#[derive(Default)]
pub(crate) struct Samples(pub(crate) Vec<Sample>);

impl Samples {
    /// The most resident memory sampled in `phase`, in MiB.
    pub(crate) fn most_in(&self, phase: &str) -> f64 {
        self.0
            .iter()
            .filter(|sample| sample.phase == phase)
            .map(|sample| sample.memory.rss_mib())
            .fold(0.0, f64::max)
    }

    /// As CSV: seconds, phase, RSS and peak in MiB, CPU in clock ticks.
    pub(crate) fn csv(&self) -> String {
        let mut text = String::from("seconds,phase,rss_mib,peak_mib,cpu_ticks\n");
        for sample in &self.0 {
            writeln!(
                text,
                "{:.1},{},{:.1},{:.1},{}",
                sample.at,
                sample.phase,
                sample.memory.rss_mib(),
                sample.memory.peak_mib(),
                sample.cpu
            )
            .ok();
        }
        text
    }
}

/// One line of a Markdown table.
pub(crate) fn row(table: &mut String, what: &str, value: impl std::fmt::Display) {
    writeln!(table, "| {what} | {value} |").ok();
}
