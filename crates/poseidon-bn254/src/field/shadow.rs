//! The bound checker (feature `bound-check`, never in a shipped build): the backend's operations
//! on a shadow of each value that carries its proven bound.
//!
//! Every operation asks the backend's `contract` for the result's bound given its operands'
//! bounds; a broken precondition panics with one line naming the operation, the engine's call
//! site (`track_caller` through `Fr`, `ops` and `shared`) and the contract's limit. Bounds come
//! from operands' bounds, never from values, and every engine's sequence of operations depends
//! on the input's length only, never on its value: one run of a permutation therefore proves its
//! bounds for every input (`tests/bounds.rs` runs each). The concrete result is also checked
//! against its bound, which tests the contract itself.
//!
//! The wasm32 build runs the same backend functions in the same order; only how constants reach
//! them differs (scalar parameters, `shared` in `field/mod.rs`), so the native run proves its
//! bounds too.

use super::bound::{Bound, Checked};
use core::panic::Location;
use ruint::aliases::U512;

#[cfg(use_u29x9)]
use super::u29x9 as inner;
#[cfg(not(use_u29x9))]
use super::u64x4 as inner;
use inner::contract;

/// The backend's name in messages.
#[cfg(use_u29x9)]
const BACKEND: &str = "u29x9";
#[cfg(not(use_u29x9))]
const BACKEND: &str = "u64x4";

/// Bits per limb of the backend's representation.
#[cfg(use_u29x9)]
const LIMB_BITS: usize = inner::BITS as usize;
#[cfg(not(use_u29x9))]
const LIMB_BITS: usize = 64;

/// A value and its proven bound.
#[derive(Clone, Copy)]
pub struct Repr {
    value: inner::Repr,
    bound: Bound,
}

pub const ZERO: Repr = canonical(inner::ZERO);
pub const ONE: Repr = canonical(inner::ONE);

/// A constant of the backend known to be canonical.
const fn canonical(value: inner::Repr) -> Repr {
    Repr {
        value,
        bound: contract::CANONICAL,
    }
}

pub const fn from_canonical(limbs: &[u64; 4]) -> Repr {
    Repr {
        value: inner::from_canonical(limbs),
        bound: contract::FROM_CANONICAL_RETURNS,
    }
}

#[track_caller]
pub const fn to_canonical(a: &Repr) -> [u64; 4] {
    // const (`Fr::to_limbs` is), so the message cannot be formatted.
    assert!(
        a.bound.within(contract::TO_CANONICAL_TAKES),
        "bound check: to_canonical: the value may exceed TO_CANONICAL_TAKES"
    );
    inner::to_canonical(&a.value)
}

/// The contract's verdict, or a one-line panic naming the operation, the call site and the limit.
#[track_caller]
fn check(operation: &str, verdict: Checked) -> Bound {
    match verdict {
        Ok(bound) => bound,
        Err(violation) => panic!(
            "bound check: {operation} ({BACKEND}) at {}: {violation}",
            Location::caller()
        ),
    }
}

/// The result with its bound, after checking the concrete value lies below it.
#[track_caller]
fn settle(operation: &str, value: inner::Repr, bound: Bound) -> Repr {
    let concrete = value.iter().rev().fold(U512::ZERO, |acc, &limb| {
        (acc << LIMB_BITS) + U512::from(limb)
    });
    assert!(
        bound.holds_for(concrete),
        "bound check: {operation} ({BACKEND}) at {}: its result {concrete:#x} is not below its contract's bound {bound}",
        Location::caller()
    );
    Repr { value, bound }
}

#[track_caller]
#[inline(never)]
pub fn add(a: &Repr, b: &Repr) -> Repr {
    let bound = check("add", contract::add(a.bound, b.bound));
    settle("add", inner::add(&a.value, &b.value), bound)
}

#[track_caller]
#[inline(never)]
pub fn sub(a: &Repr, b: &Repr) -> Repr {
    let bound = check("sub", contract::sub(a.bound, b.bound));
    settle("sub", inner::sub(&a.value, &b.value), bound)
}

#[track_caller]
#[inline(never)]
pub fn add_unreduced(a: &Repr, b: &Repr) -> Repr {
    let bound = check("add_unreduced", contract::add_unreduced(a.bound, b.bound));
    settle(
        "add_unreduced",
        inner::add_unreduced(&a.value, &b.value),
        bound,
    )
}

#[track_caller]
#[inline(never)]
pub fn mul(a: &Repr, b: &Repr) -> Repr {
    let bound = check("mul", contract::mul(a.bound, b.bound));
    settle("mul", inner::mul(&a.value, &b.value), bound)
}

#[track_caller]
#[inline(never)]
pub fn square(a: &Repr) -> Repr {
    let bound = check("square", contract::mul(a.bound, a.bound));
    settle("square", inner::square(&a.value), bound)
}

#[track_caller]
#[inline(never)]
pub fn mul_add(a: &Repr, b: &Repr, c: &Repr) -> Repr {
    let bound = check("mul_add", contract::mul_add(a.bound, b.bound, c.bound));
    settle(
        "mul_add",
        inner::mul_add(&a.value, &b.value, &c.value),
        bound,
    )
}

#[track_caller]
#[inline(never)]
pub fn reduce(a: &Repr) -> Repr {
    let bound = check("reduce", contract::reduce(a.bound));
    settle("reduce", inner::reduce(&a.value), bound)
}

#[track_caller]
#[inline(never)]
pub fn sum_of_products<const N: usize>(a: [&Repr; N], b: [&Repr; N]) -> Repr {
    let terms: [(Bound, Bound); N] = core::array::from_fn(|i| (a[i].bound, b[i].bound));
    let bound = check("sum_of_products", contract::sum_of_products(&terms));
    let value = inner::sum_of_products::<N>(a.map(|x| &x.value), b.map(|x| &x.value));
    settle("sum_of_products", value, bound)
}

/// The checker refuses a broken bound, by name: a test-only engine that takes the S-box of an
/// unreduced sum of canonical lanes. Seven lanes stay below `PRODUCT_TAKES`; an eighth is one
/// unreduced addition too many. (`u64x4` reduces every sum, so no chain of its operations
/// can break a bound.)
#[cfg(all(test, use_u29x9))]
mod tests {
    extern crate std;
    use super::super::kernel::ops;
    use super::super::Fr;
    use std::string::String;

    fn sbox_of_unreduced_sum(lanes: usize) -> Fr {
        let lane = Fr::from_u64(3);
        let mut sum = lane;
        for _ in 1..lanes {
            sum = ops::add_unreduced(&sum, &lane);
        }
        ops::pow5(&sum)
    }

    #[test]
    fn an_engine_within_its_bounds_passes() {
        assert_eq!(sbox_of_unreduced_sum(7), Fr::from_u64(21).pow5());
    }

    #[test]
    fn one_unreduced_addition_too_many_is_refused_by_name() {
        let refusal = std::panic::catch_unwind(|| sbox_of_unreduced_sum(8))
            .expect_err("an S-box input of eight lanes breaks PRODUCT_TAKES");
        let message = refusal.downcast::<String>().expect("a formatted message");
        // The operation, the backend, the engine's line (the `ops::pow5` call above), the bound.
        assert!(
            message.starts_with("bound check: square (u29x9) at ")
                && message.contains("shadow.rs:")
                && message.ends_with("a may reach 8.048p, above PRODUCT_TAKES = 8.000p")
                && !message.contains('\n'),
            "{message}"
        );
    }
}
