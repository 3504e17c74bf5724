//! Residues as plain `u64` with `u128` products: the native backend (every target but wasm32).
//!
//! A 64 × 64 → 128-bit product is one instruction on 64-bit CPUs, so natively a product is that
//! and a reduction specific to p = 2^64 − 2^32 + 1: with 2^64 ≡ 2^32 − 1 and 2^96 ≡ −1, a
//! 128-bit value `lo + mid · 2^64 + top · 2^96` (`mid`, `top` 32 bits) is `lo − top + mid · (2^32 − 1)`:
//! one subtraction, one small product and one addition, each corrected once if it wraps. Values
//! stay below 2^64 but not below p ("non-canonical", as in plonky2); only outputs are made canonical.
//! Not constant-time: the reduction's rare borrow is a branch, as in plonky2.

/// 2^64 mod p = 2^32 − 1.
pub(crate) const EPSILON: u64 = 0xffff_ffff;

/// `x mod p` as a value below 2^64 (not necessarily below p), for any `x < 2^128`.
#[inline(always)]
pub(crate) const fn reduce128(x: u128) -> u64 {
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

/// `x + k · 2^128 mod p` below 2^64, for a 128-bit sum that overflowed `k` < 2^31 times
/// (2^128 ≡ −2^32).
#[inline(always)]
pub(crate) const fn reduce160(x: u128, overflows: u64) -> u64 {
    let r = reduce128(x);
    // r − k · 2^32: on a borrow the wrapped value is above 2^64 − k · 2^32 > 2^33 (k < 2^31),
    // so taking 2^32 − 1 off (2^64 ≡ 2^32 − 1) cannot wrap again.
    let (t, borrow) = r.overflowing_sub(overflows << 32);
    t.wrapping_sub(EPSILON * borrow as u64)
}

/// `a + b mod p` below 2^64, for any `a` and `b < p`: a wrap leaves less than b, so adding
/// 2^32 − 1 (2^64 ≡ 2^32 − 1) cannot wrap again.
#[inline(always)]
pub(crate) const fn add(a: u64, b: u64) -> u64 {
    let (sum, carry) = a.overflowing_add(b);
    sum.wrapping_add(EPSILON * carry as u64)
}

/// `a · b mod p` below 2^64.
#[inline(always)]
pub(crate) const fn mul(a: u64, b: u64) -> u64 {
    reduce128(a as u128 * b as u128)
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

/// x⁷ as halves (lo, hi), x⁷ ≡ lo + hi · 2^32, with −2^33 < lo < 2^32 and 0 ≤ hi < 2^33: for a
/// linear layer over halves, the last product's reduction stops before its carries and
/// corrections (with 2^64 ≡ 2^32 − 1 and 2^96 ≡ −1 its high words only move between halves).
#[inline(always)]
pub(crate) const fn pow7_halves(x: u64) -> (i64, i64) {
    let x2 = mul(x, x);
    let x3 = mul(x2, x);
    let x4 = mul(x2, x2);
    let product = x3 as u128 * x4 as u128;
    let (lo, hi) = (product as u64, (product >> 64) as u64);
    let (mid, top) = ((hi & EPSILON) as i64, (hi >> 32) as i64);
    // lo + mid · 2^64 + top · 2^96 ≡ lo + mid · (2^32 − 1) − top.
    ((lo & EPSILON) as i64 - mid - top, (lo >> 32) as i64 + mid)
}

/// A multiple of p as halves (lo, hi) = (k + j · 2^32, k · (2^32 − 1) − j), k = 2j = 2^11: added
/// to a linear layer's sums over [`pow7_halves`] (each half sum above −2^42) it makes them
/// nonnegative for [`combine`] without changing their residue.
pub(crate) const BIAS: (u64, u64) = {
    let (k, j) = (1u64 << 11, 1u64 << 10);
    (k + (j << 32), k * EPSILON - j)
};

/// A linear layer's output lane from its sums over 32-bit halves, `lo + hi · 2^32` with both
/// below 2^63: the sum is below 2^96, so its high word w is below 2^32 and the value is
/// low + w · (2^32 − 1), [`reduce128`] without the 2^96 part.
#[inline(always)]
pub(crate) const fn combine(lo: u64, hi: u64) -> u64 {
    let sum = lo as u128 + ((hi as u128) << 32);
    let (low, w) = (sum as u64, (sum >> 64) as u64);
    // On a carry the wrapped sum is below w · (2^32 − 1) < 2^64 − 2^32: adding 2^32 − 1 cannot wrap.
    let (t, carry) = low.overflowing_add(w * EPSILON);
    t.wrapping_add(EPSILON * carry as u64)
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
    fn bias_is_a_multiple_of_p_above_the_sums() {
        assert_eq!(reference(BIAS.0 as u128 + ((BIAS.1 as u128) << 32)), 0);
        assert!(BIAS.0 > 1 << 42 && BIAS.1 > 1 << 42 && BIAS.1 < 1 << 45);
    }

    #[test]
    fn add_combine_and_pow7_equal_the_reference() {
        for a in samples() {
            for b in samples().step_by(61) {
                let b = b % P;
                assert_eq!(add(a, b) % P, reference(a as u128 + b as u128), "{a} + {b}");
                let (lo, hi) = (a >> 1, b >> 1);
                assert_eq!(
                    combine(lo, hi) % P,
                    reference(lo as u128 + ((hi as u128) << 32)),
                    "{lo} {hi}"
                );
            }
            let top = (1u64 << 63) - 1;
            assert_eq!(
                combine(top, a >> 1) % P,
                reference(top as u128 + (((a >> 1) as u128) << 32))
            );
            let x7 = (0..7).fold(1u64, |acc, _| reference(acc as u128 * (a % P) as u128));
            assert_eq!(pow7(a) % P, x7, "{a}^7");
            let (lo, hi) = pow7_halves(a);
            assert!(-(1 << 33) < lo && lo < 1 << 32 && (0..1 << 33).contains(&hi));
            let value = (lo as i128 + ((hi as i128) << 32)).rem_euclid(P as i128);
            assert_eq!(value as u64, x7, "{a}^7 as halves");
        }
    }
}
