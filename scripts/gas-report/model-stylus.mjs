#!/usr/bin/env node
// Every Stylus row the report composes rather than measures (source "model"), all by the one method of
// scripts/gas-report/compose-stylus.mjs (read its header):
//  - the example tree (solidity/examples/IncrementalMerkleTree.sol) over the T3 Merkle program, from the
//    inserts scripts/gas-report/evm-gas.sh recorded over PoseidonT3Yul (their STATICCALLs to the hasher);
//  - the MiMC tree (solidity/examples/MiMCMerkleTree.sol) over the MiMC program, two MiMCSponge calls per
//    level (from the inserts recorded over Tornado's hasher) and one hashLeftRight call per level (from
//    those over the one-call EVM hashLeftRight);
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
import { SECTIONS, label as labelOf, matches, row, subject } from "./rows.mjs";
import { parseOptions } from "../lib/args.mjs";

const { values } = parseOptions({ meter: { type: "string" }, "wasm-dir": { type: "string" }, evm: { type: "string" }, apps: { type: "string" }, arbos: { type: "string" } },
  { required: ["meter", "wasm-dir"] },
);
const { meter, "wasm-dir": wasmDir, evm: evmFile, apps: appsFile, arbos = null } = values;
if (!evmFile && !appsFile) {
  console.error("model-stylus: --evm and/or --apps required");
  process.exit(2);
}
/** The program that answers every IPoseidonT3Hasher function: the example tree calls nodesFromPath. */
const TREE_DEPLOYABLE = "poseidon_stylus_merkle";
/** The T3 program (hash and its aliases): the apps call poseidon-solidity's hash(uint256[2]). */
const APPS_DEPLOYABLE = "poseidon_stylus";
/** The MiMC program: Tornado's MiMCSponge(uint256,uint256) and the one-call hashLeftRight. */
const MIMC_DEPLOYABLE = "poseidon_stylus_mimc";
const MIMC_TREE_ABOUT = "The tree is solidity/examples/MiMCMerkleTree.sol: our example tree's pattern behind an IHasher adapter, not Tornado's contract.";
const pricerOf = (deployable) => framePricer({ meter, wasm: `${wasmDir}/${deployable}.wasm`, cached: true, arbos });
let arbosSeen = null;

