#!/usr/bin/env node
// The release, as one command: the crates (in dependency order) on crates.io, then the npm package
// `stylus-poseidon` (scripts/chain/npm-package.mjs). Nothing is published yet; none of the names is taken.
//
//   node scripts/chain/release.mjs --dry-run   what scripts/test.sh runs: checks each crate's registry
//                                              metadata, packages the crates (cargo publish --dry-run),
//                                              builds the npm package and runs npm publish --dry-run on
//                                              it, and lists what would be published, in order
//   node scripts/chain/release.mjs             publishes (after `cargo login` and `npm login`), from a
//                                              clean checkout, after scripts/build-wasm.sh
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { NAME as NPM_NAME, buildPackage } from "./npm-package.mjs";
import { parseOptions } from "../lib/args.mjs";
import { ROOT } from "../lib/deployables.mjs";

/** What a registry page shows: a crate without one of these fields is not released. */
const REQUIRED = ["description", "license", "repository", "readme", "keywords", "categories"];

function run(command, args, { quiet = false } = {}) {
  return execFileSync(command, args, { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", quiet ? "pipe" : "inherit"] });
}

/** The workspace's publishable crates in the order cargo publishes them (dependencies first). */
function crates() {
  const metadata = JSON.parse(run("cargo", ["metadata", "--format-version", "1", "--no-deps", "--locked"], { quiet: true }));
  const members = new Set(metadata.workspace_members);
  const publishable = metadata.packages.filter((p) => members.has(p.id) && (p.publish === null || p.publish.length > 0));
  const names = new Set(publishable.map((p) => p.name));
  const order = [];
  const visit = (pkg, seen = new Set()) => {
    if (order.includes(pkg) || seen.has(pkg.name)) return;
    seen.add(pkg.name);
    for (const dep of pkg.dependencies.filter((d) => names.has(d.name) && d.kind !== "dev")) {
      visit(publishable.find((p) => p.name === dep.name), seen);
    }
    order.push(pkg);
  };
  publishable.sort((a, b) => a.name.localeCompare(b.name)).forEach((p) => visit(p));
  return order;
}

/** Each missing registry field, as "crate: field". */
function missingMetadata(pkg) {
  const missing = REQUIRED.filter((field) => {
    const value = pkg[field];
    return value === null || value === undefined || (Array.isArray(value) && value.length === 0) || value === "";
  });
  if (pkg.readme && !fs.existsSync(path.join(path.dirname(pkg.manifest_path), pkg.readme))) missing.push(`readme (${pkg.readme} not found)`);
  return missing.map((field) => `${pkg.name}: ${field}`);
}

function release({ dryRun }) {
  const order = crates();
  const problems = order.flatMap(missingMetadata);
  if (problems.length) throw new Error(`crates lack registry metadata (Cargo.toml [package]):\n  ${problems.join("\n  ")}`);
  if (!dryRun && run("git", ["status", "--porcelain"], { quiet: true }).trim()) {
    throw new Error("the checkout has uncommitted changes: release from a clean checkout");
  }
  // Packaging and metadata only in a dry run: `--no-verify` skips compiling each package from
  // scratch (~7 min here), which a real publish does.
  const cargoArgs = ["publish", "--locked", ...order.flatMap((p) => ["-p", p.name])];
  run("cargo", dryRun ? [...cargoArgs, "--dry-run", "--no-verify", "--allow-dirty"] : cargoArgs);
  const tarball = buildPackage();
  run("npm", ["publish", ...(dryRun ? ["--dry-run"] : []), tarball]);
  const version = order[0]?.version;
  console.log(`\n${dryRun ? "Would publish" : "Published"}, in order:`);
  order.forEach((p, i) => console.log(`  ${i + 1}. crates.io  ${p.name} ${p.version}  (${p.description})`));
  console.log(`  ${order.length + 1}. npm        ${NPM_NAME} ${version}  (${path.relative(ROOT, tarball)})`);
}

const { values } = parseOptions({ "dry-run": { type: "boolean", default: false } }, { usage: "node scripts/chain/release.mjs [--dry-run]" });
try {
  release({ dryRun: values["dry-run"] });
} catch (e) {
  console.error(`release: ${e.message}`);
  process.exit(1);
}
