//! Hand-written programs whose ink is worked out by hand from Nitro's prices:
//! every basic block costs its opcodes + 2,450 (header), charged when the block is entered.
//! Blocks end at `end`, `else`, `return`, `loop`, `br`, `br_if`, `br_table`, `if`, `call`,
//! `call_indirect` (inclusive).

mod common;

use common::ECHO;
use stylus_meter::{ExecError, Outcome, Program};

const HEADER: u64 = 2_450;
const MEMORY_GROW: u64 = 8_050;

fn program(wat: &str) -> Program {
    let wasm = wat::parse_str(wat).expect("valid wat");
    Program::from_bytes(&wasm).unwrap_or_else(|e| panic!("load: {e}"))
}

#[test]
fn straight_line() {
    let p = program(
        r#"(module
            (memory (export "memory") 1 1)
            (func (export "user_entrypoint") (param i32) (result i32)
                i64.const 3   ;; 1
                i64.const 4   ;; 1
                i64.mul       ;; 160
                drop          ;; 9
                i32.const 0   ;; 1
            ))                ;; end 1"#,
    );
    let r = p.call(&[]).unwrap();
    assert_eq!(r.outcome, Outcome::Success);
    assert!(!r.reverted);
    assert_eq!(r.ink.total, 1 + 1 + 160 + 9 + 1 + 1 + HEADER);
    assert_eq!(r.ink.opcodes, r.ink.total);
    assert_eq!(r.ink.host_io, 0);
    assert_eq!(r.gas.execution, 1); // 2,623 ink rounds up to 1 gas
}

const LOOP: &str = r#"(module
    (memory (export "memory") 1 1)
    (func (export "user_entrypoint") (param $n i32) (result i32)
        (local $i i32)
        i32.const 3        ;; A: 1
        local.set $i       ;; A: 210
        loop $l            ;; A: 1, ends A
            local.get $i   ;; B: 75
            i32.const 1    ;; B: 1
            i32.sub        ;; B: 70
            local.tee $i   ;; B: 75
            br_if $l       ;; B: 765, ends B (taken for i = 2, 1)
        end                ;; C: 1
        i32.const 0        ;; D: 1
    ))                     ;; D: 1"#;

#[test]
fn loop_charges_its_block_per_iteration() {
    let r = program(LOOP).call(&[]).unwrap();
    let a = 1 + 210 + 1 + HEADER;
    let b = 75 + 1 + 70 + 75 + 765 + HEADER;
    let c = 1 + HEADER;
    let d = 1 + 1 + HEADER;
    assert_eq!(r.ink.total, a + 3 * b + c + d);
    assert_eq!(r.ink.total, 17_873);
}

#[test]
fn same_call_same_ink() {
    let p = program(LOOP);
    let first = p.call(&[1, 2, 3]).unwrap();
    let second = p.call(&[1, 2, 3]).unwrap();
    assert_eq!(first, second);
}

#[test]
fn call_ends_the_block_and_the_callee_has_its_own() {
    let r = program(
        r#"(module
            (memory (export "memory") 1 1)
            (func $add (param i64 i64) (result i64)
                local.get 0 local.get 1 i64.add)      ;; 75 + 75 + 100 + end 1
            (func (export "user_entrypoint") (param i32) (result i32)
                i64.const 1 i64.const 2 call $add     ;; 1 + 1 + 3,800
                drop i32.const 0))                    ;; 9 + 1 + end 1"#,
    )
    .call(&[])
    .unwrap();
    let caller_first = 1 + 1 + 3_800 + HEADER;
    let callee = 75 + 75 + 100 + 1 + HEADER;
    let caller_rest = 9 + 1 + 1 + HEADER;
    assert_eq!(r.ink.total, caller_first + callee + caller_rest);
}

