//! The move list in the panel, scrolled (PgUp/PgDn, the mouse wheel), and
//! the review of earlier positions: stepping through the game shows the
//! board after each turn and changes nothing; Esc returns to the game.

use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::layout::Rect;

use crate::play::replies::Tone;
use crate::play::tui::app::{App, Mode};

/// How many rows of the move list a turn of the mouse wheel scrolls.
const WHEEL_ROWS: isize = 3;

/// The move list as last drawn: what is in sight, and where each turn is,
/// for scrolling and for clicks.
#[derive(Clone, Default, Debug)]
pub struct MovesView {
    /// The first row in sight.
    pub top: usize,
    /// How many rows are in sight.
    pub page: usize,
    /// The first row in sight when the list is scrolled to its end.
    pub last_top: usize,
    /// Turns to a row: two when White's and Black's stand side by side.
    pub per_row: usize,
    /// Empty cells before the first turn (one when Black moved first).
    pub offset: usize,
    /// Where each turn in sight is drawn, with the number of turns up to
    /// and including it.
    pub cells: Vec<(Rect, usize)>,
}

impl MovesView {
    /// The row of the list the `turns`-th turn stands on.
    fn row_of(&self, turns: usize) -> usize {
        (turns.saturating_sub(1) + self.offset) / self.per_row.max(1)
    }

    /// The turn drawn at a column and row of the screen, as the number of
    /// turns up to and including it.
    pub fn turns_at(&self, column: u16, row: u16) -> Option<usize> {
        let at = ratatui::layout::Position::new(column, row);
        self.cells
            .iter()
            .find(|(rect, _)| rect.contains(at))
            .map(|&(_, turns)| turns)
    }
}

impl App {
    /// Scrolls the move list `by` rows (up when negative); at its end it
    /// follows the game again.
    pub fn scroll_moves(&mut self, by: isize) {
        let view = &self.moves_view;
        let top = view.top.saturating_add_signed(by).min(view.last_top);
        self.moves_scroll = (top < view.last_top).then_some(top);
    }

    /// A turn of the mouse wheel: the move list scrolls.
    pub fn wheel(&mut self, down: bool) {
        self.scroll_moves(if down { WHEEL_ROWS } else { -WHEEL_ROWS });
    }

    /// Shows the board after the first `turns` turns, changing nothing,
    /// with that turn in sight in the move list.
    pub fn review(&mut self, turns: usize) {
        let turns = turns.min(self.session.game().turns().len());
        self.mode = Mode::Review(turns);
        let view = &self.moves_view;
        let row = view.row_of(turns);
        if row < view.top {
            self.moves_scroll = Some(row);
        } else if row >= view.top + view.page.max(1) {
            let top = row + 1 - view.page.max(1);
            self.moves_scroll = (top < view.last_top).then_some(top);
        }
        self.say(
            "Reviewing the game: ←/→ step, Home the start, Esc back to the game.",
            Tone::Info,
        );
    }

    /// Back from the review to the game as it stands.
    pub fn end_review(&mut self) {
        self.mode = Mode::Board;
        self.moves_scroll = None;
        self.say("Back to the game.", Tone::Info);
    }

    /// A key while reviewing.
    pub(super) fn review_key(&mut self, key: KeyEvent, turns: usize) {
        let played = self.session.game().turns().len();
        match key.code {
            KeyCode::Left | KeyCode::Up | KeyCode::Char('[') => {
                self.review(turns.saturating_sub(1));
            }
            KeyCode::Right | KeyCode::Down | KeyCode::Char(']') if turns < played => {
                self.review(turns + 1);
            }
            KeyCode::Home => self.review(0),
            KeyCode::PageUp => self.page_moves(turns, -1),
            KeyCode::PageDown => self.page_moves(turns, 1),
            KeyCode::Right
            | KeyCode::Down
            | KeyCode::Char(']')
            | KeyCode::End
            | KeyCode::Esc
            | KeyCode::Enter
            | KeyCode::Char('q') => self.end_review(),
            _ => {
                self.mode = Mode::Review(turns);
                self.say(
                    "Reviewing: Esc returns to the game, where the keys work again.",
                    Tone::Error,
                );
            }
        }
    }

    /// Scrolls the move list by a page, staying in review at `turns`.
    fn page_moves(&mut self, turns: usize, pages: isize) {
        let page = isize::try_from(self.moves_view.page.max(1)).unwrap_or(1);
        self.scroll_moves(pages * page);
        self.mode = Mode::Review(turns);
    }
}
