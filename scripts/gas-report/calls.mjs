// The calls every Stylus measurement makes, shared by the meter and the node paths.
// `deployable`: which program serves the call (target/stylus/<deployable>.wasm).
const DEPTH = 20;
const siblings = Array.from({ length: DEPTH }, (_, i) => String(i + 2));
// Alternating left/right children along the path.
const pathBits = String(0b10101010101010101010);

// `section`: the report groups these calls under that heading.
const CIRCOMLIB = "circomlib Poseidon";

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

export const CALLS = [
  circomlibHash(2, "poseidon_stylus"),
  {
    function: "poseidon2(1,2)",
    deployable: "poseidon_stylus_poseidon2",
    sig: "poseidon2(uint256,uint256)",
    meterArgs: "1,2",
    castArgs: ["1", "2"],
  },
  {
    function: `rootFromPath(depth ${DEPTH})`,
    deployable: "poseidon_stylus",
    sig: "rootFromPath(uint256,uint256[],uint256)",
    meterArgs: `1,[${siblings.join(",")}],${pathBits}`,
    castArgs: ["1", `[${siblings.join(",")}]`, pathBits],
  },
  {
    function: `nodesFromPath(depth ${DEPTH})`,
    deployable: "poseidon_stylus",
    sig: "nodesFromPath(uint256,uint256[],uint256)",
    meterArgs: `1,[${siblings.join(",")}],${pathBits}`,
    castArgs: ["1", `[${siblings.join(",")}]`, pathBits],
  },
  circomlibHash(1, "poseidon_stylus_hash1"),
  circomlibHash(3, "poseidon_stylus_hash3"),
  circomlibHash(4, "poseidon_stylus_hash4"),
  circomlibHash(5, "poseidon_stylus_hash5"),
];
