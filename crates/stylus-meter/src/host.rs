//! The `vm_hooks` host functions a Stylus program imports, each charging Nitro's ink.
//!
//! Semantics and order of charges follow OffchainLabs/nitro
//! crates/wasm-libraries/user-host-trait/lib.rs (`UserHost`; arbitrator/… in older trees); base
//! prices and EVM gas are in [`crate::evm::pricing`], which names the source of each. The host
//! functions stay thin: what touches the EVM (storage, logs, accounts) is asked of the call's
//! [`Frame`], which answers with the gas Nitro's EVM API charges; the host function buys it.
//!
//! Calls to other contracts and creates (`call_contract`, `delegate_call_contract`,
//! `static_call_contract`, `create1`, `create2`) are refused at load time: no example needs them.

use crate::evm::pricing::{self as evm_pricing, base_ink};
use crate::evm::Frame;
use crate::pricing::{self, INK_PER_GAS};
use alloy_primitives::{Address, B256, U256};
use std::fmt;
use wasmer::{
    AsStoreMut, Function, FunctionEnv, FunctionEnvMut, Global, Imports, Memory, RuntimeError,
    Store, Value,
};
use wasmparser::ValType;

/// A host function this executor provides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HostFn {
    /// `read_args(ptr)`: copies the calldata into memory.
    ReadArgs,
    /// `write_result(ptr, len)`: sets the return data.
    WriteResult,
    /// `exit_early(status)`: stops with status 0 (return) or nonzero (revert).
    ExitEarly,
    /// `pay_for_memory_grow(pages)`: pays for pages before `memory.grow`.
    PayForMemoryGrow,
    /// `storage_load_bytes32(key, dest)`: SLOAD through the call's storage cache.
    StorageLoadBytes32,
    /// `storage_cache_bytes32(key, value)`: SSTORE into the call's storage cache.
    StorageCacheBytes32,
    /// `storage_flush_cache(clear)`: SSTOREs the cache's changed slots.
    StorageFlushCache,
    /// `transient_load_bytes32(key, dest)`: TLOAD.
    TransientLoadBytes32,
    /// `transient_store_bytes32(key, value)`: TSTORE.
    TransientStoreBytes32,
    /// `read_return_data(dest, offset, size) -> written`: nothing, as no call is ever made.
    ReadReturnData,
    /// `return_data_size() -> i32`: 0, as no call is ever made.
    ReturnDataSize,
    /// `emit_log(data, len, topics)`.
    EmitLog,
    /// `account_balance(address, dest)`: BALANCE.
    AccountBalance,
    /// `account_code(address, offset, size, dest) -> written`: EXTCODECOPY.
    AccountCode,
    /// `account_code_size(address) -> i32`: EXTCODESIZE.
    AccountCodeSize,
    /// `account_codehash(address, dest)`: EXTCODEHASH.
    AccountCodehash,
    /// `block_basefee(dest)`.
    BlockBasefee,
    /// `block_coinbase(dest)`.
    BlockCoinbase,
    /// `block_gas_limit() -> i64`.
    BlockGasLimit,
    /// `block_number() -> i64`.
    BlockNumber,
    /// `block_timestamp() -> i64`.
    BlockTimestamp,
    /// `chainid() -> i64`.
    ChainId,
    /// `contract_address(dest)`: the program's address.
    ContractAddress,
    /// `evm_gas_left() -> i64`.
    EvmGasLeft,
    /// `evm_ink_left() -> i64`.
    EvmInkLeft,
    /// `math_div(value, divisor)`: 256-bit DIV in place.
    MathDiv,
    /// `math_mod(value, modulus)`: 256-bit MOD in place.
    MathMod,
    /// `math_pow(value, exponent)`: 256-bit EXP in place.
    MathPow,
    /// `math_add_mod(value, addend, modulus)`: ADDMOD in place.
    MathAddMod,
    /// `math_mul_mod(value, multiplier, modulus)`: MULMOD in place.
    MathMulMod,
    /// `msg_reentrant() -> i32`: 0 (a transaction's only call).
    MsgReentrant,
    /// `msg_sender(dest)`: the transaction's sender.
    MsgSender,
    /// `msg_value(dest)`: the value sent.
    MsgValue,
    /// `native_keccak256(input, len, output)`.
    NativeKeccak256,
    /// `tx_gas_price(dest)`: the basefee (Arbitrum's gas price).
    TxGasPrice,
    /// `tx_ink_price() -> i32`: 10,000.
    TxInkPrice,
    /// `tx_origin(dest)`: the transaction's sender.
    TxOrigin,
}

