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
