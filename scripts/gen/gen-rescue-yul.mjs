#!/usr/bin/env node
// Generates solidity/generated/RescuePermutations.sol: miden-crypto 0.28.1's RPO and RPX permutations
// (`Rpo256`, `Rpx256`: width 12 over Goldilocks) as unrolled Yul, from the parameters of the Rust library
// (crates/poseidon-goldilocks/src/rescue/params.rs, which tests/miden_reference.rs proves entry by entry
// equal to miden-crypto's), so no constant is pasted by hand. Before writing, the generator runs its own
// model of the emitted steps on the first permutation of test/vectors/miden-rpo.json and miden-rpx.json
// (what miden-crypto computes) and refuses to write if either differs.
//
// EVM words are 256 bits: the MDS step's sums (entries below 27, a row sums to 160) and the constants
// stay far below 2^256 without reduction; the S-boxes (`mulmod`) and the outputs (`mod`) reduce. x^(1/7)
// is x^INV_ALPHA by 3-bit windows (the exponent's octal digits) over x^1 … x^7.
//   node scripts/gen/gen-rescue-yul.mjs           writes the file (through `forge fmt`)
//   node scripts/gen/gen-rescue-yul.mjs --check   fails if the committed file differs
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { writeOrCheckSolidity } from "../lib/generated-solidity.mjs";
import { parseOptions } from "../lib/args.mjs";
import { rustConsts } from "../lib/rust-consts.mjs";

const root = new URL("../..", import.meta.url).pathname;
const PARAMS = "crates/poseidon-goldilocks/src/rescue/params.rs";
const OUT = "solidity/generated/RescuePermutations.sol";
const { check } = parseOptions({ check: { type: "boolean" } }, { usage: "node scripts/gen/gen-rescue-yul.mjs [--check]" }).values;
const P = 2n ** 64n - 2n ** 32n + 1n;

// ---------------------------------------------------------------------------------------------
// Parameters from the Rust file.
const table = rustConsts(PARAMS);
const ROUNDS = Number(table("ROUNDS")[0]);
const MDS_ROW = table("MDS_ROW");
const INV_ALPHA = table("INV_ALPHA")[0];
const rows = (flat) => Array.from({ length: flat.length / 12 }, (_, r) => flat.slice(12 * r, 12 * r + 12));
const [ARK1, ARK2] = [rows(table("ARK1")), rows(table("ARK2"))];
if (MDS_ROW.length !== 12 || ARK1.length !== ROUNDS || ARK2.length !== ROUNDS) throw new Error(`${PARAMS}: unexpected table sizes`);
if ([...ARK1.flat(), ...ARK2.flat()].some((c) => c >= P)) throw new Error("a round constant is not below p");
if ((INV_ALPHA * 7n) % (P - 1n) !== 1n) throw new Error("INV_ALPHA is not 1/7 mod p - 1");
const DIGITS = INV_ALPHA.toString(8).split("").map(Number);

