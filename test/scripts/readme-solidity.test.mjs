// README "Use it from Solidity" is what a Solidity developer pastes: this test makes a brand-new forge
// project from its own blocks, in a temporary folder, and runs them: the project's shell commands,
// its foundry.toml and its test file, `forge test`, and the meter's examples. Nothing comes from the
// repository but the packaged tarball (test/scripts/helpers.mjs packagedTarball, the one the npm
// package test installs too), and, because this machine is offline, three stand-ins for what a user
// downloads: solc (the repository's shim over npm's solc, FOUNDRY_SOLC), forge itself (the binary of
// the repository's @foundry-rs/forge), and forge-std, which `forge init` clones from GitHub: FORGE_STD
// below declares, under forge-std's names and signatures, only what the README's test uses. The one
// line changed in the README's commands is that `forge init`, and its path to the tarball ("your
// path"). So when the README and the package drift apart (an import the package does not ship, a
// libs line that loses lib/, a missing ffi, a hash or a gas figure that moved), this fails.
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { hashGas } from "../../scripts/lib/hash-gas.mjs";
import { ROOT, foundryBin, packagedTarball } from "./helpers.mjs";

const work = mkdtempSync(join(tmpdir(), "readme-solidity-"));
after(() => rmSync(work, { recursive: true, force: true }));

// forge-std's Test, console and Vm.lastCallGas, as forge-std declares them (written here, not copied).
const FORGE_STD = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.13;

interface Vm {
    struct Gas {
        uint64 gasLimit;
        uint64 gasTotalUsed;
        uint64 gasMemoryUsed;
        int64 gasRefunded;
        uint64 gasRemaining;
    }
    function lastCallGas() external view returns (Gas memory gas);
}

library console {
    function log(string memory p0, uint256 p1) internal view {
        (bool ok,) = address(0x000000000000000000636F6e736F6c652e6c6f67).staticcall(abi.encodeWithSignature("log(string,uint256)", p0, p1));
        ok;
    }
}

abstract contract Test {
    Vm internal constant vm = Vm(address(uint160(uint256(keccak256("hevm cheat code")))));

    function assertEq(uint256 left, uint256 right) internal pure {
        require(left == right, "assertEq(uint256,uint256)");
    }
}
`;

/** README.md's section `title`, up to the next section. */
function section(title) {
  const readme = readFileSync(join(ROOT, "README.md"), "utf8");
  const start = readme.indexOf(`\n## ${title}\n`);
  assert.ok(start >= 0, `README has "${title}"`);
  const end = readme.indexOf("\n## ", start + 1);
  return readme.slice(start, end < 0 ? undefined : end);
}

