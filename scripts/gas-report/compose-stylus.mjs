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
//   P_i    = the program's frame for the same calldata, as a call from a contract, by the meter:
//            cached init + memory + execution (no transaction calldata gas, no 21,000);
//            chain rule: a cached program pays no init; an uncached one pays init on its first call
//            of the transaction (ArbOS 60+: a program called earlier in the block is charged as
//            cached); the meter's `calls` applies it, and carries memory pages from call to call
//   S'     = E + Σ P_i
//   R      = the refund counter (EIP-3529 storage clears; the same storage writes either way)
//   G      = S' − min(R, ⌊S'/5⌋) − 21,000   the row's figure, as the report's other rows (gasUsed − 21,000)
// The EIP-3529 cap (a fifth of the gas spent) is applied to S', and the anvil transaction must not
// have been capped (R ≤ ⌊S/5⌋; else R is not known exactly and composing fails).
// Two runs over two EVM hashers (stock, Yul) must give the same E for every transaction.
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
  "(cached init + memory + execution; no calldata gas; a cached program pays no init, and from ArbOS 60 an uncached one " +
  "pays it once per transaction); then the EIP-3529 refund, capped at a fifth of the new total; minus 21,000. The EVM " +
  "part must be equal over the stock and the Yul hasher. scripts/gas-report/compose-stylus.mjs.";

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
 * Prices a transaction's calls to one program, each as a call from a contract, in order: the meter's
 * `calls` (the chain's rules for repeated calls at --arbos) when it has that command, else one
 * `call` each (its in-frame figure: cached_call − calldata, plus init on the first call if uncached).
 */
export function framePricer({ meter, wasm, cached = true, arbos = null }) {
  const help = spawnSync(meter, ["--help"], { encoding: "utf8" });
  const hasCalls = /^\s+calls\s/m.test(help.stdout ?? "");
  const version = arbos === null ? [] : ["--arbos", String(arbos)];
  const run = (args) => {
    const result = spawnSync(meter, args, { encoding: "utf8", maxBuffer: 1 << 28 });
    if (result.status !== 0) throw new Error(`compose: stylus-meter ${args[0]} failed (exit ${result.status}): ${result.stderr.trim()}`);
    return JSON.parse(result.stdout);
  };
  const fail = (outcome, returndata, calldata) => {
    throw new Error(
      `compose: ${wasm} answered ${outcome} (${returndata}) to ${calldata.slice(0, 10)}… ` +
        "(InvalidCalldata 0xfe721a12 = a selector the built WASM lacks: rebuild with scripts/build-wasm.sh)",
    );
  };
  const price = (calldatas) => {
    if (calldatas.length === 0) return { frames: [], arbos: null };
    if (hasCalls) {
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "compose-")), "calldata.txt");
      fs.writeFileSync(file, calldatas.join("\n") + "\n");
      const report = run(["calls", "--wasm", wasm, "--calldata-file", file, "--json", ...version, ...(cached ? [] : ["--uncached"])]);
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
      report.calls.forEach((call, i) => call.outcome === "success" || fail(call.outcome, call.returndata, calldatas[i]));
      return { frames: report.calls.map((call) => call.gas.frame), arbos: report.arbos };
    }
    let arbosSeen = null;
    const frames = calldatas.map((calldata, i) => {
      const report = run(["call", "--wasm", wasm, "--calldata", calldata, "--json", ...version]);
      if (report.outcome !== "success") fail(report.outcome, report.returndata, calldata);
      arbosSeen = report.arbos ?? null;
      return report.gas.cached_call - report.gas.calldata + (!cached && i === 0 ? report.gas.init : 0);
    });
    return { frames, arbos: arbosSeen };
  };
  return { price, method: hasCalls ? "stylus-meter calls" : "stylus-meter call, one per calldata" };
}
