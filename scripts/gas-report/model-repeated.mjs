#!/usr/bin/env node
// Calls repeated in one transaction, priced by the recent-program rule (source "model"): from
// ArbOS 60 a program called earlier in the block is charged as cached (Nitro arbos/programs/
// programs.go CallProgram, go-ethereum core/state RecentWasms), so an uncached program that a
// transaction calls 20 times pays its init once. The rows: a depth-20 Merkle path hashed by 20
// `hash(a, b)` calls from a contract to the T3 program, next to the one `rootFromPath` call to the T3
// Merkle program that computes the same root, each with the program cached and uncached.
//
// The figures are in-frame gas: what the calling contract pays inside the program's frames
// (`stylus-meter calls`: cached init, memory, execution, and init for the first call to an
// uncached program in the block), without the transaction's 21,000 and calldata and the contract's
// own CALLs, which the report's single-call rows include. The note of the uncached 20-call row
// gives, for comparison, the same calls before ArbOS 60 (every call paying init).
//
// Usage: node scripts/gas-report/model-repeated.mjs --meter PATH --wasm-dir DIR --arbos N
// Prints {"generated_by", "method", "arbos", "rows"} for render.mjs.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { PATH } from "./calls.mjs";
import { foundryBin } from "../lib/foundry.mjs";
import { parseOptions } from "../lib/args.mjs";
import { SECTIONS, row, subject } from "./rows.mjs";

const { values } = parseOptions({ meter: { type: "string" }, "wasm-dir": { type: "string" }, arbos: { type: "string" } },
  { required: ["meter", "wasm-dir", "arbos"] },
);
const { meter, "wasm-dir": wasmDir, arbos } = values;
// The T3 program (hash(a, b) and its aliases) and the one with the Merkle functions (rootFromPath).
const HASH_DEPLOYABLE = "poseidon_stylus";
const MERKLE_DEPLOYABLE = "poseidon_stylus_merkle";
const wasmOf = (deployable) => path.join(wasmDir, `${deployable}.wasm`);
const HASH = "hash(uint256,uint256)";
const ROOT_FROM_PATH = "rootFromPath(uint256,uint256[],uint256)";

function tool(command, commandArgs) {
  const run = spawnSync(command, commandArgs, { encoding: "utf8", maxBuffer: 64 << 20 });
  if (run.status !== 0) throw new Error(`model-repeated: ${path.basename(command)} ${commandArgs[0]} failed (exit ${run.status}): ${run.stderr.trim()}`);
  return run.stdout.trim();
}
const calldata = (sig, ...values) => tool(foundryBin("cast"), ["calldata", sig, ...values]);
const hashOf = (a, b) =>
  JSON.parse(tool(meter, ["call", "--arbos", arbos, "--wasm", wasmOf(HASH_DEPLOYABLE), "--sig", HASH, "--args", `${a},${b}`, "--json"])).returndata;

/** The frames of `calls` (calldata, in order) to `deployable` in one transaction at ArbOS `version`. */
const frames = (deployable, calls, uncached, version = arbos) =>
  JSON.parse(
    tool(meter, ["calls", "--arbos", version, "--wasm", wasmOf(deployable), ...calls.flatMap((c) => ["--calldata", c]), ...(uncached ? ["--uncached"] : []), "--json"]),
  );

// The 20 hash calls a contract makes to walk the path: at level i, bit i of pathBits set means the
// node is a right child (the rule of rootFromPath, contracts/poseidon-stylus/README.md).
const bits = BigInt(PATH.pathBits);
let node = PATH.leaf;
const hashCalls = PATH.siblings.map((sibling, i) => {
  const [left, right] = (bits >> BigInt(i)) & 1n ? [sibling, node] : [node, sibling];
  node = hashOf(left, right);
  return calldata(HASH, left, right);
});
const rootCall = calldata(ROOT_FROM_PATH, PATH.leaf, `[${PATH.siblings.join(",")}]`, PATH.pathBits);
const rootRun = frames(MERKLE_DEPLOYABLE, [rootCall], false);
if (rootRun.calls[0].returndata !== node) {
  throw new Error(`model-repeated: rootFromPath returned ${rootRun.calls[0].returndata}, the 20 hash calls ${node}`);
}

const hashes = `depth-${PATH.depth} path: ${PATH.depth} × hash(a,b) in one transaction, in-frame`;
const single = `depth-${PATH.depth} path: one rootFromPath, in-frame`;
const repeated = (deployable, fn, run, cached, note, detail) =>
  row({
    section: SECTIONS.circomlib,
    fn,
    subject: subject.stylus(deployable),
    cached,
    gas: run.total_frame_gas,
    source: "model",
    note,
    detail,
    record: { arbos: Number(arbos), calls: run.calls.map((c) => ({ frame: c.gas.frame, init_charged: c.init_charged, recent_hit: c.recent_hit })) },
  });
const fmt = (n) => n.toLocaleString("en-US");
const uncachedHashes = frames(HASH_DEPLOYABLE, hashCalls, true);
const [first, ...rest] = uncachedHashes.calls;
const detail = { calls: PATH.depth, first_frame: first.gas.frame, later_frame: rest[0].gas.frame, before_arbos60: frames(HASH_DEPLOYABLE, hashCalls, true, "51").total_frame_gas };
const rows = [
  repeated(HASH_DEPLOYABLE, hashes, frames(HASH_DEPLOYABLE, hashCalls, false), true),
  repeated(HASH_DEPLOYABLE, hashes, uncachedHashes, false,
    `${detail.calls} calls to an uncached program in one transaction at ArbOS ${arbos}: the first pays init (frame ${fmt(detail.first_frame)}), ` +
      `the other ${rest.length} are charged as cached by the recent-program rule (ArbOS >= 60; frames ${fmt(detail.later_frame)}); ` +
      `before ArbOS 60 each paid init: ${fmt(detail.before_arbos60)} at ArbOS 51. In-frame gas, as a contract's calls pay it: no 21,000, calldata or CALL costs ` +
      "(scripts/gas-report/model-repeated.mjs).",
    detail),
  repeated(MERKLE_DEPLOYABLE, single, rootRun, true),
  repeated(MERKLE_DEPLOYABLE, single, frames(MERKLE_DEPLOYABLE, [rootCall], true), false),
];
const method = `stylus-meter calls --arbos ${arbos} --json: total_frame_gas of the calls made in one transaction from a contract`;
fs.writeSync(1, JSON.stringify({ generated_by: "scripts/gas-report/model-repeated.mjs", method, arbos: Number(arbos), rows }, null, 2) + "\n");
