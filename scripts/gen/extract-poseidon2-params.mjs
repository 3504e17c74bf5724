#!/usr/bin/env node
// Extracts the Poseidon2 BN254 t=3 parameters (facts, not code) from openzeppelin-crypto 0.3's
// `src/poseidon2/instance/bn256.rs` into test/vectors/poseidon2-bn254-t3-params.json, which the
// vector and Yul generators read. Run it once when the reference changes:
//   cargo new --lib /tmp/ozfetch && cd /tmp/ozfetch && cargo add openzeppelin-crypto@0.3 && cargo fetch
//   node scripts/gen/extract-poseidon2-params.mjs [path/to/bn256.rs]
import { readFileSync, readdirSync, writeFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { homedir } from "node:os";
import { parseOptions } from "../lib/args.mjs";

function findSource() {
  const registry = join(process.env.CARGO_HOME ?? join(homedir(), ".cargo"), "registry", "src");
  if (!existsSync(registry)) return null;
  for (const index of readdirSync(registry)) {
    for (const crate of readdirSync(join(registry, index))) {
      if (!/^openzeppelin-crypto-0\.3\./.test(crate)) continue;
      const path = join(registry, index, crate, "src", "poseidon2", "instance", "bn256.rs");
      if (existsSync(path)) return { path, crate };
    }
  }
  return null;
}

const [source] = parseOptions({}, { allowPositionals: true, usage: "node scripts/gen/extract-poseidon2-params.mjs [path/to/bn256.rs]" }).positionals;
const found = source ? { path: source, crate: "openzeppelin-crypto" } : findSource();
if (!found) {
  console.error("extract-poseidon2-params: openzeppelin-crypto 0.3 source not found; run `cargo fetch` as described in the header");
  process.exit(1);
}
const text = readFileSync(found.path, "utf8");
const scalar = (name) => {
  const m = text.match(new RegExp(`const ${name}: usize = (\\d+);`));
  if (!m) throw new Error(`${name} not found in ${found.path}`);
  return Number(m[1]);
};
const section = (start, end) => {
  const from = text.indexOf(start);
  const to = text.indexOf(end, from);
  if (from < 0 || to < 0) throw new Error(`section ${start} not found`);
  return text.slice(from, to);
};
const hexes = (s) => [...s.matchAll(/fp_from_hex!\(\s*"([0-9a-fA-F]{64})"\s*\)/g)].map((m) => "0x" + m[1].toLowerCase());

const t = scalar("T");
const diag = hexes(section("MAT_INTERNAL_DIAG_M_1", "ROUND_CONSTANTS"));
const flat = hexes(section("const ROUND_CONSTANTS", "#[cfg(test)]"));
const roundConstants = [];
for (let i = 0; i < flat.length; i += t) roundConstants.push(flat.slice(i, i + t));

const params = {
  source: `${found.crate} src/poseidon2/instance/bn256.rs (BN256Params for FpBN256), extracted by scripts/gen/extract-poseidon2-params.mjs`,
  t,
  d: Number(text.match(/const D: u8 = (\d+);/)[1]),
  capacity: scalar("CAPACITY"),
  rounds_f: scalar("ROUNDS_F"),
  rounds_p: scalar("ROUNDS_P"),
  mat_internal_diag_m_1: diag,
  round_constants: roundConstants,
};
if (roundConstants.length !== params.rounds_f + params.rounds_p) {
  throw new Error(`expected ${params.rounds_f + params.rounds_p} rounds of constants, found ${roundConstants.length}`);
}
const out = new URL("../../test/vectors/poseidon2-bn254-t3-params.json", import.meta.url);
writeFileSync(out, JSON.stringify(params, null, 2) + "\n");
console.log(`wrote ${out.pathname} (${roundConstants.length} rounds) from ${found.path}`);
