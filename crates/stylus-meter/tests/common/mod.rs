//! What the meter's test binaries share: the binary itself, and a program that echoes its calldata.

// Each test binary uses its own subset.
#![allow(dead_code)]

use std::process::{Command, Output};

/// Runs the `stylus-meter` binary with `args`.
pub fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_stylus-meter"))
        .args(args)
        .output()
        .expect("run stylus-meter")
}

pub fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// The binary refused its input: exit code 2 and one line on stderr that contains `needle`.
pub fn assert_bad_input(out: &Output, needle: &str) {
    assert_eq!(out.status.code(), Some(2), "stderr: {}", stderr(out));
    let err = stderr(out);
    assert_eq!(err.trim_end().lines().count(), 1, "one line: {err}");
    assert!(err.contains(needle), "{needle:?} not in {err:?}");
}

/// A valid program that returns its calldata (each instruction's ink beside it).
pub const ECHO: &str = r#"(module
    (import "vm_hooks" "read_args" (func $read_args (param i32)))
    (import "vm_hooks" "write_result" (func $write_result (param i32 i32)))
    (memory (export "memory") 1 1)
    (func (export "user_entrypoint") (param $len i32) (result i32)
        i32.const 0 call $read_args                       ;; 1 + 3,800
        i32.const 0 local.get $len call $write_result     ;; 1 + 75 + 3,800
        i32.const 0))                                     ;; 1 + end 1"#;
