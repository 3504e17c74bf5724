// Helpers for the script tests (test/scripts/*.test.mjs): the Foundry binaries, free ports, JSON-RPC,
// and anvils (or other child processes) that are killed with their process group when the tests end.
import { after } from "node:test";
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { foundryBin } from "../../scripts/lib/foundry.mjs";

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

/** `n` as unsigned LEB128 (WASM's integer encoding), for tests that write modules by hand. */
export function uleb128(n) {
  const out = [];
  do {
    let byte = n & 0x7f;
    n >>>= 7;
    if (n) byte |= 0x80;
    out.push(byte);
  } while (n);
  return out;
}

// The Foundry binary itself: npm's node_modules/.bin wrappers exit 0 whatever the tool returned.
export { foundryBin };

/** Runs cast; fails the test unless it succeeds; returns its trimmed output. */
export function cast(...args) {
  const r = spawnSync(foundryBin("cast"), args, { encoding: "utf8", timeout: 60_000, maxBuffer: 64 << 20 });
  assert.equal(r.status, 0, `cast ${args.slice(0, 2).join(" ")}: ${r.stderr}`);
  return r.stdout.trim();
}

// Each child gets its own process group (an npm wrapper and the binary it starts), killed whole.
const children = new Set();
export function track(child) {
  children.add(child);
  return child;
}
export function kill(child) {
  try {
    process.kill(-child.pid, "SIGKILL");
  } catch {
    // already gone
  }
  children.delete(child);
}
after(() => {
  for (const child of children) kill(child);
});
process.on("exit", () => {
  for (const child of children) kill(child);
});

export async function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export async function rpc(url, method, params = []) {
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
export async function startAnvil(chainId, extraArgs = []) {
  const port = await freePort();
  const args = ["--port", String(port), "--silent", ...extraArgs];
  if (chainId) args.push("--chain-id", String(chainId));
  const child = track(spawn(join(ROOT, "node_modules", ".bin", "anvil"), args, { stdio: "ignore", detached: true }));
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

/**
 * EVM init code that returns `code` (0x-hex): PUSH32 length, DUP1, PUSH1 43, PUSH1 0, CODECOPY,
 * PUSH1 0, RETURN, a 0x00 byte, then the code at offset 43. The layout `stylus-meter deployment`
 * writes (and cargo-stylus's deployment calldata), written out again here as the tests' own oracle.
 */
export function initCodeReturning(code) {
  const hex = code.replace(/^0x/, "");
  return "0x7f" + (hex.length / 2).toString(16).padStart(64, "0") + "80602b6000396000f300" + hex;
}

/** `pid`'s start time (/proc), so a reused pid is not taken for the process that had it before. */
function started(pid) {
  try {
    return readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ")[19];
  } catch {
    return null;
  }
}

/**
 * The npm package's tarball (scripts/chain/npm-package.mjs), built once for every test file of one
 * `node --test` run: the files are that runner's children, so they share target/test-npm/<its pid and
 * start time>/; the first to ask builds it, the others wait for it. A file run alone builds its own.
 */
export async function packagedTarball() {
  const runs = join(ROOT, "target", "test-npm");
  const run = `${process.ppid}-${started(process.ppid)}`;
  mkdirSync(runs, { recursive: true });
  for (const old of readdirSync(runs)) {
    const [pid, start] = old.split("-");
    if (old !== run && started(pid) !== start) rmSync(join(runs, old), { recursive: true, force: true });
  }
  const dir = join(runs, run);
  const [done, failed] = [join(dir, "tarball"), join(dir, "failed")];
  try {
    mkdirSync(dir);
  } catch (e) {
    if (e.code !== "EEXIST") throw e;
    for (let waited = 0; !existsSync(done) && !existsSync(failed); waited += 200) {
      if (waited > 300_000) throw new Error(`no tarball in ${dir} after 5 minutes`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    if (existsSync(failed)) throw new Error(`the npm package did not build (another test file's run): ${readFileSync(failed, "utf8")}`);
    return readFileSync(done, "utf8");
  }
  try {
    const { buildPackage } = await import("../../scripts/chain/npm-package.mjs");
    const tarball = buildPackage(dir);
    writeFileSync(done, tarball);
    return tarball;
  } catch (e) {
    writeFileSync(failed, e.message);
    throw e;
  }
}
