//! Poseidon2 (t = 3) against openzeppelin-crypto 0.3, whose `BN256Params` our constants were
//! extracted from: the tables are equal entry by entry, the permutation equals a plain
//! Poseidon2 built here from openzeppelin's internal diagonal, and the sponge hashes agree on
//! 1,000 random pairs plus the edge values.

mod common;

use common::{edge_and_random_tuples, p_minus_1, SeededRng};
use openzeppelin_crypto::arithmetic::uint::Uint;
use openzeppelin_crypto::field::instance::FpBN256;
use openzeppelin_crypto::poseidon2::instance::bn256::BN256Params;
use openzeppelin_crypto::poseidon2::params::PoseidonParams;
use openzeppelin_crypto::poseidon2::Poseidon2;
use poseidon_bn254::poseidon2::{self, bn254_t3};
use poseidon_bn254::Fr;

const RANDOM_PAIRS: usize = 1_000;

fn to_oz(x: Fr) -> FpBN256 {
    FpBN256::from_bigint(Uint::new(x.to_limbs()))
}

fn from_oz(x: FpBN256) -> Fr {
    Fr::from_limbs(x.into_bigint().into_limbs()).expect("openzeppelin values are canonical")
}

/// openzeppelin's sponge: absorb every input, then squeeze `outputs` elements.
fn oz_sponge(inputs: &[Fr], outputs: usize) -> Vec<Fr> {
    let mut sponge = Poseidon2::<BN256Params, FpBN256>::new();
    for x in inputs {
        sponge.absorb(&to_oz(*x));
    }
    (0..outputs).map(|_| from_oz(sponge.squeeze())).collect()
}

#[test]
fn conversions_to_openzeppelin_round_trip() {
    for x in [Fr::ZERO, Fr::ONE, Fr::from_u64(u64::MAX), p_minus_1()] {
        assert_eq!(from_oz(to_oz(x)), x);
    }
    assert_eq!(to_oz(p_minus_1()) + to_oz(Fr::ONE), to_oz(Fr::ZERO));
}

#[test]
fn poseidon2_round_counts_match_openzeppelin() {
    assert_eq!(BN256Params::T, 3);
    assert_eq!(BN256Params::D, 5);
    assert_eq!(BN256Params::CAPACITY, 1);
    assert_eq!(BN256Params::ROUNDS_F, bn254_t3::FULL_ROUNDS);
    assert_eq!(BN256Params::ROUNDS_P, bn254_t3::PARTIAL_ROUNDS);
    assert_eq!(
        bn254_t3::EXTERNAL_FIRST.len() + bn254_t3::EXTERNAL_LAST.len(),
        bn254_t3::FULL_ROUNDS
    );
    assert_eq!(bn254_t3::INTERNAL.len(), bn254_t3::PARTIAL_ROUNDS);
}

#[test]
fn poseidon2_round_constants_match_openzeppelin() {
    let reference: Vec<Vec<Fr>> = BN256Params::ROUND_CONSTANTS
        .iter()
        .map(|round| round.iter().copied().map(from_oz).collect())
        .collect();
    let half = bn254_t3::FULL_ROUNDS / 2;
    assert_eq!(
        reference.len(),
        bn254_t3::FULL_ROUNDS + bn254_t3::PARTIAL_ROUNDS
    );
    assert!(
        reference.iter().all(|round| round.len() == 3),
        "3 constants per round"
    );

    for (r, ours) in bn254_t3::EXTERNAL_FIRST.iter().enumerate() {
        assert_eq!(ours.as_slice(), reference[r], "EXTERNAL_FIRST[{r}]");
    }
    for (r, ours) in bn254_t3::INTERNAL.iter().enumerate() {
        let theirs = &reference[half + r];
        assert_eq!(*ours, theirs[0], "INTERNAL[{r}]");
        // Partial rounds add a constant to lane 0 only; openzeppelin pads with zeros.
        assert_eq!(theirs[1..], [Fr::ZERO; 2], "round {}: padding", half + r);
    }
    for (r, ours) in bn254_t3::EXTERNAL_LAST.iter().enumerate() {
        let round = half + bn254_t3::PARTIAL_ROUNDS + r;
        assert_eq!(ours.as_slice(), reference[round], "EXTERNAL_LAST[{r}]");
    }
}