const I32: ValType = ValType::I32;
const I64: ValType = ValType::I64;

/// Each host function: its import name and signature (crates/stylus/src/native.rs `imports!`;
/// pointers and `usize` are i32 on wasm32).
const HOSTS: [(HostFn, &str, &[ValType], &[ValType]); 37] = [
    (HostFn::ReadArgs, "read_args", &[I32], &[]),
    (HostFn::WriteResult, "write_result", &[I32, I32], &[]),
    (HostFn::ExitEarly, "exit_early", &[I32], &[]),
    (HostFn::PayForMemoryGrow, "pay_for_memory_grow", &[I32], &[]),
    (
        HostFn::StorageLoadBytes32,
        "storage_load_bytes32",
        &[I32, I32],
        &[],
    ),
    (
        HostFn::StorageCacheBytes32,
        "storage_cache_bytes32",
        &[I32, I32],
        &[],
    ),
    (
        HostFn::StorageFlushCache,
        "storage_flush_cache",
        &[I32],
        &[],
    ),
    (
        HostFn::TransientLoadBytes32,
        "transient_load_bytes32",
        &[I32, I32],
        &[],
    ),
    (
        HostFn::TransientStoreBytes32,
        "transient_store_bytes32",
        &[I32, I32],
        &[],
    ),
    (
        HostFn::ReadReturnData,
        "read_return_data",
        &[I32, I32, I32],
        &[I32],
    ),
    (HostFn::ReturnDataSize, "return_data_size", &[], &[I32]),
    (HostFn::EmitLog, "emit_log", &[I32, I32, I32], &[]),
    (HostFn::AccountBalance, "account_balance", &[I32, I32], &[]),
    (
        HostFn::AccountCode,
        "account_code",
        &[I32, I32, I32, I32],
        &[I32],
    ),
    (HostFn::AccountCodeSize, "account_code_size", &[I32], &[I32]),
    (
        HostFn::AccountCodehash,
        "account_codehash",
        &[I32, I32],
        &[],
    ),
    (HostFn::BlockBasefee, "block_basefee", &[I32], &[]),
    (HostFn::BlockCoinbase, "block_coinbase", &[I32], &[]),
    (HostFn::BlockGasLimit, "block_gas_limit", &[], &[I64]),
    (HostFn::BlockNumber, "block_number", &[], &[I64]),
    (HostFn::BlockTimestamp, "block_timestamp", &[], &[I64]),
    (HostFn::ChainId, "chainid", &[], &[I64]),
    (HostFn::ContractAddress, "contract_address", &[I32], &[]),
    (HostFn::EvmGasLeft, "evm_gas_left", &[], &[I64]),
    (HostFn::EvmInkLeft, "evm_ink_left", &[], &[I64]),
    (HostFn::MathDiv, "math_div", &[I32, I32], &[]),
    (HostFn::MathMod, "math_mod", &[I32, I32], &[]),
    (HostFn::MathPow, "math_pow", &[I32, I32], &[]),
    (HostFn::MathAddMod, "math_add_mod", &[I32, I32, I32], &[]),
    (HostFn::MathMulMod, "math_mul_mod", &[I32, I32, I32], &[]),
    (HostFn::MsgReentrant, "msg_reentrant", &[], &[I32]),
    (HostFn::MsgSender, "msg_sender", &[I32], &[]),
    (HostFn::MsgValue, "msg_value", &[I32], &[]),
    (
        HostFn::NativeKeccak256,
        "native_keccak256",
        &[I32, I32, I32],
        &[],
    ),
    (HostFn::TxGasPrice, "tx_gas_price", &[I32], &[]),
    (HostFn::TxInkPrice, "tx_ink_price", &[], &[I32]),
    (HostFn::TxOrigin, "tx_origin", &[I32], &[]),
];

