// The one way the report composes a transaction over a Stylus program that it cannot run (anvil runs
// no WASM), used for every such row (scripts/gas-report/model-stylus.mjs): the example tree and the
// apps. Source "model", labelled with the ArbOS version the meter priced at.
//
// The same transaction is run on anvil over an EVM hasher and traced. Then, with every figure in gas:
//   S      = gasUsed + R                  the gas spent before the refund (gasUsed from the receipt)
//   E      = S − Σ F_i                    the EVM part: everything but the hasher's own execution
//   F_i    = gasUsed of each call frame into the hasher (callTracer). The CALL/STATICCALL/DELEGATECALL
//            opcode's account access (cold 2,600 or warm 100), argument memory and return copy are
//            the caller's, so they stay in E, as they do on Arbitrum around a program call
//   P_i    = the program's frame for the same calldata, as a call from a contract, by the meter's
//            `calls` (all of the transaction's calls in order, in one run):
//            cached init + memory + execution (no transaction calldata gas, no 21,000);
//            memory: the meter carries the transaction's open pages from call to call, as Nitro does,
//            so a call pays for the pages it opens given those the earlier calls opened;
//            init: a cached program pays none; an uncached one pays it on every call before ArbOS 60,
//            and from ArbOS 60 only on its first call in the block: a program called earlier in the
//            same block is charged as cached (the recent-program rule is per block, not per
//            transaction; each transaction is composed as if its block held no other call to it)
//          and its return data must equal the EVM hasher frame's output, byte for byte, or composing
//          fails naming the row, the transaction and the frame: every composed row also proves the
//          program returns the hashes the stock library returned in that transaction
//   S'     = E + Σ P_i
//   R      = the refund counter (EIP-3529 storage clears; the same storage writes either way)
//   G      = S' − min(R, ⌊S'/5⌋) − 21,000   the row's figure, as the report's other rows (gasUsed − 21,000)
// The EIP-3529 cap (a fifth of the gas spent) is applied to S', and the anvil transaction must not
// have been capped (R ≤ ⌊S/5⌋; else R is not known exactly and composing fails).
// Two runs over two EVM hashers (stock, Yul) must give the same E, the same calls and the same outputs
// for every transaction (scripts/gas-report/model-stylus.mjs).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** The method in one paragraph, for the report. */
export const METHOD =
  "A Stylus-linked row is composed, not run (anvil runs no WASM): the same transaction over an EVM hasher on anvil, " +
  "traced (callTracer); its EVM part is the gas spent before the refund (gasUsed + refund counter) minus the gasUsed of " +
  "each call frame into the hasher (the CALL/DELEGATECALL's account access and memory stay in the EVM part, as on " +
  "Arbitrum); plus, for each of those calls, the Stylus program's frame as a call from a contract, priced by the meter " +
  "(`stylus-meter calls`, the transaction's calls in order: cached init + memory + execution; no calldata gas). Memory: " +
  "the meter carries the transaction's open pages from call to call, so each call pays for the pages it opens given " +
  "those the earlier calls opened. Init: a cached program pays none; an uncached one pays it on every call before ArbOS " +
  "60, and from ArbOS 60 only on its first call in the block, a program called earlier in the same block being charged " +
  "as cached (the recent-program rule is per block, not per transaction; each transaction is composed as if its block " +
  "held no other call to the program). Then the EIP-3529 refund, capped at a " +
  "fifth of the new total; minus 21,000. The EVM part, the calls and their outputs must be equal over the stock and the " +
  "Yul hasher, and the program's return data must equal each frame's output, byte for byte: every Stylus row also " +
  "checks that the linked program returns the stock library's hashes. scripts/gas-report/compose-stylus.mjs.";

/** ⌊x / 5⌋: the EIP-3529 refund cap. */
const cap = (spent) => Math.floor(spent / 5);

/**
 * Composes one transaction. `tx`: {gas (gasUsed − 21,000), refund (counter), frames: [{calldata,
 * gas_used}]}; `programFrames`: the program's frame gas for each of those calldata, in order.
 */
export function composeTransaction(tx, programFrames) {
  if (programFrames.length !== tx.frames.length) throw new Error("compose: one program frame per hasher frame");
  const spent = tx.gas + 21000 + tx.refund;
  if (tx.refund > cap(spent)) throw new Error(`compose: the anvil transaction's refund ${tx.refund} was capped (spent ${spent})`);
  const hasher = tx.frames.reduce((sum, frame) => sum + frame.gas_used, 0);
  const evm = spent - hasher;
  const program = programFrames.reduce((sum, gas) => sum + gas, 0);
  const stylusSpent = evm + program;
  const refund = Math.min(tx.refund, cap(stylusSpent));
  return {
    gas: stylusSpent - refund - 21000,
    evm_part: evm - 21000,
    hasher_gas: hasher,
    program_gas: program,
    refund,
    refund_capped: refund < tx.refund,
  };
}

/**
 * Prices a transaction's calls to one program, each as a call from a contract, in order, by the
 * meter's `calls` (the chain's rules for repeated calls at --arbos), and checks each call's return
 * data against the EVM hasher's. `price(frames, where)`: `frames` [{calldata, output}] in the
 * transaction's order, `where` names the transaction in errors (e.g. "LeanIMT update, size 1,200,
 * transaction 0"). Returns {frames: [in-frame gas], arbos}.
 */
export function framePricer({ meter, wasm, cached = true, arbos = null }) {
  const version = arbos === null ? [] : ["--arbos", String(arbos)];
  const run = (args) => {
    const result = spawnSync(meter, args, { encoding: "utf8", maxBuffer: 1 << 28 });
    if (result.error || result.status !== 0) {
      const why = result.error ? result.error.message : `exit ${result.status}: ${result.stderr.trim()}`;
      throw new Error(`compose: stylus-meter ${args[0]} failed (${why})`);
    }
    return JSON.parse(result.stdout);
  };
  const price = (frames, where) => {
    if (frames.length === 0) return { frames: [], arbos: null };
    frames.forEach((frame, i) => {
      if (!/^0x([0-9a-fA-F]{64})+$/.test(frame.output ?? "")) {
        throw new Error(`compose: ${where}, frame ${i}: no recorded output of the EVM hasher (rerun scripts/gas-report/apps-gas.sh or scripts/gas-report/evm-gas.sh)`);
      }
    });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "compose-"));
    const file = path.join(dir, "calldata.txt");
    fs.writeFileSync(file, frames.map((frame) => frame.calldata).join("\n") + "\n");
    let report;
    try {
      report = run(["calls", "--wasm", wasm, "--calldata-file", file, "--json", ...version, ...(cached ? [] : ["--uncached"])]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    if (report.calls?.length !== frames.length) throw new Error(`compose: ${where}: the meter priced ${report.calls?.length} calls of ${frames.length}`);
    report.calls.forEach((call, i) => {
      const { calldata, output } = frames[i];
      const frame = `${where}, frame ${i} (${calldata.slice(0, 10)}…)`;
      if (call.outcome !== "success") {
        throw new Error(
          `compose: ${frame}: ${path.basename(wasm)} answered ${call.outcome} (${call.returndata}) ` +
            "(InvalidCalldata 0xfe721a12 = a selector the built WASM lacks: rebuild with scripts/build-wasm.sh)",
        );
      }
      if (call.returndata.toLowerCase() !== output.toLowerCase()) {
        throw new Error(`compose: ${frame}: ${path.basename(wasm)} returned ${call.returndata}, the EVM hasher ${output}`);
      }
    });
    return { frames: report.calls.map((call) => call.gas.frame), arbos: report.arbos };
  };
  return { price };
}
