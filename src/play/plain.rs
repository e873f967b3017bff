//! The plain line mode: the board printed as text, one command per line
//! from standard input, so that a game can be scripted. On a clock (T1),
//! the times are printed with the board, and a player whose time ran out
//! (T2) hears it with the next line read: a line mode waits for input.

use std::io::{self, BufRead, Write};
use std::thread;
use std::time::Instant;

use alquerque_ai::Player;
use peralikatuma_rules::Side;
use peralikatuma_rules::family::{FamilyGameError, Game, Turn};

use crate::clock::show_time;
use crate::play::commands::{Command, HELP};
use crate::play::legal_turn_texts;
use crate::play::line_game::{advice, has_forfeits, notation_help, rules_brief, warning};
use crate::play::machine::{self, Pace};
use crate::session::advice::claim_rule;
use crate::session::{Session, Undone};
use crate::{diagram, plural};

/// Plays `session` reading commands from `input` and writing to `out`,
/// until `quit` or the end of the input. Where a command would drop a
/// game not saved (`new`, `load`, `quit`) or write over a file, it asks
/// first; so does a turn that forfeits pieces (P6), until `warnings off`.
/// The machine answers at `pace`.
pub fn run(
    session: &mut Session,
    input: impl BufRead,
    out: &mut impl Write,
    pace: Pace,
) -> io::Result<()> {
    let mut players = Players::new(session, pace);
    writeln!(out, "{} Type `help` for commands.", introduction(session))?;
    show(session, out)?;
    players.reply(session, out)?;
    let mut lines = lines(input);
    let mut warnings = true;
    loop {
        prompt(session, out)?;
        let Some(line) = lines.next() else {
            writeln!(out)?;
            return Ok(());
        };
        if let Some(outcome) = session.check_time() {
            writeln!(out, "time is up: {outcome}")?;
            show(session, out)?;
        }
        let command = match Command::parse(&line?) {
            Ok(Some(command)) => command,
            Ok(None) => continue,
            Err(error) => {
                writeln!(out, "{error}")?;
                continue;
            }
        };
        match command {
            Command::Quit => {
                let question = "This game has not been saved: leave it anyway?";
                if !session.unsaved() || ask(&mut lines, out, question)? != Some(false) {
                    return Ok(());
                }
                writeln!(out, "the game goes on (`save FILE` keeps it)")?;
            }
            Command::Warnings(_) if !has_forfeits(session.game()) => {
                writeln!(out, "this game has no forfeits to warn about")?;
            }
            Command::Warnings(on) => {
                warnings = on;
                let rule = claim_rule(session.game().position());
                let said = if on {
                    format!("a turn that forfeits pieces ({rule}) is asked about first")
                } else {
                    format!("turns that forfeit pieces ({rule}) are played without asking")
                };
                writeln!(out, "{said}")?;
            }
            Command::Help => writeln!(out, "{}", help(session.game()))?,
            Command::Rules => {
                for paragraph in rules_brief(session.game().ruleset()) {
                    writeln!(out, "{paragraph}")?;
                }
            }
            Command::Board => show(session, out)?,
            Command::Moves => {
                let (listed, count) = legal_turn_texts(session.game());
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
            Command::Turn(text) => {
                if warnings && !confirmed(session, &text, &mut lines, out)? {
                    writeln!(out, "not played (`warnings off` plays such turns at once)")?;
                    continue;
                }
                match session.play_text(&text) {
                    Ok(_) => {
                        show(session, out)?;
                        players.reply(session, out)?;
                    }
                    Err(FamilyGameError::Over(outcome)) => writeln!(
                        out,
                        "the game is over ({outcome}): type `new`, `undo`, `save FILE` or `quit`"
                    )?,
                    Err(error) => writeln!(out, "{error}. Type `moves` for the legal turns.")?,
                }
            }
            Command::Undo => match session.undo() {
                Undone::Nothing if session.lost_on_time() => {
                    writeln!(out, "nothing to take back: a loss on time is final (T2)")?;
                }
                Undone::Nothing => writeln!(out, "nothing to take back")?,
                Undone::Declaration(outcome) => {
                    writeln!(out, "took back the end of the game ({outcome})")?;
                    show(session, out)?;
                }
                Undone::Turns(taken) => {
                    writeln!(out, "took back {}", notations(session.game(), &taken))?;
                    show(session, out)?;
                    players.reply(session, out)?;
                }
            },
            Command::Redo => {
                let replayed = session.redo();
                if replayed.is_empty() {
                    writeln!(out, "nothing to redo")?;
                } else {
                    writeln!(out, "played again {}", notations(session.game(), &replayed))?;
                    show(session, out)?;
                    players.reply(session, out)?;
                }
            }
            Command::Hint => match session.game().ending() {
                Some(outcome) => writeln!(out, "the game is over ({outcome})")?,
                None if !session.person_to_move() => writeln!(out, "no hint now")?,
                None => {
                    writeln!(out, "thinking...")?;
                    if let Some(turn) = players.hint.choose(session.game()) {
                        writeln!(out, "hint: {}", turn.text(session.game().start().board()))?;
                    }
                }
            },
            Command::Resign => match session.resign(session.person_side()) {
                Ok(()) => show(session, out)?,
                Err(error) => writeln!(out, "{error}")?,
            },
            Command::Draw => {
                if let Some(outcome) = session.game().ending() {
                    writeln!(out, "the game is over ({outcome})")?;
                    continue;
                }
                let accepted = if session.machine().is_some() {
                    let yes = session.machine_accepts_draw();
                    let answer = if yes { "accepts" } else { "declines" };
                    writeln!(out, "the machine {answer} the draw")?;
                    yes
                } else {
                    let offering = session.game().side_to_move();
                    let question = format!(
                        "{offering} offers a draw. {}, do you accept?",
                        offering.opposite()
                    );
                    ask(&mut lines, out, &question)? == Some(true)
                };
                if accepted && session.agree_draw().is_ok() {
                    show(session, out)?;
                } else if !accepted {
                    writeln!(out, "no draw: the game goes on")?;
                }
            }
            Command::Save(path) => {
                let question = format!("{} exists: write over it?", path.display());
                if path.exists() && ask(&mut lines, out, &question)? != Some(true) {
                    writeln!(out, "not saved")?;
                    continue;
                }
                match session.save(&path) {
                    Ok(()) => writeln!(out, "saved to {}", path.display())?,
                    Err(error) => writeln!(out, "cannot write {}: {error}", path.display())?,
                }
            }
            Command::Load(path) => {
                let question = format!(
                    "This game has not been saved: drop it for {}?",
                    path.display()
                );
                if session.unsaved() && ask(&mut lines, out, &question)? != Some(true) {
                    writeln!(out, "not loaded: the game goes on")?;
                    continue;
                }
                match session.load(&path) {
                    Ok(fault) => {
                        let turns = plural(session.game().turns().len(), "turn");
                        writeln!(out, "loaded {} ({turns})", path.display())?;
                        writeln!(out, "{}", introduction(session))?;
                        if let Some(fault) = fault {
                            writeln!(out, "the record breaks off here: {fault}")?;
                        }
                        players = Players::new(session, pace);
                        show(session, out)?;
                        players.reply(session, out)?;
                    }
                    Err(error) => writeln!(out, "{error}")?,
                }
            }
            Command::New => {
                let question = "This game has not been saved: drop it for a new game?";
                if session.unsaved() && ask(&mut lines, out, question)? != Some(true) {
                    writeln!(out, "the game goes on")?;
                    continue;
                }
                let settings = session.settings().clone();
                match session.restart(settings) {
                    Ok(()) => {
                        writeln!(out, "new game. {}", introduction(session))?;
                        players = Players::new(session, pace);
                        show(session, out)?;
                        players.reply(session, out)?;
                    }
                    Err(error) => writeln!(out, "cannot start again: {error}")?,
                }
            }
        }
    }
}

/// The machine's players: one for the other side, answering at `pace`,
/// one for hints.
struct Players {
    machine: Option<Player>,
    pace: Pace,
    hint: Player,
}

impl Players {
    /// The players of `session`'s game, on its seed.
    fn new(session: &Session, pace: Pace) -> Players {
        let seed = session.seed();
        Players {
            machine: session.machine_player(),
            pace,
            hint: machine::hint_player(seed),
        }
    }

    /// The machine's turn, if it has the move, told once its pause is over
    /// ([`Pace::pause`]; on a clock, its time runs meanwhile).
    fn reply(&mut self, session: &mut Session, out: &mut impl Write) -> io::Result<()> {
        let Some(machine) = &mut self.machine else {
            return Ok(());
        };
        if !session.machine_to_move() {
            return Ok(());
        }
        writeln!(out, "thinking...")?;
        let began = Instant::now();
        let budget = session.machine_budget();
        let pause = self.pace.pause(machine.strength(), budget);
        let chosen = match budget {
            Some(budget) => machine.choose_on_clock(session.game(), budget),
            None => machine.choose(session.game()),
        };
        thread::sleep(pause.saturating_sub(began.elapsed()));
        if let Some(turn) = chosen {
            let text = turn.text(session.game().start().board());
            match session.play(&turn) {
                Ok(()) => writeln!(out, "the machine plays {text}")?,
                Err(FamilyGameError::Over(outcome)) => writeln!(out, "time is up: {outcome}")?,
                Err(error) => writeln!(out, "the machine's {text} is refused: {error}")?,
            }
            show(session, out)?;
        }
        Ok(())
    }
}

/// The game and its players, and against the machine its seed.
fn introduction(session: &Session) -> String {
    let players = session.settings().players();
    let variant = session.game().ruleset().name;
    match session.machine() {
        None => format!("{variant}: {players}."),
        Some(_) => {
            let seed = session.seed();
            format!(
                "{variant}: {players}. The machine's seed is {seed} (`--seed {seed}` replays the game)."
            )
        }
    }
}

/// Asks `question` until the answer is yes or no; `None` at the end of the
/// input.
fn ask(
    lines: &mut impl Iterator<Item = io::Result<String>>,
    out: &mut impl Write,
    question: &str,
) -> io::Result<Option<bool>> {
    write!(out, "{question} (yes/no) ")?;
    out.flush()?;
    for answer in lines {
        match answer?.trim().to_ascii_lowercase().as_str() {
            "y" | "yes" => return Ok(Some(true)),
            "n" | "no" => return Ok(Some(false)),
            _ => write!(out, "please answer yes or no: ")?,
        }
        out.flush()?;
    }
    writeln!(out)?;
    Ok(None)
}

/// Whether the turn `text` is to be played: yes unless it forfeits pieces
/// (P6) and the player, told which, says no (or the input ends).
fn confirmed(
    session: &Session,
    text: &str,
    lines: &mut impl Iterator<Item = io::Result<String>>,
    out: &mut impl Write,
) -> io::Result<bool> {
    match warning(session.game(), text) {
        None => Ok(true),
        Some(warning) => Ok(ask(lines, out, &format!("{warning}. Play it?"))? == Some(true)),
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
    writeln!(out)?;
    match game.turns() {
        // A pass after a turn: the rules played it (F6), say whose it was.
        [.., before, last] if last.text(game.start().board()) == "pass" => writeln!(
            out,
            "last turns: {}, then {} had no move and passed (F6)",
            before.text(game.start().board()),
            game.side_to_move().opposite()
        )?,
        [.., last] => writeln!(out, "last turn: {}", last.text(game.start().board()))?,
        [] => {}
    }
    write!(out, "{}", diagram(game.position()))?;
    writeln!(out, "Turns without a removal: {} (E4).", game.quiet_turns())?;
    if let (Some(clock), Some(left)) = (session.clock(), session.times_left()) {
        let times: Vec<String> = Side::ALL
            .into_iter()
            .zip(left)
            .map(|(side, left)| {
                let running = if clock.running() == Some(side) {
                    " (running)"
                } else {
                    ""
                };
                format!("{side} {}{running}", show_time(left))
            })
            .collect();
        let starts = match clock.running() {
            None if session.game().turns().is_empty() => " (it starts with the first turn)",
            _ => "",
        };
        writeln!(
            out,
            "clock {}{starts}: {}",
            clock.control(),
            times.join(", ")
        )?;
    }
    match game.ending() {
        Some(outcome) => writeln!(
            out,
            "Game over: {outcome}. Type `new`, `undo`, `save FILE` or `quit`."
        ),
        // The advice is for the person about to move: none while the
        // machine has the move (it may be the machine's huff or claim).
        None if session.person_to_move() => {
            for advice in advice(game) {
                writeln!(out, "{advice}")?;
            }
            Ok(())
        }
        None => Ok(()),
    }
}

/// The turns written out, separated by commas.
fn notations(game: &Game, turns: &[Turn]) -> String {
    let texts: Vec<String> = turns.iter().map(|t| t.text(game.start().board())).collect();
    texts.join(", ")
}

/// The commands, with the notation of `game`'s claims or huffs.
fn help(game: &Game) -> String {
    HELP.replace(
        "  !e6 d4-d5      claim the forfeited piece on e6, then move",
        notation_help(game),
    )
}

fn prompt(session: &Session, out: &mut impl Write) -> io::Result<()> {
    if session.game().ending().is_none() {
        write!(out, "{} to move> ", session.mover())?;
    } else {
        write!(out, "> ")?;
    }
    out.flush()
}

#[cfg(test)]
mod tests {
    use alquerque_ai::Strength;
    use peralikatuma_rules::family::{self, Ruleset};

    use super::*;
    use crate::session::{Opponent, Settings};

    /// Regression: after the person's turn left a capture untaken, the
    /// line mode told "You may huff e5" while the machine had the move,
    /// and the huff was the machine's.
    #[test]
    fn f4_the_machines_huff_is_not_offered_to_the_person() {
        let zamma = Ruleset::find("zamma").expect("a ruleset");
        let mut game = family::Game::new(zamma);
        for text in ["d4-e5", "f6xd4"] {
            game.play_text(text).expect("legal");
        }
        let settings = Settings {
            opponent: Opponent::Machine(Strength::Beginner),
            position: Some(*game.position()),
            ..Settings::of(zamma)
        };
        let mut session = Session::new(settings).expect("a start");
        let mut out = Vec::new();
        // f4 could take f5 and steps to e5 instead, and Black may huff
        // it (F4): asked, and done.
        let input = "f4-e5\nyes\nquit\nyes\n".as_bytes();
        run(&mut session, input, &mut out, Pace::AtOnce).expect("played");
        let text = String::from_utf8(out).expect("text");
        let warned = text.find("Black may then take").expect(&text);
        let answered = text.find("the machine plays").expect(&text);
        assert!(!text[warned..answered].contains("may first take"), "{text}");
    }

    /// Issue 26: a player with no piece left was asked to type `pass` for
    /// their own loss. The pass is played by itself, the last turns say
    /// so, the end says why, and undo takes back both turns.
    #[test]
    fn f6_a_forced_pass_is_played_and_said() {
        let kharbaga = Ruleset::find("kharbaga").expect("a ruleset");
        let settings = Settings {
            opponent: Opponent::Human,
            position: Some(family::Position::parse(kharbaga, "B:Wf4:Be5").expect("a position")),
            ..Settings::of(kharbaga)
        };
        let mut session = Session::new(settings).expect("a start");
        let mut out = Vec::new();
        let input = "e5xg3\nundo\nquit\nyes\n".as_bytes();
        run(&mut session, input, &mut out, Pace::AtOnce).expect("played");
        let text = String::from_utf8(out).expect("text");
        for said in [
            "last turns: e5xg3, then White had no move and passed (F6)",
            "Game over: Black wins: White has no pieces left (E1)",
            "took back e5xg3, pass",
        ] {
            assert!(text.contains(said), "{said}: {text}");
        }
    }
}
