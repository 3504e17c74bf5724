// circomlibjs 0.1.7's MiMC, as published, for the Rust differential tests
// (tests/circomlibjs_differential.rs).
//
// Usage: node reference.mjs < calls.jsonl > results.jsonl
//   stdin:  one call per line: {"fn": NAME, "args": [...]}, field elements as decimal strings
//     sponge     [xL, xR, k]             buildMimcSponge().hash     -> [xL, xR]
//     spongeMulti [[inputs], key, n]     buildMimcSponge().multiHash -> n outputs
//     leftRight  [left, right]           Tornado's hashLeftRight over hash(·, ·, 0) -> [R]
//     mimc7      [x, k]                  buildMimc7().hash          -> [r]
//     mimc7Multi [[inputs], key]         buildMimc7().multiHash     -> [r]
//   stdout: one JSON array of "0x" + 64-hex-digit strings per call, in input order
//
// Output is written with fs.writeSync: a Node process that writes a large buffer to a pipe and
// then exits can lose the tail of an asynchronous process.stdout.write.
import fs from "node:fs";
import { buildMimcSponge, buildMimc7 } from "circomlibjs";

const sponge = await buildMimcSponge();
const mimc7 = await buildMimc7();
const F = sponge.F;
const big = (x) => BigInt(F.toString(x));
const spongeHash = (xl, xr, k) => {
  const { xL, xR } = sponge.hash(xl, xr, k);
  return [big(xL), big(xR)];
};

const functions = {
  sponge: ([xl, xr, k]) => spongeHash(xl, xr, k),
  spongeMulti: ([inputs, key, n]) => {
    const out = sponge.multiHash(inputs, key, Number(n));
    return (Number(n) === 1 ? [out] : out).map(big);
  },
  leftRight: ([left, right]) => {
    let [r, c] = spongeHash(left, 0n, 0n);
    r = (r + right) % F.p;
    return [spongeHash(r, c, 0n)[0]];
  },
  mimc7: ([x, k]) => [big(mimc7.hash(x, k))],
  mimc7Multi: ([inputs, key]) => [big(mimc7.multiHash(inputs, key))],
};

const toBig = (x) => (Array.isArray(x) ? x.map(toBig) : BigInt(x));
const lines = fs.readFileSync(0, "utf8").split("\n").filter((line) => line.trim() !== "");
const out = lines.map((line, n) => {
  const call = JSON.parse(line);
  const fn = functions[call.fn];
  if (!fn) {
    fs.writeSync(2, `reference.mjs: line ${n + 1}: unknown function "${call.fn}"\n`);
    process.exit(2);
  }
  return JSON.stringify(fn(toBig(call.args)).map((x) => "0x" + x.toString(16).padStart(64, "0")));
});
const bytes = Buffer.from(out.join("\n") + "\n", "utf8");
let written = 0;
while (written < bytes.length) written += fs.writeSync(1, bytes, written, bytes.length - written);
process.exit(0);
