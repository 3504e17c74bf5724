//! plonky2's Poseidon permutation over Goldilocks, width 12: x⁷ S-box, 4 full rounds, 22 partial
//! rounds (S-box on lane 0 only), 4 full rounds, each round adding its constants before the
//! S-box and ending with plonky2's MDS matrix circ(`MDS_CIRC`) + diag(`MDS_DIAG`). Equal to
//! plonky2 1.1's `Poseidon::poseidon` (checked by `crates/plonky2-reference`).
//!
//! Rewritings, all exact:
//! - Each round's constants are added by the *previous* round's MDS step, to the half-word sums
//!   before they are combined (two additions per lane instead of a modular addition).
//! - The MDS step splits every lane into 32-bit halves and multiplies the halves by the small
//!   matrix entries (at most 41 + 8) in plain `u64` arithmetic: a row sum stays below 2^41, so
//!   one combination per lane replaces twelve modular products.
//! - The partial rounds' constants move to lane 0 ([`equivalent`]). Natively, where a product is
//!   one instruction, their matrices also take plonky2's sparse form ([`sparse`], 23 products a
//!   round); on wasm32 the dense MDS step with its small entries costs less.

pub mod equivalent;
#[cfg(not(use_limbs))]
mod native;
#[allow(clippy::large_const_arrays)]
pub mod params;
pub mod sparse;

#[cfg(feature = "bound-check")]
use crate::field::backend;
#[cfg(use_limbs)]
use crate::field::backend::{p_multiple, pow7, Halves, Limbs};
use crate::field::halves;
#[cfg(use_limbs)]
use crate::kernel::stack_copy;
#[cfg(not(use_limbs))]
use native::permute_lanes;
use params::{MDS_CIRC, MDS_DIAG, ROUND_CONSTANTS};
use seq_macro::seq;

/// The circulant part of the MDS matrix in the frequency domain, derived from `MDS_CIRC` at
/// compile time: with the CRT split of Z/12 into Z/3 × Z/4 and a length-4 DFT (factors ±1, ±i),
/// the 12-point cyclic convolution becomes three length-3 convolutions, two real and one
/// complex, whose factors for this matrix are tiny (and, scaled by the inverse DFT's 1/4, still
/// integers: `frequency_domain` checks it). 144 products become a handful of shifts and sums.
struct FrequencyDomain {
    /// DFT frequency 0 (real), divided by 4.
    real0: [u64; 3],
    /// DFT frequency 2 (real), divided by 4.
    real2: [u64; 3],
    /// DFT frequency 1 (complex: real, imaginary), times 2 (frequencies 1 and 3 are conjugate)
    /// divided by 4.
    complex1: [(u64, u64); 3],
}

/// Lane n sits at (n mod 3, n mod 4): `CRT[m][a]` is the lane with n ≡ m (mod 3), n ≡ a (mod 4).
const CRT: [[usize; 4]; 3] = [[0, 9, 6, 3], [4, 1, 10, 7], [8, 5, 2, 11]];

/// Signed integers as wrapping `u64` (the convolution is exact over the integers).
const fn wrap(value: i64) -> u64 {
    value as u64
}

const fn frequency_domain(circ: &[u64; 12]) -> FrequencyDomain {
    let mut out = FrequencyDomain {
        real0: [0; 3],
        real2: [0; 3],
        complex1: [(0, 0); 3],
    };
    let mut m = 0;
    while m < 3 {
        // new[r] = Σ_i circ[i] · old[i + r] is the convolution with c'[k] = circ[−k mod 12].
        let mut v = [0i64; 4];
        let mut a = 0;
        while a < 4 {
            v[a] = circ[(12 - CRT[m][a]) % 12] as i64;
            a += 1;
        }
        let (f0, f2) = (v[0] + v[1] + v[2] + v[3], v[0] - v[1] + v[2] - v[3]);
        let (re, im) = (v[0] - v[2], v[3] - v[1]);
        assert!(f0 % 4 == 0 && f2 % 4 == 0 && re % 2 == 0 && im % 2 == 0);
        out.real0[m] = wrap(f0 / 4);
        out.real2[m] = wrap(f2 / 4);
        out.complex1[m] = (wrap(re / 2), wrap(im / 2));
        m += 1;
    }
    out
}

const FREQUENCY: FrequencyDomain = frequency_domain(&MDS_CIRC);

