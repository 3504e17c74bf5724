#!/usr/bin/env node
// Generates the circomlib Poseidon parameter modules of crates/poseidon-bn254 from circomlibjs's
// published optimized constants (node_modules/circomlibjs/src/poseidon_constants_opt.json): for
// t = 2..17 (1 to 16 inputs, every width circomlib defines), circomlib's tables as published (C, S, M, P) and the companion-form tables derived
// from them (see `companion` below), and the engine's `Instance` impl (`T<t>`) over them.
// Usage: node scripts/gen/gen-constants.mjs [--check]
// With --check it writes nothing and exits 1 if a committed module differs from what it would write.
import fs from "node:fs";
import path from "node:path";
import { parseOptions } from "../lib/args.mjs";
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..", "..");
const circomlibjsDir = path.join(root, "node_modules/circomlibjs");
const source = "circomlibjs/src/poseidon_constants_opt.json";
const readJson = (file) => JSON.parse(fs.readFileSync(path.join(circomlibjsDir, file), "utf8"));
const circomlibjsVersion = readJson("package.json").version;
const opt = readJson("src/poseidon_constants_opt.json");
const outDir = path.join(root, "crates/poseidon-bn254/src/poseidon/params");
const { check } = parseOptions({ check: { type: "boolean" } }, { usage: "node scripts/gen/gen-constants.mjs [--check]" }).values;

// circomlib's partial round counts, indexed by t - 2 (circomlibjs src/poseidon_opt.js N_ROUNDS_P).
const PARTIAL_ROUNDS = [56, 57, 56, 60, 60, 63, 64, 63, 60, 66, 60, 65, 70, 60, 64, 68];
const FULL_ROUNDS = 8;
const WIDTHS = PARTIAL_ROUNDS.map((_, i) => i + 2);
// The published tables must cover every width with the round counts above (C has 8·t + R_P entries).
for (const t of WIDTHS) {
  if (opt.C[t - 2]?.length !== FULL_ROUNDS * t + PARTIAL_ROUNDS[t - 2]) {
    throw new Error(`${source}: t = ${t} has ${opt.C[t - 2]?.length} round constants, not ${FULL_ROUNDS} · ${t} + ${PARTIAL_ROUNDS[t - 2]}`);
  }
}

// ---------------------------------------------------------------- arithmetic mod p (BigInt)
const p = 21888242871839275222246405745257275088548364400416034343698204186575808495617n;
const mod = (x) => ((x % p) + p) % p;
const inverse = (x) => {
  let [r, e, b] = [1n, p - 2n, mod(x)];
  for (; e > 0n; e >>= 1n, b = (b * b) % p) if (e & 1n) r = (r * b) % p;
  return r;
};
const matVec = (A, x) => A.map((row) => mod(row.reduce((s, a, j) => s + a * x[j], 0n)));
const matMul = (A, B) => A.map((row) => B[0].map((_, j) => mod(row.reduce((s, a, k) => s + a * B[k][j], 0n))));
const transpose = (A) => A[0].map((_, j) => A.map((row) => row[j]));
/** Gauss-Jordan inverse; throws if A is singular. */
function matInverse(A) {
  const n = A.length;
  const rows = A.map((row, i) => [...row, ...A.map((_, j) => (i === j ? 1n : 0n))]);
  for (let c = 0; c < n; c++) {
    const pivot = rows.findIndex((row, r) => r >= c && row[c] !== 0n);
    if (pivot < 0) throw new Error("singular matrix");
    [rows[c], rows[pivot]] = [rows[pivot], rows[c]];
    const scale = inverse(rows[c][c]);
    rows[c] = rows[c].map((x) => (x * scale) % p);
    for (let r = 0; r < n; r++) {
      if (r === c || rows[r][c] === 0n) continue;
      const f = rows[r][c];
      rows[r] = rows[r].map((x, k) => mod(x - f * rows[c][k]));
    }
  }
  return rows.map((row) => row.slice(n));
}

