//! Arithmetic on `u64` lanes holding any 64-bit value (its residue mod p), built for Stylus ink
//! prices: WASM has `i64.mul` (the low 64 bits only) but no 64 × 64 → 128 product, and on Stylus
//! a branch (765 ink, plus 2,450 for the block it enters) or a `select` (1,250) costs more than
//! ten additions (100 each). So every carry here is arithmetic, never a branch or a select, and
//! the reduction uses p's shape: 2^64 ≡ 2^32 − 1 and 2^96 ≡ −1 (mod p).
//!
//! Products are formed from 32-bit halves on every target (four `i64.mul`); natively a `u128`
//! product is a single instruction, so native builds use it (same residues; unit tests compare
//! both). See the crate docs for the measured costs that chose this representation.

use super::P;

/// 2^64 mod p = 2^32 − 1.
pub(crate) const EPSILON: u64 = 0xffff_ffff;
/// The low 32 bits.
pub(crate) const LOW32: u64 = 0xffff_ffff;

/// `value mod p` (the canonical value).
#[inline(always)]
pub(crate) const fn canonical(value: u64) -> u64 {
    // One subtraction suffices: 2^64 − 1 < 2p.
    if value >= P {
        value - P
    } else {
        value
    }
}

/// The carry out of `a + b` (0 or 1), given `sum = a.wrapping_add(b)`: read from the top bits,
/// with no comparison. From a comparison, LLVM turns the `carry · EPSILON` correction into a
/// wasm `select` (1,250 ink); this way it stays arithmetic (a shift and an `and`).
#[inline(always)]
const fn carry_bit(a: u64, b: u64, sum: u64) -> u64 {
    ((a & b) | ((a | b) & !sum)) >> 63
}

/// The borrow out of `a − b` (0 or 1), given `difference = a.wrapping_sub(b)`, from the top bits.
#[inline(always)]
const fn borrow_bit(a: u64, b: u64, difference: u64) -> u64 {
    ((!a & b) | ((!a | b) & difference)) >> 63
}

/// a + b (mod p), for any 64-bit a and b.
#[inline(always)]
pub(crate) const fn add(a: u64, b: u64) -> u64 {
    let sum = a.wrapping_add(b);
    // 2^64 ≡ EPSILON. A second carry leaves sum < EPSILON, so the third addition cannot carry.
    let correction = carry_bit(a, b, sum) * EPSILON;
    let corrected = sum.wrapping_add(correction);
    corrected.wrapping_add(carry_bit(sum, correction, corrected) * EPSILON)
}

/// hi · 2^64 + lo (mod p), for any hi and lo: with hi = h1 · 2^32 + h0,
/// hi · 2^64 ≡ h0 · (2^32 − 1) − h1 (2^96 ≡ −1).
#[inline(always)]
pub(crate) const fn reduce128(lo: u64, hi: u64) -> u64 {
    let (h1, h0) = (hi >> 32, hi & LOW32);
    let t0 = lo.wrapping_sub(h1);
    // A borrow added 2^64 ≡ EPSILON: take it back (t0 ≥ 2^64 − 2^32 then, so no second borrow).
    let t0 = t0.wrapping_sub(borrow_bit(lo, h1, t0) * EPSILON);
    let t1 = (h0 << 32) - h0;
    let sum = t0.wrapping_add(t1);
    // After a carry sum < t1 < 2^64 − 2^32, so adding EPSILON cannot carry again.
    sum.wrapping_add(carry_bit(t0, t1, sum) * EPSILON)
}

/// The 128-bit product a · b as (low, high) 64-bit words, from 32-bit halves (four `i64.mul`).
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))] // natively: tests only
#[inline(always)]
pub(crate) const fn mul_wide_split32(a: u64, b: u64) -> (u64, u64) {
    let (a0, a1) = (a & LOW32, a >> 32);
    let (b0, b1) = (b & LOW32, b >> 32);
    let (p00, p01, p10, p11) = (a0 * b0, a0 * b1, a1 * b0, a1 * b1);
    // Bits 32..96 gathered without carries: each term is below 2^32, the sum below 2^34.
    let middle = (p00 >> 32) + (p01 & LOW32) + (p10 & LOW32);
    let lo = (p00 & LOW32) | (middle << 32);
    let hi = p11 + (p01 >> 32) + (p10 >> 32) + (middle >> 32);
    (lo, hi)
}

/// a² as (low, high), three `i64.mul` (the cross product once, doubled).
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))] // natively: tests only
#[inline(always)]
pub(crate) const fn square_wide_split32(a: u64) -> (u64, u64) {
    let (a0, a1) = (a & LOW32, a >> 32);
    let (p00, p01, p11) = (a0 * a0, a0 * a1, a1 * a1);
    let middle = (p00 >> 32) + ((p01 & LOW32) << 1);
    let lo = (p00 & LOW32) | (middle << 32);
    let hi = p11 + ((p01 >> 32) << 1) + (middle >> 32);
    (lo, hi)
}

