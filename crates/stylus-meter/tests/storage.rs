//! Storage through the host functions, across transactions, priced by hand.
//!
//! A small WAT program runs a script from its calldata (load, cache, flush, revert), so each test
//! states a storage pattern and the gas EIP-2929 / EIP-2200 / EIP-3529 give it, worked out by
//! hand: cold read 2,100, warm 100, set 20,000, reset 5,000 − 2,100 = 2,900, no-op 100, clear
//! refund 4,800; Stylus adds 5 gas of EVM API to each load the cache misses
//! (`ink_to_gas(EVM_API_INK)`, user-host-trait) and sends each changed slot once per flush.
//! Base ink per host function (crates/arbutil/src/pricing.rs): load and cache 8,400 + 2 × 5,040 =
//! 18,480, flush 8,400 + 59,673 = 68,073.

use alloy_primitives::{Address, B256, U256};
use stylus_meter::evm::{Evm, StateFile, Tx};
use stylus_meter::{CallReport, Outcome, Program};

const PROGRAM: Address = Address::repeat_byte(0xc0);
const SENDER: Address = Address::repeat_byte(0xee);

const LOAD_INK: u64 = 18_480;
const CACHE_INK: u64 = 18_480;
const FLUSH_INK: u64 = 68_073;
/// `storage_load_bytes32` on a cache miss: the EVM API's 5 gas on top of EIP-2929's.
const API_GAS: u64 = 5;
/// A load of a slot the transaction has not read: cold 2,100 + 5.
const COLD_LOAD: u64 = 2_100 + API_GAS;

/// Runs its calldata as a script: 0x01 key → load (the value goes to the return data);
/// 0x02 key value → cache; 0x03 clear → flush; 0x04 → revert at the end.
const SCRIPT: &str = r#"(module
    (import "vm_hooks" "read_args" (func $read_args (param i32)))
    (import "vm_hooks" "write_result" (func $write_result (param i32 i32)))
    (import "vm_hooks" "storage_load_bytes32" (func $load (param i32 i32)))
    (import "vm_hooks" "storage_cache_bytes32" (func $cache (param i32 i32)))
    (import "vm_hooks" "storage_flush_cache" (func $flush (param i32)))
    (memory (export "memory") 1 1)
    (func (export "user_entrypoint") (param $len i32) (result i32)
        (local $p i32) (local $out i32) (local $op i32) (local $status i32)
        (local.set $out (i32.const 8192))
        (call $read_args (i32.const 0))
        (block $done
            (loop $next
                (br_if $done (i32.ge_u (local.get $p) (local.get $len)))
                (local.set $op (i32.load8_u (local.get $p)))
                (if (i32.eq (local.get $op) (i32.const 1)) (then
                    (call $load (i32.add (local.get $p) (i32.const 1)) (local.get $out))
                    (local.set $out (i32.add (local.get $out) (i32.const 32)))
                    (local.set $p (i32.add (local.get $p) (i32.const 33)))))
                (if (i32.eq (local.get $op) (i32.const 2)) (then
                    (call $cache (i32.add (local.get $p) (i32.const 1))
                                 (i32.add (local.get $p) (i32.const 33)))
                    (local.set $p (i32.add (local.get $p) (i32.const 65)))))
                (if (i32.eq (local.get $op) (i32.const 3)) (then
                    (call $flush (i32.load8_u (i32.add (local.get $p) (i32.const 1))))
                    (local.set $p (i32.add (local.get $p) (i32.const 2)))))
                (if (i32.eq (local.get $op) (i32.const 4)) (then
                    (local.set $status (i32.const 1))
                    (local.set $p (i32.add (local.get $p) (i32.const 1)))))
                (br $next)))
        (call $write_result (i32.const 8192) (i32.sub (local.get $out) (i32.const 8192)))
        (local.get $status)))"#;

#[derive(Clone, Copy)]
enum Op {
    Load(u8),
    Cache(u8, u8),
    Flush,
    Revert,
}
use Op::*;

fn word(n: u8) -> B256 {
    B256::with_last_byte(n)
}

