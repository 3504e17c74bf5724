// Tests of the apps' gas rows, run with `node --test test/scripts/`: the composition rule
// (scripts/gas-report/compose-stylus.mjs) on made-up transactions, then scripts/gas-report/apps-gas.sh --quick
// for real (zk-kit LeanIMT and Semaphore on an anvil it starts and stops, over the stock and the Yul
// PoseidonT3, small trees) and scripts/gas-report/model-stylus.mjs, whose every Stylus row is
// recomputed here from its parts with the meter, and which refuses a program whose return data is not
// the EVM hasher's. Needs npm ci, and the built meter and WASM (scripts/build-wasm.sh) for the Stylus
// rows. The committed gas-report/ is never written.
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { composeTransaction, framePricer } from "../../scripts/gas-report/compose-stylus.mjs";
import { APP_FN, SECTIONS, matches } from "../../scripts/gas-report/rows.mjs";
import { ROOT, freePort } from "./helpers.mjs";

/** The row of `fn` over the stock or the Yul PoseidonT3 (`kind`). */
const over = (rows, fn, kind) => rows.find((r) => matches(r, { fn, kind }));

const METER = join(ROOT, "target", "tools", "stylus-meter");
const WASM = join(ROOT, "target", "stylus", "poseidon_stylus.wasm");
const work = mkdtempSync(join(tmpdir(), "apps-gas-"));
after(() => rmSync(work, { recursive: true, force: true }));

function run(command, args, env = process.env) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("close", (code) =>
      code === 0 ? resolve(stdout) : reject(new Error(`${command} ${args.join(" ")} exited ${code}:\n${stderr.slice(-3000)}`)),
    );
  });
}

test("compose-stylus: the EVM part stays, the hasher's frames become the program's, the refund is capped on the new total", () => {
  const tx = { gas: 100_000, refund: 4_800, frames: [{ calldata: "0x01", gas_used: 18_049 }, { calldata: "0x02", gas_used: 18_049 }] };
  // spent 125,800; EVM part 125,800 − 36,098 = 89,702; with two 4,396 frames 98,494; refund 4,800 (cap 19,698).
  const c = composeTransaction(tx, [4_396, 4_396]);
  assert.deepEqual(c, { gas: 98_494 - 4_800 - 21_000, evm_part: 89_702 - 21_000, hasher_gas: 36_098, program_gas: 8_792, refund: 4_800, refund_capped: false });
  // A refund the cheaper total caps: 30,000 on an anvil transaction of 150,000 spent, 60,000 after.
  const capped = composeTransaction({ gas: 99_000, refund: 30_000, frames: [{ calldata: "0x", gas_used: 90_000 }] }, [0]);
  assert.equal(capped.refund, 12_000, "a fifth of the 60,000 spent");
  assert.equal(capped.gas, 60_000 - 12_000 - 21_000);
  assert.ok(capped.refund_capped);
  // The anvil transaction's own refund must not have been capped (else its counter is unknown).
  assert.throws(() => composeTransaction({ gas: 10_000, refund: 20_000, frames: [] }, []), /was capped/);
  assert.throws(() => composeTransaction(tx, [1]), /one program frame per hasher frame/);
});

let apps = null;

