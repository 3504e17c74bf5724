#!/usr/bin/env node
// Runs every generator of scripts/gen/, in the order their outputs feed each other:
//   node scripts/gen/all.mjs           regenerates every generated file
//   node scripts/gen/all.mjs --check   writes nothing; fails naming each generator whose files are stale
// Left out (run them by hand; scripts/gen/README.md): extract-poseidon2-params.mjs (needs a fetched
// openzeppelin-crypto source), program-layout.mjs (needs scripts/build-wasm.sh --all), program-bytes.mjs
// (needs scripts/build-wasm.sh; scripts/test.sh runs its --check after the build).
import { execFileSync, spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseOptions } from "../lib/args.mjs";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, "..", "..");

/** In order: each generator reads only files written by those above it (or committed sources). */
export const GENERATORS = [
  "extract-poseidon2-sets.mjs", // taceo-poseidon2 source -> test/vectors/poseidon2-params/barretenberg-t*.json
  "gen-constants.mjs", //          circomlibjs -> crates/poseidon-bn254 circomlib parameter modules
  "gen-poseidon2-params.mjs", //   test/vectors/poseidon2-params/ -> crates/poseidon-bn254 Poseidon2 modules
  "gen-mimc-constants.mjs", //     keccak256 chains (checked against circomlibjs) -> crates/mimc-bn254 constants
  "gen-vectors.mjs", //            test/vectors/poseidon.json, poseidon2.json, circomlib bytecode
  "gen-mimc-vectors.mjs", //       test/vectors/mimc.json, circomlibjs's and Tornado-shaped MiMC bytecode
  "gen-poseidon2-vectors.mjs", //  test/vectors/poseidon2-instances.json
  "gen-app-vectors.mjs", //        test/vectors/apps.json
  "gen-lean-imt-vectors.mjs", //   test/vectors/lean-imt.json
  "gen-solidity.mjs", //           solidity/generated/ Poseidon and Poseidon2 tables and Yul
  "gen-goldilocks-yul.mjs", //     solidity/generated/Goldilocks*.sol
  "gen-miden-yul.mjs", //          solidity/generated/MidenPoseidon2Permutation.sol (reads test/vectors/miden-poseidon2.json)
  "gen-rescue-yul.mjs", //         solidity/generated/RescuePermutations.sol (reads test/vectors/miden-rpo.json, miden-rpx.json)
  "gen-selectors.mjs", //          contracts/selectors.json -> dispatcher, alias and wide-width interfaces, README table
  "gen-evm-code.mjs", //           solidity/deploy/: compiles the Solidity above, so it comes last
];

const { check } = parseOptions({ check: { type: "boolean" } }, { usage: "node scripts/gen/all.mjs [--check]" }).values;

// extract-poseidon2-sets reads taceo-poseidon2 from cargo's registry (a dev-dependency of the
// workspace): fetched here, a no-op once it is.
execFileSync("cargo", ["fetch", "--locked", "--quiet"], { cwd: ROOT, stdio: "inherit" });

const stale = [];
for (const generator of GENERATORS) {
  console.log(`--- ${generator}${check ? " --check" : ""}`);
  const r = spawnSync(process.execPath, [path.join(HERE, generator), ...(check ? ["--check"] : [])], { cwd: ROOT, stdio: "inherit" });
  if (r.status !== 0) stale.push(generator);
}
if (stale.length) {
  const what = check ? "stale (regenerate: node scripts/gen/all.mjs, then commit)" : "failed";
  console.error(`error: gen/all: ${stale.join(", ")} ${what}`);
  process.exit(1);
}
console.log(check ? `gen/all: all ${GENERATORS.length} generators' files are current` : `gen/all: ran all ${GENERATORS.length} generators`);
