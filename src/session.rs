//! One sitting at the board, whatever the screen: the game, who plays each
//! side, turns taken back (to redo), saving and loading records. Every
//! frontend (the terminal's full screen and line mode, the web page) drives
//! a `Session`; none decides a rule.

use std::fmt;
use std::path::Path;

use alquerque_ai::{Limits, Searcher, Strength};
use peralikatuma_rules::{
    Game, GameError, Outcome, Point, Position, PositionError, Record, RecordError, Setup, Side,
    Turn, Variant,
};

/// How far behind (hundredths of a man) the machine must judge itself to
/// accept a draw.
const DRAW_WANTED: i32 = 33;

/// Who plays the side the person at the keyboard does not.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Opponent {
    /// A second person at the same keyboard.
    Human,
    /// The machine, at a strength.
    Machine(Strength),
}

impl Opponent {
    /// The choices offered, in order.
    pub const ALL: [Opponent; 4] = [
        Opponent::Human,
        Opponent::Machine(Strength::Easy),
        Opponent::Machine(Strength::Medium),
        Opponent::Machine(Strength::Hard),
    ];
}

impl fmt::Display for Opponent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Opponent::Human => f.write_str("human"),
            Opponent::Machine(strength) => write!(f, "{strength}"),
        }
    }
}

/// How a new game is set up.
#[derive(Clone, Debug)]
pub struct Settings {
    /// The game.
    pub variant: Variant,
    /// The other side's player.
    pub opponent: Opponent,
    /// The side of the person at the keyboard, against the machine.
    pub human: Side,
    /// Who moves first (P2: White by default).
    pub first: Side,
    /// A position to start from instead of the variant's start; it fixes
    /// the game and who moves first.
    pub position: Option<Position>,
}

impl Settings {
    /// The start position these settings give.
    ///
    /// # Errors
    /// When `first` cannot move first from the start position (a position
    /// that would be invalid with the other side to move).
    pub fn start(&self) -> Result<Position, PositionError> {
        if let Some(position) = self.position {
            return Ok(position);
        }
        let mut setup = Setup::start(self.variant);
        setup.side_to_move = self.first;
        Position::from_setup(setup)
    }

    /// Says who plays whom, e.g. `you (White) against the machine (easy)`.
    pub fn players(&self) -> String {
        match self.opponent {
            Opponent::Human => "two players on one screen".to_owned(),
            Opponent::Machine(strength) => {
                format!("you ({}) against the machine ({strength})", self.human)
            }
        }
    }
}

/// What cannot be loaded from a file.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// The file cannot be read.
    #[error("cannot read {path}: {error}")]
    Io {
        /// The file.
        path: String,
        /// Why.
        error: std::io::Error,
    },
    /// The file is not a game record, or a turn in it is wrong.
    #[error("cannot load {path}: {error}")]
    Record {
        /// The file.
        path: String,
        /// Why (boxed: it holds the record read so far).
        error: Box<RecordError>,
    },
}

/// What [`Session::undo`] took back.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Undone {
    /// Nothing: no turn of the person's to take back.
    Nothing,
    /// A resignation or an agreed draw (E6); the turns stay.
    Declaration(Outcome),
    /// These turns, oldest first.
    Turns(Vec<Turn>),
}

/// The game in play, its players and what was taken back.
pub struct Session {
    settings: Settings,
    game: Game,
    /// Groups of turns taken back, the latest last; redo replays a group.
    redo: Vec<Vec<Turn>>,
}

impl Session {
    /// A new game with `settings`.
    ///
    /// # Errors
    /// When the settings give no valid start position.
    pub fn new(settings: Settings) -> Result<Session, PositionError> {
        let game = Game::from_position(settings.start()?);
        Ok(Session {
            settings,
            game,
            redo: Vec::new(),
        })
    }

    /// A session that goes on with `game` (a game kept or loaded), its
    /// players as in `settings`. The game's start fixes the variant and
    /// who moved first; `settings.position` keeps it only when it is not
    /// the usual start.
    pub fn resume(settings: Settings, game: Game) -> Session {
        let start = *game.start();
        let mut settings = Settings {
            variant: game.variant(),
            first: start.side_to_move(),
            position: None,
            ..settings
        };
        if settings.start() != Ok(start) {
            settings.position = Some(start);
        }
        Session {
            settings,
            game,
            redo: Vec::new(),
        }
    }

