//! The Poseidon2 functions beyond `poseidon2(a, b)`: Noir's hash, every instance's permutation and
//! TaceoLabs' compression. Checks and one library call each; an input ≥ p reverts with
//! `InputNotInField(position, value)`, `position` being the index in the array (or the argument).

#[cfg(any(test, feature = "noir"))]
use alloy_primitives::U256;
#[allow(unused_imports)] // which instances are used depends on the enabled features
use poseidon_bn254::poseidon2::{self, params, Instance, Layers, Width};
use poseidon_bn254::Fr;

#[cfg(any(test, feature = "noir"))]
use crate::abi::IPoseidonErrors::TooManyInputs;
use crate::abi::Revert;
use crate::calldata::Word;
use crate::functions::field_element;

/// Most inputs `noirHash` takes (the library's, which the CLI refuses the same way); Noir circuits
/// hash fixed arrays far shorter than this. Longer arrays revert with `TooManyInputs(count, max)`.
#[cfg(any(test, feature = "noir"))]
pub const MAX_NOIR_INPUTS: usize = poseidon2::noir::MAX_PROGRAM_INPUTS;

/// The words as field elements, `InputNotInField(i, words[i])` for the first one ≥ p.
#[inline(always)]
fn field_elements<const N: usize>(words: &[Word; N]) -> Result<[Fr; N], Revert> {
    let mut out = [Fr::ZERO; N];
    for (i, (slot, word)) in out.iter_mut().zip(words).enumerate() {
        *slot = field_element(word, i)?;
    }
    Ok(out)
}

/// Instance `I`'s permutation of a state given as ABI words.
#[inline(never)]
fn permute_words<const N: usize, I: Instance<N>>(state: &[Word; N]) -> Result<[Word; N], Revert>
where
    Width<N>: Layers<N>,
{
    let mut state = field_elements(state)?;
    poseidon2::permutation::<N, I>(&mut state);
    Ok(state.map(|x| x.to_be_bytes()))
}

/// TaceoLabs `compress` of instance `I` on ABI words.
#[cfg(any(
    test,
    feature = "noir",
    feature = "poseidon2-t3",
    feature = "poseidon2-t2"
))]
#[inline(never)]
fn compress_words<const N: usize, I: Instance<N>>(inputs: &[Word; N]) -> Result<Word, Revert>
where
    Width<N>: Layers<N>,
{
    let inputs = field_elements(inputs)?;
    Ok(poseidon2::compress::<N, I>(&inputs).to_be_bytes())
}

/// `noirHash(uint256[])`: `TooManyInputs(count, MAX_NOIR_INPUTS)` above the maximum, then
/// `InputNotInField(i, inputs[i])` for the first input ≥ p, then Noir's hash.
#[cfg(any(test, feature = "noir"))]
pub fn noir_hash(inputs: &[Word]) -> Result<Word, Revert> {
    if inputs.len() > MAX_NOIR_INPUTS {
        return Err(Revert::TooManyInputs(TooManyInputs {
            count: U256::from(inputs.len()),
            max: U256::from(MAX_NOIR_INPUTS),
        }));
    }
    // Checked and absorbed one by one: no buffer; the first input ≥ p stops the call.
    let mut sponge = poseidon2::noir::Sponge::new(inputs.len());
    for (i, word) in inputs.iter().enumerate() {
        sponge.absorb(&field_element(word, i)?);
    }
    Ok(sponge.squeeze().to_be_bytes())
}

/// `noirHash2(uint256,uint256)`.
#[cfg(any(test, feature = "noir"))]
pub fn noir_hash2(a: &Word, b: &Word) -> Result<Word, Revert> {
    let inputs = [field_element(a, 0)?, field_element(b, 1)?];
    Ok(poseidon2::noir::hash2(&inputs).to_be_bytes())
}

/// `poseidon2PermuteT4(uint256[4])`.
#[cfg(any(test, feature = "noir"))]
pub fn permute_t4(state: &[Word; 4]) -> Result<[Word; 4], Revert> {
    permute_words::<4, params::BarretenbergT4>(state)
}

/// `poseidon2CompressT4(uint256[4])`.
#[cfg(any(test, feature = "noir"))]
pub fn compress_t4(inputs: &[Word; 4]) -> Result<Word, Revert> {
    compress_words::<4, params::BarretenbergT4>(inputs)
}

/// `poseidon2PermuteT3(uint256[3])`.
#[cfg(any(test, feature = "poseidon2-t3"))]
pub fn permute_t3(state: &[Word; 3]) -> Result<[Word; 3], Revert> {
    permute_words::<3, params::BarretenbergT3>(state)
}

/// `poseidon2CompressT3(uint256[3])`.
#[cfg(any(test, feature = "poseidon2-t3"))]
pub fn compress_t3(inputs: &[Word; 3]) -> Result<Word, Revert> {
    compress_words::<3, params::BarretenbergT3>(inputs)
}

/// `poseidon2PermuteT2(uint256[2])`.
#[cfg(any(test, feature = "poseidon2-t2"))]
pub fn permute_t2(state: &[Word; 2]) -> Result<[Word; 2], Revert> {
    permute_words::<2, params::BarretenbergT2>(state)
}

/// `poseidon2CompressT2(uint256[2])`.
#[cfg(any(test, feature = "poseidon2-t2"))]
pub fn compress_t2(inputs: &[Word; 2]) -> Result<Word, Revert> {
    compress_words::<2, params::BarretenbergT2>(inputs)
}

/// `poseidon2CodexPermuteT2(uint256[2])`.
#[cfg(any(test, feature = "poseidon2-codex"))]
pub fn codex_permute_t2(state: &[Word; 2]) -> Result<[Word; 2], Revert> {
    permute_words::<2, params::CodexT2>(state)
}

/// `poseidon2CodexPermuteT3(uint256[3])`.
#[cfg(any(test, feature = "poseidon2-codex"))]
pub fn codex_permute_t3(state: &[Word; 3]) -> Result<[Word; 3], Revert> {
    permute_words::<3, params::CodexT3>(state)
}

/// `poseidon2CodexPermuteT4(uint256[4])`.
#[cfg(any(test, feature = "poseidon2-codex"))]
pub fn codex_permute_t4(state: &[Word; 4]) -> Result<[Word; 4], Revert> {
    permute_words::<4, params::CodexT4>(state)
}
