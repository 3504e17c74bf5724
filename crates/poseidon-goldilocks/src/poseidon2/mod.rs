//! Poseidon2 over Goldilocks, width 12: the external matrix first, 4 full rounds, 22 partial
//! rounds, 4 full rounds; x⁷ S-box. Two instances ([`Instance`]) share the engine and the round
//! constants (the same Grain-LFSR output) and differ in M4 and the internal diagonal:
//!
//! - HorizenLabs' reference ([`params`]; `zkhash` 0.2's `Poseidon2::permutation` with
//!   `POSEIDON2_GOLDILOCKS_12_PARAMS`), served here with plonky2's sponge shapes;
//! - Plonky3's default ([`plonky3`]; `p3_goldilocks::default_goldilocks_poseidon2_12`), Miden's
//!   hash ([`crate::miden`]).
//!
//! - External matrix circ(2·M4, M4, M4): the instance's M4 (a chain of additions and doublings)
//!   on each block of four lanes, then every lane gains the sum of its position across blocks.
//!   Computed on 32-bit halves (entries are small: a row sums to at most 64).
//! - Internal matrix 1 + diag(d): `new[i] = old[i] · d[i] + Σ old`, each lane one product by a
//!   constant and one reduction: on wasm32 on balanced limbs (the crate's `field::limbs`),
//!   natively a `u128` product with the sum added before the reduction.
//! - Every round's constants join the sums before they are normalised for the S-box.

#[cfg(not(use_limbs))]
mod native;
#[allow(clippy::large_const_arrays)]
pub mod params;
pub mod plonky3;

#[cfg(feature = "bound-check")]
use crate::field::backend;
#[cfg(use_limbs)]
use crate::field::backend::{self as limbs, p_multiple, pow7, Halves, Limbs};
use crate::field::halves;
#[cfg(use_limbs)]
use crate::kernel::stack_copy;
use core::marker::PhantomData;
#[cfg(not(use_limbs))]
use native::permute_instance;
use params::{HALF_FULL_ROUNDS, PARTIAL_ROUNDS};
#[cfg(use_limbs)]
use seq_macro::seq;

/// A width-12 Poseidon2 instance over Goldilocks (x⁷, 4 + 22 + 4 rounds, external matrix
/// circ(2·M4, M4, M4)): its M4, internal diagonal and round constants. Implemented by
/// [`params::HorizenLabs`] and [`plonky3::Plonky3`].
pub trait Instance {
    /// The internal matrix is 1·1ᵀ + diag(`INTERNAL_DIAG_M_1`): `new[i] = old[i] · d[i] + Σ old`
    /// (entries below p).
    const INTERNAL_DIAG_M_1: [u64; 12];
    /// Round constants of the first four full rounds.
    const EXTERNAL_FIRST: [[u64; 12]; HALF_FULL_ROUNDS];
    /// Round constants of the partial rounds (lane 0).
    const INTERNAL: [u64; PARTIAL_ROUNDS];
    /// Round constants of the last four full rounds.
    const EXTERNAL_LAST: [[u64; 12]; HALF_FULL_ROUNDS];
    /// M4 on one block of four parts, exact over the integers (a row sums to at most 16).
    fn m4(x: [i64; 4]) -> [i64; 4];
}

/// circ(2·M4, M4, M4) on one part of every lane: M4 per block, then each lane gains the sum of
/// the lanes at its position in all three blocks (a row sums to at most 64).
#[inline(always)]
fn external_part<Inst: Instance>(x: [i64; 12]) -> [i64; 12] {
    let blocks = [
        Inst::m4([x[0], x[1], x[2], x[3]]),
        Inst::m4([x[4], x[5], x[6], x[7]]),
        Inst::m4([x[8], x[9], x[10], x[11]]),
    ];
    let sums: [i64; 4] = core::array::from_fn(|l| blocks[0][l] + blocks[1][l] + blocks[2][l]);
    core::array::from_fn(|i| blocks[i / 4][i % 4] + sums[i % 4])
}

/// M_E · x on halves: parts below 2^6 times the largest input part.
#[cfg_attr(feature = "bound-check", allow(dead_code))]
#[inline(always)]
fn external<Inst: Instance>(x: &[halves::Halves; 12]) -> [halves::Halves; 12] {
    let lo = external_part::<Inst>(x.map(|h| h.lo));
    let hi = external_part::<Inst>(x.map(|h| h.hi));
    core::array::from_fn(|i| halves::Halves {
        lo: lo[i],
        hi: hi[i],
    })
}

/// The engines' external layer: [`external`], or with `bound-check` the same layer as the
/// shadow's `linear`, which proves its output ranges from the matrix entries (the tests show the
/// two equal).
#[cfg(not(feature = "bound-check"))]
use external as external_layer;
#[cfg(feature = "bound-check")]
#[track_caller]
fn external_layer<Inst: Instance>(x: &[backend::Halves; 12]) -> [backend::Halves; 12] {
    backend::linear(x, external_part::<Inst>, &[0; 12])
}

/// Each lane plus its constant.
#[cfg(use_limbs)]
#[inline(always)]
fn add_constants(x: &mut [Halves; 12], constants: &[u64; 12]) {
    seq!(I in 0..12 {
        x[I] = x[I].plus(Halves::split(constants[I]));
    });
}

/// An instance's tables as the engines read them, derived at compile time.
struct Tables<Inst>(PhantomData<Inst>);

impl<Inst: Instance> Tables<Inst> {
    /// Constants added before each full round's S-boxes.
    const FULL_ROUND_CONSTANTS: [[u64; 12]; 2 * HALF_FULL_ROUNDS] = {
        let mut out = [[0; 12]; 2 * HALF_FULL_ROUNDS];
        let mut r = 0;
        while r < HALF_FULL_ROUNDS {
            out[r] = Inst::EXTERNAL_FIRST[r];
            out[HALF_FULL_ROUNDS + r] = Inst::EXTERNAL_LAST[r];
            r += 1;
        }
        out
    };

