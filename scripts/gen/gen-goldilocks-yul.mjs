#!/usr/bin/env node
// Generates solidity/generated/GoldilocksPoseidonPermutation.sol: plonky2's Poseidon permutation
// over Goldilocks (width 12) as unrolled Yul, and solidity/generated/GoldilocksPoseidonConstants.sol
// (the same parameters as plain tables, for the naive reference the forge tests compare it with), from the parameters of the Rust library
// (crates/poseidon-goldilocks/src/poseidon/params.rs, which crates/plonky2-reference proves equal
// to the plonky2 crate's), so no constant is pasted by hand.
//
// The MDS step uses the same frequency-domain form as the Rust library (derived here again from
// MDS_CIRC and checked against the plain matrix product on random vectors before anything is
// written): a few shifts and additions instead of 144 products. EVM words are 256 bits, so lanes
// are added and multiplied by small integers without any reduction; the generator tracks an upper
// bound (in bits) for every lane and emits `mod(x, P)` only where the next step could pass 2^250.
// S-boxes use `mulmod`, which takes any 256-bit operands.
//   node scripts/gen/gen-goldilocks-yul.mjs           writes the files (through `forge fmt`)
//   node scripts/gen/gen-goldilocks-yul.mjs --check   fails if a committed file differs
import { writeOrCheckSolidity } from "../lib/generated-solidity.mjs";
import { parseOptions } from "../lib/args.mjs";
import { rustConsts } from "../lib/rust-consts.mjs";

const PARAMS = "crates/poseidon-goldilocks/src/poseidon/params.rs";
const OUT = "solidity/generated/GoldilocksPoseidonPermutation.sol";
const OUT_CONSTANTS = "solidity/generated/GoldilocksPoseidonConstants.sol";
const { check } = parseOptions({ check: { type: "boolean" } }, { usage: "node scripts/gen/gen-goldilocks-yul.mjs [--check]" }).values;
const P = 2n ** 64n - 2n ** 32n + 1n;

// ---------------------------------------------------------------------------------------------
// Parameters from the Rust file.
const table = rustConsts(PARAMS);
const constant = (name) => Number(table(name)[0]);
const HALF_FULL = constant("HALF_FULL_ROUNDS");
const PARTIAL = constant("PARTIAL_ROUNDS");
const ROUNDS = 2 * HALF_FULL + PARTIAL;
const flat = table("ROUND_CONSTANTS");
const CIRC = table("MDS_CIRC");
const DIAG = table("MDS_DIAG");
if (flat.length !== 12 * ROUNDS || CIRC.length !== 12 || DIAG.length !== 12) {
  throw new Error(`${PARAMS}: unexpected table sizes (${flat.length}, ${CIRC.length}, ${DIAG.length})`);
}
if (flat.some((c) => c >= P)) throw new Error("a round constant is not below p");
const RC = Array.from({ length: ROUNDS }, (_, r) => flat.slice(12 * r, 12 * r + 12));

