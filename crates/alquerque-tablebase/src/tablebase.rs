//! A set of tables for one game, and what they say of a position.

use std::collections::BTreeMap;

use std::ops::ControlFlow;

use peralikatuma_rules::board_topology::PointSet;
use peralikatuma_rules::{End, Position, Ruleset, Setup, Turn};

use crate::material::Material;
use crate::table::Table;
use crate::value::{Value, Verdict};

/// The tables of one game for every material up to some number of pieces.
///
/// ```
/// use alquerque_tablebase::{Tablebase, Value, Verdict};
/// use peralikatuma_rules::{Position, Ruleset};
///
/// // Every Alquerque ending with two pieces, built on the spot.
/// let alquerque = Ruleset::ALQUERQUE;
/// let tablebase = Tablebase::build(alquerque, 2, &|_| {})?;
/// // White's man must still reach Black's before Black's reaches it.
/// let position = Position::parse(alquerque, "W:Wc2:Bc4")?;
/// let probe = tablebase.probe(&position).expect("two pieces are covered");
/// assert_eq!(probe.verdict, Verdict::Loss);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Tablebase {
    ruleset: &'static Ruleset,
    pieces: usize,
    tables: BTreeMap<Material, Table>,
}

/// What a tablebase says of a position, with its counter of quiet turns.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Probe {
    /// The value at counter 0, with the distance to zeroing.
    pub value: Value,
    /// The result with perfect play from this position, with its counter.
    pub verdict: Verdict,
}

impl Tablebase {
    /// No tables yet: only finished positions (one piece) are covered.
    pub(crate) fn empty(ruleset: &'static Ruleset) -> Tablebase {
        Tablebase {
            ruleset,
            pieces: 1,
            tables: BTreeMap::new(),
        }
    }

    pub(crate) fn insert(&mut self, table: Table) {
        self.tables.insert(table.material(), table);
    }

    pub(crate) fn set_pieces(&mut self, pieces: usize) {
        self.pieces = pieces;
    }

