// A minimal JSON-RPC client for the local nodes the scripts start (anvil): calls, transactions from an
// unlocked account with their receipts, and the traces the gas report composes figures from.

/** A client for `url`; `rpc.call(method, params)` resolves to the result or throws the node's error. */
export function client(url) {
  let id = 0;
  async function call(method, params = []) {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: ++id, method, params }),
    });
    const body = await response.json();
    if (body.error) throw new Error(`${method}: ${body.error.message ?? JSON.stringify(body.error)}`);
    return body.result;
  }

  /** The mined receipt of `hash` (anvil answers eth_sendTransaction before it mines). */
  async function receipt(hash) {
    for (let i = 0; i < 2000; i++) {
      const found = await call("eth_getTransactionReceipt", [hash]);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`no receipt for ${hash}`);
  }

  /** Sends `tx` from `tx.from` (unlocked) and resolves to its receipt; throws if it reverted. */
  async function send(tx, what = tx.to ?? "a creation") {
    const hash = await call("eth_sendTransaction", [tx]);
    const mined = await receipt(hash);
    if (Number(mined.status) !== 1) throw new Error(`transaction reverted: ${what} (${hash})`);
    return mined;
  }

  return { call, send, receipt };
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
