// README "Use it from Rust" is what a Rust developer pastes: its Cargo.toml and src/main.rs, built in a
// brand-new folder (`cargo run`, offline: the crates' dependencies are in cargo's registry cache) with
// the path to the clone pointed at this checkout, and what the program prints checked against
// independent references: circomlibjs's poseidon([1, 2]) (poseidon-lite), openzeppelin-crypto's
// Poseidon2 and plonky2's two_to_one (contracts/deployables.json's checks, from those crates).
// Cargo builds into target/readme-rust (kept between runs: a rerun compiles only the new folder).
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { decodeAbiParameters } from "viem";
import { poseidon2 as circomlib } from "poseidon-lite";
import { ROOT } from "./helpers.mjs";

const TARGET = path.join(process.env.CARGO_TARGET_DIR ? path.resolve(ROOT, process.env.CARGO_TARGET_DIR) : path.join(ROOT, "target"), "readme-rust");

/** README.md's section `title`, up to the next section. */
function section(title) {
  const readme = fs.readFileSync(path.join(ROOT, "README.md"), "utf8");
  const start = readme.indexOf(`\n## ${title}\n`);
  assert.ok(start >= 0, `README has "${title}"`);
  const end = readme.indexOf("\n## ", start + 1);
  return readme.slice(start, end < 0 ? undefined : end);
}
const blocks = (text, language) => [...text.matchAll(new RegExp("```" + language + "\\n([\\s\\S]*?)```", "g"))].map((m) => m[1]);

test("README's Rust snippets, pasted into a new folder beside a clone, build and print the references' hashes", () => {
  const text = section("Use it from Rust");
  const [toml] = blocks(text, "toml");
  const [main] = blocks(text, "rust");
  assert.ok(toml && main, "the section has a Cargo.toml and a src/main.rs");
  // The README's paths are to a clone named stylus-poseidon next to the project; here, this checkout.
  const paths = [...toml.matchAll(/path = "\.\.\/stylus-poseidon\/crates\/([a-z0-9-]+)"/g)].map((m) => m[1]);
  assert.deepEqual(paths.sort(), ["poseidon-bn254", "poseidon-goldilocks"], "the README depends on the two crates by ../stylus-poseidon/crates/…");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "my-hasher-"));
  try {
    fs.writeFileSync(path.join(dir, "Cargo.toml"), toml.replaceAll('"../stylus-poseidon/crates/', `"${path.join(ROOT, "crates")}/`));
    fs.mkdirSync(path.join(dir, "src"));
    fs.writeFileSync(path.join(dir, "src", "main.rs"), main);
    const toolchain = /^channel = "(.*)"$/m.exec(fs.readFileSync(path.join(ROOT, "rust-toolchain.toml"), "utf8"))[1];
    const env = { ...process.env, RUSTUP_TOOLCHAIN: toolchain, CARGO_TARGET_DIR: TARGET, CARGO_NET_OFFLINE: "true" };
    const run = spawnSync("cargo", ["run", "--quiet"], { cwd: dir, env, encoding: "utf8", timeout: 900_000 });
    assert.equal(run.status, 0, `cargo run:\n${run.stderr}`);
    const [h, g, node, ...rest] = run.stdout.trim().split("\n");
    assert.equal(rest.length, 0, run.stdout);
    const registry = JSON.parse(fs.readFileSync(path.join(ROOT, "contracts", "deployables.json"), "utf8"));
    const check = (wasm) => registry.stylus.find((e) => e.wasm === wasm).checks[0];
    assert.equal(BigInt(h), circomlib([1n, 2n]), "poseidon::hash2([1, 2]) = circomlibjs poseidon([1, 2])");
    assert.match(h, /^0x[0-9a-f]{64}$/);
    assert.equal(g, check("poseidon_stylus_poseidon2").returns, "poseidon2::hash2([1, 2]) = openzeppelin-crypto's");
    const twoToOne = check("poseidon_stylus_goldilocks");
    assert.deepEqual(twoToOne.args, ["[1,2,3,4]", "[5,6,7,8]"]);
    const [expected] = decodeAbiParameters([{ type: "uint64[4]" }], twoToOne.returns);
    assert.equal(node, `[${expected.join(", ")}]`, "two_to_one = plonky2's");
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
