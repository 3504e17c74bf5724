//! Nitro's Stylus prices: per-opcode ink, basic-block boundaries, host-I/O ink, the memory
//! page model, program-init gas and calldata gas.
//!
//! Every figure here is a fact taken from OffchainLabs/nitro (v3.x, Stylus version 2,
//! ArbOS 50/51); the file it comes from is named on each item. Only numbers are taken,
//! never code.

use wasmparser::Operator;

/// Ink per unit of EVM gas (`initialInkPrice`, arbos/programs/params.go).
pub const INK_PER_GAS: u64 = 10_000;

/// Ink given to a call unless told otherwise: 32 million gas' worth, a block's gas limit.
pub const DEFAULT_INK_LIMIT: u64 = Gas(32_000_000).to_ink().0;

/// An amount of ink, Stylus's unit (Nitro's `Ink`, crates/arbutil/src/evm/api.rs): every change to
/// gas is one of the conversions below, never a bare `INK_PER_GAS`. Prices and reports stay `u64`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub struct Ink(pub u64);

/// An amount of EVM gas (Nitro's `Gas`, same file).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub struct Gas(pub u64);

impl Gas {
    /// `gas_to_ink`: [`INK_PER_GAS`] ink a unit, saturating.
    pub const fn to_ink(self) -> Ink {
        Ink(self.0.saturating_mul(INK_PER_GAS))
    }
}

impl Ink {
    /// `ink_to_gas`, rounded down: the gas ink left is worth.
    pub const fn to_gas(self) -> Gas {
        Gas(self.0 / INK_PER_GAS)
    }

    /// Rounded up: the gas ink spent costs.
    pub const fn to_gas_spent(self) -> Gas {
        Gas(self.0.div_ceil(INK_PER_GAS))
    }
}

impl std::ops::AddAssign for Ink {
    fn add_assign(&mut self, other: Ink) {
        self.0 += other.0;
    }
}

impl std::ops::AddAssign for Gas {
    fn add_assign(&mut self, other: Gas) {
        self.0 += other.0;
    }
}

/// Ink charged once per basic block entered, for the block's own "enough ink?" header
/// (`ink_header_cost: 2450` for Stylus versions 1 and 2, arbitrator/prover/src/programs/config.rs).
pub const BLOCK_HEADER_INK: u64 = 2_450;

/// Per-byte ink of `memory.fill` and `memory.copy`, charged at run time by the dynamic meter
/// (`memory_fill_ink` / `memory_copy_ink` = 800 / 8, arbitrator/prover/src/programs/config.rs).
pub const MEMORY_BULK_INK_PER_BYTE: u64 = 100;

/// Ink of every host function that may return something (`HOSTIO_INK`, arbitrator/arbutil/src/pricing.rs).
pub const HOSTIO_INK: u64 = 8_400;
/// Extra ink of a host function per pointer argument (`PTR_INK = 13440 - HOSTIO_INK`, same file).
pub const PTR_INK: u64 = 13_440 - HOSTIO_INK;
/// Extra ink of a host function that goes through the EVM API (`EVM_API_INK`, same file).
pub const EVM_API_INK: u64 = 59_673;

/// Base ink of every host function (`hostio`, crates/arbutil/src/pricing.rs): [`HOSTIO_INK`] for
/// any, [`PTR_INK`] per pointer it writes or reads, [`EVM_API_INK`] when it asks the EVM. The
/// table of host functions ([`crate::vm_hooks`]) names each one's.
pub mod hostio {
    use super::{EVM_API_INK, HOSTIO_INK, PTR_INK};
    use alloy_primitives::B256;

