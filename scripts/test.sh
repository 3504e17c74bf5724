#!/usr/bin/env bash
# Runs every test suite of the project from a fresh clone: installs what it needs first.
#   Rust: formatting, lints, unit/property/differential tests of every crate; the Goldilocks
#         hashes against the plonky2 crate (crates/plonky2-reference, on its own pinned nightly)
#   WASM: builds the deployable Stylus programs and tests each built file through the offline meter
#         (vectors, errors, every selector alias of contracts/selectors.json)
#   EVM:  forge tests of the Solidity/Yul references (fuzzing, vectors, gas snapshot), and the built
#         WASM through the meter against them (test/stylus/StylusMeter.t.sol)
#   Scripts: node --test test/scripts/ (deploy scripts on anvil and a fake Nitro, the addresses
#            against the built files, the npm package in a fresh forge project, scripts/gas-report/evm-gas.sh
#            and the report's renderer)
set -euo pipefail
source "$(dirname "$0")/lib/common.sh"
cd "$ROOT"

"$ROOT/scripts/setup.sh"

step "Generated files are current: parameters, vectors, Solidity/Yul, selector tables, packaged Yul code (node scripts/gen/all.mjs --check)"
STEP_HINT="a generated file is stale (named above): regenerate with node scripts/gen/all.mjs and commit."
node scripts/gen/all.mjs --check

step "cargo fmt --check"
STEP_HINT="run: cargo fmt --all (and cargo fmt --manifest-path crates/plonky2-reference/Cargo.toml, crates/goldilocks-bench/Cargo.toml)"
cargo fmt --all --check
# The plonky2 reference crate is outside the workspace (nightly); the stable rustfmt formats it.
cargo fmt --manifest-path crates/plonky2-reference/Cargo.toml --check
# So is the Goldilocks benchmark beside plonky2 and Plonky3 (formatted here, never built).
cargo fmt --manifest-path crates/goldilocks-bench/Cargo.toml --check
# So are the example contracts (their own workspace and lock, stylus-sdk from crates.io).
cargo fmt --manifest-path contracts/examples/Cargo.toml --all --check

step "cargo clippy (all crates, all targets, warnings are errors)"
STEP_HINT="fix the lints above."
# poseidon-bn254/forms: the partial-round forms the programs do not ship, kept for measuring; their
# tests and lints run here (the same features in every workspace step, so nothing builds twice).
WORKSPACE_FEATURES=(--features poseidon-bn254/forms)
cargo clippy --workspace --all-targets --locked "${WORKSPACE_FEATURES[@]}" -- -D warnings
# The programs' wasm32-only code (entry point, allocator, round kernels): the default build and
# every feature group at once (the groups are additive, so one run lints them all).
cargo clippy --locked -p poseidon-stylus --target wasm32-unknown-unknown --lib -- -D warnings
cargo clippy --locked -p poseidon-stylus --target wasm32-unknown-unknown --lib --no-default-features \
  --features hash1,hash2,hash3,hash4,hash5,hash6,hash7,hash8,hash9,hash10,hash11,hash12,hash13,hash14,hash15,hash16,merkle,poseidon2,noir,poseidon2-t2,poseidon2-t3,poseidon2-codex,goldilocks,miden-poseidon2,rpo,rpx -- -D warnings

step "cargo doc (every crate of the workspace, warnings are errors)"
STEP_HINT="fix the rustdoc warnings above (a broken intra-doc link, brackets to escape)."
# After clippy: the dependencies it checked serve rustdoc too, so this documents only our crates.
RUSTDOCFLAGS="-D warnings" cargo doc --no-deps --workspace --locked "${WORKSPACE_FEATURES[@]}"

step "Build the deployable Stylus WASM (scripts/build-wasm.sh)"
STEP_HINT="the wasm32 build or wasm-opt failed; see above."
"$ROOT/scripts/build-wasm.sh"

step "Where each program's bytes go is current (node scripts/gen/program-bytes.mjs --check)"
STEP_HINT="a program's bytes changed: regenerate contracts/poseidon-stylus/README.md's table with node scripts/gen/program-bytes.mjs --write and commit it."
node scripts/gen/program-bytes.mjs --check

step "Rust tests (cargo test --workspace --profile tools): the libraries, the CLI, the meter, and each built program through the meter"
STEP_HINT="a Rust test failed; rerun the crate with: cargo test --profile tools -p <crate> (a program's tests: -p poseidon-stylus; they read target/stylus/, so rebuild with scripts/build-wasm.sh after a change)"
# The tools profile is optimized (the differential tests hash thousands of inputs) but skips the
# deployable's whole-program LTO, which would cost many minutes on wasmer. The programs' tests
# (contracts/poseidon-stylus/tests/) run the files just built, so the build comes first.
cargo test --workspace --profile tools --locked "${WORKSPACE_FEATURES[@]}"

step "poseidon-goldilocks against the plonky2 crate (crates/plonky2-reference, its own pinned nightly and lock)"
STEP_HINT="a differential test against plonky2 1.1 failed, or test/vectors/goldilocks-plonky2.json is stale (PLONKY2_WRITE_VECTORS=1 cargo test in crates/plonky2-reference)."
# plonky2 1.1 needs nightly (`#![feature(specialization)]` in plonky2_field); the crate's
# rust-toolchain.toml pins one, which scripts/setup.sh installs. Our own crates build on stable.
(cd crates/plonky2-reference && cargo test --locked)

