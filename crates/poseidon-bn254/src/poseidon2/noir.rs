//! Noir's Poseidon2 hash: `std::hash::poseidon2::Poseidon2::hash(inputs, n)` of Noir's standard
//! library, which is barretenberg's Poseidon2 sponge over the t = 4 Barretenberg-set permutation
//! (`@zkpassport/poseidon2` computes the same in TypeScript).
//!
//! The sponge: rate 3 (lanes 0, 1, 2), capacity 1 (lane 3), the capacity lane starting at
//! n · 2^64 for a message of n elements (one output). Inputs are absorbed three at a time, adding
//! into lanes 0–2, and each block of three is followed by one permutation; the last block may be
//! partial (its missing lanes add nothing) and is permuted when the hash is squeezed; an empty
//! message is one permutation of the all-zero state. The hash is lane 0 after the last
//! permutation. So n inputs cost max(1, ⌈n / 3⌉) permutations.
//!
//! The variable-length variant ([`hash_variable_length`], barretenberg's `hash_variable_length`,
//! Noir's `hash_internal(.., is_variable_length = true)`) absorbs one more element, 1, after the
//! message; the capacity lane still holds the message length n.

use super::params::barretenberg_t4;
use crate::Fr;

/// The initial capacity lane, n · 2^64 (n < 2^64 elements: far beyond any call).
fn capacity(n: usize) -> Fr {
    Fr::from_limbs([0, n as u64, 0, 0]).expect("n · 2^64 < 2^128 < p")
}

/// The sponge over `message` (the inputs, then the trailing 1 if any), with capacity n · 2^64.
fn sponge(inputs: &[Fr], trailing_one: bool) -> Fr {
    let mut state = [Fr::ZERO, Fr::ZERO, Fr::ZERO, capacity(inputs.len())];
    let one = [Fr::ONE];
    let tail: &[Fr] = if trailing_one { &one } else { &[] };
    let mut message = inputs.iter().chain(tail).peekable();
    // At least one block: the empty message is one permutation of the zero state.
    loop {
        for lane in state.iter_mut().take(3) {
            if let Some(x) = message.next() {
                *lane = lane.add(x);
            }
        }
        barretenberg_t4::permute(&mut state);
        if message.peek().is_none() {
            return state[0];
        }
    }
}

/// Noir's `Poseidon2::hash(inputs, inputs.len())`: the fixed-length hash of every element of
/// `inputs` (any length, including 0).
pub fn hash(inputs: &[Fr]) -> Fr {
    sponge(inputs, false)
}

/// [`hash`] of two inputs (a Merkle node): one permutation of [a, b, 0, 2 · 2^64], lane 0.
pub fn hash2(inputs: &[Fr; 2]) -> Fr {
    const TWO_INPUTS: Fr = match Fr::from_limbs([0, 2, 0, 0]) {
        Some(capacity) => capacity,
        None => panic!("2 · 2^64 < p"),
    };
    let mut state = [inputs[0], inputs[1], Fr::ZERO, TWO_INPUTS];
    barretenberg_t4::permute(&mut state);
    state[0]
}

/// The variable-length variant: the message, then 1, with the capacity lane at n · 2^64
/// (barretenberg's `Poseidon2::hash_variable_length`).
pub fn hash_variable_length(inputs: &[Fr]) -> Fr {
    sponge(inputs, true)
}
