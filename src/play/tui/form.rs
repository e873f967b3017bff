//! The new-game form: the game, the opponent, the player's colour (against
//! the machine only), who moves first and the clock, each chosen with the
//! arrow keys. The games are the rule book's three, then the family's
//! eighteen ([`Ruleset::all`]).

use std::time::Duration;

use peralikatuma_rules::Ruleset;
use peralikatuma_rules::Side;

use crate::clock::TimeControl;
use crate::session::{Opponent, Settings};

/// The fields of the form, top to bottom.
pub const FIELDS: [&str; 5] = [
    "Game",
    "Opponent",
    "Your colour",
    "Moves first",
    "Clock (m+s)",
];

/// The field of the person's colour.
const COLOUR: usize = 2;

/// The field of who moves first.
const FIRST: usize = 3;

/// The clocks offered (T1), minutes and seconds a turn; `--clock` gives
/// any other.
const CLOCKS: [(u64, u64); 5] = [(1, 0), (3, 2), (5, 3), (10, 5), (15, 10)];

/// The choices of clock: none, then [`CLOCKS`], and the form's own if it
/// is another.
fn clock_choices(now: Option<TimeControl>) -> Vec<Option<TimeControl>> {
    let mut choices = vec![None];
    choices.extend(CLOCKS.map(|(minutes, seconds)| {
        Some(TimeControl {
            base: Duration::from_secs(minutes * 60),
            increment: Duration::from_secs(seconds),
        })
    }));
    if !choices.contains(&now) {
        choices.push(now);
    }
    choices
}

/// The form being filled in.
#[derive(Clone, Debug)]
pub struct Form {
    /// The field the arrows change.
    pub field: usize,
    /// What the form says so far.
    pub settings: Settings,
    /// The clocks offered: none, the usual ones, and the one the form
    /// began with.
    clocks: Vec<Option<TimeControl>>,
}

impl Form {
    /// A form filled in with `settings` (a given start position is
    /// dropped: a new game starts from the game's start).
    pub fn new(settings: &Settings) -> Form {
        let mut settings = settings.clone();
        settings.position = None;
        Form {
            field: 0,
            clocks: clock_choices(settings.clock),
            settings,
        }
    }

    /// The fields shown, top to bottom: the colour only against the
    /// machine (between two players at one screen each plays a side).
    pub fn fields(&self) -> Vec<usize> {
        let between_two = self.settings.opponent == Opponent::Human;
        (0..FIELDS.len())
            .filter(|&field| !(between_two && field == COLOUR))
            .collect()
    }

    /// Moves to the field shown above (`-1`) or below (`1`).
    pub fn move_field(&mut self, by: isize) {
        let fields = self.fields();
        let at = fields.iter().position(|&f| f == self.field).unwrap_or(0) as isize;
        self.field = fields[(at + by).rem_euclid(fields.len() as isize) as usize];
    }

    /// Changes the current field to its previous (`-1`) or next (`1`) value.
    pub fn change(&mut self, by: isize) {
        let s = &mut self.settings;
        match self.field {
            0 => {
                let games: Vec<&'static Ruleset> = Ruleset::all().collect();
                s.variant = cycle(&games, s.variant, by);
            }
            1 => s.opponent = cycle(&Opponent::ALL, s.opponent, by),
            COLOUR => s.human = s.human.opposite(),
            FIRST => s.first = s.first.opposite(),
            _ => s.clock = cycle(&self.clocks, s.clock, by),
        }
    }

    /// The fields shown, each with its name and value.
    pub fn rows(&self) -> Vec<(usize, &'static str, String)> {
        let s = &self.settings;
        let value = |field| match field {
            0 => s.variant.name.to_owned(),
            1 => opponent_text(s.opponent),
            COLOUR => s.human.to_string(),
            FIRST => s.first.to_string(),
            _ => clock_text(s.clock),
        };
        self.fields()
            .into_iter()
            .map(|field| (field, FIELDS[field], value(field)))
            .collect()
    }