    /// The partial rounds' constants, each added by the round before it (so that lane 0 is
    /// normalised once per round), and a zero for the round after the last.
    #[cfg(use_limbs)]
    const PARTIAL_NEXT: [u64; PARTIAL_ROUNDS + 1] = {
        let mut out = [0; PARTIAL_ROUNDS + 1];
        let mut r = 0;
        while r < PARTIAL_ROUNDS {
            out[r] = Inst::INTERNAL[r];
            r += 1;
        }
        out
    };

    /// The internal diagonal as limbs (constant operands of the products).
    #[cfg(use_limbs)]
    const DIAG: [Limbs; 12] = {
        let mut out = [Limbs::ZERO; 12];
        let mut i = 0;
        while i < 12 {
            out[i] = Limbs::from_residue(Inst::INTERNAL_DIAG_M_1[i]);
            i += 1;
        }
        out
    };
}

/// The 22 partial rounds on the sums the last first-half full round left (below 2^41), one
/// per loop iteration. Every lane is normalised each round (it is a factor of a product), lane 0
/// with the round's constant already added; lane 0's S-box output is normalised once more.
#[cfg(use_limbs)]
#[inline(always)]
fn partial_rounds<Inst: Instance>(x: &mut [Halves; 12], next: &[u64; PARTIAL_ROUNDS + 1]) {
    x[0] = x[0].plus(Halves::split(next[0]));
    let mut lanes = x.map(Halves::normalize);
    for &constant in &next[1..] {
        lanes[0] = pow7(lanes[0]).normalize();
        // Σ old over normalised limbs: each part below 2^35.
        let mut sum = Halves::ZERO;
        seq!(I in 0..12 {
            sum = sum.plus(lanes[I].widen());
        });
        // Lane 0 also gains the next round's constant.
        lanes[0] = limbs::mul_wide(lanes[0], Tables::<Inst>::DIAG[0])
            .plus(sum.plus(Halves::split(constant)))
            .normalize();
        seq!(I in 1..12 {
            lanes[I] = limbs::mul_wide(lanes[I], Tables::<Inst>::DIAG[I]).plus(sum).normalize();
        });
    }
    *x = lanes.map(Limbs::widen);
}

/// The permutation on lanes holding any 64-bit values (residues); outputs are residues too.
/// One function and two loops, as Poseidon's ([`crate::poseidon`]): the state stays in wasm
/// locals from the first load to the last store, the constants are read from a copy on the
/// stack ([`stack_copy`]).
#[cfg(use_limbs)]
#[cfg_attr(target_arch = "wasm32", inline(never))]
pub(crate) fn permute_instance<Inst: Instance>(state: &mut [u64; 12]) {
    let full: [[u64; 12]; 8] = stack_copy!(Tables::<Inst>::FULL_ROUND_CONSTANTS; 8 x 12);
    let partial: [u64; 23] = stack_copy!(Tables::<Inst>::PARTIAL_NEXT; 23);
    let mut x = external_layer::<Inst>(&state.map(Halves::split));
    for (round, constants) in full.iter().enumerate() {
        if round == HALF_FULL_ROUNDS {
            partial_rounds::<Inst>(&mut x, &partial);
        }
        add_constants(&mut x, constants);
        // Unrolled: as a loop, each lane cost a branch (765 ink), a block (2,450) and memory traffic.
        seq!(I in 0..12 {
            x[I] = pow7(x[I].normalize());
        });
        x = external_layer::<Inst>(&x);
    }
    // The sums (below 2^41) made non-negative for `to_residue`.
    let bias = p_multiple(10);
    seq!(I in 0..12 {
        state[I] = x[I].plus(bias).to_residue();
    });
}

/// HorizenLabs' instance on lanes holding any 64-bit values (residues).
#[inline(always)]
fn permute_lanes(state: &mut [u64; 12]) {
    permute_instance::<params::HorizenLabs>(state)
}

crate::sponge::permutation_family!(
    /// Poseidon2 (HorizenLabs' instance) as a [`crate::sponge::Permutation`], with plonky2's
    /// sponge shapes.
    Poseidon2,
    "zkhash's `Poseidon2::new(&POSEIDON2_GOLDILOCKS_12_PARAMS).permutation`"
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn external_equals_the_shadows_linear() {
        fn check<Inst: Instance>() {
            for x in halves::random_halves(11).take(500) {
                let linear = halves::linear(&x, external_part::<Inst>, &[0; 12]);
                let external = external::<Inst>(&x);
                assert!(
                    (0..12)
                        .all(|r| (external[r].lo, external[r].hi) == (linear[r].lo, linear[r].hi)),
                    "{x:?}"
                );
            }
        }
        check::<params::HorizenLabs>();
        check::<plonky3::Plonky3>();
    }

    /// Each M4 is the matrix it names (the chains of additions against the entries).
    #[test]
    fn m4_chains_equal_their_matrices() {
        fn check<Inst: Instance>(matrix: [[i64; 4]; 4]) {
            for x in [
                [1, 0, 0, 0],
                [0, 1, 0, 0],
                [0, 0, 1, 0],
                [0, 0, 0, 1],
                [3, -5, 7, -11],
            ] {
                let expected: [i64; 4] =
                    core::array::from_fn(|r| (0..4).map(|c| matrix[r][c] * x[c]).sum());
                assert_eq!(Inst::m4(x), expected, "{x:?}");
            }
        }
        check::<params::HorizenLabs>(params::M4);
        check::<plonky3::Plonky3>(plonky3::M4);
    }
}
