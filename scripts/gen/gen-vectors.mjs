#!/usr/bin/env node
// Writes the shared test vectors in test/vectors/ from the published references:
//   poseidon.json   circomlib Poseidon (circomlibjs 0.1.7 `buildPoseidonReference`) for 1..16 inputs,
//                   each cross-checked against poseidon-lite `poseidonN` before anything is written
//   poseidon2.json  Poseidon2 t=3 two-input hash, openzeppelin-crypto 0.3 convention (scripts/lib/poseidon2.mjs),
//                   cross-checked here against the published vectors before anything is written
//   iden3-sponge.json  iden3's sponge over t = 7 (@iden3/js-crypto 1.3.3 `poseidon.spongeHashX(values, 6)`) for
//                   1 to 40 values, each cross-checked against a sponge over circomlibjs's poseidon written here
//   circomlib-poseidon-t{2..7}.bytecode  creation code of circomlibjs `poseidonContract.createCode(n)`, n = 1..6
//                   (the peer of the programs' poseidon(uint256[n]) and poseidon(bytes32[n]); t3 is a gas peer too)
// Every number is a 0x-prefixed, 64-digit lowercase hex string, readable by forge (vm.parseJson*) and serde.
// `--check` regenerates in memory and fails if a committed file differs (the freshness check).
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { buildPoseidonReference, poseidonContract } from "circomlibjs";
import { P, loadParams, hash2, permute } from "../lib/poseidon2.mjs";
import { parseOptions } from "../lib/args.mjs";

const { check } = parseOptions({ check: { type: "boolean" } }, { usage: "node scripts/gen/gen-vectors.mjs [--check]" }).values;
const hex = (x) => "0x" + BigInt(x).toString(16).padStart(64, "0");

// Deterministic "random" field elements: sha256 of a fixed label and counter, reduced mod p.
let counter = 0;
const randomElement = () => BigInt("0x" + createHash("sha256").update(`stylus-poseidon vectors ${counter++}`).digest("hex")) % P;

const EDGES = [0n, 1n, P - 1n];
function inputSets(width, randomCount) {
  const sets = [];
  if (width <= 2) {
    // Every combination of the edge values.
    const combos = (n) => (n === 0 ? [[]] : combos(n - 1).flatMap((c) => EDGES.map((e) => [...c, e])));
    sets.push(...combos(width));
  } else {
    for (const e of EDGES) sets.push(Array(width).fill(e));
    sets.push(Array.from({ length: width }, (_, i) => EDGES[i % 3]));
  }
  sets.push(Array.from({ length: width }, (_, i) => BigInt(i + 1))); // 1, 2, ...
  for (let i = 0; i < randomCount; i++) sets.push(Array.from({ length: width }, randomElement));
  return sets;
}

const poseidon = await buildPoseidonReference();
const toBig = (x) => BigInt(poseidon.F.toString(x));
const circom = { source: "circomlibjs 0.1.7 buildPoseidonReference (circomlib Poseidon, BN254, t = inputs + 1)" };
const circomTable = (width, randomCount) =>
  inputSets(width, randomCount).map((inputs) => ({ inputs: inputs.map(hex), output: hex(toBig(poseidon(inputs))) }));
for (const [width, randomCount] of [[1, 8], [2, 16], [3, 8], [4, 8]]) {
  circom[`t${width + 1}`] = circomTable(width, randomCount);
}

// Poseidon2: the independent JS implementation must reproduce the published vectors first.
const params = loadParams();
const PUBLISHED = [
  { what: "openzeppelin-crypto 0.3 issue vector hash(123, 123456)", got: hash2(123n, 123456n, params), want: 0x16f70722695a5829a59319fbf746df957a513fdf72b070a67bb72db08070e5den },
  { what: "openzeppelin-crypto 0.3 bn256.rs smoke test, squeeze 1", got: permute([0n, 1n, 2n], params)[1], want: 0x303b6f7c86d043bfcbcc80214f26a30277a15d3f74ca654992defe7ff8d03570n },
  { what: "openzeppelin-crypto 0.3 bn256.rs smoke test, squeeze 2", got: permute([0n, 1n, 2n], params)[2], want: 0x1ed25194542b12eef8617361c3ba7c52e660b145994427cc86296242cf766ec8n },
  { what: "HorizenLabs poseidon2 BN254 t=3 permutation test, element 0", got: permute([0n, 1n, 2n], params)[0], want: 0x0bb61d24daca55eebcb1929a82650f328134334da98ea4f847f760054f4a3033n },
];
for (const { what, got, want } of PUBLISHED) {
  if (got !== want) throw new Error(`Poseidon2 reference mismatch (${what}): got ${hex(got)}, want ${hex(want)}`);
}
const p2Inputs = [[123n, 123456n], ...inputSets(2, 16)];
const poseidon2 = {
  source: "openzeppelin-crypto 0.3 Poseidon2<BN256Params, FpBN256>: absorb(a), absorb(b), squeeze; computed by scripts/lib/poseidon2.mjs and checked against the published vectors",
  t3: p2Inputs.map(([a, b]) => ({ inputs: [hex(a), hex(b)], output: hex(hash2(a, b, params)) })),
  permutation: [{ input: [0n, 1n, 2n].map(hex), output: permute([0n, 1n, 2n], params).map(hex) }],
};

