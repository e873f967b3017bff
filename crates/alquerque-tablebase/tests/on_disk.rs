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

/// A build that keeps its finished tables on disk, through a cache of a
/// few blocks, makes the same files as one that keeps them in memory: in
/// games with turned-round tables, and with kings, huffs and passes.
#[test]
fn a_build_on_disk_writes_the_tables_a_build_in_memory_does() {
    let cache = Arc::new(BlockCache::new(4 * (16 << 10)));
    for (id, pieces) in [("lau-kata-kati", 4), ("zamma", 2)] {
        let ruleset = Ruleset::find(id).expect("a game");
        let (in_memory, on_disk) = (Scratch::new(id), Scratch::new(&format!("{id}-on-disk")));
        let built = Tablebase::build_in(&in_memory.0, ruleset, pieces, &|_| {}).expect("builds");
        let opened =
            Tablebase::build_on_disk(&on_disk.0, ruleset, pieces, &cache, &|_| {}).expect("builds");
        assert_eq!(opened.tables().count(), built.tables().count(), "{id}");
        assert!(opened.tables().all(|table| table.is_on_disk()), "{id}");
        let files = |dir: &PathBuf| {
            let mut files: Vec<(std::ffi::OsString, Vec<u8>)> = std::fs::read_dir(dir)
                .expect("a directory")
                .map(|entry| {
                    let path = entry.expect("an entry").path();
                    let name = path.file_name().expect("a name").to_os_string();
                    (name, std::fs::read(&path).expect("read"))
                })
                .collect();
            files.sort();
            files
        };
        let written = files(&in_memory.0);
        assert_eq!(written.len(), built.tables().count(), "{id}");
        assert!(written == files(&on_disk.0), "{id}");
    }
}