/// The `vm_hooks` Nitro has and this executor refuses, and why.
const REFUSED: [(&str, &str); 5] = [
    ("call_contract", CALLS_NOT_MODELLED),
    ("delegate_call_contract", CALLS_NOT_MODELLED),
    ("static_call_contract", CALLS_NOT_MODELLED),
    ("create1", CALLS_NOT_MODELLED),
    ("create2", CALLS_NOT_MODELLED),
];
const CALLS_NOT_MODELLED: &str = "stylus-meter does not run calls to other contracts or creates \
    (out of scope: what another contract runs and costs is not in this module, so a program that \
    calls or creates contracts cannot be metered offline)";

/// The name of an import this executor does not provide, with the reason when it is a Nitro host
/// function it refuses (for `LoadError::UnsupportedHostFunction`).
pub fn unsupported(name: &str) -> String {
    match REFUSED.iter().find(|(refused, _)| *refused == name) {
        Some((_, why)) => format!("{name}: {why}"),
        None => format!("{name} (not a Nitro host function)"),
    }
}

impl HostFn {
    fn spec(self) -> &'static (HostFn, &'static str, &'static [ValType], &'static [ValType]) {
        HOSTS
            .iter()
            .find(|(host, ..)| *host == self)
            .expect("every host function is in HOSTS")
    }

    /// The import name under `vm_hooks`.
    pub fn name(self) -> &'static str {
        self.spec().1
    }

    /// Looks up a `vm_hooks` import by name.
    pub fn from_name(name: &str) -> Option<HostFn> {
        HOSTS
            .iter()
            .find(|(_, host_name, ..)| *host_name == name)
            .map(|(host, ..)| *host)
    }

    /// Parameter types of the import.
    pub fn params(self) -> &'static [ValType] {
        self.spec().2
    }

    /// Result types of the import.
    pub fn results(self) -> &'static [ValType] {
        self.spec().3
    }
}

/// Why a host function stopped the program.
#[derive(Debug)]
pub(crate) enum Escape {
    /// `exit_early(status)`.
    Exit(u32),
    /// Not enough ink for the host function.
    OutOfInk,
    /// A pointer outside memory, or a malformed argument.
    Fault(String),
}

impl fmt::Display for Escape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Escape::Exit(status) => write!(f, "exit_early({status})"),
            Escape::OutOfInk => write!(f, "out of ink"),
            Escape::Fault(msg) => write!(f, "{msg}"),
        }
    }
}

impl std::error::Error for Escape {}

fn escape(e: Escape) -> RuntimeError {
    RuntimeError::user(Box::new(e))
}

/// Per-call state shared with the host functions.
#[derive(Default)]
pub(crate) struct HostEnv {
    pub memory: Option<Memory>,
    pub ink_left: Option<Global>,
    pub ink_status: Option<Global>,
    pub args: Vec<u8>,
    pub outs: Vec<u8>,
    /// Ink charged by host functions for their own work, I/O and the gas they buy.
    pub host_io_ink: u64,
    /// Ink charged for new memory pages (`pay_for_memory_grow` with pages > 0).
    pub memory_ink: u64,
    /// Gas charged for new memory pages.
    pub memory_gas: u64,
    /// Pages open and ever open in the transaction (Nitro's `AddStylusPages` state).
    pub pages_open: u16,
    pub pages_ever: u16,
    /// The EVM side of the call: storage cache, transaction journal, block and message.
    pub frame: Frame,
}

type Ctx<'a> = FunctionEnvMut<'a, HostEnv>;
type HostResult<T> = Result<T, RuntimeError>;

#[derive(Clone, Copy, PartialEq)]
enum Account {
    HostIo,
    Memory,
}

fn ink_left(ctx: &mut Ctx) -> HostResult<u64> {
    let (env, mut store) = ctx.data_and_store_mut();
    let status = env
        .ink_status
        .as_ref()
        .expect("instrumented")
        .get(&mut store);
    if status.unwrap_i32() != 0 {
        return Err(escape(Escape::OutOfInk));
    }
    let ink = env.ink_left.as_ref().expect("instrumented").get(&mut store);
    Ok(ink.unwrap_i64() as u64)
}

