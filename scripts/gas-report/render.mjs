#!/usr/bin/env node
// Merges measured gas rows into the gas report: gas-report/gas.json, report.md and one chart per
// section, gas-<section>.svg (e.g. gas-circomlib-poseidon.svg).
// Usage: node scripts/gas-report/render.mjs [--out DIR] --meta meta.json rows1.json [rows2.json ...]
//   --out DIR   where to write (default: gas-report)
// Every rows file, read or written here, is one format: an object {rows: [...], ...} whose rows are
// scripts/gas-report/rows.mjs's (evm-gas.sh, measure-stylus.mjs, measure-nitro.mjs, apps-evm.mjs,
// model-stylus.mjs, ...; gas.json is the same with the merged rows), checked by its validate() here.
// The report has a table and a chart per section, in SECTION_ORDER.
// A row's `note` goes to the report's notes; `record` (the measurement's inputs) stays out of gas.json.
// A section with a `stock` row (the as-published baseline) has a "vs stock" ratio column. A rows file
// may carry `about`, {section: [paragraphs]}, printed under the section's heading (e.g. how its model
// rows are composed). A rows file may also list `unmeasured` rows ({section, fn, subject, cached,
// source, reason}): figures a measuring script refused to take under a false label; the notes say
// which and why.
// The apps, circomlib, Goldilocks and MiMC sections end with their goals (APP_GOALS, CIRCOMLIB_GOALS, GOLDILOCKS_GOALS, MIMC_GOALS), each ratio computed from the section's rows.
// The circomlib section also sets each width's program, uncached and cached, against the cheapest EVM
// contract for the same call. The meta's ladder (ladder.mjs) gives two sections: the arithmetic ladder,
// and the size ladder, each step judged by SIZE_RULE (a deployable that breaks it stops the render).
// Nothing here measures: it only arranges figures that the measuring scripts produced.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseOptions } from "../lib/args.mjs";
import { APP_FN, SECTIONS, SECTION_ORDER, label, language, matches, published, validate } from "./rows.mjs";

/// The sections of the rows, in report order, each with its rows.
function sections(rows) {
  const names = [...new Set(rows.map((row) => row.section))];
  const rank = (name) => (SECTION_ORDER.includes(name) ? SECTION_ORDER.indexOf(name) : SECTION_ORDER.length);
  names.sort((a, b) => rank(a) - rank(b) || names.indexOf(a) - names.indexOf(b));
  return names.map((name) => ({ name, rows: rows.filter((row) => row.section === name) }));
}

/// The chart file of a section: gas-<lowercase words joined by dashes>.svg.
const chartFile = (section) => `gas-${section.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "")}.svg`;

function loadRows(files) {
  const rows = [];
  const from = [];
  const unmeasured = [];
  const about = {};
  for (const file of files) {
    const parsed = JSON.parse(fs.readFileSync(file, "utf8"));
    if (!Array.isArray(parsed?.rows)) throw new Error(`${file}: not a rows file ({rows: [...]})`);
    unmeasured.push(...(parsed.unmeasured ?? []));
    for (const [section, lines] of Object.entries(parsed.about ?? {})) about[section] = [...(about[section] ?? []), ...lines];
    parsed.rows.forEach((row, i) => {
      rows.push(row);
      from.push(`${file}, row ${i}`);
    });
  }
  validate(rows, (i) => from[i]);
  return { rows, unmeasured, about };
}

/// The baselines a row is compared with: our plain Solidity and the best Yul for the same function,
/// among this report's measurements (a published figure is measured its source's way, often as a
/// call frame, so it is no baseline for transactions).
function baselines(rows) {
  const byFunction = new Map();
  for (const row of rows.filter((r) => r.source !== "published")) {
    const entry = byFunction.get(functionKey(row)) ?? { solidity: null, yul: null, stock: null };
    if (row.subject.kind === "solidity" && (entry.solidity === null || row.gas < entry.solidity)) entry.solidity = row.gas;
    if (row.subject.kind === "stock") entry.stock = row.gas;
    if (row.subject.kind === "yul" && (entry.yul === null || row.gas < entry.yul)) entry.yul = row.gas;
    byFunction.set(functionKey(row), entry);
  }
  return byFunction;
}

/// A function is named within its section (two families may both have a `hash(1,2)`).
const functionKey = (row) => `${row.section}\u0000${row.fn}`;

const ratio = (gas, base) => (base ? `${(gas / base).toFixed(2)}×` : "–");
const cachedLabel = (cached) => (cached === true ? "cached" : cached === false ? "uncached" : "–");

