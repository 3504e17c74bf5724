//! The binary with state: `call --state/--state-out/--sender/--value/--address` and `txs`.

mod common;

use common::{assert_bad_input, run, stderr};
use std::path::{Path, PathBuf};
use std::process::Output;

const COUNTER: &str = "0xc0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0";
const ALICE: &str = "0xa1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1";

fn json(out: &Output) -> serde_json::Value {
    assert!(out.status.success(), "{}", stderr(out));
    serde_json::from_slice(&out.stdout).expect("one JSON document")
}

fn counter() -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/sdk_counter.wasm")
        .display()
        .to_string()
}

/// A fresh temporary directory for one test.
fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("stylus-meter-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn write(path: &Path, text: &str) -> String {
    std::fs::write(path, text).unwrap();
    path.display().to_string()
}

#[test]
fn txs_in_one_process_equal_calls_chained_through_state_files() {
    let dir = temp("chain");
    let txs = write(
        &dir.join("txs.json"),
        &format!(
            r#"[{{"sig": "increment()", "label": "first"}},
                {{"sig": "increment()", "from": "{ALICE}"}},
                {{"sig": "set(uint256)", "args": "0"}},
                {{"calldata": "0x6d4ce63c"}}]"#
        ),
    );
    let together = dir.join("together.json").display().to_string();
    let all = json(&run(&[
        "txs",
        "--wasm",
        &counter(),
        "--txs",
        &txs,
        "--address",
        COUNTER,
        "--state-out",
        &together,
        "--json",
    ]));
    let results = all["txs"].as_array().unwrap();
    assert_eq!(results.len(), 4);
    assert_eq!(results[0]["label"], "first");
    assert_eq!(results[1]["from"], ALICE);
    assert_eq!(results[3]["returndata"], format!("0x{:064x}", 0));
    assert_eq!(results[2]["gas"]["refund_counter"], 4_800);
    let cached: u64 = results
        .iter()
        .map(|r| r["gas"]["cached_call"].as_u64().unwrap())
        .sum();
    assert_eq!(all["total"]["cached_call"], cached);
    assert_eq!(all["source"], "model");

    // the same transactions, one `call` each, the state carried by files
    let mut state: Option<String> = None;
    let calls = [
        (
            "increment()",
            "",
            "0x0000000000000000000000000000000000000000",
        ),
        ("increment()", "", ALICE),
        (
            "set(uint256)",
            "0",
            "0x0000000000000000000000000000000000000000",
        ),
        ("get()", "", "0x0000000000000000000000000000000000000000"),
    ];
    for (i, (sig, args, sender)) in calls.into_iter().enumerate() {
        let out = dir.join(format!("step{i}.json")).display().to_string();
        let mut argv = vec![
            "call",
            "--wasm",
            &counter(),
            "--sig",
            sig,
            "--args",
            args,
            "--address",
            COUNTER,
            "--sender",
            sender,
            "--state-out",
            &out,
            "--json",
        ]
        .into_iter()
        .map(str::to_owned)
        .collect::<Vec<_>>();
        if let Some(previous) = &state {
            argv.extend(["--state".to_owned(), previous.clone()]);
        }
        let argv: Vec<&str> = argv.iter().map(String::as_str).collect();
        let call = json(&run(&argv));
        assert_eq!(call["gas"], results[i]["gas"], "transaction {i}");
        assert_eq!(call["evm"], results[i]["evm"], "transaction {i}");
        assert_eq!(call["logs"], results[i]["logs"], "transaction {i}");
        state = Some(out);
    }
    let chained = std::fs::read(state.unwrap()).unwrap();
    assert_eq!(
        chained,
        std::fs::read(&together).unwrap(),
        "same state file"
    );
}

