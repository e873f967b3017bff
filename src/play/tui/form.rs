//! The new-game form: the game, the opponent, the player's colour (against
//! the machine only) and who moves first, each chosen with the arrow keys.

use peralikatuma_rules::Variant;

use crate::session::{Opponent, Settings};

/// The fields of the form, top to bottom.
pub const FIELDS: [&str; 4] = ["Game", "Opponent", "Your colour", "Moves first"];

/// The field of the person's colour.
const COLOUR: usize = 2;

/// The form being filled in.
#[derive(Clone, Debug)]
pub struct Form {
    /// The field the arrows change.
    pub field: usize,
    /// What the form says so far.
    pub settings: Settings,
}

impl Form {
    /// A form filled in with `settings` (a given start position is
    /// dropped: a new game starts from the game's start).
    pub fn new(settings: &Settings) -> Form {
        let mut settings = settings.clone();
        settings.position = None;
        Form { field: 0, settings }
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
            0 => s.variant = cycle(&Variant::ALL, s.variant, by),
            1 => s.opponent = cycle(&Opponent::ALL, s.opponent, by),
            COLOUR => s.human = s.human.opposite(),
            _ => s.first = s.first.opposite(),
        }
    }

    /// The fields shown, each with its name and value.
    pub fn rows(&self) -> Vec<(usize, &'static str, String)> {
        let s = &self.settings;
        let value = |field| match field {
            0 => s.variant.to_string(),
            1 => match s.opponent {
                Opponent::Human => "a second player here".to_owned(),
                Opponent::Machine(strength) => format!("the machine ({strength})"),
            },
            COLOUR => s.human.to_string(),
            _ => s.first.to_string(),
        };
        self.fields()
            .into_iter()
            .map(|field| (field, FIELDS[field], value(field)))
            .collect()
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
    use peralikatuma_rules::Side;

    #[test]
    fn arrows_cycle_through_every_choice() {
        let mut form = Form::new(&Settings {
            variant: Variant::Peralikatuma,
            opponent: Opponent::Human,
            human: Side::White,
            first: Side::White,
            position: None,
        });
        form.change(-1);
        assert_eq!(form.settings.variant, Variant::Permainan);
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
        assert_eq!(form.settings.first, Side::Black);
    }

    #[test]
    fn the_colour_is_asked_only_against_the_machine() {
        let mut form = Form::new(&Settings::default());
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
        assert_eq!(names(&form), ["Game", "Opponent", "Moves first"]);
        assert_eq!(form.rows()[1].2, "a second player here");
        form.move_field(1);
        assert_eq!(FIELDS[form.field], "Moves first", "the colour is skipped");
        form.move_field(1);
        form.move_field(-1);
        assert_eq!(FIELDS[form.field], "Moves first");
    }
}
