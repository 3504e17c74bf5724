// Poseidon2 t=3 over BN254 in plain BigInt JavaScript: an independent check of the Yul contract,
// written from the Poseidon2 paper (eprint 2023/323) and openzeppelin-crypto 0.3's sponge convention.
// Parameters (round constants, internal diagonal) come from test/vectors/poseidon2-bn254-t3-params.json.
import { readFileSync } from "node:fs";

export const P = 21888242871839275222246405745257275088548364400416034343698204186575808495617n;

export function loadParams() {
  const raw = JSON.parse(readFileSync(new URL("../../test/vectors/poseidon2-bn254-t3-params.json", import.meta.url)));
  return {
    ...raw,
    diag: raw.mat_internal_diag_m_1.map(BigInt),
    rc: raw.round_constants.map((row) => row.map(BigInt)),
  };
}

const pow5 = (x) => {
  const x2 = (x * x) % P;
  return (((x2 * x2) % P) * x) % P;
};

// M_E = circ(2, 1, 1): each element plus the sum of all.
function external(s) {
  const sum = s[0] + s[1] + s[2];
  return s.map((x) => (x + sum) % P);
}

// M_I = ones + diag(d - 1): each element times its diagonal entry plus the sum of all.
function internal(s, diag) {
  const sum = s[0] + s[1] + s[2];
  return s.map((x, i) => (x * diag[i] + sum) % P);
}

/** The Poseidon2 permutation of a 3-element state. */
export function permute(state, params) {
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
