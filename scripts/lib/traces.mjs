// The local anvil the gas report runs its apps on: calls and transactions from an unlocked account
// over viem's JSON-RPC transport, and the traces the report composes figures from.
import { createPublicClient, http } from "viem";

/** A client for `url`: `call(method, params)` is the node's result (or its error, thrown); `send(tx)` sends from `tx.from` (unlocked) and resolves to the mined receipt, throwing if it reverted. */
export function client(url) {
  const node = createPublicClient({ transport: http(url), pollingInterval: 10 });
  const call = (method, params = []) => node.request({ method, params });
  async function send(tx, what = tx.to ?? "a creation") {
    const hash = await call("eth_sendTransaction", [tx]);
    const mined = await node.waitForTransactionReceipt({ hash, pollingInterval: 10 });
    if (mined.status !== "success") throw new Error(`transaction reverted: ${what} (${hash})`);
    return mined;
  }
  return { call, send };
}

/**
 * The EIP-3529 refund counter of a mined transaction whose every storage slot is written at most
 * once: 4,800 for each slot it clears (nonzero before, zero after), read from the prestateTracer's
 * diff. (A slot written twice could earn other refunds; the callers' contracts do not do that:
 * test/apps checks it.)
 */
export async function clearedSlotsRefund(rpc, hash) {
  const diff = await rpc.call("debug_traceTransaction", [hash, { tracer: "prestateTracer", tracerConfig: { diffMode: true } }]);
  let cleared = 0;
  for (const [address, before] of Object.entries(diff.pre ?? {})) {
    const after = diff.post?.[address]?.storage ?? {};
    for (const [slot, value] of Object.entries(before.storage ?? {})) {
      const now = after[slot] ?? "0x0";
      if (BigInt(value) !== 0n && BigInt(now) === 0n) cleared++;
    }
  }
  return cleared * 4800;
}

/** Every frame of a callTracer trace whose callee is `address`, in execution order. */
export function framesTo(frame, address, out = []) {
  if (frame.to?.toLowerCase() === address.toLowerCase()) out.push(frame);
  for (const child of frame.calls ?? []) framesTo(child, address, out);
  return out;
}
