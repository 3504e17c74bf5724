#!/usr/bin/env node
// Generates solidity/generated/MidenPoseidon2Permutation.sol: Plonky3's default Goldilocks Poseidon2
// (`default_goldilocks_poseidon2_12`, Miden's hash) as unrolled Yul, from the parameters of the Rust
// library, so no constant is pasted by hand: the round constants from
// crates/poseidon-goldilocks/src/poseidon2/params.rs (Plonky3's are HorizenLabs', which
// tests/miden_reference.rs proves entry by entry), M4 and the internal diagonal's fractions from
// crates/poseidon-goldilocks/src/poseidon2/plonky3.rs. Before writing, the generator runs its own
// model of the emitted steps on miden-crypto's known answer (the first permutation of
// test/vectors/miden-poseidon2.json) and refuses to write if it differs.
//
// EVM words are 256 bits: between S-boxes the lanes are plain integers (a linear layer adds at most
// 5 bits, an internal round 4, and there are 22 of them: below 2^170), so only the S-boxes
// (`mulmod`) and the outputs (`mod`) reduce.
//   node scripts/gen/gen-miden-yul.mjs           writes the file (through `forge fmt`)
//   node scripts/gen/gen-miden-yul.mjs --check   fails if the committed file differs
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { writeOrCheckSolidity } from "../lib/generated-solidity.mjs";
import { parseOptions } from "../lib/args.mjs";
import { rustConsts } from "../lib/rust-consts.mjs";

const root = new URL("../..", import.meta.url).pathname;
const PARAMS = "crates/poseidon-goldilocks/src/poseidon2/params.rs";
const PLONKY3 = "crates/poseidon-goldilocks/src/poseidon2/plonky3.rs";
const VECTORS = "test/vectors/miden-poseidon2.json";
const OUT = "solidity/generated/MidenPoseidon2Permutation.sol";
const { check } = parseOptions({ check: { type: "boolean" } }, { usage: "node scripts/gen/gen-miden-yul.mjs [--check]" }).values;
const P = 2n ** 64n - 2n ** 32n + 1n;

// ---------------------------------------------------------------------------------------------
// Parameters from the Rust files.
const read = (file) => readFileSync(join(root, file), "utf8");
const [params, plonky3] = [rustConsts(PARAMS), rustConsts(PLONKY3)];
const HALF_FULL = Number(params("HALF_FULL_ROUNDS")[0]);
const PARTIAL = Number(params("PARTIAL_ROUNDS")[0]);
const first = params("EXTERNAL_FIRST");
const internal = params("INTERNAL");
const last = params("EXTERNAL_LAST");
const M4 = plonky3("M4");
const fractions = plonky3("DIAGONAL_FRACTIONS", { signed: true });
if (first.length !== 12 * HALF_FULL || last.length !== 12 * HALF_FULL || internal.length !== PARTIAL) {
  throw new Error(`${PARAMS}: unexpected table sizes (${first.length}, ${internal.length}, ${last.length})`);
}
if (M4.length !== 16 || fractions.length !== 24) throw new Error(`${PLONKY3}: unexpected M4 or diagonal`);
if ([...first, ...internal, ...last].some((c) => c >= P)) throw new Error("a round constant is not below p");
const rows = (flat) => Array.from({ length: flat.length / 12 }, (_, r) => flat.slice(12 * r, 12 * r + 12));
const [FIRST, LAST] = [rows(first), rows(last)];
const m4 = Array.from({ length: 4 }, (_, r) => M4.slice(4 * r, 4 * r + 4));
// n / 2^k in the field.
const mod = (x) => ((x % P) + P) % P;
const power = (b, e) => {
  let [r, x] = [1n, mod(b)];
  for (; e > 0n; e >>= 1n, x = (x * x) % P) if (e & 1n) r = (r * x) % P;
  return r;
};
const DIAG = Array.from({ length: 12 }, (_, i) => mod(fractions[2 * i] * power(power(2n, fractions[2 * i + 1]), P - 2n)));

// ---------------------------------------------------------------------------------------------
// The model: the steps the Yul takes, on integers.
const external = (x) => {
  const blocks = [0, 1, 2].map((b) => m4.map((row) => row.reduce((acc, c, j) => acc + c * x[4 * b + j], 0n)));
  return x.map((_, i) => blocks[Math.floor(i / 4)][i % 4] + blocks[0][i % 4] + blocks[1][i % 4] + blocks[2][i % 4]);
};
const sbox = (x) => power(x, 7n);
function model(state) {
  let x = external(state);
  for (const rc of FIRST) x = external(x.map((v, i) => sbox(v + rc[i])));
  for (const c of internal) {
    x[0] = sbox(x[0] + c);
    const sum = x.reduce((a, b) => a + b, 0n);
    x = x.map((v, i) => ((v * DIAG[i]) % P) + sum);
  }
  for (const rc of LAST) x = external(x.map((v, i) => sbox(v + rc[i])));
  return x.map(mod);
}
const known = JSON.parse(read(VECTORS)).permutation[0];
const got = model(known.input.map(BigInt));
if (got.some((v, i) => v !== BigInt(known.output[i]))) {
  throw new Error(`the model differs from miden-crypto's known answer (${VECTORS} permutation[0])`);
}

