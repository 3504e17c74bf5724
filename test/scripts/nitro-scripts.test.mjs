// Tests of scripts/devnode.sh and scripts/deploy.sh, run with `node --test test/scripts/`.
// No Docker and no Nitro node are needed: failure modes run against unused ports and a real anvil;
// the EVM deployment really runs on anvil; the Stylus path runs on an anvil made to look like Nitro
// (ArbSys/ArbDebug/ArbOwner/ArbWasmCache replaced by tiny contracts) with a stub `cargo` that
// records the cargo-stylus commands. A real Nitro node is exercised only by running the scripts.
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const BIN = join(ROOT, "node_modules", ".bin");
const DEVNODE = join(ROOT, "scripts", "devnode.sh");
const DEPLOY = join(ROOT, "scripts", "deploy.sh");

// anvil's account 0 (public test key).
const ANVIL_KEY = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80";
const ANVIL_ADDRESS = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
// Nitro --dev's published dev account.
const DEV_KEY = "0xb6b15c8cb491557369f3c7d2c287b053eb229daa9c22138887752191c9520659";
const DEV_ADDRESS = "0x3f1Eae7D46d88F08fc2F8ed27FCb2AB183EB2d0E";
const DEV_CHAIN_ID = 412346;
// circomlibjs poseidon([1, 2]); openzeppelin-crypto 0.3 Poseidon2 of (1, 2) (crates/stylus-meter/calibration/nitro.json).
const HASH_1_2 = "0x115cc0f5e7d690413df64c6b9662e9cf2a3617f2743245519e19607a4417189a";
const POSEIDON2_1_2 = "0x303b6f7c86d043bfcbcc80214f26a30277a15d3f74ca654992defe7ff8d03570";

const work = mkdtempSync(join(tmpdir(), "nitro-scripts-"));
// node_modules/.bin/anvil is a node wrapper around the real binary: each anvil gets its own process
// group, and the whole group is killed.
const children = new Set();
function kill(child) {
  try {
    process.kill(-child.pid, "SIGKILL");
  } catch {
    // already gone
  }
  children.delete(child);
}
after(() => {
  for (const child of children) kill(child);
  rmSync(work, { recursive: true, force: true });
});
process.on("exit", () => {
  for (const child of children) kill(child);
});

async function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function rpc(url, method, params = []) {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  const body = await response.json();
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result;
}

