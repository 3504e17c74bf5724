// The registry of deployables (contracts/deployables.json) and what each entry deploys as: its init
// code, code hash and CREATE2 address. One module for every reader, so the build, the deploy script,
// the address file, its test and the npm package cannot disagree:
//   Stylus: `stylus-meter deployment` (code = 0xEFF00000 ‖ brotli(wasm) with the pinned Rust brotli
//           crate, the init code that returns it, the address); a program whose code is over
//           24 KiB deploys as fragments and a root, each at its own CREATE2 address;
//   EVM:    the creation code forge writes with --no-metadata (so an address changes only when the
//           code does, not with a comment or a path), plus ABI-encoded constructor arguments;
//           hashes and addresses from viem (keccak256, getContractAddress).
//
// As a command, for scripts/build-wasm.sh:
//   node scripts/lib/deployables.mjs build-list [--all]
//       one line per Stylus program to build: wasm|cargo features|meter sig|meter args|deployable (1/0)|name
//       (fields may be empty, hence "|" rather than a tab, which bash's read merges); --all adds the
//       entries marked not deployable
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { encodeAbiParameters, getContractAddress, keccak256 } from "viem";
import { parseOptions } from "./args.mjs";
import { foundryBin } from "./foundry.mjs";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
export const REGISTRY = path.join(ROOT, "contracts", "deployables.json");
export const WASM_DIR = path.join(ROOT, "target", "stylus");
export const METER = path.join(ROOT, "target", "tools", "stylus-meter");
/** Where the deployed EVM artifacts go: a build of its own, without metadata (see buildEvm). */
export const EVM_OUT = path.join(ROOT, "target", "forge", "deploy");

const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const HEX_WORD = /^0x[0-9a-f]{64}$/;
const HEX_RETURN = /^0x(?:[0-9a-f]{64})+$/;
const NAME = /^[A-Z][A-Za-z0-9]*$/;

/** Reads and checks the registry; a malformed entry is an error naming it. */
export function loadRegistry(file = REGISTRY) {
  const registry = JSON.parse(fs.readFileSync(file, "utf8"));
  const fail = (what) => {
    throw new Error(`${path.relative(ROOT, file)}: ${what}`);
  };
  const { create2 } = registry;
  if (!HEX_ADDRESS.test(create2?.factory ?? "")) fail("create2.factory is not an address");
  if (!HEX_WORD.test(create2?.salt ?? "")) fail("create2.salt is not 32 bytes of lowercase hex");
  const seen = new Set();
  const entries = [...(registry.stylus ?? []), ...(registry.evm ?? []), ...(registry.examples ?? [])];
  for (const entry of entries) {
    if (!NAME.test(entry.name ?? "")) fail(`name "${entry.name}" is not a CamelCase identifier`);
    if (seen.has(entry.name)) fail(`name ${entry.name} appears twice`);
    seen.add(entry.name);
    for (const check of entry.checks ?? []) {
      if (!check.sig || !Array.isArray(check.args) || !HEX_RETURN.test(check.returns ?? "")) {
        fail(`${entry.name}: a check needs sig, args (a list) and returns (the return data, 32-byte words of lowercase hex)`);
      }
    }
  }
  for (const entry of registry.stylus ?? []) {
    if (!/^[a-z0-9_]+$/.test(entry.wasm ?? "")) fail(`${entry.name}: wasm must be a file stem like poseidon_stylus`);
    if (typeof entry.cargoFeatures !== "string") fail(`${entry.name}: cargoFeatures must be a string ("" = default)`);
    if (!entry.meter?.sig || typeof entry.meter.args !== "string") fail(`${entry.name}: meter needs sig and args`);
    if (entry.deployable === false && !entry.notDeployableBecause) fail(`${entry.name}: say why it is not deployable`);
    if (entry.deployable !== false && !entry.checks?.length) fail(`${entry.name}: a deployable needs a check`);
  }
  for (const entry of [...(registry.evm ?? []), ...(registry.examples ?? [])]) {
    if (!/^[^:]+\.sol:[A-Za-z0-9_]+$/.test(entry.contract ?? "")) fail(`${entry.name}: contract must be path.sol:Name`);
  }
  for (const entry of registry.evm ?? []) {
    if (!entry.checks?.length) fail(`${entry.name}: an EVM reference needs a check`);
  }
  return registry;
}

/** The Stylus programs to build or deploy: the deployable ones, or with `all` every entry. */
export function stylusEntries(registry, { all = false } = {}) {
  return registry.stylus.filter((entry) => all || entry.deployable !== false);
}

/** `PoseidonStylusPoseidon2` -> `POSEIDON_STYLUS_POSEIDON2`: the constant in PoseidonAddresses.sol. */
export function constantName(name) {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/([A-Z])([A-Z][a-z])/g, "$1_$2")
    .toUpperCase();
}