// Five inputs (t = 6) last: its random inputs come after every earlier table's, which stay as they were.
circom.t6 = circomTable(5, 8);
// Then 6 to 16 inputs (t = 7 … 17), after every table above (which stay as they were).
for (let width = 6; width <= 16; width++) circom[`t${width + 1}`] = circomTable(width, 8);

// An independent implementation must agree on every vector (circomlib's constants, plain BigInt).
const lite = createRequire(import.meta.url)("poseidon-lite");
for (const [table, cases] of Object.entries(circom)) {
  if (table === "source") continue;
  for (const { inputs, output } of cases) {
    const want = hex(lite[`poseidon${inputs.length}`](inputs.map(BigInt)));
    if (want !== output) throw new Error(`${table} ${inputs}: circomlibjs ${output}, poseidon-lite ${want}`);
  }
}

// iden3's sponge: frames of six, each full frame's hash the next frame's first element (SpongePoseidon).
const { poseidon: iden3Poseidon } = await import("@iden3/js-crypto");
const FRAME = 6;
function spongeOverCircomlibjs(values) {
  let frame = Array(FRAME).fill(0n);
  let [next, dirty, out] = [0, false, 0n];
  for (const value of values) {
    frame[next] = value;
    dirty = next !== FRAME - 1;
    if (dirty) next++;
    else {
      out = toBig(poseidon(frame));
      [frame, next] = [[out, ...Array(FRAME - 1).fill(0n)], 1];
    }
  }
  return dirty ? toBig(poseidon(frame)) : out;
}
const sponge = {
  source: "@iden3/js-crypto 1.3.3 poseidon.spongeHashX(values, 6), equal to a sponge over circomlibjs 0.1.7 poseidon written in scripts/gen/gen-vectors.mjs (iden3's SpongePoseidon; no values hash to 0 there)",
  cases: Array.from({ length: 40 }, (_, i) => {
    const values = i === 0 ? [P - 1n] : Array.from({ length: i + 1 }, randomElement);
    const output = iden3Poseidon.spongeHashX(values, FRAME);
    const again = spongeOverCircomlibjs(values);
    if (output !== again) throw new Error(`sponge of ${values.length} values: @iden3/js-crypto ${hex(output)}, circomlibjs ${hex(again)}`);
    return { inputs: values.map(hex), output: hex(output) };
  }),
};

const files = {
  "test/vectors/poseidon.json": JSON.stringify(circom, null, 2) + "\n",
  "test/vectors/poseidon2.json": JSON.stringify(poseidon2, null, 2) + "\n",
  "test/vectors/iden3-sponge.json": JSON.stringify(sponge, null, 2) + "\n",
  // circomlibjs's contract for each width: the peer of poseidon(uint256[N]) and poseidon(bytes32[N]).
  ...Object.fromEntries([1, 2, 3, 4, 5, 6].map((n) => [`test/vectors/circomlib-poseidon-t${n + 1}.bytecode`, poseidonContract.createCode(n)])),
};

let stale = [];
for (const [path, content] of Object.entries(files)) {
  const url = new URL(`../../${path}`, import.meta.url);
  if (check) {
    let current = null;
    try {
      current = readFileSync(url, "utf8");
    } catch {}
    if (current !== content) stale.push(path);
  } else {
    writeFileSync(url, content);
    console.log(`wrote ${path}`);
  }
}
if (stale.length) {
  console.error(`gen-vectors: stale or missing: ${stale.join(", ")}; run \`node scripts/gen/gen-vectors.mjs\` and commit`);
  process.exit(1);
}
if (check) console.log("gen-vectors: test/vectors is current");
process.exit(0);