/// `MeteredMachine::buy_ink` (crates/prover/src/programs/meter.rs): exhausts the meter and stops
/// the program when `ink` exceeds what is left.
fn buy_ink(ctx: &mut Ctx, ink: u64, account: Account) -> HostResult<()> {
    let left = ink_left(ctx)?;
    let (env, mut store) = ctx.data_and_store_mut();
    let ink_global = env.ink_left.clone().expect("instrumented");
    if left < ink {
        let status = env.ink_status.clone().expect("instrumented");
        set(&ink_global, &mut store, Value::I64(0))?;
        set(&status, &mut store, Value::I32(1))?;
        return Err(escape(Escape::OutOfInk));
    }
    set(&ink_global, &mut store, Value::I64((left - ink) as i64))?;
    match account {
        Account::HostIo => env.host_io_ink += ink,
        Account::Memory => env.memory_ink += ink,
    }
    Ok(())
}

fn set(global: &Global, store: &mut impl AsStoreMut, value: Value) -> HostResult<()> {
    global.set(store, value)
}

fn io(ctx: &mut Ctx, ink: u64) -> HostResult<()> {
    buy_ink(ctx, ink, Account::HostIo)
}

/// `buy_gas`: gas as ink, 10,000 a unit.
fn buy_gas(ctx: &mut Ctx, gas: u64) -> HostResult<()> {
    io(ctx, gas.saturating_mul(INK_PER_GAS))
}

/// `require_gas`: checks, without burning, that `gas` is left.
fn require_gas(ctx: &mut Ctx, gas: u64) -> HostResult<()> {
    if ink_left(ctx)? < gas.saturating_mul(INK_PER_GAS) {
        return Err(escape(Escape::OutOfInk));
    }
    Ok(())
}

/// `gas_left`: the ink left in gas, rounded down.
fn gas_left(ctx: &mut Ctx) -> HostResult<u64> {
    Ok(ink_left(ctx)? / INK_PER_GAS)
}

fn frame<'a>(ctx: &'a mut Ctx) -> &'a mut Frame {
    &mut ctx.data_mut().frame
}

fn read(ctx: &mut Ctx, ptr: i32, len: u32) -> HostResult<Vec<u8>> {
    let (env, store) = ctx.data_and_store_mut();
    let view = env.memory.as_ref().expect("memory export").view(&store);
    let mut buf = vec![0; len as usize];
    view.read(ptr as u32 as u64, &mut buf).map_err(|e| {
        escape(Escape::Fault(format!(
            "reading {len} bytes at {}: {e}",
            ptr as u32
        )))
    })?;
    Ok(buf)
}

fn read_word(ctx: &mut Ctx, ptr: i32) -> HostResult<B256> {
    read(ctx, ptr, 32).map(|bytes| B256::from_slice(&bytes))
}

fn read_u256(ctx: &mut Ctx, ptr: i32) -> HostResult<U256> {
    read_word(ctx, ptr).map(|word| U256::from_be_bytes(word.0))
}

fn read_address(ctx: &mut Ctx, ptr: i32) -> HostResult<Address> {
    read(ctx, ptr, 20).map(|bytes| Address::from_slice(&bytes))
}

fn write(ctx: &mut Ctx, ptr: i32, data: &[u8]) -> HostResult<()> {
    let (env, store) = ctx.data_and_store_mut();
    let view = env.memory.as_ref().expect("memory export").view(&store);
    view.write(ptr as u32 as u64, data).map_err(|e| {
        escape(Escape::Fault(format!(
            "writing {} bytes at {}: {e}",
            data.len(),
            ptr as u32
        )))
    })
}

fn read_args(mut ctx: Ctx, ptr: i32) -> HostResult<()> {
    let len = ctx.data().args.len() as u32;
    io(&mut ctx, base_ink::READ_ARGS)?;
    io(&mut ctx, pricing::write_price(len))?;
    let args = ctx.data().args.clone();
    write(&mut ctx, ptr, &args)
}

