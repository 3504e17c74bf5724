// README "Use it in your Stylus contract" is what a Rust developer copies: its Cargo.toml lines and its
// contract are contracts/examples/readme-hasher (this test keeps the two equal), which scripts/test.sh
// builds by the README's recipe (scripts/build-example.sh readme-hasher: target/examples/readme_hasher.wasm).
// Here the built contract runs through the meter: hash(1,2) is circomlib's (poseidon-lite, an independent
// reference), an input >= p reverts with InputNotInField(position, value) as Solidity encodes it, and the
// README's gas figure is the meter's.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { poseidon2 } from "poseidon-lite";
import { ROOT, cast } from "./helpers.mjs";

const CRATE = path.join(ROOT, "contracts", "examples", "readme-hasher");
const WASM = path.join(ROOT, "target", "examples", "readme_hasher.wasm");
const METER = path.join(ROOT, "target", "tools", "stylus-meter");
const P = 21888242871839275222246405745257275088548364400416034343698204186575808495617n;

/** The README section "Use it in your Stylus contract", up to the next section. */
function section() {
  const readme = fs.readFileSync(path.join(ROOT, "README.md"), "utf8");
  const start = readme.indexOf("\n## Use it in your Stylus contract\n");
  assert.ok(start >= 0, "README has the section");
  const end = readme.indexOf("\n## ", start + 1);
  return readme.slice(start, end < 0 ? undefined : end);
}

/** The fenced blocks of a language in `text`, in order. */
const blocks = (text, language) => [...text.matchAll(new RegExp("```" + language + "\\n([\\s\\S]*?)```", "g"))].map((m) => m[1]);

/** A TOML `[dependencies]` table's entries as {name: line without its path}, comments dropped. */
function dependencies(toml) {
  const table = toml.split(/^\[dependencies\]\n/m)[1].split(/^\[/m)[0];
  return Object.fromEntries(
    table
      .split("\n")
      .filter((line) => line.trim() && !line.trim().startsWith("#"))
      .map((line) => {
        const [name, value] = line.split(/\s*=\s*(.*)/s);
        return [name.trim(), value.replace(/path = "[^"]*crates\/([a-z0-9-]+)"/, 'path = "…/crates/$1"')];
      }),
  );
}

test("the README's contract and Cargo.toml lines are contracts/examples/readme-hasher", () => {
  const text = section();
  const [rust] = blocks(text, "rust");
  assert.equal(rust, fs.readFileSync(path.join(CRATE, "src", "lib.rs"), "utf8"), "README's contract = readme-hasher/src/lib.rs");
  const [toml] = blocks(text, "toml");
  const readme = dependencies(toml);
  assert.deepEqual(readme, dependencies(fs.readFileSync(path.join(CRATE, "Cargo.toml"), "utf8")), "the same dependencies");
  assert.match(readme["poseidon-bn254"], /features = \["abi"\]/);
  // The path in the README points at a clone of this repository, and names a crate that is there.
  const crate = /crates\/([a-z0-9-]+)/.exec(readme["poseidon-bn254"])[1];
  assert.ok(fs.existsSync(path.join(ROOT, "crates", crate, "Cargo.toml")), `crates/${crate} exists`);
});

test("the README's contract, built by its recipe, hashes as circomlib and reverts with InputNotInField", () => {
  for (const [file, how] of [
    [WASM, "scripts/build-example.sh readme-hasher"],
    [METER, "cargo build --profile tools -p stylus-meter"],
  ]) {
    assert.ok(fs.existsSync(file), `${path.relative(ROOT, file)} is missing: run ${how}`);
  }
  const call = (args) => JSON.parse(execFileSync(METER, ["call", "--wasm", WASM, "--sig", "hash(uint256,uint256)", "--args", args, "--json"]));
  for (const [a, b] of [[1n, 2n], [0n, P - 1n], [123456789n, 987654321n]]) {
    const result = call(`${a},${b}`);
    assert.equal(result.outcome, "success", `hash(${a},${b})`);
    assert.equal(BigInt(result.returndata), poseidon2([a, b]), `hash(${a},${b}) = poseidon-lite's`);
  }
  for (const [args, position, value] of [[`${P},1`, 0n, P], [`1,${2n ** 256n - 1n}`, 1n, 2n ** 256n - 1n]]) {
    const result = call(args);
    assert.equal(result.outcome, "revert", `hash(${args}) reverts`);
    assert.equal(result.returndata, cast("calldata", "InputNotInField(uint256,uint256)", String(position), String(value)), `hash(${args}): InputNotInField`);
  }

  const cached = call("1,2").gas.cached_call;
  const quoted = /`hash\(1,2\)` returns circomlib's hash \(`poseidon-lite` checks it\) for ([\d,]+) gas cached/.exec(section());
  assert.ok(quoted, "the README quotes the gas of hash(1,2)");
  assert.equal(Number(quoted[1].replaceAll(",", "")), cached, "the README's figure is the meter's (update it)");
});
