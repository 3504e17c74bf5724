//! The bound-checking shadow of [`super::limbs`] (feature `bound-check`, never in a deployable).
//!
//! Each value is the backend's value plus the bound proven for it; each function asserts that its
//! operands' bounds meet the backend function's contract (the constants and `const fn`s of
//! [`super::limbs`]), calls that function on the values, and gives the result the bound the
//! contract promises, after checking that the value lies within it. Bounds come from bounds, never
//! from values, and the engines' operations do not depend on the values: one run proves every
//! input. A broken contract panics with one line naming the function, the engine's call site
//! (`track_caller`) and the contract.

use super::limbs::{
    self as real, Bound, FROM_RESIDUE_BOUND, I64_BOUND, LIMB_BOUND, NORMALIZE_HI_BOUND,
    NORMALIZE_LO_BOUND, POW7_BOUND, SPLIT_MAX, TO_RESIDUE_BOUND,
};
use core::panic::Location;
use std::format;
use std::string::String;

/// A closed interval of integers a part may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Range {
    pub(crate) min: i128,
    pub(crate) max: i128,
}

impl Range {
    const fn symmetric(magnitude: i128) -> Range {
        Range {
            min: -magnitude,
            max: magnitude,
        }
    }

    const fn magnitude(self) -> i128 {
        if -self.min > self.max {
            -self.min
        } else {
            self.max
        }
    }

    const fn plus(self, other: Range) -> Range {
        Range {
            min: self.min + other.min,
            max: self.max + other.max,
        }
    }

    /// The range of c · x for x in `self`.
    const fn scaled(self, c: i128) -> Range {
        if c >= 0 {
            Range {
                min: c * self.min,
                max: c * self.max,
            }
        } else {
            Range {
                min: c * self.max,
                max: c * self.min,
            }
        }
    }

    const fn contains(self, value: i64) -> bool {
        self.min <= value as i128 && value as i128 <= self.max
    }
}

/// `2^k` for a power of two, else `2^k.kk` (and the integer).
fn log2(x: i128) -> String {
    if x > 0 && x & (x - 1) == 0 {
        format!("2^{}", x.trailing_zeros())
    } else {
        format!("2^{:.2} ({x})", (x as f64).log2())
    }
}

/// Panics naming the operation, the caller and the contract.
#[track_caller]
fn refuse(operation: &str, what: &str, reach: i128, relation: &str, contract: &str, limit: i128) {
    panic!(
        "bound check: {operation} at {}: {what} may reach {}, {relation} {contract} = {}",
        Location::caller(),
        log2(reach),
        log2(limit)
    );
}

/// Requires `reach` ≤ `limit`.
#[track_caller]
fn at_most(operation: &str, what: &str, reach: i128, contract: &str, limit: i128) {
    if reach > limit {
        refuse(operation, what, reach, "above", contract, limit);
    }
}

/// Requires `reach` < `limit`.
#[track_caller]
fn below(operation: &str, what: &str, reach: i128, contract: &str, limit: i128) {
    if reach >= limit {
        refuse(operation, what, reach, "not below", contract, limit);
    }
}

/// A value outside the bound its contract promised: the contract itself is wrong.
#[track_caller]
fn keeps(operation: &str, contract: &str, ok: bool) {
    assert!(
        ok,
        "bound check: {operation} at {}: the result lies outside {contract}",
        Location::caller()
    );
}

/// [`real::Limbs`] with magnitude bounds of its limbs.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Limbs {
    pub(crate) real: real::Limbs,
    pub(crate) bound: Bound,
}

