#!/usr/bin/env node
// The apps' gas on anvil: zk-kit's LeanIMT 2.0.1 (test/apps/LeanIMTHarness.sol over the unmodified
// InternalLeanIMT) and Semaphore 4.14.3 (unmodified), compiled once by forge and linked here two ways
// (their artifacts' link references, as hardhat's linkLibraries does), each measured transaction a
// real one:
//   stock  poseidon-solidity 0.0.5's PoseidonT3 deployed as its npm package deploys it (its transaction
//          to the deterministic-deployment proxy, at 0x3333333C0A88F9BE4fd23ed0536F9B6c427e3B93)
//   yul    our PoseidonT3Yul as documented: the init code of solidity/deploy/PoseidonT3YulDeployment.sol
//          (the repository's solc settings, no metadata) sent to the same proxy, which puts it at its
//          address in deployments/addresses.json (PoseidonAddresses.POSEIDON_T3_YUL)
// Big trees are built with unmeasured insertMany/addMembers in chunks; a JS mirror (@zk-kit/lean-imt
// with poseidon-lite, @semaphore-protocol/group) gives the siblings updates need and must have the
// root the contract has after every measured transaction.
//
// Each row's gas is gasUsed − 21,000 (the report's convention; mean rows average their transactions).
// Its record keeps, per transaction, what scripts/gas-report/model-stylus.mjs composes the Stylus row
// from: the DELEGATECALL frames into the hasher (callTracer: calldata, gasUsed and output, the hash the
// Stylus program must return for that calldata) and the refund counter (scripts/lib/traces.mjs
// clearedSlotsRefund). The section's `about` says which solc settings compiled the apps (the
// artifacts' metadata: foundry.toml's default profile).
//
// Usage: node scripts/gas-report/apps-evm.mjs --rpc URL [--quick] [--hashers stock,yul]
//   --quick    small trees and batches of 10 (the script test): no 2^16 tree, no group of 1,000
//   --hashers  which links to measure (default both)
// Prints {"generated_by", "method", "about", "rows"} (render.mjs's rows format).
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { LeanIMT } from "@zk-kit/lean-imt";
import { Group } from "@semaphore-protocol/group";
import { poseidon2 } from "poseidon-lite";
import { client, clearedSlotsRefund, framesTo } from "../lib/traces.mjs";
import { leaf, leaves } from "../lib/app-leaves.mjs";
import { ROOT } from "../lib/deployables.mjs";
import { parseOptions } from "../lib/args.mjs";
import { APP_FN, SECTIONS, row, subject } from "./rows.mjs";

const require = createRequire(import.meta.url);
const stock = require("poseidon-solidity");
const { values } = parseOptions({ rpc: { type: "string" }, quick: { type: "boolean" }, hashers: { type: "string" } }, { required: ["rpc"] });
const RPC = values.rpc;
const QUICK = values.quick ?? false;

const SECTION = SECTIONS.apps;
const ARTIFACTS = path.join(ROOT, "target", "forge", "out");
const LIBRARY_SOURCE = "node_modules/poseidon-solidity/PoseidonT3.sol";
const BULK_GAS = 900_000_000;
const TX_GAS = 60_000_000;
const rpc = client(RPC);
const log = (line) => process.stderr.write(`apps-evm: ${line}\n`);

// ---------------------------------------------------------------- artifacts, linking, ABI

function artifact(file, name) {
  const where = path.join(ARTIFACTS, file, `${name}.json`);
  if (!fs.existsSync(where)) throw new Error(`apps-evm: ${where} is missing: run forge build`);
  return JSON.parse(fs.readFileSync(where, "utf8"));
}

/** `art`'s creation code with every PoseidonT3 link reference set to `library`. */
function linked(art, library) {
  let code = art.bytecode.object.replace(/^0x/, "");
  const references = art.bytecode.linkReferences ?? {};
  const sites = references[LIBRARY_SOURCE]?.PoseidonT3 ?? [];
  if (sites.length === 0) throw new Error(`apps-evm: the artifact has no PoseidonT3 link (${Object.keys(references)})`);
  for (const { start, length } of sites) {
    code = code.slice(0, start * 2) + library.replace(/^0x/, "").toLowerCase() + code.slice((start + length) * 2);
  }
  if (code.includes("__$")) throw new Error("apps-evm: an unlinked library is left in the bytecode");
  return code;
}

const word = (x) => BigInt(x).toString(16).padStart(64, "0");

/** ABI-encodes `values` (integers, and at most one uint256[] as the last argument) after `selector`. */
function encode(selector, ...values) {
  const heads = [];
  let tail = "";
  for (const value of values) {
    if (Array.isArray(value)) {
      heads.push(word(values.length * 32));
      tail = word(value.length) + value.map(word).join("");
    } else {
      heads.push(word(value));
    }
  }
  return "0x" + selector + heads.join("") + tail;
}

