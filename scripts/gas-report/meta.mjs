#!/usr/bin/env node
// Prints the report's metadata (date, tool versions, the ArbOS version of the Stylus figures, notes,
// ladder: ladder.mjs's steps of both ladders, each naming its own) as JSON for render.mjs.
// Usage: node scripts/gas-report/meta.mjs --stylus-source model|nitro --arbos N [--nitro-rpc URL] --ladder ladder.json
//   --arbos N        the ArbOS version the meter's figures are computed at (scripts pass it to the meter)
//   --nitro-rpc URL  with --stylus-source nitro: the node, whose ArbSys.arbOSVersion() (55 + version)
//                    says what its figures are for
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { parseOptions } from "../lib/args.mjs";

const { values } = parseOptions({
  "stylus-source": { type: "string" },
  arbos: { type: "string" },
  "nitro-rpc": { type: "string" },
  ladder: { type: "string" },
});
const option = (name) => values[name.replace(/^--/, "")] ?? null;
const firstLine = (command, commandArgs) => {
  try {
    return execFileSync(command, commandArgs, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).split("\n")[0].trim();
  } catch {
    return "not available";
  }
};

const source = option("--stylus-source");
const arbos = Number(option("--arbos"));
if (!Number.isInteger(arbos) || arbos <= 0) {
  console.error("meta: --arbos N (the ArbOS version of the meter's figures) is required");
  process.exit(2);
}

/** The node's ArbOS version: ArbSys (0x64) arbOSVersion() answers 55 + it (Nitro precompiles/ArbSys.go). */
async function nodeArbos(url) {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_call", params: [{ to: "0x0000000000000000000000000000000000000064", data: "0x051038f2" }, "latest"] }),
  });
  const body = await response.json();
  if (body.error || !/^0x[0-9a-f]{64}$/i.test(body.result ?? "")) throw new Error(`meta: ArbSys.arbOSVersion() at ${url}: ${JSON.stringify(body.error ?? body.result)}`);
  return Number(BigInt(body.result)) - 55;
}
const nitroArbos = source === "nitro" ? await nodeArbos(option("--nitro-rpc")) : null;
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
  // Which ArbOS version each kind of Stylus figure is for: the meter's (every `model` row) and, when
  // a node measured, the node's (every `nitro` row).
  arbos: { model: arbos, ...(nitroArbos === null ? {} : { nitro: nitroArbos }) },
  notes: [
    source === "nitro"
      ? `Stylus figures were measured on a Nitro node running ArbOS ${nitroArbos} (ArbSys.arbOSVersion() − 55; receipts' gasUsed − 21,000 − gasUsedForL1), each call after checking ArbWasmCache.codehashIsCached: a row is labelled cached or uncached only when its code hash was in that state.`
      : `No Nitro node answered: Stylus figures come from the offline meter (\`model\`) at ArbOS ${arbos} (\`stylus-meter --arbos ${arbos}\`). It reproduces, to the unit, every figure Nitro measured (\`crates/stylus-meter/calibration/\`), each at the version it was measured at: a Nitro v3.10.x node at ArbOS 60, which ArbOS 61 renumbers after a refund fix, on this report's 58 direct-call rows (cached and uncached), the recent-program rule, a depth-20 path hashed call by call, and the activation burn of all 11 programs (\`arbos60-node.json\`); Nitro's runtime (ArbOS 50) on 17 calls (ink, outcome, return data) and 4 programs' activation (plus 2 calls reconstructed from its recorded charge for \`noirHash\` of 1,021 or more inputs: meter count + 8,049 ink for one memory.grow); and a Nitro v3.9.8 node (ArbOS 51) on 7 whole transactions and on a program's frame as zk-kit's LeanIMT called it (4,396 gas per hash on the T3 program of its day; the apps rows compose with today's program's frame_cached, 4,389, which the ArbOS 60 node measured too) (\`nitro.json\`). Each program is metered as \`cargo stylus deploy\` deploys it, with its 47-byte \`project_hash\` section, which Nitro prices (+6 gas per uncached call).`,
    "EVM figures come from a local anvil (cancun): receipts' gasUsed − 21,000 for a top-level call from an EOA to a cold contract.",
  ],
  ladder: option("--ladder") ? JSON.parse(fs.readFileSync(option("--ladder"), "utf8")) : [],
};
fs.writeSync(1, JSON.stringify(meta, null, 2) + "\n");