/// The ArbOS version every Stylus figure is for: the meter's rules (model rows) and the node's (nitro rows).
function arbosLine({ model, nitro }) {
  const node = nitro === undefined ? "" : `; \`nitro\` rows on a node running ArbOS ${nitro} (\`ArbSys.arbOSVersion()\` − 55)`;
  return `**ArbOS version:** \`model\` Stylus rows are computed at ArbOS ${model} (\`stylus-meter --arbos ${model}\`: that version's rules)${node}.`;
}

// ---------------------------------------------------------------- goals

// Which rows a goal reads, by their fields (apps-evm.mjs, model-stylus.mjs, lean-imt-stylus.mjs).
const isStock = { kind: "stock" };
const linkedToStylus = { kind: "stylus", cached: true };
const stylusUncached = { kind: "stylus", cached: false };
const rustInProcess = { kind: "in-process", app: "lean-imt", variant: null, cached: true };
const rustLikeForLike = { kind: "in-process", app: "lean-imt", variant: "zk-kit-storage", cached: true };
// The transactions the goals are about (the stock row, ours and the Rust LeanIMT all name the app).
const LEAN_1023 = { app: "lean-imt", fn: APP_FN.leanInsert(1023) };
const LEAN_MEAN = { app: "lean-imt", fn: APP_FN.leanInsertMean(1000, 1100) };
const ADD_1000 = { app: "semaphore", fn: APP_FN.addMember(1000) };

// What a goal's first column says the transaction hashes with.
const LINKED = "PoseidonT3 linked to our Stylus T3 program";
const IN_RUST = "the LeanIMT written in Rust, hashing in-process";

/**
 * The apps' goals, each named by what it measures (`what`): gas ≤ `goal` × the stock app's, for the
 * apps as published with PoseidonT3 linked to the cached Stylus T3 program, and for zk-kit's LeanIMT
 * written in Rust, hashing in-process, cached. `ours` picks the row measured against the goal; `also`
 * a variant shown on a second line when the report has it (the Rust LeanIMT writing zk-kit's
 * storage, like for like).
 */
const APP_GOALS = [
  { what: `LeanIMT \`insert\` at 1,023 leaves (10 hashes), ${LINKED}`, call: LEAN_1023, ours: linkedToStylus, goal: 0.45 },
  { what: `LeanIMT \`insert\`, mean of the 1,001st to 1,100th, ${LINKED}`, call: LEAN_MEAN, ours: linkedToStylus, goal: 0.62 },
  { what: `Semaphore \`addMember\` into a group of 1,000 or more, ${LINKED}`, call: ADD_1000, ours: linkedToStylus, goal: 0.65 },
  { what: `LeanIMT \`insert\`, mean of the 1,001st to 1,100th, ${IN_RUST}`, call: LEAN_MEAN, ours: rustInProcess, also: rustLikeForLike, goal: 0.55 },
  { what: `LeanIMT \`insert\` at 1,023 leaves (10 hashes), ${IN_RUST}`, call: LEAN_1023, ours: rustInProcess, also: rustLikeForLike, goal: 0.4 },
];

/**
 * The circomlib section's goals (our programs cached unless the goal says uncached): gas ≤ `goal` × the EVM peer's (`versus`), or
 * ≤ `limit` gas where no EVM contract exists to compare with.
 */
const sixteenInputs = `hash(${Array.from({ length: 16 }, (_, i) => i + 1).join(",")})`;
const CIRCOMLIB_GOALS = [
  { what: "`hash` of 6 inputs (iden3's `PoseidonUnit6L`)", call: { fn: "hash(1,2,3,4,5,6)" }, ours: linkedToStylus, versus: { kind: "peer", deployable: "poseidonContract.createCode(6)" }, goal: 0.1 },
  { what: "`hash` of 16 inputs", call: { fn: sixteenInputs }, ours: linkedToStylus, limit: 35_000 },
  { what: "`poseidonSponge` of 32 values", call: { fn: "poseidonSponge(1..32)" }, ours: linkedToStylus, versus: { kind: "peer", deployable: "SpongePoseidon" }, goal: 0.2 },
  { what: "`hash(1,2)` uncached", call: { fn: "hash(1,2)" }, ours: stylusUncached, limit: 18_000 },
  { what: "`hash(1,2)` cached", call: { fn: "hash(1,2)" }, ours: linkedToStylus, limit: 4_780 },
];

/**
 * The Goldilocks section's goals (our programs cached, `model`): ≤ `limit` gas, or ≤ `goal` × our Yul
 * reference's for the same call (RPO and RPX have no other EVM implementation).
 */
