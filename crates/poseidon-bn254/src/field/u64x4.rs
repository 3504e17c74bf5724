//! Montgomery arithmetic on four 64-bit limbs with `u128` products (R = 2^256).
//!
//! The fastest form on 64-bit hosts, where `u64 × u64 → u128` is one instruction. On wasm32 a
//! `u128` product lowers to a call to `__multi3`, so the Stylus build uses another backend
//! (see the module docs of `field`); this one stays the native default and the
//! "plain u128" rung of the gas report's optimization ladder. With feature `backend-split32`
//! each 64×64-bit product is instead built from 32-bit halves: the
//! "split 64-bit multiplies" rung.
//!
//! Invariant: every value is canonical, i.e. a Montgomery residue in [0, p).

use super::modulus::{neg_inverse_mod_pow2, pow2_mod_p, sub_with_borrow, P};

pub type Repr = [u64; 4];

/// -p^{-1} mod 2^64.
const INV: u64 = neg_inverse_mod_pow2(P[0], 64);
/// R^2 mod p, to move into Montgomery form with one multiplication.
pub(crate) const R2: Repr = pow2_mod_p(512);

pub const ZERO: Repr = [0; 4];
/// 1 in Montgomery form: R mod p.
pub const ONE: Repr = pow2_mod_p(256);

/// Each operation's contract: what it takes and what it returns. Written here once: the bound
/// checker (`field::shadow`, feature `bound-check`) asserts them at every call of every
/// permutation. Every operation here returns a canonical value.
#[cfg_attr(not(feature = "bound-check"), allow(dead_code))]
pub mod contract {
    use super::super::bound::{limit, require, Bound, Checked};

    /// Canonical values: what every operation takes and returns.
    pub const CANONICAL: Bound = Bound::times_p(1);
    /// `add` subtracts p at most once, so its operands' sum must be below 2p.
    pub const ADD_TAKES_SUM: Bound = Bound::times_p(2);

    /// `from_canonical` returns a canonical value.
    pub const FROM_CANONICAL_RETURNS: Bound = CANONICAL;
    /// `to_canonical` takes a canonical value.
    pub const TO_CANONICAL_TAKES: Bound = CANONICAL;

    /// a + b.
    pub const fn add(a: Bound, b: Bound) -> Checked {
        match require("a + b", a.plus(b), limit!(ADD_TAKES_SUM)) {
            Ok(()) => Ok(CANONICAL),
            Err(violation) => Err(violation),
        }
    }

    /// a − b.
    pub fn sub(a: Bound, b: Bound) -> Checked {
        require("a", a, limit!(CANONICAL))?;
        require("b", b, limit!(CANONICAL))?;
        Ok(CANONICAL)
    }

    /// a + b: reduced, as `add`.
    pub fn add_unreduced(a: Bound, b: Bound) -> Checked {
        add(a, b)
    }

    /// a · b: CIOS with one final subtraction, so the operands must be canonical.
    pub fn mul(a: Bound, b: Bound) -> Checked {
        require("a", a, limit!(CANONICAL))?;
        require("b", b, limit!(CANONICAL))?;
        Ok(CANONICAL)
    }

    /// a · b + c: a product, then `add`.
    pub fn mul_add(a: Bound, b: Bound, c: Bound) -> Checked {
        add(mul(a, b)?, c)
    }

    /// The identity: the value must already be canonical.
    pub fn reduce(a: Bound) -> Checked {
        require("a", a, limit!(CANONICAL))?;
        Ok(CANONICAL)
    }

    /// Σ a·b: a product and an `add` per term.
    pub fn sum_of_products(terms: &[(Bound, Bound)]) -> Checked {
        let mut sum = CANONICAL;
        for &(a, b) in terms {
            sum = add(sum, mul(a, b)?)?;
        }
        Ok(sum)
    }
}

/// acc + a·b + carry as (low, high) 64-bit halves; never overflows 128 bits.
#[cfg(not(feature = "backend-split32"))]
#[inline(always)]
const fn mac(acc: u64, a: u64, b: u64, carry: u64) -> (u64, u64) {
    let wide = acc as u128 + (a as u128) * (b as u128) + carry as u128;
    (wide as u64, (wide >> 64) as u64)
}

/// acc + a·b + carry with the 64×64 product built from four 32×32 → 64 products (the
/// "split 64-bit multiplies" rung: no `u128` multiplication, so no `__multi3` call on wasm32).
#[cfg(feature = "backend-split32")]
#[inline(always)]
const fn mac(acc: u64, a: u64, b: u64, carry: u64) -> (u64, u64) {
    const LOW: u64 = 0xffff_ffff;
    let (a_lo, a_hi, b_lo, b_hi) = (a & LOW, a >> 32, b & LOW, b >> 32);
    let lo_lo = a_lo * b_lo;
    let hi_lo = a_hi * b_lo;
    let lo_hi = a_lo * b_hi;
    let hi_hi = a_hi * b_hi;
    // middle < 3·2^32, so it cannot overflow.
    let middle = (lo_lo >> 32) + (hi_lo & LOW) + (lo_hi & LOW);
    let lo = (middle << 32) | (lo_lo & LOW);
    let hi = hi_hi + (hi_lo >> 32) + (lo_hi >> 32) + (middle >> 32);
    // (hi, lo) + acc + carry ≤ (2^64 − 1)^2 + 2(2^64 − 1) < 2^128: hi never overflows.
    let (lo, c1) = lo.overflowing_add(acc);
    let (lo, c2) = lo.overflowing_add(carry);
    (lo, hi + c1 as u64 + c2 as u64)
}

