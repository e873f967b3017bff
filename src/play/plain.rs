//! The plain line mode: the board printed as text, one command per line
//! from standard input, so that a game can be scripted.

use std::io::{self, BufRead, Write};

use crate::diagram;
use alquerque_ai::Player;
use peralikatuma_rules::GameError;

use crate::play::brief::rules_in_brief;
use crate::play::commands::{Command, HELP};
use crate::play::machine;
use crate::play::{legal_turn_notations, notations};
use crate::plural;
use crate::session::{Session, Undone, claim_advice, no_return_advice};

/// Plays `session` reading commands from `input` and writing to `out`,
/// until `quit` or the end of the input.
pub fn run(
    session: &mut Session,
    seed: u64,
    input: impl BufRead,
    out: &mut impl Write,
) -> io::Result<()> {
    let mut players = Players::new(session, seed);
    writeln!(
        out,
        "{}: {}. Type `help` for commands.",
        session.game().variant(),
        session.settings().players()
    )?;
    show(session, out)?;
    players.reply(session, out)?;
    let mut lines = lines(input);
    loop {
        prompt(session, out)?;
        let Some(line) = lines.next() else {
            writeln!(out)?;
            return Ok(());
        };
        let command = match Command::parse(&line?) {
            Ok(Some(command)) => command,
            Ok(None) => continue,
            Err(error) => {
                writeln!(out, "{error}")?;
                continue;
            }
        };
        match command {
            Command::Quit => return Ok(()),
            Command::Help => writeln!(out, "{HELP}")?,
            Command::Rules => {
                for paragraph in rules_in_brief(session.game().variant()) {
                    writeln!(out, "{paragraph}")?;
                }
            }
            Command::Board => show(session, out)?,
            Command::Moves => {
                let (listed, count) = legal_turn_notations(session.game().position());
                let texts = listed.join("  ");
                match count {
                    0 => writeln!(out, "no legal turns: the game is over")?,
                    n if n > listed.len() => {
                        let first = listed.len();
                        writeln!(
                            out,
                            "{}, the first {first}: {texts}",
                            plural(n, "legal turn")
                        )?;
                    }
                    n => writeln!(out, "{}: {texts}", plural(n, "legal turn"))?,
                }
            }
            Command::Turn(text) => match session.play_text(&text) {
                Ok(_) => {
                    show(session, out)?;
                    players.reply(session, out)?;
                }
                Err(GameError::Over(outcome)) => writeln!(
                    out,
                    "the game is over ({outcome}): type `new`, `undo`, `save FILE` or `quit`"
                )?,
                Err(error) => writeln!(out, "{error}. Type `moves` for the legal turns.")?,
            },
            Command::Undo => match session.undo() {
                Undone::Nothing => writeln!(out, "nothing to take back")?,
                Undone::Declaration(outcome) => {
                    writeln!(out, "took back the end of the game ({outcome})")?;
                    show(session, out)?;
                }
                Undone::Turns(taken) => {
                    writeln!(out, "took back {}", notations(&taken).join(", "))?;
                    show(session, out)?;
                    players.reply(session, out)?;
                }
            },
            Command::Redo => {
                let replayed = session.redo();
                if replayed.is_empty() {
                    writeln!(out, "nothing to redo")?;
                } else {
                    writeln!(out, "played again {}", notations(&replayed).join(", "))?;
                    show(session, out)?;
                    players.reply(session, out)?;
                }
            }
            Command::Hint => match session.game().outcome() {
                Some(outcome) => writeln!(out, "the game is over ({outcome})")?,
                None if !session.person_to_move() => writeln!(out, "no hint now")?,
                None => {
                    writeln!(out, "thinking...")?;
                    if let Some(turn) = players.hint.choose(session.game()) {
                        writeln!(out, "hint: {turn}")?;
                    }
                }
            },
            Command::Resign => match session.resign(session.person_side()) {
                Ok(()) => show(session, out)?,
                Err(error) => writeln!(out, "{error}")?,
            },
            Command::Draw => {
                if let Some(outcome) = session.game().outcome() {
                    writeln!(out, "the game is over ({outcome})")?;
                    continue;
                }
                let accepted = if session.machine().is_some() {
                    let yes = session.machine_accepts_draw();
                    let answer = if yes { "accepts" } else { "declines" };
                    writeln!(out, "the machine {answer} the draw")?;
                    yes
                } else {
                    let offering = session.game().position().side_to_move();
                    writeln!(
                        out,
                        "{offering} offers a draw. {}, do you accept? (yes/no)",
                        offering.opposite()
                    )?;
                    loop {
                        let Some(answer) = lines.next().transpose()? else {
                            break false;
                        };
                        match answer.trim().to_ascii_lowercase().as_str() {
                            "y" | "yes" => break true,
                            "n" | "no" => break false,
                            _ => writeln!(out, "please answer yes or no")?,
                        }
                    }
                };
                if accepted && session.agree_draw().is_ok() {
                    show(session, out)?;
                } else if !accepted {
                    writeln!(out, "no draw: the game goes on")?;
                }
            }
            Command::Save(path) => match session.save(&path) {
                Ok(()) => writeln!(out, "saved to {}", path.display())?,
                Err(error) => writeln!(out, "cannot write {}: {error}", path.display())?,
            },
            Command::Load(path) => match session.load(&path) {
                Ok(fault) => {
                    let turns = plural(session.game().turns().len(), "turn");
                    writeln!(out, "loaded {} ({turns})", path.display())?;
                    if let Some(fault) = fault {
                        writeln!(out, "the record breaks off here: {fault}")?;
                    }
                    show(session, out)?;
                    players.reply(session, out)?;
                }
                Err(error) => writeln!(out, "{error}")?,
            },
            Command::New => {
                let settings = session.settings().clone();
                match session.restart(settings) {
                    Ok(()) => {
                        show(session, out)?;
                        players.reply(session, out)?;
                    }
                    Err(error) => writeln!(out, "cannot start again: {error}")?,
                }
            }
        }
    }
}