/** Starts anvil on a free port; it is killed by `stop()` or when the tests end. */
async function startAnvil(chainId) {
  const port = await freePort();
  const args = ["--port", String(port), "--silent"];
  if (chainId) args.push("--chain-id", String(chainId));
  const child = spawn(join(BIN, "anvil"), args, { stdio: "ignore", detached: true });
  children.add(child);
  const url = `http://127.0.0.1:${port}`;
  const stop = () => kill(child);
  for (let i = 0; i < 100; i++) {
    try {
      await rpc(url, "eth_chainId");
      return { url, port, stop };
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  stop();
  throw new Error("anvil did not start within 10 s");
}

// Precompile stand-ins, so anvil answers like Nitro where the scripts look:
// ArbSys (0x64): returns CHAINID for any call, i.e. arbChainID().
const ARB_SYS_MOCK = "0x465f5260205ff3";
// ArbDebug (0xff), ArbOwner (0x70): accept any call.
const ACCEPT_ALL = "0x00";
// ArbWasmCache (0x72), caching by code hash as Nitro does: cacheProgram(address) (0xe73ac9f2) sets
// slot extcodehash(address) to 1, evictCodehash(bytes32) (0xce972013) sets slot codehash to 0, and
// every other call (codehashIsCached(bytes32), isCacheManager(address)) returns the slot its
// argument names.
const ARB_WASM_CACHE_MOCK = "0x5f3560e01c8063e73ac9f2146023578063ce97201314602c57600435545f5260205ff35b60016004353f55005b5f6004355500";
const pad = (n) => "0x" + n.toString(16).padStart(40, "0");

/** An anvil that answers like a Nitro node to the calls the scripts make. */
async function startFakeNitro(chainId) {
  const node = await startAnvil(chainId);
  await rpc(node.url, "anvil_setCode", [pad(0x64), ARB_SYS_MOCK]);
  await rpc(node.url, "anvil_setCode", [pad(0xff), ACCEPT_ALL]);
  await rpc(node.url, "anvil_setCode", [pad(0x70), ACCEPT_ALL]);
  await rpc(node.url, "anvil_setCode", [pad(0x72), ARB_WASM_CACHE_MOCK]);
  await rpc(node.url, "anvil_setBalance", [DEV_ADDRESS, "0x56bc75e2d63100000"]); // 100 ETH
  return node;
}

/** ArbWasmCache.codehashIsCached(extcodehash(address)), as the scripts ask it. */
async function isCached(url, address) {
  const codehash = (await rpc(url, "eth_getProof", [address, [], "latest"])).codeHash;
  const data = "0xa72f179b" + codehash.slice(2); // codehashIsCached(bytes32)
  return BigInt(await rpc(url, "eth_call", [{ to: pad(0x72), data }, "latest"])) === 1n;
}

/** Runs a script with a bounded time; returns { status, stdout, stderr }. */
function run(script, args, { env = {}, timeout = 120_000 } = {}) {
  const cleanEnv = { ...process.env };
  delete cleanEnv.NITRO_RPC;
  delete cleanEnv.PRIVATE_KEY;
  const result = spawnSync("bash", [script, ...args], {
    cwd: ROOT,
    env: { ...cleanEnv, ...env },
    encoding: "utf8",
    timeout,
  });
  assert.equal(result.error, undefined, `${script} did not finish: ${result.error}`);
  return result;
}

const lines = (text) => text.split("\n").filter((line) => line.trim() !== "");

function writeExecutable(path, text) {
  writeFileSync(path, text);
  chmodSync(path, 0o755);
}

// ---------------------------------------------------------------- devnode.sh

test("devnode: an unknown argument is a usage error", () => {
  const r = run(DEVNODE, ["--bogus"]);
  assert.equal(r.status, 2);
  assert.match(r.stderr, /unknown argument "--bogus"/);
});

test("devnode: without Docker and NITRO_RPC it says so in one line", () => {
  const r = run(DEVNODE, [], { env: { DOCKER: "docker-that-is-not-installed" } });
  assert.equal(r.status, 1);
  assert.equal(lines(r.stderr).length, 1, r.stderr);
  assert.match(r.stderr, /no Nitro node: Docker is not installed and NITRO_RPC is not set/);
});

test("devnode: with an unreachable Docker daemon it says so in one line", () => {
  const docker = join(work, "docker-no-daemon");
  writeExecutable(docker, "#!/bin/sh\necho 'Cannot connect to the Docker daemon' >&2\nexit 1\n");
  const r = run(DEVNODE, [], { env: { DOCKER: docker } });
  assert.equal(r.status, 1);
  assert.equal(lines(r.stderr).length, 1, r.stderr);
  assert.match(r.stderr, /Docker daemon not reachable and NITRO_RPC not set \(start Docker or export NITRO_RPC/);
});

test("devnode: starts the pinned image in --dev mode and fails clearly if it never answers", async () => {
  const port = await freePort();
  const log = join(work, "docker-run.log");
  const docker = join(work, "docker-stub");
  // Daemon "up", `run` records its arguments and starts nothing, the container "keeps running".
  writeExecutable(
    docker,
    `#!/bin/sh\ncase "$1" in\n  run) echo "$@" > '${log}' ;;\n  inspect) echo true ;;\nesac\nexit 0\n`,
  );
  const r = run(DEVNODE, [], {
    env: { DOCKER: docker, NITRO_PORT: String(port), NITRO_START_TIMEOUT: "2" },
    timeout: 60_000,
  });
  assert.equal(r.status, 1);
  assert.match(r.stderr, new RegExp(`did not answer on http://127.0.0.1:${port} within 2s`));
  const dockerRun = readFileSync(log, "utf8");
  for (const expected of [
    `-p 127.0.0.1:${port}:8547`,
    "offchainlabs/nitro-node:v3.9.8-4624977 --dev",
    "--http.addr=0.0.0.0",
    "--http.api=net,web3,eth,debug",
    "--http.corsdomain=*",
    "--http.vhosts=*",
  ]) {
    assert.ok(dockerRun.includes(expected), `docker run lacks ${expected}: ${dockerRun}`);
  }
});

test("devnode: NITRO_RPC that does not answer", async () => {
  const port = await freePort();
  const r = run(DEVNODE, [], { env: { NITRO_RPC: `http://127.0.0.1:${port}` } });
  assert.equal(r.status, 1);
  assert.equal(lines(r.stderr).length, 1, r.stderr);
  assert.match(r.stderr, new RegExp(`NITRO_RPC: no answer from http://127.0.0.1:${port}`));
});

test("devnode: NITRO_RPC that is not Nitro (anvil)", async () => {
  const anvil = await startAnvil();
  try {
    const r = run(DEVNODE, [], { env: { NITRO_RPC: anvil.url } });
    assert.equal(r.status, 1);
    assert.match(r.stderr, /chain id 31337 is not an Arbitrum Nitro node/);
  } finally {
    anvil.stop();
  }
});

test("devnode: NITRO_RPC on a (fake) Nitro dev node prints its chain id", async () => {
  const node = await startFakeNitro(DEV_CHAIN_ID);
  try {
    const r = run(DEVNODE, [], { env: { NITRO_RPC: node.url } });
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /answers: chain id 412346 \(the --dev chain\)/);
  } finally {
    node.stop();
  }
});

// ----------------------------------------------------------------- deploy.sh

test("deploy: --help, unknown arguments and nothing to deploy", () => {
  const help = run(DEPLOY, ["--help"]);
  assert.equal(help.status, 0);
  for (const option of ["--rpc", "--private-key", "--skip-stylus", "--skip-evm"]) {
    assert.ok(help.stdout.includes(option), `--help lacks ${option}`);
  }
  const unknown = run(DEPLOY, ["--frobnicate"]);
  assert.equal(unknown.status, 2);
  assert.match(unknown.stderr, /unknown argument "--frobnicate"/);
  const noValue = run(DEPLOY, ["--rpc"]);
  assert.equal(noValue.status, 2);
  assert.match(noValue.stderr, /--rpc needs a value/);
  const nothing = run(DEPLOY, ["--skip-stylus", "--skip-evm"]);
  assert.equal(nothing.status, 2);
  assert.match(nothing.stderr, /nothing to deploy/);
});

test("deploy: a missing Stylus program names the file and how to build it", () => {
  const r = run(DEPLOY, ["--wasm", join(work, "missing.wasm"), "--rpc", "http://127.0.0.1:9"]);
  assert.equal(r.status, 1);
  assert.match(r.stderr, /step "Preflight: tools and artifacts": Stylus program .*missing\.wasm not found/);
  assert.match(r.stderr, /scripts\/build-wasm\.sh/);
});

test("deploy: no node at the RPC URL", async () => {
  const port = await freePort();
  const r = run(DEPLOY, ["--skip-stylus", "--rpc", `http://127.0.0.1:${port}`, "--private-key", ANVIL_KEY]);
  assert.equal(r.status, 1);
  assert.match(r.stderr, new RegExp(`step "Connect to http://127.0.0.1:${port}": no answer from`));
  assert.match(r.stderr, /scripts\/devnode\.sh/);
});

test("deploy: Stylus on a chain that is not Nitro (anvil) is refused, naming the chain", async () => {
  const anvil = await startAnvil();
  const wasm = join(work, "program.wasm");
  writeFileSync(wasm, Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]));
  try {
    const r = run(DEPLOY, ["--rpc", anvil.url, "--wasm", wasm, "--private-key", ANVIL_KEY]);
    assert.equal(r.status, 1);
    assert.match(r.stderr, /chain 31337 .*\(31337 is anvil's chain id\) is not Arbitrum Nitro/);
    assert.match(r.stderr, /--skip-stylus/);
  } finally {
    anvil.stop();
  }
});

test("deploy: no private key on a chain other than the dev chain", async () => {
  const anvil = await startAnvil();
  try {
    const r = run(DEPLOY, ["--rpc", anvil.url, "--skip-stylus"]);
    assert.equal(r.status, 1);
    assert.match(r.stderr, /no private key for chain 31337: pass --private-key KEY or export PRIVATE_KEY/);
    const bad = run(DEPLOY, ["--rpc", anvil.url, "--skip-stylus", "--private-key", "0x1234"]);
    assert.equal(bad.status, 1);
    assert.match(bad.stderr, /not 32 bytes of hex/);
  } finally {
    anvil.stop();
  }
});

test("deploy: the EVM contracts really deploy to anvil and hash/poseidon2(1, 2) match the references", async () => {
  const anvil = await startAnvil();
  const out = join(work, "evm");
  try {
    const r = run(DEPLOY, ["--rpc", anvil.url, "--skip-stylus", "--private-key", ANVIL_KEY, "--out-dir", out], {
      timeout: 600_000,
    });
    assert.equal(r.status, 0, r.stderr + r.stdout);
    const doc = JSON.parse(readFileSync(join(out, "31337.json"), "utf8"));
    assert.equal(doc.chainId, 31337);
    assert.equal(doc.nitro, false);
    assert.equal(doc.deployer, ANVIL_ADDRESS);
    const { PoseidonT3Solidity, PoseidonT3Yul, Poseidon2Yul, IncrementalMerkleTree } = doc.contracts;
    for (const [hasher, fn, expected] of [
      [PoseidonT3Solidity, "hash", HASH_1_2],
      [PoseidonT3Yul, "hash", HASH_1_2],
      [Poseidon2Yul, "poseidon2", POSEIDON2_1_2],
    ]) {
      assert.match(hasher.address, /^0x[0-9a-fA-F]{40}$/);
      assert.equal(hasher.kind, "evm");
      assert.match(hasher.transactionHash, /^0x[0-9a-f]{64}$/);
      const got = spawnSync(
        join(BIN, "cast"),
        ["call", "--rpc-url", anvil.url, hasher.address, `${fn}(uint256,uint256)(uint256)`, "1", "2"],
        { encoding: "utf8", timeout: 30_000 },
      );
      assert.equal(got.status, 0, got.stderr);
      assert.equal(BigInt(got.stdout.trim().split(" ")[0]), BigInt(expected), `${hasher.source}`);
    }
    // The example consumer is wired to the Yul hasher.
    const hasherOf = spawnSync(
      join(BIN, "cast"),
      ["call", "--rpc-url", anvil.url, IncrementalMerkleTree.address, "hasher()(address)"],
      { encoding: "utf8", timeout: 30_000 },
    );
    assert.equal(hasherOf.stdout.trim().toLowerCase(), PoseidonT3Yul.address.toLowerCase());
    assert.equal(doc.contracts.IncrementalMerkleTreeStylus, undefined);
    assert.match(r.stdout, /skipped: no PoseidonStylus deployment on chain 31337/);
  } finally {
    anvil.stop();
  }
});

/** A stub `cargo`: logs its arguments; `stylus --version` fails until `install` ran; `stylus deploy`
 * puts a contract at STUB_PROGRAM that answers hash (selector 0xa78dac0d) with HASH_1_2 and anything
 * else with POSEIDON2_1_2, and reports it like cargo-stylus. */
const STUB_PROGRAM = "0x5757575757575757575757575757575757575757";
const STUB_TX = "0x" + "ab".repeat(32);
function stubCargo(dir) {
  const home = join(dir, "home");
  const bin = join(dir, "bin");
  spawnSync("mkdir", ["-p", home, bin]);
  const ret = (word) => "7f" + word.slice(2) + "5f5260205ff3"; // PUSH32 word, return it
  const runtime = "0x5f3560e01c63a78dac0d14603557" + ret(POSEIDON2_1_2) + "5b" + ret(HASH_1_2);
  writeExecutable(
    join(bin, "cargo"),
    `#!/usr/bin/env bash
echo "cargo $*" >> '${dir}/cargo.log'
case "$1 $2" in
  "stylus --version") [ -f '${dir}/installed' ] && { echo "cargo-stylus 0.0.0-stub"; exit 0; }; exit 101 ;;
  "install --locked") touch '${dir}/installed'; exit 0 ;;
  "stylus deploy")
    while [ $# -gt 0 ]; do [ "$1" = --endpoint ] && endpoint="$2"; shift; done
    '${BIN}/cast' rpc --rpc-url "$endpoint" anvil_setCode ${STUB_PROGRAM} ${runtime} >/dev/null || exit 1
    printf 'deployed code at address: \\033[38;5;183m${STUB_PROGRAM}\\033[0m\\n'
    printf 'deployment tx hash: ${STUB_TX}\\n'; exit 0 ;;
  "stylus cache") echo "bid placed"; exit 0 ;;
esac
exit 1
`,
  );
  // HOME without ~/.cargo/bin, so scripts/lib/common.sh's PATH finds this stub before a real cargo.
  return { HOME: home, PATH: `${bin}:${process.env.PATH}` };
}

test("deploy: Stylus on a (fake) Nitro dev node: installs cargo-stylus, deploys with the dev key, caches", async () => {
  const node = await startFakeNitro(DEV_CHAIN_ID);
  const dir = join(work, "stylus-dev");
  const env = stubCargo(dir);
  const wasm = join(dir, "poseidon_stylus.wasm");
  writeFileSync(wasm, Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]));
  try {
    const r = run(DEPLOY, ["--rpc", node.url, "--skip-evm", "--wasm", wasm, "--out-dir", join(dir, "out")], { env });
    assert.equal(r.status, 0, r.stderr + r.stdout);
    const cargo = lines(readFileSync(join(dir, "cargo.log"), "utf8"));
    assert.deepEqual(cargo.slice(0, 3), [
      "cargo stylus --version",
      "cargo install --locked cargo-stylus --version 0.10.10",
      "cargo stylus --version",
    ]);
    assert.equal(
      cargo[3],
      `cargo stylus deploy --endpoint ${node.url} --private-key ${DEV_KEY} --wasm-file ${wasm} --no-verify`,
    );
    assert.equal(cargo.length, 4, "no cache bid on the dev chain");
    // Chain owner, L1 price 0, cache manager, cacheProgram: in this order, each a successful tx.
    const order = [
      "becomeChainOwner()",
      "setL1PricePerUnit(uint256)",
      "addWasmCacheManager(address)",
      "cacheProgram(address)",
    ].map((sig) => r.stdout.indexOf(`ok: ${sig} tx 0x`));
    assert.ok(order.every((i) => i >= 0) && order.every((i, k) => k === 0 || i > order[k - 1]), r.stdout);
    assert.equal(await isCached(node.url, STUB_PROGRAM), true, "cacheProgram reached ArbWasmCache");
    assert.match(r.stdout, /PoseidonStylus: hash\(1, 2\) ok/);
    // poseidon2 lives in its own program (poseidon_stylus_poseidon2.wasm), absent here.
    assert.doesNotMatch(r.stdout, /PoseidonStylus: poseidon2/);
    assert.match(r.stdout, /skipped PoseidonStylusPoseidon2: .*poseidon_stylus_poseidon2\.wasm not found/);
    const doc = JSON.parse(readFileSync(join(dir, "out", `${DEV_CHAIN_ID}.json`), "utf8"));
    assert.equal(doc.nitro, true);
    assert.equal(doc.deployer, DEV_ADDRESS);
    assert.deepEqual(doc.contracts.PoseidonStylus, {
      address: STUB_PROGRAM,
      kind: "stylus",
      source: wasm,
      cached: true,
      transactionHash: STUB_TX,
    });
  } finally {
    node.stop();
  }
});

