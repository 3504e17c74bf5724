#!/usr/bin/env node
// The npm package for Solidity users, `stylus-poseidon`: solidity/ (interfaces, the PoseidonHasher
// library, the Yul and Solidity references, the examples, PoseidonAddresses.sol, the forge testing
// helper), deployments/addresses.json, the deployed Stylus modules (target/stylus/*.wasm) and the
// offline meter prebuilt for Linux x86-64 (bin/linux-x64, behind the bin/stylus-meter launcher, which
// says how to build it elsewhere) with its README (bin/stylus-meter.md), the forge launcher
// (bin/stylus-poseidon-forge: forge itself, not npm's wrapper that exits 0 on failure), and
// scripts/chain/npm-package/README.md (the address table and the gas figures filled in).
// Refuses stale addresses, and a build machine that is not Linux x86-64.
//
//   node scripts/chain/npm-package.mjs [--out DIR]   builds DIR/stylus-poseidon/ (default target/npm),
//                                                    runs `npm pack` there and prints the tarball's path
//                                                    (each step on stderr as it starts)
// Its version is the Cargo workspace's: one release number for the crates and the package.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseOptions } from "../lib/args.mjs";

const HERE = path.dirname(fileURLToPath(import.meta.url));
// These modules import viem from node_modules: on a clone where scripts/setup.sh has not run, say so
// in one line rather than with Node's stack.
const [{ ADDRESSES, SOLIDITY, computeEntries, problems }, { METER, ROOT, WASM_DIR, constantName, loadRegistry, stylusEntries }, { hashGas: hashFigures }] =
  await Promise.all(["./addresses.mjs", "../lib/deployables.mjs", "../lib/hash-gas.mjs"].map((m) => import(m))).catch((e) => {
    if (e.code !== "ERR_MODULE_NOT_FOUND" || !/Cannot find package/.test(e.message)) throw e;
    const missing = /Cannot find package '([^']+)'/.exec(e.message)?.[1];
    console.error(`npm-package: the npm package ${missing} is not installed (no node_modules): run scripts/setup.sh --npm, then this again`);
    process.exit(1);
  });

/** One line per step, on stderr (stdout is the tarball's path). */
const step = (what) => console.error(`npm-package: ${what}`);

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

const n = (gas) => gas.toLocaleString("en-US");
const figures = (report) => hashFigures(JSON.parse(fs.readFileSync(report ?? path.join(ROOT, "gas-report", "gas.json"), "utf8")).rows);

/** The README's figure for `hash(1, 2)` as a transaction, read from the committed gas report rather than typed. */
export function hashGas(report) {
  const g = figures(report);
  return `${n(g.cached)} gas cached, ${n(g.uncached)} uncached (${g.source}, gas-report/gas.json)`;
}

/** The README's figure for the program's frame of `hash(1, 2)`: what vm.lastCallGas() reads. */
export function frameGas(report) {
  const g = figures(report);
  return `${n(g.frameCached)} for \`hash(1,2)\` cached: the transaction's ${n(g.cached)} less its ${n(g.calldata)} of calldata`;
}

/** Builds the package directory and packs it; returns the tarball's path. */
export function buildPackage(outDir = path.join(ROOT, "target", "npm")) {
  step("addresses: deployments/addresses.json against the built programs");
  const registry = loadRegistry();
  const doc = JSON.parse(fs.readFileSync(ADDRESSES, "utf8"));
  const stale = problems(registry, computeEntries(registry), doc, fs.readFileSync(SOLIDITY, "utf8"));
  if (stale.length) throw new Error(`deployments/addresses.json is stale (node scripts/chain/addresses.mjs):\n  ${stale.join("\n  ")}`);

  const dir = path.join(outDir, NAME);
  const shown = path.relative(ROOT, dir).startsWith("..") ? dir : path.relative(ROOT, dir);
  step(`copy solidity/, deployments/addresses.json and target/stylus/*.wasm into ${shown}/`);
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
  step("the meter (stripped), its README and the launchers: bin/");
  fs.mkdirSync(path.join(dir, "bin", "linux-x64"), { recursive: true });
  const meter = path.join(dir, "bin", "linux-x64", "stylus-meter");
  execFileSync("strip", ["-o", meter, METER]);
  for (const launcher of ["stylus-meter", "stylus-poseidon-forge"]) {
    fs.copyFileSync(path.join(HERE, "npm-package", launcher), path.join(dir, "bin", launcher));
    fs.chmodSync(path.join(dir, "bin", launcher), 0o755);
  }
  fs.copyFileSync(path.join(ROOT, "crates", "stylus-meter", "README.md"), path.join(dir, "bin", "stylus-meter.md"));
  step("README.md (addresses, gas figures) and package.json");
  const readme = fs.readFileSync(path.join(HERE, "npm-package", "README.md"), "utf8");
  const filled = readme.replace("{{ADDRESSES}}", addressTable(doc, registry)).replace("{{HASH_GAS}}", hashGas()).replace("{{FRAME_GAS}}", frameGas());
  if (filled.includes("{{")) throw new Error(`scripts/chain/npm-package/README.md has a placeholder this script does not fill: ${/\{\{[^}]*\}\}/.exec(filled)[0]}`);
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
    bin: { "stylus-meter": "bin/stylus-meter", "stylus-poseidon-forge": "bin/stylus-poseidon-forge" },
  };
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify(manifest, null, 2) + "\n");
  step("npm pack");
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