fn write_result(mut ctx: Ctx, ptr: i32, len: i32) -> HostResult<()> {
    let len = len as u32;
    io(&mut ctx, base_ink::WRITE_RESULT)?;
    io(&mut ctx, pricing::read_price(len))?;
    // the data is read again into geth after the call
    io(&mut ctx, pricing::read_price(len))?;
    let outs = read(&mut ctx, ptr, len)?;
    ctx.data_mut().outs = outs;
    Ok(())
}

fn exit_early(_ctx: Ctx, status: i32) -> HostResult<()> {
    Err(escape(Escape::Exit(status as u32)))
}

fn pay_for_memory_grow(mut ctx: Ctx, pages: i32) -> HostResult<()> {
    let pages = pages as u32 as u16;
    if pages == 0 {
        return io(&mut ctx, base_ink::PLAIN);
    }
    // Go's `AddPages` (arbos/programs/api.go): price against the pages open so far
    let env = ctx.data_mut();
    let gas = pricing::memory_pages_gas(pages, env.pages_open, env.pages_ever);
    env.pages_open = env.pages_open.saturating_add(pages);
    env.pages_ever = env.pages_ever.max(env.pages_open);
    env.memory_gas += gas;
    buy_ink(&mut ctx, gas.saturating_mul(INK_PER_GAS), Account::Memory)
}

fn storage_load_bytes32(mut ctx: Ctx, key: i32, dest: i32) -> HostResult<()> {
    io(&mut ctx, base_ink::STORAGE_LOAD)?;
    // enough for a cache miss on a cold slot
    require_gas(
        &mut ctx,
        evm_pricing::COLD_SLOAD_GAS
            + evm_pricing::CACHE_ACCESS_GAS
            + evm_pricing::STORAGE_LOAD_API_GAS,
    )?;
    let key = read_word(&mut ctx, key)?;
    let (value, gas) = frame(&mut ctx).storage_load(key);
    buy_gas(&mut ctx, gas)?;
    write(&mut ctx, dest, value.as_slice())
}

fn storage_cache_bytes32(mut ctx: Ctx, key: i32, value: i32) -> HostResult<()> {
    io(&mut ctx, base_ink::STORAGE_CACHE)?;
    // the SSTORE sentry, though the store itself happens at the flush
    require_gas(
        &mut ctx,
        evm_pricing::SSTORE_SENTRY_GAS + evm_pricing::CACHE_ACCESS_GAS,
    )?;
    let key = read_word(&mut ctx, key)?;
    let value = read_word(&mut ctx, value)?;
    let gas = frame(&mut ctx).storage_cache(key, value);
    buy_gas(&mut ctx, gas)
}

fn storage_flush_cache(mut ctx: Ctx, clear: i32) -> HostResult<()> {
    io(&mut ctx, base_ink::STORAGE_FLUSH)?;
    require_gas(&mut ctx, evm_pricing::SSTORE_SENTRY_GAS)?;
    // Nitro offers the EVM one more than the gas left, so a flush may use all of it
    let offered = gas_left(&mut ctx)? + 1;
    // the flush's gas is bought (from ArbOS 32, `ARBOS_VERSION_STYLUS_CHARGING_FIXES`; the meter
    // models 50 and later)
    match frame(&mut ctx).storage_flush(clear != 0, offered) {
        Some(gas) => buy_gas(&mut ctx, gas),
        // out of gas: the EVM took all it was offered, more than is left
        None => buy_gas(&mut ctx, offered),
    }
}

fn transient_load_bytes32(mut ctx: Ctx, key: i32, dest: i32) -> HostResult<()> {
    io(&mut ctx, base_ink::TRANSIENT_LOAD)?;
    buy_gas(&mut ctx, evm_pricing::TRANSIENT_GAS)?;
    let key = read_word(&mut ctx, key)?;
    let value = frame(&mut ctx).transient_load(key);
    write(&mut ctx, dest, value.as_slice())
}

