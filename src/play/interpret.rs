//! The one interpreter of typed commands, for both modes: it decides what
//! a [`Command`] comes to (is the game over, is there anything to take
//! back, does the turn need a warning first, ...), changes the session
//! where the command does, and returns the [`Step`] the mode is to
//! present: line mode prints it and asks on standard input, the full
//! screen sets its message or its mode and runs its threads.

use std::fmt;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use alquerque_ai::Stop;
use alquerque_proof::Proof;
use alquerque_tablebase::Tablebase;

use peralikatuma_rules::{Game, GameError, Turn};

use crate::analysis::{Analysis, solution_for, tablebase_for};
use crate::play::commands::Command;
use crate::play::line_game::has_forfeits;
use crate::play::replies::{Leaving, Question, Reply};
use crate::plural;
use crate::session::advice::{claim_rule, forfeit_warning};
use crate::session::{Session, Undone};

/// The most legal turns `moves` lists: a position can have millions.
const MOST_LISTED: usize = 1000;

/// What a command came to: what the mode is to present next.
#[derive(Debug)]
pub enum Step {
    /// Tell the player this; the game is unchanged.
    Say(Reply),
    /// Ask this first; the answer goes to [`Interpreter::answer`].
    Ask(Question),
    /// Show the commands.
    Help,
    /// Show the rules of the game in brief.
    Rules,
    /// Show the board again.
    Board,
    /// Show the legal turns.
    Moves(LegalTurns),
    /// Choose the settings of a new game, then [`Interpreter::leave`] for
    /// it (line mode keeps those of the game in play).
    NewGame,
    /// Look for a turn to suggest to the person.
    Hint,
    /// Show what the engine found of the position; the game is unchanged.
    Analysis(Analysis),
    /// The person's turn was played: show it, and let the machine reply.
    Played(Turn),
    /// The game changed as told: show it, and let the machine reply.
    Changed(Reply),
    /// The game ended by a resignation or an agreed draw (E6): show it.
    Ended,
    /// Another game is in play, as told: new players, show it.
    Started(Reply),
    /// Leave the program.
    Quit,
}

/// The legal turns of a position, as `moves` shows them: the first
/// [`MOST_LISTED`] written out, and how many there are in all.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct LegalTurns {
    /// The first turns, written out.
    pub listed: Vec<String>,
    /// How many there are in all (none once the game is over).
    pub count: usize,
}

impl LegalTurns {
    /// The legal turns of `game` now, looked at as they are generated,
    /// never all listed.
    pub fn of(game: &Game) -> LegalTurns {
        let mut turns = LegalTurns {
            listed: Vec::new(),
            count: 0,
        };
        if game.ending().is_some() {
            return turns;
        }
        let board = game.start().board();
        let _ = game.position().generate(|turn| {
            turns.count += 1;
            if turns.listed.len() < MOST_LISTED {
                turns.listed.push(turn.text(board));
            }
            ControlFlow::<()>::Continue(())
        });
        turns
    }
}

/// The heading of the list: how many turns, and how many listed.
impl fmt::Display for LegalTurns {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let count = plural(self.count, "legal turn");
        match self.count {
            0 => write!(f, "no legal turns: the game is over"),
            n if n > self.listed.len() => write!(f, "{count}, the first {}:", self.listed.len()),
            _ => write!(f, "{count}:"),
        }
    }
}

/// The interpreter, with what it keeps between commands.
#[derive(Debug)]
pub struct Interpreter {
    /// Whether a turn that forfeits pieces (P6, F4) is asked about first.
    pub warnings: bool,
    /// Endgame tables `analyse` uses for their game instead of those in
    /// [`crate::tablebases::directory`] (for tests).
    pub tablebase: Option<Arc<Tablebase>>,
    /// A proof `analyse` uses for its game instead of the one in
    /// [`crate::solutions::directory`] (for tests).
    pub proof: Option<Arc<Proof>>,
}

impl Default for Interpreter {
    fn default() -> Interpreter {
        Interpreter {
            warnings: true,
            tablebase: None,
            proof: None,
        }
    }
}

