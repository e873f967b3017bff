//! What a session needs of a game, for the seed games' [`Game`] and the
//! family's [`family::Game`] alike: playing and taking back turns, ends
//! declared by the players (E6, T2), and records (N4).

use std::fmt::{Debug, Display};
use std::sync::Arc;

use alquerque_ai::Playable;
use alquerque_ai::alquerque_proof::Proof;
use alquerque_ai::alquerque_tablebase::Tablebase;
use peralikatuma_rules::family::{self, Ruleset};
use peralikatuma_rules::{
    Game, GameError, Outcome, Position, PositionError, Record, RecordError, Setup, Side, Variant,
};

/// A record that cannot be read in full: why, and the record up to the
/// fault where there is one.
#[derive(Debug)]
pub struct Fault<G: SessionGame> {
    /// The record up to the fault.
    pub partial: Option<G::Record>,
    /// Why it cannot be read.
    pub error: G::RecordError,
}

/// A game a [`Session`](super::Session) can hold: a seed game or a family
/// game. Its methods are those of both games' own types.
pub trait SessionGame: Playable + Eq {
    /// What a game is set up from: a seed game's [`Variant`], a family
    /// [`Ruleset`].
    type Variant: Copy + Eq + Debug + Send + Sync;
    /// Its positions.
    type Position: Copy + Eq + Debug + Display + Send + Sync;
    /// A turn refused, or a game already over.
    type Error: Clone + PartialEq + Debug + Display;
    /// Its game records.
    type Record: Clone + PartialEq + Debug + Display;
    /// A record that cannot be read.
    type RecordError: std::error::Error + Send + Sync + 'static;

    /// The start of `variant` with `first` to move.
    fn start_of(variant: Self::Variant, first: Side) -> Result<Self::Position, PositionError>;
    /// A game from `start`.
    fn from_position(start: Self::Position) -> Self;
    /// What it was set up from.
    fn variant(&self) -> Self::Variant;
    /// Which game it is, as a ruleset of the one model.
    fn ruleset(&self) -> &'static Ruleset;
    /// Its start.
    fn start(&self) -> &Self::Position;
    /// The side to move in `position`.
    fn side_in(position: &Self::Position) -> Side;
    /// The side to move now.
    fn side_to_move(&self) -> Side;
    /// The turns played.
    fn turns(&self) -> &[Self::Turn];
    /// The turn written out.
    fn turn_text(&self, turn: &Self::Turn) -> String;
    /// Plays a legal turn.
    fn play(&mut self, turn: &Self::Turn) -> Result<(), Self::Error>;
    /// Plays the turn written as `text`.
    fn play_text(&mut self, text: &str) -> Result<Self::Turn, Self::Error>;
    /// How the game ended, if it has.
    fn ending(&self) -> Option<Outcome>;
    /// How the game ended, if `error` says it is over.
    fn over(error: &Self::Error) -> Option<Outcome>;
    /// `side` resigns (E6).
    fn resign(&mut self, side: Side) -> Result<(), Self::Error>;
    /// A draw agreed (E6).
    fn agree_draw(&mut self) -> Result<(), Self::Error>;
    /// `side` loses on time (T2).
    fn lose_on_time(&mut self, side: Side) -> Result<(), Self::Error>;
    /// Takes back a declared end.
    fn withdraw(&mut self) -> Option<Outcome>;
    /// Takes back the last turn.
    fn undo(&mut self) -> Option<Self::Turn>;
    /// The turn the rules leave the side to move as its only one, which
    /// a frontend plays by itself: a family player's pass (F6). `None`
    /// when the player has a choice, or the game is over.
    fn forced_turn(&self) -> Option<Self::Turn>;
    /// The endgame tables the frontends found for this game, if any.
    fn tablebase(&self) -> Option<Arc<Tablebase>>;
    /// The proof of this game's value the frontends found, once read
    /// ([`crate::solutions`]).
    fn solution(&self) -> Option<Arc<Proof>>;
    /// A record of the game, with unknown players.
    fn record(&self) -> Self::Record;
    /// The game of `record`.
    fn recorded(record: &Self::Record) -> &Self;
    /// The tags of `record`.
    fn tags(record: &Self::Record) -> &[(String, String)];
    /// Sets a tag of `record`.
    fn set_tag(record: &mut Self::Record, key: &str, value: &str);
    /// Reads a record; on a fault after the header, the record up to it
    /// too.
    fn parse_record(text: &str) -> Result<Self::Record, Fault<Self>>;
}

impl SessionGame for Game {
    type Variant = Variant;
    type Position = Position;
    type Error = GameError;
    type Record = Record;
    type RecordError = RecordError;

    fn start_of(variant: Variant, first: Side) -> Result<Position, PositionError> {
        let mut setup = Setup::start(variant);
        setup.side_to_move = first;
        Position::from_setup(setup)
    }

    fn from_position(start: Position) -> Game {
        Game::from_position(start)
    }

    fn variant(&self) -> Variant {
        Game::variant(self)
    }