    /// The settings of this game.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The game so far.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The machine's strength, when it plays.
    pub fn machine(&self) -> Option<Strength> {
        match self.settings.opponent {
            Opponent::Human => None,
            Opponent::Machine(strength) => Some(strength),
        }
    }

    /// Whether the machine has the move now.
    pub fn machine_to_move(&self) -> bool {
        self.machine().is_some()
            && self.game.outcome().is_none()
            && self.game.position().side_to_move() != self.settings.human
    }

    /// Whether a person has the move now.
    pub fn person_to_move(&self) -> bool {
        self.game.outcome().is_none() && !self.machine_to_move()
    }

    /// Who has the move, in words: `White` or `White (you)` or
    /// `Black (the machine)`.
    pub fn mover(&self) -> String {
        let side = self.game.position().side_to_move();
        match self.machine() {
            None => side.to_string(),
            Some(_) if side == self.settings.human => format!("{side} (you)"),
            Some(_) => format!("{side} (the machine)"),
        }
    }

    /// Plays `turn`; turns taken back can then no longer be redone.
    ///
    /// # Errors
    /// As [`Game::play`]; the game is unchanged.
    pub fn play(&mut self, turn: &Turn) -> Result<(), GameError> {
        self.game.play(turn)?;
        self.redo.clear();
        Ok(())
    }

    /// Plays a turn written in the notation of N2.
    ///
    /// # Errors
    /// As [`Game::play_text`]; the game is unchanged.
    pub fn play_text(&mut self, text: &str) -> Result<Turn, GameError> {
        let turn = self.game.play_text(text)?;
        self.redo.clear();
        Ok(turn)
    }

    /// Takes back a resignation or an agreed draw (E6) if the game ended
    /// so, and otherwise the last turn: against the machine, as many turns
    /// as give the move back to the person (the machine's reply and the
    /// person's turn before it).
    pub fn undo(&mut self) -> Undone {
        if let Some(withdrawn) = self.game.withdraw() {
            return Undone::Declaration(withdrawn);
        }
        let count = match self.machine() {
            None => usize::from(!self.game.turns().is_empty()),
            Some(_) => {
                // Back to before the person's last turn.
                let human = self.settings.human;
                let positions = self.game.positions();
                (1..positions.len())
                    .find(|&k| positions[positions.len() - 1 - k].side_to_move() == human)
                    .unwrap_or(0)
            }
        };
        let mut taken: Vec<Turn> = (0..count).filter_map(|_| self.game.undo()).collect();
        taken.reverse();
        if taken.is_empty() {
            return Undone::Nothing;
        }
        self.redo.push(taken.clone());
        Undone::Turns(taken)
    }

    /// Plays again the turns last taken back; returns them (none when
    /// there is nothing to redo).
    pub fn redo(&mut self) -> Vec<Turn> {
        let Some(turns) = self.redo.pop() else {
            return Vec::new();
        };
        for (i, turn) in turns.iter().enumerate() {
            if self.game.play(turn).is_err() {
                // Cannot happen: these turns were played from here before.
                return turns[..i].to_vec();
            }
        }
        turns
    }

    /// Whether there are turns to redo.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// The side to move resigns (E6).
    ///
    /// # Errors
    /// When the game is already over.
    pub fn resign(&mut self, side: Side) -> Result<(), GameError> {
        self.game.resign(side)?;
        self.redo.clear();
        Ok(())
    }

    /// The players agree a draw (E6).
    ///
    /// # Errors
    /// When the game is already over.
    pub fn agree_draw(&mut self) -> Result<(), GameError> {
        self.game.agree_draw()?;
        self.redo.clear();
        Ok(())
    }

    /// The side the person at the keyboard plays now: their own against
    /// the machine, the side to move between two players. It is the side
    /// that resigns or offers a draw.
    pub fn person_side(&self) -> Side {
        match self.machine() {
            Some(_) => self.settings.human,
            None => self.game.position().side_to_move(),
        }
    }

