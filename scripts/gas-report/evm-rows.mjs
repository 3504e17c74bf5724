#!/usr/bin/env node
// The node half of scripts/gas-report/evm-gas.sh and apps-gas.sh (they call it; no JavaScript in bash):
//   artifact FILE                a forge artifact's creation code (target/forge/out/FILE)
//   circomlib-code N             circomlibjs's generated Poseidon contract for N inputs
//   iden3-sponge-code ADDRESS [--artifact FILE]
//                                @iden3/contracts' SpongePoseidon as published (its build artifact,
//                                or FILE), every PoseidonUnit6L link placeholder replaced by ADDRESS
//                                (there: circomlibjs's createCode(6)); fails on an artifact without
//                                one or with another library left unlinked
//   expected hash|sponge N       the return expected of hashing 1..N, as a 32-byte word: circomlib
//                                Poseidon of N inputs, or iden3's sponge (spongeHashX(values, 6)),
//                                both by @iden3/js-crypto
//   expected-mimc CALL           the return data expected of a MiMC row's call (MIMC_EXPECTED: by
//                                circomlibjs 0.1.7), or tree-root N: the MiMC tree's root after inserting
//                                leaves 1..N (test/vectors/mimc.json)
//   mimc-tree-fn --depth D --inserts N [--one-call]
//                                the fn of the MiMC tree's insert row (rows.mjs APP_FN.mimcTreeInsert)
//   row --section KEY --fn F --gas N --kind K [subject fields] [--note TEXT] [--inserts FILE]
//                                one row (scripts/gas-report/rows.mjs) as a JSON line; --inserts: a
//                                file of insert-lines, kept as the row's record
//   insert --index I --leaf L --gas N --calls JSON
//                                one insert-line: an insert's gas and its traced hasher calls
//                                (scripts/gas-report/hasher-calls.mjs's output)
//   write ROWS OUT               evm.json from the row lines in ROWS, with the summary
//   print FILE                   a rows file's rows, one line each: gas, function, implementation
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { keccak256, toBytes } from "viem";
import { parseOptions } from "../lib/args.mjs";
import { P } from "../lib/mimcsponge-evm.mjs";
import { APP_FN, SECTIONS, label, matches, one, row, validate } from "./rows.mjs";

/** Why the circomlib section's EVM rows stop at six inputs (the report prints it under the section). */
const CIRCOMLIB_EVM =
  "EVM rows exist to six inputs only. Our own EVM references are for two inputs (PoseidonT3Yul, PoseidonT3Solidity); " +
  "from one to six inputs the published contracts are the EVM's (poseidon-solidity's PoseidonT2 … PoseidonT6, circomlibjs's " +
  "createCode(1 … 6), which iden3's PoseidonUnit1L … PoseidonUnit6L are). From seven inputs no EVM contract computes " +
  "circomlib Poseidon: circomlibjs's generated code needs DUP17 there (its issues #15 and #17), and poseidon-solidity stops " +
  "at five for the stack limit (its issue #2, where a memory-based version was judged far dearer); the Stylus programs " +
  "for 7 to 16 inputs have no EVM peer.";

/** What the MiMC section's EVM rows are (printed under the section). */
const MIMC_EVM =
  "EVM rows: circomlibjs 0.1.7's generated MiMCSponge (three arguments, with the key) and MiMCpe7 contracts as " +
  "published; Tornado Cash's two-argument hasher (`MiMCSponge(uint256,uint256)`, Tornado's `IHasher`), which Tornado " +
  "deploys from its fork of circomlib, in no registry: test/vectors/tornado-mimcsponge.bytecode, circomlibjs's opcode " +
  "sequence with the key pushed as 0 (scripts/lib/mimcsponge-evm.mjs); and `hashLeftRight` in one EVM contract of ours " +
  "(the same file), the EVM stand-in the one-call tree is traced over. Each call's return is checked against circomlibjs " +
  "before it is measured. The tree rows are solidity/examples/MiMCMerkleTree.sol: our example tree's pattern with " +
  "Tornado's node hash and zeros behind an IHasher adapter, not Tornado's MerkleTreeWithHistory (no root history); its " +
  "roots are checked against test/vectors/mimc.json.";

