//! Drawing the full-screen game: the board with its lines, the side panel
//! (players, pieces, clocks, claims, moves), the message line and the keys.

use std::time::Duration;

use peralikatuma_rules::Side;
use peralikatuma_rules::{Position, Turn};
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};

use crate::Cell;
use crate::clock::show_time;
use crate::play::line_game::rules_brief;
use crate::play::replies::{Question, Tone};
use crate::play::tui::app::{App, Mode};
use crate::play::tui::form::{FIELDS, Form};
use crate::play::tui::review::MovesView;
use crate::session::advice::{claim_advice, no_return_advice};

/// The smallest screen the game fits on, whatever its board.
pub const MIN_SIZE: (u16, u16) = (72, 23);

/// The smallest screen on which `app`'s board fits whole, with the panel
/// beside it and the message lines below: [`MIN_SIZE`] or more.
pub fn needed_size(app: &App) -> (u16, u16) {
    let width = app.picture.width() as u16 + 8 + 34;
    // The picture, its file letters, the board's frame, the bottom lines.
    let height = app.picture.height() as u16 + 1 + 2 + 3;
    (width.max(MIN_SIZE.0), height.max(MIN_SIZE.1))
}

const WHITE: Color = Color::White;
const BLACK: Color = Color::LightRed;
const LINES: Color = Color::DarkGray;

/// Draws the whole screen.
pub fn draw(frame: &mut Frame, app: &mut App) {
    let area = frame.area();
    let need = needed_size(app);
    if area.width < need.0 || area.height < need.1 {
        app.board_origin = None;
        let text = format!(
            "Please make the terminal at least {}x{} for this board (it is {}x{}). q quits.",
            need.0, need.1, area.width, area.height
        );
        frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), area);
        return;
    }
    let [main, bottom] = Layout::vertical([Constraint::Min(0), Constraint::Length(3)]).areas(area);
    let board_width = app.picture.width() as u16 + 8;
    let [board_area, side] =
        Layout::horizontal([Constraint::Length(board_width), Constraint::Min(0)]).areas(main);
    draw_board(frame, app, board_area);
    draw_panel(frame, app, side);
    draw_bottom(frame, app, bottom);
    match &app.mode {
        Mode::Help => draw_help(frame, main),
        Mode::Rules => {
            let ruleset = app.session.game().ruleset();
            let width = usize::from(main.width.saturating_sub(4)).min(66);
            let lines: Vec<Line> = rules_brief(ruleset)
                .iter()
                .flat_map(|paragraph| wrap(paragraph, width))
                .map(Line::from)
                .collect();
            let height = lines.len() as u16 + 2;
            let title = format!(" {ruleset} in brief (any key to close) ");
            popup(frame, main, &title, lines, height);
        }
        Mode::NewGame(form) => draw_form(frame, form, main),
        Mode::Asking(question) => draw_question(frame, question, main),
        Mode::Notice(title, items) => {
            let width = usize::from(main.width.saturating_sub(4)).min(70);
            let lines: Vec<Line> = wrap_items(items, width)
                .into_iter()
                .map(Line::from)
                .collect();
            let height = lines.len() as u16 + 2;
            let title = format!(" {title} (any key to close) ");
            popup(frame, main, &title, lines, height);
        }
        Mode::Review(_) => {}
        Mode::Board | Mode::Typing(_) => {
            if let Some(outcome) = app.session.game().ending() {
                let text = vec![
                    Line::from(outcome.to_string()).style(Style::new().bold()),
                    Line::from(""),
                    Line::from("n new game · u undo · s save · q quit"),
                ];
                popup(frame, main, " Game over ", text, 5);
            }
        }
    }
}

/// What each point of the board is marked with, besides its piece, and
/// the board as the turn picked so far would leave it.
struct Marks {
    cursor: u8,
    picked: u128,
    targets: u128,
    movable: u128,
    last: u128,
    taken: u128,
    claimable: u128,
    hint: u128,
    /// The claimed piece, gone.
    claimed: Option<u8>,
    /// The moving piece: where it was, and where it stands now.
    moving: Option<(u8, u8)>,
    /// The pieces the moving piece has jumped so far (in the rule book's
    /// games they stay on the board until the move ends).
    jumped: u128,
}