step "BN254 bounds for every input (the bound checker, both backends) and the wasm32 backend's unit tests natively"
STEP_HINT="a field operation's contract is broken (the message names the operation, the engine's line and the limit; the contracts are in crates/poseidon-bn254/src/field/{u29x9,u64x4}.rs), or a test of u29x9.rs failed; the deployed WASM uses u29x9."
# Every engine once on shadow values that carry their proven bounds (field/shadow.rs,
# tests/bounds.rs of poseidon-bn254 and mimc-bn254): first with the deployed backend (u29x9), whose
# unit tests run in the same build, then with the native one (u64x4). The dev profile: the shadow
# keeps each operation out of line, so the unrolled permutations compile quickly.
BOUND_CHECK=(-p poseidon-bn254 -p mimc-bn254 --lib --test bounds)
BOUND_FEATURES=poseidon-bn254/bound-check,poseidon-bn254/forms,mimc-bn254/bound-check
cargo test --locked "${BOUND_CHECK[@]}" --features "$BOUND_FEATURES,poseidon-bn254/backend-29x9"
cargo test --locked "${BOUND_CHECK[@]}" --features "$BOUND_FEATURES"
cargo clippy --locked "${BOUND_CHECK[@]}" --features "$BOUND_FEATURES,poseidon-bn254/backend-29x9" -- -D warnings

step "The Goldilocks arithmetic, both backends: the wasm32 limbs' unit tests natively, and every engine on each backend's bound-checking shadow (--features bound-check, with and without backend-limbs)"
STEP_HINT="a test of crates/poseidon-goldilocks/src/field/ (limbs.rs, halves.rs or shadow/) failed, or an engine breaks a backend function's contract (the panic names the function, the call site and the contract); the deployed Goldilocks WASM uses the limbs."
# The shadow stands in for the backend only in the engines, so the backends' own unit tests run
# unchanged here. One run of each permutation proves every input (tests/bounds.rs says why).
cargo clippy --locked -p poseidon-goldilocks --all-targets --features bound-check,backend-limbs -- -D warnings
cargo test --locked -p poseidon-goldilocks --features bound-check,backend-limbs --lib --test bounds
cargo clippy --locked -p poseidon-goldilocks --all-targets --features bound-check -- -D warnings
cargo test --locked -p poseidon-goldilocks --features bound-check --lib --test bounds


step "The release, dry run: crates' metadata and packages, the npm package (node scripts/chain/release.mjs --dry-run)"
STEP_HINT="a crate lacks registry metadata, depends on a path-only crate, or the npm package does not build; see above."
node scripts/chain/release.mjs --dry-run

step "Example Stylus contracts (contracts/examples, stylus-sdk 0.10.10): lints and the LeanIMT's native tests against zk-kit"
STEP_HINT="fix the lints above, or a LeanIMT test failed: rerun with (cd contracts/examples && cargo test -p lean-imt)"
# Their own workspace (a user's project is one): stylus-sdk's default features stay out of poseidon-stylus.
(cd contracts/examples && cargo clippy --locked --all-targets -- -D warnings)
# readme-hasher is a project of its own, as the README's is (its own lock and release profile).
(cd contracts/examples/readme-hasher && cargo clippy --locked --all-targets -- -D warnings)
(cd contracts/examples && cargo clippy --locked -q -p lean-imt --all-targets --features zk-kit-storage -- -D warnings)
# in-process builds one hash family at a time (the default is circomlib t = 3); lint the others' code too.
for family in circomlib-t2 circomlib-t4 circomlib-t5 circomlib-t6 poseidon2 noir goldilocks; do
  (cd contracts/examples && cargo clippy --locked -q -p in-process --no-default-features --features "$family" -- -D warnings)
done
# The dev profile: a minute less to build than the optimized one, and the tests take ~15 s. First
# the build with zk-kit's storage writes (the gas report's like-for-like row), then the default,
# whose examples/replay the meter test below uses.
(cd contracts/examples && cargo test --locked -p lean-imt --features zk-kit-storage)
(cd contracts/examples && cargo test --locked -p lean-imt)

step "The README's Stylus build recipe on the examples (scripts/build-example.sh lean-imt, readme-hasher): the modules activate"
STEP_HINT="the recipe's module does not activate or breaks a limit (the meter's reason above): README \"Use it in your Stylus contract\" is wrong."
"$ROOT/scripts/build-example.sh" lean-imt
# The README's own contract and Cargo.toml (test/scripts/readme-stylus.test.mjs runs it, and builds the README's blocks in a new folder).
"$ROOT/scripts/build-example.sh" readme-hasher

step "The Rust Stylus LeanIMT through the meter with state: zk-kit's roots and errors, its storage layout"
STEP_HINT="the LeanIMT contract's outcome differs from zk-kit's (the test names the operation); rerun with: node --test test/scripts/lean-imt-meter.test.mjs"
node --test test/scripts/lean-imt-meter.test.mjs

step "EVM: forge tests of the Solidity and Yul references"
STEP_HINT="a forge test failed; rerun with: scripts/test-evm.sh"
"$ROOT/scripts/test-evm.sh"

step "Scripts: dev node, deploy (anvil, fake Nitro), addresses, npm package, the gas report's EVM path (node --test)"
STEP_HINT="a script test failed; rerun with: node --test test/scripts/"
node --test test/scripts/

printf '\nAll test suites passed.\n'
