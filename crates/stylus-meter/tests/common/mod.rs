//! What the artifact tests (`artifact.rs`, `poseidon2_artifacts.rs`, `circomlib_widths.rs`,
//! `goldilocks_artifact.rs`) share: where the built programs and the vectors are, a call's
//! expected outcome, the replayable random source, and BN254 elements as ABI words.

// Each test binary uses its own subset.
#![allow(dead_code)]

use rand::{rngs::StdRng, SeedableRng};
use std::path::PathBuf;
use stylus_meter::{CallReport, Program};

pub type U256 = alloy_sol_types::private::U256;

/// The repository root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// `target/stylus/<file>` as `scripts/build-wasm.sh` writes it, or the file named by the
/// environment variable `override_variable` when it is set.
pub fn load_deployable(override_variable: Option<&str>, file: &str) -> Program {
    let path = override_variable
        .and_then(std::env::var_os)
        .map(PathBuf::from)
        .unwrap_or_else(|| root().join("target/stylus").join(file));
    Program::from_file(&path).unwrap_or_else(|err| {
        panic!(
            "cannot load {} ({err}); build it with scripts/build-wasm.sh",
            path.display()
        )
    })
}

/// A test vector file of `test/vectors/` as JSON.
pub fn vector_file(name: &str) -> serde_json::Value {
    let path = root().join("test/vectors").join(name);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|err| panic!("cannot read {} ({err})", path.display()));
    serde_json::from_str(&text).expect("vector JSON")
}

pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The return data of a call that must succeed.
pub fn returned(report: CallReport) -> Vec<u8> {
    assert!(
        !report.reverted,
        "reverted with 0x{}",
        hex(&report.returndata)
    );
    report.returndata
}

/// Asserts that the call reverted with exactly `expected` as its revert data.
pub fn assert_reverted_with(report: CallReport, expected: &[u8]) {
    assert!(
        report.reverted,
        "expected a revert, got 0x{}",
        hex(&report.returndata)
    );
    assert_eq!(hex(&report.returndata), hex(expected));
}

/// A random source seeded from `ARTIFACT_SEED`, or at random, and its seed, which is printed
/// (and belongs in failure messages) so that a failure can be replayed.
pub fn seeded_rng() -> (u64, StdRng) {
    let seed: u64 = std::env::var("ARTIFACT_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(rand::random);
    println!("seed {seed} (replay with ARTIFACT_SEED={seed})");
    (seed, StdRng::seed_from_u64(seed))
}

/// BN254 scalar-field elements as ABI words.
pub mod bn254 {
    use super::U256;
    use poseidon_bn254::Fr;
    use rand::{rngs::StdRng, Rng};

    pub fn p() -> U256 {
        U256::from_limbs(poseidon_bn254::MODULUS_LIMBS)
    }

    pub fn to_u256(fr: Fr) -> U256 {
        U256::from_be_bytes(fr.to_be_bytes())
    }

    pub fn to_fr(value: U256) -> Fr {
        Fr::from_be_bytes(&value.to_be_bytes::<32>()).expect("canonical")
    }

    /// A uniformly random element below p.
    pub fn random_field(rng: &mut StdRng) -> U256 {
        loop {
            let candidate = U256::from_be_bytes(rng.random::<[u8; 32]>()) >> 2;
            if candidate < p() {
                return candidate;
            }
        }
    }

    /// The (inputs, output) pairs of `table` in a vector file (`{"inputs": [...], "output": ...}`,
    /// decimal or 0x-hex strings).
    pub fn input_output_vectors(file: &str, table: &str) -> Vec<(Vec<U256>, U256)> {
        super::vector_file(file)[table]
            .as_array()
            .unwrap_or_else(|| {
                panic!("{file} has no table {table}: run node scripts/gen/gen-vectors.mjs")
            })
            .iter()
            .map(|v| {
                let inputs = v["inputs"]
                    .as_array()
                    .expect("inputs")
                    .iter()
                    .map(|x| x.as_str().unwrap().parse().unwrap())
                    .collect();
                (inputs, v["output"].as_str().unwrap().parse().unwrap())
            })
            .collect()
    }
}
