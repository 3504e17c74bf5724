//! The bound-checking shadows of the field backends (feature `bound-check`, never in a
//! deployable): [`limbs`] of `field::limbs`, [`native`] of `field::native`, and here what both
//! share, the [`Halves`] of `field::halves` and the checks.
//!
//! Each value is the backend's value plus the bound proven for it; each function asserts that its
//! operands' bounds meet the backend function's contract (the constants and `const fn`s of the
//! backend and of `field::halves`), calls that function on the values, and gives the result the
//! bound the contract promises, after checking that the value lies within it. Bounds come from
//! bounds, never from values (a constant's value is its bound), and the engines' operations do
//! not depend on the values: one run proves every input. A broken contract panics with one line
//! naming the function, the engine's call site (`track_caller`) and the contract.

#[cfg(use_limbs)]
pub(crate) mod limbs;
#[cfg(not(use_limbs))]
pub(crate) mod native;

use super::halves::{self as real, I64_BOUND, SPLIT_MAX, TO_RESIDUE_BOUND};
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
    // Used by the limbs' shadow.
    #[cfg_attr(not(use_limbs), allow(dead_code))]
    pub(crate) const fn symmetric(magnitude: i128) -> Range {
        Range {
            min: -magnitude,
            max: magnitude,
        }
    }

    pub(crate) const fn magnitude(self) -> i128 {
        if -self.min > self.max {
            -self.min
        } else {
            self.max
        }
    }

    pub(crate) const fn plus(self, other: Range) -> Range {
        Range {
            min: self.min + other.min,
            max: self.max + other.max,
        }
    }

    /// The range of c · x for x in `self`.
    pub(crate) const fn scaled(self, c: i128) -> Range {
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

    pub(crate) const fn contains(self, value: i64) -> bool {
        self.min <= value as i128 && value as i128 <= self.max
    }
}

/// `2^k` for a power of two, else `2^k.kk` (and the integer).
pub(crate) fn log2(x: i128) -> String {
    if x > 0 && x & (x - 1) == 0 {
        format!("2^{}", x.trailing_zeros())
    } else {
        format!("2^{:.2} ({x})", (x as f64).log2())
    }
}

/// Panics naming the operation, the caller and the contract.
#[track_caller]
pub(crate) fn refuse(
    operation: &str,
    what: &str,
    reach: i128,
    relation: &str,
    contract: &str,
    limit: i128,
) {
    panic!(
        "bound check: {operation} at {}: {what} may reach {}, {relation} {contract} = {}",
        Location::caller(),
        log2(reach),
        log2(limit)
    );
}

/// Requires `reach` < `limit`.
#[track_caller]
pub(crate) fn below(operation: &str, what: &str, reach: i128, contract: &str, limit: i128) {
    if reach >= limit {
        refuse(operation, what, reach, "not below", contract, limit);
    }
}

/// A value outside the bound its contract promised: the contract itself is wrong.
#[track_caller]
pub(crate) fn keeps(operation: &str, contract: &str, ok: bool) {
    assert!(
        ok,
        "bound check: {operation} at {}: the result lies outside {contract}",
        Location::caller()
    );
}

/// [`real::Halves`] with the ranges of its parts.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Halves {
    pub(crate) real: real::Halves,
    pub(crate) lo: Range,
    pub(crate) hi: Range,
}

impl Halves {
    /// A result of the ranges `lo`, `hi` from `real`, checked against them.
    #[track_caller]
    pub(crate) fn checked(
        operation: &str,
        contract: &str,
        real: real::Halves,
        lo: Range,
        hi: Range,
    ) -> Self {
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
pub(crate) const fn p_multiple(shift: u32) -> Halves {
    let real = real::p_multiple(shift);
    Halves {
        real,
        lo: Range {
            min: real.lo as i128,
            max: real.lo as i128,
        },
        hi: Range {
            min: real.hi as i128,
            max: real.hi as i128,
        },
    }
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

/// The panic message of `f`, or `None` if it returned: the shadows' tests of their refusals.
#[cfg(test)]
pub(crate) fn refusal(f: impl FnOnce() + std::panic::UnwindSafe) -> Option<String> {
    use std::string::ToString;
    let payload = std::panic::catch_unwind(f).err()?;
    payload
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
}
