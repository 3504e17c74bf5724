//! circomlib's MiMC hashes over the BN254 scalar field, `no_std`, on the same field engine as the
//! `poseidon-bn254` hashes (built for Arbitrum Stylus, where every WASM instruction is metered).
//!
//! ```
//! use mimc_bn254::{mimc7, sponge, Fr};
//! let (xl, _xr) = sponge::hash(Fr::from_u64(1), Fr::from_u64(2), Fr::ZERO);
//! assert_eq!(xl.to_string(), "0x29332b2bad024b96ae4482a1e1fc5ab172b954b5990cae754792046e45b61116");
//! let h = mimc7::hash(Fr::from_u64(1), Fr::from_u64(2));
//! assert_eq!(h.to_string(), "0x176c6eefc3fdf8d6136002d8e6f7a885bbd1c4e3957b93ddc1ec3ae7859f1a08");
//! ```
//!
//! - [`sponge`]: MiMCSponge, a Feistel network with x⁵ and 220 rounds (circomlib's `MiMCSponge`,
//!   circomlibjs's `buildMimcSponge`): `hash` (key and two lanes), `multi_hash`, and Tornado Cash's
//!   two-call Merkle level `hash_left_right` (its `IHasher` is `hash` with key 0).
//! - [`mimc7`]: MiMC7, x⁷ and 91 rounds (circomlib's `MiMC7`, circomlibjs's `buildMimc7`): `hash`
//!   and `multi_hash`.
//!
//! Both equal circomlibjs 0.1.7 (`tests/circomlibjs_differential.rs`); the round constants are
//! derived as circomlibjs derives them ([`constants`]). Inputs are [`Fr`] values, canonical by
//! construction: [`Fr::from_be_bytes`] rejects a word ≥ p, where circomlibjs reduces it.
#![no_std]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod constants;
pub mod mimc7;
pub mod sponge;

pub use poseidon_bn254::{Fr, NotInField};
