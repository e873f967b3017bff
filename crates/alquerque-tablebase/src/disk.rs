//! Tables probed where they lie: a table file's blocks are read from disk
//! when a probe needs them, checked, and kept in a cache of bounded size
//! shared by every table opened with it.

use std::fmt;
use std::fs::File;
use std::io;
use std::panic::AssertUnwindSafe;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};

use quick_cache::Weighter;

use crate::file::{BlockIndex, LoadError};

/// The blocks of table files read from disk, decompressed, kept up to a
/// number of bytes and shared by every table opened with it
/// ([`Tablebase::open`](crate::Tablebase::open)); when it is full, the
/// blocks least likely to be used again make room for new ones (the
/// `quick_cache` crate's policy). Safe to share between threads.
///
/// ```
/// use alquerque_tablebase::BlockCache;
///
/// let cache = BlockCache::new(32 << 20);
/// assert_eq!(cache.capacity(), 32 << 20);
/// assert_eq!(cache.bytes(), 0);
/// ```
pub struct BlockCache {
    /// Blocks by table and number. A panic while it is in use leaves at
    /// worst a block out, read again when next needed: it stays sound to
    /// use after one, as the tables that hold it were.
    blocks: AssertUnwindSafe<Cached>,
    capacity: u64,
}

/// Blocks by table and number.
type Cached = quick_cache::sync::Cache<(u64, u64), Arc<[u8]>, ByLength>;

/// A cached block weighs its length in bytes.
#[derive(Clone)]
struct ByLength;

impl Weighter<(u64, u64), Arc<[u8]>> for ByLength {
    fn weight(&self, _key: &(u64, u64), block: &Arc<[u8]>) -> u64 {
        block.len().max(1) as u64
    }
}

impl BlockCache {
    /// A cache that keeps at most `bytes` of blocks. It is split into
    /// parts that each keep their share, and a block larger than a part's
    /// share is not kept: give it a few megabytes at least.
    pub fn new(bytes: u64) -> BlockCache {
        let estimated = usize::try_from(bytes / crate::file::BLOCK as u64)
            .unwrap_or(usize::MAX)
            .max(1);
        BlockCache {
            blocks: AssertUnwindSafe(Cached::with_weighter(estimated, bytes.max(1), ByLength)),
            capacity: bytes,
        }
    }

    /// The most bytes of blocks it keeps.
    pub fn capacity(&self) -> u64 {
        self.capacity
    }

    /// The bytes of blocks it keeps now.
    pub fn bytes(&self) -> u64 {
        self.blocks.weight()
    }
}

impl fmt::Debug for BlockCache {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("BlockCache")
            .field("capacity", &self.capacity)
            .field("bytes", &self.bytes())
            .finish()
    }
}

/// The name each table opened gets in the caches, different for each.
static NEXT_NAME: AtomicU64 = AtomicU64::new(0);

/// A table file open for probing: its checked index in memory, its
/// blocks read when needed.
pub(crate) struct OnDisk {
    file: File,
    path: PathBuf,
    blocks: BlockIndex,
    name: u64,
    cache: Arc<BlockCache>,
    /// The first block that could not be read (set once, whole: sound
    /// after a panic).
    failure: AssertUnwindSafe<OnceLock<LoadError>>,
}

impl OnDisk {
    /// Opens the file at `path`, whose header and index were read and
    /// checked into `blocks`.
    pub(crate) fn new(
        file: File,
        path: &Path,
        blocks: BlockIndex,
        cache: Arc<BlockCache>,
    ) -> OnDisk {
        OnDisk {
            file,
            path: path.to_path_buf(),
            blocks,
            name: NEXT_NAME.fetch_add(1, Ordering::Relaxed),
            cache,
            failure: AssertUnwindSafe(OnceLock::new()),
        }
    }

    /// The code stored under `index`: `None` if out of range, or if its
    /// block cannot be read or is damaged.
    pub(crate) fn code(&self, index: u64) -> Option<u8> {
        if index >= self.blocks.positions {
            return None;
        }
        let block = index / u64::from(self.blocks.block);
        let at = (index % u64::from(self.blocks.block)) as usize;
        let key = (self.name, block);
        let values = self.cache.blocks.get_or_insert_with(&key, || {
            // A block that cannot be read or is damaged is kept as no
            // values, so that it is not read again at every probe, and
            // the first such failure is kept to be reported.
            self.block(block as usize).or_else(|failure| {
                let _ = self.failure.set(failure);
                Ok::<_, LoadError>(Arc::from([]))
            })
        });
        values.ok()?.get(at).copied()
    }

    /// Reads, decompresses and checks block `block`.
    pub(crate) fn block(&self, block: usize) -> Result<Arc<[u8]>, LoadError> {
        let (start, end) = self.blocks.span(block);
        let mut packed = vec![0; (end - start) as usize];
        read_at(&self.file, self.blocks.data + start, &mut packed).map_err(|source| {
            LoadError::Io {
                path: self.path.clone(),
                source,
            }
        })?;
        let values = self.blocks.unpack(block, &packed, &self.path)?;
        Ok(values.into())
    }

    /// The first block a probe could not read, or found damaged.
    pub(crate) fn failure(&self) -> Option<&LoadError> {
        self.failure.get()
    }

    /// How many positions it holds.
    pub(crate) fn positions(&self) -> u64 {
        self.blocks.positions
    }

    /// How many blocks it has.
    pub(crate) fn block_count(&self) -> usize {
        self.blocks.count()
    }

    /// The bytes its index takes in memory.
    pub(crate) fn index_bytes(&self) -> usize {
        self.blocks.index_bytes()
    }
}

impl fmt::Debug for OnDisk {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("OnDisk")
            .field("path", &self.path)
            .field("positions", &self.blocks.positions)
            .finish()
    }
}

/// Fills `buffer` from `file` at `offset`, without moving a shared cursor.
#[cfg(unix)]
pub(crate) fn read_at(file: &File, offset: u64, buffer: &mut [u8]) -> io::Result<()> {
    std::os::unix::fs::FileExt::read_exact_at(file, buffer, offset)
}

/// Fills `buffer` from `file` at `offset`, without moving a shared cursor.
#[cfg(windows)]
pub(crate) fn read_at(file: &File, mut offset: u64, mut buffer: &mut [u8]) -> io::Result<()> {
    use std::os::windows::fs::FileExt;
    while !buffer.is_empty() {
        match file.seek_read(buffer, offset) {
            Ok(0) => return Err(io::ErrorKind::UnexpectedEof.into()),
            Ok(n) => {
                buffer = &mut buffer[n..];
                offset += n as u64;
            }
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(())
}
