#!/usr/bin/env bash
# The main job: builds everything, measures every implementation's gas, writes gas-report/.
#
#   scripts/gas-report.sh            # Stylus on a Nitro node if one answers (NITRO_RPC or
#                                    # 127.0.0.1:8547), else the offline meter ("model");
#                                    # EVM on a local anvil it starts itself
#   scripts/gas-report.sh --model    # never look for a node
#
# Every figure is a transaction's gas minus 21,000 and names its source.
set -euo pipefail
source "$(dirname "$0")/lib/common.sh"
cd "$ROOT"

MODE=auto
for arg in "$@"; do
  case "$arg" in
    --model) MODE=model ;;
    --nitro) MODE=nitro ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    *) die "gas-report: unknown argument '$arg' (use --model, --nitro or --help)" ;;
  esac
done

OUT="$ROOT/gas-report"
WORK="$ROOT/target/gas-report"
mkdir -p "$OUT" "$WORK"

"$ROOT/scripts/setup.sh"

step "Build the deployable Stylus contract"
"$ROOT/scripts/build-wasm.sh"

step "Build the offline meter"
cargo build --profile tools --locked -p stylus-meter
source "$ROOT/scripts/lib/nitro.sh"
source "$ROOT/scripts/lib/meter.sh"
METER="$METER_BIN"
# Every figure the meter gives is computed at this ArbOS version, the one Arbitrum One runs, passed
# explicitly to every script that calls it; a node's figures are for the node's version (meta.mjs).
STYLUS_ARBOS="$(meter_rule arbitrum_one)"
NITRO_URL="${NITRO_RPC:-$NITRO_DEFAULT_RPC}"
# A node counts only if it is Nitro (ArbSys answers), not any RPC that happens to be on the port.
if [ "$MODE" != model ] && nitro_chain_id "$NITRO_URL" 2>/dev/null; then
  STYLUS_SOURCE=nitro
  CHAIN_ID="$NITRO_CHAIN_ID"
else
  [ "$MODE" != nitro ] || die "gas-report: --nitro given but no Nitro node answers at $NITRO_URL (start one: scripts/chain/devnode.sh)"
  STYLUS_SOURCE=model
fi

if [ "$STYLUS_SOURCE" = nitro ]; then
  step "Stylus on the Nitro node at $NITRO_URL (chain $CHAIN_ID): deploy uncached, measure, cache, measure"
  KEY="${PRIVATE_KEY:-}"
  if [ -z "$KEY" ]; then
    [ "$CHAIN_ID" = "$NITRO_DEV_CHAIN_ID" ] || die "gas-report: chain $CHAIN_ID is not the dev chain: set PRIVATE_KEY"
    KEY="$NITRO_DEV_PRIVATE_KEY"
  fi
  # The report's own record of what it deployed, kept with its work files (out of git status).
  DEPLOYMENTS="$WORK/deployments/$CHAIN_ID.json"
  node "$ROOT/scripts/chain/deploy.mjs" --rpc "$NITRO_URL" --private-key "$KEY" --no-cache --out-dir "$WORK/deployments"
  # Caching belongs to the code hash: code cached by an earlier deploy runs cached at the new
  # address too. On the dev chain (we are its owner) evict it; elsewhere such rows are left out.
  EVICT=()
  [ "$CHAIN_ID" != "$NITRO_DEV_CHAIN_ID" ] || EVICT=(--evict)
  node scripts/gas-report/measure-nitro.mjs --rpc "$NITRO_URL" --private-key "$KEY" \
    --deployments "$DEPLOYMENTS" --cached false "${EVICT[@]}" > "$WORK/stylus-uncached.json"
  node "$ROOT/scripts/chain/deploy.mjs" --rpc "$NITRO_URL" --private-key "$KEY" --skip-evm --out-dir "$WORK/deployments"
  node scripts/gas-report/measure-nitro.mjs --rpc "$NITRO_URL" --private-key "$KEY" \
    --deployments "$DEPLOYMENTS" --cached true > "$WORK/stylus-cached.json"
  node scripts/gas-report/merge-rows.mjs --generated-by scripts/gas-report/measure-nitro.mjs \
    "$WORK/stylus-uncached.json" "$WORK/stylus-cached.json" > "$WORK/stylus.json"
else
  step "Stylus with the offline meter at ArbOS $STYLUS_ARBOS (no Nitro node answers at $NITRO_URL: figures are 'model')"
  node scripts/gas-report/measure-stylus.mjs --meter "$METER" --wasm-dir target/stylus --arbos "$STYLUS_ARBOS" > "$WORK/stylus.json"
fi

