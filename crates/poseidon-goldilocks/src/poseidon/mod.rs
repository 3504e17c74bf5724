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

pub mod equivalent;
#[allow(clippy::large_const_arrays)]
pub mod params;

use crate::field::arith::add;
use crate::field::limbs::{pow7, Halves, Limbs};
use crate::kernel::round_kernel;
use params::{MDS_CIRC, MDS_DIAG, ROUND_CONSTANTS};
use seq_macro::seq;

/// The low 32 bits.
const LOW32: u64 = 0xffff_ffff;

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
#[inline(always)]
fn mds(x: &[Halves; 12]) -> [Halves; 12] {
    let lo = circulant(&x.map(|h| h.lo));
    let hi = circulant(&x.map(|h| h.hi));
    // The diagonal part: DIAG[r] · old[r] (only lane 0 is nonzero in plonky2's matrix).
    core::array::from_fn(|r| Halves {
        lo: lo[r] + MDS_DIAG[r] as i64 * x[r].lo,
        hi: hi[r] + MDS_DIAG[r] as i64 * x[r].hi,
    })
}

/// Adds `next` (low halves, then high halves, as [`biased_halves`] makes them) to each lane.
#[inline(always)]
#[allow(clippy::identity_op)] // `seq!` spells the first high half's index as `12 + 0`
fn add_halves(x: &mut [Halves; 12], next: &[i64; 24]) {
    seq!(I in 0..12 {
        x[I].lo += next[I];
        x[I].hi += next[12 + I];
    });
}

/// The plain matrix product, for the test of the frequency-domain form.
#[cfg(test)]
fn circulant_plain(x: &[i64; 12]) -> [i64; 12] {
    core::array::from_fn(|r| (0..12).map(|i| MDS_CIRC[i] as i64 * x[(i + r) % 12]).sum())
}

/// k · p as a pair (lo, hi) = (k + j · 2^32, k · (2^32 − 1) − j) (lo + hi · 2^32 = k · p), with
/// k = 2j = 2^(shift + 1): both parts exceed 2^(shift + 32), so adding it to sums of magnitude
/// below that makes them non-negative without changing their residue.
const fn p_multiple(shift: u32) -> (i64, i64) {
    let (k, j) = (1i64 << (shift + 1), 1i64 << shift);
    (k + (j << 32), k * ((1 << 32) - 1) - j)
}

/// Constants as a [`add_halves`] argument: low halves, then high halves, each plus the matching
/// part of `bias` (a multiple of p).
const fn biased_halves(constants: &[u64; 12], bias: (i64, i64)) -> [i64; 24] {
    let mut out = [0i64; 24];
    let mut i = 0;
    while i < 12 {
        out[i] = (constants[i] & LOW32) as i64 + bias.0;
        out[12 + i] = (constants[i] >> 32) as i64 + bias.1;
        i += 1;
    }
    out
}

/// The bias of a full round's sums (S-box outputs below 2^35.2 through the MDS: below 2^43.3).
const FULL_BIAS: (i64, i64) = p_multiple(12);

/// What each full round's MDS adds: the next round's constants, biased. Entry r is for the full
/// round r; the last first-half full round adds the first partial round's equivalent
/// constants, and the last round only the bias.
const FULL_NEXT: [[i64; 24]; params::ROUNDS] = {
    let mut out = [[0i64; 24]; params::ROUNDS];
    let mut r = 0;
    while r + 1 < params::ROUNDS {
        out[r] = biased_halves(&ROUND_CONSTANTS[r + 1], FULL_BIAS);
        r += 1;
    }
    out[params::HALF_FULL_ROUNDS - 1] =
        biased_halves(&equivalent::FAST_PARTIAL_FIRST_ROUND_CONSTANT, FULL_BIAS);
    out[params::ROUNDS - 1] = biased_halves(&[0; 12], FULL_BIAS);
    out
};