/// Whether `point` is in `set`.
fn has(set: u128, point: u8) -> bool {
    point < 128 && set & (1 << point) != 0
}

/// The points a turn goes through: its piece's and each landing.
fn path(turn: &Turn) -> u128 {
    if turn.kind() == peralikatuma_rules::Kind::Pass {
        return 0;
    }
    turn.landings()
        .iter()
        .fold(1 << turn.from(), |set, &p| set | 1 << p)
}

impl Marks {
    fn of(app: &App) -> Marks {
        let game = app.session.game();
        let position = app.shown_position();
        let reviewing = matches!(app.mode, Mode::Review(_));
        if reviewing {
            let turns = app.shown_turns();
            let last = turns.last();
            return Marks {
                cursor: app.cursor,
                picked: 0,
                targets: 0,
                movable: 0,
                last: last.map_or(0, path),
                taken: last.map_or(0, taken),
                claimable: 0,
                hint: 0,
                claimed: None,
                moving: None,
                jumped: 0,
            };
        }
        let person = app.session.person_to_move();
        let targets = if person { app.targets } else { 0 };
        let (targets, movable) = if app.pick.from.is_none() {
            (0, targets)
        } else {
            (targets, 0)
        };
        let picked = app
            .pick
            .from
            .into_iter()
            .chain(app.pick.landings.iter().copied())
            .fold(0u128, |set, p| set | 1 << p);
        let last = game.turns().last();
        Marks {
            cursor: app.cursor,
            picked,
            targets,
            movable,
            last: last.map_or(0, path),
            taken: last.map_or(0, taken),
            claimable: if person { position.huffable() } else { 0 },
            hint: app.hint.as_ref().map_or(0, path),
            claimed: app.pick.claim,
            moving: app.pick.from.zip(app.pick.end()),
            jumped: app.pick.jumped(&position),
        }
    }

    /// Who stands on `p` once the turn picked so far is made, and whether
    /// it is a king.
    fn occupant(&self, position: &Position, p: u8) -> Option<(Side, bool)> {
        let king = |p: u8| has(position.kings(Side::White) | position.kings(Side::Black), p);
        if self.claimed == Some(p) {
            return None;
        }
        if let Some((from, now)) = self.moving {
            if p == now {
                return Some((position.side_to_move(), king(from)));
            }
            if p == from {
                return None;
            }
        }
        Side::ALL
            .into_iter()
            .find(|&side| has(position.pieces(side), p))
            .map(|side| (side, king(p)))
    }
}

/// The pieces `turn` took: those it captured and the one it claimed.
fn taken(turn: &Turn) -> u128 {
    turn.captured() | turn.huff().map_or(0, |p| 1 << p)
}

fn draw_board(frame: &mut Frame, app: &mut App, area: Rect) {
    let game = app.session.game();
    let position = app.shown_position();
    let marks = Marks::of(app);
    let cursor_style = Style::new().fg(Color::Yellow).add_modifier(Modifier::BOLD);
    let mut lines = Vec::new();
    for (row, cells) in app.picture.rows().iter().enumerate() {
        let label = app.picture.rank_label(row).unwrap_or_default();
        let is_cursor = |column: Option<usize>| {
            column.and_then(|c| cells.get(c)) == Some(&Cell::Point(marks.cursor))
        };
        // The cursor's brackets may stand just outside the picture.
        let before = if is_cursor(Some(0)) { "[" } else { " " };
        let mut spans = vec![
            Span::styled(format!("{label:>2} "), Style::new().fg(LINES)),
            Span::styled(before, cursor_style),
        ];
        for (column, &cell) in cells.iter().enumerate() {
            let span = match cell {
                _ if is_cursor(Some(column + 1)) => Span::styled("[", cursor_style),
                _ if is_cursor(column.checked_sub(1)) => Span::styled("]", cursor_style),
                Cell::Blank => Span::raw(" "),
                Cell::Line(mark) => Span::styled(line_glyph(mark), Style::new().fg(LINES)),
                Cell::Point(p) => point_span(app, &marks, p, &position),
            };
            spans.push(span);
        }
        if is_cursor(cells.len().checked_sub(1)) {
            spans.push(Span::styled("]", cursor_style));
        }
        lines.push(Line::from(spans));
    }
    lines.push(Line::from(Span::styled(
        format!("    {}", app.picture.file_labels()),
        Style::new().fg(LINES),
    )));
    let block = Block::bordered().title(format!(" {} ", game.ruleset()));
    let inner = block.inner(area);
    // The picture's first cell comes after ` 9 [`.
    app.board_origin = Some((inner.x + 4, inner.y));
    frame.render_widget(Paragraph::new(lines).block(block), area);
}