/// new[r] = Σ_i CIRC[i] · old[(i + r) mod 12], exactly, whenever the results fit an `i64`
/// (inputs of any sign; intermediate values wrap and cancel exactly).
#[allow(clippy::needless_range_loop)] // indices into several arrays at once
#[inline(always)]
fn circulant(x: &[i64; 12]) -> [i64; 12] {
    let (mut f0, mut f2, mut f1_re, mut f1_im) = ([0u64; 3], [0u64; 3], [0u64; 3], [0u64; 3]);
    for m in 0..3 {
        let [a0, a1, a2, a3] = CRT[m].map(|n| x[n] as u64);
        let (s02, s13) = (a0.wrapping_add(a2), a1.wrapping_add(a3));
        f0[m] = s02.wrapping_add(s13);
        f2[m] = s02.wrapping_sub(s13);
        f1_re[m] = a0.wrapping_sub(a2);
        f1_im[m] = a3.wrapping_sub(a1);
    }
    let mut y = [0i64; 12];
    for k in 0..3 {
        let (mut z0, mut z2, mut z_re, mut z_im) = (0u64, 0u64, 0u64, 0u64);
        for j in 0..3 {
            let c = (k + 3 - j) % 3;
            z0 = z0.wrapping_add(f0[j].wrapping_mul(FREQUENCY.real0[c]));
            z2 = z2.wrapping_add(f2[j].wrapping_mul(FREQUENCY.real2[c]));
            let (c_re, c_im) = FREQUENCY.complex1[c];
            z_re = z_re
                .wrapping_add(f1_re[j].wrapping_mul(c_re))
                .wrapping_sub(f1_im[j].wrapping_mul(c_im));
            z_im = z_im
                .wrapping_add(f1_re[j].wrapping_mul(c_im))
                .wrapping_add(f1_im[j].wrapping_mul(c_re));
        }
        let (sum, difference) = (z0.wrapping_add(z2), z0.wrapping_sub(z2));
        y[CRT[k][0]] = sum.wrapping_add(z_re) as i64;
        y[CRT[k][1]] = difference.wrapping_sub(z_im) as i64;
        y[CRT[k][2]] = sum.wrapping_sub(z_re) as i64;
        y[CRT[k][3]] = difference.wrapping_add(z_im) as i64;
    }
    y
}

/// MDS · x on half-word parts: lane r of the result is lane r of MDS · x, as `Halves` whose
/// parts are below 2^9 times the largest input part (Σ (CIRC + DIAG) = 264).
#[cfg_attr(feature = "bound-check", allow(dead_code))]
#[inline(always)]
fn mds(x: &[halves::Halves; 12]) -> [halves::Halves; 12] {
    let lo = circulant(&x.map(|h| h.lo));
    let hi = circulant(&x.map(|h| h.hi));
    // The diagonal part: DIAG[r] · old[r] (only lane 0 is nonzero in plonky2's matrix). Unrolled:
    // natively, as a loop, the diagonal's zeros were multiplied at run time.
    seq!(R in 0..12 {
        [#(halves::Halves {
            lo: lo[R] + MDS_DIAG[R] as i64 * x[R].lo,
            hi: hi[R] + MDS_DIAG[R] as i64 * x[R].hi,
        },)*]
    })
}

/// The engines' MDS step: [`mds`], or with `bound-check` the same layer as the shadow's
/// `linear`, which proves its output ranges from the matrix entries (the tests show the two
/// equal).
#[cfg(not(feature = "bound-check"))]
use mds as mds_layer;
#[cfg(feature = "bound-check")]
#[track_caller]
fn mds_layer(x: &[backend::Halves; 12]) -> [backend::Halves; 12] {
    backend::linear(x, |part| circulant(&part), &MDS_DIAG.map(|d| d as i64))
}

/// The plain matrix product, for the test of the frequency-domain form.
#[cfg(test)]
fn circulant_plain(x: &[i64; 12]) -> [i64; 12] {
    core::array::from_fn(|r| (0..12).map(|i| MDS_CIRC[i] as i64 * x[(i + r) % 12]).sum())
}

/// Constants added before each full round's S-boxes (plonky2's rounds 0..4 and 26..30).
const FULL_ROUND_CONSTANTS: [[u64; 12]; 2 * params::HALF_FULL_ROUNDS] = {
    let mut out = [[0; 12]; 2 * params::HALF_FULL_ROUNDS];
    let mut r = 0;
    while r < params::HALF_FULL_ROUNDS {
        out[r] = ROUND_CONSTANTS[r];
        out[params::HALF_FULL_ROUNDS + r] =
            ROUND_CONSTANTS[params::HALF_FULL_ROUNDS + params::PARTIAL_ROUNDS + r];
        r += 1;
    }
    out
};

