// README "Use it in your Stylus contract" is what a Rust developer copies: its Cargo.toml and its
// contract are contracts/examples/readme-hasher (this test keeps the two equal), which scripts/test.sh
// builds by the README's recipe (scripts/build-example.sh readme-hasher: target/examples/readme_hasher.wasm).
// Here the built contract runs through the meter: hash(1,2) is circomlib's (poseidon-lite, an independent
// reference), an input >= p reverts with InputNotInField(position, value) as Solidity encodes it, and the
// README's gas figure is the meter's. And a new user's folder, made of the README's blocks alone, builds
// by the README's commands (no --locked, npx --yes) into a module that activates.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { poseidon2 } from "poseidon-lite";
import { ROOT, cast } from "./helpers.mjs";

const CRATE = path.join(ROOT, "contracts", "examples", "readme-hasher");
const WASM = path.join(ROOT, "target", "examples", "readme_hasher.wasm");
const METER = path.join(ROOT, "target", "tools", "stylus-meter");
// Where scripts/build-example.sh builds (its dependencies are reused by the new folder's build).
const TARGET = process.env.CARGO_TARGET_DIR ? path.resolve(ROOT, process.env.CARGO_TARGET_DIR) : path.join(ROOT, "target");
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

/** A Cargo.toml with the two lines a copy may differ in made equal: the package name (the README's is
 * a user's, my-contract) and the path to this repository's crates (the README's is a clone next to it). */
const normalised = (toml) =>
  toml.replace(/^name = "[^"]*"$/m, 'name = "…"').replaceAll(/path = "[^"]*crates\/([a-z0-9-]+)"/g, 'path = "…/crates/$1"');

test("the README's contract and Cargo.toml are contracts/examples/readme-hasher's", () => {
  const text = section();
  const [rust] = blocks(text, "rust");
  assert.equal(rust, fs.readFileSync(path.join(CRATE, "src", "lib.rs"), "utf8"), "README's contract = readme-hasher/src/lib.rs");
  const [toml, config] = blocks(text, "toml");
  const crate = fs.readFileSync(path.join(CRATE, "Cargo.toml"), "utf8");
  assert.equal(normalised(toml), normalised(crate), "README's Cargo.toml = readme-hasher/Cargo.toml, name and path aside");
  // The crate is a project of its own (as the README's is): nothing comes from a workspace.
  assert.doesNotMatch(crate, /\.workspace\s*=|workspace\s*=\s*true/, "readme-hasher inherits nothing from a workspace");
  assert.match(crate, /^crate-type = \["lib", "cdylib"\]$/m);
  // The path in the README points at a clone of this repository, and names a crate that is there.
  const named = /path = "\.\.\/stylus-poseidon\/crates\/([a-z0-9-]+)"/.exec(toml);
  assert.ok(named, "the README's path is ../stylus-poseidon/crates/…");
  assert.ok(fs.existsSync(path.join(ROOT, "crates", named[1], "Cargo.toml")), `crates/${named[1]} exists`);
  // The README's .cargo/config.toml has the stack size the repository builds with.
  const stack = (toml) => /link-arg=-zstack-size=(\d+)/.exec(toml)?.[1];
  assert.ok(stack(config), "the README shows .cargo/config.toml's stack size");
  assert.equal(stack(config), stack(fs.readFileSync(path.join(ROOT, ".cargo", "config.toml"), "utf8")), "the repository's stack size");
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
});

test("a new folder made of the README's blocks builds by its commands, and the module activates", () => {
  assert.ok(fs.existsSync(METER), "target/tools/stylus-meter is missing: run cargo build --profile tools -p stylus-meter");
  const text = section();
  const [toml, config] = blocks(text, "toml");
  const [rust] = blocks(text, "rust");
  const [recipe] = blocks(text, "sh");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "my-contract-"));
  try {
    // The README's path is to a clone next to the project; here, this checkout.
    const cargoToml = toml.replaceAll('"../stylus-poseidon/crates/', `"${path.join(ROOT, "crates")}/`);
    assert.notEqual(cargoToml, toml, "the README's Cargo.toml has the path to rewrite");
    fs.writeFileSync(path.join(dir, "Cargo.toml"), cargoToml);
    fs.mkdirSync(path.join(dir, "src"));
    fs.writeFileSync(path.join(dir, "src", "lib.rs"), rust);
    fs.mkdirSync(path.join(dir, ".cargo"));
    fs.writeFileSync(path.join(dir, ".cargo", "config.toml"), config);
    // Not the user's fresh resolution: readme-hasher's lock pins the versions the repository tests,
    // so the dependencies scripts/build-example.sh built are reused (target/ is that directory).
    fs.copyFileSync(path.join(CRATE, "Cargo.lock"), path.join(dir, "Cargo.lock"));
    fs.symlinkSync(TARGET, path.join(dir, "target"));
    // The README's commands as written, but cargo-stylus's install and the deploy (they need the
    // network, a chain and a key); the install is of the version scripts/chain/deploy.mjs pins.
    const lines = recipe.replaceAll("\\\n", " ").split("\n");
    const install = lines.find((line) => line.startsWith("cargo install "));
    const pinned = /^const CARGO_STYLUS_VERSION = "([^"]+)";$/m.exec(fs.readFileSync(path.join(ROOT, "scripts", "chain", "deploy.mjs"), "utf8"))?.[1];
    assert.ok(pinned, "scripts/chain/deploy.mjs pins CARGO_STYLUS_VERSION");
    assert.equal(install, `cargo install --locked cargo-stylus@${pinned}`, "the README installs the cargo-stylus deploy.mjs pins");
    const commands = lines.filter((line) => line.trim() && !line.startsWith("#") && line !== install && !line.startsWith("cargo stylus deploy"));
    assert.ok(commands.some((c) => c.startsWith("cargo build ")) && commands.some((c) => c.startsWith("npx ")), "the recipe builds and runs wasm-opt");
    // Said, not only run: once binaryen is in npx's cache, npx without --yes no longer asks; a new
    // project has no Cargo.lock for --locked to keep.
    for (const command of commands.filter((c) => c.startsWith("npx "))) assert.match(command, /^npx --yes /, command);
    for (const command of commands.filter((c) => c.startsWith("cargo "))) assert.doesNotMatch(command, /--locked/, command); // the build's
    const toolchain = /^channel = "(.*)"$/m.exec(fs.readFileSync(path.join(ROOT, "rust-toolchain.toml"), "utf8"))[1];
    const env = { ...process.env, RUSTUP_TOOLCHAIN: toolchain };
    delete env.CARGO_TARGET_DIR; // the recipe's paths are under ./target
    for (const command of commands) {
      // stdin closed: a command that asks (npx without --yes) fails instead of waiting.
      execFileSync("bash", ["-c", command], { cwd: dir, env, stdio: ["ignore", "inherit", "inherit"] });
    }
    const wasm = path.join(dir, "my_contract.wasm");
    assert.ok(fs.existsSync(wasm), "the recipe wrote my_contract.wasm");
    execFileSync(METER, ["check", "--wasm", wasm], { stdio: ["ignore", "ignore", "inherit"] });
    const result = JSON.parse(execFileSync(METER, ["call", "--wasm", wasm, "--sig", "hash(uint256,uint256)", "--args", "1,2", "--json"]));
    assert.equal(result.outcome, "success");
    assert.equal(BigInt(result.returndata), poseidon2([1n, 2n]), "hash(1,2) = poseidon-lite's");
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
