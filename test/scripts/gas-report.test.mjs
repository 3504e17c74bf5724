// Tests of the gas report's EVM path, run with `node --test test/scripts/`: scripts/gas-report/evm-gas.sh really
// deploys and calls every implementation on an anvil it starts and stops itself (here on a free port,
// writing to a temporary file), then the report's own scripts (measure-stylus.mjs, model-stylus.mjs,
// meta.mjs, render.mjs) turn the rows into report.md, gas.json and the charts in a temporary directory.
// The committed gas-report/ is never written. Needs npm ci and, for the Stylus rows, the built meter
// and WASM (scripts/build-wasm.sh; scripts/test.sh runs it before these tests).
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "./helpers.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const BIN = join(ROOT, "node_modules", ".bin");
const METER = join(ROOT, "target", "tools", "stylus-meter");
const WASM_DIR = join(ROOT, "target", "stylus");
const GAS_REPORT = join(ROOT, "scripts", "gas-report");
// The ArbOS version the report's Stylus figures are computed at (scripts/gas-report.sh passes it).
const ARBOS = "61";
const ENV = { ...process.env, PATH: `${BIN}:${process.env.PATH}` };

const work = mkdtempSync(join(tmpdir(), "gas-report-"));
after(() => rmSync(work, { recursive: true, force: true }));

/** Whether something accepts connections on the port. */
async function listening(port) {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** Runs a command to completion (async, so the test runner keeps its timers); rejects on failure. */
function run(command, args, env = ENV) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("close", (code) => {
      if (code === 0) resolve(stdout);
      else reject(new Error(`${command} ${args.join(" ")} exited ${code}:\n${stderr.slice(-3000)}\n${stdout.slice(-2000)}`));
    });
  });
}

/** A digest of every file of a directory, to prove a run left it alone. */
function digest(dir) {
  const hash = createHash("sha256");
  for (const name of readdirSync(dir).sort()) hash.update(name).update(readFileSync(join(dir, name)));
  return hash.digest("hex");
}

function requireBuilt() {
  for (const file of [METER, join(WASM_DIR, "poseidon_stylus.wasm"), join(WASM_DIR, "poseidon_stylus_poseidon2.wasm")]) {
    assert.ok(existsSync(file), `${file} is missing: run scripts/build-wasm.sh (it builds the meter and the WASM)`);
  }
}

const committedReport = join(ROOT, "gas-report");
const committedDigest = digest(committedReport);
const evmJson = join(work, "evm.json");

// What scripts/gas-report/evm-gas.sh measures: [implementation prefix, function, [min, max] gas].
const HASH = "hash(1,2)";
const ROOT20 = "rootFromPath(depth 20)";
const TREE_BATCHED = "insert, depth 20, mean of 8 (one nodesFromPath call)";
const TREE_PER_LEVEL = "insert, depth 20, mean of 8 (one hash call per level)";
const EXPECTED = [
  ["PoseidonT3Yul (", HASH, [5_000, 40_000]],
  ["PoseidonT3Solidity (", HASH, [100_000, 1_000_000]],
  ["poseidon-solidity 0.0.5 PoseidonT3", HASH, [5_000, 60_000]],
  ["circomlibjs 0.1.7", HASH, [5_000, 60_000]],
  ["Poseidon2Yul (", "poseidon2(1,2)", [5_000, 40_000]],
  // The other circomlib widths: poseidon-solidity and circomlibjs's generated contract.
  ...[1, 3, 4, 5].flatMap((n) => {
    const fn = `hash(${Array.from({ length: n }, (_, i) => i + 1).join(",")})`;
    return [
      [`poseidon-solidity 0.0.5 PoseidonT${n + 1}`, fn, [5_000, 200_000]],
      [`circomlibjs 0.1.7 poseidonContract.createCode(${n})`, fn, [5_000, 200_000]],
    ];
  }),
  ["PoseidonT3Yul (", ROOT20, [20 * 5_000, 20 * 40_000]],
  ["PoseidonT3Solidity (", ROOT20, [20 * 100_000, 20 * 1_000_000]],
  ["PoseidonT3Yul (", "nodesFromPath(depth 20)", [20 * 5_000, 20 * 40_000]],
  ["IncrementalMerkleTree + PoseidonT3Yul", TREE_BATCHED, [20 * 5_000, 20 * 60_000]],
  ["IncrementalMerkleTree + PoseidonT3Yul", TREE_PER_LEVEL, [20 * 5_000, 20 * 60_000]],
  ["IncrementalMerkleTree + PoseidonT3Solidity", TREE_BATCHED, [20 * 100_000, 20 * 1_000_000]],
  ["GoldilocksPoseidonYul (", "permute([0..11]) (Poseidon)", [20_000, 200_000]],
  ["GoldilocksPoseidonYul (", "twoToOne([1,2,3,4],[5,6,7,8]) (Poseidon)", [20_000, 200_000]],
  ["GoldilocksPoseidonYul (", "rootFromPath(depth 20) (Poseidon)", [20 * 20_000, 20 * 200_000]],
  // Poseidon2 section: Noir's hash and the t = 4 permutation, Yul and plain Solidity; n inputs cost
  // max(1, ceil(n / 3)) permutations.
  ...[
    ["NoirPoseidon2Yul (", [5_000, 40_000]],
    ["NoirPoseidon2Solidity (", [50_000, 1_000_000]],
  ].flatMap(([prefix, [min, max]]) => [
    [prefix, "noirHash2(1,2)", [min, max]],
    ...[1, 2, 3].map((n) => [prefix, `noirHash([1..${n}])`, [min, max]]),
    [prefix, "noirHash([1..4])", [2 * min, 2 * max]],
    [prefix, "noirHash([1..8])", [3 * min, 3 * max]],
    [prefix, "poseidon2PermuteT4([1,2,3,4])", [min, max]],
    [prefix, "poseidon2CompressT4([1,2,3,4])", [min, max]],
  ]),
];
const find = (rows, prefix, fn) => rows.filter((r) => r.implementation.startsWith(prefix) && r.function === fn);

