//! The sink of random games: every turn in the order of the list sink, but
//! all the steps of one piece in one entry, all the steps after a claim
//! counted at once, and the pieces that could jump.

use board_topology::{Bitboard, Board, POINT_COUNT, Point};

use super::{Sink, steps};
use crate::turn::Turn;
use crate::variant::Variant;

/// A sink that keeps the turns in the order of the list sink, but all the
/// steps of one piece in one entry, and the steps after a claim (P6) as
/// one entry, counted from the steps without it: for code that needs to
/// choose among all the turns but plays only one (random games).
pub(crate) struct Compact {
    /// The game of the turns.
    variant: Variant,
    /// The entries, in order. Like `chains`, a `Vec` allocated once and
    /// kept from position to position (it pushes faster than a `SmallVec`).
    entries: Vec<CompactEntry>,
    /// The steps without a claim, if reported.
    unclaimed: Option<Unclaimed>,
    /// The chains, in order.
    chains: Vec<Turn>,
    len: usize,
    /// The pieces with a jump without a claim, if reported.
    jumpers: Option<Bitboard>,
    /// The claims whose jumpers are reported in `jumpers_after`.
    claims_reported: Bitboard,
    /// The pieces with a jump after each claim, by the claimed point.
    jumpers_after: [Bitboard; POINT_COUNT],
}

#[derive(Copy, Clone)]
struct CompactEntry {
    /// The number of turns in the entries before this one: the index of
    /// its first turn.
    start: usize,
    claim: Option<Point>,
    group: Group,
}

/// Every step of the pieces of `own` to an adjacent point of `empty`:
/// `count` steps.
#[derive(Copy, Clone)]
struct Unclaimed {
    board: Board,
    own: Bitboard,
    empty: Bitboard,
    count: usize,
}

#[derive(Copy, Clone)]
enum Group {
    /// The steps of one piece.
    Steps { from: Point, targets: Bitboard },
    /// Every step after the claim: those without it, and those to the
    /// claimed point.
    AfterClaim,
    /// A chain, by its index in `chains`.
    Chain(usize),
}

impl Default for Compact {
    fn default() -> Compact {
        Compact {
            variant: Variant::default(),
            entries: Vec::with_capacity(64),
            unclaimed: None,
            chains: Vec::with_capacity(32),
            len: 0,
            jumpers: None,
            claims_reported: Bitboard::EMPTY,
            jumpers_after: [Bitboard::EMPTY; POINT_COUNT],
        }
    }
}

impl Compact {
    /// Empties the sink for the next position, of `variant`.
    pub fn reset(&mut self, variant: Variant) {
        self.variant = variant;
        self.entries.clear();
        self.unclaimed = None;
        self.chains.clear();
        self.len = 0;
        self.jumpers = None;
        self.claims_reported = Bitboard::EMPTY;
    }

    /// The number of turns.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The turn at `index`, in the order of the list sink.
    pub fn turn(&self, index: usize) -> Option<Turn> {
        if index >= self.len {
            return None;
        }
        // The last entry starting at or before `index` holds it.
        let after = self.entries.partition_point(|entry| entry.start <= index);
        let entry = self.entries.get(after.checked_sub(1)?)?;
        let skip = index - entry.start;
        match entry.group {
            Group::Chain(chain) => self.chains.get(chain).copied(),
            Group::Steps { from, targets } => Some(Turn::generated_step(
                self.variant,
                entry.claim,
                from,
                targets.iter().nth(skip)?,
            )),
            Group::AfterClaim => {
                let unclaimed = self.unclaimed?;
                let empty = unclaimed.empty.with(entry.claim?);
                let mut skip = skip;
                for from in unclaimed.own {
                    let targets = unclaimed.board.neighbours(from) & empty;
                    let count = targets.count();
                    if skip < count {
                        return Some(Turn::generated_step(
                            self.variant,
                            entry.claim,
                            from,
                            targets.iter().nth(skip)?,
                        ));
                    }
                    skip -= count;
                }
                None
            }
        }
    }

