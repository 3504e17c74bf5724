#!/usr/bin/env node
// The example tree's insert with the Stylus hasher, by composition (source "model"): there is no
// Nitro node to run the tree on, but every part of the figure is measured somewhere.
//
// For each insert that scripts/evm-gas.sh recorded on anvil (the tree over PoseidonT3Yul, depth 20,
// the row whose detail has `inserts`):
//   G_stylus = G_tree_yul − Σ E_yul + Σ S
//   G_tree_yul  the insert transaction's gasUsed − 21,000 on anvil (the tree's own work, storage,
//               the STATICCALL to the hasher with its cold-account cost, and the hasher's execution)
//   E_yul       for each call the tree made to the hasher (traced, so the calldata is exactly the
//               tree's): the Yul hasher's execution gas on that calldata (a direct transaction's
//               gasUsed − 21,000 − the calldata's 16/4 gas per nonzero/zero byte)
//   S           the offline meter's cost of the Stylus program on the same calldata, cached program,
//               without calldata gas: cached_call − calldata = program entry + memory + ink
// i.e. the EVM caller stays as measured and only the callee's execution is swapped. The row's gas is
// the mean over the recorded inserts, like the Yul row it is compared with.
//
// Usage: node scripts/gas-report/model-tree.mjs --meter PATH --wasm-dir DIR --evm gas-report/evm.json --arbos N
// Prints {"generated_by", "method", "rows": [one row]} for render.mjs.
import { spawnSync } from "node:child_process";
import fs from "node:fs";

const args = process.argv.slice(2);
const option = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : null;
};
const meter = option("--meter");
const wasmDir = option("--wasm-dir");
const evmFile = option("--evm");
const arbos = option("--arbos");
if (!meter || !wasmDir || !evmFile || !arbos) {
  console.error("model-tree: --meter, --wasm-dir, --evm and --arbos (the ArbOS version the Stylus cost is for) are required");
  process.exit(2);
}
// The program that serves every IPoseidonT3Hasher function (rootFromPath, nodesFromPath, hash, ...).
const DEPLOYABLE = "poseidon_stylus";

const evm = JSON.parse(fs.readFileSync(evmFile, "utf8"));
const yulTree = evm.rows.find((r) => r.implementation === "IncrementalMerkleTree + PoseidonT3Yul" && r.detail?.inserts);
if (!yulTree) throw new Error(`model-tree: ${evmFile} has no recorded tree inserts (rerun scripts/evm-gas.sh)`);

function stylusCost(calldata) {
  const wasm = `${wasmDir}/${DEPLOYABLE}.wasm`;
  const run = spawnSync(meter, ["call", "--arbos", arbos, "--wasm", wasm, "--calldata", calldata, "--json"], { encoding: "utf8" });
  if (run.status !== 0) throw new Error(`model-tree: stylus-meter failed (exit ${run.status}): ${run.stderr.trim()}`);
  const report = JSON.parse(run.stdout);
  if (report.reverted) {
    throw new Error(
      `model-tree: ${wasm} reverted (${report.outcome}, ${report.returndata}) on the tree's calldata ${calldata.slice(0, 10)}…` +
        " (InvalidCalldata 0xfe721a12 = a function the built WASM lacks: rebuild with scripts/build-wasm.sh)",
    );
  }
  return report.gas.cached_call - report.gas.calldata;
}

const inserts = yulTree.detail.inserts.map((insert) => {
  const yulExecution = insert.hasher_calls.reduce((sum, call) => sum + call.execution_gas, 0);
  const stylus = insert.hasher_calls.reduce((sum, call) => sum + stylusCost(call.calldata), 0);
  return {
    index: insert.index,
    tree_yul_gas: insert.gas,
    hasher_calls: insert.hasher_calls.length,
    yul_execution_gas: yulExecution,
    stylus_gas: stylus,
    gas: insert.gas - yulExecution + stylus,
  };
});
const mean = (key) => Math.floor(inserts.reduce((sum, i) => sum + i[key], 0) / inserts.length);
const callCounts = [...new Set(inserts.map((i) => i.hasher_calls))];
const calls = `${callCounts.join(" or ")} hasher call${callCounts.length === 1 && callCounts[0] === 1 ? "" : "s"} per insert`;
const row = {
  section: yulTree.section,
  implementation: `IncrementalMerkleTree + ${DEPLOYABLE}.wasm (Stylus)`,
  language: "Rust",
  function: yulTree.function,
  gas: mean("gas"),
  source: "model",
  cached: true,
  note:
    `composed, not run: the anvil insert over PoseidonT3Yul (mean ${mean("tree_yul_gas").toLocaleString("en-US")}) ` +
    `minus the Yul hasher's execution on the tree's own calldata (${calls}, traced; mean ${mean("yul_execution_gas").toLocaleString("en-US")}) ` +
    `plus the metered cached Stylus cost of the same calldata at ArbOS ${arbos}, without calldata gas (mean ${mean("stylus_gas").toLocaleString("en-US")}); ` +
    "see scripts/gas-report/model-tree.mjs.",
  detail: { inserts },
};
const out = {
  generated_by: "scripts/gas-report/model-tree.mjs",
  method: "G_tree_yul − E_yul + S per recorded insert, mean (see the script's header)",
  rows: [row],
};
fs.writeSync(1, JSON.stringify(out, null, 2) + "\n");
