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

use peralikatuma_rules::family;

use crate::play::Pace;
use crate::session::{Session, Settings};
use app::App;

/// How often the screen is redrawn while nothing happens (the thinking
/// spinner turns).
const TICK: Duration = Duration::from_millis(100);

/// Plays `session` full screen until the player quits, the machine
/// answering at `pace`. With `ask_settings`, the new-game form comes
/// first. A family game chosen on the form is played in line mode
/// ([`run_plain`](super::run_plain)) once the full screen has closed.
pub fn run(session: Session, ask_settings: bool, pace: Pace) -> io::Result<()> {
    let mut terminal = ratatui::init();
    let app = App::new(session, ask_settings, pace);
    let result =
        execute!(io::stdout(), EnableMouseCapture).and_then(|()| event_loop(&mut terminal, app));
    let released = execute!(io::stdout(), DisableMouseCapture);
    ratatui::restore();
    let family = result.and_then(|family| released.map(|()| family))?;
    let Some(settings) = family else {
        return Ok(());
    };
    match Session::<family::Game>::new(settings) {
        Ok(mut session) => {
            let name = session.game().start().ruleset().name;
            println!("{name} is played in line mode: type `help` for the commands.");
            super::run_plain(&mut session, io::stdin().lock(), &mut io::stdout(), pace)
        }
        Err(error) => {
            eprintln!("error: cannot start that game: {error}");
            Ok(())
        }
    }
}

/// Runs the screen until the player quits; returns the family game they
/// chose to play instead, if they did.
fn event_loop(
    terminal: &mut DefaultTerminal,
    mut app: App,
) -> io::Result<Option<Settings<family::Game>>> {
    loop {
        app.tick();
        terminal.draw(|frame| draw::draw(frame, &mut app))?;
        if app.quit {
            return Ok(app.family.take());
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
