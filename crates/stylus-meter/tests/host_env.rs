//! The host functions that read the block, the message and other accounts, the 256-bit math and
//! transient storage: what each returns from the state file, and its ink, by hand from
//! crates/arbutil/src/pricing.rs (`hostio::*_BASE_INK`: HOSTIO_INK 8,400, PTR_INK 5,040,
//! EVM_API_INK 59,673) and the EVM gas of go-ethereum's operations_acl_arbitrum.go.

use alloy_primitives::{keccak256, Address, U256};
use stylus_meter::evm::{Evm, StateFile, Tx};
use stylus_meter::{CallReport, Program};

const PROGRAM: Address = Address::repeat_byte(0xc0);
const SENDER: Address = Address::repeat_byte(0xee);
const COINBASE: Address = Address::repeat_byte(0xcb);
const OTHER: Address = Address::repeat_byte(0x42);

/// `write_result` of `len` bytes: 8,400 + 2 × read price (16,381 + 55 per byte over 32).
fn write_result_ink(len: u64) -> u64 {
    8_400 + 2 * (16_381 + 55 * len.saturating_sub(32))
}

fn state() -> StateFile {
    serde_json::from_value(serde_json::json!({
        "block": {
            "number": 123, "timestamp": 1_700_000_000u64, "basefee": "100000000",
            "coinbase": COINBASE, "gas_limit": 32_000_000, "chain_id": 42161
        },
        "accounts": {
            SENDER.to_string(): { "balance": "1000" },
            OTHER.to_string(): { "balance": "7", "code": "0x6001600155" }
        }
    }))
    .unwrap()
}

fn run(wat: &str, value: u64) -> (CallReport, Evm, Program) {
    let program = Program::from_bytes(&wat::parse_str(wat).unwrap()).unwrap();
    let mut evm = Evm::new(state());
    let tx = Tx {
        from: SENDER,
        to: PROGRAM,
        value: U256::from(value),
        ..Tx::call(Vec::new())
    };
    let report = evm.transact(&program, &tx).unwrap();
    assert!(!report.reverted);
    (report, evm, program)
}

#[test]
fn block_message_and_transaction() {
    let (r, evm, _) = run(
        r#"(module
            (import "vm_hooks" "block_basefee" (func $basefee (param i32)))
            (import "vm_hooks" "block_coinbase" (func $coinbase (param i32)))
            (import "vm_hooks" "block_gas_limit" (func $gas_limit (result i64)))
            (import "vm_hooks" "block_number" (func $number (result i64)))
            (import "vm_hooks" "block_timestamp" (func $timestamp (result i64)))
            (import "vm_hooks" "chainid" (func $chainid (result i64)))
            (import "vm_hooks" "contract_address" (func $address (param i32)))
            (import "vm_hooks" "msg_sender" (func $sender (param i32)))
            (import "vm_hooks" "msg_value" (func $value (param i32)))
            (import "vm_hooks" "tx_gas_price" (func $gas_price (param i32)))
            (import "vm_hooks" "tx_origin" (func $origin (param i32)))
            (import "vm_hooks" "tx_ink_price" (func $ink_price (result i32)))
            (import "vm_hooks" "write_result" (func $write_result (param i32 i32)))
            (memory (export "memory") 1 1)
            (func (export "user_entrypoint") (param i32) (result i32)
                (call $basefee (i32.const 0))                     ;; 32 bytes at 0
                (call $coinbase (i32.const 32))                   ;; 20 at 32
                (i64.store (i32.const 52) (call $gas_limit))      ;; 8 each from 52
                (i64.store (i32.const 60) (call $number))
                (i64.store (i32.const 68) (call $timestamp))
                (i64.store (i32.const 76) (call $chainid))
                (call $address (i32.const 84))                    ;; 20 at 84
                (call $sender (i32.const 104))                    ;; 20 at 104
                (call $value (i32.const 124))                     ;; 32 at 124
                (call $gas_price (i32.const 156))                 ;; 32 at 156
                (call $origin (i32.const 188))                    ;; 20 at 188
                (i32.store (i32.const 208) (call $ink_price))     ;; 4 at 208
                (call $write_result (i32.const 0) (i32.const 212))
                (i32.const 0)))"#,
        5,
    );
    let mut expected = U256::from(100_000_000u64).to_be_bytes::<32>().to_vec();
    expected.extend(COINBASE);
    for n in [32_000_000u64, 123, 1_700_000_000, 42161] {
        expected.extend(n.to_le_bytes());
    }
    expected.extend(PROGRAM);
    expected.extend(SENDER);
    expected.extend(U256::from(5).to_be_bytes::<32>());
    expected.extend(U256::from(100_000_000u64).to_be_bytes::<32>()); // gas price = basefee
    expected.extend(SENDER); // origin: the EOA
    expected.extend(10_000u32.to_le_bytes());
    assert_eq!(r.returndata, expected);
    // seven hooks writing a pointer (8,400 + 5,040), five returning a value (8,400)
    assert_eq!(
        r.ink.host_io,
        7 * 13_440 + 5 * 8_400 + write_result_ink(212)
    );
    assert_eq!(r.evm, Default::default(), "no EVM gas");
    // the value moved from the sender to the program
    assert_eq!(evm.db().accounts[&PROGRAM].balance, U256::from(5));
    assert_eq!(evm.db().accounts[&SENDER].balance, U256::from(995));
}