    /// `READ_ARGS_BASE_INK`.
    pub const READ_ARGS: u64 = HOSTIO_INK;
    /// `WRITE_RESULT_BASE_INK`.
    pub const WRITE_RESULT: u64 = HOSTIO_INK;
    /// `STORAGE_LOAD_BASE_INK`: two pointers (key, destination).
    pub const STORAGE_LOAD: u64 = HOSTIO_INK + 2 * PTR_INK;
    /// `STORAGE_CACHE_BASE_INK`: two pointers (key, value).
    pub const STORAGE_CACHE: u64 = HOSTIO_INK + 2 * PTR_INK;
    /// `STORAGE_FLUSH_BASE_INK`.
    pub const STORAGE_FLUSH: u64 = HOSTIO_INK + EVM_API_INK;
    /// `TRANSIENT_LOAD_BASE_INK`.
    pub const TRANSIENT_LOAD: u64 = HOSTIO_INK + 2 * PTR_INK + EVM_API_INK;
    /// `TRANSIENT_STORE_BASE_INK`.
    pub const TRANSIENT_STORE: u64 = HOSTIO_INK + 2 * PTR_INK + EVM_API_INK;
    /// `READ_RETURN_DATA_BASE_INK`.
    pub const READ_RETURN_DATA: u64 = HOSTIO_INK + EVM_API_INK;
    /// `CALL_CONTRACT_BASE_INK` (also the delegate and static calls') and `CREATE1_BASE_INK`: the
    /// meter stops the program at these (it runs no other contract), so they are never charged.
    pub const CALL_CONTRACT: u64 = HOSTIO_INK + 3 * PTR_INK + EVM_API_INK;
    /// `CREATE2_BASE_INK` (never charged, as above).
    pub const CREATE2: u64 = HOSTIO_INK + 4 * PTR_INK + EVM_API_INK;
    /// `RETURN_DATA_SIZE_BASE_INK`.
    pub const RETURN_DATA_SIZE: u64 = HOSTIO_INK;
    /// `EMIT_LOG_BASE_INK`.
    pub const EMIT_LOG: u64 = HOSTIO_INK + EVM_API_INK;
    /// `ACCOUNT_BALANCE_BASE_INK`.
    pub const ACCOUNT_BALANCE: u64 = HOSTIO_INK + 2 * PTR_INK + EVM_API_INK;
    /// `ACCOUNT_CODE_BASE_INK`.
    pub const ACCOUNT_CODE: u64 = HOSTIO_INK + EVM_API_INK;
    /// `ACCOUNT_CODE_SIZE_BASE_INK`.
    pub const ACCOUNT_CODE_SIZE: u64 = HOSTIO_INK + EVM_API_INK;
    /// `ACCOUNT_CODE_HASH_BASE_INK`.
    pub const ACCOUNT_CODE_HASH: u64 = HOSTIO_INK + 2 * PTR_INK + EVM_API_INK;
    /// `BLOCK_BASEFEE_BASE_INK`, `BLOCK_COINBASE_BASE_INK`, `ADDRESS_BASE_INK`,
    /// `MSG_SENDER_BASE_INK`, `MSG_VALUE_BASE_INK`, `TX_GAS_PRICE_BASE_INK`,
    /// `TX_ORIGIN_BASE_INK`: one pointer written.
    pub const ONE_POINTER: u64 = HOSTIO_INK + PTR_INK;
    /// `BLOCK_GAS_LIMIT_BASE_INK`, `BLOCK_NUMBER_BASE_INK`, `BLOCK_TIMESTAMP_BASE_INK`,
    /// `CHAIN_ID_BASE_INK`, `EVM_GAS_LEFT_BASE_INK`, `EVM_INK_LEFT_BASE_INK`,
    /// `MSG_REENTRANT_BASE_INK`, `TX_INK_PRICE_BASE_INK`, `PAY_FOR_MEMORY_GROW_BASE_INK`.
    pub const PLAIN: u64 = HOSTIO_INK;
    /// `MATH_DIV_BASE_INK` and `MATH_MOD_BASE_INK`.
    pub const MATH_DIV: u64 = HOSTIO_INK + 3 * PTR_INK + DIV_INK;
    /// `MATH_POW_BASE_INK` (plus [`pow_ink`] of the exponent).
    pub const MATH_POW: u64 = HOSTIO_INK + 3 * PTR_INK;
    /// `MATH_ADD_MOD_BASE_INK`.
    pub const MATH_ADD_MOD: u64 = HOSTIO_INK + 4 * PTR_INK + ADD_MOD_INK;
    /// `MATH_MUL_MOD_BASE_INK`.
    pub const MATH_MUL_MOD: u64 = HOSTIO_INK + 4 * PTR_INK + MUL_MOD_INK;

