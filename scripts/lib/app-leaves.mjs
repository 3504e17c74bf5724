// The leaves the app tests and the apps' gas rows insert: leaf(seed, i) =
// uint256(sha256(abi.encode(seed, i))) mod p, or 1 if that is 0 (test/apps/AppLinks.sol `leaf` is the
// same rule, with the sha256 precompile), so a scenario is reproducible from its seed alone.
import { createHash } from "node:crypto";

/** The BN254 scalar field modulus (SNARK_SCALAR_FIELD). */
export const P = 21888242871839275222246405745257275088548364400416034343698204186575808495617n;

const word = (x) => BigInt(x).toString(16).padStart(64, "0");

export function leaf(seed, i) {
  const digest = createHash("sha256").update(Buffer.from(word(seed) + word(i), "hex")).digest("hex");
  const value = BigInt("0x" + digest) % P;
  return value === 0n ? 1n : value;
}

/** leaf(seed, i) for i in [from, to). */
export const leaves = (seed, from, to) => Array.from({ length: to - from }, (_, k) => leaf(seed, from + k));
