#!/usr/bin/env node
// Extracts the Barretenberg-set Poseidon2 parameters (facts, not code) for t = 2, 3, 4 from
// taceo-poseidon2 0.3's `src/bn254/t{2,3,4}.rs` into test/vectors/poseidon2-params/barretenberg-t<N>.json,
// which the Rust parameter generator (scripts/gen/gen-poseidon2-params.mjs), the Yul generator and the
// vector generator read. Before writing, each set is checked against every other reference this
// repository has: the KAT in the same source file, openzeppelin-crypto 0.3's t = 3 table
// (test/vectors/poseidon2-bn254-t3-params.json) and @zkpassport/poseidon2's t = 4 table (barretenberg's).
// The Codex set (codex-t<N>.json) is not extracted: it is published in no registry package, so it was
// transcribed once from the seed implementation's repository (see its `source` field) and is checked
// by its known-answer tests.
//   cargo fetch   (taceo-poseidon2 is a dev-dependency of crates/poseidon-bn254)
//   node scripts/gen/extract-poseidon2-sets.mjs [--check]
import { existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { createRequire } from "node:module";
import { P, loadParams, permute } from "../lib/poseidon2.mjs";
import { parseOptions } from "../lib/args.mjs";

const { check } = parseOptions({ check: { type: "boolean" } }, { usage: "node scripts/gen/extract-poseidon2-sets.mjs [--check]" }).values;
const hex = (x) => "0x" + BigInt(x).toString(16).padStart(64, "0");

function crateDir() {
  const registry = join(process.env.CARGO_HOME ?? join(homedir(), ".cargo"), "registry", "src");
  for (const index of existsSync(registry) ? readdirSync(registry) : []) {
    for (const crate of readdirSync(join(registry, index)).sort()) {
      if (/^taceo-poseidon2-0\.3\./.test(crate)) return { dir: join(registry, index, crate), crate };
    }
  }
  throw new Error("taceo-poseidon2 0.3 source not found in the cargo registry; run `cargo fetch` first");
}

const { dir, crate } = crateDir();
const section = (text, start, end) => {
  const from = text.indexOf(start);
  const to = text.indexOf(end, from + start.length);
  if (from < 0 || to < 0) throw new Error(`${crate}: section ${start} not found`);
  return text.slice(from, to);
};
const values = (s) => [...s.matchAll(/MontFp!\("(\d+)"\)/g)].map((m) => BigInt(m[1]));

// @zkpassport/poseidon2 does not export its tables; read them from the installed package.
const require = createRequire(import.meta.url);
const zkpassportConstants = join(require.resolve("@zkpassport/poseidon2"), "..", "bn254", "constants.cjs");

const files = {};
for (const t of [2, 3, 4]) {
  const text = readFileSync(join(dir, "src", "bn254", `t${t}.rs`), "utf8");
  const diag = values(section(text, "const MAT_DIAG_M_1", ";\n"));
  const external = values(section(text, "const EXTERNAL_RC", "];\nconst INTERNAL_RC"));
  const internal = values(section(text, "const INTERNAL_RC", "];\n"));
  if (diag.length !== t || external.length !== 8 * t || internal.length !== 56) throw new Error(`${crate} t${t}: unexpected table sizes`);
  const row = (r) => external.slice(r * t, (r + 1) * t);
  const rounds = [0, 1, 2, 3].map(row);
  for (const c of internal) rounds.push([c, ...Array(t - 1).fill(0n)]);
  rounds.push(...[4, 5, 6, 7].map(row));
  const kat = [...section(text, "fn poseidon2_bn254_t" + t + "_kat1", "poseidon2_kat(").matchAll(/from_str\(\s*"(\d+)"/g)].map((m) => BigInt(m[1]));
  const params = {
    source: `${crate} src/bn254/t${t}.rs (MAT_DIAG_M_1, EXTERNAL_RC, INTERNAL_RC), extracted by scripts/gen/extract-poseidon2-sets.mjs: HorizenLabs poseidon2_rust_params.sage after HorizenLabs/poseidon2 commit bb476b9`,
    set: "barretenberg",
    t, d: 5, capacity: 1, rounds_f: 8, rounds_p: 56,
    mat_internal_diag_m_1: diag.map(hex),
    round_constants: rounds.map((r) => r.map(hex)),
    kat: { what: `permutation of [0, 1, ..., t - 1] (${crate} src/bn254/t${t}.rs kat1)`, input: Array.from({ length: t }, (_, i) => hex(i)), output: kat.map(hex) },
  };
  // The extracted set must reproduce its own KAT, and equal the other references' tables.
  const parsed = { ...params, diag, rc: rounds };
  const got = permute(Array.from({ length: t }, (_, i) => BigInt(i)), parsed);
  if (got.map(hex).join() !== params.kat.output.join()) throw new Error(`t${t}: KAT mismatch`);
  if (t === 3) {
    const oz = loadParams();
    if (oz.rc.flat().map(hex).join() !== rounds.flat().map(hex).join() || oz.diag.map(hex).join() !== diag.map(hex).join())
      throw new Error("t3: differs from openzeppelin-crypto 0.3");
  }
  if (t === 4) {
    const { MAT_DIAG4_M_1, RC4 } = require(zkpassportConstants);
    if (MAT_DIAG4_M_1.map(hex).join() !== diag.map(hex).join() || RC4.flat().map(hex).join() !== rounds.flat().map(hex).join())
      throw new Error("t4: differs from @zkpassport/poseidon2 (barretenberg)");
  }
  if (diag.some((x) => x >= P)) throw new Error("diagonal entry >= p");
  files[`test/vectors/poseidon2-params/barretenberg-t${t}.json`] = JSON.stringify(params, null, 2) + "\n";
}

const stale = [];
for (const [path, content] of Object.entries(files)) {
  const url = new URL(`../../${path}`, import.meta.url);
  if (check) {
    if (!existsSync(url) || readFileSync(url, "utf8") !== content) stale.push(path);
  } else {
    writeFileSync(url, content);
    console.log(`wrote ${path}`);
  }
}
if (stale.length) {
  console.error(`extract-poseidon2-sets: stale: ${stale.join(", ")}`);
  process.exit(1);
}
