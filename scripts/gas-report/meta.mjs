#!/usr/bin/env node
// Prints the report's metadata (date, tool versions, notes, ladder) as JSON for render.mjs.
// Usage: node scripts/gas-report/meta.mjs --stylus-source model|nitro --ladder ladder.json
import { execFileSync } from "node:child_process";
import fs from "node:fs";

const args = process.argv.slice(2);
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : null);
const firstLine = (command, commandArgs) => {
  try {
    return execFileSync(command, commandArgs, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).split("\n")[0].trim();
  } catch {
    return "not available";
  }
};

const source = option("--stylus-source");
const meta = {
  date: new Date().toISOString().slice(0, 10),
  tools: {
    rustc: firstLine("rustc", ["--version"]),
    forge: firstLine("forge", ["--version"]),
    anvil: firstLine("anvil", ["--version"]),
    solc: firstLine("scripts/solc-shim/solc", ["--version"]).length > 0
      ? execFileSync("scripts/solc-shim/solc", ["--version"], { encoding: "utf8" }).split("\n")[1]
      : "not available",
    "wasm-opt": firstLine("wasm-opt", ["--version"]),
    node: process.version,
  },
  notes: [
    source === "nitro"
      ? "Stylus figures were measured on a Nitro node (receipts' gasUsed − 21,000 − gasUsedForL1), each call after checking ArbWasmCache.codehashIsCached: a row is labelled cached or uncached only when its code hash was in that state."
      : "No Nitro node answered: Stylus figures come from the offline meter (`model`). It reproduces, to the unit, every figure Nitro measured in `crates/stylus-meter/calibration/nitro.json`: Nitro's runtime on 17 calls (ink, outcome, return data) and 4 programs' activation, and a Nitro v3.9.8 node on 7 whole transactions, cached and uncached. Each program is metered as `cargo stylus deploy` deploys it, with its 47-byte `project_hash` section, which Nitro prices (+6 gas per uncached call).",
    "EVM figures come from a local anvil (cancun): receipts' gasUsed − 21,000 for a top-level call from an EOA to a cold contract.",
  ],
  ladder: option("--ladder") ? JSON.parse(fs.readFileSync(option("--ladder"), "utf8")) : [],
};
fs.writeSync(1, JSON.stringify(meta, null, 2) + "\n");
