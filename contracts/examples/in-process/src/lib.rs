//! What one in-process hash costs in a stylus-sdk contract. Each build holds one family (a cargo
//! feature): a function that hashes, and `baseline…`, the same function minus the hash (the same
//! arguments decoded, checked and converted, one returned). The meter's gas for the first minus
//! the second is the hash, as a contract that calls it in-process pays for it
//! (`scripts/gas-report/in-process.mjs`, README "Use it in your Stylus contract").
//!
//! The Poseidon2 build is also the report's "our Poseidon2 behind the same stylus-sdk entry
//! point": `hash(uint256[2])`, the form of openzeppelin-crypto's example (`oz-poseidon2`).
#![cfg_attr(not(any(test, feature = "export-abi")), no_main)]
extern crate alloc;

/// The families in this build: exactly one (two would be two `#[public]` blocks).
const FAMILIES: usize = cfg!(feature = "circomlib-t2") as usize
    + cfg!(feature = "circomlib-t3") as usize
    + cfg!(feature = "circomlib-t4") as usize
    + cfg!(feature = "circomlib-t5") as usize
    + cfg!(feature = "circomlib-t6") as usize
    + cfg!(feature = "poseidon2") as usize
    + cfg!(feature = "noir") as usize
    + cfg!(feature = "goldilocks") as usize;
const _: () = assert!(
    FAMILIES == 1,
    "one family per build: --no-default-features --features <family>"
);

use core::hint::black_box;

use alloy_primitives::U256;
use poseidon_bn254::{abi::InputNotInField, Fr};
use stylus_sdk::prelude::*;

/// A contract without state: each build's functions are in the `#[public]` block of its family.
#[storage]
#[entrypoint]
pub struct InProcess;

/// The arguments as field elements, `InputNotInField(i, words[i])` for the first one ≥ p.
#[cfg_attr(feature = "goldilocks", allow(dead_code))] // the BN254 families' helpers
fn field_elements<const N: usize>(words: [U256; N]) -> Result<[Fr; N], InputNotInField> {
    let mut elements = [Fr::ZERO; N];
    for (position, (element, word)) in elements.iter_mut().zip(words).enumerate() {
        *element = Fr::from_word(word, position)?;
    }
    Ok(elements)
}

/// The baseline's result: the elements kept (`black_box`, so their conversions stay in the
/// function as they do where they are hashed), the first one returned.
#[cfg_attr(feature = "goldilocks", allow(dead_code))]
fn first<const N: usize>(elements: [Fr; N]) -> U256 {
    black_box(elements)[0].to_word()
}

#[cfg(feature = "circomlib-t2")]
#[public]
impl InProcess {
    /// circomlib Poseidon of one input (t = 2).
    pub fn hash(&self, a: U256) -> Result<U256, InputNotInField> {
        Ok(poseidon_bn254::poseidon::hash1(&field_elements([a])?).to_word())
    }

    /// `hash` minus the hash.
    pub fn baseline(&self, a: U256) -> Result<U256, InputNotInField> {
        Ok(first(field_elements([a])?))
    }
}

#[cfg(feature = "circomlib-t3")]
#[public]
impl InProcess {
    /// circomlib Poseidon of two inputs (t = 3).
    pub fn hash(&self, a: U256, b: U256) -> Result<U256, InputNotInField> {
        Ok(poseidon_bn254::poseidon::hash2(&field_elements([a, b])?).to_word())
    }

    /// `hash` minus the hash.
    pub fn baseline(&self, a: U256, b: U256) -> Result<U256, InputNotInField> {
        Ok(first(field_elements([a, b])?))
    }
}

#[cfg(feature = "circomlib-t4")]
#[public]
impl InProcess {
    /// circomlib Poseidon of three inputs (t = 4).
    pub fn hash(&self, a: U256, b: U256, c: U256) -> Result<U256, InputNotInField> {
        Ok(poseidon_bn254::poseidon::hash3(&field_elements([a, b, c])?).to_word())
    }

    /// `hash` minus the hash.
    pub fn baseline(&self, a: U256, b: U256, c: U256) -> Result<U256, InputNotInField> {
        Ok(first(field_elements([a, b, c])?))
    }
}