#[test]
fn trap_is_a_failure_and_its_block_was_already_paid() {
    let r = program(
        r#"(module
            (memory (export "memory") 1 1)
            (func (export "user_entrypoint") (param i32) (result i32)
                unreachable))   ;; 1 + end 1, paid on entry"#,
    )
    .call(&[])
    .unwrap();
    assert_eq!(r.outcome, Outcome::Failure);
    assert!(r.reverted);
    assert!(r.returndata.is_empty());
    assert_eq!(r.ink.total, 2 + HEADER);
}

#[test]
fn memory_copy_pays_per_byte() {
    let r = program(
        r#"(module
            (memory (export "memory") 1 1)
            (func (export "user_entrypoint") (param i32) (result i32)
                i32.const 0 i32.const 100 i32.const 10   ;; 3 × 1
                memory.copy                              ;; 950, + 10 bytes × 100 at run time
                i32.const 0))                            ;; 1 + end 1"#,
    )
    .call(&[])
    .unwrap();
    assert_eq!(r.ink.total, 3 + 950 + 2 + HEADER + 10 * 100);
}

#[test]
fn memory_growth_pays_pages_beyond_the_free_two() {
    let p = program(
        r#"(module
            (import "vm_hooks" "pay_for_memory_grow" (func $pay (param i32)))
            (memory (export "memory") 1)
            (func (export "user_entrypoint") (param i32) (result i32)
                i32.const 0 call $pay  ;; explicit hook with 0 pages: 1 + 3,800; 8,400 host I/O
                i32.const 2            ;; 1
                memory.grow            ;; 8,050; the hook is called with 2 pages first
                drop i32.const 0))     ;; 9 + 1 + end 1"#,
    );
    let r = p.call(&[]).unwrap();
    // pages 1 → 3: one page beyond the two free ones = 1,000 gas (+ ramp exp(3) - exp(1) = 0)
    assert_eq!(r.ink.memory, 1_000 * 10_000);
    assert_eq!(r.ink.host_io, 8_400);
    assert_eq!(
        r.ink.opcodes,
        (1 + 3_800 + HEADER) + (1 + MEMORY_GROW + 9 + 1 + 1 + HEADER)
    );
    assert_eq!(r.ink.total, r.ink.opcodes + r.ink.host_io + r.ink.memory);
    assert_eq!(r.gas.memory, 0, "the starting page is free");
}

/// `memory.grow` itself costs 8,050 ink (`pricing_v1`, Nitro's meter.rs), whatever it grows
/// by; the pages are bought through `pay_for_memory_grow`. Nitro's runtime charged 8,049 more
/// than a meter that priced the opcode at 1 (issue 21).
#[test]
fn memory_grow_opcode_costs_8050_ink() {
    let grow_by = |pages: u32| {
        program(&format!(
            r#"(module
                (import "vm_hooks" "pay_for_memory_grow" (func $pay (param i32)))
                (memory (export "memory") 1)
                (func (export "user_entrypoint") (param i32) (result i32)
                    i32.const {pages}   ;; 1
                    memory.grow         ;; 8,050
                    drop i32.const 0))  ;; 9 + 1 + end 1"#
        ))
        .call(&[])
        .unwrap()
    };
    for pages in [0, 1] {
        let r = grow_by(pages);
        assert_eq!(
            r.ink.opcodes,
            1 + 8_050 + 9 + 1 + 1 + HEADER,
            "grow by {pages}"
        );
    }
    // growing by 0 pages still calls the hook, which then costs its 8,400 ink of host I/O
    assert_eq!(grow_by(0).ink.host_io, 8_400);
    // 1 → 2 pages stays within the 2 free pages: no memory gas, no host I/O
    assert_eq!((grow_by(1).ink.memory, grow_by(1).ink.host_io), (0, 0));
}

