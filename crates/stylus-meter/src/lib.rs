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
//! Prices and formulas come from OffchainLabs/nitro (Stylus version 2, ArbOS 50/51); each
//! item in [`pricing`] and [`activation`] names its source file. The calibration test
//! (`tests/calibration.rs`) checks them against the figures Nitro measured, recorded with their
//! provenance in `calibration/nitro.json`: ink, init costs and node `gasUsed` all match exactly.
//!
//! Meter the module that goes on chain: `cargo stylus deploy` appends a `project_hash` section
//! to the file it is given ([`cargo_stylus::as_deployed`]), and Nitro prices what it activates.
//!
//! Not modelled (where Nitro could differ):
//! - the stack-depth limit (Nitro's `DepthChecker`: frame sizes at activation, depth at run
//!   time); a program that overflows Nitro's stack runs here;
//! - the 65,536-opcode limit is checked on the uninstrumented body (Nitro checks after
//!   instrumentation);
//! - the EVM around the program is empty: storage reads/writes, calls, creates and the
//!   block/tx hooks not listed in [`host::HostFn`] are refused at load time;
//! - the program is called by a transaction directly, with no pages already open.

#![warn(missing_docs)]

pub mod abi;
pub mod activation;
pub mod cargo_stylus;
pub mod error;
pub mod evm;
pub mod host;
mod meter;
pub mod pricing;
mod program;
pub mod txs;

pub use activation::{brotli_compress, Activation, Sizes};
pub use error::{ExecError, LoadError};
pub use program::{CallReport, GasBreakdown, InkBreakdown, Outcome, Program, DEFAULT_INK_LIMIT};
