//! Differential tests of `poseidon::hash1..hash5` against the JavaScript references, through
//! one Node process per reference (`tests/js/reference.mjs`): 1,000 random inputs per width,
//! generated at test time, plus every tuple of the edge values 0, 1 and p − 1.
//!
//! Needs Node.js and the repository's `node_modules` (`npm ci`); fails, never skips, without them.

mod common;

use common::{edge_and_random_tuples, node_reference_hashes, SeededRng};
use poseidon_bn254::{poseidon, Fr};

const RANDOM_INPUTS_PER_WIDTH: usize = 1_000;

/// Our hash of a list of 1 to 5 inputs.
fn ours(inputs: &[Fr]) -> Fr {
    match inputs.len() {
        1 => poseidon::hash1(&[inputs[0]]),
        2 => poseidon::hash2(&[inputs[0], inputs[1]]),
        3 => poseidon::hash3(&[inputs[0], inputs[1], inputs[2]]),
        4 => poseidon::hash4(&[inputs[0], inputs[1], inputs[2], inputs[3]]),
        5 => poseidon::hash5(&[inputs[0], inputs[1], inputs[2], inputs[3], inputs[4]]),
        n => unreachable!("circomlib Poseidon is tested for 1 to 5 inputs, not {n}"),
    }
}

fn batch_for_width<const N: usize>(rng: &mut SeededRng, batch: &mut Vec<Vec<Fr>>) {
    batch.extend(
        edge_and_random_tuples::<N>(rng, RANDOM_INPUTS_PER_WIDTH)
            .into_iter()
            .map(|t| t.to_vec()),
    );
}

/// Compares our hashes with one reference on a fresh batch, reporting every mismatch's inputs.
fn assert_matches_reference(reference: &str) {
    let mut rng = SeededRng::new(reference);
    let mut batch = Vec::new();
    batch_for_width::<1>(&mut rng, &mut batch);
    batch_for_width::<2>(&mut rng, &mut batch);
    batch_for_width::<3>(&mut rng, &mut batch);
    batch_for_width::<4>(&mut rng, &mut batch);
    batch_for_width::<5>(&mut rng, &mut batch);

    let expected = node_reference_hashes(reference, &batch);
    let mismatches: Vec<String> = batch
        .iter()
        .zip(&expected)
        .filter_map(|(inputs, want)| {
            let got = ours(inputs);
            (got != *want).then(|| {
                format!(
                    "  hash{}({inputs:?}) = {got}, {reference} says {want}",
                    inputs.len()
                )
            })
        })
        .collect();
    assert!(
        mismatches.is_empty(),
        "{} of {} hashes differ from {reference} (seed {}); first ones:\n{}",
        mismatches.len(),
        batch.len(),
        rng.seed,
        mismatches[..mismatches.len().min(5)].join("\n")
    );
}

#[test]
fn hash1_to_hash5_match_circomlibjs_wasm_poseidon() {
    assert_matches_reference("circomlibjs-wasm");
}

#[test]
fn hash1_to_hash5_match_circomlibjs_unoptimized_reference_poseidon() {
    assert_matches_reference("circomlibjs-reference");
}

#[test]
fn hash1_to_hash5_match_poseidon_lite() {
    assert_matches_reference("poseidon-lite");
}
