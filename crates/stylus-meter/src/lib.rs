//! Offline Arbitrum Stylus executor and ink meter.
//!
//! Runs a Stylus program's real `.wasm` on Wasmer (singlepass), instrumented the way Nitro
//! instruments it, with Nitro's `vm_hooks`, and reports return data, ink and gas as a Nitro
//! node would charge them. No node is needed.
//!
//! ```no_run
//! let program = stylus_meter::Program::from_file("contract.wasm")?;
//! let report = program.call(&[0x56, 0x15, 0x58, 0xfe])?;
//! println!("{} ink, {} gas cached", report.ink.total, report.gas.cached_call);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! A program is validated and priced at an ArbOS version: [`Program::from_file`] takes the one
//! Arbitrum One runs ([`arbos::ARBITRUM_ONE`], 61), [`Program::from_bytes_at`] any modelled one.
//! [`arbos`] lists every threshold (multi-value refused from ArbOS 59, the recent-program rule
//! and fragments from 60, ...) with the Nitro file it comes from. Calls repeated in a block are
//! priced by [`Block`] (the recent-program rule: from ArbOS 60 an uncached program pays its init
//! once per block, and so at most once per transaction; the transaction's memory pages):
//!
//! ```no_run
//! use stylus_meter::{Arbos, Block, Program};
//! let program = Program::from_file("contract.wasm")?;
//! let mut block = Block::new(Arbos::default());
//! let first = block.call(&program, &[0x56, 0x15, 0x58, 0xfe], false)?; // pays init
//! let again = block.call(&program, &[0x56, 0x15, 0x58, 0xfe], false)?; // charged as cached
//! assert!(first.init_charged && !again.init_charged);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Contracts with state (stylus-sdk `#[storage]`) run as transactions against a world kept by
//! [`evm::Evm`]: storage through Nitro's storage cache, EIP-2929 access lists per transaction,
//! EIP-2200 stores with EIP-3529 refunds, logs; a JSON state file in and out
//! ([`evm::StateFile`]), and a list of transactions in one process ([`txs`]).
//!
//! Prices and formulas come from OffchainLabs/nitro (Stylus versions 2 and 3 share them); each
//! item in [`pricing`], [`activation`] and [`evm::pricing`] names its source file. The calibration
//! test (`tests/calibration.rs`) checks them against the figures Nitro measured at ArbOS 50/51,
//! recorded with their provenance in `calibration/nitro.json`: ink, init costs and node
//! `gasUsed` all match exactly at the version they were measured at.
//!
//! Meter the module that goes on chain: `cargo stylus deploy` appends a `project_hash` section
//! to the file it is given ([`cargo_stylus::as_deployed`]), and Nitro prices what it activates.
//!
//! Not modelled (where Nitro could differ):
//! - the stack-depth limit (Nitro's `DepthChecker`: frame sizes at activation, depth at run
//!   time); a program that overflows Nitro's stack runs here;
//! - the 65,536-opcode limit is checked on the uninstrumented body (Nitro checks after
//!   instrumentation);
//! - calls to other contracts and creates are refused at load time, naming the host function
//!   (out of scope: a program that calls others cannot be metered offline): a transaction is one
//!   call of the program, from an EOA, with no pages already open;
//! - with state: nonces, fees taken from balances, the L1 poster's gas (taken as 0), a
//!   transaction's EIP-2930 access list and EIP-7623's calldata floor (off on Arbitrum unless
//!   enabled) are not modelled.

#![warn(missing_docs)]

pub mod abi;
pub mod activation;
pub mod arbos;
pub mod cargo_stylus;
pub mod deploy;
pub mod error;
pub mod evm;
pub mod features;
pub mod host;
mod meter;
pub mod pricing;
mod program;
pub mod repeated;
mod transact;
pub mod txs;
pub mod vm_hooks;

pub use activation::{Activation, ActivationCharge, Analysis, CodeLayout, Opcodes, Sizes};
pub use arbos::{Arbos, ArbosError};
pub use deploy::brotli_compress;
pub use error::{ExecError, LoadError};
pub use pricing::DEFAULT_INK_LIMIT;
pub use program::{CallReport, GasBreakdown, InkBreakdown, Outcome, Program};
pub use repeated::{Block, FrameCall, FrameGas};
