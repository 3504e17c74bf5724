#!/usr/bin/env node
// The Rust Stylus LeanIMT's gas (contracts/examples/lean-imt, built by scripts/build-example.sh), for
// the report's apps section: the same operations on the same leaves as the Solidity LeanIMT rows
// (scripts/gas-report/apps-evm.mjs: leaf(100, i) of scripts/lib/app-leaves.mjs, inserts at sizes 0, 1
// and 1,000–1,099, insertMany(100) at 1,100, an update at 1,200, an insert at 65,535), each a
// transaction from an EOA run by the meter against the contract's state (stylus-meter txs: cold and
// warm storage, refunds; calldata included, 21,000 excluded), cached and uncached.
//   The tree up to 1,200 leaves is built by metered transactions; from 1,200 to 65,535 leaves it is
// preloaded: the contract's own algorithm run natively on its storage slots (cargo run --example
// replay) writes the meter's state file, instead of 64,335 metered inserts (hours). A JS mirror
// (@zk-kit/lean-imt with poseidon-lite) gives the update's siblings, and every root the contract
// returns, preloaded or metered, must equal the mirror's.
//
// Usage: node scripts/gas-report/lean-imt-stylus.mjs --meter PATH --wasm target/examples/lean_imt.wasm
//          --replay PATH [--apps gas-report/apps.json] [--zk-kit-storage] [--quick]
//   --replay          the example's replay binary (contracts/examples: cargo build --profile tools --example replay)
//   --apps            the Solidity rows, for each row's ratio to stock in its note
//   --zk-kit-storage  the build with zk-kit's storage writes (--features zk-kit-storage, its wasm and
//                     replay): the like-for-like rows, cached only
//   --quick           sizes up to 130 and no 2^16 tree (the script test)
// Prints {"generated_by", "method", "rows"} (render.mjs's rows format).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { LeanIMT } from "@zk-kit/lean-imt";
import { poseidon2 } from "poseidon-lite";
import { leaf, leaves } from "../lib/app-leaves.mjs";
import { parseOptions } from "../lib/args.mjs";
import { APP_FN, SECTIONS, matches, row, subject } from "./rows.mjs";

const { values } = parseOptions({
    meter: { type: "string" },
    wasm: { type: "string" },
    replay: { type: "string" },
    arbos: { type: "string" },
    apps: { type: "string" },
    "zk-kit-storage": { type: "boolean" },
    quick: { type: "boolean" },
  },
  { required: ["meter", "wasm", "replay"] },
);
const { meter: METER, wasm: WASM, replay: REPLAY } = values;
// The ArbOS version whose rules the meter applies (the report passes the one Arbitrum One runs).
const ARBOS = values.arbos ?? "61";
const QUICK = values.quick ?? false;
// The build that writes storage as zk-kit does (every side node, a stored depth): the same tree with
// the same storage costs as the Solidity's, so its ratio to stock is the hashing and the logic alone.
const ZK_KIT_STORAGE = values["zk-kit-storage"] ?? false;

const SECTION = SECTIONS.apps;
const LEAN_SEED = 100;
const ADDRESS = "0x5555555555555555555555555555555555555555";
const SENDER = "0xa1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1";
const SUBJECT = ZK_KIT_STORAGE
  ? subject.inProcess("LeanIMT in Rust, poseidon-bn254 in-process, with zk-kit's storage writes (ours, contracts/examples/lean-imt --features zk-kit-storage)", {
      app: "lean-imt",
      deployable: "lean-imt",
      variant: "zk-kit-storage",
    })
  : subject.inProcess("LeanIMT in Rust on stylus-sdk 0.10.10, poseidon-bn254 in-process (ours, contracts/examples/lean-imt)", { app: "lean-imt", deployable: "lean-imt" });
const WORK = fs.mkdtempSync(path.join(os.tmpdir(), "lean-imt-stylus-"));
const log = (line) => process.stderr.write(`lean-imt-stylus: ${line}\n`);
const hex = (x) => "0x" + BigInt(x).toString(16).padStart(64, "0");
const fmt = (n) => n.toLocaleString("en-US");

/** A transaction for the meter (`txs`), and the operation for the replay tool. */
const insert = (value, label) => ({ tx: { sig: "insert(uint256)", args: hex(value), label }, op: { op: "insert", leaf: hex(value) } });
const insertMany = (values, label) => ({
  tx: { sig: "insertMany(uint256[])", args: `[${values.map(hex).join(",")}]`, label },
  op: { op: "insertMany", leaves: values.map(hex) },
});
const update = (oldLeaf, newLeaf, siblings, label) => ({
  tx: { sig: "update(uint256,uint256,uint256[])", args: `${hex(oldLeaf)},${hex(newLeaf)},[${siblings.map(hex).join(",")}]`, label },
});

