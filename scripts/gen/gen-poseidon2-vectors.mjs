#!/usr/bin/env node
// Writes test/vectors/poseidon2-instances.json: vectors for every Poseidon2 instance (t = 2, 3, 4 in
// the Barretenberg and Codex sets), Noir's hash (fixed and variable length) and TaceoLabs' compress.
// Every vector is computed by the plain JS implementation (scripts/lib/poseidon2.mjs); before anything
// is written, that implementation must reproduce the published vectors below (facts copied from their
// sources) and @zkpassport/poseidon2 (barretenberg's sponge in TypeScript) on every Noir vector.
// `--check` fails if the committed file differs.
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { poseidon2Hash } from "@zkpassport/poseidon2";
import { P, loadInstance, permute, noirHash, compress } from "../lib/poseidon2.mjs";
import { parseOptions } from "../lib/args.mjs";

const { check } = parseOptions({ check: { type: "boolean" } }, { usage: "node scripts/gen/gen-poseidon2-vectors.mjs [--check]" }).values;
const hex = (x) => "0x" + BigInt(x).toString(16).padStart(64, "0");
let counter = 0;
const randomElement = () => BigInt("0x" + createHash("sha256").update(`stylus-poseidon poseidon2 vectors ${counter++}`).digest("hex")) % P;
const random = (n) => Array.from({ length: n }, randomElement);

const SETS = ["barretenberg", "codex"];
const params = {};
for (const set of SETS) for (const t of [2, 3, 4]) params[`${set}-t${t}`] = loadInstance(set, t);

// Published vectors (facts), each with its source.
const PUBLISHED = [
  ...Object.entries(params).map(([name, p]) => ({ what: `${name}: ${p.kat.what}`, got: () => permute(p.kat.input.map(BigInt), p).map(hex), want: p.kat.output })),
  { what: "Codex nim-poseidon2 tests/poseidon2/testPermutation.nim (commit 3b403b07): permutation of [0, 1, 2]", got: () => permute([0n, 1n, 2n], params["codex-t3"]).map(String),
    want: ["21882471761025344482456282050943515707267606647948403374880378562101343146243", "9030699330013392132529464674294378792132780497765201297316864012141442630280", "9137931384593657624554037900714196568304064431583163402259937475584578975855"] },
  { what: "TaceoLabs poseidon2-solidity test/Poseidon2T2_BN254.t.sol: permutation of [0, 1]", got: () => permute([0n, 1n], params["barretenberg-t2"]).map(hex),
    want: ["0x1d01e56f49579cec72319e145f06f6177f6c5253206e78c2689781452a31878b", "0x0d189ec589c41b8cffa88cfc523618a055abe8192c70f75aa72fc514560f6c61"] },
  { what: "TaceoLabs poseidon2-solidity test/Poseidon2T3_BN254.t.sol: permutation of [310, 311, 312]", got: () => permute([310n, 311n, 312n], params["barretenberg-t3"]).map(hex),
    want: ["0x1ad53986365bb9d45d44edda36bf86d05f3595b32aa4b3a27068d7def79b6cf1", "0x09bddde0c03106bf48fb89b85b2af0aec60f6ed71d2eec68a4c8813cdb501c6a", "0x1f031e63f0924ede1d8a68515456bfd99c90a4a6ce94bd08c171b12d1d83d629"] },
  { what: "TaceoLabs poseidon2-solidity test/Poseidon2T4_BN254.t.sol: permutation of [0, 1, 2, 3]", got: () => permute([0n, 1n, 2n, 3n], params["barretenberg-t4"]).map(hex),
    want: ["0x01bd538c2ee014ed5141b29e9ae240bf8db3fe5b9a38629a9647cf8d76c01737", "0x239b62e7db98aa3a2a8f6a0d2fa1709e7a35959aa6c7034814d9daa90cbac662", "0x04cbb44c61d928ed06808456bf758cbf0c18d1e15a7b6dbc8245fa7515d5e3cb", "0x2e11c5cff2a22c64d01304b778d78f6998eff1ab73163a35603f54794c30847a"] },
  { what: "TaceoLabs poseidon2-solidity test/Poseidon2T4_BN254.t.sol: permutation of [0, 0, 0, 0] (lane 0 is also Noir's hash of no input)", got: () => [hex(permute([0n, 0n, 0n, 0n], params["barretenberg-t4"])[0]), hex(noirHash([], params["barretenberg-t4"]))],
    want: ["0x18dfb8dc9b82229cff974efefc8df78b1ce96d9d844236b496785c698bc6732e", "0x18dfb8dc9b82229cff974efefc8df78b1ce96d9d844236b496785c698bc6732e"] },
];
// TaceoLabs poseidon2-solidity compress KATs (domain separator 0), test/Poseidon2T{2,3,4}_BN254.t.sol.
const COMPRESS_PUBLISHED = {
  2: [
    [["20457494674368011577698787033167541464070895955057742021881406527394550967066", "21444671219328533920402987889514525745813105369108346788316711824094480574542"], "2832391002711650597078084662530627544976903336819888740235684339967297026936"],
    [["14274863478095882261065996979265141140404785080760030838919634228710642290838", "15993948876249544441669865391641914596359858384015453842445133533381962027899"], "19669254583364707215198268820870807232897873294676260448724418595844906013901"],
    [["8667237419183899297627299325431353186736858051983641564538968437875511313383", "16957356795933137233150080263791521582991059516078207940315707071301234778735"], "13166527962670966369880106872707751548869981182140618079908083159254295156215"],
  ],
  3: [
    [["898806166821139162552132088403958488384503106165081617184346559456501738999", "5965168078856614482694323653344381108309427800607037671123008596071823952253", "276435419372390923140774542356582007830246927446975692596430793358221695016"], "1113727409077897104878085522198678951849017209223827130117214728715352275349"],
    [["12710238119547309612863709727473716702972319496509605773733619420762152019579", "14135801400893409576315774471147878949081073261637979192128159187083529907135", "21337135158674327236728592405871036705875634814572747351511340337045940525968"], "20691891632189950624583506135333870795662584312510730531504404514774015659334"],
  ],
  4: [
    [["984638434826781072326755424132850106087537134535547037215571762992188258715", "3437631445512178874044956757555414135117642720286593411444040537437963552166", "2632313501648279494893764902570957563092298872877493247174692944294802639041", "16778519398826163995565032500397037357824449594581267746327139608253580742520"], "13965228124958503975421203951945842220982129932391833857581914997066488337370"],
    [["20727923176934457118092613216614242989113717008798720078890049293397471611609", "13197915495529123649853053179724347618060445199865989029104995906764663060455", "15557562773050351286728911489565668658695687434913423859466465045532682461048", "8595219120641357930491796349842841041635896457098152903256052010487785416834"], "335570505974711014510833543531977637913281784191572217495850293583574540471"],
    [["13886433603303978495785253923628696847504712755248926878645176808720826520436", "12701508478203364110546539091424445662969308812539141912377589423409752166879", "14631100037002120904640456286595267784840498474040819657351970875840300950253", "2102481201531668650456924804568929418567175090161877152838033874837863652791"], "734968237746459921409748242488659669089405136803905080525155116983731239303"],
  ],
};
for (const [t, cases] of Object.entries(COMPRESS_PUBLISHED)) {
  for (const [inputs, want] of cases) {
    PUBLISHED.push({ what: `TaceoLabs poseidon2-solidity compress t = ${t}`, got: () => String(compress(inputs.map(BigInt), params[`barretenberg-t${t}`])), want });
  }
}
for (const { what, got, want } of PUBLISHED) {
  if (JSON.stringify(got()) !== JSON.stringify(want)) throw new Error(`published vector mismatch (${what}): got ${JSON.stringify(got())}`);
}

