//! Checkpoints: the settled positions saved to disk, so that a long solve
//! interrupted goes on where it stopped. The unsettled numbers are not
//! saved: they are found again quickly once the settled positions are
//! known.
//!
//! The file is a text line naming the format, the rules' version, the
//! goal and the start position's key, then the number of entries (u64),
//! the entries (key u64, whether the goal holds u8; little-endian), and a
//! CRC-32 of the entries.

use std::fs::{self, File};
use std::io::{self, BufReader, BufWriter, Read, Write};
use std::path::Path;

use alquerque_proof::Goal;
use peralikatuma_rules::Position;
use peralikatuma_rules::RULES_VERSION;

use crate::key::{KEYS_VERSION, key};
use crate::solved::Solved;

/// Why a checkpoint could not be read.
#[derive(Debug, thiserror::Error)]
pub enum CheckpointError {
    /// The file could not be read.
    #[error("cannot read the checkpoint: {0}")]
    Io(#[from] io::Error),
    /// The file is of another format, rules version, goal or start.
    #[error(
        "the checkpoint is of another search: its header is `{found}`, this search's is `{expected}`"
    )]
    Header {
        /// The header this search writes.
        expected: String,
        /// The header in the file.
        found: String,
    },
    /// The entries do not match their checksum.
    #[error("the checkpoint is damaged: its checksum does not match")]
    Checksum,
}

fn header(goal: Goal, start: &Position) -> String {
    format!(
        "alquerque-solver checkpoint 1 keys {KEYS_VERSION} rules {RULES_VERSION} goal {} start {:016x}\n",
        goal.id(),
        key(start)
    )
}

/// Writes the settled positions to `path` (through a temporary file, so
/// that an interruption never leaves a broken checkpoint); returns how
/// many were written.
pub(crate) fn save(
    solved: &Solved,
    goal: Goal,
    start: &Position,
    path: &Path,
) -> io::Result<usize> {
    let temporary = path.with_extension("tmp");
    let mut out = BufWriter::new(File::create(&temporary)?);
    out.write_all(header(goal, start).as_bytes())?;
    let count = solved.len();
    out.write_all(&(count as u64).to_le_bytes())?;
    let mut crc = crc32fast::Hasher::new();
    let mut written = 0;
    let mut result = Ok(());
    solved.for_each(|key, met| {
        if written == count || result.is_err() {
            return; // entries settled while saving wait for the next checkpoint
        }
        let mut entry = [0u8; 9];
        entry[..8].copy_from_slice(&key.to_le_bytes());
        entry[8] = u8::from(met);
        crc.update(&entry);
        result = out.write_all(&entry);
        written += 1;
    });
    result?;
    if written < count {
        // Cannot happen (nothing is ever removed), but never write a count
        // the entries do not match.
        return Err(io::Error::other("fewer settled positions than counted"));
    }
    out.write_all(&crc.finalize().to_le_bytes())?;
    out.into_inner()
        .map_err(io::IntoInnerError::into_error)?
        .sync_all()?;
    fs::rename(&temporary, path)?;
    Ok(written)
}

/// Reads the settled positions of a checkpoint into `solved`; returns how
/// many were read.
pub(crate) fn load(
    solved: &Solved,
    goal: Goal,
    start: &Position,
    path: &Path,
) -> Result<usize, CheckpointError> {
    let mut input = BufReader::new(File::open(path)?);
    let expected = header(goal, start);
    let mut found = vec![0u8; expected.len()];
    input.read_exact(&mut found)?;
    if found != expected.as_bytes() {
        return Err(CheckpointError::Header {
            expected: expected.trim_end().to_string(),
            found: String::from_utf8_lossy(&found)
                .lines()
                .next()
                .unwrap_or("")
                .to_string(),
        });
    }
    let mut count = [0u8; 8];
    input.read_exact(&mut count)?;
    let count = u64::from_le_bytes(count);
    let mut crc = crc32fast::Hasher::new();
    let mut entries = Vec::new();
    let mut entry = [0u8; 9];
    for _ in 0..count {
        input.read_exact(&mut entry)?;
        crc.update(&entry);
        let mut key = [0u8; 8];
        key.copy_from_slice(&entry[..8]);
        entries.push((u64::from_le_bytes(key), entry[8] != 0));
    }
    let mut stored = [0u8; 4];
    input.read_exact(&mut stored)?;
    if u32::from_le_bytes(stored) != crc.finalize() {
        return Err(CheckpointError::Checksum);
    }
    for &(key, met) in &entries {
        // The work is not saved: a resumed search has not done it.
        solved.insert(key, met, u64::MAX);
    }
    Ok(entries.len())
}
