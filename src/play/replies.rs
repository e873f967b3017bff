//! What the interpreter of commands tells and asks the player, worded once
//! for both modes: line mode prints it as it is, the full screen as a
//! sentence (a capital letter, a full stop).

use std::fmt;
use std::io;
use std::path::PathBuf;

use peralikatuma_rules::{GameError, RecordError, Turn};
use peralikatuma_rules::{Outcome, Side};

use crate::plural;
use crate::session::{LoadError, Settings};

/// How a reply reads: news, or something refused.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Tone {
    /// News.
    Info,
    /// Something refused.
    Error,
}

/// What a command came to, told the player.
#[derive(Debug)]
pub enum Reply {
    /// The game is over: no turn, hint, resignation or draw.
    Over(Outcome),
    /// The machine has the move: no turn or hint of the person's now.
    MachineToMove,
    /// The text is not a legal turn.
    Refused(GameError),
    /// A turn that forfeits pieces (P6, F4), not played after its warning.
    NotPlayed,
    /// Nothing of the person's to take back.
    NothingToUndo,
    /// Nothing to take back after a loss on time (T2): it is final.
    LostOnTime,
    /// Took back a resignation or an agreed draw (E6).
    TookBackEnd(Outcome),
    /// Took back these turns, written out.
    TookBack(String),
    /// Nothing was taken back to play again.
    NothingToRedo,
    /// Played again these turns, written out.
    PlayedAgain(String),
    /// Warnings in a game where no turn forfeits pieces.
    NoForfeits,
    /// Warnings are now on or off; the rule that forfeits pieces.
    Warnings {
        /// Whether a turn that forfeits pieces is asked about first.
        on: bool,
        /// The rule (P6 or F4).
        rule: &'static str,
    },
    /// The game was written to this file.
    Saved(PathBuf),
    /// The game was not written over a file.
    NotSaved,
    /// This file cannot be written.
    CannotWrite(PathBuf, io::Error),
    /// The game recorded in this file is in play: so many turns of it,
    /// up to a fault in the record if it breaks off (N4).
    Loaded {
        /// The file.
        path: PathBuf,
        /// The turns loaded.
        turns: usize,
        /// Where the record breaks off.
        fault: Option<RecordError>,
    },
    /// No game could be loaded.
    CannotLoad(LoadError),
    /// A new game is in play.
    NewGame,
    /// The game in play, not saved, was kept.
    NotDropped,
    /// The person did not resign.
    GoesOn,
    /// No draw was offered, or it was declined.
    NoDraw,
    /// The machine declined the draw offered.
    DrawDeclined,
}

impl Reply {
    /// How the reply reads.
    pub fn tone(&self) -> Tone {
        match self {
            Reply::Over(_)
            | Reply::MachineToMove
            | Reply::Refused(_)
            | Reply::NothingToUndo
            | Reply::LostOnTime
            | Reply::NothingToRedo
            | Reply::CannotWrite(..)
            | Reply::Loaded { fault: Some(_), .. }
            | Reply::CannotLoad(_) => Tone::Error,
            _ => Tone::Info,
        }
    }
}

impl fmt::Display for Reply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reply::Over(outcome) => write!(f, "the game is over ({outcome})"),
            Reply::MachineToMove => write!(f, "wait: the machine is thinking"),
            Reply::Refused(error) => write!(f, "{error}. Type `moves` for the legal turns."),
            Reply::NotPlayed => write!(f, "not played (`warnings off` plays such turns at once)"),
            Reply::NothingToUndo => write!(f, "nothing to take back"),
            Reply::LostOnTime => write!(f, "nothing to take back: a loss on time is final (T2)"),
            Reply::TookBackEnd(outcome) => write!(f, "took back the end of the game ({outcome})"),
            Reply::TookBack(turns) => write!(f, "took back {turns}"),
            Reply::NothingToRedo => write!(f, "nothing to redo"),
            Reply::PlayedAgain(turns) => write!(f, "played again {turns}"),
            Reply::NoForfeits => write!(f, "this game has no forfeits to warn about"),
            Reply::Warnings { on: true, rule } => {
                write!(
                    f,
                    "a turn that forfeits pieces ({rule}) is asked about first"
                )
            }
            Reply::Warnings { on: false, rule } => {
                write!(
                    f,
                    "turns that forfeit pieces ({rule}) are played without asking"
                )
            }
            Reply::Saved(path) => write!(f, "saved the game to {}", path.display()),
            Reply::NotSaved => write!(f, "not saved"),
            Reply::CannotWrite(path, error) => {
                write!(f, "cannot write {}: {error}", path.display())
            }
            Reply::Loaded { path, turns, fault } => {
                let (path, turns) = (path.display(), plural(*turns, "turn"));
                match fault {
                    None => write!(f, "loaded {path} ({turns})"),
                    Some(fault) => write!(f, "loaded {path} up to a fault ({turns}): {fault}"),
                }
            }
            Reply::CannotLoad(error) => write!(f, "{error}"),
            Reply::NewGame => write!(f, "new game"),
            Reply::NotDropped => write!(f, "the game goes on (`save FILE` keeps it)"),
            Reply::GoesOn => write!(f, "the game goes on"),
            Reply::NoDraw => write!(f, "no draw: the game goes on"),
            Reply::DrawDeclined => write!(f, "the machine declines the draw: the game goes on"),
        }
    }
}

/// A question put to the players before a command is carried out.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Question {
    /// Does this side resign?
    Resign(Side),
    /// Does the person offer the machine a draw?
    OfferDraw,
    /// This side offers a draw: does the other accept?
    AcceptDraw(Side),
    /// Drop a game that has not been saved, to do this?
    Drop(Leaving),
    /// Write over this file?
    Overwrite(PathBuf),
    /// Play this turn of the person's, which forfeits pieces (P6, F4, said
    /// in the warning)?
    Forfeit(Turn, String),
}

/// What dropping the game in play is for.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Leaving {
    /// Leaving the program.
    Quit,
    /// A new game with these settings.
    New(Box<Settings>),
    /// The game recorded in this file.
    Load(PathBuf),
}

impl fmt::Display for Question {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let unsaved = "This game has not been saved";
        match self {
            Question::Resign(side) => write!(f, "Resign this game as {side}?"),
            Question::OfferDraw => write!(f, "Offer the machine a draw?"),
            Question::AcceptDraw(side) => write!(
                f,
                "{side} offers a draw. {}, do you accept?",
                side.opposite()
            ),
            Question::Drop(Leaving::Quit) => write!(f, "{unsaved}: leave it anyway?"),
            Question::Drop(Leaving::New(_)) => write!(f, "{unsaved}: drop it for a new game?"),
            Question::Drop(Leaving::Load(path)) => {
                write!(f, "{unsaved}: drop it for {}?", path.display())
            }
            Question::Overwrite(path) => write!(f, "{} exists: write over it?", path.display()),
            Question::Forfeit(_, warning) => write!(f, "{warning}. Play it?"),
        }
    }
}
