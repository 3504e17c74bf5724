//! Noir's Poseidon2 hash: `poseidon::poseidon2::Poseidon2::hash(inputs, n)` of Noir's `poseidon`
//! library in current releases, `std::hash::poseidon2::Poseidon2::hash(inputs, n)` of Noir's
//! standard library up to 1.0.0-beta.3 (the same values), which is barretenberg's Poseidon2 sponge
//! over the t = 4 Barretenberg-set permutation (`@zkpassport/poseidon2` computes the same in
//! TypeScript).
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

/// 2^64: the capacity lane starts at n · 2^64.
const TWO_POW_64: Fr = match Fr::from_limbs([0, 1, 0, 0]) {
    Some(value) => value,
    None => panic!("2^64 < p"),
};

/// Most inputs the stylus-poseidon program's `noirHash(uint256[])` takes (above it reverts with
/// `TooManyInputs(count, max)`: 342 permutations, ~1.4 M gas on Stylus); the `poseidon noir`
/// command refuses the same. The functions here hash any length.
pub const MAX_PROGRAM_INPUTS: usize = 1024;

/// Noir's sponge, fed one element at a time (for callers that check or convert their inputs as
/// they go, e.g. from ABI words, without a buffer). A full block is permuted as soon as it is
/// complete, where Noir waits for the next element or the squeeze: each block is still
/// permuted exactly once, so the result is the same.
pub struct Sponge {
    state: [Fr; 4],
    absorbed: usize,
}

impl Sponge {
    /// A sponge for a message of `message_length` elements: the capacity lane is
    /// message_length · 2^64.
    pub fn new(message_length: usize) -> Sponge {
        // n · 2^64 as a product: no `Option` to unwrap (a panic path would put its message in the
        // Stylus program's data segment, ~0.75 gas a byte on every call).
        let capacity = Fr::from_u64(message_length as u64).mul(&TWO_POW_64);
        Sponge {
            state: [Fr::ZERO, Fr::ZERO, Fr::ZERO, capacity],
            absorbed: 0,
        }
    }

    /// Adds the next element into its rate lane; permutes when a block of three is complete.
    pub fn absorb(&mut self, x: &Fr) {
        let lane = self.absorbed % 3;
        self.state[lane].add_assign(x);
        self.absorbed += 1;
        if lane == 2 {
            barretenberg_t4::permute(&mut self.state);
        }
    }

    /// The hash: permutes the last, partial block (or, for an empty message, the initial
    /// state) and returns lane 0.
    pub fn squeeze(mut self) -> Fr {
        if !self.absorbed.is_multiple_of(3) || self.absorbed == 0 {
            barretenberg_t4::permute(&mut self.state);
        }
        self.state[0]
    }
}

fn sponge(inputs: &[Fr], trailing_one: bool) -> Fr {
    let mut sponge = Sponge::new(inputs.len());
    for x in inputs {
        sponge.absorb(x);
    }
    if trailing_one {
        sponge.absorb(&Fr::ONE);
    }
    sponge.squeeze()
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
    let mut state = [inputs[0], inputs[1], Fr::ZERO, Fr::ZERO];
    // Added, not placed: a constant placed in an array is copied from a data segment on wasm32,
    // an added one is passed as immediates.
    state[3].add_assign(&TWO_INPUTS);
    barretenberg_t4::permute(&mut state);
    state[0]
}

/// The variable-length variant: the message, then 1, with the capacity lane at n · 2^64
/// (barretenberg's `Poseidon2::hash_variable_length`).
pub fn hash_variable_length(inputs: &[Fr]) -> Fr {
    sponge(inputs, true)
}