fn line_glyph(mark: char) -> &'static str {
    match mark {
        '-' => "─",
        '|' => "│",
        '/' => "╱",
        '\\' => "╲",
        _ => "╳",
    }
}

/// A piece as drawn: White's hollow, Black's filled, so that the sides
/// differ in shape as well as colour; kings are diamonds.
fn glyph(side: Side, king: bool) -> &'static str {
    match (side, king) {
        (Side::White, false) => "○",
        (Side::Black, false) => "●",
        (Side::White, true) => "◇",
        (Side::Black, true) => "◆",
    }
}

fn colour(side: Side) -> Color {
    match side {
        Side::White => WHITE,
        Side::Black => BLACK,
    }
}

fn point_span(app: &App, marks: &Marks, p: u8, position: &Position) -> Span<'static> {
    let (glyph, mut style) = match marks.occupant(position, p) {
        Some((side, king)) => (
            glyph(side, king),
            Style::new().fg(colour(side)).add_modifier(Modifier::BOLD),
        ),
        None if has(marks.targets, p) => (
            "+",
            Style::new()
                .fg(Color::LightGreen)
                .add_modifier(Modifier::BOLD),
        ),
        None if marks.claimed == Some(p) || has(marks.taken, p) => {
            ("×", Style::new().fg(Color::Red))
        }
        None => ("·", Style::new().fg(Color::Gray)),
    };
    if has(marks.jumped, p) {
        style = style.bg(Color::Red).fg(Color::Black);
    } else if has(marks.picked, p) {
        style = style.bg(Color::Yellow).fg(Color::Black);
    } else if has(marks.targets, p) {
        style = style.bg(Color::Green).fg(Color::Black);
    } else if has(marks.claimable, p) && marks.claimed.is_none() {
        style = style.bg(Color::Magenta);
    } else if has(marks.hint, p) {
        style = style.bg(Color::Cyan).fg(Color::Black);
    } else if has(marks.last, p) {
        style = style.bg(Color::Blue);
    }
    if has(marks.movable, p) {
        style = style.add_modifier(Modifier::UNDERLINED);
    }
    if p == marks.cursor && !matches!(app.mode, Mode::NewGame(_)) {
        style = style.add_modifier(Modifier::REVERSED);
    }
    Span::styled(glyph, style)
}

