//! Scores: centi-pieces from the side to move's point of view, and won or
//! lost games that know how far away they are.

use std::fmt;

/// A search score, from the point of view of the side to move: positive is
/// good for it. Ordinary scores are in hundredths of a man; a won or lost
/// game scores near [`Score::WIN`] or its negation, less the number of
/// turns (plies) to the end, so that a sooner win scores higher.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct Score(pub i32);

impl Score {
    /// The score of a game won now.
    pub const WIN: Score = Score(1_000_000);
    /// Above every score the search can return.
    pub const INFINITY: Score = Score(1_000_001);
    /// A drawn game.
    pub const DRAW: Score = Score(0);
    /// Scores beyond this (in absolute value) are won or lost games.
    const DECISIVE: i32 = 1_000_000 - 10_000;
    /// The score of a position an endgame table says is won, before the
    /// distances are taken off: far above every evaluation, below every
    /// game the search has seen to its end.
    pub const TABLEBASE_WIN: Score = Score(500_000);

    /// A win known from the endgame tables, `plies` turns from the root
    /// and `to_zeroing` turns from the next removal: sooner scores higher.
    /// It prints as an ordinary score (`cp 499990`): the turns to the end
    /// are not known.
    pub const fn tablebase_win(plies: u32, to_zeroing: u32) -> Score {
        Score(Score::TABLEBASE_WIN.0 - plies as i32 - to_zeroing as i32)
    }

    /// A win for the side to move `plies` turns from the root.
    pub const fn win_in(plies: u32) -> Score {
        Score(Score::WIN.0 - plies as i32)
    }

    /// A loss for the side to move `plies` turns from the root.
    pub const fn loss_in(plies: u32) -> Score {
        Score(-Score::WIN.0 + plies as i32)
    }

    /// Whether the score is a won or lost game.
    pub const fn is_decisive(self) -> bool {
        self.0.abs() > Score::DECISIVE
    }

    /// Turns to the end of a won (positive) or lost (negative) game, if the
    /// score is decisive.
    pub const fn plies_to_end(self) -> Option<i32> {
        if !self.is_decisive() {
            None
        } else if self.0 > 0 {
            Some(Score::WIN.0 - self.0)
        } else {
            Some(-(Score::WIN.0 + self.0))
        }
    }
}

impl std::ops::Neg for Score {
    type Output = Score;
    fn neg(self) -> Score {
        Score(-self.0)
    }
}

/// `cp 25` for an ordinary score (hundredths of a man), `win 7` or
/// `loss 4` for a decided game, counted in turns (plies).
impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.plies_to_end() {
            Some(plies) if self.0 > 0 => write!(f, "win {plies}"),
            Some(plies) => write!(f, "loss {}", -plies),
            None => write!(f, "cp {}", self.0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sooner_wins_score_higher() {
        assert!(Score::win_in(3) > Score::win_in(5));
        assert!(Score::loss_in(5) > Score::loss_in(3));
        assert_eq!(-Score::win_in(4), Score::loss_in(4));
        assert_eq!(Score::win_in(4).to_string(), "win 4");
        assert_eq!(Score::loss_in(2).to_string(), "loss 2");
        assert_eq!(Score(-37).to_string(), "cp -37");
        assert_eq!(Score::loss_in(0).to_string(), "loss 0");
        assert_eq!(Score::win_in(0).to_string(), "win 0");
        assert!(!Score(5000).is_decisive());
        let known = Score::tablebase_win(3, 7);
        assert!(!known.is_decisive() && known > Score::tablebase_win(3, 9));
        assert!(known < Score::win_in(100) && known > Score(50_000));
    }
}
