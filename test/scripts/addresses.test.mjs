// deployments/addresses.json (and solidity/PoseidonAddresses.sol) against the built files, run with
// `node --test test/scripts/` after scripts/build-wasm.sh (scripts/test.sh does both). Every address is
// recomputed offline, independently of the meter's `deployment` subcommand where it matters: the init
// code is run on a pre-London anvil and must return the code, the code must decompress to the built
// file, and cast must derive the same hashes and CREATE2 address.
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { ADDRESSES, README, SOLIDITY, computeEntries, problems } from "../../scripts/chain/addresses.mjs";
import { WASM_DIR, loadRegistry, meterRule, stylusDeployment, stylusEntries } from "../../scripts/lib/deployables.mjs";
import { ROOT, cast, rpc, startAnvil } from "./helpers.mjs";

const work = mkdtempSync(join(tmpdir(), "addresses-"));
after(() => rmSync(work, { recursive: true, force: true }));

const registry = loadRegistry();

let built;
function entries() {
  for (const e of stylusEntries(registry)) {
    assert.ok(existsSync(join(WASM_DIR, `${e.wasm}.wasm`)), `${e.wasm}.wasm is not built: run scripts/build-wasm.sh before this test`);
  }
  built ??= computeEntries(registry);
  return built;
}

test("deployments/addresses.json and solidity/PoseidonAddresses.sol are current: every address recomputed from the built files", () => {
  const doc = JSON.parse(readFileSync(ADDRESSES, "utf8"));
  const found = problems(registry, entries(), doc, readFileSync(SOLIDITY, "utf8"), readFileSync(README, "utf8"));
  assert.deepEqual(found, [], `stale (regenerate with: node scripts/chain/addresses.mjs):\n${found.join("\n")}`);
  // every deployable of the registry is listed, and nothing else
  const names = [...stylusEntries(registry), ...registry.evm].map((e) => e.name).sort();
  assert.deepEqual(Object.keys(doc.contracts).sort(), names);
});

test("README.md documents every address", () => {
  const readme = readFileSync(join(ROOT, "README.md"), "utf8");
  const doc = JSON.parse(readFileSync(ADDRESSES, "utf8"));
  for (const [name, entry] of Object.entries(doc.contracts)) {
    assert.ok(readme.includes(entry.address), `README.md lacks ${name}'s address ${entry.address}`);
  }
  const documented = new Set(Object.values(doc.contracts).map((e) => e.address));
  const stale = [...readme.matchAll(/`(0x[0-9a-fA-F]{40})`/g)].map((m) => m[1]).filter((a) => !documented.has(a) && a !== doc.factory);
  assert.deepEqual(stale, [], "README.md names addresses that are not in deployments/addresses.json");
});

test("a stale addresses file fails the check, naming the program", () => {
  const doc = JSON.parse(readFileSync(ADDRESSES, "utf8"));
  const solidityText = readFileSync(SOLIDITY, "utf8");
  const stale = (mutate) => {
    const copy = structuredClone(doc);
    mutate(copy);
    return problems(registry, entries(), copy, solidityText);
  };
  assert.deepEqual(stale(() => {}), []);
  assert.match(stale((d) => delete d.contracts.PoseidonT3Yul).join("\n"), /^PoseidonT3Yul: missing \(built at 0x[0-9a-fA-F]{40}\)/m);
  assert.match(
    stale((d) => (d.contracts.PoseidonStylus.builtFrom += "+dirty")).join("\n"),
    /^PoseidonStylus: builtFrom [0-9a-f]{40}\+dirty was generated from uncommitted sources$/m,
  );
  assert.match(stale((d) => (d.contracts.Gone = { ...d.contracts.PoseidonT3Yul })).join("\n"), /^Gone: recorded, but contracts\/deployables.json has no deployable/m);
  // README.md's table, with one address changed by hand
  const readme = readFileSync(README, "utf8");
  const edited = readme.replace(doc.contracts.PoseidonT3Yul.address, "0x" + "12".repeat(20));
  assert.notEqual(edited, readme, "README.md shows PoseidonT3Yul's address");
  assert.deepEqual(problems(registry, entries(), doc, solidityText, edited), [
    "README.md's address table is not what deployments/addresses.json gives",
  ]);

  // The command the lead runs: exit 1, one line per stale program.
  const file = join(work, "addresses.json");
  const copy = structuredClone(doc);
  copy.contracts.PoseidonStylusPoseidon2.codeHash = "0x" + "00".repeat(32);
  writeFileSync(file, JSON.stringify(copy, null, 2));
  const r = spawnSync(process.execPath, [join(ROOT, "scripts", "chain", "addresses.mjs"), "--check", "--file", file, "--solidity", SOLIDITY], {
    encoding: "utf8",
  });
  assert.equal(r.status, 1);
  assert.match(r.stderr, /is stale \(regenerate: node scripts\/chain\/addresses.mjs\):\n  PoseidonStylusPoseidon2: recorded 0x[0-9a-fA-F]{40} \(code hash 0x0{64}\), built 0x[0-9a-fA-F]{40} \(code hash 0x[0-9a-f]{64}\)\n/);
});

