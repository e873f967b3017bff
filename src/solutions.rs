//! Proofs of a game's value for the frontends, which Hard and Master play
//! from: read from `proofs/<game>/` (or the directory named by
//! `$ALQUERQUE_PROOFS`), where the `solve` example writes them and where
//! the repository keeps Alquerque's. A proof takes seconds to read, so it
//! is read in the background the first time a game asks for it: until it
//! is ready, the machine plays by its search alone.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Condvar, Mutex, OnceLock};

use alquerque_proof::{Proof, ProofError};
use peralikatuma_rules::{Position, Ruleset};

/// The directory the frontends read proofs from.
pub fn directory() -> PathBuf {
    std::env::var_os("ALQUERQUE_PROOFS")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("proofs"))
}

/// Where a game's proof is: being read, or read (`None`: there is none).
enum State {
    Reading,
    Read(Option<Arc<Proof>>),
}

/// Each game's proof, and a signal when one has been read.
struct Cache {
    states: Mutex<HashMap<&'static Ruleset, State>>,
    read: Condvar,
}

fn cache() -> &'static Cache {
    static CACHE: OnceLock<Cache> = OnceLock::new();
    CACHE.get_or_init(|| Cache {
        states: Mutex::default(),
        read: Condvar::new(),
    })
}

/// The proof for `ruleset`'s start position, if it has been read; the
/// first call starts reading it in the background. Only the rule book's
/// games have one. A damaged proof is reported once on standard error and
/// not used.
pub fn for_ruleset(ruleset: &'static Ruleset) -> Option<Arc<Proof>> {
    if !ruleset.is_rule_book() {
        return None;
    }
    let mut states = cache().states.lock().ok()?;
    match states.get(ruleset) {
        Some(State::Read(proof)) => proof.clone(),
        Some(State::Reading) => None,
        // No proof file at all (listing the folder is quick): nothing to
        // read, and nothing is said to be read.
        None if proof_files(ruleset).is_empty() => {
            states.insert(ruleset, State::Read(None));
            None
        }
        None => {
            states.insert(ruleset, State::Reading);
            std::thread::spawn(move || {
                let proof = read(ruleset).unwrap_or_else(|error| {
                    eprintln!("warning: the proof of {ruleset} is not used: {error}");
                    None
                });
                if let Ok(mut states) = cache().states.lock() {
                    states.insert(ruleset, State::Read(proof));
                }
                cache().read.notify_all();
            });
            None
        }
    }
}

/// Whether `ruleset`'s proof is being read now (asked for, not read yet).
pub fn pending(ruleset: &'static Ruleset) -> bool {
    let Ok(states) = cache().states.lock() else {
        return false;
    };
    matches!(states.get(ruleset), Some(State::Reading))
}

/// The proof for `ruleset`'s start position, waiting for it to be read:
/// for runs that must not depend on timing (tournaments).
pub fn wait_for(ruleset: &'static Ruleset) -> Option<Arc<Proof>> {
    if let Some(proof) = for_ruleset(ruleset) {
        return Some(proof);
    }
    let cache = cache();
    let states = cache.states.lock().ok()?;
    let states = cache
        .read
        .wait_while(states, |states| {
            matches!(states.get(ruleset), Some(State::Reading))
        })
        .ok()?;
    match states.get(ruleset) {
        Some(State::Read(proof)) => proof.clone(),
        _ => None,
    }
}

/// Reads the first proof (by file name) in `proofs/<game>/` that starts
/// from `ruleset`'s start position: `None` if there is none.
pub fn read(ruleset: &'static Ruleset) -> Result<Option<Arc<Proof>>, ProofError> {
    let start = Position::start(ruleset);
    for path in proof_files(ruleset) {
        let proof = Proof::load(&path)?;
        if proof.start == start {
            return Ok(Some(Arc::new(proof)));
        }
    }
    Ok(None)
}

/// The proof files in `proofs/<game>/` (`*.proof.gz`), by name.
fn proof_files(ruleset: &'static Ruleset) -> Vec<PathBuf> {
    let folder = directory().join(ruleset.id);
    let Ok(entries) = std::fs::read_dir(&folder) else {
        return Vec::new();
    };
    let mut paths: Vec<PathBuf> = entries
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .filter(|path| path.to_string_lossy().ends_with(".proof.gz"))
        .collect();
    paths.sort();
    paths
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn waiting_for_a_game_without_a_proof_ends_with_none() {
        // No proof of Permainan is kept: none is said to be read (the
        // folder has no proof file), and the wait ends at once, every time
        // it is asked.
        assert!(for_ruleset(Ruleset::PERMAINAN).is_none());
        assert!(!pending(Ruleset::PERMAINAN));
        assert!(wait_for(Ruleset::PERMAINAN).is_none());
        assert!(wait_for(Ruleset::PERMAINAN).is_none());
        assert!(for_ruleset(Ruleset::PERMAINAN).is_none());
    }
}
