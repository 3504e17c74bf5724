//! Poseidon2 over Goldilocks, width 12, as HorizenLabs' reference (`zkhash` 0.2's
//! `Poseidon2::permutation` with `POSEIDON2_GOLDILOCKS_12_PARAMS`): the external matrix first,
//! 4 full rounds, 22 partial rounds, 4 full rounds; x⁷ S-box.
//!
//! - External matrix circ(2·M4, M4, M4): HorizenLabs' M4 (a chain of additions and doublings)
//!   on each block of four lanes, then every lane gains the sum of its position across blocks.
//!   Computed on 32-bit halves in plain `u64` (entries are small: a row sums to 64, so half-word
//!   sums stay below 2^39), combined once per lane, with the next full round's constants added
//!   to the halves before combining.
//! - Internal matrix 1 + diag(d): `new[i] = old[i] · d[i] + Σ old`, each lane one product and one
//!   reduction (`mul_add`).

#[allow(clippy::large_const_arrays)]
pub mod params;

use crate::field::arith::{add, combine_halves, mul_add, pow7, LOW32};
use crate::kernel::round_kernel;
use params::{EXTERNAL_FIRST, EXTERNAL_LAST, INTERNAL, INTERNAL_DIAG_M_1};
use seq_macro::seq;

/// HorizenLabs' M4 = [[5, 7, 1, 3], [4, 6, 1, 1], [1, 3, 5, 7], [1, 1, 4, 6]] on one block of
/// four half-word lanes, as their chain of additions (inputs below 2^35, outputs below 2^39).
#[inline(always)]
fn m4(x: [u64; 4]) -> [u64; 4] {
    let t0 = x[0] + x[1];
    let t1 = x[2] + x[3];
    let t2 = 2 * x[1] + t1;
    let t3 = 2 * x[3] + t0;
    let t4 = 4 * t1 + t3;
    let t5 = 4 * t0 + t2;
    [t3 + t5, t5, t2 + t4, t4]
}

/// circ(2·M4, M4, M4) on half-word lanes: M4 per block, then each lane gains the sum of the
/// lanes at its position in all three blocks.
#[inline(always)]
fn external_matrix_halves(x: [u64; 12]) -> [u64; 12] {
    let blocks = [
        m4([x[0], x[1], x[2], x[3]]),
        m4([x[4], x[5], x[6], x[7]]),
        m4([x[8], x[9], x[10], x[11]]),
    ];
    let sums: [u64; 4] = core::array::from_fn(|l| blocks[0][l] + blocks[1][l] + blocks[2][l]);
    core::array::from_fn(|i| blocks[i / 4][i % 4] + sums[i % 4])
}

/// state = M_E · state + next (the following round's constants, or zeros).
#[inline(always)]
fn external_layer(state: &mut [u64; 12], next: &[u64; 12]) {
    let lo = external_matrix_halves(state.map(|lane| lane & LOW32));
    let hi = external_matrix_halves(state.map(|lane| lane >> 32));
    seq!(I in 0..12 {
        state[I] = combine_halves(lo[I] + (next[I] & LOW32), hi[I] + (next[I] >> 32));
    });
}

round_kernel! {
    /// The first external layer, then the first full round's constants.
    fn initial_layer(state, next: [u64; 12]) {
        external_layer(state, &next);
    }
}

round_kernel! {
    /// A full round after its constants: S-box on every lane, M_E, then the next constants.
    fn full_round(state, next: [u64; 12]) {
        // Unrolled: as a loop, each lane cost a branch (765 ink), a block (2,450), a load and a store.
        seq!(I in 0..12 {
            state[I] = pow7(state[I]);
        });
        external_layer(state, &next);
    }
}

round_kernel! {
    /// The first of the last four full rounds: its constants come after the internal layer.
    fn constants_full_round(state, constants: [u64; 12]) {
        for (lane, constant) in state.iter_mut().zip(&constants) {
            *lane = add(*lane, *constant);
        }
    }
}

/// A partial round: lane 0 gains its constant and goes through the S-box, then the internal
/// layer new[i] = old[i] · d[i] + Σ old.
#[inline(always)]
fn partial_round(state: &mut [u64; 12], constant: u64) {
    state[0] = pow7(add(state[0], constant));
    // The sum of twelve lanes from 32-bit halves: each half-sum is below 2^36.
    let sum_lo: u64 = state.iter().map(|lane| lane & LOW32).sum();
    let sum_hi: u64 = state.iter().map(|lane| lane >> 32).sum();
    let sum = combine_halves(sum_lo, sum_hi);
    seq!(I in 0..12 {
        state[I] = mul_add(state[I], INTERNAL_DIAG_M_1[I], sum);
    });
}

round_kernel! {
    /// Two partial rounds per call: the state's 12 loads and 12 stores and the call (~26,000 ink)
    /// are paid once for both.
    fn partial_rounds2(state, constants: [u64; 2]) {
        partial_round(state, constants[0]);
        partial_round(state, constants[1]);
    }
}

/// The permutation on lanes holding any 64-bit values (residues); outputs are residues too.
/// One body on wasm32: inlined into every sponge function it made the module larger and, with
/// its 30 kernel calls (each ends a basic block), raised the cached init cost every call pays
/// (Nitro charges ~0.134 gas per basic block of the module).
#[cfg_attr(target_arch = "wasm32", inline(never))]
#[allow(clippy::identity_op, clippy::erasing_op)] // `seq!` spells the first round's index as `0 + 1`, `2 * 0`
pub(crate) fn permute_lanes(state: &mut [u64; 12]) {
    initial_layer(state, &EXTERNAL_FIRST[0]);
    seq!(R in 0..3 {
        full_round(state, &EXTERNAL_FIRST[R + 1]);
    });
    full_round(state, &[0; 12]);
    seq!(R in 0..11 {
        partial_rounds2(state, &[INTERNAL[2 * R], INTERNAL[2 * R + 1]]);
    });
    constants_full_round(state, &EXTERNAL_LAST[0]);
    seq!(R in 0..3 {
        full_round(state, &EXTERNAL_LAST[R + 1]);
    });
    full_round(state, &[0; 12]);
}

crate::sponge::permutation_family!(
    /// Poseidon2 as a [`crate::sponge::Permutation`], with plonky2's sponge shapes.
    Poseidon2,
    "zkhash's `Poseidon2::new(&POSEIDON2_GOLDILOCKS_12_PARAMS).permutation`"
);
