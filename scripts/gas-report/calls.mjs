// The calls every Stylus measurement makes, shared by the meter and the node paths.
// `deployable`: which program serves the call (target/stylus/<deployable>.wasm); `section`: the
// report section (hash family) its rows go to (scripts/gas-report/render.mjs).
import { SECTIONS } from "./rows.mjs";

const DEPTH = 20;
const siblings = Array.from({ length: DEPTH }, (_, i) => String(i + 2));
// Alternating left/right children along the path.
const pathBits = String(0b10101010101010101010);
/** The depth-20 path every Merkle measurement walks (rootFromPath, nodesFromPath, model-repeated.mjs). */
export const PATH = { depth: DEPTH, leaf: "1", siblings, pathBits };

const CIRCOMLIB = SECTIONS.circomlib;

/** circomlib Poseidon of 1..n on the program for n inputs. */
function circomlibHash(n, deployable) {
  const args = Array.from({ length: n }, (_, i) => String(i + 1));
  return {
    function: `hash(${args.join(",")})`,
    deployable,
    sig: `hash(${Array(n).fill("uint256").join(",")})`,
    meterArgs: args.join(","),
    castArgs: args,
    section: CIRCOMLIB,
  };
}

/** iden3's sponge of 1..n (`poseidonSponge`, on the six-input program). */
function spongeOf(n) {
  const values = `[${Array.from({ length: n }, (_, i) => i + 1).join(",")}]`;
  return {
    function: `poseidonSponge(1..${n})`,
    deployable: "poseidon_stylus_hash6",
    sig: "poseidonSponge(uint256[])",
    meterArgs: values,
    castArgs: [values],
    section: CIRCOMLIB,
  };
}

export const CALLS = [
  circomlibHash(1, "poseidon_stylus_hash1"),
  circomlibHash(2, "poseidon_stylus"),
  circomlibHash(3, "poseidon_stylus_hash3"),
  circomlibHash(4, "poseidon_stylus_hash4"),
  circomlibHash(5, "poseidon_stylus_hash5"),
  circomlibHash(6, "poseidon_stylus_hash6"),
  circomlibHash(7, "poseidon_stylus_hash7"),
  circomlibHash(8, "poseidon_stylus_hash8"),
  circomlibHash(9, "poseidon_stylus_hash9"),
  circomlibHash(10, "poseidon_stylus_hash10"),
  circomlibHash(11, "poseidon_stylus_hash11"),
  circomlibHash(12, "poseidon_stylus_hash12"),
  circomlibHash(13, "poseidon_stylus_hash13"),
  circomlibHash(14, "poseidon_stylus_hash14"),
  circomlibHash(15, "poseidon_stylus_hash15"),
  circomlibHash(16, "poseidon_stylus_hash16"),
  ...[6, 16, 32].map(spongeOf),
  {
    section: SECTIONS.poseidon2,
    function: "poseidon2(1,2)",
    deployable: "poseidon_stylus_poseidon2",
    sig: "poseidon2(uint256,uint256)",
    meterArgs: "1,2",
    castArgs: ["1", "2"],
  },
  {
    section: CIRCOMLIB,
    function: `rootFromPath(depth ${DEPTH})`,
    deployable: "poseidon_stylus_merkle",
    sig: "rootFromPath(uint256,uint256[],uint256)",
    meterArgs: `1,[${siblings.join(",")}],${pathBits}`,
    castArgs: ["1", `[${siblings.join(",")}]`, pathBits],
  },
  {
    section: CIRCOMLIB,
    function: `nodesFromPath(depth ${DEPTH})`,
    deployable: "poseidon_stylus_merkle",
    sig: "nodesFromPath(uint256,uint256[],uint256)",
    meterArgs: `1,[${siblings.join(",")}],${pathBits}`,
    castArgs: ["1", `[${siblings.join(",")}]`, pathBits],
  },
];

