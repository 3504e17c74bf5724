#!/usr/bin/env bash
# Deploys every Poseidon implementation to one chain and records the addresses in
# deployments/<chainId>.json:
#   Stylus: target/stylus/poseidon_stylus.wasm (T3) and, next to it, poseidon_stylus_poseidon2.wasm,
#           each with `cargo stylus deploy`, then cached in ArbOS
#           (dev chain: as chain owner through the precompiles; other chains: `cargo stylus cache bid`)
#   EVM:    the Solidity/Yul references and the example consumer, with `forge create`
# Then checks that every deployed hasher returns the reference hashes of (1, 2).
set -euo pipefail
source "$(dirname "$0")/lib/common.sh"
source "$ROOT/scripts/lib/nitro.sh"
cd "$ROOT"

# EVM hashers, in deployment order: "name=path:Contract|checks", checks being the functions below
# that the deployment must answer correctly.
EVM_HASHERS=(
  "PoseidonT3Solidity=solidity/PoseidonT3.sol:PoseidonT3Solidity|hash" # the readable Solidity baseline
  "PoseidonT3Yul=solidity/PoseidonT3Yul.sol:PoseidonT3Yul|hash"         # circomlib T3, unrolled Yul
  "Poseidon2Yul=solidity/Poseidon2Yul.sol:Poseidon2Yul|poseidon2"       # Poseidon2 t = 3, unrolled Yul
)
# Example consumers, deployed after the hashers: "name=path:Contract|constructor args". {Name} is the
# address of that deployment (this run's, or the one in deployments/<chainId>.json if it still has
# code); an entry whose {Name} has no deployment is skipped. IncrementalMerkleTree(hasher, depth, batched).
EVM_CONSUMERS=(
  "IncrementalMerkleTree=solidity/examples/IncrementalMerkleTree.sol:IncrementalMerkleTree|{PoseidonT3Yul} 20 true"
  "IncrementalMerkleTreeStylus=solidity/examples/IncrementalMerkleTree.sol:IncrementalMerkleTree|{PoseidonStylus} 20 true"
)
# The Stylus programs: T3 (hash, rootFromPath, hashPairs) and, in its own program because both
# together exceed the 24 KiB limit, Poseidon2. The second is looked up next to the first.
STYLUS_NAME="PoseidonStylus"
STYLUS_CHECKS="hash"
STYLUS_POSEIDON2_NAME="PoseidonStylusPoseidon2"
STYLUS_POSEIDON2_CHECKS="poseidon2"
# The checks: each function is called with (1, 2) and must return the reference value:
#   hash:      circomlibjs poseidon([1, 2]) (README, test/vectors/poseidon.json)
#   poseidon2: openzeppelin-crypto 0.3 Poseidon2<BN256Params, FpBN256> of (1, 2), as Nitro's runtime
#              computed it (crates/stylus-meter/calibration/nitro.json)
declare -A EXPECTED_1_2=(
  [hash]="0x115cc0f5e7d690413df64c6b9662e9cf2a3617f2743245519e19607a4417189a"
  [poseidon2]="0x303b6f7c86d043bfcbcc80214f26a30277a15d3f74ca654992defe7ff8d03570"
)
FORGE_BUILD_ARGS=(--skip test --skip script)

