//! The `vm_hooks` host functions a Stylus program imports, each charging Nitro's ink.
//!
//! Semantics and order of charges follow OffchainLabs/nitro
//! crates/wasm-libraries/user-host-trait/lib.rs (`UserHost`; arbitrator/… in older trees). Each
//! function's name, signature and base ink are declared once in [`crate::vm_hooks`], which this
//! module links from; EVM gas is in [`crate::evm::pricing`]. The host functions stay thin: what
//! touches the EVM (storage, logs, accounts) is asked through [`EvmApi`] (the call's
//! [`Frame`](crate::evm::Frame)), which answers with the gas Nitro's EVM API charges; the host
//! function buys it.
//!
//! Calls to other contracts and creates (`call_contract`, `delegate_call_contract`,
//! `static_call_contract`, `create1`, `create2`) link, as Nitro links them, and stop the program
//! when reached (`ExecError::CallsNotModelled`): no other contract runs here.

use crate::evm::{pricing as evm_pricing, EvmApi};
use crate::pricing::{self, hostio, Gas, Ink, INK_PER_GAS};
use crate::vm_hooks::{vm_hooks, HostFn, HOST_MODULE};
use alloy_primitives::{Address, B256, U256};
use std::fmt;
use wasmer::{
    AsStoreMut, Function, FunctionEnv, FunctionEnvMut, Global, Imports, Memory, RuntimeError,
    Store, Value,
};

/// Why a host function stopped the program.
#[derive(Debug)]
pub(crate) enum Escape {
    /// `exit_early(status)`.
    Exit(u32),
    /// Not enough ink for the host function.
    OutOfInk,
    /// A pointer outside memory, or a malformed argument.
    Fault(String),
    /// The program called another contract or created one, which the meter does not run.
    CallsNotModelled(HostFn),
}

impl fmt::Display for Escape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Escape::Exit(status) => write!(f, "exit_early({status})"),
            Escape::OutOfInk => write!(f, "out of ink"),
            Escape::Fault(msg) => write!(f, "{msg}"),
            Escape::CallsNotModelled(host) => write!(f, "{}", host.name()),
        }
    }
}

impl std::error::Error for Escape {}

fn escape(e: Escape) -> RuntimeError {
    RuntimeError::user(Box::new(e))
}

/// Per-call state shared with the host functions.
#[derive(Default)]
pub(crate) struct HostEnv<E> {
    pub memory: Option<Memory>,
    pub ink_left: Option<Global>,
    pub ink_status: Option<Global>,
    pub args: Vec<u8>,
    pub outs: Vec<u8>,
    /// Ink charged by host functions for their own work, I/O and the gas they buy.
    pub host_io_ink: Ink,
    /// Ink charged for new memory pages (`pay_for_memory_grow` with pages > 0).
    pub memory_ink: Ink,
    /// Gas charged for new memory pages.
    pub memory_gas: Gas,
    /// Pages open and ever open in the transaction (Nitro's `AddStylusPages` state).
    pub pages_open: u16,
    pub pages_ever: u16,
    /// The EVM side of the call: storage cache, transaction journal, block and message.
    pub frame: E,
}

type Ctx<'a, E> = FunctionEnvMut<'a, HostEnv<E>>;
type HostResult<T> = Result<T, RuntimeError>;

#[derive(Clone, Copy, PartialEq)]
enum Account {
    HostIo,
    Memory,
}

fn ink_left<E: EvmApi>(ctx: &mut Ctx<E>) -> HostResult<Ink> {
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
    Ok(Ink(ink.unwrap_i64() as u64))
}

/// `MeteredMachine::buy_ink` (crates/prover/src/programs/meter.rs): exhausts the meter and stops
/// the program when `ink` exceeds what is left.
fn buy_ink<E: EvmApi>(ctx: &mut Ctx<E>, ink: Ink, account: Account) -> HostResult<()> {
    let left = ink_left(ctx)?;
    let (env, mut store) = ctx.data_and_store_mut();
    let ink_global = env.ink_left.clone().expect("instrumented");
    if left < ink {
        let status = env.ink_status.clone().expect("instrumented");
        set(&ink_global, &mut store, Value::I64(0))?;
        set(&status, &mut store, Value::I32(1))?;
        return Err(escape(Escape::OutOfInk));
    }
    set(&ink_global, &mut store, Value::I64((left.0 - ink.0) as i64))?;
    match account {
        Account::HostIo => env.host_io_ink += ink,
        Account::Memory => env.memory_ink += ink,
    }
    Ok(())
}