// Poseidon2: Noir's hash, every instance's permutation, TaceoLabs' compress.
const upTo = (n) => Array.from({ length: n }, (_, i) => String(i + 1));
const poseidon2Call = (fn, deployable, sig, values, array = true) => ({
  function: fn,
  deployable,
  sig,
  section: SECTIONS.poseidon2,
  meterArgs: array ? `[${values.join(",")}]` : values.join(","),
  castArgs: array ? [`[${values.join(",")}]`] : values,
});
CALLS.push(
  poseidon2Call("noirHash2(1,2)", "poseidon_stylus_noir", "noirHash2(uint256,uint256)", ["1", "2"], false),
  ...[1, 2, 3, 4, 8].map((n) => poseidon2Call(`noirHash([1..${n}])`, "poseidon_stylus_noir", "noirHash(uint256[])", upTo(n))),
  poseidon2Call("poseidon2PermuteT4([1,2,3,4])", "poseidon_stylus_noir", "poseidon2PermuteT4(uint256[4])", upTo(4)),
  poseidon2Call("poseidon2CompressT4([1,2,3,4])", "poseidon_stylus_noir", "poseidon2CompressT4(uint256[4])", upTo(4)),
  poseidon2Call("poseidon2PermuteT2([1,2])", "poseidon_stylus_poseidon2_t2", "poseidon2PermuteT2(uint256[2])", upTo(2)),
  poseidon2Call("poseidon2CompressT2([1,2])", "poseidon_stylus_poseidon2_t2", "poseidon2CompressT2(uint256[2])", upTo(2)),
  poseidon2Call("poseidon2PermuteT3([1,2,3])", "poseidon_stylus_poseidon2_t3", "poseidon2PermuteT3(uint256[3])", upTo(3)),
  poseidon2Call("poseidon2CompressT3([1,2,3])", "poseidon_stylus_poseidon2_t3", "poseidon2CompressT3(uint256[3])", upTo(3)),
  poseidon2Call("poseidon2CodexPermuteT2([1,2])", "poseidon_stylus_poseidon2_codex", "poseidon2CodexPermuteT2(uint256[2])", upTo(2)),
  poseidon2Call("poseidon2CodexPermuteT3([1,2,3])", "poseidon_stylus_poseidon2_codex", "poseidon2CodexPermuteT3(uint256[3])", upTo(3)),
  poseidon2Call("poseidon2CodexPermuteT4([1,2,3,4])", "poseidon_stylus_poseidon2_codex", "poseidon2CodexPermuteT4(uint256[4])", upTo(4)),
);
// Goldilocks: plonky2's Poseidon and Poseidon2 over Goldilocks, one deployable.
// `section` groups these rows in the report. Inputs: twoToOne([1,2,3,4], [5,6,7,8]); the
// permutation of [0, 1, ..., 11]; a depth-20 path from leaf data [1,2,3,4] (the digest itself, as
// plonky2's hash_or_noop leaves up to four elements), siblings [i+2, i+3, i+4, i+5], alternating
// children (the same as scripts/gas-report/evm-gas.sh).
const goldilocksState = `[${Array.from({ length: 12 }, (_, i) => i).join(",")}]`;
const goldilocksSiblings = `[${Array.from({ length: DEPTH }, (_, i) => `[${i + 2},${i + 3},${i + 4},${i + 5}]`).join(",")}]`;
for (const [prefix, name] of [["", "Poseidon"], ["poseidon2", "Poseidon2"]]) {
  const fn = (base) => (prefix ? prefix + base[0].toUpperCase() + base.slice(1) : base);
  CALLS.push(
    {
      function: `${fn("permute")}([0..11]) (${name})`,
      section: SECTIONS.goldilocks,
      deployable: "poseidon_stylus_goldilocks",
      sig: `${fn("permute")}(uint64[12])`,
      meterArgs: goldilocksState,
      castArgs: [goldilocksState],
    },
    {
      function: `${fn("twoToOne")}([1,2,3,4],[5,6,7,8]) (${name})`,
      section: SECTIONS.goldilocks,
      deployable: "poseidon_stylus_goldilocks",
      sig: `${fn("twoToOne")}(uint64[4],uint64[4])`,
      meterArgs: "[1,2,3,4],[5,6,7,8]",
      castArgs: ["[1,2,3,4]", "[5,6,7,8]"],
    },
    {
      function: `${fn("rootFromPath")}(depth ${DEPTH}) (${name})`,
      section: SECTIONS.goldilocks,
      deployable: "poseidon_stylus_goldilocks",
      sig: `${fn("rootFromPath")}(uint64[],uint64[4][],uint256)`,
      meterArgs: `[1,2,3,4],${goldilocksSiblings},${pathBits}`,
      castArgs: ["[1,2,3,4]", goldilocksSiblings, pathBits],
    },
  );
}
// Miden's hashes (miden-crypto 0.28.1's sponge over Plonky3's Goldilocks Poseidon2, RPO and RPX), one
// deployable each: the same inputs as the Goldilocks rows (the path's leaf is the word [1,2,3,4]).
for (const [prefix, wasm, label] of [
  ["midenPoseidon2", "poseidon_stylus_miden_poseidon2", "Miden Poseidon2"],
  ["rpo", "poseidon_stylus_rpo", "RPO"],
  ["rpx", "poseidon_stylus_rpx", "RPX"],
]) {
  const call = (fn, sig, args) => ({
    function: `${prefix}${fn} (${label})`,
    section: SECTIONS.goldilocks,
    deployable: wasm,
    sig: `${prefix}${sig}`,
    meterArgs: args.join(","),
    castArgs: args,
  });
  CALLS.push(
    call("Permute([0..11])", "Permute(uint64[12])", [goldilocksState]),
    call("Merge([1,2,3,4],[5,6,7,8])", "Merge(uint64[4],uint64[4])", ["[1,2,3,4]", "[5,6,7,8]"]),
    call(`RootFromPath(depth ${DEPTH})`, "RootFromPath(uint64[4],uint64[4][],uint256)", ["[1,2,3,4]", goldilocksSiblings, pathBits]),
  );
}
// MiMC (circomlib): one program, poseidon_stylus_mimc.wasm. MiMCSponge(1,2,0) and MiMCpe7(1,2) are the
// calls scripts/gas-report/evm-gas.sh makes to circomlibjs's contracts, MiMCSponge(1,2) the one to
// Tornado's hasher, hashLeftRight(1,2) the one to the one-call EVM contract.
const mimcCall = (fn, sig, values) => ({
  function: fn,
  deployable: "poseidon_stylus_mimc",
  sig,
  section: SECTIONS.mimc,
  meterArgs: values.join(","),
  castArgs: values,
});
CALLS.push(
  mimcCall("MiMCSponge(1,2)", "MiMCSponge(uint256,uint256)", ["1", "2"]),
  mimcCall("MiMCSponge(1,2,0)", "MiMCSponge(uint256,uint256,uint256)", ["1", "2", "0"]),
  mimcCall("MiMCpe7(1,2)", "MiMCpe7(uint256,uint256)", ["1", "2"]),
  mimcCall("hashLeftRight(1,2)", "hashLeftRight(uint256,uint256)", ["1", "2"]),
  mimcCall("mimcSpongeMultiHash([1,2,3],0,2)", "mimcSpongeMultiHash(uint256[],uint256,uint256)", ["[1,2,3]", "0", "2"]),
  mimcCall("mimc7MultiHash([1,2,3],0)", "mimc7MultiHash(uint256[],uint256)", ["[1,2,3]", "0"]),
);
