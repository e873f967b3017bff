//! One web game as the server holds it: the session, who sits where, the
//! offers of a draw or a take-back waiting for an answer, the machine
//! thinking, and what each seat may do. Every rule is the rules crate's;
//! every change the session's. The machine's players are not kept here
//! but by the [pool](super::pool), so that a game holds only its record
//! and its seats.

use alquerque_ai::Stop;
use peralikatuma_rules::{Game, Record, RecordError, Turn};
use peralikatuma_rules::{Outcome, Side};

use super::error::ApiError;
use super::seating::{Seat, Seating, Seats, new_token, same_token, sides};
use super::store::legacy::LegacyFile;
use super::store::{StoredGame, Summary, now_seconds};
use super::view::OutcomeView;
use super::web_game;
use crate::session::{Session, Settings, Undone};

/// A web game: a game of any of the 21 (a [`Session`] of the one model),
/// its seats and what its players asked of each other.
pub struct Table {
    /// The game's id.
    pub id: String,
    /// The game and its players.
    pub session: Session,
    /// Who sits at the other side.
    pub seating: Seating,
    /// The seats' tokens.
    pub seats: Seats,
    /// A draw offered by this side and not yet answered.
    pub draw_offer: Option<Side>,
    /// A take-back asked by this side of the other device, not yet
    /// answered.
    pub takeback_offer: Option<Side>,
    /// When the game was started, in seconds since 1970.
    pub created: u64,
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
}

/// The machine thinking about a game.
struct Thinking {
    /// Which thinking this is.
    ticket: u64,
    /// Stops it.
    stop: Stop,
}

impl Table {
    /// A new game.
    pub fn new(id: String, session: Session, seating: Seating) -> Table {
        Table {
            id,
            session,
            seating,
            seats: Seats::new(seating),
            draw_offer: None,
            takeback_offer: None,
            created: now_seconds(),
            version: first_version(),
            thinking: None,
            tickets: 0,
        }
    }

    /// The game as the store keeps it.
    pub fn stored(&self) -> StoredGame {
        StoredGame {
            id: self.id.clone(),
            opponent: self.seating.name().to_owned(),
            colour: self.session.settings().human,
            owner: self.seats.owner.clone(),
            guest: self.seats.guest.clone(),
            invite: self.seats.invite.clone(),
            draw_offer: self.draw_offer,
            takeback_offer: self.takeback_offer,
            record: self.session.record().to_string(),
            created: self.created,
            summary: self.summary(),
        }
    }

    /// What a list of games shows of this one.
    pub fn summary(&self) -> Summary {
        let game = self.game();
        let to_move = game.side_to_move();
        let outcome = game.ending().map(OutcomeView::new);
        let clock = self.session.clock();
        Summary {
            variant: game.ruleset().id.to_owned(),
            turns: game.turns().len(),
            to_move,
            status: match &outcome {
                Some(end) => format!("{}: {}", end.result, end.text),
                None => format!("{to_move} to move"),
            },
            result: outcome.map(|end| end.result.to_owned()),
            clock: clock.map(|c| c.control().to_string()),
            pending: self.session.machine_to_move() || clock.is_some_and(|c| c.running().is_some()),
        }
    }

    /// The game kept as `stored`, as it was.
    ///
    /// # Errors
    /// A description of what is wrong with the kept game.
    pub fn from_stored(stored: StoredGame) -> Result<Table, String> {
        let seats = Seats {
            owner: stored.owner,
            guest: stored.guest,
            invite: stored.invite,
        };
        let mut table = Table::from_parts(
            stored.id,
            &stored.opponent,
            stored.colour,
            seats,
            &stored.record,
        )?;
        table.draw_offer = stored.draw_offer;
        table.takeback_offer = stored.takeback_offer;
        table.created = stored.created;
        Ok(table)
    }

