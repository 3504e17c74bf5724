#!/usr/bin/env node
// Writes circomlib's MiMC vectors and EVM code in test/vectors/:
//   mimc.json   from circomlibjs 0.1.7 as published (`buildMimcSponge`, `buildMimc7`):
//               sponge          MiMCSponge hash(xL, xR, k) -> [xL, xR]: every combination of {0, 1, p − 1}
//                               in the three positions, then deterministic random triples
//               mimc7           MiMC7 hash(x, k): every combination of the extremes, then random pairs
//               hashLeftRight   Tornado Cash's MerkleTreeWithHistory.hashLeftRight over hash(·, ·, 0)
//                               (solidity/IStylusPoseidon.sol's IMiMCHasher NatSpec), same inputs as mimc7
//               spongeMultiHash multiHash(inputs, key, numOutputs), numOutputs 1 … 3, always an array of
//                               outputs (circomlibjs returns a bare value for one), empty inputs included
//               mimc7MultiHash  multiHash(inputs, key), empty inputs included
//               tornadoTree     a depth-20 tree of Tornado's shape: zeros[0] = keccak256("tornado") mod p,
//                               zeros[i + 1] = hashLeftRight(zeros[i], zeros[i]) (zeros[20]: the empty
//                               root), checked against the first three of Tornado's published zeros;
//                               then the root after each of a few inserts of the leaves given
//   circomlib-mimcsponge.bytecode  circomlibjs `mimcSpongecontract.createCode("mimcsponge", 220)`
//   circomlib-mimc7.bytecode       circomlibjs `mimc7Contract.createCode("mimc", 91)`
//   tornado-mimcsponge.bytecode    Tornado's two-argument hasher (scripts/lib/mimcsponge-evm.mjs)
//   mimcsponge-hashleftright.bytecode  hashLeftRight in one EVM contract (scripts/lib/mimcsponge-evm.mjs)
// Every number is a 0x-prefixed, 64-digit lowercase hex string (forge's vm.parseJson*, serde).
// `--check` regenerates in memory and fails if a committed file differs.
import { createHash } from "node:crypto";
import { buildMimc7, buildMimcSponge, mimc7Contract, mimcSpongecontract } from "circomlibjs";
import { keccak256, toBytes } from "viem";
import { P, hashLeftRightCode, tornadoHasherCode } from "../lib/mimcsponge-evm.mjs";
import { parseOptions } from "../lib/args.mjs";
import { writeOrCheck } from "../lib/generated-files.mjs";

const { check } = parseOptions({ check: { type: "boolean" } }, { usage: "node scripts/gen/gen-mimc-vectors.mjs [--check]" }).values;
const hex = (x) => "0x" + BigInt(x).toString(16).padStart(64, "0");

// Deterministic "random" field elements, gen-vectors.mjs's way (sha256 of a label and counter, mod p),
// under a label of their own so that neither file's values move when the other's change.
let counter = 0;
const randomElement = () => BigInt("0x" + createHash("sha256").update(`stylus-poseidon mimc vectors ${counter++}`).digest("hex")) % P;
const randoms = (n, width) => Array.from({ length: n }, () => Array.from({ length: width }, randomElement));

const EDGES = [0n, 1n, P - 1n];
/** Every combination of the edges in `n` positions. */
const combos = (n) => (n === 0 ? [[]] : combos(n - 1).flatMap((c) => EDGES.map((e) => [...c, e])));
const RANDOM_COUNT = 12;

const sponge = await buildMimcSponge();
const mimc7 = await buildMimc7();
const big = (F) => (x) => BigInt(F.toString(x));
const [fromSponge, fromMimc7] = [big(sponge.F), big(mimc7.F)];

const spongeHash = (xL, xR, k) => {
  const { xL: l, xR: r } = sponge.hash(xL, xR, k);
  return [fromSponge(l), fromSponge(r)];
};
/** Tornado's hashLeftRight: R = left; (R, C) = sponge(R, 0); R = R + right; (R, C) = sponge(R, C). */
function hashLeftRight(left, right) {
  const [r, c] = spongeHash(left, 0n, 0n);
  return spongeHash((r + right) % P, c, 0n)[0];
}

const pairs = [...combos(2), ...randoms(RANDOM_COUNT, 2)];
const multiInputs = [[], [0n], [1n], [P - 1n], [0n, 1n, P - 1n], [P - 1n, P - 1n], ...randoms(2, 2), ...randoms(1, 5)];
const keys = [0n, 1n, P - 1n, randomElement()];

