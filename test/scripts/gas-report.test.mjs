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
import { APP_FN, SECTIONS, find as findRows, identity, label, language, matches, row as makeRow, subject } from "../../scripts/gas-report/rows.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const BIN = join(ROOT, "node_modules", ".bin");
const METER = join(ROOT, "target", "tools", "stylus-meter");
const WASM_DIR = join(ROOT, "target", "stylus");
const GAS_REPORT = join(ROOT, "scripts", "gas-report");

/** render.mjs on `rows` (and a meta with `ladder`, when given), written into `dir`: its exit, its
 * stderr and report.md's lines (none when it failed). */
function renderRows(dir, rows, ladder) {
  writeFileSync(join(dir, "rows.json"), JSON.stringify({ rows }));
  const meta = ladder ? ["--meta", join(dir, "meta.json")] : [];
  if (ladder) writeFileSync(join(dir, "meta.json"), JSON.stringify({ ladder }));
  const r = spawnSync(process.execPath, [join(GAS_REPORT, "render.mjs"), "--out", join(dir, "out"), ...meta, join(dir, "rows.json")], { encoding: "utf8" });
  return { ...r, lines: r.status === 0 ? readFileSync(join(dir, "out", "report.md"), "utf8").split("\n") : [] };
}
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

/** The meter and the programs a test runs (`also`: more than the three every such test needs). */
function requireBuilt(also = []) {
  for (const file of [METER, ...["poseidon_stylus", "poseidon_stylus_merkle", "poseidon_stylus_poseidon2", ...also].map((stem) => join(WASM_DIR, `${stem}.wasm`))]) {
    assert.ok(existsSync(file), `${file} is missing: run scripts/build-wasm.sh (it builds the meter and the WASM)`);
  }
}

const committedReport = join(ROOT, "gas-report");
const committedDigest = digest(committedReport);
const evmJson = join(work, "evm.json");

// What scripts/gas-report/evm-gas.sh measures: [subject query, function, [min, max] gas].
const HASH = "hash(1,2)";
const ROOT20 = "rootFromPath(depth 20)";
const TREE_BATCHED = "insert, depth 20, mean of 8 (one nodesFromPath call)";
const TREE_PER_LEVEL = "insert, depth 20, mean of 8 (one hash call per level)";
const T3_YUL = { kind: "yul", deployable: "PoseidonT3Yul", app: null };
const T3_SOL = { kind: "solidity", deployable: "PoseidonT3Solidity", app: null };
const TREE_YUL = { kind: "yul", deployable: "PoseidonT3Yul", app: "example-tree" };
const TREE_SOL = { kind: "solidity", deployable: "PoseidonT3Solidity", app: "example-tree" };
const PEER = (n) => ({ kind: "peer", package: "poseidon-solidity", deployable: `PoseidonT${n + 1}` });
const CIRCOM = (n) => ({ kind: "peer", package: "circomlibjs", deployable: `poseidonContract.createCode(${n})` });
const SPONGE = { kind: "peer", package: "@iden3/contracts", deployable: "SpongePoseidon" };
const GOLDILOCKS = { kind: "yul", deployable: "GoldilocksPoseidonYul" };
const NOIR_YUL = { kind: "yul", deployable: "NoirPoseidon2Yul" };
const NOIR_SOL = { kind: "solidity", deployable: "NoirPoseidon2Solidity" };
// MiMC: circomlibjs's contracts, Tornado's hasher, the one-call hashLeftRight, the MiMC tree both ways.
const CIRCOM_MIMC = (code) => ({ kind: "peer", package: "circomlibjs", deployable: code, app: null });
const TORNADO = { kind: "peer", deployable: "TornadoMiMCSponge" };
const MIMC_HLR = { kind: "yul", deployable: "MiMCHashLeftRight" };
const MIMC_TWO_CALLS = APP_FN.mimcTreeInsert(20, 8, false);
const MIMC_ONE_CALL = APP_FN.mimcTreeInsert(20, 8, true);
const EXPECTED = [
  [T3_YUL, HASH, [5_000, 40_000]],
  [T3_SOL, HASH, [100_000, 1_000_000]],
  [PEER(2), HASH, [5_000, 60_000]],
  [CIRCOM(2), HASH, [5_000, 60_000]],
  [{ kind: "yul", deployable: "Poseidon2Yul" }, "poseidon2(1,2)", [5_000, 40_000]],
  // The other circomlib widths: poseidon-solidity and circomlibjs's generated contract.
  ...[1, 3, 4, 5].flatMap((n) => {
    const fn = `hash(${Array.from({ length: n }, (_, i) => i + 1).join(",")})`;
    return [
      [PEER(n), fn, [5_000, 200_000]],
      [CIRCOM(n), fn, [5_000, 200_000]],
    ];
  }),
  // Six inputs: circomlibjs's createCode(6) alone (iden3's PoseidonUnit6L; poseidon-solidity has no
  // T7), and iden3's SpongePoseidon over it, which calls it ceil((n - 1) / 5) times for n values.
  [CIRCOM(6), "hash(1,2,3,4,5,6)", [50_000, 300_000]],
  ...[6, 16, 32].map((n) => {
    const calls = Math.ceil((n - 1) / 5);
    return [SPONGE, `poseidonSponge(1..${n})`, [calls * 50_000, calls * 300_000]];
  }),
  [T3_YUL, ROOT20, [20 * 5_000, 20 * 40_000]],
  [T3_SOL, ROOT20, [20 * 100_000, 20 * 1_000_000]],
  [T3_YUL, "nodesFromPath(depth 20)", [20 * 5_000, 20 * 40_000]],
  [TREE_YUL, TREE_BATCHED, [20 * 5_000, 20 * 60_000]],
  [TREE_YUL, TREE_PER_LEVEL, [20 * 5_000, 20 * 60_000]],
  [TREE_SOL, TREE_BATCHED, [20 * 100_000, 20 * 1_000_000]],
  [GOLDILOCKS, "permute([0..11]) (Poseidon)", [20_000, 200_000]],
  [GOLDILOCKS, "twoToOne([1,2,3,4],[5,6,7,8]) (Poseidon)", [20_000, 200_000]],
  [GOLDILOCKS, "rootFromPath(depth 20) (Poseidon)", [20 * 20_000, 20 * 200_000]],
  // Miden's hashes, our Yul: Poseidon2 a little dearer than plonky2's permutation; RPO's inverse S-boxes
  // (about 90 products a lane) make it the dearest, RPX (half the inverse S-boxes) between.
  ...[
    ["MidenPoseidon2Yul", "midenPoseidon2", "Miden Poseidon2", [5_000, 100_000]],
    ["RpoYul", "rpo", "RPO", [50_000, 600_000]],
    ["RpxYul", "rpx", "RPX", [20_000, 400_000]],
  ].flatMap(([deployable, prefix, label, [min, max]]) => [
    [{ kind: "yul", deployable }, `${prefix}Permute([0..11]) (${label})`, [min, max]],
    [{ kind: "yul", deployable }, `${prefix}Merge([1,2,3,4],[5,6,7,8]) (${label})`, [min, max]],
    [{ kind: "yul", deployable }, `${prefix}RootFromPath(depth 20) (${label})`, [20 * min, 20 * max]],
  ]),
  // Poseidon2 section: Noir's hash and the t = 4 permutation, Yul and plain Solidity; n inputs cost
  // max(1, ceil(n / 3)) permutations.
  ...[
    [NOIR_YUL, [5_000, 40_000]],
    [NOIR_SOL, [50_000, 1_000_000]],
  ].flatMap(([query, [min, max]]) => [
    [query, "noirHash2(1,2)", [min, max]],
    ...[1, 2, 3].map((n) => [query, `noirHash([1..${n}])`, [min, max]]),
    [query, "noirHash([1..4])", [2 * min, 2 * max]],
    [query, "noirHash([1..8])", [3 * min, 3 * max]],
    [query, "poseidon2PermuteT4([1,2,3,4])", [min, max]],
    [query, "poseidon2CompressT4([1,2,3,4])", [min, max]],
  ]),
  // One sponge is 220 rounds, MiMC7 91; hashLeftRight two sponges; a tree level one hashLeftRight.
  [CIRCOM_MIMC('mimcSpongecontract.createCode("mimcsponge", 220)'), "MiMCSponge(1,2,0)", [10_000, 60_000]],
  [CIRCOM_MIMC('mimc7Contract.createCode("mimc", 91)'), "MiMCpe7(1,2)", [4_000, 30_000]],
  [{ ...TORNADO, app: null }, "MiMCSponge(1,2)", [10_000, 60_000]],
  [{ ...MIMC_HLR, app: null }, "hashLeftRight(1,2)", [20_000, 120_000]],
  [{ ...TORNADO, app: "mimc-tree" }, MIMC_TWO_CALLS, [20 * 20_000, 20 * 120_000]],
  [{ ...MIMC_HLR, app: "mimc-tree" }, MIMC_ONE_CALL, [20 * 20_000, 20 * 120_000]],
];
const find = (rows, query, fn) => findRows(rows, { ...query, fn });