const GOLDILOCKS_GOALS = [
  {
    what: "`midenPoseidon2Merge` (Plonky3's Poseidon2), no dearer than HorizenLabs' `poseidon2TwoToOne`",
    call: { fn: "midenPoseidon2Merge([1,2,3,4],[5,6,7,8]) (Miden Poseidon2)" },
    ours: linkedToStylus,
    limit: 2_100,
  },
  { what: "`rpoMerge`, against RpoYul", call: { fn: "rpoMerge([1,2,3,4],[5,6,7,8]) (RPO)" }, ours: linkedToStylus, versus: { kind: "yul", deployable: "RpoYul" }, goal: 0.05 },
  { what: "`rpxMerge`, against RpxYul", call: { fn: "rpxMerge([1,2,3,4],[5,6,7,8]) (RPX)" }, ours: linkedToStylus, versus: { kind: "yul", deployable: "RpxYul" }, goal: 0.05 },
];
const GOLDILOCKS_GOALS_INTRO = [
  "Computed from the rows above (our programs cached, `model` at ArbOS 61): gas ≤ a bound, or ≤ goal × our Yul",
  "reference's on anvil for the same call.",
];

/**
 * The MiMC section's goals (our program cached): gas ≤ `goal` × the EVM contract's for the same call
 * (`versus`): circomlibjs's generated contracts, Tornado's hasher, and the depth-20 MiMCMerkleTree insert
 * over Tornado's hasher (two `MiMCSponge` calls per level) against the same tree over the program's
 * one-call `hashLeftRight`.
 */
const TORNADO_HASHER = { kind: "peer", deployable: "TornadoMiMCSponge" };
const MIMC_GOALS = [
  {
    what: "`MiMCSponge(1,2,0)` (with the key), against circomlibjs's generated `MiMCSponge`",
    call: { fn: "MiMCSponge(1,2,0)" },
    ours: linkedToStylus,
    versus: { kind: "peer", package: "circomlibjs" },
    goal: 0.4,
  },
  {
    what: "`MiMCSponge(1,2)` (Tornado's `IHasher`), against Tornado's hasher",
    call: { fn: "MiMCSponge(1,2)" },
    ours: linkedToStylus,
    versus: TORNADO_HASHER,
    goal: 0.4,
  },
  { what: "`MiMCpe7(1,2)`, against circomlibjs's generated `MiMCpe7`", call: { fn: "MiMCpe7(1,2)" }, ours: linkedToStylus, versus: { kind: "peer", package: "circomlibjs" }, goal: 0.7 },
  {
    what: "MiMCMerkleTree `insert` at depth 20, one `hashLeftRight` call per level, against the tree over Tornado's hasher (two `MiMCSponge` calls per level)",
    call: { app: "mimc-tree" },
    ours: { ...linkedToStylus, fn: APP_FN.mimcTreeInsert(20, 8, true) },
    versus: { ...TORNADO_HASHER, fn: APP_FN.mimcTreeInsert(20, 8, false) },
    goal: 0.35,
  },
];
const MIMC_GOALS_INTRO = [
  "Computed from the rows above (our program cached, `model`; the tree's Stylus rows composed from its anvil inserts): gas ≤ goal ×",
  "the EVM contract's on anvil for the same call, or for the tree, the EVM tree over Tornado's hasher.",
];

/** Where a row's figure comes from: an app over a Stylus program is composed from anvil and the meter (model-stylus.mjs). */
const goalSource = (row) => (row.subject.kind === "stylus" && row.subject.app ? `composed (${row.source})` : row.source);

/** A goal's bound as the table shows it. */
const bound = (goal) => (goal.limit ? `≤ ${goal.limit.toLocaleString("en-US")} gas` : `≤ ${goal.goal.toFixed(2)}`);

/**
 * The goals table's lines for `rows` (one section's), or none when no goal has a row: each goal's row
 * (`ours`, and `also` when present) against the baseline row (`versus`, the stock app by default) or its
 * `limit`.
 */
function goalLines(rows, goals, intro, baselineName) {
  const lines = [];
  let found = 0;
  for (const goal of goals) {
    const call = rows.filter((row) => matches(row, goal.call));
    const base = goal.limit ? null : call.find((row) => matches(row, goal.versus ?? isStock));
    const mine = [call.find((row) => matches(row, goal.ours)), ...(goal.also ? [call.find((row) => matches(row, goal.also))] : [])];
    if (!mine[0] || (!goal.limit && !base)) {
      lines.push(`| ${goal.what} | – | – | – | – | ${bound(goal)} | no row in this report | – |`);
      continue;
    }
    for (const row of mine.filter(Boolean)) {
      found++;
      const ratio = base ? row.gas / base.gas : null;
      const met = base ? ratio <= goal.goal : row.gas <= goal.limit;
      lines.push(
        `| ${goal.what} | ${label(row)} | ${row.gas.toLocaleString("en-US")} | ` +
          `${base ? base.gas.toLocaleString("en-US") : "–"} | ${base ? ratio.toFixed(3) : "–"} | ${bound(goal)} | ${met ? "met" : "not met"} | ${goalSource(row)} |`,
      );
    }
  }
  if (found === 0) return [];
  return [
    "### Goals",
    "",
    ...intro,
    "",
    `| transaction | ours | gas | ${baselineName} | ratio | goal | met | source |`,
    "|---|---|---:|---:|---:|---|---|---|",
    ...lines,
    "",
  ];
}

