#!/usr/bin/env bash
# Deploys everything contracts/deployables.json lists to one chain, each contract at its CREATE2
# address through the deterministic-deployment proxy (the same address on every chain:
# deployments/addresses.json), and records them in deployments/<chainId>.json:
#   Stylus:   target/stylus/<wasm>.wasm, exactly as scripts/build-wasm.sh wrote it, as the code
#             0xEFF00000 ‖ brotli(wasm); code over 24 KiB as cargo-stylus deploys it, fragments
#             (0xEFF001 ‖ a piece) then a root naming them (0xEFF002 ‖ dictionary ‖ length ‖
#             addresses), every one at its CREATE2 address (ArbOS >= 60); then
#             ArbWasm.activateProgram (its data fee paid, the rest refunded; what it burns said first:
#             ArbWasm's fixed 1,659,168 gas, the chain's ActivationGas, ArbWasm.activationGas(), read
#             and budgeted, and the compile charge, by stylus-meter check) whenever the code hash is
#             not active: never activated, or ProgramNeedsUpgrade / ProgramExpired after an ArbOS
#             upgrade; then cached in ArbOS (dev chain: as chain owner through the precompiles; other
#             chains: `cargo stylus cache bid`)
#   EVM:      the Solidity/Yul references (forge build --no-metadata), then the examples over them
# What is already in place is left alone: a second run sends no transaction and says so.
# Then every hasher must answer its registry check (e.g. hash(1, 2) = circomlibjs poseidon([1, 2])).
set -euo pipefail
source "$(dirname "$0")/../lib/common.sh"
source "$ROOT/scripts/lib/nitro.sh"
source "$ROOT/scripts/lib/meter.sh"
# anvil's default chain id: a throwaway chain like the Nitro --dev one.
ANVIL_CHAIN_ID=31337
cd "$ROOT"

REGISTRY="contracts/deployables.json"
# Sent with an activation whose data fee could not be read first (the node refused to simulate it).
DEFAULT_MAX_DATA_FEE=10000000000000000

usage() {
  cat <<EOF
Usage: scripts/chain/deploy.sh [--rpc URL] [--private-key KEY] [--skip-stylus] [--skip-evm] [--skip-examples]
                         [--no-cache] [--wasm-dir DIR] [--out-dir DIR] [--install-factory]
                         [--max-data-fee WEI] [--registry FILE] [--help]

Deploys the Stylus programs (activated, cached in ArbOS), the Solidity/Yul hashers and the examples
of $REGISTRY at their CREATE2 addresses (deployments/addresses.json), skips what is
already deployed, activated and cached, checks every hasher, and writes DIR/<chainId>.json.

  --rpc URL           node to deploy to (default: \$NITRO_RPC, else $NITRO_DEFAULT_RPC)
  --private-key KEY   deployer key (default: \$PRIVATE_KEY; on the Nitro dev chain $NITRO_DEV_CHAIN_ID
                      only, the dev account's published key)
  --skip-stylus       do not deploy the Stylus programs (any EVM chain will do, e.g. anvil)
  --skip-evm          do not deploy the Solidity/Yul contracts
  --skip-examples     do not deploy the examples (the incremental Merkle trees over a hasher)
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
                      so the data fee cannot be read first (default $DEFAULT_MAX_DATA_FEE, 0.01 ETH;
                      ArbWasm returns what it does not charge)
  --registry FILE     deploy what FILE lists instead of $REGISTRY (same format)

Stylus needs an Arbitrum Nitro chain: scripts/chain/devnode.sh starts a dev node.
EOF
}

usage_error() {
  printf 'error: deploy: %s (see scripts/chain/deploy.sh --help)\n' "$*" >&2
  exit 2
}

# fail CAUSE: dies naming the current step and the cause.
fail() {
  die "deploy: ${CURRENT_STEP:+step \"$CURRENT_STEP\": }$*"
}

RPC="${NITRO_RPC:-$NITRO_DEFAULT_RPC}"
KEY="${PRIVATE_KEY:-}"
SKIP_STYLUS=0
SKIP_EVM=0
SKIP_EXAMPLES=0
CACHE=1
INSTALL_FACTORY=0
WASM_DIR="target/stylus"
OUT_DIR=""
MAX_DATA_FEE="$DEFAULT_MAX_DATA_FEE"
while [ $# -gt 0 ]; do
  case "$1" in
    --rpc | --private-key | --wasm-dir | --out-dir | --max-data-fee | --registry)
      [ $# -ge 2 ] && [ -n "$2" ] || usage_error "$1 needs a value"
      case "$1" in
        --rpc) RPC="$2" ;;
        --private-key) KEY="$2" ;;
        --wasm-dir) WASM_DIR="$2" ;;
        --out-dir) OUT_DIR="$2" ;;
        --max-data-fee) MAX_DATA_FEE="$2" ;;
        --registry) REGISTRY="$2" ;;
      esac
      shift 2
      ;;
    --skip-stylus) SKIP_STYLUS=1; shift ;;
    --skip-evm) SKIP_EVM=1; shift ;;
    --skip-examples) SKIP_EXAMPLES=1; shift ;;
    --no-cache) CACHE=0; shift ;;
    --install-factory) INSTALL_FACTORY=1; shift ;;
    -h | --help) usage; exit 0 ;;
    *) usage_error "unknown argument \"$1\"" ;;
  esac