usage() {
  cat <<EOF
Usage: scripts/deploy.sh [--rpc URL] [--private-key KEY] [--skip-stylus] [--skip-evm] [--no-cache]
                         [--wasm FILE] [--out-dir DIR] [--help]

Deploys the Stylus contract (cached in ArbOS), the Solidity/Yul hashers and the example consumer,
checks every hasher's hash(1, 2) / poseidon2(1, 2), and writes the addresses to DIR/<chainId>.json.

  --rpc URL           node to deploy to (default: \$NITRO_RPC, else $NITRO_DEFAULT_RPC)
  --private-key KEY   deployer key (default: \$PRIVATE_KEY; on the Nitro dev chain $NITRO_DEV_CHAIN_ID
                      only, the dev account's published key)
  --skip-stylus       do not deploy the Stylus contract (any EVM chain will do, e.g. anvil)
  --skip-evm          do not deploy the Solidity/Yul contracts
  --no-cache          leave the Stylus program uncached (to measure uncached calls; cache it later
                      with ArbWasmCache.cacheProgram, or evict with evictCodehash)
  --wasm FILE         Stylus program (default: target/stylus/poseidon_stylus.wasm, from scripts/build-wasm.sh)
  --out-dir DIR       where <chainId>.json goes (default: deployments)

Stylus needs an Arbitrum Nitro chain: scripts/devnode.sh starts a dev node.
EOF
}

usage_error() {
  printf 'error: deploy: %s (see scripts/deploy.sh --help)\n' "$*" >&2
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
CACHE=1
WASM="target/stylus/poseidon_stylus.wasm"
OUT_DIR="deployments"
while [ $# -gt 0 ]; do
  case "$1" in
    --rpc | --private-key | --wasm | --out-dir)
      [ $# -ge 2 ] && [ -n "$2" ] || usage_error "$1 needs a value"
      case "$1" in
        --rpc) RPC="$2" ;;
        --private-key) KEY="$2" ;;
        --wasm) WASM="$2" ;;
        --out-dir) OUT_DIR="$2" ;;
      esac
      shift 2
      ;;
    --skip-stylus) SKIP_STYLUS=1; shift ;;
    --skip-evm) SKIP_EVM=1; shift ;;
    --no-cache) CACHE=0; shift ;;
    -h | --help) usage; exit 0 ;;
    *) usage_error "unknown argument \"$1\"" ;;
  esac
done
[ "$SKIP_STYLUS$SKIP_EVM" != 11 ] || usage_error "--skip-stylus and --skip-evm together leave nothing to deploy"

step "Preflight: tools and artifacts"
command -v curl >/dev/null || fail "curl not found (install it with your package manager)"
command -v cast >/dev/null || fail "cast not found: run scripts/setup.sh (installs Foundry from npm)"
if [ "$SKIP_EVM" = 0 ]; then
  command -v forge >/dev/null || fail "forge not found: run scripts/setup.sh (installs Foundry from npm)"
fi
if [ "$SKIP_STYLUS" = 0 ]; then
  [ -s "$WASM" ] ||
    fail "Stylus program $WASM not found: build it with scripts/build-wasm.sh (or pass --skip-stylus)"
  echo "Stylus program: $WASM ($(wc -c <"$WASM" | tr -d ' ') bytes)"
fi
echo "deploying: $([ "$SKIP_STYLUS" = 0 ] && echo 'Stylus ')$([ "$SKIP_EVM" = 0 ] && echo 'EVM')"

step "Connect to $RPC"
rpc_chain_id "$RPC" || fail "$RPC_ERROR: start a node with scripts/devnode.sh or pass --rpc URL"
IS_NITRO=0
if nitro_chain_id "$RPC"; then IS_NITRO=1; fi
NOT_NITRO_CAUSE="$RPC_ERROR"
IS_DEV=0
if [ "$IS_NITRO" = 1 ] && [ "$CHAIN_ID" = "$NITRO_DEV_CHAIN_ID" ]; then IS_DEV=1; fi
echo "chain id $CHAIN_ID: $([ "$IS_NITRO" = 1 ] && echo 'Arbitrum Nitro' || echo 'not Arbitrum Nitro')$(
  [ "$IS_DEV" = 1 ] && echo ' (dev chain)' || true)"
if [ "$SKIP_STYLUS" = 0 ] && [ "$IS_NITRO" = 0 ]; then
  known=""
  [ "$CHAIN_ID" = 31337 ] && known=" (31337 is anvil's chain id)"
  fail "chain $CHAIN_ID at $RPC$known is not Arbitrum Nitro ($NOT_NITRO_CAUSE); Stylus needs a Nitro" \
    "node: start one with scripts/devnode.sh, or pass --skip-stylus to deploy only the EVM contracts"
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
OUT="$OUT_DIR/$CHAIN_ID.json"
mkdir -p "$OUT_DIR"

# record NAME ENTRY_JSON: merges one deployment into $OUT (written after each deployment, so a later
# failure keeps what was deployed).
record() {
  node -e '
    const fs = require("fs");
    const [file, chainId, nitro, deployer, name, entry] = process.argv.slice(1);
    let doc = {};
    try { doc = JSON.parse(fs.readFileSync(file, "utf8")); } catch (e) { if (e.code !== "ENOENT") throw e; }
    const contracts = { ...(doc.contracts || {}), [name]: JSON.parse(entry) };
    doc = { chainId: Number(chainId), nitro: nitro === "1", deployer, contracts };
    fs.writeFileSync(file + ".tmp", JSON.stringify(doc, null, 2) + "\n");
    fs.renameSync(file + ".tmp", file);
  ' "$OUT" "$CHAIN_ID" "$IS_NITRO" "$DEPLOYER" "$1" "$2"
}