impl Interpreter {
    /// Carries out `command` in `session`, as far as it goes without
    /// asking.
    pub fn run(&mut self, session: &mut Session, command: Command) -> Step {
        let game = session.game();
        match command {
            Command::Turn(text) => match not_now(session) {
                Some(reply) => Step::Say(reply),
                None => match game.position().parse_turn(&text) {
                    Ok(turn) => self.play(session, turn),
                    Err(error) => Step::Say(Reply::Refused(error.into())),
                },
            },
            Command::Moves => Step::Moves(LegalTurns::of(game)),
            Command::Undo => match session.undo() {
                Undone::Nothing if session.lost_on_time() => Step::Say(Reply::LostOnTime),
                Undone::Nothing => Step::Say(Reply::NothingToUndo),
                Undone::Declaration(outcome) => Step::Changed(Reply::TookBackEnd(outcome)),
                Undone::Turns(taken) => Step::Changed(Reply::TookBack(notations(session, &taken))),
            },
            Command::Redo => match session.redo() {
                replayed if replayed.is_empty() => Step::Say(Reply::NothingToRedo),
                replayed => Step::Changed(Reply::PlayedAgain(notations(session, &replayed))),
            },
            Command::Hint => match not_now(session) {
                Some(reply) => Step::Say(reply),
                None => Step::Hint,
            },
            Command::Analyse(depth) => match game.ending() {
                Some(outcome) => Step::Say(Reply::Over(outcome)),
                None => Step::Analysis(self.analyse(game, depth)),
            },
            Command::Resign => match game.ending() {
                Some(outcome) => Step::Say(Reply::Over(outcome)),
                None => Step::Ask(Question::Resign(session.person_side())),
            },
            Command::Draw => match (game.ending(), session.machine()) {
                (Some(outcome), _) => Step::Say(Reply::Over(outcome)),
                (None, Some(_)) => Step::Ask(Question::OfferDraw),
                (None, None) => Step::Ask(Question::AcceptDraw(game.side_to_move())),
            },
            Command::Save(path) if path.exists() => Step::Ask(Question::Overwrite(path)),
            Command::Save(path) => save(session, path),
            Command::Load(path) => self.leave(session, Leaving::Load(path)),
            Command::New => Step::NewGame,
            Command::Board => Step::Board,
            Command::Help => Step::Help,
            Command::Rules => Step::Rules,
            Command::Warnings(_) if !has_forfeits(game) => Step::Say(Reply::NoForfeits),
            Command::Warnings(on) => {
                self.warnings = on;
                let rule = claim_rule(game.position());
                Step::Say(Reply::Warnings { on, rule })
            }
            Command::Quit => self.leave(session, Leaving::Quit),
        }
    }

    /// What the engine finds of `game`'s position, a game in play,
    /// searching to `depth`, with the tables and proof of its game.
    pub fn analyse(&self, game: &Game, depth: u32) -> Analysis {
        let ruleset = game.ruleset();
        let tablebase = tablebase_for(ruleset, self.tablebase.clone());
        let proof = solution_for(ruleset, self.proof.clone());
        Analysis::of(game, depth, tablebase, proof)
    }