/** A deployed contract: `send(signature, ...values)` and `call(signature, ...values)` by its artifact's selectors. */
function contract(address, art) {
  const selector = (signature) => {
    const found = art.methodIdentifiers[signature];
    if (!found) throw new Error(`apps-evm: no ${signature} in the artifact`);
    return found;
  };
  return {
    address,
    data: (signature, ...values) => encode(selector(signature), ...values),
    call: async (signature, ...values) =>
      BigInt(await rpc.call("eth_call", [{ to: address, data: encode(selector(signature), ...values) }, "latest"])),
  };
}

// ---------------------------------------------------------------- transactions

let FROM;
const send = (to, data, gas = TX_GAS) => rpc.send({ from: FROM, to, data, gas: "0x" + gas.toString(16) }, to);

async function deploy(code) {
  const mined = await rpc.send({ from: FROM, data: "0x" + code.replace(/^0x/, ""), gas: "0x" + BULK_GAS.toString(16) });
  return mined.contractAddress;
}

/** One measured transaction: its gas, refund and the frames into `hasher`. */
async function measured(to, data, hasher) {
  const mined = await send(to, data);
  const trace = await rpc.call("debug_traceTransaction", [mined.transactionHash, { tracer: "callTracer" }]);
  const frames = framesTo(trace, hasher).map((frame) => {
    if (frame.type !== "DELEGATECALL" || frame.error) {
      throw new Error(`apps-evm: a call into the hasher was a ${frame.type}${frame.error ? ` that failed (${frame.error})` : ""}`);
    }
    if (!/^0x[0-9a-fA-F]{64}$/.test(frame.output ?? "")) {
      throw new Error(`apps-evm: a call into the hasher returned ${frame.output} (not one word) to ${frame.input.slice(0, 10)}…`);
    }
    return { calldata: frame.input, gas_used: Number(BigInt(frame.gasUsed)), output: frame.output.toLowerCase() };
  });
  return {
    gas: Number(BigInt(mined.gasUsed)) - 21000,
    refund: await clearedSlotsRefund(rpc, mined.transactionHash),
    hasher_frames: frames,
  };
}

function check(what, got, want) {
  if (BigInt(got) !== BigInt(want)) throw new Error(`apps-evm: ${what}: the contract has ${got}, the JS reference ${want}`);
}

// ---------------------------------------------------------------- the hashers

async function deployStock() {
  const code = await rpc.call("eth_getCode", [stock.PoseidonT3.address, "latest"]);
  if (code === "0x") await send(stock.proxy.address, stock.PoseidonT3.data, BULK_GAS);
  if ((await rpc.call("eth_getCode", [stock.PoseidonT3.address, "latest"])) === "0x") {
    throw new Error(`apps-evm: the CREATE2 proxy did not deploy PoseidonT3 at ${stock.PoseidonT3.address}`);
  }
  return stock.PoseidonT3.address;
}

/**
 * PoseidonT3Yul's documented code where it is documented to be: the init code of its deployment
 * library sent to the CREATE2 proxy with the registry's salt must land at deployments/addresses.json's
 * address and leave there the runtime code the library gives (the init code after its prologue).
 */