#[test]
fn accounts_cold_then_warm() {
    let (r, ..) = run(
        r#"(module
            (import "vm_hooks" "account_balance" (func $balance (param i32 i32)))
            (import "vm_hooks" "account_codehash" (func $codehash (param i32 i32)))
            (import "vm_hooks" "account_code_size" (func $code_size (param i32) (result i32)))
            (import "vm_hooks" "account_code" (func $code (param i32 i32 i32 i32) (result i32)))
            (import "vm_hooks" "write_result" (func $write_result (param i32 i32)))
            (memory (export "memory") 1 1)
            (data (i32.const 0) "\42\42\42\42\42\42\42\42\42\42\42\42\42\42\42\42\42\42\42\42")
            (data (i32.const 20) "\ee\ee\ee\ee\ee\ee\ee\ee\ee\ee\ee\ee\ee\ee\ee\ee\ee\ee\ee\ee")
            (func (export "user_entrypoint") (param i32) (result i32)
                (call $balance (i32.const 0) (i32.const 100))        ;; OTHER, cold: 2,600
                (call $codehash (i32.const 0) (i32.const 132))       ;; warm now: 100
                (i32.store (i32.const 164) (call $code_size (i32.const 0)))  ;; 700 + 100
                (i32.store (i32.const 168)
                    (call $code (i32.const 0) (i32.const 1) (i32.const 100) (i32.const 172)))
                                                                     ;; same address: 0
                (call $balance (i32.const 20) (i32.const 176))       ;; SENDER, warm: 100
                (call $write_result (i32.const 100) (i32.const 108))
                (i32.const 0)))"#,
        0,
    );
    let code = [0x60, 0x01, 0x60, 0x01, 0x55];
    let mut expected = U256::from(7).to_be_bytes::<32>().to_vec();
    expected.extend(keccak256(code));
    expected.extend(5u32.to_le_bytes());
    expected.extend(4u32.to_le_bytes()); // code[1..] written: 4 bytes
    expected.extend(&code[1..]);
    expected.extend(U256::from(1000).to_be_bytes::<32>());
    assert_eq!(r.returndata, expected);
    // EIP-2929: the first touch of OTHER is cold, every other warm; the code hooks add 700
    // (params.ExtcodeSizeGasEIP150 per 24,576 bytes of MaxCodeSize); account_code of the address
    // account_code_size just loaded is answered by Nitro's request cache, at no gas
    assert_eq!(r.evm.accounts, 2_600 + 100 + 800 + 100);
    let base = 2 * 78_153 // account_balance: 8,400 + 2 × 5,040 + 59,673
        + 78_153 // account_codehash, the same
        + 68_073 // account_code_size: 8,400 + 59,673
        + 68_073 + 5_040; // account_code, + writing its 5 bytes (5,040 up to 32)
    assert_eq!(
        r.ink.host_io,
        base + r.evm.accounts * 10_000 + write_result_ink(108)
    );
}

