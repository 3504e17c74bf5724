// A JSON-RPC front for an anvil that stands in for a Nitro node where Stylus makes Nitro's EVM differ
// (test/scripts/nitro-scripts.test.mjs starts it as a process of its own, so the tests can wait for
// the scripts synchronously):
// - code that starts with one of Nitro's Stylus prefixes can be created (Nitro exempts them from
//   EIP-3541, which makes anvil refuse any code starting with 0xEF; go-ethereum core/state
//   statedb_arbitrum.go): a program 0xEFF000, and from ArbOS 60 a fragment 0xEFF001 or a root
//   0xEFF002. A transaction to the CREATE2 factory whose init code returns such code (run on a
//   pre-London anvil to see) is mined, and the code is put at its CREATE2 address;
// - a call to a program or a root runs the program: its WASM (decompressed; a root's reassembled from
//   its fragments as Nitro's getWasmFromRootStylus does) runs through the meter, once ArbWasm (the
//   fake at 0x71) says its code hash is active; otherwise the call reverts with ArbWasm's error, as
//   Nitro's does. A call to a fragment is left to anvil, whose EVM fails on 0xEF, as Nitro's does;
// - ArbWasm.activateProgram is checked as Nitro's activation checks the module: the WASM must
//   reassemble to the root's length and pass `stylus-meter check` at the chain's ArbOS version; a transaction that would fail
//   there is refused with Nitro's message (Nitro would mine it and revert). With
//   --refuse-offchain-activation, eth_call and eth_estimateGas of an activation fail, as on Nitro
//   v3.11.5 and later by default ("Stylus activation is refused for eth_call and eth_estimateGas by
//   default"; the message here is the fake's own).
// - web3_clientVersion answers as a Nitro node names itself ("nitro/v3.11.3-beb2108/linux-amd64/go1.25",
//   the release that runs ArbOS 61), or as --client-version says.
// Everything else goes to anvil unchanged.
//
//   node stylus-front.mjs UPSTREAM_URL BERLIN_URL FACTORY METER CAST WORK_DIR [--refuse-offchain-activation]
//     [--client-version TEXT]
// prints "listening http://127.0.0.1:PORT" and serves until killed.
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { join } from "node:path";
import { brotliDecompressSync } from "node:zlib";

const [upstream, berlin, factoryArg, meter, castBin, work, ...flags] = process.argv.slice(2);
const factory = factoryArg.toLowerCase();
const refuseOffchainActivation = flags.includes("--refuse-offchain-activation");
const clientVersion = flags.includes("--client-version") ? flags[flags.indexOf("--client-version") + 1] : "nitro/v3.11.3-beb2108/linux-amd64/go1.25";
const ARB_WASM = "0x0000000000000000000000000000000000000071";
const STOP = "0x00";

const cast = (...args) => execFileSync(castBin, args, { encoding: "utf8", maxBuffer: 64 << 20 }).trim();
const SELECTOR_CODEHASH_VERSION = cast("sig", "codehashVersion(bytes32)");
const SELECTOR_ACTIVATE_PROGRAM = cast("sig", "activateProgram(address)");

async function send(url, message) {
  const request = { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(message) };
  try {
    return await (await fetch(url, request)).json();
  } catch {
    // once more on a fresh connection: a pooled keep-alive socket may have been closed meanwhile
    return (await fetch(url, { ...request, keepalive: false })).json();
  }
}
async function rpc(url, method, params) {
  const body = await send(url, { jsonrpc: "2.0", id: 1, method, params });
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result;
}

// Nitro's Stylus prefixes (go-ethereum core/state/statedb_arbitrum.go).
const PROGRAM = "0xeff000";
const FRAGMENT = "0xeff001";
const ROOT = "0xeff002";
/** Code Nitro lets a contract have although it starts with 0xEF. */
const isStylusCode = (code) => [PROGRAM, FRAGMENT, ROOT].some((prefix) => code.toLowerCase().startsWith(prefix));
/** Code Nitro runs as a Stylus program: a program or a root (a fragment is not callable). */
const isCallableStylus = (code) => [PROGRAM, ROOT].some((prefix) => code.toLowerCase().startsWith(prefix));

/**
 * The WASM of a program or a root, as Nitro reads it (arbos/programs/programs.go
 * getWasmFromClassicStylus, getWasmFromRootStylus): a program is prefix ‖ dictionary ‖ brotli; a
 * root is 0xEFF002 ‖ dictionary ‖ decompressed length (4 bytes) ‖ fragment addresses, whose
 * payloads (each fragment's code after 0xEFF001) are concatenated in order and decompressed to
 * exactly that length. Only the empty dictionary (0) is known here. Throws Nitro's error.
 */