#[test]
fn read_args_and_write_result() {
    let p = program(ECHO);
    let opcodes = (1 + 3_800 + HEADER) + (1 + 75 + 3_800 + HEADER) + (2 + HEADER);

    let r = p.call(&[0xde, 0xad, 0xbe, 0xef]).unwrap();
    assert_eq!(r.returndata, [0xde, 0xad, 0xbe, 0xef]);
    assert_eq!(r.ink.opcodes, opcodes);
    // read_args: 8,400 + write 5,040; write_result: 8,400 + 2 × read 16,381 (≤ 32 bytes)
    assert_eq!(r.ink.host_io, 8_400 + 5_040 + 8_400 + 2 * 16_381);

    let long = vec![7u8; 100];
    let r = p.call(&long).unwrap();
    assert_eq!(r.returndata, long);
    // 68 bytes beyond 32: write 30/byte, read 55/byte
    let read_args = 8_400 + 5_040 + 30 * 68;
    let write_result = 8_400 + 2 * (16_381 + 55 * 68);
    assert_eq!(r.ink.host_io, read_args + write_result);
    assert_eq!(r.gas.calldata, 100 * 16);
}

#[test]
fn native_keccak256() {
    let p = program(
        r#"(module
            (import "vm_hooks" "read_args" (func $read_args (param i32)))
            (import "vm_hooks" "native_keccak256" (func $keccak (param i32 i32 i32)))
            (import "vm_hooks" "write_result" (func $write_result (param i32 i32)))
            (memory (export "memory") 1 1)
            (func (export "user_entrypoint") (param $len i32) (result i32)
                i32.const 0 call $read_args                               ;; 1 + 3,800
                i32.const 0 local.get $len i32.const 256 call $keccak     ;; 1 + 75 + 1 + 3,800
                i32.const 256 i32.const 32 call $write_result             ;; 1 + 1 + 3,800
                i32.const 0))                                             ;; 1 + end 1"#,
    );
    let input = vec![0x42u8; 100];
    let r = p.call(&input).unwrap();
    assert_eq!(r.returndata, alloy_primitives::keccak256(&input).to_vec());
    assert_eq!(
        r.ink.opcodes,
        (1 + 3_800 + HEADER) + (1 + 75 + 1 + 3_800 + HEADER) + (2 + 3_800 + HEADER) + (2 + HEADER)
    );
    // 100 bytes = 4 words: 121,800 for two + 2 × 21,000
    let keccak = 121_800 + 2 * 21_000;
    let read_args = 8_400 + 5_040 + 30 * 68;
    let write_result = 8_400 + 2 * 16_381;
    assert_eq!(r.ink.host_io, read_args + keccak + write_result);
}

#[test]
fn msg_hooks_flush_and_exit_early() {
    let r = program(
        r#"(module
            (import "vm_hooks" "msg_reentrant" (func $reentrant (result i32)))
            (import "vm_hooks" "msg_value" (func $value (param i32)))
            (import "vm_hooks" "storage_flush_cache" (func $flush (param i32)))
            (import "vm_hooks" "exit_early" (func $exit (param i32)))
            (memory (export "memory") 1 1)
            (func (export "user_entrypoint") (param i32) (result i32)
                call $reentrant                   ;; 3,800
                drop i32.const 0 call $value      ;; 9 + 1 + 3,800
                i32.const 1 call $flush           ;; 1 + 3,800
                i32.const 1 call $exit            ;; 1 + 3,800: stops with status 1
                i32.const 0))                     ;; never reached"#,
    )
    .call(&[])
    .unwrap();
    assert_eq!(r.outcome, Outcome::Revert);
    assert_eq!(
        r.ink.opcodes,
        (3_800 + HEADER) + (9 + 1 + 3_800 + HEADER) + 2 * (1 + 3_800 + HEADER)
    );
    // msg_reentrant 8,400; msg_value 8,400 + 5,040 (pointer); flush 8,400 + 59,673 (EVM API);
    // exit_early is free
    assert_eq!(r.ink.host_io, 8_400 + (8_400 + 5_040) + (8_400 + 59_673));
}