fn script(ops: &[Op]) -> Vec<u8> {
    let mut data = Vec::new();
    for op in ops {
        match *op {
            Load(key) => {
                data.push(1);
                data.extend(word(key));
            }
            Cache(key, value) => {
                data.push(2);
                data.extend(word(key));
                data.extend(word(value));
            }
            Flush => data.extend([3, 1]),
            Revert => data.push(4),
        }
    }
    data
}

/// Base ink of the script's host functions: read_args and write_result (with their byte
/// prices, crates/arbutil/src/pricing.rs) and each storage call's base.
fn base_ink(ops: &[Op]) -> u64 {
    let args = script(ops).len() as u64;
    let loads = ops.iter().filter(|op| matches!(op, Load(_))).count() as u64;
    let caches = ops.iter().filter(|op| matches!(op, Cache(..))).count() as u64;
    let flushes = ops.iter().filter(|op| matches!(op, Flush)).count() as u64;
    let out = 32 * loads;
    let read_args = 8_400 + 5_040 + 30 * args.saturating_sub(32);
    let write_result = 8_400 + 2 * (16_381 + 55 * out.saturating_sub(32));
    read_args + write_result + loads * LOAD_INK + caches * CACHE_INK + flushes * FLUSH_INK
}

struct Chain {
    program: Program,
    evm: Evm,
}

impl Chain {
    fn new() -> Chain {
        let wasm = wat::parse_str(SCRIPT).expect("valid wat");
        Chain {
            program: Program::from_bytes(&wasm).expect("loads"),
            evm: Evm::new(StateFile::default()),
        }
    }

    /// Runs `ops` as one transaction and checks its host ink: the base prices plus the EVM gas
    /// the test states (`load_gas`, `store_gas`), 10,000 ink a gas.
    fn tx(&mut self, ops: &[Op], load_gas: u64, store_gas: u64) -> CallReport {
        let tx = Tx {
            from: SENDER,
            to: PROGRAM,
            ..Tx::call(script(ops))
        };
        let report = self.evm.transact(&self.program, &tx).expect("runs");
        assert_eq!(report.evm.storage_load, load_gas, "load gas");
        assert_eq!(report.evm.storage_store, store_gas, "store gas");
        assert_eq!(
            report.ink.host_io,
            base_ink(ops) + (load_gas + store_gas) * 10_000,
            "host ink"
        );
        report
    }

    fn slot(&self, key: u8) -> B256 {
        use stylus_meter::evm::Database;
        self.evm.db().storage(PROGRAM, word(key))
    }
}

#[test]
fn set_then_load_in_the_next_transaction() {
    let mut chain = Chain::new();
    // a slot written without a load: the flush's SSTORE is cold, 0 → 5 = set, 2,100 + 20,000
    let r = chain.tx(&[Cache(1, 5), Flush], 0, 22_100);
    assert_eq!(r.outcome, Outcome::Success);
    assert_eq!(r.evm.slots_stored, 1);
    assert_eq!(chain.slot(1), word(5));
    // next transaction: cold again, 2,100 + 5; the second load hits the cache: 0
    let r = chain.tx(&[Load(1), Load(1)], COLD_LOAD, 0);
    assert_eq!(r.returndata, [word(5).0, word(5).0].concat());
    assert_eq!(r.evm.slots_loaded, 1);
}

#[test]
fn reset_noop_and_warm_set() {
    let mut chain = Chain::new();
    chain.tx(&[Cache(1, 5), Flush], 0, 22_100);
    // 5 → 5 without a load: the cache does not know the value, so the flush sends it: a cold
    // no-op, 2,100 + 100
    chain.tx(&[Cache(1, 5), Flush], 0, 2_200);
    // 5 → 7: cold reset, 2,100 + 2,900
    chain.tx(&[Cache(1, 7), Flush], 0, 5_000);
    // loaded first (cold 2,105), then 7 → 8: warm reset 2,900
    chain.tx(&[Load(1), Cache(1, 8), Flush], COLD_LOAD, 2_900);
    // loaded, then written back unchanged: the cache knows, nothing is sent
    let r = chain.tx(&[Load(1), Cache(1, 8), Flush], COLD_LOAD, 0);
    assert_eq!(r.evm.slots_stored, 0);
    // a new slot after a load: cold load, warm set 20,000
    chain.tx(&[Load(2), Cache(2, 1), Flush], COLD_LOAD, 20_000);
    assert_eq!((chain.slot(1), chain.slot(2)), (word(8), word(1)));
}