let evm = null;

test("evm-gas.sh deploys and measures every EVM implementation on an anvil it starts and stops", { timeout: 600_000 }, async () => {
  const port = await freePort();
  await run(join(GAS_REPORT, "evm-gas.sh"), [evmJson], { ...ENV, EVM_GAS_PORT: String(port) });
  assert.equal(await listening(port), false, `anvil still answers on port ${port} after evm-gas.sh`);

  evm = JSON.parse(readFileSync(evmJson, "utf8"));
  assert.ok(Array.isArray(evm.rows), "evm.json is a rows file ({rows: [...]})");
  assert.equal(evm.rows.length, EXPECTED.length, "one row per measurement, no extra");
  for (const [prefix, fn, [min, max]] of EXPECTED) {
    const rows = find(evm.rows, prefix, fn);
    assert.equal(rows.length, 1, `one row for ${prefix} ${fn}`);
    const [row] = rows;
    assert.ok(Number.isInteger(row.gas) && row.gas >= min && row.gas <= max, `${prefix} ${fn}: ${row.gas} gas not in [${min}, ${max}]`);
    assert.equal(row.source, "anvil");
    assert.equal(row.cached, null);
  }
  const gas = (prefix, fn) => find(evm.rows, prefix, fn)[0].gas;
  assert.ok(gas("PoseidonT3Solidity (", HASH) > 8 * gas("PoseidonT3Yul (", HASH), "plain Solidity far above Yul");
  assert.ok(gas("PoseidonT3Yul (", HASH) < gas("poseidon-solidity 0.0.5 PoseidonT3", HASH), "our Yul below poseidon-solidity");
  assert.equal(evm.summary.yul_hash_gas, gas("PoseidonT3Yul (", HASH));
  assert.ok(gas("NoirPoseidon2Solidity (", "noirHash2(1,2)") > 5 * gas("NoirPoseidon2Yul (", "noirHash2(1,2)"), "Noir: Solidity far above Yul");
  for (const row of evm.rows.filter((r) => r.implementation.startsWith("NoirPoseidon2"))) {
    assert.equal(row.section, "Poseidon2", `${row.implementation} ${row.function}: section`);
  }

  // The tree over the Yul hasher keeps each insert's traced hasher calls and refund for model-stylus.mjs.
  const tree = find(evm.rows, "IncrementalMerkleTree + PoseidonT3Yul", TREE_BATCHED)[0];
  const inserts = tree.detail?.inserts ?? [];
  assert.equal(inserts.length, 8, "eight recorded inserts");
  assert.equal(Math.floor(inserts.reduce((sum, i) => sum + i.gas, 0) / 8), tree.gas, "the row is their mean");
  inserts.forEach((insert, index) => {
    assert.equal(insert.index, index);
    assert.ok(insert.hasher_calls.length >= 1, `insert ${index} called the hasher`);
    const execution = insert.hasher_calls.reduce((sum, call) => sum + call.execution_gas, 0);
    for (const call of insert.hasher_calls) {
      assert.match(call.calldata, /^0x([0-9a-f]{2})+$/);
      assert.ok(call.calldata_gas > 0 && call.execution_gas > 20 * 5_000, `insert ${index}: the hasher hashes 20 levels`);
      // nodesFromPath's return data: offset, length 20, the node at each level up to the root.
      assert.match(call.output, /^0x0{62}200{62}14([0-9a-f]{64}){20}$/, `insert ${index}: the hasher's output is kept`);
    }
    assert.ok(execution < insert.gas, `insert ${index}: the hasher's execution is part of the insert`);
    assert.equal(insert.refund, 0, `insert ${index}: an append clears no storage`);
  });
});

