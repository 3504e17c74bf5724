//! Residues as two balanced signed 32-bit limbs, the representation the S-boxes work in.
//!
//! p = 2^64 − 2^32 + 1 makes ω = 2^32 a root of ω² − ω + 1 (mod p): a residue is `lo + hi · ω`
//! and a product needs no 128-bit intermediate, only ω² ≡ ω − 1 (2^64 ≡ 2^32 − 1) and
//! ω³ ≡ −1 (2^96 ≡ −1). With *signed* limbs of about ±2^31 every limb product fits an `i64`,
//! so a product is four `i64.mul`, eight shifts or masks splitting three of them, a few sums,
//! and a renormalisation by sign extension (`i64.extend32_s`): no carry is ever detected. The
//! unsigned 64-bit reduction this replaced spent a large part of an S-box on carries and borrows
//! read from top bits (`CHANGELOG.md` has what it cost).
//!
//! Each function's contract (what it accepts, what it returns) is a named constant or a `const fn`
//! of its operands' bounds below (or, for the parts both backends share, in `field::halves`),
//! written once: the docs name them, the unit tests check them at
//! their extremes, and with the feature `bound-check` every engine runs on a shadow of these
//! functions (`field::shadow`) that asserts them on every call.

// The engines reach these through the shadow with `bound-check`.
use super::halves::SPLIT_MAX;
#[cfg_attr(feature = "bound-check", allow(unused_imports))]
pub(crate) use super::halves::{p_multiple, Halves};

/// The low 32 bits.
const LOW32: i64 = 0xffff_ffff;

/// 2^64 mod p = 2^32 − 1.
const EPSILON: u64 = 0xffff_ffff;

/// Magnitude bounds (|lo|, |hi|) of a value's two parts, for the contracts below.
pub(crate) type Bound = (i128, i128);

/// |lo|, |hi| ≤ `LIMB_BOUND`: what a product ([`mul_wide`], [`square_wide`], [`mul_small`],
/// [`pow7`]) accepts and [`Halves::normalize`] returns (normalising a high part below
/// `NORMALIZE_HI_BOUND` carries at most 2^28 + 1 into the limbs). Its square is below 2^63.
// Read by `shadow` (feature `bound-check`) and the tests below.
#[cfg_attr(not(feature = "bound-check"), allow(dead_code))]
pub(crate) const LIMB_BOUND: i128 = (1 << 31) + (1 << 29);

/// |lo|, |hi| ≤ `FROM_RESIDUE_BOUND`: what [`Limbs::from_residue`] returns.
#[cfg_attr(not(feature = "bound-check"), allow(dead_code))]
pub(crate) const FROM_RESIDUE_BOUND: i128 = (1 << 31) + 1;

/// |lo| < `NORMALIZE_LO_BOUND`: what [`Halves::normalize`] accepts in the low part.
#[cfg_attr(not(feature = "bound-check"), allow(dead_code))]
pub(crate) const NORMALIZE_LO_BOUND: i128 = (1 << 63) - (1 << 31);

/// |hi| < `NORMALIZE_HI_BOUND`: what [`Halves::normalize`] accepts in the high part.
#[cfg_attr(not(feature = "bound-check"), allow(dead_code))]
pub(crate) const NORMALIZE_HI_BOUND: i128 = 1 << 60;

/// Bound of `x >> 32` for |x| ≤ m.
const fn high_bound(m: i128) -> i128 {
    (m >> 32) + 1
}

/// (|lo|, |hi|) of [`mul_wide`] (and [`square_wide`], `a = b`) for operand limbs within `a`, `b`.
#[cfg_attr(not(feature = "bound-check"), allow(dead_code))]
pub(crate) const fn mul_wide_bound(a: Bound, b: Bound) -> Bound {
    let (p00, p01, p10, p11) = (a.0 * b.0, a.0 * b.1, a.1 * b.0, a.1 * b.1);
    let u = SPLIT_MAX + high_bound(p01) + high_bound(p10);
    (p00 + u + high_bound(p11), u + 2 * SPLIT_MAX)
}