test("deploy: Stylus on a (fake) Nitro chain that is not the dev chain bids for the cache", async () => {
  const node = await startFakeNitro(421614);
  const dir = join(work, "stylus-chain");
  const env = stubCargo(dir);
  writeFileSync(join(dir, "installed"), "");
  const wasm = join(dir, "poseidon_stylus.wasm");
  writeFileSync(wasm, Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]));
  try {
    const noKey = run(DEPLOY, ["--rpc", node.url, "--skip-evm", "--wasm", wasm], { env });
    assert.equal(noKey.status, 1);
    assert.match(noKey.stderr, /no private key for chain 421614/);

    const r = run(DEPLOY, ["--rpc", node.url, "--skip-evm", "--wasm", wasm, "--out-dir", join(dir, "out")], {
      env: { ...env, PRIVATE_KEY: ANVIL_KEY },
    });
    assert.equal(r.status, 0, r.stderr + r.stdout);
    const cargo = lines(readFileSync(join(dir, "cargo.log"), "utf8"));
    assert.equal(cargo.at(-1), `cargo stylus cache bid --endpoint ${node.url} --private-key ${ANVIL_KEY} ${STUB_PROGRAM} 0`);
    assert.ok(!r.stdout.includes("becomeChainOwner"), "no dev-only precompile calls on other chains");
    assert.ok(existsSync(join(dir, "out", "421614.json")));
  } finally {
    node.stop();
  }
});

