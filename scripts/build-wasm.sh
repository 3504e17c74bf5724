#!/usr/bin/env bash
# Builds the Stylus programs listed in contracts/deployables.json ("stylus"), each to
# target/stylus/<wasm>.wasm with its cargo features (e.g. poseidon_stylus.wasm: circomlib Poseidon
# t = 3; poseidon_stylus_merkle.wasm: the same with rootFromPath/hashPairs; poseidon_stylus_poseidon2.wasm:
# Poseidon2).
#
#   scripts/build-wasm.sh              every deployable program (deployments/addresses.json needs them all)
#   scripts/build-wasm.sh --all        also the entries marked "deployable": false (reports their limits)
#   scripts/build-wasm.sh --only NAME  one program, by its wasm name (e.g. poseidon_stylus_hash3)
#   scripts/build-wasm.sh --check-activation FILE...  only checks that each file activates (below)
#
# Steps: cargo release build for wasm32 (root Cargo.toml release profile, .cargo/config.toml
# stack size), wasm-opt at several levels (only the WASM features Nitro accepts), keep the level
# with the lowest metered gas (stylus-meter; -O3 if the meter is unavailable or STYLUS_METER=0),
# write it as `cargo stylus deploy` deploys it (with its `project_hash` section: see as_deployed),
# then check the Stylus limits and print raw / deployed / brotli sizes, and check that Nitro
# activates it at the ArbOS version Arbitrum One runs (`stylus-meter check --arbos $STYLUS_ARBOS`,
# default: the meter's `arbitrum_one` rule; e.g. no multi-value from ArbOS 59); a module that does
# not activate is not written. Beside each program, target/stylus/names/<wasm>.wasm: the chosen level
# with its function names (-g), the same code section, for scripts/gen/program-bytes.mjs.
set -euo pipefail
source "$(dirname "$0")/lib/common.sh"
cd "$ROOT"

OUT_DIR="$ROOT/target/stylus"
RAW_DIR="${CARGO_TARGET_DIR:-$ROOT/target}/wasm32-unknown-unknown/release"
WORK_DIR="$ROOT/target/stylus/work"
# wasm-opt levels compared; the first is the fallback when the meter cannot decide.
LEVELS=(O3 O4 O2 Os Oz)
# Nitro accepts sign-ext and the bulk-memory *instructions* (memory.copy/fill) but rejects the
# DataCount section that full --enable-bulk-memory adds, and reference-types' call_indirect encoding.
WASM_OPT_FEATURES=(--enable-bulk-memory-opt --enable-sign-ext)
# What the deployed file drops: the name section (--strip-debug), then the producers and target_features sections.
WASM_OPT_STRIP_NAMES=(--strip-debug)
WASM_OPT_STRIP=(--strip-producers --strip-target-features)
# The release profile strips symbols (Cargo.toml); the programs' build keeps wasm-ld's name section
# (and no DWARF) so the chosen level can also be written with its function names
# (target/stylus/names/, for scripts/gen/program-bytes.mjs). wasm-opt's output does not depend on
# the names, and --strip-debug drops them from the deployed file.
KEEP_NAMES=(--config 'profile.release.strip="debuginfo"')
# Stylus limits: compressed code over one contract (24 KiB, EIP-170) deploys as a root and
# fragments, from ArbOS 60 (scripts/chain/deploy.mjs); the version's limits on those (fragment count,
# decompressed size) are the meter's to check. Data segments cost ~0.75 gas per byte on every call,
# and the programs have none: constants are immediates, and no panic path (whose messages and
# formatting tables would be data) is reachable (contracts/poseidon-stylus/src/entry.rs).
MAX_COMPRESSED=$((24 * 1024))
MAX_DATA_BYTES=${MAX_DATA_BYTES:-0}
# The ArbOS version every deployable must activate at: STYLUS_ARBOS, else what Arbitrum One runs
# (set below from the meter's rules, crates/stylus-meter src/arbos.rs).
STYLUS_ARBOS=${STYLUS_ARBOS:-}

# die() naming the current step.
fail() { die "step \"$CURRENT_STEP\": $*"; }

