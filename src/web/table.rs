//! One web game as the server holds it: the session, who sits where, a
//! draw offered, the machine thinking, and what each seat may do. Every
//! rule is the rules crate's; every change the session's.

use alquerque_ai::{Player, Stop};
use peralikatuma_rules::{Game, Side};

use super::error::ApiError;
use super::seating::{Seat, Seating, Seats, sides};
use super::store::{FORMAT, StoredGame};
use super::web_game::WebGame;
use crate::session::{Session, Settings, Undone};

/// A web game: a seed game, or a family game (rules.md F).
pub struct Table<G: WebGame = Game> {
    /// The game's id.
    pub id: String,
    /// The game and its players.
    pub session: Session<G>,
    /// Who sits at the other side.
    pub seating: Seating,
    /// The seats' tokens.
    pub seats: Seats,
    /// A draw offered by this side and not yet answered.
    pub draw_offer: Option<Side>,
    /// Grows with every change (from the time the game was made or read
    /// back, in microseconds, so that it grows across restarts too): the
    /// machine's late answer to a game that has changed since is dropped,
    /// and a page drops a state older than the one it shows.
    pub version: u64,
    /// The machine thinking about its turn, to be stopped when the game
    /// changes under it.
    thinking: Option<Thinking>,
    /// Tickets handed out to the machine's thinking.
    tickets: u64,
    /// The machine's player between its turns, kept so that a turn on a
    /// clock does not spend its time making one (a Hard player's tables
    /// take a while to set up), and so that it remembers what it learnt.
    pub machine: Option<Player<G>>,
}

/// The machine thinking about a game.
struct Thinking {
    /// Which thinking this is.
    ticket: u64,
    /// Stops it.
    stop: Stop,
}

impl<G: WebGame> Table<G> {
    /// A new game.
    pub fn new(id: String, session: Session<G>, seating: Seating) -> Table<G> {
        Table {
            id,
            session,
            seating,
            seats: Seats::new(seating),
            draw_offer: None,
            version: first_version(),
            thinking: None,
            tickets: 0,
            machine: None,
        }
    }

    /// The game as kept in the data directory.
    pub fn stored(&self) -> StoredGame {
        StoredGame {
            format: FORMAT,
            id: self.id.clone(),
            opponent: self.seating.name().to_owned(),
            colour: self.session.settings().human,
            owner: self.seats.owner.clone(),
            guest: self.seats.guest.clone(),
            draw_offer: self.draw_offer,
            record: self.session.record().to_string(),
        }
    }

    /// The game kept as `stored`, as it was.
    ///
    /// # Errors
    /// A description of what is wrong with the kept game.
    pub fn from_stored(stored: StoredGame) -> Result<Table<G>, String> {
        let seating: Seating = stored
            .opponent
            .parse()
            .map_err(|e: super::seating::UnknownSeating| e.to_string())?;
        let record = G::parse_record(&stored.record).map_err(|fault| fault.error.to_string())?;
        let game = G::recorded(&record);
        let settings = Settings {
            variant: game.variant(),
            opponent: seating.opponent(),
            human: stored.colour,
            first: G::side_in(game.start()),
            position: None,
            clock: None,
        };
        Ok(Table {
            id: stored.id,
            session: Session::resume_record(settings, &record),
            seating,
            seats: Seats {
                owner: stored.owner,
                guest: stored.guest,
            },
            draw_offer: stored.draw_offer,
            version: first_version(),
            thinking: None,
            tickets: 0,
            machine: None,
        })
    }

    /// Ends the game when the time of the side to move has run out (T2):
    /// the server decides it, whatever the pages show. Returns the outcome
    /// then; `None` while the game goes on or was already over.
    pub fn check_time(&mut self) -> Option<G::Ending> {
        let outcome = self.session.check_time()?;
        self.changed();
        Some(outcome)
    }

    /// Whether the game was lost on time (T2).
    pub fn lost_on_time(&self) -> bool {
        self.session.lost_on_time()
    }