    /// The analysis [`Interpreter::analyse`] makes, as work for another
    /// thread, stopped by `stop`: `None` if it was.
    pub fn analysis_work(
        &self,
        game: Game,
        depth: u32,
        stop: Stop,
    ) -> impl FnOnce() -> Option<Analysis> + Send + 'static {
        let ruleset = game.ruleset();
        let tablebase = self.tablebase.clone();
        let proof = self.proof.clone();
        move || {
            let tablebase = tablebase_for(ruleset, tablebase);
            let proof = solution_for(ruleset, proof);
            Analysis::stoppable(&game, depth, tablebase, proof, stop)
        }
    }

    /// Carries out what `question` asked about, if the answer is `yes`.
    pub fn answer(&self, session: &mut Session, question: Question, yes: bool) -> Step {
        match (question, yes) {
            (Question::Resign(side), true) => ended(session.resign(side)),
            (Question::Resign(_), false) => Step::Say(Reply::GoesOn),
            (Question::OfferDraw, true) if !session.machine_accepts_draw() => {
                Step::Say(Reply::DrawDeclined)
            }
            (Question::OfferDraw | Question::AcceptDraw(_), true) => ended(session.agree_draw()),
            (Question::OfferDraw | Question::AcceptDraw(_), false) => Step::Say(Reply::NoDraw),
            (Question::Drop(leaving), true) => leave_now(session, leaving),
            (Question::Drop(_), false) => Step::Say(Reply::NotDropped),
            (Question::Overwrite(path), true) => save(session, path),
            (Question::Overwrite(_), false) => Step::Say(Reply::NotSaved),
            (Question::Forfeit(turn, _), true) => play_now(session, turn),
            (Question::Forfeit(..), false) => Step::Say(Reply::NotPlayed),
        }
    }

    /// Plays the person's `turn`, a legal one, after asking when it
    /// forfeits pieces (P6, F4) and the warnings are on.
    pub fn play(&self, session: &mut Session, turn: Turn) -> Step {
        let position = session.game().position();
        match forfeit_warning(position, &turn).filter(|_| self.warnings) {
            Some(warning) => Step::Ask(Question::Forfeit(turn, warning)),
            None => play_now(session, turn),
        }
    }

    /// Drops the game in play for `leaving`, after asking if it has not
    /// been saved.
    pub fn leave(&self, session: &mut Session, leaving: Leaving) -> Step {
        if session.unsaved() {
            Step::Ask(Question::Drop(leaving))
        } else {
            leave_now(session, leaving)
        }
    }
}

/// Why the person cannot play a turn or ask for a hint now, if they
/// cannot: the game is over, or the machine has the move.
pub fn not_now(session: &Session) -> Option<Reply> {
    match session.game().ending() {
        Some(outcome) => Some(Reply::Over(outcome)),
        None if !session.person_to_move() => Some(Reply::MachineToMove),
        None => None,
    }
}

/// Plays `turn`.
fn play_now(session: &mut Session, turn: Turn) -> Step {
    match session.play(&turn) {
        Ok(()) => Step::Played(turn),
        Err(error) => Step::Say(refusal(error)),
    }
}

/// After a resignation or a draw agreed.
fn ended(result: Result<(), GameError>) -> Step {
    match result {
        Ok(()) => Step::Ended,
        Err(error) => Step::Say(refusal(error)),
    }
}

/// A turn, resignation or draw refused.
fn refusal(error: GameError) -> Reply {
    match error {
        GameError::Over(outcome) => Reply::Over(outcome),
        error => Reply::Refused(error),
    }
}

/// Writes the game to `path`.
fn save(session: &mut Session, path: PathBuf) -> Step {
    match session.save(&path) {
        Ok(()) => Step::Say(Reply::Saved(std::path::absolute(&path).unwrap_or(path))),
        Err(error) => Step::Say(Reply::CannotWrite(path, error)),
    }
}

/// Drops the game in play for `leaving`.
fn leave_now(session: &mut Session, leaving: Leaving) -> Step {
    match leaving {
        Leaving::Quit => Step::Quit,
        Leaving::New(settings) => {
            session.restart(*settings);
            Step::Started(Reply::NewGame)
        }
        Leaving::Load(path) => load(session, &path),
    }
}

/// Loads the game recorded in `path`.
fn load(session: &mut Session, path: &Path) -> Step {
    match session.load(path) {
        Ok(fault) => Step::Started(Reply::Loaded {
            path: path.to_owned(),
            turns: session.game().turns().len(),
            fault,
        }),
        Err(error) => Step::Say(Reply::CannotLoad(error)),
    }
}

/// The turns written out, separated by commas.
fn notations(session: &Session, turns: &[Turn]) -> String {
    let board = session.game().start().board();
    let texts: Vec<String> = turns.iter().map(|t| t.text(board)).collect();
    texts.join(", ")
}

#[cfg(test)]
mod tests {
    use alquerque_ai::Strength;
    use peralikatuma_rules::{Game, Position, Ruleset, Side};

    use super::*;
    use crate::session::{Opponent, Settings};

