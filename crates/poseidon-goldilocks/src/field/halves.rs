//! Residues as two signed `i64` parts, `lo + hi · 2^32` (mod p): the form both backends feed the
//! linear layers, whose small integer entries multiply each part without a reduction. Each
//! backend adds its own conversions: `to_residue` (both, under the contract below) and the limbs'
//! `normalize`.
//!
//! The contracts of these functions are the constants below, written once for both backends;
//! with the feature `bound-check` the engines run on the shadow (`field::shadow`), which asserts
//! them on every call.

/// 0 ≤ lo, hi ≤ `SPLIT_MAX`: what [`Halves::split`] returns.
#[cfg_attr(not(feature = "bound-check"), allow(dead_code))]
pub(crate) const SPLIT_MAX: i128 = (1 << 32) - 1;

/// Every part [`Halves::plus`] and [`linear`] return lies strictly within ±`I64_BOUND`
/// (their sums are exact while they fit an `i64`).
#[cfg_attr(not(feature = "bound-check"), allow(dead_code))]
pub(crate) const I64_BOUND: i128 = 1 << 63;

/// 0 ≤ lo, hi < `TO_RESIDUE_BOUND`: what each backend's `Halves::to_residue` accepts (callers
/// add a [`p_multiple`] to make signed sums non-negative).
#[cfg_attr(not(feature = "bound-check"), allow(dead_code))]
pub(crate) const TO_RESIDUE_BOUND: i128 = 1 << 63;

/// A residue `lo + hi · 2^32` (mod p) whose parts may be large: a product before
/// renormalisation, or a linear layer's sums.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Halves {
    pub(crate) lo: i64,
    pub(crate) hi: i64,
}

/// k · p as halves (lo, hi) = (k + j · 2^32, k · (2^32 − 1) − j), with k = 2j = 2^(shift + 1):
/// both parts exceed 2^(shift + 32), so adding it to sums of magnitude below that makes them
/// non-negative (as `to_residue` needs) without changing their residue.
pub(crate) const fn p_multiple(shift: u32) -> Halves {
    let (k, j) = (1i64 << (shift + 1), 1i64 << shift);
    Halves {
        lo: k + (j << 32),
        hi: k * ((1 << 32) - 1) - j,
    }
}

impl Halves {
    /// 0.
    // The limbs' Poseidon2 sums from it; the native engines start from products.
    #[allow(dead_code)]
    pub(crate) const ZERO: Halves = Halves { lo: 0, hi: 0 };

    /// The unsigned 32-bit halves of a residue (within `SPLIT_MAX`).
    #[inline(always)]
    pub(crate) const fn split(value: u64) -> Halves {
        Halves {
            lo: (value & 0xffff_ffff) as i64,
            hi: (value >> 32) as i64,
        }
    }

    /// The sum of two residues, part by part.
    #[inline(always)]
    pub(crate) const fn plus(self, other: Halves) -> Halves {
        Halves {
            lo: self.lo + other.lo,
            hi: self.hi + other.hi,
        }
    }
}

/// A linear layer of small integer entries over 12 lanes, `layer` plus diag(`diagonal`), applied
/// to the low parts, then the high parts, as the engines' layers compute it (Poseidon's `mds`,
/// Poseidon2's `external`): exact while every output part lies within ±`I64_BOUND` (the entries
/// are integers, so a sum that wraps in between comes back). The shadow checks the engines'
/// layers through it; the engines keep their own copy of these lines, whose code generation this
/// generic form does not reproduce, and their tests show the two equal.
#[cfg(any(test, feature = "bound-check"))]
pub(crate) fn linear(
    x: &[Halves; 12],
    layer: impl Fn([i64; 12]) -> [i64; 12],
    diagonal: &[i64; 12],
) -> [Halves; 12] {
    let lo = layer(x.map(|h| h.lo));
    let hi = layer(x.map(|h| h.hi));
    core::array::from_fn(|i| Halves {
        lo: lo[i] + diagonal[i] * x[i].lo,
        hi: hi[i] + diagonal[i] * x[i].hi,
    })
}

/// Random halves for the engines' tests of their layers against [`linear`]: parts of either
/// sign up to 2^43 (beyond what any engine feeds a layer).
#[cfg(test)]
pub(crate) fn random_halves(seed: u64) -> impl Iterator<Item = [Halves; 12]> {
    let mut state = seed;
    let mut next = move || {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (state as i64) >> 20
    };
    core::iter::from_fn(move || {
        Some(core::array::from_fn(|_| Halves {
            lo: next(),
            hi: next(),
        }))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::P;

    #[test]
    fn p_multiple_is_a_multiple_of_p_with_large_parts() {
        for shift in [10, 12, 20] {
            let bias = p_multiple(shift);
            let value = (bias.lo as i128 + ((bias.hi as i128) << 32)).rem_euclid(P as i128);
            assert_eq!(value, 0);
            assert!(bias.lo > 1 << (shift + 32) && bias.hi > 1 << (shift + 32));
        }
    }

    #[test]
    fn split_keeps_the_value_within_split_max() {
        for value in [0, 1, P - 1, P, u64::MAX, 0x1234_5678_9abc_def0] {
            let h = Halves::split(value);
            assert_eq!((h.lo as u64) | ((h.hi as u64) << 32), value);
            assert!((0..=SPLIT_MAX).contains(&(h.lo as i128)));
            assert!((0..=SPLIT_MAX).contains(&(h.hi as i128)));
        }
    }
}