#[cfg(feature = "circomlib-t5")]
#[public]
impl InProcess {
    /// circomlib Poseidon of four inputs (t = 5).
    pub fn hash(&self, a: U256, b: U256, c: U256, d: U256) -> Result<U256, InputNotInField> {
        Ok(poseidon_bn254::poseidon::hash4(&field_elements([a, b, c, d])?).to_word())
    }

    /// `hash` minus the hash.
    pub fn baseline(&self, a: U256, b: U256, c: U256, d: U256) -> Result<U256, InputNotInField> {
        Ok(first(field_elements([a, b, c, d])?))
    }
}

#[cfg(feature = "circomlib-t6")]
#[public]
impl InProcess {
    /// circomlib Poseidon of five inputs (t = 6).
    pub fn hash(
        &self,
        a: U256,
        b: U256,
        c: U256,
        d: U256,
        e: U256,
    ) -> Result<U256, InputNotInField> {
        Ok(poseidon_bn254::poseidon::hash5(&field_elements([a, b, c, d, e])?).to_word())
    }

    /// `hash` minus the hash.
    pub fn baseline(
        &self,
        a: U256,
        b: U256,
        c: U256,
        d: U256,
        e: U256,
    ) -> Result<U256, InputNotInField> {
        Ok(first(field_elements([a, b, c, d, e])?))
    }
}

#[cfg(feature = "poseidon2")]
#[public]
impl InProcess {
    /// Poseidon2 t = 3 two-input hash (openzeppelin-crypto 0.3's), in its example's form.
    pub fn hash(&self, inputs: [U256; 2]) -> Result<U256, InputNotInField> {
        Ok(poseidon_bn254::poseidon2::hash2(&field_elements(inputs)?).to_word())
    }

    /// `hash` minus the hash.
    pub fn baseline(&self, inputs: [U256; 2]) -> Result<U256, InputNotInField> {
        Ok(first(field_elements(inputs)?))
    }
}

#[cfg(feature = "noir")]
#[public]
impl InProcess {
    /// Noir's Poseidon2 hash of two inputs (`Poseidon2::hash([a, b], 2)`).
    pub fn noir_hash2(&self, a: U256, b: U256) -> Result<U256, InputNotInField> {
        Ok(poseidon_bn254::poseidon2::noir::hash2(&field_elements([a, b])?).to_word())
    }

    /// `noirHash2` minus the hash.
    pub fn baseline(&self, a: U256, b: U256) -> Result<U256, InputNotInField> {
        Ok(first(field_elements([a, b])?))
    }
}

#[cfg(feature = "goldilocks")]
mod goldilocks {
    use core::hint::black_box;

    use alloy_primitives::U256;
    use poseidon_bn254::abi::InputNotInField;
    use poseidon_goldilocks::{poseidon, Digest, Goldilocks};
    use stylus_sdk::prelude::*;

    use super::InProcess;

    /// Both digests as field elements, `InputNotInField(i, value)` for the first lane ≥ p
    /// (lanes numbered left then right).
    fn digests(left: [u64; 4], right: [u64; 4]) -> Result<[Digest; 2], InputNotInField> {
        let mut out = [[Goldilocks::ZERO; 4]; 2];
        for (position, (lane, value)) in out
            .iter_mut()
            .flatten()
            .zip(left.into_iter().chain(right))
            .enumerate()
        {
            *lane = Goldilocks::new(value).map_err(|_| InputNotInField {
                position: U256::from(position),
                value: U256::from(value),
            })?;
        }
        Ok(out)
    }

    #[public]
    impl InProcess {
        /// plonky2's `PoseidonHash::two_to_one` (a Merkle node) over Goldilocks.
        pub fn two_to_one(
            &self,
            left: [u64; 4],
            right: [u64; 4],
        ) -> Result<[u64; 4], InputNotInField> {
            let [left, right] = digests(left, right)?;
            Ok(poseidon::two_to_one(&left, &right).map(Goldilocks::value))
        }

        /// `twoToOne` minus the hash.
        pub fn baseline(
            &self,
            left: [u64; 4],
            right: [u64; 4],
        ) -> Result<[u64; 4], InputNotInField> {
            let [left, _] = black_box(digests(left, right)?);
            Ok(left.map(Goldilocks::value))
        }
    }
}
