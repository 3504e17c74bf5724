//! Calibration against what Nitro itself measured (`../shared/calibration/README.md`).
//!
//! Requirements: outcome and return data exact, ink exact (the brief allows 1 %, we hold the
//! meter to equality), init costs exact, and the node-measured `gasUsed` within 1 gas through
//! `cached_call` / `uncached_call` + 21,000.

use alloy_primitives::U256;
use std::path::PathBuf;
use stylus_meter::abi::{encode_call, parse_hex, split_args};
use stylus_meter::{Outcome, Program};

/// `$STYLUS_CALIBRATION_DIR`, else `<repo>/../shared/calibration`.
fn calibration_dir() -> Option<PathBuf> {
    let dir = match std::env::var_os("STYLUS_CALIBRATION_DIR") {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/calibration"),
    };
    if dir.join("README.md").is_file() {
        Some(dir)
    } else {
        eprintln!(
            "SKIPPED: Stylus calibration folder not found at {} (it sits beside the repo as \
             shared/calibration; set STYLUS_CALIBRATION_DIR to point elsewhere)",
            dir.display()
        );
        None
    }
}

fn load(dir: &std::path::Path, file: &str) -> Program {
    Program::from_file(dir.join(file)).unwrap_or_else(|e| panic!("{file}: {e}"))
}

fn word(value: U256) -> Vec<u8> {
    value.to_be_bytes::<32>().to_vec()
}

struct Case {
    calldata: Vec<u8>,
    outcome: Outcome,
    returndata: Vec<u8>,
    ink: u64,
}

fn check(program: &Program, file: &str, cases: &[Case]) {
    for case in cases {
        let label = format!("{file} 0x{}", alloy_primitives::hex::encode(&case.calldata));
        let report = program
            .call(&case.calldata)
            .unwrap_or_else(|e| panic!("{label}: {e}"));
        eprintln!(
            "{label}: {:?}, ink {} (Nitro {})",
            report.outcome, report.ink.total, case.ink
        );
        assert_eq!(report.outcome, case.outcome, "{label}: outcome");
        assert_eq!(report.returndata, case.returndata, "{label}: return data");
        // ink is opcodes + host I/O (+ memory growth, none here), as Nitro measured it
        assert_eq!(
            report.ink.total, case.ink,
            "{label}: ink (Nitro {})",
            case.ink
        );
        assert_eq!(
            report.ink.total,
            report.ink.opcodes + report.ink.host_io + report.ink.memory
        );
    }
}

#[test]
fn sdk_minimal_matches_nitro() {
    let Some(dir) = calibration_dir() else { return };
    let file = "sdk-minimal.wasm";
    let program = load(&dir, file);

    let activation = program.activation();
    assert_eq!(activation.init_cost, 1_056);
    assert_eq!(activation.cached_init_cost, 241);
    assert_eq!(activation.footprint, 1);
    assert_eq!(activation.asm_estimate, 575_271);
    assert_eq!(program.sizes().wasm, 6_170);

    let sig = "hash(uint256,uint256)";
    let big: U256 = (U256::from(1u8) << 128usize) - U256::from(1u8);
    let expected = big.wrapping_mul(U256::from(3)) + U256::from(7);
    check(
        &program,
        file,
        &[
            Case {
                calldata: encode_call(sig, &split_args("1,2")).unwrap(),
                outcome: Outcome::Success,
                returndata: word(U256::from(9)),
                ink: 659_960,
            },
            Case {
                calldata: encode_call(sig, &[big.to_string(), "3".into()]).unwrap(),
                outcome: Outcome::Success,
                returndata: word(expected),
                ink: 659_960,
            },
            Case {
                calldata: vec![],
                outcome: Outcome::Revert,
                returndata: vec![],
                ink: 209_842,
            },
        ],
    );

    // whole transactions on a Nitro node: gasUsed = 21,000 + our estimate, within 1 gas
    let report = program
        .call(&encode_call(sig, &split_args("1,2")).unwrap())
        .unwrap();
    assert_eq!(report.gas.calldata, 344);
    assert!(
        report.gas.cached_call.abs_diff(22_003 - 21_000) <= 1,
        "{:?}",
        report.gas
    );
    assert!(
        report.gas.uncached_call.abs_diff(31_891 - 21_000) <= 1,
        "{:?}",
        report.gas
    );
}

#[test]
fn oz_poseidon2_matches_nitro() {
    let Some(dir) = calibration_dir() else { return };
    let file = "oz-poseidon2.wasm";
    let program = load(&dir, file);

    let activation = program.activation();
    assert_eq!(activation.init_cost, 4_309);
    assert_eq!(activation.cached_init_cost, 3_213);
    assert_eq!(activation.footprint, 1);
    assert_eq!(activation.asm_estimate, 735_636);
    assert_eq!(program.sizes().wasm, 31_119);

    let sig = "hash(uint256[2])";
    let hash_of = |hex: &str| parse_hex(hex).unwrap();
    check(
        &program,
        file,
        &[
            Case {
                calldata: encode_call(sig, &split_args("[123,123456]")).unwrap(),
                outcome: Outcome::Success,
                returndata: hash_of(
                    "0x16f70722695a5829a59319fbf746df957a513fdf72b070a67bb72db08070e5de",
                ),
                ink: 57_866_748,
            },
            Case {
                calldata: encode_call(sig, &split_args("[1,2]")).unwrap(),
                outcome: Outcome::Success,
                returndata: hash_of(
                    "0x303b6f7c86d043bfcbcc80214f26a30277a15d3f74ca654992defe7ff8d03570",
                ),
                ink: 57_873_299,
            },
            Case {
                calldata: parse_hex("0xdeadbeef").unwrap(),
                outcome: Outcome::Revert,
                returndata: vec![],
                ink: 254_955,
            },
            Case {
                calldata: parse_hex("0x561558fe0001").unwrap(),
                outcome: Outcome::Revert,
                returndata: vec![],
                ink: 377_173,
            },
        ],
    );

    let report = program
        .call(&encode_call(sig, &split_args("[123,123456]")).unwrap())
        .unwrap();
    assert_eq!(report.gas.calldata, 368);
    assert!(
        report.gas.cached_call.abs_diff(30_720 - 21_000) <= 1,
        "{:?}",
        report.gas
    );
    assert!(
        report.gas.uncached_call.abs_diff(43_861 - 21_000) <= 1,
        "{:?}",
        report.gas
    );
}