test("apps-gas.sh --quick measures LeanIMT and Semaphore over the stock and the Yul PoseidonT3, and stops its anvil", { timeout: 600_000 }, async () => {
  const out = join(work, "apps.json");
  const port = await freePort();
  await run(join(ROOT, "scripts", "gas-report", "apps-gas.sh"), [out, "--quick"], { ...process.env, APPS_GAS_PORT: String(port) });
  apps = JSON.parse(readFileSync(out, "utf8"));
  const functions = [...new Set(apps.rows.map((r) => r.fn))];
  assert.equal(functions.length, 10, functions.join(", "));
  for (const fn of functions) {
    const [stock, yul] = ["stock", "yul"].map((kind) => over(apps.rows, fn, kind));
    assert.ok(stock && yul, `${fn}: a stock and a Yul row`);
    assert.equal(stock.subject.app, yul.subject.app);
    assert.equal(stock.record.txs.length, yul.record.txs.length);
    stock.record.txs.forEach((tx, i) => {
      const other = yul.record.txs[i];
      assert.equal(tx.hasher_frames.length, other.hasher_frames.length, `${fn}: as many hashes either way`);
      for (const frame of tx.hasher_frames) assert.equal(frame.gas_used, 18_049, "the stock library's warm frame (the issue's Nitro figure)");
      tx.hasher_frames.forEach((frame, k) => {
        assert.match(frame.output, /^0x[0-9a-f]{64}$/, `${fn}: each frame keeps its output, one word`);
        assert.equal(other.hasher_frames[k].calldata, frame.calldata, `${fn}: the same calls over stock and Yul`);
        assert.equal(other.hasher_frames[k].output, frame.output, `${fn}: the Yul returns the stock library's hash`);
      });
      const evm = (t) => t.gas + t.refund - t.hasher_frames.reduce((s, f) => s + f.gas_used, 0);
      assert.equal(evm(tx), evm(other), `${fn}: the same EVM part over stock and Yul`);
      assert.ok(other.gas < tx.gas || tx.hasher_frames.length === 0, `${fn}: Yul is cheaper when it hashes`);
    });
  }
  const insertZero = over(apps.rows, APP_FN.leanInsert(0), "stock");
  assert.equal(insertZero.record.txs[0].hasher_frames.length, 0, "an insert into an empty tree hashes nothing");
  const update = over(apps.rows, APP_FN.leanUpdate(40), "stock");
  assert.equal(update.record.txs[0].refund, 4_800, "an update clears the old leaf's index: one EIP-3529 refund");
  // The section says what compiled the apps: foundry.toml's settings, as the artifacts record them.
  const toml = readFileSync(join(ROOT, "foundry.toml"), "utf8");
  const setting = (key) => new RegExp(`^${key} = "?([^"\n]+)"?$`, "m").exec(toml)[1];
  const [compiled] = apps.about[apps.rows[0].section];
  for (const words of ["solc 0.8.30", `optimizer ${setting("optimizer_runs")} runs`, "constantOptimizer off", `EVM ${setting("evm_version")}`]) {
    assert.ok(compiled.includes(words), `the apps' paragraph says ${words}: ${compiled}`);
  }
});

test("model-stylus.mjs composes every app's Stylus row from the anvil transactions and the meter", { timeout: 600_000 }, async () => {
  assert.ok(apps, "needs the apps-gas.sh test's rows");
  for (const file of [METER, WASM]) assert.ok(existsSync(file), `${file} is missing: run scripts/build-wasm.sh`);
  const appsFile = join(work, "apps.json");
  const model = JSON.parse(await run("node", [join(ROOT, "scripts", "gas-report", "model-stylus.mjs"), "--meter", METER, "--wasm-dir", join(ROOT, "target", "stylus"), "--apps", appsFile]));
  const functions = [...new Set(apps.rows.map((r) => r.fn))];
  assert.equal(model.rows.length, functions.length, "one Stylus row per function");
  assert.ok(model.about[apps.rows[0].section][0].includes("composed, not run"), "the section says how its rows are composed");
  for (const row of model.rows) {
    const yul = over(apps.rows, row.fn, "yul");
    assert.deepEqual(row.subject, { kind: "stylus", deployable: "poseidon_stylus", app: yul.subject.app });
    assert.equal(row.cached, true);
    assert.match(row.source, /^model, ArbOS \d+$/);
    // Recompute from the parts: the Yul transaction, each frame priced alone by `call` (a cached
    // program's frames do not depend on the calls before them in the transaction).
    let total = 0;
    for (const tx of yul.record.txs) {
      const frames = tx.hasher_frames.map((frame) => {
        const meter = spawnSync(METER, ["call", "--wasm", WASM, "--calldata", frame.calldata, "--json"], { encoding: "utf8" });
        assert.equal(meter.status, 0, meter.stderr);
        const report = JSON.parse(meter.stdout);
        assert.equal(report.outcome, "success", `the program answers the linked library's call ${frame.calldata.slice(0, 10)}`);
        assert.equal(report.returndata, frame.output, "the program returns the EVM hasher's hash");
        return report.gas.cached_call - report.gas.calldata;
      });
      total += composeTransaction({ gas: tx.gas, refund: tx.refund, frames: tx.hasher_frames }, frames).gas;
    }
    assert.equal(row.gas, Math.floor(total / yul.record.txs.length), `${row.fn}: recomputed`);
    const stock = over(apps.rows, row.fn, "stock");
    if (yul.record.txs.some((tx) => tx.hasher_frames.length > 0)) {
      assert.ok(row.gas < yul.gas && yul.gas < stock.gas, `${row.fn}: Stylus below Yul below stock`);
    } else {
      assert.ok(row.gas === yul.gas && yul.gas === stock.gas, `${row.fn}: no hash, the same gas every way`);
    }
  }
  // The rows render in their own section, against stock.
  const rowsFile = join(work, "model.json");
  writeFileSync(rowsFile, JSON.stringify(model));
  const out = join(work, "report");
  await run("node", [join(ROOT, "scripts", "gas-report", "render.mjs"), "--out", out, rowsFile, appsFile]);
  const report = readFileSync(join(out, "report.md"), "utf8");
  assert.ok(report.includes(`## ${SECTIONS.apps}\n`), "the apps section");
  assert.ok(report.includes("| vs stock | vs best Yul |"), "compared with stock");
});

