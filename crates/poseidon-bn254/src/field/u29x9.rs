//! Montgomery arithmetic on nine 29-bit limbs held in `u64` (R = 2^261), built for Stylus.
//!
//! Why 29 bits: a limb product is < 2^58, so a whole column of the schoolbook product plus the
//! interleaved Montgomery reduction (at most 9 + 9 products, or 6·9 + 9 for a 6-term dot
//! product) sums in one `u64` with no carry handling per product: every `i64.mul` is followed
//! by one `i64.add` and nothing else, and no `u128` (a `__multi3` call on wasm32) appears.
//!
//! Multiplication is product scanning with the reduction interleaved column by column (Koç's
//! FIPS): first the 17 column sums of a·b (`product_columns`, or 45 products for a square),
//! then `redc` folds in m·p one column at a time. R = 2^261 ≫ p keeps every result just above p
//! at most (p + a·b/R, [`contract::products_return`]), so no final subtraction is needed; a dot
//! product of up to [`MAX_DOT`] terms is reduced once.
//!
//! Invariant: every limb < 2^29 (the top one may exceed it only in an unreduced sum), and each
//! value within what the operation that made it returns ([`contract`], which the bound checker
//! asserts). Only [`to_canonical`] reduces fully; `Fr` compares canonical values.

use super::modulus::{neg_inverse_mod_pow2, pow2_mod_p, P as P64};
use seq_macro::seq;

/// Nine little-endian 29-bit limbs, each in its own `u64` (a wasm local, not memory).
pub type Repr = [u64; 9];

pub(crate) const BITS: u32 = 29;
const MASK: u64 = (1 << BITS) - 1;

/// Most terms a dot product may have and still be reduced once (`sum_of_products` unrolls this
/// many): the fullest column of `redc` then sums 9 limb products per term, 9 more of m·p and the
/// carry from the column before: 9·6 + 9 = 63 products ≤ (2^29 − 1)² each plus a carry < 2^35,
/// below 2^64 ([`COLUMN_BOUND_HOLDS`]); a seventh term would not be (72 · 2^58 > 2^64).
pub const MAX_DOT: usize = 6;

/// The bound [`MAX_DOT`] relies on, checked at compile time: the largest possible column sum of a
/// `MAX_DOT`-term dot product in `redc` fits in a `u64`.
pub const COLUMN_BOUND_HOLDS: bool = {
    let product = (MASK as u128) * (MASK as u128);
    let carry = (u64::MAX >> BITS) as u128;
    (9 * MAX_DOT as u128 + 9) * product + carry <= u64::MAX as u128
};
const _: () = assert!(COLUMN_BOUND_HOLDS, "MAX_DOT-term column sums overflow u64");

/// 64-bit limbs to 29-bit limbs (the value must be < 2^261).
const fn from_u64x4(x: &[u64; 4]) -> Repr {
    let mut out = [0u64; 9];
    let mut i = 0;
    while i < 9 {
        let bit = i * 29;
        let (word, shift) = (bit / 64, bit % 64);
        let mut v = x[word] >> shift;
        if shift + 29 > 64 && word + 1 < 4 {
            v |= x[word + 1] << (64 - shift);
        }
        out[i] = v & MASK;
        i += 1;
    }
    out
}

/// 29-bit limbs (normalized, value < 2^256) to 64-bit limbs.
const fn to_u64x4(x: &Repr) -> [u64; 4] {
    let mut out = [0u64; 4];
    let mut i = 0;
    while i < 9 {
        let bit = i * 29;
        let (word, shift) = (bit / 64, bit % 64);
        out[word] |= x[i] << shift;
        if shift + 29 > 64 && word + 1 < 4 {
            out[word + 1] |= x[i] >> (64 - shift);
        }
        i += 1;
    }
    out
}

/// p in 29-bit limbs.
const P: Repr = from_u64x4(&P64);
/// 2p in 29-bit limbs: the weak-reduction bound.
const TWO_P: Repr = {
    let mut out = [0u64; 9];
    let mut carry = 0;
    let mut i = 0;
    while i < 9 {
        let v = 2 * P[i] + carry;
        out[i] = v & MASK;
        carry = v >> BITS;
        i += 1;
    }
    out
};
/// -p^{-1} mod 2^29.
const INV: u64 = neg_inverse_mod_pow2(P64[0], BITS);
/// R^2 mod p with R = 2^261.
pub(crate) const R2: Repr = from_u64x4(&pow2_mod_p(2 * 261));
/// 1, not in Montgomery form: a product with it leaves Montgomery form.
pub(crate) const PLAIN_ONE: Repr = [1, 0, 0, 0, 0, 0, 0, 0, 0];

