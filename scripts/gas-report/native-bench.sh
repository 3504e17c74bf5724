#!/usr/bin/env bash
# Native time of the Goldilocks 2-to-1 hashes (plonky2's Poseidon, Poseidon2 in HorizenLabs' and
# Plonky3's instances, Miden's RPO and RPX) beside their crates, in one criterion run each
# (crates/goldilocks-bench, which checks every pair equal before timing): for the generic x86-64
# target and again for this machine's CPU (-C target-cpu=native, which turns on miden-crypto's AVX2
# paths where the CPU has AVX2). Writes gas-report/native.json, which scripts/gas-report/render.mjs
# sets beside the gas figures. Not part of scripts/gas-report.sh: the bench crate needs its pinned
# nightly and about ten minutes of builds, and its figures are the machine's (the file names it).
# Run it on an idle machine.
#   scripts/gas-report/native-bench.sh
set -euo pipefail
source "$(dirname "$0")/../lib/common.sh"
cd "$ROOT"

for target in generic native; do
  step "native-bench: criterion, $target target (crates/goldilocks-bench)"
  flags=""
  [ "$target" = generic ] || flags="-C target-cpu=native"
  (cd crates/goldilocks-bench && CARGO_TARGET_DIR="$ROOT/target/goldilocks-bench/$target" RUSTFLAGS="$flags" \
    cargo bench --locked --bench goldilocks -- --noplot) || die "native-bench: cargo bench ($target) failed"
done
step "native-bench: gas-report/native.json"
node scripts/gas-report/native-rows.mjs --out gas-report/native.json \
  "generic=$ROOT/target/goldilocks-bench/generic/criterion" "native=$ROOT/target/goldilocks-bench/native/criterion"
