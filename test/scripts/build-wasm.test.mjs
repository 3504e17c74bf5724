// scripts/build-wasm.sh refuses a module Nitro would not activate at the ArbOS version Arbitrum One
// runs (`--check-activation`, the check the build runs on every deployable before writing it).
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT } from "./helpers.mjs";

const section = (id, bytes) => [id, bytes.length, ...bytes];
const name = (text) => [text.length, ...Buffer.from(text)];

/** A module whose function 0, exported as `pair`, returns two i32: multi-value. */
function multiValueModule() {
  return Buffer.from([
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    // types: 0 = (i32) -> i32, 1 = () -> (i32, i32)
    ...section(1, [2, 0x60, 1, 0x7f, 1, 0x7f, 0x60, 0, 2, 0x7f, 0x7f]),
    ...section(3, [2, 1, 0]),
    ...section(5, [1, 1, 1, 1]),
    ...section(7, [3, ...name("memory"), 2, 0, ...name("user_entrypoint"), 0, 1, ...name("pair"), 0, 0]),
    // pair: i32.const 1, i32.const 2; entry point: call 0, i32.add
    ...section(10, [2, 6, 0, 0x41, 1, 0x41, 2, 0x0b, 5, 0, 0x10, 0, 0x6a, 0x0b]),
  ]);
}

function checkActivation(files, env = {}) {
  return spawnSync(join(ROOT, "scripts", "build-wasm.sh"), ["--check-activation", ...files], {
    cwd: ROOT,
    encoding: "utf8",
    env: { ...process.env, ...env },
    timeout: 600_000,
  });
}

test("the build refuses a multi-value module at ArbOS 61, naming the function", () => {
  const dir = mkdtempSync(join(tmpdir(), "build-wasm-"));
  const bad = join(dir, "multi-value.wasm");
  writeFileSync(bad, multiValueModule());
  const good = join(ROOT, "crates/stylus-meter/calibration/programs/poseidon_stylus-016ac08.wasm");

  const run = checkActivation([good, bad]);
  assert.notEqual(run.status, 0, run.stdout + run.stderr);
  assert.match(run.stdout, /activates at ArbOS 61: deploys as one contract of \d+ bytes/);
  assert.match(run.stderr, /does not activate at ArbOS 61: multi-value .* function 0 \(`pair`\) returns 2 values/);
  assert.match(run.stderr, /1 of 2 file\(s\) do not activate at ArbOS 61/);

  // the same module activates where Stylus version 2 still accepted multi-value
  const before = checkActivation([bad], { STYLUS_ARBOS: "51" });
  assert.equal(before.status, 0, before.stdout + before.stderr);
});
