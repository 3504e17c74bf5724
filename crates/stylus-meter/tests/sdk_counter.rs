//! A stock stylus-sdk 0.10.10 contract with state (tests/fixtures/sdk-counter: `#[storage]` with
//! a `StorageU256` and a `StorageMap<Address, StorageU256>`, `#[entrypoint]`, `#[public]`, an
//! event), metered over a sequence of transactions.
//!
//! The file is committed (tests/fixtures/sdk_counter.wasm, 14,186 bytes) so that these tests cost
//! no wasm32 build of their own; `fixture_is_what_build_sh_builds` (it needs the wasm32 toolchain,
//! crates.io and npm's wasm-opt from `scripts/setup.sh`) proves it is what `sdk-counter/build.sh` builds.
//!
//! Storage, log and refund gas are checked by hand (EIP-2929 cold read 2,100 + Stylus's 5 of EVM
//! API, set 20,000, reset 2,900, clear refund 4,800; LOG2 of 32 bytes = 3 × 375 + 32 × 8); the
//! storage layout by Solidity's rules (slot 0 the counter, slot 1 the map: `keccak256(key ‖ 1)`).

use alloy_primitives::{keccak256, Address, B256, U256};
use alloy_sol_types::{sol, SolCall, SolEvent};
use std::path::PathBuf;
use stylus_meter::evm::{Database, Evm, StateFile, Tx};
use stylus_meter::{CallReport, Outcome, Program};

sol! {
    function increment() returns (uint256);
    function get() returns (uint256);
    function countOf(address account) returns (uint256);
    function set(uint256 value);
    event Incremented(address indexed by, uint256 count);
}

const COUNTER: Address = Address::repeat_byte(0xc0);
const ALICE: Address = Address::repeat_byte(0xa1);
const BOB: Address = Address::repeat_byte(0xb0);

/// `storage_load_bytes32` of a slot the transaction has not read: 2,100 + 5.
const COLD_LOAD: u64 = 2_105;
/// `Incremented(address indexed, uint256)`: LOG2 with 32 data bytes.
const LOG_GAS: u64 = 3 * 375 + 32 * 8;

fn fixture() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/sdk_counter.wasm")
}

fn word(n: u64) -> Vec<u8> {
    U256::from(n).to_be_bytes::<32>().to_vec()
}

/// Solidity's slot of `map[key]` for a map at `slot`: keccak256(pad32(key) ‖ pad32(slot)).
fn map_slot(key: Address, slot: u64) -> B256 {
    let mut preimage = [0u8; 64];
    preimage[12..32].copy_from_slice(key.as_slice());
    preimage[32..].copy_from_slice(&word(slot));
    keccak256(preimage)
}

struct Counter {
    program: Program,
    evm: Evm,
}

impl Counter {
    fn new() -> Counter {
        let state = serde_json::json!({ "accounts": { ALICE.to_string(): { "balance": "100" } } });
        Counter {
            program: Program::from_file(fixture()).expect("the fixture loads"),
            evm: Evm::new(serde_json::from_value::<StateFile>(state).unwrap()),
        }
    }

    fn send(&mut self, from: Address, calldata: Vec<u8>, value: u64) -> CallReport {
        let tx = Tx {
            from,
            to: COUNTER,
            value: U256::from(value),
            ..Tx::call(calldata)
        };
        self.evm.transact(&self.program, &tx).expect("runs")
    }

    fn slot(&self, key: B256) -> U256 {
        U256::from_be_bytes(self.evm.db().storage(COUNTER, key).0)
    }
}

/// Checks the EVM gas a transaction bought: loads, stores, logs.
fn assert_evm_gas(r: &CallReport, load: u64, store: u64, logs: u64) {
    assert_eq!(
        (r.evm.storage_load, r.evm.storage_store, r.evm.logs),
        (load, store, logs),
        "storage load, storage store, logs"
    );
}

#[test]
fn imports_only_what_the_meter_provides() {
    let program = Program::from_file(fixture()).unwrap();
    let mut imports = program.host_imports();
    imports.sort_unstable();
    assert_eq!(
        imports,
        [
            "emit_log",
            "msg_reentrant",
            "msg_sender",
            "msg_value",
            "native_keccak256",
            "pay_for_memory_grow",
            "read_args",
            "storage_cache_bytes32",
            "storage_flush_cache",
            "storage_load_bytes32",
            "write_result"
        ]
    );
}

