#!/usr/bin/env bash
# Installs what the project needs, all from package registries: the pinned Rust toolchain with
# the wasm32 target (rust-toolchain.toml), and the npm tools (forge/cast/anvil, solc, binaryen,
# circomlibjs, ...) at the versions in package-lock.json, with `npm ci`, which never rewrites the lock.
# Safe to run again: it skips what is there.
#
#   scripts/setup.sh          both: what building, testing and measuring need
#   scripts/setup.sh --npm    the npm packages only (Node >= 20, no Rust): enough to pack the npm
#                             package (node scripts/chain/npm-package.mjs) from programs and a meter
#                             already built in target/
set -euo pipefail
source "$(dirname "$0")/lib/common.sh"
cd "$ROOT"

npm_only=0
case "${1:-}" in
  "") ;;
  --npm) npm_only=1 ;;
  *) die "usage: scripts/setup.sh [--npm]" ;;
esac

if [ "$npm_only" = 0 ]; then
  step "Rust toolchain (rust-toolchain.toml)"
  STEP_HINT="rustup is needed: https://rustup.rs (on this project's machines it is preinstalled)."
  command -v rustup >/dev/null || die "rustup not found. $STEP_HINT"
  # `rustup show active-toolchain` installs the pinned channel, its components and targets if missing.
  rustup show active-toolchain >/dev/null
  rustup target list --installed | grep -qx wasm32-unknown-unknown || rustup target add wasm32-unknown-unknown
  cargo --version
  # crates/plonky2-reference (outside the workspace) pins a nightly for the plonky2 crate it tests against.
  PLONKY2_TOOLCHAIN=$(sed -n 's/^channel = "\(.*\)"/\1/p' crates/plonky2-reference/rust-toolchain.toml)
  rustup toolchain list | grep -q "^$PLONKY2_TOOLCHAIN" || rustup toolchain install "$PLONKY2_TOOLCHAIN" --profile minimal
fi

step "npm packages (package-lock.json)"
STEP_HINT="node >= 20 and npm are needed, and the npm registry must be reachable."
command -v npm >/dev/null || die "npm not found. $STEP_HINT"
if [ ! -f node_modules/.package-lock.json ] || ! cmp -s package-lock.json node_modules/.lock-installed; then
  # `npm ci`: exactly the locked versions, and it never writes package-lock.json (a tracked file the
  # README's commands must leave as it is). The lock records every platform's optional Foundry binary
  # package, so `npm ci` accepts it on any platform and installs the one this machine needs.
  npm ci --no-audit --no-fund --loglevel=error
  cp package-lock.json node_modules/.lock-installed
fi
forge --version | head -1
wasm-opt --version
