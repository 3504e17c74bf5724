//! The EVM around a Stylus program: state, transactions and what Nitro's EVM API charges.
//!
//! Built the way revm is: the host functions ([`crate::host`]) stay thin and ask, through the
//! [`EvmApi`] trait, a [`Frame`] (one program call: Nitro's Rust-side [`StorageCache`] and the EVM
//! API requests of arbos/programs/api.go), whose [`Journal`] keeps one transaction's EIP-2929 access lists,
//! original values (EIP-2200), refund counter (EIP-3529), transient storage and logs, and reads the
//! world through the [`Database`] trait. [`MemoryDb`] is one implementation; the JSON state file
//! ([`StateFile`]) loads into it and is written from it.
//!
//! [`Evm::transact`] runs one transaction from an EOA to the program, with its own cold and warm
//! accounting, and commits its writes when it succeeds (it is defined above the program, in
//! `transact.rs`, so this module never needs the program):
//!
//! ```no_run
//! use stylus_meter::evm::{Evm, StateFile, Tx};
//! let program = stylus_meter::Program::from_file("counter.wasm")?;
//! let mut evm = Evm::new(StateFile::default());
//! let report = evm.transact(&program, &Tx::call(vec![0xd0, 0x9d, 0xe0, 0x8a]))?;
//! println!("{} gas, refund {}", report.gas.cached_call, report.gas.cached_refund);
//! evm.state().write("state.json")?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Prices: [`pricing`] names the Nitro or go-ethereum source of each.

mod api;
mod database;
mod journal;
pub mod pricing;
mod state_file;
mod storage_cache;

pub use api::EvmApi;
pub use database::{Account, Changes, Database, DatabaseCommit, MemoryDb};
pub use journal::{Finished, Journal, Log, TxError};
pub use state_file::{StateFile, StateFileError};
pub use storage_cache::StorageCache;

use crate::error::ExecError;
use crate::pricing::{Gas, DEFAULT_INK_LIMIT};
use alloy_primitives::{Address, B256, U256};
use std::sync::Arc;

/// A Nitro dev node's chain id (`chainid` unless the state file says otherwise).
pub const DEV_CHAIN_ID: u64 = 412_346;
/// The gas limit Arbitrum blocks report (`GethBlockGasLimit` = 2^50, arbos/l2pricing).
pub const ARBITRUM_BLOCK_GAS_LIMIT: u64 = 1 << 50;

/// The block a transaction runs in: what the `block_*`, `chainid` and `tx_gas_price` host
/// functions read (Nitro's `EvmData`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct BlockEnv {
    /// `block_number` (on Arbitrum, an L1 block number estimate).
    pub number: u64,
    /// `block_timestamp`, seconds.
    pub timestamp: u64,
    /// `block_basefee` in wei; also `tx_gas_price` (on Arbitrum the gas price is the basefee).
    pub basefee: U256,
    /// `block_coinbase` (warm in every transaction, EIP-3651).
    pub coinbase: Address,
    /// `block_gas_limit`.
    pub gas_limit: u64,
    /// `chainid`.
    pub chain_id: u64,
}

impl Default for BlockEnv {
    fn default() -> Self {
        BlockEnv {
            number: 0,
            timestamp: 0,
            basefee: U256::ZERO,
            coinbase: Address::ZERO,
            gas_limit: ARBITRUM_BLOCK_GAS_LIMIT,
            chain_id: DEV_CHAIN_ID,
        }
    }
}

/// A transaction from an EOA to the program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tx {
    /// The sender: `msg_sender` and `tx_origin`.
    pub from: Address,
    /// The program's address: `contract_address`, and where its storage lives.
    pub to: Address,
    /// Wei sent (`msg_value`), moved from `from` to `to` before the program runs.
    pub value: U256,
    /// The calldata.
    pub calldata: Vec<u8>,
    /// Ink the program may spend.
    pub ink_limit: u64,
}

impl Tx {
    /// A call with `calldata` from the zero address to the zero address, no value,
    /// [`DEFAULT_INK_LIMIT`].
    pub fn call(calldata: Vec<u8>) -> Tx {
        Tx {
            from: Address::ZERO,
            to: Address::ZERO,
            value: U256::ZERO,
            calldata,
            ink_limit: DEFAULT_INK_LIMIT,
        }
    }
}

