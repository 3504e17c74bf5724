#!/usr/bin/env node
// Rust contracts that hash in-process, measured by the meter (model), for the report:
//  - "In-process in a stylus-sdk contract": the gas of one hash of each family inside a stock
//    stylus-sdk 0.10.10 contract (contracts/examples/in-process, one build per family): its hash
//    function's execution minus that of `baseline`, the same function minus the hash (same calldata
//    size, same entry, same decoding and checks), so the figure is what a contract that calls
//    poseidon-bn254 or poseidon-goldilocks pays per hash. README "Use it in your Stylus contract"
//    shows these rows (scripts/gas-report/glance.mjs).
//  - Poseidon2: openzeppelin-crypto 0.3.0's Poseidon2 in its own example's form
//    (contracts/examples/oz-poseidon2, built from crates.io in this run) and our poseidon2::hash2
//    behind the same stylus-sdk entry point (the in-process Poseidon2 build), both `hash(uint256[2])`
//    [1, 2] as whole calls, cached and uncached; and the EVM Poseidon2 peers no registry ships, as
//    published (source, version and how each was measured in its note).
// Every module is built by scripts/build-example.sh (the README's recipe, activation checked) and
// metered as `cargo stylus deploy` deploys it.
//
// Usage: node scripts/gas-report/in-process.mjs --meter PATH
// Prints {"generated_by", "method", "rows"} (render.mjs's rows format).
import { execFileSync } from "node:child_process";
import path from "node:path";
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { poseidon1, poseidon2, poseidon3, poseidon4, poseidon5 } from "poseidon-lite";
import { poseidon2Hash } from "@zkpassport/poseidon2";
import { hash2, loadInstance } from "../lib/poseidon2.mjs";
import { parseOptions } from "../lib/args.mjs";
import { SECTIONS, row, subject } from "./rows.mjs";

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const { values } = parseOptions({ meter: { type: "string" }, arbos: { type: "string" } }, { required: ["meter"] });
const METER = values.meter;
// The ArbOS version whose rules the meter applies (the report passes the one Arbitrum One runs).
const ARBOS = values.arbos ?? "61";
const SECTION = SECTIONS.inProcess;
const SDK = "stylus-sdk 0.10.10";
const log = (line) => process.stderr.write(`in-process: ${line}\n`);
const fmt = (n) => n.toLocaleString("en-US");

/** Builds an example with scripts/build-example.sh; returns its deployed module's path. */
function build(name, features) {
  log(`building ${name}${features ? ` (${features})` : ""}`);
  execFileSync(path.join(ROOT, "scripts", "build-example.sh"), [name, ...(features ? ["--features", features] : [])], {
    cwd: ROOT,
    stdio: ["ignore", process.stderr, process.stderr],
  });
  const file = `${name.replace(/-/g, "_")}${features ? `_${features.replace(/-/g, "_")}` : ""}.wasm`;
  return path.join(ROOT, "target", "examples", file);
}

/** The meter's report of one call (must succeed and, when given, return the words `expected`). */
function call(wasm, sig, callArgs, expected) {
  const out = JSON.parse(execFileSync(METER, ["call", "--arbos", ARBOS, "--wasm", wasm, "--sig", sig, "--args", callArgs, "--json"], { encoding: "utf8" }));
  if (out.outcome !== "success") throw new Error(`in-process: ${path.basename(wasm)} ${sig} ${callArgs}: ${out.outcome} ${out.returndata}`);
  if (expected && words(out.returndata).join() !== expected.join()) {
    throw new Error(`in-process: ${path.basename(wasm)} ${sig} ${callArgs} returned ${out.returndata}, the reference ${expected.map((w) => "0x" + w.toString(16)).join(", ")}`);
  }
  return out;
}

