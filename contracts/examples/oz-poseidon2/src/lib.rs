//! openzeppelin-crypto 0.3's `Poseidon2<BN256Params, FpBN256>` as a stylus-sdk contract, in the
//! form of OpenZeppelin's own example (rust-contracts-stylus `examples/poseidon`): `hash(uint256[2])`
//! absorbs both inputs and squeezes. Nothing here is ours but the doc comments: it is the peer that
//! `in-process`'s Poseidon2 build (the same function on `poseidon_bn254::poseidon2::hash2`) is
//! measured against, and the calibration file `oz-poseidon2.wasm` is built the same way.
#![cfg_attr(not(any(test, feature = "export-abi")), no_main)]
extern crate alloc;

use openzeppelin_crypto::{
    arithmetic::uint::U256,
    field::instance::FpBN256,
    poseidon2::{instance::bn256::BN256Params, Poseidon2},
};
use stylus_sdk::prelude::*;

/// The contract, without state.
#[entrypoint]
#[storage]
pub struct PoseidonExample;

#[public]
impl PoseidonExample {
    /// Poseidon2 sponge (t = 3, rate 2) over both inputs, as openzeppelin-crypto computes it.
    pub fn hash(&self, inputs: [alloy_primitives::U256; 2]) -> alloy_primitives::U256 {
        let mut hasher = Poseidon2::<BN256Params, FpBN256>::new();
        for input in &inputs {
            let fp = FpBN256::from_bigint(U256::from(*input));
            hasher.absorb(&fp);
        }
        hasher.squeeze().into_bigint().into()
    }
}
