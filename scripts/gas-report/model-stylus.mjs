#!/usr/bin/env node
// Every Stylus row the report composes rather than measures (source "model"), all by the one method of
// scripts/gas-report/compose-stylus.mjs (read its header):
//  - the example tree (solidity/examples/IncrementalMerkleTree.sol) over the T3 program, from the
//    inserts scripts/gas-report/evm-gas.sh recorded over PoseidonT3Yul (their STATICCALLs to the hasher);
//  - the apps (zk-kit LeanIMT 2.0.1, Semaphore 4.14.3) with PoseidonT3 linked to the T3 program, from
//    the transactions scripts/gas-report/apps-evm.mjs recorded over the stock and the Yul PoseidonT3
//    (their DELEGATECALLs to the linked library), whose EVM parts, calls and outputs must agree.
// Every program call's return data must equal the EVM hasher's output for it (compose-stylus.mjs), so
// each Stylus row also checks the program against the stock library's hashes, call by call.
// The program is cached (the rows say so); the meter prices at its default ArbOS version (or --arbos).
//
// Usage: node scripts/gas-report/model-stylus.mjs --meter PATH --wasm-dir DIR [--evm gas-report/evm.json]
//          [--apps gas-report/apps.json] [--arbos N]     (at least one of --evm, --apps)
// Prints {"generated_by", "method", "about", "rows"} for render.mjs.
import fs from "node:fs";
import { METHOD, composeTransaction, framePricer } from "./compose-stylus.mjs";

const args = process.argv.slice(2);
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : null);
const meter = option("--meter");
const wasmDir = option("--wasm-dir");
const evmFile = option("--evm");
const appsFile = option("--apps");
const arbos = option("--arbos");
if (!meter || !wasmDir || (!evmFile && !appsFile)) {
  console.error("model-stylus: --meter, --wasm-dir and --evm and/or --apps are required");
  process.exit(2);
}
/** The program that answers every IPoseidonT3Hasher function and poseidon-solidity's hash(uint256[2]). */
const DEPLOYABLE = "poseidon_stylus";
const pricer = framePricer({ meter, wasm: `${wasmDir}/${DEPLOYABLE}.wasm`, cached: true, arbos });
let arbosSeen = null;

/** Composes each transaction of the row `what`; returns them with the mean figure. */
function composeAll(txs, what) {
  const composed = txs.map((tx, i) => {
    const { frames, arbos: version } = pricer.price(tx.frames, `${what}, transaction ${i}`);
    arbosSeen ??= version;
    return { anvil_gas: tx.gas, frames: tx.frames.length, ...composeTransaction(tx, frames) };
  });
  const mean = (key) => Math.floor(composed.reduce((sum, c) => sum + c[key], 0) / composed.length);
  return { composed, mean };
}

const fmt = (n) => n.toLocaleString("en-US");
// The ArbOS version the meter priced at: its own (`arbos` in its JSON) or, for a meter before versions,
// ArbOS 51, the version its calibration was measured at.
const label = () => `ArbOS ${arbosSeen ?? 51}`;
const rows = [];

// ---------------------------------------------------------------- the example tree

if (evmFile) {
  const evm = JSON.parse(fs.readFileSync(evmFile, "utf8"));
  const yulTree = evm.rows.find((r) => r.implementation === "IncrementalMerkleTree + PoseidonT3Yul" && r.detail?.inserts);
  if (!yulTree) throw new Error(`model-stylus: ${evmFile} has no recorded tree inserts (rerun scripts/gas-report/evm-gas.sh)`);
  if (yulTree.detail.inserts.some((insert) => insert.refund === undefined)) {
    throw new Error(`model-stylus: ${evmFile}'s tree inserts lack their refund counter (rerun scripts/gas-report/evm-gas.sh)`);
  }
  const txs = yulTree.detail.inserts.map((insert) => ({
    gas: insert.gas,
    refund: insert.refund,
    frames: insert.hasher_calls.map((call) => ({ calldata: call.calldata, gas_used: call.execution_gas, output: call.output })),
  }));
  const { composed, mean } = composeAll(txs, `${evmFile}: ${yulTree.implementation}, ${yulTree.function}`);
  rows.push({
    section: yulTree.section,
    implementation: `IncrementalMerkleTree + ${DEPLOYABLE}.wasm (Stylus)`,
    language: "Rust",
    function: yulTree.function,
    gas: mean("gas"),
    source: `model, ${label()}`,
    cached: true,
    note:
      `composed, not run: the anvil insert over PoseidonT3Yul (mean ${fmt(mean("anvil_gas"))}) minus the hasher's ` +
      `frames (mean ${fmt(mean("hasher_gas"))}) plus the cached program's frames for the same calldata (mean ${fmt(mean("program_gas"))}); ` +
      "scripts/gas-report/compose-stylus.mjs.",
    detail: { inserts: composed },
  });
}

