//! The server as a child process: starting and killing it, its memory and
//! CPU time from `/proc`, and the directories it works in and reads.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::cli::Common;

/// The file this tool leaves in a directory it made, so that it may
/// remove that directory on the next run (and no other).
const MARKER: &str = ".made-by-examples-load";

/// Makes `dir` an empty directory of this tool's: an earlier run's is
/// removed first; any other directory that is not empty is refused.
pub(crate) fn fresh_dir(dir: &Path) -> Result<(), String> {
    if dir.exists() {
        if dir.join(MARKER).exists() {
            std::fs::remove_dir_all(dir)
                .map_err(|e| format!("cannot remove {}: {e}", dir.display()))?;
        } else {
            let mut entries = std::fs::read_dir(dir)
                .map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
            if entries.next().is_some() {
                return Err(format!(
                    "{} is not empty and was not made by this tool: choose another --dir",
                    dir.display()
                ));
            }
        }
    }
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot make {}: {e}", dir.display()))?;
    std::fs::write(
        dir.join(MARKER),
        "made by examples/load.rs; removed on its next run\n",
    )
    .map_err(|e| format!("cannot write in {}: {e}", dir.display()))
}

/// The server's resident memory, from `/proc/PID/status`.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Memory {
    /// Resident now (VmRSS), in KiB.
    rss_kib: u64,
    /// The most resident so far (VmHWM), in KiB.
    peak_kib: u64,
}

impl Memory {
    /// Resident memory now, in MiB.
    pub(crate) fn rss_mib(self) -> f64 {
        self.rss_kib as f64 / 1024.0
    }

    /// The most resident memory so far, in MiB.
    pub(crate) fn peak_mib(self) -> f64 {
        self.peak_kib as f64 / 1024.0
    }
}

/// The figure in KiB of the line `key:` of a `/proc/PID/status` text.
fn status_kib(text: &str, key: &str) -> Option<u64> {
    let line = text.lines().find(|line| line.starts_with(key))?;
    line[key.len()..]
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()
}

/// The files in the directory `dir`, and their size in MiB, or `none`.
fn files_in(dir: &Path) -> String {
    let mut count = 0;
    let mut bytes = 0;
    let mut stack = vec![dir.to_path_buf()];
    while let Some(at) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&at) else {
            continue;
        };
        for entry in entries.flatten() {
            match entry.metadata() {
                Ok(meta) if meta.is_dir() => stack.push(entry.path()),
                Ok(meta) => {
                    count += 1;
                    bytes += meta.len();
                }
                Err(_) => {}
            }
        }
    }
    match count {
        0 => format!("{}: none", dir.display()),
        _ => format!(
            "{}: {count} files, {:.1} MiB",
            dir.display(),
            bytes as f64 / (1024.0 * 1024.0)
        ),
    }
}

/// What the server will find to read besides its games: the proofs and
/// the endgame tables, in words.
pub(crate) fn server_reads(common: &Common) -> String {
    let env = |name: &str| std::env::var_os(name).map(PathBuf::from);
    let proofs = common
        .proofs
        .clone()
        .or_else(|| env("ALQUERQUE_PROOFS"))
        .unwrap_or_else(|| PathBuf::from("proofs"));
    let tables = common
        .tablebases
        .clone()
        .or_else(|| env("ALQUERQUE_TABLEBASES"))
        .unwrap_or_else(|| PathBuf::from("tablebases"));
    format!(
        "proofs {}; endgame tables {}",
        files_in(&proofs),
        files_in(&tables)
    )
}

/// The server started as a child process on a data directory; killed
/// (and waited for) when dropped.
pub(crate) struct ServerProcess {
    /// The process.
    child: Child,
    /// Its address: `http://127.0.0.1:PORT`.
    pub(crate) base: String,
}