test("deploy: --no-cache leaves the Stylus program uncached", async () => {
  const node = await startFakeNitro(DEV_CHAIN_ID);
  const dir = join(work, "stylus-no-cache");
  const env = stubCargo(dir);
  writeFileSync(join(dir, "installed"), "");
  const wasm = join(dir, "poseidon_stylus.wasm");
  writeFileSync(wasm, Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]));
  try {
    const args = ["--rpc", node.url, "--skip-evm", "--no-cache", "--wasm", wasm, "--out-dir", join(dir, "out")];
    const r = run(DEPLOY, args, { env });
    assert.equal(r.status, 0, r.stderr + r.stdout);
    assert.ok(!r.stdout.includes("cacheProgram"), r.stdout);
    assert.equal(await isCached(node.url, STUB_PROGRAM), false);
    const doc = JSON.parse(readFileSync(join(dir, "out", `${DEV_CHAIN_ID}.json`), "utf8"));
    assert.equal(doc.contracts.PoseidonStylus.cached, false);
  } finally {
    node.stop();
  }
});

// ------------------------------------------------- the gas report's Nitro measurement

const MEASURE_NITRO = join(ROOT, "scripts", "gas-report", "measure-nitro.mjs");
// The real cast (the npm .bin wrapper hides failures), first on PATH as scripts/lib/common.sh does.
const CAST_DIR = join(
  ROOT,
  "node_modules",
  "@foundry-rs",
  readdirSync(join(ROOT, "node_modules", "@foundry-rs")).find((d) => d.startsWith("cast-")),
  "bin",
);