/// Runs transactions against a world and keeps the result (revm's `Evm`).
pub struct Evm {
    pub(crate) db: Arc<MemoryDb>,
    /// The block every transaction runs in.
    pub block: BlockEnv,
}

impl Evm {
    /// A world loaded from a state file.
    pub fn new(state: StateFile) -> Evm {
        let (db, block) = state.into_parts();
        Evm {
            db: Arc::new(db),
            block,
        }
    }

    /// The world now, as a state file.
    pub fn state(&self) -> StateFile {
        StateFile::from_parts(&self.db, self.block)
    }

    /// The world now.
    pub fn db(&self) -> &MemoryDb {
        &self.db
    }
}

impl From<TxError> for ExecError {
    fn from(e: TxError) -> Self {
        ExecError::Transaction(e.to_string())
    }
}

/// Gas bought through Nitro's EVM API during a call, by what it paid for (all of it is in the
/// call's ink: `ink.host_io`, and so in `gas.execution`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct EvmGas {
    /// `storage_load_bytes32`: EIP-2929 reads of slots the call had not cached (2,100 cold, 100
    /// warm, + the EVM API's 5), and the cache's read counter.
    pub storage_load: u64,
    /// `storage_cache_bytes32`'s write counter and `storage_flush_cache`'s `SetTrieSlots`
    /// (EIP-2200 stores with EIP-2929 cold charges).
    pub storage_store: u64,
    /// `emit_log`: 375 per log and topic, 8 per data byte.
    pub logs: u64,
    /// `account_*`: EIP-2929 account access (and the code charge).
    pub accounts: u64,
    /// `transient_*`: 100 each.
    pub transient: u64,
    /// Slots `storage_flush_cache` sent to the EVM.
    pub slots_stored: u64,
    /// Slots read from the EVM (cache misses).
    pub slots_loaded: u64,
}

/// One program call's side of the EVM API: the storage cache, the request caches of
/// `EvmApiRequestor` (crates/arbutil/src/evm/req.rs) and the transaction's [`Journal`].
pub struct Frame {
    journal: Journal,
    cache: StorageCache,
    /// The block.
    pub block: BlockEnv,
    /// `msg_sender` and `tx_origin` (a transaction from an EOA).
    pub sender: Address,
    /// `contract_address`.
    pub contract: Address,
    /// `msg_value`.
    pub value: U256,
    last_code: Option<(Address, Vec<u8>)>,
    /// Gas bought through the EVM API so far.
    pub gas: EvmGas,
}

impl Default for Frame {
    /// A call in an empty world, from and to the zero address.
    fn default() -> Self {
        let db: Arc<dyn Database + Send + Sync> = Arc::new(MemoryDb::default());
        let tx = Tx::call(Vec::new());
        let journal = Journal::begin(db, tx.from, tx.to, Address::ZERO);
        Frame::new(journal, BlockEnv::default(), &tx)
    }
}

impl Frame {
    /// The call `tx` makes in `journal`'s transaction.
    pub fn new(journal: Journal, block: BlockEnv, tx: &Tx) -> Frame {
        Frame {
            journal,
            cache: StorageCache::default(),
            block,
            sender: tx.from,
            contract: tx.to,
            value: tx.value,
            last_code: None,
            gas: EvmGas::default(),
        }
    }

    /// Ends the call's transaction (see [`Journal::finish`]).
    pub fn finish(self, success: bool) -> (Finished, EvmGas) {
        (self.journal.finish(success), self.gas)
    }
}

/// Nitro's EVM API requests (req.rs and arbos/programs/api.go).
impl EvmApi for Frame {
    fn block(&self) -> &BlockEnv {
        &self.block
    }

    fn sender(&self) -> Address {
        self.sender
    }

    fn contract(&self) -> Address {
        self.contract
    }

    fn value(&self) -> U256 {
        self.value
    }

    /// `get_bytes32` (req.rs): the cache's read gas, and on a miss `GetBytes32`'s EIP-2929 gas
    /// plus the EVM API's.
    fn storage_load(&mut self, key: B256) -> (B256, Gas) {
        let (cached, mut gas) = self.cache.read(key);
        let value = match cached {
            Some(value) => value,
            None => {
                let (value, evm_gas) = self.journal.load(self.contract, key);
                gas += evm_gas + pricing::STORAGE_LOAD_API_GAS;
                self.cache.insert_known(key, value);
                self.gas.slots_loaded += 1;
                value
            }
        };
        self.gas.storage_load += gas;
        (value, Gas(gas))
    }

