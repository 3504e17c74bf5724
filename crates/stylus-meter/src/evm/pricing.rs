//! The EVM gas Nitro's EVM API makes a host function buy (storage, logs, accounts, transient
//! storage); host functions' base ink is in [`crate::pricing::hostio`].
//!
//! Facts, each named with the file it comes from (OffchainLabs/nitro master and v3.9.8 agree on
//! every figure here; the older tree has the same files under `arbitrator/`):
//! - EVM constants Nitro's Rust side uses: crates/arbutil/src/evm/mod.rs (`COLD_SLOAD_GAS`,
//!   `SSTORE_SENTRY_GAS`, ...), which name the go-ethereum `params` they copy;
//! - the storage cache's own read and write charges: crates/arbutil/src/evm/storage.rs;
//! - what the Go side returns as the cost of each EVM API request: arbos/programs/api.go, which
//!   calls go-ethereum's `WasmStateLoadCost`, `WasmStateStoreCost` and `WasmAccountTouchCost`
//!   (OffchainLabs/go-ethereum core/vm/operations_acl_arbitrum.go: `gasSLoadEIP2929` and
//!   `makeGasSStoreFunc` of core/vm/operations_acl.go with the post-London parameters).
//!
//! Only numbers and rules are taken, never code.

use crate::pricing::{Ink, EVM_API_INK};
use alloy_primitives::B256;

/// `params.ColdSloadCostEIP2929` (`COLD_SLOAD_GAS`, crates/arbutil/src/evm/mod.rs).
pub const COLD_SLOAD_GAS: u64 = 2_100;
/// `params.WarmStorageReadCostEIP2929` (`WARM_SLOAD_GAS`, same file).
pub const WARM_READ_GAS: u64 = 100;
/// `params.ColdAccountAccessCostEIP2929` (`COLD_ACCOUNT_GAS`, same file).
pub const COLD_ACCOUNT_GAS: u64 = 2_600;
/// `params.SstoreSentryGasEIP2200` (`SSTORE_SENTRY_GAS`, same file): the gas a store requires to
/// be left, without spending it.
pub const SSTORE_SENTRY_GAS: u64 = 2_300;
/// `params.SstoreSetGasEIP2200`: a store that creates a slot (zero to nonzero).
pub const SSTORE_SET_GAS: u64 = 20_000;
/// `params.SstoreResetGasEIP2200`: before EIP-2929 took the cold read out of it.
pub const SSTORE_RESET_GAS_EIP2200: u64 = 5_000;
/// A store that changes a nonzero slot, once EIP-2929 charges the cold read apart:
/// `SstoreResetGasEIP2200 − ColdSloadCostEIP2929` (operations_acl_arbitrum.go).
pub const SSTORE_RESET_GAS: u64 = SSTORE_RESET_GAS_EIP2200 - COLD_SLOAD_GAS;
/// `params.SstoreClearsScheduleRefundEIP3529` = `SstoreResetGasEIP2200 − ColdSloadCostEIP2929 +
/// TxAccessListStorageKeyGas` (5,000 − 2,100 + 1,900): the refund for clearing a slot.
pub const SSTORE_CLEARS_REFUND: u64 = SSTORE_RESET_GAS + 1_900;
/// `params.RefundQuotientEIP3529`: a transaction's refund is at most its gas used / 5.
pub const REFUND_QUOTIENT: u64 = 5;
/// `params.WarmStorageReadCostEIP2929`, what TLOAD and TSTORE cost (`TLOAD_GAS`, `TSTORE_GAS`,
/// crates/arbutil/src/evm/mod.rs).
pub const TRANSIENT_GAS: u64 = WARM_READ_GAS;
/// `params.LogGas` (`LOG_TOPIC_GAS`, crates/arbutil/src/evm/mod.rs): per log and per topic.
pub const LOG_TOPIC_GAS: u64 = 375;
/// `params.LogDataGas` (`LOG_DATA_GAS`, same file): per data byte.
pub const LOG_DATA_GAS: u64 = 8;
/// `params.ExtcodeSizeGasEIP150`: `account_code` and `account_code_size` pay it per 24,576 bytes
/// of the chain's `MaxCodeSize` (`WasmAccountTouchCost`, operations_acl_arbitrum.go).
pub const EXTCODE_SIZE_GAS: u64 = 700;

/// `StorageCache::REQUIRED_ACCESS_GAS` (crates/arbutil/src/evm/storage.rs): what a load or a
/// cached store requires to be left on top of the EVM's own minimum.
pub const CACHE_ACCESS_GAS: u64 = 10;

