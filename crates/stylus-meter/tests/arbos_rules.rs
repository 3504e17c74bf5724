//! Each ArbOS rule the meter applies, pinned to its threshold (crate::arbos names the Nitro file):
//! multi-value refused from ArbOS 59 (Stylus version 3), the size limits and fragments from 60,
//! the activation charge, the recent-program rule from 60, the return-data floor, the memory
//! pages a transaction carries from call to call, and refusals that name the feature at fault.

mod common;

use common::ECHO;
use stylus_meter::arbos::{self, Arbos};
use stylus_meter::{pricing, Analysis, Block, CodeLayout, LoadError, Program};

const ENTRY: &str = r#"(func (export "user_entrypoint") (param i32) (result i32) i32.const 0)"#;

fn at(version: u64) -> Arbos {
    Arbos::new(version).unwrap()
}

fn load(wat: &str, arbos: Arbos) -> Result<Program, LoadError> {
    Program::from_bytes_at(&wat::parse_str(wat).expect("valid wat"), arbos)
}

/// Activation's verdict alone: multi-value modules activate before ArbOS 59, but the meter's
/// compiler (wasmer singlepass) cannot run them.
fn activates(wat: &str, arbos: Arbos) -> Result<Analysis, LoadError> {
    Analysis::of(&wat::parse_str(wat).expect("valid wat"), arbos)
}

// ---- multi-value: STYLUS_VERSION_DISABLE_MULTIVALUE (crates/prover/src/programs/mod.rs) ----

const TWO_RESULTS: &str = r#"(module
    (memory (export "memory") 1 1)
    (func $pair (result i32 i32) i32.const 1 i32.const 2)
    (func (export "user_entrypoint") (param i32) (result i32) call $pair i32.add))"#;

const BLOCK_WITH_PARAM: &str = r#"(module
    (memory (export "memory") 1 1)
    (func $add_one (export "add_one") (param i32) (result i32)
        local.get 0
        (block (param i32) (result i32) i32.const 1 i32.add))
    (func (export "user_entrypoint") (param i32) (result i32) i32.const 0))"#;

#[test]
fn multi_value_function_is_refused_from_arbos_59_naming_it() {
    for version in [50, 51, 58] {
        assert!(
            activates(TWO_RESULTS, at(version)).is_ok(),
            "ArbOS {version}: Stylus version 2 accepts multi-value"
        );
    }
    // ... which the meter cannot run, and says why
    let compile = load(TWO_RESULTS, at(51)).err().unwrap();
    assert!(matches!(compile, LoadError::Compile(_)), "{compile}");
    assert!(compile.to_string().contains("Cranelift"), "{compile}");
    for version in [59, 60, 61] {
        let err = activates(TWO_RESULTS, at(version)).err().unwrap();
        match &err {
            LoadError::MultiValue { location, what, .. } => {
                assert_eq!(location, "function 0 (`pair`)");
                assert!(what.starts_with("returns 2 values"), "{what}");
                assert!(what.contains("[] -> [i32, i32]"), "{what}");
            }
            other => panic!("ArbOS {version}: {other}"),
        }
        assert!(err.to_string().contains("from ArbOS 59"), "{err}");
    }
}

#[test]
fn multi_value_block_is_refused_naming_function_and_block() {
    assert!(activates(BLOCK_WITH_PARAM, at(51)).is_ok());
    let err = activates(BLOCK_WITH_PARAM, Arbos::default()).err().unwrap();
    match &err {
        LoadError::MultiValue { location, what, .. } => {
            assert_eq!(location, "function 0 (`add_one`)");
            assert!(
                what.starts_with("has a block typed [i32] -> [i32]"),
                "{what}"
            );
            assert!(what.contains("number 1"), "{what}");
        }
        other => panic!("{other}"),
    }
}

#[test]
fn unused_multi_value_type_is_refused_naming_the_type() {
    let wat = format!(
        r#"(module (type (func (result i64 i64))) (memory (export "memory") 1 1) {ENTRY})"#
    );
    assert!(activates(&wat, at(51)).is_ok());
    let err = activates(&wat, at(61)).err().unwrap();
    assert!(
        matches!(&err, LoadError::MultiValue { location, .. } if location == "type 0 (no function uses it)"),
        "{err}"
    );
}

// ---- sizes: MaxWasmSize, MaxCodeSize, fragments (arbos/programs/params.go, programs.go) ----

/// Bytes that brotli cannot shrink (a xorshift stream), as a WAT string.
fn noise(len: usize) -> String {
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    (0..len)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            format!("\\{:02x}", x as u8)
        })
        .collect()
}