/** A (fake) Nitro dev node with the stub program at STUB_PROGRAM, named as both Stylus programs. */
async function nodeWithStubProgram(dir) {
  const node = await startFakeNitro(DEV_CHAIN_ID);
  const env = stubCargo(dir);
  const cast = (...args) => spawnSync(join(CAST_DIR, "cast"), args, { encoding: "utf8", timeout: 30_000 });
  // the stub cargo's `stylus deploy` puts the stub program in place
  assert.equal(spawnSync(join(dir, "bin", "cargo"), ["stylus", "deploy", "--endpoint", node.url]).status, 0);
  const deployments = join(dir, "deployments.json");
  const program = { address: STUB_PROGRAM, kind: "stylus" };
  writeFileSync(deployments, JSON.stringify({ contracts: { PoseidonStylus: program, PoseidonStylusPoseidon2: program } }));
  const measure = (...args) => {
    const r = spawnSync(
      process.execPath,
      [MEASURE_NITRO, "--rpc", node.url, "--private-key", DEV_KEY, "--deployments", deployments, ...args],
      { cwd: ROOT, encoding: "utf8", timeout: 120_000, env: { ...process.env, ...env, PATH: `${CAST_DIR}:${env.PATH}` } },
    );
    assert.equal(r.status, 0, r.stderr);
    return { ...JSON.parse(r.stdout), stderr: r.stderr };
  };
  return { node, cast, measure };
}

