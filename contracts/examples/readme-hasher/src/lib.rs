#![cfg_attr(not(any(test, feature = "export-abi")), no_main)]
extern crate alloc;

use poseidon_bn254::{abi::InputNotInField, poseidon, Fr};
use stylus_sdk::{alloy_primitives::U256, prelude::*};

#[storage]
#[entrypoint]
pub struct Hasher;

#[public]
impl Hasher {
    /// circomlib Poseidon of two inputs; an input >= p reverts with InputNotInField(position, value).
    pub fn hash(&self, a: U256, b: U256) -> Result<U256, InputNotInField> {
        Ok(poseidon::hash2(&[Fr::from_word(a, 0)?, Fr::from_word(b, 1)?]).to_word())
    }
}