/** A path as the user would type it: relative inside the repository, absolute outside. */
const shown = (file) => (path.relative(ROOT, file).startsWith("..") ? path.resolve(file) : path.relative(ROOT, file));

function run(command, args, what) {
  try {
    return execFileSync(command === "cast" || command === "forge" ? foundryBin(command) : command, args, { encoding: "utf8", maxBuffer: 64 << 20, stdio: ["ignore", "pipe", "pipe"] }).trim();
  } catch (e) {
    const stderr = (e.stderr ?? "").toString().trim().split("\n").slice(-3).join(" ");
    throw new Error(`${what}: ${command} ${args.slice(0, 2).join(" ")} failed: ${stderr || e.message}`);
  }
}


/**
 * One of the meter's rules (`stylus-meter rules --get PATH`, e.g. `limits.max_code_size`): the
 * version thresholds and size limits are the meter's, written once in crates/stylus-meter.
 */
export function meterRule(rulePath, meter = METER) {
  return run(meter, ["rules", "--get", rulePath], `stylus-meter rules --get ${rulePath}`);
}

function create2Address(registry, initCode) {
  const { factory, salt } = registry.create2;
  return getContractAddress({ opcode: "CREATE2", from: factory, salt, bytecode: initCode });
}

/**
 * A value written as text (a registry's check or constructor argument, as `cast` takes them: `1`,
 * `[1,2]`, `true`, `0x…`) for an ABI parameter of `type`, as viem encodes it.
 */
export function abiValue(type, text) {
  const array = /^(.*)\[\d*\]$/.exec(type);
  if (array) {
    const items = typeof text === "string" ? JSON.parse(text.replace(/(0x[0-9a-fA-F]+)/g, '"$1"')) : text;
    return items.map((item) => abiValue(array[1], typeof item === "number" ? String(item) : item));
  }
  if (/^u?int\d*$/.test(type)) return BigInt(text);
  if (type === "bool") {
    if (text !== "true" && text !== "false") throw new Error(`"${text}" is not a bool`);
    return text === "true";
  }
  return text;
}

/**
 * What deploys one Stylus program: the file target/stylus/<wasm>.wasm exactly as built. Code up to
 * the meter's `limits.max_code_size` (EIP-170's, which Nitro keeps) is one contract; larger code is a root (address, codeHash, initCode: the contract
 * users call, activate and cache) and `fragments` ({index, address, codeHash, initCode, codeBytes}),
 * deployed before the root (Nitro reassembles them: arbos/programs/programs.go getWasmFromRootStylus).
 */
export function stylusDeployment(entry, registry, { wasmDir = WASM_DIR, meter = METER } = {}) {
  const file = path.join(wasmDir, `${entry.wasm}.wasm`);
  if (!fs.existsSync(file)) {
    throw new Error(`${entry.name}: ${shown(file)} not found: build it with scripts/build-wasm.sh`);
  }
  if (!fs.existsSync(meter)) throw new Error(`${meter} not found: scripts/build-wasm.sh builds it`);
  const { factory, salt } = registry.create2;
  const out = JSON.parse(
    run(meter, ["deployment", "--wasm", file, "--factory", factory, "--salt", salt, "--json"], entry.name),
  );
  const fragments = out.fragments?.map((f, i) => ({ index: i + 1, address: f.address, codeHash: f.code_hash, initCode: f.init_code, codeBytes: f.code_bytes }));
  return {
    name: entry.name,
    kind: "stylus",
    source: shown(file),
    address: out.address,
    codeHash: out.code_hash,
    initCode: out.init_code,
    codeBytes: out.code_bytes,
    ...(fragments ? { programCodeBytes: out.program_code_bytes, fragments } : {}),
  };
}

/** Compiles the Solidity/Yul sources for deployment: no metadata hash, into target/forge/deploy. */
export function buildEvm() {
  run(
    "forge",
    ["build", "--no-metadata", "--skip", "test", "--skip", "script", "--out", EVM_OUT,
      "--cache-path", path.join(ROOT, "target", "forge", "deploy-cache"), "--root", ROOT],
    "forge build --no-metadata",
  );
}

function artifact(entry) {
  const [source, contract] = entry.contract.split(":");
  const file = path.join(EVM_OUT, path.basename(source), `${contract}.json`);
  if (!fs.existsSync(file)) throw new Error(`${entry.name}: no artifact ${path.relative(ROOT, file)} (forge build --no-metadata)`);
  const json = JSON.parse(fs.readFileSync(file, "utf8"));
  for (const [part, code] of [["creation", json.bytecode], ["runtime", json.deployedBytecode]]) {
    if (Object.keys(code.linkReferences ?? {}).length) throw new Error(`${entry.name}: ${part} code needs linked libraries`);
  }
  return json;
}

