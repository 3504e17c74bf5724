//! Poseidon2 over BN254 with t = 3 (HorizenLabs parameters, x⁵, 8 full + 56 partial rounds) and
//! the two-input sponge hash of openzeppelin-crypto 0.3: `Poseidon2::<BN256Params, FpBN256>`
//! with absorb(a), absorb(b), squeeze. Rate 2, capacity 1 (lane 0), so the hash is lane 1 of
//! the permutation of [0, a, b].
//!
//! Both matrices of t = 3 are additions only (no multiplications): external circ(2, 1, 1),
//! internal 1 + diag(1, 1, 2). Rounds are unrolled so constants are immediates.

pub mod bn254_t3;

use crate::Fr;
use bn254_t3::{EXTERNAL_FIRST, EXTERNAL_LAST, INTERNAL};
use seq_macro::seq;

/// External linear layer circ(2, 1, 1): every lane gains the sum of all lanes.
#[inline(always)]
fn external_mix(state: &mut [Fr; 3]) {
    let sum = lane_sum(state);
    for lane in state.iter_mut() {
        lane.add_assign(&sum);
    }
}

#[inline(always)]
fn lane_sum(state: &[Fr; 3]) -> Fr {
    let mut sum = state[0];
    sum.add_assign(&state[1]);
    sum.add_assign(&state[2]);
    sum
}

/// Internal linear layer 1 + diag(1, 1, 2): lanes 0 and 1 gain the sum, lane 2 doubles first.
#[inline(always)]
fn internal_mix(state: &mut [Fr; 3]) {
    let sum = lane_sum(state);
    let lane2 = state[2];
    state[0].add_assign(&sum);
    state[1].add_assign(&sum);
    state[2].add_assign(&lane2);
    state[2].add_assign(&sum);
}

#[inline(always)]
fn external_round(state: &mut [Fr; 3], constants: &[Fr; 3]) {
    for (lane, constant) in state.iter_mut().zip(constants) {
        lane.add_assign(constant);
        lane.pow5_assign();
    }
    external_mix(state);
}

#[inline(always)]
fn internal_round(state: &mut [Fr; 3], constant: &Fr) {
    state[0].add_assign(constant);
    state[0].pow5_assign();
    internal_mix(state);
}

/// The Poseidon2 permutation of a 3-lane state.
pub fn permute(state: &mut [Fr; 3]) {
    external_mix(state);
    seq!(R in 0..4 {
        external_round(state, &EXTERNAL_FIRST[R]);
    });
    seq!(R in 0..56 {
        internal_round(state, &INTERNAL[R]);
    });
    seq!(R in 0..4 {
        external_round(state, &EXTERNAL_LAST[R]);
    });
}

/// The two-input Poseidon2 hash, equal to openzeppelin-crypto's absorb(a), absorb(b), squeeze.
pub fn hash2(inputs: &[Fr; 2]) -> Fr {
    let mut state = [Fr::ZERO, inputs[0], inputs[1]];
    permute(&mut state);
    state[1]
}