    /// Whether the machine accepts a draw offered now: when a short search
    /// finds its side worse by more than a third of a man.
    pub fn machine_accepts_draw(&self) -> bool {
        let Some(_) = self.machine() else {
            return false;
        };
        if self.game.outcome().is_some() {
            return false;
        }
        let score = Searcher::new(4)
            .search(&self.game, Limits::depth(4), |_| {})
            .score;
        let for_machine = if self.machine_to_move() {
            score
        } else {
            -score
        };
        for_machine.0 < -DRAW_WANTED
    }

    /// Starts again with `settings`.
    ///
    /// # Errors
    /// When the settings give no valid start position; the game in play
    /// stays.
    pub fn restart(&mut self, settings: Settings) -> Result<(), PositionError> {
        *self = Session::new(settings)?;
        Ok(())
    }

    /// The game as a record (N4), with the players named.
    pub fn record(&self) -> Record {
        let mut record = Record::new(self.game.clone());
        let name = |side: Side| match self.settings.opponent {
            Opponent::Human => "?".to_owned(),
            Opponent::Machine(strength) if side != self.settings.human => {
                format!("machine ({strength})")
            }
            Opponent::Machine(_) => "human".to_owned(),
        };
        record.set_tag("White", &name(Side::White));
        record.set_tag("Black", &name(Side::Black));
        record
    }

    /// Writes the record to `path`.
    ///
    /// # Errors
    /// When the file cannot be written.
    pub fn save(&self, path: &Path) -> std::io::Result<()> {
        std::fs::write(path, self.record().to_string())
    }

    /// Replaces the game with the one recorded in `path`; the players stay.
    /// A record that breaks off (a bad turn, a wrong result, ...) is loaded
    /// up to the fault, which is returned to be reported (N4).
    ///
    /// # Errors
    /// When the file cannot be read, or its header is not valid; the game
    /// in play stays.
    pub fn load(&mut self, path: &Path) -> Result<Option<RecordError>, LoadError> {
        let name = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|error| LoadError::Io {
            path: name.clone(),
            error,
        })?;
        let (record, fault) = match text.parse::<Record>() {
            Ok(record) => (record, None),
            Err(error) => match error.partial() {
                Some(partial) => (partial.clone(), Some(error)),
                None => {
                    return Err(LoadError::Record {
                        path: name,
                        error: Box::new(error),
                    });
                }
            },
        };
        self.settings.variant = record.game.variant();
        self.settings.first = record.game.start().side_to_move();
        self.settings.position = Some(*record.game.start());
        self.game = record.game;
        self.redo.clear();
        Ok(fault)
    }
}

/// Says plainly which pieces the side to move may claim and why (P6), or
/// `None` when there is no claim.
pub fn claim_advice(position: &Position) -> Option<String> {
    let claimable = position.claimable();
    if claimable.is_empty() {
        return None;
    }
    let names: Vec<String> = claimable
        .iter()
        .map(|p| position.board().point_name(p).to_string())
        .collect();
    let us = position.side_to_move();
    Some(format!(
        "{} moved without capturing when it could have jumped, so {us} may first take {} {} (P6)",
        us.opposite(),
        if names.len() == 1 {
            "its piece on"
        } else {
            "one of its pieces on"
        },
        names.join(" or ")
    ))
}