/** The fenced blocks of `text`: {language, body, file}; `file` is the path the paragraph before names first (`foundry.toml`: …). */
function blocks(text) {
  return [...text.matchAll(/```(\w+)\n([\s\S]*?)```/g)].map((m) => ({
    language: m[1],
    body: m[2],
    file: /^`([^`]+)`/.exec(text.slice(0, m.index).trimEnd().split("\n\n").pop())?.[1] ?? null,
  }));
}

/** A block's commands: comments and blank lines out, continuation lines joined. */
const commands = (body) =>
  body
    .replaceAll("\\\n", " ")
    .split("\n")
    .map((line) => line.replace(/\s+#.*$/, ""))
    .filter((line) => line.trim() && !line.startsWith("#"));

const forge = foundryBin("forge");
const env = {
  ...process.env,
  // forge itself first on PATH (npm's .bin wrapper would exit 0 on a failure), solc offline
  PATH: `${dirname(forge)}:${process.env.PATH}`,
  FOUNDRY_SOLC: join(ROOT, "scripts", "solc-shim", "solc"),
  FOUNDRY_OFFLINE: "true",
  npm_config_offline: "true",
  npm_config_audit: "false",
  npm_config_fund: "false",
};
const bash = (script, cwd) => spawnSync("bash", ["-euo", "pipefail", "-c", script], { cwd, env, encoding: "utf8", timeout: 600_000 });
const ok = (r, what) => {
  assert.equal(r.status, 0, `${what}:\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
};

test("README's Solidity recipe, pasted into a new folder with the packaged tarball, passes forge test and logs the frame gas.json gives", async () => {
  const text = section("Use it from Solidity");
  const all = blocks(text);
  const sh = all.filter((b) => b.language === "sh");
  const project = sh.find((b) => /npm install/.test(b.body));
  const run = sh.find((b) => /^forge test/m.test(b.body));
  const toml = all.find((b) => b.language === "toml");
  const solidity = all.find((b) => b.language === "solidity");
  assert.ok(project && run && toml && solidity, "the section has the project's commands, foundry.toml, a test file and forge test");
  assert.equal(toml.file, "foundry.toml", "the paragraph before the toml block names foundry.toml");
  assert.match(solidity.file ?? "", /^test\/\w+\.t\.sol$/, "the paragraph before the Solidity block names its test file");
  // Said, not only run: forge-std stays in lib/, the package comes from node_modules, ffi is on.
  assert.match(toml.body, /^libs = \["lib", "node_modules"\]$/m);
  assert.match(toml.body, /^ffi = true$/m);

  const tarball = await packagedTarball();
  // The README's commands, but `forge init` (forge-std from GitHub) and the path to the tarball.
  const lines = commands(project.body);
  const init = lines.findIndex((line) => /^forge init \S+/.test(line));
  assert.ok(init >= 0, "the project starts with forge init");
  const folder = /^forge init (\S+)/.exec(lines[init])[1];
  lines[init] = lines[init].replace(/^forge init \S+/, `mkdir -p ${folder}/lib/forge-std/src && cp ${join(work, "Test.sol")} ${folder}/lib/forge-std/src/Test.sol`);
  writeFileSync(join(work, "Test.sol"), FORGE_STD);
  const script = lines.join("\n");
  const withTarball = script.replace("/path/to/stylus-poseidon/target/npm/stylus-poseidon-*.tgz", tarball);
  assert.notEqual(withTarball, script, "the README installs /path/to/stylus-poseidon/target/npm/stylus-poseidon-*.tgz");
  const home = join(work, "user");
  mkdirSync(home);
  ok(bash(withTarball, home), "the README's project commands");
  const dir = join(home, folder);
  writeFileSync(join(dir, "foundry.toml"), toml.body);
  mkdirSync(dirname(join(dir, solidity.file)), { recursive: true });
  writeFileSync(join(dir, solidity.file), solidity.body);

  const out = ok(bash(commands(run.body).join("\n"), dir), "the README's forge test");
  assert.match(out, /\b1 tests passed, 0 failed/, out);
  assert.doesNotMatch(out, /Warning/, "the README's test compiles without a warning");
  // The figure the README gives (glance.mjs writes it from gas.json; its --check keeps it there).
  const logged = /hash\(1,2\) frame gas (\d+)/.exec(out);
  assert.ok(logged, `the test logs the frame gas:\n${out}`);
  const gas = hashGas(JSON.parse(readFileSync(join(ROOT, "gas-report", "gas.json"), "utf8")).rows);
  assert.equal(Number(logged[1]), gas.frameCached, "vm.lastCallGas() reads the frame gas-report/gas.json gives (the cached transaction less its calldata)");
  assert.ok(text.includes(`**${gas.frameCached.toLocaleString("en-US")}**`), "the README says that figure");

  // The meter's examples, as written, in that project.
  const meter = sh.find((b) => /stylus-meter call/.test(b.body));
  assert.ok(meter, "the section has the meter's examples");
  for (const sub of ["call", "check", "txs"]) assert.match(meter.body, new RegExp(`stylus-meter ${sub} `), `an example of stylus-meter ${sub}`);
  const examples = ok(bash(commands(meter.body).join("\n"), dir), "the README's stylus-meter examples");
  // The package's README gives the same examples (a user of the published package reads that one).
  const packaged = blocks(readFileSync(join(dir, "node_modules", "stylus-poseidon", "README.md"), "utf8")).find((b) => /stylus-meter call/.test(b.body));
  assert.equal(packaged?.body, meter.body, "the package's README has the README's stylus-meter examples");
  const circomlib = /uint256 constant HASH_1_2 = (0x[0-9a-f]{64})/.exec(solidity.body)[1];
  assert.equal(examples.split(circomlib).length - 1, 2, `call and txs return circomlib's hash(1,2):\n${examples}`);
  assert.match(examples, /activates at ArbOS \d+/);

  // The package's forge launcher: forge itself, its exit status kept (npm's wrapper would give 0).
  const launcher = join(dir, "node_modules", ".bin", "stylus-poseidon-forge");
  const bare = { ...env, PATH: "/usr/bin:/bin" };
  const none = spawnSync(launcher, ["--version"], { cwd: dir, env: bare, encoding: "utf8" });
  assert.equal(none.status, 127);
  assert.match(none.stderr, /^stylus-poseidon-forge: no forge binary: install Foundry \(foundryup\) or npm install --save-dev @foundry-rs\/forge\n$/);
  // npm's @foundry-rs/forge puts the binary in its platform package: here, the repository's.
  mkdirSync(join(dir, "node_modules", "@foundry-rs"), { recursive: true });
  symlinkSync(dirname(dirname(forge)), join(dir, "node_modules", "@foundry-rs", "forge-linux-amd64"));
  assert.match(ok(spawnSync(launcher, ["--version"], { cwd: dir, env: bare, encoding: "utf8" }), "stylus-poseidon-forge --version"), /^forge Version: /);
  const failing = spawnSync(launcher, ["test", "--no-such-flag"], { cwd: dir, env: bare, encoding: "utf8" });
  assert.equal(failing.status, 2, "a failing forge exits non-zero through the launcher");
});

test("scripts/setup.sh --npm installs the npm part alone, and refuses another argument in one line", () => {
  const npm = spawnSync(join(ROOT, "scripts", "setup.sh"), ["--npm"], { encoding: "utf8", timeout: 600_000 });
  assert.equal(npm.status, 0, npm.stderr);
  assert.match(npm.stdout, /==> npm packages/);
  assert.doesNotMatch(npm.stdout, /Rust toolchain/);
  const bad = spawnSync(join(ROOT, "scripts", "setup.sh"), ["--rust"], { encoding: "utf8" });
  assert.equal(bad.status, 1);
  assert.equal(bad.stderr, "error: usage: scripts/setup.sh [--npm]\n");
});

test("scripts/chain/npm-package.mjs on a clone without node_modules says, in one line, to run scripts/setup.sh --npm", () => {
  const clone = join(work, "no-node-modules");
  cpSync(join(ROOT, "scripts"), join(clone, "scripts"), { recursive: true });
  const r = spawnSync(process.execPath, [join(clone, "scripts", "chain", "npm-package.mjs")], { encoding: "utf8" });
  assert.equal(r.status, 1);
  assert.equal(r.stdout, "");
  assert.match(r.stderr, /^npm-package: the npm package viem is not installed \(no node_modules\): run scripts\/setup\.sh --npm, then this again\n$/);
});
