//! The commands a player can type, in either mode: a turn in notation or a
//! word such as `undo` or `save FILE`.

use std::path::PathBuf;

use crate::analysis::{DEFAULT_DEPTH, MAX_DEPTH};

/// One typed line, understood.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Command {
    /// A turn in the notation of N2 (checked against the position later).
    Turn(String),
    /// List the legal turns.
    Moves,
    /// Take back the last turn (and the machine's reply).
    Undo,
    /// Play again what was taken back.
    Redo,
    /// Ask the engine for a turn.
    Hint,
    /// Show the engine's evaluation, best lines and verdicts, searching
    /// to this depth (1 to [`MAX_DEPTH`]).
    Analyse(u32),
    /// The side to move resigns.
    Resign,
    /// The side to move offers a draw.
    Draw,
    /// Write the game record to a file.
    Save(PathBuf),
    /// Read a game record from a file.
    Load(PathBuf),
    /// Start again.
    New,
    /// Show the board again.
    Board,
    /// Show the commands.
    Help,
    /// Show the rules of the game in brief.
    Rules,
    /// Warn before a turn that forfeits pieces (P6), or stop warning.
    Warnings(bool),
    /// Leave.
    Quit,
}

/// The commands, for help screens.
pub const HELP: &str = "\
Type a turn in the notation of the rules (N2):
  d4-d5          a step
  c3xe5xg7       a chain of jumps (where the rules allow, stop after any jump)
  !e6 d4-d5      claim the forfeited piece on e6, then move
Commands:
  moves          list the legal turns
  undo / redo    take back the last turn / play it again
  hint           ask the engine for a turn
  analyse [D]    the engine's evaluation, its 3 best lines and what the
                 endgame tables and the proof say (search depth D, 1 to
                 20, 8 by default); plays nothing
  resign         the side to move resigns
  draw           offer a draw
  save FILE      write the game record (N4) to FILE
  load FILE      read a game record from FILE
  new            start again
  board          show the board again
  rules          the rules of this game in brief
  warnings off   play a turn that forfeits pieces (P6) without asking
                 first (`warnings on` asks again)
  help           this text
  quit           leave";

/// A line that names a command but lacks what it needs.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum CommandError {
    /// `save` or `load` without a file name.
    #[error("`{0}` needs a file name, as in `{0} game.txt`")]
    MissingFile(&'static str),
    /// `warnings` without `on` or `off`.
    #[error("`{0}` needs on or off, as in `{0} off`")]
    MissingSwitch(&'static str),
    /// `analyse` with something other than a depth from 1 to
    /// [`MAX_DEPTH`].
    #[error(
        "`analyse` takes a search depth from 1 to {MAX_DEPTH}, as in `analyse {DEFAULT_DEPTH}`, not `{0}`"
    )]
    BadDepth(String),
}

impl Command {
    /// Reads one line; `None` for a blank line.
    ///
    /// # Errors
    /// [`CommandError`] for `save` or `load` without a file name,
    /// `warnings` without `on` or `off`, and `analyse` with a depth not
    /// from 1 to [`MAX_DEPTH`].
    pub fn parse(line: &str) -> Result<Option<Command>, CommandError> {
        let line = line.trim();
        let (word, rest) = line
            .split_once(char::is_whitespace)
            .map_or((line, ""), |(w, r)| (w, r.trim()));
        let file = |name: &'static str| {
            if rest.is_empty() {
                Err(CommandError::MissingFile(name))
            } else {
                Ok(PathBuf::from(rest))
            }
        };
        let switch = |name: &'static str| match rest.to_ascii_lowercase().as_str() {
            "on" => Ok(true),
            "off" => Ok(false),
            _ => Err(CommandError::MissingSwitch(name)),
        };
        let depth = |rest: &str| match rest.parse::<u32>() {
            _ if rest.is_empty() => Ok(DEFAULT_DEPTH),
            Ok(depth) if (1..=MAX_DEPTH).contains(&depth) => Ok(depth),
            _ => Err(CommandError::BadDepth(rest.to_owned())),
        };
        Ok(Some(match word.to_ascii_lowercase().as_str() {
            "" => return Ok(None),
            "moves" => Command::Moves,
            "undo" => Command::Undo,
            "redo" => Command::Redo,
            "hint" => Command::Hint,
            "analyse" | "analyze" => Command::Analyse(depth(rest)?),
            "resign" => Command::Resign,
            "draw" => Command::Draw,
            "save" => Command::Save(file("save")?),
            "load" => Command::Load(file("load")?),
            "new" => Command::New,
            "board" => Command::Board,
            "help" | "?" => Command::Help,
            "rules" => Command::Rules,
            "warnings" => Command::Warnings(switch("warnings")?),
            "quit" | "exit" | "q" => Command::Quit,
            _ => Command::Turn(line.to_owned()),
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_and_turns_are_told_apart() {
        assert_eq!(Command::parse("  "), Ok(None));
        assert_eq!(Command::parse("UNDO"), Ok(Some(Command::Undo)));
        assert_eq!(
            Command::parse("save  my game.txt "),
            Ok(Some(Command::Save("my game.txt".into())))
        );
        assert_eq!(
            Command::parse("load"),
            Err(CommandError::MissingFile("load"))
        );
        assert_eq!(
            Command::parse("Warnings OFF"),
            Ok(Some(Command::Warnings(false)))
        );
        assert_eq!(
            Command::parse("warnings maybe"),
            Err(CommandError::MissingSwitch("warnings"))
        );
        assert_eq!(
            Command::parse("!e6 d4-d5"),
            Ok(Some(Command::Turn("!e6 d4-d5".into())))
        );
        assert_eq!(
            Command::parse("analyse"),
            Ok(Some(Command::Analyse(DEFAULT_DEPTH)))
        );
        assert_eq!(Command::parse("Analyze 20"), Ok(Some(Command::Analyse(20))));
        for bad in ["0", "99", "x", "-3", "4 5"] {
            assert_eq!(
                Command::parse(&format!("analyse {bad}")),
                Err(CommandError::BadDepth(bad.to_owned())),
                "{bad}"
            );
        }
        assert_eq!(
            CommandError::BadDepth("x".into()).to_string(),
            "`analyse` takes a search depth from 1 to 20, as in `analyse 8`, not `x`"
        );
        assert_eq!(
            CommandError::MissingFile("save").to_string(),
            "`save` needs a file name, as in `save game.txt`"
        );
    }
}
