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
//!
//! # Measured cost on Stylus (wasm32)
//!
//! Offline meter (`crates/stylus-meter`, Nitro's pricing, `model` figures) on the Goldilocks
//! deployable (`poseidon_stylus_goldilocks.wasm`, release + `wasm-opt -O3`), one cached
//! `twoToOne([1,2,3,4], [5,6,7,8])` call: execution gas (ink / 10,000) and the whole call
//! (calldata, entry, cached init and execution; a transaction's gas − 21,000). Each row changes
//! one thing from the row above, except the three "instead" rows, each a change to the 635 build.
//!
//! | representation / step | `twoToOne` execution | whole call | `poseidon2TwoToOne` execution |
//! |---|---:|---:|---:|
//! | 32-bit halves, 2^64 ≡ 2^32 − 1 reduction; MDS as 144 small products per half; carries from comparisons; S-box loop; one round per kernel | 992 | 3,076 | 910 |
//! | MDS in the frequency domain (shifts and adds, `poseidon::FrequencyDomain`) and carries from the top bits (no `select`) | 756 | 2,840 | 789 |
//! | unrolled S-boxes, two partial rounds per kernel | 666 | 2,775 | 705 |
//! | no panic path left (a bounds check had linked 400 B of data, ~460 gas of cached init per call) | 666 | 2,311 | 705 |
//! | Poseidon's partial rounds keep lanes 1..11 as halves between the two rounds of a kernel | 637 | 2,281 | 704 |
//! | the contract's decode failures as their own type (no sentinel error) | 635 | 2,277 | 701 |
//! | Poseidon's S-boxes on balanced signed 32-bit limbs (2^64 ≡ 2^32 − 1 without carry detection), plonky2's equivalent partial-round constants ([`poseidon::equivalent`]) | 509 | 2,146 | 701 |
//! | each permutation one function looping over its rounds, state in locals throughout; Poseidon2 on balanced limbs too | **465** | **2,089** | **494** |
//! | instead of 32-bit halves: `u128` products (`__multi3` calls on wasm32; measured on the row above it) | 1,297 | 2,931 | 1,690 |
//! | instead of the frequency-domain MDS: 144 products per half (measured on the same row) | 789 | 2,437 | 705 |
//! | four partial rounds per kernel instead of two (the constants went to a data segment) | 656 | 4,488 | 704 |
//!
//! Where the gas went at the 635 row (static count over the module): the 118 S-boxes (x⁷: two
//! squarings, two products, each reduced) about 45 %, the 30 MDS steps about 43 %, the kernel calls
//! with their state loads and stores most of the rest; the two rows after it cut the S-boxes and the kernel calls.
//!
//! What the prices teach (Nitro `pricing_v1`): `i64.mul` costs 160 ink and an addition 100, but a
//! `select` 1,250 and a branch 765 plus 2,450 for the block it enters, so every carry here is
//! arithmetic; each basic block of the module adds ~0.134 gas to the cached init cost of every
//! call, and each data byte ~0.75 gas.
#![no_std]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

#[cfg(feature = "std")]
extern crate std;

mod field;
#[cfg(use_limbs)]
mod kernel;
pub mod merkle;
pub mod poseidon;
pub mod poseidon2;
pub mod sponge;

pub use field::{Goldilocks, NotCanonical, P};
pub use sponge::Digest;
