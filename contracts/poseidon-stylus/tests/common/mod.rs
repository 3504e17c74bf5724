//! What the programs' tests share beyond `poseidon_test_support`: BN254 elements as ABI words, and
//! the revert data of calldata that does not decode.

// Each test binary uses its own subset.
#![allow(dead_code, unused_imports)]

pub use alloy_primitives::U256;
pub use poseidon_test_support::deployable::{self, assert_reverted_with, returned};
pub use poseidon_test_support::{hex, root, seeded_rng};

use alloy_sol_types::SolError;
use poseidon_stylus::abi::IStylusPoseidon;

/// The revert data of calldata that does not decode: `InvalidCalldata(selector)`, encoded from the
/// contract's own ABI type.
pub fn invalid_calldata(selector: [u8; 4]) -> Vec<u8> {
    IStylusPoseidon::InvalidCalldata {
        selector: selector.into(),
    }
    .abi_encode()
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

    /// circomlibjs's (inputs, output) pairs of width `t` (`test/vectors/poseidon.json`).
    pub fn circomlib_vectors(t: usize) -> Vec<(Vec<U256>, U256)> {
        let file = poseidon_test_support::vectors::circomlib();
        let cases: Vec<_> = file
            .width(t)
            .iter()
            .map(|case| (case.inputs.clone(), case.output))
            .collect();
        assert!(cases.len() >= 10, "t{t} has only {} vectors", cases.len());
        cases
    }
}
