//! Residues as plain `u64` with `u128` products: the native backend (every target but wasm32).
//!
//! A 64 × 64 → 128-bit product is one instruction on 64-bit CPUs, so natively a product is that
//! and a reduction specific to p = 2^64 − 2^32 + 1: with 2^64 ≡ 2^32 − 1 and 2^96 ≡ −1, a
//! 128-bit value `lo + mid · 2^64 + top · 2^96` (`mid`, `top` 32 bits) is `lo − top + mid · (2^32 − 1)`:
//! one subtraction, one small product and one addition, each corrected once if it wraps. Values
//! stay below 2^64 but not below p ("non-canonical", as in plonky2); only outputs are made canonical.
//! Not constant-time: the reduction's rare borrow is a branch, as in plonky2.
//!
//! Each function's contract (what it accepts, what it returns) is a named constant here, or in
//! `field::halves` for the parts both backends share, written once: with the feature
//! `bound-check` the engines run on a shadow of these functions (`field::shadow::native`) that
//! asserts them on every call.

// The engines reach these through the shadow with `bound-check`.
#[cfg_attr(feature = "bound-check", allow(unused_imports))]
pub(crate) use super::halves::{p_multiple, Halves};
use core::ops::Add;

/// 2^64 mod p = 2^32 − 1.
const EPSILON: u64 = 0xffff_ffff;

/// What [`add`] accepts as its second operand: values below `ADD_TAKES` (= p; at every call site a
/// constant of the engines' tables).
#[cfg_attr(not(feature = "bound-check"), allow(dead_code))]
pub(crate) const ADD_TAKES: u64 = crate::P;

/// The ranges (min, max) of [`pow7_halves`]'s parts: lo = l − mid − top and hi = h + mid for
/// 32-bit words l, h, mid and top of the last product.
#[cfg_attr(not(feature = "bound-check"), allow(dead_code))]
pub(crate) const POW7_HALVES: [(i128, i128); 2] =
    [(-(1 << 33) + 2, (1 << 32) - 1), (0, (1 << 33) - 2)];

/// A [`Wide`] sum reduces while it has overflowed 2^128 fewer than `WIDE_OVERFLOWS_BELOW` times.
#[cfg_attr(not(feature = "bound-check"), allow(dead_code))]
pub(crate) const WIDE_OVERFLOWS_BELOW: u64 = 1 << 31;

/// `x mod p` as a value below 2^64 (not necessarily below p), for any `x < 2^128`.
#[inline(always)]
const fn reduce128(x: u128) -> u64 {
    let (lo, hi) = (x as u64, (x >> 64) as u64);
    let (mid, top) = (hi & EPSILON, hi >> 32);
    // lo − top: on a borrow the wrapped value is 2^64 too large, and 2^64 ≡ 2^32 − 1; it stays
    // above 2^64 − 2^32, so taking 2^32 − 1 off cannot wrap again. A borrow needs lo < top < 2^32
    // (about 2^−32 of products), so it is a branch, cheaper than a select (as in plonky2).
    let (mut t0, borrow) = lo.overflowing_sub(top);
    if borrow {
        core::hint::cold_path();
        t0 = t0.wrapping_sub(EPSILON);
    }
    // + mid · (2^32 − 1) < 2^64: on a carry the wrapped sum is small, so adding 2^32 − 1 cannot wrap.
    let (t1, carry) = t0.overflowing_add(mid * EPSILON);
    t1.wrapping_add(EPSILON * carry as u64)
}

/// `x + k · 2^128 mod p` below 2^64, for a 128-bit sum that overflowed `k` <
/// `WIDE_OVERFLOWS_BELOW` times (2^128 ≡ −2^32).
#[inline(always)]
const fn reduce160(x: u128, overflows: u64) -> u64 {
    let r = reduce128(x);
    // r − k · 2^32: on a borrow the wrapped value is above 2^64 − k · 2^32 > 2^33 (k < 2^31),
    // so taking 2^32 − 1 off (2^64 ≡ 2^32 − 1) cannot wrap again.
    let (t, borrow) = r.overflowing_sub(overflows << 32);
    t.wrapping_sub(EPSILON * borrow as u64)
}

/// `a + b mod p` below 2^64, for any `a` and `b` below `ADD_TAKES`: a wrap leaves less than b,
/// so adding 2^32 − 1 (2^64 ≡ 2^32 − 1) cannot wrap again.
#[inline(always)]
pub(crate) const fn add(a: u64, b: u64) -> u64 {
    let (sum, carry) = a.overflowing_add(b);
    sum.wrapping_add(EPSILON * carry as u64)
}

