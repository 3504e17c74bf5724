//! The MiMC program (feature `mimc`): circomlib's MiMCSponge and MiMC7 from [`mimc_bn254`], under
//! the selectors Tornado Cash's `IHasher` and circomlibjs's generated contracts use, plus Tornado's
//! Merkle level in one call and circomlibjs's `multiHash` shapes. Checks, the library calls, and
//! the errors.
//!
//! A word ≥ p is `InputNotInField(position, value)`, positions in argument order (array elements
//! first, then the key); the first bad position is reported. circomlibjs's contracts and Tornado's
//! hasher reduce such a word silently instead.

use alloc::vec::Vec;

use alloy_primitives::U256;
use mimc_bn254::{mimc7, sponge, Fr};

use crate::abi::IPoseidonErrors::OutputCountOutOfRange;
use crate::abi::Revert;
use crate::calldata::Word;
use crate::functions::field_element;
use crate::returndata::{self, WordArray};

/// Most outputs `mimcSpongeMultiHash` returns (each one more sponge call): bounds the return data.
pub const MAX_OUTPUTS: usize = 256;

/// `MiMCSponge(xL_in, xR_in, k)` (circomlibjs) and, with `k` = 0, `MiMCSponge(in_xL, in_xR)`
/// (Tornado's `IHasher`): the two lanes.
pub fn mimc_sponge(xl: &Word, xr: &Word, k: Option<&Word>) -> Result<Vec<u8>, Revert> {
    let (xl, xr) = (field_element(xl, 0)?, field_element(xr, 1)?);
    let k = match k {
        Some(k) => field_element(k, 2)?,
        None => Fr::ZERO,
    };
    let (xl, xr) = sponge::hash(xl, xr, k);
    Ok(returndata::words(&[xl.to_be_bytes(), xr.to_be_bytes()]))
}

/// `MiMCpe7(in_x, in_k)`.
pub fn mimc7(x: &Word, k: &Word) -> Result<Word, Revert> {
    let (x, k) = (field_element(x, 0)?, field_element(k, 1)?);
    Ok(mimc7::hash(x, k).to_be_bytes())
}

/// `hashLeftRight(left, right)`: Tornado's two `IHasher` calls in one.
pub fn hash_left_right(left: &Word, right: &Word) -> Result<Word, Revert> {
    let (left, right) = (field_element(left, 0)?, field_element(right, 1)?);
    Ok(sponge::hash_left_right(left, right).to_be_bytes())
}

/// The key, checked after the inputs: when it is ≥ p, the first input ≥ p is reported if there is
/// one, else `InputNotInField(inputs.length, key)`. The inputs themselves are converted (and
/// checked, in order) as they are absorbed: hashing has no side effects.
fn key_after_inputs(inputs: &[Word], key: &Word) -> Result<Fr, Revert> {
    field_element(key, inputs.len()).or_else(|rejected| {
        for (position, word) in inputs.iter().enumerate() {
            field_element(word, position)?;
        }
        Err(rejected)
    })
}

/// `mimcSpongeMultiHash(inputs, key, numOutputs)`: `OutputCountOutOfRange(numOutputs, 256)`
/// unless 1 ≤ numOutputs ≤ [`MAX_OUTPUTS`], checked first; then the inputs and the key.
pub fn mimc_sponge_multi_hash(
    inputs: &[Word],
    key: &Word,
    num_outputs: &Word,
) -> Result<Vec<u8>, Revert> {
    let count = U256::from_be_bytes(*num_outputs);
    let outputs = match usize::try_from(count) {
        Ok(n @ 1..=MAX_OUTPUTS) => n,
        _ => {
            return Err(Revert::OutputCountOutOfRange(OutputCountOutOfRange {
                count,
                max: U256::from(MAX_OUTPUTS),
            }))
        }
    };
    let mut sponge = sponge::MultiHash::new(key_after_inputs(inputs, key)?);
    for (position, word) in inputs.iter().enumerate() {
        sponge.absorb(&field_element(word, position)?);
    }
    let mut out = WordArray::zeroed(outputs);
    for word in out.words_mut() {
        *word = sponge.squeeze().to_be_bytes();
    }
    Ok(out.into_abi())
}

/// `mimc7MultiHash(inputs, key)`: the same checks in the same order.
pub fn mimc7_multi_hash(inputs: &[Word], key: &Word) -> Result<Word, Revert> {
    let mut acc = mimc7::MultiHash::new(key_after_inputs(inputs, key)?);
    for (position, word) in inputs.iter().enumerate() {
        acc.absorb(&field_element(word, position)?);
    }
    Ok(acc.finish().to_be_bytes())
}