# recorded_address NAME: the address NAME has in $OUT, if it still has code on this chain.
recorded_address() {
  local address
  address="$(node -e '
    const fs = require("fs");
    try { const c = JSON.parse(fs.readFileSync(process.argv[1], "utf8")).contracts[process.argv[2]];
      if (c && c.address) console.log(c.address); } catch (e) {}
  ' "$OUT" "$1")"
  if [ -n "$address" ] && [ "$(cast code --rpc-url "$RPC" "$address" 2>/dev/null || echo 0x)" != 0x ]; then
    echo "$address"
  fi
}

# last_lines TEXT [N]: the last N (default 2) non-blank lines of a tool's output, on one line.
last_lines() {
  printf '%s\n' "$1" | sed 's/\x1b\[[0-9;]*m//g' | grep -v '^[[:space:]]*$' | tail -"${2:-2}" | tr '\n' ' '
}

# json_string FIELD: the first "FIELD": "value" in stdin (cast and forge print flat JSON objects).
json_string() {
  sed -n "s/.*\"$1\"[[:space:]]*:[[:space:]]*\"\([^\"]*\)\".*/\1/p" | head -1
}

# send_tx TO SIGNATURE ARGS...: a transaction from the deployer; fails the step if it does not succeed.
send_tx() {
  local out status
  out="$(cast send --json --rpc-url "$RPC" --private-key "$KEY" "$@" 2>&1)" ||
    fail "cast send $1 $2 failed: $(last_lines "$out")"
  status="$(printf '%s' "$out" | json_string status)"
  [ "$status" = 0x1 ] || fail "transaction $2 to $1 did not succeed (receipt status '${status:-none}')"
  echo "ok: $2 tx $(printf '%s' "$out" | json_string transactionHash)"
}

# call_bool TO SIGNATURE ARGS...: prints true/false from a view call returning bool.
call_bool() {
  cast call --rpc-url "$RPC" "$1" "$2(bool)" "${@:3}"
}

if [ "$IS_DEV" = 1 ]; then
  step "Dev chain: make the deployer a chain owner (ArbDebug.becomeChainOwner at $ARB_DEBUG)"
  send_tx "$ARB_DEBUG" "becomeChainOwner()"

  # As in the calibration: with no L1 data charge, a receipt's gasUsed is all L2 execution gas.
  step "Dev chain: L1 price per unit = 0 (ArbOwner.setL1PricePerUnit at $ARB_OWNER)"
  send_tx "$ARB_OWNER" "setL1PricePerUnit(uint256)" 0
fi

CARGO_STYLUS_VERSION=0.10.10

