//! The permutation on the native backend (`u128` products, [`crate::field::native`]).
//!
//! - Full rounds: the MDS step as on wasm32 (frequency domain over 32-bit halves, exact in
//!   `i64`), each lane reduced once, with the next round's constants added to the half sums.
//! - Partial rounds: the equivalent constants ([`super::equivalent`]) put every round's constant
//!   on lane 0, and plonky2's sparse matrices ([`super::sparse`]) unroll into linear forms: lane 0
//!   entering a round is a sum of products (constant tables times the lanes the partial rounds
//!   started from and the earlier rounds' S-box outputs) reduced once, and lanes 1..11 are summed
//!   once at the end. Only lane 0's chain (S-box, one product, one reduction) is sequential.

use super::equivalent::{FAST_PARTIAL_FIRST_ROUND_CONSTANT, FAST_PARTIAL_ROUND_CONSTANTS};
use super::params::{HALF_FULL_ROUNDS, PARTIAL_ROUNDS};
use super::sparse::{self, Sparse};
use super::FULL_ROUND_CONSTANTS;
use crate::field::backend::{add, p_multiple, pow7, pow7_halves, Halves, Wide};
use seq_macro::seq;

/// A multiple of p whose parts exceed the sums' (±2^41.1), to make them non-negative for
/// `to_residue`.
const BIAS: Halves = p_multiple(10);

/// The sparse tables in one place in memory (the rounds index them at run time).
static SPARSE: Sparse = sparse::SPARSE;

/// MDS · x⁷ + c for every lane x, each lane reduced (below 2^64). The S-box outputs come as
/// halves ([`pow7_halves`], magnitudes below 2^33) and a row of the matrix sums to 264, so every
/// half sum stays within ±2^41.1: exact in `i64`, and nonnegative once [`BIAS`] joins the
/// constants.
#[inline(always)]
fn sboxes_mds_plus(x: &[u64; 12], constants: &[u64; 12]) -> [u64; 12] {
    // Unrolled, so that the twelve chains of products interleave.
    let halves: [Halves; 12] = seq!(I in 0..12 { [#(pow7_halves(x[I]),)*] });
    let sums = super::mds_layer(&halves);
    seq!(R in 0..12 {
        [#(sums[R].plus(Halves::split(constants[R]).plus(BIAS)).to_residue(),)*]
    })
}

/// sum + Σ cᵢ · xᵢ, unrolled.
#[inline(always)]
fn dot(c: &[u64; 11], x: &[u64; 11], mut sum: Wide) -> Wide {
    seq!(I in 0..11 {
        sum = sum.mul_add(c[I], x[I]);
    });
    sum
}

/// The 22 partial rounds on the reduced state the first half left (its constants
/// `FAST_PARTIAL_FIRST_ROUND_CONSTANT` already added), unrolled into linear forms
/// ([`Sparse::entry`], [`Sparse::feedback`]): each round reduces lane 0 only, and its sum waits
/// for this round's S-box through one last product; lanes 1..11 are summed once at the end.
#[allow(clippy::eq_op, clippy::identity_op)] // seq! compares and adds literals (`0 < 0`, `1 + 0`)
#[inline(always)]
fn partial_rounds(x: &mut [u64; 12]) {
    let lanes: [u64; 11] = core::array::from_fn(|i| x[1 + i]);
    let mut s = [0u64; PARTIAL_ROUNDS];
    let mut x0 = x[0];
    seq!(R in 0..22 {
        s[R] = add(pow7(x0), FAST_PARTIAL_ROUND_CONSTANTS[R]);
        let mut sum = dot(&SPARSE.entry[R], &lanes, Wide::ZERO);
        // Earlier rounds' s_j in order (the latest last), then this round's.
        seq!(J in 0..22 {
            if J < R {
                sum = sum.mul_add(SPARSE.feedback[R][J], s[J]);
            }
        });
        x0 = sum.mul_add(SPARSE.m00, s[R]).reduce();
    });
    x[0] = x0;
    seq!(I in 0..11 {
        let mut sum = dot(&SPARSE.initial[I], &lanes, Wide::ZERO);
        seq!(J in 0..22 {
            sum = sum.mul_add(SPARSE.vs[J][I], s[J]);
        });
        x[1 + I] = sum.reduce();
    });
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
        x = sboxes_mds_plus(&x, next);
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