    /// The pieces that have a jump after `claim`, if the generator reported
    /// them (Peralikatuma only, P6.1).
    pub fn jumpers(&self, claim: Option<Point>) -> Option<Bitboard> {
        match claim {
            None => self.jumpers,
            Some(c) => self
                .claims_reported
                .contains(c)
                .then(|| self.jumpers_after[c.index()]),
        }
    }
}

impl Sink for Compact {
    #[inline]
    fn steps(&mut self, claim: Option<Point>, from: Point, targets: Bitboard) {
        self.entries.push(CompactEntry {
            start: self.len,
            claim,
            group: Group::Steps { from, targets },
        });
        self.len += targets.count();
    }

    #[inline]
    fn steps_of_all(&mut self, board: Board, own: Bitboard, empty: Bitboard, claim: Option<Point>) {
        let before = self.len;
        match (claim, self.unclaimed) {
            (None, _) => {
                steps::any_direction(board, own, empty, None, self);
                self.unclaimed = Some(Unclaimed {
                    board,
                    own,
                    empty,
                    count: self.len - before,
                });
            }
            // After a claim the same pieces step, and those next to the
            // claimed point can step there too.
            (Some(c), Some(unclaimed))
                if unclaimed.board == board
                    && unclaimed.own == own
                    && unclaimed.empty.with(c) == empty =>
            {
                let count = unclaimed.count + (board.neighbours(c) & own).count();
                if count > 0 {
                    self.entries.push(CompactEntry {
                        start: self.len,
                        claim,
                        group: Group::AfterClaim,
                    });
                    self.len += count;
                }
            }
            (Some(_), _) => steps::any_direction(board, own, empty, claim, self),
        }
    }

    #[inline]
    fn chain(
        &mut self,
        claim: Option<Point>,
        from: Point,
        landings: &[Point],
        _: Bitboard,
        passed: Bitboard,
    ) {
        let index = self.chains.len();
        self.entries.push(CompactEntry {
            start: self.len,
            claim,
            group: Group::Chain(index),
        });
        self.len += 1;
        self.chains.push(Turn::generated_chain(
            self.variant,
            claim,
            from,
            landings,
            passed,
        ));
    }

    #[inline]
    fn jumpers(&mut self, claim: Option<Point>, jumpers: Bitboard) {
        match claim {
            None => self.jumpers = Some(jumpers),
            Some(c) => {
                self.claims_reported.insert(c);
                self.jumpers_after[c.index()] = jumpers;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Position, Variant};

    /// The compact sink holds the turns of the list sink, in the same
    /// order, along random games of every variant (with claims in
    /// Peralikatuma), and the jumpers that playing a turn would find.
    #[test]
    fn same_turns_as_the_list() {
        for variant in Variant::ALL {
            let mut position = Position::start(variant);
            let mut state = 7u64;
            let mut claims = 0;
            for _ in 0..300 {
                let list = position.legal_turns();
                let mut compact = Compact::default();
                compact.reset(variant);
                position.generate_into(&mut compact);
                assert_eq!(compact.len(), list.len(), "{position}");
                for (i, turn) in list.iter().enumerate() {
                    assert_eq!(compact.turn(i).as_ref(), Some(turn), "{position} turn {i}");
                    if let Some(jumpers) = compact.jumpers(turn.claim()) {
                        assert_eq!(jumpers, position.jumpers(turn.claim()), "{position}");
                    }
                }
                assert_eq!(compact.turn(list.len()), None);
                claims += position.claimable().count();
                if list.is_empty() {
                    break;
                }
                state = state
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                position = position.play_unchecked(&list[(state >> 33) as usize % list.len()]);
            }
            if variant == Variant::Peralikatuma {
                assert!(claims > 0, "the game had claimable pieces");
            }
        }
    }
}