/// Gas the EVM API adds to a storage load that misses the cache: `ink_to_gas(EVM_API_INK)` = 5
/// (`storage_load_bytes32`, crates/wasm-libraries/user-host-trait/lib.rs), as from
/// `ARBOS_VERSION_STYLUS_CHARGING_FIXES` (32; before it `EVM_API_INK` itself was charged as gas).
/// The meter models ArbOS 50 and later, where this always holds.
pub const STORAGE_LOAD_API_GAS: u64 = Ink(EVM_API_INK).to_gas().0;

/// The `n`-th read of a program call's storage cache (1-based) costs this much gas, hit or miss
/// (`StorageCache::read_gas`, crates/arbutil/src/evm/storage.rs): free up to 32 reads, then 2,
/// then 10 from the 129th.
pub fn cache_read_gas(n: u64) -> u64 {
    match n {
        0..=32 => 0,
        33..=128 => 2,
        _ => 10,
    }
}

/// The `n`-th `storage_cache_bytes32` of a program call (1-based) costs this much gas
/// (`StorageCache::write_gas`, same file): free up to 8 writes, then 7, then 10 from the 65th.
pub fn cache_write_gas(n: u64) -> u64 {
    match n {
        0..=8 => 0,
        9..=64 => 7,
        _ => 10,
    }
}

/// A storage load's EVM gas (`WasmStateLoadCost`, operations_acl_arbitrum.go, after
/// `gasSLoadEIP2929`): 2,100 for a slot not yet in the transaction's access list, 100 after.
pub fn sload_gas(cold: bool) -> u64 {
    if cold {
        COLD_SLOAD_GAS
    } else {
        WARM_READ_GAS
    }
}

/// What one SSTORE costs and does to the refund counter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SstoreCost {
    /// Gas charged.
    pub gas: u64,
    /// Change to the transaction's refund counter (EIP-3529 values; negative when a cleared
    /// slot is written again).
    pub refund: i64,
}

/// A store's gas and refund (`WasmStateStoreCost`, operations_acl_arbitrum.go: EIP-2200 with the
/// EIP-2929 cold charge and EIP-3529 refunds, as go-ethereum's `makeGasSStoreFunc`), given whether
/// the slot is cold, its value at the start of the transaction (`original`), now (`current`) and
/// the value written (`new`). The sentry (2,300 gas left) is the caller's to check.
pub fn sstore_cost(cold: bool, original: B256, current: B256, new: B256) -> SstoreCost {
    let cold_gas = if cold { COLD_SLOAD_GAS } else { 0 };
    let cost = |gas: u64, refund: i64| SstoreCost {
        gas: cold_gas + gas,
        refund,
    };
    let clears = SSTORE_CLEARS_REFUND as i64;
    if current == new {
        return cost(WARM_READ_GAS, 0); // no-op
    }
    if original == current {
        if original.is_zero() {
            return cost(SSTORE_SET_GAS, 0); // create the slot
        }
        let refund = if new.is_zero() { clears } else { 0 }; // delete the slot
        return cost(SSTORE_RESET_GAS, refund); // write an existing slot
    }
    // dirty: the slot was already written in this transaction
    let mut refund = 0;
    if !original.is_zero() {
        if current.is_zero() {
            refund -= clears; // recreate a slot this transaction cleared
        } else if new.is_zero() {
            refund += clears; // delete
        }
    }
    if original == new {
        refund += if original.is_zero() {
            (SSTORE_SET_GAS - WARM_READ_GAS) as i64 // back to an original empty slot
        } else {
            (SSTORE_RESET_GAS - WARM_READ_GAS) as i64 // back to an original nonzero slot
        };
    }
    cost(WARM_READ_GAS, refund)
}

/// An account hook's EVM gas (`WasmAccountTouchCost`, operations_acl_arbitrum.go, after
/// `gasEip2929AccountCheck`): 2,600 cold or 100 warm, plus 700 per 24,576 bytes of `MaxCodeSize`
/// when the hook loads the code (`account_code`, `account_code_size`).
pub fn account_touch_gas(cold: bool, with_code: bool) -> u64 {
    let code = if with_code {
        // the chain's `MaxCodeSize` (Arbitrum's default): one EXTCODE_SIZE_GAS
        crate::arbos::MAX_CODE_SIZE as u64 / 24_576 * EXTCODE_SIZE_GAS
    } else {
        0
    };
    code + if cold {
        COLD_ACCOUNT_GAS
    } else {
        WARM_READ_GAS
    }
}

/// Gas of `emit_log` with `topics` topics and `data_bytes` bytes after them (`pay_for_evm_log`,
/// crates/prover/src/programs/meter.rs): 375 per log and per topic, 8 per data byte.
pub fn log_gas(topics: u32, data_bytes: u32) -> u64 {
    (1 + u64::from(topics)) * LOG_TOPIC_GAS + u64::from(data_bytes) * LOG_DATA_GAS
}