/// (|lo|, |hi|) of [`mul_small`] for operand limbs within `a`, `b`.
#[cfg_attr(not(feature = "bound-check"), allow(dead_code))]
pub(crate) const fn mul_small_bound(a: Bound, b: Bound) -> Bound {
    let (p00, p01, p10, p11) = (a.0 * b.0, a.0 * b.1, a.1 * b.0, a.1 * b.1);
    let u = SPLIT_MAX + high_bound(p01) + high_bound(p10);
    (
        SPLIT_MAX + u + high_bound(p11),
        high_bound(p00) + u + 2 * SPLIT_MAX,
    )
}

/// (|lo|, |hi|) of [`pow7`]: its last product's, [`mul_small`] of two normalised values.
#[cfg_attr(not(feature = "bound-check"), allow(dead_code))]
pub(crate) const POW7_BOUND: Bound =
    mul_small_bound((LIMB_BOUND, LIMB_BOUND), (LIMB_BOUND, LIMB_BOUND));

/// A residue `lo + hi · 2^32` (mod p) with small signed limbs (within `LIMB_BOUND`): the input
/// of a product.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Limbs {
    pub(crate) lo: i64,
    pub(crate) hi: i64,
}

/// The low 32 bits as a signed value in [−2^31, 2^31) (one `i64.extend32_s`).
#[inline(always)]
const fn low_signed(x: i64) -> i64 {
    x as i32 as i64
}

impl Limbs {
    /// 0.
    pub(crate) const ZERO: Limbs = Limbs { lo: 0, hi: 0 };

    /// The same residue as [`Halves`] (to be summed).
    #[inline(always)]
    pub(crate) const fn widen(self) -> Halves {
        Halves {
            lo: self.lo,
            hi: self.hi,
        }
    }

    /// The limbs of a `u64` residue (any 64-bit value), within `FROM_RESIDUE_BOUND`.
    #[inline(always)]
    pub(crate) const fn from_residue(value: u64) -> Limbs {
        let signed = value as i64;
        let lo = low_signed(signed);
        // signed = hi · 2^32 + lo exactly (no overflow: shifts, not a subtraction)...
        let hi = (signed >> 32) - (lo >> 32);
        // ...and value = signed + 2^64 when the top bit is set, with 2^64 ≡ 2^32 − 1.
        let top = (value >> 63) as i64;
        Limbs {
            lo: lo - top,
            hi: hi + top,
        }
    }
}

impl Halves {
    /// Balanced limbs of the same residue (within `LIMB_BOUND`), for parts within
    /// `NORMALIZE_LO_BOUND` and `NORMALIZE_HI_BOUND`: the low limb is `lo`'s low 32 bits, signed,
    /// and its carry joins `hi`, whose own carry d is folded back as d · 2^64 ≡ d · 2^32 − d.
    #[inline(always)]
    pub(crate) const fn normalize(self) -> Limbs {
        let lo = low_signed(self.lo);
        let hi = self.hi + ((self.lo - lo) >> 32);
        let hi_low = low_signed(hi);
        let carry = (hi - hi_low) >> 32;
        Limbs {
            lo: lo - carry,
            hi: hi_low + carry,
        }
    }

    /// The `u64` residue, for parts in 0..`TO_RESIDUE_BOUND` (`field::halves`). 2^64 ≡ 2^32 − 1
    /// folds what is above bit 63, and a final carry out of the 64-bit sum is folded the same way
    /// (it leaves a small sum: no second carry).
    #[inline(always)]
    pub(crate) const fn to_residue(self) -> u64 {
        let (lo, hi) = (self.lo as u64, self.hi as u64);
        let hi = hi + (lo >> 32);
        let low = (lo & LOW32 as u64) | (hi << 32);
        let high = (hi >> 32) * EPSILON;
        let sum = low.wrapping_add(high);
        let carry = ((low & high) | ((low | high) & !sum)) >> 63;
        sum.wrapping_add(carry * EPSILON)
    }
}