const EDGES = [0n, 1n, P - 1n];
const states = (t) => [
  Array.from({ length: t }, (_, i) => BigInt(i)),
  Array(t).fill(0n),
  Array(t).fill(P - 1n),
  Array.from({ length: t }, (_, i) => EDGES[i % 3]),
  ...Array.from({ length: 6 }, () => random(t)),
];
const permutations = {};
for (const [name, p] of Object.entries(params)) {
  permutations[name] = states(p.t).map((input) => ({ input: input.map(hex), output: permute([...input], p).map(hex) }));
}

// Noir: lengths 0..12, 16 and 20 (every block boundary and partial block), small and random elements.
const t4 = params["barretenberg-t4"];
const messages = [
  ...Array.from({ length: 13 }, (_, n) => Array.from({ length: n }, (_, i) => BigInt(i + 1))),
  ...[1, 2, 3, 4, 5, 6, 7, 8, 16, 20].map(random),
  [P - 1n, P - 1n],
  [0n, 0n],
  // The extremes (after the cases above, which stay as they were): all p − 1 in part of a block,
  // one, three and four blocks (of three), and 0, p − 1, 1 in turn.
  [P - 1n],
  Array(3).fill(P - 1n),
  Array(9).fill(P - 1n),
  Array(12).fill(P - 1n),
  Array.from({ length: 7 }, (_, i) => [0n, P - 1n, 1n][i % 3]),
];
const noir = messages.map((inputs) => {
  const output = noirHash(inputs, t4);
  const reference = poseidon2Hash(inputs);
  if (output !== reference) throw new Error(`Noir hash of ${inputs.length} inputs differs from @zkpassport/poseidon2`);
  return { inputs: inputs.map(hex), output: hex(output) };
});
const noirVariable = messages.slice(0, 13).map((inputs) => ({ inputs: inputs.map(hex), output: hex(noirHash(inputs, t4, true)) }));

const compressVectors = {};
for (const t of [2, 3, 4]) {
  const p = params[`barretenberg-t${t}`];
  compressVectors[`t${t}`] = [
    ...COMPRESS_PUBLISHED[t].map(([inputs]) => inputs.map(BigInt)),
    Array.from({ length: t }, (_, i) => BigInt(i + 1)),
    Array(t).fill(P - 1n),
    ...Array.from({ length: 3 }, () => random(t)),
  ].map((inputs) => ({ inputs: inputs.map(hex), output: hex(compress(inputs, p)) }));
}

const content = JSON.stringify({
  source: "@generated by scripts/gen/gen-poseidon2-vectors.mjs from test/vectors/poseidon2-params/*.json; do not edit. Computed by scripts/lib/poseidon2.mjs after reproducing the published vectors named in the script; Noir vectors also equal @zkpassport/poseidon2 poseidon2Hash",
  permutations,
  noir,
  noir_variable_length: noirVariable,
  compress: compressVectors,
}, null, 2) + "\n";

const path = new URL("../../test/vectors/poseidon2-instances.json", import.meta.url);
if (check) {
  let current = null;
  try {
    current = readFileSync(path, "utf8");
  } catch {}
  if (current !== content) {
    console.error("gen-poseidon2-vectors: test/vectors/poseidon2-instances.json is stale; run `node scripts/gen/gen-poseidon2-vectors.mjs` and commit");
    process.exit(1);
  }
  console.log("gen-poseidon2-vectors: current");
} else {
  writeFileSync(path, content);
  console.log("wrote test/vectors/poseidon2-instances.json");
}