#[test]
fn clear_refunds_4800_capped_at_a_fifth_of_the_gas_used() {
    let mut chain = Chain::new();
    chain.tx(&[Cache(1, 5), Flush], 0, 22_100);
    // 5 → 0: cold reset 5,000, refund 4,800
    let r = chain.tx(&[Cache(1, 0), Flush], 0, 5_000);
    assert_eq!(r.gas.refund_counter, 4_800);
    let gross = r.gas.calldata + r.gas.cached_init + r.gas.memory + r.gas.execution;
    // EIP-3529: at most (21,000 + gas used) / 5, which is more than 4,800 here
    assert!((21_000 + gross) / 5 > 4_800);
    assert_eq!(r.gas.cached_refund, 4_800);
    assert_eq!(r.gas.cached_call, gross - 4_800);
    assert_eq!(r.gas.uncached_call, gross + r.gas.init - 4_800);
    assert_eq!(chain.slot(1), B256::ZERO);
    assert!(
        chain.evm.db().accounts.is_empty(),
        "an emptied account is dropped"
    );
}

#[test]
fn restoring_the_original_value_across_two_flushes() {
    let mut chain = Chain::new();
    chain.tx(&[Cache(1, 9), Flush], 0, 22_100);
    // 9 → 0 (cold, 5,000, refund 4,800) → 9 (dirty 100: the clear's 4,800 back, and 2,900 − 100
    // for restoring the original)
    let r = chain.tx(&[Cache(1, 0), Flush, Cache(1, 9), Flush], 0, 5_100);
    assert_eq!(r.gas.refund_counter, 2_800);
    assert_eq!(r.gas.cached_refund, 2_800);
    assert_eq!(chain.slot(1), word(9));

    // 0 → 3 (cold set 22,100) → 0 (dirty 100, refund 20,000 − 100 = 19,900), capped at a fifth
    let r = chain.tx(&[Cache(2, 3), Flush, Cache(2, 0), Flush], 0, 22_200);
    assert_eq!(r.gas.refund_counter, 19_900);
    let gross = r.gas.calldata + r.gas.cached_init + r.gas.memory + r.gas.execution;
    assert_eq!(r.gas.cached_refund, (21_000 + gross) / 5);
    assert!(r.gas.cached_refund < 19_900);
    assert_eq!(r.gas.cached_call, gross - (21_000 + gross) / 5);
    assert_eq!(chain.slot(2), B256::ZERO);
}

#[test]
fn within_one_flush_the_last_value_is_sent_once() {
    let mut chain = Chain::new();
    // 0 → 3 → 0 in the cache, one flush: the slot is sent once with 0, a cold no-op
    let r = chain.tx(&[Cache(1, 3), Cache(1, 0), Flush], 0, 2_200);
    assert_eq!((r.evm.slots_stored, r.gas.refund_counter), (1, 0));
    // two slots in one flush, each priced on its own: two cold sets
    chain.tx(&[Cache(3, 1), Cache(2, 1), Flush], 0, 2 * 22_100);
}

#[test]
fn a_reverted_transaction_pays_its_stores_and_keeps_nothing() {
    let mut chain = Chain::new();
    let r = chain.tx(&[Cache(1, 5), Flush, Revert], 0, 22_100);
    assert_eq!(r.outcome, Outcome::Revert);
    assert_eq!(r.gas.refund_counter, 0);
    assert_eq!(chain.slot(1), B256::ZERO);
    // and the slot is cold again in the next transaction, and still unset: a cold set
    chain.tx(&[Cache(1, 5), Flush], 0, 22_100);
}

#[test]
fn cache_counters_charge_reads_after_the_32nd_and_writes_after_the_8th() {
    let mut chain = Chain::new();
    // 40 loads of one slot: one cold miss (2,105), reads 33..40 at 2 gas each
    let loads = vec![Load(1); 40];
    chain.tx(&loads, COLD_LOAD + 8 * 2, 0);
    // 10 cached writes of distinct slots, then one flush of 10 cold sets; writes 9 and 10 at 7
    let mut ops: Vec<Op> = (1..=10).map(|key| Cache(key, 1)).collect();
    ops.push(Flush);
    chain.tx(&ops, 0, 2 * 7 + 10 * 22_100);
}