/// a · b as `Halves` within `mul_wide_bound`: to be normalised (the low part keeps a · b's full
/// low product, unsplit).
///
/// a · b = p00 + (p01 + p10) · 2^32 + p11 · 2^64 with pij = a_i · b_j. Splitting p01, p10 and
/// p11 = q · 2^32 + r into 32-bit halves, 2^64 ≡ 2^32 − 1 and 2^96 ≡ −1 give
/// a · b ≡ p00 − (u + q) + (u + p01_lo + p10_lo) · 2^32 with u = r + p01_hi + p10_hi.
#[inline(always)]
pub(crate) const fn mul_wide(a: Limbs, b: Limbs) -> Halves {
    let p00 = a.lo * b.lo;
    let p01 = a.lo * b.hi;
    let p10 = a.hi * b.lo;
    let p11 = a.hi * b.hi;
    let u = (p11 & LOW32) + ((p01 >> 32) + (p10 >> 32));
    Halves {
        lo: p00 - (u + (p11 >> 32)),
        hi: u + (p01 & LOW32) + (p10 & LOW32),
    }
}

/// a² as [`mul_wide`] (three products: p01 = p10).
#[inline(always)]
pub(crate) const fn square_wide(a: Limbs) -> Halves {
    let p00 = a.lo * a.lo;
    let p01 = a.lo * a.hi;
    let p11 = a.hi * a.hi;
    let u = (p11 & LOW32) + 2 * (p01 >> 32);
    Halves {
        lo: p00 - (u + (p11 >> 32)),
        hi: u + 2 * (p01 & LOW32),
    }
}

/// a · b as `Halves` within `mul_small_bound`: p00 is split too, so the result can enter a
/// linear layer of small coefficients without renormalisation.
#[inline(always)]
pub(crate) const fn mul_small(a: Limbs, b: Limbs) -> Halves {
    let p00 = a.lo * b.lo;
    let p01 = a.lo * b.hi;
    let p10 = a.hi * b.lo;
    let p11 = a.hi * b.hi;
    let u = (p11 & LOW32) + ((p01 >> 32) + (p10 >> 32));
    Halves {
        lo: (p00 & LOW32) - (u + (p11 >> 32)),
        hi: (p00 >> 32) + u + (p01 & LOW32) + (p10 & LOW32),
    }
}

/// a · b, normalised.
#[inline(always)]
pub(crate) const fn mul(a: Limbs, b: Limbs) -> Limbs {
    mul_wide(a, b).normalize()
}

/// a², normalised.
#[inline(always)]
pub(crate) const fn square(a: Limbs) -> Limbs {
    square_wide(a).normalize()
}