/** Composes each transaction of the row `what` over `pricer`'s program; returns them with the mean figure. */
function composeAll(pricer, txs, what) {
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

/**
 * The Stylus row of a recorded EVM tree row (`evmRow`, whose record holds each insert's hasher calls):
 * every insert composed over `deployable` (cached); `over` names the EVM hasher in the note, `about` (if
 * any) is the note's last sentence.
 */
function treeRow(evmRow, deployable, over, about = "") {
  if (evmRow.record.inserts.some((insert) => insert.refund === undefined)) {
    throw new Error(`model-stylus: ${evmFile}'s tree inserts lack their refund counter (rerun scripts/gas-report/evm-gas.sh)`);
  }
  const txs = evmRow.record.inserts.map((insert) => ({
    gas: insert.gas,
    refund: insert.refund,
    frames: insert.hasher_calls.map((call) => ({ calldata: call.calldata, gas_used: call.execution_gas, output: call.output })),
  }));
  const { composed, mean } = composeAll(pricerOf(deployable), txs, `${evmFile}: ${labelOf(evmRow)}, ${evmRow.fn}`);
  const detail = { anvil_gas: mean("anvil_gas"), hasher_gas: mean("hasher_gas"), program_gas: mean("program_gas") };
  return row({
    section: evmRow.section,
    fn: evmRow.fn,
    subject: subject.stylus(deployable, { app: evmRow.subject.app }),
    cached: true,
    gas: mean("gas"),
    source: `model, ${label()}`,
    note:
      `composed, not run: the anvil insert over ${over} (mean ${fmt(detail.anvil_gas)}) minus the hasher's ` +
      `frames (mean ${fmt(detail.hasher_gas)}) plus the cached program's frames for the same calldata (mean ${fmt(detail.program_gas)}); ` +
      "scripts/gas-report/compose-stylus.mjs." +
      (about ? ` ${about}` : ""),
    detail,
    record: { inserts: composed },
  });
}

if (evmFile) {
  const evm = JSON.parse(fs.readFileSync(evmFile, "utf8"));
  const yulTree = evm.rows.find((r) => matches(r, { kind: "yul", app: "example-tree", deployable: "PoseidonT3Yul" }) && r.record?.inserts);
  if (!yulTree) throw new Error(`model-stylus: ${evmFile} has no recorded tree inserts (rerun scripts/gas-report/evm-gas.sh)`);
  rows.push(treeRow(yulTree, TREE_DEPLOYABLE, "PoseidonT3Yul"));
  // The MiMC tree, each way of hashing a node (two MiMCSponge calls, one hashLeftRight call), over the
  // MiMC program: from the tree over Tornado's hasher and over the one-call EVM hashLeftRight.
  const mimcTrees = evm.rows.filter((r) => matches(r, { section: SECTIONS.mimc, app: "mimc-tree" }) && r.record?.inserts);
  for (const tree of mimcTrees) {
    const over = tree.subject.kind === "peer" ? "Tornado's hasher" : `the EVM ${tree.subject.deployable}`;
    rows.push(treeRow(tree, MIMC_DEPLOYABLE, over, MIMC_TREE_ABOUT));
  }
}

// ---------------------------------------------------------------- the apps

const about = {};
if (appsFile) {
  const apps = JSON.parse(fs.readFileSync(appsFile, "utf8"));
  const functions = [...new Set(apps.rows.map((r) => r.fn))];
  const appsPricer = pricerOf(APPS_DEPLOYABLE);
  const summary = [];
  for (const fn of functions) {
    const [stock, yul] = ["stock", "yul"].map((kind) => apps.rows.find((r) => matches(r, { fn, kind })));
    const base = yul ?? stock;
    if (!base) continue;
    const evmPart = (tx) => tx.gas + tx.refund - tx.hasher_frames.reduce((sum, f) => sum + f.gas_used, 0);
    // The calls and hashes, in order: the Stylus program's returns are checked against the Yul's, so
    // they must be the stock library's.
    const calls = (tx) => JSON.stringify(tx.hasher_frames.map((f) => [f.calldata, f.output]));
    if (stock && yul) {
      if (stock.record.txs.length !== yul.record.txs.length) throw new Error(`model-stylus: ${fn}: ${stock.record.txs.length} transactions over stock, ${yul.record.txs.length} over Yul`);
      stock.record.txs.forEach((tx, i) => {
        if (evmPart(tx) !== evmPart(yul.record.txs[i])) {
          throw new Error(`model-stylus: ${fn}, transaction ${i}: the EVM part is ${evmPart(tx)} over stock and ${evmPart(yul.record.txs[i])} over Yul`);
        }
        if (calls(tx) !== calls(yul.record.txs[i])) {
          throw new Error(`model-stylus: ${fn}, transaction ${i}: the hasher's calls or outputs differ over stock and Yul`);
        }
      });
    }
    const { composed, mean } = composeAll(
      appsPricer,
      base.record.txs.map((tx) => ({ gas: tx.gas, refund: tx.refund, frames: tx.hasher_frames })),
      `${appsFile}: ${fn} (over ${base.subject.kind === "yul" ? "PoseidonT3Yul" : "the stock PoseidonT3"})`,
    );
    const hashes = composed.reduce((sum, c) => sum + c.frames, 0) / composed.length;
    const detail = { evm_part: mean("evm_part"), program_frames: hashes, program_gas: mean("program_gas"), refund: mean("refund"), ...(stock ? { stock_gas: stock.gas } : {}) };
    const gas = mean("gas");
    const vsStock = stock ? gas / stock.gas : null;
    rows.push(
      row({
        section: base.section,
        fn,
        subject: subject.stylus(APPS_DEPLOYABLE, { app: base.subject.app }),
        cached: true,
        gas,
        source: `model, ${label()}`,
        note:
          `composed, not run: EVM part ${fmt(detail.evm_part)}${stock && yul ? " (equal over stock and Yul)" : ""}` +
          ` + ${hashes % 1 ? hashes.toFixed(2) : hashes} program frame${hashes === 1 ? "" : "s"} (${fmt(detail.program_gas)})` +
          (detail.refund ? ` − refund ${fmt(detail.refund)}` : "") +
          (vsStock === null ? "" : `; ${vsStock.toFixed(3)} × stock`),
        detail,
        record: { txs: composed },
      }),
    );
    summary.push({ function: fn, stock: stock?.gas ?? null, yul: yul?.gas ?? null, stylus: gas, hashes });
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
