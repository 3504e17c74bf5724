//! t = 2: external layer circ(2, 1), internal layer 1 + diag(1, 2) = [[2, 1], [1, 3]]: additions
//! only, the same for both parameter sets (so one set of kernels serves both).

use super::{Instance, Layers, Width};
use crate::field::kernel::{ops, round_kernel};
use crate::Fr;

/// External linear layer circ(2, 1): both lanes gain the sum. Reduced additions: the outputs
/// leave the permutation (or enter an S-box or an internal round) weakly reduced.
#[inline(always)]
fn external_mix(state: &mut [Fr; 2]) {
    let sum = ops::add(&state[0], &state[1]);
    state[0] = ops::add(&state[0], &sum);
    state[1] = ops::add(&state[1], &sum);
}

round_kernel! {
    /// One full round: add the round constants, S-box both lanes, external mix. Lane 0 may come
    /// in unreduced (from an internal round): its S-box input stays within what products take
    /// (`PRODUCT_TAKES`; `tests/bounds.rs` proves it for every input).
    fn external_round(state: &mut [Fr; 2], constants: [Fr; 2];
        params: 29x9 => 18, u64x4 => 8) {
        for (lane, constant) in state.iter_mut().zip(&constants) {
            *lane = ops::pow5(&ops::add_unreduced(lane, constant));
        }
        external_mix(state);
    }
}

/// One partial round: S-box lane 0 after its constant, then [[2, 1], [1, 3]]: lane 0 gains the
/// sum, lane 1 doubles and gains the sum.
///
/// Lane 0 leaves unreduced (its next use is an S-box), lane 1 is reduced once: every sum stays
/// within the contracts of the operations it enters (`tests/bounds.rs` proves it for every input).
#[inline(always)]
fn internal_round(state: &mut [Fr; 2], constant: &Fr) {
    let lane0 = ops::pow5(&ops::add_unreduced(&state[0], constant));
    let sum = ops::add_unreduced(&lane0, &state[1]);
    let doubled = ops::add_unreduced(&state[1], &state[1]);
    state[1] = ops::reduce(&ops::add_unreduced(&doubled, &sum));
    state[0] = ops::add_unreduced(&lane0, &sum);
}

round_kernel! {
    /// Eight partial rounds per call (the state crosses memory once per call, as for t = 3).
    fn internal_rounds8(state: &mut [Fr; 2], constants: [Fr; 8];
        params: 29x9 => 72, u64x4 => 32) {
        for constant in &constants {
            internal_round(state, constant);
        }
    }
}

impl Layers<2> for Width<2> {
    #[inline(always)]
    fn external_layer(state: &mut [Fr; 2]) {
        external_mix(state)
    }

    #[inline(always)]
    fn external_round(state: &mut [Fr; 2], constants: &[Fr; 2]) {
        external_round(state, constants)
    }

    /// The internal diagonal (1, 2) is the same in both sets; the kernel has it built in.
    #[inline(always)]
    fn internal_rounds8<I: Instance<2>>(state: &mut [Fr; 2], constants: &[Fr; 8]) {
        internal_rounds8(state, constants)
    }
}
