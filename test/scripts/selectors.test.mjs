// The selector table contracts/selectors.json: every selector is what `cast sig` computes from its
// signature, the files generated from it are current, the table's own checks refuse what the
// generated code could not serve, and each deployable's registry entry names the other projects'
// selectors it answers (contracts/deployables.json `functions`, where users look them up).
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { OURS, TABLE, layout, loadTable } from "../../scripts/gen-selectors.mjs";
import { loadRegistry, stylusEntries } from "../../scripts/lib/deployables.mjs";
import { ROOT, cast } from "./helpers.mjs";

const table = loadTable();
const rows = table.groups.flatMap((group) => group.functions.flatMap((fn) => fn.selectors.map((row) => ({ group, fn, row }))));

test("every selector is `cast sig` of its signature", () => {
  for (const { row } of rows) assert.equal(cast("sig", row.signature), row.selector, row.signature);
  assert.ok(rows.length >= 40, `only ${rows.length} rows`);
});

test("the generated dispatcher table, alias Solidity and README table are current", () => {
  const r = spawnSync(process.execPath, ["scripts/gen-selectors.mjs", "--check"], { cwd: ROOT, encoding: "utf8" });
  assert.equal(r.status, 0, r.stderr);
});

test("the issue's interfaces: every circomlib width and the Noir program answer the peers' selectors", () => {
  const signatures = (feature) => new Set(rows.filter((r) => r.group.feature === feature).map((r) => r.row.signature));
  for (const [feature, n] of [["hash1", 1], ["hash2", 2], ["hash3", 3], ["hash4", 4], ["hash5", 5]]) {
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
  const byFeature = new Map(
    stylusEntries(registry).map((entry) => [/--features (\S+)/.exec(entry.cargoFeatures)?.[1] ?? "hash2", entry]),
  );
  for (const { group, row } of rows) {
    const entry = byFeature.get(group.feature);
    assert.ok(entry, `no deployable builds feature ${group.feature}`);
    if (row.interface !== OURS) assert.ok(entry.functions.includes(row.signature), `${entry.name}'s functions text lacks ${row.signature}`);
  }
});

test("the table's checks refuse a duplicate selector, another argument layout, an unknown interface", () => {
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
    refused((copy) => t3(copy).selectors.push({ ...t3(copy).selectors[0] }));
    refused((copy) => t3(copy).selectors.push({ selector: "0x12345678", signature: "hash(uint256[3])", interface: "poseidon-solidity" }));
    refused((copy) => (t3(copy).selectors[1].interface = "somebody"));
    refused((copy) => (t3(copy).selectors[1].selector = "0x561558FE"));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  assert.deepEqual(layout("hash(uint256,uint256)"), layout("poseidon(bytes32[2])"));
  assert.notDeepEqual(layout("noirHash(uint256[])"), layout("hash_1(uint256)"));
  assert.ok(TABLE.endsWith("contracts/selectors.json"));
});
