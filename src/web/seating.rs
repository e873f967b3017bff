//! Who sits at a web game: the machine, a second player at the same
//! screen, or a friend on another device; and which seat a request comes
//! from, by its secret token.

use std::fmt;
use std::str::FromStr;

use alquerque_ai::Strength;
use peralikatuma_rules::Side;

use crate::session::Opponent;

/// Who plays the side the person who started the game does not.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Seating {
    /// A second person at the same screen: one seat plays both sides.
    OneScreen,
    /// A friend on another device, with a seat (and a token) of their own.
    Friend,
    /// The machine, at a strength.
    Machine(Strength),
}

impl Seating {
    /// The choices offered, in order (the names of `--opponent`, and
    /// `friend`).
    pub const ALL: [Seating; 7] = [
        Seating::Machine(Strength::Beginner),
        Seating::Machine(Strength::Easy),
        Seating::Machine(Strength::Medium),
        Seating::Machine(Strength::Hard),
        Seating::Machine(Strength::Master),
        Seating::OneScreen,
        Seating::Friend,
    ];

    /// The session's opponent: a friend is a second person, as at one
    /// screen.
    pub fn opponent(self) -> Opponent {
        match self {
            Seating::OneScreen | Seating::Friend => Opponent::Human,
            Seating::Machine(strength) => Opponent::Machine(strength),
        }
    }

    /// The name used in links and files: `human`, `friend`, `easy`, ...
    pub fn name(self) -> &'static str {
        match self {
            Seating::OneScreen => "human",
            Seating::Friend => "friend",
            Seating::Machine(strength) => strength.name(),
        }
    }
}

impl fmt::Display for Seating {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not an opponent.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("unknown opponent `{0}` (known: human, friend, beginner, easy, medium, hard, master)")]
pub struct UnknownSeating(pub String);

impl FromStr for Seating {
    type Err = UnknownSeating;

    fn from_str(text: &str) -> Result<Seating, UnknownSeating> {
        Seating::ALL
            .into_iter()
            .find(|s| s.name().eq_ignore_ascii_case(text.trim()))
            .ok_or_else(|| UnknownSeating(text.to_owned()))
    }
}

/// The seat a request comes from.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Seat {
    /// The person who started the game.
    Owner,
    /// The friend invited to a game.
    Guest,
    /// No seat: the token is missing or wrong. Such a request may look,
    /// and change nothing.
    Onlooker,
}

/// The seats' secret tokens of one game, and the friend's invitation.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Seats {
    /// The token of the person who started the game.
    pub owner: String,
    /// The friend's token, once a device has taken the friend's seat.
    pub guest: Option<String>,
    /// The friend's invitation, while it waits to be used: good once.
    pub invite: Option<String>,
}

/// A new secret token: 128 random bits from the operating system's
/// generator, in hex.
pub fn new_token() -> String {
    format!("{:032x}", rand::random::<u128>())
}

/// Compares two tokens in time that does not depend on where they differ.
pub fn same_token(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |diff, (x, y)| diff | (x ^ y))
            == 0
}

impl Seats {
    /// New tokens for a game with `seating`: the owner's, and with a
    /// friend an invitation (the friend's seat is made when it is used).
    pub fn new(seating: Seating) -> Seats {
        Seats {
            owner: new_token(),
            guest: None,
            invite: (seating == Seating::Friend).then(new_token),
        }
    }

    /// The seat that `token` opens.
    pub fn seat(&self, token: Option<&str>) -> Seat {
        let Some(token) = token else {
            return Seat::Onlooker;
        };
        if same_token(token, &self.owner) {
            Seat::Owner
        } else if self.guest.as_deref().is_some_and(|g| same_token(token, g)) {
            Seat::Guest
        } else {
            Seat::Onlooker
        }
    }
}

/// The sides that `seat` plays, in a game with `seating` where the owner
/// plays `owner_side`.
pub fn sides(seating: Seating, owner_side: Side, seat: Seat) -> Vec<Side> {
    match (seat, seating) {
        (Seat::Onlooker, _) => vec![],
        (Seat::Owner, Seating::OneScreen) => vec![Side::White, Side::Black],
        (Seat::Owner, _) => vec![owner_side],
        (Seat::Guest, Seating::Friend) => vec![owner_side.opposite()],
        (Seat::Guest, _) => vec![],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opponents_are_read_by_their_names() {
        for seating in Seating::ALL {
            assert_eq!(seating.name().parse(), Ok(seating));
        }
        assert_eq!("HARD".parse(), Ok(Seating::Machine(Strength::Hard)));
        assert!("grandmaster".parse::<Seating>().is_err());
    }

    #[test]
    fn the_page_offers_every_opponent_in_both_forms() {
        let page = include_str!("../../web/index.html");
        let form = |id: &str| {
            let start = page.find(&format!("id=\"{id}\"")).expect("the form's list");
            let end = start + page[start..].find("</select>").expect("its end");
            &page[start..end]
        };
        for list in ["new-opponent", "load-opponent"] {
            for seating in Seating::ALL {
                let option = format!("<option value=\"{seating}\">");
                assert!(form(list).contains(&option), "{list}: {seating}");
            }
        }
    }

    #[test]
    fn each_token_opens_its_own_seat_only() {
        let mut seats = Seats::new(Seating::Friend);
        assert_eq!(
            seats.guest, None,
            "no friend's seat before the invitation is used"
        );
        let invite = seats.invite.clone().expect("an invitation");
        assert_eq!(
            seats.seat(Some(&invite)),
            Seat::Onlooker,
            "an invitation is no seat"
        );
        seats.guest = Some(new_token());
        let guest = seats.guest.clone().expect("a friend's seat");
        assert_eq!(seats.seat(Some(&seats.owner)), Seat::Owner);
        assert_eq!(seats.seat(Some(&guest)), Seat::Guest);
        assert_eq!(seats.seat(Some("0123")), Seat::Onlooker);
        assert_eq!(seats.seat(None), Seat::Onlooker);
        assert_ne!(seats.owner, guest);
        assert_eq!(Seats::new(Seating::OneScreen).invite, None);
        assert_eq!(
            sides(Seating::Friend, Side::Black, Seat::Guest),
            [Side::White]
        );
        assert_eq!(sides(Seating::OneScreen, Side::White, Seat::Owner).len(), 2);
        assert!(sides(Seating::OneScreen, Side::White, Seat::Guest).is_empty());
    }
}
