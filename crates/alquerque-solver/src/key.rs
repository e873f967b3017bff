//! The key a solver stores a position under: its Zobrist hash (the rules
//! crate's family model's: pieces, side to move, no-return marks) and its
//! counter of quiet turns (E4),
//! since the same pieces may be won with sixty turns to go and drawn with
//! two.

use peralikatuma_rules::Position;

/// The revision of how positions are keyed, in checkpoints' headers: raise
/// it when the keys change (the counter's keys here, or the rules crate's
/// Zobrist keys), so that old checkpoints are refused. 2: the family
/// model's Zobrist keys, in place of the seed model's.
pub(crate) const KEYS_VERSION: u32 = 2;

/// One key for each value of the counter; the counter never goes past
/// sixty in a game (E4 ends it there).
const QUIET_KEYS: [u64; 64] = {
    let mut keys = [0u64; 64];
    let mut state: u64 = 0x051a_7e5e_ed0f_a1c3;
    let mut i = 0;
    while i < 64 {
        // splitmix64
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        keys[i] = z ^ (z >> 31);
        i += 1;
    }
    keys
};

/// The key of `position`, counter included.
#[inline]
pub(crate) fn key(position: &Position) -> u64 {
    let quiet = (position.quiet_turns() as usize).min(QUIET_KEYS.len() - 1);
    position.zobrist() ^ QUIET_KEYS[quiet]
}

#[cfg(test)]
mod tests {
    use super::*;
    use peralikatuma_rules::PositionTextError;
    use peralikatuma_rules::Ruleset;

    #[test]
    fn the_counter_changes_the_key() -> Result<(), PositionTextError> {
        let early = Position::parse(Ruleset::ALQUERQUE, "W:Wc2:Bc4")?;
        let late = Position::parse(Ruleset::ALQUERQUE, "W:Wc2:Bc4:C20")?;
        assert_eq!(early.zobrist(), late.zobrist());
        assert_ne!(key(&early), key(&late));
        Ok(())
    }

    #[test]
    fn the_counter_keys_differ() {
        for (i, a) in QUIET_KEYS.iter().enumerate() {
            assert!(QUIET_KEYS[i + 1..].iter().all(|b| a != b));
        }
    }
}