    /// The game.
    pub fn ruleset(&self) -> &'static Ruleset {
        self.ruleset
    }

    /// The most pieces of the positions covered: every material of at
    /// most this many pieces has its table.
    pub fn pieces(&self) -> usize {
        self.pieces
    }

    /// The tables, in building order.
    pub fn tables(&self) -> impl Iterator<Item = &Table> {
        let order = Material::up_to(self.ruleset, self.pieces);
        order.into_iter().filter_map(|m| self.tables.get(&m))
    }

    /// The table of one material, if present.
    pub fn table(&self, material: Material) -> Option<&Table> {
        self.tables.get(&material)
    }

    /// The bytes the tables keep in memory ([`Table::memory`]): their
    /// values, or the indexes of tables probed on disk (whose blocks are
    /// in their [`BlockCache`](crate::BlockCache), counted apart).
    pub fn memory(&self) -> usize {
        self.tables.values().map(Table::memory).sum()
    }

    /// Whether the tables cover the position (its game, its pieces).
    pub fn covers(&self, position: &Position) -> bool {
        position.ruleset() == self.ruleset && position.piece_count() as usize <= self.pieces
    }

    /// The value of a position for the side to move at counter 0, claims
    /// (P6) included; `None` if the tables do not cover it (nor a game
    /// already won by the side to move, whose opponent has no pieces).
    pub fn value(&self, position: &Position) -> Option<Value> {
        if position.ruleset() != self.ruleset {
            return None;
        }
        if position.pieces(position.side_to_move()) == 0 {
            return Some(Value::Loss(0));
        }
        if second_pass_draws(position) {
            return Some(Value::Draw);
        }
        let material = Material::of(position);
        let table = self.tables.get(&material)?;
        let mut best = table.value(table.indexer().index(position))?;
        if let Some(claim) = self.best_claim(position)? {
            best = best.max(claim);
        }
        Some(best)
    }

    /// The best of a position's claims (P6) for its player, who is to
    /// move: `Some(None)` if it has no claim that leaves a turn to make,
    /// `None` if the tables do not cover the positions after a claim.
    pub(crate) fn best_claim(&self, position: &Position) -> Option<Option<Value>> {
        let mut best: Option<Value> = None;
        let opponent = position.side_to_move().opposite();
        for point in position.huffable().points() {
            let piece = 1u128 << point;
            let value = if position.pieces(opponent) == piece {
                // The claim of the opponent's last piece: any move after
                // it wins (E1), if there is one (P7).
                match has_turn_claiming(position, point) {
                    true => Value::Win(1),
                    false => Value::Loss(0),
                }
            } else {
                self.value(&without(position, piece)?)?
            };
            match value {
                // A claim after which the claimer cannot move gives no
                // turn (E1, P7).
                Value::Loss(0) => {}
                value => {
                    let worth = claim_turn(value);
                    best = Some(best.map_or(worth, |b| b.max(worth)));
                }
            }
        }
        Some(best)
    }

    /// What the tables say of a position: its value and, with the
    /// position's own counter of quiet turns, its verdict.
    pub fn probe(&self, position: &Position) -> Option<Probe> {
        let value = self.value(position)?;
        Some(Probe {
            value,
            verdict: value.verdict(position.quiet_turns()),
        })
    }

    /// What a legal turn is worth to the side that plays it, at the
    /// position's counter: the verdict after it and the value it leads to.
    pub fn turn_value(&self, position: &Position, turn: &Turn) -> Option<(Verdict, Value)> {
        let after = position.play_unchecked(turn);
        if let Some(ours) = pass_ending(position, turn, &after) {
            return Some((ours.verdict(0), ours));
        }
        let theirs = self.value(&after)?;
        let ours = worth(position, &after, theirs);
        let verdict = match theirs.verdict(after.quiet_turns()) {
            Verdict::Win => Verdict::Loss,
            Verdict::Draw => Verdict::Draw,
            Verdict::Loss => Verdict::Win,
        };
        Some((verdict, ours))
    }

    /// The best turn by the tables: the surest verdict at the position's
    /// counter, then the quickest removal when winning and the slowest
    /// when losing. `None` if the tables do not cover the position or it
    /// has no legal turn.
    pub fn best_turn(&self, position: &Position) -> Option<(Turn, Verdict, Value)> {
        let mut best: Option<(Turn, Verdict, Value)> = None;
        for turn in position.legal_turns().iter() {
            let (verdict, value) = self.turn_value(position, turn)?;
            let better = match &best {
                None => true,
                Some((_, v, w)) => (verdict, value) > (*v, *w),
            };
            if better {
                best = Some((*turn, verdict, value));
            }
        }
        best
    }
}

/// What a turn from `before` to `after` is worth to its player, given
/// the value of `after` for the opponent (`theirs`): a turn that removes a
/// piece starts the counter again.
pub(crate) fn worth(before: &Position, after: &Position, theirs: Value) -> Value {
    if after.piece_count() < before.piece_count() {
        theirs.back_after_removal()
    } else {
        theirs.back()
    }
}

/// What a claim is worth to the claimer: the claim turn removes a piece,
/// so the counter starts again after it, and the claimer's move is the
/// first turn of the position without the claimed piece (whose value is
/// `after_claim`). Every stored distance fits: a win of the lower table in
/// up to [`HORIZON`](crate::HORIZON) turns leaves at most sixty after the
/// claim turn.
pub(crate) fn claim_turn(after_claim: Value) -> Value {
    match after_claim {
        Value::Win(_) => Value::Win(1),
        Value::Loss(_) => Value::Loss(1),
        Value::Draw => Value::Draw,
    }
}

/// The position without `pieces`, its claims gone, the same side to move,
/// counter 0.
pub(crate) fn without(position: &Position, pieces: u128) -> Option<Position> {
    let setup = position.setup();
    let setup = Setup {
        men: setup.men.map(|men| men & !pieces),
        kings: setup.kings.map(|kings| kings & !pieces),
        barred: setup.barred.map(|barred| barred & !pieces),
        huffable: 0,
        quiet_turns: 0,
        ..setup
    };
    Position::from_setup(&setup).ok()
}

/// What a pass that ends the game is worth to the player who passes (the
/// family's F6: in Kharbaga and Zamma the passer loses; in a game that
/// ends by capturing all, the second pass in a row draws); `None` for any
/// other turn. The tables' numbering counts no passes, so a pass that
/// ends the game must be told from one that does not by playing it.
pub(crate) fn pass_ending(before: &Position, turn: &Turn, after: &Position) -> Option<Value> {
    if *turn != Turn::PASS {
        return None;
    }
    let outcome = after.outcome()?;
    Some(match outcome.winner() {
        Some(winner) if winner == before.side_to_move() => Value::Win(1),
        Some(_) => Value::Loss(1),
        None => Value::Draw,
    })
}

