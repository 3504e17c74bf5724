//! The permutation on the native backend (`u128` products, [`crate::field::native`]).
//!
//! - External layers as on wasm32 (HorizenLabs' M4 over 32-bit halves, exact in `i64`), each
//!   lane reduced once, with the next round's constants added to the half sums; S-box outputs
//!   enter as halves without their last reduction's carries ([`pow7_halves`]).
//! - Internal layers: each lane's product by its diagonal entry is a `u128`, and Σ old (an
//!   unreduced `u128`) and the next round's constant join it before its single reduction.

use super::params::{HALF_FULL_ROUNDS, PARTIAL_ROUNDS};
use super::{external_layer, Instance, Tables};
use crate::field::backend::{add, p_multiple, pow7, pow7_halves, Halves, Sum};
use core::marker::PhantomData;
use seq_macro::seq;

/// A multiple of p whose parts exceed the sums' (±2^39), to make them non-negative for
/// `to_residue`.
const BIAS: Halves = p_multiple(10);

/// The constant of the partial round after each one (lane 0), 0 after the last.
struct PartialNext<Inst>(PhantomData<Inst>);

impl<Inst: Instance> PartialNext<Inst> {
    const TABLE: [u64; PARTIAL_ROUNDS] = {
        let mut out = [0; PARTIAL_ROUNDS];
        let mut r = 1;
        while r < PARTIAL_ROUNDS {
            out[r - 1] = Inst::INTERNAL[r];
            r += 1;
        }
        out
    };
}

/// M_E · x + c on x as halves, each lane reduced (below 2^64). Halves are below 2^33 in
/// magnitude and a row sums to at most 64, so every half sum stays within ±2^39: exact in `i64`,
/// and nonnegative once [`BIAS`] joins the constants.
#[inline(always)]
fn external_plus<Inst: Instance>(x: &[Halves; 12], constants: &[u64; 12]) -> [u64; 12] {
    let sums = external_layer::<Inst>(x);
    // Unrolled: `from_fn` here stayed an out-of-line call per layer.
    seq!(I in 0..12 {
        [#(sums[I].plus(Halves::split(constants[I]).plus(BIAS)).to_residue(),)*]
    })
}

/// The 22 partial rounds on the reduced state the first half left (the first round's constant
/// already added to lane 0).
#[inline(always)]
fn partial_rounds<Inst: Instance>(x: &mut [u64; 12]) {
    for &next in &PartialNext::<Inst>::TABLE {
        x[0] = pow7(x[0]);
        // Lanes 1..11 first, pairwise (they are ready before lane 0's S-box), lane 0 last.
        let pair = |i: usize| Sum::of(x[i]) + Sum::of(x[i + 1]);
        let sum =
            (pair(1) + pair(3)) + (pair(5) + pair(7)) + (pair(9) + Sum::of(x[11])) + Sum::of(x[0]);
        // Below (2^64 − 1) · p + 12 · 2^64 + p < 2^128 (every diagonal entry is below p).
        x[0] = (Sum::product(x[0], Inst::INTERNAL_DIAG_M_1[0]) + sum + Sum::of(next)).reduce();
        seq!(I in 1..12 {
            x[I] = (Sum::product(x[I], Inst::INTERNAL_DIAG_M_1[I]) + sum).reduce();
        });
    }
}

/// The permutation on lanes holding any 64-bit values (residues); outputs are residues too.
pub(crate) fn permute_instance<Inst: Instance>(state: &mut [u64; 12]) {
    let full = &Tables::<Inst>::FULL_ROUND_CONSTANTS;
    let mut x = external_plus::<Inst>(&state.map(Halves::split), &full[0]);
    for round in 0..2 * HALF_FULL_ROUNDS {
        let mut next = [0; 12];
        match round + 1 {
            HALF_FULL_ROUNDS => next[0] = Inst::INTERNAL[0],
            n if n < 2 * HALF_FULL_ROUNDS => next = full[n],
            _ => {}
        }
        // Unrolled, so that the twelve chains of products interleave.
        let sboxes = seq!(I in 0..12 { [#(pow7_halves(x[I]),)*] });
        x = external_plus::<Inst>(&sboxes, &next);
        if round + 1 == HALF_FULL_ROUNDS {
            partial_rounds::<Inst>(&mut x);
            x = core::array::from_fn(|i| add(x[i], full[HALF_FULL_ROUNDS][i]));
        }
    }
    *state = x;
}

#[cfg(test)]
mod tests {
    use super::super::{params::HorizenLabs, plonky3::Plonky3};
    use super::*;
    use crate::P;

    /// `add` and the product bound of the internal layer need constants below p.
    #[test]
    fn constants_are_canonical() {
        fn check<Inst: Instance>() {
            let tables = [
                Inst::EXTERNAL_FIRST.as_flattened(),
                Inst::EXTERNAL_LAST.as_flattened(),
                &Inst::INTERNAL,
                &Inst::INTERNAL_DIAG_M_1,
            ];
            for value in tables.into_iter().flatten() {
                assert!(*value < P, "{value:#x}");
            }
        }
        check::<HorizenLabs>();
        check::<Plonky3>();
    }
}
