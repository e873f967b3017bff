//! Code compiled once for each of the 21 rulesets: the move generator and
//! `play` read their ruleset's rules as constants, so that each game runs
//! code without the branches of the rules it does not have, and with its
//! board's tables at a known address. A ruleset built by hand runs the
//! same code reading its rules at run time.

use board_topology::PointSet;

use crate::ruleset::{FAMILY, RULESETS, Ruleset, SEED, SEED_RULESETS};

/// Where generic code finds the rules it runs under.
pub(super) trait Rules: Copy {
    /// The ruleset.
    fn get(self) -> &'static Ruleset;
}

/// The `N`-th ruleset of [`Ruleset::all`], known at compile time.
#[derive(Copy, Clone)]
pub(super) struct Known<const N: usize>;

impl<const N: usize> Known<N> {
    /// The ruleset, a constant: its rules and its board's address are
    /// known where code is compiled for it, in this crate or another.
    const RULES: &'static Ruleset = by_index(N);
}

impl<const N: usize> Rules for Known<N> {
    #[inline(always)]
    fn get(self) -> &'static Ruleset {
        Self::RULES
    }
}

/// A ruleset known only at run time (one built by hand).
#[derive(Copy, Clone)]
pub(super) struct Dynamic(pub(super) &'static Ruleset);

impl Rules for Dynamic {
    #[inline(always)]
    fn get(self) -> &'static Ruleset {
        self.0
    }
}

/// The `n`-th ruleset of [`Ruleset::all`] (the rule book's three first).
#[inline(always)]
const fn by_index(n: usize) -> &'static Ruleset {
    match n < SEED.len() {
        true => &SEED[n],
        false => &FAMILY[n - SEED.len()],
    }
}

/// Which code runs a ruleset: its place in [`Ruleset::all`], if it is one
/// of the 21 statics (not a copy), or [`Code::HAND_BUILT`]. A position
/// keeps it, found once; being decided by the ruleset, it takes no part
/// in comparing or hashing positions.
#[derive(Copy, Clone, Debug)]
pub(super) struct Code(u8);

impl Code {
    /// The code of a ruleset built by hand: its rules are read at run time.
    const HAND_BUILT: Code = Code(u8::MAX);

    /// The code that runs `ruleset`.
    pub(super) fn of(ruleset: &'static Ruleset) -> Code {
        index(ruleset).map_or(Code::HAND_BUILT, |n| Code(n as u8))
    }
}

impl PartialEq for Code {
    fn eq(&self, _: &Code) -> bool {
        true
    }
}

impl Eq for Code {}

impl std::hash::Hash for Code {
    fn hash<H: std::hash::Hasher>(&self, _: &mut H) {}
}

/// Where `ruleset` is in [`Ruleset::all`], if it is one of the 21 statics
/// (the same static, as [`Ruleset::is_rule_book`] asks, not a copy).
fn index(ruleset: &'static Ruleset) -> Option<usize> {
    Ruleset::all().position(|r| std::ptr::eq(r, ruleset))
}

/// Code generic over the set type and the rules, run by [`run`].
pub(super) trait Job {
    /// What it gives.
    type Output;
    /// Runs it on sets `S` under `rules`.
    fn run<S: PointSet, R: Rules>(self, rules: R) -> Self::Output;
}

/// Runs `job` compiled for `ruleset`, whose [`Code`] is `code`: its own
/// code for each of the 21 rulesets, with sets as small as its board
/// allows.
#[inline(always)]
pub(super) fn run<J: Job>(ruleset: &'static Ruleset, code: Code, job: J) -> J::Output {
    macro_rules! known {
        ($($n:literal: $set:ty),* $(,)?) => {{
            // A ruleset's sets are `u64` exactly where its board fits
            // one (checked at compile time).
            $(const _: () = {
                let small = by_index($n).board.len() <= <u64 as PointSet>::CAPACITY;
                let in_u64 = <$set as PointSet>::CAPACITY == <u64 as PointSet>::CAPACITY;
                assert!(small == in_u64, "a ruleset's sets are too small, or larger than needed");
            };)*
            const _: () = assert!([$($n),*].len() == RULESETS.len() + SEED_RULESETS.len());
            match code.0 {
                $($n => job.run::<$set, Known<$n>>(Known),)*
                _ => match ruleset.board.len() <= <u64 as PointSet>::CAPACITY {
                    true => job.run::<u64, Dynamic>(Dynamic(ruleset)),
                    false => job.run::<u128, Dynamic>(Dynamic(ruleset)),
                },
            }
        }};
    }
    known!(
        0: u64, 1: u64, 2: u64, 3: u64, 4: u64, 5: u64, 6: u64, 7: u64, 8: u64, 9: u64, 10: u64,
        11: u64, 12: u64, 13: u128, 14: u64, 15: u64, 16: u64, 17: u64, 18: u64, 19: u64,
        20: u128,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Position;

    #[test]
    fn each_of_the_21_rulesets_runs_its_own_code_and_a_copy_the_code_for_any() {
        for (n, ruleset) in Ruleset::all().enumerate() {
            assert_eq!(Code::of(ruleset).0 as usize, n, "{}", ruleset.id);
            let copy: &'static Ruleset = Box::leak(Box::new(Ruleset { ..*ruleset }));
            assert_eq!(Code::of(copy).0, Code::HAND_BUILT.0, "{}", ruleset.id);
        }
    }

    #[test]
    fn the_rule_book_consts_run_their_own_code() {
        for (n, ruleset) in Ruleset::RULE_BOOK.into_iter().enumerate() {
            assert_eq!(Code::of(ruleset).0 as usize, n, "{}", ruleset.id);
        }
    }

    /// The code that reads the rules at run time plays every game as the
    /// code compiled for it does.
    #[test]
    fn a_copy_of_each_ruleset_plays_as_the_ruleset() {
        for ruleset in Ruleset::all() {
            let copy: &'static Ruleset = Box::leak(Box::new(Ruleset { ..*ruleset }));
            let depth = match ruleset.board.len() {
                0..=25 => 4,
                26..=49 => 3,
                _ => 2,
            };
            let (original, copied) = (Position::start(ruleset), Position::start(copy));
            assert_eq!(original.perft(depth), copied.perft(depth), "{}", ruleset.id);
            assert_eq!(original, copied, "{}", ruleset.id);
        }
    }
}
