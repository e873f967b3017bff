//! Tables on disk: one file per material, a header that says what it
//! holds and for which rules, then the values compressed in blocks, each
//! with its checksum, so that one can be read without the others.
//!
//! The header, all integers little-endian:
//!
//! | bytes | field |
//! | --- | --- |
//! | 8 | `ALQTBASE` |
//! | 4 | format version ([`FORMAT`]) |
//! | 4 | rules version ([`RULES_VERSION`]) |
//! | 32 | the game's id, padded with zeros (16 in format 1) |
//! | 4 | men of White and Black, kings of White and Black |
//! | 8 | positions (one value byte each) |
//! | 4 | values a block (format 3) |
//! | 8 | length of the compressed values |
//! | 4 | CRC-32 of the index (format 3); of the values (formats 1 and 2) |
//!
//! then, in format 3, the index: for each block of values (the last may
//! be shorter), 8 bytes for where its compressed bytes end (counted from
//! the first block's start) and 4 for the CRC-32 of its values; then the
//! blocks, each compressed as one LZ4 block. Formats 1 and 2, still read,
//! have no index and compress all the values as one LZ4 block.

use std::fs;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use peralikatuma_rules::RULES_VERSION;
use peralikatuma_rules::Ruleset;
use rayon::prelude::*;

use crate::disk::{BlockCache, OnDisk, read_at};
use crate::index::Indexer;
use crate::material::Material;
use crate::table::Table;
use crate::tablebase::Tablebase;

const MAGIC: &[u8; 8] = b"ALQTBASE";
/// The version of the file format written: 3 compresses the values in
/// blocks with an index, so that a table can be probed on disk; 2 gave
/// the game's id 32 bytes, as the family's ids are longer than format 1's
/// 16. Files of formats 1 and 2 are still read, whole.
const FORMAT: u32 = 3;

/// The values a block holds in the files written: 16 KiB, which a probe
/// decompresses in a few microseconds.
pub(crate) const BLOCK: u32 = 1 << 14;

/// The values a block may hold in a file read: a power of two from 4 KiB
/// (an index of at most 0.3% of the values) to 16 MiB (a damaged header
/// cannot ask for more memory than that a block).
const LEAST_BLOCK: u32 = 1 << 12;
const MOST_BLOCK: u32 = 1 << 24;

/// The bytes of an index entry: where the block ends, its CRC-32.
const ENTRY: usize = 12;

/// The bytes of the game's id in the header of a file of `format`.
const fn id_bytes(format: u32) -> usize {
    if format == 1 { 16 } else { 32 }
}

/// The length of the header of a file of `format`.
const fn header(format: u32) -> usize {
    let block = if format >= 3 { 4 } else { 0 };
    8 + 4 + 4 + id_bytes(format) + 4 + 8 + block + 8 + 4
}

/// Why tables could not be read.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// The file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        source: io::Error,
    },
    /// The file is not a table of this format.
    #[error("{path}: not an alquerque-tablebase file")]
    NotATable {
        /// The file.
        path: PathBuf,
    },
    /// The file was built for other rules or in another format.
    #[error(
        "{path}: built for format {format} and rules version {rules}; this program reads formats 1 to {FORMAT} with rules version {RULES_VERSION}: build the tables again"
    )]
    Version {
        /// The file.
        path: PathBuf,
        /// Its format version.
        format: u32,
        /// Its rules version.
        rules: u32,
    },
    /// The file holds another material than its name says.
    #[error("{path}: holds {found}, expected {expected}")]
    WrongMaterial {
        /// The file.
        path: PathBuf,
        /// What its name promised.
        expected: String,
        /// What it holds.
        found: String,
    },
    /// The values do not match their checksum or their count.
    #[error("{path}: damaged ({what}): build the table again")]
    Damaged {
        /// The file.
        path: PathBuf,
        /// What did not match.
        what: &'static str,
    },
}

/// The file name of a material's table: `peralikatuma-3v2.tb`.
pub fn file_name(material: Material) -> String {
    format!("{}-{material}.tb", material.ruleset.id)
}