// ---------------------------------------------------------------- the apps

const about = {};
if (appsFile) {
  const apps = JSON.parse(fs.readFileSync(appsFile, "utf8"));
  const functions = [...new Set(apps.rows.map((row) => row.function))];
  const summary = [];
  for (const fn of functions) {
    const [stock, yul] = ["stock", "yul"].map((key) => apps.rows.find((r) => r.function === fn && r.hasher === key));
    const base = yul ?? stock;
    if (!base) continue;
    const evmPart = (tx) => tx.gas + tx.refund - tx.hasher_frames.reduce((sum, f) => sum + f.gas_used, 0);
    // The calls and hashes, in order: the Stylus program's returns are checked against the Yul's, so
    // they must be the stock library's.
    const calls = (tx) => JSON.stringify(tx.hasher_frames.map((f) => [f.calldata, f.output]));
    if (stock && yul) {
      if (stock.detail.txs.length !== yul.detail.txs.length) throw new Error(`model-stylus: ${fn}: ${stock.detail.txs.length} transactions over stock, ${yul.detail.txs.length} over Yul`);
      stock.detail.txs.forEach((tx, i) => {
        if (evmPart(tx) !== evmPart(yul.detail.txs[i])) {
          throw new Error(`model-stylus: ${fn}, transaction ${i}: the EVM part is ${evmPart(tx)} over stock and ${evmPart(yul.detail.txs[i])} over Yul`);
        }
        if (calls(tx) !== calls(yul.detail.txs[i])) {
          throw new Error(`model-stylus: ${fn}, transaction ${i}: the hasher's calls or outputs differ over stock and Yul`);
        }
      });
    }
    const { composed, mean } = composeAll(
      base.detail.txs.map((tx) => ({ gas: tx.gas, refund: tx.refund, frames: tx.hasher_frames })),
      `${appsFile}: ${fn} (over ${base.hasher === "yul" ? "PoseidonT3Yul" : "the stock PoseidonT3"})`,
    );
    const app = base.implementation.split(" + ")[0];
    const row = {
      section: base.section,
      implementation: `${app} + ${DEPLOYABLE}.wasm (ours, Stylus)`,
      language: "Rust",
      function: fn,
      gas: mean("gas"),
      source: `model, ${label()}`,
      cached: true,
      peer: false,
      detail: { txs: composed },
    };
    const hashes = composed.reduce((sum, c) => sum + c.frames, 0) / composed.length;
    const vsStock = stock ? row.gas / stock.gas : null;
    row.note =
      `composed, not run: EVM part ${fmt(mean("evm_part"))}${stock && yul ? " (equal over stock and Yul)" : ""}` +
      ` + ${hashes % 1 ? hashes.toFixed(2) : hashes} program frame${hashes === 1 ? "" : "s"} (${fmt(mean("program_gas"))})` +
      (mean("refund") ? ` − refund ${fmt(mean("refund"))}` : "") +
      (vsStock === null ? "" : `; ${vsStock.toFixed(3)} × stock`);
    rows.push(row);
    summary.push({ function: fn, stock: stock?.gas ?? null, yul: yul?.gas ?? null, stylus: row.gas, hashes });
  }
  about[apps.rows[0]?.section ?? "Apps"] = [METHOD];
  process.stderr.write(
    summary.map((s) => `model-stylus: ${s.function}: stock ${s.stock}, Yul ${s.yul}, Stylus ${s.stylus}${s.stock ? ` (${(s.stylus / s.stock).toFixed(3)} × stock)` : ""}`).join("\n") + "\n",
  );
}

const out = {
  generated_by: "scripts/gas-report/model-stylus.mjs",
  method: METHOD,
  about,
  rows,
};
fs.writeSync(1, JSON.stringify(out, null, 2) + "\n");
