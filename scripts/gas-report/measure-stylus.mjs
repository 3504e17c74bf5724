#!/usr/bin/env node
// Measures the Stylus contract's functions with the offline meter (source "model") at the ArbOS
// version given and prints a rows file ({rows: [...]}) for render.mjs: each function cached and
// uncached.
// Usage: node scripts/gas-report/measure-stylus.mjs --meter PATH --wasm-dir DIR --arbos N [--only hash]
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { CALLS } from "./calls.mjs";
import { row, subject } from "./rows.mjs";
import { parseOptions } from "../lib/args.mjs";

const { values } = parseOptions({ meter: { type: "string" }, "wasm-dir": { type: "string" }, arbos: { type: "string" }, only: { type: "string" } },
  { required: ["meter", "wasm-dir", "arbos"] },
);
const { meter, "wasm-dir": wasmDir, arbos, only = null } = values;

function meterCall(call) {
  const wasm = `${wasmDir}/${call.deployable}.wasm`;
  const run = spawnSync(meter, ["call", "--arbos", arbos, "--wasm", wasm, "--sig", call.sig, "--args", call.meterArgs, "--json"], { encoding: "utf8" });
  if (run.status !== 0) {
    throw new Error(`measure-stylus: stylus-meter failed for ${call.function} (exit ${run.status}): ${run.stderr.trim()}`);
  }
  const report = JSON.parse(run.stdout);
  if (report.reverted) throw new Error(`measure-stylus: ${call.function} reverted: ${report.returndata}`);
  return report;
}

const rows = [];
for (const call of CALLS.filter((c) => only === null || c.function.startsWith(only))) {
  const report = meterCall(call);
  for (const cached of [true, false]) {
    rows.push(
      row({
        section: call.section,
        fn: call.function,
        subject: subject.stylus(call.deployable),
        cached,
        gas: cached ? report.gas.cached_call : report.gas.uncached_call,
        source: "model",
        record: { ink: report.ink, gas: report.gas, activation: report.activation },
      }),
    );
  }
}
const method = `stylus-meter call --arbos ${arbos} --json: cached_call / uncached_call (a transaction's gas − 21,000, Nitro's pricing at ArbOS ${arbos})`;
fs.writeSync(1, JSON.stringify({ generated_by: "scripts/gas-report/measure-stylus.mjs", method, arbos: Number(arbos), rows }, null, 2) + "\n");