// ---------------------------------------------------------------------------------------------
// The frequency-domain circulant (see crates/poseidon-goldilocks/src/poseidon/mod.rs): lane n at
// (n mod 3, n mod 4); a length-4 DFT along the second index; three length-3 convolutions.
const CRT = [0, 1, 2].map((m) => [0, 1, 2, 3].map((a) => [...Array(12).keys()].find((n) => n % 3 === m && n % 4 === a)));
const freq = { real0: [], real2: [], re: [], im: [] };
for (let m = 0; m < 3; m++) {
  const v = CRT[m].map((n) => CIRC[(12 - n) % 12]);
  const [f0, f2, re, im] = [v[0] + v[1] + v[2] + v[3], v[0] - v[1] + v[2] - v[3], v[0] - v[2], v[3] - v[1]];
  if (f0 % 4n || f2 % 4n || re % 2n || im % 2n) throw new Error("frequency-domain factors are not integers");
  freq.real0.push(f0 / 4n);
  freq.real2.push(f2 / 4n);
  freq.re.push(re / 2n);
  freq.im.push(im / 2n);
}
const circulantPlain = (x) => [...Array(12).keys()].map((r) => x.reduce((acc, _, i) => acc + CIRC[i] * x[(i + r) % 12], 0n));
const circulantFreq = (x) => {
  const f = CRT.map((lanes) => {
    const [a0, a1, a2, a3] = lanes.map((n) => x[n]);
    return { f0: a0 + a1 + a2 + a3, f2: a0 - a1 + a2 - a3, re: a0 - a2, im: a3 - a1 };
  });
  const y = Array(12);
  for (let k = 0; k < 3; k++) {
    let z0 = 0n, z2 = 0n, zr = 0n, zi = 0n;
    for (let j = 0; j < 3; j++) {
      const c = (k + 3 - j) % 3;
      z0 += f[j].f0 * freq.real0[c];
      z2 += f[j].f2 * freq.real2[c];
      zr += f[j].re * freq.re[c] - f[j].im * freq.im[c];
      zi += f[j].re * freq.im[c] + f[j].im * freq.re[c];
    }
    y[CRT[k][0]] = z0 + z2 + zr;
    y[CRT[k][1]] = z0 - z2 - zi;
    y[CRT[k][2]] = z0 + z2 - zr;
    y[CRT[k][3]] = z0 - z2 + zi;
  }
  return y;
};
let seed = 15n;
const random = () => {
  seed = (seed * 6364136223846793005n + 1442695040888963407n) % 2n ** 64n;
  return seed;
};
for (let t = 0; t < 200; t++) {
  const x = Array.from({ length: 12 }, random);
  const [a, b] = [circulantPlain(x), circulantFreq(x)];
  if (a.some((v, i) => v !== b[i])) throw new Error("frequency-domain circulant differs from the matrix");
}

// ---------------------------------------------------------------------------------------------
// Yul emission. The state lives in memory (12 words at `s`), the forward transform in 12 scratch
// words at `f`; every statement keeps few values live, so the legacy code generator never runs
// out of stack.
const hex = (x) => "0x" + x.toString(16).padStart(16, "0");
const lines = [];
const emit = (line) => lines.push(line);
// The state and scratch pointers: `s` and `f` in the permutation, `ms` and `mf` inside `mds`.
let [S, F_] = ["s", "f"];
const lane = (i) => (i === 0 ? S : `add(${S}, ${32 * i})`);
const scratch = (i) => (i === 0 ? F_ : `add(${F_}, ${32 * i})`);
const bits = Array(12).fill(64); // upper bound of each lane, in bits
const log2 = (x) => Math.log2(Number(x));

// c · x as a signed term: { negative, expr } (shl for powers of two, mul otherwise).
const term = (c, x) => {
  if (c === 0n) return null;
  const negative = c < 0n;
  const magnitude = negative ? -c : c;
  const bitsOf = magnitude.toString(2).length - 1;
  const expr = magnitude === 1n ? x : 2n ** BigInt(bitsOf) === magnitude ? `shl(${bitsOf}, ${x})` : `mul(${magnitude}, ${x})`;
  return { negative, expr };
};
// A signed sum as one expression (wrapping arithmetic: exact for the integer result).
const sum = (terms) => {
  const present = terms.filter(Boolean);
  const first = present.find((t) => !t.negative) ?? { negative: false, expr: "0" };
  let expr = first.expr;
  for (const t of present) {
    if (t === first) continue;
    expr = t.negative ? `sub(${expr}, ${t.expr})` : `add(${expr}, ${t.expr})`;
  }
  return expr;
};

function reduceLanesAbove(limit) {
  for (let i = 0; i < 12; i++) {
    if (bits[i] > limit) {
      emit(`mstore(${lane(i)}, mod(mload(${lane(i)}), P))`);
      bits[i] = 64;
    }
  }
}

