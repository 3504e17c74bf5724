//! Poseidon over BN254 as an Arbitrum Stylus program: a thin shell (ABI decoding, input checks,
//! custom-error encoding) around [`poseidon_bn254`].
//!
//! ```
//! use alloy_primitives::U256;
//! use alloy_sol_types::SolCall;
//! use poseidon_stylus::{abi::IPoseidonT3Hasher::hashCall, dispatch::dispatch};
//!
//! let calldata = hashCall { a: U256::from(1), b: U256::from(2) }.abi_encode();
//! let hash = hashCall::abi_decode_returns(&dispatch(&calldata).unwrap()).unwrap();
//! assert_eq!(format!("{hash:#x}"), "0x115cc0f5e7d690413df64c6b9662e9cf2a3617f2743245519e19607a4417189a");
//! ```
//!
//! Functions are grouped by cargo feature (`hash2` by default; `merkle` (with `hash2`), `hash1`,
//! `hash3`, `hash4`, `hash5`, `hash6`, `poseidon2`, `noir`, `poseidon2-t2`, `poseidon2-t3`,
//! `poseidon2-codex`, `goldilocks`, `mimc`, `miden-poseidon2`, `rpo`, `rpx` as separate deployables); see README.md for which build holds what.
// no_std for our own code; std is still linked on wasm32 because stylus-core depends on it
// (lazy_static), and it provides the panic handler (panic = "abort": a panic traps). No panic
// is reachable in the program (see `entry`), so none of that handler ends up in it.
#![cfg_attr(target_arch = "wasm32", no_std)]
#![warn(missing_docs)]

extern crate alloc;

pub mod abi;
pub mod calldata;
pub mod dispatch;
#[cfg(any(test, feature = "std"))]
pub mod export;
pub mod functions;
#[cfg(any(
    test,
    feature = "goldilocks",
    feature = "miden-poseidon2",
    feature = "rpo",
    feature = "rpx"
))]
pub mod goldilocks;
#[cfg(any(test, feature = "miden-poseidon2", feature = "rpo", feature = "rpx"))]
pub mod miden;
#[cfg(any(test, feature = "mimc"))]
pub mod mimc;
#[cfg(any(
    test,
    feature = "noir",
    feature = "poseidon2-t3",
    feature = "poseidon2-t2",
    feature = "poseidon2-codex"
))]
pub mod poseidon2;
pub mod returndata;
pub mod routes;
pub mod selectors;

#[cfg(test)]
mod tests;

#[cfg(target_arch = "wasm32")]
mod allocator;
#[cfg(target_arch = "wasm32")]
mod entry;
