//! Differential test of `poseidon::hash1..hash5` against light-poseidon (`new_circom(n)`), an
//! independent Rust implementation of circomlib Poseidon on arkworks' field: 1,000 random
//! inputs per width plus every tuple of 0, 1 and p − 1.

mod common;

use common::{edge_and_random_tuples, SeededRng};
use light_poseidon::{Poseidon, PoseidonBytesHasher};
use poseidon_bn254::{poseidon, Fr};

const RANDOM_INPUTS_PER_WIDTH: usize = 1_000;

/// light-poseidon's circom hash of `inputs`, through its big-endian byte interface.
fn light_poseidon_hash(inputs: &[Fr]) -> Fr {
    let mut hasher = Poseidon::<ark_bn254::Fr>::new_circom(inputs.len()).expect("1 to 5 inputs");
    let bytes: Vec<[u8; 32]> = inputs.iter().map(Fr::to_be_bytes).collect();
    let slices: Vec<&[u8]> = bytes.iter().map(|b| b.as_slice()).collect();
    let hash = hasher.hash_bytes_be(&slices).expect("inputs are canonical");
    Fr::from_be_bytes(&hash).expect("light-poseidon returns a canonical hash")
}

fn assert_width_matches<const N: usize>(test: &str, ours: fn(&[Fr; N]) -> Fr) {
    let mut rng = SeededRng::new(test);
    for inputs in &edge_and_random_tuples::<N>(&mut rng, RANDOM_INPUTS_PER_WIDTH) {
        assert_eq!(
            ours(inputs),
            light_poseidon_hash(inputs),
            "hash{N}({inputs:?}) differs from light-poseidon (seed {})",
            rng.seed
        );
    }
}

#[test]
fn hash1_matches_light_poseidon() {
    assert_width_matches::<1>("hash1_matches_light_poseidon", poseidon::hash1);
}

#[test]
fn hash2_matches_light_poseidon() {
    assert_width_matches::<2>("hash2_matches_light_poseidon", poseidon::hash2);
}

#[test]
fn hash3_matches_light_poseidon() {
    assert_width_matches::<3>("hash3_matches_light_poseidon", poseidon::hash3);
}

#[test]
fn hash4_matches_light_poseidon() {
    assert_width_matches::<4>("hash4_matches_light_poseidon", poseidon::hash4);
}

#[test]
fn hash5_matches_light_poseidon() {
    assert_width_matches::<5>("hash5_matches_light_poseidon", poseidon::hash5);
}