    /// `DIV_INK`, crates/arbutil/src/pricing.rs.
    pub const DIV_INK: u64 = 20_000;
    /// `MUL_MOD_INK`, crates/arbutil/src/pricing.rs.
    pub const MUL_MOD_INK: u64 = 24_100;
    /// `ADD_MOD_INK`, crates/arbutil/src/pricing.rs.
    pub const ADD_MOD_INK: u64 = 21_000;

    /// Ink of `math_pow` for `exponent` beyond its base (`pow_price`, crates/arbutil/src/pricing.rs):
    /// 3,000 + 17,500 per significant byte of the exponent, plus one.
    pub fn pow_ink(exponent: &B256) -> u64 {
        let leading_zeros = exponent.iter().take_while(|&&byte| byte == 0).count() as u64;
        3_000 + (33 - leading_zeros) * 17_500
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        #[test]
        fn base_inks_are_the_sums_pricing_rs_names() {
            // crates/arbutil/src/pricing.rs: HOSTIO_INK 8,400, PTR_INK 13,440 − 8,400, EVM_API_INK 59,673
            assert_eq!(STORAGE_LOAD, 8_400 + 2 * 5_040);
            assert_eq!(STORAGE_CACHE, 18_480);
            assert_eq!(STORAGE_FLUSH, 8_400 + 59_673);
            assert_eq!(TRANSIENT_LOAD, 8_400 + 2 * 5_040 + 59_673);
            assert_eq!(ACCOUNT_BALANCE, 78_153);
            assert_eq!(ACCOUNT_CODE, 68_073);
            assert_eq!(ONE_POINTER, 13_440);
            assert_eq!(MATH_DIV, 8_400 + 3 * 5_040 + 20_000);
            assert_eq!(MATH_MUL_MOD, 8_400 + 4 * 5_040 + 24_100);
            assert_eq!(MATH_ADD_MOD, 8_400 + 4 * 5_040 + 21_000);
        }

        #[test]
        fn pow_ink_counts_significant_exponent_bytes() {
            assert_eq!(pow_ink(&B256::ZERO), 3_000 + 17_500);
            assert_eq!(pow_ink(&B256::with_last_byte(2)), 3_000 + 2 * 17_500);
            assert_eq!(pow_ink(&B256::repeat_byte(0xff)), 3_000 + 33 * 17_500);
        }
    }
}

/// Ink to write `bytes` into the program's memory (`write_price`, arbitrator/arbutil/src/pricing.rs):
/// 5,040 covers the first 32 bytes, then 30 per byte.
pub fn write_price(bytes: u32) -> u64 {
    5_040 + 30 * u64::from(bytes.saturating_sub(32))
}

/// Ink to read `bytes` out of the program's memory (`read_price`, arbitrator/arbutil/src/pricing.rs):
/// 16,381 covers the first 32 bytes, then 55 per byte.
pub fn read_price(bytes: u32) -> u64 {
    16_381 + 55 * u64::from(bytes.saturating_sub(32))
}

/// Ink of `native_keccak256` over `bytes` (`keccak_price`, arbitrator/arbutil/src/pricing.rs):
/// 121,800 covers two words, then 21,000 per extra 32-byte word.
pub fn keccak_price(bytes: u32) -> u64 {
    let words = u64::from(bytes).div_ceil(32).saturating_sub(2);
    121_800 + 21_000 * words
}