/** Runs transactions through the meter from `state` (or an empty world); returns its per-transaction results. */
function meter(steps, state, stateOut) {
  const file = path.join(WORK, `txs-${path.basename(stateOut)}`);
  fs.writeFileSync(file, JSON.stringify(steps.map((s) => s.tx)));
  const out = execFileSync(
    METER,
    ["txs", "--arbos", ARBOS, "--wasm", WASM, "--txs", file, "--address", ADDRESS, "--sender", SENDER, "--json", "--state-out", stateOut,
      ...(state ? ["--state", state] : [])],
    { maxBuffer: 1 << 30 },
  );
  return JSON.parse(out).txs;
}

/** Each step's result must be a success returning the mirror's root at that point (`roots[i]`). */
function checkRoots(results, roots) {
  results.forEach((result, i) => {
    if (result.outcome !== "success" || BigInt(result.returndata) !== roots[i]) {
      throw new Error(`lean-imt-stylus: transaction ${i} (${result.label ?? result.calldata.slice(0, 10)}): ${result.outcome}, returned ${result.returndata}, the JS reference's root is ${hex(roots[i])}`);
    }
  });
}

function main() {
  const mirror = new LeanIMT((a, b) => poseidon2([a, b]));
  const steps = [];
  const roots = [];
  const add = (step, apply) => {
    apply();
    steps.push(step);
    roots.push(mirror.root);
  };
  const from = QUICK ? 20 : 1000;
  const stop = QUICK ? 30 : 1100;
  const manyCount = QUICK ? 10 : 100;

  // Phase 1, metered: the sizes the Solidity rows measure, up to 1,200 leaves.
  add(insert(leaf(LEAN_SEED, 0), "size 0"), () => mirror.insert(leaf(LEAN_SEED, 0)));
  add(insert(leaf(LEAN_SEED, 1), "size 1"), () => mirror.insert(leaf(LEAN_SEED, 1)));
  for (let start = 2; start < from; start += 500) {
    const batch = leaves(LEAN_SEED, start, Math.min(from, start + 500));
    add(insertMany(batch, "bulk"), () => mirror.insertMany(batch));
  }
  for (let i = from; i < stop; i++) add(insert(leaf(LEAN_SEED, i), `size ${i}`), () => mirror.insert(leaf(LEAN_SEED, i)));
  const many = leaves(LEAN_SEED, stop, stop + manyCount);
  add(insertMany(many, "insertMany"), () => mirror.insertMany(many));
  const index = QUICK ? 25 : 500;
  const newLeaf = leaf(LEAN_SEED + 1, index);
  const { siblings } = mirror.generateProof(index);
  add(update(mirror.leaves[index], newLeaf, siblings, "update"), () => mirror.update(index, newLeaf));
  log(`metering ${steps.length} transactions up to ${fmt(mirror.size)} leaves`);
  const phase1 = meter(steps, null, path.join(WORK, "state-1200.json"));
  checkRoots(phase1, roots);
  const byLabel = (label) => phase1.filter((r) => r.label === label);
  const measured = [
    [APP_FN.leanInsert(0), byLabel("size 0"), "insert"],
    [APP_FN.leanInsert(1), byLabel("size 1"), "insert"],
    ...(QUICK ? [] : [[APP_FN.leanInsert(1023), byLabel("size 1023"), "insert"]]),
    [APP_FN.leanInsertMean(from, stop), phase1.filter((r) => /^size \d+$/.test(r.label) && Number(r.label.slice(5)) >= from), "insert"],
    [APP_FN.leanInsertMany(manyCount, stop), byLabel("insertMany"), "insertMany"],
    [APP_FN.leanUpdate(stop + manyCount), byLabel("update"), "update"],
  ];

  if (!QUICK) {
    // Phase 2, preloaded: 1,200 → 65,535 leaves in insertMany batches of 2,000, as the Solidity rows
    // build theirs, then the insert at 65,535 metered on that state.
    const ops = [];
    for (let start = stop + manyCount; start < 65535; start += 2000) {
      const batch = leaves(LEAN_SEED, start, Math.min(65535, start + 2000));
      ops.push(insertMany(batch).op);
      mirror.insertMany(batch);
    }
    const opsFile = path.join(WORK, "preload-ops.json");
    fs.writeFileSync(opsFile, JSON.stringify(ops));
    log(`preloading ${fmt(65535 - stop - manyCount)} leaves natively (replay)`);
    const preloaded = JSON.parse(execFileSync(REPLAY, ["--ops", opsFile, "--address", ADDRESS, "--state", path.join(WORK, "state-1200.json"), "--state-out", path.join(WORK, "state-65535.json")]));
    if (BigInt(preloaded.root) !== mirror.root || preloaded.size !== 65535 || preloaded.reverted !== 0) {
      throw new Error(`lean-imt-stylus: the preloaded tree has root ${preloaded.root} and ${preloaded.size} leaves (${preloaded.reverted} reverted), the JS reference ${hex(mirror.root)} and 65,535`);
    }
    mirror.insert(leaf(LEAN_SEED, 65535));
    const last = meter([insert(leaf(LEAN_SEED, 65535), "size 65535")], path.join(WORK, "state-65535.json"), path.join(WORK, "state-65536.json"));
    checkRoots(last, [mirror.root]);
    measured.push([APP_FN.leanInsert(65535), last, "insert", true]);
  }

  const stockGas = stockRows();
  const rows = [];
  for (const [fn, txs, op, preloaded] of measured) {
    for (const cached of ZK_KIT_STORAGE ? [true] : [true, false]) {
      const key = cached ? "cached_call" : "uncached_call";
      const gas = Math.floor(txs.reduce((sum, tx) => sum + tx.gas[key], 0) / txs.length);
      const stock = stockGas.get(fn);
      const figures = cached ? parts(txs, stock) : null;
      rows.push(
        row({
          section: SECTION,
          fn,
          subject: SUBJECT,
          cached,
          gas,
          source: "model",
          note: figures && note({ op, preloaded }, figures, gas),
          detail: figures,
          record: { txs: txs.map((tx) => ({ gas: tx.gas, evm: tx.evm })) },
        }),
      );
    }
  }
  fs.rmSync(WORK, { recursive: true, force: true });
  const out = {
    generated_by: "scripts/gas-report/lean-imt-stylus.mjs",
    method:
      "stylus-meter txs against the contract's state: each a transaction's gas − 21,000 (calldata, storage with EIP-2929/2200/3529 as Nitro prices it, refunds applied); mean rows average their transactions",
    rows,
  };
  fs.writeSync(1, JSON.stringify(out) + "\n");
}

