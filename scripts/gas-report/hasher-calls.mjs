#!/usr/bin/env node
// The calls a mined transaction made to one contract (the hasher), as the node traced them, each with
// the hasher's own execution gas for that exact calldata. scripts/evm-gas.sh records them for the
// example tree's inserts so that scripts/gas-report/model-tree.mjs can swap the Yul hasher for the
// Stylus program without assuming the calls' shape (how many, which function, which arguments).
//
// For each call the transaction made to --hasher (found in debug_traceTransaction's callTracer output,
// at any depth), the same calldata is sent again as a transaction straight to the hasher:
//   execution_gas = gasUsed − 21,000 − calldata_gas   (calldata_gas: 16 per nonzero byte, 4 per zero byte)
// i.e. the gas the hasher's code burns on that input, nothing of the caller. The call frame's gasUsed
// in the trace must agree (it is checked): both are the callee's execution alone.
//
// Usage: node scripts/gas-report/hasher-calls.mjs --rpc URL --from ADDRESS --hasher ADDRESS --tx HASH
// Prints {"calls": [{"type", "calldata", "calldata_gas", "execution_gas"}]}. Needs an unlocked --from
// (anvil's accounts) and a node with debug_traceTransaction (anvil has it).
import fs from "node:fs";

const args = process.argv.slice(2);
const option = (name) => {
  const i = args.indexOf(name);
  if (i < 0 || i + 1 >= args.length) {
    console.error(`hasher-calls: ${name} is required`);
    process.exit(2);
  }
  return args[i + 1];
};
const [rpcUrl, from, hasher, tx] = ["--rpc", "--from", "--hasher", "--tx"].map(option);

async function rpc(method, params) {
  const response = await fetch(rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  const body = await response.json();
  if (body.error) throw new Error(`hasher-calls: ${method}: ${body.error.message}`);
  return body.result;
}

/** EIP-2028 calldata gas: 16 per nonzero byte, 4 per zero byte. */
function calldataGas(hex) {
  const bytes = Buffer.from(hex.replace(/^0x/, ""), "hex");
  return bytes.reduce((gas, byte) => gas + (byte === 0 ? 4 : 16), 0);
}

/** Every frame of a callTracer trace whose callee is `address`, in execution order. */
function framesTo(frame, address, out = []) {
  if (frame.to?.toLowerCase() === address.toLowerCase()) out.push(frame);
  for (const child of frame.calls ?? []) framesTo(child, address, out);
  return out;
}

async function directExecutionGas(data) {
  const hash = await rpc("eth_sendTransaction", [{ from, to: hasher, data }]);
  let receipt = null;
  for (let i = 0; i < 100 && receipt === null; i++) {
    receipt = await rpc("eth_getTransactionReceipt", [hash]);
    if (receipt === null) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  if (receipt === null) throw new Error(`hasher-calls: no receipt for the direct call ${hash}`);
  if (Number(receipt.status) !== 1) throw new Error(`hasher-calls: the direct call to the hasher reverted (${hash})`);
  return Number(BigInt(receipt.gasUsed)) - 21000 - calldataGas(data);
}

const trace = await rpc("debug_traceTransaction", [tx, { tracer: "callTracer" }]);
const frames = framesTo(trace, hasher);
if (frames.length === 0) throw new Error(`hasher-calls: transaction ${tx} made no call to ${hasher}`);
const calls = [];
for (const frame of frames) {
  if (frame.error) throw new Error(`hasher-calls: the traced call to the hasher failed: ${frame.error}`);
  const executionGas = await directExecutionGas(frame.input);
  const traced = Number(BigInt(frame.gasUsed));
  if (traced !== executionGas) {
    throw new Error(`hasher-calls: the trace says the hasher used ${traced} gas, the direct transaction ${executionGas}`);
  }
  calls.push({ type: frame.type, calldata: frame.input, calldata_gas: calldataGas(frame.input), execution_gas: executionGas });
}
fs.writeSync(1, JSON.stringify({ calls }) + "\n");