done
[ "$SKIP_STYLUS$SKIP_EVM" != 11 ] || usage_error "--skip-stylus and --skip-evm together leave nothing to deploy"
[[ "$MAX_DATA_FEE" =~ ^[0-9]+$ ]] || usage_error "--max-data-fee takes an amount in wei, not \"$MAX_DATA_FEE\""
[ -f "$REGISTRY" ] || usage_error "--registry $REGISTRY: no such file"

step "Preflight: tools"
command -v curl >/dev/null || fail "curl not found (install it with your package manager)"
command -v node >/dev/null || fail "node not found: see scripts/setup.sh"
command -v cast >/dev/null || fail "cast not found: run scripts/setup.sh (installs Foundry from npm)"
if [ "$SKIP_EVM" = 0 ]; then
  command -v forge >/dev/null || fail "forge not found: run scripts/setup.sh (installs Foundry from npm)"
fi

# registry VALUE: a field of the registry's "create2" object.
registry() {
  node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).create2[process.argv[2]])' \
    "$REGISTRY" "$1"
}
FACTORY="$(registry factory)"
SALT="$(registry salt)"

step "Plan: what each contract deploys as, and where ($REGISTRY)"
STEP_HINT="build the Stylus programs with scripts/build-wasm.sh (or pass --skip-stylus)."
PLAN_DIR="target/deploy"
plan_args=(--out "$PLAN_DIR" --wasm-dir "$WASM_DIR" --registry "$REGISTRY")
[ "$SKIP_STYLUS" = 0 ] || plan_args+=(--skip-stylus)
[ "$SKIP_EVM" = 0 ] || plan_args+=(--skip-evm)
PLAN="$(node scripts/lib/deployables.mjs plan "${plan_args[@]}" 2>&1)" || fail "${PLAN#deployables: }"
STEP_HINT=""
# Which file goes on chain, said per program: `cargo stylus check` checks the crate's default build
# whatever --wasm-file says, so a user cannot tell from cargo-stylus alone (README, "Deploy a program").
while IFS='|' read -r kind name address codehash initfile source; do
  case "$kind" in
    stylus) echo "program $name: file $source ($(wc -c <"$source" | tr -d ' ') bytes, sha256 $(sha256sum "$source" | cut -c1-64)) -> $address" ;;
    fragment) echo "program $name: code over 24 KiB: fragment $source -> $address" ;;
    evm | example) echo "$kind $name: $source -> $address" ;;
  esac
done <<<"$PLAN"
echo "factory $FACTORY, salt $SALT"

step "Connect to $RPC"
rpc_chain_id "$RPC" || fail "$RPC_ERROR: start a node with scripts/chain/devnode.sh or pass --rpc URL"
IS_NITRO=0
if nitro_chain_id "$RPC"; then IS_NITRO=1; fi
NOT_NITRO_CAUSE="$RPC_ERROR"
IS_DEV=0
if [ "$IS_NITRO" = 1 ] && [ "$CHAIN_ID" = "$NITRO_DEV_CHAIN_ID" ]; then IS_DEV=1; fi
ARBOS_VERSION=0
if [ "$IS_NITRO" = 1 ]; then
  nitro_arbos_version "$RPC" || fail "$RPC_ERROR"
