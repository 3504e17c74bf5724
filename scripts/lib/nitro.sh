# shellcheck shell=bash
# Arbitrum Nitro facts and JSON-RPC helpers for devnode.sh: source it after common.sh. The Node
# scripts (deploy.mjs) read the facts, the NAME="value" lines, from here through scripts/lib/nitro.mjs,
# which also holds the precompiles' ABIs.
# Needs only curl, so a node can be probed before `scripts/setup.sh` has installed cast.

# Pinned Nitro release: v3.11.3, the minimum Nitro for ArbOS 61 "Elara", which Arbitrum One and Nova
# run since 2026-08-20. Arbitrum's docs name this exact image (docs.arbitrum.io, "ArbOS 61 Elara":
# "Nitro 3.11.3 ... image tag offchainlabs/nitro-node:v3.11.3-beb2108", marked final); Docker Hub
# lists the tag. (The node figures in crates/stylus-meter/calibration/nitro.json were measured on
# v3.9.8 --dev, at ArbOS 51.)
NITRO_IMAGE_DEFAULT="offchainlabs/nitro-node:v3.11.3-beb2108"
NITRO_DEFAULT_RPC="http://127.0.0.1:8547"
# `nitro --dev` runs chain 412346 with one pre-funded account, 0x3f1Eae7D46d88F08fc2F8ed27FCb2AB183EB2d0E,
# whose key Arbitrum's docs publish ("Run a local Nitro dev node"). It is only ever used on that chain.
NITRO_DEV_CHAIN_ID=412346
NITRO_DEV_ADDRESS="0x3f1Eae7D46d88F08fc2F8ed27FCb2AB183EB2d0E"
NITRO_DEV_PRIVATE_KEY="0xb6b15c8cb491557369f3c7d2c287b053eb229daa9c22138887752191c9520659"
# `--dev` does not start at the ArbOS version Arbitrum One runs: it builds its genesis from the chain
# info of "arb-dev-test" (cmd/chaininfo/arbitrum_chain_info.json, its InitialArbOSVersion: 51 in
# v3.9.x; 59 in the v3.11 images, as users of them report), so scripts/chain/devnode.sh schedules the
# upgrade (ArbOwner.scheduleArbOSUpgrade). The versions themselves, their thresholds and the first
# Nitro release that runs each, come from the meter (scripts/lib/meter.sh, `stylus-meter rules`).
# ArbSys.arbOSVersion() answers 55 + the ArbOS version (Nitro precompiles/ArbSys.go: "Nitro starts
# at version 56"; nitro-contracts documents the offset).
ARB_SYS_ARBOS_VERSION_OFFSET=55

# Precompiles (addresses and signatures from Nitro's precompiles/*.go and nitro-contracts
# src/precompiles/*.sol), with the methods the scripts call:
ARB_SYS="0x0000000000000000000000000000000000000064"          # arbChainID(), arbOSVersion()
ARB_OWNER_PUBLIC="0x000000000000000000000000000000000000006b" # isChainOwner(address),
                                                              # getMaxStylusContractFragments() (ArbOS >= 60)
ARB_GAS_INFO="0x000000000000000000000000000000000000006c"     # getL1BaseFeeEstimate(): the L1 price per unit
ARB_OWNER="0x0000000000000000000000000000000000000070"        # addWasmCacheManager(address), setL1PricePerUnit(uint256),
                                                              # scheduleArbOSUpgrade(uint64,uint64)
ARB_WASM="0x0000000000000000000000000000000000000071"         # activateProgram(address) payable (returns the
                                                              # unused value), codehashVersion(bytes32), stylusVersion(),
                                                              # activationGas() (ArbOS >= 59)
ARB_WASM_CACHE="0x0000000000000000000000000000000000000072"   # cacheProgram(address), isCacheManager(address),
                                                              # codehashIsCached(bytes32)
ARB_DEBUG="0x00000000000000000000000000000000000000ff"        # becomeChainOwner(): debug chains (--dev) only
SELECTOR_ARB_CHAIN_ID="0xd127f54a"                          # arbChainID()
SELECTOR_ARBOS_VERSION="0x051038f2"                         # arbOSVersion()

# The helpers below set a global (RPC_RESULT, CHAIN_ID, NITRO_CHAIN_ID) instead of printing, so a
# caller keeps RPC_ERROR: on failure they return 1 and RPC_ERROR is one line naming the cause.

