//! The command line: subcommands, their flags and the world a call runs in.

use crate::{bad_input, Failure};
use alloy_primitives::Address;
use clap::{Parser, Subcommand};
use std::path::PathBuf;
use stylus_meter::arbos::Arbos;
use stylus_meter::evm::{Evm, StateFile, Tx};

/// Offline Arbitrum Stylus executor and ink meter (Nitro's pricing, no node needed).
#[derive(Parser)]
#[command(name = "stylus-meter", version)]
pub(crate) struct Cli {
    #[command(subcommand)]
    pub(crate) command: Command,
    /// ArbOS version whose Stylus rules apply (validation, size limits, charges, the
    /// recent-program rule): 50 to 61. Default: 61, what Arbitrum One runs.
    #[arg(long, global = true, default_value = "61", value_parser = parse_arbos)]
    pub(crate) arbos: Arbos,
}

pub(crate) fn parse_arbos(text: &str) -> Result<Arbos, stylus_meter::ArbosError> {
    text.parse()
}

#[derive(Subcommand)]
pub(crate) enum Command {
    /// Call `user_entrypoint` as one transaction from an EOA (in an empty world, or the --state
    /// one) and report return data, ink, gas, storage gas, refunds and logs.
    Call {
        /// The Stylus program.
        #[arg(long)]
        wasm: PathBuf,
        /// Solidity signature, e.g. 'hash(uint256,uint256)'.
        #[arg(long, conflicts_with = "calldata")]
        sig: Option<String>,
        /// Arguments for --sig, comma-separated: decimal or 0x-hex, arrays as [a,b].
        #[arg(long, allow_hyphen_values = true)]
        args: Option<String>,
        /// Raw calldata as 0x-hex instead of --sig/--args.
        #[arg(long)]
        calldata: Option<String>,
        #[command(flatten)]
        state: StateArgs,
        /// One JSON line instead of a readable summary.
        #[arg(long)]
        json: bool,
    },
    /// Run a list of transactions to the program, one after another, each its own transaction
    /// (cold access lists, refunds), against one state; report each one's outcome, return data,
    /// gas (storage and refunds included) and logs. The module is compiled once.
    Txs {
        /// The Stylus program.
        #[arg(long)]
        wasm: PathBuf,
        /// The transactions: a JSON array of {"sig", "args"} or {"calldata"}, each with an
        /// optional "from", "value" and "label" (see the README).
        #[arg(long)]
        txs: PathBuf,
        /// The contract's interface, to decode return values and custom errors by name: a
        /// Solidity interface (`cargo stylus export-abi` prints one) or `function …;` and
        /// `error …;` lines. A transaction's "sig" may also say `returns (…)`.
        #[arg(long)]
        abi: Option<PathBuf>,
        #[command(flatten)]
        state: StateArgs,
        /// One JSON line instead of a readable table.
        #[arg(long)]
        json: bool,
    },
    /// Does the module activate at --arbos, and what does activating it burn.
    ///
    /// Validity (a refusal names the feature or the function at fault, and the fix), sizes
    /// against the version's limits (one contract, or a root and fragments), init and cached init
    /// gas, footprint, asm estimate, and the gas activation burns, part by part: ArbWasm's fixed
    /// 1,659,168, the chain's ActivationGas (from ArbOS 59; --activation-gas), the fragment reads
    /// and the compile charge. Exits 2 when it does not activate.
    Check {
        /// The Stylus program.
        #[arg(long)]
        wasm: PathBuf,
        /// The chain's ActivationGas parameter, which every activation burns from ArbOS 59. Nitro's
        /// upgrades leave it at 0 and only a chain owner sets it, so the meter cannot know a live
        /// chain's value: read it with `cast call --rpc-url RPC
        /// 0x0000000000000000000000000000000000000071 "activationGas()(uint64)"` (ArbWasm, as
        /// scripts/chain/deploy.mjs does). Default: 0, and `check` says it assumed it.
        #[arg(long)]
        activation_gas: Option<u64>,
        /// One JSON line instead of a readable summary.
        #[arg(long)]
        json: bool,
    },
    /// Price calls repeated in one block by the recent-program rule, each as a call from a contract.
    ///
    /// Each call's gas inside the program's frame: cached init + memory + execution, plus init
    /// for the first call to an uncached program in the block (from ArbOS 60 an uncached program
    /// pays init once per block, and so at most once per transaction; before 60: every call). All
    /// calls are in one transaction (memory pages carry over). No transaction gas (21,000,
    /// calldata) and not the calling contract's own CALL costs.
    Calls {
        /// The Stylus program.
        #[arg(long)]
        wasm: PathBuf,
        /// A file of calldata, one 0x-hex per line (blank lines and lines starting with # skipped).
        #[arg(long)]
        calldata_file: Option<PathBuf>,
        /// Calldata as 0x-hex; repeat the flag for several calls (after those of the file).
        #[arg(long)]
        calldata: Vec<String>,
        /// Solidity signature of one more call, with --args.
        #[arg(long)]
        sig: Option<String>,
        /// Arguments for --sig, comma-separated: decimal or 0x-hex, arrays as [a,b].
        #[arg(long, allow_hyphen_values = true)]
        args: Option<String>,
        /// Make the list of calls this many times in a row.
        #[arg(long, default_value_t = 1)]
        repeat: usize,
        /// The program is not in the chain's cache (ArbWasmCache).
        #[arg(long)]
        uncached: bool,
        /// One JSON line instead of a readable table.
        #[arg(long)]
        json: bool,
    },
    /// Print every ArbOS version threshold, size limit and minimum Nitro release the meter applies
    /// (the scripts read these instead of typing them again).
    Rules {
        /// One JSON line instead of a readable list.
        #[arg(long, conflicts_with = "get")]
        json: bool,
        /// Print one value, named by its path: e.g. `arbitrum_one`, `thresholds.contract_limit`,
        /// `minimum_nitro.61`. Exits 2 naming the path when there is none.
        #[arg(long)]
        get: Option<String>,
    },
    /// Print what deploys the file, byte for byte: its code (0xEFF00000 ‖ brotli(wasm)), the init
    /// code that returns it, their keccak256 hashes and, with --factory, its CREATE2 address.
    Deployment {
        /// The Stylus program, deployed exactly as it is (metered bytes = deployed bytes).
        #[arg(long)]
        wasm: PathBuf,
        /// A CREATE2 factory (e.g. 0x4e59b44847b379578588920cA78FbF26c0B4956C).
        #[arg(long, requires = "salt")]
        factory: Option<String>,
        /// The 32-byte CREATE2 salt, 0x-hex.
        #[arg(long, requires = "factory")]
        salt: Option<String>,
        /// One JSON line instead of a readable summary.
        #[arg(long)]
        json: bool,
    },
}