    /// A session of `ruleset` between two players, from `position` if
    /// given.
    fn session(ruleset: &'static Ruleset, position: Option<&str>) -> Session {
        let position = position.map(|text| Position::parse(ruleset, text).expect("valid"));
        let settings = Settings {
            opponent: Opponent::Human,
            position,
            ..Settings::of(ruleset)
        };
        Session::new(settings)
    }

    fn run(session: &mut Session, line: &str) -> Step {
        let command = Command::parse(line).expect("a command").expect("not blank");
        Interpreter::default().run(session, command)
    }

    /// What a step says, as line mode prints it.
    fn said(step: &Step) -> String {
        match step {
            Step::Say(reply) => reply.to_string(),
            step => panic!("{step:?} says nothing"),
        }
    }

    #[test]
    fn undo_and_redo_with_nothing_to_take_back_or_play_again() {
        let mut session = session(Ruleset::ALQUERQUE, None);
        assert_eq!(said(&run(&mut session, "undo")), "nothing to take back");
        assert_eq!(said(&run(&mut session, "redo")), "nothing to redo");
        assert!(matches!(run(&mut session, "d2-c3"), Step::Played(_)));
        let undone = run(&mut session, "undo");
        assert!(matches!(&undone, Step::Changed(reply) if reply.to_string() == "took back d2-c3"));
        let redone = run(&mut session, "redo");
        assert!(
            matches!(&redone, Step::Changed(reply) if reply.to_string() == "played again d2-c3")
        );
    }

    #[test]
    fn no_hint_turn_resignation_or_draw_once_the_game_is_over() {
        let mut session = session(Ruleset::ALQUERQUE, Some("W:Wa1,e1:Bb2"));
        assert!(matches!(run(&mut session, "a1xc3"), Step::Played(_)));
        let over = "the game is over (White wins: Black has no pieces left (E1))";
        for line in ["hint", "e1-e2", "resign", "draw"] {
            let step = run(&mut session, line);
            assert_eq!(said(&step), over, "{line}");
            assert!(matches!(step, Step::Say(Reply::Over(_))));
        }
        let moves = run(&mut session, "moves");
        assert!(
            matches!(&moves, Step::Moves(turns) if turns.to_string() == "no legal turns: the game is over")
        );
    }

    #[test]
    fn warnings_in_a_game_without_forfeits_say_there_are_none() {
        let mut session = session(Ruleset::ALQUERQUE, None);
        let mut interpreter = Interpreter::default();
        let step = interpreter.run(&mut session, Command::Warnings(false));
        assert_eq!(said(&step), "this game has no forfeits to warn about");
        assert!(interpreter.warnings, "unchanged");
    }

    #[test]
    fn p6_a_turn_that_forfeits_pieces_is_asked_about_until_warnings_are_off() {
        let mut session = session(Ruleset::PERALIKATUMA, Some("W:We4,c1:Be5,i7"));
        let mut interpreter = Interpreter::default();
        let turn = Command::Turn("c1-d2".into());
        let Step::Ask(question) = interpreter.run(&mut session, turn.clone()) else {
            panic!("a question first");
        };
        assert_eq!(
            question.to_string(),
            "c1-d2 captures nothing, so Black may then take your piece on e4: it could have jumped (P6). Play it?"
        );
        let step = interpreter.answer(&mut session, question, false);
        assert_eq!(
            said(&step),
            "not played (`warnings off` plays such turns at once)"
        );
        let step = interpreter.run(&mut session, Command::Warnings(false));
        assert_eq!(
            said(&step),
            "turns that forfeit pieces (P6) are played without asking"
        );
        assert!(matches!(
            interpreter.run(&mut session, turn),
            Step::Played(_)
        ));
    }

