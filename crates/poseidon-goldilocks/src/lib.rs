//! Poseidon and Poseidon2 over the Goldilocks field (p = 2^64 − 2^32 + 1), width 12, with
//! plonky2's sponge and Merkle conventions; `no_std`, allocation-free, no `unsafe`, with
//! arithmetic built for Arbitrum Stylus (WASM, where every instruction is metered).
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
//!   the same sponge shapes.
//! - [`sponge`] and [`merkle`]: `hash_no_pad`, `two_to_one`, `hash_or_noop` and Merkle paths for
//!   either permutation.
//! - [`Goldilocks::new`] rejects values ≥ p with [`NotCanonical`]; nothing is reduced silently.
#![no_std]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

#[cfg(feature = "std")]
extern crate std;

mod field;
mod kernel;
pub mod merkle;
pub mod poseidon;
pub mod poseidon2;
pub mod sponge;

pub use field::{Goldilocks, NotCanonical, P};
pub use sponge::Digest;
