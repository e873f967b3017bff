//! The state of a game as the page sees it (`GET /api/games/{id}`): the
//! position, the turns a click can make, what was captured and claimed,
//! how the game stands and who is asking. All of it is worked out by the
//! rules crate; the page only draws it.

use std::time::Duration;

use peralikatuma_rules::{Outcome, QUIET_TURNS_FOR_DRAW, Side};
use serde::Serialize;

use super::invite::invite_path;
use super::seating::{Seat, Seating};
use super::table::Table;
use super::web_game;
use crate::session::Session;
use crate::session::advice::{claim_advice, claim_rule, no_return_advice, point_names};

/// The most legal turns listed for the picker: a position can have
/// millions (flying kings' chains); past this many, the page is told the
/// list is cut and asks the server for each click.
pub const MOST_TURNS: usize = 2000;

/// A game as the page sees it.
#[derive(Clone, Debug, Serialize)]
pub struct GameView {
    /// The game's id.
    pub id: String,
    /// The game's id: `peralikatuma`, `alquerque`, `permainan`, or a
    /// family ruleset's (`zamma`, rules.md F8).
    pub variant: &'static str,
    /// Its name for people: `Peralikatuma`.
    pub name: String,
    /// Whether it is one of the family's games (rules.md F), not one of
    /// the rule book's.
    pub family: bool,
    /// Its rules in brief, each with the rules it sums up: `Pieces step
    /// along the lines ... (P3, P4).`
    pub brief: Vec<String>,
    /// The rule that lets the side to move remove a piece before moving:
    /// `P6` (a claim, in Peralikatuma) or `F4` (a huff, in the family's
    /// games that have one); empty in a game without one.
    pub removal_rule: &'static str,
    /// Who plays the other side: `human`, `friend`, `easy`, ...
    pub opponent: &'static str,
    /// The side of the person who started the game.
    pub colour: Side,
    /// Who moved first.
    pub first: Side,
    /// The players' names for the asking seat: `you`, `the machine
    /// (easy)`, `your friend`.
    pub players: Players,
    /// The asking seat: `owner`, `guest` or `onlooker`.
    pub seat: &'static str,
    /// The sides the asking seat plays.
    pub sides: Vec<Side>,
    /// Grows with every change to the game: a page drops a state older
    /// than the one it shows.
    pub version: u64,
    /// The number of turns played; a turn sent is refused unless it
    /// carries this number.
    pub number: usize,
    /// The position's text (N3; rules.md F9 for a family game).
    pub position: String,
    /// The side to move.
    pub side_to_move: Side,
    /// The start's text, then the text after each turn (N3), for review.
    pub positions: Vec<String>,
    /// The turns played, in N2 with their points.
    pub moves: Vec<TurnView>,
    /// The last turn played, if any.
    pub last: Option<TurnView>,
    /// The legal turns now (none once the game is over), at most
    /// [`MOST_TURNS`] of them.
    pub turns: Vec<TurnView>,
    /// How many legal turns there are in all.
    pub turns_total: usize,
    /// Whether `turns` lists them all.
    pub turns_complete: bool,
    /// The side to move's pieces that can capture now.
    pub capturers: Vec<String>,
    /// The opponent's pieces the side to move may claim (P6) or huff (F4)
    /// first.
    pub claimable: Vec<String>,
    /// Why they may be removed, in words.
    pub claim_advice: Option<String>,
    /// The side to move's pieces that may not step straight back (A5), in
    /// words.
    pub no_return: Option<String>,
    /// How many pieces each side has lost.
    pub captured: Count,
    /// Turns in a row without a piece leaving the board (E4).
    pub quiet_turns: u32,
    /// How many of them draw the game (60).
    pub quiet_limit: u32,
    /// How the game ended, once it has.
    pub outcome: Option<OutcomeView>,
    /// Who is to move, or how the game ended, in words.
    pub status: String,
    /// Whether the asking seat has the move.
    pub your_turn: bool,
    /// Whether the machine is thinking about its turn.
    pub thinking: bool,
    /// Whether the asking seat may take back now (between two devices:
    /// ask the other player to).
    pub can_undo: bool,
    /// Whether there are turns to play again.
    pub can_redo: bool,
    /// A draw offered by this side, not yet answered.
    pub draw_offer: Option<Side>,
    /// A take-back asked by this side of the other device, not yet
    /// answered.
    pub takeback_offer: Option<Side>,
    /// For the owner of a game with a friend: the friend's invitation,
    /// while it waits to be used (a path, good once).
    pub invite: Option<String>,
    /// In a game with a friend: whether a device has taken the friend's
    /// seat.
    pub guest_seated: bool,
    /// The clock, in a game on one (T1).
    pub clock: Option<ClockView>,
}

