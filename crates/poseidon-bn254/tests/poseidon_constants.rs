//! The circomlib Poseidon parameter tables are the reference's, and they compute the reference
//! permutation:
//! 1. every entry of `poseidon::params::t2..t5` (C, S, M, P) equals circomlibjs's
//!    `src/poseidon_constants_opt.json`;
//! 2. `hash1..hash4` (sparse optimized form) equal a plain Poseidon permutation written here
//!    from circomlibjs's unoptimized `src/poseidon_constants.json` (the Grain-LFSR constants and
//!    Cauchy MDS matrix), on random inputs and the edge values.

mod common;

use common::{circomlibjs_json, edge_and_random_tuples, fr_from_json, SeededRng};
use poseidon_bn254::poseidon::{self, params};
use poseidon_bn254::Fr;
use serde_json::Value;

const FULL_ROUNDS: usize = 8;
/// circomlibjs `N_ROUNDS_P` for t = 2..5 (poseidon_reference.js).
const CIRCOMLIB_PARTIAL_ROUNDS: [usize; 4] = [56, 57, 56, 60];
const RANDOM_INPUTS_PER_WIDTH: usize = 1_000;

fn json_vector(table: &Value) -> Vec<Fr> {
    table
        .as_array()
        .expect("a JSON array")
        .iter()
        .map(fr_from_json)
        .collect()
}

fn json_matrix(table: &Value) -> Vec<Vec<Fr>> {
    table
        .as_array()
        .expect("a JSON array of rows")
        .iter()
        .map(json_vector)
        .collect()
}

fn assert_vector_eq(ours: &[Fr], reference: &[Fr], name: &str) {
    assert_eq!(
        ours.len(),
        reference.len(),
        "{name}: length differs from circomlibjs"
    );
    for (k, (a, b)) in ours.iter().zip(reference).enumerate() {
        assert_eq!(
            a.to_be_bytes(),
            b.to_be_bytes(),
            "{name}[{k}]: ours {a}, circomlibjs {b}"
        );
    }
}

fn assert_matrix_eq<const T: usize>(ours: &[[Fr; T]; T], reference: &[Vec<Fr>], name: &str) {
    assert_eq!(
        reference.len(),
        T,
        "{name}: circomlibjs has {} rows",
        reference.len()
    );
    for (i, (row, reference_row)) in ours.iter().zip(reference).enumerate() {
        assert_vector_eq(row, reference_row, &format!("{name}[{i}]"));
    }
}

/// Checks one width's optimized tables against `poseidon_constants_opt.json`.
fn assert_optimized_tables_match<const T: usize>(
    (width, full_rounds, partial_rounds): (usize, usize, usize),
    c: &[Fr],
    s: &[Fr],
    m: &[[Fr; T]; T],
    p: &[[Fr; T]; T],
) {
    assert_eq!(width, T);
    assert_eq!(full_rounds, FULL_ROUNDS, "t = {T}: full rounds");
    assert_eq!(
        partial_rounds,
        CIRCOMLIB_PARTIAL_ROUNDS[T - 2],
        "t = {T}: partial rounds"
    );
    let opt = circomlibjs_json("poseidon_constants_opt.json");
    assert_vector_eq(c, &json_vector(&opt["C"][T - 2]), &format!("t{T}::C"));
    assert_vector_eq(s, &json_vector(&opt["S"][T - 2]), &format!("t{T}::S"));
    assert_matrix_eq(m, &json_matrix(&opt["M"][T - 2]), &format!("t{T}::M"));
    assert_matrix_eq(p, &json_matrix(&opt["P"][T - 2]), &format!("t{T}::P"));
    // The optimized table sizes follow from the round counts.
    assert_eq!(c.len(), T * full_rounds + partial_rounds, "t{T}::C size");
    assert_eq!(s.len(), (2 * T - 1) * partial_rounds, "t{T}::S size");
}

#[test]
fn t2_optimized_tables_match_circomlibjs() {
    use params::t2 as t;
    let rounds = (t::WIDTH, t::FULL_ROUNDS, t::PARTIAL_ROUNDS);
    assert_optimized_tables_match(rounds, &t::C, &t::S, &t::M, &t::P);
}

#[test]
fn t3_optimized_tables_match_circomlibjs() {
    use params::t3 as t;
    let rounds = (t::WIDTH, t::FULL_ROUNDS, t::PARTIAL_ROUNDS);
    assert_optimized_tables_match(rounds, &t::C, &t::S, &t::M, &t::P);
}

#[test]
fn t4_optimized_tables_match_circomlibjs() {
    use params::t4 as t;
    let rounds = (t::WIDTH, t::FULL_ROUNDS, t::PARTIAL_ROUNDS);
    assert_optimized_tables_match(rounds, &t::C, &t::S, &t::M, &t::P);
}

