//! MiMCSponge: circomlib's Feistel MiMC with x⁵ and 220 rounds over a key and two lanes.
//!
//! Round i (0-based) computes t = (xL + k + cᵢ)⁵; every round but the last sets
//! (xL, xR) ← (xR + t, xL), the last sets xR ← xR + t. The constants are [`constants::SPONGE`].

use poseidon_bn254::Fr;
use seq_macro::seq;

use crate::constants;

/// Rounds of the Feistel network.
pub const ROUNDS: usize = 220;

/// MiMCSponge of the lanes (xL, xR) with key `k`: circomlibjs `buildMimcSponge().hash(xl, xr, k)`.
/// Tornado Cash's `IHasher.MiMCSponge(xL, xR)` is this with `k` = 0.
pub fn hash(xl: Fr, xr: Fr, k: Fr) -> (Fr, Fr) {
    // Before round i, xL is lanes[i % 2] and xR the other: no lane is ever copied.
    let mut lanes = [xl, xr];
    seq!(I in 0..220 {
        round::<I>(&mut lanes, &k);
    });
    // The last round (odd) adds into lanes[0], which holds xR, and swaps nothing.
    (lanes[1], lanes[0])
}

/// Round `I`: lanes[1 − I % 2] += (lanes[I % 2] + k + c_I)⁵.
#[inline(always)]
fn round<const I: usize>(lanes: &mut [Fr; 2], k: &Fr) {
    let (left, right) = (I % 2, 1 - I % 2);
    let mut t = lanes[left].add(k);
    // circomlib adds no constant in the first round, and the last one is 0.
    if I != 0 && I != ROUNDS - 1 {
        t.add_assign(&constants::SPONGE[I]);
    }
    t.pow5_assign();
    lanes[right].add_assign(&t);
}

/// circomlibjs `buildMimcSponge().multiHash(inputs, key, outputs.len())`: R = C = 0; each input is
/// added to R, then (R, C) ← hash(R, C, key); the first output is R, and each further output is R
/// after one more hash. circomlibjs returns one output as a bare value and several as an array: the
/// values are these. With no outputs asked for, nothing is computed.
pub fn multi_hash(inputs: &[Fr], key: Fr, outputs: &mut [Fr]) {
    let Some((first, rest)) = outputs.split_first_mut() else {
        return;
    };
    let (mut r, mut c) = (Fr::ZERO, Fr::ZERO);
    for input in inputs {
        r.add_assign(input);
        (r, c) = hash(r, c, key);
    }
    *first = r;
    for output in rest {
        (r, c) = hash(r, c, key);
        *output = r;
    }
}

/// Tornado Cash's `MerkleTreeWithHistory.hashLeftRight` (two `IHasher` calls, key 0):
/// R = left; (R, C) = hash(R, 0); R = R + right; (R, C) = hash(R, C); R.
pub fn hash_left_right(left: Fr, right: Fr) -> Fr {
    let (mut r, c) = hash(left, Fr::ZERO, Fr::ZERO);
    r.add_assign(&right);
    hash(r, c, Fr::ZERO).0
}