async function wasmOf(code) {
  const hex = code.toLowerCase().slice(2);
  const dictionary = hex.slice(6, 8);
  if (dictionary !== "00") throw new Error(`unsupported dictionary type: ${parseInt(dictionary, 16)} (the fake knows only 0)`);
  if (code.toLowerCase().startsWith(PROGRAM)) return brotliDecompressSync(Buffer.from(hex.slice(8), "hex"));
  const length = parseInt(hex.slice(8, 16), 16);
  const addresses = hex.slice(16);
  if (addresses.length % 40 !== 0) throw new Error(`stylus program root address data has invalid length: ${addresses.length / 2}`);
  if (addresses.length === 0) throw new Error("invalid wasm: fragment count cannot be zero");
  const payloads = [];
  for (let at = 0; at < addresses.length; at += 40) {
    const fragment = (await rpc(upstream, "eth_getCode", ["0x" + addresses.slice(at, at + 40), "latest"])).toLowerCase();
    if (!fragment.startsWith(FRAGMENT) || fragment.length <= FRAGMENT.length) throw new Error("specified bytecode is not a Stylus program fragment");
    payloads.push(Buffer.from(fragment.slice(FRAGMENT.length), "hex"));
  }
  let wasm;
  try {
    wasm = brotliDecompressSync(Buffer.concat(payloads), { maxOutputLength: length });
  } catch (e) {
    throw new Error(`decompression failed: ${e.message}`);
  }
  if (wasm.length !== length) throw new Error(`invalid wasm: decompressed length ${wasm.length} does not match expected length ${length}`);
  return wasm;
}

/** Waits (up to a minute) until `hash` is mined upstream. */
async function minedReceipt(hash) {
  for (let waited = 0; waited < 60_000; waited += 50) {
    if (await rpc(upstream, "eth_getTransactionReceipt", [hash])) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`stylus-front: ${hash} was not mined within a minute`);
}
// What init code returns, run on the pre-London anvil; "0x" when it reverts there (e.g. EVM code using
// PUSH0, which is not Stylus code anyway).
async function initCodeOutput(initCode) {
  const body = await send(berlin, { jsonrpc: "2.0", id: 1, method: "eth_call", params: [{ data: initCode, gas: "0x1c9c380" }, "latest"] });
  return body.error ? "0x" : body.result;
}

/** The chain's ArbOS version (ArbSys.arbOSVersion() - 55): the rules the meter applies here. */
async function arbos() {
  return String(Number(BigInt(await rpc(upstream, "eth_call", [{ to: "0x0000000000000000000000000000000000000064", data: "0x051038f2" }, "latest"]))) - 55);
}

const wasmFiles = new Map();
/** The file holding the WASM of the program or root at `address` (written once per code hash). */
async function wasmFile(address) {
  const codehash = (await rpc(upstream, "eth_getProof", [address, [], "latest"])).codeHash;
  if (!wasmFiles.has(codehash)) {
    const file = join(work, `program-${codehash.slice(2, 18)}.wasm`);
    writeFileSync(file, await wasmOf(await rpc(upstream, "eth_getCode", [address, "latest"])));
    wasmFiles.set(codehash, file);
  }
  return { codehash, file: wasmFiles.get(codehash) };
}