// Each family: its build feature, the call, its arguments and the words it must return, from an
// independent reference: poseidon-lite (circomlib), scripts/lib/poseidon2.mjs (openzeppelin-crypto's
// Poseidon2, itself checked against published vectors), @zkpassport/poseidon2 (Noir), plonky2 1.1's
// two_to_one (test/vectors/goldilocks-plonky2.json).
const goldilocks = JSON.parse(fs.readFileSync(path.join(ROOT, "test", "vectors", "goldilocks-plonky2.json"), "utf8")).two_to_one.find(
  (v) => v.left.join() === "1,2,3,4" && v.right.join() === "5,6,7,8",
);
const FAMILIES = [
  { feature: "circomlib-t2", label: "circomlib Poseidon t = 2, poseidon::hash1", sig: "hash(uint256)", inputs: [1n], expect: (x) => [poseidon1(x)] },
  { feature: "circomlib-t3", label: "circomlib Poseidon t = 3, poseidon::hash2", sig: "hash(uint256,uint256)", inputs: [1n, 2n], expect: (x) => [poseidon2(x)] },
  { feature: "circomlib-t4", label: "circomlib Poseidon t = 4, poseidon::hash3", sig: "hash(uint256,uint256,uint256)", inputs: [1n, 2n, 3n], expect: (x) => [poseidon3(x)] },
  { feature: "circomlib-t5", label: "circomlib Poseidon t = 5, poseidon::hash4", sig: "hash(uint256,uint256,uint256,uint256)", inputs: [1n, 2n, 3n, 4n], expect: (x) => [poseidon4(x)] },
  { feature: "circomlib-t6", label: "circomlib Poseidon t = 6, poseidon::hash5", sig: "hash(uint256,uint256,uint256,uint256,uint256)", inputs: [1n, 2n, 3n, 4n, 5n], expect: (x) => [poseidon5(x)] },
  { feature: "poseidon2", label: "Poseidon2 t = 3, poseidon2::hash2 (openzeppelin-crypto's)", sig: "hash(uint256[2])", inputs: [1n, 2n], array: true,
    expect: ([a, b]) => [hash2(a, b, loadInstance("barretenberg", 3))] },
  { feature: "noir", label: "Noir's Poseidon2, poseidon2::noir::hash2", sig: "noirHash2(uint256,uint256)", inputs: [1n, 2n], expect: (x) => [poseidon2Hash(x)] },
  { feature: "goldilocks", label: "Goldilocks Poseidon (plonky2), poseidon::two_to_one", sig: "twoToOne(uint64[4],uint64[4])",
    inputs: [goldilocks.left.map(BigInt), goldilocks.right.map(BigInt)], arrays: true, expect: () => goldilocks.output.map(BigInt) },
];
/** The meter's --args for a family's inputs. */
const argsOf = (family) =>
  family.arrays ? family.inputs.map((a) => `[${a.join(",")}]`).join(",") : family.array ? `[${family.inputs.join(",")}]` : family.inputs.join(",");