let evm = null;

test("evm-gas.sh deploys and measures every EVM implementation on an anvil it starts and stops", { timeout: 600_000 }, async () => {
  const port = await freePort();
  await run(join(GAS_REPORT, "evm-gas.sh"), [evmJson], { ...ENV, EVM_GAS_PORT: String(port) });
  assert.equal(await listening(port), false, `anvil still answers on port ${port} after evm-gas.sh`);

  evm = JSON.parse(readFileSync(evmJson, "utf8"));
  assert.ok(Array.isArray(evm.rows), "evm.json is a rows file ({rows: [...]})");
  assert.equal(evm.rows.length, EXPECTED.length, "one row per measurement, no extra");
  for (const [query, fn, [min, max]] of EXPECTED) {
    const rows = find(evm.rows, query, fn);
    const what = `${JSON.stringify(query)} ${fn}`;
    assert.equal(rows.length, 1, `one row for ${what}`);
    const [row] = rows;
    assert.ok(Number.isInteger(row.gas) && row.gas >= min && row.gas <= max, `${what}: ${row.gas} gas not in [${min}, ${max}]`);
    assert.equal(row.source, "anvil");
    assert.equal(row.cached, null);
  }
  const gas = (query, fn) => find(evm.rows, query, fn)[0].gas;
  assert.ok(gas(T3_SOL, HASH) > 8 * gas(T3_YUL, HASH), "plain Solidity far above Yul");
  assert.ok(gas(T3_YUL, HASH) < gas(PEER(2), HASH), "our Yul below poseidon-solidity");
  assert.equal(evm.summary.yul_hash_gas, gas(T3_YUL, HASH));
  assert.ok(gas(NOIR_SOL, "noirHash2(1,2)") > 5 * gas(NOIR_YUL, "noirHash2(1,2)"), "Noir: Solidity far above Yul");
  for (const row of [...findRows(evm.rows, NOIR_YUL), ...findRows(evm.rows, NOIR_SOL)]) {
    assert.equal(row.section, SECTIONS.poseidon2, `${label(row)} ${row.fn}: section`);
  }
  for (const row of [...findRows(evm.rows, CIRCOM(6)), ...findRows(evm.rows, SPONGE)]) {
    assert.equal(row.section, SECTIONS.circomlib, `${label(row)} ${row.fn}: section`);
  }
  assert.ok(gas(SPONGE, "poseidonSponge(1..6)") > gas(CIRCOM(6), "hash(1,2,3,4,5,6)"), "the sponge of 6 values is one createCode(6) call and more");
  // MiMC: its own section; the two-argument hasher is the three-argument code less a key load.
  for (const row of findRows(evm.rows, { section: SECTIONS.mimc })) assert.ok(["peer", "yul"].includes(row.subject.kind), `${label(row)} ${row.fn}`);
  assert.equal(findRows(evm.rows, { section: SECTIONS.mimc }).length, 6, "six MiMC rows");
  const spongeGas = gas(TORNADO, "MiMCSponge(1,2)");
  assert.ok(spongeGas < gas(CIRCOM_MIMC('mimcSpongecontract.createCode("mimcsponge", 220)'), "MiMCSponge(1,2,0)"), "Tornado's hasher reads no key");
  assert.ok(gas(MIMC_HLR, "hashLeftRight(1,2)") > 2 * (spongeGas - 2_000), "hashLeftRight is two sponges");
  // Both MiMC trees keep their inserts' hasher calls: 40 MiMCSponge calls (two words back) or 20
  // hashLeftRight calls (one word back) per depth-20 insert.
  for (const [query, fn, calls, selector, words] of [
    [{ ...TORNADO, app: "mimc-tree" }, MIMC_TWO_CALLS, 40, "0xf47d33b5", 2],
    [{ ...MIMC_HLR, app: "mimc-tree" }, MIMC_ONE_CALL, 20, "0x5bb93995", 1],
  ]) {
    const tree = find(evm.rows, query, fn)[0];
    assert.match(tree.note, /not Tornado's contract/);
    assert.equal(tree.record.inserts.length, 8, `${fn}: eight recorded inserts`);
    for (const insert of tree.record.inserts) {
      assert.equal(insert.hasher_calls.length, calls, `${fn}, insert ${insert.index}: calls`);
      for (const call of insert.hasher_calls) {
        assert.equal(call.calldata.slice(0, 10), selector);
        assert.match(call.output, new RegExp(`^0x([0-9a-f]{64}){${words}}$`));
      }
      assert.equal(insert.refund, 0);
    }
  }

  // The tree over the Yul hasher keeps each insert's traced hasher calls and refund for model-stylus.mjs.
  const tree = find(evm.rows, TREE_YUL, TREE_BATCHED)[0];
  const inserts = tree.record?.inserts ?? [];
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

test("evm-rows.mjs iden3-sponge-code links every PoseidonUnit6L placeholder of the published SpongePoseidon, and refuses an artifact it cannot link", () => {
  const tool = join(GAS_REPORT, "evm-rows.mjs");
  const address = "0x00000000000000000000000000000000000000AB";
  const link = (...args) => spawnSync(process.execPath, [tool, "iden3-sponge-code", ...args], { encoding: "utf8" });
  const published = JSON.parse(readFileSync(join(ROOT, "node_modules", "@iden3", "contracts", "build", "contracts", "SpongePoseidon.json"), "utf8"));
  const placeholders = published.bytecode.match(/__\$[0-9a-f]{34}\$__/g) ?? [];
  assert.ok(placeholders.length > 0, "the published artifact has link placeholders");
  const linked = link(address);
  assert.equal(linked.status, 0, linked.stderr);
  const code = linked.stdout.trim();
  assert.match(code, /^0x([0-9a-f]{2})+$/);
  assert.equal(code.length, published.bytecode.length, "each placeholder becomes an address of the same length");
  assert.equal(code.split(address.slice(2).toLowerCase()).length - 1, placeholders.length, "every placeholder linked");

  const dir = mkdtempSync(join(work, "link-"));
  const artifact = (name, edit) => {
    const file = join(dir, name);
    writeFileSync(file, JSON.stringify(edit(structuredClone(published))));
    return file;
  };
  const refused = (file, message) => {
    const r = link(address, "--artifact", file);
    assert.equal(r.status, 1, `${file}: refused`);
    assert.match(r.stderr, message);
  };
  // No reference to PoseidonUnit6L.
  refused(artifact("none.json", (a) => ({ ...a, linkReferences: {} })), /no link reference to PoseidonUnit6L/);
  // Another library's placeholder left in the code.
  refused(
    artifact("other.json", (a) => ({ ...a, bytecode: `${a.bytecode}__$${"ab".repeat(17)}$__` })),
    /a link placeholder left after linking PoseidonUnit6L/,
  );
  const bad = link("0x12");
  assert.equal(bad.status, 1);
  assert.match(bad.stderr, /not an address/);
});

test("render.mjs writes report.md, gas.json and a chart per section with every row, into the directory given", async () => {
  assert.ok(evm, "needs the evm-gas.sh test's rows");
  requireBuilt(["poseidon_stylus_mimc"]);
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
    const file = `gas-${section.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "")}.svg`;
    const chart = readFileSync(join(out, file), "utf8");
    assert.match(chart, /^<svg /);
    assert.ok(report.includes(`## ${section}\n`), `report.md has a section ${section}`);
    assert.ok(report.includes(`](${file})`), `report.md shows ${file}`);
    charts.set(section, chart);
  }
  for (const row of rows) {
    const same = gasJson.rows.filter((r) => identity(r) === identity(row));
    assert.equal(same.length, 1, `gas.json: ${label(row)} ${row.fn}`);
    assert.equal(same[0].gas, row.gas);
    assert.equal(same[0].record, undefined, "gas.json leaves out the measurement records");
    assert.equal(same[0].implementation, label(row), "gas.json keeps the display columns");
    const figure = row.gas.toLocaleString("en-US");
    assert.ok(report.includes(`| ${label(row)} | ${language(row)} | \`${row.fn}\` | ${figure} |`), `report.md row for ${label(row)} ${row.fn}`);
    assert.ok(charts.get(row.section).includes(`>${figure}</text>`), `${row.section} chart bar for ${label(row)} ${row.fn}`);
  }
  assert.equal(digest(committedReport), committedDigest, "the committed gas-report/ was not touched");
});

test("model-stylus.mjs composes the tree over the Stylus program from the anvil tree and the meter", async () => {
  assert.ok(evm, "needs the evm-gas.sh test's rows");
  requireBuilt(["poseidon_stylus_mimc"]);
  const treeJson = join(work, "stylus-tree.json");
  writeFileSync(
    treeJson,
    await run("node", [join(GAS_REPORT, "model-stylus.mjs"), "--meter", METER, "--wasm-dir", WASM_DIR, "--evm", evmJson, "--arbos", ARBOS]),
  );
  const [row] = JSON.parse(readFileSync(treeJson, "utf8")).rows;
  const yulTree = find(evm.rows, TREE_YUL, TREE_BATCHED)[0];
  assert.equal(row.fn, yulTree.fn, "compared with the same Yul row");
  assert.deepEqual(row.subject, { kind: "stylus", deployable: "poseidon_stylus_merkle", app: "example-tree" });
  assert.match(row.source, /^model, ArbOS \d+$/);
  assert.equal(row.cached, true);

  // Recompute the composition from its parts: the recorded inserts and one meter run per hasher call.
  let total = 0;
  for (const insert of yulTree.record.inserts) {
    let gas = insert.gas;
    for (const call of insert.hasher_calls) {
      const meter = spawnSync(METER, ["call", "--arbos", ARBOS, "--wasm", join(WASM_DIR, "poseidon_stylus_merkle.wasm"), "--calldata", call.calldata, "--json"], {
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
  assert.equal(row.gas, Math.floor(total / yulTree.record.inserts.length));
  assert.ok(row.gas < yulTree.gas, "the Stylus hasher makes the insert cheaper");

  const out = join(work, "report-with-tree");
  await run("node", [join(GAS_REPORT, "render.mjs"), "--out", out, treeJson, evmJson]);
  const report = readFileSync(join(out, "report.md"), "utf8");
  assert.ok(report.includes(`| ${label(row)} | Rust | \`${row.fn}\` | ${row.gas.toLocaleString("en-US")} |`));
  assert.ok(report.includes("composed, not run"), "the note explains the composition");
  assert.equal(digest(committedReport), committedDigest, "the committed gas-report/ was not touched");

  // One insert's recorded output changed by a bit: the program's return data differs, composing fails
  // naming the row, the transaction and the frame.
  const edited = JSON.parse(readFileSync(evmJson, "utf8"));
  const call = find(edited.rows, TREE_YUL, TREE_BATCHED)[0].record.inserts[5].hasher_calls[0];
  call.output = call.output.slice(0, -1) + (call.output.endsWith("0") ? "1" : "0");
  const editedJson = join(work, "evm-edited.json");
  writeFileSync(editedJson, JSON.stringify(edited));
  const refused = spawnSync(process.execPath, [join(GAS_REPORT, "model-stylus.mjs"), "--meter", METER, "--wasm-dir", WASM_DIR, "--evm", editedJson, "--arbos", ARBOS], { encoding: "utf8" });
  assert.notEqual(refused.status, 0, "a wrong output is refused");
  assert.ok(
    refused.stderr.includes(`IncrementalMerkleTree + PoseidonT3Yul, ${TREE_BATCHED}, transaction 5, frame 0 (0x3f6a9449…): poseidon_stylus_merkle.wasm returned 0x`) &&
      refused.stderr.includes(`, the EVM hasher ${call.output}`),
    refused.stderr,
  );
});

test("model-stylus.mjs composes the MiMC tree over the MiMC program, two MiMCSponge calls or one hashLeftRight call per level (test/scripts/fakes/mimc-meter.mjs for the program)", async () => {
  assert.ok(evm, "needs the evm-gas.sh test's rows");
  requireBuilt();
  // The stand-in answers circomlibjs's hashes at these frame gases; the Poseidon tree goes to the real meter.
  const FRAMES = { "0xf47d33b5": 3000, "0x5bb93995": 5000 };
  const env = {
    ...ENV,
    STYLUS_METER: METER,
    FAKE_MIMC_FRAMES: JSON.stringify({ "MiMCSponge(uint256,uint256)": FRAMES["0xf47d33b5"], "hashLeftRight(uint256,uint256)": FRAMES["0x5bb93995"] }),
  };
  const fake = join(ROOT, "test", "scripts", "fakes", "mimc-meter.mjs");
  const compose = (evmFile) =>
    spawnSync(process.execPath, [join(GAS_REPORT, "model-stylus.mjs"), "--meter", fake, "--wasm-dir", WASM_DIR, "--evm", evmFile, "--arbos", ARBOS], { encoding: "utf8", env });
  const run = compose(evmJson);
  assert.equal(run.status, 0, run.stderr);
  const rows = JSON.parse(run.stdout).rows;
  for (const [fn, over] of [[MIMC_TWO_CALLS, { ...TORNADO, app: "mimc-tree" }], [MIMC_ONE_CALL, { ...MIMC_HLR, app: "mimc-tree" }]]) {
    const found = rows.filter((r) => matches(r, { section: SECTIONS.mimc, fn }));
    assert.equal(found.length, 1, `one composed row for ${fn}`);
    const [row] = found;
    assert.deepEqual(row.subject, { kind: "stylus", deployable: "poseidon_stylus_mimc", app: "mimc-tree" });
    assert.equal(row.cached, true);
    assert.match(row.source, /^model, ArbOS 61$/);
    assert.match(row.note, /^composed, not run: .*our example tree's pattern behind an IHasher adapter, not Tornado's contract\.$/);
    // Recomputed from the recorded inserts: each hasher frame replaced by the program's.
    const base = find(evm.rows, over, fn)[0];
    const total = base.record.inserts.reduce(
      (sum, insert) => sum + insert.gas + insert.hasher_calls.reduce((s, call) => s + FRAMES[call.calldata.slice(0, 10)] - call.execution_gas, 0),
      0,
    );
    assert.equal(row.gas, Math.floor(total / base.record.inserts.length), fn);
  }
  // A recorded output one bit off is refused, naming the row, the transaction and the frame.
  const edited = JSON.parse(readFileSync(evmJson, "utf8"));
  const call = find(edited.rows, { ...TORNADO, app: "mimc-tree" }, MIMC_TWO_CALLS)[0].record.inserts[2].hasher_calls[7];
  call.output = call.output.slice(0, -1) + (call.output.endsWith("0") ? "1" : "0");
  const editedJson = join(work, "evm-mimc-edited.json");
  writeFileSync(editedJson, JSON.stringify(edited));
  const refused = compose(editedJson);
  assert.notEqual(refused.status, 0, "a wrong output is refused");
  assert.ok(refused.stderr.includes(`${MIMC_TWO_CALLS}, transaction 2, frame 7 (0xf47d33b5…): poseidon_stylus_mimc.wasm returned 0x`), refused.stderr);
});

test("render.mjs: the MiMC section has its table, its chart and its goals, each against the EVM contract it names", () => {
  const dir = mkdtempSync(join(tmpdir(), "render-mimc-"));
  const section = SECTIONS.mimc;
  const evmRow = (what, fn, gas) => makeRow({ section, fn, subject: what, gas, source: "anvil" });
  const stylusRow = (fn, gas, extra = {}) => makeRow({ section, fn, subject: subject.stylus("poseidon_stylus_mimc", extra), cached: true, gas, source: "model, ArbOS 61" });
  const sponge3 = evmRow(subject.peer("circomlibjs 0.1.7 mimcSpongecontract", "EVM bytecode", { package: "circomlibjs", deployable: 'mimcSpongecontract.createCode("mimcsponge", 220)' }), "MiMCSponge(1,2,0)", 20000);
  const mimc7 = evmRow(subject.peer("circomlibjs 0.1.7 mimc7Contract", "EVM bytecode", { package: "circomlibjs", deployable: 'mimc7Contract.createCode("mimc", 91)' }), "MiMCpe7(1,2)", 8000);
  const tornado = evmRow(subject.peer("Tornado Cash's hasher", "EVM bytecode", { deployable: "TornadoMiMCSponge" }), "MiMCSponge(1,2)", 20000);
  const tree = evmRow(subject.peer("Tornado Cash's hasher", "EVM bytecode", { deployable: "TornadoMiMCSponge", app: "mimc-tree" }), MIMC_TWO_CALLS, 900000);
  const ours = {
    sponge3: stylusRow("MiMCSponge(1,2,0)", 8000),
    sponge2: stylusRow("MiMCSponge(1,2)", 8001),
    mimc7: stylusRow("MiMCpe7(1,2)", 5700),
    oneCall: stylusRow(MIMC_ONE_CALL, 315000, { app: "mimc-tree" }),
    twoCalls: stylusRow(MIMC_TWO_CALLS, 330000, { app: "mimc-tree" }),
  };
  const rows = [sponge3, mimc7, tornado, tree, ...Object.values(ours)];
  const r = renderRows(dir, rows);
  assert.equal(r.status, 0, r.stderr);
  assert.ok(r.lines.includes(`## ${section}`));
  assert.ok(r.lines.includes(`![${section}: gas per call, log scale](gas-mimc-circomlib.svg)`));
  assert.ok(existsSync(join(dir, "out", "gas-mimc-circomlib.svg")));
  assert.ok(r.lines.includes(`| MiMCMerkleTree + poseidon_stylus_mimc.wasm (Stylus) | Rust | \`${MIMC_ONE_CALL}\` | 315,000 | – | – | cached | model, ArbOS 61 |`));
  const goal = (what) => r.lines.find((l) => l.startsWith(`| ${what} |`));
  // 8,000 / 20,000 = 0.400: met at ≤ 0.40; 8,001 / 20,000 is not.
  assert.equal(goal("`MiMCSponge(1,2,0)` (with the key), against circomlibjs's generated `MiMCSponge`"),
    "| `MiMCSponge(1,2,0)` (with the key), against circomlibjs's generated `MiMCSponge` | poseidon_stylus_mimc.wasm (Stylus) | 8,000 | 20,000 | 0.400 | ≤ 0.40 | met | model, ArbOS 61 |");
  assert.match(goal("`MiMCSponge(1,2)` (Tornado's `IHasher`), against Tornado's hasher"), /\| 8,001 \| 20,000 \| 0\.400 \| ≤ 0\.40 \| not met \|/);
  assert.match(goal("`MiMCpe7(1,2)`, against circomlibjs's generated `MiMCpe7`"), /\| 5,700 \| 8,000 \| 0\.713 \| ≤ 0\.70 \| not met \|/);
  const treeGoal = "MiMCMerkleTree `insert` at depth 20, one `hashLeftRight` call per level, against the tree over Tornado's hasher (two `MiMCSponge` calls per level)";
  assert.equal(goal(treeGoal), `| ${treeGoal} | ${label(ours.oneCall)} | 315,000 | 900,000 | 0.350 | ≤ 0.35 | met | composed (model, ArbOS 61) |`);
  assert.ok(r.lines.includes("| transaction | ours | gas | EVM | ratio | goal | met | source |"));
  // Without the Stylus rows (before the program is measured) every goal says so.
  const without = renderRows(dir, [sponge3, mimc7, tornado, tree, ours.sponge3]);
  assert.equal(without.status, 0, without.stderr);
  assert.ok(without.lines.includes(`| ${treeGoal} | – | – | – | – | ≤ 0.35 | no row in this report | – |`));
  assert.ok(without.lines.includes("| `MiMCpe7(1,2)`, against circomlibjs's generated `MiMCpe7` | – | – | – | – | ≤ 0.70 | no row in this report | – |"));
  rmSync(dir, { recursive: true, force: true });
});

test("model-repeated.mjs: 20 hash calls to an uncached program pay init once (ArbOS 61), every time before ArbOS 60; next to one rootFromPath on the Merkle program", async () => {
  requireBuilt();
  const file = join(work, "stylus-repeated.json");
  writeFileSync(file, await run("node", [join(GAS_REPORT, "model-repeated.mjs"), "--meter", METER, "--wasm-dir", WASM_DIR, "--arbos", ARBOS]));
  const { rows, arbos } = JSON.parse(readFileSync(file, "utf8"));
  assert.equal(arbos, 61);
  const HASHES = "depth-20 path: 20 × hash(a,b) in one transaction, in-frame";
  const SINGLE = "depth-20 path: one rootFromPath, in-frame";
  const pick = (fn, cached, deployable) => rows.find((r) => matches(r, { fn, cached, kind: "stylus", deployable }));
  const [hashesCached, hashesUncached] = [pick(HASHES, true, "poseidon_stylus"), pick(HASHES, false, "poseidon_stylus")];
  const [rootCached, rootUncached] = [pick(SINGLE, true, "poseidon_stylus_merkle"), pick(SINGLE, false, "poseidon_stylus_merkle")];
  for (const row of [hashesCached, hashesUncached, rootCached, rootUncached]) {
    assert.ok(row, "four rows");
    assert.equal(row.source, "model");
    assert.equal(row.section, SECTIONS.circomlib);
  }
  // Recompute from single calls: a cached call's frame, and an uncached call's (its init added).
  const single = JSON.parse(
    (await run(METER, ["call", "--arbos", ARBOS, "--wasm", join(WASM_DIR, "poseidon_stylus.wasm"), "--sig", "hash(uint256,uint256)", "--args", "1,2", "--json"])),
  ).gas;
  // The Merkle program's init: the same call there.
  const merkle = JSON.parse(
    (await run(METER, ["call", "--arbos", ARBOS, "--wasm", join(WASM_DIR, "poseidon_stylus_merkle.wasm"), "--sig", "hash(uint256,uint256)", "--args", "1,2", "--json"])),
  ).gas;
  const calls = hashesUncached.record.calls;
  assert.equal(calls.length, 20);
  assert.deepEqual(calls.map((c) => c.init_charged), [true, ...Array(19).fill(false)], "init once: the other 19 are recent-program hits");
  assert.equal(calls[0].frame, single.frame_uncached);
  assert.ok(calls.slice(1).every((c) => c.frame === single.frame_cached));
  assert.equal(hashesUncached.gas, single.frame_uncached + 19 * single.frame_cached);
  assert.equal(hashesCached.gas, 20 * single.frame_cached);
  assert.equal(hashesUncached.gas - hashesCached.gas, single.init, "uncached costs one init more");
  assert.equal(rootUncached.gas - rootCached.gas, merkle.init);
  assert.ok(merkle.init > single.init, "the Merkle functions' bytes are the Merkle program's init, not the T3 program's");
  assert.ok(rootCached.gas < hashesCached.gas, "one rootFromPath call is cheaper than 20 hash calls");
  assert.equal(hashesUncached.detail.before_arbos60, 20 * (single.frame_cached + single.init), "before ArbOS 60 every call paid init");
  assert.equal(hashesUncached.detail.first_frame, single.frame_uncached);
  assert.equal(hashesUncached.detail.later_frame, single.frame_cached);
});

test("render.mjs: the chart has a legend, names each function once, and orders every group Stylus, Yul, Solidity, peers", () => {
  const dir = mkdtempSync(join(tmpdir(), "render-order-"));
  const row = (what, fn, gas, extra = {}) => makeRow({ section: "S", fn, subject: what, gas, source: "anvil", ...extra });
  const rows = join(dir, "rows.json");
  writeFileSync(
    rows,
    JSON.stringify({
      rows: [
        row(subject.peer("peer-lib 1.2.3 T3", "Solidity"), "hash(1,2)", 18000),
        row(subject.solidity("OurSolidity", { file: "s.sol" }), "hash(1,2)", 200000),
        row(subject.yul("OurYul", { file: "y.sol" }), "hash(1,2)", 13000),
        row(subject.stylus("p"), "hash(1,2)", 21000, { cached: false, source: "model" }),
        row(subject.stylus("p"), "hash(1,2)", 5000, { cached: true, source: "model" }),
        row(subject.peer("Huffy", "Huff"), "other(1)", 901),
        row(subject.yul("OurYul", { file: "y.sol" }), "other(1)", 1001),
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
  assert.ok(chart.includes(">p.wasm (Stylus) (cached) [model]</text>") && chart.includes(">OurYul (y.sol) [anvil]</text>"), "bars labelled from the fields");
  rmSync(dir, { recursive: true, force: true });
});

test("render.mjs refuses a bad row with one line: unknown kind, missing field, duplicate identity", () => {
  const dir = mkdtempSync(join(tmpdir(), "render-validate-"));
  const good = makeRow({ section: "S", fn: "hash(1,2)", subject: subject.yul("OurYul", { file: "y.sol" }), gas: 13000, source: "anvil" });
  const render = (rows) => {
    writeFileSync(join(dir, "rows.json"), JSON.stringify({ rows }));
    return spawnSync(process.execPath, [join(GAS_REPORT, "render.mjs"), "--out", join(dir, "out"), join(dir, "rows.json")], { encoding: "utf8" });
  };
  assert.equal(render([good]).status, 0);
  const cases = [
    [[{ ...good, subject: { ...good.subject, kind: "vyper" } }], /row 0: unknown kind "vyper" \(one of stylus, yul, solidity, peer, stock, in-process\)/],
    [[{ ...good, fn: undefined }], /row 0: no fn/],
    [[{ ...good, subject: { kind: "yul", deployable: "OurYul" } }], /row 0: a yul subject without file/],
    [[{ ...good, subject: { kind: "stylus" } }], /row 0: a stylus subject without deployable/],
    [[{ ...good, subject: { ...good.subject, app: "nope" } }], /row 0: unknown app "nope"/],
    [[{ ...good, gas: 0 }], /row 0: bad gas 0/],
    [[{ ...good, detail: { figure: [1] } }], /row 0: detail\.figure is not a number/],
    [[good, { ...good, gas: 12000 }], /row 1: the same row as .*row 0 \(section, fn, subject, cached, source\)/],
  ];
  for (const [rows, message] of cases) {
    const r = render(rows);
    assert.equal(r.status, 1, `refused: ${message}`);
    assert.match(r.stderr, message);
    assert.equal(r.stderr.trim().split("\n").length, 1, `one line: ${r.stderr}`);
  }
  // An unknown option is one line too.
  const option = spawnSync(process.execPath, [join(GAS_REPORT, "render.mjs"), "--bogus"], { encoding: "utf8" });
  assert.equal(option.status, 2);
  assert.equal(option.stderr.trim(), 'error: render: unknown argument "--bogus"');
  rmSync(dir, { recursive: true, force: true });
});

test("rows.mjs: the display label and the apps' operations come from the fields", () => {
  const r = (what) => makeRow({ section: SECTIONS.apps, fn: APP_FN.leanInsert(1023), subject: what, gas: 1, source: "anvil" });
  assert.equal(APP_FN.leanInsert(1023), "LeanIMT insert, size 1,023 (10 hashes)");
  assert.equal(APP_FN.leanInsert(0), "LeanIMT insert, size 0 (no hash)");
  assert.equal(APP_FN.leanInsert(1), "LeanIMT insert, size 1 (1 hash)");
  assert.equal(APP_FN.leanInsertMean(1000, 1100), "LeanIMT insert, sizes 1,000–1,099 (mean of 100)");
  assert.equal(label(r(subject.stylus("poseidon_stylus", { app: "lean-imt" }))), "zk-kit LeanIMT 2.0.1 + poseidon_stylus.wasm (ours, Stylus)");
  assert.equal(label(r(subject.stylus("poseidon_stylus_merkle", { app: "example-tree" }))), "IncrementalMerkleTree + poseidon_stylus_merkle.wasm (Stylus)");
  assert.equal(label(r(subject.yul("PoseidonT3Yul", { app: "semaphore" }))), "Semaphore 4.14.3 + PoseidonT3Yul (ours)");
  assert.equal(label(r(subject.yul("PoseidonT3Yul", { file: "solidity/PoseidonT3Yul.sol" }))), "PoseidonT3Yul (solidity/PoseidonT3Yul.sol)");
  assert.equal(language(r(subject.stylus("poseidon_stylus"))), "Rust");
});

test("render.mjs: a rerun that changes no figure keeps the report's date, so the file is unchanged; a changed figure dates it anew", () => {
  const dir = mkdtempSync(join(tmpdir(), "render-date-"));
  const rowsFile = join(dir, "rows.json");
  const out = join(dir, "out");
  const render = (gas, date) => {
    writeFileSync(rowsFile, JSON.stringify({ rows: [makeRow({ section: "S", fn: "hash(1,2)", subject: subject.yul("OurYul", { file: "y.sol" }), gas, source: "anvil" })] }));
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

test("render.mjs: the apps section ends with its goals, each named by what it measures and computed from its rows, met or not", () => {
  const LEAN_1023 = APP_FN.leanInsert(1023);
  const LEAN_MEAN = APP_FN.leanInsertMean(1000, 1100);
  const committed = findRows(JSON.parse(readFileSync(join(ROOT, "gas-report", "gas.json"), "utf8")).rows, { section: SECTIONS.apps });
  const dir = mkdtempSync(join(tmpdir(), "render-goals-"));
  const render = (rows) => {
    const r = renderRows(dir, rows);
    assert.equal(r.status, 0, r.stderr);
    return r.lines;
  };
  const copy = () => JSON.parse(JSON.stringify(committed.filter((r) => r.subject.variant !== "zk-kit-storage")));
  const STOCK = { kind: "stock" };
  const LINKED = { kind: "stylus", cached: true };
  const RUST = { kind: "in-process", variant: null, cached: true };
  const pick = (rows, fn, query) => rows.find((r) => matches(r, { app: "lean-imt", fn, ...query }));
  const line = (lines, what, row) => lines.filter((l) => l.startsWith(`| ${what} | ${label(row)} |`));
  const fmt = (n) => n.toLocaleString("en-US");
  // The goals, by what they measure: the app linked to the Stylus program, and the LeanIMT in Rust.
  const linked1023 = "LeanIMT `insert` at 1,023 leaves (10 hashes), PoseidonT3 linked to our Stylus T3 program";
  const rustMean = "LeanIMT `insert`, mean of the 1,001st to 1,100th, the LeanIMT written in Rust, hashing in-process";
  const rust1023 = "LeanIMT `insert` at 1,023 leaves (10 hashes), the LeanIMT written in Rust, hashing in-process";
  const isGoal = (l) => /^\| (LeanIMT|Semaphore) .*, (PoseidonT3 linked|the LeanIMT written in Rust)/.test(l);

  // The insert at 1,023 leaves, linked: 0.44 × stock is met, 0.46 × stock is not.
  for (const [factor, verdict] of [[0.44, "met"], [0.46, "not met"]]) {
    const rows = copy();
    const stock = pick(rows, LEAN_1023, STOCK);
    const linked = pick(rows, LEAN_1023, LINKED);
    linked.gas = Math.round(factor * stock.gas);
    const lines = render(rows);
    assert.ok(lines.includes("| transaction | ours | gas | stock | ratio | goal | met | source |"), "the goals table has no column of how the work was organised");
    const found = line(lines, linked1023, linked);
    assert.equal(found.length, 1, "one line for the goal");
    assert.equal(found[0], `| ${linked1023} | ${label(linked)} | ${fmt(linked.gas)} | ${fmt(stock.gas)} | ${(linked.gas / stock.gas).toFixed(3)} | ≤ 0.45 | ${verdict} | composed (${linked.source}) |`);
  }
  // The mean, the Rust LeanIMT; a like-for-like row (zk-kit's storage writes) adds a second line to
  // each of the Rust LeanIMT's goals, none to the linked app's.
  let rows = copy();
  const rust = pick(rows, LEAN_MEAN, RUST);
  const stockMean = pick(rows, LEAN_MEAN, STOCK);
  let lines = render(rows);
  assert.equal(line(lines, rustMean, rust)[0],
    `| ${rustMean} | ${label(rust)} | ${fmt(rust.gas)} | ${fmt(stockMean.gas)} | ${(rust.gas / stockMean.gas).toFixed(3)} | ≤ 0.55 | ${rust.gas <= 0.55 * stockMean.gas ? "met" : "not met"} | ${rust.source} |`);
  const before = lines.filter(isGoal).length;
  assert.equal(before, 5, "five goals, one line each");
  const likeForLike = (fn) => {
    const base = pick(rows, fn, RUST);
    return { ...base, subject: { ...base.subject, name: "LeanIMT in Rust, zk-kit's storage writes (a test row)", variant: "zk-kit-storage" }, gas: Math.round(0.5 * pick(rows, fn, STOCK).gas) };
  };
  const added = [LEAN_MEAN, LEAN_1023].map(likeForLike);
  rows.push(...added);
  lines = render(rows);
  assert.equal(lines.filter(isGoal).length, before + 2, "one more line per goal of the Rust LeanIMT");
  assert.match(line(lines, rustMean, added[0])[0], /\| 0\.500 \| ≤ 0\.55 \| met \| model \|$/);
  assert.match(line(lines, rust1023, added[1])[0], /\| 0\.500 \| ≤ 0\.40 \| not met \| model \|$/);
  // A row's display name is not what the goal reads: renamed, it is still found.
  rows = copy();
  pick(rows, LEAN_1023, LINKED).subject.deployable = "renamed_program";
  assert.ok(render(rows).some((l) => l.startsWith(`| ${linked1023} | zk-kit LeanIMT 2.0.1 + renamed_program.wasm (ours, Stylus) |`)));
  // Without the Semaphore group of 1,000 the goal says so; without any apps row there is no table.
  lines = render(copy().filter((r) => !matches(r, { fn: APP_FN.addMember(1000) })));
  assert.ok(lines.includes("| Semaphore `addMember` into a group of 1,000 or more, PoseidonT3 linked to our Stylus T3 program | – | – | – | – | ≤ 0.65 | no row in this report | – |"));
  assert.ok(!render([makeRow({ section: "S", fn: "f", subject: subject.yul("X", { file: "x.sol" }), gas: 1, source: "anvil" })]).includes("### Goals"));
  rmSync(dir, { recursive: true, force: true });
});

test("render.mjs: the header names every calibration case of the meter; the report and its notes name no issue of ours", () => {
  const dir = mkdtempSync(join(tmpdir(), "render-header-"));
  writeFileSync(join(dir, "rows.json"), JSON.stringify({ rows: [makeRow({ section: "S", fn: "f", subject: subject.yul("X", { file: "x.sol" }), gas: 1, source: "anvil" })] }));
  const r = spawnSync(process.execPath, [join(GAS_REPORT, "render.mjs"), "--out", join(dir, "out"), join(dir, "rows.json")], { encoding: "utf8" });
  assert.equal(r.status, 0, r.stderr);
  const report = readFileSync(join(dir, "out", "report.md"), "utf8");
  const cases = readdirSync(join(ROOT, "crates", "stylus-meter", "calibration")).filter((f) => f.endsWith(".json"));
  assert.ok(cases.length >= 2, "the meter has calibration cases");
  const header = report.slice(0, report.indexOf("\n## "));
  for (const file of cases) assert.ok(header.includes(`\`${file}\``), `the header names ${file}`);
  // Our issue numbers say how the work was organised, not what was measured; another project's
  // ("its issue #2") is a source and stays.
  const ours = /\bissues? \d/i;
  const meta = spawnSync(process.execPath, [join(GAS_REPORT, "meta.mjs"), "--stylus-source", "model", "--arbos", ARBOS], { encoding: "utf8", cwd: ROOT });
  assert.equal(meta.status, 0, meta.stderr);
  for (const note of JSON.parse(meta.stdout).notes) assert.doesNotMatch(note, ours);
  for (const file of ["report.md", "gas.json"]) assert.doesNotMatch(readFileSync(join(ROOT, "gas-report", file), "utf8"), ours, `gas-report/${file}`);
  rmSync(dir, { recursive: true, force: true });
});

test("glance.mjs: README.md's tables of figures are the committed gas.json's, and a figure edited by hand is caught", () => {
  const glance = join(ROOT, "scripts", "gas-report", "glance.mjs");
  const current = spawnSync(process.execPath, [glance, "--check"], { encoding: "utf8" });
  assert.equal(current.status, 0, `${current.stdout}${current.stderr}`);

  const dir = mkdtempSync(join(tmpdir(), "glance-"));
  const readme = readFileSync(join(ROOT, "README.md"), "utf8");
  const rows = JSON.parse(readFileSync(join(ROOT, "gas-report", "gas.json"), "utf8")).rows;
  const cached = rows.find((row) => matches(row, { section: SECTIONS.circomlib, fn: "hash(1,2)", kind: "stylus", cached: true }));
  const figure = cached.gas.toLocaleString("en-US");
  const line = `| \`hash(1,2)\` (circomlib t = 3) | ${figure} |`;
  assert.ok(readme.includes(line), `the README's table shows hash(1,2) at ${figure}`);
  const edited = join(dir, "README.md");
  writeFileSync(edited, readme.replace(line, "| `hash(1,2)` (circomlib t = 3) | 4,000 |"));
  const stale = spawnSync(process.execPath, [glance, "--check", "--readme", edited], { encoding: "utf8" });
  assert.equal(stale.status, 1, "a stale table fails --check");
  assert.match(stale.stderr, /gas tables are not what/);
  // the apps table too: the stock insert at 1,023 leaves
  const stock = rows.find((row) => matches(row, { fn: APP_FN.leanInsert(1023), kind: "stock" }));
  const appLine = `| LeanIMT \`insert\` into 1,023 leaves (10 hashes) | ${stock.gas.toLocaleString("en-US")} |`;
  assert.ok(readme.includes(appLine), "the README's apps table shows the stock insert");
  writeFileSync(edited, readme.replace(appLine, "| LeanIMT `insert` into 1,023 leaves (10 hashes) | 200,000 |"));
  assert.equal(spawnSync(process.execPath, [glance, "--check", "--readme", edited], { encoding: "utf8" }).status, 1, "a stale apps table fails --check");
  rmSync(dir, { recursive: true, force: true });
});

test("glance.mjs finds every row it shows by its fields: a renamed label changes nothing, a missing row fails loudly", async () => {
  const { withTables } = await import(join(GAS_REPORT, "glance.mjs"));
  const readme = readFileSync(join(ROOT, "README.md"), "utf8");
  const rows = () => JSON.parse(readFileSync(join(ROOT, "gas-report", "gas.json"), "utf8")).rows;
  // Display text is not read: every label and name changed, the tables are the same.
  const renamed = rows().map((r) => ({ ...r, implementation: "renamed", language: "renamed", function: "renamed", note: "renamed", subject: { ...r.subject, name: "renamed" } }));
  assert.equal(withTables(readme, renamed), readme);
  // Each row a table needs, taken away, is an error naming it, never a silently empty cell.
  const needed = [
    [{ section: SECTIONS.circomlib, fn: "hash(1,2)", kind: "stylus", cached: true }, /no cached Stylus row for circomlib Poseidon: hash\(1,2\)/],
    [{ fn: APP_FN.leanInsert(1023), kind: "stock" }, /no row for stock, LeanIMT insert, size 1,023 \(10 hashes\)/],
    [{ fn: APP_FN.addMember(1000), kind: "stylus", cached: true }, /no row for Stylus-linked \(cached\), Semaphore addMember, group of 1,000/],
    [{ fn: APP_FN.leanUpdate(1200), kind: "yul" }, /no row for Yul-linked, LeanIMT update, size 1,200/],
    [{ fn: APP_FN.leanInsert(65535), kind: "in-process", variant: "zk-kit-storage" }, /no row for LeanIMT in Rust \(zk-kit-storage\), LeanIMT insert, size 65,535/],
    [{ section: SECTIONS.inProcess }, new RegExp(`no "${SECTIONS.inProcess}" rows`)],
  ];
  for (const [query, message] of needed) {
    const without = rows().filter((r) => !matches(r, query));
    assert.ok(without.length < rows().length, `the query ${JSON.stringify(query)} picks a row`);
    assert.throws(() => withTables(readme, without), message);
  }
  // An in-process row without the figures of its "whole call" cell.
  const bare = rows().map((r) => (r.section === SECTIONS.inProcess ? { ...r, detail: undefined } : r));
  assert.throws(() => withTables(readme, bare), /has no detail\.call and detail\.cached_call/);
  // And from the command line: one line, exit 1.
  const dir = mkdtempSync(join(tmpdir(), "glance-missing-"));
  writeFileSync(join(dir, "gas.json"), JSON.stringify({ rows: rows().filter((r) => !matches(r, { kind: "stock" })) }));
  const r = spawnSync(process.execPath, [join(GAS_REPORT, "glance.mjs"), "--check", "--gas", join(dir, "gas.json")], { encoding: "utf8" });
  assert.equal(r.status, 1);
  assert.match(r.stderr, /^glance: no row for stock, LeanIMT insert, size 1,023 \(10 hashes\): \{"kind":"stock"\}\n$/);
  rmSync(dir, { recursive: true, force: true });
});

test("which-one.mjs: README.md's \"Which one should I call?\" follows gas.json: a hand-edited figure is caught, the rule is computed from the rows", async () => {
  const { withTables } = await import(join(GAS_REPORT, "glance.mjs"));
  const { whichOneSection } = await import(join(GAS_REPORT, "which-one.mjs"));
  const readme = readFileSync(join(ROOT, "README.md"), "utf8");
  const rows = () => JSON.parse(readFileSync(join(ROOT, "gas-report", "gas.json"), "utf8")).rows;
  const HASH2 = { section: SECTIONS.circomlib, fn: "hash(1,2)" };
  const fmt = (n) => n.toLocaleString("en-US");

  // The committed section is what the rows give, and a figure typed over is caught by --check.
  assert.equal(withTables(readme, rows()), readme);
  const uncached = rows().find((r) => matches(r, { ...HASH2, kind: "stylus", cached: false }));
  const cell = `| circomlib \`hash\`, 2 inputs | `;
  const line = readme.split("\n").find((l) => l.startsWith(cell));
  assert.ok(line?.includes(`| ${fmt(uncached.gas)} |`), "the section shows the uncached hash(1,2)");
  const dir = mkdtempSync(join(tmpdir(), "which-one-"));
  writeFileSync(join(dir, "README.md"), readme.replace(line, line.replace(`| ${fmt(uncached.gas)} |`, "| 12,000 |")));
  const stale = spawnSync(process.execPath, [join(GAS_REPORT, "glance.mjs"), "--check", "--readme", join(dir, "README.md")], { encoding: "utf8" });
  assert.equal(stale.status, 1, "a stale which-one table fails --check");

  // The rule names the calls dearer uncached from the rows: an uncached hash(1,2) below the
  // cheapest EVM contract leaves the list, one above it joins it.
  const evm = (all) => Math.min(...all.filter((r) => matches(r, HASH2) && ["yul", "solidity", "peer"].includes(r.subject.kind) && r.cached === null && r.source !== "published").map((r) => r.gas));
  const named = (text) => /On an uncached program[^:]*: [^;]*circomlib `hash`, 2 inputs \(/.test(text);
  const withUncached = (gas) => rows().map((r) => (matches(r, { ...HASH2, kind: "stylus", cached: false }) ? { ...r, gas } : r));
  const cheapest = evm(rows());
  assert.ok(named(whichOneSection(withUncached(cheapest + 1))), "dearer uncached: named");
  const cheaper = whichOneSection(withUncached(cheapest - 1));
  assert.ok(!named(cheaper), "cheaper uncached: not named");
  assert.match(cheaper, new RegExp(`\\| circomlib \`hash\`, 2 inputs \\| [\\d,]+ \\| ${fmt(cheapest - 1)} \\|`));
  // Every Stylus call uncached below its EVM contract: the rule says so in one sentence.
  const allCheap = rows().map((r) => {
    if (!(r.subject.kind === "stylus" && r.cached === false)) return r;
    const peers = rows().filter((p) => p.section === r.section && p.fn === r.fn && p.cached === null && ["yul", "solidity", "peer"].includes(p.subject.kind) && p.source !== "published");
    return peers.length ? { ...r, gas: Math.min(r.gas, ...peers.map((p) => p.gas - 1)) } : r;
  });
  assert.match(whichOneSection(allCheap), /Every call above is cheaper on Stylus than on the cheapest EVM contract, even on an uncached program\. /);
  // A cached figure above its EVM contract is named too.
  const cachedDear = rows().map((r) => (matches(r, { ...HASH2, kind: "stylus", cached: true }) ? { ...r, gas: cheapest + 1 } : r));
  assert.match(whichOneSection(cachedDear), new RegExp(`Even cached, these cost more on Stylus: circomlib \`hash\`, 2 inputs \\(${fmt(cheapest + 1)} against ${fmt(cheapest)}\\)\\.`));

  // The "called earlier in the block" column stands on the report's repeated-call rows: if the later
  // calls did not cost what cached calls cost, the section is refused, not written.
  const REPEATED = { section: SECTIONS.circomlib, fn: "depth-20 path: 20 × hash(a,b) in one transaction, in-frame", kind: "stylus" };
  const broken = rows().map((r) => (matches(r, { ...REPEATED, cached: true }) ? { ...r, gas: r.gas + 20 } : r));
  assert.throws(() => whichOneSection(broken), /do not show later calls charged as cached/);
  assert.throws(() => whichOneSection(rows().filter((r) => !matches(r, { ...REPEATED, cached: false }))), /no row for the depth-20 path's calls to an uncached program/);
  rmSync(dir, { recursive: true, force: true });
});

test("render.mjs: the size ladder shows each step uncached and cached with the rule's verdict, and refuses a deployable that breaks the rule", () => {
  const dir = mkdtempSync(join(tmpdir(), "render-size-"));
  const hash2 = findRows(JSON.parse(readFileSync(join(ROOT, "gas-report", "gas.json"), "utf8")).rows, { section: SECTIONS.circomlib, fn: "hash(1,2)" });
  const arithmetic = { ladder: "arithmetic", step: "one arithmetic step", cached: false, source: "model", wasm_bytes: 9000, gas: 30000, execution_gas: 5000 };
  const size = (step, wasm_bytes, uncached_gas, cached_gas) => ({ ladder: "size", step, source: "model", wasm_bytes, uncached_gas, cached_gas, execution_gas: 3000 });
  const render = (ladder) => renderRows(dir, hash2, ladder);
  // Step b lowers the uncached call but raises the cached one by 2 %: refused; c holds (+0.9 %).
  const steps = [size("a", 12000, 20000, 4700), size("b", 11000, 19000, 4794), size("c", 10000, 18000, 4742)];
  const ok = render([arithmetic, ...steps]);
  assert.equal(ok.status, 0, ok.stderr);
  const heading = ok.lines.indexOf("## Size ladder (Stylus `hash(1,2)`, uncached)");
  assert.ok(heading > ok.lines.indexOf("## Optimization ladder (Stylus `hash(1,2)`)"), "the size ladder follows the arithmetic ladder");
  assert.ok(ok.lines.includes("| one arithmetic step | 30,000 | – | model |"), "the arithmetic ladder keeps its rows");
  assert.match(ok.lines[heading + 2], /A size step is kept when it lowers the program's uncached gas and its cached gas stays within 1 % of the program before the size steps/);
  assert.ok(ok.lines.includes("| a | 12,000 | 20,000 | – | 4,700 | – | first step | model |"));
  assert.ok(ok.lines.includes("| b | 11,000 | 19,000 | 5.0% | 4,794 | +2.0% | refused | model |"));
  assert.ok(ok.lines.includes("| c | 10,000 | 18,000 | 5.3% | 4,742 | +0.9% | kept | model |"));
  // The deployable (last step) breaking the rule stops the render: its cached call 1.1 % above the first step's,
  // or its uncached call not lower than the step before.
  for (const last of [size("c", 10000, 18000, 4752), size("c", 10000, 19000, 4700)]) {
    const refused = render([arithmetic, steps[0], steps[1], last]);
    assert.equal(refused.status, 1);
    assert.match(refused.stderr, /^render: the deployable \(size step "c"\) breaks the size rule: A size step is kept when/);
  }
  // A step of no known ladder stops it too.
  assert.match(render([{ ...arithmetic, ladder: undefined }]).stderr, /ladder step "one arithmetic step": ladder is undefined, not "arithmetic" or "size"/);
});

test("render.mjs: the circomlib section's width table sets our program uncached and cached against the cheapest EVM contract, by the rows", () => {
  const committed = findRows(JSON.parse(readFileSync(join(ROOT, "gas-report", "gas.json"), "utf8")).rows, { section: SECTIONS.circomlib });
  const dir = mkdtempSync(join(tmpdir(), "render-widths-"));
  const render = (rows) => {
    const r = renderRows(dir, rows);
    assert.equal(r.status, 0, r.stderr);
    return r.lines;
  };
  const rows = JSON.parse(JSON.stringify(committed));
  const fmt = (n) => n.toLocaleString("en-US");
  const HASH2 = { fn: "hash(1,2)" };
  const uncached = rows.find((r) => matches(r, { ...HASH2, kind: "stylus", cached: false }));
  const cached = rows.find((r) => matches(r, { ...HASH2, kind: "stylus", cached: true }));
  const peer = rows.find((r) => matches(r, { ...HASH2, kind: "peer", deployable: "PoseidonT3" }));
  // Made the cheapest EVM row, the peer is named and divides our uncached figure.
  for (const r of rows.filter((r) => matches(r, HASH2) && ["yul", "solidity", "peer"].includes(r.subject.kind) && r !== peer)) r.gas = peer.gas + 1;
  uncached.gas = 17999;
  cached.gas = 4781;
  const lines = render(rows);
  const table = lines.indexOf("### Uncached, width by width");
  assert.ok(table > 0 && table < lines.indexOf("### Goals"), "the width table sits in the circomlib section, before its goals");
  assert.ok(lines.includes(`| \`hash(1,2)\` | 17,999 | 4,781 | ${label(peer)} | ${fmt(peer.gas)} | ${(17999 / peer.gas).toFixed(2)}× |`));
  // Every width with an EVM row has a line; wider calls (no EVM contract) have none.
  const widths = lines.slice(table).filter((l) => /^\| `hash\(/.test(l)).map((l) => l.split(" | ")[0].slice(2));
  assert.ok(widths.includes("`hash(1)`") && widths.includes("`hash(1,2,3,4,5,6)`") && !widths.includes("`hash(1,2,3,4,5,6,7)`"), widths.join(", "));
  // The hash(1,2) goals: uncached ≤ 18,000 met, cached ≤ 4,780 not met.
  assert.ok(lines.includes(`| \`hash(1,2)\` uncached | ${label(uncached)} | 17,999 | – | – | ≤ 18,000 gas | met | ${uncached.source} |`));
  assert.ok(lines.includes(`| \`hash(1,2)\` cached | ${label(cached)} | 4,781 | – | – | ≤ 4,780 gas | not met | ${cached.source} |`));
});
