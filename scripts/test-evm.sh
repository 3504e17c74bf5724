#!/usr/bin/env bash
# The EVM side's test command: formatting, build, forge tests with CI fuzz depth (10,000 runs) and
# the gas snapshot. The generated vectors and Solidity/Yul are checked by node scripts/gen/all.mjs
# --check (scripts/test.sh's first step after setup). Assumes `npm ci` was run, and
# scripts/build-wasm.sh (the meter and the Stylus WASM: test/stylus/StylusMeter.t.sol runs them through
# vm.ffi, which foundry.toml enables for the ci profile only); scripts/test.sh runs both first.
#   scripts/test-evm.sh
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/foundry.sh
SNAPSHOT=test/.gas-snapshot

CURRENT_STEP=""
step() {
  CURRENT_STEP=$1
  echo "==> test-evm: $1"
}
trap 'echo "test-evm: FAILED at step: $CURRENT_STEP" >&2' ERR

step "toolchain present"
# The binary, not node_modules/.bin/forge: npm's wrapper exits 0 even when forge fails (scripts/lib/foundry.sh).
FORGE=$(foundry_bin forge) || { echo "test-evm: forge missing; run npm ci first" >&2; exit 1; }

step "forge fmt --check (solidity/, test/)"
"$FORGE" fmt --check solidity test

step "forge build"
"$FORGE" build

step "built Stylus WASM and meter present (the test/stylus/*.t.sol suites run them; scripts/build-wasm.sh builds them)"
for built in target/tools/stylus-meter target/stylus/poseidon_stylus.wasm target/stylus/poseidon_stylus_merkle.wasm target/stylus/poseidon_stylus_poseidon2.wasm \
  target/stylus/poseidon_stylus_hash{1,3,4,5,6,7,8,9,10,11,12,13,14,15,16}.wasm target/stylus/poseidon_stylus_noir.wasm target/stylus/poseidon_stylus_goldilocks.wasm target/stylus/poseidon_stylus_mimc.wasm; do
  [ -f "$built" ] || { echo "test-evm: $built missing: run scripts/build-wasm.sh first" >&2; exit 1; }
done

step "forge test (FOUNDRY_PROFILE=ci: 10,000 fuzz runs unless a test says otherwise; ffi for StylusMeter.t.sol)"
FOUNDRY_PROFILE=ci "$FORGE" test

step "gas snapshot unchanged ($SNAPSHOT; after an intended change: node_modules/.bin/forge snapshot --mc GasTest --snap $SNAPSHOT)"
# forge 1.7's `snapshot --check` prints a diff but exits 0, so compare the files ourselves.
CURRENT_SNAPSHOT=$(mktemp)
"$FORGE" snapshot --mc GasTest --snap "$CURRENT_SNAPSHOT" >/dev/null
if ! diff -u "$SNAPSHOT" "$CURRENT_SNAPSHOT"; then
  rm -f "$CURRENT_SNAPSHOT"
  echo "test-evm: gas changed (diff above: - committed, + now); if intended, regenerate $SNAPSHOT and commit it" >&2
  exit 1
fi
rm -f "$CURRENT_SNAPSHOT"

echo "==> test-evm: all EVM checks passed"
