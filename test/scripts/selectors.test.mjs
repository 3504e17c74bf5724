// The selector table contracts/selectors.json: every selector is what `cast sig` computes from its
// signature, the files generated from it are current (and a hand edit of IStylusPoseidon.sol's
// generated widths is stale), the table's own checks refuse what the generated code could not serve,
// and each deployable's registry entry names the other projects' selectors it answers
// (contracts/deployables.json `functions`, where users look them up).
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { OURS, TABLE, WIDTHS_BEGIN, WIDTHS_END, generatedWidths, layout, loadTable } from "../../scripts/gen/gen-selectors.mjs";
import { constantName, loadRegistry, stylusEntries } from "../../scripts/lib/deployables.mjs";
import { ROOT, cast } from "./helpers.mjs";

const table = loadTable();
const rows = table.groups.flatMap((group) => group.functions.flatMap((fn) => fn.selectors.map((row) => ({ group, fn, row }))));

test("every selector is `cast sig` of its signature", () => {
  for (const { row } of rows) assert.equal(cast("sig", row.signature), row.selector, row.signature);
  assert.ok(rows.length >= 40, `only ${rows.length} rows`);
});

test("the generated dispatcher table, alias Solidity and README table are current", () => {
  const r = spawnSync(process.execPath, ["scripts/gen/gen-selectors.mjs", "--check"], { cwd: ROOT, encoding: "utf8" });
  assert.equal(r.status, 0, r.stderr);
});