fn draw_panel(frame: &mut Frame, app: &mut App, area: Rect) {
    let game = app.session.game();
    let position = app.shown_position();
    let reviewing = match app.mode {
        Mode::Review(turns) => Some(turns),
        _ => None,
    };
    let block = Block::bordered().title(" Game ");
    let inner = block.inner(area);
    let width = usize::from(inner.width);
    let said = |text: &str, style: Style| -> Vec<Line<'static>> {
        wrap(text, width)
            .into_iter()
            .map(|l| Line::from(Span::styled(l, style)))
            .collect()
    };
    let piece = |side: Side| {
        vec![
            Span::styled(
                format!("{} ", glyph(side, false)),
                Style::new().fg(colour(side)).add_modifier(Modifier::BOLD),
            ),
            Span::raw(format!(
                "{side} {:>2}   ",
                position.pieces(side).count_ones()
            )),
        ]
    };
    let mut lines = said(&app.session.settings().players(), Style::new());
    if app.session.machine().is_some() {
        let seed = app.session.seed();
        let text = format!("Seed {seed} (--seed {seed} replays)");
        lines.extend(said(&text, Style::new().fg(Color::Gray)));
    }
    lines.push(Line::from(
        [piece(Side::White), piece(Side::Black)].concat(),
    ));
    if let (Some(clock), Some(left)) = (app.session.clock(), app.session.times_left()) {
        lines.push(clock_line(clock.running(), left));
    }
    lines.extend(said(
        &format!(
            "Turns without a removal: {} of {}",
            app.shown_quiet_turns(),
            peralikatuma_rules::QUIET_TURNS_FOR_DRAW
        ),
        Style::new(),
    ));
    if position.kings(Side::White) | position.kings(Side::Black) != 0 {
        lines.push(Line::from("◇ ◆ mark kings"));
    }
    if game.ruleset().huff {
        let on = if app.interpreter.warnings {
            "on"
        } else {
            "off"
        };
        lines.extend(said(
            &format!("Forfeit warnings: {on} (w)"),
            Style::new().fg(Color::Gray),
        ));
    }
    lines.push(Line::from(""));
    let bold = Style::new().add_modifier(Modifier::BOLD);
    lines.extend(match (game.ending(), &app.thinking) {
        _ if reviewing.is_some() => {
            let text = match app.shown_turns() {
                [] => "Review: the start".to_owned(),
                turns => format!(
                    "Review: after turn {} of {}, {}",
                    turns.len(),
                    game.turns().len(),
                    turns[turns.len() - 1].text(app.board())
                ),
            };
            said(&text, bold.fg(Color::Cyan))
        }
        (Some(outcome), _) => said(&format!("Game over: {outcome}"), bold),
        (None, Some(thinking)) => {
            const SPINNER: [char; 8] = ['⠋', '⠙', '⠸', '⠴', '⠦', '⠇', '⠏', '⠹'];
            let tenths = thinking.elapsed().as_millis() / 100;
            let text = format!(
                "{} is thinking {} {:.1} s",
                app.session.mover(),
                SPINNER[(tenths % 8) as usize],
                tenths as f64 / 10.0
            );
            said(&text, bold.fg(Color::Yellow))
        }
        (None, None) => said(&format!("{} to move", app.session.mover()), bold),
    });
    if game.ending().is_none() && app.session.person_to_move() && reviewing.is_none() {
        if let Some(advice) = claim_advice(&position) {
            let text = format!("{advice}: pick that piece, then move.");
            lines.extend(said(&text, Style::new().fg(Color::Magenta)));
        }
    }
    if let Some(advice) = no_return_advice(&position).filter(|_| reviewing.is_none()) {
        lines.extend(said(&advice, Style::new().fg(Color::Gray)));
    }
    if app.hinting.is_some() {
        lines.push(Line::from("Looking for a hint..."));
    }
    let used = lines.len() as u16;
    frame.render_widget(Paragraph::new(lines).block(block), area);
    // The moves, newest at the bottom, under what is said above.
    if inner.height > used + 2 {
        let moves_area = Rect {
            y: inner.y + used + 1,
            height: inner.height - used - 1,
            ..inner
        };
        draw_moves(frame, app, moves_area);
    }
}

/// Each side's time left (T1), the running one bold, in red under ten
/// seconds.
fn clock_line(running: Option<Side>, left: [Duration; 2]) -> Line<'static> {
    let mut spans = vec![Span::raw("Clock ")];
    for (side, left) in Side::ALL.into_iter().zip(left) {
        let mut style = Style::new();
        if running == Some(side) {
            style = style.add_modifier(Modifier::BOLD).fg(Color::Yellow);
        }
        if left < Duration::from_secs(10) {
            style = style.fg(Color::Red);
        }
        spans.push(Span::styled(format!("{side} {}", show_time(left)), style));
        spans.push(Span::raw("  "));
    }
    Line::from(spans)
}