/** Return data as 32-byte words. */
const words = (hex) => (hex.replace(/^0x/, "").match(/.{64}/g) ?? []).map((w) => BigInt("0x" + w));
const BASELINE = (sig) => sig.replace(/^[A-Za-z0-9]+\(/, "baseline(");

const rows = [];
let ours = null;
for (const family of FAMILIES) {
  const wasm = build("in-process", family.feature);
  const hash = call(wasm, family.sig, argsOf(family), family.expect(family.inputs));
  const baseline = call(wasm, BASELINE(family.sig), argsOf(family), null);
  const gas = hash.gas.execution - baseline.gas.execution;
  const detail = {
    call: `${family.sig.split("(")[0]}(${argsOf(family)})`,
    execution: hash.gas.execution,
    baseline_execution: baseline.gas.execution,
    cached_call: hash.gas.cached_call,
    uncached_call: hash.gas.uncached_call,
    module_bytes: fs.statSync(wasm).size,
  };
  rows.push(
    row({
      section: SECTION,
      fn: family.label,
      subject: subject.inProcess(`one hash in a ${SDK} contract (contracts/examples/in-process)`, { deployable: "in-process", variant: family.feature }),
      cached: null,
      gas,
      source: "model",
      note:
        `${detail.call} minus baseline, execution: ${fmt(detail.execution)} − ${fmt(detail.baseline_execution)}; ` +
        `the whole call ${fmt(detail.cached_call)} cached, ${fmt(detail.uncached_call)} uncached (module ${fmt(detail.module_bytes)} bytes)`,
      detail,
    }),
  );
  if (family.feature === "poseidon2") ours = { wasm, hash };
}

// The Poseidon2 section: openzeppelin-crypto and ours behind the same entry point, whole calls.
const ozWasm = build("oz-poseidon2", null);
const oz = call(ozWasm, "hash(uint256[2])", "[1,2]", [hash2(1n, 2n, loadInstance("barretenberg", 3))]);
const side = [
  {
    who: subject.peer(`openzeppelin-crypto 0.3.0 Poseidon2<BN256Params, FpBN256> in ${SDK} (its example's form, contracts/examples/oz-poseidon2)`, "Rust", {
      package: "openzeppelin-crypto",
      deployable: "oz-poseidon2",
    }),
    report: oz,
  },
  {
    who: subject.inProcess(`poseidon-bn254 poseidon2::hash2 in ${SDK}, the same entry point (contracts/examples/in-process)`, { deployable: "in-process", variant: "poseidon2" }),
    report: ours.hash,
  },
];
for (const { who, report } of side) {
  for (const cached of [true, false]) {
    const detail = cached ? { execution: report.gas.execution, cached_init: report.gas.cached_init } : null;
    rows.push(
      row({
        section: SECTIONS.poseidon2,
        fn: "poseidon2(1,2)",
        subject: who,
        cached,
        gas: report.gas[cached ? "cached_call" : "uncached_call"],
        source: "model",
        note: detail && `called as hash(uint256[2]) [1, 2] (the same value as poseidon2(1,2)); execution ${fmt(detail.execution)}, entry and cached init ${fmt(detail.cached_init)}`,
        detail,
      }),
    );
  }
}

// Published figures beside the measured rows: openzeppelin-crypto's own anchor, and the EVM
// Poseidon2 peers that no registry ships, each a call frame (the callee's gas, without the 21,000,
// the calldata or the caller's CALL), where this report's rows are transactions.
const PUBLISHED = [
  { subject: subject.peer("openzeppelin-crypto Poseidon2 on Stylus, OpenZeppelin's published figure", "Rust", { package: "openzeppelin-crypto" }), fn: "poseidon2(1,2)", gas: 11887,
    detail: { nitro_cached_gas: 9720 },
    note: "OpenZeppelin's article \"Poseidon go brr with Stylus: Cryptographic functions are 18x more gas-efficient via Rust on Arbitrum\" (blog.openzeppelin.com): 11,887 gas for a Poseidon2 hash through openzeppelin-crypto's Stylus example; how it was measured (crate version, transaction or call, cached or not, inputs) is not in the part of the article we could read. The same example built from crates.io (0.3.0) is this section's model row; a Nitro v3.9.8 node measured its hash([123,123456]) at 9,720 gas cached (crates/stylus-meter/calibration/nitro.json)" },
  { subject: subject.peer("poseidon2-evm v2.0.0 Huff (zemse)", "Huff", { package: "poseidon2-evm", variant: "huff" }), fn: "noirHash2(1,2)", gas: 14845,
    note: "zemse/poseidon2-evm README \"Gas Costs\" (hash_1, hash_2 and hash_3 all 14,845), measured by its gas-report.sh from forge test -vvvv traces: the call frame into Poseidon2Huff, not a transaction; hash_2 is Noir's Poseidon2 hash of two inputs" },
  { subject: subject.peer("poseidon2-evm v2.0.0 Yul (zemse)", "Yul", { package: "poseidon2-evm", variant: "yul" }), fn: "noirHash2(1,2)", gas: 20304,
    note: "zemse/poseidon2-evm README \"Gas Costs\" (hash_1, hash_2 and hash_3 all 20,304), measured by its gas-report.sh from forge test -vvvv traces: the call frame into Poseidon2Yul, not a transaction" },
  { subject: subject.peer("TaceoLabs poseidon2-solidity v0.3.0 Poseidon2T2_BN254 (Yul core)", "Solidity+Yul", { package: "poseidon2-solidity", deployable: "Poseidon2T2_BN254" }), fn: "poseidon2CompressT2([1,2])", gas: 11252,
    note: "TaceoLabs/poseidon2-solidity README \"Gas and bytecode trade-offs\" (v0.3.0, commit fdb9da8), forge test --gas-report of the checked library entrypoint compress([1, 2]) (test/Poseidon2Gas.t.sol; solc 0.8.24, 200 runs): a call frame, not a transaction" },
  { subject: subject.peer("TaceoLabs poseidon2-solidity v0.3.0 Poseidon2T3_BN254 (Yul core)", "Solidity+Yul", { package: "poseidon2-solidity", deployable: "Poseidon2T3_BN254" }), fn: "poseidon2CompressT3([1,2,3])", gas: 14169,
    note: "TaceoLabs/poseidon2-solidity README \"Gas and bytecode trade-offs\" (v0.3.0, commit fdb9da8), forge test --gas-report of the checked library entrypoint compress([1, 2, 3]): a call frame, not a transaction" },
  { subject: subject.peer("TaceoLabs poseidon2-solidity v0.3.0 Poseidon2T4_BN254 (Yul core)", "Solidity+Yul", { package: "poseidon2-solidity", deployable: "Poseidon2T4_BN254" }), fn: "poseidon2CompressT4([1,2,3,4])", gas: 25724,
    note: "TaceoLabs/poseidon2-solidity README \"Gas and bytecode trade-offs\" (v0.3.0, commit fdb9da8), forge test --gas-report of the checked library entrypoint compress([1, 2, 3, 4]): a call frame, not a transaction" },
];
for (const peer of PUBLISHED) rows.push(row({ section: SECTIONS.poseidon2, ...peer, source: "published", cached: null }));

const out = {
  generated_by: "scripts/gas-report/in-process.mjs",
  method:
    "stylus-meter call on modules built by scripts/build-example.sh (the README's recipe), metered as cargo stylus deploy deploys them: whole calls are a transaction's gas − 21,000; one in-process hash is the hash function's execution minus its baseline's; published rows as their sources state",
  rows,
};
fs.writeSync(1, JSON.stringify(out) + "\n");
