//! The `poseidon` binary end to end: outputs, exit codes and messages.

use poseidon_test_support::{vectors, U256};
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
    let circomlib = vectors::circomlib();
    for t in 2..=17 {
        let cases = circomlib.width(t);
        assert!(cases.len() >= 10, "t{t}: too few vectors");
        for case in cases {
            let inputs = words(&case.inputs);
            let mut args = vec!["hash"];
            args.extend(inputs.iter().map(String::as_str));
            let out = poseidon(&args);
            assert!(out.status.success(), "{}", stderr(&out));
            assert_eq!(stdout(&out), word(&case.output), "t{t} {inputs:?}");
        }
    }
}

#[test]
fn an_input_not_below_p_is_named_at_every_position_of_five_and_sixteen() {
    let p = "21888242871839275222246405745257275088548364400416034343698204186575808495617";
    for count in [5, 16] {
        for position in 0..count {
            let mut args = vec!["7"; 1 + count];
            args[0] = "hash";
            args[1 + position] = p;
            let out = poseidon(&args);
            assert_eq!(out.status.code(), Some(2));
            let message = stderr(&out);
            assert_eq!(message.lines().count(), 1, "{message}");
            assert!(
                message.contains(&format!(
                    "argument {} (position {position} on-chain)",
                    position + 1
                )) && message.contains(p),
                "{count} inputs: {message}"
            );
        }
    }
}

#[test]
fn hash_of_six_and_sixteen_inputs_are_the_published_values() {
    // iden3/contracts' PoseidonFacade.poseidon6([1, …, 6]) (go-iden3-crypto's value) and
    // circomlib test/poseidonjs.js poseidon([1, …, 16]).
    let six = poseidon(&["hash", "1", "2", "3", "4", "5", "6"]);
    assert!(six.status.success(), "{}", stderr(&six));
    assert_eq!(
        stdout(&six),
        "0x2d1a03850084442813c8ebf094dea47538490a68b05f2239134a4cca2f6302e1"
    );
    let inputs: Vec<String> = (1..=16).map(|i| i.to_string()).collect();
    let mut args = vec!["hash"];
    args.extend(inputs.iter().map(String::as_str));
    let sixteen = poseidon(&args);
    assert!(sixteen.status.success(), "{}", stderr(&sixteen));
    assert_eq!(
        stdout(&sixteen),
        "0x16159a551cbb66108281a48099fff949ae08afd7f1f2ec06de2ffb96b919b765"
    );
}

#[test]
fn sponge_matches_iden3s_vectors() {
    for case in vectors::iden3_sponge().cases {
        let inputs: Vec<String> = case.inputs.iter().map(|x| format!("{x:#x}")).collect();
        let mut args = vec!["sponge"];
        args.extend(inputs.iter().map(String::as_str));
        let out = poseidon(&args);
        assert!(out.status.success(), "{}", stderr(&out));
        assert_eq!(
            stdout(&out),
            format!("{:#066x}", case.output),
            "{} values",
            inputs.len()
        );
    }
    // The README's and --help's example: spongeHashX([1, …, 7], 6) (@iden3/js-crypto 1.3.3).
    let seven = poseidon(&["sponge", "1", "2", "3", "4", "5", "6", "7"]);
    assert_eq!(
        stdout(&seven),
        "0x0c5487250fcd3e4506ad77441b8b1c62d683fe28792c7be1a07711c5da761304"
    );
    let none = poseidon(&["sponge"]);
    assert!(none.status.success(), "{}", stderr(&none));
    assert_eq!(stdout(&none), format!("0x{}", "0".repeat(64)));
    let p = "21888242871839275222246405745257275088548364400416034343698204186575808495617";
    let bad = poseidon(&["sponge", "1", "2", p]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(
        stderr(&bad).contains("argument 3 (position 2 on-chain)"),
        "{}",
        stderr(&bad)
    );
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
        message.contains("argument 2 (position 1 on-chain)") && message.contains(p),
        "{message}"
    );
    assert!(out.stdout.is_empty());
}