    /// The game an earlier version kept in `file`. A friend's seat there
    /// counts as taken (its link was good for ever): the host can make a
    /// new invitation.
    ///
    /// # Errors
    /// A description of what is wrong with the kept game.
    pub fn from_legacy(file: LegacyFile) -> Result<Table, String> {
        let game = file.game;
        let seats = Seats {
            owner: game.owner,
            guest: game.guest,
            invite: None,
        };
        let mut table =
            Table::from_parts(game.id, &game.opponent, game.colour, seats, &game.record)?;
        table.draw_offer = game.draw_offer;
        table.created = file.modified;
        Ok(table)
    }

    /// A game with `record`, the owner playing `colour` against
    /// `opponent` (a [`Seating`]'s name), at `seats`.
    fn from_parts(
        id: String,
        opponent: &str,
        colour: Side,
        seats: Seats,
        record: &str,
    ) -> Result<Table, String> {
        let seating: Seating = opponent
            .parse()
            .map_err(|e: super::seating::UnknownSeating| e.to_string())?;
        let record: Record = record.parse().map_err(|e: RecordError| e.to_string())?;
        let game = &record.game;
        let settings = Settings {
            variant: game.ruleset(),
            opponent: seating.opponent(),
            human: colour,
            first: game.start().side_to_move(),
            position: None,
            clock: None,
        };
        Ok(Table {
            id,
            session: Session::resume_record(settings, &record),
            seating,
            seats,
            draw_offer: None,
            takeback_offer: None,
            created: now_seconds(),
            version: first_version(),
            thinking: None,
            tickets: 0,
        })
    }

    /// Ends the game when the time of the side to move has run out (T2):
    /// the server decides it, whatever the pages show. Returns the outcome
    /// then; `None` while the game goes on or was already over.
    pub fn check_time(&mut self) -> Option<Outcome> {
        let outcome = self.session.check_time()?;
        self.changed();
        Some(outcome)
    }

    /// Whether the game was lost on time (T2).
    pub fn lost_on_time(&self) -> bool {
        self.session.lost_on_time()
    }