impl ServerProcess {
    /// Starts the server of `common` on `data` (`--port 0`, loopback,
    /// `--at-once`, with `extra` arguments), its standard error to `log`,
    /// and waits until it says where it listens.
    pub(crate) fn start(
        common: &Common,
        data: &Path,
        log: &Path,
        extra: &[String],
    ) -> Result<ServerProcess, String> {
        let log_file = std::fs::File::create(log)
            .map_err(|e| format!("cannot make {}: {e}", log.display()))?;
        let mut command = Command::new(&common.serve);
        if let Some(proofs) = &common.proofs {
            command.env("ALQUERQUE_PROOFS", proofs);
        }
        if let Some(tablebases) = &common.tablebases {
            command.env("ALQUERQUE_TABLEBASES", tablebases);
        }
        let mut child = command
            .args(["--port", "0", "--bind", "127.0.0.1", "--at-once", "--data"])
            .arg(data)
            .arg("--thinkers")
            .arg(common.thinkers.to_string())
            .arg("--hard-ms")
            .arg(common.hard_ms.to_string())
            .args(extra)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(log_file)
            .spawn()
            .map_err(|e| {
                format!(
                    "cannot start the server {}: {e} (build it with `cargo build --release --example serve`)",
                    common.serve.display()
                )
            })?;
        let Some(stdout) = child.stdout.take() else {
            return Err("the server's standard output cannot be read".to_owned());
        };
        // The lines it prints, read on a thread of their own to the end so
        // that the pipe never fills.
        let (lines, said) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                // Once nobody listens, the lines are only drained.
                lines.send(line).ok();
            }
        });
        let mut server = ServerProcess {
            child,
            base: String::new(),
        };
        let until = Instant::now() + Duration::from_secs(60);
        loop {
            let left = until.saturating_duration_since(Instant::now());
            match said.recv_timeout(left) {
                Ok(line) => {
                    if let Some(rest) = line.strip_prefix("Open http://") {
                        let address = rest.split('/').next().unwrap_or_default();
                        server.base = format!("http://{address}");
                        return Ok(server);
                    }
                }
                Err(_) => {
                    let status = server.child.try_wait().ok().flatten();
                    return Err(format!(
                        "the server did not say where it listens ({}); see {}",
                        match status {
                            Some(status) => format!("it ended: {status}"),
                            None => "within a minute".to_owned(),
                        },
                        log.display()
                    ));
                }
            }
        }
    }

    /// Its process id.
    pub(crate) fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Its resident memory now.
    pub(crate) fn memory(&self) -> Result<Memory, String> {
        memory_of(self.pid())
    }

    /// `kill -9`, and waits for it to be gone.
    pub(crate) fn kill(&mut self) -> Result<(), String> {
        self.child
            .kill()
            .map_err(|e| format!("cannot kill the server: {e}"))?;
        self.child
            .wait()
            .map(drop)
            .map_err(|e| format!("cannot wait for the server: {e}"))
    }
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            self.child.kill().ok();
            self.child.wait().ok();
        }
    }
}

/// The resident memory of process `pid`.
pub(crate) fn memory_of(pid: u32) -> Result<Memory, String> {
    let path = format!("/proc/{pid}/status");
    let text = std::fs::read_to_string(&path).map_err(|e| format!("cannot read {path}: {e}"))?;
    match (status_kib(&text, "VmRSS:"), status_kib(&text, "VmHWM:")) {
        (Some(rss_kib), Some(peak_kib)) => Ok(Memory { rss_kib, peak_kib }),
        _ => Err(format!("{path} does not say VmRSS and VmHWM")),
    }
}

/// The CPU time process `pid` has used (user and system), in clock ticks.
pub(crate) fn cpu_ticks(pid: u32) -> Option<u64> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The fields after the command's name (in parentheses): state is the
    // first, utime the 12th and stime the 13th.
    let rest = text.rsplit_once(')')?.1;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let user: u64 = fields.get(11)?.parse().ok()?;
    let system: u64 = fields.get(12)?.parse().ok()?;
    Some(user + system)
}

/// Clock ticks a second (`getconf CLK_TCK`; 100 if it cannot say).
pub(crate) fn ticks_per_second() -> f64 {
    Command::new("getconf")
        .arg("CLK_TCK")
        .output()
        .ok()
        .and_then(|out| String::from_utf8(out.stdout).ok())
        .and_then(|text| text.trim().parse().ok())
        .unwrap_or(100.0)
}