/// A game's clock as the page sees it: the times left when the state was
/// made; the page counts the running one down itself until the next
/// state, and the server alone decides when a time has run out (T2).
#[derive(Clone, Debug, Serialize)]
pub struct ClockView {
    /// The time control as players write it: `5+3` (minutes + seconds).
    pub control: String,
    /// The base time, in milliseconds.
    pub base_ms: u64,
    /// The increment a turn, in milliseconds.
    pub increment_ms: u64,
    /// White's time left, in milliseconds.
    pub white_ms: u64,
    /// Black's time left, in milliseconds.
    pub black_ms: u64,
    /// The side whose time runs, if any (none before the first turn and
    /// after the end).
    pub running: Option<Side>,
}

/// The players' names.
#[derive(Clone, Debug, Serialize)]
pub struct Players {
    /// White's.
    pub white: String,
    /// Black's.
    pub black: String,
}

/// Pieces of each side.
#[derive(Clone, Debug, Serialize)]
pub struct Count {
    /// White's.
    pub white: usize,
    /// Black's.
    pub black: usize,
}

/// A turn with its points, in the game's names.
#[derive(Clone, Debug, Serialize)]
pub struct TurnView {
    /// The turn in N2: `!e6 d4-d5`, `c3xe5xg7`, `pass`.
    pub text: String,
    /// The piece claimed (P6) or huffed (F4) first, if any.
    pub claim: Option<String>,
    /// The piece's start, then each point it lands on; empty for a pass.
    pub path: Vec<String>,
    /// Whether it jumps.
    pub capture: bool,
    /// The pieces it captures (they stay on the board until the move
    /// ends, R2.4).
    pub captured: Vec<String>,
    /// For a legal turn that leaves a capture untaken, in Peralikatuma or
    /// a family game with the huff: the mover's pieces the opponent may
    /// then claim (P6) or huff (F4).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub forfeits: Vec<String>,
}

/// How a game ended.
#[derive(Clone, Debug, Serialize)]
pub struct OutcomeView {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub result: &'static str,
    /// The winner, if any.
    pub winner: Option<Side>,
    /// The outcome as data.
    pub outcome: Outcome,
    /// Said plainly, with the rule: `White wins: Black resigned (E6)`.
    pub text: String,
    /// Whether the players declared it (a resignation or an agreed draw,
    /// E6), not the board.
    pub declared: bool,
}

impl OutcomeView {
    /// `outcome` for the page.
    pub fn new(outcome: Outcome) -> OutcomeView {
        OutcomeView {
            result: outcome.result(),
            winner: outcome.winner(),
            outcome,
            text: outcome.to_string(),
            declared: outcome.is_declared(),
        }
    }
}