/// Each lane plus its constant.
#[cfg(use_limbs)]
#[inline(always)]
fn add_constants(x: &mut [Halves; 12], constants: &[u64; 12]) {
    seq!(I in 0..12 {
        x[I] = x[I].plus(Halves::split(constants[I]));
    });
}

/// The 22 partial rounds on the sums the last first-half full round left (below 2^43.3), two
/// per loop iteration: each iteration normalises all lanes (sums of two MDS steps, below
/// 2^51.4), then runs two rounds (S-box on lane 0, its constant, MDS), lanes 1..11 staying as
/// MDS sums in between.
#[cfg(use_limbs)]
#[inline(always)]
fn partial_rounds(x: &mut [Halves; 12], after_sbox: &[u64; params::PARTIAL_ROUNDS]) {
    add_constants(x, &equivalent::FAST_PARTIAL_FIRST_ROUND_CONSTANT);
    let (pairs, _) = after_sbox.as_chunks::<2>();
    for &[first, second] in pairs {
        let lanes = x.map(Halves::normalize);
        *x = lanes.map(Limbs::widen);
        x[0] = pow7(lanes[0]).plus(Halves::split(first));
        let mut sums = mds_layer(x);
        sums[0] = pow7(sums[0].normalize()).plus(Halves::split(second));
        *x = mds_layer(&sums);
    }
}

/// The permutation on lanes holding any 64-bit values (residues); outputs are residues too.
///
/// One function and two loops (full rounds, with the partial rounds' loop inside the fifth
/// iteration): the state stays in wasm locals from the first load to the last store. Separate
/// round kernels cost each call its state's 12 loads, 12 stores and the conversions to and from
/// 64-bit residues on every call; an iteration here costs a branch and the loads of its
/// constants, copied to the stack first ([`stack_copy`]).
#[cfg(use_limbs)]
#[cfg_attr(target_arch = "wasm32", inline(never))]
pub(crate) fn permute_lanes(state: &mut [u64; 12]) {
    let full: [[u64; 12]; 8] = stack_copy!(FULL_ROUND_CONSTANTS; 8 x 12);
    let after_sbox: [u64; 22] = stack_copy!(equivalent::FAST_PARTIAL_ROUND_CONSTANTS; 22);
    let mut x: [Halves; 12] = state.map(Halves::split);
    for (round, constants) in full.iter().enumerate() {
        if round == params::HALF_FULL_ROUNDS {
            partial_rounds(&mut x, &after_sbox);
        }
        add_constants(&mut x, constants);
        // Unrolled: as a loop, each lane cost a branch (765 ink), a block (2,450) and memory traffic.
        seq!(I in 0..12 {
            x[I] = pow7(x[I].normalize());
        });
        x = mds_layer(&x);
    }
    // The sums (below 2^43.3) made non-negative for `to_residue`.
    let bias = p_multiple(12);
    seq!(I in 0..12 {
        state[I] = x[I].plus(bias).to_residue();
    });
}

crate::sponge::permutation_family!(
    /// plonky2's Poseidon as a [`crate::sponge::Permutation`]: `PoseidonHash`'s sponge shapes come
    /// from [`crate::sponge`].
    Poseidon,
    "plonky2's `<GoldilocksField as Poseidon>::poseidon`"
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mds_equals_the_shadows_linear() {
        let diagonal = MDS_DIAG.map(|d| d as i64);
        for x in halves::random_halves(7).take(500) {
            let linear = halves::linear(&x, |part| circulant(&part), &diagonal);
            let mds = mds(&x);
            assert!(
                (0..12).all(|r| (mds[r].lo, mds[r].hi) == (linear[r].lo, linear[r].hi)),
                "{x:?}"
            );
        }
    }

    #[test]
    fn frequency_domain_circulant_equals_the_matrix() {
        let mut state = 0x1234_5678_9abc_def0u64;
        let mut next = || {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state as i64) >> 20
        };
        let edges = [
            [0; 12],
            [u32::MAX as i64; 12],
            [-(1 << 43); 12],
            core::array::from_fn(|i| i as i64 - 6),
        ];
        for x in edges
            .into_iter()
            .chain((0..1000).map(|_| core::array::from_fn(|_| next())))
        {
            assert_eq!(circulant(&x), circulant_plain(&x), "{x:?}");
        }
    }
}
