//! circomlib-compatible Poseidon (x⁵ S-box, 8 full rounds, circomlib's partial round counts and
//! constants) for 1 to 4 inputs, in circomlib's optimized form: after the first half of the full
//! rounds the MDS matrix is factored into a dense pre-matrix `P` and one sparse matrix per
//! partial round (`S`), so a partial round costs 2t − 1 multiplications instead of t².
//!
//! The rounds are unrolled (`seq!`) and every table index is a compile-time constant, so the
//! round constants become instruction immediates instead of a data segment (on Stylus a data
//! segment costs ~0.75 gas per byte on every call).
//!
//! `hash([a, b])` equals circomlibjs `poseidon([a, b])` and poseidon-solidity `PoseidonT3.hash`.

// `const`, not `static`, on purpose: the engines index the tables with compile-time indices, so
// each entry becomes instruction immediates; a static is a data segment, which Stylus charges
// 0.75 gas per byte on every call.
#[allow(clippy::large_const_arrays)]
pub mod params;

use crate::Fr;
use seq_macro::seq;

/// state[i] += table[offset + i] for every lane.
#[inline(always)]
fn add_round_constants<const T: usize, const N: usize>(
    state: &mut [Fr; T],
    table: &[Fr; N],
    offset: usize,
) {
    for (i, lane) in state.iter_mut().enumerate() {
        lane.add_assign(&table[offset + i]);
    }
}

#[inline(always)]
fn sbox_all<const T: usize>(state: &mut [Fr; T]) {
    for lane in state.iter_mut() {
        lane.pow5_assign();
    }
}

/// new[i] = Σ_j matrix[j][i] · state[j] (circomlib's orientation), one reduction per lane.
#[inline(always)]
fn mix<const T: usize>(state: &[Fr; T], matrix: &[[Fr; T]; T]) -> [Fr; T] {
    let mut next = [Fr::ZERO; T];
    for (i, lane) in next.iter_mut().enumerate() {
        let column: [Fr; T] = core::array::from_fn(|j| matrix[j][i]);
        lane.assign_sum_of_products(&column, state);
    }
    next
}

/// One full round: add constants, S-box every lane, mix.
#[inline(always)]
fn full_round<const T: usize, const N: usize>(
    state: &mut [Fr; T],
    constants: &[Fr; N],
    offset: usize,
    matrix: &[[Fr; T]; T],
) {
    sbox_all(state);
    add_round_constants(state, constants, offset);
    *state = mix(state, matrix);
}

/// One partial round with its sparse matrix `sparse[(2T−1)·round ..]`: the first T entries are
/// the new lane 0 as a dot product, the next T − 1 scale the old lane 0 into the other lanes.
#[inline(always)]
fn partial_round<const T: usize, const NC: usize, const NS: usize>(
    state: &mut [Fr; T],
    constants: &[Fr; NC],
    sparse: &[Fr; NS],
    constant_index: usize,
    round: usize,
) {
    state[0].pow5_assign();
    state[0].add_assign(&constants[constant_index]);
    let base = (2 * T - 1) * round;
    let row: [Fr; T] = core::array::from_fn(|j| sparse[base + j]);
    let lane0 = Fr::sum_of_products(&row, state);
    let (first, rest) = state.split_at_mut(1);
    for (k, lane) in rest.iter_mut().enumerate() {
        lane.add_product(&first[0], &sparse[base + T + k]);
    }
    state[0] = lane0;
}

/// Generates the permutation-and-squeeze for one width from its parameter module, following
/// circomlibjs `poseidon_opt.js` step by step.
macro_rules! circom_poseidon {
    ($(#[$doc:meta])* $name:ident, $params:ident, $inputs:literal, $width:literal, $partial_rounds:literal) => {
        $(#[$doc])*
        pub fn $name(inputs: &[Fr; $inputs]) -> Fr {
            use params::$params::{C, M, P, S};
            const T: usize = $width;
            const HALF_FULL: usize = params::$params::FULL_ROUNDS / 2;
            const PARTIAL_CONSTANTS: usize = (HALF_FULL + 1) * T;
            const SECOND_HALF_CONSTANTS: usize = PARTIAL_CONSTANTS + $partial_rounds;

            let mut state = [Fr::ZERO; T];
            state[1..].copy_from_slice(inputs);
            add_round_constants(&mut state, &C, 0);
            seq!(R in 0..3 {
                full_round(&mut state, &C, (R + 1) * T, &M);
            });
            full_round(&mut state, &C, HALF_FULL * T, &P);
            seq!(R in 0..$partial_rounds {
                partial_round(&mut state, &C, &S, PARTIAL_CONSTANTS + R, R);
            });
            seq!(R in 0..3 {
                full_round(&mut state, &C, SECOND_HALF_CONSTANTS + R * T, &M);
            });
            sbox_all(&mut state);
            mix(&state, &M)[0]
        }
    };
}

circom_poseidon!(
    /// Poseidon of one input (t = 2): circomlibjs `poseidon([a])`.
    hash1, t2, 1, 2, 56
);
circom_poseidon!(
    /// Poseidon of two inputs (t = 3): circomlibjs `poseidon([a, b])`, poseidon-solidity
    /// `PoseidonT3.hash`. The hash of Merkle trees and nullifiers.
    hash2, t3, 2, 3, 57
);
circom_poseidon!(
    /// Poseidon of three inputs (t = 4): circomlibjs `poseidon([a, b, c])`.
    hash3, t4, 3, 4, 56
);
circom_poseidon!(
    /// Poseidon of four inputs (t = 5): circomlibjs `poseidon([a, b, c, d])`.
    hash4, t5, 4, 5, 60
);
