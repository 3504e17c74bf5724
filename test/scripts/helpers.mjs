// Helpers for the script tests (test/scripts/*.test.mjs): the Foundry binaries, free ports, JSON-RPC,
// and anvils (or other child processes) that are killed with their process group when the tests end.
import { after } from "node:test";
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { createServer } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { foundryBin } from "../../scripts/lib/foundry.mjs";

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

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