// ---------------------------------------------------------------------------------------------
// The model: the steps the Yul takes, on integers.
const mod = (x) => ((x % P) + P) % P;
const mulmod = (a, b) => (mod(a) * mod(b)) % P;
const power = (x, e) => {
  let r = 1n;
  for (let b = mod(x); e > 0n; e >>= 1n, b = (b * b) % P) if (e & 1n) r = (r * b) % P;
  return r;
};
const mds = (x) => x.map((_, r) => MDS_ROW.reduce((acc, c, i) => acc + c * x[(i + r) % 12], 0n));
const sbox = (x) => power(x, 7n);
const invSbox = (x) => {
  const pow = [1n, mod(x)];
  for (let d = 2; d < 8; d++) pow.push(mulmod(pow[d - 1], x));
  let y = pow[DIGITS[0]];
  for (const d of DIGITS.slice(1)) {
    for (let k = 0; k < 3; k++) y = mulmod(y, y);
    if (d) y = mulmod(y, pow[d]);
  }
  return y;
};
// (a0 + a1 φ + a2 φ²)(b0 + b1 φ + b2 φ²) with φ³ = φ + 1: (c0 + c3, c1 + c3 + c4, c2 + c4).
const extMul = (a, b) => {
  const c = [0n, 0n, 0n, 0n, 0n];
  for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) c[i + j] += mulmod(a[i], b[j]);
  return [c[0] + c[3], c[1] + c[3] + c[4], c[2] + c[4]];
};
const ext7 = (a) => {
  const a2 = extMul(a, a);
  const a3 = extMul(a2, a);
  const a4 = extMul(a2, a2);
  return extMul(a4, a3);
};
const schedule = (rpx) => Array.from({ length: ROUNDS }, (_, r) => (!rpx ? "FB" : r === ROUNDS - 1 ? "M" : r % 2 ? "E" : "FB"));
function model(state, rpx) {
  let x = state;
  schedule(rpx).forEach((kind, r) => {
    if (kind === "FB") {
      x = mds(x).map((v, i) => sbox(v + ARK1[r][i]));
      x = mds(x).map((v, i) => invSbox(v + ARK2[r][i]));
    } else if (kind === "E") {
      const y = x.map((v, i) => v + ARK1[r][i]);
      x = [0, 3, 6, 9].flatMap((i) => ext7(y.slice(i, i + 3)));
    } else {
      x = mds(x).map((v, i) => v + ARK1[r][i]);
    }
  });
  return x.map(mod);
}
for (const [name, rpx] of [["rpo", false], ["rpx", true]]) {
  const file = `test/vectors/miden-${name}.json`;
  for (const [v, known] of JSON.parse(readFileSync(join(root, file), "utf8")).permutation.entries()) {
    const got = model(known.input.map(BigInt), rpx);
    if (got.some((x, i) => x !== BigInt(known.output[i]))) throw new Error(`the ${name} model differs from ${file} permutation[${v}]`);
  }
}

// ---------------------------------------------------------------------------------------------
// Yul emission: the state in memory (12 words at `s`), a copy for the MDS step at `f`.
const hex = (x) => "0x" + x.toString(16).padStart(16, "0");
const lane = (i) => (i === 0 ? "s" : `add(s, ${32 * i})`);
const times = (c, x) => (c === 1n ? x : (c & (c - 1n)) === 0n ? `shl(${c.toString(2).length - 1}, ${x})` : `mul(${c}, ${x})`);
const addAll = (terms) => terms.reduce((acc, t) => `add(${acc}, ${t})`);

