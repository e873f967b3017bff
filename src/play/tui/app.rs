//! The state of the full-screen game and what keys, clicks and the passing
//! of time do to it. Drawing is in `draw.rs`.

use alquerque_ai::{Player, Stop};
use board_topology::graph::Graph;
use peralikatuma_rules::Side;
use peralikatuma_rules::{Kind, Position, Turn};
use ratatui::crossterm::event::{
    KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};

use crate::Picture;
use crate::analysis::Analysis;
use crate::play::commands::Command;
use crate::play::interpret::{Interpreter, Step, not_now};
use crate::play::machine::{self, Pace, Thinking};
use crate::play::replies::{Leaving, Question, Reply, Tone};
use crate::play::tui::form::Form;
use crate::play::tui::line::TypedLine;
use crate::play::tui::pick::{Pick, Picked};
use crate::play::tui::review::MovesView;
use crate::session::advice;

/// The session the screen plays: any of the 21 games.
type Session = crate::session::Session;

/// What the keys do now.
#[derive(Clone, Debug)]
pub enum Mode {
    /// Playing on the board.
    Board,
    /// Typing a turn or a command on the bottom line.
    Typing(TypedLine),
    /// Filling in the new-game form.
    NewGame(Form),
    /// Waiting for yes or no.
    Asking(Question),
    /// Looking at the board after this many turns, changing nothing.
    Review(usize),
    /// The help screen.
    Help,
    /// The rules of the game in play, in brief.
    Rules,
    /// A title and a list to read (each item kept whole on a line), until
    /// any key.
    Notice(&'static str, Vec<String>),
}

/// An analysis running (`a`, `:analyse`): shown when it is done, unless
/// stopped (Esc, or the game changed).
pub struct Analysing {
    work: std::thread::JoinHandle<Option<Analysis>>,
    stop: Stop,
}

impl Analysing {
    /// Stops the analysis; its thread ends soon after, its result unread.
    fn stop(self) {
        self.stop.stop();
    }
}

/// The whole state of the screen.
pub struct App {
    pub session: Session,
    pub picture: Picture,
    pub cursor: u8,
    pub pick: Pick,
    pub mode: Mode,
    pub message: (String, Tone),
    /// The machine's player, when it is not thinking.
    machine: Option<Player>,
    /// The machine thinking about its turn, or waiting out its pause.
    pub thinking: Option<Thinking>,
    /// How the machine answers.
    pace: Pace,
    hint_player: Option<Player>,
    pub hinting: Option<Thinking>,
    /// The engine's suggestion for the position on screen.
    pub hint: Option<Turn>,
    /// An analysis of the position on screen, running on a thread of its
    /// own so that the screen answers meanwhile.
    pub analysing: Option<Analysing>,
    /// The interpreter of commands, and whether a turn that forfeits
    /// pieces (P6, F4) is asked about first.
    pub interpreter: Interpreter,
    /// The points that can be picked next ([`Pick::targets`]), found again
    /// only when the game or the pick changes: finding them goes through
    /// every legal turn, and a position can have millions.
    pub targets: u128,
    /// Where the board's top-left cell was last drawn, for the mouse.
    pub board_origin: Option<(u16, u16)>,
    /// The first row of the move list in sight, when scrolled; `None`
    /// follows the newest turns.
    pub moves_scroll: Option<usize>,
    /// The move list as last drawn.
    pub moves_view: MovesView,
    pub quit: bool,
}

impl App {
    /// The screen for `session`, showing the new-game form first when
    /// `ask_settings`, the machine answering at `pace`.
    pub fn new(session: Session, ask_settings: bool, pace: Pace) -> App {
        let picture = picture_for(&session);
        let seed = session.seed();
        let mut app = App {
            cursor: centre(&picture),
            picture,
            machine: session.machine_player(),
            mode: if ask_settings {
                Mode::NewGame(Form::new(session.settings()))
            } else {
                Mode::Board
            },
            session,
            pick: Pick::default(),
            message: (String::new(), Tone::Info),
            thinking: None,
            pace,
            hint_player: Some(machine::hint_player(seed)),
            hinting: None,
            hint: None,
            analysing: None,
            interpreter: Interpreter::default(),
            targets: 0,
            board_origin: None,
            moves_scroll: None,
            moves_view: MovesView::default(),
            quit: false,
        };
        app.changed();
        app.say(
            "Move with the arrows or the mouse, Enter to pick. Press ? for help.",
            Tone::Info,
        );
        app
    }

    pub(super) fn say(&mut self, text: impl Into<String>, tone: Tone) {
        self.message = (text.into(), tone);
    }

    /// After the pick changed: the points that can be picked next.
    fn repicked(&mut self) {
        self.targets = self.pick.targets(self.session.game().position());
    }

    /// After the game changed: no pick, no hint, and the machine starts
    /// thinking if it has the move (its reply shown once its pause is
    /// over).
    fn changed(&mut self) {
        self.pick = Pick::default();
        self.repicked();
        self.hint = None;
        if let Some(analysing) = self.analysing.take() {
            analysing.stop();
        }
        if let Some(hinting) = self.hinting.take() {
            self.hint_player = Some(hinting.cancel());
        }
        if self.session.machine_to_move() && self.thinking.is_none() {
            if let Some(player) = self.machine.take() {
                let budget = self.session.machine_budget();
                let pause = self.pace.pause(player.strength(), budget);
                let game = self.session.game().clone();
                let thinking = Thinking::start(player, game, self.session.seed(), budget);
                self.thinking = Some(thinking.answering_after(pause));
            }
        }
    }

    /// Stops the machine's thinking or its pause, if it is, dropping its
    /// choice.
    fn stop_thinking(&mut self) {
        if let Some(thinking) = self.thinking.take() {
            self.machine = Some(thinking.cancel());
        }
    }