/// Whether the side to move must pass right after the opponent passed,
/// in a game that ends by capturing all: that second pass draws (F6),
/// whatever the table, which counts no passes, holds for the position.
fn second_pass_draws(position: &Position) -> bool {
    position.ruleset().end == End::CaptureAll && position.setup().passes > 0 && position.must_pass()
}

/// Whether the side to move has a turn that claims the piece on `point`
/// (P7: a claim, then a legal move).
fn has_turn_claiming(position: &Position, point: u8) -> bool {
    position
        .generate(|turn| match turn.huff() == Some(point) {
            true => ControlFlow::Break(()),
            false => ControlFlow::Continue(()),
        })
        .is_break()
}

#[cfg(test)]
mod tests {
    use super::*;
    use peralikatuma_rules::{Ruleset, Side};

    /// P6, P7, E1: claiming the opponent's last piece, then making any
    /// move, wins at once; without a move after it the claim is no turn.
    #[test]
    fn p6_claiming_the_last_piece_then_moving_wins() {
        let peralikatuma = Ruleset::PERALIKATUMA;
        let tablebase = Tablebase::build(peralikatuma, 2, &|_| {}).expect("builds");
        let unclaimed = Position::parse(peralikatuma, "W:We5:Bi3").expect("a position");
        assert_ne!(tablebase.value(&unclaimed), Some(Value::Win(1)));
        let claimable = Position::parse(peralikatuma, "W:We5:Bi3:Fi3").expect("a position");
        assert_eq!(tablebase.value(&claimable), Some(Value::Win(1)));
        let (turn, verdict, value) = tablebase.best_turn(&claimable).expect("a turn");
        assert_eq!(turn.huff(), peralikatuma.board.parse_point("i3").ok());
        assert_eq!((verdict, value), (Verdict::Win, Value::Win(1)));
    }

    /// F6, pass then lose: in Zamma a man that cannot step forward nor
    /// capture passes, and has lost.
    #[test]
    fn f6_a_pass_that_loses_is_a_loss() {
        let zamma = Ruleset::find("zamma").expect("a ruleset");
        let tablebase = Tablebase::build(zamma, 2, &|_| {}).expect("builds");
        let stuck = Position::parse(zamma, "B:Wa1:Ba2").expect("a position");
        assert!(stuck.must_pass());
        assert_eq!(tablebase.value(&stuck), Some(Value::Loss(1)));
        let (turn, verdict, _) = tablebase.best_turn(&stuck).expect("a turn");
        assert_eq!((turn, verdict), (Turn::PASS, Verdict::Loss));
    }

    /// F6, capture all: a man shut in passes, and the game goes on; the
    /// second pass in a row draws, which the tables, counting no passes,
    /// learn from the position's own count.
    #[test]
    fn f6_a_pass_goes_on_and_the_second_in_a_row_draws() {
        let lau = Ruleset::find("lau-kata-kati").expect("a ruleset");
        // A man against up to four: the tables these positions need.
        let mut tablebase = Tablebase::empty(lau);
        for material in Material::up_to(lau, 5) {
            if material.side(Side::White) == 1 {
                let table = tablebase.build_table(material, &|_| {}).expect("builds");
                tablebase.insert(table);
            }
        }
        let shut_in = Position::parse(lau, "W:Wa1:Bd1,g1,b2,c3").expect("a position");
        assert!(shut_in.must_pass());
        assert_eq!(tablebase.value(&shut_in), Some(Value::Loss(3)));
        let after_a_pass = Setup {
            passes: 1,
            ..shut_in.setup()
        };
        let after_a_pass = Position::from_setup(&after_a_pass).expect("a position");
        assert_eq!(tablebase.value(&after_a_pass), Some(Value::Draw));
        let mut game = peralikatuma_rules::Game::from_position(after_a_pass);
        game.play(&Turn::PASS).expect("the pass");
        assert_eq!(game.ending().and_then(|o| o.winner()), None);
        assert!(game.ending().is_some(), "two passes draw");
    }
}
