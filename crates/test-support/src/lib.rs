//! What the workspace's test suites share, so no crate copies it: the test vectors of
//! `test/vectors/` as typed structs ([`vectors`]), the built Stylus programs run through the
//! offline meter (`deployable`, with the feature `meter`), and a replayable random source ([`seeded_rng`]).
//!
//! ```
//! let circomlib = poseidon_test_support::vectors::circomlib();
//! assert!(circomlib.width(3).len() >= 10);
//! ```

#[cfg(feature = "meter")]
pub mod deployable;
pub mod vectors;

/// The word type of the vectors (ruint's, as alloy and the hash crates' tests use).
pub use alloy_primitives::U256;
use rand::{rngs::StdRng, Rng, SeedableRng};
use std::path::PathBuf;

/// The repository root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The JSON file at `relative` (to the repository root) as `T`; a missing or malformed file fails
/// naming it.
pub(crate) fn read_json<T: serde::de::DeserializeOwned>(relative: &str) -> T {
    let path = root().join(relative);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|err| panic!("cannot read {} ({err})", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|err| panic!("{}: {err}", path.display()))
}

/// Lowercase hex, no prefix.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The environment variable that replays a run of random tests.
pub const SEED_VARIABLE: &str = "TEST_SEED";

/// A random source seeded from [`SEED_VARIABLE`], or at random, and its seed. The seed is printed
/// (the harness shows it when the test fails) so that a failure can be replayed.
pub fn seeded_rng(test: &str) -> (u64, StdRng) {
    let seed = match std::env::var(SEED_VARIABLE) {
        Ok(text) => text
            .parse()
            .unwrap_or_else(|_| panic!("{SEED_VARIABLE}={text:?} is not a u64")),
        Err(_) => rand::rng().random(),
    };
    eprintln!("{test}: seed {seed} (replay with {SEED_VARIABLE}={seed})");
    (seed, StdRng::seed_from_u64(seed))
}

/// Runs `node SCRIPT ARGS…` with `input` on stdin and returns its stdout: the JavaScript references
/// of the differential tests (one process per batch). Fails, never skips, with what to do when Node
/// or the repository's `node_modules` (`npm ci`) is missing, and with node's stderr when it fails.
pub fn run_node(script: &std::path::Path, args: &[&str], input: String) -> String {
    use std::io::{Read, Write};
    use std::process::{Command, Stdio};
    assert!(
        root().join("node_modules").is_dir(),
        "the repository's node_modules is missing: run `npm ci` in the repository root \
         (scripts/setup.sh does it) before `cargo test`"
    );
    let mut child = Command::new("node")
        .arg(script)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| {
            panic!("cannot start `node` ({e}): install Node.js (20 or later) and run `npm ci`")
        });
    // Feed stdin from a thread so a large batch can never deadlock against a full stdout pipe.
    let mut stdin = child.stdin.take().expect("piped stdin");
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let mut stdout = String::new();
    child
        .stdout
        .take()
        .expect("piped stdout")
        .read_to_string(&mut stdout)
        .expect("node's stdout is UTF-8");
    let output = child.wait_with_output().expect("node runs to completion");
    writer
        .join()
        .expect("stdin writer thread")
        .expect("write the input to node");
    assert!(
        output.status.success(),
        "node {} {} failed ({}): {}",
        script.display(),
        args.join(" "),
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    stdout
}