#[test]
fn a_flush_that_cannot_be_paid_runs_out_of_ink() {
    let mut chain = Chain::new();
    let tx = Tx {
        from: SENDER,
        to: PROGRAM,
        ink_limit: 10_000 * 20_000, // 20,000 gas: less than a cold set
        ..Tx::call(script(&[Cache(1, 5), Flush]))
    };
    let err = chain.evm.transact(&chain.program, &tx).unwrap_err();
    assert!(err.to_string().contains("out of ink"), "{err}");
    assert_eq!(chain.slot(1), B256::ZERO);
    // nothing of it is left: the next transaction finds the slot cold and unset
    chain.tx(&[Cache(1, 5), Flush], 0, 22_100);
}

#[test]
fn state_round_trips_through_the_file() {
    let mut chain = Chain::new();
    chain.tx(&[Cache(1, 5), Cache(0xff, 0x80), Flush], 0, 2 * 22_100);
    let path = std::env::temp_dir().join(format!("stylus-meter-state-{}.json", std::process::id()));
    chain.evm.state().write(&path).unwrap();
    let read = StateFile::read(&path).unwrap();
    assert_eq!(read, chain.evm.state());
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("\"0xff\": \"0x80\""), "{text}");
    // a fresh world from the file behaves as the one it was written from: the slot is there
    let mut resumed = Chain {
        program: chain.program,
        evm: Evm::new(read),
    };
    let r = resumed.tx(&[Load(1)], COLD_LOAD, 0);
    assert_eq!(r.returndata, word(5).0);
    assert_eq!(
        U256::from_be_slice(&r.returndata),
        U256::from(5),
        "value from the file"
    );
}

/// The same stores on an independent EVM: anvil (revm), from npm's Foundry. A contract that
/// SSTOREs each (key, value) pair of its calldata runs each pattern as one transaction; its
/// trace gives each SSTORE's gas and the refund counter, its receipt the capped refund. The
/// meter runs each store as `storage_cache_bytes32` + `storage_flush_cache(clear)` (clearing, so
/// every store reaches the EVM as the contract's does) and must charge the same storage gas, keep
/// the same refund counter, and cap it the same way.
#[test]
fn stores_cost_what_anvil_charges() {
    let anvil = Anvil::start();
    // runtime: for i in (0..calldatasize).step_by(64) { sstore(calldata[i], calldata[i + 32]) }
    let runtime = "60005b8036111560185780602001358135556040016002565b00";
    let init = format!("0x601a80600b6000396000f3{runtime}");
    let deployed = anvil.send(None, &init);
    let address = deployed["contractAddress"].as_str().unwrap().to_string();

    let patterns: [&[(u8, u8)]; 10] = [
        &[(1, 5)],         // cold set
        &[(1, 5)],         // cold no-op
        &[(1, 7)],         // cold reset
        &[(1, 0)],         // clear: refund 4,800
        &[(1, 0)],         // cold no-op on zero
        &[(2, 3), (2, 0)], // 0 → 3 → 0: refund 19,900, capped
        &[(1, 9), (1, 9)], // set, then a warm no-op
        &[(1, 0), (1, 9)], // 9 → 0 → 9: refund 4,800 − 4,800 + 2,800
        &[(1, 4), (1, 0)], // reset, then a dirty delete: refund 4,800
        &[(3, 1), (4, 1), (3, 2)],
    ];
    let mut chain = Chain::new();
    for stores in patterns {
        let mut calldata = String::from("0x");
        for &(key, value) in stores {
            calldata += &format!("{}{}", word(key), word(value)).replace("0x", "");
        }
        let receipt = anvil.send(Some(&address), &calldata);
        let trace = anvil.rpc(
            "debug_traceTransaction",
            serde_json::json!([receipt["transactionHash"], {"disableStack": true, "disableMemory": true}]),
        );
        let steps = trace["structLogs"]
            .as_array()
            .expect("steps (anvil --steps-tracing)");
        let sstore_gas: u64 = steps
            .iter()
            .filter(|s| s["op"] == "SSTORE")
            .map(|s| s["gasCost"].as_u64().unwrap())
            .sum();
        let refund = steps.last().unwrap()["refund"].as_u64().unwrap_or(0);
        let evm_gas: u64 = steps.iter().map(|s| s["gasCost"].as_u64().unwrap()).sum();
        let bytes = alloy_primitives::hex::decode(&calldata[2..]).unwrap();
        let used = 21_000 + stylus_meter::pricing::calldata_gas(&bytes) + evm_gas;
        let gas_used = u64::from_str_radix(
            receipt["gasUsed"]
                .as_str()
                .unwrap()
                .trim_start_matches("0x"),
            16,
        )
        .unwrap();
        // the cap as the meter applies it: a fifth of the whole transaction's gas
        assert_eq!(
            gas_used,
            used - stylus_meter::evm::pricing::capped_refund(refund, used),
            "{stores:?}: anvil's refund cap"
        );

        let ops: Vec<Op> = stores
            .iter()
            .flat_map(|&(k, v)| [Cache(k, v), Flush])
            .collect();
        let r = chain.tx(&ops, 0, sstore_gas);
        assert_eq!(r.gas.refund_counter, refund, "{stores:?}: refund counter");
    }
}