/// The world a call runs in: state in and out, the program's address, the sender and the value.
#[derive(clap::Args)]
pub(crate) struct StateArgs {
    /// A JSON state file to start from (block, balances, code, storage); default: an empty world.
    #[arg(long)]
    pub(crate) state: Option<PathBuf>,
    /// Where to write the state after the call(s) (may be the --state file).
    #[arg(long)]
    pub(crate) state_out: Option<PathBuf>,
    /// The program's address: `contract_address`, and whose storage it reads and writes. Default:
    /// the address the --state file records (what --state-out wrote), else 0x0 in an empty world.
    #[arg(long)]
    pub(crate) address: Option<Address>,
    /// The transaction's sender (`msg_sender`, `tx_origin`; txs: each transaction's default).
    #[arg(long, default_value_t = Address::ZERO)]
    pub(crate) sender: Address,
    /// Wei sent (`msg_value`), taken from the sender's balance in the state (txs: each
    /// transaction's default).
    #[arg(long, default_value = "0")]
    pub(crate) value: alloy_primitives::U256,
}

impl StateArgs {
    /// The world, and the program's address in it: --address, else the one the state file records;
    /// a state file that records none needs --address (its storage would be read at 0x0), and one
    /// that records another is refused.
    pub(crate) fn evm(&mut self) -> Result<Evm, Failure> {
        let state = match &self.state {
            Some(path) => StateFile::read(path).map_err(bad_input)?,
            None => StateFile::default(),
        };
        let shown = || {
            self.state
                .as_ref()
                .map_or_else(String::new, |p| p.display().to_string())
        };
        self.address = match (self.address, state.program, &self.state) {
            (Some(given), Some(recorded), _) if given != recorded => {
                return Err(bad_input(format!(
                    "--address {given} is not the program {} records ({recorded}): drop --address, or pass a state of that program",
                    shown()
                )))
            }
            (Some(given), _, _) => Some(given),
            (None, Some(recorded), _) => Some(recorded),
            (None, None, Some(_)) => {
                return Err(bad_input(format!(
                    "--state {} records no program address: pass --address (the program's; its storage is read and written there)",
                    shown()
                )))
            }
            (None, None, None) => Some(Address::ZERO),
        };
        Ok(Evm::new(state))
    }

    fn address(&self) -> Address {
        self.address.unwrap_or(Address::ZERO)
    }

    pub(crate) fn tx(&self, calldata: Vec<u8>) -> Tx {
        Tx {
            from: self.sender,
            to: self.address(),
            value: self.value,
            ..Tx::call(calldata)
        }
    }

    /// Writes --state-out, recording the program's address.
    pub(crate) fn save(&self, evm: &Evm) -> Result<(), Failure> {
        match &self.state_out {
            Some(path) => StateFile {
                program: Some(self.address()),
                ..evm.state()
            }
            .write(path)
            .map_err(|e| Failure(1, e.to_string())),
            None => Ok(()),
        }
    }
}
