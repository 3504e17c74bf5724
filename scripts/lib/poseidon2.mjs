// Poseidon2 over BN254 in plain BigInt JavaScript, for t = 2, 3, 4: an independent check of the Rust
// library and of the Yul contracts, written from the Poseidon2 paper (eprint 2023/323).
// Parameter files (round constants, internal diagonal) are JSON in test/vectors:
//   poseidon2-bn254-t3-params.json          openzeppelin-crypto 0.3 (Barretenberg set, t = 3)
//   poseidon2-params/<set>-t<N>.json        every instance (scripts/gen/extract-poseidon2-sets.mjs)
import { readFileSync } from "node:fs";

export const P = 21888242871839275222246405745257275088548364400416034343698204186575808495617n;

function parse(raw) {
  return {
    ...raw,
    diag: raw.mat_internal_diag_m_1.map(BigInt),
    rc: raw.round_constants.map((row) => row.map(BigInt)),
  };
}

/** openzeppelin-crypto 0.3's t = 3 parameters (the existing `poseidon2(a, b)`). */
export function loadParams() {
  return parse(JSON.parse(readFileSync(new URL("../../test/vectors/poseidon2-bn254-t3-params.json", import.meta.url))));
}

/** One instance: set "barretenberg" or "codex", width 2, 3 or 4. */
export function loadInstance(set, t) {
  return parse(JSON.parse(readFileSync(new URL(`../../test/vectors/poseidon2-params/${set}-t${t}.json`, import.meta.url))));
}

const pow5 = (x) => {
  const x2 = (x * x) % P;
  return (((x2 * x2) % P) * x) % P;
};

// The external matrix: circ(2, 1) for t = 2, circ(2, 1, 1) for t = 3 (each element plus the sum of
// all), and for t = 4 the paper's M4 = [[5, 7, 1, 3], [4, 6, 1, 1], [1, 3, 5, 7], [1, 1, 4, 6]].
const M4 = [
  [5n, 7n, 1n, 3n],
  [4n, 6n, 1n, 1n],
  [1n, 3n, 5n, 7n],
  [1n, 1n, 4n, 6n],
];
export function external(s) {
  if (s.length === 4) return M4.map((row) => row.reduce((acc, m, j) => acc + m * s[j], 0n) % P);
  const sum = s.reduce((a, b) => a + b, 0n);
  return s.map((x) => (x + sum) % P);
}

// M_I = ones + diag(d): each element times its diagonal entry plus the sum of all.
function internal(s, diag) {
  const sum = s.reduce((a, b) => a + b, 0n);
  return s.map((x, i) => (x * diag[i] + sum) % P);
}

/** The Poseidon2 permutation of a t-element state. */
export function permute(state, params) {
  if (state.length !== params.t) throw new Error(`state of ${state.length} elements for t = ${params.t}`);
  const half = params.rounds_f / 2;
  let s = external(state.map((x) => x % P));
  for (let r = 0; r < params.rounds_f + params.rounds_p; r++) {
    if (r < half || r >= half + params.rounds_p) {
      s = s.map((x, i) => pow5((x + params.rc[r][i]) % P));
      s = external(s);
    } else {
      s[0] = pow5((s[0] + params.rc[r][0]) % P);
      s = internal(s, params.diag);
    }
  }
  return s;
}

/**
 * The two-input hash of openzeppelin-crypto's `Poseidon2` sponge: the capacity element is state[0],
 * absorb(a) adds a to state[1], absorb(b) adds b to state[2], squeeze permutes and returns state[1].
 */
export function hash2(a, b, params) {
  return permute([0n, a, b], params)[params.capacity];
}

/**
 * Noir's `poseidon::poseidon2::Poseidon2::hash(inputs, inputs.len())` (`std::hash::poseidon2` up to
 * 1.0.0-beta.3, same values; barretenberg's t = 4 sponge):
 * rate 3 (lanes 0..2), capacity lane 3 starting at n * 2^64; inputs absorbed three at a time, one
 * permutation per block of three (the last block zero-padded, an empty input one block of zeros);
 * the output is lane 0. `variable` appends the trailing 1 of the variable-length variant (the
 * capacity still holds the message length n).
 */
export function noirHash(inputs, params, variable = false) {
  const message = variable ? [...inputs, 1n] : inputs;
  const state = [0n, 0n, 0n, BigInt(inputs.length) << 64n];
  let s = state;
  const blocks = Math.max(1, Math.ceil(message.length / 3));
  for (let b = 0; b < blocks; b++) {
    for (let i = 0; i < 3; i++) s[i] = (s[i] + (message[3 * b + i] ?? 0n)) % P;
    s = permute(s, params);
  }
  return s[0];
}

/** TaceoLabs poseidon2-solidity `compress`: permutation(x)[0] + x[0]. */
export function compress(inputs, params) {
  return (permute([...inputs], params)[0] + inputs[0]) % P;
}