#[test]
fn unparsable_input_exits_2_naming_it() {
    let out = poseidon(&["poseidon2", "7", "seven"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out)
            .contains("argument 2 (position 1 on-chain) is not a BN254 field element (\"seven\")"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn wrong_input_counts_exit_2() {
    let mut seventeen = vec!["1"; 18];
    seventeen[0] = "hash";
    let too_many = poseidon(&seventeen);
    assert_eq!(too_many.status.code(), Some(2));
    assert!(
        stderr(&too_many).contains("1 to 16 <INPUTS>, got 17"),
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
fn help_lists_every_hash_with_an_example_each() {
    let out = poseidon(&["--help"]);
    assert!(out.status.success());
    let help = stdout(&out);
    // Every command, and an example line of each in the top-level help.
    let commands = [
        "hash",
        "poseidon2",
        "noir",
        "permute",
        "compress",
        "goldilocks",
    ];
    for command in commands {
        assert!(
            help.contains(&format!("\n  {command} ")),
            "{command} not listed:\n{help}"
        );
        assert!(
            help.contains(&format!("\n  poseidon {command} ")),
            "no example of {command}:\n{help}"
        );
    }
    // Each command's own help (and each Goldilocks hash's) shows an example of it.
    let goldilocks = ["hash-no-pad", "hash-or-noop", "two-to-one", "permute"];
    let subcommands = commands
        .iter()
        .map(|c| vec![*c])
        .chain(goldilocks.iter().map(|g| vec!["goldilocks", *g]));
    for mut args in subcommands {
        let name = args.join(" ");
        args.push("--help");
        let out = poseidon(&args);
        assert!(out.status.success(), "{name} --help");
        let help = stdout(&out);
        assert!(
            help.contains(&format!("poseidon {name} ")),
            "{name} --help has no example:\n{help}"
        );
    }
}

/// Words as the CLI prints them: `0x` and 64 hex digits.
fn words(values: &[U256]) -> Vec<String> {
    values.iter().map(word).collect()
}

fn word(value: &U256) -> String {
    format!("{value:#066x}")
}

fn run_ok(args: &[String]) -> String {
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = poseidon(&args);
    assert!(out.status.success(), "{args:?}: {}", stderr(&out));
    stdout(&out)
}

#[test]
fn noir_matches_the_vectors_of_every_length() {
    // Noir hashes equal to @zkpassport/poseidon2 (test/vectors/poseidon2-instances.json).
    let all = vectors::poseidon2_instances();
    // Lengths 0..12 of 1, 2, 3, ... and the random ones.
    for case in &all.noir {
        let mut args = vec!["noir".to_string()];
        args.extend(words(&case.inputs));
        assert_eq!(run_ok(&args), word(&case.output), "{args:?}");
    }
    for case in all.noir_variable_length.iter().take(5) {
        let mut args = vec!["noir".to_string(), "--variable-length".to_string()];
        args.extend(words(&case.inputs));
        assert_eq!(run_ok(&args), word(&case.output), "{args:?}");
    }
    // Noir's hash of [1, 2], decimal inputs.
    let out = poseidon(&["noir", "1", "2"]);
    assert_eq!(
        stdout(&out),
        "0x038682aa1cb5ae4e0a3f13da432a95c77c5c111f6f030faf9cad641ce1ed7383"
    );
}

#[test]
fn permute_and_compress_match_the_vectors() {
    // The instances' KATs and TaceoLabs' compress vectors (test/vectors/poseidon2-instances.json).
    let all = vectors::poseidon2_instances();
    for (name, set) in [
        ("barretenberg-t2", "barretenberg"),
        ("barretenberg-t3", "barretenberg"),
        ("barretenberg-t4", "barretenberg"),
        ("codex-t2", "codex"),
        ("codex-t3", "codex"),
        ("codex-t4", "codex"),
    ] {
        for case in all.permutation(name).iter().take(3) {
            let mut args = vec!["permute".to_string(), "--set".to_string(), set.to_string()];
            args.extend(words(&case.input));
            assert_eq!(run_ok(&args), words(&case.output).join("\n"), "{args:?}");
        }
    }
    for t in 2..=4 {
        for case in all.compress(t).iter().take(3) {
            let mut args = vec!["compress".to_string()];
            args.extend(words(&case.inputs));
            assert_eq!(run_ok(&args), word(&case.output), "{args:?}");
        }
    }
}

#[test]
fn poseidon2_commands_reject_bad_input_with_exit_2() {
    let p = "21888242871839275222246405745257275088548364400416034343698204186575808495617";
    for (args, message) in [
        (
            vec!["noir", "--variable-length", "1", p],
            "argument 2 (position 1 on-chain) is not",
        ),
        (
            vec!["noir", "0xzz"],
            "argument 1 (position 0 on-chain) is not a BN254 field element (\"0xzz\")",
        ),
        (
            vec!["permute", "1"],
            "permute takes a state of 2, 3 or 4 <INPUTS>",
        ),
        (vec!["permute", "1", "2", "3", "4", "5"], "got 5"),
        (
            vec!["permute", "--set", "codex", "1", p],
            "argument 2 (position 1 on-chain) is not",
        ),
        (vec!["compress", "1"], "compress takes 2, 3 or 4 <INPUTS>"),
        (vec!["permute", "--set", "horizen", "1", "2"], "--set"),
    ] {
        let out = poseidon(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stdout(&out).is_empty(), "{args:?}: no hash on stdout");
        assert!(stderr(&out).contains(message), "{args:?}: {}", stderr(&out));
    }
}

#[test]
fn help_lists_the_poseidon2_commands_with_examples() {
    let out = poseidon(&["--help"]);
    let help = stdout(&out);
    for text in [
        "noir",
        "permute",
        "compress",
        "poseidon noir 1 2",
        "poseidon permute --set codex 0 1 2",
        "poseidon compress 1 2",
    ] {
        assert!(help.contains(text), "--help lacks {text:?}:\n{help}");
    }
    let out = poseidon(&["permute", "--help"]);
    let help = stdout(&out);
    assert!(
        help.contains("barretenberg") && help.contains("codex"),
        "{help}"
    );
}

#[test]
fn goldilocks_two_to_one_is_plonky2s() {
    // plonky2 1.1 PoseidonHash::two_to_one([1, 2, 3, 4], [5, 6, 7, 8]) (test/vectors/goldilocks-plonky2.json).
    let out = poseidon(&[
        "goldilocks",
        "two-to-one",
        "1",
        "2",
        "3",
        "0x4",
        "5",
        "6",
        "7",
        "8",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "15064728126975588673 10314245681893968020 11300930272442645327 2830815762300183090"
    );
}

#[test]
fn goldilocks_hashes_match_the_library() {
    use poseidon_goldilocks::{poseidon, poseidon2, Goldilocks};
    let inputs: Vec<Goldilocks> = (1..=10).map(|v| Goldilocks::new(v).unwrap()).collect();
    let args: Vec<String> = (1..=10).map(|v| v.to_string()).collect();
    let join = |d: [Goldilocks; 4]| d.map(|e| e.value().to_string()).join(" ");
    let run = |extra: &[&str]| {
        let mut all: Vec<&str> = vec!["goldilocks"];
        all.extend_from_slice(extra);
        all.extend(args.iter().map(String::as_str));
        let out = poseidon(&all);
        assert!(out.status.success(), "{}", stderr(&out));
        stdout(&out)
    };
    assert_eq!(run(&["hash-no-pad"]), join(poseidon::hash_no_pad(&inputs)));
    assert_eq!(
        run(&["hash-no-pad", "--poseidon2"]),
        join(poseidon2::hash_no_pad(&inputs))
    );
    assert_eq!(
        run(&["hash-or-noop"]),
        join(poseidon::hash_or_noop(&inputs))
    );
    let out = poseidon(&[
        "goldilocks",
        "permute",
        "--poseidon2",
        "0",
        "1",
        "2",
        "3",
        "4",
        "5",
        "6",
        "7",
        "8",
        "9",
        "10",
        "11",
    ]);
    // zkhash's published known answer for [0, 1, ..., 11] starts 0x01eaef96bdf1c0c1.
    assert!(
        stdout(&out).starts_with(&format!("{} ", 0x01eaef96bdf1c0c1u64)),
        "{}",
        stdout(&out)
    );
}

#[test]
fn goldilocks_bad_input_exits_2_naming_it() {
    let p = "18446744069414584321";
    let out = poseidon(&["goldilocks", "hash-no-pad", "1", p]);
    assert_eq!(out.status.code(), Some(2));
    let message = stderr(&out);
    assert_eq!(message.lines().count(), 1, "{message}");
    assert!(
        message.contains("argument 2 (position 1 on-chain)") && message.contains(p),
        "{message}"
    );
    let out = poseidon(&[
        "goldilocks",
        "two-to-one",
        "1",
        "2",
        "3",
        "4",
        "5",
        "6",
        "7",
        "x",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out)
            .contains("argument 8 (position 7 on-chain) is not a Goldilocks element (\"x\")"),
        "{}",
        stderr(&out)
    );
    assert_eq!(
        poseidon(&["goldilocks", "two-to-one", "1", "2"])
            .status
            .code(),
        Some(2)
    );
    assert_eq!(
        poseidon(&["goldilocks", "hash-no-pad"]).status.code(),
        Some(2)
    );
}

/// Exits 2 with nothing on stdout and exactly one line on stderr; returns that line.
fn one_line_error(args: &[&str]) -> String {
    let out = poseidon(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    assert!(out.stdout.is_empty(), "{args:?}: nothing on stdout");
    let message = stderr(&out);
    assert_eq!(message.lines().count(), 1, "{args:?}: one line:\n{message}");
    assert!(message.ends_with('\n'), "{args:?}: {message:?}");
    message.trim_end().to_string()
}

#[test]
fn every_wrong_count_is_one_line_naming_the_argument_and_the_count() {
    let n = |count: usize| vec!["1"; count];
    let with = |prefix: &[&'static str], inputs: Vec<&'static str>| {
        let mut args = prefix.to_vec();
        args.extend(inputs);
        args
    };
    for (args, expected) in [
        (with(&["hash"], n(0)), "hash takes 1 to 16 <INPUTS>, got 0"),
        (
            with(&["hash"], n(17)),
            "hash takes 1 to 16 <INPUTS>, got 17",
        ),
        (with(&["poseidon2"], n(1)), "poseidon2 takes 2 <INPUTS>"),
        (with(&["poseidon2"], n(3)), "poseidon2 takes 2 <INPUTS>"),
        (
            with(&["permute"], n(1)),
            "permute takes a state of 2, 3 or 4 <INPUTS>",
        ),
        (
            with(&["permute", "--set", "codex"], n(5)),
            "permute takes a state of 2, 3 or 4 <INPUTS>",
        ),
        (
            with(&["compress"], n(0)),
            "compress takes 2, 3 or 4 <INPUTS>",
        ),
        (
            with(&["compress"], n(5)),
            "compress takes 2, 3 or 4 <INPUTS>",
        ),
        (
            with(&["goldilocks", "hash-no-pad"], n(0)),
            "goldilocks hash-no-pad takes 1 or more <INPUTS>",
        ),
        (
            with(&["goldilocks", "two-to-one"], n(3)),
            "goldilocks two-to-one takes 8 <INPUTS>",
        ),
        (
            with(&["goldilocks", "two-to-one", "--poseidon2"], n(9)),
            "goldilocks two-to-one takes 8 <INPUTS>",
        ),
        (
            with(&["goldilocks", "permute"], n(11)),
            "goldilocks permute takes 12 <INPUTS>",
        ),
        (
            with(&["goldilocks", "permute"], n(13)),
            "goldilocks permute takes 12 <INPUTS>",
        ),
    ] {
        let message = one_line_error(&args);
        let got = format!(", got {}", args.iter().filter(|a| **a == "1").count());
        assert!(
            message.starts_with(&format!("poseidon: {expected}")) && message.ends_with(&got),
            "{args:?}: {message}"
        );
    }
}

#[test]
fn a_wrong_count_is_reported_before_a_bad_input() {
    let message = one_line_error(&["poseidon2", "1", "-5", "3"]);
    assert!(
        message.starts_with("poseidon: poseidon2 takes 2 <INPUTS>") && message.ends_with("got 3"),
        "{message}"
    );
}

#[test]
fn a_negative_number_is_not_a_field_element_naming_its_argument() {
    for (args, family) in [
        (vec!["hash", "1", "-5"], "BN254 field element"),
        (
            vec!["noir", "--variable-length", "1", "-5"],
            "BN254 field element",
        ),
        (vec!["permute", "1", "-5"], "BN254 field element"),
        (
            vec!["goldilocks", "hash-no-pad", "1", "-5"],
            "Goldilocks element",
        ),
    ] {
        let message = one_line_error(&args);
        assert!(
            message.contains(&format!(
                "argument 2 (position 1 on-chain) is not a {family} (\"-5\")"
            )),
            "{args:?}: {message}"
        );
    }
}

#[test]
fn other_usage_errors_are_one_line_too() {
    for (args, names) in [
        (vec![], "[subcommands: hash, sponge, poseidon2"),
        (vec!["goldilocks"], "[subcommands: hash-no-pad"),
        (vec!["frobnicate"], "'frobnicate'"),
        (vec!["permute", "--set", "horizen", "1", "2"], "--set"),
        (vec!["hash", "--frobnicate", "1"], "'--frobnicate'"),
        (vec!["hash", "1", "-x"], "'-x'"),
    ] {
        let message = one_line_error(&args);
        assert!(message.contains(names), "{args:?}: {message}");
    }
    // Help and version stay clap's, on stdout, exit 0.
    for args in [["--help"], ["--version"]] {
        let out = poseidon(&args);
        assert!(out.status.success() && !out.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn noir_refuses_more_inputs_than_the_program_takes() {
    use poseidon_bn254::poseidon2::noir;
    let max = noir::MAX_PROGRAM_INPUTS;
    let mut args = vec!["noir"];
    args.extend(vec!["1"; max]);
    let want = noir::hash(&vec![poseidon_bn254::Fr::ONE; max]);
    let out = poseidon(&args);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), want.to_string(), "the maximum is hashed");
    args.push("1");
    let message = one_line_error(&args);
    assert!(
        message.contains(&format!("noir takes at most {max} <INPUTS>"))
            && message.contains("TooManyInputs")
            && message.ends_with(&format!("got {}", max + 1)),
        "{message}"
    );
}

#[test]
fn both_families_print_p_when_an_input_is_not_below_it() {
    let bn254 = ruint::aliases::U256::from_limbs(poseidon_bn254::MODULUS_LIMBS).to_string();
    let message = one_line_error(&["hash", "1", &format!("0x{}", "f".repeat(64))]);
    assert!(
        message.ends_with(&format!("below p = {bn254}")),
        "{message}"
    );
    let goldilocks = poseidon_goldilocks::P.to_string();
    let message = one_line_error(&["goldilocks", "hash-or-noop", "1", "0xffffffffffffffff"]);
    assert!(
        message.ends_with(&format!("below p = {goldilocks}")),
        "{message}"
    );
}

/// Every MiMC command against circomlibjs 0.1.7's values (`test/vectors/mimc.json`).
#[test]
fn mimc_commands_match_the_circomlibjs_vectors() {
    let mimc = vectors::mimc();
    // An empty list would pass unchecked.
    for (name, count) in [
        ("sponge", mimc.sponge.len()),
        ("mimc7", mimc.mimc7.len()),
        ("hashLeftRight", mimc.hash_left_right.len()),
        ("spongeMultiHash", mimc.sponge_multi_hash.len()),
        ("mimc7MultiHash", mimc.mimc7_multi_hash.len()),
    ] {
        assert!(count > 0, "mimc.json has no {name} vectors");
    }
    for case in &mimc.sponge {
        let [xl, xr, k] = [0, 1, 2].map(|i| word(&case.inputs[i]));
        let got = run_ok(&["mimc-sponge".into(), "--key".into(), k, xl, xr]);
        assert_eq!(got, words(&case.outputs).join("\n"));
    }
    for case in &mimc.mimc7 {
        let got = run_ok(&[
            "mimc7".into(),
            "--key".into(),
            word(&case.inputs[1]),
            word(&case.inputs[0]),
        ]);
        assert_eq!(got, word(&case.output));
    }
    for case in &mimc.hash_left_right {
        let mut args = vec!["hash-left-right".to_string()];
        args.extend(words(&case.inputs));
        assert_eq!(run_ok(&args), word(&case.output));
    }
    for case in &mimc.sponge_multi_hash {
        let mut args = vec![
            "mimc-sponge-multi".to_string(),
            "--key".into(),
            word(&case.key),
            "--outputs".into(),
            case.num_outputs.to_string(),
        ];
        args.extend(words(&case.inputs));
        assert_eq!(run_ok(&args), words(&case.outputs).join("\n"));
    }
    for case in &mimc.mimc7_multi_hash {
        let mut args = vec!["mimc7-multi".to_string(), "--key".into(), word(&case.key)];
        args.extend(words(&case.inputs));
        assert_eq!(run_ok(&args), word(&case.output));
    }
}

/// The help's examples print the library's values (the library equals circomlibjs, above).
#[test]
fn mimc_examples_are_the_librarys_values() {
    use mimc_bn254::{mimc7, sponge, Fr};
    let f = Fr::from_u64;
    let (xl, xr) = sponge::hash(f(1), f(2), Fr::ZERO);
    assert_eq!(
        stdout(&poseidon(&["mimc-sponge", "1", "2"])),
        format!("{xl}\n{xr}")
    );
    assert_eq!(
        stdout(&poseidon(&["mimc7", "--key", "2", "1"])),
        mimc7::hash(f(1), f(2)).to_string()
    );
    let mut two = [Fr::ZERO; 2];
    sponge::multi_hash(&[f(1), f(2), f(3)], Fr::ZERO, &mut two);
    assert_eq!(
        stdout(&poseidon(&[
            "mimc-sponge-multi",
            "--outputs",
            "2",
            "1",
            "2",
            "3"
        ])),
        format!("{}\n{}", two[0], two[1])
    );
    assert_eq!(
        stdout(&poseidon(&["mimc7-multi", "1", "2", "3"])),
        mimc7::multi_hash(&[f(1), f(2), f(3)], Fr::ZERO).to_string()
    );
    assert_eq!(
        stdout(&poseidon(&["hash-left-right", "1", "2"])),
        sponge::hash_left_right(f(1), f(2)).to_string()
    );
    let help = stdout(&poseidon(&["--help"]));
    for command in [
        "mimc-sponge",
        "mimc-sponge-multi",
        "mimc7",
        "mimc7-multi",
        "hash-left-right",
    ] {
        assert!(
            help.contains(&format!("\n  poseidon {command} ")),
            "{command}:\n{help}"
        );
        let own = stdout(&poseidon(&[command, "--help"]));
        assert!(
            own.contains(&format!("Example: poseidon {command} ")),
            "{own}"
        );
    }
}

#[test]
fn mimc_bad_input_exits_2_naming_it() {
    let p = "21888242871839275222246405745257275088548364400416034343698204186575808495617";
    for (args, expected) in [
        (
            vec!["mimc-sponge", "1", p],
            "argument 2 (position 1 on-chain)",
        ),
        (
            vec!["mimc7", "--key", p, "1"],
            "--key is not a BN254 field element",
        ),
        (
            vec!["mimc7-multi", "1", "x1"],
            "argument 2 (position 1 on-chain) is not",
        ),
        (
            vec!["mimc-sponge", "1"],
            "mimc-sponge takes 2 <INPUTS> (xL and xR), got 1",
        ),
        (vec!["mimc7", "1", "2"], "mimc7 takes 1 <INPUTS> (x), got 2"),
        (
            vec!["hash-left-right", "1", "2", "3"],
            "hash-left-right takes 2",
        ),
        (
            vec!["mimc-sponge-multi", "--outputs", "0", "1"],
            "'--outputs <OUTPUTS>'",
        ),
    ] {
        let out = poseidon(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let message = stderr(&out);
        assert_eq!(message.lines().count(), 1, "{message}");
        assert!(message.contains(expected), "{args:?}: {message}");
        assert!(out.stdout.is_empty());
    }
}
