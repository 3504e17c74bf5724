// The Rust Stylus LeanIMT as deployed (target/examples/lean_imt.wasm, scripts/build-example.sh) through
// the meter with state: every operation of test/vectors/lean-imt.json's sequences as its own
// transaction from an EOA (stylus-meter txs), each returning zk-kit's root (@zk-kit/lean-imt with
// poseidon-lite) or reverting with InternalLeanIMT.sol's error, ABI-encoded as Solidity encodes it;
// then the contract's storage equals the native algorithm's on the same slots (examples/replay), so
// the layout the gas report preloads is the contract's, and root()/size()/depth()/has()/indexOf()
// read back the final tree.
// Needs: scripts/build-example.sh lean-imt, the meter, and the replay example (cargo test -p lean-imt builds it).
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ROOT, cast } from "./helpers.mjs";

const METER = path.join(ROOT, "target", "tools", "stylus-meter");
// Built by `cargo test -p lean-imt` in contracts/examples (the dev profile, as scripts/test.sh runs it).
const REPLAY = path.join(ROOT, "target", "debug", "examples", "replay");
const WASM = path.join(ROOT, "target", "examples", "lean_imt.wasm");
const ADDRESS = "0x5555555555555555555555555555555555555555";
const vectors = JSON.parse(fs.readFileSync(path.join(ROOT, "test", "vectors", "lean-imt.json"), "utf8"));

for (const [file, how] of [
  [WASM, "scripts/build-example.sh lean-imt"],
  [METER, "cargo build --profile tools -p stylus-meter"],
  [REPLAY, "(cd contracts/examples && cargo test -p lean-imt), which builds the replay example"],
]) {
  if (!fs.existsSync(file)) throw new Error(`${path.relative(ROOT, file)} is missing: run ${how}`);
}

/** The meter's transaction for a vector operation. */
function transaction(operation) {
  const list = (words) => `[${words.join(",")}]`;
  switch (operation.op) {
    case "insert":
      return { sig: "insert(uint256)", args: operation.leaf };
    case "insertMany":
      return { sig: "insertMany(uint256[])", args: list(operation.leaves) };
    case "update":
      return { sig: "update(uint256,uint256,uint256[])", args: `${operation.oldLeaf},${operation.newLeaf},${list(operation.siblings)}` };
    case "remove":
      return { sig: "remove(uint256,uint256[])", args: `${operation.oldLeaf},${list(operation.siblings)}` };
    case "indexOf":
      return { sig: "indexOf(uint256)", args: operation.leaf };
    default:
      throw new Error(`unknown operation ${operation.op}`);
  }
}

/** Revert data Solidity writes for a vector's revert: the error's selector, or Panic(uint256)'s and the code. */
const selectors = new Map();
function revertData(revert) {
  const panic = /^Panic\((0x[0-9a-f]+)\)$/.exec(revert);
  const signature = panic ? "Panic(uint256)" : `${revert}()`;
  if (!selectors.has(signature)) selectors.set(signature, cast("sig", signature));
  const code = panic ? BigInt(panic[1]).toString(16).padStart(64, "0") : "";
  return selectors.get(signature) + code;
}

function meter(txs, work, name, state) {
  const file = path.join(work, `${name}.json`);
  fs.writeFileSync(file, JSON.stringify(txs));
  const out = execFileSync(
    METER,
    ["txs", "--wasm", WASM, "--txs", file, "--address", ADDRESS, "--json", "--state-out", path.join(work, `${name}.state.json`),
      ...(state ? ["--state", state] : [])],
    { maxBuffer: 1 << 28 },
  );
  return JSON.parse(out).txs;
}

const word = (hex) => BigInt(hex);

for (const sequence of vectors.sequences) {
  test(`LeanIMT sequence "${sequence.name}" (${sequence.operations.length} operations) through the meter equals zk-kit`, () => {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), "lean-imt-meter-"));
    try {
      const results = meter(sequence.operations.map(transaction), work, "sequence");
      assert.equal(results.length, sequence.operations.length);
      sequence.operations.forEach((operation, i) => {
        const result = results[i];
        const context = `${sequence.name} #${i} ${operation.op}`;
        if (operation.expect.revert) {
          assert.equal(result.outcome, "revert", `${context}: must revert with ${operation.expect.revert}`);
          assert.equal(result.returndata, revertData(operation.expect.revert), `${context}: revert data`);
        } else {
          assert.equal(result.outcome, "success", `${context}: ${result.returndata}`);
          assert.equal(word(result.returndata), word(operation.expect.root), `${context}: root`);
        }
      });

      // The contract's storage is the native algorithm's on the same slots.
      const ops = path.join(work, "ops.json");
      fs.writeFileSync(ops, JSON.stringify(sequence.operations.filter((o) => o.op !== "indexOf")));
      const native = JSON.parse(execFileSync(REPLAY, ["--ops", ops, "--address", ADDRESS, "--state-out", path.join(work, "native.json")]));
      const storage = (file) => JSON.parse(fs.readFileSync(file, "utf8")).accounts[ADDRESS]?.storage ?? {};
      const normalized = (slots) => Object.fromEntries(Object.entries(slots).map(([k, v]) => [word(k).toString(16), word(v).toString(16)]));
      assert.deepEqual(normalized(storage(path.join(work, "sequence.state.json"))), normalized(storage(path.join(work, "native.json"))));
      assert.equal(word(native.root), word(sequence.final.root));

      // The views read the final tree back.
      const present = sequence.final.leaves.map((leaf, index) => ({ leaf, index })).filter(({ leaf }) => word(leaf) !== 0n);
      const sample = present.filter((_, k) => k % Math.ceil(present.length / 24) === 0);
      // A leaf that was never inserted: has() is false and indexOf() reverts as zk-kit's does.
      const absent = "0x" + "5".repeat(62);
      assert.ok(!sequence.final.leaves.some((leaf) => word(leaf) === word(absent)));
      const views = [
        { sig: "root()", args: "" },
        { sig: "size()", args: "" },
        { sig: "depth()", args: "" },
        ...sample.flatMap(({ leaf }) => [
          { sig: "has(uint256)", args: leaf },
          { sig: "indexOf(uint256)", args: leaf },
        ]),
        { sig: "has(uint256)", args: absent },
        { sig: "indexOf(uint256)", args: absent },
      ];
      const read = meter(views, work, "views", path.join(work, "sequence.state.json"));
      const [absentHas, absentIndexOf] = read.splice(-2);
      assert.equal(absentHas.outcome, "success", "has(absent)");
      assert.equal(word(absentHas.returndata), 0n, "has(absent) is false");
      assert.equal(absentIndexOf.outcome, "revert", "indexOf(absent) reverts");
      assert.equal(absentIndexOf.returndata, revertData("LeafDoesNotExist"), "indexOf(absent): LeafDoesNotExist");
      assert.ok(read.every((r) => r.outcome === "success"), "every view succeeds");
      assert.equal(word(read[0].returndata), word(sequence.final.root), "root()");
      assert.equal(word(read[1].returndata), BigInt(sequence.final.size), "size()");
      assert.equal(word(read[2].returndata), BigInt(sequence.final.depth), "depth()");
      sample.forEach(({ leaf, index }, k) => {
        assert.equal(word(read[3 + 2 * k].returndata), 1n, `has(${leaf})`);
        assert.equal(word(read[4 + 2 * k].returndata), BigInt(index), `indexOf(${leaf})`);
      });
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  });
}