/// Poseidon2 written from the paper with openzeppelin's parameters: external matrix
/// circ(2, 1, 1), internal matrix 1·1ᵀ + diag(MAT_INTERNAL_DIAG_M_1), our round constants
/// (checked equal to openzeppelin's above).
fn plain_poseidon2(state: &mut [Fr; 3]) {
    let diag: Vec<Fr> = BN256Params::MAT_INTERNAL_DIAG_M_1
        .iter()
        .copied()
        .map(from_oz)
        .collect();
    assert_eq!(diag.len(), 3);
    let external = |s: &mut [Fr; 3]| {
        let sum = s[0].add(&s[1]).add(&s[2]);
        for lane in s.iter_mut() {
            *lane = lane.add(&sum);
        }
    };
    let internal = |s: &mut [Fr; 3]| {
        let sum = s[0].add(&s[1]).add(&s[2]);
        for (lane, d) in s.iter_mut().zip(&diag) {
            *lane = lane.mul(d).add(&sum);
        }
    };
    let full_round = |s: &mut [Fr; 3], constants: &[Fr; 3]| {
        for (lane, c) in s.iter_mut().zip(constants) {
            *lane = lane.add(c).pow5();
        }
        external(s);
    };
    external(state);
    for constants in &bn254_t3::EXTERNAL_FIRST {
        full_round(state, constants);
    }
    for constant in &bn254_t3::INTERNAL {
        state[0] = state[0].add(constant).pow5();
        internal(state);
    }
    for constants in &bn254_t3::EXTERNAL_LAST {
        full_round(state, constants);
    }
}

#[test]
fn poseidon2_permute_equals_plain_permutation_with_openzeppelin_internal_diagonal() {
    let mut rng = SeededRng::new("poseidon2_permute_equals_plain_permutation");
    for state in &edge_and_random_tuples::<3>(&mut rng, RANDOM_PAIRS) {
        let (mut ours, mut plain) = (*state, *state);
        poseidon2::permute(&mut ours);
        plain_poseidon2(&mut plain);
        assert_eq!(ours, plain, "permute({state:?}) (seed {})", rng.seed);
    }
}

#[test]
fn poseidon2_hash2_matches_openzeppelin_on_random_pairs_and_edges() {
    let mut rng = SeededRng::new("poseidon2_hash2_matches_openzeppelin");
    for pair in &edge_and_random_tuples::<2>(&mut rng, RANDOM_PAIRS) {
        assert_eq!(
            poseidon2::hash2(pair),
            oz_sponge(pair, 1)[0],
            "hash2({pair:?}) differs from openzeppelin-crypto (seed {})",
            rng.seed
        );
    }
}

/// Three absorbs and two squeezes drive openzeppelin's sponge through a permutation of a state
/// whose capacity lane is not zero, and read lanes 1 and 2: this checks `permute` on whole
/// states, not only on the [0, a, b] states `hash2` produces.
#[test]
fn poseidon2_permute_matches_openzeppelin_sponge_on_full_states() {
    let mut rng = SeededRng::new("poseidon2_permute_matches_openzeppelin_sponge");
    for inputs in &edge_and_random_tuples::<3>(&mut rng, RANDOM_PAIRS / 4) {
        let [a, b, c] = *inputs;
        let mut state = [Fr::ZERO, a, b];
        poseidon2::permute(&mut state);
        state[1] = state[1].add(&c);
        poseidon2::permute(&mut state);
        assert_eq!(
            oz_sponge(inputs, 2),
            [state[1], state[2]],
            "sponge({inputs:?}) (seed {})",
            rng.seed
        );
    }
}