// ---------------------------------------------------------------------------------------------
// Yul emission: the state in memory (12 words at `s`).
const hex = (x) => "0x" + x.toString(16).padStart(16, "0");
const lane = (i) => (i === 0 ? "s" : `add(s, ${32 * i})`);
const lines = [];
const emit = (line) => lines.push(line);
// c · x for a small positive c: shifts for powers of two.
const times = (c, x) => (c === 1n ? x : (c & (c - 1n)) === 0n ? `shl(${c.toString(2).length - 1}, ${x})` : `mul(${c}, ${x})`);
const addAll = (terms) => terms.reduce((acc, t) => `add(${acc}, ${t})`);

// The external layer as a Yul function (its body once).
emit(`function external(es) {`);
for (let b = 0; b < 3; b++) {
  emit(`{`);
  for (let j = 0; j < 4; j++) emit(`let a${j} := mload(add(es, ${32 * (4 * b + j)}))`);
  for (let r = 0; r < 4; r++) {
    emit(`mstore(add(es, ${32 * (4 * b + r)}), ${addAll(m4[r].map((c, j) => times(c, `a${j}`)))})`);
  }
  emit(`}`);
}
for (let l = 0; l < 4; l++) {
  emit(`{`);
  emit(`let t := ${addAll([0, 1, 2].map((b) => `mload(add(es, ${32 * (4 * b + l)}))`))}`);
  for (let b = 0; b < 3; b++) emit(`mstore(add(es, ${32 * (4 * b + l)}), add(mload(add(es, ${32 * (4 * b + l)})), t))`);
  emit(`}`);
}
emit(`}`);
// x^7 of any 256-bit x, reduced.
emit(`function sbox(x) -> y {`);
emit(`x := mod(x, P)`);
emit(`let x2 := mulmod(x, x, P)`);
emit(`y := mulmod(mulmod(x2, x2, P), mulmod(x2, x, P), P)`);
emit(`}`);
const fullRound = (rc) => {
  for (let i = 0; i < 12; i++) emit(`mstore(${lane(i)}, sbox(add(mload(${lane(i)}), ${hex(rc[i])})))`);
  emit(`external(s)`);
};
emit(`external(s)`);
FIRST.forEach((rc, r) => {
  emit(`// Full round ${r}`);
  fullRound(rc);
});
internal.forEach((c, r) => {
  emit(`// Partial round ${r}`);
  emit(`{`);
  emit(`mstore(s, sbox(add(mload(s), ${hex(c)})))`);
  emit(`let t := ${addAll([...Array(12).keys()].map((i) => `mload(${lane(i)})`))}`);
  for (let i = 0; i < 12; i++) emit(`mstore(${lane(i)}, add(mulmod(mload(${lane(i)}), ${hex(DIAG[i])}, P), t))`);
  emit(`}`);
});
LAST.forEach((rc, r) => {
  emit(`// Full round ${HALF_FULL + r}`);
  fullRound(rc);
});
emit(`// Canonical outputs.`);
for (let i = 0; i < 12; i++) emit(`mstore(${lane(i)}, mod(mload(${lane(i)}), P))`);

const content = `// SPDX-License-Identifier: MIT OR Apache-2.0
// @generated by scripts/gen/gen-miden-yul.mjs from ${PARAMS} and ${PLONKY3}. Do not edit; run \`node scripts/gen/gen-miden-yul.mjs\`.
pragma solidity ^0.8.24;

/// @title Plonky3's default Goldilocks Poseidon2 (width 12, x^7, 4 + 22 + 4 rounds) as unrolled Yul
/// @notice Equal to p3-goldilocks 0.6.3's \`default_goldilocks_poseidon2_12\`, the permutation of miden-crypto
/// 0.28.1's \`Poseidon2\` (the generator checks its model against miden-crypto's known answer; the forge tests
/// check this code against test/vectors/miden-poseidon2.json). External matrix circ(2·M4, M4, M4) with
/// Plonky3's M4; internal matrix 1 + diag(-2, 1, 2, 1/2, 3, 4, -1/2, -3, -4, 1/4, -1/4, 1/8).
/// Range safety: between S-boxes lanes are plain integers below 2^170; S-boxes reduce them.
library MidenPoseidon2Permutation {
    /// @notice p = 2^64 - 2^32 + 1.
    uint256 internal constant P = 0xffffffff00000001;

    /// @notice Permutes \`state\` in place; lanes may hold any value below 2^192 and come out below P.
    function permute(uint256[12] memory state) internal pure {
        /// @solidity memory-safe-assembly
        assembly {
            let s := state
            ${lines.join("\n            ")}
        }
    }
}
`;

writeOrCheckSolidity([[OUT, content]], { check, generator: "gen-miden-yul" });
if (check) console.log("gen-miden-yul: solidity/generated/MidenPoseidon2Permutation.sol is current");