fn transient_store_bytes32(mut ctx: Ctx, key: i32, value: i32) -> HostResult<()> {
    io(&mut ctx, base_ink::TRANSIENT_STORE)?;
    buy_gas(&mut ctx, evm_pricing::TRANSIENT_GAS)?;
    let key = read_word(&mut ctx, key)?;
    let value = read_word(&mut ctx, value)?;
    frame(&mut ctx).transient_store(key, value);
    Ok(())
}

/// No call is ever made, so the return data is always empty: Nitro pays for writing
/// `min(size, 0)` bytes and writes nothing.
fn read_return_data(mut ctx: Ctx, _dest: i32, _offset: i32, _size: i32) -> HostResult<i32> {
    io(&mut ctx, base_ink::READ_RETURN_DATA)?;
    io(&mut ctx, pricing::write_price(0))?;
    Ok(0)
}

fn emit_log(mut ctx: Ctx, data: i32, len: i32, topics: i32) -> HostResult<()> {
    let (len, topics) = (len as u32, topics as u32);
    io(&mut ctx, base_ink::EMIT_LOG)?;
    if topics > 4 || len < topics * 32 {
        return Err(escape(Escape::Fault("emit_log: bad topic data".into())));
    }
    io(&mut ctx, pricing::read_price(len))?;
    let gas = evm_pricing::log_gas(topics, len - topics * 32);
    buy_gas(&mut ctx, gas)?;
    let mut bytes = read(&mut ctx, data, len)?;
    let rest = bytes.split_off(topics as usize * 32);
    let topics = bytes.chunks(32).map(B256::from_slice).collect();
    frame(&mut ctx).emit_log(topics, rest, gas);
    Ok(())
}

fn account_balance(mut ctx: Ctx, address: i32, dest: i32) -> HostResult<()> {
    io(&mut ctx, base_ink::ACCOUNT_BALANCE)?;
    require_gas(&mut ctx, evm_pricing::COLD_ACCOUNT_GAS)?;
    let address = read_address(&mut ctx, address)?;
    let (balance, gas) = frame(&mut ctx).account_balance(address);
    buy_gas(&mut ctx, gas)?;
    write(&mut ctx, dest, &balance.to_be_bytes::<32>())
}

/// `arbutil::slice_with_runoff`: the part of `data[start..end]` that exists.
fn slice_with_runoff(data: &[u8], start: u32, end: u32) -> &[u8] {
    let len = data.len();
    let (start, end) = ((start as usize).min(len), (end as usize).min(len));
    data.get(start..end).unwrap_or_default()
}

fn account_code(mut ctx: Ctx, address: i32, offset: i32, size: i32, dest: i32) -> HostResult<i32> {
    io(&mut ctx, base_ink::ACCOUNT_CODE)?;
    require_gas(&mut ctx, evm_pricing::COLD_ACCOUNT_GAS)?;
    let address = read_address(&mut ctx, address)?;
    let left = gas_left(&mut ctx)?;
    let (code, gas) = frame(&mut ctx).account_code(address, left);
    buy_gas(&mut ctx, gas)?;
    io(&mut ctx, pricing::write_price(code.len() as u32))?;
    let (offset, size) = (offset as u32, size as u32);
    let part = slice_with_runoff(&code, offset, offset.saturating_add(size));
    write(&mut ctx, dest, part)?;
    Ok(part.len() as i32)
}

fn account_code_size(mut ctx: Ctx, address: i32) -> HostResult<i32> {
    io(&mut ctx, base_ink::ACCOUNT_CODE_SIZE)?;
    require_gas(&mut ctx, evm_pricing::COLD_ACCOUNT_GAS)?;
    let address = read_address(&mut ctx, address)?;
    let left = gas_left(&mut ctx)?;
    let (code, gas) = frame(&mut ctx).account_code(address, left);
    buy_gas(&mut ctx, gas)?;
    Ok(code.len() as i32)
}

fn account_codehash(mut ctx: Ctx, address: i32, dest: i32) -> HostResult<()> {
    io(&mut ctx, base_ink::ACCOUNT_CODE_HASH)?;
    require_gas(&mut ctx, evm_pricing::COLD_ACCOUNT_GAS)?;
    let address = read_address(&mut ctx, address)?;
    let (hash, gas) = frame(&mut ctx).account_codehash(address);
    buy_gas(&mut ctx, gas)?;
    write(&mut ctx, dest, hash.as_slice())
}

