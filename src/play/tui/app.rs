//! The state of the full-screen game and what keys, clicks and the passing
//! of time do to it. Drawing is in `draw.rs`.

use std::path::Path;

use crate::Picture;
use alquerque_ai::Player;
use peralikatuma_rules::{Point, Side, Turn, TurnList};
use ratatui::crossterm::event::{
    KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};

use crate::play::commands::Command;
use crate::play::machine::{self, Thinking};
use crate::play::session::{Session, Settings};
use crate::play::tui::form::Form;
use crate::play::tui::pick::{Pick, Picked};

/// What the keys do now.
#[derive(Clone, Debug)]
pub enum Mode {
    /// Playing on the board.
    Board,
    /// Typing a turn or a command on the bottom line.
    Typing(String),
    /// Filling in the new-game form.
    NewGame(Form),
    /// Waiting for yes or no.
    Asking(Question),
    /// The help screen.
    Help,
}

/// A question put to the players.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Question {
    /// Does the side to move resign?
    Resign(Side),
    /// `Side` offers a draw: does the other accept?
    Draw(Side),
}

/// How a message reads.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Tone {
    /// News.
    Info,
    /// Something refused.
    Error,
}

/// The whole state of the screen.
pub struct App {
    pub session: Session,
    seed: u64,
    pub picture: Picture,
    pub cursor: Point,
    pub pick: Pick,
    pub mode: Mode,
    pub message: (String, Tone),
    /// The machine's player, when it is not thinking.
    machine: Option<Player>,
    /// The machine thinking about its turn.
    pub thinking: Option<Thinking>,
    hint_player: Option<Player>,
    pub hinting: Option<Thinking>,
    /// The engine's suggestion for the position on screen.
    pub hint: Option<Turn>,
    /// The legal turns of the position on screen.
    pub turns: TurnList,
    /// Where the board's top-left cell was last drawn, for the mouse.
    pub board_origin: Option<(u16, u16)>,
    pub quit: bool,
}

impl App {
    /// The screen for `session`, showing the new-game form first when
    /// `ask_settings`.
    pub fn new(session: Session, seed: u64, ask_settings: bool) -> App {
        let picture = picture_for(&session);
        let mut app = App {
            cursor: centre(&picture),
            picture,
            machine: session.machine().map(|s| machine::player(s, seed)),
            mode: if ask_settings {
                Mode::NewGame(Form::new(session.settings()))
            } else {
                Mode::Board
            },
            session,
            seed,
            pick: Pick::default(),
            message: (String::new(), Tone::Info),
            thinking: None,
            hint_player: Some(machine::hint_player(seed)),
            hinting: None,
            hint: None,
            turns: TurnList::new(),
            board_origin: None,
            quit: false,
        };
        app.changed();
        app.say(
            "Move with the arrows or the mouse, Enter to pick. Press ? for help.",
            Tone::Info,
        );
        app
    }

    fn say(&mut self, text: impl Into<String>, tone: Tone) {
        self.message = (text.into(), tone);
    }

    /// After the game changed: new legal turns, no pick, no hint, and the
    /// machine starts thinking if it has the move.
    fn changed(&mut self) {
        self.turns = self.session.game().legal_turns();
        self.pick = Pick::default();
        self.hint = None;
        if let Some(hinting) = self.hinting.take() {
            self.hint_player = Some(hinting.cancel());
        }
        if self.session.machine_to_move() && self.thinking.is_none() {
            if let Some(player) = self.machine.take() {
                self.thinking = Some(Thinking::start(
                    player,
                    self.session.game().clone(),
                    self.seed,
                ));
            }
        }
    }

    /// Stops the machine's thinking, if it is, dropping its choice.
    fn stop_thinking(&mut self) {
        if let Some(thinking) = self.thinking.take() {
            self.machine = Some(thinking.cancel());
        }
    }

