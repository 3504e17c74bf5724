//! The `stylus-meter` binary: exit codes, messages and the JSON shape.

use std::path::PathBuf;
use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_stylus-meter"))
        .args(args)
        .output()
        .expect("run stylus-meter")
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// A valid program that echoes its calldata, written to a temp file.
fn echo_wasm() -> PathBuf {
    let wasm = wat::parse_str(
        r#"(module
            (import "vm_hooks" "read_args" (func $read_args (param i32)))
            (import "vm_hooks" "write_result" (func $write_result (param i32 i32)))
            (memory (export "memory") 1 1)
            (func (export "user_entrypoint") (param $len i32) (result i32)
                i32.const 0 call $read_args
                i32.const 0 local.get $len call $write_result
                i32.const 0))"#,
    )
    .unwrap();
    let path = std::env::temp_dir().join(format!("stylus-meter-echo-{}.wasm", std::process::id()));
    std::fs::write(&path, wasm).unwrap();
    path
}

fn assert_bad_input(out: &Output, needle: &str) {
    assert_eq!(out.status.code(), Some(2), "stderr: {}", stderr(out));
    let err = stderr(out);
    assert_eq!(err.trim_end().lines().count(), 1, "one line: {err}");
    assert!(err.contains(needle), "{needle:?} not in {err:?}");
}

#[test]
fn missing_file_exits_2() {
    let out = run(&["call", "--wasm", "/no/such/file.wasm", "--calldata", "0x"]);
    assert_bad_input(&out, "/no/such/file.wasm");
}

#[test]
fn invalid_wasm_exits_2() {
    let path = std::env::temp_dir().join(format!("stylus-meter-bad-{}.wasm", std::process::id()));
    std::fs::write(&path, b"not wasm at all").unwrap();
    let out = run(&["check", "--wasm", path.to_str().unwrap()]);
    assert_bad_input(&out, "invalid wasm");
}

#[test]
fn bad_signature_and_arguments_exit_2() {
    let wasm = echo_wasm();
    let wasm = wasm.to_str().unwrap();
    let call = |sig: &str, args: &str| run(&["call", "--wasm", wasm, "--sig", sig, "--args", args]);
    assert_bad_input(&call("hash(uint256", "1"), "unparsable signature");
    assert_bad_input(&call("hash(uint256,uint256)", "1"), "wrong argument count");
    assert_bad_input(&call("hash(uint256,uint256)", "1,zz"), "argument 2");
    assert_bad_input(
        &run(&["call", "--wasm", wasm, "--calldata", "0xzz"]),
        "calldata",
    );
}

#[test]
fn call_json_on_an_echo_program() {
    let wasm = echo_wasm();
    let out = run(&[
        "call",
        "--wasm",
        wasm.to_str().unwrap(),
        "--sig",
        "f(uint256[],uint256[2],address,bytes)",
        "--args",
        "[1,2,3],[4,5],0x000000000000000000000000000000000000dEaD,0xbeef",
        "--json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let returndata = json["returndata"].as_str().unwrap();
    // the echo returns the calldata: selector, head (offset, 2 inline words, address,
    // offset), the uint256[] tail (length + 3) and the bytes tail (length + 1 padded word)
    assert!(returndata.starts_with("0x"));
    assert_eq!((returndata.len() - 2) / 2, 4 + 32 * 5 + 32 * 4 + 32 * 2);
    assert!(returndata.ends_with(&format!(
        "{:064x}{}",
        2,
        "beef".to_string() + &"0".repeat(60)
    )));
}

#[test]
fn call_json_shape_on_a_calibration_program() {
    // Our T3 program as Nitro measured it (calibration/nitro.json): committed, so this always runs.
    let wasm = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("calibration/programs/poseidon_stylus-016ac08.wasm");
    let out = run(&[
        "call",
        "--wasm",
        wasm.to_str().unwrap(),
        "--sig",
        "hash(uint256,uint256)",
        "--args",
        "1,0x2",
        "--json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.trim_end().lines().count(), 1);
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(
        json["returndata"],
        "0x115cc0f5e7d690413df64c6b9662e9cf2a3617f2743245519e19607a4417189a"
    );
    assert_eq!(json["reverted"], false);
    assert_eq!(json["source"], "model");
    assert_eq!(json["ink"]["total"], 45_433_832);
    let ink = &json["ink"];
    assert_eq!(
        ink["total"].as_u64().unwrap(),
        ink["opcodes"].as_u64().unwrap()
            + ink["host_io"].as_u64().unwrap()
            + ink["memory"].as_u64().unwrap()
    );
    assert_eq!(json["gas"]["execution"], 4_544);
    assert_eq!(json["gas"]["calldata"], 344);
    assert_eq!(json["gas"]["cached_call"], 5_321);
    // the file as built, without cargo-stylus's section (21,108 on the node with it)
    assert_eq!(json["gas"]["uncached_call"], 21_102);
    assert_eq!(json["activation"]["init_cost"], 6_949);
    assert_eq!(json["activation"]["cached_init_cost"], 81);
    assert_eq!(json["activation"]["footprint"], 1);

    let check = run(&["check", "--wasm", wasm.to_str().unwrap(), "--json"]);
    assert!(check.status.success());
    let json: serde_json::Value = serde_json::from_slice(&check.stdout).unwrap();
    assert_eq!(json["sizes"]["wasm"], 52_686);
    assert!(json["sizes"]["compressed"].as_u64().unwrap() < 24 * 1024);
}
