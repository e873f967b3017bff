//! Proofs of a game's value for the frontends, which Hard and Master play
//! from: read from `proofs/<game>/` (or the directory named by
//! `$ALQUERQUE_PROOFS`), where the `solve` example writes them and where
//! the repository keeps Alquerque's. A proof takes seconds to read, so it
//! is read in the background the first time a game asks for it: until it
//! is ready, the machine plays by its search alone.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, OnceLock};

use alquerque_proof::{Proof, ProofError};
use peralikatuma_rules::{Position, Variant};

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

type Cache = Mutex<HashMap<Variant, State>>;

fn cache() -> &'static Cache {
    static CACHE: OnceLock<Cache> = OnceLock::new();
    CACHE.get_or_init(Default::default)
}

/// The proof for `variant`'s start position, if it has been read; the
/// first call starts reading it in the background. A damaged proof is
/// reported once on standard error and not used.
pub fn for_variant(variant: Variant) -> Option<Arc<Proof>> {
    let mut states = cache().lock().ok()?;
    match states.get(&variant) {
        Some(State::Read(proof)) => proof.clone(),
        Some(State::Reading) => None,
        None => {
            states.insert(variant, State::Reading);
            std::thread::spawn(move || {
                let proof = read(variant).unwrap_or_else(|error| {
                    eprintln!("warning: the proof of {variant} is not used: {error}");
                    None
                });
                if let Ok(mut states) = cache().lock() {
                    states.insert(variant, State::Read(proof));
                }
            });
            None
        }
    }
}

/// The proof for `variant`'s start position, waiting for it to be read:
/// for runs that must not depend on timing (tournaments).
pub fn wait_for(variant: Variant) -> Option<Arc<Proof>> {
    loop {
        let reading = {
            let states = cache().lock().ok()?;
            matches!(states.get(&variant), Some(State::Reading))
        };
        if !reading {
            if let Some(proof) = for_variant(variant) {
                return Some(proof);
            }
            let states = cache().lock().ok()?;
            if let Some(State::Read(proof)) = states.get(&variant) {
                return proof.clone();
            }
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

/// Reads the first proof (by file name) in `proofs/<game>/` that starts
/// from `variant`'s start position: `None` if there is none.
pub fn read(variant: Variant) -> Result<Option<Arc<Proof>>, ProofError> {
    let folder = directory().join(variant.name());
    let Ok(entries) = std::fs::read_dir(&folder) else {
        return Ok(None);
    };
    let mut paths: Vec<PathBuf> = entries
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .filter(|path| path.to_string_lossy().ends_with(".proof.gz"))
        .collect();
    paths.sort();
    let start = Position::start(variant);
    for path in paths {
        let proof = Proof::load(&path)?;
        if proof.start == start {
            return Ok(Some(Arc::new(proof)));
        }
    }
    Ok(None)
}
