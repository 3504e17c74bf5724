//! The `vm_hooks` host functions, each declared once: import name, signature and base ink.
//!
//! Nitro lists them once in its `imports!` table (crates/stylus/src/native.rs); so does the
//! `vm_hooks!` macro here. [`HostFn`] and its lookups are generated from
//! it, activation checks imports against it and the host functions ([`crate::host`]) are linked
//! from it. Pointers and `usize` are i32 on wasm32; base ink is [`crate::pricing::hostio`]'s.

use wasmparser::ValType;

/// The only import module a Stylus program may use.
pub const HOST_MODULE: &str = "vm_hooks";

/// The table: `Variant name(params) -> (results) = base ink;`, handed to `$callback`.
macro_rules! vm_hooks {
    ($callback:ident) => {
        $callback! {
            /// `read_args(ptr)`: copies the calldata into memory.
            ReadArgs read_args(I32) -> () = hostio::READ_ARGS;
            /// `write_result(ptr, len)`: sets the return data.
            WriteResult write_result(I32, I32) -> () = hostio::WRITE_RESULT;
            /// `exit_early(status)`: stops with status 0 (return) or nonzero (revert). Free.
            ExitEarly exit_early(I32) -> () = 0;
            /// `pay_for_memory_grow(pages)`: pays for pages before `memory.grow` (the base only
            /// when `pages` is 0).
            PayForMemoryGrow pay_for_memory_grow(I32) -> () = hostio::PLAIN;
            /// `storage_load_bytes32(key, dest)`: SLOAD through the call's storage cache.
            StorageLoadBytes32 storage_load_bytes32(I32, I32) -> () = hostio::STORAGE_LOAD;
            /// `storage_cache_bytes32(key, value)`: SSTORE into the call's storage cache.
            StorageCacheBytes32 storage_cache_bytes32(I32, I32) -> () = hostio::STORAGE_CACHE;
            /// `storage_flush_cache(clear)`: SSTOREs the cache's changed slots.
            StorageFlushCache storage_flush_cache(I32) -> () = hostio::STORAGE_FLUSH;
            /// `transient_load_bytes32(key, dest)`: TLOAD.
            TransientLoadBytes32 transient_load_bytes32(I32, I32) -> () = hostio::TRANSIENT_LOAD;
            /// `transient_store_bytes32(key, value)`: TSTORE.
            TransientStoreBytes32 transient_store_bytes32(I32, I32) -> () = hostio::TRANSIENT_STORE;
            /// `read_return_data(dest, offset, size) -> written`: nothing, as no call is ever made.
            ReadReturnData read_return_data(I32, I32, I32) -> (I32) = hostio::READ_RETURN_DATA;
            /// `return_data_size() -> i32`: 0, as no call is ever made.
            ReturnDataSize return_data_size() -> (I32) = hostio::RETURN_DATA_SIZE;
            /// `emit_log(data, len, topics)`.
            EmitLog emit_log(I32, I32, I32) -> () = hostio::EMIT_LOG;
            /// `account_balance(address, dest)`: BALANCE.
            AccountBalance account_balance(I32, I32) -> () = hostio::ACCOUNT_BALANCE;
            /// `account_code(address, offset, size, dest) -> written`: EXTCODECOPY.
            AccountCode account_code(I32, I32, I32, I32) -> (I32) = hostio::ACCOUNT_CODE;
            /// `account_code_size(address) -> i32`: EXTCODESIZE.
            AccountCodeSize account_code_size(I32) -> (I32) = hostio::ACCOUNT_CODE_SIZE;
            /// `account_codehash(address, dest)`: EXTCODEHASH.
            AccountCodehash account_codehash(I32, I32) -> () = hostio::ACCOUNT_CODE_HASH;
            /// `block_basefee(dest)`.
            BlockBasefee block_basefee(I32) -> () = hostio::ONE_POINTER;
            /// `block_coinbase(dest)`.
            BlockCoinbase block_coinbase(I32) -> () = hostio::ONE_POINTER;
            /// `block_gas_limit() -> i64`.
            BlockGasLimit block_gas_limit() -> (I64) = hostio::PLAIN;
            /// `block_number() -> i64`.
            BlockNumber block_number() -> (I64) = hostio::PLAIN;
            /// `block_timestamp() -> i64`.
            BlockTimestamp block_timestamp() -> (I64) = hostio::PLAIN;
            /// `chainid() -> i64`.
            ChainId chainid() -> (I64) = hostio::PLAIN;
            /// `contract_address(dest)`: the program's address.
            ContractAddress contract_address(I32) -> () = hostio::ONE_POINTER;
            /// `evm_gas_left() -> i64`.
            EvmGasLeft evm_gas_left() -> (I64) = hostio::PLAIN;
            /// `evm_ink_left() -> i64`.
            EvmInkLeft evm_ink_left() -> (I64) = hostio::PLAIN;
            /// `math_div(value, divisor)`: 256-bit DIV in place.
            MathDiv math_div(I32, I32) -> () = hostio::MATH_DIV;
            /// `math_mod(value, modulus)`: 256-bit MOD in place.
            MathMod math_mod(I32, I32) -> () = hostio::MATH_DIV;
            /// `math_pow(value, exponent)`: 256-bit EXP in place (plus `hostio::pow_ink`).
            MathPow math_pow(I32, I32) -> () = hostio::MATH_POW;
            /// `math_add_mod(value, addend, modulus)`: ADDMOD in place.
            MathAddMod math_add_mod(I32, I32, I32) -> () = hostio::MATH_ADD_MOD;
            /// `math_mul_mod(value, multiplier, modulus)`: MULMOD in place.
            MathMulMod math_mul_mod(I32, I32, I32) -> () = hostio::MATH_MUL_MOD;
            /// `msg_reentrant() -> i32`: 0 (a transaction's only call).
            MsgReentrant msg_reentrant() -> (I32) = hostio::PLAIN;
            /// `msg_sender(dest)`: the transaction's sender.
            MsgSender msg_sender(I32) -> () = hostio::ONE_POINTER;
            /// `msg_value(dest)`: the value sent.
            MsgValue msg_value(I32) -> () = hostio::ONE_POINTER;
            /// `native_keccak256(input, len, output)`: priced whole by `keccak_price`.
            NativeKeccak256 native_keccak256(I32, I32, I32) -> () = 0;
            /// `tx_gas_price(dest)`: the basefee (Arbitrum's gas price).
            TxGasPrice tx_gas_price(I32) -> () = hostio::ONE_POINTER;
            /// `tx_ink_price() -> i32`: 10,000.
            TxInkPrice tx_ink_price() -> (I32) = hostio::PLAIN;
            /// `tx_origin(dest)`: the transaction's sender.
            TxOrigin tx_origin(I32) -> () = hostio::ONE_POINTER;
            /// `call_contract(contract, data, len, value, gas, ret_len) -> status`: a module that
            /// imports it activates and meters; a call that reaches it stops with
            /// `ExecError::CallsNotModelled` (no other contract runs here).
            CallContract call_contract(I32, I32, I32, I32, I64, I32) -> (I32) = hostio::CALL_CONTRACT;
            /// `delegate_call_contract(contract, data, len, gas, ret_len) -> status`: as `call_contract`.
            DelegateCallContract delegate_call_contract(I32, I32, I32, I64, I32) -> (I32) = hostio::CALL_CONTRACT;
            /// `static_call_contract(contract, data, len, gas, ret_len) -> status`: as `call_contract`.
            StaticCallContract static_call_contract(I32, I32, I32, I64, I32) -> (I32) = hostio::CALL_CONTRACT;
            /// `create1(code, len, endowment, contract, revert_len)`: as `call_contract`.
            Create1 create1(I32, I32, I32, I32, I32) -> () = hostio::CALL_CONTRACT;
            /// `create2(code, len, endowment, salt, contract, revert_len)`: as `call_contract`.
            Create2 create2(I32, I32, I32, I32, I32, I32) -> () = hostio::CREATE2;
        }
    };
}
pub(crate) use vm_hooks;

