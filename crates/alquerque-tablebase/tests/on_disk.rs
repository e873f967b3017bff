//! Every game's tables, written to files and opened there, probe as the
//! tables built in memory do.

use std::path::PathBuf;
use std::sync::Arc;

use alquerque_tablebase::{BlockCache, Tablebase};
use peralikatuma_rules::{Position, Ruleset};

/// A directory of its own under the system's temporary one, removed when
/// dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let path = std::env::temp_dir().join(format!(
            "alquerque-tablebase-test-{name}-{}",
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&path);
        Scratch(path)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// All 21 games' two-piece tables (three pieces where the board is small
/// enough to be quick): every number of every table gives the same value
/// on disk as in memory, and every seventh legal position the same probe.
/// The cache holds 16 blocks, fewer than Alquerque's three-piece tables
/// have, so that blocks are read again.
#[test]
fn every_games_tables_probe_on_disk_as_in_memory() {
    let cache = Arc::new(BlockCache::new(16 * (16 << 10)));
    for ruleset in Ruleset::all() {
        let pieces = if ruleset.board.len() <= 25 { 3 } else { 2 };
        let scratch = Scratch::new(ruleset.id);
        let built = Tablebase::build_in(&scratch.0, ruleset, pieces, &|_| {}).expect("builds");
        let opened = Tablebase::open(&scratch.0, ruleset, &cache).expect("opens");
        assert_eq!(opened.pieces(), pieces, "{ruleset}");
        let mut probed = 0;
        for table in built.tables() {
            let on_disk = opened.table(table.material()).expect("opened");
            assert!(on_disk.is_on_disk(), "{ruleset} {}", table.material());
            let indexer = table.indexer();
            for index in 0..indexer.size() {
                assert_eq!(
                    on_disk.value(index),
                    table.value(index),
                    "{ruleset} {} {index}",
                    table.material()
                );
                if index % 7 != 0 {
                    continue;
                }
                if let Ok(position) = Position::from_setup(&indexer.setup(index)) {
                    assert_eq!(
                        opened.probe(&position),
                        built.probe(&position),
                        "{position}"
                    );
                    probed += 1;
                }
            }
        }
        assert!(probed > 0, "{ruleset}");
        assert!(cache.bytes() <= cache.capacity());
    }
}