    /// From the rules crate's hardening tests: 1,982,269 legal turns.
    #[test]
    fn moves_in_a_position_with_millions_of_turns_lists_the_first_thousand() {
        let mut session = session(
            Ruleset::PERALIKATUMA,
            Some(
                "W:Wc1,g1,e2,h4,b5,i5,g6,i7,f8,c9,e9:Bf2,d3,f3,b4,c4,d4,e4,f4,g4,a5,d5,f5,h5,b6,c6,d6,e6,f6,h6,d7,f7,d8,e8",
            ),
        );
        let Step::Moves(turns) = run(&mut session, "moves") else {
            panic!("the legal turns are shown");
        };
        assert_eq!(turns.count, 1_982_269);
        assert_eq!(turns.listed.len(), MOST_LISTED);
        assert_eq!(turns.to_string(), "1982269 legal turns, the first 1000:");
        let few = LegalTurns::of(&Game::new(Ruleset::ALQUERQUE));
        assert_eq!(
            few.to_string(),
            format!("{}:", plural(few.count, "legal turn"))
        );
    }

    #[test]
    fn a_turn_or_hint_while_the_machine_has_the_move_waits() {
        let settings = Settings {
            opponent: Opponent::Machine(Strength::Easy),
            human: Side::Black,
            ..Settings::of(Ruleset::ALQUERQUE)
        };
        let mut session = Session::new(settings);
        for line in ["d2-c3", "hint"] {
            assert_eq!(
                said(&run(&mut session, line)),
                "wait: the machine is thinking"
            );
        }
        assert!(session.game().turns().is_empty());
        // The person may still resign: the question names their side.
        let asked = run(&mut session, "resign");
        assert!(matches!(asked, Step::Ask(Question::Resign(Side::Black))));
    }

    #[test]
    fn resigning_and_a_draw_are_asked_first_e6() {
        let mut session = session(Ruleset::ALQUERQUE, None);
        let interpreter = Interpreter::default();
        let Step::Ask(question) = run(&mut session, "resign") else {
            panic!("asked first");
        };
        assert_eq!(question.to_string(), "Resign this game as White?");
        let step = interpreter.answer(&mut session, question.clone(), false);
        assert_eq!(said(&step), "the game goes on");
        assert!(matches!(
            interpreter.answer(&mut session, question, true),
            Step::Ended
        ));
        assert!(session.game().ending().is_some());
        let step = run(&mut session, "undo");
        assert!(matches!(step, Step::Changed(Reply::TookBackEnd(_))));
        let Step::Ask(question) = run(&mut session, "draw") else {
            panic!("asked first");
        };
        assert_eq!(
            question.to_string(),
            "White offers a draw. Black, do you accept?"
        );
        let step = interpreter.answer(&mut session, question, false);
        assert_eq!(said(&step), "no draw: the game goes on");
    }

    #[test]
    fn a_game_not_saved_is_dropped_and_a_file_written_over_only_when_agreed() {
        let mut session = session(Ruleset::ALQUERQUE, None);
        let mut interpreter = Interpreter::default();
        // Nothing to lose yet: quit leaves at once.
        assert!(matches!(run(&mut session, "quit"), Step::Quit));
        run(&mut session, "d2-c3");
        for (line, asked) in [
            ("quit", "This game has not been saved: leave it anyway?"),
            (
                "load x.txt",
                "This game has not been saved: drop it for x.txt?",
            ),
        ] {
            let Step::Ask(question) = run(&mut session, line) else {
                panic!("{line}: asked first");
            };
            assert_eq!(question.to_string(), asked);
            let step = interpreter.answer(&mut session, question, false);
            assert_eq!(said(&step), "the game goes on (`save FILE` keeps it)");
        }
        assert!(matches!(run(&mut session, "new"), Step::NewGame));
        let path = std::env::temp_dir().join(format!("interpret-{}.txt", std::process::id()));
        std::fs::write(&path, "precious").expect("writable");
        let save = Command::Save(path.clone());
        let Step::Ask(question) = interpreter.run(&mut session, save.clone()) else {
            panic!("asked first");
        };
        assert_eq!(
            said(&interpreter.answer(&mut session, question, false)),
            "not saved"
        );
        assert_eq!(
            std::fs::read_to_string(&path).ok().as_deref(),
            Some("precious")
        );
        let Step::Ask(question) = interpreter.run(&mut session, save) else {
            panic!("asked first");
        };
        let step = interpreter.answer(&mut session, question, true);
        std::fs::remove_file(&path).ok();
        assert_eq!(said(&step), format!("saved the game to {}", path.display()));
        assert!(!session.unsaved());
        assert!(matches!(run(&mut session, "quit"), Step::Quit));
    }

