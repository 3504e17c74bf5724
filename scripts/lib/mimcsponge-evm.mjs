// EVM bytecode of circomlib's MiMCSponge (Feistel, x^5, 220 rounds, BN254) for the shapes no registry
// publishes, written by scripts/gen/gen-mimc-vectors.mjs into test/vectors/:
//   tornadoHasherCode()        Tornado Cash's hasher: `MiMCSponge(uint256 in_xL, uint256 in_xR) returns
//                              (uint256 xL, uint256 xR)` (0xf47d33b5), circomlib's sponge with the key 0.
//                              Tornado deploys the code of its circomlib fork's generator; this emits
//                              the opcode sequence of circomlibjs 0.1.7's `mimcsponge_gencontract.js`
//                              (read there, not copied) with the key pushed as a constant instead of
//                              read from calldata, and the two-argument selector. Inputs are reduced
//                              mod p, as there.
//   hashLeftRightCode()        `hashLeftRight(uint256 left, uint256 right) returns (uint256)`: Tornado's
//                              `MerkleTreeWithHistory.hashLeftRight` (two sponges with key 0, the right
//                              input added between them) in one contract, the same round sequence
//                              inlined twice; reverts without data for an input >= p, as Tornado's
//                              `require`s do. The EVM stand-in of the Stylus program's one-call function,
//                              which the gas report traces a tree over.
// Round i (0..219) of the sponge: t = xL + k + c_i; (xL, xR) = (xR + t^5, xL), the last round keeping
// xL and adding into xR; c_0 = c_219 = 0, c_1 = keccak256(keccak256("mimcsponge")), each next the
// keccak256 of the one before (circomlibjs's constants).
import { keccak256, toBytes, toFunctionSelector } from "viem";

/** The BN254 scalar field's modulus. */
export const P = 21888242871839275222246405745257275088548364400416034343698204186575808495617n;
const ROUNDS = 220;

/** c_1 … c_218 as 32-byte hex (c_0 and c_219 are 0). */
function roundConstants() {
  const out = [];
  let c = keccak256(toBytes("mimcsponge"));
  for (let i = 1; i < ROUNDS - 1; i++) {
    c = keccak256(c);
    out.push(c);
  }
  return out;
}

const OP = {
  STOP: 0x00, DIV: 0x04, ADDMOD: 0x08, MULMOD: 0x09, LT: 0x10, EQ: 0x14, ISZERO: 0x15, OR: 0x17, CALLDATACOPY: 0x37,
  CODECOPY: 0x39, MLOAD: 0x51, MSTORE: 0x52, JUMPI: 0x57, JUMPDEST: 0x5b, INVALID: 0xfe, RETURN: 0xf3, REVERT: 0xfd,
};

/** A tiny assembler: opcodes, pushes (minimal width unless given), one forward label. */
class Asm {
  code = [];
  fixups = [];
  labels = {};
  op(...ops) {
    for (const o of ops) this.code.push(o);
    return this;
  }
  /** PUSH of `value` (bigint, number or 0x-hex) in `width` bytes (default: the hex's own length, else minimal). */
  push(value, width) {
    const hex = typeof value === "string" ? value.slice(2) : BigInt(value).toString(16);
    const bytes = width ?? (typeof value === "string" ? hex.length / 2 : Math.max(1, Math.ceil(hex.length / 2)));
    const padded = hex.padStart(bytes * 2, "0");
    if (bytes < 1 || bytes > 32 || padded.length !== bytes * 2) throw new Error(`push: ${value} does not fit ${bytes} bytes`);
    this.code.push(0x5f + bytes, ...toBytes(`0x${padded}`));
    return this;
  }
  /** DUPn, n counted as the EVM does (DUP1 copies the top). */
  dup(n) {
    return this.op(0x7f + n);
  }
  swap(n) {
    return this.op(0x8f + n);
  }
  /** PUSH2 of a label's offset, filled in when the label is placed. */
  pushLabel(name) {
    this.fixups.push({ name, at: this.code.length + 1 });
    return this.push(0, 2);
  }
  label(name) {
    this.labels[name] = this.code.length;
    return this.op(OP.JUMPDEST);
  }
  /** The runtime code, labels filled in. */
  runtime() {
    const code = [...this.code];
    for (const { name, at } of this.fixups) {
      const to = this.labels[name];
      if (to === undefined) throw new Error(`label ${name} never placed`);
      [code[at], code[at + 1]] = [to >> 8, to & 0xff];
    }
    return code;
  }
}