    /// The game.
    pub fn game(&self) -> &G {
        self.session.game()
    }

    /// The seat `token` opens.
    pub fn seat(&self, token: Option<&str>) -> Seat {
        self.seats.seat(token)
    }

    /// The sides `seat` plays.
    pub fn sides(&self, seat: Seat) -> Vec<Side> {
        sides(self.seating, self.session.settings().human, seat)
    }

    /// Whether the machine is thinking about its turn.
    pub fn thinking(&self) -> bool {
        self.thinking.is_some()
    }

    /// The machine starts thinking, unless it is already; returns the
    /// ticket that [`Table::finish_thinking`] takes, or `None`.
    pub fn start_thinking(&mut self, stop: Stop) -> Option<u64> {
        if self.thinking.is_some() {
            return None;
        }
        self.tickets += 1;
        self.thinking = Some(Thinking {
            ticket: self.tickets,
            stop,
        });
        Some(self.tickets)
    }

    /// The machine's thinking with `ticket` is over; whether it is still
    /// about the game as it stands (no change since it started).
    pub fn finish_thinking(&mut self, ticket: u64) -> bool {
        match &self.thinking {
            Some(thinking) if thinking.ticket == ticket => {
                self.thinking = None;
                true
            }
            _ => false,
        }
    }

    /// After any change: the machine's thinking about the old game is
    /// stopped (its answer will be dropped), a draw offer lapses.
    fn changed(&mut self) {
        self.version += 1;
        if let Some(thinking) = self.thinking.take() {
            thinking.stop.stop();
        }
        self.draw_offer = None;
    }

    /// Refuses a request made while the game stood at another turn.
    fn check_number(&self, number: Option<usize>) -> Result<(), ApiError> {
        let now = self.game().turns().len();
        match number {
            Some(number) if number != now => Err(ApiError::conflict(
                "stale",
                format!(
                    "the request was made at turn number {number}, and the game is at {now}: \
                     reload the game"
                ),
            )),
            _ => Ok(()),
        }
    }

    /// Refuses a seat that plays none of the sides.
    fn check_seated(&self, seat: Seat) -> Result<Vec<Side>, ApiError> {
        let sides = self.sides(seat);
        if sides.is_empty() {
            return Err(ApiError::wrong_seat(
                "this needs the seat's secret token: open the game through your seat's link",
            ));
        }
        Ok(sides)
    }

    /// The side that `seat` acts for now (resigning, offering a draw): the
    /// side to move at one screen, else its own.
    fn acting_side(&self, seat: Seat) -> Result<Side, ApiError> {
        let sides = self.check_seated(seat)?;
        let to_move = self.game().side_to_move();
        Ok(if sides.contains(&to_move) {
            to_move
        } else {
            sides[0]
        })
    }

    fn check_not_over(&self) -> Result<(), ApiError> {
        match self.game().ending() {
            Some(outcome) => Err(ApiError::conflict(
                "game_over",
                format!("the game is over ({outcome})"),
            )),
            None => Ok(()),
        }
    }

    /// Plays the turn written `text` (N2) for `seat`, if it is that
    /// seat's turn, `number` turns into the game.
    ///
    /// # Errors
    /// 403 for a seat not to move, 409 when the number is stale, the game
    /// is over or the machine has the move, 400 for text that is not a
    /// turn, 422 with the rules' refusal for an illegal turn.
    pub fn play(&mut self, seat: Seat, text: &str, number: usize) -> Result<G::Turn, ApiError> {
        self.check_time();
        let sides = self.check_seated(seat)?;
        self.check_number(Some(number))?;
        self.check_not_over()?;
        let to_move = self.game().side_to_move();
        if self.session.machine_to_move() {
            return Err(ApiError::conflict(
                "machine_to_move",
                "the machine has the move: wait for its turn",
            ));
        }
        if !sides.contains(&to_move) {
            return Err(ApiError::wrong_seat(format!(
                "{to_move} is to move, and this seat plays {}",
                sides[0]
            )));
        }
        let turn = G::parse_turn(self.game().now(), text)?;
        self.session
            .play(&turn)
            .map_err(|error| ApiError::bad_request(error.to_string()))?;
        self.changed();
        Ok(turn)
    }