/// The header's first fields, the same in every format: the magic, the
/// format, the rules' version, the game's id, the material.
fn header_start(format: u32, material: Material) -> Vec<u8> {
    let mut bytes = MAGIC.to_vec();
    bytes.extend_from_slice(&format.to_le_bytes());
    bytes.extend_from_slice(&RULES_VERSION.to_le_bytes());
    let mut name = vec![0u8; id_bytes(format)];
    let game = material.ruleset.id.as_bytes();
    name[..game.len()].copy_from_slice(game);
    bytes.extend_from_slice(&name);
    bytes.extend_from_slice(&[
        material.men[0],
        material.men[1],
        material.kings[0],
        material.kings[1],
    ]);
    bytes
}

/// Whether the file at `path` is of the format written now (`false` if
/// it cannot be read).
pub(crate) fn is_current(path: &Path) -> bool {
    let mut start = Vec::with_capacity(12);
    let read = fs::File::open(path).and_then(|file| file.take(12).read_to_end(&mut start));
    read.is_ok() && start.len() == 12 && start[8..12] == FORMAT.to_le_bytes()
}

/// What a file's header says, checked against the material expected.
struct Header {
    format: u32,
    /// Its length in bytes.
    length: usize,
    positions: u64,
    /// Values a block (format 3).
    block: u32,
    packed: u64,
    crc: u32,
}

impl Header {
    /// Reads the header at the start of `bytes` (which may hold more).
    fn read(bytes: &[u8], expected: Material, path: &Path) -> Result<Header, LoadError> {
        let path = || path.to_path_buf();
        if bytes.len() < header(1) || &bytes[..8] != MAGIC {
            return Err(LoadError::NotATable { path: path() });
        }
        let u32_at = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap_or([0; 4]));
        let u64_at = |at: usize| u64::from_le_bytes(bytes[at..at + 8].try_into().unwrap_or([0; 8]));
        let (format, rules) = (u32_at(8), u32_at(12));
        if !(1..=FORMAT).contains(&format) || rules != RULES_VERSION {
            return Err(LoadError::Version {
                path: path(),
                format,
                rules,
            });
        }
        if bytes.len() < header(format) {
            return Err(LoadError::Damaged {
                path: path(),
                what: "its header",
            });
        }
        let at = 16 + id_bytes(format);
        let name = &bytes[16..at];
        let name = &name[..name.iter().position(|&b| b == 0).unwrap_or(name.len())];
        let ruleset = std::str::from_utf8(name)
            .ok()
            .and_then(|name| Ruleset::all().find(|r| r.id == name));
        let found = ruleset.map(|ruleset| Material {
            ruleset,
            men: [bytes[at], bytes[at + 1]],
            kings: [bytes[at + 2], bytes[at + 3]],
        });
        if found != Some(expected) {
            let found = match found {
                Some(m) => format!("{} {m}", m.ruleset),
                None => "an unknown game".to_owned(),
            };
            return Err(LoadError::WrongMaterial {
                path: path(),
                expected: format!("{} {expected}", expected.ruleset),
                found,
            });
        }
        let positions = u64_at(at + 4);
        let (block, at) = match format {
            3.. => (u32_at(at + 12), at + 16),
            _ => (0, at + 12),
        };
        let header = Header {
            format,
            length: header(format),
            positions,
            block,
            packed: u64_at(at),
            crc: u32_at(at + 8),
        };
        let damaged = |what| LoadError::Damaged { path: path(), what };
        // Checked before anything is allocated by these numbers.
        if Some(positions) != Indexer::checked(expected).map(|indexer| indexer.size()) {
            return Err(damaged("its count"));
        }
        if format >= 3 && !(block.is_power_of_two() && (LEAST_BLOCK..=MOST_BLOCK).contains(&block))
        {
            return Err(damaged("its block length"));
        }
        Ok(header)
    }

    /// The blocks of a file of format 3, from its index (`index`, the
    /// bytes after the header).
    fn blocks(&self, index: &[u8], path: &Path) -> Result<BlockIndex, LoadError> {
        let damaged = |what| LoadError::Damaged {
            path: path.to_path_buf(),
            what,
        };
        let count = self.positions.div_ceil(u64::from(self.block));
        let length = usize::try_from(count)
            .ok()
            .and_then(|count| count.checked_mul(ENTRY))
            .filter(|&length| length <= index.len())
            .ok_or_else(|| damaged("its index's length"))?;
        let index = &index[..length];
        if crc32fast::hash(index) != self.crc {
            return Err(damaged("its index's checksum"));
        }
        let (ends, crcs): (Vec<u64>, Vec<u32>) = index
            .chunks_exact(ENTRY)
            .map(|entry| {
                let end = u64::from_le_bytes(entry[..8].try_into().unwrap_or([0; 8]));
                let crc = u32::from_le_bytes(entry[8..].try_into().unwrap_or([0; 4]));
                (end, crc)
            })
            .unzip();
        let blocks = BlockIndex {
            positions: self.positions,
            block: self.block,
            data: (self.length + length) as u64,
            ends,
            crcs,
        };
        // Each block ends after the one before, no further than its
        // values compressed at worst take, and the last where the
        // compressed values end.
        let mut start = 0;
        for (block, &end) in blocks.ends.iter().enumerate() {
            let most = lz4_flex::block::get_maximum_output_size(blocks.values(block)) as u64;
            if end < start || end - start > most {
                return Err(damaged("its index"));
            }
            start = end;
        }
        if start != self.packed {
            return Err(damaged("its index"));
        }
        Ok(blocks)
    }
}