pub const ZERO: Repr = [0; 9];
/// 1 in Montgomery form: R mod p.
pub const ONE: Repr = from_u64x4(&pow2_mod_p(261));

/// a[i]·b[k−i] if that limb pair exists, else 0. Called with constant i, k only, so the
/// condition folds away and each call is one `i64.mul`.
#[inline(always)]
const fn term(a: &Repr, b: &Repr, i: usize, k: usize) -> u64 {
    if i <= k && k - i < 9 {
        a[i] * b[k - i]
    } else {
        0
    }
}

/// Column sums t[k] = Σ_{i+j=k} a[i]·b[j] of the 512-bit product: 81 products, no carries.
#[inline(always)]
const fn product_columns(a: &Repr, b: &Repr) -> [u64; 17] {
    let mut t = [0u64; 17];
    seq!(K in 0..17 {
        seq!(I in 0..9 {
            t[K] += term(a, b, I, K);
        });
    });
    t
}

/// Column sums of a²: each cross product a[i]·a[k−i] (i < k − i) once against the doubled
/// limb, plus the square a[k/2]² on even columns: 45 products instead of 81.
#[inline(always)]
const fn square_columns(a: &Repr) -> [u64; 17] {
    let mut doubled = [0u64; 9];
    seq!(I in 0..9 {
        doubled[I] = a[I] << 1;
    });
    let mut t = [0u64; 17];
    seq!(K in 0..17 {
        seq!(I in 0..9 {
            t[K] += square_term(a, &doubled, I, K);
        });
    });
    t
}

/// Limb i's share of column k of a²; constant i, k fold it to one product or nothing.
#[inline(always)]
const fn square_term(a: &Repr, doubled: &Repr, i: usize, k: usize) -> u64 {
    if 2 * i < k {
        term(doubled, a, i, k)
    } else if 2 * i == k {
        a[i] * a[i]
    } else {
        0
    }
}

/// Montgomery reduction of column sums (FIPS): t·R^{-1} mod p, as a weakly reduced value.
/// Column k adds m[i]·p[k−i] for the quotient limbs already known, then picks m[k] so the
/// column's low 29 bits vanish (k < 9) or emits result limb j = k − 9 (k ≥ 9).
#[inline(always)]
#[allow(clippy::identity_op)] // `seq!` spells the index of the first upper column as `0 + 9`
const fn redc(t: &[u64; 17]) -> Repr {
    let mut m = [0u64; 9];
    let mut out = [0u64; 9];
    let mut acc = 0u64;
    seq!(K in 0..9 {
        acc += t[K];
        seq!(I in 0..K {
            acc += term(&m, &P, I, K);
        });
        m[K] = acc.wrapping_mul(INV) & MASK;
        acc = (acc + m[K] * P[0]) >> BITS;
    });
    seq!(J in 0..8 {
        acc += t[J + 9];
        seq!(I in 0..9 {
            acc += term(&m, &P, I, J + 9);
        });
        out[J] = acc & MASK;
        acc >>= BITS;
    });
    out[8] = acc;
    out
}

/// Montgomery product a·b·R^{-1} (weakly reduced in, weakly reduced out).
#[inline(always)]
pub const fn mul(a: &Repr, b: &Repr) -> Repr {
    redc(&product_columns(a, b))
}

/// a·b·R^{-1} + c with one reduction: c·R joins the product's columns before `redc` (c's limb j
/// lands in column 9 + j; its top limb, column 17, is the carry `redc` leaves in the top output
/// limb), so a product and a sum cost one reduction and no carry propagation of their own.
/// c may be unreduced (its limbs below 2^29 except the top one, as [`add_unreduced`] leaves them);
/// the bounds are [`contract::mul_add`]'s. The result's top limb is not masked, as after
/// [`add_unreduced`].
#[inline(always)]
#[allow(clippy::identity_op)] // `seq!` spells the first upper column as `0 + 9`
pub const fn mul_add(a: &Repr, b: &Repr, c: &Repr) -> Repr {
    let mut t = product_columns(a, b);
    seq!(J in 0..8 {
        t[J + 9] += c[J];
    });
    let mut out = redc(&t);
    out[8] += c[8];
    out
}

