//! The shadow of `field::limbs`: its limbs and products (the shared [`Halves`] are in
//! [`super`]).

use super::{below, keeps, refuse, Range};
pub(crate) use super::{linear, p_multiple, Halves};
use crate::field::halves::I64_BOUND;
use crate::field::limbs::{
    self as real, Bound, FROM_RESIDUE_BOUND, LIMB_BOUND, NORMALIZE_HI_BOUND, NORMALIZE_LO_BOUND,
    POW7_BOUND,
};

/// Requires `reach` ≤ `limit`.
#[track_caller]
fn at_most(operation: &str, what: &str, reach: i128, contract: &str, limit: i128) {
    if reach > limit {
        refuse(operation, what, reach, "above", contract, limit);
    }
}

/// [`real::Limbs`] with magnitude bounds of its limbs.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Limbs {
    pub(crate) real: real::Limbs,
    pub(crate) bound: Bound,
}

impl Limbs {
    pub(crate) const ZERO: Limbs = Limbs {
        real: real::Limbs::ZERO,
        bound: (0, 0),
    };

    #[inline(never)]
    pub(crate) const fn widen(self) -> Halves {
        Halves {
            real: self.real.widen(),
            lo: Range::symmetric(self.bound.0),
            hi: Range::symmetric(self.bound.1),
        }
    }

    pub(crate) const fn from_residue(value: u64) -> Limbs {
        let real = real::Limbs::from_residue(value);
        let bound = FROM_RESIDUE_BOUND;
        let within = Range::symmetric(bound);
        assert!(
            within.contains(real.lo) && within.contains(real.hi),
            "bound check: Limbs::from_residue: the result lies outside FROM_RESIDUE_BOUND"
        );
        Limbs {
            real,
            bound: (bound, bound),
        }
    }

    /// Requires both limbs within `LIMB_BOUND` (a product's operand).
    #[track_caller]
    fn operand(self, operation: &str) {
        at_most(
            operation,
            "a limb",
            self.bound.0.max(self.bound.1),
            "LIMB_BOUND",
            LIMB_BOUND,
        );
    }
}

impl Halves {
    pub(crate) const ZERO: Halves = Halves {
        real: crate::field::halves::Halves::ZERO,
        lo: Range { min: 0, max: 0 },
        hi: Range { min: 0, max: 0 },
    };

    #[track_caller]
    #[inline(never)]
    pub(crate) fn normalize(self) -> Limbs {
        let operation = "Halves::normalize";
        below(
            operation,
            "lo",
            self.lo.magnitude(),
            "NORMALIZE_LO_BOUND",
            NORMALIZE_LO_BOUND,
        );
        below(
            operation,
            "hi",
            self.hi.magnitude(),
            "NORMALIZE_HI_BOUND",
            NORMALIZE_HI_BOUND,
        );
        let real = self.real.normalize();
        let within = Range::symmetric(LIMB_BOUND);
        keeps(
            operation,
            "LIMB_BOUND",
            within.contains(real.lo) && within.contains(real.hi),
        );
        Limbs {
            real,
            bound: (LIMB_BOUND, LIMB_BOUND),
        }
    }
}

/// A product's result within `bound`, after the operands' check.
#[track_caller]
fn product(operation: &str, contract: &str, real: real::Halves, bound: Bound) -> Halves {
    below(operation, "lo", bound.0, "I64_BOUND", I64_BOUND);
    below(operation, "hi", bound.1, "I64_BOUND", I64_BOUND);
    let (lo, hi) = (Range::symmetric(bound.0), Range::symmetric(bound.1));
    Halves::checked(operation, contract, real, lo, hi)
}

#[track_caller]
#[inline(never)]
pub(crate) fn mul_wide(a: Limbs, b: Limbs) -> Halves {
    let operation = "mul_wide";
    a.operand(operation);
    b.operand(operation);
    let bound = real::mul_wide_bound(a.bound, b.bound);
    product(
        operation,
        "mul_wide_bound",
        real::mul_wide(a.real, b.real),
        bound,
    )
}

#[track_caller]
#[inline(never)]
pub(crate) fn square_wide(a: Limbs) -> Halves {
    let operation = "square_wide";
    a.operand(operation);
    let bound = real::mul_wide_bound(a.bound, a.bound);
    product(
        operation,
        "mul_wide_bound",
        real::square_wide(a.real),
        bound,
    )
}

#[track_caller]
#[inline(never)]
pub(crate) fn mul_small(a: Limbs, b: Limbs) -> Halves {
    let operation = "mul_small";
    a.operand(operation);
    b.operand(operation);
    let bound = real::mul_small_bound(a.bound, b.bound);
    product(
        operation,
        "mul_small_bound",
        real::mul_small(a.real, b.real),
        bound,
    )
}