fn with_data(bytes: &str, pages: u32) -> String {
    format!(
        r#"(module (memory (export "memory") {pages} {pages}) (data (i32.const 0) "{bytes}") {ENTRY})"#
    )
}

#[test]
fn over_24_kib_deploys_in_fragments_from_arbos_60() {
    let wat = with_data(&noise(25_000), 1);
    assert!(matches!(
        load(&wat, at(59)).err().unwrap(),
        LoadError::TooLarge { limit: 24_576, .. }
    ));
    let program = load(&wat, at(60)).unwrap();
    let compressed = program.sizes().compressed;
    assert!(compressed > arbos::MAX_CODE_SIZE);
    match program.layout() {
        CodeLayout::Fragments { root, fragments } => {
            assert_eq!(fragments.len(), 2);
            assert_eq!(*root, 8 + 2 * 20);
            assert_eq!(fragments[0], arbos::MAX_CODE_SIZE);
            assert_eq!(fragments.iter().map(|f| f - 3).sum::<usize>(), compressed);
        }
        other => panic!("{other:?}"),
    }
    // reading the fragments at activation: a cold account each + 3 gas per word of their code
    let charge = program.activation_charge(0);
    let reads: u64 = [
        arbos::MAX_CODE_SIZE,
        compressed + 3 - (arbos::MAX_CODE_SIZE - 3),
    ]
    .iter()
    .map(|&bytes| 2_600 + 3 * (bytes as u64).div_ceil(32))
    .sum();
    assert_eq!(charge.fragment_reads, reads);
    // a small module is one contract and reads no fragment
    let small = load(&with_data("", 1), at(61)).unwrap();
    assert!(matches!(small.layout(), CodeLayout::Contract { .. }));
    assert_eq!(small.activation_charge(0).fragment_reads, 0);
}

#[test]
fn more_than_max_fragment_count_is_refused() {
    // 5 fragments' worth of noise: under 256 KiB of wasm, over 4 × 24,573 bytes compressed
    let err = load(&with_data(&noise(125_000), 2), at(61)).err().unwrap();
    match err {
        LoadError::TooManyFragments { needed, max, .. } => assert_eq!((needed, max), (6, 4)),
        other => panic!("{other}"),
    }
}

#[test]
fn max_wasm_size_doubles_at_arbos_60() {
    let wat = with_data(&"\\00".repeat(140_000), 3);
    assert!(matches!(
        load(&wat, at(59)).err().unwrap(),
        LoadError::TooLarge { limit: 131_072, .. }
    ));
    assert!(load(&wat, at(60)).is_ok());
    let over = with_data(&"\\00".repeat(270_000), 5);
    assert!(matches!(
        load(&over, at(61)).err().unwrap(),
        LoadError::TooLarge { limit: 262_144, .. }
    ));
}

// ---- activation charge: ArbWasm's fixed charge (ArbWasm.go), ActivationGas from ArbOS 59
// (programs.go), Module::activate (mod.rs) ----