/// Montgomery square: 45 limb products instead of 81.
#[inline(always)]
pub const fn square(a: &Repr) -> Repr {
    redc(&square_columns(a))
}

/// Σ a[n]·b[n]·R^{-1}, reduced once when N ≤ [`MAX_DOT`]; up to 3·[`MAX_DOT`] terms (the widest
/// circomlib state, t = 17), once per chunk of [`MAX_DOT`] terms, the chunks' sums added.
#[inline(always)]
#[allow(clippy::identity_op, clippy::erasing_op)] // `seq!` spells the first chunk's index as `0 * 6`
pub fn sum_of_products<const N: usize>(a: [&Repr; N], b: [&Repr; N]) -> Repr {
    if N > MAX_DOT {
        const { assert!(N <= 3 * MAX_DOT, "sum_of_products takes at most 18 terms") };
        let mut acc = ZERO;
        // Unrolled like the short form below: every term index is a compile-time constant.
        seq!(CHUNK in 0..3 {
            if CHUNK * 6 < N {
                let mut t = [0u64; 17];
                seq!(TERM in 0..6 {
                    if CHUNK * 6 + TERM < N {
                        let columns = product_columns(a[CHUNK * 6 + TERM], b[CHUNK * 6 + TERM]);
                        seq!(K in 0..17 {
                            t[K] += columns[K];
                        });
                    }
                });
                // Each chunk's sum and the running sum stay within what `add` takes
                // ([`contract::sum_of_products`]).
                acc = add(&acc, &redc(&t));
            }
        });
        return acc;
    }
    let mut t = [0u64; 17];
    // Unrolled to MAX_DOT terms with constant conditions (LLVM kept a loop over N, paying a
    // branch and block entries per term and the column sums through local.set).
    seq!(TERM in 0..6 {
        if TERM < N {
            let columns = product_columns(a[TERM], b[TERM]);
            seq!(K in 0..17 {
                t[K] += columns[K];
            });
        }
    });
    redc(&t)
}

/// If `d` (limbs of a 261-bit two's-complement value) is negative, adds 2p; normalizes.
/// `sign` is 0 or all ones. Branch-free: a branch costs 765 ink plus 2,450 per block entered.
#[inline(always)]
const fn add_two_p_if(d: &Repr, sign: u64) -> Repr {
    let mut out = [0u64; 9];
    let mut carry = 0u64;
    seq!(I in 0..8 {
        let v = d[I] + (TWO_P[I] & sign) + carry;
        out[I] = v & MASK;
        carry = v >> BITS;
    });
    // The carry out of the top limb is the 2^261 that a negative `d` borrowed: drop it.
    out[8] = (d[8] + (TWO_P[8] & sign) + carry) & MASK;
    out
}

/// a + b, weakly reduced ([`contract::add`]): subtract 2p while propagating carries, add it back
/// if that went negative.
#[inline(always)]
pub const fn add(a: &Repr, b: &Repr) -> Repr {
    let mut d = [0u64; 9];
    let mut carry = 0i64;
    seq!(I in 0..9 {
        let v = a[I] as i64 + b[I] as i64 - TWO_P[I] as i64 + carry;
        d[I] = v as u64 & MASK;
        carry = v >> BITS;
    });
    add_two_p_if(&d, carry as u64)
}

/// a − b, weakly reduced ([`contract::sub`]): the borrow-propagated difference, plus 2p if
/// negative.
#[inline(always)]
pub const fn sub(a: &Repr, b: &Repr) -> Repr {
    let mut d = [0u64; 9];
    let mut carry = 0i64;
    seq!(I in 0..9 {
        let v = a[I] as i64 - b[I] as i64 + carry;
        d[I] = v as u64 & MASK;
        carry = v >> BITS;
    });
    add_two_p_if(&d, carry as u64)
}