/// The index of a file of format 3: where each block lies, its checksum.
#[derive(Debug)]
pub(crate) struct BlockIndex {
    /// How many values the table holds.
    pub(crate) positions: u64,
    /// Values a block (the last may hold fewer).
    pub(crate) block: u32,
    /// Where the first block starts in the file.
    pub(crate) data: u64,
    ends: Vec<u64>,
    crcs: Vec<u32>,
}

impl BlockIndex {
    /// How many blocks there are.
    pub(crate) fn count(&self) -> usize {
        self.ends.len()
    }

    /// Where block `block`'s compressed bytes start and end, counted from
    /// the first block's start.
    pub(crate) fn span(&self, block: usize) -> (u64, u64) {
        let start = match block {
            0 => 0,
            _ => self.ends[block - 1],
        };
        (start, self.ends[block])
    }

    /// How many values block `block` holds.
    fn values(&self, block: usize) -> usize {
        let start = block as u64 * u64::from(self.block);
        (self.positions - start).min(u64::from(self.block)) as usize
    }

    /// The values of block `block` from its compressed bytes, checked.
    pub(crate) fn unpack(
        &self,
        block: usize,
        packed: &[u8],
        path: &Path,
    ) -> Result<Vec<u8>, LoadError> {
        let damaged = |what| LoadError::Damaged {
            path: path.to_path_buf(),
            what,
        };
        let values = lz4_flex::block::decompress(packed, self.values(block))
            .map_err(|_| damaged("its values"))?;
        if values.len() != self.values(block) || crc32fast::hash(&values) != self.crcs[block] {
            return Err(damaged("a block's checksum"));
        }
        Ok(values)
    }

    /// The bytes the index takes in memory.
    pub(crate) fn index_bytes(&self) -> usize {
        self.ends.capacity() * 8 + self.crcs.capacity() * 4
    }
}

impl Table {
    /// The table as the bytes of its file (of the latest format, blocks
    /// compressed on every core).
    pub fn to_bytes(&self) -> Result<Vec<u8>, LoadError> {
        let codes = self.all_codes()?;
        let material = self.material();
        let blocks: Vec<(Vec<u8>, u32)> = codes
            .par_chunks(BLOCK as usize)
            .map(|values| (lz4_flex::block::compress(values), crc32fast::hash(values)))
            .collect();
        let mut index = Vec::with_capacity(blocks.len() * ENTRY);
        let mut end = 0u64;
        for (packed, crc) in &blocks {
            end += packed.len() as u64;
            index.extend_from_slice(&end.to_le_bytes());
            index.extend_from_slice(&crc.to_le_bytes());
        }
        let mut bytes = Vec::with_capacity(header(FORMAT) + index.len() + end as usize);
        bytes.extend_from_slice(&header_start(FORMAT, material));
        bytes.extend_from_slice(&(codes.len() as u64).to_le_bytes());
        bytes.extend_from_slice(&BLOCK.to_le_bytes());
        bytes.extend_from_slice(&end.to_le_bytes());
        bytes.extend_from_slice(&crc32fast::hash(&index).to_le_bytes());
        bytes.extend_from_slice(&index);
        for (packed, _) in &blocks {
            bytes.extend_from_slice(packed);
        }
        Ok(bytes)
    }