const APP_GOALS_INTRO = [
  "Computed from the rows above (gas ≤ goal × the stock app's, the program or contract cached): the apps as",
  "published with PoseidonT3 linked to our Stylus T3 program, and zk-kit's LeanIMT written in Rust, hashing",
  "in-process.",
];
const CIRCOMLIB_GOALS_INTRO = [
  "Computed from the rows above (our program cached unless the goal says uncached, `model` at ArbOS 61): gas ≤ goal × the EVM peer's on anvil,",
  "or ≤ a bound in gas where the EVM has no contract for the width.",
];

// ---------------------------------------------------------------- Rescue against Poseidon

/**
 * The 2-to-1 hashes over Goldilocks the comparison of Rescue and Poseidon is about (and Plonky3's
 * permutation, which has a goal of its own): each one's call (`fn`), and the criterion group
 * (crates/goldilocks-bench) and peer that time it natively.
 */
const GOLDILOCKS_TWO_TO_ONE = [
  { hash: "Rescue: RPO256 `rpoMerge`", fn: "rpoMerge([1,2,3,4],[5,6,7,8]) (RPO)", group: "rpo256_merge", peer: "miden-crypto" },
  { hash: "Rescue: RPX256 `rpxMerge`", fn: "rpxMerge([1,2,3,4],[5,6,7,8]) (RPX)", group: "rpx256_merge", peer: "miden-crypto" },
  { hash: "Poseidon (plonky2) `twoToOne`", fn: "twoToOne([1,2,3,4],[5,6,7,8]) (Poseidon)", group: "poseidon_two_to_one", peer: "plonky2" },
  {
    hash: "Poseidon2 (HorizenLabs) `poseidon2TwoToOne`",
    fn: "poseidon2TwoToOne([1,2,3,4],[5,6,7,8]) (Poseidon2)",
    group: "poseidon2_permutation",
    peer: "plonky3",
    what: "the permutation, against Plonky3's layers with HorizenLabs' parameters",
  },
  {
    hash: "Poseidon2 (Plonky3, Miden) `midenPoseidon2Merge`",
    fn: "midenPoseidon2Merge([1,2,3,4],[5,6,7,8]) (Miden Poseidon2)",
    group: "miden_poseidon2_merge",
    peer: "miden-crypto",
  },
  {
    hash: "Poseidon2 (Plonky3) permutation `midenPoseidon2Permute`",
    fn: "midenPoseidon2Permute([0..11]) (Miden Poseidon2)",
    group: "plonky3_poseidon2_permutation",
    peer: "p3-goldilocks",
    what: "0.6.3's `default_goldilocks_poseidon2_12`",
  },
];

/**
 * The Goldilocks section's comparison of Rescue and Poseidon per 2-to-1 hash: our program cached and
 * uncached, our Yul reference, and native ns (ours / the crate's, generic target and the machine's
 * CPU) from `native` (gas-report/native.json), "–" where a figure is not there.
 */
function rescueLines(rows, native) {
  const gas = (row) => (row ? row.gas.toLocaleString("en-US") : "–");
  const ns = (target, group, fn) => native?.targets?.[target]?.[group]?.[fn];
  const pair = (target, entry) => {
    const [ours, peer] = [ns(target, entry.group, "ours"), ns(target, entry.group, entry.peer)];
    if (ours === undefined || peer === undefined) return "–";
    return `${Math.round(ours).toLocaleString("en-US")} / ${Math.round(peer).toLocaleString("en-US")} (${(ours / peer).toFixed(2)}×)`;
  };
  const lines = [];
  for (const entry of GOLDILOCKS_TWO_TO_ONE) {
    const call = rows.filter((row) => row.fn === entry.fn);
    if (call.length === 0) continue;
    const cached = call.find((row) => matches(row, { kind: "stylus", app: null, cached: true }));
    const uncached = call.find((row) => matches(row, { kind: "stylus", app: null, cached: false }));
    const yul = call.find((row) => row.subject.kind === "yul");
    const peer = `${entry.peer}${entry.what ? `; ${entry.what}` : ""}`;
    lines.push(`| ${entry.hash} | ${gas(cached)} | ${gas(uncached)} | ${gas(yul)} | ${pair("generic", entry)} | ${pair("native", entry)} | ${peer} |`);
  }
  if (lines.length === 0) return [];
  const measured = native ? `Native: criterion medians measured ${native.measured} on ${native.cpu} (${native.rustc}), gas-report/native.json.` : "Native: no gas-report/native.json (scripts/gas-report/native-bench.sh writes it).";
  return [
    "### Rescue against Poseidon, per 2-to-1 hash",
    "",
    "The comparison the project started from. Gas: our program (`model` at ArbOS 61) and our Yul reference on anvil, as in",
    `the rows above; native: ours / the crate's, in ns, in one criterion run each, every pair checked equal first. ${measured}`,
    "",
    "| hash | Stylus cached | Stylus uncached | Yul | native ns, generic x86-64 (ours / crate) | native ns, target-cpu=native | crate |",
    "|---|---:|---:|---:|---:|---:|---|",
    ...lines,
    "",
  ];
}

