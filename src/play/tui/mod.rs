//! The full-screen game (ratatui on crossterm): the board drawn with its
//! lines, picked with the keys or the mouse, while the machine thinks on a
//! thread of its own.

mod app;
mod draw;
mod form;
mod line;
mod pick;
mod review;

use std::io;
use std::time::Duration;

use ratatui::DefaultTerminal;
use ratatui::crossterm::event::{
    self, DisableMouseCapture, EnableMouseCapture, Event, KeyEventKind,
};
use ratatui::crossterm::execute;

use crate::play::Pace;
use crate::session::Session;
use app::App;

/// How often the screen is redrawn while nothing happens (the thinking
/// spinner turns).
const TICK: Duration = Duration::from_millis(100);

/// Plays `session` full screen until the player quits, the machine
/// answering at `pace`: any of the 21 games, its board drawn from its
/// lines. With `ask_settings`, the new-game form comes first.
pub fn run(session: Session, ask_settings: bool, pace: Pace) -> io::Result<()> {
    let mut terminal = ratatui::init();
    let app = App::new(session, ask_settings, pace);
    let result =
        execute!(io::stdout(), EnableMouseCapture).and_then(|()| event_loop(&mut terminal, app));
    let released = execute!(io::stdout(), DisableMouseCapture);
    ratatui::restore();
    result.and(released)
}

/// Runs the screen until the player quits.
fn event_loop(terminal: &mut DefaultTerminal, mut app: App) -> io::Result<()> {
    loop {
        app.tick();
        terminal.draw(|frame| draw::draw(frame, &mut app))?;
        if app.quit {
            return Ok(());
        }
        if event::poll(TICK)? {
            match event::read()? {
                Event::Key(key) if key.kind == KeyEventKind::Press => app.on_key(key),
                Event::Mouse(mouse) => app.on_mouse(mouse),
                _ => {}
            }
        }
    }
}