/// x⁷, the S-box (x² and x⁴ by squaring, x³ = x² · x, x⁷ = x⁴ · x³), as small `Halves`
/// (within `POW7_BOUND`) ready for a linear layer.
#[inline(always)]
pub(crate) const fn pow7(x: Limbs) -> Halves {
    let x2 = square(x);
    let x3 = mul(x2, x);
    let x4 = square(x2);
    mul_small(x4, x3)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::P;

    fn value(lo: i64, hi: i64) -> u64 {
        (lo as i128 + ((hi as i128) << 32)).rem_euclid(P as i128) as u64
    }

    fn limbs_value(a: Limbs) -> u64 {
        value(a.lo, a.hi)
    }

    fn reference_mul(a: u64, b: u64) -> u64 {
        ((a as u128 * b as u128) % P as u128) as u64
    }

    fn assert_bounded(a: Limbs) {
        assert!(
            (a.lo.abs() as i128) <= LIMB_BOUND && (a.hi.abs() as i128) <= LIMB_BOUND,
            "{a:?}"
        );
    }

    fn assert_within(h: Halves, bound: Bound) {
        assert!(
            (h.lo.abs() as i128) <= bound.0 && (h.hi.abs() as i128) <= bound.1,
            "{h:?}"
        );
    }

    fn samples() -> impl Iterator<Item = u64> {
        let edges = [
            0,
            1,
            2,
            P - 1,
            P,
            P + 1,
            u64::MAX,
            u64::MAX - 1,
            1 << 63,
            (1 << 63) - 1,
            (1 << 32) - 1,
            1 << 32,
            1 << 31,
            0x7fff_ffff_8000_0000,
            0x8000_0000_8000_0000,
            0xffff_ffff_8000_0000,
            0x7fff_ffff_7fff_ffff,
        ];
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let randoms = (0..3000).map(move |_| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            state ^ (state >> 29)
        });
        edges.into_iter().chain(randoms)
    }

    /// Limbs at the extremes of the bound, every sign combination.
    fn extreme_limbs() -> impl Iterator<Item = Limbs> {
        let bound = LIMB_BOUND as i64;
        let magnitudes = [bound, bound - 1, 1 << 31, 0, 1];
        magnitudes.into_iter().flat_map(move |lo| {
            magnitudes.into_iter().flat_map(move |hi| {
                [(1, 1), (1, -1), (-1, 1), (-1, -1)].map(|(s, t)| Limbs {
                    lo: s * lo,
                    hi: t * hi,
                })
            })
        })
    }

    #[test]
    fn from_residue_keeps_the_value_within_the_bound() {
        for x in samples() {
            let limbs = Limbs::from_residue(x);
            assert_eq!(limbs_value(limbs), x % P, "{x}");
            let bound = FROM_RESIDUE_BOUND;
            assert!((limbs.lo.abs() as i128) <= bound && (limbs.hi.abs() as i128) <= bound);
        }
    }

    #[test]
    fn products_equal_u128_products() {
        for a in samples() {
            for b in samples().step_by(53) {
                let (la, lb) = (Limbs::from_residue(a), Limbs::from_residue(b));
                let expected = reference_mul(a, b);
                let product = mul(la, lb);
                assert_bounded(product);
                assert_eq!(limbs_value(product), expected, "{a} * {b}");
                let small = mul_small(la, lb);
                assert_within(small, POW7_BOUND);
                assert_eq!(value(small.lo, small.hi), expected);
            }
            let square = square(Limbs::from_residue(a));
            assert_bounded(square);
            assert_eq!(limbs_value(square), reference_mul(a, a));
            let x7 = (0..7).fold(1, |acc, _| reference_mul(acc, a % P));
            let power = pow7(Limbs::from_residue(a));
            assert_eq!(value(power.lo, power.hi), x7, "{a}^7");
        }
    }

    #[test]
    fn products_of_extreme_limbs_stay_exact_and_bounded() {
        for a in extreme_limbs() {
            for b in extreme_limbs() {
                let expected = reference_mul(limbs_value(a), limbs_value(b));
                let limit = (LIMB_BOUND, LIMB_BOUND);
                assert_within(mul_wide(a, b), mul_wide_bound(limit, limit));
                let product = mul(a, b);
                assert_bounded(product);
                assert_eq!(limbs_value(product), expected, "{a:?} * {b:?}");
                let small = mul_small(a, b);
                assert_within(small, POW7_BOUND);
                assert_eq!(value(small.lo, small.hi), expected);
            }
            let square = square(a);
            assert_bounded(square);
            assert_eq!(
                limbs_value(square),
                reference_mul(limbs_value(a), limbs_value(a))
            );
        }
    }

    #[test]
    fn normalize_and_to_residue_keep_the_value() {
        let edges: [i64; 7] = [
            0,
            1,
            -1,
            (1 << 45) - 1,
            -(1 << 45) + 1,
            i64::MAX - (1 << 31),
            i64::MIN + (1 << 31) + 1,
        ];
        let mut state = 0x0123_4567_89ab_cdefu64;
        let mut next = |bits: u32| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((state ^ (state >> 31)) as i64) >> (64 - bits)
        };
        let randoms: [(i64, i64); 5000] = core::array::from_fn(|_| (next(63), next(61)));
        let pairs = edges
            .iter()
            .flat_map(|&lo| edges.iter().map(move |&hi| (lo, hi)))
            .filter(|&(_, hi)| (hi.abs() as i128) < NORMALIZE_HI_BOUND)
            .chain(randoms);
        for (lo, hi) in pairs {
            let limbs = Halves { lo, hi }.normalize();
            assert_bounded(limbs);
            assert_eq!(limbs_value(limbs), value(lo, hi), "{lo} {hi}");
            if lo >= 0 && hi >= 0 {
                assert_eq!(Halves { lo, hi }.to_residue() % P, value(lo, hi));
            }
        }
    }
}
