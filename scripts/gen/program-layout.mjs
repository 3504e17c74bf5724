#!/usr/bin/env node
// Five programs or one? Meters, at one ArbOS version, each family's functions served by their own
// programs (the deployables) and by one program with all of them (a registry entry marked
// "deployable": false), and prints the tables of contracts/poseidon-stylus/README.md ("Five programs
// or one?"): sizes and fixed costs per program, every call cached and uncached, and transactions
// that call several functions (where ArbOS 60's recent-program rule lets one program pay its init
// once).
//
//   scripts/build-wasm.sh --all                     # the deployables and the one-program entries
//   node scripts/gen/program-layout.mjs [--arbos N] [--meter PATH] [--wasm-dir DIR] [--write]
//   (--arbos: default Arbitrum One's, the meter's `arbitrum_one` rule)
//   (--write: into contracts/poseidon-stylus/README.md, between its "layout" markers; else stdout)
//
// Every figure is the meter's (`model`): a call is a transaction's gas − 21,000 (`stylus-meter call`);
// a transaction of several calls is the sum of the program frames a contract's calls pay
// (`stylus-meter calls`: cached init, memory, execution, and init for the first call to an uncached
// program in the block), without the contract's own CALL costs, which both layouts pay alike.
// Activation is the whole burn of `ArbWasm.activateProgram` as `stylus-meter check` gives it
// (`activation_charge.total`: ArbWasm's fixed charge + the chain's ActivationGas, taken as 0,
// Nitro's initial value + the fragment reads + the compile charge + ArbWasm's bookkeeping: what an
// ArbOS 60 node burnt, to the unit), with its compile part beside it.
import { execFileSync } from "node:child_process";
import path from "node:path";
import { CALLS } from "../gas-report/calls.mjs";
import { SECTIONS } from "../gas-report/rows.mjs";
import { foundryBin } from "../lib/foundry.mjs";
import { METER, WASM_DIR, loadRegistry } from "../lib/deployables.mjs";
import { withGeneratedSection } from "../lib/generated-section.mjs";
import { parseOptions } from "../lib/args.mjs";
import fs from "node:fs";
import { fileURLToPath } from "node:url";

const { values: args } = parseOptions(
  { arbos: { type: "string" }, meter: { type: "string", default: METER }, "wasm-dir": { type: "string", default: WASM_DIR }, write: { type: "boolean" } },
  { usage: "node scripts/gen/program-layout.mjs [--arbos N] [--meter PATH] [--wasm-dir DIR] [--write]" },
);
const { meter, "wasm-dir": wasmDir } = args;
const arbos = args.arbos ?? execFileSync(meter, ["rules", "--get", "arbitrum_one"], { encoding: "utf8" }).trim();

/** circomlib Poseidon of 7 to 16 inputs: a family of its own (the widths no one program can hold). */
const isWide = (call) => call.section === SECTIONS.circomlib && call.function.startsWith("hash(") && call.castArgs.length >= 7;

/**
 * The families compared: the calls each deployable serves today (scripts/gas-report/calls.mjs) and
 * the registry entry that serves them all. `transactions`: sets of calls made in one transaction.
 */
const FAMILIES = [
  {
    name: SECTIONS.circomlib,
    one: "PoseidonStylusCircomlib",
    calls: CALLS.filter((c) => c.section === SECTIONS.circomlib && !c.function.startsWith("nodesFromPath") && !isWide(c)),
    transactions: [
      ["hash(1,2)"],
      ["hash(1,2)", "hash(1,2,3)"],
      ["hash(1,2)", "hash(1,2,3)", "hash(1,2,3,4,5)"],
      ["hash(1)", "hash(1,2)", "hash(1,2,3)", "hash(1,2,3,4)", "hash(1,2,3,4,5)"],
    ],
  },
  {
    // One program per width, three neighbours in one (the widest group Nitro activates from seven
    // inputs), and groups Nitro refuses, with its reason.
    name: "circomlib Poseidon, 7 to 16 inputs",
    one: "PoseidonStylusHash7To9",
    calls: CALLS.filter(isWide),
    transactions: [["hash(1,2,3,4,5,6,7)", "hash(1,2,3,4,5,6,7,8)"], ["hash(1,2,3,4,5,6,7)", "hash(1,2,3,4,5,6,7,8)", "hash(1,2,3,4,5,6,7,8,9)"]],
    refused: ["PoseidonStylusHash7To10", "PoseidonStylusCircomlibWide"],
  },
  {
    name: "Poseidon2, Barretenberg set",
    one: "PoseidonStylusPoseidon2Barretenberg",
    calls: CALLS.filter((c) =>
      ["poseidon2(1,2)", "noirHash2(1,2)", "poseidon2PermuteT4([1,2,3,4])", "poseidon2PermuteT2([1,2])", "poseidon2PermuteT3([1,2,3])"].includes(c.function),
    ),
    transactions: [
      ["noirHash2(1,2)", "poseidon2PermuteT3([1,2,3])"],
      ["poseidon2(1,2)", "noirHash2(1,2)", "poseidon2PermuteT2([1,2])", "poseidon2PermuteT3([1,2,3])"],
    ],
  },
];