// ---------------------------------------------------------------- Tornado's tree

// Tornado Cash's MerkleTreeWithHistory.sol (tornado-core) `zeros(0)`, `zeros(1)`, `zeros(2)`, as published.
const TORNADO_ZEROS = [
  0x2fe54c60d3acabf3343a35b6eba15db4821b340f76e741e2249685ed4899af6cn,
  0x256a6135777eee2fd26f54b8b7037a25439d5235caee224154186d2b8a52e31dn,
  0x1151949895e82ab19924de92c40a3d6f7bcb60d92b00504b8199613683f0c200n,
];
const DEPTH = 20;
const zeros = [BigInt(keccak256(toBytes("tornado"))) % P];
for (let i = 0; i < DEPTH; i++) zeros.push(hashLeftRight(zeros[i], zeros[i]));
TORNADO_ZEROS.forEach((want, i) => {
  if (zeros[i] !== want) throw new Error(`Tornado's zeros(${i}): computed ${hex(zeros[i])}, published ${hex(want)}`);
});

/** Roots of the append-only tree after each of `leaves`, by the filled-subtrees walk Tornado's _insert makes. */
function treeRoots(leaves) {
  const filled = zeros.slice(0, DEPTH);
  return leaves.map((leaf, index) => {
    let node = leaf;
    for (let i = 0, at = index; i < DEPTH; i++, at >>= 1) {
      if (at % 2 === 0) {
        filled[i] = node;
        node = hashLeftRight(node, zeros[i]);
      } else {
        node = hashLeftRight(filled[i], node);
      }
    }
    return node;
  });
}
// Leaves 1 … 8: what scripts/gas-report/evm-gas.sh inserts; then five random ones.
const treeLeaves = [...Array.from({ length: 8 }, (_, i) => BigInt(i + 1)), ...randoms(5, 1).flat()];

const doc = {
  source:
    "@generated by scripts/gen/gen-mimc-vectors.mjs from circomlibjs 0.1.7 buildMimcSponge (MiMCSponge, 220 rounds) and buildMimc7 (MiMC7, 91 rounds); do not edit. hashLeftRight and tornadoTree: Tornado Cash's MerkleTreeWithHistory formulas over buildMimcSponge, zeros checked against its published zeros(0..2)",
  sponge: [...combos(3), ...randoms(RANDOM_COUNT, 3)].map(([xL, xR, k]) => ({ inputs: [xL, xR, k].map(hex), outputs: spongeHash(xL, xR, k).map(hex) })),
  mimc7: pairs.map(([x, k]) => ({ inputs: [x, k].map(hex), output: hex(fromMimc7(mimc7.hash(x, k))) })),
  hashLeftRight: pairs.map(([l, r]) => ({ inputs: [l, r].map(hex), output: hex(hashLeftRight(l, r)) })),
  spongeMultiHash: multiInputs.flatMap((inputs) =>
    [keys[0], keys[2], keys[3]].flatMap((key) =>
      [1, 2, 3].map((numOutputs) => {
        const out = sponge.multiHash(inputs, key, numOutputs);
        const outputs = numOutputs === 1 ? [out] : out;
        return { inputs: inputs.map(hex), key: hex(key), numOutputs, outputs: outputs.map((x) => hex(fromSponge(x))) };
      }),
    ),
  ),
  mimc7MultiHash: multiInputs.flatMap((inputs) =>
    keys.map((key) => ({ inputs: inputs.map(hex), key: hex(key), output: hex(fromMimc7(mimc7.multiHash(inputs, key))) })),
  ),
  tornadoTree: { depth: DEPTH, zeros: zeros.map(hex), leaves: treeLeaves.map(hex), roots: treeRoots(treeLeaves).map(hex) },
};

const files = {
  "test/vectors/mimc.json": JSON.stringify(doc, null, 2) + "\n",
  "test/vectors/circomlib-mimcsponge.bytecode": mimcSpongecontract.createCode("mimcsponge", 220),
  "test/vectors/circomlib-mimc7.bytecode": mimc7Contract.createCode("mimc", 91),
  "test/vectors/tornado-mimcsponge.bytecode": tornadoHasherCode(),
  "test/vectors/mimcsponge-hashleftright.bytecode": hashLeftRightCode(),
};

writeOrCheck(Object.entries(files), { check, generator: "gen/gen-mimc-vectors" });
if (check) console.log("gen-mimc-vectors: MiMC vectors and bytecode are current");
process.exit(0);