test("IStylusPoseidon.sol's widths are generated, every one but t = 3's: a hand edit between the markers is stale, one outside them is kept", () => {
  assert.deepEqual(
    generatedWidths(table).map((w) => w.inputs),
    [1, ...Array.from({ length: 14 }, (_, i) => i + 3)],
  );
  // t = 7's other function, iden3's sponge, is declared in an interface of its own, which its width inherits.
  assert.deepEqual(generatedWidths(table).find((w) => w.inputs === 6).bases, ["IPoseidonSponge"]);
  // The generator in a copy of what it reads and writes, so the committed files stay untouched.
  const dir = mkdtempSync(join(tmpdir(), "selectors-widths-"));
  try {
    const inputs = ["scripts", "foundry.toml", "contracts/selectors.json", "contracts/deployables.json", "contracts/poseidon-stylus/README.md"];
    for (const file of [...inputs, "contracts/poseidon-stylus/src/selectors.rs", "solidity/IStylusPoseidon.sol", "solidity/generated"]) {
      cpSync(join(ROOT, file), join(dir, file), { recursive: true });
    }
    symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"));
    const check = () => spawnSync(process.execPath, ["scripts/gen/gen-selectors.mjs", "--check"], { cwd: dir, encoding: "utf8" });
    const file = join(dir, "solidity", "IStylusPoseidon.sol");
    const source = readFileSync(file, "utf8");
    const [from, to] = [source.indexOf(WIDTHS_BEGIN), source.indexOf(WIDTHS_END)];
    assert.ok(from > 0 && to > from, "IStylusPoseidon.sol has its widths markers");
    const edit = (before, after) => {
      const at = source.indexOf(before);
      assert.ok(at > 0, before);
      writeFileSync(file, source.slice(0, at) + after + source.slice(at + before.length));
      return at;
    };
    let r = check();
    assert.equal(r.status, 0, r.stderr);
    const outside = edit("`poseidon.spongeHashX(values, 6)`", "`spongeHashX(values, 6)`");
    assert.ok(outside < from);
    r = check();
    assert.equal(r.status, 0, r.stderr);
    const inside = edit("poseidon-lite `poseidon9`", "poseidon-lite's `poseidon9`");
    assert.ok(inside > from && inside < to);
    r = check();
    assert.equal(r.status, 1);
    assert.match(r.stderr, /stale or missing: solidity\/IStylusPoseidon\.sol/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("the issue's interfaces: every circomlib width and the Noir program answer the peers' selectors", () => {
  const signatures = (feature) => new Set(rows.filter((r) => r.group.feature === feature).map((r) => r.row.signature));
  for (const [feature, n] of [["hash1", 1], ["hash2", 2], ["hash3", 3], ["hash4", 4], ["hash5", 5], ["hash6", 6], ...Array.from({ length: 10 }, (_, i) => [`hash${i + 7}`, i + 7])]) {
    const answered = signatures(feature);
    for (const signature of [`hash(uint256[${n}])`, `poseidon(uint256[${n}])`, `poseidon(bytes32[${n}])`]) {
      assert.ok(answered.has(signature), `${feature} lacks ${signature}`);
    }
  }
  const noir = signatures("noir");
  for (const signature of ["hash_1(uint256)", "hash_2(uint256,uint256)", "hash_3(uint256,uint256,uint256)"]) {
    assert.ok(noir.has(signature), `noir lacks ${signature}`);
  }
});

test("each deployable's registry entry names the other projects' selectors it answers", () => {
  const registry = loadRegistry();
  const features = (entry) => (/--features (\S+)/.exec(entry.cargoFeatures)?.[1] ?? "hash2").split(",");
  for (const { group, row } of rows) {
    // Every deployable built with the feature: t = 3's aliases are the T3 program's and the T3 Merkle program's.
    const entries = stylusEntries(registry).filter((entry) => features(entry).includes(group.feature));
    assert.ok(entries.length, `no deployable builds feature ${group.feature}`);
    for (const entry of entries) {
      if (row.interface !== OURS) assert.ok(entry.functions.includes(row.signature), `${entry.name}'s functions text lacks ${row.signature}`);
    }
  }
});

test("the table's checks refuse a duplicate selector, another argument layout, an unknown interface or function", () => {
  const dir = mkdtempSync(join(tmpdir(), "selectors-"));
  try {
    const refused = (edit) => {
      const copy = structuredClone(table);
      edit(copy);
      const file = join(dir, "selectors.json");
      writeFileSync(file, JSON.stringify(copy));
      return assert.throws(() => loadTable(file));
    };
    const t3 = (copy) => copy.groups.find((g) => g.feature === "hash2").functions[0];
    refused((copy) => t3(copy).aliases.push({ ...t3(copy).aliases[0] }));
    refused((copy) => t3(copy).aliases.push({ selector: "0x12345678", signature: "hash(uint256[3])", interface: "poseidon-solidity" }));
    refused((copy) => (t3(copy).aliases[0].interface = "somebody"));
    refused((copy) => (t3(copy).aliases[0].selector = "0x561558FE"));
    // `ours` names a function of IStylusPoseidon.sol, and an overloaded name needs its types.
    refused((copy) => (t3(copy).ours = "IPoseidonT3Hasher.nope"));
    refused((copy) => (t3(copy).ours = "IStylusPoseidon.hash"));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  assert.deepEqual(layout("hash(uint256,uint256)"), layout("poseidon(bytes32[2])"));
  assert.notDeepEqual(layout("noirHash(uint256[])"), layout("hash_1(uint256)"));
  assert.ok(TABLE.endsWith("contracts/selectors.json"));
});

test("README.md's table of the interfaces apps already call: every address once, each with exactly the peer selectors its code answers", () => {
  const registry = loadRegistry();
  const peers = new Set(rows.filter((r) => r.row.interface !== OURS).map((r) => r.row.signature));
  // What each address answers of the peers' selectors: a Stylus program by its cargo features, an EVM
  // reference by its compiled ABI (forge's artifact; scripts/test.sh builds it before these tests).
  const answers = new Map();
  for (const entry of stylusEntries(registry)) {
    const features = (/--features (\S+)/.exec(entry.cargoFeatures)?.[1] ?? "hash2").split(",");
    const signatures = rows.filter((r) => features.includes(r.group.feature) && r.row.interface !== OURS).map((r) => r.row.signature);
    answers.set(constantName(entry.name), signatures);
  }
  for (const entry of registry.evm) {
    const [file, name] = entry.contract.split(":");
    const artifact = join(ROOT, "target", "forge", "out", basename(file), `${name}.json`);
    assert.ok(existsSync(artifact), `${artifact} is missing: run forge build`);
    const abi = Object.keys(JSON.parse(readFileSync(artifact, "utf8")).methodIdentifiers);
    answers.set(constantName(entry.name), abi.filter((signature) => peers.has(signature)));
  }
  const readme = readFileSync(join(ROOT, "README.md"), "utf8");
  const section = readme.slice(readme.indexOf("## The interfaces apps already call"), readme.indexOf("## Use it in an existing app"));
  const lines = section.split("\n").filter((line) => /^\| `[A-Z0-9_]+`/.test(line));
  const seen = new Set();
  for (const line of lines) {
    const [first, , ...peerCells] = line.split(" | ");
    const named = [...first.matchAll(/`([A-Z0-9_]+)`/g)].map((m) => m[1]);
    const text = peerCells.join(" | ");
    for (const constant of named) {
      assert.ok(answers.has(constant), `README names ${constant}, which is no deployable`);
      assert.ok(!seen.has(constant), `${constant} is in two rows`);
      seen.add(constant);
      const signatures = answers.get(constant);
      // poseidon2-evm's functions are named alone (`hash_1`), the others with their arguments.
      for (const signature of signatures) {
        const shown = signature.startsWith("hash_") ? signature.slice(0, signature.indexOf("(")) : signature;
        assert.ok(text.includes(`\`${shown}\``), `${constant} answers ${signature}; its row says: ${text}`);
      }
      if (signatures.length === 0) assert.match(text.replace(/\s/g, ""), /^(–\|)*–\|?$/, `${constant} answers no peer selector; its row says: ${text}`);
    }
    // Every peer selector a row shows is answered by every address of the row.
    for (const [, shown] of text.matchAll(/`((?:hash|poseidon)[^`]*)`/g)) {
      for (const constant of named) {
        assert.ok(answers.get(constant).some((s) => s === shown || s.startsWith(`${shown}(`)), `${constant} does not answer ${shown}`);
      }
    }
  }
  const deployed = [...answers.keys()];
  assert.deepEqual(deployed.filter((c) => !seen.has(c)), [], "every address has a row");
});