macro_rules! declare {
    ($(
        $(#[$doc:meta])*
        $variant:ident $name:ident($($param:ident),*) -> ($($result:ident),*) = $ink:expr;
    )*) => {
        /// A host function this executor provides.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum HostFn {
            $($(#[$doc])* $variant,)*
        }

        impl HostFn {
            /// Every host function, in the table's order.
            pub const ALL: &'static [HostFn] = &[$(HostFn::$variant),*];

            /// The import name under `vm_hooks`.
            pub fn name(self) -> &'static str {
                match self { $(HostFn::$variant => stringify!($name),)* }
            }

            /// Looks up a `vm_hooks` import by name.
            pub fn from_name(name: &str) -> Option<HostFn> {
                match name { $(stringify!($name) => Some(HostFn::$variant),)* _ => None }
            }

            /// Parameter types of the import.
            pub fn params(self) -> &'static [ValType] {
                match self { $(HostFn::$variant => &[$(ValType::$param),*],)* }
            }

            /// Result types of the import.
            pub fn results(self) -> &'static [ValType] {
                match self { $(HostFn::$variant => &[$(ValType::$result),*],)* }
            }

            /// Ink charged on entry (`*_BASE_INK`, crates/arbutil/src/pricing.rs).
            pub fn base_ink(self) -> crate::pricing::Ink {
                use crate::pricing::hostio;
                crate::pricing::Ink(match self { $(HostFn::$variant => $ink,)* })
            }
        }
    };
}
vm_hooks!(declare);

/// The name of an import that is not a Nitro host function (for
/// `LoadError::UnsupportedHostFunction`).
pub fn unsupported(name: &str) -> String {
    format!("{name} (not a Nitro host function)")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_host_function_round_trips_its_name() {
        assert_eq!(HostFn::ALL.len(), 42);
        for &host in HostFn::ALL {
            assert_eq!(HostFn::from_name(host.name()), Some(host));
        }
        assert_eq!(HostFn::from_name("sload"), None);
    }
}
