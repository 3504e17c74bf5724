//! The shared vectors (`test/vectors/`, written by `scripts/gen/gen-vectors.mjs` from the
//! references): circomlib Poseidon at every width, iden3's sponge.

mod common;

use common::{from_u256, to_u256};
use poseidon_bn254::poseidon::{self, sponge};
use poseidon_bn254::Fr;
use poseidon_test_support::vectors;

/// Our hash of 1 to 16 inputs.
fn hash(inputs: &[Fr]) -> Fr {
    poseidon::hash_slice(inputs).expect("1 to 16 inputs")
}

#[test]
fn every_circomlib_width_matches_its_vectors() {
    let file = vectors::circomlib();
    for t in 2..=17 {
        let cases = file.width(t);
        assert!(!cases.is_empty(), "t{t} has no vectors");
        for case in cases {
            assert_eq!(case.inputs.len(), t - 1, "t{t}: {case:?}");
            let inputs: Vec<Fr> = case.inputs.iter().copied().map(from_u256).collect();
            assert_eq!(
                to_u256(hash(&inputs)),
                case.output,
                "t{t}: {:?}",
                case.inputs
            );
        }
    }
}

#[test]
fn sponge_matches_iden3_js_crypto() {
    let file = vectors::iden3_sponge();
    // 1 to 40 values, then the extremes.
    assert!(file.cases.len() > 40, "{}", file.source);
    for case in &file.cases {
        let values: Vec<Fr> = case.inputs.iter().copied().map(from_u256).collect();
        assert_eq!(
            to_u256(sponge::sponge(&values)),
            case.output,
            "{} values",
            values.len()
        );
    }
}

#[test]
fn sponge_absorbing_one_at_a_time_equals_every_prefix() {
    let file = vectors::iden3_sponge();
    let longest = file
        .cases
        .iter()
        .max_by_key(|c| c.inputs.len())
        .expect("cases");
    let values: Vec<Fr> = longest.inputs.iter().copied().map(from_u256).collect();
    let mut state = sponge::Sponge::new();
    for (n, value) in values.iter().enumerate() {
        state.absorb(*value);
        assert_eq!(
            state.squeeze(),
            sponge::sponge(&values[..=n]),
            "after {} values",
            n + 1
        );
    }
}

#[test]
fn sponge_of_at_most_one_frame_is_hash6_of_the_zero_padded_frame() {
    // SpongePoseidon's first frame is the first six values, zeros after the last.
    for n in 1..=sponge::FRAME {
        let values: Vec<Fr> = (1..=n as u64).map(Fr::from_u64).collect();
        let mut frame = [Fr::ZERO; sponge::FRAME];
        frame[..n].copy_from_slice(&values);
        assert_eq!(
            sponge::sponge(&values),
            poseidon::hash6(&frame),
            "{n} values"
        );
    }
}

#[test]
fn sponge_of_no_values_is_zero_as_in_sponge_poseidon() {
    // @iden3/contracts lib/Poseidon.sol SpongePoseidon.hash returns its initial `fullHash = 0`.
    assert_eq!(sponge::sponge(&[]), Fr::ZERO);
}