/** ABI-encodes constructor arguments; `{Name}` stands for that deployment's address. */
function encodeConstructor(entry, json, addresses, registry) {
  const isRegistered = (name) => [...registry.stylus, ...registry.evm].some((e) => e.name === name);
  const constructor = json.abi.find((item) => item.type === "constructor");
  const args = (entry.constructorArgs ?? []).map((arg) => {
    const ref = /^\{(.+)\}$/.exec(arg);
    if (!ref) return arg;
    if (!(ref[1] in addresses) && !isRegistered(ref[1])) {
      throw new Error(`${entry.name}: constructor argument {${ref[1]}} names no entry of the registry`);
    }
    // A hasher that is not built here: the example is planned over the zero address and skipped.
    return addresses[ref[1]] ?? "0x0000000000000000000000000000000000000000";
  });
  if ((constructor?.inputs.length ?? 0) !== args.length) {
    throw new Error(`${entry.name}: the constructor takes ${constructor?.inputs.length ?? 0} arguments, the registry gives ${args.length}`);
  }
  if (!args.length) return { encoded: "", args };
  const values = constructor.inputs.map((input, i) => abiValue(input.type, args[i]));
  return { encoded: encodeAbiParameters(constructor.inputs, values).slice(2), args };
}

/** What deploys one EVM contract (after buildEvm). `addresses` resolves `{Name}` arguments. */
export function evmDeployment(entry, registry, { kind = "evm", addresses = {} } = {}) {
  const json = artifact(entry);
  const { encoded, args } = encodeConstructor(entry, json, addresses, registry);
  const initCode = json.bytecode.object + encoded;
  const address = create2Address(registry, initCode);
  // With immutables the runtime code is only known once deployed: no code hash to expect.
  const immutables = Object.keys(json.deployedBytecode.immutableReferences ?? {}).length > 0;
  return {
    name: entry.name,
    kind,
    source: entry.contract,
    address,
    codeHash: immutables ? null : keccak256(json.deployedBytecode.object),
    runtimeCode: immutables ? null : json.deployedBytecode.object,
    initCode,
    constructorArgs: args,
  };
}

/**
 * Every deployment of the registry, in deployment order: the Stylus programs, the EVM references,
 * then the examples (EVM contracts over a hasher, given by `{Name}` constructor arguments). An
 * example lists in `needs` the hashers it calls, whether or not this run deploys them: their
 * addresses are pure functions of the code, and the deploy script skips an example whose hasher has
 * no code on the chain.
 */
export function plan(registry, { wasmDir = WASM_DIR, stylus = true, evm = true } = {}) {
  const out = [];
  const addresses = {};
  // Without Stylus in this run, a program not built (or no meter) only leaves its examples out.
  const built = (entry) => stylus || (fs.existsSync(METER) && fs.existsSync(path.join(wasmDir, `${entry.wasm}.wasm`)));
  const stylusPlan = stylusEntries(registry)
    .filter(built)
    .map((entry) => stylusDeployment(entry, registry, { wasmDir }));
  for (const d of stylusPlan) addresses[d.name] = d.address;
  if (stylus) out.push(...stylusPlan);
  if (!evm) return out;
  buildEvm();
  for (const entry of registry.evm) {
    const d = evmDeployment(entry, registry);
    addresses[d.name] = d.address;
    out.push(d);
  }
  for (const entry of registry.examples ?? []) {
    const d = evmDeployment(entry, registry, { kind: "example", addresses });
    const needs = (entry.constructorArgs ?? []).map((a) => /^\{(.+)\}$/.exec(a)?.[1]).filter(Boolean);
    out.push({ ...d, needs: needs.map((name) => ({ name, address: addresses[name] ?? "-" })) });
  }
  return out;
}

function main() {
  const { values, positionals } = parseOptions(
    { all: { type: "boolean" }, registry: { type: "string", default: REGISTRY } },
    { allowPositionals: true, usage: "node scripts/lib/deployables.mjs build-list [--all] [--registry FILE]" },
  );
  if (positionals.length !== 1 || positionals[0] !== "build-list") throw new Error(`unknown command "${positionals.join(" ")}": build-list`);
  for (const e of stylusEntries(loadRegistry(values.registry), { all: values.all })) {
    console.log([e.wasm, e.cargoFeatures, e.meter.sig, e.meter.args, e.deployable === false ? 0 : 1, e.name].join("|"));
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    main();
  } catch (e) {
    console.error(`deployables: ${e.message}`);
    process.exit(1);
  }
}
