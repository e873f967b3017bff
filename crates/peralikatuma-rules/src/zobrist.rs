//! Zobrist keys of family positions, generated at compile time.

use crate::Side;
use crate::position::Position;

/// SplitMix64: a fixed, well-mixed sequence for the keys.
const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (state, z ^ (z >> 31))
}

/// Points a family board may have.
const POINTS: usize = 128;

struct Keys {
    /// By side, then point.
    men: [[u64; POINTS]; 2],
    /// By side, then point.
    kings: [[u64; POINTS]; 2],
    /// An opponent's piece that may be huffed on this point.
    huffable: [u64; POINTS],
    /// No pass just played (no key), one, or two.
    passes: [u64; 3],
    /// A man on this point that may not step east, or west (A5).
    barred: [[u64; POINTS]; 2],
    black_to_move: u64,
}

static KEYS: Keys = {
    // Not the seed games' sequence: a family key is never one of theirs.
    let mut state = 0xfa31_1e55_a1c0_4e5e;
    let mut men = [[0; POINTS]; 2];
    let mut kings = [[0; POINTS]; 2];
    let mut huffable = [0; POINTS];
    let mut i = 0;
    while i < POINTS {
        let (s, a) = splitmix(state);
        let (s, b) = splitmix(s);
        let (s, c) = splitmix(s);
        let (s, d) = splitmix(s);
        let (s, e) = splitmix(s);
        men[0][i] = a;
        men[1][i] = b;
        kings[0][i] = c;
        kings[1][i] = d;
        huffable[i] = e;
        state = s;
        i += 1;
    }
    let (s, one_pass) = splitmix(state);
    let (s, two_passes) = splitmix(s);
    let (mut state, black_to_move) = splitmix(s);
    let mut barred = [[0; POINTS]; 2];
    let mut i = 0;
    while i < POINTS {
        let (s, east) = splitmix(state);
        let (s, west) = splitmix(s);
        barred[0][i] = east;
        barred[1][i] = west;
        state = s;
        i += 1;
    }
    Keys {
        men,
        kings,
        huffable,
        passes: [0, one_pass, two_passes],
        barred,
        black_to_move,
    }
};

/// The combined key of the points of `set` in `keys`. Keys combine by
/// exclusive or, so the key of a set changes by the key of the points
/// that changed: `fold(a) ^ fold(b) == fold(a ^ b)`.
#[inline]
fn fold(set: u128, keys: &[u64; POINTS]) -> u64 {
    // By halves: on a board of up to 64 points the high half is empty.
    let mut hash = 0;
    for (half, offset) in [(set as u64, 0), ((set >> 64) as u64, 64)] {
        let mut half = half;
        while half != 0 {
            hash ^= keys[offset + half.trailing_zeros() as usize];
            half &= half - 1;
        }
    }
    hash
}

impl Position {
    /// A 64-bit Zobrist hash of everything that decides the position's
    /// future: the pieces, the side to move, the pieces that may be
    /// huffed, the no-return restrictions and the passes just played. Equal
    /// positions hash alike; positions of different rulesets may too. Kept
    /// up to date as turns are played, so it costs nothing to read.
    ///
    /// ```
    /// use peralikatuma_rules::{Position, Ruleset};
    ///
    /// let start = Position::start(Ruleset::find("zamma")?);
    /// let after = start.play(&start.legal_turns()[0])?;
    /// assert_ne!(start.zobrist(), after.zobrist());
    /// assert_eq!(start.zobrist(), Position::start(Ruleset::find("zamma")?).zobrist());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn zobrist(&self) -> u64 {
        self.hash
    }

    /// The position with its hash computed from scratch: for a position
    /// whose fields were set one by one.
    pub(super) fn rehashed(mut self) -> Position {
        let mut hash = pieces_key(Side::White, self.men(Side::White), self.kings(Side::White))
            ^ pieces_key(Side::Black, self.men(Side::Black), self.kings(Side::Black))
            ^ huffable_key(self.huffable)
            ^ barred_key(self.barred)
            ^ passes_key(self.passes);
        if self.side == Side::Black {
            hash ^= black_to_move_key();
        }
        self.hash = hash;
        self
    }
}

/// The key of `side`'s man, or king, on `point`.
#[inline(always)]
pub(super) fn piece_key(side: Side, king: bool, point: u8) -> u64 {
    match king {
        false => KEYS.men[side.index()][usize::from(point)],
        true => KEYS.kings[side.index()][usize::from(point)],
    }
}

