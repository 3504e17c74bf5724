#!/usr/bin/env node
// Measures deployed implementations on a node from transaction receipts (source "nitro"):
// gas = gasUsed − 21,000 − gasUsedForL1 (Arbitrum receipts report the L1 component separately).
// Prints a rows file ({rows: [...], unmeasured: [...]}) for render.mjs.
// Usage: node scripts/gas-report/measure-nitro.mjs --rpc URL --deployments deployments/<id>.json --cached true|false
//        [--evict] [--private-key KEY]
//
// Caching belongs to a program's code hash, not its address: a program deployed "uncached" runs
// cached if the same code was cached before (by an earlier deploy.sh, say). So right before each
// measured call this checks ArbWasmCache.codehashIsCached and measures only when the state is the
// one the row will claim. In uncached mode, --evict (chain owner or cache manager only: the dev
// chain) evicts a cached code hash first; without it, such a row is left out and listed in
// `unmeasured` with the reason, never reported under a false label.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { CALLS } from "./calls.mjs";
import { loadRegistry } from "../lib/deployables.mjs";
import { parseOptions } from "../lib/args.mjs";
import { row, subject } from "./rows.mjs";

// ArbWasmCache precompile (Nitro precompiles/ArbWasmCache.go).
const ARB_WASM_CACHE = "0x0000000000000000000000000000000000000072";

const { values } = parseOptions({ rpc: { type: "string" }, deployments: { type: "string" }, cached: { type: "string" }, evict: { type: "boolean" }, "private-key": { type: "string" } },
  { required: ["rpc", "deployments", "cached"] },
);
const { rpc, deployments: deploymentsFile, cached: cachedOption, evict = false } = values;
const key = values["private-key"] ?? process.env.PRIVATE_KEY;
if (!key || !["true", "false"].includes(cachedOption)) {
  console.error("measure-nitro: --cached true|false and a private key (--private-key or PRIVATE_KEY) are required");
  process.exit(2);
}
const cached = cachedOption === "true";
const deployments = JSON.parse(fs.readFileSync(deploymentsFile, "utf8"));

const cast = (castArgs) => execFileSync("cast", castArgs, { encoding: "utf8" }).trim();
const send = (to, ...sigAndArgs) => {
  const receipt = JSON.parse(cast(["send", "--rpc-url", rpc, "--private-key", key, "--json", to, ...sigAndArgs]));
  if (receipt.status !== "0x1" && receipt.status !== 1) throw new Error(`measure-nitro: ${sigAndArgs[0]} to ${to} reverted`);
  return receipt;
};
const codehashIsCached = (codehash) =>
  cast(["call", "--rpc-url", rpc, ARB_WASM_CACHE, "codehashIsCached(bytes32)(bool)", codehash]) === "true";

function measure(address, call) {
  const receipt = send(address, call.sig, ...call.castArgs);
  const gasUsed = Number(BigInt(receipt.gasUsed));
  const l1 = receipt.gasUsedForL1 ? Number(BigInt(receipt.gasUsedForL1)) : 0;
  return gasUsed - 21000 - l1;
}

/// Brings the program's code hash into the state the row claims, if this run may; returns null
/// when it is there, else why the row cannot be measured.
function ensureCacheState(codehash) {
  if (codehashIsCached(codehash) === cached) return null;
  if (cached) return `code hash ${codehash} is not cached (deploy.sh caches it)`;
  if (!evict) {
    return `code hash ${codehash} is already cached on this chain (caching belongs to the code, not the address); only the chain owner or a cache manager can evict it (scripts/gas-report.sh does on the dev chain)`;
  }
  process.stderr.write(`measure-nitro: ${codehash} is cached; evicting it (ArbWasmCache.evictCodehash) to measure uncached calls\n`);
  send(ARB_WASM_CACHE, "evictCodehash(bytes32)", codehash);
  return codehashIsCached(codehash) ? `code hash ${codehash} is still cached after evictCodehash` : null;
}

// scripts/chain/deploy.mjs names each Stylus program in deployments/<chainId>.json by its registry name.
const DEPLOYMENT_NAMES = Object.fromEntries(loadRegistry().stylus.map((entry) => [entry.wasm, entry.name]));

const rows = [];
const unmeasured = [];
for (const call of CALLS) {
  const name = DEPLOYMENT_NAMES[call.deployable];
  if (!name) throw new Error(`measure-nitro: ${call.deployable} (scripts/gas-report/calls.mjs) is not in contracts/deployables.json`);
  const address = deployments.contracts?.[name]?.address;
  if (!address) throw new Error(`measure-nitro: no contracts.${name}.address in the deployments file`);
  const codehash = cast(["codehash", "--rpc-url", rpc, address]);
  const reason = ensureCacheState(codehash);
  if (reason) {
    process.stderr.write(`measure-nitro: not measuring ${call.function} ${cached ? "cached" : "uncached"}: ${reason}\n`);
    unmeasured.push({ section: call.section, fn: call.function, subject: subject.stylus(call.deployable), cached, source: "nitro", reason });
    continue;
  }
  rows.push(row({ section: call.section, fn: call.function, subject: subject.stylus(call.deployable), cached, gas: measure(address, call), source: "nitro" }));
}
const method = "receipt gasUsed − 21,000 − gasUsedForL1 on a Nitro node, ArbWasmCache.codehashIsCached checked before each call";
fs.writeSync(1, JSON.stringify({ generated_by: "scripts/gas-report/measure-nitro.mjs", method, rows, unmeasured }, null, 2) + "\n");