/** The unmeasured rows of programs deploy.sh deploys (the others are listed for that reason alone). */
function deployedOnly(unmeasured) {
  const notDeployed = unmeasured.filter((u) => /scripts\/deploy.sh does not deploy/.test(u.reason));
  assert.ok(notDeployed.every((u) => !/^poseidon_stylus(_poseidon2)?\.wasm /.test(u.implementation)), "both deployed programs measured");
  return unmeasured.filter((u) => !notDeployed.includes(u));
}

test("gas report (nitro): a code hash cached before the run never yields an uncached row", async () => {
  const dir = join(work, "measure-cached-before");
  const { node, cast, measure } = await nodeWithStubProgram(dir);
  try {
    // an earlier deploy.sh cached this code
    const sent = cast("send", "--rpc-url", node.url, "--private-key", DEV_KEY, pad(0x72), "cacheProgram(address)", STUB_PROGRAM);
    assert.equal(sent.status, 0, sent.stderr);
    assert.equal(await isCached(node.url, STUB_PROGRAM), true);

    // not allowed to evict (a chain we do not own): the rows are left out, with the reason
    const refused = measure("--cached", "false");
    assert.deepEqual(refused.rows, []);
    assert.equal(deployedOnly(refused.unmeasured).length, 4);
    for (const u of deployedOnly(refused.unmeasured)) {
      assert.equal(u.cached, false);
      assert.match(u.reason, /already cached on this chain .*only the chain owner or a cache manager can evict it/);
    }
    assert.equal(await isCached(node.url, STUB_PROGRAM), true, "nothing was evicted");

    // the dev chain: evicted first, then measured uncached, each call checked
    const evicted = measure("--cached", "false", "--evict");
    assert.deepEqual(deployedOnly(evicted.unmeasured), []);
    assert.equal(evicted.rows.length, 4);
    assert.ok(evicted.rows.every((row) => row.cached === false && row.source === "nitro" && row.gas > 0));
    assert.match(evicted.stderr, /is cached; evicting it \(ArbWasmCache.evictCodehash\)/);
    assert.equal(await isCached(node.url, STUB_PROGRAM), false);

    // and a "cached" row is only measured while the code hash is cached
    const notCached = measure("--cached", "true");
    assert.deepEqual(notCached.rows, []);
    assert.ok(deployedOnly(notCached.unmeasured).every((u) => u.cached === true && /is not cached/.test(u.reason)));
  } finally {
    node.stop();
  }
});

