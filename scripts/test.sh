#!/usr/bin/env bash
# Runs every test suite of the project from a fresh clone: installs what it needs first.
#   Rust: formatting, lints, unit/property/differential tests of every crate
#   WASM: builds the deployable Stylus contract and tests that artifact through the offline meter
#   EVM:  forge tests of the Solidity/Yul references (fuzzing, vectors, gas snapshot), and the built
#         WASM through the meter against them (test/StylusMeter.t.sol)
#   Scripts: node --test test/scripts/ (deploy scripts, scripts/evm-gas.sh and the report's renderer)
set -euo pipefail
source "$(dirname "$0")/lib/common.sh"
cd "$ROOT"

"$ROOT/scripts/setup.sh"

step "Generated constants are current (scripts/gen-constants.mjs --check)"
STEP_HINT="run: node scripts/gen-constants.mjs"
node scripts/gen-constants.mjs --check

step "cargo fmt --check"
STEP_HINT="run: cargo fmt --all"
cargo fmt --all --check

step "cargo clippy (all crates, all targets, warnings are errors)"
STEP_HINT="fix the lints above."
cargo clippy --workspace --all-targets --locked -- -D warnings
# The deployable's wasm32-only code (entry point, allocator, round kernels) for both programs.
cargo clippy --locked -p poseidon-stylus --target wasm32-unknown-unknown --lib -- -D warnings
cargo clippy --locked -p poseidon-stylus --target wasm32-unknown-unknown --lib \
  --no-default-features --features poseidon2 -- -D warnings
cargo clippy --locked -p poseidon-stylus --target wasm32-unknown-unknown --lib \
  --no-default-features --features hash1,hash3,hash4,hash5 -- -D warnings

step "Rust tests (cargo test --workspace --profile tools)"
STEP_HINT="a Rust test failed; rerun the crate with: cargo test --profile tools -p <crate>"
# The tools profile is optimized (the differential tests hash thousands of inputs) but skips the
# deployable's whole-program LTO, which would cost many minutes on wasmer.
cargo test --workspace --profile tools --locked

step "The wasm32 field backend (9 × 29-bit limbs) natively: its unit tests (cargo test --features backend-29x9)"
STEP_HINT="a test of crates/poseidon-bn254/src/field/u29x9.rs failed; the deployed WASM uses this backend."
# The lib tests only, in the dev profile: the permutations' tests with every operation inlined
# natively take many minutes to compile; the artifact tests below run them on the WASM instead.
cargo test --locked -p poseidon-bn254 --lib --features backend-29x9

step "Build the deployable Stylus WASM (scripts/build-wasm.sh)"
STEP_HINT="the wasm32 build or wasm-opt failed; see above."
"$ROOT/scripts/build-wasm.sh"

step "Test the built WASM artifact through the offline meter"
STEP_HINT="the deployable target/stylus/poseidon_stylus.wasm misbehaves under the meter."
cargo test --profile tools --locked -p stylus-meter --test artifact -- --include-ignored

step "Test every circomlib width's built program through the offline meter"
STEP_HINT="a target/stylus/poseidon_stylus_hash*.wasm program misbehaves under the meter; rerun with: cargo test --profile tools -p stylus-meter --test circomlib_widths -- --include-ignored"
cargo test --profile tools --locked -p stylus-meter --test circomlib_widths -- --include-ignored

step "EVM: forge tests of the Solidity and Yul references"
STEP_HINT="a forge test failed; rerun with: scripts/test-evm.sh"
"$ROOT/scripts/test-evm.sh"

step "Scripts: dev node and deploy failure modes, EVM deployment, the gas report's EVM path on local anvils (node --test)"
STEP_HINT="a script test failed; rerun with: node --test test/scripts/"
node --test test/scripts/

printf '\nAll test suites passed.\n'