    /// The game.
    pub fn game(&self) -> &Game {
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
    /// stopped (its answer will be dropped), offers of a draw or a
    /// take-back lapse.
    fn changed(&mut self) {
        self.version += 1;
        if let Some(thinking) = self.thinking.take() {
            thinking.stop.stop();
        }
        self.draw_offer = None;
        self.takeback_offer = None;
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
    pub fn play(&mut self, seat: Seat, text: &str, number: usize) -> Result<Turn, ApiError> {
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
        let turn = web_game::parse_turn(self.game().position(), text)?;
        self.session
            .play(&turn)
            .map_err(|error| ApiError::bad_request(error.to_string()))?;
        self.changed();
        Ok(turn)
    }

    /// Plays the machine's turn; false (and nothing changes) if it is not
    /// legal, or comes after the machine's time ran out (then the game is
    /// lost on time, T2).
    pub fn play_machine(&mut self, turn: &Turn) -> bool {
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
    /// after a resignation or an agreed draw, only that). Between two
    /// devices a take-back is asked of the other player instead
    /// ([`Table::ask_takeback`]).
    ///
    /// # Errors
    /// 403 for an onlooker, 409 between two devices, when stale, after a
    /// loss on time or when there is nothing to take back.
    pub fn undo(&mut self, seat: Seat, number: Option<usize>) -> Result<Undone, ApiError> {
        self.check_time();
        if self.seating == Seating::Friend {
            return Err(ApiError::conflict(
                "ask_first",
                "Between two devices a take-back is asked of the other player (POST \
                 /api/games/{id}/takeback), who accepts or declines.",
            ));
        }
        self.check_number(number)?;
        self.check_undo(seat)?;
        match self.session.undo() {
            Undone::Nothing => Err(nothing_to_undo()),
            undone => {
                self.changed();
                Ok(undone)
            }
        }
    }

    /// Whether `seat` may take back (or, between two devices, ask to take
    /// back) now, and if not why.
    fn check_undo(&self, seat: Seat) -> Result<(), ApiError> {
        let sides = self.check_seated(seat)?;
        if self.session.lost_on_time() {
            return Err(ApiError::conflict(
                "final",
                "A loss on time is final (T2): the time is gone.",
            ));
        }
        let declared = self.game().ending().is_some_and(Outcome::is_declared);
        match self.seating {
            // The last turn, or a resignation or an agreed draw.
            Seating::OneScreen if declared || !self.game().turns().is_empty() => return Ok(()),
            // Back to before the person's last turn, with the machine's
            // reply.
            Seating::Machine(_)
                if declared || self.last_turn_of(self.session.settings().human).is_some() =>
            {
                return Ok(());
            }
            Seating::OneScreen | Seating::Machine(_) => return Err(nothing_to_undo()),
            Seating::Friend => {}
        }
        if declared {
            return Err(ApiError::conflict(
                "final",
                "Between two devices a resignation or an agreed draw is final.",
            ));
        }
        if self.last_turn_of(sides[0]).is_none() {
            return Err(nothing_to_undo());
        }
        match self.takeback_offer {
            Some(by) if by == sides[0] => Err(ApiError::conflict(
                "asked",
                "You have asked to take back your last turn: wait for your friend's answer.",
            )),
            Some(_) => Err(ApiError::conflict(
                "asked",
                "Your friend asks to take back their last turn: answer them first.",
            )),
            None => Ok(()),
        }
    }

    /// Whether `seat` may take back (between two devices: ask to) now.
    pub fn can_undo(&self, seat: Seat) -> bool {
        self.check_undo(seat).is_ok()
    }

    /// How many turns from the end `side`'s last turn is (1: it is the
    /// last turn), if `side` has played one.
    fn last_turn_of(&self, side: Side) -> Option<usize> {
        let positions = web_game::all_positions(self.game());
        let before_each = &positions[..positions.len() - 1];
        before_each
            .iter()
            .rev()
            .position(|p| p.side_to_move() == side)
            .map(|back| back + 1)
    }

    /// Between two devices, `seat` asks the other player to take back
    /// its last turn (and the reply to it, if there is one); returns the
    /// side asking.
    ///
    /// # Errors
    /// 403 for an onlooker, 409 when the game is not between two
    /// devices, when stale, or when nothing can be taken back.
    pub fn ask_takeback(&mut self, seat: Seat, number: Option<usize>) -> Result<Side, ApiError> {
        self.check_time();
        if self.seating != Seating::Friend {
            return Err(ApiError::conflict(
                "not_asked",
                "A take-back is asked only between two devices: take the turn back with undo.",
            ));
        }
        self.check_number(number)?;
        self.check_undo(seat)?;
        let side = self.sides(seat)[0];
        self.version += 1;
        self.takeback_offer = Some(side);
        Ok(side)
    }

    /// `seat` answers the take-back the other player asked: accepted, the
    /// asker's last turn is taken back, with the reply after it if there
    /// is one (the asker is then to move again); declined, the game goes
    /// on. Returns the turns taken back.
    ///
    /// # Errors
    /// 403 for an onlooker, 409 when no take-back is asked of the seat.
    pub fn answer_takeback(&mut self, seat: Seat, accept: bool) -> Result<Vec<Turn>, ApiError> {
        self.check_time();
        let sides = self.check_seated(seat)?;
        let asker = match self.takeback_offer {
            Some(by) if sides.contains(&by.opposite()) => by,
            _ => {
                return Err(ApiError::conflict(
                    "no_offer",
                    "No take-back is asked of you.",
                ));
            }
        };
        if !accept {
            self.version += 1;
            self.takeback_offer = None;
            return Ok(Vec::new());
        }
        let back = self.last_turn_of(asker).ok_or_else(nothing_to_undo)?;
        let mut taken = Vec::new();
        for _ in 0..back {
            match self.session.undo() {
                Undone::Turns(turns) => taken.extend(turns),
                Undone::Declaration(_) | Undone::Nothing => break,
            }
        }
        self.changed();
        Ok(taken)
    }

    /// The owner makes a new invitation for the friend's seat, which
    /// voids the one before; returns it. The device that holds the seat
    /// keeps it until the new invitation is used.
    ///
    /// # Errors
    /// 403 for a seat other than the owner's, 409 in a game without a
    /// friend.
    pub fn new_invite(&mut self, seat: Seat) -> Result<String, ApiError> {
        if self.seating != Seating::Friend {
            return Err(ApiError::conflict(
                "no_friend",
                "This game has no seat for a friend: start a game against a friend on another \
                 device for one.",
            ));
        }
        if seat != Seat::Owner {
            return Err(ApiError::wrong_seat(
                "Only the player who started the game can invite.",
            ));
        }
        let code = new_token();
        self.seats.invite = Some(code.clone());
        self.version += 1;
        Ok(code)
    }

    /// A device opens the invitation `code`, with the seat's token it
    /// carries (if any): what comes of it.
    pub fn join(&mut self, code: &str, token: Option<&str>) -> Joined {
        let seat = self.seat(token);
        if seat == Seat::Owner {
            return Joined::Own;
        }
        let valid = self
            .seats
            .invite
            .as_deref()
            .is_some_and(|invite| same_token(invite, code));
        if !valid {
            return match seat {
                Seat::Guest => Joined::Seated,
                _ => Joined::Used,
            };
        }
        self.seats.invite = None;
        self.version += 1;
        if seat == Seat::Guest {
            return Joined::Seated;
        }
        let token = new_token();
        self.seats.guest = Some(token.clone());
        Joined::Taken(token)
    }

    /// Plays again the turns last taken back.
    ///
    /// # Errors
    /// 403 for an onlooker or, with a friend, a seat not to move; 409 when
    /// stale or when there is nothing to redo.
    pub fn redo(&mut self, seat: Seat, number: Option<usize>) -> Result<Vec<Turn>, ApiError> {
        self.check_time();
        let sides = self.check_seated(seat)?;
        self.check_number(number)?;
        if self.seating == Seating::Friend && !sides.contains(&self.game().side_to_move()) {
            return Err(ApiError::wrong_seat(
                "Only the player to move can play again what was taken back.",
            ));
        }
        let turns = self.session.redo();
        if turns.is_empty() {
            return Err(ApiError::conflict(
                "nothing_to_redo",
                "Nothing to play again.",
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

/// 409: nothing to take back.
fn nothing_to_undo() -> ApiError {
    ApiError::conflict("nothing_to_undo", "Nothing to take back.")
}

/// What comes of a device opening a friend's invitation.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Joined {
    /// It takes the friend's seat, with this token.
    Taken(String),
    /// It holds the friend's seat already.
    Seated,
    /// It is the owner's: the invitation is left for the friend.
    Own,
    /// The invitation was used by another device, or a newer one voids
    /// it: the device may watch.
    Used,
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
    use peralikatuma_rules::Ruleset;

    use super::*;

    fn against_the_machine() -> Table {
        let settings = Settings {
            variant: Ruleset::ALQUERQUE,
            opponent: crate::session::Opponent::Machine(Strength::Easy),
            human: Side::Black,
            first: Side::White,
            position: None,
            clock: None,
        };
        let session = Session::new(settings);
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
        let turn = table.game().position().legal_turns()[0];
        assert!(table.play_machine(&turn));
        let back = Table::from_stored(table.stored()).expect("readable");
        assert_eq!(back.game(), table.game());
        assert_eq!(back.seats, table.seats);
        assert_eq!(back.seating, table.seating);
        assert_eq!(back.session.settings().human, Side::Black);
    }
}