#[test]
fn math_transient_and_return_data() {
    let (r, ..) = run(
        r#"(module
            (import "vm_hooks" "math_div" (func $div (param i32 i32)))
            (import "vm_hooks" "math_mod" (func $mod (param i32 i32)))
            (import "vm_hooks" "math_pow" (func $pow (param i32 i32)))
            (import "vm_hooks" "math_add_mod" (func $add_mod (param i32 i32 i32)))
            (import "vm_hooks" "math_mul_mod" (func $mul_mod (param i32 i32 i32)))
            (import "vm_hooks" "transient_store_bytes32" (func $tstore (param i32 i32)))
            (import "vm_hooks" "transient_load_bytes32" (func $tload (param i32 i32)))
            (import "vm_hooks" "read_return_data" (func $read_return_data (param i32 i32 i32) (result i32)))
            (import "vm_hooks" "write_result" (func $write_result (param i32 i32)))
            (memory (export "memory") 1 1)
            ;; words at 0, 32, 64, 96, 128, 160: 100, 7, 3, 2, 9, 10 (big-endian)
            (data (i32.const 31) "\64") (data (i32.const 63) "\07") (data (i32.const 95) "\03")
            (data (i32.const 127) "\02") (data (i32.const 159) "\09") (data (i32.const 191) "\0a")
            (func (export "user_entrypoint") (param i32) (result i32)
                (call $div (i32.const 0) (i32.const 32))      ;; 100 / 7 = 14
                (call $mod (i32.const 32) (i32.const 64))     ;; 7 % 3 = 1
                (call $pow (i32.const 64) (i32.const 96))     ;; 3 ^ 2 = 9
                (call $add_mod (i32.const 96) (i32.const 128) (i32.const 160))  ;; (2 + 9) % 10
                (call $mul_mod (i32.const 128) (i32.const 160) (i32.const 0))   ;; (9 × 10) % 14
                (call $tstore (i32.const 160) (i32.const 0))  ;; t[10] = 14
                (call $tload (i32.const 160) (i32.const 192)) ;; 14 at 192
                (i32.store (i32.const 224)
                    (call $read_return_data (i32.const 0) (i32.const 0) (i32.const 32)))
                (call $write_result (i32.const 0) (i32.const 228))
                (i32.const 0)))"#,
        0,
    );
    let word = |n: u64| U256::from(n).to_be_bytes::<32>().to_vec();
    let expected: Vec<u8> = [
        word(14),
        word(1),
        word(9),
        word(1),
        word(6),
        word(10),
        word(14),
    ]
    .concat()
    .into_iter()
    .chain(0u32.to_le_bytes())
    .collect();
    assert_eq!(r.returndata, expected);
    let math = 2 * (8_400 + 3 * 5_040 + 20_000) // div, mod: DIV_INK
        + (8_400 + 3 * 5_040) + (3_000 + 2 * 17_500) // pow: exponent 2 has one significant byte
        + (8_400 + 4 * 5_040 + 21_000) // add_mod: ADD_MOD_INK
        + (8_400 + 4 * 5_040 + 24_100); // mul_mod: MUL_MOD_INK
    let transient = 2 * (8_400 + 2 * 5_040 + 59_673 + 100 * 10_000); // TLOAD/TSTORE 100 gas
    let return_data = 8_400 + 59_673 + 5_040; // nothing to copy: write price of 0 bytes
    assert_eq!(
        r.ink.host_io,
        math + transient + return_data + write_result_ink(228)
    );
    assert_eq!(r.evm.transient, 200);
}

#[test]
fn emit_log_records_topics_and_data() {
    let (r, ..) = run(
        r#"(module
            (import "vm_hooks" "emit_log" (func $log (param i32 i32 i32)))
            (memory (export "memory") 1 1)
            (data (i32.const 31) "\01") (data (i32.const 63) "\02") (data (i32.const 64) "hi")
            (func (export "user_entrypoint") (param i32) (result i32)
                (call $log (i32.const 0) (i32.const 66) (i32.const 2))
                (i32.const 0)))"#,
        0,
    );
    assert_eq!(r.logs.len(), 1);
    let log = &r.logs[0];
    assert_eq!(log.address, PROGRAM);
    assert_eq!(log.topics.len(), 2);
    assert_eq!(log.topics[1].0[31], 2);
    assert_eq!(log.data, b"hi");
    // LOG2 of 2 data bytes: 3 × 375 + 2 × 8
    assert_eq!(r.evm.logs, 1_141);
    assert_eq!(
        r.ink.host_io,
        8_400 + 59_673 + 16_381 + 55 * 34 + 1_141 * 10_000
    );
}