    /// The width of the widest value any field can take, so that the
    /// form keeps its size as the values change.
    pub fn widest_value(&self) -> usize {
        let games = Ruleset::all().map(|ruleset| ruleset.name.to_owned());
        let opponents = Opponent::ALL.into_iter().map(opponent_text);
        let sides = Side::ALL.into_iter().map(|side| side.to_string());
        let clocks = self.clocks.iter().copied().map(clock_text);
        games
            .chain(opponents)
            .chain(sides)
            .chain(clocks)
            .map(|text| text.chars().count())
            .max()
            .unwrap_or(0)
    }
}

fn opponent_text(opponent: Opponent) -> String {
    match opponent {
        Opponent::Human => "a second player here".to_owned(),
        Opponent::Machine(strength) => format!("the machine ({strength})"),
    }
}

fn clock_text(clock: Option<TimeControl>) -> String {
    match clock {
        None => "none".to_owned(),
        Some(control) => control.to_string(),
    }
}

fn cycle<T: Copy + PartialEq>(all: &[T], now: T, by: isize) -> T {
    let at = all.iter().position(|&x| x == now).unwrap_or(0) as isize;
    all[(at + by).rem_euclid(all.len() as isize) as usize]
}

#[cfg(test)]
mod tests {
    use super::*;
    use alquerque_ai::Strength;
    use peralikatuma_rules::{Ruleset, Side};

    fn settings() -> Settings {
        Settings::of(Ruleset::PERALIKATUMA)
    }

    #[test]
    fn arrows_cycle_through_every_choice() {
        let mut form = Form::new(&Settings {
            variant: Ruleset::PERALIKATUMA,
            opponent: Opponent::Human,
            human: Side::White,
            first: Side::White,
            position: None,
            clock: None,
        });
        form.change(-1);
        assert_eq!(
            form.settings.variant.id, "zamma",
            "the last of the family's games"
        );
        assert_eq!(form.rows()[0].2, "Zamma");
        form.change(-18);
        assert_eq!(form.settings.variant, Ruleset::PERMAINAN);
        form.move_field(1);
        form.change(1);
        assert_eq!(
            form.settings.opponent,
            Opponent::Machine(Strength::Beginner)
        );
        form.change(1);
        form.change(1);
        assert_eq!(form.settings.opponent, Opponent::Machine(Strength::Medium));
        form.move_field(-2);
        assert_eq!(form.field, FIELDS.len() - 1);
        form.change(1);
        assert_eq!(form.settings.clock, "1+0".parse().ok());
        assert_eq!(form.rows()[4].2, "1+0");
        form.change(-2);
        assert_eq!(form.settings.clock, "15+10".parse().ok());
        form.move_field(-1);
        form.change(1);
        assert_eq!(form.settings.first, Side::Black);
    }

    #[test]
    fn t1_a_clock_given_on_the_command_line_is_among_the_choices() {
        let mut form = Form::new(&Settings {
            clock: "0+100ms".parse().ok(),
            ..settings()
        });
        form.field = FIELDS.len() - 1;
        form.change(1);
        assert_eq!(form.settings.clock, None);
        form.change(-1);
        assert_eq!(form.settings.clock, "0+100ms".parse().ok());
    }

    #[test]
    fn the_colour_is_asked_only_against_the_machine() {
        let mut form = Form::new(&settings());
        let names = |form: &Form| form.rows().iter().map(|r| r.1).collect::<Vec<_>>();
        assert_eq!(names(&form), FIELDS);
        assert_eq!(form.rows()[1].2, "the machine (easy)");
        form.move_field(1);
        form.change(-1);
        assert_eq!(
            form.settings.opponent,
            Opponent::Machine(Strength::Beginner)
        );
        form.change(-1);
        assert_eq!(form.settings.opponent, Opponent::Human);
        assert_eq!(
            names(&form),
            ["Game", "Opponent", "Moves first", "Clock (m+s)"]
        );
        assert_eq!(form.rows()[1].2, "a second player here");
        form.move_field(1);
        assert_eq!(FIELDS[form.field], "Moves first", "the colour is skipped");
        form.move_field(1);
        form.move_field(-1);
        assert_eq!(FIELDS[form.field], "Moves first");
    }
}