/// [`real::Halves`] with the ranges of its parts.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Halves {
    pub(crate) real: real::Halves,
    pub(crate) lo: Range,
    pub(crate) hi: Range,
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
        real: real::Halves::ZERO,
        lo: Range { min: 0, max: 0 },
        hi: Range { min: 0, max: 0 },
    };

    /// A result of the ranges `lo`, `hi` from `real`, checked against them.
    #[track_caller]
    fn checked(operation: &str, contract: &str, real: real::Halves, lo: Range, hi: Range) -> Self {
        keeps(
            operation,
            contract,
            lo.contains(real.lo) && hi.contains(real.hi),
        );
        Halves { real, lo, hi }
    }

    #[track_caller]
    #[inline(never)]
    pub(crate) fn split(value: u64) -> Halves {
        let range = Range {
            min: 0,
            max: SPLIT_MAX,
        };
        Halves::checked(
            "Halves::split",
            "SPLIT_MAX",
            real::Halves::split(value),
            range,
            range,
        )
    }

    #[track_caller]
    #[inline(never)]
    pub(crate) fn plus(self, other: Halves) -> Halves {
        let (lo, hi) = (self.lo.plus(other.lo), self.hi.plus(other.hi));
        let operation = "Halves::plus";
        below(operation, "lo", lo.magnitude(), "I64_BOUND", I64_BOUND);
        below(operation, "hi", hi.magnitude(), "I64_BOUND", I64_BOUND);
        Halves::checked(operation, "the sum", self.real.plus(other.real), lo, hi)
    }

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

    #[track_caller]
    #[inline(never)]
    pub(crate) fn to_residue(self) -> u64 {
        let operation = "Halves::to_residue";
        for (what, range) in [("lo", self.lo), ("hi", self.hi)] {
            if range.min < 0 {
                let at = Location::caller();
                panic!(
                    "bound check: {operation} at {at}: {what} may reach -{}, below 0, where \
                     the range of TO_RESIDUE_BOUND starts",
                    log2(-range.min)
                );
            }
            below(
                operation,
                what,
                range.max,
                "TO_RESIDUE_BOUND",
                TO_RESIDUE_BOUND,
            );
        }
        self.real.to_residue()
    }
}

/// k · p as halves: a constant, so its own value is its range.
#[inline(never)]
pub(crate) fn p_multiple(shift: u32) -> Halves {
    let real = real::p_multiple(shift);
    let exactly = |part: i64| Range {
        min: part as i128,
        max: part as i128,
    };
    Halves {
        real,
        lo: exactly(real.lo),
        hi: exactly(real.hi),
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
fn square_wide(a: Limbs) -> Halves {
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
fn mul_small(a: Limbs, b: Limbs) -> Halves {
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

/// [`real::linear`]: each output part's range from the layer's entries (read off the images of
/// the unit vectors: the layer is linear) and the input ranges, within ±`I64_BOUND`.
#[track_caller]
#[inline(never)]
pub(crate) fn linear(
    x: &[Halves; 12],
    layer: impl Fn([i64; 12]) -> [i64; 12],
    diagonal: &[i64; 12],
) -> [Halves; 12] {
    let columns: [[i64; 12]; 12] = core::array::from_fn(|i| {
        let mut column = layer(core::array::from_fn(|j| i64::from(i == j)));
        column[i] += diagonal[i];
        column
    });
    let real = real::linear(&x.map(|h| h.real), &layer, diagonal);
    let operation = "linear";
    core::array::from_fn(|r| {
        let mut lo = Range { min: 0, max: 0 };
        let mut hi = lo;
        for (column, lane) in columns.iter().zip(x) {
            lo = lo.plus(lane.lo.scaled(column[r] as i128));
            hi = hi.plus(lane.hi.scaled(column[r] as i128));
        }
        below(operation, "lo", lo.magnitude(), "I64_BOUND", I64_BOUND);
        below(operation, "hi", hi.magnitude(), "I64_BOUND", I64_BOUND);
        Halves::checked(operation, "its entries' sums", real[r], lo, hi)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::panic::catch_unwind;
    use std::string::ToString;

    /// The panic message of `f`, or `None` if it returned.
    fn refusal(f: impl FnOnce() + std::panic::UnwindSafe) -> Option<String> {
        let payload = catch_unwind(f).err()?;
        payload
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
    }

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
        assert!(message.contains("src/field/shadow.rs"), "{message}");
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