    /// Reads a table of `expected` from the bytes of its file, into
    /// memory (`path` is only for messages).
    pub fn from_bytes(bytes: &[u8], expected: Material, path: &Path) -> Result<Table, LoadError> {
        let header = Header::read(bytes, expected, path)?;
        let damaged = |what| LoadError::Damaged {
            path: path.to_path_buf(),
            what,
        };
        let count = usize::try_from(header.positions).map_err(|_| damaged("its count"))?;
        let body = &bytes[header.length..];
        let codes = if header.format >= 3 {
            let blocks = header.blocks(body, path)?;
            let data = &bytes[blocks.data as usize..];
            if data.len() as u64 != header.packed {
                return Err(damaged("its length"));
            }
            let parts: Vec<Vec<u8>> = (0..blocks.count())
                .into_par_iter()
                .map(|block| {
                    let (start, end) = blocks.span(block);
                    blocks.unpack(block, &data[start as usize..end as usize], path)
                })
                .collect::<Result<_, _>>()?;
            let mut codes = Vec::with_capacity(count);
            parts.iter().for_each(|part| codes.extend_from_slice(part));
            codes
        } else {
            if body.len() as u64 != header.packed {
                return Err(damaged("its length"));
            }
            let codes =
                lz4_flex::block::decompress(body, count).map_err(|_| damaged("its values"))?;
            if crc32fast::hash(&codes) != header.crc {
                return Err(damaged("its checksum"));
            }
            codes
        };
        Table::from_codes(expected, codes).ok_or_else(|| damaged("its count"))
    }
}

impl Table {
    /// Writes the table to its file in `directory` (created if missing),
    /// whole or not at all.
    pub fn write(&self, directory: &Path) -> Result<(), LoadError> {
        let io = |path: &Path| {
            let path = path.to_path_buf();
            move |source| LoadError::Io { path, source }
        };
        fs::create_dir_all(directory).map_err(io(directory))?;
        let path = directory.join(file_name(self.material()));
        let temporary = path.with_extension("tb.part");
        let bytes = self.to_bytes()?;
        let mut file = fs::File::create(&temporary).map_err(io(&temporary))?;
        file.write_all(&bytes).map_err(io(&temporary))?;
        file.sync_all().map_err(io(&temporary))?;
        fs::rename(&temporary, &path).map_err(io(&path))?;
        Ok(())
    }

    /// Reads the table of `material` from `path` into memory: `None` if
    /// there is no such file.
    pub fn read(path: &Path, material: Material) -> Result<Option<Table>, LoadError> {
        match fs::read(path) {
            Ok(bytes) => Table::from_bytes(&bytes, material, path).map(Some),
            Err(error) if error.kind() == io::ErrorKind::NotFound => Ok(None),
            Err(source) => Err(LoadError::Io {
                path: path.to_path_buf(),
                source,
            }),
        }
    }

    /// Opens the table of `material` at `path` to be probed on disk: its
    /// header and index are read and checked now, and kept in memory (12
    /// bytes a block; the files written have 16 KiB of values a block);
    /// its blocks are read when a
    /// probe needs them, checked, and kept in `cache`. `None` if there is
    /// no such file. A file of an older format, which has no index, is
    /// read whole into memory.
    pub fn open(
        path: &Path,
        material: Material,
        cache: &Arc<BlockCache>,
    ) -> Result<Option<Table>, LoadError> {
        let io = |source| LoadError::Io {
            path: path.to_path_buf(),
            source,
        };
        let file = match fs::File::open(path) {
            Ok(file) => file,
            Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(None),
            Err(source) => return Err(io(source)),
        };
        let mut start = Vec::with_capacity(header(FORMAT));
        (&file)
            .take(header(FORMAT) as u64)
            .read_to_end(&mut start)
            .map_err(io)?;
        let header = Header::read(&start, material, path)?;
        if header.format < 3 {
            return Table::read(path, material);
        }
        let damaged = |what| LoadError::Damaged {
            path: path.to_path_buf(),
            what,
        };
        let size = file.metadata().map_err(io)?.len();
        let entries = header.positions.div_ceil(u64::from(header.block));
        let length = entries
            .checked_mul(ENTRY as u64)
            .filter(|&length| length <= size)
            .and_then(|length| usize::try_from(length).ok())
            .ok_or_else(|| damaged("its index's length"))?;
        let mut index = vec![0; length];
        read_at(&file, header.length as u64, &mut index).map_err(io)?;
        let blocks = header.blocks(&index, path)?;
        if blocks.data.checked_add(header.packed) != Some(size) {
            return Err(damaged("its length"));
        }
        let on_disk = OnDisk::new(file, path, blocks, Arc::clone(cache));
        Ok(Some(Table::on_disk(material, on_disk)))
    }
}

