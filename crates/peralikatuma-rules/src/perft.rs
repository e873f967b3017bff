//! Perft (RULES.md X1): the sequences of legal turns of a given length,
//! counted by code compiled for each ruleset, the last ply's turns counted
//! without being listed one by one ([`Position::count_as`]).

use board_topology::PointSet;

use crate::movegen::{Every, Listing};
use crate::position::Position;
use crate::specialised::{self, Job, Rules};
use crate::turn::Turn;

impl Position {
    /// Counts the sequences of `depth` turns (perft): a position where the
    /// game is over has none.
    ///
    /// ```
    /// use peralikatuma_rules::{Position, Ruleset};
    ///
    /// let start = Position::start(Ruleset::find("sixteen-soldiers")?);
    /// assert_eq!(start.perft(0), 1);
    /// assert_eq!(start.perft(1), start.legal_turns().len() as u64);
    /// # Ok::<(), peralikatuma_rules::UnknownRuleset>(())
    /// ```
    pub fn perft(&self, depth: u32) -> u64 {
        /// The count, compiled for each ruleset.
        struct Perft<'a>(&'a Position, u32);
        impl Job for Perft<'_> {
            type Output = u64;
            #[inline(always)]
            fn run<S: PointSet, R: Rules>(self, rules: R) -> u64 {
                self.0.perft_as::<S, R>(rules, self.1)
            }
        }
        specialised::run(self.ruleset(), self.code, Perft(self, depth))
    }

    /// [`Position::perft`] in the ruleset's sets `S`, under its rules `R`.
    fn perft_as<S: PointSet, R: Rules>(&self, rules: R, depth: u32) -> u64 {
        match depth {
            0 => return 1,
            // The last ply: its turns counted.
            1 => return self.count_as::<S, R>(rules) as u64,
            _ if self.ended_under(rules.get()).is_some() => return 0,
            _ => {}
        }
        let mut nodes = 0;
        let mut each = Every(|turn: &Turn| {
            nodes += self
                .play_as::<S, R>(rules, turn)
                .perft_as::<S, R>(rules, depth - 1);
        });
        self.generate_as::<S, R, false>(rules, Listing::Turns, &mut each);
        nodes
    }

    /// How many legal turns the position has (none where the game is
    /// over), in the ruleset's sets `S` under its rules `R`: steps, slides
    /// and captures counted without being listed. (On the boards of more
    /// than 64 points listing took fewer instructions, until their sets
    /// found points with fewer: Zamma's perft 6 counts in 65.5 million,
    /// lists in 74.6.)
    #[inline(always)]
    pub(super) fn count_as<S: PointSet, R: Rules>(&self, rules: R) -> usize {
        if self.ended_under(rules.get()).is_some() {
            return 0;
        }
        let mut listed = 0;
        let mut list = Every(|_: &Turn| listed += 1);
        let counted = self.generate_as::<S, R, true>(rules, Listing::Turns, &mut list);
        listed + counted as usize
    }
}