#[test]
fn t5_optimized_tables_match_circomlibjs() {
    use params::t5 as t;
    let rounds = (t::WIDTH, t::FULL_ROUNDS, t::PARTIAL_ROUNDS);
    assert_optimized_tables_match(rounds, &t::C, &t::S, &t::M, &t::P);
}

/// The plain Poseidon permutation of circomlibjs `poseidon_reference.js`, squeezing lane 0.
struct PlainPoseidon {
    width: usize,
    partial_rounds: usize,
    /// t · (RF + RP) round constants, round-major.
    round_constants: Vec<Fr>,
    /// new[i] = Σ_j mds[i][j] · state[j].
    mds: Vec<Vec<Fr>>,
}

impl PlainPoseidon {
    fn from_unoptimized_circomlibjs(width: usize) -> PlainPoseidon {
        let plain = circomlibjs_json("poseidon_constants.json");
        let round_constants = json_vector(&plain["C"][width - 2]);
        let mds = json_matrix(&plain["M"][width - 2]);
        assert_eq!(
            round_constants.len() % width,
            0,
            "t = {width}: C is not whole rounds"
        );
        let partial_rounds = round_constants.len() / width - FULL_ROUNDS;
        assert_eq!(partial_rounds, CIRCOMLIB_PARTIAL_ROUNDS[width - 2]);
        assert!(mds.len() == width && mds.iter().all(|row| row.len() == width));
        PlainPoseidon {
            width,
            partial_rounds,
            round_constants,
            mds,
        }
    }

    fn hash(&self, inputs: &[Fr]) -> Fr {
        let t = self.width;
        assert_eq!(inputs.len() + 1, t);
        let mut state = vec![Fr::ZERO];
        state.extend_from_slice(inputs);
        for round in 0..FULL_ROUNDS + self.partial_rounds {
            for (i, lane) in state.iter_mut().enumerate() {
                *lane = lane.add(&self.round_constants[round * t + i]);
            }
            let full = round < FULL_ROUNDS / 2 || round >= FULL_ROUNDS / 2 + self.partial_rounds;
            let sbox_lanes = if full { t } else { 1 };
            for lane in &mut state[..sbox_lanes] {
                *lane = lane.pow5();
            }
            state = self
                .mds
                .iter()
                .map(|row| {
                    row.iter()
                        .zip(&state)
                        .fold(Fr::ZERO, |acc, (m, x)| acc.add(&m.mul(x)))
                })
                .collect();
        }
        state[0]
    }
}

fn assert_equals_plain_permutation<const N: usize>(test: &str, optimized: fn(&[Fr; N]) -> Fr) {
    let plain = PlainPoseidon::from_unoptimized_circomlibjs(N + 1);
    let mut rng = SeededRng::new(test);
    for inputs in &edge_and_random_tuples::<N>(&mut rng, RANDOM_INPUTS_PER_WIDTH) {
        assert_eq!(
            optimized(inputs),
            plain.hash(inputs),
            "hash{N}({inputs:?}) differs from the plain permutation (seed {})",
            rng.seed
        );
    }
}

#[test]
fn hash1_equals_plain_permutation_from_unoptimized_constants() {
    assert_equals_plain_permutation::<1>(
        "hash1_equals_plain_permutation_from_unoptimized_constants",
        poseidon::hash1,
    );
}

#[test]
fn hash2_equals_plain_permutation_from_unoptimized_constants() {
    assert_equals_plain_permutation::<2>(
        "hash2_equals_plain_permutation_from_unoptimized_constants",
        poseidon::hash2,
    );
}

#[test]
fn hash3_equals_plain_permutation_from_unoptimized_constants() {
    assert_equals_plain_permutation::<3>(
        "hash3_equals_plain_permutation_from_unoptimized_constants",
        poseidon::hash3,
    );
}

#[test]
fn hash4_equals_plain_permutation_from_unoptimized_constants() {
    assert_equals_plain_permutation::<4>(
        "hash4_equals_plain_permutation_from_unoptimized_constants",
        poseidon::hash4,
    );
}

/// The plain permutation above is itself pinned to a published value, so a bug shared by it
/// and the JSON reading cannot make the comparison vacuous.
#[test]
fn plain_permutation_reproduces_circomlib_published_vector() {
    let plain = PlainPoseidon::from_unoptimized_circomlibjs(3);
    assert_eq!(
        plain.hash(&[Fr::from_u64(1), Fr::from_u64(2)]),
        Fr::from_hex("0x115cc0f5e7d690413df64c6b9662e9cf2a3617f2743245519e19607a4417189a")
    );
}