impl Tablebase {
    /// Writes every table to `directory` (created if missing), one file
    /// each, each written whole or not at all.
    pub fn save(&self, directory: &Path) -> Result<(), LoadError> {
        self.tables().try_for_each(|table| table.write(directory))
    }

    /// Reads the tables of `ruleset` found in `directory` into memory:
    /// every material up to the largest number of pieces whose tables are
    /// all there. Missing files only lower that number (to 1, no tables,
    /// if even the two-piece ones are missing); a file that is there but
    /// damaged, or built for other rules, is an error.
    pub fn load(directory: &Path, ruleset: &'static Ruleset) -> Result<Tablebase, LoadError> {
        Tablebase::gather(directory, ruleset, Table::read)
    }

    /// Opens the tables of `ruleset` found in `directory` to be probed on
    /// disk ([`Table::open`]), the same tables as [`Tablebase::load`]
    /// reads. What they keep in memory is their indexes
    /// ([`Tablebase::memory`]) and the blocks in `cache`, at most its
    /// capacity, shared with whatever else was opened with it.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use alquerque_tablebase::{BlockCache, Tablebase, Verdict};
    /// use peralikatuma_rules::{Position, Ruleset};
    ///
    /// let directory = std::env::temp_dir().join(format!("tables-{}", std::process::id()));
    /// let alquerque = Ruleset::ALQUERQUE;
    /// Tablebase::build_in(&directory, alquerque, 2, &|_| {})?;
    ///
    /// let cache = Arc::new(BlockCache::new(1 << 20));
    /// let tablebase = Tablebase::open(&directory, alquerque, &cache)?;
    /// let position = Position::parse(alquerque, "W:Wc2:Bc4")?;
    /// assert_eq!(tablebase.probe(&position).map(|p| p.verdict), Some(Verdict::Loss));
    /// assert!(cache.bytes() > 0);
    /// # std::fs::remove_dir_all(&directory)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn open(
        directory: &Path,
        ruleset: &'static Ruleset,
        cache: &Arc<BlockCache>,
    ) -> Result<Tablebase, LoadError> {
        Tablebase::gather(directory, ruleset, |path, material| {
            Table::open(path, material, cache)
        })
    }

    /// The tables of `ruleset` in `directory`, each got by `get` from its
    /// path: every material up to the largest number of pieces whose
    /// tables are all there.
    fn gather(
        directory: &Path,
        ruleset: &'static Ruleset,
        get: impl Fn(&Path, Material) -> Result<Option<Table>, LoadError>,
    ) -> Result<Tablebase, LoadError> {
        let mut tablebase = Tablebase::empty(ruleset);
        let most = (ruleset.start[0] | ruleset.start[1]).count_ones() as usize;
        'pieces: for pieces in 2..=most {
            let materials: Vec<Material> = Material::up_to(ruleset, pieces)
                .into_iter()
                .filter(|m| m.pieces() == pieces)
                .collect();
            let mut tables = Vec::new();
            for material in materials {
                match get(&directory.join(file_name(material)), material)? {
                    Some(table) => tables.push(table),
                    None => break 'pieces,
                }
            }
            for table in tables {
                tablebase.insert(table);
            }
            tablebase.set_pieces(pieces);
        }
        Ok(tablebase)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::value::{INVALID, Value};
    use peralikatuma_rules::Ruleset;

    /// A file of format 1 or 2 (no index, the values one LZ4 block), as
    /// earlier versions wrote them.
    fn old_format(table: &Table, format: u32) -> Vec<u8> {
        let codes = table.codes().expect("in memory");
        let material = table.material();
        let mut bytes = header_start(format, material);
        let packed = lz4_flex::block::compress(codes);
        bytes.extend_from_slice(&(codes.len() as u64).to_le_bytes());
        bytes.extend_from_slice(&(packed.len() as u64).to_le_bytes());
        bytes.extend_from_slice(&crc32fast::hash(codes).to_le_bytes());
        bytes.extend_from_slice(&packed);
        bytes
    }

    /// A directory of its own under the system's temporary one, removed
    /// when dropped.
    struct Scratch(PathBuf);

    impl Scratch {
        fn new(name: &str) -> Scratch {
            let path = std::env::temp_dir()
                .join(format!("alquerque-tablebase-{name}-{}", std::process::id()));
            let _ = fs::remove_dir_all(&path);
            Scratch(path)
        }
    }

    impl Drop for Scratch {
        fn drop(&mut self) {
            let _ = fs::remove_dir_all(&self.0);
        }
    }

    #[test]
    fn tables_survive_their_files_and_damage_is_found() {
        let tablebase = Tablebase::build(Ruleset::ALQUERQUE, 2, &|_| {}).expect("builds");
        let table = tablebase.tables().next().expect("one table");
        let material = table.material();
        let path = Path::new("alquerque-1v1.tb");
        let bytes = table.to_bytes().expect("in memory");
        let again = Table::from_bytes(&bytes, material, path).expect("reads back");
        assert_eq!(again.codes(), table.codes());

        // Files of formats 1 and 2 are still read.
        for format in [1, 2] {
            let old = old_format(table, format);
            let again = Table::from_bytes(&old, material, path).expect("an old format reads");
            assert_eq!(again.codes(), table.codes(), "format {format}");
            let mut flipped = old.clone();
            let last = flipped.len() - 1;
            flipped[last] ^= 0x40;
            assert!(Table::from_bytes(&flipped, material, path).is_err());
            // A count beyond the material's, found before it is used.
            let mut counted = old.clone();
            let at = 16 + id_bytes(format) + 4;
            counted[at..at + 8].copy_from_slice(&u64::MAX.to_le_bytes());
            assert!(matches!(
                Table::from_bytes(&counted, material, path),
                Err(LoadError::Damaged { .. })
            ));
        }

        let mut flipped = bytes.clone();
        let last = flipped.len() - 1;
        flipped[last] ^= 0x40;
        assert!(Table::from_bytes(&flipped, material, path).is_err());
        let mut old = bytes.clone();
        old[12] = old[12].wrapping_add(1);
        let error = Table::from_bytes(&old, material, path).expect_err("other rules");
        assert!(
            error.to_string().contains("build the tables again"),
            "{error}"
        );
        let other = Material {
            men: [2, 1],
            ..material
        };
        assert!(matches!(
            Table::from_bytes(&bytes, other, path),
            Err(LoadError::WrongMaterial { .. })
        ));
        assert!(matches!(
            Table::from_bytes(b"hello", material, path),
            Err(LoadError::NotATable { .. })
        ));
        // A damaged count or block length is found before anything is
        // allocated by it (bytes 52 and 60 of the header).
        for (at, value) in [
            (52, u64::MAX),
            (52, 1 << 40),
            (60, 0),
            (60, u64::from(u32::MAX)),
        ] {
            let mut hostile = bytes.clone();
            let width = if at == 52 { 8 } else { 4 };
            hostile[at..at + width].copy_from_slice(&value.to_le_bytes()[..width]);
            assert!(
                matches!(
                    Table::from_bytes(&hostile, material, path),
                    Err(LoadError::Damaged { .. })
                ),
                "{at}: {value}"
            );
        }
        for cut in [header(FORMAT), header(FORMAT) + 5, bytes.len() - 1] {
            assert!(
                Table::from_bytes(&bytes[..cut], material, path).is_err(),
                "cut at {cut}"
            );
        }
    }

    /// The family's ids are longer than format 1's 16 bytes.
    #[test]
    fn a_family_table_reads_back_under_its_long_id() {
        let ruleset = Ruleset::find("alquerque-covarrubias").expect("a ruleset");
        let tablebase = Tablebase::build(ruleset, 2, &|_| {}).expect("builds");
        let table = tablebase.tables().next().expect("one table");
        let path = Path::new(ruleset.id);
        let bytes = table.to_bytes().expect("in memory");
        let again = Table::from_bytes(&bytes, table.material(), path).expect("reads");
        assert_eq!(again.codes(), table.codes());
    }

    /// Tables probed on disk give every position the value the same
    /// tables give in memory, through a cache far smaller than they are,
    /// and their summaries agree.
    #[test]
    fn tables_probed_on_disk_agree_with_tables_in_memory() {
        let scratch = Scratch::new("on-disk");
        let lau = Ruleset::find("lau-kata-kati").expect("a ruleset");
        let built = Tablebase::build_in(&scratch.0, lau, 4, &|_| {}).expect("builds");
        // Two blocks of cache for tables of many blocks each.
        let cache = Arc::new(BlockCache::new(2 * u64::from(BLOCK)));
        let opened = Tablebase::open(&scratch.0, lau, &cache).expect("opens");
        assert_eq!(opened.pieces(), 4);
        let mut blocks = 0;
        for table in built.tables() {
            let on_disk = opened.table(table.material()).expect("opened");
            assert!(on_disk.is_on_disk() && !table.is_on_disk());
            let codes = table.codes().expect("in memory");
            blocks += codes.len().div_ceil(BLOCK as usize);
            for (index, &code) in codes.iter().enumerate() {
                assert_eq!(on_disk.code(index as u64), Some(code), "{index}");
                let value = (code != INVALID).then(|| Value::from_code(code)).flatten();
                assert_eq!(on_disk.value(index as u64), value);
            }
            assert_eq!(on_disk.code(codes.len() as u64), None);
            assert_eq!(on_disk.summary().ok(), table.summary().ok());
            assert!(on_disk.memory() < codes.len() / 100 + 64);
        }
        assert!(blocks > 2, "the cache holds fewer blocks than the tables");
        assert!(cache.bytes() <= cache.capacity());
        // And the positions' probes, claims and all.
        for table in built.tables() {
            let indexer = table.indexer();
            for index in (0..indexer.size()).step_by(97) {
                let Ok(position) = peralikatuma_rules::Position::from_setup(&indexer.setup(index))
                else {
                    continue;
                };
                assert_eq!(opened.probe(&position), built.probe(&position));
            }
        }
        // A table read back whole from its file is the one built.
        let loaded = Tablebase::load(&scratch.0, lau).expect("loads");
        for table in built.tables() {
            let again = loaded.table(table.material()).expect("loaded");
            assert_eq!(again.codes(), table.codes());
        }
    }

    /// A build in a directory that finds a table of an older format reads
    /// it and writes it again in this one, which can be probed on disk.
    #[test]
    fn a_build_writes_older_files_again_in_this_format() {
        let scratch = Scratch::new("older");
        let built = Tablebase::build(Ruleset::ALQUERQUE, 2, &|_| {}).expect("builds");
        fs::create_dir_all(&scratch.0).expect("a directory");
        for table in built.tables() {
            let path = scratch.0.join(file_name(table.material()));
            fs::write(&path, old_format(table, 2)).expect("written");
            assert!(!is_current(&path));
        }
        let cache = Arc::new(BlockCache::new(1 << 20));
        let before = Tablebase::open(&scratch.0, Ruleset::ALQUERQUE, &cache).expect("opens");
        assert!(before.tables().all(|table| !table.is_on_disk()));
        Tablebase::build_in(&scratch.0, Ruleset::ALQUERQUE, 2, &|_| {}).expect("reads");
        let after = Tablebase::open(&scratch.0, Ruleset::ALQUERQUE, &cache).expect("opens");
        for table in built.tables() {
            assert!(is_current(&scratch.0.join(file_name(table.material()))));
            let again = after.table(table.material()).expect("there");
            assert!(again.is_on_disk());
            assert_eq!(again.all_codes().ok().as_deref(), table.codes());
        }
    }

    /// A damaged block is found when a probe reads it; a damaged index or
    /// a cut file when the table is opened.
    #[test]
    fn damage_on_disk_is_found() {
        let scratch = Scratch::new("damage");
        let lau = Ruleset::find("lau-kata-kati").expect("a ruleset");
        let built = Tablebase::build(lau, 4, &|_| {}).expect("builds");
        // Three blocks.
        let material = Material {
            ruleset: lau,
            men: [2, 2],
            kings: [0, 0],
        };
        let table = built.table(material).expect("built");
        let bytes = table.to_bytes().expect("in memory");
        fs::create_dir_all(&scratch.0).expect("a directory");
        let path = scratch.0.join(file_name(material));
        let cache = Arc::new(BlockCache::new(1 << 20));
        let open = |bytes: &[u8]| {
            fs::write(&path, bytes).expect("written");
            Table::open(&path, material, &cache)
        };

        let codes = table.codes().expect("in memory");
        assert_eq!(codes.len().div_ceil(BLOCK as usize), 3);
        let whole = open(&bytes).expect("opens").expect("there");
        assert_eq!(whole.code(0), Some(codes[0]));

        // The last block's last byte: the probes of its positions fail,
        // the others' do not.
        let mut flipped = bytes.clone();
        let last = flipped.len() - 1;
        flipped[last] ^= 0x40;
        let damaged = open(&flipped).expect("the index is sound").expect("there");
        let end = codes.len() as u64 - 1;
        assert!(damaged.failure().is_none());
        assert_eq!(damaged.code(end), None);
        assert!(matches!(damaged.failure(), Some(LoadError::Damaged { .. })));
        assert_eq!(damaged.code(0), Some(codes[0]));
        assert!(matches!(damaged.summary(), Err(LoadError::Damaged { .. })));

        // A block read is served from the cache: cut the file under the
        // open table, and the block read before still answers, the
        // others fail.
        let cut = open(&bytes).expect("opens").expect("there");
        assert_eq!(cut.code(0), Some(codes[0]));
        fs::File::options()
            .write(true)
            .open(&path)
            .and_then(|file| file.set_len(header(FORMAT) as u64))
            .expect("cut");
        assert_eq!(cut.code(1), Some(codes[1]));
        assert_eq!(cut.code(end), None);
        assert!(matches!(cut.failure(), Some(LoadError::Io { .. })));

        // The index: a byte changed; or, with its checksum made again,
        // blocks out of order, a block longer than its values can be
        // compressed to, the last ending elsewhere than the values.
        let mut index = bytes.clone();
        index[header(FORMAT) + 3] ^= 1;
        assert!(matches!(open(&index), Err(LoadError::Damaged { .. })));
        let start = header(FORMAT);
        let end_of = |bytes: &[u8], block: usize| {
            let at = start + block * ENTRY;
            u64::from_le_bytes(bytes[at..at + 8].try_into().expect("8 bytes"))
        };
        let set_end = |bytes: &mut Vec<u8>, block: usize, end: u64| {
            let at = start + block * ENTRY;
            bytes[at..at + 8].copy_from_slice(&end.to_le_bytes());
            let crc = crc32fast::hash(&bytes[start..start + 3 * ENTRY]);
            bytes[start - 4..start].copy_from_slice(&crc.to_le_bytes());
        };
        let mut out_of_order = bytes.clone();
        set_end(&mut out_of_order, 0, end_of(&bytes, 1) + 1);
        let mut too_long = bytes.clone();
        set_end(&mut too_long, 0, 0);
        set_end(&mut too_long, 1, 0);
        let most = lz4_flex::block::get_maximum_output_size(codes.len() % BLOCK as usize);
        assert!(
            end_of(&bytes, 2) > most as u64,
            "the last block cannot hold them all"
        );
        let mut elsewhere = bytes.clone();
        set_end(&mut elsewhere, 2, end_of(&bytes, 2) - 1);
        // Ends near the top of the numbers, the compressed length with them.
        let mut huge = bytes.clone();
        for block in 0..3 {
            set_end(&mut huge, block, u64::MAX - 2 + block as u64);
        }
        huge[start - 12..start - 4].copy_from_slice(&u64::MAX.to_le_bytes());
        set_end(&mut huge, 2, u64::MAX);
        for (name, hostile) in [
            ("out of order", out_of_order),
            ("too long", too_long),
            ("elsewhere", elsewhere),
            ("huge", huge),
        ] {
            assert!(
                matches!(open(&hostile), Err(LoadError::Damaged { .. })),
                "{name}"
            );
            assert!(
                matches!(
                    Table::from_bytes(&hostile, material, &path),
                    Err(LoadError::Damaged { .. })
                ),
                "{name}"
            );
        }
        // A cut file.
        assert!(matches!(
            open(&bytes[..bytes.len() - 1]),
            Err(LoadError::Damaged { .. })
        ));
        assert!(matches!(
            open(&bytes[..20]),
            Err(LoadError::NotATable { .. })
        ));
        assert!(matches!(open(&bytes[..60]), Err(LoadError::Damaged { .. })));
        // No file.
        fs::remove_file(&path).expect("removed");
        assert!(matches!(Table::open(&path, material, &cache), Ok(None)));
    }
}