/// The combined key of `side`'s men on `men` and kings on `kings`.
#[inline(always)]
pub(super) fn pieces_key(side: Side, men: u128, kings: u128) -> u64 {
    fold(men, &KEYS.men[side.index()]) ^ fold(kings, &KEYS.kings[side.index()])
}

/// The combined key of the pieces that may be huffed, `huffable` (the
/// change from one set to another is the key of their difference).
#[inline(always)]
pub(super) fn huffable_key(huffable: u128) -> u64 {
    fold(huffable, &KEYS.huffable)
}

/// The combined key of the no-return restrictions `barred` (east, west);
/// `barred_key(a) ^ barred_key(b)` is `barred_key` of their difference
/// (`a[i] ^ b[i]`).
#[inline(always)]
pub(super) fn barred_key(barred: [u128; 2]) -> u64 {
    fold(barred[0], &KEYS.barred[0]) ^ fold(barred[1], &KEYS.barred[1])
}

/// The key of Black to move.
#[inline(always)]
pub(super) fn black_to_move_key() -> u64 {
    KEYS.black_to_move
}

/// The key of `passes` passes just played: none for none, one for one,
/// another for two or more.
#[inline(always)]
pub(super) fn passes_key(passes: u8) -> u64 {
    KEYS.passes[usize::from(passes.min(2))]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{RULESETS, Ruleset};

    /// Positions of random games of every ruleset hash equal exactly when
    /// they are the same for repetition (no collision among a few
    /// thousand): the hash leaves out the count of quiet turns.
    #[test]
    fn different_positions_of_random_games_hash_differently() {
        let mut seen = std::collections::HashMap::new();
        for (n, ruleset) in RULESETS.iter().enumerate() {
            let mut position = Position::start(ruleset);
            let mut state = n as u64;
            for _ in 0..200 {
                let turns = position.legal_turns();
                if turns.is_empty() {
                    break;
                }
                let previous = seen.insert((ruleset.id, position.zobrist()), position);
                assert!(
                    previous.is_none_or(|p| p.same_for_repetition(&position)),
                    "{position:?}"
                );
                let (s, pick) = splitmix(state);
                state = s;
                position = position.play_unchecked(&turns[pick as usize % turns.len()]);
            }
        }
        assert!(seen.len() > 2000, "{}", seen.len());
    }

    /// The hash kept as turns are played is the hash from scratch, at every
    /// position of random games of all 21 games (huffs, passes, no return,
    /// crowning and chains included).
    #[test]
    fn the_kept_hash_is_the_hash_from_scratch() {
        for (n, ruleset) in Ruleset::all().enumerate() {
            let mut position = Position::start(ruleset);
            let mut state = 1000 + n as u64;
            for _ in 0..300 {
                assert_eq!(
                    position.zobrist(),
                    position.rehashed().zobrist(),
                    "{position:?}"
                );
                let turns = position.legal_turns();
                if turns.is_empty() {
                    break;
                }
                let (s, pick) = splitmix(state);
                state = s;
                position = position.play_unchecked(&turns[pick as usize % turns.len()]);
            }
        }
    }

    #[test]
    fn the_huffable_pieces_the_passes_and_the_side_to_move_count() {
        let zamma = Ruleset::find("zamma").expect("a ruleset");
        let hashes: Vec<u64> = [
            "W:Wa1,c3:Bd4,e5",
            "B:Wa1,c3:Bd4,e5",
            "W:Wa1,c3:Bd4,e5:Hd4",
            "W:Wa1,c3:Bd4,e5:He5",
            "W:Wa1,c3:Bd4,e5:P1",
            "W:Wa1,Kc3:Bd4,e5",
        ]
        .iter()
        .map(|text| Position::parse(zamma, text).expect(text).zobrist())
        .collect();
        for (i, a) in hashes.iter().enumerate() {
            assert!(!hashes[i + 1..].contains(a), "{i}");
        }
    }

    #[test]
    fn the_no_return_restrictions_count_a5() {
        let alquerque = crate::Ruleset::ALQUERQUE;
        let hashes: Vec<u64> = ["W:Wb3:Bd5", "W:Wb3:Bd5:Rb3-a3", "W:Wb3:Bd5:Rb3-c3"]
            .iter()
            .map(|text| Position::parse(alquerque, text).expect(text).zobrist())
            .collect();
        assert!(hashes[0] != hashes[1] && hashes[1] != hashes[2] && hashes[0] != hashes[2]);
    }
}