    /// Plays the machine's turn; false (and nothing changes) if it is not
    /// legal, or comes after the machine's time ran out (then the game is
    /// lost on time, T2).
    pub fn play_machine(&mut self, turn: &G::Turn) -> bool {
        if self.check_time().is_some() {
            return false;
        }
        let played = self.session.play(turn).is_ok();
        if played {
            self.changed();
        }
        played
    }

    /// Takes back the last turn (against the machine, with its reply;
    /// after a resignation or an agreed draw, only that). With a friend,
    /// a seat takes back only its own turn before the friend has answered
    /// it, and a resignation or an agreed draw is final.
    ///
    /// # Errors
    /// 403 for an onlooker or a friend's turn, 409 when stale or when
    /// there is nothing to take back.
    pub fn undo(&mut self, seat: Seat, number: Option<usize>) -> Result<Undone<G>, ApiError> {
        self.check_time();
        let sides = self.check_seated(seat)?;
        self.check_number(number)?;
        if self.seating == Seating::Friend {
            if self.game().ending().is_some_and(G::declared) {
                return Err(ApiError::conflict(
                    "final",
                    "between two devices a resignation or an agreed draw is final",
                ));
            }
            let positions = self.game().all_positions();
            let last_mover = positions.iter().rev().nth(1);
            if !last_mover.is_some_and(|p| sides.contains(&G::side_in(p))) {
                return Err(ApiError::wrong_seat(
                    "only the player who made the last turn can take it back",
                ));
            }
        }
        if self.session.lost_on_time() {
            return Err(ApiError::conflict(
                "final",
                "a loss on time is final (T2): the time is gone",
            ));
        }
        match self.session.undo() {
            Undone::Nothing => Err(ApiError::conflict(
                "nothing_to_undo",
                "nothing to take back",
            )),
            undone => {
                self.changed();
                Ok(undone)
            }
        }
    }

    /// Plays again the turns last taken back.
    ///
    /// # Errors
    /// 403 for an onlooker or, with a friend, a seat not to move; 409 when
    /// stale or when there is nothing to redo.
    pub fn redo(&mut self, seat: Seat, number: Option<usize>) -> Result<Vec<G::Turn>, ApiError> {
        self.check_time();
        let sides = self.check_seated(seat)?;
        self.check_number(number)?;
        if self.seating == Seating::Friend && !sides.contains(&self.game().side_to_move()) {
            return Err(ApiError::wrong_seat(
                "only the player to move can play again what was taken back",
            ));
        }
        let turns = self.session.redo();
        if turns.is_empty() {
            return Err(ApiError::conflict(
                "nothing_to_redo",
                "nothing to play again",
            ));
        }
        self.changed();
        Ok(turns)
    }

    /// `seat`'s side resigns (E6).
    ///
    /// # Errors
    /// 403 for an onlooker, 409 when stale or when the game is over.
    pub fn resign(&mut self, seat: Seat, number: Option<usize>) -> Result<Side, ApiError> {
        self.check_time();
        let side = self.acting_side(seat)?;
        self.check_number(number)?;
        self.check_not_over()?;
        self.session
            .resign(side)
            .map_err(|e| ApiError::conflict("game_over", e.to_string()))?;
        self.changed();
        Ok(side)
    }

    /// What a draw offer by `seat` comes to, before the machine is asked.
    ///
    /// # Errors
    /// 403 for an onlooker, 409 when stale or when the game is over.
    pub fn draw_offer(&self, seat: Seat, number: Option<usize>) -> Result<DrawOffer, ApiError> {
        let side = self.acting_side(seat)?;
        self.check_number(number)?;
        self.check_not_over()?;
        Ok(match self.seating {
            Seating::Machine(_) => DrawOffer::AskTheMachine,
            Seating::OneScreen => DrawOffer::Agreed,
            Seating::Friend if self.draw_offer == Some(side.opposite()) => DrawOffer::Agreed,
            Seating::Friend => DrawOffer::Offered(side),
        })
    }