    fn ruleset(&self) -> &'static Ruleset {
        Game::variant(self).ruleset()
    }

    fn start(&self) -> &Position {
        Game::start(self)
    }

    fn side_in(position: &Position) -> Side {
        position.side_to_move()
    }

    fn side_to_move(&self) -> Side {
        self.position().side_to_move()
    }

    fn turns(&self) -> &[Self::Turn] {
        Game::turns(self)
    }

    fn turn_text(&self, turn: &Self::Turn) -> String {
        turn.to_string()
    }

    fn play(&mut self, turn: &Self::Turn) -> Result<(), GameError> {
        Game::play(self, turn)
    }

    fn play_text(&mut self, text: &str) -> Result<Self::Turn, GameError> {
        Game::play_text(self, text)
    }

    fn ending(&self) -> Option<Outcome> {
        self.outcome()
    }

    fn over(error: &GameError) -> Option<Outcome> {
        match error {
            GameError::Over(outcome) => Some(*outcome),
            _ => None,
        }
    }

    fn resign(&mut self, side: Side) -> Result<(), GameError> {
        Game::resign(self, side)
    }

    fn agree_draw(&mut self) -> Result<(), GameError> {
        Game::agree_draw(self)
    }

    fn lose_on_time(&mut self, side: Side) -> Result<(), GameError> {
        Game::lose_on_time(self, side)
    }

    fn withdraw(&mut self) -> Option<Outcome> {
        Game::withdraw(self)
    }

    fn undo(&mut self) -> Option<Self::Turn> {
        Game::undo(self)
    }

    fn forced_turn(&self) -> Option<Self::Turn> {
        // The rule book's games have no pass: no legal turn loses (E1).
        None
    }

    fn tablebase(&self) -> Option<Arc<Tablebase>> {
        crate::tablebases::for_variant(Game::variant(self))
    }

    fn solution(&self) -> Option<Arc<Proof>> {
        crate::solutions::for_variant(Game::variant(self))
    }

    fn record(&self) -> Record {
        Record::new(self.clone())
    }

    fn recorded(record: &Record) -> &Game {
        &record.game
    }

    fn tags(record: &Record) -> &[(String, String)] {
        &record.tags
    }

    fn set_tag(record: &mut Record, key: &str, value: &str) {
        record.set_tag(key, value);
    }

    fn parse_record(text: &str) -> Result<Record, Fault<Game>> {
        text.parse().map_err(|error: RecordError| Fault {
            partial: error.partial().cloned(),
            error,
        })
    }
}

impl SessionGame for family::Game {
    type Variant = &'static Ruleset;
    type Position = family::Position;
    type Error = family::FamilyGameError;
    type Record = family::Record;
    type RecordError = family::FamilyRecordError;

    fn start_of(ruleset: &'static Ruleset, first: Side) -> Result<family::Position, PositionError> {
        Ok(family::Position::start(ruleset).with_side_to_move(first))
    }

    fn from_position(start: family::Position) -> family::Game {
        family::Game::from_position(start)
    }

    fn variant(&self) -> &'static Ruleset {
        self.start().ruleset()
    }

    fn ruleset(&self) -> &'static Ruleset {
        self.start().ruleset()
    }

    fn start(&self) -> &family::Position {
        family::Game::start(self)
    }

    fn side_in(position: &family::Position) -> Side {
        position.side_to_move()
    }

    fn side_to_move(&self) -> Side {
        self.position().side_to_move()
    }

    fn turns(&self) -> &[Self::Turn] {
        family::Game::turns(self)
    }

    fn turn_text(&self, turn: &Self::Turn) -> String {
        turn.text(self.start().board())
    }

    fn play(&mut self, turn: &Self::Turn) -> Result<(), Self::Error> {
        family::Game::play(self, turn)
    }

    fn play_text(&mut self, text: &str) -> Result<Self::Turn, Self::Error> {
        family::Game::play_text(self, text)
    }

    fn ending(&self) -> Option<Outcome> {
        family::Game::ending(self)
    }

    fn over(error: &Self::Error) -> Option<Outcome> {
        match error {
            family::FamilyGameError::Over(ending) => Some(*ending),
            family::FamilyGameError::Turn(_) => None,
        }
    }

    fn resign(&mut self, side: Side) -> Result<(), Self::Error> {
        family::Game::resign(self, side)
    }

    fn agree_draw(&mut self) -> Result<(), Self::Error> {
        family::Game::agree_draw(self)
    }

    fn lose_on_time(&mut self, side: Side) -> Result<(), Self::Error> {
        family::Game::lose_on_time(self, side)
    }

    fn withdraw(&mut self) -> Option<Outcome> {
        family::Game::withdraw(self)
    }

    fn undo(&mut self) -> Option<Self::Turn> {
        family::Game::undo(self)
    }

    fn forced_turn(&self) -> Option<Self::Turn> {
        (self.ending().is_none() && self.position().must_pass()).then_some(family::Turn::PASS)
    }

    fn tablebase(&self) -> Option<Arc<Tablebase>> {
        crate::tablebases::for_variant(self.start().ruleset().variant()?)
    }

    fn solution(&self) -> Option<Arc<Proof>> {
        crate::solutions::for_variant(self.start().ruleset().variant()?)
    }

    fn record(&self) -> family::Record {
        family::Record::new(self.clone())
    }

    fn recorded(record: &family::Record) -> &family::Game {
        &record.game
    }

    fn tags(record: &family::Record) -> &[(String, String)] {
        &record.tags
    }

    fn set_tag(record: &mut family::Record, key: &str, value: &str) {
        record.set_tag(key, value);
    }

    fn parse_record(text: &str) -> Result<family::Record, Fault<family::Game>> {
        text.parse()
            .map_err(|error: family::FamilyRecordError| Fault {
                partial: error.partial().cloned(),
                error,
            })
    }
}