/// The moves, numbered, White's and Black's side by side when they fit;
/// scrolled to the newest unless scrolled back, with the turn under review
/// marked. Where each turn is drawn is kept for the mouse.
fn draw_moves(frame: &mut Frame, app: &mut App, area: Rect) {
    let game = app.session.game();
    let board = app.board();
    let texts: Vec<String> = game.turns().iter().map(|t| t.text(board)).collect();
    // A game Black starts has an empty first half.
    let offset = usize::from(game.start().side_to_move() == Side::Black && !texts.is_empty());
    let longest = texts.iter().map(|t| t.chars().count()).max().unwrap_or(0);
    let longest = longest.max(if offset > 0 { 3 } else { 0 });
    let per_row = if 5 + longest + 2 + longest <= usize::from(area.width) {
        2
    } else {
        1
    };
    let rows = (texts.len() + offset).div_ceil(per_row);
    let page = usize::from(area.height.saturating_sub(1));
    let last_top = rows.saturating_sub(page);
    let top = app.moves_scroll.unwrap_or(last_top).min(last_top);
    let reviewed = match app.mode {
        Mode::Review(turns) => turns.checked_sub(1),
        _ => None,
    };
    let mut cells = Vec::new();
    let mut lines = vec![Line::from(Span::styled(
        format!(
            "Moves ({}){}{}",
            texts.len(),
            if top > 0 { " ▲" } else { "" },
            if top < last_top { " ▼" } else { "" }
        ),
        Style::new().add_modifier(Modifier::BOLD),
    ))];
    for row in top..rows.min(top + page) {
        let y = area.y + 1 + (row - top) as u16;
        let mut spans = Vec::new();
        for column in 0..per_row {
            let cell = row * per_row + column;
            let x = if column == 0 { 5 } else { 5 + longest + 2 };
            if column == 0 {
                let number = match per_row {
                    2 => Some(row + 1),
                    _ => (cell % 2 == 0).then_some(cell / 2 + 1),
                };
                spans.push(Span::raw(match number {
                    Some(n) => format!("{n:>3}. "),
                    None => "     ".to_owned(),
                }));
            } else {
                spans.push(Span::raw("  "));
            }
            let text = match cell.checked_sub(offset) {
                None => "...",
                Some(turn) => texts.get(turn).map_or("", String::as_str),
            };
            let style = match cell.checked_sub(offset) {
                Some(turn) if reviewed == Some(turn) => {
                    Style::new().add_modifier(Modifier::REVERSED)
                }
                _ => Style::new(),
            };
            spans.push(Span::styled(format!("{text:<longest$}"), style));
            if let Some(turn) = cell.checked_sub(offset).filter(|&t| t < texts.len()) {
                let rect = Rect::new(area.x + x as u16, y, longest as u16, 1).intersection(area);
                cells.push((rect, turn + 1));
            }
        }
        lines.push(Line::from(spans));
    }
    frame.render_widget(Paragraph::new(lines), area);
    app.moves_view = MovesView {
        top,
        page,
        last_top,
        per_row,
        offset,
        cells,
    };
}