fi
echo "chain id $CHAIN_ID: $([ "$IS_NITRO" = 1 ] && echo "Arbitrum Nitro, ArbOS $ARBOS_VERSION" || echo 'not Arbitrum Nitro')$(
  [ "$IS_DEV" = 1 ] && echo ' (dev chain)' || true)"
if [ "$SKIP_STYLUS" = 0 ] && [ "$IS_NITRO" = 0 ]; then
  known=""
  [ "$CHAIN_ID" = "$ANVIL_CHAIN_ID" ] && known=" ($ANVIL_CHAIN_ID is anvil's chain id)"
  fail "chain $CHAIN_ID at $RPC$known is not Arbitrum Nitro ($NOT_NITRO_CAUSE); Stylus needs a Nitro" \
    "node: start one with scripts/chain/devnode.sh, or pass --skip-stylus to deploy only the EVM contracts"
fi

step "Deployer account"
if [ -z "$KEY" ]; then
  [ "$CHAIN_ID" = "$NITRO_DEV_CHAIN_ID" ] ||
    fail "no private key for chain $CHAIN_ID: pass --private-key KEY or export PRIVATE_KEY" \
      "(the Nitro dev account's key is used only on the dev chain $NITRO_DEV_CHAIN_ID)"
  KEY="$NITRO_DEV_PRIVATE_KEY"
  echo "using the Nitro dev account (pre-funded on the --dev chain)"
fi
[[ "$KEY" =~ ^(0x)?[0-9a-fA-F]{64}$ ]] || fail "the private key is not 32 bytes of hex"
DEPLOYER="$(cast wallet address --private-key "$KEY")"
echo "deployer $DEPLOYER, balance $(cast balance --ether --rpc-url "$RPC" "$DEPLOYER") ETH"
# A dev chain's record is thrown away with the chain: it goes where git ignores it (.gitignore).
if [ -z "$OUT_DIR" ]; then
  OUT_DIR="deployments"
  if [ "$IS_DEV" = 1 ] || [ "$CHAIN_ID" = "$ANVIL_CHAIN_ID" ]; then OUT_DIR="deployments/dev"; fi
fi
OUT="$OUT_DIR/$CHAIN_ID.json"
mkdir -p "$OUT_DIR"

# record NAME ENTRY_JSON: merges one deployment into $OUT (written after each one, so a later failure
# keeps what was deployed). An entry at the same address keeps what an earlier run recorded and this
# run did not redo (its transaction hash), so a run that changes nothing rewrites the same file.
record() {
  node -e '
    const fs = require("fs");
    const [file, chainId, nitro, arbosVersion, deployer, name, entry] = process.argv.slice(1);
    let doc = {};
    try { doc = JSON.parse(fs.readFileSync(file, "utf8")); } catch (e) { if (e.code !== "ENOENT") throw e; }
    const before = doc.contracts?.[name], now = JSON.parse(entry);
    const merged = before && before.address === now.address ? { ...before, ...now } : now;
    const contracts = { ...(doc.contracts || {}), [name]: merged };
    const arbos = nitro === "1" ? { arbosVersion: Number(arbosVersion) } : {};
    doc = { chainId: Number(chainId), nitro: nitro === "1", ...arbos, deployer, contracts };
    fs.writeFileSync(file + ".tmp", JSON.stringify(doc, null, 2) + "\n");
    fs.renameSync(file + ".tmp", file);
  ' "$OUT" "$CHAIN_ID" "$IS_NITRO" "$ARBOS_VERSION" "$DEPLOYER" "$1" "$2"
}

# last_lines TEXT [N]: the last N (default 2) non-blank lines of a tool's output, on one line.
last_lines() {
  printf '%s\n' "$1" | sed 's/\x1b\[[0-9;]*m//g' | grep -v '^[[:space:]]*$' | tail -"${2:-2}" | tr '\n' ' '
}

# json_string FIELD: the first "FIELD": "value" in stdin (cast prints flat JSON objects).
json_string() {
  sed -n "s/.*\"$1\"[[:space:]]*:[[:space:]]*\"\([^\"]*\)\".*/\1/p" | head -1
}