/// Partial rounds' arguments, two rounds per kernel: the constants added to lane 0 after each
/// S-box as (low, high) halves, then what the second round's MDS adds: a bias (its sums, a
/// second MDS over the first one's, stay below 2^51.4: 2^21 · p), and after the last partial
/// round the next full round's constants.
const PARTIAL_ARGS: [[i64; 28]; params::PARTIAL_ROUNDS / 2] = {
    let mut out = [[0i64; 28]; params::PARTIAL_ROUNDS / 2];
    let mut k = 0;
    while k < params::PARTIAL_ROUNDS / 2 {
        let mut i = 0;
        while i < 2 {
            let c = equivalent::FAST_PARTIAL_ROUND_CONSTANTS[2 * k + i];
            out[k][2 * i] = (c & LOW32) as i64;
            out[k][2 * i + 1] = (c >> 32) as i64;
            i += 1;
        }
        let next = if k + 1 == params::PARTIAL_ROUNDS / 2 {
            ROUND_CONSTANTS[params::HALF_FULL_ROUNDS + params::PARTIAL_ROUNDS]
        } else {
            [0; 12]
        };
        let next = biased_halves(&next, p_multiple(20));
        let mut j = 0;
        while j < 24 {
            out[k][4 + j] = next[j];
            j += 1;
        }
        k += 1;
    }
    out
};

/// Unsigned 32-bit halves of a residue (for a lane entering a linear layer directly).
#[inline(always)]
fn halves(lane: u64) -> Halves {
    Halves {
        lo: (lane & LOW32) as i64,
        hi: (lane >> 32) as i64,
    }
}

/// The S-box of a partial round and the constant that follows it (below 2^35 + 2^32).
#[inline(always)]
fn partial_sbox(x: Limbs, constant_lo: i64, constant_hi: i64) -> Halves {
    let y = pow7(x);
    Halves {
        lo: y.lo + constant_lo,
        hi: y.hi + constant_hi,
    }
}

round_kernel! {
    /// A full round after its constants: S-box on every lane, MDS, then the next round's constants.
    fn full_round(state, next: [i64; 24]) {
        // Unrolled: as a loop, each lane cost a branch (765 ink), a block (2,450), a load and a store.
        let mut x = [Halves { lo: 0, hi: 0 }; 12];
        seq!(I in 0..12 {
            x[I] = pow7(Limbs::from_residue(state[I]));
        });
        let mut sums = mds(&x);
        add_halves(&mut sums, &next);
        seq!(I in 0..12 {
            state[I] = sums[I].to_residue();
        });
    }
}

round_kernel! {
    /// Two partial rounds per call (each: S-box on lane 0 and its constant, MDS): the state's 12
    /// loads and 12 stores and the call (~26,000 ink) are paid once for both, and between the two
    /// rounds lanes 1..11 stay as the MDS sums: only lane 0, which goes through the S-box, is
    /// normalised.
    fn partial_rounds2(state, args: [i64; 28]) {
        let mut x: [Halves; 12] = state.map(halves);
        x[0] = partial_sbox(Limbs::from_residue(state[0]), args[0], args[1]);
        let mut sums = mds(&x);
        sums[0] = partial_sbox(sums[0].normalize(), args[2], args[3]);
        let mut sums = mds(&sums);
        let next: [i64; 24] = core::array::from_fn(|i| args[4 + i]);
        add_halves(&mut sums, &next);
        seq!(I in 0..12 {
            state[I] = sums[I].to_residue();
        });
    }
}

/// The permutation on lanes holding any 64-bit values (residues); outputs are residues too.
/// One body on wasm32: inlined into every sponge function it made the module larger and, with
/// its 30 kernel calls (each ends a basic block), raised the cached init cost every call pays
/// (Nitro charges ~0.134 gas per basic block of the module).
#[cfg_attr(target_arch = "wasm32", inline(never))]
pub(crate) fn permute_lanes(state: &mut [u64; 12]) {
    for (lane, constant) in state.iter_mut().zip(&ROUND_CONSTANTS[0]) {
        *lane = add(*lane, *constant);
    }
    seq!(R in 0..4 {
        full_round(state, &FULL_NEXT[R]);
    });
    seq!(K in 0..11 {
        partial_rounds2(state, &PARTIAL_ARGS[K]);
    });
    seq!(R in 26..30 {
        full_round(state, &FULL_NEXT[R]);
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
