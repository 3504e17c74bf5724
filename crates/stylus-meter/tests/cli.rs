//! The `stylus-meter` binary: exit codes, messages and the JSON shape.

mod common;

use common::{assert_bad_input, run, stderr, ECHO};
use std::path::PathBuf;

/// A valid program that echoes its calldata, written to a temp file.
/// The echo program in a file of its own: tests run in parallel, and a file they shared would be
/// read while another test rewrites it.
fn echo_wasm() -> PathBuf {
    static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let wasm = wat::parse_str(ECHO).unwrap();
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let name = format!("stylus-meter-echo-{}-{n}.wasm", std::process::id());
    let path = std::env::temp_dir().join(name);
    std::fs::write(&path, wasm).unwrap();
    path
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

fn write_wat(name: &str, wat: &str) -> PathBuf {
    let path =
        std::env::temp_dir().join(format!("stylus-meter-{name}-{}.wasm", std::process::id()));
    std::fs::write(&path, wat::parse_str(wat).unwrap()).unwrap();
    path
}

#[test]
fn arbos_flag_is_checked_and_defaults_to_arbitrum_one() {
    let wasm = echo_wasm();
    let wasm = wasm.to_str().unwrap();
    let out = run(&["call", "--wasm", wasm, "--calldata", "0x01", "--json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["arbos"], 61);
    // the in-frame figures: what a call from a contract pays inside the program's frame
    let gas = &json["gas"];
    let sum = ["cached_init", "memory", "execution"]
        .iter()
        .map(|k| gas[k].as_u64().unwrap())
        .sum::<u64>();
    assert_eq!(gas["frame_cached"], sum);
    assert_eq!(
        gas["frame_uncached"].as_u64().unwrap(),
        sum + gas["init"].as_u64().unwrap()
    );
    assert_eq!(
        gas["cached_call"].as_u64().unwrap(),
        gas["calldata"].as_u64().unwrap() + sum
    );
    // --arbos goes anywhere on the line, and only modelled versions are taken
    let out = run(&["--arbos", "51", "check", "--wasm", wasm, "--json"]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        (json["arbos"].as_u64(), json["stylus_version"].as_u64()),
        (Some(51), Some(2))
    );
    // (clap's own message, over two lines, exit 2)
    for (arbos, needle) in [
        ("62", "ArbOS 62 is not modelled"),
        ("x", "not a version number"),
    ] {
        let out = run(&["check", "--wasm", wasm, "--arbos", arbos]);
        assert_eq!(out.status.code(), Some(2));
        assert!(stderr(&out).contains(needle), "{}", stderr(&out));
    }
}

#[test]
fn check_names_every_part_of_what_activation_burns() {
    let wasm = echo_wasm();
    let wasm = wasm.to_str().unwrap();
    let json = |args: &[&str]| -> serde_json::Value {
        let out = run(&[&["check", "--wasm", wasm, "--json"], args].concat());
        assert!(out.status.success(), "{}", stderr(&out));
        serde_json::from_slice(&out.stdout).unwrap()
    };
    // ArbWasm's fixed charge (precompiles/ArbWasm.go), ActivationGas assumed 0 unless given
    let assumed = json(&[]);
    let charge = &assumed["activation_charge"];
    assert_eq!(charge["fixed"], 1_659_168);
    assert_eq!(charge["activation_gas"], 0);
    assert_eq!(charge["fragment_reads"], 0);
    let compile = charge["compile"].as_u64().unwrap();
    assert!(compile > 0);
    let bookkeeping = charge["bookkeeping"].as_u64().unwrap();
    assert_eq!(
        bookkeeping,
        stylus_meter::pricing::activation_bookkeeping_gas(true)
    );
    assert_eq!(
        charge["total"].as_u64().unwrap(),
        1_659_168 + compile + bookkeeping
    );
    assert!(assumed["opcodes"]["instrumented"].as_u64() > assumed["opcodes"]["raw"].as_u64());
    let parameter = &assumed["activation_gas_parameter"];
    assert_eq!(
        (parameter["value"].as_u64(), parameter["given"].as_bool()),
        (Some(0), Some(false))
    );
    assert!(parameter["read_with"]
        .as_str()
        .unwrap()
        .contains("activationGas()(uint64)"));
    let given = json(&["--activation-gas", "2000000"]);
    assert_eq!(
        given["activation_charge"]["total"].as_u64().unwrap(),
        1_659_168 + 2_000_000 + compile + bookkeeping
    );
    assert_eq!(given["activation_gas_parameter"]["given"], true);
    // before ArbOS 59 no ActivationGas is burnt, the fixed charge is
    let old = json(&["--arbos", "51", "--activation-gas", "2000000"]);
    assert_eq!(old["activation_charge"]["activation_gas"], 0);
    assert_eq!(old["activation_charge"]["fixed"], 1_659_168);

    // the readable summary says the parameter was assumed, and how to pass the chain's
    let out = run(&["check", "--wasm", wasm]);
    let text = String::from_utf8(out.stdout).unwrap();
    let burns = format!(
        "burns {} gas = ArbWasm's fixed 1659168 + ActivationGas 0 + fragment reads 0 + compile {compile} + ArbWasm's bookkeeping {bookkeeping}",
        1_659_168 + compile + bookkeeping
    );
    assert!(text.contains(&burns), "{text}");
    assert!(text.contains("ASSUMED 0"), "{text}");
    assert!(text.contains("--activation-gas G"), "{text}");
    let out = run(&["check", "--wasm", wasm, "--activation-gas", "7"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("7, as given by --activation-gas"), "{text}");
}

#[test]
fn check_refuses_multi_value_at_61_naming_the_function() {
    let wasm = write_wat(
        "multi-value",
        r#"(module (memory (export "memory") 1 1)
            (func $pair (result i32 i32) i32.const 1 i32.const 2)
            (func (export "user_entrypoint") (param i32) (result i32) call $pair i32.add))"#,
    );
    let wasm = wasm.to_str().unwrap();
    let out = run(&["check", "--wasm", wasm, "--json"]);
    assert_bad_input(&out, "function 0 (`pair`) returns 2 values");
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["valid"], false);
    assert!(json["reason"].as_str().unwrap().contains("multi-value"));
    // at ArbOS 51 it activates, and the meter says it cannot run it
    let out = run(&["check", "--wasm", wasm, "--arbos", "51", "--json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        (json["valid"].as_bool(), json["meter_runs_it"].as_bool()),
        (Some(true), Some(false))
    );
}

#[test]
fn calls_price_the_recent_program_rule() {
    let wasm = echo_wasm();
    let wasm = wasm.to_str().unwrap();
    let file = std::env::temp_dir().join(format!("stylus-meter-calls-{}.txt", std::process::id()));
    std::fs::write(&file, "# two calls\n0x01\n\n0x0203\n").unwrap();
    let calls = |arbos: &str| {
        let out = run(&[
            "calls",
            "--wasm",
            wasm,
            "--calldata-file",
            file.to_str().unwrap(),
            "--repeat",
            "3",
            "--uncached",
            "--arbos",
            arbos,
            "--json",
        ]);
        assert!(out.status.success(), "{}", stderr(&out));
        serde_json::from_slice::<serde_json::Value>(&out.stdout).unwrap()
    };
    let at61 = calls("61");
    let list = at61["calls"].as_array().unwrap();
    assert_eq!(list.len(), 6);
    assert_eq!(list[1]["returndata"], "0x0203");
    let init_paid: Vec<bool> = list
        .iter()
        .map(|c| c["init_charged"].as_bool().unwrap())
        .collect();
    assert_eq!(init_paid, [true, false, false, false, false, false]);
    let total: u64 = list
        .iter()
        .map(|c| c["gas"]["frame"].as_u64().unwrap())
        .sum();
    assert_eq!(at61["total_frame_gas"], total);
    // before ArbOS 60 every call to the uncached program pays init
    let at51 = calls("51");
    assert!(at51["calls"]
        .as_array()
        .unwrap()
        .iter()
        .all(|c| c["init_charged"] == true));
    assert_eq!(at61["source"], "model");
    assert_bad_input(&run(&["calls", "--wasm", wasm]), "give the calls");
}