async function deployDocumentedYul() {
  const file = path.join(ROOT, "solidity", "deploy", "PoseidonT3YulDeployment.sol");
  const source = fs.readFileSync(file, "utf8");
  const init = /function initCode\(\)[^{]*\{\s*return hex"([0-9a-f]+)";/.exec(source)?.[1];
  const prologue = Number(/afterPrologue\(initCode\(\), (\d+)\)/.exec(source)?.[1]);
  if (!init || !prologue) throw new Error(`apps-evm: no init code or prologue in ${file}`);
  const { factory, salt, contracts } = JSON.parse(fs.readFileSync(path.join(ROOT, "deployments", "addresses.json"), "utf8"));
  const { address } = contracts.PoseidonT3Yul;
  if ((await rpc.call("eth_getCode", [address, "latest"])) === "0x") {
    await send(factory, salt + init, BULK_GAS);
  }
  const code = (await rpc.call("eth_getCode", [address, "latest"])).replace(/^0x/, "").toLowerCase();
  if (code !== init.slice(prologue * 2)) {
    throw new Error(`apps-evm: ${address} does not hold PoseidonT3YulDeployment's runtime code (run node scripts/gen/gen-evm-code.mjs --check and node scripts/chain/addresses.mjs --check)`);
  }
  return address;
}

const HASHERS = [
  {
    key: "stock",
    subject: (app) => subject.stock("poseidon-solidity 0.0.5 PoseidonT3", "Solidity+assembly", { app, package: "poseidon-solidity", deployable: "PoseidonT3" }),
    deploy: deployStock,
  },
  { key: "yul", subject: (app) => subject.yul("PoseidonT3Yul", { app }), deploy: deployDocumentedYul },
];

// ---------------------------------------------------------------- the flows

const jsTree = () => new LeanIMT((a, b) => poseidon2([a, b]));
const LEAN_SEED = 100;
const GROUP_SEED = 200;

/** LeanIMT: inserts at sizes 0, 1, 1,000–1,099 (1,023 among them), insertMany of 100, an update, and 2^16 − 1. */
async function leanImt(hasher, address, record) {
  const art = artifact("LeanIMTHarness.sol", "LeanIMTHarness");
  const tree = contract(await deploy(linked(art, address)), art);
  const mirror = jsTree();
  const insert = (i) => {
    mirror.insert(leaf(LEAN_SEED, i));
    return measured(tree.address, tree.data("insert(uint256)", leaf(LEAN_SEED, i)), address);
  };
  const bulk = async (from, to, chunk) => {
    for (let start = from; start < to; start += chunk) {
      const batch = leaves(LEAN_SEED, start, Math.min(to, start + chunk));
      await send(tree.address, tree.data("insertMany(uint256[])", batch), BULK_GAS);
      mirror.insertMany(batch);
    }
  };
  const rooted = async (what) => check(`LeanIMT root after ${what}`, await tree.call("root()"), mirror.root);
  const stop = QUICK ? 30 : 1100;
  const from = QUICK ? 20 : 1000;
  const manyCount = QUICK ? 10 : 100;

  record("lean-imt", APP_FN.leanInsert(0), [await insert(0)]);
  record("lean-imt", APP_FN.leanInsert(1), [await insert(1)]);
  await bulk(2, from, 500);
  const run = [];
  for (let i = from; i < stop; i++) run.push(await insert(i));
  await rooted(`inserts up to ${stop}`);
  if (!QUICK) record("lean-imt", APP_FN.leanInsert(1023), [run[1023 - from]]);
  record("lean-imt", APP_FN.leanInsertMean(from, stop), run);
  const many = leaves(LEAN_SEED, stop, stop + manyCount);
  record("lean-imt", APP_FN.leanInsertMany(manyCount, stop), [
    await measured(tree.address, tree.data("insertMany(uint256[])", many), address),
  ]);
  mirror.insertMany(many);
  await rooted(`insertMany(${manyCount})`);
  const index = QUICK ? 25 : 500;
  const siblings = mirror.generateProof(index).siblings;
  const newLeaf = leaf(LEAN_SEED + 1, index);
  record("lean-imt", APP_FN.leanUpdate(stop + manyCount), [
    await measured(
      tree.address,
      tree.data("update(uint256,uint256,uint256[])", mirror.leaves[index], newLeaf, siblings),
      address,
    ),
  ]);
  mirror.update(index, newLeaf);
  await rooted("update");
  if (QUICK) return;
  log(`${hasher.key}: building a LeanIMT of 65,535 leaves`);
  await bulk(stop + manyCount, 65535, 2000);
  record("lean-imt", APP_FN.leanInsert(65535), [await insert(65535)]);
  await rooted("the insert at 65,535");
}

/** Semaphore: createGroup, a group of 1,000, then addMember, addMembers of 100, updateMember, removeMember. */
async function semaphore(hasher, address, record) {
  const art = artifact("Semaphore.sol", "Semaphore");
  const verifier = "0x0000000000000000000000000000000000005e4a"; // never called: no proof is verified
  const group = contract(await deploy(linked(art, address) + word(verifier)), art);
  const mirror = new Group();
  const size = QUICK ? 20 : 1000;
  record("semaphore", APP_FN.createGroup(), [await measured(group.address, group.data("createGroup()"), address)]);
  for (let start = 0; start < size; start += 250) {
    const batch = leaves(GROUP_SEED, start, Math.min(size, start + 250));
    await send(group.address, group.data("addMembers(uint256,uint256[])", 0, batch), BULK_GAS);
    mirror.addMembers(batch);
  }
  const rooted = async (what) =>
    check(`Semaphore root after ${what}`, await group.call("getMerkleTreeRoot(uint256)", 0), mirror.root);
  record("semaphore", APP_FN.addMember(size), [
    await measured(group.address, group.data("addMember(uint256,uint256)", 0, leaf(GROUP_SEED, size)), address),
  ]);
  mirror.addMember(leaf(GROUP_SEED, size));
  await rooted("addMember");
  const manyCount = QUICK ? 10 : 100;
  const batch = leaves(GROUP_SEED, size + 1, size + 1 + manyCount);
  record("semaphore", APP_FN.addMembers(manyCount, size + 1), [
    await measured(group.address, group.data("addMembers(uint256,uint256[])", 0, batch), address),
  ]);
  mirror.addMembers(batch);
  await rooted(`addMembers(${manyCount})`);
  const changed = QUICK ? 7 : 500;
  const member = leaf(GROUP_SEED + 1, changed);
  record("semaphore", APP_FN.updateMember(size + 1 + manyCount), [
    await measured(
      group.address,
      group.data(
        "updateMember(uint256,uint256,uint256,uint256[])",
        0,
        mirror.members[changed],
        member,
        mirror.generateMerkleProof(changed).siblings,
      ),
      address,
    ),
  ]);
  mirror.updateMember(changed, member);
  await rooted("updateMember");
  const removed = QUICK ? 9 : 600;
  record("semaphore", APP_FN.removeMember(size + 1 + manyCount), [
    await measured(
      group.address,
      group.data(
        "removeMember(uint256,uint256,uint256[])",
        0,
        mirror.members[removed],
        mirror.generateMerkleProof(removed).siblings,
      ),
      address,
    ),
  ]);
  mirror.removeMember(removed);
  await rooted("removeMember");
}

// ---------------------------------------------------------------- what compiled the apps

/** The solc settings an artifact was compiled with (its metadata), in words. */
function settingsOf(art) {
  const { compiler, settings } = art.metadata;
  const optimizer = settings.optimizer ?? {};
  const details = optimizer.details ?? {};
  return [
    `solc ${compiler.version.split("+")[0]}`,
    optimizer.enabled === false
      ? "optimizer off"
      : `optimizer ${optimizer.runs} runs` +
        (details.constantOptimizer === false ? ", constantOptimizer off" : "") +
        (details.yul === false ? ", Yul optimizer off" : ""),
    settings.viaIR ? "via IR" : null,
    `EVM ${settings.evmVersion}`,
    settings.metadata?.bytecodeHash === "none" ? "no metadata" : `CBOR metadata (${settings.metadata?.bytecodeHash ?? "ipfs"} hash) appended`,
  ]
    .filter(Boolean)
    .join(", ");
}

/** The section's paragraph on how the apps and the hashers they link were built. */
function compiledWith() {
  const apps = [
    ["zk-kit's InternalLeanIMT (test/apps/LeanIMTHarness.sol)", artifact("LeanIMTHarness.sol", "LeanIMTHarness")],
    ["Semaphore", artifact("Semaphore.sol", "Semaphore")],
  ].map(([name, art]) => ({ name, settings: settingsOf(art) }));
  const [first] = apps;
  const settings = apps.every((app) => app.settings === first.settings)
    ? first.settings
    : apps.map((app) => `${app.name}: ${app.settings}`).join("; ");
  return (
    "The apps are compiled once by forge from their npm sources, unmodified, with the repository's foundry.toml " +
    `(default profile): ${settings} (the artifacts' metadata). The hashers are not compiled with them: the stock ` +
    "PoseidonT3 is the bytecode poseidon-solidity's npm package deploys, at its CREATE2 address; PoseidonT3Yul is its " +
    "documented code (solidity/deploy/PoseidonT3YulDeployment.sol: the same solc settings, no metadata), at its CREATE2 " +
    "address. scripts/gas-report/apps-evm.mjs."
  );
}

// ---------------------------------------------------------------- rows

async function main() {
  [FROM] = await rpc.call("eth_accounts");
  const rows = [];
  const chosen = (values.hashers ?? "stock,yul").split(",");
  for (const hasher of HASHERS.filter((h) => chosen.includes(h.key))) {
    const address = await hasher.deploy();
    const record = (app, fn, txs) => {
      const gas = Math.floor(txs.reduce((sum, tx) => sum + tx.gas, 0) / txs.length);
      rows.push(row({ section: SECTION, fn, subject: hasher.subject(app), cached: null, gas, source: "anvil", record: { txs } }));
    };
    log(`${hasher.key}: LeanIMT`);
    await leanImt(hasher, address, record);
    log(`${hasher.key}: Semaphore`);
    await semaphore(hasher, address, record);
  }
  const out = {
    generated_by: "@generated by scripts/gas-report/apps-gas.sh (scripts/gas-report/apps-evm.mjs); do not edit",
    method: "transaction gasUsed − 21,000 on anvil (cancun); each row's record: per transaction the DELEGATECALL frames into the hasher (callTracer: calldata, gasUsed, output) and the refund counter",
    about: { [SECTION]: [compiledWith()] },
    rows,
  };
  fs.writeSync(1, JSON.stringify(out) + "\n");
}

await main();