#[test]
fn out_of_ink_is_an_error() {
    let p = program(LOOP);
    match p.call_with_ink(&[], 10_000) {
        Err(ExecError::OutOfInk { limit }) => assert_eq!(limit, 10_000),
        other => panic!("expected out of ink, got {other:?}"),
    }
    // exactly enough succeeds
    assert!(p.call_with_ink(&[], 17_873).is_ok());
    assert!(p.call_with_ink(&[], 17_872).is_err());
}

#[test]
fn remaining_host_functions() {
    let p = program(
        r#"(module
            (import "vm_hooks" "msg_sender" (func $sender (param i32)))
            (import "vm_hooks" "tx_origin" (func $origin (param i32)))
            (import "vm_hooks" "contract_address" (func $address (param i32)))
            (import "vm_hooks" "return_data_size" (func $rds (result i32)))
            (import "vm_hooks" "block_number" (func $number (result i64)))
            (import "vm_hooks" "block_timestamp" (func $timestamp (result i64)))
            (import "vm_hooks" "tx_ink_price" (func $price (result i32)))
            (import "vm_hooks" "chainid" (func $chain (result i64)))
            (import "vm_hooks" "emit_log" (func $log (param i32 i32 i32)))
            (import "vm_hooks" "evm_ink_left" (func $ink (result i64)))
            (import "vm_hooks" "evm_gas_left" (func $gas (result i64)))
            (import "vm_hooks" "write_result" (func $write_result (param i32 i32)))
            (memory (export "memory") 1 1)
            (func (export "user_entrypoint") (param i32) (result i32)
                i32.const 0 call $sender                  ;; B1: 1 + 3,800
                i32.const 0 call $origin                  ;; B2: 1 + 3,800
                i32.const 0 call $address                 ;; B3: 1 + 3,800
                call $rds                                 ;; B4: 3,800
                drop call $number                         ;; B5: 9 + 3,800
                drop call $timestamp                      ;; B6: 9 + 3,800
                drop i32.const 0 call $price              ;; B7: 9 + 1 + 3,800
                i32.store i32.const 8 call $chain         ;; B8: 825 + 1 + 3,800
                i64.store i32.const 0 i32.const 64 i32.const 1 call $log
                                                          ;; B9: 950 + 3 + 3,800
                call $ink                                 ;; B10: 3,800
                drop call $gas                            ;; B11: 9 + 3,800
                drop i32.const 0 i32.const 16 call $write_result
                                                          ;; B12: 9 + 1 + 1 + 3,800
                i32.const 0))                             ;; B13: 1 + end 1"#,
    );
    let r = p.call(&[]).unwrap();
    let mut expected = 10_000u32.to_le_bytes().to_vec();
    expected.extend([0; 4]);
    expected.extend(412_346u64.to_le_bytes());
    assert_eq!(r.returndata, expected);

    let blocks = [
        1 + 3_800,
        1 + 3_800,
        1 + 3_800,
        3_800,
        9 + 3_800,
        9 + 3_800,
        9 + 1 + 3_800,
        825 + 1 + 3_800,
        950 + 3 + 3_800,
        3_800,
        9 + 3_800,
        9 + 1 + 1 + 3_800,
        1 + 1,
    ];
    assert_eq!(
        r.ink.opcodes,
        blocks.iter().sum::<u64>() + HEADER * blocks.len() as u64
    );
    let pointers = 3 * (8_400 + 5_040); // sender, origin, address
    let plain = 7 * 8_400; // return_data_size, number, timestamp, price, chainid, ink, gas
                           // emit_log(64 bytes, 1 topic): 8,400 + 59,673 + read 16,381 + 55 × 32
                           // + gas (1 + 1) × 375 + 32 data bytes × 8
    let log = 8_400 + 59_673 + 16_381 + 55 * 32 + (2 * 375 + 32 * 8) * 10_000;
    let write_result = 8_400 + 2 * 16_381;
    assert_eq!(r.ink.host_io, pointers + plain + log + write_result);
}