/// Ink of the `memory.grow` opcode itself (`pricing_v1`, arbitrator/prover/src/programs/meter.rs:
/// `MemoryGrow => 8050 // rest of cost handled by memory pricer`; the same table prices Stylus
/// versions 1 to 3, `CompileConfig::version`, config.rs). The pages are bought separately through
/// `pay_for_memory_grow`. Nitro's runtime charged 8,049 ink more than a meter pricing it at 1 on
/// each call of `noirHash` that grows the heap (issue 21; `calibration/nitro.json`).
pub const MEMORY_GROW_INK: u64 = 8_050;

/// Whether `op` ends a basic block (`OperatorInfo::ends_basic_block`,
/// arbitrator/arbutil/src/operator.rs). Note that `block` and `unreachable` do not.
pub fn ends_basic_block(op: &Operator) -> bool {
    use Operator::*;
    matches!(
        op,
        End | Else
            | Return
            | Loop { .. }
            | Br { .. }
            | BrTable { .. }
            | BrIf { .. }
            | If { .. }
            | Call { .. }
            | CallIndirect { .. }
    )
}

/// Ink of one opcode (`pricing_v1`, arbitrator/prover/src/programs/meter.rs).
///
/// `call_indirect_params` is the parameter count of the `call_indirect` type, which the
/// price depends on. Returns `None` for opcodes Nitro does not support (floats, SIMD,
/// atomics, reference types, tables, `memory.init`, ...), which it prices at `u64::MAX`.
pub fn opcode_ink(op: &Operator, call_indirect_params: impl Fn(u32) -> u64) -> Option<u64> {
    use Operator::*;
    let ink = match op {
        Unreachable | Return | Nop | I32Const { .. } | I64Const { .. } => 1,
        // "could be 1, but using a higher number helps limit the number of ops in BOLD"
        Drop => 9,
        Block { .. } | Loop { .. } | Else | End => 1,
        Br { .. } | BrIf { .. } | If { .. } => 765,
        Select => 1_250,
        Call { .. } => 3_800,
        LocalGet { .. } | LocalTee { .. } => 75,
        LocalSet { .. } => 210,
        GlobalGet { .. } => 225,
        GlobalSet { .. } => 575,
        I32Load { .. }
        | I32Load8S { .. }
        | I32Load8U { .. }
        | I32Load16S { .. }
        | I32Load16U { .. } => 670,
        I64Load { .. }
        | I64Load8S { .. }
        | I64Load8U { .. }
        | I64Load16S { .. }
        | I64Load16U { .. }
        | I64Load32S { .. }
        | I64Load32U { .. } => 680,
        I32Store { .. } | I32Store8 { .. } | I32Store16 { .. } => 825,
        I64Store { .. } | I64Store8 { .. } | I64Store16 { .. } | I64Store32 { .. } => 950,
        MemorySize { .. } => 3_000,
        // the opcode; the pages themselves are paid through `pay_for_memory_grow`
        MemoryGrow { .. } => MEMORY_GROW_INK,

        I32Eqz | I32Eq | I32Ne | I32LtS | I32LtU | I32GtS | I32GtU | I32LeS | I32LeU | I32GeS
        | I32GeU => 170,
        I64Eqz | I64Eq | I64Ne | I64LtS | I64LtU | I64GtS | I64GtU | I64LeS | I64LeU | I64GeS
        | I64GeU => 225,

        I32Clz | I32Ctz => 210,
        I32Add | I32Sub => 70,
        I32Mul => 160,
        I32DivS | I32DivU | I32RemS | I32RemU => 1_120,
        I32And | I32Or | I32Xor | I32Shl | I32ShrS | I32ShrU | I32Rotl | I32Rotr => 70,

        I64Clz | I64Ctz => 210,
        I64Add | I64Sub => 100,
        I64Mul => 160,
        I64DivS | I64DivU | I64RemS | I64RemU => 1_270,
        I64And | I64Or | I64Xor | I64Shl | I64ShrS | I64ShrU | I64Rotl | I64Rotr => 100,

        // "slow on ARM, fast on x86"
        I32Popcnt => 2_650,
        I64Popcnt => 6_000,

        I32WrapI64 | I64ExtendI32S | I64ExtendI32U => 100,
        I32Extend8S | I32Extend16S | I64Extend8S | I64Extend16S | I64Extend32S => 100,
        // plus `MEMORY_BULK_INK_PER_BYTE` at run time
        MemoryCopy { .. } | MemoryFill { .. } => 950,

        BrTable { targets } => 2_400 + 325 * u64::from(targets.len()),
        CallIndirect { type_index, .. } => 13_610 + 650 * call_indirect_params(*type_index),
        _ => return None,
    };
    Some(ink)
}

