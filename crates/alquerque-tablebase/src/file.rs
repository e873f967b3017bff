//! Tables on disk: one file per material, a header that says what it
//! holds and for which rules, the values compressed, a checksum.
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
//! | 8 | length of the compressed values |
//! | 4 | CRC-32 of the uncompressed values |
//!
//! then the values, compressed as one LZ4 block.

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use peralikatuma_rules::RULES_VERSION;
use peralikatuma_rules::Ruleset;

use crate::material::Material;
use crate::table::Table;
use crate::tablebase::Tablebase;

const MAGIC: &[u8; 8] = b"ALQTBASE";
/// The version of the file format written: 2 gives the game's id 32
/// bytes, as the family's ids are longer than format 1's 16 (files of
/// format 1, the rule book's games', are still read).
const FORMAT: u32 = 2;

/// The bytes of the game's id in the header of a file of `format`.
const fn id_bytes(format: u32) -> usize {
    if format == 1 { 16 } else { 32 }
}

/// The length of the header of a file of `format`.
const fn header(format: u32) -> usize {
    8 + 4 + 4 + id_bytes(format) + 4 + 8 + 8 + 4
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

impl Table {
    /// The table as the bytes of its file.
    pub fn to_bytes(&self) -> Vec<u8> {
        let material = self.material();
        let packed = lz4_flex::block::compress(self.codes());
        let mut bytes = Vec::with_capacity(header(FORMAT) + packed.len());
        bytes.extend_from_slice(MAGIC);
        bytes.extend_from_slice(&FORMAT.to_le_bytes());
        bytes.extend_from_slice(&RULES_VERSION.to_le_bytes());
        let mut name = [0u8; id_bytes(FORMAT)];
        let game = material.ruleset.id.as_bytes();
        name[..game.len()].copy_from_slice(game);
        bytes.extend_from_slice(&name);
        bytes.extend_from_slice(&[
            material.men[0],
            material.men[1],
            material.kings[0],
            material.kings[1],
        ]);
        bytes.extend_from_slice(&(self.codes().len() as u64).to_le_bytes());
        bytes.extend_from_slice(&(packed.len() as u64).to_le_bytes());
        bytes.extend_from_slice(&crc32fast::hash(self.codes()).to_le_bytes());
        bytes.extend_from_slice(&packed);
        bytes
    }

    /// Reads a table of `expected` from the bytes of its file (`path` is
    /// only for messages).
    pub fn from_bytes(bytes: &[u8], expected: Material, path: &Path) -> Result<Table, LoadError> {
        let path = || path.to_path_buf();
        if bytes.len() < header(1) || &bytes[..8] != MAGIC {
            return Err(LoadError::NotATable { path: path() });
        }
        let u32_at = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap_or([0; 4]));
        let u64_at = |at: usize| u64::from_le_bytes(bytes[at..at + 8].try_into().unwrap_or([0; 8]));
        let (format, rules) = (u32_at(8), u32_at(12));
        if !(1..=FORMAT).contains(&format) || rules != RULES_VERSION || bytes.len() < header(format)
        {
            return Err(LoadError::Version {
                path: path(),
                format,
                rules,
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
        let (count, packed, crc) = (u64_at(at + 4), u64_at(at + 12), u32_at(at + 20));
        let damaged = |what| LoadError::Damaged { path: path(), what };
        let body = &bytes[header(format)..];
        if body.len() as u64 != packed {
            return Err(damaged("its length"));
        }
        let count = usize::try_from(count).map_err(|_| damaged("its count"))?;
        let codes = lz4_flex::block::decompress(body, count).map_err(|_| damaged("its values"))?;
        if crc32fast::hash(&codes) != crc {
            return Err(damaged("its checksum"));
        }
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
        let mut file = fs::File::create(&temporary).map_err(io(&temporary))?;
        file.write_all(&self.to_bytes()).map_err(io(&temporary))?;
        file.sync_all().map_err(io(&temporary))?;
        fs::rename(&temporary, &path).map_err(io(&path))?;
        Ok(())
    }

    /// Reads the table of `material` from `path`: `None` if there is no
    /// such file.
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
}

impl Tablebase {
    /// Writes every table to `directory` (created if missing), one file
    /// each, each written whole or not at all.
    pub fn save(&self, directory: &Path) -> Result<(), LoadError> {
        self.tables().try_for_each(|table| table.write(directory))
    }

    /// Reads the tables of `ruleset` found in `directory`: every material
    /// up to the largest number of pieces whose tables are all there.
    /// Missing files only lower that number (to 1, no tables, if even the
    /// two-piece ones are missing); a file that is there but damaged, or
    /// built for other rules, is an error.
    pub fn load(directory: &Path, ruleset: &'static Ruleset) -> Result<Tablebase, LoadError> {
        let mut tablebase = Tablebase::empty(ruleset);
        let most = (ruleset.start[0] | ruleset.start[1]).count_ones() as usize;
        'pieces: for pieces in 2..=most {
            let materials: Vec<Material> = Material::up_to(ruleset, pieces)
                .into_iter()
                .filter(|m| m.pieces() == pieces)
                .collect();
            let mut tables = Vec::new();
            for material in materials {
                let path = directory.join(file_name(material));
                match Table::read(&path, material)? {
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
    use peralikatuma_rules::Ruleset;

    #[test]
    fn tables_survive_their_files_and_damage_is_found() {
        let tablebase = Tablebase::build(Ruleset::ALQUERQUE, 2, &|_| {}).expect("builds");
        let table = tablebase.tables().next().expect("one table");
        let material = table.material();
        let path = Path::new("alquerque-1v1.tb");
        let bytes = table.to_bytes();
        let again = Table::from_bytes(&bytes, material, path).expect("reads back");
        assert_eq!(again.codes(), table.codes());

        // A file of format 1 names the game in 16 bytes.
        let mut first = bytes[..12].to_vec();
        first[8..12].copy_from_slice(&1u32.to_le_bytes());
        first.extend_from_slice(&bytes[12..32]);
        first.extend_from_slice(&bytes[48..]);
        let again = Table::from_bytes(&first, material, path).expect("format 1 reads");
        assert_eq!(again.codes(), table.codes());

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
    }

    /// The family's ids are longer than format 1's 16 bytes.
    #[test]
    fn a_family_table_reads_back_under_its_long_id() {
        let ruleset = Ruleset::find("alquerque-covarrubias").expect("a ruleset");
        let tablebase = Tablebase::build(ruleset, 2, &|_| {}).expect("builds");
        let table = tablebase.tables().next().expect("one table");
        let path = Path::new(ruleset.id);
        let again = Table::from_bytes(&table.to_bytes(), table.material(), path).expect("reads");
        assert_eq!(again.codes(), table.codes());
    }
}
