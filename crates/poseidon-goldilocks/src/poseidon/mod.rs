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

/// new[r] = Σ_i CIRC[i] · old[(i + r) mod 12], exactly, for lanes below 2^32 (the sums stay
/// below 2^41; intermediate differences wrap as signed values and cancel exactly).
#[allow(clippy::needless_range_loop)] // indices into several arrays at once
#[inline(always)]
fn circulant_halves(x: &[u64; 12]) -> [u64; 12] {
    let (mut f0, mut f2, mut f1_re, mut f1_im) = ([0u64; 3], [0u64; 3], [0u64; 3], [0u64; 3]);
    for m in 0..3 {
        let [a0, a1, a2, a3] = CRT[m].map(|n| x[n]);
        let (s02, s13) = (a0.wrapping_add(a2), a1.wrapping_add(a3));
        f0[m] = s02.wrapping_add(s13);
        f2[m] = s02.wrapping_sub(s13);
        f1_re[m] = a0.wrapping_sub(a2);
        f1_im[m] = a3.wrapping_sub(a1);
    }
    let mut y = [0u64; 12];
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
        y[CRT[k][0]] = sum.wrapping_add(z_re);
        y[CRT[k][1]] = difference.wrapping_sub(z_im);
        y[CRT[k][2]] = sum.wrapping_sub(z_re);
        y[CRT[k][3]] = difference.wrapping_add(z_im);
    }
    y
}

/// The MDS sums on 32-bit halves: lane r is `sums.0[r] + sums.1[r] · 2^32` (mod p) of
/// MDS · state + next, where `next` are the constants of the following round. For halves below
/// 2^34 the sums stay below 2^43 (Σ (CIRC + DIAG) = 264).
#[inline(always)]
fn mds_sums(lo: &[u64; 12], hi: &[u64; 12], next: &[u64; 12]) -> ([u64; 12], [u64; 12]) {
    let (circ_lo, circ_hi) = (circulant_halves(lo), circulant_halves(hi));
    // The diagonal part: DIAG[r] · old[r] (only lane 0 is nonzero in plonky2's matrix).
    (
        core::array::from_fn(|r| circ_lo[r] + MDS_DIAG[r] * lo[r] + (next[r] & LOW32)),
        core::array::from_fn(|r| circ_hi[r] + MDS_DIAG[r] * hi[r] + (next[r] >> 32)),
    )
}

/// The 32-bit halves of every lane.
#[inline(always)]
fn split(state: &[u64; 12]) -> ([u64; 12], [u64; 12]) {
    (state.map(|lane| lane & LOW32), state.map(|lane| lane >> 32))
}

/// MDS sums (below 2^43) back to halves below 2^34 that stand for the same residue, without
/// forming the 64-bit lane (10 operations instead of a combination and a split, 20): carry the low
/// sum's upper bits up, fold the high sum's bits above 32 down (2^64 ≡ 2^32 − 1), and add p as
/// 1 + (2^32 − 1) · 2^32 with a 2^32 borrowed across, so that neither half goes negative.
#[inline(always)]
fn renormalize(lo: u64, hi: u64) -> (u64, u64) {
    let hi = hi + (lo >> 32);
    let (lo, excess, hi) = (lo & LOW32, hi >> 32, hi & LOW32);
    // lo + hi · 2^32 + excess · (2^32 − 1) + p, with excess < 2^11:
    ((lo + (1 << 32) + 1) - excess, hi + excess + ((1 << 32) - 2))
}

/// state = MDS · state + next, where `next` are the constants of the following round.
#[inline(always)]
fn mds_add(state: &mut [u64; 12], next: &[u64; 12]) {
    let (lo, hi) = split(state);
    let (sums_lo, sums_hi) = mds_sums(&lo, &hi, next);
    seq!(R in 0..12 {
        state[R] = combine_halves(sums_lo[R], sums_hi[R]);
    });
}

/// The plain matrix product, for the test of the frequency-domain form.
#[cfg(test)]
fn circulant_plain(x: &[u64; 12]) -> [u64; 12] {
    core::array::from_fn(|r| (0..12).map(|i| MDS_CIRC[i] * x[(i + r) % 12]).sum())
}

round_kernel! {
    /// A full round after its constants: S-box on every lane, MDS, then the next round's constants.
    fn full_round(state, next: [u64; 12]) {
        // Unrolled: as a loop, each lane cost a branch (765 ink), a block (2,450), a load and a store.
        seq!(I in 0..12 {
            state[I] = pow7(state[I]);
        });
        mds_add(state, &next);
    }
}