/// a + b with the carries propagated but no reduction: the result's bound is the sum of the
/// inputs' bounds ([`contract::add_unreduced`]). For chains of additions inside a round kernel,
/// where one [`reduce`] at the end replaces a conditional subtraction per addition; the caller
/// keeps each sum within what it enters next ([`contract::PRODUCT_TAKES`],
/// [`contract::REDUCE_TAKES`]).
#[inline(always)]
pub const fn add_unreduced(a: &Repr, b: &Repr) -> Repr {
    let mut out = [0u64; 9];
    let mut carry = 0u64;
    seq!(I in 0..8 {
        let v = a[I] + b[I] + carry;
        out[I] = v & MASK;
        carry = v >> BITS;
    });
    out[8] = a[8] + b[8] + carry;
    out
}

/// What products take, as a multiple of p ([`contract::PRODUCT_TAKES`]): their results then stay
/// weakly reduced, below 2p ([`contract::products_return`] of two such operands).
pub const MAX_UNREDUCED_P: u64 = 8;

/// Each operation's contract: what it takes and what it returns. Written here once: the bound
/// checker (`field::shadow`, feature `bound-check`) asserts them at every call of every
/// permutation, and the other docs name them rather than restate a number.
#[cfg_attr(not(feature = "bound-check"), allow(dead_code))]
pub mod contract {
    use super::super::bound::{limit, require, Bound, Checked};
    use super::{MAX_DOT, MAX_UNREDUCED_P};

    /// Montgomery's R = 2^261.
    pub const R_BITS: u32 = 261;
    /// Canonical values: inputs, constants.
    pub const CANONICAL: Bound = Bound::times_p(1);
    /// Weakly reduced: what `add` and `sub` return, and what `sub` takes.
    pub const WEAK: Bound = Bound::times_p(2);
    /// `add` subtracts 2p at most once, so its operands' sum must be below 4p.
    pub const ADD_TAKES_SUM: Bound = Bound::times_p(4);
    /// What nine 29-bit limbs hold: an `add_unreduced` sum, and `to_canonical`'s input.
    pub const REPR: Bound = Bound::pow2_down(261);
    /// What products take: `mul`, `square`, `mul_add` (each operand) and dot-product terms.
    pub const PRODUCT_TAKES: Bound = Bound::times_p(MAX_UNREDUCED_P);
    /// What `reduce` takes (its quotient estimate reads bits up to 2^258) and returns.
    pub const REDUCE_TAKES: Bound = Bound::pow2_down(258);
    /// See [`REDUCE_TAKES`].
    pub const REDUCE_RETURNS: Bound = Bound::ratio_up(113, 100);

    /// A Montgomery reduction of Σ a·b returns below p + Σ a·b/R (REDC adds m·p < R·p and
    /// divides by R), with no final subtraction.
    pub const fn products_return(terms: &[(Bound, Bound)]) -> Bound {
        CANONICAL.plus(Bound::products_over_r(terms, R_BITS))
    }

    /// `from_canonical`: a canonical value times R² mod p.
    pub const FROM_CANONICAL_RETURNS: Bound = products_return(&[(CANONICAL, CANONICAL)]);

    /// `to_canonical` takes any representable value (a product with 1 and one subtraction).
    pub const TO_CANONICAL_TAKES: Bound = REPR;

    /// a + b.
    pub const fn add(a: Bound, b: Bound) -> Checked {
        match require("a + b", a.plus(b), limit!(ADD_TAKES_SUM)) {
            Ok(()) => Ok(WEAK),
            Err(violation) => Err(violation),
        }
    }

    /// a − b.
    pub fn sub(a: Bound, b: Bound) -> Checked {
        require("a", a, limit!(WEAK))?;
        require("b", b, limit!(WEAK))?;
        Ok(WEAK)
    }

    /// a + b, unreduced: the bounds add.
    pub fn add_unreduced(a: Bound, b: Bound) -> Checked {
        require("a + b", a.plus(b), limit!(REPR))?;
        Ok(a.plus(b))
    }

    /// a · b.
    pub fn mul(a: Bound, b: Bound) -> Checked {
        require("a", a, limit!(PRODUCT_TAKES))?;
        require("b", b, limit!(PRODUCT_TAKES))?;
        Ok(products_return(&[(a, b)]))
    }

