//! The `vm_hooks` host functions a Stylus program imports, each charging Nitro's ink.
//!
//! Semantics and prices follow OffchainLabs/nitro
//! arbitrator/wasm-libraries/user-host-trait/src/lib.rs (`UserHost`) with the constants of
//! arbitrator/arbutil/src/pricing.rs. The EVM around the program is a fresh, empty one: no
//! value, zero addresses, not reentrant, no prior calls, empty storage cache.

use crate::pricing::{self, EVM_API_INK, HOSTIO_INK, INK_PER_GAS, PTR_INK};
use std::fmt;
use wasmer::{
    AsStoreMut, Function, FunctionEnv, FunctionEnvMut, Global, Imports, Memory, RuntimeError,
    Store, Value,
};
use wasmparser::ValType;

/// `params.SstoreSentryGasEIP2200`: gas `storage_flush_cache` requires to be left.
const SSTORE_SENTRY_GAS: u64 = 2_300;
/// `params.LogGas` and `params.LogDataGas` (`LOG_TOPIC_GAS`, `LOG_DATA_GAS`, arbutil/src/evm/mod.rs).
const LOG_TOPIC_GAS: u64 = 375;
const LOG_DATA_GAS: u64 = 8;

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
    /// `msg_reentrant() -> i32`.
    MsgReentrant,
    /// `msg_value(ptr)`: writes the call value (0).
    MsgValue,
    /// `msg_sender(ptr)`: writes the caller (zero address).
    MsgSender,
    /// `tx_origin(ptr)`: writes the origin (zero address).
    TxOrigin,
    /// `contract_address(ptr)`: writes the program's address (zero address).
    ContractAddress,
    /// `storage_flush_cache(clear)`: persists the (here always clean) storage cache.
    StorageFlushCache,
    /// `native_keccak256(input, len, output)`.
    NativeKeccak256,
    /// `emit_log(data, len, topics)`.
    EmitLog,
    /// `return_data_size() -> i32` (0: no calls are made).
    ReturnDataSize,
    /// `evm_gas_left() -> i64`.
    EvmGasLeft,
    /// `evm_ink_left() -> i64`.
    EvmInkLeft,
    /// `tx_ink_price() -> i32`.
    TxInkPrice,
    /// `block_number() -> i64` (0).
    BlockNumber,
    /// `block_timestamp() -> i64` (0).
    BlockTimestamp,
    /// `chainid() -> i64` (412346, a Nitro dev node's).
    ChainId,
}

impl HostFn {
    const ALL: [HostFn; 19] = [
        HostFn::ReadArgs,
        HostFn::WriteResult,
        HostFn::ExitEarly,
        HostFn::PayForMemoryGrow,
        HostFn::MsgReentrant,
        HostFn::MsgValue,
        HostFn::MsgSender,
        HostFn::TxOrigin,
        HostFn::ContractAddress,
        HostFn::StorageFlushCache,
        HostFn::NativeKeccak256,
        HostFn::EmitLog,
        HostFn::ReturnDataSize,
        HostFn::EvmGasLeft,
        HostFn::EvmInkLeft,
        HostFn::TxInkPrice,
        HostFn::BlockNumber,
        HostFn::BlockTimestamp,
        HostFn::ChainId,
    ];

