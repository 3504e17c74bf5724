// The calls every Stylus measurement makes, shared by the meter and the node paths.
// `deployable`: which program serves the call (target/stylus/<deployable>.wasm); `section`: the
// report section (hash family) its rows go to (scripts/gas-report/render.mjs).
const DEPTH = 20;
const siblings = Array.from({ length: DEPTH }, (_, i) => String(i + 2));
// Alternating left/right children along the path.
const pathBits = String(0b10101010101010101010);

export const CALLS = [
  { section: "circomlib Poseidon", function: "hash(1,2)", deployable: "poseidon_stylus", sig: "hash(uint256,uint256)", meterArgs: "1,2", castArgs: ["1", "2"] },
  {
    section: "Poseidon2",
    function: "poseidon2(1,2)",
    deployable: "poseidon_stylus_poseidon2",
    sig: "poseidon2(uint256,uint256)",
    meterArgs: "1,2",
    castArgs: ["1", "2"],
  },
  {
    section: "circomlib Poseidon",
    function: `rootFromPath(depth ${DEPTH})`,
    deployable: "poseidon_stylus",
    sig: "rootFromPath(uint256,uint256[],uint256)",
    meterArgs: `1,[${siblings.join(",")}],${pathBits}`,
    castArgs: ["1", `[${siblings.join(",")}]`, pathBits],
  },
  {
    section: "circomlib Poseidon",
    function: `nodesFromPath(depth ${DEPTH})`,
    deployable: "poseidon_stylus",
    sig: "nodesFromPath(uint256,uint256[],uint256)",
    meterArgs: `1,[${siblings.join(",")}],${pathBits}`,
    castArgs: ["1", `[${siblings.join(",")}]`, pathBits],
  },
];