    /// a · b + c, one reduction: c joins the product's columns.
    pub fn mul_add(a: Bound, b: Bound, c: Bound) -> Checked {
        require("c", c, limit!(PRODUCT_TAKES))?;
        Ok(mul(a, b)?.plus(c))
    }

    /// Weak reduction.
    pub fn reduce(a: Bound) -> Checked {
        require("a", a, limit!(REDUCE_TAKES))?;
        Ok(REDUCE_RETURNS)
    }

    /// Σ a·b: one reduction per chunk of [`MAX_DOT`] terms, the chunks' sums added with `add`.
    pub fn sum_of_products(terms: &[(Bound, Bound)]) -> Checked {
        let mut sum: Option<Bound> = None;
        for chunk in terms.chunks(MAX_DOT) {
            for &(a, b) in chunk {
                require("a term's a", a, limit!(PRODUCT_TAKES))?;
                require("a term's b", b, limit!(PRODUCT_TAKES))?;
            }
            let part = products_return(chunk);
            sum = Some(match sum {
                None => part,
                Some(sum) => add(sum, part)?,
            });
        }
        Ok(sum.unwrap_or(CANONICAL))
    }
}

/// floor(2^266 / (p_3 + 1)), p_3 the top 64-bit limb of p: at most 2^266/p, so the quotient
/// estimate in [`reduce`] never exceeds the true quotient.
const QUOTIENT_MUL: u64 = ((1u128 << 74) / (P64[3] as u128 + 1)) as u64;

/// Weak reduction ([`contract::REDUCE_TAKES`] to [`contract::REDUCE_RETURNS`]): subtracts q·p for
/// a quotient estimate q from the top bits, q ≤ v/p < q + 1.13 (bits below 2^250 are ignored:
/// < 0.09p; the multiplier's rounding: < 0.04 for v < 2^258; the final floor: < 1).
#[inline(always)]
pub const fn reduce(a: &Repr) -> Repr {
    // a[8] holds bits 232..260, so this is floor(v / 2^250).
    let top = a[8] >> 18;
    let q = (top * QUOTIENT_MUL) >> 16;
    let mut out = [0u64; 9];
    let mut carry = 0i64;
    seq!(I in 0..8 {
        let v = a[I] as i64 - (q * P[I]) as i64 + carry;
        out[I] = v as u64 & MASK;
        carry = v >> BITS;
    });
    // The result is in [0, 1.13p), so the top limb needs no borrow out.
    out[8] = (a[8] as i64 - (q * P[8]) as i64 + carry) as u64;
    out
}

/// Canonical little-endian 64-bit limbs (< p) to Montgomery form.
pub const fn from_canonical(limbs: &[u64; 4]) -> Repr {
    mul(&from_plain(limbs), &R2)
}

/// Montgomery form back to canonical little-endian 64-bit limbs.
pub const fn to_canonical(a: &Repr) -> [u64; 4] {
    to_plain(&mul(a, &PLAIN_ONE))
}

/// Canonical limbs as a representation not in Montgomery form: a product with [`R2`] enters
/// Montgomery form.
pub(crate) const fn from_plain(limbs: &[u64; 4]) -> Repr {
    from_u64x4(limbs)
}