/// The refund a transaction gets back (`calcRefund`, OffchainLabs/go-ethereum
/// core/state_transition.go): the refund counter, capped at (gas used − nonrefundable gas) / 5
/// (EIP-3529). `gas_used` is the whole transaction's, its 21,000 included; the nonrefundable part
/// is the L1 poster's gas (`TxProcessor.NonrefundableGas`, arbos/tx_processor.go), 0 here.
pub fn capped_refund(refund_counter: u64, gas_used: u64) -> u64 {
    refund_counter.min(gas_used / REFUND_QUOTIENT)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn word(n: u8) -> B256 {
        B256::with_last_byte(n)
    }

    #[test]
    fn storage_load_api_gas_is_the_evm_api_ink_in_gas() {
        // 59,673 ink = 5 gas, rounded down
        assert_eq!(STORAGE_LOAD_API_GAS, 5);
    }

    #[test]
    fn cache_counters() {
        let reads: Vec<u64> = [1, 32, 33, 128, 129].map(cache_read_gas).to_vec();
        assert_eq!(reads, [0, 0, 2, 2, 10]);
        let writes: Vec<u64> = [1, 8, 9, 64, 65].map(cache_write_gas).to_vec();
        assert_eq!(writes, [0, 0, 7, 7, 10]);
    }

    // EIP-2929 / EIP-2200 / EIP-3529 worked by hand: cold read 2,100, warm 100, set 20,000,
    // reset 5,000 − 2,100 = 2,900, clear refund 4,800.
    #[test]
    fn sstore_set_reset_noop() {
        let (zero, one, two) = (B256::ZERO, word(1), word(2));
        // set: 0 → 1
        assert_eq!(sstore_cost(true, zero, zero, one).gas, 22_100);
        assert_eq!(sstore_cost(false, zero, zero, one).gas, 20_000);
        // reset: 1 → 2
        assert_eq!(sstore_cost(true, one, one, two).gas, 5_000);
        assert_eq!(sstore_cost(false, one, one, two).gas, 2_900);
        // no-op: 1 → 1 (and 0 → 0)
        assert_eq!(sstore_cost(true, one, one, one).gas, 2_200);
        assert_eq!(sstore_cost(false, one, one, one).gas, 100);
        assert_eq!(sstore_cost(false, zero, zero, zero).gas, 100);
        for cost in [
            sstore_cost(true, zero, zero, one),
            sstore_cost(true, one, one, two),
            sstore_cost(false, one, one, one),
        ] {
            assert_eq!(cost.refund, 0);
        }
    }

    #[test]
    fn sstore_clear_and_restore_refunds() {
        let (zero, one, two) = (B256::ZERO, word(1), word(2));
        // clear: 1 → 0, refund 4,800
        assert_eq!(
            sstore_cost(true, one, one, zero),
            SstoreCost {
                gas: 5_000,
                refund: 4_800
            }
        );
        // 0 → 1 → 0 in one transaction: the second store costs 100 and refunds 20,000 − 100
        assert_eq!(
            sstore_cost(false, zero, one, zero),
            SstoreCost {
                gas: 100,
                refund: 19_900
            }
        );
        // 1 → 2 → 1: 100, refund 2,900 − 100
        assert_eq!(
            sstore_cost(false, one, two, one),
            SstoreCost {
                gas: 100,
                refund: 2_800
            }
        );
        // 1 → 0 → 1: the clear's 4,800 is taken back, and 2,800 for restoring
        assert_eq!(
            sstore_cost(false, one, zero, one),
            SstoreCost {
                gas: 100,
                refund: -4_800 + 2_800
            }
        );
        // 1 → 2 → 0: dirty delete, refund 4,800
        assert_eq!(
            sstore_cost(false, one, two, zero),
            SstoreCost {
                gas: 100,
                refund: 4_800
            }
        );
        // 1 → 0 → 2: recreate, the clear's refund taken back
        assert_eq!(
            sstore_cost(false, one, zero, two),
            SstoreCost {
                gas: 100,
                refund: -4_800
            }
        );
    }

    #[test]
    fn accounts_logs_and_refund_cap() {
        assert_eq!(account_touch_gas(true, false), 2_600);
        assert_eq!(account_touch_gas(false, false), 100);
        assert_eq!(account_touch_gas(true, true), 3_300);
        assert_eq!(account_touch_gas(false, true), 800);
        assert_eq!(log_gas(0, 0), 375);
        assert_eq!(log_gas(1, 32), 2 * 375 + 32 * 8);
        assert_eq!(capped_refund(4_800, 26_006), 4_800);
        assert_eq!(capped_refund(19_900, 50_000), 10_000);
    }
}