/// Pages every transaction gets for free (`InitialFreePages`, arbos/programs/params.go).
pub const FREE_PAGES: u16 = 2;
/// Linear gas per page beyond the free ones (`InitialPageGas`, arbos/programs/params.go).
pub const PAGE_GAS: u64 = 1_000;

/// Exponential part of the memory price, indexed by pages ever open in the transaction
/// (`memoryExponents`, arbos/programs/memory.go).
const MEMORY_EXPONENTS: [u32; 129] = [
    1, 1, 1, 1, 1, 1, 2, 2, 2, 3, 3, 4, 5, 5, 6, 7, 8, 9, 11, 12, 14, 17, 19, 22, 25, 29, 33, 38,
    43, 50, 57, 65, 75, 85, 98, 112, 128, 147, 168, 193, 221, 253, 289, 331, 379, 434, 497, 569,
    651, 745, 853, 976, 1117, 1279, 1463, 1675, 1917, 2194, 2511, 2874, 3290, 3765, 4309, 4932,
    5645, 6461, 7395, 8464, 9687, 11087, 12689, 14523, 16621, 19024, 21773, 24919, 28521, 32642,
    37359, 42758, 48938, 56010, 64104, 73368, 83971, 96106, 109994, 125890, 144082, 164904, 188735,
    216010, 247226, 282953, 323844, 370643, 424206, 485509, 555672, 635973, 727880, 833067, 953456,
    1091243, 1248941, 1429429, 1636000, 1872423, 2143012, 2452704, 2807151, 3212820, 3677113,
    4208502, 4816684, 5512756, 6309419, 7221210, 8264766, 9459129, 10826093, 12390601, 14181199,
    16230562, 18576084, 21260563, 24332984, 27849408, 31873999,
];

/// Gas to open `new` pages when `open` are open and `ever` have ever been open in the
/// transaction (`MemoryModel.GasCost`, arbos/programs/memory.go).
pub fn memory_pages_gas(new: u16, open: u16, ever: u16) -> u64 {
    let new_open = open.saturating_add(new);
    let new_ever = ever.max(new_open);
    if new_ever <= FREE_PAGES {
        return 0;
    }
    let sub_free = |pages: u16| pages.saturating_sub(FREE_PAGES);
    let adding = sub_free(new_open).saturating_sub(sub_free(open));
    let linear = u64::from(adding).saturating_mul(PAGE_GAS);
    let exp = |pages: u16| {
        MEMORY_EXPONENTS
            .get(usize::from(pages))
            .map_or(u64::MAX, |&x| u64::from(x))
    };
    linear.saturating_add(exp(new_ever).saturating_sub(exp(ever)))
}

/// Gas every call pays before the cached init cost: `MinCachedInitGas` 11 × `MinCachedGasUnits` 32
/// (arbos/programs/params.go).
pub const MIN_CACHED_GAS: u64 = 11 * 32;
/// Extra gas of a call to a program not in the cache: `v2MinInitGas` 69 × `MinInitGasUnits` 128
/// (arbos/programs/params.go).
pub const MIN_INIT_GAS: u64 = 69 * 128;
/// Both cost scalars default to 50 units of `CostScalarPercent` 2 %, i.e. 100 %
/// (`initialInitCostScalar`, `initialCachedCostScalar`, arbos/programs/params.go).
const COST_SCALAR_PERCENT: u64 = 50 * 2;

