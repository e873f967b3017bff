//! Endgame tables for the frontends: read once per game from the directory
//! the `tablebase` example writes (`tablebases`, or the one named by
//! `$ALQUERQUE_TABLEBASES`), if it holds any.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, OnceLock};

use alquerque_tablebase::{LoadError, Tablebase};
use peralikatuma_rules::Ruleset;

/// The directory the frontends read tables from.
pub fn directory() -> PathBuf {
    std::env::var_os("ALQUERQUE_TABLEBASES")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("tablebases"))
}

type Cache = Mutex<HashMap<&'static Ruleset, Option<Arc<Tablebase>>>>;

/// The tables of `ruleset` in [`directory`], read the first time they are
/// asked for; `None` if there are none. A damaged file, or one built for
/// other rules, is reported once on standard error and the game is played
/// without tables.
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

/// Reads the tables of `ruleset` from [`directory`]: `None` if it has none.
pub fn read(ruleset: &'static Ruleset) -> Result<Option<Arc<Tablebase>>, LoadError> {
    let tablebase = Tablebase::load(&directory(), ruleset)?;
    let any = tablebase.tables().next().is_some();
    Ok(any.then(|| Arc::new(tablebase)))
}