function tool(command, commandArgs) {
  try {
    return execFileSync(command, commandArgs, { encoding: "utf8", maxBuffer: 64 << 20, stdio: ["ignore", "pipe", "pipe"] }).trim();
  } catch (e) {
    throw Object.assign(new Error(`program-layout: ${path.basename(command)} ${commandArgs.slice(0, 3).join(" ")}: ${String(e.stderr ?? e.message).trim()}`), {
      stdout: e.stdout,
    });
  }
}
const meterJson = (sub, wasm, rest) => JSON.parse(tool(meter, [sub, "--arbos", arbos, "--wasm", wasm, ...rest, "--json"]));
const wasmOf = (stem) => path.join(wasmDir, `${stem}.wasm`);
/** Where scripts/build-wasm.sh --all keeps a registry entry Nitro would refuse. */
const refusedWasmOf = (stem) => path.join(wasmDir, "refused", `${stem}.wasm`);
const calldataOf = (call) => tool(foundryBin("cast"), ["calldata", call.sig, ...call.castArgs]);
const fmt = (n) => n.toLocaleString("en-US");
const signed = (n) => (n > 0 ? `+${fmt(n)}` : n < 0 ? `−${fmt(-n)}` : "0");

/** Sizes and fixed costs of one program, from `stylus-meter check`. */
function programRow(label, stem) {
  const c = meterJson("check", wasmOf(stem), []);
  if (!c.valid) throw new Error(`program-layout: ${stem} does not activate at ArbOS ${arbos}: ${JSON.stringify(c)}`);
  const contracts = c.layout.kind === "contract" ? "1" : `root + ${c.layout.fragments.length} fragments`;
  const a = c.activation_charge;
  if (a.fixed + a.activation_gas + a.fragment_reads + a.compile + a.bookkeeping !== a.total) {
    throw new Error(`program-layout: ${stem}: the activation parts do not add up to its total: ${JSON.stringify(a)}`);
  }
  return `| ${label} | ${fmt(c.sizes.wasm)} | ${fmt(c.sizes.code)} | ${contracts} | ${fmt(c.gas.init)} | ${fmt(c.gas.cached_init)} | ${fmt(a.total)} | ${fmt(a.compile)} |`;
}

/** A group Nitro refuses: its size and the meter's reason, in a row of the programs table. */
function refusedRow(label, stem) {
  // The meter exits 1 for a module Nitro refuses, its JSON verdict on stdout.
  let c;
  try {
    c = meterJson("check", refusedWasmOf(stem), []);
  } catch (e) {
    c = JSON.parse(e.stdout);
  }
  if (c.valid) fail(`${stem} activates at ArbOS ${arbos}: move it out of the family's refused list`);
  const bytes = fs.statSync(refusedWasmOf(stem)).size;
  return `| ${label} | ${fmt(bytes)} | — | refused: ${c.reason} | — | — | — | — |`;
}

/** Gas of the calls made, in order, in one transaction from a contract to one program. */
function frames(stem, calls, uncached) {
  const flags = calls.flatMap((call) => ["--calldata", calldataOf(call)]);
  return meterJson("calls", wasmOf(stem), [...flags, ...(uncached ? ["--uncached"] : [])]).total_frame_gas;
}

