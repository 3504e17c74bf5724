#!/usr/bin/env node
// The optimization ladder of the Stylus hash(1,2): builds the contract with each arithmetic
// variant and wasm-opt setting, measures each with the offline meter, prints the steps as JSON.
// Usage: node scripts/gas-report/ladder.mjs --meter PATH --arbos N
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { parseOptions } from "../lib/args.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
// --arbos: the ArbOS version every step is metered at.
const { values } = parseOptions({ meter: { type: "string" }, arbos: { type: "string" } }, { required: ["meter", "arbos"] });
const { meter, arbos } = values;
const outDir = path.join(root, "target/stylus/ladder");

// Each build: cargo features of the contract, and the wasm-opt level (O0 only re-encodes, which
// Nitro needs anyway: raw rustc output uses an encoding Nitro's parser rejects).
const BUILDS = {
  u128: { features: "backend-u128", opt: "O0" },
  split32: { features: "backend-split32", opt: "O0" },
  ours: { features: "", opt: "O0" },
  deployable: { features: "", opt: "default" },
};

const STEPS = [
  { step: "u128 limbs (plain Rust u128 products), no wasm-opt passes, uncached", build: "u128", cached: false },
  { step: "split 64-bit multiplies into 32-bit halves, no wasm-opt passes, uncached", build: "split32", cached: false },
  { step: "29-bit limbs, product scanning, squaring, one-reduction dot products, no wasm-opt passes, uncached", build: "ours", cached: false },
  { step: "+ wasm-opt (the deployable), uncached", build: "deployable", cached: false },
  { step: "+ program cached (ArbWasmCache)", build: "deployable", cached: true },
];

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
  if (result.status !== 0) throw new Error(`ladder: ${command} ${args.join(" ")} failed (exit ${result.status})`);
  return result.stdout;
}

function build(name) {
  const { features, opt } = BUILDS[name];
  if (name === "deployable") return path.join(root, "target/stylus/poseidon_stylus.wasm");
  const args = ["--variant", name, "--wasm-opt", opt];
  if (features) args.push("--features", features);
  process.stderr.write(`ladder: building ${name} (${features || "default features"}, wasm-opt -${opt})\n`);
  run(path.join(root, "scripts/build-wasm.sh"), args);
  return path.join(outDir, `${name}.wasm`);
}

const wasmFor = {};
const steps = [];
for (const step of STEPS) {
  wasmFor[step.build] ??= build(step.build);
  const wasm = wasmFor[step.build];
  const meterRun = spawnSync(meter, ["call", "--arbos", arbos, "--wasm", wasm, "--sig", "hash(uint256,uint256)", "--args", "1,2", "--json"], {
    cwd: root,
    encoding: "utf8",
  });
  const row = { step: step.step, cached: step.cached, source: "model", wasm_bytes: fs.statSync(wasm).size };
  if (meterRun.status === 0) {
    const report = JSON.parse(meterRun.stdout);
    if (report.reverted) throw new Error(`ladder: ${step.build} reverted`);
    Object.assign(row, { gas: step.cached ? report.gas.cached_call : report.gas.uncached_call, execution_gas: report.gas.execution });
  } else if (/too large/.test(meterRun.stderr)) {
    // Nitro would refuse to activate it, so it has no call gas: the row says why.
    Object.assign(row, { gas: null, note: meterRun.stderr.trim().replace(/^stylus-meter: /, "not deployable: ") });
  } else {
    throw new Error(`ladder: stylus-meter failed on ${wasm}: ${meterRun.stderr.trim()}`);
  }
  steps.push(row);
}
fs.writeSync(1, JSON.stringify(steps, null, 2) + "\n");