    /// Called often: collects what the machine has decided.
    pub fn tick(&mut self) {
        if self.thinking.as_ref().is_some_and(Thinking::is_finished) {
            if let Some(thinking) = self.thinking.take() {
                let (player, turn) = thinking.finish();
                self.machine = Some(player);
                match turn.map(|t| (t, self.session.play(&t))) {
                    Some((turn, Ok(()))) => {
                        let text = turn.notation(self.session.game().variant()).to_string();
                        self.say(format!("The machine plays {text}."), Tone::Info);
                        self.changed();
                    }
                    _ => self.say("The machine could not choose a turn.", Tone::Error),
                }
            }
        }
        if self.hinting.as_ref().is_some_and(Thinking::is_finished) {
            if let Some(hinting) = self.hinting.take() {
                let (player, turn) = hinting.finish();
                self.hint_player = Some(player);
                self.hint = turn;
                if let Some(turn) = turn {
                    let text = turn.notation(self.session.game().variant()).to_string();
                    self.say(format!("Hint: {text} (shown on the board)."), Tone::Info);
                }
            }
        }
    }

    /// A key was pressed.
    pub fn on_key(&mut self, key: KeyEvent) {
        if key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c') {
            self.quit = true;
            return;
        }
        match std::mem::replace(&mut self.mode, Mode::Board) {
            Mode::Board => self.board_key(key),
            Mode::Help => {}
            Mode::Typing(text) => self.typing_key(key, text),
            Mode::NewGame(form) => self.form_key(key, form),
            Mode::Asking(question) => self.answer(key, question),
        }
    }

    fn board_key(&mut self, key: KeyEvent) {
        let arrow = |files, ranks| Some((files, ranks));
        let direction = match key.code {
            KeyCode::Left => arrow(-1, 0),
            KeyCode::Right => arrow(1, 0),
            KeyCode::Up => arrow(0, 1),
            KeyCode::Down => arrow(0, -1),
            _ => None,
        };
        if let Some((files, ranks)) = direction {
            self.cursor = self.picture.next_point(self.cursor, files, ranks);
            return;
        }
        match key.code {
            KeyCode::Enter | KeyCode::Char(' ') => self.choose(self.cursor),
            KeyCode::Esc | KeyCode::Backspace => {
                if self.pick.back() {
                    self.say("Took back the last pick.", Tone::Info);
                } else {
                    self.say("", Tone::Info);
                }
            }
            KeyCode::Char(':') | KeyCode::Char('/') | KeyCode::Tab => {
                self.mode = Mode::Typing(String::new());
            }
            KeyCode::Char('s') => self.mode = Mode::Typing(format!("save {}", self.save_name())),
            KeyCode::Char('l') => self.mode = Mode::Typing(format!("load {}", self.save_name())),
            KeyCode::Char('u') => self.run(Command::Undo),
            KeyCode::Char('r') => self.run(Command::Redo),
            KeyCode::Char('h') => self.run(Command::Hint),
            KeyCode::Char('d') => self.run(Command::Draw),
            KeyCode::Char('x') => self.run(Command::Resign),
            KeyCode::Char('n') => self.run(Command::New),
            KeyCode::Char('?') => self.run(Command::Help),
            KeyCode::Char('f') => {
                let board = self.picture.board();
                self.picture = if self.picture.is_turned() {
                    Picture::new(board)
                } else {
                    Picture::turned(board)
                };
            }
            KeyCode::Char('q') => self.run(Command::Quit),
            _ => {}
        }
    }

    fn typing_key(&mut self, key: KeyEvent, mut text: String) {
        match key.code {
            KeyCode::Esc => return,
            KeyCode::Enter => {
                match Command::parse(&text) {
                    Ok(Some(command)) => self.run(command),
                    Ok(None) => {}
                    Err(error) => self.say(error.to_string(), Tone::Error),
                }
                return;
            }
            KeyCode::Backspace => {
                text.pop();
            }
            KeyCode::Char(c) => text.push(c),
            _ => {}
        }
        self.mode = Mode::Typing(text);
    }

    fn form_key(&mut self, key: KeyEvent, mut form: Form) {
        match key.code {
            KeyCode::Up => form.move_field(-1),
            KeyCode::Down | KeyCode::Tab => form.move_field(1),
            KeyCode::Left => form.change(-1),
            KeyCode::Right | KeyCode::Char(' ') => form.change(1),
            KeyCode::Enter => return self.start(form.settings),
            KeyCode::Esc => return,
            KeyCode::Char('q') => {
                self.quit = true;
                return;
            }
            _ => {}
        }
        self.mode = Mode::NewGame(form);
    }

    fn answer(&mut self, key: KeyEvent, question: Question) {
        let yes = match key.code {
            KeyCode::Char('y') | KeyCode::Char('Y') => true,
            KeyCode::Char('n') | KeyCode::Char('N') | KeyCode::Esc => false,
            _ => {
                self.mode = Mode::Asking(question);
                return;
            }
        };
        let result = match (question, yes) {
            (_, false) => {
                self.say("The game goes on.", Tone::Info);
                return;
            }
            (Question::Resign(side), true) => self.session.resign(side),
            (Question::Draw(_), true) => self.session.agree_draw(),
        };
        match result {
            Ok(()) => {
                self.stop_thinking();
                self.changed();
            }
            Err(error) => self.say(error.to_string(), Tone::Error),
        }
    }

    /// The mouse: a click on the board picks the point clicked.
    pub fn on_mouse(&mut self, mouse: MouseEvent) {
        if !matches!(mouse.kind, MouseEventKind::Down(MouseButton::Left))
            || !matches!(self.mode, Mode::Board)
        {
            return;
        }
        let Some((x, y)) = self.board_origin else {
            return;
        };
        let (Some(column), Some(row)) = (mouse.column.checked_sub(x), mouse.row.checked_sub(y))
        else {
            return;
        };
        if let Some(point) = self
            .picture
            .point_near(usize::from(row), usize::from(column))
        {
            self.cursor = point;
            self.choose(point);
        }
    }

    /// Picks `point` for the turn being put together.
    fn choose(&mut self, point: Point) {
        if let Some(outcome) = self.session.game().outcome() {
            self.say(
                format!("The game is over ({outcome}). Press n for a new game or u to undo."),
                Tone::Error,
            );
            return;
        }
        if !self.session.person_to_move() {
            self.say("Wait: the machine is thinking.", Tone::Error);
            return;
        }
        let position = *self.session.game().position();
        match self.pick.choose(point, &position, &self.turns) {
            Picked::Changed(text) => self.say(capitalised(&text), Tone::Info),
            Picked::Refused(text) => self.say(capitalised(&text), Tone::Error),
            Picked::Turn(turn) => {
                let text = turn.notation(position.variant()).to_string();
                match self.session.play(&turn) {
                    Ok(()) => {
                        self.say(format!("You play {text}."), Tone::Info);
                        self.changed();
                    }
                    Err(error) => self.say(error.to_string(), Tone::Error),
                }
            }
        }
    }

    /// Carries out a command, typed or given by a key.
    fn run(&mut self, command: Command) {
        let variant = self.session.game().variant();
        let texts = |turns: &[Turn]| -> String {
            let texts: Vec<String> = turns
                .iter()
                .map(|t| t.notation(variant).to_string())
                .collect();
            texts.join(", ")
        };
        match command {
            Command::Quit => self.quit = true,
            Command::Help => self.mode = Mode::Help,
            Command::Board => self.say("", Tone::Info),
            Command::Moves => {
                let list = texts(&self.turns);
                self.say(
                    format!("{} legal turns: {list}", self.turns.len()),
                    Tone::Info,
                );
            }
            Command::Turn(text) => {
                if !self.session.person_to_move() && self.session.game().outcome().is_none() {
                    return self.say("Wait: the machine is thinking.", Tone::Error);
                }
                match self.session.play_text(&text) {
                    Ok(turn) => {
                        self.say(format!("You play {}.", texts(&[turn])), Tone::Info);
                        self.changed();
                    }
                    Err(error) => self.say(capitalised(&error.to_string()), Tone::Error),
                }
            }
            Command::Undo => {
                self.stop_thinking();
                let taken = self.session.undo();
                if taken.is_empty() {
                    self.say("Nothing to take back.", Tone::Error);
                } else {
                    self.say(format!("Took back {}.", texts(&taken)), Tone::Info);
                }
                self.changed();
            }
            Command::Redo => {
                if !self.session.can_redo() {
                    return self.say("Nothing to redo.", Tone::Error);
                }
                self.stop_thinking();
                let replayed = self.session.redo();
                self.say(format!("Played again {}.", texts(&replayed)), Tone::Info);
                self.changed();
            }
            Command::Hint => {
                if !self.session.person_to_move() {
                    return self.say("No hint now: it is not your turn.", Tone::Error);
                }
                if let Some(player) = self.hint_player.take() {
                    self.hinting = Some(Thinking::start(
                        player,
                        self.session.game().clone(),
                        self.seed,
                    ));
                    self.say("Looking for a good turn...", Tone::Info);
                }
            }
            Command::Resign => match self.session.game().outcome() {
                Some(outcome) => self.say(format!("The game is over ({outcome})."), Tone::Error),
                None => {
                    let side = match self.session.machine() {
                        Some(_) => self.session.settings().human,
                        None => self.session.game().position().side_to_move(),
                    };
                    self.mode = Mode::Asking(Question::Resign(side));
                }
            },
            Command::Draw => {
                if let Some(outcome) = self.session.game().outcome() {
                    return self.say(format!("The game is over ({outcome})."), Tone::Error);
                }
                if self.session.machine().is_none() {
                    let side = self.session.game().position().side_to_move();
                    self.mode = Mode::Asking(Question::Draw(side));
                } else if self.session.machine_accepts_draw() {
                    self.stop_thinking();
                    if self.session.agree_draw().is_ok() {
                        self.changed();
                        self.say("The machine accepts: the game is drawn (E6).", Tone::Info);
                    }
                } else {
                    self.say(
                        "The machine declines the draw: the game goes on.",
                        Tone::Info,
                    );
                }
            }
            Command::Save(path) => match self.session.save(&path) {
                Ok(()) => self.say(format!("Saved the game to {}.", path.display()), Tone::Info),
                Err(error) => self.say(
                    format!("Cannot write {}: {error}", path.display()),
                    Tone::Error,
                ),
            },
            Command::Load(path) => self.load(&path),
            Command::New => self.mode = Mode::NewGame(Form::new(self.session.settings())),
        }
    }

    fn load(&mut self, path: &Path) {
        self.stop_thinking();
        match self.session.load(path) {
            Ok(()) => {
                self.picture = picture_for(&self.session);
                self.cursor = centre(&self.picture);
                let turns = self.session.game().turns().len();
                self.say(
                    format!("Loaded {} ({turns} turns).", path.display()),
                    Tone::Info,
                );
                self.changed();
            }
            Err(error) => {
                self.say(capitalised(&error.to_string()), Tone::Error);
                self.changed();
            }
        }
    }

    /// Starts a new game with `settings`.
    fn start(&mut self, settings: Settings) {
        self.stop_thinking();
        let strength = match settings.opponent {
            crate::play::session::Opponent::Human => None,
            crate::play::session::Opponent::Machine(strength) => Some(strength),
        };
        match self.session.restart(settings) {
            Ok(()) => {
                self.machine = strength.map(|s| machine::player(s, self.seed));
                self.picture = picture_for(&self.session);
                self.cursor = centre(&self.picture);
                let players = self.session.settings().players();
                self.say(
                    format!("New game of {}: {players}.", self.session.game().variant()),
                    Tone::Info,
                );
                self.changed();
            }
            Err(error) => self.say(format!("Cannot start that game: {error}"), Tone::Error),
        }
    }

    /// A file name for saving: the game's name.
    fn save_name(&self) -> String {
        format!("{}.txt", self.session.game().variant().name())
    }
}

/// The board as the person at the keyboard sees it: from Black's side
/// when they play Black against the machine.
fn picture_for(session: &Session) -> Picture {
    let board = session.game().position().board();
    match session.machine() {
        Some(_) if session.settings().human == Side::Black => Picture::turned(board),
        _ => Picture::new(board),
    }
}

/// The point in the middle of the board, where the cursor starts.
fn centre(picture: &Picture) -> Point {
    let board = picture.board();
    let (files, ranks) = board.grid_size();
    board
        .point_at(files / 2, ranks / 2)
        .or_else(|| board.points().iter().next())
        .unwrap_or_else(|| Point::all().next().expect("the board has points"))
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