fn draw_bottom(frame: &mut Frame, app: &App, area: Rect) {
    let (text, tone) = &app.message;
    let message_style = match tone {
        Tone::Info => Style::new(),
        Tone::Error => Style::new().fg(Color::LightRed),
    };
    let keys = match &app.mode {
        Mode::Typing(_) => "Enter do it · Esc cancel · ←→ Home End ^U ^W · e.g. d4-d5, save a.txt",
        Mode::NewGame(_) => "↑↓ field · ←→ change · Enter start · Esc cancel",
        Mode::Asking(_) => "y yes · n no",
        Mode::Review(_) => "←→ step · Home start · PgUp PgDn scroll · click a turn · Esc the game",
        Mode::Help | Mode::Rules | Mode::Notice(..) => "any key: back to the game",
        Mode::Board => "arrows/click move · Enter pick · Esc back · [ review · ? all keys · q quit",
    };
    let [said, hint] = Layout::vertical([Constraint::Length(2), Constraint::Length(1)]).areas(area);
    if let Mode::Typing(typed) = &app.mode {
        // Scrolled sideways so that the cursor stays in sight.
        let room = usize::from(said.width.saturating_sub(3));
        let skipped = typed.cursor().saturating_sub(room);
        let text: Vec<char> = typed.text().chars().skip(skipped).take(room + 1).collect();
        let split = typed.suggested().map_or(text.len(), |start| {
            start.saturating_sub(skipped).min(text.len())
        });
        let line = Line::from(vec![
            Span::styled("> ", Style::new().fg(Color::Yellow)),
            Span::raw(text[..split].iter().collect::<String>()),
            Span::styled(
                text[split..].iter().collect::<String>(),
                Style::new().add_modifier(Modifier::REVERSED),
            ),
        ]);
        frame.render_widget(Paragraph::new(line), said);
        let x = usize::from(said.x) + 2 + typed.cursor() - skipped;
        frame.set_cursor_position((u16::try_from(x).unwrap_or(said.x), said.y));
    } else {
        let message =
            Paragraph::new(Span::styled(text.clone(), message_style)).wrap(Wrap { trim: true });
        frame.render_widget(message, said);
    }
    frame.render_widget(
        Paragraph::new(Span::styled(keys, Style::new().fg(LINES))),
        hint,
    );
}

fn draw_help(frame: &mut Frame, area: Rect) {
    let text: Vec<Line> = [
        "○ White's pieces, ● Black's, ◇ ◆ kings, · an empty point.",
        "Pick a piece, then where it goes: arrows and Enter, or click.",
        "A chain of jumps: pick each landing point in turn. Where the",
        "rules let a chain stop, pick its last point again to stop.",
        "A claim (P6) or huff (F4): pick the opponent's highlighted piece first.",
        "Highlights: green + where the piece can go, yellow what you",
        "picked, red what it jumped, blue the last turn (× what it",
        "took), cyan the hint, magenta a piece you may claim;",
        "underlined: the pieces that can move.",
        "",
        "Keys: u undo · r redo · h hint · d offer a draw · x resign",
        "      n new game · s save · l load · f flip the board · q quit",
        "      i the rules in brief · w warn before forfeits (P6, F4) on/off",
        "      a analyse: evaluation, 3 best lines, tables' and proof's verdicts",
        "      [ or click a turn: review · PgUp PgDn/wheel: scroll moves",
        "      : type a turn (d4-d5, c3xe5xg7, !e6 d4-d5) or a command:",
        "        moves, undo, redo, hint, analyse [D], resign, draw, save",
        "        FILE, load FILE, new, board, rules, warnings on|off, help, quit",
    ]
    .into_iter()
    .map(Line::from)
    .collect();
    let height = text.len() as u16 + 2;
    popup(frame, area, " Help (any key to close) ", text, height);
}

/// The widest the form's values are drawn: a longer one (a game's long
/// name) goes on over more lines.
const FORM_VALUE_WIDTH: usize = 40;

/// The new-game form: the names right-aligned in a column, and the values
/// left-aligned in the next, between arrows that stand in columns of their
/// own. The values' column is as wide as the widest value any field can
/// take, up to [`FORM_VALUE_WIDTH`], so that the form keeps its width
/// whatever is chosen.
fn draw_form(frame: &mut Frame, form: &Form, area: Rect) {
    let names = FIELDS
        .iter()
        .map(|name| name.chars().count())
        .max()
        .unwrap_or(0);
    // The margin, the gap after the names, the arrows and the popup's own.
    let room = usize::from(area.width).saturating_sub(names + 11);
    let values = form.widest_value().min(FORM_VALUE_WIDTH).min(room);
    let mut lines = vec![
        Line::from(" Choose with the arrows, then Enter."),
        Line::from(""),
    ];
    for (field, name, value) in form.rows() {
        let style = if field == form.field {
            Style::new().fg(Color::Black).bg(Color::Yellow)
        } else {
            Style::new().add_modifier(Modifier::BOLD)
        };
        for (k, part) in wrap(&value, values).iter().enumerate() {
            let (name, before, after) = match k {
                0 => (name, "◀ ", " ▶"),
                _ => ("", "  ", "  "),
            };
            lines.push(Line::from(vec![
                Span::raw(format!(" {name:>names$}  ")),
                Span::styled(format!("{before}{part:<values$}{after}"), style),
            ]));
        }
    }
    let height = lines.len() as u16 + 2;
    popup(frame, area, " New game ", lines, height);
}