    /// Called often: ends the game when the time of the side to move has
    /// run out (T2), and collects what the machine has decided.
    pub fn tick(&mut self) {
        if let Some(outcome) = self.session.check_time() {
            self.stop_thinking();
            self.say(format!("Time is up. {outcome}."), Tone::Info);
            self.changed();
        }
        if self.thinking.as_ref().is_some_and(Thinking::is_finished) {
            if let Some(thinking) = self.thinking.take() {
                let (player, turn) = thinking.finish();
                self.machine = Some(player);
                match turn.map(|t| (t, self.session.play(&t))) {
                    Some((turn, Ok(()))) => {
                        let board = self.board();
                        let text = turn.text(board);
                        let move_text = text.rsplit(' ').next().unwrap_or(&text);
                        let said = match (turn.huff(), turn.kind()) {
                            (Some(claim), Kind::Pass) => format!(
                                "The machine takes your piece on {} ({}) and passes.",
                                board.point_name(claim),
                                claim_rule(&self.session),
                            ),
                            (Some(claim), _) => format!(
                                "The machine takes your piece on {} ({}) and plays {move_text}.",
                                board.point_name(claim),
                                claim_rule(&self.session),
                            ),
                            (None, _) => format!("The machine plays {text}."),
                        };
                        let said = match self.last_mover() {
                            (mover, true) => {
                                format!("{said} {} has no move and passes (F6).", mover.opposite())
                            }
                            _ => said,
                        };
                        self.say(said, Tone::Info);
                        self.changed();
                    }
                    _ => {
                        // Not expected: think again rather than leave the
                        // game waiting.
                        self.say(
                            "The machine could not choose a turn; it thinks again.",
                            Tone::Error,
                        );
                        self.changed();
                    }
                }
            }
        }
        let analysed = self
            .analysing
            .as_ref()
            .is_some_and(|analysing| analysing.work.is_finished());
        // Shown over the board, not over a form or a question.
        if analysed && matches!(self.mode, Mode::Board) {
            if let Some(analysing) = self.analysing.take() {
                match analysing.work.join() {
                    Ok(Some(analysis)) => {
                        self.say("", Tone::Info);
                        self.mode = Mode::Notice("Analysis", analysis.text_lines());
                    }
                    Ok(None) => self.say("Analysis stopped.", Tone::Info),
                    Err(_) => self.say("The analysis failed.", Tone::Error),
                }
            }
        }
        if self.hinting.as_ref().is_some_and(Thinking::is_finished) {
            if let Some(hinting) = self.hinting.take() {
                let (player, turn) = hinting.finish();
                self.hint_player = Some(player);
                self.hint = turn;
                if let Some(turn) = turn {
                    let text = turn.text(self.board());
                    self.say(format!("Hint: {text} (shown on the board)."), Tone::Info);
                }
            }
        }
    }