/// A host function that writes one value the call already knows (`block_basefee`,
/// `msg_sender`, ...): one pointer's price.
fn write_known(mut ctx: Ctx, dest: i32, value: impl Fn(&Frame) -> Vec<u8>) -> HostResult<()> {
    io(&mut ctx, base_ink::ONE_POINTER)?;
    let bytes = value(frame(&mut ctx));
    write(&mut ctx, dest, &bytes)
}

/// A host function that returns one value (`block_number`, `chainid`, ...): the plain price.
fn plain<T>(mut ctx: Ctx, value: impl Fn(&Frame) -> T) -> HostResult<T> {
    io(&mut ctx, base_ink::PLAIN)?;
    Ok(value(frame(&mut ctx)))
}

/// `math_*`: `operands` words read from the pointers, `op` of them written over the first.
fn math(mut ctx: Ctx, ink: u64, pointers: &[i32], op: impl Fn(&[U256]) -> U256) -> HostResult<()> {
    io(&mut ctx, ink)?;
    let values = pointers
        .iter()
        .map(|&ptr| read_u256(&mut ctx, ptr))
        .collect::<HostResult<Vec<_>>>()?;
    write(&mut ctx, pointers[0], &op(&values).to_be_bytes::<32>())
}

fn math_pow(mut ctx: Ctx, value: i32, exponent: i32) -> HostResult<()> {
    io(&mut ctx, base_ink::MATH_POW)?;
    let base = read_u256(&mut ctx, value)?;
    let exponent = read_word(&mut ctx, exponent)?;
    io(&mut ctx, evm_pricing::pow_ink(&exponent))?;
    let result = base.wrapping_pow(U256::from_be_bytes(exponent.0));
    write(&mut ctx, value, &result.to_be_bytes::<32>())
}

fn native_keccak256(mut ctx: Ctx, input: i32, len: i32, output: i32) -> HostResult<()> {
    let len = len as u32;
    io(&mut ctx, pricing::keccak_price(len))?;
    let preimage = read(&mut ctx, input, len)?;
    let digest = alloy_primitives::keccak256(&preimage);
    write(&mut ctx, output, digest.as_slice())
}

/// Builds the import object for the host functions `wanted`.
pub(crate) fn imports(store: &mut Store, env: &FunctionEnv<HostEnv>, wanted: &[HostFn]) -> Imports {
    let mut imports = Imports::new();
    for &host in wanted {
        let func = import(store, env, host);
        imports.define(crate::activation::HOST_MODULE, host.name(), func);
    }
    imports
}

