//! Poseidon and Poseidon2 over the Goldilocks field (p = 2^64 − 2^32 + 1), width 12, with
//! plonky2's sponge and Merkle conventions; `no_std`, allocation-free, no `unsafe`, with
//! arithmetic built for Arbitrum Stylus (WASM, where every instruction is metered) and, natively,
//! for 64-bit CPUs.
//!
//! ```
//! use poseidon_goldilocks::{poseidon, Goldilocks};
//! let digest = |values: [u64; 4]| values.map(|v| Goldilocks::new(v).unwrap());
//! let node = poseidon::two_to_one(&digest([1, 2, 3, 4]), &digest([5, 6, 7, 8]));
//! assert_eq!(node.map(Goldilocks::value)[0], 0xd110_aa6a_4637_3941);
//! ```
//!
//! - [`poseidon`]: plonky2's Poseidon (`PoseidonHash`), equal to the `plonky2` crate 1.1.
//! - [`poseidon2`]: Poseidon2 (HorizenLabs' Goldilocks width-12 instance, as `zkhash` 0.2), with
//!   the same sponge shapes; and Plonky3's default instance ([`poseidon2::plonky3`]).
//! - [`rescue`]: Miden's Rescue permutations, RPO and RPX, equal to miden-crypto 0.28.1's.
//! - [`miden`]: Miden's hashes as miden-crypto 0.28.1 computes them: its sponge, `merge`,
//!   `merge_in_domain` and Merkle paths over Plonky3's Poseidon2, RPO and RPX.
//! - [`sponge`] and [`merkle`]: `hash_no_pad`, `two_to_one`, `hash_or_noop` and Merkle paths for
//!   either permutation.
//! - [`Goldilocks::new`] rejects values ≥ p with [`NotCanonical`]; nothing is reduced silently.
//!
//! # Arithmetic per target
//!
//! Both permutations are one computation with two implementations of its products
//! (`field` docs), picked by target:
//!
//! - wasm32 (the Stylus programs): a 64 × 64 → 128-bit product is a library call there, so every
//!   residue is two signed 32-bit limbs and a product four `i64.mul`; linear layers work on 32-bit
//!   halves with their small matrix entries; the state stays in locals through one loop per
//!   permutation, with round constants copied to the stack (a data segment costs gas on every call).
//! - Elsewhere: one `u128` product and a reduction specific to p; Poseidon's partial rounds take
//!   plonky2's sparse matrices, unrolled into linear forms in lane 0 ([`poseidon::sparse`]), since
//!   full-size products are cheap where there is a multiply instruction for them.
//!
//! The feature `backend-limbs` forces the wasm32 arithmetic on any target, to test it natively.
//! The history of the wasm32 design and its gas, and of the native timings beside plonky2 and
//! Plonky3, is in `CHANGELOG.md`; today's gas is in the repository's `gas-report/`.
#![no_std]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

#[cfg(any(feature = "std", feature = "bound-check"))]
extern crate std;

mod field;
#[cfg(use_limbs)]
mod kernel;
pub mod merkle;
pub mod miden;
pub mod poseidon;
pub mod poseidon2;
pub mod rescue;
pub mod sponge;

pub use field::{Goldilocks, NotCanonical, P};
pub use sponge::Digest;