fn draw_question(frame: &mut Frame, question: &Question, area: Rect) {
    let text = format!("{question} (y/n)");
    let width = usize::from(area.width.saturating_sub(4)).min(60);
    let lines: Vec<Line> = wrap(&text, width).into_iter().map(Line::from).collect();
    let height = lines.len() as u16 + 2;
    popup(frame, area, " Question ", lines, height);
}

/// `text` broken into lines of at most `width` characters, at spaces.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let words: Vec<String> = text.split_whitespace().map(str::to_owned).collect();
    wrap_joined(&words, " ", width)
}

/// `items` joined by two spaces and broken into lines of at most `width`
/// characters between items, never inside one.
fn wrap_items(items: &[String], width: usize) -> Vec<String> {
    wrap_joined(items, "  ", width)
}

fn wrap_joined(items: &[String], separator: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for item in items {
        let needed = line.chars().count() + separator.len() + item.chars().count();
        if !line.is_empty() && needed > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push_str(separator);
        }
        line.push_str(item);
    }
    lines.push(line);
    lines
}

/// A bordered box in the middle of `area`.
fn popup(frame: &mut Frame, area: Rect, title: &str, lines: Vec<Line>, height: u16) {
    let width = lines
        .iter()
        .map(Line::width)
        .max()
        .unwrap_or(0)
        .max(title.chars().count()) as u16
        + 4;
    let width = width.min(area.width);
    let height = height.min(area.height);
    let rect = Rect {
        x: area.x + (area.width - width) / 2,
        y: area.y + (area.height - height) / 2,
        width,
        height,
    };
    frame.render_widget(Clear, rect);
    frame.render_widget(
        Paragraph::new(lines)
            .block(Block::bordered().title(title.to_owned()))
            .wrap(Wrap { trim: false }),
        rect,
    );
}

#[cfg(test)]
mod tests {
    use peralikatuma_rules::Ruleset;
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;

    use super::*;
    use crate::session::{Opponent, Settings};

    /// The form drawn on a terminal `width` wide, as lines of text.
    fn form_screen(form: &Form, width: u16) -> Vec<Vec<String>> {
        let height = 30;
        let backend = TestBackend::new(width, height);
        let mut terminal = Terminal::new(backend).expect("test backend");
        terminal
            .draw(|frame| draw_form(frame, form, frame.area()))
            .expect("drawn");
        let buffer = terminal.backend().buffer();
        (0..height)
            .map(|y| {
                (0..width)
                    .map(|x| buffer[(x, y)].symbol().to_owned())
                    .collect()
            })
            .collect()
    }