test("render.mjs writes report.md, gas.json and a chart per section with every row, into the directory given", async () => {
  assert.ok(evm, "needs the evm-gas.sh test's rows");
  requireBuilt();
  const stylusJson = join(work, "stylus.json");
  writeFileSync(stylusJson, await run("node", [join(GAS_REPORT, "measure-stylus.mjs"), "--meter", METER, "--wasm-dir", WASM_DIR, "--arbos", ARBOS]));
  const stylus = JSON.parse(readFileSync(stylusJson, "utf8"));
  const { CALLS } = await import(join(GAS_REPORT, "calls.mjs"));
  assert.equal(stylus.rows.length, 2 * CALLS.length, "every call, cached and uncached");
  assert.equal(stylus.arbos, 61);
  const metaJson = join(work, "meta.json");
  writeFileSync(metaJson, await run("node", [join(GAS_REPORT, "meta.mjs"), "--stylus-source", "model", "--arbos", ARBOS]));

  const out = join(work, "report");
  await run("node", [join(GAS_REPORT, "render.mjs"), "--out", out, "--meta", metaJson, stylusJson, evmJson]);
  const rows = [...stylus.rows, ...evm.rows];
  const gasJson = JSON.parse(readFileSync(join(out, "gas.json"), "utf8"));
  assert.equal(gasJson.rows.length, rows.length, "gas.json has every row");
  assert.deepEqual(gasJson.arbos, { model: 61 }, "gas.json says which ArbOS version its Stylus figures are for");
  const report = readFileSync(join(out, "report.md"), "utf8");
  assert.match(report, /\*\*ArbOS version:\*\* `model` Stylus rows are computed at ArbOS 61 \(`stylus-meter --arbos 61`/);
  assert.match(report, /offline meter \(`model`\) at ArbOS 61/);
  assert.match(report, /a Nitro v3\.10\.x node at ArbOS 60, which ArbOS 61 renumbers after a refund fix, on this report's 58 direct-call rows/);
  const charts = new Map();
  for (const section of new Set(rows.map((row) => row.section))) {
    const file = `gas-${section.toLowerCase().replace(/[^a-z0-9]+/g, "-")}.svg`;
    const chart = readFileSync(join(out, file), "utf8");
    assert.match(chart, /^<svg /);
    assert.ok(report.includes(`## ${section}\n`), `report.md has a section ${section}`);
    assert.ok(report.includes(`](${file})`), `report.md shows ${file}`);
    charts.set(section, chart);
  }
  for (const row of rows) {
    const same = gasJson.rows.filter(
      (r) => r.implementation === row.implementation && r.function === row.function && r.cached === row.cached,
    );
    assert.equal(same.length, 1, `gas.json: ${row.implementation} ${row.function}`);
    assert.equal(same[0].gas, row.gas);
    assert.equal(same[0].detail, undefined, "gas.json leaves out the measurement details");
    const figure = row.gas.toLocaleString("en-US");
    assert.ok(report.includes(`| ${row.implementation} | ${row.language} | \`${row.function}\` | ${figure} |`), `report.md row for ${row.implementation} ${row.function}`);
    assert.ok(charts.get(row.section).includes(`>${figure}</text>`), `${row.section} chart bar for ${row.implementation} ${row.function}`);
  }
  assert.equal(digest(committedReport), committedDigest, "the committed gas-report/ was not touched");
});

test("model-stylus.mjs composes the tree over the Stylus program from the anvil tree and the meter", async () => {
  assert.ok(evm, "needs the evm-gas.sh test's rows");
  requireBuilt();
  const treeJson = join(work, "stylus-tree.json");
  writeFileSync(
    treeJson,
    await run("node", [join(GAS_REPORT, "model-stylus.mjs"), "--meter", METER, "--wasm-dir", WASM_DIR, "--evm", evmJson, "--arbos", ARBOS]),
  );
  const [row] = JSON.parse(readFileSync(treeJson, "utf8")).rows;
  const yulTree = find(evm.rows, "IncrementalMerkleTree + PoseidonT3Yul", TREE_BATCHED)[0];
  assert.equal(row.function, yulTree.function, "compared with the same Yul row");
  assert.match(row.source, /^model, ArbOS \d+$/);
  assert.equal(row.cached, true);

  // Recompute the composition from its parts: the recorded inserts and one meter run per hasher call.
  let total = 0;
  for (const insert of yulTree.detail.inserts) {
    let gas = insert.gas;
    for (const call of insert.hasher_calls) {
      const meter = spawnSync(METER, ["call", "--arbos", ARBOS, "--wasm", join(WASM_DIR, "poseidon_stylus.wasm"), "--calldata", call.calldata, "--json"], {
        encoding: "utf8",
      });
      assert.equal(meter.status, 0, meter.stderr);
      const report = JSON.parse(meter.stdout);
      assert.equal(report.outcome, "success");
      assert.equal(report.returndata, call.output, "the program returns what the Yul returned");
      assert.equal(report.gas.calldata, call.calldata_gas, "the meter and the trace agree on calldata gas");
      gas += report.gas.cached_call - report.gas.calldata - call.execution_gas;
    }
    total += gas;
  }
  assert.equal(row.gas, Math.floor(total / yulTree.detail.inserts.length));
  assert.ok(row.gas < yulTree.gas, "the Stylus hasher makes the insert cheaper");

  const out = join(work, "report-with-tree");
  await run("node", [join(GAS_REPORT, "render.mjs"), "--out", out, treeJson, evmJson]);
  const report = readFileSync(join(out, "report.md"), "utf8");
  assert.ok(report.includes(`| ${row.implementation} | Rust | \`${row.function}\` | ${row.gas.toLocaleString("en-US")} |`));
  assert.ok(report.includes("composed, not run"), "the note explains the composition");
  assert.equal(digest(committedReport), committedDigest, "the committed gas-report/ was not touched");

  // One insert's recorded output changed by a bit: the program's return data differs, composing fails
  // naming the row, the transaction and the frame.
  const edited = JSON.parse(readFileSync(evmJson, "utf8"));
  const call = find(edited.rows, "IncrementalMerkleTree + PoseidonT3Yul", TREE_BATCHED)[0].detail.inserts[5].hasher_calls[0];
  call.output = call.output.slice(0, -1) + (call.output.endsWith("0") ? "1" : "0");
  const editedJson = join(work, "evm-edited.json");
  writeFileSync(editedJson, JSON.stringify(edited));
  const refused = spawnSync(process.execPath, [join(GAS_REPORT, "model-stylus.mjs"), "--meter", METER, "--wasm-dir", WASM_DIR, "--evm", editedJson, "--arbos", ARBOS], { encoding: "utf8" });
  assert.notEqual(refused.status, 0, "a wrong output is refused");
  assert.ok(
    refused.stderr.includes(`IncrementalMerkleTree + PoseidonT3Yul, ${TREE_BATCHED}, transaction 5, frame 0 (0x3f6a9449…): poseidon_stylus.wasm returned 0x`) &&
      refused.stderr.includes(`, the EVM hasher ${call.output}`),
    refused.stderr,
  );
});

test("model-repeated.mjs: 20 hash calls to an uncached program pay init once (ArbOS 61), every time before ArbOS 60; next to one rootFromPath", async () => {
  requireBuilt();
  const file = join(work, "stylus-repeated.json");
  writeFileSync(file, await run("node", [join(GAS_REPORT, "model-repeated.mjs"), "--meter", METER, "--wasm-dir", WASM_DIR, "--arbos", ARBOS]));
  const { rows, arbos } = JSON.parse(readFileSync(file, "utf8"));
  assert.equal(arbos, 61);
  const find = (prefix, cached) => rows.find((r) => r.function.startsWith(prefix) && r.cached === cached);
  const [hashesCached, hashesUncached] = [find("depth-20 path: 20 × hash", true), find("depth-20 path: 20 × hash", false)];
  const [rootCached, rootUncached] = [find("depth-20 path: one rootFromPath", true), find("depth-20 path: one rootFromPath", false)];
  for (const row of [hashesCached, hashesUncached, rootCached, rootUncached]) {
    assert.ok(row, "four rows");
    assert.equal(row.source, "model");
    assert.equal(row.section, "circomlib Poseidon");
  }
  // Recompute from single calls: a cached call's frame, and an uncached call's (its init added).
  const single = JSON.parse(
    (await run(METER, ["call", "--arbos", ARBOS, "--wasm", join(WASM_DIR, "poseidon_stylus.wasm"), "--sig", "hash(uint256,uint256)", "--args", "1,2", "--json"])),
  ).gas;
  const calls = hashesUncached.detail.calls;
  assert.equal(calls.length, 20);
  assert.deepEqual(calls.map((c) => c.init_charged), [true, ...Array(19).fill(false)], "init once: the other 19 are recent-program hits");
  assert.equal(calls[0].frame, single.frame_uncached);
  assert.ok(calls.slice(1).every((c) => c.frame === single.frame_cached));
  assert.equal(hashesUncached.gas, single.frame_uncached + 19 * single.frame_cached);
  assert.equal(hashesCached.gas, 20 * single.frame_cached);
  assert.equal(hashesUncached.gas - hashesCached.gas, single.init, "uncached costs one init more");
  assert.equal(rootUncached.gas - rootCached.gas, single.init);
  assert.ok(rootCached.gas < hashesCached.gas, "one rootFromPath call is cheaper than 20 hash calls");
  const before60 = Number(hashesUncached.note.match(/before ArbOS 60 each paid init: ([\d,]+) at ArbOS 51/)[1].replace(/,/g, ""));
  assert.equal(before60, 20 * (single.frame_cached + single.init), "before ArbOS 60 every call paid init");
});

test("render.mjs: the chart has a legend, names each function once, and orders every group Stylus, Yul, Solidity, peers", () => {
  const dir = mkdtempSync(join(tmpdir(), "render-order-"));
  const row = (implementation, language, fn, gas, extra = {}) => ({ section: "S", implementation, language, function: fn, gas, source: "anvil", cached: null, ...extra });
  const rows = join(dir, "rows.json");
  writeFileSync(
    rows,
    JSON.stringify({
      rows: [
        row("peer-lib 1.2.3 T3", "Solidity", "hash(1,2)", 18000),
        row("OurSolidity", "Solidity", "hash(1,2)", 200000),
        row("OurYul", "Yul", "hash(1,2)", 13000),
        row("p.wasm (Stylus)", "Rust", "hash(1,2)", 21000, { cached: false, source: "model" }),
        row("p.wasm (Stylus)", "Rust", "hash(1,2)", 5000, { cached: true, source: "model" }),
        row("Huffy", "Huff", "other(1)", 901),
        row("OurYul", "Yul", "other(1)", 1001),
      ],
    }),
  );
  const out = join(dir, "out");
  const r = spawnSync(process.execPath, [join(ROOT, "scripts", "gas-report", "render.mjs"), "--out", out, rows], { encoding: "utf8" });
  assert.equal(r.status, 0, r.stderr);
  const chart = readFileSync(join(out, "gas-s.svg"), "utf8");
  for (const label of ["Stylus (ours), cached", "Stylus (ours), uncached", "Yul (ours)", "Solidity (ours)", "other libraries"]) {
    assert.ok(chart.includes(`>${label}</text>`), `legend lacks ${label}`);
  }
  assert.equal(chart.split('font-weight="bold">hash(1,2)</text>').length, 2, "hash(1,2) named once");
  const order = ["5,000", "21,000", "13,000", "200,000", "18,000", "1,001", "901"].map((gas) => chart.indexOf(`>${gas}</text>`));
  assert.ok(order.every((at, i) => at > 0 && (i === 0 || at > order[i - 1])), `bar order ${order}`);
  rmSync(dir, { recursive: true, force: true });
});

test("render.mjs: a rerun that changes no figure keeps the report's date, so the file is unchanged; a changed figure dates it anew", () => {
  const dir = mkdtempSync(join(tmpdir(), "render-date-"));
  const rowsFile = join(dir, "rows.json");
  const out = join(dir, "out");
  const render = (gas, date) => {
    writeFileSync(rowsFile, JSON.stringify({ rows: [{ section: "S", implementation: "OurYul", language: "Yul", function: "hash(1,2)", gas, source: "anvil", cached: null }] }));
    writeFileSync(join(dir, "meta.json"), JSON.stringify({ date }));
    const r = spawnSync(process.execPath, [join(GAS_REPORT, "render.mjs"), "--out", out, "--meta", join(dir, "meta.json"), rowsFile], { encoding: "utf8" });
    assert.equal(r.status, 0, r.stderr);
    return readFileSync(join(out, "report.md"), "utf8");
  };
  const first = render(13000, "2026-01-01");
  assert.match(first, /^Generated 2026-01-01 by /m);
  assert.equal(render(13000, "2026-02-02"), first, "the same figures keep the first date");
  assert.match(render(13001, "2026-03-03"), /^Generated 2026-03-03 by /m, "a changed figure is dated anew");
  rmSync(dir, { recursive: true, force: true });
});

test("render.mjs: the apps section ends with issue 20's and 22's goals, each computed from its rows, met or not", () => {
  const APPS = "Apps: zk-kit LeanIMT and Semaphore";
  const LEAN_1023 = "LeanIMT insert, size 1,023 (10 hashes)";
  const LEAN_MEAN = "LeanIMT insert, sizes 1,000–1,099 (mean of 100)";
  const committed = JSON.parse(readFileSync(join(ROOT, "gas-report", "gas.json"), "utf8")).rows.filter((r) => r.section === APPS);
  const dir = mkdtempSync(join(tmpdir(), "render-goals-"));
  const render = (rows) => {
    writeFileSync(join(dir, "rows.json"), JSON.stringify({ rows }));
    const r = spawnSync(process.execPath, [join(GAS_REPORT, "render.mjs"), "--out", join(dir, "out"), join(dir, "rows.json")], { encoding: "utf8" });
    assert.equal(r.status, 0, r.stderr);
    return readFileSync(join(dir, "out", "report.md"), "utf8").split("\n");
  };
  const copy = () => JSON.parse(JSON.stringify(committed.filter((r) => !r.implementation.includes("zk-kit's storage"))));
  const pick = (rows, fn, what) => rows.find((r) => r.function === fn && r.implementation.includes(what) && r.cached !== false);
  const line = (lines, issue, what, implementation) => lines.filter((l) => l.startsWith(`| ${issue} | ${what} | ${implementation} |`));
  const fmt = (n) => n.toLocaleString("en-US");

  // Issue 20's insert at 1,023 leaves, linked: 0.44 × stock is met, 0.46 × stock is not.
  for (const [factor, verdict] of [[0.44, "met"], [0.46, "not met"]]) {
    const rows = copy();
    const stock = pick(rows, LEAN_1023, "(stock");
    const linked = pick(rows, LEAN_1023, "poseidon_stylus.wasm");
    linked.gas = Math.round(factor * stock.gas);
    const found = line(render(rows), 20, "LeanIMT `insert` at 1,023 leaves (10 hashes)", linked.implementation);
    assert.equal(found.length, 1, "one line for the goal");
    assert.equal(found[0], `| 20 | LeanIMT \`insert\` at 1,023 leaves (10 hashes) | ${linked.implementation} | ${fmt(linked.gas)} | ${fmt(stock.gas)} | ${(linked.gas / stock.gas).toFixed(3)} | ≤ 0.45 | ${verdict} | composed (${linked.source}) |`);
  }
  // Issue 22's mean, the Rust LeanIMT; a like-for-like row (zk-kit's storage writes) adds a second line
  // to each of issue 22's goals, none to issue 20's.
  let rows = copy();
  const rust = pick(rows, LEAN_MEAN, "LeanIMT in Rust");
  const stockMean = pick(rows, LEAN_MEAN, "(stock");
  let lines = render(rows);
  assert.equal(line(lines, 22, "LeanIMT `insert`, mean of the 1,001st to 1,100th", rust.implementation)[0],
    `| 22 | LeanIMT \`insert\`, mean of the 1,001st to 1,100th | ${rust.implementation} | ${fmt(rust.gas)} | ${fmt(stockMean.gas)} | ${(rust.gas / stockMean.gas).toFixed(3)} | ≤ 0.55 | ${rust.gas <= 0.55 * stockMean.gas ? "met" : "not met"} | ${rust.source} |`);
  const likeForLike = "LeanIMT in Rust, zk-kit's storage writes (a test row)";
  const before = lines.filter((l) => /^\| (20|22) \|/.test(l)).length;
  for (const fn of [LEAN_MEAN, LEAN_1023]) rows.push({ ...pick(rows, fn, "LeanIMT in Rust"), implementation: likeForLike, gas: Math.round(0.5 * pick(rows, fn, "(stock").gas) });
  lines = render(rows);
  assert.equal(lines.filter((l) => /^\| (20|22) \|/.test(l)).length, before + 2, "one more line per issue-22 goal");
  assert.match(line(lines, 22, "LeanIMT `insert`, mean of the 1,001st to 1,100th", likeForLike)[0], /\| 0\.500 \| ≤ 0\.55 \| met \| model \|$/);
  assert.match(line(lines, 22, "LeanIMT `insert` at 1,023 leaves (10 hashes)", likeForLike)[0], /\| 0\.500 \| ≤ 0\.40 \| not met \| model \|$/);
  // Without the Semaphore group of 1,000 the goal says so; without any apps row there is no table.
  lines = render(copy().filter((r) => !r.function.startsWith("Semaphore addMember")));
  assert.ok(lines.includes("| 20 | Semaphore `addMember` into a group of 1,000 or more | – | – | – | – | ≤ 0.65 | no row in this report | – |"));
  assert.ok(!render([{ section: "S", implementation: "X", language: "Yul", function: "f", gas: 1, source: "anvil" }]).includes("### Goals"));
  rmSync(dir, { recursive: true, force: true });
});

test("glance.mjs: README.md's tables of figures are the committed gas.json's, and a figure edited by hand is caught", () => {
  const glance = join(ROOT, "scripts", "gas-report", "glance.mjs");
  const current = spawnSync(process.execPath, [glance, "--check"], { encoding: "utf8" });
  assert.equal(current.status, 0, `${current.stdout}${current.stderr}`);

  const dir = mkdtempSync(join(tmpdir(), "glance-"));
  const readme = readFileSync(join(ROOT, "README.md"), "utf8");
  const cached = JSON.parse(readFileSync(join(ROOT, "gas-report", "gas.json"), "utf8")).rows.find(
    (row) => row.function === "hash(1,2)" && row.cached === true,
  );
  const figure = cached.gas.toLocaleString("en-US");
  const line = `| \`hash(1,2)\` (circomlib t = 3) | ${figure} |`;
  assert.ok(readme.includes(line), `the README's table shows hash(1,2) at ${figure}`);
  const edited = join(dir, "README.md");
  writeFileSync(edited, readme.replace(line, "| `hash(1,2)` (circomlib t = 3) | 4,000 |"));
  const stale = spawnSync(process.execPath, [glance, "--check", "--readme", edited], { encoding: "utf8" });
  assert.equal(stale.status, 1, "a stale table fails --check");
  assert.match(stale.stderr, /gas tables are not what/);
  // the apps table too: the stock insert at 1,023 leaves
  const stock = JSON.parse(readFileSync(join(ROOT, "gas-report", "gas.json"), "utf8")).rows.find(
    (row) => row.function === "LeanIMT insert, size 1,023 (10 hashes)" && row.implementation.includes("poseidon-solidity"),
  );
  const appLine = `| LeanIMT \`insert\` into 1,023 leaves (10 hashes) | ${stock.gas.toLocaleString("en-US")} |`;
  assert.ok(readme.includes(appLine), "the README's apps table shows the stock insert");
  writeFileSync(edited, readme.replace(appLine, "| LeanIMT `insert` into 1,023 leaves (10 hashes) | 200,000 |"));
  assert.equal(spawnSync(process.execPath, [glance, "--check", "--readme", edited], { encoding: "utf8" }).status, 1, "a stale apps table fails --check");
  rmSync(dir, { recursive: true, force: true });
});