    /// The players agree a draw (E6).
    ///
    /// # Errors
    /// 409 when the game is over.
    pub fn agree_draw(&mut self) -> Result<(), ApiError> {
        self.check_time();
        self.session
            .agree_draw()
            .map_err(|e| ApiError::conflict("game_over", e.to_string()))?;
        self.changed();
        Ok(())
    }

    /// `side` offers a draw to the friend.
    pub fn offer_draw(&mut self, side: Side) {
        self.version += 1;
        self.draw_offer = Some(side);
    }

    /// `seat` declines the draw offered to it.
    ///
    /// # Errors
    /// 403 for an onlooker, 409 when no draw is offered to the seat.
    pub fn decline_draw(&mut self, seat: Seat) -> Result<(), ApiError> {
        let sides = self.check_seated(seat)?;
        match self.draw_offer {
            Some(by) if sides.contains(&by.opposite()) => {
                self.version += 1;
                self.draw_offer = None;
                Ok(())
            }
            _ => Err(ApiError::conflict("no_offer", "no draw is offered to you")),
        }
    }

    /// Whether `seat` may ask for a hint now: it plays the side to move.
    ///
    /// # Errors
    /// 403 for a seat not to move, 409 when the game is over.
    pub fn check_hint(&self, seat: Seat) -> Result<(), ApiError> {
        let sides = self.check_seated(seat)?;
        self.check_not_over()?;
        let to_move = self.game().side_to_move();
        if self.session.machine_to_move() || !sides.contains(&to_move) {
            return Err(ApiError::conflict(
                "not_your_turn",
                "a hint is for the side to move",
            ));
        }
        Ok(())
    }
}

/// A game's first version: the time now, in microseconds.
fn first_version() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |t| u64::try_from(t.as_micros()).unwrap_or(u64::MAX / 2))
}

/// What a draw offer comes to.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum DrawOffer {
    /// The machine decides.
    AskTheMachine,
    /// The draw is agreed: at one screen the page asked the other player,
    /// or the friend had offered it too.
    Agreed,
    /// Offered to the friend by this side.
    Offered(Side),
}

#[cfg(test)]
mod tests {
    use alquerque_ai::Strength;
    use peralikatuma_rules::Variant;

    use super::*;

    fn against_the_machine() -> Table {
        let settings = Settings {
            variant: Variant::Alquerque,
            opponent: crate::session::Opponent::Machine(Strength::Easy),
            human: Side::Black,
            first: Side::White,
            position: None,
            clock: None,
        };
        let session = Session::new(settings).expect("a start");
        Table::new("t".to_owned(), session, Seating::Machine(Strength::Easy))
    }

    #[test]
    fn the_machines_answer_to_a_game_changed_since_it_started_is_dropped() {
        let mut table = against_the_machine();
        let stop = Stop::new();
        let ticket = table
            .start_thinking(stop.clone())
            .expect("not thinking yet");
        assert_eq!(table.start_thinking(Stop::new()), None);
        table.resign(Seat::Owner, None).expect("not over");
        assert!(stop.is_stopped());
        assert!(!table.finish_thinking(ticket));
        // An answer to the game as it stands is taken.
        let mut table = against_the_machine();
        let ticket = table.start_thinking(Stop::new()).expect("not thinking yet");
        assert!(table.finish_thinking(ticket));
        assert!(!table.finish_thinking(ticket));
    }

    #[test]
    fn a_kept_game_is_read_back_as_it_was() {
        let mut table = against_the_machine();
        let turn = table.game().legal_turns()[0];
        assert!(table.play_machine(&turn));
        let back = Table::<Game>::from_stored(table.stored()).expect("readable");
        assert_eq!(back.game(), table.game());
        assert_eq!(back.seats, table.seats);
        assert_eq!(back.seating, table.seating);
        assert_eq!(back.session.settings().human, Side::Black);
    }
}