    /// Checks that the names of `form` drawn `width` wide end in one
    /// column, that its values begin in one column between arrows in
    /// columns of their own, whole however long, and returns the form's
    /// width.
    fn assert_aligned(form: &Form, width: u16) -> usize {
        let screen = form_screen(form, width);
        let text = |line: &[String]| line.concat();
        let drawn: String = screen.iter().map(|line| text(line) + "\n").collect();
        let column = |line: &[String], c: &str| line.iter().position(|s| s == c);
        let rows: Vec<usize> = (0..screen.len())
            .filter(|&y| column(&screen[y], "◀").is_some())
            .collect();
        assert_eq!(rows.len(), form.rows().len(), "{drawn}");
        let left = column(&screen[rows[0]], "◀").unwrap_or_default();
        let right = column(&screen[rows[0]], "▶").unwrap_or_default();
        let frame = column(&screen[rows[0]], "│").unwrap_or_default();
        let box_width = screen[rows[0]]
            .iter()
            .rposition(|s| s == "│")
            .unwrap_or_default()
            - frame;
        for (k, (&y, (_, name, value))) in rows.iter().zip(form.rows()).enumerate() {
            let line = &screen[y];
            assert_eq!(column(line, "◀"), Some(left), "row {k}:\n{drawn}");
            assert_eq!(column(line, "▶"), Some(right), "row {k}:\n{drawn}");
            let label = text(&line[frame + 1..left - 2]);
            assert_eq!(label.trim_start(), name, "right-aligned:\n{drawn}");
            assert_eq!(text(&line[left - 2..left]), "  ", "{drawn}");
            // The value begins after `◀ `; a long one goes on below, in
            // the same column, up to the next field or the frame.
            let end = rows.get(k + 1).copied().unwrap_or(screen.len());
            let mut parts = Vec::new();
            for line in &screen[y..end] {
                let part = text(&line[left + 2..right - 1]);
                if line[frame] != "│" || part.trim().is_empty() {
                    break;
                }
                assert_ne!(line[left + 2], " ", "in the column:\n{drawn}");
                assert_eq!(line[left + 1], " ", "in the column:\n{drawn}");
                if !parts.is_empty() {
                    assert_eq!(text(&line[frame + 1..left]).trim(), "", "{drawn}");
                }
                parts.push(part.trim_end().to_owned());
            }
            assert_eq!(parts.join(" "), value, "whole:\n{drawn}");
        }
        box_width
    }

    /// Every game's board, drawn at the size it asks for, shows every
    /// point and the file letters; smaller, the screen asks for more.
    #[test]
    fn every_board_fits_whole_on_the_screen_it_asks_for() {
        for ruleset in Ruleset::all() {
            let settings = Settings {
                opponent: Opponent::Human,
                ..Settings::of(ruleset)
            };
            let session = crate::session::Session::new(settings);
            let mut app = App::new(session, false, crate::play::Pace::AtOnce);
            let (width, height) = needed_size(&app);
            let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("backend");
            terminal.draw(|frame| draw(frame, &mut app)).expect("drawn");
            let buffer = terminal.backend().buffer().clone();
            let (x, y) = app.board_origin.expect("the board is drawn");
            for p in 0..ruleset.board.len() as u8 {
                let (row, column) = app.picture.place(p);
                let cell = &buffer[(x + column as u16, y + row as u16)];
                assert!(
                    ["○", "●", "·"].contains(&cell.symbol()),
                    "{}: {} not drawn",
                    ruleset.id,
                    ruleset.board.point_name(p)
                );
            }
            let small = Terminal::new(TestBackend::new(width, height - 1));
            let mut small = small.expect("backend");
            small.draw(|frame| draw(frame, &mut app)).expect("drawn");
            assert_eq!(app.board_origin, None, "{}", ruleset.id);
        }
    }
    #[test]
    fn the_forms_names_and_values_stand_in_columns_whatever_is_chosen() {
        let mut form = Form::new(&Settings {
            clock: "0+100ms".parse().ok(),
            ..Settings::of(Ruleset::PERALIKATUMA)
        });
        // Sixteen Soldiers (Hewakam Keliya, Dam Hariman, Mogul Putt'han)
        // takes two lines.
        let long = Ruleset::all().filter(|game| game.name.len() > FORM_VALUE_WIDTH);
        assert_eq!(long.count(), 1);
        for width in [MIN_SIZE.0, 100, 160] {
            let mut sizes = Vec::new();
            for _ in Ruleset::all() {
                sizes.push(assert_aligned(&form, width));
                form.change(1);
            }
            form.field = 1;
            for _ in Opponent::ALL {
                sizes.push(assert_aligned(&form, width));
                form.change(1);
            }
            form.field = FIELDS.len() - 1;
            for _ in 0..7 {
                sizes.push(assert_aligned(&form, width));
                form.change(1);
            }
            form.field = 0;
            sizes.dedup();
            assert_eq!(sizes.len(), 1, "the form keeps its width: {sizes:?}");
        }
    }
}