#[test]
fn increments_gets_sets_and_refunds() {
    let mut c = Counter::new();
    let increment = incrementCall {}.abi_encode();

    // Alice from zero: both slots cold (2 × 2,105), both set after the load: 2 × 20,000
    let r = c.send(ALICE, increment.clone(), 0);
    assert_eq!(r.returndata, word(1));
    assert_evm_gas(&r, 2 * COLD_LOAD, 2 * 20_000, LOG_GAS);
    assert_eq!(r.logs.len(), 1);
    let log = &r.logs[0];
    assert_eq!(log.address, COUNTER);
    assert_eq!(log.topics[0], Incremented::SIGNATURE_HASH);
    assert_eq!(log.topics[1], ALICE.into_word());
    assert_eq!(log.data, word(1));

    // Bob: the counter 1 → 2 is a reset (2,900), his own slot a set
    let r = c.send(BOB, increment.clone(), 0);
    assert_eq!(r.returndata, word(2));
    assert_evm_gas(&r, 2 * COLD_LOAD, 2_900 + 20_000, LOG_GAS);

    // Alice again: two resets, every slot cold again in a new transaction
    let r = c.send(ALICE, increment.clone(), 0);
    assert_eq!(r.returndata, word(3));
    assert_evm_gas(&r, 2 * COLD_LOAD, 2 * 2_900, LOG_GAS);
    assert_eq!(r.gas.refund_counter, 0);

    // views: one cold load each, nothing stored
    let r = c.send(BOB, getCall {}.abi_encode(), 0);
    assert_eq!(r.returndata, word(3));
    assert_evm_gas(&r, COLD_LOAD, 0, 0);
    let r = c.send(BOB, countOfCall { account: ALICE }.abi_encode(), 0);
    assert_eq!(r.returndata, word(2));
    assert_evm_gas(&r, COLD_LOAD, 0, 0);

    // the layout is Solidity's
    assert_eq!(c.slot(B256::ZERO), U256::from(3));
    assert_eq!(c.slot(map_slot(ALICE, 1)), U256::from(2));
    assert_eq!(c.slot(map_slot(BOB, 1)), U256::from(1));

    // set(0): the SDK stores without loading; the flush clears a cold slot, 2,100 + 2,900,
    // refund 4,800 (below the cap, a fifth of the transaction's gas)
    let r = c.send(ALICE, setCall { value: U256::ZERO }.abi_encode(), 0);
    assert_evm_gas(&r, 0, 5_000, 0);
    assert_eq!((r.gas.refund_counter, r.gas.cached_refund), (4_800, 4_800));
    let gross = r.gas.calldata + r.gas.cached_init + r.gas.memory + r.gas.execution;
    assert!((21_000 + gross) / 5 >= 4_800);
    assert_eq!(r.gas.cached_call, gross - 4_800);
    assert_eq!(c.slot(B256::ZERO), U256::ZERO);

    // set(0) again: the flush still sends it, a cold no-op, 2,100 + 100, nothing refunded
    let r = c.send(ALICE, setCall { value: U256::ZERO }.abi_encode(), 0);
    assert_evm_gas(&r, 0, 2_200, 0);
    assert_eq!(r.gas.refund_counter, 0);

    // increment is not payable: the SDK reverts, and the value stays with Alice
    let r = c.send(ALICE, increment.clone(), 1);
    assert_eq!(r.outcome, Outcome::Revert);
    assert_evm_gas(&r, 0, 0, 0);
    assert!(r.logs.is_empty());
    assert_eq!(c.evm.db().balance(ALICE), U256::from(100));

    // from a cleared counter: set (0 → 1) and Alice's reset (2 → 3)
    let r = c.send(ALICE, increment, 0);
    assert_eq!(r.returndata, word(1));
    assert_evm_gas(&r, 2 * COLD_LOAD, 20_000 + 2_900, LOG_GAS);
    assert_eq!(c.slot(map_slot(ALICE, 1)), U256::from(3));
}

#[test]
fn unknown_selector_reverts_and_charges_no_storage() {
    let mut c = Counter::new();
    let r = c.send(ALICE, vec![0xde, 0xad, 0xbe, 0xef], 0);
    assert_eq!(r.outcome, Outcome::Revert);
    assert_evm_gas(&r, 0, 0, 0);
    assert!(!c.evm.db().accounts.contains_key(&COUNTER));
}

/// The committed fixture is what `sdk-counter/build.sh` builds from the crate and its lock.
#[test]
fn fixture_is_what_build_sh_builds() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let out = std::env::temp_dir().join(format!("sdk-counter-{}.wasm", std::process::id()));
    let status = std::process::Command::new(root.join("tests/fixtures/sdk-counter/build.sh"))
        .arg(&out)
        .status()
        .expect("run build.sh");
    assert!(status.success(), "build.sh failed");
    let built = std::fs::read(&out).unwrap();
    let committed = std::fs::read(fixture()).unwrap();
    assert!(
        built == committed,
        "tests/fixtures/sdk_counter.wasm is stale: rebuild it with tests/fixtures/sdk-counter/build.sh"
    );
}
