//! Helpers shared by the integration tests: seeded randomness, big-integer conversions, the
//! circomlibjs parameter files and the Node reference runner.
// Each test binary compiles this module and uses only part of it.
#![allow(dead_code)]

use std::path::PathBuf;

use poseidon_bn254::{Fr, MODULUS_LIMBS};
use rand::rngs::StdRng;
use rand::Rng;
use ruint::aliases::U256;

/// The BN254 scalar field modulus as a big integer.
pub const P: U256 = U256::from_limbs(MODULUS_LIMBS);

/// A reproducible RNG: `poseidon_test_support::seeded_rng`'s seed and source.
pub struct SeededRng {
    pub seed: u64,
    pub rng: StdRng,
}

impl SeededRng {
    pub fn new(test: &str) -> SeededRng {
        let (seed, rng) = poseidon_test_support::seeded_rng(test);
        SeededRng { seed, rng }
    }

    /// A uniformly random field element (rejection sampling below p).
    pub fn fr(&mut self) -> Fr {
        loop {
            let mut limbs: [u64; 4] = self.rng.random();
            limbs[3] >>= 2; // p < 2^254: keep the rejection rate low.
            if let Some(fr) = Fr::from_limbs(limbs) {
                return fr;
            }
        }
    }

    pub fn fr_array<const N: usize>(&mut self) -> [Fr; N] {
        core::array::from_fn(|_| self.fr())
    }
}

/// p − 1, the largest field element.
pub fn p_minus_1() -> Fr {
    from_u256(P - U256::from(1u64))
}

/// The edge values every differential test includes: 0, 1 and p − 1.
pub fn edge_values() -> [Fr; 3] {
    [Fr::ZERO, Fr::ONE, p_minus_1()]
}

/// Every N-tuple over {0, 1, p − 1} (3^N of them).
pub fn edge_tuples<const N: usize>() -> Vec<[Fr; N]> {
    let edges = edge_values();
    (0..3usize.pow(N as u32))
        .map(|mut index| {
            core::array::from_fn(|_| {
                let value = edges[index % 3];
                index /= 3;
                value
            })
        })
        .collect()
}

/// The most inputs whose every edge tuple is checked (3^6 = 729); wider tuples get a sample.
pub const EDGE_TUPLES_MAX_WIDTH: usize = 6;
/// Random edge tuples checked for a width above [`EDGE_TUPLES_MAX_WIDTH`].
pub const EDGE_TUPLES_SAMPLE: usize = 256;

/// Edge tuples for a width whose 3^N tuples are too many: every constant tuple (all 0, all 1,
/// all p − 1), the three rotations of (0, 1, p − 1, 0, 1, …), and [`EDGE_TUPLES_SAMPLE`] tuples
/// over {0, 1, p − 1} drawn at random.
pub fn sampled_edge_tuples<const N: usize>(rng: &mut SeededRng) -> Vec<[Fr; N]> {
    let edges = edge_values();
    let mut tuples: Vec<[Fr; N]> = edges.iter().map(|e| [*e; N]).collect();
    tuples.extend((0..3).map(|shift| core::array::from_fn(|i| edges[(i + shift) % 3])));
    tuples.extend(
        (0..EDGE_TUPLES_SAMPLE)
            .map(|_| core::array::from_fn(|_| edges[rng.rng.random_range(0..3usize)])),
    );
    tuples
}

/// The inputs every differential test checks: all [`edge_tuples`] (a sample of them beyond
/// [`EDGE_TUPLES_MAX_WIDTH`] inputs, [`sampled_edge_tuples`]), then `random` random tuples.
pub fn edge_and_random_tuples<const N: usize>(rng: &mut SeededRng, random: usize) -> Vec<[Fr; N]> {
    let mut tuples = if N <= EDGE_TUPLES_MAX_WIDTH {
        edge_tuples::<N>()
    } else {
        sampled_edge_tuples::<N>(rng)
    };
    tuples.extend((0..random).map(|_| rng.fr_array::<N>()));
    tuples
}

pub fn to_u256(fr: Fr) -> U256 {
    U256::from_limbs(fr.to_limbs())
}

/// Panics if `value` ≥ p: tests only convert canonical values.
pub fn from_u256(value: U256) -> Fr {
    Fr::from_limbs(value.into_limbs()).unwrap_or_else(|| panic!("{value:#x} is not below p"))
}

/// Parses a circomlibjs constant ("0x…" hex, or decimal) into our field.
pub fn fr_from_json(value: &serde_json::Value) -> Fr {
    let text = value
        .as_str()
        .unwrap_or_else(|| panic!("expected a string constant, got {value}"));
    if text.starts_with("0x") {
        Fr::from_hex(text)
    } else {
        from_u256(
            text.parse()
                .unwrap_or_else(|_| panic!("bad constant {text:?}")),
        )
    }
}

/// The repository's root (this crate lives in `crates/poseidon-bn254`).
pub fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// An npm package's directory under the repository's `node_modules`; fails with the fix if
/// `npm ci` has not been run (these references are part of the test suite, never skipped).
pub fn npm_package(name: &str) -> PathBuf {
    let dir = repo_root().join("node_modules").join(name);
    assert!(
        dir.join("package.json").is_file(),
        "npm package `{name}` is missing ({} not found): run `npm ci` in the repository root \
         (scripts/setup.sh does it) before `cargo test`",
        dir.display()
    );
    dir
}

/// Reads a JSON file of circomlibjs's `src/` (e.g. `poseidon_constants_opt.json`).
pub fn circomlibjs_json(file: &str) -> serde_json::Value {
    let path = npm_package("circomlibjs").join("src").join(file);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{} is not JSON: {e}", path.display()))
}

/// Hashes every input list with one Node process running `tests/js/reference.mjs <reference>`
/// (one JSON line in, one hex line out per list) and returns the hashes in order.
pub fn node_reference_hashes(reference: &str, inputs: &[Vec<Fr>]) -> Vec<Fr> {
    npm_package("circomlibjs");
    npm_package("poseidon-lite");
    npm_package("@zkpassport/poseidon2");
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/js/reference.mjs");
    let mut batch = String::new();
    for list in inputs {
        let decimals: Vec<String> = list.iter().map(|x| to_u256(*x).to_string()).collect();
        batch.push_str(&serde_json::to_string(&decimals).expect("strings serialize"));
        batch.push('\n');
    }
    let stdout = poseidon_test_support::run_node(&script, &[reference], batch);

    let hashes: Vec<Fr> = stdout.lines().map(Fr::from_hex).collect();
    assert_eq!(
        hashes.len(),
        inputs.len(),
        "node reference.mjs {reference} returned {} hashes for {} inputs",
        hashes.len(),
        inputs.len()
    );
    hashes
}