#[test]
fn activation_burns_the_fixed_charge_plus_compile_gas_plus_activation_gas_from_arbos_59() {
    // 2 local functions, 1 page, no data or elements; opcodes: `i32.const, end` twice
    let wat = format!(r#"(module (memory (export "memory") 1 1) (func) {ENTRY})"#);
    let wasm = wat::parse_str(&wat).unwrap();
    let us_to_gas = |us: u64| us * 28; // × 2 × 7,000,000 / 500,000
                                       // `(func)` is `end`; the entry point `i32.const 0, end`: one basic block each. Instrumented:
                                       // + 12 per block (ink check), + 12 on entry, + 1 appended `return`, + 4 before it (depth).
    let ops = 1 + 2 + 2 * (12 + 12 + 1 + 4);
    let compile = us_to_gas(wasm.len() as u64 * 31_733 / 100_000)
        + us_to_gas(2 * 17_263 / 100_000)
        + us_to_gas(2_217)
        + us_to_gas(ops * 535 / 1_000);
    let program = Program::from_bytes_at(&wasm, at(58)).unwrap();
    assert_eq!(program.opcodes().instrumented, ops);
    let before = program.activation_charge(1_000_000);
    assert_eq!(before.compile, compile);
    // `c.Burn(1659168)` up front, at every version (precompiles/ArbWasm.go ActivateProgram)
    assert_eq!(before.fixed, 1_659_168);
    assert_eq!(before.activation_gas, 0, "no ActivationGas before ArbOS 59");
    assert_eq!(
        before.bookkeeping,
        pricing::activation_bookkeeping_gas(false)
    );
    assert_eq!(before.total, 1_659_168 + compile + before.bookkeeping);
    let after = Program::from_bytes_at(&wasm, at(59))
        .unwrap()
        .activation_charge(1_000_000);
    assert_eq!(after.activation_gas, 1_000_000);
    // from 59 ArbWasm also reads the ActivationGas slot: one more storage read
    assert_eq!(after.bookkeeping, before.bookkeeping + 800);
    assert_eq!(
        after.total,
        1_659_168 + 1_000_000 + compile + after.bookkeeping
    );
    // a chain whose owner paused activations (ActivationGas = 2^64 − 1) saturates, never wraps
    let paused = Program::from_bytes_at(&wasm, at(61))
        .unwrap()
        .activation_charge(u64::MAX);
    assert_eq!(paused.total, u64::MAX);
    assert_eq!(
        Program::from_bytes_at(&wasm, at(61))
            .unwrap()
            .activation_charge(arbos::INITIAL_ACTIVATION_GAS)
            .activation_gas,
        0,
        "Nitro's upgrades leave ActivationGas at 0"
    );
}

// ---- the recent-program rule: RecentWasms, BlockCacheSize (programs.go CallProgram) ----

#[test]
fn uncached_program_pays_init_once_per_block_from_arbos_60() {
    let calldata = [1u8, 2, 3, 4];
    for (version, init_every_call) in [(51, true), (59, true), (60, false), (61, false)] {
        let program = load(ECHO, at(version)).unwrap();
        let single = program.call(&calldata).unwrap().gas;
        let mut block = Block::new(at(version));
        let calls: Vec<_> = (0..20)
            .map(|_| block.call(&program, &calldata, false).unwrap())
            .collect();
        assert!(calls[0].init_charged && !calls[0].recent_hit);
        assert_eq!(calls[0].gas.frame, single.frame_uncached, "ArbOS {version}");
        for later in &calls[1..] {
            assert_eq!(later.init_charged, init_every_call, "ArbOS {version}");
            assert_eq!(later.recent_hit, !init_every_call, "ArbOS {version}");
            let expected = if init_every_call {
                single.frame_uncached
            } else {
                single.frame_cached
            };
            assert_eq!(later.gas.frame, expected, "ArbOS {version}");
        }
        // a cached program never pays init
        let mut cached = Block::new(at(version));
        for _ in 0..3 {
            let call = cached.call(&program, &calldata, true).unwrap();
            assert!(!call.init_charged);
            assert_eq!(call.gas.frame, single.frame_cached);
        }
    }
}

#[test]
fn block_remembers_block_cache_size_programs() {
    // 33 different programs: after all of them, the first has left the 32-entry LRU
    let programs: Vec<Program> = (0..=arbos::INITIAL_RECENT_CACHE_SIZE)
        .map(|i| {
            let wat = format!(
                r#"(module (memory (export "memory") 1 1)
                    (func (export "user_entrypoint") (param i32) (result i32) i32.const {i} drop i32.const 0))"#
            );
            load(&wat, at(61)).unwrap()
        })
        .collect();
    let mut block = Block::new(at(61));
    for program in &programs {
        assert!(block.call(program, &[], false).unwrap().init_charged);
    }
    // the second is still recent; calling it refreshes it
    assert!(!block.call(&programs[1], &[], false).unwrap().init_charged);
    assert!(block.call(&programs[0], &[], false).unwrap().init_charged);
}

#[test]
fn recent_programs_are_keyed_by_the_deployed_code_hash() {
    // Nitro remembers `contract.CodeHash` (programs.go CallProgram): keccak256 of the code as
    // deployed, 0xEFF00000 ‖ brotli(wasm), not of the module
    let wasm = wat::parse_str(ECHO).unwrap();
    let program = Program::from_bytes_at(&wasm, at(61)).unwrap();
    let code = [
        &[0xEF, 0xF0, 0x00, 0x00][..],
        &stylus_meter::brotli_compress(&wasm),
    ]
    .concat();
    let code_hash = alloy_primitives::keccak256(&code).0;
    assert_eq!(program.code_hash(), Some(code_hash));
    assert_eq!(program.recent_key(), code_hash);
    assert_ne!(code_hash, alloy_primitives::keccak256(&wasm).0);
    // a root's code names its fragments' addresses, which the module does not give
    let big = load(&with_data(&noise(30_000), 1), at(61)).unwrap();
    assert!(matches!(big.layout(), CodeLayout::Fragments { .. }));
    assert_eq!(big.code_hash(), None);
    let mut block = Block::new(at(61));
    assert!(block.call(&big, &[], false).unwrap().init_charged);
    assert!(!block.call(&big, &[], false).unwrap().init_charged);
}

