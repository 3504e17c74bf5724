//! t = 3: external layer circ(2, 1, 1), internal layer 1 + diag(1, 1, 2): additions only, the
//! same for both parameter sets (so one set of kernels serves both).

use super::{Instance, Layers, Width};
use crate::field::kernel::{ops, round_kernel};
use crate::Fr;

/// External linear layer circ(2, 1, 1): every lane gains the sum of all lanes.
#[inline(always)]
fn external_mix(state: &mut [Fr; 3]) {
    let sum = ops::add(&ops::add(&state[0], &state[1]), &state[2]);
    for lane in state.iter_mut() {
        *lane = ops::add(lane, &sum);
    }
}

round_kernel! {
    /// One full round: add the round constants, S-box every lane, external mix. Lane 0 may come
    /// in unreduced (from an internal round): within what the S-box takes (`PRODUCT_TAKES`).
    fn external_round(state: &mut [Fr; 3], constants: [Fr; 3];
        params: 29x9 => 27, u64x4 => 12) {
        for (lane, constant) in state.iter_mut().zip(&constants) {
            *lane = ops::pow5(&ops::add_unreduced(lane, constant));
        }
        external_mix(state);
    }
}

/// One partial round: add the constant to lane 0, S-box lane 0, then the internal layer
/// 1 + diag(1, 1, 2): lanes 0 and 1 gain the lane sum, lane 2 doubles first.
///
/// The sums are not reduced one by one: lanes 1 and 2 are reduced once each at the end, and
/// lane 0 not at all, since its next use is the S-box: every sum stays within the contracts of
/// what it enters, `REDUCE_TAKES` and `PRODUCT_TAKES` (`tests/bounds.rs` proves it for every input). Each addition left unreduced
/// saves ~60 wasm instructions.
#[inline(always)]
fn internal_round(state: &mut [Fr; 3], constant: &Fr) {
    let lane0 = ops::pow5(&ops::add_unreduced(&state[0], constant));
    let sum = ops::add_unreduced(&ops::add_unreduced(&lane0, &state[1]), &state[2]);
    let doubled = ops::add_unreduced(&state[2], &state[2]);
    state[2] = ops::reduce(&ops::add_unreduced(&doubled, &sum));
    state[1] = ops::reduce(&ops::add_unreduced(&state[1], &sum));
    state[0] = ops::add_unreduced(&lane0, &sum);
}

round_kernel! {
    /// Eight partial rounds per call: the state is loaded from and stored to memory once per
    /// kernel call (27 loads at 680 ink, 27 stores at 950, plus the call), so batching saves
    /// seven of every eight round trips for a larger body (the Poseidon2 deployable has room).
    /// Eight measured cheaper than one or four per call (`CHANGELOG.md`).
    fn internal_rounds8(state: &mut [Fr; 3], constants: [Fr; 8];
        params: 29x9 => 72, u64x4 => 32) {
        for constant in &constants {
            internal_round(state, constant);
        }
    }
}

impl Layers<3> for Width<3> {
    #[inline(always)]
    fn external_layer(state: &mut [Fr; 3]) {
        external_mix(state)
    }

    #[inline(always)]
    fn external_round(state: &mut [Fr; 3], constants: &[Fr; 3]) {
        external_round(state, constants)
    }

    /// The internal diagonal (1, 1, 2) is the same in both sets; the kernel has it built in.
    #[inline(always)]
    fn internal_rounds8<I: Instance<3>>(state: &mut [Fr; 3], constants: &[Fr; 8]) {
        internal_rounds8(state, constants)
    }
}
