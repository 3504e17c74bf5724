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
cargo build --release --locked -p stylus-meter
METER="$ROOT/target/release/stylus-meter"

NITRO_URL="${NITRO_RPC:-http://127.0.0.1:8547}"
if [ "$MODE" != model ] && cast chain-id --rpc-url "$NITRO_URL" >/dev/null 2>&1; then
  STYLUS_SOURCE=nitro
else
  [ "$MODE" = nitro ] && die "gas-report: --nitro given but no node answers at $NITRO_URL (start one: scripts/devnode.sh)"
  STYLUS_SOURCE=model
fi

if [ "$STYLUS_SOURCE" = nitro ]; then
  step "Stylus on the Nitro node at $NITRO_URL: deploy, cache, measure receipts"
  "$ROOT/scripts/deploy.sh" --rpc "$NITRO_URL"
  node scripts/gas-report/measure-nitro.mjs --rpc "$NITRO_URL" > "$WORK/stylus.json"
else
  step "Stylus with the offline meter (no Nitro node answers at $NITRO_URL: figures are 'model')"
  node scripts/gas-report/measure-stylus.mjs --meter "$METER" --wasm target/stylus/poseidon_stylus.wasm > "$WORK/stylus.json"
fi

step "Optimization ladder: arithmetic variants, uncached vs cached, without and with wasm-opt"
node scripts/gas-report/ladder.mjs --meter "$METER" > "$WORK/ladder.json"

step "EVM implementations on a local anvil (scripts/evm-gas.sh)"
"$ROOT/scripts/evm-gas.sh"

step "Render gas-report/ (report.md, gas.json, gas.svg)"
node scripts/gas-report/meta.mjs --stylus-source "$STYLUS_SOURCE" --ladder "$WORK/ladder.json" > "$WORK/meta.json"
node scripts/gas-report/render.mjs --out "$OUT" --meta "$WORK/meta.json" "$WORK/stylus.json" "$OUT/evm.json"

printf '\nGas report written: %s\n' "gas-report/report.md"