# Transactions this run sent; none means the chain already had everything.
TXS=0
# send_tx WHAT CAST_SEND_ARGS...: one transaction from the deployer; fails the step unless it succeeds.
# Sets TX to its hash.
send_tx() {
  local what="$1" out status
  shift
  out="$(cast send --json --rpc-url "$RPC" --private-key "$KEY" "$@" 2>&1)" ||
    fail "$what: cast send failed: $(last_lines "$out")"
  status="$(printf '%s' "$out" | json_string status)"
  [ "$status" = 0x1 ] || fail "$what: the transaction did not succeed (receipt status '${status:-none}')"
  TX="$(printf '%s' "$out" | json_string transactionHash)"
  TXS=$((TXS + 1))
  echo "ok: $what tx $TX"
}

# call_bool TO SIGNATURE ARGS...: prints true/false from a view call returning bool.
call_bool() {
  cast call --rpc-url "$RPC" "$1" "$2(bool)" "${@:3}"
}

# revert_data CAST_OUTPUT: the revert data cast printed for a failed call (0x... or nothing).
revert_data() {
  printf '%s' "$1" | sed -n 's/.*data: "\(0x[0-9a-fA-F]*\)".*/\1/p' | head -1 | tr 'A-F' 'a-f'
}

# arb_wasm_error DATA: "Name(args)" for one of ArbWasm's errors, else the data itself.
arb_wasm_error() {
  local data="$1" error types values
  for error in "${ARB_WASM_ERRORS[@]}"; do
    [ "${data:0:10}" = "$(cast sig "$error")" ] || continue
    types="${error#*(}"
    types="${types%)}"
    values=""
    [ -z "$types" ] || values="$(cast abi-decode "f()($types)" "0x${data:10}" | sed 's/ .*//' | paste -sd, -)"
    echo "${error%%(*}($values)"
    return
  done
  echo "$data"
}

# code_hash ADDRESS: the code hash at ADDRESS, or nothing when it has no code.
EMPTY_CODE_HASH="0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470"
code_hash() {
  local hash
  hash="$(cast codehash --rpc-url "$RPC" "$1")"
  [ "$hash" = "$EMPTY_CODE_HASH" ] || [ "$hash" = "0x0000000000000000000000000000000000000000000000000000000000000000" ] ||
    echo "$hash"
}

if [ "$IS_DEV" = 1 ]; then
  step "Dev chain: the deployer is a chain owner (ArbDebug.becomeChainOwner at $ARB_DEBUG)"
  if [ "$(call_bool "$ARB_OWNER_PUBLIC" "isChainOwner(address)" "$DEPLOYER")" = true ]; then
    echo "already a chain owner"
  else
    send_tx "becomeChainOwner()" "$ARB_DEBUG" "becomeChainOwner()"
  fi

  # As in the calibration: with no L1 data charge, a receipt's gasUsed is all L2 execution gas.
  step "Dev chain: L1 price per unit = 0 (ArbOwner.setL1PricePerUnit at $ARB_OWNER)"
  if [ "$(cast call --rpc-url "$RPC" "$ARB_GAS_INFO" "getL1BaseFeeEstimate()(uint256)")" = 0 ]; then
    echo "already 0"
  else
    send_tx "setL1PricePerUnit(uint256)" "$ARB_OWNER" "setL1PricePerUnit(uint256)" 0
  fi
fi

step "The CREATE2 factory: the deterministic-deployment proxy at $FACTORY"
FACTORY_CODE_HASH="$(cast keccak "$(registry factoryRuntimeCode)")"
factory_hash="$(code_hash "$FACTORY")"
if [ -z "$factory_hash" ]; then
  # Its keyless deployment: a pre-EIP-155 transaction (no chain id, so valid on every chain) signed
  # once for nonce 0 of a throwaway account; whoever funds that account can publish it.
  signer="$(registry factoryDeployer)" cost="$(registry factoryDeploymentCost)"
  if [ "$IS_DEV" = 0 ] && [ "$CHAIN_ID" != "$ANVIL_CHAIN_ID" ] && [ "$INSTALL_FACTORY" = 0 ]; then
    fail "chain $CHAIN_ID has no code at $FACTORY: pass --install-factory to publish its keyless" \
      "deployment (this funds $signer with $cost wei from the deployer)"
  fi
  [ "$(cast nonce --rpc-url "$RPC" "$signer")" = 0 ] ||
    fail "$signer has sent a transaction on chain $CHAIN_ID already, so the proxy's one-time deployment cannot run here"
  balance="$(cast balance --rpc-url "$RPC" "$signer")"
  if node -e 'process.exit(BigInt(process.argv[1]) < BigInt(process.argv[2]) ? 0 : 1)' "$balance" "$cost"; then
    send_tx "fund the proxy's one-time deployer $signer" "$signer" --value "$cost"
  fi
  out="$(cast publish --rpc-url "$RPC" "$(registry factoryDeploymentTransaction)" 2>&1)" ||
    fail "publishing the proxy's deployment transaction failed: $(last_lines "$out")"
  TXS=$((TXS + 1))
  echo "ok: installed the proxy (its keyless deployment transaction)"
  factory_hash="$(code_hash "$FACTORY")"
