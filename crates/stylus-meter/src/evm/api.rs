//! The one seam between the host functions and the EVM (Nitro's `EvmApi`,
//! crates/arbutil/src/evm/api.rs): [`crate::host`] asks it, [`Frame`](super::Frame) answers.

use super::BlockEnv;
use crate::pricing::Gas;
use alloy_primitives::{Address, B256, U256};

/// What a host function may ask the EVM, and the gas each answer costs.
pub trait EvmApi: Send + 'static {
    /// The block (`block_*`, `chainid`, `tx_gas_price`).
    fn block(&self) -> &BlockEnv;
    /// `msg_sender` and `tx_origin`.
    fn sender(&self) -> Address;
    /// `contract_address`.
    fn contract(&self) -> Address;
    /// `msg_value`.
    fn value(&self) -> U256;
    /// `get_bytes32`: the value and the gas it costs.
    fn storage_load(&mut self, key: B256) -> (B256, Gas);
    /// `cache_bytes32`: the gas it costs.
    fn storage_cache(&mut self, key: B256, value: B256) -> Gas;
    /// `flush_storage_cache` with `gas_left` to spend: the gas spent, or `None` when it ran out.
    fn storage_flush(&mut self, clear: bool, gas_left: Gas) -> Option<Gas>;
    /// `GetTransientBytes32`.
    fn transient_load(&mut self, key: B256) -> B256;
    /// `SetTransientBytes32`.
    fn transient_store(&mut self, key: B256, value: B256);
    /// `AccountBalance`: the balance and its gas.
    fn account_balance(&mut self, address: Address) -> (U256, Gas);
    /// `account_code` with `gas_left`: the code and its gas.
    fn account_code(&mut self, address: Address, gas_left: Gas) -> (Vec<u8>, Gas);
    /// `AccountCodeHash`: the hash and its gas.
    fn account_codehash(&mut self, address: Address) -> (B256, Gas);
    /// `EmitLog`, whose `gas` the host function has paid.
    fn emit_log(&mut self, topics: Vec<B256>, data: Vec<u8>, gas: Gas);
}