step "Ladders of hash(1,2): arithmetic variants (uncached vs cached, without and with wasm-opt) and size steps (each uncached and cached)"
node scripts/gas-report/ladder.mjs --meter "$METER" --arbos "$STYLUS_ARBOS" > "$WORK/ladder.json"

step "EVM implementations on a local anvil (scripts/gas-report/evm-gas.sh)"
"$ROOT/scripts/gas-report/evm-gas.sh"

step "The apps (zk-kit LeanIMT, Semaphore) over the stock and the Yul PoseidonT3 on a local anvil (scripts/gas-report/apps-gas.sh)"
"$ROOT/scripts/gas-report/apps-gas.sh" "$OUT/apps.json"

step "Stylus-linked rows (the example tree, the apps), composed from the anvil transactions and the meter (model, ArbOS $STYLUS_ARBOS)"
STEP_HINT="model-stylus needs the recorded hasher frames in gas-report/evm.json and apps.json, and a WASM that answers their calldata."
node scripts/gas-report/model-stylus.mjs --meter "$METER" --wasm-dir target/stylus --evm "$OUT/evm.json" --apps "$OUT/apps.json" --arbos "$STYLUS_ARBOS" > "$WORK/stylus-model.json"
STEP_HINT=""

step "Calls repeated in one transaction, by ArbOS $STYLUS_ARBOS's recent-program rule (model): a depth-20 path by 20 hash calls and by rootFromPath"
node scripts/gas-report/model-repeated.mjs --meter "$METER" --wasm-dir target/stylus --arbos "$STYLUS_ARBOS" > "$WORK/stylus-repeated.json"

step "Rust contracts hashing in-process (contracts/examples, built as the README says): one hash per family, openzeppelin-crypto's Poseidon2 beside ours, the published Poseidon2 peers"
STEP_HINT="an example did not build or activate (scripts/build-example.sh), or returned another hash than its reference."
node scripts/gas-report/in-process.mjs --meter "$METER" --arbos "$STYLUS_ARBOS" > "$WORK/in-process.json"

step "The Rust Stylus LeanIMT (contracts/examples/lean-imt) through the meter with state, on the apps' leaves"
STEP_HINT="the LeanIMT example did not build, or a root differs from @zk-kit/lean-imt's (the message above says where)."
# build_replay NAME [FEATURES...]: the example's replay tool, copied to $WORK/NAME (both builds of
# the tree write the same target path).
build_replay() {
  local name="$1"
  shift
  (cd contracts/examples && cargo build --profile tools --locked -q --example replay -p lean-imt "$@")
  cp "${CARGO_TARGET_DIR:-$ROOT/target}/tools/examples/replay" "$WORK/$name"
}
"$ROOT/scripts/build-example.sh" lean-imt
build_replay replay
node scripts/gas-report/lean-imt-stylus.mjs --meter "$METER" --arbos "$STYLUS_ARBOS" --wasm target/examples/lean_imt.wasm \
  --replay "$WORK/replay" --apps "$OUT/apps.json" > "$WORK/lean-imt-stylus.json"
# The like-for-like build: zk-kit's storage writes (every side node, a stored depth), so its ratio to
# stock is the in-process hashing and the tree's logic alone.
"$ROOT/scripts/build-example.sh" lean-imt --features zk-kit-storage
build_replay replay-zk-kit-storage --features zk-kit-storage
node scripts/gas-report/lean-imt-stylus.mjs --meter "$METER" --arbos "$STYLUS_ARBOS" --wasm target/examples/lean_imt_zk_kit_storage.wasm \
  --replay "$WORK/replay-zk-kit-storage" --apps "$OUT/apps.json" --zk-kit-storage > "$WORK/lean-imt-stylus-zk-kit-storage.json"
STEP_HINT=""

step "Render gas-report/ (report.md, gas.json, a chart per section)"
meta_args=(--stylus-source "$STYLUS_SOURCE" --arbos "$STYLUS_ARBOS" --ladder "$WORK/ladder.json")
[ "$STYLUS_SOURCE" != nitro ] || meta_args+=(--nitro-rpc "$NITRO_URL")
node scripts/gas-report/meta.mjs "${meta_args[@]}" > "$WORK/meta.json"
node scripts/gas-report/render.mjs --out "$OUT" --meta "$WORK/meta.json" "$WORK/stylus.json" "$WORK/stylus-model.json" \
  "$WORK/stylus-repeated.json" "$OUT/evm.json" "$OUT/apps.json" "$WORK/in-process.json" "$WORK/lean-imt-stylus.json" \
  "$WORK/lean-imt-stylus-zk-kit-storage.json"

step "README.md's tables of figures from the new gas-report/gas.json (scripts/gas-report/glance.mjs)"
node scripts/gas-report/glance.mjs

printf '\nGas report written: %s\n' "gas-report/report.md"