function sbox(i) {
  emit(`{`);
  emit(`let x := mload(${lane(i)})`);
  emit(`let x2 := mulmod(x, x, P)`);
  emit(`mstore(${lane(i)}, mulmod(mulmod(x2, x2, P), mulmod(x2, x, P), P))`);
  emit(`}`);
  bits[i] = 64;
}

// The MDS step as a Yul function (its body once: spelled out in every round, the contract passed
// EIP-170's 24,576 bytes), then the next round's constants lane by lane.
function mds(next) {
  // The output grows by at most log2(Σ CIRC + DIAG) < 8.05 bits; the transform's intermediates by
  // a few more. Keep every lane below 2^240 on entry.
  reduceLanesAbove(240);
  const inBits = Math.max(...bits);
  emit(`mds(s, f)`);
  if (next) {
    emit(`// The next round's constants.`);
    for (let i = 0; i < 12; i++) emit(`mstore(${lane(i)}, add(mload(${lane(i)}), ${hex(next[i])}))`);
  }
  const outBits = Math.ceil(inBits + log2(CIRC.reduce((a, b) => a + b, 0n) + DIAG[0]) + 1);
  if (outBits > 250) throw new Error("bound overflow");
  bits.fill(outBits);
}

// The body of the Yul function `mds(state, scratch)`: state = MDS · state, in the frequency domain.
function mdsBody() {
  [S, F_] = ["ms", "mf"];
  emit(`function mds(ms, mf) {`);
  emit(`let x0 := mload(ms)`);
  for (let m = 0; m < 3; m++) {
    const [a0, a1, a2, a3] = CRT[m].map((n) => `mload(${lane(n)})`);
    emit(`{`);
    emit(`let a0 := ${a0}`);
    emit(`let a1 := ${a1}`);
    emit(`let a2 := ${a2}`);
    emit(`let a3 := ${a3}`);
    emit(`let s02 := add(a0, a2)`);
    emit(`let s13 := add(a1, a3)`);
    emit(`mstore(${scratch(4 * m)}, add(s02, s13))`);
    emit(`mstore(${scratch(4 * m + 1)}, sub(s02, s13))`);
    emit(`mstore(${scratch(4 * m + 2)}, sub(a0, a2))`);
    emit(`mstore(${scratch(4 * m + 3)}, sub(a3, a1))`);
    emit(`}`);
  }
  const F = (j, which) => `mload(${scratch(4 * j + which)})`;
  for (let k = 0; k < 3; k++) {
    const z0 = [], z2 = [], zr = [], zi = [];
    for (let j = 0; j < 3; j++) {
      const c = (k + 3 - j) % 3;
      z0.push(term(freq.real0[c], F(j, 0)));
      z2.push(term(freq.real2[c], F(j, 1)));
      zr.push(term(freq.re[c], F(j, 2)), term(-freq.im[c], F(j, 3)));
      zi.push(term(freq.im[c], F(j, 2)), term(freq.re[c], F(j, 3)));
    }
    emit(`{`);
    emit(`let z0 := ${sum(z0)}`);
    emit(`let z2 := ${sum(z2)}`);
    emit(`let zr := ${sum(zr)}`);
    emit(`let zi := ${sum(zi)}`);
    emit(`let sum := add(z0, z2)`);
    emit(`let difference := sub(z0, z2)`);
    const outputs = [
      [CRT[k][0], `add(sum, zr)`],
      [CRT[k][1], `sub(difference, zi)`],
      [CRT[k][2], `sub(sum, zr)`],
      [CRT[k][3], `add(difference, zi)`],
    ];
    for (const [n, expr] of outputs) {
      const value = DIAG[n] !== 0n ? `add(${expr}, ${term(DIAG[n], "x0").expr})` : expr;
      emit(`mstore(${lane(n)}, ${value})`);
    }
    emit(`}`);
  }
  emit(`}`);
  [S, F_] = ["s", "f"];
}

