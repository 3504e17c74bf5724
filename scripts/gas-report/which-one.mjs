// README.md's "Which one should I call?" table and rule, from gas-report/gas.json's rows: per family
// and width, what a call costs on a cached Stylus program, on an uncached one, on one already called
// earlier in the same block, and on the cheapest EVM contract; then which calls are dearer on Stylus,
// found from those rows. glance.mjs writes it between the README's `which-one` markers.
import { SECTIONS, find, one } from "./rows.mjs";

const inputs = (n) => `hash(${Array.from({ length: n }, (_, i) => i + 1).join(",")})`;

// The calls: [label, report section, report function].
export const CALLS = [
  ...Array.from({ length: 16 }, (_, i) => [`circomlib \`hash\`, ${i + 1} input${i ? "s" : ""}`, SECTIONS.circomlib, inputs(i + 1)]),
  ["iden3 `poseidonSponge`, 32 values", SECTIONS.circomlib, "poseidonSponge(1..32)"],
  ["Poseidon2 `poseidon2(1,2)`", SECTIONS.poseidon2, "poseidon2(1,2)"],
  ["Noir's Poseidon2 `noirHash2(1,2)`", SECTIONS.poseidon2, "noirHash2(1,2)"],
  ["Poseidon2 permutation, t = 2", SECTIONS.poseidon2, "poseidon2PermuteT2([1,2])"],
  ["Poseidon2 permutation, t = 3", SECTIONS.poseidon2, "poseidon2PermuteT3([1,2,3])"],
  ["Poseidon2 permutation, t = 4", SECTIONS.poseidon2, "poseidon2PermuteT4([1,2,3,4])"],
  ["Goldilocks Poseidon `twoToOne`", SECTIONS.goldilocks, "twoToOne([1,2,3,4],[5,6,7,8]) (Poseidon)"],
  ["Goldilocks Poseidon2 `poseidon2TwoToOne`", SECTIONS.goldilocks, "poseidon2TwoToOne([1,2,3,4],[5,6,7,8]) (Poseidon2)"],
  ["Miden Poseidon2 `midenPoseidon2Merge` (Plonky3's instance)", SECTIONS.goldilocks, "midenPoseidon2Merge([1,2,3,4],[5,6,7,8]) (Miden Poseidon2)"],
  ["Miden RPO256 `rpoMerge`", SECTIONS.goldilocks, "rpoMerge([1,2,3,4],[5,6,7,8]) (RPO)"],
  ["Miden RPX256 `rpxMerge`", SECTIONS.goldilocks, "rpxMerge([1,2,3,4],[5,6,7,8]) (RPX)"],
  ["MiMC `MiMCSponge(1,2)` (Tornado Cash's `IHasher`)", SECTIONS.mimc, "MiMCSponge(1,2)"],
  ["MiMC `MiMCSponge(1,2,0)` (circomlibjs)", SECTIONS.mimc, "MiMCSponge(1,2,0)"],
  ["MiMC7 `MiMCpe7(1,2)` (circomlibjs)", SECTIONS.mimc, "MiMCpe7(1,2)"],
  ["Tornado's `hashLeftRight(1,2)`, one call", SECTIONS.mimc, "hashLeftRight(1,2)"],
];

// The evidence for the recent-program rule: a depth-20 path hashed by 20 calls in one transaction
// (model-repeated.mjs), from an uncached program (detail: first_frame, later_frame) and a cached one.
const REPEATED = { section: SECTIONS.circomlib, fn: "depth-20 path: 20 × hash(a,b) in one transaction, in-frame", kind: "stylus" };

// EVM contracts: ours and other projects', measured here (a published figure is measured its
// source's way, often as a call frame, so it is no transaction to compare with).
const EVM = [{ kind: "yul" }, { kind: "solidity" }, { kind: "peer", cached: null }];

const fmt = (n) => n.toLocaleString("en-US");
/** An EVM contract as the table names it: its deployable, and whose it is. */
const contract = (row) => `${row.subject.deployable} (${row.subject.kind === "peer" ? (row.subject.package ?? "another project's, no package") : "ours"})`;