#[inline(always)]
const fn adc(a: u64, b: u64, carry: u64) -> (u64, u64) {
    let wide = a as u128 + b as u128 + carry as u128;
    (wide as u64, (wide >> 64) as u64)
}

/// Subtracts p once if the value is ≥ p. Input must be < 2p.
#[inline(always)]
const fn reduce_once(a: Repr) -> Repr {
    let (reduced, borrow) = sub_with_borrow(&a, &P);
    if borrow == 1 {
        a
    } else {
        reduced
    }
}

/// Montgomery product a·b·R^{-1} mod p (CIOS). p < 2^254 keeps every intermediate below 2p,
/// so a single final subtraction suffices.
#[inline(always)]
pub const fn mul(a: &Repr, b: &Repr) -> Repr {
    let mut t = [0u64; 5];
    let mut i = 0;
    while i < 4 {
        let mut carry = 0;
        let mut j = 0;
        while j < 4 {
            let (lo, hi) = mac(t[j], a[j], b[i], carry);
            t[j] = lo;
            carry = hi;
            j += 1;
        }
        t[4] = carry;
        let m = t[0].wrapping_mul(INV);
        let (_, mut carry) = mac(t[0], m, P[0], 0);
        let mut j = 1;
        while j < 4 {
            let (lo, hi) = mac(t[j], m, P[j], carry);
            t[j - 1] = lo;
            carry = hi;
            j += 1;
        }
        let (lo, _) = adc(t[4], carry, 0);
        t[3] = lo;
        i += 1;
    }
    reduce_once([t[0], t[1], t[2], t[3]])
}

/// a·b + c (values are canonical here, so a product and an addition).
#[inline(always)]
pub const fn mul_add(a: &Repr, b: &Repr, c: &Repr) -> Repr {
    add(&mul(a, b), c)
}

#[inline(always)]
pub const fn square(a: &Repr) -> Repr {
    mul(a, a)
}

/// Σ a[n]·b[n], one reduction per product (values stay canonical). Unrolled with literal
/// indices: as a loop on wasm32 (the ladder's u128 build) LLVM indexed the operands at run time,
/// which put constant operands in a data segment.
#[inline(always)]
#[allow(clippy::identity_op)]
pub fn sum_of_products<const N: usize>(a: [&Repr; N], b: [&Repr; N]) -> Repr {
    const { assert!(N <= 18) };
    let mut acc = ZERO;
    seq_macro::seq!(K in 0..18 {
        if K < N {
            acc = add(&acc, &mul(a[K], b[K]));
        }
    });
    acc
}

#[inline(always)]
pub const fn add(a: &Repr, b: &Repr) -> Repr {
    let (s0, c) = adc(a[0], b[0], 0);
    let (s1, c) = adc(a[1], b[1], c);
    let (s2, c) = adc(a[2], b[2], c);
    let (s3, _) = adc(a[3], b[3], c);
    reduce_once([s0, s1, s2, s3])
}

/// Values stay fully reduced in this representation, so the "unreduced" sum is the sum.
#[inline(always)]
pub const fn add_unreduced(a: &Repr, b: &Repr) -> Repr {
    add(a, b)
}

/// Values are always reduced here.
#[inline(always)]
pub const fn reduce(a: &Repr) -> Repr {
    *a
}

#[inline(always)]
pub const fn sub(a: &Repr, b: &Repr) -> Repr {
    let (diff, borrow) = sub_with_borrow(a, b);
    if borrow == 0 {
        return diff;
    }
    let (s0, c) = adc(diff[0], P[0], 0);
    let (s1, c) = adc(diff[1], P[1], c);
    let (s2, c) = adc(diff[2], P[2], c);
    let (s3, _) = adc(diff[3], P[3], c);
    [s0, s1, s2, s3]
}

/// Canonical little-endian limbs (< p) to Montgomery form.
pub const fn from_canonical(limbs: &[u64; 4]) -> Repr {
    mul(&from_plain(limbs), &R2)
}

/// Montgomery form back to canonical little-endian limbs.
pub const fn to_canonical(a: &Repr) -> [u64; 4] {
    to_plain(&mul(a, &PLAIN_ONE))
}

/// 1, not in Montgomery form: a product with it leaves Montgomery form.
pub(crate) const PLAIN_ONE: Repr = [1, 0, 0, 0];

/// Canonical limbs as a representation not in Montgomery form (the same limbs).
pub(crate) const fn from_plain(limbs: &[u64; 4]) -> Repr {
    *limbs
}

/// A product with [`PLAIN_ONE`] as canonical limbs (products are fully reduced here).
pub(crate) const fn to_plain(product: &Repr) -> [u64; 4] {
    *product
}
