//! Runs LeanIMT operations natively on the contract's storage slots and writes the result as a
//! `stylus-meter` state file: how the gas report preloads a tree of 2^16 leaves (metering 65,536
//! inserts would take hours), and how the meter test checks the contract's storage layout.
//!
//!   cargo run --example replay -- --ops OPS.json --address 0x… [--state IN.json] --state-out OUT.json
//!
//! OPS.json: a JSON array of operations as `test/vectors/lean-imt.json` writes them
//! (`{"op": "insert", "leaf"}`, `{"op": "insertMany", "leaves"}`, `{"op": "update", "oldLeaf",
//! "newLeaf", "siblings"}`, `{"op": "remove", "oldLeaf", "siblings"}`), each a transaction: one that
//! reverts changes nothing. Prints one JSON line: the root, size and how many operations reverted.

use std::collections::BTreeMap;

use alloy_primitives::U256;
use lean_imt::slots::Slots;
use lean_imt::tree;
use serde_json::{json, Value};

fn word(value: &Value) -> U256 {
    value
        .as_str()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("not a hex word: {value}"))
}

fn words(value: &Value) -> Vec<U256> {
    value
        .as_array()
        .unwrap_or_else(|| panic!("not an array: {value}"))
        .iter()
        .map(word)
        .collect()
}

fn apply(slots: &mut Slots, op: &Value) -> bool {
    let before = slots.clone();
    let outcome = match op["op"].as_str() {
        Some("insert") => tree::insert(slots, word(&op["leaf"])),
        Some("insertMany") => tree::insert_many(slots, &words(&op["leaves"])),
        Some("update") => tree::update(
            slots,
            word(&op["oldLeaf"]),
            word(&op["newLeaf"]),
            &words(&op["siblings"]),
        ),
        Some("remove") => tree::update(
            slots,
            word(&op["oldLeaf"]),
            U256::ZERO,
            &words(&op["siblings"]),
        ),
        _ => panic!("unknown operation: {op}"),
    };
    if outcome.is_err() {
        *slots = before;
    }
    outcome.is_ok()
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let option = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .map(|i| args[i + 1].clone())
    };
    let usage = "usage: replay --ops OPS.json --address 0x… [--state IN.json] --state-out OUT.json";
    let ops_path = option("--ops").expect(usage);
    let address = option("--address").expect(usage).to_lowercase();
    let out_path = option("--state-out").expect(usage);
    let read = |path: &str| -> Value {
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
    };

    let mut state = option("--state")
        .map(|p| read(&p))
        .unwrap_or_else(|| json!({ "accounts": {} }));
    let mut slots = Slots::default();
    if let Some(storage) = state["accounts"][&address]["storage"].as_object() {
        for (slot, value) in storage {
            slots.0.insert(word(&json!(slot)), word(value));
        }
    }
    let mut reverted = 0;
    for op in read(&ops_path)
        .as_array()
        .expect("OPS.json: an array of operations")
    {
        if !apply(&mut slots, op) {
            reverted += 1;
        }
    }
    let storage: BTreeMap<String, String> = slots
        .0
        .iter()
        .map(|(slot, value)| (format!("{slot:#x}"), format!("{value:#x}")))
        .collect();
    state["accounts"][&address]["storage"] = json!(storage);
    std::fs::write(
        &out_path,
        serde_json::to_string_pretty(&state).unwrap() + "\n",
    )
    .unwrap_or_else(|e| panic!("{out_path}: {e}"));
    let summary = json!({
        "root": format!("{:#066x}", tree::root(&slots)),
        "size": tree::TreeStorage::size(&slots),
        "reverted": reverted,
    });
    println!("{summary}");
}