mdsBody();
emit(`// The first round's constants.`);
for (let i = 0; i < 12; i++) emit(`mstore(${lane(i)}, add(mload(${lane(i)}), ${hex(RC[0][i])}))`);
bits.fill(65);
for (let r = 0; r < ROUNDS; r++) {
  const full = r < HALF_FULL || r >= HALF_FULL + PARTIAL;
  emit(`// Round ${r} (${full ? "full" : "partial"})`);
  for (let i = 0; i < (full ? 12 : 1); i++) sbox(i);
  mds(r + 1 < ROUNDS ? RC[r + 1] : null);
}
emit(`// Canonical outputs.`);
for (let i = 0; i < 12; i++) emit(`mstore(${lane(i)}, mod(mload(${lane(i)}), P))`);

const content = `// SPDX-License-Identifier: MIT OR Apache-2.0
// @generated by scripts/gen/gen-goldilocks-yul.mjs from ${PARAMS}. Do not edit; run \`node scripts/gen/gen-goldilocks-yul.mjs\`.
pragma solidity ^0.8.24;

/// @title plonky2's Poseidon permutation over Goldilocks (width 12, x^7, 4 + 22 + 4 rounds) as unrolled Yul
/// @notice Equal to plonky2 1.1's \`<GoldilocksField as Poseidon>::poseidon\` (the constants are the Rust
/// library's, which crates/plonky2-reference proves equal to plonky2's). Each round's constants are added by
/// the previous MDS step; the MDS step (one Yul function) is computed in the frequency domain (shifts and
/// additions).
/// Range safety: lanes are plain 256-bit integers between S-boxes; the generator bounds every lane and
/// reduces with \`mod\` before any could pass 2^240, so sums never wrap; differences inside the transform
/// wrap but cancel exactly (the result of each MDS row is a non-negative integer below 2^256).
library GoldilocksPoseidonPermutation {
    /// @notice p = 2^64 - 2^32 + 1.
    uint256 internal constant P = 0xffffffff00000001;

    /// @notice Permutes \`state\` in place; every lane must be below P (callers check) and comes out below P.
    function permute(uint256[12] memory state) internal pure {
        /// @solidity memory-safe-assembly
        assembly {
            let s := state
            // 12 scratch words above the free memory pointer (not allocated: nothing else runs meanwhile).
            let f := mload(0x40)
            ${lines.join("\n            ")}
        }
    }
}
`;

const constantsContent = `// SPDX-License-Identifier: MIT OR Apache-2.0
// @generated by scripts/gen/gen-goldilocks-yul.mjs from ${PARAMS}. Do not edit; run \`node scripts/gen/gen-goldilocks-yul.mjs\`.
pragma solidity ^0.8.24;

/// @title plonky2's Poseidon parameters over Goldilocks (width 12) as plain tables
/// @notice For readable references (test/utils/GoldilocksPoseidonNaive.sol); the permutation itself is
/// GoldilocksPoseidonPermutation.
library GoldilocksPoseidonConstants {
    uint256 internal constant HALF_FULL_ROUNDS = ${HALF_FULL};
    uint256 internal constant PARTIAL_ROUNDS = ${PARTIAL};

    /// @notice Round constants: roundConstants()[12 * round + lane].
    function roundConstants() internal pure returns (uint256[${12 * ROUNDS}] memory) {
        return [uint256(${hex(flat[0])}), ${flat.slice(1).map(hex).join(", ")}];
    }

    /// @notice new[r] = sum over i of circ[i] * old[(i + r) % 12] + diag[r] * old[r].
    function mds() internal pure returns (uint256[12] memory circ, uint256[12] memory diag) {
        circ = [uint256(${CIRC[0]}), ${CIRC.slice(1).join(", ")}];
        diag = [uint256(${DIAG[0]}), ${DIAG.slice(1).join(", ")}];
    }
}
`;

writeOrCheckSolidity(
  [
    [OUT, content],
    [OUT_CONSTANTS, constantsContent],
  ],
  { check, generator: "gen-goldilocks-yul" },
);
if (check) console.log("gen-goldilocks-yul: solidity/generated Goldilocks files are current");