test("each Stylus program deploys as Nitro reads it: init code returns 0xEFF00000 ‖ brotli(the built file), or a root whose fragments hold it, at the CREATE2 address", async () => {
  // Pre-London: no EIP-3541, so the init code may return code starting with 0xEF, as on Nitro.
  const anvil = await startAnvil(undefined, ["--hardfork", "berlin"]);
  const { factory, salt } = registry.create2;
  const maxCodeSize = Number(meterRule("limits.max_code_size"));
  /** The code an init code returns, checked against its hash and CREATE2 address. */
  const deployed = async (what, d) => {
    const code = await rpc(anvil.url, "eth_call", [{ data: d.initCode, gas: "0x1c9c380" }, "latest"]);
    assert.ok(d.initCode.toLowerCase().endsWith(code.slice(2)), `${what}: init code carries the code`);
    assert.ok(code.length - 2 <= 2 * maxCodeSize, `${what}: within the code size limit`);
    assert.equal(cast("keccak", code), d.codeHash, `${what}: code hash`);
    const address = cast("create2", "--deployer", factory, "--salt", salt, "--init-code-hash", cast("keccak", d.initCode)).match(/0x[0-9a-fA-F]{40}/)[0];
    assert.equal(address, d.address, `${what}: CREATE2 address`);
    return code;
  };
  for (const entry of stylusEntries(registry)) {
    const d = stylusDeployment(entry, registry);
    const wasm = readFileSync(join(WASM_DIR, `${entry.wasm}.wasm`));
    const code = await deployed(entry.name, d);
    if (!d.fragments) {
      assert.equal(code.slice(0, 10), "0xeff00000", `${entry.name}: Nitro's Stylus prefix, no dictionary`);
      assert.ok(brotliDecompressSync(Buffer.from(code.slice(10), "hex")).equals(wasm), `${entry.name}: the code is the built file, compressed`);
      continue;
    }
    // Over 24 KiB: the root (0xEFF002, no dictionary, the length, the fragments in order), and the
    // fragments' payloads are the compressed file (Nitro's getWasmFromRootStylus).
    const pieces = [];
    for (const f of d.fragments) {
      const fragment = await deployed(`${entry.name} fragment ${f.index}`, f);
      assert.equal(fragment.slice(0, 8), "0xeff001", `${entry.name} fragment ${f.index}: Nitro's fragment prefix`);
      pieces.push(Buffer.from(fragment.slice(8), "hex"));
    }
    const length = wasm.length.toString(16).padStart(8, "0");
    assert.equal(code, "0xeff00200" + length + d.fragments.map((f) => f.address.slice(2).toLowerCase()).join(""), `${entry.name}: root`);
    assert.ok(brotliDecompressSync(Buffer.concat(pieces)).equals(wasm), `${entry.name}: the fragments are the built file, compressed`);
  }
});