test("model-stylus.mjs refuses a Stylus row whose program does not return the EVM hasher's output, naming the row and frame", { timeout: 600_000 }, async () => {
  assert.ok(apps, "needs the apps-gas.sh test's rows");
  // One function's rows (stock and Yul), with one frame's recorded output changed.
  const fn = APP_FN.leanUpdate(40);
  const rows = () => JSON.parse(JSON.stringify(apps.rows.filter((r) => r.fn === fn)));
  const model = (edited) => {
    const file = join(work, "apps-edited.json");
    writeFileSync(file, JSON.stringify({ ...apps, rows: edited }));
    return spawnSync(process.execPath, [join(ROOT, "scripts", "gas-report", "model-stylus.mjs"), "--meter", METER, "--wasm-dir", join(ROOT, "target", "stylus"), "--apps", file], { encoding: "utf8" });
  };
  assert.equal(model(rows()).status, 0, "the rows as measured compose");
  const frame = 3;
  const wrong = (row) => {
    const f = row.record.txs[0].hasher_frames[frame];
    f.output = "0x" + (BigInt(f.output) ^ 1n).toString(16).padStart(64, "0");
    return f.output;
  };
  // A wrong hash in both EVM runs: the program's return data disagrees with it.
  const both = rows();
  const recorded = both.map(wrong)[0];
  const refused = model(both);
  assert.notEqual(refused.status, 0, "a wrong output is refused");
  assert.match(refused.stderr, new RegExp(`${fn.replace(/[()]/g, "\\$&")} \\(over PoseidonT3Yul\\), transaction 0, frame ${frame} \\(0x561558fe…\\): poseidon_stylus\\.wasm returned 0x[0-9a-f]{64}, the EVM hasher ${recorded}`));
  // A wrong hash over Yul only: stock and Yul disagree before any program runs.
  const yulOnly = rows();
  wrong(yulOnly.find((r) => r.subject.kind === "yul"));
  assert.match(model(yulOnly).stderr, /transaction 0: the hasher's calls or outputs differ over stock and Yul/);
  // No recorded output (apps.json from before outputs were kept): refused, saying to remeasure.
  const none = rows();
  for (const row of none) delete row.record.txs[0].hasher_frames[frame].output;
  assert.match(model(none).stderr, /transaction 0, frame 3: no recorded output of the EVM hasher \(rerun scripts\/gas-report\/apps-gas\.sh/);
  // The pricer alone: the right output passes, a wrong one throws.
  const { calldata, output } = over(apps.rows, fn, "yul").record.txs[0].hasher_frames[frame];
  const pricer = framePricer({ meter: METER, wasm: WASM, arbos: 61 });
  assert.equal(pricer.price([{ calldata, output }], "test").frames.length, 1);
  assert.throws(() => pricer.price([{ calldata, output: "0x" + "00".repeat(32) }], "the test row, transaction 7"), /^Error: compose: the test row, transaction 7, frame 0 \(0x561558fe…\): poseidon_stylus\.wasm returned 0x/);
});