fn import(store: &mut Store, env: &FunctionEnv<HostEnv>, host: HostFn) -> Function {
    macro_rules! host {
        ($f:expr) => {
            Function::new_typed_with_env(store, env, $f)
        };
    }
    match host {
        HostFn::ReadArgs => host!(read_args),
        HostFn::WriteResult => host!(write_result),
        HostFn::ExitEarly => host!(exit_early),
        HostFn::PayForMemoryGrow => host!(pay_for_memory_grow),
        HostFn::StorageLoadBytes32 => host!(storage_load_bytes32),
        HostFn::StorageCacheBytes32 => host!(storage_cache_bytes32),
        HostFn::StorageFlushCache => host!(storage_flush_cache),
        HostFn::TransientLoadBytes32 => host!(transient_load_bytes32),
        HostFn::TransientStoreBytes32 => host!(transient_store_bytes32),
        HostFn::ReadReturnData => host!(read_return_data),
        HostFn::ReturnDataSize => host!(|ctx: Ctx| plain(ctx, |_| 0i32)),
        HostFn::EmitLog => host!(emit_log),
        HostFn::AccountBalance => host!(account_balance),
        HostFn::AccountCode => host!(account_code),
        HostFn::AccountCodeSize => host!(account_code_size),
        HostFn::AccountCodehash => host!(account_codehash),
        HostFn::BlockBasefee => host!(|ctx: Ctx, dest: i32| {
            write_known(ctx, dest, |f| f.block.basefee.to_be_bytes::<32>().to_vec())
        }),
        HostFn::BlockCoinbase => {
            host!(|ctx: Ctx, dest: i32| { write_known(ctx, dest, |f| f.block.coinbase.to_vec()) })
        }
        HostFn::BlockGasLimit => host!(|ctx: Ctx| plain(ctx, |f| f.block.gas_limit as i64)),
        HostFn::BlockNumber => host!(|ctx: Ctx| plain(ctx, |f| f.block.number as i64)),
        HostFn::BlockTimestamp => host!(|ctx: Ctx| plain(ctx, |f| f.block.timestamp as i64)),
        HostFn::ChainId => host!(|ctx: Ctx| plain(ctx, |f| f.block.chain_id as i64)),
        HostFn::ContractAddress => {
            host!(|ctx: Ctx, dest: i32| { write_known(ctx, dest, |f| f.contract.to_vec()) })
        }
        HostFn::EvmGasLeft => host!(|mut ctx: Ctx| {
            io(&mut ctx, base_ink::PLAIN)?;
            HostResult::Ok(gas_left(&mut ctx)? as i64)
        }),
        HostFn::EvmInkLeft => host!(|mut ctx: Ctx| {
            io(&mut ctx, base_ink::PLAIN)?;
            HostResult::Ok(ink_left(&mut ctx)? as i64)
        }),
        HostFn::MathDiv => host!(|ctx: Ctx, value: i32, divisor: i32| {
            math(ctx, base_ink::MATH_DIV, &[value, divisor], |v| {
                v[0].checked_div(v[1]).unwrap_or_default()
            })
        }),
        HostFn::MathMod => host!(|ctx: Ctx, value: i32, modulus: i32| {
            math(ctx, base_ink::MATH_DIV, &[value, modulus], |v| {
                v[0].checked_rem(v[1]).unwrap_or_default()
            })
        }),
        HostFn::MathPow => host!(math_pow),
        HostFn::MathAddMod => host!(|ctx: Ctx, value: i32, addend: i32, modulus: i32| {
            math(
                ctx,
                base_ink::MATH_ADD_MOD,
                &[value, addend, modulus],
                |v| v[0].add_mod(v[1], v[2]),
            )
        }),
        HostFn::MathMulMod => host!(|ctx: Ctx, value: i32, multiplier: i32, modulus: i32| {
            math(
                ctx,
                base_ink::MATH_MUL_MOD,
                &[value, multiplier, modulus],
                |v| v[0].mul_mod(v[1], v[2]),
            )
        }),
        HostFn::MsgReentrant => host!(|ctx: Ctx| plain(ctx, |_| 0i32)),
        HostFn::MsgSender | HostFn::TxOrigin => {
            host!(|ctx: Ctx, dest: i32| { write_known(ctx, dest, |f| f.sender.to_vec()) })
        }
        HostFn::MsgValue => host!(|ctx: Ctx, dest: i32| {
            write_known(ctx, dest, |f| f.value.to_be_bytes::<32>().to_vec())
        }),
        HostFn::NativeKeccak256 => host!(native_keccak256),
        HostFn::TxGasPrice => host!(|ctx: Ctx, dest: i32| {
            write_known(ctx, dest, |f| f.block.basefee.to_be_bytes::<32>().to_vec())
        }),
        HostFn::TxInkPrice => host!(|ctx: Ctx| plain(ctx, |_| INK_PER_GAS as i32)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_host_function_round_trips_its_name() {
        for (host, name, ..) in HOSTS {
            assert_eq!(HostFn::from_name(name), Some(host));
            assert_eq!(host.name(), name);
        }
        assert_eq!(HostFn::from_name("call_contract"), None);
        assert!(unsupported("call_contract").contains("does not run calls to other contracts"));
    }

    #[test]
    fn runoff_slices() {
        let data = [1, 2, 3, 4];
        assert_eq!(slice_with_runoff(&data, 1, 3), [2, 3]);
        assert_eq!(slice_with_runoff(&data, 3, 10), [4]);
        assert!(slice_with_runoff(&data, 9, 10).is_empty());
        assert!(slice_with_runoff(&data, 3, 1).is_empty());
    }
}
