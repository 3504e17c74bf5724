#!/usr/bin/env node
// Measures deployed implementations on a node from transaction receipts (source "nitro"):
// gas = gasUsed − 21,000 − gasUsedForL1 (Arbitrum receipts report the L1 component separately).
// Prints a rows file ({rows: [...]}) for render.mjs.
// Usage: node scripts/gas-report/measure-nitro.mjs --rpc URL --deployments deployments/<id>.json --cached true|false
//        [--private-key KEY]
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { CALLS } from "./calls.mjs";

const args = process.argv.slice(2);
const option = (name, fallback = null) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const rpc = option("--rpc");
const deployments = JSON.parse(fs.readFileSync(option("--deployments"), "utf8"));
const cached = option("--cached") === "true";
const key = option("--private-key", process.env.PRIVATE_KEY);
if (!rpc || !key) {
  console.error("measure-nitro: --rpc and a private key (--private-key or PRIVATE_KEY) are required");
  process.exit(2);
}

const cast = (castArgs) => execFileSync("cast", castArgs, { encoding: "utf8" }).trim();

function measure(address, call) {
  const receipt = JSON.parse(
    cast(["send", "--rpc-url", rpc, "--private-key", key, "--json", address, call.sig, ...call.castArgs]),
  );
  if (receipt.status !== "0x1" && receipt.status !== 1) throw new Error(`measure-nitro: ${call.function} reverted`);
  const gasUsed = Number(BigInt(receipt.gasUsed));
  const l1 = receipt.gasUsedForL1 ? Number(BigInt(receipt.gasUsedForL1)) : 0;
  return gasUsed - 21000 - l1;
}

// scripts/deploy.sh names each Stylus program in deployments/<chainId>.json.
const DEPLOYMENT_NAMES = { poseidon_stylus: "PoseidonStylus", poseidon_stylus_poseidon2: "PoseidonStylusPoseidon2" };

const rows = [];
for (const call of CALLS) {
  const name = DEPLOYMENT_NAMES[call.deployable];
  const address = deployments.contracts?.[name]?.address;
  if (!address) throw new Error(`measure-nitro: no contracts.${name}.address in the deployments file`);
  rows.push({
    implementation: `${call.deployable}.wasm (Stylus)`,
    language: "Rust",
    function: call.function,
    gas: measure(address, call),
    source: "nitro",
    cached,
  });
}
const method = "receipt gasUsed − 21,000 − gasUsedForL1 on a Nitro node";
fs.writeSync(1, JSON.stringify({ generated_by: "scripts/gas-report/measure-nitro.mjs", method, rows }, null, 2) + "\n");
