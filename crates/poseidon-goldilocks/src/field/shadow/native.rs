//! The shadow of `field::native`: its S-box halves, additions and `u128` sums (the shared
//! [`Halves`] are in [`super`]). Lanes stay plain `u64`: every native function takes any 64-bit
//! value, so a lane's bound is its type's.

use super::{below, keeps, Range};
pub(crate) use super::{linear, p_multiple, Halves};
use crate::field::native::{self as real, ADD_TAKES, POW7_HALVES, WIDE_OVERFLOWS_BELOW};
use core::ops::Add;
use core::panic::Location;

/// No contract: any lanes in, a lane out.
pub(crate) use real::{mul, pow7, square};

/// [`real::add`], whose second operand must lie below `ADD_TAKES` (at every call site it is a
/// constant, whose value is its bound).
#[track_caller]
#[inline(never)]
pub(crate) fn add(a: u64, b: u64) -> u64 {
    below("add", "b", b.into(), "ADD_TAKES", ADD_TAKES.into());
    real::add(a, b)
}

/// [`real::pow7_halves`], within `POW7_HALVES`.
#[track_caller]
#[inline(never)]
pub(crate) fn pow7_halves(x: u64) -> Halves {
    let [lo, hi] = POW7_HALVES.map(|(min, max)| Range { min, max });
    Halves::checked("pow7_halves", "POW7_HALVES", real::pow7_halves(x), lo, hi)
}

/// [`real::Sum`] with its largest value, which must stay below 2^128.
#[derive(Clone, Copy)]
pub(crate) struct Sum {
    real: real::Sum,
    max: u128,
}

impl Sum {
    #[inline(never)]
    pub(crate) fn of(x: u64) -> Sum {
        Sum {
            real: real::Sum::of(x),
            max: u64::MAX.into(),
        }
    }

    /// x · c for a constant c (its value is its bound).
    #[inline(never)]
    pub(crate) fn product(x: u64, c: u64) -> Sum {
        Sum {
            real: real::Sum::product(x, c),
            max: u128::from(u64::MAX) * u128::from(c),
        }
    }

    #[inline(never)]
    pub(crate) fn reduce(self) -> u64 {
        self.real.reduce()
    }
}

impl Add for Sum {
    type Output = Sum;

    #[track_caller]
    #[inline(never)]
    fn add(self, other: Sum) -> Sum {
        let Some(max) = self.max.checked_add(other.max) else {
            panic!(
                "bound check: Sum + Sum at {}: the sum may reach 2^{:.2}, not below the u128 limit 2^128",
                Location::caller(),
                128.0 + ((self.max as f64 + other.max as f64) / 2f64.powi(128)).log2()
            );
        };
        let real = self.real + other.real;
        keeps("Sum + Sum", "its maximum", real.value() <= max);
        Sum { real, max }
    }
}

/// [`real::Wide`] with its largest value (a `Wide` too: the sum of the largest products).
#[derive(Clone, Copy)]
pub(crate) struct Wide {
    real: real::Wide,
    max: real::Wide,
}

impl Wide {
    pub(crate) const ZERO: Wide = Wide {
        real: real::Wide::ZERO,
        max: real::Wide::ZERO,
    };

    /// The sum plus c · x for a constant c (its value is its bound) and any lane x.
    #[inline(never)]
    pub(crate) fn mul_add(self, c: u64, x: u64) -> Wide {
        let (real, max) = (self.real.mul_add(c, x), self.max.mul_add(c, u64::MAX));
        let words = |w: real::Wide| (w.hi, w.mid, w.lo);
        keeps("Wide::mul_add", "its maximum", words(real) <= words(max));
        Wide { real, max }
    }

    /// [`real::Wide::reduce`], while the sum overflows 2^128 fewer than `WIDE_OVERFLOWS_BELOW`
    /// times.
    #[track_caller]
    #[inline(never)]
    pub(crate) fn reduce(self) -> u64 {
        below(
            "Wide::reduce",
            "its overflows of 2^128",
            self.max.hi.into(),
            "WIDE_OVERFLOWS_BELOW",
            WIDE_OVERFLOWS_BELOW.into(),
        );
        self.real.reduce()
    }
}

#[cfg(test)]
mod tests {
    use super::super::refusal;
    use super::*;
    use crate::P;

    #[test]
    fn to_residue_refuses_a_signed_sum_and_takes_it_biased() {
        let message = refusal(|| {
            let _ = pow7_halves(9).to_residue();
        })
        .expect("refused");
        assert!(
            message.starts_with("bound check: Halves::to_residue at ")
                && message.contains("src/field/shadow/native.rs")
                && message.contains("lo may reach -2^33")
                && message.contains("TO_RESIDUE_BOUND"),
            "{message}"
        );
        assert_eq!(
            refusal(|| {
                let _ = pow7_halves(9).plus(p_multiple(10)).to_residue();
            }),
            None
        );
    }

    /// A test-only internal layer (Poseidon2's): a lane times its diagonal entry (below p), plus
    /// the sum of the twelve lanes and the next round's constant; `lazy` adds a second product
    /// before the one reduction.
    fn internal_lane(lazy: bool) -> u64 {
        let lanes = [u64::MAX; 12];
        let sum = lanes[1..]
            .iter()
            .fold(Sum::of(lanes[0]), |sum, &x| sum + Sum::of(x));
        let mut lane = Sum::product(lanes[0], P - 1) + sum + Sum::of(P - 1);
        if lazy {
            lane = lane + Sum::product(lanes[1], P - 1);
        }
        lane.reduce()
    }

    #[test]
    fn one_product_too_many_before_a_reduction_is_refused() {
        assert_eq!(
            refusal(|| {
                let _ = internal_lane(false);
            }),
            None
        );
        let message = refusal(|| {
            let _ = internal_lane(true);
        })
        .expect("refused");
        assert!(
            message.starts_with("bound check: Sum + Sum at ")
                && message.contains("src/field/shadow/native.rs")
                && message.contains("not below the u128 limit 2^128"),
            "{message}"
        );
    }

    #[test]
    fn wide_sums_reduce_below_their_overflow_limit_only() {
        let overflowed = |hi: u64| Wide {
            real: real::Wide::ZERO,
            max: real::Wide { lo: 0, mid: 0, hi },
        };
        assert_eq!(
            refusal(|| {
                let _ = overflowed((1 << 31) - 1).reduce();
            }),
            None
        );
        let message = refusal(|| {
            let _ = overflowed(1 << 31).reduce();
        })
        .expect("refused");
        assert!(
            message.starts_with("bound check: Wide::reduce at ")
                && message.contains("not below WIDE_OVERFLOWS_BELOW = 2^31"),
            "{message}"
        );
    }

    #[test]
    fn add_refuses_a_second_operand_not_below_p() {
        assert_eq!(
            refusal(|| {
                let _ = add(u64::MAX, P - 1);
            }),
            None
        );
        let message = refusal(|| {
            let _ = add(1, P);
        })
        .expect("refused");
        assert!(
            message.starts_with("bound check: add at ") && message.contains("ADD_TAKES"),
            "{message}"
        );
    }
}
