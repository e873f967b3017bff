//! The repository's proof that White wins Alquerque, read: the web server
//! and the Hard and Master players keep it in memory, so what it takes
//! there is watched (docs/hosting-figures.md); and the proof read is the
//! proof in the file. Its own test binary, so that no other test's
//! memory is counted.

use std::io::Read;
use std::path::Path;

use alquerque_proof::{Proof, verify};
use flate2::read::GzDecoder;

/// The resident memory of this process, in KiB (Linux's
/// `/proc/self/status`).
fn resident_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|line| line.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Read, the proof's 3,449,003 turns take about 150 MiB (32-byte packed
/// positions and turns as indices; 420 MiB when the strategy kept the
/// seed model's positions and turns): well under 256 MiB.
#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "reads the 12 MB proof: run in release (CI does)"
)]
#[cfg_attr(not(target_os = "linux"), ignore = "reads /proc/self/status")]
fn the_proof_read_takes_less_than_256_mib_and_writes_back_the_same()
-> Result<(), Box<dyn std::error::Error>> {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../proofs/alquerque/white-wins.proof.gz");
    let before = resident_kib().ok_or("no VmRSS")?;
    let proof = Proof::load(&path)?;
    let after = resident_kib().ok_or("no VmRSS")?;
    assert_eq!(proof.strategy.len(), 3_449_003);
    let taken = after.saturating_sub(before) / 1024;
    println!("the proof read takes {taken} MiB");
    assert!(taken < 256, "the proof read takes {taken} MiB");
    // And it is the proof it was: the verifier's figures of it, and
    // written again, the same text.
    let verified = verify(&proof)?;
    assert_eq!(
        (verified.positions, verified.ends, verified.moves_used),
        (5_898_315, 402_795, 3_449_003)
    );
    let mut file = Vec::new();
    GzDecoder::new(std::fs::File::open(&path)?).read_to_end(&mut file)?;
    let mut written = Vec::new();
    proof.write(&mut written)?;
    assert!(
        written == file,
        "the proof written again differs from its file"
    );
    Ok(())
}