// ---------------------------------------------------------------- the companion form
// circomlibjs mixes as new[i] = Σ_j M[j][i]·state[j], i.e. with A = Mᵀ: new = A·state. Split
// A = [[a, bᵀ], [c, D]] (lane 0 and the n = t − 1 other lanes). A partial round maps (s, rest) to
// (a·s + bᵀ·rest, c·s + D·rest), s being lane 0 after its S-box and round constant. In the Krylov
// basis Q = [c, Dc, …, Dⁿ⁻¹c] (rest = Q·r; Q is invertible when c is a cyclic vector of D, which
// is checked), D becomes the companion matrix of its characteristic polynomial and c becomes e₀:
//   r'₀ = s + k₀·rₙ₋₁,  r'ⱼ = rⱼ₋₁ + kⱼ·rₙ₋₁ (j ≥ 1),  lane0' = a·s + Σⱼ βⱼ·rⱼ
// with Dⁿc = Σⱼ kⱼ·Dʲc (SCALE = k) and β = bᵀQ (ROW = [a, β]): 2t − 1 products per round like the
// sparse form, but every round shares these 2t − 1 constants. PRE = diag(1, Q⁻¹)·A replaces the
// mix that enters the partial rounds; POST = [[a, βᵀ], [c, D·Q]] is the last partial round's mix,
// back in the standard basis. The per-round scalars are circomlib's own (C), unchanged: the basis
// change touches lanes 1…n only, and circomlib's optimized constants only add to lane 0 there.
function companion(M) {
  const A = transpose(M);
  const n = A.length - 1;
  const a = A[0][0];
  const b = A[0].slice(1);
  const c = A.slice(1).map((row) => row[0]);
  const D = A.slice(1).map((row) => row.slice(1));
  const krylov = [c];
  for (let j = 1; j <= n; j++) krylov.push(matVec(D, krylov[j - 1]));
  const Q = transpose(krylov.slice(0, n));
  let Qinv;
  try {
    Qinv = matInverse(Q);
  } catch {
    throw new Error(`t = ${n + 1}: c is not a cyclic vector of D; the companion form does not apply`);
  }
  const scale = matVec(Qinv, krylov[n]);
  const beta = matVec(transpose(Q), b);
  const pre = [A[0], ...matMul(Qinv, A.slice(1))];
  const DQ = matMul(D, Q);
  const post = [[a, ...beta], ...c.map((ci, i) => [ci, ...DQ[i]])];
  // Emitted in circomlib's orientation, like M: the engine's mix computes new[i] = Σ_j X[j][i]·x[j].
  return { row: [a, ...beta], scale, pre: transpose(pre), post: transpose(post) };
}

// ---------------------------------------------------------------- the module text
const hex = (v) => "0x" + BigInt(v).toString(16).padStart(64, "0");
const table = (values, indent) => values.map((v) => `${indent}Fr::from_hex("${hex(v)}"),`).join("\n");
const matrix = (rows) =>
  rows.map((row) => `    [\n${table(row, "        ")}\n    ],`).join("\n");