/// A product with [`PLAIN_ONE`] (a·1·R^{-1}, ≤ p for a weakly reduced `a`; equal only when
/// a ≡ 0) as canonical limbs: one conditional subtraction makes it < p.
pub(crate) const fn to_plain(product: &Repr) -> [u64; 4] {
    let limbs = to_u64x4(product);
    let (reduced, borrow) = super::modulus::sub_with_borrow(&limbs, &P64);
    if borrow == 1 {
        limbs
    } else {
        reduced
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::super::modulus::sub_with_borrow;
    use super::*;
    use std::vec::Vec;

    #[test]
    fn constants_match_their_definitions() {
        // p's limbs recombine to p; INV·p ≡ −1 (mod 2^29); 2p doubles p.
        assert_eq!(to_u64x4(&P), P64);
        assert_eq!(P[0].wrapping_mul(INV) & MASK, MASK);
        assert_eq!(
            to_u64x4(&TWO_P),
            [
                P64[0] << 1,
                (P64[1] << 1) | (P64[0] >> 63),
                (P64[2] << 1) | (P64[1] >> 63),
                (P64[3] << 1) | (P64[2] >> 63),
            ]
        );
        // ONE·ONE = ONE and R2 = R·R in Montgomery form.
        assert_eq!(to_canonical(&mul(&ONE, &ONE)), [1, 0, 0, 0]);
        assert_eq!(
            to_u64x4(&mul(&R2, &[1, 0, 0, 0, 0, 0, 0, 0, 0])),
            to_u64x4(&ONE)
        );
    }

    /// A weakly reduced value ≥ p: x + p for small x.
    fn unreduced(x: u64) -> Repr {
        let mut v = P;
        v[0] += x;
        v
    }

    /// Deterministic values spread over [0, 2^253) as normalized limbs (splitmix64).
    fn spread(count: usize) -> impl Iterator<Item = Repr> {
        let mut state = 7u64;
        (0..count).map(move |_| {
            let mut limbs = [0u64; 4];
            for limb in &mut limbs {
                state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
                let mut z = state;
                z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
                *limb = z ^ (z >> 27);
            }
            limbs[3] >>= 11;
            from_u64x4(&limbs)
        })
    }

    /// v − 1 for v ≥ 1 (normalized limbs, any size).
    fn sub_raw_one(v: &Repr) -> Repr {
        let mut out = *v;
        for limb in out.iter_mut() {
            if *limb > 0 {
                *limb -= 1;
                break;
            }
            *limb = MASK;
        }
        out
    }

    /// The value as a u64x4 number (it must be < 2^256).
    fn value(a: &Repr) -> [u64; 4] {
        to_u64x4(a)
    }

    #[test]
    fn unreduced_sums_and_reduce_keep_the_value_mod_p() {
        let one = [1, 0, 0, 0, 0, 0, 0, 0, 0];
        let max_weak = sub(&TWO_P, &one); // 2p − 1, the largest weakly reduced value
        let mut cases: Vec<Repr> = spread(2_000).collect();
        cases.extend([ZERO, sub(&P, &one), P, add_unreduced(&P, &one), max_weak]);
        for a in &cases {
            // a + k·p up to below 8p (a < 2p), built by unreduced additions.
            let mut v = *a;
            for k in 0..MAX_UNREDUCED_P - 1 {
                let reduced = reduce(&v);
                assert!(
                    reduced.iter().all(|&limb| limb <= MASK),
                    "limbs of reduce({k}p + a)"
                );
                assert_eq!(
                    to_canonical(&reduced),
                    to_canonical(&v),
                    "reduce keeps the value mod p"
                );
                // [0, 1.13p): below 2p is what every other operation needs.
                let (_, borrow) = sub_with_borrow(&value(&reduced), &value(&TWO_P));
                assert_eq!(borrow, 1, "reduce({k}p + a) < 2p");
                // Multiplication accepts the unreduced value and returns a weakly reduced one.
                let product = mul(&v, &v);
                let (_, borrow) = sub_with_borrow(&value(&product), &value(&TWO_P));
                assert_eq!(borrow, 1, "mul({k}p + a) < 2p");
                assert_eq!(to_canonical(&product), to_canonical(&square(&reduced)));
                v = add_unreduced(&v, &P);
            }
        }
        // reduce's whole domain, up to 2^258 − 1, and its exact multiples of p.
        let mut top = [MASK; 9];
        top[8] = (1 << 26) - 1;
        let (mut multiple, mut k) = (P, 1);
        while multiple[8] < top[8] {
            assert_eq!(to_canonical(&reduce(&multiple)), [0; 4], "reduce({k}p)");
            multiple = add_unreduced(&multiple, &P);
            k += 1;
        }
        // Random values over the whole domain, and each just below a multiple of p (where an
        // overestimated quotient would go negative).
        let mut state = 11u64;
        let mut domain: Vec<Repr> = (0..5_000)
            .map(|_| {
                core::array::from_fn(|i| {
                    state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
                    let z = (state ^ (state >> 31)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
                    (z ^ (z >> 29)) & if i == 8 { (1 << 26) - 1 } else { MASK }
                })
            })
            .collect();
        let mut below = P;
        while below[8] < top[8] {
            domain.push(sub_raw_one(&below));
            below = add_unreduced(&below, &P);
        }
        domain.push(top);
        for v in &domain {
            let reduced = reduce(v);
            assert!(
                reduced.iter().all(|&limb| limb <= MASK),
                "limbs of reduce({v:?})"
            );
            let (_, borrow) = sub_with_borrow(&value(&reduced), &value(&TWO_P));
            assert_eq!(borrow, 1, "reduce({v:?}) < 2p");
            assert_eq!(
                to_canonical(&reduced),
                to_canonical(v),
                "reduce({v:?}) mod p"
            );
        }
    }

    /// The bound behind [`MAX_DOT`]: a `MAX_DOT`-term dot product of the largest limbs any
    /// value can have (every limb 2^29 − 1, far above 2p) makes the largest column sums `redc`
    /// can see. It must not overflow (the lib tests run with overflow checks) and must still be
    /// Σ a·b·R⁻¹ mod p, computed here with big integers.
    #[test]
    fn dot_product_of_max_dot_terms_fits_its_column_bound() {
        use ruint::aliases::{U256, U320};
        let value = |x: &Repr| -> U320 {
            x.iter()
                .rev()
                .fold(U320::ZERO, |acc, &limb| (acc << 29usize) + U320::from(limb))
        };
        let p = U320::from(U256::from_limbs(P64));
        let r_inverse = (U320::from(1u64) << 261usize)
            .inv_mod(p)
            .expect("R is invertible mod p");
        let largest = [MASK; 9];
        let dot = sum_of_products([&largest; MAX_DOT], [&largest; MAX_DOT]);
        let square = value(&largest).mul_mod(value(&largest), p);
        let expected = (U320::from(MAX_DOT) * square).mul_mod(r_inverse, p);
        assert_eq!(value(&dot).reduce_mod(p), expected);
    }

    #[test]
    fn mul_add_is_a_product_plus_a_sum() {
        let values: Vec<Repr> = spread(300).map(|v| from_canonical(&to_u64x4(&v))).collect();
        for window in values.windows(3) {
            let [a, b, c] = [window[0], window[1], window[2]];
            // Unreduced inputs below the bounds the Poseidon2 t = 4 round uses.
            let a_big = add_unreduced(&a, &P);
            let c_big = add_unreduced(&add_unreduced(&c, &P), &P);
            for (x, y, z) in [(a, b, c), (a_big, b, c_big), (a_big, a_big, c)] {
                let got = mul_add(&x, &y, &z);
                let want = add(&mul(&x, &y), &reduce(&z));
                assert_eq!(to_canonical(&reduce(&got)), to_canonical(&want));
                assert!(
                    got[..8].iter().all(|&limb| limb <= MASK),
                    "normalized low limbs"
                );
                // Below c + 1.1p: (c + 2p) < 8p, far inside what products and reduce accept.
                let bound = add_unreduced(&add_unreduced(&z, &P), &P);
                let (_, borrow) = sub_with_borrow(&value(&got), &value(&bound));
                assert_eq!(borrow, 1, "mul_add < c + 2p");
            }
        }
    }

    #[test]
    fn arithmetic_accepts_values_up_to_2p() {
        let x = from_canonical(&[5, 0, 0, 0]);
        let big = add(&unreduced(0), &x); // x + p, still ≡ x
        assert_eq!(to_canonical(&big), to_canonical(&x));
        assert_eq!(to_canonical(&mul(&big, &big)), to_canonical(&square(&x)));
        assert_eq!(to_canonical(&sub(&x, &big)), [0; 4]);
        assert_eq!(to_canonical(&unreduced(0)), [0; 4]);
        let raw_one = [1, 0, 0, 0, 0, 0, 0, 0, 0];
        let max = sub(&TWO_P, &raw_one); // 2p − 1, the largest weakly reduced value
        assert_eq!(to_canonical(&add(&max, &raw_one)), [0; 4]);
        let p_minus_1 = from_canonical(&[P64[0] - 1, P64[1], P64[2], P64[3]]);
        assert_eq!(to_canonical(&square(&p_minus_1)), to_canonical(&ONE));
        let dot = sum_of_products([&max; MAX_DOT], [&max; MAX_DOT]);
        let mut expected = ZERO;
        for _ in 0..MAX_DOT {
            expected = add(&expected, &mul(&max, &max));
        }
        assert_eq!(to_canonical(&dot), to_canonical(&expected));
    }
}