fi
[ "$factory_hash" = "$FACTORY_CODE_HASH" ] ||
  fail "the code at $FACTORY has hash ${factory_hash:-none}, not the proxy's $FACTORY_CODE_HASH"
echo "present (code hash $FACTORY_CODE_HASH)"

# create2 NAME INITFILE ADDRESS: deploys through the factory unless ADDRESS has code; sets CREATED_TX
# (empty when nothing was sent).
create2() {
  local name="$1" initfile="$2" address="$3"
  CREATED_TX=""
  if [ -n "$(code_hash "$address")" ]; then
    echo "$name: already deployed at $address"
    return
  fi
  send_tx "deploy $name at $address (CREATE2)" "$FACTORY" "$SALT$(sed 's/^0x//' "$initfile")"
  CREATED_TX="$TX"
  [ -n "$(code_hash "$address")" ] || fail "$name: no code at $address after its deployment"
}

# expect_code_hash NAME ADDRESS HASH: the code at ADDRESS is the code the registry builds.
expect_code_hash() {
  local got
  got="$(code_hash "$2")"
  [ "$got" = "$3" ] || fail "$1: the code at $2 has hash ${got:-none}, expected $3 (a CREATE2 address holds only the code it was derived from)"
}

CARGO_STYLUS_VERSION=0.10.10

# The largest gas an Arbitrum transaction may use (ArbOS 50's per-transaction limit,
# l2pricing.InitialPerTxGasLimitV50, and what Nitro's own activation tests give): the gas limit of an
# activation the node would not estimate. cargo-stylus reads an activation charge above 30,000,000
# as activations paused by the chain owner (stylus-tools core/activation.rs PAUSED_ACTIVATION_GAS).
MAX_TX_GAS=32000000
PAUSED_ACTIVATION_GAS=30000000

# The meter says what an activation burns, part by part (activation_burn): ArbWasm's fixed charge
# (Nitro precompiles/ArbWasm.go ActivateProgram; stylus-meter's pricing::ACTIVATION_FIXED_GAS),
# ActivationGas, fragment reads, compile and ArbWasm's own bookkeeping; and from which ArbOS
# versions ActivationGas and fragments apply (stylus-meter rules, asked when a program needs them).

# activation_charge: ACTIVATION_GAS = the chain's ActivationGas parameter, which every activation
# also burns from ArbOS 59 (ArbWasm.activationGas(), Nitro arbos/programs/programs.go
# ActivationGas; 0 until a chain owner sets it); 0 before.
ACTIVATION_GAS=""
activation_charge() {
  [ -z "$ACTIVATION_GAS" ] || return 0
  ACTIVATION_GAS=0
  if [ "$ARBOS_VERSION" -ge "$(meter_rule thresholds.activation_gas)" ]; then
    ACTIVATION_GAS="$(cast call --rpc-url "$RPC" "$ARB_WASM" "activationGas()(uint64)" 2>&1 | sed 's/ .*//')" ||
      fail "ArbWasm.activationGas() failed on ArbOS $ARBOS_VERSION: $ACTIVATION_GAS"
    [[ "$ACTIVATION_GAS" =~ ^[0-9]+$ ]] || fail "ArbWasm.activationGas() answered \"$ACTIVATION_GAS\""
  fi
  echo "ActivationGas: $ACTIVATION_GAS gas per activation (ArbWasm.activationGas(), ArbOS $ARBOS_VERSION), on top of ArbWasm's fixed charge and the compile charge"
  [ "$ACTIVATION_GAS" -le "$PAUSED_ACTIVATION_GAS" ] ||
    fail "chain $CHAIN_ID charges $ACTIVATION_GAS gas per activation (ArbWasm.activationGas()), more than" \
      "$PAUSED_ACTIVATION_GAS: its owner has paused Stylus activations"
}