/** The return data expected of each MiMC call evm-gas.sh measures, by circomlibjs (null for another call). */
async function mimcExpected(call) {
  const { buildMimc7, buildMimcSponge } = await import("circomlibjs");
  const sponge = await buildMimcSponge();
  const big = (F, x) => BigInt(F.toString(x));
  const spongeOf = (xL, xR, k) => {
    const out = sponge.hash(xL, xR, k);
    return [big(sponge.F, out.xL), big(sponge.F, out.xR)];
  };
  const words = (...xs) => `0x${xs.map((x) => x.toString(16).padStart(64, "0")).join("")}`;
  const calls = {
    "MiMCSponge(1,2,0)": () => words(...spongeOf(1n, 2n, 0n)),
    "MiMCSponge(1,2)": () => words(...spongeOf(1n, 2n, 0n)),
    "MiMCpe7(1,2)": async () => {
      const mimc7 = await buildMimc7();
      return words(big(mimc7.F, mimc7.hash(1n, 2n)));
    },
    // Tornado's hashLeftRight: two key-0 sponges, the right input added between them.
    "hashLeftRight(1,2)": () => {
      const [r, c] = spongeOf(1n, 0n, 0n);
      return words(spongeOf((r + 2n) % P, c, 0n)[0]);
    },
  };
  return calls[call] ? await calls[call]() : null;
}

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const [command, ...rest] = process.argv.slice(2);
const fail = (message) => {
  console.error(`error: evm-rows: ${message}`);
  process.exit(1);
};
const text = () => ({ type: "string" });

const COMMANDS = {
  artifact() {
    const { positionals } = parseOptions({}, { allowPositionals: true, argv: rest });
    console.log(JSON.parse(fs.readFileSync(path.join(ROOT, "target", "forge", "out", positionals[0]), "utf8")).bytecode.object);
  },
  async "circomlib-code"() {
    const { positionals } = parseOptions({}, { allowPositionals: true, argv: rest });
    const { poseidonContract } = await import("circomlibjs");
    console.log(poseidonContract.createCode(Number(positionals[0])));
  },
  "iden3-sponge-code"() {
    const { values, positionals } = parseOptions({ artifact: text() }, { allowPositionals: true, argv: rest });
    const [address] = positionals;
    if (!/^0x[0-9a-fA-F]{40}$/.test(address ?? "")) fail(`iden3-sponge-code: ${JSON.stringify(address ?? "")} is not an address`);
    const file = values.artifact ?? path.join(ROOT, "node_modules", "@iden3", "contracts", "build", "contracts", "SpongePoseidon.json");
    const artifact = JSON.parse(fs.readFileSync(file, "utf8"));
    try {
      console.log(linked(artifact, "PoseidonUnit6L", address));
    } catch (e) {
      fail(`iden3-sponge-code: ${path.relative(ROOT, file)}: ${e.message}`);
    }
  },
  async expected() {
    const { positionals } = parseOptions({}, { allowPositionals: true, argv: rest });
    const [kind, count] = positionals;
    if (!/^[1-9][0-9]*$/.test(count ?? "")) fail(`expected: ${JSON.stringify(count ?? "")} is not a count of inputs`);
    const { poseidon } = await import("@iden3/js-crypto");
    const values = Array.from({ length: Number(count) }, (_, i) => BigInt(i + 1));
    const hashes = { hash: () => poseidon.hash(values), sponge: () => poseidon.spongeHashX(values, 6) };
    if (!hashes[kind]) fail(`expected: ${JSON.stringify(kind ?? "")} is not hash or sponge`);
    console.log(`0x${hashes[kind]().toString(16).padStart(64, "0")}`);
  },
  async "expected-mimc"() {
    const { positionals } = parseOptions({}, { allowPositionals: true, argv: rest });
    const [call, count] = positionals;
    if (call === "tree-root") {
      const { roots } = JSON.parse(fs.readFileSync(path.join(ROOT, "test", "vectors", "mimc.json"), "utf8")).tornadoTree;
      if (!/^[1-9][0-9]*$/.test(count ?? "") || Number(count) > roots.length) fail(`expected-mimc: tree-root needs a count of inserts up to ${roots.length}`);
      console.log(roots[Number(count) - 1]);
      return;
    }
    const expected = await mimcExpected(call);
    if (expected === null) fail(`expected-mimc: no expected return for ${JSON.stringify(call ?? "")}`);
    console.log(expected);
  },
  "mimc-tree-fn"() {
    const { values } = parseOptions({ depth: text(), inserts: text(), "one-call": { type: "boolean" } }, { required: ["depth", "inserts"], argv: rest });
    console.log(APP_FN.mimcTreeInsert(Number(values.depth), Number(values.inserts), values["one-call"] ?? false));
  },
  row() {
    const subjectFields = ["kind", "deployable", "file", "app", "variant", "package", "name", "language"];
    const { values } = parseOptions({ section: text(), fn: text(), gas: text(), note: text(), inserts: text(), ...Object.fromEntries(subjectFields.map((key) => [key, text()])) },
      { required: ["section", "fn", "gas", "kind"], argv: rest },
    );
    if (!SECTIONS[values.section]) fail(`unknown section ${values.section} (one of ${Object.keys(SECTIONS).join(", ")})`);
    if (!/^[0-9]+$/.test(values.gas)) fail(`no gas figure for ${values.kind} ${values.deployable ?? values.name} ${values.fn}`);
    const subject = Object.fromEntries(subjectFields.filter((key) => values[key] !== undefined).map((key) => [key, values[key]]));
    const inserts = values.inserts
      ? fs.readFileSync(values.inserts, "utf8").trim().split("\n").map((line) => JSON.parse(line))
      : null;
    const r = row({ section: SECTIONS[values.section], fn: values.fn, subject, gas: Number(values.gas), source: "anvil", note: values.note, record: inserts && { inserts } });
    try {
      validate([r]);
    } catch (e) {
      fail(e.message);
    }
    console.log(JSON.stringify(r));
  },
  insert() {
    const { values } = parseOptions({ index: text(), leaf: text(), gas: text(), calls: text() }, { required: ["index", "leaf", "gas", "calls"], argv: rest });
    const { calls, refund } = JSON.parse(values.calls);
    console.log(JSON.stringify({ index: Number(values.index), leaf: values.leaf, gas: Number(values.gas), hasher_calls: calls, refund }));
  },
  write() {
    const { positionals } = parseOptions({}, { allowPositionals: true, argv: rest });
    const [rowsFile, out] = positionals;
    const rows = validate(fs.readFileSync(rowsFile, "utf8").trim().split("\n").map((line) => JSON.parse(line)));
    const hash = { section: SECTIONS.circomlib, fn: "hash(1,2)" };
    const yul = one(rows, { ...hash, kind: "yul", deployable: "PoseidonT3Yul" }, "PoseidonT3Yul's hash(1,2)").gas;
    const peer = Math.min(...rows.filter((r) => matches(r, { ...hash, kind: "peer" })).map((r) => r.gas));
    const report = {
      method: "transaction gasUsed - 21000 on anvil (cancun), top-level call from an EOA to a cold contract; calldata included",
      generated_by: "@generated by scripts/gas-report/evm-gas.sh; do not edit",
      summary: {
        yul_hash_gas: yul,
        cheaper_peer_hash_gas: peer,
        yul_below_cheaper_peer_percent: Math.floor(((peer - yul) * 1000) / peer) / 10,
      },
      about: { [SECTIONS.circomlib]: [CIRCOMLIB_EVM], [SECTIONS.mimc]: [MIMC_EVM] },
      rows,
    };
    fs.writeFileSync(out, JSON.stringify(report, null, 2) + "\n");
    print(rows);
    const s = report.summary;
    console.log(`PoseidonT3Yul: ${s.yul_hash_gas} gas, cheaper peer: ${s.cheaper_peer_hash_gas} gas (${s.yul_below_cheaper_peer_percent}% below)`);
  },
  print() {
    const { positionals } = parseOptions({}, { allowPositionals: true, argv: rest });
    print(JSON.parse(fs.readFileSync(positionals[0], "utf8")).rows);
  },
};