/** The recent-program rule as gas.json shows it: the later calls to an uncached program cost what the cached program's calls cost. */
export function recentProgram(rows) {
  const cold = one(rows, { ...REPEATED, cached: false }, "the depth-20 path's calls to an uncached program");
  const warm = one(rows, { ...REPEATED, cached: true }, "the depth-20 path's calls to a cached program");
  const { calls, first_frame: first, later_frame: later } = cold.detail ?? {};
  if (!calls || !first || !later) throw new Error(`gas.json's row "${REPEATED.fn}" (uncached) has no detail.calls, first_frame and later_frame`);
  if (warm.gas !== calls * later || cold.gas !== first + (calls - 1) * later) {
    throw new Error(`gas.json's "${REPEATED.fn}" rows do not show later calls charged as cached (${fmt(calls)} calls: uncached ${fmt(cold.gas)}, first ${fmt(first)}, later ${fmt(later)}; cached ${fmt(warm.gas)})`);
  }
  return { calls, first, later };
}

/** One line's figures: Stylus cached and uncached, and the cheapest EVM row (or null). */
function figures(rows, [, section, fn]) {
  const call = find(rows, { section, fn });
  const stylus = (cached) => one(call, { kind: "stylus", cached }, `Stylus (${cached ? "cached" : "uncached"}), ${section}: ${fn}`).gas;
  const evm = EVM.flatMap((query) => find(call, query)).filter((row) => row.source !== "published");
  const best = evm.length ? evm.reduce((a, b) => (b.gas < a.gas ? b : a)) : null;
  return { cached: stylus(true), uncached: stylus(false), best };
}

const list = (items) => (items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`);

/** The section: the table, its footnote and the rule that follows from it. */
export function whichOneSection(rows) {
  const { calls, first, later } = recentProgram(rows);
  const lines = CALLS.map((call) => ({ label: call[0], ...figures(rows, call) }));
  const table = [
    "| call | Stylus, cached | Stylus, uncached | Stylus, called earlier in the block ¹ | cheapest EVM contract |",
    "|---|---:|---:|---:|---|",
    ...lines.map(({ label: name, cached, uncached, best }) =>
      `| ${name} | ${fmt(cached)} | ${fmt(uncached)} | ${fmt(cached)} | ${best ? `${fmt(best.gas)}, ${contract(best)}` : "none"} |`),
  ];
  const compared = lines.filter((line) => line.best);
  const dearer = (key) => compared.filter((line) => line[key] > line.best.gas);
  const says = (line, key) => `${line.label} (${fmt(line[key])} against ${fmt(line.best.gas)})`;
  const uncachedDearer = dearer("uncached");
  const cachedDearer = dearer("cached");
  const rule = [];
  if (uncachedDearer.length === 0) rule.push("Every call above is cheaper on Stylus than on the cheapest EVM contract, even on an uncached program.");
  else {
    rule.push(`On an uncached program, not called earlier in its block, these cost more on Stylus than on the cheapest EVM contract: ${list(uncachedDearer.map((line) => says(line, "uncached")))}; every other call above is cheaper on Stylus even uncached.`);
  }
  if (cachedDearer.length === 0) rule.push("On a cached program, or one already called earlier in the block, every call above is cheaper on Stylus.");
  else rule.push(`Even cached, these cost more on Stylus: ${list(cachedDearer.map((line) => says(line, "cached")))}.`);
  rule.push(
    uncachedDearer.length === 0
      ? "So call the Stylus program."
      : "So: call the Stylus program when it is cached, when something earlier in the block has called it, or for any call not named above; for a single call named above on an uncached program, the EVM contract is cheaper.",
  );
  return [
    ...table,
    "",
    `¹ From ArbOS 60, a program called earlier in the same block is charged as cached (the recent-program rule): in the report's depth-20 path, ${calls} \`hash(a,b)\` calls from a contract to an uncached program, the first frame costs ${fmt(first)} and each later one ${fmt(later)}, what each call to the cached program costs (\`scripts/gas-report/model-repeated.mjs\`).`,
    "",
    rule.join(" "),
  ].join("\n");
}
