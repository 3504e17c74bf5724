#!/usr/bin/env node
// A `solc`-compatible command over the npm `solc` package (soljson), so forge can
// compile offline: it answers `--version` and `--standard-json` (JSON on stdin),
// which is all forge asks of a solc binary. Imports are read from disk relative
// to the project root, the base path, and any include or allowed paths forge passes.
"use strict";
const fs = require("fs");
const path = require("path");
const solc = require("solc");

const args = process.argv.slice(2);

// Output must be written synchronously: a pipe write followed by process.exit loses its tail.
function writeOut(text) {
  fs.writeSync(1, text);
}

if (args.includes("--version") || args.includes("-v")) {
  writeOut(`solc, the solidity compiler commandline interface\nVersion: ${solc.version()}\n`);
  process.exit(0);
}

if (!args.includes("--standard-json")) {
  fs.writeSync(2, "solc shim: only --version and --standard-json are supported\n");
  process.exit(2);
}

function optionValues(name) {
  const values = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === name && i + 1 < args.length) values.push(...args[i + 1].split(","));
    else if (args[i].startsWith(name + "=")) values.push(...args[i].slice(name.length + 1).split(","));
  }
  return values;
}

const searchRoots = [
  ...optionValues("--base-path"),
  ...optionValues("--include-path"),
  ...optionValues("--allow-paths"),
  process.cwd(),
];

function findImport(importPath) {
  const candidates = path.isAbsolute(importPath)
    ? [importPath]
    : searchRoots.map((root) => path.resolve(root, importPath));
  for (const candidate of candidates) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) {
      return { contents: fs.readFileSync(candidate, "utf8") };
    }
  }
  return { error: `File not found: ${importPath} (searched ${searchRoots.join(", ")})` };
}

const input = fs.readFileSync(0, "utf8");
writeOut(solc.compile(input, { import: findImport }));
