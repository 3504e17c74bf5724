// scripts/build-wasm.sh refuses a module Nitro would not activate at the ArbOS version Arbitrum One
// runs (`--check-activation`, the check the build runs on every deployable before writing it), and the
// README's wasm-opt recipe for a Rust contract gives a module that activates.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT, uleb128 } from "./helpers.mjs";

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

/** `module` with a custom section `target_features` listing `features` (rustc writes one unless the
 * profile strips it): binaryen takes its features over the command line's. */
function withTargetFeatures(module, features) {
  const leb = uleb128;
  const body = [...name("target_features"), ...leb(features.length), ...features.flatMap((f) => [0x2b, ...name(f)])];
  return Buffer.concat([module, Buffer.from([0, ...leb(body.length), ...body])]);
}

test("the README's wasm-opt recipe (and the meter's fix) makes a plain Rust build activate, with or without rustc's target_features section", (t) => {
  const plain = join(ROOT, "target", "examples", "lean_imt.plain.wasm");
  if (!existsSync(plain)) return t.skip("no plain build: run scripts/build-example.sh lean-imt (scripts/test.sh does, before this)");
  const dir = mkdtempSync(join(tmpdir(), "recipe-"));
  const wasmOpt = join(ROOT, "node_modules", ".bin", "wasm-opt");
  const meter = join(ROOT, "target", "tools", "stylus-meter");
  // rustc 1.95's wasm32 defaults, as its target_features section lists them
  const rustcFeatures = ["bulk-memory", "multivalue", "mutable-globals", "nontrapping-fptoint", "reference-types", "sign-ext"];
  const inputs = { stripped: readFileSync(plain), "with target_features": withTargetFeatures(readFileSync(plain), rustcFeatures) };
  for (const [kind, bytes] of Object.entries(inputs)) {
    const input = join(dir, "in.wasm"), stripped = join(dir, "stripped.wasm"), out = join(dir, "out.wasm");
    writeFileSync(input, bytes);
    assert.notEqual(spawnSync(meter, ["check", "--wasm", input]).status, 0, `${kind}: the plain build is refused`);
    for (const args of [
      ["--enable-bulk-memory-opt", "--enable-sign-ext", "--strip-target-features", input, "-o", stripped],
      ["-O3", "--mvp-features", "--enable-bulk-memory-opt", "--enable-sign-ext", stripped, "-o", out],
    ]) {
      const run = spawnSync(wasmOpt, args, { encoding: "utf8" });
      assert.equal(run.status, 0, `${kind}: wasm-opt ${args.join(" ")}: ${run.stderr}`);
    }
    const check = spawnSync(meter, ["check", "--wasm", out], { encoding: "utf8" });
    assert.equal(check.status, 0, `${kind}: ${check.stderr}`);
    assert.match(check.stdout, /activates at ArbOS 61/);
  }
  // one wasm-opt call is not enough where the section is kept: it switches bulk memory back on
  const one = join(dir, "one.wasm");
  writeFileSync(join(dir, "tf.wasm"), inputs["with target_features"]);
  spawnSync(wasmOpt, ["-O3", "--enable-bulk-memory-opt", "--enable-sign-ext", join(dir, "tf.wasm"), "-o", one]);
  assert.match(spawnSync(meter, ["check", "--wasm", one], { encoding: "utf8" }).stderr, /DataCount/);
});
