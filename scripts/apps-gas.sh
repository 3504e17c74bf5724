#!/usr/bin/env bash
# The apps' EVM gas (zk-kit LeanIMT 2.0.1 and Semaphore 4.14.3 as published, PoseidonT3 linked to the
# stock poseidon-solidity deployment and to PoseidonT3Yul) as transactions on a local anvil it starts
# and stops itself (port APPS_GAS_PORT, default 8598): scripts/gas-report/apps-evm.mjs measures, and
# writes the rows with the traced hasher frames scripts/gas-report/model-stylus.mjs composes the
# Stylus rows from. Needs `npm ci` and a forge build (done here).
#   scripts/apps-gas.sh [output.json] [--quick]
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/foundry.sh
OUT=gas-report/apps.json
QUICK=()
for arg in "$@"; do
  case "$arg" in
    --quick) QUICK=(--quick) ;;
    *) OUT=$arg ;;
  esac
done
PORT=${APPS_GAS_PORT:-8598}
RPC=http://127.0.0.1:$PORT

step() { echo "==> apps-gas: $*"; }
fail() { echo "apps-gas: FAILED: $*" >&2; exit 1; }
FORGE=$(foundry_bin forge) && CAST=$(foundry_bin cast) && ANVIL=$(foundry_bin anvil) || fail "Foundry missing: run npm ci first"

step "forge build (the app harnesses and Semaphore, unlinked)"
"$FORGE" build >/dev/null || fail "forge build (see scripts/test-evm.sh)"

step "start anvil on port $PORT (1e9 gas blocks: the big trees are built in chunks of 2,000 leaves)"
"$ANVIL" --port "$PORT" --hardfork cancun --gas-limit 1000000000 --silent &
ANVIL_PID=$!
stop_anvil() { kill "$ANVIL_PID" 2>/dev/null || true; wait "$ANVIL_PID" 2>/dev/null || true; }
trap stop_anvil EXIT
for _ in $(seq 1 50); do
  "$CAST" chain-id --rpc-url "$RPC" >/dev/null 2>&1 && break
  sleep 0.2
done
"$CAST" chain-id --rpc-url "$RPC" >/dev/null 2>&1 || fail "anvil did not answer on $RPC"
kill -0 "$ANVIL_PID" 2>/dev/null || fail "anvil exited (port $PORT in use? set APPS_GAS_PORT)"

step "measure the apps over the stock and the Yul PoseidonT3 (scripts/gas-report/apps-evm.mjs)"
mkdir -p "$(dirname "$OUT")"
TMP_OUT=$(mktemp)
node scripts/gas-report/apps-evm.mjs --rpc "$RPC" "${QUICK[@]}" >"$TMP_OUT" || { rm -f "$TMP_OUT"; fail "apps-evm.mjs"; }
mv "$TMP_OUT" "$OUT"
node -e 'for (const r of require(require("path").resolve(process.argv[1])).rows) console.log(`${r.gas}\t${r.function}\t${r.implementation}`)' "$OUT"
