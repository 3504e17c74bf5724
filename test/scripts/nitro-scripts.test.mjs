// Tests of scripts/chain/devnode.sh and scripts/chain/deploy.mjs, run with `node --test test/scripts/`.
// No Docker and no Nitro node are needed: failure modes run against unused ports and a real anvil;
// the EVM deployment really runs on anvil (the CREATE2 factory installed by its keyless transaction);
// the Stylus path runs on an anvil made to look like Nitro: the precompiles deploy.mjs calls are the
// contracts of test/scripts/fakes/FakeArbOS.sol (activation, its errors and data fee, caching by
// code hash, chain owners), and a JSON-RPC front lets Stylus code be created and runs it through the
// meter (startStylusFront). Those tests deploy the real built programs (scripts/build-wasm.sh first).
// A stub `cargo` records the cargo-stylus commands. deploy.mjs's output and transaction counts, first
// run and second, are compared with test/scripts/expected/deploy-*.txt. A real Nitro node is
// exercised only by running the scripts.
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { CALLS } from "../../scripts/gas-report/calls.mjs";
import { row, subject } from "../../scripts/gas-report/rows.mjs";
import { loadRegistry, meterRule, plan, stylusDeployment, stylusEntries } from "../../scripts/lib/deployables.mjs";
import { ROOT, cast, foundryBin, freePort, initCodeReturning, kill, rpc, startAnvil, track } from "./helpers.mjs";

const BIN = join(ROOT, "node_modules", ".bin");
const DEVNODE = join(ROOT, "scripts", "chain", "devnode.sh");
const DEPLOY = join(ROOT, "scripts", "chain", "deploy.mjs");

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
after(() => rmSync(work, { recursive: true, force: true }));

// The real cast (the npm .bin wrapper hides failures), first on PATH as scripts/lib/common.sh does.
const CAST_DIR = dirname(foundryBin("cast"));
const FORGE = foundryBin("forge");

// Precompile stand-ins, so anvil answers like Nitro where the scripts look.
// For the gas report's tests (legacy: true): ArbDebug (0xff) and ArbOwner (0x70) accept any call, and
// ArbWasmCache (0x72) caches by code hash with no other rule: cacheProgram(address) (0xe73ac9f2) sets
// slot extcodehash(address) to 1, evictCodehash(bytes32) (0xce972013) sets slot codehash to 0, and
// every other call (codehashIsCached(bytes32), isCacheManager(address)) returns the slot its
// argument names.
const ACCEPT_ALL = "0x00";
const ARB_WASM_CACHE_MOCK = "0x5f3560e01c8063e73ac9f2146023578063ce97201314602c57600435545f5260205ff35b60016004353f55005b5f6004355500";
const pad = (n) => "0x" + n.toString(16).padStart(40, "0");

// Otherwise the precompiles deploy.mjs uses are test/scripts/fakes/FakeArbOS.sol, compiled once
// (ArbSys, 0x64, in both cases).
const FAKES = { 0x64: "FakeArbSys", 0x6b: "FakeArbOwnerPublic", 0x6c: "FakeArbGasInfo", 0x70: "FakeArbOwner", 0x71: "FakeArbWasm", 0x72: "FakeArbWasmCache", 0xff: "FakeArbDebug" };
let fakeCode;
function fakeArbOSCode() {
  if (!fakeCode) {
    const out = join(work, "fakes-out");
    const r = spawnSync(FORGE, ["build", "test/scripts/fakes/FakeArbOS.sol", "--out", out, "--cache-path", join(work, "fakes-cache")], {
      cwd: ROOT,
      encoding: "utf8",
      timeout: 120_000,
    });
    assert.equal(r.status, 0, `forge build FakeArbOS.sol: ${r.stderr}`);
    fakeCode = Object.fromEntries(
      Object.values(FAKES).map((name) => [name, JSON.parse(readFileSync(join(out, "FakeArbOS.sol", `${name}.json`), "utf8")).deployedBytecode.object]),
    );
  }
  return fakeCode;
}

const registry = loadRegistry();
const FACTORY = registry.create2.factory;
const METER = join(ROOT, "target", "tools", "stylus-meter");

/** A pre-London anvil (no EIP-3541), shared: the Stylus front runs init code there. */
let berlin;

/**
 * Starts test/scripts/fakes/stylus-front.mjs in front of `upstream` (a process of its own, so the
 * tests can wait for the scripts synchronously) and returns its URL; it is killed with the anvils.
 */
async function startStylusFront(upstream, { refuseOffchainActivation = false, clientVersion } = {}) {
  berlin ??= await startAnvil(undefined, ["--hardfork", "berlin"]);
  const front = join(ROOT, "test", "scripts", "fakes", "stylus-front.mjs");
  const flags = [...(refuseOffchainActivation ? ["--refuse-offchain-activation"] : []), ...(clientVersion ? ["--client-version", clientVersion] : [])];
  const child = track(
    spawn(process.execPath, [front, upstream, berlin.url, FACTORY, METER, join(CAST_DIR, "cast"), work, ...flags], {
      stdio: ["ignore", "pipe", "inherit"],
      detached: true,
    }),
  );
  const line = await new Promise((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
      if (out.includes("\n")) resolve(out.split("\n")[0]);
    });
    child.on("exit", (code) => reject(new Error(`stylus-front.mjs exited with ${code}`)));
  });
  return { url: line.replace(/^listening /, ""), stop: () => kill(child) };
}

/**
 * An anvil that answers like a Nitro node to the calls the scripts make: the precompiles above, no
 * CREATE2 factory (a bare Nitro dev node has none until deploy.mjs installs it), 100 ETH for the dev
 * account, and the Stylus front. `url` is the front, `anvil` the anvil behind it. The chain runs
 * ArbOS `arbos` (61, Arbitrum One's, unless said; a fresh v3.11 `--dev` chain runs 59). With
 * `legacy` (the gas report's tests): the older stand-ins at 0x70/0x72/0xff and no front.
 */
async function startFakeNitro(chainId, { legacy = false, arbos = 61, refuseOffchainActivation = false, clientVersion } = {}) {
  // Arbitrum's blocks take any transaction up to its own limit (32,000,000 since ArbOS 50), above anvil's default.
  const node = await startAnvil(chainId, ["--disable-default-create2-deployer", "--gas-limit", "1125899906842624"]);
  const code = fakeArbOSCode();
  await rpc(node.url, "anvil_setCode", [pad(0x64), code.FakeArbSys]);
  if (legacy) {
    await rpc(node.url, "anvil_setCode", [pad(0xff), ACCEPT_ALL]);
    await rpc(node.url, "anvil_setCode", [pad(0x70), ACCEPT_ALL]);
    await rpc(node.url, "anvil_setCode", [pad(0x72), ARB_WASM_CACHE_MOCK]);
  } else {
    for (const [address, name] of Object.entries(FAKES)) await rpc(node.url, "anvil_setCode", [pad(Number(address)), code[name]]);
  }
  cast("send", "--rpc-url", node.url, "--private-key", ANVIL_KEY, pad(0x64), "fakeSetArbOS(uint64)", String(arbos));
  await rpc(node.url, "anvil_setBalance", [DEV_ADDRESS, "0x56bc75e2d63100000"]); // 100 ETH
  if (legacy) return { ...node, anvil: node.url };
  const front = await startStylusFront(node.url, { refuseOffchainActivation, clientVersion });
  return {
    ...node,
    anvil: node.url,
    url: front.url,
    stop: () => {
      front.stop();
      node.stop();
    },
  };
}

/** ArbWasmCache.codehashIsCached(extcodehash(address)), as the scripts ask it. */
async function isCached(url, address) {
  const codehash = (await rpc(url, "eth_getProof", [address, [], "latest"])).codeHash;
  const data = "0xa72f179b" + codehash.slice(2); // codehashIsCached(bytes32)
  return BigInt(await rpc(url, "eth_call", [{ to: pad(0x72), data }, "latest"])) === 1n;
}

