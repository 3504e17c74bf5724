//! The `poseidon` binary end to end: outputs, exit codes and messages.

use std::process::{Command, Output};

fn poseidon(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_poseidon"))
        .args(args)
        .output()
        .expect("run poseidon")
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout)
        .trim_end()
        .to_string()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).to_string()
}

#[test]
fn hash_of_1_2_is_circomlibs() {
    let out = poseidon(&["hash", "1", "2"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "0x115cc0f5e7d690413df64c6b9662e9cf2a3617f2743245519e19607a4417189a"
    );
}

#[test]
fn hash_accepts_hex_and_four_inputs() {
    let out = poseidon(&["hash", "0x1", "0x2", "3", "4"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "0x299c867db6c1fdd79dcefa40e4510b9837e60ebb1ce0663dbaa525df65250465"
    );
}

#[test]
fn hash_of_five_inputs_is_circomlibs() {
    // circomlib test/poseidoncircuit.js: poseidon([1, 2, 0, 0, 0]).
    let out = poseidon(&["hash", "1", "2", "0", "0x0", "0"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "0x024058dd1e168f34bac462b6fffe58fd69982807e9884c1c6148182319cee427"
    );
}

/// Every circomlibjs vector of every width (`test/vectors/poseidon.json`, circomlibjs 0.1.7).
#[test]
fn every_width_matches_circomlibjs_vectors() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../test/vectors/poseidon.json"
    );
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let json: serde_json::Value = serde_json::from_str(&text).expect("vector file is JSON");
    for t in 2..=6 {
        let cases = json[format!("t{t}")].as_array().expect("a table per width");
        assert!(cases.len() >= 10, "t{t}: too few vectors");
        for case in cases {
            let inputs: Vec<&str> = case["inputs"]
                .as_array()
                .expect("inputs")
                .iter()
                .map(|x| x.as_str().expect("hex input"))
                .collect();
            let mut args = vec!["hash"];
            args.extend(&inputs);
            let out = poseidon(&args);
            assert!(out.status.success(), "{}", stderr(&out));
            assert_eq!(
                stdout(&out),
                case["output"].as_str().unwrap(),
                "t{t} {inputs:?}"
            );
        }
    }
}

#[test]
fn an_input_not_below_p_is_named_at_every_position_of_five() {
    let p = "21888242871839275222246405745257275088548364400416034343698204186575808495617";
    for position in 0..5 {
        let mut args = vec!["hash", "1", "2", "3", "4", "5"];
        args[1 + position] = p;
        let out = poseidon(&args);
        assert_eq!(out.status.code(), Some(2));
        let message = stderr(&out);
        assert_eq!(message.lines().count(), 1, "{message}");
        assert!(
            message.contains(&format!("input {}", position + 1)) && message.contains(p),
            "{message}"
        );
    }
}

#[test]
fn poseidon2_matches_openzeppelin_vector() {
    let out = poseidon(&["poseidon2", "123", "123456"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "0x16f70722695a5829a59319fbf746df957a513fdf72b070a67bb72db08070e5de"
    );
}

#[test]
fn input_not_below_p_exits_2_naming_it() {
    let p = "21888242871839275222246405745257275088548364400416034343698204186575808495617";
    let out = poseidon(&["hash", "1", p]);
    assert_eq!(out.status.code(), Some(2));
    let message = stderr(&out);
    assert_eq!(message.lines().count(), 1, "{message}");
    assert!(
        message.contains("input 2") && message.contains(p),
        "{message}"
    );
    assert!(out.stdout.is_empty());
}

#[test]
fn unparsable_input_exits_2_naming_it() {
    let out = poseidon(&["poseidon2", "7", "seven"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("input 2 (\"seven\")"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn wrong_input_counts_exit_2() {
    let too_many = poseidon(&["hash", "1", "2", "3", "4", "5", "6"]);
    assert_eq!(too_many.status.code(), Some(2));
    assert!(
        stderr(&too_many).contains("1 to 5 inputs, got 6"),
        "{}",
        stderr(&too_many)
    );
    assert_eq!(poseidon(&["hash"]).status.code(), Some(2));
    assert_eq!(poseidon(&["poseidon2", "1"]).status.code(), Some(2));
    assert_eq!(
        poseidon(&["poseidon2", "1", "2", "3"]).status.code(),
        Some(2)
    );
    assert_eq!(poseidon(&["frobnicate"]).status.code(), Some(2));
}

#[test]
fn help_documents_both_commands() {
    let out = poseidon(&["--help"]);
    assert!(out.status.success());
    let help = stdout(&out);
    assert!(
        help.contains("hash") && help.contains("poseidon2") && help.contains("0x"),
        "{help}"
    );
}