/// The side to move's pieces that may not step straight back (A5), in
/// words, or `None` when there are none.
pub fn no_return_advice(position: &Position) -> Option<String> {
    let name = |p: Point| position.board().point_name(p);
    let barred: Vec<String> = position
        .barred_steps()
        .map(|(piece, to)| format!("{} not to {}", name(piece), name(to)))
        .collect();
    (!barred.is_empty()).then(|| format!("No return (A5): {}", barred.join(", ")))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(opponent: Opponent, human: Side) -> Settings {
        Settings {
            variant: Variant::Alquerque,
            opponent,
            human,
            first: Side::White,
            position: None,
        }
    }

    fn names(turns: &[Turn]) -> Vec<String> {
        turns.iter().map(|t| t.to_string()).collect()
    }

    #[test]
    fn between_two_players_undo_takes_back_one_turn_and_redo_replays_it() {
        let mut session = Session::new(settings(Opponent::Human, Side::White)).expect("start");
        session.play_text("d2-c3").expect("legal");
        session.play_text("b3-c3").ok();
        let played = session.game().turns().len();
        let Undone::Turns(taken) = session.undo() else {
            panic!("a turn to take back")
        };
        assert_eq!(taken.len(), 1);
        assert_eq!(session.game().turns().len(), played - 1);
        assert_eq!(session.redo(), taken);
        assert_eq!(session.game().turns().len(), played);
        assert!(session.redo().is_empty());
    }

    #[test]
    fn against_the_machine_undo_gives_the_move_back_to_the_person() {
        let mut session =
            Session::new(settings(Opponent::Machine(Strength::Easy), Side::White)).expect("start");
        let first = session.game().legal_turns()[0];
        session.play(&first).expect("legal");
        assert!(session.machine_to_move());
        let reply = session.game().legal_turns()[0];
        session.play(&reply).expect("legal");
        assert!(session.person_to_move());
        let Undone::Turns(taken) = session.undo() else {
            panic!("turns to take back")
        };
        assert_eq!(names(&taken), names(&[first, reply]));
        assert!(session.game().turns().is_empty());
        assert_eq!(session.redo(), vec![first, reply]);
        // Nothing of the person's to take back before the machine's first
        // turn when the machine moved first.
        let mut session =
            Session::new(settings(Opponent::Machine(Strength::Easy), Side::Black)).expect("start");
        let opening = session.game().legal_turns()[0];
        session.play(&opening).expect("legal");
        assert_eq!(session.undo(), Undone::Nothing);
        assert_eq!(session.game().turns().len(), 1);
    }

    #[test]
    fn undo_after_a_resignation_takes_back_only_the_resignation_e6() {
        let mut session = Session::new(settings(Opponent::Human, Side::White)).expect("start");
        session.play_text("d2-c3").expect("legal");
        session.resign(Side::Black).expect("not over");
        assert!(matches!(session.undo(), Undone::Declaration(_)));
        assert_eq!(session.game().outcome(), None);
        assert_eq!(session.game().turns().len(), 1);
        session.agree_draw().expect("not over");
        assert!(matches!(session.undo(), Undone::Declaration(_)));
        assert!(matches!(session.undo(), Undone::Turns(_)));
    }

    #[test]
    fn a_resignation_forgets_what_could_be_redone() {
        let mut session = Session::new(settings(Opponent::Human, Side::White)).expect("start");
        session.play_text("d2-c3").expect("legal");
        session.undo();
        assert!(session.can_redo());
        session.resign(Side::White).expect("not over");
        assert!(!session.can_redo());
        assert!(session.redo().is_empty());
    }

    #[test]
    fn the_machine_declines_a_draw_in_a_level_start() {
        let session =
            Session::new(settings(Opponent::Machine(Strength::Easy), Side::White)).expect("start");
        assert!(!session.machine_accepts_draw());
    }

    #[test]
    fn a_new_turn_forgets_what_could_be_redone() {
        let mut session = Session::new(settings(Opponent::Human, Side::White)).expect("start");
        let first = session.game().legal_turns()[0];
        session.play(&first).expect("legal");
        session.undo();
        assert!(session.can_redo());
        let other = *session.game().legal_turns().last().expect("a turn");
        session.play(&other).expect("legal");
        assert!(!session.can_redo());
    }

    #[test]
    fn black_can_move_first_by_agreement_p2() {
        let mut chosen = settings(Opponent::Human, Side::White);
        chosen.variant = Variant::Peralikatuma;
        chosen.first = Side::Black;
        let session = Session::new(chosen).expect("start");
        assert_eq!(session.game().position().side_to_move(), Side::Black);
    }

    #[test]
    fn a_claim_is_explained_with_its_rule_p6() {
        let position = Position::parse(
            Variant::Peralikatuma,
            "B:Wc1,e1,g1,d2,e2,f2,a3,c3,d3,f3,g3,c4,e4,f4,g4,a5,d5,e5,d6:Bi3,b4,h4,h5,i5,c6,f6,g6,h6,c7,d7,e7,f7,g7,i7,d8,e8,c9,e9,g9:Fa3,d6",
        )
        .expect("valid");
        assert_eq!(
            claim_advice(&position).as_deref(),
            Some(
                "White moved without capturing when it could have jumped, so Black may first take one of its pieces on a3 or d6 (P6)"
            )
        );
        assert_eq!(claim_advice(&Position::start(Variant::Peralikatuma)), None);
    }

    #[test]
    fn pieces_that_may_not_step_back_are_named_a5() {
        let position = Position::parse(Variant::Alquerque, "B:Wa2,e2:Ba4,d4,a5,d5,e5:Ra4-b4,e2-d2")
            .expect("valid");
        assert_eq!(
            no_return_advice(&position).as_deref(),
            Some("No return (A5): a4 not to b4")
        );
        let position = Position::parse(Variant::Alquerque, "B:Wa2,e2:Ba4,d4,a5,d5,e5:Ra4-b4,d4-c4")
            .expect("valid");
        assert_eq!(
            no_return_advice(&position).as_deref(),
            Some("No return (A5): a4 not to b4, d4 not to c4")
        );
        assert_eq!(no_return_advice(&Position::start(Variant::Alquerque)), None);
    }

    #[test]
    fn a_saved_game_loads_back_the_same() {
        let mut session = Session::new(settings(Opponent::Human, Side::White)).expect("start");
        for _ in 0..6 {
            let turn = session.game().legal_turns()[0];
            session.play(&turn).expect("legal");
        }
        let path = std::env::temp_dir().join(format!("play-session-{}.txt", std::process::id()));
        session.save(&path).expect("writable");
        let mut other = Session::new(settings(Opponent::Human, Side::White)).expect("start");
        assert!(other.load(&path).expect("readable").is_none());
        std::fs::remove_file(&path).ok();
        assert_eq!(other.game().turns(), session.game().turns());
        assert_eq!(
            other.game().position().to_string(),
            session.game().position().to_string()
        );
    }

    #[test]
    fn a_resumed_game_keeps_its_turns_and_its_start() {
        let mut session = Session::new(settings(Opponent::Human, Side::White)).expect("start");
        session.play_text("d2-c3").expect("legal");
        let resumed = Session::resume(session.settings().clone(), session.game().clone());
        assert_eq!(resumed.game(), session.game());
        assert_eq!(resumed.settings().position, None);
        // A start of its own is kept in the settings; Black moved first.
        let start = Position::parse(Variant::Alquerque, "B:Wa1:Be5").expect("valid");
        let resumed = Session::resume(
            settings(Opponent::Human, Side::White),
            Game::from_position(start),
        );
        assert_eq!(resumed.settings().position, Some(start));
        assert_eq!(resumed.settings().first, Side::Black);
        assert_eq!(resumed.settings().start(), Ok(start));
    }

    #[test]
    fn a_missing_or_garbled_file_leaves_the_game_alone() {
        let mut session = Session::new(settings(Opponent::Human, Side::White)).expect("start");
        session.play_text("d2-c3").expect("legal");
        let error = session
            .load(Path::new("/nonexistent/game.txt"))
            .expect_err("no such file");
        assert!(
            error
                .to_string()
                .starts_with("cannot read /nonexistent/game.txt")
        );
        let path = std::env::temp_dir().join(format!("play-garbled-{}.txt", std::process::id()));
        std::fs::write(&path, "[Variant \"Alquerque\"\n\n1. d2-c3 *\n").expect("writable");
        let error = session.load(&path).expect_err("garbled header");
        assert!(error.to_string().contains("line 1"), "{error}");
        assert_eq!(session.game().turns().len(), 1);
        // A record that breaks off is loaded up to its fault (N4).
        std::fs::write(&path, "[Variant \"Alquerque\"]\n\n1. d2-c3 b3xd3?? *\n").expect("writable");
        let fault = session.load(&path).expect("readable up to turn 1...");
        std::fs::remove_file(&path).ok();
        let fault = fault.expect("the bad turn");
        assert!(fault.to_string().starts_with("turn 1..."), "{fault}");
        assert_eq!(session.game().turns().len(), 1);
    }
}