test("gas report (nitro): rows measured in the state they claim", async () => {
  const dir = join(work, "measure-states");
  const { node, cast, measure } = await nodeWithStubProgram(dir);
  try {
    const uncached = measure("--cached", "false");
    assert.equal(uncached.rows.length, 4);
    assert.ok(uncached.rows.every((row) => row.cached === false));
    assert.equal(cast("send", "--rpc-url", node.url, "--private-key", DEV_KEY, pad(0x72), "cacheProgram(address)", STUB_PROGRAM).status, 0);
    const cached = measure("--cached", "true");
    assert.equal(cached.rows.length, 4);
    assert.ok(cached.rows.every((row) => row.cached === true));
    assert.deepEqual(deployedOnly(cached.unmeasured), []);
  } finally {
    node.stop();
  }
});

test("gas report (render): unmeasured rows are named in the notes, never drawn", () => {
  const dir = join(work, "render-unmeasured");
  spawnSync("mkdir", ["-p", dir]);
  const rows = join(dir, "rows.json");
  writeFileSync(
    rows,
    JSON.stringify({
      rows: [{ implementation: "p.wasm (Stylus)", language: "Rust", function: "hash(1,2)", gas: 5321, source: "nitro", cached: true }],
      unmeasured: [{ implementation: "p.wasm (Stylus)", function: "hash(1,2)", cached: false, source: "nitro", reason: "code hash 0xab is already cached" }],
    }),
  );
  const r = spawnSync(process.execPath, [join(ROOT, "scripts", "gas-report", "render.mjs"), "--out", join(dir, "out"), rows], {
    encoding: "utf8",
  });
  assert.equal(r.status, 0, r.stderr);
  const report = readFileSync(join(dir, "out", "report.md"), "utf8");
  assert.match(report, /- not measured: p\.wasm \(Stylus\), `hash\(1,2\)` uncached \(nitro\): code hash 0xab is already cached/);
  const gas = JSON.parse(readFileSync(join(dir, "out", "gas.json"), "utf8"));
  assert.equal(gas.rows.length, 1);
  const chart = readFileSync(join(dir, "out", "gas.svg"), "utf8");
  assert.equal(chart.match(/\(uncached\)/g), null, "no bar for the unmeasured row");
});