function family(f, registry) {
  const stemOf = (name) => registry.stylus.find((e) => e.name === name).wasm;
  const oneStem = stemOf(f.one);
  const run = (stem, call) => meterJson("call", wasmOf(stem), ["--sig", call.sig, "--args", call.meterArgs]);
  // Each call on the one program, run once; it answers some (a group of some widths answers theirs only).
  const onOne = new Map(f.calls.map((call) => [call, run(oneStem, call)]));
  const served = f.calls.filter((call) => !onOne.get(call).reverted);
  const separate = [...new Set(f.calls.map((c) => c.deployable))];
  const lines = [`### ${f.name}`, ""];
  lines.push("| program | WASM bytes | code bytes | contracts | init gas | cached init gas | activation burns, gas | of which compile |");
  lines.push("|---|---:|---:|---|---:|---:|---:|---:|");
  for (const stem of separate) lines.push(programRow(`\`${stem}.wasm\``, stem));
  const oneLabel = served.length === f.calls.length ? "one program" : `one program for ${served.length} of them`;
  lines.push(programRow(`\`${oneStem}.wasm\` (${oneLabel})`, oneStem));
  for (const name of f.refused ?? []) lines.push(refusedRow(`\`${stemOf(name)}.wasm\``, stemOf(name)));
  lines.push("");
  lines.push("| call | own program, cached / uncached | one program, cached / uncached | one program costs |");
  lines.push("|---|---:|---:|---:|");
  for (const call of f.calls) {
    const own = run(call.deployable, call).gas;
    if (!served.includes(call)) {
      lines.push(`| \`${call.function}\` | ${fmt(own.cached_call)} / ${fmt(own.uncached_call)} | — | — |`);
      continue;
    }
    const one = onOne.get(call).gas;
    lines.push(
      `| \`${call.function}\` | ${fmt(own.cached_call)} / ${fmt(own.uncached_call)} | ${fmt(one.cached_call)} / ${fmt(one.uncached_call)} | ${signed(one.cached_call - own.cached_call)} / ${signed(one.uncached_call - own.uncached_call)} |`,
    );
  }
  lines.push("");
  lines.push("| one transaction calls | programs uncached: own programs / one program | programs cached: own programs / one program |");
  lines.push("|---|---:|---:|");
  for (const names of f.transactions) {
    const calls = names.map((name) => served.find((c) => c.function === name) ?? fail(`${f.name}: ${name} is not a call the one program answers`));
    const byProgram = (uncached) =>
      [...new Set(calls.map((c) => c.deployable))].reduce((sum, stem) => sum + frames(stem, calls.filter((c) => c.deployable === stem), uncached), 0);
    const cell = (uncached) => {
      const own = byProgram(uncached);
      const one = frames(oneStem, calls, uncached);
      return `${fmt(own)} / ${fmt(one)} (${signed(one - own)})`;
    };
    lines.push(`| ${names.map((n) => `\`${n}\``).join(", ")} | ${cell(true)} | ${cell(false)} |`);
  }
  return lines;
}

function fail(message) {
  throw new Error(`program-layout: ${message}`);
}

function main() {
  const registry = loadRegistry();
  // The parts every program's activation shares, as the meter gives them.
  const { fixed, activation_gas: activationGas, bookkeeping } = meterJson("check", wasmOf(registry.stylus[0].wasm), []).activation_charge;
  const out = [
    `Measured with \`node scripts/gen/program-layout.mjs\` (stylus-meter, \`model\`, ArbOS ${arbos}) on the files of \`scripts/build-wasm.sh --all\`.`,
    "Activation burns: all the gas `ArbWasm.activateProgram` burns for the program (`stylus-meter check`): its fixed " +
      `${fmt(fixed)}, the chain's \`ActivationGas\` (taken as ${fmt(activationGas)}, the value Nitro's upgrades leave; a chain owner may set it), ` +
      `the reads of any fragments, the compile charge, shown beside it, and ArbWasm's own bookkeeping (${fmt(bookkeeping)}: its storage, its event); ` +
      "a first activation's gas − 21,000 − calldata, which an ArbOS 60 node equalled on every program; not the data fee, paid in wei.",
    "",
  ];
  for (const f of FAMILIES) out.push(...family(f, registry), "");
  const tables = out.join("\n").trimEnd();
  if (!args.write) return console.log(tables);
  const readmeFile = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "contracts", "poseidon-stylus", "README.md");
  const markers = {
    begin: "<!-- layout: generated by scripts/gen/program-layout.mjs --write (after scripts/build-wasm.sh --all); do not edit -->",
    end: "<!-- layout: end -->",
    what: "contracts/poseidon-stylus/README.md's program layout tables",
  };
  fs.writeFileSync(readmeFile, withGeneratedSection(fs.readFileSync(readmeFile, "utf8"), markers, tables));
  console.error(`program-layout: wrote ${markers.what}`);
}

try {
  main();
} catch (e) {
  console.error(e.message);
  process.exit(1);
}