# activation_burn NAME WASM: what activating WASM burns on this chain by the meter (stylus-meter check
# at the chain's ArbOS version with its ActivationGas: ArbWasm's fixed charge + ActivationGas +
# fragment reads + compile), said before the activation is sent; only said, never enforced.
activation_burn() {
  local name="$1" wasm="$2" out parts total fixed activation_gas reads compile
  if out="$("$METER_BIN" check --arbos "$ARBOS_VERSION" --activation-gas "$ACTIVATION_GAS" --wasm "$wasm" --json 2>&1)"; then
    parts="$(node -e '
      const a = JSON.parse(process.argv[1]).activation_charge;
      console.log([a.total, a.fixed, a.activation_gas, a.fragment_reads, a.compile, a.bookkeeping].join(" "));
    ' "$out")" || { echo "$name: stylus-meter check answered no activation charge"; return 0; }
    read -r total fixed activation_gas reads compile bookkeeping <<<"$parts"
    echo "$name: activation burns $total gas by stylus-meter check (ArbWasm's fixed $fixed + ActivationGas" \
      "$activation_gas + fragment reads $reads + compile $compile + ArbWasm's bookkeeping $bookkeeping)," \
      "besides the transaction's 21,000 and calldata and the data fee"
  else
    echo "$name: no activation estimate from stylus-meter check at ArbOS $ARBOS_VERSION ($(last_lines "$out" 1))"
  fi
}

# fragments_allowed NAME COUNT: the chain accepts a root with COUNT fragments (ArbOS >= 60, and at
# most ArbOwnerPublic.getMaxStylusContractFragments(); cargo-stylus checks the same before deploying).
fragments_allowed() {
  local name="$1" count="$2" max since
  since="$(meter_rule thresholds.contract_limit)"
  [ "$ARBOS_VERSION" -ge "$since" ] ||
    fail "$name: its code is over 24 KiB, so it deploys as $count fragments and a root, which Nitro accepts" \
      "from ArbOS $since; chain $CHAIN_ID runs ArbOS $ARBOS_VERSION" \
      "$([ "$IS_DEV" = 1 ] && echo '(scripts/chain/devnode.sh upgrades a dev chain)' || true)"
  max="$(cast call --rpc-url "$RPC" "$ARB_OWNER_PUBLIC" "getMaxStylusContractFragments()(uint8)" 2>&1)" ||
    fail "$name: ArbOwnerPublic.getMaxStylusContractFragments() failed: $(last_lines "$max" 1)"
  [ "$count" -le "$max" ] ||
    fail "$name: its code needs $count fragments; chain $CHAIN_ID allows $max (ArbOwnerPublic.getMaxStylusContractFragments())"
  echo "$name: $count fragments (chain $CHAIN_ID allows up to $max)"
}

