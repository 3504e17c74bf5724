#!/usr/bin/env node
// Reads criterion's medians (<dir>/<group>/<function>/new/estimates.json) of scripts/gas-report/native-bench.sh's
// runs into gas-report/native.json: {measured, cpu, rustc, targets: {generic: {group: {function: ns}}, native: …}}.
//   node scripts/gas-report/native-rows.mjs --out FILE generic=DIR native=DIR
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { parseOptions } from "../lib/args.mjs";

const { values, positionals } = parseOptions(
  { out: { type: "string" } },
  { usage: "node scripts/gas-report/native-rows.mjs --out FILE NAME=CRITERION_DIR...", allowPositionals: true, required: ["out"] },
);
if (positionals.length === 0) throw new Error("native-rows: at least one NAME=DIR");

const targets = {};
for (const arg of positionals) {
  const [name, dir] = arg.split("=");
  const groups = {};
  for (const group of fs.readdirSync(dir).filter((g) => g !== "report").sort()) {
    for (const fn of fs.readdirSync(path.join(dir, group)).filter((f) => f !== "report").sort()) {
      const file = path.join(dir, group, fn, "new", "estimates.json");
      if (!fs.existsSync(file)) continue;
      const median = JSON.parse(fs.readFileSync(file, "utf8")).median.point_estimate;
      (groups[group] ??= {})[fn] = Math.round(median * 10) / 10;
    }
  }
  targets[name] = groups;
}
const cpuinfo = fs.readFileSync("/proc/cpuinfo", "utf8");
const model = /model name\s*:\s*(.*)/.exec(cpuinfo)?.[1] ?? "unknown";
const flags = /flags\s*:\s*(.*)/.exec(cpuinfo)?.[1].split(/\s+/) ?? [];
const rustc = execFileSync("rustc", ["--version"], { cwd: "crates/goldilocks-bench", encoding: "utf8" }).trim();
const out = {
  about:
    "criterion medians in ns (crates/goldilocks-bench, scripts/gas-report/native-bench.sh): ours beside each crate in one run, every pair checked equal first; `generic` is the x86-64 baseline target, `native` -C target-cpu=native",
  measured: new Date().toISOString().slice(0, 10),
  cpu: `${model}, ${flags.includes("avx2") ? "with" : "without"} AVX2, ${flags.includes("avx512f") ? "with" : "without"} AVX-512`,
  rustc,
  targets,
};
fs.writeFileSync(values.out, JSON.stringify(out, null, 2) + "\n");
console.log(`native-rows: wrote ${values.out}`);
