//! The state of a game as the page sees it (`GET /api/games/{id}`): the
//! position, the turns a click can make, what was captured and claimed,
//! how the game stands and who is asking. All of it is worked out by the
//! rules crate; the page only draws it.

use std::ops::ControlFlow;
use std::time::Duration;

use peralikatuma_rules::{
    Bitboard, Board, Outcome, Point, Position, QUIET_TURNS_FOR_DRAW, Side, Turn, Variant,
};
use serde::Serialize;

use super::seating::{Seat, Seating};
use super::table::Table;
use crate::session::{Session, claim_advice, no_return_advice};

/// The most legal turns listed for the picker: a position can have
/// millions (flying kings' chains); past this many, the page is told the
/// list is cut and asks the server for each click.
pub const MOST_TURNS: usize = 2000;

/// A game as the page sees it.
#[derive(Clone, Debug, Serialize)]
pub struct GameView {
    /// The game's id.
    pub id: String,
    /// The game: `peralikatuma`, `alquerque`, `permainan`.
    pub variant: Variant,
    /// Its name for people: `Peralikatuma`.
    pub name: String,
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
    /// The position's text (N3).
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
    /// The opponent's pieces the side to move may claim first (P6).
    pub claimable: Vec<String>,
    /// Why they may be claimed, in words.
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
    /// Whether there are turns to play again.
    pub can_redo: bool,
    /// A draw offered by this side, not yet answered.
    pub draw_offer: Option<Side>,
    /// For the owner of a game with a friend: the friend's link (a path
    /// with the friend's token).
    pub invite: Option<String>,
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
    /// The turn in N2: `!e6 d4-d5`, `c3xe5xg7`.
    pub text: String,
    /// The piece claimed first (P6), if any.
    pub claim: Option<String>,
    /// The piece's start, then each point it lands on.
    pub path: Vec<String>,
    /// Whether it jumps.
    pub capture: bool,
    /// The pieces it captures (they stay on the board until the move
    /// ends, R2.4).
    pub captured: Vec<String>,
    /// For a legal turn of Peralikatuma that leaves a capture untaken:
    /// the mover's pieces the opponent may then claim (P6).
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
}

fn names(board: Board, set: Bitboard) -> Vec<String> {
    set.iter()
        .map(|p| board.point_name(p).to_string())
        .collect()
}

/// `turn` played in `position`, with what it captures.
pub fn turn_view(position: &Position, turn: &Turn) -> TurnView {
    let board = position.board();
    let name = |p: Point| board.point_name(p).to_string();
    TurnView {
        text: turn.to_string(),
        claim: turn.claim().map(name),
        path: turn.path().map(name).collect(),
        capture: turn.is_capture(),
        captured: jumped_in_order(position, turn).map(name).collect(),
        forfeits: Vec::new(),
    }
}

/// The pieces `turn` captures in `position`, in the order it jumps them:
/// each jump's piece is what the chain up to it captures more.
fn jumped_in_order(position: &Position, turn: &Turn) -> impl Iterator<Item = Point> {
    let landings = if turn.is_capture() {
        turn.landings()
    } else {
        &[]
    };
    let mut before = Bitboard::EMPTY;
    (1..=landings.len()).flat_map(move |jumps| {
        let chain = Turn::chain(position.variant(), turn.from(), &landings[..jumps]).ok();
        let chain = chain.map(|c| turn.claim().map_or(c, |claim| c.with_claim(claim)));
        let now = chain.map_or(before, |c| position.captured(&c));
        let new = now - before;
        before = now;
        new.iter()
    })
}

/// The legal turns of `position` for the picker (at most [`MOST_TURNS`],
/// looked at group by group as they are generated) with the pieces each
/// forfeits, and how many there are in all.
fn legal_turns(position: &Position) -> (Vec<TurnView>, usize) {
    let forfeits = position.variant().has_forfeits();
    let mut listed = Vec::new();
    let cut = position.generate(|moves| {
        for turn in moves.turns() {
            if listed.len() == MOST_TURNS {
                return ControlFlow::Break(());
            }
            let mut view = turn_view(position, &turn);
            if forfeits && !turn.is_capture() {
                let next = position.play_unchecked(&turn);
                view.forfeits = names(position.board(), next.claimable());
            }
            listed.push(view);
        }
        ControlFlow::Continue(())
    });
    let total = match cut {
        ControlFlow::Break(()) => position.count_legal_turns(),
        ControlFlow::Continue(()) => listed.len(),
    };
    (listed, total)
}

/// The game on `table` as `seat` sees it.
pub fn view(table: &Table, seat: Seat) -> GameView {
    let session = &table.session;
    let game = session.game();
    let position = game.position();
    let board = position.board();
    let to_move = position.side_to_move();
    let sides = table.sides(seat);
    let owner_side = session.settings().human;
    let over = game.outcome();

    let moves: Vec<TurnView> = game
        .turns()
        .iter()
        .zip(game.positions())
        .map(|(turn, before)| turn_view(before, turn))
        .collect();
    let (turns, turns_total) = match over {
        Some(_) => (Vec::new(), 0),
        None => legal_turns(position),
    };
    let lost = |side: Side| {
        game.start()
            .pieces(side)
            .count()
            .saturating_sub(position.pieces(side).count())
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
    let outcome = over.map(|outcome| OutcomeView {
        result: outcome.result(),
        winner: outcome.winner(),
        outcome,
        text: outcome.to_string(),
    });
    let status = match &outcome {
        Some(end) => format!("{}: {}", end.result, end.text),
        None if table.seating == Seating::OneScreen => format!("{to_move} to move"),
        None => {
            let who = match to_move {
                Side::White => &players.white,
                Side::Black => &players.black,
            };
            format!("{to_move} ({who}) to move")
        }
    };
    let invite = table
        .seats
        .guest
        .as_ref()
        .filter(|_| seat == Seat::Owner)
        .map(|token| format!("/games/{}?seat={token}", table.id));

    GameView {
        id: table.id.clone(),
        variant: game.variant(),
        name: game.variant().to_string(),
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
        positions: game.positions().iter().map(|p| p.to_string()).collect(),
        last: moves.last().cloned(),
        moves,
        turns_complete: turns.len() == turns_total,
        turns,
        turns_total,
        capturers: match over {
            Some(_) => Vec::new(),
            None => names(board, position.capturers(to_move)),
        },
        claimable: names(board, position.claimable()),
        claim_advice: claim_advice(position),
        no_return: no_return_advice(position),
        captured: Count {
            white: lost(Side::White),
            black: lost(Side::Black),
        },
        quiet_turns: position.quiet_turns(),
        quiet_limit: QUIET_TURNS_FOR_DRAW,
        outcome,
        status,
        thinking: session.machine_to_move(),
        can_redo: session.can_redo(),
        draw_offer: table.draw_offer,
        invite,
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