/// a · b (mod p), for any 64-bit a and b.
#[inline(always)]
pub(crate) const fn mul(a: u64, b: u64) -> u64 {
    let (lo, hi) = mul_wide(a, b);
    reduce128(lo, hi)
}

/// a² (mod p).
#[inline(always)]
pub(crate) const fn square(a: u64) -> u64 {
    let (lo, hi) = square_wide(a);
    reduce128(lo, hi)
}

/// a · b + c (mod p): the sum joins the 128-bit product before the one reduction.
#[inline(always)]
pub(crate) const fn mul_add(a: u64, b: u64, c: u64) -> u64 {
    let (lo, hi) = mul_wide(a, b);
    let sum = lo.wrapping_add(c);
    // hi ≤ 2^64 − 2 for any product, so the carry fits.
    reduce128(sum, hi + carry_bit(lo, c, sum))
}

/// x⁷, the S-box: x² and x⁴ by squaring, x³ = x² · x, x⁷ = x⁴ · x³.
#[inline(always)]
pub(crate) const fn pow7(x: u64) -> u64 {
    let x2 = square(x);
    let x3 = mul(x2, x);
    let x4 = square(x2);
    mul(x4, x3)
}

#[cfg(target_arch = "wasm32")]
use {mul_wide_split32 as mul_wide, square_wide_split32 as square_wide};

/// The 128-bit product, one instruction natively.
#[cfg(not(target_arch = "wasm32"))]
#[inline(always)]
const fn mul_wide(a: u64, b: u64) -> (u64, u64) {
    let product = a as u128 * b as u128;
    (product as u64, (product >> 64) as u64)
}

#[cfg(not(target_arch = "wasm32"))]
#[inline(always)]
const fn square_wide(a: u64) -> (u64, u64) {
    mul_wide(a, a)
}

/// Σ lo-half sums and hi-half sums back to one lane: lo + hi · 2^32 (mod p), for lo, hi below
/// 2^63 (the linear layers sum small multiples of 32-bit halves; see `poseidon::mds`).
#[inline(always)]
pub(crate) const fn combine_halves(lo: u64, hi: u64) -> u64 {
    // Move lo's upper bits into hi, then hi · 2^32 = h1 · 2^64 + h0 · 2^32 with h1 · 2^64 ≡ h1 · EPSILON.
    let hi = hi + (lo >> 32);
    let low = (lo & LOW32) | (hi << 32);
    let high = (hi >> 32) * EPSILON;
    let sum = low.wrapping_add(high);
    sum.wrapping_add(carry_bit(low, high, sum) * EPSILON)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reference_mul(a: u64, b: u64) -> u64 {
        ((a as u128 * b as u128) % P as u128) as u64
    }

    fn samples() -> impl Iterator<Item = u64> {
        let edges = [
            0,
            1,
            2,
            EPSILON,
            EPSILON + 1,
            P - 1,
            P,
            P + 1,
            u64::MAX - 1,
            u64::MAX,
            1 << 63,
            (1 << 32) - 2,
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
    fn split32_products_equal_u128_products() {
        for a in samples() {
            for b in samples().step_by(97) {
                let wide = a as u128 * b as u128;
                assert_eq!(
                    mul_wide_split32(a, b),
                    (wide as u64, (wide >> 64) as u64),
                    "{a} * {b}"
                );
            }
            let wide = a as u128 * a as u128;
            assert_eq!(
                square_wide_split32(a),
                (wide as u64, (wide >> 64) as u64),
                "{a}^2"
            );
        }
    }

    #[test]
    fn reduction_and_operations_agree_with_u128_arithmetic() {
        for a in samples() {
            for b in samples().step_by(89) {
                assert_eq!(canonical(mul(a, b)), reference_mul(a, b), "{a} * {b}");
                let (lo, hi) = mul_wide_split32(a, b);
                assert_eq!(canonical(reduce128(lo, hi)), reference_mul(a, b));
                assert_eq!(
                    canonical(reduce128(a, b)),
                    (((b as u128) << 64 | a as u128) % P as u128) as u64
                );
                let sum = ((a as u128 + b as u128) % P as u128) as u64;
                assert_eq!(canonical(add(a, b)), sum, "{a} + {b}");
                let expected = ((a as u128 * b as u128 + (b ^ a) as u128) % P as u128) as u64;
                assert_eq!(canonical(mul_add(a, b, b ^ a)), expected);
            }
            assert_eq!(canonical(square(a)), reference_mul(a, a));
            let x7 = (0..7).fold(1u64, |acc, _| reference_mul(acc, a));
            assert_eq!(canonical(pow7(a)), x7);
        }
    }

    #[test]
    fn combine_halves_is_lo_plus_hi_times_2_32() {
        for a in samples() {
            for b in samples().step_by(101) {
                let (lo, hi) = (a >> 1, b >> 1);
                let expected = ((lo as u128 + ((hi as u128) << 32)) % P as u128) as u64;
                assert_eq!(canonical(combine_halves(lo, hi)), expected, "{lo} {hi}");
            }
        }
    }
}