/// The machine's players: one for the other side, one for hints.
struct Players {
    machine: Option<Player>,
    hint: Player,
}

impl Players {
    fn new(session: &Session, seed: u64) -> Players {
        Players {
            machine: session.machine().map(|s| Player::new(s, seed)),
            hint: machine::hint_player(seed),
        }
    }

    /// The machine's turn, if it has the move.
    fn reply(&mut self, session: &mut Session, out: &mut impl Write) -> io::Result<()> {
        let Some(machine) = &mut self.machine else {
            return Ok(());
        };
        if !session.machine_to_move() {
            return Ok(());
        }
        writeln!(out, "thinking...")?;
        if let Some(turn) = machine.choose(session.game()) {
            let text = turn.to_string();
            if session.play(&turn).is_ok() {
                writeln!(out, "the machine plays {text}")?;
                show(session, out)?;
            }
        }
        Ok(())
    }
}

/// The lines of `input`, each read whole even where it is not UTF-8 (such
/// bytes become `�`, and the line is then refused as a turn like any other
/// bad text).
fn lines(mut input: impl BufRead) -> impl Iterator<Item = io::Result<String>> {
    std::iter::from_fn(move || {
        let mut bytes = Vec::new();
        match input.read_until(b'\n', &mut bytes) {
            Ok(0) => None,
            Ok(_) => {
                let line = String::from_utf8_lossy(&bytes);
                Some(Ok(line.trim_end_matches(['\n', '\r']).to_owned()))
            }
            Err(error) => Some(Err(error)),
        }
    })
}

/// The board, the last turn, and what the player should know now.
fn show(session: &Session, out: &mut impl Write) -> io::Result<()> {
    let game = session.game();
    let position = game.position();
    writeln!(out)?;
    if let Some(last) = game.turns().last() {
        writeln!(out, "last turn: {}", last)?;
    }
    write!(out, "{}", diagram(position))?;
    match game.outcome() {
        Some(outcome) => writeln!(
            out,
            "Game over: {outcome}. Type `new`, `undo`, `save FILE` or `quit`."
        ),
        None => {
            if let Some(advice) = no_return_advice(position) {
                writeln!(out, "{advice}")?;
            }
            match claim_advice(position) {
                Some(advice) => writeln!(out, "{advice} (write `!point` before the move)"),
                None => Ok(()),
            }
        }
    }
}

fn prompt(session: &Session, out: &mut impl Write) -> io::Result<()> {
    if session.game().outcome().is_none() {
        write!(out, "{} to move> ", session.mover())?;
    } else {
        write!(out, "> ")?;
    }
    out.flush()
}
