// Arbitrum Nitro for the Node scripts: the facts of scripts/lib/nitro.sh (precompile addresses, the
// dev chain and its account, the default RPC URL), read from that file so they are written once, and
// the precompiles' typed ABIs (Nitro precompiles/*.go, nitro-contracts src/precompiles/*.sol).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseAbi } from "viem";

const NITRO_SH = path.join(path.dirname(fileURLToPath(import.meta.url)), "nitro.sh");

/** NAME="value" (or NAME=value) assignments of nitro.sh. */
function shellFacts(file) {
  const facts = {};
  for (const [, name, quoted, bare] of fs.readFileSync(file, "utf8").matchAll(/^([A-Z][A-Z0-9_]*)=(?:"([^"]*)"|([^\s"#(]+))/gm)) {
    facts[name] = quoted ?? bare;
  }
  return facts;
}

const facts = shellFacts(NITRO_SH);
const fact = (name) => {
  if (facts[name] === undefined) throw new Error(`${NITRO_SH} does not set ${name}`);
  return facts[name];
};

export const NITRO_DEFAULT_RPC = fact("NITRO_DEFAULT_RPC");
export const NITRO_DEV_CHAIN_ID = Number(fact("NITRO_DEV_CHAIN_ID"));
export const NITRO_DEV_PRIVATE_KEY = fact("NITRO_DEV_PRIVATE_KEY");
export const ARB_SYS_ARBOS_VERSION_OFFSET = BigInt(fact("ARB_SYS_ARBOS_VERSION_OFFSET"));

/** Each precompile the scripts call: its address and ABI. */
export const ArbSys = { address: fact("ARB_SYS"), abi: parseAbi(["function arbChainID() view returns (uint256)", "function arbOSVersion() view returns (uint256)"]) };
export const ArbOwnerPublic = {
  address: fact("ARB_OWNER_PUBLIC"),
  abi: parseAbi(["function isChainOwner(address) view returns (bool)", "function getMaxStylusContractFragments() view returns (uint8)"]),
};
export const ArbGasInfo = { address: fact("ARB_GAS_INFO"), abi: parseAbi(["function getL1BaseFeeEstimate() view returns (uint256)"]) };
export const ArbOwner = {
  address: fact("ARB_OWNER"),
  abi: parseAbi(["function addWasmCacheManager(address)", "function setL1PricePerUnit(uint256)", "function scheduleArbOSUpgrade(uint64,uint64)"]),
};
export const ArbWasm = {
  address: fact("ARB_WASM"),
  abi: parseAbi([
    "function activateProgram(address program) payable returns (uint16 version, uint256 dataFee)",
    "function codehashVersion(bytes32 codehash) view returns (uint16)",
    "function stylusVersion() view returns (uint16)",
    "function activationGas() view returns (uint64)",
    // codehashVersion reverts with the first three for a code hash that cannot run; activateProgram
    // with the last two (Nitro precompiles/ArbWasm.go, arbos/programs/programs.go).
    "error ProgramNotActivated()",
    "error ProgramNeedsUpgrade(uint16 version, uint16 stylusVersion)", // activated by an older Stylus version: an ArbOS upgrade since
    "error ProgramExpired(uint64 ageInSeconds)", // activated more than ExpiryDays ago
    "error ProgramUpToDate()",
    "error ProgramInsufficientValue(uint256 have, uint256 want)", // the data fee is `want` wei
  ]),
};
export const ArbWasmCache = {
  address: fact("ARB_WASM_CACHE"),
  abi: parseAbi(["function cacheProgram(address)", "function isCacheManager(address) view returns (bool)", "function codehashIsCached(bytes32) view returns (bool)"]),
};
export const ArbDebug = { address: fact("ARB_DEBUG"), abi: parseAbi(["function becomeChainOwner()"]) };