/** Runs a script with a bounded time; returns { status, stdout, stderr }. */
function run(script, args, { env = {}, timeout = 300_000 } = {}) {
  const cleanEnv = { ...process.env };
  delete cleanEnv.NITRO_RPC;
  delete cleanEnv.PRIVATE_KEY;
  const [command, first] = script.endsWith(".mjs") ? [process.execPath, script] : ["bash", script];
  const result = spawnSync(command, [first, ...args], {
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
    "offchainlabs/nitro-node:v3.11.3-beb2108 --dev",
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

test("devnode: NITRO_RPC on a (fake) Nitro dev node prints its chain id and ArbOS version", async () => {
  const node = await startFakeNitro(DEV_CHAIN_ID);
  try {
    const r = run(DEVNODE, [], { env: { NITRO_RPC: node.url } });
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /answers: chain id 412346 \(the --dev chain\), ArbOS 61\n/);
    assert.ok(!r.stdout.includes("scheduleArbOSUpgrade"), "a chain at ArbOS 61 is left alone");
  } finally {
    node.stop();
  }
});

/** ArbSys.arbOSVersion() of a node: 55 + its ArbOS version. */
const arbSysVersion = (url) => BigInt(cast("call", "--rpc-url", url, pad(0x64), "arbOSVersion()(uint256)").split(" ")[0]);

test("devnode: a dev chain below ArbOS 61 is upgraded (chain owner, ArbOwner.scheduleArbOSUpgrade, one block); a second run sends nothing", async () => {
  const node = await startFakeNitro(DEV_CHAIN_ID, { arbos: 59 });
  try {
    assert.equal(arbSysVersion(node.url), 114n);
    const r = run(DEVNODE, [], { env: { NITRO_RPC: node.url } });
    assert.equal(r.status, 0, r.stderr + r.stdout);
    assert.match(r.stdout, /chain id 412346 \(the --dev chain\), ArbOS 59\n/);
    assert.match(r.stdout, /==> Dev chain: ArbOS 59 -> 61 \(ArbOwner.scheduleArbOSUpgrade/);
    assert.deepEqual(
      [...r.stdout.matchAll(/^ok: (.*)$/gm)].map((m) => m[1]),
      ["ArbDebug.becomeChainOwner()", "ArbOwner.scheduleArbOSUpgrade(61, 0)", "a transaction to start the next block (0 wei to the dev account)"],
    );
    assert.match(r.stdout, /the dev chain runs ArbOS 61 \(ArbSys.arbOSVersion\(\) = 116\)/);
    assert.equal(arbSysVersion(node.url), 116n);
    const sent = await nonce(node.url, DEV_ADDRESS);
    const again = run(DEVNODE, [], { env: { NITRO_RPC: node.url } });
    assert.equal(again.status, 0, again.stderr);
    assert.match(again.stdout, /ArbOS 61\n/);
    assert.equal(await nonce(node.url, DEV_ADDRESS), sent, "nothing sent at ArbOS 61");
  } finally {
    node.stop();
  }
});

test("devnode: never schedules an ArbOS version the node's Nitro release cannot run; NITRO_ARBOS picks one it runs", async () => {
  // A v3.10.x node runs ArbOS 60 but not 61 (stylus-meter rules: 61 needs 3.11.3): scheduling 61
  // would stop the chain for good, so nothing is sent and the command that works is named.
  const node = await startFakeNitro(DEV_CHAIN_ID, { arbos: 59, clientVersion: "nitro/v3.10.1-04fc07b/linux-amd64/go1.24.3" });
  try {
    const sent = await nonce(node.url, DEV_ADDRESS);
    const r = run(DEVNODE, [], { env: { NITRO_RPC: node.url } });
    assert.equal(r.status, 1, r.stdout);
    const error = r.stderr.trim().split("\n").filter((l) => l.startsWith("error:"));
    assert.equal(error.length, 1, r.stderr);
    assert.match(error[0], /the node runs Nitro 3\.10\.1, which cannot run ArbOS 61 \(it needs Nitro 3\.11\.3 or later\)/);
    assert.ok(error[0].includes(`NITRO_ARBOS=60 NITRO_RPC=${node.url} scripts/chain/devnode.sh`), error[0]);
    assert.equal(await nonce(node.url, DEV_ADDRESS), sent, "nothing sent");
    assert.equal(arbSysVersion(node.url), 114n, "still ArbOS 59");
    const sixty = run(DEVNODE, [], { env: { NITRO_RPC: node.url, NITRO_ARBOS: "60" } });
    assert.equal(sixty.status, 0, sixty.stderr + sixty.stdout);
    assert.match(sixty.stdout, /the node runs Nitro 3\.10\.1; ArbOS 60 needs 3\.10\.0 or later/);
    assert.equal(arbSysVersion(node.url), 115n);
  } finally {
    node.stop();
  }
});

test("devnode: a node that does not name its release is upgraded only when NITRO_ARBOS says to what", async () => {
  const node = await startFakeNitro(DEV_CHAIN_ID, { arbos: 59, clientVersion: "nitro/04fc07b/linux-amd64/go1.24.3" });
  try {
    const sent = await nonce(node.url, DEV_ADDRESS);
    const r = run(DEVNODE, [], { env: { NITRO_RPC: node.url } });
    assert.equal(r.status, 1, r.stdout);
    assert.match(r.stderr, /does not say which Nitro release it runs \(web3_clientVersion: "nitro\/04fc07b\/linux-amd64\/go1\.24\.3"\)/);
    assert.ok(r.stderr.includes(`NITRO_ARBOS=61 NITRO_RPC=${node.url} scripts/chain/devnode.sh`), r.stderr);
    assert.equal(await nonce(node.url, DEV_ADDRESS), sent, "nothing sent");
    const told = run(DEVNODE, [], { env: { NITRO_RPC: node.url, NITRO_ARBOS: "61" } });
    assert.equal(told.status, 0, told.stderr + told.stdout);
    assert.equal(arbSysVersion(node.url), 116n);
    const unknown = run(DEVNODE, [], { env: { NITRO_RPC: node.url, NITRO_ARBOS: "62" } });
    assert.equal(unknown.status, 1);
    assert.match(unknown.stderr, /NITRO_ARBOS=62: the meter models ArbOS 50 to 61/);
  } finally {
    node.stop();
  }
});

test("devnode: a Nitro chain that is not the dev chain is reported, never upgraded", async () => {
  const node = await startFakeNitro(421614, { arbos: 51 });
  try {
    const r = run(DEVNODE, [], { env: { NITRO_RPC: node.url } });
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /chain id 421614, ArbOS 51\n/);
    assert.match(r.stdout, /warning: chain 421614 runs ArbOS 51, below 61 \(Arbitrum One\); not a dev chain, so left as it is/);
    assert.equal(arbSysVersion(node.url), 106n);
  } finally {
    node.stop();
  }
});


// ----------------------------------------------------------------- deploy.mjs

/** The built programs and meter deploy.mjs deploys with; scripts/test.sh builds them before these tests. */
function requireBuild() {
  for (const file of [METER, ...stylusEntries(registry).map((e) => join(ROOT, "target", "stylus", `${e.wasm}.wasm`))]) {
    assert.ok(existsSync(file), `${file} is missing: run scripts/build-wasm.sh before these tests`);
  }
}

/** What each contract deploys as (scripts/lib/deployables.mjs), computed here from the built files. */
let planned;
function expected() {
  planned ??= Object.fromEntries(plan(registry).map((d) => [d.name, d]));
  return planned;
}

const nonce = async (url, address) => Number(BigInt(await rpc(url, "eth_getTransactionCount", [address, "latest"])));
const activations = (url, codehash) => BigInt(cast("call", "--rpc-url", url, pad(0x71), "activations(bytes32)(uint256)", codehash).split(" ")[0]);

// deploy.mjs's output and transaction counts, compared run by run with test/scripts/expected/deploy-*.txt.
const TRANSCRIPTS = join(ROOT, "test", "scripts", "expected");

/** What the node has counted: its blocks, and the transactions of `deployer` and of the factory's keyless deployer. */
async function txCounts(url, deployer) {
  return {
    blocks: Number(BigInt(await rpc(url, "eth_blockNumber"))),
    deployer: await nonce(url, deployer),
    keyless: await nonce(url, registry.create2.factoryDeployer),
  };
}

/** Runs deploy.mjs as `run` does and adds `sent`: what the node counted during the run (txCounts). */
async function countedRun(url, deployer, args, options) {
  const before = await txCounts(url, deployer);
  const result = run(DEPLOY, args, options);
  const after = await txCounts(url, deployer);
  return { ...result, sent: Object.fromEntries(Object.entries(after).map(([k, n]) => [k, n - before[k]])) };
}

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A deploy.mjs transcript with placeholders for what is not the script's to decide:
 * - from run to run: `vary` (e.g. the node's URL, whose port is free at random; the temporary
 *   directory), transaction hashes, the deployer's balance (gas spent depends on the code's size);
 * - with the built code: each deployment's address, code hash and fragments (`deployments`, the plan
 *   the test computes), a program's size and sha256, and the meter's figures for its activation
 *   (total, fragment reads, compile, bookkeeping), so the transcript holds while contracts change.
 */