// ---- the return-data floor: evmMemoryCost from ArbOS 31 (programs.go CallProgram) ----

#[test]
fn large_return_data_costs_at_least_its_evm_memory_price() {
    let program = load(ECHO, Arbos::default()).unwrap();
    let big = vec![7u8; 16 * 1024];
    let gas = program.call(&big).unwrap().gas;
    let raw = gas.cached_init + gas.memory + gas.execution;
    let floor = pricing::evm_memory_cost(big.len());
    assert!(
        raw < floor,
        "the floor binds for this call: {raw} < {floor}"
    );
    assert_eq!(gas.frame_cached, floor);
    assert_eq!(gas.cached_call, gas.calldata + floor);
    // the floor counts the init cost too
    assert_eq!(gas.frame_uncached, floor.max(raw + gas.init));
    // small return data: the frame is the plain sum
    let small = program.call(&[1, 2, 3]).unwrap().gas;
    assert_eq!(
        small.frame_cached,
        small.cached_init + small.memory + small.execution
    );
}

// ---- memory pages carried through a transaction (memory.go GasCost, api.go AddPages) ----

#[test]
fn pages_grown_again_in_the_same_transaction_skip_the_ramp() {
    let program = load(
        r#"(module
            (import "vm_hooks" "pay_for_memory_grow" (func $pay (param i32)))
            (memory (export "memory") 1)
            (func (export "user_entrypoint") (param i32) (result i32)
                i32.const 10 memory.grow drop i32.const 0))"#,
        Arbos::default(),
    )
    .unwrap();
    let single = program.call(&[]).unwrap();
    // 1 → 11 pages: 9 beyond the 2 free ones × 1,000 + ramp exp(11) − exp(1) = 4 − 1
    assert_eq!(single.ink.memory, 9_003 * 10_000);
    let mut block = Block::new(Arbos::default());
    let first = block.call(&program, &[], true).unwrap();
    let second = block.call(&program, &[], true).unwrap();
    assert_eq!(first.gas.execution, single.gas.execution);
    // the transaction has had 11 pages open: the second call pays the pages, not the ramp again
    assert_eq!(second.gas.execution, first.gas.execution - 3);
    block.next_transaction();
    let next_tx = block.call(&program, &[], true).unwrap();
    assert_eq!(next_tx.gas.execution, first.gas.execution);
}

// ---- refusals name the feature and the fix (crates/prover/src/binary.rs feature set) ----

/// A module whose `call_indirect` encodes its table index with `table_index`: the 5-byte LEB128
/// `80 80 80 80 00` is what rustc (LLVM, reference types on) emits for wasm32 since 1.82, valid
/// WebAssembly with reference types, refused by Nitro's MVP validator ("zero byte expected");
/// `00` is the MVP encoding.
fn call_indirect_module(table_index: &[u8]) -> Vec<u8> {
    fn section(id: u8, body: &[u8]) -> Vec<u8> {
        assert!(body.len() < 128);
        let mut out = vec![id, body.len() as u8];
        out.extend_from_slice(body);
        out
    }
    let mut wasm = b"\0asm\x01\0\0\0".to_vec();
    // types: 0 = (i32) -> i32, 1 = () -> ()
    wasm.extend(section(1, &[2, 0x60, 1, 0x7f, 1, 0x7f, 0x60, 0, 0]));
    // functions: 0 has type 1 (the callee), 1 has type 0 (the entry point)
    wasm.extend(section(3, &[2, 1, 0]));
    // a funcref table of 1, a memory of 1 page (max 1)
    wasm.extend(section(4, &[1, 0x70, 0, 1]));
    wasm.extend(section(5, &[1, 1, 1, 1]));
    let mut exports = vec![2, 6];
    exports.extend(b"memory");
    exports.extend([2, 0, 15]);
    exports.extend(b"user_entrypoint");
    exports.extend([0, 1]);
    wasm.extend(section(7, &exports));
    // element: table 0 at offset 0 holds function 0
    wasm.extend(section(9, &[1, 0, 0x41, 0, 0x0b, 1, 0]));
    let callee = [2, 0, 0x0b];
    let mut entry = vec![0, 0x41, 0, 0x11, 1]; // no locals, i32.const 0, call_indirect type 1
    entry.extend_from_slice(table_index);
    entry.extend([0x41, 0, 0x0b]); // i32.const 0, end
    let mut code = vec![2];
    code.extend(callee);
    code.push(entry.len() as u8);
    code.extend(entry);
    wasm.extend(section(10, &code));
    wasm
}

