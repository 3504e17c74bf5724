#!/usr/bin/env node
// The ladders of the Stylus hash(1,2), printed as one JSON array of steps, each with `ladder`:
// "arithmetic" (each arithmetic variant and wasm-opt setting; `gas`, the step's uncached or cached
// call) and "size" (each size step of the T3 program, cumulative; `uncached_gas` and `cached_gas`).
// Each step is built with scripts/build-wasm.sh --variant and measured with the offline meter.
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

// Each build: cargo features of the contract, the wasm-opt level (O0 only re-encodes, which
// Nitro needs anyway: raw rustc output uses an encoding Nitro's parser rejects), and `only` when
// the features replace the default ones (--no-default-features). The size steps take -O3, the level
// scripts/build-wasm.sh keeps for the deployable T3 program (its lowest metered gas), so that only
// the layout differs from step to step.
const BUILDS = {
  u128: { features: "backend-u128", opt: "O0" },
  split32: { features: "backend-split32", opt: "O0" },
  ours: { features: "", opt: "O0" },
  deployable: { features: "", opt: "default" },
  "size-with-merkle": { features: "hash2,merkle,inline-mix,inline-conversions", opt: "O3", only: true },
  "size-hash2": { features: "hash2,inline-mix,inline-conversions", opt: "O3", only: true },
  "size-mix-out-of-line": { features: "hash2,inline-conversions", opt: "O3", only: true },
};

const STEPS = [
  { step: "u128 limbs (plain Rust u128 products), no wasm-opt passes, uncached", build: "u128", cached: false },
  { step: "split 64-bit multiplies into 32-bit halves, no wasm-opt passes, uncached", build: "split32", cached: false },
  { step: "29-bit limbs, product scanning, squaring, one-reduction dot products, no wasm-opt passes, uncached", build: "ours", cached: false },
  { step: "+ wasm-opt (the deployable), uncached", build: "deployable", cached: false },
  { step: "+ program cached (ArbWasmCache)", build: "deployable", cached: true },
];

// The size ladder: each step shrinks the T3 program for uncached calls; each is measured uncached
// and cached (render.mjs's SIZE_RULE judges each step by both). The last is the deployable.
const SIZE_STEPS = [
  { step: "hash and the Merkle functions in one program, full-round mix inline, conversions with their own product", build: "size-with-merkle" },
  { step: "− the Merkle functions (their own program, poseidon_stylus_merkle.wasm)", build: "size-hash2" },
  { step: "+ full-round mix out of line (the last round squeezes lane 0 by one dot product)", build: "size-mix-out-of-line" },
  { step: "+ word conversions through the permutation's dot kernel (the deployable)", build: "deployable" },
];

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
  if (result.status !== 0) throw new Error(`ladder: ${command} ${args.join(" ")} failed (exit ${result.status})`);
  return result.stdout;
}

function build(name) {
  const { features, opt, only } = BUILDS[name];
  if (name === "deployable") return path.join(root, "target/stylus/poseidon_stylus.wasm");
  const args = ["--variant", name, "--wasm-opt", opt];
  if (only) args.push("--no-default-features");
  if (features) args.push("--features", features);
  process.stderr.write(`ladder: building ${name} (${features || "default features"}${only ? " only" : ""}, wasm-opt -${opt})\n`);
  run(path.join(root, "scripts/build-wasm.sh"), args);
  return path.join(outDir, `${name}.wasm`);
}

/// The meter's report on `hash(1,2)` of `wasm`, or `{ tooLarge }` (the meter's message) when Nitro
/// would refuse to activate it, so it has no call gas.
function meterCall(build, wasm) {
  const meterRun = spawnSync(meter, ["call", "--arbos", arbos, "--wasm", wasm, "--sig", "hash(uint256,uint256)", "--args", "1,2", "--json"], {
    cwd: root,
    encoding: "utf8",
  });
  if (meterRun.status === 0) {
    const report = JSON.parse(meterRun.stdout);
    if (report.reverted) throw new Error(`ladder: ${build} reverted`);
    return report;
  }
  if (/too large/.test(meterRun.stderr)) return { tooLarge: meterRun.stderr.trim().replace(/^stylus-meter: /, "not deployable: ") };
  throw new Error(`ladder: stylus-meter failed on ${wasm}: ${meterRun.stderr.trim()}`);
}

const wasmFor = {};
const wasm = (name) => (wasmFor[name] ??= build(name));
const steps = [];
for (const step of STEPS) {
  const file = wasm(step.build);
  const report = meterCall(step.build, file);
  const row = { ladder: "arithmetic", step: step.step, cached: step.cached, source: "model", wasm_bytes: fs.statSync(file).size };
  if (report.tooLarge) Object.assign(row, { gas: null, note: report.tooLarge });
  else Object.assign(row, { gas: step.cached ? report.gas.cached_call : report.gas.uncached_call, execution_gas: report.gas.execution });
  steps.push(row);
}
for (const step of SIZE_STEPS) {
  const file = wasm(step.build);
  const report = meterCall(step.build, file);
  const row = { ladder: "size", step: step.step, source: "model", wasm_bytes: fs.statSync(file).size };
  if (report.tooLarge) Object.assign(row, { uncached_gas: null, cached_gas: null, note: report.tooLarge });
  else Object.assign(row, { uncached_gas: report.gas.uncached_call, cached_gas: report.gas.cached_call, execution_gas: report.gas.execution });
  steps.push(row);
}
fs.writeSync(1, JSON.stringify(steps, null, 2) + "\n");
