#!/usr/bin/env node
// The calls a mined transaction made to one contract (the hasher), as the node traced them, each with
// the hasher's own execution gas for that exact calldata. scripts/gas-report/evm-gas.sh records them for the
// example tree's inserts so that scripts/gas-report/model-stylus.mjs can swap the Yul hasher for the
// Stylus program without assuming the calls' shape (how many, which function, which arguments).
//
// For each call the transaction made to --hasher (found in debug_traceTransaction's callTracer output,
// at any depth), the same calldata is sent again as a transaction straight to the hasher:
//   execution_gas = gasUsed − 21,000 − calldata_gas   (calldata_gas: 16 per nonzero byte, 4 per zero byte)
// i.e. the gas the hasher's code burns on that input, nothing of the caller. The call frame's gasUsed
// in the trace must agree (it is checked): both are the callee's execution alone. Each call also keeps
// the frame's output (the return data), which the Stylus program must return for the same calldata
// (scripts/gas-report/compose-stylus.mjs checks it).
//
// It also gives the transaction's refund counter (EIP-3529 storage clears, scripts/lib/traces.mjs), which
// the composition needs (scripts/gas-report/compose-stylus.mjs).
//
// Usage: node scripts/gas-report/hasher-calls.mjs --rpc URL --from ADDRESS --hasher ADDRESS --tx HASH
// Prints {"calls": [{"type", "calldata", "calldata_gas", "execution_gas", "output"}], "refund"}. Needs an unlocked --from
// (anvil's accounts) and a node with debug_traceTransaction (anvil has it).
import fs from "node:fs";
import { client, clearedSlotsRefund, framesTo } from "../lib/traces.mjs";
import { calldataGas } from "../lib/hash-gas.mjs";
import { parseOptions } from "../lib/args.mjs";

const { values } = parseOptions({ rpc: { type: "string" }, from: { type: "string" }, hasher: { type: "string" }, tx: { type: "string" } },
  { required: ["rpc", "from", "hasher", "tx"] },
);
const { rpc: rpcUrl, from, hasher, tx } = values;

const rpc = client(rpcUrl);

async function directExecutionGas(data) {
  const receipt = await rpc.send({ from, to: hasher, data }, "the direct call to the hasher");
  return Number(BigInt(receipt.gasUsed)) - 21000 - calldataGas(data);
}

const trace = await rpc.call("debug_traceTransaction", [tx, { tracer: "callTracer" }]);
const refund = await clearedSlotsRefund(rpc, tx);
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
  // The hasher returns what the Stylus program must return for the same calldata (nodesFromPath:
  // an array, so more than one word); a frame without it could not be checked.
  if (!/^0x([0-9a-fA-F]{64})+$/.test(frame.output ?? "")) {
    throw new Error(`hasher-calls: a call into the hasher returned ${frame.output} (not whole words) to ${frame.input.slice(0, 10)}…`);
  }
  calls.push({
    type: frame.type,
    calldata: frame.input,
    calldata_gas: calldataGas(frame.input),
    execution_gas: executionGas,
    output: frame.output.toLowerCase(),
  });
}
fs.writeSync(1, JSON.stringify({ calls, refund }) + "\n");
