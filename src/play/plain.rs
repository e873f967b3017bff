//! The plain line mode: the board printed as text, one command per line
//! from standard input, so that a game can be scripted. On a clock (T1),
//! the times are printed with the board, and a player whose time ran out
//! (T2) hears it with the next line read: a line mode waits for input.

use std::io::{self, BufRead, Write};
use std::thread;
use std::time::Instant;

use alquerque_ai::Player;
use peralikatuma_rules::Side;
use peralikatuma_rules::{Game, GameError};

use crate::clock::show_time;
use crate::diagram;
use crate::play::commands::{Command, HELP};
use crate::play::interpret::{Interpreter, Step};
use crate::play::line_game::{advice, notation_help, rules_brief};
use crate::play::machine::{self, Pace};
use crate::play::replies::{Leaving, Question};
use crate::session::Session;

/// Plays `session` reading commands from `input` and writing to `out`,
/// until `quit` or the end of the input. The commands are carried out by
/// the interpreter the full screen uses too; where it asks first
/// (before dropping a game not saved, writing over a file, resigning,
/// a draw, or a turn that forfeits pieces until `warnings off`), the
/// answer is read from `input`. The machine answers at `pace`.
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
    let mut interpreter = Interpreter::default();
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
        // A question's answer, and a new game's settings, lead to a step
        // of their own.
        let mut next = Some(interpreter.run(session, command));
        while let Some(step) = next.take() {
            match step {
                Step::Say(reply) => writeln!(out, "{reply}")?,
                Step::Ask(question) => match ask(&mut lines, out, &question)? {
                    Some(yes) => next = Some(interpreter.answer(session, question, yes)),
                    None => return Ok(()),
                },
                Step::Help => writeln!(out, "{}", help(session.game()))?,
                Step::Rules => {
                    let brief = rules_brief(session.game().ruleset());
                    writeln!(out, "{}", brief.join("\n"))?;
                }
                Step::Board => show(session, out)?,
                Step::Moves(turns) if turns.listed.is_empty() => writeln!(out, "{turns}")?,
                Step::Moves(turns) => writeln!(out, "{turns} {}", turns.listed.join("  "))?,
                Step::NewGame => {
                    let settings = Box::new(session.settings().clone());
                    next = Some(interpreter.leave(session, Leaving::New(settings)));
                }
                Step::Hint => {
                    writeln!(out, "thinking...")?;
                    if let Some(turn) = players.hint.choose(session.game()) {
                        writeln!(out, "hint: {}", turn.text(session.game().start().board()))?;
                    }
                }
                Step::Analysis(analysis) => {
                    writeln!(out, "{}", analysis.text_lines().join("\n"))?;
                }
                Step::Played(_) | Step::Ended => {
                    show(session, out)?;
                    players.reply(session, out)?;
                }
                Step::Changed(reply) => {
                    writeln!(out, "{reply}")?;
                    show(session, out)?;
                    players.reply(session, out)?;
                }
                Step::Started(reply) => {
                    writeln!(out, "{reply}\n{}", introduction(session))?;
                    players = Players::new(session, pace);
                    show(session, out)?;
                    players.reply(session, out)?;
                }
                Step::Quit => return Ok(()),
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
                Err(GameError::Over(outcome)) => writeln!(out, "time is up: {outcome}")?,
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
    question: &Question,
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
    use peralikatuma_rules::{Game, Position, Ruleset};

    use super::*;
    use crate::session::{Opponent, Settings};

    /// Regression: after the person's turn left a capture untaken, the
    /// line mode told "You may huff e5" while the machine had the move,
    /// and the huff was the machine's.
    #[test]
    fn f4_the_machines_huff_is_not_offered_to_the_person() {
        let zamma = Ruleset::find("zamma").expect("a ruleset");
        let mut game = Game::new(zamma);
        for text in ["d4-e5", "f6xd4"] {
            game.play_text(text).expect("legal");
        }
        let settings = Settings {
            opponent: Opponent::Machine(Strength::Beginner),
            position: Some(*game.position()),
            ..Settings::of(zamma)
        };
        let mut session = Session::new(settings);
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
            position: Some(Position::parse(kharbaga, "B:Wf4:Be5").expect("a position")),
            ..Settings::of(kharbaga)
        };
        let mut session = Session::new(settings);
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

    /// `analyse` prints the evaluation and best lines and plays nothing;
    /// a bad depth is refused, saying why.
    #[test]
    fn analyse_prints_the_analysis_and_refuses_a_bad_depth() {
        let settings = Settings {
            opponent: Opponent::Human,
            ..Settings::of(Ruleset::ALQUERQUE)
        };
        let mut session = Session::new(settings);
        let mut out = Vec::new();
        let input = "analyse 3\nanalyse 99\nanalyse x\nquit\n".as_bytes();
        run(&mut session, input, &mut out, Pace::AtOnce).expect("played");
        let text = String::from_utf8(out).expect("text");
        for said in [
            "Analysis at depth 3, White to move: ",
            "\n  1. ",
            "\n  3. ",
            "`analyse` takes a search depth from 1 to 20, as in `analyse 8`, not `99`",
            "not `x`",
        ] {
            assert!(text.contains(said), "{said}: {text}");
        }
        assert!(session.game().turns().is_empty());
    }
}
