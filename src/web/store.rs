//! Games kept in the data directory, one JSON file per game, written
//! atomically: to a temporary file, flushed to the disk, then renamed over
//! the old one, so that a server stopped or killed at any moment leaves
//! every game as it was after its last change.
//!
//! The file wraps the game's record (N4) with what the record does not
//! say: who plays (the machine's strength, a friend), and the seats'
//! secret tokens, which never appear in a record that is downloaded.

use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use peralikatuma_rules::Side;
use serde::{Deserialize, Serialize};

/// The version of the file's layout.
pub const FORMAT: u32 = 1;

/// What is kept of one game.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct StoredGame {
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

/// The data directory.
#[derive(Clone, Debug)]
pub struct Store {
    dir: PathBuf,
}

/// Whether `id` can name a game: 1 to 64 letters, digits, `-` or `_`, so
/// that it never leaves the data directory.
pub fn is_game_id(id: &str) -> bool {
    (1..=64).contains(&id.len())
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// A new file that only its owner can read (where the platform says so):
/// it holds the seats' secret tokens.
fn private_file(path: &Path) -> io::Result<File> {
    let mut options = fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    options.open(path)
}

impl Store {
    /// The store in `dir`, created if it does not exist.
    ///
    /// # Errors
    /// When the directory cannot be created.
    pub fn open(dir: impl Into<PathBuf>) -> io::Result<Store> {
        let dir = dir.into();
        fs::create_dir_all(&dir)?;
        Ok(Store { dir })
    }

    /// The directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    fn path(&self, id: &str) -> PathBuf {
        self.dir.join(format!("{id}.json"))
    }

    /// Writes `game` atomically: a reader, or a restart after a crash,
    /// finds either the old file or the new one, whole.
    ///
    /// # Errors
    /// When the file cannot be written; the old one is then left as it
    /// was.
    pub fn save(&self, game: &StoredGame) -> io::Result<()> {
        if !is_game_id(&game.id) {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!("`{}` is not a game id", game.id),
            ));
        }
        let text = serde_json::to_vec_pretty(game)?;
        let temporary = self
            .dir
            .join(format!(".{}.{:016x}.tmp", game.id, rand::random::<u64>()));
        let written = (|| {
            let mut file = private_file(&temporary)?;
            file.write_all(&text)?;
            file.sync_all()?;
            fs::rename(&temporary, self.path(&game.id))
        })();
        if written.is_err() {
            fs::remove_file(&temporary).ok();
        }
        written?;
        // The rename itself is made durable by syncing the directory
        // (where the platform allows opening one).
        if let Ok(dir) = File::open(&self.dir) {
            dir.sync_all().ok();
        }
        Ok(())
    }

    /// The game kept as `id`, or `None` when there is none.
    ///
    /// # Errors
    /// When the file exists and cannot be read or is not a kept game.
    pub fn load(&self, id: &str) -> io::Result<Option<StoredGame>> {
        if !is_game_id(id) {
            return Ok(None);
        }
        let text = match fs::read(self.path(id)) {
            Ok(text) => text,
            Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(None),
            Err(error) => return Err(error),
        };
        let game: StoredGame = serde_json::from_slice(&text)
            .map_err(|error| io::Error::new(io::ErrorKind::InvalidData, error))?;
        if game.id != id {
            return Err(io::Error::new(
                io::ErrorKind::InvalidData,
                format!("the file of game `{id}` holds game `{}`", game.id),
            ));
        }
        Ok(Some(game))
    }

    /// The ids of every game kept, in no particular order.
    ///
    /// # Errors
    /// When the directory cannot be read.
    pub fn ids(&self) -> io::Result<Vec<String>> {
        let mut ids = Vec::new();
        for entry in fs::read_dir(&self.dir)? {
            let name = entry?.file_name();
            let name = name.to_string_lossy();
            if let Some(id) = name.strip_suffix(".json").filter(|id| is_game_id(id)) {
                ids.push(id.to_owned());
            }
        }
        Ok(ids)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temporary_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("web-store-{name}-{}", std::process::id()));
        fs::remove_dir_all(&dir).ok();
        dir
    }

    fn game(id: &str) -> StoredGame {
        StoredGame {
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
    fn a_game_saved_is_loaded_back_and_leaves_no_temporary_file() {
        let dir = temporary_dir("save");
        let store = Store::open(&dir).expect("a directory");
        store.save(&game("abc")).expect("written");
        let mut changed = game("abc");
        changed.record = "[Variant \"Alquerque\"]\n\n1. d2-c3 *\n".to_owned();
        store.save(&changed).expect("written again");
        assert_eq!(store.load("abc").expect("readable"), Some(changed));
        assert_eq!(store.ids().expect("listed"), ["abc"]);
        let files = fs::read_dir(&dir).expect("listed").count();
        assert_eq!(files, 1);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let kept = fs::metadata(dir.join("abc.json")).expect("kept");
            assert_eq!(
                kept.permissions().mode() & 0o077,
                0,
                "others cannot read the tokens"
            );
        }
        assert_eq!(store.load("nothing").expect("no error"), None);
        fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn ids_never_name_a_file_outside_the_directory() {
        assert!(is_game_id("a1-B_2"));
        for bad in ["", "../x", "a/b", "a.json", &"x".repeat(65)] {
            assert!(!is_game_id(bad), "{bad}");
        }
        let dir = temporary_dir("ids");
        let store = Store::open(&dir).expect("a directory");
        assert_eq!(store.load("../etc").expect("no error"), None);
        assert!(store.save(&game("../x")).is_err());
        fs::remove_dir_all(&dir).ok();
    }
}
