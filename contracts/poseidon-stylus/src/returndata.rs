//! Builds return and revert data: each in one buffer of exactly its size, allocated once.
//!
//! Hand-written for the same reason as `calldata.rs`: alloy's encoders grow their `Vec`s with
//! `reserve`/`push`, whose overflow checks the compiler cannot prove away and which link std's
//! panic machinery into the program. Tests compare every encoding with alloy's.

use alloc::vec::Vec;
use alloy_sol_types::SolError;

#[cfg(any(test, feature = "goldilocks"))]
use crate::abi::IPoseidonErrors::LeafIndexOutOfRange;
use crate::abi::IPoseidonErrors::{
    EmptyInput, OddPairsLength, PathBitsOutOfRange, TooManyInputs, TooManySiblings,
};
use crate::abi::IStylusPoseidon::InvalidCalldata;
use crate::abi::{InputNotInField, Revert};
use crate::calldata::Word;

/// A single `uint256` return value.
pub fn word(value: Word) -> Vec<u8> {
    value.to_vec()
}

/// A static `uint256[N]` return value: its N words.
pub fn words<const N: usize>(values: &[Word; N]) -> Vec<u8> {
    let mut out = Vec::with_capacity(32 * N);
    for value in values {
        out.extend_from_slice(value);
    }
    out
}

/// A `uint256[]` return value being filled: the ABI head (offset 0x20, length) and `len`
/// zero words, written in place through [`WordArray::words_mut`].
pub struct WordArray {
    encoded: Vec<u8>,
}

impl WordArray {
    /// `len` zero words.
    pub fn zeroed(len: usize) -> Self {
        let size = len
            .checked_mul(32)
            .and_then(|bytes| bytes.checked_add(64))
            .filter(|&size| size <= isize::MAX as usize)
            .unwrap_or_else(|| out_of_memory());
        let mut encoded = alloc::vec![0u8; size];
        if let Some((offset, rest)) = encoded.split_first_chunk_mut::<32>() {
            offset[31] = 0x20;
            if let Some(length) = rest.first_chunk_mut::<32>() {
                *length = alloy_primitives::U256::from(len).to_be_bytes::<32>();
            }
        }
        WordArray { encoded }
    }

    /// The array's elements.
    pub fn words_mut(&mut self) -> &mut [Word] {
        self.encoded
            .get_mut(64..)
            .unwrap_or_default()
            .as_chunks_mut::<32>()
            .0
    }

    /// The return data.
    pub fn into_abi(self) -> Vec<u8> {
        self.encoded
    }
}

/// A static array of `uint64` (`uint64[N]`): one word per value, right-aligned.
pub fn uint64_words<const N: usize>(values: &[u64; N]) -> Vec<u8> {
    let mut encoded = alloc::vec![0u8; 32 * N];
    for (word, value) in encoded.as_chunks_mut::<32>().0.iter_mut().zip(values) {
        if let Some(low) = word.last_chunk_mut::<8>() {
            *low = value.to_be_bytes();
        }
    }
    encoded
}

/// A `bool` return value.
pub fn boolean(value: bool) -> Vec<u8> {
    let mut encoded = alloc::vec![0u8; 32];
    if let Some(last) = encoded.last_mut() {
        *last = value as u8;
    }
    encoded
}

/// The revert data of a custom error: its selector and its arguments, one word each.
pub fn revert(error: &Revert) -> Vec<u8> {
    match error {
        Revert::InputNotInField(e) => encode_error(
            InputNotInField::SELECTOR,
            [u256(&e.position), u256(&e.value)],
        ),
        Revert::OddPairsLength(e) => encode_error(OddPairsLength::SELECTOR, [u256(&e.length)]),
        Revert::EmptyInput(_) => encode_error(EmptyInput::SELECTOR, []),
        // One arm (one inlined encoder) for the two errors of the same shape: a second copy made
        // every program's code larger, a gas of cached init on every call.
        Revert::TooManySiblings(TooManySiblings { count, max })
        | Revert::TooManyInputs(TooManyInputs { count, max }) => {
            let selector = if matches!(error, Revert::TooManyInputs(_)) {
                TooManyInputs::SELECTOR
            } else {
                TooManySiblings::SELECTOR
            };
            encode_error(selector, [u256(count), u256(max)])
        }
        Revert::PathBitsOutOfRange(e) => encode_error(
            PathBitsOutOfRange::SELECTOR,
            [u256(&e.pathBits), u256(&e.depth)],
        ),
        #[cfg(any(test, feature = "goldilocks"))]
        Revert::LeafIndexOutOfRange(e) => encode_error(
            LeafIndexOutOfRange::SELECTOR,
            [u256(&e.leafIndex), u256(&e.leaves)],
        ),
        // Only the Goldilocks functions raise it: elsewhere its encoding would be dead code that
        // the compiler keeps (a larger T3 program, so a dearer uncached call).
        #[cfg(not(any(test, feature = "goldilocks")))]
        Revert::LeafIndexOutOfRange(_) => Vec::new(),
        #[cfg(any(test, feature = "mimc"))]
        Revert::OutputCountOutOfRange(e) => encode_error(
            crate::abi::IPoseidonErrors::OutputCountOutOfRange::SELECTOR,
            [u256(&e.count), u256(&e.max)],
        ),
        Revert::InvalidCalldata(e) => {
            let mut word = [0u8; 32]; // bytes4: left-aligned, zero-padded
            if let Some(selector) = word.first_chunk_mut::<4>() {
                *selector = e.selector.0;
            }
            encode_error(InvalidCalldata::SELECTOR, [word])
        }
    }
}

/// A `uint256` error argument as its word. One body for every argument: inlined, each took its
/// own byte swaps (wasm has no `bswap`), kilobytes of every program, which every uncached call
/// pays init for.
#[inline(never)]
fn u256(value: &alloy_primitives::U256) -> Word {
    value.to_be_bytes::<32>()
}

fn encode_error<const N: usize>(selector: [u8; 4], words: [Word; N]) -> Vec<u8> {
    let mut out = Vec::with_capacity(4 + 32 * N);
    out.extend_from_slice(&selector);
    for word in &words {
        out.extend_from_slice(word);
    }
    out
}

/// Ends the program when return data cannot be allocated: a trap on wasm32, as when the
/// allocator cannot grow memory (and without linking the panic machinery); a panic natively.
/// Unreachable in practice: outputs are smaller than the calldata they come from.
fn out_of_memory() -> ! {
    #[cfg(target_arch = "wasm32")]
    core::arch::wasm32::unreachable();
    #[cfg(not(target_arch = "wasm32"))]
    panic!("return data too large to allocate");
}