// ---------------------------------------------------------------- widths and size steps

// The EVM rows a Stylus figure is set against: contracts executed on the EVM, measured by this report.
const EVM_KINDS = ["peer", "yul", "solidity"];

/**
 * The circomlib section's "Uncached, width by width" lines: for each `hash` call that both our
 * program and an EVM contract have, our uncached and cached figures against the cheapest EVM
 * contract's, with the ratio uncached / EVM. None when no call has both.
 */
function widthLines(rows) {
  const lines = [];
  const calls = [...new Set(rows.filter((row) => /^hash\(/.test(row.fn)).map((row) => row.fn))];
  for (const fn of calls) {
    const call = rows.filter((row) => row.fn === fn);
    const uncached = call.find((row) => matches(row, { kind: "stylus", app: null, cached: false }));
    const cached = call.find((row) => matches(row, { kind: "stylus", app: null, cached: true }));
    const evm = call.filter((row) => EVM_KINDS.includes(row.subject.kind) && row.source !== "published");
    if (!uncached || evm.length === 0) continue;
    const cheapest = evm.reduce((a, b) => (b.gas < a.gas ? b : a));
    lines.push(
      `| \`${fn}\` | ${uncached.gas.toLocaleString("en-US")} | ${cached ? cached.gas.toLocaleString("en-US") : "–"} | ` +
        `${label(cheapest)} | ${cheapest.gas.toLocaleString("en-US")} | ${(uncached.gas / cheapest.gas).toFixed(2)}× |`,
    );
  }
  if (lines.length === 0) return [];
  return [
    "### Uncached, width by width",
    "",
    "Our program uncached and cached (`model`) against the cheapest EVM contract measured for the same call.",
    "",
    "| call | ours uncached | ours cached | cheapest EVM | EVM gas | uncached / EVM |",
    "|---|---:|---:|---|---:|---:|",
    ...lines,
    "",
  ];
}

/** The size rule: a size step may raise the cached call by at most this fraction of the first step's. */
const SIZE_RULE_CACHED = 0.01;
const SIZE_RULE =
  `A size step is kept when it lowers the program's uncached gas and its cached gas stays within ${SIZE_RULE_CACHED * 100} % ` +
  "of the program before the size steps (the first step).";

/** Whether each size step holds the rule against the step before it and the first step (null for the first). */
function sizeVerdicts(steps) {
  return steps.map((step, i) => {
    if (i === 0) return null;
    const previous = steps[i - 1];
    const first = steps[0];
    if ([step, previous, first].some((s) => s.uncached_gas === null || s.cached_gas === null)) return false;
    return step.uncached_gas < previous.uncached_gas && step.cached_gas <= first.cached_gas * (1 + SIZE_RULE_CACHED);
  });
}

/** The size ladder's section; throws when the deployable (the last step) breaks SIZE_RULE. */
function sizeLadderLines(steps) {
  if (steps.length === 0) return [];
  const verdicts = sizeVerdicts(steps);
  const last = steps.length - 1;
  if (last > 0 && !verdicts[last]) {
    throw new Error(`the deployable (size step "${steps[last].step}") breaks the size rule: ${SIZE_RULE}`);
  }
  const gas = (n) => (n === null ? "–" : n.toLocaleString("en-US"));
  const percent = (x) => `${x >= 0 ? "+" : ""}${(x * 100).toFixed(1)}%`;
  const lines = ["## Size ladder (Stylus `hash(1,2)`, uncached)", ""];
  lines.push("Each step shrinks the T3 program for uncached calls; the last is the deployable. " + SIZE_RULE, "");
  lines.push("| step | bytes | uncached gas | saved vs previous (uncached) | cached gas | cached vs first step | rule | source |");
  lines.push("|---|---:|---:|---:|---:|---:|---|---|");
  steps.forEach((step, i) => {
    const previous = i > 0 ? steps[i - 1].uncached_gas : null;
    const saved = previous && step.uncached_gas !== null ? `${(((previous - step.uncached_gas) / previous) * 100).toFixed(1)}%` : "–";
    const first = steps[0].cached_gas;
    const versusFirst = i > 0 && first && step.cached_gas !== null ? percent(step.cached_gas / first - 1) : "–";
    const rule = verdicts[i] === null ? "first step" : verdicts[i] ? "kept" : "refused";
    const bytes = step.wasm_bytes.toLocaleString("en-US");
    const uncached = step.note ? `– (${step.note})` : gas(step.uncached_gas);
    lines.push(`| ${step.step} | ${bytes} | ${uncached} | ${saved} | ${gas(step.cached_gas)} | ${versusFirst} | ${rule} | ${step.source} |`);
  });
  lines.push("");
  return lines;
}

/** The ladder's steps of one kind ("arithmetic" or "size"); a step of another kind stops the report. */
function ladderSteps(ladder, kind) {
  for (const step of ladder) {
    if (!["arithmetic", "size"].includes(step.ladder)) throw new Error(`ladder step "${step.step}": ladder is ${JSON.stringify(step.ladder)}, not "arithmetic" or "size"`);
  }
  return ladder.filter((step) => step.ladder === kind);
}

/** The meter's calibration case files (crates/stylus-meter/calibration/*.json), which the header names. */
const CALIBRATION = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "crates", "stylus-meter", "calibration");
// The marker reviewers' and diff tools look for in a generated file's first lines.
const GENERATED = "@generated by scripts/gas-report.sh (scripts/gas-report/render.mjs); do not edit";