# deploy_stylus NAME FILE: deploys, activates and caches one Stylus program; sets STYLUS_ADDRESS.
deploy_stylus() {
  local name="$1" file="$2" out status wasm_path crate_dir stylus_tx codehash
  STYLUS_ADDRESS=""
  step "cargo-stylus"
  if ! cargo stylus --version >/dev/null 2>&1; then
    STEP_HINT="installing cargo-stylus from crates.io failed; see cargo's message above."
    # The version whose check/deploy/export-abi were run against this project (it needs the
    # Stylus.toml files at the workspace root and in the contract's folder).
    echo "not installed: cargo install --locked cargo-stylus --version $CARGO_STYLUS_VERSION (compiles for a few minutes)"
    cargo install --locked cargo-stylus --version "$CARGO_STYLUS_VERSION"
  fi
  cargo stylus --version

  step "Deploy and activate the Stylus program $name (cargo stylus deploy --wasm-file)"
  STEP_HINT=""
  # Which file goes on chain, said per program: `cargo stylus check` checks the crate's default build
  # whatever --wasm-file says, so a user cannot tell from cargo-stylus alone (README, "Check a program").
  echo "program $name: file $file ($(wc -c <"$file" | tr -d ' ') bytes, sha256 $(sha256sum "$file" | cut -c1-64))"
  # --no-verify: skip cargo-stylus's reproducible Docker build; we deploy the file we built and tested.
  crate_dir="contracts/poseidon-stylus"
  [ -d "$crate_dir" ] || crate_dir="."
  wasm_path="$(cd "$(dirname "$file")" && pwd)/$(basename "$file")"
  set +e
  out="$(cd "$crate_dir" && cargo stylus deploy --endpoint "$RPC" --private-key "$KEY" \
    --wasm-file "$wasm_path" --no-verify 2>&1)"
  status=$?
  set -e
  # Without colour codes, so the address can be read from cargo-stylus's report.
  out="$(printf '%s\n' "$out" | sed 's/\x1b\[[0-9;]*m//g')"
  printf '%s\n' "$out"
  [ "$status" = 0 ] || fail "cargo stylus deploy exited with $status (its output is above)"
  STYLUS_ADDRESS="$(printf '%s\n' "$out" | grep -i 'deployed code at address' |
    grep -oE '0x[0-9a-fA-F]{40}' | head -1 || true)"
  [ -n "$STYLUS_ADDRESS" ] || fail "no 'deployed code at address: 0x...' line in cargo stylus deploy's output"
  stylus_tx="$(printf '%s\n' "$out" | grep -i 'deployment tx hash' | grep -oE '0x[0-9a-fA-F]{64}' |
    head -1 || true)"
  echo "Stylus program at $STYLUS_ADDRESS"

  step "Cache the Stylus program $name in ArbOS"
  if [ "$CACHE" = 0 ]; then
    echo "skipped (--no-cache)"
  elif [ "$IS_DEV" = 1 ]; then
    if [ "$(call_bool "$ARB_WASM_CACHE" "isCacheManager(address)" "$DEPLOYER")" != true ]; then
      echo "register the deployer as a wasm cache manager (ArbOwner.addWasmCacheManager)"
      send_tx "$ARB_OWNER" "addWasmCacheManager(address)" "$DEPLOYER"
    fi
    codehash="$(cast codehash --rpc-url "$RPC" "$STYLUS_ADDRESS")"
    if [ "$(call_bool "$ARB_WASM_CACHE" "codehashIsCached(bytes32)" "$codehash")" = true ]; then
      echo "already cached (codehash $codehash)"
    else
      echo "cache it (ArbWasmCache.cacheProgram at $ARB_WASM_CACHE)"
      send_tx "$ARB_WASM_CACHE" "cacheProgram(address)" "$STYLUS_ADDRESS"
    fi
    [ "$(call_bool "$ARB_WASM_CACHE" "codehashIsCached(bytes32)" "$codehash")" = true ] ||
      fail "ArbWasmCache.codehashIsCached($codehash) is still false after cacheProgram"
  else
    # A real chain's cache is an auction run by its CacheManager contract (which a bare --dev node does
    # not have, hence the precompiles above); a bid of 0 succeeds while the cache has room.
    out="$(cargo stylus cache bid --endpoint "$RPC" --private-key "$KEY" "$STYLUS_ADDRESS" 0 2>&1)" ||
      fail "cargo stylus cache bid failed: $(last_lines "$out" 3)"
    printf '%s\n' "$out"
  fi
  record "$name" "{\"address\":\"$STYLUS_ADDRESS\",\"kind\":\"stylus\",\"source\":\"$file\",\"cached\":$(
    [ "$CACHE" = 1 ] && echo true || echo false)${stylus_tx:+,\"transactionHash\":\"$stylus_tx\"}}"
}

# "name=address|checks" of every hasher deployed by this run.
HASHERS=()
STYLUS_ADDRESS=""
if [ "$SKIP_STYLUS" = 0 ]; then
  deploy_stylus "$STYLUS_NAME" "$WASM"
  T3_STYLUS_ADDRESS="$STYLUS_ADDRESS"
  HASHERS+=("$STYLUS_NAME=$STYLUS_ADDRESS|$STYLUS_CHECKS")
  poseidon2_wasm="$(dirname "$WASM")/poseidon_stylus_poseidon2.wasm"
  if [ -s "$poseidon2_wasm" ]; then
    deploy_stylus "$STYLUS_POSEIDON2_NAME" "$poseidon2_wasm"
    HASHERS+=("$STYLUS_POSEIDON2_NAME=$STYLUS_ADDRESS|$STYLUS_POSEIDON2_CHECKS")
  else
    echo "skipped $STYLUS_POSEIDON2_NAME: $poseidon2_wasm not found (scripts/build-wasm.sh builds it)"
  fi
  STYLUS_ADDRESS="$T3_STYLUS_ADDRESS"