/// anvil (Cancun rules) on a free port, with step traces; killed when dropped.
struct Anvil {
    child: std::process::Child,
    url: String,
}

impl Anvil {
    fn start() -> Anvil {
        let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
        let foundry = root.join("node_modules/@foundry-rs");
        let bin = |tool: &str| {
            std::fs::read_dir(&foundry)
                .unwrap_or_else(|e| panic!("{}: {e} (run scripts/setup.sh)", foundry.display()))
                .filter_map(Result::ok)
                .map(|entry| entry.path().join("bin").join(tool))
                .find(|path| path.is_file())
                .unwrap_or_else(|| panic!("no {tool} under {}", foundry.display()))
        };
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let child = std::process::Command::new(bin("anvil"))
            .args(["--port", &port.to_string(), "--silent", "--steps-tracing"])
            // Cancun: Prague's calldata floor (EIP-7623) is off on Arbitrum unless the chain
            // owner enables it (ArbOwner.setCalldataPriceIncrease, ArbOS 40+), and is not modelled
            .args(["--hardfork", "cancun"])
            .stdout(std::process::Stdio::null())
            .spawn()
            .expect("start anvil");
        let anvil = Anvil {
            child,
            url: format!("http://127.0.0.1:{port}"),
        };
        for _ in 0..100 {
            if anvil
                .try_rpc("eth_chainId", serde_json::json!([]))
                .is_some()
            {
                return anvil;
            }
            std::thread::sleep(std::time::Duration::from_millis(100));
        }
        panic!("anvil did not start");
    }

    fn try_rpc(&self, method: &str, params: serde_json::Value) -> Option<serde_json::Value> {
        let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
        let cast = std::fs::read_dir(root.join("node_modules/@foundry-rs"))
            .ok()?
            .filter_map(Result::ok)
            .map(|entry| entry.path().join("bin/cast"))
            .find(|path| path.is_file())?;
        let mut command = std::process::Command::new(cast);
        command.args(["rpc", "--raw", "--rpc-url", &self.url, method]);
        command.arg(params.to_string());
        let out = command.output().ok()?;
        if !out.status.success() {
            return None;
        }
        serde_json::from_slice(&out.stdout).ok()
    }

    fn rpc(&self, method: &str, params: serde_json::Value) -> serde_json::Value {
        self.try_rpc(method, params.clone())
            .unwrap_or_else(|| panic!("{method} {params} failed"))
    }

    /// Sends a transaction from anvil's first account (to `to`, or a creation) and returns its
    /// receipt.
    fn send(&self, to: Option<&str>, data: &str) -> serde_json::Value {
        let from = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
        let mut tx = serde_json::json!({ "from": from, "data": data, "gas": "0x100000" });
        if let Some(to) = to {
            tx["to"] = to.into();
        }
        let hash = self.rpc("eth_sendTransaction", serde_json::json!([tx]));
        let receipt = self.rpc("eth_getTransactionReceipt", serde_json::json!([hash]));
        assert_eq!(receipt["status"], "0x1", "{receipt}");
        receipt
    }
}

impl Drop for Anvil {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