const calibrationCases = () => fs.readdirSync(CALIBRATION).filter((f) => f.endsWith(".json")).sort();

function markdown(rows, unmeasured, ladder, meta, about = {}, native) {
  const bases = baselines(rows);
  const lines = [];
  lines.push(`<!-- ${GENERATED} -->`, "# Gas report", "");
  lines.push(`Generated ${meta.date} by \`scripts/gas-report.sh\`. Gas is a transaction's gas minus 21,000`);
  lines.push("(calldata, call and execution; on Arbitrum also minus the L1 component). Sources: `nitro` = receipts");
  lines.push("from a Nitro node; `anvil`/`forge` = EVM execution; `model` = the offline Stylus meter");
  lines.push("(`crates/stylus-meter`, Nitro's ink prices and activation formulas, equal to what Nitro measured on");
  lines.push(`every case in \`crates/stylus-meter/calibration/\`: ${calibrationCases().map((f) => `\`${f}\``).join(", ")}; the notes say`);
  lines.push("what each holds), metering each program as `cargo stylus deploy` deploys it. Stylus rows say whether the");
  lines.push("program is cached (ArbWasmCache) or not.", "");
  if (meta.arbos) lines.push(arbosLine(meta.arbos), "");
  const sorted = [];
  for (const section of sections(rows)) {
    lines.push(`## ${section.name}`, "");
    for (const paragraph of about[section.name] ?? []) lines.push(paragraph, "");
    // A section whose rows name a stock (as published) baseline compares with it instead of our plain Solidity.
    const vsStock = section.rows.some((row) => row.subject.kind === "stock");
    lines.push(`| implementation | language | function | gas | ${vsStock ? "vs stock" : "vs plain Solidity"} | vs best Yul | cached | source |`);
    lines.push("|---|---|---|---:|---:|---:|---|---|");
    for (const row of grouped(section.rows).flatMap((group) => group.rows)) {
      const base = bases.get(functionKey(row));
      // A published figure is measured its source's way (often a call frame, not a transaction), so
      // it is not divided by this report's transactions: its note says what it is.
      const versus = (baseline) => (row.source === "published" ? "–" : ratio(row.gas, baseline));
      lines.push(
        `| ${label(row)} | ${language(row)} | \`${row.fn}\` | ${row.gas.toLocaleString("en-US")} | ${versus(vsStock ? base.stock : base.solidity)} | ${versus(base.yul)} | ${cachedLabel(row.cached)} | ${row.source} |`,
      );
      sorted.push(row);
    }
    lines.push("", `![${section.name}: gas per call, log scale](${chartFile(section.name)})`, "");
    if (section.name === SECTIONS.apps) lines.push(...goalLines(section.rows, APP_GOALS, APP_GOALS_INTRO, "stock"));
    if (section.name === SECTIONS.circomlib) {
      lines.push(...widthLines(section.rows));
      lines.push(...goalLines(section.rows, CIRCOMLIB_GOALS, CIRCOMLIB_GOALS_INTRO, "peer"));
    }
    if (section.name === SECTIONS.goldilocks) {
      lines.push(...rescueLines(section.rows, native));
      lines.push(...goalLines(section.rows, GOLDILOCKS_GOALS, GOLDILOCKS_GOALS_INTRO, "EVM"));
    }
    if (section.name === SECTIONS.mimc) lines.push(...goalLines(section.rows, MIMC_GOALS, MIMC_GOALS_INTRO, "EVM"));
  }
  const arithmetic = ladderSteps(ladder, "arithmetic");
  if (arithmetic.length > 0) {
    lines.push("## Optimization ladder (Stylus `hash(1,2)`)", "");
    lines.push("Each step adds one technique to the one above; the last is the deployable, cached. \"Saved\" compares with");
    lines.push("the last step that could be deployed.", "");
    lines.push("| step | gas | saved vs previous | source |", "|---|---:|---:|---|");
    let previous = null;
    for (const step of arithmetic) {
      if (step.gas === null) {
        lines.push(`| ${step.step} | – (${step.note}) | – | ${step.source} |`);
        continue;
      }
      const saved = previous === null ? "–" : `${(((previous - step.gas) / previous) * 100).toFixed(1)}%`;
      lines.push(`| ${step.step} | ${step.gas.toLocaleString("en-US")} | ${saved} | ${step.source} |`);
      previous = step.gas;
    }
  }
  const size = ladderSteps(ladder, "size");
  if (size.length > 0) lines.push("", ...sizeLadderLines(size));
  const rowNotes = sorted.filter((row) => row.note).map((row) => `${label(row)}, \`${row.fn}\` (${row.source}): ${row.note}`);
  const unmeasuredNotes = unmeasured.map(
    (u) => `not measured: ${label(u)}, \`${u.fn}\` ${cachedLabel(u.cached)} (${u.source}): ${u.reason}`,
  );
  const notes = [...(meta.notes ?? []), ...rowNotes, ...unmeasuredNotes];
  if (notes.length) {
    lines.push("", "## Notes", "");
    for (const note of notes) lines.push(`- ${note}`);
  }
  lines.push("", "## Tools", "");
  for (const [tool, version] of Object.entries(meta.tools ?? {})) lines.push(`- ${tool}: ${version}`);
  lines.push("");
  return lines.join("\n");
}

