//! A set of tables for one game, and what they say of a position.

use std::collections::BTreeMap;

use peralikatuma_rules::{Bitboard, Position, Turn, Variant};

use crate::material::Material;
use crate::table::Table;
use crate::value::{Value, Verdict};

/// The tables of one game for every material up to some number of pieces.
///
/// ```
/// use alquerque_tablebase::{Tablebase, Value, Verdict};
/// use peralikatuma_rules::{Position, Variant};
///
/// // Every Alquerque ending with two pieces, built on the spot.
/// let tablebase = Tablebase::build(Variant::Alquerque, 2, &|_| {})?;
/// // White's man must still reach Black's before Black's reaches it.
/// let position = Position::parse(Variant::Alquerque, "W:Wc2:Bc4")?;
/// let probe = tablebase.probe(&position).expect("two pieces are covered");
/// assert_eq!(probe.verdict, Verdict::Loss);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Tablebase {
    variant: Variant,
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
    pub(crate) fn empty(variant: Variant) -> Tablebase {
        Tablebase {
            variant,
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
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The most pieces of the positions covered: every material of at
    /// most this many pieces has its table.
    pub fn pieces(&self) -> usize {
        self.pieces
    }

    /// The tables, in building order.
    pub fn tables(&self) -> impl Iterator<Item = &Table> {
        let order = Material::up_to(self.variant, self.pieces);
        order.into_iter().filter_map(|m| self.tables.get(&m))
    }

    /// The table of one material, if present.
    pub fn table(&self, material: Material) -> Option<&Table> {
        self.tables.get(&material)
    }

    /// Whether the tables cover the position (its game, its pieces).
    pub fn covers(&self, position: &Position) -> bool {
        position.variant() == self.variant && position.occupied().count() <= self.pieces
    }

    /// The value of a position for the side to move at counter 0, claims
    /// (P6) included; `None` if the tables do not cover it.
    pub fn value(&self, position: &Position) -> Option<Value> {
        let side = position.side_to_move();
        if position.variant() != self.variant {
            return None;
        }
        if position.pieces(side).is_empty() {
            return Some(Value::Loss(0));
        }
        if position.pieces(side.opposite()).is_empty() {
            // Only after a claim of the opponent's last piece (P6): any
            // move finishes the turn and wins (E1), if there is one.
            return Some(if position.has_legal_turn() {
                Value::Win(1)
            } else {
                Value::Loss(0)
            });
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
        for point in position.claimable().iter() {
            let claimed = without(position, Bitboard::from_point(point))?;
            match self.value(&claimed)? {
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
                Some((_, v, w)) => (rank(verdict), value) > (rank(*v), *w),
            };
            if better {
                best = Some((*turn, verdict, value));
            }
        }
        best
    }
}

/// Verdicts from worst to best for the side to move.
fn rank(verdict: Verdict) -> u8 {
    match verdict {
        Verdict::Loss => 0,
        Verdict::Draw => 1,
        Verdict::Win => 2,
    }
}

/// What a turn from `before` to `after` is worth to its player, given
/// the value of `after` for the opponent (`theirs`): a turn that removes a
/// piece starts the counter again.
pub(crate) fn worth(before: &Position, after: &Position, theirs: Value) -> Value {
    if after.occupied().count() < before.occupied().count() {
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
pub(crate) fn without(position: &Position, pieces: Bitboard) -> Option<Position> {
    let mut setup = position.to_setup();
    setup.white -= pieces;
    setup.black -= pieces;
    setup.kings -= pieces;
    setup.no_return = setup.no_return.without(pieces);
    setup.claimable = Bitboard::EMPTY;
    setup.quiet_turns = 0;
    Position::from_setup(setup).ok()
}