function module(t) {
  const i = t - 2;
  const [C, S, M, P] = [opt.C[i], opt.S[i], opt.M[i], opt.P[i]];
  const form = companion(M.map((row) => row.map(BigInt)));
  return `// @generated by scripts/gen/gen-constants.mjs from circomlibjs ${circomlibjsVersion} src/poseidon_constants_opt.json; do not edit.
//! circomlib Poseidon parameters for t = ${t} (${t - 1} input${t > 2 ? "s" : ""}): circomlib's optimized tables and the
//! companion-form tables derived from them.
//!
//! Generated by \`scripts/gen/gen-constants.mjs\` from circomlibjs ${circomlibjsVersion} \`src/poseidon_constants_opt.json\`,
//! which circomlib derived from the Grain-LFSR constants of the Poseidon reference
//! (\`generate_parameters_grain.sage 1 0 254 ${t} ${FULL_ROUNDS} ${PARTIAL_ROUNDS[i]}\`) with neptune's sparse-matrix
//! optimization. \`C\`, \`S\`, \`M\`, \`P\` are circomlibjs's tables as published; \`COMPANION_*\` are computed
//! by the generator from \`M\` alone (its companion form; see the engine's docs).
//! Tests check every published entry against circomlibjs, re-derive the companion tables from \`M\`,
//! and check every representation of the permutation against the plain one built from circomlibjs's
//! unoptimized constants.
#![cfg_attr(rustfmt, rustfmt::skip)]
// \`const\`, not \`static\`: indexed with compile-time indices, entries become instruction
// immediates instead of a data segment (which Stylus charges ~0.75 gas per byte on every call).
#![allow(clippy::large_const_arrays)]

use crate::poseidon::Instance;
use crate::Fr;

/// State width.
pub const WIDTH: usize = ${t};
/// Full rounds (half before, half after the partial rounds).
pub const FULL_ROUNDS: usize = ${FULL_ROUNDS};
/// Partial rounds.
pub const PARTIAL_ROUNDS: usize = ${PARTIAL_ROUNDS[i]};

/// Round constants, optimized form (${C.length} = ${FULL_ROUNDS} · ${t} + ${PARTIAL_ROUNDS[i]}): one per partial round, added to lane 0.
pub const C: [Fr; ${C.length}] = [
${table(C, "    ")}
];

/// Sparse partial-round matrices, ${2 * t - 1} entries per round (row 0, then column 0 below the diagonal).
/// Only the \`forms\` feature's sparse form uses it (and the consts of the wide widths are many).
#[cfg(feature = "forms")]
pub const S: [Fr; ${S.length}] = [
${table(S, "    ")}
];

/// MDS matrix (used as \`new[i] = Σ_j M[j][i] · state[j]\`).
pub const M: [[Fr; ${t}]; ${t}] = [
${matrix(M)}
];

/// Pre-sparse matrix applied after the last full round of the first half (sparse form).
#[cfg(feature = "forms")]
pub const P: [[Fr; ${t}]; ${t}] = [
${matrix(P)}
];

/// Companion form: lane 0's row of every partial round but the last, \`[a, bᵀ·Q]\`, by logical lane.
pub const COMPANION_ROW: [Fr; ${t}] = [
${table(form.row, "    ")}
];

/// Companion form: \`k\` with \`Dⁿ·c = Σ_j k_j·Dʲ·c\`, the multiples of the last Krylov lane added to
/// the others each partial round.
pub const COMPANION_SCALE: [Fr; ${t - 1}] = [
${table(form.scale, "    ")}
];

/// Companion form: the mix into the partial rounds, \`diag(1, Q⁻¹)·Mᵀ\` (circomlib's orientation).
pub const COMPANION_PRE: [[Fr; ${t}]; ${t}] = [
${matrix(form.pre)}
];

/// Companion form: the last partial round's mix, back to the standard basis (circomlib's orientation).
pub const COMPANION_POST: [[Fr; ${t}]; ${t}] = [
${matrix(form.post)}
];

/// circomlib's t = ${t} instance: the tables above, for the engine (\`crate::poseidon\`).
pub struct T${t};

impl Instance<${t}> for T${t} {
    const FULL_ROUNDS: usize = FULL_ROUNDS;
    const PARTIAL_ROUNDS: usize = PARTIAL_ROUNDS;
    const C: &'static [Fr] = &C;
    const M: [[Fr; ${t}]; ${t}] = M;
    #[cfg(feature = "forms")]
    const P: [[Fr; ${t}]; ${t}] = P;
    #[cfg(feature = "forms")]
    const S: &'static [Fr] = &S;
    const COMPANION_ROW: [Fr; ${t}] = COMPANION_ROW;
    const COMPANION_SCALE: &'static [Fr] = &COMPANION_SCALE;
    const COMPANION_PRE: [[Fr; ${t}]; ${t}] = COMPANION_PRE;
    const COMPANION_POST: [[Fr; ${t}]; ${t}] = COMPANION_POST;
}
`;
}

let stale = false;
fs.mkdirSync(outDir, { recursive: true });
for (const t of WIDTHS) {
  const file = path.join(outDir, `t${t}.rs`);
  const text = module(t);
  if (check) {
    if (!fs.existsSync(file) || fs.readFileSync(file, "utf8") !== text) {
      console.error(`gen-constants: ${path.relative(root, file)} is not what ${source} generates; run node scripts/gen/gen-constants.mjs`);
      stale = true;
    }
  } else {
    fs.writeFileSync(file, text);
    console.log(`wrote ${path.relative(root, file)}`);
  }
}
process.exitCode = stale ? 1 : 0;
