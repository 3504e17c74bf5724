#!/usr/bin/env bash
# The apps' EVM gas (zk-kit LeanIMT 2.0.1 and Semaphore 4.14.3 as published, PoseidonT3 linked to the
# stock poseidon-solidity deployment and to PoseidonT3Yul) as transactions on a local anvil it starts
# and stops itself (port APPS_GAS_PORT, default 8598): scripts/gas-report/apps-evm.mjs measures, and
# writes the rows with the traced hasher frames scripts/gas-report/model-stylus.mjs composes the
# Stylus rows from. Needs `npm ci` and a forge build (done here).
#   scripts/gas-report/apps-gas.sh [output.json] [--quick]
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/lib/foundry.sh
source scripts/lib/anvil.sh
OUT=gas-report/apps.json
QUICK=()
for arg in "$@"; do
  case "$arg" in
    --quick) QUICK=(--quick) ;;
    *) OUT=$arg ;;
  esac
done
PORT=${APPS_GAS_PORT:-8598}

step() { echo "==> apps-gas: $*"; }
fail() { echo "apps-gas: FAILED: $*" >&2; exit 1; }
FORGE=$(foundry_bin forge) && CAST=$(foundry_bin cast) && ANVIL=$(foundry_bin anvil) || fail "Foundry missing: run npm ci first"

step "forge build (the app harnesses and Semaphore, unlinked)"
"$FORGE" build >/dev/null || fail "forge build (see scripts/test-evm.sh)"

step "start anvil on port $PORT (1e9 gas blocks: the big trees are built in chunks of 2,000 leaves)"
start_anvil "$PORT" APPS_GAS_PORT --gas-limit 1000000000

step "measure the apps over the stock and the Yul PoseidonT3 (scripts/gas-report/apps-evm.mjs)"
mkdir -p "$(dirname "$OUT")"
TMP_OUT=$(mktemp)
node scripts/gas-report/apps-evm.mjs --rpc "$RPC" "${QUICK[@]}" >"$TMP_OUT" || { rm -f "$TMP_OUT"; fail "apps-evm.mjs"; }
mv "$TMP_OUT" "$OUT"
node scripts/gas-report/evm-rows.mjs print "$OUT"