/// Gas of a cached program's init (`Program.cachedGas`, arbos/programs/programs.go):
/// `MIN_CACHED_GAS + ceil(cached_init_cost × scalar / 100)`.
pub fn cached_init_gas(cached_init_cost: u16) -> u64 {
    MIN_CACHED_GAS + (u64::from(cached_init_cost) * COST_SCALAR_PERCENT).div_ceil(100)
}

/// Extra gas of an uncached program's init (`Program.initGas`, arbos/programs/programs.go):
/// `MIN_INIT_GAS + ceil(init_cost × scalar / 100)`.
pub fn init_gas(init_cost: u16) -> u64 {
    MIN_INIT_GAS + (u64::from(init_cost) * COST_SCALAR_PERCENT).div_ceil(100)
}

/// `params.MemoryGas` and `params.QuadCoeffDiv` (go-ethereum `params/protocol_params.go`).
const EVM_MEMORY_WORD_GAS: u64 = 3;
const EVM_MEMORY_QUAD_DIVISOR: u64 = 512;

/// What the EVM would charge for `bytes` of memory: 3 per word + words² / 512 (`evmMemoryCost`,
/// arbos/programs/programs.go). From `ArbosVersion_StylusFixes` a call that returns data uses at
/// least this much gas in its frame.
pub fn evm_memory_cost(bytes: usize) -> u64 {
    let words = (bytes as u64).div_ceil(32);
    words * EVM_MEMORY_WORD_GAS + words * words / EVM_MEMORY_QUAD_DIVISOR
}

/// Gas `ArbWasm.activateProgram` burns before anything else, at every ArbOS version with Stylus:
/// `// charge a fixed cost up front to begin activation` `c.Burn(1659168)` (OffchainLabs/nitro
/// precompiles/ArbWasm.go `ActivateProgram`, read at commit f5121850db298d2ec4d6fb6f0b67d0ed897915f5;
/// NethermindEth/nethermind-arbitrum's port names it `ActivationFixedCost`). Nitro's
/// system_tests/wasm_activation_gas_test.go (fde4f23a8a76edeb11809c87941a9b85ba7b26d0,
/// `TestWasmActivationGasCharge`) expects it on top of the chain's `ActivationGas`.
pub const ACTIVATION_FIXED_GAS: u64 = 1_659_168;

/// `params.ColdAccountAccessCostEIP2929`, `params.WarmStorageReadCostEIP2929`, `params.CopyGas`
/// (go-ethereum `params/protocol_params.go`).
const COLD_ACCOUNT_ACCESS_GAS: u64 = 2_600;
const WARM_ACCESS_GAS: u64 = 100;
const COPY_WORD_GAS: u64 = 3;

/// ArbOS storage's read and nonzero-write charges (`StorageReadCost` = `SloadGasEIP2200`,
/// `StorageWriteCost` = `SstoreSetGasEIP2200`, arbos/storage/storage.go): a write of a nonzero
/// value costs the same whatever the slot held.
const ARBOS_STORAGE_READ_GAS: u64 = 800;
const ARBOS_STORAGE_WRITE_GAS: u64 = 20_000;

/// `params.LogGas`, `LogTopicGas`, `LogDataGas` (go-ethereum `params/protocol_params.go`), as a
/// precompile's event charges them (`gascost`, precompiles/precompile.go).
const LOG_GAS: u64 = 375;
const LOG_TOPIC_GAS: u64 = 375;
const LOG_DATA_GAS: u64 = 8;

