//! The new-game form: the game, the opponent, the player's colour and who
//! moves first, each chosen with the arrow keys.

use peralikatuma_rules::{Side, Variant};

use crate::session::{Opponent, Settings};

/// The fields of the form, top to bottom.
pub const FIELDS: [&str; 4] = ["Game", "Opponent", "Your colour", "Moves first"];

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

    /// Moves to the field above (`-1`) or below (`1`).
    pub fn move_field(&mut self, by: isize) {
        self.field = (self.field as isize + by).rem_euclid(FIELDS.len() as isize) as usize;
    }

    /// Changes the current field to its previous (`-1`) or next (`1`) value.
    pub fn change(&mut self, by: isize) {
        let s = &mut self.settings;
        match self.field {
            0 => s.variant = cycle(&Variant::ALL, s.variant, by),
            1 => s.opponent = cycle(&Opponent::ALL, s.opponent, by),
            2 => s.human = s.human.opposite(),
            _ => s.first = s.first.opposite(),
        }
    }

    /// Each field's name, its value, and whether it matters now (the
    /// colour does not between two players).
    pub fn rows(&self) -> [(&'static str, String, bool); 4] {
        let s = &self.settings;
        let side = |side: Side| side.to_string();
        [
            (FIELDS[0], s.variant.to_string(), true),
            (FIELDS[1], s.opponent.to_string(), true),
            (FIELDS[2], side(s.human), s.opponent != Opponent::Human),
            (FIELDS[3], side(s.first), true),
        ]
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
        form.change(1);
        assert_eq!(form.settings.opponent, Opponent::Machine(Strength::Medium));
        form.move_field(-2);
        assert_eq!(form.field, FIELDS.len() - 1);
        form.change(1);
        assert_eq!(form.settings.first, Side::Black);
    }
}
