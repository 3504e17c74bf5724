//! plonky2's Poseidon permutation over Goldilocks, width 12: x⁷ S-box, 4 full rounds, 22 partial
//! rounds (S-box on lane 0 only), 4 full rounds, each round adding its constants before the
//! S-box and ending with plonky2's MDS matrix circ(`MDS_CIRC`) + diag(`MDS_DIAG`). Equal to
//! plonky2 1.1's `Poseidon::poseidon` (checked by `crates/plonky2-reference`).
//!
//! Two rewritings, both exact:
//! - Each round's constants are added by the *previous* round's MDS step, to the half-word sums
//!   before they are combined (two additions per lane instead of a modular addition).
//! - The MDS step splits every lane into 32-bit halves and multiplies the halves by the small
//!   matrix entries (at most 41 + 8) in plain `u64` arithmetic: a row sum stays below 2^41, so
//!   one combination per lane replaces twelve modular products.

#[allow(clippy::large_const_arrays)]
pub mod params;

use crate::field::arith::{add, combine_halves, pow7, LOW32};
use crate::kernel::round_kernel;
use params::{MDS_CIRC, MDS_DIAG, ROUND_CONSTANTS};
use seq_macro::seq;

/// state = MDS · state + next, where `next` are the constants of the following round.
// `seq!` spells the indices as literals (`0 == 0`, `(0 + 3) % 12`).
#[allow(clippy::eq_op, clippy::identity_op)]
#[inline(always)]
fn mds_add(state: &mut [u64; 12], next: &[u64; 12]) {
    let lo = state.map(|lane| lane & LOW32);
    let hi = state.map(|lane| lane >> 32);
    seq!(R in 0..12 {
        // Bounds: Σ (CIRC + DIAG) = 264 and halves < 2^32, so each sum < 2^41 (+ a constant's half).
        let mut sum_lo = next[R] & LOW32;
        let mut sum_hi = next[R] >> 32;
        seq!(I in 0..12 {
            let coefficient = MDS_CIRC[I] + if I == 0 { MDS_DIAG[R] } else { 0 };
            sum_lo += coefficient * lo[(I + R) % 12];
            sum_hi += coefficient * hi[(I + R) % 12];
        });
        state[R] = combine_halves(sum_lo, sum_hi);
    });
}

round_kernel! {
    /// A full round after its constants: S-box on every lane, MDS, then the next round's constants.
    fn full_round(state, next: [u64; 12]) {
        for lane in state.iter_mut() {
            *lane = pow7(*lane);
        }
        mds_add(state, &next);
    }
}

round_kernel! {
    /// A partial round after its constants: S-box on lane 0, MDS, then the next round's constants.
    fn partial_round(state, next: [u64; 12]) {
        state[0] = pow7(state[0]);
        mds_add(state, &next);
    }
}

/// The permutation on lanes holding any 64-bit values (residues); outputs are residues too.
#[allow(clippy::identity_op)] // `seq!` spells the first round's index as `0 + 1`
pub(crate) fn permute_lanes(state: &mut [u64; 12]) {
    for (lane, constant) in state.iter_mut().zip(&ROUND_CONSTANTS[0]) {
        *lane = add(*lane, *constant);
    }
    seq!(R in 0..4 {
        full_round(state, &ROUND_CONSTANTS[R + 1]);
    });
    seq!(R in 4..26 {
        partial_round(state, &ROUND_CONSTANTS[R + 1]);
    });
    seq!(R in 26..29 {
        full_round(state, &ROUND_CONSTANTS[R + 1]);
    });
    full_round(state, &[0; 12]);
}

/// The Poseidon permutation of a 12-element state, equal to plonky2's
/// `<GoldilocksField as Poseidon>::poseidon`.
pub fn permute(state: &[crate::Goldilocks; 12]) -> [crate::Goldilocks; 12] {
    let mut lanes = crate::field::lanes(state);
    permute_lanes(&mut lanes);
    crate::field::elements(&lanes)
}

/// plonky2's Poseidon as a [`crate::sponge::Permutation`]: `PoseidonHash`'s sponge shapes come
/// from [`crate::sponge`].
#[derive(Clone, Copy, Debug, Default)]
pub struct Poseidon;

impl crate::sponge::Permutation for Poseidon {
    fn permute_lanes(state: &mut [u64; 12]) {
        permute_lanes(state)
    }
}

/// plonky2's `hash_no_pad` with this permutation ([`crate::sponge::hash_no_pad`]).
pub fn hash_no_pad(inputs: &[crate::Goldilocks]) -> crate::Digest {
    crate::sponge::hash_no_pad::<Poseidon>(inputs)
}

/// plonky2's `two_to_one` with this permutation ([`crate::sponge::two_to_one`]).
pub fn two_to_one(left: &crate::Digest, right: &crate::Digest) -> crate::Digest {
    crate::sponge::two_to_one::<Poseidon>(left, right)
}

/// plonky2's `hash_or_noop` with this permutation ([`crate::sponge::hash_or_noop`]).
pub fn hash_or_noop(inputs: &[crate::Goldilocks]) -> crate::Digest {
    crate::sponge::hash_or_noop::<Poseidon>(inputs)
}