/// What `ArbWasm.activateProgram` burns besides the fixed charge, `ActivationGas`, fragment reads
/// and the compile: the precompile's own bookkeeping when a program is activated for the first
/// time (Nitro v3.10.x: precompiles/precompile.go `Call`, precompiles/ArbWasm.go, arbos/programs/
/// programs.go `ActivateProgram` and `setProgram`, data_pricer.go `UpdateModel`, params.go
/// `Params`). `reads_activation_gas`: `Programs.ActivationGas` reads its slot from ArbOS 59.
pub fn activation_bookkeeping_gas(reads_activation_gas: bool) -> u64 {
    // Calldata after the selector (one address word) and the result (uint16, uint256).
    let copies = COPY_WORD_GAS * (1 + 2);
    // The ArbOS version (OpenArbosState), the program's slot (programExists), the data pricer's
    // five fields (UpdateModel), the network fee account (payActivationDataFee), ActivationGas.
    let reads = ARBOS_STORAGE_READ_GAS * (1 + 1 + 5 + 1 + u64::from(reads_activation_gas));
    // Params: one read, assumed warm.
    let params = WARM_ACCESS_GAS;
    // The data pricer's demand and update time, the module hash, the program's slot: all nonzero.
    let writes = ARBOS_STORAGE_WRITE_GAS * 4;
    // ProgramActivated(bytes32 indexed codehash, bytes32 moduleHash, address program,
    // uint256 dataFee, uint16 version): the event's topic, one indexed topic, four data words.
    let event = LOG_GAS + LOG_TOPIC_GAS * 2 + LOG_DATA_GAS * 32 * 4;
    copies + reads + params + writes + event
}

/// Gas activation burns to read one fragment of `code_bytes` (`fragmentReadGasCost`,
/// arbos/programs/programs.go): a cold or warm account access plus 3 per 32-byte word of its code.
pub fn fragment_read_gas(warm: bool, code_bytes: usize) -> u64 {
    let access = if warm {
        WARM_ACCESS_GAS
    } else {
        COLD_ACCOUNT_ACCESS_GAS
    };
    access + COPY_WORD_GAS * (code_bytes as u64).div_ceil(32)
}

/// EIP-2028 calldata gas: 4 per zero byte, 16 per nonzero byte.
pub fn calldata_gas(calldata: &[u8]) -> u64 {
    calldata.iter().map(|&b| if b == 0 { 4 } else { 16 }).sum()
}

/// Gas the program's ink costs the caller. Nitro converts the ink *left* back to gas rounding
/// down (`ink_to_gas`, arbitrator/prover/src/programs/config.rs), so the ink *spent* rounds up.
pub fn ink_to_gas_spent(ink: u64) -> u64 {
    Ink(ink).to_gas_spent().0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn memory_model_is_free_up_to_two_pages_then_linear_plus_ramp() {
        assert_eq!(memory_pages_gas(1, 0, 0), 0);
        assert_eq!(memory_pages_gas(2, 0, 0), 0);
        // third page: 1,000 linear + exp(3) - exp(0) = 0
        assert_eq!(memory_pages_gas(3, 0, 0), 1_000);
        // 10 pages: 8 × 1,000 + exp(10) - exp(0) = 8,000 + 3 - 1
        assert_eq!(memory_pages_gas(10, 0, 0), 8_002);
        // growing 1 → 2 within the free pages costs nothing
        assert_eq!(memory_pages_gas(1, 1, 1), 0);
    }

    #[test]
    fn init_gas_matches_readme_figures() {
        assert_eq!(cached_init_gas(241), 352 + 241);
        assert_eq!(init_gas(1_056), 8_832 + 1_056);
    }

    #[test]
    fn io_prices() {
        assert_eq!(write_price(4), 5_040);
        assert_eq!(write_price(68), 5_040 + 36 * 30);
        assert_eq!(read_price(32), 16_381);
        assert_eq!(keccak_price(64), 121_800);
        assert_eq!(keccak_price(65), 142_800);
        assert_eq!(calldata_gas(&[0, 1, 0, 255]), 4 + 16 + 4 + 16);
    }

    #[test]
    fn return_floor_and_fragment_reads() {
        assert_eq!(evm_memory_cost(0), 0);
        assert_eq!(evm_memory_cost(32), 3);
        // 16 KiB: 512 words × 3 + 512² / 512
        assert_eq!(evm_memory_cost(16 * 1024), 1_536 + 512);
        assert_eq!(fragment_read_gas(false, 24_576), 2_600 + 3 * 768);
        assert_eq!(fragment_read_gas(true, 33), 100 + 6);
    }
}