    /// The import name under `vm_hooks`.
    pub fn name(self) -> &'static str {
        match self {
            HostFn::ReadArgs => "read_args",
            HostFn::WriteResult => "write_result",
            HostFn::ExitEarly => "exit_early",
            HostFn::PayForMemoryGrow => "pay_for_memory_grow",
            HostFn::MsgReentrant => "msg_reentrant",
            HostFn::MsgValue => "msg_value",
            HostFn::MsgSender => "msg_sender",
            HostFn::TxOrigin => "tx_origin",
            HostFn::ContractAddress => "contract_address",
            HostFn::StorageFlushCache => "storage_flush_cache",
            HostFn::NativeKeccak256 => "native_keccak256",
            HostFn::EmitLog => "emit_log",
            HostFn::ReturnDataSize => "return_data_size",
            HostFn::EvmGasLeft => "evm_gas_left",
            HostFn::EvmInkLeft => "evm_ink_left",
            HostFn::TxInkPrice => "tx_ink_price",
            HostFn::BlockNumber => "block_number",
            HostFn::BlockTimestamp => "block_timestamp",
            HostFn::ChainId => "chainid",
        }
    }

    /// Looks up a `vm_hooks` import by name.
    pub fn from_name(name: &str) -> Option<HostFn> {
        Self::ALL.into_iter().find(|host| host.name() == name)
    }

    /// Parameter types of the import.
    pub fn params(self) -> &'static [ValType] {
        use ValType::I32;
        match self {
            HostFn::ReadArgs
            | HostFn::ExitEarly
            | HostFn::PayForMemoryGrow
            | HostFn::MsgValue
            | HostFn::MsgSender
            | HostFn::TxOrigin
            | HostFn::ContractAddress
            | HostFn::StorageFlushCache => &[I32],
            HostFn::WriteResult => &[I32, I32],
            HostFn::NativeKeccak256 | HostFn::EmitLog => &[I32, I32, I32],
            HostFn::MsgReentrant
            | HostFn::ReturnDataSize
            | HostFn::EvmGasLeft
            | HostFn::EvmInkLeft
            | HostFn::TxInkPrice
            | HostFn::BlockNumber
            | HostFn::BlockTimestamp
            | HostFn::ChainId => &[],
        }
    }

    /// Result types of the import.
    pub fn results(self) -> &'static [ValType] {
        match self {
            HostFn::MsgReentrant | HostFn::ReturnDataSize | HostFn::TxInkPrice => &[ValType::I32],
            HostFn::EvmGasLeft
            | HostFn::EvmInkLeft
            | HostFn::BlockNumber
            | HostFn::BlockTimestamp
            | HostFn::ChainId => &[ValType::I64],
            _ => &[],
        }
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
    /// Ink charged by host functions for their own work and I/O.
    pub host_io_ink: u64,
    /// Ink charged for new memory pages (`pay_for_memory_grow` with pages > 0).
    pub memory_ink: u64,
    /// Gas charged for new memory pages.
    pub memory_gas: u64,
    /// Pages open and ever open in the transaction (Nitro's `AddStylusPages` state).
    pub pages_open: u16,
    pub pages_ever: u16,
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

/// `MeteredMachine::buy_ink` (arbitrator/prover/src/programs/meter.rs): exhausts the meter
/// and stops the program when `ink` exceeds what is left.
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

/// `require_gas`: checks, without burning, that `gas` is left.
fn require_gas(ctx: &mut Ctx, gas: u64) -> HostResult<()> {
    if ink_left(ctx)? < gas.saturating_mul(INK_PER_GAS) {
        return Err(escape(Escape::OutOfInk));
    }
    Ok(())
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
    io(&mut ctx, HOSTIO_INK)?;
    io(&mut ctx, pricing::write_price(len))?;
    let args = ctx.data().args.clone();
    write(&mut ctx, ptr, &args)
}

fn write_result(mut ctx: Ctx, ptr: i32, len: i32) -> HostResult<()> {
    let len = len as u32;
    io(&mut ctx, HOSTIO_INK)?;
    io(&mut ctx, pricing::read_price(len))?;
    // `pay_for_geth_bytes`: the data is copied again into geth after the call
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
        return io(&mut ctx, HOSTIO_INK);
    }
    // Go's `AddPages` (arbos/programs/api.go): price against the pages open so far
    let env = ctx.data_mut();
    let gas = pricing::memory_pages_gas(pages, env.pages_open, env.pages_ever);
    env.pages_open = env.pages_open.saturating_add(pages);
    env.pages_ever = env.pages_ever.max(env.pages_open);
    env.memory_gas += gas;
    buy_ink(&mut ctx, gas.saturating_mul(INK_PER_GAS), Account::Memory)
}

fn msg_reentrant(mut ctx: Ctx) -> HostResult<i32> {
    io(&mut ctx, HOSTIO_INK)?;
    Ok(0)
}

fn write_zeros(mut ctx: Ctx, ptr: i32, len: usize) -> HostResult<()> {
    io(&mut ctx, HOSTIO_INK + PTR_INK)?;
    write(&mut ctx, ptr, &vec![0; len])
}

fn msg_value(ctx: Ctx, ptr: i32) -> HostResult<()> {
    write_zeros(ctx, ptr, 32)
}

fn address_hook(ctx: Ctx, ptr: i32) -> HostResult<()> {
    write_zeros(ctx, ptr, 20)
}