function normalise(text, { deployments, vary }) {
  const pairs = [...vary];
  for (const d of deployments) {
    for (const f of d.fragments ?? []) pairs.push([f.codeHash, `<${d.name} fragment ${f.index} code hash>`], [f.address, `<${d.name} fragment ${f.index}>`]);
    if (d.codeHash) pairs.push([d.codeHash, `<${d.name} code hash>`]);
    pairs.push([d.address, `<${d.name}>`]);
  }
  for (const [from, to] of pairs) text = text.replace(new RegExp(escapeRegExp(from), "gi"), to);
  return text
    .replace(/ tx 0x[0-9a-f]{64}$/gm, " tx <hash>")
    .replace(/, balance [0-9.]+ ETH$/gm, ", balance <balance> ETH")
    .replace(/: file (.*) \(\d+ bytes, sha256 [0-9a-f]{64}\) -> /g, ": file $1 (<bytes> bytes, sha256 <sha256>) -> ")
    .replace(
      /activation burns \d+ gas by stylus-meter check \((ArbWasm's fixed \d+ \+ ActivationGas \d+) \+ fragment reads \d+ \+ compile \d+ \+ ArbWasm's bookkeeping \d+\)/g,
      "activation burns <gas> gas by stylus-meter check ($1 + fragment reads <gas> + compile <gas> + ArbWasm's bookkeeping <gas>)",
    );
}

/**
 * The runs of one scenario against the committed test/scripts/expected/<name>.txt: each run's exit
 * status, the transactions the node counted (countedRun) and its stdout and stderr (normalise). Any
 * line that changes fails. For a change of output that is meant, rewrite the files and read their
 * diff: DEPLOY_TRANSCRIPTS=write node --test test/scripts/nitro-scripts.test.mjs.
 */
function assertTranscript(name, about, runs, how) {
  const file = join(TRANSCRIPTS, `${name}.txt`);
  const text = [
    `# @generated by test/scripts/nitro-scripts.test.mjs (DEPLOY_TRANSCRIPTS=write) from scripts/chain/deploy.mjs runs: ${about}`,
    ...runs.flatMap((r, i) => [
      `=== run ${i + 1}: exit ${r.status}; the node counted ${r.sent.blocks} block(s), ${r.sent.deployer} transaction(s) from the deployer, ${r.sent.keyless} from the factory's keyless deployer`,
      "--- stdout",
      normalise(r.stdout, how),
      ...(r.stderr ? ["--- stderr", normalise(r.stderr, how)] : []),
    ]),
  ].join("\n");
  if (process.env.DEPLOY_TRANSCRIPTS === "write") {
    mkdirSync(TRANSCRIPTS, { recursive: true });
    writeFileSync(file, text);
    return;
  }
  assert.ok(existsSync(file), `${file} is missing (DEPLOY_TRANSCRIPTS=write writes it)`);
  assert.equal(text, readFileSync(file, "utf8"), `deploy.mjs's transcript differs from test/scripts/expected/${name}.txt (if meant: DEPLOY_TRANSCRIPTS=write)`);
}

test("deploy: --help, unknown arguments and nothing to deploy", () => {
  const help = run(DEPLOY, ["--help"]);
  assert.equal(help.status, 0);
  for (const option of ["--rpc", "--private-key", "--skip-stylus", "--skip-evm", "--skip-examples", "--skip", "--no-cache", "--wasm-dir", "--install-factory", "--max-data-fee", "--registry"]) {
    assert.ok(help.stdout.includes(option), `--help lacks ${option}`);
  }
  const badFee = run(DEPLOY, ["--max-data-fee", "0.01ether"]);
  assert.equal(badFee.status, 2);
  assert.match(badFee.stderr, /--max-data-fee takes an amount in wei, not "0.01ether"/);
  const noRegistry = run(DEPLOY, ["--registry", join(work, "no-such-registry.json")]);
  assert.equal(noRegistry.status, 2);
  assert.match(noRegistry.stderr, /--registry .*no-such-registry.json: no such file/);
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
  const empty = join(work, "no-programs");
  spawnSync("mkdir", ["-p", empty]);
  const r = run(DEPLOY, ["--wasm-dir", empty, "--skip-evm", "--rpc", "http://127.0.0.1:9"]);
  assert.equal(r.status, 1);
  assert.match(r.stderr, /step "Plan: [^"]*": PoseidonStylus: .*no-programs\/poseidon_stylus\.wasm not found: build it with scripts\/build-wasm\.sh/);
});

test("deploy: no node at the RPC URL", async () => {
  const port = await freePort();
  const r = run(DEPLOY, ["--skip-stylus", "--rpc", `http://127.0.0.1:${port}`, "--private-key", ANVIL_KEY]);
  assert.equal(r.status, 1);
  assert.match(r.stderr, new RegExp(`step "Connect to http://127.0.0.1:${port}": no answer from`));
  assert.match(r.stderr, /scripts\/chain\/devnode\.sh/);
});

test("deploy: Stylus on a chain that is not Nitro (anvil) is refused, naming the chain", async () => {
  requireBuild();
  const anvil = await startAnvil();
  try {
    const r = run(DEPLOY, ["--rpc", anvil.url, "--skip-evm", "--private-key", ANVIL_KEY]);
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

test("deploy: a dev chain's record goes to deployments/dev/, which git ignores, and the output says where", async () => {
  const anvil = await startAnvil();
  const record = join(ROOT, "deployments", "dev", "31337.json");
  rmSync(record, { force: true });
  try {
    const r = run(DEPLOY, ["--rpc", anvil.url, "--skip-stylus", "--private-key", ANVIL_KEY], { timeout: 600_000 });
    assert.equal(r.status, 0, r.stderr + r.stdout);
    assert.ok(existsSync(record), "deployments/dev/31337.json written");
    assert.match(r.stdout, /addresses in deployments\/dev\/31337\.json \(a dev chain's record: git ignores it\)/);
    const status = spawnSync("git", ["status", "--porcelain", "--untracked-files=all", "--", record], { cwd: ROOT, encoding: "utf8" });
    assert.equal(status.status, 0);
    assert.equal(status.stdout, "", "git status does not show the record");
  } finally {
    rmSync(record, { force: true });
    anvil.stop();
  }
});

test("deploy: on anvil without the factory, installs it, deploys the EVM contracts at their CREATE2 addresses; a second run changes nothing", async () => {
  const anvil = await startAnvil(undefined, ["--disable-default-create2-deployer"]);
  const out = join(work, "evm");
  try {
    assert.equal(await rpc(anvil.url, "eth_getCode", [FACTORY, "latest"]), "0x");
    const args = ["--rpc", anvil.url, "--skip-stylus", "--private-key", ANVIL_KEY, "--out-dir", out];
    const first = await countedRun(anvil.url, ANVIL_ADDRESS, args, { timeout: 600_000 });
    assert.equal(first.status, 0, first.stderr + first.stdout);
    assert.match(first.stdout, /ok: installed the proxy \(its keyless deployment transaction\)/);
    assert.equal(await rpc(anvil.url, "eth_getCode", [FACTORY, "latest"]), registry.create2.factoryRuntimeCode);
    const doc = JSON.parse(readFileSync(join(out, "31337.json"), "utf8"));
    assert.equal(doc.chainId, 31337);
    assert.equal(doc.nitro, false);
    assert.equal(doc.deployer, ANVIL_ADDRESS);
    for (const entry of registry.evm) {
      const want = expected()[entry.name];
      const got = doc.contracts[entry.name];
      assert.equal(got.address, want.address, entry.name);
      assert.equal(got.codeHash, want.codeHash, entry.name);
      assert.equal(cast("codehash", "--rpc-url", anvil.url, got.address), want.codeHash, `${entry.name}: code on chain`);
      assert.match(got.transactionHash, /^0x[0-9a-f]{64}$/);
      for (const check of entry.checks) {
        assert.equal(cast("call", "--rpc-url", anvil.url, got.address, check.sig, ...check.args), check.returns, `${entry.name} ${check.sig}`);
      }
    }
    // The example tree is wired to the Yul hasher; the one over the Stylus program has no hasher here.
    const { IncrementalMerkleTree } = doc.contracts;
    assert.equal(IncrementalMerkleTree.address, expected().IncrementalMerkleTree.address);
    assert.equal(cast("call", "--rpc-url", anvil.url, IncrementalMerkleTree.address, "hasher()(address)"), doc.contracts.PoseidonT3Yul.address);
    assert.equal(doc.contracts.IncrementalMerkleTreeStylus, undefined);
    assert.match(first.stdout, /skipped IncrementalMerkleTreeStylus: no PoseidonStylusMerkle deployment on chain 31337/);

    const sent = await nonce(anvil.url, ANVIL_ADDRESS);
    const before = readFileSync(join(out, "31337.json"), "utf8");
    const second = await countedRun(anvil.url, ANVIL_ADDRESS, args, { timeout: 600_000 });
    assert.equal(second.status, 0, second.stderr + second.stdout);
    // every EVM reference and the example tree over the Yul hasher
    const deployed = registry.evm.length + 1;
    assert.match(second.stdout, new RegExp(`Nothing to do on chain 31337: all ${deployed} contracts were already deployed; no transaction sent\\.`));
    assert.equal(await nonce(anvil.url, ANVIL_ADDRESS), sent, "the second run sent no transaction");
    assert.equal(readFileSync(join(out, "31337.json"), "utf8"), before, "the second run left the deployments file as it was");
    assertTranscript("deploy-anvil", "a fresh anvil (no CREATE2 factory), --skip-stylus, then again", [first, second], {
      deployments: Object.values(expected()),
      vary: [[anvil.url, "<rpc>"], [work, "<tmp>"]],
    });
  } finally {
    anvil.stop();
  }
});

/** A stub `cargo`: logs its arguments; `stylus --version` fails until `install` ran; `stylus deploy`
 * (used by the gas report's tests) puts a contract at STUB_PROGRAM that answers hash (selector
 * 0xa78dac0d) with HASH_1_2 and anything else with POSEIDON2_1_2, and reports it like cargo-stylus;
 * `stylus cache bid` caches the program as the chain's CacheManager contract would, when one is given. */
const STUB_PROGRAM = "0x5757575757575757575757575757575757575757";
const STUB_TX = "0x" + "ab".repeat(32);
function stubCargo(dir, { cacheManager } = {}) {
  const home = join(dir, "home");
  const bin = join(dir, "bin");
  spawnSync("mkdir", ["-p", home, bin]);
  const ret = (word) => "7f" + word.slice(2) + "5f5260205ff3"; // PUSH32 word, return it
  const runtime = "0x5f3560e01c63a78dac0d14603557" + ret(POSEIDON2_1_2) + "5b" + ret(HASH_1_2);
  const bid = cacheManager
    ? `while [ $# -gt 0 ]; do case "$1" in --endpoint) endpoint="$2"; shift ;; 0x*) [ \${#1} = 42 ] && program="$1" ;; esac; shift; done
    '${CAST_DIR}/cast' rpc --rpc-url "$endpoint" anvil_impersonateAccount ${cacheManager} >/dev/null || exit 1
    '${CAST_DIR}/cast' send --rpc-url "$endpoint" --unlocked --from ${cacheManager} ${pad(0x72)} 'cacheProgram(address)' "$program" >/dev/null || exit 1
    echo "bid placed"; exit 0 ;;`
    : `echo "bid placed"; exit 0 ;;`;
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
  "stylus cache") ${bid}
esac
exit 1
`,
  );
  // HOME without ~/.cargo/bin, so scripts/lib/common.sh's PATH finds this stub before a real cargo.
  return { HOME: home, PATH: `${bin}:${process.env.PATH}` };
}

/** The transactions of a deploy.mjs run, in order ("ok: WHAT tx 0x..." lines). */
const sentTransactions = (stdout) => [...stdout.matchAll(/^ok: (.*) tx 0x[0-9a-f]{64}$/gm)].map((m) => m[1]);

test("deploy: the whole flow on a (fake) Nitro dev node: factory, CREATE2, activation, cache, checks; re-runs are no-ops; an ArbOS upgrade or expiry re-activates", async () => {
  requireBuild();
  const node = await startFakeNitro(DEV_CHAIN_ID);
  const dir = join(work, "stylus-dev");
  const env = stubCargo(dir);
  const out = join(dir, "out");
  const programs = stylusEntries(registry).map((e) => expected()[e.name]);
  try {
    // Without the examples: the tree over the Stylus program calls it from its constructor, inside
    // the EVM, where anvil cannot run WASM (the tree over the Yul hasher is deployed on anvil above).
    const args = ["--rpc", node.url, "--out-dir", out, "--skip-examples"];
    const first = await countedRun(node.url, DEV_ADDRESS, args, { env, timeout: 600_000 });
    assert.equal(first.status, 0, first.stderr + first.stdout);
    assert.ok(!existsSync(join(dir, "cargo.log")), "no cargo-stylus on the dev chain");
    // Each program's file is named, with the address it goes to.
    for (const p of programs) assert.ok(first.stdout.includes(`program ${p.name}: file ${p.source} (`), `${p.name} names its file`);
    const evm = registry.evm.map((e) => e.name);
    assert.deepEqual(sentTransactions(first.stdout), [
      "becomeChainOwner()",
      "setL1PricePerUnit(uint256)",
      `fund the proxy's one-time deployer ${registry.create2.factoryDeployer}`,
      ...programs.flatMap((p, i) => [
        ...(p.fragments ?? []).map((f) => `deploy ${p.name} fragment ${f.index}/${p.fragments.length} at ${f.address} (CREATE2)`),
        `deploy ${p.name} at ${p.address} (CREATE2)`,
        `ArbWasm.activateProgram(${p.address})`,
        ...(i === 0 ? [`ArbOwner.addWasmCacheManager(${DEV_ADDRESS})`] : []),
        `ArbWasmCache.cacheProgram(${p.address})`,
      ]),
      ...evm.map((name) => `deploy ${name} at ${expected()[name].address} (CREATE2)`),
    ]);
    const doc = JSON.parse(readFileSync(join(out, `${DEV_CHAIN_ID}.json`), "utf8"));
    assert.equal(doc.nitro, true);
    assert.equal(doc.arbosVersion, 61);
    assert.equal(doc.deployer, DEV_ADDRESS);
    assert.match(first.stdout, /chain id 412346: Arbitrum Nitro, ArbOS 61 \(dev chain\)/);
    assert.match(first.stdout, /ActivationGas: 2000000 gas per activation \(ArbWasm.activationGas\(\), ArbOS 61\), on top of ArbWasm's fixed charge and the compile charge/);
    for (const p of programs) {
      // The built file's code is at the address, activated once (its data fee paid), cached.
      assert.equal(cast("codehash", "--rpc-url", node.url, p.address), p.codeHash, p.name);
      assert.equal(activations(node.url, p.codeHash), 1n, p.name);
      assert.equal(await isCached(node.url, p.address), true, p.name);
      const fragments = p.fragments?.map((f) => ({ address: f.address, codeHash: f.codeHash }));
      assert.deepEqual(
        { ...doc.contracts[p.name], transactionHash: undefined },
        { address: p.address, kind: "stylus", source: p.source, codeHash: p.codeHash, ...(fragments ? { fragments } : {}), stylusVersion: 2, cached: true, transactionHash: undefined },
      );
      assert.match(first.stdout, new RegExp(`${p.name}: data fee 1234567890 wei \\(sending 1358024679\\)`));
    }
    // Every check ran the real WASM (through the meter) at its address and got the reference value.
    for (const entry of [...stylusEntries(registry), ...registry.evm]) {
      for (const check of entry.checks) {
        assert.ok(first.stdout.includes(`${entry.name}: ${check.sig} of (${check.args.join(", ")}) ok`), `${entry.name} ${check.sig}`);
        assert.equal(cast("call", "--rpc-url", node.url, expected()[entry.name].address, check.sig, ...check.args), check.returns);
      }
    }

    // Again: nothing to do, no transaction, the same file.
    const sent = await nonce(node.url, DEV_ADDRESS);
    const before = readFileSync(join(out, `${DEV_CHAIN_ID}.json`), "utf8");
    const second = await countedRun(node.url, DEV_ADDRESS, args, { env, timeout: 600_000 });
    assert.equal(second.status, 0, second.stderr + second.stdout);
    assert.deepEqual(sentTransactions(second.stdout), []);
    assert.match(second.stdout, /Nothing to do on chain 412346: all \d+ contracts were already deployed, activated and cached; no transaction sent\./);
    assert.equal(await nonce(node.url, DEV_ADDRESS), sent);
    assert.equal(readFileSync(join(out, `${DEV_CHAIN_ID}.json`), "utf8"), before);
    assertTranscript("deploy-fake-nitro", "a fresh (fake) Nitro dev chain at ArbOS 61, --skip-examples, then again", [first, second], {
      deployments: Object.values(expected()),
      vary: [[node.url, "<rpc>"], [work, "<tmp>"]],
    });

    // An ArbOS upgrade raises the Stylus version: every program is activated again, nothing else.
    cast("send", "--rpc-url", node.url, "--private-key", ANVIL_KEY, pad(0x71), "fakeArbOSUpgrade()");
    const third = run(DEPLOY, ["--skip-evm", ...args], { env, timeout: 600_000 });
    assert.equal(third.status, 0, third.stderr + third.stdout);
    assert.deepEqual(sentTransactions(third.stdout), programs.map((p) => `ArbWasm.activateProgram(${p.address})`));
    for (const p of programs) {
      assert.match(third.stdout, new RegExp(`${p.name}: ProgramNeedsUpgrade\\(2,3\\): activating it again`));
      assert.equal(activations(node.url, p.codeHash), 2n, p.name);
    }
    assert.equal(JSON.parse(readFileSync(join(out, `${DEV_CHAIN_ID}.json`), "utf8")).contracts.PoseidonStylus.stylusVersion, 3);

    // A program activated more than a year ago has expired: that one is activated again.
    const [oldest] = programs;
    cast("send", "--rpc-url", node.url, "--private-key", ANVIL_KEY, pad(0x71), "fakeAge(bytes32,uint64)", oldest.codeHash, String(366 * 86400));
    const fourth = run(DEPLOY, ["--skip-evm", ...args], { env, timeout: 600_000 });
    assert.equal(fourth.status, 0, fourth.stderr + fourth.stdout);
    assert.deepEqual(sentTransactions(fourth.stdout), [`ArbWasm.activateProgram(${oldest.address})`]);
    assert.match(fourth.stdout, new RegExp(`${oldest.name}: ProgramExpired\\(\\d+\\): activating it again`));
    assert.equal(activations(node.url, oldest.codeHash), 3n);
  } finally {
    node.stop();
  }
});

test("deploy: --no-cache leaves the Stylus programs uncached; a later run caches them and nothing else", async () => {
  requireBuild();
  const node = await startFakeNitro(DEV_CHAIN_ID);
  const dir = join(work, "stylus-no-cache");
  const env = stubCargo(dir);
  const programs = stylusEntries(registry).map((e) => expected()[e.name]);
  try {
    const args = ["--rpc", node.url, "--skip-evm", "--out-dir", join(dir, "out")];
    const r = run(DEPLOY, [...args, "--no-cache"], { env, timeout: 600_000 });
    assert.equal(r.status, 0, r.stderr + r.stdout);
    assert.ok(!r.stdout.includes("cacheProgram"), r.stdout);
    for (const p of programs) assert.equal(await isCached(node.url, p.address), false, p.name);
    const doc = JSON.parse(readFileSync(join(dir, "out", `${DEV_CHAIN_ID}.json`), "utf8"));
    assert.equal(doc.contracts.PoseidonStylus.cached, false);

    const cached = run(DEPLOY, args, { env, timeout: 600_000 });
    assert.equal(cached.status, 0, cached.stderr + cached.stdout);
    assert.deepEqual(sentTransactions(cached.stdout), [
      `ArbOwner.addWasmCacheManager(${DEV_ADDRESS})`,
      ...programs.map((p) => `ArbWasmCache.cacheProgram(${p.address})`),
    ]);
    for (const p of programs) assert.equal(await isCached(node.url, p.address), true, p.name);
  } finally {
    node.stop();
  }
});

test("deploy: on a (fake) Nitro chain that is not the dev chain: the factory only with --install-factory, caching by cargo stylus cache bid", async () => {
  requireBuild();
  const node = await startFakeNitro(421614);
  const dir = join(work, "stylus-chain");
  // The chain's CacheManager contract, registered by its owner: what `cargo stylus cache bid` pays.
  const cacheManager = "0x000000000000000000000000000000000000ca5e";
  for (const [as, to, sig, arg] of [
    [pad(0xff), pad(0x70), "fakeAddOwner(address)", ANVIL_ADDRESS],
    [ANVIL_ADDRESS, pad(0x70), "addWasmCacheManager(address)", cacheManager],
  ]) {
    await rpc(node.anvil, "anvil_impersonateAccount", [as]);
    await rpc(node.anvil, "anvil_setBalance", [as, "0xde0b6b3a7640000"]);
    cast("send", "--rpc-url", node.anvil, "--unlocked", "--from", as, to, sig, arg);
  }
  await rpc(node.anvil, "anvil_setBalance", [cacheManager, "0xde0b6b3a7640000"]);
  const env = stubCargo(dir, { cacheManager });
  writeFileSync(join(dir, "installed"), "");
  const programs = stylusEntries(registry).map((e) => expected()[e.name]);
  try {
    const args = ["--rpc", node.url, "--skip-evm", "--out-dir", join(dir, "out")];
    const noKey = run(DEPLOY, args, { env });
    assert.equal(noKey.status, 1);
    assert.match(noKey.stderr, /no private key for chain 421614/);

    const noFactory = run(DEPLOY, args, { env: { ...env, PRIVATE_KEY: ANVIL_KEY } });
    assert.equal(noFactory.status, 1);
    assert.match(noFactory.stderr, /chain 421614 has no code at 0x4e59b44847b379578588920cA78FbF26c0B4956C: pass --install-factory/);

    const r = run(DEPLOY, [...args, "--install-factory"], { env: { ...env, PRIVATE_KEY: ANVIL_KEY }, timeout: 600_000 });
    assert.equal(r.status, 0, r.stderr + r.stdout);
    const cargo = lines(readFileSync(join(dir, "cargo.log"), "utf8")).filter((l) => l.startsWith("cargo stylus cache"));
    assert.deepEqual(cargo, programs.map((p) => `cargo stylus cache bid --endpoint ${node.url} --private-key ${ANVIL_KEY} ${p.address} 0`));
    assert.ok(!r.stdout.includes("becomeChainOwner"), "no dev-only precompile calls on other chains");
    for (const p of programs) assert.equal(await isCached(node.url, p.address), true, p.name);
    assert.ok(existsSync(join(dir, "out", "421614.json")));
    const again = run(DEPLOY, args, { env: { ...env, PRIVATE_KEY: ANVIL_KEY }, timeout: 600_000 });
    assert.equal(again.status, 0, again.stderr + again.stdout);
    assert.match(again.stdout, /Nothing to do on chain 421614/);
    assert.equal(lines(readFileSync(join(dir, "cargo.log"), "utf8")).filter((l) => l.startsWith("cargo stylus cache")).length, programs.length);
  } finally {
    node.stop();
  }
});

// ------------------------------------------------------ deploy.mjs: fragments and activation

/** An unsigned LEB128 number (WASM section sizes). */
function leb128(n) {
  const bytes = [];
  do {
    bytes.push((n & 0x7f) | (n >= 0x80 ? 0x80 : 0));
    n >>>= 7;
  } while (n > 0);
  return Buffer.from(bytes);
}

/**
 * A registry of one program whose code is over 24 KiB, in `dir`: the built t = 3 program with a
 * custom section of 16 KiB that brotli cannot compress (hash-chain bytes; Nitro keeps and ignores
 * custom sections, like cargo-stylus's project_hash), so it deploys as two fragments and a root and
 * answers hash(1, 2) as the t = 3 program does. Returns { registryFile, wasmDir, registry, entry }.
 */
function fragmentedProgram(dir) {
  const wasmDir = join(dir, "wasm");
  mkdirSync(wasmDir, { recursive: true });
  const blocks = [];
  let block = createHash("sha256").update("stylus-poseidon: a program over 24 KiB").digest();
  while (blocks.length * 32 < 16 * 1024) blocks.push((block = createHash("sha256").update(block).digest()));
  const name = Buffer.from("padding");
  const payload = Buffer.concat([leb128(name.length), name, ...blocks]);
  const base = readFileSync(join(ROOT, "target", "stylus", "poseidon_stylus.wasm"));
  writeFileSync(join(wasmDir, "poseidon_fragmented.wasm"), Buffer.concat([base, Buffer.from([0]), leb128(payload.length), payload]));
  const [t3] = registry.stylus;
  const entry = { ...t3, name: "PoseidonStylusFragmented", wasm: "poseidon_fragmented" };
  const doc = { about: "test: one program over 24 KiB", create2: registry.create2, stylus: [entry], evm: [], examples: [] };
  const registryFile = join(dir, "registry.json");
  writeFileSync(registryFile, JSON.stringify(doc, null, 2));
  return { registryFile, wasmDir, registry: doc, entry };
}

test("deploy: a program over 24 KiB deploys as cargo-stylus deploys it: fragments, then the root naming them, each at its CREATE2 address; the root activates, caches and answers; a re-run is a no-op", async () => {
  requireBuild();
  const dir = join(work, "fragments");
  const big = fragmentedProgram(dir);
  const d = stylusDeployment(big.entry, big.registry, { wasmDir: big.wasmDir });
  const wasm = readFileSync(join(big.wasmDir, "poseidon_fragmented.wasm"));
  // The layout of stylus-tools core/code (fragments of the code size limit - 3 bytes after 0xEFF001;
  // the root 0xEFF002 ‖ dictionary 0 ‖ length ‖ addresses) and what Nitro reads back from it.
  const maxCodeSize = Number(meterRule("limits.max_code_size"));
  assert.equal(d.fragments.length, 2);
  assert.ok(d.programCodeBytes > maxCodeSize);
  assert.equal(d.fragments[0].codeBytes, maxCodeSize);
  const fragmentCode = (f) => "0x" + f.initCode.slice(2 + 2 * 43);
  const pieces = d.fragments.map((f) => {
    assert.equal(fragmentCode(f).slice(0, 8), "0xeff001", "fragment prefix");
    return Buffer.from(fragmentCode(f).slice(8), "hex");
  });
  assert.ok(brotliDecompressSync(Buffer.concat(pieces)).equals(wasm), "the fragments are the compressed program, in order");
  const rootCode = "0x" + d.initCode.slice(2 + 2 * 43);
  assert.equal(rootCode, "0xeff00200" + wasm.length.toString(16).padStart(8, "0") + d.fragments.map((f) => f.address.slice(2).toLowerCase()).join(""));
  assert.equal(d.initCode, initCodeReturning(rootCode));

  const node = await startFakeNitro(DEV_CHAIN_ID);
  const env = stubCargo(dir);
  const out = join(dir, "out");
  try {
    const args = ["--rpc", node.url, "--registry", big.registryFile, "--wasm-dir", big.wasmDir, "--skip-evm", "--out-dir", out];
    const first = await countedRun(node.url, DEV_ADDRESS, args, { env, timeout: 600_000 });
    assert.equal(first.status, 0, first.stderr + first.stdout);
    assert.deepEqual(sentTransactions(first.stdout), [
      "becomeChainOwner()",
      "setL1PricePerUnit(uint256)",
      `fund the proxy's one-time deployer ${registry.create2.factoryDeployer}`,
      `deploy PoseidonStylusFragmented fragment 1/2 at ${d.fragments[0].address} (CREATE2)`,
      `deploy PoseidonStylusFragmented fragment 2/2 at ${d.fragments[1].address} (CREATE2)`,
      `deploy PoseidonStylusFragmented at ${d.address} (CREATE2)`,
      `ArbWasm.activateProgram(${d.address})`,
      `ArbOwner.addWasmCacheManager(${DEV_ADDRESS})`,
      `ArbWasmCache.cacheProgram(${d.address})`,
    ]);
    assert.match(first.stdout, /PoseidonStylusFragmented: 2 fragments \(chain 412346 allows up to 4\)/);
    for (const f of d.fragments) assert.equal(cast("codehash", "--rpc-url", node.url, f.address), f.codeHash);
    assert.equal(cast("codehash", "--rpc-url", node.url, d.address), d.codeHash);
    assert.equal(activations(node.url, d.codeHash), 1n);
    assert.equal(await isCached(node.url, d.address), true);
    // The root runs the reassembled program (the front decompresses its fragments as Nitro does).
    assert.match(first.stdout, /PoseidonStylusFragmented: hash\(uint256,uint256\) of \(1, 2\) ok/);
    assert.equal(cast("call", "--rpc-url", node.url, d.address, "hash(uint256,uint256)(uint256)", "1", "2").split(" ")[0], BigInt(HASH_1_2).toString());
    // A fragment is no program: calling it fails.
    const fragmentCall = spawnSync(join(CAST_DIR, "cast"), ["call", "--rpc-url", node.url, d.fragments[0].address, "hash(uint256,uint256)", "1", "2"], { encoding: "utf8" });
    assert.notEqual(fragmentCall.status, 0, "a fragment is not callable");
    const doc = JSON.parse(readFileSync(join(out, `${DEV_CHAIN_ID}.json`), "utf8"));
    assert.deepEqual(doc.contracts.PoseidonStylusFragmented.fragments, d.fragments.map((f) => ({ address: f.address, codeHash: f.codeHash })));

    const before = readFileSync(join(out, `${DEV_CHAIN_ID}.json`), "utf8");
    const again = await countedRun(node.url, DEV_ADDRESS, args, { env, timeout: 600_000 });
    assert.equal(again.status, 0, again.stderr + again.stdout);
    assert.deepEqual(sentTransactions(again.stdout), []);
    assert.equal(readFileSync(join(out, `${DEV_CHAIN_ID}.json`), "utf8"), before);
    assertTranscript("deploy-fragments", "one program over 24 KiB on a fresh (fake) Nitro dev chain at ArbOS 61, --skip-evm, then again", [first, again], {
      deployments: [d],
      vary: [[node.url, "<rpc>"], [work, "<tmp>"]],
    });
  } finally {
    node.stop();
  }
});

test("deploy: fragments need ArbOS 60 and at most the chain's fragment count; the fake refuses a root Nitro could not reassemble", async () => {
  requireBuild();
  const dir = join(work, "fragments-refused");
  const big = fragmentedProgram(dir);
  const d = stylusDeployment(big.entry, big.registry, { wasmDir: big.wasmDir });
  const env = stubCargo(dir);
  const args = (url) => ["--rpc", url, "--registry", big.registryFile, "--wasm-dir", big.wasmDir, "--skip-evm", "--out-dir", join(dir, "out")];

  const old = await startFakeNitro(DEV_CHAIN_ID, { arbos: 59 });
  try {
    const r = run(DEPLOY, args(old.url), { env, timeout: 600_000 });
    assert.equal(r.status, 1, r.stdout);
    assert.match(r.stderr, /PoseidonStylusFragmented: its code is over 24 KiB, so it deploys as 2 fragments and a root, which Nitro accepts from ArbOS 60; chain 412346 runs ArbOS 59 \(scripts\/chain\/devnode.sh upgrades a dev chain\)/);
    assert.equal(await rpc(old.url, "eth_getCode", [d.fragments[0].address, "latest"]), "0x", "nothing deployed");
  } finally {
    old.stop();
  }

  const node = await startFakeNitro(DEV_CHAIN_ID);
  try {
    cast("send", "--rpc-url", node.url, "--private-key", DEV_KEY, pad(0xff), "becomeChainOwner()");
    cast("send", "--rpc-url", node.url, "--private-key", DEV_KEY, pad(0x70), "setMaxStylusContractFragments(uint8)", "1");
    const r = run(DEPLOY, args(node.url), { env, timeout: 600_000 });
    assert.equal(r.status, 1, r.stdout);
    assert.match(
      r.stderr,
      /PoseidonStylusFragmented: its code needs 2 fragments; chain 412346 allows 1 \(ArbOwnerPublic.getMaxStylusContractFragments\(\)\); nothing was sent: deploy the rest with --skip PoseidonStylusFragmented/,
    );
    assert.equal(await rpc(node.url, "eth_getCode", [d.fragments[0].address, "latest"]), "0x", "nothing deployed");
    const unknown = run(DEPLOY, [...args(node.url), "--skip", "PoseidonStylusNone"], { env, timeout: 600_000 });
    assert.equal(unknown.status, 2, unknown.stdout);
    assert.match(unknown.stderr, /--skip PoseidonStylusNone: no such entry to deploy in /);
    cast("send", "--rpc-url", node.url, "--private-key", DEV_KEY, pad(0x70), "setMaxStylusContractFragments(uint8)", "2");

    // Roots that name the same fragments wrongly: Nitro's getWasmFromRootStylus fails on each.
    const { factory, salt } = registry.create2;
    for (const f of d.fragments) cast("send", "--rpc-url", node.url, "--private-key", DEV_KEY, factory, salt + f.initCode.slice(2));
    const wasmLength = readFileSync(join(big.wasmDir, "poseidon_fragmented.wasm")).length;
    const addresses = d.fragments.map((f) => f.address.slice(2).toLowerCase());
    const badRoots = [
      [wasmLength + 1, addresses, /decompressed length \d+ does not match expected length \d+/],
      [wasmLength - 1, addresses, /decompression failed/],
      // fragments out of order are a brotli stream that either fails or decodes to other bytes,
      // depending on the program's bytes: either way Nitro refuses the root
      [wasmLength, [...addresses].reverse(), /decompression failed|decompressed length \d+ does not match expected length \d+/],
    ];
    for (const [length, order, error] of badRoots) {
      const initCode = initCodeReturning("0xeff00200" + length.toString(16).padStart(8, "0") + order.join(""));
      cast("send", "--rpc-url", node.url, "--private-key", DEV_KEY, factory, salt + initCode.slice(2));
      const root = cast("create2", "--deployer", factory, "--salt", salt, "--init-code-hash", cast("keccak", initCode)).match(/0x[0-9a-fA-F]{40}/)[0];
      const activation = spawnSync(join(CAST_DIR, "cast"), ["call", "--rpc-url", node.url, "--from", DEV_ADDRESS, "--value", "1ether", pad(0x71), "activateProgram(address)", root], { encoding: "utf8" });
      assert.notEqual(activation.status, 0, `root with length ${length}`);
      assert.match(activation.stderr, /program activation failed/);
      assert.match(activation.stderr, error);
    }
    // A fragment alone cannot be activated.
    const alone = spawnSync(join(CAST_DIR, "cast"), ["call", "--rpc-url", node.url, "--from", DEV_ADDRESS, "--value", "1ether", pad(0x71), "activateProgram(address)", d.fragments[0].address], { encoding: "utf8" });
    assert.notEqual(alone.status, 0);
    assert.match(alone.stderr, /fragmented stylus programs cannot be activated directly/);
  } finally {
    node.stop();
  }
});

test("deploy: a node that will not simulate activations (Nitro >= v3.11.5): the data fee is capped by --max-data-fee, the gas limit covers the activation charge, ArbWasm refunds the rest", async () => {
  requireBuild();
  const dir = join(work, "no-simulation");
  mkdirSync(dir, { recursive: true });
  const t2 = registry.stylus.find((e) => e.name === "PoseidonStylusHash1");
  const registryFile = join(dir, "registry.json");
  writeFileSync(registryFile, JSON.stringify({ about: "test", create2: registry.create2, stylus: [t2], evm: [], examples: [] }));
  const program = expected().PoseidonStylusHash1;
  const env = stubCargo(dir);
  const node = await startFakeNitro(DEV_CHAIN_ID, { refuseOffchainActivation: true });
  try {
    const args = ["--rpc", node.url, "--registry", registryFile, "--skip-evm", "--out-dir", join(dir, "out"), "--no-cache"];
    const short = run(DEPLOY, [...args, "--max-data-fee", "1"], { env, timeout: 600_000 });
    assert.equal(short.status, 1, short.stdout);
    assert.match(short.stderr, /ArbWasm.activateProgram\(0x[0-9a-fA-F]{40}\)/);
    assert.equal(activations(node.url, program.codeHash), 0n);

    const r = run(DEPLOY, args, { env, timeout: 600_000 });
    assert.equal(r.status, 0, r.stderr + r.stdout);
    assert.match(
      r.stdout,
      /PoseidonStylusHash1: the node would not simulate the activation \(.*not allowed offchain.*\): sending up to 10000000000000000 wei \(--max-data-fee\) with a gas limit of 32000000 \(ActivationGas 2000000 of it, besides ArbWasm's fixed charge and the compile charge\)/,
    );
    assert.equal(activations(node.url, program.codeHash), 1n);
    // ArbWasm kept its data fee and returned the rest; the activation burnt its fixed charge and
    // ActivationGas, and said beforehand what the meter expects it to burn (compile included).
    assert.equal(BigInt(await rpc(node.url, "eth_getBalance", [pad(0x71), "latest"])), 1_234_567_890n);
    const tx = r.stdout.match(/^ok: ArbWasm.activateProgram\(0x[0-9a-fA-F]{40}\) tx (0x[0-9a-f]{64})$/m)[1];
    assert.ok(BigInt((await rpc(node.url, "eth_getTransactionReceipt", [tx])).gasUsed) > 1_659_168n + 2_000_000n);
    const burn = r.stdout.match(/^PoseidonStylusHash1: activation burns (\d+) gas by stylus-meter check \(ArbWasm's fixed 1659168 \+ ActivationGas 2000000 \+ fragment reads 0 \+ compile (\d+) \+ ArbWasm's bookkeeping (\d+)\), besides the transaction's 21,000 and calldata and the data fee$/m);
    assert.ok(burn, r.stdout);
    assert.equal(BigInt(burn[1]), 1_659_168n + 2_000_000n + BigInt(burn[2]) + BigInt(burn[3]));
  } finally {
    node.stop();
  }
});

// ------------------------------------------------- the gas report's Nitro measurement

const MEASURE_NITRO = join(ROOT, "scripts", "gas-report", "measure-nitro.mjs");

/** A (fake) Nitro dev node with the stub program at STUB_PROGRAM, named as every Stylus program. */
async function nodeWithStubProgram(dir) {
  const node = await startFakeNitro(DEV_CHAIN_ID, { legacy: true });
  const env = stubCargo(dir);
  const cast = (...args) => spawnSync(join(CAST_DIR, "cast"), args, { encoding: "utf8", timeout: 30_000 });
  // the stub cargo's `stylus deploy` puts the stub program in place
  assert.equal(spawnSync(join(dir, "bin", "cargo"), ["stylus", "deploy", "--endpoint", node.url]).status, 0);
  const deployments = join(dir, "deployments.json");
  const program = { address: STUB_PROGRAM, kind: "stylus" };
  writeFileSync(
    deployments,
    JSON.stringify({ contracts: Object.fromEntries(stylusEntries(loadRegistry()).map((entry) => [entry.name, program])) }),
  );
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

test("gas report (nitro): a code hash cached before the run never yields an uncached row", async () => {
  const dir = join(work, "measure-cached-before");
  const { node, cast, measure } = await nodeWithStubProgram(dir);
  try {
    // an earlier deploy.mjs cached this code
    const sent = cast("send", "--rpc-url", node.url, "--private-key", DEV_KEY, pad(0x72), "cacheProgram(address)", STUB_PROGRAM);
    assert.equal(sent.status, 0, sent.stderr);
    assert.equal(await isCached(node.url, STUB_PROGRAM), true);

    // not allowed to evict (a chain we do not own): the rows are left out, with the reason
    const refused = measure("--cached", "false");
    assert.deepEqual(refused.rows, []);
    assert.equal(refused.unmeasured.length, CALLS.length);
    for (const u of refused.unmeasured) {
      assert.equal(u.cached, false);
      assert.match(u.reason, /already cached on this chain .*only the chain owner or a cache manager can evict it/);
    }
    assert.equal(await isCached(node.url, STUB_PROGRAM), true, "nothing was evicted");

    // the dev chain: evicted first, then measured uncached, each call checked
    const evicted = measure("--cached", "false", "--evict");
    assert.deepEqual(evicted.unmeasured, []);
    assert.equal(evicted.rows.length, CALLS.length);
    assert.ok(evicted.rows.every((row) => row.cached === false && row.source === "nitro" && row.gas > 0));
    assert.match(evicted.stderr, /is cached; evicting it \(ArbWasmCache.evictCodehash\)/);
    assert.equal(await isCached(node.url, STUB_PROGRAM), false);

    // and a "cached" row is only measured while the code hash is cached
    const notCached = measure("--cached", "true");
    assert.deepEqual(notCached.rows, []);
    assert.ok(notCached.unmeasured.every((u) => u.cached === true && /is not cached/.test(u.reason)));
  } finally {
    node.stop();
  }
});

test("gas report (nitro): rows measured in the state they claim", async () => {
  const dir = join(work, "measure-states");
  const { node, cast, measure } = await nodeWithStubProgram(dir);
  try {
    const uncached = measure("--cached", "false");
    assert.equal(uncached.rows.length, CALLS.length);
    assert.ok(uncached.rows.every((row) => row.cached === false));
    assert.equal(cast("send", "--rpc-url", node.url, "--private-key", DEV_KEY, pad(0x72), "cacheProgram(address)", STUB_PROGRAM).status, 0);
    const cached = measure("--cached", "true");
    assert.equal(cached.rows.length, CALLS.length);
    assert.ok(cached.rows.every((row) => row.cached === true));
    assert.deepEqual(cached.unmeasured, []);
  } finally {
    node.stop();
  }
});

test("gas report (meta): with a Nitro node, the report says the node's ArbOS version (ArbSys.arbOSVersion()) beside the meter's", async () => {
  const node = await startFakeNitro(DEV_CHAIN_ID, { legacy: true, arbos: 60 });
  const dir = join(work, "meta-nitro");
  mkdirSync(dir, { recursive: true });
  try {
    const meta = spawnSync(process.execPath, [join(ROOT, "scripts", "gas-report", "meta.mjs"), "--stylus-source", "nitro", "--arbos", "61", "--nitro-rpc", node.url], { cwd: ROOT, encoding: "utf8" });
    assert.equal(meta.status, 0, meta.stderr);
    const doc = JSON.parse(meta.stdout);
    assert.deepEqual(doc.arbos, { model: 61, nitro: 60 });
    assert.match(doc.notes[0], /measured on a Nitro node running ArbOS 60 \(ArbSys.arbOSVersion\(\) − 55/);
    writeFileSync(join(dir, "meta.json"), meta.stdout);
    const rows = join(dir, "rows.json");
    writeFileSync(rows, JSON.stringify({ rows: [row({ section: "S", fn: "hash(1,2)", subject: subject.stylus("p"), gas: 4740, source: "nitro", cached: true })] }));
    const r = spawnSync(process.execPath, [join(ROOT, "scripts", "gas-report", "render.mjs"), "--out", join(dir, "out"), "--meta", join(dir, "meta.json"), rows], { encoding: "utf8" });
    assert.equal(r.status, 0, r.stderr);
    const report = readFileSync(join(dir, "out", "report.md"), "utf8");
    assert.match(report, /computed at ArbOS 61 \(`stylus-meter --arbos 61`: that version's rules\); `nitro` rows on a node running ArbOS 60 \(`ArbSys.arbOSVersion\(\)` − 55\)\./);
    assert.deepEqual(JSON.parse(readFileSync(join(dir, "out", "gas.json"), "utf8")).arbos, { model: 61, nitro: 60 });
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
      rows: [row({ section: "S", fn: "hash(1,2)", subject: subject.stylus("p"), gas: 5321, source: "nitro", cached: true })],
      unmeasured: [{ section: "S", fn: "hash(1,2)", subject: subject.stylus("p"), cached: false, source: "nitro", reason: "code hash 0xab is already cached" }],
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
  const chart = readFileSync(join(dir, "out", "gas-s.svg"), "utf8");
  assert.equal(chart.match(/\(uncached\)/g), null, "no bar for the unmeasured row");
});