/** What a cached figure is made of (means over the row's transactions), and the stock figure. */
function parts(txs, stock) {
  const mean = (pick) => Math.floor(txs.reduce((sum, tx) => sum + pick(tx), 0) / txs.length);
  return {
    storage: mean((tx) => tx.evm.storage_load + tx.evm.storage_store),
    refund: mean((tx) => tx.gas.cached_refund),
    calldata: mean((tx) => tx.gas.calldata),
    cached_init: mean((tx) => tx.gas.cached_init),
    ...(stock ? { stock_gas: stock } : {}),
  };
}

/** A row's note: `parts` in words, and the ratio to the stock Solidity LeanIMT's. */
function note({ op, preloaded }, { storage, refund, calldata, cached_init, stock_gas: stock }, gas) {
  return (
    `run by the meter with state: storage ${fmt(storage)}` +
    (refund ? `, refund ${fmt(refund)}` : "") +
    `, calldata ${fmt(calldata)}, entry and cached init ${fmt(cached_init)}` +
    (ZK_KIT_STORAGE
      ? "; writes storage as zk-kit does (a side node at every 0 bit of an insert's index, a stored depth): the like-for-like build"
      : op === "insert"
        ? "; insert writes only the side nodes a later operation reads and the depth is derived from the size (contracts/examples/lean-imt/src/tree.rs; the zk-kit-storage row writes them as zk-kit does)"
        : "") +
    (preloaded ? "; tree preloaded natively from 1,200 to 65,535 leaves (its root checked against @zk-kit/lean-imt)" : "") +
    (stock ? `; ${(gas / stock).toFixed(3)} × stock (${fmt(stock)})` : "")
  );
}

/** The stock Solidity LeanIMT's gas per function, from apps-evm.mjs's rows (when --apps is given). */
function stockRows() {
  const found = new Map();
  if (!values.apps) return found;
  for (const r of JSON.parse(fs.readFileSync(values.apps, "utf8")).rows) {
    if (matches(r, { section: SECTION, kind: "stock" })) found.set(r.fn, r.gas);
  }
  return found;
}

main();
