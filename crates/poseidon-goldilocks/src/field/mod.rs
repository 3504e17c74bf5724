//! The Goldilocks field, p = 2^64 − 2^32 + 1.
//!
//! [`Goldilocks`] is a canonical element (its value is below p), the type of every input and
//! output. The permutations take and return raw `u64` lanes instead, where any 64-bit value
//! stands for its residue mod p, as in plonky2, and reduce to a canonical value only when a
//! result leaves the permutation.
//!
//! # Backends
//!
//! The products inside the permutations come from one of two backends, chosen by target
//! (resolved once, in `build.rs`):
//!
//! | target | module | products |
//! |---|---|---|
//! | wasm32 (Stylus), or any target with the feature `backend-limbs` | `limbs` | balanced signed 32-bit limbs: four `i64` products, no 128-bit value (wasm32 has no 64 × 64 → 128 instruction) |
//! | every other target | `native` | one `u128` product and the 2^64 ≡ 2^32 − 1 reduction |
//!
//! `cargo test -p poseidon-goldilocks --features backend-limbs` runs the wasm32 arithmetic natively.
//!
//! # Bound checking
//!
//! Both backends keep values unreduced between calls on purpose; each of their functions states
//! what it accepts and returns as named constants and `const fn`s, in `limbs` and `native`, and
//! in `halves` for the signed halves `lo + hi · 2^32` that both feed the linear layers. The
//! engines reach their backend through `backend`: the module itself, or with the feature
//! `bound-check` (enabled by no deployable) its shadow in `shadow`, whose values carry their
//! proven bounds and whose functions assert each contract on every call, naming the engine's call
//! site. The engines' operations do not depend on the values, so one run of each permutation
//! checks every input (`tests/bounds.rs`):
//!
//! ```sh
//! cargo test -p poseidon-goldilocks --features bound-check --test bounds                 # native
//! cargo test -p poseidon-goldilocks --features bound-check,backend-limbs --test bounds   # limbs
//! ```

pub(crate) mod halves;
#[cfg(use_limbs)]
pub(crate) mod limbs;
#[cfg(not(use_limbs))]
pub(crate) mod native;
#[cfg(feature = "bound-check")]
pub(crate) mod shadow;

/// What the engines call: the target's backend, or its bound-checking shadow.
#[cfg(all(use_limbs, not(feature = "bound-check")))]
pub(crate) use limbs as backend;
#[cfg(all(not(use_limbs), not(feature = "bound-check")))]
pub(crate) use native as backend;
#[cfg(all(use_limbs, feature = "bound-check"))]
pub(crate) use shadow::limbs as backend;
#[cfg(all(not(use_limbs), feature = "bound-check"))]
pub(crate) use shadow::native as backend;

use core::fmt;

/// The modulus p = 2^64 − 2^32 + 1.
pub const P: u64 = 0xffff_ffff_0000_0001;

/// A canonical Goldilocks element: its value is below [`P`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Goldilocks(u64);

/// A 64-bit value that is not a canonical Goldilocks element (it is ≥ p).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotCanonical {
    /// The rejected value.
    pub value: u64,
}

impl fmt::Display for NotCanonical {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} is not a Goldilocks field element (it is >= p = {P})",
            self.value
        )
    }
}

#[cfg(feature = "std")]
impl std::error::Error for NotCanonical {}

impl Goldilocks {
    /// 0.
    pub const ZERO: Goldilocks = Goldilocks(0);
    /// 1.
    pub const ONE: Goldilocks = Goldilocks(1);

    /// The element with this value, rejecting values ≥ p.
    pub const fn new(value: u64) -> Result<Goldilocks, NotCanonical> {
        if value < P {
            Ok(Goldilocks(value))
        } else {
            Err(NotCanonical { value })
        }
    }

    /// The residue of any 64-bit value (`value mod p`). For data that is reduced on purpose;
    /// inputs from users go through [`Goldilocks::new`].
    pub const fn from_noncanonical(value: u64) -> Goldilocks {
        Goldilocks(canonical(value))
    }

    /// The canonical value, below p.
    pub const fn value(self) -> u64 {
        self.0
    }
}

impl fmt::Debug for Goldilocks {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// The canonical value in decimal.
impl fmt::Display for Goldilocks {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

/// `value mod p` (the canonical value).
const fn canonical(value: u64) -> u64 {
    // One subtraction suffices: 2^64 − 1 < 2p.
    if value >= P {
        value - P
    } else {
        value
    }
}

/// Canonical values of elements (an element's `u64` lane).
pub(crate) fn lanes<const N: usize>(elements: &[Goldilocks; N]) -> [u64; N] {
    elements.map(Goldilocks::value)
}
