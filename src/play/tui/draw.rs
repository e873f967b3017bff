//! Drawing the full-screen game: the board with its lines, the side panel
//! (players, pieces, claims, moves), the message line and the keys.

use crate::Cell;
use peralikatuma_rules::{Bitboard, Point, Side, Turn};
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};

use crate::play::session::claim_advice;
use crate::play::tui::app::{App, Mode, Question, Tone};
use crate::play::tui::form::Form;

/// The smallest screen the game fits on.
pub const MIN_SIZE: (u16, u16) = (72, 23);

const WHITE: Color = Color::White;
const BLACK: Color = Color::LightRed;
const LINES: Color = Color::DarkGray;

/// Draws the whole screen.
pub fn draw(frame: &mut Frame, app: &mut App) {
    let area = frame.area();
    if area.width < MIN_SIZE.0 || area.height < MIN_SIZE.1 {
        app.board_origin = None;
        let text = format!(
            "Please make the terminal at least {}x{} (it is {}x{}). q quits.",
            MIN_SIZE.0, MIN_SIZE.1, area.width, area.height
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
        Mode::NewGame(form) => draw_form(frame, form, main),
        Mode::Asking(question) => draw_question(frame, app, *question, main),
        Mode::Notice(title, text) => {
            let lines: Vec<Line> = wrap(text, usize::from(main.width.saturating_sub(6)).min(70))
                .into_iter()
                .map(Line::from)
                .collect();
            let height = lines.len() as u16 + 2;
            popup(
                frame,
                main,
                &format!(" {title} (any key to close) "),
                lines,
                height,
            );
        }
        Mode::Board | Mode::Typing(_) => {
            if let Some(outcome) = app.session.game().outcome() {
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

/// What each point of the board is marked with, besides its piece.
struct Marks {
    cursor: Point,
    picked: Bitboard,
    targets: Bitboard,
    movable: Bitboard,
    last: Bitboard,
    taken: Bitboard,
    claimable: Bitboard,
    hint: Bitboard,
}

impl Marks {
    fn of(app: &App) -> Marks {
        let game = app.session.game();
        let path = |turn: &Turn| turn.path().fold(Bitboard::EMPTY, Bitboard::with);
        let person = app.session.person_to_move();
        let targets = if person {
            app.pick.targets(&app.turns)
        } else {
            Bitboard::EMPTY
        };
        let (targets, movable) = if app.pick.from.is_none() {
            (Bitboard::EMPTY, targets)
        } else {
            (targets, Bitboard::EMPTY)
        };
        let picked = app
            .pick
            .from
            .into_iter()
            .chain(app.pick.landings.iter().copied())
            .chain(app.pick.claim)
            .fold(Bitboard::EMPTY, Bitboard::with);
        let last = game.turns().last();
        Marks {
            cursor: app.cursor,
            picked,
            targets,
            movable,
            last: last.map_or(Bitboard::EMPTY, path),
            taken: last.map_or(Bitboard::EMPTY, |t| {
                t.captured() | t.claim().map_or(Bitboard::EMPTY, Bitboard::from)
            }),
            claimable: if person {
                game.position().claimable()
            } else {
                Bitboard::EMPTY
            },
            hint: app.hint.as_ref().map_or(Bitboard::EMPTY, path),
        }
    }
}

fn draw_board(frame: &mut Frame, app: &mut App, area: Rect) {
    let game = app.session.game();
    let position = game.position();
    let marks = Marks::of(app);
    let mut lines = Vec::new();
    for (row, cells) in app.picture.rows().iter().enumerate() {
        let label = app.picture.rank_label(row).unwrap_or(' ');
        let mut spans = vec![Span::styled(format!("{label}  "), Style::new().fg(LINES))];
        for (column, &cell) in cells.iter().enumerate() {
            let cursor_side = |offset: isize| {
                cells
                    .get(column.wrapping_add_signed(offset))
                    .is_some_and(|&c| c == Cell::Point(marks.cursor))
            };
            let span = match cell {
                _ if cursor_side(1) => Span::styled("[", cursor_style()),
                _ if cursor_side(-1) => Span::styled("]", cursor_style()),
                Cell::Blank => Span::raw(" "),
                Cell::Line(mark) => Span::styled(line_glyph(mark), Style::new().fg(LINES)),
                Cell::Point(p) => point_span(app, &marks, p, position),
            };
            spans.push(span);
        }
        lines.push(Line::from(spans));
    }
    lines.push(Line::from(Span::styled(
        format!("   {}", app.picture.file_labels()),
        Style::new().fg(LINES),
    )));
    let block = Block::bordered().title(format!(" {} ", game.variant()));
    let inner = block.inner(area);
    // A space of margin before the rank labels.
    let shifted: Vec<Line> = lines
        .into_iter()
        .map(|line| Line::from([vec![Span::raw(" ")], line.spans].concat()))
        .collect();
    // The picture's first cell comes after the margin and `9  `.
    app.board_origin = Some((inner.x + 4, inner.y));
    frame.render_widget(Paragraph::new(shifted).block(block), area);
}

fn cursor_style() -> Style {
    Style::new().fg(Color::Yellow).add_modifier(Modifier::BOLD)
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

fn point_span(
    app: &App,
    marks: &Marks,
    p: Point,
    position: &peralikatuma_rules::Position,
) -> Span<'static> {
    let king = position.kings().contains(p);
    let (glyph, mut style) = match position.side_at(p) {
        Some(side) => (
            glyph(side, king),
            Style::new()
                .fg(if side == Side::White { WHITE } else { BLACK })
                .add_modifier(Modifier::BOLD),
        ),
        None if marks.targets.contains(p) => (
            "+",
            Style::new()
                .fg(Color::LightGreen)
                .add_modifier(Modifier::BOLD),
        ),
        None if marks.taken.contains(p) => ("×", Style::new().fg(Color::Red)),
        None => ("·", Style::new().fg(Color::Gray)),
    };
    if marks.picked.contains(p) {
        style = style.bg(Color::Yellow).fg(Color::Black);
    } else if marks.targets.contains(p) {
        style = style.bg(Color::Green).fg(Color::Black);
    } else if marks.claimable.contains(p) {
        style = style.bg(Color::Magenta);
    } else if marks.hint.contains(p) {
        style = style.bg(Color::Cyan).fg(Color::Black);
    } else if marks.last.contains(p) {
        style = style.bg(Color::Blue);
    }
    if marks.movable.contains(p) {
        style = style.add_modifier(Modifier::UNDERLINED);
    }
    if p == marks.cursor && !matches!(app.mode, Mode::NewGame(_)) {
        style = style.add_modifier(Modifier::REVERSED);
    }
    Span::styled(glyph, style)
}

fn draw_panel(frame: &mut Frame, app: &App, area: Rect) {
    let game = app.session.game();
    let position = game.position();
    let settings = app.session.settings();
    let piece = |side: Side| {
        let colour = if side == Side::White { WHITE } else { BLACK };
        vec![
            Span::styled(
                format!("{} ", glyph(side, false)),
                Style::new().fg(colour).add_modifier(Modifier::BOLD),
            ),
            Span::raw(format!("{side} {:>2}   ", position.pieces(side).count())),
        ]
    };
    let mut lines = vec![
        Line::from(settings.players()),
        Line::from([piece(Side::White), piece(Side::Black)].concat()),
        Line::from(format!(
            "Turns without a removal: {} of {}",
            position.quiet_turns(),
            peralikatuma_rules::QUIET_TURNS_FOR_DRAW
        )),
    ];
    if position.kings().any() {
        lines.push(Line::from("◇ ◆ mark kings"));
    }
    lines.push(Line::from(""));
    let status = match (game.outcome(), &app.thinking) {
        (Some(outcome), _) => Span::styled(
            format!("Game over: {outcome}"),
            Style::new().add_modifier(Modifier::BOLD),
        ),
        (None, Some(thinking)) => {
            const SPINNER: [char; 8] = ['⠋', '⠙', '⠸', '⠴', '⠦', '⠇', '⠏', '⠹'];
            let tenths = thinking.elapsed().as_millis() / 100;
            Span::styled(
                format!(
                    "{} is thinking {} {:.1} s",
                    app.session.mover(),
                    SPINNER[(tenths % 8) as usize],
                    tenths as f64 / 10.0
                ),
                Style::new().fg(Color::Yellow).add_modifier(Modifier::BOLD),
            )
        }
        (None, None) => Span::styled(
            format!("{} to move", app.session.mover()),
            Style::new().add_modifier(Modifier::BOLD),
        ),
    };
    lines.push(Line::from(status));
    if game.outcome().is_none() {
        if let Some(advice) = claim_advice(position) {
            lines.push(Line::from(Span::styled(
                format!("{advice}: pick that piece, then move."),
                Style::new().fg(Color::Magenta),
            )));
        }
    }
    if app.hinting.is_some() {
        lines.push(Line::from("Looking for a hint..."));
    }
    let used = lines.len() as u16;
    let block = Block::bordered().title(" Game ");
    let inner = block.inner(area);
    frame.render_widget(
        Paragraph::new(lines).block(block).wrap(Wrap { trim: true }),
        area,
    );
    // The moves, newest at the bottom, under what is said above. The
    // advice may wrap, so leave a few spare rows.
    let spare = used + 3;
    if inner.height > spare + 2 {
        let moves_area = Rect {
            y: inner.y + spare,
            height: inner.height - spare,
            ..inner
        };
        draw_moves(frame, app, moves_area);
    }
}

fn draw_moves(frame: &mut Frame, app: &App, area: Rect) {
    let game = app.session.game();
    let variant = game.variant();
    let texts: Vec<String> = game
        .turns()
        .iter()
        .map(|t| t.notation(variant).to_string())
        .collect();
    // Numbered rows of White's and Black's turns; a game Black starts has
    // an empty first half-row.
    let black_first = game.start().side_to_move() == Side::Black;
    let mut cells: Vec<Option<&str>> = Vec::new();
    if black_first {
        cells.push(None);
    }
    cells.extend(texts.iter().map(|t| Some(t.as_str())));
    let rows: Vec<Line> = cells
        .chunks(2)
        .enumerate()
        .map(|(i, pair)| {
            let cell = |c: Option<&Option<&str>>| c.copied().flatten().unwrap_or("...").to_owned();
            Line::from(format!(
                "{:>3}. {:<14} {}",
                i + 1,
                cell(pair.first()),
                if pair.len() > 1 {
                    cell(pair.get(1))
                } else {
                    String::new()
                }
            ))
        })
        .collect();
    let shown = usize::from(area.height.saturating_sub(1));
    let start = rows.len().saturating_sub(shown);
    let mut lines = vec![Line::from(Span::styled(
        format!("Moves ({})", texts.len()),
        Style::new().add_modifier(Modifier::BOLD),
    ))];
    lines.extend(rows.into_iter().skip(start));
    frame.render_widget(Paragraph::new(lines), area);
}

fn draw_bottom(frame: &mut Frame, app: &App, area: Rect) {
    let (text, tone) = &app.message;
    let message_style = match tone {
        Tone::Info => Style::new(),
        Tone::Error => Style::new().fg(Color::LightRed),
    };
    let keys = match &app.mode {
        Mode::Typing(_) => {
            "Enter: do it · Esc: cancel · e.g. d4-d5, c3xe5xg7, !e6 d4-d5, save game.txt, help"
        }
        Mode::NewGame(_) => "↑↓ field · ←→ change · Enter start · Esc cancel",
        Mode::Asking(_) => "y yes · n no",
        Mode::Help | Mode::Notice(..) => "any key: back to the game",
        Mode::Board => {
            "arrows/mouse move · Enter pick · Esc back · : type · u undo · r redo · h hint · d draw · x resign · n new · s save · l load · f flip · ? help · q quit"
        }
    };
    let mut lines = Vec::new();
    if let Mode::Typing(typed) = &app.mode {
        lines.push(Line::from(vec![
            Span::styled("> ", Style::new().fg(Color::Yellow)),
            Span::raw(typed.clone()),
        ]));
        let x = area.x + 2 + typed.chars().count() as u16;
        frame.set_cursor_position((x.min(area.right().saturating_sub(1)), area.y));
    } else {
        lines.push(Line::from(Span::styled(text.clone(), message_style)));
    }
    lines.push(Line::from(Span::styled(keys, Style::new().fg(LINES))));
    frame.render_widget(Paragraph::new(lines).wrap(Wrap { trim: true }), area);
}

fn draw_help(frame: &mut Frame, area: Rect) {
    let text: Vec<Line> = [
        "○ White's pieces, ● Black's, ◇ ◆ kings, · an empty point.",
        "Pick a piece, then where it goes: arrows and Enter, or click.",
        "A chain of jumps: pick each landing point in turn. Where the",
        "rules let a chain stop, pick its last point again to stop.",
        "A claim (P6): pick the opponent's highlighted piece first.",
        "Highlights: green + where the piece can go, yellow what you",
        "picked, blue the last turn (× what it took), cyan the hint,",
        "magenta a piece you may claim; underlined: pieces that can move.",
        "",
        "Keys: u undo · r redo · h hint · d offer a draw · x resign",
        "      n new game · s save · l load · f flip the board · q quit",
        "      : type a turn (d4-d5, c3xe5xg7, !e6 d4-d5) or a command:",
        "        moves, undo, redo, hint, resign, draw, save FILE,",
        "        load FILE, new, help, quit",
    ]
    .into_iter()
    .map(Line::from)
    .collect();
    let height = text.len() as u16 + 2;
    popup(frame, area, " Help (any key to close) ", text, height);
}

fn draw_form(frame: &mut Frame, form: &Form, area: Rect) {
    let mut lines = vec![
        Line::from("Choose with the arrows, then Enter."),
        Line::from(""),
    ];
    for (i, (name, value, matters)) in form.rows().into_iter().enumerate() {
        let chosen = i == form.field;
        let style = match (chosen, matters) {
            (true, _) => Style::new().fg(Color::Black).bg(Color::Yellow),
            (false, true) => Style::new().add_modifier(Modifier::BOLD),
            (false, false) => Style::new().fg(LINES),
        };
        lines.push(Line::from(vec![
            Span::raw(format!("{name:>12}  ")),
            Span::styled(format!("◀ {value:^12} ▶"), style),
        ]));
    }
    popup(frame, area, " New game ", lines, 8);
}

fn draw_question(frame: &mut Frame, app: &App, question: Question, area: Rect) {
    let text = match question {
        Question::Resign(side) if app.session.machine().is_some() => {
            format!("Resign this game, {side}? (y/n)")
        }
        Question::Resign(side) => format!("{side} resigns? (y/n)"),
        Question::Draw(side) => format!(
            "{side} offers a draw. {}, do you accept? (y/n)",
            side.opposite()
        ),
    };
    popup(frame, area, " Question ", vec![Line::from(text)], 3);
}

/// `text` broken into lines of at most `width` characters, at spaces.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
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