/// [`real::mul`]: [`mul_wide`], normalised.
#[track_caller]
#[inline(never)]
pub(crate) fn mul(a: Limbs, b: Limbs) -> Limbs {
    mul_wide(a, b).normalize()
}

/// [`real::square`]: [`square_wide`], normalised.
#[track_caller]
#[inline(never)]
pub(crate) fn square(a: Limbs) -> Limbs {
    square_wide(a).normalize()
}

/// x⁷ through the shadow of each of [`real::pow7`]'s steps, equal to it and within `POW7_BOUND`.
#[track_caller]
#[inline(never)]
pub(crate) fn pow7(x: Limbs) -> Halves {
    let x2 = square_wide(x).normalize();
    let x3 = mul_wide(x2, x).normalize();
    let x4 = square_wide(x2).normalize();
    let steps = mul_small(x4, x3);
    let real = real::pow7(x.real);
    keeps(
        "pow7",
        "its steps",
        (real.lo, real.hi) == (steps.real.lo, steps.real.hi),
    );
    let (lo, hi) = (
        Range::symmetric(POW7_BOUND.0),
        Range::symmetric(POW7_BOUND.1),
    );
    keeps(
        "pow7",
        "POW7_BOUND",
        steps.lo.magnitude() <= lo.max && steps.hi.magnitude() <= hi.max,
    );
    Halves::checked("pow7", "POW7_BOUND", real, lo, hi)
}

#[cfg(test)]
mod tests {
    use super::super::refusal;
    use super::*;

    /// A linear layer of gain 64 (Poseidon2's external layer: a row sums to 64).
    fn gain64(part: [i64; 12]) -> [i64; 12] {
        let sum: i64 = part.iter().sum();
        core::array::from_fn(|i| 52 * part[i] + sum)
    }

    /// A test-only engine: S-boxes, then `layers` linear layers of gain 64 with constants added
    /// after each, left unnormalised, then the sum of the first `lanes` lanes, normalised.
    /// Poseidon2's engine normalises after every layer; this one is lazier.
    fn lazy(layers: usize, lanes: usize) {
        let state = [7u64; 12].map(Halves::split);
        let mut x = state.map(|h| pow7(h.normalize()));
        for _ in 0..layers {
            x = linear(&x, gain64, &[0; 12]);
            x = x.map(|h| h.plus(Halves::split(u64::MAX)));
        }
        let sum = x[1..lanes].iter().fold(x[0], |sum, &lane| sum.plus(lane));
        let _ = sum.normalize();
    }

    #[test]
    fn a_chain_at_the_limit_passes() {
        // POW7_BOUND's high part (below 2^34.1) times 64^4 = 2^24, three times, plus constants:
        // below NORMALIZE_HI_BOUND = 2^60.
        assert_eq!(refusal(|| lazy(4, 3)), None);
    }

    #[test]
    fn one_lazy_addition_too_many_is_refused_naming_the_kernel_and_the_bound() {
        // A fourth such sum takes the high part past 2^60.
        let message = refusal(|| lazy(4, 4)).expect("refused");
        assert!(
            message.starts_with("bound check: Halves::normalize at "),
            "{message}"
        );
        assert!(message.contains("src/field/shadow/limbs.rs"), "{message}");
        assert!(
            message.contains("hi may reach 2^60.")
                && message.contains("not below NORMALIZE_HI_BOUND = 2^60"),
            "{message}"
        );
    }

    #[test]
    fn one_lazy_layer_too_many_is_refused_by_the_layer() {
        // A fifth layer takes the sums past 2^63: the layer itself refuses.
        let message = refusal(|| lazy(5, 1)).expect("refused");
        assert!(message.starts_with("bound check: linear at "), "{message}");
        assert!(message.contains("not below I64_BOUND = 2^63"), "{message}");
    }

    #[test]
    fn a_product_of_unnormalised_halves_is_refused() {
        let message = refusal(|| {
            let wide = mul_wide(Limbs::from_residue(3), Limbs::from_residue(5));
            let limbs = wide.normalize();
            let twice = Limbs {
                real: limbs.real,
                bound: (2 * LIMB_BOUND, LIMB_BOUND),
            };
            let _ = mul_wide(twice, limbs);
        })
        .expect("refused");
        assert!(
            message.starts_with("bound check: mul_wide at ")
                && message.contains("above LIMB_BOUND"),
            "{message}"
        );
    }

    #[test]
    fn to_residue_refuses_a_signed_sum() {
        let message = refusal(|| {
            let _ = pow7(Limbs::from_residue(9)).to_residue();
        })
        .expect("refused");
        assert!(message.contains("Halves::to_residue"), "{message}");
    }
}
