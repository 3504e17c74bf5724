//! Differential tests of `poseidon::hash1..hash16` against the JavaScript references, through
//! one Node process per reference (`tests/js/reference.mjs`): 1,000 random inputs per width up to
//! 5 inputs and 250 beyond (where the references are slow), generated at test time, plus every tuple of the edge values 0, 1 and p − 1 (up to 6 inputs;
//! beyond, the constant and alternating tuples and a random sample of the others).
//!
//! Needs Node.js and the repository's `node_modules` (`npm ci`); fails, never skips, without them.

mod common;

use common::{edge_and_random_tuples, node_reference_hashes, SeededRng};
use poseidon_bn254::{poseidon, Fr};

const RANDOM_INPUTS_PER_WIDTH: usize = 1_000;
/// Random inputs per width of 6 inputs and more.
const RANDOM_INPUTS_PER_WIDE_WIDTH: usize = 250;

/// Our hash of a list of 1 to 16 inputs.
fn ours(inputs: &[Fr]) -> Fr {
    poseidon::hash_slice(inputs).expect("1 to 16 inputs")
}

fn batch_for_width<const N: usize>(rng: &mut SeededRng, batch: &mut Vec<Vec<Fr>>) {
    batch.extend(
        edge_and_random_tuples::<N>(
            rng,
            if N <= 5 {
                RANDOM_INPUTS_PER_WIDTH
            } else {
                RANDOM_INPUTS_PER_WIDE_WIDTH
            },
        )
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
    batch_for_width::<6>(&mut rng, &mut batch);
    batch_for_width::<7>(&mut rng, &mut batch);
    batch_for_width::<8>(&mut rng, &mut batch);
    batch_for_width::<9>(&mut rng, &mut batch);
    batch_for_width::<10>(&mut rng, &mut batch);
    batch_for_width::<11>(&mut rng, &mut batch);
    batch_for_width::<12>(&mut rng, &mut batch);
    batch_for_width::<13>(&mut rng, &mut batch);
    batch_for_width::<14>(&mut rng, &mut batch);
    batch_for_width::<15>(&mut rng, &mut batch);
    batch_for_width::<16>(&mut rng, &mut batch);

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
fn hash1_to_hash16_match_circomlibjs_wasm_poseidon() {
    assert_matches_reference("circomlibjs-wasm");
}

#[test]
fn hash1_to_hash16_match_circomlibjs_unoptimized_reference_poseidon() {
    assert_matches_reference("circomlibjs-reference");
}

#[test]
fn hash1_to_hash16_match_poseidon_lite() {
    assert_matches_reference("poseidon-lite");
}
