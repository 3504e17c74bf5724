#!/usr/bin/env node
// Deploys everything contracts/deployables.json lists to one chain, each contract at its CREATE2
// address through the deterministic-deployment proxy (the same address on every chain:
// deployments/addresses.json), and records them in deployments/<chainId>.json:
//   Stylus:   target/stylus/<wasm>.wasm, exactly as scripts/build-wasm.sh wrote it, as the code
//             0xEFF00000 ‖ brotli(wasm); code over 24 KiB as cargo-stylus deploys it, fragments
//             (0xEFF001 ‖ a piece) then a root naming them (0xEFF002 ‖ dictionary ‖ length ‖
//             addresses), every one at its CREATE2 address (ArbOS >= 60); the init code of each is
//             the meter's (`stylus-meter deployment`, through scripts/lib/deployables.mjs); then
//             ArbWasm.activateProgram (its data fee paid, the rest refunded; what it burns said first,
//             by `stylus-meter check`: ArbWasm's fixed charge, the chain's ActivationGas,
//             ArbWasm.activationGas(), read and budgeted, fragment reads, the compile charge and
//             ArbWasm's bookkeeping) whenever the code hash is not active: never activated, or
//             ProgramNeedsUpgrade / ProgramExpired after an ArbOS upgrade; then cached in ArbOS (dev
//             chain: as chain owner through the precompiles; other chains: `cargo stylus cache bid`)
//   EVM:      the Solidity/Yul references (forge build --no-metadata), then the examples over them
// What is already in place is left alone: a second run sends no transaction and says so.
// Then every hasher must answer its registry check (e.g. hash(1, 2) = circomlibjs poseidon([1, 2])).
// One function per step, in this order (main): readOptions, preflight, planDeployment, connect,
// checkFragments (before any transaction), useDeployer, prepareDevChain (dev chain), ensureFactory
// (the factory); each deployable: deployStylus (deployFragments, the program, activate, cacheProgram),
// deployEvm, deployExample; then runChecks and summarise. They share one object, `run`.
// JSON-RPC, signing, ABIs, keccak and CREATE2 are viem's.
import { execFileSync, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import {
  createPublicClient,
  createWalletClient,
  decodeErrorResult,
  defineChain,
  encodeFunctionData,
  formatEther,
  http,
  keccak256,
  parseAbiItem,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { parseOptions } from "../lib/args.mjs";
import { METER, ROOT, abiValue, loadRegistry, meterRule, plan } from "../lib/deployables.mjs";
import { foundryBin } from "../lib/foundry.mjs";
import {
  ArbDebug,
  ArbGasInfo,
  ArbOwner,
  ArbOwnerPublic,
  ArbSys,
  ArbWasm,
  ArbWasmCache,
  ARB_SYS_ARBOS_VERSION_OFFSET,
  NITRO_DEFAULT_RPC,
  NITRO_DEV_CHAIN_ID,
  NITRO_DEV_PRIVATE_KEY,
} from "../lib/nitro.mjs";

// anvil's default chain id: a throwaway chain like the Nitro --dev one.
const ANVIL_CHAIN_ID = 31337;
const DEFAULT_REGISTRY = "contracts/deployables.json";
// Sent with an activation whose data fee could not be read first (the node refused to simulate it).
const DEFAULT_MAX_DATA_FEE = 10000000000000000n;
const CARGO_STYLUS_VERSION = "0.10.10";
// The largest gas an Arbitrum transaction may use (ArbOS 50's per-transaction limit,
// l2pricing.InitialPerTxGasLimitV50, and what Nitro's own activation tests give): the gas limit of an
// activation the node would not estimate. cargo-stylus reads an activation charge above 30,000,000
// as activations paused by the chain owner (stylus-tools core/activation.rs PAUSED_ACTIVATION_GAS).
const MAX_TX_GAS = 32000000n;
const PAUSED_ACTIVATION_GAS = 30000000n;

const USAGE = `Usage: scripts/chain/deploy.mjs [--rpc URL] [--private-key KEY] [--skip-stylus] [--skip-evm] [--skip-examples]
                              [--skip NAME,...] [--no-cache] [--wasm-dir DIR] [--out-dir DIR] [--install-factory]
                              [--max-data-fee WEI] [--registry FILE] [--help]

Deploys the Stylus programs (activated, cached in ArbOS), the Solidity/Yul hashers and the examples
of ${DEFAULT_REGISTRY} at their CREATE2 addresses (deployments/addresses.json), skips what is
already deployed, activated and cached, checks every hasher, and writes DIR/<chainId>.json.

  --rpc URL           node to deploy to (default: $NITRO_RPC, else ${NITRO_DEFAULT_RPC})
  --private-key KEY   deployer key (default: $PRIVATE_KEY; on the Nitro dev chain ${NITRO_DEV_CHAIN_ID}
                      only, the dev account's published key)
  --skip-stylus       do not deploy the Stylus programs (any EVM chain will do, e.g. anvil)
  --skip-evm          do not deploy the Solidity/Yul contracts
  --skip-examples     do not deploy the examples (the incremental Merkle trees over a hasher)
  --skip NAME,...     do not deploy these registry entries (e.g. the programs needing more fragments
                      than a chain allows: the run refuses them first, naming them)
  --no-cache          leave the Stylus programs uncached (to measure uncached calls; cache later
                      with ArbWasmCache.cacheProgram, or evict with evictCodehash)
  --wasm-dir DIR      where the Stylus programs are (default: target/stylus, from scripts/build-wasm.sh)
  --out-dir DIR       where <chainId>.json goes (default: deployments; for a dev chain, the Nitro
                      --dev chain or anvil, deployments/dev, which git ignores)
  --install-factory   install the deterministic-deployment proxy where it is missing on a chain
                      that is not a dev chain (its one-time deployer is funded with 0.01 ETH);
                      on anvil and the Nitro dev chain this happens without asking
  --max-data-fee WEI  what an activation may pay when the node will not simulate it (Nitro
                      v3.11.5 and later refuse activation in eth_call/eth_estimateGas by default),
                      so the data fee cannot be read first (default ${DEFAULT_MAX_DATA_FEE}, 0.01 ETH;
                      ArbWasm returns what it does not charge)
  --registry FILE     deploy what FILE lists instead of ${DEFAULT_REGISTRY} (same format)

Stylus needs an Arbitrum Nitro chain: scripts/chain/devnode.sh starts a dev node.`;

function usageError(message) {
  console.error(`error: deploy: ${message} (see scripts/chain/deploy.mjs --help)`);
  process.exit(2);
}

// ------------------------------------------------------------------------- steps and failures

let currentStep = "";
let stepHint = "";
/** A failure of the current step: one line naming the step and the cause. */
class Failure extends Error {}
const fail = (message) => {
  throw new Failure(message);
};
function step(title) {
  currentStep = title;
  stepHint = "";
  console.log(`\n==> ${title}`);
}

/** The node's own words for a failed request (viem's innermost detail), on one line. */
function nodeMessage(error) {
  const detail = error?.details || error?.shortMessage || error?.message || String(error);
  return detail.replace(/\s+/g, " ").trim();
}

/** The revert data a failed eth_call carried (0x…), or undefined when the node gave none. */
function revertData(error) {
  for (let e = error; e; e = e.cause) {
    if (typeof e.raw === "string" && /^0x[0-9a-fA-F]*$/.test(e.raw)) return e.raw.toLowerCase();
    if (typeof e.data === "string" && /^0x[0-9a-fA-F]*$/.test(e.data)) return e.data.toLowerCase();
    if (typeof e.data?.data === "string" && /^0x/.test(e.data.data)) return e.data.data.toLowerCase();
  }
  return undefined;
}

/** "Name(arg,arg)" for one of ArbWasm's errors, else the data itself. */
function arbWasmError(data) {
  try {
    const { errorName, args = [] } = decodeErrorResult({ abi: ArbWasm.abi, data });
    return `${errorName}(${args.map(String).join(",")})`;
  } catch {
    return data;
  }
}

// ------------------------------------------------------------------------- the run

async function main() {
  const run = readOptions();
  if (!run) return;
  preflight(run);
  planDeployment(run);
  await connect(run);
  // Before any transaction: every program over 24 KiB fits this chain's fragment rules.
  if (!run.skipStylus) await checkFragments(run);
  await useDeployer(run);
  if (run.isDev) await prepareDevChain(run);
  await ensureFactory(run);
  for (const d of run.deployments) {
    if (d.kind === "stylus") await deployStylus(run, d);
    else if (d.kind === "evm") await deployEvm(run, d);
    else await deployExample(run, d);
  }
  await runChecks(run);
  summarise(run);
}

/** The options, checked, as the start of `run`, which the later steps fill in; undefined after --help. */
function readOptions() {
  const { values: opts } = parseOptions(
    {
      rpc: { type: "string" },
      "private-key": { type: "string" },
      "skip-stylus": { type: "boolean", default: false },
      "skip-evm": { type: "boolean", default: false },
      "skip-examples": { type: "boolean", default: false },
      skip: { type: "string" },
      "no-cache": { type: "boolean", default: false },
      "wasm-dir": { type: "string" },
      "out-dir": { type: "string" },
      "install-factory": { type: "boolean", default: false },
      "max-data-fee": { type: "string" },
      registry: { type: "string" },
      help: { type: "boolean", short: "h", default: false },
    },
    { usage: "scripts/chain/deploy.mjs --help" },
  );
  if (opts.help) {
    console.log(USAGE);
    return undefined;
  }
  for (const name of ["rpc", "private-key", "wasm-dir", "out-dir", "max-data-fee", "registry", "skip"]) {
    if (opts[name] === "") usageError(`--${name} needs a value`);
  }
  // Relative paths are the repository's, wherever the command is run from.
  process.chdir(ROOT);
  const run = {
    rpcUrl: opts.rpc ?? process.env.NITRO_RPC ?? NITRO_DEFAULT_RPC,
    key: opts["private-key"] ?? process.env.PRIVATE_KEY ?? "",
    skipStylus: opts["skip-stylus"],
    skipEvm: opts["skip-evm"],
    skipExamples: opts["skip-examples"],
    skip: opts.skip,
    cache: !opts["no-cache"],
    wasmDir: opts["wasm-dir"] ?? "target/stylus",
    outDir: opts["out-dir"],
    installFactory: opts["install-factory"],
    registryFile: opts.registry ?? DEFAULT_REGISTRY,
    // Transactions this run sent; none means the chain already had everything.
    sent: 0,
    // name -> address of every contract deployed or found in place
    deployed: new Map(),
  };
  if (run.skipStylus && run.skipEvm) usageError("--skip-stylus and --skip-evm together leave nothing to deploy");
  const maxDataFeeText = opts["max-data-fee"] ?? String(DEFAULT_MAX_DATA_FEE);
  if (!/^[0-9]+$/.test(maxDataFeeText)) usageError(`--max-data-fee takes an amount in wei, not "${maxDataFeeText}"`);
  run.maxDataFee = BigInt(maxDataFeeText);
  if (!fs.existsSync(run.registryFile)) usageError(`--registry ${run.registryFile}: no such file`);
  return run;
}

function preflight(run) {
  step("Preflight: tools");
  if (!run.skipEvm && spawnSync(foundryBin("forge"), ["--version"]).status !== 0) {
    fail("forge not found: run scripts/setup.sh (installs Foundry from npm)");
  }
}

/** run.registry, run.deployments (in order, less --skip), run.factory, run.salt; each said with its file and address. */
function planDeployment(run) {
  step(`Plan: what each contract deploys as, and where (${run.registryFile})`);
  // A program not built is named with the command that builds it (scripts/lib/deployables.mjs).
  try {
    run.registry = loadRegistry(run.registryFile);
    run.deployments = plan(run.registry, { wasmDir: run.wasmDir, stylus: !run.skipStylus, evm: !run.skipEvm });
  } catch (e) {
    fail(e.message);
  }
  const skipped = new Set(run.skip ? run.skip.split(",") : []);
  const known = new Set(run.deployments.map((d) => d.name));
  for (const name of skipped) if (!known.has(name)) usageError(`--skip ${name}: no such entry to deploy in ${run.registryFile}`);
  run.deployments = run.deployments.filter((d) => !skipped.has(d.name));
  ({ factory: run.factory, salt: run.salt } = run.registry.create2);
  // Which file goes on chain, said per program: `cargo stylus check` checks the crate's default build
  // whatever --wasm-file says, so a user cannot tell from cargo-stylus alone (README, "Deploy a program").
  for (const d of run.deployments) {
    for (const f of d.fragments ?? []) console.log(`program ${d.name}: code over 24 KiB: fragment ${f.index}/${d.fragments.length} -> ${f.address}`);
    if (d.kind === "stylus") {
      const bytes = fs.readFileSync(d.source);
      console.log(`program ${d.name}: file ${d.source} (${bytes.length} bytes, sha256 ${createHash("sha256").update(bytes).digest("hex")}) -> ${d.address}`);
    } else {
      console.log(`${d.kind} ${d.name}: ${d.source} -> ${d.address}`);
    }
  }
  console.log(`factory ${run.factory}, salt ${run.salt}`);
}

/** run.chainId, run.client, and whether the chain is Nitro (run.isNitro, run.arbosVersion) and the dev chain (run.isDev). */
async function connect(run) {
  step(`Connect to ${run.rpcUrl}`);
  run.transport = http(run.rpcUrl, { retryCount: 0, timeout: 120_000 });
  const probe = createPublicClient({ transport: run.transport });
  try {
    run.chainId = await probe.getChainId();
  } catch (e) {
    let cause = e;
    while (cause.cause) cause = cause.cause;
    fail(`no answer from ${run.rpcUrl} (${cause.message}): start a node with scripts/chain/devnode.sh or pass --rpc URL`);
  }
  const { chainId } = run;
  run.chain = defineChain({ id: chainId, name: `chain ${chainId}`, nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 }, rpcUrls: { default: { http: [run.rpcUrl] } } });
  run.client = createPublicClient({ chain: run.chain, transport: run.transport, pollingInterval: 50 });
  // Nitro: ArbSys answers at 0x64 (on any other chain the call returns no data).
  let notNitroCause = "";
  run.arbosVersion = 0;
  try {
    const { data } = await run.client.call({ to: ArbSys.address, data: encodeFunctionData({ ...ArbSys, functionName: "arbChainID" }) });
    if (data?.length !== 66) throw new Error(`arbChainID() returned '${data ?? "0x"}'`);
    const raw = await read(run, ArbSys, "arbOSVersion");
    if (raw <= ARB_SYS_ARBOS_VERSION_OFFSET) fail(`ArbSys.arbOSVersion() returned ${raw}, not ${ARB_SYS_ARBOS_VERSION_OFFSET} + an ArbOS version`);
    run.arbosVersion = Number(raw - ARB_SYS_ARBOS_VERSION_OFFSET);
  } catch (e) {
    if (e instanceof Failure) throw e;
    notNitroCause = `no ArbSys precompile at ${ArbSys.address} (${e.message.startsWith("arbChainID()") ? e.message : nodeMessage(e)})`;
  }
  run.isNitro = !notNitroCause;
  run.isDev = run.isNitro && chainId === NITRO_DEV_CHAIN_ID;
  console.log(`chain id ${chainId}: ${run.isNitro ? `Arbitrum Nitro, ArbOS ${run.arbosVersion}` : "not Arbitrum Nitro"}${run.isDev ? " (dev chain)" : ""}`);
  if (!run.skipStylus && !run.isNitro) {
    const known = chainId === ANVIL_CHAIN_ID ? ` (${ANVIL_CHAIN_ID} is anvil's chain id)` : "";
    fail(
      `chain ${chainId} at ${run.rpcUrl}${known} is not Arbitrum Nitro (${notNitroCause}); Stylus needs a Nitro ` +
        "node: start one with scripts/chain/devnode.sh, or pass --skip-stylus to deploy only the EVM contracts",
    );
  }
}

// The chain accepts a root with that many fragments: ArbOS >= 60, and at most
// ArbOwnerPublic.getMaxStylusContractFragments() (cargo-stylus checks the same before deploying).
// Every program is checked at once, so a refusal names all those the chain cannot take.
async function checkFragments(run) {
  const fragmented = run.deployments.filter((d) => d.kind === "stylus" && d.fragments);
  if (fragmented.length === 0) return;
  const { chainId, arbosVersion } = run;
  step(`Fragments: ${fragmented.length} program(s) over 24 KiB deploy as a root and fragments`);
  const since = Number(meterRule("thresholds.contract_limit"));
  const [first] = fragmented;
  if (arbosVersion < since) {
    fail(
      `${first.name}: its code is over 24 KiB, so it deploys as ${first.fragments.length} fragments and a root, which Nitro accepts from ArbOS ${since}; ` +
        `chain ${chainId} runs ArbOS ${arbosVersion}${run.isDev ? " (scripts/chain/devnode.sh upgrades a dev chain)" : ""}`,
    );
  }
  let max;
  try {
    max = await read(run, ArbOwnerPublic, "getMaxStylusContractFragments");
  } catch (e) {
    fail(`${first.name}: ArbOwnerPublic.getMaxStylusContractFragments() failed: ${nodeMessage(e)}`);
  }
  const over = fragmented.filter((d) => d.fragments.length > max);
  if (over.length > 0) {
    const [d, ...more] = over;
    const also = more.length > 0 ? `; so do ${more.map((m) => `${m.name} (${m.fragments.length})`).join(", ")}` : "";
    fail(
      `${d.name}: its code needs ${d.fragments.length} fragments; chain ${chainId} allows ${max} (ArbOwnerPublic.getMaxStylusContractFragments())${also}; ` +
        `nothing was sent: deploy the rest with --skip ${over.map((o) => o.name).join(",")}`,
    );
  }
  for (const d of fragmented) console.log(`${d.name}: ${d.fragments.length} fragments (chain ${chainId} allows up to ${max})`);
}

/** run.deployer and run.wallet (from --private-key, or the dev account on the dev chain); run.out, the record. */
async function useDeployer(run) {
  step("Deployer account");
  const { chainId } = run;
  if (!run.key) {
    if (chainId !== NITRO_DEV_CHAIN_ID) {
      fail(`no private key for chain ${chainId}: pass --private-key KEY or export PRIVATE_KEY (the Nitro dev account's key is used only on the dev chain ${NITRO_DEV_CHAIN_ID})`);
    }
    run.key = NITRO_DEV_PRIVATE_KEY;
    console.log("using the Nitro dev account (pre-funded on the --dev chain)");
  }
  if (!/^(0x)?[0-9a-fA-F]{64}$/.test(run.key)) fail("the private key is not 32 bytes of hex");
  const account = privateKeyToAccount(run.key.startsWith("0x") ? run.key : `0x${run.key}`);
  run.deployer = account.address;
  run.wallet = createWalletClient({ account, chain: run.chain, transport: run.transport, pollingInterval: 50 });
  console.log(`deployer ${run.deployer}, balance ${formatEther(await run.client.getBalance({ address: run.deployer }))} ETH`);
  // A dev chain's record is thrown away with the chain: it goes where git ignores it (.gitignore).
  const outDir = run.outDir ?? (run.isDev || chainId === ANVIL_CHAIN_ID ? "deployments/dev" : "deployments");
  run.out = path.join(outDir, `${chainId}.json`);
  fs.mkdirSync(outDir, { recursive: true });
}

async function prepareDevChain(run) {
  step(`Dev chain: the deployer is a chain owner (ArbDebug.becomeChainOwner at ${ArbDebug.address})`);
  if (await read(run, ArbOwnerPublic, "isChainOwner", [run.deployer])) console.log("already a chain owner");
  else await sendCall(run, "becomeChainOwner()", ArbDebug, "becomeChainOwner");

  // As in the calibration: with no L1 data charge, a receipt's gasUsed is all L2 execution gas.
  step(`Dev chain: L1 price per unit = 0 (ArbOwner.setL1PricePerUnit at ${ArbOwner.address})`);
  if ((await read(run, ArbGasInfo, "getL1BaseFeeEstimate")) === 0n) console.log("already 0");
  else await sendCall(run, "setL1PricePerUnit(uint256)", ArbOwner, "setL1PricePerUnit", [0n]);
}

async function ensureFactory(run) {
  const { chainId, client, factory, registry } = run;
  step(`The CREATE2 factory: the deterministic-deployment proxy at ${factory}`);
  const factoryCodeHash = keccak256(registry.create2.factoryRuntimeCode);
  let factoryHash = await codeHash(run, factory);
  if (!factoryHash) {
    // Its keyless deployment: a pre-EIP-155 transaction (no chain id, so valid on every chain) signed
    // once for nonce 0 of a throwaway account; whoever funds that account can publish it.
    const signer = registry.create2.factoryDeployer;
    const cost = BigInt(registry.create2.factoryDeploymentCost);
    if (!run.isDev && chainId !== ANVIL_CHAIN_ID && !run.installFactory) {
      fail(`chain ${chainId} has no code at ${factory}: pass --install-factory to publish its keyless deployment (this funds ${signer} with ${cost} wei from the deployer)`);
    }
    if ((await client.getTransactionCount({ address: signer })) !== 0) {
      fail(`${signer} has sent a transaction on chain ${chainId} already, so the proxy's one-time deployment cannot run here`);
    }
    if ((await client.getBalance({ address: signer })) < cost) await send(run, `fund the proxy's one-time deployer ${signer}`, { to: signer, value: cost });
    let hash;
    try {
      hash = await client.sendRawTransaction({ serializedTransaction: registry.create2.factoryDeploymentTransaction });
    } catch (e) {
      fail(`publishing the proxy's deployment transaction failed: ${nodeMessage(e)}`);
    }
    await client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    run.sent++;
    console.log("ok: installed the proxy (its keyless deployment transaction)");
    factoryHash = await codeHash(run, factory);
  }
  if (factoryHash !== factoryCodeHash) fail(`the code at ${factory} has hash ${factoryHash ?? "none"}, not the proxy's ${factoryCodeHash}`);
  console.log(`present (code hash ${factoryCodeHash})`);
}

// ------------------------------------------------------------------------- each deployable

const transactionHash = (hash) => (hash ? { transactionHash: hash } : {});

/** A Stylus program: its fragments (code over 24 KiB), the program or root, its activation and caching. */
async function deployStylus(run, d) {
  if (d.fragments) await deployFragments(run, d);
  step(`Stylus program ${d.name}: ${d.source} -> ${d.address}${d.fragments ? " (the root of its fragments)" : ""}`);
  const hash = await create2(run, d.name, d.initCode, d.address);
  await expectCodeHash(run, d.name, d.address, d.codeHash);
  const stylusVersion = await activate(run, d);
  let cached = true;
  if (run.cache) await cacheProgram(run, d);
  else {
    console.log(`${d.name}: not caching (--no-cache)`);
    cached = await isCached(run, d.codeHash);
  }
  const fragments = d.fragments?.map((f) => ({ address: f.address, codeHash: f.codeHash }));
  record(run, d.name, { address: d.address, kind: "stylus", source: d.source, codeHash: d.codeHash, ...(fragments ? { fragments } : {}), stylusVersion, cached, ...transactionHash(hash) });
  run.deployed.set(d.name, d.address);
}

async function deployFragments(run, d) {
  step(`Stylus program ${d.name}: fragments of its code (over 24 KiB)`);
  for (const f of d.fragments) {
    const what = `${d.name} fragment ${f.index}/${d.fragments.length}`;
    await create2(run, what, f.initCode, f.address);
    await expectCodeHash(run, what, f.address, f.codeHash);
  }
}

async function deployEvm(run, d) {
  step(`EVM contract ${d.name}: ${d.source} (forge build --no-metadata) -> ${d.address}`);
  const hash = await create2(run, d.name, d.initCode, d.address);
  if (d.codeHash) await expectCodeHash(run, d.name, d.address, d.codeHash);
  record(run, d.name, { address: d.address, kind: "evm", source: d.source, ...(d.codeHash ? { codeHash: d.codeHash } : {}), ...transactionHash(hash) });
  run.deployed.set(d.name, d.address);
}

/** An example over a hasher; skipped (said) when a hasher it needs has no code on this chain. */
async function deployExample(run, d) {
  if (run.skipExamples) return;
  step(`Example ${d.name}: ${d.source} -> ${d.address}`);
  let missing;
  for (const n of d.needs) if (n.address === "-" || !(await codeHash(run, n.address))) missing = n.name;
  if (missing) {
    console.log(`skipped ${d.name}: no ${missing} deployment on chain ${run.chainId}`);
    return;
  }
  const hash = await create2(run, d.name, d.initCode, d.address);
  record(run, d.name, { address: d.address, kind: "example", source: d.source, ...transactionHash(hash) });
  run.deployed.set(d.name, d.address);
}

// ------------------------------------------------------------------------- activation

// The meter says what an activation burns, part by part (activationBurn): ArbWasm's fixed charge
// (Nitro precompiles/ArbWasm.go ActivateProgram; stylus-meter's pricing::ACTIVATION_FIXED_GAS),
// ActivationGas, fragment reads, compile and ArbWasm's own bookkeeping; and from which ArbOS
// versions ActivationGas and fragments apply (stylus-meter rules, asked when a program needs them).

// The chain's ActivationGas parameter, which every activation also burns from ArbOS 59
// (ArbWasm.activationGas(), Nitro arbos/programs/programs.go ActivationGas; 0 until a chain owner
// sets it); 0 before. Read once (run.activationGas), when the first program needs activating.
async function activationCharge(run) {
  if (run.activationGas !== undefined) return run.activationGas;
  const { arbosVersion } = run;
  run.activationGas = 0n;
  if (arbosVersion >= Number(meterRule("thresholds.activation_gas"))) {
    try {
      run.activationGas = await read(run, ArbWasm, "activationGas");
    } catch (e) {
      fail(`ArbWasm.activationGas() failed on ArbOS ${arbosVersion}: ${nodeMessage(e)}`);
    }
  }
  console.log(`ActivationGas: ${run.activationGas} gas per activation (ArbWasm.activationGas(), ArbOS ${arbosVersion}), on top of ArbWasm's fixed charge and the compile charge`);
  if (run.activationGas > PAUSED_ACTIVATION_GAS) {
    fail(`chain ${run.chainId} charges ${run.activationGas} gas per activation (ArbWasm.activationGas()), more than ${PAUSED_ACTIVATION_GAS}: its owner has paused Stylus activations`);
  }
  return run.activationGas;
}

// What activating `wasm` burns on this chain by the meter (stylus-meter check at the chain's ArbOS
// version with its ActivationGas), said before the activation is sent; only said, never enforced.
function activationBurn(run, name, wasm) {
  const { arbosVersion } = run;
  const r = spawnSync(METER, ["check", "--arbos", String(arbosVersion), "--activation-gas", String(run.activationGas), "--wasm", wasm, "--json"], { encoding: "utf8" });
  if (r.status !== 0) {
    const last = `${r.stdout}\n${r.stderr}`.split("\n").filter((l) => l.trim()).pop() ?? r.error?.message ?? "";
    console.log(`${name}: no activation estimate from stylus-meter check at ArbOS ${arbosVersion} (${last.trim()})`);
    return;
  }
  const a = JSON.parse(r.stdout).activation_charge;
  if (!a) {
    console.log(`${name}: stylus-meter check answered no activation charge`);
    return;
  }
  console.log(
    `${name}: activation burns ${a.total} gas by stylus-meter check (ArbWasm's fixed ${a.fixed} + ActivationGas ${a.activation_gas} + ` +
      `fragment reads ${a.fragment_reads} + compile ${a.compile} + ArbWasm's bookkeeping ${a.bookkeeping}), besides the transaction's 21,000 and calldata and the data fee`,
  );
}

/** ArbWasm.codehashVersion: { version } when active, else { state } ("Name(args)"). */
async function codehashVersion(run, name, codehash) {
  try {
    return { version: await read(run, ArbWasm, "codehashVersion", [codehash]) };
  } catch (e) {
    const data = revertData(e);
    if (!data) fail(`${name}: ArbWasm.codehashVersion(${codehash}) failed: ${nodeMessage(e)}`);
    return { state: arbWasmError(data) };
  }
}

// Activates the program unless its code hash is active in the current Stylus version;
// re-activates after an ArbOS upgrade (ProgramNeedsUpgrade) or expiry (ProgramExpired). Returns
// the Stylus version it is active in.
async function activate(run, { name, address, codeHash: codehash, source: wasm }) {
  const now = await codehashVersion(run, name, codehash);
  if (now.version !== undefined) {
    console.log(`${name}: activated (Stylus version ${now.version})`);
    return now.version;
  }
  if (now.state.startsWith("ProgramNotActivated")) console.log(`${name}: not activated yet`);
  else if (/^Program(NeedsUpgrade|Expired)/.test(now.state)) console.log(`${name}: ${now.state}: activating it again`);
  else fail(`${name}: ArbWasm.codehashVersion(${codehash}) reverted with ${now.state}`);
  await activationCharge(run);
  activationBurn(run, name, wasm);
  // The data fee: activateProgram with no value reverts ProgramInsufficientValue(0, fee) when there
  // is one. Sent with 10% more, as the fee can move between this call and the transaction; ArbWasm
  // returns what is not charged. A node that refuses to simulate activations (Nitro v3.11.5 and
  // later by default) answers with an error and no revert data: then the fee is unknown, the
  // transaction carries --max-data-fee, and its gas limit, which it cannot estimate either, is the
  // largest a transaction may have (ArbWasm's fixed charge and ActivationGas included).
  let value = run.maxDataFee;
  let gas;
  try {
    await run.client.simulateContract({ ...ArbWasm, functionName: "activateProgram", args: [address], account: run.deployer });
    value = 0n;
  } catch (e) {
    const data = revertData(e);
    if (data) {
      const state = arbWasmError(data);
      const fee = /^ProgramInsufficientValue\(0,(\d+)\)$/.exec(state)?.[1];
      if (fee === undefined) fail(`${name}: ArbWasm.activateProgram(${address}) would fail: ${state}`);
      value = BigInt(fee) + BigInt(fee) / 10n;
      console.log(`${name}: data fee ${fee} wei (sending ${value})`);
    } else {
      console.log(
        `${name}: the node would not simulate the activation (${nodeMessage(e)}): sending up to ${run.maxDataFee} wei (--max-data-fee) ` +
          `with a gas limit of ${MAX_TX_GAS} (ActivationGas ${run.activationGas} of it, besides ArbWasm's fixed charge and the compile charge)`,
      );
      gas = MAX_TX_GAS;
    }
  }
  await sendCall(run, `ArbWasm.activateProgram(${address})`, ArbWasm, "activateProgram", [address], { value, ...(gas ? { gas } : {}) });
  const after = await codehashVersion(run, name, codehash);
  if (after.version === undefined) fail(`${name}: still not active after activateProgram: ${after.state}`);
  console.log(`${name}: activated (Stylus version ${after.version})`);
  return after.version;
}

// ------------------------------------------------------------------------- caching

const isCached = (run, codehash) => read(run, ArbWasmCache, "codehashIsCached", [codehash]);

/** Puts the code hash in ArbOS's program cache unless it is there. */
async function cacheProgram(run, { name, address, codeHash: codehash }) {
  if (await isCached(run, codehash)) {
    console.log(`${name}: cached (code hash ${codehash})`);
    return;
  }
  const { deployer } = run;
  if (run.isDev) {
    if (!(await read(run, ArbWasmCache, "isCacheManager", [deployer]))) {
      await sendCall(run, `ArbOwner.addWasmCacheManager(${deployer})`, ArbOwner, "addWasmCacheManager", [deployer]);
    }
    await sendCall(run, `ArbWasmCache.cacheProgram(${address})`, ArbWasmCache, "cacheProgram", [address]);
  } else {
    // A real chain's cache is an auction run by its CacheManager contract (which a bare --dev node
    // does not have, hence the precompiles above); a bid of 0 succeeds while the cache has room.
    // cargo from ~/.cargo/bin first, as scripts/lib/common.sh puts it.
    const env = { ...process.env, PATH: `${process.env.HOME}/.cargo/bin:${process.env.PATH}` };
    if (spawnSync("cargo", ["stylus", "--version"], { env, stdio: "ignore" }).status !== 0) {
      stepHint = "installing cargo-stylus from crates.io failed; see cargo's message above.";
      console.log(`cargo-stylus not installed: cargo install --locked cargo-stylus --version ${CARGO_STYLUS_VERSION} (compiles for a few minutes)`);
      execFileSync("cargo", ["install", "--locked", "cargo-stylus", "--version", CARGO_STYLUS_VERSION], { env, stdio: "inherit" });
      stepHint = "";
    }
    const bid = spawnSync("cargo", ["stylus", "cache", "bid", "--endpoint", run.rpcUrl, "--private-key", run.key, address, "0"], { env, encoding: "utf8" });
    const said = `${bid.stdout ?? ""}${bid.stderr ?? ""}`;
    if (bid.status !== 0) fail(`${name}: cargo stylus cache bid failed: ${lastLines(said, 3)}`);
    console.log(said.trimEnd());
    run.sent++;
  }
  if (!(await isCached(run, codehash))) fail(`${name}: ArbWasmCache.codehashIsCached(${codehash}) is still false after caching`);
}

// ------------------------------------------------------------------------- checks

async function runChecks(run) {
  step(`Check every hasher deployed against its reference value (${run.registryFile})`);
  for (const entry of [...run.registry.stylus, ...run.registry.evm]) {
    const address = run.deployed.get(entry.name);
    if (!address) continue;
    for (const check of entry.checks ?? []) {
      const fn = parseAbiItem(`function ${check.sig}`);
      const data = encodeFunctionData({ abi: [fn], args: fn.inputs.map((input, i) => abiValue(input.type, check.args[i])) });
      let got;
      try {
        got = (await run.client.call({ to: address, data })).data ?? "0x";
      } catch (e) {
        fail(`${entry.name} at ${address}: ${check.sig}(${check.args.join(" ")}) reverted: ${nodeMessage(e)}`);
      }
      if (got.toLowerCase() !== check.returns) fail(`${entry.name} at ${address}: ${check.sig} of (${check.args.join(" ")}) = ${got}, expected ${check.returns}`);
      console.log(`${entry.name}: ${check.sig} of (${check.args.join(", ")}) ok`);
    }
  }
}

/** The last line: nothing sent, or how many transactions and where the record is. */
function summarise(run) {
  if (run.sent === 0) {
    const state = run.skipStylus ? "" : run.cache ? ", activated and cached" : " and activated";
    console.log(`\nNothing to do on chain ${run.chainId}: all ${run.deployed.size} contracts were already deployed${state}; no transaction sent.`);
  } else {
    const ignored = spawnSync("git", ["check-ignore", "-q", run.out]).status === 0 ? " (a dev chain's record: git ignores it)" : "";
    console.log(`\nDeployed to chain ${run.chainId} with ${run.sent} transaction(s); addresses in ${run.out}${ignored}`);
  }
}

// ------------------------------------------------------------------------- the chain

const read = (run, precompile, functionName, args = []) => run.client.readContract({ ...precompile, functionName, args });

/** The code hash at `address`, or undefined when it has no code. */
async function codeHash(run, address) {
  const code = await run.client.getCode({ address });
  return code && code !== "0x" ? keccak256(code) : undefined;
}

// The node's suggested tip, at most the base fee: right after the factory's keyless deployment
// (100 gwei) a node suggests ~100 gwei, which at a Stylus deployment's gas limit would ask the
// deployer for more than a dev account holds; Arbitrum pays no tip anyway.
async function feesPerGas(run) {
  const { baseFeePerGas } = await run.client.getBlock();
  const suggested = await run.client.estimateMaxPriorityFeePerGas();
  const maxPriorityFeePerGas = suggested < baseFeePerGas ? suggested : baseFeePerGas;
  return { maxFeePerGas: 2n * baseFeePerGas + maxPriorityFeePerGas, maxPriorityFeePerGas };
}

/** One transaction from the deployer; fails the step unless it succeeds. Returns its hash. */
async function send(run, what, request) {
  const { client, deployer } = run;
  let hash;
  try {
    // Filled here, field by field (eth_estimateGas, the fee estimate, the pending nonce), so that
    // viem does not ask for eth_fillTransaction, which a node may answer without Nitro's rules.
    const gas = request.gas ?? (await client.estimateGas({ account: deployer, ...request }));
    const fees = await feesPerGas(run);
    const nonce = await client.getTransactionCount({ address: deployer, blockTag: "pending" });
    hash = await run.wallet.sendTransaction({ ...request, ...fees, gas, nonce, chainId: run.chainId, type: "eip1559" });
  } catch (e) {
    fail(`${what}: the node refused the transaction: ${nodeMessage(e)}`);
  }
  const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  if (receipt.status !== "success") fail(`${what}: the transaction did not succeed (receipt status '${receipt.status}', tx ${hash})`);
  run.sent++;
  console.log(`ok: ${what} tx ${hash}`);
  return hash;
}

const sendCall = (run, what, precompile, functionName, args = [], extra = {}) =>
  send(run, what, { to: precompile.address, data: encodeFunctionData({ abi: precompile.abi, functionName, args }), ...extra });

/** Deploys through the factory unless `address` has code; the transaction hash, if one was sent. */
async function create2(run, name, initCode, address) {
  if (await codeHash(run, address)) {
    console.log(`${name}: already deployed at ${address}`);
    return undefined;
  }
  const hash = await send(run, `deploy ${name} at ${address} (CREATE2)`, { to: run.factory, data: `${run.salt}${initCode.slice(2)}` });
  if (!(await codeHash(run, address))) fail(`${name}: no code at ${address} after its deployment`);
  return hash;
}

/** The code at `address` is the code the registry builds. */
async function expectCodeHash(run, name, address, want) {
  const got = await codeHash(run, address);
  if (got !== want) fail(`${name}: the code at ${address} has hash ${got ?? "none"}, expected ${want} (a CREATE2 address holds only the code it was derived from)`);
}

// Merges one deployment into the record (written after each one, so a later failure keeps what was
// deployed). An entry at the same address keeps what an earlier run recorded and this run did not
// redo (its transaction hash), so a run that changes nothing rewrites the same file.
function record(run, name, entry) {
  const { out } = run;
  let doc = {};
  try {
    doc = JSON.parse(fs.readFileSync(out, "utf8"));
  } catch (e) {
    if (e.code !== "ENOENT") throw e;
  }
  const before = doc.contracts?.[name];
  const merged = before && before.address === entry.address ? { ...before, ...entry } : entry;
  doc = { chainId: run.chainId, nitro: run.isNitro, ...(run.isNitro ? { arbosVersion: run.arbosVersion } : {}), deployer: run.deployer, contracts: { ...(doc.contracts ?? {}), [name]: merged } };
  fs.writeFileSync(`${out}.tmp`, JSON.stringify(doc, null, 2) + "\n");
  fs.renameSync(`${out}.tmp`, out);
}

/** The last `n` non-blank lines of a tool's output, on one line (colours removed). */
function lastLines(text, n = 2) {
  return text
    .replace(/\x1b\[[0-9;]*m/g, "")
    .split("\n")
    .filter((l) => l.trim())
    .slice(-n)
    .join(" ");
}

try {
  await main();
} catch (e) {
  const cause = e instanceof Failure ? e.message : `${nodeMessage(e)}${stepHint ? ` ${stepHint}` : ""}`;
  console.error(`error: deploy: ${currentStep ? `step "${currentStep}": ` : ""}${cause}`);
  process.exit(1);
}