/// `a · b mod p` below 2^64, for any `a` and `b` (no contract).
#[inline(always)]
pub(crate) const fn mul(a: u64, b: u64) -> u64 {
    reduce128(a as u128 * b as u128)
}

/// `a² mod p` below 2^64, for any `a` (no contract).
#[inline(always)]
pub(crate) const fn square(a: u64) -> u64 {
    mul(a, a)
}

/// x⁷, the S-box of both permutations (x², x³ = x² · x, x⁴ = (x²)², x⁷ = x³ · x⁴: four products,
/// the second and third independent).
#[inline(always)]
pub(crate) const fn pow7(x: u64) -> u64 {
    let x2 = mul(x, x);
    let x3 = mul(x2, x);
    let x4 = mul(x2, x2);
    mul(x3, x4)
}

/// x⁷ as [`Halves`] within `POW7_HALVES`: for a linear layer over halves, the last product's
/// reduction stops before its carries and corrections (with 2^64 ≡ 2^32 − 1 and 2^96 ≡ −1 its
/// high words only move between halves).
#[inline(always)]
pub(crate) const fn pow7_halves(x: u64) -> Halves {
    let x2 = mul(x, x);
    let x3 = mul(x2, x);
    let x4 = mul(x2, x2);
    let product = x3 as u128 * x4 as u128;
    let (lo, hi) = (product as u64, (product >> 64) as u64);
    let (mid, top) = ((hi & EPSILON) as i64, (hi >> 32) as i64);
    // lo + mid · 2^64 + top · 2^96 ≡ lo + mid · (2^32 − 1) − top.
    Halves {
        lo: (lo & EPSILON) as i64 - mid - top,
        hi: (lo >> 32) as i64 + mid,
    }
}

impl Halves {
    /// The residue below 2^64, for parts in 0..`TO_RESIDUE_BOUND` (`field::halves`): the sum
    /// `lo + hi · 2^32` is below 2^96, so its high word w is below 2^32 and the value is
    /// low + w · (2^32 − 1), [`reduce128`] without the 2^96 part.
    #[inline(always)]
    pub(crate) const fn to_residue(self) -> u64 {
        let sum = self.lo as u64 as u128 + ((self.hi as u64 as u128) << 32);
        let (low, w) = (sum as u64, (sum >> 64) as u64);
        // On a carry the wrapped sum is below w · (2^32 − 1) < 2^64 − 2^32: adding 2^32 − 1 cannot wrap.
        let (t, carry) = low.overflowing_add(w * EPSILON);
        t.wrapping_add(EPSILON * carry as u64)
    }
}

/// A sum of lanes and products as one `u128`, reduced once: it must stay below 2^128 (the
/// shadow proves it).
#[derive(Clone, Copy)]
pub(crate) struct Sum(u128);

impl Sum {
    /// A lane.
    #[inline(always)]
    pub(crate) const fn of(x: u64) -> Sum {
        Sum(x as u128)
    }

    /// x · c, for a constant c.
    #[inline(always)]
    pub(crate) const fn product(x: u64, c: u64) -> Sum {
        Sum(x as u128 * c as u128)
    }

    /// The sum reduced (below 2^64).
    #[inline(always)]
    pub(crate) const fn reduce(self) -> u64 {
        reduce128(self.0)
    }

    /// The sum's value (for the shadow's check).
    #[cfg(feature = "bound-check")]
    pub(crate) const fn value(self) -> u128 {
        self.0
    }
}

impl Add for Sum {
    type Output = Sum;

    #[inline(always)]
    fn add(self, other: Sum) -> Sum {
        Sum(self.0 + other.0)
    }
}

/// A sum of `u128` products in three words: adding a product is an addition and two with carry.
#[derive(Clone, Copy)]
pub(crate) struct Wide {
    pub(crate) lo: u64,
    pub(crate) mid: u64,
    pub(crate) hi: u64,
}

impl Wide {
    /// 0.
    pub(crate) const ZERO: Wide = Wide {
        lo: 0,
        mid: 0,
        hi: 0,
    };

    /// The sum plus c · x, for a constant c.
    #[inline(always)]
    pub(crate) fn mul_add(self, c: u64, x: u64) -> Wide {
        let product = c as u128 * x as u128;
        let (lo, carry) = self.lo.overflowing_add(product as u64);
        let (mid, carry) = self.mid.carrying_add((product >> 64) as u64, carry);
        Wide {
            lo,
            mid,
            hi: self.hi + carry as u64,
        }
    }