round_kernel! {
    /// Two partial rounds per call (each: S-box on lane 0, MDS, the next round's constants): the
    /// state's 12 loads and 12 stores and the call (~26,000 ink) are paid once for both, and
    /// between the two rounds lanes 1..11 stay as halves (`renormalize`): only lane 0, which
    /// goes through the S-box, is formed as a 64-bit lane.
    fn partial_rounds2(state, next: [u64; 24]) {
        let (first, second) = next.split_at(12);
        let (first, second) = (
            first.first_chunk::<12>().unwrap_or(&[0; 12]),
            second.first_chunk::<12>().unwrap_or(&[0; 12]),
        );
        state[0] = pow7(state[0]);
        let (mut lo, mut hi) = split(state);
        let (sums_lo, sums_hi) = mds_sums(&lo, &hi, first);
        let lane0 = pow7(combine_halves(sums_lo[0], sums_hi[0]));
        (lo[0], hi[0]) = (lane0 & LOW32, lane0 >> 32);
        seq!(I in 1..12 {
            (lo[I], hi[I]) = renormalize(sums_lo[I], sums_hi[I]);
        });
        let (sums_lo, sums_hi) = mds_sums(&lo, &hi, second);
        seq!(I in 0..12 {
            state[I] = combine_halves(sums_lo[I], sums_hi[I]);
        });
    }
}

/// Two rounds' constants as one kernel argument.
#[inline(always)]
fn concat(a: &[u64; 12], b: &[u64; 12]) -> [u64; 24] {
    core::array::from_fn(|i| if i < 12 { a[i] } else { b[i - 12] })
}

/// The permutation on lanes holding any 64-bit values (residues); outputs are residues too.
/// One body on wasm32: inlined into every sponge function it made the module larger and, with
/// its 30 kernel calls (each ends a basic block), raised the cached init cost every call pays
/// (Nitro charges ~0.134 gas per basic block of the module).
#[cfg_attr(target_arch = "wasm32", inline(never))]
#[allow(clippy::identity_op, clippy::erasing_op)] // `seq!` spells the first round's index as `0 + 1`, `2 * 0`
pub(crate) fn permute_lanes(state: &mut [u64; 12]) {
    for (lane, constant) in state.iter_mut().zip(&ROUND_CONSTANTS[0]) {
        *lane = add(*lane, *constant);
    }
    seq!(R in 0..4 {
        full_round(state, &ROUND_CONSTANTS[R + 1]);
    });
    seq!(R in 2..13 {
        partial_rounds2(state, &concat(&ROUND_CONSTANTS[2 * R + 1], &ROUND_CONSTANTS[2 * R + 2]));
    });
    seq!(R in 26..29 {
        full_round(state, &ROUND_CONSTANTS[R + 1]);
    });
    full_round(state, &[0; 12]);
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
    fn renormalize_keeps_the_residue_and_the_bounds() {
        let p = crate::P as u128;
        let mut state = 0x0bad_cafe_1234_5678u64;
        let mut next = |bits: u32| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state ^ (state >> 31)) >> (64 - bits)
        };
        let edges = [
            (0, 0),
            ((1 << 43) - 1, (1 << 43) - 1),
            (0, (1 << 43) - 1),
            ((1 << 43) - 1, 0),
        ];
        let randoms = (0..5000).map(|_| (next(43), next(43)));
        for (lo, hi) in edges.into_iter().chain(randoms) {
            let (l, h) = renormalize(lo, hi);
            assert!(l < 1 << 34 && h < 1 << 34, "{lo} {hi} -> {l} {h}");
            let value = |lo: u64, hi: u64| (lo as u128 + ((hi as u128) << 32)) % p;
            assert_eq!(value(l, h), value(lo, hi), "{lo} {hi}");
        }
    }

    #[test]
    fn frequency_domain_circulant_equals_the_matrix() {
        let mut state = 0x1234_5678_9abc_def0u64;
        let mut next = || {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            state >> 32
        };
        let edges = [
            [0; 12],
            [u32::MAX as u64; 12],
            core::array::from_fn(|i| i as u64),
        ];
        for x in edges
            .into_iter()
            .chain((0..1000).map(|_| core::array::from_fn(|_| next())))
        {
            assert_eq!(circulant_halves(&x), circulant_plain(&x), "{x:?}");
        }
    }
}
