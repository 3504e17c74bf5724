//! Plonky3's default Goldilocks Poseidon2 of width 12, `p3_goldilocks::default_goldilocks_poseidon2_12`
//! (p3-goldilocks 0.6.3), the permutation of Miden's hash ([`crate::miden::poseidon2`]).
//!
//! Its round constants are HorizenLabs' ([`super::params`]): Plonky3 generates them with the same
//! Grain LFSR and parameters (x⁷, n = 64, t = 12, 8 full and 22 partial rounds), and the test
//! `tables_equal_p3_goldilocks` compares every entry with p3-goldilocks's own tables. It differs
//! in two places:
//! - M4 is Plonky3's `MDSMat4`, [[2, 3, 1, 1], [1, 2, 3, 1], [1, 1, 2, 3], [3, 1, 1, 2]];
//! - the internal diagonal is small: −2, 1, 2, 1/2, 3, 4, −1/2, −3, −4, 1/4, −1/4, 1/8 (as
//!   p3-goldilocks documents `MATRIX_DIAG_12_GOLDILOCKS`), derived below from those fractions.

use super::params::{EXTERNAL_FIRST, EXTERNAL_LAST, HALF_FULL_ROUNDS, INTERNAL, PARTIAL_ROUNDS};
use super::Instance;
use crate::{Goldilocks, P};

/// Plonky3's M4 (`MDSMat4`), the 4 × 4 block of the external matrix.
pub const M4: [[i64; 4]; 4] = [[2, 3, 1, 1], [1, 2, 3, 1], [1, 1, 2, 3], [3, 1, 1, 2]];

/// The internal diagonal as fractions n / 2^k: (n, k).
const DIAGONAL_FRACTIONS: [(i64, u32); 12] = [
    (-2, 0),
    (1, 0),
    (2, 0),
    (1, 1),
    (3, 0),
    (4, 0),
    (-1, 1),
    (-3, 0),
    (-4, 0),
    (1, 2),
    (-1, 2),
    (1, 3),
];

/// n / 2^k in the field.
const fn fraction(n: i64, k: u32) -> u64 {
    // 1/2 = (p + 1) / 2.
    let half = (P as u128).div_ceil(2);
    let mut value = if n < 0 {
        P as u128 - n.unsigned_abs() as u128
    } else {
        n as u128
    };
    let mut i = 0;
    while i < k {
        value = value * half % P as u128;
        i += 1;
    }
    value as u64
}

/// The internal diagonal, `MATRIX_DIAG_12_GOLDILOCKS`.
pub const INTERNAL_DIAG_M_1: [u64; 12] = {
    let mut out = [0; 12];
    let mut i = 0;
    while i < 12 {
        out[i] = fraction(DIAGONAL_FRACTIONS[i].0, DIAGONAL_FRACTIONS[i].1);
        i += 1;
    }
    out
};

/// Plonky3's default instance, as [`Instance`].
#[derive(Clone, Copy, Debug, Default)]
pub struct Plonky3;

impl Instance for Plonky3 {
    const INTERNAL_DIAG_M_1: [u64; 12] = INTERNAL_DIAG_M_1;
    const EXTERNAL_FIRST: [[u64; 12]; HALF_FULL_ROUNDS] = EXTERNAL_FIRST;
    const INTERNAL: [u64; PARTIAL_ROUNDS] = INTERNAL;
    const EXTERNAL_LAST: [[u64; 12]; HALF_FULL_ROUNDS] = EXTERNAL_LAST;

    /// [`M4`] as a chain of additions: the sum of the block, plus one lane or two, plus a
    /// doubled lane or a pair.
    #[inline(always)]
    fn m4(x: [i64; 4]) -> [i64; 4] {
        let (t01, t23) = (x[0] + x[1], x[2] + x[3]);
        let t0123 = t01 + t23;
        let (t01123, t01233) = (t0123 + x[1], t0123 + x[3]);
        [
            t01123 + t01,
            t01123 + 2 * x[2],
            t01233 + t23,
            t01233 + 2 * x[0],
        ]
    }
}

impl crate::sponge::Permutation for Plonky3 {
    #[inline]
    fn permute_lanes(state: &mut [u64; 12]) {
        permute_lanes(state)
    }
}

/// The permutation on lanes holding any 64-bit values (residues).
#[inline(always)]
pub(crate) fn permute_lanes(state: &mut [u64; 12]) {
    super::permute_instance::<Plonky3>(state)
}

/// The permutation of a 12-element state, equal to p3-goldilocks 0.6.3's
/// `default_goldilocks_poseidon2_12()`. `#[inline]` as [`crate::miden::poseidon2`]'s functions.
#[inline]
pub fn permute(state: &[Goldilocks; 12]) -> [Goldilocks; 12] {
    let mut lanes = state.map(Goldilocks::value);
    permute_lanes(&mut lanes);
    lanes.map(Goldilocks::from_noncanonical)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_diagonal_is_its_fractions() {
        for (i, &(n, k)) in DIAGONAL_FRACTIONS.iter().enumerate() {
            // d · 2^k = n (mod p).
            let scaled = (INTERNAL_DIAG_M_1[i] as u128 * (1u128 << k)) % P as u128;
            let expected = (n as i128).rem_euclid(P as i128) as u128;
            assert_eq!(scaled, expected, "entry {i}");
        }
    }
}
