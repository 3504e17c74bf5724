//! The permutation on the native backend (`u128` products, [`crate::field::native`]).
//!
//! - Full rounds: the MDS step as on wasm32 (frequency domain over 32-bit halves, exact in
//!   `i64`), each lane reduced once, with the next round's constants added to the half sums.
//! - Partial rounds: plonky2's sparse matrices ([`super::sparse`]), 23 products a round instead
//!   of a dense step over all lanes, and the equivalent constants ([`super::equivalent`]). The
//!   dot products accumulate unreduced `u128` products and reduce once.

use super::equivalent::{FAST_PARTIAL_FIRST_ROUND_CONSTANT, FAST_PARTIAL_ROUND_CONSTANTS};
use super::params::{HALF_FULL_ROUNDS, MDS_DIAG, PARTIAL_ROUNDS};
use super::sparse::SPARSE;
use super::{circulant, FULL_ROUND_CONSTANTS};
use crate::field::native::{add, combine, pow7, reduce128, reduce160};

/// MDS · x + c, each lane reduced (below 2^64). The halves of x and c are below 2^32 and a row of
/// the matrix sums to 264, so every half sum stays below 2^42: exact in `i64`, and nonnegative.
#[inline(always)]
fn mds_plus(x: &[u64; 12], constants: &[u64; 12]) -> [u64; 12] {
    let lo = circulant(&x.map(|v| (v & 0xffff_ffff) as i64));
    let hi = circulant(&x.map(|v| (v >> 32) as i64));
    core::array::from_fn(|r| {
        let (c, d) = (constants[r], MDS_DIAG[r]);
        combine(
            lo[r] as u64 + d * (x[r] & 0xffff_ffff) + (c & 0xffff_ffff),
            hi[r] as u64 + d * (x[r] >> 32) + (c >> 32),
        )
    })
}

/// Σ aᵢ · bᵢ reduced, over 64-bit values: `u128` sums, counting each wrap (2^128 ≡ −2^32).
#[inline(always)]
fn dot<const N: usize>(a: &[u64; N], b: &[u64; N], first: u128) -> u64 {
    let (mut sum, mut overflows) = (first, 0u64);
    for i in 0..N {
        let (s, wrapped) = sum.overflowing_add(a[i] as u128 * b[i] as u128);
        sum = s;
        overflows += wrapped as u64;
    }
    reduce160(sum, overflows)
}

/// The 22 partial rounds on the reduced state the first half left (its constants
/// `FAST_PARTIAL_FIRST_ROUND_CONSTANT` already added).
#[inline(always)]
fn partial_rounds(x: &mut [u64; 12]) {
    let rest: [u64; 11] = core::array::from_fn(|i| x[1 + i]);
    for (i, row) in SPARSE.initial.iter().enumerate() {
        x[1 + i] = dot(row, &rest, 0);
    }
    for round in 0..PARTIAL_ROUNDS {
        let s0 = add(pow7(x[0]), FAST_PARTIAL_ROUND_CONSTANTS[round]);
        let rest: [u64; 11] = core::array::from_fn(|i| x[1 + i]);
        x[0] = dot(
            &SPARSE.w_hats[round],
            &rest,
            SPARSE.m00 as u128 * s0 as u128,
        );
        let vs = &SPARSE.vs[round];
        for i in 0..11 {
            // < (2^64 − 1) · p + 2^64 < 2^128.
            x[1 + i] = reduce128(vs[i] as u128 * s0 as u128 + rest[i] as u128);
        }
    }
}

/// The permutation on lanes holding any 64-bit values (residues); outputs are residues too.
pub(crate) fn permute_lanes(state: &mut [u64; 12]) {
    let mut x: [u64; 12] = core::array::from_fn(|i| add(state[i], FULL_ROUND_CONSTANTS[0][i]));
    for round in 0..2 * HALF_FULL_ROUNDS {
        let next = match round + 1 {
            HALF_FULL_ROUNDS => &FAST_PARTIAL_FIRST_ROUND_CONSTANT,
            n if n < 2 * HALF_FULL_ROUNDS => &FULL_ROUND_CONSTANTS[n],
            _ => &[0; 12],
        };
        x = mds_plus(&x.map(pow7), next);
        if round + 1 == HALF_FULL_ROUNDS {
            partial_rounds(&mut x);
            x = core::array::from_fn(|i| add(x[i], FULL_ROUND_CONSTANTS[HALF_FULL_ROUNDS][i]));
        }
    }
    *state = x;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::P;

    /// `add` and the product bounds above need constants below p.
    #[test]
    fn constants_are_canonical() {
        let tables = [
            FULL_ROUND_CONSTANTS.as_flattened(),
            &FAST_PARTIAL_FIRST_ROUND_CONSTANT,
            &FAST_PARTIAL_ROUND_CONSTANTS,
            SPARSE.initial.as_flattened(),
            SPARSE.vs.as_flattened(),
            SPARSE.w_hats.as_flattened(),
        ];
        for value in tables.into_iter().flatten() {
            assert!(*value < P, "{value:#x}");
        }
    }
}
