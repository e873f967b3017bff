//! The line typed on the bottom of the screen (a turn or a command), edited
//! as in a shell: the cursor moves with ←/→ and Home/End (Ctrl-A/Ctrl-E),
//! Backspace and Delete remove the character before or under it, Ctrl-U
//! clears up to it and Ctrl-W removes the word before it. A suggested end
//! (the file name `s` and `l` offer) is replaced by typing; moving the
//! cursor keeps it.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// The longest line that can be typed: more than any turn or file name.
const MAX_TYPED: usize = 200;

/// The line being typed.
#[derive(Clone, Default, PartialEq, Eq, Debug)]
pub struct TypedLine {
    chars: Vec<char>,
    /// Where the next character goes, counted in characters.
    cursor: usize,
    /// Where a suggested end begins, if the line ends in one.
    suggested: Option<usize>,
}

impl TypedLine {
    /// `start`, then `suggestion`, which typing replaces; the cursor at the
    /// end.
    pub fn suggesting(start: &str, suggestion: &str) -> TypedLine {
        let chars: Vec<char> = start.chars().chain(suggestion.chars()).collect();
        TypedLine {
            cursor: chars.len(),
            suggested: (!suggestion.is_empty()).then(|| start.chars().count()),
            chars,
        }
    }

    /// The line as typed.
    pub fn text(&self) -> String {
        self.chars.iter().collect()
    }

    /// The cursor's place, in characters from the start.
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// Where the suggested end begins, in characters, if there is one.
    pub fn suggested(&self) -> Option<usize> {
        self.suggested
    }

    /// Edits the line with `key`; false for a key that does not edit
    /// (Enter, Esc, ...).
    pub fn edit(&mut self, key: KeyEvent) -> bool {
        let control = key.modifiers.contains(KeyModifiers::CONTROL);
        match key.code {
            KeyCode::Char('u') if control => {
                self.keep_suggestion();
                self.chars.drain(..self.cursor);
                self.cursor = 0;
            }
            KeyCode::Char('w') if control => {
                self.keep_suggestion();
                let end = self.cursor;
                while self.cursor > 0 && self.chars[self.cursor - 1] == ' ' {
                    self.cursor -= 1;
                }
                while self.cursor > 0 && self.chars[self.cursor - 1] != ' ' {
                    self.cursor -= 1;
                }
                self.chars.drain(self.cursor..end);
            }
            KeyCode::Char('a') if control => self.move_to(0),
            KeyCode::Char('e') if control => self.move_to(self.chars.len()),
            KeyCode::Char(_) if control => return false,
            KeyCode::Char(c) => {
                self.drop_suggestion();
                if self.chars.len() < MAX_TYPED {
                    self.chars.insert(self.cursor, c);
                    self.cursor += 1;
                }
            }
            KeyCode::Backspace => {
                if !self.drop_suggestion() && self.cursor > 0 {
                    self.cursor -= 1;
                    self.chars.remove(self.cursor);
                }
            }
            KeyCode::Delete => {
                if !self.drop_suggestion() && self.cursor < self.chars.len() {
                    self.chars.remove(self.cursor);
                }
            }
            KeyCode::Left => self.move_to(self.cursor.saturating_sub(1)),
            KeyCode::Right => self.move_to(self.cursor + 1),
            KeyCode::Home => self.move_to(0),
            KeyCode::End => self.move_to(self.chars.len()),
            _ => return false,
        }
        true
    }

    /// Moves the cursor to `at` (within the line), keeping the suggestion.
    fn move_to(&mut self, at: usize) {
        self.keep_suggestion();
        self.cursor = at.min(self.chars.len());
    }

    /// The suggestion becomes part of the line.
    fn keep_suggestion(&mut self) {
        self.suggested = None;
    }

    /// Removes the suggestion; false if there was none.
    fn drop_suggestion(&mut self) -> bool {
        let Some(start) = self.suggested.take() else {
            return false;
        };
        self.chars.truncate(start);
        self.cursor = self.cursor.min(start);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::crossterm::event::{KeyEventKind, KeyEventState};

    fn key(line: &mut TypedLine, code: KeyCode, modifiers: KeyModifiers) {
        line.edit(KeyEvent {
            code,
            modifiers,
            kind: KeyEventKind::Press,
            state: KeyEventState::NONE,
        });
    }

    fn press(line: &mut TypedLine, code: KeyCode) {
        key(line, code, KeyModifiers::NONE);
    }

    fn ctrl(line: &mut TypedLine, c: char) {
        key(line, KeyCode::Char(c), KeyModifiers::CONTROL);
    }

    fn typed(line: &mut TypedLine, text: &str) {
        text.chars().for_each(|c| press(line, KeyCode::Char(c)));
    }

    #[test]
    fn the_cursor_moves_and_characters_go_in_and_out_where_it_is() {
        let mut line = TypedLine::default();
        typed(&mut line, "d4d5");
        press(&mut line, KeyCode::Left);
        press(&mut line, KeyCode::Left);
        typed(&mut line, "-");
        assert_eq!(line.text(), "d4-d5");
        press(&mut line, KeyCode::Home);
        press(&mut line, KeyCode::Delete);
        typed(&mut line, "c");
        press(&mut line, KeyCode::End);
        press(&mut line, KeyCode::Backspace);
        typed(&mut line, "6");
        assert_eq!(line.text(), "c4-d6");
        assert_eq!(line.cursor(), 5);
        press(&mut line, KeyCode::Right);
        assert_eq!(line.cursor(), 5, "not past the end");
    }

    #[test]
    fn ctrl_u_clears_to_the_start_and_ctrl_w_removes_a_word() {
        let mut line = TypedLine::default();
        typed(&mut line, "save my game.txt  ");
        ctrl(&mut line, 'w');
        assert_eq!(line.text(), "save my ");
        ctrl(&mut line, 'w');
        assert_eq!(line.text(), "save ");
        typed(&mut line, "x");
        ctrl(&mut line, 'a');
        press(&mut line, KeyCode::Right);
        ctrl(&mut line, 'u');
        assert_eq!(line.text(), "ave x");
        assert_eq!(line.cursor(), 0);
        ctrl(&mut line, 'e');
        ctrl(&mut line, 'u');
        assert_eq!(line.text(), "");
    }

    #[test]
    fn typing_replaces_a_suggested_name_and_moving_keeps_it() {
        let mut line = TypedLine::suggesting("save ", "peralikatuma.txt");
        assert_eq!(line.suggested(), Some(5));
        typed(&mut line, "mine.txt");
        assert_eq!(line.text(), "save mine.txt");
        let mut line = TypedLine::suggesting("save ", "peralikatuma.txt");
        press(&mut line, KeyCode::Backspace);
        assert_eq!(line.text(), "save ");
        let mut line = TypedLine::suggesting("save ", "peralikatuma.txt");
        press(&mut line, KeyCode::Left);
        press(&mut line, KeyCode::Left);
        press(&mut line, KeyCode::Left);
        press(&mut line, KeyCode::Left);
        typed(&mut line, "2");
        assert_eq!(line.text(), "save peralikatuma2.txt");
        assert_eq!(line.suggested(), None);
    }
}