    /// A key was pressed.
    pub fn on_key(&mut self, key: KeyEvent) {
        if key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c') {
            // Asked already, a second Ctrl-C leaves.
            let asked = matches!(self.mode, Mode::Asking(Question::Drop(Leaving::Quit)));
            if asked || !self.session.unsaved() {
                self.quit = true;
            } else {
                self.mode = Mode::Asking(Question::Drop(Leaving::Quit));
            }
            return;
        }
        match std::mem::replace(&mut self.mode, Mode::Board) {
            Mode::Board => self.board_key(key),
            Mode::Help | Mode::Rules | Mode::Notice(..) => {}
            Mode::Typing(text) => self.typing_key(key, text),
            Mode::NewGame(form) => self.form_key(key, form),
            Mode::Asking(question) => self.answer(key, question),
            Mode::Review(turns) => self.review_key(key, turns),
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
            KeyCode::Esc if self.analysing.is_some() => {
                if let Some(analysing) = self.analysing.take() {
                    analysing.stop();
                }
                self.say("Analysis stopped.", Tone::Info);
            }
            KeyCode::Esc | KeyCode::Backspace => {
                if self.pick.back() {
                    self.repicked();
                    self.say("Took back the last pick.", Tone::Info);
                } else {
                    self.say("", Tone::Info);
                }
            }
            KeyCode::Char(':') | KeyCode::Char('/') | KeyCode::Tab => {
                self.mode = Mode::Typing(TypedLine::default());
            }
            KeyCode::Char('s') => {
                self.mode = Mode::Typing(TypedLine::suggesting("save ", &self.save_name()));
            }
            KeyCode::Char('l') => {
                self.mode = Mode::Typing(TypedLine::suggesting("load ", &self.save_name()));
            }
            KeyCode::Char('u') => self.run(Command::Undo),
            KeyCode::Char('r') => self.run(Command::Redo),
            KeyCode::Char('h') => self.run(Command::Hint),
            KeyCode::Char('d') => self.run(Command::Draw),
            KeyCode::Char('x') => self.run(Command::Resign),
            KeyCode::Char('n') => self.run(Command::New),
            KeyCode::Char('?') => self.run(Command::Help),
            KeyCode::Char('i') => self.run(Command::Rules),
            KeyCode::Char('a') => self.run(Command::Analyse(crate::analysis::DEFAULT_DEPTH)),
            KeyCode::Char('w') => self.run(Command::Warnings(!self.interpreter.warnings)),
            KeyCode::PageUp | KeyCode::PageDown => {
                let page = isize::try_from(self.moves_view.page.max(1)).unwrap_or(1);
                let up = key.code == KeyCode::PageUp;
                self.scroll_moves(if up { -page } else { page });
            }
            KeyCode::Char('[') => match self.session.game().turns().len() {
                0 => self.say("No turns yet to look back on.", Tone::Error),
                played => self.review(played - 1),
            },
            KeyCode::Char('f') => {
                let board = self.board();
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

    fn typing_key(&mut self, key: KeyEvent, mut line: TypedLine) {
        match key.code {
            KeyCode::Esc => return,
            KeyCode::Enter => {
                match Command::parse(&line.text()) {
                    Ok(Some(command)) => self.run(command),
                    Ok(None) => {}
                    Err(error) => self.say(error.to_string(), Tone::Error),
                }
                return;
            }
            _ => {
                line.edit(key);
            }
        }
        self.mode = Mode::Typing(line);
    }

    fn form_key(&mut self, key: KeyEvent, mut form: Form) {
        match key.code {
            KeyCode::Up => form.move_field(-1),
            KeyCode::Down | KeyCode::Tab => form.move_field(1),
            KeyCode::Left => form.change(-1),
            KeyCode::Right | KeyCode::Char(' ') => form.change(1),
            KeyCode::Enter => {
                let leaving = Leaving::New(Box::new(form.settings));
                let step = self.interpreter.leave(&mut self.session, leaving);
                return self.present(step);
            }
            KeyCode::Esc => return,
            KeyCode::Char('q') => return self.run(Command::Quit),
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
        let step = self.interpreter.answer(&mut self.session, question, yes);
        self.present(step);
    }

    /// The mouse: a click on the board picks the point clicked, a click
    /// on a turn in the move list shows the board after it, the wheel
    /// scrolls the move list.
    pub fn on_mouse(&mut self, mouse: MouseEvent) {
        if !matches!(self.mode, Mode::Board | Mode::Review(_)) {
            return;
        }
        match mouse.kind {
            MouseEventKind::ScrollUp => return self.wheel(false),
            MouseEventKind::ScrollDown => return self.wheel(true),
            MouseEventKind::Down(MouseButton::Left) => {}
            _ => return,
        }
        if let Some(turns) = self.moves_view.turns_at(mouse.column, mouse.row) {
            return self.review(turns);
        }
        if !matches!(self.mode, Mode::Board) {
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
    fn choose(&mut self, point: u8) {
        if let Some(reply) = not_now(&self.session) {
            return self.reply(&reply);
        }
        let position = *self.session.game().position();
        match self.pick.choose(point, &position) {
            Picked::Changed(text) => {
                self.repicked();
                self.say(capitalised(&text, self.board()), Tone::Info);
            }
            Picked::Refused(text) => {
                self.say(capitalised(&text, self.board()), Tone::Error);
            }
            Picked::Turn(turn) => self.person_plays(turn),
        }
    }

    /// Plays the person's `turn`, after asking when it forfeits pieces
    /// (P6, F4) and the warnings are on.
    fn person_plays(&mut self, turn: Turn) {
        let step = self.interpreter.play(&mut self.session, turn);
        self.present(step);
    }

    /// After the person played `turn`.
    fn played(&mut self, turn: &Turn) {
        let text = turn.text(self.board());
        let (mover, passed) = self.last_mover();
        let mut said = match self.session.machine() {
            Some(_) => format!("You play {text}."),
            None => format!("{mover} plays {text}."),
        };
        if passed {
            said.push_str(&format!(
                " {} has no move and passes (F6).",
                mover.opposite()
            ));
        }
        self.say(said, Tone::Info);
        self.changed();
    }

    /// Who played the last turn that was not a forced pass, and whether the
    /// session played a pass (F6) for the other side after it.
    fn last_mover(&self) -> (Side, bool) {
        let game = self.session.game();
        let turns = game.turns();
        let passed = turns.len() > 1 && turns.last() == Some(&Turn::PASS);
        let index = turns.len().saturating_sub(1 + usize::from(passed));
        let first = game.start().side_to_move();
        let mover = if index % 2 == 0 {
            first
        } else {
            first.opposite()
        };
        (mover, passed)
    }

    /// Carries out a command, typed or given by a key.
    fn run(&mut self, command: Command) {
        if let Command::Analyse(depth) = command
            && self.session.game().ending().is_none()
        {
            self.analyse(depth);
            return;
        }
        let step = self.interpreter.run(&mut self.session, command);
        self.present(step);
    }

    /// Starts analysing the position to `depth` on a thread of its own, in
    /// place of an analysis running.
    fn analyse(&mut self, depth: u32) {
        if let Some(analysing) = self.analysing.take() {
            analysing.stop();
        }
        let stop = Stop::new();
        let game = self.session.game().clone();
        let work = self.interpreter.analysis_work(game, depth, stop.clone());
        self.analysing = Some(Analysing {
            work: std::thread::spawn(work),
            stop,
        });
        self.say(
            format!("Analysing to depth {depth}... (Esc stops)"),
            Tone::Info,
        );
    }

    /// Shows what a command came to, and does what it leaves to the
    /// screen: its questions, screens and threads.
    fn present(&mut self, step: Step) {
        match step {
            Step::Say(reply) => self.reply(&reply),
            Step::Ask(question) => self.mode = Mode::Asking(question),
            Step::Help => self.mode = Mode::Help,
            Step::Rules => self.mode = Mode::Rules,
            Step::Board => self.say("", Tone::Info),
            Step::Moves(turns) => {
                let heading = sentence(&turns.to_string(), self.board());
                let items = std::iter::once(heading).chain(turns.listed).collect();
                self.mode = Mode::Notice("Legal turns", items);
            }
            Step::NewGame => self.mode = Mode::NewGame(Form::new(self.session.settings())),
            Step::Hint => {
                if let Some(player) = self.hint_player.take() {
                    let game = self.session.game().clone();
                    let thinking = Thinking::start(player, game, self.session.seed(), None);
                    self.hinting = Some(thinking);
                    self.say("Looking for a good turn...", Tone::Info);
                }
            }
            Step::Analysis(analysis) => {
                self.mode = Mode::Notice("Analysis", analysis.text_lines());
            }
            Step::Played(turn) => self.played(&turn),
            Step::Changed(reply) => {
                self.stop_thinking();
                self.reply(&reply);
                self.changed();
            }
            Step::Ended => {
                self.stop_thinking();
                self.changed();
                if let Some(outcome) = self.session.game().ending() {
                    self.say(format!("Game over: {outcome}."), Tone::Info);
                }
            }
            Step::Started(reply) => {
                self.stop_thinking();
                self.new_players();
                self.look_at_board();
                self.reply(&reply);
                self.changed();
            }
            Step::Quit => self.quit = true,
        }
    }

    /// Says `reply` as a sentence.
    fn reply(&mut self, reply: &Reply) {
        self.say(sentence(&reply.to_string(), self.board()), reply.tone());
    }

    /// The machine's players for the game now in play, on its seed.
    fn new_players(&mut self) {
        let seed = self.session.seed();
        self.machine = self.session.machine_player();
        self.hint_player = Some(machine::hint_player(seed));
    }

    /// The board of the game in play.
    pub fn board(&self) -> &'static Graph {
        self.session.game().start().board()
    }

    /// The position on the board: the game's, or in review the one after
    /// the turns reviewed.
    pub fn shown_position(&self) -> Position {
        match self.mode {
            Mode::Review(turns) => self.position_after(turns),
            _ => *self.session.game().position(),
        }
    }

    /// The position after the first `turns` turns of the game.
    pub fn position_after(&self, turns: usize) -> Position {
        let game = self.session.game();
        game.turns()
            .iter()
            .take(turns)
            .fold(*game.start(), |position, turn| {
                position.play_unchecked(turn)
            })
    }

    /// Turns in a row without a removal up to the position on the board
    /// (E4).
    pub fn shown_quiet_turns(&self) -> usize {
        let game = self.session.game();
        match self.mode {
            Mode::Review(_) => {
                let turns = self.shown_turns();
                turns.iter().rev().take_while(|t| !t.removes()).count()
            }
            _ => game.quiet_turns() as usize,
        }
    }

    /// The turns up to the position on the board.
    pub fn shown_turns(&self) -> &[Turn] {
        let turns = self.session.game().turns();
        match self.mode {
            Mode::Review(shown) => &turns[..shown.min(turns.len())],
            _ => turns,
        }
    }

    /// The board of the game now in play, seen from the person's side,
    /// with the cursor in its middle.
    fn look_at_board(&mut self) {
        self.picture = picture_for(&self.session);
        self.cursor = centre(&self.picture);
    }

    /// A file name for saving: the game's name.
    fn save_name(&self) -> String {
        format!("{}.txt", self.session.game().ruleset().id)
    }
}

/// The board as the person at the keyboard sees it: from Black's side
/// when they play Black against the machine.
fn picture_for(session: &Session) -> Picture {
    let board = session.game().start().board();
    match session.machine() {
        Some(_) if session.settings().human == Side::Black => Picture::turned(board),
        _ => Picture::new(board),
    }
}

/// The point nearest the middle of the board, where the cursor starts.
fn centre(picture: &Picture) -> u8 {
    let (rows, columns) = (picture.height() / 2, picture.width() / 2);
    (0..picture.graph().len() as u8)
        .min_by_key(|&p| {
            let (row, column) = picture.place(p);
            row.abs_diff(rows) * 2 + column.abs_diff(columns)
        })
        .unwrap_or(0)
}

/// The rule that lets a player take the opponent's forfeited piece (P6,
/// F4).
fn claim_rule(session: &Session) -> &'static str {
    advice::claim_rule(session.game().position())
}

/// `text` as a sentence: with a capital first letter (but see
/// [`capitalised`]), ending in a full stop unless it ends in a colon, a
/// question mark or a stop already.
fn sentence(text: &str, board: &Graph) -> String {
    let mut text = capitalised(text, board);
    if !text.is_empty() && !text.ends_with(['.', ':', '?', '!']) {
        text.push('.');
    }
    text
}

/// `text` with a capital first letter, unless it begins
/// with the name of a point of `board` (`d5 is not empty`), which keeps its
/// small letter (R1.6).
fn capitalised(text: &str, board: &Graph) -> String {
    let first_word = text.split(' ').next().unwrap_or_default();
    if board.parse_point(first_word).is_ok() {
        return text.to_owned();
    }
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use alquerque_ai::{Strength, TimeSource};
    use peralikatuma_rules::Ruleset;
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;
    use ratatui::crossterm::event::{KeyEventKind, KeyEventState, MouseEvent};

    use super::*;
    use crate::play::tui::draw::draw;
    use crate::session::{Opponent, Settings};

    fn app(
        ruleset: &'static Ruleset,
        opponent: Opponent,
        human: Side,
        position: Option<&str>,
    ) -> App {
        let settings = Settings {
            variant: ruleset,
            opponent,
            human,
            first: Side::White,
            position: position.map(|text| Position::parse(ruleset, text).expect("valid")),
            clock: None,
        };
        let mut session = Session::new(settings);
        session.fix_seed(1);
        App::new(session, false, Pace::AtOnce)
    }

    fn press(app: &mut App, code: KeyCode) {
        app.on_key(KeyEvent {
            code,
            modifiers: KeyModifiers::NONE,
            kind: KeyEventKind::Press,
            state: KeyEventState::NONE,
        });
    }

    fn typed(app: &mut App, text: &str) {
        press(app, KeyCode::Char(':'));
        for c in text.chars() {
            press(app, KeyCode::Char(c));
        }
        press(app, KeyCode::Enter);
    }

    /// The screen drawn on a terminal of `width` by `height`, as text.
    fn screen(app: &mut App, width: u16, height: u16) -> String {
        let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("test backend");
        terminal.draw(|frame| draw(frame, app)).expect("drawn");
        let buffer = terminal.backend().buffer();
        (0..height)
            .map(|y| {
                (0..width)
                    .map(|x| buffer[(x, y)].symbol().to_owned())
                    .collect::<String>()
                    + "\n"
            })
            .collect()
    }

    fn played(app: &App) -> Vec<String> {
        let board = app.board();
        app.session
            .game()
            .turns()
            .iter()
            .map(|t| t.text(board))
            .collect()
    }

    /// `a` analyses the position (as `:analyse` does) in a window,
    /// and plays nothing.
    #[test]
    fn the_a_key_analyses_the_position_and_plays_nothing() {
        let mut app = app(Ruleset::ALQUERQUE, Opponent::Human, Side::White, None);
        press(&mut app, KeyCode::Char('a'));
        wait_for_analysis(&mut app);
        let text = screen(&mut app, 100, 40);
        assert!(text.contains("Analysis"), "{text}");
        assert!(text.contains("Analysis at depth 8"), "{text}");
        assert!(played(&app).is_empty());
        press(&mut app, KeyCode::Char('z'));
        assert!(!screen(&mut app, 100, 40).contains("Analysis at depth"));
    }

    /// Esc stops an analysis running, and says so; a turn played stops it
    /// too, and its result is never shown.
    #[test]
    fn esc_stops_an_analysis_and_a_turn_played_drops_it() {
        let mut app = app(Ruleset::PERALIKATUMA, Opponent::Human, Side::White, None);
        app.run(Command::Analyse(crate::analysis::MAX_DEPTH));
        assert!(app.analysing.is_some());
        assert!(
            app.message.0.starts_with("Analysing to depth 20"),
            "{:?}",
            app.message
        );
        press(&mut app, KeyCode::Esc);
        assert!(app.analysing.is_none());
        assert_eq!(app.message.0, "Analysis stopped.");
        app.run(Command::Analyse(crate::analysis::MAX_DEPTH));
        typed(&mut app, "e4-e5");
        assert!(app.analysing.is_none(), "the position changed");
        assert_eq!(played(&app), ["e4-e5"]);
        app.tick();
        assert!(matches!(app.mode, Mode::Board));
    }

    /// Lets an analysis run until it is shown.
    fn wait_for_analysis(app: &mut App) {
        let deadline = Instant::now() + Duration::from_secs(60);
        while app.analysing.is_some() {
            assert!(Instant::now() < deadline, "the analysis never ended");
            std::thread::sleep(Duration::from_millis(10));
            app.tick();
        }
    }

    /// Peralikatuma against the machine (easy), the person White.
    fn peralikatuma() -> Settings {
        Settings::of(Ruleset::PERALIKATUMA)
    }

    /// Lets the machine think until it has moved.
    fn wait_for_machine(app: &mut App) {
        let deadline = Instant::now() + Duration::from_secs(60);
        while app.thinking.is_some() {
            assert!(Instant::now() < deadline, "the machine never moved");
            std::thread::sleep(Duration::from_millis(10));
            app.tick();
        }
    }

    #[test]
    fn t1_t2_the_panel_shows_the_clocks_and_a_time_run_out_ends_the_game() {
        let settings = Settings {
            clock: "0+300ms".parse().ok(),
            ..Settings {
                opponent: Opponent::Human,
                ..peralikatuma()
            }
        };
        let mut session = Session::new(settings);
        let time = TimeSource::manual();
        session.set_time_source(time.clone());
        let mut app = App::new(session, false, Pace::AtOnce);
        let text = screen(&mut app, 100, 30);
        assert!(text.contains("Clock White 0:00.0  Black 0:00.0"), "{text}");
        assert!(text.contains("on a clock of 0+300ms"), "{text}");
        typed(&mut app, "d4-d5");
        let text = screen(&mut app, 100, 30);
        assert!(text.contains("Black 0:00.3"), "{text}");
        time.advance(Duration::from_millis(150));
        let text = screen(&mut app, 100, 30);
        assert!(text.contains("Black 0:00.1"), "{text}");
        time.advance(Duration::from_millis(150));
        app.tick();
        let text = screen(&mut app, 100, 30);
        assert!(
            text.contains("Game over: White wins: Black ran out of time (T2)"),
            "{text}"
        );
        assert!(
            app.message.0.starts_with("Time is up. White wins"),
            "{:?}",
            app.message
        );
        press(&mut app, KeyCode::Char('u'));
        assert_eq!(
            app.message.0,
            "Nothing to take back: a loss on time is final (T2)."
        );
    }

    #[test]
    fn t2_the_machine_answers_within_its_time_on_a_clock() {
        let settings = Settings {
            variant: Ruleset::ALQUERQUE,
            opponent: Opponent::Machine(Strength::Hard),
            clock: "0+200ms".parse().ok(),
            ..peralikatuma()
        };
        let mut app = App::new(Session::new(settings), false, Pace::AtOnce);
        for _ in 0..3 {
            let Some(turn) = app.session.game().position().legal_turns().first().copied() else {
                break;
            };
            app.person_plays(turn);
            wait_for_machine(&mut app);
            assert!(!app.session.lost_on_time(), "{:?}", app.message);
            if app.session.game().ending().is_some() {
                break;
            }
        }
    }

    #[test]
    fn a_step_made_with_the_arrows_and_enter() {
        let mut app = app(Ruleset::PERALIKATUMA, Opponent::Human, Side::White, None);
        press(&mut app, KeyCode::Down);
        press(&mut app, KeyCode::Enter);
        press(&mut app, KeyCode::Up);
        press(&mut app, KeyCode::Enter);
        assert_eq!(played(&app), ["e4-e5"]);
        assert_eq!(app.message, ("White plays e4-e5.".to_owned(), Tone::Info));
    }

    #[test]
    fn a_step_made_with_two_clicks() {
        let mut app = app(Ruleset::PERALIKATUMA, Opponent::Human, Side::White, None);
        screen(&mut app, 100, 30);
        let (x, y) = app.board_origin.expect("the board was drawn");
        let click = |app: &mut App, name: &str| {
            let point = app.board().parse_point(name).expect("a point");
            let (row, column) = app.picture.place(point);
            app.on_mouse(MouseEvent {
                kind: MouseEventKind::Down(MouseButton::Left),
                column: x + column as u16,
                row: y + row as u16,
                modifiers: KeyModifiers::NONE,
            });
        };
        click(&mut app, "f4");
        click(&mut app, "f5");
        assert_eq!(played(&app), ["f4-f5"]);
    }

    #[test]
    fn the_screen_shows_the_board_the_players_and_the_moves() {
        let mut app = app(Ruleset::PERALIKATUMA, Opponent::Human, Side::White, None);
        typed(&mut app, "d4-d5");
        let text = screen(&mut app, 100, 30);
        for shown in [
            " Peralikatuma ",
            "●───────●───────●",
            "a   b   c   d   e   f   g   h   i",
            "two players on one screen",
            "○ White 23   ● Black 23",
            "Black to move",
            "1. d4-d5",
            "White plays d4-d5.",
        ] {
            assert!(text.contains(shown), "`{shown}` not shown:\n{text}");
        }
    }

    #[test]
    fn kings_claims_and_the_end_are_said_on_screen() {
        let mut kings = app(
            Ruleset::PERMAINAN,
            Opponent::Human,
            Side::White,
            Some("W:Wa1,c1,e1,b2,c2,d2,e4,d5,Ka9:Bb7,d8,e9"),
        );
        assert!(screen(&mut kings, 100, 30).contains("◇ ◆ mark kings"));
        let mut claim = app(
            Ruleset::PERALIKATUMA,
            Opponent::Human,
            Side::White,
            Some(
                "B:Wc1,e1,g1,d2,e2,f2,a3,c3,d3,f3,g3,c4,e4,f4,g4,a5,d5,e5,d6:Bi3,b4,h4,h5,i5,c6,f6,g6,h6,c7,d7,e7,f7,g7,i7,d8,e8,c9,e9,g9:Fa3,d6",
            ),
        );
        let text = screen(&mut claim, 100, 30);
        assert!(text.contains("may first take one of its"), "{text}");
        let mut end = app(
            Ruleset::ALQUERQUE,
            Opponent::Human,
            Side::White,
            Some("W:Wa1,e1:Bb2"),
        );
        typed(&mut end, "a1xc3");
        let text = screen(&mut end, 80, 24);
        assert!(text.contains("Game over"), "{text}");
        assert!(text.contains("Black has no pieces left (E1)"), "{text}");
    }

    #[test]
    fn moves_lists_the_first_thousand_of_millions_of_turns_and_a_piece_is_picked() {
        // From the rules crate's hardening tests: 1,982,269 legal turns.
        let mut app = app(
            Ruleset::PERALIKATUMA,
            Opponent::Human,
            Side::White,
            Some(
                "W:Wc1,g1,e2,h4,b5,i5,g6,i7,f8,c9,e9:Bf2,d3,f3,b4,c4,d4,e4,f4,g4,a5,d5,f5,h5,b6,c6,d6,e6,f6,h6,d7,f7,d8,e8",
            ),
        );
        typed(&mut app, "moves");
        let Mode::Notice(_, items) = &app.mode else {
            panic!("the legal turns are shown")
        };
        assert_eq!(items[0], "1982269 legal turns, the first 1000:");
        assert_eq!(items.len(), 1001);
        press(&mut app, KeyCode::Esc);
        let board = app.board();
        let point = |name| board.parse_point(name).expect("a point");
        app.choose(point("c1"));
        assert_eq!(app.targets, 1 << point("d2") | 1 << point("e1"));
        app.choose(point("d2"));
        // White's pieces could have jumped: the turn forfeits them (P6).
        assert!(matches!(app.mode, Mode::Asking(Question::Forfeit(..))));
        press(&mut app, KeyCode::Char('y'));
        assert_eq!(played(&app), ["c1-d2"]);
    }

    #[test]
    fn a_refusal_is_a_sentence_but_a_point_keeps_its_small_letter() {
        let mut app = app(Ruleset::ALQUERQUE, Opponent::Human, Side::White, None);
        let board = app.board();
        let point = |name| board.parse_point(name).expect("a point");
        app.choose(point("d3"));
        app.choose(point("d4"));
        assert_eq!(
            app.message,
            ("d4 is not empty (R2.1)".to_owned(), Tone::Error)
        );
        app.choose(point("d1"));
        assert_eq!(
            app.message,
            (
                "The piece on d1 has no free point beside it".to_owned(),
                Tone::Error
            )
        );
    }

    #[test]
    fn a_small_terminal_is_asked_to_grow() {
        let mut app = app(Ruleset::PERALIKATUMA, Opponent::Human, Side::White, None);
        assert!(screen(&mut app, 40, 10).contains("Please make the terminal"));
    }

    #[test]
    fn the_machine_thinks_on_its_own_thread_and_replies() {
        let mut app = app(
            Ruleset::ALQUERQUE,
            Opponent::Machine(Strength::Easy),
            Side::Black,
            None,
        );
        assert!(app.thinking.is_some(), "White is the machine's");
        assert!(screen(&mut app, 80, 24).contains("is thinking"));
        wait_for_machine(&mut app);
        assert_eq!(played(&app).len(), 1);
        assert!(app.message.0.starts_with("The machine plays"));
        // Black sees the board from its side.
        assert!(app.picture.is_turned());
    }

    #[test]
    fn undo_while_the_machine_thinks_stops_it_and_takes_back_the_turn() {
        let mut app = app(
            Ruleset::PERALIKATUMA,
            Opponent::Machine(Strength::Hard),
            Side::White,
            None,
        );
        typed(&mut app, "e4-e5");
        assert!(app.thinking.is_some());
        press(&mut app, KeyCode::Char('u'));
        assert!(app.thinking.is_none());
        assert!(played(&app).is_empty());
        press(&mut app, KeyCode::Char('r'));
        assert_eq!(played(&app), ["e4-e5"]);
        assert!(app.thinking.is_some(), "the machine thinks again");
    }

    #[test]
    fn the_weaker_levels_reply_after_a_pause_that_undo_and_a_new_game_cancel() {
        let settings = Settings {
            variant: Ruleset::ALQUERQUE,
            opponent: Opponent::Machine(Strength::Easy),
            ..peralikatuma()
        };
        let session = Session::new(settings);
        let mut app = App::new(session, false, Pace::Natural);
        // The machine has chosen, and its pause is made an hour long.
        let chosen_within_an_hour = |app: &mut App| {
            let thinking = app.thinking.take().expect("the machine has the move");
            thinking.wait_for_choice();
            app.thinking = Some(thinking.answering_after(Duration::from_secs(3600)));
            app.tick();
        };
        typed(&mut app, "d2-c3");
        chosen_within_an_hour(&mut app);
        assert_eq!(played(&app), ["d2-c3"], "the reply waits");
        assert!(screen(&mut app, 100, 30).contains(" is thinking "));
        press(&mut app, KeyCode::Char('u'));
        assert!(app.thinking.is_none());
        assert!(played(&app).is_empty());
        press(&mut app, KeyCode::Char('r'));
        chosen_within_an_hour(&mut app);
        press(&mut app, KeyCode::Char('n'));
        press(&mut app, KeyCode::Enter);
        press(&mut app, KeyCode::Char('y'));
        assert!(app.thinking.is_none(), "White, the person, has the move");
        assert!(played(&app).is_empty());
    }

    #[test]
    fn a_new_game_is_chosen_on_the_form() {
        let mut app = app(Ruleset::PERALIKATUMA, Opponent::Human, Side::White, None);
        press(&mut app, KeyCode::Char('n'));
        assert!(screen(&mut app, 100, 30).contains(" New game "));
        press(&mut app, KeyCode::Right); // Alquerque
        press(&mut app, KeyCode::Enter);
        assert_eq!(app.session.game().ruleset(), Ruleset::ALQUERQUE);
        assert!(matches!(app.mode, Mode::Board));
    }

    #[test]
    fn a_family_game_chosen_on_the_form_is_played_full_screen() {
        let mut app = app(Ruleset::PERALIKATUMA, Opponent::Human, Side::White, None);
        press(&mut app, KeyCode::Char('n'));
        press(&mut app, KeyCode::Left); // the last game: Zamma
        let form = screen(&mut app, 100, 30);
        assert!(form.contains("Zamma"), "{form}");
        press(&mut app, KeyCode::Enter);
        assert!(!app.quit);
        assert_eq!(app.session.game().ruleset().id, "zamma");
        assert_eq!(app.session.settings().opponent, Opponent::Human);
        let text = screen(&mut app, 100, 30);
        assert!(text.contains("┌ Zamma "), "{text}");
        assert!(text.contains("○ White 40   ● Black 40"), "{text}");
        // Its board, picked with the keys: d4 steps diagonally to e5 (F3).
        let board = app.board();
        let point = |name| board.parse_point(name).expect("a point");
        app.cursor = point("d4");
        press(&mut app, KeyCode::Enter);
        press(&mut app, KeyCode::Right);
        press(&mut app, KeyCode::Up);
        assert_eq!(app.cursor, point("e5"));
        press(&mut app, KeyCode::Enter);
        assert_eq!(played(&app), ["d4-e5"]);
    }

    #[test]
    fn saving_over_a_file_asks_first() {
        let mut app = app(Ruleset::ALQUERQUE, Opponent::Human, Side::White, None);
        let path = std::env::temp_dir().join(format!("play-overwrite-{}.txt", std::process::id()));
        std::fs::write(&path, "precious").expect("writable");
        let command = format!("save {}", path.display());
        typed(&mut app, &command);
        assert!(matches!(app.mode, Mode::Asking(Question::Overwrite(_))));
        press(&mut app, KeyCode::Char('n'));
        assert_eq!(
            std::fs::read_to_string(&path).ok().as_deref(),
            Some("precious")
        );
        typed(&mut app, &command);
        press(&mut app, KeyCode::Char('y'));
        let saved = std::fs::read_to_string(&path).expect("readable");
        std::fs::remove_file(&path).ok();
        assert!(saved.contains("[Variant \"Alquerque\"]"), "{saved}");
    }

    fn ctrl(app: &mut App, c: char) {
        app.on_key(KeyEvent {
            code: KeyCode::Char(c),
            modifiers: KeyModifiers::CONTROL,
            kind: KeyEventKind::Press,
            state: KeyEventState::NONE,
        });
    }

    #[test]
    fn new_load_and_ctrl_c_ask_before_dropping_a_game_not_saved() {
        let mut app = app(Ruleset::ALQUERQUE, Opponent::Human, Side::White, None);
        // Nothing to lose yet: the form starts the game at once.
        press(&mut app, KeyCode::Char('n'));
        press(&mut app, KeyCode::Enter);
        assert!(matches!(app.mode, Mode::Board));
        typed(&mut app, "d2-c3");
        press(&mut app, KeyCode::Char('n'));
        press(&mut app, KeyCode::Enter);
        assert!(matches!(
            app.mode,
            Mode::Asking(Question::Drop(Leaving::New(_)))
        ));
        assert!(screen(&mut app, 100, 30).contains("This game has not been saved: drop it"));
        press(&mut app, KeyCode::Char('n'));
        assert_eq!(played(&app), ["d2-c3"]);
        typed(&mut app, "load /no/such/file.txt");
        assert!(matches!(
            app.mode,
            Mode::Asking(Question::Drop(Leaving::Load(_)))
        ));
        press(&mut app, KeyCode::Esc);
        assert_eq!(played(&app), ["d2-c3"]);
        ctrl(&mut app, 'c');
        assert!(matches!(
            app.mode,
            Mode::Asking(Question::Drop(Leaving::Quit))
        ));
        press(&mut app, KeyCode::Char('n'));
        assert!(!app.quit);
        ctrl(&mut app, 'c');
        ctrl(&mut app, 'c');
        assert!(app.quit, "a second Ctrl-C leaves");
        // Saved, the game is dropped without a question.
        let mut app = app_after("d2-c3");
        let path = std::env::temp_dir().join(format!("play-dropped-{}.txt", std::process::id()));
        std::fs::remove_file(&path).ok();
        typed(&mut app, &format!("save {}", path.display()));
        std::fs::remove_file(&path).ok();
        press(&mut app, KeyCode::Char('q'));
        assert!(app.quit);
    }

    fn app_after(turn: &str) -> App {
        let mut app = app(Ruleset::ALQUERQUE, Opponent::Human, Side::White, None);
        typed(&mut app, turn);
        app
    }

    #[test]
    fn a_loaded_record_brings_back_the_machine_and_its_side() {
        let mut app = app(Ruleset::PERALIKATUMA, Opponent::Human, Side::White, None);
        let path = std::env::temp_dir().join(format!("play-loaded-{}.txt", std::process::id()));
        let record = "[Variant \"Alquerque\"]\n[Opponent \"easy\"]\n[Person \"Black\"]\n[Seed \"3\"]\n\n1. d2-c3 *\n";
        std::fs::write(&path, record).expect("writable");
        typed(&mut app, &format!("load {}", path.display()));
        std::fs::remove_file(&path).ok();
        assert_eq!(app.session.machine(), Some(Strength::Easy));
        assert_eq!(app.session.seed(), 3);
        assert!(app.picture.is_turned(), "seen from Black's side");
        assert!(app.thinking.is_none(), "Black, the person, has the move");
        let text = screen(&mut app, 100, 30);
        assert!(text.contains("you (Black) against the machine"), "{text}");
        assert!(text.contains("Seed 3"), "{text}");
        let turn = app.session.game().position().legal_turns()[0].text(app.board());
        typed(&mut app, &turn);
        wait_for_machine(&mut app);
        assert_eq!(played(&app).len(), 3, "the machine replied");
    }

    #[test]
    fn a_turn_that_forfeits_pieces_is_confirmed_first_p6() {
        let mut app = app(
            Ruleset::PERALIKATUMA,
            Opponent::Human,
            Side::White,
            Some("W:We4,c1:Be5,i7"),
        );
        let board = app.board();
        let point = |name| board.parse_point(name).expect("a point");
        app.choose(point("c1"));
        app.choose(point("d2"));
        let text = screen(&mut app, 100, 30);
        assert!(
            text.contains("c1-d2 captures nothing, so Black may then take your"),
            "{text}"
        );
        press(&mut app, KeyCode::Char('n'));
        assert!(played(&app).is_empty());
        assert_eq!(app.pick.from, Some(point("c1")), "the piece stays picked");
        // Typed, the same question.
        typed(&mut app, "c1-d2");
        assert!(matches!(app.mode, Mode::Asking(Question::Forfeit(..))));
        press(&mut app, KeyCode::Esc);
        assert!(screen(&mut app, 100, 30).contains("Forfeit warnings: on (w)"));
        press(&mut app, KeyCode::Char('w'));
        assert!(screen(&mut app, 100, 30).contains("Forfeit warnings: off (w)"));
        app.choose(point("d2"));
        assert_eq!(played(&app), ["c1-d2"]);
    }

    /// Regression: in a game without forfeits, `w` spoke of "(P6)" (and,
    /// once the rule came from the rules crate, of "()").
    #[test]
    fn warnings_in_a_game_without_forfeits_say_there_are_none() {
        let mut app = app(Ruleset::ALQUERQUE, Opponent::Human, Side::White, None);
        press(&mut app, KeyCode::Char('w'));
        assert_eq!(
            app.message,
            (
                "This game has no forfeits to warn about.".to_owned(),
                Tone::Info
            )
        );
    }

    #[test]
    fn the_save_prompt_offers_a_name_that_typing_replaces() {
        let mut app = app(Ruleset::ALQUERQUE, Opponent::Human, Side::White, None);
        press(&mut app, KeyCode::Char('s'));
        let text = screen(&mut app, 100, 30);
        assert!(text.contains("> save alquerque.txt"), "{text}");
        for c in "other.txt".chars() {
            press(&mut app, KeyCode::Char(c));
        }
        assert!(screen(&mut app, 100, 30).contains("> save other.txt"));
        ctrl(&mut app, 'w');
        ctrl(&mut app, 'w');
        for c in "load x".chars() {
            press(&mut app, KeyCode::Char(c));
        }
        press(&mut app, KeyCode::Home);
        press(&mut app, KeyCode::Delete);
        press(&mut app, KeyCode::Delete);
        press(&mut app, KeyCode::Delete);
        press(&mut app, KeyCode::Delete);
        press(&mut app, KeyCode::Char('m'));
        press(&mut app, KeyCode::Char('o'));
        press(&mut app, KeyCode::Char('v'));
        press(&mut app, KeyCode::Char('e'));
        press(&mut app, KeyCode::Char('s'));
        press(&mut app, KeyCode::End);
        press(&mut app, KeyCode::Backspace);
        press(&mut app, KeyCode::Backspace);
        press(&mut app, KeyCode::Enter);
        assert!(matches!(app.mode, Mode::Notice("Legal turns", _)));
    }

    /// The board's part of the screen (left of the panel).
    fn board_part(text: &str) -> String {
        text.lines()
            .take(21)
            .map(|line| line.chars().take(40).collect::<String>() + "\n")
            .collect()
    }

    fn wheel(app: &mut App, kind: MouseEventKind) {
        app.on_mouse(MouseEvent {
            kind,
            column: 0,
            row: 0,
            modifiers: KeyModifiers::NONE,
        });
    }

    #[test]
    fn the_move_list_scrolls_and_earlier_positions_are_reviewed_without_change() {
        let mut app = app(Ruleset::PERALIKATUMA, Opponent::Human, Side::White, None);
        let start = board_part(&screen(&mut app, 100, 30));
        let mut random = Player::new(Strength::Random, 3);
        for _ in 0..60 {
            let Some(turn) = random.choose(app.session.game()) else {
                break;
            };
            app.session.play(&turn).expect("legal");
        }
        let played = app.session.game().turns().len();
        assert!(played > 40, "a long game: {played} turns");
        let text = screen(&mut app, 100, 30);
        assert!(text.contains(&format!("Moves ({played}) ▲")), "{text}");
        assert!(
            !text.contains("  1. "),
            "the newest turns in sight:\n{text}"
        );
        // Page up to the first turns, and down to the newest again.
        for _ in 0..10 {
            press(&mut app, KeyCode::PageUp);
            screen(&mut app, 100, 30);
        }
        let text = screen(&mut app, 100, 30);
        assert!(text.contains("  1. ") && text.contains(" ▼"), "{text}");
        for _ in 0..10 {
            press(&mut app, KeyCode::PageDown);
            screen(&mut app, 100, 30);
        }
        assert_eq!(app.moves_scroll, None, "following the game again");
        wheel(&mut app, MouseEventKind::ScrollUp);
        assert!(app.moves_scroll.is_some());
        wheel(&mut app, MouseEventKind::ScrollDown);
        assert_eq!(app.moves_scroll, None);

        // Review: step back, to the start, forward; nothing changes.
        press(&mut app, KeyCode::Char('['));
        assert!(matches!(app.mode, Mode::Review(turns) if turns == played - 1));
        let text = screen(&mut app, 100, 30);
        assert!(
            text.contains(&format!("Review: after turn {} of {played}", played - 1)),
            "{text}"
        );
        press(&mut app, KeyCode::Char('u'));
        press(&mut app, KeyCode::Home);
        let text = screen(&mut app, 100, 30);
        assert!(text.contains("Review: the start"), "{text}");
        assert_eq!(board_part(&text), start, "the board at the start");
        assert!(
            text.contains("  1. "),
            "the list scrolled to the start:\n{text}"
        );
        press(&mut app, KeyCode::Right);
        assert!(matches!(app.mode, Mode::Review(1)));
        assert_eq!(app.session.game().turns().len(), played, "nothing changed");
        // A click on a turn in the list shows the board after it.
        let (rect, turns) = app.moves_view.cells[3];
        app.on_mouse(MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column: rect.x + 1,
            row: rect.y,
            modifiers: KeyModifiers::NONE,
        });
        assert_eq!(turns, 4);
        assert!(matches!(app.mode, Mode::Review(4)));
        let game = app.session.game();
        let after = game.turns()[..4]
            .iter()
            .fold(*game.start(), |position, turn| {
                position.play_unchecked(turn)
            });
        assert_eq!(
            app.shown_position(),
            after,
            "the board after the fourth turn"
        );
        press(&mut app, KeyCode::Esc);
        assert!(matches!(app.mode, Mode::Board));
        assert_eq!(app.moves_scroll, None);
        // Stepping forward past the last turn is back in the game.
        press(&mut app, KeyCode::Char('['));
        press(&mut app, KeyCode::Char(']'));
        assert!(matches!(app.mode, Mode::Review(turns) if turns == played));
        press(&mut app, KeyCode::Char(']'));
        assert!(matches!(app.mode, Mode::Board));
    }

    #[test]
    fn resigning_asks_first() {
        let mut app = app(Ruleset::PERMAINAN, Opponent::Human, Side::White, None);
        press(&mut app, KeyCode::Char('x'));
        press(&mut app, KeyCode::Char('n'));
        assert_eq!(app.session.game().ending(), None);
        press(&mut app, KeyCode::Char('x'));
        press(&mut app, KeyCode::Char('y'));
        let outcome = app.session.game().ending().expect("resigned");
        assert_eq!(outcome.winner(), Some(Side::Black));
    }
}