#[test]
fn reference_types_call_indirect_is_named_with_its_function_and_fix() {
    let wasm = call_indirect_module(&[0x80, 0x80, 0x80, 0x80, 0x00]);
    wasmparser::Validator::new()
        .validate_all(&wasm)
        .expect("valid with reference types");
    for version in [51, 61] {
        let err = Program::from_bytes_at(&wasm, at(version)).err().unwrap();
        match &err {
            LoadError::UnsupportedFeature {
                feature, location, ..
            } => {
                assert!(
                    feature.starts_with("the reference-types encoding of call_indirect"),
                    "{feature}"
                );
                assert_eq!(location, "function 1 (`user_entrypoint`)");
            }
            other => panic!("ArbOS {version}: {other}"),
        }
        let text = err.to_string();
        assert!(
            text.contains("--strip-target-features IN.wasm -o TMP.wasm"),
            "{text}"
        );
        assert!(
            text.contains("--mvp-features --enable-bulk-memory-opt --enable-sign-ext"),
            "{text}"
        );
    }
    // the same module with the MVP encoding (one 0x00 byte) activates
    assert!(Program::from_bytes(&call_indirect_module(&[0x00])).is_ok());
}

// ---- what does not change: a single call costs the same at ArbOS 50, 51 and 61 (model) ----

#[test]
fn single_calls_cost_the_same_from_arbos_50_to_61() {
    let wasm = std::fs::read(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("calibration/programs/poseidon_stylus-016ac08.wasm"),
    )
    .unwrap();
    let calldata = stylus_meter::abi::encode_call(
        "hash(uint256,uint256)",
        &["1".to_string(), "2".to_string()],
    )
    .unwrap();
    let reports: Vec<_> = [50, 51, 59, 60, 61]
        .into_iter()
        .map(|v| {
            let program = Program::from_bytes_at(&wasm, at(v)).unwrap();
            (program.activation(), program.call(&calldata).unwrap())
        })
        .collect();
    // Nitro's runtime measured 45,433,832 ink at ArbOS 50 (calibration/nitro.json)
    assert_eq!(reports[0].1.ink.total, 45_433_832);
    for (activation, report) in &reports[1..] {
        assert_eq!(*activation, reports[0].0);
        assert_eq!(report, &reports[0].1);
    }
}

// ---- the opcodes activation's compile charge counts: after Nitro's instrumentation
// (binary.rs `WasmBinary::instrument`; programs/{meter,dynamic,depth,heap}.rs) ----

#[test]
fn compile_counts_every_opcode_nitro_instruments_in() {
    let wat = r#"(module
        (import "vm_hooks" "pay_for_memory_grow" (func $pay (param i32)))
        (memory (export "memory") 1 2)
        (func $work (param i32) (result i32)
            (memory.fill (i32.const 0) (i32.const 0) (i32.const 8))
            (memory.copy (i32.const 8) (i32.const 0) (i32.const 8))
            (drop (memory.grow (i32.const 1)))
            (if (local.get 0) (then (return (i32.const 1))))
            (i32.const 0))
        (func (export "user_entrypoint") (param i32) (result i32) (call $work (local.get 0))))"#;
    let program = load(wat, at(61)).unwrap();
    // $work: 3 consts + fill, 3 consts + copy; const, grow, drop; local.get, if, const, return,
    // end (the if's); const, end. Blocks end at `if`, `return`, the if's `end` and the last `end`.
    let work_raw = 4 + 4 + 3 + 5 + 2;
    let work = work_raw + 12 * 4 // an ink check per basic block (meter.rs)
        + 17 * 2 // a charge before memory.fill and memory.copy (dynamic.rs)
        + 12 + 1 + 4 * 2 // the depth check, the appended return, a credit before each return (depth.rs)
        + 4; // the page payment before memory.grow, memory being growable (heap.rs)
             // the entry point: local.get, call, end; blocks end at `call` and `end`
    let entry = 3 + 12 * 2 + 12 + 1 + 4;
    assert_eq!(program.opcodes().raw, work_raw + 3);
    assert_eq!(program.opcodes().instrumented, work + entry);
}