fn storage_flush_cache(mut ctx: Ctx, _clear: i32) -> HostResult<()> {
    io(&mut ctx, HOSTIO_INK + EVM_API_INK)?;
    require_gas(&mut ctx, SSTORE_SENTRY_GAS)
    // nothing is ever cached here, so flushing writes no slots and costs no gas
}

fn native_keccak256(mut ctx: Ctx, input: i32, len: i32, output: i32) -> HostResult<()> {
    let len = len as u32;
    io(&mut ctx, pricing::keccak_price(len))?;
    let preimage = read(&mut ctx, input, len)?;
    let digest = alloy_primitives::keccak256(&preimage);
    write(&mut ctx, output, digest.as_slice())
}

fn emit_log(mut ctx: Ctx, data: i32, len: i32, topics: i32) -> HostResult<()> {
    let (len, topics) = (len as u32, topics as u32);
    io(&mut ctx, HOSTIO_INK + EVM_API_INK)?;
    if topics > 4 || len < topics * 32 {
        return Err(escape(Escape::Fault("emit_log: bad topic data".into())));
    }
    io(&mut ctx, pricing::read_price(len))?;
    let gas = (1 + u64::from(topics)) * LOG_TOPIC_GAS + u64::from(len - topics * 32) * LOG_DATA_GAS;
    io(&mut ctx, gas * INK_PER_GAS)?;
    read(&mut ctx, data, len).map(drop)
}

fn plain_i32(mut ctx: Ctx, value: i32) -> HostResult<i32> {
    io(&mut ctx, HOSTIO_INK)?;
    Ok(value)
}

fn plain_i64(mut ctx: Ctx, value: i64) -> HostResult<i64> {
    io(&mut ctx, HOSTIO_INK)?;
    Ok(value)
}

/// Builds the import object for the host functions `wanted`.
pub(crate) fn imports(store: &mut Store, env: &FunctionEnv<HostEnv>, wanted: &[HostFn]) -> Imports {
    let mut imports = Imports::new();
    for &host in wanted {
        let func = match host {
            HostFn::ReadArgs => Function::new_typed_with_env(store, env, read_args),
            HostFn::WriteResult => Function::new_typed_with_env(store, env, write_result),
            HostFn::ExitEarly => Function::new_typed_with_env(store, env, exit_early),
            HostFn::PayForMemoryGrow => {
                Function::new_typed_with_env(store, env, pay_for_memory_grow)
            }
            HostFn::MsgReentrant => Function::new_typed_with_env(store, env, msg_reentrant),
            HostFn::MsgValue => Function::new_typed_with_env(store, env, msg_value),
            HostFn::MsgSender | HostFn::TxOrigin | HostFn::ContractAddress => {
                Function::new_typed_with_env(store, env, address_hook)
            }
            HostFn::StorageFlushCache => {
                Function::new_typed_with_env(store, env, storage_flush_cache)
            }
            HostFn::NativeKeccak256 => Function::new_typed_with_env(store, env, native_keccak256),
            HostFn::EmitLog => Function::new_typed_with_env(store, env, emit_log),
            HostFn::ReturnDataSize => {
                Function::new_typed_with_env(store, env, |ctx: Ctx| plain_i32(ctx, 0))
            }
            HostFn::TxInkPrice => Function::new_typed_with_env(store, env, |ctx: Ctx| {
                plain_i32(ctx, INK_PER_GAS as i32)
            }),
            HostFn::EvmGasLeft => Function::new_typed_with_env(store, env, |mut ctx: Ctx| {
                io(&mut ctx, HOSTIO_INK)?;
                HostResult::Ok((ink_left(&mut ctx)? / INK_PER_GAS) as i64)
            }),
            HostFn::EvmInkLeft => Function::new_typed_with_env(store, env, |mut ctx: Ctx| {
                io(&mut ctx, HOSTIO_INK)?;
                HostResult::Ok(ink_left(&mut ctx)? as i64)
            }),
            HostFn::BlockNumber | HostFn::BlockTimestamp => {
                Function::new_typed_with_env(store, env, |ctx: Ctx| plain_i64(ctx, 0))
            }
            HostFn::ChainId => {
                Function::new_typed_with_env(store, env, |ctx: Ctx| plain_i64(ctx, 412_346))
            }
        };
        imports.define(crate::activation::HOST_MODULE, host.name(), func);
    }
    imports
}
