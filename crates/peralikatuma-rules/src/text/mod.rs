//! Text formats: position text (N3), turn text (N2), game records (N4).

pub(crate) mod position_text;
pub(crate) mod record;
pub(crate) mod record_text;
pub(crate) mod turn_text;