    /// The sum reduced (below 2^64), while `hi` (its overflows of 2^128) is below
    /// `WIDE_OVERFLOWS_BELOW`.
    #[inline(always)]
    pub(crate) const fn reduce(self) -> u64 {
        reduce160((self.mid as u128) << 64 | self.lo as u128, self.hi)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::P;

    fn reference(x: u128) -> u64 {
        (x % P as u128) as u64
    }

    fn samples() -> impl Iterator<Item = u64> {
        let edges = [
            0,
            1,
            2,
            EPSILON,
            EPSILON + 1,
            1 << 32,
            1 << 63,
            (1 << 63) - 1,
            P - 1,
            P,
            P + 1,
            u64::MAX - 1,
            u64::MAX,
        ];
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let randoms = (0..2000).map(move |_| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            state ^ (state >> 29)
        });
        edges.into_iter().chain(randoms)
    }

    #[test]
    fn reduce128_equals_the_remainder() {
        let wide = samples().flat_map(|a| samples().step_by(97).map(move |b| (a, b)));
        for (a, b) in wide {
            let x = ((a as u128) << 64) | b as u128;
            assert_eq!(reduce128(x) % P, reference(x), "{x:#x}");
            assert_eq!(mul(a, b) % P, reference(a as u128 * b as u128), "{a} * {b}");
        }
        assert_eq!(reduce128(u128::MAX) % P, reference(u128::MAX));
    }

    #[test]
    fn reduce160_equals_the_remainder() {
        for x in samples() {
            let wide = (x as u128) << 64 | x.rotate_left(17) as u128;
            for k in [0, 1, 2, 11, 12, 15] {
                // x + k · 2^128 mod p, with 2^128 mod p = p − 2^32.
                let expected =
                    (reference(wide) as u128 + k as u128 * (P - (1 << 32)) as u128) % P as u128;
                assert_eq!(reduce160(wide, k) % P, expected as u64, "{wide:#x} {k}");
            }
        }
    }

    #[test]
    fn add_to_residue_and_pow7_equal_the_reference() {
        let residue = |lo: u64, hi: u64| {
            Halves {
                lo: lo as i64,
                hi: hi as i64,
            }
            .to_residue()
        };
        for a in samples() {
            for b in samples().step_by(61) {
                let b = b % P;
                assert_eq!(add(a, b) % P, reference(a as u128 + b as u128), "{a} + {b}");
                let (lo, hi) = (a >> 1, b >> 1);
                assert_eq!(
                    residue(lo, hi) % P,
                    reference(lo as u128 + ((hi as u128) << 32)),
                    "{lo} {hi}"
                );
            }
            let top = (1u64 << 63) - 1;
            assert_eq!(
                residue(top, a >> 1) % P,
                reference(top as u128 + (((a >> 1) as u128) << 32))
            );
            let x7 = (0..7).fold(1u64, |acc, _| reference(acc as u128 * (a % P) as u128));
            assert_eq!(pow7(a) % P, x7, "{a}^7");
            let h = pow7_halves(a);
            let [lo, hi] = POW7_HALVES;
            assert!((lo.0..=lo.1).contains(&(h.lo as i128)), "{a}: {h:?}");
            assert!((hi.0..=hi.1).contains(&(h.hi as i128)), "{a}: {h:?}");
            let value = (h.lo as i128 + ((h.hi as i128) << 32)).rem_euclid(P as i128);
            assert_eq!(value as u64, x7, "{a}^7 as halves");
        }
    }

    #[test]
    fn sums_reduce_to_the_remainder() {
        for a in samples().step_by(7) {
            for c in samples().step_by(89).map(|c| c % P) {
                let sum = Sum::product(a, c) + Sum::of(a) + Sum::of(c);
                let expected = a as u128 * c as u128 + a as u128 + c as u128;
                assert_eq!(sum.reduce() % P, reference(expected), "{a} {c}");
                // Three products: the sum may overflow 2^128 (hi counts it).
                let wide = (0..3).fold(Wide::ZERO, |w, _| w.mul_add(u64::MAX, a));
                let exact = (a as u128 * u64::MAX as u128) % P as u128;
                assert_eq!(wide.reduce() % P, (3 * exact % P as u128) as u64, "{a}");
            }
        }
    }
}