/** Creation code: copy the runtime after this 12-byte loader into memory and return it. */
function creationCode(runtime) {
  const loader = new Asm().push(runtime.length, 2).dup(1).push(12).push(0).op(OP.CODECOPY).push(0).op(OP.RETURN).code;
  if (loader.length !== 12) throw new Error("loader length");
  return "0x" + Buffer.from([...loader, ...runtime]).toString("hex");
}

/** Copies `bytes` of calldata to memory 0 and jumps to "start" when the selector is `signature`'s; else INVALID. */
function dispatch(asm, signature, bytes) {
  asm.push(bytes).push("0x00").push("0x00").op(OP.CALLDATACOPY);
  asm.push("0x0100000000000000000000000000000000000000000000000000000000").push("0x00").op(OP.MLOAD, OP.DIV);
  asm.push(toFunctionSelector(signature)).op(OP.EQ).pushLabel("start").op(OP.JUMPI, OP.INVALID);
  asm.label("start");
}

/**
 * One round after the first, circomlibjs's sequence: stack [xL, xR, k, q] (top first) →
 * [xR + (xL + k + c)^5, xL, k, q], which is the next round's [xL, xR, k, q] (the last round's
 * [xR_out, xL_out, k, q]).
 */
function round(asm, c) {
  asm.swap(1).dup(4).dup(4).dup(2).dup(5).push(c).op(OP.ADDMOD, OP.ADDMOD); // t = xL + c + k
  asm.dup(5).swap(1).dup(2).dup(1).dup(3).dup(1).op(OP.MULMOD).dup(1).op(OP.MULMOD, OP.MULMOD); // t^5
  asm.dup(5).swap(2).op(OP.ADDMOD); // xR + t^5
}

/**
 * Rounds 1 … 219 on the stack the first round left ([xL, xR, k, q] with round 0 done):
 * [xR_out, xL_out, k, q].
 */
function laterRounds(asm) {
  for (const c of roundConstants()) round(asm, c);
  round(asm, "0x00");
}

/**
 * Round 0 (no constant) on [xL, k, q] with xR read from memory at `xRAt` (circomlibjs's order): leaves
 * [xR + (xL + k)^5, xL, k, q].
 */
function firstRoundFromMemory(asm, xRAt) {
  asm.dup(3).push(xRAt).op(OP.MLOAD).dup(2).dup(1).dup(5).dup(7).op(OP.ADDMOD); // t = k + xL
  asm.dup(2).dup(1).dup(3).dup(1).op(OP.MULMOD).dup(1).op(OP.MULMOD, OP.MULMOD, OP.ADDMOD); // xR + t^5
}

/** Tornado Cash's hasher: MiMCSponge(in_xL, in_xR) with the key 0. */
export function tornadoHasherCode() {
  const asm = new Asm();
  dispatch(asm, "MiMCSponge(uint256,uint256)", 0x44);
  asm.push(P, 32).push("0x00").push("0x04").op(OP.MLOAD); // xL k=0 q
  firstRoundFromMemory(asm, "0x24");
  laterRounds(asm);
  asm.push("0x20").op(OP.MSTORE).push("0x00").op(OP.MSTORE).push("0x40").push("0x00").op(OP.RETURN);
  return creationCode(asm.runtime());
}

/** hashLeftRight(left, right): R, C = sponge(left, 0); R += right; R, C = sponge(R, C); return R. */
export function hashLeftRightCode() {
  const asm = new Asm();
  dispatch(asm, "hashLeftRight(uint256,uint256)", 0x44);
  // Both inputs below p, or revert without data.
  asm.push(P, 32).push("0x24").op(OP.MLOAD).op(OP.LT, OP.ISZERO); // right >= p
  asm.push(P, 32).push("0x04").op(OP.MLOAD).op(OP.LT, OP.ISZERO, OP.OR).pushLabel("bad").op(OP.JUMPI);
  // Round 0 of each sponge on [xL, xR, k, q]: the later rounds' sequence with c_0 = 0.
  asm.push(P, 32).push("0x00").push("0x00").push("0x04").op(OP.MLOAD); // [left, 0, 0, q]
  round(asm, "0x00");
  laterRounds(asm); // [C, R, 0, q]
  asm.swap(1).dup(4).swap(1).push("0x24").op(OP.MLOAD).op(OP.ADDMOD); // [R + right, C, 0, q]
  round(asm, "0x00");
  laterRounds(asm); // [C', R', 0, q]
  asm.swap(1).push("0x00").op(OP.MSTORE).push("0x20").push("0x00").op(OP.RETURN);
  asm.label("bad").push("0x00").dup(1).op(OP.REVERT);
  return creationCode(asm.runtime());
}
