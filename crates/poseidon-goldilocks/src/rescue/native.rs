//! The permutations on the native backend (`u128` products, [`crate::field::native`]).
//!
//! - MDS steps as on wasm32 (32-bit halves, exact in `i64`), each lane reduced once with the
//!   round's constants added to the half sums; x⁷ outputs enter as halves without their last
//!   reduction's carries ([`pow7_halves`]).
//! - x^(1/7) and the E round's products are `u128` products, each reduced; the E round's sums
//!   of products are one `u128` sum reduced once.

use super::params::{ARK1, ARK2, ROUNDS};
use super::{cubic_pow7_lanes, each, inverse_sbox, mds_layer, Rounds};
use crate::field::backend::{add, mul, p_multiple, pow7_halves, square, Halves, Sum};
use seq_macro::seq;

/// A multiple of p whose parts exceed the MDS sums' (±2^40.4), to make them non-negative for
/// `to_residue`.
const BIAS: Halves = p_multiple(10);

/// `f` on each pair of lanes, unrolled.
#[inline(always)]
fn each2<T: Copy, U>(a: [T; 12], b: [T; 12], f: impl Fn(T, T) -> U) -> [U; 12] {
    seq!(I in 0..12 { [#(f(a[I], b[I]),)*] })
}

/// MDS · x + c on x as halves, each lane reduced (below 2^64).
#[inline(always)]
fn mds_plus(x: &[Halves; 12], constants: &[u64; 12]) -> [u64; 12] {
    let sums = mds_layer(x);
    each2(sums, each(*constants, Halves::split), |sum, constant| {
        sum.plus(constant.plus(BIAS)).to_residue()
    })
}

/// The FB round: MDS, + ARK1, x⁷, MDS, + ARK2, x^(1/7).
#[inline(always)]
fn fb_round(x: &mut [u64; 12], round: usize) {
    let lanes = mds_plus(&each(*x, Halves::split), &ARK1[round]);
    let lanes = mds_plus(&each(lanes, pow7_halves), &ARK2[round]);
    *x = lanes;
    inverse_sbox(x, mul_lanes, square_lanes);
}

/// Each lane times its partner, in place.
#[inline(always)]
fn mul_lanes(a: &mut [u64; 12], b: &[u64; 12]) {
    seq!(I in 0..12 {
        a[I] = mul(a[I], b[I]);
    });
}

/// Each lane squared, in place.
#[inline(always)]
fn square_lanes(a: &mut [u64; 12]) {
    seq!(I in 0..12 {
        a[I] = square(a[I]);
    });
}

/// The E round: + ARK1 (canonical constants, as `add` needs), then x⁷ in the cubic extension.
#[inline(always)]
fn ext_round(x: &mut [u64; 12], round: usize) {
    let lanes = each2(*x, ARK1[round], add);
    let sums = cubic_pow7_lanes(lanes, |a, b| Sum::of(mul(a, b)), |a, b| a + b, Sum::reduce);
    *x = each(sums, Sum::reduce);
}

/// The permutation on lanes holding any 64-bit values (residues); outputs are residues too.
#[allow(clippy::needless_range_loop)] // the round picks the step and indexes both tables
pub(crate) fn permute_lanes<R: Rounds>(state: &mut [u64; 12]) {
    for round in 0..ROUNDS {
        if !R::EXTENSION || round % 2 == 0 && round + 1 < ROUNDS {
            fb_round(state, round);
        } else if round + 1 < ROUNDS {
            ext_round(state, round);
        } else {
            // RPX's M round.
            *state = mds_plus(&each(*state, Halves::split), &ARK1[round]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::P;

    /// `add` needs constants below p.
    #[test]
    fn constants_are_canonical() {
        for value in ARK1.iter().chain(&ARK2).flatten() {
            assert!(*value < P, "{value}");
        }
    }
}