const escapeXml = (s) => String(s).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

// Categories in the fixed order every group shows them, with their colours (the chart's legend).
const CATEGORIES = [
  { key: "stylus-cached", label: "Stylus (ours), cached", color: "#d9730d" },
  { key: "stylus-uncached", label: "Stylus (ours), uncached", color: "#f2b880" },
  { key: "yul", label: "Yul (ours)", color: "#2f6fdf" },
  { key: "solidity", label: "Solidity (ours)", color: "#6b6b6b" },
  { key: "peer", label: "other libraries", color: "#8e44ad" },
];

/// A row's category: its kind, Stylus and in-process Rust split by caching (in-process rows measure
/// no call, so they count as cached).
function category(row) {
  const { kind } = row.subject;
  if (kind === "peer" || kind === "stock") return "peer";
  if (kind === "stylus" || kind === "in-process") return row.cached === false ? "stylus-uncached" : "stylus-cached";
  return kind;
}

/// Rows grouped by function (in the order the functions first appear in the inputs), each group
/// in category order, then by gas: the order of both the table and the chart.
function grouped(rows) {
  const functions = [...new Set(rows.map((row) => row.fn))];
  const rank = (row) => CATEGORIES.findIndex((c) => c.key === category(row));
  return functions.map((fn) => ({
    function: fn,
    rows: rows.filter((row) => row.fn === fn).sort((a, b) => rank(a) - rank(b) || a.gas - b.gas),
  }));
}

