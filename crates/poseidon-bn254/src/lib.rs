//! Poseidon hashes over the BN254 scalar field, `no_std`, with arithmetic built for Arbitrum
//! Stylus (WASM, where every instruction is metered) and fast natively.
//!
//! ```
//! use poseidon_bn254::{poseidon, Fr};
//! let h = poseidon::hash2(&[Fr::from_u64(1), Fr::from_u64(2)]);
//! assert_eq!(h.to_string(), "0x115cc0f5e7d690413df64c6b9662e9cf2a3617f2743245519e19607a4417189a");
//! ```
//!
//! - [`poseidon`]: circomlib Poseidon for 1–16 inputs (`hash1` … `hash16`, every width circomlib
//!   defines), equal to circomlibjs; iden3's sponge over six-element frames ([`poseidon::sponge`]).
//! - [`poseidon2`]: Poseidon2 t = 2, 3, 4 in both HorizenLabs parameter sets (every instance's
//!   permutation), openzeppelin-crypto 0.3's two-input hash, Noir's hash ([`poseidon2::noir`]) and
//!   TaceoLabs' compression.
//! - [`Fr`]: the field. [`Fr::from_be_bytes`] rejects values ≥ p with [`NotInField`];
//!   nothing is ever reduced silently.
//! - `abi` (feature `abi`): the Solidity error `InputNotInField(uint256 position, uint256 value)`
//!   declared with alloy's `sol!`, for contracts that reject inputs as the stylus-poseidon
//!   programs do (a stylus-sdk function can return `Result<_, InputNotInField>`).
#![no_std]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

#[cfg(feature = "std")]
extern crate std;

#[cfg(feature = "abi")]
pub mod abi;
mod field;
pub mod poseidon;
pub mod poseidon2;

pub use field::{Fr, NotInField, MODULUS_LIMBS};
