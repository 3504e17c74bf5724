//! Native tests of the dispatch layer: the same code the deployed program runs, fed calldata
//! built with alloy, results compared with `poseidon_bn254` and circomlibjs/openzeppelin vectors.

mod abi_codec;
mod abi_export;
mod errors;
mod goldilocks;
mod merkle;
mod poseidon2_instances;
mod selectors;
mod vectors;

use alloy_primitives::U256;
use alloy_sol_types::{SolCall, SolError, SolInterface};

use crate::abi::IPoseidonErrors::IPoseidonErrorsErrors as Other;
use crate::abi::IStylusPoseidon::InvalidCalldata;
use crate::abi::{InputNotInField, Revert};
use crate::dispatch::dispatch;

/// The BN254 scalar field modulus p.
fn modulus() -> U256 {
    U256::from_limbs(poseidon_bn254::MODULUS_LIMBS)
}

/// Parses a `0x…` hex word.
fn word(hex: &str) -> U256 {
    hex.parse().expect("hex word")
}

/// Runs a successful call and decodes its return value.
fn returns<C: SolCall>(call: &C) -> C::Return {
    let out = dispatch(&call.abi_encode())
        .unwrap_or_else(|revert| panic!("reverted with 0x{}", hex(&revert)));
    C::abi_decode_returns_validate(&out).expect("return data decodes exactly")
}

/// Runs raw calldata that must revert and decodes the custom error.
fn revert_of_calldata(calldata: &[u8]) -> Revert {
    let revert = dispatch(calldata).expect_err("call must revert");
    decode_revert(&revert)
}

/// Revert data decoded as one of the programs' errors (with alloy's decoders, exact length).
fn decode_revert(data: &[u8]) -> Revert {
    if data.starts_with(&InputNotInField::SELECTOR) {
        let error = InputNotInField::abi_decode(data).expect("InputNotInField decodes exactly");
        return Revert::InputNotInField(error);
    }
    if data.starts_with(&InvalidCalldata::SELECTOR) {
        let error = InvalidCalldata::abi_decode(data).expect("InvalidCalldata decodes exactly");
        return Revert::InvalidCalldata(error);
    }
    match Other::abi_decode(data).expect("revert data is one of IPoseidonErrors") {
        Other::OddPairsLength(e) => Revert::OddPairsLength(e),
        Other::EmptyInput(e) => Revert::EmptyInput(e),
        Other::TooManySiblings(e) => Revert::TooManySiblings(e),
        Other::PathBitsOutOfRange(e) => Revert::PathBitsOutOfRange(e),
        Other::LeafIndexOutOfRange(e) => Revert::LeafIndexOutOfRange(e),
        Other::TooManyInputs(e) => Revert::TooManyInputs(e),
        Other::OutputCountOutOfRange(e) => Revert::OutputCountOutOfRange(e),
        Other::InputNotInField(e) => unreachable!("decoded above: {e:?}"),
    }
}

/// Runs a call that must revert and decodes the custom error.
fn revert_of<C: SolCall>(call: &C) -> Revert {
    revert_of_calldata(&call.abi_encode())
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// A field element from a `U256` known to be below p.
fn fr(value: U256) -> poseidon_bn254::Fr {
    poseidon_bn254::Fr::from_limbs(*value.as_limbs()).expect("below p")
}

fn from_fr(value: poseidon_bn254::Fr) -> U256 {
    U256::from_limbs(value.to_limbs())
}

/// Deterministic field elements spread over [0, p) (splitmix64 limbs, top limb masked below p's).
fn pseudo_random_words(count: usize, seed: u64) -> Vec<U256> {
    let mut state = seed;
    let mut next = || {
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    };
    (0..count)
        .map(|_| {
            let limbs = [next(), next(), next(), next() & 0x2fff_ffff_ffff_ffff];
            U256::from_limbs(limbs)
        })
        .collect()
}
