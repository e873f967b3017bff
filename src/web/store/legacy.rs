//! Games as versions before the database kept them: one JSON file per
//! game in the data directory (`<id>.json`), read here to be imported.
//! The files are left as they were.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use peralikatuma_rules::Side;
use serde::{Deserialize, Serialize};

use super::is_game_id;

/// The version of the files' layout.
pub const FORMAT: u32 = 1;

/// One game's file.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct LegacyGame {
    /// The layout's version, [`FORMAT`].
    pub format: u32,
    /// The game's id, also the file's name.
    pub id: String,
    /// Who plays the other side: `human`, `friend`, `beginner`, `easy`,
    /// `medium`, `hard`, `master`.
    pub opponent: String,
    /// The side of the person who started the game.
    pub colour: Side,
    /// The secret token of the seat of the person who started the game.
    pub owner: String,
    /// The secret token of the friend's seat, in a game with a friend.
    pub guest: Option<String>,
    /// A draw offered and not yet answered, by this side.
    pub draw_offer: Option<Side>,
    /// The game record (N4).
    pub record: String,
}

/// A file that is not a game as these versions kept them.
#[derive(Debug, thiserror::Error)]
#[error("{path}: {error}")]
pub struct LegacyError {
    /// The file.
    pub path: PathBuf,
    /// What is wrong.
    pub error: String,
}

/// A game's file: the game, and when the file was last written (seconds
/// since 1970, 0 if unknown).
#[derive(Clone, Debug)]
pub struct LegacyFile {
    /// The game.
    pub game: LegacyGame,
    /// When its file was last written.
    pub modified: u64,
}

/// Reads the game kept in `path`.
///
/// # Errors
/// When it cannot be read, or is not a game of layout [`FORMAT`] whose id
/// is the file's name.
pub fn read(path: &Path) -> Result<LegacyFile, LegacyError> {
    let fail = |error: String| LegacyError {
        path: path.to_owned(),
        error,
    };
    let text = fs::read(path).map_err(|e| fail(e.to_string()))?;
    let game: LegacyGame = serde_json::from_slice(&text).map_err(|e| fail(e.to_string()))?;
    if game.format != FORMAT {
        return Err(fail(format!("layout {} is not {FORMAT}", game.format)));
    }
    let named = path.file_stem().and_then(|s| s.to_str());
    if named != Some(game.id.as_str()) {
        return Err(fail(format!("the file holds game `{}`", game.id)));
    }
    let modified = fs::metadata(path)
        .and_then(|m| m.modified())
        .ok()
        .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
        .map_or(0, |t| t.as_secs());
    Ok(LegacyFile { game, modified })
}

/// The paths of the games' files in `dir` (`<id>.json`), in the order of
/// their names.
///
/// # Errors
/// When the directory cannot be read.
pub fn files(dir: &Path) -> io::Result<Vec<PathBuf>> {
    let mut paths = Vec::new();
    for entry in fs::read_dir(dir)? {
        let path = entry?.path();
        let id = path
            .file_name()
            .and_then(|n| n.to_str())
            .and_then(|n| n.strip_suffix(".json"));
        if id.is_some_and(is_game_id) && path.is_file() {
            paths.push(path);
        }
    }
    paths.sort();
    Ok(paths)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temporary_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("web-legacy-{name}-{}", std::process::id()));
        fs::remove_dir_all(&dir).ok();
        fs::create_dir_all(&dir).expect("a directory");
        dir
    }

    fn game(id: &str) -> LegacyGame {
        LegacyGame {
            format: FORMAT,
            id: id.to_owned(),
            opponent: "easy".to_owned(),
            colour: Side::White,
            owner: "secret".to_owned(),
            guest: None,
            draw_offer: None,
            record: "[Variant \"Alquerque\"]\n\n*\n".to_owned(),
        }
    }

    #[test]
    fn game_files_are_found_and_read_and_others_are_refused() {
        let dir = temporary_dir("read");
        let write = |name: &str, text: &str| fs::write(dir.join(name), text).expect("written");
        write(
            "abc.json",
            &serde_json::to_string(&game("abc")).expect("json"),
        );
        write(
            "other.json",
            &serde_json::to_string(&game("abc")).expect("json"),
        );
        write("broken.json", "{");
        write("notes.txt", "not a game");
        write(".abc.0123.tmp", "a temporary file");
        let found = files(&dir).expect("listed");
        let names: Vec<_> = found
            .iter()
            .filter_map(|p| p.file_name()?.to_str())
            .collect();
        assert_eq!(names, ["abc.json", "broken.json", "other.json"]);
        assert_eq!(read(&found[0]).expect("a game").game, game("abc"));
        let broken = read(&found[1]).expect_err("not JSON");
        assert!(broken.to_string().contains("broken.json"), "{broken}");
        let other = read(&found[2]).expect_err("another game's id");
        assert!(other.error.contains("game `abc`"), "{other}");
        fs::remove_dir_all(&dir).ok();
    }
}