fn set(global: &Global, store: &mut impl AsStoreMut, value: Value) -> HostResult<()> {
    global.set(store, value)
}

fn io<E: EvmApi>(ctx: &mut Ctx<E>, ink: Ink) -> HostResult<()> {
    buy_ink(ctx, ink, Account::HostIo)
}

/// `buy_gas`: gas as ink, 10,000 a unit.
fn buy_gas<E: EvmApi>(ctx: &mut Ctx<E>, gas: Gas) -> HostResult<()> {
    io(ctx, gas.to_ink())
}

/// `require_gas`: checks, without burning, that `gas` is left.
fn require_gas<E: EvmApi>(ctx: &mut Ctx<E>, gas: Gas) -> HostResult<()> {
    if ink_left(ctx)? < gas.to_ink() {
        return Err(escape(Escape::OutOfInk));
    }
    Ok(())
}

/// `gas_left`: the ink left in gas, rounded down.
fn gas_left<E: EvmApi>(ctx: &mut Ctx<E>) -> HostResult<Gas> {
    Ok(ink_left(ctx)?.to_gas())
}

fn frame<'a, E: EvmApi>(ctx: &'a mut Ctx<E>) -> &'a mut E {
    &mut ctx.data_mut().frame
}

fn read<E: EvmApi>(ctx: &mut Ctx<E>, ptr: i32, len: u32) -> HostResult<Vec<u8>> {
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

fn read_word<E: EvmApi>(ctx: &mut Ctx<E>, ptr: i32) -> HostResult<B256> {
    read(ctx, ptr, 32).map(|bytes| B256::from_slice(&bytes))
}

fn read_u256<E: EvmApi>(ctx: &mut Ctx<E>, ptr: i32) -> HostResult<U256> {
    read_word(ctx, ptr).map(|word| U256::from_be_bytes(word.0))
}

fn read_address<E: EvmApi>(ctx: &mut Ctx<E>, ptr: i32) -> HostResult<Address> {
    read(ctx, ptr, 20).map(|bytes| Address::from_slice(&bytes))
}

fn write<E: EvmApi>(ctx: &mut Ctx<E>, ptr: i32, data: &[u8]) -> HostResult<()> {
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

fn read_args<E: EvmApi>(mut ctx: Ctx<E>, ptr: i32) -> HostResult<()> {
    let len = ctx.data().args.len() as u32;
    io(&mut ctx, HostFn::ReadArgs.base_ink())?;
    io(&mut ctx, Ink(pricing::write_price(len)))?;
    let args = ctx.data().args.clone();
    write(&mut ctx, ptr, &args)
}

fn write_result<E: EvmApi>(mut ctx: Ctx<E>, ptr: i32, len: i32) -> HostResult<()> {
    let len = len as u32;
    io(&mut ctx, HostFn::WriteResult.base_ink())?;
    io(&mut ctx, Ink(pricing::read_price(len)))?;
    // the data is read again into geth after the call
    io(&mut ctx, Ink(pricing::read_price(len)))?;
    let outs = read(&mut ctx, ptr, len)?;
    ctx.data_mut().outs = outs;
    Ok(())
}

fn exit_early<E: EvmApi>(_ctx: Ctx<E>, status: i32) -> HostResult<()> {
    Err(escape(Escape::Exit(status as u32)))
}

fn pay_for_memory_grow<E: EvmApi>(mut ctx: Ctx<E>, pages: i32) -> HostResult<()> {
    let pages = pages as u32 as u16;
    if pages == 0 {
        return io(&mut ctx, HostFn::PayForMemoryGrow.base_ink());
    }
    // Go's `AddPages` (arbos/programs/api.go): price against the pages open so far
    let env = ctx.data_mut();
    let gas = Gas(pricing::memory_pages_gas(
        pages,
        env.pages_open,
        env.pages_ever,
    ));
    env.pages_open = env.pages_open.saturating_add(pages);
    env.pages_ever = env.pages_ever.max(env.pages_open);
    env.memory_gas += gas;
    buy_ink(&mut ctx, gas.to_ink(), Account::Memory)
}

fn storage_load_bytes32<E: EvmApi>(mut ctx: Ctx<E>, key: i32, dest: i32) -> HostResult<()> {
    io(&mut ctx, HostFn::StorageLoadBytes32.base_ink())?;
    // enough for a cache miss on a cold slot
    require_gas(
        &mut ctx,
        Gas(evm_pricing::COLD_SLOAD_GAS
            + evm_pricing::CACHE_ACCESS_GAS
            + evm_pricing::STORAGE_LOAD_API_GAS),
    )?;
    let key = read_word(&mut ctx, key)?;
    let (value, gas) = frame(&mut ctx).storage_load(key);
    buy_gas(&mut ctx, gas)?;
    write(&mut ctx, dest, value.as_slice())
}

fn storage_cache_bytes32<E: EvmApi>(mut ctx: Ctx<E>, key: i32, value: i32) -> HostResult<()> {
    io(&mut ctx, HostFn::StorageCacheBytes32.base_ink())?;
    // the SSTORE sentry, though the store itself happens at the flush
    require_gas(
        &mut ctx,
        Gas(evm_pricing::SSTORE_SENTRY_GAS + evm_pricing::CACHE_ACCESS_GAS),
    )?;
    let key = read_word(&mut ctx, key)?;
    let value = read_word(&mut ctx, value)?;
    let gas = frame(&mut ctx).storage_cache(key, value);
    buy_gas(&mut ctx, gas)
}

fn storage_flush_cache<E: EvmApi>(mut ctx: Ctx<E>, clear: i32) -> HostResult<()> {
    io(&mut ctx, HostFn::StorageFlushCache.base_ink())?;
    require_gas(&mut ctx, Gas(evm_pricing::SSTORE_SENTRY_GAS))?;
    // Nitro offers the EVM one more than the gas left, so a flush may use all of it
    let offered = Gas(gas_left(&mut ctx)?.0 + 1);
    // the flush's gas is bought (from ArbOS 32, `ARBOS_VERSION_STYLUS_CHARGING_FIXES`; the meter
    // models 50 and later)
    match frame(&mut ctx).storage_flush(clear != 0, offered) {
        Some(gas) => buy_gas(&mut ctx, gas),
        // out of gas: the EVM took all it was offered, more than is left
        None => buy_gas(&mut ctx, offered),
    }
}

fn transient_load_bytes32<E: EvmApi>(mut ctx: Ctx<E>, key: i32, dest: i32) -> HostResult<()> {
    io(&mut ctx, HostFn::TransientLoadBytes32.base_ink())?;
    buy_gas(&mut ctx, Gas(evm_pricing::TRANSIENT_GAS))?;
    let key = read_word(&mut ctx, key)?;
    let value = frame(&mut ctx).transient_load(key);
    write(&mut ctx, dest, value.as_slice())
}

fn transient_store_bytes32<E: EvmApi>(mut ctx: Ctx<E>, key: i32, value: i32) -> HostResult<()> {
    io(&mut ctx, HostFn::TransientStoreBytes32.base_ink())?;
    buy_gas(&mut ctx, Gas(evm_pricing::TRANSIENT_GAS))?;
    let key = read_word(&mut ctx, key)?;
    let value = read_word(&mut ctx, value)?;
    frame(&mut ctx).transient_store(key, value);
    Ok(())
}

/// No call is ever made, so the return data is always empty: Nitro pays for writing
/// `min(size, 0)` bytes and writes nothing.
fn read_return_data<E: EvmApi>(
    mut ctx: Ctx<E>,
    _dest: i32,
    _offset: i32,
    _size: i32,
) -> HostResult<i32> {
    io(&mut ctx, HostFn::ReadReturnData.base_ink())?;
    io(&mut ctx, Ink(pricing::write_price(0)))?;
    Ok(0)
}

fn emit_log<E: EvmApi>(mut ctx: Ctx<E>, data: i32, len: i32, topics: i32) -> HostResult<()> {
    let (len, topics) = (len as u32, topics as u32);
    io(&mut ctx, HostFn::EmitLog.base_ink())?;
    if topics > 4 || len < topics * 32 {
        return Err(escape(Escape::Fault("emit_log: bad topic data".into())));
    }
    io(&mut ctx, Ink(pricing::read_price(len)))?;
    let gas = Gas(evm_pricing::log_gas(topics, len - topics * 32));
    buy_gas(&mut ctx, gas)?;
    let mut bytes = read(&mut ctx, data, len)?;
    let rest = bytes.split_off(topics as usize * 32);
    let topics = bytes.chunks(32).map(B256::from_slice).collect();
    frame(&mut ctx).emit_log(topics, rest, gas);
    Ok(())
}

fn account_balance<E: EvmApi>(mut ctx: Ctx<E>, address: i32, dest: i32) -> HostResult<()> {
    io(&mut ctx, HostFn::AccountBalance.base_ink())?;
    require_gas(&mut ctx, Gas(evm_pricing::COLD_ACCOUNT_GAS))?;
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

fn account_code<E: EvmApi>(
    mut ctx: Ctx<E>,
    address: i32,
    offset: i32,
    size: i32,
    dest: i32,
) -> HostResult<i32> {
    io(&mut ctx, HostFn::AccountCode.base_ink())?;
    require_gas(&mut ctx, Gas(evm_pricing::COLD_ACCOUNT_GAS))?;
    let address = read_address(&mut ctx, address)?;
    let left = gas_left(&mut ctx)?;
    let (code, gas) = frame(&mut ctx).account_code(address, left);
    buy_gas(&mut ctx, gas)?;
    io(&mut ctx, Ink(pricing::write_price(code.len() as u32)))?;
    let (offset, size) = (offset as u32, size as u32);
    let part = slice_with_runoff(&code, offset, offset.saturating_add(size));
    write(&mut ctx, dest, part)?;
    Ok(part.len() as i32)
}

fn account_code_size<E: EvmApi>(mut ctx: Ctx<E>, address: i32) -> HostResult<i32> {
    io(&mut ctx, HostFn::AccountCodeSize.base_ink())?;
    require_gas(&mut ctx, Gas(evm_pricing::COLD_ACCOUNT_GAS))?;
    let address = read_address(&mut ctx, address)?;
    let left = gas_left(&mut ctx)?;
    let (code, gas) = frame(&mut ctx).account_code(address, left);
    buy_gas(&mut ctx, gas)?;
    Ok(code.len() as i32)
}

fn account_codehash<E: EvmApi>(mut ctx: Ctx<E>, address: i32, dest: i32) -> HostResult<()> {
    io(&mut ctx, HostFn::AccountCodehash.base_ink())?;
    require_gas(&mut ctx, Gas(evm_pricing::COLD_ACCOUNT_GAS))?;
    let address = read_address(&mut ctx, address)?;
    let (hash, gas) = frame(&mut ctx).account_codehash(address);
    buy_gas(&mut ctx, gas)?;
    write(&mut ctx, dest, hash.as_slice())
}

/// A host function that writes one value the call already knows (`block_basefee`,
/// `msg_sender`, ...): one pointer's price.
fn write_known<E: EvmApi>(
    mut ctx: Ctx<E>,
    host: HostFn,
    dest: i32,
    value: impl Fn(&E) -> Vec<u8>,
) -> HostResult<()> {
    io(&mut ctx, host.base_ink())?;
    let bytes = value(frame(&mut ctx));
    write(&mut ctx, dest, &bytes)
}

/// A host function that returns one value (`block_number`, `chainid`, ...): the plain price.
fn plain<E: EvmApi, T>(mut ctx: Ctx<E>, host: HostFn, value: impl Fn(&E) -> T) -> HostResult<T> {
    io(&mut ctx, host.base_ink())?;
    Ok(value(frame(&mut ctx)))
}

/// `math_*`: `operands` words read from the pointers, `op` of them written over the first.
fn math<E: EvmApi>(
    mut ctx: Ctx<E>,
    host: HostFn,
    pointers: &[i32],
    op: impl Fn(&[U256]) -> U256,
) -> HostResult<()> {
    io(&mut ctx, host.base_ink())?;
    let values = pointers
        .iter()
        .map(|&ptr| read_u256(&mut ctx, ptr))
        .collect::<HostResult<Vec<_>>>()?;
    write(&mut ctx, pointers[0], &op(&values).to_be_bytes::<32>())
}

fn math_pow<E: EvmApi>(mut ctx: Ctx<E>, value: i32, exponent: i32) -> HostResult<()> {
    io(&mut ctx, HostFn::MathPow.base_ink())?;
    let base = read_u256(&mut ctx, value)?;
    let exponent = read_word(&mut ctx, exponent)?;
    io(&mut ctx, Ink(hostio::pow_ink(&exponent)))?;
    let result = base.wrapping_pow(U256::from_be_bytes(exponent.0));
    write(&mut ctx, value, &result.to_be_bytes::<32>())
}

fn native_keccak256<E: EvmApi>(
    mut ctx: Ctx<E>,
    input: i32,
    len: i32,
    output: i32,
) -> HostResult<()> {
    let len = len as u32;
    io(&mut ctx, Ink(pricing::keccak_price(len)))?;
    let preimage = read(&mut ctx, input, len)?;
    let digest = alloy_primitives::keccak256(&preimage);
    write(&mut ctx, output, digest.as_slice())
}

fn return_data_size<E: EvmApi>(ctx: Ctx<E>) -> HostResult<i32> {
    plain(ctx, HostFn::ReturnDataSize, |_| 0i32)
}

fn block_basefee<E: EvmApi>(ctx: Ctx<E>, dest: i32) -> HostResult<()> {
    write_known(ctx, HostFn::BlockBasefee, dest, |f| {
        f.block().basefee.to_be_bytes::<32>().to_vec()
    })
}

fn block_coinbase<E: EvmApi>(ctx: Ctx<E>, dest: i32) -> HostResult<()> {
    write_known(ctx, HostFn::BlockCoinbase, dest, |f| {
        f.block().coinbase.to_vec()
    })
}

fn block_gas_limit<E: EvmApi>(ctx: Ctx<E>) -> HostResult<i64> {
    plain(ctx, HostFn::BlockGasLimit, |f| f.block().gas_limit as i64)
}

fn block_number<E: EvmApi>(ctx: Ctx<E>) -> HostResult<i64> {
    plain(ctx, HostFn::BlockNumber, |f| f.block().number as i64)
}

fn block_timestamp<E: EvmApi>(ctx: Ctx<E>) -> HostResult<i64> {
    plain(ctx, HostFn::BlockTimestamp, |f| f.block().timestamp as i64)
}

fn chainid<E: EvmApi>(ctx: Ctx<E>) -> HostResult<i64> {
    plain(ctx, HostFn::ChainId, |f| f.block().chain_id as i64)
}

fn contract_address<E: EvmApi>(ctx: Ctx<E>, dest: i32) -> HostResult<()> {
    write_known(ctx, HostFn::ContractAddress, dest, |f| {
        f.contract().to_vec()
    })
}

fn evm_gas_left<E: EvmApi>(mut ctx: Ctx<E>) -> HostResult<i64> {
    io(&mut ctx, HostFn::EvmGasLeft.base_ink())?;
    Ok(gas_left(&mut ctx)?.0 as i64)
}

fn evm_ink_left<E: EvmApi>(mut ctx: Ctx<E>) -> HostResult<i64> {
    io(&mut ctx, HostFn::EvmInkLeft.base_ink())?;
    Ok(ink_left(&mut ctx)?.0 as i64)
}

fn math_div<E: EvmApi>(ctx: Ctx<E>, value: i32, divisor: i32) -> HostResult<()> {
    math(ctx, HostFn::MathDiv, &[value, divisor], |v| {
        v[0].checked_div(v[1]).unwrap_or_default()
    })
}

fn math_mod<E: EvmApi>(ctx: Ctx<E>, value: i32, modulus: i32) -> HostResult<()> {
    math(ctx, HostFn::MathMod, &[value, modulus], |v| {
        v[0].checked_rem(v[1]).unwrap_or_default()
    })
}

fn math_add_mod<E: EvmApi>(ctx: Ctx<E>, value: i32, addend: i32, modulus: i32) -> HostResult<()> {
    math(ctx, HostFn::MathAddMod, &[value, addend, modulus], |v| {
        v[0].add_mod(v[1], v[2])
    })
}

fn math_mul_mod<E: EvmApi>(
    ctx: Ctx<E>,
    value: i32,
    multiplier: i32,
    modulus: i32,
) -> HostResult<()> {
    math(
        ctx,
        HostFn::MathMulMod,
        &[value, multiplier, modulus],
        |v| v[0].mul_mod(v[1], v[2]),
    )
}

fn msg_reentrant<E: EvmApi>(ctx: Ctx<E>) -> HostResult<i32> {
    plain(ctx, HostFn::MsgReentrant, |_| 0i32)
}

fn msg_sender<E: EvmApi>(ctx: Ctx<E>, dest: i32) -> HostResult<()> {
    write_known(ctx, HostFn::MsgSender, dest, |f| f.sender().to_vec())
}

fn msg_value<E: EvmApi>(ctx: Ctx<E>, dest: i32) -> HostResult<()> {
    write_known(ctx, HostFn::MsgValue, dest, |f| {
        f.value().to_be_bytes::<32>().to_vec()
    })
}

fn tx_gas_price<E: EvmApi>(ctx: Ctx<E>, dest: i32) -> HostResult<()> {
    write_known(ctx, HostFn::TxGasPrice, dest, |f| {
        f.block().basefee.to_be_bytes::<32>().to_vec()
    })
}

fn tx_ink_price<E: EvmApi>(ctx: Ctx<E>) -> HostResult<i32> {
    plain(ctx, HostFn::TxInkPrice, |_| INK_PER_GAS as i32)
}

/// Calls and creates: another contract's code is not in the module, so the call stops here,
/// before any charge, naming the host function.
macro_rules! not_modelled {
    ($($name:ident($($arg:ident: $ty:ty),*) -> $ret:ty = $host:ident;)*) => {
        $(
            fn $name<E: EvmApi>(_ctx: Ctx<E>, $($arg: $ty),*) -> HostResult<$ret> {
                let _ = ($($arg,)*);
                Err(escape(Escape::CallsNotModelled(HostFn::$host)))
            }
        )*
    };
}
not_modelled! {
    call_contract(contract: i32, data: i32, len: i32, value: i32, gas: i64, ret_len: i32) -> i32 = CallContract;
    delegate_call_contract(contract: i32, data: i32, len: i32, gas: i64, ret_len: i32) -> i32 = DelegateCallContract;
    static_call_contract(contract: i32, data: i32, len: i32, gas: i64, ret_len: i32) -> i32 = StaticCallContract;
    create1(code: i32, len: i32, endowment: i32, contract: i32, revert_len: i32) -> () = Create1;
    create2(code: i32, len: i32, endowment: i32, salt: i32, contract: i32, revert_len: i32) -> () = Create2;
}

fn tx_origin<E: EvmApi>(ctx: Ctx<E>, dest: i32) -> HostResult<()> {
    write_known(ctx, HostFn::TxOrigin, dest, |f| f.sender().to_vec())
}

/// Builds the import object for the host functions `wanted`.
pub(crate) fn imports<E: EvmApi>(
    store: &mut Store,
    env: &FunctionEnv<HostEnv<E>>,
    wanted: &[HostFn],
) -> Imports {
    let mut imports = Imports::new();
    for &host in wanted {
        let func = import(store, env, host);
        imports.define(HOST_MODULE, host.name(), func);
    }
    imports
}

/// Links each [`HostFn`] to the function of the same name above (the table is `vm_hooks!`).
macro_rules! link {
    ($(
        $(#[$doc:meta])*
        $variant:ident $name:ident($($param:ident),*) -> ($($result:ident),*) = $ink:expr;
    )*) => {
        fn import<E: EvmApi>(
            store: &mut Store,
            env: &FunctionEnv<HostEnv<E>>,
            host: HostFn,
        ) -> Function {
            match host {
                $(HostFn::$variant => Function::new_typed_with_env(store, env, $name::<E>),)*
            }
        }
    };
}
vm_hooks!(link);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runoff_slices() {
        let data = [1, 2, 3, 4];
        assert_eq!(slice_with_runoff(&data, 1, 3), [2, 3]);
        assert_eq!(slice_with_runoff(&data, 3, 10), [4]);
        assert!(slice_with_runoff(&data, 9, 10).is_empty());
        assert!(slice_with_runoff(&data, 3, 1).is_empty());
    }
}
