#!/usr/bin/env node
// The npm package for Solidity users, `stylus-poseidon`: solidity/ (interfaces, the PoseidonHasher
// library, the Yul and Solidity references, the examples, PoseidonAddresses.sol, the forge testing
// helper), deployments/addresses.json, the deployed Stylus modules (target/stylus/*.wasm) and the
// offline meter prebuilt for Linux x86-64 (bin/linux-x64, behind the bin/stylus-meter launcher, which
// says how to build it elsewhere), with scripts/chain/npm-package/README.md (the address table filled in).
// Refuses stale addresses, and a build machine that is not Linux x86-64.
//
//   node scripts/chain/npm-package.mjs [--out DIR]   builds DIR/stylus-poseidon/ (default target/npm),
//                                                    runs `npm pack` there and prints the tarball's path
// Its version is the Cargo workspace's: one release number for the crates and the package.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { SECTIONS, matches } from "../gas-report/rows.mjs";
import { parseOptions } from "../lib/args.mjs";
import { ADDRESSES, SOLIDITY, computeEntries, problems } from "./addresses.mjs";
import { METER, ROOT, WASM_DIR, constantName, loadRegistry, stylusEntries } from "../lib/deployables.mjs";

export const NAME = "stylus-poseidon";

/** The workspace version from Cargo.toml ([workspace.package] version). */
function workspaceVersion() {
  const toml = fs.readFileSync(path.join(ROOT, "Cargo.toml"), "utf8");
  const section = toml.slice(toml.indexOf("[workspace.package]"));
  const version = /^version\s*=\s*"([^"]+)"/m.exec(section)?.[1];
  if (!version) throw new Error("no version in Cargo.toml's [workspace.package]");
  return version;
}

function addressTable(doc, registry) {
  const rows = ["| name | kind | address | what |", "|---|---|---|---|"];
  const about = Object.fromEntries([...registry.stylus, ...registry.evm].map((e) => [e.name, e.functions ?? e.contract]));
  for (const [name, entry] of Object.entries(doc.contracts)) {
    const kind = entry.kind === "stylus" ? `Stylus (\`wasm/${path.basename(entry.source)}\`)` : "EVM";
    rows.push(`| \`PoseidonAddresses.${constantName(name)}\` | ${kind} | \`${entry.address}\` | ${about[name]} |`);
  }
  return rows.join("\n");
}

/** The README's figure for `hash(1, 2)`, read from the committed gas report rather than typed. */
export function hashGas(report = path.join(ROOT, "gas-report", "gas.json")) {
  const rows = JSON.parse(fs.readFileSync(report, "utf8")).rows;
  const find = (cached) =>
    rows.find((r) => matches(r, { section: SECTIONS.circomlib, fn: "hash(1,2)", kind: "stylus", deployable: "poseidon_stylus", app: null, cached }));
  const [cached, uncached] = [find(true), find(false)];
  if (!cached || !uncached) throw new Error("gas-report/gas.json has no hash(1,2) row of poseidon_stylus.wasm");
  const n = (row) => row.gas.toLocaleString("en-US");
  return `${n(cached)} gas cached, ${n(uncached)} uncached (${cached.source}, gas-report/gas.json)`;
}

/** Builds the package directory and packs it; returns the tarball's path. */
export function buildPackage(outDir = path.join(ROOT, "target", "npm")) {
  const registry = loadRegistry();
  const doc = JSON.parse(fs.readFileSync(ADDRESSES, "utf8"));
  const stale = problems(registry, computeEntries(registry), doc, fs.readFileSync(SOLIDITY, "utf8"));
  if (stale.length) throw new Error(`deployments/addresses.json is stale (node scripts/chain/addresses.mjs):\n  ${stale.join("\n  ")}`);

  const dir = path.join(outDir, NAME);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(path.join(dir, "deployments"), { recursive: true });
  fs.mkdirSync(path.join(dir, "wasm"));
  fs.cpSync(path.join(ROOT, "solidity"), path.join(dir, "solidity"), {
    recursive: true,
    filter: (src) => !src.endsWith(".md"),
  });
  fs.copyFileSync(ADDRESSES, path.join(dir, "deployments", "addresses.json"));
  for (const entry of stylusEntries(registry)) {
    fs.copyFileSync(path.join(WASM_DIR, `${entry.wasm}.wasm`), path.join(dir, "wasm", `${entry.wasm}.wasm`));
  }
  // The meter, so a Solidity user's forge tests need no Rust: the one platform built here.
  if (process.platform !== "linux" || process.arch !== "x64") throw new Error(`the package ships the meter for Linux x86-64; this is ${process.platform} ${process.arch}`);
  if (!fs.existsSync(METER)) throw new Error(`${METER} is missing: build it (scripts/build-wasm.sh, or cargo build --profile tools -p stylus-meter)`);
  fs.mkdirSync(path.join(dir, "bin", "linux-x64"), { recursive: true });
  const meter = path.join(dir, "bin", "linux-x64", "stylus-meter");
  execFileSync("strip", ["-o", meter, METER]);
  fs.copyFileSync(path.join(ROOT, "scripts", "chain", "npm-package", "stylus-meter"), path.join(dir, "bin", "stylus-meter"));
  fs.chmodSync(path.join(dir, "bin", "stylus-meter"), 0o755);
  const readme = fs.readFileSync(path.join(ROOT, "scripts", "chain", "npm-package", "README.md"), "utf8");
  const filled = readme.replace("{{ADDRESSES}}", addressTable(doc, registry)).replace("{{HASH_GAS}}", hashGas());
  fs.writeFileSync(path.join(dir, "README.md"), filled);
  const rootPackage = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8"));
  const manifest = {
    name: NAME,
    version: workspaceVersion(),
    description:
      "Poseidon over BN254 on Arbitrum: Solidity interfaces, the PoseidonHasher library, Yul/Solidity references and the addresses of the Stylus programs (the same on every chain)",
    license: rootPackage.license,
    repository: { type: "git", url: "git+https://github.com/stylus-poseidon/stylus-poseidon.git" },
    keywords: ["poseidon", "poseidon2", "arbitrum", "stylus", "solidity", "zk", "bn254", "merkle-tree"],
    files: ["solidity", "deployments", "wasm", "bin", "README.md"],
    bin: { "stylus-meter": "bin/stylus-meter" },
  };
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify(manifest, null, 2) + "\n");
  const packed = JSON.parse(
    execFileSync("npm", ["pack", "--json", "--pack-destination", outDir], { cwd: dir, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }),
  );
  return path.join(outDir, packed[0].filename);
}

if (process.argv[1] && path.resolve(process.argv[1]) === new URL(import.meta.url).pathname) {
  try {
    const { out } = parseOptions({ out: { type: "string" } }, { usage: "node scripts/chain/npm-package.mjs [--out DIR]" }).values;
    console.log(buildPackage(out && path.resolve(out)));
  } catch (e) {
    console.error(`npm-package: ${e.message}`);
    process.exit(1);
  }
}