/// A horizontal bar chart on a log scale, one group per function (named once), one bar per row.
function svg(title, rows) {
  const groups = grouped(rows);
  const barLabel = (row) => `${label(row)}${row.cached === true ? " (cached)" : row.cached === false ? " (uncached)" : ""} [${row.source}]`;
  // Sans-serif at 12 px averages under 7 px per character: size the label column to the longest label.
  const charWidth = 7;
  const labelWidth = 20 + charWidth * Math.max(...rows.map((row) => barLabel(row).length), ...groups.map((g) => g.function.length));
  const chartWidth = 560, barHeight = 16, gap = 5, groupGap = 14, headerHeight = 20, valueRoom = 90;
  const legendTop = 36, legendRows = Math.ceil(CATEGORIES.length / 3);
  const top = legendTop + legendRows * 20 + 16;
  let height = top;
  for (const group of groups) height += headerHeight + group.rows.length * (barHeight + gap) + groupGap;
  height += 30;
  const width = labelWidth + chartWidth + valueRoom;
  const maxGas = Math.max(...rows.map((r) => r.gas));
  const decades = Math.max(3, Math.ceil(Math.log10(maxGas)));
  const minDecade = 2; // 100 gas
  const x = (gas) => labelWidth + (chartWidth * (Math.log10(Math.max(gas, 10 ** minDecade)) - minDecade)) / (decades - minDecade);
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">`,
    `<!-- ${GENERATED} -->`,
    `<rect width="100%" height="100%" fill="white"/>`,
    `<text x="10" y="22" font-size="15" font-weight="bold">${escapeXml(title)}: gas per call (log scale), transaction gas − 21,000</text>`,
  ];
  CATEGORIES.forEach((c, i) => {
    const lx = 10 + (i % 3) * 240, ly = legendTop + Math.floor(i / 3) * 20;
    parts.push(`<rect x="${lx}" y="${ly}" width="14" height="14" fill="${c.color}"/>`);
    parts.push(`<text x="${lx + 20}" y="${ly + 11}">${escapeXml(c.label)}</text>`);
  });
  for (let d = minDecade; d <= decades; d++) {
    const gx = x(10 ** d);
    parts.push(`<line x1="${gx}" y1="${top - 6}" x2="${gx}" y2="${height - 30}" stroke="#ddd"/>`);
    parts.push(`<text x="${gx}" y="${height - 14}" text-anchor="middle" fill="#555">${(10 ** d).toLocaleString("en-US")}</text>`);
  }
  let y = top;
  for (const group of groups) {
    parts.push(`<text x="10" y="${y + 14}" font-weight="bold">${escapeXml(group.function)}</text>`);
    y += headerHeight;
    for (const row of group.rows) {
      const color = CATEGORIES.find((c) => c.key === category(row)).color;
      parts.push(`<text x="${labelWidth - 8}" y="${y + 12}" text-anchor="end">${escapeXml(barLabel(row))}</text>`);
      parts.push(`<rect x="${labelWidth}" y="${y}" width="${Math.max(1, x(row.gas) - labelWidth)}" height="${barHeight}" fill="${color}"/>`);
      parts.push(`<text x="${x(row.gas) + 4}" y="${y + 12}">${row.gas.toLocaleString("en-US")}</text>`);
      y += barHeight + gap;
    }
    y += groupGap;
  }
  parts.push("</svg>");
  return parts.join("\n") + "\n";
}

/** The report's first line dates its figures: a rerun that changes nothing but the day keeps the
 * date already there, so regenerating an unchanged report leaves the file (and `git status`) as
 * it was. */
function withFiguresDate(file, report) {
  const dateLine = /^Generated \d{4}-\d{2}-\d{2} by /m;
  const previous = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : null;
  const undated = (text) => text.replace(dateLine, "Generated by ");
  if (previous !== null && undated(previous) === undated(report)) return previous;
  return report;
}

function main() {
  const { values, positionals: inputs } = parseOptions({ out: { type: "string", default: "gas-report" }, meta: { type: "string" } }, { allowPositionals: true });
  if (inputs.length === 0) throw new Error("no rows files given");
  const meta = values.meta ? JSON.parse(fs.readFileSync(values.meta, "utf8")) : {};
  meta.date ??= new Date().toISOString().slice(0, 10);
  const { rows, unmeasured, about } = loadRows(inputs);
  const ladder = meta.ladder ?? [];
  const out = values.out;
  fs.mkdirSync(out, { recursive: true });
  // Native time, measured apart (scripts/gas-report/native-bench.sh), set beside the gas figures.
  const nativeFile = path.join(out, "native.json");
  const native = fs.existsSync(nativeFile) ? JSON.parse(fs.readFileSync(nativeFile, "utf8")) : null;
  const gasJson = {
    generated_by: GENERATED,
    ...(meta.arbos ? { arbos: meta.arbos } : {}),
    rows: rows.map(published),
  };
  fs.writeFileSync(path.join(out, "gas.json"), JSON.stringify(gasJson, null, 2) + "\n");
  fs.writeFileSync(path.join(out, "ladder.json"), JSON.stringify(ladder, null, 2) + "\n");
  fs.writeFileSync(path.join(out, "report.md"), withFiguresDate(path.join(out, "report.md"), markdown(rows, unmeasured, ladder, meta, about, native)));
  // Charts of an earlier run whose section is gone would linger beside the new ones.
  for (const stale of fs.readdirSync(out).filter((f) => /^gas(-.+)?\.svg$/.test(f))) fs.rmSync(path.join(out, stale));
  const charts = sections(rows).map((section) => {
    fs.writeFileSync(path.join(out, chartFile(section.name)), svg(section.name, section.rows));
    return chartFile(section.name);
  });
  console.log(`render: ${rows.length} rows, ${ladder.length} ladder steps -> ${out}/{gas.json,ladder.json,report.md,${charts.join(",")}}`);
}

try {
  main();
} catch (e) {
  console.error(`render: ${e.message}`);
  process.exit(1);
}