#[test]
fn readable_table_and_a_transaction_that_cannot_run() {
    let dir = temp("table");
    let txs = write(
        &dir.join("txs.json"),
        r#"[{"sig": "increment()"}, {"sig": "increment()", "value": "1", "label": "pays"}]"#,
    );
    // the zero address has no balance: the second transaction cannot send 1 wei
    let out = run(&["txs", "--wasm", &counter(), "--txs", &txs]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let table = String::from_utf8(out.stdout.clone()).unwrap();
    assert!(table.contains("success"), "{table}");
    assert!(
        table.contains("pays") && table.contains("insufficient funds"),
        "{table}"
    );
    assert!(stderr(&out).contains("1 transaction(s) could not run"));

    // with the balance in the state file it runs, and reverts: increment is not payable
    let state = write(
        &dir.join("state.json"),
        r#"{"accounts": {"0x0000000000000000000000000000000000000000": {"balance": "10"}}}"#,
    );
    let all = json(&run(&[
        "txs",
        "--wasm",
        &counter(),
        "--txs",
        &txs,
        "--state",
        &state,
        "--address",
        "0x0000000000000000000000000000000000000000",
        "--json",
    ]));
    assert_eq!(all["txs"][1]["outcome"], "revert");
    assert_eq!(all["total"]["errors"], 0);
}

#[test]
fn bad_inputs_name_what_is_wrong() {
    let dir = temp("bad");
    let wasm = counter();
    let missing = dir.join("missing.json").display().to_string();
    assert_bad_input(
        &run(&["txs", "--wasm", &wasm, "--txs", &missing]),
        "missing.json",
    );
    let txs = write(
        &dir.join("txs.json"),
        r#"[{"sig": "get()"}, {"sig": "set(uint256)"}]"#,
    );
    assert_bad_input(
        &run(&["txs", "--wasm", &wasm, "--txs", &txs]),
        "transaction 1: wrong argument count",
    );
    let state = write(&dir.join("state.json"), r#"{"block": {"numbr": 1}}"#);
    let out = run(&["call", "--wasm", &wasm, "--sig", "get()", "--state", &state]);
    assert_bad_input(&out, "unknown field `numbr`");
    assert!(stderr(&out).contains("state.json"));
    // clap's own message (with its usage lines)
    let out = run(&[
        "call", "--wasm", &wasm, "--sig", "get()", "--sender", "0x12",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("invalid value '0x12' for '--sender"));
}

#[test]
fn a_state_file_records_the_program_address_and_a_run_without_address_uses_it() {
    let dir = temp("address");
    let wasm = counter();
    let program = "0x00000000000000000000000000000000000000aa";
    let first = dir.join("first.json").display().to_string();
    let out = run(&[
        "call",
        "--wasm",
        &wasm,
        "--sig",
        "increment()",
        "--address",
        program,
        "--state-out",
        &first,
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let written: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&first).unwrap()).unwrap();
    assert_eq!(written["program"], program);
    // without --address the recorded program is called: its counter is 1
    let get = json(&run(&[
        "call", "--wasm", &wasm, "--sig", "get()", "--state", &first, "--json",
    ]));
    assert!(get["returndata"].as_str().unwrap().ends_with("01"), "{get}");
    // another address than the recorded one is refused, naming both
    assert_bad_input(
        &run(&[
            "call",
            "--wasm",
            &wasm,
            "--sig",
            "get()",
            "--state",
            &first,
            "--address",
            "0x00000000000000000000000000000000000000bb",
        ]),
        "is not the program",
    );
    // a state that records none needs --address (no silent 0x0)
    let bare = write(&dir.join("bare.json"), r#"{"accounts": {}}"#);
    assert_bad_input(
        &run(&["call", "--wasm", &wasm, "--sig", "get()", "--state", &bare]),
        "records no program address: pass --address",
    );
}

#[test]
fn txs_names_transactions_by_signature_decodes_by_the_interface_and_sums_per_function() {
    let dir = temp("table");
    let txs = write(
        &dir.join("txs.json"),
        r#"[{"sig": "increment()", "label": "a label longer than the old twenty-four columns"},
            {"sig": "increment()"}, {"sig": "get()"}, {"calldata": "0xdeadbeef"}]"#,
    );
    let abi = write(
        &dir.join("ICounter.sol"),
        "interface ICounter {\n    function get() external view returns (uint256);\n    function increment() external;\n}\n",
    );
    let out = run(&["txs", "--wasm", &counter(), "--txs", &txs, "--abi", &abi]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = String::from_utf8(out.stdout).unwrap();
    let rows: Vec<&str> = text.lines().take(5).collect();
    // every row's outcome starts in the header's column, however long a label is
    let column = rows[0].find("outcome").unwrap();
    for row in &rows[1..] {
        assert!(
            row[column..].starts_with("success") || row[column..].starts_with("revert"),
            "{row}"
        );
    }
    assert!(rows[2].contains("increment()"), "named by its signature");
    assert!(
        rows[3].contains("get()") && rows[3].ends_with("(2)"),
        "decoded: {}",
        rows[3]
    );
    assert!(rows[4].contains("0xdeadbeef"), "no signature: its selector");
    let summary = text.lines().find(|l| l.starts_with("increment()")).unwrap();
    assert_eq!(summary.split_whitespace().nth(1), Some("2"), "{summary}");
    assert!(text.contains("each transaction in a block of its own"));
    // a malformed interface names its line
    let bad = write(&dir.join("bad.sol"), "function get( external;\n");
    assert_bad_input(
        &run(&["txs", "--wasm", &counter(), "--txs", &txs, "--abi", &bad]),
        "line 1",
    );
}
