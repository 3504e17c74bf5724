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

use crate::field::kernel::{ops, round_kernel};
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

round_kernel! {
    /// One lane's S-box and round constant: lane = lane⁵ + constant (circomlib's optimized form
    /// adds the next round's constants right after the S-box).
    fn sbox_add(lane: &mut [Fr; 1], constant: [Fr; 1]; params: 29x9 => 9, u64x4 => 4) {
        lane[0] = ops::add(&ops::pow5(&lane[0]), &constant[0]);
    }
}

/// new[i] = Σ_j matrix[j][i] · state[j] (circomlib's orientation), one reduction per lane.
#[inline(always)]
fn mix<const T: usize>(state: &[Fr; T], matrix: &[[Fr; T]; T]) -> [Fr; T] {
    let mut next = [Fr::ZERO; T];
    // Unrolled with constant lane indices (LLVM kept a loop for t = 4, indexing the matrix at
    // run time, which put it in a data segment).
    seq!(I in 0..5 {
        if I < T {
            let column: [Fr; T] = core::array::from_fn(|j| matrix[j][I]);
            next[I].assign_sum_of_products(&column, state);
        }
    });
    next
}

/// One full round: S-box every lane and add the constants, then mix.
#[inline(always)]
#[allow(clippy::identity_op)] // `seq!` spells the first lane's index as `offset + 0`
fn full_round<const T: usize, const N: usize>(
    state: &mut [Fr; T],
    constants: &[Fr; N],
    offset: usize,
    matrix: &[[Fr; T]; T],
) {
    seq!(I in 0..5 {
        if I < T {
            sbox_add(core::array::from_mut(&mut state[I]), &[constants[offset + I]]);
        }
    });
    *state = mix(state, matrix);
}

/// One partial round: lane 0's S-box and constant, then the round's sparse matrix
/// `sparse[(2T − 1)·round ..]`: the first T entries are the new lane 0 as a dot product, the next
/// T − 1 scale the old lane 0 into the other lanes. (Fusing the matrix into the kernel as well
/// measured 68 gas dearer per `hash` and ~500 bytes larger compressed, so it stays separate.)
#[inline(always)]
fn partial_round<const T: usize, const NC: usize, const NS: usize>(
    state: &mut [Fr; T],
    constants: &[Fr; NC],
    sparse: &[Fr; NS],
    constant_index: usize,
    round: usize,
) {
    sbox_add(
        core::array::from_mut(&mut state[0]),
        &[constants[constant_index]],
    );
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
            // The last S-box has no constant after it; adding zero reuses the round kernel
            // instead of linking a second S-box body.
            for lane in state.iter_mut() {
                sbox_add(core::array::from_mut(lane), &[Fr::ZERO]);
            }
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