# rpc_result URL METHOD PARAMS_JSON: RPC_RESULT = the "result" of a JSON-RPC call (a hex string).
rpc_result() {
  local url="$1" method="$2" params="$3" response message
  RPC_ERROR="" RPC_RESULT=""
  if ! response="$(curl -sS --max-time "${RPC_TIMEOUT:-5}" -H 'Content-Type: application/json' \
    --data "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"$method\",\"params\":$params}" "$url" 2>&1)"; then
    RPC_ERROR="no answer from $url ($(printf '%s' "$response" | sed -e 's/^curl: ([0-9]*) //' | head -1))"
    return 1
  fi
  RPC_RESULT="$(printf '%s' "$response" | sed -n 's/.*"result"[[:space:]]*:[[:space:]]*"\(0x[0-9a-fA-F]*\)".*/\1/p')"
  if [ -z "$RPC_RESULT" ]; then
    message="$(printf '%s' "$response" | sed -n 's/.*"message"[[:space:]]*:[[:space:]]*"\([^"]*\)".*/\1/p')"
    RPC_ERROR="$url answered $method with ${message:-no result: $(printf '%s' "$response" | head -c 200)}"
    return 1
  fi
}

# nitro_release URL: NITRO_RELEASE = the Nitro release the node says it runs, X.Y.Z, from
# web3_clientVersion (go-ethereum's node name: "nitro/v3.10.1-04fc07b/linux-amd64/go1.24.3", Nitro
# cmd/nitro/nitro.go sets its version); "" when the answer names no release (a build without a
# version tag says its commit). NITRO_CLIENT = the whole answer.
nitro_release() {
  local response
  NITRO_RELEASE="" NITRO_CLIENT=""
  response="$(curl -sS --max-time "${RPC_TIMEOUT:-5}" -H 'Content-Type: application/json' \
    --data '{"jsonrpc":"2.0","id":1,"method":"web3_clientVersion","params":[]}' "$1" 2>&1)" || return 0
  NITRO_CLIENT="$(printf '%s' "$response" | sed -n 's/.*"result"[[:space:]]*:[[:space:]]*"\([^"]*\)".*/\1/p')"
  if [[ "$NITRO_CLIENT" =~ ^nitro/v?([0-9]+\.[0-9]+\.[0-9]+) ]]; then
    NITRO_RELEASE="${BASH_REMATCH[1]}"
  fi
}

# release_at_least X.Y.Z MIN: whether release X.Y.Z is MIN or later.
release_at_least() {
  [ "$(printf '%s\n%s\n' "$2" "$1" | sort -t. -k1,1n -k2,2n -k3,3n | head -1)" = "$2" ]
}

# hex_to_dec 0x...: decimal value of a hex quantity or 32-byte word below 2^63.
hex_to_dec() {
  local digits="${1#0x}"
  printf '%d\n' "$((16#${digits:-0}))"
}

# rpc_chain_id URL: CHAIN_ID = the node's eth_chainId in decimal.
rpc_chain_id() {
  rpc_result "$1" eth_chainId '[]' || return 1
  CHAIN_ID="$(hex_to_dec "$RPC_RESULT")"
}

# nitro_chain_id URL: NITRO_CHAIN_ID = ArbSys.arbChainID() in decimal. Fails where 0x64 is not ArbSys,
# i.e. on any chain that is not Arbitrum Nitro (there the call returns no data).
nitro_chain_id() {
  rpc_result "$1" eth_call "[{\"to\":\"$ARB_SYS\",\"data\":\"$SELECTOR_ARB_CHAIN_ID\"},\"latest\"]" || return 1
  if [ "${#RPC_RESULT}" -ne 66 ]; then
    RPC_ERROR="no ArbSys precompile at $ARB_SYS (arbChainID() returned '$RPC_RESULT')"
    return 1
  fi
  NITRO_CHAIN_ID="$(hex_to_dec "$RPC_RESULT")"
}

# nitro_arbos_version URL: ARBOS_VERSION = the node's ArbOS version (ArbSys.arbOSVersion() - 55).
nitro_arbos_version() {
  local raw
  rpc_result "$1" eth_call "[{\"to\":\"$ARB_SYS\",\"data\":\"$SELECTOR_ARBOS_VERSION\"},\"latest\"]" || return 1
  if [ "${#RPC_RESULT}" -ne 66 ]; then
    RPC_ERROR="ArbSys.arbOSVersion() returned '$RPC_RESULT', not a uint256"
    return 1
  fi
  raw="$(hex_to_dec "$RPC_RESULT")"
  if [ "$raw" -le "$ARB_SYS_ARBOS_VERSION_OFFSET" ]; then
    RPC_ERROR="ArbSys.arbOSVersion() returned $raw, not 55 + an ArbOS version"
    return 1
  fi
  ARBOS_VERSION=$((raw - ARB_SYS_ARBOS_VERSION_OFFSET))
}