    /// What an `analyse` step shows, as line mode prints it.
    fn analysed(step: Step) -> Analysis {
        match step {
            Step::Analysis(analysis) => analysis,
            step => panic!("{step:?} is no analysis"),
        }
    }

    #[test]
    fn analyse_shows_an_evaluation_and_three_best_lines_of_legal_turns() {
        let mut session = session(Ruleset::ALQUERQUE, None);
        let analysis = analysed(run(&mut session, "analyse 4"));
        assert_eq!(analysis.depth, 4);
        assert_eq!(analysis.lines.len(), 3, "{analysis:?}");
        let legal = LegalTurns::of(session.game()).listed;
        let firsts: Vec<&String> = analysis.lines.iter().map(|l| &l.turns[0]).collect();
        for first in &firsts {
            assert!(legal.contains(first), "{first} is legal");
        }
        assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2]);
        let text = analysis.text_lines();
        assert!(
            text[0].starts_with("Analysis at depth 4, White to move: "),
            "{text:?}"
        );
        assert!(
            ["is ahead by", "level", "wins"]
                .iter()
                .any(|said| text[0].contains(said)),
            "{text:?}"
        );
        assert!(text[1].starts_with("  1. "), "{text:?}");
        // The same position gives the same analysis, and nothing was played.
        assert_eq!(
            analysed(run(&mut session, "analyse 4")).lines,
            analysis.lines
        );
        assert!(session.game().turns().is_empty());
        assert!(!session.unsaved());
    }

    #[test]
    fn analyse_works_in_the_familys_games() {
        for id in ["zamma", "sixteen-soldiers"] {
            let mut session = session(Ruleset::find(id).expect("a ruleset"), None);
            let analysis = analysed(run(&mut session, "analyse 3"));
            assert_eq!(analysis.depth, 3, "{id}");
            assert!(!analysis.lines.is_empty(), "{id}: {analysis:?}");
            let legal = LegalTurns::of(session.game()).listed;
            assert!(legal.contains(&analysis.lines[0].turns[0]), "{id}");
            assert!(session.game().turns().is_empty(), "{id}");
        }
    }

    #[test]
    fn analyse_in_a_finished_game_says_it_is_over_without_searching() {
        let mut session = session(Ruleset::ALQUERQUE, Some("W:Wa1,e1:Bb2"));
        assert!(matches!(run(&mut session, "a1xc3"), Step::Played(_)));
        assert_eq!(
            said(&run(&mut session, "analyse")),
            "the game is over (White wins: Black has no pieces left (E1))"
        );
    }

    #[test]
    fn analyse_with_a_bad_depth_is_refused() {
        for line in ["analyse 0", "analyse 99", "analyse x"] {
            let error = Command::parse(line).expect_err(line);
            assert!(
                error
                    .to_string()
                    .starts_with("`analyse` takes a search depth from 1 to 20"),
                "{error}"
            );
        }
    }

    #[test]
    fn analyse_names_the_side_the_endgame_tables_say_wins() {
        let tablebase = Tablebase::build(Ruleset::ALQUERQUE, 2, &|_| {}).expect("built");
        let mut interpreter = Interpreter {
            tablebase: Some(Arc::new(tablebase)),
            ..Interpreter::default()
        };
        // Two pieces: the tables cover every such position.
        let mut session = session(Ruleset::ALQUERQUE, Some("B:Wa1:Bc3"));
        let probe = interpreter
            .tablebase
            .as_ref()
            .and_then(|tables| tables.probe(session.game().position()))
            .expect("covered");
        let winner = match probe.verdict {
            alquerque_tablebase::Verdict::Win => "Black wins",
            alquerque_tablebase::Verdict::Loss => "White wins",
            alquerque_tablebase::Verdict::Draw => "a draw",
        };
        let step = interpreter.run(&mut session, Command::Analyse(2));
        let text = analysed(step).text_lines().join("\n");
        let expected = format!("Endgame tables: {winner} (Black to move: {}", probe.value);
        assert!(text.contains(&expected), "{expected}: {text}");
    }
}
