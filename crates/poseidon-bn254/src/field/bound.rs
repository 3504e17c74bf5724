//! Upper bounds on values, the unit of every operation's contract (`contract` in each backend
//! module) and what the bound checker (`shadow`, feature `bound-check`) computes.
//!
//! A [`Bound`] is an exclusive upper bound in multiples of p, kept exactly as a count of p/2^32:
//! enough resolution for every contract, and products of bounds stay in `u128`. Each constructor
//! rounds the way that keeps a contract sound: a result's bound up, an operation's limit down.
// Each backend's contract uses part of this, and only the checker reads the contracts.
#![allow(dead_code)]

use super::modulus::P;

/// Subdivisions of p in a [`Bound`].
const UNIT_BITS: u32 = 32;
const UNITS_PER_P: u128 = 1 << UNIT_BITS;

/// An exclusive upper bound on a value: value < units · p / 2^32.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Bound(u128);

impl Bound {
    /// k · p.
    pub const fn times_p(k: u64) -> Bound {
        Bound(k as u128 * UNITS_PER_P)
    }

    /// (numerator / denominator) · p, rounded up: for a result's bound.
    pub const fn ratio_up(numerator: u64, denominator: u64) -> Bound {
        Bound((numerator as u128 * UNITS_PER_P).div_ceil(denominator as u128))
    }

    /// 2^bits, rounded down to a count of p/2^32: for an operation's limit. 2^bits / p is at least
    /// 2^(bits − 192) / (p₃ + 1), p₃ the top 64-bit limb of p.
    pub const fn pow2_down(bits: u32) -> Bound {
        Bound((1u128 << (bits - 192 + UNIT_BITS)) / (P[3] as u128 + 1))
    }

    /// a + b.
    pub const fn plus(self, other: Bound) -> Bound {
        Bound(self.0 + other.0)
    }

    /// Whether every value below `self` is below `limit`.
    pub const fn within(self, limit: Bound) -> bool {
        self.0 <= limit.0
    }

    /// Σ a·b/R over the terms, rounded up (R = 2^`r_bits`): what a Montgomery reduction of the
    /// products adds to p. With a = x·p/2^32 and b = y·p/2^32, a·b/R = x·y·(p/R)/2^32 units, and
    /// p/R ≤ (p₃ + 1)·2^192/R.
    pub const fn products_over_r(terms: &[(Bound, Bound)], r_bits: u32) -> Bound {
        let mut sum = 0u128;
        let mut i = 0;
        while i < terms.len() {
            sum += terms[i].0 .0 * terms[i].1 .0;
            i += 1;
        }
        // units = sum · (p₃ + 1) / 2^(r_bits − 192 + 32), rounded up, in two parts (the high and
        // low 32 bits of the sum) so that nothing overflows u128; each part rounds up.
        let shift = r_bits - 192 + UNIT_BITS;
        let p_top = P[3] as u128 + 1;
        let high = ((sum >> 32) * p_top).div_ceil(1u128 << (shift - 32));
        let low = ((sum & 0xffff_ffff) * p_top).div_ceil(1u128 << shift);
        Bound(high + low)
    }

    /// The bound in multiples of p, rounded up to 1/1000: how messages print it.
    #[cfg(feature = "bound-check")]
    pub fn in_p(self) -> (u128, u128) {
        let thousandths = (self.0 * 1000).div_ceil(UNITS_PER_P);
        (thousandths / 1000, thousandths % 1000)
    }

    /// Whether `value` is below this bound: the checker's sanity check of a contract on the
    /// concrete value it just computed.
    #[cfg(feature = "bound-check")]
    pub fn holds_for(self, value: ruint::aliases::U512) -> bool {
        use ruint::aliases::U512;
        let p = P
            .iter()
            .rev()
            .fold(U512::ZERO, |acc, &word| (acc << 64usize) + U512::from(word));
        (value << UNIT_BITS as usize) < U512::from(self.0) * p
    }
}

/// A broken precondition: which operand may reach what, against which limit.
#[derive(Clone, Copy, Debug)]
pub struct Violation {
    /// The operand (or sum of operands), as the contract names it.
    pub operand: &'static str,
    /// Its proven bound.
    pub bound: Bound,
    /// The limit's name in the contract, and its value.
    pub limit: (&'static str, Bound),
}

/// A contract's verdict on an operation: the result's bound, or the broken precondition.
pub type Checked = Result<Bound, Violation>;

/// `operand` must stay within `limit`, a contract constant as `(name, value)` (see [`limit!`]).
pub const fn require(
    operand: &'static str,
    bound: Bound,
    limit: (&'static str, Bound),
) -> Result<(), Violation> {
    if bound.within(limit.1) {
        Ok(())
    } else {
        Err(Violation {
            operand,
            bound,
            limit,
        })
    }
}

/// A contract constant with its name, for [`require`]: `limit!(PRODUCT_TAKES)`.
macro_rules! limit {
    ($name:ident) => {
        (stringify!($name), $name)
    };
}
pub(crate) use limit;

#[cfg(feature = "bound-check")]
impl core::fmt::Display for Violation {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let Violation {
            operand,
            bound,
            limit: (name, limit),
        } = self;
        write!(f, "{operand} may reach {bound}, above {name} = {limit}")
    }
}

#[cfg(feature = "bound-check")]
impl core::fmt::Display for Bound {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let (whole, thousandths) = self.in_p();
        write!(f, "{whole}.{thousandths:03}p")
    }
}

#[cfg(all(test, feature = "bound-check"))]
mod tests {
    use super::*;

    #[test]
    fn bounds_round_the_sound_way() {
        // 2^258 is 21.7p: the limit rounds down, and stays above 21p.
        let limit = Bound::pow2_down(258);
        assert!(Bound::times_p(21).within(limit) && !Bound::times_p(22).within(limit));
        let two_258 = ruint::aliases::U512::from(1u64) << 258usize;
        assert!(!limit.holds_for(two_258) && Bound::times_p(22).holds_for(two_258));
        // p/R for R = 2^261 is 0.0059: p + p·p/R rounds up to 1.006p.
        let product = Bound::times_p(1).plus(Bound::products_over_r(
            &[(Bound::times_p(1), Bound::times_p(1))],
            261,
        ));
        assert_eq!(product.in_p(), (1, 6));
        // Printing rounds up again: 1.13p, held as a count of p/2^32 rounded up, prints as 1.131p.
        assert_eq!(Bound::ratio_up(113, 100).in_p(), (1, 131));
    }
}
