// The gas of the first call a user makes, `hash(1,2)` on the T3 program (poseidon_stylus.wasm), read
// from gas-report/gas.json for README.md and the npm package's README, never typed: the report's
// transaction figure (gas − 21,000, calldata included) and the program's frame, what a contract's
// call pays inside the program and what forge's `vm.lastCallGas()` reads on the package's stand-in.
// The frame is derived: the transaction figure minus the call's calldata gas (EIP-2028), and checked
// against the report's in-frame row of the same program when there is one.
import { encodeFunctionData, parseAbiItem } from "viem";
import { SECTIONS, find, one } from "../gas-report/rows.mjs";

export const HASH_CALL = { fn: "hash(1,2)", signature: "function hash(uint256,uint256)", args: [1n, 2n] };
const DEPLOYABLE = "poseidon_stylus";

/** EIP-2028 calldata gas: 16 per nonzero byte, 4 per zero byte. */
export function calldataGas(hex) {
  const bytes = hex.replace(/^0x/, "").match(/../g) ?? [];
  return bytes.reduce((sum, byte) => sum + (byte === "00" ? 4 : 16), 0);
}

/** {cached, uncached, calldata, calldataBytes, frameCached, frameUncached, source} of `hash(1,2)`, from the report's rows. */
export function hashGas(rows) {
  const query = { section: SECTIONS.circomlib, fn: HASH_CALL.fn, kind: "stylus", deployable: DEPLOYABLE, app: null };
  const cached = one(rows, { ...query, cached: true }, `${DEPLOYABLE} ${HASH_CALL.fn}, cached`);
  const uncached = one(rows, { ...query, cached: false }, `${DEPLOYABLE} ${HASH_CALL.fn}, uncached`);
  const data = encodeFunctionData({ abi: [parseAbiItem(HASH_CALL.signature)], args: HASH_CALL.args });
  const calldata = calldataGas(data);
  const figures = {
    cached: cached.gas,
    uncached: uncached.gas,
    calldata,
    calldataBytes: (data.length - 2) / 2,
    frameCached: cached.gas - calldata,
    frameUncached: uncached.gas - calldata,
    source: cached.source,
  };
  // The in-frame row (a path's hashes, each a cached frame by the recent-program rule) must agree.
  for (const row of find(rows, { section: SECTIONS.circomlib, kind: "stylus", deployable: DEPLOYABLE })) {
    const measured = row.detail?.later_frame;
    if (measured !== undefined && measured !== figures.frameCached) {
      throw new Error(`hash-gas: ${HASH_CALL.fn}'s frame is ${figures.frameCached} (${cached.gas} − ${calldata} of calldata), the row "${row.fn}" says ${measured}`);
    }
  }
  return figures;
}
