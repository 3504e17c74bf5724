//! Each activation rule fails with its own error.

use stylus_meter::{Arbos, ExecError, LoadError, Program};

fn load(wat: &str) -> Result<Program, LoadError> {
    Program::from_bytes(&wat::parse_str(wat).expect("valid wat"))
}

/// At ArbOS 51, before fragments: one contract of at most 24 KiB, 128 KiB of wasm.
fn load_at_51(wat: &str) -> Result<Program, LoadError> {
    Program::from_bytes_at(
        &wat::parse_str(wat).expect("valid wat"),
        Arbos::new(51).unwrap(),
    )
}

const ENTRY: &str = r#"(func (export "user_entrypoint") (param i32) (result i32) i32.const 0)"#;

fn module(body: &str) -> String {
    format!(r#"(module {body} (memory (export "memory") 1 1) {ENTRY})"#)
}

#[test]
fn minimal_module_loads() {
    assert!(load(&module("")).is_ok());
}

#[test]
fn import_from_env_is_rejected() {
    let err = load(&module(r#"(import "env" "foo" (func))"#))
        .err()
        .unwrap();
    match &err {
        LoadError::ForbiddenImportModule { module, name } => {
            assert_eq!((module.as_str(), name.as_str()), ("env", "foo"))
        }
        other => panic!("{other}"),
    }
    assert!(err.to_string().contains("env.foo"));
}

#[test]
fn calls_and_creates_link_as_nitro_links_them_and_stop_the_call_that_reaches_them() {
    // Nitro activates a module that imports them; the meter loads it too, and runs every call that
    // does not reach one (a stylus-sdk contract with an external call in a function not called).
    for (name, ty, args) in [
        (
            "call_contract",
            "(param i32 i32 i32 i32 i64 i32) (result i32)",
            "i32.const 0 i32.const 0 i32.const 0 i32.const 0 i64.const 0 i32.const 0 call $host drop",
        ),
        (
            "delegate_call_contract",
            "(param i32 i32 i32 i64 i32) (result i32)",
            "i32.const 0 i32.const 0 i32.const 0 i64.const 0 i32.const 0 call $host drop",
        ),
        (
            "static_call_contract",
            "(param i32 i32 i32 i64 i32) (result i32)",
            "i32.const 0 i32.const 0 i32.const 0 i64.const 0 i32.const 0 call $host drop",
        ),
        (
            "create1",
            "(param i32 i32 i32 i32 i32)",
            "i32.const 0 i32.const 0 i32.const 0 i32.const 0 i32.const 0 call $host",
        ),
        (
            "create2",
            "(param i32 i32 i32 i32 i32 i32)",
            "i32.const 0 i32.const 0 i32.const 0 i32.const 0 i32.const 0 i32.const 0 call $host",
        ),
    ] {
        // calldata of any length calls out; none returns at once
        let wat = format!(
            r#"(module (import "vm_hooks" "{name}" (func $host {ty}))
                (memory (export "memory") 1 1)
                (func (export "user_entrypoint") (param i32) (result i32)
                    (if (local.get 0) (then {args}))
                    i32.const 0))"#
        );
        let program = load(&wat).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(program.host_imports().contains(&name), "{name}");
        let quiet = program.call(&[]).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(!quiet.reverted, "{name}: the function that makes no call runs");
        let err = program.call(&[1]).err().unwrap();
        assert!(
            matches!(err, ExecError::CallsNotModelled { host } if host == name),
            "{name}: {err}"
        );
        let message = err.to_string();
        assert!(
            message.contains(&format!("called vm_hooks.{name}:"))
                && message.contains("does not run calls to other contracts"),
            "{message}"
        );
    }
}

#[test]
fn an_import_that_is_no_nitro_host_function_is_named() {
    // not a Nitro host function at all
    let err = load(&module(r#"(import "vm_hooks" "sload" (func))"#))
        .err()
        .unwrap();
    assert!(
        err.to_string()
            .contains("sload (not a Nitro host function)"),
        "{err}"
    );
}

#[test]
fn host_function_with_wrong_type_is_rejected() {
    let err = load(&module(
        r#"(import "vm_hooks" "read_args" (func (param i64)))"#,
    ))
    .err()
    .unwrap();
    assert!(matches!(err, LoadError::WrongImportType { .. }), "{err}");
}

#[test]
fn floats_are_rejected() {
    let err = load(&module(r#"(func f64.const 1.5 drop)"#)).err().unwrap();
    assert!(matches!(err, LoadError::Floats(_)), "{err}");
    let err = load(&module(r#"(func (param f32))"#)).err().unwrap();
    assert!(matches!(err, LoadError::Floats(_)), "{err}");
}

#[test]
fn missing_entrypoint_is_rejected() {
    let err = load(r#"(module (memory (export "memory") 1 1))"#)
        .err()
        .unwrap();
    assert!(matches!(err, LoadError::MissingEntrypoint), "{err}");
    let err = load(
        r#"(module (memory (export "memory") 1 1)
            (func (export "user_entrypoint") (param i64) (result i32) i32.const 0))"#,
    )
    .err()
    .unwrap();
    assert!(matches!(err, LoadError::WrongEntrypointType), "{err}");
}

#[test]
fn missing_memory_export_is_rejected() {
    let err = load(&format!("(module {ENTRY})")).err().unwrap();
    assert!(matches!(err, LoadError::MissingMemory), "{err}");
}

#[test]
fn growable_memory_needs_the_grow_hook() {
    let err = load(&format!(r#"(module (memory (export "memory") 1) {ENTRY})"#))
        .err()
        .unwrap();
    assert!(matches!(err, LoadError::MissingMemoryGrowHook), "{err}");
}

#[test]
fn memory_over_128_pages_is_rejected() {
    let err = load(&format!(
        r#"(module (memory (export "memory") 129 129) {ENTRY})"#
    ))
    .err()
    .unwrap();
    assert!(
        matches!(err, LoadError::MemoryTooLarge { pages: 129, .. }),
        "{err}"
    );
}

/// Bytes that brotli cannot shrink (a xorshift stream).
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

#[test]
fn too_big_module_is_rejected_before_fragments() {
    // 25 KB of noise: under the 128 KiB wasm limit, over 24 KiB once compressed
    // (tests/arbos_rules.rs: from ArbOS 60 the same module deploys in fragments)
    let err = load_at_51(&module(&format!(
        r#"(data (i32.const 0) "{}")"#,
        noise(25_000)
    )))
    .err()
    .unwrap();
    match err {
        LoadError::TooLarge { size, limit, .. } => {
            assert_eq!(limit, 24 * 1024);
            assert!(size > limit);
        }
        other => panic!("{other}"),
    }
    // a module that compresses well passes the compressed limit
    let zeros = "\\00".repeat(25_000);
    assert!(load_at_51(&module(&format!(r#"(data (i32.const 0) "{zeros}")"#))).is_ok());
    // over 128 KiB uncompressed fails whatever it compresses to
    let huge = "\\00".repeat(140_000);
    let err = load_at_51(&format!(
        r#"(module (memory (export "memory") 4 4) (data (i32.const 0) "{huge}") {ENTRY})"#
    ))
    .err()
    .unwrap();
    assert!(
        matches!(err, LoadError::TooLarge { limit: 131_072, .. }),
        "{err}"
    );
}

#[test]
fn unsupported_proposals_are_named_with_their_function() {
    let simd = load(&module(r#"(func $vec v128.const i64x2 0 0 drop)"#))
        .err()
        .unwrap();
    match &simd {
        LoadError::UnsupportedFeature {
            feature, location, ..
        } => {
            assert_eq!(feature, "SIMD (v128)");
            assert_eq!(location, "function 0 (`vec`)");
        }
        other => panic!("{other}"),
    }
    assert!(simd.to_string().contains("simd128"), "{simd}");
    let tail = load(&module(r#"(func $f return_call $f)"#)).err().unwrap();
    assert!(
        matches!(&tail, LoadError::UnsupportedFeature { feature, .. } if feature.starts_with("tail calls")),
        "{tail}"
    );
    let atomics = load(
        r#"(module (memory (export "memory") 1 1 shared)
            (func (export "user_entrypoint") (param i32) (result i32) i32.const 0))"#,
    )
    .err()
    .unwrap();
    assert!(
        matches!(&atomics, LoadError::UnsupportedFeature { feature, .. } if feature.starts_with("threads")),
        "{atomics}"
    );
}

#[test]
fn data_count_section_is_rejected() {
    let err = load(&module(
        r#"(data $d "hi") (func i32.const 0 i32.const 0 i32.const 2 memory.init $d)"#,
    ))
    .err()
    .unwrap();
    assert!(matches!(err, LoadError::DataCountSection), "{err}");
    // the refusal says how to build without it
    assert!(err.to_string().contains("--strip-target-features"), "{err}");
    assert!(
        err.to_string().contains("--enable-bulk-memory-opt"),
        "{err}"
    );
}

#[test]
fn start_function_and_reserved_names_are_rejected() {
    let err = load(&module(r#"(func $s) (start $s)"#)).err().unwrap();
    assert!(matches!(err, LoadError::StartFunction), "{err}");
    let err = load(&module(r#"(func (export "stylus_x"))"#))
        .err()
        .unwrap();
    assert!(matches!(err, LoadError::ReservedName(_)), "{err}");
}

#[test]
fn not_wasm_is_rejected() {
    let err = Program::from_bytes(b"hello").err().unwrap();
    assert!(matches!(err, LoadError::InvalidWasm(_)), "{err}");
}
