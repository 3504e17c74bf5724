#!/usr/bin/env bash
# Builds a contract of contracts/examples exactly as README "Use it in your Stylus contract" tells a
# Rust developer to build theirs, and checks that Nitro would activate the result.
#
#   scripts/build-example.sh lean-imt                         -> target/examples/lean_imt.wasm
#   scripts/build-example.sh in-process --features poseidon2  -> target/examples/in_process_poseidon2.wasm
#
# Steps:
#   1. cargo build --release --locked --target wasm32-unknown-unknown in contracts/examples/NAME
#      (the examples' lock and profile, or readme-hasher's own, a project of its own as the README's
#      is; `cargo stylus new`'s release profile; .cargo/config.toml's 32 KiB stack; --locked here,
#      where the README's user, with no lock yet, builds without it);
#   2. the plain build through the meter: Nitro refuses it (rustc's reference-types encoding of
#      call_indirect, also in the prebuilt std); said, not fatal, so a toolchain that stops emitting
#      it shows up here;
#   3. the README's two wasm-opt commands (npm binaryen): drop rustc's target_features section (if the
#      profile kept it, it would switch multi-value and reference types back on), then -O3 with the
#      MVP features plus sign extension and bulk memory's copy/fill, which writes the MVP encoding of
#      call_indirect (the same commands the meter prints when it refuses a module); the module is written as `cargo stylus deploy` deploys it (its 47-byte
#      `project_hash` section, scripts/lib/cargo-stylus.mjs);
#   4. stylus-meter check: it must activate (Nitro's validation, limits, init costs), else this fails
#      with the meter's reason.
set -euo pipefail
source "$(dirname "$0")/lib/common.sh"
cd "$ROOT"

USAGE="usage: scripts/build-example.sh NAME [--features FAMILY]"
name="${1:?$USAGE}"
shift
features=""
while [ $# -gt 0 ]; do
  case "$1" in
    --features) features="${2:?$USAGE}"; shift ;;
    *) die "$USAGE" ;;
  esac
  shift
done
[ -f "contracts/examples/$name/Cargo.toml" ] || die "no contracts/examples/$name (the examples: $(ls contracts/examples | grep -v -e Cargo -e target | tr '\n' ' '))"

export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$ROOT/target}"
crate="${name//-/_}"
out_name="$crate${features:+_${features//-/_}}"
OUT_DIR="$ROOT/target/examples"
mkdir -p "$OUT_DIR"
RAW="$CARGO_TARGET_DIR/wasm32-unknown-unknown/release/$crate.wasm"
METER="$CARGO_TARGET_DIR/tools/stylus-meter"

step "example $name${features:+ ($features)}: cargo build --release --target wasm32-unknown-unknown (contracts/examples/$name)"
STEP_HINT="the example does not build for wasm32; see the compiler output above."
feature_args=()
[ -z "$features" ] || feature_args=(--no-default-features --features "$features")
# In the crate's folder: a workspace member builds alone, readme-hasher as its own project.
(cd "contracts/examples/$name" && cargo build --release --locked --target wasm32-unknown-unknown "${feature_args[@]}")
cp "$RAW" "$OUT_DIR/$out_name.plain.wasm"

step "example $name: the meter (cargo build --profile tools -p stylus-meter)"
STEP_HINT="building the meter failed."
cargo build --profile tools --locked -q -p stylus-meter

step "example $name: the plain cargo output, as Nitro's activation sees it"
if reason=$("$METER" check --wasm "$OUT_DIR/$out_name.plain.wasm" 2>&1 >/dev/null); then
  echo "  the plain build activates: this toolchain no longer needs the wasm-opt step (update README \"Use it in your Stylus contract\")"
else
  echo "  refused, as expected without the wasm-opt step: ${reason#stylus-meter: }"
fi

step "example $name: wasm-opt (the README's two commands), as cargo stylus deploy deploys it"
STEP_HINT="wasm-opt (npm binaryen, scripts/setup.sh) rejected the module."
"$ROOT/node_modules/.bin/wasm-opt" --enable-bulk-memory-opt --enable-sign-ext --strip-target-features \
  "$OUT_DIR/$out_name.plain.wasm" -o "$OUT_DIR/$out_name.stripped.wasm"
"$ROOT/node_modules/.bin/wasm-opt" -O3 --mvp-features --enable-bulk-memory-opt --enable-sign-ext \
  "$OUT_DIR/$out_name.stripped.wasm" -o "$OUT_DIR/$out_name.opt.wasm"
node scripts/lib/cargo-stylus.mjs as-deployed "$OUT_DIR/$out_name.opt.wasm" "$OUT_DIR/$out_name.wasm"

step "example $name: activation (stylus-meter check)"
STEP_HINT="Nitro would not activate the recipe's module (the meter's reason above): the README's recipe is broken."
"$METER" check --wasm "$OUT_DIR/$out_name.wasm"
echo "  wrote target/examples/$out_name.wasm"