    /// `cache_bytes32` (req.rs): the cache's write gas.
    fn storage_cache(&mut self, key: B256, value: B256) -> Gas {
        let gas = self.cache.write(key, value);
        self.gas.storage_store += gas;
        Gas(gas)
    }

    /// `flush_storage_cache` (req.rs) and `SetTrieSlots` (api.go): sends the changed slots, each
    /// priced as an SSTORE, with `gas_left` to spend. Returns the gas spent, or `None` when it ran
    /// out (Nitro then charges everything left: the call runs out of ink).
    fn storage_flush(&mut self, clear: bool, Gas(gas_left): Gas) -> Option<Gas> {
        let slots = self.cache.flush(clear);
        if slots.is_empty() {
            return Some(Gas(0)); // no request is made
        }
        let mut left = gas_left;
        for (key, value) in slots {
            let gas = self.journal.store(self.contract, key, value, left)?;
            left -= gas;
            self.gas.slots_stored += 1;
        }
        if left == 0 {
            return None; // api.go: a flush that leaves no gas is out of gas
        }
        self.gas.storage_store += gas_left - left;
        Some(Gas(gas_left - left))
    }

    /// `GetTransientBytes32`.
    fn transient_load(&mut self, key: B256) -> B256 {
        self.gas.transient += pricing::TRANSIENT_GAS;
        self.journal.transient_load(self.contract, key)
    }

    /// `SetTransientBytes32`.
    fn transient_store(&mut self, key: B256, value: B256) {
        self.gas.transient += pricing::TRANSIENT_GAS;
        self.journal.transient_store(self.contract, key, value)
    }

    /// `AccountBalance`.
    fn account_balance(&mut self, address: Address) -> (U256, Gas) {
        let (balance, gas) = self.journal.account_balance(address);
        self.gas.accounts += gas;
        (balance, Gas(gas))
    }

    /// `account_code` (req.rs): the last address's code is remembered and costs nothing again
    /// (from ArbOS 40 only when it is nonempty); otherwise `AccountCode`.
    fn account_code(&mut self, address: Address, Gas(gas_left): Gas) -> (Vec<u8>, Gas) {
        if let Some((last, code)) = &self.last_code {
            if *last == address {
                return (code.clone(), Gas(0));
            }
        }
        let (code, gas) = self.journal.account_code(address, gas_left);
        // only nonempty code is remembered (from ArbOS 40,
        // `ARBOS_VERSION_STYLUS_LAST_CODE_CACHE_FIX`, crates/arbutil/src/evm/mod.rs; the meter
        // models 50 and later)
        if !code.is_empty() {
            self.last_code = Some((address, code.clone()));
        }
        self.gas.accounts += gas;
        (code, Gas(gas))
    }

    /// `AccountCodeHash`.
    fn account_codehash(&mut self, address: Address) -> (B256, Gas) {
        let (hash, gas) = self.journal.account_codehash(address);
        self.gas.accounts += gas;
        (hash, Gas(gas))
    }

    /// `EmitLog`, whose gas `log_gas` the host function has paid.
    fn emit_log(&mut self, topics: Vec<B256>, data: Vec<u8>, Gas(gas): Gas) {
        self.gas.logs += gas;
        self.journal.emit_log(Log {
            address: self.contract,
            topics,
            data,
        });
    }
}

/// The precompiles every transaction starts with warm (`vm.ActivePrecompiles` in
/// go-ethereum's `StateDB.Prepare`): Ethereum's 0x01–0x11 (Prague), RIP-7212's P256VERIFY at
/// 0x100 (Arbitrum from ArbOS 30), and ArbOS's own (nitro precompiles/precompile.go: ArbSys 0x64
/// to ArbNativeTokenManager 0x73, ArbDebug 0xff, ArbosActs 0xa4b05).
pub fn precompiles() -> impl Iterator<Item = Address> {
    let ethereum = 0x01..=0x11u64;
    let arbos = (0x64..=0x73u64).filter(|&a| a != 0x6a);
    ethereum
        .chain(arbos)
        .chain([0xff, 0x100, 0xa4b05])
        .map(|n| Address::left_padding_from(&n.to_be_bytes()))
}

fn serialize_hex<S: serde::Serializer>(bytes: &[u8], s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&format!("0x{}", alloy_primitives::hex::encode(bytes)))
}
