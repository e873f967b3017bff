//! Endgame tables for the frontends: opened once per game from the
//! directory the `tablebase` example writes (`tablebases`, or the one
//! named by `$ALQUERQUE_TABLEBASES`), if it holds any, and probed on disk.
//!
//! Every game's tables share one cache of the blocks read from disk, of
//! [`CACHE_MEGABYTES`] MiB (or `$ALQUERQUE_TABLEBASE_CACHE_MB`): with the
//! tables' indexes (12 bytes a block of 16 KiB of positions), that bounds
//! the memory the tables take, whatever their size on disk.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, OnceLock};

use alquerque_tablebase::{BlockCache, LoadError, Tablebase};
use peralikatuma_rules::Ruleset;

/// The directory the frontends read tables from.
pub fn directory() -> PathBuf {
    std::env::var_os("ALQUERQUE_TABLEBASES")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("tablebases"))
}

/// The blocks of table files kept in memory, in MiB, unless
/// `$ALQUERQUE_TABLEBASE_CACHE_MB` says otherwise.
pub const CACHE_MEGABYTES: u64 = 64;

/// The cache of blocks every game's tables share.
pub fn block_cache() -> &'static Arc<BlockCache> {
    static CACHE: OnceLock<Arc<BlockCache>> = OnceLock::new();
    CACHE.get_or_init(|| {
        let megabytes = std::env::var("ALQUERQUE_TABLEBASE_CACHE_MB")
            .ok()
            .and_then(|text| text.trim().parse::<u64>().ok())
            .unwrap_or(CACHE_MEGABYTES);
        Arc::new(BlockCache::new(megabytes.saturating_mul(1 << 20)))
    })
}

type Cache = Mutex<HashMap<&'static Ruleset, Option<Arc<Tablebase>>>>;

/// The tables of `ruleset` in [`directory`], opened the first time they
/// are asked for; `None` if there are none. A damaged file (its header or
/// index), or one built for other rules, is reported once on standard
/// error and the game is played without tables; a damaged block, found
/// when a probe reads it, leaves its positions out of the tables.
pub fn for_ruleset(ruleset: &'static Ruleset) -> Option<Arc<Tablebase>> {
    static CACHE: OnceLock<Cache> = OnceLock::new();
    let cache = CACHE.get_or_init(Default::default);
    let mut cache = cache.lock().ok()?;
    cache
        .entry(ruleset)
        .or_insert_with(|| match read(ruleset) {
            Ok(found) => found,
            Err(error) => {
                eprintln!("warning: endgame tables not used: {error}");
                None
            }
        })
        .clone()
}

/// Opens the tables of `ruleset` in [`directory`], to be probed on disk
/// through [`block_cache`]: `None` if it has none.
pub fn read(ruleset: &'static Ruleset) -> Result<Option<Arc<Tablebase>>, LoadError> {
    let tablebase = Tablebase::open(&directory(), ruleset, block_cache())?;
    let any = tablebase.tables().next().is_some();
    Ok(any.then(|| Arc::new(tablebase)))
}