# activate NAME ADDRESS CODEHASH WASM: activates the program unless its code hash is active in the
# current Stylus version; re-activates after an ArbOS upgrade (ProgramNeedsUpgrade) or expiry
# (ProgramExpired).
activate() {
  local name="$1" address="$2" codehash="$3" wasm="$4" out data state fee value limit=()
  if out="$(cast call --rpc-url "$RPC" "$ARB_WASM" "codehashVersion(bytes32)(uint16)" "$codehash" 2>&1)"; then
    echo "$name: activated (Stylus version $out)"
    ACTIVE_VERSION="$out"
    return
  fi
  data="$(revert_data "$out")"
  [ -n "$data" ] || fail "$name: ArbWasm.codehashVersion($codehash) failed: $(last_lines "$out")"
  state="$(arb_wasm_error "$data")"
  case "$state" in
    ProgramNotActivated*) echo "$name: not activated yet" ;;
    ProgramNeedsUpgrade* | ProgramExpired*) echo "$name: $state: activating it again" ;;
    *) fail "$name: ArbWasm.codehashVersion($codehash) reverted with $state" ;;
  esac
  activation_charge
  activation_burn "$name" "$wasm"
  # The data fee: activateProgram with no value reverts ProgramInsufficientValue(0, fee) when there
  # is one. Sent with 10% more, as the fee can move between this call and the transaction; ArbWasm
  # returns what is not charged. A node that refuses to simulate activations (Nitro v3.11.5 and
  # later by default) answers with an error and no revert data: then the fee is unknown, the
  # transaction carries --max-data-fee, and its gas limit, which it cannot estimate either, is the
  # largest a transaction may have (ArbWasm's fixed charge and ActivationGas included).
  if out="$(cast call --rpc-url "$RPC" --from "$DEPLOYER" "$ARB_WASM" "activateProgram(address)(uint16,uint256)" "$address" 2>&1)"; then
    fee=0
  elif data="$(revert_data "$out")" && [ -n "$data" ]; then
    state="$(arb_wasm_error "$data")"
    [[ "$state" =~ ^ProgramInsufficientValue\(0,([0-9]+)\)$ ]] ||
      fail "$name: ArbWasm.activateProgram($address) would fail: $state"
    fee="${BASH_REMATCH[1]}"
  else
    fee=""
    echo "$name: the node would not simulate the activation ($(last_lines "$out" 1)): sending up to" \
      "$MAX_DATA_FEE wei (--max-data-fee) with a gas limit of $MAX_TX_GAS (ActivationGas $ACTIVATION_GAS of it, besides ArbWasm's fixed charge and the compile charge)"
    limit=(--gas-limit "$MAX_TX_GAS")
  fi
  if [ -n "$fee" ]; then
    value="$(node -e 'const f = BigInt(process.argv[1]); console.log((f + f / 10n).toString())' "$fee")"
    echo "$name: data fee $fee wei (sending $value)"
  else
    value="$MAX_DATA_FEE"
  fi
  send_tx "ArbWasm.activateProgram($address)" "$ARB_WASM" "activateProgram(address)" "$address" --value "$value" "${limit[@]}"
  ACTIVE_VERSION="$(cast call --rpc-url "$RPC" "$ARB_WASM" "codehashVersion(bytes32)(uint16)" "$codehash" 2>&1)" ||
    fail "$name: still not active after activateProgram: $(arb_wasm_error "$(revert_data "$ACTIVE_VERSION")")"
  echo "$name: activated (Stylus version $ACTIVE_VERSION)"
}

# cache NAME ADDRESS CODEHASH: puts the code hash in ArbOS's program cache unless it is there.
cache() {
  local name="$1" address="$2" codehash="$3" out
  if [ "$(call_bool "$ARB_WASM_CACHE" "codehashIsCached(bytes32)" "$codehash")" = true ]; then
    echo "$name: cached (code hash $codehash)"
    return
  fi
  if [ "$IS_DEV" = 1 ]; then
    if [ "$(call_bool "$ARB_WASM_CACHE" "isCacheManager(address)" "$DEPLOYER")" != true ]; then
      send_tx "ArbOwner.addWasmCacheManager($DEPLOYER)" "$ARB_OWNER" "addWasmCacheManager(address)" "$DEPLOYER"
    fi
    send_tx "ArbWasmCache.cacheProgram($address)" "$ARB_WASM_CACHE" "cacheProgram(address)" "$address"
  else
    # A real chain's cache is an auction run by its CacheManager contract (which a bare --dev node
    # does not have, hence the precompiles above); a bid of 0 succeeds while the cache has room.
    if ! cargo stylus --version >/dev/null 2>&1; then
      STEP_HINT="installing cargo-stylus from crates.io failed; see cargo's message above."
      echo "cargo-stylus not installed: cargo install --locked cargo-stylus --version $CARGO_STYLUS_VERSION (compiles for a few minutes)"
      cargo install --locked cargo-stylus --version "$CARGO_STYLUS_VERSION"
      STEP_HINT=""
    fi
    out="$(cargo stylus cache bid --endpoint "$RPC" --private-key "$KEY" "$address" 0 2>&1)" ||
      fail "$name: cargo stylus cache bid failed: $(last_lines "$out" 3)"
    printf '%s\n' "$out"
    TXS=$((TXS + 1))
  fi
  [ "$(call_bool "$ARB_WASM_CACHE" "codehashIsCached(bytes32)" "$codehash")" = true ] ||
    fail "$name: ArbWasmCache.codehashIsCached($codehash) is still false after caching"
}

# tx_field: ,"transactionHash":"0x…" when this run deployed the contract.
tx_field() {
  [ -z "$CREATED_TX" ] || printf ',"transactionHash":"%s"' "$CREATED_TX"
}