/// The game on `table` as `seat` sees it.
pub fn view(table: &Table, seat: Seat) -> GameView {
    let session = &table.session;
    let game = session.game();
    let position = game.position();
    let to_move = game.side_to_move();
    let sides = table.sides(seat);
    let owner_side = session.settings().human;
    let over = game.ending();

    let positions = web_game::all_positions(game);
    let moves: Vec<TurnView> = game
        .turns()
        .iter()
        .zip(&positions)
        .map(|(turn, before)| web_game::turn_view(before, turn))
        .collect();
    let (turns, turns_total) = match over {
        Some(_) => (Vec::new(), 0),
        None => web_game::legal_views(position),
    };
    let lost = |side: Side| {
        (game.start().pieces(side).count_ones() as usize)
            .saturating_sub(position.pieces(side).count_ones() as usize)
    };
    let player = |side: Side| -> String {
        let mine = sides.contains(&side);
        match table.seating {
            Seating::Machine(strength) if side != owner_side => {
                format!("the machine ({strength})")
            }
            Seating::OneScreen => side.to_string(),
            Seating::Friend if !mine && seat != Seat::Onlooker => "your friend".to_owned(),
            _ if mine => "you".to_owned(),
            Seating::Friend if side == owner_side => "the host".to_owned(),
            Seating::Friend => "the guest".to_owned(),
            _ => "the player".to_owned(),
        }
    };
    let players = Players {
        white: player(Side::White),
        black: player(Side::Black),
    };
    let outcome = over.map(OutcomeView::new);
    let status = match &outcome {
        Some(end) => format!("{}: {}", end.result, end.text),
        None if table.seating == Seating::OneScreen => format!("{to_move} to move"),
        None => {
            let who = match to_move {
                Side::White => &players.white,
                Side::Black => &players.black,
            };
            // "the machine (master)" is named in the players' line; here
            // "(the machine)" is enough.
            let who = who.split(" (").next().unwrap_or(who);
            format!("{to_move} ({who}) to move")
        }
    };
    let invite = table
        .seats
        .invite
        .as_ref()
        .filter(|_| seat == Seat::Owner)
        .map(|code| invite_path(&table.id, code));

    GameView {
        id: table.id.clone(),
        variant: game.ruleset().id,
        name: game.ruleset().name.to_owned(),
        family: !game.ruleset().is_rule_book(),
        brief: crate::play::line_game::rules_brief(game.ruleset()),
        removal_rule: claim_rule(position),
        opponent: table.seating.name(),
        colour: owner_side,
        first: game.start().side_to_move(),
        seat: match seat {
            Seat::Owner => "owner",
            Seat::Guest => "guest",
            Seat::Onlooker => "onlooker",
        },
        your_turn: over.is_none() && !session.machine_to_move() && sides.contains(&to_move),
        sides,
        players,
        version: table.version,
        number: game.turns().len(),
        position: position.to_string(),
        side_to_move: to_move,
        positions: positions.iter().map(|p| p.to_string()).collect(),
        last: moves.last().cloned(),
        moves,
        turns_complete: turns.len() == turns_total,
        turns,
        turns_total,
        capturers: match over {
            Some(_) => Vec::new(),
            None => web_game::capturers(position),
        },
        claimable: point_names(position.board(), position.huffable()),
        claim_advice: claim_advice(position),
        no_return: no_return_advice(position),
        captured: Count {
            white: lost(Side::White),
            black: lost(Side::Black),
        },
        quiet_turns: game.quiet_turns(),
        quiet_limit: QUIET_TURNS_FOR_DRAW,
        outcome,
        status,
        thinking: session.machine_to_move(),
        can_undo: table.can_undo(seat),
        can_redo: session.can_redo(),
        draw_offer: table.draw_offer,
        takeback_offer: table.takeback_offer,
        invite,
        guest_seated: table.seats.guest.is_some(),
        clock: clock_view(session),
    }
}

/// The clock of `session`'s game now, if it has one.
fn clock_view(session: &Session) -> Option<ClockView> {
    let clock = session.clock()?;
    let [white, black] = session.times_left()?;
    let ms = |time: Duration| u64::try_from(time.as_millis()).unwrap_or(u64::MAX);
    let control = clock.control();
    Some(ClockView {
        control: control.to_string(),
        base_ms: ms(control.base),
        increment_ms: ms(control.increment),
        white_ms: ms(white),
        black_ms: ms(black),
        running: clock.running(),
    })
}