/** Why Nitro would refuse to activate the program at `address`, or null when it would not. */
async function activationRefusal(address) {
  const code = await rpc(upstream, "eth_getCode", [address, "latest"]);
  if (!isCallableStylus(code)) return null; // ArbWasm (the fake) answers for the rest
  try {
    const { file } = await wasmFile(address);
    execFileSync(meter, ["check", "--arbos", await arbos(), "--wasm", file], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
    return null;
  } catch (e) {
    return `program activation failed: ${String(e.stderr ?? "").trim() || e.message}`;
  }
}

/** Runs the program at `to` on `calldata`: { result, gas } or { error } as Nitro would answer. */
async function runProgram(to, calldata) {
  const codehash = (await rpc(upstream, "eth_getProof", [to, [], "latest"])).codeHash;
  const active = await send(upstream, {
    jsonrpc: "2.0",
    id: 1,
    method: "eth_call",
    params: [{ to: ARB_WASM, data: SELECTOR_CODEHASH_VERSION + codehash.slice(2) }, "latest"],
  });
  if (active.error) return { error: active.error };
  const { file } = await wasmFile(to);
  let out;
  try {
    out = JSON.parse(execFileSync(meter, ["call", "--arbos", await arbos(), "--wasm", file, "--calldata", calldata, "--json"], { encoding: "utf8" }));
  } catch (e) {
    return { error: { code: -32000, message: `stylus-meter: ${String(e.stderr).trim()}` } };
  }
  if (out.outcome === "success") return { result: out.returndata, gas: out.gas.uncached_call };
  if (out.outcome === "revert") return { error: { code: 3, message: "execution reverted", data: out.returndata } };
  return { error: { code: -32000, message: "the Stylus program trapped" } };
}

async function handle(message) {
  const { id, method, params = [] } = message;
  const reply = (body) => ({ jsonrpc: "2.0", id, ...body });
  const call = params[0] ?? {};
  const data = call.data ?? call.input;
  const activates = (to, input) => to?.toLowerCase() === ARB_WASM && input?.toLowerCase().startsWith(SELECTOR_ACTIVATE_PROGRAM);
  if (method === "web3_clientVersion") return reply({ result: clientVersion });
  if ((method === "eth_call" || method === "eth_estimateGas") && activates(call.to, data)) {
    if (refuseOffchainActivation) return reply({ error: { code: -32000, message: "stylus activation is not allowed offchain (eth_call, eth_estimateGas)" } });
    const refusal = await activationRefusal("0x" + data.slice(34, 74));
    if (refusal) return reply({ error: { code: -32000, message: refusal } });
  }
  if ((method === "eth_call" || method === "eth_estimateGas") && call.to) {
    if (isCallableStylus(await rpc(upstream, "eth_getCode", [call.to, "latest"]))) {
      const out = await runProgram(call.to, data ?? "0x");
      if (out.error) return reply({ error: out.error });
      return reply({ result: method === "eth_call" ? out.result : "0x" + (out.gas + 21_000 + 50_000).toString(16) });
    }
  }
  if (method === "eth_estimateGas" && call.to?.toLowerCase() === factory && data) {
    if (isStylusCode(await initCodeOutput("0x" + data.slice(66)))) return reply({ result: "0x1000000" });
  }
  if (method === "eth_sendRawTransaction") {
    let tx = JSON.parse(cast("decode-transaction", params[0]));
    if (typeof tx === "string") tx = JSON.parse(tx);
    if (activates(tx.to, tx.input)) {
      const refusal = await activationRefusal("0x" + tx.input.slice(34, 74));
      if (refusal) return reply({ error: { code: -32000, message: refusal } });
    }
    if (tx.to?.toLowerCase() === factory) {
      const salt = tx.input.slice(0, 66);
      const initCode = "0x" + tx.input.slice(66);
      const code = await initCodeOutput(initCode);
      const address = cast("create2", "--deployer", factory, "--salt", salt, "--init-code-hash", cast("keccak", initCode))
        .split(/\s+/)
        .find((word) => /^0x[0-9a-fA-F]{40}$/.test(word));
      if (isStylusCode(code) && (await rpc(upstream, "eth_getCode", [address, "latest"])) === "0x") {
        // Mined by a factory that accepts anything, then the code goes where CREATE2 puts it.
        const factoryCode = await rpc(upstream, "eth_getCode", [factory, "latest"]);
        await rpc(upstream, "anvil_setCode", [factory, STOP]);
        const sent = await send(upstream, message);
        // anvil answers with the hash before it mines the block: restoring the factory first would let
        // the real factory run the CREATE2 (and refuse 0xEF code) under load.
        if (sent.result) await minedReceipt(sent.result);
        await rpc(upstream, "anvil_setCode", [factory, factoryCode]);
        await rpc(upstream, "anvil_setCode", [address, code]);
        return sent;
      }
    }
  }
  return send(upstream, message);
}

const server = createServer((request, response) => {
  let body = "";
  request.on("data", (chunk) => (body += chunk));
  request.on("end", async () => {
    try {
      const message = JSON.parse(body);
      const answer = Array.isArray(message) ? await Promise.all(message.map(handle)) : await handle(message);
      response.setHeader("content-type", "application/json");
      response.end(JSON.stringify(answer));
    } catch (e) {
      response.statusCode = 500;
      response.end(String(e));
    }
  });
});
// Idle connections stay open longer than the scripts' pauses, so clients never reuse a closed one.
server.keepAliveTimeout = 10 * 60_000;
server.headersTimeout = server.keepAliveTimeout + 1000;
server.listen(0, "127.0.0.1", () => console.log(`listening http://127.0.0.1:${server.address().port}`));