/**
 * A published artifact's creation code with every link placeholder of `library` (solc's
 * `__$<34 hex of keccak256("<source>:<library>")>$__`, at the offsets its linkReferences give)
 * replaced by `address`. Throws when the artifact links no such library, when a placeholder is not
 * where linkReferences says, or when any placeholder is left.
 */
function linked({ bytecode, linkReferences = {} }, library, address) {
  const code = typeof bytecode === "string" ? bytecode : bytecode?.object;
  if (typeof code !== "string") throw new Error("no bytecode");
  const references = Object.entries(linkReferences).flatMap(([source, libraries]) =>
    Object.entries(libraries).filter(([name]) => name === library).map(([name, at]) => ({ qualified: `${source}:${name}`, at })),
  );
  if (references.length === 0) throw new Error(`no link reference to ${library} (links: ${JSON.stringify(Object.keys(linkReferences))})`);
  let out = code.replace(/^0x/, "");
  for (const { qualified, at } of references) {
    const placeholder = `__$${keccak256(toBytes(qualified)).slice(2, 36)}$__`;
    for (const { start, length } of at) {
      const found = out.slice(2 * start, 2 * (start + length));
      if (length !== 20 || found !== placeholder) throw new Error(`${qualified} at byte ${start}: ${JSON.stringify(found)}, not its placeholder ${placeholder}`);
    }
    out = out.split(placeholder).join(address.slice(2).toLowerCase());
  }
  const left = out.match(/__\$[0-9a-f]{34}\$__/);
  if (left) throw new Error(`a link placeholder left after linking ${library}: ${left[0]}`);
  if (!/^([0-9a-f]{2})+$/i.test(out)) throw new Error("the linked code is not hex");
  return `0x${out}`;
}

function print(rows) {
  for (const r of rows) console.log(`${r.gas}\t${r.fn}\t${label(r)}`);
}

if (!COMMANDS[command]) fail(`unknown command ${JSON.stringify(command ?? "")} (one of ${Object.keys(COMMANDS).join(", ")})`);
await COMMANDS[command]();