USAGE="usage: scripts/build-wasm.sh [--all | --only WASM_NAME] | --variant NAME --wasm-opt LEVEL [--features LIST] [--no-default-features] | --check-activation FILE..."
build_all=0 only="" check_files=()
variant="" variant_level="" variant_features="" variant_defaults=""
while [ $# -gt 0 ]; do
  case "$1" in
    --all) build_all=1 ;;
    --only) only="${2:?$USAGE}"; shift ;;
    # A variant for the gas report's optimization ladder: one wasm-opt level, no comparison,
    # written to target/stylus/ladder/NAME.wasm (limits are reported, not enforced).
    --variant) variant="${2:?$USAGE}"; shift ;;
    --wasm-opt) variant_level="${2:?$USAGE}"; shift ;;
    --features) variant_features="${2:?$USAGE}"; shift ;;
    # A variant of one program only (e.g. `--features hash5,form-dense`), without the default group.
    --no-default-features) variant_defaults="--no-default-features" ;;
    # Only the activation check, on files already built (what the build runs on each deployable).
    --check-activation) shift; check_files=("$@"); [ ${#check_files[@]} -gt 0 ] || fail "$USAGE"; break ;;
    *) fail "$USAGE" ;;
  esac
  shift
done
[ -z "$variant" ] || [ -n "$variant_level" ] || fail "--variant needs --wasm-opt LEVEL. $USAGE"

step "build-wasm: tools (cargo, wasm32 target, node, wasm-opt)"
STEP_HINT="run scripts/setup.sh (installs the pinned toolchain, the wasm32 target and npm binaryen)."
command -v cargo >/dev/null || die "cargo not found. $STEP_HINT"
command -v node >/dev/null || die "node not found. $STEP_HINT"
[ -x "$ROOT/node_modules/.bin/wasm-opt" ] || die "node_modules/.bin/wasm-opt missing. $STEP_HINT"
rustup target list --installed | grep -qx wasm32-unknown-unknown || die "wasm32-unknown-unknown target missing. $STEP_HINT"
mkdir -p "$OUT_DIR" "$WORK_DIR"

# as_deployed IN OUT: writes the module `cargo stylus deploy` puts on chain: IN with cargo-stylus's
# 47-byte custom section `project_hash` appended (32 zero bytes, what --no-verify writes; a verified
# deployment writes the source hash, same size). Nitro prices the module it activates, so the
# deployable, the meter and the report all use these bytes (a Nitro node charged 6 gas more per
# uncached call for them); cargo-stylus deploys a file that already has the section unchanged.
# The rule is scripts/lib/cargo-stylus.mjs (the examples use it too); stylus_meter::cargo_stylus::as_deployed
# is the same rule, and the artifact test checks the two agree.
as_deployed() {
  node "$ROOT/scripts/lib/cargo-stylus.mjs" as-deployed "$1" "$2"
}

# Prints "raw_bytes brotli_bytes" of a file (brotli as cargo-stylus compresses).
sizes() {
  node "$ROOT/scripts/lib/wasm-module.mjs" sizes "$1"
}

# The offline meter (crates/stylus-meter), built once; empty when unavailable or STYLUS_METER=0.
METER=""
prepare_meter() {
  [ "${STYLUS_METER:-1}" != 0 ] || { echo "  STYLUS_METER=0: not metering; choosing -${LEVELS[0]}"; return 0; }
  # The tools profile: optimized without the deployable's whole-program LTO (minutes on wasmer).
  # cargo's own progress shows: a cold build of the meter takes several minutes.
  echo "  (a cold build takes several minutes; cargo's progress below)"
  if cargo build --profile tools --locked -p stylus-meter 2> >(tee "$WORK_DIR/meter.err" >&2); then
    METER="${CARGO_TARGET_DIR:-$ROOT/target}/tools/stylus-meter"
    echo "  using $METER"
  else
    printf '  stylus-meter unavailable (%s); choosing -%s\n' "$(tail -c 300 "$WORK_DIR/meter.err" | tr '\n' ' ')" "${LEVELS[0]}"
  fi
}

# The meter for the activation check, which no build skips (STYLUS_METER=0 only stops the choice of
# wasm-opt level by gas): built here if prepare_meter did not.
activation_meter() {
  local meter="${CARGO_TARGET_DIR:-$ROOT/target}/tools/stylus-meter"
  if [ -z "$METER" ]; then
    cargo build --profile tools --locked -p stylus-meter >&2 \
      || die "building stylus-meter for the activation check failed (cargo build --profile tools -p stylus-meter)"
  fi
  echo "$meter"
}

# Does Nitro activate the file at ArbOS $STYLUS_ARBOS? Prints the meter's verdict (the feature, or
# the function and block for multi-value) and fails when it does not.
check_activation() {
  local wasm="$1" meter verdict
  meter="$(activation_meter)"
  if verdict=$("$meter" check --arbos "$STYLUS_ARBOS" --wasm "$wasm" 2>&1); then
    printf '  activates at ArbOS %s: deploys as %s\n' "$STYLUS_ARBOS" "$(printf '%s\n' "$verdict" | sed -n 's/^ *deploys as *//p')"
  else
    printf '  does not activate at ArbOS %s: %s\n' "$STYLUS_ARBOS" "${verdict#stylus-meter: }" >&2
    return 1
  fi
}

# Metered cached-call gas (calldata + program entry + execution) of one call, or nothing when the
# meter is unavailable or refuses the module (its reason is printed).
metered_gas() {
  local wasm="$1" sig="$2" args="$3" json
  [ -n "$METER" ] || return 0
  if json=$("$METER" call --wasm "$wasm" --sig "$sig" --args "$args" --json 2>"$WORK_DIR/meter.err"); then
    node "$ROOT/scripts/lib/json-field.mjs" gas.cached_call <<<"$json"
  else
    printf '  (meter refused %s: %s)\n' "$(basename "$wasm")" "$(head -c 200 "$WORK_DIR/meter.err" | tr '\n' ' ')" >&2
  fi
}

# Checks the Stylus limits of one module and prints its data segment bytes and memory pages.
check_limits() {
  local wasm="$1" violations=0
  # Imports, exports, data segments (at most MAX_DATA_BYTES bytes), memory, no start or DataCount section.
  node "$ROOT/scripts/lib/wasm-module.mjs" limits --max-data-bytes="$MAX_DATA_BYTES" "$wasm" || violations=1
  # Stylus has no floating point: no f32/f64 type or instruction anywhere in the module.
  local floats
  floats=$("$ROOT/node_modules/.bin/wasm-dis" "$wasm" | grep -cE '\bf(32|64)(\.|\b)' || true)
  if [ "$floats" -eq 0 ]; then echo "  floating point: none"; else
    echo "  limit violated: $floats lines of the module use floating point (f32/f64); Stylus rejects it"; violations=1; fi
  local bytes brotli
  read -r bytes brotli < <(sizes "$wasm")
  [ "$brotli" -le "$MAX_COMPRESSED" ] ||
    echo "  code over one contract: brotli $brotli > $MAX_COMPRESSED bytes, so it deploys as a root and fragments (ArbOS >= 60)"
  [ "$violations" = 0 ] || return 1
}

# A registry entry marked not deployable that Nitro would refuse (e.g. every wide width in one
# program): kept apart in target/stylus/refused/, where scripts/gen/program-layout.mjs reads the reason.
keep_refused() {
  mkdir -p "$OUT_DIR/refused"
  cp "$1" "$OUT_DIR/refused/$2.wasm"
  echo "  $2 is marked not deployable in contracts/deployables.json, and still is: wrote target/stylus/refused/$2.wasm"
}

# Builds one deployable: $1 = output name, $2 = cargo feature flags, $3 = signature metered,
# $4 = its arguments, $5 = 0 for a registry entry marked not deployable (a limit it breaks is
# reported, not fatal).
build_deployable() {
  local out_name="$1" features="$2" sig="$3" args="$4" deployable="${5:-1}"
  local raw="$WORK_DIR/$out_name.raw.wasm"

  step "build-wasm: cargo build --release --target wasm32-unknown-unknown -p poseidon-stylus $features"
  STEP_HINT="the Rust build for wasm32 failed (see the compiler output above)."
  # shellcheck disable=SC2086 # $features is a list of flags
  cargo build --release --locked --lib --target wasm32-unknown-unknown -p poseidon-stylus "${KEEP_NAMES[@]}" $features
  cp "$RAW_DIR/poseidon_stylus.wasm" "$raw"
  read -r raw_bytes raw_brotli < <(sizes "$raw")
  printf '  raw cargo output (with its name section): %s bytes, %s brotli\n' "$raw_bytes" "$raw_brotli"

  step "build-wasm: wasm-opt ${LEVELS[*]} (${WASM_OPT_FEATURES[*]} ${WASM_OPT_STRIP_NAMES[*]} ${WASM_OPT_STRIP[*]})"
  STEP_HINT="wasm-opt (npm binaryen) rejected the module; see its message above."
  local best_level="" best_gas=""
  printf '  %-4s %8s %8s %10s\n' level bytes brotli cached_gas
  for level in "${LEVELS[@]}"; do
    local opt="$WORK_DIR/$out_name.$level.wasm"
    "$ROOT/node_modules/.bin/wasm-opt" "-$level" "${WASM_OPT_FEATURES[@]}" "${WASM_OPT_STRIP_NAMES[@]}" "${WASM_OPT_STRIP[@]}" "$raw" -o "$opt"
    read -r opt_bytes opt_brotli < <(sizes "$opt")
    local gas
    gas=$(metered_gas "$opt" "$sig" "$args")
    printf '  %-4s %8s %8s %10s\n' "-$level" "$opt_bytes" "$opt_brotli" "${gas:-n/a}"
    # A level the meter refused (e.g. over the size limit) has no gas and loses to any metered one.
    if [ -z "$best_level" ] || { [ -n "$gas" ] && { [ -z "$best_gas" ] || [ "$gas" -lt "$best_gas" ]; }; }; then
      best_level="$level"
      best_gas="$gas"
    fi
  done

  local chosen="$WORK_DIR/$out_name.$best_level.deployed.wasm"
  as_deployed "$WORK_DIR/$out_name.$best_level.wasm" "$chosen"
  step "build-wasm: Stylus limits of -$best_level as cargo-stylus deploys it${best_gas:+ ($best_gas gas cached before its section, $sig)}"
  STEP_HINT="the module breaks a Stylus limit (above); Nitro would refuse to activate it or charge for it on every call."
  rm -f "$OUT_DIR/$out_name.wasm" "$OUT_DIR/refused/$out_name.wasm" "$OUT_DIR/names/$out_name.wasm"
  if ! check_limits "$chosen"; then
    [ "$deployable" = 0 ] || fail "the $out_name module breaks the Stylus limits above; not writing target/stylus/$out_name.wasm"
    keep_refused "$chosen" "$out_name"
    return 0
  fi
  step "build-wasm: does $out_name activate at ArbOS $STYLUS_ARBOS (stylus-meter check)"
  STEP_HINT="Nitro would refuse to activate the module at the ArbOS version Arbitrum One runs (the reason above names the feature or function); see crates/stylus-meter/README.md."
  if ! check_activation "$chosen"; then
    [ "$deployable" = 0 ] || fail "the $out_name module does not activate at ArbOS $STYLUS_ARBOS (above); not writing target/stylus/$out_name.wasm"
    keep_refused "$chosen" "$out_name"
    return 0
  fi
  [ "$deployable" = 1 ] || echo "  $out_name fits the limits; contracts/deployables.json marks it not deployable (notDeployableBecause says why)"
  read -r final_bytes final_brotli < <(sizes "$chosen")
  cp "$chosen" "$OUT_DIR/$out_name.wasm"
  # The same level again with -g: the deployed code with its function names (one more wasm-opt run,
  # seconds), which scripts/gen/program-bytes.mjs refuses if its code section differs.
  mkdir -p "$OUT_DIR/names"
  "$ROOT/node_modules/.bin/wasm-opt" "-$best_level" -g "${WASM_OPT_FEATURES[@]}" "${WASM_OPT_STRIP[@]}" "$raw" -o "$OUT_DIR/names/$out_name.wasm"
  printf '  wrote target/stylus/%s.wasm: raw (with names) %s, as deployed %s, brotli %s bytes (one contract up to %s)\n' \
    "$out_name" "$raw_bytes" "$final_bytes" "$final_brotli" "$MAX_COMPRESSED"
}

# Arbitrum One's ArbOS version unless STYLUS_ARBOS names one: the meter's rule, not a copy of it.
if [ -z "$STYLUS_ARBOS" ]; then
  STYLUS_ARBOS="$("$(activation_meter)" rules --get arbitrum_one)"
fi

if [ ${#check_files[@]} -gt 0 ]; then
  step "build-wasm: do ${#check_files[@]} file(s) activate at ArbOS $STYLUS_ARBOS (stylus-meter check)"
  STEP_HINT="a file does not activate at ArbOS $STYLUS_ARBOS (the reason above names the feature or function)."
  refused=0
  for file in "${check_files[@]}"; do
    echo "  $file"
    check_activation "$file" || refused=$((refused + 1))
  done
  [ "$refused" = 0 ] || fail "$refused of ${#check_files[@]} file(s) do not activate at ArbOS $STYLUS_ARBOS"
  exit 0
fi

if [ -n "$variant" ]; then
  mkdir -p "$OUT_DIR/ladder"
  step "build-wasm: ladder variant $variant (features: ${variant_features:-default}; wasm-opt -$variant_level)"
  STEP_HINT="the wasm32 build or wasm-opt failed for this variant."
  # shellcheck disable=SC2086 # $variant_defaults is one optional flag
  cargo build --release --locked --lib --target wasm32-unknown-unknown -p poseidon-stylus "${KEEP_NAMES[@]}" $variant_defaults \
    ${variant_features:+--features "$variant_features"}
  "$ROOT/node_modules/.bin/wasm-opt" "-$variant_level" "${WASM_OPT_FEATURES[@]}" "${WASM_OPT_STRIP_NAMES[@]}" "${WASM_OPT_STRIP[@]}" \
    "$RAW_DIR/poseidon_stylus.wasm" -o "$WORK_DIR/ladder-$variant.wasm"
  as_deployed "$WORK_DIR/ladder-$variant.wasm" "$OUT_DIR/ladder/$variant.wasm"
  check_limits "$OUT_DIR/ladder/$variant.wasm" || echo "  (variant $variant breaks a limit above; measured anyway)"
  check_activation "$OUT_DIR/ladder/$variant.wasm" || echo "  (variant $variant does not activate at ArbOS $STYLUS_ARBOS; measured anyway)"
  exit 0
fi

step "build-wasm: offline meter (cargo build --profile tools -p stylus-meter)"
STEP_HINT="building the meter failed unexpectedly."
prepare_meter

# One program per registry entry: each width or instance carries its constants as immediates, and
# a call pays for the size of its whole program, so one program for all costs more per call
# (contracts/poseidon-stylus/README.md, "Five programs or one?").
step "build-wasm: the programs of contracts/deployables.json"
STEP_HINT="contracts/deployables.json is malformed (the message above names the entry), or a package is missing (run scripts/setup.sh)."
list_args=()
[ "$build_all" = 0 ] || list_args=(--all)
programs="$(node "$ROOT/scripts/lib/deployables.mjs" build-list "${list_args[@]}")"
built=0
# fd 3, so no command of the build can read the list from stdin
while IFS='|' read -r -u 3 wasm_name features sig args deployable _name; do
  [ -z "$only" ] || [ "$only" = "$wasm_name" ] || continue
  build_deployable "$wasm_name" "$features" "$sig" "$args" "$deployable"
  built=$((built + 1))
done 3<<<"$programs"
[ "$built" -gt 0 ] || fail "no program named $only in contracts/deployables.json (try --all for the ones marked not deployable)"
printf '\nbuild-wasm: done: %s\n' "$(cd "$OUT_DIR" && ls ./*.wasm | tr '\n' ' ')"
