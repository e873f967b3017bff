//! What the analysis board's and the reports' server-sent events share:
//! the turns of a line as a query gives them, and a stream of updates
//! from work on the analysis places that ends after its last update and
//! stops the work when the page stops listening.

use std::convert::Infallible;

use alquerque_ai::Stop;
use axum::response::sse::{Event, KeepAlive, Sse};
use futures_util::Stream;
use tokio::sync::mpsc;

/// An update of work on the analysis places, as an event.
pub trait Update: Send + 'static {
    /// The update as a server-sent event.
    fn event(&self) -> Event;

    /// Whether it is the work's last.
    fn is_last(&self) -> bool;
}

/// The `waiting` event: every analysis place is busy.
pub fn waiting() -> Event {
    Event::default()
        .event("waiting")
        .data(r#"{"message":"every analysis place is busy: waiting for one"}"#)
}

/// The turns of a line given as `T1;T2;...` (a turn's text may hold a
/// space: `!e6 d4-d5`).
pub fn line_turns(text: Option<&str>) -> Vec<String> {
    text.map(|turns| {
        turns
            .split(';')
            .map(str::trim)
            .filter(|turn| !turn.is_empty())
            .map(str::to_owned)
            .collect()
    })
    .unwrap_or_default()
}

/// Raises a stop when dropped: when the page stops listening.
struct StopOnDrop(Stop);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.stop();
    }
}

/// The updates of `receiver` as events, until the last; dropping the
/// stream raises `stop`.
pub fn stream<U: Update>(
    receiver: mpsc::Receiver<U>,
    stop: Stop,
) -> Sse<impl Stream<Item = Result<Event, Infallible>>> {
    let stream = futures_util::stream::unfold(
        (receiver, StopOnDrop(stop), false),
        |(mut receiver, stop, ended)| async move {
            if ended {
                return None;
            }
            let update = receiver.recv().await?;
            let ended = update.is_last();
            Some((Ok(update.event()), (receiver, stop, ended)))
        },
    );
    Sse::new(stream).keep_alive(KeepAlive::default())
}

#[cfg(test)]
mod tests {
    use super::line_turns;

    #[test]
    fn a_lines_turns_are_split_at_semicolons_and_keep_their_spaces() {
        assert_eq!(
            line_turns(Some("e4-e5; !e6 d4-d5;;")),
            ["e4-e5", "!e6 d4-d5"]
        );
        assert!(line_turns(None).is_empty());
        assert!(line_turns(Some("")).is_empty());
    }
}
