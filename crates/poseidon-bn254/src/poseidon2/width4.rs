//! t = 4: external layer M4 (the Poseidon2 paper's 4×4 matrix, barretenberg's
//! `matrix_multiplication_4x4`: additions only), internal layer 1 + diag(d) with four full-size
//! diagonal entries, different in each parameter set (so the internal kernel is generic over the
//! instance and carries its diagonal as immediates).

use super::{Instance, Layers, Width};
use crate::field::kernel::{ops, round_kernel};
use crate::Fr;
use seq_macro::seq;

/// M4 = [[5, 7, 1, 3], [4, 6, 1, 1], [1, 3, 5, 7], [1, 1, 4, 6]] in eight additions and four
/// doublings (the paper's Appendix B chain), every sum unreduced, each output reduced once.
/// A row's coefficients add up to 16: sixteen times an input must stay within `REDUCE_TAKES`
/// (`tests/bounds.rs` proves it for every input).
#[inline(always)]
fn m4(state: &mut [Fr; 4]) {
    let [a, b, c, d] = *state;
    let ab = ops::add_unreduced(&a, &b);
    let cd = ops::add_unreduced(&c, &d);
    let b2_cd = ops::add_unreduced(&ops::add_unreduced(&b, &b), &cd); // 2b + c + d
    let d2_ab = ops::add_unreduced(&ops::add_unreduced(&d, &d), &ab); // a + b + 2d
    let cd2 = ops::add_unreduced(&cd, &cd);
    let ab2 = ops::add_unreduced(&ab, &ab);
    let row3 = ops::add_unreduced(&ops::add_unreduced(&cd2, &cd2), &d2_ab); // a + b + 4c + 6d
    let row1 = ops::add_unreduced(&ops::add_unreduced(&ab2, &ab2), &b2_cd); // 4a + 6b + c + d
    let row0 = ops::add_unreduced(&d2_ab, &row1); // 5a + 7b + c + 3d
    let row2 = ops::add_unreduced(&b2_cd, &row3); // a + 3b + 5c + 7d
    *state = [row0, row1, row2, row3].map(|row| ops::reduce(&row));
}

round_kernel! {
    /// One full round: add the round constants, S-box every lane, M4. Lanes may enter unreduced
    /// (from an internal round's `mul_add`); the S-box takes them (`PRODUCT_TAKES`).
    fn external_round(state: &mut [Fr; 4], constants: [Fr; 4];
        params: 29x9 => 36, u64x4 => 16) {
        for (lane, constant) in state.iter_mut().zip(&constants) {
            *lane = ops::pow5(&ops::add_unreduced(lane, constant));
        }
        m4(state);
    }
}

/// One internal round: S-box lane 0 after its constant, then every lane i becomes
/// d_i · lane_i + sum. Each of those is one Montgomery product with the sum folded into its
/// reduction (`ops::mul_add`: the sum's limbs join the product's upper columns), so the round
/// costs four products and one `reduce`, no separate additions.
///
/// The lanes leave unreduced (a product plus the reduced sum), within what the next round's
/// S-box and `mul_add` take (`tests/bounds.rs` proves it for every input).
#[inline(always)]
fn internal_round<I: Instance<4>>(state: &mut [Fr; 4], constant: &Fr) {
    state[0] = ops::pow5(&ops::add_unreduced(&state[0], constant));
    let sum = ops::reduce(&ops::add_unreduced(
        &ops::add_unreduced(&state[0], &state[1]),
        &ops::add_unreduced(&state[2], &state[3]),
    ));
    // Literal indices and copies: a reference to the `const` table would make it a static (a data
    // segment); a copied entry folds to immediates.
    seq!(L in 0..4 {
        let diagonal: Fr = I::INTERNAL_DIAG[L];
        state[L] = ops::mul_add(&diagonal, &state[L], &sum);
    });
}

round_kernel! {
    /// Eight internal rounds per call, the diagonal of instance `I` as immediates.
    fn internal_rounds8<I: Instance<4>>(state: &mut [Fr; 4], constants: [Fr; 8];
        params: 29x9 => 72, u64x4 => 32) {
        for constant in &constants {
            internal_round::<I>(state, constant);
        }
    }
}

impl Layers<4> for Width<4> {
    /// The initial M4 takes any weakly reduced state: reduced first to meet M4's bound.
    #[inline(always)]
    fn external_layer(state: &mut [Fr; 4]) {
        *state = state.map(|lane| ops::reduce(&lane));
        m4(state)
    }

    #[inline(always)]
    fn external_round(state: &mut [Fr; 4], constants: &[Fr; 4]) {
        external_round(state, constants)
    }

    #[inline(always)]
    fn internal_rounds8<I: Instance<4>>(state: &mut [Fr; 4], constants: &[Fr; 8]) {
        internal_rounds8::<I>(state, constants)
    }
}