DEPLOYED=()
declare -A ADDRESS_OF=()
# The fragments of the program whose stylus line comes next: a JSON list for its record.
FRAGMENTS_JSON=""
# fd 3, so that no command in the loop can read the plan from stdin
while IFS='|' read -r -u 3 kind name address codehash initfile source; do
  case "$kind" in
    fragment)
      if [ -z "$FRAGMENTS_JSON" ]; then
        step "Stylus program $name: fragments of its code (over 24 KiB)"
        fragments_allowed "$name" "${source#*/}"
      fi
      create2 "$name fragment $source" "$initfile" "$address"
      expect_code_hash "$name fragment $source" "$address" "$codehash"
      FRAGMENTS_JSON="${FRAGMENTS_JSON:+$FRAGMENTS_JSON,}{\"address\":\"$address\",\"codeHash\":\"$codehash\"}"
      continue
      ;;
    stylus)
      step "Stylus program $name: $source -> $address${FRAGMENTS_JSON:+ (the root of its fragments)}"
      create2 "$name" "$initfile" "$address"
      expect_code_hash "$name" "$address" "$codehash"
      activate "$name" "$address" "$codehash" "$source"
      cached=false
      if [ "$CACHE" = 1 ]; then
        cache "$name" "$address" "$codehash"
        cached=true
      else
        echo "$name: not caching (--no-cache)"
        [ "$(call_bool "$ARB_WASM_CACHE" "codehashIsCached(bytes32)" "$codehash")" != true ] || cached=true
      fi
      record "$name" "{\"address\":\"$address\",\"kind\":\"stylus\",\"source\":\"$source\",\"codeHash\":\"$codehash\"${FRAGMENTS_JSON:+,\"fragments\":[$FRAGMENTS_JSON]},\"stylusVersion\":$ACTIVE_VERSION,\"cached\":$cached$(tx_field)}"
      FRAGMENTS_JSON=""
      ;;
    evm)
      step "EVM contract $name: $source (forge build --no-metadata) -> $address"
      create2 "$name" "$initfile" "$address"
      expect_code_hash "$name" "$address" "$codehash"
      record "$name" "{\"address\":\"$address\",\"kind\":\"evm\",\"source\":\"$source\",\"codeHash\":\"$codehash\"$(tx_field)}"
      ;;
    example)
      [ "$SKIP_EXAMPLES" = 0 ] || continue
      step "Example $name: $source -> $address"
      missing=""
      while IFS='|' read -r _ example hasher hasher_address; do
        [ "$example" = "$name" ] || continue
        if [ "$hasher_address" = - ] || [ -z "$(code_hash "$hasher_address")" ]; then missing="$hasher"; fi
      done < <(grep '^needs|' <<<"$PLAN")
      if [ -n "$missing" ]; then
        echo "skipped $name: no $missing deployment on chain $CHAIN_ID"
        continue
      fi
      create2 "$name" "$initfile" "$address"
      record "$name" "{\"address\":\"$address\",\"kind\":\"example\",\"source\":\"$source\"$(tx_field)}"
      ;;
    *) continue ;;
  esac
  DEPLOYED+=("$name")
  ADDRESS_OF[$name]="$address"
done 3< <(grep -E '^(fragment|stylus|evm|example)\|' <<<"$PLAN")

step "Check every hasher deployed against its reference value ($REGISTRY)"
while IFS='|' read -r -u 3 _ name sig args expected; do
  address="${ADDRESS_OF[$name]:-}"
  [ -n "$address" ] || continue
  # shellcheck disable=SC2086 # the arguments are space-separated words
  got="$(cast call --rpc-url "$RPC" "$address" "$sig" $args 2>&1)" ||
    fail "$name at $address: $sig($args) reverted: $(last_lines "$got" 1)"
  [ "$got" = "$expected" ] || fail "$name at $address: $sig of ($args) = $got, expected $expected"
  echo "$name: $sig of (${args// /, }) ok"
done 3< <(grep '^check|' <<<"$PLAN")

if [ "$TXS" = 0 ]; then
  printf '\nNothing to do on chain %s: all %s contracts were already deployed%s; no transaction sent.\n' \
    "$CHAIN_ID" "${#DEPLOYED[@]}" "$([ "$SKIP_STYLUS" = 1 ] || { [ "$CACHE" = 1 ] && echo ', activated and cached' || echo ' and activated'; })"
else
  printf '\nDeployed to chain %s with %s transaction(s); addresses in %s%s\n' "$CHAIN_ID" "$TXS" "$OUT" \
    "$(git check-ignore -q "$OUT" 2>/dev/null && echo ' (a dev chain'"'"'s record: git ignores it)' || true)"
fi