function body(rpx) {
  const lines = [];
  const emit = (line) => lines.push(line);
  emit(`function mds(ms, mf) {`);
  for (let i = 0; i < 12; i++) emit(`mstore(add(mf, ${32 * i}), mload(add(ms, ${32 * i})))`);
  for (let r = 0; r < 12; r++) {
    emit(`mstore(add(ms, ${32 * r}), ${addAll(MDS_ROW.map((c, i) => times(c, `mload(add(mf, ${32 * ((i + r) % 12)}))`)))})`);
  }
  emit(`}`);
  emit(`function sbox(x) -> y {`);
  emit(`x := mod(x, P)`);
  emit(`let x2 := mulmod(x, x, P)`);
  emit(`y := mulmod(mulmod(x2, x2, P), mulmod(x2, x, P), P)`);
  emit(`}`);
  emit(`function invSbox(x) -> y {`);
  emit(`let x1 := mod(x, P)`);
  for (let d = 2; d < 8; d++) emit(`let x${d} := mulmod(x${d - 1}, x1, P)`);
  emit(`y := x${DIGITS[0]}`);
  for (const d of DIGITS.slice(1)) {
    emit(`y := mulmod(y, y, P)`);
    emit(`y := mulmod(y, y, P)`);
    emit(`y := mulmod(y, y, P)`);
    if (d) emit(`y := mulmod(y, x${d}, P)`);
  }
  emit(`}`);
  if (rpx) {
    // d = x · y for triples in memory, in F_p[φ]/(φ³ − φ − 1); each output part below 5p (d may be x or y:
    // every part is computed before the first store).
    const [x0, x1, x2, y0, y1, y2] = ["mload(x)", "mload(add(x, 32))", "mload(add(x, 64))", "mload(y)", "mload(add(y, 32))", "mload(add(y, 64))"];
    emit(`function extMul(d, x, y) {`);
    emit(`let c3 := addmod(mulmod(${x1}, ${y2}, P), mulmod(${x2}, ${y1}, P), P)`);
    emit(`let c4 := mulmod(${x2}, ${y2}, P)`);
    emit(`let r0 := add(mulmod(${x0}, ${y0}, P), c3)`);
    emit(`let r1 := add(add(addmod(mulmod(${x0}, ${y1}, P), mulmod(${x1}, ${y0}, P), P), c3), c4)`);
    emit(`let r2 := add(addmod(addmod(mulmod(${x0}, ${y2}, P), mulmod(${x1}, ${y1}, P), P), mulmod(${x2}, ${y0}, P), P), c4)`);
    emit(`mstore(d, r0)`);
    emit(`mstore(add(d, 32), r1)`);
    emit(`mstore(add(d, 64), r2)`);
    emit(`}`);
    // The triple at `es` to the 7th power (a² at ef, a³ at ef + 96, a⁴ at ef + 192).
    emit(`function ext7(es, ef) {`);
    emit(`extMul(ef, es, es)`);
    emit(`extMul(add(ef, 96), ef, es)`);
    emit(`extMul(add(ef, 192), ef, ef)`);
    emit(`extMul(es, add(ef, 192), add(ef, 96))`);
    emit(`}`);
  }
  schedule(rpx).forEach((kind, r) => {
    emit(`// Round ${r} (${kind})`);
    if (kind === "FB") {
      emit(`mds(s, f)`);
      for (let i = 0; i < 12; i++) emit(`mstore(${lane(i)}, sbox(add(mload(${lane(i)}), ${hex(ARK1[r][i])})))`);
      emit(`mds(s, f)`);
      for (let i = 0; i < 12; i++) emit(`mstore(${lane(i)}, invSbox(add(mload(${lane(i)}), ${hex(ARK2[r][i])})))`);
    } else if (kind === "E") {
      for (let i = 0; i < 12; i++) emit(`mstore(${lane(i)}, add(mload(${lane(i)}), ${hex(ARK1[r][i])}))`);
      for (const i of [0, 3, 6, 9]) emit(`ext7(${lane(i)}, f)`);
    } else {
      emit(`mds(s, f)`);
      for (let i = 0; i < 12; i++) emit(`mstore(${lane(i)}, add(mload(${lane(i)}), ${hex(ARK1[r][i])}))`);
    }
  });
  emit(`// Canonical outputs.`);
  for (let i = 0; i < 12; i++) emit(`mstore(${lane(i)}, mod(mload(${lane(i)}), P))`);
  return lines;
}

const library = (name, title, rpx) => `
/// @title ${title} as unrolled Yul
/// @notice Equal to miden-crypto 0.28.1's \`${rpx ? "Rpx256" : "Rpo256"}::apply_permutation\` (the generator checks its model
/// against test/vectors/miden-${rpx ? "rpx" : "rpo"}.json; the forge tests check this code against the same file).
library ${name} {
    /// @notice p = 2^64 - 2^32 + 1.
    uint256 internal constant P = 0xffffffff00000001;

    /// @notice Permutes \`state\` in place; lanes may hold any value below 2^180 and come out below P.
    function permute(uint256[12] memory state) internal pure {
        /// @solidity memory-safe-assembly
        assembly {
            let s := state
            // 12 scratch words above the free memory pointer (not allocated: nothing else runs meanwhile).
            let f := mload(0x40)
            ${body(rpx).join("\n            ")}
        }
    }
}
`;

const content = `// SPDX-License-Identifier: MIT OR Apache-2.0
// @generated by scripts/gen/gen-rescue-yul.mjs from ${PARAMS}. Do not edit; run \`node scripts/gen/gen-rescue-yul.mjs\`.
pragma solidity ^0.8.24;
${library("RpoPermutation", "RPO (Rescue-Prime Optimized: 7 rounds of MDS, constants, x^7, MDS, constants, x^(1/7)) over Goldilocks, width 12,", false)}${library(
  "RpxPermutation",
  "RPX (rounds FB, E, FB, E, FB, E, M; E raises each triple of lanes to the 7th power in F_p[φ]/(φ³ − φ − 1)) over Goldilocks, width 12,",
  true,
)}`;

writeOrCheckSolidity([[OUT, content]], { check, generator: "gen-rescue-yul" });
if (check) console.log("gen-rescue-yul: solidity/generated/RescuePermutations.sol is current");
