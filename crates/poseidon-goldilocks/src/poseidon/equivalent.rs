//! plonky2's equivalent round constants for the partial rounds (its `FAST_PARTIAL_FIRST_ROUND_CONSTANT`
//! and `FAST_PARTIAL_ROUND_CONSTANTS`), derived here at compile time from [`ROUND_CONSTANTS`] and
//! the MDS matrix; `crates/plonky2-reference` proves both tables equal to plonky2's.
//!
//! A partial round is s ← M · S₀(s + c) where S₀ applies the S-box to lane 0 only, so the
//! constants c' of the next round can move back through the matrix: M · S₀(s + c) + c' =
//! M · (S₀(s + c) + M⁻¹c'). Lane 0 of M⁻¹c' is added after the S-box, lanes 1..11 join c (they
//! do not meet the S-box). From the last partial round back to the first, every partial round
//! keeps one constant, added to lane 0 after its S-box, and the first partial round's constant
//! vector absorbs the rest. (The native backend also rewrites the matrices into sparse ones,
//! [`super::sparse`]; on Stylus their full-size entries cost more than the small MDS.)

use super::params::{HALF_FULL_ROUNDS, MDS_CIRC, MDS_DIAG, PARTIAL_ROUNDS, ROUND_CONSTANTS};
use crate::P;

const WIDTH: usize = 12;

pub(super) const fn mul(a: u64, b: u64) -> u64 {
    ((a as u128 * b as u128) % P as u128) as u64
}

pub(super) const fn add(a: u64, b: u64) -> u64 {
    ((a as u128 + b as u128) % P as u128) as u64
}

const fn sub(a: u64, b: u64) -> u64 {
    add(a, P - b % P)
}

/// a^(p − 2), the inverse of a nonzero a.
const fn inverse(a: u64) -> u64 {
    let (mut result, mut base, mut exponent) = (1, a, P - 2);
    while exponent > 0 {
        if exponent & 1 == 1 {
            result = mul(result, base);
        }
        base = mul(base, base);
        exponent >>= 1;
    }
    result
}

/// The MDS matrix: `new[r] = Σ_c MATRIX[r][c] · old[c]`.
pub(super) const fn matrix() -> [[u64; WIDTH]; WIDTH] {
    let mut m = [[0; WIDTH]; WIDTH];
    let mut r = 0;
    while r < WIDTH {
        let mut c = 0;
        while c < WIDTH {
            m[r][c] = MDS_CIRC[(c + WIDTH - r) % WIDTH];
            c += 1;
        }
        m[r][r] += MDS_DIAG[r];
        r += 1;
    }
    m
}

/// M⁻¹ mod p by Gauss–Jordan elimination, for an invertible M (the MDS matrix, or a square block
/// of it: every square submatrix of an MDS matrix is invertible).
pub(super) const fn inverse_matrix<const N: usize>(m: [[u64; N]; N]) -> [[u64; N]; N] {
    let (mut a, mut inv) = (m, [[0; N]; N]);
    let mut i = 0;
    while i < N {
        inv[i][i] = 1;
        i += 1;
    }
    let mut col = 0;
    while col < N {
        let mut pivot = col;
        while a[pivot][col] == 0 {
            pivot += 1;
        }
        let (row, inv_row) = (a[pivot], inv[pivot]);
        (a[pivot], inv[pivot]) = (a[col], inv[col]);
        (a[col], inv[col]) = (row, inv_row);
        let scale = inverse(a[col][col]);
        let mut j = 0;
        while j < N {
            a[col][j] = mul(a[col][j], scale);
            inv[col][j] = mul(inv[col][j], scale);
            j += 1;
        }
        let mut r = 0;
        while r < N {
            let factor = a[r][col];
            if r != col && factor != 0 {
                let mut j = 0;
                while j < N {
                    a[r][j] = sub(a[r][j], mul(factor, a[col][j]));
                    inv[r][j] = sub(inv[r][j], mul(factor, inv[col][j]));
                    j += 1;
                }
            }
            r += 1;
        }
        col += 1;
    }
    inv
}

/// (the first partial round's constant vector, the constant added to lane 0 after each partial
/// round's S-box).
const fn derive() -> ([u64; WIDTH], [u64; PARTIAL_ROUNDS]) {
    let m_inv = inverse_matrix(matrix());
    let mut constants = ROUND_CONSTANTS;
    let mut after_sbox = [0; PARTIAL_ROUNDS];
    // Round i + 1's constants move back into round i, for the partial rounds i + 1 after the first.
    let mut i = HALF_FULL_ROUNDS + PARTIAL_ROUNDS - 1;
    while i > HALF_FULL_ROUNDS {
        i -= 1;
        let mut moved = [0; WIDTH];
        let mut r = 0;
        while r < WIDTH {
            let mut c = 0;
            while c < WIDTH {
                moved[r] = add(moved[r], mul(m_inv[r][c], constants[i + 1][c]));
                c += 1;
            }
            r += 1;
        }
        after_sbox[i - HALF_FULL_ROUNDS] = moved[0];
        let mut lane = 1;
        while lane < WIDTH {
            constants[i][lane] = add(constants[i][lane], moved[lane]);
            lane += 1;
        }
    }
    (constants[HALF_FULL_ROUNDS], after_sbox)
}

const DERIVED: ([u64; WIDTH], [u64; PARTIAL_ROUNDS]) = derive();

/// The constants of the first partial round with every later partial round's constants moved
/// into them except their lane 0 (plonky2's `FAST_PARTIAL_FIRST_ROUND_CONSTANT`).
pub const FAST_PARTIAL_FIRST_ROUND_CONSTANT: [u64; WIDTH] = DERIVED.0;

/// The constant added to lane 0 right after partial round i's S-box: lane 0 of the next partial
/// round's constants moved back through M⁻¹ (plonky2's `FAST_PARTIAL_ROUND_CONSTANTS`; the last is
/// 0, as the full round that follows keeps its own constants).
pub const FAST_PARTIAL_ROUND_CONSTANTS: [u64; PARTIAL_ROUNDS] = DERIVED.1;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[allow(clippy::needless_range_loop)] // (r, c) index two matrices
    fn inverse_matrix_inverts() {
        let (m, m_inv) = (matrix(), inverse_matrix(matrix()));
        for r in 0..WIDTH {
            for c in 0..WIDTH {
                let entry = (0..WIDTH).fold(0, |acc, k| add(acc, mul(m[r][k], m_inv[k][c])));
                assert_eq!(entry, u64::from(r == c), "({r}, {c})");
            }
        }
    }

    #[test]
    fn lane_zero_of_the_first_partial_round_is_unchanged() {
        assert_eq!(
            FAST_PARTIAL_FIRST_ROUND_CONSTANT[0],
            ROUND_CONSTANTS[HALF_FULL_ROUNDS][0]
        );
        assert_eq!(FAST_PARTIAL_ROUND_CONSTANTS[PARTIAL_ROUNDS - 1], 0);
    }
}