fi


# forge_create NAME SOURCE ARGS...: deploys SOURCE (path:Contract), records it, sets CREATED.
forge_create() {
  local name="$1" source="$2" out address
  shift 2
  [ -f "${source%%:*}" ] || fail "${source%%:*} not found (listed in scripts/deploy.sh)"
  local args=()
  [ $# -eq 0 ] || args=(--constructor-args "$@")
  out="$(forge create "${FORGE_BUILD_ARGS[@]}" --rpc-url "$RPC" --private-key "$KEY" --broadcast --json \
    "$source" "${args[@]}" 2>&1)" ||
    fail "forge create $source failed: $(last_lines "$out" 3)"
  address="$(printf '%s' "$out" | json_string deployedTo)"
  [[ "$address" =~ ^0x[0-9a-fA-F]{40}$ ]] ||
    fail "forge create $source printed no deployedTo address: $(last_lines "$out" 3)"
  local tx extra=""
  [ $# -eq 0 ] || extra=",\"constructorArgs\":[$(printf '"%s",' "$@" | sed 's/,$//')]"
  tx="$(printf '%s' "$out" | json_string transactionHash)"
  [ -z "$tx" ] || extra="$extra,\"transactionHash\":\"$tx\""
  record "$name" "{\"address\":\"$address\",\"kind\":\"evm\",\"source\":\"$source\"$extra}"
  echo "$name at $address"
  CREATED="$address"
}

if [ "$SKIP_EVM" = 0 ]; then
  step "Compile the Solidity/Yul contracts (forge build)"
  STEP_HINT="the contracts in solidity/ do not compile; see forge's message above."
  forge build "${FORGE_BUILD_ARGS[@]}"
  STEP_HINT=""

  for entry in "${EVM_HASHERS[@]}"; do
    name="${entry%%=*}" rest="${entry#*=}"
    source="${rest%%|*}" checks="${rest#*|}"
    step "Deploy $name ($source)"
    forge_create "$name" "$source"
    HASHERS+=("$name=$CREATED|$checks")
  done

  for entry in "${EVM_CONSUMERS[@]}"; do
    name="${entry%%=*}" rest="${entry#*=}"
    source="${rest%%|*}" template="${rest#*|}"
    step "Deploy $name ($source)"
    args=() missing=""
    for word in $template; do
      if [[ "$word" =~ ^\{(.+)\}$ ]]; then
        dep="${BASH_REMATCH[1]}" address=""
        for hasher in "${HASHERS[@]}"; do
          [ "${hasher%%=*}" != "$dep" ] || address="$(echo "${hasher#*=}" | cut -d'|' -f1)"
        done
        [ -n "$address" ] || address="$(recorded_address "$dep")"
        [ -n "$address" ] || missing="$dep"
        word="$address"
      fi
      args+=("$word")
    done
    if [ -n "$missing" ]; then
      echo "skipped: no $missing deployment on chain $CHAIN_ID"
      continue
    fi
    forge_create "$name" "$source" "${args[@]}"
  done
fi

step "Check every hasher deployed against the reference hashes of (1, 2)"
for hasher in "${HASHERS[@]}"; do
  name="${hasher%%=*}" rest="${hasher#*=}"
  address="${rest%%|*}" checks="${rest#*|}"
  for fn in ${checks//,/ }; do
    expected="${EXPECTED_1_2[$fn]}"
    got="$(cast call --rpc-url "$RPC" "$address" "$fn(uint256,uint256)" 1 2 2>&1)" ||
      fail "$name at $address: $fn(1, 2) reverted: $(last_lines "$got" 1)"
    [ "$got" = "$expected" ] || fail "$name at $address: $fn(1, 2) = $got, expected $expected"
    echo "$name: $fn(1, 2) ok"
  done
done

printf '\nDeployed to chain %s; addresses in %s\n' "$CHAIN_ID" "$OUT"
