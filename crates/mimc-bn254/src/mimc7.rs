//! MiMC7: circomlib's MiMC with x⁷ and 91 rounds over one element and a key.
//!
//! r₀ = (x + k)⁷, rᵢ = (rᵢ₋₁ + k + cᵢ)⁷ for i = 1 … 90 ([`Fr::pow7_of_sum_assign`]), and the hash is r₉₀ + k. The constants are
//! [`constants::MIMC7`].

use poseidon_bn254::Fr;
use seq_macro::seq;

use crate::constants;

/// Rounds.
pub const ROUNDS: usize = constants::MIMC7.len();

/// MiMC7 of `x` with key `k`: circomlibjs `buildMimc7().hash(x, k)`.
pub fn hash(x: Fr, k: Fr) -> Fr {
    let mut r = x;
    // Round 0's constant is 0 (circomlib adds none there).
    seq!(I in 0..91 {
        r.pow7_of_sum_assign(&k, &constants::MIMC7[I]);
    });
    r.add_assign(&k);
    r
}

/// circomlibjs `buildMimc7().multiHash(inputs, key)`: see [`MultiHash`]. Returns `key` for no
/// inputs.
pub fn multi_hash(inputs: &[Fr], key: Fr) -> Fr {
    let mut acc = MultiHash::new(key);
    for input in inputs {
        acc.absorb(input);
    }
    acc.finish()
}

/// circomlibjs's `multiHash` one input at a time (for inputs converted as they are read):
/// r = key, then for each input r ← r + input + hash(input, r).
pub struct MultiHash(Fr);

impl MultiHash {
    /// No input absorbed yet: r = key.
    pub fn new(key: Fr) -> Self {
        MultiHash(key)
    }

    /// Absorbs one input.
    pub fn absorb(&mut self, input: &Fr) {
        let h = hash(*input, self.0);
        self.0.add_assign(input);
        self.0.add_assign(&h);
    }

    /// The hash of the inputs absorbed.
    pub fn finish(self) -> Fr {
        self.0
    }
}
