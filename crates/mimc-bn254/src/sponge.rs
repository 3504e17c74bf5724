//! MiMCSponge: circomlib's Feistel MiMC with x⁵ and 220 rounds over a key and two lanes.
//!
//! Round i (0-based) computes t = (xL + k + cᵢ)⁵ ([`Fr::add_pow5_of_sum`]); every round but the last sets
//! (xL, xR) ← (xR + t, xL), the last sets xR ← xR + t. The constants are [`constants::SPONGE`].

use poseidon_bn254::Fr;
use seq_macro::seq;

use crate::constants;

/// Rounds of the Feistel network.
pub const ROUNDS: usize = constants::SPONGE.len();

/// MiMCSponge of the lanes (xL, xR) with key `k`: circomlibjs `buildMimcSponge().hash(xl, xr, k)`.
/// Tornado Cash's `IHasher.MiMCSponge(xL, xR)` is this with `k` = 0.
// `seq!` spells round 0's parity test with the literal 0 (clippy sees a constant comparison).
#[allow(clippy::eq_op, clippy::identity_op)]
pub fn hash(xl: Fr, xr: Fr, k: Fr) -> (Fr, Fr) {
    // Rounds alternate which lane they add into, so no lane is ever copied: after an even round
    // `a` holds xR and `b` xL, after an odd one the reverse.
    let (mut a, mut b) = (xl, xr);
    seq!(I in 0..220 {
        if I % 2 == 0 {
            b.add_pow5_of_sum(&a, &k, &constants::SPONGE[I]);
        } else {
            a.add_pow5_of_sum(&b, &k, &constants::SPONGE[I]);
        }
    });
    // The last round (odd) adds into `a`, which holds xR, and swaps nothing.
    (b, a)
}

/// circomlibjs `buildMimcSponge().multiHash(inputs, key, outputs.len())`: see [`MultiHash`].
/// circomlibjs returns one output as a bare value and several as an array: the values are these.
/// With no outputs asked for, nothing is computed.
pub fn multi_hash(inputs: &[Fr], key: Fr, outputs: &mut [Fr]) {
    if outputs.is_empty() {
        return;
    }
    let mut sponge = MultiHash::new(key);
    for input in inputs {
        sponge.absorb(input);
    }
    for output in outputs {
        *output = sponge.squeeze();
    }
}

/// circomlibjs's `multiHash` one input and one output at a time (for inputs converted as they
/// are read): R = C = 0; each input is added to R, then (R, C) ← hash(R, C, key); the first
/// output is R, and each further output is R after one more hash.
pub struct MultiHash {
    r: Fr,
    c: Fr,
    key: Fr,
    squeezed: bool,
}

impl MultiHash {
    /// No input absorbed yet.
    pub fn new(key: Fr) -> Self {
        MultiHash {
            r: Fr::ZERO,
            c: Fr::ZERO,
            key,
            squeezed: false,
        }
    }

    /// Absorbs one input. Inputs follow circomlibjs's order: all before the first output.
    pub fn absorb(&mut self, input: &Fr) {
        self.r.add_assign(input);
        (self.r, self.c) = hash(self.r, self.c, self.key);
    }

    /// The next output.
    pub fn squeeze(&mut self) -> Fr {
        if self.squeezed {
            (self.r, self.c) = hash(self.r, self.c, self.key);
        }
        self.squeezed = true;
        self.r
    }
}

/// Tornado Cash's `MerkleTreeWithHistory.hashLeftRight` (two `IHasher` calls, key 0):
/// R = left; (R, C) = hash(R, 0); R = R + right; (R, C) = hash(R, C); R.
pub fn hash_left_right(left: Fr, right: Fr) -> Fr {
    let (mut r, c) = hash(left, Fr::ZERO, Fr::ZERO);
    r.add_assign(&right);
    hash(r, c, Fr::ZERO).0
}
