// Reference Poseidon hashes for the Rust differential tests (tests/circomlib_differential.rs).
//
// Usage: node reference.mjs <reference> < inputs.jsonl > hashes.txt
//   <reference>: circomlibjs-wasm | circomlibjs-reference | poseidon-lite (1 to 16 inputs)
//                zkpassport-noir (@zkpassport/poseidon2 `poseidon2Hash`: Noir's hash, any length)
//   stdin:  one JSON array of decimal strings (field elements) per line
//   stdout: one hash per input line, "0x" + 64 lowercase hex digits, in input order
//
// Output is written with fs.writeSync: a Node process that writes a large buffer to a pipe and
// then exits can lose the tail of an asynchronous process.stdout.write.
import fs from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

function fail(message) {
  fs.writeSync(2, `reference.mjs: ${message}\n`);
  process.exit(2);
}

// Each builder returns hash(inputs: bigint[]) -> bigint.
const builders = {
  // circomlibjs's default export: the WASM-compiled optimized Poseidon.
  "circomlibjs-wasm": async () => {
    const { buildPoseidon } = await import("circomlibjs");
    const poseidon = await buildPoseidon();
    return (inputs) => poseidon.F.toObject(poseidon(inputs));
  },
  // The plain, unoptimized permutation with the original round constants and MDS matrix.
  "circomlibjs-reference": async () => {
    const { buildPoseidonReference } = await import("circomlibjs");
    const poseidon = await buildPoseidonReference();
    return (inputs) => poseidon.F.toObject(poseidon(inputs));
  },
  // An independent implementation (plain BigInt arithmetic, circomlib's constants).
  "poseidon-lite": async () => {
    const lite = require("poseidon-lite");
    return (inputs) => lite[`poseidon${inputs.length}`](inputs);
  },
  // barretenberg's Poseidon2 sponge (Noir's poseidon::poseidon2, formerly std::hash::poseidon2) in TypeScript.
  "zkpassport-noir": async () => {
    const { poseidon2Hash } = await import("@zkpassport/poseidon2");
    return (inputs) => poseidon2Hash(inputs);
  },
};


const name = process.argv[2];
if (!(name in builders)) {
  fail(`unknown reference "${name}"; expected one of ${Object.keys(builders).join(", ")}`);
}

const anyLength = name === "zkpassport-noir";
const hash = await builders[name]();
const lines = fs.readFileSync(0, "utf8").split("\n").filter((line) => line.trim() !== "");
const out = lines.map((line, n) => {
  const inputs = JSON.parse(line).map((x) => BigInt(x));
  if (!anyLength && (inputs.length < 1 || inputs.length > 16)) fail(`line ${n + 1}: expected 1 to 16 inputs`);
  return "0x" + hash(inputs).toString(16).padStart(64, "0");
});
const bytes = Buffer.from(out.join("\n") + "\n", "utf8");
let written = 0;
while (written < bytes.length) {
  written += fs.writeSync(1, bytes, written, bytes.length - written);
}
process.exit(0);
